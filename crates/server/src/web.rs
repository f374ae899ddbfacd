//! The HTML pages: the arbiter's (login required), the public read-only ones, and the players'
//! result report. Handlers are thin: read the form, call the store, render or redirect.

use std::collections::{HashMap, HashSet};

use askama::Template;
use axum::extract::{DefaultBodyLimit, Multipart, Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use serde::Deserialize;
use store::{EventId, Player, PlayerKey, ResultCode, Store};

use crate::context::{set_cookie, Arbiter, Ctx, LANG_COOKIE, MAX_BODY, SESSION_COOKIE};
use crate::error::AppError;
use crate::forms::{self, EventForm, PlayerForm};
use crate::i18n::Lang;
use crate::views::{
    self, BoardView, ByeView, CardRound, CrossRow, EventView, GridBoard, LegendItem, PlayerView,
    StandingView,
};
use crate::AppState;

type Page = Result<Response, AppError>;

pub(crate) fn html(t: &impl Template) -> Page {
    Ok(([(header::CACHE_CONTROL, "no-store")], Html(t.render()?)).into_response())
}

fn see(to: impl AsRef<str>) -> Page {
    Ok(Redirect::to(to.as_ref()).into_response())
}

/// Runs a store call that may take a while (hashing, pairing) off the async threads.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, store::Error> + Send + 'static,
) -> Result<T, AppError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| AppError::Internal(format!("task: {e}")))?
        .map_err(AppError::from)
}

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(events_page))
        .route("/static/style.css", get(style))
        .route("/static/app.js", get(script))
        .route("/lang/{lang}", get(switch_lang))
        .route("/login", get(login_page).post(login))
        .route("/logout", post(logout))
        .route("/setup", get(setup_page).post(setup))
        .route("/accounts", post(add_account))
        .route("/events/new", get(new_event_page).post(create_event))
        .route("/events/{id}", get(dashboard))
        .route("/events/{id}/edit", get(edit_event_page).post(edit_event))
        .route("/events/{id}/players", get(players_page).post(add_player))
        .route(
            "/events/{id}/players/import",
            post(import_players).layer(DefaultBodyLimit::max(MAX_BODY)),
        )
        .route("/events/{id}/players/checkin", post(checkin))
        .route("/events/{id}/players/all-present", post(all_present))
        .route("/events/{id}/players/{pid}", get(player_card))
        .route(
            "/events/{id}/players/{pid}/edit",
            get(edit_player_page).post(edit_player),
        )
        .route("/events/{id}/players/{pid}/remove", post(remove_player))
        .route("/events/{id}/players/{pid}/withdraw", post(withdraw))
        .route("/events/{id}/players/{pid}/reinstate", post(reinstate))
        .route("/events/{id}/players/{pid}/bye", post(set_bye))
        .route("/events/{id}/forbidden", post(add_forbidden))
        .route("/events/{id}/forbidden/remove", post(remove_forbidden))
        .route("/events/{id}/pair", post(pair))
        .route("/events/{id}/rounds/{n}", get(round_page))
        .route("/events/{id}/rounds/{n}/unpair", post(unpair))
        .route("/events/{id}/rounds/{n}/swap", post(swap))
        .route("/events/{id}/rounds/{n}/results", post(results))
        .route("/events/{id}/rounds/{n}/confirm", post(confirm))
        .route("/events/{id}/standings", get(standings_page))
        .route("/events/{id}/crosstable", get(crosstable_page))
        .route("/events/{id}/alphabetical", get(alphabetical_page))
        .route("/events/{id}/log", get(log_page))
        .route("/events/{id}/log/{entry}", get(state_after_page))
        .route("/events/{id}/undo", post(undo))
        .route("/events/{id}/export.trf", get(export_trf))
        .route("/events/{id}/standings.csv", get(standings_csv))
        .route("/events/{id}/standings.json", get(standings_json))
        .route("/backup", get(backup_page))
        .route("/backup/download", get(backup_download))
        .route(
            "/backup/restore",
            post(restore).layer(DefaultBodyLimit::max(MAX_BODY)),
        )
        .route("/public/{id}", get(public_page))
        .route("/report", get(report_page).post(report_lookup))
        .route("/report/confirm", post(report_confirm))
        .fallback(not_found)
}

async fn not_found() -> AppError {
    AppError::NotFound
}

async fn style() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "max-age=3600"),
        ],
        include_str!("../static/style.css"),
    )
        .into_response()
}

async fn script() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "max-age=3600"),
        ],
        include_str!("../static/app.js"),
    )
        .into_response()
}

#[derive(Debug, Deserialize)]
struct Back {
    back: Option<String>,
}

/// The language switch: a cookie for a year, then back to the page (only a path of ours).
async fn switch_lang(Path(lang): Path<String>, Query(q): Query<Back>) -> Page {
    let lang = Lang::parse(&lang).ok_or(AppError::NotFound)?;
    let back = q
        .back
        .filter(|b| b.starts_with('/') && !b.starts_with("//") && !b.contains('\\'))
        .unwrap_or_else(|| "/".into());
    let mut r = Redirect::to(&back).into_response();
    r.headers_mut().append(
        header::SET_COOKIE,
        set_cookie(LANG_COOKIE, lang.code(), Some(365 * 86_400)),
    );
    Ok(r)
}

// ---------------------------------------------------------------------------------------------
// Login, setup, accounts

#[derive(Template)]
#[template(path = "login.html")]
struct LoginPage {
    c: Ctx,
    next: String,
    no_account: bool,
    failed: bool,
}

#[derive(Debug, Deserialize)]
struct NextQuery {
    next: Option<String>,
}

fn safe_next(next: Option<String>) -> String {
    next.filter(|n| n.starts_with('/') && !n.starts_with("//") && !n.contains('\\'))
        .unwrap_or_else(|| "/".into())
}

async fn login_page(State(st): State<AppState>, c: Ctx, Query(q): Query<NextQuery>) -> Page {
    html(&LoginPage {
        c,
        next: safe_next(q.next),
        no_account: !st.store.has_accounts()?,
        failed: false,
    })
}

#[derive(Debug, Deserialize)]
struct LoginForm {
    username: String,
    password: String,
    next: Option<String>,
}

fn session_cookie(token: &str) -> axum::http::HeaderValue {
    set_cookie(
        SESSION_COOKIE,
        token,
        Some(store::auth::SESSION_HOURS * 3600),
    )
}

async fn login(State(st): State<AppState>, c: Ctx, Form(f): Form<LoginForm>) -> Page {
    let store = st.store.clone();
    let (user, pass) = (f.username.clone(), f.password.clone());
    match blocking(move || store.login(&user, &pass)).await {
        Ok(session) => {
            let mut r = Redirect::to(&safe_next(f.next)).into_response();
            r.headers_mut()
                .append(header::SET_COOKIE, session_cookie(&session.token));
            Ok(r)
        }
        Err(AppError::Store(store::Error::Refused {
            reason: store::Refusal::Login,
            ..
        })) => {
            let mut r = html(&LoginPage {
                c,
                next: safe_next(f.next),
                no_account: !st.store.has_accounts()?,
                failed: true,
            })?;
            *r.status_mut() = StatusCode::UNAUTHORIZED;
            Ok(r)
        }
        Err(e) => Err(e),
    }
}

async fn logout(State(st): State<AppState>, c: Ctx) -> Page {
    if let Some(token) = &c.session_token {
        st.store.logout(token)?;
    }
    let mut r = Redirect::to("/login").into_response();
    r.headers_mut()
        .append(header::SET_COOKIE, set_cookie(SESSION_COOKIE, "", Some(0)));
    Ok(r)
}

#[derive(Template)]
#[template(path = "setup.html")]
struct SetupPage {
    c: Ctx,
    token: String,
    valid: bool,
}

#[derive(Debug, Deserialize)]
struct TokenQuery {
    token: Option<String>,
}

async fn setup_page(State(st): State<AppState>, c: Ctx, Query(q): Query<TokenQuery>) -> Page {
    let token = q.token.unwrap_or_default();
    let valid = st.store.setup_token_valid(&token)?;
    html(&SetupPage { c, token, valid })
}

#[derive(Debug, Deserialize)]
struct SetupForm {
    token: String,
    username: String,
    password: String,
}

async fn setup(State(st): State<AppState>, Form(f): Form<SetupForm>) -> Page {
    let store = st.store.clone();
    let session = blocking(move || {
        store.create_first_account(&f.token, &f.username, &f.password)?;
        store.login(&f.username, &f.password)
    })
    .await?;
    let mut r = Redirect::to("/").into_response();
    r.headers_mut()
        .append(header::SET_COOKIE, session_cookie(&session.token));
    Ok(r)
}

#[derive(Debug, Deserialize)]
struct AccountForm {
    username: String,
    password: String,
}

async fn add_account(State(st): State<AppState>, _a: Arbiter, Form(f): Form<AccountForm>) -> Page {
    let store = st.store.clone();
    blocking(move || store.create_account(&f.username, &f.password)).await?;
    see("/backup?account=created")
}

// ---------------------------------------------------------------------------------------------
// Events

#[derive(Template)]
#[template(path = "events.html")]
struct EventsPage {
    c: Ctx,
    events: Vec<EventView>,
}

async fn events_page(State(st): State<AppState>, c: Ctx, _a: Arbiter) -> Page {
    let events = st
        .store
        .events()?
        .iter()
        .map(|e| EventView::new(e, &c.tr))
        .collect();
    html(&EventsPage { c, events })
}

#[derive(Template)]
#[template(path = "event_form.html")]
struct EventFormPage {
    c: Ctx,
    ev: Option<EventView>,
    f: EventForm,
    action: String,
    started: bool,
}

async fn new_event_page(c: Ctx, _a: Arbiter) -> Page {
    let f = EventForm::from_settings(&store::EventSettings::new("", 5));
    html(&EventFormPage {
        c,
        ev: None,
        f,
        action: "/events/new".into(),
        started: false,
    })
}

async fn create_event(State(st): State<AppState>, a: Arbiter, Form(f): Form<EventForm>) -> Page {
    let settings = f.settings()?;
    let id = st.store.create_event(&a.username, &settings)?;
    see(format!("/events/{id}/players"))
}

fn event_view(st: &AppState, c: &Ctx, id: EventId) -> Result<(store::Event, EventView), AppError> {
    let e = st.store.event(id)?;
    let v = EventView::new(&e, &c.tr);
    Ok((e, v))
}

async fn edit_event_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
) -> Page {
    let (e, ev) = event_view(&st, &c, id)?;
    html(&EventFormPage {
        f: EventForm::from_settings(&e.settings),
        action: format!("/events/{id}/edit"),
        started: e.paired_rounds > 0,
        ev: Some(ev),
        c,
    })
}

async fn edit_event(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    Form(f): Form<EventForm>,
) -> Page {
    let settings = f.settings()?;
    st.store.update_event(&a.username, id, &settings)?;
    see(format!("/events/{id}"))
}

#[derive(Template)]
#[template(path = "dashboard.html")]
struct Dashboard {
    c: Ctx,
    ev: EventView,
    chief_arbiter: String,
    time_control: String,
    tiebreaks: String,
    players: usize,
    present: usize,
    withdrawn: usize,
    next_text: String,
    next_link: String,
    rounds: Vec<(u32, usize, usize)>,
}

async fn dashboard(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
) -> Page {
    let (e, ev) = event_view(&st, &c, id)?;
    let players = st.store.players(id)?;
    let rounds = st.store.rounds(id)?;
    let missing_last = rounds.last().map(|r| r.missing_results()).unwrap_or(0);
    let (next_text, next_link) = if players.is_empty() {
        (c.t("next-add-players"), format!("/events/{id}/players"))
    } else if missing_last > 0 {
        let n = rounds.len();
        (
            c.t1("next-enter-results", "round", n),
            format!("/events/{id}/rounds/{n}"),
        )
    } else if (rounds.len() as u32) < e.settings.rounds
        || (e.settings.system.is_round_robin() && rounds.is_empty())
    {
        let n = rounds.len() + 1;
        (
            c.t1("next-pair-round", "round", n),
            format!("/events/{id}/rounds/{n}"),
        )
    } else {
        (
            c.t("next-final-standings"),
            format!("/events/{id}/standings"),
        )
    };
    html(&Dashboard {
        chief_arbiter: e.settings.chief_arbiter.clone(),
        time_control: e.settings.time_control.clone(),
        tiebreaks: e.settings.tiebreaks_or_default().replace(',', ", "),
        present: players
            .iter()
            .filter(|p| p.present && p.withdrawn_from.is_none())
            .count(),
        withdrawn: players
            .iter()
            .filter(|p| p.withdrawn_from.is_some())
            .count(),
        players: players.len(),
        rounds: rounds
            .iter()
            .map(|r| (r.number, r.games.len(), r.missing_results()))
            .collect(),
        next_text,
        next_link,
        ev,
        c,
    })
}

// ---------------------------------------------------------------------------------------------
// Players

#[derive(Template)]
#[template(path = "players.html")]
struct PlayersPage {
    c: Ctx,
    ev: EventView,
    players: Vec<PlayerView>,
    started: bool,
    forbidden: Vec<(PlayerKey, PlayerKey, String, String)>,
    imported: Option<String>,
    /// The rating list's search: the query, its results, whether there were more.
    source: Option<crate::rating::SourceView>,
    q: String,
    found: Vec<crate::rating::FoundView>,
    more: bool,
}

#[derive(Debug, Deserialize)]
struct PlayersQuery {
    imported: Option<usize>,
    q: Option<String>,
}

async fn players_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<PlayersQuery>,
) -> Page {
    let (e, ev) = event_view(&st, &c, id)?;
    let list = st.store.players(id)?;
    let names: HashMap<PlayerKey, String> = list
        .iter()
        .map(|p| (p.id, p.details.name.clone()))
        .collect();
    let points = views::points_after(&st.store, id, e.paired_rounds);
    let players = list
        .iter()
        .map(|p| views::player_view(p, points.get(&p.id).copied(), &c.tr))
        .collect();
    let forbidden = st
        .store
        .forbidden_pairs(id)?
        .into_iter()
        .map(|(a, b)| {
            let name = |k| names.get(&k).cloned().unwrap_or_default();
            (a, b, name(a), name(b))
        })
        .collect();
    let query = q.q.unwrap_or_default().trim().to_string();
    let source = st
        .store
        .rating_list_source()?
        .map(|s| crate::rating::source_view(&c, &s));
    let (found, more) = if source.is_some() && !query.is_empty() {
        let (store, text) = (st.store.clone(), query.clone());
        blocking(move || Ok(crate::rating::search(&store, id, &text))).await??
    } else {
        (Vec::new(), false)
    };
    html(&PlayersPage {
        imported: q.imported.map(|n| c.t1("players-imported", "count", n)),
        source,
        q: query,
        found,
        more,
        started: e.paired_rounds > 0,
        players,
        forbidden,
        ev,
        c,
    })
}

async fn add_player(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    Form(f): Form<PlayerForm>,
) -> Page {
    let p = f.player()?;
    st.store.add_player(&a.username, id, &p)?;
    see(format!("/events/{id}/players"))
}

fn import_error(e: store::import::ImportError) -> AppError {
    AppError::invalid(
        format!("file, line {}, column {}", e.line, e.column),
        e.expected,
        e.found,
    )
}

/// Reads a player list (CSV, or TRF when the file looks like one).
pub(crate) fn parse_player_file(name: &str, text: &str) -> Result<Vec<store::NewPlayer>, AppError> {
    let trf =
        name.to_ascii_lowercase().ends_with(".trf") || text.lines().any(|l| l.starts_with("001 "));
    if trf {
        store::import::players_from_trf(text).map_err(import_error)
    } else {
        store::import::players_from_csv(text).map_err(import_error)
    }
}

async fn import_players(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    mut form: Multipart,
) -> Page {
    let mut file: Option<(String, String)> = None;
    while let Some(field) = form
        .next_field()
        .await
        .map_err(|e| AppError::BadRequest(e.to_string()))?
    {
        if field.name() == Some("file") {
            let name = field.file_name().unwrap_or("").to_string();
            let bytes = field
                .bytes()
                .await
                .map_err(|e| AppError::BadRequest(e.to_string()))?;
            let text = String::from_utf8(bytes.to_vec())
                .unwrap_or_else(|e| e.into_bytes().iter().map(|&b| b as char).collect());
            file = Some((name, text));
        }
    }
    let (name, text) =
        file.ok_or_else(|| AppError::invalid("file", "a CSV or TRF file", "nothing"))?;
    let players = parse_player_file(&name, &text)?;
    let n = st.store.add_players(&a.username, id, &players)?;
    see(format!("/events/{id}/players?imported={n}"))
}

async fn checkin(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    Form(f): Form<Vec<(String, String)>>,
) -> Page {
    let ticked: HashSet<PlayerKey> = f
        .iter()
        .filter(|(k, _)| k == "present")
        .filter_map(|(_, v)| v.parse().ok())
        .collect();
    for p in st.store.players(id)? {
        let want = ticked.contains(&p.id);
        if p.present != want {
            st.store.set_present(&a.username, id, p.id, want)?;
        }
    }
    see(format!("/events/{id}/players"))
}

#[derive(Debug, Deserialize)]
struct PresentForm {
    present: Option<String>,
}

async fn all_present(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    Form(f): Form<PresentForm>,
) -> Page {
    let present = f.present.as_deref() != Some("0");
    st.store.set_all_present(&a.username, id, present)?;
    see(format!("/events/{id}/players"))
}

#[derive(Template)]
#[template(path = "player_form.html")]
struct PlayerFormPage {
    c: Ctx,
    ev: EventView,
    pid: PlayerKey,
    f: PlayerForm,
}

async fn edit_player_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
) -> Page {
    let (_, ev) = event_view(&st, &c, id)?;
    let p = st.store.player(id, pid)?;
    html(&PlayerFormPage {
        f: PlayerForm::from_player(&p.details),
        pid,
        ev,
        c,
    })
}

async fn edit_player(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
    Form(f): Form<PlayerForm>,
) -> Page {
    st.store.update_player(&a.username, id, pid, &f.player()?)?;
    see(format!("/events/{id}/players/{pid}"))
}

async fn remove_player(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
) -> Page {
    st.store.remove_player(&a.username, id, pid)?;
    see(format!("/events/{id}/players"))
}

#[derive(Debug, Deserialize)]
struct WithdrawForm {
    from_round: Option<serde_json::Value>,
}

async fn withdraw(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
    Form(f): Form<WithdrawForm>,
) -> Page {
    let e = st.store.event(id)?;
    let from: u32 = forms::number("from_round", &f.from_round, "a round number")?
        .unwrap_or(e.paired_rounds + 1);
    st.store.withdraw(&a.username, id, pid, from)?;
    see(format!("/events/{id}/players/{pid}"))
}

async fn reinstate(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
) -> Page {
    st.store.reinstate(&a.username, id, pid)?;
    see(format!("/events/{id}/players/{pid}"))
}

#[derive(Debug, Deserialize)]
struct ByeForm {
    round: Option<serde_json::Value>,
    kind: Option<String>,
}

async fn set_bye(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
    Form(f): Form<ByeForm>,
) -> Page {
    let round: u32 = forms::required_number("round", &f.round, "a round number")?;
    let kind = forms::bye_kind(f.kind.as_deref())?;
    st.store.set_bye(&a.username, id, pid, round, kind)?;
    see(format!("/events/{id}/players/{pid}"))
}

#[derive(Debug, Deserialize)]
struct PairForm {
    a: Option<serde_json::Value>,
    b: Option<serde_json::Value>,
}

impl PairForm {
    fn keys(&self) -> Result<(PlayerKey, PlayerKey), AppError> {
        Ok((
            forms::required_number("a", &self.a, "a player")?,
            forms::required_number("b", &self.b, "a player")?,
        ))
    }
}

async fn add_forbidden(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    Form(f): Form<PairForm>,
) -> Page {
    let (x, y) = f.keys()?;
    st.store.add_forbidden_pair(&a.username, id, x, y)?;
    see(format!("/events/{id}/players#forbidden"))
}

async fn remove_forbidden(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    Form(f): Form<PairForm>,
) -> Page {
    let (x, y) = f.keys()?;
    st.store.remove_forbidden_pair(&a.username, id, x, y)?;
    see(format!("/events/{id}/players#forbidden"))
}

#[derive(Template)]
#[template(path = "player_card.html")]
struct PlayerCard {
    c: Ctx,
    ev: EventView,
    p: PlayerView,
    started: bool,
    next_round: u32,
    /// A round is still to be paired: byes and withdrawals can be asked for.
    rounds_left: bool,
    rounds: Vec<CardRound>,
    byes: Vec<(u32, String)>,
    explanations: Vec<(u32, String)>,
    total: String,
    swiss: bool,
}

#[derive(Debug, Deserialize)]
struct ExplainQuery {
    /// `all`: explain every round, not only the last.
    explain: Option<String>,
}

/// The engine's explanation of one player's colour and float, in words.
async fn player_card(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
    Query(q): Query<ExplainQuery>,
) -> Page {
    let (e, ev) = event_view(&st, &c, id)?;
    let player = st.store.player(id, pid)?;
    let players: HashMap<PlayerKey, Player> = st
        .store
        .players(id)?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    let rounds = st.store.rounds(id)?;
    let swiss = !e.settings.system.is_round_robin();
    let mut explanations = Vec::new();
    if swiss {
        // The engine pairs each explained round again: the last round unless asked for all.
        let all = q.explain.as_deref() == Some("all");
        for r in rounds.iter().filter(|r| all || r.number == e.paired_rounds) {
            if let Ok(x) = st.store.explain(id, r.number) {
                if let Some(text) = views::explanation(&c.tr, &x, player.number) {
                    explanations.push((r.number, text));
                }
            }
        }
    }
    let points = views::points_after(&st.store, id, e.paired_rounds);
    let byes = st
        .store
        .byes(id)?
        .into_iter()
        .filter(|b| b.player == pid && b.round > e.paired_rounds)
        .map(|b| (b.round, views::bye_kind(&c.tr, b.kind)))
        .collect();
    html(&PlayerCard {
        rounds: views::card_rounds(&c.tr, &rounds, &players, pid),
        total: points.get(&pid).map(|p| c.tr.points(p)).unwrap_or_default(),
        p: views::player_view(&player, None, &c.tr),
        started: e.paired_rounds > 0,
        next_round: e.paired_rounds + 1,
        rounds_left: e.paired_rounds < e.settings.rounds,
        byes,
        explanations,
        swiss,
        ev,
        c,
    })
}

// ---------------------------------------------------------------------------------------------
// Rounds

#[derive(Template)]
#[template(path = "round.html")]
struct RoundPage {
    c: Ctx,
    ev: EventView,
    n: u32,
    paired: bool,
    can_pair: bool,
    closed: bool,
    boards: Vec<GridBoard>,
    byes: Vec<ByeView>,
    seats: Vec<(PlayerKey, String)>,
    missing: usize,
    reported: usize,
    notices: Vec<String>,
    rounds: Vec<u32>,
    show_codes: bool,
}

fn round_page_data(st: &AppState, c: Ctx, id: EventId, n: u32, notices: Vec<String>) -> Page {
    let (e, ev) = event_view(st, &c, id)?;
    let rounds: Vec<u32> = (1..=e.paired_rounds.max(e.settings.rounds)).collect();
    if n == 0 || n > e.paired_rounds {
        if n == 0 || n > e.paired_rounds + 1 {
            return Err(AppError::NotFound);
        }
        return html(&RoundPage {
            c,
            ev,
            n,
            paired: false,
            can_pair: true,
            closed: false,
            boards: Vec::new(),
            byes: Vec::new(),
            seats: Vec::new(),
            missing: 0,
            reported: 0,
            notices,
            rounds,
            show_codes: false,
        });
    }
    let round = st.store.round(id, n)?;
    let (boards, byes) = views::boards(&st.store, &c.tr, &e, &round)?;
    let has_result = round
        .games
        .iter()
        .any(|g| g.black.is_some() && g.result.is_some());
    let mut seats: Vec<(PlayerKey, String)> = boards
        .iter()
        .map(|b| &b.line)
        .flat_map(|b| {
            let mut v = vec![(
                b.white.id,
                format!("{}. {} ({})", b.board, b.white.name, b.white.number),
            )];
            if let Some(black) = &b.black {
                v.push((
                    black.id,
                    format!("{}. {} ({})", b.board, black.name, black.number),
                ));
            }
            v
        })
        .collect();
    seats.sort_by(|a, b| a.1.cmp(&b.1));
    html(&RoundPage {
        missing: round.missing_results(),
        reported: round.games.iter().filter(|g| g.reported.is_some()).count(),
        closed: has_result || e.paired_rounds > n,
        paired: true,
        can_pair: false,
        boards,
        byes,
        seats,
        notices,
        rounds,
        show_codes: true,
        c,
        ev,
        n,
    })
}

async fn round_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
) -> Page {
    round_page_data(&st, c, id, n, Vec::new())
}

#[derive(Debug, Deserialize)]
struct RoundForm {
    round: Option<serde_json::Value>,
}

async fn pair(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    Form(f): Form<RoundForm>,
) -> Page {
    let n: u32 = forms::required_number("round", &f.round, "the round to pair")?;
    let store = st.store.clone();
    blocking(move || store.pair_round(&a.username, id, n)).await?;
    see(format!("/events/{id}/rounds/{n}"))
}

async fn unpair(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
) -> Page {
    st.store.unpair_round(&a.username, id, n)?;
    see(format!("/events/{id}/rounds/{n}"))
}

async fn swap(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
    Form(f): Form<PairForm>,
) -> Page {
    let (x, y) = f.keys()?;
    let objections = st.store.swap_players(&a.username, id, n, x, y)?;
    let mut notices = vec![c.t("swap-done")];
    if objections.is_empty() {
        notices.push(c.t("swap-no-objection"));
    } else {
        notices.push(c.t("swap-objections"));
        notices.extend(objections.iter().map(|o| views::objection_text(&c.tr, o)));
    }
    round_page_data(&st, c, id, n, notices)
}

/// The grid's inputs `r{board}` as (board, result); an empty input clears the board.
pub(crate) fn grid(
    fields: &[(String, String)],
) -> Result<Vec<(u32, Option<ResultCode>)>, AppError> {
    let mut out = Vec::new();
    for (k, v) in fields {
        let Some(board) = k.strip_prefix('r').and_then(|b| b.parse::<u32>().ok()) else {
            continue;
        };
        out.push((board, forms::result(k, v)?));
    }
    out.sort_by_key(|x| x.0);
    Ok(out)
}

async fn results(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
    Form(f): Form<Vec<(String, String)>>,
) -> Page {
    let entries = grid(&f)?;
    let round = st.store.round(id, n)?;
    // Only what changed is written (an unchanged grid writes nothing, nor logs).
    let changed: Vec<(u32, Option<ResultCode>)> = entries
        .into_iter()
        .filter(|(board, r)| {
            round
                .games
                .iter()
                .any(|g| g.board == *board && g.black.is_some() && g.result != *r)
        })
        .collect();
    if !changed.is_empty() {
        st.store.set_results(&a.username, id, n, &changed)?;
    }
    see(format!("/events/{id}/rounds/{n}"))
}

async fn confirm(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
) -> Page {
    st.store.confirm_reported(&a.username, id, n)?;
    see(format!("/events/{id}/rounds/{n}"))
}

// ---------------------------------------------------------------------------------------------
// Standings, crosstable, lists, log

#[derive(Debug, Deserialize)]
struct AfterQuery {
    after: Option<u32>,
}

#[derive(Template)]
#[template(path = "standings.html")]
struct StandingsPage {
    c: Ctx,
    ev: EventView,
    after: u32,
    rounds: Vec<u32>,
    codes: Vec<String>,
    rows: Vec<StandingView>,
    legend: Vec<LegendItem>,
}

async fn standings_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<AfterQuery>,
) -> Page {
    let (e, ev) = event_view(&st, &c, id)?;
    let s = st.store.standings(id, q.after)?;
    html(&StandingsPage {
        after: s.after_round,
        rounds: (1..=e.paired_rounds).collect(),
        rows: views::standings_rows(&c.tr, &s),
        legend: views::legend(&c.tr, &s.tiebreak_codes),
        codes: s.tiebreak_codes,
        ev,
        c,
    })
}

#[derive(Template)]
#[template(path = "crosstable.html")]
struct CrosstablePage {
    c: Ctx,
    ev: EventView,
    after: u32,
    round_numbers: Vec<u32>,
    codes: Vec<String>,
    rows: Vec<CrossRow>,
    legend: Vec<LegendItem>,
}

async fn crosstable_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<AfterQuery>,
) -> Page {
    let (_, ev) = event_view(&st, &c, id)?;
    let s = st.store.standings(id, q.after)?;
    let rounds = st.store.rounds(id)?;
    html(&CrosstablePage {
        after: s.after_round,
        round_numbers: (1..=s.after_round).collect(),
        rows: views::crosstable(&c.tr, &s, &rounds),
        legend: views::legend(&c.tr, &s.tiebreak_codes),
        codes: s.tiebreak_codes,
        ev,
        c,
    })
}

/// A player in the alphabetical list: their board and colour in the round.
#[derive(Debug, Clone, Default)]
pub struct AlphaLine {
    pub player: PlayerView,
    pub board: String,
    pub colour: String,
    pub opponent: String,
}

#[derive(Template)]
#[template(path = "alphabetical.html")]
struct AlphabeticalPage {
    c: Ctx,
    ev: EventView,
    round: u32,
    lines: Vec<AlphaLine>,
}

fn alphabetical_lines(
    store: &Store,
    c: &Ctx,
    e: &store::Event,
) -> Result<Vec<AlphaLine>, AppError> {
    let players: HashMap<PlayerKey, Player> = store
        .players(e.id)?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    let rounds = if e.paired_rounds > 0 {
        vec![store.round(e.id, e.paired_rounds)?]
    } else {
        Vec::new()
    };
    let mut lines: Vec<AlphaLine> = players
        .values()
        .map(|p| {
            let card = views::card_rounds(&c.tr, &rounds, &players, p.id)
                .pop()
                .unwrap_or_default();
            AlphaLine {
                player: views::player_view(p, None, &c.tr),
                board: card.board,
                colour: card.colour_text,
                opponent: card.opponent,
            }
        })
        .collect();
    lines.sort_by(|a, b| {
        a.player
            .name
            .to_lowercase()
            .cmp(&b.player.name.to_lowercase())
            .then(a.player.number.cmp(&b.player.number))
    });
    Ok(lines)
}

async fn alphabetical_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
) -> Page {
    let (e, ev) = event_view(&st, &c, id)?;
    let lines = alphabetical_lines(&st.store, &c, &e)?;
    html(&AlphabeticalPage {
        round: e.paired_rounds,
        lines,
        ev,
        c,
    })
}

/// A line of the action log.
#[derive(Debug, Clone, Default)]
pub struct LogLine {
    pub id: i64,
    pub at: String,
    pub actor: String,
    pub action: String,
    pub detail: String,
    pub undone: bool,
}

#[derive(Template)]
#[template(path = "log.html")]
struct LogPage {
    c: Ctx,
    ev: EventView,
    lines: Vec<LogLine>,
}

async fn log_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
) -> Page {
    let (_, ev) = event_view(&st, &c, id)?;
    let lines = st
        .store
        .log(id)?
        .into_iter()
        .map(|l| {
            let key = format!("action-{}", l.action);
            let action = c.t(&key);
            LogLine {
                id: l.id,
                at: c.tr.datetime(&l.at),
                actor: l.actor,
                action: if action == key { l.action } else { action },
                detail: l.detail.to_string(),
                undone: l.undone,
            }
        })
        .collect();
    html(&LogPage { c, ev, lines })
}

/// One board of a round as it was (names and result, nothing to enter).
#[derive(Debug, Clone, Default)]
pub struct PastBoard {
    pub board: u32,
    pub white: String,
    /// Empty for the pairing-allocated bye.
    pub black: String,
    pub result: String,
}

/// A round as it was: its boards and its byes (name, kind).
#[derive(Debug, Clone, Default)]
pub struct PastRound {
    pub number: u32,
    pub boards: Vec<PastBoard>,
    pub byes: Vec<(String, String)>,
}

#[derive(Template)]
#[template(path = "state_after.html")]
struct StateAfterPage {
    c: Ctx,
    ev: EventView,
    entry: LogLine,
    players: Vec<PlayerView>,
    rounds: Vec<PastRound>,
    /// The standings of that moment (none when they could not be computed then).
    standings: bool,
    after: u32,
    codes: Vec<String>,
    rows: Vec<StandingView>,
    legend: Vec<LegendItem>,
}

/// The event as it was right after one action of its log: read only.
async fn state_after_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path((id, entry)): Path<(EventId, i64)>,
) -> Page {
    let (_, ev) = event_view(&st, &c, id)?;
    let line = st
        .store
        .log(id)?
        .into_iter()
        .find(|l| l.id == entry)
        .ok_or(AppError::NotFound)?;
    let past = st.store.past_state(id, entry)?;
    let names: HashMap<PlayerKey, String> = past
        .players
        .iter()
        .map(|p| (p.id, p.details.name.clone()))
        .collect();
    let name = |k: PlayerKey| names.get(&k).cloned().unwrap_or_default();
    let rounds = past
        .rounds
        .iter()
        .map(|r| PastRound {
            number: r.number,
            boards: r
                .games
                .iter()
                .map(|g| PastBoard {
                    board: g.board,
                    white: name(g.white),
                    black: g.black.map(name).unwrap_or_default(),
                    result: match g.black {
                        Some(_) => views::result_text(g.result),
                        None => c.tr.points(&past.settings.points_bye),
                    },
                })
                .collect(),
            byes: r
                .byes
                .iter()
                .map(|b| (name(b.player), views::bye_kind(&c.tr, b.kind)))
                .collect(),
        })
        .collect();
    let points: HashMap<PlayerKey, tournament::Points> = past
        .standings
        .iter()
        .flat_map(|s| s.rows.iter().map(|r| (r.player.id, r.points)))
        .collect();
    let players = past
        .players
        .iter()
        .map(|p| views::player_view(p, points.get(&p.id).copied(), &c.tr))
        .collect();
    let (standings, after, codes, rows, legend) = match &past.standings {
        Some(s) => (
            true,
            s.after_round,
            s.tiebreak_codes.clone(),
            views::standings_rows(&c.tr, s),
            views::legend(&c.tr, &s.tiebreak_codes),
        ),
        None => (false, 0, Vec::new(), Vec::new(), Vec::new()),
    };
    let key = format!("action-{}", line.action);
    let action = c.tr.lookup(&key, &[]).unwrap_or(line.action);
    html(&StateAfterPage {
        entry: LogLine {
            id: line.id,
            at: c.tr.datetime(&line.at),
            actor: line.actor,
            action,
            detail: line.detail.to_string(),
            undone: line.undone,
        },
        players,
        rounds,
        standings,
        after,
        codes,
        rows,
        legend,
        ev,
        c,
    })
}

async fn undo(State(st): State<AppState>, a: Arbiter, Path(id): Path<EventId>) -> Page {
    st.store.undo_last(&a.username, id)?;
    see(format!("/events/{id}/log"))
}

// ---------------------------------------------------------------------------------------------
// Exports and backup

#[derive(Debug, Deserialize)]
struct FormatQuery {
    format: Option<String>,
}

pub(crate) fn trf_format(f: Option<&str>) -> Result<tournament::trf::Format, AppError> {
    match f.unwrap_or("trf16") {
        "trf16" | "16" => Ok(tournament::trf::Format::Trf16),
        "trf26" | "26" | "trf2026" => Ok(tournament::trf::Format::Trf26),
        other => Err(AppError::invalid(
            "format",
            "trf16 or trf26",
            format!("{other:?}"),
        )),
    }
}

fn attachment(content_type: &str, filename: &str, body: Vec<u8>) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{filename}\""),
            ),
        ],
        body,
    )
        .into_response()
}

async fn export_trf(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<FormatQuery>,
) -> Page {
    let format = trf_format(q.format.as_deref())?;
    let text = st.store.export_trf(id, format)?;
    Ok(attachment(
        "text/plain; charset=utf-8",
        &format!("event-{id}.trf"),
        text.into_bytes(),
    ))
}

/// The standings as CSV: place, number, name, title, rating, federation, points, tie-breaks.
pub(crate) fn standings_csv_text(s: &store::Standings) -> String {
    fn field(s: &str) -> String {
        if s.contains([',', '"', '\n']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_string()
        }
    }
    let mut out = String::from("rank,number,name,title,rating,federation,points");
    for code in &s.tiebreak_codes {
        out.push(',');
        out.push_str(&field(code));
    }
    out.push('\n');
    for r in &s.rows {
        let d = &r.player.details;
        let mut line = vec![
            r.rank.to_string(),
            r.player.number.to_string(),
            field(&d.name),
            field(&d.title),
            d.rating.map(|x| x.to_string()).unwrap_or_default(),
            field(&d.federation),
            r.points.to_string(),
        ];
        line.extend(r.values.iter().map(|v| field(v)));
        out.push_str(&line.join(","));
        out.push('\n');
    }
    out
}

async fn standings_csv(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<AfterQuery>,
) -> Page {
    let s = st.store.standings(id, q.after)?;
    Ok(attachment(
        "text/csv; charset=utf-8",
        &format!("standings-{id}.csv"),
        standings_csv_text(&s).into_bytes(),
    ))
}

async fn standings_json(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<AfterQuery>,
) -> Page {
    let s = st.store.standings(id, q.after)?;
    Ok(axum::Json(s).into_response())
}

#[derive(Template)]
#[template(path = "backup.html")]
struct BackupPage {
    c: Ctx,
    account_created: bool,
}

#[derive(Debug, Deserialize)]
struct BackupQuery {
    account: Option<String>,
}

async fn backup_page(c: Ctx, _a: Arbiter, Query(q): Query<BackupQuery>) -> Page {
    html(&BackupPage {
        c,
        account_created: q.account.is_some(),
    })
}

/// A temporary file beside the database (same disk, removed after use).
pub(crate) fn temp_beside(st: &AppState, what: &str) -> std::path::PathBuf {
    let name = st
        .db_path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| "arbiter.db".into());
    let token = store::auth::random_token();
    st.db_path
        .with_file_name(format!(".{name}.{what}-{}.tmp", &token[..16]))
}

pub(crate) async fn backup_bytes(st: &AppState) -> Result<Vec<u8>, AppError> {
    let path = temp_beside(st, "backup");
    let store = st.store.clone();
    let p = path.clone();
    let result = blocking(move || store.backup_to(&p)).await;
    let bytes = result.and_then(|()| {
        std::fs::read(&path).map_err(|e| AppError::Internal(format!("backup: {e}")))
    });
    let _ = std::fs::remove_file(&path);
    bytes
}

async fn backup_download(State(st): State<AppState>, _a: Arbiter) -> Page {
    let bytes = backup_bytes(&st).await?;
    Ok(attachment(
        "application/vnd.sqlite3",
        "arbiter-backup.db",
        bytes,
    ))
}

pub(crate) async fn restore_bytes(st: &AppState, bytes: Vec<u8>) -> Result<(), AppError> {
    let path = temp_beside(st, "restore");
    std::fs::write(&path, &bytes).map_err(|e| AppError::Internal(format!("restore: {e}")))?;
    let store = st.store.clone();
    let p = path.clone();
    let result = blocking(move || store.restore_from(&p)).await;
    // Versions start again from the restored log: forget the pages of the old one.
    st.public_pages
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .clear();
    let _ = std::fs::remove_file(&path);
    result
}

async fn restore(State(st): State<AppState>, _a: Arbiter, mut form: Multipart) -> Page {
    let mut bytes = None;
    while let Some(field) = form
        .next_field()
        .await
        .map_err(|e| AppError::BadRequest(e.to_string()))?
    {
        if field.name() == Some("file") {
            bytes = Some(
                field
                    .bytes()
                    .await
                    .map_err(|e| AppError::BadRequest(e.to_string()))?
                    .to_vec(),
            );
        }
    }
    let bytes = bytes
        .filter(|b| !b.is_empty())
        .ok_or_else(|| AppError::invalid("file", "an arbiter database file", "nothing"))?;
    restore_bytes(&st, bytes).await?;
    see("/")
}

// ---------------------------------------------------------------------------------------------
// Public pages and the players' report

#[derive(Template)]
#[template(path = "public.html")]
struct PublicPage {
    c: Ctx,
    ev: EventView,
    round: u32,
    boards: Vec<BoardView>,
    byes: Vec<ByeView>,
    codes: Vec<String>,
    rows: Vec<StandingView>,
    after: u32,
}

async fn public_page(State(st): State<AppState>, c: Ctx, Path(id): Path<EventId>) -> Page {
    // Anonymous visitors all see the same page (no session, no token in it): reuse it while
    // the event has not changed.
    let anonymous = c.user.is_none();
    let key = (id, c.tr.code());
    let version = st.store.event_version(id)?;
    if anonymous {
        let cached = st
            .public_pages
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
            .cloned();
        if let Some((v, page)) = cached {
            if v == version {
                return Ok(([(header::CACHE_CONTROL, "no-store")], Html(page)).into_response());
            }
        }
    }
    let e = st.store.event(id)?;
    if !e.settings.public {
        return Err(AppError::NotFound);
    }
    let ev = EventView::new(&e, &c.tr);
    let (boards, byes) = if e.paired_rounds > 0 {
        let round = st.store.round(id, e.paired_rounds)?;
        let list = views::round_view(&st.store, &c.tr, &e, &round)?;
        (list.boards, list.byes)
    } else {
        (Vec::new(), Vec::new())
    };
    let s = st.store.standings(id, None)?;
    let page = PublicPage {
        round: e.paired_rounds,
        boards,
        byes,
        rows: views::standings_rows(&c.tr, &s),
        after: s.after_round,
        codes: s.tiebreak_codes,
        ev,
        c,
    }
    .render()?;
    if anonymous {
        st.public_pages
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key, (version, page.clone()));
    }
    Ok(([(header::CACHE_CONTROL, "no-store")], Html(page)).into_response())
}

#[derive(Template)]
#[template(path = "report.html")]
struct ReportPage {
    c: Ctx,
    /// `code`: ask for the code; `confirm`: show the board; `done`: reported.
    step: &'static str,
    code: String,
    event: String,
    round: u32,
    board: u32,
    white: String,
    black: String,
    choice: String,
}

impl ReportPage {
    fn new(c: Ctx, step: &'static str) -> ReportPage {
        ReportPage {
            c,
            step,
            code: String::new(),
            event: String::new(),
            round: 0,
            board: 0,
            white: String::new(),
            black: String::new(),
            choice: String::new(),
        }
    }
}

async fn report_page(c: Ctx) -> Page {
    html(&ReportPage::new(c, "code"))
}

/// The board a player's code opens, counted against the client's wrong codes; `board`, when
/// given, must be that code's board.
pub(crate) fn open_board(
    st: &AppState,
    ip: std::net::IpAddr,
    code: &str,
    board: Option<u32>,
) -> Result<(store::Event, store::Game), AppError> {
    if !st.limiter.allowed(ip) {
        return Err(AppError::RateLimited);
    }
    let found = st.store.lookup_code(code);
    let wrong = |msg: &str| {
        st.limiter.wrong(ip);
        AppError::Store(store::Error::Refused {
            reason: store::Refusal::BadCode,
            message: msg.to_string(),
        })
    };
    match found {
        Ok((e, g)) => match board {
            Some(b) if b != g.board => Err(wrong("this code does not open that board")),
            _ if g.black.is_none() => Err(wrong("this code is the pairing-allocated bye's")),
            _ => Ok((e, g)),
        },
        // A confirmed board is a right code come too late: said as such, and not counted.
        Err(
            e @ store::Error::Refused {
                reason: store::Refusal::ResultConfirmed,
                ..
            },
        ) => Err(e.into()),
        Err(store::Error::Refused { message, .. }) => Err(wrong(&message)),
        Err(store::Error::NotFound(_)) => Err(wrong("unknown code")),
        Err(e) => Err(e.into()),
    }
}

#[derive(Debug, Deserialize)]
struct CodeForm {
    code: String,
    board: Option<serde_json::Value>,
    result: Option<String>,
}

pub(crate) fn names_of(
    st: &AppState,
    g: &store::Game,
    event: EventId,
) -> Result<(String, String), AppError> {
    let name = |k: PlayerKey| st.store.player(event, k).map(|p| p.details.name);
    Ok((
        name(g.white)?,
        g.black.map(name).transpose()?.unwrap_or_default(),
    ))
}

async fn report_lookup(State(st): State<AppState>, c: Ctx, Form(f): Form<CodeForm>) -> Page {
    let (e, g) = open_board(&st, c.client_ip, &f.code, None)?;
    let (white, black) = names_of(&st, &g, e.id)?;
    let mut page = ReportPage::new(c, "confirm");
    page.code = f.code.trim().to_uppercase();
    page.event = e.settings.name;
    page.round = g.round;
    page.board = g.board;
    page.white = white;
    page.black = black;
    page.choice = g
        .reported
        .map(|x| views::result_text(Some(x)))
        .unwrap_or_default();
    html(&page)
}

async fn report_confirm(State(st): State<AppState>, c: Ctx, Form(f): Form<CodeForm>) -> Page {
    let board: Option<u32> = forms::number("board", &f.board, "a board number")?;
    let result = forms::result("result", f.result.as_deref().unwrap_or(""))?
        .filter(|r| r.is_over_the_board())
        .ok_or_else(|| {
            AppError::invalid(
                "result",
                "1-0, 1/2 or 0-1",
                format!("{:?}", f.result.clone().unwrap_or_default()),
            )
        })?;
    let (e, g) = open_board(&st, c.client_ip, &f.code, board)?;
    let (store, code) = (st.store.clone(), f.code.clone());
    blocking(move || store.report_result(&code, result)).await?;
    let (white, black) = names_of(&st, &g, e.id)?;
    let mut page = ReportPage::new(c, "done");
    page.event = e.settings.name;
    page.round = g.round;
    page.board = g.board;
    page.white = white;
    page.black = black;
    page.choice = views::result_text(Some(result));
    html(&page)
}
