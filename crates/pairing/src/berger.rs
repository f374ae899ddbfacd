//! Round-robin schedules from the Berger tables (FIDE C.05 Annex 1).
//!
//! The tables are built with Berger's construction rather than stored: the highest number stays
//! put on board 1, changing colour every round, and every other number moves on by half the
//! field from one round to the next. For 3 to 24 players this gives exactly the tables FIDE
//! publishes. With an odd number of players the missing highest number is the bye.
//!
//! ```
//! use pairing::berger::{schedule, Cycles};
//! use tournament::PlayerId;
//!
//! // 6 players, round 2 of FIDE's table: 6-4, 5-3, 1-2.
//! let rounds = schedule(6, Cycles::Single).unwrap();
//! let round2: Vec<(u32, u32)> = rounds[1]
//!     .boards
//!     .iter()
//!     .map(|b| (b.white.get(), b.black.get()))
//!     .collect();
//! assert_eq!(round2, [(6, 4), (5, 3), (1, 2)]);
//!
//! // With 5 players, whoever meets number 6 has the bye.
//! let rounds = schedule(5, Cycles::Single).unwrap();
//! assert_eq!(rounds[0].bye, Some(PlayerId(1)));
//! ```

use tournament::PlayerId;

use crate::{Board, Pairing};

/// The largest field we schedule: the TRF player-number limit.
pub const MAX_PLAYERS: u32 = 9999;

/// How many times each pair meets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cycles {
    /// Every pair meets once.
    Single,
    /// Every pair meets twice; the second cycle repeats the first with colours reversed.
    Double {
        /// Swap the last two rounds of the first cycle, as C.05 Annex 1 recommends, so that
        /// nobody gets the same colour three times running across the two cycles.
        swap_last_two: bool,
    },
}

impl Cycles {
    /// A double round robin with FIDE's recommended swap of the first cycle's last two rounds.
    pub const DOUBLE: Cycles = Cycles::Double {
        swap_last_two: true,
    };
}

/// Why a round-robin schedule cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BergerError {
    #[error("a round robin needs between 2 and {MAX_PLAYERS} players, not {players}")]
    PlayerCount { players: u32 },
    #[error("a round robin of {players} players has {rounds} rounds; there is no round {round}")]
    NoSuchRound {
        players: u32,
        rounds: u32,
        round: u32,
    },
}

/// The number of rounds of a round robin of `players` players.
pub fn rounds(players: u32, cycles: Cycles) -> u32 {
    let per_cycle = players + players % 2 - 1;
    match cycles {
        Cycles::Single => per_cycle,
        Cycles::Double { .. } => 2 * per_cycle,
    }
}

/// Every round of the round robin, round 1 first. Player numbers are the draw numbers 1..=players.
pub fn schedule(players: u32, cycles: Cycles) -> Result<Vec<Pairing>, BergerError> {
    check_players(players)?;
    (1..=rounds(players, cycles))
        .map(|r| round(players, cycles, r))
        .collect()
}

/// One round (1-based) of the round robin.
pub fn round(players: u32, cycles: Cycles, round: u32) -> Result<Pairing, BergerError> {
    check_players(players)?;
    let total = rounds(players, cycles);
    if round == 0 || round > total {
        return Err(BergerError::NoSuchRound {
            players,
            rounds: total,
            round,
        });
    }
    let per_cycle = players + players % 2 - 1;
    let (table_round, reversed) = match cycles {
        Cycles::Single => (round, false),
        Cycles::Double { swap_last_two } => {
            if round > per_cycle {
                (round - per_cycle, true)
            } else if swap_last_two && per_cycle >= 2 && round + 1 >= per_cycle {
                // Rounds n-2 and n-1 of the first cycle trade places.
                (2 * per_cycle - 1 - round, false)
            } else {
                (round, false)
            }
        }
    };
    Ok(table_round_pairing(players, table_round, reversed))
}

/// Round `round` of the table when the number 1 starts with `initial` on its board of round 1:
/// White keeps FIDE's table, Black reverses the colours of every game of every round (the
/// arbiter's choice of the initial colour, TRF `152`), so the table's colour balance holds.
///
/// ```
/// use pairing::berger::{round_with_initial_colour, Cycles};
/// use tournament::Color;
/// let p = round_with_initial_colour(4, Cycles::Single, 1, Color::Black).unwrap();
/// let boards: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.white.get(), b.black.get())).collect();
/// assert_eq!(boards, [(4, 1), (3, 2)]);
/// ```
pub fn round_with_initial_colour(
    players: u32,
    cycles: Cycles,
    round: u32,
    initial: tournament::Color,
) -> Result<Pairing, BergerError> {
    let mut p = self::round(players, cycles, round)?;
    if initial == tournament::Color::Black {
        for b in &mut p.boards {
            std::mem::swap(&mut b.white, &mut b.black);
        }
    }
    Ok(p)
}

fn check_players(players: u32) -> Result<(), BergerError> {
    if (2..=MAX_PLAYERS).contains(&players) {
        Ok(())
    } else {
        Err(BergerError::PlayerCount { players })
    }
}

/// Round `round` of the single-cycle table, with colours reversed on request.
fn table_round_pairing(players: u32, round: u32, reversed: bool) -> Pairing {
    let even = players + players % 2;
    let movers = even - 1;
    let half = even / 2;
    // Round r's numbers are round 1's moved on by (r-1)·n/2 places among 1..=n-1.
    let shift = ((round - 1) as u64 * half as u64 % movers as u64) as u32;
    let moved = |x: u32| (x - 1 + shift) % movers + 1;

    let mut boards = Vec::with_capacity(half as usize);
    // Board 1: the fixed number takes Black in odd rounds and White in even ones.
    let other = moved(1);
    let first = if round % 2 == 1 {
        (other, even)
    } else {
        (even, other)
    };
    boards.push(first);
    for i in 2..=half {
        boards.push((moved(i), moved(even + 1 - i)));
    }

    let mut pairing = Pairing::default();
    for (white, black) in boards {
        let (white, black) = if reversed {
            (black, white)
        } else {
            (white, black)
        };
        if white > players {
            pairing.bye = Some(PlayerId(black));
        } else if black > players {
            pairing.bye = Some(PlayerId(white));
        } else {
            pairing.boards.push(Board {
                white: PlayerId(white),
                black: PlayerId(black),
            });
        }
    }
    pairing
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(p: &Pairing) -> Vec<(u32, u32)> {
        p.boards.iter().map(|b| (b.white.0, b.black.0)).collect()
    }

    #[test]
    fn four_players_match_the_published_table() {
        let s = schedule(4, Cycles::Single).unwrap();
        assert_eq!(pairs(&s[0]), [(1, 4), (2, 3)]);
        assert_eq!(pairs(&s[1]), [(4, 3), (1, 2)]);
        assert_eq!(pairs(&s[2]), [(2, 4), (3, 1)]);
    }

    #[test]
    fn out_of_range_is_an_error() {
        assert_eq!(
            schedule(1, Cycles::Single),
            Err(BergerError::PlayerCount { players: 1 })
        );
        assert!(matches!(
            round(6, Cycles::Single, 6),
            Err(BergerError::NoSuchRound { .. })
        ));
        assert!(matches!(
            round(6, Cycles::Single, 0),
            Err(BergerError::NoSuchRound { .. })
        ));
    }
}
