//! The engine interface and `arbiter pair`/`check` for the Swiss Team (`--team`, C.04.6) and
//! Double-Swiss (`--double-swiss`, C.04.5) systems: the round of a TRF-2026 team file written as
//! Sharly Chess writes it, a Double-Swiss file with two columns a match, the `192` code choosing
//! the system, and generated events replayed by the checker without a difference.

mod common;

use common::{path_str, stderr, stdout, temp_dir, write};

/// Five two-board teams after round 1: team 1 beat team 2 1½-½, team 4 beat team 3 1½-½, team 5
/// had the bye (`320`: 1 MP and 1 GP). Round 2: the PAB to team 3 (0 MP, largest number), 1-4
/// (2 MP) with White to 4 (lower colour difference, 4.3.5), then 5 and its upfloater 2, White
/// to 2 (4.3.5).
const TEAM_FILE: &str = "012 Team test
142 5
152 W
192 FIDE_TEAM_TYPEA_MP_GP
352 WB
362 TW  2.0   TD  1.0   TL  0.0
320 01.0 01.0 005
001    1      Member 1                          2000                             0.0    1     3 w 1
001    2      Member 2                          2000                             0.0    2     4 b =
001    3      Member 3                          2000                             0.0    3     1 b 0
001    4      Member 4                          2000                             0.0    4     2 w =
001    5      Member 5                          2000                             0.0    5     7 w =
001    6      Member 6                          2000                             0.0    6     8 b 0
001    7      Member 7                          2000                             0.0    7     5 b =
001    8      Member 8                          2000                             0.0    8     6 w 1
001    9      Member 9                          2000                             0.0    9  0000 - U
001   10      Member 10                         2000                             0.0   10  0000 - U
310 1   Team 1                                                              1    2
310 2   Team 2                                                              3    4
310 3   Team 3                                                              5    6
310 4   Team 4                                                              7    8
310 5   Team 5                                                              9   10
";

/// Five players after match 1 of a Double-Swiss: 1 beat 3 2-0, 4-2 1-1, 5 had the bye (a game
/// won and a game drawn). Match 2: the PAB to 3; 1 cannot take 5 (2 and 4 would be left, who
/// met), so it takes 2 (4.3.2: 2 had no White), then 5-4.
const DS_FILE: &str = "012 Double-Swiss test
142 8
152 W
192 FIDE_DOUBLESWISS
001    1      Player 1                          2000                             2.0    1     3 w 1     3 b 1
001    2      Player 2                          2000                             1.0    2     4 b =     4 w =
001    3      Player 3                          2000                             0.0    3     1 b 0     1 w 0
001    4      Player 4                          2000                             1.0    4     2 w =     2 b =
001    5      Player 5                          2000                             1.5    5  0000 - U  0000 - H
";

#[test]
fn team_round_from_a_sharly_chess_file() {
    let dir = temp_dir();
    let f = write(dir.path(), "team.trf", TEAM_FILE);
    let expected = "3\n4 1\n2 5\n3 0\n";
    for args in [
        vec!["--team", path_str(&f), "-p"],
        vec![path_str(&f), "-p"],
        vec!["pair", path_str(&f)],
        vec!["pair", "--system", "team", path_str(&f)],
    ] {
        let o = common::run(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o), expected, "{args:?}");
    }
    let o = common::run(&["--team", path_str(&f), "-p", "-l"]);
    assert_eq!(o.status.code(), Some(0));
    let list = std::fs::read_to_string(dir.path().join("team.list")).unwrap();
    assert!(
        list.starts_with("ID\tPts\t---\tPref\tC2\tFloat\tCur\tR1\n1\t2.0\tW\tA\tY\t\t(4B)\t2\n"),
        "{list}"
    );
    assert!(list.contains("\n5\t1.0\t\tA\tN\t\t(2B)\t\n"), "{list}");
}

#[test]
fn double_swiss_match_two() {
    let dir = temp_dir();
    let f = write(dir.path(), "ds.trf", DS_FILE);
    for args in [
        vec!["--double-swiss", path_str(&f), "-p"],
        vec![path_str(&f), "-p"],
        vec!["pair", "--system", "double-swiss", path_str(&f)],
    ] {
        let o = common::run(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o), "3\n2 1\n5 4\n3 0\n", "{args:?}");
    }
}

/// `arbiter pair --explain` for Double-Swiss: the pairing, then the match's explanation, each
/// player's float (1.5), the rule of 4.3 behind game 1's colours and the PAB's rule of 3.4,
/// with C.04.5's article numbers.
#[test]
fn double_swiss_explains_a_match() {
    let dir = temp_dir();
    let f = write(dir.path(), "ds.trf", DS_FILE);
    let o = common::run(&["pair", "--explain", path_str(&f)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let pairing = "3\n2 1\n5 4\n3 0\n";
    assert!(out.starts_with(pairing), "{out}");
    let explained = &out[pairing.len()..];
    assert!(
        explained.contains("Match 2: Double-Swiss (C.04.5), players by pairing score\n"),
        "{out}"
    );
    assert_eq!(
        explained.lines().filter(|l| l.starts_with("  ")).count(),
        5,
        "{out}"
    );
    for line in [
        // 1 meets 2, who floats up; 2 had no White, 1 had one (4.3.2). 5, whom the first
        // candidate named, would leave the others unpaired (2.2.1).
        "  1 (2.0): Black in game 1 against 2 (1.0); floater, against a lower score (C.04.5 1.5); \
         colours: White to the player with fewer Whites (C.04.5 4.3.2); not paired with 5, whom \
         the first candidate named: the others could not all be paired (C.04.5 2.2.1)",
        "  2 (1.0): White in game 1 against 1 (2.0); upfloat (C.04.5 1.5); colours: White to the \
         player with fewer Whites (C.04.5 4.3.2)",
        // 5 had the PAB (C2 bars a second): 3 has the lowest score of the others.
        "  3 (0.0): pairing-allocated bye; bye; bye: lowest score among those allowed one \
         (C.04.5 3.4.2)",
    ] {
        assert!(explained.lines().any(|l| l == line), "{line}\n{out}");
    }
}

#[test]
fn a_double_swiss_match_with_one_game_recorded_is_refused() {
    let dir = temp_dir();
    // Match 1 complete, match 2 with its first game only.
    let text: String = DS_FILE
        .lines()
        .map(|l| {
            // Game 1 of match 2 drawn between 1 and 2: their points grow by a half.
            let (extra, points) = match l.get(4..8).map(str::trim) {
                Some("1") if l.starts_with("001") => ("     2 w =", " 2.5"),
                Some("2") if l.starts_with("001") => ("     1 b =", " 1.5"),
                _ => return format!("{l}\n"),
            };
            format!("{}{points}{}{extra}\n", &l[..80], &l[84..])
        })
        .collect();
    let f = write(dir.path(), "half.trf", &text);
    let o = common::run(&["--double-swiss", path_str(&f), "-p"]);
    assert_eq!(o.status.code(), Some(3), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("match 2 has its first game (column 3) but not its second"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_system_flag_must_agree_with_the_192_code() {
    let dir = temp_dir();
    let f = write(dir.path(), "team.trf", TEAM_FILE);
    let o = common::run(&["--dutch", path_str(&f), "-p"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stderr(&o)
            .contains("192 code (FIDE_TEAM_TYPEA_MP_GP) names the Swiss Team (C.04.6) system"),
        "{}",
        stderr(&o)
    );
    let o = common::run(&["--team", "--double-swiss", path_str(&f), "-p"]);
    assert_eq!(o.status.code(), Some(3));
}

#[test]
fn no_valid_team_pairing_exits_1() {
    let dir = temp_dir();
    // Teams 1 to 4 may not meet each other (260): with 5 teams, whoever has the bye, two of
    // them are left to meet.
    let text = format!("{TEAM_FILE}260 001 005 0001 0002 0003 0004\n");
    let f = write(dir.path(), "stuck.trf", &text);
    let o = common::run(&["--team", path_str(&f), "-p"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("No valid pairing exists for round 2."),
        "{}",
        stderr(&o)
    );
}

#[test]
fn generated_events_replay_without_a_difference() {
    let dir = temp_dir();
    let config = write(
        dir.path(),
        "team.properties",
        "TeamsNumber=13\nBoardsNumber=3\nRoundsNumber=6\nTypeCode=FIDE_TEAM_TYPEB_MP_GP\n",
    );
    let out = dir.path().join("team-gen.trf");
    let o = common::run(&[
        "--team",
        "-g",
        path_str(&config),
        "-o",
        path_str(&out),
        "-s",
        "11",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = common::run(&["check", path_str(&out)]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stdout(&o).ends_with("0 of 6 rounds differ from the engine's pairing\n"),
        "{}",
        stdout(&o)
    );
    let o = common::run(&[path_str(&out), "-c"]);
    assert_eq!(
        stdout(&o),
        (1..=6)
            .map(|r| format!("team-gen: Round #{r}\n"))
            .collect::<String>()
    );

    let ds_out = dir.path().join("ds-gen.trf");
    let o = common::run(&["--double-swiss", "-g", "-o", path_str(&ds_out), "-s", "5"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&ds_out).unwrap();
    assert!(text.contains("\n192 FIDE_DOUBLESWISS"), "{text}");
    let o = common::run(&["check", path_str(&ds_out)]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains(" rounds differ from the engine's pairing\n"));
    assert!(stdout(&o).starts_with("ds-gen: Round #1\n"));

    let bad = write(
        dir.path(),
        "bad.properties",
        "TeamsNumber=13\nColours=yes\n",
    );
    let o = common::run(&[
        "--team",
        "-g",
        path_str(&bad),
        "-o",
        path_str(&dir.path().join("x.trf")),
    ]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stderr(&o).contains("bad.properties:2:1: unknown key \"Colours\""),
        "{}",
        stderr(&o)
    );
}

/// A bye requested in advance fills both columns of its match (`0000 - H  0000 - H`, the
/// encoding of `crates/pairing/README.md`): the match is still the one to pair, whether the
/// points column counts the bye or not. Player 3 asks for a half-point bye in match 2, so
/// 1 (2.0), 5 (1.5), 2 and 4 (1.0) are paired: 1-5 would leave 2-4, who met, so 1 takes 2, then
/// 5-4; 2 and 5 have had fewer Whites (4.3.2) and play game 1 with White.
#[test]
fn a_double_swiss_bye_requested_in_advance_is_paired() {
    let dir = temp_dir();
    for points in ["0.0", "1.0"] {
        let text = DS_FILE.replace(
            "0.0    3     1 b 0     1 w 0",
            &format!("{points}    3     1 b 0     1 w 0  0000 - H  0000 - H"),
        );
        assert!(text.contains("0000 - H  0000 - H"));
        let f = write(dir.path(), "ds-bye.trf", &text);
        let o = common::run(&["validate", path_str(&f)]);
        assert_eq!(o.status.code(), Some(0), "{points}: {}", stdout(&o));
        assert_eq!(stderr(&o), "", "{points}");
        for args in [
            vec!["--double-swiss", path_str(&f), "-p"],
            vec!["pair", path_str(&f)],
        ] {
            let o = common::run(&args);
            assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
            assert_eq!(stdout(&o), "2\n2 1\n5 4\n", "{args:?}");
        }
    }
}

/// Files as the generator writes them, cut before a match for which a player asked for a bye
/// in advance (`H H`, `Z Z` or `F F` in that match's columns), the points column counting the
/// matches before it: 100 generated events, each read, checked and paired.
#[test]
fn generated_double_swiss_files_with_byes_in_advance_are_paired() {
    let dir = temp_dir();
    let mut files = 0;
    let mut cuts = 0;
    for seed in 1.. {
        if files == 100 {
            break;
        }
        let out = dir.path().join(format!("g{seed}.trf"));
        let o = common::run(&[
            "generate",
            "--system",
            "double-swiss",
            "-s",
            &seed.to_string(),
            "-o",
            path_str(&out),
        ]);
        if o.status.code() == Some(1) {
            continue; // the random field ran out of legal pairings
        }
        assert_eq!(o.status.code(), Some(0), "seed {seed}: {}", stderr(&o));
        files += 1;
        let text = std::fs::read_to_string(&out).unwrap();
        let Some((k, cut)) = cut_before_an_advance_bye(&text) else {
            continue;
        };
        cuts += 1;
        let f = write(dir.path(), "cut.trf", &cut);
        let o = common::run(&["validate", path_str(&f)]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "seed {seed}, match {k}: {}",
            stdout(&o)
        );
        let o = common::run(&["--double-swiss", path_str(&f), "-p"]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "seed {seed}, match {k}: {}",
            stderr(&o)
        );
        let o = common::run(&["check", path_str(&f)]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "seed {seed}, match {k}: {}",
            stderr(&o)
        );
    }
    assert!(
        cuts >= 50,
        "only {cuts} of 100 files have a bye requested in advance"
    );
}

/// The generated file `text` cut before the first match k ≥ 2 in whose two columns some player
/// has a bye requested in advance: the matches before it, that bye, and the points of the
/// matches before it (1, ½, 0 and the bye codes, as the generator scores).
fn cut_before_an_advance_bye(text: &str) -> Option<(usize, String)> {
    let entries = |l: &str| -> Vec<String> {
        (0..)
            .map(|r| 91 + 10 * r)
            .take_while(|&c| c < l.len())
            .map(|c| format!("{:<8}", &l[c..(c + 8).min(l.len())]))
            .collect()
    };
    let requested = |e: &[String]| {
        e.len() == 2 && e[0].starts_with("0000 - ") && "HZF".contains(&e[0][7..8]) && e[0] == e[1]
    };
    let players: Vec<&str> = text.lines().filter(|l| l.starts_with("001")).collect();
    let matches = players.iter().map(|l| entries(l).len() / 2).max()?;
    let k = (2..=matches).find(|&k| {
        players.iter().any(|l| {
            let e = entries(l);
            e.len() >= 2 * k && requested(&e[2 * k - 2..2 * k])
        })
    })?;
    let value = |e: &String| match &e[7..8] {
        "1" | "W" | "+" | "F" | "U" => 10,
        "=" | "D" | "H" => 5,
        _ => 0,
    };
    let cut: String = text
        .lines()
        .map(|l| {
            if !l.starts_with("001") {
                return format!("{l}\n");
            }
            let e = entries(l);
            let mut kept: Vec<String> = e.iter().take(2 * k - 2).cloned().collect();
            let tenths: i32 = kept.iter().map(value).sum();
            if e.len() >= 2 * k && requested(&e[2 * k - 2..2 * k]) {
                kept.extend_from_slice(&e[2 * k - 2..2 * k]);
            }
            let points = format!("{:>5}", format!("{}.{}", tenths / 10, tenths % 10));
            format!("{}{points}{}{}\n", &l[..79], &l[84..91], kept.join("  "))
                .trim_end()
                .to_string()
                + "\n"
        })
        .collect();
    Some((k, cut))
}
