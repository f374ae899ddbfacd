//! Team leagues as federations run them: the FFE's interclubs scale (3 a win, 2 a draw, 1 a
//! loss, 0 a loss by forfeit) in the standings, the tie-breaks and the exported file.

use store::teams::rounds::BoardResult;
use store::teams::*;
use store::{ResultCode, Store};

use crate::team_event::roster_csv;

/// A 4-team, 4-board round robin on `scale`; Berger's table numbers the teams by rating.
fn league(scale: MatchPoints) -> (Store, TeamEventId) {
    let store = Store::open_in_memory().unwrap();
    let mut s = TeamEventSettings::new("Nationale 4".parse().unwrap(), 1, 4);
    s.system = TeamSystem::RoundRobin;
    s.match_points = scale;
    s.tiebreaks = "EDE,SB".into();
    let event = store.create_team_event("chief", &s).unwrap();
    let imported = import::rosters_from_csv(&roster_csv(4, 4)).unwrap();
    store.import_teams("chief", event, &imported).unwrap();
    (store, event)
}

/// The four boards of a match, board 1 first, in White's words.
fn boards(store: &Store, event: TeamEventId, round: u32, number: u32, codes: [ResultCode; 4]) {
    let results: Vec<BoardResult> = codes
        .iter()
        .enumerate()
        .map(|(k, &c)| BoardResult {
            match_number: number,
            board: k as u32 + 1,
            result: Some(c),
        })
        .collect();
    store
        .set_team_results("chief", event, round, &results, None)
        .unwrap();
}

/// Plays the league: match points and game points by team number, worked by hand below.
fn play(store: &Store, event: TeamEventId) {
    use ResultCode::{BlackWins as B, Draw as D, WhiteWins as W};
    let teams = store.teams(event).unwrap();
    let number = |id| teams.iter().find(|t| t.id == id).unwrap().number;
    // Berger's table for four: 1-4, 2-3 / 4-3, 1-2 / 2-4, 3-1 (the home team first).
    let tables = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]];
    for (k, table) in tables.iter().enumerate() {
        let round = k as u32 + 1;
        let p = store.pair_team_round("chief", event).unwrap();
        let pairs: Vec<(u32, u32)> = p
            .matches
            .iter()
            .map(|m| (number(m.white_team), number(m.black_team)))
            .collect();
        assert_eq!(pairs, table, "round {round}");
        match round {
            // 1 beats 4 2½–1½ (board 1 won by 1's White, three draws); 2 does not come
            // against 3, which wins 4–0 by forfeit.
            1 => {
                boards(store, event, 1, 1, [W, D, D, D]);
                store
                    .set_match_forfeit(
                        "chief",
                        event,
                        1,
                        2,
                        Some(MatchForfeit::BlackTeamWins),
                        None,
                    )
                    .unwrap();
            }
            // 4 and 3 draw 2–2; 2 beats 1 2½–1½ (board 1 won by Black, team 2).
            2 => {
                boards(store, event, 2, 1, [D, D, D, D]);
                boards(store, event, 2, 2, [B, D, D, D]);
            }
            // 4 beats 2 3–1 (4 has Black on board 1 and White on board 2); 3 and 1 draw.
            _ => {
                boards(store, event, 3, 1, [B, W, D, D]);
                boards(store, event, 3, 2, [D, D, D, D]);
            }
        }
    }
}

/// By hand, on 3/2/1/0: team 1 3 + 1 + 2 = 6 (2½ + 1½ + 2 = 6 game points), team 2 0 (the
/// forfeit) + 3 + 1 = 4 (0 + 2½ + 1 = 3½), team 3 3 + 2 + 2 = 7 (4 + 2 + 2 = 8), team 4
/// 1 + 2 + 3 = 6 (1½ + 2 + 3 = 6½). Ranked on match points, then game points: 3, 4, 1, 2.
#[test]
fn the_ffe_scale_scores_a_forfeit_below_a_loss() {
    let (store, event) = league(MatchPoints::FFE);
    play(&store, event);
    let scores = store.match_scores(event, 1).unwrap();
    assert_eq!(
        (scores[1].white_match_points, scores[1].black_match_points),
        (Some(0), Some(3))
    );
    assert_eq!(
        (scores[0].white_match_points, scores[0].black_match_points),
        (Some(3), Some(1))
    );
    let table = store.team_standings(event).unwrap();
    let rows: Vec<(u32, u32, &str, &str)> = table
        .rows
        .iter()
        .map(|r| {
            (
                r.rank,
                r.number,
                r.match_points.as_str(),
                r.game_points.as_str(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            (1, 3, "7", "8.0"),
            (2, 4, "6", "6.5"),
            (3, 1, "6", "6.0"),
            (4, 2, "4", "3.5")
        ]
    );
    // The league's columns, by hand: team 3 won 1 (by forfeit), drew 2, 8–4; team 2 lost
    // 2 (one by forfeit), won 1, 3½–8½; team 1 won 1, drew 1, lost 1, 6–6; team 4 won 1, drew
    // 1, lost 1, 6½–5½.
    type Line<'a> = (u32, u32, u32, u32, u32, &'a str, &'a str, &'a str);
    let records: Vec<Line> = table
        .rows
        .iter()
        .map(|r| {
            let x = &r.record;
            (
                x.played,
                x.won,
                x.drawn,
                x.lost,
                x.forfeits,
                x.board_points_for.as_str(),
                x.board_points_against.as_str(),
                x.difference.as_str(),
            )
        })
        .collect();
    assert_eq!(
        records,
        [
            (3, 1, 2, 0, 0, "8.0", "4.0", "+4.0"),
            (3, 1, 1, 1, 0, "6.5", "5.5", "+1.0"),
            (3, 1, 1, 1, 0, "6.0", "6.0", "0.0"),
            (3, 1, 0, 2, 1, "3.5", "8.5", "-5.0")
        ]
    );
    // The file carries the scale's forfeit as a 299 record; the engines rank it alike, and a
    // new event made from it has the same scale.
    let file = store.export_team_trf(event).unwrap();
    let t = tournament::trf::read(&file).unwrap();
    let whole = tournament::Points::from_whole;
    assert_eq!(
        t.team_records.match_points,
        Some(tournament::MatchPointScale {
            win: whole(3),
            draw: whole(2),
            loss: whole(1)
        })
    );
    assert_eq!(
        t.abnormal_points,
        [tournament::AbnormalPoints {
            kind: tournament::AbnormalKind::ForfeitLoss,
            match_points: Some(whole(0)),
            points: None,
            round: None,
            participants: Vec::new(),
        }],
        "{file}"
    );
    let e = store.team_event(event).unwrap();
    let list = model::tiebreak_list(&e.settings).unwrap();
    let read = tiebreak::team_standings(&t, &list, &model::tiebreak_options(&e.settings)).unwrap();
    let points: Vec<(u32, String)> = read
        .rows
        .iter()
        .map(|r| (r.number, r.match_points.to_string()))
        .collect();
    assert_eq!(
        points,
        [
            (3, "7".to_string()),
            (4, "6".to_string()),
            (1, "6".to_string()),
            (2, "4".to_string())
        ]
    );
    let again = trf_import::teams_from_trf(&file).unwrap();
    assert_eq!(again.settings.match_points, MatchPoints::FFE);
}

/// The same league on 3/1/0, where a forfeit is a loss: team 2 has 0 + 3 + 0 = 3, team 4
/// 0 + 1 + 3 = 4, team 1 3 + 0 + 1 = 4, team 3 3 + 1 + 1 = 5; no 299 in the file.
#[test]
fn a_scale_without_a_forfeit_value_scores_it_as_a_loss() {
    let (store, event) = league(MatchPoints::THREE_ONE_ZERO);
    play(&store, event);
    let table = store.team_standings(event).unwrap();
    let rows: Vec<(u32, &str)> = table
        .rows
        .iter()
        .map(|r| (r.number, r.match_points.as_str()))
        .collect();
    assert_eq!(rows, [(3, "5"), (4, "4"), (1, "4"), (2, "3")]);
    assert!(!store.export_team_trf(event).unwrap().contains("\n299"));
}

#[test]
fn scales_are_read_and_written_as_typed() {
    for (text, scale) in [
        ("2/1/0", MatchPoints::TWO_ONE_ZERO),
        ("3/1/0", MatchPoints::THREE_ONE_ZERO),
        ("3/2/1/0", MatchPoints::FFE),
        (" 3 / 2 / 1 / 0 ", MatchPoints::FFE),
        ("3/1/0/0", MatchPoints::THREE_ONE_ZERO),
    ] {
        assert_eq!(text.parse::<MatchPoints>(), Ok(scale), "{text}");
    }
    assert_eq!(MatchPoints::FFE.to_string(), "3/2/1/0");
    assert_eq!(MatchPoints::THREE_ONE_ZERO.to_string(), "3/1/0");
    for bad in [
        "",
        "3/1",
        "3/3/0",
        "3/1/2",
        "3/2/1/2",
        "10/1/0",
        "a/b/c",
        "3/2/1/0/0",
    ] {
        assert!(bad.parse::<MatchPoints>().is_err(), "{bad}");
    }
}

/// "The first team has Black on board 1 in round 1" in a team round robin: Berger's 1-4 and
/// 2-3 are played 4-1 and 3-2. The home team of a match may then give White on board 1 to the
/// other team: the teams change places and every board's players change colours, until the
/// first result.
#[test]
fn colours_follow_the_initial_colour_and_swap_per_match() {
    let store = Store::open_in_memory().unwrap();
    let mut s = TeamEventSettings::new("Nationale 4".parse().unwrap(), 1, 4);
    s.system = TeamSystem::RoundRobin;
    s.initial_white = false;
    let event = store.create_team_event("chief", &s).unwrap();
    let imported = import::rosters_from_csv(&roster_csv(4, 4)).unwrap();
    store.import_teams("chief", event, &imported).unwrap();
    let teams = store.teams(event).unwrap();
    let number = |id| teams.iter().find(|t| t.id == id).unwrap().number;
    let p = store.pair_team_round("chief", event).unwrap();
    let pairs: Vec<(u32, u32)> = p
        .matches
        .iter()
        .map(|m| (number(m.white_team), number(m.black_team)))
        .collect();
    assert_eq!(pairs, [(4, 1), (3, 2)]);
    let before = p.matches[0].clone();
    let seen = store::Version(store.team_event_version(event).unwrap());
    store
        .swap_match_colours("chief", event, 1, 1, Some(seen))
        .unwrap();
    let after = store.team_round(event, 1).unwrap().matches[0].clone();
    assert_eq!(
        (after.white_team, after.black_team),
        (before.black_team, before.white_team)
    );
    for (a, b) in after.boards.iter().zip(&before.boards) {
        assert_eq!((a.white, a.black), (b.black, b.white));
    }
    // Team 1 now has White on board 1 (and 3), its first player on board 1 as before.
    let one = teams.iter().find(|t| t.number == 1).unwrap();
    assert_eq!(after.boards[0].white, Some(one.roster[0].id));
    assert_eq!(after.boards[1].black, Some(one.roster[1].id));
    // The same form from the old page is refused; after a result, no swap.
    assert!(matches!(
        store.swap_match_colours("deputy", event, 1, 1, Some(seen)),
        Err(store::Error::Conflict { .. })
    ));
    boards(&store, event, 1, 1, [ResultCode::Draw; 4]);
    assert!(matches!(
        store.swap_match_colours("chief", event, 1, 1, None),
        Err(store::Error::Refused { .. })
    ));
}

/// A 10-team double round robin has 18 rounds from the moment its teams are in (the dashboard
/// said « 0 sur 7 », the creation form's number, until round 1 was paired), and keeps them once
/// paired; a single one of 5 teams has 5 (one round off each).
#[test]
fn a_round_robin_has_its_tables_rounds_before_round_one() {
    for (system, teams, rounds) in [
        (TeamSystem::DoubleRoundRobin, 10, 18),
        (TeamSystem::RoundRobin, 5, 5),
    ] {
        let store = Store::open_in_memory().unwrap();
        let mut s = TeamEventSettings::new("Régionale".parse().unwrap(), 7, 4);
        s.system = system;
        let event = store.create_team_event("chief", &s).unwrap();
        assert_eq!(store.team_event(event).unwrap().settings.rounds, 7);
        let imported = import::rosters_from_csv(&roster_csv(teams, 4)).unwrap();
        store.import_teams("chief", event, &imported).unwrap();
        assert_eq!(store.team_event(event).unwrap().settings.rounds, rounds);
        store.pair_team_round("chief", event).unwrap();
        let e = store.team_event(event).unwrap();
        assert_eq!((e.rounds_paired, e.settings.rounds), (1, rounds));
    }
}

/// The FFE's 100 points (A02): with a tolerance of 100, a lineup may leave the roster's order
/// as long as nobody sits below a player rated more than 100 points lower. Club A's roster is
/// 2400, 2380, 2360, 2340, 2320 (`roster_csv`); its ratings here are typed so that the rule
/// bites: 1900, 1850, 2000, 1700, 1801.
#[test]
fn the_hundred_points_rule_accepts_and_refuses_lineups() {
    let store = Store::open_in_memory().unwrap();
    let mut s = TeamEventSettings::new("Nationale 4".parse().unwrap(), 1, 4);
    s.system = TeamSystem::RoundRobin;
    s.board_order_gap = Some(100);
    let event = store.create_team_event("chief", &s).unwrap();
    let mut csv = String::from("équipe;échiquier;nom;elo\n");
    for (b, r) in [1900, 1850, 2000, 1700, 1801].iter().enumerate() {
        csv.push_str(&format!("Alpha;{};A{};{r}\n", b + 1, b + 1));
    }
    for b in 0..5 {
        csv.push_str(&format!("Bravo;{};B{};{}\n", b + 1, b + 1, 1800 - b));
    }
    let imported = import::rosters_from_csv(&csv).unwrap();
    store.import_teams("chief", event, &imported).unwrap();
    let p = store.pair_team_round("chief", event).unwrap();
    let teams = store.teams(event).unwrap();
    let alpha = teams.iter().find(|t| t.details.name == "Alpha").unwrap();
    let id = |k: usize| alpha.roster[k].id;
    let lineup = |members: Vec<i64>| rounds::Lineup {
        round: 1,
        match_number: p.matches[0].number,
        team: alpha.id,
        members,
    };
    // A3 (2000) on board 1, A1 (1900), A2 (1850), A5 (1801): in rating order, accepted.
    store
        .set_lineup(
            "chief",
            event,
            &lineup(vec![id(2), id(0), id(1), id(4)]),
            None,
        )
        .unwrap();
    // A1 (1900) above A3 (2000): 100 points, accepted.
    store
        .set_lineup(
            "chief",
            event,
            &lineup(vec![id(0), id(2), id(1), id(3)]),
            None,
        )
        .unwrap();
    let round = store.team_round(event, 1).unwrap();
    let m = &round.matches[0];
    let alpha_white = m.white_team == alpha.id;
    let seat = |b: usize| {
        let board = &m.boards[b];
        if b.is_multiple_of(2) == alpha_white {
            board.white
        } else {
            board.black
        }
    };
    assert_eq!(
        (0..4).map(seat).collect::<Vec<_>>(),
        [Some(id(0)), Some(id(2)), Some(id(1)), Some(id(3))]
    );
    // A2 (1850) on board 3 above A5 (1801): fine; A4 (1700) on board 3 above A5 (1801) on
    // board 4: 101 points, refused naming both players and the points.
    match store.set_lineup(
        "chief",
        event,
        &lineup(vec![id(0), id(1), id(3), id(4)]),
        None,
    ) {
        Err(store::Error::Invalid { field, found, .. }) => {
            assert_eq!(field, "board_order");
            assert_eq!(
                found,
                "A5 (1801) on board 4 is rated 101 points above A4 (1700) on board 3"
            );
        }
        other => panic!("{other:?}"),
    }
    // The file: the lineup out of roster order is a 300 record (the round, Alpha, Bravo, the
    // players by their numbers: Alpha's roster is 1-5 as the first team).
    let done: Vec<BoardResult> = (1..=4)
        .flat_map(|b| {
            p.matches.iter().map(move |m| BoardResult {
                match_number: m.number,
                board: b,
                result: Some(ResultCode::Draw),
            })
        })
        .collect();
    store
        .set_team_results("chief", event, 1, &done, None)
        .unwrap();
    let file = store.export_team_trf(event).unwrap();
    let a = alpha.number;
    let b = teams
        .iter()
        .find(|t| t.details.name == "Bravo")
        .unwrap()
        .number;
    let first = if a == 1 { 0 } else { 5 };
    let line = format!(
        "300   1 {a:>3} {b:>3} {:>4} {:>4} {:>4} {:>4}",
        first + 1,
        first + 3,
        first + 2,
        first + 4
    );
    assert!(file.contains(&line), "{line} in {file}");
    // A Swiss Team event keeps the roster's order.
    let mut swiss = TeamEventSettings::new("Open".parse().unwrap(), 5, 4);
    swiss.board_order_gap = Some(100);
    assert!(matches!(
        store.create_team_event("chief", &swiss),
        Err(store::Error::Invalid { .. })
    ));
}
