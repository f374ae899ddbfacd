//! The follow-up DWZ (DSB Wertungsordnung 3.3, 3.5.2, annex 1.2) against hand computations.
//!
//! erf(0.25) = 0.276326 and erf(0.5) = 0.520500 (tables), so P(±100) = ½(1 ± 0.276326) =
//! 0.638163 / 0.361837 and P(±200) = ½(1 ± 0.520500) = 0.760250 / 0.239750.

use rating::dwz::{coefficient, expected, follow_up, AgeClass, DwzGame, DwzPlayer};
use tournament::GameResult::{self, Draw, Loss, Win};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 0.000_001
}

fn games(list: &[(u16, GameResult)]) -> Vec<DwzGame> {
    list.iter()
        .map(|&(opponent, result)| DwzGame { opponent, result })
        .collect()
}

#[test]
fn expected_scores_are_the_normal_distribution_of_200_root_2() {
    assert!(close(expected(0), 0.5));
    assert!(close(expected(100), 0.638_163), "{}", expected(100));
    assert!(close(expected(-100), 0.361_837), "{}", expected(-100));
    assert!(close(expected(200), 0.760_250), "{}", expected(200));
    assert!(close(expected(-200) + expected(200), 1.0));
}

/// The six results of one game between two players of 20 or less, DWZ 1000 and 1200, as a
/// club's page on the DWZ tabulates them (sktroisdorf.de, 2018): 1101 / 1132 when the 1000
/// wins, 1035 / 1177 on a draw, 985 / 1232 when the 1200 wins.
///
/// 1000: We = 0.239750, E0 = 1 + 5 = 6.
/// - win (W ≥ We): fB = 1000/2000 = 0.5, E = 3 → 5; Rn = 1000 + 800 × 0.760250 / 6 = 1101.4;
/// - draw (W ≥ We): E = 5; Rn = 1000 + 800 × 0.260250 / 6 = 1034.7;
/// - loss (W < We, R0 < 1300): fB = 1, SBr = e² − 1 = 6.389, E = 12.389 → 12;
///   Rn = 1000 − 800 × 0.239750 / 13 = 985.2.
///
/// 1200: We = 0.760250, E0 = 1.2⁴ + 5 = 7.0736.
/// - win: fB = 0.6, E = 4.244 → 4 → 5; Rn = 1200 + 800 × 0.239750 / 6 = 1232.0;
/// - draw and loss (W < We): SBr = e^(2/3) − 1 = 0.948, E = 8.021 → 8;
///   Rn = 1200 − 800 × 0.260250 / 9 = 1176.9 and 1200 − 800 × 0.760250 / 9 = 1132.4.
#[test]
fn one_game_between_two_young_players() {
    let young = |rating| DwzPlayer {
        rating,
        age: AgeClass::Youth,
        index: None,
    };
    let cases = [
        (1000, 1200, Win, 5, 1101),
        (1000, 1200, Draw, 5, 1035),
        (1000, 1200, Loss, 12, 985),
        (1200, 1000, Win, 5, 1232),
        (1200, 1000, Draw, 8, 1177),
        (1200, 1000, Loss, 8, 1132),
    ];
    for (own, opponent, result, e, rn) in cases {
        let c = follow_up(&young(own), &games(&[(opponent, result)])).unwrap();
        assert_eq!((c.coefficient, c.rating), (e, rn), "{own} {result:?}");
    }
}

/// An adult rated 2000 beats 2100 and 2000: W = 2, We = 0.361837 + 0.5 = 0.861837,
/// E0 = 2⁴ + 15 = 31. With index 3, E ≤ 5 × 3 = 15: Rn = 2000 + 800 × 1.138163 / 17 = 2053.6
/// → 2054. With index 8 (or not known), E ≤ 30: Rn = 2000 + 800 × 1.138163 / 32 = 2028.5 →
/// 2028 (2028.45).
#[test]
fn the_index_caps_e_for_the_first_five_evaluations() {
    let g = games(&[(2100, Win), (2000, Win)]);
    let adult = |index| DwzPlayer {
        rating: 2000,
        age: AgeClass::Senior,
        index,
    };
    let c = follow_up(&adult(Some(3)), &g).unwrap();
    assert!(close(c.expected, 0.861_837), "{}", c.expected);
    assert_eq!((c.halves, c.coefficient, c.rating), (4, 15, 2054));
    assert!(!c.index_assumed);
    let c = follow_up(&adult(Some(8)), &g).unwrap();
    assert_eq!(
        (c.coefficient, c.rating, c.index_assumed),
        (30, 2028, false)
    );
    let c = follow_up(&adult(None), &g).unwrap();
    assert_eq!((c.coefficient, c.rating, c.index_assumed), (30, 2028, true));
}

/// A player of 23 rated 1500 (J = 10): E0 = 1.5⁴ + 10 = 15.0625 → 15, no acceleration (not
/// 20 or less) nor braking (1300 or more). One loss against 1500: Rn = 1500 − 800 × 0.5 / 16 =
/// 1475.
#[test]
fn a_junior_has_j_10_and_no_braking_above_1300() {
    let p = DwzPlayer {
        rating: 1500,
        age: AgeClass::of_age(23),
        index: Some(12),
    };
    assert_eq!(p.age, AgeClass::Junior);
    assert_eq!(coefficient(&p, 0, 0.5), (15, false));
    assert_eq!(follow_up(&p, &games(&[(1500, Loss)])).unwrap().rating, 1475);
    assert_eq!(AgeClass::of_age(20), AgeClass::Youth);
    assert_eq!(AgeClass::of_age(26), AgeClass::Senior);
}

/// Braking allows E above 30, up to 150: a player rated 700 (adult, index 20) who loses to 700:
/// E0 = 0.7⁴ + 15 = 15.24, SBr = e⁴ − 1 = 53.598, E = 68.84 → 69; Rn = 700 − 800 × 0.5 / 70 =
/// 694.3 → 694. At 500: SBr = e^(16/3) − 1 = 206.1, E = 221.2 → 150; Rn = 500 − 400 / 151 =
/// 497.4 → 497.
#[test]
fn braking_raises_e_up_to_150() {
    let low = |rating| DwzPlayer {
        rating,
        age: AgeClass::Senior,
        index: Some(20),
    };
    let c = follow_up(&low(700), &games(&[(700, Loss)])).unwrap();
    assert_eq!((c.coefficient, c.rating), (69, 694));
    let c = follow_up(&low(500), &games(&[(500, Loss)])).unwrap();
    assert_eq!((c.coefficient, c.rating), (150, 497));
}

#[test]
fn without_a_game_against_a_rated_opponent_the_dwz_stays() {
    let p = DwzPlayer {
        rating: 1800,
        age: AgeClass::Senior,
        index: Some(4),
    };
    assert_eq!(follow_up(&p, &[]), None);
}
