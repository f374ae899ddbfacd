//! Team events through the store: rosters from CSV, a round robin and a Swiss Team event paired
//! round by round with lineups and board results (forfeits, corrections, a stale form), the
//! standings, and the TRF-2026 file read back by the engines to the same ranking and pairings.

use store::teams::rounds::BoardResult;
use store::teams::*;
use store::{Error, Refusal, ResultCode, Store, Version};

/// `teams` teams of `players` players; team k's ratings fall with k so the numbering is known.
pub(crate) fn roster_csv(teams: usize, players: usize) -> String {
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
            let seats: Vec<(i64, i64)> = m
                .boards
                .iter()
                .map(|b| (b.white.unwrap(), b.black.unwrap()))
                .collect();
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
    assert_eq!(round.matches[0].boards[3].black, Some(home.roster[4].id));
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

/// The pairing-allocated bye scores in the standings what pairing counts: a drawn match
/// (C.04.6 1.4; the event states no other value), so 1 match point and ½ a game point on each of
/// the 4 boards = 2 game points, never a won match's 2 and 4.
#[test]
fn the_pab_is_a_drawn_match_in_the_standings() {
    let (store, event) = setup(TeamSystem::SwissTeam, 5, 3);
    let p = store.pair_team_round("chief", event).unwrap();
    let bye = p.bye.expect("a PAB in an odd field");
    play_round(&store, event, 1, &mut 7);
    let s = store.team_standings(event).unwrap();
    let row = s.rows.iter().find(|r| r.team == bye).unwrap();
    assert_eq!(
        (row.match_points.as_str(), row.game_points.as_str()),
        ("1", "2.0")
    );
    // The engines read the exported file alike.
    assert_file_ranks_as_store(&store, event);
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

/// A team that does not show loses every board by forfeit and the match on the event's scale
/// (3/1/0 here); the file carries it as a `330` record and ranks as the store does. Its boards
/// cannot be entered one by one while the forfeit stands; taking it back clears them.
#[test]
fn a_whole_match_forfeit_is_stored_scored_and_exported() {
    let store = Store::open_in_memory().unwrap();
    let mut s = TeamEventSettings::new("Nationale 3".parse().unwrap(), 1, 4);
    s.system = TeamSystem::RoundRobin;
    s.match_points = MatchPoints::THREE_ONE_ZERO;
    let event = store.create_team_event("chief", &s).unwrap();
    let imported = import::rosters_from_csv(&roster_csv(4, 4)).unwrap();
    store.import_teams("chief", event, &imported).unwrap();
    let p = store.pair_team_round("chief", event).unwrap();
    let (first, second) = (&p.matches[0], &p.matches[1]);
    let seen = Version(store.team_event_version(event).unwrap());
    // The home team of match 1 did not come.
    store
        .set_match_forfeit(
            "chief",
            event,
            1,
            first.number,
            Some(MatchForfeit::BlackTeamWins),
            Some(seen),
        )
        .unwrap();
    // The same form again from the old page: the match moved meanwhile.
    assert!(matches!(
        store.set_match_forfeit(
            "deputy",
            event,
            1,
            first.number,
            Some(MatchForfeit::Neither),
            Some(seen)
        ),
        Err(Error::Conflict { .. })
    ));
    let round = store.team_round(event, 1).unwrap();
    let m = &round.matches[0];
    assert_eq!(m.forfeit, Some(MatchForfeit::BlackTeamWins));
    // Colours alternate: the away team has Black on boards 1 and 3, White on 2 and 4.
    let codes: Vec<_> = m.boards.iter().map(|b| b.result).collect();
    assert_eq!(
        codes,
        [
            Some(ResultCode::BlackForfeitWin),
            Some(ResultCode::WhiteForfeitWin),
            Some(ResultCode::BlackForfeitWin),
            Some(ResultCode::WhiteForfeitWin)
        ]
    );
    let one = |result| BoardResult {
        match_number: first.number,
        board: 1,
        result: Some(result),
    };
    assert!(matches!(
        store.set_team_results("chief", event, 1, &[one(ResultCode::Draw)], None),
        Err(Error::Refused {
            reason: Refusal::RoundClosed,
            ..
        })
    ));
    // Neither team of match 2 came: both lose it.
    store
        .set_match_forfeit(
            "chief",
            event,
            1,
            second.number,
            Some(MatchForfeit::Neither),
            None,
        )
        .unwrap();
    let scores = store.match_scores(event, 1).unwrap();
    let pts = |s: &model::MatchScore| {
        (
            s.white_game_points.to_string(),
            s.black_game_points.to_string(),
            s.white_match_points,
            s.black_match_points,
        )
    };
    assert_eq!(
        pts(&scores[0]),
        ("0.0".into(), "4.0".into(), Some(0), Some(3))
    );
    assert_eq!(
        pts(&scores[1]),
        ("0.0".into(), "0.0".into(), Some(0), Some(0))
    );
    let t = assert_file_ranks_as_store(&store, event);
    let teams = store.teams(event).unwrap();
    let number = |id| teams.iter().find(|t| t.id == id).unwrap().number;
    assert_eq!(
        t.team_records.forfeits,
        [
            tournament::TeamForfeit {
                round: 1,
                white: number(first.white_team),
                black: number(first.black_team),
                result: tournament::TeamForfeitResult::BlackWins,
            },
            tournament::TeamForfeit {
                round: 1,
                white: number(second.white_team),
                black: number(second.black_team),
                result: tournament::TeamForfeitResult::Neither,
            }
        ]
    );
    let file = store.export_team_trf(event).unwrap();
    let line = format!(
        "330 -+   1 {:>3} {:>3}",
        number(first.white_team),
        number(first.black_team)
    );
    assert!(file.contains(&line), "{file}");
    // Taken back: the boards are empty again and can be entered one by one.
    store
        .set_match_forfeit("chief", event, 1, first.number, None, None)
        .unwrap();
    let round = store.team_round(event, 1).unwrap();
    assert_eq!(round.matches[0].forfeit, None);
    assert!(round.matches[0].boards.iter().all(|b| b.result.is_none()));
    store
        .set_team_results("chief", event, 1, &[one(ResultCode::Draw)], None)
        .unwrap();
}

/// Each team of a match gets a captain's code when the round is paired. With it the captain
/// submits the lineup and reports results; the same report from both captains is confirmed in
/// one step, a different one is a conflict the arbiter settles; wrong codes are counted.
#[test]
fn captains_submit_lineups_and_report_with_their_codes() {
    let (store, event) = setup(TeamSystem::RoundRobin, 4, 1);
    let p = store.pair_team_round("chief", event).unwrap();
    let codes = store.team_match_codes(event, 1).unwrap();
    assert_eq!(codes.len(), 4);
    let m = &p.matches[0];
    let code_of = |team| {
        codes
            .iter()
            .find(|(n, t, _)| *n == m.number && *t == team)
            .unwrap()
            .2
            .clone()
    };
    let (home_code, away_code) = (code_of(m.white_team), code_of(m.black_team));
    assert_ne!(home_code, away_code);
    // The away captain's phone: the match, its team, its roster.
    let opened = store
        .open_captain_code("10.0.0.1", &away_code.to_lowercase(), None)
        .unwrap();
    assert_eq!(opened.team.id, m.black_team);
    assert!(!opened.has_white_on_board_one());
    // The away captain fields the reserve on board 4.
    let roster: Vec<i64> = opened.team.roster.iter().map(|p| p.id).collect();
    let lineup = vec![roster[0], roster[1], roster[2], roster[4]];
    let seen = Some(Version(opened.version));
    let after = store
        .captain_lineup("10.0.0.1", &away_code, None, lineup.clone(), seen)
        .unwrap();
    // Board 4 is White for the team with Black on board 1.
    assert_eq!(after.pairing.boards[3].white, Some(roster[4]));
    // From the old page again: the lineup moved meanwhile.
    assert!(matches!(
        store.captain_lineup("10.0.0.1", &away_code, None, lineup, seen),
        Err(Error::Conflict { .. })
    ));
    // Wrong codes are counted and, past the free ones, make the sender wait.
    let mut waited = false;
    for _ in 0..30 {
        match store.open_captain_code("10.0.0.9", "ZZZZZZ", None) {
            Err(Error::Refused {
                reason: Refusal::BadCode,
                ..
            }) => {}
            Err(Error::TooManyAttempts { .. }) => {
                waited = true;
                break;
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(waited);
    // Both captains report: they agree on boards 1-3 and disagree on board 4.
    let said = [
        (1, ResultCode::WhiteWins),
        (2, ResultCode::Draw),
        (3, ResultCode::BlackWins),
        (4, ResultCode::Draw),
    ];
    let out = store
        .captain_report("10.0.0.1", &home_code, None, &said)
        .unwrap();
    assert!(out
        .iter()
        .all(|(_, o)| *o == Some(store::ReportOutcome::Stored)));
    let mut theirs = said;
    theirs[3].1 = ResultCode::WhiteWins;
    let out = store
        .captain_report("10.0.0.2", &away_code, None, &theirs)
        .unwrap();
    assert_eq!(out[0].1, Some(store::ReportOutcome::Unchanged));
    assert_eq!(out[3].1, Some(store::ReportOutcome::Conflict));
    assert!(store
        .captain_report(
            "10.0.0.2",
            &away_code,
            None,
            &[(1, ResultCode::WhiteForfeitWin)]
        )
        .is_err());
    let reports = store.team_reports(event, 1).unwrap();
    assert_eq!(reports.len(), 4);
    assert!(reports[3].is_conflict());
    // The agreeing boards are confirmed; the conflict waits for the arbiter.
    assert_eq!(
        store.confirm_team_reports("chief", event, 1, None).unwrap(),
        3
    );
    let round = store.team_round(event, 1).unwrap();
    assert_eq!(round.matches[0].boards[1].result, Some(ResultCode::Draw));
    assert_eq!(round.matches[0].boards[3].result, None);
    let left = store.team_reports(event, 1).unwrap();
    assert_eq!(left.len(), 1);
    // The arbiter enters board 4: the reports are settled.
    store
        .set_team_results(
            "chief",
            event,
            1,
            &[BoardResult {
                match_number: m.number,
                board: 4,
                result: Some(ResultCode::Draw),
            }],
            None,
        )
        .unwrap();
    assert!(store.team_reports(event, 1).unwrap().is_empty());
    // A late report on a board with the arbiter's result is not kept.
    let out = store
        .captain_report("10.0.0.1", &home_code, None, &[(4, ResultCode::WhiteWins)])
        .unwrap();
    assert_eq!(out, [(4, None)]);
    assert!(store.team_reports(event, 1).unwrap().is_empty());
}

/// Board prizes: each player's score and performance on the board they played, forfeits apart
/// (B.02 8.1(a): 100% is the opponents' average + 800, 50% + 0).
#[test]
fn board_prizes_give_each_board_its_scores_and_performances() {
    let (store, event) = setup(TeamSystem::RoundRobin, 4, 1);
    let p = store.pair_team_round("chief", event).unwrap();
    let m = &p.matches[0];
    let result = |board, r| BoardResult {
        match_number: m.number,
        board,
        result: Some(r),
    };
    store
        .set_team_results(
            "chief",
            event,
            1,
            &[
                result(1, ResultCode::WhiteWins),
                result(2, ResultCode::Draw),
                result(3, ResultCode::WhiteForfeitWin),
            ],
            None,
        )
        .unwrap();
    let teams = store.teams(event).unwrap();
    let rating = |id: i64| {
        teams
            .iter()
            .flat_map(|t| &t.roster)
            .find(|x| x.id == id)
            .unwrap()
            .details
            .rating
            .unwrap() as i32
    };
    let tables = store.team_board_prizes(event).unwrap();
    assert_eq!(
        tables.iter().map(|t| t.board).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    let b1 = &m.boards[0];
    let (b1_white, b1_black) = (b1.white.unwrap(), b1.black.unwrap());
    let first = &tables[0].rows;
    assert_eq!(first[0].member, b1_white);
    assert_eq!(first[0].points.to_string(), "1.0");
    assert_eq!(first[0].performance, Some(rating(b1_black) + 800));
    assert_eq!(first[1].performance, Some(rating(b1_white) - 800));
    let b2 = &m.boards[1];
    let (b2_white, b2_black) = (b2.white.unwrap(), b2.black.unwrap());
    let second = &tables[1].rows;
    let of = |id| second.iter().find(|r| r.member == id).unwrap();
    assert_eq!(of(b2_white).performance, Some(rating(b2_black)));
    assert_eq!(of(b2_white).points.to_string(), "0.5");
    let third = &tables[2].rows;
    assert!(third
        .iter()
        .all(|r| r.games == 0 && r.forfeits == 1 && r.performance.is_none()));
}
