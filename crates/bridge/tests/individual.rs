//! Individual movements: every property each movement promises, checked on every table count
//! offered; the scoring checked against a hand computation.

use std::collections::BTreeMap;

use bridge::individual::{
    build, score, IndividualError, IndividualKind, IndividualMovement, Result4, ScoreError,
};
use bridge::Ratio;

/// Counts over the whole movement: (partners, opponents) per unordered pair of players, the
/// North-South sittings per player, the times each player plays each set, the tables per set.
struct Counts {
    partners: BTreeMap<(u32, u32), u32>,
    opponents: BTreeMap<(u32, u32), u32>,
    ns: BTreeMap<u32, u32>,
    sets_played: BTreeMap<(u32, u32), u32>,
    set_tables: BTreeMap<u32, u32>,
}

fn pair(a: u32, b: u32) -> (u32, u32) {
    (a.min(b), a.max(b))
}

fn counts(m: &IndividualMovement) -> Counts {
    let players = m.players();
    let mut c = Counts {
        partners: BTreeMap::new(),
        opponents: BTreeMap::new(),
        ns: BTreeMap::new(),
        sets_played: BTreeMap::new(),
        set_tables: BTreeMap::new(),
    };
    for round in &m.rounds {
        let mut seated: Vec<u32> = Vec::new();
        for (k, s) in round.tables.iter().enumerate() {
            assert_eq!(s.table, k as u32 + 1, "tables numbered in order");
            assert!(
                (1..=m.sets()).contains(&s.set),
                "round {}: set {}",
                round.round,
                s.set
            );
            seated.extend([s.north, s.east, s.south, s.west]);
            *c.partners.entry(pair(s.north, s.south)).or_default() += 1;
            *c.partners.entry(pair(s.east, s.west)).or_default() += 1;
            for (a, b) in [
                (s.north, s.east),
                (s.north, s.west),
                (s.south, s.east),
                (s.south, s.west),
            ] {
                *c.opponents.entry(pair(a, b)).or_default() += 1;
            }
            *c.ns.entry(s.north).or_default() += 1;
            *c.ns.entry(s.south).or_default() += 1;
            for p in [s.north, s.east, s.south, s.west] {
                *c.sets_played.entry((p, s.set)).or_default() += 1;
            }
            *c.set_tables.entry(s.set).or_default() += 1;
        }
        seated.sort_unstable();
        assert_eq!(
            seated,
            (1..=players).collect::<Vec<_>>(),
            "round {}: every player sits once",
            round.round
        );
    }
    c
}

#[test]
fn whist_movements_partner_everyone_once_and_oppose_everyone_twice() {
    for tables in [2, 3, 4, 5] {
        let m = build(IndividualKind::Whist, tables, 2).unwrap();
        let players = 4 * tables;
        assert_eq!(m.rounds.len() as u32, players - 1);
        let c = counts(&m);
        for a in 1..=players {
            for b in a + 1..=players {
                assert_eq!(
                    c.partners.get(&(a, b)),
                    Some(&1),
                    "{tables} tables: {a} with {b}"
                );
                assert_eq!(
                    c.opponents.get(&(a, b)),
                    Some(&2),
                    "{tables} tables: {a} against {b}"
                );
            }
        }
        // Every table plays the round's set: each board is played at every table, each player
        // plays every set once.
        assert_eq!(m.sets(), players - 1);
        for round in &m.rounds {
            assert!(round.tables.iter().all(|s| s.set == round.round));
        }
        assert!(c.set_tables.values().all(|&n| n == tables));
        assert_eq!(c.sets_played.len() as u32, players * m.sets());
        assert!(c.sets_played.values().all(|&n| n == 1));
        // The fixed player (4T) is always North; the others sit North-South 2T−1 times.
        assert_eq!(c.ns[&players], players - 1);
        for p in 1..players {
            assert_eq!(c.ns[&p], 2 * tables - 1, "{tables} tables: player {p}");
        }
    }
}

#[test]
fn rainbow_movements_meet_nobody_twice_and_keep_the_boards_at_their_tables() {
    for tables in [5, 7] {
        let m = build(IndividualKind::Rainbow, tables, 3).unwrap();
        let players = 4 * tables;
        assert_eq!(m.rounds.len() as u32, tables);
        let c = counts(&m);
        // Each North (1..T) partners each South (2T+1..3T) once, each East each West once.
        let group = |p: u32| (p - 1) / tables;
        for (&(a, b), &n) in &c.partners {
            assert_eq!(n, 1, "{a} with {b}");
            assert!(
                matches!((group(a), group(b)), (0, 2) | (1, 3)),
                "{a} with {b}"
            );
        }
        assert_eq!(c.partners.len() as u32, 2 * tables * tables);
        // Nobody is met twice, as partner or opponent.
        assert!(c.opponents.values().all(|&n| n == 1));
        for key in c.partners.keys() {
            assert!(
                !c.opponents.contains_key(key),
                "{key:?} partners and opponents"
            );
        }
        assert_eq!(c.opponents.len() as u32, 4 * tables * tables);
        // Boards stay: table t plays set t every round; nobody plays a set twice.
        for round in &m.rounds {
            assert!(round.tables.iter().all(|s| s.set == s.table));
        }
        assert!(c.set_tables.values().all(|&n| n == tables));
        assert!(c.sets_played.values().all(|&n| n == 1));
        assert_eq!(c.sets_played.len() as u32, players * tables);
        // North and South players sit North-South every round, East and West never.
        for p in 1..=players {
            let expected = if group(p) % 2 == 0 { tables } else { 0 };
            assert_eq!(c.ns.get(&p).copied().unwrap_or(0), expected, "player {p}");
        }
    }
}

#[test]
fn rainbow_moves_as_published() {
    // North up one table, East down one, South up two, West down two (5 tables, round 1 to 2).
    let m = build(IndividualKind::Rainbow, 5, 1).unwrap();
    let one = &m.rounds[0].tables;
    let two = &m.rounds[1].tables;
    for (t, s) in one.iter().enumerate() {
        let up = |k: usize| &two[(t + k) % 5];
        let down = |k: usize| &two[(t + 5 - k) % 5];
        assert_eq!(up(1).north, s.north);
        assert_eq!(down(1).east, s.east);
        assert_eq!(up(2).south, s.south);
        assert_eq!(down(2).west, s.west);
    }
    assert_eq!(
        (one[0].north, one[0].east, one[0].south, one[0].west),
        (1, 6, 11, 16)
    );
}

#[test]
fn movements_refuse_table_counts_they_are_not_offered_for() {
    let err = build(IndividualKind::Rainbow, 6, 2).unwrap_err();
    assert_eq!(
        err,
        IndividualError::Tables {
            kind: IndividualKind::Rainbow,
            tables: 6
        }
    );
    assert_eq!(
        err.to_string(),
        "the rainbow individual movement is offered for 5 or 7 tables, not 6"
    );
    assert_eq!(
        build(IndividualKind::Whist, 6, 2).unwrap_err().to_string(),
        "the whist individual movement is offered for 2, 3, 4 or 5 tables, not 6"
    );
    assert_eq!(
        build(IndividualKind::Whist, 3, 0).unwrap_err(),
        IndividualError::BoardsPerRound(0)
    );
}

#[test]
fn the_seatings_find_players_and_boards() {
    let m = build(IndividualKind::Whist, 3, 2).unwrap();
    assert_eq!(m.board_count(), 22);
    assert_eq!(m.boards(4), 7..=8);
    assert_eq!(m.set_of(8), 4);
    for round in 1..=11 {
        for player in 1..=12 {
            let (s, seat) = m.place_of(round, player).unwrap();
            assert_eq!(s.player(seat), player);
            let (r, t) = m
                .table_of_board(m.boards(s.set).start().to_owned(), s.north)
                .unwrap();
            assert_eq!((r, t.table), (round, s.table));
        }
    }
    assert!(m.seating(12, 1).is_none());
    assert!(m.seating(1, 4).is_none());
}

fn r4(board: u32, [north, east, south, west]: [u32; 4], score_ns: i32) -> Result4 {
    Result4 {
        board,
        north,
        east,
        south,
        west,
        score_ns,
    }
}

#[test]
fn scoring_matches_a_hand_computation() {
    // Board 1: +420, +450, +420 (top 4): 1, 4, 1 to North-South, 3, 0, 3 to East-West.
    // Board 2: −100, +110, −100: 1, 4, 1 and 3, 0, 3.
    let results = [
        r4(1, [1, 2, 3, 4], 420),
        r4(1, [5, 6, 7, 8], 450),
        r4(1, [9, 10, 11, 12], 420),
        r4(2, [1, 5, 9, 2], -100),
        r4(2, [3, 6, 10, 7], 110),
        r4(2, [4, 8, 11, 12], -100),
    ];
    let scored = score(&results).unwrap();
    let board1: Vec<(String, String)> = scored.boards[&1]
        .iter()
        .map(|l| (l.mp_ns.to_string(), l.mp_ew.to_string()))
        .collect();
    assert_eq!(
        board1,
        [("1", "3"), ("4", "0"), ("1", "3")].map(|(a, b)| (a.to_string(), b.to_string()))
    );
    // Player: matchpoints of both boards out of 8.
    // 1: 1+1, 2: 3+3, 3: 1+4, 4: 3+1, 5: 4+3, 6: 0+0, 7: 4+0, 8: 0+3, 9: 1+1, 10: 3+4,
    // 11: 1+1, 12: 3+3.
    let rows: Vec<(u32, u32, bool, String, String)> = scored
        .ranking
        .iter()
        .map(|s| {
            (
                s.place,
                s.player,
                s.tied,
                s.mp.to_string(),
                s.percent().unwrap().to_fixed(2),
            )
        })
        .collect();
    let expected = [
        (1, 5, true, "7", "87.50"),
        (1, 10, true, "7", "87.50"),
        (3, 2, true, "6", "75.00"),
        (3, 12, true, "6", "75.00"),
        (5, 3, false, "5", "62.50"),
        (6, 4, true, "4", "50.00"),
        (6, 7, true, "4", "50.00"),
        (8, 8, false, "3", "37.50"),
        (9, 1, true, "2", "25.00"),
        (9, 9, true, "2", "25.00"),
        (9, 11, true, "2", "25.00"),
        (12, 6, false, "0", "0.00"),
    ];
    let expected: Vec<_> = expected
        .iter()
        .map(|&(p, n, t, mp, pc)| (p, n, t, mp.to_string(), pc.to_string()))
        .collect();
    assert_eq!(rows, expected);
    assert!(scored
        .ranking
        .iter()
        .all(|s| s.top == Ratio::from_int(8) && s.boards == 2));
}

#[test]
fn percentages_are_exact_fractions() {
    // Three results (top 4) and two results (top 2): a player on 4 + 1 of 6 has 5/6 = 83.33…%.
    let results = [
        r4(1, [1, 2, 3, 4], 100),
        r4(1, [5, 6, 7, 8], 50),
        r4(1, [9, 10, 11, 12], -50),
        r4(2, [1, 5, 9, 2], 200),
        r4(2, [3, 6, 10, 7], 200),
    ];
    let scored = score(&results).unwrap();
    let one = scored.ranking.iter().find(|s| s.player == 1).unwrap();
    assert_eq!((one.mp, one.top), (Ratio::from_int(5), Ratio::from_int(6)));
    assert_eq!(one.percent(), Some(Ratio::new(250, 3)));
}

#[test]
fn scoring_refuses_a_player_twice_on_a_board() {
    assert_eq!(
        score(&[r4(3, [1, 2, 1, 4], 0)]).unwrap_err(),
        ScoreError::SameTable {
            board: 3,
            player: 1
        }
    );
    let err = score(&[r4(3, [1, 2, 3, 4], 0), r4(3, [5, 6, 7, 2], 0)]).unwrap_err();
    assert_eq!(
        err,
        ScoreError::TwoResults {
            board: 3,
            player: 2
        }
    );
    assert_eq!(err.to_string(), "board 3: player 2 has two results");
}

#[test]
fn a_whole_movement_scores_every_player_on_every_board() {
    for (kind, tables) in [
        (IndividualKind::Whist, 2),
        (IndividualKind::Whist, 5),
        (IndividualKind::Rainbow, 5),
    ] {
        let m = build(kind, tables, 2).unwrap();
        let mut results = Vec::new();
        for round in &m.rounds {
            for s in &round.tables {
                for board in m.boards(s.set) {
                    // Any scores: the shape of the ranking is what is checked.
                    let score_ns = ((board * 7 + s.north * 3) % 5) as i32 * 10 - 20;
                    results.push(r4(board, [s.north, s.east, s.south, s.west], score_ns));
                }
            }
        }
        let scored = score(&results).unwrap();
        assert_eq!(scored.boards.len() as u32, m.board_count());
        assert_eq!(scored.ranking.len() as u32, m.players());
        let per_player = m.rounds.len() as u32 * 2;
        // Every board is played `tables` times: top 2(T−1) a board.
        let top = Ratio::from_int(i64::from(per_player * 2 * (tables - 1)));
        for s in &scored.ranking {
            assert_eq!(
                (s.boards, s.top),
                (per_player, top),
                "{kind} {tables}: player {}",
                s.player
            );
        }
        // The matchpoints of a board add up to the table count × top over the four players.
        let total: Ratio = scored.ranking.iter().map(|s| s.mp).sum();
        let expected =
            i64::from(m.board_count()) * i64::from(tables) * 2 * i64::from(tables - 1) * 2;
        assert_eq!(total, Ratio::from_int(expected));
    }
}

const HAND_WORKED: &str = "board,north,east,south,west,contract,declarer,result,lead\n\
    1,1,2,3,4,4S,N,=,HK\n\
    1,5,6,7,8,4S,N,+1,\n\
    1,9,10,11,12,4S,S,=,\n\
    # board 2 (North-South vulnerable): -100, +110, -100\n\
    2,1,5,9,2,2S,N,-1,\n\
    2,3,6,10,7,2S,N,=,\n\
    2,4,8,11,12,2S,S,-1,\n";

#[test]
fn travellers_read_from_csv_give_the_hand_worked_ranking() {
    let lines = bridge::individual_csv::read(HAND_WORKED, "ind.csv").unwrap();
    assert_eq!(lines.len(), 6);
    assert_eq!(lines[0].lead.as_deref(), Some("HK"));
    let results: Vec<Result4> = lines.iter().map(|l| l.result()).collect();
    let scores: Vec<i32> = results.iter().map(|r| r.score_ns).collect();
    assert_eq!(scores, [420, 450, 420, -100, 110, -100]);
    let scored = score(&results).unwrap();
    let csv = bridge::individual_csv::write_ranking(&scored);
    assert_eq!(
        csv,
        "place,player,mp,top,percent\n\
         =1,5,7.00,8.00,87.50\n=1,10,7.00,8.00,87.50\n=3,2,6.00,8.00,75.00\n\
         =3,12,6.00,8.00,75.00\n5,3,5.00,8.00,62.50\n=6,4,4.00,8.00,50.00\n\
         =6,7,4.00,8.00,50.00\n8,8,3.00,8.00,37.50\n=9,1,2.00,8.00,25.00\n\
         =9,9,2.00,8.00,25.00\n=9,11,2.00,8.00,25.00\n12,6,0.00,8.00,0.00\n"
    );
}

#[test]
fn bad_travellers_are_refused_at_their_row_and_column() {
    let read = |text: &str| {
        bridge::individual_csv::read(text, "ind.csv")
            .unwrap_err()
            .to_string()
    };
    let head = "board,north,east,south,west,contract,declarer,result\n";
    assert_eq!(
        read(&format!("{head}1,1,2,1,4,PASS,,\n")),
        "ind.csv:2:7: expected four different players at the table, found player 1 twice"
    );
    assert_eq!(
        read(&format!("{head}1,1,2,3,4,PASS,,\n1,5,6,7,3,PASS,,\n")),
        "ind.csv:3:9: expected one result per player on board 1, found player 3 again (already on line 2)"
    );
    assert_eq!(
        read(&format!("{head}1,1,2,3,4,4S,,=\n")),
        "ind.csv:2:11: expected a declarer for 4S, found none"
    );
    assert_eq!(
        read("board,north,east,south,contract\n"),
        "ind.csv:1:1: expected a \"west\" column in the header, found \"board,north,east,south,contract\""
    );
    assert_eq!(
        read(&format!("{head}0,1,2,3,4,PASS,,\n")),
        "ind.csv:2:1: expected a board number, found \"0\""
    );
}

#[test]
fn results_are_checked_against_the_movement() {
    let m = build(IndividualKind::Rainbow, 5, 1).unwrap();
    // Each board played at five tables, one a round, always at its own table.
    let lines = m.expected_lines();
    assert_eq!(lines.len(), 25);
    assert!(lines.iter().all(|&(board, _, s)| s.table == board));
    let results: Vec<Result4> = lines
        .iter()
        .map(|&(board, _, s)| r4(board, [s.north, s.east, s.south, s.west], 0))
        .collect();
    assert_eq!(m.check(&results), Ok(()));
    // Round 2 at table 1 (board 1) seats 5, 7, 14, 18: East and West swapped is refused.
    let err = m.check(&[r4(1, [5, 18, 14, 7], 0)]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "board 1: the movement seats N-E-S-W 5-7-14-18 in round 2 at table 1, found 5-18-14-7"
    );
    assert_eq!(
        m.check(&[r4(1, [6, 7, 14, 18], 0)])
            .unwrap_err()
            .to_string(),
        "board 1: player 6 never sits North on this board in the movement"
    );
    assert_eq!(
        m.check(&[r4(6, [1, 6, 11, 16], 0)])
            .unwrap_err()
            .to_string(),
        "board 6: expected a board from 1 to 5 in this movement"
    );
    // A whist movement: every table plays every board, in the board's round.
    let w = build(IndividualKind::Whist, 3, 2).unwrap();
    let lines = w.expected_lines();
    assert_eq!(lines.len() as u32, w.board_count() * 3);
    assert!(lines
        .iter()
        .all(|&(board, round, _)| w.set_of(board) == round));
}
