//! A group's own life beside its sections (issue 23): the group's public registration form,
//! where the player chooses the section (the entry then waits in that section as one sent
//! through the section's own form, within its rating limits); the group's name, place and
//! dates changed; and the group deleted, its sections kept as standalone events.
//!
//! ```
//! use store::chess::sections::{GroupSettings, RatingLimits};
//! let store = store::Store::open_in_memory().unwrap();
//! let group = store
//!     .create_group("arbiter", &GroupSettings::new("Open de Noël".parse().unwrap()))
//!     .unwrap();
//! let b = store::EventSettings::new("Open B".parse().unwrap(), 7);
//! let limits = RatingLimits { from: None, under: Some(1600) };
//! let section = store.create_section("arbiter", group, "B", limits, &b).unwrap();
//! store.delete_group("arbiter", group).unwrap();
//! // The section is an event of its own again.
//! assert_eq!(store.section_of(section).unwrap(), None);
//! assert_eq!(store.event(section).unwrap().settings.name, "Open B");
//! ```

use rusqlite::params;
use serde_json::json;

use crate::chess::entries::{is_open, load_settings, EntryId};
use crate::chess::log::append;
use crate::chess::section_limits::check_rating_limits;
use crate::chess::sections::{
    load_group, load_sections, validate_group, Group, GroupId, GroupSettings, Section,
};
use crate::chess::types::*;
use crate::error::{Error, Result};
use crate::Store;

impl Store {
    /// The group's sections whose registration form takes entries now, by label.
    pub fn open_sections(&self, group: GroupId) -> Result<Vec<Section>> {
        self.with_conn(|c| {
            load_group(c, group)?;
            let mut out = Vec::new();
            for s in load_sections(c, group)? {
                if is_open(c, &load_settings(c, s.event.id)?)? {
                    out.push(s);
                }
            }
            Ok(out)
        })
    }

    /// The groups with at least one section taking entries now, in the order they were
    /// created.
    pub fn open_group_registrations(&self) -> Result<Vec<Group>> {
        let mut out = Vec::new();
        for g in self.groups()?.into_iter().rev() {
            if !self.open_sections(g.id)?.is_empty() {
                out.push(g);
            }
        }
        Ok(out)
    }

    /// A registration from the group's public form for its section `section`: refused (not
    /// found) for an event outside the group, and when the player's pairing rating is outside
    /// the section's limits (the rating's field named); otherwise as [`Store::submit_entry`].
    pub fn submit_group_entry(
        &self,
        address: &str,
        group: GroupId,
        section: EventId,
        token: &str,
        answer: i64,
        p: &NewPlayer,
    ) -> Result<EntryId> {
        let in_group = self.sections(group)?.iter().any(|s| s.event.id == section);
        if !in_group {
            return Err(Error::NotFound("section"));
        }
        self.submit_entry_checked(address, section, token, answer, p, |c| {
            check_rating_limits(c, section, p)
        })
    }

    /// Changes the group's name, place and dates (its sections keep theirs); logged.
    pub fn update_group(&self, actor: &str, group: GroupId, g: &GroupSettings) -> Result<()> {
        validate_group(g)?;
        self.transaction(|tx| {
            load_group(tx, group)?;
            tx.execute(
                "UPDATE event_group SET name = ?1, place = ?2, start_date = ?3, end_date = ?4 WHERE id = ?5",
                params![g.name.as_str(), g.place.as_str(), g.start_date, g.end_date, group],
            )?;
            append(
                tx,
                None,
                actor,
                "update_group",
                json!({ "group": group, "name": g.name, "place": g.place,
                        "start_date": g.start_date, "end_date": g.end_date }),
                None,
            )
        })
    }

    /// Deletes the group. Its sections are detached, never deleted: each stays an event of
    /// its own with its players, rounds, log and entries, at any stage (a section is a whole
    /// event; only the shared desk and public page go). Logged in each section's log and in
    /// the site's log.
    pub fn delete_group(&self, actor: &str, group: GroupId) -> Result<()> {
        self.transaction(|tx| {
            let g = load_group(tx, group)?;
            for s in load_sections(tx, group)? {
                tx.execute(
                    "DELETE FROM event_section WHERE event_id = ?1",
                    [s.event.id],
                )?;
                append(
                    tx,
                    Some(s.event.id),
                    actor,
                    "leave_group",
                    json!({ "group": group, "group_name": g.settings.name, "label": s.label }),
                    None,
                )?;
            }
            tx.execute("DELETE FROM event_group WHERE id = ?1", [group])?;
            append(
                tx,
                None,
                actor,
                "delete_group",
                json!({ "group": group, "name": g.settings.name }),
                None,
            )
        })
    }

    /// The group's own log entries (its changes and deletion, not its sections'), newest first.
    pub fn group_changes(&self, group: GroupId) -> Result<Vec<crate::LogEntry>> {
        self.with_conn(|c| {
            let mut st = c.prepare(
                "SELECT id FROM action_log WHERE event_id IS NULL \
                 AND action IN ('create_group', 'update_group', 'delete_group') \
                 AND json_extract(detail, '$.group') = ?1 ORDER BY id DESC",
            )?;
            let ids = st
                .query_map([group], |r| r.get::<_, i64>(0))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            ids.into_iter()
                .map(|id| crate::chess::log::entry_at(c, id))
                .collect()
        })
    }
}
