//! The matching on a candidate graph, certified by the duals over every pair
//! (`CandidateFactory`), against the matching on the whole weight matrix (`BlossomFactory`):
//! identical pairings, pair for pair, on every round of generated tournaments. The candidate
//! graph is made small here (a few edges a vertex, from the first vertex) so that the
//! certificate has to take edges in on most solves.

use pairing::dutch::brackets::Variant;
use pairing::dutch::solver::{BlossomFactory, CandidateFactory};
use pairing::dutch::{self, DutchOptions};
use pairing::generator::{generate, Settings};

/// Pairs every round of the tournaments generated from `seeds` with both solvers and asserts
/// identical pairings; returns the rounds compared.
fn compare(seeds: std::ops::Range<u64>, settings: impl Fn(u64) -> Settings) -> u32 {
    let options = DutchOptions::default();
    let mut rounds = 0u32;
    for seed in seeds {
        let candidates = CandidateFactory {
            per_vertex: 1 + seed as usize % 6,
            from_vertices: 0,
        };
        let result = generate(&settings(seed), seed, |t, r| {
            let dense = dutch::pair_with(t, r, &options, &BlossomFactory, Variant::default());
            let sparse = dutch::pair_with(t, r, &options, &candidates, Variant::default());
            assert_eq!(
                dense, sparse,
                "seed {seed}, round {r}: the candidate graph changed the pairing"
            );
            rounds += 1;
            dense
        });
        if let Err(e) = result {
            // A round without a valid pairing is fine, as long as both agreed.
            eprintln!("seed {seed}: {e}");
        }
    }
    rounds
}

fn settings(players: u32, seed: u64) -> Settings {
    Settings {
        players: Some(players),
        rounds: Some(5 + (seed as u32) % 5),
        draw_percentage: Some((seed * 13 % 60) as u32),
        forfeit_rate: Some([0, 30, 12][seed as usize % 3]),
        retired_rate: Some([0, 60][seed as usize % 2]),
        half_point_bye_rate: Some([0, 40, 15][seed as usize % 3]),
        ..Settings::default()
    }
}

#[test]
fn the_candidate_graph_gives_the_same_pairings_as_the_whole_matrix() {
    let rounds = compare(0..40, |seed| settings(30 + (seed as u32 * 41) % 200, seed));
    eprintln!("{rounds} rounds identical");
    assert!(rounds > 200, "too few rounds compared: {rounds}");
}

/// 200–3,000 players, outside CI (`cargo test -p pairing --release candidates -- --ignored`).
#[test]
#[ignore]
fn the_candidate_graph_gives_the_same_pairings_on_large_fields() {
    let rounds = compare(1000..1040, |seed| {
        settings(200 + (seed as u32 * 709) % 2801, seed)
    });
    eprintln!("{rounds} rounds identical");
}
