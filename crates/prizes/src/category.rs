//! Prize categories: who may win a category prize, written as conditions joined by `&`.
//!
//! | condition | who |
//! |---|---|
//! | `rating<N` | rated players below N |
//! | `rating>=N` | rated players from N |
//! | `women` | women |
//! | `age<N` | players under N in whole years on 1 January of the year of the event's end |
//! | `age>=N` | players of N or more on that day |
//! | `club` | members of the organising club |
//! | `unrated` | players without a rating |
//!
//! The rating is the one the section ranks by (for a TRF file, the FIDE rating of the player
//! line); unrated players belong to no rating band. A player whose age cannot be told (no
//! birth date, or a year alone that leaves both ages possible) belongs to no age band.
//!
//! ```
//! use prizes::{Category, PlayerFacts};
//! use tournament::Sex;
//! let c: Category = "women & rating<1600".parse().unwrap();
//! assert_eq!(c.to_string(), "rating<1600&women");
//! let her = PlayerFacts { rating: Some(1450), sex: Some(Sex::Female), ..PlayerFacts::default() };
//! assert!(c.admits(&her, None));
//! let e = "rating<16OO".parse::<Category>().unwrap_err();
//! assert_eq!((e.column, e.found.as_str()), (8, "\"16OO\""));
//! ```

use std::fmt;
use std::str::FromStr;

use tournament::Sex;

use crate::date::BirthDate;

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

const CONDITIONS: &str =
    "a condition: rating<N, rating>=N, women, age<N, age>=N, club or unrated, joined by &";

impl Category {
    /// True when the category has an age condition (it then needs the event's year).
    pub fn uses_age(&self) -> bool {
        self.age_below.is_some() || self.age_from.is_some()
    }

    /// True when the category needs to know the club's members.
    pub fn uses_club(&self) -> bool {
        self.club
    }

    /// True when the player meets every condition. `new_year` is the year whose 1 January
    /// ages are taken on (the year of the event's end); without it no age condition holds.
    pub fn admits(&self, p: &PlayerFacts, new_year: Option<i32>) -> bool {
        let rating_ok = match (self.rating_below, self.rating_from) {
            (None, None) => true,
            (below, from) => p
                .rating
                .is_some_and(|r| below.is_none_or(|b| r < b) && from.is_none_or(|f| r >= f)),
        };
        let age_ok = if self.uses_age() {
            match (p.birth, new_year) {
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
        rating_ok
            && age_ok
            && (!self.women || p.sex == Some(Sex::Female))
            && (!self.club || p.club_member)
            && (!self.unrated || p.rating.is_none())
    }
}

impl fmt::Display for Category {
    /// The conditions in a fixed order, joined by `&`: it reads back as the same category.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if let Some(n) = self.rating_below {
            parts.push(format!("rating<{n}"));
        }
        if let Some(n) = self.rating_from {
            parts.push(format!("rating>={n}"));
        }
        if self.women {
            parts.push("women".into());
        }
        if let Some(n) = self.age_below {
            parts.push(format!("age<{n}"));
        }
        if let Some(n) = self.age_from {
            parts.push(format!("age>={n}"));
        }
        if self.club {
            parts.push("club".into());
        }
        if self.unrated {
            parts.push("unrated".into());
        }
        f.pad(&parts.join("&"))
    }
}

/// One condition as written.
enum Condition {
    RatingBelow(u16),
    RatingFrom(u16),
    Women,
    AgeBelow(u8),
    AgeFrom(u8),
    Club,
    Unrated,
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
    let name_len = term
        .char_indices()
        .find(|(_, c)| !c.is_ascii_alphabetic())
        .map_or(term.len(), |(i, _)| i);
    let name = term[..name_len].to_ascii_lowercase();
    let rest = &term[name_len..];
    match name.as_str() {
        "women" | "club" | "unrated" if rest.trim().is_empty() => Ok(match name.as_str() {
            "women" => Condition::Women,
            "club" => Condition::Club,
            _ => Condition::Unrated,
        }),
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
            Ok(match (name.as_str(), below) {
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
                Condition::RatingBelow(_) => return Err(repeated("rating<")),
                Condition::RatingFrom(_) => return Err(repeated("rating>=")),
                Condition::AgeBelow(_) => return Err(repeated("age<")),
                Condition::AgeFrom(_) => return Err(repeated("age>=")),
                Condition::Women => return Err(repeated("women")),
                Condition::Club => return Err(repeated("club")),
                Condition::Unrated => return Err(repeated("unrated")),
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
        assert!(u1600.admits(&p(Some(1599), None, None), None));
        assert!(!u1600.admits(&p(Some(1600), None, None), None));
        assert!(
            !u1600.admits(&p(None, None, None), None),
            "unrated is no band"
        );
        assert!(cat("unrated").admits(&p(None, None, None), None));
        assert!(cat("women").admits(&p(None, Some(Sex::Female), None), None));
        assert!(!cat("women").admits(&p(None, Some(Sex::Male), None), None));
        assert!(!cat("women").admits(&p(None, None, None), None));
        // Under 12 on 1 January 2026: born 2 January 2014 is 11, born 1 January 2014 is 12.
        let u12 = cat("age<12");
        assert!(u12.admits(&p(None, None, born(2014, 1, 2)), Some(2026)));
        assert!(!u12.admits(&p(None, None, born(2014, 1, 1)), Some(2026)));
        assert!(!u12.admits(&p(None, None, born(2014, 1, 2)), None));
        // A year alone decides only when both possible ages agree.
        let year = |y| Some(BirthDate::Year(y));
        assert!(u12.admits(&p(None, None, year(2015)), Some(2026)));
        assert!(!u12.admits(&p(None, None, year(2014)), Some(2026)));
        let o50 = cat("age>=50");
        assert!(o50.admits(&p(None, None, year(1975)), Some(2026)));
        assert!(!o50.admits(&p(None, None, year(1976)), Some(2026)));
        assert!(!o50.admits(&p(None, None, None), Some(2026)));
        let club = cat("club");
        assert!(!club.admits(&p(None, None, None), None));
        assert!(club.admits(
            &PlayerFacts {
                club_member: true,
                ..PlayerFacts::default()
            },
            None
        ));
        assert!(Category::default().admits(&p(None, None, None), None));
    }
}
