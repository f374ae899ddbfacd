//! The criteria of the Dutch system as fields of one wide edge weight (dutch.md §12).
//!
//! Each edge of the pairing graph carries a number whose fields, most significant first, are
//! the criteria in priority order. A heavier matching is then a better pairing: the matching
//! maximises the top field first, then the next, and so on. Fields are sized so that the sum of
//! a lower field over a whole matching never carries into a higher one.
//!
//! ```
//! use pairing::dutch::weights::Wide;
//! let mut w = Wide::<2>::from_u64(3);
//! w.shl(70);
//! w.add_bit(3);
//! assert!(w > Wide::from_u64(u64::MAX));
//! assert_eq!(w.bit_length(), 72);
//! ```

use std::cmp::Ordering;
use std::collections::HashMap;

use super::state::{Float, Participant};

/// A fixed-width unsigned integer of `L` 64-bit limbs (least significant first), with the
/// wrapping arithmetic the weight construction needs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Wide<const L: usize>(pub [u64; L]);

impl<const L: usize> Default for Wide<L> {
    fn default() -> Self {
        Wide([0; L])
    }
}

impl<const L: usize> Wide<L> {
    pub const ZERO: Self = Wide([0; L]);

    pub fn from_u64(v: u64) -> Self {
        let mut w = Self::ZERO;
        w.0[0] = v;
        w
    }

    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&x| x == 0)
    }

    /// Number of significant bits.
    pub fn bit_length(&self) -> u32 {
        for i in (0..L).rev() {
            if self.0[i] != 0 {
                return 64 * i as u32 + 64 - self.0[i].leading_zeros();
            }
        }
        0
    }

    /// Shift left by `bits`; bits pushed past the top are lost.
    pub fn shl(&mut self, bits: u32) {
        if bits == 0 {
            return;
        }
        let limbs = (bits / 64) as usize;
        let rest = bits % 64;
        for i in (0..L).rev() {
            let mut v = 0u64;
            if i >= limbs {
                v = self.0[i - limbs] << rest;
                if rest > 0 && i > limbs {
                    v |= self.0[i - limbs - 1] >> (64 - rest);
                }
            }
            self.0[i] = v;
        }
    }

    /// Wrapping addition.
    pub fn add(&mut self, other: &Self) {
        let mut carry = false;
        for i in 0..L {
            let (a, c1) = self.0[i].overflowing_add(other.0[i]);
            let (b, c2) = a.overflowing_add(carry as u64);
            self.0[i] = b;
            carry = c1 || c2;
        }
    }

    /// Wrapping subtraction.
    pub fn sub(&mut self, other: &Self) {
        let mut borrow = false;
        for i in 0..L {
            let (a, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (b, b2) = a.overflowing_sub(borrow as u64);
            self.0[i] = b;
            borrow = b1 || b2;
        }
    }

    pub fn add_u64(&mut self, v: u64) {
        self.add(&Self::from_u64(v));
    }

    pub fn sub_u64(&mut self, v: u64) {
        self.sub(&Self::from_u64(v));
    }

    /// Adds 2^`bit`.
    pub fn add_bit(&mut self, bit: u32) {
        let mut one = Self::from_u64(1);
        one.shl(bit);
        self.add(&one);
    }

    /// Bit `i` (false beyond the width).
    pub fn bit(&self, i: u32) -> bool {
        let limb = (i / 64) as usize;
        limb < L && self.0[limb] >> (i % 64) & 1 == 1
    }

    /// All ones in the lowest `bits` bits.
    pub fn ones(bits: u32) -> Self {
        let mut w = Self::from_u64(1);
        w.shl(bits);
        w.sub_u64(1);
        w
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const L: usize> Ord for Wide<L> {
    fn cmp(&self, other: &Self) -> Ordering {
        for i in (0..L).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => continue,
                o => return o,
            }
        }
        Ordering::Equal
    }
}

/// Bits needed to write `v` in binary (0 for 0).
pub fn bits_for(v: usize) -> u32 {
    usize::BITS - v.leading_zeros()
}

/// Field widths of the weight for one round.
#[derive(Debug, Clone)]
pub struct Layout {
    /// Width of a count field: enough for the largest scoregroup.
    pub count_bits: u32,
    /// Width of a "scores" field: one sub-field per scoregroup.
    pub scores_bits: u32,
    /// Offset of each scoregroup's sub-field inside a "scores" field; lower scores sit lower.
    pub score_offset: HashMap<i32, u32>,
    /// Rounds of history (the float fields exist only after round 1 and 2).
    pub played_rounds: u32,
    /// Whether the round can have a PAB (an odd number of participants). Without one, C9 is
    /// zero on every edge, so its field is left out and the weights need fewer bits.
    pub bye_possible: bool,
    /// Width of the lowest field, below every criterion and the Art. 4 order: a preference for
    /// pairing S1 and S2 in order, so that among optimal pairings the solver tends to return the
    /// one the S1 loop will settle on, and the loop can skip most solves. It never decides.
    pub hint_bits: u32,
}

impl Layout {
    /// `scores` are the participants' pairing scores in pairing order (highest first).
    pub fn new(scores: &[i32], played_rounds: u32) -> Self {
        let mut score_offset = HashMap::new();
        let mut offset = 0u32;
        let mut largest = 0usize;
        let mut i = scores.len();
        // Sub-fields are assigned from the lowest scoregroup upwards.
        while i > 0 {
            let score = scores[i - 1];
            let mut j = i;
            while j > 0 && scores[j - 1] == score {
                j -= 1;
            }
            let size = i - j;
            score_offset.insert(score, offset);
            offset += bits_for(size);
            largest = largest.max(size);
            i = j;
        }
        let count_bits = bits_for(largest).max(1);
        Layout {
            count_bits,
            scores_bits: offset,
            score_offset,
            played_rounds,
            bye_possible: true,
            // A hint is at most (S1 size) x (S2 size), summed over at most S1-size pairs.
            hint_bits: 3 * count_bits,
        }
    }

    /// Width of the C9 field (zero when the round has no PAB).
    pub fn c9_bits(&self) -> u32 {
        if self.bye_possible {
            2 * self.count_bits
        } else {
            0
        }
    }

    fn offset(&self, score: i32) -> u32 {
        self.score_offset.get(&score).copied().unwrap_or(0)
    }

    /// Total width of the fields below the completion field.
    pub fn low_bits(&self) -> u32 {
        let c = self.count_bits;
        let s = self.scores_bits;
        let mut bits = c + s + c + s + self.c9_bits() + 4 * c;
        if self.played_rounds >= 1 {
            bits += 2 * c + 2 * s;
        }
        if self.played_rounds >= 2 {
            bits += 2 * c + 2 * s;
        }
        bits + 3 * c + 1 + self.hint_bits
    }

    /// Bits the heaviest possible weight uses.
    pub fn total_bits(&self) -> u32 {
        self.low_bits() + 2
    }

    /// The fields of the weight from the most significant down: (criterion, width).
    pub fn fields(&self) -> Vec<(&'static str, u32)> {
        let c = self.count_bits;
        let s = self.scores_bits;
        let mut f = vec![
            ("C4/C5 (completion, PAB eligibility and score)", 2),
            ("C6 (number of downfloaters)", c),
            ("C7 (scores of the downfloaters)", s),
            ("C8 (pairs in the next bracket)", c),
            ("C8 (scores paired in the next bracket)", s),
            ("C9 (unplayed games of the PAB receiver)", self.c9_bits()),
            ("C10 (topscorers' colour difference)", c),
            ("C11 (topscorers' colour three times in a row)", c),
            ("C12 (colour preferences)", c),
            ("C13 (strong colour preferences)", c),
        ];
        if self.played_rounds >= 1 {
            f.push(("C14 (repeated downfloat, previous round)", c));
            f.push(("C15 (repeated upfloat, previous round)", c));
        }
        if self.played_rounds >= 2 {
            f.push(("C16 (repeated downfloat, two rounds before)", c));
            f.push(("C17 (repeated upfloat, two rounds before)", c));
        }
        if self.played_rounds >= 1 {
            f.push(("C18 (scores of repeated downfloaters, previous round)", s));
            f.push((
                "C19 (scores of repeated upfloaters' opponents, previous round)",
                s,
            ));
        }
        if self.played_rounds >= 2 {
            f.push((
                "C20 (scores of repeated downfloaters, two rounds before)",
                s,
            ));
            f.push((
                "C21 (scores of repeated upfloaters' opponents, two rounds before)",
                s,
            ));
        }
        f.push(("Art. 4 (order of transpositions and exchanges)", 3 * c + 1));
        f.push(("no criterion (a hint for the solver)", self.hint_bits));
        f
    }

    /// The most significant criterion on which two matching totals differ.
    pub fn criterion_between<const L: usize>(&self, a: &Wide<L>, b: &Wide<L>) -> &'static str {
        let mut top = self.total_bits();
        for (name, width) in self.fields() {
            let bottom = top - width;
            if (bottom..top).any(|bit| a.bit(bit) != b.bit(bit)) {
                return name;
            }
            top = bottom;
        }
        "Art. 4 (order of transpositions and exchanges)"
    }
}

/// A weight under construction whose left shifts are deferred until the next addition (or the
/// end): `(w << a) << b` is `w << (a + b)`, so runs of empty fields cost one shift, and a weight
/// that is still zero is never shifted (a 1000-player round builds half a million edges).
struct Lazy<const L: usize> {
    w: Wide<L>,
    pending: u32,
}

impl<const L: usize> Lazy<L> {
    fn new(v: u64) -> Self {
        Lazy {
            w: Wide::from_u64(v),
            pending: 0,
        }
    }

    fn shl(&mut self, bits: u32) {
        self.pending += bits;
    }

    fn flush(&mut self) {
        if self.pending > 0 {
            if !self.w.is_zero() {
                self.w.shl(self.pending);
            }
            self.pending = 0;
        }
    }

    fn add_u64(&mut self, v: u64) {
        if v != 0 {
            self.flush();
            self.w.add_u64(v);
        }
    }

    fn add_bit(&mut self, bit: u32) {
        self.flush();
        self.w.add_bit(bit);
    }

    fn finish(mut self) -> Wide<L> {
        self.flush();
        self.w
    }
}

/// What the edge weights of one bracket depend on besides the two players.
#[derive(Debug, Clone)]
pub struct BracketWeights<'a> {
    pub layout: &'a Layout,
    /// Score of the PAB receiver (C5); players above it cannot be left over.
    pub bye_score: i32,
    /// C9 applies: the bracket downfloats exactly one participant, the PAB receiver.
    pub single_downfloater_is_bye: bool,
    /// C9 rank of each number of played games among the players at the PAB score.
    pub played_games_rank: &'a HashMap<u32, u32>,
}

fn bye_candidate(p: &Participant, bye_score: i32) -> bool {
    p.bye_eligible && p.score <= bye_score
}

/// The colour fields C10–C13 for a pair inside the current bracket. `p` is the lower-ranked
/// player, `o` the higher-ranked one.
fn colour_fields(p: &Participant, o: &Participant) -> [bool; 4] {
    let (pc, oc) = (&p.colour, &o.colour);
    let same = pc.preference == oc.preference;
    // C10: no topscorer (or opponent) ends with |CD| > 2.
    let c10 = !pc.absolute_imbalance() || !oc.absolute_imbalance() || !same;
    // C11: no topscorer (or opponent) gets the same colour three times in a row.
    let c11 = !pc.absolute()
        || !oc.absolute()
        || !same
        || if pc.imbalance == oc.imbalance {
            pc.repeated.is_none() || pc.repeated != oc.repeated
        } else {
            let granted_loser = if pc.imbalance > oc.imbalance { oc } else { pc };
            granted_loser.repeated != pc.preference.map(|c| c.opposite())
        };
    // C12: both colour preferences can be met.
    let c12 = pc.preference.is_none() || oc.preference.is_none() || !same;
    // C13: no strong preference is missed (two absolutes handled by C10/C11).
    let strong_or_absolute = |c: &super::state::ColourState| c.strong || c.absolute();
    let c13 = !strong_or_absolute(pc)
        || !strong_or_absolute(oc)
        || (pc.absolute() && oc.absolute())
        || !same;
    [c10, c11, c12, c13]
}

impl BracketWeights<'_> {
    /// The criteria weight of the pair (`higher`, `lower`), `higher` ranked above `lower`.
    /// `lower_in_bracket`: the pair lies inside the current bracket; `lower_in_next`: the pair
    /// reaches into the next scoregroup (C8 lookahead). Incompatible pairs must be filtered by
    /// the caller (weight zero means no edge).
    pub fn edge<const L: usize>(
        &self,
        higher: &Participant,
        lower: &Participant,
        lower_in_bracket: bool,
        lower_in_next: bool,
    ) -> Wide<L> {
        let layout = self.layout;
        let c = layout.count_bits;
        let s = layout.scores_bits;
        let (h, l) = (higher, lower);
        let mut w = Lazy::<L>::new(
            1 + !bye_candidate(h, self.bye_score) as u64 + !bye_candidate(l, self.bye_score) as u64,
        );
        // C6: pairs made in the current bracket.
        w.shl(c);
        if lower_in_bracket {
            w.add_u64(1);
        }
        // C7: scores of the pairs made in the current bracket (so the floaters score low).
        w.shl(s);
        if lower_in_bracket {
            w.add_bit(layout.offset(h.score));
        }
        // C8: the same two fields for the next bracket.
        w.shl(c);
        if lower_in_next {
            w.add_u64(1);
        }
        w.shl(s);
        if lower_in_next {
            w.add_bit(layout.offset(h.score));
        }
        // C9: the PAB receiver has played as many games as possible.
        w.shl(layout.c9_bits());
        debug_assert!(layout.bye_possible || !self.single_downfloater_is_bye);
        if self.single_downfloater_is_bye {
            for p in [h, l] {
                if p.score == self.bye_score {
                    let rank = self.played_games_rank.get(&p.played_games).copied();
                    w.add_u64(rank.unwrap_or(0) as u64);
                }
            }
        }
        // C10–C13: colours, inside the current bracket only.
        for bit in colour_fields(l, h) {
            w.shl(c);
            if lower_in_bracket && bit {
                w.add_u64(1);
            }
        }
        let down = |p: &Participant, back: usize| p.floats[back] == Float::Down;
        let up = |p: &Participant, back: usize| p.floats[back] == Float::Up;
        // C14–C17: repeated floats, one then two rounds before.
        for back in 0..2usize {
            if layout.played_rounds as usize > back {
                w.shl(c);
                if lower_in_bracket {
                    w.add_u64(down(l, back) as u64);
                    w.add_u64((h.score <= l.score && down(h, back)) as u64);
                }
                w.shl(c);
                if lower_in_bracket && !(h.score > l.score && up(l, back)) {
                    w.add_u64(1);
                }
            }
        }
        // C18–C21: score differences of repeated floaters.
        for back in 0..2usize {
            if layout.played_rounds as usize > back {
                w.shl(s);
                if lower_in_bracket {
                    if down(l, back) {
                        w.add_bit(layout.offset(l.score));
                    }
                    if down(h, back) {
                        w.add_bit(layout.offset(h.score));
                    }
                }
                w.shl(s);
                if lower_in_bracket && !(up(l, back) && h.score > l.score) {
                    w.add_bit(layout.offset(h.score));
                }
            }
        }
        // Room for the generation-order tie-breaks (Art. 4), then the solver's hint.
        w.shl(3 * c + 1 + layout.hint_bits);
        w.finish()
    }
}

/// Topscorer threshold of Dutch 1.8 as the reference engine computes it: strictly more than
/// half of rounds played × max(win, draw) (integer tenths, rounded down).
pub fn topscorer_threshold(played_rounds: u32, win: i32, draw: i32) -> i32 {
    (played_rounds as i32 * win.max(draw)) >> 1
}
