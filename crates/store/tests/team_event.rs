//! Team events through the store: rosters from CSV, a round robin and a Swiss Team event paired
//! round by round with lineups and board results (forfeits, corrections, a stale form), the
//! standings, and the TRF-2026 file read back by the engines to the same ranking and pairings.

use store::teams::rounds::BoardResult;
use store::teams::*;
use store::{Error, Refusal, ResultCode, Store, Version};

/// `teams` teams of `players` players; team k's ratings fall with k so the numbering is known.
fn roster_csv(teams: usize, players: usize) -> String {
    let mut csv = String::from("Équipe;Échiquier;Nom;Elo;Fédération\n");
    for t in 0..teams {
        for b in 0..players {
            let rating = 2400 - 100 * t - 20 * b;
            csv.push_str(&format!(
                "Club {};{};Player {}-{};{rating};FRA\n",
                (b'A' + t as u8) as char,
                b + 1,
                t + 1,
                b + 1
            ));
        }
    }
    csv
}

fn setup(system: TeamSystem, teams: usize, rounds: u32) -> (Store, TeamEventId) {
    let store = Store::open_in_memory().unwrap();
    let mut s = TeamEventSettings::new("Interclubs".parse().unwrap(), rounds, 4);
    s.system = system;
    s.start_date = "2026-11-20".into();
    s.tiebreaks = "EDE,SB".into();
    let event = store.create_team_event("chief", &s).unwrap();
    let imported = import::rosters_from_csv(&roster_csv(teams, 5)).unwrap();
    store.import_teams("chief", event, &imported).unwrap();
    (store, event)
}

/// A result for every board of the round, drawn from a small generator so that the matches
/// end in wins, draws and losses.
fn play_round(store: &Store, event: TeamEventId, round: u32, seed: &mut u64) {
    let pairing = store.team_round(event, round).unwrap();
    let mut results = Vec::new();
    for m in &pairing.matches {
        for b in &m.boards {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let result = match (*seed >> 33) % 3 {
                0 => ResultCode::WhiteWins,
                1 => ResultCode::Draw,
                _ => ResultCode::BlackWins,
            };
            results.push(BoardResult {
                match_number: m.number,
                board: b.board,
                result: Some(result),
            });
        }
    }
    store
        .set_team_results("chief", event, round, &results, None)
        .unwrap();
}

/// The exported file read back: `tiebreak` ranks it as the store did, with the same values.
fn assert_file_ranks_as_store(store: &Store, event: TeamEventId) -> tournament::Tournament {
    let trf = store.export_team_trf(event).unwrap();
    let t = tournament::trf::read(&trf).unwrap_or_else(|e| panic!("{e:?}\n{trf}"));
    assert!(t.is_team_event());
    let e = store.team_event(event).unwrap();
    let list = model::tiebreak_list(&e.settings).unwrap();
    let read = tiebreak::team_standings(&t, &list, &model::tiebreak_options(&e.settings)).unwrap();
    let ours = store.team_standings(event).unwrap();
    assert_eq!(read.rows.len(), ours.rows.len());
    for (a, b) in read.rows.iter().zip(&ours.rows) {
        assert_eq!((a.rank, a.number, &a.name), (b.rank, b.number, &b.name));
        assert_eq!(a.match_points.to_string(), b.match_points);
        assert_eq!(format!("{:.1}", a.game_points), b.game_points);
        assert_eq!(model::value_texts(&list, a), b.values);
    }
    t
}

#[test]
fn round_robin_of_six_teams_runs_to_its_standings_and_file() {
    let (store, event) = setup(TeamSystem::RoundRobin, 6, 1);
    let teams = store.teams(event).unwrap();
    assert_eq!(teams[0].details.name, "Club A");
    assert_eq!(teams[0].number, 1);
    let mut seed = 7;
    for round in 1..=5 {
        let p = store.pair_team_round("chief", event).unwrap();
        assert_eq!(p.matches.len(), 3);
        assert_eq!(p.bye, None);
        if round == 1 {
            // The table sets the number of rounds; Berger round 1 for six: 1-6, 2-5, 3-4.
            assert_eq!(store.team_event(event).unwrap().settings.rounds, 5);
            let numbers = |id| teams.iter().find(|t| t.id == id).unwrap().number;
            let pairs: Vec<(u32, u32)> = p
                .matches
                .iter()
                .map(|m| (numbers(m.white_team), numbers(m.black_team)))
                .collect();
            assert_eq!(pairs, [(1, 6), (2, 5), (3, 4)]);
            // Board colours alternate from the first team's White on board 1, with the rosters'
            // first four players.
            let m = &p.matches[0];
            let (home, away) = (&teams[0].roster, &teams[5].roster);
            let seats: Vec<(i64, i64)> = m.boards.iter().map(|b| (b.white, b.black)).collect();
            assert_eq!(
                seats,
                [
                    (home[0].id, away[0].id),
                    (away[1].id, home[1].id),
                    (home[2].id, away[2].id),
                    (away[3].id, home[3].id)
                ]
            );
        }
        assert!(matches!(
            store.pair_team_round("chief", event),
            Err(Error::Refused {
                reason: Refusal::MissingResults,
                ..
            })
        ));
        play_round(&store, event, round, &mut seed);
    }
    assert!(matches!(
        store.pair_team_round("chief", event),
        Err(Error::Refused {
            reason: Refusal::AllRoundsPaired,
            ..
        })
    ));
    // Every team met every other once.
    for t in &teams {
        let mut met: Vec<i64> = (1..=5)
            .flat_map(|r| store.team_round(event, r).unwrap().matches)
            .filter_map(|m| {
                (m.white_team == t.id)
                    .then_some(m.black_team)
                    .or((m.black_team == t.id).then_some(m.white_team))
            })
            .collect();
        met.sort_unstable();
        met.dedup();
        assert_eq!(met.len(), 5);
    }
    let standings = store.team_standings(event).unwrap();
    assert_eq!(standings.after, 5);
    assert_eq!(standings.tiebreaks, ["GP", "EDE", "SB"]);
    // Match points add up to 2 per match: 15 matches.
    let total: i64 = standings
        .rows
        .iter()
        .map(|r| r.match_points.parse::<i64>().unwrap())
        .sum();
    assert_eq!(total, 30);
    assert_file_ranks_as_store(&store, event);
    // No late entry once a round robin has started.
    assert!(matches!(
        store.add_team(
            "chief",
            event,
            &NewTeam {
                name: "Late".parse().unwrap(),
                ..NewTeam::default()
            }
        ),
        Err(Error::Refused {
            reason: Refusal::RoundRobinFixed,
            ..
        })
    ));
}

#[test]
fn match_points_forfeits_lineups_and_corrections() {
    let (store, event) = setup(TeamSystem::RoundRobin, 4, 1);
    let teams = store.teams(event).unwrap();
    let p = store.pair_team_round("chief", event).unwrap();
    let m = &p.matches[0];
    let home = teams.iter().find(|t| t.id == m.white_team).unwrap();
    // The home team fields its reserve on board 4: a subset of the roster in roster order.
    let lineup: Vec<i64> = [0, 1, 2, 4].iter().map(|&k| home.roster[k].id).collect();
    let lineup_of = |members: &[i64]| rounds::Lineup {
        round: 1,
        match_number: m.number,
        team: home.id,
        members: members.to_vec(),
    };
    let seen = Version(store.team_event_version(event).unwrap());
    store
        .set_lineup("chief", event, &lineup_of(&lineup), Some(seen))
        .unwrap();
    // Board 4 is Black for the team with White on board 1.
    let round = store.team_round(event, 1).unwrap();
    assert_eq!(round.matches[0].boards[3].black, home.roster[4].id);
    // A stale page's lineup is refused; so are lineups out of roster order or of other teams.
    assert!(matches!(
        store.set_lineup("deputy", event, &lineup_of(&lineup), Some(seen)),
        Err(Error::Conflict { .. })
    ));
    let reversed: Vec<i64> = lineup.iter().rev().copied().collect();
    assert!(store
        .set_lineup("chief", event, &lineup_of(&reversed), None)
        .is_err());
    let short = &lineup[..3];
    assert!(store
        .set_lineup("chief", event, &lineup_of(short), None)
        .is_err());
    // 1-0, a board forfeit won by Black, a draw, a double forfeit. Black on board 2 is the
    // home team (colours alternate), so the home team has 1 + 1 + ½ + 0: 2½–½ (the forfeit
    // counts, the double forfeit gives nobody anything).
    let codes = [
        ResultCode::WhiteWins,
        ResultCode::BlackForfeitWin,
        ResultCode::Draw,
        ResultCode::DoubleForfeit,
    ];
    let results: Vec<BoardResult> = codes
        .iter()
        .enumerate()
        .map(|(k, &c)| BoardResult {
            match_number: m.number,
            board: k as u32 + 1,
            result: Some(c),
        })
        .collect();
    let seen = Version(store.team_event_version(event).unwrap());
    assert_eq!(
        store
            .set_team_results("chief", event, 1, &results, Some(seen))
            .unwrap(),
        4
    );
    let scores = store.match_scores(event, 1).unwrap();
    let s = &scores[0];
    assert_eq!(s.white_game_points.to_string(), "2.5");
    assert_eq!(s.black_game_points.to_string(), "0.5");
    assert_eq!(
        (s.white_match_points, s.black_match_points),
        (Some(2), Some(0))
    );
    // The other match has no result yet: no match points.
    assert_eq!(
        (scores[1].white_match_points, scores[1].black_match_points),
        (None, None)
    );
    // Settle it with four draws.
    let other = &p.matches[1];
    let draws: Vec<BoardResult> = (1..=4)
        .map(|b| BoardResult {
            match_number: other.number,
            board: b,
            result: Some(ResultCode::Draw),
        })
        .collect();
    store
        .set_team_results("chief", event, 1, &draws, None)
        .unwrap();
    let scores = store.match_scores(event, 1).unwrap();
    assert_eq!(
        (scores[0].white_match_points, scores[0].black_match_points),
        (Some(2), Some(0))
    );
    assert_eq!(
        (scores[1].white_match_points, scores[1].black_match_points),
        (Some(1), Some(1))
    );
    // A lineup cannot change once the match has results.
    assert!(matches!(
        store.set_lineup("chief", event, &lineup_of(&lineup), None),
        Err(Error::Refused {
            reason: Refusal::RoundClosed,
            ..
        })
    ));
    // A colleague corrects board 1 meanwhile: a form built before it is refused on that board
    // and writes nothing, not even its other board.
    store.pair_team_round("chief", event).unwrap();
    let before = Version(store.team_event_version(event).unwrap());
    let fix = |board, result| BoardResult {
        match_number: m.number,
        board,
        result: Some(result),
    };
    store
        .set_team_results("deputy", event, 1, &[fix(1, ResultCode::BlackWins)], None)
        .unwrap();
    let stale = store.set_team_results(
        "chief",
        event,
        1,
        &[fix(1, ResultCode::Draw), fix(3, ResultCode::WhiteWins)],
        Some(before),
    );
    match stale {
        Err(Error::Conflict { changed, .. }) => {
            assert_eq!(changed.len(), 1);
            assert!(matches!(
                changed[0],
                store::Changed::TeamBoard {
                    round: 1,
                    board: 1,
                    stored: Some(ResultCode::BlackWins),
                    ..
                }
            ));
        }
        other => panic!("{other:?}"),
    }
    let round1 = store.team_round(event, 1).unwrap();
    assert_eq!(round1.matches[0].boards[2].result, Some(ResultCode::Draw));
    // The correction of round 1 (board 1 lost: 1½–1½) turns the match into a draw.
    let scores = store.match_scores(event, 1).unwrap();
    assert_eq!(scores[0].white_game_points.to_string(), "1.5");
    assert_eq!(scores[0].black_game_points.to_string(), "1.5");
    assert_eq!(
        (scores[0].white_match_points, scores[0].black_match_points),
        (Some(1), Some(1))
    );
    // Round 2 is paired and has no result: it can be taken back.
    assert_eq!(store.unpair_last_team_round("chief", event).unwrap(), 2);
    assert_eq!(store.team_event(event).unwrap().rounds_paired, 1);
}

#[test]
fn swiss_team_of_eight_teams_is_the_engines_pairing() {
    let (store, event) = setup(TeamSystem::SwissTeam, 8, 3);
    let mut seed = 11;
    for round in 1..=3 {
        let p = store.pair_team_round("chief", event).unwrap();
        assert_eq!(p.matches.len(), 4);
        play_round(&store, event, round, &mut seed);
    }
    assert!(store.pair_team_round("chief", event).is_err());
    let t = assert_file_ranks_as_store(&store, event);
    // The checker replays the file: every round is the Swiss Team engine's pairing.
    let options = pairing::team::TeamOptions::of(&t).unwrap();
    let checks = pairing::team::check(&t, &options, false, None).unwrap();
    assert_eq!(checks.len(), 3);
    for c in &checks {
        assert_eq!(c.outcome, pairing::checker::RoundOutcome::Same, "{c:?}");
    }
}

#[test]
fn an_odd_swiss_field_gives_the_pab() {
    let (store, event) = setup(TeamSystem::SwissTeam, 5, 2);
    let mut seed = 3;
    let mut byes = Vec::new();
    for round in 1..=2 {
        let p = store.pair_team_round("chief", event).unwrap();
        assert_eq!(p.matches.len(), 2);
        byes.push(p.bye.expect("a PAB in an odd field"));
        play_round(&store, event, round, &mut seed);
    }
    assert_ne!(byes[0], byes[1]);
    let t = assert_file_ranks_as_store(&store, event);
    let options = pairing::team::TeamOptions::of(&t).unwrap();
    for c in pairing::team::check(&t, &options, false, None).unwrap() {
        assert_eq!(c.outcome, pairing::checker::RoundOutcome::Same, "{c:?}");
    }
}

#[test]
fn a_round_robin_of_five_teams_gives_each_a_round_off() {
    let (store, event) = setup(TeamSystem::RoundRobin, 5, 1);
    let mut seed = 5;
    let mut off = Vec::new();
    for round in 1..=5 {
        let p = store.pair_team_round("chief", event).unwrap();
        assert_eq!(p.matches.len(), 2);
        off.push(p.bye.expect("one team sits out"));
        play_round(&store, event, round, &mut seed);
    }
    off.sort_unstable();
    off.dedup();
    assert_eq!(off.len(), 5, "every team sits out once");
    // A round off is no pairing-allocated bye: no 320 record, no points.
    let t = assert_file_ranks_as_store(&store, event);
    assert_eq!(t.team_records.pab, None);
    let total: i64 = store
        .team_standings(event)
        .unwrap()
        .rows
        .iter()
        .map(|r| r.match_points.parse::<i64>().unwrap())
        .sum();
    assert_eq!(total, 2 * 10);
}

#[test]
fn a_late_swiss_entry_takes_the_next_number() {
    let (store, event) = setup(TeamSystem::SwissTeam, 7, 3);
    let mut seed = 9;
    store.pair_team_round("chief", event).unwrap();
    play_round(&store, event, 1, &mut seed);
    let late = store
        .add_team(
            "chief",
            event,
            &NewTeam {
                name: "Late".parse().unwrap(),
                ..NewTeam::default()
            },
        )
        .unwrap();
    for k in 0..4 {
        let m = NewMember {
            name: format!("Late {k}").parse().unwrap(),
            rating: Some(2600),
            ..NewMember::default()
        };
        store.add_member("chief", event, late, &m).unwrap();
    }
    // Numbers are fixed once round 1 is paired: the strongest team is still number 8.
    let teams = store.teams(event).unwrap();
    assert_eq!(teams.last().unwrap().id, late);
    assert_eq!(teams.last().unwrap().number, 8);
    let p = store.pair_team_round("chief", event).unwrap();
    assert_eq!(p.matches.len(), 4);
    assert_eq!(p.bye, None);
    play_round(&store, event, 2, &mut seed);
    let t = assert_file_ranks_as_store(&store, event);
    let options = pairing::team::TeamOptions::of(&t).unwrap();
    for c in pairing::team::check(&t, &options, false, None).unwrap() {
        assert_eq!(c.outcome, pairing::checker::RoundOutcome::Same, "{c:?}");
    }
}
