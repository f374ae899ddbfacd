//! Maximum-cardinality matching on general graphs (Edmonds' blossom algorithm), the test behind
//! every "a legal pairing exists" of the Dubov text (C4, 3.1.2, 3.2.1, 3.2.4, 3.2.5).
//!
//! A greedy start leaves few augmenting paths to find, so on the dense graphs of a Swiss round
//! each test costs little more than one pass over the edges.
//!
//! ```
//! use pairing::dubov::graph::maximum_matching;
//! // A path 0 - 1 - 2 - 3: the greedy start takes 1 - 2, an augmenting path repairs it.
//! let adj = vec![vec![1], vec![0, 2], vec![1, 3], vec![2]];
//! let mates = maximum_matching(&adj);
//! assert_eq!(mates, vec![Some(1), Some(0), Some(3), Some(2)]);
//! ```

use std::collections::VecDeque;

const NONE: usize = usize::MAX;

/// A maximum matching of the graph given by adjacency lists: each vertex's mate.
pub fn maximum_matching(adj: &[Vec<usize>]) -> Vec<Option<usize>> {
    let n = adj.len();
    let mut mate = vec![NONE; n];
    // Greedy start, scarcest vertices first.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&v| adj[v].len());
    for &v in &order {
        if mate[v] == NONE {
            if let Some(&w) = adj[v]
                .iter()
                .filter(|&&w| mate[w] == NONE && w != v)
                .min_by_key(|&&w| adj[w].len())
            {
                mate[v] = w;
                mate[w] = v;
            }
        }
    }
    let mut search = Search::new(n);
    for root in 0..n {
        if mate[root] == NONE {
            if let Some(end) = search.find_path(adj, &mate, root) {
                search.augment(&mut mate, end);
            }
        }
    }
    mate.into_iter().map(|m| (m != NONE).then_some(m)).collect()
}

/// True when every vertex can be matched.
pub fn has_perfect_matching(adj: &[Vec<usize>]) -> bool {
    adj.len().is_multiple_of(2) && maximum_matching(adj).iter().all(Option::is_some)
}

/// A matching found greedily, to prove cheaply what a maximum matching would also say: each
/// vertex's mate in a matching of the graph on `0..n` whose edges are those `edge` allows
/// between two vertices not on the same side (`side`: `Some(s)`, two vertices of one side never
/// meet; `None`, either side). Vertices of side `Some(true)` are matched first, each with the
/// first free vertex of side `Some(false)`, else of no side; then those of `Some(false)` with the
/// first free one of no side; then the rest among themselves, each with the next free one.
///
/// What it returns is a matching of the graph, so when it pairs everybody (or all but
/// one of an odd number) it is a maximum one: an exact certificate. When it does not, nothing
/// follows and the caller asks [`maximum_matching`]. It stops after `budget` steps (a
/// vertex looked at), so a sparse graph costs no more than that before the exact search.
pub fn greedy_matching(
    n: usize,
    side: impl Fn(usize) -> Option<bool>,
    edge: impl Fn(usize, usize) -> bool,
    budget: usize,
) -> Vec<Option<usize>> {
    let mut lists: [Vec<usize>; 3] = [Vec::new(), Vec::new(), Vec::new()];
    for v in 0..n {
        lists[match side(v) {
            Some(true) => 0,
            Some(false) => 1,
            None => 2,
        }]
        .push(v);
    }
    let mut mate = vec![None; n];
    // Per list, the first position that may still be free.
    let mut cursor = [0usize; 3];
    let mut tests = 0usize;
    // (the vertices to match, the lists their partners come from, in order)
    let phases: [(usize, &[usize]); 3] = [(0, &[1, 2]), (1, &[2]), (2, &[2])];
    for (from, partners) in phases {
        for k in 0..lists[from].len() {
            let v = lists[from][k];
            if mate[v].is_some() {
                continue;
            }
            for &l in partners {
                let list = &lists[l];
                while cursor[l] < list.len() && mate[list[cursor[l]]].is_some() {
                    cursor[l] += 1;
                }
                let mut found = None;
                for &w in &list[cursor[l]..] {
                    // Every step counts, a taken vertex skipped too.
                    if tests == budget {
                        return mate;
                    }
                    tests += 1;
                    if mate[w].is_some() || w == v {
                        continue;
                    }
                    if edge(v, w) {
                        found = Some(w);
                        break;
                    }
                }
                if let Some(w) = found {
                    mate[v] = Some(w);
                    mate[w] = Some(v);
                    break;
                }
            }
        }
    }
    mate
}

/// The number of pairs of [`greedy_matching`].
pub fn greedy_pairs(
    n: usize,
    side: impl Fn(usize) -> Option<bool>,
    edge: impl Fn(usize, usize) -> bool,
    budget: usize,
) -> usize {
    let mates = greedy_matching(n, side, edge, budget);
    mates.iter().filter(|m| m.is_some()).count() / 2
}

struct Search {
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    seen: Vec<bool>,
}

impl Search {
    fn new(n: usize) -> Self {
        Search {
            parent: vec![NONE; n],
            base: (0..n).collect(),
            used: vec![false; n],
            blossom: vec![false; n],
            seen: vec![false; n],
        }
    }

    fn lca(&mut self, mate: &[usize], mut a: usize, mut b: usize) -> usize {
        self.seen.fill(false);
        loop {
            a = self.base[a];
            self.seen[a] = true;
            if mate[a] == NONE {
                break;
            }
            a = self.parent[mate[a]];
        }
        loop {
            b = self.base[b];
            if self.seen[b] {
                return b;
            }
            b = self.parent[mate[b]];
        }
    }

    fn mark_path(&mut self, mate: &[usize], mut v: usize, b: usize, mut child: usize) {
        while self.base[v] != b {
            self.blossom[self.base[v]] = true;
            self.blossom[self.base[mate[v]]] = true;
            self.parent[v] = child;
            child = mate[v];
            v = self.parent[mate[v]];
        }
    }

    /// An augmenting path from `root` (its free end), found by breadth-first search with
    /// blossoms shrunk on the way.
    fn find_path(&mut self, adj: &[Vec<usize>], mate: &[usize], root: usize) -> Option<usize> {
        let n = adj.len();
        self.used.fill(false);
        self.parent.fill(NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.used[root] = true;
        let mut queue = VecDeque::from([root]);
        while let Some(v) = queue.pop_front() {
            for &to in &adj[v] {
                if self.base[v] == self.base[to] || mate[v] == to {
                    continue;
                }
                if to == root || (mate[to] != NONE && self.parent[mate[to]] != NONE) {
                    let cur = self.lca(mate, v, to);
                    self.blossom.fill(false);
                    self.mark_path(mate, v, cur, to);
                    self.mark_path(mate, to, cur, v);
                    for i in 0..n {
                        if self.blossom[self.base[i]] {
                            self.base[i] = cur;
                            if !self.used[i] {
                                self.used[i] = true;
                                queue.push_back(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if mate[to] == NONE {
                        return Some(to);
                    }
                    self.used[mate[to]] = true;
                    queue.push_back(mate[to]);
                }
            }
        }
        None
    }

    fn augment(&self, mate: &mut [usize], mut v: usize) {
        while v != NONE {
            let pv = self.parent[v];
            let next = mate[pv];
            mate[v] = pv;
            mate[pv] = v;
            v = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force: the size of a maximum matching.
    fn brute(adj: &[Vec<usize>], free: u32) -> usize {
        let Some(v) = (0..adj.len()).find(|&v| free >> v & 1 == 1) else {
            return 0;
        };
        let rest = free & !(1 << v);
        let mut best = brute(adj, rest);
        for &w in &adj[v] {
            if rest >> w & 1 == 1 {
                best = best.max(1 + brute(adj, rest & !(1 << w)));
            }
        }
        best
    }

    #[test]
    fn greedy_matching_is_a_matching_of_the_graph() {
        let mut seed = 99u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..400 {
            let n = (next() % 11) as usize + 1;
            let density = next() % 100;
            let mut edges = Vec::new();
            for a in 0..n {
                for b in 0..a {
                    if next() % 100 < density {
                        edges.push((a, b));
                    }
                }
            }
            let mut adj = vec![vec![false; n]; n];
            for (a, b) in edges {
                adj[a][b] = true;
                adj[b][a] = true;
            }
            let sides: Vec<Option<bool>> = (0..n)
                .map(|_| match next() % 3 {
                    0 => Some(true),
                    1 => Some(false),
                    _ => None,
                })
                .collect();
            let keep = |a: usize, b: usize| {
                adj[a][b] && !matches!((sides[a], sides[b]), (Some(x), Some(y)) if x == y)
            };
            let lists: Vec<Vec<usize>> = (0..n)
                .map(|a| (0..n).filter(|&b| keep(a, b)).collect())
                .collect();
            let mates = greedy_matching(n, |v| sides[v], |a, b| adj[a][b], usize::MAX);
            // A matching of the graph under the sides' rule.
            for (v, m) in mates.iter().enumerate() {
                if let Some(w) = *m {
                    assert_eq!(mates[w], Some(v));
                    assert!(keep(v, w), "{adj:?} {sides:?} {mates:?}");
                }
            }
            let greedy = mates.iter().filter(|m| m.is_some()).count() / 2;
            assert!(greedy <= brute(&lists, (1u32 << n) - 1));
            // Without sides on a complete graph, everybody consecutive.
            assert_eq!(greedy_pairs(n, |_| None, |_, _| true, usize::MAX), n / 2);
            // A budget of 0 tests finds nothing.
            assert_eq!(greedy_pairs(n, |v| sides[v], |a, b| adj[a][b], 0), 0);
        }
        // Two sides of two, everybody allowed: the two cross pairs.
        let side = |v: usize| Some(v < 2);
        assert_eq!(greedy_pairs(4, side, |_, _| true, usize::MAX), 2);
        // Only the pairs 0-2 and 1-3 exist (0 and 1 on one side): found.
        let edge = |a: usize, b: usize| a.abs_diff(b) == 2;
        assert_eq!(greedy_pairs(4, side, edge, usize::MAX), 2);
    }

    #[test]
    fn matches_brute_force_on_random_graphs() {
        let mut seed = 12345u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..400 {
            let n = (next() % 11) as usize + 1;
            let density = next() % 100;
            let mut adj = vec![Vec::new(); n];
            for a in 0..n {
                for b in 0..a {
                    if next() % 100 < density {
                        adj[a].push(b);
                        adj[b].push(a);
                    }
                }
            }
            let mates = maximum_matching(&adj);
            for (v, m) in mates.iter().enumerate() {
                if let Some(w) = *m {
                    assert_eq!(mates[w], Some(v));
                    assert!(adj[v].contains(&w));
                }
            }
            let size = mates.iter().filter(|m| m.is_some()).count() / 2;
            assert_eq!(size, brute(&adj, (1u32 << n) - 1), "{adj:?}");
        }
    }
}
