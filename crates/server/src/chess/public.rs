//! The event's public page for the hall's projector and the players' phones (no login).

use askama::Template;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{Html, IntoResponse};
use axum::routing::get;
use axum::Router;
use store::EventId;

use crate::chess::views::{self, BoardView, ByeView, EventView, StandingView};
use crate::ctx::Ctx;
use crate::error::AppError;
use crate::page::Page;
use crate::AppState;

pub fn routes() -> Router<AppState> {
    Router::new().route("/public/{id}", get(public_page))
}

#[derive(Template)]
#[template(path = "public.html")]
struct PublicPage {
    c: Ctx,
    ev: EventView,
    round: u32,
    boards: Vec<BoardView>,
    byes: Vec<ByeView>,
    codes: Vec<String>,
    rows: Vec<StandingView>,
    after: u32,
}

async fn public_page(State(st): State<AppState>, c: Ctx, Path(id): Path<EventId>) -> Page {
    // Anonymous visitors all see the same page (no session, no token in it): reuse it while
    // the event has not changed.
    let anonymous = c.user.is_none();
    let key = (id, c.tr.code());
    let version = st.store.event_version(id)?;
    if anonymous {
        let cached = st
            .public_pages
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
            .cloned();
        if let Some((v, page)) = cached {
            if v == version {
                return Ok(([(header::CACHE_CONTROL, "no-store")], Html(page)).into_response());
            }
        }
    }
    let e = st.store.event(id)?;
    if !e.settings.public {
        return Err(AppError::NotFound);
    }
    let ev = EventView::new(&e, &c.tr);
    let (boards, byes) = if e.paired_rounds > 0 {
        let round = st.store.round(id, e.paired_rounds)?;
        let list = views::round_view(&st.store, &c.tr, &e, &round)?;
        (list.boards, list.byes)
    } else {
        (Vec::new(), Vec::new())
    };
    let s = st.store.standings(id, None)?;
    let page = PublicPage {
        round: e.paired_rounds,
        boards,
        byes,
        rows: views::standings_rows(&c.tr, &s),
        after: s.after_round,
        codes: s.tiebreak_codes,
        ev,
        c,
    }
    .render()?;
    if anonymous {
        st.public_pages
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key, (version, page.clone()));
    }
    Ok(([(header::CACHE_CONTROL, "no-store")], Html(page)).into_response())
}
