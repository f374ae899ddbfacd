//! The captain's phone (`/teams/captain`): the code printed for each team of each match (or for
//! each team, for the whole event: its current match) opens the match for that team's captain, who ticks the lineup before the round and reports the
//! boards' results after it. Reports wait for the arbiter ([`store::teams::captains`]); wrong
//! codes are counted as the players' codes are.
//!
//! As on a player's phone, nothing is recorded on the first tap: the lineup or the results are
//! shown as they will be recorded ("Confirm?": each board with its players, colours and
//! result in words), and recorded with the second tap (`sure`), or taken back with "Change".

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Query, State};
use axum::Form;
use serde::Deserialize;
use store::teams::captains::CaptainMatch;
use store::teams::rounds::check_lineup;
use store::teams::Team;
use store::{ReportOutcome, ResultCode};
use tournament::Color;

use super::pages::{
    breach_text, forfeit_text, lineup_forms, lineup_members, reported_text, rule_text, LineupForm,
};
use crate::chess::views::result_text;
use crate::ctx::Ctx;
use crate::edits;
use crate::error::AppError;
use crate::guard::{Guard, Own, Routes};
use crate::page::{blocking, html, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .get("/teams/captain", code_page)
        .post("/teams/captain", Guard::Own(Own::Phone), open)
        .post("/teams/captain/lineup", Guard::Own(Own::Phone), lineup)
        .post("/teams/captain/report", Guard::Own(Own::Phone), report)
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
    /// What is wrong with the lineup just sent (the code and the ticks kept).
    error: String,
    /// The first tap's review: `lineup` or `report` (empty: no review).
    review: &'static str,
    /// What the second tap records, one line a board.
    review_lines: Vec<String>,
    /// The form's fields sent again with the second tap (`p-…` or `b-…`, and the version).
    review_fields: Vec<(String, String)>,
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
            error: String::new(),
            review: "",
            review_lines: Vec::new(),
            review_fields: Vec::new(),
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
        // A result entered or reported starts the match: the lineups are fixed.
        let open = p.boards.iter().all(|b| b.result.is_none())
            && p.forfeit.is_none()
            && m.reports.is_empty();
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
        // A hidden player is named by the team: "(Club B)"; a team that did not show for a
        // forfeited match has "Forfeit" on its side.
        let name_of = |id: &Option<i64>| match id {
            None => c.t("teams-absent-player"),
            Some(id) => names
                .get(id)
                .cloned()
                .unwrap_or_else(|| format!("({})", m.opponent.details.name)),
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
                    white: name_of(&b.white),
                    black: name_of(&b.black),
                    result: b.result.map(|r| result_text(Some(r))).unwrap_or_default(),
                    reported,
                    conflict: waiting.is_some_and(|r| r.is_conflict())
                        || outcome == Some(Some(ReportOutcome::Conflict)),
                    field: format!("b-{}", b.board),
                }
            })
            .collect();
        let teams = [m.team.clone(), m.opponent.clone()];
        let lineup = lineup_forms(
            &c,
            p,
            &teams,
            &m.event.board_colours(),
            m.event.settings.board_order_gap.is_some(),
        )
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
            error: String::new(),
            review: "",
            review_lines: Vec::new(),
            review_fields: Vec::new(),
            c,
        }
    }
}

/// The colour name of the captain's team on board `k` (from 0).
fn colour_of(c: &Ctx, m: &CaptainMatch, k: usize) -> String {
    let colours = m.event.board_colours();
    let white = (colours.get(k) == Some(&Color::White)) == m.has_white_on_board_one();
    c.t(if white {
        "report-white-is"
    } else {
        "report-black-is"
    })
}

/// One board's line of a review: "Board 2: …".
fn review_line(c: &Ctx, board: u32, text: String) -> String {
    c.tr.targs(
        "teams-captain-review-board",
        &[("board", board.into()), ("text", text.into())],
    )
}

/// The review of a lineup: each board with the captain's player and colour.
fn lineup_review(c: &Ctx, m: &CaptainMatch, members: &[i64]) -> Vec<String> {
    members
        .iter()
        .enumerate()
        .map(|(k, id)| {
            let name = m
                .team
                .roster
                .iter()
                .find(|p| p.id == *id)
                .map(|p| p.details.name.to_string())
                .unwrap_or_default();
            let text = format!("{name} ({})", colour_of(c, m, k));
            review_line(c, k as u32 + 1, text)
        })
        .collect()
}

/// The review of a report: each board's result, and in words what it means for the captain's
/// player (whose name the page shows; the other team's lineup may still be hidden).
fn report_review(
    page: &CaptainPage,
    m: &CaptainMatch,
    results: &[(u32, ResultCode)],
) -> Vec<String> {
    let c = &page.c;
    results
        .iter()
        .map(|(board, result)| {
            let k = *board as usize - 1;
            let colours = m.event.board_colours();
            let white = (colours.get(k) == Some(&Color::White)) == m.has_white_on_board_one();
            let name = page
                .boards
                .iter()
                .find(|b| b.board == *board)
                .map(|b| {
                    if white {
                        b.white.clone()
                    } else {
                        b.black.clone()
                    }
                })
                .unwrap_or_default();
            let key = match (result, white) {
                (ResultCode::WhiteWins, true) | (ResultCode::BlackWins, false) => {
                    "teams-captain-review-win"
                }
                (ResultCode::WhiteWins, false) | (ResultCode::BlackWins, true) => {
                    "teams-captain-review-loss"
                }
                _ => "teams-captain-review-draw",
            };
            let said = c.tr.targs(
                key,
                &[("name", name.into()), ("colour", colour_of(c, m, k).into())],
            );
            review_line(
                c,
                *board,
                format!("{} — {said}", result_text(Some(*result))),
            )
        })
        .collect()
}

/// The second tap: the review's form sends `sure=1`.
fn is_sure(f: &HashMap<String, String>) -> bool {
    f.get("sure").map(String::as_str) == Some("1")
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

/// The round the captain's page showed (its forms send it): a team's code for the event then
/// still goes to that round's match. The code page's own form has none.
fn round_of(f: &HashMap<String, String>) -> Result<Option<u32>, AppError> {
    match f.get("round").map(|s| s.trim()).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(t) => t
            .parse()
            .map(Some)
            .map_err(|_| AppError::invalid("round", "a round number", t)),
    }
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
    let round = round_of(&f)?;
    let (store, address, k) = (st.store.clone(), c.client_ip.to_string(), code.clone());
    let m = blocking(move || store.open_captain_code(&address, &k, round)).await?;
    html(&CaptainPage::of(c, &code, &m, &[]))
}

/// The captain's lineup: the ticked roster players, in roster order. The first tap shows it
/// board by board with the colours; the second (`sure`) records it.
async fn lineup(
    State(st): State<AppState>,
    c: Ctx,
    Form(f): Form<HashMap<String, String>>,
) -> Page {
    let code = code_of(&f)?;
    let round = round_of(&f)?;
    let version = f.get("version").cloned().unwrap_or_default();
    let seen = edits::from_form(f.get("version").map(String::as_str))?;
    let sure = is_sure(&f);
    let (store, address, k) = (st.store.clone(), c.client_ip.to_string(), code.clone());
    let (m, members, wrong, rule) = blocking(move || {
        let m = store.open_captain_code(&address, &k, round)?;
        let members = match lineup_members(&m.team.roster, &f) {
            Ok(members) => members,
            Err(e) => return Ok(Err(e)),
        };
        // A lineup that breaks a rule comes back with what is wrong, the code and the ticks
        // kept: the captain corrects it without typing the code again.
        let s = &m.event.settings;
        let mut rule = None;
        let checked =
            check_lineup(s.boards, &m.team.roster, &members, s.board_order_gap).and_then(|()| {
                rule = store.lineup_rule_breach(m.event.id, m.round, m.team.id, &members)?;
                match &rule {
                    Some(b) => Err(store::Error::Invalid {
                        field: "roster_rules".into(),
                        expected: "a lineup within the competition's roster rules".into(),
                        found: b.to_string(),
                    }),
                    None => Ok(()),
                }
            });
        let recorded = match checked {
            Ok(()) if sure => store.captain_lineup(&address, &k, round, members.clone(), seen),
            Ok(()) => Ok(m.clone()),
            Err(e) => Err(e),
        };
        Ok(Ok(match recorded {
            Ok(m) => (m, members, None, None),
            Err(e @ store::Error::Invalid { .. }) => (m, members, Some(e), rule),
            Err(e) => return Err(e),
        }))
    })
    .await??;
    let mut page = CaptainPage::of(c, &code, &m, &[]);
    if let Some(e) = wrong {
        page.error = match rule {
            Some(b) => page.c.tr.targs(
                "teams-rule-refused",
                &[("breach", rule_text(&page.c, &b).into())],
            ),
            None => lineup_problem(&page.c, &m, &members, &e),
        };
        if let Some(l) = page.lineup.as_mut() {
            for p in &mut l.players {
                let board = members.iter().position(|id| p.field == format!("p-{id}"));
                p.ticked = board.is_some();
                p.order = board.map(|k| (k + 1).to_string()).unwrap_or_default();
            }
        }
    } else if sure {
        page.notice = page.c.t("teams-captain-lineup-saved");
    } else {
        page.review = "lineup";
        page.review_lines = lineup_review(&page.c, &m, &members);
        // The boards as numbers: the second tap keeps an order out of the roster's.
        page.review_fields = members
            .iter()
            .enumerate()
            .map(|(k, id)| (format!("p-{id}"), (k + 1).to_string()))
            .chain([("version".to_string(), version)])
            .collect();
    }
    html(&page)
}

/// What is wrong with a lineup, in the page's language: the number of players ticked, or the
/// rule it breaks as the store words it.
fn lineup_problem(c: &Ctx, m: &CaptainMatch, members: &[i64], e: &store::Error) -> String {
    let (boards, ticked) = (m.event.settings.boards, members.len());
    if ticked != boards as usize {
        return c.tr.targs(
            "teams-lineup-count",
            &[("boards", boards.into()), ("ticked", ticked.into())],
        );
    }
    let breach = m
        .event
        .settings
        .board_order_gap
        .and_then(|gap| store::teams::rounds::board_order_breach(&m.team.roster, members, gap));
    if let Some(b) = breach {
        return c.tr.targs(
            "teams-board-order-refused",
            &[("breach", breach_text(c, &b).into())],
        );
    }
    match e {
        store::Error::Invalid {
            expected, found, ..
        } => c.tr.targs(
            "teams-lineup-invalid",
            &[
                ("expected", expected.clone().into()),
                ("found", found.clone().into()),
            ],
        ),
        other => other.to_string(),
    }
}

/// The captain's report of the boards' results (the boards left empty are not reported). The
/// first tap shows each result in words; the second (`sure`) sends them.
async fn report(
    State(st): State<AppState>,
    c: Ctx,
    Form(f): Form<HashMap<String, String>>,
) -> Page {
    let code = code_of(&f)?;
    let round = round_of(&f)?;
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
    if results.is_empty() {
        return Err(AppError::invalid(
            "b-1",
            "a result on at least one board",
            "nothing",
        ));
    }
    if !is_sure(&f) {
        let (store, address, k) = (st.store.clone(), c.client_ip.to_string(), code.clone());
        let m = blocking(move || store.open_captain_code(&address, &k, round)).await?;
        let mut page = CaptainPage::of(c, &code, &m, &[]);
        page.review = "report";
        page.review_lines = report_review(&page, &m, &results);
        page.review_fields = results
            .iter()
            .map(|(b, r)| (format!("b-{b}"), r.as_str().to_string()))
            .collect();
        return html(&page);
    }
    let (store, address, k) = (st.store.clone(), c.client_ip.to_string(), code.clone());
    let (m, sent) = blocking(move || {
        let sent = store.captain_report(&address, &k, round, &results)?;
        Ok((store.open_captain_code(&address, &k, round)?, sent))
    })
    .await?;
    let mut page = CaptainPage::of(c, &code, &m, &sent);
    page.notice = page.c.t("teams-captain-report-sent");
    html(&page)
}
