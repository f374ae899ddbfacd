//! The maximum-weight matching the engine drives, behind a small trait so that the engine does
//! not depend on how the matching is computed.
//!
//! ```
//! use pairing::dutch::solver::{BruteForce, Solver};
//! use pairing::dutch::weights::Wide;
//! let mut s = BruteForce::<1>::new(4);
//! s.set_edge(0, 1, Wide::from_u64(5));
//! s.set_edge(2, 3, Wide::from_u64(5));
//! s.set_edge(1, 2, Wide::from_u64(9));
//! s.solve();
//! assert_eq!(s.mate(0), Some(1));
//! ```

use super::weights::Wide;

/// A maximum-weight matching on a general graph whose edge weights change between solves.
/// Weight zero means "no edge". The matching maximises total weight (not cardinality).
pub trait Solver<const L: usize>: Clone {
    fn set_edge(&mut self, u: usize, v: usize, w: Wide<L>);
    /// The weight of edge {u, v}, zero when absent.
    fn weight(&self, u: usize, v: usize) -> Wide<L>;
    fn solve(&mut self);
    fn mate(&self, v: usize) -> Option<usize>;
    /// Called at the start of each bracket with the bracket's players and the next scoregroup
    /// or a stand-in for it (`members`), and the first participant of the tail, which is
    /// everybody from there on who is not a member; `implicit` says whether the tail may stay
    /// outside the graph (see [`super::window`]). Only the pairs among the first `kept`
    /// members need their weights kept: the caller sets every other pair of members before the
    /// next solve. Plain solvers hold everybody.
    fn window(&mut self, _members: &[usize], _tail_start: usize, _implicit: bool, _kept: usize) {}
    /// The number of vertices of the graph.
    fn vertices(&self) -> usize;
    /// The number of vertices the graph will have after the same call of
    /// [`window`](Self::window) (plain solvers: every participant, as now).
    fn vertices_after_window(
        &self,
        _members: &[usize],
        _tail_start: usize,
        _implicit: bool,
    ) -> usize {
        self.vertices()
    }
    /// An upper bound on the heap memory, in bytes, a solver of this kind holds with a graph of
    /// `vertices` vertices (clones not counted).
    fn memory_bound(vertices: usize) -> u64
    where
        Self: Sized;
    /// When the last solve did not run because it would have needed more memory than allowed,
    /// the bytes it would have needed.
    fn refused(&self) -> Option<u64> {
        None
    }
    /// Proposes pairs that the next solve may start from (a hint for speed; the result is
    /// optimal whatever is proposed).
    fn suggest(&mut self, _pairs: &[(usize, usize)]) {}
    /// Pushes onto `out` every `x` for which `set_edge(v, x, zero)` may change the graph (the
    /// edges at `v`), in any order, and returns true; false when the solver cannot tell (then
    /// any vertex may).
    fn edges_at(&self, _v: usize, _out: &mut Vec<usize>) -> bool {
        false
    }
    /// After a solve, a number `s` such that every complete pairing containing `{u, v}` weighs
    /// at most the optimum less `s / 2`; `None` when the solver knows no such bound.
    fn edge_slack(&self, _u: usize, _v: usize) -> Option<Wide<L>> {
        None
    }
}

/// Creates solvers for a given vertex count and weight width.
pub trait SolverFactory {
    type Solver<const L: usize>: Solver<L>;
    fn create<const L: usize>(&self, vertices: usize) -> Self::Solver<L>;
}

/// The matching crate's blossom algorithm.
impl<const L: usize> Solver<L> for matching::Matcher<matching::Wide<L>> {
    fn set_edge(&mut self, u: usize, v: usize, w: Wide<L>) {
        matching::Matcher::set_edge(self, u, v, matching::Wide::from_limbs(w.0));
    }

    fn weight(&self, u: usize, v: usize) -> Wide<L> {
        matching::Matcher::edge(self, u, v).map_or(Wide::ZERO, |w| Wide(*w.limbs()))
    }

    fn solve(&mut self) {
        matching::Matcher::solve(self);
    }

    fn mate(&self, v: usize) -> Option<usize> {
        matching::Matcher::mate(self, v)
    }

    fn suggest(&mut self, pairs: &[(usize, usize)]) {
        matching::Matcher::suggest(self, pairs);
    }

    fn edge_slack(&self, u: usize, v: usize) -> Option<Wide<L>> {
        matching::Matcher::edge_slack(self, u, v).map(|s| Wide(*s.limbs()))
    }

    fn vertices(&self) -> usize {
        self.vertex_count()
    }

    fn edges_at(&self, v: usize, out: &mut Vec<usize>) -> bool {
        match matching::Matcher::neighbours(self, v) {
            Some(edges) => {
                out.extend(edges);
                true
            }
            None => false,
        }
    }

    fn memory_bound(vertices: usize) -> u64 {
        matching::Matcher::<matching::Wide<L>>::memory_bound(vertices)
    }
}

/// Factory for the matching crate's [`matching::Matcher`].
#[derive(Debug, Clone, Copy, Default)]
pub struct BlossomFactory;

impl SolverFactory for BlossomFactory {
    type Solver<const L: usize> = matching::Matcher<matching::Wide<L>>;
    fn create<const L: usize>(&self, vertices: usize) -> Self::Solver<L> {
        matching::Matcher::new(vertices)
    }
}

/// Factory for [`matching::Matcher`] solving on a candidate graph
/// ([`matching::Matcher::with_candidates`]) once a graph has `from_vertices` vertices: each
/// solve searches the heaviest `per_vertex` edges of each vertex, then proves the result
/// optimal over every pair with the duals (taking in any edge they do not cover and searching
/// again), so it gives the optimum of the whole graph; smaller graphs are solved whole.
#[derive(Debug, Clone, Copy)]
pub struct CandidateFactory {
    pub per_vertex: usize,
    pub from_vertices: usize,
}

impl Default for CandidateFactory {
    fn default() -> Self {
        CandidateFactory {
            per_vertex: 16,
            from_vertices: 512,
        }
    }
}

impl SolverFactory for CandidateFactory {
    type Solver<const L: usize> = matching::Matcher<matching::Wide<L>>;
    fn create<const L: usize>(&self, vertices: usize) -> Self::Solver<L> {
        let m = matching::Matcher::new(vertices);
        if vertices >= self.from_vertices {
            m.with_candidates(self.per_vertex)
        } else {
            m
        }
    }
}

/// Exhaustive search over all matchings: exact and tiny (12 vertices at most in practice).
/// Used to test the engine independently of the matching crate.
#[derive(Debug, Clone)]
pub struct BruteForce<const L: usize> {
    n: usize,
    weights: Vec<Wide<L>>,
    mates: Vec<Option<usize>>,
}

impl<const L: usize> BruteForce<L> {
    pub fn new(n: usize) -> Self {
        BruteForce {
            n,
            weights: vec![Wide::ZERO; n * n],
            mates: vec![None; n],
        }
    }

    fn search(
        &self,
        v: usize,
        current: &mut Vec<Option<usize>>,
        total: Wide<L>,
        best: &mut (Wide<L>, Vec<Option<usize>>),
    ) {
        let mut v = v;
        while v < self.n && current[v].is_some() {
            v += 1;
        }
        if v == self.n {
            if total > best.0 {
                *best = (total, current.clone());
            }
            return;
        }
        // Leave v unmatched.
        current[v] = Some(usize::MAX);
        self.search(v + 1, current, total, best);
        current[v] = None;
        for u in v + 1..self.n {
            let w = self.weights[v * self.n + u];
            if current[u].is_none() && !w.is_zero() {
                current[v] = Some(u);
                current[u] = Some(v);
                let mut t = total;
                t.add(&w);
                self.search(v + 1, current, t, best);
                current[v] = None;
                current[u] = None;
            }
        }
    }
}

impl<const L: usize> Solver<L> for BruteForce<L> {
    fn set_edge(&mut self, u: usize, v: usize, w: Wide<L>) {
        self.weights[u * self.n + v] = w;
        self.weights[v * self.n + u] = w;
    }

    fn weight(&self, u: usize, v: usize) -> Wide<L> {
        self.weights[u * self.n + v]
    }

    fn solve(&mut self) {
        let mut current = vec![None; self.n];
        let mut best = (Wide::ZERO, vec![Some(usize::MAX); self.n]);
        self.search(0, &mut current, Wide::ZERO, &mut best);
        self.mates = best
            .1
            .into_iter()
            .map(|m| m.filter(|&x| x != usize::MAX))
            .collect();
    }

    fn mate(&self, v: usize) -> Option<usize> {
        self.mates[v]
    }

    fn vertices(&self) -> usize {
        self.n
    }

    fn memory_bound(vertices: usize) -> u64 {
        let n = vertices as u64;
        n * n * std::mem::size_of::<Wide<L>>() as u64 + n * 64
    }
}

/// Factory for [`BruteForce`].
#[derive(Debug, Clone, Copy, Default)]
pub struct BruteForceFactory;

impl SolverFactory for BruteForceFactory {
    type Solver<const L: usize> = BruteForce<L>;
    fn create<const L: usize>(&self, vertices: usize) -> BruteForce<L> {
        BruteForce::new(vertices)
    }
}
