//! `arbiter convert IN.TUNX`: Swiss-Manager's files converted to TRF, and bad files refused
//! with exit 3 and no output file.

use std::path::{Path, PathBuf};

mod common;

use common::{arbiter, stderr, stdout, temp_dir};

fn tunx_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tournament/tests/fixtures/tunx");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "TUNX"))
        .collect();
    v.sort();
    v
}

#[test]
fn every_real_individual_file_converts_and_validates() {
    let dir = temp_dir();
    let mut converted = 0;
    for f in tunx_files() {
        if f.ends_with("cro_1386026.TUNX") {
            continue;
        }
        for to in ["trf16", "trf26"] {
            let out_path = dir.path().join(format!("out-{to}.trf"));
            let o = arbiter()
                .args(["convert", "--to", to, "-o"])
                .arg(&out_path)
                .arg(&f)
                .output()
                .unwrap();
            assert_eq!(o.status.code(), Some(0), "{}: {}", f.display(), stderr(&o));
            let v = arbiter().arg("validate").arg(&out_path).output().unwrap();
            assert_eq!(v.status.code(), Some(0), "{}: {}", f.display(), stdout(&v));
            assert!(stdout(&v).contains(": ok, "), "{}", stdout(&v));
        }
        converted += 1;
    }
    assert_eq!(converted, 36);
}

#[test]
fn a_round_without_results_is_named_in_a_warning() {
    let f = tunx_files()
        .into_iter()
        .find(|p| p.ends_with("abs_fem_1378181.TUNX"))
        .unwrap();
    let o = arbiter()
        .args(["convert", "--to", "trf26"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stderr(&o).contains("warning: round 5: paired (13 records) but no result entered yet"),
        "{}",
        stderr(&o)
    );
    // 12 boards and the bye paired (the 4 absent players are not counted). The four rounds
    // with results, 29 players, and the Swiss-Manager tie-breaks as a comment.
    let trf = stdout(&o);
    assert_eq!(trf.lines().filter(|l| l.starts_with("001 ")).count(), 29);
    assert!(trf.contains("142 7\n"));
    assert!(trf.contains("### Swiss-Manager tie-breaks: Progressive score, Buchholz, Buchholz, Buchholz cut 1, Number of wins"));
}

#[test]
fn bad_files_exit_3_and_write_nothing() {
    let dir = temp_dir();
    let sample = tunx_files()
        .into_iter()
        .find(|p| p.ends_with("sample.TUNX"))
        .unwrap();
    let bytes = std::fs::read(&sample).unwrap();
    let truncated = dir.path().join("cut.TUNX");
    std::fs::write(&truncated, &bytes[..16000]).unwrap();
    let not_tunx = dir.path().join("text.TUNX");
    std::fs::write(&not_tunx, "012 Club Open\n").unwrap();
    let team = tunx_files()
        .into_iter()
        .find(|p| p.ends_with("cro_1386026.TUNX"))
        .unwrap();
    for (input, says) in [
        (truncated, "expected round 2's record"),
        (
            not_tunx,
            "byte 0: expected a Swiss-Manager tournament file (.TUNX)",
        ),
        (team, "a team tournament (type 2): team files are not read"),
    ] {
        let out_path = dir.path().join("out.trf");
        let o = arbiter()
            .args(["convert", "--to", "trf16", "-o"])
            .arg(&out_path)
            .arg(&input)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(3), "{}", input.display());
        assert!(
            stderr(&o).contains(says),
            "{}: {}",
            input.display(),
            stderr(&o)
        );
        assert!(stderr(&o).contains(&input.display().to_string()));
        assert!(!out_path.exists());
    }
}

/// The rounds of a `--dutch FILE -c` report (the engines' checker format) that differ from the
/// file's pairing.
fn differing_rounds(report: &str) -> (usize, Vec<u32>) {
    let mut rounds = 0;
    let mut differ = Vec::new();
    let mut current = 0;
    for line in report.lines() {
        if let Some((_, r)) = line.split_once(": Round #") {
            rounds += 1;
            current = r.trim().parse().unwrap();
        } else if line.contains("Checker pairings") {
            differ.push(current);
        }
    }
    (rounds, differ)
}

/// `arbiter --dutch FILE -c` on every converted Swiss event with results, round by round: the
/// rounds that differ from Swiss-Manager's pairing are the 16 that docs/swiss-manager.md explains
/// one by one (bbpPairings' checker finds the same: scripts/crosscheck-swiss-manager.sh), and the
/// three whose pairing the arbiter fixed by hand are named by the conversion.
#[test]
fn swiss_managers_pairings_checked_round_by_round() {
    let dir = temp_dir();
    let expected: [(&str, usize, &[u32]); 21] = [
        ("2023_elllobregat_a_753347", 9, &[1]),
        ("abs_fem_1378181", 4, &[]),
        ("argentine_blitz_1200000", 5, &[]),
        ("aut_1384031", 7, &[]),
        ("aut_1384474", 7, &[]),
        ("brazilian_circuit_1370000", 1, &[]),
        ("dubai_mira_1378000", 5, &[]),
        ("esp_1385606", 3, &[]),
        ("hungarian_rapid_1382000", 7, &[]),
        ("indian_u11_1376000", 6, &[1]),
        ("isr_1385730", 5, &[1]),
        ("maestro_1384490", 5, &[]),
        ("romanian_u1700_1350000", 7, &[4]),
        ("russian_blitz11_1373000", 11, &[6]),
        ("russian_weekend_1383000", 7, &[3]),
        ("sample", 7, &[]),
        ("srb_1386570", 9, &[1, 2, 3, 8]),
        ("srb_1386571", 9, &[1, 9]),
        ("ukraine_rapid8_1377000", 8, &[6]),
        ("uzbek_agzamov_1374000", 10, &[8, 9]),
        ("vietnamese_1380000", 6, &[2]),
    ];
    let (mut rounds, mut equal) = (0, 0);
    for (name, played, differ) in expected {
        let f = tunx_files()
            .into_iter()
            .find(|p| p.ends_with(format!("{name}.TUNX")))
            .unwrap();
        let trf = dir.path().join(format!("{name}.trf"));
        let o = arbiter()
            .args(["convert", "--to", "trf16", "-o"])
            .arg(&trf)
            .arg(&f)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{name}");
        // The pairings fixed by hand (record byte 6) are those of the first rounds of these
        // three files, and only those.
        let fixed = ["2023_elllobregat_a_753347", "srb_1386570", "srb_1386571"].contains(&name);
        assert_eq!(
            stderr(&o).contains("round 1: ") && stderr(&o).contains("was fixed by hand"),
            fixed,
            "{name}: {}",
            stderr(&o)
        );
        let c = arbiter()
            .arg("--dutch")
            .arg(&trf)
            .arg("-c")
            .output()
            .unwrap();
        assert_eq!(c.status.code(), Some(0), "{name}: {}", stderr(&c));
        let (n, found) = differing_rounds(&stdout(&c));
        assert_eq!(
            (n, found.as_slice()),
            (played, differ),
            "{name}: {}",
            stdout(&c)
        );
        let summary = arbiter().arg("check").arg(&trf).output().unwrap();
        assert!(
            stdout(&summary).contains(&format!("{} of {played} rounds differ", differ.len())),
            "{name}: {}",
            stdout(&summary)
        );
        rounds += played;
        equal += played - differ.len();
    }
    assert_eq!((equal, rounds), (122, 138));
}
