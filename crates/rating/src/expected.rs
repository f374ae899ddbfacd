//! B.02 8.1.2: the table turning a rating difference into an expected score, and 8.3.1's
//! 400-point rule.

use std::fmt;

/// An expected score in hundredths of a point, 0 to 100, as FIDE's table gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ExpectedScore(u8);

impl ExpectedScore {
    /// Hundredths of a point: 64 for 0.64.
    pub const fn hundredths(self) -> u32 {
        self.0 as u32
    }

    /// The opponent's side of the same game: 1 − this.
    pub const fn complement(self) -> ExpectedScore {
        ExpectedScore(100 - self.0)
    }
}

impl fmt::Display for ExpectedScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:02}", self.0 / 100, self.0 % 100)
    }
}

/// B.02 8.1.2: the expected score of a player `difference` points above the opponent (below
/// when negative), read from FIDE's table. The difference is taken as given: apply
/// [`counted_difference`] first where 8.3.1's 400-point rule applies.
pub fn expected_score(difference: i32) -> ExpectedScore {
    // One table for the whole project: the tie-breaks' (C.07's ARO-based ones use it too).
    let hundredths = tiebreak::tables::expected_hundredths(difference);
    ExpectedScore(u8::try_from(hundredths).expect("the table's scores are 0 to 100"))
}

/// B.02 8.3.1 (amended 1 October 2025): the difference `own − opponent` counted for rating
/// purposes. For a player rated below 2650 a gap of more than 400 points counts as 400 (either
/// way); from 2650 the whole difference counts.
pub fn counted_difference(own: i32, opponent: i32) -> i32 {
    let difference = own - opponent;
    if own >= 2650 {
        difference
    } else {
        difference.clamp(-400, 400)
    }
}
