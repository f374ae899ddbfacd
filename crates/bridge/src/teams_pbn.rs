//! A teams match written as PBN 2.1 (issue 24 §1): one game per board and room, with the
//! `[Room "Open"]` / `[Room "Closed"]` tag PBN defines for the two rooms of a teams match,
//! the teams in `[HomeTeam]` and `[VisitTeam]`, `[Competition "Teams"]`, `[Scoring "IMP"]`,
//! the room's `[Contract]`, `[Declarer]`, `[Result]` (tricks taken) and its `[Score]` from
//! North-South's side. [`crate::pbn::read_match`] (`arbiter bridge teams`) reads it back.
//!
//! ```
//! use bridge::teams_pbn::{write_match, MatchFile, RoomBoard};
//! use bridge::{Bid, Played, Seat};
//! let Ok(Bid::Contract(c)) = "4S".parse::<Bid>() else { unreachable!() };
//! let four_spades = |tricks| Played::new(c, Seat::South, tricks);
//! let board = RoomBoard { number: 1, open: four_spades(10), closed: four_spades(8) };
//! let file = MatchFile { event: "Cup", date: "2026-11-27", home: "Lions", visit: "Tigers", boards: &[board] };
//! let text = write_match(&file);
//! let m = bridge::pbn::read_match(&text, "match.pbn").unwrap();
//! assert_eq!(m.home.as_deref(), Some("Lions"));
//! assert_eq!(m.boards[0].scores().imps_home(), 11); // 420 against −100: 520
//! ```

use std::fmt::Write as _;

use crate::board::{dealer_of, vulnerability_of};
use crate::contract::Played;
use crate::pbn::escape;

/// A board of the match: each room's result, if entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoomBoard {
    pub number: u32,
    pub open: Option<Played>,
    pub closed: Option<Played>,
}

/// What the file holds.
#[derive(Debug, Clone, Copy)]
pub struct MatchFile<'a> {
    pub event: &'a str,
    /// `YYYY-MM-DD`, or empty.
    pub date: &'a str,
    pub home: &'a str,
    pub visit: &'a str,
    pub boards: &'a [RoomBoard],
}

/// The match as PBN: the boards in order, the open room then the closed room; a room without
/// a result is left out. Dealer and vulnerability follow the board number (Law 2).
pub fn write_match(m: &MatchFile) -> String {
    let mut out = String::from("% PBN 2.1\n% EXPORT\n% Written by arbiter\n");
    let date = if m.date.is_empty() {
        "????.??.??".to_string()
    } else {
        m.date.replace('-', ".")
    };
    for b in m.boards {
        for (room, played) in [("Open", b.open), ("Closed", b.closed)] {
            let Some(played) = played else {
                continue;
            };
            let vul = vulnerability_of(b.number);
            let _ = writeln!(
                out,
                "\n[Event \"{}\"]\n[Site \"\"]\n[Date \"{date}\"]\n[Board \"{}\"]\n[Room \"{room}\"]\n\
                 [HomeTeam \"{}\"]\n[VisitTeam \"{}\"]\n[Dealer \"{}\"]\n[Vulnerable \"{}\"]\n\
                 [Scoring \"IMP\"]\n[Competition \"Teams\"]",
                escape(m.event),
                b.number,
                escape(m.home),
                escape(m.visit),
                dealer_of(b.number),
                vul.pbn(),
            );
            let (contract, declarer, result) = match played {
                Played::PassedOut => ("Pass".to_string(), String::new(), String::new()),
                Played::Made {
                    contract,
                    declarer,
                    tricks,
                } => (
                    contract.to_string(),
                    declarer.to_string(),
                    tricks.to_string(),
                ),
            };
            let score = played.score_ns(vul);
            let (side, points) = if score < 0 {
                ("EW", -score)
            } else {
                ("NS", score)
            };
            let _ = writeln!(
                out,
                "[Declarer \"{declarer}\"]\n[Contract \"{contract}\"]\n[Result \"{result}\"]\n\
                 [Score \"{side} {points}\"]"
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Seat;

    #[test]
    fn both_rooms_read_back_with_the_same_imps() {
        let p = |c: &str, d, t| match c.parse::<crate::Bid>() {
            Ok(crate::Bid::Contract(c)) => Played::new(c, d, t),
            _ => None,
        };
        // Board 2 (dealer E, NS vulnerable): 3NT= by North (+600) against 3NT−1 (−100): 700
        // → 12 IMPs to the home team. Board 3 (EW vulnerable): passed out against 4H= by East
        // (−620): 620 → 12 IMPs to the home team, whose pair sits East-West in the closed room.
        let boards = [
            RoomBoard {
                number: 2,
                open: p("3NT", Seat::North, 9),
                closed: p("3NT", Seat::North, 8),
            },
            RoomBoard {
                number: 3,
                open: Some(Played::PassedOut),
                closed: p("4H", Seat::East, 10),
            },
        ];
        let text = write_match(&MatchFile {
            event: "Coupe \"A\"",
            date: "",
            home: "Nord",
            visit: "Sud",
            boards: &boards,
        });
        assert!(text.contains("[Event \"Coupe \\\"A\\\"\"]"), "{text}");
        assert!(text.contains("[Board \"3\"]\n[Room \"Closed\"]"), "{text}");
        assert!(text.contains("[Score \"EW 620\"]"), "{text}");
        let m = crate::pbn::read_match(&text, "m.pbn").unwrap();
        let imps: Vec<i32> = m.scores().iter().map(|s| s.imps_home()).collect();
        assert_eq!(imps, [12, 12]);
        assert_eq!(m.visit.as_deref(), Some("Sud"));
    }
}
