//! The bridge part of the JSON API (`API.md`, "Bridge sessions"): every action of the
//! director's pages and of the table pages. The director's routes need the login session and
//! its CSRF token in `X-CSRF-Token`; the table routes need only the table's code (and, for a
//! POST, the anonymous token from `GET /api/csrf` with its cookie).

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use store::bridge::{DealsOf, EnterOutcome, SessionId};

use super::forms::{AdjustForm, EntryForm, PairBody, SessionForm};
use super::table::{device, open_table, with_device};
use crate::ctx::{Arbiter, Ctx};
use crate::edits;
use crate::error::AppError;
use crate::forms::required_number;
use crate::guard::{Guard, Kind, Own, Routes};
use crate::json::{body, done, ok, one_or_many, ApiResult};
use crate::page::blocking;
use crate::AppState;

pub fn routes() -> Routes {
    let s = "/api/bridge/sessions/{id}";
    Routes::new()
        .get("/api/bridge/sessions", sessions)
        .post("/api/bridge/sessions", Guard::Own(Own::Create), create)
        .get(s, session)
        .post(s, Guard::Merge(Kind::BridgeSession), update)
        .post(
            &format!("{s}/delete"),
            Guard::Whole(Kind::BridgeSession),
            delete,
        )
        .get(&format!("{s}/movement"), movement)
        .get(&format!("{s}/codes"), codes)
        .get(&format!("{s}/pairs"), pairs)
        .post(
            &format!("{s}/pairs"),
            Guard::Merge(Kind::BridgeSession),
            set_pairs,
        )
        .post(
            &format!("{s}/pairs/import"),
            Guard::Whole(Kind::BridgeSession),
            import_pairs,
        )
        .get(&format!("{s}/deals"), deals)
        .post(
            &format!("{s}/deals"),
            Guard::Whole(Kind::BridgeSession),
            set_deals,
        )
        .get(&format!("{s}/lines"), lines)
        .post(
            &format!("{s}/lines"),
            Guard::Merge(Kind::BridgeSession),
            director_set,
        )
        .post(
            &format!("{s}/adjust"),
            Guard::Merge(Kind::BridgeSession),
            adjust,
        )
        .post(
            &format!("{s}/clear"),
            Guard::Merge(Kind::BridgeSession),
            clear,
        )
        .get(&format!("{s}/conflicts"), conflicts)
        .post(
            &format!("{s}/conflicts/{{cid}}/resolve"),
            Guard::Merge(Kind::BridgeSession),
            resolve,
        )
        .get(&format!("{s}/calls"), calls)
        .post(
            &format!("{s}/calls/{{cid}}/clear"),
            Guard::Whole(Kind::BridgeSession),
            clear_call,
        )
        .get(&format!("{s}/ranking"), ranking)
        .get(&format!("{s}/log"), log)
        .get(&format!("{s}/export.pbn"), export_pbn)
        .get(&format!("{s}/export.xml"), export_usebio)
        .get(&format!("{s}/export.html"), export_html)
        .get("/api/bridge/tables/{code}", table)
        .post(
            "/api/bridge/tables/{code}/enter",
            Guard::Own(Own::Phone),
            enter,
        )
        .post(
            "/api/bridge/tables/{code}/confirm",
            Guard::Own(Own::Phone),
            confirm,
        )
        .post(
            "/api/bridge/tables/{code}/not-played",
            Guard::Own(Own::Phone),
            not_played,
        )
        .post(
            "/api/bridge/tables/{code}/call",
            Guard::Own(Own::Phone),
            call_director,
        )
}

// ---------------------------------------------------------------------------------------------
// Sessions

async fn sessions(State(st): State<AppState>, _a: Arbiter) -> ApiResult {
    ok(st.store.bridge_sessions()?)
}

async fn create(State(st): State<AppState>, a: Arbiter, bytes: Bytes) -> ApiResult {
    let f: SessionForm = body(&bytes)?;
    let settings = f.new_settings()?;
    let store = st.store.clone();
    let id = blocking(move || store.create_bridge_session(&a.username, &settings)).await?;
    ok(st.store.bridge_session(id)?)
}

async fn session(State(st): State<AppState>, _a: Arbiter, Path(id): Path<SessionId>) -> ApiResult {
    ok(st.store.bridge_session(id)?)
}

async fn update(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path(id): Path<SessionId>,
    bytes: Bytes,
) -> ApiResult {
    let f: SessionForm = body(&bytes)?;
    let seen = edits::from_request(&headers, &f.version)?;
    let settings = f.apply(st.store.bridge_session(id)?.settings)?;
    let store = st.store.clone();
    blocking(move || store.update_bridge_settings(&a.username, id, &settings, seen)).await?;
    at_version(&st, id, || Ok(json!(st.store.bridge_session(id)?)))
}

/// A write's answer with the session's version after it (`ETag`), read before the answer's
/// data.
fn at_version(
    st: &AppState,
    id: SessionId,
    data: impl FnOnce() -> Result<Value, AppError>,
) -> ApiResult {
    let version = st.store.bridge_version(id)?;
    Ok(edits::with_version(ok(data()?)?, version))
}

async fn delete(State(st): State<AppState>, a: Arbiter, Path(id): Path<SessionId>) -> ApiResult {
    let store = st.store.clone();
    blocking(move || store.delete_bridge_session(&a.username, id)).await?;
    done()
}

/// The movement as `arbiter bridge movement --format json` prints it.
async fn movement(State(st): State<AppState>, _a: Arbiter, Path(id): Path<SessionId>) -> ApiResult {
    let m = st.store.movement(id)?;
    let rounds: Vec<Value> = m
        .rounds
        .iter()
        .map(|r| {
            json!({
                "round": r.number,
                "tables": r.tables.iter().map(|t| json!({
                    "table": t.table,
                    "ns": t.ns,
                    "ew": t.ew,
                    "boards": m.boards(t.set).collect::<Vec<u32>>(),
                })).collect::<Vec<Value>>(),
            })
        })
        .collect();
    ok(json!({
        "kind": m.kind.name(),
        "tables": m.tables,
        "boards_per_round": m.boards_per_round,
        "rounds": rounds,
    }))
}

async fn codes(State(st): State<AppState>, _a: Arbiter, Path(id): Path<SessionId>) -> ApiResult {
    ok(st.store.table_codes(id)?)
}

// ---------------------------------------------------------------------------------------------
// Pairs and deals

async fn pairs(State(st): State<AppState>, _a: Arbiter, Path(id): Path<SessionId>) -> ApiResult {
    ok(st.store.pairs(id)?)
}

async fn set_pairs(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path(id): Path<SessionId>,
    bytes: Bytes,
) -> ApiResult {
    let seen = edits::from_request(&headers, &None)?;
    // One pair `{"number", "name1", "name2", "club"}` or a list of them.
    let list: Vec<PairBody> = one_or_many(&bytes)?;
    let typed = list
        .iter()
        .map(PairBody::read)
        .collect::<Result<Vec<_>, _>>()?;
    let w = super::pages::write_pairs(&st, a, id, typed, seen).await?;
    if !w.conflicts.is_empty() {
        return Err(AppError::Conflict {
            version: store::Version(st.store.bridge_version(id)?),
            changed: w.conflicts,
            written: w.changed,
        });
    }
    at_version(&st, id, || Ok(json!(st.store.pairs(id)?)))
}

#[derive(Debug, Deserialize)]
pub(super) struct FileBody {
    data: String,
    #[serde(default)]
    file: String,
}

impl FileBody {
    /// The data and the file's name, `default` where the body names none.
    pub(super) fn named(self, default: &str) -> (String, String) {
        let file = if self.file.is_empty() {
            default.to_string()
        } else {
            self.file
        };
        (self.data, file)
    }
}

async fn import_pairs(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<SessionId>,
    bytes: Bytes,
) -> ApiResult {
    let f: FileBody = body(&bytes)?;
    let store = st.store.clone();
    let (data, file) = f.named("pairs.csv");
    let n = blocking(move || store.import_pairs_csv(&a.username, id, &data, &file)).await?;
    ok(json!({ "imported": n }))
}

/// The hand records, each with its double-dummy tricks and par once solved (the same JSON as
/// `arbiter bridge analyse --format json`); 202 while the solver is at work.
async fn deals(State(st): State<AppState>, _a: Arbiter, Path(id): Path<SessionId>) -> ApiResult {
    let records = st.store.hand_records(id)?;
    super::solver::api_answer(&st, DealsOf::Session(id), &records)
}

async fn set_deals(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<SessionId>,
    bytes: Bytes,
) -> ApiResult {
    let f: FileBody = body(&bytes)?;
    let store = st.store.clone();
    let (data, file) = f.named("deals.pbn");
    let n = blocking(move || store.set_deals_pbn(&a.username, id, &data, &file)).await?;
    st.solver.ask(DealsOf::Session(id));
    ok(json!({ "deals": n }))
}

// ---------------------------------------------------------------------------------------------
// The director's lines

/// `{"board", "ns", "ew"}` and the rest of the body (an entry or an adjusted score).
#[derive(Debug, Deserialize)]
struct LineKey {
    board: Option<Value>,
    ns: Option<Value>,
    ew: Option<Value>,
    /// The session's version the client read the line at (or `If-Match`).
    version: Option<Value>,
}

impl LineKey {
    fn read(&self) -> Result<(u32, u32, u32), AppError> {
        Ok((
            required_number("board", &self.board, "a board number")?,
            required_number("ns", &self.ns, "the NS pair's number")?,
            required_number("ew", &self.ew, "the EW pair's number")?,
        ))
    }
}

#[derive(Debug, Deserialize)]
struct DirectorLine {
    #[serde(flatten)]
    key: LineKey,
    #[serde(flatten)]
    entry: EntryForm,
}

async fn lines(State(st): State<AppState>, _a: Arbiter, Path(id): Path<SessionId>) -> ApiResult {
    let lines = st.store.lines(id)?;
    let missing = lines
        .iter()
        .filter(|l| l.status == store::bridge::LineStatus::Missing)
        .count();
    ok(json!({ "missing": missing, "lines": lines }))
}

fn line_of(st: &AppState, id: SessionId, board: u32, ns: u32, ew: u32) -> ApiResult {
    at_version(st, id, || {
        let line = st
            .store
            .lines(id)?
            .into_iter()
            .find(|l| l.board == board && l.ns == ns && l.ew == ew)
            .ok_or(AppError::NotFound)?;
        Ok(json!(line))
    })
}

async fn director_set(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path(id): Path<SessionId>,
    bytes: Bytes,
) -> ApiResult {
    let b: DirectorLine = body(&bytes)?;
    let (board, ns, ew) = b.key.read()?;
    let seen = edits::from_request(&headers, &b.key.version)?;
    let entry = b.entry.entry()?;
    let store = st.store.clone();
    blocking(move || store.director_set_line(&a.username, id, board, ns, ew, &entry, seen)).await?;
    line_of(&st, id, board, ns, ew)
}

#[derive(Debug, Deserialize)]
struct DirectorAdjust {
    #[serde(flatten)]
    key: LineKey,
    #[serde(flatten)]
    adjust: AdjustForm,
}

async fn adjust(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path(id): Path<SessionId>,
    bytes: Bytes,
) -> ApiResult {
    let b: DirectorAdjust = body(&bytes)?;
    let (board, ns, ew) = b.key.read()?;
    let seen = edits::from_request(&headers, &b.key.version)?;
    let adj = b.adjust.adjustment()?;
    let store = st.store.clone();
    blocking(move || store.director_adjust(&a.username, id, board, ns, ew, &adj, seen)).await?;
    line_of(&st, id, board, ns, ew)
}

async fn clear(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path(id): Path<SessionId>,
    bytes: Bytes,
) -> ApiResult {
    let k: LineKey = body(&bytes)?;
    let (board, ns, ew) = k.read()?;
    let seen = edits::from_request(&headers, &k.version)?;
    let store = st.store.clone();
    blocking(move || store.clear_line(&a.username, id, board, ns, ew, seen)).await?;
    line_of(&st, id, board, ns, ew)
}

async fn conflicts(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<SessionId>,
) -> ApiResult {
    ok(st.store.conflicts(id)?)
}

#[derive(Debug, Deserialize)]
struct ResolveBody {
    #[serde(default)]
    take_other: bool,
    version: Option<Value>,
}

async fn resolve(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path((id, cid)): Path<(SessionId, i64)>,
    bytes: Bytes,
) -> ApiResult {
    let b: ResolveBody = body(&bytes)?;
    let seen = edits::from_request(&headers, &b.version)?;
    let store = st.store.clone();
    blocking(move || store.resolve_conflict(&a.username, id, cid, b.take_other, seen)).await?;
    at_version(&st, id, || Ok(json!(st.store.conflicts(id)?)))
}

/// The tables' open calls and boards not played, oldest first.
async fn calls(State(st): State<AppState>, _a: Arbiter, Path(id): Path<SessionId>) -> ApiResult {
    ok(st.store.calls(id)?)
}

async fn clear_call(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, cid)): Path<(SessionId, i64)>,
) -> ApiResult {
    let store = st.store.clone();
    blocking(move || store.clear_call(&a.username, id, cid)).await?;
    ok(st.store.calls(id)?)
}

// ---------------------------------------------------------------------------------------------
// Results and exports

fn ratio(v: Option<bridge::Ratio>, decimals: u32) -> Value {
    match v {
        Some(r) => r
            .to_short(decimals)
            .parse::<f64>()
            .map(|f| json!(f))
            .unwrap_or(Value::Null),
        None => Value::Null,
    }
}

/// The ranking, every board's scored lines, and the lines still missing (`provisional` while
/// any is).
async fn ranking(State(st): State<AppState>, _a: Arbiter, Path(id): Path<SessionId>) -> ApiResult {
    let store = st.store.clone();
    let r = blocking(move || store.ranking(id)).await?;
    let field = match r.scored.field {
        bridge::FieldKind::One => "one",
        bridge::FieldKind::Two => "two",
    };
    let ranking: Vec<Value> = r
        .scored
        .ranking
        .iter()
        .map(|s| {
            json!({
                "field": s.field.label(),
                "pair": s.pair,
                "names": r.session.names.get(&s.pair).cloned().unwrap_or_default(),
                "rank": s.rank,
                "tied": s.tied,
                "total": ratio(Some(s.total), 4),
                "top": ratio(Some(s.top), 4),
                "percent": ratio(s.percent, 2),
                "boards": s.boards,
            })
        })
        .collect();
    let boards: Vec<Value> = r
        .session
        .boards
        .iter()
        .zip(&r.scored.boards)
        .map(|(b, sb)| {
            json!({
                "board": b.number,
                "deal": b.deal,
                "lines": b.lines.iter().enumerate().map(|(i, l)| {
                    let sl = sb.lines.get(i).copied().unwrap_or_default();
                    json!({
                        "round": l.round,
                        "table": l.table,
                        "ns": l.ns,
                        "ew": l.ew,
                        "score_ns": match &l.result {
                            bridge::TableResult::Played(p) => Some(p.score_ns(b.vulnerability)),
                            bridge::TableResult::Assigned(s) => Some(*s),
                            _ => None,
                        },
                        "mp_ns": ratio(sl.ns, 4),
                        "mp_ew": ratio(sl.ew, 4),
                        "pct_ns": ratio(sb.pct_ns(i), 2),
                        "pct_ew": ratio(sb.pct_ew(i), 2),
                    })
                }).collect::<Vec<Value>>(),
            })
        })
        .collect();
    ok(json!({
        "provisional": !r.missing.is_empty(),
        "missing": r.missing,
        "field": field,
        "ranking": ranking,
        "boards": boards,
    }))
}

async fn log(State(st): State<AppState>, _a: Arbiter, Path(id): Path<SessionId>) -> ApiResult {
    ok(st.store.bridge_log(id)?)
}

async fn export_pbn(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<SessionId>,
) -> ApiResult {
    super::pages::pbn_file(&st, id).await
}

async fn export_usebio(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<SessionId>,
) -> ApiResult {
    super::pages::usebio_file(&st, id).await
}

async fn export_html(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<SessionId>,
) -> ApiResult {
    super::pages::html_file(&st, &c.tr, id)
}

// ---------------------------------------------------------------------------------------------
// The tables

#[derive(Debug, Deserialize)]
struct RoundQuery {
    round: Option<u32>,
}

fn table_json(
    st: &AppState,
    s: &store::bridge::BridgeSession,
    table: u32,
    round: Option<u32>,
) -> Result<Value, AppError> {
    let round = match round {
        Some(r) => r,
        None => st.store.current_round(s.id, table)?,
    };
    let tr = st.store.table_round(s.id, table, round)?;
    let pairs = st.store.pairs(s.id)?;
    let pair = |p: Option<u32>| {
        p.map(|n| {
            json!({
                "number": n,
                "names": pairs.iter().find(|x| x.number == n).map(|x| x.details.display()).unwrap_or_default(),
            })
        })
    };
    Ok(json!({
        "session": { "id": s.id, "name": s.settings.name },
        "table": table,
        "round": tr.round,
        "rounds": tr.rounds,
        "ns": pair(tr.ns),
        "ew": pair(tr.ew),
        "boards": tr.boards,
        "lines": tr.lines,
        // The table's call to the director in this round is open.
        "called": st.store.calls(s.id)?.iter().any(|k| {
            k.kind == store::bridge::CallKind::Director && k.table == table && k.round == tr.round
        }),
    }))
}

async fn table(
    State(st): State<AppState>,
    c: Ctx,
    Path(code): Path<String>,
    Query(q): Query<RoundQuery>,
) -> ApiResult {
    let (s, table) = open_table(&st, c.client_ip, &code).await?;
    ok(table_json(&st, &s, table, q.round)?)
}

/// A table's `round` and `board` fields.
fn round_and_board(round: &Option<Value>, board: &Option<Value>) -> Result<(u32, u32), AppError> {
    Ok((
        required_number("round", round, "a round number")?,
        required_number("board", board, "a board number")?,
    ))
}

#[derive(Debug, Deserialize)]
struct TableEntry {
    round: Option<Value>,
    board: Option<Value>,
    #[serde(flatten)]
    entry: EntryForm,
}

async fn enter(
    State(st): State<AppState>,
    c: Ctx,
    headers: HeaderMap,
    Path(code): Path<String>,
    bytes: Bytes,
) -> ApiResult {
    let b: TableEntry = body(&bytes)?;
    let (round, board) = round_and_board(&b.round, &b.board)?;
    let entry = b.entry.entry()?;
    let (s, table) = open_table(&st, c.client_ip, &code).await?;
    // The device is the server's cookie alone: a `device` field in the body is not read, so
    // no client can pass itself off as the phone that made an entry.
    let (cookie_device, new) = device(&headers);
    let dev = cookie_device.clone();
    let (store, id) = (st.store.clone(), s.id);
    let outcome = blocking(move || store.enter_line(id, table, round, board, &entry, &dev)).await?;
    let mut v = table_json(&st, &s, table, Some(round))?;
    v["outcome"] = json!(outcome);
    v["conflict"] = json!(outcome == EnterOutcome::Conflict);
    let r = Json(v).into_response();
    Ok(with_device(r, &cookie_device, new))
}

#[derive(Debug, Deserialize)]
struct TableConfirm {
    round: Option<Value>,
    board: Option<Value>,
}

async fn confirm(
    State(st): State<AppState>,
    c: Ctx,
    Path(code): Path<String>,
    bytes: Bytes,
) -> ApiResult {
    let b: TableConfirm = body(&bytes)?;
    let (round, board) = round_and_board(&b.round, &b.board)?;
    let (s, table) = open_table(&st, c.client_ip, &code).await?;
    let (store, id) = (st.store.clone(), s.id);
    blocking(move || store.confirm_line(id, table, round, board)).await?;
    ok(table_json(&st, &s, table, Some(round))?)
}

/// A table's write as its phone (the device cookie), answered with the table's round.
async fn table_write(
    st: &AppState,
    c: &Ctx,
    headers: &HeaderMap,
    (code, round): (&str, u32),
    write: impl FnOnce(&store::Store, SessionId, u32, &str) -> Result<(), store::Error> + Send + 'static,
) -> ApiResult {
    let (s, table) = open_table(st, c.client_ip, code).await?;
    let (dev, new) = device(headers);
    let (store, id, d) = (st.store.clone(), s.id, dev.clone());
    blocking(move || write(&store, id, table, &d)).await?;
    let r = Json(table_json(st, &s, table, Some(round))?).into_response();
    Ok(with_device(r, &dev, new))
}

/// The table says a board was not played: the line waits for the director's adjusted score.
async fn not_played(
    State(st): State<AppState>,
    c: Ctx,
    headers: HeaderMap,
    Path(code): Path<String>,
    bytes: Bytes,
) -> ApiResult {
    let b: TableConfirm = body(&bytes)?;
    let (round, board) = round_and_board(&b.round, &b.board)?;
    table_write(&st, &c, &headers, (&code, round), move |s, id, table, d| {
        s.mark_not_played(id, table, round, board, d)
    })
    .await
}

#[derive(Debug, Deserialize)]
struct TableCallBody {
    round: Option<Value>,
}

/// The table calls the director (one open call per table and round).
async fn call_director(
    State(st): State<AppState>,
    c: Ctx,
    headers: HeaderMap,
    Path(code): Path<String>,
    bytes: Bytes,
) -> ApiResult {
    let b: TableCallBody = body(&bytes)?;
    let round = required_number("round", &b.round, "a round number")?;
    table_write(&st, &c, &headers, (&code, round), move |s, id, table, d| {
        s.call_director(id, table, round, d)
    })
    .await
}
