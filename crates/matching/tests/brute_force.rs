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

/// Graphs where a few vertices' edges outweigh all others (as a player moved down into a
/// bracket does): the fresh start gives those hubs duals of their own, and the result is
/// still optimal.
#[test]
#[allow(clippy::needless_range_loop)]
fn heavy_hubs() {
    let mut rng = StdRng::seed_from_u64(8);
    let mut with_hubs = 0;
    let graphs = 1000 * stress();
    for i in 0..graphs {
        let n = rng.gen_range(4..=12);
        let mut g = random_graph(&mut rng, n, [0.5, 0.8, 1.0][i % 3], small_ties);
        for _ in 0..rng.gen_range(1..=2) {
            let hub = rng.gen_range(0..n);
            let boost = rng.gen_range(1..=50);
            for v in 0..n {
                if v != hub && g[hub][v] != 0 {
                    g[hub][v] += boost;
                    g[v][hub] += boost;
                }
            }
        }
        let mut m = load(&g);
        m.solve();
        assert_optimal(&m, &g, &format!("graph #{i}"));
        if m.stats().hubs > 0 {
            with_hubs += 1;
        }
    }
    assert!(
        with_hubs * 2 > graphs,
        "too few graphs started with hubs: {with_hubs} of {graphs}"
    );
}

/// The graph with every edge at `u` or `v` removed.
fn without<W: Total>(g: &Graph<W>, u: usize, v: usize) -> Graph<W> {
    let mut g = g.clone();
    for y in [u, v] {
        for row in g.iter_mut() {
            row[y] = W::default();
        }
        g[y].iter_mut().for_each(|w| *w = W::default());
    }
    g
}

/// `edge_slack` bounds every matching through the edge: the heaviest one weighs at most the
/// optimum less half the slack (checked exhaustively), and matched edges have no slack.
fn check_slack_bounds<W: Total>(seed: u64, mut weight: impl FnMut(&mut StdRng) -> W) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut positive = 0;
    for i in 0..400 * stress() {
        let n = rng.gen_range(2..=10);
        let g = random_graph(&mut rng, n, [0.5, 1.0][i % 2], &mut weight);
        let mut g = g;
        let mut m = load(&g);
        assert_eq!(m.edge_slack(0, 1), None, "no bound before a solve");
        m.solve();
        // Lowering or removing unmatched edges keeps the bound; the check below is against
        // the lowered graph.
        for _ in 0..rng.gen_range(0..3) {
            let (u, v) = (rng.gen_range(0..n), rng.gen_range(0..n));
            if u != v && m.mate(u) != Some(v) && !g[u][v].is_zero() {
                let lower = if rng.gen_bool(0.5) {
                    W::default()
                } else {
                    weight(&mut rng).min(g[u][v].clone())
                };
                g[u][v] = lower.clone();
                g[v][u] = lower.clone();
                m.set_edge(u, v, lower);
            }
        }
        let optimum = brute_force(&g);
        for u in 0..n {
            for v in u + 1..n {
                let Some(slack) = m.edge_slack(u, v) else {
                    continue;
                };
                if g[u][v].is_zero() {
                    continue;
                }
                if m.mate(u) == Some(v) {
                    assert!(
                        slack.is_zero(),
                        "graph #{i}: matched edge {u}-{v} has slack"
                    );
                }
                let through = g[u][v].total() + brute_force(&without(&g, u, v));
                let gap = optimum - through;
                assert!(
                    slack.total() <= gap + gap,
                    "graph #{i}: edge {u}-{v} has slack {slack:?}, but a matching through it \
                     is only {gap:?} short of the optimum: {g:?}"
                );
                if !slack.is_zero() {
                    positive += 1;
                }
            }
        }
    }
    positive
}

#[test]
fn edge_slack_is_unknown_after_a_raise() {
    let mut m = matching::Matcher::<u64>::new(4);
    m.set_edge(0, 1, 5);
    m.set_edge(2, 3, 5);
    m.set_edge(1, 2, 2);
    m.solve();
    assert!(m.edge_slack(1, 2).is_some_and(|s| s > 0));
    m.set_edge(1, 2, 9);
    assert_eq!(
        m.edge_slack(0, 1),
        None,
        "a raised edge invalidates every bound"
    );
    m.solve();
    assert!(m.edge_slack(1, 2).is_some(), "a solve gives bounds again");
}

#[test]
fn edge_slack_bounds_the_matchings_through_an_edge() {
    assert!(check_slack_bounds(9, medium) > 1000);
    assert!(check_slack_bounds(10, small_ties) > 500);
    assert!(check_slack_bounds(11, fields_wide3) > 500);
}
