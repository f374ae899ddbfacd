//! The captain's phone (`/teams/captain`): the code printed for each team of each match opens
//! the match for that team's captain, who ticks the lineup before the round and reports the
//! boards' results after it. Reports wait for the arbiter ([`store::teams::captains`]); wrong
//! codes are counted as the players' codes are.

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Query, State};
use axum::routing::{get, post};
use axum::{Form, Router};
use serde::Deserialize;
use store::teams::captains::CaptainMatch;
use store::teams::Team;
use store::{ReportOutcome, ResultCode};

use super::pages::{forfeit_text, lineup_forms, reported_text, LineupForm};
use crate::chess::views::result_text;
use crate::ctx::Ctx;
use crate::edits;
use crate::error::AppError;
use crate::page::{blocking, html, Page};
use crate::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/teams/captain", get(code_page).post(open))
        .route("/teams/captain/lineup", post(lineup))
        .route("/teams/captain/report", post(report))
}

/// One board on the captain's phone.
struct CaptainBoard {
    board: u32,
    white: String,
    black: String,
    /// The arbiter's result, once entered.
    result: String,
    /// The reports waiting ("1-0 / 0-1"), or what became of the one just sent.
    reported: String,
    conflict: bool,
    /// `b-{board}`.
    field: String,
}

#[derive(Template)]
#[template(path = "teams_captain.html")]
struct CaptainPage {
    c: Ctx,
    /// `code`: ask for the code; `match`: the match.
    step: &'static str,
    code: String,
    event: String,
    round: u32,
    number: u32,
    /// "Club A – Club B", the captain's team first.
    teams: String,
    /// Which colour the captain's team has on board 1.
    side: String,
    forfeit: String,
    version: i64,
    /// No board has a result: the lineup may change.
    open: bool,
    lineup: Option<LineupForm>,
    boards: Vec<CaptainBoard>,
    notice: String,
}

impl CaptainPage {
    fn code(c: Ctx, code: String) -> CaptainPage {
        CaptainPage {
            c,
            step: "code",
            code,
            event: String::new(),
            round: 0,
            number: 0,
            teams: String::new(),
            side: String::new(),
            forfeit: String::new(),
            version: 0,
            open: false,
            lineup: None,
            boards: Vec::new(),
            notice: String::new(),
        }
    }

    /// The match as its code opens it; `sent` says what became of each board's report.
    fn of(
        c: Ctx,
        code: &str,
        m: &CaptainMatch,
        sent: &[(u32, Option<ReportOutcome>)],
    ) -> CaptainPage {
        let p = &m.pairing;
        let open = p.boards.iter().all(|b| b.result.is_none()) && p.forfeit.is_none();
        // Until the match starts the captain sees only the team's own lineup: the other
        // team's stays with the arbiter, so that neither captain picks a lineup against it.
        let shown: &[&Team] = if open {
            &[&m.team]
        } else {
            &[&m.team, &m.opponent]
        };
        let names: HashMap<i64, String> = shown
            .iter()
            .flat_map(|t| &t.roster)
            .map(|x| (x.id, x.details.name.to_string()))
            .collect();
        let (home, away) = if m.has_white_on_board_one() {
            (&m.team, &m.opponent)
        } else {
            (&m.opponent, &m.team)
        };
        let boards = p
            .boards
            .iter()
            .map(|b| {
                let waiting = m.reports.iter().find(|r| r.board == b.board);
                let outcome = sent.iter().find(|(n, _)| *n == b.board).map(|(_, o)| *o);
                let reported = match outcome {
                    Some(None) => c.t("teams-captain-confirmed"),
                    Some(Some(ReportOutcome::Stored)) => c.t("teams-captain-stored"),
                    Some(Some(ReportOutcome::Unchanged)) => c.t("teams-captain-unchanged"),
                    Some(Some(ReportOutcome::Conflict)) => c.t("teams-captain-conflict"),
                    None => waiting.map(reported_text).unwrap_or_default(),
                };
                CaptainBoard {
                    board: b.board,
                    white: names.get(&b.white).cloned().unwrap_or_default(),
                    black: names.get(&b.black).cloned().unwrap_or_default(),
                    result: b.result.map(|r| result_text(Some(r))).unwrap_or_default(),
                    reported,
                    conflict: waiting.is_some_and(|r| r.is_conflict())
                        || outcome == Some(Some(ReportOutcome::Conflict)),
                    field: format!("b-{}", b.board),
                }
            })
            .collect();
        let teams = [m.team.clone(), m.opponent.clone()];
        let lineup = lineup_forms(&c, p, &teams, m.event.settings.boards)
            .into_iter()
            .find(|l| l.team == m.team.id);
        CaptainPage {
            step: "match",
            code: code.trim().to_uppercase(),
            event: m.event.settings.name.to_string(),
            round: m.round,
            number: p.number,
            teams: format!("{} – {}", m.team.details.name, m.opponent.details.name),
            side: c.t(if m.has_white_on_board_one() {
                "teams-captain-white"
            } else {
                "teams-captain-black"
            }),
            forfeit: p
                .forfeit
                .map(|f| {
                    forfeit_text(
                        &c,
                        f,
                        home.details.name.as_ref(),
                        away.details.name.as_ref(),
                    )
                })
                .unwrap_or_default(),
            version: m.version,
            open,
            lineup,
            boards,
            notice: String::new(),
            c,
        }
    }
}

#[derive(Debug, Deserialize)]
struct CodeInLink {
    code: Option<String>,
}

/// The page that asks for the captain's code (a link may carry it).
async fn code_page(c: Ctx, Query(q): Query<CodeInLink>) -> Page {
    let code = q.code.unwrap_or_default().trim().to_uppercase();
    html(&CaptainPage::code(c, code))
}

fn code_of(f: &HashMap<String, String>) -> Result<String, AppError> {
    f.get("code")
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .ok_or_else(|| AppError::invalid("code", "the captain's code", "nothing"))
}

/// The match a code opens, counted against the client's wrong codes.
async fn open(State(st): State<AppState>, c: Ctx, Form(f): Form<HashMap<String, String>>) -> Page {
    let code = code_of(&f)?;
    let (store, address, k) = (st.store.clone(), c.client_ip.to_string(), code.clone());
    let m = blocking(move || store.open_captain_code(&address, &k)).await?;
    html(&CaptainPage::of(c, &code, &m, &[]))
}

/// The captain's lineup: the ticked roster players, in roster order.
async fn lineup(
    State(st): State<AppState>,
    c: Ctx,
    Form(f): Form<HashMap<String, String>>,
) -> Page {
    let code = code_of(&f)?;
    let seen = edits::from_form(f.get("version").map(String::as_str))?;
    let (store, address, k) = (st.store.clone(), c.client_ip.to_string(), code.clone());
    let m = blocking(move || {
        let m = store.open_captain_code(&address, &k)?;
        // A form's fields come in no order: the roster gives it.
        let members = m
            .team
            .roster
            .iter()
            .filter(|p| f.contains_key(&format!("p-{}", p.id)))
            .map(|p| p.id)
            .collect();
        store.captain_lineup(&address, &k, members, seen)
    })
    .await?;
    let mut page = CaptainPage::of(c, &code, &m, &[]);
    page.notice = page.c.t("teams-captain-lineup-saved");
    html(&page)
}

/// The captain's report of the boards' results (the boards left empty are not reported).
async fn report(
    State(st): State<AppState>,
    c: Ctx,
    Form(f): Form<HashMap<String, String>>,
) -> Page {
    let code = code_of(&f)?;
    let mut results = Vec::new();
    for (key, value) in &f {
        let Some(board) = key.strip_prefix("b-").and_then(|b| b.parse::<u32>().ok()) else {
            continue;
        };
        if value.trim().is_empty() {
            continue;
        }
        let result = ResultCode::parse(value)
            .filter(|r| r.is_over_the_board())
            .ok_or_else(|| AppError::invalid(key.clone(), "1-0, 1/2 or 0-1", value.clone()))?;
        results.push((board, result));
    }
    results.sort_by_key(|(b, _)| *b);
    let (store, address, k) = (st.store.clone(), c.client_ip.to_string(), code.clone());
    let (m, sent) = blocking(move || {
        let sent = store.captain_report(&address, &k, &results)?;
        Ok((store.open_captain_code(&address, &k)?, sent))
    })
    .await?;
    let mut page = CaptainPage::of(c, &code, &m, &sent);
    page.notice = page.c.t("teams-captain-report-sent");
    html(&page)
}
