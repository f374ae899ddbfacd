//! The director's pages and the public pages of a teams event.

use std::collections::BTreeMap;

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::Form;
use bridge::teams::TieBreakRule;
use store::bridge::{Room, TeamEventId, TeamFormat, TeamScoring};

use super::view::{
    event_view, match_view, results_view, scoring_label, shown_entry, tie_break_label, EventForm,
    EventView, MatchView, ResultsView, TeamBody,
};
use crate::bridge::forms::EntryForm;
use crate::bridge::pages::Choice;
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::page::{blocking, html, see};
use crate::AppState;

type Page = Result<Response, AppError>;

#[derive(Template)]
#[template(path = "bridge/teams_list.html")]
struct ListPage {
    c: Ctx,
    events: Vec<EventView>,
    /// The teams form's choices (round robin or Swiss teams) and the Swiss pairs form's: each
    /// offers only the scorings and tie-breaks its format takes, its defaults selected.
    team_scorings: Vec<Choice>,
    team_tie_breaks: Vec<Choice>,
    pair_scorings: Vec<Choice>,
    pair_tie_breaks: Vec<Choice>,
}

/// The scorings a format takes, the first (its default) selected; Swiss pairs name Butler IMPs.
fn scoring_choices(c: &Ctx, format: TeamFormat) -> Vec<Choice> {
    format
        .scorings()
        .iter()
        .enumerate()
        .map(|(i, &s)| Choice {
            value: s.code().to_string(),
            label: if format == TeamFormat::SwissPairs && s == TeamScoring::Wbf2013 {
                c.tr.t("bswiss-scoring-butler")
            } else {
                scoring_label(&c.tr, s)
            },
            selected: i == 0,
        })
        .collect()
}

/// The tie-break rules, the format's default selected.
fn tie_break_choices(c: &Ctx, format: TeamFormat) -> Vec<Choice> {
    TieBreakRule::ALL
        .into_iter()
        .map(|r| Choice {
            value: r.code().to_string(),
            label: tie_break_label(&c.tr, r),
            selected: r == format.default_tie_break(),
        })
        .collect()
}

#[derive(Template)]
#[template(path = "bridge/teams_event.html")]
struct EventPage {
    c: Ctx,
    r: ResultsView,
    director: bool,
    /// The next team's number, for the form.
    next_team: usize,
    base: String,
    style: &'static str,
    /// The version its forms carry, read before the data it shows.
    version: i64,
}

#[derive(Template)]
#[template(path = "bridge/teams_match.html")]
struct MatchPage {
    c: Ctx,
    e: EventView,
    m: MatchView,
    director: bool,
    base: String,
    /// The boards with a deal uploaded: their number links to the hand record.
    dealt: std::collections::BTreeSet<u32>,
    style: &'static str,
    /// The version its forms carry, read before the data it shows.
    version: i64,
}

pub async fn list(State(st): State<AppState>, c: Ctx, _a: Arbiter) -> Page {
    let events = st
        .store
        .bridge_team_events()?
        .iter()
        .map(|e| event_view(&c.tr, e))
        .collect();
    html(&ListPage {
        team_scorings: scoring_choices(&c, TeamFormat::RoundRobin),
        team_tie_breaks: tie_break_choices(&c, TeamFormat::RoundRobin),
        pair_scorings: scoring_choices(&c, TeamFormat::SwissPairs),
        pair_tie_breaks: tie_break_choices(&c, TeamFormat::SwissPairs),
        events,
        c,
    })
}

pub async fn create(State(st): State<AppState>, a: Arbiter, Form(f): Form<EventForm>) -> Page {
    let settings = f.new_settings()?;
    let store = st.store.clone();
    let id = blocking(move || store.create_bridge_team_event(&a.username, &settings)).await?;
    see(format!("/bridge/teams/{id}"))
}

fn event_html(st: &AppState, c: Ctx, id: TeamEventId, director: bool) -> Page {
    let version = st.store.version(store::Scope::BridgeTeams(id))?.0;
    let r = st.store.bridge_team_results(id)?;
    if !director && !r.event.settings.public {
        return Err(AppError::NotFound);
    }
    let base = if director {
        format!("/bridge/teams/{id}")
    } else {
        format!("/public/bridge/teams/{id}")
    };
    let view = results_view(&c.tr, &r, &base);
    html(&EventPage {
        version,
        next_team: r.teams.len() + 1,
        r: view,
        director,
        base,
        style: crate::bridge::STYLE,
        c,
    })
}

pub async fn event(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> Page {
    event_html(&st, c, id, true)
}

pub async fn public_event(State(st): State<AppState>, c: Ctx, Path(id): Path<TeamEventId>) -> Page {
    event_html(&st, c, id, false)
}

/// The team form's fields.
#[derive(Debug, serde::Deserialize)]
pub struct TeamForm {
    number: String,
    name: String,
    #[serde(default)]
    players: String,
}

pub async fn set_team(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<TeamEventId>,
    Form(f): Form<TeamForm>,
) -> Page {
    let (number, team) = TeamBody::from_lines(&f.number, &f.name, &f.players).read()?;
    let number = match number {
        Some(n) => n,
        None => super::api::last_team_number(&st, id)? + 1,
    };
    let store = st.store.clone();
    blocking(move || store.set_bridge_team(&a.username, id, number, &team)).await?;
    see(format!("/bridge/teams/{id}#teams"))
}

pub async fn draw(State(st): State<AppState>, a: Arbiter, Path(id): Path<TeamEventId>) -> Page {
    let store = st.store.clone();
    let round = blocking(move || store.draw_bridge_team_round(&a.username, id)).await?;
    see(format!("/bridge/teams/{id}#round-{round}"))
}

fn match_html(
    st: &AppState,
    c: Ctx,
    (id, round, number): (TeamEventId, u32, u32),
    director: bool,
) -> Page {
    let version = st.store.version(store::Scope::BridgeTeams(id))?.0;
    let r = st.store.bridge_team_results(id)?;
    if !director && !r.event.settings.public {
        return Err(AppError::NotFound);
    }
    let m = r.outcome(round, number).ok_or(AppError::NotFound)?;
    let base = if director {
        format!("/bridge/teams/{id}")
    } else {
        format!("/public/bridge/teams/{id}")
    };
    let shown = super::hands::shown_boards(st, r.event.id, director)?;
    let dealt = st
        .store
        .team_hand_records(r.event.id)?
        .iter()
        .map(|h| h.board)
        .filter(|&b| shown(b))
        .collect();
    html(&MatchPage {
        version,
        e: event_view(&c.tr, &r.event),
        m: match_view(&c.tr, &r, m),
        director,
        dealt,
        base,
        style: crate::bridge::STYLE,
        c,
    })
}

pub async fn match_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(key): Path<(TeamEventId, u32, u32)>,
) -> Page {
    match_html(&st, c, key, true)
}

pub async fn public_match(
    State(st): State<AppState>,
    c: Ctx,
    Path(key): Path<(TeamEventId, u32, u32)>,
) -> Page {
    match_html(&st, c, key, false)
}

/// The grid: for each room and board, `{room}-{board}-contract`, `-declarer`, `-lead`,
/// `-result` and `-shown` (what the page showed). A cell left as shown is not written; a cell
/// someone changed meanwhile becomes a conflict to settle, never an overwrite.
pub async fn grid(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path((id, round, number)): Path<(TeamEventId, u32, u32)>,
    Form(pairs): Form<Vec<(String, String)>>,
) -> Page {
    let mut cells: BTreeMap<(Room, u32), BTreeMap<String, String>> = BTreeMap::new();
    for (k, v) in pairs {
        let mut parts = k.splitn(3, '-');
        let (Some(room), Some(board), Some(field)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let (Some(room), Ok(board)) = (Room::parse(room), board.parse::<u32>()) else {
            continue;
        };
        cells
            .entry((room, board))
            .or_default()
            .insert(field.to_string(), v);
    }
    let notation = crate::bridge::notation(&c.tr);
    let mut writes = Vec::new();
    for ((room, board), f) in &cells {
        let get = |k: &str| f.get(k).map(|s| s.trim().to_string()).unwrap_or_default();
        let shown = shown_entry(&get("shown"))?;
        if get("contract").is_empty() {
            // An empty cell: nothing typed (clearing a result is not offered).
            continue;
        }
        let form = EntryForm {
            contract: Some(get("contract")),
            declarer: Some(get("declarer")),
            lead: Some(get("lead")),
            result: Some(serde_json::Value::String(get("result"))),
            ..EntryForm::default()
        };
        let entry = form.entry_in(notation).map_err(|e| match e {
            AppError::Invalid {
                field,
                expected,
                found,
            } => AppError::Invalid {
                field: format!("{}-{board}-{field}", room.code()),
                expected,
                found,
            },
            e => e,
        })?;
        writes.push(((round, number, *room, *board), entry, shown));
    }
    let store = st.store.clone();
    // Each board as its own write: one changed meanwhile is said with both values and left
    // as stored, the others are written (as the pairs grid and the chess grid do).
    let (written, changed, version) = blocking(move || {
        let (mut written, mut changed, mut version) = (0, Vec::new(), None);
        for (at, entry, shown) in &writes {
            match store.enter_bridge_team_result(
                &a.username,
                id,
                *at,
                entry,
                Some(shown.as_ref()),
                &a.username,
            ) {
                Ok(_) => written += 1,
                Err(store::Error::Conflict { changed: c, .. }) => changed.extend(c),
                Err(e) => return Err(e),
            }
        }
        // The version after the boards written: a page built again at it may replace.
        if !changed.is_empty() {
            version = Some(store.version(store::Scope::BridgeTeams(id))?);
        }
        Ok((written, changed, version))
    })
    .await?;
    if let Some(version) = version {
        return Err(AppError::Conflict {
            version,
            changed,
            written,
        });
    }
    see(format!("/bridge/teams/{id}/matches/{round}/{number}"))
}

/// `take`: `kept` or `other`.
#[derive(Debug, serde::Deserialize)]
pub struct ResolveForm {
    take: String,
}

pub async fn resolve(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, conflict)): Path<(TeamEventId, i64)>,
    Form(f): Form<ResolveForm>,
) -> Page {
    let take_other = super::api::take_other(&f.take)?;
    let store = st.store.clone();
    blocking(move || store.resolve_bridge_team_conflict(&a.username, id, conflict, take_other))
        .await?;
    see(format!("/bridge/teams/{id}#conflicts"))
}
