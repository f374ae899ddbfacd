//! Solving on a candidate graph (`Matcher::with_candidates`) must give the optimum of the whole
//! graph: against exhaustive search on small graphs, against the dense matcher on larger ones,
//! through edits and suggestions, with the dual certificate checked over every pair.

mod common;

use common::*;
use matching::{Matcher, Weight, Wide};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn load_sparse<W: Weight>(g: &Graph<W>, per_vertex: usize) -> Matcher<W> {
    let mut m = Matcher::new(g.len()).with_candidates(per_vertex);
    for (u, row) in g.iter().enumerate() {
        for (v, w) in row.iter().enumerate().skip(u + 1) {
            if !w.is_zero() {
                m.set_edge(u, v, w.clone());
            }
        }
    }
    m
}

/// Small graphs, one to three candidates a vertex, edits and suggestions between solves.
/// Returns how many solves needed the certificate to take edges in.
fn check_against_brute<W: Total>(
    seed: u64,
    graphs: usize,
    max_n: usize,
    mut weight: impl FnMut(&mut StdRng) -> W,
) -> u64 {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut repaired = 0;
    for i in 0..graphs * stress() {
        let n = rng.gen_range(2..=max_n);
        let density = [0.3, 0.6, 1.0][i % 3];
        let mut g = random_graph(&mut rng, n, density, &mut weight);
        let mut m = load_sparse(&g, 1 + i % 3);
        m.solve();
        assert_optimal(&m, &g, &format!("graph #{i} (seed {seed})"));
        for step in 0..6 {
            edit(&mut rng, &mut g, &mut m, &mut weight);
            if step % 3 == 2 {
                let pairs: Vec<(usize, usize)> = (0..rng.gen_range(0..=n))
                    .map(|_| (rng.gen_range(0..n), rng.gen_range(0..n)))
                    .collect();
                m.suggest(&pairs);
            }
            let before = m.stats().certificate_repairs;
            m.solve();
            repaired += (m.stats().certificate_repairs > before) as u64;
            assert_optimal(&m, &g, &format!("graph #{i} step {step} (seed {seed})"));
        }
    }
    repaired
}

#[test]
fn candidate_graph_small_ties() {
    assert!(check_against_brute(51, 400, 11, small_ties) > 100);
}

#[test]
fn candidate_graph_medium() {
    assert!(check_against_brute(52, 400, 12, medium) > 100);
}

#[test]
fn candidate_graph_criteria_fields() {
    check_against_brute(53, 200, 10, fields_wide3);
    check_against_brute(54, 200, 10, near_max_wide2);
}

/// Larger graphs: the same total weight as the dense matcher solving the same graph afresh,
/// solve after solve of the candidate graph.
#[test]
fn candidate_graph_matches_the_dense_matcher() {
    let mut rng = StdRng::seed_from_u64(55);
    for i in 0..12 * stress() {
        let n = rng.gen_range(30..=90);
        let mut g = random_graph(&mut rng, n, [0.5, 1.0][i % 2], small_ties);
        let mut sparse = load_sparse(&g, 4);
        for step in 0..10 {
            sparse.solve();
            let mut dense = load(&g);
            dense.solve();
            assert_eq!(
                matching_weight(&sparse, &g),
                matching_weight(&dense, &g),
                "graph #{i} step {step}"
            );
            if let Err(e) = sparse.check_optimality() {
                panic!("graph #{i} step {step}: {e}");
            }
            edit(&mut rng, &mut g, &mut sparse, &mut small_ties);
        }
    }
}

/// A graph whose heaviest edges mislead: each vertex's single heaviest edge goes to a hub, so
/// the candidate graph of one edge a vertex is a star and its optimum one pair. The
/// certificate must find the left-out edges and the solve the perfect matching.
#[test]
fn the_certificate_takes_in_what_the_candidates_missed() {
    let n = 9;
    let mut g: Graph<u64> = vec![vec![0; n]; n];
    let mut edge = |u: usize, v: usize, w: u64| {
        g[u][v] = w;
        g[v][u] = w;
    };
    (1..n).for_each(|v| edge(0, v, 10));
    (1..n).step_by(2).for_each(|v| edge(v, v + 1, 9));
    let mut m = load_sparse(&g, 1);
    m.solve();
    assert_optimal(&m, &g, "star");
    assert_eq!(matching_weight(&m, &g), Wide::from_u64(10 + 9 * 3));
    assert!(m.stats().edges_added > 0);
    assert!(m.stats().certificate_repairs > 0);
}
