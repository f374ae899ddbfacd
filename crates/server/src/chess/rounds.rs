//! A round: pairing it, swapping players, taking the pairing back, the result grid, and the
//! confirmation of the players' reports.

use askama::Template;
use axum::extract::{Path, State};
use axum::Form;
use serde::Deserialize;
use store::{EventId, PlayerKey, ResultCode};

use crate::chess::forms::{self, PairForm};
use crate::chess::views::{self, ByeView, EventView, GridBoard};
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::{Guard, Kind, Routes};
use crate::page::{blocking, html, see, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .post("/events/{id}/pair", Guard::Whole(Kind::Event), pair)
        .get("/events/{id}/rounds/{n}", round_page)
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
        .post(
            "/events/{id}/rounds/{n}/swap",
            Guard::Merge(Kind::Event),
            swap,
        )
        .post(
            "/events/{id}/rounds/{n}/accept",
            Guard::Whole(Kind::Event),
            accept,
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
        .post(
            "/events/{id}/rounds/{n}/settle",
            Guard::Merge(Kind::Event),
            settle,
        )
}

#[derive(Template)]
#[template(path = "round.html")]
struct RoundPage {
    c: Ctx,
    ev: EventView,
    n: u32,
    paired: bool,
    can_pair: bool,
    closed: bool,
    boards: Vec<GridBoard>,
    byes: Vec<ByeView>,
    seats: Vec<(PlayerKey, String)>,
    /// The players no board or bye holds (boards broken by hand), by pairing number, and how
    /// many of them are checked in (results and the next round wait for them).
    unpaired: Vec<(PlayerKey, String)>,
    waiting: usize,
    /// The round has its pairing-allocated bye (one a round).
    has_pab: bool,
    /// The checker's objections to the boards changed by hand, until the pairing no longer
    /// raises them; accepted ones are shown as such.
    objections: Vec<ObjectionView>,
    /// Some board was changed by hand (the list says which).
    edited: bool,
    missing: usize,
    /// The boards whose players' reports agree: what "confirm" confirms, as `board:result`.
    confirmable: Vec<String>,
    notices: Vec<String>,
    /// Why the form just sent wrote nothing, or not everything (someone else changed it).
    errors: Vec<String>,
    rounds: Vec<u32>,
    show_codes: bool,
    /// The event's version the page was built from (sent back by its forms).
    version: i64,
    /// When the round starts, as the lists print it (empty: no date set), and the form's
    /// values (`YYYY-MM-DD`, `HH:MM`).
    starts: String,
    start_date: String,
    start_time: String,
    /// Double-Swiss: which match and game this round is ("Match 2, game 1"), else empty.
    match_label: String,
    /// Double-Swiss: the match's boards with both games' results and the match result, as
    /// every page shows a match ([`views::match_rows`]).
    match_lines: Vec<views::MatchRow>,
    /// This round's pairing, or a later one, made before a correction of an earlier round.
    stale: Vec<StaleView>,
}

/// A pairing made on results corrected since (C.04.2 4.3), as a round page warns of it: on the
/// stale round's page, and on the page of each round corrected.
struct StaleView {
    /// The stale pairing's round (a Double-Swiss match: its first game).
    round: u32,
    title: String,
    /// What changed: "Round 2, board 3 (A – B): 1-0, now 0-1".
    corrections: Vec<String>,
    /// The players whose record changed and their boards in the stale round.
    players: Vec<String>,
    /// Either "the arbiter decides; it may be paired again", or why it stands as paired.
    advice: String,
    repairable: bool,
}

/// The stale pairings a page of round `n` shows: its own, and those of later rounds made before
/// a correction of round `n`.
fn stale_views(st: &AppState, c: &Ctx, id: EventId, n: u32) -> Result<Vec<StaleView>, AppError> {
    let stale: Vec<store::StalePairing> = st
        .store
        .stale_pairings(id)?
        .into_iter()
        .filter(|s| s.covers(n) || s.corrected_in(n))
        .collect();
    if stale.is_empty() {
        return Ok(Vec::new());
    }
    let names: std::collections::HashMap<PlayerKey, String> = st
        .store
        .players(id)?
        .into_iter()
        .map(|p| (p.id, p.details.name.to_string()))
        .collect();
    let name = |p: PlayerKey| names.get(&p).cloned().unwrap_or_default();
    let result = |r: Option<ResultCode>| match r {
        Some(_) => views::result_text(r),
        None => "—".to_string(),
    };
    let bye = |k: Option<store::ByeKind>| match k {
        Some(k) => views::bye_kind(&c.tr, k),
        None => c.t("bye-none"),
    };
    Ok(stale
        .into_iter()
        .map(|s| {
            let round = s.round;
            let corrections = s
                .corrections
                .iter()
                .map(|x| match *x {
                    store::Correction::Result {
                        round,
                        board,
                        white,
                        black,
                        was,
                        now,
                    } => c.tr.targs(
                        "stale-correction-board",
                        &[
                            ("round", round.into()),
                            ("board", board.into()),
                            ("white", name(white).into()),
                            ("black", black.map(name).unwrap_or_default().into()),
                            ("was", result(was).into()),
                            ("now", result(now).into()),
                        ],
                    ),
                    store::Correction::Bye {
                        round,
                        player,
                        was,
                        now,
                    } => c.tr.targs(
                        "stale-correction-bye",
                        &[
                            ("round", round.into()),
                            ("player", name(player).into()),
                            ("was", bye(was).into()),
                            ("now", bye(now).into()),
                        ],
                    ),
                })
                .collect();
            let players = s
                .players
                .iter()
                .map(|p| {
                    let mut args: Vec<(&str, crate::i18n::Arg)> = vec![
                        ("player", name(p.player).into()),
                        ("was", c.tr.points(&p.was).into()),
                        ("now", c.tr.points(&p.now).into()),
                    ];
                    let key = match p.board {
                        Some(board) => {
                            args.push(("board", board.into()));
                            "stale-player-board"
                        }
                        None => "stale-player-unpaired",
                    };
                    c.tr.targs(key, &args)
                })
                .collect();
            let title = if s.covers(n) {
                c.t1("stale-title-here", "round", round)
            } else {
                c.t1("stale-title-later", "round", round)
            };
            let advice = if s.repairable {
                c.t1("stale-repairable", "round", round)
            } else {
                c.t1("stale-stands", "round", round)
            };
            StaleView {
                round,
                title,
                corrections,
                players,
                advice,
                repairable: s.repairable,
            }
        })
        .collect())
}

/// The Double-Swiss match that round `n` belongs to, as the round page shows it: its label,
/// and its games (the pairing-allocated bye is listed with the byes).
fn match_view(
    st: &AppState,
    c: &Ctx,
    e: &store::Event,
    n: u32,
) -> Result<(String, Vec<views::MatchRow>), AppError> {
    if !e.settings.is_double_swiss() {
        return Ok((String::new(), Vec::new()));
    }
    let (k, game) = store::chess::double_swiss::match_of_round(n);
    let label = c.tr.targs(
        "round-match-game",
        &[("match", k.into()), ("game", game.into())],
    );
    let [g1, g2] = store::chess::double_swiss::games_of_match(k);
    if g2 > e.paired_rounds {
        return Ok((label, Vec::new()));
    }
    let first = views::round_view(&st.store, &c.tr, e, &st.store.round(e.id, g1)?)?;
    let lines = views::match_rows(&st.store, &c.tr, e, &first.boards, k)?
        .into_iter()
        .filter(|m| m.black.is_some())
        .collect();
    Ok((label, lines))
}

/// One of the checker's objections on the round page.
struct ObjectionView {
    board: u32,
    /// In the page's language.
    text: String,
    /// What the accept form sends back.
    key: String,
    accepted: bool,
}

/// What the round page says after a form: notices, and the conflicts of a stale form.
#[derive(Debug, Default)]
pub(crate) struct Said {
    pub(crate) notices: Vec<String>,
    pub(crate) errors: Vec<String>,
    /// A grid sent back with bad cells: every cell as typed, and the bad ones.
    pub(crate) typed: Vec<(u32, String)>,
    pub(crate) bad: Vec<u32>,
}

pub(crate) fn round_page_data(st: &AppState, c: Ctx, id: EventId, n: u32, said: Said) -> Page {
    // Read before the data: the page never claims a newer version than it shows.
    let version = st.store.event_version(id)?;
    let (e, ev) = views::event_view(st, &c, id)?;
    let rounds: Vec<u32> = (1..=e.paired_rounds.max(e.settings.rounds)).collect();
    let start = st
        .store
        .round_starts(id)?
        .into_iter()
        .find(|(k, _)| *k == n)
        .map(|(_, s)| s);
    let starts = start
        .as_ref()
        .map_or_else(String::new, |s| views::round_start_text(&c.tr, s));
    let start_date = start
        .as_ref()
        .map_or_else(String::new, |s| s.date().to_string());
    let start_time = start
        .as_ref()
        .and_then(|s| s.time())
        .unwrap_or_default()
        .to_string();
    let (match_label, match_lines) = if n == 0 {
        Default::default()
    } else {
        match_view(st, &c, &e, n)?
    };
    if n == 0 || n > e.paired_rounds {
        if n == 0 || n > e.paired_rounds + 1 {
            return Err(AppError::NotFound);
        }
        return html(&RoundPage {
            c,
            ev,
            n,
            paired: false,
            can_pair: true,
            closed: false,
            boards: Vec::new(),
            byes: Vec::new(),
            seats: Vec::new(),
            unpaired: Vec::new(),
            waiting: 0,
            has_pab: false,
            objections: Vec::new(),
            edited: false,
            missing: 0,
            confirmable: Vec::new(),
            notices: said.notices,
            errors: said.errors,
            rounds,
            show_codes: false,
            version,
            starts,
            start_date,
            start_time,
            match_label,
            match_lines,
            stale: Vec::new(),
        });
    }
    let round = st.store.round(id, n)?;
    let stale = stale_views(st, &c, id, n)?;
    let (mut boards, byes) = views::boards(&st.store, &c.tr, &e, &round)?;
    let objections: Vec<ObjectionView> = st
        .store
        .objections(id, n)?
        .into_iter()
        .map(|o| ObjectionView {
            board: o.board,
            text: views::objection_text(&c.tr, &o.text),
            key: o.key,
            accepted: o.accepted,
        })
        .collect();
    for b in &mut boards {
        if let Some((_, t)) = said.typed.iter().find(|(k, _)| *k == b.line.board) {
            b.input = t.clone();
        }
        b.bad = said.bad.contains(&b.line.board);
        b.warned = objections
            .iter()
            .any(|o| o.board == b.line.board && !o.accepted);
    }
    let edited = boards.iter().any(|b| b.edited);
    let mut seats: Vec<(PlayerKey, String)> = boards
        .iter()
        .map(|b| &b.line)
        .flat_map(|b| {
            let mut v = vec![(
                b.white.id,
                format!("{}. {} ({})", b.board, b.white.name, b.white.number),
            )];
            if let Some(black) = &b.black {
                v.push((
                    black.id,
                    format!("{}. {} ({})", b.board, black.name, black.number),
                ));
            }
            v
        })
        .collect();
    seats.sort_by(|a, b| a.1.cmp(&b.1));
    let confirmable = round
        .games
        .iter()
        .filter(|g| g.result.is_none())
        .filter_map(|g| g.reported.map(|r| format!("{}:{}", g.board, r.as_str())))
        .collect();
    let left = st.store.unpaired(id, n)?;
    let waiting = left.iter().filter(|p| p.present).count();
    let unpaired = left
        .iter()
        .map(|p| (p.id, format!("{}. {}", p.number, p.details.name)))
        .collect();
    let has_pab = round.games.iter().any(|g| g.black.is_none());
    let status = crate::edits::status_for(&said.errors);
    let mut r = html(&RoundPage {
        unpaired,
        waiting,
        has_pab,
        missing: round.missing_results(),
        confirmable,
        closed: closed(&st.store, &e, &round)?,
        paired: true,
        can_pair: false,
        boards,
        byes,
        seats,
        objections,
        edited,
        notices: said.notices,
        errors: said.errors,
        rounds,
        show_codes: true,
        version,
        starts,
        start_date,
        start_time,
        match_label,
        match_lines,
        stale,
        c,
        ev,
        n,
    })?;
    *r.status_mut() = status;
    Ok(r)
}

/// The round's pairing can no longer change: a result is in, or a later pairing exists. A
/// Double-Swiss match is one pairing: both its games count.
fn closed(store: &store::Store, e: &store::Event, round: &store::Round) -> Result<bool, AppError> {
    let has_result = |r: &store::Round| {
        r.games
            .iter()
            .any(|g| g.black.is_some() && g.result.is_some())
    };
    if !e.settings.is_double_swiss() {
        return Ok(has_result(round) || e.paired_rounds > round.number);
    }
    let games = store::chess::double_swiss::games_of_match(
        store::chess::double_swiss::match_of_round(round.number).0,
    );
    for n in games {
        if n <= e.paired_rounds && has_result(&store.round(e.id, n)?) {
            return Ok(true);
        }
    }
    Ok(e.paired_rounds > games[1])
}

/// The round page again after a form someone else's change made stale: what was not written
/// and why, with both values; anything else refused as usual.
pub(crate) fn after_conflict(st: &AppState, c: Ctx, id: EventId, n: u32, e: AppError) -> Page {
    match e {
        AppError::Store(store::Error::Conflict { changed, .. }) => {
            let errors = crate::edits::describe_all(&c.tr, &changed);
            round_page_data(
                st,
                c,
                id,
                n,
                Said {
                    errors,
                    ..Said::default()
                },
            )
        }
        other => Err(other),
    }
}

async fn round_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
) -> Page {
    round_page_data(&st, c, id, n, Said::default())
}

#[derive(Debug, Deserialize)]
struct RoundForm {
    round: Option<serde_json::Value>,
}

async fn pair(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    Form(f): Form<RoundForm>,
) -> Page {
    let n: u32 = crate::forms::required_number("round", &f.round, "the round to pair")?;
    let store = st.store.clone();
    blocking(move || store.pair_round(&a.username, id, n)).await?;
    see(format!("/events/{id}/rounds/{n}"))
}

async fn unpair(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
) -> Page {
    st.store.unpair_round(&a.username, id, n)?;
    see(format!("/events/{id}/rounds/{n}"))
}

#[derive(Debug, Deserialize)]
struct RepairForm {
    version: Option<String>,
}

/// Takes back the pairing of a round made before a correction and pairs it again on today's
/// results, as one action; refused once a result of it is entered, and when the round's pairing
/// changed since the page was built.
async fn repair(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
    Form(f): Form<RepairForm>,
) -> Page {
    let seen = crate::edits::from_form(f.version.as_deref())?;
    let store = st.store.clone();
    match blocking(move || store.repair_round(&a.username, id, n, seen)).await {
        Ok(r) => see(format!("/events/{id}/rounds/{}", r.number)),
        Err(e) => after_conflict(&st, c, id, n, e),
    }
}

async fn swap(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
    Form(f): Form<PairForm>,
) -> Page {
    let (x, y) = f.keys()?;
    let seen = crate::edits::from_form(f.version.as_deref())?;
    let objections = match st.store.swap_players(&a.username, id, n, x, y, seen) {
        Ok(o) => o,
        Err(e) => return after_conflict(&st, c, id, n, e.into()),
    };
    // The objections themselves stay on the page (in their warning box) until resolved.
    let mut notices = vec![c.t("swap-done")];
    if objections.is_empty() {
        notices.push(c.t("swap-no-objection"));
    }
    round_page_data(
        &st,
        c,
        id,
        n,
        Said {
            notices,
            ..Said::default()
        },
    )
}

#[derive(Debug, Deserialize)]
struct AcceptForm {
    board: Option<serde_json::Value>,
    objection: Option<String>,
}

/// The arbiter accepts one of the checker's objections to a board changed by hand (logged).
async fn accept(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
    Form(f): Form<AcceptForm>,
) -> Page {
    let board: u32 = crate::forms::required_number("board", &f.board, "a board number")?;
    let text = f.objection.as_deref().unwrap_or("");
    st.store.accept_objection(&a.username, id, n, board, text)?;
    see(format!("/events/{id}/rounds/{n}#board-{board}"))
}

/// The grid's inputs `r{board}`, every one read: the results, and the cells that hold no
/// result code (board, as typed).
pub(crate) struct Grid {
    pub entries: Vec<(u32, Option<ResultCode>)>,
    pub typed: Vec<(u32, String)>,
    pub bad: Vec<(u32, String)>,
}

pub(crate) fn read_grid(fields: &[(String, String)]) -> Grid {
    let mut g = Grid {
        entries: Vec::new(),
        typed: Vec::new(),
        bad: Vec::new(),
    };
    for (k, v) in fields {
        let Some(board) = k.strip_prefix('r').and_then(|b| b.parse::<u32>().ok()) else {
            continue;
        };
        g.typed.push((board, v.clone()));
        match forms::result(k, v) {
            Ok(r) => g.entries.push((board, r)),
            Err(_) => g.bad.push((board, v.trim().to_string())),
        }
    }
    g.entries.sort_by_key(|x| x.0);
    g.bad.sort_by_key(|x| x.0);
    g
}

/// The grid's inputs `r{board}` as (board, result); an empty input clears the board. The
/// first cell that holds no result code refuses them all.
pub(crate) fn grid(
    fields: &[(String, String)],
) -> Result<Vec<(u32, Option<ResultCode>)>, AppError> {
    let g = read_grid(fields);
    if let Some((board, typed)) = g.bad.first() {
        forms::result(&format!("r{board}"), typed)?;
    }
    Ok(g.entries)
}

/// The result grid: only the boards the arbiter changed on the page are written (the page's
/// version tells what it showed); a board someone else changed meanwhile is shown again with
/// both values, the others are written.
async fn results(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
    Form(f): Form<Vec<(String, String)>>,
) -> Page {
    let g = read_grid(&f);
    if !g.bad.is_empty() {
        // Nothing is written: the page comes back with every value as typed and the bad
        // cells marked, so one slip does not cost the others.
        let mut errors: Vec<String> = g
            .bad
            .iter()
            .map(|(board, typed)| {
                c.tr.targs(
                    forms::BadResult::of(typed).message_key(),
                    &[
                        ("board", board.to_string().into()),
                        ("found", typed.clone().into()),
                    ],
                )
            })
            .collect();
        errors.push(c.t("grid-bad-kept"));
        let bad = g.bad.iter().map(|b| b.0).collect();
        let mut r = round_page_data(
            &st,
            c,
            id,
            n,
            Said {
                errors,
                typed: g.typed,
                bad,
                ..Said::default()
            },
        )?;
        *r.status_mut() = axum::http::StatusCode::UNPROCESSABLE_ENTITY;
        return Ok(r);
    }
    let entries = g.entries;
    let seen = crate::edits::from_fields(&f)?;
    let w = st.store.set_results(&a.username, id, n, &entries, seen)?;
    if w.conflicts.is_empty() {
        return see(format!("/events/{id}/rounds/{n}"));
    }
    let errors = crate::edits::describe_all(&c.tr, &w.conflicts);
    let notices = if w.changed > 0 {
        vec![c.t1("results-saved", "count", w.changed)]
    } else {
        Vec::new()
    };
    round_page_data(
        &st,
        c,
        id,
        n,
        Said {
            notices,
            errors,
            ..Said::default()
        },
    )
}

/// "Confirm the reported results": the boards the page listed (`shown`, as `board:result`),
/// while their players' reports still agree on that result.
async fn confirm(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
    Form(f): Form<Vec<(String, String)>>,
) -> Page {
    let shown = shown_reports(&f)?;
    st.store
        .confirm_reported(&a.username, id, n, shown.as_deref())?;
    see(format!("/events/{id}/rounds/{n}"))
}

/// The `shown` fields of the confirm form (`board:result`); none at all when the form has no
/// such field (every agreeing report is confirmed then).
pub(crate) fn shown_reports(
    fields: &[(String, String)],
) -> Result<Option<Vec<(u32, ResultCode)>>, AppError> {
    let mut out = Vec::new();
    let mut any = false;
    for (k, v) in fields.iter().filter(|(k, _)| k == "shown") {
        any = true;
        let parsed = v
            .split_once(':')
            .and_then(|(b, r)| Some((b.trim().parse::<u32>().ok()?, ResultCode::parse(r)?)));
        match parsed {
            Some(x) => out.push(x),
            None => {
                return Err(AppError::invalid(
                    k,
                    "board:result, such as 3:1-0",
                    format!("{v:?}"),
                ))
            }
        }
    }
    Ok(any.then_some(out))
}

#[derive(Debug, Deserialize)]
struct SettleForm {
    board: Option<serde_json::Value>,
    result: Option<String>,
    version: Option<String>,
}

/// The arbiter settles a board whose players' reports disagree: keeps one of them (or types
/// the result in the grid). Written unless someone else entered the board's result meanwhile.
async fn settle(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path((id, n)): Path<(EventId, u32)>,
    Form(f): Form<SettleForm>,
) -> Page {
    let board: u32 = crate::forms::required_number("board", &f.board, "a board number")?;
    let result = forms::result("result", f.result.as_deref().unwrap_or(""))?
        .ok_or_else(|| AppError::invalid("result", "1-0, 1/2 or 0-1", "nothing"))?;
    let seen = crate::edits::from_form(f.version.as_deref())?;
    let w = st
        .store
        .set_results(&a.username, id, n, &[(board, Some(result))], seen)?;
    if w.conflicts.is_empty() {
        return see(format!("/events/{id}/rounds/{n}#board-{board}"));
    }
    let errors = crate::edits::describe_all(&c.tr, &w.conflicts);
    round_page_data(
        &st,
        c,
        id,
        n,
        Said {
            errors,
            ..Said::default()
        },
    )
}
