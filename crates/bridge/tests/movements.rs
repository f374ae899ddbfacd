//! Movements, checked by property over every table count offered: Mitchell 3–20 (relay and
//! bye stand, and skip), arrow-switch 3–15, Howell 3–10, three-quarter Howell 6–10; with
//! and without a missing pair; and a few layouts checked against published descriptions.

use std::collections::{BTreeMap, BTreeSet};

use bridge::movement::{
    build, guide_cards_text, overview_text, rounds_of, suggest, switched_rounds, table_cards_text,
    Direction, EvenTables, Kind, Movement, MovementError, NextStop, Options,
};
use bridge::TableResult;
use bridge::{score_session, Board, Field, FieldKind, Line, Options as ScoreOptions, Session};
use proptest::prelude::*;

/// Every (kind, tables, even-table option) offered.
fn all_movements() -> Vec<(Kind, u32, EvenTables)> {
    let mut out = Vec::new();
    for kind in Kind::ALL {
        for t in kind.tables() {
            out.push((kind, t, EvenTables::RelayByeStand));
            if matches!(kind, Kind::Mitchell | Kind::ArrowSwitch) && t.is_multiple_of(2) {
                out.push((kind, t, EvenTables::Skip));
            }
        }
    }
    out
}

fn make(kind: Kind, t: u32, even: EvenTables, bpr: Option<u32>, phantom: Option<u32>) -> Movement {
    build(
        kind,
        t,
        &Options {
            boards_per_round: bpr,
            even,
            phantom,
        },
    )
    .unwrap_or_else(|e| panic!("{kind} {t} {even:?}: {e}"))
}

fn label(m: &Movement) -> String {
    format!("{} {} tables {:?}", m.kind, m.tables, m.even)
}

/// The invariants every movement keeps, whatever its kind; returns how many times each
/// board is played.
fn check_common(m: &Movement) -> BTreeMap<u32, u32> {
    let name = label(m);
    assert_eq!(m.pairs, 2 * m.tables, "{name}");
    assert_eq!(
        m.rounds.len() as u32,
        rounds_of(m.kind, m.tables, m.even.unwrap_or_default()),
        "{name}"
    );
    let mut met: BTreeSet<(u32, u32)> = BTreeSet::new();
    let mut played: BTreeSet<(u32, u32)> = BTreeSet::new();
    let mut times: BTreeMap<u32, u32> = BTreeMap::new();
    for (i, r) in m.rounds.iter().enumerate() {
        assert_eq!(r.number as usize, i + 1);
        let tables: Vec<u32> = r.tables.iter().map(|s| s.table).collect();
        assert_eq!(tables, (1..=m.tables).collect::<Vec<_>>(), "{name}");
        // No pair at two tables, and every pair somewhere, in every round.
        let mut seated = BTreeSet::new();
        for s in &r.tables {
            assert!((1..=m.sets).contains(&s.set), "{name}");
            for p in [s.ns, s.ew].into_iter().flatten() {
                assert!(
                    seated.insert(p),
                    "{name}: pair {p} twice in round {}",
                    r.number
                );
            }
        }
        assert_eq!(
            seated.into_iter().collect::<Vec<_>>(),
            m.pair_numbers(),
            "{name}: round {}",
            r.number
        );
        for s in r.tables.iter().filter(|s| s.plays()) {
            let (a, b) = (s.ns.unwrap(), s.ew.unwrap());
            assert_ne!(a, b);
            assert!(
                met.insert((a.min(b), a.max(b))),
                "{name}: {a} and {b} meet twice"
            );
            for p in [a, b] {
                assert!(
                    played.insert((p, s.set)),
                    "{name}: pair {p} plays set {} twice",
                    s.set
                );
            }
            for board in m.boards(s.set) {
                *times.entry(board).or_default() += 1;
            }
        }
        // A set at two tables at once only where the movement shares it.
        let mut at: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
        for s in r.tables.iter().filter(|s| s.plays()) {
            at.entry(s.set).or_default().push(s.table);
        }
        let shared: Vec<(u32, Vec<u32>)> = at.into_iter().filter(|(_, t)| t.len() > 1).collect();
        assert_eq!(shared, m.shared(i), "{name}");
        for (_, t) in &shared {
            assert!(
                t.len() as u32 <= m.boards_per_round,
                "{name}: share needs boards"
            );
        }
    }
    // The travellers hold the same plays, each board's lines with different pairs.
    let travellers = m.travellers();
    assert_eq!(travellers.len() as u32, m.board_count());
    for tr in &travellers {
        assert_eq!(
            tr.lines.len() as u32,
            times.get(&tr.board).copied().unwrap_or(0)
        );
        let mut pairs = BTreeSet::new();
        for l in &tr.lines {
            assert!(
                pairs.insert(l.ns) && pairs.insert(l.ew),
                "{name}: board {}",
                tr.board
            );
        }
    }
    times
}

/// Which tables share a set in each round, as the movement is documented to.
fn documented_shares(m: &Movement, index: usize) -> Vec<Vec<u32>> {
    match (m.kind, m.even, m.phantom) {
        (Kind::Mitchell | Kind::ArrowSwitch, Some(EvenTables::RelayByeStand), None) => {
            vec![vec![1, m.tables]]
        }
        (Kind::Howell, _, None) if m.tables == 3 && index == 0 => vec![vec![1, 2, 3]],
        _ => vec![],
    }
}

#[test]
fn every_movement_keeps_the_invariants() {
    let mut checked = 0;
    for (kind, t, even) in all_movements() {
        let m = make(kind, t, even, None, None);
        let name = label(&m);
        let times = check_common(&m);
        // Without a missing pair every board is played the same number of times.
        let expected = match (kind, even) {
            (Kind::Mitchell | Kind::ArrowSwitch, EvenTables::Skip) if t.is_multiple_of(2) => t - 1,
            _ => t,
        };
        assert_eq!(
            times.len() as u32,
            m.board_count(),
            "{name}: a board never played"
        );
        assert!(times.values().all(|&n| n == expected), "{name}: {times:?}");
        assert_eq!(m.times_played(), vec![expected; m.sets as usize], "{name}");
        for i in 0..m.rounds.len() {
            let shares: Vec<Vec<u32>> = m.shared(i).into_iter().map(|(_, t)| t).collect();
            assert_eq!(shares, documented_shares(&m, i), "{name}: round {}", i + 1);
        }
        checked += 1;
    }
    // 18 Mitchells + 9 skips, 13 + 6 arrow switches, 8 Howells, 5 three-quarter Howells.
    assert_eq!(checked, 18 + 9 + 13 + 6 + 8 + 5);
}

#[test]
fn mitchell_meets_every_opponent_and_keeps_two_fields() {
    for kind in [Kind::Mitchell, Kind::ArrowSwitch] {
        for t in kind.tables() {
            for even in [EvenTables::RelayByeStand, EvenTables::Skip] {
                if even == EvenTables::Skip && t % 2 == 1 {
                    continue;
                }
                let m = make(kind, t, even, None, None);
                let name = label(&m);
                let ns_line: BTreeSet<u32> = (1..=t).collect();
                let mut meetings = BTreeSet::new();
                let mut sets_of: BTreeMap<u32, BTreeSet<u32>> = BTreeMap::new();
                for r in &m.rounds {
                    for s in &r.tables {
                        let (a, b) = (s.ns.unwrap(), s.ew.unwrap());
                        // NS line pair, EW line pair.
                        let (n, e) = if ns_line.contains(&a) { (a, b) } else { (b, a) };
                        assert!(ns_line.contains(&n) && !ns_line.contains(&e), "{name}");
                        assert_eq!(s.table, n, "{name}: NS line pairs stay at their table");
                        assert_eq!(s.switched, a == e, "{name}");
                        meetings.insert((n, e));
                        sets_of.entry(e).or_default().insert(s.set);
                    }
                }
                let rounds = m.rounds.len() as u32;
                assert_eq!(meetings.len() as u32, t * rounds, "{name}");
                // Relay or odd: every EW pair plays every set; skip: all but one.
                for sets in sets_of.values() {
                    assert_eq!(sets.len() as u32, rounds, "{name}");
                }
                let travellers = m.travellers();
                if kind == Kind::Mitchell {
                    assert_eq!(m.field(), FieldKind::Two);
                    // Two fields: on every board, NS pairs only meet NS pairs in the NS column.
                    for tr in &travellers {
                        for l in &tr.lines {
                            assert!(
                                ns_line.contains(&l.ns) && !ns_line.contains(&l.ew),
                                "{name}"
                            );
                        }
                    }
                    assert!(m.switched().is_empty());
                } else {
                    assert_eq!(m.field(), FieldKind::One);
                    let k = switched_rounds(rounds);
                    assert_eq!(m.switched(), (rounds - k + 1..=rounds).collect::<Vec<_>>());
                    // Every pair plays both directions.
                    for p in m.pair_numbers() {
                        let dirs: BTreeSet<_> = m
                            .pair_rounds(p)
                            .iter()
                            .map(|r| r.direction == Direction::NorthSouth)
                            .collect();
                        assert_eq!(dirs.len(), 2, "{name}: pair {p}");
                    }
                    // Boards with an NS-line pair in the EW column: all but a set resting on
                    // the bye stand during the switched round(s).
                    let mixed = travellers
                        .iter()
                        .filter(|tr| tr.lines.iter().any(|l| !ns_line.contains(&l.ns)))
                        .count() as u32;
                    let resting = if m.even == Some(EvenTables::RelayByeStand) {
                        k
                    } else {
                        0
                    };
                    assert!(
                        mixed >= m.board_count() - resting * m.boards_per_round,
                        "{name}"
                    );
                }
            }
        }
    }
}

#[test]
fn howell_every_pair_meets_every_other_once() {
    for t in Kind::Howell.tables() {
        let m = make(Kind::Howell, t, EvenTables::default(), None, None);
        let name = label(&m);
        assert_eq!(m.rounds.len() as u32, 2 * t - 1);
        assert_eq!(m.sets, 2 * t - 1);
        assert_eq!(m.field(), FieldKind::One);
        assert_eq!(m.stationary, vec![2 * t]);
        let mut met = BTreeSet::new();
        for s in m.rounds.iter().flat_map(|r| &r.tables) {
            let (a, b) = (s.ns.unwrap(), s.ew.unwrap());
            met.insert((a.min(b), a.max(b)));
        }
        let all: BTreeSet<(u32, u32)> = (1..=2 * t)
            .flat_map(|a| (a + 1..=2 * t).map(move |b| (a, b)))
            .collect();
        assert_eq!(met, all, "{name}");
        for p in m.pair_numbers() {
            let sets: BTreeSet<u32> = m.pair_rounds(p).iter().map(|r| r.set).collect();
            assert_eq!(
                sets.len() as u32,
                2 * t - 1,
                "{name}: pair {p} plays every set"
            );
            if !m.stationary.contains(&p) {
                let ns = m
                    .pair_rounds(p)
                    .iter()
                    .filter(|r| r.direction == Direction::NorthSouth)
                    .count() as u32;
                // The moving pairs play both directions, as evenly as the rounds allow.
                assert!(ns == t - 1 || ns == t, "{name}: pair {p} NS {ns} times");
            }
        }
        // The stationary pair faces pair 1 at table 1 with set 1 in round 1.
        let first = m.rounds[0].tables[0];
        assert_eq!((first.ns, first.ew, first.set), (Some(2 * t), Some(1), 1));
    }
}

#[test]
fn three_quarter_howell_meets_no_pair_twice() {
    for t in Kind::ThreeQuarterHowell.tables() {
        let m = make(
            Kind::ThreeQuarterHowell,
            t,
            EvenTables::default(),
            None,
            None,
        );
        let name = label(&m);
        let rounds = m.rounds.len() as u32;
        // About three quarters of the 2T − 1 rounds of the complete Howell.
        assert_eq!(rounds, (3 * (2 * t - 1)).div_ceil(4), "{name}");
        assert!(rounds > t && rounds < 2 * t - 1);
        assert_eq!(m.sets, rounds);
        assert_eq!(m.stationary.len() as u32, 2 * t - rounds);
        for p in m.pair_numbers() {
            let pr = m.pair_rounds(p);
            let opponents: BTreeSet<u32> = pr.iter().filter_map(|r| r.opponent).collect();
            assert_eq!(opponents.len() as u32, rounds, "{name}: pair {p}");
            let sets: BTreeSet<u32> = pr.iter().map(|r| r.set).collect();
            assert_eq!(
                sets.len() as u32,
                rounds,
                "{name}: pair {p} plays every set"
            );
        }
    }
}

/// A session of assigned scores laid out by the movement, as a scorer would receive it.
fn session_of(m: &Movement) -> Session {
    let mut boards: Vec<Board> = Vec::new();
    for tr in m.travellers() {
        let mut b = Board::standard(tr.board);
        for (i, l) in tr.lines.iter().enumerate() {
            let score = [620, -100, 140, -50, 420, 0, -200][(tr.board as usize + i) % 7];
            let mut line = Line::new(l.ns, l.ew, TableResult::Assigned(score));
            line.round = Some(l.round);
            line.table = Some(l.table);
            b.lines.push(line);
        }
        if !b.lines.is_empty() {
            boards.push(b);
        }
    }
    Session {
        boards,
        ..Session::default()
    }
}

#[test]
fn travellers_score_in_the_movements_field() {
    for (kind, t, even) in all_movements() {
        for phantom in [None, Some(2 * t)] {
            let m = make(kind, t, even, None, phantom);
            let name = label(&m);
            let session = session_of(&m);
            // The scorer's own reading of the pair numbers agrees with the movement.
            assert_eq!(session.field_kind(), m.field(), "{name}");
            session
                .validate("movement", m.field())
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let scored = score_session(&session, &ScoreOptions::default());
            let fields: BTreeMap<u32, Field> =
                scored.ranking.iter().map(|s| (s.pair, s.field)).collect();
            let expected: BTreeMap<u32, Field> = m
                .pair_numbers()
                .into_iter()
                .map(|p| {
                    let f = match (m.field(), p <= t) {
                        (FieldKind::One, _) => Field::All,
                        (FieldKind::Two, true) => Field::NorthSouth,
                        (FieldKind::Two, false) => Field::EastWest,
                    };
                    (p, f)
                })
                .collect();
            assert_eq!(fields, expected, "{name}");
        }
    }
}

#[test]
fn a_missing_pair_and_the_neuberg_case() {
    // In a Mitchell (odd, or relay and bye stand) and in a Howell every pair plays every
    // set once, so a missing pair takes one play from every set: each board is played
    // T − 1 times, the same number, and no Neuberg is needed.
    let m = make(Kind::Mitchell, 7, EvenTables::default(), Some(3), Some(7));
    check_common(&m);
    assert_eq!(m.times_played(), vec![6; 7]);
    assert!(m
        .rounds
        .iter()
        .all(|r| r.tables[6].ns.is_none() && !r.tables[6].plays()));
    let m = make(Kind::Mitchell, 7, EvenTables::default(), Some(3), Some(14));
    assert_eq!(m.times_played(), vec![6; 7]);
    // Relay Mitchell with the NS pair of the last table missing: the share disappears too
    // (the half-table arrangement of the relay Mitchell).
    let m = make(
        Kind::Mitchell,
        8,
        EvenTables::RelayByeStand,
        Some(1),
        Some(8),
    );
    check_common(&m);
    assert_eq!(m.times_played(), vec![7; 8]);
    assert!((0..8).all(|i| m.shared(i).is_empty()));
    let m = make(
        Kind::Mitchell,
        8,
        EvenTables::RelayByeStand,
        Some(2),
        Some(9),
    );
    assert_eq!(m.times_played(), vec![7; 8]);
    assert!(m.shared(0).is_empty(), "pair 9 is at table 1 in round 1");
    assert_eq!(m.shared(1), [(2, vec![1, 8])]);
    for (kind, t) in [(Kind::Howell, 5), (Kind::ThreeQuarterHowell, 8)] {
        for p in 1..=2 * t {
            let m = make(kind, t, EvenTables::default(), Some(3), Some(p));
            check_common(&m);
            assert_eq!(
                m.times_played(),
                vec![t - 1; m.sets as usize],
                "{kind} {t} {p}"
            );
        }
    }
    // The Neuberg case: in a skip Mitchell each pair misses one set, so with a pair missing
    // that set is played T − 1 times and the others T − 2 times. The scorer expects the
    // most-played count (N = T − 1) and Neubergs the others.
    for t in [4, 10, 20] {
        for p in [1, t, t + 1, 2 * t] {
            let m = make(Kind::Mitchell, t, EvenTables::Skip, Some(2), Some(p));
            check_common(&m);
            let times = m.times_played();
            let full = times.iter().filter(|&&n| n == t - 1).count();
            let short = times.iter().filter(|&&n| n == t - 2).count();
            assert_eq!((full, short), (1, t as usize - 1), "{t} {p}: {times:?}");
            // The expected traveller lines say so, board by board.
            let lines: Vec<usize> = m.travellers().iter().map(|tr| tr.lines.len()).collect();
            assert_eq!(
                lines.iter().filter(|&&n| n == t as usize - 2).count(),
                2 * (t as usize - 1)
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Any movement, any boards per round, any missing pair: the invariants hold and the
    /// boards are numbered without gaps.
    #[test]
    fn any_movement_any_options(index in 0usize..59, bpr in 1u32..=8, missing in 0u32..=40) {
        let all = all_movements();
        let (kind, t, even) = all[index % all.len()];
        let phantom = (missing <= 2 * t && missing > 0).then_some(missing);
        let opts = Options { boards_per_round: Some(bpr), even, phantom };
        match build(kind, t, &opts) {
            Ok(m) => {
                prop_assert_eq!(m.boards_per_round, bpr);
                let times = check_common(&m);
                prop_assert!(times.keys().all(|&b| b >= 1 && b <= m.board_count()));
                let played: u32 = m.times_played().iter().sum::<u32>() * bpr;
                prop_assert_eq!(played, times.values().sum::<u32>());
                let boards: Vec<u32> = (1..=m.sets).flat_map(|s| m.boards(s)).collect();
                prop_assert_eq!(boards, (1..=m.board_count()).collect::<Vec<_>>());
            }
            Err(MovementError::SharedSet { count, found, .. }) => {
                // Only refused when a set is shared by more tables than it has boards.
                prop_assert!(found < count);
                prop_assert_eq!(found, bpr);
            }
            Err(e) => prop_assert!(false, "{}", e),
        }
    }
}

#[test]
fn relay_mitchell_moves_boards_as_published() {
    // Share-and-relay Mitchell (bridgecentral.com, "Share and relay Mitchell movement"): set
    // 1 on table 1 up to set T/2 on table T/2, the next set on the bye stand, the rest on
    // the following tables, table T sharing with table 1; boards move down one table, those
    // shared at tables 1 and T go to table T−1, table T/2+1 passes to the bye stand, the
    // bye stand to table T/2.
    let m = make(Kind::Mitchell, 8, EvenTables::RelayByeStand, Some(3), None);
    let sets: Vec<u32> = m.rounds[0].tables.iter().map(|s| s.set).collect();
    assert_eq!(sets, [1, 2, 3, 4, 6, 7, 8, 1]);
    assert_eq!(m.idle_sets(0), [5]);
    assert_eq!(
        m.next_stop(0, 1),
        NextStop::Tables {
            round: 2,
            tables: vec![7]
        }
    );
    assert_eq!(
        m.next_stop(0, 8),
        NextStop::Tables {
            round: 2,
            tables: vec![7]
        }
    );
    assert_eq!(
        m.next_stop(0, 5),
        NextStop::Tables {
            round: 3,
            tables: vec![4]
        }
    );
    assert_eq!(m.idle_sets(1), [6]);
    assert_eq!(
        m.next_stop(0, 3),
        NextStop::Tables {
            round: 2,
            tables: vec![2]
        }
    );
    assert_eq!(m.next_stop(7, 3), NextStop::Done);
    // EW pairs move up one table, from the last table to table 1.
    assert_eq!(m.rounds[1].tables[0].ew, Some(16));
    assert_eq!(m.rounds[1].tables[1].ew, Some(9));
}

#[test]
fn plain_and_skip_mitchell_as_published() {
    // Odd tables: set t at table t in round 1, boards down one table, EW up one.
    let m = make(Kind::Mitchell, 7, EvenTables::default(), Some(3), None);
    for (i, r) in m.rounds.iter().enumerate() {
        for s in &r.tables {
            assert_eq!(s.set, (s.table - 1 + i as u32) % 7 + 1);
            assert_eq!(s.ew, Some(8 + (s.table + 7 - 1 - i as u32 % 7) % 7));
        }
    }
    // Skip Mitchell, 10 tables: 9 rounds, EW skip after round 5 (as in the Exeter club's
    // "10 tables Mitchell (skip), 9 rounds, skip after round 5").
    let m = make(Kind::Mitchell, 10, EvenTables::Skip, Some(3), None);
    assert_eq!(m.rounds.len(), 9);
    let ew_at_1: Vec<u32> = m.rounds.iter().map(|r| r.tables[0].ew.unwrap()).collect();
    assert_eq!(ew_at_1, [11, 20, 19, 18, 17, 15, 14, 13, 12]);
}

#[test]
fn three_table_howell_shares_once() {
    // No Room square of side 5 exists: a 3-table Howell cannot give each table its own set
    // in every round. This one shares set 1 among the three tables in round 1 only, so it
    // needs at least 3 boards per round.
    let m = make(Kind::Howell, 3, EvenTables::default(), Some(4), None);
    assert_eq!(m.shared(0), [(1, vec![1, 2, 3])]);
    assert!((1..5).all(|i| m.shared(i).is_empty()));
    let e = build(
        Kind::Howell,
        3,
        &Options {
            boards_per_round: Some(2),
            ..Options::default()
        },
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "Howell with 3 tables has 3 tables sharing one set in a round, so it needs at least 3 \
         boards per round, found 2"
    );
    // By default the boards per round are raised to what the share needs.
    assert!(make(Kind::Howell, 3, EvenTables::default(), None, None).boards_per_round >= 3);
}

#[test]
fn kinds_refuse_table_counts_they_do_not_have() {
    let cases = [
        (
            Kind::Mitchell,
            2,
            "Mitchell is offered for 3 to 20 tables, not 2",
        ),
        (
            Kind::Mitchell,
            21,
            "Mitchell is offered for 3 to 20 tables, not 21",
        ),
        (
            Kind::ArrowSwitch,
            16,
            "Arrow-switch Mitchell is offered for 3 to 15 tables, not 16",
        ),
        (
            Kind::Howell,
            11,
            "Howell is offered for 3 to 10 tables, not 11",
        ),
        (
            Kind::ThreeQuarterHowell,
            5,
            "Three-quarter Howell is offered for 6 to 10 tables, not 5",
        ),
    ];
    for (kind, t, msg) in cases {
        assert_eq!(
            build(kind, t, &Options::default()).unwrap_err().to_string(),
            msg
        );
    }
    let skip = Options {
        even: EvenTables::Skip,
        ..Options::default()
    };
    assert!(build(Kind::Mitchell, 7, &skip).is_err());
    assert!(build(Kind::Howell, 8, &skip).is_err());
    let relay_one = Options {
        boards_per_round: Some(1),
        ..Options::default()
    };
    let e = build(Kind::Mitchell, 8, &relay_one).unwrap_err();
    assert!(e.to_string().ends_with("found 1 (or use the skip)"), "{e}");
    let skip_one = Options {
        boards_per_round: Some(1),
        even: EvenTables::Skip,
        phantom: None,
    };
    assert!(build(Kind::Mitchell, 8, &skip_one).is_ok());
    let bad = Options {
        phantom: Some(15),
        ..Options::default()
    };
    assert_eq!(
        build(Kind::Mitchell, 7, &bad).unwrap_err().to_string(),
        "phantom pair: expected a pair number from 1 to 14, found 15"
    );
    assert!(build(
        Kind::Mitchell,
        7,
        &Options {
            boards_per_round: Some(0),
            ..Options::default()
        }
    )
    .is_err());
}

#[test]
fn suggestions_by_table_count() {
    for t in 3..=20 {
        assert_eq!(suggest(t, false), Ok(Kind::Mitchell));
        let one = suggest(t, true).unwrap();
        let expected = match t {
            3..=7 => Kind::Howell,
            8..=10 => Kind::ThreeQuarterHowell,
            11..=15 => Kind::ArrowSwitch,
            _ => Kind::Mitchell,
        };
        assert_eq!(one, expected, "{t}");
        assert!(build(one, t, &Options::default()).is_ok());
    }
    assert!(suggest(2, true).is_err());
    assert!(suggest(21, false).is_err());
}

#[test]
fn cards_show_every_round() {
    let m = make(Kind::Mitchell, 4, EvenTables::RelayByeStand, Some(2), None);
    let overview = overview_text(&m);
    assert!(overview.starts_with(
        "Mitchell, 4 tables, 4 rounds of 2 boards (8 boards in 4 sets); two fields (NS and EW \
         ranked apart).\n"
    ));
    assert!(overview.contains("Relay and bye stand: a bye stand between tables 2 and 3"));
    assert!(
        overview.contains("Round 1\nnot in play: boards 5-6\nTable  NS  EW  Boards\n"),
        "{overview}"
    );
    assert!(
        overview.contains("    1   1   5  1-2     shared with table 4\n"),
        "{overview}"
    );
    let cards = table_cards_text(&m);
    assert!(
        cards.starts_with(
            "Table 1\nRound  NS  EW  Boards  Boards go to\n    1   1   5  1-2     table 3\n"
        ),
        "{cards}"
    );
    assert!(cards.contains("Table 3\nRound  NS  EW  Boards  Boards go to\n    1   3   7  7-8     bye stand, then table 2 in round 3\n"), "{cards}");
    let guide = guide_cards_text(&m);
    assert!(guide.starts_with("Pair 1\nRound  Table  Sits  Against  Boards\n    1      1  NS    pair 5   1-2\n    2      1  NS    pair 8   3-4\n"), "{guide}");
    assert_eq!(guide.matches("Pair ").count(), 8);
    // Arrow switch and sit-outs are shown on the cards.
    let m = make(
        Kind::ArrowSwitch,
        5,
        EvenTables::default(),
        Some(3),
        Some(10),
    );
    let guide = guide_cards_text(&m);
    assert!(
        guide.contains("  5      5  NS cards (switched)  pair 5   "),
        "{guide}"
    );
    assert!(guide.contains("sit-out"), "{guide}");
    assert!(!guide.contains("Pair 10\n"));
    let m = make(Kind::Howell, 4, EvenTables::default(), Some(3), None);
    assert!(guide_cards_text(&m).contains("Pair 8\nstationary at table 1 NS\n"));
    assert!(table_cards_text(&m).contains("Table 1\npair 8 stays here (NS)\n"));
}

/// Issue 20: a club numbers a Mitchell's East-West pairs 8–14 or "1 EW" to "7 EW"; a Howell's
/// pairs have no line and keep their numbers whatever the setting.
#[test]
fn pair_labels_follow_the_club_numbering() {
    use bridge::movement::{PairLabels, PairNumbering};
    let m = build(Kind::Mitchell, 7, &Options::default()).unwrap();
    let per_line = PairLabels::new(&m, PairNumbering::PerLine);
    let through = PairLabels::new(&m, PairNumbering::Through);
    for pair in 1..=14 {
        let l = per_line.label(pair);
        assert_eq!(l.east_west, pair > 7, "{pair}");
        assert_eq!(l.number, if pair > 7 { pair - 7 } else { pair });
        assert_eq!(per_line.pair_of(l.number, l.east_west), pair);
        assert_eq!(through.label(pair).to_string(), pair.to_string());
        assert_eq!(through.pair_of(pair, pair > 7), pair);
    }
    assert_eq!(per_line.label(9).to_string(), "2 EW");
    // A number already in the East-West range stays itself.
    assert_eq!(per_line.pair_of(9, true), 9);
    let arrow = build(Kind::ArrowSwitch, 5, &Options::default()).unwrap();
    assert_eq!(
        PairLabels::new(&arrow, PairNumbering::PerLine)
            .label(6)
            .to_string(),
        "1 EW"
    );
    let howell = build(Kind::Howell, 5, &Options::default()).unwrap();
    let h = PairLabels::new(&howell, PairNumbering::PerLine);
    assert_eq!(h.label(9).to_string(), "9");
    assert_eq!(h.pair_of(2, true), 2);
    for code in ["through", "per-line"] {
        assert_eq!(PairNumbering::parse(code).unwrap().code(), code);
    }
    assert_eq!(PairNumbering::parse("8-14"), None);
}
