//! The primal-dual blossom algorithm on a dense weight matrix.
//!
//! Duals are kept in the doubled scale: the slack of an edge `{u, v}` of weight `w` is
//! `dual[u] + dual[v] - 2w + 2 * (sum of z over the blossoms containing both ends)`.
//! Vertex duals and blossom duals `z` are never negative, so unsigned weights suffice.
//!
//! The search is the classic one (S/T labels on an alternating forest, blossoms shrunk and
//! expanded, four kinds of dual change) with one generalisation that incremental re-solving needs:
//! free vertices may have different duals. Roots are the free vertices with a positive dual (of one
//! parity per phase, so that the S-S half-slacks stay integral); a free vertex whose dual is zero is
//! already optimal and serves as the far end of an augmenting path like an unlabeled free vertex.
//! When an S-vertex's dual drops to zero, the even alternating path from its root to it is flipped:
//! the root becomes matched and that vertex becomes free with a zero dual.

use crate::Weight;

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Label {
    Free,
    S,
    T,
}

/// Maximum-weight matching on a general graph with integer weights.
///
/// Vertices are `0..vertex_count`. Edges are kept in a dense matrix; a zero weight means "no
/// edge". See the crate documentation for an example.
#[derive(Clone, Debug)]
pub struct Matcher<W: Weight> {
    n: usize,
    /// `n * n`, symmetric; zero means no edge.
    weights: Vec<W>,
    /// Bit `v` of row `u` (rows of `words` words) is set when edge `{u, v}` has a nonzero
    /// weight, so scans skip absent edges without reading their weights.
    present: Vec<u64>,
    words: usize,
    mate: Vec<u32>,
    /// `0..n`: vertex duals; `n..2n`: blossom duals `z`.
    dual: Vec<W>,
    // Blossom structure. Ids `0..n` are the vertices (trivial blossoms), `n..2n` nontrivial
    // blossoms (at most `n / 2` exist at once).
    parent: Vec<u32>,
    /// Sub-blossoms in cycle order, the one holding the base first.
    children: Vec<Vec<u32>>,
    /// `cycle[b][i] = (x, y)`: the edge from `children[b][i]` (holding `x`) to the next child
    /// (holding `y`).
    cycle: Vec<Vec<(u32, u32)>>,
    base: Vec<u32>,
    /// The vertices of each nontrivial blossom (empty for unused ids).
    members: Vec<Vec<u32>>,
    /// Outermost blossom containing each vertex.
    top: Vec<u32>,
    unused: Vec<u32>,
    /// Blossom ids at or above this have not been used since the last reset (ids are handed
    /// out lowest first), so loops over blossoms can stop here.
    id_end: usize,
    // Search state (meaningful for top-level blossoms).
    label: Vec<Label>,
    /// Per vertex: the label of its top-level blossom (kept in step with `label`).
    vlabel: Vec<Label>,
    /// Bit `v` is set when `vlabel[v]` is S (same row layout as `present`).
    s_bits: Vec<u64>,
    /// Scratch row for `recompute_best_s`.
    s_row: Vec<u64>,
    /// For a T-blossom: `(s, t)`, the edge that labeled it, `s` in the S-blossom above.
    tedge: Vec<(u32, u32)>,
    /// Per non-S vertex: the S-vertex with the least slack edge to it, and that slack.
    best_s: Vec<u32>,
    best_slack: Vec<W>,
    /// Per top-level S-blossom: a least-slack edge `(x in it, y)` to another S-blossom.
    best_ss: Vec<(u32, u32)>,
    best_ss_slack: Vec<W>,
    /// Per top-level S-blossom: edges to other S-blossoms found by its scans or inherited from
    /// its children (compacted to one per neighbour when built). An edge between two S-blossoms
    /// is in the list of at least the one scanned later.
    ss_list: Vec<Vec<(u32, u32)>>,
    /// The capacities of the `ss_list`s summed: kept under [`ss_budget`] by compacting the
    /// lists (see `compact_ss_lists`), so that they cannot outgrow the weight matrix.
    ss_capacity: usize,
    has_list: Vec<bool>,
    queue: Vec<u32>,
    /// Per vertex: in `queue`, labeled S but not scanned yet.
    unscanned: Vec<bool>,
    /// Scratch: tight edges found by a scan.
    tight: Vec<u32>,
    mark: Vec<u32>,
    stamp: u32,
    /// Per labeled top-level blossom: its tree, named by the root vertex it started from.
    tree: Vec<u32>,
    live_trees: usize,
    /// Scratch for building `ss_list`: index into `tmp_edges` per top-level blossom.
    tmp_index: Vec<u32>,
    tmp_edges: Vec<(u32, u32)>,
    tmp_slack: Vec<W>,
    /// Reusable buffers, to avoid allocating per event.
    buf_a: Vec<u32>,
    buf_b: Vec<u32>,
    /// The current matching and duals are an optimal solution for the graph as it was at the
    /// last solve, so re-solving may start from them.
    solved: bool,
    /// Edges set since the last solve (while `solved`), for incremental re-solving.
    changed: Vec<(u32, u32)>,
    /// Pairs proposed for the next solve (see `suggest`).
    suggested: Vec<(u32, u32)>,
    /// With a candidate graph (see `with_candidates`): the edges each vertex keeps in the graph
    /// at a fresh start; the others are left out (their presence bit is off, their weight kept)
    /// until the certificate finds one with a negative slack.
    candidates: Option<usize>,
    /// Per vertex: its left-out edges need checking at the next certificate (one was raised,
    /// or the graph started afresh).
    recheck: Vec<bool>,
    /// Vertex duals when the certificate last held: a left-out edge whose weight has not risen
    /// keeps a non-negative slack while neither end's dual is below this.
    certified: Vec<W>,
    /// A left-out edge was raised since the certificate last held.
    uncertified: bool,
    stats: SolveStats,
}

/// Trees grown at once in a phase. A forest of every free vertex covers most of a graph with
/// many tight edges, so each scan records hundreds of edges between S-blossoms and each
/// augmentation frees vertices that the other trees then rescan; a few trees at a time find
/// their short augmenting paths far more cheaply (measured on the Dutch engine's graphs and
/// on random ones).
const MAX_TREES: usize = 4;

/// Rounds of the search for hubs at a fresh start (see `Matcher::hubs`).
const HUB_ROUNDS: usize = 3;

/// The most entries the lists of edges between S-blossoms (`ss_list`) may hold in all, their
/// capacities summed, before they are compacted: about half the weight matrix's entries, at
/// least twice what a compaction can leave (see `Matcher::compact_ss_lists`).
fn ss_budget(n: usize) -> usize {
    n * n / 2 + 64 * n + 1024
}

/// Capacity a blossom id's vertex, child and cycle lists keep when the blossom is dissolved;
/// larger lists are freed, so that ids once used by large blossoms do not hold memory.
const KEPT_CAPACITY: usize = 64;

/// `du + dv - 2w`, the slack of an edge outside any common blossom.
#[inline]
fn edge_slack<W: Weight>(du: &W, dv: &W, w: &W) -> W {
    W::edge_slack(du, dv, w)
}

/// The set bits of a row of the presence bitset, lowest first.
struct PresentIter<'a> {
    words: &'a [u64],
    index: usize,
    current: u64,
}

impl<'a> PresentIter<'a> {
    #[inline]
    fn new(words: &'a [u64]) -> Self {
        Self {
            words,
            index: 0,
            current: words.first().copied().unwrap_or(0),
        }
    }
}

impl Iterator for PresentIter<'_> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.current == 0 {
            self.index += 1;
            self.current = *self.words.get(self.index)?;
        }
        let bit = self.current.trailing_zeros() as usize;
        self.current &= self.current - 1;
        Some(self.index * 64 + bit)
    }
}

/// With debug assertions on, setting `MATCHING_VERIFY` in the environment makes every solve
/// check its optimality certificate (slow: `O(n^2)` per solve), to rule the matcher in or out
/// when a caller's result looks wrong.
fn verify_every_solve() -> bool {
    static VERIFY: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *VERIFY.get_or_init(|| std::env::var_os("MATCHING_VERIFY").is_some())
}

/// Why an edge could not be set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EdgeError {
    /// Both ends are the same vertex.
    #[error("self-loop at vertex {0}")]
    SelfLoop(usize),
    /// A vertex number is not below the vertex count.
    #[error("vertex {vertex} out of range for {vertex_count} vertices")]
    VertexOutOfRange { vertex: usize, vertex_count: usize },
    /// The weight leaves the algorithm too little headroom (see `Weight::max_edge_weight`).
    #[error("edge weight exceeds the maximum: {0}")]
    WeightTooLarge(String),
}

/// Work counters, cumulative since the matcher was created; useful to see what re-solving costs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    /// Calls to `solve`.
    pub solves: u64,
    /// Solves that started from scratch (the first, or after many edge changes).
    pub scratch_solves: u64,
    /// Vertices reset by incremental re-solves.
    pub reset_vertices: u64,
    /// Search phases (a phase grows a forest from a few free vertices of one dual parity).
    pub phases: u64,
    /// Matrix rows scanned (each costs `n` slack computations).
    pub row_scans: u64,
    /// Dual adjustments.
    pub dual_steps: u64,
    /// Augmenting paths applied.
    pub augmentations: u64,
    /// Suggested pairs taken into the matching (see `Matcher::suggest`).
    pub suggestions_taken: u64,
    /// Hubs found at fresh starts: vertices given a dual of their own before the greedy start.
    pub hubs: u64,
    /// Times the lists of edges between S-blossoms were compacted to stay within their memory
    /// budget (see [`Matcher::memory_bound`]).
    pub list_compactions: u64,
    /// With a candidate graph: rows checked by the certificate over left-out edges.
    pub certificate_rows: u64,
    /// With a candidate graph: left-out edges the certificate took into the graph.
    pub edges_added: u64,
    /// With a candidate graph: searches run again after the certificate took edges in.
    pub certificate_repairs: u64,
}

impl<W: Weight> Matcher<W> {
    /// A graph with `vertex_count` vertices and no edges.
    ///
    /// # Panics
    /// If `vertex_count` does not fit in `u32` less one.
    pub fn new(vertex_count: usize) -> Self {
        let n = vertex_count;
        assert!(n < (u32::MAX / 2) as usize, "too many vertices");
        let m = 2 * n;
        let mut s = Self {
            n,
            weights: vec![W::default(); n * n],
            present: vec![0; n * n.div_ceil(64)],
            words: n.div_ceil(64),
            mate: vec![NONE; n],
            dual: vec![W::default(); m],
            parent: vec![NONE; m],
            children: vec![Vec::new(); m],
            cycle: vec![Vec::new(); m],
            base: vec![NONE; m],
            members: vec![Vec::new(); m],
            top: (0..n as u32).collect(),
            unused: Vec::new(),
            id_end: n,
            label: vec![Label::Free; m],
            vlabel: vec![Label::Free; n],
            s_bits: vec![0; n.div_ceil(64)],
            s_row: Vec::new(),
            tedge: vec![(NONE, NONE); m],
            tree: vec![NONE; m],
            live_trees: 0,
            best_s: vec![NONE; n],
            best_slack: vec![W::default(); n],
            best_ss: vec![(NONE, NONE); m],
            best_ss_slack: vec![W::default(); m],
            ss_list: vec![Vec::new(); m],
            ss_capacity: 0,
            has_list: vec![false; m],
            queue: Vec::new(),
            unscanned: vec![false; n],
            tight: Vec::new(),
            mark: vec![0; m],
            stamp: 0,
            tmp_index: vec![NONE; m],
            tmp_edges: Vec::new(),
            tmp_slack: Vec::new(),
            buf_a: Vec::new(),
            buf_b: Vec::new(),
            solved: false,
            changed: Vec::new(),
            suggested: Vec::new(),
            candidates: None,
            recheck: vec![true; n],
            certified: vec![W::default(); n],
            uncertified: false,
            stats: SolveStats::default(),
        };
        s.reset_structure();
        s
    }

    /// The same empty graph, solved on a sparse candidate graph: at each fresh start every
    /// vertex keeps only its `per_vertex` heaviest edges (and every edge to it that another
    /// vertex keeps); the others stay stored but left out of the search. After each search a
    /// certificate checks the left-out edges against the duals (only the rows where a dual
    /// fell or a left-out edge was raised since it last held); an edge with a negative slack is
    /// taken into the graph and the search resumes from the current solution. A solve ends
    /// only when every edge, left out or not, satisfies the duals, so the matching has the
    /// same weight as on the whole graph (see [`check_optimality`](Self::check_optimality)).
    ///
    /// ```
    /// use matching::Matcher;
    /// let mut m = Matcher::<u64>::new(6).with_candidates(1);
    /// for (u, v, w) in [(0, 1, 9), (1, 2, 8), (2, 3, 9), (3, 4, 8), (4, 5, 9), (5, 0, 8)] {
    ///     m.set_edge(u, v, w);
    /// }
    /// m.set_edge(0, 3, 1);
    /// m.solve();
    /// assert_eq!(m.mates(), vec![Some(1), Some(0), Some(3), Some(2), Some(5), Some(4)]);
    /// assert!(m.check_optimality().is_ok());
    /// ```
    pub fn with_candidates(mut self, per_vertex: usize) -> Self {
        self.candidates = Some(per_vertex.max(1));
        self.solved = false;
        self.changed.clear();
        self
    }

    /// An upper bound on the heap memory, in bytes, that a matcher of `vertex_count` vertices
    /// holds at any time, clones not counted: the weight matrix (`n² · size_of::<W>()`), its
    /// presence bits (`n² / 8`), the edges changed since the last solve (at most `n² / 2`
    /// pairs, 4 bytes a vertex each), the lists of edges between S-blossoms (compacted when
    /// they reach their budget, about `n² / 2` entries of 8 bytes), the vertex lists of nested
    /// blossoms (sizes summing to under `n² / 4`, twice that for the lists' spare room), and a
    /// few hundred bytes plus a handful of weights per vertex: about `n² · (size_of::<W>() +
    /// 10)` bytes in all.
    ///
    /// ```
    /// use matching::{Matcher, Wide};
    /// // 1,000 vertices with 128-bit weights: 16 MB of weights, under 31 MB in all.
    /// let bound = Matcher::<Wide<2>>::memory_bound(1000);
    /// assert!(bound > 16_000_000 && bound < 31_000_000);
    /// ```
    pub fn memory_bound(vertex_count: usize) -> u64 {
        let n = vertex_count as u64;
        let w = std::mem::size_of::<W>() as u64;
        let weights = n * n * w;
        let present = n * n.div_ceil(64) * 8;
        // `changed`: at most n²/2 pairs of u32 (its growth stops there).
        let changed = n * n / 2 * 8;
        // The S-S lists: their budget, plus what one scan or blossom may add before the check
        // that compacts them, plus the scratch lists of a compaction or a merge.
        let lists = (ss_budget(vertex_count) as u64 + 4 * n + 16) * 8 + 2 * (n + 4) * (8 + w);
        // Blossom vertex lists: blossoms nest (each at least two vertices larger than the
        // largest blossom inside it), so their sizes sum to at most 3 + 5 + ... + n, under
        // n²/4 + n; u32 entries, twice for spare capacity. Freed ids keep at most
        // `KEPT_CAPACITY` entries in each of their three lists.
        let members = (n * n / 4 + n) * 4 * 2 + 2 * n * KEPT_CAPACITY as u64 * (4 + 4 + 8);
        // Fixed arrays over 2n blossom ids and n vertices, the search's scratch lists (children
        // and cycle edges of live blossoms, queue, tight edges, freed vertices, resets),
        // generously.
        let per_vertex = n * (1024 + 16 * w);
        weights + present + changed + lists + members + per_vertex + 4096
    }

    /// The heap memory the matcher holds now, in bytes (its lists' capacities), to compare with
    /// [`memory_bound`](Self::memory_bound).
    pub fn heap_bytes(&self) -> u64 {
        fn bytes<T>(v: &Vec<T>) -> u64 {
            (v.capacity() * std::mem::size_of::<T>()) as u64
        }
        fn nested<T>(v: &Vec<Vec<T>>) -> u64 {
            bytes(v) + v.iter().map(bytes).sum::<u64>()
        }
        bytes(&self.weights)
            + bytes(&self.present)
            + bytes(&self.mate)
            + bytes(&self.dual)
            + bytes(&self.parent)
            + nested(&self.children)
            + nested(&self.cycle)
            + bytes(&self.base)
            + nested(&self.members)
            + bytes(&self.top)
            + bytes(&self.unused)
            + bytes(&self.label)
            + bytes(&self.vlabel)
            + bytes(&self.s_bits)
            + bytes(&self.s_row)
            + bytes(&self.tedge)
            + bytes(&self.best_s)
            + bytes(&self.best_slack)
            + bytes(&self.best_ss)
            + bytes(&self.best_ss_slack)
            + nested(&self.ss_list)
            + bytes(&self.has_list)
            + bytes(&self.queue)
            + bytes(&self.unscanned)
            + bytes(&self.tight)
            + bytes(&self.mark)
            + bytes(&self.tree)
            + bytes(&self.tmp_index)
            + bytes(&self.tmp_edges)
            + bytes(&self.tmp_slack)
            + bytes(&self.buf_a)
            + bytes(&self.buf_b)
            + bytes(&self.changed)
            + bytes(&self.suggested)
            + bytes(&self.recheck)
            + bytes(&self.certified)
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.n
    }

    /// Sets (or replaces) the weight of edge `{u, v}`; a zero weight removes the edge.
    ///
    /// # Panics
    /// If `u == v`, a vertex is out of range, or `w` exceeds [`Weight::max_edge_weight`]; see
    /// [`try_set_edge`](Self::try_set_edge) for the non-panicking form.
    pub fn set_edge(&mut self, u: usize, v: usize, w: W) {
        if let Err(e) = self.try_set_edge(u, v, w) {
            panic!("{e}");
        }
    }

    /// Sets (or replaces) the weight of edge `{u, v}`, or says why it cannot.
    pub fn try_set_edge(&mut self, u: usize, v: usize, w: W) -> Result<(), EdgeError> {
        let n = self.n;
        if u == v {
            return Err(EdgeError::SelfLoop(u));
        }
        if u >= n || v >= n {
            return Err(EdgeError::VertexOutOfRange {
                vertex: u.max(v),
                vertex_count: n,
            });
        }
        if w > W::max_edge_weight() {
            return Err(EdgeError::WeightTooLarge(format!(
                "{w:?} > {:?}",
                W::max_edge_weight()
            )));
        }
        let on = !w.is_zero();
        let present = self.present[u * self.words + v / 64] >> (v % 64) & 1 == 1;
        if self.candidates.is_some() && self.solved && !present && self.mate[u] != v as u32 {
            // A left-out edge stays out; the certificate looks at it if it is now heavier. (A
            // matched edge removed and set again since the last solve is taken back in.)
            if w > self.weights[u * n + v] {
                self.recheck[u] = true;
                self.uncertified = true;
            }
            self.weights[v * n + u] = w.clone();
            self.weights[u * n + v] = w;
            return Ok(());
        }
        // Removing an absent edge (most calls when pairs are fixed) needs no weight compare.
        if (!on && !present) || self.weights[u * n + v] == w {
            return Ok(());
        }
        // A lighter (or removed) edge that is neither matched nor inside a blossom only gains
        // slack: the solution stays optimal, and the next solve has nothing to look at.
        let harmless = self.solved
            && w < self.weights[u * n + v]
            && self.mate[u] != v as u32
            && self.top[u] != self.top[v];
        for (x, y) in [(u, v), (v, u)] {
            let word = &mut self.present[x * self.words + y / 64];
            let bit = 1u64 << (y % 64);
            if on {
                *word |= bit;
            } else {
                *word &= !bit;
            }
        }
        self.weights[v * n + u] = w.clone();
        self.weights[u * n + v] = w;
        if self.solved && !harmless {
            let most = n * n / 2;
            if self.changed.len() < most {
                if self.changed.len() == self.changed.capacity() {
                    // Doubling, but never past the most it can hold (see `memory_bound`).
                    let more = self.changed.len().max(16).min(most - self.changed.len());
                    self.changed.reserve_exact(more);
                }
                self.changed.push((u as u32, v as u32));
            } else {
                // So many changes that starting afresh is cheaper.
                self.solved = false;
                self.changed.clear();
            }
        }
        Ok(())
    }

    /// Proposes pairs for the next solve, after edge changes. Each pair is taken into the
    /// matching if duals can make its edge tight while the edges around it stay feasible (the
    /// previous mates are freed); the solve then repairs the rest. The result is optimal
    /// whatever is proposed: a proposal close to the optimum only saves search work, as when
    /// a change of low weight fields moves many pairs in a known way. Ignored before the first
    /// solve; the blossoms around a proposed pair are dissolved before it is tried.
    pub fn suggest(&mut self, pairs: &[(usize, usize)]) {
        if !self.solved {
            return;
        }
        self.suggested.extend(
            pairs
                .iter()
                .filter(|&&(u, v)| u != v && u < self.n && v < self.n)
                .map(|&(u, v)| (u as u32, v as u32)),
        );
    }

    /// After a [`solve`](Self::solve), the slack of edge `{u, v}` under the optimal duals
    /// (doubled scale: `dual[u] + dual[v] - 2w`), when `u` and `v` lie in different top-level
    /// blossoms; `None` before a solve, out of range or inside a common blossom. By
    /// complementary slackness, every matching that contains `{u, v}` weighs at most the
    /// optimum less half this slack, so a caller can rule the edge out of nearly optimal
    /// matchings without solving again. Edges lowered or removed since the solve keep the
    /// bound valid; after any other change there is no bound until the next solve.
    pub fn edge_slack(&self, u: usize, v: usize) -> Option<W> {
        if !self.solved
            || !self.changed.is_empty()
            || self.uncertified
            || u >= self.n
            || v >= self.n
            || u == v
        {
            return None;
        }
        if self.top[u] == self.top[v] {
            return None;
        }
        let mut s = self.dual[u].clone();
        s.add_in_place(&self.dual[v]);
        let w = self.w(u as u32, v as u32);
        for _ in 0..2 {
            if s < *w {
                return None;
            }
            s.sub_in_place(w);
        }
        Some(s)
    }

    /// The vertices joined to `v` by an edge, lowest first: every `u` for which
    /// `set_edge(v, u, zero)` would change the graph. `None` on a candidate graph (see
    /// [`with_candidates`](Self::with_candidates)), whose left-out edges are not listed, or when
    /// `v` is out of range.
    ///
    /// ```
    /// use matching::Matcher;
    /// let mut m = Matcher::<u64>::new(200);
    /// m.set_edge(5, 130, 4);
    /// m.set_edge(5, 2, 7);
    /// m.set_edge(5, 70, 1);
    /// m.set_edge(5, 70, 0);
    /// assert_eq!(m.neighbours(5).unwrap().collect::<Vec<_>>(), vec![2, 130]);
    /// ```
    pub fn neighbours(&self, v: usize) -> Option<impl Iterator<Item = usize> + '_> {
        if self.candidates.is_some() || v >= self.n {
            return None;
        }
        Some(PresentIter::new(
            &self.present[v * self.words..(v + 1) * self.words],
        ))
    }

    /// The weight of edge `{u, v}`, or `None` if there is no such edge.
    pub fn edge(&self, u: usize, v: usize) -> Option<&W> {
        if u >= self.n || v >= self.n {
            return None;
        }
        let w = &self.weights[u * self.n + v];
        (!w.is_zero()).then_some(w)
    }

    /// Computes a maximum-weight matching.
    ///
    /// After a previous `solve`, the previous matching and duals are kept wherever the edge
    /// changes leave them valid: only the vertices at broken edges (and their mates) are
    /// unmatched and given feasible duals again, and the search resumes from there. Each such
    /// vertex then costs about one augmenting-path search (`O(n^2)` on a dense graph) instead of
    /// a full `O(n^3)` solve. Only after about as many changes as there are vertex pairs does
    /// the solve start afresh (measured: even mass changes of low weight fields repair faster).
    pub fn solve(&mut self) {
        self.stats.solves += 1;
        loop {
            if self.solved {
                self.prepare_resolve();
            } else {
                self.stats.scratch_solves += 1;
                self.init_scratch();
            }
            self.changed.clear();
            self.run();
            self.solved = true;
            if self.candidates.is_none() || self.certify() {
                break;
            }
            self.stats.certificate_repairs += 1;
        }
        debug_assert!(self.mate_is_consistent());
        debug_assert!((0..self.n).all(|v| self.vlabel[v] == self.label[self.top[v] as usize]));
        if cfg!(debug_assertions) && verify_every_solve() {
            if let Err(e) = self.check_optimality() {
                panic!("matching: solve {} is not optimal: {e}", self.stats.solves);
            }
        }
    }

    /// The mate of `v` after [`solve`](Self::solve), `None` if unmatched (or out of range).
    pub fn mate(&self, v: usize) -> Option<usize> {
        match self.mate.get(v) {
            Some(&m) if m != NONE => Some(m as usize),
            _ => None,
        }
    }

    /// Work counters since creation.
    pub fn stats(&self) -> &SolveStats {
        &self.stats
    }

    /// The mate of every vertex.
    pub fn mates(&self) -> Vec<Option<usize>> {
        (0..self.n).map(|v| self.mate(v)).collect()
    }

    // ----- setup ---------------------------------------------------------------------------

    fn reset_structure(&mut self) {
        let n = self.n;
        for b in 0..2 * n {
            self.parent[b] = NONE;
            self.children[b].clear();
            self.cycle[b].clear();
            self.members[b].clear();
            self.release_lists(b);
            self.base[b] = if b < n { b as u32 } else { NONE };
            self.label[b] = Label::Free;
            self.dual[b] = W::default();
        }
        for v in 0..n {
            self.top[v] = v as u32;
            self.mate[v] = NONE;
            self.set_vlabel(v, Label::Free);
        }
        // Pop order gives the lowest id first.
        self.unused = (n as u32..2 * n as u32).rev().collect();
        self.id_end = n;
    }

    fn init_scratch(&mut self) {
        self.reset_structure();
        self.suggested.clear();
        if let Some(k) = self.candidates {
            self.select_candidates(k);
        }
        let n = self.n;
        let hub = self.hubs();
        // Each other vertex starts at its heaviest edge to a non-hub, which covers every edge
        // between non-hubs (du + dv >= 2w); each hub starts at its heaviest edge, feasible
        // whatever the others hold, and is then lowered to its least feasible dual, which
        // covers its own edges. Without this, a vertex whose edges outweigh the rest (a player
        // moved down into a bracket) lifts every dual to its edge, and the greedy start below
        // finds no tight edge but to it.
        for v in 0..n {
            let row = &self.weights[v * n..(v + 1) * n];
            self.dual[v] = if self.candidates.is_some() {
                // The candidate graph's edges only: the certificate covers the others.
                PresentIter::new(&self.present[v * self.words..(v + 1) * self.words])
                    .filter(|&u| hub[v] || !hub[u])
                    .map(|u| &row[u])
                    .max()
                    .cloned()
                    .unwrap_or_default()
            } else if hub[v] {
                row.iter().max().cloned().unwrap_or_default()
            } else {
                row.iter()
                    .zip(&hub)
                    .filter(|(_, &h)| !h)
                    .map(|(w, _)| w)
                    .max()
                    .cloned()
                    .unwrap_or_default()
            };
        }
        let hubs: Vec<u32> = (0..n as u32).filter(|&v| hub[v as usize]).collect();
        for &h in &hubs {
            self.dual[h as usize] = self.least_feasible_dual(h);
        }
        let order: Vec<u32> = hubs
            .iter()
            .copied()
            .chain((0..n as u32).filter(|&v| !hub[v as usize]))
            .collect();
        self.stats.hubs += hubs.len() as u64;
        self.tighten_and_match(&order);
    }

    /// Vertices that are the single heaviest neighbour of at least two others (looking only at
    /// non-hubs, a few rounds, so that a hub's neighbours can reveal the next one). At most one
    /// of those others can be matched to it, so their duals are better set without its edges.
    fn hubs(&self) -> Vec<bool> {
        let n = self.n;
        let mut hub = vec![false; n];
        let mut chosen = vec![0u32; n];
        for _ in 0..HUB_ROUNDS {
            chosen.iter_mut().for_each(|c| *c = 0);
            for v in (0..n).filter(|&v| !hub[v]) {
                let row = &self.weights[v * n..(v + 1) * n];
                let mut best: Option<(usize, &W)> = None;
                let mut unique = false;
                for u in PresentIter::new(&self.present[v * self.words..(v + 1) * self.words]) {
                    if hub[u] {
                        continue;
                    }
                    match best {
                        Some((_, w)) if row[u] < *w => {}
                        Some((_, w)) if row[u] == *w => unique = false,
                        _ => {
                            best = Some((u, &row[u]));
                            unique = true;
                        }
                    }
                }
                if let (Some((u, _)), true) = (best, unique) {
                    chosen[u] += 1;
                }
            }
            let mut more = false;
            for u in 0..n {
                if chosen[u] >= 2 && !hub[u] {
                    hub[u] = true;
                    more = true;
                }
            }
            if !more {
                break;
            }
        }
        hub
    }

    /// Lowers the dual of each free trivial vertex of `vertices` in turn to the least feasible
    /// value, and matches it with a free trivial vertex it then has a tight edge with. Every
    /// dual must be feasible already. Duals stay feasible and matched edges tight, as the
    /// search needs, and fewer vertices are left for the search to match.
    fn tighten_and_match(&mut self, vertices: &[u32]) {
        let n = self.n;
        let words = self.words;
        for &f in vertices {
            let fi = f as usize;
            if self.mate[fi] != NONE || self.top[fi] != f {
                continue;
            }
            self.dual[fi] = self.least_feasible_dual(f);
            if self.dual[fi].is_zero() {
                continue;
            }
            let row = &self.weights[fi * n..(fi + 1) * n];
            let partner =
                PresentIter::new(&self.present[fi * words..(fi + 1) * words]).find(|&u| {
                    self.mate[u] == NONE
                        && self.top[u] as usize == u
                        && edge_slack(&self.dual[fi], &self.dual[u], &row[u]).is_zero()
                });
            if let Some(u) = partner {
                self.mate[fi] = u as u32;
                self.mate[u] = f;
            }
        }
    }

    /// Repairs the previous optimal solution after edge changes, keeping what is still valid.
    ///
    /// An edge change breaks nothing if the edge is not matched, not inside a blossom and still
    /// has non-negative slack. Otherwise one endpoint is reset: the blossoms containing it are
    /// dissolved (their duals moved onto their vertices, which keeps every slack non-negative;
    /// a dissolved blossom's base loses its now non-tight matched edge), it and its mate are
    /// unmatched, and each vertex left free gets the least dual that keeps its edges feasible.
    fn prepare_resolve(&mut self) {
        let n = self.n;
        let changed = std::mem::take(&mut self.changed);
        let mut freed = Vec::new();
        for (u, v) in std::mem::take(&mut self.suggested) {
            self.take_suggestion(u, v, &mut freed);
        }
        let mut changed = changed;
        let mut count = vec![0u32; n];
        // The broken edges are kept at the front of `changed` (`pending` of them), in order,
        // rather than in a second list as long as `changed`.
        let mut pending = 0usize;
        // Pairs whose retightening failed: not tried again for their other edges (each try is
        // two row passes, and a mass change touches every edge of a vertex).
        let mut failed = vec![false; n];
        for i in 0..changed.len() {
            let (u, v) = changed[i];
            // Dual changes at matched ends first: they keep the matching as it is.
            for x in [u, v] {
                let m = self.mate[x as usize];
                if m != NONE
                    && !failed[x as usize]
                    && self.edge_broken(u, v)
                    && !self.retighten(x, m)
                {
                    failed[x as usize] = true;
                    failed[m as usize] = true;
                }
            }
            if self.edge_broken(u, v) {
                count[u as usize] += 1;
                count[v as usize] += 1;
                changed[pending] = (u, v);
                pending += 1;
            }
        }
        let mut reset = vec![false; n];
        for &(u, v) in &changed[..pending] {
            if reset[u as usize] || reset[v as usize] || !self.edge_broken(u, v) {
                continue;
            }
            // The endpoint with more broken edges, to reset few vertices.
            let x = if count[v as usize] > count[u as usize] {
                v
            } else {
                u
            };
            reset[x as usize] = true;
            self.stats.reset_vertices += 1;
            self.reset_vertex(x, &mut freed);
        }
        // Free vertices must be trivial blossoms before their duals can be lowered; a free
        // vertex is the base of every blossom around it, so dissolving those frees nobody else.
        for &f in &freed {
            while self.is_blossom(self.top[f as usize]) {
                self.dissolve(self.top[f as usize], &mut Vec::new());
            }
        }
        // First every freed dual is made feasible (a changed edge may need more); only then
        // are freed vertices safe partners for each other.
        for &f in &freed {
            if self.mate[f as usize] == NONE {
                self.dual[f as usize] = self.least_feasible_dual(f);
            }
        }
        self.tighten_and_match(&freed);
        // One parity for all roots lets their trees grow in the same phase and meet halfway.
        // Raising a free trivial vertex's dual by one keeps every slack non-negative.
        let one = W::one();
        let mut parity = None;
        for &f in &freed {
            let fi = f as usize;
            if self.mate[fi] != NONE || self.dual[fi].is_zero() {
                continue;
            }
            match parity {
                None => parity = Some(self.dual[fi].is_odd()),
                Some(p) if p != self.dual[fi].is_odd() => self.dual[fi].add_in_place(&one),
                _ => {}
            }
        }
        self.changed = changed;
    }

    /// Whether the changed edge `{u, v}` invalidates the current solution.
    fn edge_broken(&self, u: u32, v: u32) -> bool {
        let w = self.w(u, v);
        let matched = self.mate[u as usize] == v;
        if self.top[u as usize] == self.top[v as usize] {
            // Inside a blossom: it may be one of the cycle's tight edges.
            return true;
        }
        if w.is_zero() {
            return matched;
        }
        match self.checked_slack(u, v) {
            None => true,
            Some(s) => matched && !s.is_zero(),
        }
    }

    /// Slack of an edge between different top-level blossoms, `None` if negative.
    fn checked_slack(&self, u: u32, v: u32) -> Option<W> {
        let w = self.w(u, v);
        let mut s = self.dual[u as usize].clone();
        s.add_in_place(&self.dual[v as usize]);
        if s < *w {
            return None;
        }
        s.sub_in_place(w);
        if s < *w {
            return None;
        }
        s.sub_in_place(w);
        Some(s)
    }

    /// Dissolves the blossoms around `x` and unmatches it; every vertex left free is pushed.
    fn reset_vertex(&mut self, x: u32, freed: &mut Vec<u32>) {
        while self.is_blossom(self.top[x as usize]) {
            self.dissolve(self.top[x as usize], freed);
        }
        let m = self.mate[x as usize];
        if m != NONE {
            self.mate[m as usize] = NONE;
            self.mate[x as usize] = NONE;
            freed.push(m);
        }
        freed.push(x);
    }

    /// Dissolves top-level blossom `b`, moving its dual onto its vertices. If that leaves the
    /// base's matched edge non-tight, the base and its mate are unmatched and pushed to `freed`.
    fn dissolve(&mut self, b: u32, freed: &mut Vec<u32>) {
        let bi = b as usize;
        let z = std::mem::take(&mut self.dual[bi]);
        if !z.is_zero() {
            for v in self.leaves(b) {
                self.dual[v as usize].add_in_place(&z);
            }
            let base = self.base[bi];
            let m = self.mate[base as usize];
            if m != NONE {
                self.mate[base as usize] = NONE;
                self.mate[m as usize] = NONE;
                freed.push(base);
                freed.push(m);
            }
        }
        self.label[bi] = Label::Free;
        self.expand(b, false);
    }

    /// Matches `u` with `v` if duals can make their edge tight (see [`Self::retighten`]),
    /// after dissolving the blossoms around them; vertices left free are pushed to `freed`.
    fn take_suggestion(&mut self, u: u32, v: u32, freed: &mut Vec<u32>) {
        let (ui, vi) = (u as usize, v as usize);
        if self.mate[ui] == v || self.w(u, v).is_zero() {
            return;
        }
        for x in [ui, vi] {
            while self.is_blossom(self.top[x]) {
                self.dissolve(self.top[x], freed);
            }
        }
        let left_out = !self.is_present(ui, vi);
        if left_out {
            // Taken into the graph while it is tried; left out again if it cannot be matched.
            self.set_present(ui, vi, true);
        }
        let old = [self.mate[ui], self.mate[vi]];
        self.mate[ui] = v;
        self.mate[vi] = u;
        if self.retighten(u, v) {
            self.stats.suggestions_taken += 1;
            for m in old {
                if m != NONE {
                    self.mate[m as usize] = NONE;
                    freed.push(m);
                }
            }
        } else {
            self.mate[ui] = old[0];
            self.mate[vi] = old[1];
            if left_out {
                self.set_present(ui, vi, false);
            }
        }
    }

    /// Keeps the matched edge `{u, v}` if new duals of its two ends can make it tight while
    /// every other edge at them is feasible: each end takes its least feasible dual without
    /// the other, and the edge's need above that is shared. Returns whether it could. A change
    /// of low weight fields over many edges then costs two row passes per matched edge instead
    /// of an augmenting-path search per vertex.
    fn retighten(&mut self, u: u32, v: u32) -> bool {
        let (ui, vi) = (u as usize, v as usize);
        if self.top[ui] != u || self.top[vi] != v || self.w(u, v).is_zero() {
            return false;
        }
        let low_u = self.least_feasible_dual_except(u, v);
        let low_v = self.least_feasible_dual_except(v, u);
        let mut need = self.w(u, v).clone();
        need.add_in_place(self.w(u, v));
        let mut both = low_u.clone();
        both.add_in_place(&low_v);
        if both > need {
            return false;
        }
        let mut share = need.clone();
        share.sub_in_place(&both);
        share.halve_in_place();
        let mut du = low_u;
        du.add_in_place(&share);
        need.sub_in_place(&du);
        self.dual[ui] = du;
        self.dual[vi] = need;
        true
    }

    /// The least dual for trivial vertex `f` that keeps all its edges' slacks non-negative.
    fn least_feasible_dual(&self, f: u32) -> W {
        self.least_feasible_dual_except(f, NONE)
    }

    /// As [`Self::least_feasible_dual`], leaving out the edge to `skip`.
    fn least_feasible_dual_except(&self, f: u32, skip: u32) -> W {
        let n = self.n;
        let row = &self.weights[f as usize * n..(f as usize + 1) * n];
        let mut best = W::default();
        let mut consider = |u: usize, w: &W| {
            // Needed: dual[f] >= 2w - dual[u].
            let mut need = w.clone();
            need.add_in_place(w);
            let du = &self.dual[u];
            if need > *du {
                need.sub_in_place(du);
                if need > best {
                    best = need;
                }
            }
        };
        // The edges by their presence bits, so that a sparse row costs its edges rather than
        // `n` weights. On a candidate graph these are the candidate graph's edges only: a
        // left-out edge this leaves with a negative slack is found by the certificate (the
        // dual fell), which takes it in.
        let words = self.words;
        let present = &self.present[f as usize * words..(f as usize + 1) * words];
        for u in PresentIter::new(present) {
            if u as u32 != skip {
                consider(u, &row[u]);
            }
        }
        best
    }

    // ----- the candidate graph -------------------------------------------------------------

    fn is_present(&self, u: usize, v: usize) -> bool {
        self.present[u * self.words + v / 64] >> (v % 64) & 1 == 1
    }

    fn set_present(&mut self, u: usize, v: usize, on: bool) {
        for (x, y) in [(u, v), (v, u)] {
            let word = &mut self.present[x * self.words + y / 64];
            let bit = 1u64 << (y % 64);
            if on {
                *word |= bit;
            } else {
                *word &= !bit;
            }
        }
    }

    /// Keeps in the graph each vertex's `k` heaviest edges (ties broken by the lower vertex
    /// number), and every edge to it that another vertex keeps. Every row is checked by the
    /// certificate after the first search.
    fn select_candidates(&mut self, k: usize) {
        let n = self.n;
        self.present.iter_mut().for_each(|w| *w = 0);
        let mut row_edges: Vec<u32> = Vec::new();
        for u in 0..n {
            let row = &self.weights[u * n..(u + 1) * n];
            row_edges.clear();
            row_edges.extend((0..n as u32).filter(|&v| !row[v as usize].is_zero()));
            if row_edges.len() > k {
                row_edges.select_nth_unstable_by(k - 1, |&a, &b| {
                    row[b as usize].cmp(&row[a as usize]).then(a.cmp(&b))
                });
                row_edges.truncate(k);
            }
            for &v in &row_edges {
                self.set_present(u, v as usize, true);
            }
        }
        self.recheck.iter_mut().for_each(|r| *r = true);
        self.uncertified = true;
    }

    /// Sum of the duals of the blossoms that contain both `u` and `v`.
    fn common_blossom_dual(&self, u: u32, v: u32) -> W {
        let mut above_u = Vec::new();
        let mut b = self.parent[u as usize];
        while b != NONE {
            above_u.push(b);
            b = self.parent[b as usize];
        }
        let mut z = W::default();
        let mut b = self.parent[v as usize];
        while b != NONE {
            if above_u.contains(&b) {
                z.add_in_place(&self.dual[b as usize]);
            }
            b = self.parent[b as usize];
        }
        z
    }

    /// The certificate over the left-out edges: every one must have a non-negative slack under
    /// the current duals. Only the rows of vertices whose dual fell since it last held, or one
    /// of whose left-out edges was raised, can hold one that does not. Each edge found with a
    /// negative slack is taken into the graph (as a changed edge, for the next search); one
    /// whose slack is made up by the blossoms around both ends is taken in as it is. Returns
    /// whether the certificate holds: then the matching is optimal on the whole graph.
    fn certify(&mut self) -> bool {
        let n = self.n;
        let words = self.words;
        let mut broken: Vec<(u32, u32)> = Vec::new();
        let mut covered: Vec<(u32, u32)> = Vec::new();
        for u in 0..n {
            if !self.recheck[u] && self.dual[u] >= self.certified[u] {
                continue;
            }
            self.stats.certificate_rows += 1;
            let row = &self.weights[u * n..(u + 1) * n];
            let present = &self.present[u * words..(u + 1) * words];
            let du = &self.dual[u];
            for (v, w) in row.iter().enumerate() {
                if v == u || w.is_zero() || present[v / 64] >> (v % 64) & 1 == 1 {
                    continue;
                }
                // du + dv >= 2w, without going negative.
                let mut lhs = du.clone();
                lhs.add_in_place(&self.dual[v]);
                let mut two_w = w.clone();
                two_w.add_in_place(w);
                if lhs >= two_w {
                    continue;
                }
                if self.top[u] == self.top[v] {
                    let mut z = self.common_blossom_dual(u as u32, v as u32);
                    let z2 = z.clone();
                    z.add_in_place(&z2);
                    lhs.add_in_place(&z);
                    if lhs >= two_w {
                        covered.push((u as u32, v as u32));
                        continue;
                    }
                }
                broken.push((u as u32, v as u32));
            }
        }
        for &(u, v) in covered.iter().chain(&broken) {
            self.set_present(u as usize, v as usize, true);
        }
        self.stats.edges_added += (covered.len() + broken.len()) as u64;
        if broken.is_empty() {
            self.certified.clone_from_slice(&self.dual[..n]);
            self.recheck.iter_mut().for_each(|r| *r = false);
            self.uncertified = false;
            return true;
        }
        self.changed = broken;
        false
    }

    // ----- small helpers -------------------------------------------------------------------

    #[inline]
    fn w(&self, u: u32, v: u32) -> &W {
        &self.weights[u as usize * self.n + v as usize]
    }

    /// Slack of an edge between different top-level blossoms (no `z` term applies).
    #[inline]
    fn slack(&self, u: u32, v: u32) -> W {
        edge_slack(&self.dual[u as usize], &self.dual[v as usize], self.w(u, v))
    }

    fn is_blossom(&self, b: u32) -> bool {
        b as usize >= self.n
    }

    /// Appends the vertices of blossom `b` to `out`.
    fn leaves_into(&self, b: u32, out: &mut Vec<u32>) {
        if self.is_blossom(b) {
            out.extend_from_slice(&self.members[b as usize]);
        } else {
            out.push(b);
        }
    }

    /// Sets the label of top-level blossom `b`, and of its vertices.
    fn relabel(&mut self, b: u32, label: Label) {
        self.label[b as usize] = label;
        if label == Label::S && !self.has_list[b as usize] {
            // Its scans will record its edges to other S-blossoms here.
            self.has_list[b as usize] = true;
            self.ss_list[b as usize].clear();
        }
        if self.is_blossom(b) {
            for i in 0..self.members[b as usize].len() {
                let v = self.members[b as usize][i];
                self.set_vlabel(v as usize, label);
            }
        } else {
            self.set_vlabel(b as usize, label);
        }
    }

    #[inline]
    fn set_vlabel(&mut self, v: usize, label: Label) {
        self.vlabel[v] = label;
        let bit = 1u64 << (v % 64);
        if label == Label::S {
            self.s_bits[v / 64] |= bit;
        } else {
            self.s_bits[v / 64] &= !bit;
        }
    }

    fn leaves(&self, b: u32) -> Vec<u32> {
        let mut out = Vec::new();
        self.leaves_into(b, &mut out);
        out
    }

    fn set_top(&mut self, b: u32) {
        if self.is_blossom(b) {
            for i in 0..self.members[b as usize].len() {
                let v = self.members[b as usize][i];
                self.top[v as usize] = b;
            }
        } else {
            self.top[b as usize] = b;
        }
    }

    /// Top-level blossom ids: trivial ones and nontrivial ones in use.
    fn is_top_level(&self, b: usize) -> bool {
        if b < self.n {
            self.top[b] as usize == b
        } else {
            self.parent[b] == NONE && self.base[b] != NONE
        }
    }

    // ----- the search ----------------------------------------------------------------------

    /// Runs phases until no free vertex has a positive dual.
    fn run(&mut self) {
        while let Some(parity) = (0..self.n)
            .find(|&v| self.mate[v] == NONE && !self.dual[v].is_zero())
            .map(|v| self.dual[v].is_odd())
        {
            self.start_phase(parity);
            self.search();
            self.end_phase();
        }
    }

    fn start_phase(&mut self, parity: bool) {
        self.stats.phases += 1;
        let n = self.n;
        for b in 0..self.id_end {
            self.label[b] = Label::Free;
            self.best_ss[b] = (NONE, NONE);
            self.has_list[b] = false;
            self.ss_list[b].clear();
        }
        for v in 0..n {
            self.best_s[v] = NONE;
            self.unscanned[v] = false;
            self.set_vlabel(v, Label::Free);
        }
        self.queue.clear();
        self.live_trees = 0;
        for v in 0..n {
            if self.mate[v] == NONE && !self.dual[v].is_zero() && self.dual[v].is_odd() == parity {
                let b = self.top[v];
                debug_assert_eq!(self.base[b as usize], v as u32);
                self.relabel(b, Label::S);
                self.tree[b as usize] = v as u32;
                self.live_trees += 1;
                self.push_leaves(b);
                if self.live_trees == MAX_TREES {
                    break;
                }
            }
        }
    }

    fn push_leaves(&mut self, b: u32) {
        let mut q = std::mem::take(&mut self.queue);
        let from = q.len();
        self.leaves_into(b, &mut q);
        for &v in &q[from..] {
            self.unscanned[v as usize] = true;
        }
        self.queue = q;
    }

    /// Grows the forest until every tree has ended.
    fn search(&mut self) {
        while self.live_trees > 0 {
            while let Some(u) = self.queue.pop() {
                self.scan(u);
                if self.live_trees == 0 {
                    return;
                }
            }
            self.dual_step();
        }
    }

    /// Looks at every edge of the S-vertex `u`.
    fn scan(&mut self, u: u32) {
        self.stats.row_scans += 1;
        let n = self.n;
        let ui = u as usize;
        self.unscanned[ui] = false;
        let bu = self.top[ui];
        let bi = bu as usize;
        // Duals do not change during the pass; tight edges are handled after it, as they may
        // change labels and blossoms.
        let du = self.dual[ui].clone();
        // The pushes below may at most add the list's capacity plus two entries per vertex
        // (doubling): compact first if that could pass the budget.
        if self.has_list[bi]
            && self.ss_capacity + self.ss_list[bi].capacity() + 2 * n > ss_budget(n)
        {
            self.compact_ss_lists();
        }
        let capacity_before = self.ss_list[bi].capacity();
        let mut tight = std::mem::take(&mut self.tight);
        tight.clear();
        let mut ss_best = self.best_ss[bi];
        let mut ss_slack = self.best_ss_slack[bi].clone();
        {
            let row = &self.weights[ui * n..ui * n + n];
            let dual = &self.dual[..n];
            let top = &self.top[..n];
            let vlabel = &self.vlabel[..n];
            let best_s = &mut self.best_s[..n];
            let best_slack = &mut self.best_slack[..n];
            let mut list = if self.has_list[bi] {
                Some(&mut self.ss_list[bi])
            } else {
                None
            };
            let words = self.words;
            for v in PresentIter::new(&self.present[ui * words..(ui + 1) * words]) {
                if top[v] == bu {
                    continue;
                }
                let w = &row[v];
                let slack = edge_slack(&du, &dual[v], w);
                let lv = vlabel[v];
                if slack.is_zero() {
                    if lv == Label::T {
                        // Kept for when the T-blossom expands.
                        best_s[v] = u;
                        best_slack[v] = slack;
                    } else {
                        if lv == Label::S {
                            // Also recorded as an S-S edge: if the trees end before it is
                            // handled, `end_trees` still sees its slack.
                            if let Some(list) = list.as_mut() {
                                list.push((u, v as u32));
                            }
                            if ss_best.0 == NONE || slack < ss_slack {
                                ss_best = (u, v as u32);
                                ss_slack = slack.clone();
                            }
                        }
                        tight.push(v as u32);
                    }
                } else if lv == Label::S {
                    if let Some(list) = list.as_mut() {
                        list.push((u, v as u32));
                    }
                    if ss_best.0 == NONE || slack < ss_slack {
                        ss_best = (u, v as u32);
                        ss_slack = slack;
                    }
                } else if best_s[v] == NONE || slack < best_slack[v] {
                    best_s[v] = u;
                    best_slack[v] = slack;
                }
            }
        }
        self.best_ss[bi] = ss_best;
        self.best_ss_slack[bi] = ss_slack;
        self.ss_capacity = self.ss_capacity + self.ss_list[bi].capacity() - capacity_before;
        for &v in &tight {
            if !self.is_s_vertex(u) {
                break;
            }
            if self.top[ui] != self.top[v as usize] {
                self.tight_edge(u, v);
            }
        }
        self.tight = tight;
    }

    /// Handles the tight edge `{u, v}`, `u` an S-vertex, `v` in another top-level blossom: grows
    /// the tree, shrinks a blossom, or augments (ending the trees involved).
    fn tight_edge(&mut self, u: u32, v: u32) {
        let bv = self.top[v as usize];
        let bu = self.top[u as usize];
        match self.label[bv as usize] {
            Label::T => {
                // Kept for when the T-blossom expands.
                self.best_s[v as usize] = u;
                self.best_slack[v as usize] = W::default();
            }
            Label::Free => {
                let m = self.mate[self.base[bv as usize] as usize];
                let tu = self.tree[bu as usize];
                if m == NONE {
                    self.augment(u, v);
                    self.end_trees(&[tu]);
                    return;
                }
                self.relabel(bv, Label::T);
                self.tedge[bv as usize] = (u, v);
                self.tree[bv as usize] = tu;
                let bm = self.top[m as usize];
                debug_assert_eq!(self.label[bm as usize], Label::Free);
                self.relabel(bm, Label::S);
                self.tree[bm as usize] = tu;
                self.push_leaves(bm);
            }
            Label::S => {
                let (tu, tv) = (self.tree[bu as usize], self.tree[bv as usize]);
                if tu == tv {
                    let Some(a) = self.common_ancestor(bu, bv) else {
                        unreachable!("S-blossoms of one tree without a common ancestor");
                    };
                    self.add_blossom(a, u, v);
                } else {
                    self.augment(u, v);
                    self.end_trees(&[tu, tv]);
                }
            }
        }
    }

    /// The S-blossom above S-blossom `b` in its tree, or `NONE` at a root.
    fn up(&self, b: u32) -> u32 {
        let m = self.mate[self.base[b as usize] as usize];
        if m == NONE {
            return NONE;
        }
        let bt = self.top[m as usize];
        self.top[self.tedge[bt as usize].0 as usize]
    }

    /// The nearest common S-ancestor of two S-blossoms (`None` only across trees).
    fn common_ancestor(&mut self, a: u32, b: u32) -> Option<u32> {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
        let (mut x, mut y) = (a, b);
        while x != NONE || y != NONE {
            if x != NONE {
                if self.mark[x as usize] == self.stamp {
                    return Some(x);
                }
                self.mark[x as usize] = self.stamp;
                x = self.up(x);
            }
            std::mem::swap(&mut x, &mut y);
        }
        None
    }

    /// Shrinks the odd cycle closed by the S-S edge `{u, v}` through ancestor `a` into a blossom.
    fn add_blossom(&mut self, a: u32, u: u32, v: u32) {
        let Some(id) = self.unused.pop() else {
            unreachable!("more than n/2 nontrivial blossoms");
        };
        self.id_end = self.id_end.max(id as usize + 1);
        let path_u = self.tree_path(self.top[u as usize], a);
        let path_v = self.tree_path(self.top[v as usize], a);
        let mut children = std::mem::take(&mut self.children[id as usize]);
        let mut cycle = std::mem::take(&mut self.cycle[id as usize]);
        children.clear();
        cycle.clear();
        children.push(a);
        for &(c, (x, y)) in path_u.iter().rev() {
            children.push(c);
            cycle.push((y, x));
        }
        cycle.push((u, v));
        for &(c, e) in &path_v {
            children.push(c);
            cycle.push(e);
        }
        // `path_v`'s edges lead upwards, so its last edge closes the cycle at `a`.
        debug_assert_eq!(children.len(), cycle.len());
        debug_assert!(children.len() % 2 == 1);
        let idu = id as usize;
        self.base[idu] = self.base[a as usize];
        self.dual[idu] = W::default();
        self.label[idu] = Label::S;
        let mut members = std::mem::take(&mut self.members[idu]);
        members.clear();
        for &c in &children {
            self.parent[c as usize] = id;
            self.leaves_into(c, &mut members);
        }
        self.members[idu] = members;
        self.children[idu] = children;
        self.cycle[idu] = cycle;
        self.set_top(id);
        // Former T-blossoms are now S: their vertices need scanning.
        let n_children = self.children[idu].len();
        for i in 0..n_children {
            let c = self.children[idu][i];
            if self.label[c as usize] == Label::T {
                self.push_leaves(c);
            }
        }
        self.build_ss_list(id);
        for i in 0..n_children {
            let c = self.children[idu][i];
            self.label[c as usize] = Label::Free;
        }
        self.relabel(id, Label::S);
        self.tree[idu] = self.tree[a as usize];
    }

    /// Tree path from S-blossom `from` up to S-blossom `to` (excluded): each blossom with the
    /// edge `(x in it, y in the next one up)`.
    fn tree_path(&self, from: u32, to: u32) -> Vec<(u32, (u32, u32))> {
        let mut out = Vec::new();
        let mut b = from;
        while b != to {
            let bs = self.base[b as usize];
            let t = self.mate[bs as usize];
            let bt = self.top[t as usize];
            out.push((b, (bs, t)));
            let (s, tt) = self.tedge[bt as usize];
            out.push((bt, (tt, s)));
            b = self.top[s as usize];
        }
        out
    }

    /// Collects the least-slack edges from the new S-blossom `id` to every other S-blossom by
    /// merging its S children's lists. Children that were T are skipped: their vertices are
    /// queued, and scanning them records their edges in this list.
    fn build_ss_list(&mut self, id: u32) {
        let children = std::mem::take(&mut self.children[id as usize]);
        let mut touched = std::mem::take(&mut self.buf_a);
        touched.clear();
        self.tmp_edges.clear();
        self.tmp_slack.clear();
        for &c in &children {
            let ci = c as usize;
            if self.has_list[ci] {
                let list = std::mem::take(&mut self.ss_list[ci]);
                for &(x, y) in &list {
                    self.consider_ss(id, x, y, &mut touched);
                }
                self.ss_list[ci] = list;
                self.ss_list[ci].clear();
                self.has_list[ci] = false;
            } else {
                debug_assert_eq!(self.label[ci], Label::T, "S-blossom without a list");
            }
            self.best_ss[ci] = (NONE, NONE);
        }
        self.children[id as usize] = children;
        let mut list = std::mem::take(&mut self.ss_list[id as usize]);
        let capacity_before = list.capacity();
        list.clear();
        let mut best: Option<usize> = None;
        for &b in &touched {
            let k = self.tmp_index[b as usize] as usize;
            self.tmp_index[b as usize] = NONE;
            list.push(self.tmp_edges[k]);
            if best.is_none_or(|j| self.tmp_slack[k] < self.tmp_slack[j]) {
                best = Some(k);
            }
        }
        match best {
            Some(k) => {
                self.best_ss[id as usize] = self.tmp_edges[k];
                self.best_ss_slack[id as usize] = self.tmp_slack[k].clone();
            }
            None => self.best_ss[id as usize] = (NONE, NONE),
        }
        self.ss_capacity = self.ss_capacity + list.capacity() - capacity_before;
        self.ss_list[id as usize] = list;
        self.has_list[id as usize] = true;
        self.buf_a = touched;
        if self.ss_capacity > ss_budget(self.n) {
            self.compact_ss_lists();
        }
    }

    /// Shrinks the lists of edges between S-blossoms: a list that is not in use (its blossom is
    /// not a top-level S-blossom) is freed, and a list in use keeps, per other S-blossom, its
    /// first least-slack edge, in list order, as `build_ss_list` does for a new blossom. Edges
    /// between two S-blossoms all lose slack alike as duals change, so the least one per
    /// neighbour is all the search reads (`recompute_best_ss` picks the same edge). Afterwards
    /// the lists hold at most one edge per ordered pair of top-level S-blossoms, of which there
    /// are at most `(n + MAX_TREES) / 2` (every S-blossom but a root is matched to a
    /// T-blossom).
    fn compact_ss_lists(&mut self) {
        self.stats.list_compactions += 1;
        let mut total = 0usize;
        let mut touched = std::mem::take(&mut self.buf_a);
        for b in 0..self.ss_list.len() {
            if !self.has_list[b] {
                self.ss_list[b] = Vec::new();
                continue;
            }
            let mut list = std::mem::take(&mut self.ss_list[b]);
            touched.clear();
            self.tmp_edges.clear();
            self.tmp_slack.clear();
            for &(x, y) in &list {
                let by = self.top[y as usize];
                if by as usize == b || self.label[by as usize] != Label::S {
                    continue;
                }
                let slack = self.slack(x, y);
                let k = self.tmp_index[by as usize];
                if k == NONE {
                    self.tmp_index[by as usize] = self.tmp_edges.len() as u32;
                    self.tmp_edges.push((x, y));
                    self.tmp_slack.push(slack);
                    touched.push(by);
                } else if slack < self.tmp_slack[k as usize] {
                    self.tmp_edges[k as usize] = (x, y);
                    self.tmp_slack[k as usize] = slack;
                }
            }
            // `touched` is in order of each neighbour's first entry; the kept edge of each is
            // written at that place, which keeps the first least-slack edge overall first.
            list.clear();
            for &by in &touched {
                let k = self.tmp_index[by as usize] as usize;
                self.tmp_index[by as usize] = NONE;
                list.push(self.tmp_edges[k]);
            }
            list.shrink_to_fit();
            total += list.capacity();
            self.ss_list[b] = list;
        }
        self.buf_a = touched;
        self.ss_capacity = total;
    }

    fn consider_ss(&mut self, id: u32, x: u32, y: u32, touched: &mut Vec<u32>) {
        let by = self.top[y as usize];
        if by == id || self.label[by as usize] != Label::S {
            return;
        }
        let slack = self.slack(x, y);
        let k = self.tmp_index[by as usize];
        if k == NONE {
            self.tmp_index[by as usize] = self.tmp_edges.len() as u32;
            self.tmp_edges.push((x, y));
            self.tmp_slack.push(slack);
            touched.push(by);
        } else if slack < self.tmp_slack[k as usize] {
            self.tmp_edges[k as usize] = (x, y);
            self.tmp_slack[k as usize] = slack;
        }
    }

    /// Augments along the path through the tight edge `{u, v}`.
    fn augment(&mut self, u: u32, v: u32) {
        self.stats.augmentations += 1;
        self.flip_path(u, v);
        self.flip_path(v, u);
    }

    /// Flips the alternating path from vertex `x` up to its root, then matches `x` to
    /// `new_mate` (`NONE`: `x` becomes free). `x` is in an S-blossom or a free unlabeled one.
    fn flip_path(&mut self, x: u32, new_mate: u32) {
        let (mut x, mut nm) = (x, new_mate);
        loop {
            let bx = self.top[x as usize];
            let old = self.mate[self.base[bx as usize] as usize];
            self.rotate(bx, x);
            self.mate[x as usize] = nm;
            if old == NONE {
                return;
            }
            let bt = self.top[old as usize];
            let (s, t) = self.tedge[bt as usize];
            self.rotate(bt, t);
            self.mate[t as usize] = s;
            x = s;
            nm = t;
        }
    }

    /// Makes vertex `v` the base of blossom `b` by flipping the matching along the even side
    /// of each cycle on the way down. The caller sets `mate[v]`.
    fn rotate(&mut self, b: u32, v: u32) {
        if !self.is_blossom(b) {
            return;
        }
        let mut c = v;
        while self.parent[c as usize] != b {
            c = self.parent[c as usize];
        }
        self.rotate(c, v);
        let bi = b as usize;
        let k = self.children[bi].len();
        let Some(i) = self.children[bi].iter().position(|&x| x == c) else {
            unreachable!("child not found in its parent");
        };
        if i != 0 {
            // Even path from child i to child 0: backwards if i is even, forwards if odd.
            let (mut j, end) = if i % 2 == 0 { (0, i) } else { (i + 1, k) };
            while j < end {
                let (x, y) = self.cycle[bi][j];
                let cx = self.children[bi][j];
                let cy = self.children[bi][(j + 1) % k];
                self.rotate(cx, x);
                self.rotate(cy, y);
                self.mate[x as usize] = y;
                self.mate[y as usize] = x;
                j += 2;
            }
            self.children[bi].rotate_left(i);
            self.cycle[bi].rotate_left(i);
        }
        self.base[bi] = v;
    }

    /// Computes the largest feasible dual change and applies it, then handles the event.
    ///
    /// Least-slack entries that point into ended trees are not repaired eagerly: a stale entry's
    /// slack is still a lower bound on the true least slack, so it only needs recomputing when it
    /// would decide the step.
    fn dual_step(&mut self) {
        self.stats.dual_steps += 1;
        let (delta, kind, at) = loop {
            let Some(step) = self.least_dual_change() else {
                unreachable!("a phase always has an S-vertex");
            };
            let at = step.2;
            match step.1 {
                2 if !self.s_edge_valid(at as u32) => self.recompute_best_s(at as u32),
                3 if !self.ss_edge_valid(at as u32) => self.recompute_best_ss(at as u32),
                _ => break step,
            }
        };
        if !delta.is_zero() {
            self.apply_delta(&delta);
        }
        match kind {
            1 => self.vertex_dual_zero(),
            2 => self.tight_edge(self.best_s[at], at as u32),
            3 => {
                let (x, y) = self.best_ss[at];
                self.tight_edge(x, y);
            }
            _ => self.expand(at as u32, false),
        }
    }

    fn is_s_vertex(&self, v: u32) -> bool {
        self.vlabel[v as usize] == Label::S
    }

    /// Whether the recorded least-slack edge to non-S vertex `v` is exact: it still comes from an
    /// S-vertex and has the recorded slack (that vertex may have left and re-entered the forest).
    fn s_edge_valid(&self, v: u32) -> bool {
        let u = self.best_s[v as usize];
        self.is_s_vertex(u) && self.slack(u, v) == self.best_slack[v as usize]
    }

    /// Whether the recorded least-slack edge of S-blossom `b` is exact (as for `s_edge_valid`).
    fn ss_edge_valid(&self, b: u32) -> bool {
        let (x, y) = self.best_ss[b as usize];
        let by = self.top[y as usize];
        by != b
            && self.label[by as usize] == Label::S
            && self.slack(x, y) == self.best_ss_slack[b as usize]
    }

    /// The least of the four kinds of dual change: (amount, kind, where). Kinds: 1 an S-vertex
    /// dual reaches zero, 2 an edge from an S-vertex to vertex `at` (unlabeled) becomes tight,
    /// 3 an edge between S-blossoms (`at` one of them) becomes tight, 4 T-blossom `at`'s dual
    /// reaches zero.
    fn least_dual_change(&self) -> Option<(W, u8, usize)> {
        let n = self.n;
        let mut best: Option<(W, u8, usize)> = None;
        fn offer<W: Weight>(d: &W, kind: u8, at: usize, best: &mut Option<(W, u8, usize)>) {
            if best.as_ref().is_none_or(|(bd, _, _)| d < bd) {
                *best = Some((d.clone(), kind, at));
            }
        }
        fn offer_half<W: Weight>(slack: &W, at: usize, best: &mut Option<(W, u8, usize)>) {
            let mut half = slack.clone();
            debug_assert!(!half.is_odd(), "odd S-S slack");
            half.halve_in_place();
            offer(&half, 3, at, best);
        }
        for v in 0..n {
            match self.vlabel[v] {
                Label::S => {
                    offer(&self.dual[v], 1, v, &mut best);
                    if self.top[v] as usize == v && self.best_ss[v].0 != NONE {
                        offer_half(&self.best_ss_slack[v], v, &mut best);
                    }
                }
                Label::Free if self.best_s[v] != NONE => {
                    offer(&self.best_slack[v], 2, v, &mut best)
                }
                _ => {}
            }
        }
        for b in n..self.id_end {
            if self.parent[b] != NONE || self.base[b] == NONE {
                continue;
            }
            match self.label[b] {
                Label::S if self.best_ss[b].0 != NONE => {
                    offer_half(&self.best_ss_slack[b], b, &mut best)
                }
                Label::T => offer(&self.dual[b], 4, b, &mut best),
                _ => {}
            }
        }
        best
    }

    fn apply_delta(&mut self, delta: &W) {
        let n = self.n;
        for v in 0..n {
            match self.vlabel[v] {
                Label::S => {
                    self.dual[v].sub_in_place(delta);
                    if self.top[v] as usize == v && self.best_ss[v].0 != NONE {
                        self.best_ss_slack[v].sub_in_place(delta);
                        self.best_ss_slack[v].sub_in_place(delta);
                    }
                }
                Label::T => self.dual[v].add_in_place(delta),
                Label::Free => {
                    if self.best_s[v] != NONE {
                        self.best_slack[v].sub_in_place(delta);
                    }
                }
            }
        }
        for b in n..self.id_end {
            if self.parent[b] != NONE || self.base[b] == NONE {
                continue;
            }
            match self.label[b] {
                Label::S => {
                    if self.best_ss[b].0 != NONE {
                        self.best_ss_slack[b].sub_in_place(delta);
                        self.best_ss_slack[b].sub_in_place(delta);
                    }
                    self.dual[b].add_in_place(delta);
                }
                Label::T => self.dual[b].sub_in_place(delta),
                Label::Free => {}
            }
        }
    }

    /// S-vertex duals reached zero: each such tree ends. A root with zero dual is optimal as it
    /// is; for a deeper vertex, the path from the root is flipped so that it becomes free instead.
    fn vertex_dual_zero(&mut self) {
        let mut ended = Vec::new();
        for v in 0..self.n {
            let b = self.top[v] as usize;
            if self.label[b] != Label::S || !self.dual[v].is_zero() {
                continue;
            }
            let t = self.tree[b];
            if ended.contains(&t) {
                continue;
            }
            if self.mate[v] != NONE {
                self.flip_path(v as u32, NONE);
            }
            ended.push(t);
        }
        self.end_trees(&ended);
    }

    /// Removes the given trees from the forest: their blossoms become unlabeled (zero-dual
    /// S-blossoms dissolve). Least-slack entries of the surviving forest that point into them
    /// stay as lower bounds, repaired when they matter (see `dual_step`).
    fn end_trees(&mut self, trees: &[u32]) {
        let n = self.n;
        let mut zero_s = std::mem::take(&mut self.buf_a);
        let mut ex_s = std::mem::take(&mut self.buf_b);
        zero_s.clear();
        ex_s.clear();
        // The least S-S slack recorded by any top-level S-blossom bounds every edge between two
        // of them from below (the kind-3 dual change relies on it), so it bounds the edges from
        // the vertices leaving S to those that stay S.
        let mut least_ss: Option<W> = None;
        for x in 0..self.id_end {
            if self.label[x] == Label::S && self.is_top_level(x) && self.best_ss[x].0 != NONE {
                let slack = &self.best_ss_slack[x];
                if least_ss.as_ref().is_none_or(|l| slack < l) {
                    least_ss = Some(slack.clone());
                }
            }
        }
        for x in 0..self.id_end {
            if self.label[x] == Label::Free
                || !self.is_top_level(x)
                || !trees.contains(&self.tree[x])
            {
                continue;
            }
            if self.label[x] == Label::S {
                if x >= n && self.dual[x].is_zero() {
                    zero_s.push(x as u32);
                }
                self.has_list[x] = false;
                self.ss_list[x].clear();
                self.best_ss[x] = (NONE, NONE);
                // Its vertices were S: no least-slack edge was kept for them.
                self.leaves_into(x as u32, &mut ex_s);
            }
            self.relabel(x as u32, Label::Free);
            self.tree[x] = NONE;
        }
        self.live_trees -= trees.len();
        for &x in &zero_s {
            self.expand(x, true);
        }
        self.buf_a = zero_s;
        if self.live_trees == 0 {
            self.buf_b = ex_s;
            return;
        }
        let mut queue = std::mem::take(&mut self.queue);
        queue.retain(|&v| self.is_s_vertex(v));
        self.queue = queue;
        // Entries pointing into the ended trees are repaired lazily (see `dual_step`). The
        // vertices that were S get the bound above as an entry pointing at themselves, so it is
        // never valid: `dual_step` computes the real one only when it is the least (a later scan
        // may replace it with a real edge first, which is then the least). A vertex never
        // scanned recorded no S-S edges, so its entry is computed now.
        for &v in &ex_s {
            let vi = v as usize;
            if self.unscanned[vi] {
                self.unscanned[vi] = false;
                self.recompute_best_s(v);
                continue;
            }
            match &least_ss {
                Some(bound) => {
                    self.best_s[vi] = v;
                    self.best_slack[vi] = bound.clone();
                }
                None => self.best_s[vi] = NONE,
            }
        }
        self.buf_b = ex_s;
    }

    /// Least-slack edge from any S-vertex to the non-S vertex `v`.
    fn recompute_best_s(&mut self, v: u32) {
        self.stats.row_scans += 1;
        let n = self.n;
        let vi = v as usize;
        let row = &self.weights[vi * n..vi * n + n];
        let dual = &self.dual[..n];
        let dv = &self.dual[vi];
        let mut best = NONE;
        let mut best_slack = W::default();
        let words = self.words;
        // Present edges to S-vertices: the row of `present` masked by `s_bits`.
        self.s_row.clear();
        self.s_row.extend(
            self.present[vi * words..(vi + 1) * words]
                .iter()
                .zip(&self.s_bits)
                .map(|(p, s)| p & s),
        );
        for u in PresentIter::new(&self.s_row) {
            debug_assert_eq!(self.vlabel[u], Label::S);
            let w = &row[u];
            let slack = edge_slack(&dual[u], dv, w);
            if best == NONE || slack < best_slack {
                best = u as u32;
                best_slack = slack;
            }
        }
        self.best_s[vi] = best;
        if best != NONE {
            self.best_slack[vi] = best_slack;
        }
    }

    /// Least-slack edge from S-blossom `b` to another S-blossom, from its list.
    fn recompute_best_ss(&mut self, b: u32) {
        let bi = b as usize;
        let mut best = (NONE, NONE);
        let mut best_slack = W::default();
        let valid = |s: &Self, y: u32| {
            let by = s.top[y as usize];
            by != b && s.label[by as usize] == Label::S
        };
        debug_assert!(self.has_list[bi], "S-blossom without a list");
        let mut list = std::mem::take(&mut self.ss_list[bi]);
        list.retain(|&(_, y)| valid(self, y));
        for &(x, y) in &list {
            let slack = self.slack(x, y);
            if best.0 == NONE || slack < best_slack {
                best = (x, y);
                best_slack = slack;
            }
        }
        self.ss_list[bi] = list;
        self.best_ss[bi] = best;
        self.best_ss_slack[bi] = best_slack;
    }

    /// Dissolves blossom `b` into its children. At the end of a phase (`end_phase`), children
    /// with zero dual dissolve too; in the middle of one, `b` is a T-blossom and its children on
    /// the even path from the entry to the base keep the tree alive.
    fn expand(&mut self, b: u32, end_phase: bool) {
        let bi = b as usize;
        let children = std::mem::take(&mut self.children[bi]);
        let cycle = std::mem::take(&mut self.cycle[bi]);
        for &c in &children {
            self.parent[c as usize] = NONE;
            if end_phase && self.is_blossom(c) && self.dual[c as usize].is_zero() {
                self.label[c as usize] = Label::Free;
                self.expand(c, true);
            } else {
                self.set_top(c);
                self.relabel(c, Label::Free);
            }
        }
        if !end_phase && self.label[bi] == Label::T {
            let (s, t) = self.tedge[bi];
            let k = children.len();
            let entry = self.top[t as usize];
            let Some(j) = children.iter().position(|&c| c == entry) else {
                unreachable!("entry child not found");
            };
            let tree = self.tree[bi];
            self.relabel(entry, Label::T);
            self.tedge[entry as usize] = (s, t);
            self.tree[entry as usize] = tree;
            let forward = j % 2 == 1;
            let mut i = j;
            while i != 0 {
                // Matched edge to an S child, then an unmatched one to the next T child.
                let (sc, next_t, e) = if forward {
                    let sc = (i + 1) % k;
                    let (x, y) = cycle[sc];
                    (sc, (sc + 1) % k, (x, y))
                } else {
                    let sc = i - 1;
                    let (x, y) = cycle[sc - 1];
                    (sc, sc - 1, (y, x))
                };
                let s_child = children[sc];
                self.relabel(s_child, Label::S);
                self.tree[s_child as usize] = tree;
                self.push_leaves(s_child);
                let t_child = children[next_t];
                self.relabel(t_child, Label::T);
                self.tedge[t_child as usize] = e;
                self.tree[t_child as usize] = tree;
                i = next_t;
            }
        }
        let mut children = children;
        let mut cycle = cycle;
        children.clear();
        cycle.clear();
        self.children[bi] = children;
        self.cycle[bi] = cycle;
        self.members[bi].clear();
        self.release_lists(bi);
        self.label[bi] = Label::Free;
        self.tree[bi] = NONE;
        self.dual[bi] = W::default();
        self.base[bi] = NONE;
        self.has_list[bi] = false;
        self.ss_list[bi].clear();
        self.best_ss[bi] = (NONE, NONE);
        self.unused.push(b);
    }

    /// Frees the vertex, child and cycle lists of blossom id `b` if they are large (see
    /// `KEPT_CAPACITY`); they must be empty.
    fn release_lists(&mut self, b: usize) {
        if self.members[b].capacity() > KEPT_CAPACITY {
            self.members[b] = Vec::new();
        }
        if self.children[b].capacity() > KEPT_CAPACITY {
            self.children[b] = Vec::new();
        }
        if self.cycle[b].capacity() > KEPT_CAPACITY {
            self.cycle[b] = Vec::new();
        }
    }

    /// Dissolves every top-level blossom whose dual is zero.
    fn end_phase(&mut self) {
        let n = self.n;
        for b in n..self.id_end {
            if self.is_top_level(b) && self.dual[b].is_zero() {
                self.expand(b as u32, true);
            }
        }
    }

    fn mate_is_consistent(&self) -> bool {
        (0..self.n).all(|v| {
            let m = self.mate[v];
            m == NONE || (m as usize != v && self.mate[m as usize] == v as u32)
        })
    }

    // ----- verification --------------------------------------------------------------------

    /// Checks that the current matching is provably optimal: the duals are feasible (no edge has
    /// negative slack), matched edges are tight, free vertices have zero dual, and every blossom
    /// with a positive dual is odd and holds a near-perfect matching. Meant for tests and debug
    /// builds; takes `O(n^2 * depth)` time.
    pub fn check_optimality(&self) -> Result<(), String> {
        let n = self.n;
        if !self.mate_is_consistent() {
            return Err("mate array is not symmetric".into());
        }
        // Ancestor chains, innermost first.
        let chains: Vec<Vec<u32>> = (0..n)
            .map(|v| {
                let mut c = Vec::new();
                let mut b = self.parent[v];
                while b != NONE {
                    c.push(b);
                    b = self.parent[b as usize];
                }
                c
            })
            .collect();
        for (v, chain) in chains.iter().enumerate() {
            if self.top[v] != *chain.last().unwrap_or(&(v as u32)) {
                return Err(format!("top of vertex {v} is stale"));
            }
            if self.mate[v] == NONE && !self.dual[v].is_zero() {
                return Err(format!("free vertex {v} has dual {:?}", self.dual[v]));
            }
        }
        for u in 0..n {
            for v in u + 1..n {
                let w = self.w(u as u32, v as u32);
                let matched = self.mate[u] == v as u32;
                if w.is_zero() {
                    if matched {
                        return Err(format!("non-edge {{{u}, {v}}} is matched"));
                    }
                    continue;
                }
                // slack = du + dv - 2w + 2z; compare du + dv with 2w - 2z without going negative.
                let mut z = W::default();
                for (a, b) in chains[u].iter().rev().zip(chains[v].iter().rev()) {
                    if a != b {
                        break;
                    }
                    z.add_in_place(&self.dual[*a as usize]);
                }
                let mut lhs = self.dual[u].clone();
                lhs.add_in_place(&self.dual[v]);
                let mut two_w = w.clone();
                two_w.add_in_place(w);
                let mut two_z = z.clone();
                two_z.add_in_place(&z);
                let ok = if two_z >= two_w {
                    !matched || (two_z == two_w && lhs.is_zero())
                } else {
                    let mut rhs = two_w;
                    rhs.sub_in_place(&two_z);
                    if matched {
                        lhs == rhs
                    } else {
                        lhs >= rhs
                    }
                };
                if !ok {
                    return Err(format!(
                        "edge {{{u}, {v}}} (matched: {matched}) violates slack conditions"
                    ));
                }
            }
        }
        for b in n..self.id_end {
            if self.children[b].is_empty() || self.dual[b].is_zero() {
                continue;
            }
            let leaves = self.leaves(b as u32);
            let inside: std::collections::BTreeSet<u32> = leaves.iter().copied().collect();
            let matched_inside = leaves
                .iter()
                .filter(|&&x| inside.contains(&self.mate[x as usize]))
                .count();
            if leaves.len().is_multiple_of(2) || matched_inside != leaves.len() - 1 {
                return Err(format!("blossom {b} with positive dual is not full"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solved_triangle_plus() -> Matcher<u64> {
        // A triangle 0-1-2 with a pendant 3 at 2: the optimum is {0,1}, {2,3}.
        let mut m = Matcher::new(4);
        m.set_edge(0, 1, 6);
        m.set_edge(1, 2, 5);
        m.set_edge(0, 2, 5);
        m.set_edge(2, 3, 4);
        m.solve();
        m
    }

    /// A hub whose edges are every other vertex's heaviest, and two lighter pairs.
    fn star_with_pairs() -> Matcher<u64> {
        let mut m = Matcher::<u64>::new(5).with_candidates(1);
        for v in 1..5 {
            m.set_edge(0, v, 10);
        }
        m.set_edge(1, 2, 9);
        m.set_edge(3, 4, 9);
        m
    }

    #[test]
    fn the_certificate_rejects_the_optimum_of_the_candidate_graph() {
        let mut m = star_with_pairs();
        // One search on the candidate graph (the star) alone, without the certificate.
        m.init_scratch();
        m.changed.clear();
        m.run();
        m.solved = true;
        assert_eq!(
            m.mates().iter().flatten().count(),
            2,
            "one pair on the star"
        );
        assert!(m.check_optimality().is_err());
        assert!(!m.certify());
        assert!(
            !m.changed.is_empty(),
            "the violated left-out edges are taken in"
        );
        // The full solve: the hub with one of a pair, and the other pair.
        let mut m = star_with_pairs();
        m.solve();
        let total: u64 = (0..5)
            .filter_map(|v| {
                m.mate(v)
                    .filter(|&u| u > v)
                    .map(|u| *m.w(v as u32, u as u32))
            })
            .sum();
        assert_eq!(total, 19);
        assert!(m.check_optimality().is_ok());
        assert!(m.certify());
    }

    #[test]
    fn certificate_holds_after_solve() {
        let m = solved_triangle_plus();
        assert_eq!(m.mates(), vec![Some(1), Some(0), Some(3), Some(2)]);
        assert_eq!(m.check_optimality(), Ok(()));
    }

    #[test]
    fn certificate_rejects_a_worse_matching() {
        let mut m = solved_triangle_plus();
        // Swap to {1,2} with 0 and 3 free: lighter, and free vertices keep positive duals.
        m.mate = vec![NONE, 2, 1, NONE];
        assert!(m.check_optimality().is_err());
    }

    #[test]
    fn certificate_rejects_infeasible_duals() {
        let mut m = solved_triangle_plus();
        m.dual[0] = 0;
        m.dual[1] = 0;
        assert!(m.check_optimality().is_err());
    }

    #[test]
    fn certificate_rejects_asymmetric_mates() {
        let mut m = solved_triangle_plus();
        m.mate[3] = NONE;
        assert!(m.check_optimality().is_err());
    }
}
