//! Contracts, declarers and opening leads as a club writes them, in English or in French.
//!
//! A French club writes the strains P (pique), C (cœur), K (carreau), T (trèfle) and SA
//! (sans-atout), the seats N, E, S, O and the honours A, R (roi), D (dame), V (valet). The
//! letters C and S mean another thing in English: in French notation `4C` is four hearts, and
//! the English letters S, H and D are refused with the letter to type instead, never read as a
//! guess. Suit symbols (♠ ♥ ♦ ♣) read the same in both.
//!
//! ```
//! use bridge::notation::{parse_bid, Notation, NotationError};
//! use bridge::{Bid, Strain};
//!
//! let Bid::Contract(c) = parse_bid("4C", Notation::French).unwrap() else { unreachable!() };
//! assert_eq!(c.strain, Strain::Hearts);
//! let Bid::Contract(c) = parse_bid("4C", Notation::English).unwrap() else { unreachable!() };
//! assert_eq!(c.strain, Strain::Clubs);
//! assert!(matches!(parse_bid("4S", Notation::French), Err(NotationError::Ambiguous { .. })));
//! ```

use crate::board::Seat;
use crate::contract::{Bid, ContractError, Doubling, Strain};

/// How letters are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Notation {
    /// C D H S NT; seats N E S W.
    #[default]
    English,
    /// P C K T SA; seats N E S O.
    French,
}

/// An English letter refused in French notation, and what to type instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ambiguity {
    /// `S`: spades (P) or sans-atout (SA)?
    Spades,
    /// `H`: hearts is C (cœur) in French.
    Hearts,
    /// `D`: diamonds is K (carreau) in French.
    Diamonds,
}

impl Ambiguity {
    /// A short code for messages: `s`, `h`, `d`.
    pub fn code(self) -> &'static str {
        match self {
            Ambiguity::Spades => "s",
            Ambiguity::Hearts => "h",
            Ambiguity::Diamonds => "d",
        }
    }

    /// What to type instead, in English (the pages say it in their language).
    pub fn instead(self) -> &'static str {
        match self {
            Ambiguity::Spades => "P (pique) or ♠ for spades, SA for no-trump",
            Ambiguity::Hearts => "C (cœur) or ♥ for hearts",
            Ambiguity::Diamonds => "K (carreau) or ♦ for diamonds",
        }
    }
}

/// Why a contract or a lead was not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error(transparent)]
    Contract(#[from] ContractError),
    /// A letter that means another thing in French notation.
    #[error("\"{letter}\" is ambiguous in French notation: type {}", .which.instead())]
    Ambiguous { letter: char, which: Ambiguity },
    /// A lead that is not a card.
    #[error("expected a card such as PA, C10 or ♦7, found \"{found}\"")]
    Lead { found: String },
}

fn ambiguity(letter: char) -> Option<Ambiguity> {
    match letter.to_ascii_uppercase() {
        'S' => Some(Ambiguity::Spades),
        'H' => Some(Ambiguity::Hearts),
        'D' => Some(Ambiguity::Diamonds),
        _ => None,
    }
}

/// A French suit letter as the English one (symbols kept).
fn french_suit(letter: char) -> Option<char> {
    match letter.to_ascii_uppercase() {
        'P' => Some('S'),
        'C' => Some('H'),
        'K' => Some('D'),
        'T' => Some('C'),
        c @ ('♠' | '♥' | '♦' | '♣') => Some(c),
        _ => None,
    }
}

/// A contract: `3NT`, `4SX`, `PASS` in English; `3SA`, `4PX`, `4C` (cœur), `PASSE` in French.
/// `SA` is no-trump in both.
pub fn parse_bid(text: &str, notation: Notation) -> Result<Bid, NotationError> {
    let t = text.trim();
    let upper = t.to_uppercase();
    if upper == "PASSE" || upper == "PASSÉ" {
        return Ok(Bid::Pass);
    }
    let mut chars = t.chars();
    let level = chars.next();
    let rest: String = chars.collect();
    let rest_upper = rest.to_uppercase();
    // `SA` (sans-atout) is no-trump whatever the notation.
    if let (Some(l @ '1'..='7'), Some(after)) = (level, rest_upper.strip_prefix("SA")) {
        return Ok(format!("{l}NT{after}").parse::<Bid>()?);
    }
    if notation == Notation::English || !matches!(level, Some('1'..='7')) {
        return Ok(t.parse::<Bid>()?);
    }
    let Some(strain) = rest.chars().next() else {
        return Ok(t.parse::<Bid>()?);
    };
    let doubling = &rest[strain.len_utf8()..];
    if let Some(which) = ambiguity(strain) {
        return Err(NotationError::Ambiguous {
            letter: strain.to_ascii_uppercase(),
            which,
        });
    }
    let english = match french_suit(strain) {
        Some(c) => c.to_string(),
        // N, NT and anything else: the English reader says what is wrong.
        None => strain.to_string(),
    };
    Ok(format!("{}{english}{doubling}", level.unwrap_or(' ')).parse::<Bid>()?)
}

/// A declarer: N, E, S, W; O (ouest) in both notations, W in both too.
pub fn parse_seat(text: &str) -> Option<Seat> {
    match text.trim().to_ascii_uppercase().as_str() {
        "N" => Some(Seat::North),
        "E" => Some(Seat::East),
        "S" => Some(Seat::South),
        "W" | "O" => Some(Seat::West),
        _ => None,
    }
}

/// An opening lead, suit then card, as the English code `SA`, `H10`, `CJ` (empty when not
/// given). French: `PA` (as de pique), `C10` (dix de cœur), `KR` (roi de carreau), `TV` (valet
/// de trèfle). Suit symbols in both (`♠A`, `♥10`).
pub fn parse_lead(text: &str, notation: Notation) -> Result<String, NotationError> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(String::new());
    }
    let bad = || NotationError::Lead {
        found: t.chars().take(12).collect(),
    };
    let mut chars = t.chars();
    let first = chars.next().ok_or_else(bad)?;
    let suit = match notation {
        Notation::French => {
            if let Some(which) = ambiguity(first) {
                return Err(NotationError::Ambiguous {
                    letter: first.to_ascii_uppercase(),
                    which,
                });
            }
            french_suit(first).ok_or_else(bad)?
        }
        Notation::English => first.to_ascii_uppercase(),
    };
    let suit = match suit {
        '♠' | 'S' => 'S',
        '♥' | 'H' => 'H',
        '♦' | 'D' => 'D',
        '♣' | 'C' => 'C',
        _ => return Err(bad()),
    };
    let card = chars.as_str().trim().to_uppercase();
    let card = match (notation, card.as_str()) {
        (_, "T") if notation == Notation::English => "10",
        (Notation::French, "R") => "K",
        (Notation::French, "D") => "Q",
        (_, "V") => "J",
        (_, c) => c,
    };
    let ok = matches!(
        card,
        "A" | "K" | "Q" | "J" | "10" | "9" | "8" | "7" | "6" | "5" | "4" | "3" | "2"
    );
    if ok {
        Ok(format!("{suit}{card}"))
    } else {
        Err(bad())
    }
}

/// A contract written in `notation`: `4H` in English, `4C` in French, `3SA`, `PASS`/`Passe`.
pub fn bid_text(bid: Bid, notation: Notation) -> String {
    match (bid, notation) {
        (_, Notation::English) => bid.to_string(),
        (Bid::Pass, Notation::French) => "Passe".to_string(),
        (Bid::Contract(c), Notation::French) => {
            let strain = match c.strain {
                Strain::Spades => "P",
                Strain::Hearts => "C",
                Strain::Diamonds => "K",
                Strain::Clubs => "T",
                Strain::NoTrump => "SA",
            };
            let doubling = match c.doubling {
                Doubling::Undoubled => "",
                Doubling::Doubled => "X",
                Doubling::Redoubled => "XX",
            };
            format!("{}{strain}{doubling}", c.level())
        }
    }
}

/// A lead's English code (`SA`, `H10`) written in `notation`: `PA`, `C10`, `KR` in French.
pub fn lead_text(code: &str, notation: Notation) -> String {
    if notation == Notation::English || code.is_empty() {
        return code.to_string();
    }
    let mut chars = code.chars();
    let suit = match chars.next() {
        Some('S') => 'P',
        Some('H') => 'C',
        Some('D') => 'K',
        Some('C') => 'T',
        _ => return code.to_string(),
    };
    let card = match chars.as_str() {
        "K" => "R",
        "Q" => "D",
        "J" => "V",
        c => c,
    };
    format!("{suit}{card}")
}

/// A seat's letter in `notation`: W is O (ouest) in French.
pub fn seat_text(seat: Seat, notation: Notation) -> char {
    match (seat, notation) {
        (Seat::West, Notation::French) => 'O',
        (s, _) => s.letter(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contract(text: &str, n: Notation) -> (u8, Strain, Doubling) {
        match parse_bid(text, n).unwrap() {
            Bid::Contract(c) => (c.level(), c.strain, c.doubling),
            Bid::Pass => panic!("{text}: pass"),
        }
    }

    #[test]
    fn french_letters_read_as_a_french_club_writes_them() {
        let f = Notation::French;
        assert_eq!(contract("4C", f), (4, Strain::Hearts, Doubling::Undoubled));
        assert_eq!(contract("4c", f).1, Strain::Hearts);
        assert_eq!(contract("3K", f).1, Strain::Diamonds);
        assert_eq!(contract("2T", f).1, Strain::Clubs);
        assert_eq!(
            contract("6PXX", f),
            (6, Strain::Spades, Doubling::Redoubled)
        );
        assert_eq!(contract("3SA", f).1, Strain::NoTrump);
        assert_eq!(contract("3SAX", f).2, Doubling::Doubled);
        assert_eq!(contract("3NT", f).1, Strain::NoTrump);
        assert_eq!(contract("4♥", f).1, Strain::Hearts);
        assert_eq!(contract("5♣X", f).1, Strain::Clubs);
        assert_eq!(parse_bid("Passe", f).unwrap(), Bid::Pass);
        assert_eq!(parse_bid("P", f).unwrap(), Bid::Pass);
    }

    #[test]
    fn english_letters_stay_english_and_symbols_read_the_same() {
        let e = Notation::English;
        assert_eq!(contract("4C", e).1, Strain::Clubs);
        assert_eq!(contract("4S", e).1, Strain::Spades);
        assert_eq!(contract("3SA", e).1, Strain::NoTrump);
        assert_eq!(contract("4♥", e).1, Strain::Hearts);
    }

    #[test]
    fn english_only_letters_are_refused_in_french_with_what_to_type() {
        for (text, which) in [
            ("4S", Ambiguity::Spades),
            ("2H", Ambiguity::Hearts),
            ("3DX", Ambiguity::Diamonds),
        ] {
            match parse_bid(text, Notation::French) {
                Err(NotationError::Ambiguous { which: w, .. }) => assert_eq!(w, which),
                other => panic!("{text}: {other:?}"),
            }
        }
        assert!(parse_bid("8C", Notation::French).is_err());
        assert!(parse_bid("4Z", Notation::French).is_err());
    }

    #[test]
    fn leads_in_both_notations() {
        let (e, f) = (Notation::English, Notation::French);
        assert_eq!(parse_lead("SA", e).unwrap(), "SA");
        assert_eq!(parse_lead("C10", e).unwrap(), "C10");
        assert_eq!(parse_lead("HT", e).unwrap(), "H10");
        assert_eq!(parse_lead("PA", f).unwrap(), "SA");
        assert_eq!(parse_lead("C10", f).unwrap(), "H10");
        assert_eq!(parse_lead("KR", f).unwrap(), "DK");
        assert_eq!(parse_lead("TV", f).unwrap(), "CJ");
        assert_eq!(parse_lead("pd", f).unwrap(), "SQ");
        assert_eq!(parse_lead("♦7", f).unwrap(), "D7");
        assert_eq!(parse_lead("", f).unwrap(), "");
        assert!(matches!(
            parse_lead("SA", f),
            Err(NotationError::Ambiguous {
                which: Ambiguity::Spades,
                ..
            })
        ));
        assert!(parse_lead("PZ", f).is_err());
        assert!(parse_lead("X2", e).is_err());
    }

    #[test]
    fn written_back_in_each_notation_and_read_again() {
        for n in [Notation::English, Notation::French] {
            for text in ["4H", "3NT", "6SXX", "2CX", "1D", "PASS"] {
                let bid: Bid = text.parse().unwrap();
                assert_eq!(parse_bid(&bid_text(bid, n), n).unwrap(), bid, "{text}");
            }
            for code in ["SA", "H10", "DK", "CJ", "SQ", "H2"] {
                assert_eq!(parse_lead(&lead_text(code, n), n).unwrap(), code);
            }
        }
        assert_eq!(bid_text("4H".parse().unwrap(), Notation::French), "4C");
        assert_eq!(lead_text("SA", Notation::French), "PA");
        assert_eq!(seat_text(Seat::West, Notation::French), 'O');
    }

    #[test]
    fn seats_with_ouest() {
        assert_eq!(parse_seat("O"), Some(Seat::West));
        assert_eq!(parse_seat("w"), Some(Seat::West));
        assert_eq!(parse_seat("S"), Some(Seat::South));
        assert_eq!(parse_seat("X"), None);
    }
}
