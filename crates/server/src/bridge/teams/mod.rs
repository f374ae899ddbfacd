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

use crate::guard::{Guard, Kind, Own, Routes};

/// Every teams-of-four route, pages, public pages and API, in one block.
pub fn routes() -> Routes {
    let event = "/bridge/teams/{id}";
    let api = "/api/bridge/teams/{id}";
    Routes::new()
        .get("/bridge/teams", pages::list)
        .post("/bridge/teams", Guard::Own(Own::Create), pages::create)
        .get(event, pages::event)
        .post(
            &format!("{event}/teams"),
            Guard::Whole(Kind::BridgeTeams),
            pages::set_team,
        )
        .post(
            &format!("{event}/rounds"),
            Guard::Whole(Kind::BridgeTeams),
            pages::draw,
        )
        .get(
            &format!("{event}/matches/{{round}}/{{match}}"),
            pages::match_page,
        )
        .post(
            &format!("{event}/matches/{{round}}/{{match}}"),
            Guard::Merge(Kind::BridgeTeams),
            pages::grid,
        )
        .merge(extra_routes(event))
        .post(
            &format!("{event}/conflicts/{{conflict}}"),
            Guard::Merge(Kind::BridgeTeams),
            pages::resolve,
        )
        .get("/public/bridge/teams/{id}", pages::public_event)
        .get(
            "/public/bridge/teams/{id}/matches/{round}/{match}",
            pages::public_match,
        )
        .get("/api/bridge/teams", api::list)
        .post("/api/bridge/teams", Guard::Own(Own::Create), api::create)
        .get(api, api::show)
        .post(api, Guard::Whole(Kind::BridgeTeams), api::update)
        .post(
            &format!("{api}/teams"),
            Guard::Whole(Kind::BridgeTeams),
            api::set_team,
        )
        .post(
            &format!("{api}/rounds"),
            Guard::Whole(Kind::BridgeTeams),
            api::draw,
        )
        .get(&format!("{api}/results"), api::results)
        .get(
            &format!("{api}/matches/{{round}}/{{match}}"),
            api::match_detail,
        )
        .post(
            &format!("{api}/matches/{{round}}/{{match}}"),
            Guard::Merge(Kind::BridgeTeams),
            api::enter,
        )
        .get(&format!("{api}/conflicts"), api::conflicts)
        .post(
            &format!("{api}/conflicts/{{conflict}}"),
            Guard::Merge(Kind::BridgeTeams),
            api::resolve,
        )
        .merge(phone::routes())
        .merge(hands::routes())
}

/// The score sheets, knock-out stages and exports (a match's PBN, the event's HTML and USEBIO), apart
/// from the routes above.
fn extra_routes(event: &str) -> Routes {
    Routes::new()
        .get(
            &format!("{event}/matches/{{round}}/{{match}}/sheets"),
            sheets::match_sheets_page,
        )
        .get(
            &format!("{event}/rounds/{{round}}/sheets"),
            sheets::round_sheets_page,
        )
        .get(
            &format!("{event}/matches/{{round}}/{{match}}/export.pbn"),
            exports::match_pbn,
        )
        .get(
            "/public/bridge/teams/{id}/matches/{round}/{match}/export.pbn",
            exports::public_match_pbn,
        )
        .get(&format!("{event}/export.html"), exports::event_html)
        .get(&format!("{event}/export.xml"), exports::event_usebio)
        .get(&format!("{event}/export.csv"), exports::event_csv)
        .get("/api/bridge/teams/{id}/export.xml", exports::event_usebio)
        .get("/api/bridge/teams/{id}/export.html", exports::event_html)
        .get(&format!("{event}/knockout"), knockout::director_page)
        .post(
            &format!("{event}/knockout"),
            Guard::Whole(Kind::BridgeTeams),
            knockout::form_create,
        )
        .post(
            &format!("{event}/knockout/rounds"),
            Guard::Whole(Kind::BridgeTeams),
            knockout::form_draw,
        )
        .post(
            &format!("{event}/knockout/{{round}}/{{match}}"),
            Guard::Whole(Kind::BridgeTeams),
            knockout::form_change,
        )
        .get("/public/bridge/teams/{id}/knockout", knockout::public_page)
        .get("/api/bridge/teams/{id}/knockout", knockout::api_show)
        .post(
            "/api/bridge/teams/{id}/knockout",
            Guard::Whole(Kind::BridgeTeams),
            knockout::api_create,
        )
        .post(
            "/api/bridge/teams/{id}/knockout/rounds",
            Guard::Whole(Kind::BridgeTeams),
            knockout::api_draw,
        )
        .post(
            "/api/bridge/teams/{id}/knockout/{round}/{match}",
            Guard::Whole(Kind::BridgeTeams),
            knockout::api_change,
        )
}
