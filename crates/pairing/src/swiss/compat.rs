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

use super::history::Field;

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

/// The pairs allowed among `players` (indices in `Tournament::players`; the result is by
/// position in `players`) for the round after `field`'s history: never two who met over the
/// board (C.04.1 Art. 2; C.04.2 Art. 3.5: a forfeit is no meeting, either player's record
/// counts), never a pair the arbiter forbade (`XXP`), and only where the system's own rule
/// `also(a, b)` on positions allows it (its colour limits).
pub fn allowed_pairs(
    field: &Field,
    players: &[usize],
    also: impl Fn(usize, usize) -> bool,
) -> Compatibility {
    let t = field.tournament;
    let round = field.played_rounds + 1;
    let n = players.len();
    let mut position = vec![usize::MAX; t.players.len()];
    for (k, &i) in players.iter().enumerate() {
        position[i] = k;
    }
    let mut met = Compatibility::new(n);
    for (a, &i) in players.iter().enumerate() {
        for o in field.played_opponents(i) {
            if let Some(b) = field
                .index_of(o)
                .map(|j| position[j])
                .filter(|&b| b != usize::MAX)
            {
                met.allow(a, b);
            }
        }
    }
    let mut compat = Compatibility::new(n);
    for a in 0..n {
        for b in 0..a {
            let (x, y) = (t.players[players[a]].id, t.players[players[b]].id);
            if !met.allowed(a, b) && !t.is_forbidden(x, y, round) && also(a, b) {
                compat.allow(a, b);
            }
        }
    }
    compat
}
