//! Sections (issue 23 §1): a weekend open is several tournaments (an A open, a B open under
//! 1600, a rapid) sharing one registration desk. A group holds events; each event of a group
//! is a section with its label and the pairing ratings it takes. An event outside any group is
//! one tournament as before: nothing here touches it.
//!
//! ```
//! use store::chess::sections::{GroupSettings, RatingLimits};
//! let store = store::Store::open_in_memory().unwrap();
//! let group = store
//!     .create_group("arbiter", &GroupSettings::new("Open de Noël".parse().unwrap()))
//!     .unwrap();
//! let b = store::EventSettings::new("Open B".parse().unwrap(), 7);
//! let limits = RatingLimits { from: None, under: Some(1600) };
//! let id = store.create_section("arbiter", group, "B", limits, &b).unwrap();
//! assert_eq!(store.sections(group).unwrap()[0].event.id, id);
//! ```

use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::chess::log::{append, snapshot_text, LogEntry};
use crate::chess::rows::{load_byes, load_event, load_player, load_players, load_rounds};
use crate::chess::types::*;
use crate::error::{Error, Refusal, Result};
use crate::text::{Label, PersonName};
use crate::Store;

use crate::chess::section_limits::section_row;
pub use crate::chess::section_limits::{RatingLimits, SectionLabel, SECTION_RATING_LIMITS};
pub use crate::chess::types::GroupId;

/// What the organiser sets for a group: its name, place and dates (new sections start with
/// them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupSettings {
    pub name: Label,
    #[serde(default)]
    pub place: Label,
    /// `YYYY-MM-DD` or empty.
    #[serde(default)]
    pub start_date: String,
    #[serde(default)]
    pub end_date: String,
}

impl GroupSettings {
    pub fn new(name: Label) -> GroupSettings {
        GroupSettings {
            name,
            place: Label::default(),
            start_date: String::new(),
            end_date: String::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Group {
    pub id: GroupId,
    #[serde(flatten)]
    pub settings: GroupSettings,
    pub created_at: String,
}

/// One section of a group: its event, label and limits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Section {
    pub group: GroupId,
    pub label: SectionLabel,
    pub limits: RatingLimits,
    pub event: Event,
}

/// A player of the group's desk: who, and in which section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DeskPlayer {
    pub section: EventId,
    pub label: SectionLabel,
    #[serde(flatten)]
    pub player: Player,
}

/// One entry of a section's log, on the group's merged log.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GroupLogEntry {
    pub section: EventId,
    pub label: SectionLabel,
    #[serde(flatten)]
    pub entry: LogEntry,
}

/// Where a player plays in their section's last paired round ("find my board").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Seat {
    pub section: EventId,
    pub label: SectionLabel,
    pub name: PersonName,
    pub round: u32,
    /// `None` for a bye (the pairing-allocated one when `bye` is `None` too).
    pub board: Option<u32>,
    pub white: bool,
    pub opponent: Option<PersonName>,
    pub bye: Option<ByeKind>,
}

fn parse_label(label: &str) -> Result<SectionLabel> {
    let l = SectionLabel::parse(label).map_err(|e| {
        Error::invalid(
            "label",
            "a section label of at most 20 characters",
            e.to_string(),
        )
    })?;
    if l.is_empty() {
        return Err(Error::invalid(
            "label",
            "the section's label (A, B, Rapide)",
            "nothing",
        ));
    }
    Ok(l)
}

pub(crate) fn validate_group(g: &GroupSettings) -> Result<()> {
    if g.name.is_empty() {
        return Err(Error::invalid("name", "the group's name", "nothing"));
    }
    for (field, date) in [("start_date", &g.start_date), ("end_date", &g.end_date)] {
        // A day the month has (2027-02-30 is not one).
        let real_day = tournament::parse_ymd(&date.replace('-', "/")).is_some()
            && date.parse::<prizes::Date>().is_ok();
        if !date.is_empty() && !real_day {
            return Err(Error::invalid(field, "a date as YYYY-MM-DD", date.clone()));
        }
    }
    Ok(())
}

pub(crate) fn load_group(conn: &Connection, id: GroupId) -> Result<Group> {
    conn.query_row(
        "SELECT id, name, place, start_date, end_date, created_at FROM event_group WHERE id = ?1",
        [id],
        |r| {
            Ok(Group {
                id: r.get(0)?,
                settings: GroupSettings {
                    name: Label::from_stored(&r.get::<_, String>(1)?),
                    place: Label::from_stored(&r.get::<_, String>(2)?),
                    start_date: r.get(3)?,
                    end_date: r.get(4)?,
                },
                created_at: r.get(5)?,
            })
        },
    )
    .optional()?
    .ok_or(Error::NotFound("group"))
}

pub(crate) fn load_sections(conn: &Connection, group: GroupId) -> Result<Vec<Section>> {
    let rows: Vec<(EventId, String, Option<u16>, Option<u16>)> = {
        let mut st = conn.prepare_cached(
            "SELECT event_id, label, rating_from, rating_under FROM event_section \
             WHERE group_id = ?1 ORDER BY label, event_id",
        )?;
        let rows = st.query_map([group], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    rows.into_iter()
        .map(|(event, label, from, under)| {
            Ok(Section {
                group,
                label: SectionLabel::from_stored(&label),
                limits: RatingLimits { from, under },
                event: load_event(conn, event)?,
            })
        })
        .collect()
}

/// The section of `event` in `group`, or not found.
fn section_in(conn: &Connection, group: GroupId, event: EventId) -> Result<Section> {
    load_sections(conn, group)?
        .into_iter()
        .find(|s| s.event.id == event)
        .ok_or(Error::NotFound("section"))
}

fn write_section(
    tx: &Connection,
    group: GroupId,
    event: EventId,
    label: &SectionLabel,
    limits: RatingLimits,
) -> Result<()> {
    let taken: Option<EventId> = tx
        .query_row(
            "SELECT event_id FROM event_section WHERE group_id = ?1 AND label = ?2 AND event_id != ?3",
            params![group, label.as_str(), event],
            |r| r.get(0),
        )
        .optional()?;
    if taken.is_some() {
        return Err(Error::invalid(
            "label",
            "a label no other section of the group has",
            label.to_string(),
        ));
    }
    // The players already entered must fit the limits set.
    for p in load_players(tx, event)? {
        check_rating_limits_with(tx, event, label, limits, &p.details)?;
    }
    tx.execute(
        "INSERT INTO event_section (event_id, group_id, label, rating_from, rating_under) \
         VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (event_id) DO UPDATE SET label = excluded.label, \
         rating_from = excluded.rating_from, rating_under = excluded.rating_under",
        params![event, group, label.as_str(), limits.from, limits.under],
    )?;
    Ok(())
}

/// [`check_rating_limits`] for limits not yet written (the player named in the error).
fn check_rating_limits_with(
    conn: &Connection,
    event: EventId,
    label: &SectionLabel,
    limits: RatingLimits,
    p: &NewPlayer,
) -> Result<()> {
    let choice = load_event(conn, event)?.settings.pairing_rating;
    let used = p.pairing_rating(choice);
    if limits.admits(used.rating) {
        return Ok(());
    }
    Err(Error::invalid(
        format!("{}: rating_limits", p.name),
        format!(
            "{SECTION_RATING_LIMITS} of section {label} ({})",
            limits.text()
        ),
        used.rating
            .map_or_else(|| "no rating".into(), |r| r.to_string()),
    ))
}

impl Store {
    pub fn create_group(&self, actor: &str, g: &GroupSettings) -> Result<GroupId> {
        validate_group(g)?;
        self.transaction(|tx| {
            tx.execute(
                "INSERT INTO event_group (name, place, start_date, end_date, created_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    g.name.as_str(),
                    g.place.as_str(),
                    g.start_date,
                    g.end_date,
                    crate::db::now()
                ],
            )?;
            let id = tx.last_insert_rowid();
            append(
                tx,
                None,
                actor,
                "create_group",
                json!({ "group": id, "name": g.name }),
                None,
            )?;
            Ok(id)
        })
    }

    /// Every group, the newest first.
    pub fn groups(&self) -> Result<Vec<Group>> {
        self.with_conn(|c| {
            let ids: Vec<GroupId> = {
                let mut st = c.prepare("SELECT id FROM event_group ORDER BY id DESC")?;
                let rows = st.query_map([], |r| r.get(0))?;
                rows.collect::<rusqlite::Result<_>>()?
            };
            ids.into_iter().map(|id| load_group(c, id)).collect()
        })
    }

    pub fn group(&self, id: GroupId) -> Result<Group> {
        self.with_conn(|c| load_group(c, id))
    }

    /// The group's sections, by label.
    pub fn sections(&self, group: GroupId) -> Result<Vec<Section>> {
        self.with_conn(|c| {
            load_group(c, group)?;
            load_sections(c, group)
        })
    }

    /// The group and label of an event, `None` outside any group.
    pub fn section_of(&self, event: EventId) -> Result<Option<(GroupId, SectionLabel)>> {
        self.with_conn(|c| Ok(section_row(c, event)?.map(|(g, l, _)| (g, l))))
    }

    /// A new section: a new event with `settings` (the group's place and dates where they are
    /// left empty), its label and rating limits; logged in the new event's log.
    pub fn create_section(
        &self,
        actor: &str,
        group: GroupId,
        label: &str,
        limits: RatingLimits,
        settings: &EventSettings,
    ) -> Result<EventId> {
        let label = parse_label(label)?;
        limits.validate()?;
        self.transaction(|tx| {
            let g = load_group(tx, group)?;
            let mut s = settings.clone();
            if s.place.is_empty() {
                s.place = g.settings.place.clone();
            }
            if s.start_date.is_empty() && s.end_date.is_empty() {
                s.start_date = g.settings.start_date.clone();
                s.end_date = g.settings.end_date.clone();
            }
            let id = crate::chess::event::insert_event(tx, actor, &s)?;
            write_section(tx, group, id, &label, limits)?;
            append(
                tx,
                Some(id),
                actor,
                "join_group",
                section_detail(group, &label, limits),
                None,
            )?;
            Ok(id)
        })
    }

    /// Puts an existing event in the group as a section; refused once its round 1 is paired,
    /// when it is in a group already, or when a player of it is outside the limits.
    pub fn attach_section(
        &self,
        actor: &str,
        group: GroupId,
        event: EventId,
        label: &str,
        limits: RatingLimits,
    ) -> Result<()> {
        let label = parse_label(label)?;
        limits.validate()?;
        self.transaction(|tx| {
            load_group(tx, group)?;
            let e = load_event(tx, event)?;
            if section_row(tx, event)?.is_some() {
                return Err(Error::refused(
                    Refusal::InAnotherGroup,
                    "the event is a section of a group already",
                ));
            }
            if e.paired_rounds > 0 {
                return Err(Error::refused(
                    Refusal::EventStarted,
                    "an event joins a group before its round 1 is paired",
                ));
            }
            write_section(tx, group, event, &label, limits)?;
            append(
                tx,
                Some(event),
                actor,
                "join_group",
                section_detail(group, &label, limits),
                None,
            )
        })
    }

    /// Changes a section's label and rating limits (the players entered must fit them).
    pub fn update_section(
        &self,
        actor: &str,
        group: GroupId,
        event: EventId,
        label: &str,
        limits: RatingLimits,
    ) -> Result<()> {
        let label = parse_label(label)?;
        limits.validate()?;
        self.transaction(|tx| {
            section_in(tx, group, event)?;
            write_section(tx, group, event, &label, limits)?;
            append(
                tx,
                Some(event),
                actor,
                "update_section",
                section_detail(group, &label, limits),
                None,
            )
        })
    }

    /// Every player of every section, by name (then section); with `query`, those whose name,
    /// licence or FIDE id holds it (case and accents as typed).
    pub fn desk(&self, group: GroupId, query: &str) -> Result<Vec<DeskPlayer>> {
        let q = query.trim().to_lowercase();
        self.with_conn(|c| {
            load_group(c, group)?;
            let mut out = Vec::new();
            for s in load_sections(c, group)? {
                for p in load_players(c, s.event.id)? {
                    let d = &p.details;
                    let hit = q.is_empty()
                        || d.name.to_lowercase().contains(&q)
                        || d.national.licence.as_str().to_lowercase().contains(&q)
                        || d.fide_id.is_some_and(|f| f.to_string().contains(&q));
                    if hit {
                        out.push(DeskPlayer {
                            section: s.event.id,
                            label: s.label.clone(),
                            player: p,
                        });
                    }
                }
            }
            out.sort_by(|a, b| {
                let name = |x: &DeskPlayer| x.player.details.name.to_lowercase();
                name(a).cmp(&name(b)).then(a.label.cmp(&b.label))
            });
            Ok(out)
        })
    }

    /// Moves a player from their section to another of the group before round 1 of both: one
    /// transaction, logged in both sections. The player keeps their data (national data too),
    /// check-in and the byes requested for rounds the new section has; forbidden pairs, which
    /// name players of the old section, are dropped. Answers the player's key in the new
    /// section.
    pub fn move_player(
        &self,
        actor: &str,
        group: GroupId,
        from: EventId,
        player: PlayerKey,
        to: EventId,
    ) -> Result<PlayerKey> {
        self.transaction(|tx| {
            let source = section_in(tx, group, from)?;
            let target = section_in(tx, group, to)?;
            let p = load_player(tx, from, player)?;
            if from == to {
                return Err(Error::invalid(
                    "to",
                    "another section of the group",
                    target.label.to_string(),
                ));
            }
            for s in [&source, &target] {
                if s.event.paired_rounds > 0 {
                    return Err(Error::refused(
                        Refusal::SectionStarted,
                        format!(
                            "section {} has round 1 paired: a player moves between sections before round 1 of both",
                            s.label
                        ),
                    ));
                }
            }
            let before_from = snapshot_text(tx, from)?;
            let before_to = snapshot_text(tx, to)?;
            let byes = load_byes(tx, from)?;
            let moved = crate::chess::event::insert_player(tx, to, &p.details)?;
            tx.execute(
                "UPDATE player SET present = ?1, withdrawn_from = ?2 WHERE id = ?3",
                params![p.present, p.withdrawn_from, moved],
            )?;
            for b in byes.iter().filter(|b| b.player == player) {
                if b.round <= target.event.settings.rounds {
                    tx.execute(
                        "INSERT INTO bye (event_id, player_id, round, kind) VALUES (?1, ?2, ?3, ?4)",
                        params![to, moved, b.round, b.kind.as_str()],
                    )?;
                }
            }
            tx.execute("DELETE FROM player WHERE id = ?1", [player])?;
            crate::chess::event::renumber(tx, from)?;
            crate::chess::event::renumber(tx, to)?;
            let detail = json!({
                "player": player, "moved": moved, "name": p.details.name,
                "from": from, "from_label": source.label, "to": to, "to_label": target.label,
            });
            append(tx, Some(from), actor, MOVE_OUT, detail.clone(), Some(before_from))?;
            append(tx, Some(to), actor, MOVE_IN, detail, Some(before_to))?;
            Ok(moved)
        })
    }

    /// The log entries of every section, newest first, each with its section.
    pub fn group_log(&self, group: GroupId) -> Result<Vec<GroupLogEntry>> {
        let sections = self.sections(group)?;
        let mut out = Vec::new();
        for s in sections {
            for entry in self.log(s.event.id)? {
                out.push(GroupLogEntry {
                    section: s.event.id,
                    label: s.label.clone(),
                    entry,
                });
            }
        }
        // Ids follow the order actions were written in: the time order, to the action.
        out.sort_by_key(|e| std::cmp::Reverse(e.entry.id));
        Ok(out)
    }

    /// "Find my board" across the group's public sections: the players whose name holds
    /// `query`, with where they play in their section's last paired round.
    pub fn find_seats(&self, group: GroupId, query: &str) -> Result<Vec<Seat>> {
        let q = query.trim().to_lowercase();
        if q.is_empty() {
            return Ok(Vec::new());
        }
        self.with_conn(|c| {
            let mut out = Vec::new();
            for s in load_sections(c, group)? {
                let e = &s.event;
                if !e.settings.public || e.paired_rounds == 0 {
                    continue;
                }
                let players = load_players(c, e.id)?;
                let name = |k: PlayerKey| {
                    players
                        .iter()
                        .find(|p| p.id == k)
                        .map(|p| p.details.name.clone())
                };
                let Some(round) = load_rounds(c, e.id)?.pop() else {
                    continue;
                };
                for p in players
                    .iter()
                    .filter(|p| p.details.name.to_lowercase().contains(&q))
                {
                    let seat = |board, white, opponent, bye| Seat {
                        section: e.id,
                        label: s.label.clone(),
                        name: p.details.name.clone(),
                        round: round.number,
                        board,
                        white,
                        opponent,
                        bye,
                    };
                    if let Some(g) = round
                        .games
                        .iter()
                        .find(|g| g.white == p.id || g.black == Some(p.id))
                    {
                        let white = g.white == p.id;
                        let opponent = if white {
                            g.black.and_then(name)
                        } else {
                            name(g.white)
                        };
                        let board = g.black.map(|_| g.board);
                        out.push(seat(board, white, opponent, None));
                    } else if let Some(b) = round.byes.iter().find(|b| b.player == p.id) {
                        out.push(seat(None, false, None, Some(b.kind)));
                    }
                }
            }
            out.sort_by(|a, b| {
                a.name
                    .to_lowercase()
                    .cmp(&b.name.to_lowercase())
                    .then(a.label.cmp(&b.label))
            });
            Ok(out)
        })
    }
}

pub use crate::chess::log::{MOVE_IN, MOVE_OUT};

fn section_detail(group: GroupId, label: &SectionLabel, limits: RatingLimits) -> serde_json::Value {
    json!({ "group": group, "label": label, "rating_from": limits.from, "rating_under": limits.under })
}
