//! Team colours (C.04.6 1.6, 1.7 and Art. 4): the colour of a team is the colour of its board-1
//! player in a match actually played; its colour preference (Type A, Type B or none) follows
//! from its colour difference and its last played matches; after the round is paired, each
//! pair's colours come from the first rule of 4.3 that decides.
//!
//! ```
//! use pairing::team::colours::{preference, Preference, PreferenceType, Strength};
//! use tournament::Color::{Black, White};
//! // CD 0 and Black in the last two played matches: White (1.7.1, 1.7.2 strong).
//! let p = preference(&[White, White, Black, Black], PreferenceType::A, false);
//! assert_eq!(p, Preference::Wants(White, Strength::Strong));
//! // CD +1 after two Blacks: no Type A preference, a mild Black one in Type B.
//! let h = [White, White, White, Black, Black];
//! assert_eq!(preference(&h, PreferenceType::A, false), Preference::None);
//! assert_eq!(preference(&h, PreferenceType::B, false), Preference::Wants(Black, Strength::Mild));
//! ```

use tournament::Color;

/// Which colour preferences the competition uses (1.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PreferenceType {
    /// Simple preferences (1.7.1), the default.
    A,
    /// Strong and mild preferences (1.7.2).
    B,
    /// No colour preferences at all.
    None,
}

/// How strong a preference is: Type A preferences are all `Strong` (they are the same as Type
/// B's strong ones).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Strength {
    Mild,
    Strong,
}

/// A team's colour preference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Preference {
    None,
    Wants(Color, Strength),
}

impl Preference {
    pub fn colour(self) -> Option<Color> {
        match self {
            Preference::None => None,
            Preference::Wants(c, _) => Some(c),
        }
    }

    pub fn is_strong(self) -> bool {
        matches!(self, Preference::Wants(_, Strength::Strong))
    }
}

/// The colour difference (1.6.2): matches with White minus matches with Black.
pub fn colour_difference(colours: &[Color]) -> i32 {
    colours
        .iter()
        .map(|&c| if c == Color::White { 1 } else { -1 })
        .sum()
}

/// The preference (1.7) of a team whose played matches had `colours` (oldest first, unplayed
/// rounds squeezed out); `last_round` when the last round is being paired. A strong
/// preference is tested before a mild one: CD −1 after two Blacks is strong, and in the last
/// round CD 0 after two Whites or two Blacks is strong (the "none" clause closes the mild
/// ones, which carry their own "not the last round").
pub fn preference(colours: &[Color], kind: PreferenceType, last_round: bool) -> Preference {
    if kind == PreferenceType::None || colours.is_empty() {
        return Preference::None;
    }
    let cd = colour_difference(colours);
    let last = colours[colours.len() - 1];
    let last_two = (colours.len() >= 2 && colours[colours.len() - 2] == last).then_some(last);
    if cd < -1 || ((cd == 0 || cd == -1) && last_two == Some(Color::Black)) {
        return Preference::Wants(Color::White, Strength::Strong);
    }
    if cd > 1 || ((cd == 0 || cd == 1) && last_two == Some(Color::White)) {
        return Preference::Wants(Color::Black, Strength::Strong);
    }
    if kind == PreferenceType::A {
        return Preference::None;
    }
    match cd {
        -1 => Preference::Wants(Color::White, Strength::Mild),
        1 => Preference::Wants(Color::Black, Strength::Mild),
        0 if !last_round => Preference::Wants(last.opposite(), Strength::Mild),
        _ => Preference::None,
    }
}

/// The colour criteria of a pair (2.3.5, 2.3.6), given that Art. 4 grants every preference of a
/// pair unless both want the same colour, and then a strong one over a mild one: C8 when both
/// want the same colour, C9 when both want it strongly (Type B only).
pub fn pair_cost(a: Preference, b: Preference, kind: PreferenceType) -> (bool, bool) {
    match (a, b) {
        (Preference::Wants(x, sa), Preference::Wants(y, sb)) if x == y => (
            true,
            kind == PreferenceType::B && sa == Strength::Strong && sb == Strength::Strong,
        ),
        _ => (false, false),
    }
}

/// What Art. 4 needs to know about one team of a pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    pub tpn: u32,
    /// The primary score (pairing score) and the secondary score when the rules use it for
    /// colours (4.2.2).
    pub primary: i64,
    pub secondary: Option<i64>,
    /// Colours of the played matches, oldest first.
    pub colours: Vec<Color>,
    pub preference: Preference,
}

/// The Art. 4 rule that decided a pair's colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ColourRule {
    /// 4.3.1: neither team has played a match: TPN parity of the first-team.
    BothNew,
    /// 4.3.2: only one team has a preference.
    OnePreference,
    /// 4.3.3: opposite preferences.
    Opposite,
    /// 4.3.4: only one team has a strong preference (Type B).
    OneStrong,
    /// 4.3.5: White to the lower colour difference.
    LowerDifference,
    /// 4.3.6: alternate from the most recent round with different colours.
    LastDifference,
    /// 4.3.7: the first-team's preference.
    FirstTeamPreference,
    /// 4.3.8: alternate the first-team's last colour.
    FirstTeamAlternates,
    /// 4.3.9: alternate the other team's last colour.
    OtherAlternates,
}

/// 4.2: true when `a` is the first-team of the pair.
pub fn is_first_team(a: &Side, b: &Side) -> bool {
    (
        b.primary,
        b.secondary.unwrap_or(0),
        std::cmp::Reverse(b.tpn),
    ) < (
        a.primary,
        a.secondary.unwrap_or(0),
        std::cmp::Reverse(a.tpn),
    )
}

/// Art. 4.3: the colour of `a` (the other team gets the opposite) and the rule that decided.
/// `initial` is the initial colour drawn before round 1 (4.1).
pub fn allocate(a: &Side, b: &Side, kind: PreferenceType, initial: Color) -> (Color, ColourRule) {
    let a_first = is_first_team(a, b);
    let (first, other) = if a_first { (a, b) } else { (b, a) };
    let for_a = |first_colour: Color| {
        if a_first {
            first_colour
        } else {
            first_colour.opposite()
        }
    };
    // 4.3.1
    if a.colours.is_empty() && b.colours.is_empty() {
        let c = if first.tpn % 2 == 1 {
            initial
        } else {
            initial.opposite()
        };
        return (for_a(c), ColourRule::BothNew);
    }
    let (pa, pb) = (a.preference, b.preference);
    // 4.3.2
    match (pa.colour(), pb.colour()) {
        (Some(c), None) => return (c, ColourRule::OnePreference),
        (None, Some(c)) => return (c.opposite(), ColourRule::OnePreference),
        // 4.3.3
        (Some(x), Some(y)) if x != y => return (x, ColourRule::Opposite),
        _ => {}
    }
    // 4.3.4
    if kind == PreferenceType::B {
        match (pa.is_strong(), pb.is_strong()) {
            (true, false) => return (pa.colour().unwrap_or(Color::White), ColourRule::OneStrong),
            (false, true) => {
                return (
                    pb.colour().unwrap_or(Color::White).opposite(),
                    ColourRule::OneStrong,
                )
            }
            _ => {}
        }
    }
    // 4.3.5
    let (cda, cdb) = (colour_difference(&a.colours), colour_difference(&b.colours));
    if cda != cdb {
        let c = if cda < cdb {
            Color::White
        } else {
            Color::Black
        };
        return (c, ColourRule::LowerDifference);
    }
    // 4.3.6: the squeezed histories compared from their most recent matches (GHR 3.4).
    for (x, y) in a.colours.iter().rev().zip(b.colours.iter().rev()) {
        if x != y {
            return (x.opposite(), ColourRule::LastDifference);
        }
    }
    // 4.3.7
    if let Some(c) = first.preference.colour() {
        return (for_a(c), ColourRule::FirstTeamPreference);
    }
    // 4.3.8
    if let Some(&c) = first.colours.last() {
        return (for_a(c.opposite()), ColourRule::FirstTeamAlternates);
    }
    // 4.3.9 (the first-team has not played, so the other has)
    let c = other.colours.last().copied().unwrap_or(initial);
    (for_a(c), ColourRule::OtherAlternates)
}
