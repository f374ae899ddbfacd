//! Manual pairing on the round page and in the JSON API: break boards, pair two unpaired
//! players by hand, give the pairing-allocated bye by hand, sort the boards again.

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::Form;
use serde::Deserialize;
use serde_json::{json, Value};
use store::{EventId, PlayerKey};

use crate::chess::rounds::{after_conflict, round_page_data, Said};
use crate::chess::views;
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::{Guard, Kind, Routes};
use crate::json::{body, ok, ApiResult};
use crate::page::{see, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .post(
            "/events/{id}/rounds/{n}/break",
            Guard::Merge(Kind::Event),
            break_boards,
        )
        .post(
            "/events/{id}/rounds/{n}/pair-by-hand",
            Guard::Merge(Kind::Event),
            pair_by_hand,
        )
        .post(
            "/events/{id}/rounds/{n}/bye-by-hand",
            Guard::Merge(Kind::Event),
            bye_by_hand,
        )
        .post(
            "/events/{id}/rounds/{n}/sort",
            Guard::Merge(Kind::Event),
            sort_boards,
        )
}

pub fn api_routes() -> Routes {
    Routes::new()
        .get("/events/{id}/rounds/{n}/unpaired", api_unpaired)
        .post(
            "/events/{id}/rounds/{n}/break",
            Guard::Merge(Kind::Event),
            api_break,
        )
        .post(
            "/events/{id}/rounds/{n}/pair-by-hand",
            Guard::Merge(Kind::Event),
            api_pair_by_hand,
        )
        .post(
            "/events/{id}/rounds/{n}/bye-by-hand",
            Guard::Merge(Kind::Event),
            api_bye_by_hand,
        )
        .post(
            "/events/{id}/rounds/{n}/sort",
            Guard::Merge(Kind::Event),
            api_sort,
        )
}

/// The `board` fields of the break form (one per ticked board).
fn boards_of(fields: &[(String, String)]) -> Result<Vec<u32>, AppError> {
    fields
        .iter()
        .filter(|(k, _)| k == "board")
        .map(|(k, v)| {
            v.trim()
                .parse()
                .map_err(|_| AppError::invalid(k, "a board number", format!("{v:?}")))
        })
        .collect()
}

/// The round page after a manual edit: its notices, or the conflict of a stale page.
fn answer(
    st: &AppState,
    c: Ctx,
    id: EventId,
    n: u32,
    done: Result<Vec<String>, store::Error>,
    notice: &str,
) -> Page {
    let objections = match done {
        Ok(o) => o,
        Err(e) => return after_conflict(st, c, id, n, e.into()),
    };
    // The objections themselves stay on the page (in their warning box) until resolved.
    let mut notices = vec![c.t(notice)];
    if objections.is_empty() {
        notices.push(c.t("swap-no-objection"));
    }
    round_page_data(
        st,
        c,
        id,
        n,
        Said {
            notices,
            ..Said::default()
        },
    )
}

async fn break_boards(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
    Form(f): Form<Vec<(String, String)>>,
) -> Page {
    let boards = boards_of(&f)?;
    let seen = crate::edits::from_fields(&f)?;
    match st.store.break_boards(&a.username, id, n, &boards, seen) {
        Ok(()) => see(format!("/events/{id}/rounds/{n}#unpaired")),
        Err(e) => after_conflict(&st, c, id, n, e.into()),
    }
}

#[derive(Debug, Deserialize)]
struct HandForm {
    white: Option<Value>,
    black: Option<Value>,
    player: Option<Value>,
    version: Option<Value>,
}

impl HandForm {
    fn key(&self, field: &str) -> Result<PlayerKey, AppError> {
        let v = match field {
            "white" => &self.white,
            "black" => &self.black,
            _ => &self.player,
        };
        crate::forms::required_number(field, v, "a player")
    }

    fn version(&self) -> Result<Option<store::Version>, AppError> {
        let text = match &self.version {
            Some(Value::String(s)) => Some(s.clone()),
            Some(Value::Number(n)) => Some(n.to_string()),
            _ => None,
        };
        crate::edits::from_form(text.as_deref())
    }
}

async fn pair_by_hand(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
    Form(f): Form<HandForm>,
) -> Page {
    let (white, black) = (f.key("white")?, f.key("black")?);
    let done = st
        .store
        .pair_by_hand(&a.username, id, n, white, black, f.version()?);
    answer(&st, c, id, n, done, "manual-paired")
}

async fn bye_by_hand(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
    Form(f): Form<HandForm>,
) -> Page {
    let player = f.key("player")?;
    let done = st
        .store
        .bye_by_hand(&a.username, id, n, player, f.version()?);
    answer(&st, c, id, n, done, "manual-bye-given")
}

async fn sort_boards(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
    Form(f): Form<HandForm>,
) -> Page {
    match st.store.sort_boards(&a.username, id, n, f.version()?) {
        Ok(()) => see(format!("/events/{id}/rounds/{n}")),
        Err(e) => after_conflict(&st, c, id, n, e.into()),
    }
}

/// The round and the players still to pair, at the event's version.
fn round_at_version(st: &AppState, id: EventId, n: u32, extra: Value) -> ApiResult {
    let version = st.store.event_version(id)?;
    let mut v = json!({ "round": st.store.round(id, n)?, "unpaired": st.store.unpaired(id, n)? });
    if let (Value::Object(out), Value::Object(more)) = (&mut v, extra) {
        out.extend(more);
    }
    Ok(crate::edits::with_version(ok(v)?, version))
}

async fn api_unpaired(
    State(st): State<AppState>,
    _a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
) -> ApiResult {
    round_at_version(&st, id, n, json!({}))
}

#[derive(Debug, Deserialize)]
struct BreakBody {
    boards: Option<Vec<u32>>,
    version: Option<Value>,
}

async fn api_break(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path((id, n)): Path<(EventId, u32)>,
    bytes: Bytes,
) -> ApiResult {
    let b: BreakBody = body(&bytes)?;
    let seen = crate::edits::from_request(&headers, &b.version)?;
    let boards = b.boards.unwrap_or_default();
    st.store.break_boards(&a.username, id, n, &boards, seen)?;
    round_at_version(&st, id, n, json!({}))
}

/// The checker's objections, in English and in the client's language.
pub(crate) fn objections_json(c: &Ctx, objections: &[String]) -> Value {
    let messages: Vec<String> = objections
        .iter()
        .map(|o| views::objection_text(&c.tr, o))
        .collect();
    json!({ "objections": objections, "messages": messages })
}

async fn api_pair_by_hand(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    headers: HeaderMap,
    Path((id, n)): Path<(EventId, u32)>,
    bytes: Bytes,
) -> ApiResult {
    let b: HandForm = body(&bytes)?;
    let seen = crate::edits::from_request(&headers, &b.version)?;
    let (white, black) = (b.key("white")?, b.key("black")?);
    let o = st
        .store
        .pair_by_hand(&a.username, id, n, white, black, seen)?;
    round_at_version(&st, id, n, objections_json(&c, &o))
}

async fn api_bye_by_hand(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    headers: HeaderMap,
    Path((id, n)): Path<(EventId, u32)>,
    bytes: Bytes,
) -> ApiResult {
    let b: HandForm = body(&bytes)?;
    let seen = crate::edits::from_request(&headers, &b.version)?;
    let o = st
        .store
        .bye_by_hand(&a.username, id, n, b.key("player")?, seen)?;
    round_at_version(&st, id, n, objections_json(&c, &o))
}

async fn api_sort(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path((id, n)): Path<(EventId, u32)>,
    bytes: Bytes,
) -> ApiResult {
    let b: HandForm = body(&bytes)?;
    let seen = crate::edits::from_request(&headers, &b.version)?;
    st.store.sort_boards(&a.username, id, n, seen)?;
    round_at_version(&st, id, n, json!({}))
}
