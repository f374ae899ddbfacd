//! Drawing of lots, the last tie-break arbiters use for trophies: `LOT` at the end of the
//! event's tie-break list. The draw is made once, by the arbiter's action: each player gets a
//! lot number (a random order from a seed recorded in the log, so the draw can be checked
//! again), kept in the database; players still tied on every other criterion are ranked by it.
//! Players registered after the draw get theirs at the next draw, after everyone else's.
//!
//! ```
//! use store::{EventSettings, NewPlayer, Store};
//! let store = Store::open_in_memory().unwrap();
//! let mut settings = EventSettings::new("Open".parse().unwrap(), 5);
//! settings.tiebreaks = "BH,LOT".into();
//! let event = store.create_event("chief", &settings).unwrap();
//! for name in ["Levy, Anne", "Roux, Marc"] {
//!     store.add_player("chief", event, &NewPlayer::named(name.parse().unwrap(), None)).unwrap();
//! }
//! let lots = store.draw_lots("chief", event).unwrap();
//! assert_eq!(lots.len(), 2);
//! // Made once: drawing again changes nothing.
//! assert_eq!(store.draw_lots("chief", event).unwrap(), lots);
//! ```

use std::collections::HashMap;

use rusqlite::{params, Connection};
use serde_json::json;

use crate::chess::rows::load_players;
use crate::chess::types::*;
use crate::error::{Error, Result};
use crate::Store;

/// The code of the drawing of lots in the event's tie-break list.
pub const LOT: &str = "LOT";

/// The event's tie-break list without a final `LOT`, and whether it had one. `LOT` anywhere
/// but last is refused (nothing can come after a drawing of lots).
pub(crate) fn split_lot(list: &str) -> Result<(Vec<&str>, bool)> {
    let mut codes: Vec<&str> = list.split([',', ' ']).filter(|s| !s.is_empty()).collect();
    let lot = codes.last().is_some_and(|c| c.eq_ignore_ascii_case(LOT));
    if lot {
        codes.pop();
    }
    if codes.iter().any(|c| c.eq_ignore_ascii_case(LOT)) {
        return Err(Error::invalid(
            "tiebreaks",
            "LOT (drawing of lots) last in the list",
            list.to_string(),
        ));
    }
    Ok((codes, lot))
}

/// The lots drawn, by player.
pub(crate) fn load_lots(conn: &Connection, event: EventId) -> Result<Vec<(PlayerKey, u32)>> {
    let mut st = conn
        .prepare_cached("SELECT player_id, lot FROM player_lot WHERE event_id = ?1 ORDER BY lot")?;
    let rows = st.query_map([event], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

pub(crate) fn insert_lot(
    conn: &Connection,
    event: EventId,
    player: PlayerKey,
    lot: u32,
) -> Result<()> {
    conn.execute(
        "INSERT INTO player_lot (event_id, player_id, lot) VALUES (?1, ?2, ?3)",
        params![event, player, lot],
    )?;
    Ok(())
}

/// SplitMix64: a small generator whose output is fixed by its seed, written here so that a
/// recorded seed gives the same draw in every version.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The order of a draw: `items` shuffled (Fisher-Yates) by the generator seeded with `seed`.
///
/// ```
/// // The same seed, the same order.
/// assert_eq!(store::chess::lots::shuffled(vec![1, 2, 3, 4], 7), store::chess::lots::shuffled(vec![1, 2, 3, 4], 7));
/// ```
pub fn shuffled<T>(mut items: Vec<T>, seed: u64) -> Vec<T> {
    let mut state = seed;
    for i in (1..items.len()).rev() {
        let j = (splitmix64(&mut state) % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
    items
}

/// Puts the players still tied after every other criterion in the order of their lots, each
/// in their own place. A group where someone has no lot yet stays shared.
pub(crate) fn apply_lots(s: &mut tiebreak::Standings, lots: &HashMap<u32, u32>) {
    let mut start = 0;
    while start < s.rows.len() {
        let (rank, rank_to) = (s.rows[start].rank, s.rows[start].rank_to);
        let mut end = start + 1;
        while end < s.rows.len() && (s.rows[end].rank, s.rows[end].rank_to) == (rank, rank_to) {
            end += 1;
        }
        let group = &mut s.rows[start..end];
        if group.len() > 1 && group.iter().all(|r| lots.contains_key(&r.id.0)) {
            group.sort_by_key(|r| lots[&r.id.0]);
            for (k, row) in group.iter_mut().enumerate() {
                row.rank = rank + k as u32;
                row.rank_to = row.rank;
            }
        }
        start = end;
    }
}

impl Store {
    /// The lots drawn, by player (none before the draw).
    pub fn lots(&self, event: EventId) -> Result<Vec<(PlayerKey, u32)>> {
        self.with_conn(|c| load_lots(c, event))
    }

    /// Draws lots for every player who has none yet (all of them the first time), as one
    /// logged action recording the seed and the lots; the lots already drawn never change.
    /// With nothing to draw, nothing is logged. Answers every player's lot.
    pub fn draw_lots(&self, actor: &str, event: EventId) -> Result<Vec<(PlayerKey, u32)>> {
        let seed = u64::from(rand::random::<u32>());
        self.draw_lots_with(actor, event, seed)
    }

    pub(crate) fn draw_lots_with(
        &self,
        actor: &str,
        event: EventId,
        seed: u64,
    ) -> Result<Vec<(PlayerKey, u32)>> {
        self.logged_if(actor, event, "draw_lots", |tx| {
            let players = load_players(tx, event)?;
            let drawn = load_lots(tx, event)?;
            let waiting: Vec<&Player> = players
                .iter()
                .filter(|p| !drawn.iter().any(|(k, _)| *k == p.id))
                .collect();
            if waiting.is_empty() {
                return Ok((drawn, None));
            }
            let first = drawn.iter().map(|(_, l)| *l).max().unwrap_or(0) + 1;
            let mut logged = Vec::new();
            for (k, p) in shuffled(waiting, seed).into_iter().enumerate() {
                let lot = first + k as u32;
                insert_lot(tx, event, p.id, lot)?;
                logged.push(json!([p.number, lot]));
            }
            let detail = json!({ "seed": seed, "lots": logged });
            Ok((load_lots(tx, event)?, Some(detail)))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lot_comes_last_or_not_at_all() {
        assert_eq!(split_lot("BH,SB,LOT").unwrap(), (vec!["BH", "SB"], true));
        assert_eq!(split_lot("BH SB").unwrap(), (vec!["BH", "SB"], false));
        assert!(split_lot("LOT,BH").is_err());
    }

    #[test]
    fn a_seed_gives_one_order() {
        let a = shuffled((1..=20).collect::<Vec<u32>>(), 12345);
        assert_eq!(a, shuffled((1..=20).collect::<Vec<u32>>(), 12345));
        assert_ne!(a, shuffled((1..=20).collect::<Vec<u32>>(), 12346));
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, (1..=20).collect::<Vec<u32>>());
    }
}
