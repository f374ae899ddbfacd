//! The rating report of an event longer than a rating period (issue 35 §4): one TRF per month
//! (B.02's monthly lists), each with the rounds played that month and the others left empty,
//! worked by hand on a 10-player round robin of 9 rounds played over November and December.

use store::{Error, EventSettings, NewPlayer, RatingPeriod, ResultCode, RoundStart, Store, System};
use tournament::trf::{self, Format};

const ACTOR: &str = "chief";

/// FIDE's Berger table for 9 or 10 players (handbook C.05, Annex 1), White first.
const BERGER_10: [[(u32, u32); 5]; 9] = [
    [(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)],
    [(10, 6), (7, 5), (8, 4), (9, 3), (1, 2)],
    [(2, 10), (3, 1), (4, 9), (5, 8), (6, 7)],
    [(10, 7), (8, 6), (9, 5), (1, 4), (2, 3)],
    [(3, 10), (4, 2), (5, 1), (6, 9), (7, 8)],
    [(10, 8), (9, 7), (1, 6), (2, 5), (3, 4)],
    [(4, 10), (5, 3), (6, 2), (7, 1), (8, 9)],
    [(10, 9), (1, 8), (2, 7), (3, 6), (4, 5)],
    [(5, 10), (6, 4), (7, 3), (8, 2), (9, 1)],
];

/// Rounds 1–5 in November (the 5th on the 30th), 6–9 in December (the 6th on the 1st).
const DATES: [&str; 9] = [
    "2026-11-07",
    "2026-11-14",
    "2026-11-21",
    "2026-11-28",
    "2026-11-30",
    "2026-12-01",
    "2026-12-12",
    "2026-12-19",
    "2026-12-26",
];

/// The round robin, every game won by the lower pairing number, tie-break SB alone.
fn long_round_robin() -> (Store, i64) {
    let store = Store::open_in_memory().unwrap();
    let mut settings = EventSettings::new("Fermé d'hiver".parse().unwrap(), 9);
    settings.system = System::RoundRobin;
    settings.tiebreaks = "SB".to_string();
    settings.start_date = "2026-11-07".to_string();
    settings.end_date = "2026-12-26".to_string();
    let event = store.create_event(ACTOR, &settings).unwrap();
    for i in 0..10u16 {
        let p = NewPlayer {
            name: format!("Joueur{:02}, Test", i + 1).parse().unwrap(),
            rating: Some(2400 - 50 * i),
            federation: "FRA".to_string(),
            ..NewPlayer::default()
        };
        store.add_player(ACTOR, event, &p).unwrap();
    }
    let dates: Vec<(u32, Option<RoundStart>)> = DATES
        .iter()
        .enumerate()
        .map(|(i, d)| (i as u32 + 1, Some(d.parse().unwrap())))
        .collect();
    store.set_round_starts(ACTOR, event, &dates, None).unwrap();
    let number = |key| {
        store
            .players(event)
            .unwrap()
            .into_iter()
            .find(|p| p.id == key)
            .unwrap()
            .number
    };
    for round in 1..=9 {
        let r = store.pair_round(ACTOR, event, round).unwrap();
        for g in &r.games {
            let (w, b) = (number(g.white), number(g.black.unwrap()));
            let result = if w < b {
                ResultCode::WhiteWins
            } else {
                ResultCode::BlackWins
            };
            store
                .set_result(ACTOR, event, round, g.board, Some(result))
                .unwrap();
        }
    }
    (store, event)
}

/// The 8 columns of round `r` in a `001` line (cols 92–99 for round 1), trimmed.
fn round_block(line: &str, r: u32) -> &str {
    let from = 91 + 10 * (r as usize - 1);
    line.get(from..(from + 8).min(line.len()))
        .unwrap_or("")
        .trim()
}

/// The `001` line of pairing number `n`.
fn player_line(text: &str, n: u32) -> &str {
    text.lines()
        .find(|l| l.starts_with("001") && l[4..8].trim() == n.to_string())
        .unwrap()
}

/// The round block player `n` should have in round `r` from the Berger table, the lower number
/// winning.
fn expected_block(n: u32, r: u32) -> String {
    let (w, b) = BERGER_10[r as usize - 1]
        .into_iter()
        .find(|&(w, b)| w == n || b == n)
        .unwrap();
    let (opponent, colour) = if w == n { (b, 'w') } else { (w, 'b') };
    let result = if n < opponent { '1' } else { '0' };
    format!("{opponent:>4} {colour} {result}")
        .trim()
        .to_string()
}

/// One period's file against the hand computation: its header, every player's rounds (the
/// period's filled in, the others empty), points and place.
fn check_period_file(text: &str, rounds: &[u32], points: [&str; 10], ranks: [u32; 10]) {
    for n in 1..=10u32 {
        let line = player_line(text, n);
        for r in 1..=9 {
            let wanted = if rounds.contains(&r) {
                expected_block(n, r)
            } else {
                String::new()
            };
            assert_eq!(
                round_block(line, r),
                wanted,
                "player {n}, round {r}: {line}"
            );
        }
        assert_eq!(
            line[80..84].trim(),
            points[n as usize - 1],
            "points of {n}: {line}"
        );
        assert_eq!(
            line[85..89].trim(),
            ranks[n as usize - 1].to_string(),
            "place of {n}: {line}"
        );
    }
    // The file reads back, with every player and the event's 9 rounds.
    let t = trf::read(text).unwrap();
    assert_eq!(t.players.len(), 10);
    assert_eq!(t.header.rounds, Some(9));
}

#[test]
fn a_round_robin_over_two_months_is_reported_in_two_files() {
    let (store, event) = long_round_robin();
    let split = store.report_periods(event).unwrap();
    assert!(split.undated.is_empty());
    assert!(split.spans_several());
    let got: Vec<(String, Vec<u32>)> = split
        .periods
        .iter()
        .map(|p| (p.period.to_string(), p.rounds.clone()))
        .collect();
    assert_eq!(
        got,
        vec![
            ("2026-11".to_string(), vec![1, 2, 3, 4, 5]),
            ("2026-12".to_string(), vec![6, 7, 8, 9])
        ]
    );

    // November, rounds 1-5. Points by hand from the Berger table, the lower number winning:
    // 1 beats 10, 2, 3, 4, 5 (5); 2 beats 9, 10, 3, 4 (4); 3 beats 8, 9, 10 (3); 4 beats 7, 8,
    // 9 (3); 5 beats 6, 7, 8, 9 (4); 6 beats 10, 7, 8, 9 (4); 7 beats 10, 8 (2); 8, 9, 10: 0.
    // SB (the points of the players beaten): 2: 9, 10, 3, 4 = 0+0+3+3 = 6; 5: 6, 7, 8, 9 =
    // 4+2+0+0 = 6; 6: 0+2+0+0 = 2; so 2 and 5 share 2nd, 6 is 4th. 4: 7, 8, 9 = 2 before 3:
    // 8, 9, 10 = 0. 8, 9, 10 share 8th.
    let november = store
        .export_trf_period(event, Format::Trf26, "2026-11".parse().unwrap())
        .unwrap();
    check_period_file(
        &november,
        &[1, 2, 3, 4, 5],
        [
            "5.0", "4.0", "3.0", "3.0", "4.0", "4.0", "2.0", "0.0", "0.0", "0.0",
        ],
        [1, 2, 6, 5, 2, 4, 7, 8, 8, 8],
    );
    let header = |text: &str, code: &str| {
        text.lines()
            .find(|l| l.starts_with(code))
            .map(|l| l[3..].trim().to_string())
            .unwrap_or_default()
    };
    assert_eq!(header(&november, "012"), "Fermé d'hiver Rounds 1-5");
    assert_eq!(header(&november, "042"), "2026/11/07");
    assert_eq!(header(&november, "052"), "2026/11/30");
    assert_eq!(header(&november, "142"), "9");
    assert_eq!(header(&november, "202"), "SB");
    // The round dates stay in their columns, December's included.
    let dates = november.lines().find(|l| l.starts_with("132")).unwrap();
    assert_eq!(&dates[91..99], "26/11/07");
    assert_eq!(&dates[141..149], "26/12/01");

    // December, rounds 6-9: the whole event's points (10 - n) less November's: 4, 4, 4, 3, 1,
    // 0, 1, 2, 1, 0. SB: 3 beats 4, 5, 6, 7 = 3+1+0+1 = 5 before 1 (6, 7, 8, 9 = 0+1+2+1 = 4)
    // and 2 (5, 6, 7, 8 = 1+0+1+2 = 4), who share 2nd; 4 is 4th, 8 5th; with 1 point 7 (beat
    // 9: 1) before 5 and 9 (beat 10: 0), who share 7th; 6 and 10 share 9th.
    let december = store
        .export_trf_period(event, Format::Trf26, "2026-12".parse().unwrap())
        .unwrap();
    check_period_file(
        &december,
        &[6, 7, 8, 9],
        [
            "4.0", "4.0", "4.0", "3.0", "1.0", "0.0", "1.0", "2.0", "1.0", "0.0",
        ],
        [2, 2, 1, 4, 7, 9, 6, 5, 7, 9],
    );
    assert_eq!(header(&december, "012"), "Fermé d'hiver Rounds 6-9");
    assert_eq!(header(&december, "042"), "2026/12/01");
    assert_eq!(header(&december, "052"), "2026/12/26");

    // The event's own standings are the whole event's: 10 - n points for player n.
    let whole = store.standings(event, None).unwrap();
    for row in &whole.rows {
        assert_eq!(
            row.points.to_string(),
            format!("{}.0", 10 - row.player.number),
            "{row:?}"
        );
    }
    let full = store.export_trf(event, Format::Trf26).unwrap();
    assert_eq!(header(&full, "012"), "Fermé d'hiver");
    assert_eq!(round_block(player_line(&full, 1), 1), "10 w 1");
    assert_eq!(round_block(player_line(&full, 1), 9), "9 b 1");

    // A month without a round is refused, naming the months there are.
    match store.export_trf_period(event, Format::Trf26, "2027-01".parse().unwrap()) {
        Err(Error::Invalid {
            field, expected, ..
        }) => {
            assert_eq!(field, "period");
            assert!(expected.contains("2026-11, 2026-12"), "{expected}");
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn a_round_without_a_date_keeps_the_event_from_being_split() {
    let (store, event) = long_round_robin();
    store
        .set_round_starts(ACTOR, event, &[(7, None)], None)
        .unwrap();
    let split = store.report_periods(event).unwrap();
    assert_eq!(split.undated, vec![7]);
    assert_eq!(split.periods[1].rounds, vec![6, 8, 9]);
    let december: RatingPeriod = "2026-12".parse().unwrap();
    match store.export_trf_period(event, Format::Trf26, december) {
        Err(Error::Invalid { field, found, .. }) => {
            assert_eq!(field, "round 7");
            assert_eq!(found, "none");
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn a_change_by_hand_is_written_in_its_own_period_only() {
    let store = Store::open_in_memory().unwrap();
    let event = store
        .create_event(ACTOR, &EventSettings::new("Open".parse().unwrap(), 2))
        .unwrap();
    for (i, name) in ["Aubert, Luc", "Bonnet, Eva", "Colin, Remi", "Durand, Zoe"]
        .iter()
        .enumerate()
    {
        let p = NewPlayer::named(name.parse().unwrap(), Some(2100 - 100 * i as u16));
        let id = store.add_player(ACTOR, event, &p).unwrap();
        store.set_present(ACTOR, event, id, true, None).unwrap();
    }
    let dates: Vec<(u32, Option<RoundStart>)> = vec![
        (1, Some("2026-11-28".parse().unwrap())),
        (2, Some("2026-12-05".parse().unwrap())),
    ];
    store.set_round_starts(ACTOR, event, &dates, None).unwrap();
    for round in 1..=2 {
        let r = store.pair_round(ACTOR, event, round).unwrap();
        if round == 2 {
            // Board 1's White and board 2's White change places.
            let (a, b) = (r.games[0].white, r.games[1].white);
            store.swap_players(ACTOR, event, 2, a, b, None).unwrap();
        }
        for g in &store.round(event, round).unwrap().games {
            store
                .set_result(ACTOR, event, round, g.board, Some(ResultCode::Draw))
                .unwrap();
        }
    }
    let comments = |period: &str| -> Vec<String> {
        store
            .export_trf_period(event, Format::Trf26, period.parse().unwrap())
            .unwrap()
            .lines()
            .filter(|l| l.starts_with("###"))
            .map(str::to_string)
            .collect()
    };
    assert!(comments("2026-11").is_empty());
    let december = comments("2026-12");
    assert_eq!(december.len(), 1);
    assert!(
        december[0].starts_with("### pairing changed by hand: round 2, swap, a player "),
        "{}",
        december[0]
    );
    // The same change in the record the report shows.
    let record = store.manual_pairing_changes(event).unwrap();
    assert_eq!(record.len(), 1);
    assert_eq!(record[0].round, 2);
    assert_eq!(record[0].actor, ACTOR);
}
