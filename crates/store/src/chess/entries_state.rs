//! What the log's snapshot of an event keeps of its entries (`log.rs`), read and written
//! here so that the entries' own module (which logs its actions) and the log do not import
//! each other.

use rusqlite::{params, Connection};
use serde::{Deserialize, Serialize};

use crate::chess::types::*;
use crate::error::Result;

/// An entry's decision as the log's snapshots keep it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct EntryDecision {
    id: EntryId,
    status: EntryStatus,
    decided_at: String,
    decided_by: String,
    reason: String,
    player_id: Option<PlayerKey>,
}

/// What the log's snapshot of an event keeps of its entries: each entry's decision (an
/// undone validation puts the entry back to pending) and what each player paid (an undone
/// payment puts the previous amount back).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct EntriesState {
    decisions: Vec<EntryDecision>,
    /// (player, cents, method)
    payments: Vec<(PlayerKey, i64, String)>,
}

impl EntriesState {
    /// What the player had paid (cents and method), if anything.
    pub(crate) fn payment(&self, player: PlayerKey) -> Option<(i64, String)> {
        self.payments
            .iter()
            .find(|(p, _, _)| *p == player)
            .map(|(_, cents, method)| (*cents, method.clone()))
    }

    pub(crate) fn load(conn: &Connection, event: EventId) -> Result<EntriesState> {
        let mut st = conn.prepare_cached(
            "SELECT id, status, decided_at, decided_by, reason, player_id FROM entry \
             WHERE event_id = ?1 ORDER BY id",
        )?;
        let decisions = st
            .query_map([event], |r| {
                Ok(EntryDecision {
                    id: r.get(0)?,
                    status: EntryStatus::parse(&r.get::<_, String>(1)?),
                    decided_at: r.get(2)?,
                    decided_by: r.get(3)?,
                    reason: r.get(4)?,
                    player_id: r.get(5)?,
                })
            })?
            .collect::<rusqlite::Result<_>>()?;
        let mut st = conn.prepare_cached(
            "SELECT player_id, paid, method FROM entry_payment WHERE event_id = ?1 ORDER BY player_id",
        )?;
        let payments = st
            .query_map([event], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<rusqlite::Result<_>>()?;
        Ok(EntriesState {
            decisions,
            payments,
        })
    }

    /// Puts the decisions and payments back; entries sent since keep theirs.
    pub(crate) fn restore(&self, conn: &Connection, event: EventId) -> Result<()> {
        for d in &self.decisions {
            conn.execute(
                "UPDATE entry SET status = ?1, decided_at = ?2, decided_by = ?3, reason = ?4, \
                 player_id = ?5 WHERE id = ?6 AND event_id = ?7",
                params![
                    d.status.as_str(),
                    d.decided_at,
                    d.decided_by,
                    d.reason,
                    d.player_id,
                    d.id,
                    event
                ],
            )?;
        }
        conn.execute("DELETE FROM entry_payment WHERE event_id = ?1", [event])?;
        for (player, paid, method) in &self.payments {
            conn.execute(
                "INSERT INTO entry_payment (event_id, player_id, paid, method) VALUES (?1, ?2, ?3, ?4)",
                params![event, player, paid, method],
            )?;
        }
        Ok(())
    }
}
