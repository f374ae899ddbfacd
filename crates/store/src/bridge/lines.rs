//! Traveller lines: entered at the tables, confirmed by East-West, corrected or adjusted by the
//! director; two different entries of one line open a conflict instead of overwriting.

use std::collections::BTreeSet;

use bridge::movement::{Movement, TravellerLine};
use bridge::{Bid, Played, TableResult};
use rusqlite::{params, Connection, OptionalExtension};

use super::at_table::{
    round_at_table, table_confirm, table_entry, RoundAtTable, StoredResult, TableEntry,
};
use super::log::{append, before_since, conflict};
use super::session::{load_session, pair_labels_on, session_movement};
use super::*;
use crate::edits::{Changed, Version};
use crate::error::{Error, Refusal, Result};
use crate::Store;

/// A line as stored (a line without a row is missing).
#[derive(Debug, Clone)]
pub(crate) struct Stored {
    pub(crate) board: u32,
    pub(crate) ns: u32,
    pub(crate) ew: u32,
    pub(crate) status: LineStatus,
    pub(crate) entry: Option<Entry>,
    pub(crate) adjustment: Option<Adjustment>,
    pub(crate) device: String,
    pub(crate) updated_at: String,
}

const LINE_COLUMNS: &str =
    "board, ns, ew, status, contract, declarer, lead, tricks, adjustment, device, updated_at";

fn stored_from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Stored> {
    let bad = |i: usize, e: String| {
        rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, e.into())
    };
    let status: String = r.get(3)?;
    let contract: Option<String> = r.get(4)?;
    let declarer: Option<String> = r.get(5)?;
    let adjustment: Option<String> = r.get(8)?;
    let entry = match contract {
        Some(contract) => Some(Entry {
            contract,
            declarer: declarer.and_then(|d| d.parse().ok()),
            lead: r.get(6)?,
            tricks: r.get(7)?,
        }),
        None => None,
    };
    Ok(Stored {
        board: r.get(0)?,
        ns: r.get(1)?,
        ew: r.get(2)?,
        status: LineStatus::parse(&status).ok_or_else(|| bad(3, format!("status {status}")))?,
        entry,
        adjustment: adjustment
            .map(|a| serde_json::from_str(&a).map_err(|e| bad(8, e.to_string())))
            .transpose()?,
        device: r.get(9)?,
        updated_at: r.get(10)?,
    })
}

pub(crate) fn load_stored(conn: &Connection, id: SessionId) -> Result<Vec<Stored>> {
    let mut st = conn.prepare_cached(&format!(
        "SELECT {LINE_COLUMNS} FROM bridge_line WHERE session_id = ?1 ORDER BY board, ns"
    ))?;
    let rows = st.query_map([id], stored_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

pub(crate) fn load_one(
    conn: &Connection,
    id: SessionId,
    board: u32,
    ns: u32,
) -> Result<Option<Stored>> {
    Ok(conn
        .query_row(
            &format!(
                "SELECT {LINE_COLUMNS} FROM bridge_line WHERE session_id = ?1 AND board = ?2 AND ns = ?3"
            ),
            params![id, board, ns],
            stored_from_row,
        )
        .optional()?)
}

/// Lines with an open conflict, as (board, ns).
fn open_conflicts(conn: &Connection, id: SessionId) -> Result<BTreeSet<(u32, u32)>> {
    let mut st = conn.prepare_cached(
        "SELECT board, ns FROM bridge_conflict WHERE session_id = ?1 AND resolved_at IS NULL",
    )?;
    let rows = st.query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Lines a table said were not played, waiting for the director, as (board, table, round).
fn not_played_lines(conn: &Connection, id: SessionId) -> Result<BTreeSet<(u32, u32, u32)>> {
    let mut st = conn.prepare_cached(
        "SELECT board, table_number, round FROM bridge_call WHERE session_id = ?1 \
         AND kind = 'not_played' AND cleared_at IS NULL",
    )?;
    let rows = st.query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The lead as stored: suit letter then rank (`SK`, `HT`), or empty.
fn normalize_lead(lead: &str) -> Result<String> {
    let t: String = lead
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '♠' => 'S',
            '♥' => 'H',
            '♦' => 'D',
            '♣' => 'C',
            c => c.to_ascii_uppercase(),
        })
        .collect::<String>()
        .replace("10", "T");
    let mut chars = t.chars();
    let ok = match (chars.next(), chars.next(), chars.next()) {
        (None, _, _) => true,
        (Some(s), Some(r), None) => "SHDC".contains(s) && "AKQJT98765432".contains(r),
        _ => false,
    };
    if ok {
        Ok(t)
    } else {
        Err(Error::invalid(
            "lead",
            "a card such as SK, H7 or DT (suit then rank), or nothing",
            lead,
        ))
    }
}

/// The entry in its stored form and what was played: the same contract typed two ways is
/// one content.
pub(crate) fn normalize(e: &Entry) -> Result<(Entry, Played)> {
    let bid: Bid = e
        .contract
        .parse()
        .map_err(|err: bridge::contract::ContractError| {
            Error::invalid("contract", err.expected, err.found)
        })?;
    let contract = match bid {
        Bid::Pass => return Ok((Entry::passed_out(), Played::PassedOut)),
        Bid::Contract(c) => c,
    };
    let Some(declarer) = e.declarer else {
        return Err(Error::invalid(
            "declarer",
            format!("the declarer of {contract} (N, E, S or W)"),
            "nothing",
        ));
    };
    let played = e
        .tricks
        .and_then(|t| Played::new(contract, declarer, t))
        .ok_or_else(|| {
            Error::invalid(
                "tricks",
                "tricks taken by the declarer, 0 to 13",
                e.tricks.map_or("nothing".to_string(), |t| t.to_string()),
            )
        })?;
    let entry = Entry {
        contract: contract.to_string(),
        declarer: Some(declarer),
        lead: normalize_lead(&e.lead)?,
        tricks: e.tricks,
    };
    Ok((entry, played))
}

/// What an entry stored in the database played (it was normalized when written).
pub(crate) fn played_of(e: &Entry) -> Result<Played> {
    normalize(e).map(|(_, p)| p)
}

/// Adjusted scores the scorer accepts: scores within its bound, weights above 0 adding up
/// to 100 %.
fn check_adjustment(a: &Adjustment) -> Result<()> {
    let limit = bridge::session::MAX_SCORE;
    let scores: Vec<i32> = match a {
        Adjustment::Assigned(x) => vec![*x],
        Adjustment::Split { ns, ew } => vec![*ns, *ew],
        Adjustment::Weighted(parts) => parts.iter().map(|p| p.0).collect(),
        Adjustment::Artificial { .. } | Adjustment::NotPlayed => Vec::new(),
    };
    if let Some(bad) = scores
        .iter()
        .find(|x| x.unsigned_abs() > limit.unsigned_abs())
    {
        return Err(Error::invalid(
            "score",
            format!("a score between -{limit} and {limit}"),
            bad.to_string(),
        ));
    }
    if let Adjustment::Weighted(parts) = a {
        let total: Ratio = parts.iter().map(|p| p.1).sum();
        if parts.is_empty() || parts.iter().any(|p| p.1 <= Ratio::ZERO) || total != Ratio::ONE {
            return Err(Error::invalid(
                "weights",
                "weights above 0% adding up to 100%",
                bridge::pbn::format_weighted(parts),
            ));
        }
    }
    if let Adjustment::Artificial { ns, ew } = a {
        for x in [ns, ew] {
            if let Artificial::Percent(p) = x {
                if *p < Ratio::ZERO || *p > Ratio::from_int(100) {
                    return Err(Error::invalid(
                        "percentage",
                        "a percentage from 0 to 100",
                        p.to_short(4),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The scorer's view of a stored line.
pub(crate) fn table_result(s: &Stored) -> Result<TableResult> {
    if let Some(a) = &s.adjustment {
        return Ok(match a {
            Adjustment::Artificial { ns, ew } => TableResult::Artificial { ns: *ns, ew: *ew },
            Adjustment::Assigned(x) => TableResult::Assigned(*x),
            Adjustment::Weighted(parts) => TableResult::Weighted(parts.clone()),
            Adjustment::Split { ns, ew } => TableResult::Split { ns: *ns, ew: *ew },
            Adjustment::NotPlayed => TableResult::NotPlayed,
        });
    }
    match &s.entry {
        Some(e) => Ok(TableResult::Played(played_of(e)?)),
        None => Ok(TableResult::NotPlayed),
    }
}

fn line_of(
    t: &TravellerLine,
    board: u32,
    s: Option<&Stored>,
    (conflict, not_played): (bool, bool),
) -> Line {
    let vulnerability = bridge::vulnerability_of(board);
    let score_ns = s.and_then(|s| match (&s.adjustment, &s.entry) {
        (Some(Adjustment::Assigned(x)), _) => Some(*x),
        (None, Some(e)) => played_of(e).ok().map(|p| p.score_ns(vulnerability)),
        _ => None,
    });
    Line {
        board,
        round: t.round,
        table: t.table,
        ns: t.ns,
        ew: t.ew,
        status: s.map_or(LineStatus::Missing, |s| s.status),
        entry: s.and_then(|s| s.entry.clone()),
        adjustment: s.and_then(|s| s.adjustment.clone()),
        score_ns,
        conflict,
        not_played: not_played && s.is_none(),
        updated_at: s.map_or(String::new(), |s| s.updated_at.clone()),
    }
}

/// The round `table` is in ([`round_at_table`]) and every line the movement expects.
///
/// A round is left, though a line of it is still open, when its pairs have moved on (one of
/// them entered or confirmed a line of a later round, wherever the movement sent it), or when
/// the table called the director in it and the room has started a later round (a table
/// entered or confirmed a line of one). The open line is then the director's, entered on the
/// grid. No round clock is kept: the tables' entries are the room's clock.
fn table_progress(
    conn: &Connection,
    id: SessionId,
    m: &Movement,
    table: u32,
) -> Result<(u32, Vec<Line>)> {
    if !(1..=m.tables).contains(&table) {
        return Err(Error::NotFound("table"));
    }
    let lines = all_lines(conn, id, m)?;
    let by_table = |l: &&Line| matches!(l.status, LineStatus::Entered | LineStatus::Confirmed);
    // The last round any table has entered a line of.
    let room = lines
        .iter()
        .filter(by_table)
        .map(|l| l.round)
        .max()
        .unwrap_or(0);
    let called = director_called(conn, id, table)?;
    let mut rounds = Vec::with_capacity(m.rounds.len());
    for round in 1..=m.rounds.len() as u32 {
        let s = sitting(m, table, round)?;
        let here = || {
            lines
                .iter()
                .filter(|l| l.table == table && l.round == round)
        };
        let pairs = [s.ns, s.ew];
        let moved = lines.iter().filter(by_table).any(|l| {
            l.round > round && (pairs.contains(&Some(l.ns)) || pairs.contains(&Some(l.ew)))
        });
        rounds.push(RoundAtTable {
            entered: here().any(|l| by_table(&l)),
            done: here().all(Line::done_at_table),
            left: moved || (called.contains(&round) && room > round),
        });
    }
    Ok((round_at_table(&rounds).unwrap_or(1), lines))
}

/// The rounds in which `table` called the director (answered or not).
fn director_called(conn: &Connection, id: SessionId, table: u32) -> Result<BTreeSet<u32>> {
    let mut st = conn.prepare_cached(
        "SELECT DISTINCT round FROM bridge_call WHERE session_id = ?1 AND table_number = ?2 \
         AND kind = 'director'",
    )?;
    let rows = st.query_map(params![id, table], |r| r.get(0))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

fn table_current_round(conn: &Connection, id: SessionId, m: &Movement, table: u32) -> Result<u32> {
    table_progress(conn, id, m, table).map(|(round, _)| round)
}

/// Refuses a table's entry or confirmation for a round before the one the table is in.
pub(crate) fn table_in_round(
    conn: &Connection,
    id: SessionId,
    m: &Movement,
    table: u32,
    round: u32,
    board: u32,
) -> Result<()> {
    let current = table_current_round(conn, id, m, table)?;
    if round < current {
        return Err(Error::refused(
            Refusal::NotThisTable,
            format!(
                "table {table} is in round {current}: board {board} of round {round} is left \
                 for the director"
            ),
        ));
    }
    Ok(())
}

/// Every line the movement expects, board order then round order.
pub(crate) fn all_lines(conn: &Connection, id: SessionId, m: &Movement) -> Result<Vec<Line>> {
    let stored = load_stored(conn, id)?;
    let conflicts = open_conflicts(conn, id)?;
    let not_played = not_played_lines(conn, id)?;
    let mut out = Vec::new();
    for tr in m.travellers() {
        for t in &tr.lines {
            let s = stored
                .iter()
                .find(|s| s.board == tr.board && s.ns == t.ns && s.ew == t.ew);
            out.push(line_of(
                t,
                tr.board,
                s,
                (
                    conflicts.contains(&(tr.board, t.ns)),
                    not_played.contains(&(tr.board, t.table, t.round)),
                ),
            ));
        }
    }
    Ok(out)
}

/// One line, as shown (for the log's before and after).
fn current_line(conn: &Connection, id: SessionId, t: &TravellerLine, board: u32) -> Result<Line> {
    let s = load_one(conn, id, board, t.ns)?;
    let conflict: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM bridge_conflict WHERE session_id = ?1 AND board = ?2 \
         AND ns = ?3 AND resolved_at IS NULL)",
        params![id, board, t.ns],
        |r| r.get(0),
    )?;
    let not_played: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM bridge_call WHERE session_id = ?1 AND kind = 'not_played' \
         AND board = ?2 AND table_number = ?3 AND round = ?4 AND cleared_at IS NULL)",
        params![id, board, t.table, t.round],
        |r| r.get(0),
    )?;
    Ok(line_of(t, board, s.as_ref(), (conflict, not_played)))
}

/// The line of `board` at `table` in `round`, refused when the board is not played there.
pub(crate) fn line_at(m: &Movement, table: u32, round: u32, board: u32) -> Result<TravellerLine> {
    let sitting = sitting(m, table, round)?;
    match (sitting.ns, sitting.ew) {
        (Some(ns), Some(ew)) if m.boards(sitting.set).contains(&board) => Ok(TravellerLine {
            round,
            table,
            ns,
            ew,
        }),
        _ => Err(Error::refused(
            Refusal::NotThisTable,
            format!("board {board} is not played at table {table} in round {round}"),
        )),
    }
}

fn sitting(m: &Movement, table: u32, round: u32) -> Result<bridge::movement::Sitting> {
    let r = round
        .checked_sub(1)
        .and_then(|i| m.rounds.get(i as usize))
        .ok_or(Error::NotFound("round"))?;
    r.tables
        .iter()
        .find(|s| s.table == table)
        .copied()
        .ok_or(Error::NotFound("table"))
}

/// The line where pairs `ns` and `ew` play `board`, refused when they do not.
fn line_of_pairs(m: &Movement, board: u32, ns: u32, ew: u32) -> Result<TravellerLine> {
    board
        .checked_sub(1)
        .and_then(|i| m.travellers().into_iter().nth(i as usize))
        .and_then(|tr| tr.lines.into_iter().find(|l| l.ns == ns && l.ew == ew))
        .ok_or_else(|| {
            Error::refused(
                Refusal::NotThisTable,
                format!("pairs {ns} and {ew} do not play board {board} together"),
            )
        })
}

#[allow(clippy::too_many_arguments)]
fn write_line(
    conn: &Connection,
    id: SessionId,
    board: u32,
    t: &TravellerLine,
    status: LineStatus,
    entry: Option<&Entry>,
    adjustment: Option<&Adjustment>,
    device: &str,
) -> Result<()> {
    let adjustment = adjustment.map(serde_json::to_string).transpose()?;
    conn.execute(
        "INSERT INTO bridge_line (session_id, board, ns, ew, round, table_number, status, contract, \
         declarer, lead, tricks, adjustment, device, updated_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14) \
         ON CONFLICT (session_id, board, ns) DO UPDATE SET ew = ?4, round = ?5, table_number = ?6, \
         status = ?7, contract = ?8, declarer = ?9, lead = ?10, tricks = ?11, adjustment = ?12, \
         device = ?13, updated_at = ?14",
        params![
            id,
            board,
            t.ns,
            t.ew,
            t.round,
            t.table,
            status.code(),
            entry.map(|e| e.contract.as_str()),
            entry.and_then(|e| e.declarer).map(|d| d.letter().to_string()),
            entry.map_or("", |e| e.lead.as_str()),
            entry.and_then(|e| e.tricks),
            adjustment,
            device,
            crate::db::now()
        ],
    )?;
    Ok(())
}

/// Closes the line's open conflicts (the director decided, or the line went away).
fn close_conflicts(conn: &Connection, id: SessionId, board: u32, ns: u32, by: &str) -> Result<()> {
    conn.execute(
        "UPDATE bridge_conflict SET resolved_at = ?4, resolved_by = ?5 \
         WHERE session_id = ?1 AND board = ?2 AND ns = ?3 AND resolved_at IS NULL",
        params![id, board, ns, crate::db::now(), by],
    )?;
    Ok(())
}

/// What a log entry does to lines: its `before` is the line as it was.
const LINE_ACTIONS: [&str; 8] = [
    "enter",
    "confirm",
    "conflict",
    "director",
    "adjust",
    "clear",
    "resolve_kept",
    "resolve_other",
];

/// Two views of a line say the same: status, contract, adjusted score and open conflict.
fn same_line(a: &Line, b: &Line) -> bool {
    (a.status, &a.entry, &a.adjustment, a.conflict)
        == (b.status, &b.entry, &b.adjustment, b.conflict)
}

/// Refuses with [`Error::Conflict`] when the line `current` is no longer as the page built at
/// `seen` showed it.
fn line_as_shown(
    tx: &Connection,
    id: SessionId,
    seen: Option<Version>,
    current: &Line,
) -> Result<()> {
    let shown: Option<Line> = before_since(tx, id, seen, |action, before, _| {
        (LINE_ACTIONS.contains(&action)
            && before["board"] == current.board
            && before["ns"] == current.ns)
            .then(|| before.clone())
    })?;
    match shown {
        Some(shown) if !same_line(&shown, current) => {
            let changed = Changed::Line {
                board: current.board,
                ns: current.ns,
                ew: current.ew,
                labels: pair_labels_on(tx, id)?,
                shown: Some(Box::new(shown)),
                stored: Box::new(current.clone()),
            };
            Err(conflict(tx, id, vec![changed])?)
        }
        _ => Ok(()),
    }
}

fn to_json(e: &Entry) -> Result<String> {
    Ok(serde_json::to_string(e)?)
}

/// Clears the open "not played" of `board` at `table` in `round` (the line got a result).
pub(crate) fn settle_not_played(
    conn: &Connection,
    id: SessionId,
    (board, table, round): (u32, u32, u32),
    by: &str,
) -> Result<()> {
    conn.execute(
        "UPDATE bridge_call SET cleared_at = ?5, cleared_by = ?6 WHERE session_id = ?1 \
         AND kind = 'not_played' AND board = ?2 AND table_number = ?3 AND round = ?4 \
         AND cleared_at IS NULL",
        params![id, board, table, round, crate::db::now(), by],
    )?;
    Ok(())
}

impl Store {
    /// Every line the movement expects (board order, then round), missing ones included.
    pub fn lines(&self, id: SessionId) -> Result<Vec<Line>> {
        self.with_conn(|c| {
            let m = session_movement(c, id)?;
            all_lines(c, id, &m)
        })
    }

    /// What `table` plays in `round`: its pairs, its boards and their lines.
    pub fn table_round(&self, id: SessionId, table: u32, round: u32) -> Result<TableRound> {
        self.with_conn(|c| {
            let m = session_movement(c, id)?;
            let s = sitting(&m, table, round)?;
            let boards: Vec<u32> = if s.plays() {
                m.boards(s.set).collect()
            } else {
                Vec::new()
            };
            let mut lines = Vec::new();
            for &board in &boards {
                let t = line_at(&m, table, round, board)?;
                lines.push(current_line(c, id, &t, board)?);
            }
            Ok(TableRound {
                table,
                round,
                rounds: m.rounds.len() as u32,
                ns: s.ns,
                ew: s.ew,
                boards,
                lines,
            })
        })
    }

    /// The round `table` is in: the last round its phones entered or confirmed a line in (round
    /// 1 before any), moved on past every round whose lines are all final and every round it
    /// has left (its pairs moved on, or it called the director there and the room has started a
    /// later round). A line left open in an earlier round is the director's: the table never
    /// goes back to it.
    pub fn current_round(&self, id: SessionId, table: u32) -> Result<u32> {
        self.with_conn(|c| {
            let m = session_movement(c, id)?;
            table_current_round(c, id, &m, table)
        })
    }

    /// The lines `table` left open in the rounds before the one it is in
    /// ([`Store::current_round`]): the director's, in round order.
    pub fn left_for_director(&self, id: SessionId, table: u32) -> Result<Vec<Line>> {
        self.with_conn(|c| {
            let m = session_movement(c, id)?;
            let (current, lines) = table_progress(c, id, &m, table)?;
            let mut left: Vec<Line> = lines
                .into_iter()
                .filter(|l| l.table == table && l.round < current && !l.done_at_table())
                .collect();
            left.sort_by_key(|l| (l.round, l.board));
            Ok(left)
        })
    }

    /// North's entry of a board at a table. Never overwrites another device's entry or a
    /// confirmed one: a different content opens a conflict for the director.
    pub fn enter_line(
        &self,
        id: SessionId,
        table: u32,
        round: u32,
        board: u32,
        e: &Entry,
        device: &str,
    ) -> Result<EnterOutcome> {
        let (entry, _) = normalize(e)?;
        let actor = format!("table {table} ({device})");
        self.transaction(|tx| {
            let m = session_movement(tx, id)?;
            let t = line_at(&m, table, round, board)?;
            let before = current_line(tx, id, &t, board)?;
            let stored = load_one(tx, id, board, t.ns)?;
            let settled = stored
                .as_ref()
                .is_some_and(|l| matches!(l.status, LineStatus::Director | LineStatus::Adjusted));
            if !settled {
                table_in_round(tx, id, &m, table, round, board)?;
            }
            let rule = table_entry(
                stored.as_ref().map(|s| StoredResult {
                    status: s.status,
                    entry: s.entry.as_ref(),
                    device: &s.device,
                }),
                &entry,
                device,
                &format!("board {board} at table {table}"),
            )?;
            match rule {
                TableEntry::Unchanged => return Ok(EnterOutcome::Unchanged),
                TableEntry::Write if stored.is_none() => {
                    write_line(tx, id, board, &t, LineStatus::Entered, Some(&entry), None, device)?;
                    // The board was played after all: the table's "not played" is withdrawn.
                    settle_not_played(tx, id, (board, table, round), "entered")?;
                    let after = current_line(tx, id, &t, board)?;
                    append(tx, id, &actor, "enter", &before, &after)?;
                    return Ok(EnterOutcome::Stored);
                }
                TableEntry::Write => {
                    write_line(tx, id, board, &t, LineStatus::Entered, Some(&entry), None, device)?;
                    // The other entry now agrees: nothing left for the director there.
                    tx.execute(
                        "UPDATE bridge_conflict SET resolved_at = ?4, resolved_by = 'agreed' \
                         WHERE session_id = ?1 AND board = ?2 AND ns = ?3 AND resolved_at IS NULL \
                         AND other = ?5",
                        params![id, board, t.ns, crate::db::now(), to_json(&entry)?],
                    )?;
                    tx.execute(
                        "UPDATE bridge_conflict SET kept = ?4 \
                         WHERE session_id = ?1 AND board = ?2 AND ns = ?3 AND resolved_at IS NULL",
                        params![id, board, t.ns, to_json(&entry)?],
                    )?;
                    let after = current_line(tx, id, &t, board)?;
                    append(tx, id, &actor, "enter", &before, &after)?;
                    return Ok(EnterOutcome::Stored);
                }
                TableEntry::Conflict => {}
            }
            let other = to_json(&entry)?;
            let known: bool = tx.query_row(
                "SELECT EXISTS (SELECT 1 FROM bridge_conflict WHERE session_id = ?1 AND board = ?2 \
                 AND ns = ?3 AND resolved_at IS NULL AND other = ?4)",
                params![id, board, t.ns, other],
                |r| r.get(0),
            )?;
            if known {
                return Ok(EnterOutcome::Conflict);
            }
            let kept = stored
                .as_ref()
                .and_then(|s| s.entry.as_ref())
                .map(to_json)
                .transpose()?
                .unwrap_or_default();
            tx.execute(
                "INSERT INTO bridge_conflict (session_id, board, ns, ew, round, table_number, kept, \
                 other, other_device, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                params![
                    id,
                    board,
                    t.ns,
                    t.ew,
                    t.round,
                    t.table,
                    kept,
                    other,
                    device,
                    crate::db::now()
                ],
            )?;
            let after = serde_json::json!({ "line": before, "other": entry, "device": device });
            append(tx, id, &actor, "conflict", &before, &after)?;
            Ok(EnterOutcome::Conflict)
        })
    }

    /// East-West agree with the line North entered.
    pub fn confirm_line(&self, id: SessionId, table: u32, round: u32, board: u32) -> Result<()> {
        self.transaction(|tx| {
            let m = session_movement(tx, id)?;
            let t = line_at(&m, table, round, board)?;
            let status = load_one(tx, id, board, t.ns)?.map(|s| s.status);
            if !table_confirm(status, &format!("board {board} at table {table}"))? {
                return Ok(());
            }
            table_in_round(tx, id, &m, table, round, board)?;
            let before = current_line(tx, id, &t, board)?;
            tx.execute(
                "UPDATE bridge_line SET status = 'confirmed', updated_at = ?4 \
                 WHERE session_id = ?1 AND board = ?2 AND ns = ?3",
                params![id, board, t.ns, crate::db::now()],
            )?;
            let after = current_line(tx, id, &t, board)?;
            append(
                tx,
                id,
                &format!("table {table}"),
                "confirm",
                &before,
                &after,
            )
        })
    }

    /// The director enters or corrects a line; its open conflicts are closed.
    ///
    /// With `seen`, the version of the page the director typed it on: refused with
    /// [`Error::Conflict`] when the line changed since (a table entered, corrected or
    /// confirmed it, another entry opened a conflict, a colleague settled it), unless it already
    /// says what the director enters. The same holds for [`Store::director_adjust`],
    /// [`Store::clear_line`] and [`Store::resolve_conflict`].
    #[allow(clippy::too_many_arguments)]
    pub fn director_set_line(
        &self,
        actor: &str,
        id: SessionId,
        board: u32,
        ns: u32,
        ew: u32,
        e: &Entry,
        seen: Option<Version>,
    ) -> Result<()> {
        let (entry, _) = normalize(e)?;
        // The line already says this (whoever entered it), with no other entry waiting.
        let wanted = |l: &Line| l.entry.as_ref() == Some(&entry) && !l.conflict;
        let key = (board, ns, ew);
        self.director_write(actor, id, key, "director", seen, wanted, |tx, t| {
            write_line(
                tx,
                id,
                board,
                t,
                LineStatus::Director,
                Some(&entry),
                None,
                "",
            )
        })
    }

    /// The director gives the line an adjusted score; its open conflicts are closed.
    #[allow(clippy::too_many_arguments)]
    pub fn director_adjust(
        &self,
        actor: &str,
        id: SessionId,
        board: u32,
        ns: u32,
        ew: u32,
        a: &Adjustment,
        seen: Option<Version>,
    ) -> Result<()> {
        check_adjustment(a)?;
        let wanted = |l: &Line| l.adjustment.as_ref() == Some(a) && !l.conflict;
        let key = (board, ns, ew);
        self.director_write(actor, id, key, "adjust", seen, wanted, |tx, t| {
            write_line(tx, id, board, t, LineStatus::Adjusted, None, Some(a), "")
        })
    }

    /// The line goes back to missing; its open conflicts are closed.
    pub fn clear_line(
        &self,
        actor: &str,
        id: SessionId,
        board: u32,
        ns: u32,
        ew: u32,
        seen: Option<Version>,
    ) -> Result<()> {
        let wanted = |l: &Line| l.status == LineStatus::Missing && !l.conflict;
        let key = (board, ns, ew);
        self.director_write(actor, id, key, "clear", seen, wanted, |tx, t| {
            tx.execute(
                "DELETE FROM bridge_line WHERE session_id = ?1 AND board = ?2 AND ns = ?3",
                params![id, board, t.ns],
            )?;
            Ok(())
        })
    }

    /// A director's write of the line `(board, ns, ew)`, refused when the line changed since
    /// the page at `seen` and is not already `wanted`.
    #[allow(clippy::too_many_arguments)]
    fn director_write(
        &self,
        actor: &str,
        id: SessionId,
        (board, ns, ew): (u32, u32, u32),
        action: &str,
        seen: Option<Version>,
        wanted: impl Fn(&Line) -> bool,
        f: impl FnOnce(&Connection, &TravellerLine) -> Result<()>,
    ) -> Result<()> {
        self.transaction(|tx| {
            let m = session_movement(tx, id)?;
            let t = line_of_pairs(&m, board, ns, ew)?;
            let before = current_line(tx, id, &t, board)?;
            if !wanted(&before) {
                line_as_shown(tx, id, seen, &before)?;
            }
            f(tx, &t)?;
            close_conflicts(tx, id, board, t.ns, actor)?;
            if action != "clear" {
                settle_not_played(tx, id, (board, t.table, t.round), actor)?;
            }
            let after = current_line(tx, id, &t, board)?;
            append(tx, id, actor, action, &before, &after)
        })
    }

    /// The director settles a conflict: the line as stored, or the other entry. Either way
    /// the line is the director's from then on.
    pub fn resolve_conflict(
        &self,
        actor: &str,
        id: SessionId,
        conflict: i64,
        take_other: bool,
        seen: Option<Version>,
    ) -> Result<()> {
        self.transaction(|tx| {
            load_session(tx, id)?;
            let found: Option<(u32, u32, u32, String)> = tx
                .query_row(
                    "SELECT board, ns, ew, other FROM bridge_conflict \
                     WHERE id = ?1 AND session_id = ?2 AND resolved_at IS NULL",
                    params![conflict, id],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
                )
                .optional()?;
            let Some((board, ns, ew, other)) = found else {
                return Err(Error::NotFound("conflict"));
            };
            let m = session_movement(tx, id)?;
            let t = line_of_pairs(&m, board, ns, ew)?;
            let before = current_line(tx, id, &t, board)?;
            line_as_shown(tx, id, seen, &before)?;
            let entry: Entry = if take_other {
                serde_json::from_str(&other)?
            } else {
                match load_one(tx, id, board, ns)?.and_then(|s| s.entry) {
                    Some(e) => e,
                    // The line went away since: the other entry is all there is.
                    None => serde_json::from_str(&other)?,
                }
            };
            write_line(
                tx,
                id,
                board,
                &t,
                LineStatus::Director,
                Some(&entry),
                None,
                "",
            )?;
            close_conflicts(tx, id, board, ns, actor)?;
            settle_not_played(tx, id, (board, t.table, t.round), actor)?;
            let after = current_line(tx, id, &t, board)?;
            let action = if take_other {
                "resolve_other"
            } else {
                "resolve_kept"
            };
            append(tx, id, actor, action, &before, &after)
        })
    }

    /// The open conflicts, oldest first.
    pub fn conflicts(&self, id: SessionId) -> Result<Vec<Conflict>> {
        self.with_conn(|c| {
            load_session(c, id)?;
            let mut st = c.prepare(
                "SELECT id, board, round, table_number, ns, ew, kept, other, other_device, created_at \
                 FROM bridge_conflict WHERE session_id = ?1 AND resolved_at IS NULL ORDER BY id",
            )?;
            let rows = st.query_map([id], |r| {
                Ok((
                    Conflict {
                        id: r.get(0)?,
                        board: r.get(1)?,
                        round: r.get(2)?,
                        table: r.get(3)?,
                        ns: r.get(4)?,
                        ew: r.get(5)?,
                        kept: Entry::passed_out(),
                        other: Entry::passed_out(),
                        other_device: r.get(8)?,
                        created_at: r.get(9)?,
                    },
                    r.get::<_, String>(6)?,
                    r.get::<_, String>(7)?,
                ))
            })?;
            let mut out = Vec::new();
            for row in rows {
                let (mut conflict, kept, other) = row?;
                conflict.kept = serde_json::from_str(&kept)?;
                conflict.other = serde_json::from_str(&other)?;
                out.push(conflict);
            }
            Ok(out)
        })
    }
}
