//! Colour allocation (Art. 5, 7.2) for a pair once the pairing is made.

use tournament::Color;

use super::state::{due_colour, may_receive, Participant};
use crate::explain::ColourReason;

/// The colour `a` gets against `b`:
/// 1. 7.2: when neither has played a game, the higher ranked player gets the colour drawn for
///    #1 if their pairing number is odd, the other colour if it is even;
/// 2. 5.1, 5.3: a colour that would break a limit is never given when the other allocation
///    keeps both players inside them;
/// 3. 5.5, 5.6: each gets the colour due to them when the two differ (a player without games
///    takes the colour the other is not due);
/// 4. 5.4: otherwise, going back through both histories to the latest round in which they had
///    different colours, each gets the colour the other had then;
/// 5. 5.4: with identical histories, in the Median Scoregroup and above the higher ranked
///    player gets their due colour, below the median the lower ranked one.
pub fn colour_of(a: &Participant, b: &Participant, median_or_above: bool, initial: Color) -> Color {
    colour_rule(a, b, median_or_above, initial).0
}

/// [`colour_of`], with the rule that decided and its article.
pub fn colour_rule(
    a: &Participant,
    b: &Participant,
    median_or_above: bool,
    initial: Color,
) -> (Color, ColourReason, &'static str) {
    let higher_is_a = a.rank < b.rank;
    if a.colours.is_empty() && b.colours.is_empty() {
        let higher = if higher_is_a { a } else { b };
        let colour = if higher.rank % 2 == 0 {
            initial
        } else {
            initial.opposite()
        };
        let c = if higher_is_a {
            colour
        } else {
            colour.opposite()
        };
        return (c, ColourReason::Initial, "7.2");
    }
    let a_white = may_receive(&a.colours, Color::White) && may_receive(&b.colours, Color::Black);
    let a_black = may_receive(&a.colours, Color::Black) && may_receive(&b.colours, Color::White);
    if a_white != a_black {
        let c = if a_white { Color::White } else { Color::Black };
        return (c, ColourReason::Limits, "5.3");
    }
    match (due_colour(&a.colours), due_colour(&b.colours)) {
        (Some(x), Some(y)) if x != y => return (x, ColourReason::BothPreferences, "5.5–5.6"),
        (Some(x), None) => return (x, ColourReason::BothPreferences, "5.5–5.6"),
        (None, Some(y)) => return (y.opposite(), ColourReason::BothPreferences, "5.5–5.6"),
        _ => {}
    }
    let back = a.colours.iter().rev().zip(b.colours.iter().rev());
    for (&ca, &cb) in back {
        if ca != cb {
            return (ca.opposite(), ColourReason::History, "5.4");
        }
    }
    let decider_is_a = higher_is_a == median_or_above;
    let decider = if decider_is_a { a } else { b };
    let due = due_colour(&decider.colours).expect("the decider has played");
    let c = if decider_is_a { due } else { due.opposite() };
    (c, ColourReason::Ranking, "5.4")
}
