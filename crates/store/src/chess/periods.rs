//! Events longer than a rating period: the rating report split by FIDE's monthly lists.
//!
//! B.02 publishes a rating list on the first day of each month, and its rating period is the
//! time that list is in force: a calendar month. B.01 1.1.4 rates a game of a tournament longer
//! than 30 days at the ratings in force when it was played, so each period's games are
//! reported apart: one TRF per period, holding the rounds played in it. A round's period is
//! the month of its date (the schedule's, [`crate::chess::schedule`]); a round without a date
//! cannot be placed and keeps the event from being reported by period until it has one.
//!
//! A period's file is the event's file with the other rounds left empty: the same players
//! under the same pairing numbers, the same number of rounds (`142`) and round dates (`132`),
//! so that a round keeps its column. What belongs to the period is what its games make: the
//! points (the reference checker refuses a points field that is not the sum of the file's
//! rounds), the places after the event's own tie-breaks, each player's FIDE rating and title
//! in the period's list (kept by [`crate::chess::rating_periods`]), the dates of its first and
//! last rounds (`042`, `052`), the name with its rounds (`012`, as federations register each
//! period), and the changes made by hand to its rounds' pairings. The event's own standings
//! are not touched: its pages and its whole TRF rank all the rounds.
//!
//! ```
//! use store::{EventSettings, NewPlayer, RatingPeriod, ResultCode, RoundStart, Store};
//! let store = Store::open_in_memory().unwrap();
//! let event = store.create_event("chief", &EventSettings::new("Open".parse().unwrap(), 2)).unwrap();
//! for (name, rating) in [("Aubert, Luc", 2100), ("Bonnet, Eva", 2000), ("Colin, Rémi", 1900), ("Durand, Zoé", 1800)] {
//!     let id = store.add_player("chief", event, &NewPlayer::named(name.parse().unwrap(), Some(rating))).unwrap();
//!     store.set_present("chief", event, id, true, None).unwrap();
//! }
//! let dates: Vec<(u32, Option<RoundStart>)> =
//!     vec![(1, Some("2026-11-28".parse().unwrap())), (2, Some("2026-12-05".parse().unwrap()))];
//! store.set_round_starts("chief", event, &dates, None).unwrap();
//! for round in 1..=2 {
//!     store.pair_round("chief", event, round).unwrap();
//!     for board in 1..=2 {
//!         store.set_result("chief", event, round, board, Some(ResultCode::Draw)).unwrap();
//!     }
//! }
//! let split = store.report_periods(event).unwrap();
//! assert_eq!(split.periods.len(), 2);
//! assert_eq!(split.periods[1].period, "2026-12".parse::<RatingPeriod>().unwrap());
//! assert_eq!(split.periods[1].rounds, vec![2]);
//! let december = store
//!     .export_trf_period(event, tournament::trf::Format::Trf26, split.periods[1].period)
//!     .unwrap();
//! assert!(december.starts_with("012 Open Round 2"));
//! ```

use rusqlite::Connection;
use serde::Serialize;
use tournament::Entry;

use crate::chess::model::{build, complete_rounds, rating_report};
use crate::chess::rating_periods::RatingPeriod;
use crate::chess::rows::{load_event, load_round_starts, load_rounds};
use crate::chess::types::*;
use crate::error::{Error, Result};
use crate::Store;

/// One rating period of an event and the rounds played in it, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PeriodRounds {
    pub period: RatingPeriod,
    pub rounds: Vec<u32>,
    /// The first and last of those rounds' dates (`YYYY-MM-DD`).
    pub first_date: String,
    pub last_date: String,
}

impl PeriodRounds {
    /// The rounds as runs: `5`, `1-4`, `1-3, 5`.
    pub fn rounds_runs(&self) -> String {
        let mut runs: Vec<(u32, u32)> = Vec::new();
        for &r in &self.rounds {
            match runs.last_mut() {
                Some((_, last)) if *last + 1 == r => *last = r,
                _ => runs.push((r, r)),
            }
        }
        runs.iter()
            .map(|&(a, b)| {
                if a == b {
                    a.to_string()
                } else {
                    format!("{a}-{b}")
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The rounds in words as federations name a period's registration: `Round 5`,
    /// `Rounds 1-4`, `Rounds 1-3, 5` (the TRF's `012`, in FIDE's language).
    pub fn rounds_label(&self) -> String {
        let word = if self.rounds.len() == 1 {
            "Round"
        } else {
            "Rounds"
        };
        format!("{word} {}", self.rounds_runs())
    }
}

/// The rounds of an event whose results are all in, by rating period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReportPeriods {
    /// The periods in order, each with its rounds.
    pub periods: Vec<PeriodRounds>,
    /// Rounds without a date: they belong to no period until the schedule gives them one.
    pub undated: Vec<u32>,
}

impl ReportPeriods {
    /// True when the event is reported in more than one file.
    pub fn spans_several(&self) -> bool {
        self.periods.len() > 1
    }
}

impl Store {
    /// The event's rounds whose results are all in (those the rating report holds), grouped by
    /// the rating period of their dates.
    pub fn report_periods(&self, event: EventId) -> Result<ReportPeriods> {
        self.with_conn(|c| periods_on(c, event))
    }

    /// The rating report of one period: the event's TRF with only that period's rounds filled
    /// in (see the module's documentation). Refused while a reported round has no date, and for
    /// a period in which no reported round was played.
    pub fn export_trf_period(
        &self,
        event: EventId,
        format: tournament::trf::Format,
        period: RatingPeriod,
    ) -> Result<String> {
        self.with_conn(|c| {
            let e = load_event(c, event)?;
            let split = periods_on(c, event)?;
            if let Some(round) = split.undated.first() {
                return Err(Error::invalid(
                    format!("round {round}"),
                    "a date in the schedule, to place the round in a rating period",
                    "none",
                ));
            }
            let Some(p) = split.periods.iter().find(|p| p.period == period) else {
                let known: Vec<String> =
                    split.periods.iter().map(|p| p.period.to_string()).collect();
                return Err(Error::invalid(
                    "period",
                    if known.is_empty() {
                        "a month with a round whose results are all in (none has yet)".to_string()
                    } else {
                        format!("a month with rounds played: {}", known.join(", "))
                    },
                    period.to_string(),
                ));
            };
            let rounds = load_rounds(c, event)?;
            let complete = complete_rounds(&e.settings, &rounds);
            let mut t = build(c, event, complete, false)?;
            for player in &mut t.players {
                for (i, entry) in player.rounds.iter_mut().enumerate() {
                    if !p.rounds.contains(&(i as u32 + 1)) {
                        *entry = Entry::NotPaired;
                    }
                }
            }
            let system = t.point_system;
            for player in &mut t.players {
                player.points = player.score(&system);
            }
            let name = t.header.name.take().unwrap_or_default();
            t.header.name = Some(format!("{name} {}", p.rounds_label()).trim().to_string());
            t.header.start_date = Some(p.first_date.replace('-', "/"));
            t.header.end_date = Some(p.last_date.replace('-', "/"));
            rating_report(c, e, t, complete, format, Some(p.rounds[0]), |r| {
                p.rounds.contains(&r)
            })
        })
    }
}

/// The event's reported rounds by period, read on `c`.
fn periods_on(c: &Connection, event: EventId) -> Result<ReportPeriods> {
    let e = load_event(c, event)?;
    let rounds = load_rounds(c, event)?;
    let complete = complete_rounds(&e.settings, &rounds);
    let starts = load_round_starts(c, event)?;
    let mut out = ReportPeriods {
        periods: Vec::new(),
        undated: Vec::new(),
    };
    for round in 1..=complete {
        let Some((_, start)) = starts.iter().find(|(n, _)| *n == round) else {
            out.undated.push(round);
            continue;
        };
        let Some(period) = RatingPeriod::of_date(start.date()) else {
            out.undated.push(round);
            continue;
        };
        let date = start.date().to_string();
        match out.periods.iter_mut().find(|p| p.period == period) {
            Some(p) => {
                p.rounds.push(round);
                p.first_date = p.first_date.clone().min(date.clone());
                p.last_date = p.last_date.clone().max(date);
            }
            None => out.periods.push(PeriodRounds {
                period,
                rounds: vec![round],
                first_date: date.clone(),
                last_date: date,
            }),
        }
    }
    out.periods.sort_by_key(|p| p.period);
    Ok(out)
}
