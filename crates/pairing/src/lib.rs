//! Swiss pairing (FIDE's Dutch, Burstein, Dubov, Lim, Double-Swiss and Swiss Team systems, offered
//! side by side through [`system`]; what the individual systems share is in [`swiss`]),
//! round-robin tables, the pairing checker and the random tournament generator.
//!
//! Engines take a validated [`tournament::Tournament`] and return a [`Pairing`]; they never parse
//! text and never print.

pub mod berger;
pub mod burstein;
pub mod checker;
pub mod double_swiss;
pub mod dubov;
pub mod dutch;
pub mod explain;
pub mod generator;
pub mod lim;
pub mod request;
pub mod swiss;
pub mod system;
pub mod team;
pub mod top_scoregroup;

use tournament::PlayerId;

/// One board of a round: who has White and who has Black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    pub white: PlayerId,
    pub black: PlayerId,
}

/// The pairing of one round: boards in board order, and the pairing-allocated bye if any.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Pairing {
    pub boards: Vec<Board>,
    pub bye: Option<PlayerId>,
}

/// Why a round cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// No pairing satisfies the absolute criteria (exit code 1 in the engine interface).
    #[error("no valid pairing exists for round {round}")]
    NoValidPairing { round: u32 },
    /// The request itself is invalid (exit code 3): missing round count, initial colour, …
    #[error("{0}")]
    InvalidRequest(String),
    /// Beyond the engine's limits (exit code 4).
    #[error("{0}")]
    BeyondLimits(String),
}
