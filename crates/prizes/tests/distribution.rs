//! Distributions computed by hand, the published Hort examples among them.

use prizes::{
    distribute, BirthDate, Category, Date, Distribution, Entrant, Error, Money, PlayerFacts, Prize,
    PrizeList, PrizeValue, Rule,
};
use tournament::{PlayerId, Sex};

/// A standings line: number, points, place (players the tie-breaks leave tied share it), and
/// the facts categories read.
fn entrant(id: u32, points: &str, rank: u32, facts: PlayerFacts) -> Entrant {
    Entrant {
        id: PlayerId(id),
        name: format!("P{id}"),
        points: points.parse().unwrap(),
        rank,
        facts,
    }
}

/// Entrants 1..=n from (points, rank) pairs, with no facts.
fn plain(lines: &[(&str, u32)]) -> Vec<Entrant> {
    lines
        .iter()
        .enumerate()
        .map(|(k, &(points, rank))| entrant(k as u32 + 1, points, rank, PlayerFacts::default()))
        .collect()
}

fn rated(rating: u16) -> PlayerFacts {
    PlayerFacts {
        rating: Some(rating),
        ..PlayerFacts::default()
    }
}

/// A prize list from (name, category, amount) lines; no amount is an object.
fn list(lines: &[(&str, &str, Option<&str>)]) -> PrizeList {
    PrizeList::new(
        lines
            .iter()
            .map(|&(name, category, amount)| {
                let value = match amount {
                    Some(a) => PrizeValue::Money(a.parse().unwrap()),
                    None => PrizeValue::Object,
                };
                Prize::new(name, category.parse().unwrap(), value).unwrap()
            })
            .collect(),
    )
    .unwrap()
}

/// The general prizes `amounts` named 1, 2, 3…
fn places(amounts: &[&str]) -> PrizeList {
    let names: Vec<String> = (1..=amounts.len()).map(|k| k.to_string()).collect();
    let lines: Vec<(&str, &str, Option<&str>)> = names
        .iter()
        .zip(amounts)
        .map(|(n, a)| (n.as_str(), "", Some(*a)))
        .collect();
    list(&lines)
}

/// One award as (prize index, [(player number, amount or "object")], shared into).
type Row = (usize, Vec<(u32, String)>, Option<usize>);

fn table(d: &Distribution) -> Vec<Row> {
    d.awards
        .iter()
        .map(|a| {
            let players = a
                .players
                .iter()
                .map(|s| {
                    let amount = s.amount.map_or("object".to_string(), |m| m.to_string());
                    (s.id.get(), amount)
                })
                .collect();
            (a.prize, players, a.shared_into)
        })
        .collect()
}

/// What each player receives, by player number (players with nothing left out).
fn received(d: &Distribution) -> Vec<(u32, String)> {
    let mut out: Vec<(u32, String)> = d
        .awards
        .iter()
        .flat_map(|a| &a.players)
        .map(|s| {
            let amount = s.amount.map_or("object".to_string(), |m| m.to_string());
            (s.id.get(), amount)
        })
        .collect();
    out.sort();
    out
}

fn pairs(v: &[(u32, &str)]) -> Vec<(u32, String)> {
    v.iter().map(|&(id, a)| (id, a.to_string())).collect()
}

/// The German Wikipedia's example of the Hort system ("Hort-System"): prizes 1000, 500, 350,
/// 200, 150, 100; A and B tied on 8, C alone on 7.5, D, E and F tied on 7, each group in its
/// Buchholz order. Each keeps half of their place's prize and the other halves are pooled.
#[test]
fn hort_published_example() {
    let ranking = plain(&[
        ("8", 1),
        ("8", 2),
        ("7.5", 3),
        ("7", 4),
        ("7", 5),
        ("7", 6),
        ("6", 7),
    ]);
    let prizes = places(&["1000", "500", "350", "200", "150", "100"]);
    let d = distribute(&ranking, &prizes, Rule::Hort, None).unwrap();
    // A: 500 kept + (750 / 2 shared) 375 = 875; B: 250 + 375 = 625; C: 350.
    // D, E, F: pool (200 + 150 + 100) / 2 = 225, 75 each; keep 100, 75, 50.
    assert_eq!(
        table(&d),
        vec![
            (0, pairs(&[(1, "875.00"), (2, "625.00")]), None),
            (1, vec![], Some(0)),
            (2, pairs(&[(3, "350.00")]), None),
            (
                3,
                pairs(&[(4, "175.00"), (5, "150.00"), (6, "125.00")]),
                None
            ),
            (4, vec![], Some(3)),
            (5, vec![], Some(3)),
        ]
    );
    assert_eq!(d.paid(), "2300".parse().unwrap());
}

/// Vega's manual (L. Forlano): four players tied, prizes 10,000, 8,000, 6,000, 4,000: 3,500
/// each from the shared half, plus 5,000, 4,000, 3,000, 2,000.
#[test]
fn hort_vega_manual_example() {
    let ranking = plain(&[("7", 1), ("7", 2), ("7", 3), ("7", 4)]);
    let prizes = places(&["10000", "8000", "6000", "4000"]);
    let d = distribute(&ranking, &prizes, Rule::Hort, None).unwrap();
    assert_eq!(
        received(&d),
        pairs(&[
            (1, "8500.00"),
            (2, "7500.00"),
            (3, "6500.00"),
            (4, "5500.00")
        ])
    );
}

/// The same three tied players (places 4 to 6) under each rule.
#[test]
fn three_tied_players_under_each_rule() {
    let ranking = plain(&[("8", 1), ("8", 2), ("7.5", 3), ("7", 4), ("7", 5), ("7", 6)]);
    let prizes = places(&["1000", "500", "350", "200", "150", "100"]);
    let of = |rule| received(&distribute(&ranking, &prizes, rule, None).unwrap());
    // Equal sharing: (1000 + 500) / 2 and (200 + 150 + 100) / 3.
    assert_eq!(
        of(Rule::Shared),
        pairs(&[
            (1, "750.00"),
            (2, "750.00"),
            (3, "350.00"),
            (4, "150.00"),
            (5, "150.00"),
            (6, "150.00")
        ])
    );
    // Places: the tie-breaks decide.
    assert_eq!(
        of(Rule::Places),
        pairs(&[
            (1, "1000.00"),
            (2, "500.00"),
            (3, "350.00"),
            (4, "200.00"),
            (5, "150.00"),
            (6, "100.00")
        ])
    );
    assert_eq!(
        of(Rule::Hort),
        pairs(&[
            (1, "875.00"),
            (2, "625.00"),
            (3, "350.00"),
            (4, "175.00"),
            (5, "150.00"),
            (6, "125.00")
        ])
    );
}

/// Cents that do not divide go one each to the better-placed players of the group.
#[test]
fn indivisible_cents_go_to_the_better_placed() {
    let ranking = plain(&[("5", 1), ("5", 2), ("5", 3), ("4", 4)]);
    let d = distribute(&ranking, &places(&["60", "30", "10"]), Rule::Shared, None).unwrap();
    // 100.00 / 3 = 33.333…: 33.34 to the first in the tie-break order.
    assert_eq!(
        received(&d),
        pairs(&[(1, "33.34"), (2, "33.33"), (3, "33.33")])
    );

    // Hort: halves of 100.01 and 0.02 are 50.00 (a cent left over) and 0.01; the third place
    // has no prize. Pool = 100.03 - 50.01 = 50.02, 16.68 + 16.67 + 16.67.
    let d = distribute(&ranking, &places(&["100.01", "0.02"]), Rule::Hort, None).unwrap();
    assert_eq!(
        received(&d),
        pairs(&[(1, "66.68"), (2, "16.68"), (3, "16.67")])
    );
    assert_eq!(d.paid(), "100.03".parse().unwrap());
}

/// A tied group that runs past the last prize shares the prizes it reaches; places without a
/// prize add nothing.
#[test]
fn a_tie_across_the_last_prize() {
    let ranking = plain(&[("6", 1), ("5", 2), ("5", 3), ("5", 4), ("5", 5), ("4", 6)]);
    let d = distribute(&ranking, &places(&["100", "50", "30"]), Rule::Shared, None).unwrap();
    // Places 2 to 5 share 50 + 30: 20 each.
    assert_eq!(
        table(&d),
        vec![
            (0, pairs(&[(1, "100.00")]), None),
            (
                1,
                pairs(&[(2, "20.00"), (3, "20.00"), (4, "20.00"), (5, "20.00")]),
                None
            ),
            (2, vec![], Some(1)),
        ]
    );
}

/// Under `places`, players the tie-breaks leave tied (the same rank) share their places.
#[test]
fn places_share_where_tiebreaks_are_exhausted() {
    let ranking = plain(&[("5", 1), ("5", 1), ("5", 3)]);
    let d = distribute(&ranking, &places(&["100", "51", "30"]), Rule::Places, None).unwrap();
    assert_eq!(
        received(&d),
        pairs(&[(1, "75.50"), (2, "75.50"), (3, "30.00")])
    );
    // Hort keeps the halves of such players' places together: 50 + 25.50 split, pool 75.50.
    let d = distribute(&ranking, &places(&["100", "51", "30"]), Rule::Hort, None).unwrap();
    // Kept: (50.00 + 25.50) / 2 = 37.75 each, 15.00 for the third; pool 181 - 90.50 = 90.50,
    // 30.17 + 30.17 + 30.16.
    assert_eq!(
        received(&d),
        pairs(&[(1, "67.92"), (2, "67.92"), (3, "45.16")])
    );
}

/// Player 2 wins the 2nd place prize (200) and is also the best under 1600: the category
/// prize (80) goes to the next player of the category, player 5.
#[test]
fn category_prize_passes_to_the_next_when_its_winner_takes_a_place() {
    let ranking = vec![
        entrant(1, "5", 1, rated(2100)),
        entrant(2, "4.5", 2, rated(1550)),
        entrant(3, "4", 3, rated(1900)),
        entrant(4, "3.5", 4, rated(1800)),
        entrant(5, "3", 5, rated(1400)),
        entrant(6, "2.5", 6, rated(1300)),
    ];
    let prizes = list(&[
        ("1st", "", Some("300")),
        ("2nd", "", Some("200")),
        ("3rd", "", Some("100")),
        ("Best U1600", "rating<1600", Some("80")),
    ]);
    for rule in [Rule::Places, Rule::Shared, Rule::Hort] {
        let d = distribute(&ranking, &prizes, rule, None).unwrap();
        assert_eq!(
            table(&d),
            vec![
                (0, pairs(&[(1, "300.00")]), None),
                (1, pairs(&[(2, "200.00")]), None),
                (2, pairs(&[(3, "100.00")]), None),
                (3, pairs(&[(5, "80.00")]), None),
            ],
            "{rule}"
        );
    }
}

/// The other way round: the category prize is larger, so its winner takes it and the place
/// goes to the next player of the general ranking.
#[test]
fn place_passes_to_the_next_when_its_winner_takes_a_larger_category_prize() {
    let ranking = vec![
        entrant(1, "5", 1, rated(2100)),
        entrant(2, "4", 2, rated(1900)),
        entrant(3, "3.5", 3, rated(1550)),
        entrant(4, "3", 4, rated(1800)),
        entrant(5, "2", 5, rated(1400)),
    ];
    let prizes = list(&[
        ("1st", "", Some("300")),
        ("2nd", "", Some("150")),
        ("3rd", "", Some("60")),
        ("Best U1600", "rating<1600", Some("100")),
    ]);
    let d = distribute(&ranking, &prizes, Rule::Places, None).unwrap();
    assert_eq!(
        received(&d),
        pairs(&[(1, "300.00"), (2, "150.00"), (3, "100.00"), (4, "60.00")])
    );
    // Equal amounts: the general prize.
    let prizes = list(&[
        ("1st", "", Some("300")),
        ("2nd", "", Some("150")),
        ("3rd", "", Some("100")),
        ("Best U1600", "rating<1600", Some("100")),
    ]);
    let d = distribute(&ranking, &prizes, Rule::Places, None).unwrap();
    assert_eq!(
        received(&d),
        pairs(&[(1, "300.00"), (2, "150.00"), (3, "100.00"), (5, "100.00")])
    );
}

/// Under equal sharing a tied player's share (170) is below a category prize (200): they take
/// the category prize, and the two left share the places 2 and 3.
#[test]
fn a_share_below_a_category_prize() {
    let ranking = vec![
        entrant(1, "6", 1, rated(2200)),
        entrant(2, "5", 2, rated(2000)),
        entrant(3, "5", 3, rated(1500)),
        entrant(4, "5", 4, rated(1900)),
        entrant(5, "4", 5, rated(1800)),
        entrant(6, "3", 6, rated(1450)),
    ];
    let prizes = list(&[
        ("1st", "", Some("500")),
        ("2nd", "", Some("300")),
        ("3rd", "", Some("150")),
        ("4th", "", Some("60")),
        ("Best U1600", "rating<1600", Some("200")),
    ]);
    let d = distribute(&ranking, &prizes, Rule::Shared, None).unwrap();
    // Without player 3, players 2 and 4 occupy places 2 and 3: (300 + 150) / 2; player 5 moves
    // up to the 4th place.
    assert_eq!(
        table(&d),
        vec![
            (0, pairs(&[(1, "500.00")]), None),
            (1, pairs(&[(2, "225.00"), (4, "225.00")]), None),
            (2, vec![], Some(1)),
            (3, pairs(&[(5, "60.00")]), None),
            (4, pairs(&[(3, "200.00")]), None),
        ]
    );
    // Under `places` player 3 would have the 3rd place (150) and still prefers 200.
    let d = distribute(&ranking, &prizes, Rule::Places, None).unwrap();
    assert_eq!(
        received(&d),
        pairs(&[
            (1, "500.00"),
            (2, "300.00"),
            (3, "200.00"),
            (4, "150.00"),
            (5, "60.00")
        ])
    );
}

/// Money ranks above objects; an object goes to the next player without a prize.
#[test]
fn objects_after_money() {
    let woman = |rating| PlayerFacts {
        rating: Some(rating),
        sex: Some(Sex::Female),
        ..PlayerFacts::default()
    };
    let ranking = vec![
        entrant(1, "5", 1, woman(2000)),
        entrant(2, "4", 2, rated(1900)),
        entrant(3, "3", 3, woman(1700)),
        entrant(4, "2", 4, woman(1600)),
        entrant(5, "1", 5, rated(1500)),
    ];
    let prizes = list(&[
        ("1st", "", Some("100")),
        ("2nd", "", Some("50")),
        ("Cup", "", None),
        ("Best woman", "women", None),
        ("Book", "women", None),
    ]);
    let d = distribute(&ranking, &prizes, Rule::Shared, None).unwrap();
    // The cup goes to the best player without money (3); the women's objects to the best
    // women without a prize (4, then nobody).
    assert_eq!(
        table(&d),
        vec![
            (0, pairs(&[(1, "100.00")]), None),
            (1, pairs(&[(2, "50.00")]), None),
            (2, pairs(&[(3, "object")]), None),
            (3, pairs(&[(4, "object")]), None),
            (4, vec![], None),
        ]
    );
}

/// Category prizes are in the list's order within a category, whatever the other lists hold;
/// a prize no eligible player is left for goes to nobody.
#[test]
fn category_order_and_unawarded_prizes() {
    let born = |y, m, d| PlayerFacts {
        birth: Some(BirthDate::Full(Date::new(y, m, d).unwrap())),
        ..PlayerFacts::default()
    };
    let ranking = vec![
        entrant(1, "5", 1, born(1980, 5, 1)),
        entrant(2, "4", 2, born(2015, 3, 2)),
        entrant(3, "3", 3, born(2014, 1, 1)),
        entrant(4, "2", 4, born(2016, 7, 9)),
    ];
    let prizes = list(&[
        ("1st", "", Some("100")),
        ("U12 1st", "age<12", Some("40")),
        ("U12 2nd", "age<12", Some("20")),
        ("U12 3rd", "age<12", Some("10")),
    ]);
    // Player 3 turned 12 on 1 January 2026: not under 12.
    let d = distribute(&ranking, &prizes, Rule::Places, Some(2026)).unwrap();
    assert_eq!(
        table(&d),
        vec![
            (0, pairs(&[(1, "100.00")]), None),
            (1, pairs(&[(2, "40.00")]), None),
            (2, pairs(&[(4, "20.00")]), None),
            (3, vec![], None),
        ]
    );
    assert_eq!(
        distribute(&ranking, &prizes, Rule::Places, None),
        Err(Error::NoEventYear)
    );
}

#[test]
fn a_player_listed_twice_is_refused() {
    let ranking = plain(&[("1", 1), ("1", 1)]);
    let mut twice = ranking.clone();
    twice[1].id = PlayerId(1);
    assert_eq!(
        distribute(&twice, &places(&["10"]), Rule::Shared, None),
        Err(Error::DuplicatePlayer { id: PlayerId(1) })
    );
    assert!(distribute(&ranking, &places(&["10"]), Rule::Shared, None).is_ok());
}

#[test]
fn more_prizes_than_players() {
    let ranking = plain(&[("1", 1)]);
    let d = distribute(&ranking, &places(&["10", "5"]), Rule::Hort, None).unwrap();
    assert_eq!(
        table(&d),
        vec![(0, pairs(&[(1, "10.00")]), None), (1, vec![], None)]
    );
    let nobody = distribute(&[], &places(&["10"]), Rule::Shared, None).unwrap();
    assert_eq!(nobody.paid(), Money::ZERO);
    let _ = Category::default();
}

/// A large field all tied on points: every player shares the general places, and the
/// categories' prizes go to the best of each category, whose share is smaller.
#[test]
fn a_large_tie() {
    let ranking: Vec<Entrant> = (1..=3000)
        .map(|k| entrant(k, "3", k, rated(1000 + (k % 1000) as u16)))
        .collect();
    let prizes = list(&[
        ("1st", "", Some("500")),
        ("2nd", "", Some("300")),
        ("3rd", "", Some("200")),
        ("Best U1500", "rating<1500", Some("50")),
        ("Best U1200", "rating<1200", Some("40")),
    ]);
    let d = distribute(&ranking, &prizes, Rule::Shared, None).unwrap();
    // 1000.00 among the 2998 left: 0.33 each and 1.66 spare cents for the first 1066 players.
    let general = &d.awards[0].players;
    assert_eq!(general.len(), 2998);
    assert_eq!(general[0].amount, Some("0.34".parse().unwrap()));
    assert_eq!(general[2997].amount, Some("0.33".parse().unwrap()));
    assert_eq!(d.awards[3].players[0].id, PlayerId(1));
    assert_eq!(d.awards[4].players[0].id, PlayerId(2));
    assert_eq!(d.paid(), "1090".parse().unwrap());
}
