//! A team round corrected after a later one was paired: the Swiss Team pairing of the later
//! round was made on the old match scores (C.04.2 4.3 applies to teams, C.04.6's preface).
//! Each pairing is compared with the results it was made on: the log says, for every board
//! result written after the pairing, what the board held before (the first such entry's
//! `from`). A round robin pairs by the Berger table and is never stale.

use std::collections::BTreeMap;

use rusqlite::Connection;
use serde::Serialize;

use crate::chess::types::ResultCode;
use crate::edits::{Changed, Version};
use crate::error::{Error, Refusal, Result};
use crate::teams::event::load_event;
use crate::teams::log::{touched_since, version_on};
use crate::teams::model::{load_round, load_rounds};
use crate::teams::rounds::{pair_team_round_in, unpair_last_team_round_in};
use crate::teams::types::*;
use crate::Store;

/// A board of an earlier round whose result changed after the pairing was made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TeamCorrection {
    pub round: u32,
    #[serde(rename = "match")]
    pub match_number: u32,
    pub board: u32,
    pub white_team: TeamKey,
    pub black_team: TeamKey,
    /// What the pairing was made on.
    pub was: Option<ResultCode>,
    pub now: Option<ResultCode>,
}

/// A team whose match score before the stale round changed, and its match in that round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AffectedTeam {
    pub team: TeamKey,
    /// Its match in the stale round; `None` for the team without a match.
    #[serde(rename = "match")]
    pub match_number: Option<u32>,
}

/// A Swiss Team pairing made on board results corrected since.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StaleTeamPairing {
    pub round: u32,
    pub corrections: Vec<TeamCorrection>,
    /// The teams of the corrected matches, by their match in the round.
    pub teams: Vec<AffectedTeam>,
    /// It is the last round paired and none of its boards has a result: it may be paired again.
    pub repairable: bool,
}

impl StaleTeamPairing {
    /// One of its corrections is in `round`.
    pub fn corrected_in(&self, round: u32) -> bool {
        self.corrections.iter().any(|c| c.round == round)
    }
}

/// The log id of the pairing of `round` in force (its last `pair`; an `unpair` after it took it
/// back).
fn paired_at(c: &Connection, event: TeamEventId, round: u32) -> Result<Option<i64>> {
    let target = format!("round:{round}");
    let mut st = c.prepare_cached(
        "SELECT id, action FROM team_log WHERE event_id = ?1 AND target = ?2 \
         AND action IN ('pair', 'unpair') ORDER BY id DESC LIMIT 1",
    )?;
    let last: Option<(i64, String)> = st
        .query_map(rusqlite::params![event, target], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })?
        .next()
        .transpose()?;
    Ok(last.filter(|(_, a)| a == "pair").map(|(id, _)| id))
}

/// What each board of the rounds before `round` held when the log entry `since` was written,
/// where a result was written after it: (round, match, board) → the value before the first
/// such write.
fn held_at(
    c: &Connection,
    event: TeamEventId,
    since: i64,
    round: u32,
) -> Result<BTreeMap<(u32, u32, u32), Option<ResultCode>>> {
    let mut st = c.prepare_cached(
        "SELECT detail FROM team_log WHERE event_id = ?1 AND action = 'result' AND id > ?2 \
         ORDER BY id",
    )?;
    let rows = st.query_map(rusqlite::params![event, since], |r| r.get::<_, String>(0))?;
    let mut out = BTreeMap::new();
    for row in rows {
        let d: serde_json::Value = serde_json::from_str(&row?)?;
        let n = |k: &str| d[k].as_u64().map(|v| v as u32);
        let (Some(r), Some(m), Some(b)) = (n("round"), n("match"), n("board")) else {
            continue;
        };
        if r < round {
            out.entry((r, m, b))
                .or_insert_with(|| d["from"].as_str().and_then(ResultCode::parse));
        }
    }
    Ok(out)
}

fn stale_on(c: &Connection, event: TeamEventId) -> Result<Vec<StaleTeamPairing>> {
    let e = load_event(c, event)?;
    if e.settings.system.is_round_robin() {
        return Ok(Vec::new());
    }
    let rounds = load_rounds(c, event)?;
    let mut out = Vec::new();
    for r in rounds.iter().skip(1) {
        let Some(paired) = paired_at(c, event, r.round)? else {
            continue;
        };
        let mut corrections = Vec::new();
        for ((round, number, board), was) in held_at(c, event, paired, r.round)? {
            let Some(m) = rounds
                .iter()
                .find(|x| x.round == round)
                .and_then(|x| x.matches.iter().find(|m| m.number == number))
            else {
                continue;
            };
            let now = m
                .boards
                .iter()
                .find(|b| b.board == board)
                .and_then(|b| b.result);
            if now != was {
                corrections.push(TeamCorrection {
                    round,
                    match_number: number,
                    board,
                    white_team: m.white_team,
                    black_team: m.black_team,
                    was,
                    now,
                });
            }
        }
        if corrections.is_empty() {
            continue;
        }
        let mut teams: Vec<AffectedTeam> = Vec::new();
        for t in corrections
            .iter()
            .flat_map(|c| [c.white_team, c.black_team])
        {
            if teams.iter().all(|a| a.team != t) {
                let match_number = r
                    .matches
                    .iter()
                    .find(|m| m.white_team == t || m.black_team == t)
                    .map(|m| m.number);
                teams.push(AffectedTeam {
                    team: t,
                    match_number,
                });
            }
        }
        teams.sort_by_key(|a| (a.match_number.is_none(), a.match_number, a.team));
        let has_result = r
            .matches
            .iter()
            .flat_map(|m| &m.boards)
            .any(|b| b.result.is_some());
        out.push(StaleTeamPairing {
            round: r.round,
            corrections,
            teams,
            repairable: r.round == e.rounds_paired && !has_result,
        });
    }
    Ok(out)
}

impl Store {
    /// The event's Swiss Team pairings made on board results corrected since, earliest first.
    pub fn stale_team_pairings(&self, event: TeamEventId) -> Result<Vec<StaleTeamPairing>> {
        self.with_conn(|c| stale_on(c, event))
    }

    /// Takes back the last round's pairing and pairs it again on today's results, in one
    /// transaction: refused once one of its boards has a result ([`Refusal::RoundClosed`]) or
    /// when `round` is not the last round paired; with `seen`, a conflict when the round's
    /// pairing or a lineup of it changed since that version.
    pub fn repair_team_round(
        &self,
        actor: &str,
        event: TeamEventId,
        round: u32,
        seen: Option<Version>,
    ) -> Result<TeamRoundPairing> {
        self.transaction(|tx| {
            let e = load_event(tx, event)?;
            if round != e.rounds_paired {
                return Err(Error::refused(
                    Refusal::RoundClosed,
                    format!(
                        "round {round} is not the last round paired (round {} is)",
                        e.rounds_paired
                    ),
                ));
            }
            let pairing = load_round(tx, event, round)?;
            if let Some(seen) = seen {
                let mut targets = vec![format!("round:{round}")];
                for m in &pairing.matches {
                    for t in [m.white_team, m.black_team] {
                        targets.push(format!("lineup:{round}:{}:{t}", m.number));
                    }
                }
                if touched_since(tx, event, seen, &targets)? {
                    return Err(Error::Conflict {
                        version: version_on(tx, event)?,
                        changed: vec![Changed::Pairing { round }],
                    });
                }
            }
            unpair_last_team_round_in(tx, actor, event)?;
            pair_team_round_in(tx, actor, event)
        })
    }
}
