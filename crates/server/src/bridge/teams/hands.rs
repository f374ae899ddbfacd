//! A teams event's hand records (issue 24 §2): the director uploads the PBN of the boards both
//! rooms play; each deal is solved double dummy once, by the server's solver, and the page (the
//! director's, and the public one of a public event) shows every deal with its tricks table,
//! makeable contracts and par, printable as the FFB's « levées possibles ». The match
//! comparison links each board to its deal here.

use askama::Template;
use axum::body::Bytes;
use axum::extract::{Multipart, Path, Query, State};
use serde::Deserialize;
use serde_json::json;
use store::bridge::{DealsOf, TeamEvent, TeamEventId};

use crate::bridge::api::FileBody;
use crate::bridge::pages::uploaded;
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::{Guard, Kind, Routes};
use crate::json::{body, ok, ApiResult};
use crate::limit::MAX_BODY;
use crate::page::{blocking, html, see, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .get("/bridge/teams/{id}/hands", director_page)
        .post_limited(
            "/bridge/teams/{id}/deals",
            Guard::Whole(Kind::BridgeTeams),
            MAX_BODY,
            upload,
        )
        .get("/public/bridge/teams/{id}/hands", public_page)
        .get("/api/bridge/teams/{id}/deals", api_hands)
        .post_limited(
            "/api/bridge/teams/{id}/deals",
            Guard::Whole(Kind::BridgeTeams),
            MAX_BODY,
            api_upload,
        )
}

/// The event, refused to the public unless it is public.
fn event(st: &AppState, id: TeamEventId, public: bool) -> Result<TeamEvent, AppError> {
    let e = st.store.bridge_team_event(id)?;
    if public && !e.settings.public {
        return Err(AppError::NotFound);
    }
    Ok(e)
}

/// Which deals a page may show: the director's every one, a public page only those every room
/// has played ([`store::bridge::TeamResults::boards_played`]).
pub(super) fn shown_boards(
    st: &AppState,
    id: TeamEventId,
    director: bool,
) -> Result<impl Fn(u32) -> bool, AppError> {
    let played = if director {
        None
    } else {
        Some(st.store.bridge_team_results(id)?.boards_played())
    };
    Ok(move |board| played.as_ref().is_none_or(|p| p.contains(&board)))
}

#[derive(Template)]
#[template(path = "bridge/teams_hands.html")]
struct HandsPage {
    c: Ctx,
    e: super::view::EventView,
    base: String,
    director: bool,
    /// After an upload: how many deals were kept.
    notice: String,
    /// On the public page, how many deals wait until every room has played them.
    held_back: usize,
    /// While the solver has deals of the event left (the page shows what is solved and
    /// reloads itself).
    analysing: Option<crate::bridge::solver::Analysing>,
    hand_records: Vec<report::bridge::TravBoard>,
    style: &'static str,
    /// The version its forms carry, read before the data it shows.
    version: i64,
}

#[derive(Debug, Deserialize)]
struct HandsQuery {
    deals: Option<usize>,
}

async fn page(
    st: &AppState,
    c: Ctx,
    id: TeamEventId,
    director: bool,
    uploaded: Option<usize>,
) -> Page {
    let version = st.store.version(store::Scope::BridgeTeams(id))?.0;
    let e = event(st, id, !director)?;
    let analysing = crate::bridge::solver::notice(st, &c.tr, DealsOf::Teams(id))?;
    let records = st.store.team_hand_records(id)?;
    let shown = shown_boards(st, id, director)?;
    let held_back = records.iter().filter(|h| !shown(h.board)).count();
    let hand_records = records
        .iter()
        .filter(|h| shown(h.board))
        .map(|h| {
            let a = h.analysis.as_ref().map(|a| (&a.tricks, &a.par));
            report::bridge::hand_record(&c.tr, h.board, &h.deal, a)
        })
        .collect();
    let base = if director {
        format!("/bridge/teams/{id}")
    } else {
        format!("/public/bridge/teams/{id}")
    };
    html(&HandsPage {
        version,
        e: super::view::event_view(&c.tr, &e),
        notice: uploaded.map_or_else(String::new, |n| c.t1("bridge-deals-loaded", "count", n)),
        base,
        director,
        held_back,
        analysing,
        hand_records,
        style: crate::bridge::STYLE,
        c,
    })
}

async fn director_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
    Query(q): Query<HandsQuery>,
) -> Page {
    page(&st, c, id, true, q.deals).await
}

async fn public_page(State(st): State<AppState>, c: Ctx, Path(id): Path<TeamEventId>) -> Page {
    page(&st, c, id, false, None).await
}

async fn upload(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<TeamEventId>,
    form: Multipart,
) -> Page {
    let (name, text) = uploaded(form).await?;
    let store = st.store.clone();
    let n = blocking(move || store.set_team_deals_pbn(&a.username, id, &text, &name)).await?;
    st.solver.ask(DealsOf::Teams(id));
    see(format!("/bridge/teams/{id}/hands?deals={n}"))
}

async fn api_hands(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> ApiResult {
    let records = st.store.team_hand_records(id)?;
    crate::bridge::solver::api_answer(&st, DealsOf::Teams(id), &records)
}

async fn api_upload(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<TeamEventId>,
    bytes: Bytes,
) -> ApiResult {
    let f: FileBody = body(&bytes)?;
    let (data, file) = f.named("deals.pbn");
    let store = st.store.clone();
    let n = blocking(move || store.set_team_deals_pbn(&a.username, id, &data, &file)).await?;
    st.solver.ask(DealsOf::Teams(id));
    ok(json!({ "deals": n }))
}
