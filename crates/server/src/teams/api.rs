//! The team-event part of the JSON API (`API.md`, "Team events"). Every route needs the login
//! session; a POST also needs its CSRF token in `X-CSRF-Token` (checked by [`crate::context`]).
//! Writes that edit what a page showed (lineups, results) take the version it was built at
//! (`If-Match` or the body's `version`) and answer with the version after them (`ETag`).

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap};
use axum::response::IntoResponse;
use serde_json::json;
use store::teams::rounds::{BoardResult, Lineup};
use store::teams::{TeamEventId, TeamKey};
use store::ResultCode;

use super::forms::{
    match_forfeit, rosters, team_file, EventBody, ForfeitBody, ImportBody, LineupBody, MemberBody,
    ResultsBody, TeamBody, VersionBody,
};
use crate::ctx::Arbiter;
use crate::edits;
use crate::error::AppError;
use crate::guard::{Guard, Kind, Own, Routes};
use crate::json::{body, ok, ApiResult};
use crate::page::blocking;
use crate::AppState;

pub fn routes() -> Routes {
    let e = "/teams/events/{id}";
    Routes::new()
        .get("/teams/events", events)
        .post("/teams/events", Guard::Own(Own::Create), create)
        .post(
            "/teams/events/import",
            Guard::Own(Own::Create),
            create_from_trf,
        )
        .get(e, event)
        .post(
            &format!("{e}/settings"),
            Guard::Merge(Kind::Teams),
            update_settings,
        )
        .get(&format!("{e}/teams"), teams)
        .post(&format!("{e}/teams"), Guard::Whole(Kind::Teams), add_team)
        .post(
            &format!("{e}/teams/import"),
            Guard::Whole(Kind::Teams),
            import,
        )
        .post(
            &format!("{e}/teams/{{team}}/members"),
            Guard::Whole(Kind::Teams),
            add_member,
        )
        .post(&format!("{e}/rounds"), Guard::Whole(Kind::Teams), pair)
        .post(
            &format!("{e}/rounds/last/unpair"),
            Guard::Whole(Kind::Teams),
            unpair,
        )
        .post(
            &format!("{e}/rounds/{{round}}/repair"),
            Guard::Whole(Kind::Teams),
            repair,
        )
        .get(&format!("{e}/stale"), stale)
        .get(&format!("{e}/rounds/{{round}}"), round)
        .post(
            &format!("{e}/rounds/{{round}}/lineups"),
            Guard::Merge(Kind::Teams),
            lineup,
        )
        .post(
            &format!("{e}/rounds/{{round}}/results"),
            Guard::Merge(Kind::Teams),
            results,
        )
        .post(
            &format!("{e}/rounds/{{round}}/reports/confirm"),
            Guard::Merge(Kind::Teams),
            confirm_reports,
        )
        .post(
            &format!("{e}/rounds/{{round}}/matches/{{number}}/forfeit"),
            Guard::Merge(Kind::Teams),
            forfeit,
        )
        .post(
            &format!("{e}/rounds/{{round}}/matches/{{number}}/colours"),
            Guard::Merge(Kind::Teams),
            swap_colours,
        )
        .get(&format!("{e}/standings"), standings)
        .get(&format!("{e}/boards"), board_prizes)
        .get(&format!("{e}/export.trf"), export_trf)
        .get(&format!("{e}/log"), log)
}

/// A write's answer with the event's version after it (`ETag`).
fn at_version(st: &AppState, id: TeamEventId, data: serde_json::Value) -> ApiResult {
    let version = st.store.team_event_version(id)?;
    Ok(edits::with_version(ok(data)?, version))
}

async fn events(State(st): State<AppState>, _a: Arbiter) -> ApiResult {
    ok(st.store.team_events()?)
}

async fn create(State(st): State<AppState>, a: Arbiter, bytes: Bytes) -> ApiResult {
    let f: EventBody = body(&bytes)?;
    let settings = f.settings()?;
    let store = st.store.clone();
    let id = blocking(move || store.create_team_event(&a.username, &settings)).await?;
    at_version(&st, id, json!(st.store.team_event(id)?))
}

async fn event(State(st): State<AppState>, _a: Arbiter, Path(id): Path<TeamEventId>) -> ApiResult {
    ok(st.store.team_event(id)?)
}

async fn teams(State(st): State<AppState>, _a: Arbiter, Path(id): Path<TeamEventId>) -> ApiResult {
    ok(st.store.teams(id)?)
}

async fn add_team(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<TeamEventId>,
    bytes: Bytes,
) -> ApiResult {
    let team = body::<TeamBody>(&bytes)?.team()?;
    let store = st.store.clone();
    let key = blocking(move || store.add_team(&a.username, id, &team)).await?;
    at_version(&st, id, json!({ "id": key }))
}

async fn add_member(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, team)): Path<(TeamEventId, TeamKey)>,
    bytes: Bytes,
) -> ApiResult {
    let member = body::<MemberBody>(&bytes)?.member()?;
    let store = st.store.clone();
    let key = blocking(move || store.add_member(&a.username, id, team, &member)).await?;
    at_version(&st, id, json!({ "id": key }))
}

async fn import(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<TeamEventId>,
    bytes: Bytes,
) -> ApiResult {
    let b: ImportBody = body(&bytes)?;
    let list = rosters(&b.data)?;
    let players: usize = list.iter().map(|t| t.members.len()).sum();
    let store = st.store.clone();
    let ids = blocking(move || store.import_teams(&a.username, id, &list)).await?;
    at_version(&st, id, json!({ "teams": ids.len(), "players": players }))
}

/// A new event from a TRF-2026 team file: its settings, teams and rosters, and the rounds the
/// file has played (`rounds_in_file`), from which the event continues.
async fn create_from_trf(State(st): State<AppState>, a: Arbiter, bytes: Bytes) -> ApiResult {
    let b: ImportBody = body(&bytes)?;
    let file = team_file(&b.data)?;
    let players: usize = file.teams.iter().map(|t| t.members.len()).sum();
    let rounds_in_file = file.rounds_played;
    let store = st.store.clone();
    let (id, keys) =
        blocking(move || store.create_team_event_from_file(&a.username, &file)).await?;
    at_version(
        &st,
        id,
        json!({
            "event": st.store.team_event(id)?,
            "teams": keys.len(),
            "players": players,
            "rounds_in_file": rounds_in_file,
        }),
    )
}

/// The event's settings changed (`version` as for the other forms).
async fn update_settings(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path(id): Path<TeamEventId>,
    bytes: Bytes,
) -> ApiResult {
    let b: EventBody = body(&bytes)?;
    let seen = edits::from_request(&headers, &b.version)?;
    let settings = b.settings()?;
    let store = st.store.clone();
    blocking(move || store.update_team_event(&a.username, id, &settings, seen)).await?;
    at_version(&st, id, json!(st.store.team_event(id)?))
}

async fn pair(State(st): State<AppState>, a: Arbiter, Path(id): Path<TeamEventId>) -> ApiResult {
    let store = st.store.clone();
    let round = blocking(move || store.pair_team_round(&a.username, id)).await?;
    at_version(&st, id, json!(round))
}

async fn unpair(State(st): State<AppState>, a: Arbiter, Path(id): Path<TeamEventId>) -> ApiResult {
    let store = st.store.clone();
    let round = blocking(move || store.unpair_last_team_round(&a.username, id)).await?;
    at_version(&st, id, json!({ "unpaired": round }))
}

/// Pairs the last round again on today's results (a board of an earlier round was corrected
/// after it was paired): refused once one of its boards has a result.
async fn repair(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path((id, round)): Path<(TeamEventId, u32)>,
    bytes: Bytes,
) -> ApiResult {
    let b: VersionBody = body(&bytes)?;
    let seen = edits::from_request(&headers, &b.version)?;
    let store = st.store.clone();
    let r = blocking(move || store.repair_team_round(&a.username, id, round, seen)).await?;
    at_version(&st, id, json!(r))
}

/// The Swiss Team pairings made before a correction of an earlier round.
async fn stale(State(st): State<AppState>, _a: Arbiter, Path(id): Path<TeamEventId>) -> ApiResult {
    ok(st.store.stale_team_pairings(id)?)
}

/// A round's matches, each with its boards and its points so far.
async fn round(
    State(st): State<AppState>,
    _a: Arbiter,
    Path((id, round)): Path<(TeamEventId, u32)>,
) -> ApiResult {
    let pairing = st.store.team_round(id, round)?;
    let scores = st.store.match_scores(id, round)?;
    let codes = st.store.team_match_codes(id, round)?;
    let reports = st.store.team_reports(id, round)?;
    let breaches = st.store.round_lineup_breaches(id, round)?;
    let matches: Vec<serde_json::Value> = pairing
        .matches
        .iter()
        .zip(&scores)
        .map(|(m, s)| {
            let mut v = json!(m);
            v["score"] = json!(s);
            v["codes"] = codes
                .iter()
                .filter(|(n, _, _)| *n == m.number)
                .map(|(_, team, code)| json!({ "team": team, "code": code }))
                .collect();
            v["reports"] = reports
                .iter()
                .filter(|r| r.match_number == m.number)
                .map(|r| json!({ "board": r.board, "results": r.results, "teams": r.teams }))
                .collect();
            v["lineup_breaches"] = breaches
                .iter()
                .filter(|b| b.match_number == m.number)
                .map(|b| json!({ "team": b.team, "breach": b.problem.to_string() }))
                .collect();
            v
        })
        .collect();
    at_version(
        &st,
        id,
        json!({ "round": round, "bye": pairing.bye, "matches": matches }),
    )
}

async fn lineup(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path((id, round)): Path<(TeamEventId, u32)>,
    bytes: Bytes,
) -> ApiResult {
    let b: LineupBody = body(&bytes)?;
    let seen = edits::from_request(&headers, &b.version)?;
    let lineup = Lineup {
        round,
        match_number: b.match_number,
        team: b.team,
        members: b.members,
    };
    let store = st.store.clone();
    blocking(move || store.set_lineup(&a.username, id, &lineup, seen)).await?;
    at_version(&st, id, json!({ "ok": true }))
}

async fn results(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path((id, round)): Path<(TeamEventId, u32)>,
    bytes: Bytes,
) -> ApiResult {
    let b: ResultsBody = body(&bytes)?;
    let seen = edits::from_request(&headers, &b.version)?;
    let mut list = Vec::with_capacity(b.results.len());
    for (k, item) in b.results.iter().enumerate() {
        let result = if item.result.trim().is_empty() {
            None
        } else {
            Some(ResultCode::parse(&item.result).ok_or_else(|| {
                AppError::invalid(
                    format!("results[{k}].result"),
                    "a result such as 1-0, 1/2, 0-1, +-, -+, -- or nothing",
                    format!("{:?}", item.result),
                )
            })?)
        };
        list.push(BoardResult {
            match_number: item.match_number,
            board: item.board,
            result,
        });
    }
    let store = st.store.clone();
    let n = blocking(move || store.set_team_results(&a.username, id, round, &list, seen)).await?;
    at_version(
        &st,
        id,
        json!({ "written": n, "stale": st.store.stale_team_pairings(id)? }),
    )
}

/// Accepts the captains' reports that agree (`version` as for the results).
async fn confirm_reports(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path((id, round)): Path<(TeamEventId, u32)>,
    bytes: Bytes,
) -> ApiResult {
    let b: VersionBody = body(&bytes)?;
    let seen = edits::from_request(&headers, &b.version)?;
    let store = st.store.clone();
    let n = blocking(move || store.confirm_team_reports(&a.username, id, round, seen)).await?;
    at_version(&st, id, json!({ "confirmed": n }))
}

/// A match forfeited as a whole (every board lost by the absent team), or taken back.
async fn forfeit(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path((id, round, number)): Path<(TeamEventId, u32, u32)>,
    bytes: Bytes,
) -> ApiResult {
    let b: ForfeitBody = body(&bytes)?;
    let seen = edits::from_request(&headers, &b.version)?;
    let forfeit = match_forfeit("forfeit", b.forfeit.as_deref())?;
    let store = st.store.clone();
    blocking(move || store.set_match_forfeit(&a.username, id, round, number, forfeit, seen))
        .await?;
    at_version(&st, id, json!({ "forfeit": forfeit }))
}

/// White on board 1 given to the match's other team (`{}` or `{"version": …}`).
async fn swap_colours(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path((id, round, number)): Path<(TeamEventId, u32, u32)>,
    bytes: Bytes,
) -> ApiResult {
    let b: VersionBody = body(&bytes)?;
    let seen = edits::from_request(&headers, &b.version)?;
    let store = st.store.clone();
    blocking(move || store.swap_match_colours(&a.username, id, round, number, seen)).await?;
    let m = st
        .store
        .team_round(id, round)?
        .matches
        .into_iter()
        .find(|m| m.number == number)
        .ok_or(AppError::NotFound)?;
    at_version(
        &st,
        id,
        json!({ "white_team": m.white_team, "black_team": m.black_team }),
    )
}

async fn standings(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> ApiResult {
    ok(st.store.team_standings(id)?)
}

async fn board_prizes(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> ApiResult {
    ok(st.store.team_board_prizes(id)?)
}

async fn export_trf(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> ApiResult {
    let text = st.store.export_team_trf(id)?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

async fn log(State(st): State<AppState>, _a: Arbiter, Path(id): Path<TeamEventId>) -> ApiResult {
    ok(st.store.team_log(id)?)
}
