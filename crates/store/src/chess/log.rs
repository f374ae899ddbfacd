//! The action log: every arbiter action with who, when, what, and the event as it was before,
//! so that the state after any action can be shown and the last actions undone.

use rusqlite::{params, Connection, OptionalExtension, Transaction};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::chess::rows::{
    load_byes, load_event, load_forbidden, load_players, load_round_starts, write_national,
    write_round_start, write_settings,
};
use crate::chess::types::*;
use crate::edits::{Changed, Version};
use crate::error::{Error, Refusal, Result};
use crate::Store;

/// The log's actions of a move between sections: undone by moving the player back, never by
/// undo (each section's undo would put back only its half of the move).
pub const MOVE_OUT: &str = "move_player_out";
pub const MOVE_IN: &str = "move_player_in";

/// One entry of the log, as shown to the arbiter.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LogEntry {
    pub id: i64,
    pub at: String,
    pub actor: String,
    /// A short code: `pair`, `set_result`, `withdraw`, …
    pub action: String,
    /// What the action said (its form's values).
    pub detail: serde_json::Value,
    pub undone: bool,
}

/// The event as it was just after one action of its log ([`Store::past_state`]).
#[derive(Debug, Clone, PartialEq)]
pub struct PastState {
    pub log_id: i64,
    pub settings: EventSettings,
    pub players: Vec<Player>,
    pub rounds: Vec<Round>,
    pub standings: Option<crate::chess::model::Standings>,
}

/// Everything one event holds, as it was at one moment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Snapshot {
    settings: EventSettings,
    players: Vec<Player>,
    rounds: Vec<(u32, String)>,
    games: Vec<Game>,
    byes: Vec<Bye>,
    forbidden: Vec<(PlayerKey, PlayerKey)>,
    /// The rounds' dates and times (absent from snapshots taken before there were any).
    #[serde(default)]
    round_starts: Vec<(u32, RoundStart)>,
    /// The lots drawn (absent from snapshots taken before there were any).
    #[serde(default)]
    lots: Vec<(PlayerKey, u32)>,
    /// The entries' decisions and the payments of the entry fees (absent from snapshots taken
    /// before they were kept: then undo leaves them as they are).
    #[serde(default)]
    entries: Option<crate::chess::entries_state::EntriesState>,
}

impl Snapshot {
    pub(crate) fn settings(&self) -> &EventSettings {
        &self.settings
    }

    pub(crate) fn player(&self, id: PlayerKey) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    /// What the player had paid of the entry fee (cents and method), when the snapshot kept
    /// the payments; `Some(None)` for nothing paid.
    pub(crate) fn payment(&self, player: PlayerKey) -> Option<Option<(i64, String)>> {
        self.entries.as_ref().map(|e| e.payment(player))
    }

    pub(crate) fn game(&self, round: u32, board: u32) -> Option<&Game> {
        self.games
            .iter()
            .find(|g| g.round == round && g.board == board)
    }

    /// The seats of a round: (board, white, black), board order.
    pub(crate) fn seats(&self, round: u32) -> Vec<(u32, PlayerKey, Option<PlayerKey>)> {
        seats(self.games.iter().filter(|g| g.round == round))
    }

    pub(crate) fn bye(&self, player: PlayerKey, round: u32) -> Option<ByeKind> {
        self.byes
            .iter()
            .find(|b| b.player == player && b.round == round)
            .map(|b| b.kind)
    }

    pub(crate) fn round_start(&self, round: u32) -> Option<&RoundStart> {
        self.round_starts
            .iter()
            .find(|(n, _)| *n == round)
            .map(|(_, s)| s)
    }
}

/// The seats of a round's games: (board, white, black).
pub(crate) fn seats<'a>(
    games: impl Iterator<Item = &'a Game>,
) -> Vec<(u32, PlayerKey, Option<PlayerKey>)> {
    let mut v: Vec<_> = games.map(|g| (g.board, g.white, g.black)).collect();
    v.sort();
    v
}

/// The event as a page built at version `seen` showed it: the state the first action after
/// that version saved before it changed anything. `None` when no version was given, or when
/// nothing changed since (the page showed what is stored).
pub(crate) fn shown_at(
    conn: &Connection,
    event: EventId,
    seen: Option<Version>,
) -> Result<Option<Snapshot>> {
    let Some(v) = seen else { return Ok(None) };
    Ok(before_of_next(conn, event, v.0)?
        .map(|text| serde_json::from_str(&text))
        .transpose()?)
}

/// [`Store::event_version`] read on `conn`.
pub(crate) fn version_on(conn: &Connection, event: EventId) -> Result<Version> {
    crate::versions::version_on(conn, crate::versions::Scope::Event(event))
}

/// The refusal of a form whose values someone else changed first (nothing is written).
pub(crate) fn conflict(conn: &Connection, event: EventId, changed: Vec<Changed>) -> Result<Error> {
    Ok(Error::Conflict {
        version: version_on(conn, event)?,
        changed,
    })
}

fn snapshot(conn: &Connection, event: EventId) -> Result<Snapshot> {
    let e = load_event(conn, event)?;
    let rounds = crate::chess::rows::load_rounds(conn, event)?;
    Ok(Snapshot {
        settings: e.settings,
        players: load_players(conn, event)?,
        rounds: rounds
            .iter()
            .map(|r| (r.number, r.paired_at.clone()))
            .collect(),
        games: rounds.into_iter().flat_map(|r| r.games).collect(),
        byes: load_byes(conn, event)?,
        forbidden: load_forbidden(conn, event)?,
        round_starts: load_round_starts(conn, event)?,
        lots: crate::chess::lots::load_lots(conn, event)?,
        entries: Some(crate::chess::entries_state::EntriesState::load(
            conn, event,
        )?),
    })
}

/// The event's snapshot as the log keeps it (`before`), for an action logged by hand.
pub(crate) fn snapshot_text(conn: &Connection, event: EventId) -> Result<String> {
    Ok(serde_json::to_string(&snapshot(conn, event)?)?)
}

/// Puts the event back as the snapshot has it: rows that came later are removed, rows that
/// were changed are written back with their ids.
fn restore(conn: &Connection, event: EventId, s: &Snapshot) -> Result<()> {
    for table in [
        "game",
        "round",
        "bye",
        "forbidden_pair",
        "round_start",
        "player_lot",
    ] {
        conn.execute(&format!("DELETE FROM {table} WHERE event_id = ?1"), [event])?;
    }
    conn.execute("DELETE FROM player WHERE event_id = ?1", [event])?;
    write_settings(conn, event, &s.settings)?;
    for p in &s.players {
        let d = &p.details;
        conn.execute(
            "INSERT INTO player (id, event_id, number, name, title, rating, national_rating, federation, fide_id, \
             birth_date, sex, club, present, withdrawn_from) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
            params![
                p.id,
                event,
                p.number,
                d.name,
                d.title,
                d.rating,
                d.national_rating,
                d.federation,
                d.fide_id.map(|v| v as i64),
                d.birth_date,
                d.sex,
                d.club,
                p.present,
                p.withdrawn_from
            ],
        )?;
        write_national(conn, p.id, &d.national)?;
    }
    for (number, at) in &s.rounds {
        conn.execute(
            "INSERT INTO round (event_id, number, paired_at) VALUES (?1, ?2, ?3)",
            params![event, number, at],
        )?;
    }
    for g in &s.games {
        crate::chess::rows::insert_game(conn, event, g)?;
    }
    for b in &s.byes {
        conn.execute(
            "INSERT INTO bye (event_id, player_id, round, kind) VALUES (?1, ?2, ?3, ?4)",
            params![event, b.player, b.round, b.kind.as_str()],
        )?;
    }
    for (a, b) in &s.forbidden {
        conn.execute(
            "INSERT INTO forbidden_pair (event_id, a, b) VALUES (?1, ?2, ?3)",
            params![event, a, b],
        )?;
    }
    for (round, start) in &s.round_starts {
        write_round_start(conn, event, *round, Some(start))?;
    }
    for (player, lot) in &s.lots {
        crate::chess::lots::insert_lot(conn, event, *player, *lot)?;
    }
    if let Some(entries) = &s.entries {
        entries.restore(conn, event)?;
    }
    Ok(())
}

/// Appends an entry; `before` is the event's snapshot when the action can be undone.
pub(crate) fn append(
    conn: &Connection,
    event: Option<EventId>,
    actor: &str,
    action: &str,
    detail: serde_json::Value,
    before: Option<String>,
) -> Result<()> {
    conn.execute(
        "INSERT INTO action_log (event_id, at, actor, action, detail, before) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![event, crate::db::now(), actor, action, detail.to_string(), before],
    )?;
    Ok(())
}

impl Store {
    /// Runs an arbiter action on `event` in one transaction with its log entry and the snapshot
    /// of the event before it.
    pub(crate) fn logged<T>(
        &self,
        actor: &str,
        event: EventId,
        action: &str,
        detail: serde_json::Value,
        f: impl FnOnce(&Transaction<'_>) -> Result<T>,
    ) -> Result<T> {
        self.logged_unless(actor, event, action, detail, |_| Ok(None), f)
    }

    /// [`Store::logged`] for an action that may change nothing (a form whose values were all
    /// left as shown, or changed by someone else first): `f` answers its outcome and the detail
    /// to log, `None` when it wrote nothing; then nothing is logged and the version stays.
    pub(crate) fn logged_if<T>(
        &self,
        actor: &str,
        event: EventId,
        action: &str,
        f: impl FnOnce(&Transaction<'_>) -> Result<(T, Option<serde_json::Value>)>,
    ) -> Result<T> {
        self.transaction(|tx| {
            let before = serde_json::to_string(&snapshot(tx, event)?)?;
            let (out, detail) = f(tx)?;
            if let Some(detail) = detail {
                append(tx, Some(event), actor, action, detail, Some(before))?;
            }
            Ok(out)
        })
    }

    /// [`Store::logged`] for an action that may already be done: when `done` finds its
    /// outcome, that is the answer and nothing is written or logged (a retried request, or two
    /// arriving at once).
    pub(crate) fn logged_unless<T>(
        &self,
        actor: &str,
        event: EventId,
        action: &str,
        detail: serde_json::Value,
        done: impl FnOnce(&Transaction<'_>) -> Result<Option<T>>,
        f: impl FnOnce(&Transaction<'_>) -> Result<T>,
    ) -> Result<T> {
        self.transaction(|tx| {
            if let Some(out) = done(tx)? {
                return Ok(out);
            }
            let before = serde_json::to_string(&snapshot(tx, event)?)?;
            let out = f(tx)?;
            append(tx, Some(event), actor, action, detail, Some(before))?;
            Ok(out)
        })
    }

    /// A number that changes whenever an arbiter's action changes the event (players' reports,
    /// which wait for the arbiter, do not count): pages computed at one version can be reused
    /// until it changes, also when another process changed the database.
    ///
    /// It is also the version a page was built from ([`crate::edits`]): read it before the
    /// page's data, and send it back with the page's forms.
    pub fn event_version(&self, event: EventId) -> Result<i64> {
        self.with_conn(|c| version_on(c, event).map(|v| v.0))
    }

    /// The event's log, newest first.
    pub fn log(&self, event: EventId) -> Result<Vec<LogEntry>> {
        self.with_conn(|c| {
            load_event(c, event)?;
            let mut st = c.prepare(
                "SELECT id, at, actor, action, detail, undone FROM action_log WHERE event_id = ?1 ORDER BY id DESC",
            )?;
            let rows = st.query_map([event], entry_row)?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
    }

    /// The event as it was just after the log entry `id` (JSON: settings, players, rounds, games,
    /// byes, forbidden pairs).
    pub fn state_after(&self, event: EventId, id: i64) -> Result<serde_json::Value> {
        self.with_conn(|c| {
            let next = before_of_next(c, event, id)?;
            match next {
                Some(text) => Ok(serde_json::from_str(&text)?),
                None => Ok(serde_json::to_value(snapshot(c, event)?)?),
            }
        })
    }

    /// The event as it was just after the log entry `id`, read like the current one: its
    /// settings, players, rounds with their results, and the standings of that moment (`None`
    /// when they cannot be computed then, e.g. before any player). The earlier state is put
    /// back inside a transaction that is rolled back: nothing changes.
    pub fn past_state(&self, event: EventId, id: i64) -> Result<PastState> {
        self.scratch(|tx| {
            let entry: Option<i64> = tx
                .query_row(
                    "SELECT id FROM action_log WHERE event_id = ?1 AND id = ?2",
                    params![event, id],
                    |r| r.get(0),
                )
                .optional()?;
            if entry.is_none() {
                return Err(Error::NotFound("log entry"));
            }
            let next = before_of_next(tx, event, id)?;
            if let Some(text) = next {
                let old: Snapshot = serde_json::from_str(&text)?;
                restore(tx, event, &old)?;
            }
            Ok(PastState {
                log_id: id,
                settings: load_event(tx, event)?.settings,
                players: load_players(tx, event)?,
                rounds: crate::chess::rows::load_rounds(tx, event)?,
                standings: crate::chess::model::standings_on(tx, event, None).ok(),
            })
        })
    }

    /// Undoes the event's last action not yet undone: the event goes back to how it was before
    /// it. Undoing is logged too, and can be repeated to go further back.
    pub fn undo_last(&self, actor: &str, event: EventId) -> Result<LogEntry> {
        self.transaction(|tx| {
            let last: Option<(i64, String)> = tx
                .query_row(
                    "SELECT id, before FROM action_log WHERE event_id = ?1 AND undone = 0 \
                     AND before IS NOT NULL AND action NOT IN ('undo', 'redo') ORDER BY id DESC LIMIT 1",
                    [event],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?;
            let Some((id, before)) = last else {
                return Err(Error::refused(
                    Refusal::NothingToUndo,
                    "no action left to undo",
                ));
            };
            let action: String =
                tx.query_row("SELECT action FROM action_log WHERE id = ?1", [id], |r| r.get(0))?;
            if [MOVE_OUT, MOVE_IN].contains(&action.as_str()) {
                return Err(Error::refused(
                    Refusal::MovedBetweenSections,
                    "the last action moved a player between sections: move them back from the group's desk",
                ));
            }
            back_to(tx, event, actor, &before, "undo", id)?;
            tx.execute("UPDATE action_log SET undone = 1 WHERE id = ?1", [id])?;
            entry_at(tx, id)
        })
    }
}

/// Puts the event back as the snapshot `before` has it, logged as `action` (`undo`, `redo`)
/// of the log entry `entry`, with the state it replaces (so it changes the version).
fn back_to(
    tx: &Connection,
    event: EventId,
    actor: &str,
    before: &str,
    action: &str,
    entry: i64,
) -> Result<()> {
    let now = serde_json::to_string(&snapshot(tx, event)?)?;
    let old: Snapshot = serde_json::from_str(before)?;
    restore(tx, event, &old)?;
    append(
        tx,
        Some(event),
        actor,
        action,
        json!({ "entry": entry }),
        Some(now),
    )
}

/// A log entry by id.
pub(crate) fn entry_at(c: &Connection, id: i64) -> Result<LogEntry> {
    Ok(c.query_row(
        "SELECT id, at, actor, action, detail, undone FROM action_log WHERE id = ?1",
        [id],
        entry_row,
    )?)
}

/// A row `id, at, actor, action, detail, undone` of the log.
fn entry_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<LogEntry> {
    let detail: String = r.get(4)?;
    Ok(LogEntry {
        id: r.get(0)?,
        at: r.get(1)?,
        actor: r.get(2)?,
        action: r.get(3)?,
        detail: serde_json::from_str(&detail).unwrap_or(serde_json::Value::Null),
        undone: r.get(5)?,
    })
}

/// The undo a redo would take back: the latest one not yet redone, when nothing but undos
/// and redos came after it (any other change closes the way back). `(undo's id, its
/// snapshot, the entry it undid)`.
fn redoable_on(c: &Connection, event: EventId) -> Result<Option<(i64, String, i64)>> {
    let last: Option<(i64, String, String)> = c
        .query_row(
            "SELECT id, before, detail FROM action_log WHERE event_id = ?1 AND action = 'undo' \
             AND undone = 0 AND before IS NOT NULL ORDER BY id DESC LIMIT 1",
            [event],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    let Some((id, before, detail)) = last else {
        return Ok(None);
    };
    let later: i64 = c.query_row(
        "SELECT count(*) FROM action_log WHERE event_id = ?1 AND id > ?2 AND before IS NOT NULL \
         AND action NOT IN ('undo', 'redo')",
        params![event, id],
        |r| r.get(0),
    )?;
    let entry = serde_json::from_str::<serde_json::Value>(&detail)?["entry"].as_i64();
    Ok(match (later, entry) {
        (0, Some(entry)) => Some((id, before, entry)),
        _ => None,
    })
}

impl Store {
    /// The action [`Store::undo_last`] would take back, if any (what its confirmation shows).
    pub fn last_undoable(&self, event: EventId) -> Result<Option<LogEntry>> {
        self.with_conn(|c| {
            load_event(c, event)?;
            let id: Option<i64> = c
                .query_row(
                    "SELECT id FROM action_log WHERE event_id = ?1 AND undone = 0 \
                     AND before IS NOT NULL AND action NOT IN ('undo', 'redo') ORDER BY id DESC LIMIT 1",
                    [event],
                    |r| r.get(0),
                )
                .optional()?;
            id.map(|id| entry_at(c, id)).transpose()
        })
    }

    /// The action [`Store::redo_last`] would do again, if any: the last one undone, while
    /// nothing else changed the event since.
    pub fn redoable(&self, event: EventId) -> Result<Option<LogEntry>> {
        self.with_conn(|c| {
            load_event(c, event)?;
            redoable_on(c, event)?
                .map(|(_, _, entry)| entry_at(c, entry))
                .transpose()
        })
    }

    /// Does again the action the last undo took back (the event goes back to how it was
    /// before that undo). Logged as `redo`; refused when something else changed the event
    /// since the undo.
    pub fn redo_last(&self, actor: &str, event: EventId) -> Result<LogEntry> {
        self.transaction(|tx| {
            let Some((undo_id, before, entry)) = redoable_on(tx, event)? else {
                return Err(Error::refused(
                    Refusal::NothingToUndo,
                    "no undone action left to redo",
                ));
            };
            back_to(tx, event, actor, &before, "redo", entry)?;
            tx.execute("UPDATE action_log SET undone = 1 WHERE id = ?1", [undo_id])?;
            tx.execute("UPDATE action_log SET undone = 0 WHERE id = ?1", [entry])?;
            entry_at(tx, entry)
        })
    }
}

/// The state saved before the first entry after the log entry `id` that saved one: the
/// event as it was just after `id` (`None` when no later entry changed it).
fn before_of_next(c: &Connection, event: EventId, id: i64) -> Result<Option<String>> {
    Ok(c.query_row(
        "SELECT before FROM action_log WHERE event_id = ?1 AND id > ?2 AND before IS NOT NULL \
         ORDER BY id LIMIT 1",
        params![event, id],
        |r| r.get(0),
    )
    .optional()?)
}
