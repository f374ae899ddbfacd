//! A round: pairing it, swapping players, taking the pairing back, the result grid, and the
//! confirmation of the players' reports.

use askama::Template;
use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Form, Router};
use serde::Deserialize;
use store::{EventId, PlayerKey, ResultCode};

use crate::chess::forms::{self, PairForm};
use crate::chess::views::{self, ByeView, EventView, GridBoard};
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::page::{blocking, html, see, Page};
use crate::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/events/{id}/pair", post(pair))
        .route("/events/{id}/rounds/{n}", get(round_page))
        .route("/events/{id}/rounds/{n}/unpair", post(unpair))
        .route("/events/{id}/rounds/{n}/swap", post(swap))
        .route("/events/{id}/rounds/{n}/results", post(results))
        .route("/events/{id}/rounds/{n}/confirm", post(confirm))
}

#[derive(Template)]
#[template(path = "round.html")]
struct RoundPage {
    c: Ctx,
    ev: EventView,
    n: u32,
    paired: bool,
    can_pair: bool,
    closed: bool,
    boards: Vec<GridBoard>,
    byes: Vec<ByeView>,
    seats: Vec<(PlayerKey, String)>,
    missing: usize,
    reported: usize,
    notices: Vec<String>,
    rounds: Vec<u32>,
    show_codes: bool,
}

fn round_page_data(st: &AppState, c: Ctx, id: EventId, n: u32, notices: Vec<String>) -> Page {
    let (e, ev) = views::event_view(st, &c, id)?;
    let rounds: Vec<u32> = (1..=e.paired_rounds.max(e.settings.rounds)).collect();
    if n == 0 || n > e.paired_rounds {
        if n == 0 || n > e.paired_rounds + 1 {
            return Err(AppError::NotFound);
        }
        return html(&RoundPage {
            c,
            ev,
            n,
            paired: false,
            can_pair: true,
            closed: false,
            boards: Vec::new(),
            byes: Vec::new(),
            seats: Vec::new(),
            missing: 0,
            reported: 0,
            notices,
            rounds,
            show_codes: false,
        });
    }
    let round = st.store.round(id, n)?;
    let (boards, byes) = views::boards(&st.store, &c.tr, &e, &round)?;
    let has_result = round
        .games
        .iter()
        .any(|g| g.black.is_some() && g.result.is_some());
    let mut seats: Vec<(PlayerKey, String)> = boards
        .iter()
        .map(|b| &b.line)
        .flat_map(|b| {
            let mut v = vec![(
                b.white.id,
                format!("{}. {} ({})", b.board, b.white.name, b.white.number),
            )];
            if let Some(black) = &b.black {
                v.push((
                    black.id,
                    format!("{}. {} ({})", b.board, black.name, black.number),
                ));
            }
            v
        })
        .collect();
    seats.sort_by(|a, b| a.1.cmp(&b.1));
    html(&RoundPage {
        missing: round.missing_results(),
        reported: round.games.iter().filter(|g| g.reported.is_some()).count(),
        closed: has_result || e.paired_rounds > n,
        paired: true,
        can_pair: false,
        boards,
        byes,
        seats,
        notices,
        rounds,
        show_codes: true,
        c,
        ev,
        n,
    })
}

async fn round_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
) -> Page {
    round_page_data(&st, c, id, n, Vec::new())
}

#[derive(Debug, Deserialize)]
struct RoundForm {
    round: Option<serde_json::Value>,
}

async fn pair(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    Form(f): Form<RoundForm>,
) -> Page {
    let n: u32 = crate::forms::required_number("round", &f.round, "the round to pair")?;
    let store = st.store.clone();
    blocking(move || store.pair_round(&a.username, id, n)).await?;
    see(format!("/events/{id}/rounds/{n}"))
}

async fn unpair(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
) -> Page {
    st.store.unpair_round(&a.username, id, n)?;
    see(format!("/events/{id}/rounds/{n}"))
}

async fn swap(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
    Form(f): Form<PairForm>,
) -> Page {
    let (x, y) = f.keys()?;
    let objections = st.store.swap_players(&a.username, id, n, x, y)?;
    let mut notices = vec![c.t("swap-done")];
    if objections.is_empty() {
        notices.push(c.t("swap-no-objection"));
    } else {
        notices.push(c.t("swap-objections"));
        notices.extend(objections.iter().map(|o| views::objection_text(&c.tr, o)));
    }
    round_page_data(&st, c, id, n, notices)
}

/// The grid's inputs `r{board}` as (board, result); an empty input clears the board.
pub(crate) fn grid(
    fields: &[(String, String)],
) -> Result<Vec<(u32, Option<ResultCode>)>, AppError> {
    let mut out = Vec::new();
    for (k, v) in fields {
        let Some(board) = k.strip_prefix('r').and_then(|b| b.parse::<u32>().ok()) else {
            continue;
        };
        out.push((board, forms::result(k, v)?));
    }
    out.sort_by_key(|x| x.0);
    Ok(out)
}

async fn results(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
    Form(f): Form<Vec<(String, String)>>,
) -> Page {
    let entries = grid(&f)?;
    let round = st.store.round(id, n)?;
    // Only what changed is written (an unchanged grid writes nothing, nor logs).
    let changed: Vec<(u32, Option<ResultCode>)> = entries
        .into_iter()
        .filter(|(board, r)| {
            round
                .games
                .iter()
                .any(|g| g.board == *board && g.black.is_some() && g.result != *r)
        })
        .collect();
    if !changed.is_empty() {
        st.store.set_results(&a.username, id, n, &changed)?;
    }
    see(format!("/events/{id}/rounds/{n}"))
}

async fn confirm(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
) -> Page {
    st.store.confirm_reported(&a.username, id, n)?;
    see(format!("/events/{id}/rounds/{n}"))
}
