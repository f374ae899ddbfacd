//! The forms (the pages' and the API's bodies) and the results in the reader's language.

use bridge::teams::TieBreakRule;
use bridge::vp::Vp;
use bridge::Ratio;
use serde::Deserialize;
use serde_json::{json, Value};
use store::bridge::{
    Entry, MatchOutcome, NewTeam, Room, RoomResult, TeamEventSettings, TeamFormat, TeamPlayer,
    TeamResults, TeamScoring,
};

use crate::error::AppError;
use crate::forms::{flag, free_text, number};
use crate::i18n::Tr;
use report::bridge as results;

// ---------------------------------------------------------------------------------------------
// Forms

/// An event's settings (the page's form and the API's body, the same field names). Every
/// field may be left out; the settings it starts from keep their value.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct EventForm {
    pub name: Option<String>,
    /// The club that runs the event (the USEBIO file's `CLUB`).
    pub club: Option<String>,
    pub date: Option<String>,
    pub boards_per_match: Option<Value>,
    /// `wbf2013`, `bam` or `patton`; Swiss pairs `wbf2013` or `cross_imps`.
    pub scoring: Option<String>,
    /// `round_robin` or `swiss`.
    pub format: Option<String>,
    /// The VPs of a bye: `12`, `12.5`.
    pub bye_vp: Option<Value>,
    /// The rounds a Swiss plays (empty or 0: not said).
    pub swiss_rounds: Option<Value>,
    /// The tie-breaks after the VPs: `wbf` or `ebu`; left out at creation, the format's
    /// (`ebu` for Swiss pairs, `wbf` for teams).
    pub tie_break: Option<String>,
    pub public: Option<Value>,
    /// Sent by the HTML form: an unticked checkbox means "no".
    pub form: Option<String>,
}

impl EventForm {
    pub fn new_settings(&self) -> Result<TeamEventSettings, AppError> {
        let name = self.name.as_deref().unwrap_or("").trim();
        if name.is_empty() {
            return Err(AppError::invalid("name", "the event's name", "nothing"));
        }
        let boards: u32 = number("boards_per_match", &self.boards_per_match, "1 to 64 boards")?
            .ok_or_else(|| AppError::invalid("boards_per_match", "1 to 64 boards", "nothing"))?;
        let mut s = self.apply(TeamEventSettings::new(free_text("name", name)?, boards))?;
        if self.tie_break.is_none() {
            s.tie_break = s.format.default_tie_break();
        }
        Ok(s)
    }

    pub fn apply(&self, mut s: TeamEventSettings) -> Result<TeamEventSettings, AppError> {
        if let Some(name) = &self.name {
            if name.trim().is_empty() {
                return Err(AppError::invalid("name", "the event's name", "nothing"));
            }
            s.name = free_text("name", name)?;
        }
        if let Some(c) = &self.club {
            s.club = free_text("club", c)?;
        }
        if let Some(d) = &self.date {
            s.date = crate::forms::date("date", d)?;
        }
        if let Some(b) = number("boards_per_match", &self.boards_per_match, "1 to 64 boards")? {
            s.boards_per_match = b;
        }
        if let Some(code) = self.scoring.as_deref().map(str::trim) {
            s.scoring = TeamScoring::parse(code).ok_or_else(|| {
                AppError::invalid(
                    "scoring",
                    "wbf2013, bam, patton or cross_imps",
                    format!("{code:?}"),
                )
            })?;
        }
        if let Some(code) = self.format.as_deref().map(str::trim) {
            s.format = TeamFormat::parse(code).ok_or_else(|| {
                AppError::invalid(
                    "format",
                    "round_robin, swiss or swiss_pairs",
                    format!("{code:?}"),
                )
            })?;
        }
        if let Some(v) = &self.bye_vp {
            let t = crate::forms::text(v).replace(',', ".");
            if !t.trim().is_empty() {
                s.bye_vp = vp_of(t.trim()).ok_or_else(|| {
                    AppError::invalid("bye_vp", "VPs from 0 to 20, two decimals", format!("{t:?}"))
                })?;
            }
        }
        if let Some(code) = self.tie_break.as_deref().map(str::trim) {
            s.tie_break = store::bridge::tie_break_of(code)
                .ok_or_else(|| AppError::invalid("tie_break", "wbf or ebu", format!("{code:?}")))?;
        }
        let max = store::bridge::MAX_SWISS_ROUNDS;
        if let Some(n) = number(
            "swiss_rounds",
            &self.swiss_rounds,
            &format!("0 to {max} rounds"),
        )? {
            s.swiss_rounds = n;
        }
        if let Some(p) = flag(&self.public) {
            s.public = p;
        } else if self.form.is_some() {
            s.public = false;
        }
        Ok(s)
    }
}

/// `12`, `12.5`, `12.50` as VPs.
fn vp_of(t: &str) -> Option<Vp> {
    let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
    if frac.len() > 2 || !frac.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let w: u16 = whole.parse().ok()?;
    let f: u16 = if frac.is_empty() {
        0
    } else {
        format!("{frac:0<2}").parse().ok()?
    };
    Vp::from_hundredths(w.checked_mul(100)?.checked_add(f)?)
}

/// A player in the API's body.
#[derive(Debug, Clone, Deserialize)]
pub struct PlayerBody {
    pub name: String,
    #[serde(default)]
    pub licence: String,
}

/// A team: its number, name and players (the API's body; the page sends `players` as lines
/// `Name; licence`).
#[derive(Debug, Clone, Deserialize)]
pub struct TeamBody {
    /// Left out (or empty): the next number.
    #[serde(default)]
    pub number: Option<Value>,
    pub name: String,
    pub players: Vec<PlayerBody>,
}

impl TeamBody {
    pub fn read(&self) -> Result<(Option<u32>, NewTeam), AppError> {
        let n: Option<u32> = crate::forms::number("team_number", &self.number, "a team number")?;
        let players = self
            .players
            .iter()
            .map(|p| {
                Ok(TeamPlayer {
                    name: free_text("players", &p.name)?,
                    licence: crate::forms::licence("players", &p.licence)?,
                })
            })
            .collect::<Result<_, AppError>>()?;
        Ok((
            n,
            NewTeam {
                name: free_text("name", &self.name)?,
                players,
            },
        ))
    }

    /// The page's lines, one player a line: `Name` or `Name; licence`.
    pub fn from_lines(number: &str, name: &str, lines: &str) -> TeamBody {
        TeamBody {
            number: Some(Value::String(number.to_string())),
            name: name.to_string(),
            players: lines
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(|l| {
                    let (n, lic) = l.split_once(';').unwrap_or((l, ""));
                    PlayerBody {
                        name: n.trim().to_string(),
                        licence: lic.trim().to_string(),
                    }
                })
                .collect(),
        }
    }
}

/// A stored entry in one hidden field, as the grid's page showed it: `contract|declarer|lead|
/// tricks` (empty: nothing was shown).
pub fn shown_code(e: Option<&Entry>) -> String {
    match e {
        None => String::new(),
        Some(e) => format!(
            "{}|{}|{}|{}",
            e.contract,
            e.declarer
                .map(|d| d.letter().to_string())
                .unwrap_or_default(),
            e.lead,
            e.tricks.map(|t| t.to_string()).unwrap_or_default()
        ),
    }
}

/// [`shown_code`] read back.
pub fn shown_entry(code: &str) -> Result<Option<Entry>, AppError> {
    if code.trim().is_empty() {
        return Ok(None);
    }
    let bad = || AppError::invalid("shown", "the grid's own hidden field", format!("{code:?}"));
    let parts: Vec<&str> = code.split('|').collect();
    let [contract, declarer, lead, tricks] = parts[..] else {
        return Err(bad());
    };
    Ok(Some(Entry {
        contract: contract.to_string(),
        declarer: if declarer.is_empty() {
            None
        } else {
            Some(super::super::forms::seat(declarer).ok_or_else(bad)?)
        },
        lead: lead.to_string(),
        tricks: if tricks.is_empty() {
            None
        } else {
            Some(tricks.parse().map_err(|_| bad())?)
        },
    }))
}

// ---------------------------------------------------------------------------------------------
// Views

fn fixed(tr: &Tr, r: Ratio) -> String {
    tr.num(&r.to_fixed(2))
}

pub fn scoring_label(tr: &Tr, s: TeamScoring) -> String {
    tr.t(&format!("bteams-scoring-{}", s.code()))
}

pub fn format_label(tr: &Tr, f: TeamFormat) -> String {
    tr.t(&format!("bteams-format-{}", f.code().replace('_', "-")))
}

pub fn tie_break_label(tr: &Tr, r: TieBreakRule) -> String {
    tr.t(&format!("bteams-tie-break-{}", r.code()))
}

pub fn room_label(tr: &Tr, r: Room) -> String {
    tr.t(&format!("bteams-room-{}", r.code()))
}

/// A table's name on its slip and phone: "Match 2 · Closed room", or "Table 2" at Swiss pairs
/// (one table a match).
pub fn table_label(tr: &Tr, format: TeamFormat, match_no: u32, room: Room) -> String {
    if format == TeamFormat::SwissPairs {
        return tr.t1("bswiss-table", "table", match_no);
    }
    tr.targs(
        "bphone-table",
        &[
            ("match", match_no.into()),
            ("room", room_label(tr, room).into()),
        ],
    )
}

#[derive(Debug, Clone, Default)]
pub struct EventView {
    pub id: i64,
    pub name: String,
    pub date: String,
    pub boards: u32,
    pub scoring: String,
    pub format: String,
    pub public: bool,
    pub rounds: u32,
    /// "Round robin · 8 boards a match · IMPs to VPs (WBF 2013)".
    pub sub: String,
    /// The points column's heading: VP, or points.
    pub points_heading: String,
    /// Swiss pairs: the sides are pairs, a match one table.
    pub pairs: bool,
    /// "Match" or "Table"; the sides' headings ("Home", "N-S"); "Teams" or "Pairs".
    pub match_word: String,
    pub home_word: String,
    pub visit_word: String,
    pub sides_word: String,
    /// How ties are broken, under the standings.
    pub tie_break_hint: String,
}

pub fn event_view(tr: &Tr, e: &store::bridge::TeamEvent) -> EventView {
    let s = &e.settings;
    let date = if s.date.is_empty() {
        String::new()
    } else {
        tr.date(&s.date)
    };
    let boards = tr.t1("bteams-boards-a-match", "count", s.boards_per_match);
    let pairs = s.format == TeamFormat::SwissPairs;
    let mut sub = vec![
        format_label(tr, s.format),
        boards,
        scoring_label(tr, s.scoring),
    ];
    if s.scoring.in_vps() {
        sub.push(tie_break_label(tr, s.tie_break));
    }
    if !date.is_empty() {
        sub.insert(0, date.clone());
    }
    EventView {
        id: e.id,
        name: s.name.to_string(),
        date,
        boards: s.boards_per_match,
        scoring: scoring_label(tr, s.scoring),
        format: format_label(tr, s.format),
        public: s.public,
        rounds: e.rounds,
        sub: sub.join(" · "),
        points_heading: tr.t(if s.scoring.in_vps() {
            "bteams-col-vp"
        } else {
            "bteams-col-points"
        }),
        pairs: s.format == TeamFormat::SwissPairs,
        match_word: tr.t(if pairs {
            "bswiss-col-table"
        } else {
            "bteams-col-match"
        }),
        home_word: tr.t(if pairs {
            "bswiss-col-ns"
        } else {
            "bteams-col-home"
        }),
        visit_word: tr.t(if pairs {
            "bswiss-col-ew"
        } else {
            "bteams-col-visit"
        }),
        sides_word: tr.t(if pairs {
            "bswiss-pairs"
        } else {
            "bteams-teams"
        }),
        tie_break_hint: tr.t(match (s.scoring.in_vps(), s.tie_break) {
            (true, TieBreakRule::Ebu) => "bteams-tie-breaks-ebu",
            (true, TieBreakRule::Wbf) => "bteams-tie-breaks",
            (false, _) => "bteams-tie-breaks-points",
        }),
    }
}

#[derive(Debug, Clone)]
pub struct TeamView {
    pub number: u32,
    pub name: String,
    /// "Anne Martin (00123456), …".
    pub players: String,
}

#[derive(Debug, Clone)]
pub struct StandingView {
    pub place: String,
    pub team: u32,
    pub name: String,
    pub points: String,
    pub imps_won: u32,
    pub imps_lost: u32,
    pub quotient: String,
    pub matches: u32,
}

#[derive(Debug, Clone)]
pub struct MatchLine {
    pub round: u32,
    pub number: u32,
    pub home: String,
    pub visit: String,
    pub bye: bool,
    pub imps: String,
    pub points: String,
    pub complete: bool,
    /// Boards with both rooms, of the match's boards.
    pub done: usize,
    pub total: usize,
}

#[derive(Debug, Clone)]
pub struct RoundView {
    pub round: u32,
    pub matches: Vec<MatchLine>,
}

#[derive(Debug, Clone)]
pub struct CrossRow {
    pub team: u32,
    pub name: String,
    /// One cell per team, in number order: the points and IMPs of their match.
    pub cells: Vec<String>,
    pub total: String,
}

#[derive(Debug, Clone)]
pub struct ConflictView {
    pub id: i64,
    pub text: String,
    pub href: String,
}

/// Everything the event's pages show.
#[derive(Debug, Clone)]
pub struct ResultsView {
    pub e: EventView,
    pub teams: Vec<TeamView>,
    pub standings: Vec<StandingView>,
    pub rounds: Vec<RoundView>,
    pub cross: Vec<CrossRow>,
    pub conflicts: Vec<ConflictView>,
    /// Some match still waits for results.
    pub provisional: bool,
    /// The Swiss round whose matches must all be complete (no board missing, no conflict
    /// open) before the next one can be drawn: the draw is not offered meanwhile.
    pub draw_waits_for: Option<u32>,
    /// Every round the event plays is drawn (a round robin's, or a Swiss's as announced): no
    /// draw is offered, as the store would refuse it.
    pub all_drawn: bool,
}

fn points_pair(tr: &Tr, m: &MatchOutcome) -> String {
    match (m.points_home, m.points_visit) {
        (Some(h), Some(v)) => format!("{} – {}", fixed(tr, h), fixed(tr, v)),
        (Some(h), None) => fixed(tr, h),
        _ => String::new(),
    }
}

pub fn entry_short(tr: &Tr, e: &Entry) -> String {
    let contract = results::contract_text(tr, &e.contract);
    match (e.declarer, e.tricks) {
        (Some(d), Some(t)) => {
            let relative = match e.contract.parse::<bridge::Bid>() {
                Ok(bridge::Bid::Contract(c)) => bridge::Played::new(c, d, t)
                    .map(|p| p.relative())
                    .unwrap_or_default(),
                _ => String::new(),
            };
            format!("{contract} {} {relative}", results::seat_letter(tr, d))
        }
        _ => contract,
    }
}

/// Who sent a conflict's other entry: the room's table (one of its phones, whose device id the
/// director has never seen: the pairs grid names the table too), or the director's account.
fn sender(tr: &Tr, k: &store::bridge::TeamConflict) -> String {
    if k.other_source == "director" {
        tr.t1("bteams-conflict-from", "name", k.other_device.as_str())
    } else {
        tr.t("bteams-conflict-from-table")
    }
}

pub fn results_view(tr: &Tr, r: &TeamResults, id_base: &str) -> ResultsView {
    let e = event_view(tr, &r.event);
    let teams = r
        .teams
        .iter()
        .map(|t| TeamView {
            number: t.number,
            name: t.details.name.to_string(),
            players: t
                .details
                .players
                .iter()
                .map(|p| {
                    if p.licence.is_empty() {
                        p.name.to_string()
                    } else {
                        format!("{} ({})", p.name.as_str(), p.licence)
                    }
                })
                .collect::<Vec<_>>()
                .join(", "),
        })
        .collect();
    let standings = r
        .standings
        .iter()
        .map(|s| StandingView {
            place: if s.tied {
                format!("{}=", s.place)
            } else {
                s.place.to_string()
            },
            team: s.team,
            name: r.team_name(s.team),
            points: fixed(tr, s.points),
            imps_won: s.imps_won,
            imps_lost: s.imps_lost,
            quotient: s
                .quotient
                .map(|q| tr.num(&q.to_fixed(3)))
                .unwrap_or_else(|| "–".into()),
            matches: s.matches,
        })
        .collect();
    let mut rounds: Vec<RoundView> = Vec::new();
    for m in &r.matches {
        let line = MatchLine {
            round: m.draw.round,
            number: m.draw.number,
            home: r.team_name(m.draw.home),
            visit: m
                .draw
                .visit
                .map(|v| r.team_name(v))
                .unwrap_or_else(|| tr.t("bteams-bye")),
            bye: m.draw.visit.is_none(),
            imps: format!("{} – {}", m.imps_home, m.imps_visit),
            points: points_pair(tr, m),
            complete: m.complete,
            done: m.boards.iter().filter(|b| b.imps_home.is_some()).count(),
            total: m.boards.len(),
        };
        match rounds.last_mut() {
            Some(rv) if rv.round == m.draw.round => rv.matches.push(line),
            _ => rounds.push(RoundView {
                round: m.draw.round,
                matches: vec![line],
            }),
        }
    }
    let cross = r
        .teams
        .iter()
        .map(|t| {
            let cells = r
                .teams
                .iter()
                .map(|o| {
                    let found = r.matches.iter().find(|m| {
                        m.complete
                            && ((m.draw.home == t.number && m.draw.visit == Some(o.number))
                                || (m.draw.home == o.number && m.draw.visit == Some(t.number)))
                    });
                    match found {
                        None => String::new(),
                        Some(m) => {
                            let home = m.draw.home == t.number;
                            let (p, won, lost) = if home {
                                (m.points_home, m.imps_home, m.imps_visit)
                            } else {
                                (m.points_visit, m.imps_visit, m.imps_home)
                            };
                            format!(
                                "{} ({won}–{lost})",
                                p.map(|p| fixed(tr, p)).unwrap_or_default()
                            )
                        }
                    }
                })
                .collect();
            CrossRow {
                team: t.number,
                name: t.details.name.to_string(),
                cells,
                total: r
                    .standings
                    .iter()
                    .find(|s| s.team == t.number)
                    .map(|s| fixed(tr, s.points))
                    .unwrap_or_default(),
            }
        })
        .collect();
    let conflicts = r
        .conflicts
        .iter()
        .map(|k| ConflictView {
            id: k.id,
            text: tr.targs(
                // A Swiss pairs match is one table: no room to name.
                if r.event.settings.format == TeamFormat::SwissPairs {
                    "bswiss-conflict-text"
                } else {
                    "bteams-conflict-text"
                },
                &[
                    ("round", k.round.into()),
                    ("match", k.match_no.into()),
                    ("room", room_label(tr, k.room).into()),
                    ("board", k.board.into()),
                    ("kept", entry_short(tr, &k.kept).into()),
                    ("other", entry_short(tr, &k.other).into()),
                    ("from", sender(tr, k).into()),
                ],
            ),
            href: format!("{id_base}/matches/{}/{}", k.round, k.match_no),
        })
        .collect();
    let provisional = r
        .matches
        .iter()
        .any(|m| m.draw.visit.is_some() && !m.complete);
    ResultsView {
        provisional,
        // The store's rule for a Swiss draw: the round before complete.
        draw_waits_for: (r.event.settings.format.is_swiss() && provisional)
            .then_some(r.event.rounds),
        all_drawn: r.event.total_rounds > 0 && r.event.rounds >= r.event.total_rounds,
        e,
        teams,
        standings,
        rounds,
        cross,
        conflicts,
    }
}

/// A room's cell of the comparison.
#[derive(Debug, Clone, Default)]
pub struct RoomCell {
    /// `open` or `closed`.
    pub code: &'static str,
    pub contract: String,
    pub declarer: String,
    pub lead: String,
    pub result: String,
    pub score: String,
    pub director: bool,
    /// The grid's fields, as the page reads them back.
    pub f_contract: String,
    pub f_declarer: String,
    pub f_lead: String,
    pub f_result: String,
    pub shown: String,
}

#[derive(Debug, Clone)]
pub struct BoardRow {
    pub board: u32,
    pub vul: String,
    /// The open room, then the closed room.
    pub rooms: Vec<RoomCell>,
    pub net: String,
    pub imps_home: String,
    pub imps_visit: String,
    pub conflict: bool,
}

#[derive(Debug, Clone)]
pub struct MatchView {
    pub round: u32,
    pub number: u32,
    pub home: String,
    pub visit: String,
    pub imps_home: u32,
    pub imps_visit: u32,
    pub points: String,
    pub complete: bool,
    pub boards: Vec<BoardRow>,
    /// The rooms' headings over their columns (one table at Swiss pairs), the net column's
    /// heading, and the span of the totals' label.
    pub room_heads: Vec<String>,
    pub net_head: String,
    pub total_span: usize,
}

fn room_cell(tr: &Tr, room: Room, r: Option<&RoomResult>) -> RoomCell {
    let Some(r) = r else {
        return RoomCell {
            code: room.code(),
            ..RoomCell::default()
        };
    };
    let e = &r.entry;
    let n = super::super::notation(tr);
    let relative = match (e.contract.parse::<bridge::Bid>(), e.declarer, e.tricks) {
        (Ok(bridge::Bid::Contract(c)), Some(d), Some(t)) => bridge::Played::new(c, d, t)
            .map(|p| p.relative())
            .unwrap_or_default(),
        _ => String::new(),
    };
    RoomCell {
        code: room.code(),
        contract: results::contract_text(tr, &e.contract),
        declarer: e
            .declarer
            .map(|d| results::seat_letter(tr, d))
            .unwrap_or_default(),
        lead: results::lead_text(tr, &e.lead),
        result: relative,
        score: r.score_ns.to_string(),
        director: r.source == "director",
        f_contract: e
            .contract
            .parse::<bridge::Bid>()
            .map(|b| bridge::notation::bid_text(b, n))
            .unwrap_or_else(|_| e.contract.clone()),
        f_declarer: e
            .declarer
            .map(|d| bridge::notation::seat_text(d, n).to_string())
            .unwrap_or_default(),
        f_lead: bridge::notation::lead_text(&e.lead, n),
        f_result: e.tricks.map(|t| t.to_string()).unwrap_or_default(),
        shown: shown_code(Some(e)),
    }
}

pub fn match_view(tr: &Tr, r: &TeamResults, m: &MatchOutcome) -> MatchView {
    let format = r.event.settings.format;
    let rooms = format.rooms();
    let pairs = format == TeamFormat::SwissPairs;
    MatchView {
        room_heads: if pairs {
            vec![tr.t("bswiss-at-table")]
        } else {
            rooms.iter().map(|&k| room_label(tr, k)).collect()
        },
        net_head: tr.t(if pairs {
            "bswiss-col-net"
        } else {
            "bteams-col-net"
        }),
        total_span: 3 + 5 * rooms.len(),
        round: m.draw.round,
        number: m.draw.number,
        home: r.team_name(m.draw.home),
        visit: m
            .draw
            .visit
            .map(|v| r.team_name(v))
            .unwrap_or_else(|| tr.t("bteams-bye")),
        imps_home: m.imps_home,
        imps_visit: m.imps_visit,
        points: points_pair(tr, m),
        complete: m.complete,
        boards: m
            .boards
            .iter()
            .map(|b| {
                let (h, v) = match b.imps_home {
                    Some(i) if i > 0 => (i.to_string(), String::new()),
                    Some(i) if i < 0 => (String::new(), (-i).to_string()),
                    Some(_) => ("0".into(), "0".into()),
                    None => (String::new(), String::new()),
                };
                BoardRow {
                    board: b.board,
                    vul: results::vulnerability_text(tr, bridge::board::vulnerability_of(b.board)),
                    rooms: rooms
                        .iter()
                        .map(|&k| {
                            let x = if k == Room::Open { &b.open } else { &b.closed };
                            room_cell(tr, k, x.as_ref())
                        })
                        .collect(),
                    net: b.net_home.map(|x| x.to_string()).unwrap_or_default(),
                    imps_home: h,
                    imps_visit: v,
                    conflict: b.conflict,
                }
            })
            .collect(),
    }
}

// ---------------------------------------------------------------------------------------------
// JSON

fn ratio_json(r: Option<Ratio>) -> Value {
    r.map_or(Value::Null, |r| Value::String(r.to_fixed(2)))
}

pub fn match_json(m: &MatchOutcome) -> Value {
    json!({
        "round": m.draw.round,
        "match": m.draw.number,
        "home": m.draw.home,
        "visit": m.draw.visit,
        "boards": m.boards,
        "imps_home": m.imps_home,
        "imps_visit": m.imps_visit,
        "complete": m.complete,
        "vp_home": m.score.as_ref().map(|s| s.vp_home.to_string()),
        "vp_visit": m.score.as_ref().map(|s| s.vp_visit.to_string()),
        "bam_home": m.score.as_ref().map(|s| Ratio::new(i128::from(s.bam_home), 2).to_fixed(1)),
        "bam_visit": m.score.as_ref().map(|s| Ratio::new(i128::from(s.bam_visit), 2).to_fixed(1)),
        "points_home": ratio_json(m.points_home),
        "points_visit": ratio_json(m.points_visit),
    })
}

pub fn results_json(r: &TeamResults) -> Value {
    json!({
        "event": r.event,
        "teams": r.teams,
        "standings": r.standings.iter().map(|s| json!({
            "place": s.place,
            "tied": s.tied,
            "team": s.team,
            "name": r.team_name(s.team),
            "points": s.points.to_fixed(2),
            "imps_won": s.imps_won,
            "imps_lost": s.imps_lost,
            "quotient": s.quotient.map(|q| q.to_fixed(3)),
            "matches": s.matches,
        })).collect::<Vec<_>>(),
        "matches": r.matches.iter().map(|m| {
            let mut v = match_json(m);
            if let Some(o) = v.as_object_mut() {
                o.remove("boards");
            }
            v
        }).collect::<Vec<_>>(),
        "conflicts": r.conflicts,
    })
}
