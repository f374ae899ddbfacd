//! Maximum-cardinality matching on the compatibility graph of one scoregroup (Edmonds'
//! blossoms), kept between questions so that "can the others still all be paired?" is one
//! augmenting-path search, not a new matching.
//!
//! The Lim rules never weigh pairings: they only ask how many pairings a scoregroup can have
//! (3.10.2), whether a choice leaves the rest pairable (4.4) and whether the Median Scoregroup can
//! be paired (2.6). Each of these is answered from a maximum matching `M` of the active players:
//! removing a matched player `x` leaves `|M|` pairings exactly when an augmenting path starts at
//! `x`'s partner, and pairing `x` with `c` leaves the rest complete exactly when an augmenting
//! path joins their former partners.

const NONE: usize = usize::MAX;

/// A matching over the active vertices of a graph given as bit rows.
#[derive(Debug)]
pub struct Matching<'a> {
    adjacency: &'a [Vec<u64>],
    active: Vec<u64>,
    mate: Vec<usize>,
    // Work arrays of the augmenting-path search.
    base: Vec<usize>,
    parent: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    queue: Vec<usize>,
    /// Round stamps of the lowest-common-ancestor walk (a vertex is seen when its stamp is
    /// the current one), so the walk needs no fresh array.
    seen: Vec<u32>,
    stamp: u32,
    /// The neighbours of the vertex being scanned, reused from one vertex to the next.
    scratch: Vec<usize>,
    /// While a question is only tried ([`Matching::pairable_without`] without commit): every
    /// change of `mate` as (vertex, former mate), undone in reverse afterwards. A trial
    /// touches a few vertices; copying the whole matching each time cost more than the
    /// search on fields of thousands.
    journal: Option<Vec<(usize, usize)>>,
}

impl<'a> Matching<'a> {
    pub fn new(adjacency: &'a [Vec<u64>]) -> Self {
        let n = adjacency.len();
        let words = adjacency.first().map_or(1, Vec::len);
        Matching {
            adjacency,
            active: vec![0; words],
            mate: vec![NONE; n],
            base: vec![0; n],
            parent: vec![NONE; n],
            used: vec![false; n],
            blossom: vec![false; n],
            queue: Vec::with_capacity(n),
            seen: vec![0; n],
            stamp: 0,
            scratch: Vec::new(),
            journal: None,
        }
    }

    pub fn mate(&self, v: usize) -> Option<usize> {
        (self.mate[v] != NONE).then_some(self.mate[v])
    }

    /// Sets `v`'s mate, writing the change in the journal when one is kept.
    fn set_mate(&mut self, v: usize, m: usize) {
        if let Some(journal) = &mut self.journal {
            journal.push((v, self.mate[v]));
        }
        self.mate[v] = m;
    }

    fn is_active(&self, v: usize) -> bool {
        self.active[v / 64] >> (v % 64) & 1 == 1
    }

    fn set_active(&mut self, v: usize, on: bool) {
        if on {
            self.active[v / 64] |= 1 << (v % 64);
        } else {
            self.active[v / 64] &= !(1 << (v % 64));
        }
    }

    /// Makes `members` the active vertices and finds a maximum matching of them; returns its
    /// size.
    pub fn load(&mut self, members: &[usize]) -> usize {
        self.active.iter_mut().for_each(|w| *w = 0);
        self.mate.iter_mut().for_each(|m| *m = NONE);
        for &v in members {
            self.set_active(v, true);
        }
        for &v in members {
            if self.mate[v] == NONE {
                let free = self.neighbours(v).find(|&u| self.mate[u] == NONE);
                if let Some(u) = free {
                    self.mate[v] = u;
                    self.mate[u] = v;
                }
            }
        }
        // A vertex with no augmenting path now never gets one later (Edmonds).
        for &v in members {
            if self.mate[v] == NONE {
                self.augment_from(v);
            }
        }
        members.iter().filter(|&&v| self.mate[v] != NONE).count() / 2
    }

    fn neighbours(&self, v: usize) -> impl Iterator<Item = usize> + '_ {
        self.adjacency[v]
            .iter()
            .zip(&self.active)
            .enumerate()
            .flat_map(|(w, (&row, &act))| {
                let mut bits = row & act;
                std::iter::from_fn(move || {
                    if bits == 0 {
                        return None;
                    }
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    Some(w * 64 + b)
                })
            })
    }

    /// Takes the active vertex `x` out while keeping the matching maximum among the others, if
    /// that keeps its size; otherwise changes nothing and returns false.
    pub fn remove_keeping_size(&mut self, x: usize) -> bool {
        let y = self.mate[x];
        self.set_active(x, false);
        if y == NONE {
            return true;
        }
        self.mate[x] = NONE;
        self.mate[y] = NONE;
        if self.augment_from(y) {
            return true;
        }
        self.set_active(x, true);
        self.mate[x] = y;
        self.mate[y] = x;
        false
    }

    /// Whether the active vertices other than `x` and `c` can all be paired, given that the
    /// current matching pairs every active vertex. With `commit`, `x` and `c` leave the active
    /// set and the matching is kept perfect on the rest.
    pub fn pairable_without(&mut self, x: usize, c: usize, commit: bool) -> bool {
        self.journal = Some(Vec::new());
        self.set_active(x, false);
        self.set_active(c, false);
        let mut exposed = [NONE; 2];
        for (k, v) in [x, c].into_iter().enumerate() {
            let m = self.mate[v];
            if m != NONE {
                self.set_mate(m, NONE);
                if self.is_active(m) {
                    exposed[k] = m;
                }
            }
            self.set_mate(v, NONE);
        }
        let mut ok = true;
        for v in exposed.into_iter().filter(|&v| v != NONE) {
            if self.mate[v] == NONE && !self.augment_from(v) {
                ok = false;
                break;
            }
        }
        let journal = self.journal.take().unwrap_or_default();
        if !commit || !ok {
            for &(v, m) in journal.iter().rev() {
                self.mate[v] = m;
            }
            self.set_active(x, true);
            self.set_active(c, true);
        }
        ok
    }

    fn lowest_common_ancestor(&mut self, mut a: usize, mut b: usize) -> usize {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        loop {
            a = self.base[a];
            self.seen[a] = self.stamp;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if self.seen[b] == self.stamp {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize) {
        while self.base[v] != b {
            self.blossom[self.base[v]] = true;
            self.blossom[self.base[self.mate[v]]] = true;
            self.parent[v] = child;
            child = self.mate[v];
            v = self.parent[self.mate[v]];
        }
    }

    /// Searches an augmenting path from the exposed active vertex `root` and flips it.
    fn augment_from(&mut self, root: usize) -> bool {
        // Most graphs here are dense: an exposed neighbour is the usual answer, and finding it
        // first spares the search its blossoms.
        let free = self.neighbours(root).find(|&u| self.mate[u] == NONE);
        if let Some(u) = free {
            self.set_mate(root, u);
            self.set_mate(u, root);
            return true;
        }
        let n = self.mate.len();
        for i in 0..n {
            self.base[i] = i;
            self.parent[i] = NONE;
            self.used[i] = false;
        }
        self.queue.clear();
        self.used[root] = true;
        self.queue.push(root);
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            let mut neighbours = std::mem::take(&mut self.scratch);
            neighbours.clear();
            neighbours.extend(self.neighbours(v));
            for &to in &neighbours {
                if self.base[v] == self.base[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE) {
                    let current = self.lowest_common_ancestor(v, to);
                    self.blossom.iter_mut().for_each(|b| *b = false);
                    self.mark_path(v, current, to);
                    self.mark_path(to, current, v);
                    for i in 0..n {
                        if self.is_active(i) && self.blossom[self.base[i]] {
                            self.base[i] = current;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if self.mate[to] == NONE {
                        let mut u = to;
                        while u != NONE {
                            let pu = self.parent[u];
                            let next = self.mate[pu];
                            self.set_mate(u, pu);
                            self.set_mate(pu, u);
                            u = next;
                        }
                        self.scratch = neighbours;
                        return true;
                    }
                    let m = self.mate[to];
                    self.used[m] = true;
                    self.queue.push(m);
                }
            }
            self.scratch = neighbours;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<u64>> {
        let mut g = vec![vec![0u64; n.div_ceil(64)]; n];
        for &(a, b) in edges {
            g[a][b / 64] |= 1 << (b % 64);
            g[b][a / 64] |= 1 << (a % 64);
        }
        g
    }

    #[test]
    fn an_odd_cycle_needs_a_blossom() {
        // A triangle 0-1-2 with tails 0-3 and 2-4 … and 1-5: perfect only through the blossom.
        let g = graph(6, &[(0, 1), (1, 2), (2, 0), (0, 3), (2, 4), (1, 5)]);
        let mut m = Matching::new(&g);
        assert_eq!(m.load(&[0, 1, 2, 3, 4, 5]), 3);
        // Pairing 0 with 1 leaves 2, 3, 4, 5: 3 and 5 have no partner left.
        assert!(!m.pairable_without(0, 1, false));
        assert!(m.pairable_without(0, 3, false));
        assert!(m.pairable_without(0, 3, true));
        assert_eq!(m.mate(1), Some(5));
    }

    #[test]
    fn removing_a_player_keeps_the_size_only_when_someone_replaces_them() {
        let g = graph(4, &[(0, 1), (1, 2), (2, 3)]);
        let mut m = Matching::new(&g);
        assert_eq!(m.load(&[0, 1, 2]), 1);
        assert!(!m.remove_keeping_size(1));
        assert!(m.remove_keeping_size(0));
        assert_eq!(m.mate(1), Some(2));
    }
}
