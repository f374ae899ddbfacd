//! The event's FIDE rating report page: the TRF-2026 file of the whole event, one file per
//! rating period when the rounds were played under more than one monthly list (issue 35 §4,
//! [`store::Store::export_trf_period`]), and the pairing-integrity record FIDE's endorsement
//! checklist asks for (issue 36 §4): every change made by hand to a pairing, with its round,
//! what it changed, who made it and when, or a line saying no pairing was changed. Printed as
//! it is shown.

use askama::Template;
use axum::extract::{Path, Query, State};
use serde::Deserialize;
use store::{EventId, PairingChange, RatingPeriod};

use crate::chess::documents::trf_format;
use crate::chess::views::{self, EventView};
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::Routes;
use crate::i18n::Tr;
use crate::page::{attachment, html, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .get("/events/{id}/rating-report", report_page)
        .get("/events/{id}/periods/{period}/export.trf", export_period)
}

/// One rating period's file on the page.
struct PeriodLink {
    id: String,
    label: String,
    link: String,
}

/// One change made by hand, in words.
struct ChangeLine {
    round: u32,
    what: String,
    actor: String,
    at: String,
}

#[derive(Template)]
#[template(path = "rating_report.html")]
struct ReportPage {
    c: Ctx,
    ev: EventView,
    /// Said when the event's rounds span more than one period.
    periods_intro: String,
    periods: Vec<PeriodLink>,
    /// Rounds without a date, when others have one: what keeps the event from being split.
    undated: String,
    changes: Vec<ChangeLine>,
}

/// What a change made by hand did, its players named with their pairing numbers.
fn change_words(tr: &Tr, change: &PairingChange, name: &dyn Fn(u32) -> String) -> String {
    match change {
        PairingChange::Swap { a, b } => tr.targs(
            "pairing-change-swap",
            &[("a", name(*a).into()), ("b", name(*b).into())],
        ),
        PairingChange::BreakBoards { boards } => {
            let list: Vec<String> = boards.iter().map(u32::to_string).collect();
            tr.t1("pairing-change-break", "boards", list.join(", "))
        }
        PairingChange::PairByHand { white, black } => tr.targs(
            "pairing-change-pair",
            &[
                ("white", name(*white).into()),
                ("black", name(*black).into()),
            ],
        ),
        PairingChange::ByeByHand { player } => tr.t1("pairing-change-bye", "player", name(*player)),
        PairingChange::SortBoards => tr.t("pairing-change-sort"),
        PairingChange::AcceptObjection { board, objection } => tr.targs(
            "pairing-change-accept",
            &[
                ("board", (*board).into()),
                ("objection", objection.as_str().into()),
            ],
        ),
        PairingChange::Other { detail, .. } => detail.clone(),
    }
}

async fn report_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
) -> Page {
    let (_, ev) = views::event_view(&st, &c, id)?;
    let split = st.store.report_periods(id)?;
    let tr = &c.tr;
    let mut periods = Vec::new();
    let mut periods_intro = String::new();
    if split.spans_several() && split.undated.is_empty() {
        periods_intro = format!(
            "{} {}",
            tr.t1("rating-periods-intro", "count", split.periods.len() as u32),
            tr.t("rating-periods-rule")
        );
        for p in &split.periods {
            let rounds = tr.targs(
                "rating-period-rounds",
                &[
                    ("count", (p.rounds.len() as u32).into()),
                    ("rounds", p.rounds_runs().into()),
                ],
            );
            let dates = views::dates_text(tr, &p.first_date, &p.last_date);
            periods.push(PeriodLink {
                id: p.period.to_string(),
                label: tr.targs(
                    "rating-period-line",
                    &[
                        ("period", p.period.to_string().into()),
                        ("rounds", rounds.into()),
                        ("dates", dates.into()),
                    ],
                ),
                link: format!("/events/{id}/periods/{}/export.trf?format=trf26", p.period),
            });
        }
    }
    let undated = if !split.undated.is_empty() && !split.periods.is_empty() {
        let list: Vec<String> = split.undated.iter().map(u32::to_string).collect();
        tr.t1("rating-periods-undated", "rounds", list.join(", "))
    } else {
        String::new()
    };
    let players = st.store.players(id)?;
    let name = |number: u32| {
        players.iter().find(|p| p.number == number).map_or_else(
            || number.to_string(),
            |p| format!("{} ({number})", p.details.name),
        )
    };
    let changes = st
        .store
        .manual_pairing_changes(id)?
        .iter()
        .map(|m| ChangeLine {
            round: m.round,
            what: change_words(tr, &m.change, &name),
            actor: m.actor.clone(),
            at: m.at.clone(),
        })
        .collect();
    html(&ReportPage {
        c,
        ev,
        periods_intro,
        periods,
        undated,
        changes,
    })
}

#[derive(Debug, Deserialize)]
struct FormatQuery {
    format: Option<String>,
}

/// One rating period's TRF (TRF-2026 unless `format=trf16`), named after the period.
async fn export_period(
    State(st): State<AppState>,
    _a: Arbiter,
    Path((id, period)): Path<(EventId, String)>,
    Query(q): Query<FormatQuery>,
) -> Page {
    let period: RatingPeriod = period
        .parse()
        .map_err(|_| AppError::invalid("period", "a month YYYY-MM", format!("{period:?}")))?;
    let format = trf_format(Some(q.format.as_deref().unwrap_or("trf26")))?;
    let text = st.store.export_trf_period(id, format, period)?;
    let layout = match format {
        tournament::trf::Format::Trf16 => "trf16",
        tournament::trf::Format::Trf26 => "trf2026",
    };
    Ok(attachment(
        "text/plain; charset=utf-8",
        &format!("event-{id}-{layout}-{period}.trf"),
        text.into_bytes(),
    ))
}
