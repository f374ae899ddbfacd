//! The lists an arbiter prints and exports: standings, crosstable, alphabetical list, the TRF
//! file, standings as CSV and JSON.

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use serde::Deserialize;
use store::{EventId, Player, PlayerKey, Store};

use crate::chess::views::{self, CrossRow, EventView, LegendItem, PlayerView, StandingView};
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::page::{attachment, html, Page};
use crate::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/events/{id}/standings", get(standings_page))
        .route("/events/{id}/crosstable", get(crosstable_page))
        .route("/events/{id}/alphabetical", get(alphabetical_page))
        .route("/events/{id}/export.trf", get(export_trf))
        .route("/events/{id}/standings.csv", get(standings_csv))
        .route("/events/{id}/standings.json", get(standings_json))
}

#[derive(Debug, Deserialize)]
struct AfterQuery {
    after: Option<u32>,
}

#[derive(Template)]
#[template(path = "standings.html")]
struct StandingsPage {
    c: Ctx,
    ev: EventView,
    after: u32,
    rounds: Vec<u32>,
    codes: Vec<String>,
    rows: Vec<StandingView>,
    legend: Vec<LegendItem>,
}

async fn standings_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<AfterQuery>,
) -> Page {
    let (e, ev) = views::event_view(&st, &c, id)?;
    let s = st.store.standings(id, q.after)?;
    html(&StandingsPage {
        after: s.after_round,
        rounds: (1..=e.paired_rounds).collect(),
        rows: views::standings_rows(&c.tr, &s),
        legend: views::legend(&c.tr, &s.tiebreak_codes),
        codes: s.tiebreak_codes,
        ev,
        c,
    })
}

#[derive(Template)]
#[template(path = "crosstable.html")]
struct CrosstablePage {
    c: Ctx,
    ev: EventView,
    after: u32,
    round_numbers: Vec<u32>,
    codes: Vec<String>,
    rows: Vec<CrossRow>,
    legend: Vec<LegendItem>,
}

async fn crosstable_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<AfterQuery>,
) -> Page {
    let (_, ev) = views::event_view(&st, &c, id)?;
    let s = st.store.standings(id, q.after)?;
    let rounds = st.store.rounds(id)?;
    html(&CrosstablePage {
        after: s.after_round,
        round_numbers: (1..=s.after_round).collect(),
        rows: views::crosstable(&c.tr, &s, &rounds),
        legend: views::legend(&c.tr, &s.tiebreak_codes),
        codes: s.tiebreak_codes,
        ev,
        c,
    })
}

/// A player in the alphabetical list: their board and colour in the round.
#[derive(Debug, Clone, Default)]
pub struct AlphaLine {
    pub player: PlayerView,
    pub board: String,
    pub colour: String,
    pub opponent: String,
}

#[derive(Template)]
#[template(path = "alphabetical.html")]
struct AlphabeticalPage {
    c: Ctx,
    ev: EventView,
    round: u32,
    lines: Vec<AlphaLine>,
}

fn alphabetical_lines(
    store: &Store,
    c: &Ctx,
    e: &store::Event,
) -> Result<Vec<AlphaLine>, AppError> {
    let players: HashMap<PlayerKey, Player> = store
        .players(e.id)?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    let rounds = if e.paired_rounds > 0 {
        vec![store.round(e.id, e.paired_rounds)?]
    } else {
        Vec::new()
    };
    let mut lines: Vec<AlphaLine> = players
        .values()
        .map(|p| {
            let card = views::card_rounds(&c.tr, &rounds, &players, p.id)
                .pop()
                .unwrap_or_default();
            AlphaLine {
                player: views::player_view(p, None, &c.tr),
                board: card.board,
                colour: card.colour_text,
                opponent: card.opponent,
            }
        })
        .collect();
    lines.sort_by(|a, b| {
        a.player
            .name
            .to_lowercase()
            .cmp(&b.player.name.to_lowercase())
            .then(a.player.number.cmp(&b.player.number))
    });
    Ok(lines)
}

async fn alphabetical_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
) -> Page {
    let (e, ev) = views::event_view(&st, &c, id)?;
    let lines = alphabetical_lines(&st.store, &c, &e)?;
    html(&AlphabeticalPage {
        round: e.paired_rounds,
        lines,
        ev,
        c,
    })
}

#[derive(Debug, Deserialize)]
struct FormatQuery {
    format: Option<String>,
}

pub(crate) fn trf_format(f: Option<&str>) -> Result<tournament::trf::Format, AppError> {
    match f.unwrap_or("trf16") {
        "trf16" | "16" => Ok(tournament::trf::Format::Trf16),
        "trf26" | "26" | "trf2026" => Ok(tournament::trf::Format::Trf26),
        other => Err(AppError::invalid(
            "format",
            "trf16 or trf26",
            format!("{other:?}"),
        )),
    }
}

async fn export_trf(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<FormatQuery>,
) -> Page {
    let format = trf_format(q.format.as_deref())?;
    let text = st.store.export_trf(id, format)?;
    Ok(attachment(
        "text/plain; charset=utf-8",
        &format!("event-{id}.trf"),
        text.into_bytes(),
    ))
}

/// The standings as CSV: place, number, name, title, rating, federation, points, tie-breaks;
/// every cell through [`report::csv`] (quoted, and a name that would start a spreadsheet formula
/// written as text).
pub(crate) fn standings_csv_text(s: &store::Standings) -> String {
    let header = [
        "rank",
        "number",
        "name",
        "title",
        "rating",
        "federation",
        "points",
    ]
    .into_iter()
    .map(str::to_string)
    .chain(s.tiebreak_codes.iter().cloned());
    let mut out = report::csv::row(header);
    out.push('\n');
    for r in &s.rows {
        let d = &r.player.details;
        let mut line = vec![
            r.rank.to_string(),
            r.player.number.to_string(),
            d.name.to_string(),
            d.title.clone(),
            d.rating.map(|x| x.to_string()).unwrap_or_default(),
            d.federation.clone(),
            r.points.to_string(),
        ];
        line.extend(r.values.iter().cloned());
        out.push_str(&report::csv::row(line));
        out.push('\n');
    }
    out
}

async fn standings_csv(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<AfterQuery>,
) -> Page {
    let s = st.store.standings(id, q.after)?;
    Ok(attachment(
        "text/csv; charset=utf-8",
        &format!("standings-{id}.csv"),
        standings_csv_text(&s).into_bytes(),
    ))
}

async fn standings_json(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<AfterQuery>,
) -> Page {
    let s = st.store.standings(id, q.after)?;
    Ok(axum::Json(s).into_response())
}
