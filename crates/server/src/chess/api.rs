//! The chess events' JSON API under `/api`: every action of the pages, for platforms and
//! scripts. Documented in `API.md`.

use std::collections::{BTreeMap, HashMap};

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap};
use axum::response::IntoResponse;
use pairing::system::Explanation;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use store::{EventId, Player, PlayerKey};

use crate::chess::forms::{self, EventForm, PlayerForm};
use crate::chess::views::{self};
use crate::ctx::{Arbiter, Ctx};
use crate::edits;
use crate::error::AppError;
use crate::guard::Seen;
use crate::guard::{Guard, Kind, Own, Routes};
use crate::json::{body, done, ok, ApiResult};
use crate::page::blocking;
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .get("/events", events)
        .post("/events", Guard::Own(Own::Create), create_event)
        .get("/events/{id}", event)
        .post("/events/{id}", Guard::Merge(Kind::Event), update_event)
        .get("/events/{id}/players", players)
        .post(
            "/events/{id}/players",
            Guard::Merge(Kind::Event),
            add_player,
        )
        .post(
            "/events/{id}/players/import",
            Guard::Whole(Kind::Event),
            import_players,
        )
        .post(
            "/events/{id}/players/present",
            Guard::Whole(Kind::Event),
            all_present,
        )
        .get("/events/{id}/players/{pid}", player)
        .post(
            "/events/{id}/players/{pid}",
            Guard::Merge(Kind::Event),
            update_player,
        )
        .post(
            "/events/{id}/players/{pid}/remove",
            Guard::Whole(Kind::Event),
            remove_player,
        )
        .post(
            "/events/{id}/players/{pid}/present",
            Guard::Merge(Kind::Event),
            set_present,
        )
        .post(
            "/events/{id}/players/{pid}/withdraw",
            Guard::Merge(Kind::Event),
            withdraw,
        )
        .post(
            "/events/{id}/players/{pid}/reinstate",
            Guard::Merge(Kind::Event),
            reinstate,
        )
        .post(
            "/events/{id}/players/{pid}/bye",
            Guard::Merge(Kind::Event),
            set_bye,
        )
        .get("/events/{id}/players/{pid}/card", card)
        .get("/events/{id}/byes", byes)
        .post("/events/{id}/byes", Guard::Whole(Kind::Event), set_byes)
        .get("/events/{id}/forbidden", forbidden)
        .post(
            "/events/{id}/forbidden",
            Guard::Whole(Kind::Event),
            add_forbidden,
        )
        .post(
            "/events/{id}/forbidden/remove",
            Guard::Whole(Kind::Event),
            remove_forbidden,
        )
        .get("/events/{id}/rounds", rounds)
        .get("/events/{id}/rounds/{n}", round)
        .post(
            "/events/{id}/rounds/{n}/pair",
            Guard::Whole(Kind::Event),
            pair,
        )
        .post(
            "/events/{id}/rounds/{n}/unpair",
            Guard::Whole(Kind::Event),
            unpair,
        )
        .post(
            "/events/{id}/rounds/{n}/repair",
            Guard::Whole(Kind::Event),
            repair,
        )
        .get("/events/{id}/stale", stale)
        .post(
            "/events/{id}/rounds/{n}/swap",
            Guard::Merge(Kind::Event),
            swap,
        )
        .get("/events/{id}/rounds/{n}/objections", objections)
        .post(
            "/events/{id}/rounds/{n}/objections/accept",
            Guard::Whole(Kind::Event),
            accept_objection,
        )
        .post(
            "/events/{id}/rounds/{n}/results",
            Guard::Merge(Kind::Event),
            results,
        )
        .post(
            "/events/{id}/rounds/{n}/confirm",
            Guard::Whole(Kind::Event),
            confirm,
        )
        .get("/events/{id}/standings", standings)
        .get("/events/{id}/log", log)
        .post("/events/{id}/undo", Guard::Whole(Kind::Event), undo)
        .post("/events/{id}/redo", Guard::Whole(Kind::Event), redo)
        .get("/events/{id}/export.trf", export_trf)
        .get("/report", report_lookup)
        .post("/report", Guard::Own(Own::Phone), report)
}

async fn events(State(st): State<AppState>, _a: Arbiter) -> ApiResult {
    ok(st.store.events()?)
}

async fn create_event(State(st): State<AppState>, a: Arbiter, bytes: Bytes) -> ApiResult {
    let f: EventForm = body(&bytes)?;
    let id = st.store.create_event(&a.username, &f.settings()?)?;
    ok(st.store.event(id)?)
}

async fn event(State(st): State<AppState>, _a: Arbiter, Path(id): Path<EventId>) -> ApiResult {
    ok(st.store.event(id)?)
}

async fn update_event(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path(id): Path<EventId>,
    bytes: Bytes,
) -> ApiResult {
    let f: EventForm = body(&bytes)?;
    let seen = edits::from_request(&headers, &f.version)?;
    st.store
        .update_event(&a.username, id, &f.settings()?, seen)?;
    at_version(&st, id, || Ok(json!(st.store.event(id)?)))
}

/// A write's answer with the event's version after it (`ETag`), read before the answer's data.
fn at_version(
    st: &AppState,
    id: EventId,
    data: impl FnOnce() -> Result<Value, AppError>,
) -> ApiResult {
    let version = st.store.event_version(id)?;
    Ok(edits::with_version(ok(data()?)?, version))
}

/// A body that may carry only the version the client read (`{"version": 41}`), or nothing.
#[derive(Debug, Deserialize)]
struct VersionBody {
    version: Option<Value>,
}

async fn players(State(st): State<AppState>, _a: Arbiter, Path(id): Path<EventId>) -> ApiResult {
    st.store.event(id)?;
    ok(st.store.players(id)?)
}

async fn add_player(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    Seen(seen): Seen,
    bytes: Bytes,
) -> ApiResult {
    let f: PlayerForm = body(&bytes)?;
    let key = st
        .store
        .add_player_at(&a.username, id, &f.player()?, Some(seen))?;
    ok(st.store.player(id, key)?)
}

#[derive(Debug, Deserialize)]
struct ImportBody {
    /// `csv` or `trf`; guessed from the data when left out.
    format: Option<String>,
    data: String,
}

async fn import_players(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    bytes: Bytes,
) -> ApiResult {
    let b: ImportBody = body(&bytes)?;
    let name = match b.format.as_deref() {
        Some("trf") => "players.trf",
        Some("csv") | None => "players.csv",
        Some(other) => {
            return Err(AppError::invalid(
                "format",
                "csv or trf",
                format!("{other:?}"),
            ))
        }
    };
    let list = if b.format.is_none() {
        super::players::parse_player_file("", &b.data)?
    } else {
        super::players::parse_player_file(name, &b.data)?
    };
    let n = st.store.add_players(&a.username, id, &list)?;
    ok(json!({ "imported": n }))
}

#[derive(Debug, Deserialize)]
struct PresentBody {
    present: Option<Value>,
    version: Option<Value>,
}

async fn all_present(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    bytes: Bytes,
) -> ApiResult {
    let b: PresentBody = body(&bytes)?;
    st.store.set_all_present(
        &a.username,
        id,
        crate::forms::flag(&b.present).unwrap_or(true),
    )?;
    done()
}

async fn player(
    State(st): State<AppState>,
    _a: Arbiter,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
) -> ApiResult {
    ok(st.store.player(id, pid)?)
}

async fn update_player(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
    bytes: Bytes,
) -> ApiResult {
    let f: PlayerForm = body(&bytes)?;
    let seen = edits::from_request(&headers, &f.version)?;
    st.store
        .update_player(&a.username, id, pid, &f.player()?, seen)?;
    at_version(&st, id, || Ok(json!(st.store.player(id, pid)?)))
}

async fn remove_player(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
) -> ApiResult {
    st.store.remove_player(&a.username, id, pid)?;
    done()
}

async fn set_present(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
    bytes: Bytes,
) -> ApiResult {
    let b: PresentBody = body(&bytes)?;
    let seen = edits::from_request(&headers, &b.version)?;
    st.store.set_present(
        &a.username,
        id,
        pid,
        crate::forms::flag(&b.present).unwrap_or(true),
        seen,
    )?;
    at_version(&st, id, || Ok(json!(st.store.player(id, pid)?)))
}

#[derive(Debug, Deserialize)]
struct WithdrawBody {
    from_round: Option<Value>,
    version: Option<Value>,
}

async fn withdraw(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
    bytes: Bytes,
) -> ApiResult {
    let b: WithdrawBody = body(&bytes)?;
    let seen = edits::from_request(&headers, &b.version)?;
    let e = st.store.event(id)?;
    let from = crate::forms::number("from_round", &b.from_round, "a round number")?
        .unwrap_or(e.paired_rounds + 1);
    st.store.withdraw(&a.username, id, pid, from, seen)?;
    at_version(&st, id, || Ok(json!(st.store.player(id, pid)?)))
}

async fn reinstate(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
    bytes: Bytes,
) -> ApiResult {
    let b: VersionBody = body(&bytes)?;
    let seen = edits::from_request(&headers, &b.version)?;
    st.store.reinstate(&a.username, id, pid, seen)?;
    at_version(&st, id, || Ok(json!(st.store.player(id, pid)?)))
}

#[derive(Debug, Deserialize)]
struct ByeBody {
    round: Option<Value>,
    kind: Option<String>,
    version: Option<Value>,
}

async fn set_bye(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
    bytes: Bytes,
) -> ApiResult {
    let b: ByeBody = body(&bytes)?;
    let seen = edits::from_request(&headers, &b.version)?;
    let round = crate::forms::required_number("round", &b.round, "a round number")?;
    st.store.set_bye(
        &a.username,
        id,
        pid,
        round,
        forms::bye_kind(b.kind.as_deref())?,
        seen,
    )?;
    at_version(&st, id, || Ok(json!({ "ok": true })))
}

async fn byes(State(st): State<AppState>, _a: Arbiter, Path(id): Path<EventId>) -> ApiResult {
    ok(st.store.byes(id)?)
}

#[derive(Debug, Deserialize)]
struct ByesBody {
    players: Option<Vec<PlayerKey>>,
    round: Option<Value>,
    kind: Option<String>,
}

/// One bye, absence or none for several players in one round, as one action.
async fn set_byes(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    bytes: Bytes,
) -> ApiResult {
    let b: ByesBody = body(&bytes)?;
    let round: u32 = crate::forms::required_number("round", &b.round, "a round number")?;
    let kind = forms::bye_kind(b.kind.as_deref())?;
    let players = b.players.unwrap_or_default();
    if players.is_empty() {
        return Err(AppError::invalid("players", "one player or more", "nobody"));
    }
    st.store.set_byes(&a.username, id, &players, round, kind)?;
    ok(st.store.byes(id)?)
}

#[derive(Debug, Serialize)]
struct CardLine {
    round: u32,
    board: Option<u32>,
    /// `w`, `b`, or null (bye, absence).
    colour: Option<String>,
    opponent: Option<PlayerKey>,
    /// The player's result: `1`, `½`, `0`, `+`, `-`, or empty while pending.
    result: String,
}

async fn card(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
) -> ApiResult {
    let e = st.store.event(id)?;
    let p = st.store.player(id, pid)?;
    let all: HashMap<PlayerKey, Player> = st
        .store
        .players(id)?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    let rounds = st.store.rounds(id)?;
    let lines: Vec<CardLine> = rounds
        .iter()
        .zip(views::card_rounds(&c.tr, &rounds, &all, pid))
        .map(|(r, line)| {
            let game = r
                .games
                .iter()
                .find(|g| g.white == pid || g.black == Some(pid));
            CardLine {
                round: r.number,
                board: game.map(|g| g.board),
                colour: (!line.colour.is_empty()).then(|| line.colour.clone()),
                opponent: game.and_then(|g| {
                    if g.white == pid {
                        g.black
                    } else {
                        Some(g.white)
                    }
                }),
                result: line.result,
            }
        })
        .collect();
    let mut explanations = BTreeMap::new();
    if !e.settings.system.is_round_robin() {
        for r in &rounds {
            match st.store.explain(id, r.number) {
                Ok(Explanation::Dutch(x)) => {
                    if let Some(px) = x.players.iter().find(|x| x.id.get() == p.number) {
                        // In the request's language, as the page says it; the engine's English
                        // words beside it for scripts that compare with the command line.
                        let why = views::explanation(&c.tr, &x, p.number)
                            .unwrap_or_else(|| px.why.clone());
                        explanations.insert(
                            r.number.to_string(),
                            json!({
                                "why": why,
                                "why_engine": px.why,
                                "decided_by": px.decided_by,
                                "preference_met": px.preference_met,
                            }),
                        );
                    }
                }
                Ok(x) => {
                    let Explanation::Swiss(system, e) = &x else {
                        continue;
                    };
                    if let Some(px) = e.players.iter().find(|x| x.id.get() == p.number) {
                        let why = views::round_explanation(&c.tr, &x, p.number);
                        // The articles that decided, as the system's text numbers them.
                        let article = |a: &str| format!("{} {a}", system.chapter());
                        explanations.insert(
                            r.number.to_string(),
                            json!({
                                "why": why,
                                "system": system.name(),
                                "float_article": article(px.float_article),
                                "colour_article": px.colour_by.map(|(_, a)| article(a)),
                                "bye_article": px.bye_by.map(|(_, a)| article(a)),
                                // The opponent the first candidate named, passed over.
                                "passed_over": px.passed_over.map(|x| json!({
                                    "player": x.player.get(),
                                    "article": article(x.article),
                                })),
                            }),
                        );
                    }
                }
                Err(_) => {}
            }
        }
    }
    ok(json!({ "player": p, "rounds": lines, "explanations": explanations }))
}

#[derive(Debug, Deserialize)]
struct PairBody {
    a: Option<Value>,
    b: Option<Value>,
    version: Option<Value>,
}

impl PairBody {
    fn keys(&self) -> Result<(PlayerKey, PlayerKey), AppError> {
        Ok((
            crate::forms::required_number("a", &self.a, "a player id")?,
            crate::forms::required_number("b", &self.b, "a player id")?,
        ))
    }
}

async fn forbidden(State(st): State<AppState>, _a: Arbiter, Path(id): Path<EventId>) -> ApiResult {
    ok(st.store.forbidden_pairs(id)?)
}

async fn add_forbidden(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    bytes: Bytes,
) -> ApiResult {
    let (x, y) = body::<PairBody>(&bytes)?.keys()?;
    st.store.add_forbidden_pair(&a.username, id, x, y)?;
    done()
}

async fn remove_forbidden(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    bytes: Bytes,
) -> ApiResult {
    let (x, y) = body::<PairBody>(&bytes)?.keys()?;
    st.store.remove_forbidden_pair(&a.username, id, x, y)?;
    done()
}

async fn rounds(State(st): State<AppState>, _a: Arbiter, Path(id): Path<EventId>) -> ApiResult {
    ok(st.store.rounds(id)?)
}

async fn round(
    State(st): State<AppState>,
    _a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
) -> ApiResult {
    ok(st.store.round(id, n)?)
}

async fn pair(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
) -> ApiResult {
    let store = st.store.clone();
    ok(blocking(move || store.pair_round(&a.username, id, n)).await?)
}

async fn unpair(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
) -> ApiResult {
    st.store.unpair_round(&a.username, id, n)?;
    done()
}

/// Pairs a round again on today's results (a correction of an earlier round came after its
/// pairing): one action, refused once a result of it is entered, or (with the version the
/// client read) when its pairing changed since.
async fn repair(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path((id, n)): Path<(EventId, u32)>,
    bytes: Bytes,
) -> ApiResult {
    let b: VersionBody = body(&bytes)?;
    let seen = edits::from_request(&headers, &b.version)?;
    let store = st.store.clone();
    let round = blocking(move || store.repair_round(&a.username, id, n, seen)).await?;
    at_version(&st, id, || Ok(json!(round)))
}

/// The pairings made before a correction of an earlier round (C.04.2 4.3), earliest first.
async fn stale(State(st): State<AppState>, _a: Arbiter, Path(id): Path<EventId>) -> ApiResult {
    ok(st.store.stale_pairings(id)?)
}

async fn swap(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    headers: HeaderMap,
    Path((id, n)): Path<(EventId, u32)>,
    bytes: Bytes,
) -> ApiResult {
    let b: PairBody = body(&bytes)?;
    let (x, y) = b.keys()?;
    let seen = edits::from_request(&headers, &b.version)?;
    let objections = st.store.swap_players(&a.username, id, n, x, y, seen)?;
    at_version(&st, id, || {
        let mut v = super::manual::objections_json(&c, &objections);
        v["round"] = json!(st.store.round(id, n)?);
        Ok(v)
    })
}

/// The checker's objections to the boards changed by hand, each with its text in the
/// client's language (`message`).
async fn objections(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
) -> ApiResult {
    let list: Vec<Value> = st
        .store
        .objections(id, n)?
        .into_iter()
        .map(|o| {
            let message = views::objection_text(&c.tr, &o.text);
            json!({ "board": o.board, "key": o.key, "text": o.text, "accepted": o.accepted, "message": message })
        })
        .collect();
    ok(list)
}

#[derive(Debug, Deserialize)]
struct AcceptBody {
    board: Option<Value>,
    /// As `objections` gives it in `key`.
    objection: Option<String>,
}

async fn accept_objection(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
    bytes: Bytes,
) -> ApiResult {
    let b: AcceptBody = body(&bytes)?;
    let board: u32 = crate::forms::required_number("board", &b.board, "a board number")?;
    let text = b.objection.as_deref().unwrap_or("");
    st.store.accept_objection(&a.username, id, n, board, text)?;
    done()
}

#[derive(Debug, Deserialize)]
struct ResultsBody {
    /// One board: `{"board": 3, "result": "1-0"}` (null clears it).
    board: Option<u32>,
    result: Option<String>,
    /// Many boards: `{"results": {"1": "1-0", "2": "="}}`.
    results: Option<BTreeMap<String, Option<String>>>,
    /// The version the client read (or `If-Match`): only what changed since is written.
    version: Option<Value>,
}

async fn results(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path((id, n)): Path<(EventId, u32)>,
    bytes: Bytes,
) -> ApiResult {
    let b: ResultsBody = body(&bytes)?;
    let seen = edits::from_request(&headers, &b.version)?;
    let mut fields: Vec<(String, String)> = Vec::new();
    if let Some(board) = b.board {
        fields.push((format!("r{board}"), b.result.unwrap_or_default()));
    }
    for (board, r) in b.results.unwrap_or_default() {
        let board = board.trim_start_matches('r');
        fields.push((format!("r{board}"), r.unwrap_or_default()));
    }
    if fields.is_empty() {
        return Err(AppError::invalid(
            "results",
            "board and result, or results",
            "nothing",
        ));
    }
    let entries = super::rounds::grid(&fields)?;
    let w = st.store.set_results(&a.username, id, n, &entries, seen)?;
    if !w.conflicts.is_empty() {
        return Err(AppError::Conflict {
            version: store::Version(st.store.event_version(id)?),
            changed: w.conflicts,
            written: w.changed,
        });
    }
    at_version(&st, id, || {
        Ok(json!({
            "changed": w.changed,
            "round": st.store.round(id, n)?,
            // Later pairings made before this correction, if any.
            "stale": st.store.stale_pairings(id)?,
        }))
    })
}

async fn confirm(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
) -> ApiResult {
    let confirmed = st.store.confirm_reported(&a.username, id, n, None)?;
    ok(json!({ "confirmed": confirmed }))
}

#[derive(Debug, Deserialize)]
struct AfterQuery {
    after: Option<u32>,
}

async fn standings(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<AfterQuery>,
) -> ApiResult {
    ok(st.store.standings(id, q.after)?)
}

async fn log(State(st): State<AppState>, _a: Arbiter, Path(id): Path<EventId>) -> ApiResult {
    st.store.event(id)?;
    ok(st.store.log(id)?)
}

async fn undo(State(st): State<AppState>, a: Arbiter, Path(id): Path<EventId>) -> ApiResult {
    ok(st.store.undo_last(&a.username, id)?)
}

/// Does again the action the last undo took back (refused once anything else changed).
async fn redo(State(st): State<AppState>, a: Arbiter, Path(id): Path<EventId>) -> ApiResult {
    ok(st.store.redo_last(&a.username, id)?)
}

#[derive(Debug, Deserialize)]
struct FormatQuery {
    format: Option<String>,
}

async fn export_trf(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<FormatQuery>,
) -> ApiResult {
    let format = super::documents::trf_format(q.format.as_deref())?;
    let text = st.store.export_trf(id, format)?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
}

#[derive(Debug, Deserialize)]
struct CodeQuery {
    code: String,
    /// Double-Swiss: the game of the match (1 or 2) to answer.
    game: Option<u32>,
}

fn board_json(st: &AppState, e: &store::Event, g: &store::Game) -> Result<Value, AppError> {
    let (white, black) = super::report::names_of(st, g, e.id)?;
    Ok(json!({
        "event": e.settings.name,
        "round": g.round,
        "board": g.board,
        "white": white,
        "black": g.black.map(|_| black),
        "reported": g.reported,
        "reports": g.reports,
    }))
}

async fn report_lookup(
    State(st): State<AppState>,
    c: Ctx,
    Query(q): Query<CodeQuery>,
) -> ApiResult {
    let (e, g) = super::report::open_board(&st, c.client_ip, &q.code, None, q.game).await?;
    ok(board_json(&st, &e, &g)?)
}

#[derive(Debug, Deserialize)]
struct ReportBody {
    code: String,
    board: Option<u32>,
    /// Double-Swiss: the game of the match (1 or 2) the result is for.
    game: Option<u32>,
    result: String,
}

async fn report(State(st): State<AppState>, c: Ctx, bytes: Bytes) -> ApiResult {
    let b: ReportBody = body(&bytes)?;
    let result = forms::result("result", &b.result)?
        .filter(|r| r.is_over_the_board())
        .ok_or_else(|| AppError::invalid("result", "1-0, 1/2 or 0-1", format!("{:?}", b.result)))?;
    let (e, g, outcome) =
        super::report::report_with_code(&st, c.client_ip, &b.code, b.board, b.game, result).await?;
    let mut v = board_json(&st, &e, &g)?;
    v["reported"] = json!(result);
    v["outcome"] = json!(outcome);
    v["conflict"] = json!(outcome == store::ReportOutcome::Conflict);
    ok(v)
}
