//! Club series ("classement cumulé", issue 24 §3): the director's pages (the list, a series'
//! rule and sessions, its ranking, printable on A4), the public page of a series marked
//! public, and the JSON API under `/api/bridge/series` (`API.md`).
//!
//! The store builds the ranking ([`store::Store::series_ranking`]); here it is only read into
//! rows in the reader's language.

use askama::Template;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::Form;
use serde::Deserialize;
use serde_json::{json, Value};
use store::bridge::{SeriesId, SeriesRanking, SeriesScoring, SeriesSettings, SessionId};

use super::SessionView;
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::forms::{flag, free_text, number};
use crate::guard::{Guard, Kind, Own, Routes};
use crate::i18n::Tr;
use crate::json::{body, done, ok, ApiResult};
use crate::page::{blocking, html, see};
use crate::AppState;

type Page = Result<Response, AppError>;

pub fn routes() -> Routes {
    let api = "/api/bridge/series/{id}";
    Routes::new()
        .get("/bridge/series", list_page)
        .post("/bridge/series", Guard::Own(Own::Create), create_page)
        .get("/bridge/series/{id}", series_page)
        .post(
            "/bridge/series/{id}",
            Guard::Whole(Kind::Series),
            update_page,
        )
        .post(
            "/bridge/series/{id}/delete",
            Guard::Whole(Kind::Series),
            delete_page,
        )
        .get("/public/bridge/series/{id}", public_page)
        .get("/api/bridge/series", list)
        .post("/api/bridge/series", Guard::Own(Own::Create), create)
        .get(api, show)
        .post(api, Guard::Whole(Kind::Series), update)
        .get(&format!("{api}/ranking"), ranking)
        .post(
            &format!("{api}/sessions"),
            Guard::Whole(Kind::Series),
            sessions,
        )
        .post(&format!("{api}/delete"), Guard::Whole(Kind::Series), delete)
}

// ---------------------------------------------------------------------------------------------
// The form and the API's body

/// A series' form (the page's) and the API's body: the same field names. Every field may be
/// left out; the settings it starts from keep their value.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct SeriesForm {
    pub name: Option<String>,
    /// `percentages` or `points`.
    pub scoring: Option<String>,
    /// The points for 1st, 2nd…: `"10,8,6,5"` or `[10, 8, 6, 5]`.
    pub points: Option<Value>,
    /// Only the best N sessions count; empty or `null` for all.
    pub best: Option<Value>,
    /// Ranked by the average, over at least this many sessions; empty or `null`: by the total.
    pub average_over: Option<Value>,
    pub public: Option<Value>,
    /// The series' sessions, replacing the ones it has.
    pub sessions: Option<Vec<SessionId>>,
    /// Sent by the HTML form: an unticked checkbox means "no".
    pub form: Option<String>,
}

impl SeriesForm {
    /// The page's form: its fields, the ticked sessions as repeated `session` fields.
    fn from_pairs(pairs: &[(String, String)]) -> Result<SeriesForm, AppError> {
        let mut f = SeriesForm {
            sessions: Some(Vec::new()),
            ..SeriesForm::default()
        };
        for (k, v) in pairs {
            let v = v.clone();
            match k.as_str() {
                "name" => f.name = Some(v),
                "scoring" => f.scoring = Some(v),
                "points" => f.points = Some(Value::String(v)),
                "best" => f.best = Some(Value::String(v)),
                "average_over" => f.average_over = Some(Value::String(v)),
                "public" => f.public = Some(Value::String(v)),
                "form" => f.form = Some(v),
                "session" => {
                    let id = v.trim().parse().map_err(|_| {
                        AppError::invalid("session", "a session number", format!("{v:?}"))
                    })?;
                    if let Some(s) = f.sessions.as_mut() {
                        s.push(id);
                    }
                }
                _ => {}
            }
        }
        Ok(f)
    }

    /// `base` changed by the fields given.
    fn apply(&self, mut s: SeriesSettings) -> Result<SeriesSettings, AppError> {
        if let Some(name) = &self.name {
            if name.trim().is_empty() {
                return Err(AppError::invalid("name", "the series' name", "nothing"));
            }
            s.name = free_text("name", name)?;
        }
        if let Some(code) = self.scoring.as_deref().map(str::trim) {
            s.scoring = SeriesScoring::parse(code).ok_or_else(|| {
                AppError::invalid("scoring", "percentages or points", format!("{code:?}"))
            })?;
        }
        match &self.points {
            None => {}
            Some(Value::Array(list)) => {
                s.points = list
                    .iter()
                    .map(|v| {
                        number("points", &Some(v.clone()), "whole numbers of points")?.ok_or_else(
                            || AppError::invalid("points", "whole numbers of points", "nothing"),
                        )
                    })
                    .collect::<Result<_, _>>()?;
            }
            Some(v) => {
                let t = crate::forms::text(v);
                s.points = t
                    .split([',', ';', ' '])
                    .filter(|p| !p.trim().is_empty())
                    .map(|p| {
                        p.trim().parse().map_err(|_| {
                            AppError::invalid(
                                "points",
                                "whole numbers of points separated by commas",
                                format!("{t:?}"),
                            )
                        })
                    })
                    .collect::<Result<_, _>>()?;
            }
        }
        if self.best.is_some() {
            s.best = number(
                "best",
                &self.best,
                "a number of sessions, or nothing for all",
            )?;
        }
        if self.average_over.is_some() {
            s.average_over = number(
                "average_over",
                &self.average_over,
                "a number of sessions, or nothing to rank by the total",
            )?;
        }
        if let Some(p) = flag(&self.public) {
            s.public = p;
        } else if self.form.is_some() {
            s.public = false;
        }
        Ok(s)
    }

    fn new_settings(&self) -> Result<SeriesSettings, AppError> {
        let name = self.name.as_deref().unwrap_or("").trim();
        if name.is_empty() {
            return Err(AppError::invalid("name", "the series' name", "nothing"));
        }
        self.apply(SeriesSettings::new(free_text("name", name)?))
    }
}

// ---------------------------------------------------------------------------------------------
// The ranking in the reader's language

/// The rule in words: "Best 2 sessions of 3 · Points for the place: 10, 8, 6".
fn rule_text(tr: &Tr, s: &SeriesSettings, sessions: usize) -> String {
    let scoring = match s.scoring {
        SeriesScoring::Percentages => tr.t("series-scoring-percentages"),
        SeriesScoring::Points => {
            let points: Vec<String> = s.points.iter().map(u32::to_string).collect();
            tr.t1("series-scoring-points-list", "points", points.join(", "))
        }
    };
    // "Best 4 of 3" would read as a mistake while the season has fewer sessions than count.
    let best = match s.best {
        Some(n) => tr.targs(
            if (n as usize) < sessions {
                "series-best-of"
            } else {
                "series-best-so-far"
            },
            &[("best", n.into()), ("sessions", (sessions as u32).into())],
        ),
        None => tr.t("series-best-all"),
    };
    match s.average_over {
        Some(n) => format!(
            "{scoring} · {best} · {}",
            tr.t1("series-average-over", "sessions", n)
        ),
        None => format!("{scoring} · {best}"),
    }
}

/// A total or an average without needless decimals: `117`, `58,5`, `58,33` (two at most).
fn short(tr: &Tr, v: bridge::Ratio) -> String {
    let t = v.to_fixed(2);
    let t = if t.contains('.') {
        t.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        t
    };
    tr.num(&t)
}

/// A session's column.
#[derive(Debug, Clone)]
pub struct SessionColumn {
    pub id: SessionId,
    pub name: String,
    pub date: String,
}

/// A player's score in one session, as shown.
#[derive(Debug, Clone, Default)]
pub struct Cell {
    pub played: bool,
    /// The rule's value (percentage or points).
    pub value: String,
    /// The place in the session (in the line for a two-winner Mitchell).
    pub place: u32,
    pub counted: bool,
}

#[derive(Debug, Clone)]
pub struct Row {
    pub place: String,
    pub name: String,
    pub licence: String,
    pub played: usize,
    pub total: String,
    /// The average, when the series ranks by it.
    pub average: String,
    /// The masterpoints over the sessions, when some session awards them.
    pub masterpoints: String,
    pub cells: Vec<Cell>,
}

/// The series ranking as the pages show it.
#[derive(Debug, Clone)]
pub struct RankingView {
    pub id: SeriesId,
    pub name: String,
    pub rule: String,
    pub public: bool,
    pub provisional: bool,
    /// Ranked by the average (the page shows its column).
    pub by_average: bool,
    /// Some session awards masterpoints (the page shows each player's total).
    pub masterpoints: bool,
    pub sessions: Vec<SessionColumn>,
    pub rows: Vec<Row>,
}

fn view(tr: &Tr, r: &SeriesRanking) -> RankingView {
    let fixed = |v: bridge::Ratio| tr.num(&v.to_fixed(2));
    RankingView {
        id: r.series.id,
        name: r.series.settings.name.to_string(),
        rule: rule_text(tr, &r.series.settings, r.sessions.len()),
        public: r.series.settings.public,
        provisional: r.provisional,
        by_average: r.series.settings.average_over.is_some(),
        masterpoints: r.rows.iter().any(|p| p.masterpoints.is_some()),
        sessions: r
            .sessions
            .iter()
            .map(|s| {
                let v = SessionView::new(s, tr);
                SessionColumn {
                    id: s.id,
                    name: v.name,
                    date: v.date,
                }
            })
            .collect(),
        rows: r
            .rows
            .iter()
            .map(|p| Row {
                place: if p.place == 0 {
                    tr.t("series-not-ranked")
                } else if p.tied {
                    format!("{}=", p.place)
                } else {
                    p.place.to_string()
                },
                name: p.name.clone(),
                licence: p.licence.clone(),
                played: p.played,
                total: short(tr, p.total),
                average: p.average.map(|a| short(tr, a)).unwrap_or_default(),
                masterpoints: p.masterpoints.map(fixed).unwrap_or_default(),
                cells: p
                    .scores
                    .iter()
                    .map(|s| match s {
                        None => Cell::default(),
                        Some(s) => Cell {
                            played: true,
                            value: fixed(s.value),
                            place: s.place,
                            counted: s.counted,
                        },
                    })
                    .collect(),
            })
            .collect(),
    }
}

/// The ranking in the API: exact values as decimals with two places, and each session's.
fn ranking_json(r: &SeriesRanking) -> Value {
    let fixed = |v: bridge::Ratio| v.to_fixed(2);
    json!({
        "series": r.series,
        "sessions": r.sessions.iter().map(|s| json!({
            "id": s.id, "name": s.settings.name.as_str(), "date": s.settings.date,
        })).collect::<Vec<_>>(),
        "provisional": r.provisional,
        "ranking": r.rows.iter().map(|p| json!({
            "place": p.place,
            "tied": p.tied,
            "name": p.name,
            "licence": p.licence,
            "played": p.played,
            "total": fixed(p.total),
            "average": p.average.map(fixed),
            "masterpoints": p.masterpoints.map(fixed),
            "scores": p.scores.iter().zip(&r.sessions).filter_map(|(s, session)| {
                s.as_ref().map(|s| json!({
                    "session": session.id,
                    "value": fixed(s.value),
                    "percent": s.percent.map(fixed),
                    "place": s.place,
                    "counted": s.counted,
                }))
            }).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}

// ---------------------------------------------------------------------------------------------
// Pages

/// A session that may be ticked into the series.
#[derive(Debug, Clone)]
pub struct SessionChoice {
    pub id: SessionId,
    pub name: String,
    pub date: String,
    pub ticked: bool,
}

#[derive(Debug, Clone)]
pub struct SeriesItem {
    pub id: SeriesId,
    pub name: String,
    pub rule: String,
    pub sessions: usize,
}

#[derive(Template)]
#[template(path = "bridge/series_list.html")]
struct ListPage {
    c: Ctx,
    series: Vec<SeriesItem>,
}

#[derive(Template)]
#[template(path = "bridge/series.html")]
struct SeriesPage {
    c: Ctx,
    r: RankingView,
    /// The director's page: the rule's form and the sessions to tick.
    director: bool,
    scoring: String,
    points_text: String,
    best_text: String,
    average_over_text: String,
    choices: Vec<SessionChoice>,
    style: &'static str,
    /// The series' version, read before it (the director's forms carry it).
    version: i64,
}

async fn list_page(State(st): State<AppState>, c: Ctx, _a: Arbiter) -> Page {
    let series = st
        .store
        .series_list()?
        .into_iter()
        .map(|s| SeriesItem {
            id: s.id,
            name: s.settings.name.to_string(),
            rule: rule_text(&c.tr, &s.settings, s.sessions.len()),
            sessions: s.sessions.len(),
        })
        .collect();
    html(&ListPage { c, series })
}

async fn create_page(
    State(st): State<AppState>,
    _a: Arbiter,
    Form(pairs): Form<Vec<(String, String)>>,
) -> Page {
    let settings = SeriesForm::from_pairs(&pairs)?.new_settings()?;
    let store = st.store.clone();
    let id = blocking(move || store.create_series(&settings)).await?;
    see(format!("/bridge/series/{id}"))
}

fn series_html(st: &AppState, c: Ctx, id: SeriesId, director: bool) -> Page {
    let version = st.store.version(store::Scope::Series(id))?.0;
    let r = st.store.series_ranking(id)?;
    if !director && !r.series.settings.public {
        return Err(AppError::NotFound);
    }
    let s = &r.series.settings;
    let choices = if director {
        st.store
            .bridge_sessions()?
            .iter()
            .map(|b| {
                let v = SessionView::new(b, &c.tr);
                SessionChoice {
                    id: b.id,
                    name: v.name,
                    date: v.date,
                    ticked: r.series.sessions.contains(&b.id),
                }
            })
            .collect()
    } else {
        Vec::new()
    };
    let points: Vec<String> = s.points.iter().map(u32::to_string).collect();
    html(&SeriesPage {
        r: view(&c.tr, &r),
        director,
        scoring: s.scoring.code().to_string(),
        points_text: points.join(", "),
        best_text: s.best.map(|b| b.to_string()).unwrap_or_default(),
        average_over_text: s.average_over.map(|b| b.to_string()).unwrap_or_default(),
        choices,
        style: super::STYLE,
        version,
        c,
    })
}

async fn series_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<SeriesId>,
) -> Page {
    series_html(&st, c, id, true)
}

async fn public_page(State(st): State<AppState>, c: Ctx, Path(id): Path<SeriesId>) -> Page {
    series_html(&st, c, id, false)
}

/// Saves the rule and the ticked sessions.
async fn update_page(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<SeriesId>,
    Form(pairs): Form<Vec<(String, String)>>,
) -> Page {
    let f = SeriesForm::from_pairs(&pairs)?;
    save(&st, &a, id, &f).await?;
    see(format!("/bridge/series/{id}"))
}

async fn save(st: &AppState, a: &Arbiter, id: SeriesId, f: &SeriesForm) -> Result<(), AppError> {
    let settings = f.apply(st.store.series(id)?.settings)?;
    let sessions = f.sessions.clone();
    let store = st.store.clone();
    let actor = a.username.clone();
    blocking(move || {
        store.update_series(&actor, id, &settings)?;
        match sessions {
            Some(list) => store.set_series_sessions(&actor, id, &list),
            None => Ok(()),
        }
    })
    .await?;
    Ok(())
}

async fn delete_page(State(st): State<AppState>, a: Arbiter, Path(id): Path<SeriesId>) -> Page {
    let store = st.store.clone();
    blocking(move || store.delete_series(&a.username, id)).await?;
    see("/bridge/series")
}

// ---------------------------------------------------------------------------------------------
// The JSON API

async fn list(State(st): State<AppState>, _a: Arbiter) -> ApiResult {
    ok(st.store.series_list()?)
}

async fn create(State(st): State<AppState>, a: Arbiter, bytes: Bytes) -> ApiResult {
    let f: SeriesForm = body(&bytes)?;
    let settings = f.new_settings()?;
    let store = st.store.clone();
    let sessions = f.sessions.clone().unwrap_or_default();
    let id = blocking(move || {
        let id = store.create_series(&settings)?;
        store.set_series_sessions(&a.username, id, &sessions)?;
        Ok(id)
    })
    .await?;
    ok(st.store.series(id)?)
}

async fn show(State(st): State<AppState>, _a: Arbiter, Path(id): Path<SeriesId>) -> ApiResult {
    ok(st.store.series(id)?)
}

async fn update(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<SeriesId>,
    bytes: Bytes,
) -> ApiResult {
    let f: SeriesForm = body(&bytes)?;
    save(&st, &a, id, &f).await?;
    ok(st.store.series(id)?)
}

/// `{"add": SESSION}` or `{"remove": SESSION}`.
#[derive(Debug, Deserialize)]
struct SessionChange {
    add: Option<SessionId>,
    remove: Option<SessionId>,
}

async fn sessions(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<SeriesId>,
    bytes: Bytes,
) -> ApiResult {
    let b: SessionChange = body(&bytes)?;
    let store = st.store.clone();
    blocking(move || {
        if let Some(s) = b.add {
            store.add_series_session(&a.username, id, s)?;
        }
        if let Some(s) = b.remove {
            store.remove_series_session(&a.username, id, s)?;
        }
        Ok(())
    })
    .await?;
    ok(st.store.series(id)?)
}

async fn ranking(State(st): State<AppState>, _a: Arbiter, Path(id): Path<SeriesId>) -> ApiResult {
    let store = st.store.clone();
    let r = blocking(move || store.series_ranking(id)).await?;
    ok(ranking_json(&r))
}

async fn delete(State(st): State<AppState>, a: Arbiter, Path(id): Path<SeriesId>) -> ApiResult {
    let store = st.store.clone();
    blocking(move || store.delete_series(&a.username, id)).await?;
    done()
}
