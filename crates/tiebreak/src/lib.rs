//! Chess tie-breaks and standings: FIDE C.07 (2024 and 2026 editions), the 2012 virtual
//! opponent and the older "unplayed game is a draw" rule, and the tie-breaks of the French
//! federation's annex (Kashdan, Yugoslav, sum of Buchholz, provisional ratings).
//!
//! A standings computation takes a [`tournament::Tournament`], [`Options`] (the rule
//! [`Edition`]) and a list of [`TieBreak`]s, and returns ranked [`Row`]s with every value.
//! Values are exact ([`Value`]); nothing here parses files or prints.
//!
//! ```
//! use tiebreak::{parse_list, standings, Edition, Options};
//! use tournament::{Color, Entry, GameResult, Player, PlayerId, Tournament};
//! let game = |opp, color, result| Entry::Played { opponent: PlayerId(opp), color, result, rated: true };
//! let mut t = Tournament::default();
//! t.players = vec![
//!     Player { id: PlayerId(1), rounds: vec![game(2, Color::White, GameResult::Draw), Entry::HalfBye], ..Player::default() },
//!     Player { id: PlayerId(2), rounds: vec![game(1, Color::Black, GameResult::Draw), Entry::PairingBye], ..Player::default() },
//! ];
//! let list = parse_list("BH,SB").unwrap();
//! let options = Options { edition: Some(Edition::C07_2026), ..Options::default() };
//! let s = standings(&t, &list, &options).unwrap();
//! assert_eq!(s.rows[0].id, PlayerId(2));
//! assert_eq!(s.rows[0].values[0].unwrap().to_string(), "2");
//! ```

#![forbid(unsafe_code)]

mod compute;
mod context;
mod direct;
mod provisional;
mod spec;
mod standings;
pub mod tables;
mod team;
mod value;
mod verify;

pub use spec::{
    parse_list, Code, Cut, Edition, EditionError, Limit, TeamScore, TieBreak, TieBreakError,
    UnratedRule,
};
pub use standings::{
    is_round_robin, performance_ratings, standings, tiebreak_values, EventFormat, Options, Row,
    Standings,
};
pub use team::{team_standings, TeamOptions, TeamRow, TeamStandings, TeamValue};
pub use value::Value;
pub use verify::{check_ranks, RankCheck, RankObjection};

use tournament::PlayerId;

/// Why standings cannot be computed for a tournament.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error("player {id} appears more than once")]
    DuplicatePlayer { id: PlayerId },
    #[error(
        "player {player}, round {round}: opponent {opponent} is not a player of the tournament"
    )]
    UnknownOpponent {
        player: PlayerId,
        round: u32,
        opponent: PlayerId,
    },
    #[error("player {player}, round {round}: a game against oneself")]
    PlaysItself { player: PlayerId, round: u32 },
    #[error("{code}: not a tie-break for team standings")]
    NotForTeams { code: String },
    /// The teams' matches cannot be read (a model built by a program; a file read by
    /// `tournament::trf::read` never gives one).
    #[error("{0}")]
    Teams(#[from] tournament::team::TeamError),
}
