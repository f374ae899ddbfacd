//! Simultaneous pairs: several clubs play the same deals on the same evening; every board is
//! then matchpointed across all the clubs' results (Neuberg where a board has fewer results
//! than the most-played one) and each pair ranked over the whole field, its own club's
//! ranking kept beside it.
//!
//! ```
//! use bridge::simultaneous::{combine, Club};
//!
//! let head = "board,ns,ew,contract,declarer,result\n";
//! let home = format!("{head}1,1,3,4S,N,=\n1,2,4,3S,N,=\n");
//! let home = bridge::csv::read(&home, "home.csv").unwrap();
//! let away = bridge::csv::read(&format!("{head}1,1,3,4S,N,-1\n"), "away.csv").unwrap();
//! let clubs = [Club::new("Home", "home.csv", home), Club::new("Away", "away.csv", away)];
//! let combined = combine(&clubs, &bridge::Options::default());
//! // Home's pair 1 made 4♠ where Home's pair 2 stopped in 3♠ and Away's went one down.
//! let first = &combined.ranking[0];
//! assert_eq!((first.club, first.pair, first.rank), (0, 1, 1));
//! assert_eq!(first.percent.unwrap().to_fixed(2), "100.00");
//! // Its own club's ranking, beside it: first of two.
//! assert_eq!(first.local.as_ref().unwrap().rank, 1);
//! ```

use std::collections::{BTreeMap, HashMap};

use crate::board::{Seat, Vulnerability};
use crate::deal::Deal;
use crate::rational::Ratio;
use crate::score::{score_session, Expected, Field, Options, ScoredBoard, Standing};
use crate::session::{Board, FieldKind, PairId, Session};

/// One club's evening: its name, where its results came from (a file name, for messages),
/// and its session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Club {
    pub name: String,
    pub source: String,
    pub session: Session,
}

impl Club {
    pub fn new(name: &str, source: &str, session: Session) -> Club {
        Club {
            name: name.to_string(),
            source: source.to_string(),
            session,
        }
    }
}

/// Why another club's file does not hold the session's deals.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Mismatch {
    #[error("{file}: board {board} is not one of the session's boards")]
    UnknownBoard { file: String, board: u32 },
    #[error("{file}: board {board}: dealer {found} in the file, {expected} in the session")]
    Dealer {
        file: String,
        board: u32,
        expected: Seat,
        found: Seat,
    },
    #[error("{file}: board {board}: vulnerability {found} in the file, {expected} in the session")]
    Vulnerability {
        file: String,
        board: u32,
        expected: Vulnerability,
        found: Vulnerability,
    },
    #[error(
        "{file}: board {board}: {seat} holds {found} in the file, {expected} in the session's hand record"
    )]
    Hand {
        file: String,
        board: u32,
        seat: Seat,
        expected: String,
        found: String,
    },
    #[error("{file}: board {board}: the deal {found:?} is not a deal of 52 cards")]
    Deal {
        file: String,
        board: u32,
        found: String,
    },
}

/// Checks that `other` (read from `file`) played the deals of `host`: every board of the file
/// must be one of the session's, with the same dealer and vulnerability, and the same four
/// hands when both have a hand record. Returns the boards matched by number only (one side
/// has no hand record), for a warning.
pub fn check_same_deals(host: &Session, other: &Session, file: &str) -> Result<Vec<u32>, Mismatch> {
    let by_number: HashMap<u32, &Board> = host.boards.iter().map(|b| (b.number, b)).collect();
    let mut by_number_only = Vec::new();
    for b in &other.boards {
        let Some(h) = by_number.get(&b.number) else {
            return Err(Mismatch::UnknownBoard {
                file: file.to_string(),
                board: b.number,
            });
        };
        if h.dealer != b.dealer {
            return Err(Mismatch::Dealer {
                file: file.to_string(),
                board: b.number,
                expected: h.dealer,
                found: b.dealer,
            });
        }
        if h.vulnerability != b.vulnerability {
            return Err(Mismatch::Vulnerability {
                file: file.to_string(),
                board: b.number,
                expected: h.vulnerability,
                found: b.vulnerability,
            });
        }
        let (Some(hd), Some(od)) = (&h.deal, &b.deal) else {
            by_number_only.push(b.number);
            continue;
        };
        let parse = |text: &String| {
            text.parse::<Deal>().map_err(|_| Mismatch::Deal {
                file: file.to_string(),
                board: b.number,
                found: text.clone(),
            })
        };
        let (hd, od) = (parse(hd)?, parse(od)?);
        for seat in [Seat::North, Seat::East, Seat::South, Seat::West] {
            if hd.hand(seat) != od.hand(seat) {
                return Err(Mismatch::Hand {
                    file: file.to_string(),
                    board: b.number,
                    seat,
                    expected: hd.hand(seat).to_string(),
                    found: od.hand(seat).to_string(),
                });
            }
        }
    }
    Ok(by_number_only)
}

/// A pair of one club, as the combined field knows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClubPair {
    /// Index into the clubs given to [`combine`].
    pub club: usize,
    /// The pair's field in its own club's ranking (`All` for a one-field club).
    pub field: Field,
    /// The pair's number in its own club.
    pub pair: PairId,
}

/// A pair's line in the combined ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CombinedStanding {
    /// The field of the combined ranking (NS and EW apart when every club played two fields).
    pub field: Field,
    pub club: usize,
    /// The pair's number in its own club.
    pub pair: PairId,
    pub total: Ratio,
    pub top: Ratio,
    pub percent: Option<Ratio>,
    pub boards: u32,
    pub rank: u32,
    pub tied: bool,
    /// The pair's line in its own club's ranking, as the club scored it alone.
    pub local: Option<Standing>,
}

/// The whole field scored together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Combined {
    pub field: FieldKind,
    /// Every board over the whole field: its lines are each club's lines in turn, club by
    /// club in the order given.
    pub boards: Vec<ScoredBoard>,
    /// For each board, the club of each line.
    pub line_clubs: Vec<Vec<usize>>,
    /// By field, then place, then club and pair number.
    pub ranking: Vec<CombinedStanding>,
}

/// Scores all clubs' results as one field. Every board of any club is matchpointed across
/// all the lines of that board (Neuberg to the most-played board's number of results); the
/// combined ranking has NS and EW apart when every club played two fields, else one list by
/// percentage. `opts` gives the scale, the averages and the fouled-board rule; each club's
/// local ranking is its own session scored with the same options.
pub fn combine(clubs: &[Club], opts: &Options) -> Combined {
    let kinds: Vec<FieldKind> = clubs
        .iter()
        .enumerate()
        .map(|(i, c)| match (i, opts.field) {
            (0, Some(f)) => f,
            _ => c.session.field_kind(),
        })
        .collect();
    let field = if !kinds.is_empty() && kinds.iter().all(|&k| k == FieldKind::Two) {
        FieldKind::Two
    } else {
        FieldKind::One
    };
    // Every pair of every club gets a number of its own in the merged session.
    let mut ids: HashMap<ClubPair, PairId> = HashMap::new();
    let mut pairs: Vec<ClubPair> = Vec::new();
    let mut id_of = |p: ClubPair| {
        *ids.entry(p).or_insert_with(|| {
            pairs.push(p);
            pairs.len() as PairId
        })
    };
    // Fouled-board groups are versions of a deal at one club: each club's keep apart.
    let mut groups: HashMap<(usize, u8), u8> = HashMap::new();
    let mut merged: BTreeMap<u32, (Board, Vec<usize>)> = BTreeMap::new();
    for (ci, club) in clubs.iter().enumerate() {
        let two = kinds[ci] == FieldKind::Two;
        for b in &club.session.boards {
            let (board, owners) = merged.entry(b.number).or_insert_with(|| {
                let mut first = b.clone();
                first.lines.clear();
                first.expected = None;
                (first, Vec::new())
            });
            for l in &b.lines {
                let (fns, few) = if two {
                    (Field::NorthSouth, Field::EastWest)
                } else {
                    (Field::All, Field::All)
                };
                let mut line = l.clone();
                line.ns = id_of(ClubPair {
                    club: ci,
                    field: fns,
                    pair: l.ns,
                });
                line.ew = id_of(ClubPair {
                    club: ci,
                    field: few,
                    pair: l.ew,
                });
                line.round = None;
                if l.group != 0 {
                    let next = groups.len() as u8 + 1;
                    line.group = *groups.entry((ci, l.group)).or_insert(next);
                }
                board.lines.push(line);
                owners.push(ci);
            }
        }
    }
    let (boards, line_clubs): (Vec<Board>, Vec<Vec<usize>>) = merged.into_values().unzip();
    let session = Session {
        field: Some(field),
        boards,
        ..Session::default()
    };
    let merged_opts = Options {
        field: Some(field),
        expected: Expected::MostPlayed,
        ..*opts
    };
    let scored = score_session(&session, &merged_opts);
    let locals: Vec<HashMap<(Field, PairId), Standing>> = clubs
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let own = Options {
                field: Some(kinds[i]),
                ..*opts
            };
            score_session(&c.session, &own)
                .ranking
                .into_iter()
                .map(|s| ((s.field, s.pair), s))
                .collect()
        })
        .collect();
    let mut ranking: Vec<CombinedStanding> = scored
        .ranking
        .into_iter()
        .map(|s| {
            let p = pairs[s.pair as usize - 1];
            CombinedStanding {
                field: s.field,
                club: p.club,
                pair: p.pair,
                total: s.total,
                top: s.top,
                percent: s.percent,
                boards: s.boards,
                rank: s.rank,
                tied: s.tied,
                local: locals[p.club].get(&(p.field, p.pair)).cloned(),
            }
        })
        .collect();
    ranking.sort_by_key(|a| (a.field, a.rank, a.club, a.pair));
    Combined {
        field,
        boards: scored.boards,
        line_clubs,
        ranking,
    }
}
