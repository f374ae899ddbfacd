//! A full deal: the 52 cards in four hands of 13, read from and written as the PBN `Deal`
//! tag value (`N:AKQ.JT9.876.5432 …`, hands clockwise from the first seat, suits ♠.♥.♦.♣).
//!
//! ```
//! use bridge::{Deal, Seat};
//!
//! let deal: Deal = "E:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
//!     .parse()
//!     .unwrap();
//! assert_eq!(deal.hand(Seat::East).to_string(), "AKQJT98765432...");
//! // Written back North first.
//! assert!(deal.to_string().starts_with("N:...AKQJT98765432 "));
//! ```

use std::fmt;
use std::str::FromStr;

use crate::board::Seat;

/// A suit, in the PBN order of a hand: spades first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Spades,
    Hearts,
    Diamonds,
    Clubs,
}

impl Suit {
    /// The PBN order within a hand.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    pub fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }
}

/// Rank letters from the ace down, as PBN writes them; bit `r` of a holding is rank `r`
/// (2 to 14, the ace).
const RANKS: &[u8; 13] = b"AKQJT98765432";

fn rank_of(c: char) -> Option<u8> {
    let c = c.to_ascii_uppercase() as u8;
    RANKS.iter().position(|&r| r == c).map(|i| 14 - i as u8)
}

/// One player's cards: a 13-bit holding per suit (bit 2 the two … bit 14 the ace).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Hand {
    holdings: [u16; 4],
}

impl Hand {
    /// The holding in `suit`, bit `r` set for rank `r` (2 to 14).
    pub fn holding(&self, suit: Suit) -> u16 {
        self.holdings[suit as usize]
    }

    pub fn len(&self) -> u32 {
        self.holdings.iter().map(|h| h.count_ones()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The ranks held in `suit`, highest first, as PBN letters (`AKT2`).
    pub fn ranks(&self, suit: Suit) -> String {
        let h = self.holding(suit);
        (2..=14u8)
            .rev()
            .filter(|r| h & (1 << r) != 0)
            .map(|r| RANKS[(14 - r) as usize] as char)
            .collect()
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, suit) in Suit::ALL.into_iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            f.write_str(&self.ranks(suit))?;
        }
        Ok(())
    }
}

/// The four hands of a deal, every card dealt once and 13 to each hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deal {
    hands: [Hand; 4],
}

/// Why a deal text was refused: the character offset in the text, what was expected and
/// what was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected {expected}, found {found}")]
pub struct DealError {
    /// 0-based character offset inside the text.
    pub offset: usize,
    pub expected: String,
    pub found: String,
}

fn seat_name(s: Seat) -> &'static str {
    match s {
        Seat::North => "North",
        Seat::East => "East",
        Seat::South => "South",
        Seat::West => "West",
    }
}

impl Deal {
    /// The hand of `seat`.
    pub fn hand(&self, seat: Seat) -> &Hand {
        &self.hands[seat as usize]
    }

    /// Builds a deal from the hands of N, E, S and W: `None` unless each holds 13 cards and
    /// no card is held twice.
    pub fn from_hands(hands: [Hand; 4]) -> Option<Deal> {
        let mut seen = [0u16; 4];
        for hand in &hands {
            if hand.len() != 13 {
                return None;
            }
            for (s, h) in hand.holdings.iter().enumerate() {
                if seen[s] & h != 0 || h & !0x7ffc != 0 {
                    return None;
                }
                seen[s] |= h;
            }
        }
        Some(Deal { hands })
    }
}

impl FromStr for Deal {
    type Err = DealError;

    /// Reads a PBN deal: `N:`, `E:`, `S:` or `W:`, then four hands separated by spaces,
    /// clockwise from that seat, each four holdings separated by dots (♠.♥.♦.♣). A hand given
    /// as `-` (unknown) is refused: a double-dummy analysis needs all 52 cards.
    fn from_str(text: &str) -> Result<Deal, DealError> {
        let chars: Vec<char> = text.chars().collect();
        let err = |offset: usize, expected: &str, found: String| DealError {
            offset,
            expected: expected.to_string(),
            found,
        };
        let shown = |i: usize| match chars.get(i) {
            Some(c) => format!("\"{c}\""),
            None => "the end of the deal".to_string(),
        };
        let mut i = chars.iter().take_while(|c| c.is_whitespace()).count();
        let first = chars
            .get(i)
            .and_then(|&c| Seat::from_letter(c))
            .filter(|_| chars.get(i + 1) == Some(&':'));
        let Some(first) = first else {
            let found = if chars.get(i).and_then(|&c| Seat::from_letter(c)).is_some() {
                shown(i + 1)
            } else {
                shown(i)
            };
            return Err(err(
                i,
                "a deal starting with its first seat and a colon (N:, E:, S: or W:)",
                found,
            ));
        };
        i += 2;
        let mut hands = [Hand::default(); 4];
        // Where each card was first seen: (seat, offset).
        let mut owner: [[Option<(Seat, usize)>; 15]; 4] = [[None; 15]; 4];
        let mut seat = first;
        for n in 0..4 {
            if n > 0 {
                let spaces = chars[i..].iter().take_while(|c| **c == ' ').count();
                if spaces == 0 {
                    return Err(err(
                        i,
                        "a space, then the next hand (four hands in all)",
                        shown(i),
                    ));
                }
                i += spaces;
            }
            let start = i;
            if chars.get(i) == Some(&'-') {
                return Err(err(
                    i,
                    &format!("{}'s cards (a full deal, 13 cards a hand)", seat_name(seat)),
                    "\"-\" (an unknown hand)".to_string(),
                ));
            }
            let mut suit = 0usize;
            while let Some(&c) = chars.get(i) {
                if c == ' ' || c.is_whitespace() {
                    break;
                }
                if c == '.' {
                    suit += 1;
                    if suit > 3 {
                        return Err(err(
                            i,
                            &format!("four suits in {}'s hand (three dots)", seat_name(seat)),
                            "a fourth dot".to_string(),
                        ));
                    }
                    i += 1;
                    continue;
                }
                let Some(rank) = rank_of(c) else {
                    return Err(err(
                        i,
                        "a card rank (A K Q J T 9 8 7 6 5 4 3 2), a dot or a space",
                        shown(i),
                    ));
                };
                let s = Suit::ALL[suit];
                if let Some((holder, _)) = owner[suit][rank as usize] {
                    let card = format!("{}{}", s.letter(), RANKS[(14 - rank) as usize] as char);
                    let found = if holder == seat {
                        format!("{card} twice in {}'s hand", seat_name(seat))
                    } else {
                        format!(
                            "{card} in {}'s hand, already in {}'s",
                            seat_name(seat),
                            seat_name(holder)
                        )
                    };
                    return Err(err(i, "each card dealt once", found));
                }
                owner[suit][rank as usize] = Some((seat, i));
                hands[seat as usize].holdings[suit] |= 1 << rank;
                i += 1;
            }
            if suit < 3 {
                return Err(err(
                    i,
                    &format!("four suits in {}'s hand (three dots)", seat_name(seat)),
                    format!("{} suits", suit + 1),
                ));
            }
            let len = hands[seat as usize].len();
            if len != 13 {
                return Err(err(
                    start,
                    &format!("13 cards in {}'s hand", seat_name(seat)),
                    format!("{len}"),
                ));
            }
            seat = seat.next();
        }
        let rest = chars[i..].iter().take_while(|c| c.is_whitespace()).count();
        if i + rest < chars.len() {
            return Err(err(
                i + rest,
                "the end of the deal after four hands",
                shown(i + rest),
            ));
        }
        Ok(Deal { hands })
    }
}

impl fmt::Display for Deal {
    /// North first, as the PBN export format writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "N:{} {} {} {}",
            self.hands[0], self.hands[1], self.hands[2], self.hands[3]
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const D: &str = "N:K73.AT94.J82.854 AQ4.KQ.Q95.QT976 J865.863.KT763.J T92.J752.A4.AK32";

    #[test]
    fn reads_and_writes_a_deal() {
        let deal: Deal = D.parse().unwrap();
        assert_eq!(deal.to_string(), D);
        assert_eq!(deal.hand(Seat::West).ranks(Suit::Clubs), "AK32");
        // The same deal given from West's seat.
        let west = "W:T92.J752.A4.AK32 K73.AT94.J82.854 AQ4.KQ.Q95.QT976 J865.863.KT763.J";
        assert_eq!(west.parse::<Deal>().unwrap(), deal);
    }

    #[test]
    fn says_what_is_wrong_and_where() {
        let e = "X:AKQ".parse::<Deal>().unwrap_err();
        assert_eq!(e.offset, 0);
        let e = "N:-".parse::<Deal>().unwrap_err();
        assert_eq!((e.offset, e.found.as_str()), (2, "\"-\" (an unknown hand)"));
        // North's king of spades given to East as well.
        let twice = "N:K73.AT94.J82.854 AQK.KQ.Q95.QT976 J865.863.KT763.J T92.J752.A4.AK32";
        let e = twice.parse::<Deal>().unwrap_err();
        assert_eq!(e.offset, 21);
        assert_eq!(e.found, "SK in East's hand, already in North's");
        // Twelve cards for North.
        let short = "N:K7.AT94.J82.854 AQ4.KQ.Q95.QT976 J865.863.KT763.J T92.J752.A4.AK32";
        let e = short.parse::<Deal>().unwrap_err();
        assert_eq!(
            (e.offset, e.expected.as_str()),
            (2, "13 cards in North's hand")
        );
        let e = "N:K73.AT94.J82.854 AQ4.KQ.Q95.QT976 J865.863.KT763.J T92.J752.A4.AK3Z"
            .parse::<Deal>()
            .unwrap_err();
        assert_eq!(e.found, "\"Z\"");
    }
}
