//! B.02 8.2 and 8.3 against hand computations from FIDE's tables (8.1.1, 8.1.2), one per K and
//! per unrated case. The articles' text as in force from 1 March 2024 (8.3.1 amended on
//! 1 October 2025) is quoted in the crate's README.

use rating::{
    event_ratings, initial_rating, k_factor, rating_change, KBasis, KFactor, KReason, RatedGame,
    RatingHistory,
};
use tournament::{GameResult, PlayerId};

use crate::support::{player, Event};

fn game(own: Option<u16>, opponent: u16, result: GameResult) -> RatedGame {
    RatedGame {
        round: 1,
        opponent: PlayerId(99),
        own_rating: own,
        opponent_rating: opponent,
        result,
    }
}

use GameResult::{Draw, Loss, Win};

const ESTABLISHED: KBasis = KBasis {
    games_before: Some(120),
    reached_2400: false,
    birth_year: Some(1980),
    given: None,
};

#[test]
fn k20_established_player_with_the_400_point_rule() {
    // A 2000 player, 120 games before, born 1980: K = 20 (8.3.3).
    let (k, why) = k_factor(2000, &ESTABLISHED, Some(2026), 5);
    assert_eq!((k, why), (KFactor::TWENTY, KReason::Established));
    let own = Some(2000);
    let games = [
        game(own, 2100, Win),  // D = -100: PD 0.36, ΔR +0.64
        game(own, 1900, Draw), // D = +100: PD 0.64, ΔR -0.14
        game(own, 2000, Loss), // D = 0:    PD 0.50, ΔR -0.50
        game(own, 2450, Draw), // D = -450 counted -400: PD 0.08, ΔR +0.42
        game(own, 1500, Win),  // D = +500 counted +400: PD 0.92, ΔR +0.08
    ];
    // ΣΔR = 0.64 - 0.14 - 0.50 + 0.42 + 0.08 = +0.50; × 20 = +10.00.
    let change = rating_change(k, &games);
    assert_eq!(change.hundredths(), 1000);
    assert_eq!(change.to_string(), "+10.00");
    assert_eq!(change.rounded(), 10);
}

#[test]
fn k10_once_2400_was_reached_even_below_it_now() {
    let basis = KBasis {
        reached_2400: true,
        ..ESTABLISHED
    };
    let (k, why) = k_factor(2380, &basis, Some(2026), 2);
    assert_eq!((k, why), (KFactor::TEN, KReason::Reached2400));
    // A 2410 player is K 10 from the rating alone.
    assert_eq!(k_factor(2410, &ESTABLISHED, Some(2026), 2).0, KFactor::TEN);
    let own = Some(2380);
    let games = [
        game(own, 2500, Loss), // D = -120: PD 0.34, ΔR -0.34
        game(own, 2300, Win),  // D = +80:  PD 0.61, ΔR +0.39
    ];
    // ΣΔR = +0.05; × 10 = +0.50, rounded away from zero to +1 (8.3.4).
    let change = rating_change(k, &games);
    assert_eq!(change.to_string(), "+0.50");
    assert_eq!(change.rounded(), 1);
}

#[test]
fn players_rated_2650_and_above_count_the_whole_difference_since_october_2025() {
    let k = KFactor::TEN;
    // 2700 draws with 1800: D = 900, PD 1.00, ΔR -0.50, × 10 = -5.00.
    assert_eq!(
        rating_change(k, &[game(Some(2700), 1800, Draw)]).to_string(),
        "-5.00"
    );
    // 2649 draws with 1800: D = 849 counted 400, PD 0.92, ΔR -0.42, × 10 = -4.20.
    assert_eq!(
        rating_change(k, &[game(Some(2649), 1800, Draw)]).to_string(),
        "-4.20"
    );
    // 2700 beats 2300: D = 400, PD 0.92, ΔR +0.08 = +0.80.
    assert_eq!(
        rating_change(k, &[game(Some(2700), 2300, Win)]).to_string(),
        "+0.80"
    );
    // The 1800 side of the first game is below 2650: its gap counts as 400, PD 0.08,
    // ΔR +0.42, × 20 = +8.40 (the two changes no longer cancel).
    assert_eq!(
        rating_change(KFactor::TWENTY, &[game(Some(1800), 2700, Draw)]).to_string(),
        "+8.40"
    );
}

#[test]
fn k40_for_a_player_new_to_the_list() {
    let basis = KBasis {
        games_before: Some(12),
        ..ESTABLISHED
    };
    let (k, why) = k_factor(1650, &basis, Some(2026), 2);
    assert_eq!((k, why), (KFactor::FORTY, KReason::NewPlayer));
    let own = Some(1650);
    let games = [
        game(own, 1700, Win),  // D = -50: PD 0.43, ΔR +0.57
        game(own, 1600, Draw), // D = +50: PD 0.57, ΔR -0.07
    ];
    // ΣΔR = +0.50; × 40 = +20.00.
    assert_eq!(rating_change(k, &games).to_string(), "+20.00");
    // At 30 games the player is established.
    let thirty = KBasis {
        games_before: Some(30),
        ..ESTABLISHED
    };
    assert_eq!(k_factor(1650, &thirty, Some(2026), 2).0, KFactor::TWENTY);
}

#[test]
fn k40_until_the_end_of_the_year_of_the_18th_birthday_while_under_2300() {
    let born = |y| KBasis {
        birth_year: Some(y),
        ..ESTABLISHED
    };
    // Born 2008: turns 18 in 2026, K 40 through 2026.
    assert_eq!(
        k_factor(1800, &born(2008), Some(2026), 9),
        (KFactor::FORTY, KReason::Junior)
    );
    // Born 2007: turned 18 in 2025, K 20 in 2026.
    assert_eq!(
        k_factor(1800, &born(2007), Some(2026), 9).0,
        KFactor::TWENTY
    );
    // Rated 2300 or more: K 20 even when young.
    assert_eq!(
        k_factor(2300, &born(2012), Some(2026), 9).0,
        KFactor::TWENTY
    );
    // 1800 junior loses to 1900: D = -100, PD 0.36, ΔR -0.36, × 40 = -14.40.
    assert_eq!(
        rating_change(KFactor::FORTY, &[game(Some(1800), 1900, Loss)]).to_string(),
        "-14.40"
    );
}

#[test]
fn k_times_games_stays_within_700() {
    // 18 games at K 40 would be 720: K = 38 (38 × 18 = 684, 39 × 18 = 702).
    let new = KBasis {
        games_before: Some(0),
        ..ESTABLISHED
    };
    assert_eq!(k_factor(1600, &new, Some(2026), 18).0.get(), 38);
    // 17 games at K 40 is 680: unchanged.
    assert_eq!(k_factor(1600, &new, Some(2026), 17).0.get(), 40);
    // 36 games at K 20 would be 720: K = 19.
    assert_eq!(k_factor(2000, &ESTABLISHED, Some(2026), 36).0.get(), 19);
}

#[test]
fn a_k_given_by_the_list_wins_and_an_unknown_history_is_said() {
    let given = KBasis {
        given: KFactor::new(40),
        ..KBasis::default()
    };
    assert_eq!(
        k_factor(2100, &given, Some(2026), 9),
        (KFactor::FORTY, KReason::Given)
    );
    assert_eq!(KFactor::new(0), None);
    assert_eq!(KFactor::new(41), None);
    assert_eq!(
        k_factor(2100, &KBasis::default(), Some(2026), 9),
        (KFactor::TWENTY, KReason::AssumedEstablished)
    );
}

#[test]
fn initial_rating_with_the_two_hypothetical_1800_draws() {
    let games = [
        game(None, 2000, Win),
        game(None, 1900, Loss),
        game(None, 1700, Draw),
        game(None, 1600, Win),
        game(None, 1500, Draw),
    ];
    // Ra = (2000+1900+1700+1600+1500 + 2×1800) / 7 = 12300 / 7 = 1757.14;
    // p = (3 + 1) / 7 = 57.14 % → 57 %, dp = +50; Ru = 1807.14 → 1807.
    let r = initial_rating(&games).unwrap();
    assert_eq!(r.rating, 1807);
    assert_eq!((r.games, r.halves, r.average, r.dp), (5, 6, 1757, 50));
    assert!(!r.capped && r.has_enough_games() && r.above_floor());
}

#[test]
fn initial_rating_is_at_most_2200() {
    let games = [game(None, 2300, Win); 5];
    // Ra = (5×2300 + 3600) / 7 = 2157.14; p = 6/7 = 85.71 % → 86 %, dp = +309;
    // Ru = 2466.14 → 2466, brought down to 2200.
    let r = initial_rating(&games).unwrap();
    assert_eq!((r.rating, r.dp, r.capped), (2200, 309, true));
}

#[test]
fn initial_rating_below_the_floor_or_on_too_few_games() {
    let mut games = vec![game(None, 1450, Loss); 4];
    games.push(game(None, 1450, Draw));
    // Ra = (5×1450 + 3600) / 7 = 1550; p = 1.5/7 = 21.43 % → 21 %, dp = -230; Ru = 1320.
    let r = initial_rating(&games).unwrap();
    assert_eq!(r.rating, 1320);
    assert!(!r.above_floor());
    // Three games: a rating is computed but five are needed.
    let r = initial_rating(&[game(None, 1900, Win); 3]).unwrap();
    // Ra = (5700 + 3600) / 5 = 1860; p = 4/5 = 80 %, dp = +240; Ru = 2100.
    assert_eq!(r.rating, 2100);
    assert!(!r.has_enough_games());
}

#[test]
fn no_initial_rating_for_a_zero_score() {
    assert_eq!(initial_rating(&[game(None, 1600, Loss); 6]), None);
    assert_eq!(initial_rating(&[]), None);
}

#[test]
fn an_event_rates_played_games_against_rated_opponents_only() {
    // 1: 2000, born 1980; 2: 2100; 3: unrated; 4: 1900.
    // Round 1: 1-2 1-0. Round 2: 3-1 ½ (unrated opponent: not rated for 1; rated for 3's
    // initial rating). Round 3: 1-4 won by forfeit (not rated). Round 4: 3-4 1-0.
    let mut p1 = player(1, 2000, "FRA", None);
    p1.birth_date = Some("1980/01/01".into());
    let t = Event::new(
        vec![
            p1,
            player(2, 2100, "FRA", None),
            player(3, 0, "FRA", None),
            player(4, 1900, "FRA", None),
        ],
        "2026/03/01",
    )
    .round(&[(1, 2, "1")])
    .round(&[(3, 1, "=")])
    .round(&[(1, 4, "+")])
    .round(&[(3, 4, "1")])
    .t;
    let r = event_ratings(&t, &RatingHistory::default(), 4, KBasis::of);
    // Player 1: only the game against 2 counts. D = -100, PD 0.36, ΔR +0.64; K 20 (assumed,
    // the file does not say the number of earlier games) → +12.80.
    assert_eq!(r[0].rated_games.len(), 1);
    assert_eq!(r[0].k, Some((KFactor::TWENTY, KReason::AssumedEstablished)));
    assert_eq!(r[0].change.unwrap().to_string(), "+12.80");
    // Player 2: D = +100, PD 0.64, ΔR -0.64 → -12.80.
    assert_eq!(r[1].change.unwrap().to_string(), "-12.80");
    // Player 3 (unrated): ½ against 2000, 1 against 1900.
    // Ra = (2000 + 1900 + 3600) / 4 = 1875; p = (1.5 + 1) / 4 = 62.5 % → 63 %, dp = +95;
    // Ru = 1970.
    assert_eq!(r[2].change, None);
    assert_eq!(r[2].initial.unwrap().rating, 1970);
    // Player 4 lost to an unrated player: nothing rated.
    assert_eq!(r[3].change, None);
    assert!(r[3].rated_games.is_empty());
}
