//! Duplicate bridge: pairs scoring (contract scores, matchpoints on both scales with Neuberg,
//! artificial, weighted and split adjusted scores, fouled boards, cross-IMPs and Butler,
//! rankings with shared places), teams of four ([`teams`]: IMPs, victory points, board-a-match,
//! Patton, round robin, Swiss, knock-out, standings), club series ([`series`]), simultaneous
//! pairs over several clubs ([`simultaneous`]), double-dummy analysis and par ([`dd`]), and
//! PBN 2.1, USEBIO 1.2 and CSV files.
//!
//! ```
//! use bridge::{Bid, Played, Seat, vulnerability_of};
//!
//! // Seed 003, board 4 (both vulnerable): 3NT by North, three down.
//! let Bid::Contract(c) = "3NT".parse::<Bid>().unwrap() else { unreachable!() };
//! let played = Played::new(c, Seat::North, 6).unwrap();
//! assert_eq!(played.score_ns(vulnerability_of(4)), -300);
//!
//! // The whole traveller, matchpointed on the two-per-beat scale.
//! let csv = "board,ns,ew,contract,declarer,result\n\
//!            4,1,8,3C,S,+1\n4,2,2,3NT,N,-3\n4,3,4,3C,N,+1\n4,4,6,2S,E,=\n\
//!            4,5,1,3C,S,+1\n4,6,3,2S,E,=\n4,7,5,2S,W,=\n4,8,7,1NT,N,+4\n";
//! let session = bridge::csv::read(csv, "seed.csv").unwrap();
//! let scored = bridge::score_session(&session, &bridge::Options::default());
//! let mp: Vec<String> = scored.boards[0].lines.iter().map(|l| l.ns.unwrap().to_string()).collect();
//! assert_eq!(mp, ["10", "0", "10", "4", "10", "4", "4", "14"]);
//! assert_eq!(scored.boards[0].pct_ns(0).unwrap().to_fixed(2), "71.43");
//! ```

pub mod board;
pub mod contract;
pub mod csv;
pub mod dd;
pub mod deal;
pub mod generate;
pub mod imps;
pub mod individual;
pub mod individual_csv;
pub mod knockout;
pub mod masterpoints;
pub mod matchpoints;
pub mod movement;
pub mod notation;
pub mod pbn;
pub mod rational;
pub mod score;
pub mod series;
pub mod session;
pub mod simultaneous;
pub mod swiss_pairs;
pub mod teams;
pub mod teams_pbn;
pub mod teams_usebio;
pub mod usebio;
pub mod vp;

pub use board::{dealer_of, vulnerability_of, Seat, Vulnerability};
pub use contract::{Bid, Contract, Doubling, Played, Strain};
pub use dd::{DdTable, Par, ParContract};
pub use deal::{Deal, DealError, Hand, Suit};
pub use imps::Datum;
pub use rational::Ratio;
pub use score::{
    score_session, Averages, Expected, Field, Fouled, Method, Options, Scale, Scored, ScoredBoard,
    ScoredLine, Standing,
};
pub use session::{
    Artificial, Board, FieldKind, InputError, InputErrorKind, Licence, Line, PairId, Pos, Session,
    TableResult, MAX_BOARDS, MAX_LINES,
};

/// Reads a session, choosing the reader from the file name (`.pbn`, `.xml`, `.csv`) or,
/// failing that, from the first non-blank character.
pub fn read_session(text: &str, file: &str) -> Result<Session, InputError> {
    let lower = file.to_ascii_lowercase();
    if lower.ends_with(".pbn") {
        return pbn::read(text, file);
    }
    if lower.ends_with(".xml") || lower.ends_with(".usebio") {
        return usebio::read(text, file);
    }
    if lower.ends_with(".csv") {
        return csv::read(text, file);
    }
    match text
        .trim_start_matches('\u{feff}')
        .trim_start()
        .chars()
        .next()
    {
        Some('<') => usebio::read(text, file),
        Some('[') | Some('%') => pbn::read(text, file),
        _ => csv::read(text, file),
    }
}
