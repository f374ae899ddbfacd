//! The captains' rows a match's life writes: their codes when it is paired, their reports
//! dropped when the arbiter's result settles them. Pairing and results (`rounds.rs`) and the
//! captains' own actions (`captains.rs`) both write them.

use rusqlite::{params, Connection};

use crate::error::Result;
use crate::teams::types::*;

/// Gives each team of a new match its captain's code.
pub(crate) fn write_codes(
    tx: &Connection,
    event: TeamEventId,
    round: u32,
    match_number: u32,
    teams: &[TeamKey],
) -> Result<()> {
    for team in teams {
        let code = crate::new_codes::new_code(tx)?;
        tx.execute(
            "INSERT INTO team_match_code (event_id, round, match, team, code) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![event, round, match_number, team, code],
        )?;
    }
    Ok(())
}

/// Drops the captains' reports of a board (or of every board of the match) once the arbiter's
/// result settles them.
pub(crate) fn settle_reports(
    tx: &Connection,
    event: TeamEventId,
    round: u32,
    match_number: u32,
    board: Option<u32>,
) -> Result<()> {
    tx.execute(
        "DELETE FROM team_report WHERE event_id = ?1 AND round = ?2 AND match = ?3 AND (?4 IS NULL OR board = ?4)",
        params![event, round, match_number, board],
    )?;
    Ok(())
}
