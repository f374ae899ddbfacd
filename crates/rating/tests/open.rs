//! A 10-round open of our own, worked by hand: 12 players, foreign GMs and IMs and French
//! candidates, every pair meeting at most once (the first ten rounds of a 12-player round-robin
//! schedule, played as a Swiss: pairings not predetermined). Host federation FRA.
//!
//! | No | Title | Name (fed)   | Rating | Misses |
//! |----|-------|--------------|--------|--------|
//! | 1  | GM    | GER          | 2580   | 10     |
//! | 2  | GM    | ITA          | 2560   | 9      |
//! | 3  | GM    | ESP          | 2540   | 8      |
//! | 4  | GM    | NED          | 2520   | 7      |
//! | 5  | IM    | CZE          | 2470   | 6      |
//! | 6  | IM    | FRA          | 2450   | 5      |
//! | 7  | IM    | ENG          | 2430   | 4      |
//! | 8  | FM    | FRA          | 2400   | 3      |
//! | 9  | FM    | FRA          | 2380   | 2      |
//! | 10 | –     | FRA          | 2350   | 1      |
//! | 11 | WIM   | FRA (woman)  | 2300   | 12     |
//! | 12 | –     | FRA          | 2250   | 11     |

use rating::{norms, NormSettings, NormStatus, NormTitle, RatingHistory, Shortfall};
use tournament::{Sex, Title};

use crate::support::{player, Event};

/// Player `a`'s result against `b`: the players 1-7 draw among themselves; the rest as listed.
fn result(a: u32, b: u32) -> &'static str {
    const DECISIVE: [(u32, u32); 21] = [
        (1, 11),
        (1, 12),
        (2, 10),
        (2, 12),
        (3, 10),
        (3, 12),
        (4, 9),
        (4, 12),
        (8, 5),
        (5, 12),
        (8, 6),
        (6, 10),
        (6, 12),
        (9, 7),
        (11, 7),
        (8, 9),
        (8, 11),
        (8, 12),
        (9, 10),
        (9, 12),
        (10, 12),
    ];
    if DECISIVE.contains(&(a, b)) {
        "1"
    } else if DECISIVE.contains(&(b, a)) {
        "0"
    } else {
        "="
    }
}

fn open() -> Event {
    use Title::*;
    let mut players = vec![
        player(1, 2580, "GER", Some(GM)),
        player(2, 2560, "ITA", Some(GM)),
        player(3, 2540, "ESP", Some(GM)),
        player(4, 2520, "NED", Some(GM)),
        player(5, 2470, "CZE", Some(IM)),
        player(6, 2450, "FRA", Some(IM)),
        player(7, 2430, "ENG", Some(IM)),
        player(8, 2400, "FRA", Some(FM)),
        player(9, 2380, "FRA", Some(FM)),
        player(10, 2350, "FRA", None),
        player(11, 2300, "FRA", Some(WIM)),
        player(12, 2250, "FRA", None),
    ];
    players[10].sex = Some(Sex::Female);
    let mut e = Event::new(players, "2026/07/10").planned(10);
    // Circle method on indices 0-10 with 11 fixed: in round r, r meets 11 and i meets j when
    // i + j ≡ 2r (mod 11).
    for r in 0..10u32 {
        let mut games = vec![(r + 1, 12, result(r + 1, 12))];
        for i in 0..11u32 {
            let j = (2 * r + 22 - i) % 11;
            if i < j {
                games.push((i + 1, j + 1, result(i + 1, j + 1)));
            }
        }
        e = e.round(&games);
    }
    e
}

fn statuses(through: u32) -> Vec<Vec<(NormTitle, NormStatus)>> {
    let e = open();
    let settings = NormSettings {
        host_federation: Some("FRA".into()),
        ..NormSettings::default()
    };
    norms(&e.t, &settings, &RatingHistory::default(), through)
        .into_iter()
        .map(|p| p.norms)
        .collect()
}

fn perf(performance: i32, required: i32) -> Shortfall {
    Shortfall::Performance {
        performance,
        required,
    }
}

const GM_TITLES: Shortfall = Shortfall::NormTitles {
    count: 3,
    required: 4,
};

#[test]
fn the_schedule_gives_each_player_the_scores_worked_by_hand() {
    let e = open();
    let scores: Vec<String> =
        e.t.players
            .iter()
            .map(|p| p.score(&e.t.point_system).to_string())
            .collect();
    // 1: 6 draws + 2 wins (11, 12) + draws with 8, 9 = 6.0; … as listed in each test below.
    assert_eq!(
        scores,
        ["6.0", "6.0", "6.0", "6.0", "5.0", "5.5", "4.0", "7.5", "5.5", "3.5", "4.5", "0.5"]
    );
}

#[test]
fn norms_after_the_last_round_equal_the_hand_computation() {
    let s = statuses(10);
    // The GMs want no norm.
    for gm in &s[0..4] {
        assert!(gm.is_empty());
    }
    // IMs want the GM norm only.
    // 5 (CZE): opponents 1-4, 7-12, Σ 24310, Ra 2431; 5/10 = 50 %, dp 0: Rp 2431.
    assert_eq!(
        s[4],
        vec![(
            NormTitle::GM,
            NormStatus::NotPossible(vec![perf(2431, 2600)])
        )]
    );
    // 6 (FRA): the same opponents, Ra 2431; 5.5/10 = 55 %, dp 36: Rp 2467.
    assert_eq!(
        s[5],
        vec![(
            NormTitle::GM,
            NormStatus::NotPossible(vec![perf(2467, 2600)])
        )]
    );
    // 7 (ENG): without 4, three GMs < ⌈10/3⌉ = 4; Σ 24280, Ra 2428; 4/10 = 40 %, dp -72: 2356.
    assert_eq!(
        s[6],
        vec![(
            NormTitle::GM,
            NormStatus::NotPossible(vec![GM_TITLES, perf(2356, 2600)])
        )]
    );

    // 8 (FRA, FM): all but 3; Σ 24290, Ra 2429; 7.5/10 = 75 %, dp 193: Rp 2622.
    // IM: needs dp ≥ 21 (53 %): 5.5/10 (55 %) is the requirement, 7.5 is 2 points more: two
    // extra games (1.4.1d), 12 games for the application.
    let (_, im) = &s[7][1];
    let NormStatus::Achieved(im) = im else {
        panic!("IM norm expected for 8, found {im:?}")
    };
    assert_eq!(
        (im.evaluation.average, im.evaluation.performance),
        (2429, 2622)
    );
    assert_eq!(
        (im.extra_games, im.norm_games, im.made_after_round),
        (2, 12, 10)
    );
    assert!(im.left_out.is_empty());
    // GM: three GMs (1, 2, 4) < 4 over ten games; rounds 1-9 leave out 1 (round 10): two
    // GMs. Leaving out one win (1.4.1f), nine games, 6.5/9 = 72 %, dp 166, three GMs ≥ 3:
    // without 5 (round 1) Σ 21820, Ra 2424, Rp 2590, short; without 9 (round 3) Σ 21910,
    // Ra 2434.4 → 2434, Rp 2600: the norm, of 9 games (6.5 is also the requirement).
    let (_, gm) = &s[7][0];
    let NormStatus::Achieved(gm) = gm else {
        panic!("GM norm expected for 8, found {gm:?}")
    };
    assert_eq!(gm.left_out, vec![3]);
    assert_eq!(
        (gm.evaluation.average, gm.evaluation.performance),
        (2434, 2600)
    );
    assert_eq!((gm.extra_games, gm.norm_games), (0, 9));

    // 9 (FRA, FM): all but 2; Σ 24290, Ra 2429; 5.5/10 = 55 %, dp 36: Rp 2465 ≥ 2450, an IM
    // norm of exactly the requirement (5/10 gives 2429): 10 games.
    let (_, im) = &s[8][1];
    let NormStatus::Achieved(im) = im else {
        panic!("IM norm expected for 9, found {im:?}")
    };
    assert_eq!(
        (
            im.evaluation.average,
            im.evaluation.performance,
            im.norm_games
        ),
        (2429, 2465, 10)
    );
    // GM: three GMs (1, 3, 4), Rp 2465.
    assert_eq!(
        s[8][0],
        (
            NormTitle::GM,
            NormStatus::NotPossible(vec![GM_TITLES, perf(2465, 2600)])
        )
    );

    // 10 (FRA): all but 1; Σ 24300, Ra 2430; 3.5/10 = 35 %, dp -110: Rp 2320.
    assert_eq!(
        s[9],
        vec![
            (
                NormTitle::GM,
                NormStatus::NotPossible(vec![GM_TITLES, perf(2320, 2600)])
            ),
            (
                NormTitle::IM,
                NormStatus::NotPossible(vec![perf(2320, 2450)])
            ),
        ]
    );

    // 11 (FRA, WIM, a woman): all but 12; Σ 24680, Ra 2468; 4.5/10 = 45 %, dp -36: Rp 2432.
    // WGM: ≥ 2400 on Ra ≥ 2180, seven GMs and IMs: the norm (4/10 gives 2396), 10 games.
    assert_eq!(s[10].len(), 3);
    assert_eq!(
        s[10][0],
        (
            NormTitle::GM,
            NormStatus::NotPossible(vec![perf(2432, 2600)])
        )
    );
    assert_eq!(
        s[10][1],
        (
            NormTitle::IM,
            NormStatus::NotPossible(vec![perf(2432, 2450)])
        )
    );
    let (title, wgm) = &s[10][2];
    assert_eq!(*title, NormTitle::WGM);
    let NormStatus::Achieved(wgm) = wgm else {
        panic!("WGM norm expected for 11, found {wgm:?}")
    };
    assert_eq!(
        (
            wgm.evaluation.average,
            wgm.evaluation.performance,
            wgm.norm_games
        ),
        (2468, 2432, 10)
    );

    // 12 (FRA): all but 11; Ra 2468; 0.5/10 = 5 %, dp -470: Rp 1998, below 35 %.
    let score = Shortfall::Score { percent: 5 };
    assert_eq!(
        s[11],
        vec![
            (
                NormTitle::GM,
                NormStatus::NotPossible(vec![perf(1998, 2600), score.clone()])
            ),
            (
                NormTitle::IM,
                NormStatus::NotPossible(vec![perf(1998, 2450), score])
            ),
        ]
    );
}

#[test]
fn one_players_norms_are_those_of_the_whole_list() {
    let e = open();
    let settings = NormSettings {
        host_federation: Some("FRA".into()),
        ..NormSettings::default()
    };
    let all = norms(&e.t, &settings, &RatingHistory::default(), 10);
    for p in &e.t.players {
        let one = rating::player_norms(&e.t, &settings, &RatingHistory::default(), 10, p.id);
        assert_eq!(one.as_ref(), all.iter().find(|n| n.player == p.id));
    }
    let nobody = tournament::PlayerId(99);
    assert_eq!(
        rating::player_norms(&e.t, &settings, &RatingHistory::default(), 10, nobody),
        None
    );
}

#[test]
fn norm_in_reach_for_9_after_round_8() {
    // 9 met 4 (L), 6 (½), 8 (L), 10 (W), 1 (½), 3 (½), 5 (½), 7 (W): 4/8 on
    // Σ 19740, Ra 2467.5 → 2468 (.5 up, 1.4.7).
    let s = statuses(8);
    // IM: over 10 games on 2468, dp ≥ -18 needs 50 % (5/10): one more point in two rounds.
    match &s[8][1].1 {
        NormStatus::InReach {
            rounds_left,
            halves_needed,
            on_average,
            future_average,
            ..
        } => assert_eq!(
            (*rounds_left, *halves_needed, *on_average, *future_average),
            (2, 2, 2468, None)
        ),
        other => panic!("IM norm in reach expected, found {other:?}"),
    }
    // GM: dp ≥ 132 needs 7/10 (70 %); 4 + 2 = 6/10 at most (60 %, dp 72: 2540).
    assert_eq!(s[8][0].1, NormStatus::NotPossible(vec![perf(2540, 2600)]));
}
