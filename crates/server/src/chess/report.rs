//! A player's report of their board's result from a phone, opened with the board's code.

use askama::Template;
use axum::extract::{Query, State};
use axum::Form;
use serde::Deserialize;
use store::{EventId, PlayerKey, ReportOutcome, ResultCode};

use crate::chess::forms;
use crate::chess::views::{self};
use crate::ctx::Ctx;
use crate::error::AppError;
use crate::guard::{Guard, Own, Routes};
use crate::page::{blocking, html, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .get("/report", report_page)
        .post("/report", Guard::Own(Own::Phone), report_lookup)
        .post("/report/confirm", Guard::Own(Own::Phone), report_confirm)
}

#[derive(Template)]
#[template(path = "report.html")]
struct ReportPage {
    c: Ctx,
    /// `code`: ask for the code; `choose`: show the board and the results; `check`: the
    /// chosen result, to send with a second tap; `done`: sent.
    step: &'static str,
    code: String,
    event: String,
    round: u32,
    board: u32,
    white: String,
    black: String,
    /// What the board's players reported before (`choose`), or the result chosen.
    choice: String,
    /// The chosen result's code (`check`).
    result: String,
    /// The chosen result in words: who wins, with the colour.
    said: String,
    /// `done`: `stored`, `unchanged` or `conflict`.
    outcome: &'static str,
    /// Double-Swiss (C.04.5): the board's match ("Match 2, game 1" for the game this step is
    /// about, empty otherwise), the game's number, and at the `choose` step both games.
    match_label: String,
    game: u32,
    games: Vec<MatchGame>,
}

/// A game of a Double-Swiss match on the player's phone: who has White in it, what was
/// reported, and its result once the arbiter confirmed it (then nothing more to report).
struct MatchGame {
    game: u32,
    white: String,
    black: String,
    already: String,
    confirmed: String,
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
            result: String::new(),
            said: String::new(),
            outcome: "",
            match_label: String::new(),
            game: 0,
            games: Vec::new(),
        }
    }

    /// The page about one board, its players named with their colours.
    fn board(
        st: &AppState,
        c: Ctx,
        step: &'static str,
        code: &str,
        e: &store::Event,
        g: &store::Game,
    ) -> Result<ReportPage, AppError> {
        let (white, black) = names_of(st, g, e.id)?;
        let mut page = ReportPage::new(c, step);
        page.code = code.trim().to_uppercase();
        page.event = e.settings.name.to_string();
        page.round = g.round;
        page.board = g.board;
        page.white = white;
        page.black = black;
        if e.settings.is_double_swiss() {
            let (k, game) = store::chess::double_swiss::match_of_round(g.round);
            page.game = game;
            page.match_label = page.c.tr.targs(
                "round-match-game",
                &[("match", k.into()), ("game", game.into())],
            );
        }
        Ok(page)
    }

    /// A result in words, naming the winner and their colour.
    fn said(&self, result: ResultCode) -> String {
        match result {
            ResultCode::WhiteWins => self.c.t1("report-white-wins", "name", &self.white),
            ResultCode::BlackWins => self.c.t1("report-black-wins", "name", &self.black),
            _ => self.c.t("report-draw"),
        }
    }
}

#[derive(Debug, Deserialize)]
struct CodeInLink {
    code: Option<String>,
}

/// The page that asks for the code; a board slip's QR code opens it with the code filled in.
async fn report_page(c: Ctx, Query(q): Query<CodeInLink>) -> Page {
    let mut page = ReportPage::new(c, "code");
    page.code = q.code.unwrap_or_default().trim().to_uppercase();
    html(&page)
}

/// The board a player's code opens, counted against the client's wrong codes in the database
/// ([`store::throttle`]); `board`, when given, must be that code's board. Off the async threads:
/// the count is a write that waits its turn for the writing connection.
pub(crate) async fn open_board(
    st: &AppState,
    ip: std::net::IpAddr,
    code: &str,
    board: Option<u32>,
    game: Option<u32>,
) -> Result<(store::Event, store::Game), AppError> {
    let (store, address, code) = (st.store.clone(), ip.to_string(), code.to_string());
    blocking(move || store.open_board(&address, &code, board, game)).await
}

/// A player's report with the board's code: opened and recorded in one batched commit
/// ([`store::Store::report_with_code`]), off the async threads.
pub(crate) async fn report_with_code(
    st: &AppState,
    ip: std::net::IpAddr,
    code: &str,
    board: Option<u32>,
    game: Option<u32>,
    result: store::ResultCode,
) -> Result<(store::Event, store::Game, ReportOutcome), AppError> {
    let (store, address, code) = (st.store.clone(), ip.to_string(), code.to_string());
    blocking(move || store.report_with_code(&address, &code, board, game, result)).await
}

#[derive(Debug, Deserialize)]
struct CodeForm {
    code: String,
    board: Option<serde_json::Value>,
    /// Double-Swiss: the game of the match (1 or 2) the result is for.
    game: Option<serde_json::Value>,
    result: Option<String>,
    /// The second tap: the player saw the result in words and sends it.
    sure: Option<String>,
}

pub(crate) fn names_of(
    st: &AppState,
    g: &store::Game,
    event: EventId,
) -> Result<(String, String), AppError> {
    let name = |k: PlayerKey| {
        st.store
            .player(event, k)
            .map(|p| p.details.name.to_string())
    };
    Ok((
        name(g.white)?,
        g.black.map(name).transpose()?.unwrap_or_default(),
    ))
}

fn reports_text(g: &store::Game) -> String {
    g.reports
        .iter()
        .map(|x| views::result_text(Some(*x)))
        .collect::<Vec<_>>()
        .join(" / ")
}

async fn report_lookup(State(st): State<AppState>, c: Ctx, Form(f): Form<CodeForm>) -> Page {
    let (e, g) = open_board(&st, c.client_ip, &f.code, None, None).await?;
    let mut page = ReportPage::board(&st, c, "choose", &f.code, &e, &g)?;
    page.choice = reports_text(&g);
    if e.settings.is_double_swiss() {
        // C.04.5: the code opens the player's match; each game is reported on its own.
        let k = store::chess::double_swiss::match_of_round(g.round).0;
        page.match_label = page.c.t1("match-n", "match", k);
        for (n, round) in (1..).zip(store::chess::double_swiss::games_of_match(k)) {
            let Some(game) = st
                .store
                .round(e.id, round)?
                .games
                .into_iter()
                .find(|x| x.board == g.board)
            else {
                continue;
            };
            let (white, black) = names_of(&st, &game, e.id)?;
            page.games.push(MatchGame {
                game: n,
                white,
                black,
                already: reports_text(&game),
                confirmed: views::result_text(game.result),
            });
        }
    }
    html(&page)
}

/// A result tapped on the board's page: shown in words first (who wins, with the colour), sent
/// only with the second tap (`sure`).
async fn report_confirm(State(st): State<AppState>, c: Ctx, Form(f): Form<CodeForm>) -> Page {
    let board: Option<u32> = crate::forms::number("board", &f.board, "a board number")?;
    let game: Option<u32> = crate::forms::number("game", &f.game, "1 or 2")?;
    let result = forms::result("result", f.result.as_deref().unwrap_or(""))?
        .filter(|r| r.is_over_the_board())
        .ok_or_else(|| {
            AppError::invalid(
                "result",
                "1-0, 1/2 or 0-1",
                format!("{:?}", f.result.clone().unwrap_or_default()),
            )
        })?;
    if f.sure.as_deref() != Some("1") {
        let (e, g) = open_board(&st, c.client_ip, &f.code, board, game).await?;
        let mut page = ReportPage::board(&st, c, "check", &f.code, &e, &g)?;
        page.result = result.as_str().to_string();
        page.choice = views::result_text(Some(result));
        page.said = page.said(result);
        return html(&page);
    }
    let (e, g, outcome) = report_with_code(&st, c.client_ip, &f.code, board, game, result).await?;
    let mut page = ReportPage::board(&st, c, "done", &f.code, &e, &g)?;
    page.choice = views::result_text(Some(result));
    page.said = page.said(result);
    page.outcome = match outcome {
        ReportOutcome::Stored => "stored",
        ReportOutcome::Unchanged => "unchanged",
        ReportOutcome::Conflict => "conflict",
    };
    html(&page)
}
