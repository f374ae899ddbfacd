//! What the Dutch rules need to know about each participant before a round is paired: pairing
//! score, colour difference and preference (Dutch 1.6–1.7), float history (1.4), PAB
//! eligibility (C2) and the effective pairing number used for ties and colours. The parts every
//! Swiss system shares (colour preferences, the field's history and its floats) live in
//! [`crate::swiss`] and are re-exported here.
//!
//! ```
//! use pairing::dutch::state::{colour_state, Preference};
//! use tournament::Color::{Black, White};
//!
//! // W B B: CD −1 and Black twice in a row, an absolute preference for White (1.7.1).
//! let s = colour_state(&[White, Black, Black]);
//! assert_eq!(s.preference, Some(White));
//! assert_eq!(s.kind(), Preference::Absolute);
//! // W B W: CD +1, a strong preference for Black (1.7.2).
//! assert_eq!(colour_state(&[White, Black, White]).kind(), Preference::Strong);
//! ```

use tournament::{Color, PlayerId};

pub use crate::swiss::colour::{colour_state, ColourState, Preference};
pub use crate::swiss::history::{entry_of, entry_points, Field, Float};

/// One participant of the round being paired.
#[derive(Debug, Clone)]
pub struct Participant {
    pub id: PlayerId,
    /// Index of the player in `Tournament::players`.
    pub player_index: usize,
    /// Effective pairing number, 0-based (dutch.md §7.4).
    pub rank: u32,
    /// Pairing score in tenths: points plus acceleration for this round.
    pub score: i32,
    /// Real score in tenths (no acceleration).
    pub plain_score: i32,
    pub colour: ColourState,
    /// Colours of played games, oldest first (for 5.2.3).
    pub colours: Vec<Color>,
    /// C2: may receive the PAB.
    pub bye_eligible: bool,
    /// Number of games actually played (C9).
    pub played_games: u32,
    /// Floats one and two rounds before (index 0 = previous round).
    pub floats: [Float; 2],
    /// Topscorer in the final round (Dutch 1.8).
    pub topscorer: bool,
}
