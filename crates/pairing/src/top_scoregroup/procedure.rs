//! The Top-Scoregroup Procedure of C.04.5 and C.04.6 (Art. 3, word for word the same in both):
//! the PAB first (3.4), then the top-scoregroup of the participants still unpaired with the
//! first set of upfloaters (3.5), paired by the first pairing identifier (3.6), until everyone
//! is paired (3.3.2). Colours are each system's business afterwards (Art. 4).
//!
//! How it is computed. Both choices are "the first in the text's order among the best by the
//! criteria", so each is found in two steps: a maximum-weight matching gives the best value of
//! the criteria (each criterion one field of the edge weights, C4 highest), then a walk through
//! the text's order fixes one decision at a time (include this upfloater? is this participant a
//! top member? is this its bottom member?), keeping a decision when the criteria's best value is
//! still reachable with it. A low field of the weights steers the matching towards the text's
//! order, so most decisions agree with the matching already found and cost nothing.
//!
//! * Every perfect matching of the unpaired participants is a legal completion (C1, C3), and
//!   the upfloaters of the top-scoregroup `T` are the partners of `T` outside it; with the
//!   fewest upfloaters (C4) no two upfloaters meet each other, so C4, C5 (counts per lower
//!   score, the lowest score first), C6 (the following scoregroup's own upfloaters, the
//!   partners it takes below) and C7 add up over the edges.
//! * When the participants below the window (`T` and the scoregroups that can give upfloaters)
//!   are many and nearly all compatible, they are replaced by "sink" vertices: any set of
//!   window participants can take partners among them and leave the rest perfectly matchable
//!   (Dirac's condition), so the window decides alone. A matching that needs an upfloater from
//!   below the window widens it.
//! * Bracket pairings are ordered by their identifier (3.6.2): the set of top members first
//!   (the earliest participants, in TPN order, are top members when they can be), then the
//!   bottom member of each top member in order.
//!
//! Readings (see the crate README): C6 is graded (the set that leaves the following scoregroup
//! the fewest upfloaters; when one leaves it the fewest its parity allows, this is the
//! pass-or-fail reading too); the following scoregroup is the one just below the top
//! scoregroup's score among the participants of the round; an upfloater's opponent in C10
//! (Double-Swiss C8) is the higher-scored member of a pair of different scores.

use matching::{Matcher, Wide};

/// One participant of the round to pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contender {
    /// The TPN: the order of 3.5.3 and 3.6 and the last PAB criterion (3.4.4).
    pub tpn: u32,
    /// The pairing score (acceleration included), in any fixed unit.
    pub score: i64,
    /// Matches played (3.4.3).
    pub matches_played: u32,
    /// C2: may receive the PAB.
    pub bye_eligible: bool,
    /// A floater in the previous round (1.5), for C7 and C10 (Double-Swiss C7, C8).
    pub floated: bool,
}

/// Which participants may meet: C1 and the arbiter's forbidden pairs (absolute), in the
/// table the other Swiss systems use.
pub use crate::swiss::compat::Compatibility;

/// The colour criteria of a pair (C.04.6 C8, C9): whether the pair leaves a team's colour
/// preference (a strong one) unfulfilled. Double-Swiss has none.
pub type ColourCost<'a> = &'a dyn Fn(usize, usize) -> (bool, bool);

/// A round to pair.
pub struct Round<'a> {
    pub contenders: &'a [Contender],
    pub compatible: &'a Compatibility,
    /// False in the rounds where the float criteria lapse (C.04.6: the last two; C.04.5: the
    /// last one).
    pub floats_count: bool,
    pub colour_cost: ColourCost<'a>,
}

impl std::fmt::Debug for Round<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Round")
            .field("contenders", &self.contenders)
            .field("floats_count", &self.floats_count)
            .finish_non_exhaustive()
    }
}

/// The pairs of the round, bracket by bracket, each pair (top member, bottom member) as
/// indices into the contenders; and the PAB's receiver.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Paired {
    pub brackets: Vec<Vec<(usize, usize)>>,
    pub bye: Option<usize>,
}

/// Pairs the round; `None` when no legal round-pairing exists (3.3.3).
pub fn pair_round(round: &Round) -> Option<Paired> {
    let c = round.contenders;
    let n = c.len();
    let mut unpaired = vec![true; n];
    let mut out = Paired::default();
    // 3.4: the PAB first, to the first candidate that leaves a legal pairing of the others.
    if n % 2 == 1 {
        let mut candidates: Vec<usize> = (0..n).filter(|&i| c[i].bye_eligible).collect();
        candidates.sort_by_key(|&i| {
            (
                c[i].score,
                std::cmp::Reverse(c[i].matches_played),
                std::cmp::Reverse(c[i].tpn),
            )
        });
        let everyone: Vec<usize> = (0..n).collect();
        let bye = candidates.into_iter().find(|&b| {
            let rest: Vec<usize> = everyone.iter().copied().filter(|&i| i != b).collect();
            perfect(round.compatible, &rest)
        })?;
        unpaired[bye] = false;
        out.bye = Some(bye);
    } else if !perfect(round.compatible, &(0..n).collect::<Vec<_>>()) {
        return None;
    }
    // The scoregroups of the round, for C6's "following scoregroup".
    let mut levels: Vec<i64> = (0..n)
        .filter(|&i| unpaired[i])
        .map(|i| c[i].score)
        .collect();
    levels.sort_unstable_by(|a, b| b.cmp(a));
    levels.dedup();
    loop {
        let mut rest: Vec<usize> = (0..n).filter(|&i| unpaired[i]).collect();
        if rest.is_empty() {
            break;
        }
        rest.sort_by_key(|&i| (std::cmp::Reverse(c[i].score), c[i].tpn));
        let top_score = c[rest[0]].score;
        let top: Vec<usize> = rest
            .iter()
            .copied()
            .take_while(|&i| c[i].score == top_score)
            .collect();
        let lower: Vec<usize> = rest[top.len()..].to_vec();
        let following = levels.iter().copied().find(|&s| s < top_score);
        let upfloaters = select_upfloaters(round, &top, &lower, following)?;
        let mut bracket = top;
        bracket.extend(upfloaters);
        let pairs = pair_bracket(round, &bracket)?;
        for &(a, b) in &pairs {
            unpaired[a] = false;
            unpaired[b] = false;
        }
        out.brackets.push(pairs);
    }
    Some(out)
}

/// True when the participants `set` can all be paired legally.
pub fn perfect(compatible: &Compatibility, set: &[usize]) -> bool {
    if set.len() % 2 == 1 {
        return false;
    }
    if set.is_empty() || dirac(compatible, set) {
        return true;
    }
    let m = set.len();
    let mut matcher = Matcher::<u32>::new(m);
    for a in 0..m {
        for b in a + 1..m {
            if compatible.allows(set[a], set[b]) {
                matcher.set_edge(a, b, 1);
            }
        }
    }
    matcher.solve();
    (0..m).all(|v| matcher.mate(v).is_some())
}

/// Dirac's condition: every participant of `set` compatible with at least half of it, which
/// makes `set` (of even size) perfectly matchable.
fn dirac(compatible: &Compatibility, set: &[usize]) -> bool {
    let m = set.len();
    // A participant's own bit is never set in its row, so counting its row against the set's
    // bits counts the others it may meet.
    let members = compatible.member_set(set);
    set.iter()
        .all(|&a| 2 * compatible.degree_in(a, &members) >= m)
}

/// A layout of the edge weights: named fields from the most significant down.
#[derive(Debug, Clone)]
struct Layout {
    widths: Vec<u32>,
    offsets: Vec<u32>,
    bits: u32,
}

impl Layout {
    fn new(widths: Vec<u32>) -> Layout {
        let mut offsets = vec![0; widths.len()];
        let mut at = 0;
        for k in (0..widths.len()).rev() {
            offsets[k] = at;
            at += widths[k];
        }
        Layout {
            widths,
            offsets,
            bits: at,
        }
    }

    fn weight<const L: usize>(&self, values: &[u64]) -> Wide<L> {
        let mut w = Wide::<L>::ZERO;
        for (k, &v) in values.iter().enumerate() {
            if v != 0 {
                debug_assert!(self.widths[k] >= 64 || v < 1 << self.widths[k]);
                w = w.with_field(self.offsets[k], self.widths[k], v);
            }
        }
        w
    }
}

/// Bits to hold `v`.
fn bits_for(v: u64) -> u32 {
    64 - v.leading_zeros()
}

/// Runs `$f::<L>(args)` with the narrowest `Wide<L>` that holds `$bits` bits plus the
/// matcher's two spare bits.
macro_rules! with_limbs {
    ($bits:expr, $f:ident, $($arg:expr),*) => {{
        let bits = $bits + 2;
        if bits <= 128 {
            $f::<2>($($arg),*)
        } else if bits <= 256 {
            $f::<4>($($arg),*)
        } else if bits <= 512 {
            $f::<8>($($arg),*)
        } else if bits <= 1024 {
            $f::<16>($($arg),*)
        } else if bits <= 2048 {
            $f::<32>($($arg),*)
        } else {
            $f::<64>($($arg),*)
        }
    }};
}

/// What a vertex of the selection graph stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Vertex {
    /// A resident of the top-scoregroup.
    Top(usize),
    /// A participant of a lower scoregroup in the window, with its level (0 = the highest
    /// below the top).
    Lower(usize, usize),
    /// A stand-in for the participants below the window.
    Sink,
}

/// What the walk has fixed about a potential upfloater.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Choice {
    Open,
    Upfloater,
    Resident,
}

/// The selection problem of one bracket.
struct Selection<'a> {
    round: &'a Round<'a>,
    vertices: Vec<Vertex>,
    /// Levels in the window (below the top), plus one for the sinks.
    window_levels: usize,
    /// The level of the following scoregroup when C6 applies (0: it is the first level).
    following: Option<usize>,
    /// Rank of each lower participant in the order of 3.5.3 (by contender index).
    rank: Vec<u64>,
    lower_count: u64,
    layout: Layout,
    choice: Vec<Choice>,
}

impl Selection<'_> {
    /// The field values of edge `a`–`b` (vertices), or `None` when it is no edge.
    fn values(&self, a: usize, b: usize) -> Option<Vec<u64>> {
        let (va, vb) = (self.vertices[a], self.vertices[b]);
        let compat = self.round.compatible;
        let index = |v: Vertex| match v {
            Vertex::Top(i) | Vertex::Lower(i, _) => Some(i),
            Vertex::Sink => None,
        };
        if let (Some(i), Some(j)) = (index(va), index(vb)) {
            if !compat.allows(i, j) {
                return None;
            }
        }
        let (top, other) = match (va, vb) {
            (Vertex::Top(_), Vertex::Top(_)) => (None, None),
            (Vertex::Top(_), o) => (Some(va), Some(o)),
            (o, Vertex::Top(_)) => (Some(vb), Some(o)),
            _ => (None, None),
        };
        // The walk's decisions: an upfloater is paired with the top only, a resident below.
        for v in [va, vb] {
            if let Vertex::Lower(i, _) = v {
                let with_top = top.is_some();
                match self.choice[i] {
                    Choice::Upfloater if !with_top => return None,
                    Choice::Resident if with_top => return None,
                    _ => {}
                }
            }
        }
        let levels = self.window_levels;
        let mut v = vec![0u64; self.layout.widths.len()];
        v[0] = 1; // a pair
        let cross = top.is_some();
        v[1] = u64::from(!cross); // C4: fewer upfloaters
        let level = other.map(|o| match o {
            Vertex::Lower(_, l) => l,
            _ => levels,
        });
        // C5: for each lower level, lowest first, fewer upfloaters from it.
        if let Some(l) = level {
            for k in 0..=levels {
                // Field 2 holds the lowest level (the sinks), 2 + levels the highest.
                let field_level = levels - k;
                v[2 + k] = u64::from(l != field_level);
            }
        }
        // C6: the following scoregroup's own upfloaters are the partners it takes below.
        let c6 = 3 + levels;
        let down = |x: Vertex, y: Vertex| match (x, y) {
            (Vertex::Lower(_, lx), Vertex::Lower(_, ly)) => Some(lx) == self.following && ly > lx,
            (Vertex::Lower(_, lx), Vertex::Sink) => Some(lx) == self.following,
            _ => false,
        };
        v[c6] = u64::from(!(down(va, vb) || down(vb, va)));
        // C7: upfloaters that floated in the previous round.
        if let Some(o) = other {
            let floated = match o {
                Vertex::Lower(i, _) => self.round.contenders[i].floated,
                _ => false,
            };
            v[c6 + 1] = u64::from(!(floated && self.round.floats_count));
            // Towards the order of 3.5.4: the earliest potential upfloaters first.
            v[c6 + 2] = match o {
                Vertex::Lower(i, _) => self.lower_count + 1 - self.rank[i],
                _ => 1,
            };
        }
        Some(v)
    }
}

/// 3.5: the set of upfloaters for the top-scoregroup `top`, from `lower` (unpaired, in order
/// of score then TPN); `following` is the score of the following scoregroup.
fn select_upfloaters(
    round: &Round,
    top: &[usize],
    lower: &[usize],
    following: Option<i64>,
) -> Option<Vec<usize>> {
    let compat = round.compatible;
    // No upfloater needed: the only set with the fewest (C4).
    if top.len().is_multiple_of(2) && perfect(compat, top) && perfect(compat, lower) {
        return Some(Vec::new());
    }
    let c = round.contenders;
    // The lower scoregroups, highest first.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &i in lower {
        match groups.last_mut() {
            Some(g) if c[g[0]].score == c[i].score => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let following_level = following
        .and_then(|s| groups.first().filter(|g| c[g[0]].score == s))
        .map(|_| 0);
    if top.len() % 2 == 1 {
        if let Some(x) = first_single_upfloater(round, top, &groups, following_level.is_some()) {
            return Some(vec![x]);
        }
    }
    let mut depth = 1;
    loop {
        let depth_now = depth.min(groups.len());
        let window: Vec<usize> = top
            .iter()
            .copied()
            .chain(groups[..depth_now].iter().flatten().copied())
            .collect();
        let below: Vec<usize> = groups[depth_now..].iter().flatten().copied().collect();
        let sinks = if below.is_empty() {
            Some(0)
        } else if robust(compat, &window, &below) {
            Some(window.len())
        } else {
            None
        };
        let Some(sinks) = sinks else {
            depth = groups.len();
            if depth_now == groups.len() {
                // Not reachable: with nothing below the window there is nothing to test.
                return None;
            }
            continue;
        };
        let mut vertices: Vec<Vertex> = top.iter().map(|&i| Vertex::Top(i)).collect();
        for (l, g) in groups[..depth_now].iter().enumerate() {
            vertices.extend(g.iter().map(|&i| Vertex::Lower(i, l)));
        }
        vertices.extend(std::iter::repeat_n(Vertex::Sink, sinks));
        let nv = vertices.len() as u64;
        let mut rank = vec![0u64; c.len()];
        for (r, &i) in lower.iter().enumerate() {
            rank[i] = r as u64 + 1;
        }
        let pair_bits = bits_for(nv / 2 + 1);
        let top_bits = bits_for(top.len() as u64 + 1);
        let mut widths = vec![pair_bits, pair_bits];
        widths.extend(std::iter::repeat_n(top_bits, depth_now + 1));
        widths.push(pair_bits);
        widths.push(top_bits);
        widths.push(bits_for(top.len() as u64 * (lower.len() as u64 + 1)) + 1);
        let layout = Layout::new(widths);
        let mut selection = Selection {
            round,
            vertices,
            window_levels: depth_now,
            following: following_level,
            rank,
            lower_count: lower.len() as u64,
            layout,
            choice: vec![Choice::Open; c.len()],
        };
        let bits = selection.layout.bits;
        match with_limbs!(bits, select_in_window, &mut selection, &groups[..depth_now]) {
            Walk::Chosen(set) => {
                if std::env::var("DBG_TSG").is_ok() {
                    eprintln!(
                        "top {:?} depth {} sinks {} chosen {:?}",
                        top.iter().map(|&i| c[i].tpn).collect::<Vec<_>>(),
                        depth_now,
                        sinks,
                        set.iter().map(|&i| c[i].tpn).collect::<Vec<_>>()
                    );
                }
                return Some(set);
            }
            Walk::NoPairing => return None,
            Walk::NeedsWiderWindow => {
                depth = depth_now + 1;
                if depth_now == groups.len() {
                    return None;
                }
            }
        }
    }
}

enum Walk {
    Chosen(Vec<usize>),
    NeedsWiderWindow,
    NoPairing,
}

/// How many partners of the following scoregroup's odd one out the shortcut below tries.
const SHORTCUT_TRIES: usize = 6;

/// A shortcut for the commonest bracket, an odd top-scoregroup: the first participant of the
/// highest lower scoregroup that floats up legally (C1, C3), did not float in the previous
/// round (C7 at 0) and leaves the following scoregroup its parity minimum of upfloaters (C6 at
/// its lower bound) has the best value of C4-C7 and is the first such set (3.5.4). `None` when
/// no participant is shown to be one, or an earlier one might be: the full method decides.
fn first_single_upfloater(
    round: &Round,
    top: &[usize],
    groups: &[Vec<usize>],
    c6_applies: bool,
) -> Option<usize> {
    let compat = round.compatible;
    let c = round.contenders;
    let group = groups.first()?;
    let below: Vec<usize> = groups[1..].iter().flatten().copied().collect();
    for &x in group.iter().take(SHORTCUT_TRIES) {
        let mut bracket = top.to_vec();
        bracket.push(x);
        if !perfect(compat, &bracket) {
            continue; // illegal: not a candidate
        }
        if round.floats_count && c[x].floated {
            // Worse on C7 than any later one shown optimal; and if none is, undecided.
            continue;
        }
        let rest: Vec<usize> = group.iter().copied().filter(|&y| y != x).collect();
        let certified = if !c6_applies {
            let mut all = rest.clone();
            all.extend(&below);
            perfect(compat, &all)
        } else if rest.len().is_multiple_of(2) {
            perfect(compat, &rest) && perfect(compat, &below)
        } else {
            // The odd one out of the following scoregroup pairs down, the others among
            // themselves.
            rest.iter().rev().take(SHORTCUT_TRIES).any(|&y| {
                let f: Vec<usize> = rest.iter().copied().filter(|&z| z != y).collect();
                perfect(compat, &f)
                    && below
                        .iter()
                        .filter(|&&z| compat.allows(y, z))
                        .take(SHORTCUT_TRIES)
                        .any(|&z| {
                            let b: Vec<usize> = below.iter().copied().filter(|&w| w != z).collect();
                            perfect(compat, &b)
                        })
            })
        };
        // Not shown optimal: an earlier set might be the first of the best, so the full method
        // decides.
        return certified.then_some(x);
    }
    None
}

/// The participants below the window can absorb any partners the window asks of them and
/// still be paired among themselves: each window participant is compatible with as many of
/// them as the window has participants, and after losing that many they keep Dirac's
/// condition.
fn robust(compat: &Compatibility, window: &[usize], below: &[usize]) -> bool {
    let w = window.len();
    if below.len() < w + 2 {
        return false;
    }
    let enough_partners = window
        .iter()
        .all(|&x| below.iter().filter(|&&y| compat.allows(x, y)).count() >= w);
    if !enough_partners {
        return false;
    }
    let worst = below
        .iter()
        .map(|&a| {
            below
                .iter()
                .filter(|&&b| a != b && !compat.allows(a, b))
                .count()
        })
        .max()
        .unwrap_or(0);
    below.len() >= w + 2 * worst + 2
}

/// A matcher over a vertex set whose edges follow a weight function, with the total weight of
/// its matching.
fn load<const L: usize>(
    matcher: &mut Matcher<Wide<L>>,
    n: usize,
    weight: &dyn Fn(usize, usize) -> Option<Wide<L>>,
    vertex: Option<usize>,
) {
    match vertex {
        None => {
            for a in 0..n {
                for b in a + 1..n {
                    if let Some(w) = weight(a, b) {
                        matcher.set_edge(a, b, w);
                    }
                }
            }
        }
        Some(a) => {
            for b in 0..n {
                if a != b {
                    matcher.set_edge(a, b, weight(a, b).unwrap_or(Wide::ZERO));
                }
            }
        }
    }
}

/// The weight of the matcher's matching, shifted right by `low` bits (the steering field),
/// and whether it is perfect.
fn matched_value<const L: usize>(
    matcher: &Matcher<Wide<L>>,
    n: usize,
    weight: &dyn Fn(usize, usize) -> Option<Wide<L>>,
    low: u32,
) -> (bool, Wide<L>) {
    let mut total = Wide::<L>::ZERO;
    let mut perfect = true;
    for a in 0..n {
        match matcher.mate(a) {
            Some(b) if a < b => {
                let w = weight(a, b).unwrap_or(Wide::ZERO);
                total += &w;
            }
            Some(_) => {}
            None => perfect = false,
        }
    }
    (perfect, total.wrapping_shr(low))
}

/// Sets the edges of vertex `a` of the selection graph from its current constraints.
fn reload<const L: usize>(sel: &Selection, matcher: &mut Matcher<Wide<L>>, a: usize) {
    let weight = |x: usize, y: usize| sel.values(x, y).map(|v| sel.layout.weight::<L>(&v));
    load(matcher, sel.vertices.len(), &weight, Some(a));
}

fn window_value<const L: usize>(
    sel: &Selection,
    matcher: &Matcher<Wide<L>>,
    low: u32,
) -> (bool, Wide<L>) {
    let weight = |x: usize, y: usize| sel.values(x, y).map(|v| sel.layout.weight::<L>(&v));
    matched_value(matcher, sel.vertices.len(), &weight, low)
}

fn select_in_window<const L: usize>(sel: &mut Selection, groups: &[Vec<usize>]) -> Walk {
    let n = sel.vertices.len();
    let mut matcher = Matcher::<Wide<L>>::new(n);
    let low = *sel.layout.widths.last().unwrap_or(&0);
    {
        let s = &*sel;
        let weight = |a: usize, b: usize| s.values(a, b).map(|v| s.layout.weight::<L>(&v));
        load(&mut matcher, n, &weight, None);
        matcher.solve();
    }
    let (ok, best) = {
        let s = &*sel;
        let weight = |a: usize, b: usize| s.values(a, b).map(|v| s.layout.weight::<L>(&v));
        matched_value(&matcher, n, &weight, low)
    };
    if !ok {
        return Walk::NoPairing;
    }
    let is_top = |v: Vertex| matches!(v, Vertex::Top(_));
    // The profile: how many upfloaters from each level (and none from below the window).
    let mut per_level = vec![0usize; sel.window_levels];
    for a in 0..n {
        if let (Vertex::Top(_), Some(b)) = (sel.vertices[a], matcher.mate(a)) {
            match sel.vertices[b] {
                Vertex::Lower(_, l) => per_level[l] += 1,
                Vertex::Sink => return Walk::NeedsWiderWindow,
                Vertex::Top(_) => {}
            }
        }
    }
    // 3.5.3-3.5.4: the first set in order among the best: each potential upfloater of a level
    // that gives upfloaters, in TPN order, is taken when the best value stays reachable.
    let position: std::collections::HashMap<usize, usize> = sel
        .vertices
        .iter()
        .enumerate()
        .filter_map(|(a, v)| match v {
            Vertex::Lower(i, _) => Some((*i, a)),
            _ => None,
        })
        .collect();
    let top_vertex: Vec<bool> = sel.vertices.iter().map(|&v| is_top(v)).collect();
    let needed = per_level.iter().rposition(|&k| k > 0).map_or(0, |l| l + 1);
    let mut chosen = Vec::new();
    for (l, group) in groups.iter().enumerate().take(needed) {
        let mut taken = 0;
        for &i in group {
            let a = position[&i];
            let mate_is_top = |m: &Matcher<Wide<L>>| m.mate(a).is_some_and(|b| top_vertex[b]);
            // A failed test leaves a matching that is not the best one: solve again.
            let mut stale = false;
            let want = if taken == per_level[l] {
                Choice::Resident
            } else if mate_is_top(&matcher) {
                Choice::Upfloater
            } else {
                // Test: is the best value still reachable with this one an upfloater?
                sel.choice[i] = Choice::Upfloater;
                reload(sel, &mut matcher, a);
                matcher.solve();
                let (ok, value) = window_value(sel, &matcher, low);
                if ok && value == best {
                    Choice::Upfloater
                } else {
                    stale = true;
                    Choice::Resident
                }
            };
            sel.choice[i] = want;
            reload(sel, &mut matcher, a);
            if want == Choice::Upfloater {
                taken += 1;
                chosen.push(i);
            } else if stale || mate_is_top(&matcher) {
                // The matching used an edge that is gone: find the best one again.
                matcher.solve();
            }
        }
    }
    Walk::Chosen(chosen)
}

/// The role the walk has fixed for a bracket member.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Open,
    Top,
    Bottom,
}

struct Bracket<'a> {
    round: &'a Round<'a>,
    /// Members in TPN order.
    members: Vec<usize>,
    role: Vec<Role>,
    /// A fixed partner (bracket positions).
    partner: Vec<Option<usize>>,
    layout: Layout,
}

impl Bracket<'_> {
    /// The field values of the pair of bracket positions `a` < `b`.
    fn values(&self, a: usize, b: usize) -> Option<Vec<u64>> {
        let (a, b) = (a.min(b), a.max(b));
        let (i, j) = (self.members[a], self.members[b]);
        if !self.round.compatible.allows(i, j)
            || self.role[a] == Role::Bottom
            || self.role[b] == Role::Top
            || self.partner[a].is_some_and(|p| p != b)
            || self.partner[b].is_some_and(|p| p != a)
        {
            return None;
        }
        let c = self.round.contenders;
        let (c8, c9) = (self.round.colour_cost)(i, j);
        // C10: the opponent of an upfloater, the higher-scored member of a pair of different
        // scores, that floated in the previous round.
        let higher = match c[i].score.cmp(&c[j].score) {
            std::cmp::Ordering::Greater => Some(i),
            std::cmp::Ordering::Less => Some(j),
            std::cmp::Ordering::Equal => None,
        };
        let c10 = self.round.floats_count && higher.is_some_and(|h| c[h].floated);
        let size = self.members.len() as u64;
        let half = size / 2;
        let distance = (b - a) as u64;
        Some(vec![
            1,
            u64::from(!c8),
            u64::from(!c9),
            u64::from(!c10),
            // Towards the identifier order: small TPNs as top members, then each top member
            // with the member half a bracket below it.
            size - a as u64,
            size - distance.abs_diff(half),
        ])
    }
}

/// 3.6: the first pairing of the bracket, by identifier, among those best by C8, C9, C10.
fn pair_bracket(round: &Round, bracket: &[usize]) -> Option<Vec<(usize, usize)>> {
    let mut members = bracket.to_vec();
    members.sort_by_key(|&i| round.contenders[i].tpn);
    // The first identifier pairs the first half with the second in order; when those pairs are
    // legal and leave every criterion at zero, nothing is better or earlier.
    let half = members.len() / 2;
    let natural: Vec<(usize, usize)> = (0..half).map(|k| (members[k], members[k + half])).collect();
    let c = round.contenders;
    let free = natural.iter().all(|&(i, j)| {
        let higher = match c[i].score.cmp(&c[j].score) {
            std::cmp::Ordering::Greater => Some(i),
            std::cmp::Ordering::Less => Some(j),
            std::cmp::Ordering::Equal => None,
        };
        round.compatible.allows(i, j)
            && (round.colour_cost)(i, j) == (false, false)
            && !(round.floats_count && higher.is_some_and(|h| c[h].floated))
    });
    if free {
        return Some(natural);
    }
    let m = members.len() as u64;
    let pair_bits = bits_for(m / 2 + 1);
    let step_bits = bits_for(m * (m / 2 + 1)) + 1;
    let layout = Layout::new(vec![
        pair_bits, pair_bits, pair_bits, pair_bits, step_bits, step_bits,
    ]);
    let mut b = Bracket {
        round,
        role: vec![Role::Open; members.len()],
        partner: vec![None; members.len()],
        members,
        layout,
    };
    let bits = b.layout.bits;
    with_limbs!(bits, walk_bracket, &mut b)
}

/// Sets the edges of the bracket positions `list` from their current constraints.
fn reload_bracket<const L: usize>(b: &Bracket, matcher: &mut Matcher<Wide<L>>, list: &[usize]) {
    let weight = |x: usize, y: usize| b.values(x, y).map(|v| b.layout.weight::<L>(&v));
    for &a in list {
        load(matcher, b.members.len(), &weight, Some(a));
    }
}

fn bracket_value<const L: usize>(
    b: &Bracket,
    matcher: &Matcher<Wide<L>>,
    low: u32,
) -> (bool, Wide<L>) {
    let weight = |x: usize, y: usize| b.values(x, y).map(|v| b.layout.weight::<L>(&v));
    matched_value(matcher, b.members.len(), &weight, low)
}

fn walk_bracket<const L: usize>(b: &mut Bracket) -> Option<Vec<(usize, usize)>> {
    let n = b.members.len();
    let low = b.layout.widths[4] + b.layout.widths[5];
    let mut matcher = Matcher::<Wide<L>>::new(n);
    {
        let s = &*b;
        let weight = |x: usize, y: usize| s.values(x, y).map(|v| s.layout.weight::<L>(&v));
        load(&mut matcher, n, &weight, None);
    }
    matcher.solve();
    let (ok, best) = bracket_value(b, &matcher, low);
    if !ok {
        return None;
    }
    // The set of top members: in TPN order, a top member whenever it can be.
    let half = n / 2;
    let mut tops = 0;
    for a in 0..n {
        let mut stale = false;
        let want = if tops == half {
            Role::Bottom
        } else if matcher.mate(a).is_some_and(|x| x > a) {
            Role::Top
        } else {
            b.role[a] = Role::Top;
            reload_bracket(b, &mut matcher, &[a]);
            matcher.solve();
            let (ok, value) = bracket_value(b, &matcher, low);
            if ok && value == best {
                Role::Top
            } else {
                stale = true;
                Role::Bottom
            }
        };
        b.role[a] = want;
        reload_bracket(b, &mut matcher, &[a]);
        let agrees = matcher
            .mate(a)
            .is_some_and(|x| (x > a) == (want == Role::Top));
        if stale || !agrees {
            matcher.solve();
        }
        if want == Role::Top {
            tops += 1;
        }
    }
    // The bottom member of each top member in turn: the smallest that keeps the best value.
    let mut pairs = Vec::with_capacity(half);
    for a in 0..n {
        if b.role[a] != Role::Top {
            continue;
        }
        let current = matcher.mate(a)?;
        let mut chosen = current;
        for x in a + 1..current {
            if b.role[x] != Role::Bottom || b.partner[x].is_some() || b.values(a, x).is_none() {
                continue;
            }
            b.partner[a] = Some(x);
            b.partner[x] = Some(a);
            reload_bracket(b, &mut matcher, &[a, x]);
            matcher.solve();
            let (ok, value) = bracket_value(b, &matcher, low);
            b.partner[a] = None;
            b.partner[x] = None;
            if ok && value == best {
                chosen = x;
                break;
            }
            reload_bracket(b, &mut matcher, &[a, x]);
            matcher.solve();
        }
        b.partner[a] = Some(chosen);
        b.partner[chosen] = Some(a);
        reload_bracket(b, &mut matcher, &[a, chosen]);
        if matcher.mate(a) != Some(chosen) {
            matcher.solve();
        }
        pairs.push((b.members[a], b.members[chosen]));
    }
    Some(pairs)
}
