//! A round's lineups checked as they stand against the event's rules, the default lineups
//! written when the round was paired included (the first players of each roster: nobody chose
//! them, so nobody's form checked them). The round page says which team's lineup breaks which
//! rule, and the arbiter changes the lineup there ([`crate::teams::rounds`]'s `set_lineup`
//! checks the new one).

use rusqlite::Connection;

use crate::error::Result;
use crate::teams::event::{load_event, load_teams};
use crate::teams::model::load_round;
use crate::teams::rounds::{board_order_breach, roster_rules_breach};
use crate::teams::rules::{BoardOrderBreach, RuleBreach};
use crate::teams::types::*;
use crate::Store;

/// What a lineup breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineupProblem {
    /// A roster rule ([`crate::teams::rules::lineup_rules`], one team of a club per round).
    Rule(RuleBreach),
    /// The order by rating within the event's tolerance (the FFE's 100 points).
    Order(BoardOrderBreach),
}

impl std::fmt::Display for LineupProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LineupProblem::Rule(b) => b.fmt(f),
            LineupProblem::Order(b) => b.fmt(f),
        }
    }
}

/// A team's lineup in a match of the round that breaks a rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineupBreach {
    pub match_number: u32,
    pub team: TeamKey,
    pub problem: LineupProblem,
}

/// The players a team fields in a match, board 1 first.
fn lineup_of(m: &TeamMatch, team: &Team) -> Vec<MemberKey> {
    m.boards
        .iter()
        .flat_map(|b| [b.white, b.black])
        .flatten()
        .filter(|id| team.roster.iter().any(|p| p.id == *id))
        .collect()
}

pub(crate) fn round_breaches(
    conn: &Connection,
    event: TeamEventId,
    round: u32,
) -> Result<Vec<LineupBreach>> {
    let e = load_event(conn, event)?;
    let teams = load_teams(conn, event)?;
    let pairing = load_round(conn, event, round)?;
    let mut out = Vec::new();
    // A match forfeited as a whole has no games: its lineups are not played.
    for m in pairing.matches.iter().filter(|m| m.forfeit.is_none()) {
        for key in [m.white_team, m.black_team] {
            let Some(team) = teams.iter().find(|t| t.id == key) else {
                continue;
            };
            let members = lineup_of(m, team);
            let mut problem = None;
            if let Some(gap) = e.settings.board_order_gap {
                problem = board_order_breach(&team.roster, &members, gap).map(LineupProblem::Order);
            }
            if problem.is_none() {
                problem = roster_rules_breach(conn, &e, &teams, round, key, &members)?
                    .map(LineupProblem::Rule);
            }
            if let Some(problem) = problem {
                out.push(LineupBreach {
                    match_number: m.number,
                    team: key,
                    problem,
                });
            }
        }
    }
    Ok(out)
}

impl Store {
    /// The lineups of a paired round that break the event's rules as they stand (a default
    /// lineup included), match by match, the match's white team first: the first rule each
    /// breaks (the order by rating, then the roster rules).
    pub fn round_lineup_breaches(
        &self,
        event: TeamEventId,
        round: u32,
    ) -> Result<Vec<LineupBreach>> {
        self.with_conn(|c| round_breaches(c, event, round))
    }
}
