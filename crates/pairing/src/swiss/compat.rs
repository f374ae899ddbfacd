//! Which pairs of participants may meet at all, as one bit per pair.
//!
//! ```
//! use pairing::swiss::compat::Compatibility;
//! let mut c = Compatibility::new(3);
//! c.allow(0, 2);
//! assert!(c.allowed(2, 0));
//! assert!(!c.allowed(0, 1));
//! assert_eq!(c.count_in(0, 0, 3), 1);
//! ```

/// Which pairs may be made at all, by participant index: the absolute criteria of the system
/// (no rematch, forbidden pairs, the colour rules) decided once per round.
#[derive(Debug, Clone)]
pub struct Compatibility {
    n: usize,
    bits: Vec<u64>,
}

impl Compatibility {
    pub fn new(n: usize) -> Self {
        Compatibility {
            n,
            bits: vec![0; (n * n).div_ceil(64)],
        }
    }

    /// The number of participants.
    pub fn len(&self) -> usize {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    pub fn allow(&mut self, a: usize, b: usize) {
        for (x, y) in [(a, b), (b, a)] {
            let i = x * self.n + y;
            self.bits[i / 64] |= 1 << (i % 64);
        }
    }

    pub fn allowed(&self, a: usize, b: usize) -> bool {
        let i = a * self.n + b;
        self.bits[i / 64] >> (i % 64) & 1 == 1
    }

    /// How many of the participants `from..to` may be paired with `a`.
    pub fn count_in(&self, a: usize, from: usize, to: usize) -> u32 {
        let (mut i, end) = (a * self.n + from, a * self.n + to.max(from));
        let mut count = 0;
        while i < end {
            let word = self.bits[i / 64] >> (i % 64);
            let take = (64 - i % 64).min(end - i);
            let mask = if take == 64 {
                u64::MAX
            } else {
                (1 << take) - 1
            };
            count += (word & mask).count_ones();
            i += take;
        }
        count
    }
}
