//! Calendar dates and birth dates as tournament files write them.
//!
//! ```
//! use prizes::{BirthDate, Date};
//! let d: Date = "2026/04/12".parse().unwrap();
//! assert_eq!((d.year(), d.month(), d.day()), (2026, 4, 12));
//! // TRF writes an unknown month and day as 00: only the year is known.
//! assert_eq!(BirthDate::from_trf("1987/00/00"), Some(BirthDate::Year(1987)));
//! ```

use std::fmt;
use std::str::FromStr;

/// A valid Gregorian date (years 1 to 9999).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: i32,
    month: u32,
    day: u32,
}

fn is_leap(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Date {
    /// `None` unless the day exists (29 February only in leap years).
    pub fn new(year: i32, month: u32, day: u32) -> Option<Date> {
        ((1..=9999).contains(&year)
            && (1..=12).contains(&month)
            && day >= 1
            && day <= days_in_month(year, month))
        .then_some(Date { year, month, day })
    }

    pub const fn year(self) -> i32 {
        self.year
    }

    pub const fn month(self) -> u32 {
        self.month
    }

    pub const fn day(self) -> u32 {
        self.day
    }
}

impl fmt::Display for Date {
    /// `YYYY/MM/DD`, as TRF writes dates.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}/{:02}/{:02}", self.year, self.month, self.day)
    }
}

/// Why a text is not a date.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "expected a date such as 2026/04/12 (YYYY/MM/DD, YYYY-MM-DD or DD.MM.YYYY), found {found:?}"
)]
pub struct DateError {
    pub found: String,
}

impl FromStr for Date {
    type Err = DateError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || DateError {
            found: s.to_string(),
        };
        let (y, m, d) = tournament::parse_ymd(s).ok_or_else(err)?;
        Date::new(y, m, d).ok_or_else(err)
    }
}

/// A birth date as far as it is known: tournament files often hold only the year.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BirthDate {
    Full(Date),
    Year(i32),
}

impl BirthDate {
    /// Reads the birth date of a TRF player line (`YYYY/MM/DD`, also with `-` or `.`): a bare
    /// year, or a month and day written `00`, give the year alone. `None` for anything else.
    pub fn from_trf(s: &str) -> Option<BirthDate> {
        let t = s.trim();
        let year_only = |y: &str| {
            (y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit()))
                .then(|| y.parse::<i32>().ok())
                .flatten()
                .filter(|y| *y >= 1)
        };
        if let Some(y) = year_only(t) {
            return Some(BirthDate::Year(y));
        }
        let parts: Vec<&str> = t.split(['/', '-', '.']).collect();
        if let [y, m, d] = parts[..] {
            if (m.trim_start_matches('0').is_empty() || d.trim_start_matches('0').is_empty())
                && m.len() == 2
                && d.len() == 2
            {
                return year_only(y).map(BirthDate::Year);
            }
        }
        t.parse::<Date>().ok().map(BirthDate::Full)
    }

    pub fn year(self) -> i32 {
        match self {
            BirthDate::Full(d) => d.year(),
            BirthDate::Year(y) => y,
        }
    }

    /// The age in whole years on 1 January of `year`, as the smallest and largest it can be:
    /// equal for a full date; a year alone leaves a year of doubt (born on 1 January or later).
    pub fn age_on_new_year(self, year: i32) -> (i32, i32) {
        match self {
            BirthDate::Full(d) => {
                let born_on_new_year = d.month() == 1 && d.day() == 1;
                let age = year - d.year() - i32::from(!born_on_new_year);
                (age, age)
            }
            BirthDate::Year(y) => (year - y - 1, year - y),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(
            "2024-02-29".parse::<Date>().unwrap().to_string(),
            "2024/02/29"
        );
        assert!("2025/02/29".parse::<Date>().is_err());
        assert!("2025/04/31".parse::<Date>().is_err());
        assert_eq!(
            "31.12.2025".parse::<Date>().unwrap(),
            Date::new(2025, 12, 31).unwrap()
        );
    }

    #[test]
    fn birth_dates() {
        assert_eq!(
            BirthDate::from_trf("2010/05/17"),
            Some(BirthDate::Full(Date::new(2010, 5, 17).unwrap()))
        );
        assert_eq!(BirthDate::from_trf("2010"), Some(BirthDate::Year(2010)));
        assert_eq!(
            BirthDate::from_trf("2010/00/00"),
            Some(BirthDate::Year(2010))
        );
        assert_eq!(
            BirthDate::from_trf("2010/05/00"),
            Some(BirthDate::Year(2010))
        );
        assert_eq!(BirthDate::from_trf(""), None);
        assert_eq!(BirthDate::from_trf("2010/13/01"), None);
        assert_eq!(BirthDate::from_trf("abcd"), None);
    }

    #[test]
    fn age_on_new_year() {
        let full = |y, m, d| BirthDate::Full(Date::new(y, m, d).unwrap());
        // Born on 1 January: the birthday is that very day.
        assert_eq!(full(2000, 1, 1).age_on_new_year(2026), (26, 26));
        assert_eq!(full(2000, 1, 2).age_on_new_year(2026), (25, 25));
        assert_eq!(full(2000, 12, 31).age_on_new_year(2026), (25, 25));
        assert_eq!(BirthDate::Year(2000).age_on_new_year(2026), (25, 26));
    }
}
