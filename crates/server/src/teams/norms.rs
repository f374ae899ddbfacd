//! FIDE title norms (B.01) in a team event: each player's games on their boards against the
//! other teams' players are that player's games, read by the same rules as an individual
//! event's (`rating::norms`). Each opponent counts for their own federation, not their team's
//! (1.4.3, 1.4.4); the event's federation hosts it and its exemption setting applies (1.4.3b's
//! national team championship: the players of the federation that registered it). A player's
//! opponents are never fixed in advance (the captains choose the lineups), so a norm may end
//! at any round (1.4.1e), as in a Swiss. A norm achieved has its title result certificate (IT1)
//! and the event its tournament report (IT3), the individual event's forms filled from the team
//! event.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::IntoResponse;
use rating::{NormSettings, PlayerNorms, RatingHistory};
use store::teams::{TeamEventId, TeamEventSettings};
use tournament::Tournament;

use super::pages::EventView;
use crate::chess::norms::{
    certificate, exemption_text, norms_json, page_lines, report, EventFacts, NormForms, NormLine,
};
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::Routes;
use crate::page::{html, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .get("/teams/{id}/norms", norms_page)
        .get("/teams/{id}/norms/report", report_page)
        .get("/teams/{id}/norms/{number}/{norm}", certificate_page)
}

pub fn api_routes() -> Routes {
    Routes::new().get("/teams/events/{id}/norms", norms_api)
}

/// A player's opponents are never fixed in advance: the captains choose the lineups.
const PREDETERMINED: bool = false;

/// What the team event tells the norm rules.
fn norm_settings(s: &TeamEventSettings) -> NormSettings {
    NormSettings {
        host_federation: (!s.federation.is_empty()).then(|| s.federation.clone()),
        exemption: s.norm_exemption.rule(),
        // 1.4.3d speaks of Swiss tournaments: a Swiss Team event's players are counted as
        // an open's, round by round.
        large_swiss: !s.system.is_round_robin(),
        predetermined: PREDETERMINED,
        rounds: Some(s.rounds),
    }
}

/// The event's players and their norms after the rounds whose results are all in.
fn compute(
    st: &AppState,
    id: TeamEventId,
) -> Result<(store::teams::TeamEvent, Tournament, u32, Vec<PlayerNorms>), AppError> {
    let e = st.store.team_event(id)?;
    let t = st.store.team_tournament(id)?;
    let round = t.recorded_rounds();
    let norms = rating::norms(
        &t,
        &norm_settings(&e.settings),
        &RatingHistory::default(),
        round,
    );
    Ok((e, t, round, norms))
}

#[derive(Template)]
#[template(path = "teams_norms.html")]
struct NormsPage {
    c: Ctx,
    ev: EventView,
    intro: String,
    exemption: String,
    lines: Vec<NormLine>,
    impossible: Vec<NormLine>,
}

async fn norms_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> Page {
    let (e, t, round, norms) = compute(&st, id)?;
    let base = format!("/teams/{id}/norms");
    let (lines, impossible) = page_lines(&c.tr, &t, &norms, Some(base.as_str()));
    html(&NormsPage {
        ev: EventView::new(&c, &e),
        intro: c.tr.targs(
            "teams-norms-intro",
            &[
                ("round", round.into()),
                ("rounds", e.settings.rounds.into()),
            ],
        ),
        exemption: exemption_text(&c.tr, e.settings.norm_exemption),
        lines,
        impossible,
        c,
    })
}

async fn norms_api(State(st): State<AppState>, _a: Arbiter, Path(id): Path<TeamEventId>) -> Page {
    let (e, t, round, norms) = compute(&st, id)?;
    Ok(axum::Json(norms_json(
        &t,
        &norms,
        round,
        e.settings.rounds,
        e.settings.norm_exemption,
    ))
    .into_response())
}

/// What the team event fills in of the title result certificate and the tournament report: it
/// has no deputy arbiters, and its players are every team's registered players.
fn forms<'a>(
    c: &Ctx,
    e: &store::teams::TeamEvent,
    t: &'a Tournament,
    round: u32,
    norms: &'a [PlayerNorms],
    history: &'a RatingHistory,
) -> NormForms<'a> {
    let s = &e.settings;
    NormForms {
        facts: EventFacts {
            name: s.name.to_string(),
            place: s.place.to_string(),
            federation: s.federation.clone(),
            start_date: s.start_date.clone(),
            end_date: s.end_date.clone(),
            system: EventView::new(c, e).system,
            players: t.players.len(),
            rounds: s.rounds,
            time_control: s.time_control.to_string(),
            chief_arbiter: s.chief_arbiter.to_string(),
            deputies: String::new(),
        },
        tournament: t,
        norms,
        round,
        history,
        predetermined: PREDETERMINED,
        exemption: s.norm_exemption,
        periods: Vec::new(),
    }
}

async fn certificate_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path((id, number, norm)): Path<(TeamEventId, u32, String)>,
) -> Page {
    let (e, t, round, norms) = compute(&st, id)?;
    let history = RatingHistory::default();
    let forms = forms(&c, &e, &t, round, &norms, &history);
    certificate(c, forms, number, &norm)
}

async fn report_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> Page {
    let (e, t, round, norms) = compute(&st, id)?;
    let history = RatingHistory::default();
    let forms = forms(&c, &e, &t, round, &norms, &history);
    report(c, forms)
}
