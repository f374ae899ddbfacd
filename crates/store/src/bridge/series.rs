//! Club series ("classement cumulé"): pairs sessions grouped under the club's rule, and the
//! players' cumulative ranking. The rule is scored by [`bridge::series::rank_series`]; this
//! module keeps the series and builds the engine's entries from the sessions' rankings.
//!
//! The club ranks players, not pairs (partners change from week to week): each player of a
//! pair gets the pair's percentage and place. A player is known by the licence number when
//! the pair has one, else by the name as typed, compared without case, accents or repeated
//! blanks. A two-winner Mitchell ranks within each line, so a player's place is the place in
//! the line.
//!
//! ```
//! use store::Store;
//! use store::bridge::{SeriesScoring, SeriesSettings};
//! let store = Store::open_in_memory().unwrap();
//! let mut rule = SeriesSettings::new("Tuesday season".parse().unwrap());
//! rule.best = Some(2);
//! let id = store.create_series(&rule).unwrap();
//! assert_eq!(store.series(id).unwrap().settings.scoring, SeriesScoring::Percentages);
//! assert!(store.series_ranking(id).unwrap().rows.is_empty());
//! ```

use std::collections::BTreeMap;

use bridge::series::{rank_series, Entry as SeriesEntry, Rule, Scoring as EngineScoring};
use bridge::Ratio;
use rusqlite::{params, Connection, OptionalExtension};
use serde::{Deserialize, Serialize};

use super::log::append;
use super::session::{load_pairs, load_session, session_movement};
use super::{BridgeSession, SessionId};
use crate::error::{Error, Result};
use crate::text::Label;
use crate::Store;

pub use super::SeriesId;

/// What a player scores from each session of the series.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum SeriesScoring {
    /// The session percentage.
    #[default]
    Percentages,
    /// Points by place in the session (or in the line of a two-winner Mitchell).
    Points,
}

impl SeriesScoring {
    pub fn code(self) -> &'static str {
        match self {
            SeriesScoring::Percentages => "percentages",
            SeriesScoring::Points => "points",
        }
    }

    pub fn parse(s: &str) -> Option<SeriesScoring> {
        match s {
            "percentages" => Some(SeriesScoring::Percentages),
            "points" => Some(SeriesScoring::Points),
            _ => None,
        }
    }
}

/// A series' name and rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeriesSettings {
    pub name: Label,
    pub scoring: SeriesScoring,
    /// Points for 1st, 2nd…; none below the last (points scoring only).
    #[serde(default)]
    pub points: Vec<u32>,
    /// Only each player's best N sessions count (all when `None`).
    #[serde(default)]
    pub best: Option<u32>,
    /// Shown on the public page `/public/bridge/series/{id}`.
    #[serde(default)]
    pub public: bool,
    /// Ranked by the average of the sessions counted, a player with fewer sessions than
    /// this listed without a place (`None`: ranked by the total).
    #[serde(default)]
    pub average_over: Option<u32>,
}

impl SeriesSettings {
    /// Sum of all the percentages.
    pub fn new(name: Label) -> SeriesSettings {
        SeriesSettings {
            name,
            scoring: SeriesScoring::Percentages,
            points: Vec::new(),
            best: None,
            public: false,
            average_over: None,
        }
    }

    /// The engine's rule.
    pub fn rule(&self) -> Rule {
        Rule {
            scoring: match self.scoring {
                SeriesScoring::Percentages => EngineScoring::Percentages,
                SeriesScoring::Points => EngineScoring::PointsPerPlace(self.points.clone()),
            },
            best: self.best.map(|n| n as usize),
            average_over: self.average_over.map(|n| n as usize),
        }
    }
}

/// A series as stored, with its sessions (by date, then by creation).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Series {
    pub id: SeriesId,
    pub settings: SeriesSettings,
    pub sessions: Vec<SessionId>,
    pub created_at: String,
}

/// A player's result in one session of the series.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeriesScore {
    /// What the rule gives: the percentage, or the points for the place.
    pub value: Ratio,
    /// The session percentage (`None` for a session scored in IMPs).
    pub percent: Option<Ratio>,
    /// The place in the session (in the line for a two-winner Mitchell).
    pub place: u32,
    /// Among the best N that make the total.
    pub counted: bool,
}

/// One row of the series ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeriesPlayer {
    pub place: u32,
    pub tied: bool,
    /// The name as typed in the player's latest session.
    pub name: String,
    /// The licence number, empty when the player has none.
    pub licence: String,
    pub played: usize,
    pub total: Ratio,
    /// The average of the sessions counted, when the series ranks by average.
    pub average: Option<Ratio>,
    /// The player's masterpoints over the series' sessions (each on its club's scale), when
    /// some session of the series awards them.
    pub masterpoints: Option<Ratio>,
    /// One per session of the series, in the series' order (`None`: not played).
    pub scores: Vec<Option<SeriesScore>>,
}

/// The series ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeriesRanking {
    pub series: Series,
    /// The sessions, in the series' order.
    pub sessions: Vec<BridgeSession>,
    pub rows: Vec<SeriesPlayer>,
    /// Some session still has lines without a result.
    pub provisional: bool,
}

/// How a player is told apart: the licence number when known, else the folded name.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Player {
    Licence(String),
    Name(String),
}

/// A name compared without case, accents or repeated blanks (`Lévy  Anne` = `levy anne`).
fn folded_name(name: &str) -> String {
    let mut f = String::new();
    crate::csv::fold_into(name, &mut f);
    f.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn validate(s: &SeriesSettings) -> Result<()> {
    if s.name.trim().is_empty() {
        return Err(Error::invalid("name", "a series name", "nothing"));
    }
    if s.scoring == SeriesScoring::Points && s.points.is_empty() {
        return Err(Error::invalid(
            "points",
            "the points for 1st, 2nd… (numbers separated by commas)",
            "nothing",
        ));
    }
    if s.average_over == Some(0) {
        return Err(Error::invalid(
            "average_over",
            "a number of sessions of at least 1, or nothing to rank by the total",
            "0",
        ));
    }
    if s.best == Some(0) {
        return Err(Error::invalid(
            "best",
            "a number of sessions of at least 1, or nothing for all",
            "0",
        ));
    }
    Ok(())
}

fn series_from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<(SeriesId, SeriesSettings, String)> {
    let scoring: String = r.get(2)?;
    let points: String = r.get(3)?;
    let best: Option<i64> = r.get(4)?;
    Ok((
        r.get(0)?,
        SeriesSettings {
            name: Label::from_stored(&r.get::<_, String>(1)?),
            scoring: SeriesScoring::parse(&scoring).unwrap_or_default(),
            points: points
                .split(',')
                .filter_map(|p| p.trim().parse().ok())
                .collect(),
            best: best.and_then(|b| u32::try_from(b).ok()),
            public: r.get(5)?,
            average_over: r
                .get::<_, Option<i64>>(7)?
                .and_then(|b| u32::try_from(b).ok()),
        },
        r.get(6)?,
    ))
}

const SERIES_COLUMNS: &str = "id, name, scoring, points, best, public, created_at, average_over";

fn load_series(conn: &Connection, id: SeriesId) -> Result<Series> {
    let (id, settings, created_at) = conn
        .query_row(
            &format!("SELECT {SERIES_COLUMNS} FROM bridge_series WHERE id = ?1"),
            [id],
            series_from_row,
        )
        .optional()?
        .ok_or(Error::NotFound("series"))?;
    Ok(Series {
        id,
        settings,
        sessions: series_sessions(conn, id)?,
        created_at,
    })
}

fn series_sessions(conn: &Connection, id: SeriesId) -> Result<Vec<SessionId>> {
    let mut st = conn.prepare_cached(
        "SELECT s.id FROM bridge_series_session m JOIN bridge_session s ON s.id = m.session_id \
         WHERE m.series_id = ?1 ORDER BY s.date, s.id",
    )?;
    let rows = st.query_map([id], |r| r.get(0))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

fn write_settings(conn: &Connection, id: SeriesId, s: &SeriesSettings) -> Result<()> {
    let points: Vec<String> = s.points.iter().map(u32::to_string).collect();
    conn.execute(
        "UPDATE bridge_series SET name = ?2, scoring = ?3, points = ?4, best = ?5, public = ?6, \
         average_over = ?7 WHERE id = ?1",
        params![
            id,
            s.name.trim(),
            s.scoring.code(),
            points.join(","),
            s.best,
            s.public,
            s.average_over
        ],
    )?;
    Ok(())
}

/// What a session's log records of a series it is in.
#[derive(Serialize)]
struct InSeries<'a> {
    series: SeriesId,
    #[serde(flatten)]
    settings: &'a SeriesSettings,
}

/// Records a change of the series in the log of each session it names: the bridge log is
/// kept per session.
fn log_in_sessions(
    conn: &Connection,
    sessions: &[SessionId],
    actor: &str,
    before: Option<&InSeries<'_>>,
    after: Option<&InSeries<'_>>,
) -> Result<()> {
    for &s in sessions {
        append(conn, s, actor, "series", &before, &after)?;
    }
    Ok(())
}

impl Store {
    /// Creates a series with no session yet (nothing to log: the bridge log is kept per
    /// session, and the series' sessions log their joining it).
    pub fn create_series(&self, s: &SeriesSettings) -> Result<SeriesId> {
        validate(s)?;
        self.transaction(|tx| {
            tx.execute(
                "INSERT INTO bridge_series (name, created_at) VALUES (?1, ?2)",
                params![s.name.trim(), crate::db::now()],
            )?;
            let id = tx.last_insert_rowid();
            write_settings(tx, id, s)?;
            Ok(id)
        })
    }

    /// Changes the name and the rule; logged in the log of each session of the series.
    pub fn update_series(&self, actor: &str, id: SeriesId, s: &SeriesSettings) -> Result<()> {
        validate(s)?;
        self.transaction(|tx| {
            let old = load_series(tx, id)?;
            write_settings(tx, id, s)?;
            if old.settings != *s {
                let before = InSeries {
                    series: id,
                    settings: &old.settings,
                };
                let after = InSeries {
                    series: id,
                    settings: s,
                };
                log_in_sessions(tx, &old.sessions, actor, Some(&before), Some(&after))?;
            }
            Ok(())
        })
    }

    /// Sets the sessions of the series: those added and those removed are logged in their
    /// own session's log.
    pub fn set_series_sessions(
        &self,
        actor: &str,
        id: SeriesId,
        sessions: &[SessionId],
    ) -> Result<()> {
        self.transaction(|tx| {
            let old = load_series(tx, id)?;
            for &s in sessions {
                load_session(tx, s)?;
            }
            let entry = InSeries {
                series: id,
                settings: &old.settings,
            };
            let removed: Vec<SessionId> = old
                .sessions
                .iter()
                .copied()
                .filter(|s| !sessions.contains(s))
                .collect();
            let mut added: Vec<SessionId> = sessions
                .iter()
                .copied()
                .filter(|s| !old.sessions.contains(s))
                .collect();
            added.sort_unstable();
            added.dedup();
            for &s in &removed {
                tx.execute(
                    "DELETE FROM bridge_series_session WHERE series_id = ?1 AND session_id = ?2",
                    params![id, s],
                )?;
            }
            for &s in &added {
                tx.execute(
                    "INSERT INTO bridge_series_session (series_id, session_id) VALUES (?1, ?2)",
                    params![id, s],
                )?;
            }
            log_in_sessions(tx, &removed, actor, Some(&entry), None)?;
            log_in_sessions(tx, &added, actor, None, Some(&entry))
        })
    }

    /// Adds one session to the series (nothing when it is in already).
    pub fn add_series_session(&self, actor: &str, id: SeriesId, session: SessionId) -> Result<()> {
        let mut sessions = self.series(id)?.sessions;
        sessions.push(session);
        self.set_series_sessions(actor, id, &sessions)
    }

    /// Takes one session out of the series.
    pub fn remove_series_session(
        &self,
        actor: &str,
        id: SeriesId,
        session: SessionId,
    ) -> Result<()> {
        let mut sessions = self.series(id)?.sessions;
        sessions.retain(|&s| s != session);
        self.set_series_sessions(actor, id, &sessions)
    }

    /// Deletes the series (its sessions stay); logged in the log of each of its sessions.
    pub fn delete_series(&self, actor: &str, id: SeriesId) -> Result<()> {
        self.transaction(|tx| {
            let old = load_series(tx, id)?;
            tx.execute("DELETE FROM bridge_series WHERE id = ?1", [id])?;
            let entry = InSeries {
                series: id,
                settings: &old.settings,
            };
            log_in_sessions(tx, &old.sessions, actor, Some(&entry), None)
        })
    }

    /// Every series, newest first.
    pub fn series_list(&self) -> Result<Vec<Series>> {
        self.with_conn(|c| {
            let ids: Vec<SeriesId> = {
                let mut st = c.prepare("SELECT id FROM bridge_series ORDER BY id DESC")?;
                let rows = st.query_map([], |r| r.get(0))?;
                rows.collect::<rusqlite::Result<_>>()?
            };
            ids.into_iter().map(|id| load_series(c, id)).collect()
        })
    }

    pub fn series(&self, id: SeriesId) -> Result<Series> {
        self.with_conn(|c| load_series(c, id))
    }

    /// The players' cumulative ranking by the series' rule, from the sessions' rankings.
    pub fn series_ranking(&self, id: SeriesId) -> Result<SeriesRanking> {
        let series = self.series(id)?;
        let percentages = series.settings.scoring == SeriesScoring::Percentages;
        // The engine ranks within one list of entries a session: each line of a two-winner
        // Mitchell, and each player's seat in the pair (first or second named), is one list,
        // so that both players of a pair hold its place without sharing it (shared places
        // share their points). `of` maps the engine's lists back to the series' sessions.
        let mut lists: Vec<Vec<SeriesEntry<Player>>> = Vec::new();
        let mut of: Vec<usize> = Vec::new();
        let mut detail: BTreeMap<(usize, Player), SeriesScore> = BTreeMap::new();
        let mut who: BTreeMap<Player, (String, String)> = BTreeMap::new();
        let mut sessions = Vec::new();
        let mut provisional = false;
        // Each player's masterpoints: every player of a pair gets the pair's award.
        let mut masterpoints: Option<BTreeMap<Player, Ratio>> = None;
        for (index, &sid) in series.sessions.iter().enumerate() {
            let session = self.bridge_session(sid)?;
            let ranking = self.ranking(sid)?;
            let awards = session
                .settings
                .masterpoints
                .as_ref()
                .map(|scale| bridge::masterpoints::award_session(scale, &ranking.scored));
            if awards.is_some() && masterpoints.is_none() {
                masterpoints = Some(BTreeMap::new());
            }
            sessions.push(session);
            provisional |= !ranking.missing.is_empty();
            let pairs = self.with_conn(|c| load_pairs(c, sid, &session_movement(c, sid)?))?;
            let mut fields: Vec<_> = ranking.scored.ranking.iter().map(|s| s.field).collect();
            fields.dedup();
            for field in fields {
                for seat in 0..2 {
                    let mut list = Vec::new();
                    for (at, standing) in ranking
                        .scored
                        .ranking
                        .iter()
                        .enumerate()
                        .filter(|(_, s)| s.field == field)
                    {
                        if standing.boards == 0 || (percentages && standing.percent.is_none()) {
                            continue;
                        }
                        let Some(pair) = pairs.iter().find(|p| p.number == standing.pair) else {
                            continue;
                        };
                        let d = &pair.details;
                        let (name, licence) = if seat == 0 {
                            (d.name1.trim(), d.licence1.as_str())
                        } else {
                            (d.name2.trim(), d.licence2.as_str())
                        };
                        let player = if !licence.is_empty() {
                            Player::Licence(licence.to_string())
                        } else if !name.is_empty() {
                            Player::Name(folded_name(name))
                        } else {
                            continue;
                        };
                        if let (Some(awards), Some(totals)) = (&awards, &mut masterpoints) {
                            *totals.entry(player.clone()).or_default() += awards[at];
                        }
                        let shown = who.entry(player.clone()).or_default();
                        if !name.is_empty() {
                            shown.0 = name.to_string();
                        }
                        shown.1 = licence.to_string();
                        detail.insert(
                            (index, player.clone()),
                            SeriesScore {
                                value: Ratio::ZERO,
                                percent: standing.percent,
                                place: standing.rank,
                                counted: false,
                            },
                        );
                        list.push(SeriesEntry::new(
                            player,
                            standing.percent.unwrap_or(Ratio::ZERO),
                            standing.rank,
                        ));
                    }
                    if !list.is_empty() {
                        lists.push(list);
                        of.push(index);
                    }
                }
            }
        }
        let rows = rank_series(&lists, &series.settings.rule())
            .into_iter()
            .map(|row| {
                let mut scores = vec![None; series.sessions.len()];
                for (k, &(list, value)) in row.values.iter().enumerate() {
                    let index = of[list];
                    if let Some(d) = detail.get(&(index, row.competitor.clone())) {
                        scores[index] = Some(SeriesScore {
                            value,
                            counted: k < row.counted,
                            ..d.clone()
                        });
                    }
                }
                let (name, licence) = who.get(&row.competitor).cloned().unwrap_or_default();
                SeriesPlayer {
                    place: row.place,
                    tied: row.tied,
                    name,
                    licence,
                    played: row.values.len(),
                    total: row.total,
                    average: row.average,
                    masterpoints: masterpoints
                        .as_ref()
                        .map(|m| m.get(&row.competitor).copied().unwrap_or_default()),
                    scores,
                }
            })
            .collect();
        Ok(SeriesRanking {
            series,
            sessions,
            rows,
            provisional,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::folded_name;

    #[test]
    fn names_fold_case_accents_and_blanks() {
        assert_eq!(folded_name(" Lévy   Anne "), "levy anne");
        assert_eq!(folded_name("LEVY Anne"), folded_name("lévy anne"));
    }
}
