//! The phones at a teams event's tables (issue 24 §1): each table of a match, open room and
//! closed room, has a printed code like a pairs table's. Match `k` of every round sits at the
//! same two tables, so a code opens its room's boards of the round the table is in. The phone
//! works as a pairs table's, by the same rules ([`super::at_table`]): North enters a board,
//! East or West confirms it, the phone that entered it corrects it until then; the table moves
//! on once its boards are confirmed or its teams have played a later round, and a round before
//! the table's is the director's.
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
//! let tables = store.bridge_team_tables(id).unwrap();
//! assert_eq!(tables.len(), 4); // two matches, two rooms each
//! let (_, t) = store.open_bridge_team_table("127.0.0.1", &tables[1].code).unwrap();
//! assert_eq!((t.match_no, t.room), (1, Room::Closed));
//! let e = Entry::played("4S", bridge::Seat::South, 10, "HA");
//! store.enter_bridge_team_table(id, &t, 1, 1, &e, "phone").unwrap();
//! store.confirm_bridge_team_table(id, &t, 1, 1).unwrap();
//! assert_eq!(store.bridge_team_table_round(id, &t).unwrap(), Some(1));
//! ```

use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

use super::at_table::{round_at_table, table_confirm, RoundAtTable};
use super::session::find_table_code;
use super::teams::{load_event, load_matches, load_results, log, StoredRoom};
use super::{BridgeSession, EnterOutcome, Entry, LineStatus, Room, TeamEvent, TeamEventId};
use crate::error::{Error, Refusal, Result};
use crate::Store;

/// One table of a teams event: a match number's room, and its printed code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TeamTable {
    #[serde(rename = "match")]
    pub match_no: u32,
    pub room: Room,
    pub code: String,
}

/// What a table's code opens: a pairs session's table or a teams event's.
#[derive(Debug, Clone)]
pub enum OpenedTable {
    Pairs(BridgeSession, u32),
    Teams(TeamEvent, TeamTable),
    /// An individual session's table.
    Individual(super::Individual, u32),
}

fn normalized(code: &str) -> String {
    code.chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_uppercase()
}

/// The teams table `code` opens, if any.
fn find_team_table(c: &Connection, code: &str) -> Result<Option<(TeamEventId, TeamTable)>> {
    let code = normalized(code);
    let row = c
        .query_row(
            "SELECT event_id, match_no, room FROM bridge_team_table WHERE code = ?1",
            [&code],
            |r| {
                Ok((
                    r.get::<_, TeamEventId>(0)?,
                    r.get::<_, u32>(1)?,
                    r.get::<_, String>(2)?,
                ))
            },
        )
        .optional()?;
    Ok(row.map(|(id, match_no, room)| {
        (
            id,
            TeamTable {
                match_no,
                room: Room::parse(&room).unwrap_or(Room::Open),
                code,
            },
        )
    }))
}

fn teams_table_or_bad_code(c: &Connection, code: &str) -> Result<(TeamEvent, TeamTable)> {
    match find_team_table(c, code)? {
        Some((id, t)) => Ok((load_event(c, id)?, t)),
        None => Err(Error::refused(Refusal::BadCode, "this code opens no table")),
    }
}

/// The round `t` is in ([`round_at_table`]), `None` before a round is drawn. A round is done
/// at the table once this room's result of every board of its match is confirmed (or the
/// director's), or when the table has no match in it; it is left once a team of its match has
/// entered or confirmed a result of a later round, wherever that round sat it.
fn table_round_on(c: &Connection, id: TeamEventId, t: &TeamTable) -> Result<Option<u32>> {
    let event = load_event(c, id)?;
    let results = load_results(c, id)?;
    let matches = load_matches(c, &event)?;
    let by_table = |x: &StoredRoom| matches!(x.status, LineStatus::Entered | LineStatus::Confirmed);
    // The rounds each team has entered results in at a table.
    let mut played: Vec<(u32, u32)> = Vec::new();
    for (&(round, number, _, _), x) in &results {
        if !by_table(x) {
            continue;
        }
        if let Some(m) = matches
            .iter()
            .find(|m| (m.round, m.number) == (round, number))
        {
            played.extend(
                [m.home]
                    .into_iter()
                    .chain(m.visit)
                    .map(|team| (team, round)),
            );
        }
    }
    let rounds: Vec<RoundAtTable> = (1..=event.rounds)
        .map(|round| {
            let here = matches
                .iter()
                .find(|m| m.round == round && m.number == t.match_no && m.visit.is_some());
            let Some(here) = here else {
                return RoundAtTable {
                    done: true,
                    ..RoundAtTable::default()
                };
            };
            let room = |b: u32| results.get(&(round, t.match_no, t.room, b));
            let teams = [Some(here.home), here.visit];
            RoundAtTable {
                entered: here.boards.iter().any(|&b| room(b).is_some_and(by_table)),
                done: here
                    .boards
                    .iter()
                    .all(|&b| room(b).is_some_and(|x| x.status.is_final())),
                left: played
                    .iter()
                    .any(|&(team, r)| r > round && teams.contains(&Some(team))),
            }
        })
        .collect();
    Ok(round_at_table(&rounds))
}

impl Store {
    /// The event's tables with their codes: two rooms for each match a round can have (one
    /// match for every two teams). Codes are drawn for tables that have none yet; a table
    /// keeps its code when teams are added.
    pub fn bridge_team_tables(&self, id: TeamEventId) -> Result<Vec<TeamTable>> {
        self.transaction(|tx| {
            let event = load_event(tx, id)?;
            let teams: u32 = tx.query_row(
                "SELECT COUNT(*) FROM bridge_team WHERE event_id = ?1",
                [id],
                |r| r.get(0),
            )?;
            let drawn: u32 = tx.query_row(
                "SELECT COALESCE(MAX(number), 0) FROM bridge_team_match \
                 WHERE event_id = ?1 AND visit IS NOT NULL",
                [id],
                |r| r.get(0),
            )?;
            for match_no in 1..=(teams / 2).max(drawn) {
                for &room in event.settings.format.rooms() {
                    let has: bool = tx.query_row(
                        "SELECT EXISTS (SELECT 1 FROM bridge_team_table WHERE event_id = ?1 \
                         AND match_no = ?2 AND room = ?3)",
                        params![id, match_no, room.code()],
                        |r| r.get(0),
                    )?;
                    if !has {
                        let code = crate::new_codes::new_code(tx)?;
                        tx.execute(
                            "INSERT INTO bridge_team_table (event_id, match_no, room, code) \
                             VALUES (?1, ?2, ?3, ?4)",
                            params![id, match_no, room.code(), code],
                        )?;
                    }
                }
            }
            let mut st = tx.prepare(
                "SELECT match_no, room, code FROM bridge_team_table WHERE event_id = ?1 \
                 ORDER BY match_no, room = 'closed'",
            )?;
            let rows = st.query_map([id], |r| {
                Ok(TeamTable {
                    match_no: r.get(0)?,
                    room: Room::parse(&r.get::<_, String>(1)?).unwrap_or(Room::Open),
                    code: r.get(2)?,
                })
            })?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
    }

    /// The teams event and table a printed code opens, under the wrong-code limits
    /// ([`crate::throttle`]).
    pub fn open_bridge_team_table(
        &self,
        address: &str,
        code: &str,
    ) -> Result<(TeamEvent, TeamTable)> {
        self.code_attempt(address, |c| teams_table_or_bad_code(c, code))
    }

    /// What a table's code opens, a pairs table or a teams table (one code box opens either),
    /// under the wrong-code limits.
    pub fn open_any_table(&self, address: &str, code: &str) -> Result<OpenedTable> {
        self.code_attempt(address, |c| {
            if let Some((id, t)) = find_team_table(c, code)? {
                return Ok(OpenedTable::Teams(load_event(c, id)?, t));
            }
            if let Some((i, table)) =
                super::individual::find_individual_table(c, &normalized(code))?
            {
                return Ok(OpenedTable::Individual(i, table));
            }
            let (s, table) = find_table_code(c, code)?;
            Ok(OpenedTable::Pairs(s, table))
        })
    }

    /// The round table `t` is in (see the module's doc).
    pub fn bridge_team_table_round(&self, id: TeamEventId, t: &TeamTable) -> Result<Option<u32>> {
        self.with_conn(|c| table_round_on(c, id, t))
    }

    /// The boards table `t` left open in the rounds before the one it is in, as (round,
    /// board): without this room's confirmed result, the director's.
    pub fn bridge_team_left_for_director(
        &self,
        id: TeamEventId,
        t: &TeamTable,
    ) -> Result<Vec<(u32, u32)>> {
        self.with_conn(|c| {
            let Some(current) = table_round_on(c, id, t)? else {
                return Ok(Vec::new());
            };
            let results = load_results(c, id)?;
            let event = load_event(c, id)?;
            Ok(load_matches(c, &event)?
                .iter()
                .filter(|m| m.number == t.match_no && m.round < current && m.visit.is_some())
                .flat_map(|m| m.boards.iter().map(move |&b| (m.round, b)))
                .filter(|&(round, b)| {
                    !results
                        .get(&(round, t.match_no, t.room, b))
                        .is_some_and(|x| x.status.is_final())
                })
                .collect())
        })
    }

    /// A board entered from a table's phone (`device`): the same rule as any table's entry
    /// ([`Store::enter_bridge_team_result`]: a different entry from another device is a
    /// conflict, nothing is overwritten). A round before the one the table is in is the
    /// director's and refused.
    pub fn enter_bridge_team_table(
        &self,
        id: TeamEventId,
        t: &TeamTable,
        round: u32,
        board: u32,
        e: &Entry,
        device: &str,
    ) -> Result<EnterOutcome> {
        let current = self.bridge_team_table_round(id, t)?;
        if current.is_some_and(|c| round < c) {
            return Err(round_over(round));
        }
        let actor = table_actor(t);
        self.enter_bridge_team_result(
            &actor,
            id,
            (round, t.match_no, t.room, board),
            e,
            None,
            device,
        )
    }

    /// East or West confirms the room's result of `board` that North entered, as at a pairs
    /// table ([`Store::confirm_line`]): refused when nothing was entered, when the director
    /// settled it, and in a round the table has left.
    pub fn confirm_bridge_team_table(
        &self,
        id: TeamEventId,
        t: &TeamTable,
        round: u32,
        board: u32,
    ) -> Result<()> {
        self.transaction(|tx| {
            let event = load_event(tx, id)?;
            if !load_matches(tx, &event)?
                .iter()
                .any(|m| m.round == round && m.number == t.match_no && m.boards.contains(&board))
            {
                return Err(Error::refused(
                    Refusal::NotThisTable,
                    format!(
                        "board {board} is not played in match {} of round {round}",
                        t.match_no
                    ),
                ));
            }
            let at = (round, t.match_no, t.room, board);
            let stored = load_results(tx, id)?.remove(&at);
            let what = format!(
                "board {board} of match {}, {} room",
                t.match_no,
                t.room.code()
            );
            if !table_confirm(stored.as_ref().map(|s| s.status), &what)? {
                return Ok(());
            }
            if table_round_on(tx, id, t)?.is_some_and(|c| round < c) {
                return Err(round_over(round));
            }
            tx.execute(
                "UPDATE bridge_team_result SET confirmed_at = ?6 WHERE event_id = ?1 \
                 AND round = ?2 AND match_no = ?3 AND room = ?4 AND board = ?5",
                params![
                    id,
                    round,
                    t.match_no,
                    t.room.code(),
                    board,
                    crate::db::now()
                ],
            )?;
            let entry = stored.map(|s| s.entry);
            log(
                tx,
                id,
                &table_actor(t),
                "confirm",
                &(at, &entry),
                &(at, &entry),
            )
        })
    }
}

/// Who a table's write is logged as.
fn table_actor(t: &TeamTable) -> String {
    format!("table {} {}", t.match_no, t.room.code())
}

fn round_over(round: u32) -> Error {
    Error::refused(
        Refusal::RoundClosed,
        format!("round {round} is over at this table: the director enters its boards"),
    )
}
