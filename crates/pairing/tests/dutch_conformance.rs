//! Conformance of the Dutch engine with the reference engine's pairings
//! (`../shared/conformance/dutch`, `dutch-large` and `dutch-pab`): same pairs, colours, bye and
//! board order.
//!
//! Run with `cargo test --profile test-release -p pairing --test integration dutch_conformance -- --nocapture`.
//! Environment: `DUTCH_CONFORMANCE_MIN` lowers the required number of identical cases while
//! iterating, `DUTCH_CONFORMANCE_MAX_PLAYERS` skips larger cases, `DUTCH_CONFORMANCE_SHOW` sets
//! the number of mismatches printed.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use pairing::dutch::brackets::Variant;
use pairing::dutch::solver::CandidateFactory;
use pairing::dutch::{self, DutchOptions};
use pairing::request::round_to_pair;

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/conformance/dutch"
);
const LARGE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/conformance/dutch-large"
);
/// Odd fields in late rounds, many players barred from another PAB.
const PAB: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/conformance/dutch-pab"
);

/// The engines' `-p` output: the number of pairs (PAB included), `white black` per board, the
/// PAB receiver against 0 last.
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

fn cases(root: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(root)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| {
                    p.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with("case_"))
                })
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

fn env_usize(name: &str) -> Option<usize> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// The matching on a candidate graph for every graph, however small, with few candidates, so
/// that the certificate works on every case (the default engine keeps small graphs whole).
const EVERY_GRAPH_SPARSE: CandidateFactory = CandidateFactory {
    per_vertex: 6,
    from_vertices: 0,
};

/// Pairs one case; `None` when it is larger than `max_players`, else the mismatch if any.
/// `sparse`: with [`EVERY_GRAPH_SPARSE`] rather than the default engine.
fn check_case(case: &Path, max_players: usize, sparse: bool) -> Option<Result<(), String>> {
    let expected = fs::read_to_string(case.join("expected.txt")).ok()?;
    let pairs: usize = expected.lines().next()?.trim().parse().ok()?;
    if pairs * 2 > max_players.saturating_add(1) {
        return None;
    }
    let text = match fs::read_to_string(case.join("input.trf")) {
        Ok(t) => t,
        Err(e) => return Some(Err(format!("{}: {e}", case.display()))),
    };
    let t = match tournament::trf::read(&text) {
        Ok(t) => t,
        Err(e) => return Some(Err(format!("{}: unreadable TRF: {e}", case.display()))),
    };
    let round = round_to_pair(&t);
    let options = DutchOptions::default();
    let pairing = if sparse {
        dutch::pair_with(&t, round, &options, &EVERY_GRAPH_SPARSE, Variant::default())
    } else {
        dutch::pair(&t, round, &options)
    };
    let got = match pairing {
        Ok(p) => format_pairing(&p),
        Err(e) => format!("error: {e}\n"),
    };
    Some(if got == expected {
        Ok(())
    } else {
        Err(format!(
            "{}: round {round}\n expected: {}\n got:      {}",
            case.display(),
            expected.trim_end().replace('\n', " | "),
            got.trim_end().replace('\n', " | ")
        ))
    })
}

/// Pairs every case under `root` on two threads; returns (identical, compared, mismatches).
fn run_corpus(root: &Path, max_players: usize, sparse: bool) -> (usize, usize, Vec<String>) {
    let all = cases(root);
    let next = AtomicUsize::new(0);
    let identical = AtomicUsize::new(0);
    let compared = AtomicUsize::new(0);
    let mismatches = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(case) = all.get(i) else { break };
                match check_case(case, max_players, sparse) {
                    None => {}
                    Some(Ok(())) => {
                        compared.fetch_add(1, Ordering::Relaxed);
                        identical.fetch_add(1, Ordering::Relaxed);
                    }
                    Some(Err(m)) => {
                        compared.fetch_add(1, Ordering::Relaxed);
                        mismatches.lock().unwrap().push(m);
                    }
                }
            });
        }
    });
    let mut m = mismatches.into_inner().unwrap();
    m.sort();
    (identical.into_inner(), compared.into_inner(), m)
}

fn report(name: &str, root: &Path, default_max_players: usize, sparse: bool) {
    if !root.exists() {
        println!("skipped: {} not found", root.display());
        return;
    }
    let max_players = env_usize("DUTCH_CONFORMANCE_MAX_PLAYERS").unwrap_or(default_max_players);
    let (identical, compared, mismatches) = run_corpus(root, max_players, sparse);
    println!("{name}: identical: {identical}/{compared}");
    for m in mismatches
        .iter()
        .take(env_usize("DUTCH_CONFORMANCE_SHOW").unwrap_or(5))
    {
        println!("{m}");
    }
    let min = env_usize("DUTCH_CONFORMANCE_MIN").unwrap_or(compared);
    assert!(
        identical >= min,
        "{name}: identical {identical} < required {min}"
    );
}

#[test]
fn dutch_corpus_is_identical() {
    report("dutch", Path::new(CORPUS), usize::MAX, false);
}

#[test]
fn dutch_large_is_identical() {
    report("dutch-large", Path::new(LARGE), usize::MAX, false);
}

#[test]
fn dutch_pab_is_identical() {
    report("dutch-pab", Path::new(PAB), usize::MAX, false);
}

/// The three corpora again with every graph on a candidate graph (issue 37).
#[test]
fn every_corpus_is_identical_on_candidate_graphs() {
    report(
        "dutch, candidate graphs",
        Path::new(CORPUS),
        usize::MAX,
        true,
    );
    report(
        "dutch-pab, candidate graphs",
        Path::new(PAB),
        usize::MAX,
        true,
    );
    report(
        "dutch-large, candidate graphs",
        Path::new(LARGE),
        usize::MAX,
        true,
    );
}
