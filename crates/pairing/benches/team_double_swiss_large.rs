//! Pairs every round of large generated events and prints, per round, the seconds the engine
//! took: a Swiss Team competition of 1,000 teams (four boards, 9 rounds, type A, with byes,
//! forfeits, withdrawals and late entries) and a Double-Swiss tournament of 1,000 players (9
//! matches); then the slowest round of each, and the process's peak memory (VmHWM).
//!
//! `cargo bench -p pairing --bench team_double_swiss_large [-- TEAMS_OR_PLAYERS]`

use std::time::Instant;

use pairing::double_swiss::generator::DoubleSwissSettings;
use pairing::double_swiss::{self, DoubleSwissOptions};
use pairing::team::generator::TeamSettings;
use pairing::team::{self, TeamOptions};

mod common;
use common::peak_memory_kb;

fn main() {
    let size: u32 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(1000);
    let settings = TeamSettings {
        teams: size,
        boards: 4,
        rounds: 9,
        ..TeamSettings::default()
    };
    let options = TeamOptions::default();
    let mut times = Vec::new();
    let result = team::generator::generate(&settings, 7, |t, r| {
        let start = Instant::now();
        let p = team::pair(t, r, &options);
        let s = start.elapsed().as_secs_f64();
        println!("team, {size} teams, round {r}: {s:.3} s");
        times.push(s);
        p
    });
    if let Err(e) = result {
        println!("team: {e}");
    }
    let worst = times.iter().copied().fold(0.0, f64::max);
    println!("team, {size} teams: slowest round {worst:.3} s");
    let settings = DoubleSwissSettings {
        players: size,
        matches: 9,
        ..DoubleSwissSettings::default()
    };
    let options = DoubleSwissOptions::default();
    let mut times = Vec::new();
    let result = double_swiss::generator::generate(&settings, 7, |t, k| {
        let start = Instant::now();
        let p = double_swiss::pair(t, k, &options);
        let s = start.elapsed().as_secs_f64();
        println!("double-swiss, {size} players, match {k}: {s:.3} s");
        times.push(s);
        p
    });
    if let Err(e) = result {
        println!("double-swiss: {e}");
    }
    let worst = times.iter().copied().fold(0.0, f64::max);
    println!("double-swiss, {size} players: slowest match {worst:.3} s");
    println!(
        "peak memory {} MB",
        peak_memory_kb().map_or("?".to_string(), |k| format!("{:.1}", k as f64 / 1024.0))
    );
}
