//! `arbiter validate` and `arbiter convert` driven as a real binary, with exact output.

mod common;

use std::path::{Path, PathBuf};

use tournament::trf::{self, Format};

use common::{arbiter, stderr, stdout, temp_dir};

fn fixtures(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tournament/tests/fixtures")
        .join(sub)
}

fn files(sub: &str, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(fixtures(sub))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    v.sort();
    v
}

#[test]
fn validate_reports_every_problem_of_each_broken_fixture_with_exit_code_3() {
    let broken = files("broken", "trf");
    assert!(broken.len() >= 20);
    for f in broken {
        let out = arbiter().arg("validate").arg(&f).output().unwrap();
        let expected: String = std::fs::read_to_string(f.with_extension("expected"))
            .unwrap()
            .lines()
            .map(|l| format!("{}:{l}\n", f.display()))
            .collect();
        assert_eq!(out.status.code(), Some(3), "{}", f.display());
        assert_eq!(stdout(&out), expected, "{}", f.display());
        let n = expected.lines().count();
        let summary = format!(
            "{}: {n} problem{}\n",
            f.display(),
            if n == 1 { "" } else { "s" }
        );
        assert_eq!(stderr(&out), summary);
    }
}

#[test]
fn validate_accepts_the_valid_fixtures() {
    let f = fixtures("valid").join("small.trf");
    let out = arbiter().arg("validate").arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        format!("{}: ok, 8 players, 4 rounds of 5 recorded\n", f.display())
    );
    for f in files("valid", "trf") {
        let out = arbiter().arg("validate").arg(&f).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", f.display());
    }
}

#[test]
fn convert_writes_both_layouts_and_reads_back() {
    let dir = temp_dir();
    for f in files("valid", "trf") {
        let model = trf::read(&std::fs::read_to_string(&f).unwrap()).unwrap();
        for (flag, format) in [("trf16", Format::Trf16), ("trf26", Format::Trf26)] {
            // To standard output.
            let out = arbiter()
                .arg("convert")
                .arg(&f)
                .args(["--to", flag])
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
            let text = stdout(&out);
            assert_eq!(text, trf::write(&model, format));
            assert_eq!(trf::read(&text).unwrap(), model);
            // To a file, and that file converts to itself byte for byte.
            let target = dir.path().join(format!("out.{flag}.trf"));
            let st = arbiter()
                .arg("convert")
                .arg(&f)
                .args(["--to", flag, "-o"])
                .arg(&target)
                .status()
                .unwrap();
            assert_eq!(st.code(), Some(0));
            let first = std::fs::read_to_string(&target).unwrap();
            assert_eq!(first, text);
            let again = arbiter()
                .arg("convert")
                .arg(&target)
                .args(["--to", flag])
                .output()
                .unwrap();
            assert_eq!(stdout(&again), first);
        }
    }
    let small = fixtures("valid").join("small.trf");
    let out = arbiter()
        .arg("convert")
        .arg(&small)
        .args(["--to", "trf26"])
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(
        text.contains("\n142 5\n152 W\n001    1 m FM Halvorsen, Dag"),
        "{text}"
    );
    assert!(!text.contains("XXR"));
    let out = arbiter()
        .arg("convert")
        .arg(&small)
        .args(["--to", "trf16"])
        .output()
        .unwrap();
    let text = stdout(&out);
    assert!(
        text.contains("\nXXR 5\nXXC white1\n001    1 m FM Halvorsen, Dag"),
        "{text}"
    );
}

#[test]
fn convert_refuses_a_broken_file_and_writes_nothing() {
    let dir = temp_dir();
    let target = dir.path().join("out.trf");
    let f = fixtures("broken").join("14_score_does_not_add_up.trf");
    let out = arbiter()
        .arg("convert")
        .arg(&f)
        .args(["--to", "trf26", "-o"])
        .arg(&target)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        stderr(&out),
        format!(
            "{}:12:81: expected points 2.5 (the sum of the round results), found 3.0\n",
            f.display()
        )
    );
    assert!(out.stdout.is_empty());
    assert!(!target.exists());
}

#[test]
fn missing_file_is_exit_code_5() {
    let out = arbiter()
        .args(["validate", "no/such/file.trf"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(5));
    let out = arbiter()
        .args(["convert", "no/such/file.trf", "--to", "trf16"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(5));
}

#[test]
fn invalid_utf8_is_located_and_latin1_reads_it() {
    let dir = temp_dir();
    let f = dir.path().join("latin1.trf");
    std::fs::write(
        &f,
        b"012 Open de Saint-\xc9tienne\r\n001    1      Alpha, A                          2000                             0.0    1\r\n",
    )
    .unwrap();
    let out = arbiter().arg("validate").arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        stdout(&out),
        format!(
            "{}:1:19: expected UTF-8 text (an old file in Latin-1 reads with --latin1), found the byte 0xc9\n",
            f.display()
        )
    );
    let out = arbiter()
        .args(["convert", "--latin1", "--to", "trf16"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let written = stdout(&out);
    assert!(
        written.starts_with("012 Open de Saint-\u{c9}tienne\n001    1      Alpha, A "),
        "{written}"
    );
}

#[test]
fn convert_keeps_comment_lines_where_they_stood() {
    let text = "### Harbourside club championship\n\
012 Test\n\
### XXR below: seven rounds are planned\n\
XXR 3\n\
001    1      Alpha, A                          2000                             0.0    1\n\
### player 1 has paid\n\
001    2      Bravo, B                          1900                             0.0    2\n\
### checked by the arbiter\n";
    let dir = temp_dir();
    let input = common::write(dir.path(), "c.trf", text);
    for (to, rounds) in [("trf16", "XXR 3"), ("trf26", "142 3")] {
        let out = dir.path().join(format!("out-{to}.trf"));
        let o = arbiter()
            .args(["convert", common::path_str(&input), "--to", to, "-o"])
            .arg(&out)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let written = std::fs::read_to_string(&out).unwrap();
        let lines: Vec<&str> = written.lines().collect();
        let at = |s: &str| lines.iter().position(|l| l.starts_with(s)).unwrap();
        assert_eq!(at("### Harbourside"), 0, "{written}");
        assert_eq!(at("### XXR below"), at("012") + 1, "{written}");
        assert_eq!(at(rounds), at("### XXR below") + 1, "{written}");
        assert_eq!(at("### player 1"), at("001    1") + 1, "{written}");
        assert_eq!(at("### checked"), lines.len() - 1, "{written}");
        // What was written reads back to the same model, comments and places included.
        let again = trf::read(&written).unwrap();
        let first = trf::read(text).unwrap();
        assert_eq!(again.other_lines, first.other_lines);
        assert_eq!(
            trf::write(&again, Format::Trf16),
            trf::write(&first, Format::Trf16)
        );
    }
}

#[test]
fn a_blank_entry_in_a_played_round_is_a_warning_naming_player_and_round() {
    // Round 2 was played by 1-2 and 3-4, but player 5's result was forgotten.
    let text = "012 Forgotten result\n\
XXR 3\n\
001    1      Alpha, A                          2000                             2.0    1     2 w 1     3 b 1\n\
001    2      Bravo, B                          1900                             0.0    2     1 b 0     4 w 0\n\
001    3      Charlie, C                        1800                             1.0    3     4 w 1     1 w 0\n\
001    4      Delta, D                          1700                             1.0    4     3 b 0     2 b 1\n\
001    5      Echo, E                           1600                             1.0    5  0000 - U          \n";
    let dir = temp_dir();
    let f = common::write(dir.path(), "t.trf", text);
    let expected = "round 2: player 5 has no entry";
    for args in [
        vec!["validate", common::path_str(&f)],
        vec!["pair", common::path_str(&f)],
        vec!["--dutch", common::path_str(&f), "-p"],
    ] {
        let o = common::run(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(expected), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("warning"), "{args:?}: {}", stderr(&o));
        assert!(!stdout(&o).contains("warning"), "{args:?}");
    }
}

/// TRF-2026 `299`: player 3's forfeit win of round 1 is worth ½, player 4 loses a point in
/// round 2. `validate` reads them (and warns, never silently, about the records it keeps but
/// does not apply), `standings` and `pair` count them, `convert` writes them back, and a record
/// that cannot be applied is refused at its line and column (exit 3).
#[test]
fn abnormal_points_are_validated_applied_and_written_back() {
    let text = "012 Abnormal points\n\
XXR 3\n\
001    1      Alpha, A                          2000                             1.5    1     2 w 1     3 b =\n\
001    2      Bravo, B                          1900                             1.0    2     1 b 0     4 w 1\n\
001    3      Charlie, C                        1800                             1.0    3     4 w +     1 w =\n\
001    4      Delta, D                          1700                            -1.0    4     3 b -     2 b 0\n\
299 +         0.5  001 0003\n\
299          -1.0  002 0004\n\
802   1 ONE      1.5    1.5\n";
    let dir = temp_dir();
    let f = common::write(dir.path(), "a.trf", text);
    let path = common::path_str(&f);
    let o = common::run(&["validate", path]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "{path}:9:1: warning: expected only records that this program applies, found 802 \
             records on line 9; not read: 802 summarises the matches for a reader, and the \
             matches follow from the 001 lines; the lines are kept when the file is written \
             back\n"
        )
    );
    // Standings: 1.5, then 3 and 2 at 1.0 (Sonneborn-Berger 0.25 against -1), 4 at -1.0.
    let o = common::run(&["standings", path, "-t", "SB", "-f", "csv"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let csv = stdout(&o).replace("\r\n", "\n");
    assert_eq!(
        csv,
        "Rank,No,Name,Pts,SB\n1,1,\"Alpha, A\",1.5,1.50\n2,3,\"Charlie, C\",1.0,0.25\n\
         3,2,\"Bravo, B\",1.0,-1.00\n4,4,\"Delta, D\",-1.0,0.00\n"
    );
    // Round 3: 1 has met 2 and 3, so 1-4, then 2-3; 4 (one Black) and 3 (one White) have
    // the stronger colour preferences.
    let o = common::run(&["--dutch", path, "-p"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "2\n4 1\n2 3\n");
    let o = common::run(&["convert", path, "--to", "trf26"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("299 +         0.5  001 0003\n299          -1.0  002 0004\n"),
        "{}",
        stdout(&o)
    );
    // Match points belong to team competitions.
    let bad = common::write(
        dir.path(),
        "bad.trf",
        text.replace("299 +         0.5", "299 +   1.0   0.5"),
    );
    let o = common::run(&["validate", common::path_str(&bad)]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stdout(&o).contains(&format!(
            "{}:7:8: expected blank match points (columns 8-11)",
            common::path_str(&bad)
        )),
        "{}",
        stdout(&o)
    );
}
