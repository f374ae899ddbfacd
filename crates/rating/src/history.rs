//! Events longer than a rating period (B.01 1.1.4, B.02): the ratings and titles each player
//! held when each game was played.
//!
//! A [`RatingHistory`] holds one entry per rating period after the first: the round it starts
//! at and what each player held from then on. A player absent from a period keeps what they
//! held before, back to the tournament's own values (the list in force at the start).

use std::collections::BTreeMap;

use tournament::{Player, PlayerId, Title};

/// What a player held in one rating period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Standing {
    /// FIDE rating; `None` for unrated.
    pub rating: Option<u16>,
    pub title: Option<Title>,
}

impl Standing {
    /// What the tournament records: the list in force at its start.
    pub fn of(player: &Player) -> Standing {
        Standing {
            rating: player.rating,
            title: player.title,
        }
    }
}

/// One later rating period of the event.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Period {
    first_round: u32,
    players: BTreeMap<PlayerId, Standing>,
}

/// Why a period cannot be added.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HistoryError {
    #[error("a later rating period starts at round 2 or after, found round {0}")]
    FirstRound(u32),
    #[error(
        "rating periods go in order of their first round: round {found} follows round {previous}"
    )]
    Order { previous: u32, found: u32 },
}

/// The ratings and titles of an event's players period by period. Empty for an event within
/// one rating period: every round then reads the tournament's own values.
///
/// ```
/// use rating::history::{RatingHistory, Standing};
/// use tournament::{Player, PlayerId};
/// let p = Player { id: PlayerId(1), rating: Some(2300), ..Player::default() };
/// let mut h = RatingHistory::default();
/// h.add_period(4, [(PlayerId(1), Standing { rating: Some(2312), title: None })]).unwrap();
/// assert_eq!(h.at(&p, 3).rating, Some(2300));
/// assert_eq!(h.at(&p, 4).rating, Some(2312));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RatingHistory {
    periods: Vec<Period>,
}

impl RatingHistory {
    /// Adds the period starting at `first_round`, after those already added.
    pub fn add_period(
        &mut self,
        first_round: u32,
        players: impl IntoIterator<Item = (PlayerId, Standing)>,
    ) -> Result<(), HistoryError> {
        if first_round < 2 {
            return Err(HistoryError::FirstRound(first_round));
        }
        if let Some(last) = self.periods.last() {
            if first_round <= last.first_round {
                return Err(HistoryError::Order {
                    previous: last.first_round,
                    found: first_round,
                });
            }
        }
        self.periods.push(Period {
            first_round,
            players: players.into_iter().collect(),
        });
        Ok(())
    }

    /// True when the event lies within one rating period.
    pub fn is_single_period(&self) -> bool {
        self.periods.is_empty()
    }

    /// The first round of each later period.
    pub fn period_starts(&self) -> Vec<u32> {
        self.periods.iter().map(|p| p.first_round).collect()
    }

    /// What `player` held when round `round` was played.
    pub fn at(&self, player: &Player, round: u32) -> Standing {
        self.periods
            .iter()
            .rev()
            .filter(|p| p.first_round <= round)
            .find_map(|p| p.players.get(&player.id).copied())
            .unwrap_or_else(|| Standing::of(player))
    }
}
