//! Events longer than a rating period (B.01 1.1.4, B.02 7.1): every FIDE list loaded is kept
//! with its period (the month it is in force), the event's rounds fall into periods by their
//! dates, and the ratings and titles the event's players held in each later period are read,
//! by FIDE id, from the list of that month. The first period reads the ratings and titles the
//! players were registered with.
//!
//! ```
//! use store::RatingPeriod;
//! let p: RatingPeriod = "2026-12".parse().unwrap();
//! assert_eq!(RatingPeriod::of_date("2026-12-01"), Some(p));
//! assert_eq!(RatingPeriod::from_file_name("standard_dec26frl.txt"), Some(p));
//! assert!(p > "2026-11".parse().unwrap());
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use rating::{RatingHistory, Standing};
use rusqlite::{params, Connection, OptionalExtension};
use tournament::{PlayerId, Title};

use crate::chess::rows::{load_event, load_players, load_round_starts};
use crate::chess::types::{EventId, Player};
use crate::error::Result;
use crate::Store;

/// A FIDE rating period: the month a list is in force (FIDE publishes one list a month).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RatingPeriod {
    year: u16,
    month: u8,
}

/// Why a text is not a rating period.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a month YYYY-MM, found {0:?}")]
pub struct RatingPeriodError(pub String);

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

impl RatingPeriod {
    /// Year 1900 to 2999, month 1 to 12.
    pub fn new(year: u16, month: u8) -> Option<RatingPeriod> {
        ((1900..=2999).contains(&year) && (1..=12).contains(&month))
            .then_some(RatingPeriod { year, month })
    }

    pub const fn year(self) -> u16 {
        self.year
    }

    pub const fn month(self) -> u8 {
        self.month
    }

    /// The period a day (`YYYY-MM-DD`, or a month `YYYY-MM`) falls in: the one whose list is
    /// in force that day.
    pub fn of_date(date: &str) -> Option<RatingPeriod> {
        date.trim().get(..7)?.parse().ok()
    }

    /// The period FIDE's download names in its file (`standard_dec26frl.txt`: December 2026),
    /// if it names one.
    pub fn from_file_name(name: &str) -> Option<RatingPeriod> {
        let lower = name.to_ascii_lowercase();
        let b = lower.as_bytes();
        (0..b.len().saturating_sub(4)).find_map(|i| {
            let month = MONTHS.iter().position(|m| lower[i..].starts_with(m))?;
            let digits = &b[i + 3..i + 5];
            let before_ok = i == 0 || !b[i - 1].is_ascii_alphabetic();
            let after_ok = b.get(i + 5).is_none_or(|c| !c.is_ascii_digit());
            if !before_ok || !after_ok || !digits.iter().all(u8::is_ascii_digit) {
                return None;
            }
            let yy = u16::from(digits[0] - b'0') * 10 + u16::from(digits[1] - b'0');
            RatingPeriod::new(2000 + yy, month as u8 + 1)
        })
    }
}

impl fmt::Display for RatingPeriod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}", self.year, self.month)
    }
}

impl FromStr for RatingPeriod {
    type Err = RatingPeriodError;

    fn from_str(s: &str) -> std::result::Result<RatingPeriod, RatingPeriodError> {
        let t = s.trim();
        let bad = || RatingPeriodError(s.to_string());
        let (y, m) = t.split_once('-').ok_or_else(bad)?;
        if y.len() != 4 || m.len() != 2 || !(y.bytes().chain(m.bytes())).all(|b| b.is_ascii_digit())
        {
            return Err(bad());
        }
        RatingPeriod::new(y.parse().map_err(|_| bad())?, m.parse().map_err(|_| bad())?)
            .ok_or_else(bad)
    }
}

impl serde::Serialize for RatingPeriod {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// One loaded list of a rating period.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ListPeriod {
    pub period: RatingPeriod,
    pub file_name: String,
    pub loaded_at: String,
    pub players: u64,
}

/// Where the ratings of one of an event's rating periods come from.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PeriodUse {
    pub first_round: u32,
    pub last_round: u32,
    /// The month, when the rounds' dates (or the event's start) give it.
    pub period: Option<RatingPeriod>,
    /// The first period reads the ratings as registered (`false`); a later one reads its
    /// month's list (`list`), or keeps the previous period's ratings when that list was not
    /// loaded.
    pub later: bool,
    pub list: Option<ListPeriod>,
}

/// An event's rating periods and the ratings and titles its players held in each.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EventRatingPeriods {
    pub history: RatingHistory,
    pub periods: Vec<PeriodUse>,
}

/// Writes a loaded list's ratings and titles as its period's (replacing that period's list).
pub(crate) fn keep_period(
    tx: &Connection,
    period: RatingPeriod,
    file_name: &str,
    entries: &[crate::chess::import::FideEntry],
) -> Result<usize> {
    let key = period.to_string();
    // The period's row first (its history rows refer to it), updated in place: replacing it
    // would delete them.
    tx.execute(
        "INSERT INTO rating_list_period (period, file_name, loaded_at, players) VALUES (?1, ?2, ?3, 0) \
         ON CONFLICT (period) DO UPDATE SET file_name = ?2, loaded_at = ?3",
        params![key, file_name, crate::db::now()],
    )?;
    tx.execute("DELETE FROM rating_list_history WHERE period = ?1", [&key])?;
    let mut st = tx.prepare(
        "INSERT OR REPLACE INTO rating_list_history (period, fide_id, rating, title) VALUES (?1, ?2, ?3, ?4)",
    )?;
    let mut n = 0;
    for e in entries {
        let Some(id) = e.player.fide_id else { continue };
        st.execute(params![key, id as i64, e.player.rating, e.player.title])?;
        n += 1;
    }
    tx.execute(
        "UPDATE rating_list_period SET players = ?2 WHERE period = ?1",
        params![key, n as i64],
    )?;
    Ok(n)
}

/// The newest period kept, if any.
pub(crate) fn newest_period(c: &Connection) -> Result<Option<RatingPeriod>> {
    let p: Option<String> = c
        .query_row("SELECT MAX(period) FROM rating_list_period", [], |r| {
            r.get(0)
        })
        .optional()?
        .flatten();
    Ok(p.and_then(|p| p.parse().ok()))
}

fn list_period(c: &Connection, period: RatingPeriod) -> Result<Option<ListPeriod>> {
    Ok(c.query_row(
        "SELECT file_name, loaded_at, players FROM rating_list_period WHERE period = ?1",
        [period.to_string()],
        |r| {
            Ok(ListPeriod {
                period,
                file_name: r.get(0)?,
                loaded_at: r.get(1)?,
                players: r.get::<_, i64>(2)? as u64,
            })
        },
    )
    .optional()?)
}

/// Each round's period: its date's month; a round without a date is taken in the period of
/// the round before it, the first round in the event's start month.
fn round_periods(
    rounds: u32,
    start_date: &str,
    starts: &[(u32, crate::RoundStart)],
) -> Vec<Option<RatingPeriod>> {
    let mut out = Vec::with_capacity(rounds as usize);
    let mut current = RatingPeriod::of_date(start_date);
    for round in 1..=rounds {
        if let Some((_, s)) = starts.iter().find(|(n, _)| *n == round) {
            current = RatingPeriod::of_date(s.date()).or(current);
        }
        out.push(current);
    }
    out
}

/// The periods of an event whose round `k + 1` falls in `by_round[k]`: consecutive rounds of
/// one month make one period, and a round in a later month than its period's opens a new one
/// (a date going back in time does not). No list is attached yet. The command line reads its
/// TRF files' round dates the same way.
pub fn group_rounds(by_round: &[Option<RatingPeriod>]) -> Vec<PeriodUse> {
    let mut periods: Vec<PeriodUse> = Vec::new();
    for (i, p) in by_round.iter().enumerate() {
        let round = i as u32 + 1;
        match periods.last_mut() {
            Some(last) if matches!((last.period, p), (Some(a), Some(b)) if *b > a) => {
                periods.push(PeriodUse {
                    first_round: round,
                    last_round: round,
                    period: *p,
                    later: true,
                    list: None,
                });
            }
            Some(last) => {
                last.last_round = round;
                last.period = last.period.or(*p);
            }
            None => periods.push(PeriodUse {
                first_round: round,
                last_round: round,
                period: *p,
                later: false,
                list: None,
            }),
        }
    }
    periods
}

/// The event's periods and history, read on `c`.
pub(crate) fn event_rating_periods(
    c: &Connection,
    event: EventId,
    players: &[Player],
) -> Result<EventRatingPeriods> {
    let e = load_event(c, event)?;
    let starts = load_round_starts(c, event)?;
    let by_round = round_periods(e.settings.rounds, &e.settings.start_date, &starts);
    let mut periods = group_rounds(&by_round);
    let mut history = RatingHistory::default();
    let mut lookup = c.prepare_cached(
        "SELECT rating, title FROM rating_list_history WHERE period = ?1 AND fide_id = ?2",
    )?;
    for used in periods.iter_mut().filter(|u| u.later) {
        let Some(period) = used.period else { continue };
        used.list = list_period(c, period)?;
        if used.list.is_none() {
            continue;
        }
        let key = period.to_string();
        let mut standings = BTreeMap::new();
        for p in players {
            let Some(id) = p.details.fide_id else {
                continue;
            };
            let row: Option<(Option<u16>, String)> = lookup
                .query_row(params![key, id as i64], |r| Ok((r.get(0)?, r.get(1)?)))
                .optional()?;
            if let Some((rating, title)) = row {
                standings.insert(
                    PlayerId(p.number),
                    Standing {
                        rating,
                        title: Title::from_code(&title),
                    },
                );
            }
        }
        history
            .add_period(used.first_round, standings)
            .map_err(|err| {
                crate::Error::invalid(
                    "round_start",
                    "rating periods in the order of the rounds",
                    err.to_string(),
                )
            })?;
    }
    Ok(EventRatingPeriods { history, periods })
}

impl Store {
    /// Every period whose list is kept, oldest first.
    pub fn rating_list_periods(&self) -> Result<Vec<ListPeriod>> {
        self.with_conn(|c| {
            let mut st = c.prepare(
                "SELECT period, file_name, loaded_at, players FROM rating_list_period ORDER BY period",
            )?;
            let rows = st.query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, i64>(3)?,
                ))
            })?;
            let mut out = Vec::new();
            for row in rows {
                let (period, file_name, loaded_at, players) = row?;
                if let Ok(period) = period.parse() {
                    out.push(ListPeriod {
                        period,
                        file_name,
                        loaded_at,
                        players: players as u64,
                    });
                }
            }
            Ok(out)
        })
    }

    /// The event's rating periods (from its rounds' dates), the list each later one reads, and
    /// the ratings and titles its players held in each: what norms and rating changes read.
    pub fn rating_periods(&self, event: EventId) -> Result<EventRatingPeriods> {
        self.with_conn(|c| {
            let players = load_players(c, event)?;
            event_rating_periods(c, event, &players)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn month(s: &str) -> Option<RatingPeriod> {
        Some(s.parse().unwrap())
    }

    #[test]
    fn an_undated_round_stays_in_the_period_of_the_round_before() {
        let start = |round, date: &str| (round, date.parse::<crate::RoundStart>().unwrap());
        // Round 1 undated: the event's start month; round 3 undated: round 2's; round 5 dated
        // back in November stays a November date, which the periods read as no new one.
        let starts = [
            start(2, "2026-11-30 14:00"),
            start(4, "2026-12-01"),
            start(5, "2026-11-29"),
        ];
        assert_eq!(
            round_periods(6, "2026-11-28", &starts),
            [
                month("2026-11"),
                month("2026-11"),
                month("2026-11"),
                month("2026-12"),
                month("2026-11"),
                month("2026-11"),
            ]
        );
        // No date anywhere: no period known.
        assert_eq!(round_periods(2, "", &[]), [None, None]);
    }
}
