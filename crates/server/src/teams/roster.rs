//! A team's page: its details (name, club, division, federation, captain) and its roster edited
//! player by player, as Swiss-Manager and Papi let an arbiter do: a player added with every
//! field the rosters' CSV takes (each read as the CSV reads it, a bad one named), a player
//! changed on their own page, a player who has not played removed (one who has is kept, and the
//! page says where they played), the roster put in another board order; and a team added from
//! the event's page. Every form carries the CSRF token and the page's version (a stale one is
//! refused by the guard, [`Guard::Whole`]); the JSON API mirrors each change (`API.md`).

use std::collections::HashMap;

use askama::Template;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::Form;
use serde::Deserialize;
use serde_json::json;
use store::teams::import::{set_member_field, MemberField};
use store::teams::roster::Fielded;
use store::teams::{MemberKey, NewMember, NewTeam, Team, TeamEventId, TeamKey};
use store::text::{Label, PersonName};

use super::forms::{MemberBody, TeamBody};
use super::pages::{rule_text, EventView};
use crate::ctx::{Arbiter, Ctx};
use crate::edits;
use crate::error::AppError;
use crate::guard::{Guard, Kind, Routes};
use crate::json::{body, ok, ApiResult};
use crate::page::{blocking, html, see, Page};
use crate::AppState;

pub fn routes() -> Routes {
    let t = "/teams/{id}/teams/{team}";
    Routes::new()
        .post("/teams/{id}/teams", Guard::Whole(Kind::Teams), add_team)
        .get(t, team_page)
        .post(t, Guard::Whole(Kind::Teams), save_team)
        .post(
            &format!("{t}/members"),
            Guard::Whole(Kind::Teams),
            add_member,
        )
        .get(&format!("{t}/members/{{member}}"), member_page)
        .post(
            &format!("{t}/members/{{member}}"),
            Guard::Whole(Kind::Teams),
            save_member,
        )
        .post(
            &format!("{t}/members/{{member}}/remove"),
            Guard::Whole(Kind::Teams),
            remove_member,
        )
        .post(&format!("{t}/order"), Guard::Whole(Kind::Teams), reorder)
}

/// The API's mirror of the roster page (mounted under `/api`).
pub fn api_routes() -> Routes {
    let t = "/teams/events/{id}/teams/{team}";
    Routes::new()
        .post(t, Guard::Whole(Kind::Teams), api_update_team)
        .get(&format!("{t}/fielded"), api_fielded)
        .post(
            &format!("{t}/members/{{member}}"),
            Guard::Whole(Kind::Teams),
            api_update_member,
        )
        .post(
            &format!("{t}/members/{{member}}/remove"),
            Guard::Whole(Kind::Teams),
            api_remove_member,
        )
        .post(
            &format!("{t}/order"),
            Guard::Whole(Kind::Teams),
            api_reorder,
        )
}

/// A player's fields as the form shows them (typed text, or the stored values).
pub(super) struct MemberValues {
    name: String,
    title: String,
    rating: String,
    fide_id: String,
    federation: String,
    sex: String,
    licence: String,
    licence_type: String,
    national_rating: String,
    national_rating_kind: String,
    club: String,
}

impl MemberValues {
    fn empty() -> MemberValues {
        MemberValues::of(&NewMember::default())
    }

    fn of(m: &NewMember) -> MemberValues {
        let num = |n: Option<u16>| n.map(|n| n.to_string()).unwrap_or_default();
        MemberValues {
            name: m.name.to_string(),
            title: m.title.clone(),
            rating: num(m.rating),
            fide_id: m.fide_id.map(|n| n.to_string()).unwrap_or_default(),
            federation: m.federation.clone(),
            sex: m.sex.clone(),
            licence: m.national.licence.to_string(),
            licence_type: m
                .national
                .licence_type
                .map_or("", |t| t.as_str())
                .to_string(),
            national_rating: num(m.national_rating),
            national_rating_kind: m
                .national
                .national_rating_kind
                .map_or("", |k| k.as_str())
                .to_string(),
            club: m.club.to_string(),
        }
    }
}

/// A roster row: the player, and why they stay if they cannot be removed.
struct RosterRow {
    id: MemberKey,
    board: u32,
    reserve: bool,
    name: String,
    title: String,
    rating: String,
    /// The federation's data (`W · FRA · Elo nat. 1850 F · K59857 A`).
    data: String,
    club: String,
    /// Empty when the player can be removed.
    stays: String,
}

#[derive(Template)]
#[template(path = "teams_roster.html")]
struct TeamPage {
    c: Ctx,
    ev: EventView,
    version: i64,
    team: Team,
    division: String,
    rows: Vec<RosterRow>,
    m: MemberValues,
}

#[derive(Template)]
#[template(path = "teams_member.html")]
struct MemberPage {
    c: Ctx,
    ev: EventView,
    version: i64,
    team: Team,
    member: MemberKey,
    board: u32,
    m: MemberValues,
    /// Empty when the player can be removed.
    stays: String,
}

/// Why a player stays on the roster, in the page's language.
fn stays_text(c: &Ctx, f: &Fielded) -> String {
    if f.bye {
        return c.tr.targs("teams-member-bye", &[("round", f.round.into())]);
    }
    let key = if f.played {
        "teams-member-played"
    } else {
        "teams-member-fielded"
    };
    c.tr.targs(
        key,
        &[
            ("round", f.round.into()),
            ("match", f.match_number.into()),
            ("board", f.board.into()),
        ],
    )
}

fn find_team(st: &AppState, id: TeamEventId, team: TeamKey) -> Result<Team, AppError> {
    st.store
        .teams(id)?
        .into_iter()
        .find(|t| t.id == team)
        .ok_or(AppError::NotFound)
}

async fn team_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path((id, team)): Path<(TeamEventId, TeamKey)>,
) -> Page {
    let version = st.store.team_event_version(id)?;
    let e = st.store.team_event(id)?;
    let team = find_team(&st, id, team)?;
    let fielded = st.store.roster_fielded(id, team.id)?;
    let rows = team
        .roster
        .iter()
        .map(|m| RosterRow {
            id: m.id,
            board: m.board,
            reserve: m.board > e.settings.boards,
            name: m.details.name.to_string(),
            title: m.details.title.clone(),
            rating: m.details.rating.map(|r| r.to_string()).unwrap_or_default(),
            data: super::pages::member_data(&c, &m.details),
            club: m.details.club.to_string(),
            stays: fielded
                .iter()
                .find(|f| f.member == m.id)
                .map(|f| stays_text(&c, f))
                .unwrap_or_default(),
        })
        .collect();
    html(&TeamPage {
        ev: EventView::new(&c, &e),
        version,
        division: team
            .details
            .division
            .map(|d| d.to_string())
            .unwrap_or_default(),
        team,
        rows,
        m: MemberValues::empty(),
        c,
    })
}

async fn member_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path((id, team, member)): Path<(TeamEventId, TeamKey, MemberKey)>,
) -> Page {
    let version = st.store.team_event_version(id)?;
    let e = st.store.team_event(id)?;
    let team = find_team(&st, id, team)?;
    let m = team
        .roster
        .iter()
        .find(|m| m.id == member)
        .ok_or(AppError::NotFound)?;
    let stays = st
        .store
        .roster_fielded(id, team.id)?
        .iter()
        .find(|f| f.member == member)
        .map(|f| stays_text(&c, f))
        .unwrap_or_default();
    html(&MemberPage {
        ev: EventView::new(&c, &e),
        version,
        member,
        board: m.board,
        m: MemberValues::of(&m.details),
        stays,
        team,
        c,
    })
}

/// A team's details from its form: name, club, federation, captain, division (empty: none).
fn team_from_form(f: &HashMap<String, String>) -> Result<NewTeam, AppError> {
    let text = |k: &str| f.get(k).map(String::as_str).unwrap_or_default();
    let label = |k: &str| Label::parse(text(k)).map_err(|e| e.invalid(k, Label::MAX));
    let division = match text("division").trim() {
        "" => None,
        d => match d.parse::<u8>() {
            Ok(n) if (1..=99).contains(&n) => Some(n),
            _ => {
                return Err(AppError::invalid(
                    "division",
                    "a division from 1 (the highest) to 99, or nothing",
                    d,
                ))
            }
        },
    };
    Ok(NewTeam {
        name: label("name")?,
        club: label("club")?,
        federation: text("federation").trim().to_ascii_uppercase(),
        captain: PersonName::parse(text("captain"))
            .map_err(|e| e.invalid("captain", PersonName::MAX))?,
        division,
        // The entry round is set on the cup's page; a team added here enters at round 1.
        entry_round: None,
    })
}

/// A player from the roster form, each field read as the rosters' CSV reads its column; the
/// cap per player said in the page's language, naming the player.
fn member_from_form(
    c: &Ctx,
    st: &AppState,
    id: TeamEventId,
    f: &HashMap<String, String>,
) -> Result<NewMember, AppError> {
    let mut m = NewMember::default();
    for field in MemberField::ALL {
        let text = f.get(field.key()).map(String::as_str).unwrap_or_default();
        set_member_field(&mut m, field, text)
            .map_err(|e| AppError::invalid(field.key(), e.expected, e.found))?;
    }
    let rules = st.store.team_event(id)?.settings.roster_rules;
    if let Err(b) = store::teams::rules::player_cap(&rules, &m) {
        return Err(AppError::invalid(
            "player_cap",
            "a player rated at most the event's cap",
            rule_text(c, &b),
        ));
    }
    Ok(m)
}

async fn add_team(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<TeamEventId>,
    Form(f): Form<HashMap<String, String>>,
) -> Page {
    let team = team_from_form(&f)?;
    let store = st.store.clone();
    let key = blocking(move || store.add_team(&a.username, id, &team)).await?;
    see(format!("/teams/{id}/teams/{key}"))
}

async fn save_team(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, team)): Path<(TeamEventId, TeamKey)>,
    Form(f): Form<HashMap<String, String>>,
) -> Page {
    let mut details = team_from_form(&f)?;
    // The team's form does not show the cup's entry round: keep it as the cup's page set it.
    details.entry_round = find_team(&st, id, team)?.details.entry_round;
    let store = st.store.clone();
    blocking(move || store.update_team(&a.username, id, team, &details)).await?;
    see(format!("/teams/{id}/teams/{team}"))
}

async fn add_member(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path((id, team)): Path<(TeamEventId, TeamKey)>,
    Form(f): Form<HashMap<String, String>>,
) -> Page {
    let m = member_from_form(&c, &st, id, &f)?;
    let store = st.store.clone();
    blocking(move || store.add_member(&a.username, id, team, &m)).await?;
    see(format!("/teams/{id}/teams/{team}#roster"))
}

async fn save_member(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path((id, team, member)): Path<(TeamEventId, TeamKey, MemberKey)>,
    Form(f): Form<HashMap<String, String>>,
) -> Page {
    let m = member_from_form(&c, &st, id, &f)?;
    let store = st.store.clone();
    blocking(move || store.update_member(&a.username, id, team, member, &m)).await?;
    see(format!("/teams/{id}/teams/{team}#roster"))
}

async fn remove_member(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path((id, team, member)): Path<(TeamEventId, TeamKey, MemberKey)>,
) -> Page {
    // Said in the page's language before the store refuses it in its own words.
    let team_row = find_team(&st, id, team)?;
    let player = team_row
        .roster
        .iter()
        .find(|m| m.id == member)
        .ok_or(AppError::NotFound)?;
    if let Some(f) = st
        .store
        .roster_fielded(id, team)?
        .into_iter()
        .find(|f| f.member == member)
    {
        return Err(AppError::invalid(
            "member",
            "a player who has not played and is in no lineup",
            format!("{}. {}", player.details.name, stays_text(&c, &f)),
        ));
    }
    let store = st.store.clone();
    blocking(move || store.remove_member(&a.username, id, team, member)).await?;
    see(format!("/teams/{id}/teams/{team}#roster"))
}

/// The roster in the order typed: each player's `o-{id}` field a different number from 1 to
/// the roster's size.
async fn reorder(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path((id, team)): Path<(TeamEventId, TeamKey)>,
    Form(f): Form<HashMap<String, String>>,
) -> Page {
    let roster = find_team(&st, id, team)?.roster;
    let n = roster.len();
    let mut placed: Vec<(usize, MemberKey)> = Vec::with_capacity(n);
    for m in &roster {
        let typed = f
            .get(&format!("o-{}", m.id))
            .map(|s| s.trim())
            .unwrap_or_default();
        match typed.parse::<usize>() {
            Ok(k) if (1..=n).contains(&k) && !placed.iter().any(|p| p.0 == k) => {
                placed.push((k, m.id))
            }
            _ => {
                return Err(AppError::invalid(
                    "order",
                    format!("a different number from 1 to {n} for each player"),
                    c.tr.targs(
                        "teams-order-found",
                        &[
                            ("player", m.details.name.to_string().into()),
                            ("typed", typed.to_string().into()),
                        ],
                    ),
                ))
            }
        }
    }
    placed.sort_unstable();
    let order: Vec<MemberKey> = placed.into_iter().map(|p| p.1).collect();
    let store = st.store.clone();
    blocking(move || store.reorder_roster(&a.username, id, team, &order)).await?;
    see(format!("/teams/{id}/teams/{team}#roster"))
}

fn at_version(st: &AppState, id: TeamEventId, data: serde_json::Value) -> ApiResult {
    let version = st.store.team_event_version(id)?;
    Ok(edits::with_version(ok(data)?, version))
}

async fn api_update_team(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, team)): Path<(TeamEventId, TeamKey)>,
    bytes: Bytes,
) -> ApiResult {
    let mut details = body::<TeamBody>(&bytes)?.team()?;
    // A body without `entry_round` keeps the one the team has.
    if details.entry_round.is_none() {
        details.entry_round = find_team(&st, id, team)?.details.entry_round;
    }
    let store = st.store.clone();
    blocking(move || store.update_team(&a.username, id, team, &details)).await?;
    at_version(&st, id, json!(find_team(&st, id, team)?))
}

async fn api_fielded(
    State(st): State<AppState>,
    _a: Arbiter,
    Path((id, team)): Path<(TeamEventId, TeamKey)>,
) -> ApiResult {
    ok(st.store.roster_fielded(id, team)?)
}

async fn api_update_member(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, team, member)): Path<(TeamEventId, TeamKey, MemberKey)>,
    bytes: Bytes,
) -> ApiResult {
    let details = body::<MemberBody>(&bytes)?.member()?;
    let store = st.store.clone();
    blocking(move || store.update_member(&a.username, id, team, member, &details)).await?;
    at_version(&st, id, json!(find_team(&st, id, team)?))
}

async fn api_remove_member(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, team, member)): Path<(TeamEventId, TeamKey, MemberKey)>,
) -> ApiResult {
    let store = st.store.clone();
    blocking(move || store.remove_member(&a.username, id, team, member)).await?;
    at_version(&st, id, json!(find_team(&st, id, team)?))
}

/// `{"members": [id, …]}`: every roster player once, board 1 first.
#[derive(Debug, Deserialize)]
struct OrderBody {
    members: Vec<MemberKey>,
}

async fn api_reorder(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, team)): Path<(TeamEventId, TeamKey)>,
    bytes: Bytes,
) -> ApiResult {
    let order = body::<OrderBody>(&bytes)?.members;
    let store = st.store.clone();
    blocking(move || store.reorder_roster(&a.username, id, team, &order)).await?;
    at_version(&st, id, json!(find_team(&st, id, team)?))
}
