//! The event's log: every action, the event as it was after any of them, and undo.

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::Router;
use store::{EventId, PlayerKey};

use crate::chess::views::{self, EventView, LegendItem, PlayerView, StandingView};
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::page::{html, see, Page};
use crate::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/events/{id}/log", get(log_page))
        .route("/events/{id}/log/{entry}", get(state_after_page))
        .route("/events/{id}/undo", post(undo))
}

/// A line of the action log.
#[derive(Debug, Clone, Default)]
pub struct LogLine {
    pub id: i64,
    pub at: String,
    pub actor: String,
    pub action: String,
    pub detail: String,
    pub undone: bool,
}

#[derive(Template)]
#[template(path = "log.html")]
struct LogPage {
    c: Ctx,
    ev: EventView,
    lines: Vec<LogLine>,
}

async fn log_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
) -> Page {
    let (_, ev) = views::event_view(&st, &c, id)?;
    let lines = st
        .store
        .log(id)?
        .into_iter()
        .map(|l| {
            let key = format!("action-{}", l.action);
            let action = c.t(&key);
            LogLine {
                id: l.id,
                at: c.tr.datetime(&l.at),
                actor: l.actor,
                action: if action == key { l.action } else { action },
                detail: l.detail.to_string(),
                undone: l.undone,
            }
        })
        .collect();
    html(&LogPage { c, ev, lines })
}

/// One board of a round as it was (names and result, nothing to enter).
#[derive(Debug, Clone, Default)]
pub struct PastBoard {
    pub board: u32,
    pub white: String,
    /// Empty for the pairing-allocated bye.
    pub black: String,
    pub result: String,
}

/// A round as it was: its boards and its byes (name, kind).
#[derive(Debug, Clone, Default)]
pub struct PastRound {
    pub number: u32,
    pub boards: Vec<PastBoard>,
    pub byes: Vec<(String, String)>,
}

#[derive(Template)]
#[template(path = "state_after.html")]
struct StateAfterPage {
    c: Ctx,
    ev: EventView,
    entry: LogLine,
    players: Vec<PlayerView>,
    rounds: Vec<PastRound>,
    /// The standings of that moment (none when they could not be computed then).
    standings: bool,
    after: u32,
    codes: Vec<String>,
    rows: Vec<StandingView>,
    legend: Vec<LegendItem>,
}

/// The event as it was right after one action of its log: read only.
async fn state_after_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path((id, entry)): Path<(EventId, i64)>,
) -> Page {
    let (_, ev) = views::event_view(&st, &c, id)?;
    let line = st
        .store
        .log(id)?
        .into_iter()
        .find(|l| l.id == entry)
        .ok_or(AppError::NotFound)?;
    let past = st.store.past_state(id, entry)?;
    let names: HashMap<PlayerKey, String> = past
        .players
        .iter()
        .map(|p| (p.id, p.details.name.to_string()))
        .collect();
    let name = |k: PlayerKey| names.get(&k).cloned().unwrap_or_default();
    let rounds = past
        .rounds
        .iter()
        .map(|r| PastRound {
            number: r.number,
            boards: r
                .games
                .iter()
                .map(|g| PastBoard {
                    board: g.board,
                    white: name(g.white),
                    black: g.black.map(name).unwrap_or_default(),
                    result: match g.black {
                        Some(_) => views::result_text(g.result),
                        None => c.tr.points(&past.settings.points_bye),
                    },
                })
                .collect(),
            byes: r
                .byes
                .iter()
                .map(|b| (name(b.player), views::bye_kind(&c.tr, b.kind)))
                .collect(),
        })
        .collect();
    let points: HashMap<PlayerKey, tournament::Points> = past
        .standings
        .iter()
        .flat_map(|s| s.rows.iter().map(|r| (r.player.id, r.points)))
        .collect();
    let players = past
        .players
        .iter()
        .map(|p| views::player_view(p, points.get(&p.id).copied(), &c.tr))
        .collect();
    let (standings, after, codes, rows, legend) = match &past.standings {
        Some(s) => (
            true,
            s.after_round,
            s.tiebreak_codes.clone(),
            views::standings_rows(&c.tr, s),
            views::legend(&c.tr, &s.tiebreak_codes),
        ),
        None => (false, 0, Vec::new(), Vec::new(), Vec::new()),
    };
    let key = format!("action-{}", line.action);
    let action = c.tr.lookup(&key, &[]).unwrap_or(line.action);
    html(&StateAfterPage {
        entry: LogLine {
            id: line.id,
            at: c.tr.datetime(&line.at),
            actor: line.actor,
            action,
            detail: line.detail.to_string(),
            undone: line.undone,
        },
        players,
        rounds,
        standings,
        after,
        codes,
        rows,
        legend,
        ev,
        c,
    })
}

async fn undo(State(st): State<AppState>, a: Arbiter, Path(id): Path<EventId>) -> Page {
    st.store.undo_last(&a.username, id)?;
    see(format!("/events/{id}/log"))
}
