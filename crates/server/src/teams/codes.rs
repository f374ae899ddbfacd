//! The captains' codes page (`/teams/{id}/codes`): the event's setting (a code per match, or one
//! code per team for the whole event), and with codes per team the sheet the arbiter prints on
//! A4 and cuts, one code per team, each renewed on its own when a captain lost it.

use std::collections::HashMap;

use askama::Template;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::Form;
use serde::Deserialize;
use serde_json::json;
use store::teams::{CaptainCodes, TeamEventId, TeamKey};

use super::pages::EventView;
use crate::ctx::{Arbiter, Ctx};
use crate::edits;
use crate::error::AppError;
use crate::guard::{Guard, Kind, Routes};
use crate::json::{body, ok, ApiResult};
use crate::page::{blocking, html, see, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .get("/teams/{id}/codes", codes_page)
        .post("/teams/{id}/codes", Guard::Merge(Kind::Teams), save_kind)
        .post("/teams/{id}/codes/renew", Guard::Merge(Kind::Teams), renew)
}

/// The API's: `GET` the kind and (per team) every team's code; `POST` the kind
/// (`{"captain_codes": "team"}`); `POST …/renew` a team's new code (`{"team": 12}`).
pub fn api_routes() -> Routes {
    let e = "/teams/events/{id}/captain-codes";
    Routes::new()
        .get(e, api_codes)
        .post(e, Guard::Merge(Kind::Teams), api_kind)
        .post(&format!("{e}/renew"), Guard::Merge(Kind::Teams), api_renew)
}

/// One team's card on the printed sheet.
struct CodeCard {
    team: TeamKey,
    name: String,
    captain: String,
    code: String,
    /// Just renewed: the card says so.
    renewed: bool,
}

#[derive(Template)]
#[template(path = "teams_codes.html")]
struct CodesPage {
    c: Ctx,
    ev: EventView,
    version: i64,
    /// `(value, label, chosen)` for the setting's list.
    kinds: Vec<(&'static str, String, bool)>,
    per_team: bool,
    cards: Vec<CodeCard>,
}

fn kind_from(v: Option<&str>) -> Result<CaptainCodes, AppError> {
    let v = v.unwrap_or_default();
    CaptainCodes::parse(v).ok_or_else(|| AppError::invalid("captain_codes", "match or team", v))
}

async fn codes_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
    axum::extract::Query(q): axum::extract::Query<HashMap<String, String>>,
) -> Page {
    let e = st.store.team_event(id)?;
    let store = st.store.clone();
    let list = blocking(move || store.team_captain_codes(id)).await?;
    let teams = st.store.teams(id)?;
    let renewed: Option<TeamKey> = q.get("renewed").and_then(|t| t.parse().ok());
    let version = st.store.team_event_version(id)?;
    let cards = list
        .codes
        .iter()
        .filter_map(|k| {
            let t = teams.iter().find(|t| t.id == k.team)?;
            Some(CodeCard {
                team: k.team,
                name: t.details.name.to_string(),
                captain: t.details.captain.to_string(),
                code: k.code.clone(),
                renewed: renewed == Some(k.team),
            })
        })
        .collect();
    let kinds = [
        (CaptainCodes::Match, "teams-codes-per-match"),
        (CaptainCodes::Team, "teams-codes-per-team"),
    ]
    .into_iter()
    .map(|(k, key)| (k.as_str(), c.t(key), k == list.kind))
    .collect();
    html(&CodesPage {
        ev: EventView::new(&c, &e),
        version,
        kinds,
        per_team: list.kind == CaptainCodes::Team,
        cards,
        c,
    })
}

async fn save_kind(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<TeamEventId>,
    Form(f): Form<HashMap<String, String>>,
) -> Page {
    let seen = edits::from_form(f.get("version").map(String::as_str))?;
    let kind = kind_from(f.get("captain_codes").map(String::as_str))?;
    let store = st.store.clone();
    blocking(move || store.set_team_captain_codes(&a.username, id, kind, seen)).await?;
    see(format!("/teams/{id}/codes"))
}

async fn renew(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<TeamEventId>,
    Form(f): Form<HashMap<String, String>>,
) -> Page {
    let seen = edits::from_form(f.get("version").map(String::as_str))?;
    let text = f.get("team").map(String::as_str).unwrap_or_default();
    let team: TeamKey = text
        .trim()
        .parse()
        .map_err(|_| AppError::invalid("team", "a team of the event", text))?;
    let store = st.store.clone();
    blocking(move || store.renew_team_captain_code(&a.username, id, team, seen)).await?;
    see(format!("/teams/{id}/codes?renewed={team}#code-{team}"))
}

async fn api_codes(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> ApiResult {
    let store = st.store.clone();
    let list = blocking(move || store.team_captain_codes(id)).await?;
    let version = st.store.team_event_version(id)?;
    Ok(edits::with_version(ok(json!(list))?, version))
}

#[derive(Debug, Deserialize)]
struct KindBody {
    captain_codes: String,
    #[serde(default)]
    version: Option<serde_json::Value>,
}

async fn api_kind(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path(id): Path<TeamEventId>,
    bytes: Bytes,
) -> ApiResult {
    let b: KindBody = body(&bytes)?;
    let seen = edits::from_request(&headers, &b.version)?;
    let kind = kind_from(Some(&b.captain_codes))?;
    let store = st.store.clone();
    let list = blocking(move || {
        store.set_team_captain_codes(&a.username, id, kind, seen)?;
        store.team_captain_codes(id)
    })
    .await?;
    let version = st.store.team_event_version(id)?;
    Ok(edits::with_version(ok(json!(list))?, version))
}

#[derive(Debug, Deserialize)]
struct RenewBody {
    team: TeamKey,
    #[serde(default)]
    version: Option<serde_json::Value>,
}

async fn api_renew(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path(id): Path<TeamEventId>,
    bytes: Bytes,
) -> ApiResult {
    let b: RenewBody = body(&bytes)?;
    let seen = edits::from_request(&headers, &b.version)?;
    let team = b.team;
    let store = st.store.clone();
    let code = blocking(move || store.renew_team_captain_code(&a.username, id, team, seen)).await?;
    let version = st.store.team_event_version(id)?;
    Ok(edits::with_version(
        ok(json!({ "team": team, "code": code }))?,
        version,
    ))
}
