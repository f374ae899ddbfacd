//! Age categories: the French federation's (FFE) by season, and FIDE's by calendar year.
//!
//! Both go by the year of birth alone:
//!
//! * **FFE.** The season runs from 1 September to 31 August. A player's category for a season
//!   is fixed by the age they reach in the calendar year in which the season ends (their age
//!   "before 1 January" of the season, plus one): up to 8 Ppo (U8), 9–10 Pou (U10), 11–12 Pup
//!   (U12), 13–14 Ben (U14), 15–16 Min (U16), 17–18 Cad (U18), 19–20 Jun (U20), 21–49 Sen,
//!   50–64 Sep (S50), from 65 Vet (S65). For the 2025/2026 season: Ppo born 2018 or later, Pou
//!   2016–2017, …, Jun 2006–2007, Sen 1977–2005, Sep 1962–1976, Vet 1961 or earlier. Sources and
//!   how far they were checked: the crate README.
//! * **FIDE.** U8 … U20: "all chess players who shall not [have] reached the age of 8, 10 or 12
//!   before January 1st of the year" (FIDE Handbook D.04.07, World Championships U8, U10 & U12;
//!   the World Junior U20 takes players "born on or after January 1" twenty years earlier);
//!   50+ and 65+: "50 or older in the year of the tournament" (Handbook D.04.03, World Senior
//!   Championships, approved by the FIDE Council on 13 March 2023).
//!
//! ```
//! use prizes::{Date, FfeCategory, FideCategory, Season};
//! let season = Season::containing(Date::new(2025, 10, 4).unwrap());
//! assert_eq!(season.to_string(), "2025/2026");
//! assert_eq!(FfeCategory::of(2018, season), FfeCategory::Ppo);
//! assert_eq!(FfeCategory::of(2017, season), FfeCategory::Pou);
//! assert_eq!(FideCategory::of(2014, 2026), Some(FideCategory::U12));
//! assert_eq!(FideCategory::of(1976, 2026), Some(FideCategory::Over50));
//! assert_eq!(FideCategory::of(1990, 2026), None);
//! ```

use std::fmt;

use crate::date::Date;

/// An FFE season, from 1 September of `start_year` to 31 August of the next year.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Season {
    start_year: i32,
}

impl Season {
    /// The season starting on 1 September `start_year`.
    pub const fn starting(start_year: i32) -> Season {
        Season { start_year }
    }

    /// The season a date falls in: from 1 September, the season that starts that year.
    pub fn containing(date: Date) -> Season {
        let start_year = if date.month() >= 9 {
            date.year()
        } else {
            date.year() - 1
        };
        Season { start_year }
    }

    pub const fn start_year(self) -> i32 {
        self.start_year
    }

    /// The year the season ends in (and whose 1 January it contains).
    pub const fn end_year(self) -> i32 {
        self.start_year + 1
    }
}

impl fmt::Display for Season {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.start_year, self.end_year())
    }
}

/// The FFE's age categories, youngest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FfeCategory {
    /// Petit poussin (U8).
    Ppo,
    /// Poussin (U10).
    Pou,
    /// Pupille (U12).
    Pup,
    /// Benjamin (U14).
    Ben,
    /// Minime (U16).
    Min,
    /// Cadet (U18).
    Cad,
    /// Junior (U20).
    Jun,
    /// Senior.
    Sen,
    /// Senior plus (S50).
    Sep,
    /// Vétéran (S65).
    Vet,
}

impl FfeCategory {
    pub const ALL: [FfeCategory; 10] = [
        FfeCategory::Ppo,
        FfeCategory::Pou,
        FfeCategory::Pup,
        FfeCategory::Ben,
        FfeCategory::Min,
        FfeCategory::Cad,
        FfeCategory::Jun,
        FfeCategory::Sen,
        FfeCategory::Sep,
        FfeCategory::Vet,
    ];

    /// The category in `season` of a player born in `birth_year`.
    pub fn of(birth_year: i32, season: Season) -> FfeCategory {
        // The age reached in the calendar year the season ends in.
        match season.end_year() - birth_year {
            ..=8 => FfeCategory::Ppo,
            9..=10 => FfeCategory::Pou,
            11..=12 => FfeCategory::Pup,
            13..=14 => FfeCategory::Ben,
            15..=16 => FfeCategory::Min,
            17..=18 => FfeCategory::Cad,
            19..=20 => FfeCategory::Jun,
            21..=49 => FfeCategory::Sen,
            50..=64 => FfeCategory::Sep,
            _ => FfeCategory::Vet,
        }
    }

    /// The birth years of the category in `season`, oldest first; `None` at the open end.
    pub fn birth_years(self, season: Season) -> (Option<i32>, Option<i32>) {
        let (oldest_age, youngest_age) = match self {
            FfeCategory::Ppo => (Some(8), None),
            FfeCategory::Pou => (Some(10), Some(9)),
            FfeCategory::Pup => (Some(12), Some(11)),
            FfeCategory::Ben => (Some(14), Some(13)),
            FfeCategory::Min => (Some(16), Some(15)),
            FfeCategory::Cad => (Some(18), Some(17)),
            FfeCategory::Jun => (Some(20), Some(19)),
            FfeCategory::Sen => (Some(49), Some(21)),
            FfeCategory::Sep => (Some(64), Some(50)),
            FfeCategory::Vet => (None, Some(65)),
        };
        let year = |age: Option<i32>| age.map(|a| season.end_year() - a);
        (year(oldest_age), year(youngest_age))
    }

    /// The FFE's three-letter code: `Ppo`, `Pou`, … `Vet`.
    pub const fn code(self) -> &'static str {
        match self {
            FfeCategory::Ppo => "Ppo",
            FfeCategory::Pou => "Pou",
            FfeCategory::Pup => "Pup",
            FfeCategory::Ben => "Ben",
            FfeCategory::Min => "Min",
            FfeCategory::Cad => "Cad",
            FfeCategory::Jun => "Jun",
            FfeCategory::Sen => "Sen",
            FfeCategory::Sep => "Sep",
            FfeCategory::Vet => "Vet",
        }
    }

    /// The age code the FFE shows beside it: `U8` … `U20`, `Sen`, `S50`, `S65`.
    pub const fn age_code(self) -> &'static str {
        match self {
            FfeCategory::Ppo => "U8",
            FfeCategory::Pou => "U10",
            FfeCategory::Pup => "U12",
            FfeCategory::Ben => "U14",
            FfeCategory::Min => "U16",
            FfeCategory::Cad => "U18",
            FfeCategory::Jun => "U20",
            FfeCategory::Sen => "Sen",
            FfeCategory::Sep => "S50",
            FfeCategory::Vet => "S65",
        }
    }

    /// The code read back, in any case (`ppo`, `PPO`).
    pub fn from_code(s: &str) -> Option<FfeCategory> {
        FfeCategory::ALL
            .into_iter()
            .find(|c| c.code().eq_ignore_ascii_case(s.trim()))
    }
}

impl fmt::Display for FfeCategory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.code())
    }
}

/// FIDE's age categories.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FideCategory {
    U8,
    U10,
    U12,
    U14,
    U16,
    U18,
    U20,
    Over50,
    Over65,
}

impl FideCategory {
    pub const ALL: [FideCategory; 9] = [
        FideCategory::U8,
        FideCategory::U10,
        FideCategory::U12,
        FideCategory::U14,
        FideCategory::U16,
        FideCategory::U18,
        FideCategory::U20,
        FideCategory::Over50,
        FideCategory::Over65,
    ];

    /// True when a player born in `birth_year` may play this category in `year`. The
    /// categories nest: a U8 player may play U10, a 65+ player 50+.
    pub fn admits(self, birth_year: i32, year: i32) -> bool {
        // Not yet N before 1 January of `year` <=> the N-th birthday falls in `year` or later.
        let reached = year - birth_year;
        match self {
            FideCategory::U8 => reached <= 8,
            FideCategory::U10 => reached <= 10,
            FideCategory::U12 => reached <= 12,
            FideCategory::U14 => reached <= 14,
            FideCategory::U16 => reached <= 16,
            FideCategory::U18 => reached <= 18,
            FideCategory::U20 => reached <= 20,
            FideCategory::Over50 => reached >= 50,
            FideCategory::Over65 => reached >= 65,
        }
    }

    /// The narrowest category a player born in `birth_year` belongs to in `year`: the youngest
    /// youth category, or 65+ before 50+; `None` between the two (21 to 49).
    pub fn of(birth_year: i32, year: i32) -> Option<FideCategory> {
        let youth = FideCategory::ALL[..7]
            .iter()
            .copied()
            .find(|c| c.admits(birth_year, year));
        youth.or_else(|| {
            [FideCategory::Over65, FideCategory::Over50]
                .into_iter()
                .find(|c| c.admits(birth_year, year))
        })
    }

    pub const fn code(self) -> &'static str {
        match self {
            FideCategory::U8 => "U8",
            FideCategory::U10 => "U10",
            FideCategory::U12 => "U12",
            FideCategory::U14 => "U14",
            FideCategory::U16 => "U16",
            FideCategory::U18 => "U18",
            FideCategory::U20 => "U20",
            FideCategory::Over50 => "50+",
            FideCategory::Over65 => "65+",
        }
    }
}

impl fmt::Display for FideCategory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seasons_turn_on_the_first_of_september() {
        let d = |y, m, day| Date::new(y, m, day).unwrap();
        assert_eq!(Season::containing(d(2025, 8, 31)), Season::starting(2024));
        assert_eq!(Season::containing(d(2025, 9, 1)), Season::starting(2025));
        assert_eq!(Season::containing(d(2026, 1, 1)), Season::starting(2025));
        assert_eq!(Season::starting(2025).to_string(), "2025/2026");
    }

    #[test]
    fn birth_years_agree_with_of() {
        let season = Season::starting(2025);
        for c in FfeCategory::ALL {
            let (oldest, youngest) = c.birth_years(season);
            for y in 1900..2030 {
                let inside = oldest.is_none_or(|o| y >= o) && youngest.is_none_or(|v| y <= v);
                assert_eq!(FfeCategory::of(y, season) == c, inside, "{c} {y}");
            }
            assert_eq!(FfeCategory::from_code(&c.code().to_uppercase()), Some(c));
        }
    }

    #[test]
    fn fide_categories_nest() {
        assert!(FideCategory::U10.admits(2018, 2026));
        assert!(FideCategory::U8.admits(2018, 2026));
        assert!(!FideCategory::U8.admits(2017, 2026));
        assert!(FideCategory::Over50.admits(1950, 2026));
        assert_eq!(FideCategory::of(1961, 2026), Some(FideCategory::Over65));
        assert_eq!(FideCategory::of(1962, 2026), Some(FideCategory::Over50));
        assert_eq!(FideCategory::of(2006, 2026), Some(FideCategory::U20));
        assert_eq!(FideCategory::of(2005, 2026), None);
        assert_eq!(FideCategory::of(1977, 2026), None);
    }
}
