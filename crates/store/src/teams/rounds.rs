//! Pairing a team event's rounds, the lineups of each match, and the boards' results.
//!
//! Round robins follow the Berger tables (C.05 Annex 1; the second cycle swaps home and away);
//! the Swiss Team system is `pairing::team` on the model [`crate::teams::model`] builds. A
//! match's boards get the teams' lineups (by default the first players of each roster) with
//! the colours of C.04.6 4.4: the team with White on board 1 has White on the odd boards.

use rusqlite::{params, Connection};
use serde_json::json;
use tournament::Color;

use crate::chess::types::ResultCode;
use crate::edits::{Changed, Version};
use crate::error::{Error, Refusal, Result};
use crate::teams::event::{load_event, load_teams};
use crate::teams::log::{append, touched_since, version_on};
use crate::teams::model::{board_colours, build, is_complete, load_round, load_rounds};
use crate::teams::rules;
use crate::teams::types::*;
use crate::Store;

/// One board's result as a form or the API sends it: `None` clears it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
pub struct BoardResult {
    #[serde(rename = "match")]
    pub match_number: u32,
    pub board: u32,
    pub result: Option<ResultCode>,
}

/// One team's lineup for a match: roster players of the team, in roster order, one per board.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
pub struct Lineup {
    pub round: u32,
    #[serde(rename = "match")]
    pub match_number: u32,
    pub team: TeamKey,
    pub members: Vec<MemberKey>,
}

/// The engine's options for the event's Swiss Team variant.
fn swiss_options(s: &TeamEventSettings) -> pairing::team::TeamOptions {
    use pairing::team::colours::PreferenceType;
    pairing::team::TeamOptions {
        preferences: match s.preferences {
            Preferences::A => PreferenceType::A,
            Preferences::B => PreferenceType::B,
            Preferences::None => PreferenceType::None,
        },
        primary: match s.primary {
            PrimaryScore::Mp => pairing::team::TeamScore::MatchPoints,
            PrimaryScore::Gp => pairing::team::TeamScore::GamePoints,
        },
        secondary_for_colours: true,
        baku: false,
    }
}

fn cycles(system: TeamSystem) -> pairing::berger::Cycles {
    match system {
        TeamSystem::DoubleRoundRobin => pairing::berger::Cycles::DOUBLE,
        _ => pairing::berger::Cycles::Single,
    }
}

/// Writes a match's boards with each team's first `boards` roster players.
fn write_default_boards(
    tx: &Connection,
    event: TeamEventId,
    round: u32,
    number: u32,
    white: &Team,
    black: &Team,
    boards: u32,
) -> Result<()> {
    let colours = board_colours(boards);
    for (k, colour) in colours.iter().enumerate() {
        let (w, b) = (white.roster[k].id, black.roster[k].id);
        let (w, b) = if *colour == Color::White {
            (w, b)
        } else {
            (b, w)
        };
        tx.execute(
            "INSERT INTO team_board (event_id, round, match, board, white, black) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![event, round, number, k as u32 + 1, w, b],
        )?;
    }
    Ok(())
}

/// A lineup's rule: one roster player per board, each once; in roster order, or with a
/// tolerance (`gap`, [`TeamEventSettings::board_order_gap`]) in any order where nobody sits
/// below a player rated more than `gap` points lower ([`rules::board_order`]).
pub fn check_lineup(
    boards: u32,
    roster: &[Member],
    members: &[MemberKey],
    gap: Option<u16>,
) -> Result<()> {
    if members.len() != boards as usize {
        return Err(Error::invalid(
            "lineup",
            format!("{boards} players, one per board"),
            members.len().to_string(),
        ));
    }
    let mut last = 0;
    let mut seen = Vec::with_capacity(members.len());
    for id in members {
        let Some(player) = roster.iter().find(|p| p.id == *id) else {
            return Err(Error::invalid(
                "lineup",
                "players of the team's roster",
                id.to_string(),
            ));
        };
        if seen.contains(id) || (gap.is_none() && player.board <= last) {
            return Err(Error::invalid(
                "lineup",
                "players in roster order, each once",
                format!("{} after roster board {last}", player.details.name),
            ));
        }
        seen.push(*id);
        last = player.board;
    }
    if let Some(breach) = gap.and_then(|g| board_order_breach(roster, members, g)) {
        return Err(Error::invalid(
            "board_order",
            format!(
                "no player rated more than {} points above a player placed before them (FFE A02)",
                breach.tolerance
            ),
            breach.to_string(),
        ));
    }
    Ok(())
}

/// The first pair of a lineup (board 1 first) that breaks the order by rating within `gap`.
pub fn board_order_breach(
    roster: &[Member],
    members: &[MemberKey],
    gap: u16,
) -> Option<rules::BoardOrderBreach> {
    let players: Vec<(&str, Option<u16>)> = members
        .iter()
        .filter_map(|id| roster.iter().find(|p| p.id == *id))
        .map(|p| (p.details.name.as_ref(), p.details.rating))
        .collect();
    rules::board_order(&players, gap).err()
}

/// The first roster rule a lineup breaks ([`rules::lineup_rules`]), then the player already
/// fielded this round by another team of the same club (the rule `one_team_per_round`): the
/// other teams' lineups of the round as they stand, their default ones included.
pub(crate) fn roster_rules_breach(
    conn: &Connection,
    e: &TeamEvent,
    teams: &[Team],
    round: u32,
    team: TeamKey,
    members: &[MemberKey],
) -> Result<Option<rules::RuleBreach>> {
    let rules_set = &e.settings.roster_rules;
    let Some(own) = teams.iter().find(|t| t.id == team) else {
        return Err(Error::NotFound("team"));
    };
    let lineup: Vec<&NewMember> = members
        .iter()
        .filter_map(|id| own.roster.iter().find(|p| p.id == *id))
        .map(|p| &p.details)
        .collect();
    if let Err(b) = rules::lineup_rules(&lineup, rules_set, &e.settings.federation) {
        return Ok(Some(b));
    }
    if !rules_set.one_team_per_round || own.details.club.is_empty() {
        return Ok(None);
    }
    let pairing = load_round(conn, e.id, round)?;
    for m in &pairing.matches {
        for b in &m.boards {
            for id in [b.white, b.black].into_iter().flatten() {
                let Some(other) = teams.iter().find(|t| t.roster.iter().any(|p| p.id == id)) else {
                    continue;
                };
                if other.id == team || other.details.club != own.details.club {
                    continue;
                }
                let Some(fielded) = other.roster.iter().find(|p| p.id == id) else {
                    continue;
                };
                if let Some(p) = lineup
                    .iter()
                    .find(|p| rules::same_person(p, &fielded.details))
                {
                    return Ok(Some(rules::RuleBreach::FieldedElsewhere {
                        player: p.name.to_string(),
                        team: other.details.name.to_string(),
                        round,
                        match_number: m.number,
                    }));
                }
            }
        }
    }
    Ok(None)
}

impl Store {
    /// The roster rule a lineup would break, if any, before it is written (the captain's
    /// review and the arbiter's form say it in the page's language).
    pub fn lineup_rule_breach(
        &self,
        event: TeamEventId,
        round: u32,
        team: TeamKey,
        members: &[MemberKey],
    ) -> Result<Option<rules::RuleBreach>> {
        self.with_conn(|c| {
            let e = load_event(c, event)?;
            let teams = load_teams(c, event)?;
            roster_rules_breach(c, &e, &teams, round, team, members)
        })
    }

    /// Pairs the next round: the Berger table's round for a round robin, the Swiss Team
    /// engine's pairing otherwise; every match gets the default lineups.
    pub fn pair_team_round(&self, actor: &str, event: TeamEventId) -> Result<TeamRoundPairing> {
        self.transaction(|tx| pair_team_round_in(tx, actor, event))
    }

    /// Takes back the last round's pairing while none of its boards has a result.
    pub fn unpair_last_team_round(&self, actor: &str, event: TeamEventId) -> Result<u32> {
        self.transaction(|tx| unpair_last_team_round_in(tx, actor, event))
    }

    /// Sets one team's lineup for a match. Refused once a board of the match has a result,
    /// and with `seen`, when someone else changed the round's pairing or this lineup since
    /// then.
    pub fn set_lineup(
        &self,
        actor: &str,
        event: TeamEventId,
        lineup: &Lineup,
        seen: Option<Version>,
    ) -> Result<()> {
        self.transaction(|tx| write_lineup(tx, actor, event, lineup, seen, LineupBy::Arbiter))
    }

    /// Writes board results of a round (earlier rounds too: a correction), all or nothing.
    /// With `seen`, a board someone else changed since that version to another value than
    /// the one asked for refuses the whole write with [`Error::Conflict`] naming it.
    pub fn set_team_results(
        &self,
        actor: &str,
        event: TeamEventId,
        round: u32,
        results: &[BoardResult],
        seen: Option<Version>,
    ) -> Result<usize> {
        self.transaction(|tx| write_results(tx, actor, event, round, results, seen))
    }

    /// Gives White on board 1 of a match to its other team (the home team's choice, or a
    /// competition's rule that the home team has Black on board 1): the teams change places
    /// and every board's players change colours, the lineups staying as they are. Refused once
    /// a board has a result, a forfeit or a captain's report; with `seen`, when the round's
    /// pairing, the match or one of its lineups changed since that version.
    pub fn swap_match_colours(
        &self,
        actor: &str,
        event: TeamEventId,
        round: u32,
        match_number: u32,
        seen: Option<Version>,
    ) -> Result<()> {
        self.transaction(|tx| {
            let pairing = load_round(tx, event, round)?;
            let m = pairing
                .matches
                .iter()
                .find(|m| m.number == match_number)
                .ok_or(Error::NotFound("match"))?;
            let reported: i64 = tx.query_row(
                "SELECT COUNT(*) FROM team_report WHERE event_id = ?1 AND round = ?2 AND match = ?3",
                params![event, round, match_number],
                |r| r.get(0),
            )?;
            if m.forfeit.is_some() || reported > 0 || m.boards.iter().any(|b| b.result.is_some()) {
                return Err(Error::refused(
                    Refusal::RoundClosed,
                    format!("match {match_number} of round {round} has results: its colours are fixed"),
                ));
            }
            let match_target = format!("match:{round}:{match_number}");
            if let Some(seen) = seen {
                let targets = [
                    format!("round:{round}"),
                    match_target.clone(),
                    format!("lineup:{round}:{match_number}:{}", m.white_team),
                    format!("lineup:{round}:{match_number}:{}", m.black_team),
                ];
                if touched_since(tx, event, seen, &targets)? {
                    return Err(Error::Conflict {
                        version: version_on(tx, event)?,
                        changed: vec![Changed::Pairing { round }],
                    });
                }
            }
            tx.execute(
                "UPDATE team_match SET white_team = black_team, black_team = white_team \
                 WHERE event_id = ?1 AND round = ?2 AND number = ?3",
                params![event, round, match_number],
            )?;
            tx.execute(
                "UPDATE team_board SET white = black, black = white \
                 WHERE event_id = ?1 AND round = ?2 AND match = ?3",
                params![event, round, match_number],
            )?;
            append(
                tx,
                event,
                actor,
                "colours",
                &match_target,
                json!({ "round": round, "match": match_number,
                        "white_team": m.black_team, "black_team": m.white_team }),
            )?;
            Ok(())
        })
    }

    /// Records a match forfeited as a whole (one team, or both, did not show), or takes it
    /// back with `None`. Every board of the match gets the forfeit result of the absent team's
    /// player (taken back: every board cleared); the lineups stay as they were. With `seen`,
    /// refused when the match's boards or its forfeit changed since that version.
    pub fn set_match_forfeit(
        &self,
        actor: &str,
        event: TeamEventId,
        round: u32,
        match_number: u32,
        forfeit: Option<MatchForfeit>,
        seen: Option<Version>,
    ) -> Result<()> {
        self.transaction(|tx| {
            let e = load_event(tx, event)?;
            let pairing = load_round(tx, event, round)?;
            let m = pairing
                .matches
                .iter()
                .find(|m| m.number == match_number)
                .ok_or(Error::NotFound("match"))?;
            if m.forfeit == forfeit {
                return Ok(());
            }
            let match_target = format!("match:{round}:{match_number}");
            let board_target = |b: u32| format!("board:{round}:{match_number}:{b}");
            if let Some(seen) = seen {
                let mut targets = vec![format!("round:{round}"), match_target.clone()];
                targets.extend(m.boards.iter().map(|b| board_target(b.board)));
                if touched_since(tx, event, seen, &targets)? {
                    return Err(Error::Conflict {
                        version: version_on(tx, event)?,
                        changed: vec![Changed::Pairing { round }],
                    });
                }
            }
            tx.execute(
                "UPDATE team_match SET forfeit = ?1 WHERE event_id = ?2 AND round = ?3 AND number = ?4",
                params![forfeit.map(MatchForfeit::as_str), event, round, match_number],
            )?;
            crate::teams::model::write_forfeit_seats(
                tx,
                event,
                round,
                m.white_team,
                m.black_team,
                forfeit,
            )?;
            if forfeit.is_some() {
                crate::teams::captain_rows::settle_reports(tx, event, round, match_number, None)?;
            }
            let colours = e.board_colours();
            for (b, colour) in m.boards.iter().zip(colours) {
                // The match's white team has White on the boards of board 1's colour (C.04.6 4.4).
                let result = forfeit.map(|f| f.board_result(colour == Color::White));
                if result == b.result {
                    continue;
                }
                tx.execute(
                    "UPDATE team_board SET result = ?1 WHERE event_id = ?2 AND round = ?3 AND match = ?4 AND board = ?5",
                    params![result.map(ResultCode::as_str), event, round, match_number, b.board],
                )?;
                append(
                    tx,
                    event,
                    actor,
                    "result",
                    &board_target(b.board),
                    json!({ "round": round, "match": match_number, "board": b.board,
                            "from": b.result.map(ResultCode::as_str), "to": result.map(ResultCode::as_str) }),
                )?;
            }
            append(
                tx,
                event,
                actor,
                "forfeit",
                &match_target,
                json!({ "round": round, "match": match_number, "from": m.forfeit.map(MatchForfeit::as_str),
                        "to": forfeit.map(MatchForfeit::as_str) }),
            )?;
            Ok(())
        })
    }
}

/// [`Store::pair_team_round`] inside the caller's transaction.
pub(crate) fn pair_team_round_in(
    tx: &Connection,
    actor: &str,
    event: TeamEventId,
) -> Result<TeamRoundPairing> {
    let e = load_event(tx, event)?;
    if e.settings.system == TeamSystem::Cup {
        return crate::teams::cup::pair_cup_round_in(tx, actor, event);
    }
    let s = &e.settings;
    let round = e.rounds_paired + 1;
    let teams = load_teams(tx, event)?;
    if teams.len() < 2 {
        return Err(Error::refused(
            Refusal::TooFewPlayers,
            "a team event needs at least two teams",
        ));
    }
    if let Some(t) = teams.iter().find(|t| t.roster.len() < s.boards as usize) {
        return Err(Error::invalid(
            "teams",
            format!("at least {} players in every roster", s.boards),
            format!("{} in team {}", t.roster.len(), t.details.name),
        ));
    }
    let rounds = load_rounds(tx, event)?;
    if rounds.last().is_some_and(|r| !is_complete(r)) {
        return Err(Error::refused(
            Refusal::MissingResults,
            format!("round {} still has boards without a result", round - 1),
        ));
    }
    let total = if s.system.is_round_robin() {
        pairing::berger::rounds(teams.len() as u32, cycles(s.system))
    } else {
        s.rounds
    };
    if round > total {
        return Err(Error::refused(
            Refusal::AllRoundsPaired,
            format!("all {total} rounds are paired"),
        ));
    }
    let pairing = if s.system.is_round_robin() {
        if round == 1 {
            // The table decides how many rounds a round robin has (the event's reads give it
            // until now; the row keeps the number typed).
            tx.execute(
                "UPDATE team_event SET rounds = ?1 WHERE id = ?2",
                params![total, event],
            )?;
        }
        // "The first team has Black on board 1 in round 1" reverses the table's colours.
        let initial = if s.initial_white {
            Color::White
        } else {
            Color::Black
        };
        pairing::berger::round_with_initial_colour(
            teams.len() as u32,
            cycles(s.system),
            round,
            initial,
        )
        .map_err(|e| Error::refused(Refusal::RoundRobinSize, e.to_string()))?
    } else {
        let model = build(tx, event, round - 1)?;
        pairing::team::pair(&model.tournament, round, &swiss_options(s))?
    };
    let by_number = |n: u32| teams.iter().find(|t| t.number == n);
    let bye = pairing.bye.and_then(|p| by_number(p.0)).map(|t| t.id);
    tx.execute(
        "INSERT INTO team_round (event_id, number, bye_team, paired_at) VALUES (?1, ?2, ?3, ?4)",
        params![event, round, bye, crate::db::now()],
    )?;
    for (k, b) in pairing.boards.iter().enumerate() {
        let (Some(white), Some(black)) = (by_number(b.white.0), by_number(b.black.0)) else {
            return Err(Error::NotFound("team"));
        };
        let number = k as u32 + 1;
        tx.execute(
            "INSERT INTO team_match (event_id, round, number, white_team, black_team) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![event, round, number, white.id, black.id],
        )?;
        write_default_boards(tx, event, round, number, white, black, s.boards)?;
        crate::teams::captain_rows::write_codes(tx, event, round, number, &[white.id, black.id])?;
    }
    crate::teams::model::write_seats(tx, event, round, None)?;
    let target = format!("round:{round}");
    append(tx, event, actor, "pair", &target, json!({ "round": round }))?;
    load_round(tx, event, round)
}

/// [`Store::unpair_last_team_round`] inside the caller's transaction.
pub(crate) fn unpair_last_team_round_in(
    tx: &Connection,
    actor: &str,
    event: TeamEventId,
) -> Result<u32> {
    let e = load_event(tx, event)?;
    let round = e.rounds_paired;
    if round == 0 {
        return Err(Error::NotFound("round"));
    }
    let r = load_round(tx, event, round)?;
    if r.matches
        .iter()
        .flat_map(|m| &m.boards)
        .any(|b| b.result.is_some())
    {
        return Err(Error::refused(
            Refusal::RoundClosed,
            format!("round {round} has results"),
        ));
    }
    tx.execute(
        "DELETE FROM team_round WHERE event_id = ?1 AND number = ?2",
        params![event, round],
    )?;
    append(
        tx,
        event,
        actor,
        "unpair",
        &format!("round:{round}"),
        json!({ "round": round }),
    )?;
    Ok(round)
}

/// Writes board results inside the caller's transaction (see [`Store::set_team_results`]); the
/// captains' reports of a board that gets a result are settled with it.
pub(crate) fn write_results(
    tx: &Connection,
    actor: &str,
    event: TeamEventId,
    round: u32,
    results: &[BoardResult],
    seen: Option<Version>,
) -> Result<usize> {
    load_event(tx, event)?;
    let pairing = load_round(tx, event, round)?;
    // What each board holds now; conflicts are found before anything is written.
    let mut writes = Vec::new();
    let mut changed = Vec::new();
    for r in results {
        // The non-standard results (½-0, 0-½, 0-0) are an individual event's: a team board
        // holds a win, a draw or a forfeit, which the match score and the team exports add up.
        if let Some(code) = r.result.filter(|c| c.is_non_standard()) {
            return Err(Error::Invalid {
                field: format!("board {} of match {}", r.board, r.match_number),
                expected: "a team board's result (1-0, 0-1, 1/2 or a forfeit)".into(),
                found: code.as_str().into(),
            });
        }
        let m = pairing
            .matches
            .iter()
            .find(|m| m.number == r.match_number)
            .ok_or(Error::NotFound("board"))?;
        let stored = m
            .boards
            .iter()
            .find(|b| b.board == r.board)
            .ok_or(Error::NotFound("board"))?
            .result;
        if stored == r.result {
            continue;
        }
        if m.forfeit.is_some() {
            return Err(Error::refused(
                    Refusal::RoundClosed,
                    format!(
                        "match {} of round {round} is forfeited as a whole: take the forfeit back before entering its boards",
                        m.number
                    ),
                ));
        }
        let target = format!("board:{round}:{}:{}", r.match_number, r.board);
        if let Some(seen) = seen {
            if touched_since(tx, event, seen, std::slice::from_ref(&target))? {
                changed.push(Changed::TeamBoard {
                    round,
                    table: r.match_number,
                    board: r.board,
                    stored,
                    yours: r.result,
                });
            }
        }
        writes.push((r, stored, target));
    }
    if !changed.is_empty() {
        return Err(Error::Conflict {
            version: version_on(tx, event)?,
            changed,
        });
    }
    for (r, stored, target) in &writes {
        tx.execute(
                "UPDATE team_board SET result = ?1 WHERE event_id = ?2 AND round = ?3 AND match = ?4 AND board = ?5",
                params![r.result.map(ResultCode::as_str), event, round, r.match_number, r.board],
            )?;
        if r.result.is_some() {
            crate::teams::captain_rows::settle_reports(
                tx,
                event,
                round,
                r.match_number,
                Some(r.board),
            )?;
        }
        append(
            tx,
            event,
            actor,
            "result",
            target,
            json!({ "round": round, "match": r.match_number, "board": r.board,
                        "from": stored.map(ResultCode::as_str), "to": r.result.map(ResultCode::as_str) }),
        )?;
    }
    Ok(writes.len())
}

/// Who sets a lineup: a captain may not once the match has reports; the arbiter may until a
/// result is entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LineupBy {
    Arbiter,
    Captain,
}

/// [`Store::set_lineup`]'s write, inside the caller's transaction.
pub(crate) fn write_lineup(
    tx: &Connection,
    actor: &str,
    event: TeamEventId,
    lineup: &Lineup,
    seen: Option<Version>,
    by: LineupBy,
) -> Result<()> {
    let (round, match_number, team) = (lineup.round, lineup.match_number, lineup.team);
    let members = &lineup.members[..];
    let e = load_event(tx, event)?;
    let pairing = load_round(tx, event, round)?;
    let m = pairing
        .matches
        .iter()
        .find(|m| m.number == match_number)
        .ok_or(Error::NotFound("match"))?;
    let home = if m.white_team == team {
        true
    } else if m.black_team == team {
        false
    } else {
        return Err(Error::NotFound("team"));
    };
    if m.boards.iter().any(|b| b.result.is_some()) {
        return Err(Error::refused(
            Refusal::RoundClosed,
            format!("match {match_number} of round {round} has results: its lineups are fixed"),
        ));
    }
    // A captain's report starts the match as a result does: the captains' lineups are fixed
    // (the arbiter may still change one).
    if by == LineupBy::Captain {
        let reported: i64 = tx.query_row(
            "SELECT COUNT(*) FROM team_report WHERE event_id = ?1 AND round = ?2 AND match = ?3",
            params![event, round, match_number],
            |r| r.get(0),
        )?;
        if reported > 0 {
            return Err(Error::refused(
                Refusal::RoundClosed,
                format!("match {match_number} of round {round} has results reported: its lineups are fixed"),
            ));
        }
    }
    let lineup_target = format!("lineup:{round}:{match_number}:{team}");
    if let Some(seen) = seen {
        if touched_since(
            tx,
            event,
            seen,
            &[format!("round:{round}"), lineup_target.clone()],
        )? {
            return Err(Error::Conflict {
                version: version_on(tx, event)?,
                changed: vec![Changed::Pairing { round }],
            });
        }
    }
    let teams = load_teams(tx, event)?;
    let roster = &teams
        .iter()
        .find(|t| t.id == team)
        .ok_or(Error::NotFound("team"))?
        .roster;
    check_lineup(
        e.settings.boards,
        roster,
        members,
        e.settings.board_order_gap,
    )?;
    if let Some(breach) = roster_rules_breach(tx, &e, &teams, round, team, members)? {
        return Err(Error::invalid(
            "roster_rules",
            "a lineup within the competition's roster rules",
            breach.to_string(),
        ));
    }
    let colours = e.board_colours();
    for (k, (id, colour)) in members.iter().zip(colours).enumerate() {
        // The team with White on board 1 plays White on the boards of that colour.
        let column = if (colour == Color::White) == home {
            "white"
        } else {
            "black"
        };
        tx.execute(
            &format!("UPDATE team_board SET {column} = ?1 WHERE event_id = ?2 AND round = ?3 AND match = ?4 AND board = ?5"),
            params![id, event, round, match_number, k as u32 + 1],
        )?;
    }
    append(
        tx,
        event,
        actor,
        "lineup",
        &lineup_target,
        json!({ "round": round, "match": match_number, "team": team, "members": members }),
    )?;
    Ok(())
}
