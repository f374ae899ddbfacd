//! The arbiter's team-event pages: the events (and the creation form), an event's teams with
//! their rosters (CSV import, pairing the next round), a round's matches with the board result
//! grid, the printable match sheet, and the standings. Every form carries the CSRF token
//! ([`crate::context`] checks it) and the grid the version its page was built at.

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Form, Router};
use serde::Deserialize;
use store::teams::rounds::BoardResult;
use store::teams::{Team, TeamEvent, TeamEventId, TeamKey, TeamSystem};
use store::ResultCode;

use super::forms::EventBody;
use crate::chess::views::result_text;
use crate::ctx::{Arbiter, Ctx};
use crate::edits;
use crate::error::AppError;
use crate::page::{blocking, html, see, Page};
use crate::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/teams", get(events_page).post(create))
        .route("/teams/{id}", get(event_page))
        .route("/teams/{id}/import", post(import))
        .route("/teams/{id}/pair", post(pair))
        .route("/teams/{id}/rounds/{round}", get(round_page))
        .route("/teams/{id}/rounds/{round}/results", post(save_results))
        .route(
            "/teams/{id}/rounds/{round}/matches/{number}/sheet",
            get(sheet_page),
        )
        .route("/teams/{id}/standings", get(standings_page))
        .route("/teams/{id}/export.trf", get(export_trf))
}

/// An event's heading and the links between its pages.
#[derive(Debug, Clone)]
struct EventView {
    id: TeamEventId,
    name: String,
    system: String,
    boards: u32,
    rounds: u32,
    paired: u32,
    /// "Rounds paired: 2 of 7".
    progress: String,
}

impl EventView {
    fn new(c: &Ctx, e: &TeamEvent) -> EventView {
        let system = match e.settings.system {
            TeamSystem::SwissTeam => c.t("teams-system-swiss-team"),
            TeamSystem::RoundRobin => c.t("teams-system-round-robin"),
            TeamSystem::DoubleRoundRobin => c.t("teams-system-double-round-robin"),
        };
        let progress = c.tr.targs(
            "teams-rounds-paired",
            &[
                ("paired", e.rounds_paired.into()),
                ("rounds", e.settings.rounds.into()),
            ],
        );
        EventView {
            id: e.id,
            name: e.settings.name.to_string(),
            system,
            boards: e.settings.boards,
            rounds: e.settings.rounds,
            paired: e.rounds_paired,
            progress,
        }
    }

    /// The rounds paired so far, for the links.
    fn round_numbers(&self) -> Vec<u32> {
        (1..=self.paired).collect()
    }
}

#[derive(Template)]
#[template(path = "teams_events.html")]
struct EventsPage {
    c: Ctx,
    events: Vec<EventView>,
}

async fn events_page(State(st): State<AppState>, c: Ctx, _a: Arbiter) -> Page {
    let events = st
        .store
        .team_events()?
        .iter()
        .map(|e| EventView::new(&c, e))
        .collect();
    html(&EventsPage { c, events })
}

/// The creation form: every field as text, empty numbers left out.
#[derive(Debug, Deserialize)]
struct EventForm {
    name: String,
    #[serde(default)]
    rounds: String,
    #[serde(default)]
    boards: String,
    #[serde(default)]
    system: String,
    #[serde(default)]
    match_points: String,
    #[serde(default)]
    tiebreaks: String,
}

fn number(field: &str, s: &str) -> Result<Option<u32>, AppError> {
    let t = s.trim();
    if t.is_empty() {
        return Ok(None);
    }
    t.parse()
        .map(Some)
        .map_err(|_| AppError::invalid(field, "a whole number", format!("{t:?}")))
}

async fn create(State(st): State<AppState>, a: Arbiter, Form(f): Form<EventForm>) -> Page {
    let body = serde_json::json!({
        "name": f.name,
        "rounds": number("rounds", &f.rounds)?,
        "boards": number("boards", &f.boards)?
            .ok_or_else(|| AppError::invalid("boards", "a number of boards", "nothing"))?,
        "system": (!f.system.is_empty()).then_some(f.system),
        "match_points": (!f.match_points.is_empty()).then_some(f.match_points),
        "tiebreaks": f.tiebreaks,
    });
    let settings = serde_json::from_value::<EventBody>(body)
        .map_err(|e| AppError::invalid("form", "the event's settings", e.to_string()))?
        .settings()?;
    let store = st.store.clone();
    let id = blocking(move || store.create_team_event(&a.username, &settings)).await?;
    see(format!("/teams/{id}"))
}

/// A team with its average and roster as the event page lists them.
struct TeamRow {
    team: Team,
    average: String,
}

#[derive(Template)]
#[template(path = "teams_event.html")]
struct EventPage {
    c: Ctx,
    ev: EventView,
    teams: Vec<TeamRow>,
    next_round: u32,
}

async fn event_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> Page {
    let e = st.store.team_event(id)?;
    let ev = EventView::new(&c, &e);
    let teams = st
        .store
        .teams(id)?
        .into_iter()
        .map(|team| TeamRow {
            average: team
                .average_rating(e.settings.boards)
                .map(|a| a.to_string())
                .unwrap_or_default(),
            team,
        })
        .collect();
    html(&EventPage {
        next_round: e.rounds_paired + 1,
        ev,
        teams,
        c,
    })
}

#[derive(Debug, Deserialize)]
struct ImportForm {
    data: String,
}

async fn import(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<TeamEventId>,
    Form(f): Form<ImportForm>,
) -> Page {
    let list = store::teams::import::rosters_from_csv(&f.data).map_err(|e| {
        AppError::invalid(
            format!("data, line {}, column {}", e.line, e.column),
            e.expected,
            e.found,
        )
    })?;
    let store = st.store.clone();
    blocking(move || store.import_teams(&a.username, id, &list)).await?;
    see(format!("/teams/{id}"))
}

async fn pair(State(st): State<AppState>, a: Arbiter, Path(id): Path<TeamEventId>) -> Page {
    let store = st.store.clone();
    let round = blocking(move || store.pair_team_round(&a.username, id)).await?;
    see(format!("/teams/{id}/rounds/{}", round.round))
}

/// One board as the round page and the match sheet show it.
struct BoardView {
    board: u32,
    white: String,
    white_rating: String,
    black: String,
    black_rating: String,
    /// The white player plays for the match's first team.
    home_white: bool,
    result: String,
    /// The grid's field name (`r-{match}-{board}`) and its current code.
    field: String,
    code: &'static str,
}

struct MatchView {
    number: u32,
    home: String,
    away: String,
    score: String,
    boards: Vec<BoardView>,
}

/// The round's matches with names, ratings and results.
fn match_views(
    st: &AppState,
    id: TeamEventId,
    round: u32,
    teams: &[Team],
) -> Result<(Vec<MatchView>, Option<TeamKey>), AppError> {
    let pairing = st.store.team_round(id, round)?;
    let scores = st.store.match_scores(id, round)?;
    let name = |t: TeamKey| {
        teams
            .iter()
            .find(|x| x.id == t)
            .map_or(String::new(), |x| x.details.name.to_string())
    };
    let players: HashMap<i64, (String, String)> = teams
        .iter()
        .flat_map(|t| &t.roster)
        .map(|m| {
            (
                m.id,
                (
                    m.details.name.to_string(),
                    m.details.rating.map(|r| r.to_string()).unwrap_or_default(),
                ),
            )
        })
        .collect();
    let mut views = Vec::new();
    for (m, s) in pairing.matches.iter().zip(&scores) {
        let home = teams.iter().find(|t| t.id == m.white_team);
        let boards = m
            .boards
            .iter()
            .map(|b| {
                let (white, white_rating) = players.get(&b.white).cloned().unwrap_or_default();
                let (black, black_rating) = players.get(&b.black).cloned().unwrap_or_default();
                BoardView {
                    board: b.board,
                    white,
                    white_rating,
                    black,
                    black_rating,
                    home_white: home.is_some_and(|t| t.roster.iter().any(|p| p.id == b.white)),
                    result: result_text(b.result),
                    field: format!("r-{}-{}", m.number, b.board),
                    code: b.result.map_or("", ResultCode::as_str),
                }
            })
            .collect();
        views.push(MatchView {
            number: m.number,
            home: name(m.white_team),
            away: name(m.black_team),
            score: format!("{} – {}", s.white_game_points, s.black_game_points),
            boards,
        });
    }
    Ok((views, pairing.bye))
}

#[derive(Template)]
#[template(path = "teams_round.html")]
struct RoundPage {
    c: Ctx,
    ev: EventView,
    round: u32,
    matches: Vec<MatchView>,
    bye: String,
    version: i64,
    codes: Vec<(&'static str, String)>,
}

async fn round_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path((id, round)): Path<(TeamEventId, u32)>,
) -> Page {
    let version = st.store.team_event_version(id)?;
    let e = st.store.team_event(id)?;
    let teams = st.store.teams(id)?;
    let (matches, bye) = match_views(&st, id, round, &teams)?;
    let bye = bye
        .and_then(|b| teams.iter().find(|t| t.id == b))
        .map(|t| c.t1("teams-bye", "team", t.details.name.to_string()))
        .unwrap_or_default();
    let codes = ResultCode::ALL
        .iter()
        .map(|r| (r.as_str(), result_text(Some(*r))))
        .collect();
    html(&RoundPage {
        ev: EventView::new(&c, &e),
        round,
        matches,
        bye,
        version,
        codes,
        c,
    })
}

async fn save_results(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, round)): Path<(TeamEventId, u32)>,
    Form(f): Form<HashMap<String, String>>,
) -> Page {
    let seen = edits::from_form(f.get("version").map(String::as_str))?;
    let mut list = Vec::new();
    for (key, value) in &f {
        let Some(rest) = key.strip_prefix("r-") else {
            continue;
        };
        let Some((m, b)) = rest.split_once('-') else {
            continue;
        };
        let (Ok(match_number), Ok(board)) = (m.parse(), b.parse()) else {
            continue;
        };
        let result = if value.trim().is_empty() {
            None
        } else {
            Some(ResultCode::parse(value).ok_or_else(|| {
                AppError::invalid(
                    key.clone(),
                    "a result such as 1-0, 1/2, 0-1, +-",
                    value.clone(),
                )
            })?)
        };
        list.push(BoardResult {
            match_number,
            board,
            result,
        });
    }
    list.sort_by_key(|r| (r.match_number, r.board));
    let store = st.store.clone();
    blocking(move || store.set_team_results(&a.username, id, round, &list, seen)).await?;
    see(format!("/teams/{id}/rounds/{round}"))
}

#[derive(Template)]
#[template(path = "teams_sheet.html")]
struct SheetPage {
    c: Ctx,
    ev: EventView,
    round: u32,
    m: MatchView,
    title: String,
}

async fn sheet_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path((id, round, number)): Path<(TeamEventId, u32, u32)>,
) -> Page {
    let e = st.store.team_event(id)?;
    let teams = st.store.teams(id)?;
    let (matches, _) = match_views(&st, id, round, &teams)?;
    let m = matches
        .into_iter()
        .find(|m| m.number == number)
        .ok_or(AppError::NotFound)?;
    let title = c.tr.targs(
        "teams-sheet-title",
        &[
            ("event", e.settings.name.to_string().into()),
            ("round", round.into()),
            ("number", number.into()),
        ],
    );
    html(&SheetPage {
        ev: EventView::new(&c, &e),
        round,
        m,
        title,
        c,
    })
}

#[derive(Template)]
#[template(path = "teams_standings.html")]
struct StandingsPage {
    c: Ctx,
    ev: EventView,
    after: String,
    tiebreaks: Vec<String>,
    rows: Vec<store::teams::model::TeamStandingRow>,
}

async fn standings_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> Page {
    let e = st.store.team_event(id)?;
    let s = st.store.team_standings(id)?;
    html(&StandingsPage {
        ev: EventView::new(&c, &e),
        after: c.t1("teams-standings-after", "round", s.after),
        tiebreaks: s.tiebreaks,
        rows: s.rows,
        c,
    })
}

async fn export_trf(State(st): State<AppState>, _a: Arbiter, Path(id): Path<TeamEventId>) -> Page {
    let text = st.store.export_team_trf(id)?;
    Ok(crate::page::attachment(
        "text/plain; charset=utf-8",
        &format!("team-event-{id}.trf"),
        text.into_bytes(),
    ))
}
