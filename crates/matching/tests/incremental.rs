//! Re-solving after edits must give the same total weight as solving from scratch.

mod common;

use common::*;
use matching::Wide;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn check_against_brute<W: Total>(
    seed: u64,
    graphs: usize,
    max_n: usize,
    mut weight: impl FnMut(&mut StdRng) -> W,
) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut solves = 0;
    let graphs = graphs * stress();
    for i in 0..graphs {
        let n = rng.gen_range(2..=max_n);
        let density = [0.3, 0.6, 1.0][i % 3];
        let mut g = random_graph(&mut rng, n, density, &mut weight);
        let mut m = load(&g);
        m.solve();
        for step in 0..8 {
            edit(&mut rng, &mut g, &mut m, &mut weight);
            m.solve();
            solves += 1;
            assert_optimal(&m, &g, &format!("graph #{i} step {step} (seed {seed})"));
        }
    }
    solves
}

#[test]
fn incremental_small_ties() {
    assert_eq!(
        check_against_brute(11, 400, 11, small_ties),
        3200 * stress()
    );
}

#[test]
fn incremental_medium() {
    assert_eq!(check_against_brute(12, 400, 12, medium), 3200 * stress());
}

#[test]
fn incremental_at_the_limit() {
    check_against_brute(13, 200, 10, near_max_u64);
    check_against_brute(14, 200, 10, near_max_wide2);
    check_against_brute(15, 200, 10, fields_wide3);
}

/// Larger graphs: compare with a fresh solve of the same matrix and check the certificate.
fn check_against_scratch<W: Total>(
    seed: u64,
    graphs: usize,
    n_range: std::ops::RangeInclusive<usize>,
    steps: usize,
    mut weight: impl FnMut(&mut StdRng) -> W,
) {
    let mut rng = StdRng::seed_from_u64(seed);
    for i in 0..graphs * stress() {
        let n = rng.gen_range(n_range.clone());
        let density = [0.5, 0.9, 1.0][i % 3];
        let mut g = random_graph(&mut rng, n, density, &mut weight);
        let mut m = load(&g);
        m.solve();
        for step in 0..steps {
            edit(&mut rng, &mut g, &mut m, &mut weight);
            m.solve();
            let mut fresh = load(&g);
            fresh.solve();
            assert_eq!(
                matching_weight(&m, &g),
                matching_weight(&fresh, &g),
                "graph #{i} step {step} (seed {seed})"
            );
            if let Err(e) = m.check_optimality() {
                panic!("graph #{i} step {step} (seed {seed}): {e}");
            }
        }
    }
}

#[test]
fn incremental_larger_graphs() {
    check_against_scratch(21, 12, 20..=60, 10, small_ties);
    check_against_scratch(22, 12, 20..=60, 10, medium);
    check_against_scratch(23, 6, 20..=60, 10, |r: &mut StdRng| -> Wide<2> {
        near_max_wide2(r)
    });
}

/// Suggestions never change the optimum: random pairs, absent edges, and the optimal
/// matching of the edited graph (which should mostly be taken) are proposed before re-solves.
fn check_suggestions<W: Total>(
    seed: u64,
    graphs: usize,
    max_n: usize,
    mut weight: impl FnMut(&mut StdRng) -> W,
) -> u64 {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut taken = 0;
    for i in 0..graphs * stress() {
        let n = rng.gen_range(2..=max_n);
        let mut g = random_graph(&mut rng, n, [0.4, 0.8, 1.0][i % 3], &mut weight);
        let mut m = load(&g);
        m.solve();
        for step in 0..6 {
            edit(&mut rng, &mut g, &mut m, &mut weight);
            let pairs: Vec<(usize, usize)> = if step % 2 == 0 {
                let mut fresh = load(&g);
                fresh.solve();
                (0..n)
                    .filter_map(|v| fresh.mate(v).filter(|&u| u > v).map(|u| (v, u)))
                    .collect()
            } else {
                (0..rng.gen_range(0..=n))
                    .map(|_| (rng.gen_range(0..n), rng.gen_range(0..n + 1)))
                    .collect()
            };
            let before = m.stats().suggestions_taken;
            m.suggest(&pairs);
            m.solve();
            taken += m.stats().suggestions_taken - before;
            assert_optimal(&m, &g, &format!("graph #{i} step {step} (seed {seed})"));
        }
    }
    taken
}

#[test]
fn suggestions_keep_the_optimum() {
    assert!(check_suggestions(41, 300, 11, small_ties) > 100);
    assert!(check_suggestions(42, 300, 11, medium) > 100);
    check_suggestions(43, 100, 10, fields_wide3);
}

#[test]
fn deterministic() {
    let mut rng = StdRng::seed_from_u64(31);
    let g = random_graph(&mut rng, 40, 0.7, small_ties);
    let runs: Vec<_> = (0..3)
        .map(|_| {
            let mut m = load(&g);
            m.solve();
            m.mates()
        })
        .collect();
    assert!(runs.windows(2).all(|w| w[0] == w[1]));
}
