//! Line by line reading of TRF records into the model. Problems inside one line are found here;
//! problems between lines (opponents, scores, references) are found in `check`.

use crate::model::*;
use crate::points::Points;

use super::error::{TrfError, TrfErrorKind as K, TrfWarning};

/// One line of the file: its number and characters (fixed columns count characters).
pub(crate) struct Line {
    pub no: usize,
    pub chars: Vec<char>,
}

impl Line {
    /// Columns `from..=to` (1-based), blanks past the end of the line.
    pub fn field(&self, from: usize, to: usize) -> String {
        (from..=to)
            .map(|c| self.chars.get(c - 1).copied().unwrap_or(' '))
            .collect()
    }

    pub fn char_at(&self, col: usize) -> char {
        self.chars.get(col - 1).copied().unwrap_or(' ')
    }

    /// Everything from column `from` on, trimmed.
    pub fn rest(&self, from: usize) -> String {
        let s: String = self.chars.iter().skip(from - 1).collect();
        s.trim().to_string()
    }

    /// Whitespace-separated tokens from column `from`, each with its 1-based column.
    pub fn tokens(&self, from: usize) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        let mut cur = String::new();
        let mut start = 0;
        for (i, &c) in self.chars.iter().enumerate().skip(from - 1) {
            if c.is_whitespace() {
                if !cur.is_empty() {
                    out.push((start, std::mem::take(&mut cur)));
                }
            } else {
                if cur.is_empty() {
                    start = i + 1;
                }
                cur.push(c);
            }
        }
        if !cur.is_empty() {
            out.push((start, cur));
        }
        out
    }
}

/// Splits text into lines at CR, LF or CRLF.
pub(crate) fn split_lines(text: &str) -> Vec<Line> {
    // A byte-order mark (some Windows editors write one) is not part of the first record.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = Vec::new();
    let mut cur = Vec::new();
    let mut no = 1;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' | '\n' => {
                if c == '\r' && chars.peek() == Some(&'\n') {
                    chars.next();
                }
                lines.push(Line {
                    no,
                    chars: std::mem::take(&mut cur),
                });
                no += 1;
            }
            _ => cur.push(c),
        }
    }
    if !cur.is_empty() {
        lines.push(Line { no, chars: cur });
    }
    lines
}

/// Longest piece of file text a message quotes: a 50 MB line must not make a 50 MB message.
const QUOTE_CHARS: usize = 40;

/// Quotes file text for a message: spaces alone read "blank"; other white space (a tab) is
/// shown escaped, since "blank" would hide it; long text is cut to an excerpt with its length.
pub(crate) fn quote(s: &str) -> String {
    let t = s.trim_matches(' ');
    if t.is_empty() {
        return "blank".to_string();
    }
    let t = if t.trim().is_empty() { t } else { t.trim() };
    let n = t.chars().count();
    if n <= QUOTE_CHARS {
        let shown = format!("{t:?}");
        if t.contains('\t') {
            format!("{shown} (a tab: TRF columns take spaces)")
        } else {
            shown
        }
    } else {
        let head: String = t.chars().take(QUOTE_CHARS).collect();
        format!("{head:?}… ({n} characters)")
    }
}

/// The first column of round `round`'s block (1-based round): 92, 102, …
pub(crate) const fn round_col(round: usize) -> usize {
    92 + 10 * (round - 1)
}

/// A round entry as written, before opponents are matched up.
#[derive(Debug, Clone)]
pub(crate) struct RawEntry {
    /// Column where the block starts.
    pub col: usize,
    /// False when the block could not be read (it is kept as `NotPaired`).
    pub ok: bool,
}

/// Where a player's data came from, for messages.
#[derive(Debug, Clone)]
pub(crate) struct PlayerSource {
    pub line: usize,
    pub entries: Vec<RawEntry>,
    /// True when some field of the line could not be read: its score is not checked.
    pub damaged: bool,
}

/// Where one record came from.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct At {
    pub line: usize,
    pub col: usize,
}

/// A withdrawal record of ours: `XXW tpn first-round last-round`.
#[derive(Debug, Clone)]
pub(crate) struct Withdrawal {
    pub player: PlayerId,
    pub first: u32,
    pub last: u32,
    pub at: At,
    pub rounds_at: At,
}

/// Values of the point system that a notation states explicitly.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct PartialSystem {
    pub win: Option<Points>,
    pub draw: Option<Points>,
    pub loss: Option<Points>,
    pub zero_bye: Option<Points>,
    pub forfeit_loss: Option<Points>,
    pub pairing_bye: Option<Points>,
}

/// Everything read, plus where it came from.
#[derive(Debug, Default)]
pub(crate) struct Parsed {
    pub t: Tournament,
    pub errors: Vec<TrfError>,
    /// Reading for pairing: problems in columns the engines do not read are warnings.
    pub lenient: bool,
    pub warnings: Vec<TrfWarning>,
    pub players: Vec<PlayerSource>,
    pub xxr: Option<(u32, At)>,
    pub r142: Option<(u32, At)>,
    pub xxc_color: Option<(Color, At)>,
    pub r152: Option<(Color, At)>,
    pub bbx: PartialSystem,
    pub bbx_at: Option<At>,
    pub p162: PartialSystem,
    pub p162_at: Option<At>,
    pub withdrawals: Vec<Withdrawal>,
    /// Player references in other records, checked once all players are known.
    pub references: Vec<(PlayerId, At)>,
    /// Round references in other records, checked against the declared rounds.
    pub round_refs: Vec<(u32, At)>,
    /// Participants of `240` and `260`: players, or teams in a team file.
    pub participant_refs: Vec<(u32, At)>,
    /// Team numbers in the team records (`320`, `330`).
    pub team_refs: Vec<(u32, At)>,
    /// Where each `310` team number stands, in team order (`None` for `013` lines).
    pub team_at: Vec<Option<At>>,
    /// The receivers of `320`: round, team and where it is written.
    pub pab_receivers_at: Vec<(u32, u32, At)>,
    pub xxa_at: Option<At>,
    pub r250_at: Option<At>,
    /// Player lines too damaged to keep: references to unknown players are then not reported,
    /// since they may name one of these.
    pub rejected_players: usize,
    /// The first line whose record code we do not know, with its start (for the message
    /// when a file has no player line).
    pub first_unknown: Option<(usize, String)>,
    /// Where each `299` record stands, index for index with `Tournament::abnormal_points`.
    pub abnormal_at: Vec<At>,
    /// The lines whose record this program does not apply (kept for writing back), with their
    /// record code: each kind is reported once, as a warning.
    pub unapplied: Vec<(usize, String)>,
    /// Every team member so far, with the line of their team record: one team per player.
    team_members: std::collections::HashMap<PlayerId, usize>,
    seen: Vec<(&'static str, usize)>,
    seen_240: Vec<(ByeKind, u32)>,
}

impl Parsed {
    fn err(
        &mut self,
        line: usize,
        col: usize,
        kind: K,
        expected: impl Into<String>,
        found: impl Into<String>,
    ) {
        self.errors
            .push(TrfError::new(line, col, kind, expected, found));
    }

    /// A problem in a column that pairing engines do not read (the title, the round dates):
    /// an error when reading strictly, a warning saying what was done instead (`action`) when
    /// reading for pairing. True when the reading goes on past it.
    fn informational(
        &mut self,
        line: usize,
        col: usize,
        expected: impl Into<String>,
        found: impl Into<String>,
        action: &str,
    ) -> bool {
        let problem = TrfError::new(line, col, K::BadField, expected, found);
        if self.lenient {
            self.warnings.push(TrfWarning {
                problem,
                action: action.to_string(),
            });
        } else {
            self.errors.push(problem);
        }
        self.lenient
    }

    /// Records a single-valued record; false (with an error) if it was already seen.
    fn once(&mut self, code: &'static str, line: usize) -> bool {
        if let Some(&(_, first)) = self.seen.iter().find(|(c, _)| *c == code) {
            self.err(
                line,
                1,
                K::DuplicateRecord,
                format!("one {code} record (already on line {first})"),
                format!("a second {code} record"),
            );
            return false;
        }
        self.seen.push((code, line));
        true
    }
}

/// The column of the first non-blank character of `raw`, a field starting at `from`.
fn first_char_col(raw: &str, from: usize) -> usize {
    from + raw.chars().take_while(|c| *c == ' ').count()
}

/// Reads a right-aligned unsigned number in `from..=to`; `Ok(None)` when blank.
fn number(p: &mut Parsed, l: &Line, from: usize, to: usize, what: &str) -> Result<Option<u64>, ()> {
    let raw = l.field(from, to);
    let t = raw.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let at = first_char_col(&raw, from);
    if !t.bytes().all(|b| b.is_ascii_digit()) || t.len() > 18 {
        p.err(
            l.no,
            at,
            K::BadField,
            format!("{what} (digits, columns {from}-{to})"),
            quote(&raw),
        );
        return Err(());
    }
    if raw.ends_with(' ') {
        p.err(
            l.no,
            at,
            K::Layout,
            format!("{what} right-aligned to column {to}"),
            quote(&raw),
        );
        return Err(());
    }
    t.parse().map(Some).map_err(|_| ())
}

/// Reads a number of points in `from..=to`; `Ok(None)` when blank.
fn points_field(
    p: &mut Parsed,
    l: &Line,
    from: usize,
    to: usize,
    what: &str,
) -> Result<Option<Points>, ()> {
    let raw = l.field(from, to);
    let t = raw.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let at = first_char_col(&raw, from);
    // The player line's points field is 81-84; column 80 only holds scores of 100 or more.
    let shown_from = if from == 80 { 81 } else { from };
    match t.parse::<Points>() {
        // Record values stay small so that sums over every round cannot overflow; the
        // player's total (from column 80) is only compared, never summed.
        Ok(v) if from != 80 && v.tenths().abs() > MAX_VALUE_TENTHS => {
            p.err(
                l.no,
                at,
                K::BadField,
                format!("{what} from -999.9 to 999.9"),
                quote(&raw),
            );
            Err(())
        }
        // The value must fit its field as we write it (`370` is written `370.0`).
        Ok(v) if v.to_string().chars().count() > to + 1 - from => {
            p.err(
                l.no,
                at,
                K::BadField,
                format!("{what} that fit columns {shown_from}-{to} when written with one decimal"),
                quote(&raw),
            );
            Err(())
        }
        Ok(v) if !raw.ends_with(' ') => Ok(Some(v)),
        Ok(_) => {
            p.err(
                l.no,
                at,
                K::Layout,
                format!("{what} right-aligned to column {to}"),
                quote(&raw),
            );
            Err(())
        }
        Err(_) => {
            p.err(
                l.no,
                at,
                K::BadField,
                format!("{what} such as 4.5 (columns {shown_from}-{to})"),
                quote(&raw),
            );
            Err(())
        }
    }
}

fn token_points(
    p: &mut Parsed,
    l: &Line,
    tok: Option<&(usize, String)>,
    what: &str,
) -> Option<Points> {
    match tok {
        None => {
            p.err(
                l.no,
                l.chars.len() + 1,
                K::BadField,
                format!("{what} such as 1.0"),
                "end of line",
            );
            None
        }
        Some((col, s)) => match s.parse::<Points>() {
            Ok(v) if v.tenths().abs() <= MAX_VALUE_TENTHS => Some(v),
            Ok(_) => {
                p.err(
                    l.no,
                    *col,
                    K::BadField,
                    format!("{what} from -999.9 to 999.9"),
                    quote(s),
                );
                None
            }
            Err(_) => {
                p.err(
                    l.no,
                    *col,
                    K::BadField,
                    format!("{what} such as 1.0"),
                    quote(s),
                );
                None
            }
        },
    }
}

fn token_number(
    p: &mut Parsed,
    l: &Line,
    tok: Option<&(usize, String)>,
    what: &str,
    max: u32,
) -> Option<u32> {
    match tok {
        None => {
            p.err(
                l.no,
                l.chars.len() + 1,
                K::BadField,
                what.to_string(),
                "end of line",
            );
            None
        }
        Some((col, s)) => match s.parse::<u32>() {
            Ok(v) if (1..=max).contains(&v) && s.bytes().all(|b| b.is_ascii_digit()) => Some(v),
            _ => {
                p.err(
                    l.no,
                    *col,
                    K::BadField,
                    format!("{what} from 1 to {max}"),
                    quote(s),
                );
                None
            }
        },
    }
}

/// Checks that the given columns hold blanks (the separators of a fixed-column layout).
fn blanks(p: &mut Parsed, l: &Line, cols: &[usize], why: &str) -> bool {
    for &c in cols {
        let ch = l.char_at(c);
        if ch != ' ' {
            p.err(
                l.no,
                c,
                K::Layout,
                format!("a blank at column {c} ({why})"),
                quote(&ch.to_string()),
            );
            return false;
        }
    }
    true
}

const MAX_TPN: u32 = 9999;
/// Largest point value in a record, in tenths (999.9).
const MAX_VALUE_TENTHS: i32 = 9999;
const MAX_ROUNDS: u32 = 999;

/// Reads every line; the result still needs `check::resolve` (and `check::validate`).
/// `lenient` reads for pairing (see [`Parsed::informational`]).
pub(crate) fn parse(text: &str, lenient: bool) -> Parsed {
    let mut p = Parsed {
        lenient,
        ..Parsed::default()
    };
    // The record each uninterpreted line follows, for writing it back there.
    let mut last_key: Option<String> = None;
    let mut teams_seen = 0;
    for l in split_lines(text) {
        if l.chars.len() < 3 {
            continue;
        }
        let code: String = l.chars[..3].iter().collect();
        let place = || match &last_key {
            Some(k) => LinePlace::After(k.clone()),
            None => LinePlace::Top,
        };
        if code == "###" {
            p.t.other_lines.push(l.chars.iter().collect());
            p.t.other_line_places.push(place());
            continue;
        }
        // Past the code, column 4 separates it from the content.
        let known = parse_record(&mut p, &code, &l);
        if known {
            let text: String = l.chars.iter().collect();
            last_key = Some(super::record_key(&text, &mut teams_seen));
        } else {
            if p.first_unknown.is_none() {
                p.first_unknown = Some((l.no, l.chars.iter().take(24).collect()));
            }
            if !l.chars.iter().all(|c| c.is_whitespace()) {
                p.unapplied.push((l.no, code.clone()));
            }
            p.t.other_lines.push(l.chars.iter().collect());
            p.t.other_line_places.push(place());
        }
    }
    p
}

fn header_text(p: &mut Parsed, l: &Line, code: &'static str) -> Option<String> {
    if !blanks(p, l, &[4], "after the record code") {
        return None;
    }
    p.once(code, l.no).then(|| l.rest(5))
}

/// The number of rounds of a 142 or XXR record (one per file, a single number), with where
/// it stands; None after reporting what is wrong.
fn number_of_rounds(p: &mut Parsed, l: &Line, code: &'static str) -> Option<(u32, At)> {
    if !blanks(p, l, &[4], "after the record code") || !p.once(code, l.no) {
        return None;
    }
    let toks = l.tokens(5);
    if let Some((col, tok)) = toks.get(1) {
        p.err(
            l.no,
            *col,
            K::BadField,
            "only the number of rounds",
            quote(tok),
        );
        return None;
    }
    let n = token_number(p, l, toks.first(), "a number of rounds", MAX_ROUNDS)?;
    Some((n, At { line: l.no, col: 5 }))
}

/// Parses one record; false when the code is not one we interpret.
fn parse_record(p: &mut Parsed, code: &str, l: &Line) -> bool {
    match code {
        "001" => player(p, l),
        "012" => p.t.header.name = header_text(p, l, "012").or(p.t.header.name.take()),
        "022" => p.t.header.city = header_text(p, l, "022").or(p.t.header.city.take()),
        "032" => p.t.header.federation = header_text(p, l, "032").or(p.t.header.federation.take()),
        "042" => p.t.header.start_date = header_text(p, l, "042").or(p.t.header.start_date.take()),
        "052" => p.t.header.end_date = header_text(p, l, "052").or(p.t.header.end_date.take()),
        "062" | "072" | "082" => {
            let code: &'static str = match code {
                "062" => "062",
                "072" => "072",
                _ => "082",
            };
            if !blanks(p, l, &[4], "after the record code") || !p.once(code, l.no) {
                return true;
            }
            let toks = l.tokens(5);
            let v = match toks.as_slice() {
                [] => None,
                [(col, tok)] => match tok.parse::<u32>() {
                    Ok(v) if tok.bytes().all(|b| b.is_ascii_digit()) => Some(v),
                    _ => {
                        p.err(l.no, *col, K::BadField, "a count (digits)", quote(tok));
                        None
                    }
                },
                [_, (col, tok), ..] => {
                    p.err(l.no, *col, K::BadField, "a single count", quote(tok));
                    None
                }
            };
            if let Some(v) = v {
                match code {
                    "062" => p.t.header.declared_players = Some(v),
                    "072" => p.t.header.declared_rated_players = Some(v),
                    _ => p.t.header.declared_teams = Some(v),
                }
            }
        }
        "092" => {
            p.t.header.tournament_type =
                header_text(p, l, "092").or(p.t.header.tournament_type.take())
        }
        "102" => {
            p.t.header.chief_arbiter = header_text(p, l, "102").or(p.t.header.chief_arbiter.take())
        }
        "112" => {
            if blanks(p, l, &[4], "after the record code") {
                p.t.header.deputy_arbiters.push(l.rest(5));
            }
        }
        "122" => {
            p.t.header.time_control = header_text(p, l, "122").or(p.t.header.time_control.take())
        }
        "132" => {
            if blanks(p, l, &[4], "after the record code") && p.once("132", l.no) {
                round_dates(p, l);
            }
        }
        "142" => {
            if let Some(n) = number_of_rounds(p, l, "142") {
                p.r142 = Some(n);
            }
        }
        "152" => {
            if blanks(p, l, &[4], "after the record code") && p.once("152", l.no) {
                let rest = l.rest(5);
                let c = match rest.as_str() {
                    "W" | "w" => Some(Color::White),
                    "B" | "b" => Some(Color::Black),
                    _ => None,
                };
                match c {
                    Some(c) => p.r152 = Some((c, At { line: l.no, col: 5 })),
                    None => p.err(
                        l.no,
                        5,
                        K::BadField,
                        "the initial colour W or B",
                        quote(&rest),
                    ),
                }
            }
        }
        "162" => {
            if blanks(p, l, &[4], "after the record code") && p.once("162", l.no) {
                point_system_162(p, l);
            }
        }
        "172" => {
            p.t.header.rating_method = header_text(p, l, "172").or(p.t.header.rating_method.take())
        }
        "182" => p.t.header.program = header_text(p, l, "182").or(p.t.header.program.take()),
        "192" => p.t.header.type_code = header_text(p, l, "192").or(p.t.header.type_code.take()),
        "202" => p.t.header.tiebreaks = header_text(p, l, "202").or(p.t.header.tiebreaks.take()),
        "212" => {
            p.t.header.standings_tiebreaks =
                header_text(p, l, "212").or(p.t.header.standings_tiebreaks.take())
        }
        "222" => {
            p.t.header.time_control_code =
                header_text(p, l, "222").or(p.t.header.time_control_code.take())
        }
        "013" => team_013(p, l),
        "310" => team_310(p, l),
        "320" => team_pab_320(p, l),
        "330" => team_forfeit_330(p, l),
        "352" => {
            if blanks(p, l, &[4], "after the record code") && p.once("352", l.no) {
                board_colors_352(p, l);
            }
        }
        "362" => {
            if blanks(p, l, &[4], "after the record code") && p.once("362", l.no) {
                match_points_362(p, l);
            }
        }
        "240" => announced_byes(p, l),
        "250" => acceleration_250(p, l),
        "299" => abnormal_299(p, l),
        "260" => forbidden_260(p, l),
        "XXR" => {
            if let Some(n) = number_of_rounds(p, l, "XXR") {
                p.xxr = Some(n);
            }
        }
        "XXC" => {
            if blanks(p, l, &[4], "after the record code") && p.once("XXC", l.no) {
                for (col, tok) in l.tokens(5) {
                    match tok.as_str() {
                        "white1" | "black1" => {
                            let c = if tok == "white1" {
                                Color::White
                            } else {
                                Color::Black
                            };
                            if let Some((prev, _)) = p.xxc_color {
                                if prev != c {
                                    p.err(
                                        l.no,
                                        col,
                                        K::Conflict,
                                        "one of white1 or black1",
                                        "both",
                                    );
                                }
                            }
                            p.xxc_color = Some((c, At { line: l.no, col }));
                        }
                        "rank" => p.t.header.pair_by_line_order = true,
                        _ => p.err(
                            l.no,
                            col,
                            K::BadField,
                            "white1, black1 or rank",
                            quote(&tok),
                        ),
                    }
                }
            }
        }
        "XXA" => player_acceleration(p, l),
        "XXP" => {
            if blanks(p, l, &[4], "after the record code") {
                let mut players = Vec::new();
                let toks = l.tokens(5);
                if toks.len() < 2 {
                    p.err(
                        l.no,
                        5,
                        K::BadField,
                        "at least two start numbers",
                        format!("{}", toks.len()),
                    );
                }
                for t in &toks {
                    if let Some(n) = token_number(p, l, Some(t), "a start number", MAX_TPN) {
                        players.push(PlayerId(n));
                        p.references.push((
                            PlayerId(n),
                            At {
                                line: l.no,
                                col: t.0,
                            },
                        ));
                    }
                }
                let cols: Vec<usize> = toks.iter().map(|t| t.0).collect();
                if players.len() == toks.len()
                    && players.len() >= 2
                    && distinct_group(p, l, &players, &cols)
                {
                    p.t.forbidden.push(ForbiddenGroup {
                        rounds: None,
                        players,
                    });
                }
            }
        }
        "XXW" => withdrawal(p, l),
        "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
            let code: &'static str = match code {
                "BBW" => "BBW",
                "BBD" => "BBD",
                "BBL" => "BBL",
                "BBZ" => "BBZ",
                "BBF" => "BBF",
                _ => "BBU",
            };
            if blanks(p, l, &[4], "after the record code") && p.once(code, l.no) {
                let toks = l.tokens(5);
                if toks.len() > 1 {
                    p.err(
                        l.no,
                        toks[1].0,
                        K::BadField,
                        "a single number of points",
                        quote(&toks[1].1),
                    );
                } else if let Some(v) = token_points(p, l, toks.first(), "a number of points") {
                    let slot = match code {
                        "BBW" => &mut p.bbx.win,
                        "BBD" => &mut p.bbx.draw,
                        "BBL" => &mut p.bbx.loss,
                        "BBZ" => &mut p.bbx.zero_bye,
                        "BBF" => &mut p.bbx.forfeit_loss,
                        _ => &mut p.bbx.pairing_bye,
                    };
                    *slot = Some(v);
                    p.bbx_at.get_or_insert(At { line: l.no, col: 1 });
                }
            }
        }
        _ => return false,
    }
    true
}

fn round_dates(p: &mut Parsed, l: &Line) {
    match dates_on_grid(l) {
        Ok(dates) => p.t.header.round_dates = dates,
        Err(problem) if !p.lenient => p.errors.push(problem),
        Err(problem) => {
            // Sharly Chess starts its dates one column late (93, 103, …): each date is still
            // alone in its round's 10-column block.
            let by_block = dates_by_block(l);
            let action = if by_block.is_some() {
                "each date is read from its round's 10 columns"
            } else {
                "the round dates are left out (pairing engines do not read them)"
            };
            p.t.header.round_dates = by_block.unwrap_or_default();
            p.warnings.push(TrfWarning {
                problem,
                action: action.to_string(),
            });
        }
    }
}

/// The `132` record's dates where TRF puts them, 8 columns each from column 92 on the rounds'
/// grid (92-99, 102-109, …), or the first problem found.
fn dates_on_grid(l: &Line) -> Result<Vec<String>, TrfError> {
    let n = blocks_in(l);
    if n > MAX_ROUNDS as usize {
        return Err(TrfError::new(
            l.no,
            round_col(MAX_ROUNDS as usize + 1),
            K::RoundOutOfRange,
            format!("at most {MAX_ROUNDS} round dates"),
            format!("{n} dates"),
        ));
    }
    let layout = |col: usize, why: &str| {
        TrfError::new(
            l.no,
            col,
            K::Layout,
            format!("a blank at column {col} ({why})"),
            quote(&l.char_at(col).to_string()),
        )
    };
    if let Some(col) = (5..=91).find(|&c| l.char_at(c) != ' ') {
        return Err(layout(col, "round dates start at column 92"));
    }
    let mut dates = Vec::with_capacity(n);
    for r in 1..=n {
        let c = round_col(r);
        let why = if r < n {
            "between round dates"
        } else {
            "after the last round date: a date takes columns 92-99, 102-109, …"
        };
        if let Some(col) = [c + 8, c + 9].into_iter().find(|&c| l.char_at(c) != ' ') {
            return Err(layout(col, why));
        }
        dates.push(l.field(c, c + 7).trim().to_string());
    }
    Ok(dates)
}

/// The `132` record's dates read leniently: the text of each round's 10-column block
/// (92-101, 102-111, …), when every block holds at most one word.
fn dates_by_block(l: &Line) -> Option<Vec<String>> {
    let n = blocks_in(l);
    if n > MAX_ROUNDS as usize || (5..=91).any(|c| l.char_at(c) != ' ') {
        return None;
    }
    let dates: Vec<String> = (1..=n)
        .map(|r| l.field(round_col(r), round_col(r) + 9).trim().to_string())
        .collect();
    dates
        .iter()
        .all(|d| !d.contains(char::is_whitespace))
        .then_some(dates)
}

/// The number of 10-column round blocks that start on a line.
pub(crate) fn blocks_in(l: &Line) -> usize {
    let len = l.chars.len();
    if len >= 92 {
        (len - 92) / 10 + 1
    } else {
        0
    }
}

fn point_system_162(p: &mut Parsed, l: &Line) {
    // Pairs (symbol, points) every 9 columns: symbol at 6, points at 7-10, then 15, 16-19, …
    let mut ps = PartialSystem::default();
    let mut k = 0;
    loop {
        let sc = 6 + 9 * k;
        if sc > l.chars.len() {
            break;
        }
        if !blanks(p, l, &[sc - 1], "before a point-system symbol") {
            return;
        }
        if k > 0
            && !blanks(
                p,
                l,
                &[sc - 4, sc - 3, sc - 2],
                "between point-system pairs",
            )
        {
            return;
        }
        let sym = l.char_at(sc);
        let v = match points_field(p, l, sc + 1, sc + 4, "a number of points") {
            Ok(Some(v)) => v,
            Ok(None) => {
                p.err(
                    l.no,
                    sc + 1,
                    K::BadField,
                    "a number of points such as 1.0 after the symbol",
                    "blank",
                );
                return;
            }
            Err(()) => return,
        };
        let slot = match sym {
            'W' => &mut ps.win,
            'D' => &mut ps.draw,
            'L' => &mut ps.loss,
            'A' | 'Z' => &mut ps.zero_bye,
            'P' => &mut ps.pairing_bye,
            // X: unknown or adjourned results; the model has no such record.
            'X' => {
                k += 1;
                continue;
            }
            _ => {
                p.err(
                    l.no,
                    sc,
                    K::BadField,
                    "a point-system symbol W, D, L, A, Z, P or X",
                    quote(&sym.to_string()),
                );
                return;
            }
        };
        if slot.is_some() {
            p.err(
                l.no,
                sc,
                K::DuplicateRecord,
                "each point-system symbol once",
                format!("a second {sym}"),
            );
            return;
        }
        *slot = Some(v);
        if matches!(sym, 'A' | 'Z') {
            ps.forfeit_loss = Some(v);
        }
        k += 1;
    }
    p.p162 = ps;
    p.p162_at = Some(At { line: l.no, col: 5 });
}

fn player(p: &mut Parsed, l: &Line) {
    let before = p.errors.len();
    let mut pl = Player::default();
    let layout_ok = blanks(
        p,
        l,
        &[4, 9, 14, 48, 53, 57, 69, 85, 90, 91],
        "the player line's fixed columns",
    );
    if !layout_ok {
        p.rejected_players += 1;
        return;
    }
    match number(p, l, 5, 8, "a start number") {
        Ok(Some(n)) if (1..=MAX_TPN as u64).contains(&n) => pl.id = PlayerId(n as u32),
        Ok(v) => {
            let f = v.map(|n| n.to_string()).unwrap_or_else(|| "blank".into());
            p.err(
                l.no,
                5,
                K::BadField,
                "a start number from 1 to 9999 (columns 5-8)",
                f,
            );
            p.rejected_players += 1;
            return;
        }
        Err(()) => {
            p.rejected_players += 1;
            return;
        }
    }
    pl.sex = match l.char_at(10) {
        ' ' => None,
        'm' | 'M' => Some(Sex::Male),
        'w' | 'W' | 'f' | 'F' => Some(Sex::Female),
        c => {
            // TRF-2026 marks the sex "warning if wrong" and pairing does not read it; FIDE's own
            // generator (Gacrux) writes `u` for unknown. Warn in every reading, refuse in none.
            p.warnings.push(TrfWarning {
                problem: TrfError::new(
                    l.no,
                    10,
                    K::BadField,
                    "sex m, w or blank (column 10)",
                    quote(&c.to_string()),
                ),
                action: "the sex is left unknown (TRF-2026 only warns on it)".to_string(),
            });
            None
        }
    };
    let title = l.field(11, 13);
    if !title.trim().is_empty() {
        pl.title = Title::from_code(&title);
        if pl.title.is_none() {
            // Programs write other forms (Sharly Chess: `gf` `mf` `ff` `cf` for the women's
            // titles); the engines never read this column.
            p.informational(
                l.no,
                11,
                "a title GM, IM, WGM, FM, WIM, CM, WFM, WCM or blank (columns 11-13)",
                quote(&title),
                "the title is left out (pairing engines do not read it)",
            );
        }
    }
    pl.name = l.field(15, 47).trim().to_string();
    if let Ok(r) = number(p, l, 49, 52, "a rating") {
        pl.rating = r.filter(|&r| r > 0).map(|r| r as u16);
    }
    let fed = l.field(54, 56);
    pl.federation = (!fed.trim().is_empty()).then(|| fed.trim().to_string());
    let errors_before_id = p.errors.len();
    match number(p, l, 58, 68, "a FIDE ID") {
        Ok(id) => pl.fide_id = id,
        // TRF-2026 makes the FIDE ID mandatory for rating, not for pairing: reading for
        // pairing, a malformed one is left out with a warning.
        Err(()) if p.lenient && p.errors.len() == errors_before_id + 1 => {
            if let Some(problem) = p.errors.pop() {
                p.warnings.push(TrfWarning {
                    problem,
                    action: "the FIDE ID is left out (pairing engines do not read it)".to_string(),
                });
            }
        }
        Err(()) => {}
    }
    let birth = l.field(70, 79);
    pl.birth_date = (!birth.trim().is_empty()).then(|| birth.trim().to_string());
    // Column 80 is normally blank; it takes the fifth character of scores of 100 or more.
    match points_field(p, l, 80, 84, "the points") {
        Ok(Some(v)) => pl.points = v,
        Ok(None) => p.err(
            l.no,
            81,
            K::BadField,
            "the points such as 4.5 (columns 81-84)",
            "blank",
        ),
        Err(()) => {}
    }
    if let Ok(r) = number(p, l, 86, 89, "a rank") {
        pl.rank = r.map(|r| r as u32);
    }
    let n = blocks_in(l);
    if n > MAX_ROUNDS as usize {
        p.err(
            l.no,
            round_col(MAX_ROUNDS as usize + 1),
            K::RoundOutOfRange,
            format!("at most {MAX_ROUNDS} rounds"),
            format!("{n} round entries"),
        );
        p.players.push(PlayerSource {
            line: l.no,
            entries: Vec::new(),
            damaged: true,
        });
        p.t.players.push(pl);
        return;
    }
    let mut entries = Vec::with_capacity(n);
    for r in 1..=n {
        let c = round_col(r);
        let seps: &[usize] = if r < n {
            &[c + 4, c + 6, c + 8, c + 9]
        } else {
            &[c + 4, c + 6]
        };
        if !blanks(p, l, seps, "the round entry's fixed columns") {
            break;
        }
        let e = round_entry(p, l, c);
        entries.push(RawEntry {
            col: c,
            ok: e.is_some(),
        });
        pl.rounds.push(e.unwrap_or(Entry::NotPaired));
    }
    let damaged = p.errors.len() != before;
    p.t.players.push(pl);
    p.players.push(PlayerSource {
        line: l.no,
        entries,
        damaged,
    });
}

/// One round block `OOOO C R` starting at column `c`.
fn round_entry(p: &mut Parsed, l: &Line, c: usize) -> Option<Entry> {
    let opp_raw = l.field(c, c + 3);
    let opponent = match opp_raw.trim() {
        "" => None,
        t if t.bytes().all(|b| b.is_ascii_digit()) => {
            if opp_raw.ends_with(' ') {
                p.err(
                    l.no,
                    c,
                    K::Layout,
                    format!("an opponent right-aligned to column {}", c + 3),
                    quote(&opp_raw),
                );
                return None;
            }
            match t.parse::<u32>() {
                Ok(0) => None,
                Ok(n) => Some(PlayerId(n)),
                Err(_) => None,
            }
        }
        _ => {
            p.err(
                l.no,
                c,
                K::BadField,
                format!(
                    "an opponent's start number or 0000 (columns {}-{})",
                    c,
                    c + 3
                ),
                quote(&opp_raw),
            );
            return None;
        }
    };
    let color = match l.char_at(c + 5) {
        'w' | 'W' => Some(Color::White),
        'b' | 'B' => Some(Color::Black),
        '-' | ' ' => None,
        ch => {
            p.err(
                l.no,
                c + 5,
                K::BadColor,
                "a colour w, b or -",
                quote(&ch.to_string()),
            );
            return None;
        }
    };
    let code = l.char_at(c + 7);
    let written = !opp_raw.trim().is_empty() || l.char_at(c + 5) != ' ';
    let played = |result, rated| match (opponent, color) {
        (Some(opponent), Some(color)) => Ok(Entry::Played {
            opponent,
            color,
            result,
            rated,
        }),
        (None, _) => Err((c, "a played result with an opponent's start number")),
        (Some(_), None) => Err((c + 5, "a colour w or b for a played game")),
    };
    let entry = match code {
        '1' => played(GameResult::Win, true),
        '=' if opponent.is_none() && color.is_none() => Ok(Entry::HalfBye), // legacy `0000 - =`
        '=' => played(GameResult::Draw, true),
        '0' => played(GameResult::Loss, true),
        'W' | 'w' => played(GameResult::Win, false),
        'D' | 'd' => played(GameResult::Draw, false),
        'L' | 'l' => played(GameResult::Loss, false),
        '+' => Ok(Entry::ForfeitWin { opponent, color }),
        '-' => Ok(Entry::ForfeitLoss { opponent, color }),
        'H' | 'h' | 'F' | 'f' | 'U' | 'u' | 'Z' | 'z' | ' ' => {
            if opponent.is_some() {
                Err((c, "0000 as the opponent of a bye or absence"))
            } else if color.is_some() {
                Err((c + 5, "colour - for a bye or absence"))
            } else {
                Ok(match code.to_ascii_uppercase() {
                    'H' => Entry::HalfBye,
                    'F' => Entry::FullBye,
                    'U' => Entry::PairingBye,
                    'Z' => Entry::ZeroBye,
                    // TRF's blank result code means what `Z` means: an entry that says there
                    // is no opponent (`0000 -  `, as heltour writes a round its player did
                    // not play) is a zero-point bye. Only eight blank columns are no entry.
                    _ if written => Entry::ZeroBye,
                    _ => Entry::NotPaired,
                })
            }
        }
        _ => {
            p.err(
                l.no,
                c + 7,
                K::UnknownResult,
                "a result code 1 = 0 W D L + - H F U Z or blank",
                quote(&code.to_string()),
            );
            return None;
        }
    };
    match entry {
        Ok(e) => Some(e),
        Err((col, expected)) => {
            let found: String = l.field(c, c + 7);
            p.err(l.no, col, K::BadEntry, expected, format!("{:?}", found));
            None
        }
    }
}

/// Records `id` as a member of the team on this line; a second listing is an error at its
/// column.
fn team_member(p: &mut Parsed, l: &Line, col: usize, id: PlayerId) {
    match p.team_members.get(&id).copied() {
        Some(first) => {
            let expected = if first == l.no {
                format!("each player once in a team (player {id} is already in this team)")
            } else {
                format!("each player in one team only (player {id} is in the team on line {first})")
            };
            p.err(
                l.no,
                col,
                K::DuplicateMember,
                expected,
                format!("player {id} again"),
            );
        }
        None => {
            p.team_members.insert(id, l.no);
        }
    }
}

/// A forbidden-pairs group names each player once: a player cannot be kept from playing
/// themself. `cols` holds the column of each start number.
fn distinct_group(p: &mut Parsed, l: &Line, players: &[PlayerId], cols: &[usize]) -> bool {
    for (k, id) in players.iter().enumerate() {
        if players[..k].contains(id) {
            p.err(
                l.no,
                cols[k],
                K::DuplicateMember,
                "different players in a forbidden-pairs group",
                format!("player {id} twice"),
            );
            return false;
        }
    }
    true
}

/// The start numbers of a team's players, 4 columns each, 5 apart, from `first_col` to the
/// end of the line (013 and 310 records). `None` after reporting a damaged roster.
fn team_roster(p: &mut Parsed, l: &Line, first_col: usize) -> Option<Vec<PlayerId>> {
    let mut players = Vec::new();
    let mut col = first_col;
    while col <= l.chars.len() {
        if col > first_col && !blanks(p, l, &[col - 1], "between start numbers") {
            return None;
        }
        match number(p, l, col, col + 3, "a start number") {
            Ok(Some(n)) if (1..=MAX_TPN as u64).contains(&n) => {
                players.push(PlayerId(n as u32));
                p.references
                    .push((PlayerId(n as u32), At { line: l.no, col }));
                team_member(p, l, col, PlayerId(n as u32));
            }
            Ok(Some(n)) => {
                p.err(
                    l.no,
                    col,
                    K::BadField,
                    "a start number from 1 to 9999",
                    n.to_string(),
                );
                return None;
            }
            Ok(None) => {}
            Err(()) => return None,
        }
        col += 5;
    }
    Some(players)
}

fn team_013(p: &mut Parsed, l: &Line) {
    if !blanks(p, l, &[4], "after the record code") {
        return;
    }
    let name = l.field(5, 36).trim().to_string();
    let Some(players) = team_roster(p, l, 37) else {
        return;
    };
    p.team_at.push(None);
    p.t.teams.push(Team {
        name,
        players,
        ..Team::default()
    });
}

fn team_310(p: &mut Parsed, l: &Line) {
    if !blanks(
        p,
        l,
        &[4, 8, 41, 47, 54, 61, 68, 72, 73],
        "the team record's fixed columns",
    ) {
        return;
    }
    // Sharly Chess writes the number from column 5 (`310 1   Team1`); both alignments read.
    let raw = l.field(5, 7);
    let digits = raw.trim();
    let id = if digits.is_empty() {
        None
    } else if digits.bytes().all(|b| b.is_ascii_digit()) {
        match digits.parse::<u32>() {
            Ok(n) if n >= 1 => Some(n),
            _ => {
                p.err(
                    l.no,
                    first_char_col(&raw, 5),
                    K::BadField,
                    "a team number from 1 to 999 (columns 5-7)",
                    quote(&raw),
                );
                return;
            }
        }
    } else {
        p.err(
            l.no,
            first_char_col(&raw, 5),
            K::BadField,
            "a team number (digits, columns 5-7)",
            quote(&raw),
        );
        return;
    };
    let text = |from, to| {
        let s = l.field(from, to).trim().to_string();
        (!s.is_empty()).then_some(s)
    };
    let name = l.field(9, 40).trim().to_string();
    let nickname = text(42, 46);
    let strength = text(48, 53);
    let Ok(match_points) = points_field(p, l, 55, 60, "match points") else {
        return;
    };
    let Ok(game_points) = points_field(p, l, 62, 67, "game points") else {
        return;
    };
    let Ok(rank) = number(p, l, 69, 71, "a rank") else {
        return;
    };
    let Some(players) = team_roster(p, l, 74) else {
        return;
    };
    p.team_at.push(Some(At { line: l.no, col: 5 }));
    p.t.teams.push(Team {
        id,
        name,
        nickname,
        strength,
        match_points,
        game_points,
        rank: rank.map(|v| v as u32),
        players,
    });
}

/// Start numbers every 5 columns from `first_col` (4 digits each), to the end of the line.
fn tpn_list(p: &mut Parsed, l: &Line, first_col: usize) -> Option<Vec<PlayerId>> {
    let mut players = Vec::new();
    let mut col = first_col;
    while col <= l.chars.len() {
        if !blanks(p, l, &[col - 1], "before a start number") {
            return None;
        }
        match number(p, l, col, col + 3, "a start number") {
            Ok(Some(n)) if (1..=MAX_TPN as u64).contains(&n) => {
                players.push(PlayerId(n as u32));
                p.participant_refs.push((n as u32, At { line: l.no, col }));
            }
            Ok(v) => {
                let f = v.map(|n| n.to_string()).unwrap_or_else(|| "blank".into());
                p.err(l.no, col, K::BadField, "a start number from 1 to 9999", f);
                return None;
            }
            Err(()) => return None,
        }
        col += 5;
    }
    Some(players)
}

fn round_number(p: &mut Parsed, l: &Line, from: usize, to: usize) -> Option<Option<u32>> {
    match number(p, l, from, to, "a round number") {
        Ok(Some(n)) if (1..=MAX_ROUNDS as u64).contains(&n) => {
            p.round_refs.push((
                n as u32,
                At {
                    line: l.no,
                    col: from,
                },
            ));
            Some(Some(n as u32))
        }
        Ok(Some(n)) => {
            p.err(
                l.no,
                from,
                K::BadField,
                format!("a round number from 1 to {MAX_ROUNDS}"),
                n.to_string(),
            );
            None
        }
        Ok(None) => Some(None),
        Err(()) => None,
    }
}

fn announced_byes(p: &mut Parsed, l: &Line) {
    if !blanks(p, l, &[4, 6], "the bye record's fixed columns") {
        return;
    }
    let kind = match l.char_at(5) {
        'F' => ByeKind::Full,
        'H' => ByeKind::Half,
        'Z' => ByeKind::Zero,
        'U' => ByeKind::PairingAllocated,
        c => {
            p.err(
                l.no,
                5,
                K::BadField,
                "a bye type F, H, Z or U (column 5)",
                quote(&c.to_string()),
            );
            return;
        }
    };
    let Some(round) = round_number(p, l, 7, 9) else {
        return;
    };
    let Some(round) = round else {
        p.err(
            l.no,
            7,
            K::BadField,
            "a round number (columns 7-9)",
            "blank",
        );
        return;
    };
    if p.seen_240.contains(&(kind, round)) {
        p.err(
            l.no,
            1,
            K::DuplicateRecord,
            format!("one 240 {} record for round {round}", kind.trf_char()),
            "a second one",
        );
        return;
    }
    let Some(players) = tpn_list(p, l, 11) else {
        return;
    };
    p.seen_240.push((kind, round));
    p.t.announced_byes.push(AnnouncedByes {
        kind,
        round,
        players,
    });
}

fn acceleration_250(p: &mut Parsed, l: &Line) {
    if !blanks(
        p,
        l,
        &[4, 9, 14, 18, 22, 27],
        "the acceleration record's fixed columns",
    ) {
        return;
    }
    let Ok(match_points) = points_field(p, l, 5, 8, "match points") else {
        return;
    };
    let points = match points_field(p, l, 10, 13, "game points") {
        Ok(Some(v)) => v,
        // A team file may give match points alone (Sharly Chess writes them so).
        Ok(None) if match_points.is_some() => Points::ZERO,
        Ok(None) => {
            p.err(
                l.no,
                10,
                K::BadField,
                "game points such as 1.0 (columns 10-13)",
                "blank",
            );
            return;
        }
        Err(()) => return,
    };
    let (Some(Some(first_round)), Some(Some(last_round))) =
        (round_number(p, l, 15, 17), round_number(p, l, 19, 21))
    else {
        if p.errors.last().is_none_or(|e| e.line != l.no) {
            p.err(
                l.no,
                15,
                K::BadField,
                "first and last rounds (columns 15-17, 19-21)",
                "blank",
            );
        }
        return;
    };
    let tpn = |p: &mut Parsed, from| match number(p, l, from, from + 3, "a start number") {
        Ok(Some(n)) if (1..=MAX_TPN as u64).contains(&n) => Some(PlayerId(n as u32)),
        Ok(v) => {
            let f = v.map(|n| n.to_string()).unwrap_or_else(|| "blank".into());
            p.err(l.no, from, K::BadField, "a start number from 1 to 9999", f);
            None
        }
        Err(()) => None,
    };
    let (Some(first_player), Some(last_player)) = (tpn(p, 23), tpn(p, 28)) else {
        return;
    };
    if l.chars.len() > 31 {
        p.err(
            l.no,
            32,
            K::Layout,
            "the end of the line after column 31",
            quote(&l.rest(32)),
        );
        return;
    }
    if first_round > last_round {
        p.err(
            l.no,
            19,
            K::BadField,
            format!("a last round of at least {first_round}"),
            last_round.to_string(),
        );
        return;
    }
    if first_player > last_player {
        p.err(
            l.no,
            28,
            K::BadField,
            format!("a last start number of at least {first_player}"),
            last_player.to_string(),
        );
        return;
    }
    p.r250_at.get_or_insert(At { line: l.no, col: 1 });
    p.t.accelerations.push(Acceleration {
        match_points,
        points,
        first_round,
        last_round,
        first_player,
        last_player,
    });
}

fn forbidden_260(p: &mut Parsed, l: &Line) {
    if !blanks(p, l, &[4, 8], "the forbidden-pairs record's fixed columns") {
        return;
    }
    let (Some(first), Some(last)) = (round_number(p, l, 5, 7), round_number(p, l, 9, 11)) else {
        return;
    };
    // Blank rounds: our convention for "every round" (the XXP meaning).
    let rounds = match (first, last) {
        (None, None) => None,
        (Some(a), Some(b)) if a <= b => Some((a, b)),
        (Some(a), Some(b)) => {
            p.err(
                l.no,
                9,
                K::BadField,
                format!("a last round of at least {a}"),
                b.to_string(),
            );
            return;
        }
        (None, Some(_)) | (Some(_), None) => {
            p.err(
                l.no,
                5,
                K::BadField,
                "both rounds (columns 5-7 and 9-11) or neither",
                "only one",
            );
            return;
        }
    };
    let Some(players) = tpn_list(p, l, 13) else {
        return;
    };
    let cols: Vec<usize> = (0..players.len()).map(|k| 13 + 5 * k).collect();
    if !distinct_group(p, l, &players, &cols) {
        return;
    }
    if players.len() < 2 {
        p.err(
            l.no,
            13,
            K::BadField,
            "at least two start numbers",
            players.len().to_string(),
        );
        return;
    }
    p.t.forbidden.push(ForbiddenGroup { rounds, players });
}

/// `299`: points assigned outside the point system (see [`AbnormalPoints`]): the type at
/// column 5 (`W D L F H Z + -`, blank for a penalty or bonus), match points at 8-11 (teams),
/// points at 14-17 (an individual's, a team's game points; `[-]11.5`), the round at 20-22
/// (`000` or blank: every round), then the participants at 24-27, 29-32, … (none, or `0000`:
/// every participant). Whether match points may be given depends on the whole file (a team
/// competition), so `check` judges that.
fn abnormal_299(p: &mut Parsed, l: &Line) {
    if !blanks(
        p,
        l,
        &[4, 6, 7, 12, 13, 18, 19],
        "the abnormal-points record's fixed columns",
    ) {
        return;
    }
    let c = l.char_at(5);
    let Some(kind) = AbnormalKind::from_trf_char(c) else {
        p.err(
            l.no,
            5,
            K::BadField,
            "a type W, D, L, F, H, Z, +, - or a blank for a penalty or bonus (column 5)",
            quote(&c.to_string()),
        );
        return;
    };
    let Ok(match_points) = points_field(p, l, 8, 11, "match points") else {
        return;
    };
    let Ok(points) = points_field(p, l, 14, 17, "points") else {
        return;
    };
    if match_points.is_none() && points.is_none() {
        p.err(
            l.no,
            14,
            K::BadField,
            "points such as -1.0 at columns 14-17 (a team's game points; its match points at 8-11)",
            "blank",
        );
        return;
    }
    let round = match number(p, l, 20, 22, "a round number") {
        Ok(None) | Ok(Some(0)) => None,
        Ok(Some(n)) if n <= MAX_ROUNDS as u64 => {
            p.round_refs.push((
                n as u32,
                At {
                    line: l.no,
                    col: 20,
                },
            ));
            Some(n as u32)
        }
        Ok(Some(n)) => {
            p.err(
                l.no,
                20,
                K::BadField,
                format!("a round number from 1 to {MAX_ROUNDS}, or 000 for every round"),
                n.to_string(),
            );
            return;
        }
        Err(()) => return,
    };
    let rest = l.field(24, l.chars.len().max(24));
    let participants = if rest.trim().is_empty() || rest.trim().bytes().all(|b| b == b'0') {
        if l.chars.len() >= 23 && !blanks(p, l, &[23], "before a start number") {
            return;
        }
        Vec::new()
    } else {
        let Some(list) = tpn_list(p, l, 24) else {
            return;
        };
        list.into_iter().map(|id| id.0).collect()
    };
    p.abnormal_at.push(At { line: l.no, col: 1 });
    p.t.abnormal_points.push(AbnormalPoints {
        kind,
        match_points,
        points,
        round,
        participants,
    });
}

fn player_acceleration(p: &mut Parsed, l: &Line) {
    if !blanks(p, l, &[4], "after the record code") {
        return;
    }
    let id = match number(p, l, 5, 8, "a start number") {
        Ok(Some(n)) if (1..=MAX_TPN as u64).contains(&n) => PlayerId(n as u32),
        Ok(v) => {
            let f = v.map(|n| n.to_string()).unwrap_or_else(|| "blank".into());
            p.err(
                l.no,
                5,
                K::BadField,
                "a start number from 1 to 9999 (columns 5-8)",
                f,
            );
            return;
        }
        Err(()) => return,
    };
    if p.t.player_accelerations.iter().any(|(x, _)| *x == id) {
        p.err(
            l.no,
            5,
            K::DuplicateRecord,
            format!("one XXA record for player {id}"),
            "a second one",
        );
        return;
    }
    let mut values = Vec::new();
    let mut col = 10;
    while col <= l.chars.len() {
        if !blanks(p, l, &[col - 1], "before an acceleration value") {
            return;
        }
        match points_field(p, l, col, col + 3, "virtual points") {
            Ok(v) => values.push(v.unwrap_or(Points::ZERO)),
            Err(()) => return,
        }
        col += 5;
    }
    if values.len() as u32 > MAX_ROUNDS {
        p.err(
            l.no,
            10,
            K::BadField,
            format!("at most {MAX_ROUNDS} rounds"),
            values.len().to_string(),
        );
        return;
    }
    p.references.push((id, At { line: l.no, col: 5 }));
    p.xxa_at.get_or_insert(At { line: l.no, col: 1 });
    p.t.player_accelerations.push((id, values));
}

fn withdrawal(p: &mut Parsed, l: &Line) {
    if !blanks(p, l, &[4], "after the record code") {
        return;
    }
    let toks = l.tokens(5);
    if toks.len() != 3 {
        let col = toks.get(3).map(|t| t.0).unwrap_or(5);
        p.err(
            l.no,
            col,
            K::BadField,
            "XXW start-number first-round last-round",
            format!("{} values", toks.len()),
        );
        return;
    }
    let (Some(id), Some(first), Some(last)) = (
        token_number(p, l, toks.first(), "a start number", MAX_TPN),
        token_number(p, l, toks.get(1), "a round number", MAX_ROUNDS),
        token_number(p, l, toks.get(2), "a round number", MAX_ROUNDS),
    ) else {
        return;
    };
    if first > last {
        p.err(
            l.no,
            toks[2].0,
            K::BadField,
            format!("a last round of at least {first}"),
            last.to_string(),
        );
        return;
    }
    let at = At {
        line: l.no,
        col: toks[0].0,
    };
    let rounds_at = At {
        line: l.no,
        col: toks[1].0,
    };
    p.references.push((PlayerId(id), at));
    p.round_refs.push((
        last,
        At {
            line: l.no,
            col: toks[2].0,
        },
    ));
    p.withdrawals.push(Withdrawal {
        player: PlayerId(id),
        first,
        last,
        at,
        rounds_at,
    });
}

/// A team number in `from..=to` (right-aligned; `000` or blank for none), recorded as a team
/// reference. `Err` after reporting a bad field.
fn team_number(p: &mut Parsed, l: &Line, from: usize, to: usize) -> Result<Option<u32>, ()> {
    match number(p, l, from, to, "a team number")? {
        None | Some(0) => Ok(None),
        Some(n) if n <= 999 => {
            p.team_refs.push((
                n as u32,
                At {
                    line: l.no,
                    col: from,
                },
            ));
            Ok(Some(n as u32))
        }
        Some(n) => {
            p.err(
                l.no,
                from,
                K::BadField,
                "a team number from 1 to 999",
                n.to_string(),
            );
            Err(())
        }
    }
}

/// `320`: the team PAB's match points (5-8) and game points (10-13), then the team that
/// received it in round 1 at 15-17, round 2 at 19-21, … (`000` or blank: none).
fn team_pab_320(p: &mut Parsed, l: &Line) {
    if !blanks(p, l, &[4, 9], "the team-bye record's fixed columns") || !p.once("320", l.no) {
        return;
    }
    let Ok(match_points) = points_field(p, l, 5, 8, "match points") else {
        return;
    };
    let Ok(game_points) = points_field(p, l, 10, 13, "game points") else {
        return;
    };
    let mut receivers = Vec::new();
    let mut col = 15;
    while col <= l.chars.len() {
        if !blanks(p, l, &[col - 1], "before a team number") {
            return;
        }
        let Ok(team) = team_number(p, l, col, col + 2) else {
            return;
        };
        if let Some(team) = team {
            let at = At { line: l.no, col };
            let round = receivers.len() as u32 + 1;
            p.round_refs.push((round, at));
            p.pab_receivers_at.push((round, team, at));
        }
        receivers.push(team);
        col += 4;
    }
    while receivers.last() == Some(&None) {
        receivers.pop();
    }
    p.t.team_records.pab = Some(TeamPab {
        match_points,
        game_points,
        receivers,
    });
}

/// `330`: a team match forfeited as a whole: type at 5-6 (`+-`, `-+`, `--`), round at 8-10,
/// the White team at 12-14, the Black team at 16-18.
fn team_forfeit_330(p: &mut Parsed, l: &Line) {
    if !blanks(
        p,
        l,
        &[4, 7, 11, 15],
        "the team-forfeit record's fixed columns",
    ) {
        return;
    }
    let result = match l.field(5, 6).as_str() {
        "+-" => TeamForfeitResult::WhiteWins,
        "-+" => TeamForfeitResult::BlackWins,
        "--" => TeamForfeitResult::Neither,
        other => {
            p.err(
                l.no,
                5,
                K::BadField,
                "a forfeit type +-, -+ or -- (columns 5-6)",
                quote(other),
            );
            return;
        }
    };
    let Some(Some(round)) = round_number(p, l, 8, 10) else {
        if p.errors.last().is_none_or(|e| e.line != l.no) {
            p.err(
                l.no,
                8,
                K::BadField,
                "a round number (columns 8-10)",
                "blank",
            );
        }
        return;
    };
    let (Ok(white), Ok(black)) = (team_number(p, l, 12, 14), team_number(p, l, 16, 18)) else {
        return;
    };
    let (Some(white), Some(black)) = (white, black) else {
        let col = if white.is_none() { 12 } else { 16 };
        p.err(
            l.no,
            col,
            K::BadField,
            "the team numbers of both teams (columns 12-14 and 16-18)",
            "blank",
        );
        return;
    };
    if white == black {
        p.err(
            l.no,
            16,
            K::SelfOpponent,
            "two different teams",
            format!("team {white} against itself"),
        );
        return;
    }
    if l.chars.len() > 18 {
        p.err(
            l.no,
            19,
            K::Layout,
            "the end of the line after column 18",
            quote(&l.rest(19)),
        );
        return;
    }
    p.t.team_records.forfeits.push(TeamForfeit {
        round,
        white,
        black,
        result,
    });
}

/// `352`: one letter `W` or `B` per board, from column 5.
fn board_colors_352(p: &mut Parsed, l: &Line) {
    let text = l.field(5, l.chars.len().max(5));
    let letters = text.trim_end();
    if letters.is_empty() {
        p.err(
            l.no,
            5,
            K::BadField,
            "the colour of each board, such as WBWB",
            "blank",
        );
        return;
    }
    let mut colors = Vec::new();
    for (k, c) in letters.chars().enumerate() {
        match c {
            'W' | 'w' => colors.push(Color::White),
            'B' | 'b' => colors.push(Color::Black),
            _ => {
                p.err(
                    l.no,
                    5 + k,
                    K::BadField,
                    "a board colour W or B",
                    quote(&c.to_string()),
                );
                return;
            }
        }
    }
    p.t.team_records.board_colors = Some(colors);
}

/// `362`: pairs of a symbol (`TW`, `TD`, `TL`) and its points, in any order; a symbol left out
/// keeps 2 / 1 / 0. Read as words: the TRF-2026 layout (symbols at 5, 14, 23) and the one
/// programs write (symbols at 5, 15, 25) both read.
fn match_points_362(p: &mut Parsed, l: &Line) {
    let mut scale = MatchPointScale::default();
    let mut seen: Vec<String> = Vec::new();
    let toks = l.tokens(5);
    if toks.is_empty() {
        p.err(
            l.no,
            5,
            K::BadField,
            "match points such as TW 2.0 TD 1.0 TL 0.0",
            "blank",
        );
        return;
    }
    for pair in toks.chunks(2) {
        let (col, symbol) = &pair[0];
        let slot = match symbol.as_str() {
            "TW" => &mut scale.win,
            "TD" => &mut scale.draw,
            "TL" => &mut scale.loss,
            _ => {
                p.err(
                    l.no,
                    *col,
                    K::BadField,
                    "a match-point symbol TW, TD or TL",
                    quote(symbol),
                );
                return;
            }
        };
        if seen.contains(symbol) {
            p.err(
                l.no,
                *col,
                K::DuplicateRecord,
                "each match-point symbol once",
                format!("a second {symbol}"),
            );
            return;
        }
        seen.push(symbol.clone());
        let Some(v) = token_points(p, l, pair.get(1), "match points") else {
            return;
        };
        *slot = v;
    }
    p.t.team_records.match_points = Some(scale);
}

#[cfg(test)]
mod tests {
    use crate::trf;

    const PLAYER: &str =
        "001    1      Alpha, A                          2000                             0.0    1\n";

    /// Every problem of `records` (placed before one player line) as `line:column: expected X, found Y`.
    fn problems(records: &str) -> Vec<String> {
        match trf::read(&format!("{records}{PLAYER}")) {
            Ok(_) => Vec::new(),
            Err(e) => e
                .iter()
                .map(|e| {
                    format!(
                        "{}:{}: expected {}, found {}",
                        e.line, e.column, e.expected, e.found
                    )
                })
                .collect(),
        }
    }

    #[test]
    fn a_tab_is_named_and_not_called_blank() {
        // Column 14 separates the title from the name; a tab there is not a blank.
        let line = "001    1     \tAlpha, A                          2000                             0.0    1\n";
        let errors = trf::read(line).unwrap_err();
        let found: Vec<&str> = errors.iter().map(|e| e.found.as_str()).collect();
        assert!(
            found
                .iter()
                .any(|f| f.contains("\\t") && f.contains("a tab")),
            "{found:?}"
        );
        assert!(!found.contains(&"blank"), "{found:?}");
    }

    #[test]
    fn a_long_bad_field_is_quoted_as_a_short_excerpt() {
        let long = "x".repeat(1_000_000);
        let errors = trf::read(&format!("XXR {long}\n{PLAYER}")).unwrap_err();
        let message = errors.to_string();
        assert!(message.len() < 2_000, "{} bytes", message.len());
        assert!(message.contains("(1000000 characters)"), "{message}");
    }

    #[test]
    fn number_of_rounds_records_are_checked_alike() {
        for code in ["142", "XXR"] {
            assert_eq!(
                problems(&format!("{code} 3\n")),
                Vec::<String>::new(),
                "{code}"
            );
            assert_eq!(
                problems(&format!("{code} 3 4\n")),
                ["1:7: expected only the number of rounds, found \"4\""],
                "{code}"
            );
            assert_eq!(
                problems(&format!("{code} x\n")),
                ["1:5: expected a number of rounds from 1 to 999, found \"x\""],
                "{code}"
            );
            assert_eq!(
                problems(&format!("{code} \n")),
                ["1:5: expected a number of rounds, found end of line"],
                "{code}"
            );
            assert_eq!(problems(&format!("{code}-3\n")).len(), 1, "{code}");
            assert_eq!(
                problems(&format!("{code} 3\n{code} 3\n")).len(),
                1,
                "{code} twice"
            );
        }
    }
}
