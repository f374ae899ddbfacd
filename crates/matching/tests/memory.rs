//! `Matcher::memory_bound` is an upper bound on what a matcher holds: its heap (`heap_bytes`)
//! checked after every edit and solve on the graphs that grow its lists the most: every weight
//! equal (every edge tight at once), two weights, sparse ties, and mass re-weighting between
//! solves as the pairing engine does when it freezes a bracket.

use matching::{Matcher, Wide};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

type Weigh = Box<dyn Fn(&mut StdRng, usize, usize) -> u64>;

/// The most heap the matcher held, checked after each vertex's edges and each solve.
fn peak(n: usize, seed: u64, weight: &Weigh) -> u64 {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut m = Matcher::<Wide<2>>::new(n);
    let mut most = m.heap_bytes();
    for u in 0..n {
        for v in 0..u {
            let w = weight(&mut rng, u, v);
            if w > 0 {
                m.set_edge(u, v, Wide::from_u64(w));
            }
        }
    }
    m.solve();
    most = most.max(m.heap_bytes());
    // Mass changes, as a bracket's freeze makes them: every edge of many vertices.
    for round in 0..4u64 {
        for u in 0..n {
            if rng.gen_bool(0.5) {
                for v in (0..n).filter(|&v| v != u) {
                    let w = weight(&mut rng, u, v) * 4 + round;
                    m.set_edge(u, v, Wide::from_u64(w));
                }
                most = most.max(m.heap_bytes());
            }
        }
        m.solve();
        most = most.max(m.heap_bytes());
    }
    most
}

#[test]
fn memory_bound_holds_on_tie_heavy_graphs() {
    let cases: [(&str, Weigh); 4] = [
        ("all equal", Box::new(|_, _, _| 7)),
        ("two weights", Box::new(|r, _, _| r.gen_range(1..3))),
        (
            "sparse ties",
            Box::new(|r, _, _| if r.gen_bool(0.5) { 3 } else { 0 }),
        ),
        ("by parity", Box::new(|_, u, v| 2 + ((u ^ v) & 1) as u64)),
    ];
    for n in [5, 31, 64, 151, 300] {
        let bound = Matcher::<Wide<2>>::memory_bound(n);
        for (name, weight) in &cases {
            let most = peak(n, n as u64, weight);
            assert!(
                most <= bound,
                "{name}, n = {n}: {most} bytes held, above the bound {bound}"
            );
            assert!(most >= (n * n * 16) as u64, "{name}, n = {n}: {most}");
        }
    }
}

/// The bound grows with the square of the vertex count, about 10 bytes a pair beyond the
/// weights, so that a caller can refuse a graph before allocating it.
#[test]
fn memory_bound_is_quadratic_with_a_small_overhead() {
    let w = std::mem::size_of::<Wide<4>>() as u64;
    let n = 10_000u64;
    let bound = Matcher::<Wide<4>>::memory_bound(n as usize);
    assert!(bound > n * n * w);
    assert!(bound < n * n * (w + 11), "{bound}");
}
