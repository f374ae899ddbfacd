//! The matcher against exhaustive search on thousands of small random graphs.

mod common;

use common::*;
use matching::Weight;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn check_family<W: Total>(
    seed: u64,
    graphs: usize,
    max_n: usize,
    mut weight: impl FnMut(&mut StdRng) -> W,
) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut nontrivial = 0;
    let graphs = graphs * stress();
    for i in 0..graphs {
        let n = rng.gen_range(0..=max_n);
        let density = [0.2, 0.5, 0.8, 1.0][i % 4];
        let g = random_graph(&mut rng, n, density, &mut weight);
        let mut m = load(&g);
        m.solve();
        assert_optimal(&m, &g, &format!("graph #{i} (seed {seed})"));
        if !matching_weight(&m, &g).is_zero() {
            nontrivial += 1;
        }
    }
    nontrivial
}

#[test]
fn small_weights_with_many_ties() {
    assert!(check_family(1, 2000, 11, small_ties) > 1500 * stress());
}

#[test]
fn medium_weights() {
    assert!(check_family(2, 2000, 12, medium) > 1500 * stress());
}

#[test]
fn u64_weights_at_the_limit() {
    assert!(check_family(3, 1000, 11, near_max_u64) > 700 * stress());
}

#[test]
fn wide2_weights_at_the_limit() {
    assert!(check_family(4, 1000, 11, near_max_wide2) > 700 * stress());
}

#[test]
fn wide3_criteria_fields() {
    assert!(check_family(5, 1000, 11, fields_wide3) > 700 * stress());
}

#[test]
fn u32_and_u128() {
    assert!(check_family(6, 500, 10, |r| r.gen_range(1..=5u32)) > 300 * stress());
    assert!(
        check_family(7, 500, 10, |r| u128::max_edge_weight()
            - r.gen_range(0..3u128))
            > 300 * stress()
    );
}

#[test]
fn edgeless_and_tiny_graphs() {
    for n in 0..4 {
        let mut m = matching::Matcher::<u64>::new(n);
        m.solve();
        assert!(m.mates().iter().all(Option::is_none));
        m.check_optimality().unwrap();
    }
    let mut m = matching::Matcher::<u64>::new(2);
    m.set_edge(0, 1, 7);
    m.solve();
    assert_eq!(m.mates(), vec![Some(1), Some(0)]);
    m.set_edge(1, 0, 0);
    m.solve();
    assert_eq!(m.mates(), vec![None, None]);
}
