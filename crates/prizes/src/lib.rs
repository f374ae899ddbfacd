//! Prizes for chess tournaments: categories (rating bands, age, women, club members, unrated),
//! the French federation's and FIDE's age categories, prize lists, and the distribution of the
//! prizes after the last round under the `places`, `shared` or Hort rule (issue 23).
//!
//! Amounts are exact ([`Money`], in cents). Nothing here prints; the texts read here (a
//! category, an amount, a date, the prize list's CSV) each have their own type and error.
//!
//! ```
//! use prizes::{csv, distribute, entrants, event_year, Rule};
//! use tiebreak::{parse_list, standings, Options};
//! let trf = "\
//! 012 Club open
//! 052 2026/04/12
//! 001    1 m    Alpha, Ann                        1900                             1.0    1     2 w 1
//! 001    2 w    Bravo, Bea                        1500                             0.0    2     1 b 0
//! ";
//! let t = tournament::trf::read(trf).unwrap();
//! let s = standings(&t, &parse_list("BH").unwrap(), &Options::default()).unwrap();
//! let file = csv::read("prize;category;amount\n1st;;100\nBest woman;women;30\n").unwrap();
//! let d = distribute(&entrants(&t, &s), &file.list, Rule::Places, event_year(&t.header)).unwrap();
//! assert_eq!(d.awards[0].players[0].name, "Alpha, Ann");
//! assert_eq!(d.awards[1].players[0].amount.unwrap().to_string(), "30.00");
//! ```

#![forbid(unsafe_code)]

mod age;
mod category;
pub mod csv;
mod date;
mod distribute;
mod entrants;
mod money;
mod prize;

pub use age::{FfeCategory, FideCategory, Season};
pub use category::{AgeDates, Category, CategoryError, Condition, Language, PlayerFacts};
pub use date::{BirthDate, Date, DateError};
pub use distribute::{distribute, Award, Distribution, Entrant, Error, Share};
pub use entrants::{entrants, event_dates, event_year, facts};
pub use money::{Money, MoneyError};
pub use prize::{Prize, PrizeError, PrizeList, PrizeListError, PrizeValue, Rule, RuleError};
