//! The rounds' dates and times, set from the event's settings page (every round) or a round's
//! page (that round): the form's `date_N` and `time_N` fields, and the JSON API's `starts`.

use std::collections::BTreeMap;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::Form;
use serde::Deserialize;
use serde_json::{json, Value};
use store::{EventId, RoundStart};

use crate::ctx::Arbiter;
use crate::edits;
use crate::error::AppError;
use crate::guard::{Guard, Kind, Routes};
use crate::json::{body, ApiResult};
use crate::page::{see, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new().post(
        "/events/{id}/schedule",
        Guard::Merge(Kind::Event),
        set_schedule,
    )
}

pub fn api_routes() -> Routes {
    Routes::new()
        .get("/events/{id}/schedule", api_schedule)
        .post(
            "/events/{id}/schedule",
            Guard::Merge(Kind::Event),
            api_set_schedule,
        )
}

/// The form's inputs as (round, date or time) pairs: `date_N` and `time_N`, each round once.
fn read_fields(fields: &[(String, String)]) -> Result<Vec<(u32, Option<RoundStart>)>, AppError> {
    let mut by_round: BTreeMap<u32, (String, String)> = BTreeMap::new();
    for (k, v) in fields {
        let (is_date, n) = match (k.strip_prefix("date_"), k.strip_prefix("time_")) {
            (Some(n), _) => (true, n),
            (_, Some(n)) => (false, n),
            _ => continue,
        };
        let n: u32 = n.parse().map_err(|_| {
            AppError::invalid(k, "date_N or time_N with a round number N", k.clone())
        })?;
        let slot = by_round.entry(n).or_default();
        if is_date {
            slot.0 = v.clone();
        } else {
            slot.1 = v.clone();
        }
    }
    by_round
        .into_iter()
        .map(|(n, (date, time))| {
            RoundStart::from_fields(&date, &time)
                .map(|s| (n, s))
                .map_err(|e| {
                    let field = if matches!(e, store::RoundStartError::Time(_)) {
                        format!("time_{n}")
                    } else {
                        format!("date_{n}")
                    };
                    let (expected, found) = split_error(&e);
                    AppError::invalid(field, expected, found)
                })
        })
        .collect()
}

/// Writes the dates and times; a round someone else changed meanwhile makes the answer a
/// conflict (the others are written). Answers how many were written.
fn set_starts(
    st: &AppState,
    a: &Arbiter,
    id: EventId,
    starts: &[(u32, Option<RoundStart>)],
    seen: Option<store::Version>,
) -> Result<usize, AppError> {
    let w = st.store.set_round_starts(&a.username, id, starts, seen)?;
    if w.conflicts.is_empty() {
        return Ok(w.changed);
    }
    Err(AppError::Conflict {
        version: store::Version(st.store.event_version(id)?),
        changed: w.conflicts,
        written: w.changed,
    })
}

/// What the value should have been, and what it was, for the error message.
fn split_error(e: &store::RoundStartError) -> (String, String) {
    match e {
        store::RoundStartError::Date(found) => ("a date YYYY-MM-DD".into(), found.clone()),
        store::RoundStartError::Time(found) => {
            ("a time HH:MM from 00:00 to 23:59".into(), found.clone())
        }
        store::RoundStartError::TimeWithoutDate(found) => {
            ("a date with the time".into(), found.clone())
        }
    }
}

/// Sets the dates and times the form sends; a value someone else changed since the page was
/// built is kept and shown with both values. Back to the round's page (`back=N`) or the
/// settings.
async fn set_schedule(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    Form(f): Form<Vec<(String, String)>>,
) -> Page {
    let starts = read_fields(&f)?;
    let seen = edits::from_fields(&f)?;
    set_starts(&st, &a, id, &starts, seen)?;
    let back = f
        .iter()
        .find(|(k, _)| k == "back")
        .and_then(|(_, v)| v.parse::<u32>().ok());
    match back {
        Some(n) => see(format!("/events/{id}/rounds/{n}#round-start")),
        None => see(format!("/events/{id}/edit#schedule")),
    }
}

fn starts_json(starts: &[(u32, RoundStart)]) -> Value {
    let map: BTreeMap<String, String> = starts
        .iter()
        .map(|(n, s)| (n.to_string(), s.to_string()))
        .collect();
    json!({ "starts": map })
}

async fn api_schedule(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<EventId>,
) -> ApiResult {
    let version = st.store.event_version(id)?;
    let v = starts_json(&st.store.round_starts(id)?);
    Ok(edits::with_version(crate::json::ok(v)?, version))
}

#[derive(Debug, Deserialize)]
struct ScheduleBody {
    /// Round number → `YYYY-MM-DD`, `YYYY-MM-DD HH:MM`, or null (or "") to clear.
    starts: Option<BTreeMap<String, Option<String>>>,
    version: Option<Value>,
}

/// `{"starts": {"1": "2026-11-28 14:00", "2": null}, "version": 41}`.
async fn api_set_schedule(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path(id): Path<EventId>,
    bytes: Bytes,
) -> ApiResult {
    let b: ScheduleBody = body(&bytes)?;
    let seen = edits::from_request(&headers, &b.version)?;
    let mut starts = Vec::new();
    for (k, v) in b.starts.unwrap_or_default() {
        let field = format!("starts.{k}");
        let n: u32 = k
            .parse()
            .map_err(|_| AppError::invalid(&field, "a round number", format!("{k:?}")))?;
        let start = match v.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(text) => Some(text.parse::<RoundStart>().map_err(|e| {
                let (expected, found) = split_error(&e);
                AppError::invalid(&field, expected, found)
            })?),
        };
        starts.push((n, start));
    }
    let changed = set_starts(&st, &a, id, &starts, seen)?;
    let version = st.store.event_version(id)?;
    let mut v = starts_json(&st.store.round_starts(id)?);
    v["changed"] = json!(changed);
    Ok(edits::with_version(crate::json::ok(v)?, version))
}
