//! The Deutscher Schachbund's national rating, the DWZ, for a player who already has one: the
//! follow-up DWZ of the DSB's Wertungsordnung (schachbund.de): 3.3 the expected score, 3.5.2
//! the formula, annex 1.2 the development coefficient E.
//!
//! - 3.3.1: P(D) is the normal distribution of standard deviation 200·√2 at the whole
//!   difference D = own DWZ − opponent's DWZ, that is ½·(1 + erf(D / 400)); 3.3.2: We = Σ P(D).
//! - 3.5.2: Rn = R0 + 800·(W − We) / (E + n), n the games against opponents with a rating;
//!   DWZ are whole numbers (2.2.1): Rn is rounded to the nearest.
//! - Annex 1.2: E = E0·fB + SBr, E0 = (R0 / 1000)^4 + J, J = 5 to the age of 20, 10 from 21 to
//!   25, 15 above; fB = R0 / 2000 within [0.5, 1] for a player of 20 or less whose W ≥ We, else
//!   1; SBr = e^((1300 − R0) / 150) − 1 when R0 < 1300 and W < We, else 0. E is rounded to a
//!   whole number, at least 5, at most 30 (5 × the index while the index is 5 or less) when
//!   SBr = 0 and at most 150 when SBr > 0.
//!
//! The expected scores are values of the normal distribution, so this module computes in
//! `f64` (the integral by Simpson's rule, far finer than the whole numbers it rounds to), unlike
//! B.02's table of hundredths. Not applied here, because they concern the whole event: the
//! first DWZ of unrated players (3.4, an iteration over the event), the opponents rated at
//! their performance when it is more than 300 points above their DWZ (3.6), and the special
//! evaluation of 3.6.3; the caller gives the opponents' ratings as they count.
//!
//! ```
//! use rating::dwz::{follow_up, AgeClass, DwzGame, DwzPlayer};
//! use tournament::GameResult;
//! // A player of 20 or less, DWZ 1000, beats an opponent rated 1200: We = P(−200) = 0.24,
//! // E = 6 × 0.5 = 3 raised to 5, Rn = 1000 + 800 × 0.76 / 6 = 1101.
//! let p = DwzPlayer { rating: 1000, age: AgeClass::Youth, index: None };
//! let g = [DwzGame { opponent: 1200, result: GameResult::Win }];
//! assert_eq!(follow_up(&p, &g).unwrap().rating, 1101);
//! ```

use tournament::GameResult;

/// The age class of annex 1.2 (age = the current year − the year of birth).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AgeClass {
    /// 20 or less: J = 5, and the acceleration factor fB.
    Youth,
    /// 21 to 25: J = 10.
    Junior,
    /// Over 25: J = 15.
    Senior,
}

impl AgeClass {
    /// The class of a player `age` years old in the year of the event.
    pub fn of_age(age: u32) -> AgeClass {
        match age {
            0..=20 => AgeClass::Youth,
            21..=25 => AgeClass::Junior,
            _ => AgeClass::Senior,
        }
    }

    fn j(self) -> f64 {
        match self {
            AgeClass::Youth => 5.0,
            AgeClass::Junior => 10.0,
            AgeClass::Senior => 15.0,
        }
    }
}

/// A player with a DWZ before the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DwzPlayer {
    /// R0, the DWZ before the event.
    pub rating: u16,
    pub age: AgeClass,
    /// The DWZ index (2.2.4: the number of evaluations so far). `None` when not known: taken as
    /// more than 5, so that E is capped at 30 (said in [`DwzChange::index_assumed`]).
    pub index: Option<u32>,
}

/// One game of the event against an opponent who has a rating (3.5.2's selection).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DwzGame {
    /// The opponent's DWZ as it counts for this evaluation.
    pub opponent: u16,
    pub result: GameResult,
}

/// The follow-up DWZ and how it was reached.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DwzChange {
    /// W, in half points.
    pub halves: u32,
    /// We = Σ P(D).
    pub expected: f64,
    /// E after rounding and its limits.
    pub coefficient: u32,
    /// Rn.
    pub rating: u16,
    /// The index was not known and taken as more than 5.
    pub index_assumed: bool,
}

/// 3.3.1: the expected score of a player `difference` points above the opponent,
/// ½·(1 + erf(D / 400)).
pub fn expected(difference: i32) -> f64 {
    0.5 * (1.0 + erf(f64::from(difference) / 400.0))
}

/// erf(x) = 2/√π ∫₀ˣ e^(−t²) dt by Simpson's rule on 2,000 intervals (error far below 10⁻⁹
/// for the differences a rating can have).
fn erf(x: f64) -> f64 {
    const STEPS: u32 = 2000;
    if x == 0.0 {
        return 0.0;
    }
    let h = x / f64::from(STEPS);
    let f = |t: f64| (-t * t).exp();
    let mut sum = f(0.0) + f(x);
    for i in 1..STEPS {
        let weight = if i % 2 == 1 { 4.0 } else { 2.0 };
        sum += weight * f(h * f64::from(i));
    }
    sum * h / 3.0 * 2.0 / std::f64::consts::PI.sqrt()
}

/// Annex 1.2: the development coefficient of `player` for a result of `halves` half points
/// against an expectation `we`. Returns E and whether the index was assumed.
pub fn coefficient(player: &DwzPlayer, halves: u32, we: f64) -> (u32, bool) {
    let r0 = f64::from(player.rating);
    let w = f64::from(halves) / 2.0;
    let e0 = (r0 / 1000.0).powi(4) + player.age.j();
    let fb = if player.age == AgeClass::Youth && w >= we {
        (r0 / 2000.0).clamp(0.5, 1.0)
    } else {
        1.0
    };
    let sbr = if player.rating < 1300 && w < we {
        ((1300.0 - r0) / 150.0).exp() - 1.0
    } else {
        0.0
    };
    let rounded = (e0 * fb + sbr).round() as u32;
    let (max, assumed) = if sbr > 0.0 {
        (150, false)
    } else {
        match player.index {
            Some(i) if i <= 5 => (5 * i.max(1), false),
            Some(_) => (30, false),
            None => (30, true),
        }
    };
    (rounded.clamp(5, max.max(5)), assumed)
}

/// 3.5.2: the follow-up DWZ of `player` over `games` (against opponents with a rating); `None`
/// without such a game (the DWZ stays).
pub fn follow_up(player: &DwzPlayer, games: &[DwzGame]) -> Option<DwzChange> {
    if games.is_empty() {
        return None;
    }
    let halves: u32 = games
        .iter()
        .map(|g| match g.result {
            GameResult::Win => 2,
            GameResult::Draw => 1,
            GameResult::Loss => 0,
        })
        .sum();
    let we: f64 = games
        .iter()
        .map(|g| expected(i32::from(player.rating) - i32::from(g.opponent)))
        .sum();
    let (e, index_assumed) = coefficient(player, halves, we);
    let n = games.len() as f64;
    let w = f64::from(halves) / 2.0;
    let rn = f64::from(player.rating) + 800.0 * (w - we) / (f64::from(e) + n);
    let rating = rn.round().clamp(0.0, f64::from(u16::MAX)) as u16;
    Some(DwzChange {
        halves,
        expected: we,
        coefficient: e,
        rating,
        index_assumed,
    })
}
