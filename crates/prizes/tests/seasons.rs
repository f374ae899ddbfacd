//! The FFE's categories for players born on the boundary dates of two consecutive seasons,
//! against the table of birth years (see the crate README for where it comes from), and an
//! event on either side of the season's change (31 August / 1 September).

use prizes::{Date, FfeCategory, FideCategory, Season};

/// The FFE's table: each category's birth years, oldest first ("and earlier" / "and later" at
/// the ends), for the 2024/2025 and 2025/2026 seasons.
/// A category's birth years, oldest first; `None` at an open end.
type Years = (Option<i32>, Option<i32>);

const TABLE: [(&str, [Years; 2]); 10] = [
    ("Ppo", [(Some(2017), None), (Some(2018), None)]),
    ("Pou", [(Some(2015), Some(2016)), (Some(2016), Some(2017))]),
    ("Pup", [(Some(2013), Some(2014)), (Some(2014), Some(2015))]),
    ("Ben", [(Some(2011), Some(2012)), (Some(2012), Some(2013))]),
    ("Min", [(Some(2009), Some(2010)), (Some(2010), Some(2011))]),
    ("Cad", [(Some(2007), Some(2008)), (Some(2008), Some(2009))]),
    ("Jun", [(Some(2005), Some(2006)), (Some(2006), Some(2007))]),
    ("Sen", [(Some(1976), Some(2004)), (Some(1977), Some(2005))]),
    ("Sep", [(Some(1961), Some(1975)), (Some(1962), Some(1976))]),
    ("Vet", [(None, Some(1960)), (None, Some(1961))]),
];

fn date(y: i32, m: u32, d: u32) -> Date {
    Date::new(y, m, d).unwrap()
}

/// Players born on 1 January and 31 December of each boundary year, in both seasons.
#[test]
fn boundary_birth_dates_in_two_seasons() {
    for (k, season) in [Season::starting(2024), Season::starting(2025)]
        .into_iter()
        .enumerate()
    {
        for (code, years) in TABLE {
            let expected = FfeCategory::from_code(code).unwrap();
            let (oldest, youngest) = years[k];
            assert_eq!(
                expected.birth_years(season),
                (oldest, youngest),
                "{code} {season}"
            );
            for year in [oldest, youngest].into_iter().flatten() {
                for born in [date(year, 1, 1), date(year, 12, 31)] {
                    assert_eq!(
                        FfeCategory::of(born.year(), season),
                        expected,
                        "born {born}, season {season}"
                    );
                }
            }
            // One year beyond each end belongs to the neighbouring category.
            if let Some(y) = oldest {
                assert_ne!(FfeCategory::of(y - 1, season), expected, "{code} {season}");
            }
            if let Some(y) = youngest {
                assert_ne!(FfeCategory::of(y + 1, season), expected, "{code} {season}");
            }
        }
    }
}

/// An event on 31 August 2025 is in the 2024/2025 season, one on 1 September 2025 in the
/// next: a player born in 2017 is a Ppo at the first and a Pou at the second.
#[test]
fn the_season_changes_on_the_first_of_september() {
    let before = Season::containing(date(2025, 8, 31));
    let after = Season::containing(date(2025, 9, 1));
    assert_eq!(
        (before.to_string(), after.to_string()),
        ("2024/2025".into(), "2025/2026".into())
    );
    assert_eq!(FfeCategory::of(2017, before), FfeCategory::Ppo);
    assert_eq!(FfeCategory::of(2017, after), FfeCategory::Pou);
    assert_eq!(FfeCategory::of(2005, before), FfeCategory::Jun);
    assert_eq!(FfeCategory::of(2005, after), FfeCategory::Sen);
    assert_eq!(FfeCategory::of(1975, before), FfeCategory::Sep);
    assert_eq!(FfeCategory::of(1960, before), FfeCategory::Vet);
    assert_eq!(FfeCategory::of(1960, after), FfeCategory::Vet);
    assert_eq!(FfeCategory::of(1961, before), FfeCategory::Sep);
    assert_eq!(FfeCategory::of(1961, after), FfeCategory::Vet);
}

/// FIDE: U20 in 2025 takes players born on or after 1 January 2005 (the World Junior's
/// invitation); 50+ those who are 50 or older in the year.
#[test]
fn fide_boundaries() {
    assert!(FideCategory::U20.admits(2005, 2025));
    assert!(!FideCategory::U20.admits(2004, 2025));
    assert!(FideCategory::U8.admits(2017, 2025));
    assert!(!FideCategory::U8.admits(2016, 2025));
    assert!(FideCategory::Over50.admits(1975, 2025));
    assert!(!FideCategory::Over50.admits(1976, 2025));
    assert!(FideCategory::Over65.admits(1960, 2025));
    assert!(!FideCategory::Over65.admits(1961, 2025));
    // The FFE's youth categories are FIDE's U8…U20 of the year the season ends in.
    for season in [Season::starting(2024), Season::starting(2025)] {
        for born in 1950..2022 {
            let ffe = FfeCategory::of(born, season);
            let fide = FideCategory::of(born, season.end_year());
            assert_eq!(
                ffe.age_code(),
                fide.map_or("Sen", |f| match f {
                    FideCategory::Over50 => "S50",
                    FideCategory::Over65 => "S65",
                    f => f.code(),
                }),
                "born {born}, {season}"
            );
        }
    }
}
