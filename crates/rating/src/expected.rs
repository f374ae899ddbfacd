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

/// The highest difference of each band of the table, for 0.50, 0.51, … 0.99 (B.02 8.1.2);
/// a difference above the last band expects 1.00.
const BAND_END: [u16; 50] = [
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162,
    170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374,
    391, 411, 432, 456, 484, 517, 559, 619, 735,
];

/// B.02 8.1.2: the expected score of a player `difference` points above the opponent (below
/// when negative), read from FIDE's table. The difference is taken as given: apply
/// [`counted_difference`] first where 8.3.1's 400-point rule applies.
pub fn expected_score(difference: i32) -> ExpectedScore {
    let gap = difference.unsigned_abs();
    let band = BAND_END.partition_point(|&end| u32::from(end) < gap) as u8;
    let higher = ExpectedScore(50 + band);
    if difference >= 0 {
        higher
    } else {
        higher.complement()
    }
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
