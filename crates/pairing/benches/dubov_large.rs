//! Times the Dubov engine on a generated 1,000-player event: every round of a 9-round
//! tournament is paired by the engine (results drawn from the ratings), and the seconds each
//! round took are printed with the slowest. Arguments: players, rounds, seed.
//!
//! `cargo bench -p pairing --bench dubov_large [-- PLAYERS ROUNDS SEED]`

use std::time::Instant;

use pairing::dubov::{self, DubovOptions};
use pairing::generator::{generate, Settings};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let players = args.first().copied().unwrap_or(1000) as u32;
    let rounds = args.get(1).copied().unwrap_or(9) as u32;
    let seed = args.get(2).copied().unwrap_or(1);
    let settings = Settings {
        players: Some(players),
        rounds: Some(rounds),
        ..Settings::default()
    };
    let mut times = Vec::new();
    let t = generate(&settings, seed, |state, round| {
        let start = Instant::now();
        let p = dubov::pair(state, round, &DubovOptions::default());
        times.push((round, start.elapsed().as_secs_f64()));
        p
    })
    .expect("every round pairs");
    for (round, s) in &times {
        println!("dubov {players} players, round {round}: {s:.3} s");
    }
    let (round, worst) = times
        .iter()
        .copied()
        .fold((0, 0.0), |a, b| if b.1 > a.1 { b } else { a });
    println!(
        "dubov {} players: slowest round {round} of {}: {worst:.3} s",
        t.players.len(),
        times.len()
    );
}
