//! One bracket of a Burstein round (Art. 3.2 and Art. 4) on a maximum-weight matching.
//!
//! The graph holds every player still unpaired, so completion ([C4]) is part of every solve:
//! each edge carries a base value that makes a heavier matching a complete one. Above the
//! completion the criteria follow as fields of the edge weight, most significant first:
//!
//! | field | edges | criterion |
//! |---|---|---|
//! | pairs | both players in the bracket | [C5] as many pairs as possible |
//! | one field per score, highest first | both in the bracket, once per player at his score | [C6] the outgoing floaters' scores as low as possible, taken in descending order |
//! | following pairs | both in the following bracket (an outgoing floater or a resident of the next scoregroup), not both in this one | [C7] as many pairs as possible there ([C5] of the following bracket) |
//! | one field per score | the same edges, once per player | [C7] the lowest scores of its own floaters ([C6] of the following bracket) |
//! | colours | both in the bracket, preferences not the same colour | [C8] as few players as possible without their preference |
//!
//! Because the bracket's pairs are fixed in number by [C5] and its floaters' scores by [C6],
//! maximising the paired players' scores score by score is minimising the floaters' scores in
//! descending order, and counting pairs without a colour conflict is counting players who get
//! their preference.
//!
//! Art. 4 then orders the pairings that tie on every criterion: the opponent of BSN 1 as large
//! as possible (a floater has BSN 0, the smallest), then that of BSN 2, and so on. That order
//! is lexicographic over the whole bracket, too wide to be one more field, so it is found as
//! the text reads it, one BSN after the other: for BSN 1 the largest opponent that still
//! allows a best pairing, then BSN 2, … and each decision is fixed in the graph. For one BSN
//! `x` an "order" field below the criteria gives each of `x`'s possible opponents its rank
//! (the larger BSN, the more), so one solve answers; most BSNs need none: the current matching
//! is a best pairing, so when it gives `x` his largest possible opponent that is the answer,
//! and the solver's duals rule out the opponents whose pair would cost a criterion. The lowest
//! field ("hint") steers the solver towards the order of Art. 4 (BSN `x` against BSN `y` is
//! worth `(m − x)³ · (y + 1)`, which the fold 1–m, 2–(m−1), … maximises) so that the current
//! matching often already is the answer; it never decides anything.
//!
//! The players below only take what the bracket leaves ([C4]), so smaller graphs usually
//! decide: first the bracket alone, when nobody floats or the following bracket is provably
//! as good whoever floats ([C7] then cannot choose); then the following bracket alone, without
//! the completion field. When the players such a graph leaves and the rest can all be paired
//! (checked by Dirac's degree condition, or a matching), its first best pairing is also the
//! whole graph's: no complete pairing can be better, and among the best it comes first. The
//! whole graph decides otherwise.

use matching::{Matcher, Wide};
use tournament::Color;

use crate::swiss::compat::Compatibility;

/// What one bracket needs, players given by their position in the round's participant list.
#[derive(Debug)]
pub(crate) struct BracketInput<'a> {
    /// The bracket, in BSN order (Art. 4.1: the ranking order of 1.8).
    pub bracket: &'a [usize],
    /// The residents of the next scoregroup (the rest of the following bracket).
    pub next: &'a [usize],
    /// Everybody else still unpaired.
    pub rest: &'a [usize],
    /// Pairing score of each participant.
    pub scores: &'a [i32],
    /// Each participant's colour preference ([C8]: a pair wanting the same colour leaves one
    /// player without it).
    pub preferences: &'a [Option<Color>],
    pub compat: &'a Compatibility,
}

/// The pairs made in the bracket and its outgoing floaters (BSN order).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BracketResult {
    pub pairs: Vec<(usize, usize)>,
    pub floaters: Vec<usize>,
}

/// The bracket (or the round) cannot be completed: [C4] fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Incomplete;

/// Bit positions of the weight fields.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    /// The field above the hint: the order of one player's opponents (Art. 4.3).
    order: u32,
    /// The bit above the order field.
    order_top: u32,
    colours: u32,
    following_scores: Vec<(i32, u32, u32)>,
    following_pairs: u32,
    floater_scores: Vec<(i32, u32, u32)>,
    pairs: u32,
    base: u32,
    /// Bits used, the two spare bits of the matching included.
    pub total: u32,
}

fn bits(n: u64) -> u32 {
    64 - n.leading_zeros()
}

/// The Art. 4 steer for BSN `x` against BSN `y` (0-based, `x < y`) in a bracket of `m`: the
/// higher ranked player's term weighs most, and each prefers the largest opponent.
fn hint(m: u64, x: u64, y: u64) -> u64 {
    let top = m - x;
    top * top * top * (y + 1)
}

/// Fields for each distinct score of `players`, lowest score in the lowest bits, each wide
/// enough to count the players at its score.
fn score_fields(players: &[usize], scores: &[i32], next: &mut u32) -> Vec<(i32, u32, u32)> {
    let mut counts: Vec<(i32, u64)> = Vec::new();
    let mut sorted: Vec<i32> = players.iter().map(|&p| scores[p]).collect();
    sorted.sort_unstable();
    for s in sorted {
        match counts.last_mut() {
            Some((v, c)) if *v == s => *c += 1,
            _ => counts.push((s, 1)),
        }
    }
    counts
        .into_iter()
        .map(|(s, c)| {
            let w = bits(c);
            let at = *next;
            *next += w;
            (s, at, w)
        })
        .collect()
}

impl Layout {
    pub fn new(input: &BracketInput) -> Layout {
        let m = input.bracket.len() as u64;
        let all = (input.bracket.len() + input.next.len() + input.rest.len()) as u64;
        // The hints of a whole matching stay below 2^order.
        let hint_total = (m / 2 + 1) * hint(m.max(1), 0, m.max(1) - 1);
        let mut next = bits(hint_total);
        let order = next;
        next += bits(m + 1);
        let order_top = next;
        let colours = next;
        next += bits(m / 2);
        let following: Vec<usize> = input.bracket.iter().chain(input.next).copied().collect();
        let following_scores = if input.next.is_empty() {
            Vec::new()
        } else {
            score_fields(&following, input.scores, &mut next)
        };
        let following_pairs = next;
        next += bits(following.len() as u64 / 2);
        let floater_scores = score_fields(input.bracket, input.scores, &mut next);
        let pairs = next;
        next += bits(m / 2);
        let base = next;
        next += bits(all / 2);
        Layout {
            order,
            order_top,
            colours,
            following_scores,
            following_pairs,
            floater_scores,
            pairs,
            base,
            total: next + 2,
        }
    }
}

fn add_at<const L: usize>(w: &mut Wide<L>, bit: u32, value: u64) {
    *w += Wide::<L>::from_u64(value) << bit;
}

fn score_bit(fields: &[(i32, u32, u32)], score: i32) -> u32 {
    fields
        .iter()
        .find(|f| f.0 == score)
        .map(|f| f.1)
        .expect("every score has its field")
}

/// Which players a bracket's graph holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Scope {
    /// The bracket alone.
    Bracket,
    /// The following bracket: the bracket and the next scoregroup.
    Following,
    /// Every unpaired player, with the completion field.
    Whole,
}

/// The graph of one bracket: local vertex `v` is `players[v]`, the bracket first (BSN order),
/// then (from [`Scope::Following`]) the next scoregroup, then (in the whole graph) the rest.
struct Graph<'a, const L: usize> {
    input: &'a BracketInput<'a>,
    layout: &'a Layout,
    players: Vec<usize>,
    m: usize,
    k: usize,
    scope: Scope,
    matcher: Matcher<Wide<L>>,
}

impl<'a, const L: usize> Graph<'a, L> {
    fn new(input: &'a BracketInput<'a>, layout: &'a Layout, scope: Scope) -> Self {
        let none: &[usize] = &[];
        let players: Vec<usize> = input
            .bracket
            .iter()
            .chain(if scope >= Scope::Following {
                input.next
            } else {
                none
            })
            .chain(if scope == Scope::Whole {
                input.rest
            } else {
                none
            })
            .copied()
            .collect();
        let n = players.len();
        let mut g = Graph {
            input,
            layout,
            m: input.bracket.len(),
            k: input.next.len(),
            players,
            scope,
            matcher: Matcher::new(n),
        };
        for a in 0..n {
            for b in a + 1..n {
                if let Some(w) = g.weight(a, b) {
                    g.matcher.set_edge(a, b, w);
                }
            }
        }
        g
    }

    fn in_bracket(&self, v: usize) -> bool {
        v < self.m
    }

    fn in_following(&self, v: usize) -> bool {
        v < self.m + self.k
    }

    /// The weight of the pair of local vertices `a < b`, `None` when they may not meet.
    fn weight(&self, a: usize, b: usize) -> Option<Wide<L>> {
        let (pa, pb) = (self.players[a], self.players[b]);
        if !self.input.compat.allowed(pa, pb) {
            return None;
        }
        let l = self.layout;
        let scores = self.input.scores;
        let mut w = Wide::<L>::ZERO;
        if self.scope == Scope::Whole {
            add_at(&mut w, l.base, 1);
        }
        if self.in_bracket(a) && self.in_bracket(b) {
            add_at(&mut w, l.pairs, 1);
            add_at(&mut w, score_bit(&l.floater_scores, scores[pa]), 1);
            add_at(&mut w, score_bit(&l.floater_scores, scores[pb]), 1);
            let prefs = self.input.preferences;
            if prefs[pa].is_none() || prefs[pa] != prefs[pb] {
                add_at(&mut w, l.colours, 1);
            }
            add_at(&mut w, 0, hint(self.m as u64, a as u64, b as u64));
        } else if self.in_following(a) && self.in_following(b) {
            add_at(&mut w, l.following_pairs, 1);
            add_at(&mut w, score_bit(&l.following_scores, scores[pa]), 1);
            add_at(&mut w, score_bit(&l.following_scores, scores[pb]), 1);
        }
        (!w.is_zero()).then_some(w)
    }

    /// The opponent of `x` in the first best pairing of Art. 4.3 given the players fixed
    /// so far: the largest of `candidates` (unfixed, allowed, in decreasing BSN order) that a
    /// best pairing gives him, or `None` when he floats in every best pairing.
    fn opponent(&mut self, x: usize, candidates: &[usize]) -> Option<usize> {
        let &first = candidates.first()?;
        let current = self.matcher.mate(x);
        // The current solution is a best pairing: its opponent for x is allowed.
        if current == Some(first) {
            return Some(first);
        }
        let is_candidate = |v: Option<usize>| v.filter(|v| candidates.contains(v));
        let current = is_candidate(current);
        // Duals: every matching with {x, y} weighs at most the optimum less slack / 2. The
        // order and hint fields total less than 2^order_top, so a slack of 2^(order_top + 1)
        // or more means a worse criterion.
        let bound = Wide::<L>::from_u64(1) << (self.layout.order_top + 1);
        let above = candidates.iter().take_while(|&&y| Some(y) != current);
        if above
            .clone()
            .all(|&y| self.matcher.edge_slack(x, y).is_some_and(|s| s >= bound))
        {
            return current;
        }
        // One solve: the order field makes the larger opponent the better pairing whenever
        // the criteria tie.
        for (rank, &y) in candidates.iter().rev().enumerate() {
            let mut w = self
                .weight(x.min(y), x.max(y))
                .expect("candidates may meet");
            add_at(&mut w, self.layout.order, rank as u64 + 1);
            self.matcher.set_edge(x, y, w);
        }
        self.matcher.solve();
        is_candidate(self.matcher.mate(x))
    }

    /// Keeps `x` with `y` for good.
    fn fix_pair(&mut self, x: usize, y: usize) {
        for z in 0..self.players.len() {
            if z != x && z != y {
                self.matcher.set_edge(x, z, Wide::ZERO);
                self.matcher.set_edge(y, z, Wide::ZERO);
            }
        }
    }

    /// Keeps `x` out of the bracket's pairs (it floats).
    fn fix_floater(&mut self, x: usize) {
        for z in 0..self.m {
            if z != x {
                self.matcher.set_edge(x, z, Wide::ZERO);
            }
        }
    }

    /// Solves, then fixes the bracket BSN after BSN in the order of Art. 4.3. `None` when the
    /// whole graph has no complete matching ([C4]).
    fn pair(mut self) -> Option<(BracketResult, Vec<usize>)> {
        self.matcher.solve();
        let n = self.players.len();
        if self.scope == Scope::Whole && (0..n).any(|v| self.matcher.mate(v).is_none()) {
            return None;
        }
        let m = self.m;
        let mut fixed = vec![false; m];
        let mut result = BracketResult {
            pairs: Vec::new(),
            floaters: Vec::new(),
        };
        for x in 0..m {
            if fixed[x] {
                continue;
            }
            fixed[x] = true;
            // Art. 4.3: the largest BSN first; floating (BSN 0) last.
            let candidates: Vec<usize> = (x + 1..m)
                .rev()
                .filter(|&y| {
                    !fixed[y] && self.input.compat.allowed(self.players[x], self.players[y])
                })
                .collect();
            let partner = self.opponent(x, &candidates);
            match partner {
                Some(y) => {
                    fixed[y] = true;
                    self.fix_pair(x, y);
                    result.pairs.push((self.players[x], self.players[y]));
                }
                None => {
                    self.fix_floater(x);
                    result.floaters.push(self.players[x]);
                }
            }
        }
        let leftover = (0..n)
            .filter(|&v| self.matcher.mate(v).is_none())
            .map(|v| self.players[v])
            .collect();
        Some((result, leftover))
    }
}

/// Dirac's condition: an even number of at least four players, each compatible with at least
/// half of the others, has a Hamiltonian cycle, hence a complete pairing.
pub(crate) fn dirac(players: &[usize], compat: &Compatibility) -> bool {
    let n = players.len();
    let degree = |v: usize| players.iter().filter(|&&u| compat.allowed(v, u)).count();
    n.is_multiple_of(2) && n >= 4 && players.iter().all(|&v| 2 * degree(v) >= n)
}

/// Whether `players` can all be paired: [`dirac`] or, failing it, a matching.
pub(crate) fn completable(players: &[usize], compat: &Compatibility) -> bool {
    let n = players.len();
    if n % 2 == 1 {
        return false;
    }
    if n == 0 || dirac(players, compat) {
        return true;
    }
    let mut m = Matcher::<u64>::new(n);
    for a in 0..n {
        for b in a + 1..n {
            if compat.allowed(players[a], players[b]) {
                m.set_edge(a, b, 1);
            }
        }
    }
    m.solve();
    (0..n).all(|v| m.mate(v).is_some())
}

/// Whether the following bracket (any `f` players of the bracket and the next scoregroup) has
/// the same best [C5] and [C6] whoever floats: with every player of the bracket and of the next
/// scoregroup compatible with more than half of the following bracket inside the next
/// scoregroup, Dirac's condition pairs it completely (an even number) or all but one resident
/// of the next scoregroup, the lowest score there is (an odd number); the rest must then take
/// nobody, or one of those residents.
fn following_is_robust(input: &BracketInput, f: usize) -> bool {
    let k = input.next.len();
    if k < 3 || k + f < 5 {
        return false;
    }
    let need = (k + f).div_ceil(2) + 1;
    let compat = input.compat;
    let enough = |v: &usize| {
        input
            .next
            .iter()
            .filter(|&&u| compat.allowed(*v, u))
            .count()
            >= need
    };
    if !input.bracket.iter().chain(input.next).all(enough) {
        return false;
    }
    if (k + f).is_multiple_of(2) {
        completable(input.rest, compat)
    } else {
        // A few tries suffice in practice; failing them only costs the larger graph.
        input.next.iter().take(4).any(|&x| {
            let mut rest = input.rest.to_vec();
            rest.push(x);
            completable(&rest, compat)
        })
    }
}

/// Pairs one bracket with `L`-limb weights (`layout.total <= 64 * L`).
fn pair_bracket<const L: usize>(
    input: &BracketInput,
    layout: &Layout,
) -> Result<BracketResult, Incomplete> {
    debug_assert!(layout.total <= 64 * L as u32);
    let below: Vec<usize> = input.next.iter().chain(input.rest).copied().collect();
    if below.is_empty() {
        return Graph::<L>::new(input, layout, Scope::Whole)
            .pair()
            .map(|(result, _)| result)
            .ok_or(Incomplete);
    }
    // The bracket alone first. Its best pairing is the whole graph's when what it leaves can
    // be completed ([C4]) and [C7] cannot tell its floaters from any others: nobody floats
    // (the following bracket is the next scoregroup whatever the pairs), or the following
    // bracket would pair as well as it can with any floaters ([`following_is_robust`]).
    let (alone, _) = Graph::<L>::new(input, layout, Scope::Bracket)
        .pair()
        .expect("a graph without completion always pairs");
    let floaters = alone.floaters.len();
    if floaters == 0 || following_is_robust(input, floaters) {
        let mut left = alone.floaters.clone();
        left.extend(&below);
        if completable(&left, input.compat) {
            return Ok(alone);
        }
    }
    // Then the following bracket alone: if what it leaves can join the rest in a complete
    // pairing, its best pairing is the best of the whole graph (the completion field is the
    // same for every complete pairing, and the criteria only see this graph's pairs).
    if !input.rest.is_empty() {
        let (result, leftover) = Graph::<L>::new(input, layout, Scope::Following)
            .pair()
            .expect("a graph without completion always pairs");
        let mut tail = input.rest.to_vec();
        tail.extend(leftover);
        if completable(&tail, input.compat) {
            return Ok(result);
        }
    }
    Graph::<L>::new(input, layout, Scope::Whole)
        .pair()
        .map(|(result, _)| result)
        .ok_or(Incomplete)
}

/// [`pair_bracket`] with the narrowest weights that hold the layout.
pub(crate) fn pair_bracket_dispatch(input: &BracketInput) -> Result<BracketResult, Incomplete> {
    let layout = Layout::new(input);
    match layout.total.div_ceil(64) {
        0..=1 => pair_bracket::<1>(input, &layout),
        2 => pair_bracket::<2>(input, &layout),
        3 => pair_bracket::<3>(input, &layout),
        4 => pair_bracket::<4>(input, &layout),
        5..=6 => pair_bracket::<6>(input, &layout),
        7..=8 => pair_bracket::<8>(input, &layout),
        9..=12 => pair_bracket::<12>(input, &layout),
        13..=16 => pair_bracket::<16>(input, &layout),
        17..=24 => pair_bracket::<24>(input, &layout),
        25..=32 => pair_bracket::<32>(input, &layout),
        _ => pair_bracket::<64>(input, &layout),
    }
}
