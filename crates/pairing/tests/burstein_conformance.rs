//! The Burstein rounds of `../shared/conformance/systems/burstein` (no expected pairing
//! exists; see its README): every case must be paired validly, or refused with "no valid
//! pairing" where none exists; every player to pair exactly once, no rematch of a game
//! played, the PAB only to a player who may have it, no two players with the same absolute
//! colour preference together; and a seeding round must be the Dutch pairing of the file.
//!
//! `cargo test -p pairing --test integration burstein_conformance -- --nocapture`

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

use pairing::burstein::{self, BursteinOptions};
use pairing::dutch::{self, DutchOptions};
use pairing::request::round_to_pair;
use pairing::PairingError;
use serde_json::Value;

use crate::conformance_json::numbers;

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/conformance/systems/burstein"
);

fn cases(root: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(root)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.join("input.trf").exists())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// What the case's `meta.json` says a valid answer must respect; `Err` names the problem.
fn check_case(case: &Path) -> Result<&'static str, String> {
    let name = case.display();
    let text = fs::read_to_string(case.join("input.trf")).map_err(|e| format!("{name}: {e}"))?;
    let meta: Value = serde_json::from_str(
        &fs::read_to_string(case.join("meta.json")).map_err(|e| format!("{name}: {e}"))?,
    )
    .map_err(|e| format!("{name}: meta.json: {e}"))?;
    let t = tournament::trf::read(&text).map_err(|e| format!("{name}: unreadable TRF: {e}"))?;
    let round = round_to_pair(&t);
    if Some(u64::from(round)) != meta["round"].as_u64() {
        return Err(format!(
            "{name}: round {round}, meta.json says {}",
            meta["round"]
        ));
    }
    let legal = meta["legal_strict"].as_bool().unwrap_or(true);
    let options = BursteinOptions::default();
    let pairing = match burstein::pair(&t, round, &options) {
        Err(PairingError::NoValidPairing { .. }) if !legal => return Ok("no valid pairing"),
        Err(e) => return Err(format!("{name}: round {round}: {e}")),
        Ok(_) if !legal => return Err(format!("{name}: paired, but no legal pairing exists")),
        Ok(p) => p,
    };
    // Every player to pair exactly once, nobody else.
    let mut seen: Vec<u32> = pairing
        .boards
        .iter()
        .flat_map(|b| [b.white.0, b.black.0])
        .chain(pairing.bye.map(|b| b.0))
        .collect();
    seen.sort();
    let mut to_pair = numbers(&meta["to_pair"]);
    to_pair.sort();
    if seen != to_pair {
        return Err(format!("{name}: paired {seen:?}, to pair {to_pair:?}"));
    }
    let played: HashSet<(u32, u32)> = meta["played"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            let v = numbers(p);
            (v[0].min(v[1]), v[0].max(v[1]))
        })
        .collect();
    let absolute = |p: u32| meta["absolute"][p.to_string()].as_str().map(str::to_string);
    for b in &pairing.boards {
        let (w, k) = (b.white.0, b.black.0);
        if played.contains(&(w.min(k), w.max(k))) {
            return Err(format!("{name}: {w}-{k} have already played"));
        }
        if absolute(w).is_some() && absolute(w) == absolute(k) {
            return Err(format!("{name}: {w}-{k} have the same absolute preference"));
        }
    }
    if let Some(bye) = pairing.bye {
        if numbers(&meta["no_pab"]).contains(&bye.0) {
            return Err(format!(
                "{name}: the PAB goes to {bye}, who may not have it"
            ));
        }
    }
    if burstein::is_seeding_round(&t, round).map_err(|e| e.to_string())? {
        let dutch = dutch::pair(&t, round, &DutchOptions::default())
            .map_err(|e| format!("{name}: the Dutch engine: {e}"))?;
        if dutch != pairing {
            return Err(format!("{name}: a seeding round unlike the Dutch pairing"));
        }
        return Ok("seeding round");
    }
    Ok("paired")
}

#[test]
fn burstein_system_cases_are_valid() {
    let root = Path::new(CORPUS);
    let cases = cases(root);
    if cases.is_empty() {
        println!("burstein systems: skipped, {CORPUS} not found");
        return;
    }
    let mut problems = Vec::new();
    let (mut seeding, mut impossible) = (0, 0);
    for case in &cases {
        match check_case(case) {
            Ok("seeding round") => seeding += 1,
            Ok("no valid pairing") => impossible += 1,
            Ok(_) => {}
            Err(e) => problems.push(e),
        }
    }
    println!(
        "burstein systems: valid {}/{} ({seeding} seeding rounds equal to the Dutch pairing, \
         {impossible} without a valid pairing)",
        cases.len() - problems.len(),
        cases.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
