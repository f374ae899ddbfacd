//! Times the Burstein engine on large random events: a tournament of N players (default 1000)
//! and 9 rounds is generated round by round by the engine (rounds 1–4 are seeding rounds,
//! paired by the Dutch system), and the seconds taken by each round are printed, with the
//! slowest Burstein round. Arguments: `[PLAYERS [ROUNDS [SEEDS]]]`.
//!
//! `cargo bench -p pairing --bench burstein_large [-- 1000 9 3]`

use std::time::Instant;

use pairing::burstein::{self, seeding_rounds, BursteinOptions};
use pairing::generator::{generate, Settings};

fn arg(n: usize, default: u64) -> u64 {
    std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .nth(n)
        .and_then(|a| a.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let players = arg(0, 1000) as u32;
    let rounds = arg(1, 9) as u32;
    let seeds = arg(2, 3);
    let seeding = seeding_rounds(rounds);
    let mut slowest = 0f64;
    for seed in 1..=seeds {
        let settings = Settings {
            players: Some(players),
            rounds: Some(rounds),
            ..Settings::default()
        };
        let mut times = Vec::new();
        let result = generate(&settings, seed, |t, round| {
            let start = Instant::now();
            let p = burstein::pair(t, round, &BursteinOptions::default());
            times.push((round, start.elapsed().as_secs_f64()));
            p
        });
        if let Err(e) = result {
            println!("seed {seed}: {e}");
            continue;
        }
        let line: Vec<String> = times
            .iter()
            .map(|(r, s)| {
                let kind = if *r <= seeding { "D" } else { "B" };
                format!("{r}{kind} {s:.3}")
            })
            .collect();
        println!(
            "{players} players, seed {seed}: seconds per round: {}",
            line.join(", ")
        );
        for (r, s) in times {
            if r > seeding {
                slowest = slowest.max(s);
            }
        }
    }
    println!(
        "slowest Burstein round of {players} players: {slowest:.3} s (D: seeding round, paired by the Dutch system)"
    );
}
