//! A team event run in the store, exported as TRF-2026 and handed to the command line:
//! `arbiter validate` reads it back, `arbiter standings --teams` ranks the teams as the store's
//! standings do (same places, points and tie-break values), and `arbiter check --system team` finds every
//! Swiss Team round equal to the engine's pairing.

mod common;

use common::{path_str, stderr, stdout_lf, temp_dir, write};
use store::teams::rounds::BoardResult;
use store::teams::*;
use store::{ResultCode, Store};

/// Runs an event of `teams` teams of five to its last round with results from a small
/// generator; the store on a file in `dir`.
fn run_event(
    dir: &std::path::Path,
    system: TeamSystem,
    teams: usize,
    match_points: MatchPoints,
) -> (Store, TeamEventId) {
    run_event_with(dir, system, teams, match_points, true)
}

/// [`run_event`] with the initial colour: `initial_white` false gives the first team Black on
/// board 1 in round 1.
fn run_event_with(
    dir: &std::path::Path,
    system: TeamSystem,
    teams: usize,
    match_points: MatchPoints,
    initial_white: bool,
) -> (Store, TeamEventId) {
    let store = Store::open(&dir.join("teams.db")).unwrap();
    let mut s = TeamEventSettings::new("Team Open".parse().unwrap(), 3, 4);
    s.system = system;
    s.initial_white = initial_white;
    s.match_points = match_points;
    s.start_date = "2026-11-20".into();
    s.tiebreaks = "EDE,SB,BC".into();
    let event = store.create_team_event("chief", &s).unwrap();
    let mut csv = String::from("team,board,name,rating\n");
    for t in 0..teams {
        for b in 0..5 {
            csv.push_str(&format!(
                "Team {t:02},{},Player {t}-{b},{}\n",
                b + 1,
                2300 - 50 * t - 10 * b
            ));
        }
    }
    let imported = import::rosters_from_csv(&csv).unwrap();
    store.import_teams("chief", event, &imported).unwrap();
    let mut seed: u64 = 5;
    loop {
        let round = match store.pair_team_round("chief", event) {
            Ok(p) => p,
            Err(store::Error::Refused {
                reason: store::Refusal::AllRoundsPaired,
                ..
            }) => break,
            Err(e) => panic!("{e}"),
        };
        let mut results = Vec::new();
        for m in &round.matches {
            for b in &m.boards {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let result = match (seed >> 33) % 7 {
                    0 | 1 => ResultCode::WhiteWins,
                    2 | 3 => ResultCode::Draw,
                    4 | 5 => ResultCode::BlackWins,
                    _ => ResultCode::WhiteForfeitWin,
                };
                results.push(BoardResult {
                    match_number: m.number,
                    board: b.board,
                    result: Some(result),
                });
            }
        }
        store
            .set_team_results("chief", event, round.round, &results, None)
            .unwrap();
    }
    (store, event)
}

/// `arbiter standings --teams` on the exported file gives the store's ranking and values.
fn assert_cli_ranks_as_store(dir: &std::path::Path, store: &Store, event: TeamEventId) {
    let trf = write(dir, "event.trf", store.export_team_trf(event).unwrap());
    let o = common::run(&["validate", path_str(&trf)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The reserves who did not play, and a round robin's team sitting out, are no missing
    // results: nothing to warn about.
    assert_eq!(stderr(&o), "");
    let ours = store.team_standings(event).unwrap();
    let list = ours.tiebreaks.join(",");
    let o = common::run(&[
        "standings",
        path_str(&trf),
        "--teams",
        "-t",
        &list,
        "-f",
        "csv",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout_lf(&o);
    let lines: Vec<&str> = out.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(lines.len(), ours.rows.len() + 1, "{out}");
    for (line, row) in lines[1..].iter().zip(&ours.rows) {
        let cells: Vec<&str> = line.split(',').collect();
        let place = if row.rank == row.rank_to {
            row.rank.to_string()
        } else {
            format!("{}-{}", row.rank, row.rank_to)
        };
        let mut expected = vec![
            place,
            row.number.to_string(),
            row.name.clone(),
            row.match_points.clone(),
            row.game_points.clone(),
        ];
        // MP and GP have their columns: the command line does not repeat them as tie-breaks.
        expected.extend(
            ours.tiebreaks
                .iter()
                .zip(&row.values)
                .filter(|(code, _)| !matches!(code.as_str(), "MP" | "GP"))
                .map(|(_, v)| v.clone()),
        );
        assert_eq!(cells, expected, "{out}");
    }
}

#[test]
fn a_round_robin_of_six_teams_reads_back_and_ranks_the_same() {
    let dir = temp_dir();
    let (store, event) = run_event(
        dir.path(),
        TeamSystem::RoundRobin,
        6,
        MatchPoints::TWO_ONE_ZERO,
    );
    assert_eq!(store.team_event(event).unwrap().rounds_paired, 5);
    assert_cli_ranks_as_store(dir.path(), &store, event);
    assert_check_finds_no_difference(dir.path(), 5);
}

/// `arbiter check` on the exported file, without a system flag, checks the teams' matches
/// (the Berger tables for a round robin, C.04.6 for a Swiss): every round the engines' own.
fn assert_check_finds_no_difference(dir: &std::path::Path, rounds: u32) {
    let trf = dir.join("event.trf");
    let o = common::run(&["check", path_str(&trf)]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout_lf(&o), stderr(&o));
    assert!(
        stdout_lf(&o).ends_with(&format!(
            "0 of {rounds} rounds differ from the engine's pairing\n"
        )),
        "{}",
        stdout_lf(&o)
    );
}

/// A round robin of five teams: each round one team sits out (written as an absence), the
/// first team has Black on board 1 in round 1 (`152 B`), and the checker follows the Berger
/// tables with the colours reversed.
#[test]
fn a_round_robin_of_five_teams_with_black_first_checks_the_same() {
    let dir = temp_dir();
    let (store, event) = run_event_with(
        dir.path(),
        TeamSystem::RoundRobin,
        5,
        MatchPoints::TWO_ONE_ZERO,
        false,
    );
    assert_eq!(store.team_event(event).unwrap().rounds_paired, 5);
    assert_cli_ranks_as_store(dir.path(), &store, event);
    // Round 1 of the table for 6 numbers is 1-6 (team 1 sits out), 2-5, 3-4: reversed, team 2
    // has Black on board 1 against team 5, in the store's pairing and in the file.
    let teams = store.teams(event).unwrap();
    let round1 = store.team_round(event, 1).unwrap();
    let pairs: Vec<(u32, u32)> = round1
        .matches
        .iter()
        .map(|m| {
            let number = |id| teams.iter().find(|t| t.id == id).unwrap().number;
            (number(m.white_team), number(m.black_team))
        })
        .collect();
    assert_eq!(pairs, [(5, 2), (4, 3)]);
    let text = std::fs::read_to_string(dir.path().join("event.trf")).unwrap();
    assert!(text.contains("\n152 B\n"), "{text}");
    // Team 2's board 1 is player 6.
    let board1 = text.lines().find(|l| l.starts_with("001    6 ")).unwrap();
    assert_eq!(&board1[91..97], "  21 b", "{board1}");
    assert_check_finds_no_difference(dir.path(), 5);
}

#[test]
fn a_swiss_team_event_checks_and_ranks_the_same() {
    let dir = temp_dir();
    let (store, event) = run_event(
        dir.path(),
        TeamSystem::SwissTeam,
        8,
        MatchPoints::TWO_ONE_ZERO,
    );
    assert_eq!(store.team_event(event).unwrap().rounds_paired, 3);
    assert_cli_ranks_as_store(dir.path(), &store, event);
    assert_check_finds_no_difference(dir.path(), 3);
    let trf = dir.path().join("event.trf");
    // `--team` is `--system team`, as the team engines' flag has it.
    for flags in [&["--system", "team"][..], &["--team"][..]] {
        let args: Vec<&str> = ["check"]
            .into_iter()
            .chain(flags.iter().copied())
            .chain([path_str(&trf)])
            .collect();
        let o = common::run(&args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(
            stdout_lf(&o).ends_with("0 of 3 rounds differ from the engine's pairing\n"),
            "{}",
            stdout_lf(&o)
        );
    }
}

/// A league scored 3/1/0: the file's `362` record gives the command line the same scale.
#[test]
fn a_three_one_zero_league_ranks_the_same() {
    let dir = temp_dir();
    let (store, event) = run_event(
        dir.path(),
        TeamSystem::DoubleRoundRobin,
        4,
        MatchPoints::THREE_ONE_ZERO,
    );
    assert_eq!(store.team_event(event).unwrap().rounds_paired, 6);
    let total: u32 = store
        .team_standings(event)
        .unwrap()
        .rows
        .iter()
        .map(|r| r.match_points.parse::<u32>().unwrap())
        .sum();
    // 12 matches: 3 points for a win, 2 shared for a draw.
    assert!((24..=36).contains(&total), "{total}");
    assert_cli_ranks_as_store(dir.path(), &store, event);
    assert_check_finds_no_difference(dir.path(), 6);
}
