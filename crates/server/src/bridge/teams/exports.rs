//! A teams match's results as a PBN file (`bridge::teams_pbn`), for the director and, on a
//! public event, for everyone: `arbiter bridge teams MATCH.pbn` scores it again.

use axum::extract::{Path, State};
use axum::response::Response;
use bridge::teams_pbn::{write_match, MatchFile, RoomBoard};
use bridge::{Bid, Played};
use store::bridge::{Entry, RoomResult, TeamEventId};

use crate::ctx::Arbiter;
use crate::error::AppError;
use crate::AppState;

fn played(r: Option<&RoomResult>) -> Option<Played> {
    let e: &Entry = &r?.entry;
    match e.contract.parse::<Bid>().ok()? {
        Bid::Pass => Some(Played::PassedOut),
        Bid::Contract(c) => Played::new(c, e.declarer?, e.tricks?),
    }
}

fn pbn(
    st: &AppState,
    (id, round, number): (TeamEventId, u32, u32),
    director: bool,
) -> Result<Response, AppError> {
    let r = st.store.bridge_team_results(id)?;
    if !director && !r.event.settings.public {
        return Err(AppError::NotFound);
    }
    let m = r.outcome(round, number).ok_or(AppError::NotFound)?;
    let visit = m.draw.visit.ok_or(AppError::NotFound)?;
    let boards: Vec<RoomBoard> = m
        .boards
        .iter()
        .map(|b| RoomBoard {
            number: b.board,
            open: played(b.open.as_ref()),
            closed: played(b.closed.as_ref()),
        })
        .collect();
    let (home, visit) = (r.team_name(m.draw.home), r.team_name(visit));
    let text = write_match(&MatchFile {
        event: &r.event.settings.name,
        date: &r.event.settings.date,
        home: &home,
        visit: &visit,
        boards: &boards,
    });
    Ok(crate::page::attachment(
        "text/plain; charset=utf-8",
        &format!("teams-{id}-round-{round}-match-{number}.pbn"),
        text,
    ))
}

pub async fn match_pbn(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(key): Path<(TeamEventId, u32, u32)>,
) -> Result<Response, AppError> {
    pbn(&st, key, true)
}

pub async fn public_match_pbn(
    State(st): State<AppState>,
    Path(key): Path<(TeamEventId, u32, u32)>,
) -> Result<Response, AppError> {
    pbn(&st, key, false)
}

/// The whole event as one HTML file a club puts on its website: the standings, the cross
/// table, every round's matches and every match's board comparison, with links inside the
/// file (`#match-2-1`), the CSS inlined, no script, and nothing of the director's (no grid, no
/// conflict, no form).
#[derive(askama::Template)]
#[template(path = "bridge/teams_export.html")]
struct ExportPage {
    c: crate::ctx::Ctx,
    r: super::view::ResultsView,
    matches: Vec<super::view::MatchView>,
    css: &'static str,
    generated: String,
}

pub async fn event_html(
    State(st): State<AppState>,
    c: crate::ctx::Ctx,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> Result<Response, AppError> {
    let r = st.store.bridge_team_results(id)?;
    let view = super::view::results_view(&c.tr, &r, "");
    let matches = r
        .matches
        .iter()
        .filter(|m| m.draw.visit.is_some())
        .map(|m| super::view::match_view(&c.tr, &r, m))
        .collect();
    let page = ExportPage {
        r: view,
        matches,
        css: report::EXPORT_CSS,
        generated: c.tr.date(&store::now()),
        c,
    };
    use askama::Template as _;
    Ok(crate::page::attachment(
        "text/html; charset=utf-8",
        &format!("teams-{id}.html"),
        page.render()?,
    ))
}
