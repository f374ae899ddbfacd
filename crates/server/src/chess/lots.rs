//! The drawing of lots (`LOT`, the last tie-break): the arbiter draws once from the standings
//! page or the API; the lots are kept and logged, never drawn again on a page view.

use axum::extract::{Path, State};
use serde_json::json;
use store::EventId;

use crate::ctx::Arbiter;
use crate::guard::{Guard, Kind, Routes};
use crate::json::{ok, ApiResult};
use crate::page::{see, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new().post("/events/{id}/lots", Guard::Whole(Kind::Event), draw)
}

pub fn api_routes() -> Routes {
    Routes::new()
        .post("/events/{id}/lots", Guard::Whole(Kind::Event), api_draw)
        .get("/events/{id}/lots", api_lots)
}

async fn draw(State(st): State<AppState>, a: Arbiter, Path(id): Path<EventId>) -> Page {
    st.store.draw_lots(&a.username, id)?;
    see(format!("/events/{id}/standings"))
}

fn lots_json(st: &AppState, id: EventId, lots: &[(store::PlayerKey, u32)]) -> ApiResult {
    let number: std::collections::HashMap<_, _> = st
        .store
        .players(id)?
        .into_iter()
        .map(|p| (p.id, p.number))
        .collect();
    let list: Vec<_> = lots
        .iter()
        .map(|(k, l)| json!({ "player": k, "number": number.get(k), "lot": l }))
        .collect();
    ok(json!({ "lots": list }))
}

/// `{"lots": [{"player", "number", "lot"}]}`, lot order.
async fn api_lots(State(st): State<AppState>, _a: Arbiter, Path(id): Path<EventId>) -> ApiResult {
    let lots = st.store.lots(id)?;
    lots_json(&st, id, &lots)
}

/// Draws lots for the players who have none (everyone the first time); the lots drawn stay.
async fn api_draw(State(st): State<AppState>, a: Arbiter, Path(id): Path<EventId>) -> ApiResult {
    let lots = st.store.draw_lots(&a.username, id)?;
    lots_json(&st, id, &lots)
}
