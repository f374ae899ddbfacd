//! QA regression tests for `arbiter bridge`: contract scores, bad session files and format
//! round trips. Small inputs only, written to a temporary folder.

mod common;

use common::{path_str, run, stderr, stdout, temp_dir, write};

const HEADER: &str = "board,round,table,ns,ew,contract,declarer,lead,result,score\n";

#[test]
fn contract_scores_at_the_edges() {
    for (contract, vul, want) in [
        (
            "3NT N -3",
            "--board=4",
            "NS -300 (EW 300, vulnerable All)\n",
        ),
        (
            "7NTXX S =",
            "--vul=all",
            "NS 2980 (EW -2980, vulnerable All)\n",
        ),
        (
            "1C N 0",
            "--vul=none",
            "NS -350 (EW 350, vulnerable None)\n",
        ),
        (
            "3NT N -9",
            "--vul=none",
            "NS -450 (EW 450, vulnerable None)\n",
        ),
        (
            "7C N 13",
            "--vul=none",
            "NS 1440 (EW -1440, vulnerable None)\n",
        ),
        (
            "4SX E =",
            "--vul=none",
            "NS -590 (EW 590, vulnerable None)\n",
        ),
        (
            "3NT N +4",
            "--vul=none",
            "NS 520 (EW -520, vulnerable None)\n",
        ),
        ("PASS", "--vul=none", "NS 0 (EW 0, vulnerable None)\n"),
    ] {
        let o = run(&["bridge", "contract-score", contract, vul]);
        assert_eq!(o.status.code(), Some(0), "{contract}: {}", stderr(&o));
        assert_eq!(stdout(&o), want, "{contract}");
    }
}

#[test]
fn impossible_contracts_are_refused_with_exit_3() {
    for contract in [
        "8NT N =",
        "0NT S =",
        "3NT N -10",
        "3NT N +5",
        "1C N 14",
        "3NT Q =",
        "1NTXXX S =",
        "3NT N --1",
        "",
    ] {
        let o = run(&["bridge", "contract-score", contract, "--vul", "none"]);
        assert_eq!(o.status.code(), Some(3), "{contract:?}");
        assert!(o.stdout.is_empty(), "{contract:?}");
        assert!(
            stderr(&o).contains("expected"),
            "{contract:?}: {}",
            stderr(&o)
        );
    }
    let o = run(&["bridge", "contract-score", "3NT N -3", "--board", "0"]);
    assert_eq!(o.status.code(), Some(3));
}

#[test]
fn damaged_csv_sessions_name_line_and_column() {
    let dir = temp_dir();
    for (name, body, want) in [
        (
            "short.csv",
            "1,1,1,1,1,4H,N,DQ,=,\n1,2,2,2,3,3NT,S,S9\n",
            "short.csv:3:1: expected 10 fields",
        ),
        (
            "twice.csv",
            "1,1,1,1,1,4H,N,DQ,=,\n1,2,2,1,1,3NT,S,S9,+1,\n",
            "twice.csv:3:1: expected each pair once on board 1",
        ),
        (
            "score.csv",
            "1,1,1,1,1,4H,N,DQ,=,420\n1,2,2,2,3,3NT,S,S9,+1,999\n",
            "score.csv:3:23: expected the score of 3NT by S on board 1",
        ),
        (
            "board.csv",
            "0,1,1,1,1,4H,N,DQ,=,\n0,2,2,2,3,3NT,S,S9,+1,\n",
            "board.csv:2:1: expected a board number",
        ),
        (
            "contract.csv",
            "1,1,1,1,1,4H,N,DQ,=,\n1,2,2,2,3,ZZ,S,S9,+1,\n",
            "contract.csv:3:11: expected a contract level",
        ),
    ] {
        let f = write(dir.path(), name, format!("{HEADER}{body}").as_bytes());
        let o = run(&["bridge", "score", path_str(&f)]);
        assert_eq!(o.status.code(), Some(3), "{name}");
        assert!(o.stdout.is_empty(), "{name}");
        assert!(stderr(&o).contains(want), "{name}: {}", stderr(&o));
    }
    let empty = write(dir.path(), "empty.csv", b"");
    let o = run(&["bridge", "score", path_str(&empty)]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("empty.csv:1:1:"), "{}", stderr(&o));
    let cols = write(dir.path(), "cols.csv", b"foo,bar\n1,2\n");
    assert_eq!(
        run(&["bridge", "score", path_str(&cols)]).status.code(),
        Some(3)
    );
}

#[test]
fn damaged_pbn_and_usebio_files_are_refused() {
    let dir = temp_dir();
    let pbn = write(dir.path(), "a.pbn", b"[Event \"x\"]\n[Board \"1\"]\n");
    let o = run(&["bridge", "score", path_str(&pbn)]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("a.pbn:2:1:"), "{}", stderr(&o));
    let xml = write(
        dir.path(),
        "a.xml",
        b"<?xml version=\"1.0\"?><USEBIO Version=\"1.2\"><EVENT",
    );
    let o = run(&["bridge", "score", path_str(&xml)]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("a.xml:1:"), "{}", stderr(&o));
    let none = write(dir.path(), "b.xml", b"");
    assert_eq!(
        run(&["bridge", "score", path_str(&none)]).status.code(),
        Some(3)
    );
}

#[test]
fn crlf_csv_scores_like_lf() {
    let dir = temp_dir();
    let body = format!("{HEADER}1,1,1,1,1,4H,N,DQ,=,\n1,2,2,2,3,3NT,S,S9,+1,\n");
    let lf = write(dir.path(), "lf.csv", body.as_bytes());
    let crlf = write(
        dir.path(),
        "crlf.csv",
        body.replace('\n', "\r\n").as_bytes(),
    );
    let a = run(&["bridge", "score", path_str(&lf), "-f", "json"]);
    let b = run(&["bridge", "score", path_str(&crlf), "-f", "json"]);
    assert_eq!(a.status.code(), Some(0));
    assert_eq!(stdout(&a), stdout(&b));
}

#[test]
fn a_scored_session_written_as_pbn_scores_the_same_again() {
    let dir = temp_dir();
    let f = write(
        dir.path(),
        "s.csv",
        format!(
            "{HEADER}1,1,1,1,1,4H,N,DQ,=,\n1,2,2,2,3,3NT,S,S9,+1,\n1,3,3,3,2,4H,N,S9,-1,\n\
2,1,1,1,1,4S,W,C10,+1,\n2,2,2,2,3,4S,E,CJ,=,\n2,3,3,3,2,PASS,,,,\n"
        )
        .as_bytes(),
    );
    let pbn = dir.path().join("s.pbn");
    let xml = dir.path().join("s.xml");
    assert_eq!(
        run(&[
            "bridge",
            "score",
            path_str(&f),
            "-f",
            "pbn",
            "-o",
            path_str(&pbn)
        ])
        .status
        .code(),
        Some(0)
    );
    assert_eq!(
        run(&[
            "bridge",
            "score",
            path_str(&f),
            "-f",
            "usebio",
            "-o",
            path_str(&xml)
        ])
        .status
        .code(),
        Some(0)
    );
    let want = stdout(&run(&[
        "bridge",
        "score",
        path_str(&f),
        "--ranking-only",
        "-f",
        "csv",
    ]));
    assert!(want.contains("NS,1,"), "{want}");
    for other in [&pbn, &xml] {
        let o = run(&[
            "bridge",
            "score",
            path_str(other),
            "--ranking-only",
            "-f",
            "csv",
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert_eq!(stdout(&o), want, "{}", other.display());
    }
    // Writing the PBN again gives the same bytes.
    let again = run(&["bridge", "score", path_str(&pbn), "-f", "pbn"]);
    assert_eq!(again.stdout, std::fs::read(&pbn).unwrap());
}

#[test]
fn bridge_output_errors_are_file_access_errors() {
    let dir = temp_dir();
    let f = write(
        dir.path(),
        "s.csv",
        format!("{HEADER}1,1,1,1,1,4H,N,DQ,=,\n1,2,2,2,3,3NT,S,S9,+1,\n").as_bytes(),
    );
    let bad = dir.path().join("none/out.txt");
    let o = run(&["bridge", "score", path_str(&f), "-o", path_str(&bad)]);
    assert_eq!(o.status.code(), Some(5));
    assert!(o.stdout.is_empty());
    let o = run(&[
        "bridge",
        "generate",
        "--tables",
        "2",
        "--boards",
        "2",
        "-o",
        path_str(&bad),
    ]);
    assert_eq!(o.status.code(), Some(5));
    let o = run(&["bridge", "generate", "--tables", "0", "--boards", "0"]);
    assert_eq!(o.status.code(), Some(3));
}

#[test]
fn bridge_scoring_options_in_every_combination_do_not_fail() {
    let dir = temp_dir();
    let f = write(
        dir.path(),
        "s.csv",
        format!("{HEADER}1,1,1,1,1,4H,N,DQ,=,\n1,2,2,2,3,3NT,S,S9,+1,\n1,3,3,3,2,4H,N,S9,-1,\n")
            .as_bytes(),
    );
    for method in ["mp", "cross-imps", "cross-imps-total", "butler"] {
        for fmt in ["text", "csv", "json", "html", "pbn", "usebio"] {
            let o = run(&[
                "bridge",
                "score",
                path_str(&f),
                "--method",
                method,
                "-f",
                fmt,
                "--scale",
                "1",
                "--field",
                "two",
                "--expected",
                "5",
                "--fouled",
                "acbl",
                "--session-average",
            ]);
            assert_eq!(o.status.code(), Some(0), "{method} {fmt}: {}", stderr(&o));
            assert!(!o.stdout.is_empty());
        }
    }
    for bad in [
        ["--averages", "200/50/-40"],
        ["--averages", "60/50"],
        ["--expected", "0"],
    ] {
        let o = run(&["bridge", "score", path_str(&f), bad[0], bad[1]]);
        assert_eq!(o.status.code(), Some(3), "{bad:?}");
    }
}

#[test]
fn averages_take_at_most_four_decimals_and_name_the_column() {
    let dir = temp_dir();
    let f = write(
        dir.path(),
        "s.csv",
        format!("{HEADER}1,1,1,1,2,4H,N,DQ,=,\n1,1,2,3,4,3NT,S,S9,+1,\n1,1,3,5,6,,,,,A+/A-\n"),
    );
    let score = |averages: &str| run(&["bridge", "score", path_str(&f), "--averages", averages]);
    let o = score("60/50.1234/40");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let long = "9".repeat(40);
    for (averages, column, found) in [
        ("60/50.12345/40", 4, "50.12345"),
        ("60/50/0.00001", 7, "0.00001"),
        (&format!("60/50/{long}") as &str, 7, &long as &str),
        (&format!("{long}/50/40"), 1, &long),
        (
            &format!("60/ 1{}/40", "0".repeat(30)),
            5,
            &format!("1{}", "0".repeat(30)),
        ),
        ("200/50/40", 1, "200"),
    ] {
        let o = score(averages);
        assert_eq!(o.status.code(), Some(3), "{averages}");
        assert_eq!(
            stderr(&o),
            format!(
                "--averages, column {column}: expected a percentage from 0 to 100 with at \
                 most 4 decimals, found \"{found}\"\n"
            ),
            "{averages}"
        );
        assert!(o.stdout.is_empty(), "{averages}");
    }
}
