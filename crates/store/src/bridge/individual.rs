//! Bridge individual sessions (issue 38 §3): every player partners different players, by the
//! published movements [`bridge::individual`] builds (Whist for 2–5 tables, Rainbow for 5 and 7).
//! The tables' phones enter the boards by the table's printed code as at a pairs table, by the
//! same rules ([`super::at_table`]): North enters, East or West confirms, the phone that entered
//! corrects its entry until then, and a different entry from another phone is kept as a conflict
//! for the director, who settles a line by entering it. The ranking is
//! [`bridge::individual::score`]'s, on every line with a result.
//!
//! ```
//! use store::Store;
//! use store::bridge::{Entry, IndividualSettings};
//! use bridge::individual::IndividualKind;
//! let store = Store::open_in_memory().unwrap();
//! let s = IndividualSettings::new("Monday individual".parse().unwrap(), IndividualKind::Rainbow, 5, 1);
//! let id = store.create_individual("td", &s).unwrap();
//! let at = store.individual_table_round(id, 1, 1).unwrap();
//! assert_eq!(at.seating.north, 1);
//! let e = Entry::played("4S", bridge::Seat::North, 10, "");
//! store.enter_individual(id, 1, 1, 1, &e, "phone-1").unwrap();
//! assert_eq!(store.individual_ranking(id).unwrap().scored.ranking.len(), 4);
//! ```

use std::collections::BTreeSet;

use bridge::individual::{self, IndividualKind, IndividualMovement, IndividualScored, Seating};
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;
use serde_json::json;

use super::at_table::{round_at_table, table_confirm, table_entry, RoundAtTable, StoredResult};
use super::lines::normalize;
use super::{EnterOutcome, Entry, LineStatus, TableCode};
use crate::error::{Error, Refusal, Result};
use crate::text::{Label, PersonName};
use crate::Store;

/// Row id of an individual session.
pub type IndividualId = i64;

/// What the director sets up: the movement is fixed at creation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IndividualSettings {
    pub name: Label,
    #[serde(serialize_with = "kind_name")]
    pub kind: IndividualKind,
    pub tables: u32,
    pub boards_per_round: u32,
}

fn kind_name<S: serde::Serializer>(
    k: &IndividualKind,
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    s.serialize_str(k.name())
}

impl IndividualSettings {
    pub fn new(
        name: Label,
        kind: IndividualKind,
        tables: u32,
        boards_per_round: u32,
    ) -> IndividualSettings {
        IndividualSettings {
            name,
            kind,
            tables,
            boards_per_round,
        }
    }

    /// The movement these settings describe, or why there is none (named by its form field).
    pub fn movement(&self) -> Result<IndividualMovement> {
        individual::build(self.kind, self.tables, self.boards_per_round).map_err(|e| match e {
            individual::IndividualError::Tables { kind, .. } => {
                let offered: Vec<String> = kind.offered().iter().map(u32::to_string).collect();
                Error::invalid(
                    "individual_tables",
                    format!("{} tables for the {kind} movement", offered.join(" or ")),
                    self.tables.to_string(),
                )
            }
            individual::IndividualError::BoardsPerRound(n) => {
                Error::invalid("boards_per_round", e.to_string(), n.to_string())
            }
        })
    }
}

/// An individual session as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Individual {
    pub id: IndividualId,
    pub settings: IndividualSettings,
    pub created_at: String,
}

/// One traveller line the movement expects, with its result when one is in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IndividualLine {
    pub board: u32,
    pub round: u32,
    pub table: u32,
    /// North, East, South, West.
    pub players: [u32; 4],
    pub status: LineStatus,
    pub entry: Option<Entry>,
    /// North-South's score of the entered contract.
    pub score_ns: Option<i32>,
    pub conflict: bool,
}

/// One table in one round: who sits where and the boards' lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndividualTableRound {
    pub table: u32,
    pub round: u32,
    pub rounds: u32,
    pub seating: Seating,
    pub lines: Vec<IndividualLine>,
}

/// A second entry of a line that differs from the stored one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IndividualConflict {
    pub id: i64,
    pub board: u32,
    pub table: u32,
    pub round: u32,
    pub kept: Entry,
    pub other: Entry,
    pub other_device: String,
}

/// The ranking on the lines with a result, and how many lines are still without one or not yet
/// confirmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndividualRanking {
    pub scored: IndividualScored,
    /// Lines without a result.
    pub missing: usize,
    /// Lines entered but not confirmed, or with an open conflict.
    pub open: usize,
}

fn log(
    conn: &Connection,
    id: IndividualId,
    actor: &str,
    action: &str,
    before: &impl Serialize,
    after: &impl Serialize,
) -> Result<()> {
    conn.execute(
        "INSERT INTO bridge_individual_log (individual_id, at, actor, action, before, after) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            id,
            crate::db::now(),
            actor,
            action,
            serde_json::to_string(before)?,
            serde_json::to_string(after)?
        ],
    )?;
    Ok(())
}

fn load(conn: &Connection, id: IndividualId) -> Result<Individual> {
    let row: Option<(Label, String, u32, u32, String)> = conn
        .query_row(
            "SELECT name, kind, tables, boards_per_round, created_at FROM bridge_individual \
             WHERE id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )
        .optional()?;
    let (name, kind, tables, boards_per_round, created_at) =
        row.ok_or(Error::NotFound("individual session"))?;
    let kind = kind
        .parse()
        .map_err(|()| Error::invalid("kind", "an individual movement (whist or rainbow)", &kind))?;
    Ok(Individual {
        id,
        settings: IndividualSettings {
            name,
            kind,
            tables,
            boards_per_round,
        },
        created_at,
    })
}

fn movement_of(conn: &Connection, id: IndividualId) -> Result<IndividualMovement> {
    load(conn, id)?.settings.movement()
}

/// Where a line is: (board, table, round).
type At = (u32, u32, u32);

/// A stored result: status, entry, device.
type StoredLine = (LineStatus, Entry, String);

fn stored_lines(
    conn: &Connection,
    id: IndividualId,
) -> Result<std::collections::BTreeMap<At, StoredLine>> {
    let mut st = conn.prepare_cached(
        "SELECT board, table_number, round, status, contract, declarer, lead, tricks, device \
         FROM bridge_individual_line WHERE individual_id = ?1",
    )?;
    let rows = st.query_map([id], |r| {
        let status: String = r.get(3)?;
        let declarer: Option<String> = r.get(5)?;
        Ok((
            (r.get(0)?, r.get(1)?, r.get(2)?),
            (
                LineStatus::parse(&status).unwrap_or(LineStatus::Entered),
                Entry {
                    contract: r.get(4)?,
                    declarer: declarer.and_then(|d| d.parse().ok()),
                    lead: r.get(6)?,
                    tricks: r.get(7)?,
                },
                r.get(8)?,
            ),
        ))
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

fn open_conflicts(conn: &Connection, id: IndividualId) -> Result<BTreeSet<At>> {
    let mut st = conn.prepare_cached(
        "SELECT board, table_number, round FROM bridge_individual_conflict \
         WHERE individual_id = ?1 AND resolved_at IS NULL",
    )?;
    let rows = st.query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Every line the movement expects, by board then table.
fn all_lines(
    conn: &Connection,
    id: IndividualId,
    m: &IndividualMovement,
) -> Result<Vec<IndividualLine>> {
    let stored = stored_lines(conn, id)?;
    let conflicts = open_conflicts(conn, id)?;
    Ok(m.expected_lines()
        .into_iter()
        .map(|(board, round, s)| {
            let found = stored.get(&(board, s.table, round));
            let score_ns = found.and_then(|(_, e, _)| {
                normalize(e)
                    .ok()
                    .map(|(_, p)| p.score_ns(bridge::vulnerability_of(board)))
            });
            IndividualLine {
                board,
                round,
                table: s.table,
                players: [s.north, s.east, s.south, s.west],
                status: found.map_or(LineStatus::Missing, |x| x.0),
                entry: found.map(|x| x.1.clone()),
                score_ns,
                conflict: conflicts.contains(&(board, s.table, round)),
            }
        })
        .collect())
}

/// The round `table` is in: the last it entered or confirmed a line of, moved on past every
/// round it is done with or whose players have entered a later round elsewhere.
fn current_round(
    conn: &Connection,
    id: IndividualId,
    m: &IndividualMovement,
    table: u32,
) -> Result<u32> {
    let lines = all_lines(conn, id, m)?;
    let by_table =
        |l: &&IndividualLine| matches!(l.status, LineStatus::Entered | LineStatus::Confirmed);
    let rounds: Vec<RoundAtTable> = m
        .rounds
        .iter()
        .map(|r| {
            let here = || {
                lines
                    .iter()
                    .filter(|l| l.table == table && l.round == r.round)
            };
            let seated = m
                .seating(r.round, table)
                .map(|s| [s.north, s.east, s.south, s.west])
                .unwrap_or_default();
            RoundAtTable {
                entered: here().any(|l| by_table(&l)),
                done: here().all(|l| l.status.is_final()),
                left: lines
                    .iter()
                    .filter(by_table)
                    .any(|l| l.round > r.round && l.players.iter().any(|p| seated.contains(p))),
            }
        })
        .collect();
    Ok(round_at_table(&rounds).unwrap_or(1))
}

fn check_table(m: &IndividualMovement, table: u32) -> Result<()> {
    if (1..=m.tables).contains(&table) {
        Ok(())
    } else {
        Err(Error::NotFound("table"))
    }
}

/// The line of `board` at `table` in `round`, refused when the board is not played there.
fn line_at(
    conn: &Connection,
    id: IndividualId,
    m: &IndividualMovement,
    (table, round, board): (u32, u32, u32),
) -> Result<IndividualLine> {
    check_table(m, table)?;
    all_lines(conn, id, m)?
        .into_iter()
        .find(|l| l.table == table && l.round == round && l.board == board)
        .ok_or_else(|| {
            Error::refused(
                Refusal::NotThisTable,
                format!("board {board} is not played at table {table} in round {round}"),
            )
        })
}

fn write_line(
    conn: &Connection,
    id: IndividualId,
    (board, table, round): At,
    e: &Entry,
    status: LineStatus,
    device: &str,
) -> Result<()> {
    conn.execute(
        "INSERT INTO bridge_individual_line (individual_id, board, table_number, round, \
         contract, declarer, lead, tricks, status, device, updated_at) \
         VALUES (?1, ?2, ?3, ?11, ?4, ?5, ?6, ?7, ?8, ?9, ?10) \
         ON CONFLICT (individual_id, board, table_number, round) DO UPDATE SET contract = ?4, \
         declarer = ?5, lead = ?6, tricks = ?7, status = ?8, device = ?9, updated_at = ?10",
        params![
            id,
            board,
            table,
            e.contract,
            e.declarer.map(|d| d.letter().to_string()),
            e.lead,
            e.tricks,
            status.code(),
            device,
            crate::db::now(),
            round
        ],
    )?;
    Ok(())
}

fn players_of(conn: &Connection, id: IndividualId, count: u32) -> Result<Vec<(u32, PersonName)>> {
    let mut st = conn.prepare_cached(
        "SELECT number, name FROM bridge_individual_player WHERE individual_id = ?1",
    )?;
    let typed: Vec<(u32, PersonName)> = st
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    Ok((1..=count)
        .map(|n| {
            let name = typed
                .iter()
                .find(|(k, _)| *k == n)
                .map(|(_, name)| name.clone())
                .unwrap_or_default();
            (n, name)
        })
        .collect())
}

/// The individual session and table a printed code opens, if any (`code` normalized).
pub(crate) fn find_individual_table(
    c: &Connection,
    code: &str,
) -> Result<Option<(Individual, u32)>> {
    let found: Option<(IndividualId, u32)> = c
        .query_row(
            "SELECT individual_id, number FROM bridge_individual_table WHERE code = ?1",
            [code],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    match found {
        Some((id, table)) => Ok(Some((load(c, id)?, table))),
        None => Ok(None),
    }
}

impl Store {
    /// Creates an individual session, its movement checked and a code drawn for each table.
    pub fn create_individual(&self, actor: &str, s: &IndividualSettings) -> Result<IndividualId> {
        if s.name.trim().is_empty() {
            return Err(Error::invalid("name", "a session name", "nothing"));
        }
        s.movement()?;
        self.transaction(|tx| {
            tx.execute(
                "INSERT INTO bridge_individual (name, kind, tables, boards_per_round, created_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    s.name.trim(),
                    s.kind.name(),
                    s.tables,
                    s.boards_per_round,
                    crate::db::now()
                ],
            )?;
            let id = tx.last_insert_rowid();
            for table in 1..=s.tables {
                let code = crate::new_codes::new_code(tx)?;
                tx.execute(
                    "INSERT INTO bridge_individual_table (individual_id, number, code) \
                     VALUES (?1, ?2, ?3)",
                    params![id, table, code],
                )?;
            }
            log(tx, id, actor, "create", &json!(null), s)?;
            Ok(id)
        })
    }

    /// Every individual session, newest first.
    pub fn individuals(&self) -> Result<Vec<Individual>> {
        self.with_conn(|c| {
            let mut st = c.prepare("SELECT id FROM bridge_individual ORDER BY id DESC")?;
            let ids: Vec<IndividualId> = st
                .query_map([], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?;
            ids.into_iter().map(|id| load(c, id)).collect()
        })
    }

    pub fn individual(&self, id: IndividualId) -> Result<Individual> {
        self.with_conn(|c| load(c, id))
    }

    /// The session's movement, as [`bridge::individual::build`] makes it.
    pub fn individual_movement(&self, id: IndividualId) -> Result<IndividualMovement> {
        self.with_conn(|c| movement_of(c, id))
    }

    /// Every player 1..4T with their name (empty when not typed).
    pub fn individual_players(&self, id: IndividualId) -> Result<Vec<(u32, PersonName)>> {
        self.with_conn(|c| {
            let s = load(c, id)?.settings;
            players_of(c, id, 4 * s.tables)
        })
    }

    /// Types the players' names, `(number, name)` each; a number outside 1..4T is refused
    /// naming it. Only names that change are written (and logged).
    pub fn set_individual_players(
        &self,
        actor: &str,
        id: IndividualId,
        names: &[(u32, PersonName)],
    ) -> Result<usize> {
        self.transaction(|tx| {
            let s = load(tx, id)?.settings;
            let count = 4 * s.tables;
            let current = players_of(tx, id, count)?;
            let mut changed = 0;
            for (number, name) in names {
                if !(1..=count).contains(number) {
                    return Err(Error::invalid(
                        format!("name_{number}"),
                        format!("a player from 1 to {count}"),
                        number.to_string(),
                    ));
                }
                let before = &current[*number as usize - 1].1;
                if before.trim() == name.trim() {
                    continue;
                }
                tx.execute(
                    "INSERT INTO bridge_individual_player (individual_id, number, name) \
                     VALUES (?1, ?2, ?3) ON CONFLICT (individual_id, number) DO UPDATE SET name = ?3",
                    params![id, number, name.trim()],
                )?;
                log(
                    tx,
                    id,
                    actor,
                    "player",
                    &json!({ "number": number, "name": before.as_str() }),
                    &json!({ "number": number, "name": name.trim() }),
                )?;
                changed += 1;
            }
            Ok(changed)
        })
    }

    pub fn individual_table_codes(&self, id: IndividualId) -> Result<Vec<TableCode>> {
        self.with_conn(|c| {
            load(c, id)?;
            let mut st = c.prepare(
                "SELECT number, code FROM bridge_individual_table WHERE individual_id = ?1 \
                 ORDER BY number",
            )?;
            let rows = st.query_map([id], |r| {
                Ok(TableCode {
                    table: r.get(0)?,
                    code: r.get(1)?,
                })
            })?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
    }

    /// Every line the movement expects, by board then table.
    pub fn individual_lines(&self, id: IndividualId) -> Result<Vec<IndividualLine>> {
        self.with_conn(|c| {
            let m = movement_of(c, id)?;
            all_lines(c, id, &m)
        })
    }

    /// The round `table` is in (see [`round_at_table`]).
    pub fn individual_current_round(&self, id: IndividualId, table: u32) -> Result<u32> {
        self.with_conn(|c| {
            let m = movement_of(c, id)?;
            check_table(&m, table)?;
            current_round(c, id, &m, table)
        })
    }

    /// What `table` plays in `round`: its four players and its boards' lines.
    pub fn individual_table_round(
        &self,
        id: IndividualId,
        table: u32,
        round: u32,
    ) -> Result<IndividualTableRound> {
        self.with_conn(|c| {
            let m = movement_of(c, id)?;
            check_table(&m, table)?;
            let seating = *m.seating(round, table).ok_or(Error::NotFound("round"))?;
            let lines = all_lines(c, id, &m)?
                .into_iter()
                .filter(|l| l.table == table && l.round == round)
                .collect();
            Ok(IndividualTableRound {
                table,
                round,
                rounds: m.rounds.len() as u32,
                seating,
                lines,
            })
        })
    }

    /// A table's entry of a board (by the phone `device`), by the pairs tables' rules: written
    /// where nothing is, over this phone's unconfirmed entry, or kept as a conflict when it
    /// differs from another phone's or a confirmed result. A round before the table's is the
    /// director's.
    pub fn enter_individual(
        &self,
        id: IndividualId,
        table: u32,
        round: u32,
        board: u32,
        e: &Entry,
        device: &str,
    ) -> Result<EnterOutcome> {
        let (entry, _) = normalize(e)?;
        self.transaction(|tx| {
            let m = movement_of(tx, id)?;
            let line = line_at(tx, id, &m, (table, round, board))?;
            let current = current_round(tx, id, &m, table)?;
            if round < current {
                return Err(Error::refused(
                    Refusal::NotThisTable,
                    format!(
                        "table {table} is in round {current}: board {board} of round {round} \
                         is left for the director"
                    ),
                ));
            }
            let stored = stored_lines(tx, id)?;
            let here = stored.get(&(board, table, round));
            let what = format!("board {board} at table {table}");
            let decision = table_entry(
                here.map(|(status, e, d)| StoredResult {
                    status: *status,
                    entry: Some(e),
                    device: d,
                }),
                &entry,
                device,
                &what,
            )?;
            let actor = format!("table {table}");
            match decision {
                super::at_table::TableEntry::Unchanged => Ok(EnterOutcome::Unchanged),
                super::at_table::TableEntry::Write => {
                    write_line(
                        tx,
                        id,
                        (board, table, round),
                        &entry,
                        LineStatus::Entered,
                        device,
                    )?;
                    log(tx, id, &actor, "enter", &line, &entry)?;
                    Ok(EnterOutcome::Stored)
                }
                super::at_table::TableEntry::Conflict => {
                    tx.execute(
                        "INSERT INTO bridge_individual_conflict (individual_id, board, \
                         table_number, round, contract, declarer, lead, tricks, device, \
                         created_at) VALUES (?1, ?2, ?3, ?10, ?4, ?5, ?6, ?7, ?8, ?9)",
                        params![
                            id,
                            board,
                            table,
                            entry.contract,
                            entry.declarer.map(|d| d.letter().to_string()),
                            entry.lead,
                            entry.tricks,
                            device,
                            crate::db::now(),
                            round
                        ],
                    )?;
                    log(tx, id, &actor, "conflict", &line, &entry)?;
                    Ok(EnterOutcome::Conflict)
                }
            }
        })
    }

    /// East or West confirms North's entry of a board.
    pub fn confirm_individual(
        &self,
        id: IndividualId,
        table: u32,
        round: u32,
        board: u32,
    ) -> Result<()> {
        self.transaction(|tx| {
            let m = movement_of(tx, id)?;
            let line = line_at(tx, id, &m, (table, round, board))?;
            let what = format!("board {board} at table {table}");
            if table_confirm(Some(line.status), &what)? {
                tx.execute(
                    "UPDATE bridge_individual_line SET status = 'confirmed', updated_at = ?4 \
                     WHERE individual_id = ?1 AND board = ?2 AND table_number = ?3 \
                     AND round = ?5",
                    params![id, board, table, crate::db::now(), round],
                )?;
                log(
                    tx,
                    id,
                    &format!("table {table}"),
                    "confirm",
                    &line,
                    &json!(null),
                )?;
            }
            Ok(())
        })
    }

    /// The director enters (or corrects) the line of `board` at `table` in `round`, whatever
    /// round the table is in: the line is the director's from then on, and its open conflicts
    /// are settled.
    pub fn set_individual_line(
        &self,
        actor: &str,
        id: IndividualId,
        (board, table, round): (u32, u32, u32),
        e: &Entry,
    ) -> Result<()> {
        let (entry, _) = normalize(e)?;
        self.transaction(|tx| {
            let m = movement_of(tx, id)?;
            let line = line_at(tx, id, &m, (table, round, board))?;
            write_line(
                tx,
                id,
                (board, table, round),
                &entry,
                LineStatus::Director,
                "",
            )?;
            tx.execute(
                "UPDATE bridge_individual_conflict SET resolved_at = ?4 WHERE individual_id = ?1 \
                 AND board = ?2 AND table_number = ?3 AND round = ?5 AND resolved_at IS NULL",
                params![id, board, table, crate::db::now(), round],
            )?;
            log(tx, id, actor, "director", &line, &entry)
        })
    }

    /// The open conflicts, oldest first.
    pub fn individual_conflicts(&self, id: IndividualId) -> Result<Vec<IndividualConflict>> {
        self.with_conn(|c| {
            let m = movement_of(c, id)?;
            let lines = all_lines(c, id, &m)?;
            let mut st = c.prepare(
                "SELECT id, board, table_number, round, contract, declarer, lead, tricks, device \
                 FROM bridge_individual_conflict WHERE individual_id = ?1 \
                 AND resolved_at IS NULL ORDER BY id",
            )?;
            let rows = st.query_map([id], |r| {
                let declarer: Option<String> = r.get(5)?;
                Ok((
                    r.get::<_, i64>(0)?,
                    (
                        r.get::<_, u32>(1)?,
                        r.get::<_, u32>(2)?,
                        r.get::<_, u32>(3)?,
                    ),
                    Entry {
                        contract: r.get(4)?,
                        declarer: declarer.and_then(|d| d.parse().ok()),
                        lead: r.get(6)?,
                        tricks: r.get(7)?,
                    },
                    r.get::<_, String>(8)?,
                ))
            })?;
            let mut out = Vec::new();
            for row in rows {
                let (cid, (board, table, round), other, device) = row?;
                let Some(line) = lines
                    .iter()
                    .find(|l| (l.board, l.table, l.round) == (board, table, round))
                else {
                    continue;
                };
                out.push(IndividualConflict {
                    id: cid,
                    board,
                    table,
                    round: line.round,
                    kept: line.entry.clone().unwrap_or_else(Entry::passed_out),
                    other,
                    other_device: device,
                });
            }
            Ok(out)
        })
    }

    /// The ranking by player ([`bridge::individual::score`]) on every line with a result.
    pub fn individual_ranking(&self, id: IndividualId) -> Result<IndividualRanking> {
        let lines = self.individual_lines(id)?;
        let results: Vec<individual::Result4> = lines
            .iter()
            .filter_map(|l| {
                Some(individual::Result4 {
                    board: l.board,
                    north: l.players[0],
                    east: l.players[1],
                    south: l.players[2],
                    west: l.players[3],
                    score_ns: l.score_ns?,
                })
            })
            .collect();
        let scored = individual::score(&results).map_err(|e| {
            Error::invalid("lines", "one result per player and board", e.to_string())
        })?;
        Ok(IndividualRanking {
            scored,
            missing: lines.iter().filter(|l| l.entry.is_none()).count(),
            open: lines
                .iter()
                .filter(|l| l.entry.is_some() && (!l.status.is_final() || l.conflict))
                .count(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bridge::{Ratio, Seat};

    fn rainbow5(store: &Store) -> IndividualId {
        let s = IndividualSettings::new("Lundi".parse().unwrap(), IndividualKind::Rainbow, 5, 1);
        store.create_individual("td", &s).unwrap()
    }

    #[test]
    fn a_movement_the_engine_does_not_offer_is_refused_naming_the_field() {
        let store = Store::open_in_memory().unwrap();
        let s = IndividualSettings::new("X".parse().unwrap(), IndividualKind::Rainbow, 6, 1);
        let e = store.create_individual("td", &s).unwrap_err();
        assert_eq!(
            e.to_string(),
            "individual_tables: expected 5 or 7 tables for the rainbow movement, found 6"
        );
        let s = IndividualSettings::new("X".parse().unwrap(), IndividualKind::Whist, 3, 9);
        assert!(store
            .create_individual("td", &s)
            .unwrap_err()
            .to_string()
            .starts_with("boards_per_round:"));
    }

    #[test]
    fn phones_enter_confirm_and_conflict_and_the_ranking_is_worked_by_hand() {
        let store = Store::open_in_memory().unwrap();
        let id = rainbow5(&store);
        assert_eq!(store.individual_table_codes(id).unwrap().len(), 5);
        // Rainbow 5 tables, round 1: table t seats N t, E 5+t, S 10+t, W 15+t and plays board t.
        let at = store.individual_table_round(id, 2, 1).unwrap();
        assert_eq!(
            (
                at.seating.north,
                at.seating.east,
                at.seating.south,
                at.seating.west
            ),
            (2, 7, 12, 17)
        );
        assert_eq!(at.lines.len(), 1);
        assert_eq!(at.lines[0].board, 2);
        // Board 1 is played in round r at table 1 (it stays there), by N 1-(r-1), … ;
        // round 1: N1 E6 S11 W16; round 2: N5 E7 S14 W18 (the engine's doc).
        let four = Entry::played("4S", Seat::North, 10, "hk");
        assert_eq!(
            store.enter_individual(id, 1, 1, 1, &four, "p1").unwrap(),
            EnterOutcome::Stored
        );
        // Another phone at the table says 4S-1: kept as a conflict, the line unchanged.
        let down = Entry::played("4S", Seat::North, 9, "");
        assert_eq!(
            store.enter_individual(id, 1, 1, 1, &down, "p2").unwrap(),
            EnterOutcome::Conflict
        );
        let conflicts = store.individual_conflicts(id).unwrap();
        assert_eq!(conflicts.len(), 1);
        assert_eq!(conflicts[0].kept.lead, "HK");
        store.confirm_individual(id, 1, 1, 1).unwrap();
        // The table moved on to round 2 (its only board of round 1 is confirmed).
        assert_eq!(store.individual_current_round(id, 1).unwrap(), 2);
        // Round 2 at table 1: board 1 again, 3NT by East making 9 (NS −400, none vulnerable).
        let three = Entry::played("3NT", Seat::East, 9, "");
        store.enter_individual(id, 1, 2, 1, &three, "p1").unwrap();
        // A round before the table's is the director's.
        assert!(store.enter_individual(id, 1, 1, 1, &down, "p1").is_err());
        // Board 1 (none vulnerable): 4S= by N is +420, 3NT= by E is −400 for NS.
        // Two results, top 2: +420 scores 2 for N1 S11, 0 for E6 W16; −400 scores 0 for N5
        // S14, 2 for E7 W18. Each of them played one board of top 2: 100 % or 0 %.
        let r = store.individual_ranking(id).unwrap();
        assert_eq!(r.missing, 25 - 2);
        assert_eq!(r.open, 2); // round 2's line is not confirmed; round 1's has a conflict
        let pct = |p: u32| {
            r.scored
                .ranking
                .iter()
                .find(|s| s.player == p)
                .and_then(|s| s.percent())
        };
        for p in [1, 11, 7, 18] {
            assert_eq!(pct(p), Some(Ratio::from_int(100)), "player {p}");
        }
        for p in [6, 16, 5, 14] {
            assert_eq!(pct(p), Some(Ratio::from_int(0)), "player {p}");
        }
        // The director settles the conflict by entering the line: 4S-1 (NS −50).
        store
            .set_individual_line("td", id, (1, 1, 1), &down)
            .unwrap();
        assert!(store.individual_conflicts(id).unwrap().is_empty());
        // −50 still beats −400: the percentages stay; the line is the director's.
        let lines = store.individual_lines(id).unwrap();
        let l = lines
            .iter()
            .find(|l| (l.board, l.table, l.round) == (1, 1, 1))
            .unwrap();
        assert_eq!((l.status, l.score_ns), (LineStatus::Director, Some(-50)));
        assert!(store.enter_individual(id, 1, 1, 3, &four, "p1").is_err()); // not at table 1
    }

    #[test]
    fn names_are_typed_by_number_and_a_number_outside_the_field_is_refused() {
        let store = Store::open_in_memory().unwrap();
        let id = rainbow5(&store);
        let name: PersonName = "Alice Martin".parse().unwrap();
        assert_eq!(
            store
                .set_individual_players("td", id, &[(3, name.clone())])
                .unwrap(),
            1
        );
        assert_eq!(
            store
                .set_individual_players("td", id, &[(3, name)])
                .unwrap(),
            0
        );
        let players = store.individual_players(id).unwrap();
        assert_eq!(players.len(), 20);
        assert_eq!(players[2].1.as_str(), "Alice Martin");
        let e = store
            .set_individual_players("td", id, &[(21, "Bob".parse().unwrap())])
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "name_21: expected a player from 1 to 20, found 21"
        );
    }

    #[test]
    fn a_table_code_opens_the_individual_table() {
        let store = Store::open_in_memory().unwrap();
        let id = rainbow5(&store);
        let codes = store.individual_table_codes(id).unwrap();
        match store.open_any_table("192.0.2.1", &codes[3].code).unwrap() {
            super::super::OpenedTable::Individual(i, table) => {
                assert_eq!((i.id, table), (id, 4));
            }
            other => panic!("expected the individual's table, found {other:?}"),
        }
    }
}
