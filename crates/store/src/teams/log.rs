//! The team event's log: every change with who, when, what, and what it touched. The event's
//! version is its last entry's id; a form built at a version may write a value only when no
//! entry since touched it ([`touched_since`]), or when it asks for what is stored anyway.

use rusqlite::{params, Connection};
use serde::Serialize;

use crate::edits::Version;
use crate::error::Result;
use crate::teams::types::TeamEventId;
use crate::Store;

/// One entry of a team event's log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TeamLogEntry {
    pub id: i64,
    pub at: String,
    pub actor: String,
    pub action: String,
    pub target: String,
    pub detail: serde_json::Value,
}

pub(crate) fn append(
    conn: &Connection,
    event: TeamEventId,
    actor: &str,
    action: &str,
    target: &str,
    detail: serde_json::Value,
) -> Result<()> {
    conn.execute(
        "INSERT INTO team_log (event_id, at, actor, action, target, detail) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![event, crate::db::now(), actor, action, target, detail.to_string()],
    )?;
    Ok(())
}

pub(crate) fn version_on(conn: &Connection, event: TeamEventId) -> Result<Version> {
    Ok(Version(conn.query_row(
        "SELECT coalesce(max(id), 0) FROM team_log WHERE event_id = ?1",
        [event],
        |r| r.get(0),
    )?))
}

/// True when an entry after version `seen` touched one of `targets`.
pub(crate) fn touched_since(
    conn: &Connection,
    event: TeamEventId,
    seen: Version,
    targets: &[String],
) -> Result<bool> {
    let mut st = conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM team_log WHERE event_id = ?1 AND target = ?2 AND id > ?3)",
    )?;
    for t in targets {
        if st.query_row(params![event, t, seen.0], |r| r.get::<_, bool>(0))? {
            return Ok(true);
        }
    }
    Ok(false)
}

impl Store {
    /// The team event's version: it grows with every change.
    pub fn team_event_version(&self, event: TeamEventId) -> Result<i64> {
        self.with_conn(|c| version_on(c, event).map(|v| v.0))
    }

    /// The team event's log, newest first.
    pub fn team_log(&self, event: TeamEventId) -> Result<Vec<TeamLogEntry>> {
        self.with_conn(|c| {
            let mut st = c.prepare(
                "SELECT id, at, actor, action, target, detail FROM team_log WHERE event_id = ?1 ORDER BY id DESC",
            )?;
            let rows = st.query_map([event], |r| {
                let detail: String = r.get(5)?;
                Ok(TeamLogEntry {
                    id: r.get(0)?,
                    at: r.get(1)?,
                    actor: r.get(2)?,
                    action: r.get(3)?,
                    target: r.get(4)?,
                    detail: serde_json::from_str(&detail).unwrap_or(serde_json::Value::Null),
                })
            })?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
    }
}
