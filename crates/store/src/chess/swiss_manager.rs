//! Swiss-Manager's tournament files (`tournament::swiss_manager`, `.TUNX`) and the event store:
//! a new individual event made from one, with its players and every round (all or nothing,
//! through [`crate::chess::file_import`]).
//!
//! ```
//! let store = store::Store::open_in_memory().unwrap();
//! let bytes = std::fs::read(concat!(
//!     env!("CARGO_MANIFEST_DIR"),
//!     "/../tournament/tests/fixtures/tunx/sample.TUNX"
//! ))
//! .unwrap();
//! let file = store::chess::swiss_manager::event_from_tunx(&bytes).unwrap();
//! let id = store.create_event_from_tunx("arbiter", &file).unwrap();
//! assert_eq!(store.players(id).unwrap().len(), 29);
//! assert_eq!(store.rounds(id).unwrap().len(), 7);
//! ```

use tournament::swiss_manager::{self, Date, Kind, Tiebreak, TunxFile};
use tournament::{Color, Entry, Title};

use crate::chess::file_import::{FileEvent, FileSource};
use crate::chess::types::*;
use crate::error::{Error, Result};
use crate::text::{Label, PersonName, PersonNames};
use crate::Store;

/// What the field of a refused Swiss-Manager file expects (the server says it in the
/// visitor's language).
pub const TUNX_EXPECTED: &str =
    "a Swiss-Manager file (.TUNX) of an individual event, Swiss or round robin";

/// A refused file: the reader's place (byte offset), what it expected and what it found.
pub fn refused(found: impl Into<String>) -> Error {
    Error::Invalid {
        field: "tunx_file".into(),
        expected: TUNX_EXPECTED.into(),
        found: found.into(),
    }
}

fn label(what: &str, s: &str) -> Result<Label> {
    Label::parse(s.trim()).map_err(|e| refused(format!("{what} {s:?}: {e}")))
}

/// A text of the file the event can do without: one the store cannot hold (too long, a
/// control character) is left out, and said.
fn or_left_out<T: Default, E: std::fmt::Display>(
    what: &str,
    s: &str,
    parsed: std::result::Result<T, E>,
    warnings: &mut Vec<String>,
) -> T {
    parsed.unwrap_or_else(|e| {
        warnings.push(format!("{what} {s:?} left out: {e}"));
        T::default()
    })
}

/// Our tie-break for a Swiss-Manager code, where the public description names the code and
/// we have the same tie-break (`docs/swiss-manager.md`). Buchholz cut 3 has no equivalent: the
/// FIDE rules cut at most two.
fn our_tiebreak(t: Tiebreak) -> Option<&'static str> {
    Some(match t.code {
        0x0b => "PS",
        0x25 => "TPR",
        0x34 => "BH/M1",
        0x3d => "WIN",
        0x44 => "DE",
        0x51 => "SB",
        0x54 => "BH",
        0x55 => "BH/C1",
        0x56 => "BH/C2",
        0x58 => "ARO",
        _ => return None,
    })
}

/// The file's tie-break as the warning names it.
fn tiebreak_name(t: Tiebreak) -> String {
    t.name()
        .map_or_else(|| format!("code {:#04x}", t.code), str::to_string)
}

/// `YYYY-MM-DD` for a full date, empty for a year alone or none.
fn dashed(d: Option<Date>) -> String {
    match d {
        Some(d) if d.month > 0 && d.day > 0 => {
            format!("{:04}-{:02}-{:02}", d.year, d.month, d.day)
        }
        _ => String::new(),
    }
}

/// Reads a Swiss-Manager file into an event: settings (name, place, federation, dates,
/// arbiters, time control, kind, rounds planned, the tie-breaks we have), players and every
/// round with results, and the rounds' dates. A refused file's error names the byte, what
/// was expected there and what was found.
pub fn event_from_tunx(bytes: &[u8]) -> Result<FileEvent> {
    let file = swiss_manager::read(bytes).map_err(|e| refused(e.to_string()))?;
    event_from_file(&file)
}

/// [`event_from_tunx`] from a file already read.
pub fn event_from_file(file: &TunxFile) -> Result<FileEvent> {
    let (t, converted) = swiss_manager::to_tournament(file);
    let mut warnings: Vec<String> = converted.iter().map(ToString::to_string).collect();
    let name = if file.name.trim().is_empty() {
        "Swiss-Manager"
    } else {
        &file.name
    };
    let rounds = u32::from(file.rounds_planned)
        .max(t.recorded_rounds())
        .max(1);
    let mut s = EventSettings::new(label("the event's name", name)?, rounds);
    let place = if file.city.trim().is_empty() {
        &file.venue
    } else {
        &file.city
    };
    s.place = or_left_out(
        "the place",
        place,
        Label::parse(place.trim()),
        &mut warnings,
    );
    let federation = file.federation.trim();
    if federation.len() == 3 && federation.chars().all(|c| c.is_ascii_alphabetic()) {
        s.federation = federation.to_ascii_uppercase();
    } else if !federation.is_empty() {
        warnings.push(format!(
            "the event's federation {federation:?} is not a three-letter code: left out"
        ));
    }
    s.start_date = dashed(file.start_date);
    s.end_date = dashed(file.end_date);
    let chief = file.chief_arbiter.trim();
    s.chief_arbiter = or_left_out(
        "the chief arbiter",
        chief,
        PersonName::parse(chief),
        &mut warnings,
    );
    // One name a line; a name the store cannot hold (Swiss-Manager's lists are free text) is
    // left out, and said.
    let mut deputies = Vec::new();
    for name in std::iter::once(file.deputy_chief_arbiter.as_str())
        .chain(file.arbiters.iter().map(String::as_str))
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        if let Some(n) = or_left_out(
            "the arbiter",
            name,
            PersonName::parse(name).map(Some),
            &mut warnings,
        ) {
            deputies.push(n.to_string());
        }
    }
    s.deputy_arbiters = PersonNames::parse(&deputies.join("\n"))
        .map_err(|(_, e)| refused(format!("the arbiters: {e}")))?;
    s.time_control = or_left_out(
        "the time control",
        &file.time_control,
        Label::parse(file.time_control.trim()),
        &mut warnings,
    );
    if file.kind == Kind::RoundRobin {
        s.system = System::RoundRobin;
    }
    let mut tiebreaks: Vec<&str> = Vec::new();
    let mut left_out = Vec::new();
    for &tb in &file.tiebreaks {
        match our_tiebreak(tb) {
            Some(code) if !tiebreaks.contains(&code) => tiebreaks.push(code),
            // The same tie-break twice: Swiss-Manager's parameters, kept elsewhere in the
            // file, tell them apart; we take the first.
            _ => left_out.push(tiebreak_name(tb)),
        }
    }
    s.tiebreaks = tiebreaks.join(",");

    let mut players = Vec::with_capacity(t.players.len());
    for (p, row) in t.players.iter().zip(&file.players) {
        if !row.title.trim().is_empty() && p.title.is_none() {
            warnings.push(format!(
                "player {} ({}): title {:?} unknown, left out",
                p.id, p.name, row.title
            ));
        }
        players.push(new_player(p, row, &mut warnings)?);
    }
    // The event has no game "not rated" (Swiss-Manager's codes 15 to 17): said, not dropped.
    for r in 1..=t.recorded_rounds() {
        let unrated = t
            .players
            .iter()
            .filter(|p| {
                matches!(
                    p.entry(r),
                    Some(Entry::Played {
                        rated: false,
                        color: Color::White,
                        ..
                    })
                )
            })
            .count();
        if unrated > 0 {
            warnings.push(format!(
                "round {r}: {unrated} game(s) not rated in the file, kept as rated games"
            ));
        }
    }
    let round_starts = file
        .rounds
        .iter()
        .enumerate()
        .filter_map(|(k, r)| {
            let date = dashed(r.date);
            if date.is_empty() {
                return None;
            }
            let start = RoundStart::new(&date, r.time.trim())
                .or_else(|_| RoundStart::new(&date, ""))
                .ok()?;
            Some((k as u32 + 1, start))
        })
        .collect();
    Ok(FileEvent {
        settings: s,
        players,
        tournament: t,
        round_starts,
        warnings,
        tiebreaks_left_out: left_out,
    })
}

fn new_player(
    p: &tournament::Player,
    row: &swiss_manager::Player,
    warnings: &mut Vec<String>,
) -> Result<NewPlayer> {
    let at = |what: &str, e: String| refused(format!("player {} ({}), {what}: {e}", p.id, p.name));
    let federation = p.federation.clone().unwrap_or_default();
    let federation = if federation.len() == 3 && federation.chars().all(|c| c.is_ascii_alphabetic())
    {
        federation.to_ascii_uppercase()
    } else {
        if !federation.is_empty() {
            warnings.push(format!(
                "player {} ({}): federation {federation:?} is not a three-letter code, left out",
                p.id, p.name
            ));
        }
        String::new()
    };
    Ok(NewPlayer {
        name: PersonName::parse(&p.name).map_err(|e| at("name", e.to_string()))?,
        title: p
            .title
            .map(|t: Title| t.code().to_string())
            .unwrap_or_default(),
        rating: p.rating.filter(|&r| r > 0),
        national_rating: p.national_rating.filter(|&r| r > 0),
        federation,
        fide_id: p.fide_id.filter(|&id| id > 0),
        birth_date: p.birth_date.clone().unwrap_or_default(),
        sex: match p.sex {
            Some(tournament::Sex::Female) => "w".into(),
            Some(tournament::Sex::Male) => "m".into(),
            None => String::new(),
        },
        club: or_left_out(
            &format!("player {} ({}): the club", p.id, p.name),
            &row.club,
            Label::parse(row.club.trim()),
            warnings,
        ),
        national: NationalData::default(),
    })
}

impl Store {
    /// A new event from a Swiss-Manager file ([`event_from_tunx`]), all or nothing
    /// ([`Store::create_event_from_file`]).
    pub fn create_event_from_tunx(&self, actor: &str, file: &FileEvent) -> Result<EventId> {
        self.create_event_from_file(actor, FileSource::SwissManager, file)
    }
}
