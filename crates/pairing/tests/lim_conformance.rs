//! The Lim cases of `../shared/conformance/systems/lim` (no expected pairing exists for Lim):
//! every case gets a pairing that pairs each player of `to_pair` exactly once, repeats no pair
//! of `played`, gives the PAB to nobody in `no_pab`, and keeps each player's colour out of
//! `lim_forbidden` (the limits of 5.1) outside the last round; exit 1 ("no valid pairing")
//! only where `legal_strict` says no legal pairing exists. Skipped when the folder is absent.

use std::fs;
use std::path::Path;

use pairing::lim::{pair, LimOptions};
use pairing::request::round_to_pair;
use pairing::PairingError;
use serde_json::Value;

use crate::conformance_json::numbers;

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/conformance/systems/lim"
);

/// What is wrong with the engine's answer on one case, if anything.
fn verdict(dir: &Path) -> Result<(), String> {
    let text = fs::read_to_string(dir.join("input.trf")).map_err(|e| e.to_string())?;
    let meta: Value = serde_json::from_str(
        &fs::read_to_string(dir.join("meta.json")).map_err(|e| e.to_string())?,
    )
    .map_err(|e| e.to_string())?;
    let t = tournament::trf::read(&text).map_err(|e| format!("{e:?}"))?;
    let round = round_to_pair(&t);
    if u64::from(round) != meta["round"].as_u64().unwrap_or(0) {
        return Err(format!("round {round} is not the case's {}", meta["round"]));
    }
    let last = u64::from(round) == meta["rounds"].as_u64().unwrap_or(0);
    let p = match pair(&t, round, &LimOptions::default()) {
        Err(PairingError::NoValidPairing { .. }) if meta["legal_strict"] == false => return Ok(()),
        Err(e) => return Err(format!("{e}")),
        Ok(p) => p,
    };
    let mut seen: Vec<u32> = p
        .boards
        .iter()
        .flat_map(|b| [b.white.0, b.black.0])
        .collect();
    seen.extend(p.bye.map(|b| b.0));
    seen.sort_unstable();
    let mut to_pair = numbers(&meta["to_pair"]);
    to_pair.sort_unstable();
    if seen != to_pair {
        return Err(format!("paired {seen:?}, expected {to_pair:?}"));
    }
    for pair in meta["played"].as_array().into_iter().flatten() {
        let met = numbers(pair);
        if p.boards
            .iter()
            .any(|b| met.contains(&b.white.0) && met.contains(&b.black.0))
        {
            return Err(format!("rematch {met:?}"));
        }
    }
    if let Some(b) = p.bye {
        if numbers(&meta["no_pab"]).contains(&b.0) {
            return Err(format!("second PAB for {b}"));
        }
    }
    if !last {
        for b in &p.boards {
            for (id, colour) in [(b.white.0, "w"), (b.black.0, "b")] {
                let forbidden = &meta["lim_forbidden"][id.to_string()];
                if forbidden
                    .as_array()
                    .is_some_and(|a| a.iter().any(|c| c == colour))
                {
                    return Err(format!("{id} gets {colour} beyond the colour limits"));
                }
            }
        }
    }
    Ok(())
}

#[test]
fn lim_cases_are_paired_within_the_absolute_rules() {
    let root = Path::new(CORPUS);
    let Ok(entries) = fs::read_dir(root) else {
        println!("skipped: {} not found", root.display());
        return;
    };
    let mut dirs: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("input.trf").exists())
        .collect();
    dirs.sort();
    let failures: Vec<String> = dirs
        .iter()
        .filter_map(|d| verdict(d).err().map(|e| format!("{}: {e}", d.display())))
        .collect();
    println!(
        "lim cases: {}/{} valid",
        dirs.len() - failures.len(),
        dirs.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
