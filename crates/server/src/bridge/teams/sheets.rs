//! The score sheets of a teams match (the FFB's « feuille de marque »): one A4 page per room
//! and match, which the table fills in by hand — each board's number, dealer and
//! vulnerability printed; contract, declarer, lead, result and the scores left blank; the
//! teams' names by seat, lines for the players' names, and the captains' signatures.
//! Printed from a match's page (both rooms) or for every table of a round.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use store::bridge::{Room, TeamEventId, TeamFormat, TeamMatch, TeamResults};

use super::view::{event_view, room_label, table_label, EventView};
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::i18n::Tr;
use crate::page::html;
use crate::AppState;
use report::bridge as results;

/// A board's printed columns.
#[derive(Debug, Clone)]
pub struct SheetBoard {
    pub board: u32,
    pub dealer: String,
    pub vul: String,
}

/// One room's sheet of a match.
#[derive(Debug, Clone)]
pub struct Sheet {
    /// `{round}-{match}-{room}`, the sheet's id on the page.
    pub key: String,
    pub round: u32,
    pub number: u32,
    /// The room ("Open room"), or at Swiss pairs the table ("Table 2").
    pub room: String,
    /// Swiss pairs: one table a match, named by its table.
    pub pairs: bool,
    /// The team North-South and its players' names (for the seats' lines).
    pub ns_team: String,
    pub ns_players: String,
    pub ew_team: String,
    pub ew_players: String,
    pub boards: Vec<SheetBoard>,
}

#[derive(Template)]
#[template(path = "bridge/teams_sheets.html")]
struct SheetsPage {
    c: Ctx,
    e: EventView,
    sheets: Vec<Sheet>,
    back: String,
    style: &'static str,
}

fn players(r: &TeamResults, team: u32) -> String {
    r.teams
        .iter()
        .find(|t| t.number == team)
        .map(|t| {
            t.details
                .players
                .iter()
                .map(|p| p.name.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default()
}

/// Both rooms' sheets of a match (none for a bye): the home team sits North-South in the
/// open room, the visitors in the closed room. A Swiss pairs match is one table: one sheet.
fn match_sheets(tr: &Tr, r: &TeamResults, m: &TeamMatch) -> Vec<Sheet> {
    let Some(visit) = m.visit else {
        return Vec::new();
    };
    let boards: Vec<SheetBoard> = m
        .boards
        .iter()
        .map(|&b| SheetBoard {
            board: b,
            dealer: results::seat_letter(tr, bridge::board::dealer_of(b)),
            vul: results::vulnerability_text(tr, bridge::board::vulnerability_of(b)),
        })
        .collect();
    let format = r.event.settings.format;
    let pairs = format == TeamFormat::SwissPairs;
    [(Room::Open, m.home, visit), (Room::Closed, visit, m.home)]
        .into_iter()
        .filter(|(room, _, _)| format.rooms().contains(room))
        .map(|(room, ns, ew)| Sheet {
            key: format!("{}-{}-{}", m.round, m.number, room.code()),
            round: m.round,
            number: m.number,
            room: if pairs {
                table_label(tr, format, m.number, room)
            } else {
                room_label(tr, room)
            },
            pairs,
            ns_team: r.team_name(ns),
            ns_players: players(r, ns),
            ew_team: r.team_name(ew),
            ew_players: players(r, ew),
            boards: boards.clone(),
        })
        .collect()
}

fn page(c: Ctx, r: &TeamResults, sheets: Vec<Sheet>, back: String) -> Result<Response, AppError> {
    if sheets.is_empty() {
        return Err(AppError::NotFound);
    }
    html(&SheetsPage {
        e: event_view(&c.tr, &r.event),
        sheets,
        back,
        style: crate::bridge::STYLE,
        c,
    })
}

/// `/bridge/teams/{id}/matches/{round}/{match}/sheets`: the match's two sheets.
pub async fn match_sheets_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path((id, round, number)): Path<(TeamEventId, u32, u32)>,
) -> Result<Response, AppError> {
    let r = st.store.bridge_team_results(id)?;
    let m = r.outcome(round, number).ok_or(AppError::NotFound)?;
    let sheets = match_sheets(&c.tr, &r, &m.draw);
    page(
        c,
        &r,
        sheets,
        format!("/bridge/teams/{id}/matches/{round}/{number}"),
    )
}

/// `/bridge/teams/{id}/rounds/{round}/sheets`: every table's sheet of a round, match by match.
pub async fn round_sheets_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path((id, round)): Path<(TeamEventId, u32)>,
) -> Result<Response, AppError> {
    let r = st.store.bridge_team_results(id)?;
    let sheets = r
        .matches
        .iter()
        .filter(|m| m.draw.round == round)
        .flat_map(|m| match_sheets(&c.tr, &r, &m.draw))
        .collect();
    page(c, &r, sheets, format!("/bridge/teams/{id}#round-{round}"))
}
