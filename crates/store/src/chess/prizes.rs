//! An event's prize list and its distribution after the last round (issue 23 §3): the list is
//! kept as the text `arbiter prizes` reads (`prize;category;amount`), with the rule the
//! organiser chose; the distribution ranks the players as the standings page does and hands
//! them to the prizes engine.

use rusqlite::{params, OptionalExtension};
use serde_json::json;

use super::model::{ranked, Standings};
use super::types::EventId;
use crate::error::{Error, Result};
use crate::Store;

/// What the organiser wrote: the rule and the prize list's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrizeSettings {
    pub rule: prizes::Rule,
    /// `prize;category;amount` and one line a prize, in the order a category's are awarded.
    pub list: String,
}

/// Who receives what under the event's prize list, after the last complete round.
#[derive(Debug, Clone)]
pub struct PrizeAwards {
    pub settings: PrizeSettings,
    pub list: prizes::PrizeList,
    pub distribution: prizes::Distribution,
    /// The standings the prizes follow (their places and points).
    pub standings: Standings,
}

/// The list read, or the first problem as the form's field `prizes` (line and column in it).
fn read_list(text: &str) -> Result<prizes::csv::PrizeFile> {
    let file = prizes::csv::read(text).map_err(|errors| {
        let e = &errors[0];
        Error::invalid(
            "prizes",
            format!("line {}, column {}: {}", e.line, e.column, e.expected),
            e.found.clone(),
        )
    })?;
    for (p, at) in file.list.prizes().iter().zip(&file.lines) {
        // The event has no organising club to count members of.
        if p.category().uses_club() {
            return Err(Error::invalid(
                "prizes",
                format!(
                    "line {}, column {}: a rating, women, age, FFE or unrated category",
                    at.line, at.category_column
                ),
                p.category().to_string(),
            ));
        }
    }
    Ok(file)
}

impl Store {
    /// The event's prize list, if one was written.
    pub fn prize_settings(&self, event: EventId) -> Result<Option<PrizeSettings>> {
        self.with_conn(|c| {
            let row: Option<(String, String)> = c
                .query_row(
                    "SELECT rule, list FROM prize_list WHERE event_id = ?1",
                    [event],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?;
            Ok(row.map(|(rule, list)| PrizeSettings {
                rule: rule.parse().unwrap_or(prizes::Rule::Places),
                list,
            }))
        })
    }

    /// Keeps the prize list (refused, with where, when it does not read) and the rule.
    pub fn set_prizes(&self, actor: &str, event: EventId, settings: &PrizeSettings) -> Result<()> {
        read_list(&settings.list)?;
        self.transaction(|tx| {
            super::rows::load_event(tx, event)?;
            tx.execute(
                "INSERT INTO prize_list (event_id, rule, list) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (event_id) DO UPDATE SET rule = excluded.rule, list = excluded.list",
                params![event, settings.rule.name(), settings.list],
            )?;
            super::log::append(
                tx,
                Some(event),
                actor,
                "set_prizes",
                json!({ "rule": settings.rule.name(), "list": settings.list }),
                None,
            )?;
            Ok(())
        })
    }

    /// The distribution of the prize list over the standings after the last complete round;
    /// `None` without a prize list.
    pub fn prize_awards(&self, event: EventId) -> Result<Option<PrizeAwards>> {
        let Some(settings) = self.prize_settings(event)? else {
            return Ok(None);
        };
        let file = read_list(&settings.list)?;
        self.with_conn(|c| {
            let r = ranked(c, event, None)?;
            // Ages are taken on 1 January of the year the event ends (or starts); the FFE's
            // categories in the season it starts in (as the entry fees count them).
            let s = &r.event.settings;
            let (start, end) = (s.start_date.as_str(), s.end_date.as_str());
            let date = |d: &str| d.replace('-', "/").parse::<prizes::Date>().ok();
            let dates = prizes::AgeDates {
                new_year: date(if end.is_empty() { start } else { end }).map(|d| d.year()),
                season: date(if start.is_empty() { end } else { start })
                    .map(prizes::Season::containing),
            };
            let uses = |f: fn(&prizes::Category) -> bool| {
                file.list.prizes().iter().any(|p| f(p.category()))
            };
            if (dates.new_year.is_none() && uses(prizes::Category::uses_new_year))
                || (dates.season.is_none() && uses(prizes::Category::uses_season))
            {
                return Err(Error::invalid(
                    "end_date",
                    "the event's dates (ages are taken on 1 January of the year it ends, the \
                     FFE's categories in the season it starts in)",
                    "no date",
                ));
            }
            let distribution = prizes::distribute(
                &prizes::entrants(&r.tournament, &r.tiebreak),
                &file.list,
                settings.rule,
                dates,
            )
            .map_err(|e| Error::invalid("prizes", "a distributable prize list", e.to_string()))?;
            let standings = r.standings();
            Ok(Some(PrizeAwards {
                settings,
                list: file.list,
                distribution,
                standings,
            }))
        })
    }
}
