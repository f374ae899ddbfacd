//! FIDE's Tournament Report File: TRF-16 and TRF-2026, with the pairing engines' extensions.
//!
//! [`read`] takes either format (files mix them), checks everything and reports every problem
//! with its line and column; [`write`] produces one canonical layout per [`Format`].
//!
//! ```
//! use tournament::trf::{self, Format};
//! let text = "012 Club Open\nXXR 5\nXXC white1\n\
//! 001    1      Alpha, Ann                        2100                             1.0    1     2 w 1\n\
//! 001    2      Bravo, Ben                        2000                             0.0    2     1 b 0\n";
//! let t = trf::read(text).unwrap();
//! assert_eq!(t.header.rounds, Some(5));
//! let again = trf::write(&t, Format::Trf26);
//! assert!(again.contains("142 5\n152 W\n"));
//! assert_eq!(trf::read(&again).unwrap(), t);
//! ```
//!
//! # Which record carries what
//!
//! | fact | `Format::Trf16` writes | `Format::Trf26` writes |
//! |---|---|---|
//! | rounds planned | `XXR n` | `142 n` |
//! | initial colour | `XXC white1` / `XXC black1` | `152 W` / `152 B` |
//! | pair by line order | `XXC rank` | `XXC rank` (no TRF-2026 record) |
//! | point system (if not 1 / ½ / 0) | `BBW BBD BBL BBZ BBF BBU` | `162` (or BBx when the zero-point bye and the forfeit loss differ, which `162 A` cannot say, or when a value does not fit its 4 columns) |
//! | forbidden pairs, every round | `XXP a b c` | `260` with blank rounds (our convention) |
//! | forbidden pairs, some rounds | `260` | `260` |
//! | per-player acceleration | `XXA` | `XXA` |
//! | range acceleration | `250` | `250` |
//! | byes announced | `240` (our `U` type for a fixed PAB) | `240` |
//! | teams | `013`, or `310` when the team has more than a name and players | `310` |
//! | withdrawn | `0000 - Z` in the rounds of the history, blank after, plus `XXW tpn first-round last-round` (ours) | same |
//! | points outside the point system ([`crate::AbnormalPoints`]) | `299` | `299` |
//!
//! Records the reader keeps for writing back but does not apply (`801`/`802`, `300`, national
//! rating records, other programs' codes) come back as warnings from [`read_with_warnings`]
//! and [`read_for_pairing`], once for each kind: nothing is dropped silently.
//!
//! When two notations of one fact are both present, they must agree: `XXR`/`142`,
//! `XXC`/`152`, and every value that both `BBx` and `162` give. A file with both `XXA` and
//! `250` is refused (their sum is not defined anywhere). Otherwise the file is refused with a
//! [`TrfErrorKind::Conflict`] error.
//!
//! Legacy entries are read as: `0000 - =` a half-point bye, `0000 - +` a forfeit win with no
//! opponent, `0000 - -` a forfeit loss with no opponent, `  12 - +` a forfeit with unknown
//! colours, and an entry with a blank result but an opponent or colour column written
//! (`0000 -  `) as a zero-point bye, which is what TRF's blank result code means; eight blank
//! columns are no entry. Lines are written with LF endings; a leading byte-order mark is skipped.
//!
//! # Limits
//!
//! Start numbers 1 to 9999, at most 999 rounds, record values from -999.9 to 999.9, and every
//! value must fit its fixed field as written with one decimal (a `162` or `XXA` value at most
//! `99.9`, a player's points at most `999.9`). Text fields longer than their columns cannot be
//! read, so [`write`] expects models within these limits: models read by [`read`] always are;
//! a longer name or team name given by a program is cut to its field.
//!
//! The points check follows the reference engine (trf.md §2.4): the points column must equal
//! the sum of the round entries under the point system, with or without the acceleration of the
//! round to pair, and with or without the points of a bye already entered in that round (see
//! [`round_to_pair`]).

mod check;
mod error;
mod reader;
mod writer;

pub use error::{TrfError, TrfErrorKind, TrfErrors, TrfWarning};
pub use writer::{entry_text, write};

use crate::model::{LinePlace, Tournament};

/// The two canonical output layouts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// Numbered TRF-16 records plus the engines' `XX?` and `BB?` extensions.
    Trf16,
    /// TRF-2026 numbered records (`142`, `152`, `162`, `240`, `250`, `260`, `310`, …).
    Trf26,
}

impl std::str::FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "trf16" | "trf" => Ok(Format::Trf16),
            "trf26" | "trf2026" | "trf25" => Ok(Format::Trf26),
            _ => Err(format!("expected trf16 or trf26, found {s:?}")),
        }
    }
}

fn finish(p: reader::Parsed, strict: bool) -> Result<Tournament, TrfErrors> {
    finish_with_warnings(p, strict).map(|(t, _)| t)
}

fn finish_with_warnings(
    mut p: reader::Parsed,
    strict: bool,
) -> Result<(Tournament, Vec<TrfWarning>), TrfErrors> {
    check::resolve(&mut p);
    check::unapplied(&mut p);
    if strict {
        check::validate(&mut p);
    }
    if p.errors.is_empty() {
        settle_places(&mut p.t);
        Ok((p.t, p.warnings))
    } else {
        p.errors.sort_by_key(|e| (e.line, e.column));
        p.errors.dedup();
        Err(TrfErrors(p.errors))
    }
}

/// Reads and checks a TRF file (TRF-16, TRF-2026 or a mix, CR, LF or CRLF line ends).
/// Returns every problem found, in line order.
pub fn read(text: &str) -> Result<Tournament, TrfErrors> {
    finish(reader::parse(text, false), true)
}

/// Reads and checks a TRF file as [`read`] does, and also returns what the file holds that
/// this program does not apply (records it keeps for writing back but does not read, such
/// as `801`/`802` or other programs' records), as warnings for the user.
///
/// ```
/// let text = "001    1      Alpha, Ann                        2100                             0.0    1\n\
/// XXZ 1\n";
/// let (_, warnings) = tournament::trf::read_with_warnings(text).unwrap();
/// assert_eq!(warnings[0].problem.line, 2);
/// assert!(warnings[0].problem.found.starts_with("XXZ records"));
/// ```
pub fn read_with_warnings(text: &str) -> Result<(Tournament, Vec<TrfWarning>), TrfErrors> {
    finish_with_warnings(reader::parse(text, false), true)
}

/// Reads and checks a TRF file as [`read`] does, except in the columns that pairing engines
/// do not read: a title that is not a TRF title (Sharly Chess writes `gf` `mf` `ff` `cf` for
/// the women's titles) is left out, and round dates off TRF's columns (Sharly Chess starts them
/// one column late) are read from each round's 10 columns, or left out. Each such problem
/// comes back as a [`TrfWarning`] instead of refusing the file.
///
/// ```
/// let line = |title: &str| format!(
///     "001    1 w{title:>3} Alpha, Ann                        2100                             0.0    1"
/// );
/// let text = format!("012 Club Open\nXXR 5\n{}\n", line("gf"));
/// assert!(tournament::trf::read(&text).is_err());
/// let (t, warnings) = tournament::trf::read_for_pairing(&text).unwrap();
/// assert_eq!((t.players[0].title, warnings.len()), (None, 1));
/// ```
pub fn read_for_pairing(text: &str) -> Result<(Tournament, Vec<TrfWarning>), TrfErrors> {
    finish_with_warnings(reader::parse(text, true), true)
}

/// Reads a TRF file, reporting only problems inside single lines: opponents that do not point
/// back, scores that do not add up, unknown start numbers and rounds past the declared number
/// are accepted as written.
pub fn read_unchecked(text: &str) -> Result<Tournament, TrfErrors> {
    finish(reader::parse(text, false), false)
}

/// Decodes UTF-8 text; an invalid byte is reported with its line and column (lines end at CR,
/// LF or CRLF, as for [`read`]).
pub fn decode_utf8(bytes: &[u8]) -> Result<String, TrfError> {
    match std::str::from_utf8(bytes) {
        Ok(s) => Ok(s.to_string()),
        Err(e) => {
            let at = e.valid_up_to();
            // The prefix is valid UTF-8, so the reader's line splitting can count for us.
            let prefix = std::str::from_utf8(&bytes[..at]).unwrap_or_default();
            let ends_with_break = prefix.ends_with(['\r', '\n']);
            let lines = reader::split_lines(prefix);
            let (line, column) = match lines.last() {
                Some(l) if !ends_with_break => (l.no, l.chars.len() + 1),
                Some(l) => (l.no + 1, 1),
                None => (1, 1),
            };
            Err(TrfError {
                line,
                column,
                kind: TrfErrorKind::BadField,
                expected: "UTF-8 text (or read the file as Latin-1)".to_string(),
                found: format!("the byte 0x{:02x}", bytes[at]),
            })
        }
    }
}

/// Decodes an old file written in Latin-1 (ISO 8859-1): every byte is one character.
pub fn decode_latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| b as char).collect()
}

/// The round a pairing engine would pair next, as the reference engine recognises it: the
/// column after the last one in which someone took part in a pairing (a game, a forfeit or
/// the pairing-allocated bye), or the one after that when every player already has an entry
/// there. The points check of [`read`] uses it for byes entered in advance.
pub fn round_to_pair(t: &Tournament) -> u32 {
    crate::rounds::round_to_pair(t)
}

/// The key that places an uninterpreted line after a record ([`LinePlace::After`]): a
/// player's line by its number, a team's by its order, records that say the same thing in
/// both layouts (`XXR`/`142`, `XXC`/`152`, `BBx`/`162`, `XXP`/`260`) by what they say, any
/// other by its code. `teams_seen` counts the team lines met so far.
pub(crate) fn record_key(line: &str, teams_seen: &mut usize) -> String {
    let code: String = line.chars().take(3).collect();
    match code.as_str() {
        "001" => {
            let number: String = line.chars().skip(4).take(4).collect();
            format!("001 {}", number.trim().trim_start_matches('0'))
        }
        "013" | "310" => {
            *teams_seen += 1;
            format!("team {teams_seen}")
        }
        "XXR" | "142" => "rounds".to_string(),
        "XXC" | "152" => "colour".to_string(),
        "162" => "points".to_string(),
        c if c.starts_with("BB") => "points".to_string(),
        "XXP" | "260" => "forbidden".to_string(),
        _ => code,
    }
}

/// Gives every uninterpreted line the place a rewrite will give it, so that reading back
/// what was written gives the same model: a line after a record that is not written back,
/// or after the last record written, is at the end.
fn settle_places(t: &mut Tournament) {
    if t.other_lines.is_empty() {
        t.other_line_places.clear();
        return;
    }
    t.other_line_places
        .resize(t.other_lines.len(), LinePlace::End);
    let mut bare = t.clone();
    bare.other_lines.clear();
    bare.other_line_places.clear();
    let keys = record_keys(&writer::write(&bare, Format::Trf16));
    let last = keys.last();
    for place in &mut t.other_line_places {
        if let LinePlace::After(k) = place {
            if !keys.contains(k) || Some(&*k) == last {
                *place = LinePlace::End;
            }
        }
    }
    // The lines in the order a rewrite puts them (records may come in another order than in
    // the file), so that reading the rewrite gives them in the same order.
    let position = |place: &LinePlace| match place {
        LinePlace::Top => 0,
        LinePlace::After(k) => 1 + keys.iter().rposition(|x| x == k).unwrap_or(keys.len()),
        LinePlace::End => keys.len() + 1,
    };
    let mut lines: Vec<(String, LinePlace)> = std::mem::take(&mut t.other_lines)
        .into_iter()
        .zip(std::mem::take(&mut t.other_line_places))
        .collect();
    lines.sort_by_key(|(_, place)| position(place));
    (t.other_lines, t.other_line_places) = lines.into_iter().unzip();
    // A missing entry means the end: drop those at the end, so a model built by hand without
    // places equals the one read back from its file.
    while t.other_line_places.last() == Some(&LinePlace::End) {
        t.other_line_places.pop();
    }
}

/// The key of each line of a written file ([`record_key`]), line for line.
pub(crate) fn record_keys(written: &str) -> Vec<String> {
    let mut teams = 0;
    written
        .split_terminator('\n')
        .map(|l| record_key(l, &mut teams))
        .collect()
}
