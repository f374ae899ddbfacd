//! Issue 36 §3: an event over two rating periods. Every FIDE list loaded is kept with its month;
//! the rounds fall into periods by their dates; rating changes and norms read each game at the
//! ratings and titles of its month's list.

use rating::{NormSettings, NormStatus, NormTitle, Shortfall};
use store::import::FideEntry;
use store::{EventSettings, NewPlayer, RatingChangeCell, RatingPeriod, ResultCode, Store, System};
use tournament::{PlayerId, Title};

const ACTOR: &str = "arbiter";

fn entry(name: &str, fide_id: u64, rating: u16, title: &str) -> FideEntry {
    FideEntry {
        player: NewPlayer {
            name: name.parse().unwrap(),
            fide_id: Some(fide_id),
            rating: Some(rating),
            title: title.to_string(),
            federation: "FRA".to_string(),
            ..NewPlayer::default()
        },
        inactive: false,
    }
}

/// November's list: Alpha, Bravo and Charlie 2000, Delta 1800. December's: Bravo 2100 and IM,
/// the others unchanged.
fn lists() -> (Vec<FideEntry>, Vec<FideEntry>) {
    let november = vec![
        entry("Alpha, Ann", 1001, 2000, ""),
        entry("Bravo, Ben", 1002, 2000, ""),
        entry("Charlie, Cy", 1003, 2000, ""),
        entry("Delta, Di", 1004, 1800, ""),
    ];
    let mut december = november.clone();
    december[1] = entry("Bravo, Ben", 1002, 2100, "IM");
    (november, december)
}

/// A four-player round robin registered from November's list, round 1 on 30 November, rounds
/// 2 and 3 in December. Berger's table: 1 A–D, B–C; 2 D–C, A–B; 3 B–D, C–A. Results: A–D ½,
/// B–C 1-0, D–C ½, A–B 1-0, B–D 1-0, C–A ½.
fn two_month_event(store: &Store) -> i64 {
    let mut settings = EventSettings::new("Fermé de décembre".parse().unwrap(), 3);
    settings.system = System::RoundRobin;
    settings.tiebreaks = String::new();
    settings.rating_change_column = true;
    settings.start_date = "2026-11-30".into();
    let event = store.create_event(ACTOR, &settings).unwrap();
    let (november, _) = lists();
    let players: Vec<NewPlayer> = november.iter().map(|e| e.player.clone()).collect();
    store.add_players(ACTOR, event, &players).unwrap();
    let starts = [
        (1, Some("2026-11-30 14:00".parse().unwrap())),
        (2, Some("2026-12-01 14:00".parse().unwrap())),
        (3, Some("2026-12-02".parse().unwrap())),
    ];
    store.set_round_starts(ACTOR, event, &starts, None).unwrap();
    let name_of = |key| {
        store
            .players(event)
            .unwrap()
            .into_iter()
            .find(|p| p.id == key)
            .unwrap()
            .details
            .name
            .to_string()
    };
    let expected = [
        [
            ("Alpha", "Delta", ResultCode::Draw),
            ("Bravo", "Charlie", ResultCode::WhiteWins),
        ],
        [
            ("Delta", "Charlie", ResultCode::Draw),
            ("Alpha", "Bravo", ResultCode::WhiteWins),
        ],
        [
            ("Bravo", "Delta", ResultCode::WhiteWins),
            ("Charlie", "Alpha", ResultCode::Draw),
        ],
    ];
    for (round, boards) in (1..=3).zip(expected) {
        let r = store.pair_round(ACTOR, event, round).unwrap();
        for g in &r.games {
            let (white, black) = (name_of(g.white), name_of(g.black.unwrap()));
            let (_, _, result) = boards
                .iter()
                .find(|(w, b, _)| white.starts_with(w) && black.starts_with(b))
                .unwrap_or_else(|| panic!("round {round}: {white} – {black} not in the table"));
            store
                .set_result(ACTOR, event, round, g.board, Some(*result))
                .unwrap();
        }
    }
    event
}

fn period(s: &str) -> RatingPeriod {
    s.parse().unwrap()
}

#[test]
fn every_list_is_kept_by_its_month_and_the_newest_is_searched() {
    let store = Store::open_in_memory().unwrap();
    let (november, december) = lists();
    // December first, then November's loaded late: the search keeps December's.
    store
        .load_rating_list_of("standard_dec26frl.txt", period("2026-12"), &december)
        .unwrap();
    store
        .load_rating_list("standard_nov26frl.txt", &november)
        .unwrap();
    let kept: Vec<String> = store
        .rating_list_periods()
        .unwrap()
        .iter()
        .map(|l| format!("{} {} {}", l.period, l.file_name, l.players))
        .collect();
    assert_eq!(
        kept,
        [
            "2026-11 standard_nov26frl.txt 4",
            "2026-12 standard_dec26frl.txt 4"
        ]
    );
    let bravo = store.search_rating_list("1002").unwrap();
    assert_eq!(bravo[0].player.rating, Some(2100));
    assert_eq!(
        store.rating_list_source().unwrap().unwrap().file_name,
        "standard_dec26frl.txt"
    );
    // Loading a month again replaces that month's list.
    store
        .load_rating_list_of("again.txt", period("2026-11"), &november[..1])
        .unwrap();
    assert_eq!(store.rating_list_periods().unwrap()[0].players, 1);
}

#[test]
fn a_month_is_read_from_dates_and_fide_file_names() {
    assert_eq!(
        RatingPeriod::of_date("2026-12-01 14:00"),
        Some(period("2026-12"))
    );
    assert_eq!(RatingPeriod::of_date("1er décembre"), None);
    assert_eq!(
        RatingPeriod::from_file_name("STANDARD_NOV26FRL_XML.zip"),
        Some(period("2026-11"))
    );
    assert_eq!(RatingPeriod::from_file_name("players_list_foa.txt"), None);
    assert_eq!(RatingPeriod::from_file_name("novice12.txt"), None);
    for bad in ["2026-13", "2026-1", "26-12", "2026/12", ""] {
        assert!(bad.parse::<RatingPeriod>().is_err(), "{bad}");
    }
}

/// K 20 for everyone (no birth date, no earlier games known, all under 2400); expected scores
/// from B.02 8.1.2's table (a difference of 0: .50, 100: .64, 200: .76, 300: .85). Round 1 in
/// November's period, rounds 2 and 3 in December's, where Bravo is 2100:
/// - Alpha: D ½ (2000 v 1800, .76: −.26), B 1 (2000 v 2100, .36: +.64), C ½ (.50: 0): +.38 ×
///   20 = +7.60 (on November's list alone B would be 2000, .50: +.50, total +.24, +4.80).
/// - Bravo: C 1 (2000 v 2000, .50: +.50), A 0 (now 2100 v 2000, .64: −.64), D 1 (2100 v 1800,
///   .85: +.15): +.01 × 20 = +0.20 (November's alone: +.50 −.50 +.24 = +.24, +4.80).
/// - Charlie: B 0 (.50: −.50), D ½ (2000 v 1800, .76: −.26), A ½ (0): −.76 × 20 = −15.20.
/// - Delta: A ½ (1800 v 2000, .24: +.26), C ½ (+.26), B 0 (1800 v 2100, .15: −.15): +.37 × 20
///   = +7.40.
#[test]
fn rating_changes_and_norms_read_each_round_at_its_months_list() {
    let store = Store::open_in_memory().unwrap();
    let (november, december) = lists();
    let event = two_month_event(&store);
    let number = |name: &str| {
        store
            .players(event)
            .unwrap()
            .iter()
            .find(|p| p.details.name.to_string().starts_with(name))
            .unwrap()
            .number
    };
    let change = |name: &str| {
        let s = store.standings(event, None).unwrap();
        s.rows
            .iter()
            .find(|r| r.player.number == number(name))
            .unwrap()
            .rating_change
    };
    // No list kept: one period's ratings, those registered (November's).
    assert_eq!(change("Alpha"), Some(RatingChangeCell::Change(480)));
    assert_eq!(change("Bravo"), Some(RatingChangeCell::Change(480)));
    let periods = store.rating_periods(event).unwrap();
    let spans: Vec<(u32, u32, Option<RatingPeriod>, bool)> = periods
        .periods
        .iter()
        .map(|p| (p.first_round, p.last_round, p.period, p.list.is_some()))
        .collect();
    assert_eq!(
        spans,
        [
            (1, 1, Some(period("2026-11")), false),
            (2, 3, Some(period("2026-12")), false)
        ]
    );

    store
        .load_rating_list_of("standard_nov26frl.txt", period("2026-11"), &november)
        .unwrap();
    store
        .load_rating_list_of("standard_dec26frl.txt", period("2026-12"), &december)
        .unwrap();
    let periods = store.rating_periods(event).unwrap();
    assert_eq!(
        periods.periods[1].list.as_ref().unwrap().file_name,
        "standard_dec26frl.txt"
    );
    assert_eq!(periods.history.period_starts(), [2]);
    for (name, hundredths) in [
        ("Alpha", 760),
        ("Bravo", 20),
        ("Charlie", -1520),
        ("Delta", 740),
    ] {
        assert_eq!(
            change(name),
            Some(RatingChangeCell::Change(hundredths)),
            "{name}"
        );
    }

    // Norms: Alpha met Bravo in round 2, an IM rated 2100 by then.
    let (t, round) = store.rated_tournament(event).unwrap();
    assert_eq!(round, 3);
    let alpha = t.player(PlayerId(number("Alpha"))).unwrap();
    let games = rating::norms::norm_games(&t, alpha, 3, &periods.history, true);
    let seen: Vec<(u32, Option<u16>, Option<Title>)> =
        games.iter().map(|g| (g.round, g.rating, g.title)).collect();
    assert_eq!(
        seen,
        [
            (1, Some(1800), None),
            (2, Some(2100), Some(Title::IM)),
            (3, Some(2000), None)
        ]
    );
    // The IM norm's 1.4.5a count: one titled opponent with the periods, none without.
    let settings = NormSettings {
        predetermined: true,
        rounds: Some(3),
        ..NormSettings::default()
    };
    let titled = |history: &rating::RatingHistory| {
        let all = rating::norms(&t, &settings, history, 3);
        let alpha = all
            .iter()
            .find(|n| n.player == PlayerId(number("Alpha")))
            .unwrap();
        let (_, status) = alpha
            .norms
            .iter()
            .find(|(n, _)| *n == NormTitle::IM)
            .unwrap();
        match status {
            NormStatus::NotPossible(why) => why.iter().find_map(|s| match s {
                Shortfall::Titleholders { count, .. } => Some(*count),
                _ => None,
            }),
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(titled(&periods.history), Some(1));
    assert_eq!(titled(&rating::RatingHistory::default()), Some(0));

    // The rating report by period: November's file carries Bravo as registered (2000, no
    // title), December's as December's list has him (2100, IM).
    let bravo = |month: &str| {
        let trf = store
            .export_trf_period(event, tournament::trf::Format::Trf26, period(month))
            .unwrap();
        let line = trf
            .lines()
            .find(|l| l.starts_with("001") && l.contains("Bravo"))
            .unwrap()
            .to_string();
        (line[10..13].trim().to_string(), line[48..52].to_string())
    };
    assert_eq!(bravo("2026-11"), (String::new(), "2000".to_string()));
    assert_eq!(bravo("2026-12"), ("IM".to_string(), "2100".to_string()));
}
