//! `arbiter pair`, `arbiter check` and `arbiter generate` driven as a binary.

mod common;

use common::{read, run_in, stderr, stdout, temp_dir, write};

/// trf.md §2.5: six players after two rounds, player 6 with a half-point bye in round 3.
const EXAMPLE: &str = "012 Example Open
XXR 5
XXC white1
001    1 m GM Alpha, Arno                       2510 FRA     1000001 1990/01/01  1.5    1     4 w 1     6 b =
001    2 w IM Bravo, Beth                       2400 GER     1000002 1992/02/02  1.5    2     5 b =     3 w 1
001    3 m    Charlie, Carl                     2300 ITA     1000003 1994/03/03  0.0    5     6 w 0     2 b 0
001    4 m    Delta, Dan                        2200 ESP     1000004 1996/04/04  0.0    6     1 b 0     5 w -
001    5 w    Echo, Eva                         2100 NED     1000005 1998/05/05  1.5    3     2 w =     4 b +
001    6 m    Foxtrot, Finn                     2000 BEL     1000006 2000/06/06  1.5    4     3 b 1     1 w =  0000 - H
";

#[test]
fn round_robin_tables() {
    let dir = temp_dir();
    let o = run_in(dir.path(), &["pair", "--round-robin", "6"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "Round 1: 1-6, 2-5, 3-4\nRound 2: 6-4, 5-3, 1-2\nRound 3: 2-6, 3-1, 4-5\n\
         Round 4: 6-5, 1-4, 2-3\nRound 5: 3-6, 4-2, 5-1\n"
    );
    let o = run_in(dir.path(), &["pair", "--round-robin", "3", "--double"]);
    assert_eq!(
        stdout(&o),
        "Round 1: 2-3; bye 1\nRound 2: 3-1; bye 2\nRound 3: 1-2; bye 3\n\
         Round 4: 3-2; bye 1\nRound 5: 2-1; bye 3\nRound 6: 1-3; bye 2\n"
    );
    let o = run_in(dir.path(), &["pair", "--round-robin", "1"]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(
        stderr(&o),
        "a round robin needs between 2 and 9999 players, not 1\n"
    );
}

/// Six players after rounds 1 and 2 of the Berger table (1-6, 2-5, 3-4; 6-4, 5-3, 1-2).
const ROBIN: &str = "012 Round robin
XXR 5
XXC white1
001    1      Alpha, Arno                       2510                             1.5    1     6 w 1     2 w =
001    2      Bravo, Beth                       2400                             1.0    2     5 w =     1 b =
001    3      Charlie, Carl                     2300                             1.0    3     4 w 1     5 b 0
001    4      Delta, Dan                        2200                             1.0    4     3 b 0     6 b 1
001    5      Echo, Eva                         2100                             1.5    5     2 b =     3 w 1
001    6      Foxtrot, Finn                     2000                             0.0    6     1 b 0     4 w 0
";

#[test]
fn round_robin_pairs_the_next_round_of_a_file() {
    let dir = temp_dir();
    write(dir.path(), "ex.trf", EXAMPLE);
    write(dir.path(), "robin.trf", ROBIN);
    // Round 3 of the 6-player table: 2-6, 3-1, 4-5.
    let o = run_in(dir.path(), &["pair", "robin.trf", "--round-robin", "6"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "3\n2 6\n3 1\n4 5\n");
    let o = run_in(dir.path(), &["pair", "ex.trf", "--round-robin", "8"]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(stderr(&o), "ex.trf: the tournament has 6 players, not 8\n");
    // A Swiss history is not the table's: the first differing board is named.
    let o = run_in(dir.path(), &["pair", "ex.trf", "--round-robin", "6"]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(
        stderr(&o),
        "ex.trf: round 1, board 1: the round-robin table pairs 1-6, the file has 1-4\n"
    );
    assert_eq!(stdout(&o), "");
}

#[test]
fn pair_writes_the_engine_format() {
    let dir = temp_dir();
    write(dir.path(), "ex.trf", EXAMPLE);
    let o = run_in(dir.path(), &["pair", "ex.trf", "-o", "out.txt"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    assert_eq!(read(dir.path(), "out.txt"), "3\n1 2\n4 5\n3 0\n");
    // The Dutch engine's explanation: brackets, floats and why, colour preferences.
    let o = run_in(dir.path(), &["pair", "ex.trf", "--explain"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "3\n1 2\n4 5\n3 0\n\n\
Round 3: brackets, top-down\n\
\x20 1.5: residents 1 2 5; floating down 5\n\
\x20 0.0: residents 3 4; moved down 5; floating down 3\n\
Players, in pairing order\n\
\x20 1 (1.5): White against 2; mild preference for White, met; no float: paired inside the 1.5 scoregroup\n\
\x20 2 (1.5): Black against 1; mild preference for Black, met; no float: paired inside the 1.5 scoregroup\n\
\x20 5 (1.5): Black against 4; strong preference for Black, met; downfloat: left unpaired in the 1.5 bracket (C6–C8 chose the downfloaters) and paired with 4 (0.0)\n\
\x20     3 (ranked higher) was not taken because of C9 (unplayed games of the PAB receiver)\n\
\x20 3 (0.0): pairing-allocated bye; mild preference for White; downfloat (bye): odd number of players: the PAB goes to the lowest score possible (0.0, C5) among the players who may receive it (C2), then to the one with the fewest unplayed games (C9)\n\
\x20 4 (0.0): White against 5; strong preference for White, met; upfloat: paired with 5, moved down from the 1.5 scoregroup\n"
    );
}

#[test]
fn check_and_generate() {
    let dir = temp_dir();
    std::fs::write(
        dir.path().join("cfg.txt"),
        "PlayersNumber=9\nRoundsNumber=4\n",
    )
    .unwrap();
    let o = run_in(
        dir.path(),
        &["generate", "cfg.txt", "-o", "g.trf", "-s", "7"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let g = read(dir.path(), "g.trf");
    assert!(g.starts_with("012 AutoTest Tournament 7\n"));
    let o = run_in(dir.path(), &["check", "g.trf"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "g: Round #1\ng: Round #2\ng: Round #3\ng: Round #4\n\
standings: the ranks of 9 players follow PTS, BH/C1, BH, SB (the file's 212)\n\
0 of 4 rounds differ from the engine's pairing\n"
    );
    let o = run_in(
        dir.path(),
        &["generate", "--model", "g.trf", "-o", "h.trf", "-s", "8"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let h = read(dir.path(), "h.trf");
    assert_eq!(h.lines().filter(|l| l.starts_with("001 ")).count(), 9);
}

#[test]
fn a_generated_tournament_is_ready_to_pair() {
    let dir = temp_dir();
    std::fs::write(
        dir.path().join("cfg.txt"),
        "PlayersNumber=15\nRoundsNumber=5\n",
    )
    .unwrap();
    for args in [
        &[
            "generate", "cfg.txt", "-o", "g.trf", "-s", "3", "--played", "3",
        ][..],
        &["--dutch", "-g", "cfg.txt", "-o", "g.trf", "-s", "3"],
    ] {
        let o = run_in(dir.path(), args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        let g = read(dir.path(), "g.trf");
        assert!(g.lines().any(|l| l == "142 5"), "{args:?}: {g}");
        let o = run_in(dir.path(), &["check", "g.trf"]);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stdout(&o));
        let o = run_in(dir.path(), &["pair", "g.trf"]);
        if args.contains(&"--played") {
            // Round 4 of 5 is paired: 15 players, 7 boards and the PAB.
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            assert!(stdout(&o).starts_with("8\n"), "{}", stdout(&o));
        } else {
            // Every round is played: nothing is left to pair, and the message says so.
            assert_eq!(o.status.code(), Some(3), "{}", stdout(&o));
            assert!(
                !stderr(&o).contains("number of rounds is missing"),
                "{}",
                stderr(&o)
            );
        }
    }
    let o = run_in(
        dir.path(),
        &["generate", "cfg.txt", "-o", "h.trf", "--played", "9"],
    );
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
}
