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
///
/// One row of bits per participant, each row whole words (`words` of them), so that a row can be
/// read, cleared or counted against a set a word at a time.
#[derive(Debug, Clone)]
pub struct Compatibility {
    n: usize,
    words: usize,
    bits: Vec<u64>,
}

impl Compatibility {
    pub fn new(n: usize) -> Self {
        let words = n.div_ceil(64);
        Compatibility {
            n,
            words,
            bits: vec![0; n * words],
        }
    }

    /// Every participant compatible with every other one (never with themselves), set word by
    /// word: 10,000 participants are 100 million pairs but 1.6 million words.
    pub fn all(n: usize) -> Self {
        let words = n.div_ceil(64);
        let mut row = vec![u64::MAX; words];
        if !n.is_multiple_of(64) {
            row[words - 1] = (1 << (n % 64)) - 1;
        }
        let mut bits = Vec::with_capacity(n * words);
        for a in 0..n {
            bits.extend_from_slice(&row);
            bits[a * words + a / 64] &= !(1 << (a % 64));
        }
        Compatibility { n, words, bits }
    }

    /// The number of participants.
    pub fn len(&self) -> usize {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    fn bit(&self, a: usize, b: usize) -> (usize, u64) {
        (a * self.words + b / 64, 1 << (b % 64))
    }

    pub fn allow(&mut self, a: usize, b: usize) {
        for (x, y) in [(a, b), (b, a)] {
            let (i, mask) = self.bit(x, y);
            self.bits[i] |= mask;
        }
    }

    /// Forbids the pair `a`–`b` (both ways).
    pub fn forbid(&mut self, a: usize, b: usize) {
        for (x, y) in [(a, b), (b, a)] {
            let (i, mask) = self.bit(x, y);
            self.bits[i] &= !mask;
        }
    }

    pub fn allowed(&self, a: usize, b: usize) -> bool {
        let (i, mask) = self.bit(a, b);
        self.bits[i] & mask != 0
    }

    /// `a` and `b` may meet: two different participants whose pair is allowed.
    pub fn allows(&self, a: usize, b: usize) -> bool {
        a != b && self.allowed(a, b)
    }

    fn row(&self, a: usize) -> &[u64] {
        &self.bits[a * self.words..(a + 1) * self.words]
    }

    /// `set` (participants) as a bit set, for [`Compatibility::degree_in`] and
    /// [`Compatibility::forbid_set`].
    pub fn member_set(&self, set: &[usize]) -> Vec<u64> {
        let mut members = vec![0u64; self.words];
        for &v in set {
            members[v / 64] |= 1 << (v % 64);
        }
        members
    }

    /// How many of the participants in `members` (a [`Compatibility::member_set`]) may be
    /// paired with `a`: a popcount of `a`'s row against the set, a word at a time.
    pub fn degree_in(&self, a: usize, members: &[u64]) -> usize {
        self.row(a)
            .iter()
            .zip(members)
            .map(|(x, y)| (x & y).count_ones() as usize)
            .sum()
    }

    /// Forbids `a` every participant of `members` (a [`Compatibility::member_set`]), in `a`'s
    /// row only: the caller clears the other rows (a symmetric rule clears every member's).
    pub fn forbid_set(&mut self, a: usize, members: &[u64]) {
        let start = a * self.words;
        for (x, y) in self.bits[start..start + self.words].iter_mut().zip(members) {
            *x &= !y;
        }
    }

    /// How many of the participants `from..to` may be paired with `a`.
    pub fn count_in(&self, a: usize, from: usize, to: usize) -> u32 {
        let row = self.row(a);
        let (mut i, end) = (from, to.max(from));
        let mut count = 0;
        while i < end {
            let word = row[i / 64] >> (i % 64);
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
    let mut met = Compatibility::new(n);
    played_pairs(field, players, |a, b| met.allow(a, b));
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

/// The pairs allowed among `players`, as [`allowed_pairs`] decides them with `also(a, b)` being
/// "not both in the same class" (`class[a]` and `class[b]` both `Some` and equal: Dubov's C3,
/// two players with the same absolute colour preference), built a row word at a time rather
/// than pair by pair: everybody with everybody, then the rows of each class cleared of that
/// class, then the games played and the arbiter's forbidden pairs cleared one by one. The bits
/// are those [`allowed_pairs`] sets (a pair is allowed when no rematch, no forbidden pair and
/// no shared class stands against it), at a cost of n² / 64 words instead of n² / 2 tests.
pub fn allowed_pairs_apart(
    field: &Field,
    players: &[usize],
    class: &[Option<u8>],
) -> Compatibility {
    let t = field.tournament;
    let round = field.played_rounds + 1;
    let n = players.len();
    let mut compat = Compatibility::all(n);
    let mut kinds: Vec<u8> = class.iter().flatten().copied().collect();
    kinds.sort_unstable();
    kinds.dedup();
    for kind in kinds {
        let members: Vec<usize> = (0..n).filter(|&a| class[a] == Some(kind)).collect();
        let set = compat.member_set(&members);
        for &a in &members {
            compat.forbid_set(a, &set);
        }
    }
    // C.04.1 Art. 2: either player's record of a game played counts.
    played_pairs(field, players, |a, b| compat.forbid(a, b));
    // `Tournament::is_forbidden`: two different players of one group that applies this round.
    for group in t.forbidden.iter().filter(|g| g.applies_to(round)) {
        let members: Vec<usize> = (0..n)
            .filter(|&a| group.players.contains(&t.players[players[a]].id))
            .collect();
        for (k, &a) in members.iter().enumerate() {
            for &b in &members[..k] {
                if t.players[players[a]].id != t.players[players[b]].id {
                    compat.forbid(a, b);
                }
            }
        }
    }
    compat
}

/// Calls `f(a, b)` for every game played between two of `players` (indices into `players`),
/// from each player's own record: a game is seen from both sides when both record it.
fn played_pairs(field: &Field, players: &[usize], mut f: impl FnMut(usize, usize)) {
    let mut position = vec![usize::MAX; field.tournament.players.len()];
    for (k, &i) in players.iter().enumerate() {
        position[i] = k;
    }
    for (a, &i) in players.iter().enumerate() {
        for o in field.played_opponents(i) {
            if let Some(b) = field
                .index_of(o)
                .map(|j| position[j])
                .filter(|&b| b != usize::MAX)
            {
                f(a, b);
            }
        }
    }
}
