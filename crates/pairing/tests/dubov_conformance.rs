//! The Dubov engine on `../shared/conformance/systems/dubov`: no reference pairing exists, so
//! each case carries the facts a valid pairing must respect (its README): every player of
//! `to_pair` exactly once, no pair from `played`, the PAB outside `no_pab`, no two players with
//! the same absolute preference together, and "no valid pairing" exactly where `legal_strict`
//! says none exists. Skipped (and says so) when the folder is missing.

use std::fs;
use std::path::Path;

use pairing::dubov::{self, DubovOptions};
use pairing::request::round_to_pair;
use tournament::trf;

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/conformance/systems/dubov"
);

/// The numbers of a JSON array of numbers (`"key": [1, 2, 3]`), or of pairs.
fn numbers_after(json: &str, key: &str) -> Vec<u32> {
    let Some(start) = json.find(&format!("\"{key}\"")) else {
        return Vec::new();
    };
    let rest = &json[start..];
    let open = rest.find('[').unwrap();
    let mut depth = 0;
    let mut end = open;
    for (i, c) in rest[open..].char_indices() {
        match c {
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    end = open + i;
                    break;
                }
            }
            _ => {}
        }
    }
    rest[open..end]
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap())
        .collect()
}

fn flag(json: &str, key: &str) -> bool {
    json.contains(&format!("\"{key}\": true"))
}

fn check_case(dir: &Path) -> Result<(), String> {
    let text = fs::read_to_string(dir.join("input.trf")).map_err(|e| e.to_string())?;
    let meta = fs::read_to_string(dir.join("meta.json")).map_err(|e| e.to_string())?;
    let t = trf::read(&text).map_err(|e| format!("{e:?}"))?;
    let round = round_to_pair(&t);
    let result = dubov::pair(&t, round, &DubovOptions::default());
    let legal = flag(&meta, "legal_strict");
    let p = match result {
        Err(pairing::PairingError::NoValidPairing { .. }) if !legal => return Ok(()),
        Err(e) => return Err(format!("{e} (legal_strict {legal})")),
        Ok(_) if !legal => return Err("paired a round the case says has no legal pairing".into()),
        Ok(p) => p,
    };
    let mut to_pair = numbers_after(&meta, "to_pair");
    let played: Vec<(u32, u32)> = numbers_after(&meta, "played")
        .chunks(2)
        .map(|c| (c[0].min(c[1]), c[0].max(c[1])))
        .collect();
    let no_pab = numbers_after(&meta, "no_pab");
    let prepared = dubov::prepare(&t, round, &DubovOptions::default()).unwrap();
    let mut seen = Vec::new();
    for b in &p.boards {
        let (w, k) = (b.white.0, b.black.0);
        if played.contains(&(w.min(k), w.max(k))) {
            return Err(format!("rematch {w}-{k}"));
        }
        let find = |id| prepared.players.iter().find(|x| x.id.0 == id).unwrap();
        let (pw, pk) = (find(w), find(k));
        if pw.absolute() && pk.absolute() && pw.preference == pk.preference {
            return Err(format!("{w}-{k}: same absolute preference"));
        }
        seen.extend([w, k]);
    }
    if let Some(bye) = p.bye {
        if no_pab.contains(&bye.0) {
            return Err(format!("PAB to {bye}, who may not have it"));
        }
        seen.push(bye.0);
    }
    seen.sort();
    to_pair.sort();
    if seen != to_pair {
        return Err(format!("paired {seen:?}, to pair {to_pair:?}"));
    }
    Ok(())
}

#[test]
fn conformance_cases_are_valid() {
    let root = Path::new(CORPUS);
    let Ok(entries) = fs::read_dir(root) else {
        println!("skipped: {CORPUS} not found");
        return;
    };
    let mut dirs: Vec<_> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.join("input.trf").exists())
        .collect();
    dirs.sort();
    let mut failures = Vec::new();
    for dir in &dirs {
        if let Err(e) = check_case(dir) {
            failures.push(format!("{}: {e}", dir.display()));
        }
    }
    println!(
        "dubov conformance: {}/{} cases valid",
        dirs.len() - failures.len(),
        dirs.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
