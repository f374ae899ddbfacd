//! Bridge individual sessions (issue 38 §3): the director creates one from the bridge home (the
//! movements [`bridge::individual`] offers, for the table counts it offers them), types the
//! players' names, prints the movement card and the tables' codes; the phones at the tables
//! open the round by the table's code (`/t/{code}`, see `table_code.rs`), show the four players
//! by seat and enter the boards as at a pairs table; the director corrects a line and settles a
//! conflict by entering it; the ranking by player is shown, printed and exported as CSV.

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Redirect, Response};
use axum::Form;
use bridge::individual::{IndividualKind, IndividualMovement};
use bridge::{Ratio, Seat};
use serde::Deserialize;
use store::bridge::{Individual, IndividualId, IndividualLine, IndividualSettings, TableCode};
use store::Scope;

use super::forms::EntryForm;
use super::table::{
    choices, device, notice, outcome_code, with_device, BoardView, EnterForm, RoundForm,
    TableChoices, TableQuery,
};
use super::{entry_text, notation, status_label};
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::{Guard, Kind, Own, Routes};
use crate::i18n::Tr;
use crate::page::{attachment, blocking, html};
use crate::AppState;

type Page = Result<Response, AppError>;

pub fn routes() -> Routes {
    Routes::new()
        .get("/bridge/individual", list_page)
        .post("/bridge/individual", Guard::Own(Own::Create), create)
        .get("/bridge/individual/{id}", session_page)
        .get("/bridge/individual/{id}/players", players_page)
        .post(
            "/bridge/individual/{id}/players",
            Guard::Whole(Kind::BridgeIndividual),
            save_players,
        )
        .post(
            "/bridge/individual/{id}/lines",
            Guard::Whole(Kind::BridgeIndividual),
            save_line,
        )
        .get("/bridge/individual/{id}/movement", movement_page)
        .get("/bridge/individual/{id}/ranking", ranking_page)
        .get("/bridge/individual/{id}/ranking.csv", ranking_csv)
        .get("/api/bridge/individual/{id}", api_session)
        .post(
            "/api/bridge/individual",
            Guard::Own(Own::Create),
            api_create,
        )
        .post(
            "/t/{code}/individual/{board}",
            Guard::Own(Own::Phone),
            phone_enter,
        )
        .post(
            "/t/{code}/individual/{board}/confirm",
            Guard::Own(Own::Phone),
            phone_confirm,
        )
}

/// The session's heading on every page.
#[derive(Debug, Clone)]
pub struct IndView {
    pub id: IndividualId,
    pub name: String,
    /// "Rainbow, 5 tables, 1 board a round".
    pub movement: String,
    pub version: i64,
}

fn kind_label(tr: &Tr, k: IndividualKind) -> String {
    tr.t(&format!("bind-kind-{}", k.name()))
}

impl IndView {
    fn new(st: &AppState, tr: &Tr, i: &Individual) -> Result<IndView, AppError> {
        let s = &i.settings;
        Ok(IndView {
            id: i.id,
            name: s.name.to_string(),
            movement: tr.targs(
                "bind-movement-of",
                &[
                    ("kind", kind_label(tr, s.kind).into()),
                    ("tables", s.tables.into()),
                    ("boards", s.boards_per_round.into()),
                ],
            ),
            version: st.store.version(Scope::BridgeIndividual(i.id))?.0,
        })
    }
}

/// A movement offered at creation: `rainbow-5`.
#[derive(Debug, Clone)]
pub struct MovementChoice {
    pub value: String,
    pub label: String,
}

fn movement_choices(tr: &Tr) -> Vec<MovementChoice> {
    IndividualKind::ALL
        .into_iter()
        .flat_map(|k| {
            k.offered().iter().map(move |&t| MovementChoice {
                value: format!("{}-{t}", k.name()),
                label: tr.targs(
                    "bind-movement-choice",
                    &[
                        ("kind", kind_label(tr, k).into()),
                        ("tables", t.into()),
                        ("players", (4 * t).into()),
                        ("rounds", k.rounds(t).into()),
                    ],
                ),
            })
        })
        .collect()
}

#[derive(Template)]
#[template(path = "bridge/individual_list.html")]
struct ListPage {
    c: Ctx,
    sessions: Vec<(IndividualId, String, String)>,
    movements: Vec<MovementChoice>,
}

async fn list_page(State(st): State<AppState>, c: Ctx, _a: Arbiter) -> Page {
    let sessions = st
        .store
        .individuals()?
        .into_iter()
        .map(|i| {
            let m = IndView::new(&st, &c.tr, &i).map(|v| v.movement)?;
            Ok((i.id, i.settings.name.to_string(), m))
        })
        .collect::<Result<Vec<_>, AppError>>()?;
    let movements = movement_choices(&c.tr);
    html(&ListPage {
        c,
        sessions,
        movements,
    })
}

#[derive(Debug, Deserialize)]
struct CreateForm {
    name: String,
    movement: String,
    boards_per_round: String,
}

async fn create(State(st): State<AppState>, a: Arbiter, Form(f): Form<CreateForm>) -> Page {
    let s = f.settings()?;
    let store = st.store.clone();
    let id = blocking(move || store.create_individual(&a.username, &s)).await?;
    Ok(Redirect::to(&format!("/bridge/individual/{id}/players")).into_response())
}

/// `POST /api/bridge/individual`: `{"name", "kind", "tables", "boards_per_round"}`.
#[derive(Debug, Deserialize)]
struct CreateBody {
    name: String,
    kind: String,
    tables: u32,
    boards_per_round: u32,
}

async fn api_create(State(st): State<AppState>, a: Arbiter, bytes: axum::body::Bytes) -> Page {
    let b: CreateBody = crate::json::body(&bytes)?;
    let f = CreateForm {
        name: b.name,
        movement: format!("{}-{}", b.kind, b.tables),
        boards_per_round: b.boards_per_round.to_string(),
    };
    let s = f.settings()?;
    let store = st.store.clone();
    let id = blocking(move || store.create_individual(&a.username, &s)).await?;
    api_body(&st, id)
}

/// `GET /api/bridge/individual/{id}`: the session, its players, its lines and the ranking.
async fn api_session(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<IndividualId>,
) -> Page {
    api_body(&st, id)
}

fn api_body(st: &AppState, id: IndividualId) -> Page {
    let i = st.store.individual(id)?;
    let players: Vec<serde_json::Value> = st
        .store
        .individual_players(id)?
        .into_iter()
        .map(|(n, name)| serde_json::json!({ "number": n, "name": name.as_str() }))
        .collect();
    let r = st.store.individual_ranking(id)?;
    let ranking: Vec<serde_json::Value> = r
        .scored
        .ranking
        .iter()
        .map(|p| {
            serde_json::json!({
                "place": p.place,
                "tied": p.tied,
                "player": p.player,
                "mp": p.mp.to_fixed(2),
                "top": p.top.to_fixed(2),
                "percent": p.percent().map(|x| x.to_fixed(2)),
                "boards": p.boards,
            })
        })
        .collect();
    crate::json::ok(serde_json::json!({
        "id": i.id,
        "settings": i.settings,
        "created_at": i.created_at,
        "players": players,
        "lines": st.store.individual_lines(id)?,
        "ranking": ranking,
    }))
}

impl CreateForm {
    /// The settings the form describes, each wrong value named by its field.
    fn settings(&self) -> Result<IndividualSettings, AppError> {
        let f = self;
        let name = f.name.trim().parse().map_err(|e: store::text::TextError| {
            AppError::invalid("name", e.to_string(), &f.name)
        })?;
        let (kind, tables) = f
            .movement
            .split_once('-')
            .and_then(|(k, t)| Some((k.parse::<IndividualKind>().ok()?, t.parse::<u32>().ok()?)))
            .ok_or_else(|| {
                AppError::invalid("movement", "one of the movements offered", &f.movement)
            })?;
        let boards: u32 = f.boards_per_round.trim().parse().map_err(|_| {
            AppError::invalid(
                "boards_per_round",
                format!(
                    "a number of boards from 1 to {}",
                    bridge::individual::MAX_BOARDS_PER_ROUND
                ),
                &f.boards_per_round,
            )
        })?;
        Ok(IndividualSettings::new(name, kind, tables, boards))
    }
}

/// A player as the pages name them: "7 Alice Martin" (the number alone when no name).
fn player_text(names: &[(u32, store::text::PersonName)], p: u32) -> String {
    match names.get(p as usize - 1) {
        Some((_, n)) if !n.trim().is_empty() => format!("{p} {n}"),
        _ => p.to_string(),
    }
}

/// One line on the director's page.
#[derive(Debug, Clone)]
pub struct LineView {
    pub board: u32,
    pub table: u32,
    pub round: u32,
    pub players: [String; 4],
    pub shown: String,
    pub score: String,
    pub status: String,
    pub status_code: &'static str,
    pub conflict: bool,
}

fn line_view(tr: &Tr, names: &[(u32, store::text::PersonName)], l: &IndividualLine) -> LineView {
    LineView {
        board: l.board,
        table: l.table,
        round: l.round,
        players: l.players.map(|p| player_text(names, p)),
        shown: l
            .entry
            .as_ref()
            .map(|e| entry_text(tr, e))
            .unwrap_or_default(),
        score: l.score_ns.map(super::table::score_text).unwrap_or_default(),
        status: status_label(tr, l.status),
        status_code: l.status.code(),
        conflict: l.conflict,
    }
}

#[derive(Template)]
#[template(path = "bridge/individual.html")]
struct SessionPage {
    c: Ctx,
    s: IndView,
    tab: &'static str,
    codes: Vec<TableCode>,
    rounds: Vec<(u32, Vec<LineView>)>,
    conflicts: Vec<String>,
    missing: usize,
    /// The correction form's values (from the address: `?board=3&table=2&round=1`).
    board: String,
    table: String,
    round: String,
    style: &'static str,
}

#[derive(Debug, Deserialize, Default)]
struct LineQuery {
    board: Option<u32>,
    table: Option<u32>,
    round: Option<u32>,
}

async fn session_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<IndividualId>,
    Query(q): Query<LineQuery>,
) -> Page {
    let i = st.store.individual(id)?;
    let s = IndView::new(&st, &c.tr, &i)?;
    let names = st.store.individual_players(id)?;
    let lines = st.store.individual_lines(id)?;
    let mut rounds: Vec<(u32, Vec<LineView>)> = Vec::new();
    let mut by_round: Vec<&IndividualLine> = lines.iter().collect();
    by_round.sort_by_key(|l| (l.round, l.table, l.board));
    for l in by_round {
        if rounds.last().is_none_or(|(r, _)| *r != l.round) {
            rounds.push((l.round, Vec::new()));
        }
        if let Some((_, v)) = rounds.last_mut() {
            v.push(line_view(&c.tr, &names, l));
        }
    }
    let conflicts = st
        .store
        .individual_conflicts(id)?
        .iter()
        .map(|x| {
            c.tr.targs(
                "bind-conflict",
                &[
                    ("board", x.board.into()),
                    ("table", x.table.into()),
                    ("round", x.round.into()),
                    ("kept", entry_text(&c.tr, &x.kept).into()),
                    ("other", entry_text(&c.tr, &x.other).into()),
                ],
            )
        })
        .collect();
    let missing = lines.iter().filter(|l| l.entry.is_none()).count();
    html(&SessionPage {
        s,
        tab: "session",
        codes: st.store.individual_table_codes(id)?,
        rounds,
        conflicts,
        missing,
        board: q.board.map(|b| b.to_string()).unwrap_or_default(),
        table: q.table.map(|t| t.to_string()).unwrap_or_default(),
        round: q.round.map(|r| r.to_string()).unwrap_or_default(),
        style: super::STYLE,
        c,
    })
}

#[derive(Debug, Deserialize)]
struct LineForm {
    board: String,
    table: String,
    round: String,
    #[serde(flatten)]
    entry: EntryForm,
}

async fn save_line(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path(id): Path<IndividualId>,
    Form(f): Form<LineForm>,
) -> Page {
    let number = |field: &str, v: &str| {
        v.trim()
            .parse::<u32>()
            .map_err(|_| AppError::invalid(field, "a number", format!("{v:?}")))
    };
    let board = number("board", &f.board)?;
    let table = number("table", &f.table)?;
    let round = number("round", &f.round)?;
    let entry = f.entry.entry_in(notation(&c.tr))?;
    let store = st.store.clone();
    blocking(move || store.set_individual_line(&a.username, id, (board, table, round), &entry))
        .await?;
    Ok(Redirect::to(&format!("/bridge/individual/{id}#round-lines")).into_response())
}

#[derive(Template)]
#[template(path = "bridge/individual_players.html")]
struct PlayersPage {
    c: Ctx,
    s: IndView,
    tab: &'static str,
    players: Vec<(u32, String)>,
    style: &'static str,
}

async fn players_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<IndividualId>,
) -> Page {
    let i = st.store.individual(id)?;
    let s = IndView::new(&st, &c.tr, &i)?;
    let players = st
        .store
        .individual_players(id)?
        .into_iter()
        .map(|(n, name)| (n, name.to_string()))
        .collect();
    html(&PlayersPage {
        c,
        s,
        tab: "players",
        players,
        style: super::STYLE,
    })
}

async fn save_players(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<IndividualId>,
    Form(f): Form<Vec<(String, String)>>,
) -> Page {
    let mut names = Vec::new();
    for (k, v) in &f {
        let Some(n) = k.strip_prefix("name_") else {
            continue;
        };
        let number: u32 = n
            .parse()
            .map_err(|_| AppError::invalid(k.as_str(), "a player's number", n))?;
        let name = v
            .trim()
            .parse()
            .map_err(|e: store::text::TextError| AppError::invalid(k.as_str(), e.to_string(), v))?;
        names.push((number, name));
    }
    let store = st.store.clone();
    blocking(move || store.set_individual_players(&a.username, id, &names)).await?;
    Ok(Redirect::to(&format!("/bridge/individual/{id}/players?saved=1")).into_response())
}

/// One table of one round on the movement card.
#[derive(Debug, Clone)]
pub struct CardCell {
    pub seats: [String; 4],
    pub boards: String,
}

#[derive(Template)]
#[template(path = "bridge/individual_movement.html")]
struct MovementPage {
    c: Ctx,
    s: IndView,
    tab: &'static str,
    tables: Vec<u32>,
    rounds: Vec<(u32, Vec<CardCell>)>,
    players: Vec<(u32, String)>,
    style: &'static str,
}

fn boards_text(m: &IndividualMovement, set: u32) -> String {
    let b = m.boards(set);
    if b.start() == b.end() {
        b.start().to_string()
    } else {
        format!("{}–{}", b.start(), b.end())
    }
}

async fn movement_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<IndividualId>,
) -> Page {
    let i = st.store.individual(id)?;
    let s = IndView::new(&st, &c.tr, &i)?;
    let m = st.store.individual_movement(id)?;
    let rounds = m
        .rounds
        .iter()
        .map(|r| {
            let cells = r
                .tables
                .iter()
                .map(|t| CardCell {
                    seats: [t.north, t.east, t.south, t.west].map(|p| p.to_string()),
                    boards: boards_text(&m, t.set),
                })
                .collect();
            (r.round, cells)
        })
        .collect();
    let players = st
        .store
        .individual_players(id)?
        .into_iter()
        .map(|(n, name)| (n, name.to_string()))
        .collect();
    html(&MovementPage {
        c,
        s,
        tab: "movement",
        tables: (1..=m.tables).collect(),
        rounds,
        players,
        style: super::STYLE,
    })
}

/// One player's line of the ranking.
#[derive(Debug, Clone)]
pub struct RankRow {
    pub place: String,
    pub player: u32,
    pub name: String,
    pub mp: String,
    pub top: String,
    pub percent: String,
    pub boards: u32,
}

fn rank_rows(
    tr: &Tr,
    r: &store::bridge::IndividualRanking,
    names: &[(u32, store::text::PersonName)],
) -> Vec<RankRow> {
    let num = |v: Ratio| tr.num(&v.to_fixed(2));
    r.scored
        .ranking
        .iter()
        .map(|p| RankRow {
            place: if p.tied {
                format!("{}=", p.place)
            } else {
                p.place.to_string()
            },
            player: p.player,
            name: names
                .get(p.player as usize - 1)
                .map(|(_, n)| n.to_string())
                .unwrap_or_default(),
            mp: num(p.mp),
            top: num(p.top),
            percent: p.percent().map(num).unwrap_or_default(),
            boards: p.boards,
        })
        .collect()
}

#[derive(Template)]
#[template(path = "bridge/individual_ranking.html")]
struct RankingPage {
    c: Ctx,
    s: IndView,
    tab: &'static str,
    rows: Vec<RankRow>,
    /// Lines still without a result or unsettled, said above the ranking (empty when none).
    partial: String,
    style: &'static str,
}

async fn ranking_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<IndividualId>,
) -> Page {
    let i = st.store.individual(id)?;
    let s = IndView::new(&st, &c.tr, &i)?;
    let r = st.store.individual_ranking(id)?;
    let names = st.store.individual_players(id)?;
    html(&RankingPage {
        rows: rank_rows(&c.tr, &r, &names),
        partial: if r.missing + r.open > 0 {
            c.tr.targs(
                "bind-ranking-partial",
                &[("missing", r.missing.into()), ("open", r.open.into())],
            )
        } else {
            String::new()
        },
        s,
        tab: "ranking",
        style: super::STYLE,
        c,
    })
}

async fn ranking_csv(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<IndividualId>,
) -> Page {
    let r = st.store.individual_ranking(id)?;
    let names = st.store.individual_players(id)?;
    let d = report::csv::Dialect::of(c.tr.lang);
    let mut out = d.start().to_string();
    let header = [
        "bind-col-place",
        "bind-col-player",
        "bind-col-name",
        "bridge-col-mp",
        "bridge-col-top",
        "bind-col-percent",
        "bridge-col-boards",
    ]
    .map(|k| c.tr.t(k));
    out.push_str(&d.row(header));
    out.push('\n');
    let plain = |v: &str| d.number(&v.replace(',', "."));
    for row in rank_rows(&c.tr, &r, &names) {
        out.push_str(&d.row([
            row.place,
            row.player.to_string(),
            row.name,
            plain(&row.mp),
            plain(&row.top),
            plain(&row.percent),
            row.boards.to_string(),
        ]));
        out.push('\n');
    }
    Ok(attachment(
        "text/csv; charset=utf-8",
        &format!("individual-{id}.csv"),
        out.into_bytes(),
    ))
}

// ---------------------------------------------------------------------------------------------
// The phones at the tables

#[derive(Template)]
#[template(path = "bridge/individual_table.html")]
struct PhonePage {
    c: Ctx,
    name: String,
    code: String,
    table: u32,
    round: u32,
    rounds: u32,
    current: u32,
    /// (seat's name, the player: "7 Alice Martin").
    seats: Vec<(String, String)>,
    boards: Vec<BoardView>,
    done: bool,
    closed: bool,
    notice: String,
    notice_class: &'static str,
    keys: TableChoices,
    entry_path: String,
    style: &'static str,
}

/// An individual table's page (`/t/{code}` when the code is an individual session's table).
pub(super) fn phone_page(
    st: &AppState,
    c: Ctx,
    headers: &HeaderMap,
    code: &str,
    i: &Individual,
    table: u32,
    q: &TableQuery,
) -> Page {
    let code = code.trim().to_uppercase();
    let (dev, new) = device(headers);
    let current = st.store.individual_current_round(i.id, table)?;
    let round = q
        .round
        .as_deref()
        .and_then(|r| r.trim().parse::<u32>().ok())
        .unwrap_or(current);
    let at = st.store.individual_table_round(i.id, table, round)?;
    let names = st.store.individual_players(i.id)?;
    let closed = round < current;
    let seats = [Seat::North, Seat::East, Seat::South, Seat::West]
        .into_iter()
        .map(|seat| {
            (
                c.t(&format!("bind-seat-{}", seat.letter())),
                player_text(&names, at.seating.player(seat)),
            )
        })
        .collect();
    let conflicts = if at.lines.iter().any(|l| l.conflict) {
        st.store.individual_conflicts(i.id)?
    } else {
        Vec::new()
    };
    let boards = at
        .lines
        .iter()
        .map(|l| {
            let mut b = BoardView::new(&c.tr, l.board, l.status, l.conflict);
            b.score = l.score_ns.map(super::table::score_text).unwrap_or_default();
            if let Some(e) = &l.entry {
                b.fill(&c.tr, e);
            }
            if let Some(x) = conflicts
                .iter()
                .find(|x| (x.board, x.table, x.round) == (l.board, table, round))
            {
                b.other = format!(
                    "{} / {}",
                    entry_text(&c.tr, &x.kept),
                    entry_text(&c.tr, &x.other)
                );
            }
            if closed {
                let left = (!l.status.is_final()).then(|| {
                    c.tr.targs(
                        "bridge-table-left",
                        &[("board", l.board.into()), ("round", round.into())],
                    )
                });
                b.without_forms(left);
            }
            b
        })
        .collect();
    let done = at.lines.iter().all(|l| l.status.is_final());
    let (notice, notice_class) = notice(&c, q);
    let r = html(&PhonePage {
        name: i.settings.name.to_string(),
        code: code.clone(),
        table,
        round,
        rounds: at.rounds,
        current,
        seats,
        boards,
        done,
        closed,
        notice,
        notice_class,
        keys: choices(&c.tr),
        entry_path: format!("/t/{code}/individual"),
        style: super::STYLE,
        c,
    })?;
    Ok(with_device(r, &dev, new))
}

/// The individual session and table a code opens (a pairs or teams table's code is no
/// individual's: refused as a wrong code would be, under the same limits).
async fn open(st: &AppState, c: &Ctx, code: &str) -> Result<(Individual, u32), AppError> {
    let (store, address, code) = (st.store.clone(), c.client_ip.to_string(), code.to_string());
    match blocking(move || store.open_any_table(&address, &code)).await? {
        store::bridge::OpenedTable::Individual(i, table) => Ok((i, table)),
        _ => Err(AppError::NotFound),
    }
}

async fn phone_enter(
    State(st): State<AppState>,
    c: Ctx,
    headers: HeaderMap,
    Path((code, board)): Path<(String, u32)>,
    Form(f): Form<EnterForm>,
) -> Page {
    let (i, table) = open(&st, &c, &code).await?;
    let code = code.trim().to_uppercase();
    let (round, entry) = f.read(&c.tr)?;
    let (dev, new) = device(&headers);
    let (store, d) = (st.store.clone(), dev.clone());
    let outcome =
        blocking(move || store.enter_individual(i.id, table, round, board, &entry, &d)).await?;
    let outcome = outcome_code(outcome);
    let r = Redirect::to(&format!(
        "/t/{code}?round={round}&board={board}&outcome={outcome}#board-{board}"
    ))
    .into_response();
    Ok(with_device(r, &dev, new))
}

async fn phone_confirm(
    State(st): State<AppState>,
    c: Ctx,
    Path((code, board)): Path<(String, u32)>,
    Form(f): Form<RoundForm>,
) -> Page {
    let (i, table) = open(&st, &c, &code).await?;
    let code = code.trim().to_uppercase();
    let round = f.round()?;
    let store = st.store.clone();
    blocking(move || store.confirm_individual(i.id, table, round, board)).await?;
    // The page stays on the round: once its boards are confirmed it says so, with the way to
    // the next round.
    Ok(Redirect::to(&format!(
        "/t/{code}?round={round}&board={board}&outcome=confirmed#board-{board}"
    ))
    .into_response())
}
