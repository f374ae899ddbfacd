//! QA regressions for `arbiter bridge score`: decimals out of range, a session without
//! results, and a reader that closes the pipe early.

mod common;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use common::{arbiter, path_str, run, temp_dir, text};

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/bridge/club_mitchell.csv")
}

#[test]
fn decimals_from_0_to_9_are_accepted() {
    let f = example();
    for flag in ["--decimals", "--percent-decimals"] {
        for n in ["0", "9"] {
            let o = run(&["bridge", "score", path_str(&f), flag, n]);
            assert_eq!(o.status.code(), Some(0), "{flag} {n}: {}", text(&o.stderr));
            assert!(!o.stdout.is_empty(), "{flag} {n}");
        }
        for n in ["10", "36", "1000", "-1"] {
            let arg = format!("{flag}={n}");
            let o = run(&["bridge", "score", path_str(&f), &arg]);
            assert_eq!(o.status.code(), Some(3), "{flag} {n}");
            assert!(o.stdout.is_empty(), "{flag} {n}");
            assert!(
                text(&o.stderr).contains(flag),
                "{flag} {n}: {}",
                text(&o.stderr)
            );
        }
    }
}

#[test]
fn a_session_without_results_is_refused() {
    let dir = temp_dir();
    let f = dir.path().join("header.csv");
    std::fs::write(
        &f,
        "board,round,table,ns,ew,contract,declarer,lead,result,score\n",
    )
    .unwrap();
    let o = run(&["bridge", "score", path_str(&f)]);
    assert_eq!(o.status.code(), Some(3));
    assert!(o.stdout.is_empty());
    assert_eq!(
        text(&o.stderr).trim_end(),
        format!(
            "{}: expected at least one board result, found no results",
            f.display()
        )
    );
}

#[test]
fn a_reader_that_stops_early_ends_the_output_quietly() {
    // Enough boards that the JSON does not fit in the pipe's buffer.
    let dir = temp_dir();
    let big = dir.path().join("big.csv");
    let o = run(&[
        "bridge",
        "generate",
        "--tables",
        "40",
        "--boards",
        "30",
        "-f",
        "csv",
        "-o",
        path_str(&big),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let mut child = arbiter()
        .args(["bridge", "score", path_str(&big), "-f", "json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    out.read_exact(&mut first).unwrap();
    drop(out);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{err}");
    assert_eq!(err, "");
}
