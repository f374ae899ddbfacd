//! Teams of four (issue 24 §1): an event of teams, its rounds of matches, both rooms' results
//! per board, conflicts between two entries of one room's board, and the results.
//!
//! No bridge rule lives here: the schedule comes from [`bridge::teams::round_robin`] or
//! [`bridge::teams::swiss_pairing`], a room's score from [`bridge::Played::score_ns`], the
//! match from [`bridge::teams::score_match`] and the standings from
//! [`bridge::teams::standings`] (VPs) or [`bridge::teams::rank_by_points`] (board-a-match,
//! Patton).
//!
//! ```
//! use store::Store;
//! use store::bridge::{Entry, NewTeam, Room, TeamEventSettings};
//! let store = Store::open_in_memory().unwrap();
//! let id = store.create_bridge_team_event("td", &TeamEventSettings::new("Teams".parse().unwrap(), 2)).unwrap();
//! for n in 1..=4 {
//!     let team = NewTeam::of(&format!("Team {n}"), &["A", "B", "C", "D"]).unwrap();
//!     store.set_bridge_team("td", id, n, &team).unwrap();
//! }
//! store.draw_bridge_team_round("td", id).unwrap();
//! let e = Entry::played("4S", bridge::Seat::South, 10, "HA");
//! store.enter_bridge_team_result("td", id, (1, 1, Room::Open, 1), &e, None, "phone").unwrap();
//! let r = store.bridge_team_results(id).unwrap();
//! assert_eq!(r.matches[0].boards[0].open.as_ref().unwrap().score_ns, 420);
//! ```

use std::collections::{BTreeMap, BTreeSet};

use bridge::teams::{BoardScores, MatchScore, TeamId, TieBreakRule, VpScale};
use bridge::vp::Vp;
use bridge::Ratio;
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

use super::at_table::{table_entry, StoredResult, TableEntry};
use super::lines::{normalize, played_of};
use super::{EnterOutcome, Entry, LineStatus};
use crate::chess::types::Licence;
use crate::edits::Changed;
use crate::error::{Error, Refusal, Result};
use crate::text::{Label, PersonName};
use crate::Store;

pub use super::TeamEventId;

/// How matches are scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum TeamScoring {
    /// IMPs, converted to VPs on the WBF 2013 continuous 20-point scale.
    #[default]
    #[serde(rename = "wbf2013")]
    Wbf2013,
    /// Board-a-match: 1 point a board won, ½ a board tied.
    #[serde(rename = "bam")]
    BoardAMatch,
    /// Board-a-match points plus the VPs of the match's IMPs.
    #[serde(rename = "patton")]
    Patton,
    /// Swiss pairs only: each score cross-IMPed against every other table's (averaged), the
    /// match's total converted to VPs on the WBF 2013 scale.
    #[serde(rename = "cross_imps")]
    CrossImps,
}

impl TeamScoring {
    pub const ALL: [TeamScoring; 4] = [
        TeamScoring::Wbf2013,
        TeamScoring::BoardAMatch,
        TeamScoring::Patton,
        TeamScoring::CrossImps,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            TeamScoring::Wbf2013 => "wbf2013",
            TeamScoring::BoardAMatch => "bam",
            TeamScoring::Patton => "patton",
            TeamScoring::CrossImps => "cross_imps",
        }
    }

    /// A match scores its VPs (the standings are the VP totals).
    pub const fn in_vps(self) -> bool {
        matches!(self, TeamScoring::Wbf2013 | TeamScoring::CrossImps)
    }

    pub fn parse(s: &str) -> Option<TeamScoring> {
        TeamScoring::ALL.into_iter().find(|x| x.code() == s)
    }
}

/// How the rounds are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum TeamFormat {
    #[default]
    RoundRobin,
    Swiss,
    /// Swiss pairs (issue 38 §3): each "team" is a pair, each match one table (the open room,
    /// the higher-ranked pair North-South), every table of a round playing the same boards;
    /// a match is scored in Butler IMPs against the round's datum
    /// ([`bridge::swiss_pairs`]), converted to VPs.
    SwissPairs,
}

impl TeamFormat {
    pub const fn code(self) -> &'static str {
        match self {
            TeamFormat::RoundRobin => "round_robin",
            TeamFormat::Swiss => "swiss",
            TeamFormat::SwissPairs => "swiss_pairs",
        }
    }

    pub fn parse(s: &str) -> Option<TeamFormat> {
        [
            TeamFormat::RoundRobin,
            TeamFormat::Swiss,
            TeamFormat::SwissPairs,
        ]
        .into_iter()
        .find(|x| x.code() == s)
    }

    /// Drawn round by round from the standings.
    pub const fn is_swiss(self) -> bool {
        matches!(self, TeamFormat::Swiss | TeamFormat::SwissPairs)
    }

    /// The tables of a match: two rooms for teams, one table for a pair against a pair.
    pub const fn rooms(self) -> &'static [Room] {
        match self {
            TeamFormat::SwissPairs => &[Room::Open],
            _ => &[Room::Open, Room::Closed],
        }
    }

    /// The scorings an event of this format may use, the first the default (the create
    /// form offers only these): Butler IMPs or cross-IMPs for Swiss pairs (both to VPs), VPs,
    /// board-a-match or Patton for teams.
    pub const fn scorings(self) -> &'static [TeamScoring] {
        match self {
            TeamFormat::SwissPairs => &[TeamScoring::Wbf2013, TeamScoring::CrossImps],
            _ => &[
                TeamScoring::Wbf2013,
                TeamScoring::BoardAMatch,
                TeamScoring::Patton,
            ],
        }
    }

    /// The tie-break rule an event of this format starts with: the EBU's for Swiss pairs (an
    /// English clubs' competition, see `crates/bridge/README.md`), the WBF's for teams.
    pub const fn default_tie_break(self) -> TieBreakRule {
        match self {
            TeamFormat::SwissPairs => TieBreakRule::Ebu,
            _ => TieBreakRule::Wbf,
        }
    }

    /// Fewest and most players of a side.
    pub const fn players(self) -> (usize, usize) {
        match self {
            TeamFormat::SwissPairs => (2, 2),
            _ => TEAM_PLAYERS,
        }
    }
}

/// Everything the director sets up for a teams event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TeamEventSettings {
    pub name: Label,
    /// The club that runs the event (the USEBIO file's `CLUB`), or empty.
    pub club: Label,
    /// `YYYY-MM-DD` or empty.
    pub date: String,
    pub boards_per_match: u32,
    pub scoring: TeamScoring,
    pub format: TeamFormat,
    /// The VPs of a bye (12.00 unless the conditions of contest say otherwise).
    pub bye_vp: Vp,
    pub public: bool,
    /// The rounds a Swiss plays, as announced (0: not said). A round robin's follow from its
    /// teams ([`TeamEvent::total_rounds`]).
    pub swiss_rounds: u32,
    /// The tie-breaks after the VP total, the engine's ([`TieBreakRule::tie_breaks`]) for the
    /// standings and the Swiss draws alike.
    pub tie_break: TieBreakRule,
}

impl TeamEventSettings {
    /// A round robin scored in VPs (WBF 2013), 12 VPs for a bye.
    pub fn new(name: Label, boards_per_match: u32) -> TeamEventSettings {
        TeamEventSettings {
            name,
            club: Label::default(),
            date: String::new(),
            boards_per_match,
            scoring: TeamScoring::default(),
            format: TeamFormat::default(),
            bye_vp: Vp::from_hundredths(1200).unwrap_or(Vp::HALF),
            public: true,
            swiss_rounds: 0,
            tie_break: TieBreakRule::Wbf,
        }
    }
}

/// A teams event as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TeamEvent {
    pub id: TeamEventId,
    pub settings: TeamEventSettings,
    /// Rounds drawn so far.
    pub rounds: u32,
    /// The rounds the event plays: a round robin's from its teams, a Swiss's as announced
    /// (0: not said).
    pub total_rounds: u32,
    pub created_at: String,
}

/// A player of a team.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct TeamPlayer {
    pub name: PersonName,
    #[serde(default)]
    pub licence: Licence,
}

/// A team's name and players (4 to 6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct NewTeam {
    pub name: Label,
    pub players: Vec<TeamPlayer>,
}

impl NewTeam {
    /// A team from names without licences (examples and tests).
    pub fn of(name: &str, players: &[&str]) -> Result<NewTeam> {
        let bad = |field: &str, e: crate::text::TextError, s: &str| {
            Error::invalid(field, e.to_string(), format!("{s:?}"))
        };
        Ok(NewTeam {
            name: name.parse().map_err(|e| bad("name", e, name))?,
            players: players
                .iter()
                .map(|p| {
                    Ok(TeamPlayer {
                        name: p.parse().map_err(|e| bad("players", e, p))?,
                        licence: Licence::default(),
                    })
                })
                .collect::<Result<_>>()?,
        })
    }
}

/// Fewest and most players a team of four may have.
pub const TEAM_PLAYERS: (usize, usize) = (4, 6);

/// A team, numbered from 1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Team {
    pub number: u32,
    #[serde(flatten)]
    pub details: NewTeam,
}

/// One of a match's two tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Room {
    /// The home team sits North-South.
    Open,
    /// The visitors sit North-South.
    Closed,
}

impl Room {
    pub const fn code(self) -> &'static str {
        match self {
            Room::Open => "open",
            Room::Closed => "closed",
        }
    }

    pub fn parse(s: &str) -> Option<Room> {
        match s {
            "open" => Some(Room::Open),
            "closed" => Some(Room::Closed),
            _ => None,
        }
    }
}

/// A match of a round: home team and visitors, or a bye (`visit` is `None`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TeamMatch {
    pub round: u32,
    pub number: u32,
    pub home: u32,
    pub visit: Option<u32>,
    /// The boards both rooms play.
    pub boards: Vec<u32>,
}

/// Where a room's board is: (round, match, room, board).
pub type RoomBoard = (u32, u32, Room, u32);

/// A room's result as stored: the entry, its North-South score, and who entered it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoomResult {
    pub entry: Entry,
    pub score_ns: i32,
    /// `table` or `director`.
    pub source: String,
    /// Entered at the table, confirmed there by the opponents, or the director's.
    pub status: LineStatus,
}

/// A second entry of a room's board that differs from the stored one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TeamConflict {
    pub id: i64,
    pub round: u32,
    #[serde(rename = "match")]
    pub match_no: u32,
    pub room: Room,
    pub board: u32,
    pub kept: Entry,
    pub other: Entry,
    /// The phone that sent the other entry, or the director's account.
    pub other_device: String,
    /// `table` (one of the room's phones) or `director`.
    pub other_source: String,
    pub created_at: String,
}

/// One board of a match: both rooms, and the comparison once both are in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BoardComparison {
    pub board: u32,
    pub open: Option<RoomResult>,
    pub closed: Option<RoomResult>,
    /// Open room's North-South score minus the closed room's (the home team's net).
    pub net_home: Option<i32>,
    /// IMPs to the home team (negative: to the visitors).
    pub imps_home: Option<i32>,
    /// A conflict waits on one of the rooms.
    pub conflict: bool,
}

/// A match with its boards and, once every board has both rooms, its score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchOutcome {
    pub draw: TeamMatch,
    pub boards: Vec<BoardComparison>,
    /// IMPs so far (boards with both rooms).
    pub imps_home: u32,
    pub imps_visit: u32,
    /// Every board has both rooms and no conflict waits: the match counts.
    pub complete: bool,
    /// The engine's score of a complete match (VPs on the match's length).
    pub score: Option<MatchScore>,
    /// The points the match gives each team in the event's scoring (VPs, board-a-match
    /// points or Patton points), for a complete match or a bye.
    pub points_home: Option<Ratio>,
    pub points_visit: Option<Ratio>,
}

/// A row of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRow {
    pub place: u32,
    pub tied: bool,
    pub team: u32,
    /// VPs, board-a-match or Patton points.
    pub points: Ratio,
    pub imps_won: u32,
    pub imps_lost: u32,
    pub matches: u32,
    /// IMPs won ÷ IMPs lost (`None` with no IMP lost).
    pub quotient: Option<Ratio>,
}

/// The event scored on the complete matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamResults {
    pub event: TeamEvent,
    pub teams: Vec<Team>,
    pub matches: Vec<MatchOutcome>,
    pub standings: Vec<TeamRow>,
    pub conflicts: Vec<TeamConflict>,
}

impl TeamResults {
    /// The boards every room has played: each is in some match drawn, and every match playing it
    /// has both rooms' results. The public pages show a deal only then (a room that has not
    /// played it yet, or a later round, could read it).
    pub fn boards_played(&self) -> std::collections::BTreeSet<u32> {
        let mut seen = std::collections::BTreeMap::new();
        let one_table = self.event.settings.format == TeamFormat::SwissPairs;
        for m in self.matches.iter().filter(|m| m.draw.visit.is_some()) {
            for b in &m.boards {
                let done = b.open.is_some() && (b.closed.is_some() || one_table);
                *seen.entry(b.board).or_insert(true) &= done;
            }
        }
        seen.into_iter()
            .filter(|&(_, done)| done)
            .map(|(b, _)| b)
            .collect()
    }

    pub fn team_name(&self, number: u32) -> String {
        self.teams
            .iter()
            .find(|t| t.number == number)
            .map(|t| t.details.name.to_string())
            .unwrap_or_else(|| number.to_string())
    }

    pub fn outcome(&self, round: u32, number: u32) -> Option<&MatchOutcome> {
        self.matches
            .iter()
            .find(|m| m.draw.round == round && m.draw.number == number)
    }
}

// ---------------------------------------------------------------------------------------------
// Rows

fn validate(s: &TeamEventSettings) -> Result<()> {
    if s.name.trim().is_empty() {
        return Err(Error::invalid("name", "the event's name", "nothing"));
    }
    if !(1..=64).contains(&s.boards_per_match) {
        return Err(Error::invalid(
            "boards_per_match",
            "1 to 64 boards a match",
            s.boards_per_match.to_string(),
        ));
    }
    if !s.format.scorings().contains(&s.scoring) {
        let expected = if s.format == TeamFormat::SwissPairs {
            "wbf2013 (IMPs against the datum) or cross_imps for Swiss pairs"
        } else {
            "wbf2013, bam or patton for teams (cross-IMPs are for Swiss pairs)"
        };
        return Err(Error::invalid("scoring", expected, s.scoring.code()));
    }
    if s.swiss_rounds > MAX_SWISS_ROUNDS {
        return Err(Error::invalid(
            "swiss_rounds",
            format!("0 to {MAX_SWISS_ROUNDS} rounds"),
            s.swiss_rounds.to_string(),
        ));
    }
    Ok(())
}

/// A tie-break rule from its code (`wbf`, `ebu`).
pub fn tie_break_of(code: &str) -> Option<TieBreakRule> {
    TieBreakRule::ALL.into_iter().find(|r| r.code() == code)
}

/// The most rounds a Swiss may announce.
pub const MAX_SWISS_ROUNDS: u32 = 30;

fn validate_team(t: &NewTeam, format: TeamFormat) -> Result<()> {
    if t.name.trim().is_empty() {
        return Err(Error::invalid("name", "the team's name", "nothing"));
    }
    let named = t
        .players
        .iter()
        .filter(|p| !p.name.trim().is_empty())
        .count();
    let (least, most) = format.players();
    if named < least || named > most || named != t.players.len() {
        return Err(Error::invalid(
            "players",
            format!("{least} to {most} players, each with a name"),
            format!("{} players", t.players.len()),
        ));
    }
    Ok(())
}

pub(super) fn load_event(c: &Connection, id: TeamEventId) -> Result<TeamEvent> {
    let row = c
        .query_row(
            "SELECT name, date, boards_per_match, scoring, format, bye_vp, public, created_at, \
             (SELECT COALESCE(MAX(round), 0) FROM bridge_team_match WHERE event_id = e.id), \
             swiss_rounds, (SELECT COUNT(*) FROM bridge_team WHERE event_id = e.id), club, \
             tie_break FROM bridge_team_event e WHERE id = ?1",
            [id],
            |r| {
                Ok((
                    (
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, u32>(2)?,
                        r.get::<_, String>(3)?,
                        r.get::<_, String>(4)?,
                        r.get::<_, u16>(5)?,
                        r.get::<_, bool>(6)?,
                    ),
                    r.get::<_, String>(7)?,
                    r.get::<_, u32>(8)?,
                    r.get::<_, u32>(9)?,
                    r.get::<_, u32>(10)?,
                    r.get::<_, String>(11)?,
                    r.get::<_, String>(12)?,
                ))
            },
        )
        .optional()?;
    let Some((settings, created_at, rounds, swiss_rounds, teams, club, tie_break)) = row else {
        return Err(Error::NotFound("teams event"));
    };
    let (name, date, boards, scoring, format, bye, public) = settings;
    let stored = |what: &str, v: &str| Error::invalid(what, "a value the database holds", v);
    let format = TeamFormat::parse(&format).ok_or_else(|| stored("format", &format))?;
    let total_rounds = match format {
        TeamFormat::RoundRobin => bridge::teams::round_robin(teams).len() as u32,
        TeamFormat::Swiss | TeamFormat::SwissPairs => swiss_rounds,
    };
    Ok(TeamEvent {
        id,
        settings: TeamEventSettings {
            name: Label::from_stored(&name),
            club: Label::from_stored(&club),
            date,
            boards_per_match: boards,
            scoring: TeamScoring::parse(&scoring).ok_or_else(|| stored("scoring", &scoring))?,
            format,
            bye_vp: Vp::from_hundredths(bye).unwrap_or(Vp::HALF),
            public,
            swiss_rounds,
            tie_break: tie_break_of(&tie_break).ok_or_else(|| stored("tie_break", &tie_break))?,
        },
        rounds,
        total_rounds,
        created_at,
    })
}

pub(super) fn load_teams(c: &Connection, id: TeamEventId) -> Result<Vec<Team>> {
    let mut st = c.prepare_cached(
        "SELECT number, name, players FROM bridge_team WHERE event_id = ?1 ORDER BY number",
    )?;
    let rows = st.query_map([id], |r| {
        Ok((
            r.get::<_, u32>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
        ))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (number, name, players) = row?;
        out.push(Team {
            number,
            details: NewTeam {
                name: Label::from_stored(&name),
                players: serde_json::from_str(&players)?,
            },
        });
    }
    Ok(out)
}

pub(super) fn load_matches(c: &Connection, e: &TeamEvent) -> Result<Vec<TeamMatch>> {
    let mut st = c.prepare_cached(
        "SELECT round, number, home, visit FROM bridge_team_match WHERE event_id = ?1 \
         ORDER BY round, number",
    )?;
    let rows = st.query_map([e.id], |r| {
        Ok((
            r.get::<_, u32>(0)?,
            r.get::<_, u32>(1)?,
            r.get::<_, u32>(2)?,
            r.get::<_, Option<u32>>(3)?,
        ))
    })?;
    let b = e.settings.boards_per_match;
    let mut out = Vec::new();
    for row in rows {
        let (round, number, home, visit) = row?;
        out.push(TeamMatch {
            round,
            number,
            home,
            visit,
            // Each round plays its own set of boards, the same in every match of the round.
            boards: if visit.is_some() {
                ((round - 1) * b + 1..=round * b).collect()
            } else {
                Vec::new()
            },
        });
    }
    Ok(out)
}

/// A room's result as stored.
#[derive(Debug, Clone)]
pub(super) struct StoredRoom {
    pub(super) entry: Entry,
    pub(super) status: LineStatus,
    /// The phone that entered it (empty: the director).
    pub(super) device: String,
}

impl StoredRoom {
    fn source(&self) -> &'static str {
        if self.status == LineStatus::Director {
            "director"
        } else {
            "table"
        }
    }
}

/// The stored results by (round, match, room, board).
type Stored = BTreeMap<RoomBoard, StoredRoom>;

pub(super) fn load_results(c: &Connection, id: TeamEventId) -> Result<Stored> {
    let mut st = c.prepare_cached(
        "SELECT round, match_no, room, board, contract, declarer, lead, tricks, source, device, \
         confirmed_at IS NOT NULL FROM bridge_team_result WHERE event_id = ?1",
    )?;
    let rows = st.query_map([id], |r| {
        let room: String = r.get(2)?;
        let declarer: Option<String> = r.get(5)?;
        let source: String = r.get(8)?;
        let status = match (source.as_str(), r.get::<_, bool>(10)?) {
            ("director", _) => LineStatus::Director,
            (_, true) => LineStatus::Confirmed,
            _ => LineStatus::Entered,
        };
        Ok((
            (
                r.get::<_, u32>(0)?,
                r.get::<_, u32>(1)?,
                Room::parse(&room).unwrap_or(Room::Open),
                r.get::<_, u32>(3)?,
            ),
            StoredRoom {
                entry: Entry {
                    contract: r.get(4)?,
                    declarer: declarer.and_then(|d| d.parse().ok()),
                    lead: r.get(6)?,
                    tricks: r.get(7)?,
                },
                status,
                device: r.get(9)?,
            },
        ))
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

fn load_conflicts(c: &Connection, id: TeamEventId) -> Result<Vec<TeamConflict>> {
    let mut st = c.prepare_cached(
        "SELECT id, round, match_no, room, board, kept, other, other_device, created_at, \
         other_source FROM bridge_team_conflict WHERE event_id = ?1 AND resolved_at IS NULL \
         ORDER BY id",
    )?;
    let rows = st.query_map([id], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, u32>(1)?,
            r.get::<_, u32>(2)?,
            r.get::<_, String>(3)?,
            r.get::<_, u32>(4)?,
            r.get::<_, String>(5)?,
            r.get::<_, String>(6)?,
            r.get::<_, String>(7)?,
            r.get::<_, String>(8)?,
            r.get::<_, String>(9)?,
        ))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (id, round, match_no, room, board, kept, other, other_device, created_at, other_source) =
            row?;
        out.push(TeamConflict {
            id,
            round,
            match_no,
            room: Room::parse(&room).unwrap_or(Room::Open),
            board,
            kept: serde_json::from_str(&kept)?,
            other: serde_json::from_str(&other)?,
            other_device,
            other_source,
            created_at,
        });
    }
    Ok(out)
}

/// The refusal of a conflict settled by someone else since the page that settles it was
/// built: the board's result now, and the entry the page chose; not found when there never was
/// such a conflict.
fn settled_meanwhile(
    tx: &Connection,
    id: TeamEventId,
    conflict: i64,
    take_other: bool,
) -> Result<Error> {
    let row: Option<(u32, u32, String, u32, String, String)> = tx
        .query_row(
            "SELECT round, match_no, room, board, kept, other FROM bridge_team_conflict \
             WHERE event_id = ?1 AND id = ?2",
            params![id, conflict],
            |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                ))
            },
        )
        .optional()?;
    let Some((round, m, room, board, kept, other)) = row else {
        return Ok(Error::NotFound("conflict"));
    };
    let room = Room::parse(&room).unwrap_or(Room::Open);
    let stored = load_results(tx, id)?
        .remove(&(round, m, room, board))
        .map(|s| Box::new(s.entry));
    let chosen: Option<Entry> = serde_json::from_str(if take_other { &other } else { &kept })?;
    let Some(yours) = chosen.or_else(|| stored.as_deref().cloned()) else {
        return Ok(Error::NotFound("conflict"));
    };
    Ok(Error::Conflict {
        version: crate::versions::version_on(tx, crate::versions::Scope::BridgeTeams(id))?,
        changed: vec![Changed::RoomBoard {
            round,
            match_no: m,
            room: room.code().to_string(),
            board,
            stored,
            yours: Box::new(yours),
        }],
    })
}

pub(super) fn log(
    c: &Connection,
    id: TeamEventId,
    actor: &str,
    action: &str,
    before: &impl Serialize,
    after: &impl Serialize,
) -> Result<()> {
    super::log::append_to(
        c,
        super::log::LogOf::Teams(id),
        actor,
        action,
        before,
        after,
    )
}

/// Writes a room's result: entered at a table by `device` (`Entered`), or the director's.
fn write_result(
    c: &Connection,
    id: TeamEventId,
    (round, m, room, board): RoomBoard,
    e: &Entry,
    status: LineStatus,
    device: &str,
) -> Result<()> {
    let source = if status == LineStatus::Director {
        "director"
    } else {
        "table"
    };
    c.execute(
        "INSERT OR REPLACE INTO bridge_team_result (event_id, round, match_no, room, board, \
         contract, declarer, lead, tricks, source, device, updated_at, confirmed_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, NULL)",
        params![
            id,
            round,
            m,
            room.code(),
            board,
            e.contract,
            e.declarer.map(|s| s.to_string()),
            e.lead,
            e.tricks,
            source,
            device,
            crate::db::now()
        ],
    )?;
    Ok(())
}

fn close_conflicts(c: &Connection, id: TeamEventId, at: RoomBoard, by: &str) -> Result<()> {
    let (round, m, room, board) = at;
    c.execute(
        "UPDATE bridge_team_conflict SET resolved_at = ?6, resolved_by = ?7 WHERE event_id = ?1 \
         AND round = ?2 AND match_no = ?3 AND room = ?4 AND board = ?5 AND resolved_at IS NULL",
        params![id, round, m, room.code(), board, crate::db::now(), by],
    )?;
    Ok(())
}

/// A phone corrected its own entry of `at` to `entry`: the open conflicts whose other entry
/// says the same are settled ("agreed"), the others now keep the corrected entry (as at a
/// pairs table).
fn agree(c: &Connection, id: TeamEventId, at: RoomBoard, entry: &Entry) -> Result<()> {
    let (round, m, room, board) = at;
    let json = serde_json::to_string(entry)?;
    c.execute(
        "UPDATE bridge_team_conflict SET resolved_at = ?6, resolved_by = 'agreed' \
         WHERE event_id = ?1 AND round = ?2 AND match_no = ?3 AND room = ?4 AND board = ?5 \
         AND resolved_at IS NULL AND other = ?7",
        params![id, round, m, room.code(), board, crate::db::now(), json],
    )?;
    c.execute(
        "UPDATE bridge_team_conflict SET kept = ?6 WHERE event_id = ?1 AND round = ?2 \
         AND match_no = ?3 AND room = ?4 AND board = ?5 AND resolved_at IS NULL",
        params![id, round, m, room.code(), board, json],
    )?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Scoring

/// The points of a complete match in the event's scoring, (home, visitors).
fn match_points(scoring: TeamScoring, m: &MatchScore) -> (Ratio, Ratio) {
    let half = |h: u32| Ratio::new(i128::from(h), 2);
    match scoring {
        TeamScoring::Wbf2013 | TeamScoring::CrossImps => {
            (m.vp_home.to_ratio(), m.vp_visit.to_ratio())
        }
        TeamScoring::BoardAMatch => (half(m.bam_home), half(m.bam_visit)),
        TeamScoring::Patton => bridge::teams::patton(m),
    }
}

/// The points of a bye: the bye's VPs; at board-a-match half the boards (an average match),
/// at Patton both.
fn bye_points(s: &TeamEventSettings) -> Ratio {
    let average = Ratio::new(i128::from(s.boards_per_match), 2);
    match s.scoring {
        TeamScoring::Wbf2013 | TeamScoring::CrossImps => s.bye_vp.to_ratio(),
        TeamScoring::BoardAMatch => average,
        TeamScoring::Patton => average + s.bye_vp.to_ratio(),
    }
}

fn outcome(
    e: &TeamEvent,
    m: TeamMatch,
    stored: &Stored,
    conflicted: &BTreeSet<RoomBoard>,
) -> Result<MatchOutcome> {
    let mut boards = Vec::new();
    let mut complete = m.visit.is_some();
    let mut scores = Vec::new();
    for &b in &m.boards {
        let vul = bridge::board::vulnerability_of(b);
        let room = |room: Room| -> Result<Option<RoomResult>> {
            match stored.get(&(m.round, m.number, room, b)) {
                None => Ok(None),
                Some(x) => Ok(Some(RoomResult {
                    entry: x.entry.clone(),
                    score_ns: played_of(&x.entry)?.score_ns(vul),
                    source: x.source().to_string(),
                    status: x.status,
                })),
            }
        };
        let pairs = e.settings.format == TeamFormat::SwissPairs;
        let open = room(Room::Open)?;
        let closed = if pairs { None } else { room(Room::Closed)? };
        let conflict = e
            .settings
            .format
            .rooms()
            .iter()
            .any(|&r| conflicted.contains(&(m.round, m.number, r, b)));
        let (mut net_home, mut imps_home) = (None, None);
        if pairs {
            // Scored with the whole round ([`score_pair_rounds`]).
            complete &= open.is_some();
        } else if let (Some(o), Some(c)) = (&open, &closed) {
            let s = BoardScores {
                board: b,
                open_ns: o.score_ns,
                closed_ns: c.score_ns,
            };
            net_home = Some(s.net_home());
            imps_home = Some(s.imps_home());
            scores.push(s);
        } else {
            complete = false;
        }
        complete &= !conflict;
        boards.push(BoardComparison {
            board: b,
            open,
            closed,
            net_home,
            imps_home,
            conflict,
        });
    }
    let scale = VpScale::Wbf2013;
    let so_far = bridge::teams::score_match(&scores, scale);
    let (mut score, mut points_home, mut points_visit) = (None, None, None);
    if complete && e.settings.format != TeamFormat::SwissPairs {
        let mut full = so_far.clone();
        // VPs on the match's length (the engine counts the boards it is given).
        (full.vp_home, full.vp_visit) =
            bridge::teams::vps(scale, e.settings.boards_per_match, full.margin());
        let (h, v) = match_points(e.settings.scoring, &full);
        (points_home, points_visit) = (Some(h), Some(v));
        score = Some(full);
    } else if m.visit.is_none() {
        points_home = Some(bye_points(&e.settings));
    }
    Ok(MatchOutcome {
        draw: m,
        boards,
        imps_home: so_far.imps_home,
        imps_visit: so_far.imps_visit,
        complete,
        score,
        points_home,
        points_visit,
    })
}

/// Swiss pairs: the matches of a round are scored together once every table of the round has
/// all its boards, the datum of each board being the whole round's. The board's net score is
/// North-South's score minus the datum. With cross-IMPs there is no datum (no net score), a
/// board's IMPs are shown rounded and the match's IMPs are its rounded margin.
fn score_pair_rounds(e: &TeamEvent, matches: &mut [MatchOutcome]) {
    use bridge::swiss_pairs::{score_round, Line, PlayedRound, Scoring, Settings, Traveller};
    let cross = e.settings.scoring == TeamScoring::CrossImps;
    let settings = Settings {
        bye_vp: e.settings.bye_vp,
        tie_break: e.settings.tie_break,
        ..Settings::default()
    };
    let settings = if cross {
        Settings {
            scoring: Scoring::CrossImps,
            ..settings
        }
    } else {
        settings
    };
    let rounds: BTreeSet<u32> = matches.iter().map(|m| m.draw.round).collect();
    for round in rounds {
        let here: Vec<usize> = (0..matches.len())
            .filter(|&i| matches[i].draw.round == round && matches[i].draw.visit.is_some())
            .collect();
        if here.is_empty() || !here.iter().all(|&i| matches[i].complete) {
            continue;
        }
        let mut travellers: BTreeMap<u32, Vec<Line>> = BTreeMap::new();
        for (t, &i) in here.iter().enumerate() {
            for b in &matches[i].boards {
                if let Some(o) = &b.open {
                    travellers.entry(b.board).or_default().push(Line {
                        table: t as u32 + 1,
                        score_ns: o.score_ns,
                    });
                }
            }
        }
        let datums: BTreeMap<u32, Ratio> = travellers
            .iter()
            .map(|(&b, lines)| {
                let scores: Vec<Ratio> = lines
                    .iter()
                    .map(|l| Ratio::from_int(i64::from(l.score_ns)))
                    .collect();
                (b, bridge::imps::datum(&scores, bridge::Datum::TrimmedMean))
            })
            .collect();
        let played = PlayedRound {
            tables: here
                .iter()
                .map(|&i| (matches[i].draw.home, matches[i].draw.visit.unwrap_or(0)))
                .collect(),
            bye: None,
            boards: travellers
                .into_iter()
                .map(|(board, lines)| Traveller { board, lines })
                .collect(),
        };
        for (pm, &i) in score_round(&played, &settings).into_iter().zip(&here) {
            let m = &mut matches[i];
            let mut score = MatchScore {
                boards: Vec::new(),
                imps_home: 0,
                imps_visit: 0,
                vp_home: pm.vp_ns,
                vp_visit: pm.vp_ew,
                bam_home: 0,
                bam_visit: 0,
            };
            for &(board, imps) in &pm.board_imps {
                // Butler IMPs are whole; cross-IMPs are rounded for the board's line only.
                let imps = imps.round_scaled(0).map_or(0, |x| x as i32);
                if imps > 0 {
                    score.imps_home += imps.unsigned_abs();
                } else {
                    score.imps_visit += imps.unsigned_abs();
                }
                let c = m.boards.iter_mut().find(|c| c.board == board);
                let net = c.as_ref().filter(|_| !cross).and_then(|c| {
                    let d = datums.get(&board)?.round_scaled(0).ok()?;
                    Some(c.open.as_ref()?.score_ns - i32::try_from(d).ok()?)
                });
                if let Some(c) = c {
                    c.imps_home = Some(imps);
                    c.net_home = net;
                }
                score.boards.push((board, net.unwrap_or(0), imps));
            }
            if cross {
                // The match's exact total, rounded once (the engine's margin), not the sum of
                // the rounded boards.
                score.imps_home = u32::try_from(pm.imps_ns.max(0)).unwrap_or(u32::MAX);
                score.imps_visit = u32::try_from((-pm.imps_ns).max(0)).unwrap_or(u32::MAX);
            }
            m.imps_home = score.imps_home;
            m.imps_visit = score.imps_visit;
            m.points_home = Some(pm.vp_ns.to_ratio());
            m.points_visit = Some(pm.vp_ew.to_ratio());
            m.score = Some(score);
        }
    }
}

fn standings(e: &TeamEvent, teams: &[Team], matches: &[MatchOutcome]) -> Vec<TeamRow> {
    let numbers: Vec<TeamId> = teams.iter().map(|t| t.number).collect();
    let played: Vec<bridge::teams::MatchResult> = matches
        .iter()
        .filter_map(|m| {
            let s = m.score.as_ref()?;
            Some(bridge::teams::MatchResult {
                home: m.draw.home,
                visit: m.draw.visit?,
                imps_home: s.imps_home,
                imps_visit: s.imps_visit,
                vp_home: s.vp_home,
                vp_visit: s.vp_visit,
            })
        })
        .collect();
    let byes: Vec<bridge::teams::Bye> = matches
        .iter()
        .filter(|m| m.draw.visit.is_none())
        .map(|m| bridge::teams::Bye {
            team: m.draw.home,
            vp: e.settings.bye_vp,
        })
        .collect();
    let engine =
        bridge::teams::standings(&numbers, &played, &byes, e.settings.tie_break.tie_breaks());
    let row = |s: &bridge::teams::TeamStanding, place: u32, tied: bool, points: Ratio| TeamRow {
        place,
        tied,
        team: s.team,
        points,
        imps_won: s.imps_won,
        imps_lost: s.imps_lost,
        matches: s.matches,
        quotient: s.imp_quotient(),
    };
    if e.settings.scoring.in_vps() {
        return engine
            .iter()
            .map(|s| row(s, s.place, s.tied, s.vp()))
            .collect();
    }
    let mut totals: BTreeMap<TeamId, Ratio> = numbers.iter().map(|&t| (t, Ratio::ZERO)).collect();
    for m in matches {
        for (t, p) in [
            (Some(m.draw.home), m.points_home),
            (m.draw.visit, m.points_visit),
        ] {
            if let (Some(t), Some(p)) = (t, p) {
                if let Some(total) = totals.get_mut(&t) {
                    *total += p;
                }
            }
        }
    }
    let list: Vec<(TeamId, Ratio)> = totals.into_iter().collect();
    bridge::teams::rank_by_points(&list)
        .into_iter()
        .filter_map(|(t, place, tied)| {
            let s = engine.iter().find(|s| s.team == t)?;
            let points = list.iter().find(|x| x.0 == t)?.1;
            Some(row(s, place, tied, points))
        })
        .collect()
}

pub(super) fn results_on(c: &Connection, id: TeamEventId) -> Result<TeamResults> {
    let event = load_event(c, id)?;
    let teams = load_teams(c, id)?;
    let stored = load_results(c, id)?;
    let conflicts = load_conflicts(c, id)?;
    let conflicted: BTreeSet<RoomBoard> = conflicts
        .iter()
        .map(|k| (k.round, k.match_no, k.room, k.board))
        .collect();
    let mut matches = load_matches(c, &event)?
        .into_iter()
        .map(|m| outcome(&event, m, &stored, &conflicted))
        .collect::<Result<Vec<_>>>()?;
    if event.settings.format == TeamFormat::SwissPairs {
        score_pair_rounds(&event, &mut matches);
    }
    let standings = standings(&event, &teams, &matches);
    Ok(TeamResults {
        event,
        teams,
        matches,
        standings,
        conflicts,
    })
}

// ---------------------------------------------------------------------------------------------
// The store's interface

impl Store {
    pub fn create_bridge_team_event(
        &self,
        actor: &str,
        s: &TeamEventSettings,
    ) -> Result<TeamEventId> {
        validate(s)?;
        self.transaction(|tx| {
            tx.execute(
                "INSERT INTO bridge_team_event (name, boards_per_match, created_at) \
                 VALUES (?1, ?2, ?3)",
                params![s.name.trim(), s.boards_per_match, crate::db::now()],
            )?;
            let id = tx.last_insert_rowid();
            write_settings(tx, id, s)?;
            log(tx, id, actor, "create", &(), s)?;
            Ok(id)
        })
    }

    /// Changes the settings; the number of boards a match and the format are fixed once a
    /// round is drawn.
    pub fn update_bridge_team_event(
        &self,
        actor: &str,
        id: TeamEventId,
        s: &TeamEventSettings,
    ) -> Result<()> {
        validate(s)?;
        self.transaction(|tx| {
            let old = load_event(tx, id)?;
            if old.rounds > 0
                && (old.settings.boards_per_match != s.boards_per_match
                    || old.settings.format != s.format)
            {
                return Err(Error::refused(
                    Refusal::EventStarted,
                    "the boards a match and the format are fixed once round 1 is drawn",
                ));
            }
            if s.swiss_rounds > 0 && s.swiss_rounds < old.rounds {
                return Err(Error::invalid(
                    "swiss_rounds",
                    format!("{} rounds at least (drawn so far)", old.rounds),
                    s.swiss_rounds.to_string(),
                ));
            }
            write_settings(tx, id, s)?;
            log(tx, id, actor, "settings", &old.settings, s)
        })
    }

    pub fn bridge_team_events(&self) -> Result<Vec<TeamEvent>> {
        self.with_conn(|c| {
            let ids: Vec<TeamEventId> = {
                let mut st = c.prepare("SELECT id FROM bridge_team_event ORDER BY id DESC")?;
                let rows = st.query_map([], |r| r.get(0))?;
                rows.collect::<rusqlite::Result<_>>()?
            };
            ids.into_iter().map(|id| load_event(c, id)).collect()
        })
    }

    pub fn bridge_team_event(&self, id: TeamEventId) -> Result<TeamEvent> {
        self.with_conn(|c| load_event(c, id))
    }

    pub fn bridge_teams(&self, id: TeamEventId) -> Result<Vec<Team>> {
        self.with_conn(|c| {
            load_event(c, id)?;
            load_teams(c, id)
        })
    }

    /// Enters or changes team `number` (numbers follow on: 1, 2, …). New teams are refused
    /// once round 1 of a round robin is drawn (its schedule is fixed).
    pub fn set_bridge_team(
        &self,
        actor: &str,
        id: TeamEventId,
        number: u32,
        t: &NewTeam,
    ) -> Result<()> {
        self.transaction(|tx| {
            let e = load_event(tx, id)?;
            let pair_name;
            let t = if e.settings.format == TeamFormat::SwissPairs && t.name.trim().is_empty() {
                // A pair is named by its players unless the director names it.
                let names: Vec<&str> = t.players.iter().map(|p| p.name.as_str()).collect();
                pair_name = NewTeam {
                    name: Label::from_stored(&names.join(" – ")),
                    players: t.players.clone(),
                };
                &pair_name
            } else {
                t
            };
            validate_team(t, e.settings.format)?;
            let teams = load_teams(tx, id)?;
            let before = teams.iter().find(|x| x.number == number).cloned();
            if before.is_none() {
                if number != teams.len() as u32 + 1 {
                    return Err(Error::invalid(
                        "team_number",
                        format!("a team number from 1 to {}", teams.len() + 1),
                        number.to_string(),
                    ));
                }
                if e.rounds > 0 && e.settings.format == TeamFormat::RoundRobin {
                    return Err(Error::refused(
                        Refusal::RoundRobinFixed,
                        "a round robin's teams are fixed once round 1 is drawn",
                    ));
                }
            }
            tx.execute(
                "INSERT OR REPLACE INTO bridge_team (event_id, number, name, players) \
                 VALUES (?1, ?2, ?3, ?4)",
                params![
                    id,
                    number,
                    t.name.trim(),
                    serde_json::to_string(&t.players)?
                ],
            )?;
            let after = Team {
                number,
                details: t.clone(),
            };
            log(tx, id, actor, "team", &before, &after)
        })
    }

    /// Draws the next round: the round robin's next round, or a Swiss round paired on the
    /// standings (no rematch; the lowest team without a bye sits out an odd field), once
    /// every match of the round before is complete.
    pub fn draw_bridge_team_round(&self, actor: &str, id: TeamEventId) -> Result<u32> {
        self.transaction(|tx| {
            let r = results_on(tx, id)?;
            let n = r.teams.len() as u32;
            if n < 2 {
                return Err(Error::refused(
                    Refusal::TooFewPlayers,
                    "two teams at least are needed",
                ));
            }
            let round = r.event.rounds + 1;
            let pairs: Vec<(u32, Option<u32>)> = match r.event.settings.format {
                TeamFormat::RoundRobin => {
                    let schedule = bridge::teams::round_robin(n);
                    let Some(this) = schedule.get(round as usize - 1) else {
                        return Err(Error::refused(
                            Refusal::AllRoundsPaired,
                            format!("the round robin has {} rounds", schedule.len()),
                        ));
                    };
                    this.iter().map(|p| (p.home, p.visit)).collect()
                }
                TeamFormat::Swiss | TeamFormat::SwissPairs => {
                    let total = r.event.total_rounds;
                    if total > 0 && round > total {
                        return Err(Error::refused(
                            Refusal::AllRoundsPaired,
                            format!("the Swiss plays {total} rounds"),
                        ));
                    }
                    if r.matches
                        .iter()
                        .any(|m| m.draw.visit.is_some() && !m.complete)
                    {
                        return Err(Error::refused(
                            Refusal::MissingResults,
                            format!("round {} still has boards without both rooms", round - 1),
                        ));
                    }
                    let ranked: Vec<TeamId> = r.standings.iter().map(|s| s.team).collect();
                    let met: BTreeSet<(TeamId, TeamId)> = r
                        .matches
                        .iter()
                        .filter_map(|m| Some((m.draw.home, m.draw.visit?)))
                        .collect();
                    let had_bye: BTreeSet<TeamId> = r
                        .matches
                        .iter()
                        .filter(|m| m.draw.visit.is_none())
                        .map(|m| m.draw.home)
                        .collect();
                    let Some(draw) = bridge::teams::swiss_pairing(&ranked, &met, &had_bye) else {
                        return Err(Error::refused(
                            Refusal::AllRoundsPaired,
                            "every pairing of the next round would repeat a match",
                        ));
                    };
                    let mut list: Vec<(u32, Option<u32>)> =
                        draw.pairs.iter().map(|&(h, v)| (h, Some(v))).collect();
                    list.extend(draw.bye.map(|b| (b, None)));
                    list
                }
            };
            // Matches first, the bye last.
            let mut ordered: Vec<&(u32, Option<u32>)> =
                pairs.iter().filter(|p| p.1.is_some()).collect();
            ordered.extend(pairs.iter().filter(|p| p.1.is_none()));
            for (k, (home, visit)) in ordered.iter().enumerate() {
                tx.execute(
                    "INSERT INTO bridge_team_match (event_id, round, number, home, visit) \
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![id, round, k as u32 + 1, home, visit],
                )?;
            }
            log(tx, id, actor, "draw", &(round - 1), &(round, &pairs))?;
            Ok(round)
        })
    }

    /// A room's result on a board. `shown`: what the director's page showed there (`None`
    /// from a table). A table's entry is stored where nothing is, or over the same device's
    /// own entry; the director's where the stored result is still what the page showed.
    /// Anything else that differs from the stored result is kept apart as a conflict for the
    /// director to settle: nothing is overwritten.
    pub fn enter_bridge_team_result(
        &self,
        actor: &str,
        id: TeamEventId,
        at: RoomBoard,
        e: &Entry,
        shown: Option<Option<&Entry>>,
        device: &str,
    ) -> Result<EnterOutcome> {
        let (entry, _) = normalize(e)?;
        let shown = shown
            .map(|s| s.map(|s| normalize(s).map(|x| x.0)).transpose())
            .transpose()?;
        let (round, m, room, board) = at;
        self.transaction(|tx| {
            let event = load_event(tx, id)?;
            if !event.settings.format.rooms().contains(&room) {
                return Err(Error::refused(
                    Refusal::NotThisTable,
                    "a Swiss pairs match is played at one table (the open room)",
                ));
            }
            let matches = load_matches(tx, &event)?;
            if !matches
                .iter()
                .any(|x| x.round == round && x.number == m && x.boards.contains(&board))
            {
                return Err(Error::refused(
                    Refusal::NotThisTable,
                    format!("board {board} is not played in match {m} of round {round}"),
                ));
            }
            let stored = load_results(tx, id)?.remove(&at);
            let director = shown.is_some();
            let before = stored.as_ref().map(|s| &s.entry);
            let after = serde_json::json!({ "at": at, "entry": entry, "device": device });
            let rule = match &shown {
                // Already so, or left by the director's form as its page showed it.
                Some(_) if before == Some(&entry) => TableEntry::Unchanged,
                Some(shown) if shown.as_ref() == Some(&entry) => TableEntry::Unchanged,
                Some(shown) if shown.as_ref() == before => TableEntry::Write,
                Some(_) => TableEntry::Conflict,
                // A table's entry: the same rule as a pairs table's.
                None => table_entry(
                    stored.as_ref().map(|s| StoredResult {
                        status: s.status,
                        entry: Some(&s.entry),
                        device: &s.device,
                    }),
                    &entry,
                    device,
                    &format!("board {board} of match {m}, {} room", room.code()),
                )?,
            };
            match rule {
                TableEntry::Unchanged => return Ok(EnterOutcome::Unchanged),
                TableEntry::Write => {
                    let status = if director {
                        LineStatus::Director
                    } else {
                        LineStatus::Entered
                    };
                    write_result(tx, id, at, &entry, status, device)?;
                    if !director && stored.is_some() {
                        // The phone corrects its own entry: another entry that now agrees
                        // leaves nothing for the director.
                        agree(tx, id, at, &entry)?;
                    }
                    log(tx, id, actor, "enter", &(at, before), &after)?;
                    return Ok(EnterOutcome::Stored);
                }
                // The director's page showed something else: said, nothing written (as the
                // pairs grid does); a table's different entry waits as a conflict below.
                TableEntry::Conflict if director => {
                    let changed = Changed::RoomBoard {
                        round,
                        match_no: m,
                        room: room.code().to_string(),
                        board,
                        stored: before.cloned().map(Box::new),
                        yours: Box::new(entry),
                    };
                    return Err(Error::Conflict {
                        version: crate::versions::version_on(
                            tx,
                            crate::versions::Scope::BridgeTeams(id),
                        )?,
                        changed: vec![changed],
                    });
                }
                TableEntry::Conflict => {}
            }
            let other = serde_json::to_string(&entry)?;
            let known: bool = tx.query_row(
                "SELECT EXISTS (SELECT 1 FROM bridge_team_conflict WHERE event_id = ?1 \
                 AND round = ?2 AND match_no = ?3 AND room = ?4 AND board = ?5 \
                 AND resolved_at IS NULL AND other = ?6)",
                params![id, round, m, room.code(), board, other],
                |r| r.get(0),
            )?;
            if !known {
                let kept = serde_json::to_string(&before)?;
                tx.execute(
                    "INSERT INTO bridge_team_conflict (event_id, round, match_no, room, board, \
                     kept, other, other_device, created_at, other_source) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                    params![
                        id,
                        round,
                        m,
                        room.code(),
                        board,
                        kept,
                        other,
                        if director { actor } else { device },
                        crate::db::now(),
                        if director { "director" } else { "table" }
                    ],
                )?;
                log(tx, id, actor, "conflict", &(at, before), &after)?;
            }
            Ok(EnterOutcome::Conflict)
        })
    }

    /// The director settles a conflict: the result as stored, or the other entry; either
    /// way the result is the director's from then on and the board's conflicts are closed.
    pub fn resolve_bridge_team_conflict(
        &self,
        actor: &str,
        id: TeamEventId,
        conflict: i64,
        take_other: bool,
    ) -> Result<()> {
        self.transaction(|tx| {
            load_event(tx, id)?;
            let Some(k) = load_conflicts(tx, id)?
                .into_iter()
                .find(|k| k.id == conflict)
            else {
                return Err(settled_meanwhile(tx, id, conflict, take_other)?);
            };
            let at = (k.round, k.match_no, k.room, k.board);
            let stored = load_results(tx, id)?.remove(&at).map(|s| s.entry);
            let entry = match (take_other, &stored) {
                (false, Some(e)) => e.clone(),
                _ => k.other.clone(),
            };
            write_result(tx, id, at, &entry, LineStatus::Director, "")?;
            close_conflicts(tx, id, at, actor)?;
            let action = if take_other {
                "resolve_other"
            } else {
                "resolve_kept"
            };
            log(tx, id, actor, action, &(at, stored), &(at, &entry))
        })
    }

    /// The event scored on its complete matches, with every match's boards.
    pub fn bridge_team_results(&self, id: TeamEventId) -> Result<TeamResults> {
        self.with_conn(|c| results_on(c, id))
    }
}

fn write_settings(c: &Connection, id: TeamEventId, s: &TeamEventSettings) -> Result<()> {
    c.execute(
        "UPDATE bridge_team_event SET name = ?2, date = ?3, boards_per_match = ?4, scoring = ?5, \
         format = ?6, bye_vp = ?7, public = ?8, swiss_rounds = ?9, club = ?10, tie_break = ?11 \
         WHERE id = ?1",
        params![
            id,
            s.name.trim(),
            s.date,
            s.boards_per_match,
            s.scoring.code(),
            s.format.code(),
            s.bye_vp.hundredths(),
            s.public,
            s.swiss_rounds,
            s.club.trim(),
            s.tie_break.code()
        ],
    )?;
    Ok(())
}
