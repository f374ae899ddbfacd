//! Times the Burstein engine on large random events: a tournament of N players (default 1000)
//! and 9 rounds is generated round by round by the engine (rounds 1–4 are seeding rounds,
//! paired by the Dutch system), and the seconds taken by each round are printed, with the
//! slowest Burstein round. Arguments: `[PLAYERS [ROUNDS [SEEDS]]]`.
//!
//! The time is the CPU time of the pairing thread (Linux `/proc/thread-self/schedstat`), which
//! a busy machine does not inflate; the wall-clock time is printed beside it.
//!
//! `cargo bench -p pairing --bench burstein_large [-- 1000 9 3]`

use std::time::Instant;

/// CPU seconds used by this thread so far (`None` where the kernel does not say).
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos as f64 / 1e9)
}

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
    let (mut slowest, mut slowest_wall) = (0f64, 0f64);
    for seed in 1..=seeds {
        let settings = Settings {
            players: Some(players),
            rounds: Some(rounds),
            ..Settings::default()
        };
        let mut times = Vec::new();
        let result = generate(&settings, seed, |t, round| {
            let (start, cpu) = (Instant::now(), cpu_seconds());
            let p = burstein::pair(t, round, &BursteinOptions::default());
            let wall = start.elapsed().as_secs_f64();
            let cpu = cpu.zip(cpu_seconds()).map_or(wall, |(a, b)| b - a);
            times.push((round, cpu, wall));
            p
        });
        if let Err(e) = result {
            println!("seed {seed}: {e}");
            continue;
        }
        let line: Vec<String> = times
            .iter()
            .map(|(r, cpu, wall)| {
                let kind = if *r <= seeding { "D" } else { "B" };
                format!("{r}{kind} {cpu:.3} ({wall:.3})")
            })
            .collect();
        println!(
            "{players} players, seed {seed}: CPU (wall) seconds per round: {}",
            line.join(", ")
        );
        for (r, cpu, wall) in times {
            if r > seeding {
                slowest = slowest.max(cpu);
                slowest_wall = slowest_wall.max(wall);
            }
        }
    }
    println!(
        "slowest Burstein round of {players} players: {slowest:.3} s CPU ({slowest_wall:.3} s \
         wall); D: a seeding round, paired by the Dutch system"
    );
}
