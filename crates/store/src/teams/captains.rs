//! The captains' phones: each team of each match gets a code when the round is paired. The code
//! opens the match for that team's captain, who submits the team's lineup before the round and
//! reports the boards' results after it. A report waits for the arbiter, as a player's report of
//! an individual event does: the same value from both captains is one report, a second,
//! different value for a board is a conflict the arbiter settles by entering the result. Wrong
//! codes count against the sender ([`crate::throttle`]).

use rusqlite::{params, Connection, OptionalExtension};
use serde_json::json;

use crate::chess::types::{ReportOutcome, ResultCode};
use crate::edits::Version;
use crate::error::{Error, Refusal, Result};
use crate::teams::event::{load_event, load_teams};
use crate::teams::log::append;
use crate::teams::model::load_round;
use crate::teams::rounds::{write_lineup, write_results, BoardResult, Lineup, LineupBy};
use crate::teams::types::*;
use crate::Store;

/// Where a captain's code leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct CodeTarget {
    event: TeamEventId,
    round: u32,
    match_number: u32,
    team: TeamKey,
}

/// The match and team a code opens; an unknown code is a wrong code (`BadCode`). A team's code
/// for the whole event opens the match of `round` when the captain's page names it (so that a
/// form sent just as the arbiter finished a round still goes to the match it showed), else the
/// team's current match ([`current_round`]).
fn find_code(c: &Connection, code: &str, round: Option<u32>) -> Result<CodeTarget> {
    let code = code.trim().to_uppercase();
    let of_match = c
        .query_row(
            "SELECT event_id, round, match, team FROM team_match_code WHERE code = ?1",
            [&code],
            |r| {
                Ok(CodeTarget {
                    event: r.get(0)?,
                    round: r.get(1)?,
                    match_number: r.get(2)?,
                    team: r.get(3)?,
                })
            },
        )
        .optional()?;
    if let Some(at) = of_match {
        return match round {
            Some(r) if r != at.round => Err(Error::NotFound("match")),
            _ => Ok(at),
        };
    }
    let of_team: Option<(TeamEventId, TeamKey)> = c
        .query_row(
            "SELECT event_id, team FROM team_captain_code WHERE code = ?1",
            [&code],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let Some((event, team)) = of_team else {
        return Err(Error::refused(
            Refusal::BadCode,
            "no match has this captain's code",
        ));
    };
    let round = match round {
        Some(r) => r,
        None => current_round(c, event, team)?,
    };
    let match_number: u32 = c
        .query_row(
            "SELECT number FROM team_match WHERE event_id = ?1 AND round = ?2 AND (white_team = ?3 OR black_team = ?3)",
            params![event, round, team],
            |r| r.get(0),
        )
        .optional()?
        .ok_or(Error::NotFound("match"))?;
    Ok(CodeTarget {
        event,
        round,
        match_number,
        team,
    })
}

/// The round of a team's current match: the first paired round where its match is still to be
/// finished (not forfeited as a whole, a board without a result), else its last match. A team
/// with no match paired yet has nothing to open.
pub(crate) fn current_round(c: &Connection, event: TeamEventId, team: TeamKey) -> Result<u32> {
    let unfinished: Option<u32> = c
        .query_row(
            "SELECT min(m.round) FROM team_match m WHERE m.event_id = ?1 \
             AND (m.white_team = ?2 OR m.black_team = ?2) AND m.forfeit IS NULL \
             AND (NOT EXISTS (SELECT 1 FROM team_board b WHERE b.event_id = m.event_id AND b.round = m.round AND b.match = m.number) \
                  OR EXISTS (SELECT 1 FROM team_board b WHERE b.event_id = m.event_id AND b.round = m.round AND b.match = m.number AND b.result IS NULL))",
            params![event, team],
            |r| r.get(0),
        )?;
    if let Some(round) = unfinished {
        return Ok(round);
    }
    let last: Option<u32> = c.query_row(
        "SELECT max(round) FROM team_match WHERE event_id = ?1 AND (white_team = ?2 OR black_team = ?2)",
        params![event, team],
        |r| r.get(0),
    )?;
    last.ok_or_else(|| Error::refused(Refusal::NotPlaying, "no match of this team is paired yet"))
}

/// A board's reports waiting for the arbiter: every distinct value, first reported first.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct BoardReports {
    #[serde(rename = "match")]
    pub match_number: u32,
    pub board: u32,
    pub results: Vec<ResultCode>,
    /// The team whose captain sent each value first, in the order of `results`.
    pub teams: Vec<TeamKey>,
}

impl BoardReports {
    /// Two different values: the arbiter decides.
    pub fn is_conflict(&self) -> bool {
        self.results.len() > 1
    }
}

fn reports_in(c: &Connection, event: TeamEventId, round: u32) -> Result<Vec<BoardReports>> {
    let mut st = c.prepare_cached(
        "SELECT match, board, result, team FROM team_report WHERE event_id = ?1 AND round = ?2 ORDER BY match, board, rowid",
    )?;
    let rows = st.query_map(params![event, round], |r| {
        Ok((
            r.get::<_, u32>(0)?,
            r.get::<_, u32>(1)?,
            r.get::<_, String>(2)?,
            r.get::<_, TeamKey>(3)?,
        ))
    })?;
    let mut out: Vec<BoardReports> = Vec::new();
    for row in rows {
        let (m, b, text, team) = row?;
        let Some(result) = ResultCode::parse(&text) else {
            continue;
        };
        match out.last_mut() {
            Some(last) if last.match_number == m && last.board == b => {
                last.results.push(result);
                last.teams.push(team);
            }
            _ => out.push(BoardReports {
                match_number: m,
                board: b,
                results: vec![result],
                teams: vec![team],
            }),
        }
    }
    Ok(out)
}

/// What a captain's phone shows: the event, the match, the captain's team and its roster, the
/// reports waiting on the match's boards, and the version the page is built at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaptainMatch {
    pub event: TeamEvent,
    pub round: u32,
    pub pairing: TeamMatch,
    /// The captain's team.
    pub team: Team,
    pub opponent: Team,
    pub reports: Vec<BoardReports>,
    pub version: i64,
}

impl CaptainMatch {
    /// The captain's team has White on board 1.
    pub fn has_white_on_board_one(&self) -> bool {
        self.pairing.white_team == self.team.id
    }
}

fn captain_match(c: &Connection, at: CodeTarget) -> Result<CaptainMatch> {
    let event = load_event(c, at.event)?;
    let pairing = load_round(c, at.event, at.round)?
        .matches
        .into_iter()
        .find(|m| m.number == at.match_number)
        .ok_or(Error::NotFound("match"))?;
    let other = if pairing.white_team == at.team {
        pairing.black_team
    } else {
        pairing.white_team
    };
    let teams = load_teams(c, at.event)?;
    let find = |k: TeamKey| {
        teams
            .iter()
            .find(|t| t.id == k)
            .cloned()
            .ok_or(Error::NotFound("team"))
    };
    let reports = reports_in(c, at.event, at.round)?
        .into_iter()
        .filter(|r| r.match_number == at.match_number)
        .collect();
    Ok(CaptainMatch {
        round: at.round,
        team: find(at.team)?,
        opponent: find(other)?,
        pairing,
        reports,
        version: crate::teams::log::version_on(c, at.event)?.0,
        event,
    })
}

impl Store {
    /// The captain's codes of a round's matches: `(match, team, code)`; with codes per team,
    /// each team's code for the event.
    pub fn team_match_codes(
        &self,
        event: TeamEventId,
        round: u32,
    ) -> Result<Vec<(u32, TeamKey, String)>> {
        self.with_conn(|c| {
            let mut st = c.prepare_cached(
                "SELECT match, team, code FROM team_match_code WHERE event_id = ?1 AND round = ?2 \
                 UNION ALL \
                 SELECT m.number, k.team, k.code FROM team_match m JOIN team_captain_code k \
                   ON k.event_id = m.event_id AND k.team IN (m.white_team, m.black_team) \
                 WHERE m.event_id = ?1 AND m.round = ?2 ORDER BY 1",
            )?;
            let rows = st.query_map(params![event, round], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?))
            })?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
    }

    /// The captains' reports of a round waiting for the arbiter.
    pub fn team_reports(&self, event: TeamEventId, round: u32) -> Result<Vec<BoardReports>> {
        self.with_conn(|c| reports_in(c, event, round))
    }

    /// The match a captain's code opens, under the wrong-code limits: a match's code opens its
    /// match; a team's code for the event opens the match of `round`, or without it the team's
    /// current match.
    pub fn open_captain_code(
        &self,
        address: &str,
        code: &str,
        round: Option<u32>,
    ) -> Result<CaptainMatch> {
        let at = self.code_attempt(address, |c| find_code(c, code, round))?;
        self.with_conn(|c| captain_match(c, at))
    }

    /// A captain's lineup: the team's roster players for the boards, in roster order (the same
    /// rule and refusals as the arbiter's, [`Store::set_lineup`]); `seen` is the version the
    /// captain's page was built at.
    pub fn captain_lineup(
        &self,
        address: &str,
        code: &str,
        round: Option<u32>,
        members: Vec<MemberKey>,
        seen: Option<Version>,
    ) -> Result<CaptainMatch> {
        let at = self.code_attempt(address, |c| find_code(c, code, round))?;
        let actor = self.with_conn(|c| {
            let teams = load_teams(c, at.event)?;
            let name = teams
                .iter()
                .find(|t| t.id == at.team)
                .map(|t| t.details.name.to_string());
            Ok(format!("captain of {}", name.unwrap_or_default()))
        })?;
        let lineup = Lineup {
            round: at.round,
            match_number: at.match_number,
            team: at.team,
            members,
        };
        self.transaction(|tx| {
            write_lineup(tx, &actor, at.event, &lineup, seen, LineupBy::Captain)
        })?;
        self.with_conn(|c| captain_match(c, at))
    }

    /// A captain's report of board results (over the board only: 1-0, ½-½, 0-1). Each board's
    /// outcome: `None` when the arbiter has already entered its result (the report is not
    /// kept), else stored, unchanged (that value was already reported) or a conflict (another
    /// value was). Refused for a match forfeited as a whole.
    pub fn captain_report(
        &self,
        address: &str,
        code: &str,
        round: Option<u32>,
        results: &[(u32, ResultCode)],
    ) -> Result<Vec<(u32, Option<ReportOutcome>)>> {
        let at = self.code_attempt(address, |c| find_code(c, code, round))?;
        if let Some((_, r)) = results.iter().find(|(_, r)| !r.is_over_the_board()) {
            return Err(Error::invalid("result", "1-0, 1/2 or 0-1", r.as_str()));
        }
        self.transaction(|tx| {
            let m = captain_match(tx, at)?;
            if m.pairing.forfeit.is_some() {
                return Err(Error::refused(
                    Refusal::RoundClosed,
                    "this match is forfeited as a whole",
                ));
            }
            let mut outcomes = Vec::with_capacity(results.len());
            for &(board, result) in results {
                let b = m
                    .pairing
                    .boards
                    .iter()
                    .find(|b| b.board == board)
                    .ok_or(Error::NotFound("board"))?;
                if b.result.is_some() {
                    outcomes.push((board, None));
                    continue;
                }
                let before: Vec<ResultCode> = m
                    .reports
                    .iter()
                    .find(|r| r.board == board)
                    .map(|r| r.results.clone())
                    .unwrap_or_default();
                if before.contains(&result) {
                    outcomes.push((board, Some(ReportOutcome::Unchanged)));
                    continue;
                }
                tx.execute(
                    "INSERT INTO team_report (event_id, round, match, board, result, team, reported_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                    params![at.event, at.round, at.match_number, board, result.as_str(), at.team, crate::db::now()],
                )?;
                let (action, outcome) = if before.is_empty() {
                    ("report", ReportOutcome::Stored)
                } else {
                    ("report_conflict", ReportOutcome::Conflict)
                };
                append(
                    tx,
                    at.event,
                    &format!("captain of {}", m.team.details.name),
                    action,
                    &format!("report:{}:{}:{board}", at.round, at.match_number),
                    json!({ "round": at.round, "match": at.match_number, "board": board,
                            "result": result.as_str(),
                            "before": before.iter().map(|r| r.as_str()).collect::<Vec<_>>() }),
                )?;
                outcomes.push((board, Some(outcome)));
            }
            Ok(outcomes)
        })
    }

    /// Accepts the captains' reports of a round where they agree (one value on a board without
    /// a result) and returns how many boards got their result; conflicting boards wait for the
    /// arbiter. With `seen`, refused when a board moved since that version (as the grid is).
    pub fn confirm_team_reports(
        &self,
        actor: &str,
        event: TeamEventId,
        round: u32,
        seen: Option<Version>,
    ) -> Result<usize> {
        self.transaction(|tx| {
            let pairing = load_round(tx, event, round)?;
            let agreed: Vec<BoardResult> = reports_in(tx, event, round)?
                .into_iter()
                .filter(|r| !r.is_conflict())
                .filter(|r| {
                    pairing
                        .matches
                        .iter()
                        .find(|m| m.number == r.match_number)
                        .and_then(|m| m.boards.iter().find(|b| b.board == r.board))
                        .is_some_and(|b| b.result.is_none())
                })
                .map(|r| BoardResult {
                    match_number: r.match_number,
                    board: r.board,
                    result: Some(r.results[0]),
                })
                .collect();
            write_results(tx, actor, event, round, &agreed, seen)
        })
    }
}
