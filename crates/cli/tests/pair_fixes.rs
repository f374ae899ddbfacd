//! Regression tests for the pairing command line: checklists (`-l`), `pair --explain`, file
//! names in pairing errors, round-robin files that do not follow the table, engine `--help`,
//! options that do not apply, and `--latin1`.

mod common;

use common::{read, run_in, stderr, stdout, temp_dir, write, write_all};

/// Round 1 played (1 beat 2, 3 had the bye), three rounds announced.
const SMALL: &str = "012 Small
XXR 3
XXC white1
001    1      Alpha, A                          2000                             1.0    1     2 w 1
001    2      Beta, B                           1900                             0.0    3     1 b 0
001    3      Gamma, C                          1800                             1.0    2  0000 - U
";

/// SMALL with only one round announced: finished.
const DONE: &str = "012 S
XXR 1
XXC white1
001    1      Alpha, A                          2000                             1.0    1     2 w 1
001    2      Beta, B                           1900                             0.0    3     1 b 0
001    3      Gamma, C                          1800                             1.0    2  0000 - U
";

/// Four players before round 1, player 2 announced on a half-point bye.
const HALF_BYE: &str = "012 S
XXR 3
XXC white1
240 H 001 0002
001    1      Alpha, A                          2000                             0.0    1
001    2      Beta, B                           1900                             0.0    2
001    3      Gamma, C                          1800                             0.0    3
001    4      Delta, D                          1700                             0.0    4
";

/// Three players after round 1 of the Berger table (bye 1, 2-3).
const ROBIN: &str = "012 R
XXR 3
XXC white1
001    1      Alpha, A                          2000                             1.0    1  0000 - U
001    2      Beta, B                           1900                             1.0    2     3 w 1
001    3      Gamma, C                          1800                             0.0    3     2 b 0
";

const SMALL_ROUND_2_LIST: &str = "\nID\tPts\t--\tPref\tC2\tC14\tC16\t  Cur\t\tR1\t\n\n\
\x201\t1.0\t W\t (B)\t Y\t   \t   \t (3B)\t\t 2\t\n\
\x203\t1.0\t  \t  A \t N\t  D\t   \t (1W)\t\t  \t\n\n\
\x202\t0.0\t B\t (W)\t Y\t   \t   \t(bye)\t\t 1\t\n\n\n";

#[test]
fn checklist_of_the_paired_round_defaults_to_the_input_name() {
    let dir = temp_dir();
    write_all(dir.path(), &[("small.trf", SMALL)]);
    let o = run_in(dir.path(), &["--dutch", "small.trf", "-p", "-l"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "2\n3 1\n2 0\n");
    assert_eq!(read(dir.path(), "small.list"), SMALL_ROUND_2_LIST);

    let o = run_in(
        dir.path(),
        &["small.trf", "-p", "out.txt", "-l", "named.txt"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(read(dir.path(), "out.txt"), "2\n3 1\n2 0\n");
    assert_eq!(read(dir.path(), "named.txt"), SMALL_ROUND_2_LIST);
}

#[test]
fn checker_checklist_has_every_round() {
    let dir = temp_dir();
    write_all(dir.path(), &[("small.trf", SMALL)]);
    let o = run_in(dir.path(), &["--dutch", "small.trf", "-c", "-l", "c.list"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "small: Round #1\n");
    assert_eq!(
        read(dir.path(), "c.list"),
        "Round #1\n\nID\tPts\t-\tPref\tC2\tC14\tC16\t  Cur\t\t\n\n\
\x201\t0.0\t \t  A \t Y\t   \t   \t (2W)\t\t\n\
\x202\t0.0\t \t  A \t Y\t   \t   \t (1B)\t\t\n\
\x203\t0.0\t \t  A \t Y\t   \t   \t(bye)\t\t\n\n\n"
    );
}

#[test]
fn generator_checklist_has_a_header_per_round() {
    let dir = temp_dir();
    write_all(
        dir.path(),
        &[(
            "g.cfg",
            "PlayersNumber=5\nRoundsNumber=3\nRetiredRate=0\nHalfPointByeRate=0\nForfeitRate=0\n",
        )],
    );
    let o = run_in(
        dir.path(),
        &["--dutch", "-g", "g.cfg", "-o", "g.trf", "-s", "7", "-l"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let list = read(dir.path(), "g.list");
    let headers: Vec<&str> = list.lines().filter(|l| l.starts_with("Round #")).collect();
    assert_eq!(headers, ["Round #1", "Round #2", "Round #3"]);
    assert_eq!(list.matches("(bye)").count(), 3, "{list}");
}

#[test]
fn explain_prints_the_engine_reasons_and_keeps_out_for_the_pairing() {
    let dir = temp_dir();
    write_all(dir.path(), &[("small.trf", SMALL)]);
    let explanation = "Round 2: brackets, top-down
  1.0: residents 1 3
Players, in pairing order
  1 (1.0): Black against 3; strong preference for Black, met; no float: paired inside the 1.0 scoregroup
  3 (1.0): White against 1; no colour preference; no float: paired inside the 1.0 scoregroup
  2 (0.0): pairing-allocated bye; strong preference for White; downfloat (bye): odd number of players: the PAB goes to the lowest score possible (0.0, C5) among the players who may receive it (C2)
";
    let o = run_in(
        dir.path(),
        &["pair", "small.trf", "--explain", "-o", "out.txt"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(read(dir.path(), "out.txt"), "2\n3 1\n2 0\n");
    assert_eq!(stdout(&o), explanation);

    let o = run_in(dir.path(), &["pair", "small.trf", "--explain"]);
    assert_eq!(stdout(&o), format!("2\n3 1\n2 0\n\n{explanation}"));
}

#[test]
fn pairing_errors_name_the_file() {
    let dir = temp_dir();
    let no_colour = "012 S\nXXR 3\n\
001    1      Alpha, A                          2000                             0.0    1
001    2      Beta, B                           1900                             0.0    2
";
    write_all(
        dir.path(),
        &[("nocolour.trf", no_colour), ("done.trf", DONE)],
    );
    for args in [
        &["pair", "nocolour.trf"][..],
        &["--dutch", "nocolour.trf", "-p"],
        &["pair", "nocolour.trf", "--explain"],
        &["--dutch", "nocolour.trf", "-p", "-l"],
    ] {
        let o = run_in(dir.path(), args);
        assert_eq!(o.status.code(), Some(3), "{args:?}");
        assert_eq!(
            stderr(&o),
            "nocolour.trf: the initial colour is missing (XXC white1/black1 or 152 record)\n"
        );
    }
    // No checklist is written for an invalid request.
    assert!(!dir.path().join("nocolour.list").exists());
    for args in [&["pair", "done.trf"][..], &["--dutch", "done.trf", "-p"]] {
        let o = run_in(dir.path(), args);
        assert_eq!(o.status.code(), Some(3), "{args:?}");
        assert_eq!(
            stderr(&o),
            "done.trf: the tournament has 1 round and all are paired; there is no round 2 to pair\n"
        );
        assert_eq!(stdout(&o), "");
    }
}

#[test]
fn round_robin_checks_the_file_against_the_table() {
    let dir = temp_dir();
    write_all(
        dir.path(),
        &[
            ("small.trf", SMALL),
            ("done.trf", DONE),
            ("halfbye.trf", HALF_BYE),
            ("robin.trf", ROBIN),
        ],
    );
    let o = run_in(dir.path(), &["pair", "robin.trf", "--round-robin", "3"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "2\n1 2\n3 0\n");

    let cases = [
        (
            "small.trf",
            "3",
            "small.trf: round 1, board 1: the round-robin table pairs 2-3, the file has 1-2\n",
        ),
        (
            "done.trf",
            "3",
            "done.trf: the tournament has 1 round and all are paired; there is no round 2 to pair\n",
        ),
        (
            "halfbye.trf",
            "4",
            "halfbye.trf: player 2 is absent in round 1, but the round-robin table pairs 2-3 on \
             board 2: a round-robin table cannot leave a player out (record the game as a \
             forfeit instead)\n",
        ),
    ];
    for (file, n, message) in cases {
        let o = run_in(dir.path(), &["pair", file, "--round-robin", n]);
        assert_eq!(o.status.code(), Some(3), "{file}");
        assert_eq!(stderr(&o), message, "{file}");
        assert_eq!(stdout(&o), "");
    }
}

#[test]
fn engine_help_is_usage_and_exit_0() {
    let dir = temp_dir();
    write_all(dir.path(), &[("small.trf", SMALL)]);
    for args in [
        &["--dutch", "--help"][..],
        &["--dutch", "small.trf", "-p", "--help"],
        &["-r", "-h"],
    ] {
        let o = run_in(dir.path(), args);
        assert_eq!(o.status.code(), Some(0), "{args:?}");
        assert!(
            stdout(&o).starts_with("Usage (the interface of the FIDE-endorsed pairing engines"),
            "{args:?}"
        );
        assert!(stdout(&o).contains("-l [FILE]"));
    }
}

#[test]
fn options_that_do_not_apply_are_refused() {
    let dir = temp_dir();
    write_all(dir.path(), &[("small.trf", SMALL)]);
    for (args, message) in [
        (
            &["--dutch", "small.trf", "-p", "-s", "5"][..],
            "-s applies only to -g\n",
        ),
        (
            &["--dutch", "small.trf", "-c", "-s", "5"],
            "-s applies only to -g\n",
        ),
        (
            &["--dutch", "small.trf", "-p", "-o", "x.txt"],
            "-o applies only to -g; give the output after -p\n",
        ),
    ] {
        let o = run_in(dir.path(), args);
        assert_eq!(o.status.code(), Some(3), "{args:?}");
        assert_eq!(stderr(&o), message);
        assert_eq!(stdout(&o), "");
    }
}

#[test]
fn latin1_files_can_be_paired_and_checked() {
    let dir = temp_dir();
    // "Müller" in Latin-1: one byte 0xFC, not valid UTF-8.
    let text = SMALL.replace("Alpha, A ", "M\u{fc}ller, A");
    let bytes: Vec<u8> = text.chars().map(|c| c as u32 as u8).collect();
    write(dir.path(), "old.trf", bytes);
    let o = run_in(dir.path(), &["pair", "old.trf"]);
    assert_eq!(o.status.code(), Some(3));
    for args in [
        &["pair", "old.trf", "--latin1"][..],
        &["--dutch", "old.trf", "-p", "--latin1"],
    ] {
        let o = run_in(dir.path(), args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o), "2\n3 1\n2 0\n");
    }
    let o = run_in(dir.path(), &["check", "old.trf", "--latin1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "old: Round #1\nstandings: the ranks of 3 players follow PTS (no tie-break list \
         (202/212): points only)\n0 of 1 rounds differ from the engine's pairing\n"
    );
}

#[test]
fn generator_limits_and_range_errors_are_located() {
    let dir = temp_dir();
    write_all(
        dir.path(),
        &[
            ("zero.cfg", "PlayersNumber=0\n"),
            (
                "big.cfg",
                "PlayersNumber=10\nRoundsNumber=3\nPointsForWin=99.9\n",
            ),
        ],
    );
    let o = run_in(
        dir.path(),
        &["--dutch", "-g", "zero.cfg", "-o", "z.trf", "-s", "1"],
    );
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(
        stderr(&o),
        "zero.cfg:1:15: PlayersNumber must be from 2 to 9999, not 0\n"
    );
    for args in [
        &["--dutch", "-g", "big.cfg", "-o", "b.trf", "-s", "1"][..],
        &["generate", "big.cfg", "-o", "b.trf", "-s", "1"],
    ] {
        let o = run_in(dir.path(), args);
        assert_eq!(o.status.code(), Some(4), "{args:?}");
        assert_eq!(
            stderr(&o),
            "big.cfg:3:14: 3 rounds at up to 99.9 points (PointsForWin) can reach 299.7 points; \
             a TRF score holds at most 99.9\n"
        );
        assert!(!dir.path().join("b.trf").exists());
    }
}
