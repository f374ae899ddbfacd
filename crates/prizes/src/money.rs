//! Exact amounts of money, in cents: prize money is added and split to the cent, never with
//! floating point.
//!
//! ```
//! use prizes::Money;
//! let m: Money = "150.5".parse().unwrap();
//! assert_eq!(m.cents(), 15050);
//! assert_eq!(m.to_string(), "150.50");
//! assert_eq!("1 500,00".parse::<Money>().unwrap(), Money::from_cents(150_000).unwrap());
//! ```

use std::fmt;
use std::str::FromStr;

/// A non-negative amount of money in cents, at most [`Money::MAX`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Money(i64);

impl Money {
    pub const ZERO: Money = Money(0);
    /// 999,999,999.99: large enough for any prize fund, small enough that the sum of any
    /// prize list a file can hold stays far from overflowing.
    pub const MAX: Money = Money(99_999_999_999);

    /// `None` when `cents` is negative or above [`Money::MAX`].
    pub const fn from_cents(cents: i64) -> Option<Money> {
        if cents < 0 || cents > Money::MAX.0 {
            None
        } else {
            Some(Money(cents))
        }
    }

    pub const fn cents(self) -> i64 {
        self.0
    }

    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Display for Money {
    /// Always two decimals and a point: `150.00`, `0.05`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&format!("{}.{:02}", self.0 / 100, self.0 % 100))
    }
}

/// Why a text is not an amount of money.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected an amount such as 150 or 150.50 (at most 999999999.99, two decimals), found {found:?}")]
pub struct MoneyError {
    pub found: String,
}

impl FromStr for Money {
    type Err = MoneyError;

    /// Accepts `150`, `150.5`, `150.50`, `150,50` and spaces between thousands (`1 500`).
    /// A sign, a third decimal, letters or a currency symbol are refused.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || MoneyError {
            found: s.to_string(),
        };
        let t = s.trim();
        let (whole, frac) = match t.split_once(['.', ',']) {
            Some((w, f)) => (w, f),
            None => (t, ""),
        };
        // Thousands may be grouped with spaces (also the narrow no-break space French uses).
        let whole: String = whole
            .chars()
            .filter(|c| !matches!(c, ' ' | '\u{a0}' | '\u{202f}'))
            .collect();
        let digits = |x: &str| x.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty() || !digits(&whole) || !digits(frac) || frac.len() > 2 {
            return Err(err());
        }
        if whole.len() > 9 {
            return Err(err());
        }
        let units: i64 = whole.parse().map_err(|_| err())?;
        let cents: i64 = match frac.len() {
            0 => 0,
            1 => frac.parse::<i64>().map_err(|_| err())? * 10,
            _ => frac.parse().map_err(|_| err())?,
        };
        Money::from_cents(units * 100 + cents).ok_or_else(err)
    }
}

impl std::ops::Add for Money {
    type Output = Money;
    /// Saturates at [`Money::MAX`]; sums of prize lists never get there (see `MAX`).
    fn add(self, o: Money) -> Money {
        Money((self.0 + o.0).min(Money::MAX.0))
    }
}

impl std::iter::Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        iter.fold(Money::ZERO, |a, b| a + b)
    }
}

/// Splits `total` cents into `n` shares as equal as cents allow; the cents that do not divide go
/// one each to the first shares (the better-placed players). Empty when `n` is 0.
pub(crate) fn split_equally(total: i64, n: usize) -> Vec<i64> {
    if n == 0 {
        return Vec::new();
    }
    let n64 = n as i64;
    let (base, extra) = (total / n64, total % n64);
    (0..n64).map(|k| base + i64::from(k < extra)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_display() {
        for (s, c) in [
            ("150", 15000),
            ("150.5", 15050),
            ("150.50", 15050),
            ("150,05", 15005),
            (" 0.01 ", 1),
            ("1 500", 150000),
            ("1\u{202f}500,00", 150000),
            ("999999999.99", 99_999_999_999),
            ("0", 0),
        ] {
            assert_eq!(s.parse::<Money>().unwrap().cents(), c, "{s:?}");
        }
        for bad in [
            "",
            ".",
            "-5",
            "+5",
            "1.005",
            "12a",
            "€12",
            "1e3",
            "1.2.3",
            "1000000000",
        ] {
            assert!(bad.parse::<Money>().is_err(), "{bad:?}");
        }
        assert_eq!(Money::from_cents(5).unwrap().to_string(), "0.05");
        assert_eq!(Money::from_cents(123456).unwrap().to_string(), "1234.56");
        assert_eq!(format!("{:>7}", Money::from_cents(100).unwrap()), "   1.00");
        assert_eq!(Money::from_cents(-1), None);
    }

    #[test]
    fn equal_split_places_spare_cents_first() {
        assert_eq!(split_equally(10000, 3), vec![3334, 3333, 3333]);
        assert_eq!(split_equally(2, 3), vec![1, 1, 0]);
        assert_eq!(split_equally(9, 3), vec![3, 3, 3]);
        assert!(split_equally(5, 0).is_empty());
    }
}
