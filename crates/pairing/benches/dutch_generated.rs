//! Pairs every round of a tournament made by our generator and prints, per round, the seconds
//! the Dutch engine took (wall clock, and the pairing thread's CPU time, which a busy machine
//! does not inflate), the round's peak memory (VmHWM reset before each round), how it paired
//! (directly, window by window, whole graph) and a digest of the pairing (equal digests from two
//! builds: identical pairings); then the load average. This is where the engine
//! stands beyond the conformance cases: the default is 2,000 players and 7 rounds; `9999 1`
//! times a 9,999-player round 1, `9999 9 2` the first two rounds of a 9-round tournament of
//! 9,999 players.
//!
//! The settings are those of the dutch-large conformance cases (30 % draws, a forfeit in 40
//! games, one player in 200 retiring, a half-point bye in 200 rounds) unless `--usual` (the
//! generator's own random choices, as `arbiter generate` makes them; `--forfeit-rate N` fixes
//! the forfeits) or `--clean` (no forfeit, bye or retirement: every game played). `--seed N`
//! changes the seed (11). The generator makes at most 9,999 players (TRF-16 pairing numbers).
//!
//! Issue 37's two events: `-- 9999 11 --usual --forfeit-rate 40` and `-- 9999 11 --clean`.
//!
//! The engine pairs as `dutch::pair` does (the matching on the whole weight matrix);
//! `--candidates` pairs with the matching on a candidate graph certified by the duals
//! (`CandidateFactory`, docs/dutch-engine.md), `--per-vertex K` and `--from-vertices N` setting
//! its size and the graphs it starts at.
//!
//! `--save FILE` writes the tournament as it stands before the last round paired (TRF-16), so
//! that round can be timed again through the binary: `arbiter --dutch FILE -p`.
//!
//! `cargo bench -p pairing --bench dutch_generated [-- PLAYERS ROUNDS [PAIRED] [--save FILE]]`

use std::time::Instant;

use pairing::dutch::brackets::Variant;
use pairing::dutch::solver::{BlossomFactory, CandidateFactory};
use pairing::dutch::{self, DutchOptions};
use pairing::generator::{generate, Settings};
use pairing::PairingError;

mod common;

fn peak_memory_mb() -> String {
    common::peak_memory_kb().map_or("?".to_string(), |kb| format!("{:.0}", kb as f64 / 1024.0))
}

/// The value after `flag` among the arguments.
fn value_of(args: &[String], flag: &str) -> Option<String> {
    let i = args.iter().position(|a| a == flag)?;
    args.get(i + 1).cloned()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let save = value_of(&args, "--save");
    let seed: u64 = value_of(&args, "--seed")
        .and_then(|s| s.parse().ok())
        .unwrap_or(11);
    // The numbers that are not a flag's value.
    let numbers: Vec<u32> = args
        .iter()
        .enumerate()
        .filter(|&(i, _)| i == 0 || !args[i - 1].starts_with("--"))
        .filter_map(|(_, a)| a.parse().ok())
        .collect();
    let usual = args.iter().any(|a| a == "--usual");
    let sparse = args.iter().any(|a| a == "--candidates");
    let defaults = CandidateFactory::default();
    let candidates = CandidateFactory {
        per_vertex: value_of(&args, "--per-vertex")
            .and_then(|s| s.parse().ok())
            .unwrap_or(defaults.per_vertex),
        from_vertices: value_of(&args, "--from-vertices")
            .and_then(|s| s.parse().ok())
            .unwrap_or(defaults.from_vertices),
    };
    let clean = args.iter().any(|a| a == "--clean");
    let players = numbers.first().copied().unwrap_or(2000);
    let rounds = numbers.get(1).copied().unwrap_or(7);
    // Pair only the first rounds of a longer tournament: its last round has the topscorer
    // rules, which an early round does not.
    let paired = numbers.get(2).copied().unwrap_or(rounds).min(rounds);
    // The settings of the dutch-large conformance cases, or with `--usual` the generator's own
    // random choices (forfeits one game in 6 to 30, as `arbiter generate` makes them).
    let settings = if clean {
        Settings {
            players: Some(players),
            rounds: Some(rounds),
            draw_percentage: Some(30),
            forfeit_rate: Some(0),
            retired_rate: Some(0),
            half_point_bye_rate: Some(0),
            ..Settings::default()
        }
    } else if usual {
        Settings {
            players: Some(players),
            rounds: Some(rounds),
            forfeit_rate: value_of(&args, "--forfeit-rate").and_then(|s| s.parse().ok()),
            ..Settings::default()
        }
    } else {
        Settings {
            players: Some(players),
            rounds: Some(rounds),
            draw_percentage: Some(30),
            forfeit_rate: Some(40),
            retired_rate: Some(200),
            half_point_bye_rate: Some(200),
            ..Settings::default()
        }
    };
    let options = DutchOptions::default();
    let mut total = 0.0;
    let result = generate(&settings, seed, |t, round| {
        if round > paired {
            return Err(PairingError::InvalidRequest(format!(
                "the benchmark ends after round {paired}"
            )));
        }
        if let (Some(path), true) = (&save, round == paired) {
            let text = tournament::trf::write(t, tournament::trf::Format::Trf16);
            std::fs::write(path, text)
                .map_err(|e| PairingError::InvalidRequest(format!("cannot write {path}: {e}")))?;
            println!("round {round} to pair written to {path}");
        }
        let method = dutch::method(t, round, &options, Variant::default());
        common::reset_peak_memory();
        let start = Instant::now();
        let cpu_start = common::thread_cpu_seconds();
        let pairing = if sparse {
            dutch::pair_with(t, round, &options, &candidates, Variant::default())
        } else {
            dutch::pair_with(t, round, &options, &BlossomFactory, Variant::default())
        };
        let seconds = start.elapsed().as_secs_f64();
        let cpu = match (cpu_start, common::thread_cpu_seconds()) {
            (Some(a), Some(b)) => format!("{:.2} s CPU", b - a),
            _ => "CPU ?".to_string(),
        };
        total += seconds;
        let how = match method {
            Ok(dutch::Method::Direct) => "direct (no history)",
            Ok(dutch::Method::Windows) => "window by window",
            _ => "whole graph",
        };
        let outcome = match &pairing {
            Ok(p) => format!(", pairing {:016x}", common::pairing_digest(p)),
            Err(e) => format!(", {e}"),
        };
        println!(
            "{players} players, round {round}: {seconds:.2} s ({cpu}), peak {} MB, {how}{outcome}",
            peak_memory_mb()
        );
        pairing
    });
    if let Err(e) = result {
        println!("stopped: {e}");
    }
    println!(
        "{players} players, {paired} of {rounds} rounds: {total:.2} s pairing, load average {}",
        common::load_average()
    );
}
