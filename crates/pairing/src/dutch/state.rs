//! What the Dutch rules need to know about each participant before a round is paired: pairing
//! score, colour difference and preference (Dutch 1.6–1.7), float history (1.4), PAB
//! eligibility (C2) and the effective pairing number used for ties and colours. The parts every
//! Swiss system shares (colour preferences, the field's history) live in [`crate::swiss`] and
//! are re-exported here.
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
pub use crate::swiss::history::{entry_of, entry_points, Field};

/// Direction of a float recorded in a past round (Dutch 1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Float {
    Down,
    Up,
    None,
}

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

/// The float of `player` in the round `rounds_back` before the one being paired (1.4).
pub fn float(field: &Field, player: usize, rounds_back: u32) -> Float {
    let t = field.tournament;
    let round = field.played_rounds + 1 - rounds_back;
    let entry = entry_of(&t.players[player], round);
    let points = entry_points(&entry, &t.point_system);
    // 1.4.3: unplayed rounds worth more than a loss are downfloats.
    if !entry.is_played() {
        // 1.4.3–1.4.4: a forfeit loser or an absent player does not float.
        return if points > t.point_system.loss.tenths() {
            Float::Down
        } else {
            Float::None
        };
    }
    let Some(opponent) = entry.opponent() else {
        return Float::None;
    };
    let Some(opponent_index) = field.index_of(opponent) else {
        return Float::None;
    };
    let own = field.score_back(player, rounds_back);
    let theirs = field.score_back(opponent_index, rounds_back);
    match own.cmp(&theirs) {
        std::cmp::Ordering::Greater => Float::Down,
        std::cmp::Ordering::Less => Float::Up,
        std::cmp::Ordering::Equal => Float::None,
    }
}
