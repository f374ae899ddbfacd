//! The Swiss Team cases of `../shared/conformance/systems/team` (see its README): no reference
//! pairing exists, so each case is checked for what any correct engine shows: exit 0 (or "no
//! valid pairing" exactly where none exists), every team to pair exactly once, no rematch of a
//! match played over the board, the PAB only to a team that may have it. Skipped, with a
//! message, when the folder is absent.

use std::collections::HashSet;
use std::fs;
use std::path::Path;

use pairing::request::round_to_pair;
use pairing::team::{self, TeamOptions};
use pairing::PairingError;

use crate::conformance_json::numbers;

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/conformance/systems/team"
);

/// Checks one case; the problem found, if any.
fn check_case(dir: &Path) -> Result<(), String> {
    let name = dir.display();
    let text = fs::read_to_string(dir.join("input.trf")).map_err(|e| format!("{name}: {e}"))?;
    let meta: serde_json::Value = serde_json::from_str(
        &fs::read_to_string(dir.join("meta.json")).map_err(|e| format!("{name}: {e}"))?,
    )
    .map_err(|e| format!("{name}: meta.json: {e}"))?;
    let t = tournament::trf::read(&text).map_err(|e| format!("{name}: unreadable TRF: {e}"))?;
    let round = round_to_pair(&t);
    let expected_round = meta["round"].as_u64().unwrap_or(0) as u32;
    if round != expected_round {
        return Err(format!(
            "{name}: round {round} to pair, meta says {expected_round}"
        ));
    }
    let options = TeamOptions::of(&t).map_err(|e| format!("{name}: {e}"))?;
    let legal = meta["legal_lax"].as_bool().unwrap_or(true);
    let pairing = match team::pair(&t, round, &options) {
        Ok(p) => p,
        Err(PairingError::NoValidPairing { .. }) if !legal => return Ok(()),
        Err(e) => return Err(format!("{name}: {e}")),
    };
    if !legal {
        return Err(format!("{name}: paired a round meta.json calls impossible"));
    }
    let to_pair: HashSet<u32> = numbers(&meta["to_pair"]).into_iter().collect();
    let mut seen = HashSet::new();
    for id in pairing
        .boards
        .iter()
        .flat_map(|b| [b.white.0, b.black.0])
        .chain(pairing.bye.map(|b| b.0))
    {
        if !seen.insert(id) {
            return Err(format!("{name}: team {id} paired twice"));
        }
    }
    if seen != to_pair {
        return Err(format!(
            "{name}: paired {:?}, meta.json says {:?}",
            sorted(&seen),
            sorted(&to_pair)
        ));
    }
    let played: HashSet<(u32, u32)> = meta["played"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(numbers)
                .filter(|p| p.len() == 2)
                .map(|p| (p[0].min(p[1]), p[0].max(p[1])))
                .collect()
        })
        .unwrap_or_default();
    for b in &pairing.boards {
        let key = (b.white.0.min(b.black.0), b.white.0.max(b.black.0));
        if played.contains(&key) {
            return Err(format!("{name}: rematch {key:?}"));
        }
    }
    if let Some(bye) = pairing.bye {
        if numbers(&meta["no_pab"]).contains(&bye.0) {
            return Err(format!("{name}: PAB to team {bye}, which may not have it"));
        }
    }
    Ok(())
}

fn sorted(s: &HashSet<u32>) -> Vec<u32> {
    let mut v: Vec<u32> = s.iter().copied().collect();
    v.sort_unstable();
    v
}

#[test]
fn every_team_case_is_paired_validly() {
    let root = Path::new(CORPUS);
    let Ok(dir) = fs::read_dir(root) else {
        eprintln!(
            "team_conformance: skipped, {} is not there (the shared conformance data)",
            root.display()
        );
        return;
    };
    let mut cases: Vec<_> = dir
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.join("input.trf").is_file())
        .collect();
    cases.sort();
    assert!(!cases.is_empty(), "no cases in {}", root.display());
    let problems: Vec<String> = cases.iter().filter_map(|c| check_case(c).err()).collect();
    eprintln!(
        "team_conformance: {} of {} cases valid",
        cases.len() - problems.len(),
        cases.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
