//! A chess team event played as a knock-out cup: round 1's bracket from the entered teams
//! (by rating or drawn, byes for a field that is not a power of two), each match a team match
//! (lineups, board results, the match sheet: [`crate::teams::rounds`]), its winner by the
//! score, then the cup's tie-break rule, then a tie-break match entered as its own score
//! ([`cup_bracket::outcome`]), and each next round drawn from the winners (by the bracket or a
//! fresh draw).
//!
//! A round's places are kept in bracket order (`team_cup_slot`): places 1 and 2 meet, 3 and 4,
//! …; a team alone in its pair goes through without a match. A team entering at a later round
//! (the Coupe de France's Top 12) is placed in round 1's bracket with empty places beside it up
//! to its round ([`cup_bracket::late_bracket`]): it goes through alone, marked as not entered
//! yet, and meets the winner from beside it at its round.

use rand::seq::SliceRandom;
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;
use serde_json::json;
use tournament::Color;

use crate::chess::types::ResultCode;
use crate::edits::{Changed, Version};
use crate::error::{Error, Refusal, Result};
use crate::teams::cup_bracket::{self, CupSettings, Outcome, Side};
use crate::teams::event::{load_event, load_teams};
use crate::teams::log::{append, touched_since, version_on};
use crate::teams::model::load_round;
use crate::teams::types::*;
use crate::Store;

/// A pair of places of a cup round: a match, or a team going through alone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CupPair {
    /// The match's table when both places hold a team.
    #[serde(rename = "match")]
    pub match_number: Option<u32>,
    /// The upper place's team (White on board 1 when it is a match) and the lower one's.
    pub first: Option<TeamKey>,
    pub second: Option<TeamKey>,
    /// The first place's team has White on board 1 (false once the match's colours were
    /// swapped): the figures of [`cup_bracket::Decided`] are the white team's first.
    pub first_has_white: bool,
    /// Game points in half points of `first` and `second` over the boards with a result.
    pub first_points: u32,
    pub second_points: u32,
    /// The tie-break match's score in half points, when one was entered.
    pub playoff: Option<(u32, u32)>,
    pub outcome: Outcome,
    /// Who goes through: the winner, or the team alone in its pair.
    pub winner: Option<TeamKey>,
    /// The team alone in its pair enters the cup at this later round: it has not entered yet.
    pub enters_at: Option<u32>,
}

/// A team's division and entry round, as the cup page sets them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct CupEntry {
    pub team: TeamKey,
    pub division: Option<u8>,
    pub entry_round: Option<u8>,
}

/// A round of the cup.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CupRound {
    pub round: u32,
    pub pairs: Vec<CupPair>,
}

/// A cup's bracket as played so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CupBracket {
    pub settings: CupSettings,
    /// The bracket's rounds for the teams entered (3 for 8 teams).
    pub total_rounds: u32,
    pub rounds: Vec<CupRound>,
    /// The winner of the final once it is decided.
    pub champion: Option<TeamKey>,
    /// The teams entering after round 1, with their rounds.
    pub late_entrants: Vec<(TeamKey, u32)>,
}

pub(crate) fn load_settings(conn: &Connection, event: TeamEventId) -> Result<CupSettings> {
    let row: Option<(String, String, String, String, String)> = conn
        .query_row(
            "SELECT seeding, next_round, tie_break, byes, colours FROM team_cup WHERE event_id = ?1",
            [event],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )
        .optional()?;
    Ok(match row {
        None => CupSettings::default(),
        Some((s, n, t, b, c)) => CupSettings {
            colours: BoardColours::parse(&c).unwrap_or_default(),
            byes: cup_bracket::CupByes::parse(&b).unwrap_or_default(),
            seeding: cup_bracket::CupSeeding::parse(&s).unwrap_or_default(),
            next_round: cup_bracket::CupNextRound::parse(&n).unwrap_or_default(),
            tie_break: cup_bracket::CupTieBreak::parse(&t).unwrap_or_default(),
        },
    })
}

fn cup_event(conn: &Connection, event: TeamEventId) -> Result<TeamEvent> {
    let e = load_event(conn, event)?;
    if e.settings.system != TeamSystem::Cup {
        return Err(Error::NotFound("cup"));
    }
    Ok(e)
}

/// The teams entering after round 1, with their rounds.
fn late_entrants(conn: &Connection, event: TeamEventId) -> Result<Vec<(TeamKey, u32)>> {
    let mut st = conn.prepare_cached(
        "SELECT id, entry_round FROM team WHERE event_id = ?1 AND entry_round > 1 ORDER BY number",
    )?;
    let rows = st
        .query_map([event], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

fn load_slots(conn: &Connection, event: TeamEventId, round: u32) -> Result<Vec<Option<TeamKey>>> {
    let mut st = conn.prepare_cached(
        "SELECT team FROM team_cup_slot WHERE event_id = ?1 AND round = ?2 ORDER BY slot",
    )?;
    let slots = st
        .query_map(params![event, round], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(slots)
}

fn load_playoffs(
    conn: &Connection,
    event: TeamEventId,
    round: u32,
) -> Result<Vec<(u32, (u32, u32))>> {
    let mut st = conn.prepare_cached(
        "SELECT match, white_points, black_points FROM team_cup_playoff WHERE event_id = ?1 AND round = ?2",
    )?;
    let rows = st
        .query_map(params![event, round], |r| {
            Ok((r.get(0)?, (r.get(1)?, r.get(2)?)))
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

/// A paired round of the cup with each pair's outcome.
fn load_cup_round(
    conn: &Connection,
    event: TeamEventId,
    settings: &CupSettings,
    round: u32,
    late: &[(TeamKey, u32)],
) -> Result<CupRound> {
    let slots = load_slots(conn, event, round)?;
    let pairing = load_round(conn, event, round)?;
    let playoffs = load_playoffs(conn, event, round)?;
    let pairs = slots
        .chunks(2)
        .map(|p| {
            let (first, second) = (p[0], p.get(1).copied().flatten());
            let m = pairing.matches.iter().find(|m| {
                Some(m.white_team) == first && Some(m.black_team) == second
                    || Some(m.black_team) == first && Some(m.white_team) == second
            });
            let Some(m) = m else {
                let alone = first.or(second);
                let enters_at = late
                    .iter()
                    .find(|(t, r)| Some(*t) == alone && *r > round)
                    .map(|e| e.1);
                return CupPair {
                    enters_at,
                    match_number: None,
                    first,
                    second,
                    first_has_white: true,
                    first_points: 0,
                    second_points: 0,
                    playoff: None,
                    outcome: Outcome::Pending,
                    winner: alone,
                };
            };
            let results: Vec<Option<ResultCode>> = m.boards.iter().map(|b| b.result).collect();
            let playoff = playoffs
                .iter()
                .find(|(n, _)| *n == m.number)
                .map(|(_, p)| *p);
            let colours = settings.colours.colours(results.len() as u32);
            let outcome =
                cup_bracket::outcome(&results, &colours, m.forfeit, settings.tie_break, playoff);
            let (w, b) = cup_bracket::game_points(&results, &colours);
            // The first place's team may have been given Black on board 1 (swapped colours).
            let first_white = Some(m.white_team) == first;
            let winner = outcome.winner().map(|s| match s {
                Side::White => m.white_team,
                Side::Black => m.black_team,
            });
            let (first_points, second_points) = if first_white { (w, b) } else { (b, w) };
            CupPair {
                match_number: Some(m.number),
                first,
                second,
                first_has_white: first_white,
                first_points,
                second_points,
                playoff: playoff.map(|(w, b)| if first_white { (w, b) } else { (b, w) }),
                outcome,
                winner,
                enters_at: None,
            }
        })
        .collect();
    Ok(CupRound { round, pairs })
}

/// Writes a match's boards with each team's first `boards` roster players (the default
/// lineups, as a round robin's match gets them).
fn write_boards(
    tx: &Connection,
    event: TeamEventId,
    round: u32,
    number: u32,
    white: &Team,
    black: &Team,
    colours: &[Color],
) -> Result<()> {
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

/// Pairs a cup's next round: round 1 from the bracket of the entered teams, a later round from
/// the winners of the one before, which must all be decided. Called by
/// [`Store::pair_team_round`] for a cup.
pub(crate) fn pair_cup_round_in(
    tx: &Connection,
    actor: &str,
    event: TeamEventId,
) -> Result<TeamRoundPairing> {
    let e = cup_event(tx, event)?;
    let settings = load_settings(tx, event)?;
    let round = e.rounds_paired + 1;
    let teams = load_teams(tx, event)?;
    if teams.len() < 2 {
        return Err(Error::refused(
            Refusal::TooFewPlayers,
            "a cup needs at least two teams",
        ));
    }
    if let Some(t) = teams
        .iter()
        .find(|t| t.roster.len() < e.settings.boards as usize)
    {
        return Err(Error::invalid(
            "teams",
            format!("at least {} players in every roster", e.settings.boards),
            format!("{} in team {}", t.roster.len(), t.details.name),
        ));
    }
    let mut rng = rand::thread_rng();
    let late = late_entrants(tx, event)?;
    let entry = |t: TeamKey| late.iter().find(|e| e.0 == t).map_or(1, |e| e.1);
    let slots: Vec<Option<TeamKey>> = if round == 1 {
        // The teams come by number: by the average rating of their top boards.
        let mut entries: Vec<(TeamKey, Option<u8>)> =
            teams.iter().map(|t| (t.id, t.details.division)).collect();
        if settings.seeding == cup_bracket::CupSeeding::Draw {
            entries.shuffle(&mut rng);
        }
        let (firsts, later): (Vec<(TeamKey, Option<u8>)>, Vec<_>) =
            entries.iter().copied().partition(|e| entry(e.0) == 1);
        if firsts.len() < 2 {
            return Err(Error::invalid(
                "entry_round",
                "at least two teams entering the cup at round 1",
                format!("{} of {} teams", firsts.len(), teams.len()),
            ));
        }
        let weight: u64 = entries.iter().map(|e| 1u64 << (entry(e.0) - 1)).sum();
        let latest = late.iter().map(|e| e.1).max().unwrap_or(1);
        let rounds = cup_bracket::rounds_for(weight, latest);
        let byes = (1u64 << rounds) - weight;
        let firsts: Vec<TeamKey> = match settings.byes {
            cup_bracket::CupByes::Seeding => firsts.iter().map(|e| e.0).collect(),
            cup_bracket::CupByes::Division => cup_bracket::divisions_first(&firsts, byes as usize),
        };
        tx.execute(
            "UPDATE team_event SET rounds = ?1 WHERE id = ?2",
            params![rounds, event],
        )?;
        let placed: Vec<(TeamKey, u32)> = firsts
            .into_iter()
            .map(|t| (t, 1))
            .chain(later.iter().map(|e| (e.0, entry(e.0))))
            .collect();
        cup_bracket::late_bracket(rounds, &placed).ok_or_else(|| {
            Error::invalid(
                "entry_round",
                "a bracket that holds the teams at their entry rounds",
                format!("{rounds} rounds"),
            )
        })?
    } else {
        let last = load_cup_round(tx, event, &settings, round - 1, &late)?;
        let mut winners = Vec::with_capacity(last.pairs.len());
        for p in &last.pairs {
            match (p.match_number, p.outcome) {
                (Some(n), Outcome::Pending) => {
                    return Err(Error::refused(
                        Refusal::MissingResults,
                        format!("match {n} of round {} still has boards without a result", round - 1),
                    ))
                }
                (Some(n), Outcome::Level) => {
                    return Err(Error::refused(
                        Refusal::MissingResults,
                        format!(
                            "match {n} of round {} is level after the cup's tie-break rule: enter its tie-break match",
                            round - 1
                        ),
                    ))
                }
                _ => winners.push(p.winner),
            }
        }
        if winners.iter().flatten().count() < 2 {
            return Err(Error::refused(
                Refusal::AllRoundsPaired,
                format!("the cup is over after round {}", round - 1),
            ));
        }
        match settings.next_round {
            cup_bracket::CupNextRound::Bracket => winners,
            cup_bracket::CupNextRound::Draw => {
                let mut drawn: Vec<TeamKey> = winners.into_iter().flatten().collect();
                drawn.shuffle(&mut rng);
                // A team entering after this round keeps its places up to its round: the
                // others are drawn into the rest of the bracket.
                if drawn.iter().any(|&t| entry(t) > round) {
                    let placed: Vec<(TeamKey, u32)> = drawn
                        .iter()
                        .map(|&t| (t, entry(t).saturating_sub(round - 1).max(1)))
                        .collect();
                    cup_bracket::late_bracket(e.settings.rounds + 1 - round, &placed)
                        .ok_or(Error::NotFound("cup bracket"))?
                } else {
                    cup_bracket::first_round(&drawn)
                }
            }
        }
    };
    tx.execute(
        "INSERT INTO team_round (event_id, number, bye_team, paired_at) VALUES (?1, ?2, NULL, ?3)",
        params![event, round, crate::db::now()],
    )?;
    for (k, team) in slots.iter().enumerate() {
        tx.execute(
            "INSERT INTO team_cup_slot (event_id, round, slot, team) VALUES (?1, ?2, ?3, ?4)",
            params![event, round, k as u32 + 1, team],
        )?;
    }
    let by_id = |id: TeamKey| teams.iter().find(|t| t.id == id);
    let mut number = 0;
    for pair in slots.chunks(2) {
        let (Some(white), Some(black)) = (pair[0].and_then(by_id), pair[1].and_then(by_id)) else {
            continue;
        };
        number += 1;
        tx.execute(
            "INSERT INTO team_match (event_id, round, number, white_team, black_team) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![event, round, number, white.id, black.id],
        )?;
        let colours = settings.colours.colours(e.settings.boards);
        write_boards(tx, event, round, number, white, black, &colours)?;
        crate::teams::captain_rows::write_codes(tx, event, round, number, &[white.id, black.id])?;
    }
    append(
        tx,
        event,
        actor,
        "pair",
        &format!("round:{round}"),
        json!({ "round": round, "cup": slots }),
    )?;
    load_round(tx, event, round)
}

impl Store {
    /// A cup's settings (the defaults until the arbiter sets them).
    pub fn cup_settings(&self, event: TeamEventId) -> Result<CupSettings> {
        self.with_conn(|c| {
            cup_event(c, event)?;
            load_settings(c, event)
        })
    }

    /// Sets a cup's seeding, next-round draw and tie-break rule; refused once round 1 is
    /// paired (the bracket and the decided matches stand on them), and with `seen` when the
    /// settings changed since that version.
    pub fn set_cup_settings(
        &self,
        actor: &str,
        event: TeamEventId,
        settings: &CupSettings,
        seen: Option<Version>,
    ) -> Result<()> {
        self.transaction(|tx| {
            let e = cup_event(tx, event)?;
            if e.rounds_paired > 0 {
                return Err(Error::refused(
                    Refusal::EventStarted,
                    "the cup's settings are fixed once round 1 is paired",
                ));
            }
            if let Some(seen) = seen {
                if touched_since(tx, event, seen, &["settings".to_string()])? {
                    return Err(Error::Conflict {
                        version: version_on(tx, event)?,
                        changed: vec![Changed::TeamSettings {
                            stored: Box::new(e.settings),
                        }],
                    });
                }
            }
            tx.execute(
                "INSERT INTO team_cup (event_id, seeding, next_round, tie_break, byes, colours) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (event_id) DO UPDATE SET seeding = ?2, \
                 next_round = ?3, tie_break = ?4, byes = ?5, colours = ?6",
                params![
                    event,
                    settings.seeding.as_str(),
                    settings.next_round.as_str(),
                    settings.tie_break.as_str(),
                    settings.byes.as_str(),
                    settings.colours.as_str()
                ],
            )?;
            append(tx, event, actor, "cup", "settings", json!(settings))?;
            Ok(())
        })
    }

    /// Sets each listed team's division (1 the highest, to 99) and entry round (1 to 10; `None`
    /// for round 1), as the cup page's table of teams sends them: refused once round 1 is
    /// paired, for a team of another event, and with `seen` when a team changed since that
    /// version.
    pub fn set_cup_entries(
        &self,
        actor: &str,
        event: TeamEventId,
        entries: &[CupEntry],
        seen: Option<Version>,
    ) -> Result<()> {
        self.transaction(|tx| {
            let e = cup_event(tx, event)?;
            if e.rounds_paired > 0 {
                return Err(Error::refused(
                    Refusal::EventStarted,
                    "the teams' divisions and entry rounds are fixed once round 1 is paired",
                ));
            }
            if let Some(seen) = seen {
                if touched_since(tx, event, seen, &["teams".to_string()])? {
                    return Err(Error::Conflict {
                        version: version_on(tx, event)?,
                        changed: vec![Changed::TeamSettings {
                            stored: Box::new(e.settings),
                        }],
                    });
                }
            }
            for entry in entries {
                crate::teams::event::check_team(tx, event, entry.team)?;
                if let Some(d) = entry.division.filter(|d| !(1..=99).contains(d)) {
                    return Err(Error::invalid(
                        "division",
                        "a division from 1 (the highest) to 99",
                        d.to_string(),
                    ));
                }
                if let Some(r) = entry.entry_round.filter(|r| !(1..=10).contains(r)) {
                    return Err(Error::invalid(
                        "entry_round",
                        "a cup round from 1 to 10 for the team to enter at",
                        r.to_string(),
                    ));
                }
                tx.execute(
                    "UPDATE team SET division = ?1, entry_round = ?2 WHERE id = ?3",
                    params![
                        entry.division,
                        entry.entry_round.filter(|&r| r > 1),
                        entry.team
                    ],
                )?;
            }
            append(tx, event, actor, "cup_entries", "teams", json!(entries))?;
            Ok(())
        })
    }

    /// The cup's bracket: every paired round's pairs with their scores and winners.
    pub fn cup_bracket(&self, event: TeamEventId) -> Result<CupBracket> {
        self.with_conn(|c| {
            let e = cup_event(c, event)?;
            let settings = load_settings(c, event)?;
            let late = late_entrants(c, event)?;
            let rounds = (1..=e.rounds_paired)
                .map(|r| load_cup_round(c, event, &settings, r, &late))
                .collect::<Result<Vec<_>>>()?;
            let champion = rounds
                .last()
                .filter(|r| r.pairs.len() == 1)
                .and_then(|r| r.pairs[0].winner);
            Ok(CupBracket {
                settings,
                total_rounds: e.settings.rounds,
                rounds,
                champion,
                late_entrants: late,
            })
        })
    }

    /// Enters (or with `None` takes back) the tie-break match of a drawn cup match, as half
    /// points of the match's white team and black team. Refused when the match is not level
    /// after the cup's rule, once the next round is paired, and with `seen` when the match's
    /// boards or tie-break changed since that version.
    pub fn set_cup_playoff(
        &self,
        actor: &str,
        event: TeamEventId,
        round: u32,
        match_number: u32,
        score: Option<(u32, u32)>,
        seen: Option<Version>,
    ) -> Result<()> {
        self.transaction(|tx| {
            let e = cup_event(tx, event)?;
            let settings = load_settings(tx, event)?;
            let pairing = load_round(tx, event, round)?;
            let m = pairing
                .matches
                .iter()
                .find(|m| m.number == match_number)
                .ok_or(Error::NotFound("match"))?;
            if round < e.rounds_paired {
                return Err(Error::refused(
                    Refusal::RoundClosed,
                    format!("round {} is paired: the winners of round {round} are fixed", round + 1),
                ));
            }
            let results: Vec<Option<ResultCode>> = m.boards.iter().map(|b| b.result).collect();
            let colours = settings.colours.colours(results.len() as u32);
            let before =
                cup_bracket::outcome(&results, &colours, m.forfeit, settings.tie_break, None);
            if score.is_some() && before != Outcome::Level {
                return Err(Error::refused(
                    Refusal::RoundClosed,
                    format!(
                        "match {match_number} of round {round} is not level after the cup's tie-break rule: it needs no tie-break match"
                    ),
                ));
            }
            if let Some((w, b)) = score {
                if w == b || w > 99 || b > 99 {
                    return Err(Error::invalid(
                        "playoff",
                        "a tie-break match's score with a winner (2½-1½, 1-0)",
                        format!("{}-{}", half(w), half(b)),
                    ));
                }
            }
            let target = format!("match:{round}:{match_number}");
            if let Some(seen) = seen {
                let mut targets = vec![format!("round:{round}"), target.clone()];
                targets.extend(
                    m.boards
                        .iter()
                        .map(|b| format!("board:{round}:{match_number}:{}", b.board)),
                );
                if touched_since(tx, event, seen, &targets)? {
                    return Err(Error::Conflict {
                        version: version_on(tx, event)?,
                        changed: vec![Changed::Pairing { round }],
                    });
                }
            }
            tx.execute(
                "DELETE FROM team_cup_playoff WHERE event_id = ?1 AND round = ?2 AND match = ?3",
                params![event, round, match_number],
            )?;
            if let Some((w, b)) = score {
                tx.execute(
                    "INSERT INTO team_cup_playoff (event_id, round, match, white_points, black_points) VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![event, round, match_number, w, b],
                )?;
            }
            append(
                tx,
                event,
                actor,
                "playoff",
                &target,
                json!({ "round": round, "match": match_number, "score": score }),
            )?;
            Ok(())
        })
    }
}

/// Half points as a score's text: 5 → `2.5`.
fn half(h: u32) -> String {
    if h.is_multiple_of(2) {
        (h / 2).to_string()
    } else {
        format!("{}.5", h / 2)
    }
}

/// A tie-break match's score as typed: `2.5-1.5`, `2½-1½`, `1-0`, `3,5-2,5`; half points of
/// the first and the second number, which must differ.
pub fn parse_playoff(s: &str) -> Option<(u32, u32)> {
    let (a, b) = s.trim().split_once(['-', '–'])?;
    let points = |p: &str| -> Option<u32> {
        let p = p.trim().replace(',', ".");
        let (whole, halfp) = match p.strip_suffix('½') {
            Some(w) => (w.to_string(), 1),
            None => match p.strip_suffix(".5") {
                Some(w) => (w.to_string(), 1),
                None => (p.strip_suffix(".0").unwrap_or(&p).to_string(), 0),
            },
        };
        let whole: u32 = if whole.is_empty() && halfp == 1 {
            0
        } else {
            whole.parse().ok()?
        };
        let h = whole.checked_mul(2)? + halfp;
        (h <= 99).then_some(h)
    };
    let (a, b) = (points(a)?, points(b)?);
    (a != b).then_some((a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn playoff_scores_as_typed() {
        assert_eq!(parse_playoff("2.5-1.5"), Some((5, 3)));
        assert_eq!(parse_playoff("2½-1½"), Some((5, 3)));
        assert_eq!(parse_playoff("½-1½"), Some((1, 3)));
        assert_eq!(parse_playoff(" 3,5 - 2,5 "), Some((7, 5)));
        assert_eq!(parse_playoff("1-0"), Some((2, 0)));
        assert_eq!(parse_playoff("2-2"), None);
        assert_eq!(parse_playoff("two-one"), None);
        assert_eq!(parse_playoff("2.4-1"), None);
    }
}
