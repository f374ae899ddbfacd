//! The public read-only pages of a session marked public: the ranking (reloading itself), the
//! travellers, the score cards and the hand records. No code, no token, no director's control.

use axum::extract::{Path, Query, State};
use axum::response::Response;
use store::bridge::SessionId;

use super::pages::{results_page, PairQuery};
use crate::ctx::Ctx;
use crate::error::AppError;
use crate::guard::Routes;
use crate::AppState;

type Page = Result<Response, AppError>;

pub fn routes() -> Routes {
    Routes::new()
        .get("/public/bridge/{id}", ranking)
        .get("/public/bridge/{id}/travellers", travellers)
        .get("/public/bridge/{id}/cards", cards)
        .get("/public/bridge/{id}/hands", hands)
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
