//! Manual pairing: the arbiter breaks boards of a round not yet played, pairs the players left
//! unpaired by hand (or gives one of them the pairing-allocated bye), and sorts the boards again.
//!
//! A player is unpaired in a round when they play in it (not withdrawn), have no bye there and
//! sit at no board. Every board made by hand goes through the pairing checker, as a swap does:
//! its objections stay on the round page until resolved or accepted. No result may be entered,
//! and the next round not paired, while a checked-in player is still unpaired.
//!
//! ```
//! use store::{EventSettings, NewPlayer, Store};
//! let store = Store::open_in_memory().unwrap();
//! let event = store.create_event("chief", &EventSettings::new("Open".parse().unwrap(), 5)).unwrap();
//! for (name, rating) in [("Aubert, Luc", 2100), ("Bonnet, Eva", 2000), ("Colin, Rémi", 1900), ("Durand, Zoé", 1800)] {
//!     let id = store.add_player("chief", event, &NewPlayer::named(name.parse().unwrap(), Some(rating))).unwrap();
//!     store.set_present("chief", event, id, true, None).unwrap();
//! }
//! let round = store.pair_round("chief", event, 1).unwrap();
//! store.break_boards("chief", event, 1, &[1, 2], None).unwrap();
//! let waiting = store.unpaired(event, 1).unwrap();
//! assert_eq!(waiting.len(), 4);
//! // No result while players wait to be paired.
//! assert!(store.set_result("chief", event, 1, 1, None).is_err());
//! let objections = store.pair_by_hand("chief", event, 1, waiting[0].id, waiting[3].id, None).unwrap();
//! assert!(objections.is_empty());
//! store.pair_by_hand("chief", event, 1, waiting[2].id, waiting[1].id, None).unwrap();
//! assert!(store.unpaired(event, 1).unwrap().is_empty());
//! assert_eq!(store.round(event, 1).unwrap().games.len(), round.games.len());
//! ```

use std::collections::HashMap;

use rusqlite::{params, Connection};
use serde_json::json;

use crate::chess::log::{conflict, seats, shown_at};
use crate::chess::rows::{insert_game, load_players, load_round};
use crate::chess::types::*;
use crate::chess::unpaired::unpaired_in;
use crate::edits::{Changed, Version};
use crate::error::{Error, Refusal, Result};
use crate::new_codes::new_code;
use crate::Store;

impl Store {
    /// The players unpaired in round `round`, by pairing number.
    pub fn unpaired(&self, event: EventId, round: u32) -> Result<Vec<Player>> {
        self.with_conn(|c| unpaired_in(c, event, round))
    }

    /// Breaks boards `boards` of round `round`: their players become unpaired. The boards left
    /// keep their order, numbered again from 1. With `seen`, refused with [`Error::Conflict`]
    /// when the round's pairing changed since the page was built.
    pub fn break_boards(
        &self,
        actor: &str,
        event: EventId,
        round: u32,
        boards: &[u32],
        seen: Option<Version>,
    ) -> Result<()> {
        let detail = json!({ "round": round, "boards": boards });
        self.logged(actor, event, "break_boards", detail, |tx| {
            let r = open_round(tx, event, round, seen)?;
            if boards.is_empty() {
                return Err(Error::invalid("boards", "one board or more", "none"));
            }
            for b in boards {
                if !r.games.iter().any(|g| g.board == *b) {
                    return Err(Error::invalid(
                        "boards",
                        format!("boards of round {round}"),
                        format!("board {b}, which it does not have"),
                    ));
                }
            }
            let kept = r
                .games
                .into_iter()
                .filter(|g| !boards.contains(&g.board))
                .collect();
            rewrite_boards(tx, event, round, kept)
        })
    }

    /// Pairs two unpaired players of round `round` by hand on a new board (after the others),
    /// `white` with the white pieces. Returns the checker's objections to the round.
    pub fn pair_by_hand(
        &self,
        actor: &str,
        event: EventId,
        round: u32,
        white: PlayerKey,
        black: PlayerKey,
        seen: Option<Version>,
    ) -> Result<Vec<String>> {
        let detail = json!({ "round": round, "white": white, "black": black });
        self.logged(actor, event, "pair_by_hand", detail, |tx| {
            let r = open_round(tx, event, round, seen)?;
            if white == black {
                return Err(Error::invalid(
                    "black",
                    "two different players",
                    "the same player twice",
                ));
            }
            let waiting = unpaired_in(tx, event, round)?;
            for (field, key) in [("white", white), ("black", black)] {
                if !waiting.iter().any(|p| p.id == key) {
                    return Err(Error::invalid(
                        field,
                        format!("a player unpaired in round {round}"),
                        format!("player {key}, who is not"),
                    ));
                }
            }
            add_board(tx, event, &r, white, Some(black))?;
            objection_texts(tx, event, round)
        })
    }

    /// Gives the pairing-allocated bye of round `round` by hand to an unpaired player (the
    /// round has none yet). Returns the checker's objections to the round.
    pub fn bye_by_hand(
        &self,
        actor: &str,
        event: EventId,
        round: u32,
        player: PlayerKey,
        seen: Option<Version>,
    ) -> Result<Vec<String>> {
        let detail = json!({ "round": round, "player": player });
        self.logged(actor, event, "bye_by_hand", detail, |tx| {
            let r = open_round(tx, event, round, seen)?;
            if !unpaired_in(tx, event, round)?
                .iter()
                .any(|p| p.id == player)
            {
                return Err(Error::invalid(
                    "player",
                    format!("a player unpaired in round {round}"),
                    format!("player {player}, who is not"),
                ));
            }
            if r.games.iter().any(|g| g.black.is_none()) {
                return Err(Error::invalid(
                    "player",
                    "a round without a pairing-allocated bye",
                    format!("round {round}, which has one: break its board first"),
                ));
            }
            add_board(tx, event, &r, player, None)?;
            objection_texts(tx, event, round)
        })
    }

    /// Sorts the boards of round `round` in the usual order: the higher player's score first,
    /// then the higher player's pairing number (C.04.2 D.9, with the sum of scores between
    /// them); the pairing-allocated bye last.
    pub fn sort_boards(
        &self,
        actor: &str,
        event: EventId,
        round: u32,
        seen: Option<Version>,
    ) -> Result<()> {
        self.logged(
            actor,
            event,
            "sort_boards",
            json!({ "round": round }),
            |tx| {
                let r = open_round(tx, event, round, seen)?;
                let t = crate::chess::model::build(tx, event, round - 1, false)?;
                let players = load_players(tx, event)?;
                let number: HashMap<PlayerKey, u32> =
                    players.iter().map(|p| (p.id, p.number)).collect();
                let score = |k: PlayerKey| {
                    t.players[number[&k] as usize - 1].score_after(round - 1, &t.point_system)
                };
                // Higher first: a higher score, then a lower pairing number.
                let rank = |k: PlayerKey| (std::cmp::Reverse(score(k)), number[&k]);
                let mut games = r.games;
                games.sort_by_key(|g| {
                    let mut seated = vec![g.white];
                    seated.extend(g.black);
                    let top = seated.iter().map(|k| rank(*k)).min().expect("a player");
                    let sum: tournament::Points = seated.iter().map(|k| score(*k)).sum();
                    (g.black.is_none(), top.0, std::cmp::Reverse(sum), top.1)
                });
                rewrite_boards(tx, event, round, games)
            },
        )
    }
}

/// The round, while its pairing may change and is still the one the page showed.
fn open_round(tx: &Connection, event: EventId, round: u32, seen: Option<Version>) -> Result<Round> {
    if crate::chess::rows::load_event(tx, event)?
        .settings
        .is_double_swiss()
    {
        return Err(Error::refused(
            Refusal::MatchEditedBySwaps,
            "a Double-Swiss match is changed by swaps, both games at once",
        ));
    }
    let r = load_round(tx, event, round)?;
    crate::chess::rounds::ensure_open(tx, event, &r)?;
    if let Some(shown) = shown_at(tx, event, seen)? {
        if shown.seats(round) != seats(r.games.iter()) {
            return Err(conflict(tx, event, vec![Changed::Pairing { round }])?);
        }
    }
    Ok(r)
}

/// A new board made by hand, after the round's games (before its bye, which stays last).
fn add_board(
    tx: &Connection,
    event: EventId,
    r: &Round,
    white: PlayerKey,
    black: Option<PlayerKey>,
) -> Result<()> {
    let mut games = r.games.clone();
    let at = if black.is_some() {
        games
            .iter()
            .position(|g| g.black.is_none())
            .unwrap_or(games.len())
    } else {
        games.len()
    };
    games.insert(
        at,
        Game {
            round: r.number,
            board: 0,
            white,
            black,
            result: None,
            code: new_code(tx)?,
            reported: None,
            reports: Vec::new(),
            edited: true,
            accepted: Vec::new(),
        },
    );
    rewrite_boards(tx, event, r.number, games)
}

/// Writes the round's games again, numbered 1, 2, … in the order given (each keeps its code,
/// its players' reports and its accepted objections).
fn rewrite_boards(tx: &Connection, event: EventId, round: u32, games: Vec<Game>) -> Result<()> {
    tx.execute(
        "DELETE FROM game WHERE event_id = ?1 AND round = ?2",
        params![event, round],
    )?;
    for (i, mut g) in games.into_iter().enumerate() {
        g.board = i as u32 + 1;
        insert_game(tx, event, &g)?;
    }
    Ok(())
}

fn objection_texts(tx: &Connection, event: EventId, round: u32) -> Result<Vec<String>> {
    let r = load_round(tx, event, round)?;
    Ok(crate::chess::model::objections(tx, event, &r)?
        .into_iter()
        .map(|o| o.text)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An event of five players, all checked in, round 1 paired.
    fn five() -> (Store, EventId) {
        let store = Store::open_in_memory().unwrap();
        let event = store
            .create_event("chief", &EventSettings::new("Open".parse().unwrap(), 5))
            .unwrap();
        for i in 0..5 {
            let name = format!("Player{i}, Test").parse().unwrap();
            let p = NewPlayer::named(name, Some(2000 - 10 * i));
            let id = store.add_player("chief", event, &p).unwrap();
            store.set_present("chief", event, id, true, None).unwrap();
        }
        store.pair_round("chief", event, 1).unwrap();
        (store, event)
    }

    #[test]
    fn the_bye_given_by_hand_is_checked_and_stays_last() {
        let (store, event) = five();
        let r1 = store.round(event, 1).unwrap();
        assert_eq!(r1.games.len(), 3);
        let bye1 = r1.games.iter().find(|g| g.black.is_none()).unwrap().white;
        // Break board 1 and the bye: three players wait.
        store
            .break_boards("chief", event, 1, &[1, 3], None)
            .unwrap();
        let waiting = store.unpaired(event, 1).unwrap();
        assert_eq!(waiting.len(), 3);
        assert!(waiting.windows(2).all(|w| w[0].number < w[1].number));
        let to = waiting[0].id;
        assert!(store
            .bye_by_hand("chief", event, 1, to, None)
            .unwrap()
            .is_empty());
        // One pairing-allocated bye a round.
        assert!(store
            .bye_by_hand("chief", event, 1, waiting[1].id, None)
            .is_err());
        store
            .pair_by_hand("chief", event, 1, waiting[1].id, waiting[2].id, None)
            .unwrap();
        store.sort_boards("chief", event, 1, None).unwrap();
        let r = store.round(event, 1).unwrap();
        assert_eq!(r.games.last().unwrap().black, None);
        assert_eq!(r.games.last().unwrap().white, to);
        assert_eq!(
            r.games.iter().map(|g| g.board).collect::<Vec<_>>(),
            [1, 2, 3]
        );

        // Round 2: the same player again on the bye is objected to (a second bye).
        let results: Vec<_> = r
            .games
            .iter()
            .filter(|g| g.black.is_some())
            .map(|g| (g.board, Some(ResultCode::Draw)))
            .collect();
        store
            .set_results("chief", event, 1, &results, None)
            .unwrap();
        let r2 = store.pair_round("chief", event, 2).unwrap();
        let board_of = |p: PlayerKey| {
            r2.games
                .iter()
                .find(|g| g.white == p || g.black == Some(p))
                .unwrap()
                .board
        };
        let bye2 = r2.games.iter().find(|g| g.black.is_none()).unwrap().board;
        store
            .break_boards("chief", event, 2, &[board_of(to), bye2], None)
            .unwrap();
        let objections = store.bye_by_hand("chief", event, 2, to, None).unwrap();
        assert!(
            objections.iter().any(|o| o.contains("already had a bye")),
            "{objections:?} (round 1's engine bye went to {bye1})"
        );
        // The players left wait: no result, no round 3.
        assert!(matches!(
            store.set_result("chief", event, 2, 1, Some(ResultCode::Draw)),
            Err(Error::Refused {
                reason: Refusal::UnpairedPlayers,
                ..
            })
        ));
    }
}
