//! The phones at a teams event's tables (issue 24 §1). Each room of a match has a printed code
//! (the slips page); the code box `/t` opens it like a pairs table's, and `/t/{code}` shows the
//! room's boards of the round the table is in with the pairs phone's keypad
//! (`bridge/entry_keypad.html`, FFB notation on French pages). The entry goes through the same
//! rule as any table's ([`store::Store::enter_bridge_team_table`]): the same board entered
//! differently from a second phone is kept as a conflict for the director, a stale page never
//! overwrites the director's result, and a round before the table's is the director's.

use askama::Template;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Redirect, Response};
use axum::Form;
use store::bridge::{Room, TeamEvent, TeamEventId, TeamTable};

use super::view::room_label;
use crate::bridge::table::{
    choices, device, entry_text, outcome_code, score_text, with_device, BoardView, EnterForm,
    TableChoices, TableQuery,
};
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::{Guard, Own, Routes};
use crate::page::{blocking, html};
use crate::AppState;
use report::bridge as results;

type Page = Result<Response, AppError>;

pub fn routes() -> Routes {
    Routes::new()
        .post(
            "/t/{code}/teams/boards/{board}",
            Guard::Own(Own::Phone),
            enter,
        )
        .get("/bridge/teams/{id}/tables", slips)
        .get("/api/bridge/teams/{id}/tables", tables_api)
}

/// The event's table codes as JSON: `[{"match": 1, "room": "open", "code": "…"}, …]`.
async fn tables_api(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> crate::json::ApiResult {
    let store = st.store.clone();
    crate::json::ok(blocking(move || store.bridge_team_tables(id)).await?)
}

#[derive(Template)]
#[template(path = "bridge/teams_phone.html")]
struct PhonePage {
    c: Ctx,
    name: String,
    code: String,
    /// "Match 2 · Closed room".
    table: String,
    /// The round shown, 0 before the first draw.
    round: u32,
    rounds: u32,
    /// The round the table is in.
    current: u32,
    /// The team sitting North-South in this room, and East-West.
    ns: String,
    ew: String,
    /// The table has a match in the round shown.
    playing: bool,
    closed: bool,
    done: bool,
    boards: Vec<BoardView>,
    notice: String,
    notice_class: &'static str,
    /// The entry keypad's keys (`bridge/entry_keypad.html`).
    keys: TableChoices,
    entry_path: String,
    style: &'static str,
}

/// The table page of a teams table, opened by its code (see [`crate::bridge::table`]).
pub(in crate::bridge) fn page(
    st: &AppState,
    c: Ctx,
    headers: &HeaderMap,
    e: TeamEvent,
    t: TeamTable,
    q: &TableQuery,
) -> Page {
    let r = st.store.bridge_team_results(e.id)?;
    let current = st.store.bridge_team_table_round(e.id, &t)?.unwrap_or(0);
    let round = q
        .round
        .as_deref()
        .and_then(|r| r.trim().parse::<u32>().ok())
        .filter(|&x| (1..=e.rounds).contains(&x))
        .unwrap_or(current.max(e.rounds.min(1)));
    let m = r
        .outcome(round, t.match_no)
        .filter(|m| m.draw.visit.is_some());
    let closed = round < current;
    let (mut ns, mut ew) = (String::new(), String::new());
    let mut boards = Vec::new();
    if let Some(m) = m {
        let (home, visit) = (
            r.team_name(m.draw.home),
            r.team_name(m.draw.visit.unwrap_or_default()),
        );
        (ns, ew) = match t.room {
            Room::Open => (home, visit),
            Room::Closed => (visit, home),
        };
        for b in &m.boards {
            let deal = bridge::Board::standard(b.board);
            let mut v = BoardView {
                board: b.board,
                dealer: results::seat_letter(&c.tr, deal.dealer),
                vulnerability: results::vulnerability_text(&c.tr, deal.vulnerability),
                status_code: "missing",
                can_enter: !closed,
                ..BoardView::default()
            };
            let here = match t.room {
                Room::Open => &b.open,
                Room::Closed => &b.closed,
            };
            if let Some(x) = here {
                v.fill(&c.tr, &x.entry);
                v.score = score_text(x.score_ns);
                v.status_code = "entered";
                // Entered by the director: the table sees it and no longer changes it.
                v.can_enter &= x.source == "table";
            }
            if let Some(k) = r.conflicts.iter().find(|k| {
                (k.round, k.match_no, k.room, k.board) == (round, t.match_no, t.room, b.board)
            }) {
                v.conflict = true;
                v.can_enter = false;
                v.other = format!(
                    "{} / {}",
                    entry_text(&c.tr, &k.kept),
                    entry_text(&c.tr, &k.other)
                );
            }
            boards.push(v);
        }
    }
    let done = !boards.is_empty() && boards.iter().all(|b| b.status_code == "entered");
    let (notice, notice_class) = match (q.board, q.outcome.as_deref()) {
        (Some(b), Some("conflict")) => (c.t1("bridge-table-conflict", "board", b), "error"),
        (Some(b), Some("stored")) => (c.t1("bphone-stored", "board", b), "notice"),
        (Some(b), Some("unchanged")) => (c.t1("bridge-table-unchanged", "board", b), "notice"),
        _ => (String::new(), "notice"),
    };
    let table = c.tr.targs(
        "bphone-table",
        &[
            ("match", t.match_no.into()),
            ("room", room_label(&c.tr, t.room).into()),
        ],
    );
    let (dev, new) = device(headers);
    let answer = html(&PhonePage {
        name: e.settings.name.to_string(),
        entry_path: format!("/t/{}/teams/boards", t.code),
        code: t.code,
        table,
        round,
        rounds: e.rounds,
        current,
        ns,
        ew,
        playing: m.is_some(),
        closed,
        done,
        boards,
        notice,
        notice_class,
        keys: choices(&c.tr),
        style: crate::bridge::STYLE,
        c,
    })?;
    Ok(with_device(answer, &dev, new))
}

/// A board entered from the table's phone; back to the table's page, on the round the table
/// is in once this one is complete.
async fn enter(
    State(st): State<AppState>,
    c: Ctx,
    headers: HeaderMap,
    Path((code, board)): Path<(String, u32)>,
    Form(f): Form<EnterForm>,
) -> Page {
    let (store, ip, typed) = (st.store.clone(), c.client_ip.to_string(), code.clone());
    let (e, t) = blocking(move || store.open_bridge_team_table(&ip, &typed)).await?;
    let (round, entry) = f.read(&c.tr)?;
    let (dev, new) = device(&headers);
    let (store, d, table) = (st.store.clone(), dev.clone(), t.clone());
    let (outcome, current) = blocking(move || {
        let o = store.enter_bridge_team_table(e.id, &table, round, board, &entry, &d)?;
        Ok::<_, store::Error>((o, store.bridge_team_table_round(e.id, &table)?))
    })
    .await?;
    let outcome = outcome_code(outcome);
    let next = current.unwrap_or(round).max(round);
    let to = format!(
        "/t/{}?round={next}&board={board}&outcome={outcome}#board-{board}",
        t.code
    );
    Ok(with_device(Redirect::to(&to).into_response(), &dev, new))
}

struct Slip {
    id: String,
    table: String,
    code: String,
    url: String,
    qr: String,
}

#[derive(Template)]
#[template(path = "bridge/teams_slips.html")]
struct SlipsPage {
    c: Ctx,
    id: TeamEventId,
    name: String,
    base: String,
    loopback: bool,
    slips: Vec<Slip>,
}

/// The slips to cut and put on the tables: a code per room of each match.
async fn slips(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    headers: HeaderMap,
    Path(id): Path<TeamEventId>,
) -> Page {
    let e = st.store.bridge_team_event(id)?;
    let store = st.store.clone();
    let tables = blocking(move || store.bridge_team_tables(id)).await?;
    let base = crate::slips::server_base(st.public_url.as_deref(), &headers);
    let slips = tables
        .into_iter()
        .map(|t| {
            let url = format!("{base}/t/{}", t.code);
            Slip {
                id: format!("{}-{}", t.match_no, t.room.code()),
                table: c.tr.targs(
                    "bphone-table",
                    &[
                        ("match", t.match_no.into()),
                        ("room", room_label(&c.tr, t.room).into()),
                    ],
                ),
                qr: crate::slips::qr_svg(&url, 132),
                url,
                code: t.code,
            }
        })
        .collect();
    html(&SlipsPage {
        id,
        name: e.settings.name.to_string(),
        loopback: crate::slips::is_loopback(&base),
        base,
        slips,
        c,
    })
}
