//! A small exact rational number for matchpoints, Neuberg factors and weights.
//!
//! Matchpoints are compared and summed exactly; `f64` appears only when a value is shown.

use std::cmp::Ordering;
use std::fmt;
use std::num::NonZeroI128;
use std::ops::{Add, AddAssign, Div, Mul, Neg, Sub};

/// An exact fraction `num / den`, always reduced, with `den > 0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ratio {
    num: i128,
    // Non-zero, so that `Option<Ratio>` needs no extra tag (memory on 72,000-line sessions).
    den: NonZeroI128,
}

const ONE_DEN: NonZeroI128 = match NonZeroI128::new(1) {
    Some(one) => one,
    None => unreachable!(),
};

fn gcd(a: i128, b: i128) -> i128 {
    let (a, b) = (a.unsigned_abs(), b.unsigned_abs());
    // Matchpoint fractions are small: a binary gcd on u64 avoids slow 128-bit division.
    if let (Ok(x), Ok(y)) = (u64::try_from(a), u64::try_from(b)) {
        return i128::from(binary_gcd(x, y));
    }
    let (mut a, mut b) = (a, b);
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a as i128
}

fn binary_gcd(mut a: u64, mut b: u64) -> u64 {
    if a == 0 {
        return b;
    }
    if b == 0 {
        return a;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

/// [`Ratio::round_scaled`] was asked for more places than its `i128` result can hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a value with {decimals} decimals does not fit in a 128-bit integer")]
pub struct ScaleOverflow {
    pub decimals: u32,
}

/// `magnitude` with a sign, when it fits an `i128` (−2^127 does).
fn signed(negative: bool, magnitude: u128) -> Option<i128> {
    if negative {
        0i128.checked_sub_unsigned(magnitude)
    } else {
        i128::try_from(magnitude).ok()
    }
}

impl Ratio {
    pub const ZERO: Ratio = Ratio {
        num: 0,
        den: ONE_DEN,
    };
    pub const ONE: Ratio = Ratio {
        num: 1,
        den: ONE_DEN,
    };

    /// `num / den`. Panics only on a zero denominator, which is a programming error.
    pub fn new(num: i128, den: i128) -> Ratio {
        assert!(den != 0, "zero denominator");
        if den == 1 {
            return Ratio { num, den: ONE_DEN };
        }
        let (mut num, mut den) = if den < 0 { (-num, -den) } else { (num, den) };
        let g = gcd(num, den);
        if g > 1 {
            num /= g;
            den /= g;
        }
        Ratio::raw(num, den)
    }

    pub const fn from_int(n: i64) -> Ratio {
        Ratio {
            num: n as i128,
            den: ONE_DEN,
        }
    }

    /// An already reduced fraction with a positive denominator.
    fn raw(num: i128, den: i128) -> Ratio {
        match NonZeroI128::new(den) {
            Some(den) => Ratio { num, den },
            None => Ratio::ZERO,
        }
    }

    fn d(self) -> i128 {
        self.den.get()
    }

    pub fn numer(self) -> i128 {
        self.num
    }

    pub fn denom(self) -> i128 {
        self.d()
    }

    pub fn is_integer(self) -> bool {
        self.d() == 1
    }

    pub fn is_zero(self) -> bool {
        self.num == 0
    }

    /// Only for display and for JSON numbers.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.d() as f64
    }

    /// Rounds to `decimals` places, halves away from zero, and returns the scaled integer
    /// (e.g. 71.428… with 2 decimals gives 7143).
    ///
    /// Any number of places may be asked for; the error says that the scaled result does not
    /// fit in an `i128` (always so past 38 places unless the value rounds to zero).
    ///
    /// ```
    /// use bridge::rational::{Ratio, ScaleOverflow};
    /// assert_eq!(Ratio::new(500, 7).round_scaled(2), Ok(7143));
    /// assert_eq!(Ratio::new(1, 3).round_scaled(40), Err(ScaleOverflow { decimals: 40 }));
    /// assert_eq!(Ratio::new(1, 30_000).round_scaled(1000), Err(ScaleOverflow { decimals: 1000 }));
    /// assert_eq!(Ratio::ZERO.round_scaled(1000), Ok(0));
    /// ```
    pub fn round_scaled(self, decimals: u32) -> Result<i128, ScaleOverflow> {
        let d = self.d();
        if let Some(n) = 10i128
            .checked_pow(decimals)
            .and_then(|scale| self.num.checked_mul(scale))
        {
            if d == 1 {
                return Ok(n);
            }
            // Half away from zero: round up when the remainder is at least d − remainder
            // (no 2 × remainder, which could overflow).
            if let (Ok(a), Ok(d)) = (u64::try_from(n.unsigned_abs()), u64::try_from(d)) {
                let r = a % d;
                let q = a / d + u64::from(r >= d - r);
                return Ok(if n < 0 { -i128::from(q) } else { i128::from(q) });
            }
            let (a, d) = (n.unsigned_abs(), d.unsigned_abs());
            let r = a % d;
            let q = a / d + u128::from(r >= d - r);
            return signed(n < 0, q).ok_or(ScaleOverflow { decimals });
        }
        // 10^decimals or the product does not fit: build the result digit by digit, so that
        // the error means the result itself is too large.
        let (int, frac) = self.rounded_digits(decimals);
        let q = frac.iter().try_fold(int, |q, &digit| {
            q.checked_mul(10)?.checked_add(u128::from(digit))
        });
        q.and_then(|q| signed(self.num < 0, q))
            .ok_or(ScaleOverflow { decimals })
    }

    /// |self| rounded half away from zero to `decimals` places: the integer part and the
    /// fractional digits. Exact for any number of places: a long division whose remainder
    /// stays below the denominator.
    fn rounded_digits(self, decimals: u32) -> (u128, Vec<u8>) {
        let d = self.d().unsigned_abs();
        let a = self.num.unsigned_abs();
        let mut int = a / d;
        let mut r = a % d;
        let mut frac = Vec::with_capacity(decimals as usize);
        for _ in 0..decimals {
            // 10 × r by repeated addition: r + r' < 2d ≤ 2^128 never overflows.
            let mut digit = 0u8;
            let mut next = 0u128;
            for _ in 0..10 {
                if next >= d - r {
                    next -= d - r;
                    digit += 1;
                } else {
                    next += r;
                }
            }
            frac.push(digit);
            r = next;
        }
        if r >= d - r {
            // Round up: carry through the nines.
            let mut carry = true;
            for digit in frac.iter_mut().rev() {
                if *digit == 9 {
                    *digit = 0;
                } else {
                    *digit += 1;
                    carry = false;
                    break;
                }
            }
            if carry {
                // At most 2^127, which fits a u128.
                int += 1;
            }
        }
        (int, frac)
    }

    /// Shows the value with `decimals` places (rounded half away from zero) through
    /// `Display`, honouring width and alignment; exact for any number of places, and without
    /// allocating up to 38 places.
    pub fn fixed(self, decimals: u32) -> Fixed {
        Fixed(self, decimals)
    }

    /// A fixed-point string with `decimals` places, rounded half away from zero; exact for any
    /// number of places.
    ///
    /// ```
    /// use bridge::Ratio;
    /// assert_eq!(Ratio::new(-1, 8).to_fixed(2), "-0.13");
    /// assert_eq!(Ratio::new(-1, 8).to_fixed(0), "0");
    /// assert_eq!(Ratio::new(2, 3).to_fixed(40), format!("0.{}7", "6".repeat(39)));
    /// ```
    pub fn to_fixed(self, decimals: u32) -> String {
        self.fixed(decimals).to_string()
    }

    /// Like [`Ratio::to_fixed`], but an exact integer is shown without decimals.
    pub fn to_short(self, decimals: u32) -> String {
        if self.is_integer() {
            self.num.to_string()
        } else {
            self.to_fixed(decimals)
        }
    }

    /// Parses a percentage from 0 to 100 with at most 4 decimals (`"60"`, `"62.5"`,
    /// `"33.3333"`), with checked arithmetic so that no digit string overflows; `None` for
    /// anything else. More decimals are refused so that the exact sums built on such a
    /// percentage keep small denominators.
    ///
    /// ```
    /// use bridge::Ratio;
    /// assert_eq!(Ratio::parse_percent("62.5"), Some(Ratio::new(125, 2)));
    /// assert_eq!(Ratio::parse_percent("33.33333"), None);
    /// assert_eq!(Ratio::parse_percent(&"9".repeat(40)), None);
    /// ```
    pub fn parse_percent(s: &str) -> Option<Ratio> {
        const PLACES: usize = 4;
        let (int, frac) = s.split_once('.').unwrap_or((s, ""));
        if int.is_empty() && frac.is_empty()
            || frac.len() > PLACES
            || !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit())
        {
            return None;
        }
        // In ten-thousandths of a percent.
        let mut units: i64 = 0;
        let digits = int
            .bytes()
            .chain(frac.bytes())
            .chain(std::iter::repeat_n(b'0', PLACES - frac.len()));
        for b in digits {
            units = units.checked_mul(10)?.checked_add(i64::from(b - b'0'))?;
        }
        (units <= 100 * 10_000).then(|| Ratio::new(i128::from(units), 10_000))
    }

    /// Parses `"60"`, `"-12.5"`, `"0.7"` or `"7/10"` exactly.
    pub fn parse_decimal(s: &str) -> Option<Ratio> {
        if let Some((a, b)) = s.split_once('/') {
            let a: i64 = a.trim().parse().ok()?;
            let b: i64 = b.trim().parse().ok()?;
            if b == 0 {
                return None;
            }
            return Some(Ratio::new(a as i128, b as i128));
        }
        let (neg, body) = match s.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, s.strip_prefix('+').unwrap_or(s)),
        };
        let (int, frac) = body.split_once('.').unwrap_or((body, ""));
        if int.is_empty() && frac.is_empty()
            || !int.bytes().all(|b| b.is_ascii_digit())
            || !frac.bytes().all(|b| b.is_ascii_digit())
            || int.len() > 12
            || frac.len() > 12
        {
            return None;
        }
        let mut num: i128 = 0;
        for b in int.bytes().chain(frac.bytes()) {
            num = num * 10 + i128::from(b - b'0');
        }
        let r = Ratio::new(num, 10i128.pow(frac.len() as u32));
        Some(if neg { -r } else { r })
    }
}

/// See [`Ratio::fixed`].
#[derive(Debug, Clone, Copy)]
pub struct Fixed(Ratio, u32);

impl fmt::Display for Fixed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Fixed(r, decimals) = *self;
        // The buffer holds the sign, the point and 62 digits.
        let Some(q) = r.round_scaled(decimals).ok().filter(|_| decimals <= 60) else {
            // Past what an i128 holds: the digits of a long division.
            let (int, frac) = r.rounded_digits(decimals);
            let negative = r.num < 0 && (int != 0 || frac.iter().any(|&d| d != 0));
            let mut text = String::with_capacity(frac.len() + 42);
            if negative {
                text.push('-');
            }
            text.push_str(&int.to_string());
            if !frac.is_empty() {
                text.push('.');
                text.extend(frac.iter().map(|&d| char::from(b'0' + d)));
            }
            return f.pad(&text);
        };
        let mut buf = [0u8; 64];
        let mut i = buf.len();
        let mut a = q.unsigned_abs();
        let mut written = 0;
        loop {
            if written == decimals && decimals > 0 {
                i -= 1;
                buf[i] = b'.';
            }
            i -= 1;
            buf[i] = b'0' + (a % 10) as u8;
            a /= 10;
            written += 1;
            if a == 0 && written > decimals || i < 2 {
                break;
            }
        }
        if q < 0 {
            i -= 1;
            buf[i] = b'-';
        }
        f.pad(std::str::from_utf8(&buf[i..]).unwrap_or("?"))
    }
}

impl Default for Ratio {
    fn default() -> Self {
        Ratio::ZERO
    }
}

impl From<i64> for Ratio {
    fn from(n: i64) -> Self {
        Ratio::from_int(n)
    }
}

impl Add for Ratio {
    type Output = Ratio;
    fn add(self, o: Ratio) -> Ratio {
        if self.d() == 1 && o.d() == 1 {
            return Ratio {
                num: self.num + o.num,
                den: ONE_DEN,
            };
        }
        if self.d() == o.d() {
            return Ratio::new(self.num + o.num, self.d());
        }
        // Over the least common denominator, so sums of many boards' fractions grow only
        // as far as their lcm.
        let g = gcd(self.d(), o.d());
        let (a, b) = (self.d() / g, o.d() / g);
        Ratio::new(self.num * b + o.num * a, a * o.d())
    }
}

impl AddAssign for Ratio {
    fn add_assign(&mut self, o: Ratio) {
        *self = *self + o;
    }
}

impl Sub for Ratio {
    type Output = Ratio;
    fn sub(self, o: Ratio) -> Ratio {
        self + (-o)
    }
}

impl Neg for Ratio {
    type Output = Ratio;
    fn neg(self) -> Ratio {
        Ratio {
            num: -self.num,
            den: self.den,
        }
    }
}

impl Mul for Ratio {
    type Output = Ratio;
    fn mul(self, o: Ratio) -> Ratio {
        // Cross-reduce first to keep the intermediate products small.
        let g1 = gcd(self.num, o.d()).max(1);
        let g2 = gcd(o.num, self.d()).max(1);
        Ratio::new(
            (self.num / g1) * (o.num / g2),
            (self.d() / g2) * (o.d() / g1),
        )
    }
}

impl Div for Ratio {
    type Output = Ratio;
    fn div(self, o: Ratio) -> Ratio {
        assert!(o.num != 0, "division by zero");
        let inverse = if o.num < 0 {
            Ratio::raw(-o.d(), -o.num)
        } else {
            Ratio::raw(o.d(), o.num)
        };
        self * inverse
    }
}

impl Ord for Ratio {
    fn cmp(&self, o: &Ratio) -> Ordering {
        if self.d() == o.d() {
            return self.num.cmp(&o.num);
        }
        cmp_fractions(self.num, self.d(), o.num, o.d())
    }
}

/// `a/b` against `c/d` (`b, d > 0`) exactly and without overflow: the cross products when
/// they fit, else the integer parts, then the remainders inverted (Euclid's steps, so at most
/// a few hundred). A pair's total over boards of many different sizes has a denominator
/// near the lcm of those sizes, and the cross products of two such totals overflowed.
fn cmp_fractions(a: i128, b: i128, c: i128, d: i128) -> Ordering {
    if let (Some(x), Some(y)) = (a.checked_mul(d), c.checked_mul(b)) {
        return x.cmp(&y);
    }
    let (qa, ra) = (a.div_euclid(b), a.rem_euclid(b));
    let (qc, rc) = (c.div_euclid(d), c.rem_euclid(d));
    if qa != qc {
        return qa.cmp(&qc);
    }
    match (ra == 0, rc == 0) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        // ra/b < rc/d exactly when d/rc < b/ra.
        (false, false) => cmp_fractions(d, rc, b, ra),
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, o: &Ratio) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl std::iter::Sum for Ratio {
    fn sum<I: Iterator<Item = Ratio>>(iter: I) -> Ratio {
        iter.fold(Ratio::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Ratio {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.d() == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.d())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_is_exact_and_reduced() {
        let a = Ratio::new(81, 7);
        let b = Ratio::new(17, 7);
        assert_eq!(a + b, Ratio::from_int(14));
        assert_eq!(Ratio::new(2, -4), Ratio::new(-1, 2));
        assert!(Ratio::new(1, 3) < Ratio::new(34, 100));
        assert_eq!(
            Ratio::new(10, 14) * Ratio::from_int(100),
            Ratio::new(500, 7)
        );
    }

    #[test]
    fn many_decimals_neither_overflow_nor_panic() {
        let big = i128::MAX;
        let values = [
            Ratio::new(500, 7),
            Ratio::new(-1, 8),
            Ratio::new(2, 3),
            Ratio::new(-2, 3),
            Ratio::new(big, 1),
            Ratio::new(i128::MIN, 1),
            Ratio::new(1, big),
            Ratio::new(big - 1, big),
            Ratio::new(-(big / 3), big),
            Ratio::ZERO,
        ];
        for n in [40u32, 1000] {
            for v in values {
                let text = v.to_fixed(n);
                assert_eq!(format!("{}", v.fixed(n)), text, "{v:?} {n}");
                let (int, frac) = text.trim_start_matches('-').split_once('.').unwrap();
                assert_eq!(frac.len(), n as usize, "{v:?} {n}");
                let whole = v.numer().unsigned_abs() / v.denom().unsigned_abs();
                assert_eq!(int, whole.to_string(), "{v:?} {n}");
                match v.round_scaled(n) {
                    Ok(q) => {
                        // The same digits as the text, without the point.
                        let plain = text.replace('.', "");
                        let body = plain.trim_start_matches('-').trim_start_matches('0');
                        let sign = if plain.starts_with('-') { "-" } else { "" };
                        let same = if body.is_empty() {
                            "0".to_string()
                        } else {
                            format!("{sign}{body}")
                        };
                        assert_eq!(q.to_string(), same, "{v:?} {n}");
                    }
                    Err(e) => assert_eq!(e, ScaleOverflow { decimals: n }),
                }
            }
        }
        assert_eq!(
            Ratio::new(2, 3).to_fixed(40),
            format!("0.{}7", "6".repeat(39))
        );
        assert_eq!(
            Ratio::new(-2, 3).to_fixed(1000),
            format!("-0.{}7", "6".repeat(999))
        );
        assert_eq!(
            Ratio::new(-1, 8).to_fixed(40),
            format!("-0.125{}", "0".repeat(37))
        );
        assert_eq!(Ratio::new(-1, 8).to_fixed(2), "-0.13");
        assert_eq!(Ratio::new(-1, 8).to_fixed(0), "0");
        assert_eq!(
            Ratio::new(big, 1).to_fixed(40),
            format!("{big}.{}", "0".repeat(40))
        );
        assert_eq!(Ratio::new(i128::MIN, 1).round_scaled(0), Ok(i128::MIN));
        // 1/(2^127 - 1) ≈ 5.88e-39: 40 places give 59 (fits), 1000 do not.
        assert_eq!(Ratio::new(1, big).round_scaled(40), Ok(59));
        assert_eq!(
            Ratio::new(1, big).to_fixed(40),
            format!("0.{}59", "0".repeat(38))
        );
        // Halves round away from zero, with the carry into the integer part.
        assert_eq!(Ratio::new(-19_999, 2000).to_fixed(2), "-10.00");
        assert_eq!(Ratio::new(-19_999, 2000).round_scaled(2), Ok(-1000));
    }

    #[test]
    fn percentages_take_at_most_four_decimals_and_never_overflow() {
        assert_eq!(Ratio::parse_percent("60"), Some(Ratio::from_int(60)));
        assert_eq!(Ratio::parse_percent("100"), Some(Ratio::from_int(100)));
        assert_eq!(Ratio::parse_percent("0"), Some(Ratio::ZERO));
        assert_eq!(
            Ratio::parse_percent("33.3333"),
            Some(Ratio::new(333_333, 10_000))
        );
        assert_eq!(Ratio::parse_percent(".5"), Some(Ratio::new(1, 2)));
        assert_eq!(Ratio::parse_percent("50."), Some(Ratio::from_int(50)));
        let forty = format!("{}40", "0".repeat(60));
        assert_eq!(Ratio::parse_percent(&forty), Some(Ratio::from_int(40)));
        for bad in [
            "", ".", "100.0001", "101", "33.33333", "-40", "+40", "4e1", "7/10", " 60", "1.2.3",
        ] {
            assert_eq!(Ratio::parse_percent(bad), None, "{bad:?}");
        }
        for n in [19, 20, 40, 1000] {
            assert_eq!(Ratio::parse_percent(&"9".repeat(n)), None, "{n} nines");
            let long = format!("1{}", "0".repeat(n));
            assert_eq!(Ratio::parse_percent(&long), None, "{n} zeros");
            let tail = format!("50.{}", "0".repeat(n));
            assert_eq!(Ratio::parse_percent(&tail), None, "{n} decimals");
        }
    }

    #[test]
    fn comparison_never_overflows() {
        // Denominators near 2^63 each: the cross products do not fit in i128.
        let big = 9_223_372_036_854_775_783; // prime
        let other = 9_223_372_036_854_775_643; // prime
        let a = Ratio::new(big - 1, big); // just below 1
        let b = Ratio::new(other - 1, other); // further below 1
        assert!(a > b);
        assert_eq!(b.cmp(&a), Ordering::Less);
        assert!(Ratio::new(1, big) < Ratio::new(1, other));
        assert!(Ratio::new(-1, big) > Ratio::new(-1, other));
        assert!(Ratio::new(3 * big + 1, big) < Ratio::new(3 * other + 1, other));
        assert!(Ratio::new(-3 * big - 1, big) < Ratio::new(-3 * other + 1, other));
        assert_eq!(a.cmp(&a), Ordering::Equal);
        // Same value as small fractions, against the cross products.
        for (p, q, r, t) in [
            (1, 3, 34, 100),
            (-7, 9, -3, 4),
            (5, 1, 10, 2),
            (0, 1, -1, 7),
        ] {
            let (x, y) = (Ratio::new(p, q), Ratio::new(r, t));
            assert_eq!(x.cmp(&y), (p * t).cmp(&(r * q)), "{p}/{q} against {r}/{t}");
            assert_eq!(
                cmp_fractions(p * big, q * big, r, t),
                (p * t).cmp(&(r * q)),
                "{p}/{q} scaled against {r}/{t}"
            );
        }
    }

    #[test]
    fn sums_stay_reduced_over_many_denominators() {
        // Neuberg fractions of boards played 2..=60 times: the total's denominator is their
        // lcm, far below the product.
        let total: Ratio = (2..=60).map(|n| Ratio::new(1, n)).sum();
        let mut check = Ratio::ZERO;
        for n in (2..=60).rev() {
            check += Ratio::new(1, n);
        }
        assert_eq!(total, check);
        assert!(total > Ratio::from_int(3) && total < Ratio::from_int(4));
        assert_eq!(Ratio::new(3, 4) / Ratio::new(-3, 8), Ratio::from_int(-2));
    }

    #[test]
    fn rounding_is_half_away_from_zero() {
        assert_eq!(Ratio::new(500, 7).to_fixed(2), "71.43");
        assert_eq!(Ratio::new(3300, 42).to_fixed(0), "79");
        assert_eq!(Ratio::new(1, 8).to_fixed(2), "0.13");
        assert_eq!(Ratio::new(-1, 8).to_fixed(2), "-0.13");
        assert_eq!(Ratio::new(199, 10).to_fixed(1), "19.9");
        assert_eq!(Ratio::from_int(14).to_short(2), "14");
        for (r, d) in [
            (Ratio::new(500, 7), 2),
            (Ratio::new(-1, 8), 2),
            (Ratio::new(1, 300), 2),
            (Ratio::new(-1, 300), 2),
            (Ratio::from_int(0), 0),
            (Ratio::new(199, 10), 1),
            (Ratio::from_int(42), 2),
        ] {
            assert_eq!(
                format!("{:>8}", r.fixed(d)),
                format!("{:>8}", r.to_fixed(d))
            );
        }
    }

    #[test]
    fn parses_decimals() {
        assert_eq!(Ratio::parse_decimal("0.7"), Some(Ratio::new(7, 10)));
        assert_eq!(Ratio::parse_decimal("-12.5"), Some(Ratio::new(-25, 2)));
        assert_eq!(Ratio::parse_decimal("60"), Some(Ratio::from_int(60)));
        assert_eq!(Ratio::parse_decimal("7/10"), Some(Ratio::new(7, 10)));
        assert_eq!(Ratio::parse_decimal("x"), None);
        assert_eq!(Ratio::parse_decimal("."), None);
    }
}
