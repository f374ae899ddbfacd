//! A player's report of their board's result from a phone, opened with the board's code.

use askama::Template;
use axum::extract::State;
use axum::routing::{get, post};
use axum::{Form, Router};
use serde::Deserialize;
use store::{EventId, PlayerKey};

use crate::chess::forms;
use crate::chess::views::{self};
use crate::ctx::Ctx;
use crate::error::AppError;
use crate::page::{blocking, html, Page};
use crate::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/report", get(report_page).post(report_lookup))
        .route("/report/confirm", post(report_confirm))
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

/// The board a player's code opens, counted against the client's wrong codes in the database
/// ([`store::throttle`]); `board`, when given, must be that code's board.
pub(crate) fn open_board(
    st: &AppState,
    ip: std::net::IpAddr,
    code: &str,
    board: Option<u32>,
) -> Result<(store::Event, store::Game), AppError> {
    Ok(st.store.open_board(&ip.to_string(), code, board)?)
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
    let board: Option<u32> = crate::forms::number("board", &f.board, "a board number")?;
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
