//! Colour difference and colour preferences, computed from the colours of the games actually
//! played (C.04.2 Art. 3.4: unplayed rounds are left out, as if they came first).
//!
//! The Dutch (1.6–1.7), Burstein (1.5) and Dubov (1.6) texts define the same three strengths:
//! an **absolute** preference when the colour difference is beyond ±1 or the last two played
//! games had the same colour, a **strong** one when it is ±1, a **mild** one when it is 0 (for
//! the colour not played last). A player who has not played has none in Dutch and Burstein
//! (Dubov gives such a player a mild preference for Black, a rule of its own).
//!
//! ```
//! use pairing::swiss::colour::{colour_state, first_difference, Preference};
//! use tournament::Color::{Black, White};
//!
//! // W B B: CD −1 and Black twice in a row, an absolute preference for White.
//! let s = colour_state(&[White, Black, Black]);
//! assert_eq!(s.preference, Some(White));
//! assert_eq!(s.kind(), Preference::Absolute);
//! // W B W: CD +1, a strong preference for Black.
//! assert_eq!(colour_state(&[White, Black, White]).kind(), Preference::Strong);
//! // Going back from the last game, W B W B and B W W B last differed in the second game.
//! let a = [White, Black, White, Black];
//! let b = [Black, White, White, Black];
//! assert_eq!(first_difference(&a, &b), (Some(Black), Some(White)));
//! ```

use tournament::Color;

/// Strength of a colour preference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Preference {
    None,
    Mild,
    Strong,
    Absolute,
}

/// Colour history summary computed from played games only (C.04.2 Art. 3.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ColourState {
    /// |whites − blacks|.
    pub imbalance: u32,
    /// The preferred colour, if any game was played.
    pub preference: Option<Color>,
    /// The colour of the last two played games when they were the same.
    pub repeated: Option<Color>,
    /// |CD| = 1 and no absolute preference.
    pub strong: bool,
}

impl ColourState {
    /// An absolute preference by the colour difference alone.
    pub fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    /// |CD| > 1 or the same colour in the last two played games.
    pub fn absolute(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }

    pub fn kind(&self) -> Preference {
        if self.preference.is_none() {
            Preference::None
        } else if self.absolute() {
            Preference::Absolute
        } else if self.strong {
            Preference::Strong
        } else {
            Preference::Mild
        }
    }

    /// True when both players have an absolute preference for the same colour: C.04.1 Arts. 6
    /// and 7 then forbid the game (Dutch C3 outside its topscorer exception, Burstein and Dubov
    /// C3).
    pub fn same_absolute(&self, other: &ColourState) -> bool {
        self.absolute() && other.absolute() && self.preference == other.preference
    }
}

/// The colour state after the played games `colours` (oldest first). When the colour
/// difference and the last two games point different ways (possible only after a history that
/// broke C.04.1 Arts. 6–7), the colour difference decides, as the reference engine does.
pub fn colour_state(colours: &[Color]) -> ColourState {
    let whites = colours.iter().filter(|&&c| c == Color::White).count() as u32;
    let blacks = colours.len() as u32 - whites;
    let lower = if whites > blacks {
        Color::Black
    } else {
        Color::White
    };
    let imbalance = whites.abs_diff(blacks);
    let last = colours.last().copied();
    let run = match last {
        Some(c) => colours.iter().rev().take_while(|&&x| x == c).count(),
        None => 0,
    };
    let preference = if imbalance > 1 {
        Some(lower)
    } else if run > 1 {
        last.map(Color::opposite)
    } else if imbalance > 0 {
        Some(lower)
    } else {
        last.map(Color::opposite)
    };
    let repeated = if run > 1 { last } else { None };
    let absolute = imbalance > 1 || repeated.is_some();
    ColourState {
        imbalance,
        preference,
        repeated,
        strong: !absolute && imbalance > 0,
    }
}

/// Going back through both played-colour histories together (aligned on the latest game), the
/// colours at the most recent game where they differ (`None` when a history runs out).
pub fn first_difference(a: &[Color], b: &[Color]) -> (Option<Color>, Option<Color>) {
    let mut i = a.iter().rev();
    let mut j = b.iter().rev();
    loop {
        match (i.next(), j.next()) {
            (Some(x), Some(y)) if x == y => continue,
            (x, y) => return (x.copied(), y.copied()),
        }
    }
}
