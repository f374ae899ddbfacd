//! The setting that gives each team one captain's code for the whole event instead of a code per
//! match (180 codes for an 18-round season of ten teams, 10 with it), the list the arbiter
//! prints, and a code renewed when a captain lost it. What a team's code opens is decided with
//! the other codes ([`crate::teams::captains`]).

use rusqlite::{params, Connection};
use serde_json::json;

use crate::edits::{Changed, Version};
use crate::error::{Error, Result};
use crate::teams::captain_rows::{codes_kind, ensure_team_codes, write_codes, CaptainCodes};
use crate::teams::event::{check_team, load_event};
use crate::teams::log::{append, touched_since, version_on};
use crate::teams::types::*;
use crate::Store;

/// The log's target of the setting and of every code renewed.
const TARGET: &str = "captain_codes";

/// The codes the arbiter prints: each team (in entry order) with its code for the event; empty
/// with codes per match (the round pages print those).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct CaptainCodeList {
    pub kind: CaptainCodes,
    pub codes: Vec<TeamCode>,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TeamCode {
    pub team: TeamKey,
    pub code: String,
}

fn team_keys(c: &Connection, event: TeamEventId) -> Result<Vec<TeamKey>> {
    let mut st = c.prepare_cached("SELECT id FROM team WHERE event_id = ?1 ORDER BY id")?;
    let rows = st.query_map([event], |r| r.get(0))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

fn refuse_if_moved(tx: &Connection, event: TeamEventId, seen: Option<Version>) -> Result<()> {
    if let Some(seen) = seen {
        if touched_since(tx, event, seen, &[TARGET.to_string()])? {
            return Err(Error::Conflict {
                version: version_on(tx, event)?,
                changed: vec![Changed::TeamSettings {
                    stored: Box::new(load_event(tx, event)?.settings),
                }],
            });
        }
    }
    Ok(())
}

impl Store {
    /// The event's captains' codes: with codes per team, every team's (a team entered since the
    /// setting was chosen gets its code here).
    pub fn team_captain_codes(&self, event: TeamEventId) -> Result<CaptainCodeList> {
        self.transaction(|tx| {
            let kind = codes_kind(tx, event)?;
            if kind == CaptainCodes::Match {
                return Ok(CaptainCodeList {
                    kind,
                    codes: Vec::new(),
                });
            }
            ensure_team_codes(tx, event, &team_keys(tx, event)?)?;
            let mut st = tx.prepare_cached(
                "SELECT team, code FROM team_captain_code WHERE event_id = ?1 ORDER BY team",
            )?;
            let codes = st
                .query_map([event], |r| {
                    Ok(TeamCode {
                        team: r.get(0)?,
                        code: r.get(1)?,
                    })
                })?
                .collect::<rusqlite::Result<_>>()?;
            Ok(CaptainCodeList { kind, codes })
        })
    }

    /// Chooses the kind of captains' codes. Only that kind is kept: codes per team drop the
    /// matches' codes and give each team its code; codes per match drop the teams' codes and
    /// give every match paired so far its two codes.
    pub fn set_team_captain_codes(
        &self,
        actor: &str,
        event: TeamEventId,
        kind: CaptainCodes,
        seen: Option<Version>,
    ) -> Result<()> {
        self.transaction(|tx| {
            refuse_if_moved(tx, event, seen)?;
            if codes_kind(tx, event)? == kind {
                return Ok(());
            }
            tx.execute(
                "UPDATE team_event SET captain_codes = ?1 WHERE id = ?2",
                params![kind.as_str(), event],
            )?;
            match kind {
                CaptainCodes::Team => {
                    tx.execute(
                        "DELETE FROM team_match_code WHERE event_id = ?1",
                        [event],
                    )?;
                    ensure_team_codes(tx, event, &team_keys(tx, event)?)?;
                }
                CaptainCodes::Match => {
                    tx.execute(
                        "DELETE FROM team_captain_code WHERE event_id = ?1",
                        [event],
                    )?;
                    let mut st = tx.prepare_cached(
                        "SELECT round, number, white_team, black_team FROM team_match WHERE event_id = ?1 ORDER BY round, number",
                    )?;
                    let matches = st
                        .query_map([event], |r| {
                            Ok((r.get(0)?, r.get(1)?, [r.get(2)?, r.get(3)?]))
                        })?
                        .collect::<rusqlite::Result<Vec<(u32, u32, [TeamKey; 2])>>>()?;
                    for (round, number, teams) in matches {
                        write_codes(tx, event, round, number, &teams)?;
                    }
                }
            }
            append(
                tx,
                event,
                actor,
                "captain_codes",
                TARGET,
                json!({ "kind": kind.as_str() }),
            )
        })
    }

    /// A new code for a team whose captain lost theirs: the old code opens nothing after it.
    /// Codes per team only. The log names the team, never a code.
    pub fn renew_team_captain_code(
        &self,
        actor: &str,
        event: TeamEventId,
        team: TeamKey,
        seen: Option<Version>,
    ) -> Result<String> {
        self.transaction(|tx| {
            check_team(tx, event, team)?;
            if codes_kind(tx, event)? != CaptainCodes::Team {
                return Err(Error::invalid(
                    "captain_codes",
                    "codes per team (a match's code is not renewed)",
                    "codes per match",
                ));
            }
            refuse_if_moved(tx, event, seen)?;
            tx.execute(
                "DELETE FROM team_captain_code WHERE event_id = ?1 AND team = ?2",
                params![event, team],
            )?;
            ensure_team_codes(tx, event, &[team])?;
            let code: String = tx.query_row(
                "SELECT code FROM team_captain_code WHERE event_id = ?1 AND team = ?2",
                params![event, team],
                |r| r.get(0),
            )?;
            append(
                tx,
                event,
                actor,
                "renew_captain_code",
                TARGET,
                json!({ "team": team }),
            )?;
            Ok(code)
        })
    }
}
