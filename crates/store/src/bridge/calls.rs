//! What a table asks of the director from its phone: a call ("the director to table 3"), or a
//! board the table did not play. A board not played keeps its line without a result: the
//! director gives it an adjusted score (Law 12), the table never scores it. Both stay open,
//! flagged on the director's pages, until the director clears them (a director's write of the
//! line settles its "not played"; the table's own entry of the board withdraws it).

use rusqlite::{params, Connection};

use super::lines::{line_at, load_one, table_in_round};
use super::log::append;
use super::session::{load_session, session_movement};
use super::*;
use crate::error::{Error, Refusal, Result};
use crate::Store;

/// What the table asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CallKind {
    /// The director is called to the table.
    Director,
    /// The board was not played at the table: the director decides its adjusted score.
    NotPlayed,
}

impl CallKind {
    pub const fn code(self) -> &'static str {
        match self {
            CallKind::Director => "director",
            CallKind::NotPlayed => "not_played",
        }
    }

    fn parse(s: &str) -> Option<CallKind> {
        [CallKind::Director, CallKind::NotPlayed]
            .into_iter()
            .find(|k| k.code() == s)
    }
}

/// An open call of a table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableCall {
    pub id: i64,
    pub table: u32,
    pub round: u32,
    pub kind: CallKind,
    /// The board a "not played" is about.
    pub board: Option<u32>,
    pub created_at: String,
}

/// The open calls of a session, oldest first.
pub(crate) fn open_calls(conn: &Connection, id: SessionId) -> Result<Vec<TableCall>> {
    let mut st = conn.prepare_cached(
        "SELECT id, table_number, round, kind, board, created_at FROM bridge_call \
         WHERE session_id = ?1 AND cleared_at IS NULL ORDER BY id",
    )?;
    let rows = st.query_map([id], |r| {
        let kind: String = r.get(3)?;
        Ok(TableCall {
            id: r.get(0)?,
            table: r.get(1)?,
            round: r.get(2)?,
            kind: CallKind::parse(&kind).ok_or_else(|| {
                rusqlite::Error::FromSqlConversionFailure(
                    3,
                    rusqlite::types::Type::Text,
                    format!("call kind {kind}").into(),
                )
            })?,
            board: r.get(4)?,
            created_at: r.get(5)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

impl Store {
    /// The table calls the director in `round`. A second call while one is open is the same
    /// call.
    pub fn call_director(&self, id: SessionId, table: u32, round: u32, device: &str) -> Result<()> {
        self.transaction(|tx| {
            let m = session_movement(tx, id)?;
            if !(1..=m.tables).contains(&table) {
                return Err(Error::NotFound("table"));
            }
            if round == 0 || round as usize > m.rounds.len() {
                return Err(Error::NotFound("round"));
            }
            let open: bool = tx.query_row(
                "SELECT EXISTS (SELECT 1 FROM bridge_call WHERE session_id = ?1 AND kind = 'director' \
                 AND table_number = ?2 AND round = ?3 AND cleared_at IS NULL)",
                params![id, table, round],
                |r| r.get(0),
            )?;
            if open {
                return Ok(());
            }
            insert(tx, id, (table, round), CallKind::Director, None, device)
        })
    }

    /// The table says `board` was not played in `round`: the line stays without a result for
    /// the director's adjusted score. Refused once the line has a result (the director
    /// decides then) and for a round the table has left.
    pub fn mark_not_played(
        &self,
        id: SessionId,
        table: u32,
        round: u32,
        board: u32,
        device: &str,
    ) -> Result<()> {
        self.transaction(|tx| {
            let m = session_movement(tx, id)?;
            let t = line_at(&m, table, round, board)?;
            table_in_round(tx, id, &m, table, round, board)?;
            if load_one(tx, id, board, t.ns)?.is_some() {
                return Err(Error::refused(
                    Refusal::ResultConfirmed,
                    format!(
                        "board {board} at table {table} has a result: the director decides \
                         whether it stands"
                    ),
                ));
            }
            let open: bool = tx.query_row(
                "SELECT EXISTS (SELECT 1 FROM bridge_call WHERE session_id = ?1 \
                 AND kind = 'not_played' AND board = ?2 AND table_number = ?3 AND round = ?4 \
                 AND cleared_at IS NULL)",
                params![id, board, table, round],
                |r| r.get(0),
            )?;
            if open {
                return Ok(());
            }
            insert(
                tx,
                id,
                (table, round),
                CallKind::NotPlayed,
                Some(board),
                device,
            )
        })
    }

    /// The open calls and boards not played, oldest first.
    pub fn calls(&self, id: SessionId) -> Result<Vec<TableCall>> {
        self.with_conn(|c| {
            load_session(c, id)?;
            open_calls(c, id)
        })
    }

    /// The director has answered the call (or dealt with the board not played).
    pub fn clear_call(&self, actor: &str, id: SessionId, call: i64) -> Result<()> {
        self.transaction(|tx| {
            let before = open_calls(tx, id)?
                .into_iter()
                .find(|c| c.id == call)
                .ok_or(Error::NotFound("call"))?;
            tx.execute(
                "UPDATE bridge_call SET cleared_at = ?3, cleared_by = ?4 \
                 WHERE session_id = ?1 AND id = ?2",
                params![id, call, crate::db::now(), actor],
            )?;
            append(tx, id, actor, "clear_call", &before, &serde_json::json!({}))
        })
    }
}

fn insert(
    tx: &Connection,
    id: SessionId,
    (table, round): (u32, u32),
    kind: CallKind,
    board: Option<u32>,
    device: &str,
) -> Result<()> {
    tx.execute(
        "INSERT INTO bridge_call (session_id, table_number, round, kind, board, device, created_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![id, table, round, kind.code(), board, device, crate::db::now()],
    )?;
    let call = TableCall {
        id: tx.last_insert_rowid(),
        table,
        round,
        kind,
        board,
        created_at: crate::db::now(),
    };
    append(
        tx,
        id,
        &format!("table {table} ({device})"),
        kind.code(),
        &serde_json::json!({}),
        &call,
    )
}
