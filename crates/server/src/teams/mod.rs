//! Chess team events in the web application. So far the JSON API under `/api/teams`
//! (`API.md`, "Team events"): events, teams and rosters (CSV import), pairing, lineups, board
//! results, match scores, standings and the TRF-2026 export. The arbiter's pages come next.
//!
//! Handlers are thin: the store pairs (Berger tables, the Swiss Team engine), keeps the boards
//! and ranks the teams with `tiebreak` on the model it builds.

mod api;
mod forms;

use axum::Router;

use crate::AppState;

/// Every team-event route of the JSON API (mounted under `/api`).
pub fn api_routes() -> Router<AppState> {
    api::routes()
}
