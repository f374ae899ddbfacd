//! Chess team events in the web application: the arbiter's pages under `/teams` ([`pages`]:
//! events, teams and rosters, rounds with the result grid, lineups and forfeits, match sheets,
//! standings), a team's page with its roster edited player by player ([`roster`]), the
//! captains' phone page ([`captain`]: lineups and reports with a match code),
//! the captains' codes page ([`codes`]: a code per match or per team, printed and renewed),
//! the public pages ([`public`]: rounds, standings, the crosstable), the static HTML export
//! ([`export`]: the whole event as one file for a club's website), the players' title norms
//! ([`norms`]), a knock-out cup's bracket, settings and tie-break matches ([`cup`]), and the
//! JSON API under `/api/teams` (`API.md`, "Team events": also lineups and the log).
//!
//! Handlers are thin: the store pairs (Berger tables, the Swiss Team engine), keeps the boards
//! and ranks the teams with `tiebreak` on the model it builds.

mod api;
mod captain;
mod chess_results;
mod codes;
mod cup;
mod export;
mod forms;
mod norms;
mod pages;
mod public;
mod roster;

use crate::guard::Routes;

/// The arbiter's team-event pages, the captains' phone page and the public pages.
pub fn routes() -> Routes {
    pages::routes()
        .merge(captain::routes())
        .merge(codes::routes())
        .merge(public::routes())
        .merge(export::routes())
        .merge(norms::routes())
        .merge(cup::routes())
        .merge(chess_results::routes())
        .merge(roster::routes())
}

/// Every team-event route of the JSON API (mounted under `/api`).
pub fn api_routes() -> Routes {
    api::routes()
        .merge(export::api_routes())
        .merge(norms::api_routes())
        .merge(cup::api_routes())
        .merge(codes::api_routes())
        .merge(roster::api_routes())
}
