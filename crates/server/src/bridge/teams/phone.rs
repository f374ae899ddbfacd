//! The phones at a teams event's tables (issue 24 §1). Each room of a match has a printed code
//! (the slips page); the code box `/t` opens it like a pairs table's, and `/t/{code}` shows the
//! room's boards of the round the table is in, each as a pairs table shows it
//! (`bridge/table_board.html` with the keypad, FFB notation on French pages). The phone works
//! as a pairs table's, by the same rules ([`store::Store::enter_bridge_team_table`],
//! [`store::Store::confirm_bridge_team_table`]): North enters, East or West confirms, the
//! phone that entered a board corrects it until then; another phone's different entry is kept
//! as a conflict for the director, a stale page never overwrites the director's result, and a
//! round before the table's is the director's.

use askama::Template;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Redirect, Response};
use axum::Form;
use store::bridge::{LineStatus, Room, TeamEvent, TeamEventId, TeamTable};

use super::view::table_label;
use crate::bridge::entry_text;
use crate::bridge::table::{
    choices, device, notice, outcome_code, score_text, with_device, BoardView, EnterForm,
    RoundForm, TableChoices, TableQuery,
};
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::{Guard, Own, Routes};
use crate::page::{blocking, html};
use crate::AppState;

type Page = Result<Response, AppError>;

pub fn routes() -> Routes {
    Routes::new()
        .post(
            "/t/{code}/teams/boards/{board}",
            Guard::Own(Own::Phone),
            enter,
        )
        .post(
            "/t/{code}/teams/boards/{board}/confirm",
            Guard::Own(Own::Phone),
            confirm,
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
    /// The rounds drawn, where the links go.
    rounds: u32,
    /// "Tour 2/3", "Tour 2" (a Swiss whose length was not said).
    title_round: String,
    /// The round the table is in.
    current: u32,
    /// On the table's round: the boards it left open in earlier rounds, in words.
    left: Vec<String>,
    /// The team sitting North-South in this room, and East-West.
    ns: String,
    ew: String,
    /// The table has a match in the round shown.
    playing: bool,
    /// Swiss pairs: one table a match, no other room.
    pairs: bool,
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

/// The table page of a teams table, opened by its code (see `table_code.rs`).
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
    let mut finals = 0;
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
            let here = match t.room {
                Room::Open => &b.open,
                Room::Closed => &b.closed,
            };
            let status = here.as_ref().map_or(LineStatus::Missing, |x| x.status);
            let k = r.conflicts.iter().find(|k| {
                (k.round, k.match_no, k.room, k.board) == (round, t.match_no, t.room, b.board)
            });
            finals += usize::from(status.is_final());
            let mut v = BoardView::new(&c.tr, b.board, status, k.is_some());
            if let Some(x) = here {
                v.fill(&c.tr, &x.entry);
                v.score = score_text(x.score_ns);
            }
            if let Some(k) = k {
                v.other = format!(
                    "{} / {}",
                    entry_text(&c.tr, &k.kept),
                    entry_text(&c.tr, &k.other)
                );
            }
            if closed {
                v.without_forms((!status.is_final()).then(|| left_text(&c.tr, b.board, round)));
            }
            boards.push(v);
        }
    }
    let done = !boards.is_empty() && finals == boards.len();
    let (notice, notice_class) = notice(&c, q);
    let left = if round == current && round > 0 {
        st.store
            .bridge_team_left_for_director(e.id, &t)?
            .into_iter()
            .map(|(round, board)| left_text(&c.tr, board, round))
            .collect()
    } else {
        Vec::new()
    };
    let title_round = match e.total_rounds {
        0 => c.t1("bteams-round", "round", round),
        total => c.tr.targs(
            "bphone-round",
            &[
                ("round", round.into()),
                ("rounds", total.max(e.rounds).into()),
            ],
        ),
    };
    let table = table_label(&c.tr, e.settings.format, t.match_no, t.room);
    let (dev, new) = device(headers);
    let answer = html(&PhonePage {
        name: e.settings.name.to_string(),
        pairs: e.settings.format == store::bridge::TeamFormat::SwissPairs,
        entry_path: format!("/t/{}/teams/boards", t.code),
        code: t.code,
        table,
        round,
        rounds: e.rounds,
        title_round,
        current,
        left,
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

/// A board entered from the table's phone; back to the table's page on the board's round.
async fn enter(
    State(st): State<AppState>,
    c: Ctx,
    headers: HeaderMap,
    Path((code, board)): Path<(String, u32)>,
    Form(f): Form<EnterForm>,
) -> Page {
    let (e, t) = open(&st, &c, &code).await?;
    let (round, entry) = f.read(&c.tr)?;
    let (dev, new) = device(&headers);
    let (store, d, table) = (st.store.clone(), dev.clone(), t.clone());
    let outcome =
        blocking(move || store.enter_bridge_team_table(e.id, &table, round, board, &entry, &d))
            .await?;
    let to = after_board(&t, round, board, outcome_code(outcome));
    Ok(with_device(Redirect::to(&to).into_response(), &dev, new))
}

/// East or West confirms a board; back to the table's page, on the round the table is in once
/// this one is complete.
async fn confirm(
    State(st): State<AppState>,
    c: Ctx,
    Path((code, board)): Path<(String, u32)>,
    Form(f): Form<RoundForm>,
) -> Page {
    let (e, t) = open(&st, &c, &code).await?;
    let round = f.round()?;
    let (store, table) = (st.store.clone(), t.clone());
    let current = blocking(move || {
        store.confirm_bridge_team_table(e.id, &table, round, board)?;
        store.bridge_team_table_round(e.id, &table)
    })
    .await?;
    let next = current.unwrap_or(round).max(round);
    Ok(Redirect::to(&after_board(&t, next, board, "confirmed")).into_response())
}

/// "Board 5 of round 2 is left for the director" (a teams table's rounds are "tours").
fn left_text(tr: &crate::i18n::Tr, board: u32, round: u32) -> String {
    tr.targs(
        "bphone-left",
        &[("board", board.into()), ("round", round.into())],
    )
}

/// The teams table a code opens, under the wrong-code limits.
async fn open(st: &AppState, c: &Ctx, code: &str) -> Result<(TeamEvent, TeamTable), AppError> {
    let (store, ip, typed) = (st.store.clone(), c.client_ip.to_string(), code.to_string());
    blocking(move || store.open_bridge_team_table(&ip, &typed)).await
}

fn after_board(t: &TeamTable, round: u32, board: u32, outcome: &str) -> String {
    format!(
        "/t/{}?round={round}&board={board}&outcome={outcome}#board-{board}",
        t.code
    )
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
    let format = e.settings.format;
    let slips = tables
        .into_iter()
        .map(|t| {
            let url = format!("{base}/t/{}", t.code);
            Slip {
                id: format!("{}-{}", t.match_no, t.room.code()),
                table: table_label(&c.tr, format, t.match_no, t.room),
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
