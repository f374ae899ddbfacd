//! Times the Lim engine on large fields: a whole random event (the generator's draws) paired
//! round by round, printing the seconds each round took (wall, and CPU where Linux says), a
//! digest of its pairing (equal digests from two builds of the engine: identical pairings)
//! and the slowest round.
//!
//! `cargo bench -p pairing --bench lim_large [-- PLAYERS [ROUNDS [SEED]]]` (default 1000 9 1).

use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::Instant;

use pairing::generator::{generate, Settings};
use pairing::lim::{self, LimOptions};
use tournament::Tournament;

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
        let (start, cpu_start) = (Instant::now(), cpu_seconds());
        let p = lim::pair(&t, r, &LimOptions::default());
        let seconds = start.elapsed().as_secs_f64();
        let cpu = match (cpu_start, cpu_seconds()) {
            (Some(a), Some(b)) => format!(", {:.3} s of CPU", b - a),
            _ => String::new(),
        };
        let mut digest = DefaultHasher::new();
        if let Ok(p) = &p {
            for b in &p.boards {
                (b.white.0, b.black.0).hash(&mut digest);
            }
            p.bye.map(|b| b.0).hash(&mut digest);
        }
        println!(
            "lim {players} players, round {r}: {seconds:.3} s{cpu} (pairing {:016x})",
            digest.finish()
        );
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

/// The CPU time this thread has used, where Linux tells it (`/proc/thread-self/schedstat`):
/// on a loaded machine the wall time says more about the other processes.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos / 1e9)
}
