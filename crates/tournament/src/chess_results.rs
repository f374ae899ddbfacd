//! chess-results.com's upload file: an XML document with the tournament, its rounds, the
//! players with their rank, points and tie-breaks, the intermediate rankings and every
//! pairing, as the site's author documents it (Sharly Chess transcribes that document in
//! `docs/technical-appendices/chess-results/`, with the author's example files).
//!
//! The writer takes the tournament and its rankings already computed (one per round, the
//! last one the final): this crate does not rank.
//!
//! ```
//! use tournament::chess_results::{self, Ranking, Upload};
//! let t = tournament::trf::read(
//!     "012 Club Open\n\
//! 001    1      Alpha, Ann                        2100                             1.0    1     2 w 1\n\
//! 001    2      Bravo, Ben                        2000                             0.0    2     1 b 0\n",
//! ).unwrap();
//! let upload = Upload::new(&t, vec![Ranking::by_points(&t, 1)]);
//! let xml = chess_results::write(&upload);
//! assert!(xml.contains("whiteno=\"1\"\n  blackno=\"2\"\n  reswhite=\"1.0\"\n  resblack=\"0.0\""));
//! ```

use std::fmt::Write as _;

use crate::model::{Color, Entry, PlayerId, Sex, Tournament};

mod teams;
use crate::points::Points;
pub use teams::*;

/// One ranking, after round `round`: one row per player, best first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ranking {
    pub round: u32,
    pub rows: Vec<RankRow>,
}

/// A player's place in a ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RankRow {
    pub player: PlayerId,
    pub rank: u32,
    /// True when the player shares the place of the row above (chess-results' `equal`).
    pub equal: bool,
    pub points: Points,
    /// The tie-breaks' values, as shown (`26.5`), in the order of [`Upload::tiebreaks`]; an
    /// empty string for an undefined value. At most six are sent.
    pub tiebreaks: Vec<String>,
}

impl Ranking {
    /// A ranking by points alone after `round` rounds (ties share a place): for callers with
    /// no tie-breaks, and for tests.
    pub fn by_points(t: &Tournament, round: u32) -> Ranking {
        let system = t.point_system;
        let mut rows: Vec<(PlayerId, Points)> = t
            .players
            .iter()
            .map(|p| (p.id, p.score_after(round, &system)))
            .collect();
        rows.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let mut out: Vec<RankRow> = Vec::with_capacity(rows.len());
        for (k, (player, points)) in rows.into_iter().enumerate() {
            let equal = out.last().is_some_and(|r| r.points == points);
            let rank = if equal { out[k - 1].rank } else { k as u32 + 1 };
            out.push(RankRow {
                player,
                rank,
                equal,
                points,
                tiebreaks: Vec::new(),
            });
        }
        Ranking { round, rows: out }
    }
}

/// A tie-break as chess-results numbers it (its `tbNno`), with the name shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TiebreakColumn {
    /// chess-results' number of the tie-break (its table "Tie-Breaks.xlsx"), 0 when it has none.
    pub number: u16,
    /// Its parameters (`tbN_detail`), empty when none are sent.
    pub detail: String,
}

impl TiebreakColumn {
    /// chess-results' number for a FIDE tie-break code of 2023 (`BH`, `SB`, `DE`, …), with or
    /// without modifiers (`BH/C1`): the "variable" tie-breaks of April 2024 (77-91), whose
    /// parameters chess-results takes in `tbN_detail`.
    pub fn for_fide_code(code: &str) -> TiebreakColumn {
        let base = code
            .split(['/', ' '])
            .next()
            .unwrap_or("")
            .to_ascii_uppercase();
        let number = match base.as_str() {
            "AOB" => 77,
            "BC" => 78,
            "REP" => 79,
            "ARO" => 80,
            "DE" => 81,
            "ESB" => 82,
            "EDE" => 83,
            "BH" | "FB" => 84,
            "SB" => 85,
            "PS" => 86,
            "KS" => 87,
            "TPR" | "APRO" | "PTP" | "APPO" => 88,
            "TBR" => 89,
            "BBE" => 90,
            "SSSC" => 91,
            "WIN" | "WON" | "BPG" | "BWG" => 68,
            _ => 0,
        };
        TiebreakColumn {
            number,
            detail: String::new(),
        }
    }
}

impl TiebreakColumn {
    /// A team event's game points (chess-results' 1, "points (game-points)").
    pub fn game_points() -> TiebreakColumn {
        TiebreakColumn {
            number: 1,
            detail: String::new(),
        }
    }

    /// A team event's match points on the scale `win`/`draw`/`loss`: chess-results' 13 for
    /// 2/1/0, 40 for 3/1/0, 44 ("Matchpoints (variabel)") for any other.
    pub fn match_points(win: u8, draw: u8, loss: u8) -> TiebreakColumn {
        let number = match (win, draw, loss) {
            (2, 1, 0) => 13,
            (3, 1, 0) => 40,
            _ => 44,
        };
        TiebreakColumn {
            number,
            detail: String::new(),
        }
    }
}

/// Everything one upload file says beyond the tournament itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Upload<'a> {
    pub tournament: &'a Tournament,
    /// The tournament's key on chess-results.com (GETKEY); empty for a file saved by hand.
    pub key: String,
    /// The creator's id (each user's own, so that nobody else overwrites the tournament).
    pub creator: String,
    pub round_robin: bool,
    pub organiser: String,
    pub director: String,
    pub remark: String,
    pub fide_rated: Option<bool>,
    pub tiebreaks: Vec<TiebreakColumn>,
    /// One ranking per round with results, the last one the ranking shown (`rankinground`).
    pub rankings: Vec<Ranking>,
    /// True when every round is played (`endstatus`).
    pub finished: bool,
    /// The signed fields of an upload (none in a file saved by hand).
    pub security: Option<Security>,
}

/// The fields that authenticate an upload: the program's source id and the session,
/// creator and tournament numbers encrypted with the program's AES key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Security {
    pub source: String,
    pub sid: String,
    pub creator_sid: String,
    pub tnr_sid: String,
}

impl<'a> Upload<'a> {
    /// An upload of `t` with its rankings, everything else empty or read from its header.
    pub fn new(t: &'a Tournament, rankings: Vec<Ranking>) -> Upload<'a> {
        let rounds = t.header.rounds.unwrap_or(0);
        let played = rankings.last().map_or(0, |r| r.round);
        Upload {
            tournament: t,
            key: String::new(),
            creator: String::new(),
            round_robin: t.header.says_round_robin() == Some(true),
            organiser: String::new(),
            director: String::new(),
            remark: String::new(),
            fide_rated: None,
            tiebreaks: Vec::new(),
            rankings,
            finished: rounds > 0 && played >= rounds,
            security: None,
        }
    }
}

/// The value of an attribute, escaped for XML.
/// One line of `<intermediaterankings>`: a ranking's round, a place, the number of the player
/// or team ranked there, its tie-breaks, and whether it shares the place above.
struct Intermediate<'a> {
    round: u32,
    rank: u32,
    no: u32,
    tiebreaks: &'a [String],
    equal: bool,
}

/// The intermediate rankings (Swiss events, the rounds before `rankinground`). The document
/// lists their fields but neither element's name nor an example: these names are ours
/// (docs/chess-results.md).
fn intermediate_rankings<'a>(out: &mut String, rows: impl Iterator<Item = Intermediate<'a>>) {
    let i = "  ";
    out.push_str("<intermediaterankings>\n");
    for row in rows {
        out.push_str("<intermediateranking\n");
        attr(out, i, "round", row.round);
        attr(out, i, "rank", row.rank);
        attr(out, i, "no", row.no);
        for k in 0..5 {
            let v = row.tiebreaks.get(k).cloned().unwrap_or_default();
            attr(out, i, &format!("tb{}", k + 1), v);
        }
        attr(out, i, "equal", if row.equal { "J" } else { "N" });
        out.push_str("/>\n");
    }
    out.push_str("</intermediaterankings>\n");
}

fn attr(out: &mut String, indent: &str, name: &str, value: impl std::fmt::Display) {
    let v = value.to_string();
    let _ = writeln!(
        out,
        "{indent}{name}=\"{}\"",
        quick_xml::escape::escape(v.as_str())
    );
}

/// A point value with one decimal and a point, as the examples write results (`0.5`).
fn pts(p: Points) -> String {
    p.to_string()
}

/// `dd.mm.yyyy` from `YYYY/MM/DD` (or the text as written when it is another form).
fn date(s: &str) -> String {
    match crate::model::parse_ymd(s) {
        Some((y, m, d)) => format!("{d:02}.{m:02}.{y:04}"),
        None => s.to_string(),
    }
}

fn round_date(s: &str) -> String {
    // TRF's round dates are `YY/MM/DD`.
    let parts: Vec<&str> = s.trim().split(['/', '-', '.']).collect();
    match parts[..] {
        [y, m, d] if y.len() == 2 => format!("{d}.{m}.20{y}"),
        _ => date(s),
    }
}

fn split_name(name: &str) -> (String, String) {
    match name.split_once(',') {
        Some((last, first)) => (last.trim().to_string(), first.trim().to_string()),
        None => (name.trim().to_string(), String::new()),
    }
}

/// The upload file of one individual event.
pub fn write(u: &Upload) -> String {
    let t = u.tournament;
    let h = &t.header;
    let final_ranking = u.rankings.last();
    let ranking_round = final_ranking.map_or(0, |r| r.round);
    let current_round = t.players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
    let rated: Vec<u16> = t.players.iter().filter_map(|p| p.rating).collect();
    let average = if rated.is_empty() {
        String::new()
    } else {
        (rated.iter().map(|&r| u64::from(r)).sum::<u64>() / rated.len() as u64).to_string()
    };
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<chessresults>\n");
    let i = "  ";
    let sheet = Sheet {
        key: &u.key,
        kind: if u.round_robin { 1 } else { 0 },
        remark: &u.remark,
        director: &u.director,
        organiser: &u.organiser,
        current_round: current_round as u32,
        ranking_round,
        fide_rated: u.fide_rated,
        tiebreaks: &u.tiebreaks,
        average,
        finished: u.finished,
        creator: &u.creator,
        teams: None,
    };
    tournament_element(&mut out, h, &sheet);
    rounds_element(&mut out, h, current_round as u32);

    out.push_str("<players>\n");
    for p in &t.players {
        let row = final_ranking.and_then(|r| r.rows.iter().find(|x| x.player == p.id));
        // Withdrawals: state 1 in round robins (the field is forbidden in Swiss events).
        let state = if u.round_robin {
            if p.rounds.contains(&Entry::Withdrawn) {
                "1"
            } else {
                "0"
            }
        } else {
            ""
        };
        let points = row.map_or_else(|| p.score(&t.point_system), |r| r.points);
        player_element(&mut out, p, None, row, points, state);
    }
    out.push_str("</players>\n");

    // Intermediate rankings, Swiss events only, for the rounds before `rankinground`. The
    // document lists their fields but neither element's name nor an example: these names
    // are ours (docs/chess-results.md).
    if !u.round_robin && u.rankings.len() > 1 {
        let before = &u.rankings[..u.rankings.len() - 1];
        intermediate_rankings(
            &mut out,
            before.iter().flat_map(|r| {
                r.rows.iter().map(|row| Intermediate {
                    round: r.round,
                    rank: row.rank,
                    no: row.player.0,
                    tiebreaks: &row.tiebreaks,
                    equal: row.equal,
                })
            }),
        );
    }

    out.push_str("<playerpairings>\n");
    for r in 1..=current_round {
        let mut pairing = 0;
        let mut line = |out: &mut String,
                        white: PlayerId,
                        black: i64,
                        rw: String,
                        rb: String,
                        forfeit: &str| {
            pairing += 1;
            out.push_str("<playerpairing\n");
            attr(out, i, "round", r);
            attr(out, i, "pairing", pairing);
            attr(out, i, "board", 1);
            attr(out, i, "whiteno", white);
            attr(out, i, "blackno", black);
            attr(out, i, "reswhite", rw);
            attr(out, i, "resblack", rb);
            attr(out, i, "forfeit", forfeit);
            out.push_str("/>\n");
        };
        let ps = &t.point_system;
        let mut unpaired = Vec::new();
        for p in &t.players {
            let Some(e) = p.entry(r as u32) else {
                continue;
            };
            let points = |e: &Entry| pts(e.points(ps));
            match *e {
                Entry::Played {
                    opponent,
                    color: Color::White,
                    rated,
                    ..
                } => {
                    let black = t.players.iter().find(|q| q.id == opponent);
                    let rb = black
                        .and_then(|b| b.entry(r as u32))
                        .map_or_else(|| pts(Points::ZERO), points);
                    let forfeit = if rated { "" } else { "U" };
                    line(
                        &mut out,
                        p.id,
                        i64::from(opponent.0),
                        points(e),
                        rb,
                        forfeit,
                    );
                }
                Entry::ForfeitWin {
                    opponent: Some(o),
                    color: Some(Color::White),
                }
                | Entry::ForfeitLoss {
                    opponent: Some(o),
                    color: Some(Color::White),
                }
                | Entry::DoubleForfeit {
                    opponent: o,
                    color: Color::White,
                } => {
                    let rb = t
                        .players
                        .iter()
                        .find(|q| q.id == o)
                        .and_then(|b| b.entry(r as u32))
                        .map_or_else(|| pts(Points::ZERO), points);
                    let code = if matches!(e, Entry::DoubleForfeit { .. }) {
                        "D"
                    } else {
                        "K"
                    };
                    line(&mut out, p.id, i64::from(o.0), points(e), rb, code);
                }
                Entry::PairingBye => {
                    line(&mut out, p.id, -1, points(e), pts(Points::ZERO), "K");
                }
                Entry::Played { .. }
                | Entry::ForfeitWin {
                    color: Some(Color::Black),
                    ..
                }
                | Entry::ForfeitLoss {
                    color: Some(Color::Black),
                    ..
                }
                | Entry::DoubleForfeit { .. } => {}
                // Byes, absences and forfeits without an opponent: not paired, with their points.
                _ => {
                    let v = e.points(ps);
                    unpaired.push((
                        p.id,
                        if v == Points::ZERO {
                            String::new()
                        } else {
                            pts(v)
                        },
                    ));
                }
            }
        }
        for (id, p) in unpaired {
            line(&mut out, id, -2, p, String::new(), "");
        }
    }
    out.push_str("</playerpairings>\n");

    security_element(&mut out, u.security.as_ref());
    out.push_str("</chessresults>\n");
    out
}

/// What the `tournament` element says beyond the header, for both kinds of event.
pub(crate) struct Sheet<'s> {
    pub key: &'s str,
    /// chess-results' `type`: 0 Swiss, 1 round robin, 2 team round robin, 3 team Swiss.
    pub kind: u8,
    pub remark: &'s str,
    pub director: &'s str,
    pub organiser: &'s str,
    pub current_round: u32,
    pub ranking_round: u32,
    pub fide_rated: Option<bool>,
    pub tiebreaks: &'s [TiebreakColumn],
    pub average: String,
    pub finished: bool,
    pub creator: &'s str,
    /// A team event's boards per match and whether the home team (the match's first) has
    /// White on board 1.
    pub teams: Option<(u32, bool)>,
}

pub(crate) fn tournament_element(out: &mut String, h: &crate::model::Header, s: &Sheet) {
    let yes_no = |b: Option<bool>| match b {
        Some(true) => "J",
        Some(false) => "N",
        None => "-",
    };
    let i = "  ";
    out.push_str("<tournamentdata>\n<tournament\n");
    attr(out, i, "key", s.key);
    attr(out, i, "type", s.kind);
    attr(out, i, "name", h.name.as_deref().unwrap_or(""));
    attr(out, i, "fideeventid", "");
    attr(out, i, "remark", s.remark);
    attr(out, i, "director", s.director);
    attr(out, i, "organiser", s.organiser);
    attr(out, i, "location", h.city.as_deref().unwrap_or(""));
    attr(out, i, "arbiter", h.deputy_arbiters.join(", "));
    attr(out, i, "rounds", h.rounds.unwrap_or(s.current_round));
    attr(out, i, "currentround", s.current_round);
    attr(out, i, "rankinground", s.ranking_round);
    // 6: FIDE rating only, the rating the model carries.
    attr(out, i, "sortstartrank", 6);
    attr(out, i, "from", date(h.start_date.as_deref().unwrap_or("")));
    attr(out, i, "to", date(h.end_date.as_deref().unwrap_or("")));
    attr(out, i, "ratedfide", yes_no(s.fide_rated));
    attr(out, i, "ratednational", "-");
    for k in 0..5 {
        let n = s.tiebreaks.get(k).map_or(0, |c| c.number);
        attr(out, i, &format!("tb{}no", k + 1), n);
    }
    attr(out, i, "replay", 1);
    attr(
        out,
        i,
        "timecontrol",
        h.time_control.as_deref().unwrap_or(""),
    );
    match s.teams {
        Some((boards, home_white)) => {
            attr(out, i, "homecolor", if home_white { "w" } else { "s" });
            // Colours alternate board by board (C.04.6 4.4): not all the same.
            attr(out, i, "samecolor", "N");
            attr(out, i, "playerperteam", boards);
        }
        None => {
            for name in ["homecolor", "samecolor", "playerperteam"] {
                attr(out, i, name, "");
            }
        }
    }
    attr(out, i, "category", 0);
    attr(out, i, "ratingavg", &s.average);
    attr(out, i, "endstatus", if s.finished { "J" } else { "N" });
    for k in 0..5 {
        let d = s.tiebreaks.get(k).map_or("", |c| c.detail.as_str());
        attr(out, i, &format!("tb{}_detail", k + 1), d);
    }
    attr(
        out,
        i,
        "chiefarbiter",
        h.chief_arbiter.as_deref().unwrap_or(""),
    );
    attr(
        out,
        i,
        "deputyarbiter",
        h.deputy_arbiters.first().map_or("", |s| s.as_str()),
    );
    attr(out, i, "homepageorganiser", "");
    attr(out, i, "mail", "");
    attr(
        out,
        i,
        "federation",
        h.federation.as_deref().unwrap_or("FID"),
    );
    attr(out, i, "creator", s.creator);
    out.push_str("/>\n</tournamentdata>\n");
}

/// The planned rounds with their dates.
pub(crate) fn rounds_element(out: &mut String, h: &crate::model::Header, current_round: u32) {
    let i = "  ";
    out.push_str("<rounds>\n");
    let planned = h.rounds.unwrap_or(current_round).max(current_round);
    for r in 1..=planned {
        out.push_str("<round\n");
        attr(out, i, "round", r);
        let d = h
            .round_dates
            .get(r as usize - 1)
            .map_or(String::new(), |d| {
                if d.trim().is_empty() {
                    String::new()
                } else {
                    round_date(d)
                }
            });
        attr(out, i, "date", d);
        attr(out, i, "time", "");
        out.push_str("/>\n");
    }
    out.push_str("</rounds>\n");
}

/// One `player` element: `team` is the team's number and the player's board in it.
pub(crate) fn player_element(
    out: &mut String,
    p: &crate::model::Player,
    team: Option<(u32, u32)>,
    row: Option<&RankRow>,
    points: Points,
    state: &str,
) {
    let i = "  ";
    out.push_str("<player\n");
    attr(out, i, "no", p.id);
    attr(out, i, "id", "");
    let (last, first) = split_name(&p.name);
    attr(out, i, "lastname", last);
    attr(out, i, "firstname", first);
    attr(out, i, "atitle", "");
    attr(out, i, "title", p.title.map_or("", |x| x.code()));
    let rating = p.rating.map_or(String::new(), |r| r.to_string());
    attr(out, i, "rtg", &rating);
    attr(out, i, "rtgfide", &rating);
    attr(
        out,
        i,
        "rtgnat",
        p.national_rating.map_or(String::new(), |r| r.to_string()),
    );
    for name in ["rtgaverage", "rtgperform", "rtgdifference"] {
        attr(out, i, name, "");
    }
    let dob = p.birth_date.as_deref().map_or(String::new(), date);
    attr(out, i, "dob", dob);
    attr(
        out,
        i,
        "sex",
        match p.sex {
            Some(Sex::Female) => "w",
            Some(Sex::Male) => "m",
            None => "",
        },
    );
    attr(out, i, "fed", p.federation.as_deref().unwrap_or(""));
    match team {
        Some((number, board)) => {
            attr(out, i, "board", board);
            attr(out, i, "teamno", number);
        }
        None => {
            attr(out, i, "board", "");
            attr(out, i, "teamno", 0);
        }
    }
    attr(out, i, "clubname", "");
    attr(
        out,
        i,
        "fideid",
        p.fide_id.map_or(String::new(), |x| x.to_string()),
    );
    for name in ["teamplayid", "club", "typ", "group"] {
        attr(out, i, name, "");
    }
    attr(
        out,
        i,
        "rank",
        row.map_or(String::new(), |r| r.rank.to_string()),
    );
    for k in 0..5 {
        let v = row
            .and_then(|r| r.tiebreaks.get(k))
            .cloned()
            .unwrap_or_default();
        attr(out, i, &format!("tb{}", k + 1), v);
    }
    attr(out, i, "pts", pts(points));
    attr(
        out,
        i,
        "equal",
        if row.is_some_and(|r| r.equal) {
            "J"
        } else {
            "N"
        },
    );
    attr(out, i, "kfaktor", "");
    attr(out, i, "state", state);
    out.push_str("/>\n");
}

/// The signed fields of an upload, when there are some.
pub(crate) fn security_element(out: &mut String, security: Option<&Security>) {
    let i = "  ";
    if let Some(s) = security {
        out.push_str("<security>\n<securitydata\n");
        attr(out, i, "source", &s.source);
        attr(out, i, "sid", &s.sid);
        attr(out, i, "creator_sid", &s.creator_sid);
        attr(out, i, "tnr_sid", &s.tnr_sid);
        out.push_str("/>\n</security>\n");
    }
}
