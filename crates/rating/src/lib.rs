//! FIDE's rating rules (handbook B.02) and title norms (B.01) for a chess tournament, and the
//! German national rating's follow-up DWZ ([`dwz`]).
//!
//! Everything is exact: expected scores are hundredths, as in FIDE's table, and rating changes
//! are sums of `K × (score − expected)` kept in hundredths of a point.
//!
//! ```
//! use rating::{counted_difference, expected_score};
//! // B.02 8.1.2: a player 100 points above the opponent is expected to score 0.64.
//! assert_eq!(expected_score(100).hundredths(), 64);
//! assert_eq!(expected_score(-100).hundredths(), 36);
//! // 8.3.1: below 2650, a gap of more than 400 points counts as 400 …
//! assert_eq!(counted_difference(2400, 1700), 400);
//! // … from 2650 up (since 1 October 2025), the whole gap counts.
//! assert_eq!(counted_difference(2700, 1800), 900);
//! assert_eq!(expected_score(900).hundredths(), 100);
//! ```

#![forbid(unsafe_code)]

pub mod change;
pub mod dwz;
mod expected;
pub mod history;
pub mod norms;
pub mod norms_report;
pub mod performance;

pub use change::{
    event_ratings, initial_rating, k_factor, rating_change, InitialRating, KBasis, KFactor,
    KReason, PlayerRating, RatedGame, RatingChange,
};
pub use expected::{counted_difference, expected_score, ExpectedScore};
pub use history::{HistoryError, RatingHistory, Standing};
pub use norms::{
    norms, player_norms, Achieved, Evaluation, Exemption, NormSettings, NormStatus, NormTitle,
    PlayerNorms, Shortfall,
};
