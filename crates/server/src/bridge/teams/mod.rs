//! Teams of four in the web application (issue 24 §1): the director's pages (the events, an
//! event's teams, rounds, standings and cross table, a match's two rooms entered on a grid with
//! the board comparison, conflicts to settle), the public pages of an event marked public
//! (reloading themselves), and the JSON API under `/api/bridge/teams` (`API.md`).
//!
//! The store keeps the results and builds the engines' inputs; the `bridge` crate draws the
//! rounds and scores the matches; here they are only read into rows in the reader's language.

mod api;
mod exports;
mod hands;
mod knockout;
mod pages;
pub(super) mod phone;
mod sheets;
mod view;

use axum::routing::{get, post};
use axum::Router;

use crate::AppState;

/// Every teams-of-four route, pages, public pages and API, in one block.
pub fn routes() -> Router<AppState> {
    let event = "/bridge/teams/{id}";
    let api = "/api/bridge/teams/{id}";
    Router::new()
        .route("/bridge/teams", get(pages::list).post(pages::create))
        .route(event, get(pages::event))
        .route(&format!("{event}/teams"), post(pages::set_team))
        .route(&format!("{event}/rounds"), post(pages::draw))
        .route(
            &format!("{event}/matches/{{round}}/{{match}}"),
            get(pages::match_page).post(pages::grid),
        )
        .merge(extra_routes(event))
        .route(
            &format!("{event}/conflicts/{{conflict}}"),
            post(pages::resolve),
        )
        .route("/public/bridge/teams/{id}", get(pages::public_event))
        .route(
            "/public/bridge/teams/{id}/matches/{round}/{match}",
            get(pages::public_match),
        )
        .route("/api/bridge/teams", get(api::list).post(api::create))
        .route(api, get(api::show).post(api::update))
        .route(&format!("{api}/teams"), post(api::set_team))
        .route(&format!("{api}/rounds"), post(api::draw))
        .route(&format!("{api}/results"), get(api::results))
        .route(
            &format!("{api}/matches/{{round}}/{{match}}"),
            get(api::match_detail).post(api::enter),
        )
        .route(&format!("{api}/conflicts"), get(api::conflicts))
        .route(&format!("{api}/conflicts/{{conflict}}"), post(api::resolve))
        .merge(phone::routes())
        .merge(hands::routes())
}

/// The score sheets, knock-out stages and exports (a match's PBN, the event's HTML and USEBIO), apart
/// from the routes above.
fn extra_routes(event: &str) -> Router<AppState> {
    Router::new()
        .route(
            &format!("{event}/matches/{{round}}/{{match}}/sheets"),
            get(sheets::match_sheets_page),
        )
        .route(
            &format!("{event}/rounds/{{round}}/sheets"),
            get(sheets::round_sheets_page),
        )
        .route(
            &format!("{event}/matches/{{round}}/{{match}}/export.pbn"),
            get(exports::match_pbn),
        )
        .route(
            "/public/bridge/teams/{id}/matches/{round}/{match}/export.pbn",
            get(exports::public_match_pbn),
        )
        .route(&format!("{event}/export.html"), get(exports::event_html))
        .route(&format!("{event}/export.xml"), get(exports::event_usebio))
        .route(
            "/api/bridge/teams/{id}/export.xml",
            get(exports::event_usebio),
        )
        .route(
            "/api/bridge/teams/{id}/export.html",
            get(exports::event_html),
        )
        .route(
            &format!("{event}/knockout"),
            get(knockout::director_page).post(knockout::form_create),
        )
        .route(
            &format!("{event}/knockout/rounds"),
            post(knockout::form_draw),
        )
        .route(
            &format!("{event}/knockout/{{round}}/{{match}}"),
            post(knockout::form_change),
        )
        .route(
            "/public/bridge/teams/{id}/knockout",
            get(knockout::public_page),
        )
        .route(
            "/api/bridge/teams/{id}/knockout",
            get(knockout::api_show).post(knockout::api_create),
        )
        .route(
            "/api/bridge/teams/{id}/knockout/rounds",
            post(knockout::api_draw),
        )
        .route(
            "/api/bridge/teams/{id}/knockout/{round}/{match}",
            post(knockout::api_change),
        )
}
