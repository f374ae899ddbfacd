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
        // The scale is the matchpoints' and the datum Butler's: elsewhere they are refused.
        let own: &[&str] = match method {
            "mp" => &["--scale", "1", "--fouled", "acbl", "--session-average"],
            "butler" => &["--datum", "mean"],
            _ => &[],
        };
        for fmt in ["text", "csv", "json", "html", "pbn", "usebio"] {
            let mut args = vec![
                "bridge",
                "score",
                path_str(&f),
                "--method",
                method,
                "-f",
                fmt,
                "--field",
                "two",
                "--expected",
                "5",
            ];
            args.extend(own);
            let o = run(&args);
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

#[test]
fn latin1_sessions_are_read_with_latin1() {
    let dir = temp_dir();
    let mut bytes = HEADER.as_bytes().to_vec();
    bytes.extend_from_slice(b"1,1,1,1,2,3NT,N,C\xe9,=,\n1,2,2,3,4,3NT,N,S2,+1,\n");
    let f = write(dir.path(), "old.csv", &bytes);
    let o = run(&["bridge", "score", path_str(&f)]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("expected UTF-8 text"), "{}", stderr(&o));
    let o = run(&["bridge", "score", path_str(&f), "--latin1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains(" Cé "), "{}", stdout(&o));
}

#[test]
fn options_that_do_not_apply_are_refused() {
    let dir = temp_dir();
    let f = write(
        dir.path(),
        "s.csv",
        format!("{HEADER}1,1,1,1,2,3NT,N,S2,=,\n1,2,2,3,4,3NT,N,S2,+1,\n1,3,3,5,6,4H,N,S2,=,\n"),
    );
    let f = path_str(&f);
    for (args, option, why) in [
        (
            vec!["--method", "butler", "--scale", "1"],
            "--scale",
            "--method butler scores in IMPs",
        ),
        (
            vec!["--method", "cross-imps", "--percent-decimals", "3"],
            "--percent-decimals",
            "shows no percentages",
        ),
        (
            vec!["--datum", "mean"],
            "--datum",
            "--method butler only, not --method mp",
        ),
        (
            vec!["--method", "cross-imps", "--datum", "mean"],
            "--datum",
            "not --method cross-imps",
        ),
        (
            vec!["--method", "butler", "--fouled", "neuberg"],
            "--fouled",
            "--method butler scores in IMPs",
        ),
        (
            vec!["--method", "cross-imps-total", "--session-average"],
            "--session-average",
            "--method cross-imps-total scores in IMPs",
        ),
        (
            vec!["-f", "usebio", "--decimals", "3"],
            "--decimals",
            "--format usebio always writes two decimals",
        ),
        (
            vec!["--ranking-only", "-f", "json"],
            "--ranking-only",
            "--format json always holds the boards",
        ),
        (
            vec!["--ranking-only", "-f", "pbn"],
            "--ranking-only",
            "--format pbn",
        ),
    ] {
        let mut all = vec!["bridge", "score", f];
        all.extend(&args);
        let o = run(&all);
        assert_eq!(o.status.code(), Some(3), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let e = stderr(&o);
        assert!(
            e.starts_with(&format!("{option}: this option does not apply here: ")),
            "{args:?}: {e}"
        );
        assert!(e.contains(why), "{args:?}: {e}");
    }
    // Where they apply, they are taken.
    for args in [
        vec!["--method", "butler", "--datum", "mean"],
        vec!["--scale", "1", "--percent-decimals", "3"],
        vec!["--ranking-only", "-f", "html"],
    ] {
        let mut all = vec!["bridge", "score", f];
        all.extend(&args);
        let o = run(&all);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn contract_score_messages_blame_what_is_wrong() {
    for (args, want) in [
        (
            vec!["3NT N -3", "--board", "0"],
            "--board: expected a board number from 1, found 0",
        ),
        (
            vec!["3NT N -3", "--vul", "sometimes"],
            "--vul: expected a vulnerability (none, ns, ew or all), found \"sometimes\"",
        ),
        (
            vec!["3NT", "--board", "1"],
            "contract \"3NT\": expected contract, declarer and result (e.g. \"3NT N -3\"), found the contract alone",
        ),
        (
            vec!["3NT N", "--board", "1"],
            "contract \"3NT N\": expected contract, declarer and result (e.g. \"3NT N -3\"), found no result after the declarer \"N\"",
        ),
        (
            vec!["3NT N = 400", "--board", "1"],
            "contract \"3NT N = 400\": expected contract, declarer and result (e.g. \"3NT N -3\"), found \"400\" after the result",
        ),
        (
            vec!["3NT N ="],
            "contract \"3NT N =\": expected --board N or --vul none|ns|ew|all for the vulnerability, found neither",
        ),
    ] {
        let mut all = vec!["bridge", "contract-score"];
        all.extend(&args);
        let o = run(&all);
        assert_eq!(o.status.code(), Some(3), "{args:?}");
        assert_eq!(stderr(&o).trim_end(), want, "{args:?}");
    }
    // A pass-out scores 0 at any vulnerability: none is asked for.
    let o = run(&["bridge", "contract-score", "PASS"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "NS 0 (EW 0)\n");
}

#[test]
fn matchpoint_columns_keep_one_number_of_decimals() {
    // Board 1 has three results (whole matchpoints), board 2 two results and Neuberg to
    // three (fractions): 4.00 and 3.00 in one column, never 4 beside 4.50.
    let dir = temp_dir();
    let f = write(
        dir.path(),
        "s.csv",
        format!(
            "{HEADER}1,1,1,1,2,3NT,N,S2,=,\n1,2,2,3,4,3NT,N,S2,+1,\n1,3,3,5,6,4H,N,S2,=,\n\
             2,1,1,1,2,3NT,N,S2,=,\n2,2,2,3,4,3NT,N,S2,+1,\n"
        ),
    );
    let o = run(&["bridge", "score", path_str(&f)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    // Every MP cell of the travellers (the 9th and 10th columns) has two decimals.
    let mut cells = 0;
    for line in out
        .lines()
        .filter(|l| l.contains("3NT") || l.contains("4H"))
    {
        let words: Vec<&str> = line.split_whitespace().collect();
        for mp in &words[words.len() - 4..words.len() - 2] {
            assert!(
                mp.split_once('.').is_some_and(|(_, d)| d.len() == 2),
                "{line}"
            );
            cells += 1;
        }
    }
    assert_eq!(cells, 10, "{out}");
    // The same in CSV and HTML, and with --decimals 1.
    let o = run(&[
        "bridge",
        "score",
        path_str(&f),
        "-f",
        "csv",
        "--decimals",
        "1",
    ]);
    let csv = stdout(&o);
    let rows: Vec<&str> = csv.lines().skip(1).take(5).collect();
    for row in rows {
        let cells: Vec<&str> = row.split(',').collect();
        for mp in &cells[9..11] {
            assert!(
                mp.split_once('.').is_some_and(|(_, d)| d.len() == 1),
                "{row}"
            );
        }
    }
    let o = run(&["bridge", "score", path_str(&f), "-f", "html"]);
    // NS 1 scored 0 on board 1; nothing else in the tables is 0.
    assert!(
        !stdout(&o).contains("<td class=\"num\">0</td>"),
        "{}",
        stdout(&o)
    );
    assert!(
        stdout(&o).contains("<td class=\"num\">0.00</td>"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_weighted_score_refused_by_usebio_says_what_keeps_it() {
    let example = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/bridge/club_mitchell.csv");
    let o = run(&["bridge", "score", path_str(&example), "-f", "usebio"]);
    assert_eq!(o.status.code(), Some(3));
    let e = stderr(&o);
    assert!(
        e.contains("a weighted score cannot be written in USEBIO 1.2"),
        "{e}"
    );
    assert!(e.contains("--format pbn and --format csv keep it"), "{e}");
}

#[test]
fn the_readme_examples_run() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/bridge");
    for name in ["session.pbn", "session.xml"] {
        let f = dir.join(name);
        let o = run(&[
            "bridge",
            "score",
            path_str(&f),
            "--scale",
            "1",
            "--format",
            "json",
        ]);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", stderr(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert!(
            v["boards"].as_array().is_some_and(|b| b.len() > 1),
            "{name}"
        );
        let o = run(&[
            "bridge",
            "score",
            path_str(&f),
            "--method",
            "butler",
            "--datum",
            "trimmed",
        ]);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", stderr(&o));
    }
}
