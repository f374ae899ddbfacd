//! The public read-only pages of a session marked public: the ranking (reloading itself), the
//! travellers, the score cards and the hand records. No code, no token, no director's control.

use axum::extract::{Path, Query, State};
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use store::bridge::SessionId;

use super::pages::{results_page, PairQuery};
use crate::ctx::Ctx;
use crate::error::AppError;
use crate::AppState;

type Page = Result<Response, AppError>;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/public/bridge/{id}", get(ranking))
        .route("/public/bridge/{id}/travellers", get(travellers))
        .route("/public/bridge/{id}/cards", get(cards))
        .route("/public/bridge/{id}/hands", get(hands))
}

async fn ranking(State(st): State<AppState>, c: Ctx, Path(id): Path<SessionId>) -> Page {
    results_page(&st, c, id, "ranking", None, true)
}

async fn travellers(State(st): State<AppState>, c: Ctx, Path(id): Path<SessionId>) -> Page {
    results_page(&st, c, id, "travellers", None, true)
}

async fn hands(State(st): State<AppState>, c: Ctx, Path(id): Path<SessionId>) -> Page {
    results_page(&st, c, id, "hands", None, true)
}

async fn cards(
    State(st): State<AppState>,
    c: Ctx,
    Path(id): Path<SessionId>,
    Query(q): Query<PairQuery>,
) -> Page {
    results_page(&st, c, id, "cards", q.pair(), true)
}
