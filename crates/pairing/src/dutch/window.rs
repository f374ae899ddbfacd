//! A solver that keeps only the current bracket and the next scoregroup in the matching graph.
//!
//! Below the next scoregroup every edge carries the completion field alone, `(1 + the two
//! players' non-candidacy for the PAB) << low bits`: the engine never sets anything else there.
//! Call that value the lift of a pair. In a complete pairing the lifts sum to the same total
//! whichever pairs are made (each player's non-candidacy counts once, each pair once), so a
//! complete pairing is optimal exactly when its pairs inside the window maximise the weights
//! above the lift, provided the players the window leaves unpaired can be paired with the tail.
//!
//! The window graph therefore holds each edge's weight minus its lift, and every solve checks
//! that the tail can take the leftovers: by Dirac's theorem a graph on `m >= 3` vertices whose
//! degrees are all at least `m / 2` has a Hamiltonian cycle, hence a perfect matching when `m`
//! is even. The degrees counted are towards tail players only, so the pairs found are tail
//! edges. With an odd round one tail player who may receive the PAB is left out first. When the
//! check fails (a small or tightly constrained tail), the solver falls back to the whole graph
//! of the players still unpaired, which is what the engine had before.
//!
//! ```
//! use pairing::dutch::brackets::Compatibility;
//! use pairing::dutch::solver::{BruteForceFactory, Solver};
//! use pairing::dutch::weights::Wide;
//! use pairing::dutch::window::Windowed;
//!
//! // Six players, all compatible; the window is {0, 1}, the tail {2, 3, 4, 5}.
//! let mut compat = Compatibility::new(6);
//! for a in 0..6 {
//!     for b in 0..a {
//!         compat.allow(a, b);
//!     }
//! }
//! let mut s = Windowed::<1, _>::new(BruteForceFactory, compat, 8, vec![false; 6]);
//! s.start_window(&[0, 1], 2, true, 0);
//! // The pair's weight: the lift (3 << 8) plus 5 above it.
//! s.set_edge(0, 1, Wide::from_u64((3 << 8) + 5));
//! s.solve();
//! assert_eq!(s.mate(0), Some(1));
//! // Tail players are paired among themselves, outside the graph.
//! assert_eq!(s.mate(4), Some(6));
//! ```

use super::brackets::{Compatibility, MemoryLimit};
use super::solver::{Solver, SolverFactory};
use super::weights::Wide;

const NONE: u32 = u32::MAX;

/// What the robustness check needs to know about the tail of the current window.
#[derive(Clone, Debug)]
struct Tail {
    /// First participant index of the tail; the tail is `start..n` less `inside`.
    start: usize,
    /// Window members at or after `start` (a stand-in of the next scoregroup).
    inside: Vec<usize>,
    /// Per window vertex (local index): compatible tail players.
    degree: Vec<u32>,
    /// The least number of compatible tail players of a tail player.
    least_tail_degree: u32,
    /// Some tail player may receive the PAB.
    has_candidate: bool,
}

/// Whether the whole round can be paired with the tail left implicit from the start: the graph
/// of compatible pairs is itself robust (Dirac), so every participant can be paired (C4) and,
/// with an odd count, any PAB candidate can be left out (C5).
pub fn whole_round_is_robust(compat: &Compatibility, n: usize, odd: bool) -> bool {
    let m = n - odd as usize;
    if m < 4 {
        return false;
    }
    let need = (m / 2 + odd as usize) as u32;
    (0..n).all(|v| compat.count_in(v, 0, n) >= need)
}

/// A [`Solver`] over the window of the current bracket (see the module documentation).
#[derive(Clone)]
pub struct Windowed<const L: usize, F: SolverFactory> {
    factory: F,
    n: usize,
    compat: Compatibility,
    /// `units << low bits` for one to three units of the completion field (index 0 unused).
    lifts: [Wide<L>; 4],
    /// Per participant: may receive the PAB at the PAB score (the completion field's terms).
    candidate: Vec<bool>,
    /// Local index to participant index.
    verts: Vec<usize>,
    /// Participant index to local index, `NONE` outside the graph.
    local: Vec<u32>,
    inner: F::Solver<L>,
    /// `Some` while the tail is implicit; `None` once the graph holds every unpaired player.
    tail: Option<Tail>,
    /// What the graph may take when it falls back to every unpaired player.
    limit: MemoryLimit,
    /// The bytes the fallback would have needed, when over the limit: the solve stopped.
    refused: Option<u64>,
}

impl<const L: usize, F: SolverFactory> std::fmt::Debug for Windowed<L, F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Windowed")
            .field("players", &self.n)
            .field("in_graph", &self.verts.len())
            .field("tail_start", &self.tail.as_ref().map(|t| t.start))
            .finish()
    }
}

impl<const L: usize, F: SolverFactory + Clone> Windowed<L, F> {
    /// A solver for `n = compat`'s participants whose weights have `low_bits` bits below the
    /// completion field; `candidate[v]` says whether `v` is a PAB candidate (C2, C5).
    pub fn new(factory: F, compat: Compatibility, low_bits: u32, candidate: Vec<bool>) -> Self {
        let n = candidate.len();
        let mut lifts = [Wide::ZERO; 4];
        for (units, lift) in lifts.iter_mut().enumerate() {
            *lift = Wide::from_u64(units as u64);
            lift.shl(low_bits);
        }
        let inner = factory.create::<L>(0);
        Windowed {
            factory,
            n,
            compat,
            lifts,
            candidate,
            verts: Vec::new(),
            local: vec![NONE; n],
            inner,
            tail: None,
            limit: MemoryLimit::NONE,
            refused: None,
        }
    }

    /// The same solver, refusing a fallback to the whole graph that would pass `limit` (see
    /// [`MemoryLimit::check`]).
    pub fn with_limit(mut self, limit: MemoryLimit) -> Self {
        self.limit = limit;
        self
    }

    fn lift(&self, u: usize, v: usize) -> Wide<L> {
        self.lifts[1 + !self.candidate[u] as usize + !self.candidate[v] as usize]
    }

    fn in_tail(&self, v: usize) -> bool {
        self.tail
            .as_ref()
            .is_some_and(|t| v >= t.start && !t.inside.contains(&v))
    }

    /// Starts the graph of a new bracket: `members` are the bracket's players and the next
    /// scoregroup (or a stand-in for it), and the tail is every participant from `tail_start`
    /// on who is not a member. With `implicit` false (or an empty tail) the graph takes every
    /// unpaired player, and keeps them to the end. The pairs among the first `kept` members
    /// keep their weights; the caller sets every other pair of members (see
    /// [`Solver::window`]).
    pub fn start_window(
        &mut self,
        members: &[usize],
        tail_start: usize,
        implicit: bool,
        kept: usize,
    ) {
        if !self.verts.is_empty() && self.tail.is_none() {
            // Already the whole graph.
            return;
        }
        let inside: Vec<usize> = members
            .iter()
            .copied()
            .filter(|&v| v >= tail_start)
            .collect();
        let tail: Vec<usize> = (tail_start..self.n)
            .filter(|v| !inside.contains(v))
            .collect();
        if !implicit || tail.is_empty() {
            let mut all: Vec<usize> = members.to_vec();
            all.extend(tail);
            self.rebuild(all, None, kept);
            return;
        }
        // Compatible tail players: those from `tail_start` on, less the members among them.
        let tail_degree = |v: usize| {
            self.compat.count_in(v, tail_start, self.n)
                - inside
                    .iter()
                    .filter(|&&x| self.compat.allowed(v, x))
                    .count() as u32
        };
        let degree: Vec<u32> = members.iter().map(|&v| tail_degree(v)).collect();
        let least_tail_degree = tail.iter().map(|&t| tail_degree(t)).min().unwrap_or(0);
        let has_candidate = tail.iter().any(|&t| self.candidate[t]);
        self.rebuild(
            members.to_vec(),
            Some(Tail {
                start: tail_start,
                inside,
                degree,
                least_tail_degree,
                has_candidate,
            }),
            kept,
        );
    }

    /// The players of the implicit tail.
    fn tail_players(&self) -> impl Iterator<Item = usize> + '_ {
        let start = self.tail.as_ref().map_or(self.n, |t| t.start);
        (start..self.n).filter(|&v| self.in_tail(v))
    }

    /// A new inner graph over `verts`. Pairs among the first `kept` of `verts` that were in
    /// the old graph keep their weight; every other pair still had its completion edge, which
    /// the new graph holds only when the tail is explicit (with an implicit tail it is the zero
    /// above the lift). The caller sets the pairs that are not kept before the next solve.
    ///
    /// The kept weights are copied out and the old graph is freed before the new one is
    /// allocated, so that the two dense matrices are never held at once.
    fn rebuild(&mut self, verts: Vec<usize>, tail: Option<Tail>, kept: usize) {
        let old_verts = std::mem::take(&mut self.verts);
        let old_implicit = self.tail.is_some();
        let mut old_local = vec![NONE; self.n];
        for (i, &v) in old_verts.iter().enumerate() {
            old_local[v] = i as u32;
            self.local[v] = NONE;
        }
        let explicit = tail.is_none();
        let kept = kept.min(verts.len());
        let mut carried: Vec<(u32, u32, Wide<L>)> = Vec::new();
        for (j, &v) in verts.iter().enumerate().take(kept) {
            let ov = old_local[v];
            if ov == NONE {
                continue;
            }
            for (i, &u) in verts.iter().enumerate().take(j) {
                let ou = old_local[u];
                if ou == NONE {
                    continue;
                }
                let mut w = self.inner.weight(ou as usize, ov as usize);
                if !w.is_zero() {
                    if old_implicit && explicit {
                        w.add(&self.lift(u, v));
                    }
                    carried.push((i as u32, j as u32, w));
                }
            }
        }
        // Free the old graph first.
        self.inner = self.factory.create::<L>(0);
        let mut inner = self.factory.create::<L>(verts.len());
        for (j, &v) in verts.iter().enumerate() {
            self.local[v] = j as u32;
            if !explicit {
                continue;
            }
            for (i, &u) in verts.iter().enumerate().take(j) {
                let both_kept = j < kept && old_local[u] != NONE && old_local[v] != NONE;
                if !both_kept && self.compat.allowed(u, v) {
                    inner.set_edge(i, j, self.lift(u, v));
                }
            }
        }
        for (i, j, w) in carried {
            inner.set_edge(i as usize, j as usize, w);
        }
        self.inner = inner;
        self.verts = verts;
        self.tail = tail;
    }

    /// Whether the players the window leaves unpaired, with the tail, can be paired completely
    /// (less one PAB candidate of the tail in an odd round).
    fn tail_takes_the_rest(&self) -> bool {
        let Some(tail) = &self.tail else {
            return true;
        };
        // Players outside the graph are paired in twos (pairs fixed for good, tail pairs), so
        // the leftovers have the parity of the whole field.
        let odd = self.n % 2 == 1;
        if odd && !tail.has_candidate {
            return false;
        }
        let mut least = tail.least_tail_degree;
        let mut unpaired = 0usize;
        for (i, &d) in tail.degree.iter().enumerate() {
            if self.inner.mate(i).is_none() {
                unpaired += 1;
                least = least.min(d);
            }
        }
        let m = self.n - tail.start - tail.inside.len() + unpaired - odd as usize;
        m == 0 || (m >= 4 && least as usize >= m / 2 + odd as usize)
    }

    /// Makes the tail explicit: the graph takes every player not yet paired for good, unless
    /// that could pass the memory limit (then `refused` says by how much, and the graph stays).
    fn go_whole(&mut self) {
        let mut all = self.verts.clone();
        all.extend(self.tail_players());
        let members = self.verts.len();
        if let Err(bytes) = self
            .limit
            .check::<L, F::Solver<L>>(all.len(), members, members)
        {
            self.refused = Some(bytes);
            return;
        }
        self.rebuild(all, None, members);
    }
}

impl<const L: usize, F: SolverFactory + Clone> Solver<L> for Windowed<L, F> {
    fn set_edge(&mut self, u: usize, v: usize, w: Wide<L>) {
        let (lu, lv) = (self.local[u], self.local[v]);
        if lu == NONE || lv == NONE {
            // Only pairs fixed for good clear edges outside the graph (finalize).
            debug_assert!(w.is_zero(), "a weight set outside the window");
            return;
        }
        let w = if self.tail.is_some() && !w.is_zero() {
            let lift = self.lift(u, v);
            if w > lift {
                let mut above = w;
                above.sub(&lift);
                above
            } else {
                // Never better than pairing both players with the tail.
                Wide::ZERO
            }
        } else {
            w
        };
        self.inner.set_edge(lu as usize, lv as usize, w);
    }

    fn weight(&self, u: usize, v: usize) -> Wide<L> {
        if u >= self.n || v >= self.n {
            return Wide::ZERO;
        }
        let (lu, lv) = (self.local[u], self.local[v]);
        if lu != NONE && lv != NONE {
            let mut w = self.inner.weight(lu as usize, lv as usize);
            if self.tail.is_some() && !w.is_zero() {
                w.add(&self.lift(u, v));
            }
            return w;
        }
        let reachable = |x: usize| self.local[x] != NONE || self.in_tail(x);
        if (self.in_tail(u) || self.in_tail(v))
            && reachable(u)
            && reachable(v)
            && self.compat.allowed(u, v)
        {
            self.lift(u, v)
        } else {
            Wide::ZERO
        }
    }

    fn solve(&mut self) {
        if self.refused.is_some() {
            return;
        }
        self.inner.solve();
        if !self.tail_takes_the_rest() {
            self.go_whole();
            if self.refused.is_none() {
                self.inner.solve();
            }
        }
    }

    fn refused(&self) -> Option<u64> {
        self.refused
    }

    fn vertices(&self) -> usize {
        self.verts.len()
    }

    fn vertices_after_window(&self, members: &[usize], tail_start: usize, implicit: bool) -> usize {
        if !self.verts.is_empty() && self.tail.is_none() {
            // Already the whole graph, which stays.
            return self.verts.len();
        }
        let inside = members.iter().filter(|&&v| v >= tail_start).count();
        let tail = self.n.saturating_sub(tail_start) - inside;
        if !implicit || tail == 0 {
            members.len() + tail
        } else {
            members.len()
        }
    }

    fn memory_bound(vertices: usize) -> u64 {
        F::Solver::<L>::memory_bound(vertices)
    }

    /// The inner graph's edges at `v`, as participants; nothing outside the graph (setting a
    /// pair there changes nothing).
    fn edges_at(&self, v: usize, out: &mut Vec<usize>) -> bool {
        let Some(&lv) = self.local.get(v) else {
            return false;
        };
        if lv == NONE {
            return true;
        }
        let start = out.len();
        if !self.inner.edges_at(lv as usize, out) {
            return false;
        }
        for x in &mut out[start..] {
            *x = self.verts[*x];
        }
        true
    }

    fn mate(&self, v: usize) -> Option<usize> {
        let lv = self.local[v];
        if lv != NONE {
            return match self.inner.mate(lv as usize) {
                Some(m) => Some(self.verts[m]),
                // Paired with the tail, outside the graph.
                None if self.tail.is_some() => Some(self.n),
                None => None,
            };
        }
        if self.in_tail(v) {
            Some(self.n)
        } else {
            None
        }
    }

    fn window(&mut self, members: &[usize], tail_start: usize, implicit: bool, kept: usize) {
        self.start_window(members, tail_start, implicit, kept);
    }

    /// The inner graph's slack: its weights differ from the whole graph's by the lifts, which
    /// sum to the same total over every complete pairing, so the bound carries over.
    fn edge_slack(&self, u: usize, v: usize) -> Option<Wide<L>> {
        let (lu, lv) = (*self.local.get(u)?, *self.local.get(v)?);
        if lu == NONE || lv == NONE {
            return None;
        }
        self.inner.edge_slack(lu as usize, lv as usize)
    }

    fn suggest(&mut self, pairs: &[(usize, usize)]) {
        let local: Vec<(usize, usize)> = pairs
            .iter()
            .filter_map(|&(u, v)| {
                let (lu, lv) = (*self.local.get(u)?, *self.local.get(v)?);
                (lu != NONE && lv != NONE).then_some((lu as usize, lv as usize))
            })
            .collect();
        self.inner.suggest(&local);
    }
}
