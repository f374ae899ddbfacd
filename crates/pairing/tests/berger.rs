//! The Berger tables against rows of FIDE's published tables (C.05 Annex 1), and the
//! round-robin properties for every field size FIDE publishes (3 to 24).

use std::collections::HashMap;

use pairing::berger::{round, rounds, schedule, Cycles};
use pairing::Pairing;

/// Parses a published row such as "14-8, 9-7, 1-2".
fn row(text: &str) -> Vec<(u32, u32)> {
    text.split(',')
        .map(|pair| {
            let (w, b) = pair.trim().split_once('-').unwrap();
            (w.parse().unwrap(), b.parse().unwrap())
        })
        .collect()
}

fn boards(p: &Pairing) -> Vec<(u32, u32)> {
    p.boards
        .iter()
        .map(|b| (b.white.get(), b.black.get()))
        .collect()
}

#[test]
fn fourteen_players_match_the_whole_published_table() {
    let published = [
        "1-14, 2-13, 3-12, 4-11, 5-10, 6-9, 7-8",
        "14-8, 9-7, 10-6, 11-5, 12-4, 13-3, 1-2",
        "2-14, 3-1, 4-13, 5-12, 6-11, 7-10, 8-9",
        "14-9, 10-8, 11-7, 12-6, 13-5, 1-4, 2-3",
        "3-14, 4-2, 5-1, 6-13, 7-12, 8-11, 9-10",
        "14-10, 11-9, 12-8, 13-7, 1-6, 2-5, 3-4",
        "4-14, 5-3, 6-2, 7-1, 8-13, 9-12, 10-11",
        "14-11, 12-10, 13-9, 1-8, 2-7, 3-6, 4-5",
        "5-14, 6-4, 7-3, 8-2, 9-1, 10-13, 11-12",
        "14-12, 13-11, 1-10, 2-9, 3-8, 4-7, 5-6",
        "6-14, 7-5, 8-4, 9-3, 10-2, 11-1, 12-13",
        "14-13, 1-12, 2-11, 3-10, 4-9, 5-8, 6-7",
        "7-14, 8-6, 9-5, 10-4, 11-3, 12-2, 13-1",
    ];
    let ours = schedule(14, Cycles::Single).unwrap();
    assert_eq!(ours.len(), published.len());
    for (r, text) in published.iter().enumerate() {
        assert_eq!(boards(&ours[r]), row(text), "round {}", r + 1);
        assert_eq!(ours[r].bye, None);
    }
}

#[test]
fn rows_of_other_published_tables() {
    let cases: [(u32, u32, &str); 8] = [
        (6, 3, "2-6, 3-1, 4-5"),
        (6, 5, "3-6, 4-2, 5-1"),
        (8, 2, "8-5, 6-4, 7-3, 1-2"),
        (8, 7, "4-8, 5-3, 6-2, 7-1"),
        (10, 4, "10-7, 8-6, 9-5, 1-4, 2-3"),
        (10, 9, "5-10, 6-4, 7-3, 8-2, 9-1"),
        (12, 8, "12-10, 11-9, 1-8, 2-7, 3-6, 4-5"),
        (12, 11, "6-12, 7-5, 8-4, 9-3, 10-2, 11-1"),
    ];
    for (players, r, text) in cases {
        let ours = round(players, Cycles::Single, r).unwrap();
        assert_eq!(boards(&ours), row(text), "{players} players, round {r}");
    }
}

#[test]
fn odd_fields_give_the_bye_to_the_opponent_of_the_missing_number() {
    // 7 players use the 8-player table; round 2 is 8-5, 6-4, 7-3, 1-2, so 5 has the bye.
    let r2 = round(7, Cycles::Single, 2).unwrap();
    assert_eq!(boards(&r2), row("6-4, 7-3, 1-2"));
    assert_eq!(r2.bye.map(|p| p.get()), Some(5));
    // 3 players: round 3 of the 4-player table is 2-4, 3-1.
    let r3 = round(3, Cycles::Single, 3).unwrap();
    assert_eq!(boards(&r3), row("3-1"));
    assert_eq!(r3.bye.map(|p| p.get()), Some(2));
}

/// Every pair meets exactly `times` times, each player is on one board (or the bye) per round,
/// and in a double round robin each pair meets once with each colour.
fn check_round_robin(players: u32, cycles: Cycles) {
    let all = schedule(players, cycles).unwrap();
    assert_eq!(all.len() as u32, rounds(players, cycles));
    let mut meetings: HashMap<(u32, u32), Vec<(u32, u32)>> = HashMap::new();
    let mut byes: HashMap<u32, u32> = HashMap::new();
    let mut whites: HashMap<u32, u32> = HashMap::new();
    for (r, p) in all.iter().enumerate() {
        let mut seen = vec![false; players as usize + 1];
        for (w, b) in boards(p) {
            for x in [w, b] {
                assert!((1..=players).contains(&x));
                assert!(!seen[x as usize], "{players}: {x} twice in round {}", r + 1);
                seen[x as usize] = true;
            }
            *whites.entry(w).or_default() += 1;
            meetings
                .entry((w.min(b), w.max(b)))
                .or_default()
                .push((w, b));
        }
        if let Some(bye) = p.bye {
            assert!(!seen[bye.get() as usize]);
            seen[bye.get() as usize] = true;
            *byes.entry(bye.get()).or_default() += 1;
        }
        assert!(
            seen[1..].iter().all(|&s| s),
            "{players}: somebody missing in round {}",
            r + 1
        );
        assert_eq!(p.bye.is_some(), players % 2 == 1);
    }
    let times = match cycles {
        Cycles::Single => 1,
        Cycles::Double { .. } => 2,
    };
    assert_eq!(meetings.len() as u32, players * (players - 1) / 2);
    for ((a, b), games) in &meetings {
        assert_eq!(games.len(), times, "{players}: {a}-{b}");
        if times == 2 {
            assert_ne!(games[0], games[1], "{players}: {a}-{b} same colours twice");
        }
    }
    if players % 2 == 1 {
        assert!(byes.values().all(|&n| n == times as u32));
    }
    if cycles == Cycles::Single && players.is_multiple_of(2) {
        // Half the field has one White more than the other half.
        for x in 1..=players {
            let w = whites.get(&x).copied().unwrap_or(0);
            assert!(
                w == players / 2 || w + 1 == players / 2,
                "{players}: {x} has {w} Whites"
            );
        }
    }
}

#[test]
fn every_published_size_is_a_round_robin() {
    for players in 3..=24 {
        check_round_robin(players, Cycles::Single);
        check_round_robin(players, Cycles::DOUBLE);
        check_round_robin(
            players,
            Cycles::Double {
                swap_last_two: false,
            },
        );
    }
}

#[test]
fn double_round_robin_reverses_colours_and_swaps_the_last_two_rounds() {
    let single = schedule(6, Cycles::Single).unwrap();
    let plain = schedule(
        6,
        Cycles::Double {
            swap_last_two: false,
        },
    )
    .unwrap();
    let fide = schedule(6, Cycles::DOUBLE).unwrap();
    for r in 0..5 {
        assert_eq!(plain[r], single[r]);
        let reversed: Vec<(u32, u32)> = boards(&single[r]).iter().map(|&(w, b)| (b, w)).collect();
        assert_eq!(boards(&plain[r + 5]), reversed);
        assert_eq!(fide[r + 5], plain[r + 5]);
    }
    assert_eq!(fide[3], single[4]);
    assert_eq!(fide[4], single[3]);
    assert_eq!(fide[..3], single[..3]);
}

#[test]
fn the_swap_avoids_three_same_colours_in_a_row() {
    for players in 3..=24 {
        let all = schedule(players, Cycles::DOUBLE).unwrap();
        for x in 1..=players {
            let colours: Vec<bool> = all
                .iter()
                .filter_map(|p| {
                    p.boards.iter().find_map(|b| {
                        (b.white.get() == x)
                            .then_some(true)
                            .or((b.black.get() == x).then_some(false))
                    })
                })
                .collect();
            let streak = colours.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]);
            assert!(
                !streak,
                "{players} players: {x} has three same colours in a row"
            );
        }
    }
}
