//! Colour allocation (Dutch Art. 5.2).
//!
//! ```
//! use pairing::dutch::colours::first_difference;
//! use tournament::Color::{Black, White};
//! // 5.2.3 example: A = W B W B, B = B W W B: they last differed in A's 2nd game (B vs W).
//! let a = [White, Black, White, Black];
//! let b = [Black, White, White, Black];
//! assert_eq!(first_difference(&a, &b), (Some(Black), Some(White)));
//! ```

use tournament::Color;

use super::state::Participant;
pub use crate::swiss::colour::first_difference;

fn compatible(a: Option<Color>, b: Option<Color>) -> bool {
    a != b || a.is_none() || b.is_none()
}

/// 5.2.1–5.2.3: the colour of `p` against `o` when the preferences decide, else `None`.
fn by_preferences(p: &Participant, o: &Participant) -> Option<Color> {
    let (pc, oc) = (&p.colour, &o.colour);
    if compatible(pc.preference, oc.preference) {
        // 5.2.1: both can have their preference.
        return pc.preference.or(oc.preference.map(Color::opposite));
    }
    // 5.2.2: the stronger preference; two absolutes: the larger colour difference.
    if pc.absolute() && (pc.imbalance > oc.imbalance || !oc.absolute()) {
        return pc.preference;
    }
    if oc.absolute() && (oc.imbalance > pc.imbalance || !pc.absolute()) {
        return oc.preference.map(Color::opposite);
    }
    if pc.strong && !oc.strong {
        return pc.preference;
    }
    if oc.strong && !pc.strong {
        return oc.preference.map(Color::opposite);
    }
    // 5.2.3: the last time they had different colours, each gets the other's colour.
    match first_difference(&p.colours, &o.colours) {
        (Some(_), Some(theirs)) => Some(theirs),
        _ => None,
    }
}

/// True when `a` ranks below `b` in pairing order (score, then rank).
pub fn ranks_below(a: &Participant, b: &Participant) -> bool {
    (a.score, std::cmp::Reverse(a.rank)) < (b.score, std::cmp::Reverse(b.rank))
}

/// The colour `p` gets against `o` (5.2.1–5.2.5). `initial` is the colour drawn for 5.2.5,
/// given to a higher-ranked player with an odd pairing number.
pub fn colour_of(p: &Participant, o: &Participant, initial: Color) -> Color {
    if let Some(c) = by_preferences(p, o) {
        return c;
    }
    let p_lower = ranks_below(p, o);
    match p.colour.preference {
        // 5.2.5: the higher-ranked player's pairing number decides (rank is 0-based).
        None => {
            let (higher, p_is_higher) = if p_lower { (o, false) } else { (p, true) };
            let higher_gets = if higher.rank % 2 == 0 {
                initial
            } else {
                initial.opposite()
            };
            if p_is_higher {
                higher_gets
            } else {
                higher_gets.opposite()
            }
        }
        // 5.2.4: the higher-ranked player's preference.
        Some(pref) => {
            if p_lower {
                o.colour
                    .preference
                    .map(Color::opposite)
                    .unwrap_or(Color::Black)
            } else {
                pref
            }
        }
    }
}
