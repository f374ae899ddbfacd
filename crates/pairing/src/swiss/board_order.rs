//! Board order (GHR 3.6) as the reference engine applies it: the pair whose higher-ranked
//! player has the higher real score first, then the higher score of the other player, then the
//! better pairing number of the higher-ranked player; the PAB last.
//!
//! ```
//! use pairing::swiss::board_order::BoardKey;
//! let top = BoardKey { higher_score: 30, lower_score: 20, higher_rank: 4 };
//! let next = BoardKey { higher_score: 30, lower_score: 15, higher_rank: 0 };
//! assert!(top < next);
//! ```

use std::cmp::{Ordering, Reverse};

/// Sort key of one board; smaller comes first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardKey {
    /// Real score (no acceleration) of the higher-ranked player, in tenths.
    pub higher_score: i32,
    pub lower_score: i32,
    /// Effective pairing number of the higher-ranked player (0-based).
    pub higher_rank: u32,
}

impl BoardKey {
    fn tuple(&self) -> (Reverse<i32>, Reverse<i32>, u32) {
        (
            Reverse(self.higher_score),
            Reverse(self.lower_score),
            self.higher_rank,
        )
    }
}

impl PartialOrd for BoardKey {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for BoardKey {
    fn cmp(&self, other: &Self) -> Ordering {
        self.tuple().cmp(&other.tuple())
    }
}

/// The key of a board between two players given as (real score, rank).
pub fn board_key(a: (i32, u32), b: (i32, u32)) -> BoardKey {
    // Higher-ranked by real score, then pairing number.
    let a_higher = (a.0, Reverse(a.1)) > (b.0, Reverse(b.1));
    let (h, l) = if a_higher { (a, b) } else { (b, a) };
    BoardKey {
        higher_score: h.0,
        lower_score: l.0,
        higher_rank: h.1,
    }
}
