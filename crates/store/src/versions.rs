//! The version of each thing several people edit at once, and what changed since a version.
//!
//! Every form that changes shared state names a [`Scope`] (an event, a group of sections, a
//! bridge session, a series, a bridge teams event, a chess team event) and carries the version
//! of it its page was built from. [`Store::version`] is that number now; it grows with every
//! change. [`Store::changes_since`] lists what the arbiters and directors changed after a
//! version: a form that replaces what its page showed as a whole is refused when that list is
//! not empty (the server's guard), one that compares value by value does it in the store
//! ([`crate::edits`]).
//!
//! What the players' and the tables' phones send is counted in the version (pages built before
//! it are older) but is not listed as a change: a phone's entry has its own rule (two devices
//! that disagree make a conflict for the arbiter), and the arbiter's forms that replace a whole
//! page (settings, a prize list, a team) never write over it.
//!
//! ```
//! use store::{EventSettings, Scope, Store, Version};
//! let store = Store::open_in_memory().unwrap();
//! let event = store.create_event("chief", &EventSettings::new("Open".parse().unwrap(), 5)).unwrap();
//! let seen = store.version(Scope::Event(event)).unwrap();
//! assert!(store.changes_since(Scope::Event(event), seen).unwrap().is_empty());
//! let mut s = store.event(event).unwrap().settings;
//! s.place = "Lyon".parse().unwrap();
//! store.update_event("deputy", event, &s, Some(seen)).unwrap();
//! let changes = store.changes_since(Scope::Event(event), seen).unwrap();
//! assert_eq!(changes[0].actor, "deputy");
//! assert!(store.version(Scope::Event(event)).unwrap() > seen);
//! ```

use rusqlite::{params, Connection, OptionalExtension};

use crate::edits::Version;
use crate::error::{Error, Result};
use crate::Store;

/// A thing several people edit at once, with its own version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scope {
    /// A chess event (or a section of a group).
    Event(crate::EventId),
    /// A group of sections: its own settings and every section's changes.
    Group(crate::chess::sections::GroupId),
    /// A bridge pairs session.
    BridgeSession(crate::bridge::SessionId),
    /// A bridge series (club ranking over several sessions).
    Series(crate::bridge::SeriesId),
    /// A bridge teams-of-four event (its knock-out stages too).
    BridgeTeams(crate::bridge::TeamEventId),
    /// A chess team event.
    Teams(crate::teams::TeamEventId),
    /// A bridge individual session.
    BridgeIndividual(crate::bridge::IndividualId),
}

pub use crate::edits::Change;

/// The actions of a chess event's log that are players' reports: they wait for the arbiter,
/// change no result, and leave the event's version as it was.
pub(crate) const REPORT_ACTIONS: &str = "('report', 'report_conflict')";

/// A log row written by a table's phone (a pairs table, a teams room) or a team captain's
/// phone, as opposed to an arbiter or director: their actor names the table or the captain.
const DEVICE_ROWS: &str = "((actor LIKE 'table %' AND action IN \
     ('enter', 'conflict', 'confirm', 'call', 'not_played', 'pairs_ok')) \
     OR actor LIKE 'captain of %')";

impl Scope {
    /// The table the thing lives in: missing there, it is not found.
    fn table(self) -> (&'static str, &'static str, i64) {
        match self {
            Scope::Event(id) => ("event", "event", id),
            Scope::Group(id) => ("event_group", "group", id),
            Scope::BridgeSession(id) => ("bridge_session", "session", id),
            Scope::Series(id) => ("bridge_series", "series", id),
            Scope::BridgeTeams(id) => ("bridge_team_event", "teams event", id),
            Scope::Teams(id) => ("team_event", "team event", id),
            Scope::BridgeIndividual(id) => ("bridge_individual", "individual session", id),
        }
    }

    fn exists(self, c: &Connection) -> Result<()> {
        let (table, what, id) = self.table();
        let found: Option<i64> = c
            .query_row(
                &format!("SELECT id FROM {table} WHERE id = ?1"),
                [id],
                |r| r.get(0),
            )
            .optional()?;
        found.map(|_| ()).ok_or(Error::NotFound(what))
    }

    /// The log rows of the scope, as a query over `id, at, actor, action` and whether a phone
    /// wrote the row; its one parameter is the scope's id.
    fn rows(self) -> String {
        let chess_device = format!("(before IS NULL AND action IN {REPORT_ACTIONS})");
        match self {
            Scope::Event(_) => format!(
                "SELECT id, at, actor, action, {chess_device} AS device FROM action_log \
                 WHERE event_id = ?1"
            ),
            // The group's own entries (its settings, sections made, attached, changed) and
            // every section's: a section's change is the group's too (the desk shows them all).
            Scope::Group(_) => format!(
                "SELECT id, at, actor, action, {chess_device} AS device FROM action_log \
                 WHERE event_id IN (SELECT event_id FROM event_section WHERE group_id = ?1) \
                 OR (event_id IS NULL AND json_extract(detail, '$.group') = ?1)"
            ),
            Scope::BridgeSession(_) => format!(
                "SELECT id, at, actor, action, {DEVICE_ROWS} AS device FROM bridge_log \
                 WHERE session_id = ?1"
            ),
            Scope::BridgeTeams(_) => format!(
                "SELECT id, at, actor, action, {DEVICE_ROWS} AS device FROM bridge_team_log \
                 WHERE event_id = ?1"
            ),
            Scope::Teams(_) => format!(
                "SELECT id, at, actor, action, {DEVICE_ROWS} AS device FROM team_log \
                 WHERE event_id = ?1"
            ),
            Scope::BridgeIndividual(_) => format!(
                "SELECT id, at, actor, action, {DEVICE_ROWS} AS device FROM bridge_individual_log \
                 WHERE individual_id = ?1"
            ),
            Scope::Series(_) => unreachable!("a series counts its changes in its own row"),
        }
    }
}

/// [`Store::version`] on `c`.
pub(crate) fn version_on(c: &Connection, scope: Scope) -> Result<Version> {
    scope.exists(c)?;
    if let Scope::Series(id) = scope {
        return Ok(Version(c.query_row(
            "SELECT version FROM bridge_series WHERE id = ?1",
            [id],
            |r| r.get(0),
        )?));
    }
    let rows = scope.rows();
    // A chess event's reports leave its version as it was (pages built before them still
    // show every result the arbiter entered).
    let counted = match scope {
        Scope::Event(_) | Scope::Group(_) => " WHERE NOT device",
        _ => "",
    };
    let (_, _, id) = scope.table();
    Ok(Version(c.query_row(
        &format!("SELECT coalesce(max(id), 0) FROM ({rows}){counted}"),
        [id],
        |r| r.get(0),
    )?))
}

impl Store {
    /// The scope's version now: it grows with every change (refused as not found when the
    /// thing does not exist).
    pub fn version(&self, scope: Scope) -> Result<Version> {
        self.with_conn(|c| version_on(c, scope))
    }

    /// What arbiters and directors changed in the scope after version `seen`, oldest first
    /// (what phones sent is left out: see the module's documentation). A series, which keeps
    /// no log, answers one change without actor when its version moved.
    pub fn changes_since(&self, scope: Scope, seen: Version) -> Result<Vec<Change>> {
        self.with_conn(|c| {
            scope.exists(c)?;
            if let Scope::Series(_) = scope {
                let now = version_on(c, scope)?;
                return Ok(if now > seen {
                    vec![Change {
                        at: String::new(),
                        actor: String::new(),
                        action: "series".into(),
                    }]
                } else {
                    Vec::new()
                });
            }
            let (_, _, id) = scope.table();
            let mut st = c.prepare(&format!(
                "SELECT at, actor, action FROM ({}) WHERE id > ?2 AND NOT device ORDER BY id",
                scope.rows()
            ))?;
            let rows = st.query_map(params![id, seen.0], |r| {
                Ok(Change {
                    at: r.get(0)?,
                    actor: r.get(1)?,
                    action: r.get(2)?,
                })
            })?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
    }
}
