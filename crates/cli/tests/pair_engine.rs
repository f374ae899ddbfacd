//! The engine-style interface (`arbiter --dutch …`) driven as a binary: exact output, exit
//! codes and messages, as the FIDE-endorsed engines give them (trf.md §6).

mod common;

use common::{read, run_in, stderr, stdout, temp_dir, write};

/// trf.md §2.5: six players after two rounds, player 6 with a half-point bye in round 3.
const EXAMPLE: &str = "012 Example Open
022 Somewhere
032 FRA
042 2026/03/01
052 2026/03/03
062 6
092 Individual: Swiss-System (illustration only)
102 Arbiter, Example
XXR 5
XXC white1
001    1 m GM Alpha, Arno                       2510 FRA     1000001 1990/01/01  1.5    1     4 w 1     6 b =
001    2 w IM Bravo, Beth                       2400 GER     1000002 1992/02/02  1.5    2     5 b =     3 w 1
001    3 m    Charlie, Carl                     2300 ITA     1000003 1994/03/03  0.0    5     6 w 0     2 b 0
001    4 m    Delta, Dan                        2200 ESP     1000004 1996/04/04  0.0    6     1 b 0     5 w -
001    5 w    Echo, Eva                         2100 NED     1000005 1998/05/05  1.5    3     2 w =     4 b +
001    6 m    Foxtrot, Finn                     2000 BEL     1000006 2000/06/06  1.5    4     3 b 1     1 w =  0000 - H
";

/// Two players who have met: round 2 cannot be paired (C1).
const NO_PAIRING: &str = "012 Two players
XXR 2
XXC white1
001    1      One, Player                       2000                             1.0    1     2 w 1
001    2      Two, Player                       1900                             0.0    2     1 b 0
";

/// Ten players before round 1 (dutch.md §4.6: 1-6, 7-2, 3-8, 9-4, 5-10 with White first).
fn ten_players() -> String {
    let mut s = String::from("012 Round one\nXXR 5\nXXC white1\n");
    for i in 1..=10 {
        s.push_str(&format!(
            "001 {i:>4}      Player {i:<26} {:>4}                             0.0 {i:>4}\n",
            2500 - 10 * i
        ));
    }
    s
}

#[test]
fn pairs_the_next_round_to_stdout_and_to_a_file() {
    let dir = temp_dir();
    write(dir.path(), "ex.trf", EXAMPLE);
    let o = run_in(dir.path(), &["--dutch", "ex.trf", "-p"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "3\n1 2\n4 5\n3 0\n");

    let o = run_in(dir.path(), &["--dutch", "ex.trf", "-p", "out.txt"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    let written = read(dir.path(), "out.txt");
    assert_eq!(written, "3\n1 2\n4 5\n3 0\n");
}

#[test]
fn javafo_style_without_a_system_flag_means_dutch() {
    let dir = temp_dir();
    write(dir.path(), "ex.trf", EXAMPLE);
    let o = run_in(dir.path(), &["ex.trf", "-p"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "3\n1 2\n4 5\n3 0\n");
}

#[test]
fn round_one_follows_the_initial_colour() {
    let dir = temp_dir();
    write(dir.path(), "r1.trf", ten_players());
    let o = run_in(dir.path(), &["--dutch", "r1.trf", "-p"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "5\n1 6\n7 2\n3 8\n9 4\n5 10\n");
}

#[test]
fn banner_alone_and_before_work() {
    let dir = temp_dir();
    let o = run_in(dir.path(), &["-r"]);
    assert_eq!(o.status.code(), Some(0));
    let banner = stdout(&o);
    assert!(banner.starts_with("arbiter "), "{banner}");
    assert_eq!(banner.lines().count(), 1);

    write(dir.path(), "ex.trf", EXAMPLE);
    let o = run_in(dir.path(), &["-r", "--dutch", "ex.trf", "-p"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), format!("{banner}3\n1 2\n4 5\n3 0\n"));
}

#[test]
fn no_valid_pairing_is_exit_1_and_leaves_the_output_empty() {
    // As the reference engine, which opens OUT before pairing: programs (Sharly Chess) read an
    // empty file as "no pairing" and a missing one as a crash.
    let dir = temp_dir();
    write(dir.path(), "two.trf", NO_PAIRING);
    let o = run_in(dir.path(), &["--dutch", "two.trf", "-p", "out.txt"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(stderr(&o), "No valid pairing exists for round 2.\n");
    assert_eq!(read(dir.path(), "out.txt"), "");
}

#[test]
fn invalid_file_is_exit_3_with_file_line_and_column() {
    let dir = temp_dir();
    let bad = EXAMPLE.replace("001    3 m", "001    x m");
    write(dir.path(), "bad.trf", &bad);
    let o = run_in(dir.path(), &["--dutch", "bad.trf", "-p"]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(stdout(&o), "");
    let err = stderr(&o);
    assert!(err.starts_with("bad.trf:13:"), "{err}");
    assert!(err.lines().all(|l| l.starts_with("bad.trf:")), "{err}");
}

#[test]
fn missing_file_is_exit_5() {
    let dir = temp_dir();
    let o = run_in(dir.path(), &["--dutch", "nowhere.trf", "-p"]);
    assert_eq!(o.status.code(), Some(5));
    assert!(stderr(&o).starts_with("nowhere.trf: "), "{}", stderr(&o));
}

#[test]
fn bad_requests_are_exit_3() {
    let dir = temp_dir();
    write(dir.path(), "ex.trf", EXAMPLE);
    for (args, message) in [
        (
            &["--dutch", "ex.trf", "-p", "-s", "1"][..],
            "-s applies only to -g\n",
        ),
        (
            &["--dutch", "ex.trf"][..],
            "nothing to do: give -p, -c or -g\n",
        ),
        (&["--dutch", "-p"][..], "-p needs an input TRF file\n"),
        (&["--dutch", "-g"][..], "-g needs -o OUTPUT\n"),
        (
            &["--dutch", "ex.trf", "-p", "-x"][..],
            "unknown option \"-x\"\n",
        ),
        (
            &["--dutch", "--burstein", "ex.trf", "-p"][..],
            "give only one system: --dutch and --burstein\n",
        ),
    ] {
        let o = run_in(dir.path(), args);
        assert_eq!(o.status.code(), Some(3), "{args:?}");
        assert_eq!(stderr(&o), message, "{args:?}");
        assert_eq!(stdout(&o), "", "{args:?}");
    }
}

#[test]
fn generator_is_reproducible_and_checks_clean() {
    let dir = temp_dir();
    write(
        dir.path(),
        "rtg.cfg",
        "# small event\nPlayersNumber=15\nRoundsNumber=5\nDrawPercentage=30\nForfeitRate=10\n\
         RetiredRate=20\nHalfPointByeRate=20\n",
    );
    for out in ["a.trf", "b.trf"] {
        let o = run_in(
            dir.path(),
            &["--dutch", "-g", "rtg.cfg", "-o", out, "-s", "42"],
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert_eq!(stdout(&o), "");
    }
    let a = read(dir.path(), "a.trf");
    let b = read(dir.path(), "b.trf");
    assert_eq!(a, b);
    assert!(a.starts_with("012 AutoTest Tournament 42\n"), "{a}");
    assert!(a.contains("\n092 FIDE_DUTCH_2025\n"), "{a}");
    assert_eq!(a.lines().filter(|l| l.starts_with("001 ")).count(), 15);
    assert!(a.contains("Test0015 Player0015"));

    let o = run_in(dir.path(), &["--dutch", "a.trf", "-c"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let expected: String = (1..=5).map(|r| format!("a: Round #{r}\n")).collect();
    assert_eq!(stdout(&o), expected);

    // The generated file serves as a model too.
    let o = run_in(
        dir.path(),
        &["--dutch", "a.trf", "-g", "-o", "c.trf", "-s", "1"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let c = read(dir.path(), "c.trf");
    assert_eq!(c.lines().filter(|l| l.starts_with("001 ")).count(), 15);
}

#[test]
fn generator_configuration_errors_name_the_line() {
    let dir = temp_dir();
    write(dir.path(), "bad.cfg", "PlayersNumber=15\nPlayersNumbr=3\n");
    let o = run_in(dir.path(), &["--dutch", "-g", "bad.cfg", "-o", "x.trf"]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(stderr(&o), "bad.cfg:2:1: unknown key \"PlayersNumbr\"\n");
    assert!(!dir.path().join("x.trf").exists());
}

#[test]
fn checker_prints_the_differing_boards() {
    // The file's round 3 reverses the colours the engine gives (1-2 in trf.md §2.5's answer).
    let dir = temp_dir();
    let finished = EXAMPLE
        .replace("XXR 5\n", "XXR 3\n")
        .replace(
            " 1.5    1     4 w 1     6 b =",
            " 1.5    1     4 w 1     6 b =     2 b =",
        )
        .replace(
            " 1.5    2     5 b =     3 w 1",
            " 1.5    2     5 b =     3 w 1     1 w =",
        )
        .replace(
            " 0.0    5     6 w 0     2 b 0",
            " 0.0    5     6 w 0     2 b 0  0000 - U",
        )
        .replace(
            " 0.0    6     1 b 0     5 w -",
            " 0.0    6     1 b 0     5 w -     5 b =",
        )
        .replace(
            " 1.5    3     2 w =     4 b +",
            " 1.5    3     2 w =     4 b +     4 w =",
        )
        .replace("1.5    1     4 w 1", "2.0    1     4 w 1")
        .replace("1.5    2     5 b =", "2.0    2     5 b =")
        .replace("0.0    5     6 w 0", "1.0    5     6 w 0")
        .replace("0.0    6     1 b 0", "0.5    6     1 b 0")
        .replace("1.5    3     2 w =", "2.0    3     2 w =")
        .replace(
            "1.5    4     3 b 1     1 w =  0000 - H",
            "2.0    4     3 b 1     1 w =  0000 - H",
        );
    write(dir.path(), "done.trf", &finished);
    let o = run_in(dir.path(), &["--dutch", "done.trf", "-c"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let round3 = out.split("done: Round #3\n").nth(1).unwrap_or_default();
    assert_eq!(
        round3,
        "  Checker pairings        Tournament pairings\n      \
         1 -   2                  2 -   1\n      4 -   5                  5 -   4\n\n",
        "{out}"
    );
}
