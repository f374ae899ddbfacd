//! A teams-of-four event written as USEBIO 1.2 (the EBU's XML results format, issue 24 §1
//! and §4): the teams with their players and federation licence numbers, the standings, and
//! every match of every round with both rooms' results and the IMPs of each board.
//!
//! ```
//! use bridge::teams_pbn::RoomBoard;
//! use bridge::teams_usebio::{write, EventFormat, Match, MatchScoring, Player, Team, TeamsEvent};
//! use bridge::{Bid, Licence, Played, Ratio, Seat};
//! let Ok(Bid::Contract(c)) = "4S".parse::<Bid>() else { unreachable!() };
//! let team = |number, name: &str| Team {
//!     number,
//!     name: name.to_string(),
//!     players: vec![Player { name: "Ann".into(), licence: Licence::new("123") }],
//!     points: Ratio::from_int(10),
//!     place: 1,
//!     tied: true,
//! };
//! let boards = [RoomBoard { number: 1, open: Played::new(c, Seat::South, 10), closed: Played::new(c, Seat::South, 10) }];
//! let m = Match { round: 1, home: 1, visit: 2, points: Some((Ratio::from_int(10), Ratio::from_int(10))), boards: boards.to_vec(), leads: Default::default(), imps: Default::default() };
//! let event = TeamsEvent {
//!     name: "Cup".into(), date: "2026-11-27".into(), format: EventFormat::Swiss,
//!     scoring: MatchScoring::VictoryPoints, boards_per_match: 1,
//!     teams: vec![team(1, "Lions"), team(2, "Tigers")], matches: vec![m],
//!     club: None, deals: Default::default(),
//! };
//! let xml = write(&event);
//! assert!(xml.contains("<TEAM TEAM_ID=\"1\" TEAM_NAME=\"Lions\">"));
//! assert!(xml.contains("<NATIONAL_ID_NUMBER>123</NATIONAL_ID_NUMBER>"));
//! assert!(xml.contains("<IMPS>0</IMPS>"));
//! ```
//!
//! What we followed, for want of the USEBIO 1.2 specification itself (usebio.org's
//! `usebio-1.2.pdf` and the DTD `usebio_v1_2.dtd` could not be reached from here): two public
//! programs that handle teams files. The reader of marcshearer/ImportUsebio (`Usebio
//! Parser.swift`, `Score Data.swift`), which imports real files for master points, reads
//!
//! - `EVENT EVENT_TYPE=…` with `SWISS_TEAMS`, `TEAMS`, `TEAMS_OF_FOUR`, `HEAD_TO_HEAD` and
//!   `KO` among its teams types, `EVENT_DESCRIPTION`, `DATE` (dd/mm/yyyy),
//!   `BOARD_SCORING_METHOD`, `MATCH_SCORING_METHOD` (`VPS`, `IMPS`…), `BOARDS_PER_ROUND`,
//!   `WINNER_TYPE`;
//! - `PARTICIPANTS` / `TEAM` with the attributes `TEAM_ID` and `TEAM_NAME`, its `PLAYER`s
//!   (`PLAYER_NAME`, `NATIONAL_ID_NUMBER`), `TOTAL_SCORE` and `PLACE` (`=` for a shared
//!   place);
//! - `MATCH` with `ROUND_NUMBER`, `TEAM`, `OPPOSING_TEAM`, `TEAM_SCORE`,
//!   `OPPOSING_TEAM_SCORE` and `BOARD`s of `TRAVELLER_LINE`s, each with the `DIRECTION` the
//!   match's `TEAM` sat at that table.
//!
//! A traveller line's contract, declarer, lead, tricks and North-South score are the pairs
//! file's elements (`CONTRACT`, `PLAYED_BY`, `TRICKS`, `SCORE`: see [`crate::usebio`]). The
//! board's `IMPS` (to the match's `TEAM`, negative to the opponents) is as a public USEBIO
//! writer of Swiss teams (a TypeScript scorer, `generateSwissTeamsXml`) puts it, and
//! `BAM` as a board scoring method is in the list of a public NZB-to-USEBIO converter.
//!
//! `CLUB` (the club, when given) opens the file and the `HANDSET` (the deals) closes it, as in
//! the pairs file. Not verified against the published DTD (validated in a test against
//! `tests/data/usebio-1.2-as-written.dtd`, see its header): the order of the elements, `IMPS` under `BOARD`,
//! `BOARD_SCORING_METHOD` `BAM` for board-a-match and `HYBRID` for Patton (board-a-match
//! points plus VPs), `TEAMS` for a round robin. Not written: the pair numbers inside a team
//! (arbiter does not keep which pair sat where), byes (their points are in the team's
//! `TOTAL_SCORE`), and the match's IMP totals (the sum of its boards' `IMPS`: no element for
//! them was found).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::board::vulnerability_of;
use crate::contract::Played;
use crate::rational::Ratio;
use crate::session::Licence;
use crate::teams_pbn::RoomBoard;
use crate::usebio::{begin, write_handset, write_player, xml_text, Club};

/// How the rounds were drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventFormat {
    RoundRobin,
    Swiss,
    /// Swiss pairs: the sides are pairs (`EVENT_TYPE="SWISS_PAIRS"`), each match one table.
    SwissPairs,
}

/// What a match gives each team.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchScoring {
    /// IMPs converted to victory points.
    VictoryPoints,
    /// A point a board won, half a tied board.
    BoardAMatch,
    /// Board-a-match points plus the VPs of the IMPs.
    Patton,
    /// Swiss pairs: cross-IMPs (each score against every other table's), to VPs.
    CrossImps,
}

/// A player and their federation licence number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub name: String,
    pub licence: Option<Licence>,
}

/// A team with its place in the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Team {
    pub number: u32,
    pub name: String,
    pub players: Vec<Player>,
    /// VPs, board-a-match or Patton points over the event.
    pub points: Ratio,
    pub place: u32,
    pub tied: bool,
}

/// A match between two teams: the home team sits North-South in the open room.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    pub round: u32,
    pub home: u32,
    pub visit: u32,
    /// The points the match gave each team (VPs…), once it counts.
    pub points: Option<(Ratio, Ratio)>,
    pub boards: Vec<RoomBoard>,
    /// The opening leads entered, by board: (open room, closed room), e.g. `SA`.
    pub leads: BTreeMap<u32, (Option<String>, Option<String>)>,
    /// Swiss pairs: each board's IMPs to the home pair (North-South) against the field, as the
    /// round was scored (a teams match's come from its two rooms).
    pub imps: BTreeMap<u32, i32>,
}

/// What the file holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamsEvent {
    pub name: String,
    /// `YYYY-MM-DD`, or empty.
    pub date: String,
    pub format: EventFormat,
    pub scoring: MatchScoring,
    pub boards_per_match: u32,
    pub teams: Vec<Team>,
    pub matches: Vec<Match>,
    pub club: Option<Club>,
    /// The deals (PBN's `N:…` form) by board number, written in the `HANDSET`.
    pub deals: BTreeMap<u32, String>,
}

/// The event as USEBIO 1.2.
pub fn write(e: &TeamsEvent) -> String {
    let mut out = String::with_capacity(4096 + e.matches.len() * e.boards_per_match as usize * 500);
    let event_type = match e.format {
        EventFormat::Swiss => "SWISS_TEAMS",
        EventFormat::RoundRobin => "TEAMS",
        EventFormat::SwissPairs => "SWISS_PAIRS",
    };
    let pairs = e.format == EventFormat::SwissPairs;
    let (board_scoring, match_scoring) = match e.scoring {
        MatchScoring::VictoryPoints if pairs => ("BUTLER_IMPS", Some("VPS")),
        MatchScoring::VictoryPoints => ("IMPS", Some("VPS")),
        MatchScoring::BoardAMatch => ("BAM", None),
        MatchScoring::Patton => ("HYBRID", None),
        MatchScoring::CrossImps => ("CROSS_IMPS", Some("VPS")),
    };
    begin(&mut out, event_type, e.club.as_ref());
    let _ = writeln!(
        out,
        "    <EVENT_DESCRIPTION>{}</EVENT_DESCRIPTION>",
        xml_text(&e.name)
    );
    if let [y, m, d] = e.date.split('-').collect::<Vec<_>>()[..] {
        let _ = writeln!(
            out,
            "    <DATE>{}/{}/{}</DATE>",
            xml_text(d),
            xml_text(m),
            xml_text(y)
        );
    }
    let _ = writeln!(
        out,
        "    <BOARD_SCORING_METHOD>{board_scoring}</BOARD_SCORING_METHOD>"
    );
    if let Some(m) = match_scoring {
        let _ = writeln!(out, "    <MATCH_SCORING_METHOD>{m}</MATCH_SCORING_METHOD>");
    }
    let _ = writeln!(
        out,
        "    <BOARDS_PER_ROUND>{}</BOARDS_PER_ROUND>\n    <WINNER_TYPE>1</WINNER_TYPE>",
        e.boards_per_match
    );
    out.push_str("    <PARTICIPANTS>\n");
    for t in &e.teams {
        if pairs {
            let _ = writeln!(
                out,
                "      <PAIR>\n        <PAIR_NUMBER>{}</PAIR_NUMBER>",
                t.number
            );
        } else {
            let _ = writeln!(
                out,
                "      <TEAM TEAM_ID=\"{}\" TEAM_NAME=\"{}\">",
                t.number,
                xml_text(&t.name)
            );
        }
        for p in &t.players {
            write_player(&mut out, &p.name, p.licence.as_ref());
        }
        let _ = writeln!(
            out,
            "        <TOTAL_SCORE>{}</TOTAL_SCORE>\n        <PLACE>{}{}</PLACE>\n      </{}>",
            t.points.to_fixed(2),
            t.place,
            if t.tied { "=" } else { "" },
            if pairs { "PAIR" } else { "TEAM" }
        );
    }
    out.push_str("    </PARTICIPANTS>\n");
    for m in &e.matches {
        if pairs {
            write_pairs_match(&mut out, m);
        } else {
            write_match(&mut out, m);
        }
    }
    out.push_str("  </EVENT>\n");
    write_handset(&mut out, e.deals.iter().map(|(n, d)| (*n, d.as_str())));
    out.push_str("</USEBIO>\n");
    out
}

/// A `MATCH`: the teams, their points, and each board's traveller lines (the home team
/// North-South in the open room, East-West in the closed room) with the board's IMPs to the
/// home team once both rooms played it.
fn write_match(out: &mut String, m: &Match) {
    let _ = writeln!(
        out,
        "    <MATCH>\n      <ROUND_NUMBER>{}</ROUND_NUMBER>\n      <TEAM>{}</TEAM>\n      <OPPOSING_TEAM>{}</OPPOSING_TEAM>",
        m.round, m.home, m.visit
    );
    if let Some((home, visit)) = m.points {
        let _ = writeln!(
            out,
            "      <TEAM_SCORE>{}</TEAM_SCORE>\n      <OPPOSING_TEAM_SCORE>{}</OPPOSING_TEAM_SCORE>",
            home.to_fixed(2),
            visit.to_fixed(2)
        );
    }
    for b in m
        .boards
        .iter()
        .filter(|b| b.open.is_some() || b.closed.is_some())
    {
        let _ = writeln!(
            out,
            "      <BOARD>\n        <BOARD_NUMBER>{}</BOARD_NUMBER>",
            b.number
        );
        let vul = vulnerability_of(b.number);
        let (open_lead, closed_lead) = m
            .leads
            .get(&b.number)
            .map_or((None, None), |(o, c)| (o.as_deref(), c.as_deref()));
        for (direction, played, lead) in [("NS", b.open, open_lead), ("EW", b.closed, closed_lead)]
        {
            let Some(played) = played else {
                continue;
            };
            let _ = writeln!(
                out,
                "        <TRAVELLER_LINE>\n          <DIRECTION>{direction}</DIRECTION>"
            );
            write_contract(out, played, lead);
            let _ = writeln!(
                out,
                "          <SCORE>{}</SCORE>\n        </TRAVELLER_LINE>",
                played.score_ns(vul)
            );
        }
        if let Some(s) = b.scores() {
            let _ = writeln!(out, "        <IMPS>{}</IMPS>", s.imps_home());
        }
        out.push_str("      </BOARD>\n");
    }
    out.push_str("    </MATCH>\n");
}

/// A Swiss pairs `MATCH`, as real files have it for the Scottish federation's master points
/// reader (ImportUsebio reads `NS_PAIR_NUMBER`, `EW_PAIR_NUMBER`, `NS_SCORE` and `EW_SCORE`
/// in a `MATCH`): the home pair North-South, its VPs, and each board's one traveller line
/// with the pairs' numbers and, once the round is scored, the board's IMPs to North-South.
fn write_pairs_match(out: &mut String, m: &Match) {
    let _ = writeln!(
        out,
        "    <MATCH>\n      <ROUND_NUMBER>{}</ROUND_NUMBER>\n      <NS_PAIR_NUMBER>{}</NS_PAIR_NUMBER>\n      <EW_PAIR_NUMBER>{}</EW_PAIR_NUMBER>",
        m.round, m.home, m.visit
    );
    if let Some((ns, ew)) = m.points {
        let _ = writeln!(
            out,
            "      <NS_SCORE>{}</NS_SCORE>\n      <EW_SCORE>{}</EW_SCORE>",
            ns.to_fixed(2),
            ew.to_fixed(2)
        );
    }
    for b in &m.boards {
        let Some(played) = b.open else {
            continue;
        };
        let _ = writeln!(
            out,
            "      <BOARD>\n        <BOARD_NUMBER>{}</BOARD_NUMBER>\n        <TRAVELLER_LINE>\n          <NS_PAIR_NUMBER>{}</NS_PAIR_NUMBER>\n          <EW_PAIR_NUMBER>{}</EW_PAIR_NUMBER>",
            b.number, m.home, m.visit
        );
        let lead = m.leads.get(&b.number).and_then(|(o, _)| o.as_deref());
        write_contract(out, played, lead);
        let _ = writeln!(
            out,
            "          <SCORE>{}</SCORE>\n        </TRAVELLER_LINE>",
            played.score_ns(vulnerability_of(b.number))
        );
        if let Some(imps) = m.imps.get(&b.number) {
            let _ = writeln!(out, "        <IMPS>{imps}</IMPS>");
        }
        out.push_str("      </BOARD>\n");
    }
    out.push_str("    </MATCH>\n");
}

/// A traveller line's `CONTRACT`, `PLAYED_BY`, `LEAD` and `TRICKS` (`PASS` alone when passed out).
fn write_contract(out: &mut String, played: Played, lead: Option<&str>) {
    match played {
        Played::PassedOut => out.push_str("          <CONTRACT>PASS</CONTRACT>\n"),
        Played::Made {
            contract,
            declarer,
            tricks,
        } => {
            let _ = writeln!(
                out,
                "          <CONTRACT>{contract}</CONTRACT>\n          <PLAYED_BY>{declarer}</PLAYED_BY>"
            );
            if let Some(lead) = lead.map(str::trim).filter(|l| !l.is_empty()) {
                let _ = writeln!(out, "          <LEAD>{}</LEAD>", xml_text(lead));
            }
            let _ = writeln!(out, "          <TRICKS>{tricks}</TRICKS>");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Seat;
    use crate::teams_pbn::tests::played;
    use quick_xml::events::Event;

    fn team(number: u32, name: &str, licence: Option<&str>, points: i128, place: u32) -> Team {
        let players = ["Ann", "Bob", "Cy", "Di"]
            .iter()
            .enumerate()
            .map(|(i, p)| Player {
                name: format!("{p} {number}"),
                licence: licence.filter(|_| i == 0).and_then(Licence::new),
            })
            .collect();
        Team {
            number,
            name: name.to_string(),
            players,
            points: Ratio::new(points, 100),
            place,
            tied: false,
        }
    }

    /// A round of one match on three boards, the third played in the open room only.
    fn event() -> TeamsEvent {
        // Board 1 (none vulnerable): 4S= by South (+420) in the open room, 4S−2 (−100) in the
        // closed room: 520 → 11 IMPs to the home team. Board 2 (NS vulnerable): 3NT−1 (−100)
        // in the open room, passed out in the closed room: −100 → 3 IMPs to the visitors.
        // Board 3 (EW vulnerable): 4H= by East (−620), the closed room not in yet.
        let boards = vec![
            RoomBoard {
                number: 1,
                open: played("4S", Seat::South, 10),
                closed: played("4S", Seat::South, 8),
            },
            RoomBoard {
                number: 2,
                open: played("3NT", Seat::North, 8),
                closed: Some(Played::PassedOut),
            },
            RoomBoard {
                number: 3,
                open: played("4H", Seat::East, 10),
                closed: None,
            },
        ];
        TeamsEvent {
            name: "Coupe <d'hiver> & co".to_string(),
            date: "2026-11-27".to_string(),
            format: EventFormat::Swiss,
            scoring: MatchScoring::VictoryPoints,
            boards_per_match: 3,
            teams: vec![
                team(1, "A & B <C>", Some("00123456"), 1550, 1),
                team(2, "Tigers", None, 450, 2),
            ],
            matches: vec![Match {
                round: 1,
                home: 1,
                visit: 2,
                points: Some((Ratio::new(1550, 100), Ratio::new(450, 100))),
                boards,
                leads: BTreeMap::from([(1, (Some("HK".to_string()), Some("DA".to_string())))]),
                imps: BTreeMap::new(),
            }],
            club: Some(Club {
                name: "Bridge Club de Lyon".to_string(),
                number: Some("0611".to_string()),
            }),
            deals: BTreeMap::from([(
                1,
                "N:AKQ2.432.432.432 JT9.AKQ.AKQ.AKQJ 876.JT9.JT9.T987 543.8765.8765.65".to_string(),
            )]),
        }
    }

    #[test]
    fn teams_players_licences_matches_and_imps_are_written() {
        let xml = write(&event());
        for want in [
            "<EVENT EVENT_TYPE=\"SWISS_TEAMS\">",
            "<EVENT_DESCRIPTION>Coupe &lt;d&apos;hiver&gt; &amp; co</EVENT_DESCRIPTION>",
            "<DATE>27/11/2026</DATE>",
            "<BOARD_SCORING_METHOD>IMPS</BOARD_SCORING_METHOD>\n    <MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>\n    <BOARDS_PER_ROUND>3</BOARDS_PER_ROUND>",
            "<TEAM TEAM_ID=\"1\" TEAM_NAME=\"A &amp; B &lt;C&gt;\">\n        <PLAYER>\n          <PLAYER_NAME>Ann 1</PLAYER_NAME>\n          <NATIONAL_ID_NUMBER>00123456</NATIONAL_ID_NUMBER>\n        </PLAYER>\n        <PLAYER>\n          <PLAYER_NAME>Bob 1</PLAYER_NAME>\n        </PLAYER>",
            "<PLAYER_NAME>Di 1</PLAYER_NAME>\n        </PLAYER>\n        <TOTAL_SCORE>15.50</TOTAL_SCORE>\n        <PLACE>1</PLACE>\n      </TEAM>",
            "<TEAM TEAM_ID=\"2\" TEAM_NAME=\"Tigers\">\n        <PLAYER>\n          <PLAYER_NAME>Ann 2</PLAYER_NAME>\n        </PLAYER>",
            "<MATCH>\n      <ROUND_NUMBER>1</ROUND_NUMBER>\n      <TEAM>1</TEAM>\n      <OPPOSING_TEAM>2</OPPOSING_TEAM>\n      <TEAM_SCORE>15.50</TEAM_SCORE>\n      <OPPOSING_TEAM_SCORE>4.50</OPPOSING_TEAM_SCORE>\n      <BOARD>\n        <BOARD_NUMBER>1</BOARD_NUMBER>\n        <TRAVELLER_LINE>\n          <DIRECTION>NS</DIRECTION>\n          <CONTRACT>4S</CONTRACT>\n          <PLAYED_BY>S</PLAYED_BY>\n          <LEAD>HK</LEAD>\n          <TRICKS>10</TRICKS>\n          <SCORE>420</SCORE>\n        </TRAVELLER_LINE>\n        <TRAVELLER_LINE>\n          <DIRECTION>EW</DIRECTION>\n          <CONTRACT>4S</CONTRACT>\n          <PLAYED_BY>S</PLAYED_BY>\n          <LEAD>DA</LEAD>\n          <TRICKS>8</TRICKS>\n          <SCORE>-100</SCORE>\n        </TRAVELLER_LINE>\n        <IMPS>11</IMPS>\n      </BOARD>",
            "<DIRECTION>EW</DIRECTION>\n          <CONTRACT>PASS</CONTRACT>\n          <SCORE>0</SCORE>\n        </TRAVELLER_LINE>\n        <IMPS>-3</IMPS>",
            "<BOARD_NUMBER>3</BOARD_NUMBER>\n        <TRAVELLER_LINE>\n          <DIRECTION>NS</DIRECTION>\n          <CONTRACT>4H</CONTRACT>\n          <PLAYED_BY>E</PLAYED_BY>\n          <TRICKS>10</TRICKS>\n          <SCORE>-620</SCORE>\n        </TRAVELLER_LINE>\n      </BOARD>\n    </MATCH>\n  </EVENT>\n  <HANDSET>\n    <BOARD>\n      <BOARD_NUMBER>1</BOARD_NUMBER>\n      <HAND>\n        <DIRECTION>North</DIRECTION>\n        <SPADES>AKQ2</SPADES>",
            "<USEBIO Version=\"1.2\">\n  <CLUB>\n    <CLUB_NAME>Bridge Club de Lyon</CLUB_NAME>\n    <CLUB_ID_NUMBER>0611</CLUB_ID_NUMBER>\n  </CLUB>\n  <EVENT EVENT_TYPE=\"SWISS_TEAMS\">",
            "<DIRECTION>West</DIRECTION>\n        <SPADES>543</SPADES>\n        <HEARTS>8765</HEARTS>\n        <DIAMONDS>8765</DIAMONDS>\n        <CLUBS>65</CLUBS>\n      </HAND>\n    </BOARD>\n  </HANDSET>\n</USEBIO>\n",
        ] {
            assert!(xml.contains(want), "no {want:?} in\n{xml}");
        }
    }

    #[test]
    fn the_file_parses_back_with_its_text_unescaped() {
        let xml = write(&event());
        let mut reader = quick_xml::Reader::from_str(&xml);
        let (mut names, mut description, mut depth, mut in_description) =
            (Vec::new(), String::new(), 0i32, false);
        loop {
            match reader.read_event().expect("well-formed XML") {
                Event::Start(e) => {
                    depth += 1;
                    in_description = e.name().as_ref() == b"EVENT_DESCRIPTION";
                    if e.name().as_ref() == b"TEAM" {
                        if let Some(a) = e.try_get_attribute("TEAM_NAME").unwrap() {
                            names.push(a.unescape_value().unwrap().into_owned());
                        }
                    }
                }
                Event::End(_) => {
                    depth -= 1;
                    in_description = false;
                }
                Event::Text(t) if in_description => {
                    description.push_str(&t.unescape().unwrap());
                }
                Event::Eof => break,
                _ => {}
            }
        }
        assert_eq!(depth, 0);
        assert_eq!(names, ["A & B <C>", "Tigers"]);
        assert_eq!(description, "Coupe <d'hiver> & co");
    }

    #[test]
    fn swiss_pairs_are_pairs_and_their_matches_tables() {
        // Round 1, table 1: pair 1 (North-South) against pair 2, 14.39–5.61 VPs. Board 1:
        // 4S= by South, +420, 6 IMPs to North-South against the round's datum; board 2 (3NT−1,
        // −100): 3 IMPs to East-West. Board 3 not played yet.
        let mut e = event();
        e.format = EventFormat::SwissPairs;
        e.matches[0].points = Some((Ratio::new(1439, 100), Ratio::new(561, 100)));
        e.matches[0].imps = BTreeMap::from([(1, 6), (2, -3)]);
        e.matches[0].boards[2].open = None;
        let xml = write(&e);
        for want in [
            "<EVENT EVENT_TYPE=\"SWISS_PAIRS\">",
            "<BOARD_SCORING_METHOD>BUTLER_IMPS</BOARD_SCORING_METHOD>\n    <MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>",
            "<PAIR>\n        <PAIR_NUMBER>1</PAIR_NUMBER>\n        <PLAYER>\n          <PLAYER_NAME>Ann 1</PLAYER_NAME>",
            "<TOTAL_SCORE>4.50</TOTAL_SCORE>\n        <PLACE>2</PLACE>\n      </PAIR>",
            "<MATCH>\n      <ROUND_NUMBER>1</ROUND_NUMBER>\n      <NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>\n      <EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>\n      <NS_SCORE>14.39</NS_SCORE>\n      <EW_SCORE>5.61</EW_SCORE>\n      <BOARD>\n        <BOARD_NUMBER>1</BOARD_NUMBER>\n        <TRAVELLER_LINE>\n          <NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>\n          <EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>\n          <CONTRACT>4S</CONTRACT>\n          <PLAYED_BY>S</PLAYED_BY>\n          <LEAD>HK</LEAD>\n          <TRICKS>10</TRICKS>\n          <SCORE>420</SCORE>\n        </TRAVELLER_LINE>\n        <IMPS>6</IMPS>\n      </BOARD>",
            "<SCORE>-100</SCORE>\n        </TRAVELLER_LINE>\n        <IMPS>-3</IMPS>\n      </BOARD>\n    </MATCH>",
        ] {
            assert!(xml.contains(want), "no {want:?} in\n{xml}");
        }
        assert!(!xml.contains("<TEAM"), "{xml}");
        assert!(
            !xml.contains("<DIRECTION>EW</DIRECTION>"),
            "one table: {xml}"
        );
        // Read back: the match's elements in order, as a reader walks them.
        let mut reader = quick_xml::Reader::from_str(&xml);
        let (mut path, mut seen) = (Vec::<String>::new(), Vec::<(String, String)>::new());
        loop {
            match reader.read_event().expect("well-formed XML") {
                Event::Start(t) => path.push(String::from_utf8_lossy(t.name().as_ref()).into()),
                Event::End(_) => {
                    path.pop();
                }
                Event::Text(t) if path.len() == 4 && path[2] == "MATCH" => {
                    let text = t.unescape().unwrap().trim().to_string();
                    if !text.is_empty() {
                        seen.push((path[3].clone(), text));
                    }
                }
                Event::Eof => break,
                _ => {}
            }
        }
        let pairs = |v: &[(&str, &str)]| -> Vec<(String, String)> {
            v.iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect()
        };
        assert_eq!(
            seen,
            pairs(&[
                ("ROUND_NUMBER", "1"),
                ("NS_PAIR_NUMBER", "1"),
                ("EW_PAIR_NUMBER", "2"),
                ("NS_SCORE", "14.39"),
                ("EW_SCORE", "5.61")
            ])
        );
        e.scoring = MatchScoring::CrossImps;
        assert!(write(&e).contains("<BOARD_SCORING_METHOD>CROSS_IMPS</BOARD_SCORING_METHOD>"));
    }

    #[test]
    fn board_a_match_and_patton_name_their_board_scoring() {
        let mut e = event();
        e.format = EventFormat::RoundRobin;
        e.scoring = MatchScoring::BoardAMatch;
        e.matches[0].points = None;
        let xml = write(&e);
        assert!(xml.contains("<EVENT EVENT_TYPE=\"TEAMS\">"), "{xml}");
        assert!(
            xml.contains(
                "<BOARD_SCORING_METHOD>BAM</BOARD_SCORING_METHOD>\n    <BOARDS_PER_ROUND>"
            ),
            "{xml}"
        );
        // A match that does not count yet has no scores.
        assert!(
            xml.contains("<OPPOSING_TEAM>2</OPPOSING_TEAM>\n      <BOARD>"),
            "{xml}"
        );
        e.scoring = MatchScoring::Patton;
        assert!(write(&e).contains("<BOARD_SCORING_METHOD>HYBRID</BOARD_SCORING_METHOD>"));
    }
}
