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

#[test]
fn generate_beyond_the_limits_exits_4_before_allocating() {
    // 30,000 × 100 = 3,000,000 lines (600 MB before; 30,000 × 1,000 took 6.1 GB).
    for (tables, boards) in [
        ("30000", "100"),
        ("100001", "1"),
        ("1", "1001"),
        ("1001", "1000"),
    ] {
        let o = run(&["bridge", "generate", "--tables", tables, "--boards", boards]);
        assert_eq!(o.status.code(), Some(4), "{tables} × {boards}");
        assert!(o.stdout.is_empty(), "{tables} × {boards}");
        let e = text(&o.stderr);
        assert!(
            e.contains("at most 100000 tables, 1000 boards and 1000000 traveller lines"),
            "{e}"
        );
        assert!(
            e.contains(&format!("found {tables} tables × {boards} boards")),
            "{e}"
        );
    }
    // At the limit it runs.
    let dir = temp_dir();
    let f = dir.path().join("limit.csv");
    let o = run(&[
        "bridge",
        "generate",
        "--tables",
        "1000",
        "--boards",
        "1000",
        "-f",
        "csv",
        "-o",
        path_str(&f),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
}

#[test]
fn a_session_beyond_the_limits_exits_4_and_a_bad_one_3() {
    let dir = temp_dir();
    let mut csv = String::from("board,ns,ew,score\n");
    for b in 1..=10_001 {
        csv.push_str(&format!("{b},1,2,100\n"));
    }
    let f = dir.path().join("many.csv");
    std::fs::write(&f, &csv).unwrap();
    let o = run(&["bridge", "score", path_str(&f)]);
    assert_eq!(o.status.code(), Some(4), "{}", text(&o.stderr));
    assert!(o.stdout.is_empty());
    assert_eq!(
        text(&o.stderr).trim_end(),
        format!(
            "{}:10002:1: expected at most 10000 boards in a session, found board 10001 after 10000 others",
            f.display()
        )
    );
    // A USEBIO file nested 150,000 deep aborted on a stack overflow (exit 134).
    let deep = dir.path().join("deep.xml");
    std::fs::write(
        &deep,
        format!(
            "<USEBIO>{}{}",
            "<a>".repeat(150_000),
            "</a>".repeat(150_000)
        ),
    )
    .unwrap();
    let o = run(&["bridge", "score", path_str(&deep)]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains(":1:606: expected elements nested at most 200 deep"),
        "{}",
        text(&o.stderr)
    );
    // A PBN file ending in an open comment was scored without it.
    let pbn = dir.path().join("open.pbn");
    std::fs::write(
        &pbn,
        "[Board \"1\"]\n[Vulnerable \"None\"]\n\
         [ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result\"]\n\
         1 2 3NT N 9\n3 4 3NT N 10\n\n{ results of table 3 follow\n",
    )
    .unwrap();
    let o = run(&["bridge", "score", path_str(&pbn)]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o.stdout));
    assert!(
        text(&o.stderr).ends_with(
            ":7:1: expected a } closing the comment opened here, found the end of the file\n"
        ),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn an_error_on_a_long_row_quotes_an_excerpt() {
    let dir = temp_dir();
    let f = dir.path().join("long.csv");
    let long = "Z".repeat(5_000_000);
    std::fs::write(&f, format!("board,ns,ew,score\n1,1,2,{long}\n")).unwrap();
    let o = run(&["bridge", "score", path_str(&f)]);
    assert_eq!(o.status.code(), Some(3));
    let e = text(&o.stderr);
    assert!(e.len() < 400, "{} bytes", e.len());
    assert!(e.contains("found \"ZZZZ"), "{e}");
    assert!(e.contains("(5000000 characters)"), "{e}");
}
