//! Chess team events in the web application: the arbiter's pages under `/teams` ([`pages`]:
//! events, teams and rosters, rounds with the result grid, match sheets, standings) and the JSON
//! API under `/api/teams` (`API.md`, "Team events": also lineups and the log).
//!
//! Handlers are thin: the store pairs (Berger tables, the Swiss Team engine), keeps the boards
//! and ranks the teams with `tiebreak` on the model it builds.

mod api;
mod forms;
mod pages;

use axum::Router;

use crate::AppState;

/// The arbiter's team-event pages.
pub fn routes() -> Router<AppState> {
    pages::routes()
}

/// Every team-event route of the JSON API (mounted under `/api`).
pub fn api_routes() -> Router<AppState> {
    api::routes()
}
