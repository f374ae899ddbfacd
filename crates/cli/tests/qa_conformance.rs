//! QA cross-checks of the binary against ../shared/conformance, on a sample so that they stay
//! fast: engine pairings, the checker on finished tournaments, validate and convert round
//! trips, and standings against FIDE's tie-break software. Skipped when the folder is absent.

mod common;

use std::path::{Path, PathBuf};

use common::{path_str, run, stdout, temp_dir};

fn conformance(sub: &str) -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/conformance")
        .join(sub);
    if p.exists() {
        Some(p)
    } else {
        println!("skipped: {} not found", p.display());
        None
    }
}

/// Every 37th case of the Dutch corpus: a spread of sizes and situations.
fn sample_cases() -> Vec<PathBuf> {
    let Some(dir) = conformance("dutch") else {
        return Vec::new();
    };
    let mut cases: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("input.trf").exists())
        .collect();
    cases.sort();
    cases.into_iter().step_by(37).collect()
}

#[test]
fn engine_pairings_match_the_reference_on_a_sample() {
    let dir = temp_dir();
    let cases = sample_cases();
    for case in &cases {
        let out = dir.path().join("out.txt");
        let o = run(&[
            "--dutch",
            path_str(&case.join("input.trf")),
            "-p",
            path_str(&out),
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", case.display());
        assert!(o.stdout.is_empty());
        assert_eq!(
            std::fs::read_to_string(&out).unwrap(),
            std::fs::read_to_string(case.join("expected.txt")).unwrap(),
            "{}",
            case.display()
        );
    }
    println!("{} cases identical", cases.len());
}

#[test]
fn the_checker_finds_no_difference_in_finished_reference_tournaments() {
    for case in sample_cases() {
        let o = run(&["--dutch", path_str(&case.join("full.trf")), "-c"]);
        assert_eq!(o.status.code(), Some(0), "{}", case.display());
        let text = stdout(&o);
        assert!(!text.is_empty());
        for line in text.lines() {
            assert!(
                line.starts_with("full: Round #"),
                "{}: {line}",
                case.display()
            );
        }
    }
}

#[test]
fn reference_files_validate_and_convert_round_trips_are_stable() {
    let dir = temp_dir();
    let mut files: Vec<PathBuf> = Vec::new();
    for case in sample_cases() {
        files.push(case.join("input.trf"));
        files.push(case.join("full.trf"));
    }
    if let Some(tb) = conformance("tiebreak/vega_events") {
        let mut v: Vec<PathBuf> = std::fs::read_dir(tb)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "trf"))
            .collect();
        v.sort();
        files.extend(v);
    }
    let a16 = dir.path().join("a16.trf");
    let a26 = dir.path().join("a26.trf");
    let b16 = dir.path().join("b16.trf");
    for f in &files {
        let v = run(&["validate", path_str(f)]);
        assert_eq!(v.status.code(), Some(0), "{}", f.display());
        for (i, o, to) in [
            (f, &a16, "trf16"),
            (&a16, &a26, "trf26"),
            (&a26, &b16, "trf16"),
        ] {
            let r = run(&["convert", path_str(i), "--to", to, "-o", path_str(o)]);
            assert_eq!(r.status.code(), Some(0), "{}", f.display());
        }
        assert_eq!(
            std::fs::read(&a16).unwrap(),
            std::fs::read(&b16).unwrap(),
            "{}",
            f.display()
        );
    }
}

#[test]
fn standings_agree_with_fide_tie_break_software_on_one_event() {
    let Some(dir) = conformance("tiebreak/vega_events") else {
        return;
    };
    for edition in ["V2024", "V2026"] {
        let name = format!("www2025HobsonsBayPurdyCup.tiebreakserver.{edition}.json");
        let reference: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join(name)).unwrap()).unwrap();
        let trf = dir.join(reference["input"].as_str().unwrap());
        let codes: Vec<&str> = reference["codes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .filter(|c| !matches!(*c, "DE" | "FB"))
            .collect();
        let all: Vec<&str> = reference["codes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        let precision = reference["precision"].as_array().unwrap();
        let list = codes.join(",");
        let o = run(&[
            "standings",
            path_str(&trf),
            "--swiss",
            "--rules",
            &edition[1..],
            "-f",
            "json",
            "-t",
            &list,
        ]);
        assert_eq!(o.status.code(), Some(0));
        let ours: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let mut compared = 0;
        for player in reference["players"].as_array().unwrap() {
            let row = ours["standings"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["id"] == player["id"])
                .unwrap();
            let mut k = 0;
            for (i, code) in all.iter().enumerate() {
                if matches!(*code, "DE" | "FB") {
                    continue;
                }
                let want = &player["values"][i];
                let got = &row["values"][k];
                k += 1;
                compared += 1;
                if want.is_null() || got.is_null() {
                    assert_eq!(want.is_null(), got.is_null(), "{edition} {code} {player}");
                    continue;
                }
                let tolerance = 0.5 * 10f64.powi(-(precision[i].as_i64().unwrap() as i32)) + 1e-9;
                let (w, g) = (want.as_f64().unwrap(), got.as_f64().unwrap());
                assert!(
                    (w - g).abs() <= tolerance,
                    "{edition} player {} {code}: reference {w}, ours {g}",
                    player["id"]
                );
            }
        }
        assert!(compared > 1000, "{compared}");
    }
}
