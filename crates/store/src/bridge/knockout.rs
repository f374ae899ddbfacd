//! The knock-out stage of a teams event (issue 24 §1): the bracket drawn from a seeding
//! (the event's standings, e.g. after its round robin, or the team numbers), matches of
//! segments whose IMPs the director enters, the carry-over worked out by the WBF's rule from
//! the two teams' earlier match in the event or entered, ties broken by extra boards, and the
//! winners drawn into the next round.
//!
//! The rules are the engine's: [`bridge::knockout::bracket`],
//! [`bridge::knockout::CarryOverRule`], [`bridge::knockout::KnockoutMatch`] and
//! [`bridge::knockout::next_round`].

use bridge::knockout::{bracket, next_round, CarryOverRule, KnockoutMatch};
use bridge::teams::Side;
use bridge::Ratio;
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

use super::teams::{load_event, log, results_on, TeamEventId, TeamResults};
use crate::error::{Error, Refusal, Result};
use crate::Store;

/// Where the seeds come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seeding {
    /// The event's standings on its complete matches (a round robin or Swiss before).
    Standings,
    /// The team numbers: team 1 is seed 1.
    Numbers,
}

/// How each match's carry-over is set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CarryOver {
    /// From the two teams' last complete match in the event, by
    /// [`CarryOverRule::wbf`]; none if they have not met.
    Wbf,
    /// None unless the director enters one.
    Entered,
}

impl CarryOver {
    pub const fn code(self) -> &'static str {
        match self {
            CarryOver::Wbf => "wbf",
            CarryOver::Entered => "entered",
        }
    }

    pub fn parse(s: &str) -> Option<CarryOver> {
        [CarryOver::Wbf, CarryOver::Entered]
            .into_iter()
            .find(|c| c.code() == s)
    }
}

/// What the director sets up for a knock-out stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct KnockoutSettings {
    /// How many teams go through to the knock-out (the best seeds), 2 at least.
    pub teams: u32,
    /// Segments a match (each of the event's boards a match).
    pub segments: u32,
    pub seeding: Seeding,
    pub carry_over: CarryOver,
}

/// A knock-out match with its totals and, once decided, its winner.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KnockoutMatchRow {
    pub round: u32,
    pub number: u32,
    /// The better seed.
    pub home: u32,
    /// `None`: the home team has a bye.
    pub visit: Option<u32>,
    #[serde(serialize_with = "ratio_text")]
    pub carry_over_home: Ratio,
    pub segments: Vec<(u32, u32)>,
    pub extra: Vec<(u32, u32)>,
    #[serde(serialize_with = "ratio_text")]
    pub total_home: Ratio,
    #[serde(serialize_with = "ratio_text")]
    pub total_visit: Ratio,
    /// The team that goes through (the home team of a bye).
    pub winner: Option<u32>,
}

fn ratio_text<S: serde::Serializer>(r: &Ratio, s: S) -> std::result::Result<S::Ok, S::Error> {
    s.serialize_str(&r.to_short(2))
}

/// The knock-out stage: its settings, seeds (seed 1 first) and matches round by round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Knockout {
    pub seeds: Vec<u32>,
    pub segments: u32,
    pub carry_over: CarryOver,
    pub matches: Vec<KnockoutMatchRow>,
    /// The winner of the final.
    pub champion: Option<u32>,
}

impl Knockout {
    pub fn rounds(&self) -> u32 {
        self.matches.iter().map(|m| m.round).max().unwrap_or(0)
    }
}

/// A change the director makes to a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KnockoutChange {
    /// Segment `n` (from 1: the next one, or one already in) scored (home, visitors) IMPs.
    Segment(u32, u32, u32),
    /// Set `n` of extra boards (from 1) scored (home, visitors) IMPs.
    Extra(u32, u32, u32),
    /// The carry-over to the home team (negative: to the visitors).
    CarryOver(Ratio),
}

fn engine_match(m: &KnockoutMatchRow) -> KnockoutMatch {
    KnockoutMatch {
        carry_over_home: m.carry_over_home,
        segments: m.segments.clone(),
        extra: m.extra.clone(),
    }
}

type Stage = (Vec<u32>, u32, CarryOver);

fn load_stage(c: &Connection, id: TeamEventId) -> Result<Option<Stage>> {
    let row = c
        .query_row(
            "SELECT seeds, segments, carry_over FROM bridge_ko_stage WHERE event_id = ?1",
            [id],
            |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, u32>(1)?,
                    r.get::<_, String>(2)?,
                ))
            },
        )
        .optional()?;
    let Some((seeds, segments, carry)) = row else {
        return Ok(None);
    };
    let carry = CarryOver::parse(&carry)
        .ok_or_else(|| Error::invalid("carry_over", "a value the database holds", carry))?;
    Ok(Some((serde_json::from_str(&seeds)?, segments, carry)))
}

fn load(c: &Connection, id: TeamEventId) -> Result<Option<Knockout>> {
    let Some((seeds, segments, carry_over)) = load_stage(c, id)? else {
        return Ok(None);
    };
    let mut st = c.prepare_cached(
        "SELECT round, number, home, visit, carry_num, carry_den, segments, extra \
         FROM bridge_ko_match WHERE event_id = ?1 ORDER BY round, number",
    )?;
    let rows = st.query_map([id], |r| {
        Ok((
            r.get::<_, u32>(0)?,
            r.get::<_, u32>(1)?,
            r.get::<_, u32>(2)?,
            r.get::<_, Option<u32>>(3)?,
            r.get::<_, i64>(4)?,
            r.get::<_, i64>(5)?,
            r.get::<_, String>(6)?,
            r.get::<_, String>(7)?,
        ))
    })?;
    let mut matches = Vec::new();
    for row in rows {
        let (round, number, home, visit, num, den, segs, extra) = row?;
        let mut m = KnockoutMatchRow {
            round,
            number,
            home,
            visit,
            carry_over_home: Ratio::new(num.into(), den.max(1).into()),
            segments: serde_json::from_str(&segs)?,
            extra: serde_json::from_str(&extra)?,
            total_home: Ratio::ZERO,
            total_visit: Ratio::ZERO,
            winner: None,
        };
        let e = engine_match(&m);
        (m.total_home, m.total_visit) = e.totals();
        m.winner = match visit {
            None => Some(home),
            Some(v) => e.winner(segments as usize).map(|s| match s {
                Side::Home => home,
                Side::Visit => v,
            }),
        };
        matches.push(m);
    }
    let last = matches.iter().map(|m| m.round).max().unwrap_or(0);
    let finals: Vec<&KnockoutMatchRow> = matches.iter().filter(|m| m.round == last).collect();
    let champion = match finals.as_slice() {
        [f] if f.visit.is_some() => f.winner,
        _ => None,
    };
    Ok(Some(Knockout {
        seeds,
        segments,
        carry_over,
        matches,
        champion,
    }))
}

/// The home team's margin in the two teams' last complete match of the event, if they met.
fn earlier_margin(r: &TeamResults, home: u32, visit: u32) -> Option<i64> {
    r.matches.iter().rev().find_map(|m| {
        let s = m.score.as_ref()?;
        let margin = s.margin();
        match (m.draw.home, m.draw.visit?) {
            (h, v) if h == home && v == visit => Some(margin),
            (h, v) if h == visit && v == home => Some(-margin),
            _ => None,
        }
    })
}

/// Writes a round's matches: each pair (better seed first) with its carry-over.
fn write_round(
    c: &Connection,
    id: TeamEventId,
    round: u32,
    pairs: &[(u32, Option<u32>)],
    carry: CarryOver,
    r: &TeamResults,
) -> Result<()> {
    for (k, &(home, visit)) in pairs.iter().enumerate() {
        let carried = match (carry, visit) {
            (CarryOver::Wbf, Some(v)) => earlier_margin(r, home, v)
                .map(|m| CarryOverRule::wbf().carry_over(m))
                .unwrap_or(Ratio::ZERO),
            _ => Ratio::ZERO,
        };
        c.execute(
            "INSERT INTO bridge_ko_match (event_id, round, number, home, visit, carry_num, \
             carry_den) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                id,
                round,
                k as u32 + 1,
                home,
                visit,
                carried.numer() as i64,
                carried.denom() as i64
            ],
        )?;
    }
    Ok(())
}

impl Store {
    /// Sets up the knock-out stage and draws its first round (once per event).
    pub fn create_bridge_knockout(
        &self,
        actor: &str,
        id: TeamEventId,
        s: &KnockoutSettings,
    ) -> Result<()> {
        if !(1..=16).contains(&s.segments) {
            return Err(Error::invalid(
                "segments",
                "1 to 16 segments a match",
                s.segments.to_string(),
            ));
        }
        self.transaction(|tx| {
            let r = results_on(tx, id)?;
            if load_stage(tx, id)?.is_some() {
                return Err(Error::refused(
                    Refusal::EventStarted,
                    "the event's knock-out is already drawn",
                ));
            }
            let available = r.teams.len() as u32;
            if s.teams < 2 || s.teams > available {
                return Err(Error::invalid(
                    "teams",
                    format!("2 to {available} teams"),
                    s.teams.to_string(),
                ));
            }
            let order: Vec<u32> = match s.seeding {
                Seeding::Standings => r.standings.iter().map(|row| row.team).collect(),
                Seeding::Numbers => r.teams.iter().map(|t| t.number).collect(),
            };
            let seeds: Vec<u32> = order.into_iter().take(s.teams as usize).collect();
            tx.execute(
                "INSERT INTO bridge_ko_stage (event_id, seeds, segments, carry_over, created_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    id,
                    serde_json::to_string(&seeds)?,
                    s.segments,
                    s.carry_over.code(),
                    crate::db::now()
                ],
            )?;
            let team = |seed: u32| seeds[seed as usize - 1];
            let pairs: Vec<(u32, Option<u32>)> = bracket(s.teams)
                .into_iter()
                .map(|(a, b)| (team(a), b.map(team)))
                .collect();
            write_round(tx, id, 1, &pairs, s.carry_over, &r)?;
            log(tx, id, actor, "knockout", &(), &(s, &pairs))
        })
    }

    /// Draws the next knock-out round from the winners of the last one (the winner of match
    /// 1 meets the winner of match 2, …), once every match of it is decided.
    pub fn draw_bridge_knockout_round(&self, actor: &str, id: TeamEventId) -> Result<u32> {
        self.transaction(|tx| {
            let r = results_on(tx, id)?;
            let Some(k) = load(tx, id)? else {
                return Err(Error::NotFound("knock-out"));
            };
            let round = k.rounds();
            let winners: Vec<Option<u32>> = k
                .matches
                .iter()
                .filter(|m| m.round == round)
                .map(|m| m.winner)
                .collect();
            let Some(pairs) = next_round(&winners) else {
                return Err(Error::refused(
                    Refusal::MissingResults,
                    format!("round {round} of the knock-out still has matches undecided"),
                ));
            };
            if pairs.is_empty() {
                return Err(Error::refused(
                    Refusal::AllRoundsPaired,
                    "the knock-out's final is played",
                ));
            }
            let seed = |t: u32| k.seeds.iter().position(|&s| s == t).unwrap_or(usize::MAX);
            let pairs: Vec<(u32, Option<u32>)> = pairs
                .into_iter()
                .map(|(a, b)| {
                    if seed(a) <= seed(b) {
                        (a, Some(b))
                    } else {
                        (b, Some(a))
                    }
                })
                .collect();
            write_round(tx, id, round + 1, &pairs, k.carry_over, &r)?;
            log(tx, id, actor, "knockout_draw", &round, &(round + 1, &pairs))?;
            Ok(round + 1)
        })
    }

    /// Enters a segment's or extra boards' IMPs, or the carry-over, of a knock-out match.
    pub fn change_bridge_knockout_match(
        &self,
        actor: &str,
        id: TeamEventId,
        (round, number): (u32, u32),
        change: KnockoutChange,
    ) -> Result<()> {
        self.transaction(|tx| {
            load_event(tx, id)?;
            let Some(k) = load(tx, id)? else {
                return Err(Error::NotFound("knock-out"));
            };
            if round < k.rounds() {
                return Err(Error::refused(
                    Refusal::RoundClosed,
                    format!(
                        "round {} of the knock-out is drawn from this round's winners",
                        round + 1
                    ),
                ));
            }
            let Some(m) = k
                .matches
                .iter()
                .find(|m| m.round == round && m.number == number && m.visit.is_some())
            else {
                return Err(Error::NotFound("knock-out match"));
            };
            let (mut segments, mut extra, mut carry) =
                (m.segments.clone(), m.extra.clone(), m.carry_over_home);
            let put = |list: &mut Vec<(u32, u32)>, n: u32, imps: (u32, u32), most: u32| {
                let i = n as usize;
                if n == 0 || i > list.len() + 1 || n > most {
                    return Err(Error::invalid(
                        "segment",
                        format!("1 to {}", (list.len() as u32 + 1).min(most)),
                        n.to_string(),
                    ));
                }
                if i == list.len() + 1 {
                    list.push(imps);
                } else {
                    list[i - 1] = imps;
                }
                Ok(())
            };
            match change {
                KnockoutChange::Segment(n, h, v) => put(&mut segments, n, (h, v), k.segments)?,
                KnockoutChange::Extra(n, h, v) => {
                    if m.total_home != m.total_visit || segments.len() < k.segments as usize {
                        return Err(Error::refused(
                            Refusal::MissingResults,
                            "extra boards break a tie after the last segment",
                        ));
                    }
                    put(&mut extra, n, (h, v), 16)?
                }
                KnockoutChange::CarryOver(c) => carry = c,
            }
            tx.execute(
                "UPDATE bridge_ko_match SET segments = ?4, extra = ?5, carry_num = ?6, \
                 carry_den = ?7 WHERE event_id = ?1 AND round = ?2 AND number = ?3",
                params![
                    id,
                    round,
                    number,
                    serde_json::to_string(&segments)?,
                    serde_json::to_string(&extra)?,
                    carry.numer() as i64,
                    carry.denom() as i64
                ],
            )?;
            log(
                tx,
                id,
                actor,
                "knockout_match",
                &(
                    round,
                    number,
                    &m.segments,
                    &m.extra,
                    m.carry_over_home.to_short(2),
                ),
                &(round, number, &segments, &extra, carry.to_short(2)),
            )
        })
    }

    /// The event's knock-out stage, if drawn.
    pub fn bridge_knockout(&self, id: TeamEventId) -> Result<Option<Knockout>> {
        self.with_conn(|c| {
            load_event(c, id)?;
            load(c, id)
        })
    }
}
