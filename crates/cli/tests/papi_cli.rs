//! `arbiter convert` with the FFE's Papi files, driven as a real binary.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use tournament::papi::{self, PapiResult};
use tournament::trf;

use common::{arbiter, path_str, stderr, temp_dir, write};

fn papi_data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tournament/tests/data/papi")
        .join(name)
}

fn convert(args: &[&str]) -> std::process::Output {
    arbiter().arg("convert").args(args).output().unwrap()
}

#[test]
fn a_papi_file_converts_to_trf_as_the_papi_reader_reads_it() {
    let dir = temp_dir();
    let input = papi_data("bre-jeunes-2024-open-b.papi");
    for (to, format) in [("trf16", trf::Format::Trf16), ("trf26", trf::Format::Trf26)] {
        let out_path = dir.path().join(format!("open-b.{to}"));
        let out = convert(&[path_str(&input), "--to", to, "-o", path_str(&out_path)]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        let expected = papi::read(&std::fs::read(&input).unwrap())
            .unwrap()
            .to_tournament()
            .unwrap()
            .tournament;
        let written = std::fs::read_to_string(&out_path).unwrap();
        assert_eq!(written, trf::write(&expected, format));
        assert!(written.contains("012 Open B\n"), "{written}");
    }
    // A file in progress says what it leaves out, on standard error.
    let out_path = dir.path().join("handicap.trf");
    let out = convert(&[
        path_str(&papi_data("handicap.papi")),
        "--to",
        "trf26",
        "-o",
        path_str(&out_path),
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        stderr(&out).contains("warning: round 5 is paired but has no results yet"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_trf_converts_to_papi_with_its_homologation_number_and_back() {
    let dir = temp_dir();
    let trf_in = papi_data("open.trf");
    let papi_out = dir.path().join("open.papi");
    let out = convert(&[
        path_str(&trf_in),
        "--to",
        "papi",
        "--homologation",
        "70123",
        "-o",
        path_str(&papi_out),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
    let file = papi::read(&std::fs::read(&papi_out).unwrap()).unwrap();
    assert_eq!(file.setting("Homologation"), Some("70123"));
    if Command::new("mdb-export").arg("--version").output().is_ok() {
        let info = Command::new("mdb-export")
            .args([path_str(&papi_out), "INFO"])
            .output()
            .unwrap();
        assert!(String::from_utf8_lossy(&info.stdout).contains("\"Homologation\",\"70123\"\n"));
    }
    // And back: the same TRF as the original written in that layout.
    let trf_back = dir.path().join("back.trf");
    let out = convert(&[
        path_str(&papi_out),
        "--to",
        "trf16",
        "-o",
        path_str(&trf_back),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let original = trf::read(&std::fs::read_to_string(&trf_in).unwrap()).unwrap();
    assert_eq!(
        std::fs::read_to_string(&trf_back).unwrap(),
        trf::write(&original, trf::Format::Trf16)
    );
}

/// Exit 3, the message naming the file and what is wrong where, and no output file.
fn assert_refused(args: &[&str], output: &Path, message: &str) {
    let out = convert(args);
    assert_eq!(out.status.code(), Some(3), "{args:?}: {}", stderr(&out));
    assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
    assert!(!output.exists(), "{args:?} wrote {}", output.display());
}

#[test]
fn bad_papi_input_is_refused_with_exit_3_and_no_output_file() {
    let dir = temp_dir();
    let out = dir.path().join("out.trf");
    let o = path_str(&out);
    let good = std::fs::read(papi_data("bre-jeunes-2024-open-b.papi")).unwrap();

    let cut = write(dir.path(), "cut.papi", &good[..100_000]);
    assert_refused(
        &[path_str(&cut), "--to", "trf26", "-o", o],
        &out,
        "cut.papi: not a readable Papi file: ",
    );
    assert_refused(
        &[path_str(&cut), "--to", "trf26", "-o", o],
        &out,
        "truncated",
    );

    let text = write(dir.path(), "notes.papi", "012 Not a database\n");
    assert_refused(
        &[path_str(&text), "--to", "trf26", "-o", o],
        &out,
        "notes.papi: not a readable Papi file: not a Microsoft Access (Jet) database",
    );

    let mut file = papi::read(&good).unwrap();
    file.players
        .iter_mut()
        .find(|p| p.reference == 2)
        .unwrap()
        .rounds[0]
        .opponent = Some(99);
    let missing = write(dir.path(), "missing.papi", papi::write(&file).unwrap());
    assert_refused(
        &[path_str(&missing), "--to", "trf16", "-o", o],
        &out,
        "missing.papi: table JOUEUR, player Ref 2 (MORBIEU Guillaume), column Rd01Adv: opponent Ref 99 is not in the file",
    );

    let mut file = papi::read(&good).unwrap();
    file.set("NbrRondes", Some("25".into()));
    file.players[3].rounds[0].result = PapiResult::Loss;
    let long = write(dir.path(), "long.papi", papi::write(&file).unwrap());
    assert_refused(
        &[path_str(&long), "--to", "trf16", "-o", o],
        &out,
        "long.papi: table INFO, setting NbrRondes: expected a number of rounds from 1 to 24",
    );

    // Writing: 25 rounds, and a Papi file without -o.
    let papi_out = dir.path().join("out.papi");
    let trf25 = std::fs::read_to_string(papi_data("open.trf"))
        .unwrap()
        .replace("XXR 7", "XXR 25");
    let trf25 = write(dir.path(), "long.trf", trf25);
    assert_refused(
        &[path_str(&trf25), "--to", "papi", "-o", path_str(&papi_out)],
        &papi_out,
        "long.trf: cannot be written as a Papi file: 25 rounds: Papi holds at most 24",
    );
    assert_refused(
        &[path_str(&papi_data("open.trf")), "--to", "papi"],
        &papi_out,
        "-o FILE.papi",
    );
}
