//! Teams of four in the web application (issue 24 §1): the director's pages (the events, an
//! event's teams, rounds, standings and cross table, a match's two rooms entered on a grid with
//! the board comparison, conflicts to settle), the public pages of an event marked public
//! (reloading themselves), and the JSON API under `/api/bridge/teams` (`API.md`).
//!
//! The store keeps the results and builds the engines' inputs; the `bridge` crate draws the
//! rounds and scores the matches; here they are only read into rows in the reader's language.

mod api;
mod pages;
pub(super) mod phone;
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
}
