//! The JSON API of teams events (`API.md`, "Bridge teams of four").

use axum::body::Bytes;
use axum::extract::{Path, State};
use serde::Deserialize;
use serde_json::json;
use store::bridge::{Room, TeamEventId};

use super::view::{match_json, results_json, EventForm, TeamBody};
use crate::bridge::forms::EntryForm;
use crate::ctx::Arbiter;
use crate::error::AppError;
use crate::json::{body, ok, one_or_many, ApiResult};
use crate::page::blocking;
use crate::AppState;

/// `kept` or `other`, as the conflict forms send it.
pub fn take_other(take: &str) -> Result<bool, AppError> {
    match take.trim() {
        "kept" => Ok(false),
        "other" => Ok(true),
        t => Err(AppError::invalid("take", "kept or other", format!("{t:?}"))),
    }
}

pub async fn list(State(st): State<AppState>, _a: Arbiter) -> ApiResult {
    ok(st.store.bridge_team_events()?)
}

pub async fn create(State(st): State<AppState>, a: Arbiter, bytes: Bytes) -> ApiResult {
    let f: EventForm = body(&bytes)?;
    let settings = f.new_settings()?;
    let store = st.store.clone();
    let id = blocking(move || store.create_bridge_team_event(&a.username, &settings)).await?;
    ok(st.store.bridge_team_event(id)?)
}

pub async fn show(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> ApiResult {
    let e = st.store.bridge_team_event(id)?;
    let teams = st.store.bridge_teams(id)?;
    ok(json!({"event": e, "teams": teams}))
}

pub async fn update(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<TeamEventId>,
    bytes: Bytes,
) -> ApiResult {
    let f: EventForm = body(&bytes)?;
    let settings = f.apply(st.store.bridge_team_event(id)?.settings)?;
    let store = st.store.clone();
    blocking(move || store.update_bridge_team_event(&a.username, id, &settings)).await?;
    ok(st.store.bridge_team_event(id)?)
}

/// The highest team number of the event (0 before its first team).
pub(super) fn last_team_number(st: &AppState, id: TeamEventId) -> Result<u32, AppError> {
    let teams = st.store.bridge_teams(id)?;
    Ok(teams.iter().map(|t| t.number).max().unwrap_or(0))
}

pub async fn set_team(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<TeamEventId>,
    bytes: Bytes,
) -> ApiResult {
    // One team or a list; a team without a number takes the next one.
    let list: Vec<TeamBody> = one_or_many(&bytes)?;
    let mut last = last_team_number(&st, id)?;
    let mut read = Vec::with_capacity(list.len());
    for t in &list {
        let (n, team) = t.read()?;
        let n = n.unwrap_or(last + 1);
        last = last.max(n);
        read.push((n, team));
    }
    let store = st.store.clone();
    blocking(move || {
        for (n, t) in &read {
            store.set_bridge_team(&a.username, id, *n, t)?;
        }
        Ok(())
    })
    .await?;
    ok(st.store.bridge_teams(id)?)
}

pub async fn draw(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> ApiResult {
    let store = st.store.clone();
    let round = blocking(move || store.draw_bridge_team_round(&a.username, id)).await?;
    let r = st.store.bridge_team_results(id)?;
    let matches: Vec<_> = r
        .matches
        .iter()
        .filter(|m| m.draw.round == round)
        .map(|m| json!({"match": m.draw.number, "home": m.draw.home, "visit": m.draw.visit, "boards": m.draw.boards}))
        .collect();
    ok(json!({"round": round, "matches": matches}))
}

pub async fn results(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> ApiResult {
    ok(results_json(&st.store.bridge_team_results(id)?))
}

pub async fn match_detail(
    State(st): State<AppState>,
    _a: Arbiter,
    Path((id, round, number)): Path<(TeamEventId, u32, u32)>,
) -> ApiResult {
    let r = st.store.bridge_team_results(id)?;
    let m = r.outcome(round, number).ok_or(AppError::NotFound)?;
    ok(match_json(m))
}

/// A room's result on a board: the entry's fields (as for a pairs line), the room and the
/// board; `device` for an entry made at the table; `shown` (an entry or `null`) for the
/// director's correction of what a page showed.
#[derive(Debug, Deserialize)]
pub struct EnterBody {
    pub room: String,
    pub board: u32,
    #[serde(flatten)]
    pub entry: EntryForm,
    pub device: Option<String>,
    #[serde(default, deserialize_with = "present")]
    pub shown: Option<Option<EntryForm>>,
}

/// `"shown": null` is "the page showed nothing", not "no `shown`".
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<EntryForm>>, D::Error> {
    Option::<EntryForm>::deserialize(d).map(Some)
}

pub async fn enter(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, round, number)): Path<(TeamEventId, u32, u32)>,
    bytes: Bytes,
) -> ApiResult {
    let b: EnterBody = body(&bytes)?;
    let room = Room::parse(b.room.trim())
        .ok_or_else(|| AppError::invalid("room", "open or closed", format!("{:?}", b.room)))?;
    let entry = b.entry.entry()?;
    let shown = match &b.shown {
        None => None,
        Some(None) => Some(None),
        Some(Some(f)) => Some(Some(f.entry()?)),
    };
    if shown.is_none() && b.device.as_deref().unwrap_or("").trim().is_empty() {
        return Err(AppError::invalid(
            "device",
            "the table's device, or shown (what the director's page showed)",
            "neither",
        ));
    }
    let device = b.device.clone().unwrap_or_default();
    let store = st.store.clone();
    let outcome = blocking(move || {
        store.enter_bridge_team_result(
            &a.username,
            id,
            (round, number, room, b.board),
            &entry,
            shown.as_ref().map(|s| s.as_ref()),
            &device,
        )
    })
    .await?;
    let r = st.store.bridge_team_results(id)?;
    let m = r.outcome(round, number).ok_or(AppError::NotFound)?;
    ok(json!({"outcome": outcome, "match": match_json(m)}))
}

pub async fn conflicts(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> ApiResult {
    ok(st.store.bridge_team_results(id)?.conflicts)
}

#[derive(Debug, Deserialize)]
pub struct ResolveBody {
    take: String,
}

pub async fn resolve(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, conflict)): Path<(TeamEventId, i64)>,
    bytes: Bytes,
) -> ApiResult {
    let b: ResolveBody = body(&bytes)?;
    let take = take_other(&b.take)?;
    let store = st.store.clone();
    blocking(move || store.resolve_bridge_team_conflict(&a.username, id, conflict, take)).await?;
    ok(results_json(&st.store.bridge_team_results(id)?))
}
