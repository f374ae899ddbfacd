//! Pairs the `dutch-large` conformance cases (400, 700, 1000 players) and prints, per case, the
//! seconds taken, whether the pairing is identical to the reference, and the process's peak
//! memory (VmHWM). Other case directories can be given as arguments.
//!
//! `cargo bench -p pairing --bench dutch_large [-- CASE_DIR...]`

use std::fs;
use std::path::PathBuf;
use std::time::Instant;

use pairing::dutch::{self, DutchOptions};
use pairing::request::round_to_pair;

mod common;
use common::peak_memory_kb;

fn format_pairing(p: &pairing::Pairing) -> String {
    let mut out = format!("{}\n", p.boards.len() + p.bye.is_some() as usize);
    for b in &p.boards {
        out.push_str(&format!("{} {}\n", b.white, b.black));
    }
    if let Some(bye) = p.bye {
        out.push_str(&format!("{bye} 0\n"));
    }
    out
}

fn main() {
    let root = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/conformance/dutch-large"
    );
    let mut dirs: Vec<PathBuf> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .map(PathBuf::from)
        .collect();
    if dirs.is_empty() {
        match fs::read_dir(root) {
            Ok(d) => {
                dirs = d
                    .filter_map(|e| e.ok())
                    .map(|e| e.path())
                    .filter(|p| p.join("input.trf").exists())
                    .collect();
                dirs.sort();
            }
            Err(_) => {
                println!("skipped: {root} not found");
                return;
            }
        }
    }
    let show = std::env::args().any(|a| a == "--show");
    for dir in dirs {
        let Ok(text) = fs::read_to_string(dir.join("input.trf")) else {
            println!("{}: no input.trf", dir.display());
            continue;
        };
        let t = match tournament::trf::read(&text) {
            Ok(t) => t,
            Err(e) => {
                println!("{}: unreadable: {e}", dir.display());
                continue;
            }
        };
        let start = Instant::now();
        let round = round_to_pair(&t);
        let result = dutch::pair(&t, round, &DutchOptions::default());
        let seconds = start.elapsed().as_secs_f64();
        let got = match &result {
            Ok(p) => format_pairing(p),
            Err(e) => format!("error: {e}"),
        };
        let expected = fs::read_to_string(dir.join("expected.txt"));
        let verdict = match &expected {
            Ok(expected) if *expected == got => "identical",
            Ok(_) => "DIFFERENT",
            Err(_) => "no expected.txt",
        };
        if show && verdict != "identical" {
            println!(
                "expected: {}",
                expected.unwrap_or_default().replace('\n', " | ")
            );
            println!("got:      {}", got.replace('\n', " | "));
        }
        println!(
            "{}: {} players, round {round}: {seconds:.3} s, {verdict}, peak memory {} MB",
            dir.file_name().and_then(|n| n.to_str()).unwrap_or("?"),
            t.players.len(),
            peak_memory_kb().map_or("?".to_string(), |k| format!("{:.1}", k as f64 / 1024.0)),
        );
    }
}
