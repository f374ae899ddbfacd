//! Contracts and the duplicate scoring table (Law 77).

use std::fmt;
use std::str::FromStr;

use crate::board::{Seat, Vulnerability};

/// The denomination of a contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Strain {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
    NoTrump,
}

impl Strain {
    pub const ALL: [Strain; 5] = [
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::Spades,
        Strain::NoTrump,
    ];

    /// The English abbreviation used by PBN and USEBIO.
    pub fn code(self) -> &'static str {
        match self {
            Strain::Clubs => "C",
            Strain::Diamonds => "D",
            Strain::Hearts => "H",
            Strain::Spades => "S",
            Strain::NoTrump => "NT",
        }
    }

    /// Trick value of every trick after the first (and of undoubled overtricks).
    fn trick_value(self) -> i32 {
        match self {
            Strain::Clubs | Strain::Diamonds => 20,
            _ => 30,
        }
    }
}

/// Undoubled, doubled or redoubled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Doubling {
    Undoubled,
    Doubled,
    Redoubled,
}

impl Doubling {
    pub const ALL: [Doubling; 3] = [Doubling::Undoubled, Doubling::Doubled, Doubling::Redoubled];

    fn suffix(self) -> &'static str {
        match self {
            Doubling::Undoubled => "",
            Doubling::Doubled => "X",
            Doubling::Redoubled => "XX",
        }
    }

    fn factor(self) -> i32 {
        match self {
            Doubling::Undoubled => 1,
            Doubling::Doubled => 2,
            Doubling::Redoubled => 4,
        }
    }
}

/// A final contract: a level 1–7 in a strain, possibly doubled. Passed-out boards are
/// represented by [`Bid::Pass`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Contract {
    level: u8,
    pub strain: Strain,
    pub doubling: Doubling,
}

impl Contract {
    /// `None` when the level is outside 1–7.
    pub fn new(level: u8, strain: Strain, doubling: Doubling) -> Option<Contract> {
        (1..=7).contains(&level).then_some(Contract {
            level,
            strain,
            doubling,
        })
    }

    pub fn level(self) -> u8 {
        self.level
    }

    /// Tricks the declarer needs: level + 6.
    pub fn target(self) -> u8 {
        self.level + 6
    }

    /// The declaring side's score when it takes `tricks` tricks (0–13).
    pub fn score(self, vulnerable: bool, tricks: u8) -> i32 {
        let level = i32::from(self.level);
        let tricks = i32::from(tricks.min(13));
        let need = level + 6;
        let factor = self.doubling.factor();
        if tricks >= need {
            let step = self.strain.trick_value();
            let first = if self.strain == Strain::NoTrump {
                40
            } else {
                step
            };
            let trick_score = (first + step * (level - 1)) * factor;
            let mut score = trick_score;
            score += if trick_score >= 100 {
                if vulnerable {
                    500
                } else {
                    300
                }
            } else {
                50
            };
            score += match (level, vulnerable) {
                (6, false) => 500,
                (6, true) => 750,
                (7, false) => 1000,
                (7, true) => 1500,
                _ => 0,
            };
            let over = tricks - need;
            score += match self.doubling {
                Doubling::Undoubled => over * step,
                Doubling::Doubled => over * if vulnerable { 200 } else { 100 },
                Doubling::Redoubled => over * if vulnerable { 400 } else { 200 },
            };
            // The "insult": 50 for making a doubled contract, 100 redoubled.
            score += match self.doubling {
                Doubling::Undoubled => 0,
                Doubling::Doubled => 50,
                Doubling::Redoubled => 100,
            };
            score
        } else {
            let down = need - tricks;
            let penalty = match self.doubling {
                Doubling::Undoubled => down * if vulnerable { 100 } else { 50 },
                d => {
                    let doubled = if vulnerable {
                        200 + 300 * (down - 1)
                    } else {
                        // 100, 300, 500, then 300 more for each from the fourth.
                        100 + 200 * (down - 1).min(2) + 300 * (down - 3).max(0)
                    };
                    doubled * d.factor() / 2
                }
            };
            -penalty
        }
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}{}",
            self.level,
            self.strain.code(),
            self.doubling.suffix()
        )
    }
}

/// A final contract or a passed-out board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bid {
    Pass,
    Contract(Contract),
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bid::Pass => f.write_str("PASS"),
            Bid::Contract(c) => c.fmt(f),
        }
    }
}

/// Why a contract text was not understood: the character offset and what was there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected {expected}, found {found}")]
pub struct ContractError {
    /// 0-based character offset inside the text.
    pub offset: usize,
    pub expected: &'static str,
    pub found: String,
}

impl FromStr for Bid {
    type Err = ContractError;

    /// Accepts `3NT`, `3N`, `4SX`, `4S*`, `1CXX`, `2♥X`, `PASS`, `Pass`, `P`, `AP`.
    fn from_str(text: &str) -> Result<Bid, ContractError> {
        let t = text.trim();
        if ["PASS", "P", "AP", "PASSED", "ALL PASS"]
            .iter()
            .any(|p| t.eq_ignore_ascii_case(p))
        {
            return Ok(Bid::Pass);
        }
        let err = |offset: usize, expected: &'static str, found: &str| ContractError {
            offset,
            expected,
            found: if found.is_empty() {
                "the end of the contract".to_string()
            } else {
                crate::session::quote(found)
            },
        };
        let mut chars = t.char_indices().peekable();
        let level = match chars.next() {
            Some((_, c @ '1'..='7')) => c as u8 - b'0',
            Some((i, _)) => {
                return Err(err(
                    i,
                    "a contract level 1-7 (or PASS)",
                    &t[i..].chars().take(1).collect::<String>(),
                ))
            }
            None => return Err(err(0, "a contract such as 3NT or PASS", "")),
        };
        let (i, c) = match chars.next() {
            Some(x) => x,
            None => return Err(err(1, "a strain (C, D, H, S or NT)", "")),
        };
        let strain = match c.to_ascii_uppercase() {
            'C' | '♣' => Strain::Clubs,
            'D' | '♦' => Strain::Diamonds,
            'H' | '♥' => Strain::Hearts,
            'S' | '♠' => Strain::Spades,
            'N' => {
                if matches!(chars.peek(), Some((_, 'T' | 't'))) {
                    chars.next();
                }
                Strain::NoTrump
            }
            _ => return Err(err(i, "a strain (C, D, H, S or NT)", &c.to_string())),
        };
        let off = chars.peek().map_or(t.len(), |&(i, _)| i);
        let rest = &t[off..];
        let doubling = if rest.is_empty() {
            Doubling::Undoubled
        } else if ["X", "*", "D"].iter().any(|d| rest.eq_ignore_ascii_case(d)) {
            Doubling::Doubled
        } else if ["XX", "**", "R"]
            .iter()
            .any(|d| rest.eq_ignore_ascii_case(d))
        {
            Doubling::Redoubled
        } else {
            let off = t[..off].chars().count();
            return Err(err(off, "nothing, X or XX after the strain", rest));
        };
        Ok(Bid::Contract(Contract {
            level,
            strain,
            doubling,
        }))
    }
}

/// The outcome of a contract at one table, as written on a traveller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Played {
    PassedOut,
    Made {
        contract: Contract,
        declarer: Seat,
        /// Tricks taken by the declarer, 0–13.
        tricks: u8,
    },
}

impl Played {
    /// Checks that the trick count is possible.
    pub fn new(contract: Contract, declarer: Seat, tricks: u8) -> Option<Played> {
        (tricks <= 13).then_some(Played::Made {
            contract,
            declarer,
            tricks,
        })
    }

    /// The score from North-South's point of view at the given vulnerability.
    pub fn score_ns(self, vul: Vulnerability) -> i32 {
        match self {
            Played::PassedOut => 0,
            Played::Made {
                contract,
                declarer,
                tricks,
            } => {
                let s = contract.score(vul.is_vulnerable(declarer), tricks);
                if declarer.is_north_south() {
                    s
                } else {
                    -s
                }
            }
        }
    }

    /// The result relative to the contract: `=`, `+1`, `-3` (empty when passed out).
    pub fn relative(self) -> String {
        match self {
            Played::PassedOut => String::new(),
            Played::Made {
                contract, tricks, ..
            } => {
                let d = i32::from(tricks) - i32::from(contract.target());
                match d {
                    0 => "=".to_string(),
                    d if d > 0 => format!("+{d}"),
                    d => d.to_string(),
                }
            }
        }
    }
}

/// Reads a result as tricks taken (`9`) or relative to the contract (`=`, `+1`, `-3`, `-`
/// alone is not accepted). Returns the tricks taken, or a message on failure.
pub fn parse_result(contract: Contract, text: &str) -> Result<u8, (&'static str, String)> {
    let t = text.trim();
    let target = i64::from(contract.target());
    // i64 and a short length limit: no trick count text can overflow.
    let number = |x: &str| -> Option<i64> {
        (x.len() <= 4 && !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit()))
            .then(|| x.parse().ok())
            .flatten()
    };
    let bad = || {
        (
            "a result such as =, +1, -2 or a trick count",
            crate::session::excerpt(t),
        )
    };
    let tricks: i64 = if t == "=" || t.eq_ignore_ascii_case("m") {
        target
    } else if let Some(rest) = t.strip_prefix('+') {
        target + number(rest).ok_or_else(bad)?
    } else if let Some(rest) = t.strip_prefix('-') {
        target - number(rest).ok_or_else(bad)?
    } else {
        number(t).ok_or_else(bad)?
    };
    if !(0..=13).contains(&tricks) {
        return Err((
            "a possible number of tricks (0-13)",
            format!("{t} ({tricks} tricks for {contract})"),
        ));
    }
    Ok(tricks as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Contract {
        match s.parse::<Bid>().unwrap() {
            Bid::Contract(c) => c,
            Bid::Pass => panic!(),
        }
    }

    #[test]
    fn worked_scores_from_the_rules() {
        let cases = [
            ("3C", true, 10, 130),
            ("3NT", true, 6, -300),
            ("3NT", false, 6, -150),
            ("2S", false, 8, 110),
            ("1NT", true, 11, 210),
            ("2HX", true, 8, 670),
            ("4S", false, 10, 420),
            ("4S", true, 10, 620),
            ("4S", true, 11, 650),
            ("3NTX", false, 10, 650),
            ("6NT", true, 12, 1440),
            ("7NTXX", true, 13, 2980),
            ("1CXX", false, 8, 430),
            ("4HX", false, 9, -100),
            ("4HX", false, 6, -800),
            ("4HX", true, 6, -1100),
            ("4HXX", false, 6, -1600),
        ];
        for (contract, vul, tricks, want) in cases {
            assert_eq!(
                c(contract).score(vul, tricks),
                want,
                "{contract} {vul} {tricks}"
            );
        }
    }

    #[test]
    fn parses_contract_spellings() {
        assert_eq!(c("3N").to_string(), "3NT");
        assert_eq!(c("2♥X").to_string(), "2HX");
        assert_eq!(c("4s*").to_string(), "4SX");
        assert_eq!("Pass".parse::<Bid>(), Ok(Bid::Pass));
        let e = "8NT".parse::<Bid>().unwrap_err();
        assert_eq!(e.offset, 0);
        let e = "3Z".parse::<Bid>().unwrap_err();
        assert_eq!((e.offset, e.found.as_str()), (1, "\"Z\""));
        assert!("3NTXXX".parse::<Bid>().is_err());
    }

    #[test]
    fn results_relative_or_tricks() {
        assert_eq!(parse_result(c("3NT"), "-3"), Ok(6));
        assert_eq!(parse_result(c("3NT"), "="), Ok(9));
        assert_eq!(parse_result(c("1NT"), "+4"), Ok(11));
        assert_eq!(parse_result(c("2H"), "8"), Ok(8));
        assert!(parse_result(c("7NT"), "+1").is_err());
        assert!(parse_result(c("1NT"), "-8").is_err());
        assert!(parse_result(c("1NT"), "14").is_err());
    }
}
