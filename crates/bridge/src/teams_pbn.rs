//! A teams match written as PBN 2.1 (issue 24 §1): one game per board and room, with the
//! `[Room "Open"]` / `[Room "Closed"]` tag PBN defines for the two rooms of a teams match,
//! the teams in `[HomeTeam]` and `[VisitTeam]`, `[Competition "Teams"]`, `[Scoring "IMP"]`,
//! the room's `[Contract]`, `[Declarer]`, `[Result]` (tricks taken) and its `[Score]` from
//! North-South's side. [`crate::pbn::read_match`] (`arbiter bridge teams`) reads it back.
//!
//! The scores go in PBN 2.1's tables (§5: a tag naming the columns, `Name\widthL|R`, then
//! one row a line, `-` for an irrelevant cell, quoted strings): the last game of each board
//! carries a `[ScoreTable]` of its two rooms with the predefined columns `Contract`,
//! `Declarer`, `Result`, `Score_NS`, `Score_EW`, `IMP_NS` and `IMP_EW` (IMPs to that room's
//! North-South and East-West: the home team sits North-South in the open room, so both of its
//! rows show the home team's swing on its side) and the user-defined `Room`; a last game
//! holds the match's `[TotalScoreTable]`, one row a team, with `Rank`, `Names` (the team's
//! name), `TotalIMP` (IMPs won), `NrBoards` (boards played in both rooms) and the
//! user-defined `Side` (`Home`/`Visit`) and `TotalVP` (WBF 2013 VPs, `-` until every board has
//! both rooms). The tables only repeat what the tags say: the reader scores the tags.
//!
//! ```
//! use bridge::teams_pbn::{write_match, MatchFile, RoomBoard};
//! use bridge::{Bid, Played, Seat};
//! let Ok(Bid::Contract(c)) = "4S".parse::<Bid>() else { unreachable!() };
//! let four_spades = |tricks| Played::new(c, Seat::South, tricks);
//! let board = RoomBoard { number: 1, open: four_spades(10), closed: four_spades(8) };
//! let file = MatchFile { event: "Cup", date: "2026-11-27", home: "Lions", visit: "Tigers", boards: &[board], deals: &[] };
//! let text = write_match(&file);
//! let m = bridge::pbn::read_match(&text, "match.pbn").unwrap();
//! assert_eq!(m.home.as_deref(), Some("Lions"));
//! assert_eq!(m.boards[0].scores().imps_home(), 11); // 420 against −100: 520
//! ```

use std::fmt::Write as _;

use crate::board::{dealer_of, vulnerability_of};
use crate::contract::Played;
use crate::pbn::escape;
use crate::teams::{score_match, BoardScores, VpScale};
use crate::vp::Vp;

/// A board of the match: each room's result, if entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoomBoard {
    pub number: u32,
    pub open: Option<Played>,
    pub closed: Option<Played>,
}

impl RoomBoard {
    /// Both rooms' North-South scores, once both rooms played the board (dealer and
    /// vulnerability from the board number, Law 2).
    pub fn scores(&self) -> Option<BoardScores> {
        let vul = vulnerability_of(self.number);
        Some(BoardScores {
            board: self.number,
            open_ns: self.open?.score_ns(vul),
            closed_ns: self.closed?.score_ns(vul),
        })
    }
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
    /// The hand records known: (board, deal), written as each room's `[Deal]`.
    pub deals: &'a [(u32, crate::Deal)],
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
                 [HomeTeam \"{}\"]\n[VisitTeam \"{}\"]\n[Dealer \"{}\"]\n[Vulnerable \"{}\"]",
                escape(m.event),
                b.number,
                escape(m.home),
                escape(m.visit),
                dealer_of(b.number),
                vul.pbn(),
            );
            if let Some((_, deal)) = m.deals.iter().find(|(n, _)| *n == b.number) {
                let _ = writeln!(out, "[Deal \"{deal}\"]");
            }
            let _ = writeln!(out, "[Scoring \"IMP\"]\n[Competition \"Teams\"]");
            let [contract, declarer, result] = contract_cells(played, "");
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
        if b.open.is_some() || b.closed.is_some() {
            score_table(&mut out, b);
        }
    }
    total_score_table(&mut out, m, &date);
    out
}

/// A room's contract, declarer and tricks taken; `Pass` and `none` twice for a pass-out.
fn contract_cells(played: Played, none: &str) -> [String; 3] {
    match played {
        Played::PassedOut => ["Pass".to_string(), none.to_string(), none.to_string()],
        Played::Made {
            contract,
            declarer,
            tricks,
        } => [
            contract.to_string(),
            declarer.to_string(),
            tricks.to_string(),
        ],
    }
}

/// A board's `ScoreTable`: one row a room, each with its IMPs to North-South and East-West
/// (opposite numbers; `-` while the other room is missing).
fn score_table(out: &mut String, b: &RoomBoard) {
    out.push_str(
        "[ScoreTable \"Room\\6L;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R;IMP_NS\\3R;IMP_EW\\3R\"]\n",
    );
    let vul = vulnerability_of(b.number);
    let home = b.scores().map(|s| s.imps_home());
    for (room, played, sign) in [("Open", b.open, 1), ("Closed", b.closed, -1)] {
        let Some(played) = played else {
            continue;
        };
        let [contract, declarer, result] = contract_cells(played, "-");
        let score = played.score_ns(vul);
        let (ns, ew) = if score < 0 {
            ("-".to_string(), (-score).to_string())
        } else {
            (score.to_string(), "-".to_string())
        };
        let (imp_ns, imp_ew) = match home {
            Some(h) => ((sign * h).to_string(), (-sign * h).to_string()),
            None => ("-".to_string(), "-".to_string()),
        };
        let _ = writeln!(
            out,
            "{room:<6} {contract:<5} {declarer:>1} {result:>2} {ns:>6} {ew:>6} {imp_ns:>3} {imp_ew:>3}"
        );
    }
}

/// The match's `TotalScoreTable` in a game of its own: each team's IMPs won over the boards
/// both rooms played and, once every board has both rooms, its WBF 2013 VPs and its rank.
fn total_score_table(out: &mut String, m: &MatchFile, date: &str) {
    let played: Vec<BoardScores> = m.boards.iter().filter_map(RoomBoard::scores).collect();
    let complete = played.len() == m.boards.len() && !played.is_empty();
    let s = score_match(&played, VpScale::Wbf2013);
    let _ = writeln!(
        out,
        "\n[Event \"{}\"]\n[Site \"\"]\n[Date \"{date}\"]\n[HomeTeam \"{}\"]\n[VisitTeam \"{}\"]\n\
         [Scoring \"IMP\"]\n[Competition \"Teams\"]\n\
         [TotalScoreTable \"Rank\\2R;Side\\5L;Names\\30L;TotalIMP\\4R;TotalVP\\6R;NrBoards\\3R\"]",
        escape(m.event),
        escape(m.home),
        escape(m.visit),
    );
    let margin = s.margin();
    for (side, name, imps, vp, won) in [
        ("Home", m.home, s.imps_home, s.vp_home, margin >= 0),
        ("Visit", m.visit, s.imps_visit, s.vp_visit, margin <= 0),
    ] {
        let (rank, vp) = if complete {
            ((if won { "1" } else { "2" }).to_string(), vp.to_string())
        } else {
            ("-".to_string(), "-".to_string())
        };
        let cell = format!("\"{}\"", escape(name));
        let _ = writeln!(
            out,
            "{rank:>2} {side:<5} {cell:<30} {imps:>4} {vp:>6} {:>3}",
            played.len()
        );
    }
}

/// A board of a Swiss pairs table: its result, and North-South's IMPs against the field once
/// the round is scored (Butler against the datum, or cross-IMPs rounded).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PairsBoard {
    pub number: u32,
    pub played: Option<Played>,
    pub imps_ns: Option<i32>,
}

/// A Swiss pairs table's match: one table, a pair against a pair, in a pairs event.
#[derive(Debug, Clone, Copy)]
pub struct PairsMatchFile<'a> {
    pub event: &'a str,
    /// `YYYY-MM-DD`, or empty.
    pub date: &'a str,
    pub round: u32,
    pub table: u32,
    /// North-South's and East-West's pair numbers and names.
    pub ns: (u32, &'a str),
    pub ew: (u32, &'a str),
    pub boards: &'a [PairsBoard],
    pub deals: &'a [(u32, crate::Deal)],
    /// The match's VPs (North-South's, East-West's) once the round is scored.
    pub vps: Option<(Vp, Vp)>,
}

/// A Swiss pairs table as PBN 2.1 writes a pairs game: `[Competition "Pairs"]` and no `[Room]`
/// (the tag of a teams match's two rooms), the pairs in `[PairNS]`/`[PairEW]`, the round and
/// table in `[Round]`/`[Table]`; each board's `[ScoreTable]` is its one row with the predefined
/// `PairId_NS`, `PairId_EW`, `Names_NS`, `Names_EW`, `IMP_NS` and `IMP_EW` columns (the IMPs
/// against the field, `-` until the round is scored), so [`crate::pbn::read`] reads the table
/// back as a pairs traveller. A last game's `[TotalScoreTable]` gives each pair's `TotalIMP`,
/// `NrBoards` and the user-defined `TotalVP`.
pub fn write_pairs_match(m: &PairsMatchFile) -> String {
    let mut out = String::from("% PBN 2.1\n% EXPORT\n% Written by arbiter\n");
    let date = if m.date.is_empty() {
        "????.??.??".to_string()
    } else {
        m.date.replace('-', ".")
    };
    let head = |out: &mut String| {
        let _ = write!(
            out,
            "\n[Event \"{}\"]\n[Site \"\"]\n[Date \"{date}\"]\n",
            escape(m.event)
        );
    };
    let names = |n: &str| format!("\"{}\"", escape(n));
    for b in m.boards {
        let Some(played) = b.played else {
            continue;
        };
        let vul = vulnerability_of(b.number);
        head(&mut out);
        let _ = writeln!(
            out,
            "[Board \"{}\"]\n[Round \"{}\"]\n[Table \"{}\"]\n[PairNS \"{}\"]\n[PairEW \"{}\"]\n\
             [Dealer \"{}\"]\n[Vulnerable \"{}\"]",
            b.number,
            m.round,
            m.table,
            m.ns.0,
            m.ew.0,
            dealer_of(b.number),
            vul.pbn(),
        );
        if let Some((_, deal)) = m.deals.iter().find(|(n, _)| *n == b.number) {
            let _ = writeln!(out, "[Deal \"{deal}\"]");
        }
        let [contract, declarer, result] = contract_cells(played, "");
        let score = played.score_ns(vul);
        let (side, points) = if score < 0 {
            ("EW", -score)
        } else {
            ("NS", score)
        };
        let _ = writeln!(
            out,
            "[Scoring \"IMP\"]\n[Competition \"Pairs\"]\n[Declarer \"{declarer}\"]\n\
             [Contract \"{contract}\"]\n[Result \"{result}\"]\n[Score \"{side} {points}\"]"
        );
        out.push_str(
            "[ScoreTable \"Round\\2R;Table\\2R;PairId_NS\\3R;PairId_EW\\3R;Names_NS\\30L;Names_EW\\30L;\
             Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R;IMP_NS\\3R;IMP_EW\\3R\"]\n",
        );
        let [contract, declarer, result] = contract_cells(played, "-");
        let (ns, ew) = if score < 0 {
            ("-".to_string(), (-score).to_string())
        } else {
            (score.to_string(), "-".to_string())
        };
        let (imp_ns, imp_ew) = match b.imps_ns {
            Some(i) => (i.to_string(), (-i).to_string()),
            None => ("-".to_string(), "-".to_string()),
        };
        let _ = writeln!(
            out,
            "{:>2} {:>2} {:>3} {:>3} {:<30} {:<30} {contract:<5} {declarer:>1} {result:>2} {ns:>6} {ew:>6} {imp_ns:>3} {imp_ew:>3}",
            m.round,
            m.table,
            m.ns.0,
            m.ew.0,
            names(m.ns.1),
            names(m.ew.1),
        );
    }
    head(&mut out);
    let _ = writeln!(
        out,
        "[Round \"{}\"]\n[Table \"{}\"]\n[PairNS \"{}\"]\n[PairEW \"{}\"]\n\
         [Scoring \"IMP\"]\n[Competition \"Pairs\"]\n\
         [TotalScoreTable \"Rank\\2R;PairId\\3R;Names\\30L;TotalIMP\\4R;TotalVP\\6R;NrBoards\\3R\"]",
        m.round, m.table, m.ns.0, m.ew.0,
    );
    let scored: Vec<i32> = m.boards.iter().filter_map(|b| b.imps_ns).collect();
    let margin: i32 = scored.iter().sum();
    let played = m.boards.iter().filter(|b| b.played.is_some()).count();
    for (pair, sign, vp) in [
        (m.ns, 1, m.vps.map(|v| v.0)),
        (m.ew, -1, m.vps.map(|v| v.1)),
    ] {
        let (rank, vp) = match vp {
            Some(v) => {
                let won = sign * margin >= 0;
                ((if won { "1" } else { "2" }).to_string(), v.to_string())
            }
            None => ("-".to_string(), "-".to_string()),
        };
        let imps = if scored.is_empty() {
            "-".to_string()
        } else {
            (sign * margin).to_string()
        };
        let _ = writeln!(
            out,
            "{rank:>2} {:>3} {:<30} {imps:>4} {vp:>6} {played:>3}",
            pair.0,
            names(pair.1)
        );
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
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
        const DEAL: &str = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";
        let deal: crate::Deal = DEAL.parse().unwrap();
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
            deals: &[(3, deal)],
        });
        assert!(text.contains("[Event \"Coupe \\\"A\\\"\"]"), "{text}");
        // Board 3's deal is written in both rooms; board 2 has none.
        assert_eq!(
            text.matches(&format!("[Deal \"{DEAL}\"]")).count(),
            2,
            "{text}"
        );
        assert!(text.contains("[Board \"3\"]\n[Room \"Closed\"]"), "{text}");
        assert!(text.contains("[Score \"EW 620\"]"), "{text}");
        let m = crate::pbn::read_match(&text, "m.pbn").unwrap();
        let imps: Vec<i32> = m.scores().iter().map(|s| s.imps_home()).collect();
        assert_eq!(imps, [12, 12]);
        assert_eq!(m.visit.as_deref(), Some("Sud"));
    }

    #[test]
    fn a_swiss_pairs_table_is_a_pairs_game() {
        // Round 2, table 1: pair 3 (North-South) against pair 2. Board 3 (EW vulnerable,
        // dealer S): 4S= by South, +420, 6 IMPs above the round's datum; board 4 (all
        // vulnerable, dealer W): 3NT−1 by North, −100, 5 IMPs below. The match: +1 to pair 3,
        // 10.86–9.14 on 2 boards (X = 15·√2 = 21.213; 10 + 10·(1 − τ^(3/21.213))/(1 − τ³)).
        let boards = [
            PairsBoard {
                number: 3,
                played: played("4S", Seat::South, 10),
                imps_ns: Some(6),
            },
            PairsBoard {
                number: 4,
                played: played("3NT", Seat::North, 8),
                imps_ns: Some(-5),
            },
        ];
        let (win, lose) = crate::teams::vps(VpScale::Wbf2013, 2, 1);
        let text = write_pairs_match(&PairsMatchFile {
            event: "Swiss pairs",
            date: "2026-03-17",
            round: 2,
            table: 1,
            ns: (3, "Anne – Bernard"),
            ew: (2, "Chloé – Denis"),
            boards: &boards,
            deals: &[],
            vps: Some((win, lose)),
        });
        // PBN 2.1: a pairs game has no room, and its competition is "Pairs".
        assert!(!text.contains("[Room"), "{text}");
        assert!(!text.contains("Teams"), "{text}");
        assert!(!text.contains("HomeTeam"), "{text}");
        let board3 = "[Board \"3\"]\n[Round \"2\"]\n[Table \"1\"]\n[PairNS \"3\"]\n[PairEW \"2\"]\n\
                      [Dealer \"S\"]\n[Vulnerable \"EW\"]\n[Scoring \"IMP\"]\n[Competition \"Pairs\"]\n\
                      [Declarer \"S\"]\n[Contract \"4S\"]\n[Result \"10\"]\n[Score \"NS 420\"]\n";
        assert!(text.contains(board3), "{text}");
        assert!(
            text.contains(&format!(
                " 2  1   3   2 {:<30} {:<30} 3NT   N  8      -    100  -5   5\n",
                "\"Anne – Bernard\"", "\"Chloé – Denis\""
            )),
            "{text}"
        );
        assert_eq!(
            (win.to_string(), lose.to_string()),
            ("10.86".into(), "9.14".into())
        );
        assert!(
            text.ends_with(&format!(
                " 1   3 {:<30}    1  10.86   2\n 2   2 {:<30}   -1   9.14   2\n",
                "\"Anne – Bernard\"", "\"Chloé – Denis\""
            )),
            "{text}"
        );
        // The pairs reader takes it as a pairs traveller: pair 3 North-South against pair 2,
        // in round 2 at table 1, with the pairs' names.
        let session = crate::pbn::read(&text, "table.pbn").unwrap();
        type At = (u32, u32, u32, Option<u32>, Option<u32>);
        let lines: Vec<At> = session
            .boards
            .iter()
            .flat_map(|b| {
                b.lines
                    .iter()
                    .map(move |l| (b.number, l.ns, l.ew, l.round, l.table))
            })
            .collect();
        assert_eq!(
            lines,
            [(3, 3, 2, Some(2), Some(1)), (4, 3, 2, Some(2), Some(1))]
        );
        assert_eq!(
            session.names.get(&3).map(String::as_str),
            Some("Anne – Bernard")
        );
    }

    /// A contract made or gone down, `None` for a bid that is not one.
    pub(crate) fn played(c: &str, d: Seat, t: u8) -> Option<Played> {
        match c.parse::<crate::Bid>() {
            Ok(crate::Bid::Contract(c)) => Played::new(c, d, t),
            _ => None,
        }
    }

    #[test]
    fn each_board_has_its_imp_table_and_the_match_its_total() {
        // Board 1 (none vulnerable): 4S= by South (+420) in the open room, 4S−2 (−100) in the
        // closed room: the home team, East-West there, scores +100 too: 520 → 11 IMPs to the
        // home team. Board 2 (NS vulnerable): 3NT−1 (−100) against 3NT= (+600): −700 → 12
        // IMPs to the visitors. 11–12 on 2 boards: the visitors win by 1 IMP, 10.86–9.14 on
        // the WBF 2013 scale (X = 15·√2 = 21.213; 10 + 10·(1 − τ^(3/21.213))/(1 − τ³) =
        // 10.861).
        let boards = [
            RoomBoard {
                number: 1,
                open: played("4S", Seat::South, 10),
                closed: played("4S", Seat::South, 8),
            },
            RoomBoard {
                number: 2,
                open: played("3NT", Seat::North, 8),
                closed: played("3NT", Seat::North, 9),
            },
        ];
        let text = write_match(&MatchFile {
            event: "Cup",
            date: "2026-11-27",
            home: "Lions",
            visit: "Tigers \"B\"",
            boards: &boards,
            deals: &[],
        });
        let header = "[ScoreTable \"Room\\6L;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R;IMP_NS\\3R;IMP_EW\\3R\"]\n";
        // The table follows the closed room's game of the board, before the blank line.
        let board1 = format!(
            "[Room \"Closed\"]\n[HomeTeam \"Lions\"]\n[VisitTeam \"Tigers \\\"B\\\"\"]\n[Dealer \"N\"]\n\
             [Vulnerable \"None\"]\n[Scoring \"IMP\"]\n[Competition \"Teams\"]\n[Declarer \"S\"]\n\
             [Contract \"4S\"]\n[Result \"8\"]\n[Score \"EW 100\"]\n{header}\
             Open   4S    S 10    420      -  11 -11\n\
             Closed 4S    S  8      -    100 -11  11\n\n"
        );
        assert!(text.contains(&board1), "{text}");
        let board2 = format!(
            "{header}Open   3NT   N  8      -    100 -12  12\n\
             Closed 3NT   N  9    600      -  12 -12\n\n"
        );
        assert!(text.contains(&board2), "{text}");
        let total = format!(
            "[Event \"Cup\"]\n[Site \"\"]\n[Date \"2026.11.27\"]\n[HomeTeam \"Lions\"]\n\
             [VisitTeam \"Tigers \\\"B\\\"\"]\n[Scoring \"IMP\"]\n[Competition \"Teams\"]\n\
             [TotalScoreTable \"Rank\\2R;Side\\5L;Names\\30L;TotalIMP\\4R;TotalVP\\6R;NrBoards\\3R\"]\n \
             2 Home  {:<30}   11   9.14   2\n 1 Visit {:<30}   12  10.86   2\n",
            "\"Lions\"", "\"Tigers \\\"B\\\"\""
        );
        assert!(text.ends_with(&total), "{text}");
        // Our reader scores the tags and passes over the tables: the same IMPs.
        let m = crate::pbn::read_match(&text, "m.pbn").unwrap();
        let imps: Vec<i32> = m.scores().iter().map(|s| s.imps_home()).collect();
        assert_eq!(imps, [11, -12]);
        assert_eq!(m.visit.as_deref(), Some("Tigers \"B\""));
    }

    #[test]
    fn a_board_with_one_room_has_no_imps_and_the_match_no_vps_yet() {
        // Board 3 (EW vulnerable, dealer S): only the open room, 4H= by East (−620).
        let boards = [RoomBoard {
            number: 3,
            open: played("4H", Seat::East, 10),
            closed: None,
        }];
        let text = write_match(&MatchFile {
            event: "Cup",
            date: "",
            home: "Lions",
            visit: "Tigers",
            boards: &boards,
            deals: &[],
        });
        assert!(
            text.contains("IMP_EW\\3R\"]\nOpen   4H    E 10      -    620   -   -\n"),
            "{text}"
        );
        assert!(text.contains("\n - Home  \"Lions\""), "{text}");
        assert!(text.ends_with("    0      -   0\n"), "{text}");
    }
}
