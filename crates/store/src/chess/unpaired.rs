//! The players checked in but neither paired nor given a bye in a round: the manual pairing
//! lists them, and results and the next pairing wait until none is left.

use rusqlite::Connection;

use crate::chess::rows::{load_byes, load_players, load_round};
use crate::chess::types::*;
use crate::error::{Error, Refusal, Result};

/// Refuses results and the next pairing while a checked-in player is unpaired in `round`.
pub(crate) fn ensure_all_paired(conn: &Connection, event: EventId, round: u32) -> Result<()> {
    let waiting: Vec<String> = unpaired_in(conn, event, round)?
        .into_iter()
        .filter(|p| p.present)
        .map(|p| format!("{} ({})", p.details.name, p.number))
        .collect();
    if waiting.is_empty() {
        return Ok(());
    }
    Err(Error::refused(
        Refusal::UnpairedPlayers,
        format!(
            "round {round} has {} checked-in player(s) still to pair: {}",
            waiting.len(),
            waiting.join(", ")
        ),
    ))
}

/// The players of round `round` with no board and no bye, by pairing number (none before the
/// round is paired).
pub(crate) fn unpaired_in(conn: &Connection, event: EventId, round: u32) -> Result<Vec<Player>> {
    let r = load_round(conn, event, round)?;
    let byes = load_byes(conn, event)?;
    let mut out: Vec<Player> = load_players(conn, event)?
        .into_iter()
        .filter(|p| p.withdrawn_from.is_none_or(|w| w > round))
        .filter(|p| !byes.iter().any(|b| b.player == p.id && b.round == round))
        .filter(|p| {
            !r.games
                .iter()
                .any(|g| g.white == p.id || g.black == Some(p.id))
        })
        .collect();
    out.sort_by_key(|p| p.number);
    Ok(out)
}
