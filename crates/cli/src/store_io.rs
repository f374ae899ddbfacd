//! How the `event` subcommands speak to the event database: who the log names as the author,
//! text fields parsed into the store's bounded texts, and the store's refusals as exit codes.

use crate::error::{exit, CliError};

/// The author of every action the command line logs.
pub(crate) const ACTOR: &str = "command line";

pub(crate) fn text<const MAX: usize>(
    field: &str,
    s: &str,
) -> Result<store::text::Text<MAX>, CliError> {
    store::text::Text::parse(s).map_err(|e| store_error(e.invalid(field, MAX)))
}

pub(crate) fn store_error(e: store::Error) -> CliError {
    use store::Error as E;
    match e {
        E::Pairing(pairing::PairingError::NoValidPairing { .. }) => {
            CliError::new(exit::NO_PAIRING, e.to_string())
        }
        E::Pairing(pairing::PairingError::BeyondLimits(_)) => {
            CliError::new(exit::LIMITS, e.to_string())
        }
        E::NotFound(_)
        | E::Refused { .. }
        | E::Invalid { .. }
        | E::Conflict { .. }
        | E::Pairing(_)
        | E::Tiebreak(_)
        | E::Restore(_)
        | E::TooManyAttempts { .. } => CliError::invalid(e.to_string()),
        // A model the chess-results writer cannot name: ours to fix.
        E::ChessResults(_) => CliError::new(exit::UNEXPECTED, e.to_string()),
        E::Database(_) | E::Shared(_) | E::Migration(_) | E::Snapshot(_) | E::ReadOnly(_) => {
            CliError::new(exit::FILE_ACCESS, e.to_string())
        }
    }
}
