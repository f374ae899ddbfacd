//! What FIDE's 2026 endorsement checklist asks of the checker and the generator
//! (docs/endorsement.md): files as FIDE's own tools write them, the standings checked against
//! the file's own tie-break list, every generator parameter, `-c ROUND`.

mod common;

use std::path::Path;

use common::{path_str, read, run, run_in, stderr, stdout, temp_dir, write};

/// A file in the layout of FIDE's generator (Gacrux): `u` for an unknown sex.
const GACRUX: &str = include_str!("../../tournament/tests/fixtures/gacrux/generated.trf");

#[test]
fn a_file_as_fides_generator_writes_it_is_checked_and_paired_with_warnings() {
    let dir = temp_dir();
    write(dir.path(), "g.trf", GACRUX);
    // The hand-made pairings differ from the engine's from round 2 (exit 1), the file is read.
    let o = run_in(dir.path(), &["check", "g.trf"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o)
        .contains("g.trf:14:10: warning: expected sex m, w or blank (column 10), found \"u\""));
    // Ranks 1, 3, 2, 5, 4, 6 follow the points (2.5, 2.0, 1.5 twice, 1.0, 0.0) with no list.
    assert!(stdout(&o).contains("standings: the ranks of 6 players follow PTS (no tie-break list"));
    let o = run_in(dir.path(), &["--dutch", "g.trf", "-c"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = run_in(dir.path(), &["validate", "g.trf"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// The rank field (columns 86-89) of player `tpn`'s line.
fn rank_of(text: &str, tpn: u32) -> u32 {
    let line = text
        .lines()
        .find(|l| l.starts_with("001") && l[4..8].trim() == tpn.to_string())
        .unwrap();
    line[85..89].trim().parse().unwrap()
}

fn with_rank(text: &str, tpn: u32, rank: u32) -> String {
    text.lines()
        .map(|l| {
            if l.starts_with("001") && l[4..8].trim() == tpn.to_string() {
                format!("{}{rank:>4}{}", &l[..85], &l[89..])
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

#[test]
fn the_checker_catches_a_swapped_pair_in_every_one_of_a_hundred_generated_files() {
    let dir = temp_dir();
    let config = "PlayersNumber=14\nRoundsNumber=6\nHalfPointByes=3%\nForfeitWins=2\n\
                  ForfeitLosses=1\nZeroPointByes=1\nFullPointByes=1\nTieBreaks=BH/C1,BH,SB\n";
    write(dir.path(), "c.txt", config);
    let o = run_in(
        dir.path(),
        &[
            "generate",
            "c.txt",
            "-o",
            "t/T%d.trf",
            "--count",
            "100",
            "-s",
            "1",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for i in 0..100 {
        let name = format!("t/T{i:04}.trf");
        let text = read(dir.path(), &name);
        let o = run_in(dir.path(), &["check", &name]);
        assert_eq!(
            o.status.code(),
            Some(0),
            "{name}: {}{}",
            stdout(&o),
            stderr(&o)
        );
        assert!(stdout(&o).contains("standings: the ranks of 14 players follow PTS, BH/C1, BH, SB"));
        // The first place and the next one below it: strictly ordered by the list.
        let ranks: Vec<u32> = (1..=14).map(|p| rank_of(&text, p)).collect();
        let first = (1..=14)
            .min_by_key(|&p| (ranks[p as usize - 1], p))
            .unwrap();
        let top = ranks[first as usize - 1];
        let next = (1..=14)
            .filter(|&p| ranks[p as usize - 1] > top)
            .min_by_key(|&p| (ranks[p as usize - 1], p))
            .unwrap();
        let swapped = with_rank(
            &with_rank(&text, first, ranks[next as usize - 1]),
            next,
            top,
        );
        let bad = format!("t/S{i:04}.trf");
        write(dir.path(), &bad, &swapped);
        let o = run_in(dir.path(), &["check", &bad]);
        assert_eq!(o.status.code(), Some(1), "{bad}: {}", stdout(&o));
        let wanted = format!(
            "standings: player {next} is ranked {top}, not behind player {first} (ranked {})",
            ranks[next as usize - 1]
        );
        assert!(stdout(&o).contains(&wanted), "{bad}: {}", stdout(&o));
    }
}

#[test]
fn the_json_report_names_each_objection_with_its_article() {
    let dir = temp_dir();
    let mut text = GACRUX.replace("092 Tournament\n", "092 Tournament\n202 XYZ\n");
    // Players 3 (2.0 points) and 2 (1.5) swapped: the points put 3 ahead.
    text = with_rank(&with_rank(&text, 3, 3), 2, 2);
    write(dir.path(), "g.trf", &text);
    let o = run_in(dir.path(), &["check", "g.trf", "-l", "r.json"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let json: serde_json::Value = serde_json::from_str(&read(dir.path(), "r.json")).unwrap();
    // Round 1 is the engine's; round 2 of the hand-made file is not (C.04.3, the Dutch text).
    assert_eq!(
        json["rounds"][0],
        serde_json::json!({"round": 1, "verdict": "same"})
    );
    assert_eq!(json["rounds"][1]["verdict"], "differs");
    assert_eq!(json["rounds"][1]["article"], "C.04.3");
    let s = &json["standings"];
    assert_eq!(s["list"], "202");
    assert_eq!(s["unchecked"], serde_json::json!(["XYZ"]));
    assert_eq!(
        s["objections"],
        serde_json::json!([{
            "player": 2, "rank": 2, "ahead_by_the_list": 3, "their_rank": 3,
            "criterion": "PTS", "article": "C.07 4.2",
        }])
    );
    assert!(stdout(&o).contains("standings: unchecked: XYZ"));
    // The engines' -c keeps its report as the engines write it; the objections go to stderr.
    let o = run_in(dir.path(), &["--dutch", "g.trf", "-c"]);
    assert!(!stdout(&o).contains("standings"));
    assert!(stderr(&o).contains(
        "g.trf: warning: standings: player 2 is ranked 2, not behind player 3 (ranked 3), whom PTS puts ahead (C.07 4.2)\n\
         g.trf: warning: standings: 1 of 6 ranked players out of the order of PTS (the file's 202)\n\
         g.trf: warning: standings: unchecked: XYZ (a criterion not known here, and those after it)\n"
    ), "{}", stderr(&o));
}

#[test]
fn check_one_round_prints_that_round_and_its_checklist() {
    let dir = temp_dir();
    write(dir.path(), "g.trf", GACRUX);
    let o = run_in(dir.path(), &["--dutch", "g.trf", "-c", "2", "-l", "g.list"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("g: Round #2\n"));
    assert!(!stdout(&o).contains("Round #1") && !stdout(&o).contains("Round #3"));
    let list = read(dir.path(), "g.list");
    assert!(list.starts_with("Round #2\n") && list.matches("Round #").count() == 1);
    let o = run_in(dir.path(), &["--dutch", "g.trf", "-c", "4"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("-c 4: g.trf has 3 rounds to check"));
}

#[test]
fn the_generator_takes_every_parameter_of_the_checklist() {
    let dir = temp_dir();
    let config = "PlayersNumber=20\nRoundsNumber=7\nRetiredRate=0\nTopRating=2400\nRatingStep=20\n\
                  FullPointByes=2\nHalfPointByes=4\nZeroPointByes=1\nForfeitWins=3\n\
                  ForfeitLosses=1\nUnusualResults=2\nAcceleration=baku\nTieBreaks=ARO,BH\n";
    write(dir.path(), "c.txt", config);
    let o = run_in(dir.path(), &["generate", "c.txt", "-o", "g.trf", "-s", "5"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = read(dir.path(), "g.trf");
    let entries: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("001"))
        .flat_map(|l| (0..7).map(move |r| &l[91 + 10 * r..99 + 10 * r]))
        .collect();
    let count = |code: char| entries.iter().filter(|e| e.ends_with(code)).count();
    // Counts for the event: byes once each, games twice (both players' entries).
    assert_eq!(count('F'), 2);
    assert_eq!(count('H'), 4);
    assert_eq!(count('Z'), 1);
    assert_eq!(count('+'), 3);
    assert_eq!(count('-'), 3 + 2);
    assert_eq!(count('W') + count('D') + count('L'), 2 * 2);
    // Ratings from the top rating down by the step.
    assert!(text.contains("Test0001 Player0001               2400"));
    assert!(text.contains("Test0020 Player0020               2020"));
    // Baku (C.04.7.1): GA = 2·⌈20/4⌉ = 10; A = ⌈7/2⌉ = 4 rounds, the first 2 at a win.
    assert!(text.contains("250       1.0 001 002 0001 0010\n250       0.5 003 004 0001 0010\n"));
    assert!(text.contains("202 ARO,BH\n212 PTS,ARO,BH\n"));
    let o = run_in(dir.path(), &["check", "g.trf"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    // Shares, and a name without %d for several files.
    write(
        dir.path(),
        "d.txt",
        "PlayersNumber=8\nRoundsNumber=3\nHalfPointByes=2.5%\nTournamentsNumber=2\n",
    );
    let o = run_in(dir.path(), &["generate", "d.txt", "-o", "one.trf"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("2 tournaments need %d in the output name"));
    let o = run_in(
        dir.path(),
        &["generate", "d.txt", "-o", "two%d.trf", "-s", "3"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(Path::new(&dir.path().join("two0001.trf")).exists());
    write(dir.path(), "e.txt", "HalfPointByes=12.25%\n");
    let o = run(&[
        "generate",
        path_str(&dir.path().join("e.txt")),
        "-o",
        path_str(&dir.path().join("x.trf")),
    ]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stderr(&o).contains("HalfPointByes: expected a count such as 3 or a share such as 2.5%")
    );
}
