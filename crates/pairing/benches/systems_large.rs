//! Times the other Swiss systems on the largest fields, one system a run: a generated event of
//! 9,999 players (Burstein, Dubov, Lim, Double-Swiss) or 2,000 teams of four boards (Swiss
//! Team), paired round by round by the engine, with the generators' usual byes, forfeits,
//! withdrawals and late entries. Each round prints its CPU time (the pairing thread's, which a
//! busy machine does not inflate), its wall-clock time, the process's peak memory while it was
//! paired (VmHWM, reset before each round) and a digest of its pairing: two builds that print
//! the same digests paired every round identically.
//!
//! Arguments: `SYSTEM [SIZE [ROUNDS [SEED]]]`, SYSTEM one of `burstein`, `dubov`, `lim`,
//! `double-swiss`, `team`. ROUNDS counts the event's rounds (Double-Swiss: matches); Burstein's
//! first ⌊ROUNDS/2⌋ rounds (at most 4) are seeding rounds, paired by the Dutch engine and
//! marked `D`, so the default of 3 rounds gives one Dutch round and two Burstein rounds.
//!
//! `cargo bench -p pairing --bench systems_large -- burstein 9999 3 1`

use std::time::Instant;

use pairing::burstein::{self, seeding_rounds, BursteinOptions};
use pairing::double_swiss::generator::DoubleSwissSettings;
use pairing::double_swiss::{self, DoubleSwissOptions};
use pairing::dubov::{self, DubovOptions};
use pairing::generator::{generate, Settings};
use pairing::lim::{self, LimOptions};
use pairing::team::generator::TeamSettings;
use pairing::team::{self, TeamOptions};
use pairing::{Pairing, PairingError};
use tournament::Tournament;

mod common;
use common::{load_average, pairing_digest, peak_memory_kb, reset_peak_memory, thread_cpu_seconds};

/// One round's figures.
struct Round {
    round: u32,
    /// `D` for a Burstein seeding round (the Dutch engine's), empty otherwise.
    kind: &'static str,
    cpu: f64,
    wall: f64,
    peak_mb: Option<f64>,
    digest: Option<u64>,
}

/// Pairs with `pair`, timing it and reading the memory it took.
fn timed(
    rounds: &mut Vec<Round>,
    round: u32,
    kind: &'static str,
    pair: impl FnOnce() -> Result<Pairing, PairingError>,
) -> Result<Pairing, PairingError> {
    reset_peak_memory();
    let (start, cpu) = (Instant::now(), thread_cpu_seconds());
    let result = pair();
    let wall = start.elapsed().as_secs_f64();
    let cpu = cpu.zip(thread_cpu_seconds()).map_or(wall, |(a, b)| b - a);
    let peak_mb = peak_memory_kb().map(|k| k as f64 / 1024.0);
    let digest = result.as_ref().ok().map(pairing_digest);
    let line = Round {
        round,
        kind,
        cpu,
        wall,
        peak_mb,
        digest,
    };
    println!("{}", describe(&line));
    rounds.push(line);
    result
}

fn describe(r: &Round) -> String {
    format!(
        "round {}{}: {:.3} s CPU ({:.3} s wall), peak {} MB, digest {}",
        r.round,
        r.kind,
        r.cpu,
        r.wall,
        r.peak_mb.map_or("?".to_string(), |m| format!("{m:.0}")),
        r.digest
            .map_or("none (no pairing)".to_string(), |d| format!("{d:016x}")),
    )
}

fn arg(args: &[String], n: usize) -> Option<u64> {
    args.get(n).and_then(|a| a.parse().ok())
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let Some(system) = args.first().cloned() else {
        println!(
            "usage: systems_large SYSTEM [SIZE [ROUNDS [SEED]]] (SYSTEM: burstein, dubov, lim, \
             double-swiss, team)"
        );
        return;
    };
    let team = system == "team";
    let size = arg(&args, 1).unwrap_or(if team { 2000 } else { 9999 }) as u32;
    let default_rounds = if system == "burstein" { 3 } else { 5 };
    let total = arg(&args, 2).unwrap_or(default_rounds) as u32;
    let seed = arg(&args, 3).unwrap_or(1);
    println!(
        "{system}: {size} {}, {total} {}, seed {seed}, load average before {}",
        if team { "teams of 4 boards" } else { "players" },
        if system == "double-swiss" {
            "matches"
        } else {
            "rounds"
        },
        load_average()
    );
    let mut rounds = Vec::new();
    let individual = |pair: &mut dyn FnMut(&Tournament, u32) -> Result<Pairing, PairingError>| {
        let settings = Settings {
            players: Some(size),
            rounds: Some(total),
            ..Settings::default()
        };
        generate(&settings, seed, pair).map(|_| ())
    };
    let result = match system.as_str() {
        "burstein" => {
            let seeding = seeding_rounds(total);
            let options = BursteinOptions::default();
            individual(&mut |t, r| {
                let kind = if r <= seeding { "D" } else { "" };
                timed(&mut rounds, r, kind, || burstein::pair(t, r, &options))
            })
        }
        "dubov" => individual(&mut |t, r| {
            timed(&mut rounds, r, "", || {
                dubov::pair(t, r, &DubovOptions::default())
            })
        }),
        "lim" => individual(&mut |t, r| {
            timed(&mut rounds, r, "", || {
                lim::pair(t, r, &LimOptions::default())
            })
        }),
        "double-swiss" => {
            let settings = DoubleSwissSettings {
                players: size,
                matches: total,
                ..DoubleSwissSettings::default()
            };
            let options = DoubleSwissOptions::default();
            double_swiss::generator::generate(&settings, seed, |t, k| {
                timed(&mut rounds, k, "", || double_swiss::pair(t, k, &options))
            })
            .map(|_| ())
        }
        "team" => {
            let settings = TeamSettings {
                teams: size,
                boards: 4,
                rounds: total,
                ..TeamSettings::default()
            };
            let options = TeamOptions::default();
            team::generator::generate(&settings, seed, |t, r| {
                timed(&mut rounds, r, "", || team::pair(t, r, &options))
            })
            .map(|_| ())
        }
        other => {
            println!("unknown system {other}");
            return;
        }
    };
    if let Err(e) = result {
        println!("{system}: {e}");
    }
    let slowest = rounds
        .iter()
        .filter(|r| r.kind.is_empty())
        .max_by(|a, b| a.cpu.total_cmp(&b.cpu));
    if let Some(r) = slowest {
        println!("{system}, {size}: slowest round {}", describe(r));
    }
    println!("load average after {}", load_average());
}
