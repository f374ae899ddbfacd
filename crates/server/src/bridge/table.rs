//! The table page a phone opens with its table's printed code (`/t/{code}`): the session, the
//! round, the pairs expected at the table and the boards to play. North enters each board, the
//! screen shows the score, East or West confirms. The code is the only key: wrong codes are
//! counted per address like the chess players' board codes, and the forms carry the anonymous
//! visitor's CSRF token (the `arbiter_anon` cookie, double submit) as the chess result page's do.
//! A random device id kept in a cookie tells two phones apart: two different entries of one
//! line become a conflict for the director, never a silent overwrite.

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Redirect, Response};
use axum::Form;
use serde::Deserialize;
use store::bridge::{BridgeSession, EnterOutcome, LineStatus, SessionId, TableRound};

use super::forms::EntryForm;
use super::{status_label, SessionView, DEVICE_COOKIE};
use crate::ctx::{cookie, set_cookie, Ctx};
use crate::error::AppError;
use crate::guard::{Guard, Own, Routes};
use crate::i18n::Tr;
use crate::page::{blocking, html};
use crate::AppState;
use report::bridge as results;

use super::entry_text;

type Page = Result<Response, AppError>;

pub fn routes() -> Routes {
    Routes::new()
        .get("/t", code_page)
        .post("/t/{code}/boards/{board}", Guard::Own(Own::Phone), enter)
        .post(
            "/t/{code}/boards/{board}/confirm",
            Guard::Own(Own::Phone),
            confirm,
        )
        .post("/t/{code}/pairs", Guard::Own(Own::Phone), pairs_ok)
        .post("/t/{code}/call", Guard::Own(Own::Phone), call_director)
        .post(
            "/t/{code}/boards/{board}/not-played",
            Guard::Own(Own::Phone),
            not_played,
        )
}

/// The session and table a code opens, counted against the client's wrong codes in the
/// database ([`store::throttle`]). Off the async threads: the count is a write that waits its
/// turn for the writing connection.
pub(super) async fn open_table(
    st: &AppState,
    ip: std::net::IpAddr,
    code: &str,
) -> Result<(BridgeSession, u32), AppError> {
    let (store, address, code) = (st.store.clone(), ip.to_string(), code.to_string());
    blocking(move || store.open_table(&address, &code)).await
}

/// The device id from the cookie, or a new one (to be set on the answer).
pub(super) fn device(headers: &HeaderMap) -> (String, bool) {
    match cookie(headers, DEVICE_COOKIE)
        .filter(|d| (8..=64).contains(&d.len()) && d.bytes().all(|b| b.is_ascii_hexdigit()))
    {
        Some(d) => (d, false),
        None => (store::auth::random_token()[..32].to_string(), true),
    }
}

pub(super) fn with_device(mut r: Response, id: &str, new: bool) -> Response {
    if new {
        r.headers_mut().append(
            header::SET_COOKIE,
            set_cookie(DEVICE_COOKIE, id, Some(30 * 86_400)),
        );
    }
    r
}

#[derive(Template)]
#[template(path = "bridge/table_code.html")]
struct CodePage {
    c: Ctx,
}

#[derive(Debug, Deserialize)]
struct CodeQuery {
    code: Option<String>,
}

/// Type the table's code (a GET form: nothing is written).
async fn code_page(c: Ctx, Query(q): Query<CodeQuery>) -> Page {
    match q.code.as_deref().map(str::trim).filter(|x| !x.is_empty()) {
        Some(code) => {
            let code: String = code
                .chars()
                .filter(char::is_ascii_alphanumeric)
                .collect::<String>()
                .to_uppercase();
            Ok(Redirect::to(&format!("/t/{code}")).into_response())
        }
        None => html(&CodePage { c }),
    }
}

/// A pair at the table: its number and names.
#[derive(Debug, Clone, Default)]
struct PairView {
    number: String,
    names: String,
}

/// One board at the table.
#[derive(Debug, Clone, Default)]
pub(super) struct BoardView {
    pub(super) board: u32,
    pub(super) dealer: String,
    pub(super) vulnerability: String,
    pub(super) status: String,
    pub(super) status_code: &'static str,
    /// The entered contract, in words: `3SA N =, ♠A`.
    pub(super) shown: String,
    /// NS's score ("+400" / "−50"), empty before an entry.
    pub(super) score: String,
    /// North may (re)enter: the line is missing, or entered and not confirmed.
    pub(super) can_enter: bool,
    pub(super) can_confirm: bool,
    /// The table said the board was not played (the director's now).
    pub(super) not_played: bool,
    /// The table may say the board was not played: no result yet.
    pub(super) can_mark_not_played: bool,
    pub(super) conflict: bool,
    /// The two versions of a conflicted line, in words.
    pub(super) other: String,
    /// In a round the table has left, a board still open: "Board 5 of round 2 is left for the
    /// director" (no form).
    pub(super) left: String,
    /// Once confirmed, with the session's option: each side's percentage so far
    /// ("NS 62.5 % – EW 37.5 %"), or why not yet.
    pub(super) so_far: String,
    // The form's current values.
    pub(super) level: String,
    pub(super) strain: String,
    pub(super) doubling: String,
    pub(super) declarer: String,
    pub(super) lead_suit: String,
    pub(super) lead_card: String,
    pub(super) result: String,
}

impl BoardView {
    /// A board of the table's round: its dealer and vulnerability, where its result stands and
    /// what the table may do with it, the same at a pairs table and at a teams table: North
    /// enters (and corrects while the result is not confirmed), East or West confirms; a
    /// confirmed result or the director's is no longer the table's.
    pub(super) fn new(tr: &Tr, board: u32, status: LineStatus, conflict: bool) -> BoardView {
        let b = bridge::Board::standard(board);
        BoardView {
            board,
            dealer: results::seat_letter(tr, b.dealer),
            vulnerability: results::vulnerability_text(tr, b.vulnerability),
            status: status_label(tr, status),
            status_code: status.code(),
            conflict,
            can_enter: matches!(status, LineStatus::Missing | LineStatus::Entered),
            can_confirm: status == LineStatus::Entered,
            ..BoardView::default()
        }
    }

    /// The board is shown without its forms: its round is no longer the table's, or the round
    /// waits for "these are our pairs". `left`: said on a board the table left open.
    pub(super) fn without_forms(&mut self, left: Option<String>) {
        self.can_enter = false;
        self.can_confirm = false;
        self.can_mark_not_played = false;
        self.left = left.unwrap_or_default();
    }

    /// Shows entry `e` and sets the keypad's keys to it (a correction starts from it).
    pub(super) fn fill(&mut self, tr: &Tr, e: &store::bridge::Entry) {
        self.shown = entry_text(tr, e);
        if let (Some(d), Some(t), Ok(bridge::Bid::Contract(c))) =
            (e.declarer, e.tricks, e.contract.parse::<bridge::Bid>())
        {
            let text = c.to_string();
            self.level = text[..1].to_string();
            let rest = &text[1..];
            let (strain, dbl) = match rest.strip_prefix("NT") {
                Some(d) => ("NT", d),
                None => rest.split_at(1),
            };
            self.strain = strain.to_string();
            self.doubling = dbl.to_string();
            self.declarer = d.letter().to_string();
            self.result = bridge::Played::new(c, d, t)
                .map(|p| p.relative())
                .unwrap_or_default();
        } else {
            self.level = "P".into();
        }
        if !e.lead.is_empty() {
            self.lead_suit = e.lead[..1].to_string();
            self.lead_card = e.lead[1..].to_string();
        }
    }
}

#[derive(Template)]
#[template(path = "bridge/table.html")]
struct TablePage {
    c: Ctx,
    s: SessionView,
    code: String,
    table: u32,
    round: u32,
    rounds: u32,
    ns: PairView,
    ew: PairView,
    sits_out: bool,
    boards: Vec<BoardView>,
    done: bool,
    /// The table has moved past this round: its open lines are the director's.
    closed: bool,
    /// The round the table is in.
    current: u32,
    /// On the table's round: the boards it left open in earlier rounds, in words (the
    /// director's).
    left: Vec<String>,
    /// The round's pairs wait for the table's "these are our pairs".
    check_pairs: bool,
    /// The table's call to the director in this round is open.
    called: bool,
    notice: String,
    notice_class: &'static str,
    /// The entry keypad's keys (`bridge/entry_keypad.html`).
    keys: TableChoices,
    /// Where the keypad's form posts (the board's number follows).
    entry_path: String,
    style: &'static str,
}

pub(super) fn score_text(s: i32) -> String {
    match s {
        s if s > 0 => format!("+{s}"),
        0 => "0".into(),
        s => format!("−{}", -s),
    }
}

fn board_view(tr: &Tr, l: &store::bridge::Line) -> BoardView {
    let mut v = BoardView::new(tr, l.board, l.status, l.conflict);
    v.not_played = l.not_played;
    v.can_mark_not_played = l.status == LineStatus::Missing && !l.not_played;
    v.score = l.score_ns.map(score_text).unwrap_or_default();
    if let Some(e) = &l.entry {
        v.fill(tr, e);
    }
    if let Some(a) = &l.adjustment {
        v.shown = super::pages::adjustment_label(tr, a);
    }
    v
}

/// A settled line's percentages among the lines of its board scored so far (matchpoints), or
/// its points (IMPs); a line alone on its board waits for another table.
fn so_far(tr: &Tr, r: &store::bridge::Ranking, l: &store::bridge::Line) -> String {
    let found = r
        .session
        .boards
        .iter()
        .zip(&r.scored.boards)
        .find(|(b, _)| b.number == l.board)
        .and_then(|(b, sb)| {
            let i = b.lines.iter().position(|x| x.ns == l.ns && x.ew == l.ew)?;
            Some((b.lines.len(), sb, i))
        });
    let Some((played, sb, i)) = found else {
        return String::new();
    };
    if played < 2 {
        return tr.t("bridge-table-so-far-alone");
    }
    let text = |x: Option<bridge::Ratio>| x.map(|x| tr.num(&x.to_short(2)));
    match (text(sb.pct_ns(i)), text(sb.pct_ew(i))) {
        (Some(ns), Some(ew)) => tr.targs(
            "bridge-table-so-far-percent",
            &[
                ("ns", ns.into()),
                ("ew", ew.into()),
                ("tables", played.into()),
            ],
        ),
        _ => {
            let line = sb.lines.get(i).copied().unwrap_or_default();
            match (text(line.ns), text(line.ew)) {
                (Some(ns), Some(ew)) => tr.targs(
                    "bridge-table-so-far-imps",
                    &[
                        ("ns", ns.into()),
                        ("ew", ew.into()),
                        ("tables", played.into()),
                    ],
                ),
                _ => String::new(),
            }
        }
    }
}

#[derive(Debug, Deserialize, Default)]
pub(super) struct TableQuery {
    pub(super) round: Option<String>,
    /// After an entry: the board, and what happened (`stored`, `unchanged`, `conflict`,
    /// `confirmed`).
    pub(super) board: Option<u32>,
    pub(super) outcome: Option<String>,
    /// `ok` once the table said the pairs shown are the ones sitting there.
    pairs: Option<String>,
}

pub(super) fn choices(tr: &Tr) -> TableChoices {
    let levels = (1..=7)
        .map(|l| (l.to_string(), l.to_string()))
        .chain([("P".to_string(), tr.t("bridge-passed-out"))])
        .collect();
    let strains = ["C", "D", "H", "S", "NT"]
        .into_iter()
        .map(|s| {
            (
                s.to_string(),
                results::contract_text(tr, &format!("1{s}"))[1..].to_string(),
            )
        })
        .collect();
    let seats = [
        bridge::Seat::North,
        bridge::Seat::East,
        bridge::Seat::South,
        bridge::Seat::West,
    ]
    .into_iter()
    .map(|s| (s.letter().to_string(), results::seat_letter(tr, s)))
    .collect();
    let suits = ["S", "H", "D", "C"]
        .into_iter()
        .map(|s| (s.to_string(), results::lead_text(tr, s)))
        .collect();
    let cards = [
        "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2",
    ]
    .into_iter()
    .map(|k| {
        let shown = results::lead_text(tr, &format!("S{k}"));
        (k.to_string(), shown.chars().skip(1).collect())
    })
    .collect();
    // Made first, then overtricks, then undertricks: the keys a table taps most come first.
    // Shown with a true minus sign; the value stays ASCII.
    let results = std::iter::once("=".to_string())
        .chain((1..=6).map(|d| format!("+{d}")))
        .chain((1..=13).map(|d| format!("-{d}")))
        .map(|v| {
            let shown = v.replace('-', "−");
            (v, shown)
        })
        .collect();
    TableChoices {
        levels,
        strains,
        seats,
        suits,
        cards,
        results,
    }
}

/// The keys of the entry keypad (`bridge/entry_keypad.html`), in the reader's language.
pub(super) struct TableChoices {
    pub(super) levels: Vec<(String, String)>,
    pub(super) strains: Vec<(String, String)>,
    pub(super) seats: Vec<(String, String)>,
    pub(super) suits: Vec<(String, String)>,
    pub(super) cards: Vec<(String, String)>,
    pub(super) results: Vec<(String, String)>,
}

/// "Board 5 of round 2 is left for the director."
fn left_text(tr: &Tr, board: u32, round: u32) -> String {
    tr.targs(
        "bridge-table-left",
        &[("board", board.into()), ("round", round.into())],
    )
}

/// What the page says after a table's write (the address names the board and the outcome),
/// the same at a pairs table and a teams table.
pub(super) fn notice(c: &Ctx, q: &TableQuery) -> (String, &'static str) {
    match (q.board, q.outcome.as_deref()) {
        (Some(b), Some("conflict")) => (c.t1("bridge-table-conflict", "board", b), "error"),
        (Some(b), Some("stored")) => (c.t1("bridge-table-stored", "board", b), "notice"),
        (Some(b), Some("unchanged")) => (c.t1("bridge-table-unchanged", "board", b), "notice"),
        (Some(b), Some("confirmed")) => (c.t1("bridge-table-confirmed", "board", b), "notice"),
        (Some(b), Some("not_played")) => (c.t1("bridge-table-not-played", "board", b), "notice"),
        (_, Some("called")) => (c.t("bridge-call-sent"), "notice"),
        _ => (String::new(), "notice"),
    }
}

fn table_page_data(
    st: &AppState,
    c: Ctx,
    code: &str,
    s: &BridgeSession,
    table: u32,
    q: &TableQuery,
) -> Page {
    let id = s.id;
    let current = st.store.current_round(id, table)?;
    let round = q
        .round
        .as_deref()
        .and_then(|r| r.trim().parse::<u32>().ok())
        .unwrap_or(current);
    let tr_round = st.store.table_round(id, table, round)?;
    let pairs = st.store.pairs(id)?;
    let labels = st.store.pair_labels(id)?;
    let pair = |p: Option<u32>| match p {
        Some(n) => PairView {
            number: report::bridge::pair_text(&c.tr, labels, n),
            names: pairs
                .iter()
                .find(|x| x.number == n)
                .map(|x| x.details.display())
                .unwrap_or_default(),
        },
        None => PairView {
            number: "—".into(),
            names: c.t("bridge-sits-out"),
        },
    };
    // A round before the one the table is in is the director's: shown, never entered.
    let closed = round < current;
    // At the start of a round the table first says the pairs shown are the ones sitting there
    // (a pair at the wrong table is caught before a board is entered).
    let sits_out = tr_round.ns.is_none() || tr_round.ew.is_none();
    let check_pairs = !closed
        && !sits_out
        && q.pairs.as_deref() != Some("ok")
        && tr_round
            .lines
            .iter()
            .all(|l| l.status == LineStatus::Missing);
    let conflicts = if tr_round.lines.iter().any(|l| l.conflict) {
        st.store.conflicts(id)?
    } else {
        Vec::new()
    };
    let boards: Vec<BoardView> = tr_round
        .lines
        .iter()
        .map(|l| board_view(&c.tr, l))
        .map(|mut b| {
            // Both versions of a conflict are shown to the table, as to the director.
            if let Some(x) = conflicts
                .iter()
                .find(|x| x.board == b.board && x.table == table && x.round == round)
            {
                b.other = format!(
                    "{} / {}",
                    entry_text(&c.tr, &x.kept),
                    entry_text(&c.tr, &x.other)
                );
            }
            if closed {
                let open = tr_round
                    .lines
                    .iter()
                    .any(|l| l.board == b.board && !l.done_at_table());
                b.without_forms(open.then(|| left_text(&c.tr, b.board, round)));
            } else if check_pairs {
                b.without_forms(None);
            }
            b
        })
        .collect();
    // On the table's round, what it left open before (the phone never goes back there).
    let left = if round == current {
        st.store
            .left_for_director(id, table)?
            .iter()
            .map(|l| left_text(&c.tr, l.board, l.round))
            .collect()
    } else {
        Vec::new()
    };
    let mut boards = boards;
    if s.settings.table_results && tr_round.lines.iter().any(|l| l.status.is_final()) {
        let ranking = st.store.ranking(id)?;
        for (b, l) in boards.iter_mut().zip(&tr_round.lines) {
            if l.status.is_final() {
                b.so_far = so_far(&c.tr, &ranking, l);
            }
        }
    }
    let done = tr_round.lines.iter().all(|l| l.done_at_table());
    let called = st.store.calls(id)?.iter().any(|k| {
        k.kind == store::bridge::CallKind::Director && k.table == table && k.round == round
    });
    let (notice, notice_class) = notice(&c, q);
    html(&TablePage {
        s: SessionView::new(s, &c.tr),
        code: code.to_string(),
        table,
        round,
        rounds: tr_round.rounds,
        sits_out,
        check_pairs,
        called,
        ns: pair(tr_round.ns),
        ew: pair(tr_round.ew),
        boards,
        done,
        closed,
        current,
        left,
        notice,
        notice_class,
        keys: choices(&c.tr),
        entry_path: format!("/t/{code}/boards"),
        style: super::STYLE,
        c,
    })
}

/// A pairs table's page (`/t/{code}` when the code is a pairs table's; see `table_code.rs`).
pub(super) fn pairs_page(
    st: &AppState,
    c: Ctx,
    headers: &HeaderMap,
    code: &str,
    s: &BridgeSession,
    table: u32,
    q: &TableQuery,
) -> Page {
    let code = code.trim().to_uppercase();
    let (dev, new) = device(headers);
    let r = table_page_data(st, c, &code, s, table, q)?;
    Ok(with_device(r, &dev, new))
}

/// A board entered from a table's keypad (a pairs table's or a teams table's).
#[derive(Debug, Deserialize)]
pub(super) struct EnterForm {
    /// A string: a flattened form reads every value as text.
    round: String,
    #[serde(flatten)]
    entry: EntryForm,
}

impl EnterForm {
    /// The round and the entry, typed text read in the page's notation.
    pub(super) fn read(&self, tr: &Tr) -> Result<(u32, store::bridge::Entry), AppError> {
        let entry = self.entry.entry_in(super::notation(tr))?;
        let round: u32 = self.round.trim().parse().map_err(|_| {
            AppError::invalid("round", "a round number", format!("{:?}", self.round))
        })?;
        Ok((round, entry))
    }
}

/// The outcome of an entry as the page's address names it.
pub(super) fn outcome_code(o: EnterOutcome) -> &'static str {
    match o {
        EnterOutcome::Stored => "stored",
        EnterOutcome::Unchanged => "unchanged",
        EnterOutcome::Conflict => "conflict",
    }
}

async fn enter(
    State(st): State<AppState>,
    c: Ctx,
    headers: HeaderMap,
    Path((code, board)): Path<(String, u32)>,
    Form(f): Form<EnterForm>,
) -> Page {
    let (s, table) = open_table(&st, c.client_ip, &code).await?;
    let code = code.trim().to_uppercase();
    let (round, entry) = f.read(&c.tr)?;
    let (dev, new) = device(&headers);
    let (store, d) = (st.store.clone(), dev.clone());
    let outcome = blocking(move || store.enter_line(s.id, table, round, board, &entry, &d)).await?;
    let outcome = outcome_code(outcome);
    let r = Redirect::to(&format!(
        "/t/{code}?round={round}&board={board}&outcome={outcome}#board-{board}"
    ))
    .into_response();
    Ok(with_device(r, &dev, new))
}

/// A table's form that names only its round (a confirmation, a call, "not played").
#[derive(Debug, Deserialize)]
pub(super) struct RoundForm {
    round: String,
}

impl RoundForm {
    pub(super) fn round(&self) -> Result<u32, AppError> {
        self.round
            .trim()
            .parse()
            .map_err(|_| AppError::invalid("round", "a round number", format!("{:?}", self.round)))
    }
}

async fn confirm(
    State(st): State<AppState>,
    c: Ctx,
    Path((code, board)): Path<(String, u32)>,
    Form(f): Form<RoundForm>,
) -> Page {
    let (s, table) = open_table(&st, c.client_ip, &code).await?;
    let code = code.trim().to_uppercase();
    let round = f.round()?;
    let store = st.store.clone();
    let after = blocking(move || {
        store.confirm_line(s.id, table, round, board)?;
        store.table_round(s.id, table, round)
    })
    .await?;
    Ok(Redirect::to(&after_board(&code, &after, board, "confirmed")).into_response())
}

/// Where the page goes once a board is done at the table: it stays on the round the table is
/// in (never the first round with an open line: that one is the director's); once this round
/// is complete it opens on the next one.
fn after_board(code: &str, after: &TableRound, board: u32, outcome: &str) -> String {
    let round = after.round;
    let done = after.lines.iter().all(store::bridge::Line::done_at_table);
    let next = if done && round < after.rounds {
        round + 1
    } else {
        round
    };
    format!("/t/{code}?round={next}&board={board}&outcome={outcome}#board-{board}")
}

/// A table's write from a form (the round in `f`) as its phone (the device cookie); then the
/// page `to` answers, from the code, the round and what the write returned.
async fn table_write<T: Send + 'static>(
    st: &AppState,
    c: &Ctx,
    headers: &HeaderMap,
    (code, f): (&str, &RoundForm),
    write: impl FnOnce(&store::Store, SessionId, u32, u32, &str) -> Result<T, store::Error>
        + Send
        + 'static,
    to: impl FnOnce(&str, u32, T) -> String,
) -> Page {
    let (s, table) = open_table(st, c.client_ip, code).await?;
    let code = code.trim().to_uppercase();
    let round = f.round()?;
    let (dev, new) = device(headers);
    let (store, d) = (st.store.clone(), dev.clone());
    let done = blocking(move || write(&store, s.id, table, round, &d)).await?;
    let r = Redirect::to(&to(&code, round, done)).into_response();
    Ok(with_device(r, &dev, new))
}

/// The table says a board was not played: its line waits for the director's adjusted score.
async fn not_played(
    State(st): State<AppState>,
    c: Ctx,
    headers: HeaderMap,
    Path((code, board)): Path<(String, u32)>,
    Form(f): Form<RoundForm>,
) -> Page {
    let write = move |s: &store::Store, id, table, round, d: &str| {
        s.mark_not_played(id, table, round, board, d)?;
        s.table_round(id, table, round)
    };
    let to = move |code: &str, _, after: TableRound| after_board(code, &after, board, "not_played");
    table_write(&st, &c, &headers, (&code, &f), write, to).await
}

/// The table calls the director: flagged on the director's pages until cleared there.
async fn call_director(
    State(st): State<AppState>,
    c: Ctx,
    headers: HeaderMap,
    Path(code): Path<String>,
    Form(f): Form<RoundForm>,
) -> Page {
    let write = |s: &store::Store, id, table, round, d: &str| s.call_director(id, table, round, d);
    let to = |code: &str, round, ()| format!("/t/{code}?round={round}&outcome=called");
    table_write(&st, &c, &headers, (&code, &f), write, to).await
}

/// The table says the round's pairs are the ones sitting there: the boards' forms open.
async fn pairs_ok(
    State(st): State<AppState>,
    c: Ctx,
    Path(code): Path<String>,
    Form(f): Form<RoundForm>,
) -> Page {
    open_table(&st, c.client_ip, &code).await?;
    let code = code.trim().to_uppercase();
    let round = f.round()?;
    Ok(Redirect::to(&format!("/t/{code}?round={round}&pairs=ok")).into_response())
}
