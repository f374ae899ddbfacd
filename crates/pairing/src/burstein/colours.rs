//! Colour allocation (Burstein Art. 5.2): for each pair, the first rule that decides.
//!
//! 1. (5.2.1) Neither player has played a game: the higher ranked player, by score and then
//!    TPN, gets the initial colour if his TPN is odd, the other colour otherwise.
//! 2. (5.2.2) Both preferences can be granted (they differ, or one player has none, 1.5.4).
//! 3. (5.2.3) The stronger preference (absolute, strong, mild).
//! 4. (5.2.4) Going back through both played-colour histories (C.04.2 Art. 3.4), the most
//!    recent game in which one had White and the other Black: each gets the other colour.
//! 5. (5.2.5) The preference of the higher ranked player by the Index order (1.8).
//!
//! ```
//! use pairing::burstein::colours::{colour_of, ColourFacts};
//! use pairing::burstein::index::OppositionIndex;
//! use tournament::Color::{Black, White};
//!
//! let fresh = |tpn, score| ColourFacts { tpn, score, index: OppositionIndex::default(), colours: vec![] };
//! // 5.2.1: TPN 3 outscores TPN 2, and 3 is odd: he gets the initial colour.
//! assert_eq!(colour_of(&fresh(3, 10), &fresh(2, 0), White), White);
//! // 5.2.3: W W (absolute, for Black) against W B W (strong, for Black).
//! let a = ColourFacts { colours: vec![White, White], ..fresh(1, 10) };
//! let b = ColourFacts { colours: vec![White, Black, White], ..fresh(2, 10) };
//! assert_eq!(colour_of(&a, &b, White), Black);
//! ```

use std::cmp::Ordering;

use tournament::Color;

use super::index::OppositionIndex;
use crate::explain::ColourReason;
use crate::swiss::colour::{colour_state, first_difference};

/// What Art. 5 needs of a player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColourFacts {
    /// Tournament pairing number (1-based).
    pub tpn: u32,
    /// Pairing score, tenths.
    pub score: i32,
    pub index: OppositionIndex,
    /// Colours of the games played, oldest first.
    pub colours: Vec<Color>,
}

/// The colour `p` gets against `o`. `initial` is the colour drawn before round 1.
pub fn colour_of(p: &ColourFacts, o: &ColourFacts, initial: Color) -> Color {
    colour_rule(p, o, initial).0
}

/// The colour `p` gets against `o`, and the rule of Art. 5.2 that decided it.
pub fn colour_rule(
    p: &ColourFacts,
    o: &ColourFacts,
    initial: Color,
) -> (Color, ColourReason, &'static str) {
    // 5.2.1: higher ranked by points, then the smaller TPN.
    if p.colours.is_empty() && o.colours.is_empty() {
        let p_higher = (p.score, std::cmp::Reverse(p.tpn)) > (o.score, std::cmp::Reverse(o.tpn));
        let higher_tpn = if p_higher { p.tpn } else { o.tpn };
        let higher_gets = if higher_tpn % 2 == 1 {
            initial
        } else {
            initial.opposite()
        };
        let c = if p_higher {
            higher_gets
        } else {
            higher_gets.opposite()
        };
        return (c, ColourReason::Initial, "5.2.1");
    }
    let (ps, os) = (colour_state(&p.colours), colour_state(&o.colours));
    // 5.2.2: both preferences (a player without games has none and takes what is left).
    if ps.preference != os.preference || ps.preference.is_none() || os.preference.is_none() {
        let c = match (ps.preference, os.preference) {
            (Some(c), _) => c,
            (None, Some(c)) => c.opposite(),
            (None, None) => unreachable!("a player with a game has a preference"),
        };
        return (c, ColourReason::BothPreferences, "5.2.2");
    }
    // Same colour wanted by both from here on.
    let wanted = ps.preference.expect("both have a preference");
    // 5.2.3: the stronger preference.
    match ps.kind().cmp(&os.kind()) {
        Ordering::Greater => return (wanted, ColourReason::StrongerPreference, "5.2.3"),
        Ordering::Less => return (wanted.opposite(), ColourReason::StrongerPreference, "5.2.3"),
        Ordering::Equal => {}
    }
    // 5.2.4: alternate from the last game in which their colours differed.
    if let (Some(_), Some(theirs)) = first_difference(&p.colours, &o.colours) {
        return (theirs, ColourReason::History, "5.2.4");
    }
    // 5.2.5: the preference of the higher ranked player (1.8: Index, then TPN).
    let p_higher = match p.index.rank_cmp(&o.index) {
        Ordering::Less => true,
        Ordering::Greater => false,
        Ordering::Equal => p.tpn < o.tpn,
    };
    let c = if p_higher { wanted } else { wanted.opposite() };
    (c, ColourReason::Ranking, "5.2.5")
}
