//! The pairing-integrity record FIDE's endorsement checklist asks of a rated event: every change
//! made by hand to a round's pairing and still in force (not undone), read from the action log.
//! The same record is written as TRF-2026 comment lines (`###`) and shown on the event's
//! tournament report.
//!
//! ```
//! use store::{EventSettings, NewPlayer, PairingChange, Store};
//! let store = Store::open_in_memory().unwrap();
//! let event = store.create_event("chief", &EventSettings::new("Open".parse().unwrap(), 5)).unwrap();
//! for (name, rating) in [("Aubert, Luc", 2100), ("Bonnet, Eva", 2000), ("Colin, Rémi", 1900), ("Durand, Zoé", 1800)] {
//!     let id = store.add_player("chief", event, &NewPlayer::named(name.parse().unwrap(), Some(rating))).unwrap();
//!     store.set_present("chief", event, id, true, None).unwrap();
//! }
//! assert!(store.manual_pairing_changes(event).unwrap().is_empty());
//! store.pair_round("chief", event, 1).unwrap();
//! store.break_boards("chief", event, 1, &[2], None).unwrap();
//! let record = store.manual_pairing_changes(event).unwrap();
//! assert_eq!(record[0].round, 1);
//! assert_eq!(record[0].change, PairingChange::BreakBoards { boards: vec![2] });
//! assert_eq!(record[0].actor, "chief");
//! ```

use rusqlite::Connection;
use serde::Serialize;

use crate::chess::rows::load_players;
use crate::chess::types::*;
use crate::error::Result;
use crate::Store;

/// The log's actions that change a pairing by hand (the engine's pairing, `pair`, and taking
/// a whole round back, `unpair`, are not changes to a pairing).
const MANUAL_PAIRING_ACTIONS: [&str; 6] = [
    "swap",
    "break_boards",
    "pair_by_hand",
    "bye_by_hand",
    "sort_boards",
    "accept_objection",
];

/// What was changed by hand; players by pairing number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PairingChange {
    /// Two players changed places.
    Swap { a: u32, b: u32 },
    /// Boards broken: their players were left unpaired.
    BreakBoards { boards: Vec<u32> },
    /// A board made by hand.
    PairByHand { white: u32, black: u32 },
    /// The pairing-allocated bye given by hand.
    ByeByHand { player: u32 },
    /// The boards put in order again.
    SortBoards,
    /// One of the pairing checker's objections accepted.
    AcceptObjection { board: u32, objection: String },
    /// A logged change whose details no longer read (a player since removed): the log's action
    /// and details as written.
    Other { action: String, detail: String },
}

/// One change made by hand to the pairing of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ManualPairingChange {
    pub round: u32,
    pub change: PairingChange,
    /// Who made it (the account's name).
    pub actor: String,
    /// When, as the log writes it (`YYYY-MM-DD HH:MM:SS`).
    pub at: String,
    /// The log's action and its details with players by pairing number, as the TRF's comment
    /// line writes them (`swap, a player 5, b player 12`).
    #[serde(skip)]
    trf_text: String,
}

impl Store {
    /// Every change made by hand to a round's pairing, still in force, oldest first: the
    /// pairing-integrity record. Empty when the event's pairings are the engine's.
    pub fn manual_pairing_changes(&self, event: EventId) -> Result<Vec<ManualPairingChange>> {
        self.with_conn(|c| {
            crate::chess::rows::load_event(c, event)?;
            manual_changes(c, event)
        })
    }
}

/// The record read on `c`.
pub(crate) fn manual_changes(c: &Connection, event: EventId) -> Result<Vec<ManualPairingChange>> {
    let players = load_players(c, event)?;
    let number = |key: i64| players.iter().find(|p| p.id == key).map(|p| p.number);
    let mut st = c.prepare(
        "SELECT at, actor, action, detail FROM action_log \
         WHERE event_id = ?1 AND undone = 0 ORDER BY id",
    )?;
    let rows = st.query_map([event], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
            r.get::<_, String>(3)?,
        ))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (at, actor, action, detail) = row?;
        if !MANUAL_PAIRING_ACTIONS.contains(&action.as_str()) {
            continue;
        }
        let detail: serde_json::Value = serde_json::from_str(&detail).unwrap_or_default();
        let Some(round) = detail
            .get("round")
            .and_then(|r| r.as_u64())
            .and_then(|r| u32::try_from(r).ok())
        else {
            continue;
        };
        let mut named = vec![action.clone()];
        if let Some(fields) = detail.as_object() {
            for (field, value) in fields {
                let shown = match (field.as_str(), value.as_i64()) {
                    ("round", _) => continue,
                    ("a" | "b" | "white" | "black" | "player", Some(key)) => match number(key) {
                        Some(n) => format!("player {n}"),
                        None => continue,
                    },
                    _ => value.to_string(),
                };
                named.push(format!("{field} {shown}"));
            }
        }
        let trf_text = named.join(", ");
        let player = |field: &str| detail.get(field).and_then(|v| v.as_i64()).and_then(number);
        let whole = |field: &str| {
            detail
                .get(field)
                .and_then(|v| v.as_u64())
                .and_then(|v| u32::try_from(v).ok())
        };
        let typed = match action.as_str() {
            "swap" => player("a")
                .zip(player("b"))
                .map(|(a, b)| PairingChange::Swap { a, b }),
            "break_boards" => detail
                .get("boards")
                .and_then(|v| v.as_array())
                .and_then(|boards| {
                    boards
                        .iter()
                        .map(|b| b.as_u64().and_then(|b| u32::try_from(b).ok()))
                        .collect::<Option<Vec<u32>>>()
                })
                .map(|boards| PairingChange::BreakBoards { boards }),
            "pair_by_hand" => player("white")
                .zip(player("black"))
                .map(|(white, black)| PairingChange::PairByHand { white, black }),
            "bye_by_hand" => player("player").map(|player| PairingChange::ByeByHand { player }),
            "sort_boards" => Some(PairingChange::SortBoards),
            "accept_objection" => whole("board")
                .zip(
                    detail
                        .get("objection")
                        .and_then(|v| v.as_str())
                        .map(str::to_string),
                )
                .map(|(board, objection)| PairingChange::AcceptObjection { board, objection }),
            _ => None,
        };
        let change = typed.unwrap_or_else(|| PairingChange::Other {
            action: action.clone(),
            detail: trf_text.clone(),
        });
        out.push(ManualPairingChange {
            round,
            change,
            actor,
            at,
            trf_text,
        });
    }
    Ok(out)
}

/// One TRF-2026 `###` comment line per change of `changes` to a round `keep` holds: the round,
/// the action, what it named, who made it and when.
pub(crate) fn comment_lines(changes: &[ManualPairingChange], keep: impl Fn(u32) -> bool) -> String {
    // Comment lines stay on one line whatever the actor's name holds.
    let clean = |s: &str| s.replace(['\r', '\n'], " ");
    changes
        .iter()
        .filter(|m| m.round > 0 && keep(m.round))
        .map(|m| {
            format!(
                "### pairing changed by hand: round {}, {} ({}, {})\n",
                m.round,
                clean(&m.trf_text),
                clean(&m.actor),
                clean(&m.at)
            )
        })
        .collect()
}
