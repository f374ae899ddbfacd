//! Prize categories: who may win a category prize, written as conditions joined by `&`. One
//! grammar reads both languages' keywords (any case, with or without accents); a category is
//! written back in either ([`Category::written`]).
//!
//! | condition | in French | who |
//! |---|---|---|
//! | `rating<N` | `elo<N` | rated players below N |
//! | `rating>=N` | `elo>=N` | rated players from N |
//! | `women` | `féminin`, `féminines`, `femmes` | women |
//! | `age<N` | `âge<N` | players under N in whole years on 1 January of the year of the event's end |
//! | `age>=N` | `âge>=N` | players of N or more on that day |
//! | `club` | `club` | members of the organising club |
//! | `unrated` | `non-classé`, `sans-elo` | players without a rating |
//! | `Pup`, `Min-Cad` | the same | the FFE's age categories, one or a range, in the event's season |
//!
//! The FFE's categories are `Ppo`, `Pou`, `Pup`, `Ben`, `Min`, `Cad`, `Jun`, `Sen`, `Sep` and
//! `Vet` ([`FfeCategory`]): they go by the year of birth and the season the event is played in
//! (1 September to 31 August), as the entry fees and the national report count them.
//!
//! The rating is the one the section ranks by (for a TRF file, the FIDE rating of the player
//! line); unrated players belong to no rating band. A player whose age cannot be told (no
//! birth date, or a year alone that leaves both ages possible) belongs to no age band; the FFE
//! categories need the year of birth alone.
//!
//! ```
//! use prizes::{AgeDates, BirthDate, Category, Language, PlayerFacts, Season};
//! use tournament::Sex;
//! let c: Category = "women & rating<1600".parse().unwrap();
//! assert_eq!(c.to_string(), "rating<1600&women");
//! assert_eq!(c.written(Language::French), "elo<1600&féminin");
//! assert_eq!("Elo<1600 & Féminines".parse::<Category>().unwrap(), c);
//! let her = PlayerFacts { rating: Some(1450), sex: Some(Sex::Female), ..PlayerFacts::default() };
//! assert!(c.admits(&her, &AgeDates::default()));
//! let e = "rating<16OO".parse::<Category>().unwrap_err();
//! assert_eq!((e.column, e.found.as_str()), (8, "\"16OO\""));
//! // Minimes and cadets of the 2025/2026 season: born 2008 to 2011.
//! let youth: Category = "min-cad".parse().unwrap();
//! assert_eq!(youth.to_string(), "Min-Cad");
//! let dates = AgeDates { new_year: Some(2026), season: Some(Season::starting(2025)) };
//! let born = |y| PlayerFacts { birth: Some(BirthDate::Year(y)), ..PlayerFacts::default() };
//! assert!(youth.admits(&born(2008), &dates) && youth.admits(&born(2011), &dates));
//! assert!(!youth.admits(&born(2012), &dates));
//! ```

use std::fmt;
use std::str::FromStr;

use tournament::Sex;

use crate::age::{FfeCategory, Season};
use crate::date::BirthDate;

/// The language a category or a prize list is written in. Both are read alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Language {
    #[default]
    English,
    French,
}

/// The days the age conditions are taken on: `age<N` and `age>=N` on 1 January of `new_year`
/// (the year the event ends), the FFE's categories in `season` (the one the event is played
/// in). A condition whose day is unknown admits nobody.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AgeDates {
    pub new_year: Option<i32>,
    pub season: Option<Season>,
}

impl From<Option<i32>> for AgeDates {
    /// The year whose 1 January ages are taken on, and no season.
    fn from(new_year: Option<i32>) -> AgeDates {
        AgeDates {
            new_year,
            season: None,
        }
    }
}

/// What a category needs to know about a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlayerFacts {
    /// The rating the section ranks by; `None` for unrated.
    pub rating: Option<u16>,
    pub sex: Option<Sex>,
    pub birth: Option<BirthDate>,
    /// A member of the organising club.
    pub club_member: bool,
}

/// A category: every condition must hold. Parsed from its text, it holds no condition twice
/// and no empty band (`rating>=2000&rating<1600`), so every category can admit somebody.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Category {
    rating_below: Option<u16>,
    rating_from: Option<u16>,
    women: bool,
    age_below: Option<u8>,
    age_from: Option<u8>,
    club: bool,
    unrated: bool,
    /// The FFE's age categories from the first to the second, youngest first.
    ffe: Option<(FfeCategory, FfeCategory)>,
}

/// Why a text is not a category: where (the 1-based character column inside the text), what
/// was expected and what was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: expected {expected}, found {found}")]
pub struct CategoryError {
    pub column: usize,
    pub expected: String,
    pub found: String,
}

const CONDITIONS: &str = "a condition: rating<N (elo<N), rating>=N, women (féminin), age<N \
    (âge<N), age>=N, club, unrated (non-classé) or FFE categories (Pup, Min-Cad), joined by &";

impl Category {
    /// True when the category has an age condition (it then needs the event's dates).
    pub fn uses_age(&self) -> bool {
        self.uses_new_year() || self.uses_season()
    }

    /// True when the category has an `age<N` or `age>=N` condition (it needs the year the
    /// event ends).
    pub fn uses_new_year(&self) -> bool {
        self.age_below.is_some() || self.age_from.is_some()
    }

    /// True when the category names FFE categories (it needs the event's season).
    pub fn uses_season(&self) -> bool {
        self.ffe.is_some()
    }

    /// True when the category needs to know the club's members.
    pub fn uses_club(&self) -> bool {
        self.club
    }

    /// True when the player meets every condition, ages taken on `dates`.
    pub fn admits(&self, p: &PlayerFacts, dates: &AgeDates) -> bool {
        let rating_ok = match (self.rating_below, self.rating_from) {
            (None, None) => true,
            (below, from) => p
                .rating
                .is_some_and(|r| below.is_none_or(|b| r < b) && from.is_none_or(|f| r >= f)),
        };
        let age_ok = if self.uses_new_year() {
            match (p.birth, dates.new_year) {
                (Some(b), Some(y)) => {
                    let (youngest, oldest) = b.age_on_new_year(y);
                    self.age_below.is_none_or(|n| oldest < i32::from(n))
                        && self.age_from.is_none_or(|n| youngest >= i32::from(n))
                }
                _ => false,
            }
        } else {
            true
        };
        let ffe_ok = match self.ffe {
            None => true,
            Some((first, last)) => match (p.birth, dates.season) {
                (Some(b), Some(season)) => {
                    let c = FfeCategory::of(b.year(), season);
                    first <= c && c <= last
                }
                _ => false,
            },
        };
        rating_ok
            && age_ok
            && ffe_ok
            && (!self.women || p.sex == Some(Sex::Female))
            && (!self.club || p.club_member)
            && (!self.unrated || p.rating.is_none())
    }

    /// The conditions, in the order they are written.
    pub fn conditions(&self) -> Vec<Condition> {
        let mut out = Vec::new();
        out.extend(self.rating_below.map(Condition::RatingBelow));
        out.extend(self.rating_from.map(Condition::RatingFrom));
        if self.women {
            out.push(Condition::Women);
        }
        out.extend(self.age_below.map(Condition::AgeBelow));
        out.extend(self.age_from.map(Condition::AgeFrom));
        out.extend(self.ffe.map(|(a, b)| Condition::Ffe(a, b)));
        if self.club {
            out.push(Condition::Club);
        }
        if self.unrated {
            out.push(Condition::Unrated);
        }
        out
    }

    /// The category as written in `language`, its conditions in a fixed order joined by `&`:
    /// it reads back as the same category (the English form is the `Display`).
    pub fn written(&self, language: Language) -> String {
        self.conditions()
            .iter()
            .map(|c| c.written(language))
            .collect::<Vec<_>>()
            .join("&")
    }
}

impl fmt::Display for Category {
    /// The conditions in English, in a fixed order, joined by `&`: it reads back as the same
    /// category.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.written(Language::English))
    }
}

/// One condition of a category.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Condition {
    RatingBelow(u16),
    RatingFrom(u16),
    Women,
    AgeBelow(u8),
    AgeFrom(u8),
    /// The FFE's age categories from the first to the second (the same one twice for one),
    /// youngest first.
    Ffe(FfeCategory, FfeCategory),
    Club,
    Unrated,
}

impl Condition {
    /// The condition as written in `language`.
    pub fn written(&self, language: Language) -> String {
        let french = language == Language::French;
        match *self {
            Condition::RatingBelow(n) if french => format!("elo<{n}"),
            Condition::RatingBelow(n) => format!("rating<{n}"),
            Condition::RatingFrom(n) if french => format!("elo>={n}"),
            Condition::RatingFrom(n) => format!("rating>={n}"),
            Condition::Women if french => "féminin".into(),
            Condition::Women => "women".into(),
            Condition::AgeBelow(n) if french => format!("âge<{n}"),
            Condition::AgeBelow(n) => format!("age<{n}"),
            Condition::AgeFrom(n) if french => format!("âge>={n}"),
            Condition::AgeFrom(n) => format!("age>={n}"),
            Condition::Ffe(a, b) if a == b => a.code().to_string(),
            Condition::Ffe(a, b) => format!("{}-{}", a.code(), b.code()),
            Condition::Club => "club".into(),
            Condition::Unrated if french => "non-classé".into(),
            Condition::Unrated => "unrated".into(),
        }
    }
}

/// A keyword as compared: lower case, without accents, blanks, hyphens or underscores
/// (`Non classé`, `non-classe` and `NONCLASSÉ` are one keyword).
pub(crate) fn folded(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != '-' && *c != '_')
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'à' | 'â' | 'ä' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'î' | 'ï' => 'i',
            'ô' | 'ö' => 'o',
            'ù' | 'û' | 'ü' => 'u',
            'ç' => 'c',
            other => other,
        })
        .collect()
}

/// The FFE categories a term names: `Pup`, or a range `Min-Cad` (either order, blanks allowed
/// around the hyphen), youngest first; `None` when it is not made of FFE codes.
fn ffe_range(term: &str) -> Option<(FfeCategory, FfeCategory)> {
    let mut parts = term.split('-');
    let first = FfeCategory::from_code(parts.next()?)?;
    let last = match parts.next() {
        Some(p) => FfeCategory::from_code(p)?,
        None => first,
    };
    if parts.next().is_some() {
        return None;
    }
    Some((first.min(last), first.max(last)))
}

/// Reads one `&`-separated term that starts at `column` (1-based, already trimmed).
fn condition(term: &str, column: usize) -> Result<Condition, CategoryError> {
    let err = |column: usize, expected: &str, found: &str| CategoryError {
        column,
        expected: expected.to_string(),
        found: if found.is_empty() {
            "nothing".to_string()
        } else {
            format!("{found:?}")
        },
    };
    if let Some((first, last)) = ffe_range(term) {
        return Ok(Condition::Ffe(first, last));
    }
    match folded(term).as_str() {
        "women" | "feminin" | "feminine" | "feminins" | "feminines" | "femme" | "femmes" => {
            return Ok(Condition::Women)
        }
        "club" => return Ok(Condition::Club),
        "unrated" | "nonclasse" | "nonclasses" | "sanselo" => return Ok(Condition::Unrated),
        _ => {}
    }
    let name_len = term
        .char_indices()
        .find(|(_, c)| !c.is_alphabetic())
        .map_or(term.len(), |(i, _)| i);
    // `elo` is French for the rating, `âge` for the age.
    let name = match folded(&term[..name_len]).as_str() {
        "rating" | "elo" => "rating",
        "age" => "age",
        _ => "",
    };
    let rest = &term[name_len..];
    match name {
        "rating" | "age" => {
            let at = column + term[..name_len].chars().count();
            let spaces = rest.len() - rest.trim_start().len();
            let r = rest.trim_start();
            let op_at = at + spaces;
            let (below, digits) = if let Some(d) = r.strip_prefix(">=") {
                (false, d)
            } else if let Some(d) = r.strip_prefix('<') {
                (true, d)
            } else {
                return Err(err(op_at, "< or >=", r));
            };
            let op_len = if below { 1 } else { 2 };
            let lead = digits.len() - digits.trim_start().len();
            let number = digits.trim();
            let number_at = op_at + op_len + lead;
            let (what, max) = if name == "rating" {
                ("a rating from 1 to 9999", 9999)
            } else {
                ("an age in years from 1 to 150", 150)
            };
            let n: u16 = match number.parse::<u16>() {
                Ok(n) if number.bytes().all(|b| b.is_ascii_digit()) && (1..=max).contains(&n) => n,
                _ => return Err(err(number_at, what, number)),
            };
            Ok(match (name, below) {
                ("rating", true) => Condition::RatingBelow(n),
                ("rating", false) => Condition::RatingFrom(n),
                // Ages are at most 150, checked above.
                (_, true) => Condition::AgeBelow(n as u8),
                (_, false) => Condition::AgeFrom(n as u8),
            })
        }
        _ => Err(err(column, CONDITIONS, term)),
    }
}

impl FromStr for Category {
    type Err = CategoryError;

    /// Reads conditions joined by `&`, in any order and case, spaces allowed around them. The
    /// empty text is the category everybody belongs to (the general ranking).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut c = Category::default();
        if s.trim().is_empty() {
            return Ok(c);
        }
        let mut column = 1;
        for raw in s.split('&') {
            let lead = raw.chars().take_while(|c| c.is_whitespace()).count();
            let term = raw.trim();
            let at = column + lead;
            if term.is_empty() {
                return Err(CategoryError {
                    column: at,
                    expected: CONDITIONS.to_string(),
                    found: "nothing".to_string(),
                });
            }
            let repeated = |what: &str| CategoryError {
                column: at,
                expected: format!("{what} at most once"),
                found: format!("{term:?} a second time"),
            };
            match condition(term, at)? {
                Condition::RatingBelow(n) if c.rating_below.is_none() => c.rating_below = Some(n),
                Condition::RatingFrom(n) if c.rating_from.is_none() => c.rating_from = Some(n),
                Condition::AgeBelow(n) if c.age_below.is_none() => c.age_below = Some(n),
                Condition::AgeFrom(n) if c.age_from.is_none() => c.age_from = Some(n),
                Condition::Women if !c.women => c.women = true,
                Condition::Club if !c.club => c.club = true,
                Condition::Unrated if !c.unrated => c.unrated = true,
                Condition::Ffe(a, b) if c.ffe.is_none() => c.ffe = Some((a, b)),
                Condition::RatingBelow(_) => return Err(repeated("rating<")),
                Condition::RatingFrom(_) => return Err(repeated("rating>=")),
                Condition::AgeBelow(_) => return Err(repeated("age<")),
                Condition::AgeFrom(_) => return Err(repeated("age>=")),
                Condition::Women => return Err(repeated("women")),
                Condition::Club => return Err(repeated("club")),
                Condition::Unrated => return Err(repeated("unrated")),
                Condition::Ffe(..) => return Err(repeated("an FFE category or range")),
            }
            let contradiction = |expected: &str| CategoryError {
                column: at,
                expected: expected.to_string(),
                found: format!("{term:?}, which leaves nobody in the category"),
            };
            if let (Some(b), Some(f)) = (c.rating_below, c.rating_from) {
                if b <= f {
                    return Err(contradiction("rating>=N below rating<M"));
                }
            }
            if let (Some(b), Some(f)) = (c.age_below, c.age_from) {
                if b <= f {
                    return Err(contradiction("age>=N below age<M"));
                }
            }
            if c.unrated && (c.rating_below.is_some() || c.rating_from.is_some()) {
                return Err(contradiction("unrated without a rating band"));
            }
            column += raw.chars().count() + 1;
        }
        Ok(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::date::Date;

    fn cat(s: &str) -> Category {
        s.parse().unwrap()
    }

    fn new_year(y: i32) -> AgeDates {
        AgeDates {
            new_year: Some(y),
            season: None,
        }
    }

    fn error(s: &str) -> (usize, String) {
        let e = s.parse::<Category>().unwrap_err();
        (e.column, e.found)
    }

    #[test]
    fn reads_and_writes_back() {
        for (text, canonical) in [
            ("", ""),
            ("rating<1600", "rating<1600"),
            (" Women & rating >= 1800 ", "rating>=1800&women"),
            ("age<12&women", "women&age<12"),
            ("age>=50&age<65", "age<65&age>=50"),
            ("unrated&club", "club&unrated"),
            ("rating>=1400&rating<1600", "rating<1600&rating>=1400"),
        ] {
            let c = cat(text);
            assert_eq!(c.to_string(), canonical, "{text:?}");
            assert_eq!(cat(canonical), c);
        }
    }

    #[test]
    fn reads_french_keywords_and_writes_either_language() {
        for (text, english, french) in [
            ("elo<1600", "rating<1600", "elo<1600"),
            (
                "Elo >= 1800 & Féminines",
                "rating>=1800&women",
                "elo>=1800&féminin",
            ),
            ("femmes", "women", "féminin"),
            ("FEMININ", "women", "féminin"),
            ("âge<18", "age<18", "âge<18"),
            ("age>=65", "age>=65", "âge>=65"),
            ("non classé", "unrated", "non-classé"),
            ("Non-Classe & club", "club&unrated", "club&non-classé"),
            ("sans-elo", "unrated", "non-classé"),
            ("Pup", "Pup", "Pup"),
            ("min-cad", "Min-Cad", "Min-Cad"),
            ("Cad - Min & féminin", "women&Min-Cad", "féminin&Min-Cad"),
            ("VET", "Vet", "Vet"),
            (
                "Sep-Vet&elo<2000",
                "rating<2000&Sep-Vet",
                "elo<2000&Sep-Vet",
            ),
        ] {
            let c = cat(text);
            assert_eq!(c.to_string(), english, "{text:?}");
            assert_eq!(c.written(Language::French), french, "{text:?}");
            assert_eq!(cat(english), c, "{english:?}");
            assert_eq!(cat(french), c, "{french:?}");
        }
        // Each condition once, whichever language wrote it.
        assert_eq!(error("women&féminin").0, 7);
        assert_eq!(error("Pup&Min-Cad").0, 5);
        assert_eq!(error("elo<1600&rating<1400").0, 10);
        // A code that is no FFE category is no condition.
        assert_eq!(error("Min-Xyz").0, 1);
        assert_eq!(error("Pup-Min-Cad").0, 1);
    }

    #[test]
    fn ffe_categories_follow_the_season() {
        let year = |y| PlayerFacts {
            birth: Some(BirthDate::Year(y)),
            ..PlayerFacts::default()
        };
        // Season 2025/2026: Pup born 2014-2015, Vet 1961 or earlier.
        let season = AgeDates {
            new_year: Some(2026),
            season: Some(Season::starting(2025)),
        };
        let pup = cat("Pup");
        assert!(pup.admits(&year(2014), &season) && pup.admits(&year(2015), &season));
        assert!(!pup.admits(&year(2013), &season) && !pup.admits(&year(2016), &season));
        let vet = cat("Vet");
        assert!(vet.admits(&year(1961), &season) && !vet.admits(&year(1962), &season));
        // An event in October 2025 and one in March 2026 are in the same season, whose end
        // year the categories count from (not the year the event ends).
        let october = AgeDates {
            new_year: Some(2025),
            season: Some(Season::starting(2025)),
        };
        assert!(pup.admits(&year(2014), &october));
        // No season known, no birth year: nobody.
        assert!(!pup.admits(&year(2014), &new_year(2026)));
        assert!(!pup.admits(&PlayerFacts::default(), &season));
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(error("ratting<1600").0, 1);
        assert_eq!(error("women&&age<12"), (7, "nothing".to_string()));
        assert_eq!(error("rating<16OO"), (8, "\"16OO\"".to_string()));
        assert_eq!(error("rating=1600"), (7, "\"=1600\"".to_string()));
        assert_eq!(error("rating<0").0, 8);
        assert_eq!(error("age<200").0, 5);
        assert_eq!(error("women& women").0, 8);
        assert_eq!(error("rating>=1600&rating<1600").0, 14);
        assert_eq!(error("unrated&rating<1600").0, 9);
        assert_eq!(error("age>=65&age<50").0, 9);
        assert_eq!(error("women&").0, 7);
    }

    #[test]
    fn who_is_admitted() {
        let born = |y, m, d| Some(BirthDate::Full(Date::new(y, m, d).unwrap()));
        let p = |rating, sex, birth| PlayerFacts {
            rating,
            sex,
            birth,
            club_member: false,
        };
        let u1600 = cat("rating<1600");
        assert!(u1600.admits(&p(Some(1599), None, None), &AgeDates::default()));
        assert!(!u1600.admits(&p(Some(1600), None, None), &AgeDates::default()));
        assert!(
            !u1600.admits(&p(None, None, None), &AgeDates::default()),
            "unrated is no band"
        );
        assert!(cat("unrated").admits(&p(None, None, None), &AgeDates::default()));
        assert!(cat("women").admits(&p(None, Some(Sex::Female), None), &AgeDates::default()));
        assert!(!cat("women").admits(&p(None, Some(Sex::Male), None), &AgeDates::default()));
        assert!(!cat("women").admits(&p(None, None, None), &AgeDates::default()));
        // Under 12 on 1 January 2026: born 2 January 2014 is 11, born 1 January 2014 is 12.
        let u12 = cat("age<12");
        assert!(u12.admits(&p(None, None, born(2014, 1, 2)), &new_year(2026)));
        assert!(!u12.admits(&p(None, None, born(2014, 1, 1)), &new_year(2026)));
        assert!(!u12.admits(&p(None, None, born(2014, 1, 2)), &AgeDates::default()));
        // A year alone decides only when both possible ages agree.
        let year = |y| Some(BirthDate::Year(y));
        assert!(u12.admits(&p(None, None, year(2015)), &new_year(2026)));
        assert!(!u12.admits(&p(None, None, year(2014)), &new_year(2026)));
        let o50 = cat("age>=50");
        assert!(o50.admits(&p(None, None, year(1975)), &new_year(2026)));
        assert!(!o50.admits(&p(None, None, year(1976)), &new_year(2026)));
        assert!(!o50.admits(&p(None, None, None), &new_year(2026)));
        let club = cat("club");
        assert!(!club.admits(&p(None, None, None), &AgeDates::default()));
        assert!(club.admits(
            &PlayerFacts {
                club_member: true,
                ..PlayerFacts::default()
            },
            &AgeDates::default()
        ));
        assert!(Category::default().admits(&p(None, None, None), &AgeDates::default()));
    }
}
