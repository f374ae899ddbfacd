//! The event's log: every action, the event as it was after any of them, and undo.

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::Form;
use serde::Deserialize;
use serde_json::Value;
use store::{EventId, PlayerKey};

use crate::chess::views::{self, EventView, LegendItem, PlayerView, StandingView};
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::{Guard, Kind, Routes};
use crate::page::{html, see, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .get("/events/{id}/log", log_page)
        .get("/events/{id}/log/{entry}", state_after_page)
        .get("/events/{id}/undo", undo_page)
        .post("/events/{id}/undo", Guard::Whole(Kind::Event), undo)
        .post("/events/{id}/redo", Guard::Whole(Kind::Event), redo)
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
    /// What "undo" would take back, and what "redo" would do again.
    undoable: Option<LogLine>,
    redoable: Option<LogLine>,
    /// Said after an undo or a redo.
    notice: Option<String>,
    /// The version its forms carry, read before the data it shows.
    version: i64,
}

/// Players by key: (pairing number, name), for the log's details.
type Names = HashMap<PlayerKey, (u32, String)>;

fn names_of(st: &AppState, id: EventId) -> Result<Names, AppError> {
    Ok(st
        .store
        .players(id)?
        .into_iter()
        .map(|p| (p.id, (p.number, p.details.name.to_string())))
        .collect())
}

fn log_line(c: &Ctx, names: &Names, l: store::LogEntry) -> LogLine {
    let key = format!("action-{}", l.action);
    let action = c.tr.lookup(&key, &[]).unwrap_or_else(|| l.action.clone());
    LogLine {
        id: l.id,
        at: c.local_datetime(&l.at),
        actor: l.actor,
        detail: detail_text(c, names, &l.detail),
        action,
        undone: l.undone,
    }
}

/// A log entry's detail in the page's language: players by pairing number and name, rounds,
/// boards, results and byes as the pages say them (never the database's ids).
fn detail_text(c: &Ctx, names: &Names, detail: &Value) -> String {
    let player = |v: &Value| match v.as_i64().and_then(|k| names.get(&k)) {
        Some((n, name)) => format!("{n}. {name}"),
        None => c.t1("log-player-gone", "id", v.to_string()),
    };
    let Some(map) = detail.as_object() else {
        return String::new();
    };
    let mut parts = Vec::new();
    for (k, v) in map {
        let part = match (k.as_str(), v) {
            ("round", v) if v.is_u64() => c.t1("round-n", "round", v.to_string()),
            ("from_round", v) if v.is_u64() => c.t1("log-from-round", "round", v.to_string()),
            ("board", v) if v.is_u64() => c.t1("log-board", "board", v.to_string()),
            ("player" | "a" | "b" | "white" | "black", v) => player(v),
            ("boards", Value::Array(list)) => list
                .iter()
                .filter_map(|b| Some(c.t1("log-board", "board", b.as_u64()?.to_string())))
                .collect::<Vec<_>>()
                .join(", "),
            ("players", Value::Array(list)) => list
                .iter()
                .map(|x| match x {
                    Value::Object(o) => {
                        let present = if o.get("present") == Some(&Value::Bool(true)) {
                            c.t("log-present")
                        } else {
                            c.t("log-absent")
                        };
                        format!("{} ({present})", player(&o["player"]))
                    }
                    other => player(other),
                })
                .collect::<Vec<_>>()
                .join(", "),
            ("result", Value::String(r)) => views::result_text(store::ResultCode::parse(r)),
            ("result", Value::Null) => c.t("log-cleared"),
            ("results", Value::Array(list)) => list
                .iter()
                .filter_map(|x| {
                    let board = x.get(0)?.as_u64()?;
                    let r = x.get(1)?.as_str().and_then(store::ResultCode::parse);
                    Some(format!(
                        "{} {}",
                        c.t1("log-board", "board", board.to_string()),
                        views::result_text(r)
                    ))
                })
                .collect::<Vec<_>>()
                .join(", "),
            ("lots", Value::Array(list)) => list
                .iter()
                .filter_map(|x| {
                    let number = x.get(0)?.as_u64()?;
                    let lot = x.get(1)?.as_u64()?;
                    Some(c.tr.targs("log-lot", &[("number", number.into()), ("lot", lot.into())]))
                })
                .collect::<Vec<_>>()
                .join(", "),
            ("seed", v) if v.is_u64() => c.t1("log-seed", "seed", v.to_string()),
            ("rounds", Value::Array(list)) => list
                .iter()
                .filter_map(|x| {
                    let round = x.get(0)?.as_u64()?;
                    let start = x.get(1)?.as_str().and_then(|t| t.parse().ok());
                    let start = start.map_or_else(
                        || c.t("conflict-no-date"),
                        |s| views::round_start_text(&c.tr, &s),
                    );
                    Some(c.tr.targs(
                        "log-round-start",
                        &[("round", round.into()), ("start", start.into())],
                    ))
                })
                .collect::<Vec<_>>()
                .join(", "),
            ("kind", Value::String(k)) => match store::ByeKind::parse(k) {
                Some(kind) => views::bye_kind(&c.tr, kind),
                None => k.clone(),
            },
            ("kind", Value::Null) => c.t("bye-none"),
            ("present", Value::Bool(p)) => c.t(if *p { "log-present" } else { "log-absent" }),
            ("entry", v) => format!("#{v}"),
            ("count", v) if v.is_i64() => c.t1("log-count", "count", v.as_i64().unwrap_or(0)),
            ("name", Value::String(n)) => n.clone(),
            ("details", Value::Object(o)) => o
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string(),
            // The checker's objection's key (`rematch:12:15`): its rule, and the players.
            ("objection", Value::String(o)) => {
                let mut bits = o.split(':');
                let rule = bits.next().unwrap_or_default();
                let who: Vec<String> = bits
                    .filter_map(|k| k.parse::<i64>().ok())
                    .map(|k| player(&Value::from(k)))
                    .collect();
                format!(
                    "{} {}",
                    c.t(&format!("log-objection-{rule}")),
                    who.join(" – ")
                )
            }
            (_, Value::String(s)) if !s.is_empty() => s.clone(),
            (_, Value::Number(n)) => n.to_string(),
            _ => continue,
        };
        if !part.is_empty() {
            // The round first, then the board, then who, then the rest.
            let order = match k.as_str() {
                "round" => 0,
                "board" => 1,
                "player" | "a" | "b" | "players" => 2,
                _ => 3,
            };
            parts.push((order, part));
        }
    }
    parts.sort_by_key(|p| p.0);
    parts
        .into_iter()
        .map(|p| p.1)
        .collect::<Vec<_>>()
        .join(" · ")
}

#[derive(Debug, Deserialize)]
struct LogQuery {
    undone: Option<i64>,
    redone: Option<i64>,
}

async fn log_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<LogQuery>,
) -> Page {
    let version = st.store.version(store::Scope::Event(id))?.0;
    let (_, ev) = views::event_view(&st, &c, id)?;
    let names = names_of(&st, id)?;
    let lines = st
        .store
        .log(id)?
        .into_iter()
        .map(|l| log_line(&c, &names, l))
        .collect();
    let undoable = st.store.last_undoable(id)?.map(|l| log_line(&c, &names, l));
    let redoable = st.store.redoable(id)?.map(|l| log_line(&c, &names, l));
    let notice = match (q.undone, q.redone) {
        (Some(n), _) => Some(c.t1("log-undone", "entry", n.to_string())),
        (None, Some(n)) => Some(c.t1("log-redone", "entry", n.to_string())),
        _ => None,
    };
    html(&LogPage {
        version,
        c,
        ev,
        lines,
        undoable,
        redoable,
        notice,
    })
}

#[derive(Template)]
#[template(path = "undo_confirm.html")]
struct UndoPage {
    c: Ctx,
    ev: EventView,
    /// The action undo would take back (none: nothing to undo).
    entry: Option<LogLine>,
    /// The version its forms carry, read before the data it shows.
    version: i64,
}

/// The confirmation before an undo: what it takes back, and the button that does it.
async fn undo_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
) -> Page {
    let version = st.store.version(store::Scope::Event(id))?.0;
    let (_, ev) = views::event_view(&st, &c, id)?;
    let names = names_of(&st, id)?;
    let entry = st.store.last_undoable(id)?.map(|l| log_line(&c, &names, l));
    html(&UndoPage {
        version,
        c,
        ev,
        entry,
    })
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
    /// The performance column is shown (after the tie-breaks, ranking nobody).
    perf: bool,
    /// The rating change column is shown (last, ranking nobody).
    delo: bool,
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
    let (_, ev) = views::event_view(&st, &c, id)?;
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
        .map(|p| (p.id, p.details.name.to_string()))
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
            views::standings_legend(&c.tr, s),
        ),
        None => (false, 0, Vec::new(), Vec::new(), Vec::new()),
    };
    let perf = past
        .standings
        .as_ref()
        .is_some_and(|s| s.performance_column);
    let delo = past
        .standings
        .as_ref()
        .is_some_and(|s| s.rating_change_column);
    let all_names = names_of(&st, id)?;
    html(&StateAfterPage {
        entry: log_line(&c, &all_names, line),
        players,
        rounds,
        standings,
        after,
        codes,
        perf,
        delo,
        rows,
        legend,
        ev,
        c,
    })
}

#[derive(Debug, Deserialize)]
struct EntryForm {
    entry: Option<String>,
}

/// Undoes the action the confirmation showed (`entry`); without it, the confirmation.
async fn undo(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    Form(f): Form<EntryForm>,
) -> Page {
    let Some(entry) = f.entry.as_deref().map(str::trim).filter(|e| !e.is_empty()) else {
        return see(format!("/events/{id}/undo"));
    };
    let shown: i64 = entry
        .parse()
        .map_err(|_| AppError::invalid("entry", "a log entry's number", format!("{entry:?}")))?;
    // Someone else's action since the confirmation was shown: ask again.
    if st.store.last_undoable(id)?.map(|l| l.id) != Some(shown) {
        return see(format!("/events/{id}/undo"));
    }
    let undone = st.store.undo_last(&a.username, id)?;
    see(format!("/events/{id}/log?undone={}", undone.id))
}

/// Does again the action the last undo took back.
async fn redo(State(st): State<AppState>, a: Arbiter, Path(id): Path<EventId>) -> Page {
    let redone = st.store.redo_last(&a.username, id)?;
    see(format!("/events/{id}/log?redone={}", redone.id))
}
