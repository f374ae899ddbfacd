//! Times the Lim engine on large fields: a whole random event (the generator's draws) paired
//! round by round, printing the seconds each round took (wall, and CPU where Linux says), a
//! digest of its pairing (equal digests from two builds of the engine: identical pairings)
//! and the slowest round.
//!
//! `cargo bench -p pairing --bench lim_large [-- PLAYERS [ROUNDS [SEED]]]` (default 1000 9 1).

use std::time::Instant;

use pairing::generator::{generate, Settings};
use pairing::lim::{self, LimOptions};
use tournament::Tournament;

mod common;

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let players = args.first().copied().unwrap_or(1000);
    let rounds = args.get(1).copied().unwrap_or(9);
    let seed = args.get(2).copied().unwrap_or(1);
    let text = format!("PlayersNumber={players}\nRoundsNumber={rounds}\n");
    let settings = Settings::from_properties(&text).expect("settings");
    let mut times = Vec::new();
    let engine = |t: &Tournament, r: u32| {
        let mut t = t.clone();
        t.header.rounds = Some(rounds);
        let (start, cpu_start) = (Instant::now(), common::thread_cpu_seconds());
        let p = lim::pair(&t, r, &LimOptions::default());
        let seconds = start.elapsed().as_secs_f64();
        let cpu = match (cpu_start, common::thread_cpu_seconds()) {
            (Some(a), Some(b)) => format!(", {:.3} s of CPU", b - a),
            _ => String::new(),
        };
        let digest = p.as_ref().map_or(0, common::pairing_digest);
        println!("lim {players} players, round {r}: {seconds:.3} s{cpu} (pairing {digest:016x})");
        times.push(seconds);
        p
    };
    match generate(&settings, u64::from(seed), engine) {
        Ok(_) => {
            let slowest = times.iter().copied().fold(0.0, f64::max);
            println!("lim {players} players: slowest round {slowest:.3} s");
        }
        Err(e) => println!("lim {players} players: stopped: {e}"),
    }
}
