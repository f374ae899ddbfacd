//! The bridge log: every change to a session with who, when, and the thing before and after.

use rusqlite::{params, Connection};
use serde::Serialize;

use super::SessionId;
use crate::error::Result;
use crate::Store;

/// One entry of a session's log.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BridgeLogEntry {
    pub id: i64,
    pub at: String,
    pub actor: String,
    /// A short code: `create`, `settings`, `pair`, `enter`, `confirm`, `conflict`, …
    pub action: String,
    pub before: serde_json::Value,
    pub after: serde_json::Value,
}

/// Appends an entry, inside the transaction of the change it records.
pub(crate) fn append(
    conn: &Connection,
    session: SessionId,
    actor: &str,
    action: &str,
    before: &impl Serialize,
    after: &impl Serialize,
) -> Result<()> {
    conn.execute(
        "INSERT INTO bridge_log (session_id, at, actor, action, before, after) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            session,
            crate::db::now(),
            actor,
            action,
            serde_json::to_string(before)?,
            serde_json::to_string(after)?
        ],
    )?;
    Ok(())
}

impl Store {
    /// The session's log, newest first.
    pub fn bridge_log(&self, id: SessionId) -> Result<Vec<BridgeLogEntry>> {
        self.with_conn(|c| {
            let mut st = c.prepare(
                "SELECT id, at, actor, action, before, after FROM bridge_log \
                 WHERE session_id = ?1 ORDER BY id DESC",
            )?;
            let rows = st.query_map([id], |r| {
                let json = |s: String| serde_json::from_str(&s).unwrap_or(serde_json::Value::Null);
                Ok(BridgeLogEntry {
                    id: r.get(0)?,
                    at: r.get(1)?,
                    actor: r.get(2)?,
                    action: r.get(3)?,
                    before: json(r.get(4)?),
                    after: json(r.get(5)?),
                })
            })?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
    }

    /// A number that changes on every write to the session: pages computed at one version
    /// can be reused until it changes.
    pub fn bridge_version(&self, id: SessionId) -> Result<i64> {
        self.with_conn(|c| {
            Ok(c.query_row(
                "SELECT coalesce(max(id), 0) FROM bridge_log WHERE session_id = ?1",
                [id],
                |r| r.get(0),
            )?)
        })
    }
}
