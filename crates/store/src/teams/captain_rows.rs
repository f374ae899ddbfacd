//! The captains' rows a match's life writes: their codes when it is paired, their reports
//! dropped when the arbiter's result settles them. Pairing and results (`rounds.rs`) and the
//! captains' own actions (`captains.rs`, `captain_codes.rs`) both write them.

use rusqlite::{params, Connection, OptionalExtension};

use crate::error::Result;
use crate::teams::types::*;

/// What a captain's code opens: one match of one round (the default), or whichever match of
/// the team is current, for the whole event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CaptainCodes {
    #[default]
    Match,
    Team,
}

impl CaptainCodes {
    pub fn as_str(self) -> &'static str {
        match self {
            CaptainCodes::Match => "match",
            CaptainCodes::Team => "team",
        }
    }

    pub fn parse(s: &str) -> Option<CaptainCodes> {
        match s.trim() {
            "match" => Some(CaptainCodes::Match),
            "team" => Some(CaptainCodes::Team),
            _ => None,
        }
    }
}

/// The event's kind of captains' codes (`NotFound` for no such event).
pub(crate) fn codes_kind(c: &Connection, event: TeamEventId) -> Result<CaptainCodes> {
    let text: Option<String> = c
        .query_row(
            "SELECT captain_codes FROM team_event WHERE id = ?1",
            [event],
            |r| r.get(0),
        )
        .optional()?;
    let text = text.ok_or(crate::error::Error::NotFound("team event"))?;
    Ok(CaptainCodes::parse(&text).unwrap_or_default())
}

/// Gives each of `teams` its code for the whole event, unless it has one.
pub(crate) fn ensure_team_codes(
    tx: &Connection,
    event: TeamEventId,
    teams: &[TeamKey],
) -> Result<()> {
    for team in teams {
        let has: bool = tx.query_row(
            "SELECT EXISTS (SELECT 1 FROM team_captain_code WHERE event_id = ?1 AND team = ?2)",
            params![event, team],
            |r| r.get(0),
        )?;
        if !has {
            let code = crate::new_codes::new_code(tx)?;
            tx.execute(
                "INSERT INTO team_captain_code (event_id, team, code) VALUES (?1, ?2, ?3)",
                params![event, team, code],
            )?;
        }
    }
    Ok(())
}

/// Gives each team of a new match its captain's code: the match's own, or (codes per team)
/// the team's code for the event if it has none yet.
pub(crate) fn write_codes(
    tx: &Connection,
    event: TeamEventId,
    round: u32,
    match_number: u32,
    teams: &[TeamKey],
) -> Result<()> {
    if codes_kind(tx, event)? == CaptainCodes::Team {
        return ensure_team_codes(tx, event, teams);
    }
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
