//! Shared helpers: an exhaustive maximum-weight matching and random graph generators.
#![allow(dead_code)]

use matching::{Matcher, Weight, Wide};
use rand::rngs::StdRng;
use rand::Rng;

/// Weights convertible to a wider integer so that totals cannot overflow.
pub trait Total: Weight {
    fn total(&self) -> Wide<4>;
}
impl Total for u32 {
    fn total(&self) -> Wide<4> {
        Wide::from_u64(*self as u64)
    }
}
impl Total for u64 {
    fn total(&self) -> Wide<4> {
        Wide::from_u64(*self)
    }
}
impl Total for u128 {
    fn total(&self) -> Wide<4> {
        Wide::from_u128(*self).unwrap()
    }
}
impl Total for Wide<2> {
    fn total(&self) -> Wide<4> {
        self.resize().unwrap()
    }
}
impl Total for Wide<3> {
    fn total(&self) -> Wide<4> {
        self.resize().unwrap()
    }
}

/// Multiplier for the number of random cases: `MATCHING_STRESS=20 cargo test ...` runs 20x more.
pub fn stress() -> usize {
    std::env::var("MATCHING_STRESS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1)
}

/// Dense symmetric weight matrix; zero means no edge.
pub type Graph<W> = Vec<Vec<W>>;

/// Maximum matching weight by dynamic programming over vertex subsets (n <= ~16).
pub fn brute_force<W: Total>(g: &Graph<W>) -> Wide<4> {
    let n = g.len();
    let mut best = vec![Wide::<4>::ZERO; 1 << n];
    for mask in 1usize..1 << n {
        let i = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << i);
        let mut b = best[rest];
        let mut others = rest;
        while others != 0 {
            let j = others.trailing_zeros() as usize;
            others &= others - 1;
            if !g[i][j].is_zero() {
                let cand = g[i][j].total() + best[rest & !(1 << j)];
                if cand > b {
                    b = cand;
                }
            }
        }
        best[mask] = b;
    }
    best[(1 << n) - 1]
}

/// Weight of the matcher's matching, checking that it is a matching on existing edges.
pub fn matching_weight<W: Total>(m: &Matcher<W>, g: &Graph<W>) -> Wide<4> {
    let mut t = Wide::<4>::ZERO;
    for (v, row) in g.iter().enumerate() {
        if let Some(u) = m.mate(v) {
            assert_eq!(m.mate(u), Some(v), "mate not symmetric");
            assert!(!row[u].is_zero(), "matched a non-edge {{{v}, {u}}}");
            if v < u {
                t += row[u].total();
            }
        }
    }
    t
}

pub fn load<W: Weight>(g: &Graph<W>) -> Matcher<W> {
    let mut m = Matcher::new(g.len());
    for (u, row) in g.iter().enumerate() {
        for (v, w) in row.iter().enumerate().skip(u + 1) {
            if !w.is_zero() {
                m.set_edge(u, v, w.clone());
            }
        }
    }
    m
}

#[allow(clippy::needless_range_loop)]
/// Random graph: each pair is an edge with probability `density`, weight from `weight`.
pub fn random_graph<W: Weight>(
    rng: &mut StdRng,
    n: usize,
    density: f64,
    mut weight: impl FnMut(&mut StdRng) -> W,
) -> Graph<W> {
    let mut g = vec![vec![W::default(); n]; n];
    for u in 0..n {
        for v in u + 1..n {
            if rng.gen_bool(density) {
                let w = weight(rng);
                g[u][v] = w.clone();
                g[v][u] = w;
            }
        }
    }
    g
}

/// Weight generators exercising ties, tiny ranges and values at the top of the allowed range.
pub fn small_ties(rng: &mut StdRng) -> u64 {
    rng.gen_range(1..=3)
}

pub fn medium(rng: &mut StdRng) -> u64 {
    rng.gen_range(1..=1000)
}

pub fn near_max_u64(rng: &mut StdRng) -> u64 {
    u64::max_edge_weight() - rng.gen_range(0..4)
}

pub fn near_max_wide2(rng: &mut StdRng) -> Wide<2> {
    let max = Wide::<2>::max_edge_weight();
    match rng.gen_range(0..3) {
        0 => max - Wide::from_u64(rng.gen_range(0..4)),
        // Several criteria fields, high priority on top, as the pairing engine builds them.
        1 => Wide::ZERO
            .with_field(120, 6, rng.gen_range(0..64))
            .with_field(64, 2, rng.gen_range(0..4))
            .with_field(0, 3, rng.gen_range(0..8))
            .with_field(125, 1, 1),
        _ => Wide::from_limbs([rng.gen(), rng.gen::<u64>() >> 2]),
    }
}

pub fn fields_wide3(rng: &mut StdRng) -> Wide<3> {
    Wide::ZERO
        .with_field(180, 2, rng.gen_range(1..4))
        .with_field(100, 5, rng.gen_range(0..32))
        .with_field(63, 2, rng.gen_range(0..2))
}

/// Asserts that the matcher's matching weighs what exhaustive search finds for `g` and that
/// its dual certificate holds; `context` names the case in the failure message.
pub fn assert_optimal<W: Total>(m: &Matcher<W>, g: &Graph<W>, context: &str) {
    assert_eq!(matching_weight(m, g), brute_force(g), "{context}: {g:?}");
    if let Err(e) = m.check_optimality() {
        panic!("{context}: {e}");
    }
}

/// One random edit batch applied to both the matrix and the matcher.
pub fn edit<W: Weight>(
    rng: &mut StdRng,
    g: &mut Graph<W>,
    m: &mut Matcher<W>,
    weight: &mut impl FnMut(&mut StdRng) -> W,
) {
    let n = g.len();
    if n < 2 {
        return;
    }
    let set = |g: &mut Graph<W>, m: &mut Matcher<W>, u: usize, v: usize, w: W| {
        g[u][v] = w.clone();
        g[v][u] = w.clone();
        m.set_edge(u, v, w);
    };
    match rng.gen_range(0..5) {
        // All edges of one vertex, as the pairing engine does.
        0 | 1 => {
            let v = rng.gen_range(0..n);
            for u in (0..n).filter(|&u| u != v) {
                let w = if rng.gen_bool(0.3) {
                    W::default()
                } else {
                    weight(rng)
                };
                set(g, m, u, v, w);
            }
        }
        // A few single edges, often matched ones.
        2 | 3 => {
            for _ in 0..rng.gen_range(1..4) {
                let u = rng.gen_range(0..n);
                let v = match m.mate(u) {
                    Some(x) if rng.gen_bool(0.5) => x,
                    _ => (u + rng.gen_range(1..n)) % n,
                };
                let w = match rng.gen_range(0..3) {
                    0 => W::default(),
                    _ => weight(rng),
                };
                set(g, m, u, v, w);
            }
        }
        // Remove a vertex from play, then maybe bring it back later.
        _ => {
            let v = rng.gen_range(0..n);
            for u in (0..n).filter(|&u| u != v) {
                set(g, m, u, v, W::default());
            }
        }
    }
}
