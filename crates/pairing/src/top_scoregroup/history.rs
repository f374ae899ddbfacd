//! The facts of a participant's history that the Top-Scoregroup Procedure and the colour rules
//! take from the Basic and General Handling Rules (C.04.1, C.04.2), over a history common to
//! teams and Double-Swiss players: one record per round, a match played or forfeited, a bye or
//! nothing.
//!
//! ```
//! use pairing::top_scoregroup::history::{Field, History, Outcome, RoundRecord};
//! use tournament::Color;
//! let played = |opponent, color, points| RoundRecord {
//!     outcome: Outcome::Played { opponent, color: Some(color) },
//!     points,
//! };
//! let field = Field::new(
//!     vec![
//!         History { tpn: 1, rounds: vec![played(2, Color::White, 2)] },
//!         History { tpn: 2, rounds: vec![played(1, Color::Black, 0)] },
//!     ],
//!     |_, _| 0,
//! );
//! assert_eq!(field.score(0, 2), 2);
//! assert!(field.met(0, 1));
//! assert_eq!(field.colours(1), vec![Color::Black]);
//! assert!(field.bye_eligible(0));
//! ```

use std::collections::HashMap;

use tournament::Color;

/// What a participant did in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A match played against the participant with TPN `opponent`, with the colour this
    /// participant had (board 1 of a team, game 1 of a Double-Swiss match) when one is known.
    Played { opponent: u32, color: Option<Color> },
    /// A match scheduled but not played: no meeting (GHR 3.5), no colour. `won` when this
    /// participant won it by forfeit.
    Forfeited { opponent: Option<u32>, won: bool },
    /// The pairing-allocated bye.
    PairingBye,
    /// A full-point bye (FIDE-deprecated, C2).
    FullBye,
    /// Any other round without a match: a half- or zero-point bye, an absence, not paired.
    NoMatch,
}

/// One round of one participant: what happened and the points it brought (the system's
/// primary score, in the unit the caller chose).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RoundRecord {
    pub outcome: Outcome,
    pub points: i64,
}

/// A participant and the rounds before the one being paired, round 1 first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct History {
    pub tpn: u32,
    pub rounds: Vec<RoundRecord>,
}

/// Every participant's history, with the acceleration of each round.
pub struct Field {
    pub histories: Vec<History>,
    index: HashMap<u32, usize>,
    /// Virtual points of participant `index` in `round` (1-based).
    acceleration: Box<dyn Fn(usize, u32) -> i64>,
}

impl std::fmt::Debug for Field {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Field")
            .field("histories", &self.histories)
            .finish_non_exhaustive()
    }
}

impl Field {
    pub fn new(
        histories: Vec<History>,
        acceleration: impl Fn(usize, u32) -> i64 + 'static,
    ) -> Field {
        let index = histories
            .iter()
            .enumerate()
            .map(|(i, h)| (h.tpn, i))
            .collect();
        Field {
            histories,
            index,
            acceleration: Box::new(acceleration),
        }
    }

    pub fn index_of(&self, tpn: u32) -> Option<usize> {
        self.index.get(&tpn).copied()
    }

    /// The pairing score of participant `i` when round `round` is paired: the points of the
    /// rounds before it plus that round's virtual points (C.04.7 1.5).
    pub fn score(&self, i: usize, round: u32) -> i64 {
        let real: i64 = self.histories[i]
            .rounds
            .iter()
            .take(round.saturating_sub(1) as usize)
            .map(|r| r.points)
            .sum();
        real + (self.acceleration)(i, round)
    }

    /// Real points after every recorded round.
    pub fn points(&self, i: usize) -> i64 {
        self.histories[i].rounds.iter().map(|r| r.points).sum()
    }

    /// C1 with GHR 3.5: `i` and `j` played a match (a forfeited one is no meeting).
    pub fn met(&self, i: usize, j: usize) -> bool {
        let tpn = self.histories[j].tpn;
        self.histories[i]
            .rounds
            .iter()
            .any(|r| matches!(r.outcome, Outcome::Played { opponent, .. } if opponent == tpn))
    }

    /// C2 (C.04.5 and C.04.6 2.1.2): no PAB for a participant who had one, won a match by
    /// forfeit or was given a full-point bye.
    pub fn bye_eligible(&self, i: usize) -> bool {
        !self.histories[i].rounds.iter().any(|r| {
            matches!(
                r.outcome,
                Outcome::PairingBye | Outcome::FullBye | Outcome::Forfeited { won: true, .. }
            )
        })
    }

    /// 3.4.3: matches played (forfeited ones and byes not counted).
    pub fn matches_played(&self, i: usize) -> u32 {
        self.histories[i]
            .rounds
            .iter()
            .filter(|r| matches!(r.outcome, Outcome::Played { .. }))
            .count() as u32
    }

    /// The colours of the played matches in order, unplayed rounds squeezed out (GHR 3.4).
    pub fn colours(&self, i: usize) -> Vec<Color> {
        self.histories[i]
            .rounds
            .iter()
            .filter_map(|r| match r.outcome {
                Outcome::Played { color, .. } => color,
                _ => None,
            })
            .collect()
    }

    /// 1.5: a floater in round `round` (1-based) played a match against an opponent whose
    /// pairing score, when that round was paired, differed from its own.
    pub fn floated_in(&self, i: usize, round: u32) -> bool {
        let Some(r) = round
            .checked_sub(1)
            .and_then(|k| self.histories[i].rounds.get(k as usize))
        else {
            return false;
        };
        let Outcome::Played { opponent, .. } = r.outcome else {
            return false;
        };
        let Some(j) = self.index_of(opponent) else {
            return false;
        };
        self.score(i, round) != self.score(j, round)
    }
}
