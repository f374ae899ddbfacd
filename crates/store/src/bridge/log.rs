//! The bridge log: every change to a session with who, when, and the thing before and after.

use rusqlite::{params, Connection};
use serde::Serialize;

use serde_json::Value;

use super::SessionId;
use crate::edits::{Changed, Version};
use crate::error::{Error, Result};
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

/// Whose log an entry goes to: a pairs session's or a teams event's (one table each, the same
/// columns).
#[derive(Debug, Clone, Copy)]
pub(crate) enum LogOf {
    Session(SessionId),
    Teams(super::TeamEventId),
}

/// Appends an entry to a session's log, inside the transaction of the change it records.
pub(crate) fn append(
    conn: &Connection,
    session: SessionId,
    actor: &str,
    action: &str,
    before: &impl Serialize,
    after: &impl Serialize,
) -> Result<()> {
    append_to(conn, LogOf::Session(session), actor, action, before, after)
}

/// Appends an entry to the log it names, inside the transaction of the change it records.
pub(crate) fn append_to(
    conn: &Connection,
    log: LogOf,
    actor: &str,
    action: &str,
    before: &impl Serialize,
    after: &impl Serialize,
) -> Result<()> {
    let (sql, owner) = match log {
        LogOf::Session(id) => (
            "INSERT INTO bridge_log (session_id, at, actor, action, before, after) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            id,
        ),
        LogOf::Teams(id) => (
            "INSERT INTO bridge_team_log (event_id, at, actor, action, before, after) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            id,
        ),
    };
    conn.execute(
        sql,
        params![
            owner,
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
    /// can be reused until it changes. It is also the version a page was built from
    /// ([`crate::edits`]): read it before the page's data, and send it back with its forms.
    pub fn bridge_version(&self, id: SessionId) -> Result<i64> {
        self.with_conn(|c| version_on(c, id).map(|v| v.0))
    }
}

/// [`Store::bridge_version`] read on `conn`.
pub(crate) fn version_on(conn: &Connection, id: SessionId) -> Result<Version> {
    Ok(Version(conn.query_row(
        "SELECT coalesce(max(id), 0) FROM bridge_log WHERE session_id = ?1",
        [id],
        |r| r.get(0),
    )?))
}

/// A thing of the session as a page built at version `seen` showed it: the `before` of the
/// first log entry after that version that `about` picks (from its action, before and after,
/// it answers the part of `before` that is the thing). `None` when no version was given or
/// nothing changed the thing since (the page showed what is stored).
pub(crate) fn before_since<T: serde::de::DeserializeOwned>(
    conn: &Connection,
    id: SessionId,
    seen: Option<Version>,
    about: impl Fn(&str, &Value, &Value) -> Option<Value>,
) -> Result<Option<T>> {
    let Some(v) = seen else { return Ok(None) };
    let mut st = conn.prepare_cached(
        "SELECT action, before, after FROM bridge_log WHERE session_id = ?1 AND id > ?2 ORDER BY id",
    )?;
    let mut rows = st.query(params![id, v.0])?;
    while let Some(r) = rows.next()? {
        let action: String = r.get(0)?;
        let before: Value = serde_json::from_str(&r.get::<_, String>(1)?)?;
        let after: Value = serde_json::from_str(&r.get::<_, String>(2)?)?;
        if let Some(thing) = about(&action, &before, &after) {
            return Ok(Some(serde_json::from_value(thing)?));
        }
    }
    Ok(None)
}

/// The refusal of a form whose values someone else changed first (nothing is written).
pub(crate) fn conflict(conn: &Connection, id: SessionId, changed: Vec<Changed>) -> Result<Error> {
    Ok(Error::Conflict {
        version: version_on(conn, id)?,
        changed,
    })
}
