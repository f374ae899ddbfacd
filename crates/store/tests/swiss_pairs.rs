//! Bridge Swiss pairs through the store (a teams event in the `swiss_pairs` format): five pairs,
//! two boards a round, one table a match, worked by hand.

use bridge::teams::TieBreakRule;
use bridge::Seat;
use store::bridge::{Entry, NewTeam, Room, TeamEventSettings, TeamFormat, TeamScoring};
use store::{Error, Refusal, Store};

fn setup() -> (Store, i64) {
    let store = Store::open_in_memory().unwrap();
    let mut s = TeamEventSettings::new("Swiss pairs".parse().unwrap(), 2);
    s.format = TeamFormat::SwissPairs;
    s.swiss_rounds = 3;
    let id = store.create_bridge_team_event("td", &s).unwrap();
    for n in 1..=5 {
        let a = format!("North {n}");
        let b = format!("South {n}");
        let mut pair = NewTeam::of("x", &[&a, &b]).unwrap();
        pair.name = "".parse().unwrap();
        store.set_bridge_team("td", id, n, &pair).unwrap();
    }
    (store, id)
}

fn enter(store: &Store, id: i64, at: (u32, u32, u32), e: Entry) {
    let (round, table, board) = at;
    store
        .enter_bridge_team_result("td", id, (round, table, Room::Open, board), &e, None, "")
        .unwrap();
}

#[test]
fn five_pairs_by_hand() {
    let (store, id) = setup();
    // A pair is named by its players; a third player or another scoring is refused.
    assert_eq!(
        store.bridge_teams(id).unwrap()[0].details.name.as_str(),
        "North 1 – South 1"
    );
    let three = NewTeam::of("Trio", &["A", "B", "C"]).unwrap();
    assert!(matches!(
        store.set_bridge_team("td", id, 6, &three),
        Err(Error::Invalid { .. })
    ));
    let mut s = store.bridge_team_event(id).unwrap().settings;
    s.scoring = TeamScoring::Patton;
    assert!(store.update_bridge_team_event("td", id, &s).is_err());
    // One table (the open room) a match: two tables for five pairs.
    let tables = store.bridge_team_tables(id).unwrap();
    assert_eq!(tables.len(), 2);
    assert!(tables.iter().all(|t| t.room == Room::Open));

    // Round 1 in number order: 1 v 2, 3 v 4, pair 5 sits out.
    store.draw_bridge_team_round("td", id).unwrap();
    let r = store.bridge_team_results(id).unwrap();
    let draw: Vec<(u32, Option<u32>)> = r
        .matches
        .iter()
        .map(|m| (m.draw.home, m.draw.visit))
        .collect();
    assert_eq!(draw, [(1, Some(2)), (3, Some(4)), (5, None)]);
    // Board 1 (none vulnerable): 4S by South made at table 1 (+420), one down at table 2
    // (−50). Datum: the mean of two scores, 185, rounded to 190: +230 is 6 IMPs, −240 −6.
    enter(
        &store,
        id,
        (1, 1, 1),
        Entry::played("4S", Seat::South, 10, ""),
    );
    enter(
        &store,
        id,
        (1, 2, 1),
        Entry::played("4S", Seat::South, 9, ""),
    );
    enter(
        &store,
        id,
        (1, 1, 2),
        Entry::played("3NT", Seat::North, 9, ""),
    );
    // Table 2 has not played board 2: the match is not scored, the next draw is refused.
    let r = store.bridge_team_results(id).unwrap();
    assert!(r.matches[0].score.is_none());
    assert!(matches!(
        store.draw_bridge_team_round("td", id),
        Err(Error::Refused {
            reason: Refusal::MissingResults,
            ..
        })
    ));
    // Board 2 (North-South vulnerable): 3NT by North made at both tables, flat.
    enter(
        &store,
        id,
        (1, 2, 2),
        Entry::played("3NT", Seat::North, 9, ""),
    );
    let r = store.bridge_team_results(id).unwrap();
    let b1 = &r.matches[0].boards[0];
    assert_eq!((b1.net_home, b1.imps_home), (Some(230), Some(6)));
    assert_eq!(r.matches[1].boards[0].imps_home, Some(-6));
    // 6 IMPs over 2 boards on the WBF 2013 scale: 14.3883 → 14.39, the loser 5.61.
    let s = r.matches[0].score.as_ref().unwrap();
    assert_eq!(
        (s.vp_home.to_string(), s.vp_visit.to_string()),
        ("14.39".into(), "5.61".into())
    );
    let s = r.matches[1].score.as_ref().unwrap();
    assert_eq!(
        (s.vp_home.to_string(), s.vp_visit.to_string()),
        ("5.61".into(), "14.39".into())
    );
    // Standings: 1 and 4 share first (14.39, no IMP lost), 5 has its 12.00 sit-out.
    let rows: Vec<(u32, u32, String)> = r
        .standings
        .iter()
        .map(|t| (t.team, t.place, t.points.to_fixed(2)))
        .collect();
    assert_eq!(
        rows,
        [
            (1, 1, "14.39".into()),
            (4, 1, "14.39".into()),
            (5, 3, "12.00".into()),
            (2, 4, "5.61".into()),
            (3, 4, "5.61".into())
        ]
    );
    // Round 2 from the standings: pair 3, the lowest without a sit-out, sits out; 1 v 4 and
    // 5 v 2.
    store.draw_bridge_team_round("td", id).unwrap();
    let r = store.bridge_team_results(id).unwrap();
    let draw: Vec<(u32, Option<u32>)> = r
        .matches
        .iter()
        .filter(|m| m.draw.round == 2)
        .map(|m| (m.draw.home, m.draw.visit))
        .collect();
    assert_eq!(draw, [(1, Some(4)), (5, Some(2)), (3, None)]);
    assert_eq!(
        r.matches[3]
            .boards
            .iter()
            .map(|b| b.board)
            .collect::<Vec<_>>(),
        [3, 4]
    );
}

#[test]
fn cross_imps_four_pairs_one_board_by_hand() {
    let store = Store::open_in_memory().unwrap();
    let mut s = TeamEventSettings::new("Swiss pairs".parse().unwrap(), 1);
    s.format = TeamFormat::SwissPairs;
    s.scoring = TeamScoring::CrossImps;
    s.swiss_rounds = 3;
    let id = store.create_bridge_team_event("td", &s).unwrap();
    assert_eq!(
        store.bridge_team_event(id).unwrap().settings.scoring,
        TeamScoring::CrossImps
    );
    for n in 1..=4 {
        let (a, b) = (format!("North {n}"), format!("South {n}"));
        store
            .set_bridge_team("td", id, n, &NewTeam::of("", &[&a, &b]).unwrap())
            .unwrap();
    }
    store.draw_bridge_team_round("td", id).unwrap();
    // Board 1 (none vulnerable): 4S by South made at table 1 (1 v 2, +420), one down at
    // table 2 (3 v 4, −50). Cross-IMPs: table 1's NS IMPs its +420 against −50, a 470
    // difference, 10 IMPs, averaged over the one other table: +10; table 2's NS −10. So
    // pair 1 +10, pair 2 −10, pair 3 −10, pair 4 +10 (Butler against the datum gave ±6).
    enter(
        &store,
        id,
        (1, 1, 1),
        Entry::played("4S", Seat::South, 10, ""),
    );
    enter(
        &store,
        id,
        (1, 2, 1),
        Entry::played("4S", Seat::South, 9, ""),
    );
    let r = store.bridge_team_results(id).unwrap();
    let b = &r.matches[0].boards[0];
    assert_eq!((b.net_home, b.imps_home), (None, Some(10)));
    assert_eq!(r.matches[1].boards[0].imps_home, Some(-10));
    // 10 IMPs over 1 board on the WBF 2013 scale: X = 15·√1 = 15, 3·10/15 = 2, τ = (√5−1)/2,
    // 10 + 10·(1 − τ²)/(1 − τ³) = 10 + 10·0.618034/0.763932 = 18.0902 → 18.09, the loser 1.91.
    let vps: Vec<(String, String)> = r
        .matches
        .iter()
        .map(|m| {
            let s = m.score.as_ref().unwrap();
            (s.vp_home.to_string(), s.vp_visit.to_string())
        })
        .collect();
    assert_eq!(
        vps,
        [
            ("18.09".into(), "1.91".into()),
            ("1.91".into(), "18.09".into())
        ]
    );
    let rows: Vec<(u32, u32, String, u32, u32)> = r
        .standings
        .iter()
        .map(|t| {
            (
                t.team,
                t.place,
                t.points.to_fixed(2),
                t.imps_won,
                t.imps_lost,
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            (1, 1, "18.09".into(), 10, 0),
            (4, 1, "18.09".into(), 10, 0),
            (2, 3, "1.91".into(), 0, 10),
            (3, 3, "1.91".into(), 0, 10)
        ]
    );
    // Cross-IMPs are for Swiss pairs only: a Swiss teams event refuses them.
    let mut teams = TeamEventSettings::new("Teams".parse().unwrap(), 8);
    teams.format = TeamFormat::Swiss;
    teams.scoring = TeamScoring::CrossImps;
    assert!(matches!(
        store.create_bridge_team_event("td", &teams),
        Err(Error::Invalid { .. })
    ));
}

#[test]
fn the_events_tie_break_rule_ranks_a_three_way_tie() {
    // Six pairs, one board a round, Butler IMPs: with three tables the trimmed-mean datum is
    // the middle score. Swings of 15 IMPs or more on one board are 20–0 on the WBF 2013 scale
    // (X = 15·√1 = 15), the middle table 10–10: every VP below is worked out from that.
    let store = Store::open_in_memory().unwrap();
    let mut s = TeamEventSettings::new("Swiss pairs".parse().unwrap(), 1);
    s.format = TeamFormat::SwissPairs;
    s.swiss_rounds = 2;
    s.tie_break = TieBreakRule::Ebu;
    let id = store.create_bridge_team_event("td", &s).unwrap();
    assert_eq!(
        store.bridge_team_event(id).unwrap().settings.tie_break,
        TieBreakRule::Ebu
    );
    for n in 1..=6 {
        let (a, b) = (format!("North {n}"), format!("South {n}"));
        store
            .set_bridge_team("td", id, n, &NewTeam::of("", &[&a, &b]).unwrap())
            .unwrap();
    }
    let draw_of = |round: u32| -> Vec<(u32, Option<u32>)> {
        store
            .bridge_team_results(id)
            .unwrap()
            .matches
            .iter()
            .filter(|m| m.draw.round == round)
            .map(|m| (m.draw.home, m.draw.visit))
            .collect()
    };
    store.draw_bridge_team_round("td", id).unwrap();
    assert_eq!(draw_of(1), [(1, Some(2)), (3, Some(4)), (5, Some(6))]);
    // Board 1 (none vulnerable): 7NT by North made at table 1 (+1520), passed out at table 2
    // (0), 7NT by East made at table 3 (−1520). Datum 0: 1 takes 16 IMPs from 2 (20–0),
    // 3 and 4 draw (10–10), 6 takes 16 IMPs from 5 (20–0).
    enter(
        &store,
        id,
        (1, 1, 1),
        Entry::played("7NT", Seat::North, 13, ""),
    );
    enter(&store, id, (1, 2, 1), Entry::passed_out());
    enter(
        &store,
        id,
        (1, 3, 1),
        Entry::played("7NT", Seat::East, 13, ""),
    );
    // After round 1: 1 and 6 (20, 16 IMPs won, none lost), 3 and 4 (10), 2 and 5 (0) are
    // equal by every tie-break: the pair numbers order them, 1 6 3 4 2 5. 1 meets 6, 3 meets
    // 2 (not 4 again), 4 meets 5.
    store.draw_bridge_team_round("td", id).unwrap();
    assert_eq!(draw_of(2), [(1, Some(6)), (3, Some(2)), (4, Some(5))]);
    // Board 2 (North-South vulnerable): passed out at table 1 (1 v 6, 10–10), 7NT by North
    // made at table 2 (+2220: 18 IMPs to 3, 20–0), 7NT by East made at table 3 (−1520: 16
    // IMPs to 5, 20–0).
    enter(&store, id, (2, 1, 2), Entry::passed_out());
    enter(
        &store,
        id,
        (2, 2, 2),
        Entry::played("7NT", Seat::North, 13, ""),
    );
    enter(
        &store,
        id,
        (2, 3, 2),
        Entry::played("7NT", Seat::East, 13, ""),
    );
    // VPs: 1 = 20 + 10, 6 = 20 + 10, 3 = 10 + 20: three pairs on 30, none losing an IMP;
    // 5 = 0 + 20, 4 = 10 + 0, 2 = 0 + 0. Pairs 1 and 3 have not met: no head to head.
    // EBU: the opponents' VPs, 6 met 5 and 1 (20 + 30 = 50), 1 met 2 and 6 (0 + 30 = 30),
    // 3 met 4 and 2 (10 + 0 = 10): 6, 1, 3.
    let ranking = || -> Vec<(u32, u32, String)> {
        store
            .bridge_team_results(id)
            .unwrap()
            .standings
            .iter()
            .map(|t| (t.team, t.place, t.points.to_fixed(2)))
            .collect()
    };
    let thirty = || "30.00".to_string();
    assert_eq!(
        ranking(),
        [
            (6, 1, thirty()),
            (1, 2, thirty()),
            (3, 3, thirty()),
            (5, 4, "20.00".into()),
            (4, 5, "10.00".into()),
            (2, 6, "0.00".into())
        ]
    );
    // WBF: the IMP quotient, but none of the three lost an IMP: they share first place.
    let mut s = store.bridge_team_event(id).unwrap().settings;
    s.tie_break = TieBreakRule::Wbf;
    store.update_bridge_team_event("td", id, &s).unwrap();
    assert_eq!(
        ranking(),
        [
            (1, 1, thirty()),
            (3, 1, thirty()),
            (6, 1, thirty()),
            (5, 4, "20.00".into()),
            (4, 5, "10.00".into()),
            (2, 6, "0.00".into())
        ]
    );
    // The engine ranks the same rounds the same way with the same rule.
    use bridge::swiss_pairs::{standings, Line, PlayedRound, Settings, Traveller};
    let line = |table, score_ns| Line { table, score_ns };
    let rounds = [
        PlayedRound {
            tables: vec![(1, 2), (3, 4), (5, 6)],
            bye: None,
            boards: vec![Traveller {
                board: 1,
                lines: vec![line(1, 1520), line(2, 0), line(3, -1520)],
            }],
        },
        PlayedRound {
            tables: vec![(1, 6), (3, 2), (4, 5)],
            bye: None,
            boards: vec![Traveller {
                board: 2,
                lines: vec![line(1, 0), line(2, 2220), line(3, -1520)],
            }],
        },
    ];
    for (rule, order) in [
        (TieBreakRule::Ebu, [6, 1, 3, 5, 4, 2]),
        (TieBreakRule::Wbf, [1, 3, 6, 5, 4, 2]),
    ] {
        let settings = Settings {
            tie_break: rule,
            ..Settings::default()
        };
        let rows = standings(&[1, 2, 3, 4, 5, 6], &rounds, &settings);
        let teams: Vec<u32> = rows.iter().map(|r| r.team).collect();
        assert_eq!(teams, order, "{rule:?}");
    }
}
