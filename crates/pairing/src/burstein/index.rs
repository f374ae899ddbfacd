//! The opposition evaluation Index (Burstein 1.7) and the ranking order it gives (1.8).
//!
//! 1.7.1: **Buchholz** is the sum of the current scores of the opponents; **Sonneborn-Berger**
//! the sum, over the opponents, of the points scored against them times their current score.
//! 1.7.2: an unplayed round (bye, forfeit, absence, a round before a late entry) counts as a
//! game against the player himself with the points actually registered; virtual points
//! (acceleration) never enter; and a player whose zero-point byes form a run reaching the last
//! round played has each of them counted as a draw, for his over-the-board opponents only.
//! 1.8: players are ranked by Buchholz, then Sonneborn-Berger (higher first), then TPN; their
//! scores are not part of the order.
//!
//! The handbook's example: after round 4 X has won against A (now 3 points), drawn with B (2),
//! won by forfeit and lost to C (3.5); X has 2.5 points. Buchholz = 3 + 2 + 2.5 + 3.5 = 11,
//! Sonneborn-Berger = 1·3 + ½·2 + 1·2.5 + 0·3.5 = 6.5.
//!
//! ```
//! use pairing::burstein::index::opposition_indices;
//! use tournament::{Color, Entry, GameResult, Player, PlayerId, Tournament};
//!
//! let game = |o, color, result| Entry::Played { opponent: PlayerId(o), color, result, rated: true };
//! let mut t = Tournament::default();
//! let x = Player {
//!     id: PlayerId(1),
//!     rounds: vec![
//!         game(2, Color::White, GameResult::Win),
//!         game(3, Color::Black, GameResult::Draw),
//!         Entry::ForfeitWin { opponent: None, color: None },
//!         game(4, Color::White, GameResult::Loss),
//!     ],
//!     ..Player::default()
//! };
//! // A, B and C with 3, 2 and 3.5 points after round 4 (their other rounds do not matter here).
//! let with_points = |id, tenths: i32| {
//!     let mut rounds = vec![Entry::FullBye; (tenths / 10) as usize];
//!     if tenths % 10 == 5 { rounds.push(Entry::HalfBye); }
//!     rounds.resize(4, Entry::ForfeitLoss { opponent: Some(PlayerId(9)), color: None });
//!     Player { id: PlayerId(id), rounds, ..Player::default() }
//! };
//! t.players = vec![x, with_points(2, 30), with_points(3, 20), with_points(4, 35)];
//! let index = opposition_indices(&t, 4);
//! assert_eq!(index[0].buchholz, 110); // 11 points, in tenths
//! assert_eq!(index[0].sonneborn_berger, 650); // 6.5 points, in hundredths
//! ```

use std::cmp::Ordering;

use tournament::{Entry, Tournament};

use crate::swiss::history::entry_of;

/// The Index of one player (1.7.1), in exact units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct OppositionIndex {
    /// Buchholz, in tenths of a point.
    pub buchholz: i64,
    /// Sonneborn-Berger, in hundredths of a point (points × score).
    pub sonneborn_berger: i64,
}

impl OppositionIndex {
    /// 1.8.1: the higher index ranks first; Buchholz, then Sonneborn-Berger.
    pub fn rank_cmp(&self, other: &Self) -> Ordering {
        (other.buchholz, other.sonneborn_berger).cmp(&(self.buchholz, self.sonneborn_berger))
    }
}

/// A zero-point bye for 1.7.2: a round not played and scored as an absence (a requested
/// zero-point bye, a round after a withdrawal, a round with no entry).
pub fn is_zero_point_bye(entry: &Entry) -> bool {
    matches!(
        entry,
        Entry::ZeroBye
            | Entry::NotPaired
            | Entry::Withdrawn
            | Entry::ForfeitLoss { opponent: None, .. }
    )
}

/// The Index of every player of the tournament (by index in `Tournament::players`) after
/// `played_rounds` rounds.
pub fn opposition_indices(t: &Tournament, played_rounds: u32) -> Vec<OppositionIndex> {
    let draw = t.point_system.draw.tenths();
    // Current scores: standings points only, no virtual points (1.7.2).
    let scores: Vec<i32> = t
        .players
        .iter()
        .map(|p| {
            (1..=played_rounds)
                .map(|r| t.round_points(p, r).tenths())
                .sum()
        })
        .collect();
    // The score the player's opponents see: each zero-point bye of a run that reaches the last
    // round played counts as a draw (1.7.2, the exception).
    let seen: Vec<i32> = t
        .players
        .iter()
        .zip(&scores)
        .map(|(p, &score)| {
            let mut s = score;
            for r in (1..=played_rounds).rev() {
                let e = entry_of(p, r);
                if !is_zero_point_bye(&e) {
                    break;
                }
                s += draw - t.entry_points(p, r).tenths();
            }
            s
        })
        .collect();
    let position = |id| {
        let guess = (tournament::PlayerId::get(id) as usize).wrapping_sub(1);
        match t.players.get(guess) {
            Some(p) if p.id == id => Some(guess),
            _ => t.players.iter().position(|p| p.id == id),
        }
    };
    t.players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut index = OppositionIndex::default();
            for r in 1..=played_rounds {
                let e = entry_of(p, r);
                let points = i64::from(t.entry_points(p, r).tenths());
                // A game against the player himself when the round was not played (1.7.2).
                let opposition = match e.played_opponent().and_then(position) {
                    Some(o) if e.is_played() => seen[o],
                    _ => scores[i],
                };
                index.buchholz += i64::from(opposition);
                index.sonneborn_berger += points * i64::from(opposition);
            }
            index
        })
        .collect()
}
