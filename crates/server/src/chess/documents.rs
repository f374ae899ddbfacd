//! The lists an arbiter prints and exports: standings, crosstable, alphabetical list, the TRF
//! file, standings as CSV and JSON.

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::response::IntoResponse;
use serde::Deserialize;
use store::{EventId, Player, PlayerKey, Store};

use crate::chess::views::{self, CrossRow, EventView, LegendItem, PlayerView, StandingView};
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::{Guard, Own, Routes};
use crate::page::{attachment, html, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .get("/events/{id}/standings", standings_page)
        .get("/events/{id}/crosstable", crosstable_page)
        .get("/events/{id}/alphabetical", alphabetical_page)
        .get("/events/{id}/table", round_robin_table_page)
        .get("/events/{id}/rounds/{n}/slips", board_slips_page)
        .get("/events/{id}/export.trf", export_trf)
        .get("/events/{id}/chess-results.xml", export_chess_results)
        .post(
            "/events/{id}/chess-results/publish",
            Guard::Own(Own::Publish),
            publish_chess_results,
        )
        .get("/events/{id}/standings.csv", standings_csv)
        .get("/events/{id}/standings.json", standings_json)
        .get("/events/{id}/national.csv", national_csv)
}

#[derive(Debug, Deserialize)]
struct AfterQuery {
    after: Option<u32>,
}

#[derive(Template)]
#[template(path = "standings.html")]
struct StandingsPage {
    c: Ctx,
    ev: EventView,
    after: u32,
    rounds: Vec<u32>,
    codes: Vec<String>,
    /// The performance column is shown (after the tie-breaks, ranking nobody).
    perf: bool,
    /// The rating change column is shown (last, ranking nobody).
    delo: bool,
    rows: Vec<StandingView>,
    legend: Vec<LegendItem>,
    /// The list ends with the drawing of lots and some player has no lot yet.
    draw: bool,
    /// The version its forms carry, read before the data it shows.
    version: i64,
}

async fn standings_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<AfterQuery>,
) -> Page {
    let version = st.store.version(store::Scope::Event(id))?.0;
    let (e, ev) = views::event_view(&st, &c, id)?;
    let s = st.store.standings(id, q.after)?;
    let draw = s.tiebreak_codes.last().map(String::as_str) == Some(store::chess::lots::LOT)
        && st.store.lots(id)?.len() < st.store.players(id)?.len();
    html(&StandingsPage {
        version,
        draw,
        after: s.after_round,
        rounds: (1..=e.paired_rounds).collect(),
        rows: views::standings_rows(&c.tr, &s),
        legend: views::standings_legend(&c.tr, &s),
        perf: s.performance_column,
        delo: s.rating_change_column,
        codes: s.tiebreak_codes,
        ev,
        c,
    })
}

#[derive(Template)]
#[template(path = "crosstable.html")]
struct CrosstablePage {
    c: Ctx,
    ev: EventView,
    after: u32,
    round_numbers: Vec<u32>,
    codes: Vec<String>,
    rows: Vec<CrossRow>,
    legend: Vec<LegendItem>,
    /// A round robin: the page links to the square table.
    round_robin: bool,
}

async fn crosstable_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<AfterQuery>,
) -> Page {
    let (e, ev) = views::event_view(&st, &c, id)?;
    let s = st.store.standings(id, q.after)?;
    let rounds = st.store.rounds(id)?;
    html(&CrosstablePage {
        round_robin: e.settings.system.is_round_robin(),
        after: s.after_round,
        round_numbers: (1..=s.after_round).collect(),
        rows: views::crosstable(&c.tr, &s, &rounds),
        legend: views::legend(&c.tr, &s.tiebreak_codes),
        codes: s.tiebreak_codes,
        ev,
        c,
    })
}

/// One line of the round robin's square table ("tableau à double entrée"): a player, their
/// results against each player by pairing number (both cycles of a double round robin in one
/// cell, in round order), points, tie-breaks and place.
#[derive(Debug, Clone)]
struct SquareRow {
    player: PlayerView,
    /// One per player by pairing number; `None` on the diagonal.
    cells: Vec<Option<String>>,
    points: String,
    values: Vec<String>,
    place: String,
}

#[derive(Template)]
#[template(path = "round_robin_table.html")]
struct RoundRobinTablePage {
    c: Ctx,
    ev: EventView,
    after: u32,
    codes: Vec<String>,
    rows: Vec<SquareRow>,
    legend: Vec<LegendItem>,
}

/// The square table's lines, by pairing number, from the standings after their round.
fn square_rows(
    tr: &crate::i18n::Tr,
    s: &store::Standings,
    rounds: &[store::Round],
) -> Vec<SquareRow> {
    // The standings' rows and their views, in the same order.
    let mut lines: Vec<(&store::StandingRow, StandingView)> =
        s.rows.iter().zip(views::standings_rows(tr, s)).collect();
    lines.sort_by_key(|(r, _)| r.player.number);
    let column: HashMap<PlayerKey, usize> = lines
        .iter()
        .enumerate()
        .map(|(i, (r, _))| (r.player.id, i))
        .collect();
    let games: Vec<&store::Game> = rounds
        .iter()
        .filter(|r| r.number <= s.after_round)
        .flat_map(|r| &r.games)
        .collect();
    lines
        .into_iter()
        .map(|(row, view)| {
            let me = row.player.id;
            let mut cells: Vec<Option<String>> = vec![Some(String::new()); column.len()];
            cells[column[&me]] = None;
            for g in &games {
                let (other, white) = match g.black {
                    Some(b) if g.white == me => (b, true),
                    Some(b) if b == me => (g.white, false),
                    _ => continue,
                };
                let result = views::side_result(g.result, white);
                if let Some(Some(cell)) = cells.get_mut(column[&other]) {
                    if !cell.is_empty() && !result.is_empty() {
                        cell.push(' ');
                    }
                    cell.push_str(&result);
                }
            }
            SquareRow {
                player: view.player,
                cells,
                points: view.points,
                values: view.values,
                place: view.place,
            }
        })
        .collect()
}

/// The round robin's square table: refused (not found) for a Swiss.
async fn round_robin_table_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<AfterQuery>,
) -> Page {
    let (e, ev) = views::event_view(&st, &c, id)?;
    if !e.settings.system.is_round_robin() {
        return Err(AppError::NotFound);
    }
    let s = st.store.standings(id, q.after)?;
    let rounds = st.store.rounds(id)?;
    html(&RoundRobinTablePage {
        after: s.after_round,
        rows: square_rows(&c.tr, &s, &rounds),
        legend: views::legend(&c.tr, &s.tiebreak_codes),
        codes: s.tiebreak_codes,
        ev,
        c,
    })
}

/// One board's result slip: the players, the code that reports the board, and the address
/// (as text and as a QR code) that opens the report page with it.
#[derive(Debug, Clone)]
struct Slip {
    line: views::BoardView,
    code: String,
    url: String,
    /// The QR code of `url`, as SVG.
    qr: String,
}

#[derive(Template)]
#[template(path = "board_slips.html")]
struct BoardSlipsPage {
    c: Ctx,
    ev: EventView,
    n: u32,
    slips: Vec<Slip>,
    /// The address the slips print, and whether the phones cannot reach it.
    base: String,
    loopback: bool,
}

/// Round `n`'s result slips, one per board with two players, to cut out and put on the
/// boards: the codes never go on the list pinned on the wall, where anyone could read them.
async fn board_slips_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    headers: axum::http::HeaderMap,
    Path((id, n)): Path<(EventId, u32)>,
) -> Page {
    let (e, ev) = views::event_view(&st, &c, id)?;
    if n == 0 || n > e.paired_rounds {
        return Err(AppError::NotFound);
    }
    let round = st.store.round(id, n)?;
    let (boards, _) = views::boards(&st.store, &c.tr, &e, &round)?;
    let base = crate::slips::server_base(st.public_url.as_deref(), &headers);
    let slips = boards
        .into_iter()
        .filter(|b| b.line.black.is_some())
        .map(|b| {
            let url = format!("{base}/report?code={}", b.code);
            Ok(Slip {
                qr: crate::slips::qr_svg(&url, 112),
                line: b.line,
                code: b.code,
                url,
            })
        })
        .collect::<Result<Vec<_>, AppError>>()?;
    html(&BoardSlipsPage {
        c,
        ev,
        n,
        slips,
        loopback: crate::slips::is_loopback(&base),
        base,
    })
}

/// A player in the alphabetical list: their board and colour in the round.
#[derive(Debug, Clone, Default)]
pub struct AlphaLine {
    pub player: PlayerView,
    pub board: String,
    pub colour: String,
    pub opponent: String,
}

#[derive(Template)]
#[template(path = "alphabetical.html")]
struct AlphabeticalPage {
    c: Ctx,
    ev: EventView,
    round: u32,
    lines: Vec<AlphaLine>,
}

fn alphabetical_lines(
    store: &Store,
    c: &Ctx,
    e: &store::Event,
) -> Result<Vec<AlphaLine>, AppError> {
    let players: HashMap<PlayerKey, Player> = store
        .players(e.id)?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    let rounds = if e.paired_rounds > 0 {
        vec![store.round(e.id, e.paired_rounds)?]
    } else {
        Vec::new()
    };
    let mut lines: Vec<AlphaLine> = players
        .values()
        .map(|p| {
            let card = views::card_rounds(&c.tr, &rounds, &players, p.id)
                .pop()
                .unwrap_or_default();
            AlphaLine {
                player: views::player_view(p, None, &c.tr),
                board: card.board,
                colour: card.colour_text,
                opponent: card.opponent,
            }
        })
        .collect();
    lines.sort_by(|a, b| {
        a.player
            .name
            .to_lowercase()
            .cmp(&b.player.name.to_lowercase())
            .then(a.player.number.cmp(&b.player.number))
    });
    Ok(lines)
}

async fn alphabetical_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
) -> Page {
    let (e, ev) = views::event_view(&st, &c, id)?;
    let lines = alphabetical_lines(&st.store, &c, &e)?;
    html(&AlphabeticalPage {
        round: e.paired_rounds,
        lines,
        ev,
        c,
    })
}

#[derive(Debug, Deserialize)]
struct FormatQuery {
    format: Option<String>,
}

pub(crate) fn trf_format(f: Option<&str>) -> Result<tournament::trf::Format, AppError> {
    match f.unwrap_or("trf16") {
        "trf16" | "16" => Ok(tournament::trf::Format::Trf16),
        "trf26" | "26" | "trf2026" => Ok(tournament::trf::Format::Trf26),
        other => Err(AppError::invalid(
            "format",
            "trf16 or trf26",
            format!("{other:?}"),
        )),
    }
}

async fn export_trf(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<FormatQuery>,
) -> Page {
    let format = trf_format(q.format.as_deref())?;
    let text = st.store.export_trf(id, format)?;
    // The two layouts under two names: downloaded one after the other, neither replaces
    // the other.
    let layout = match format {
        tournament::trf::Format::Trf16 => "trf16",
        tournament::trf::Format::Trf26 => "trf2026",
    };
    Ok(attachment(
        "text/plain; charset=utf-8",
        &format!("event-{id}-{layout}.trf"),
        text.into_bytes(),
    ))
}

/// The standings as CSV: place, number, name, title, rating, federation, points, tie-breaks,
/// then the performance rating when the event shows it (a column that ranks nobody); every
/// cell through [`report::csv`] (quoted, and a name that would start a spreadsheet formula
/// written as text). In the page's language: English with commas, French with `;`, decimal
/// commas and French headers, as each language's spreadsheet reads it.
pub(crate) fn standings_csv_text(tr: &crate::i18n::Tr, s: &store::Standings) -> String {
    let d = report::csv::Dialect::of(tr.lang);
    let header = [
        "csv-rank",
        "csv-number",
        "csv-name",
        "csv-title",
        "csv-rating",
        "csv-federation",
        "csv-points",
    ]
    .into_iter()
    .map(|k| tr.t(k))
    .chain(s.tiebreak_codes.iter().cloned())
    .chain(s.performance_column.then(|| tr.t("csv-performance")))
    .chain(s.rating_change_column.then(|| tr.t("csv-rating-change")));
    let mut out = d.start().to_string();
    out.push_str(&d.row(header));
    out.push('\n');
    for r in &s.rows {
        let p = &r.player.details;
        let mut line = vec![
            r.rank.to_string(),
            r.player.number.to_string(),
            p.name.to_string(),
            p.title.clone(),
            p.rating.map(|x| x.to_string()).unwrap_or_default(),
            p.federation.clone(),
            d.number(&r.points.to_string()),
        ];
        line.extend(r.values.iter().map(|v| d.number(v)));
        if s.performance_column {
            line.push(r.performance.map(|p| p.to_string()).unwrap_or_default());
        }
        if s.rating_change_column {
            line.push(d.number(&views::rating_change_text(r.rating_change)));
        }
        out.push_str(&d.row(line));
        out.push('\n');
    }
    out
}

async fn standings_csv(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<AfterQuery>,
) -> Page {
    let s = st.store.standings(id, q.after)?;
    Ok(attachment(
        "text/csv; charset=utf-8",
        &format!("standings-{id}.csv"),
        standings_csv_text(&c.tr, &s).into_bytes(),
    ))
}

/// The national report: what a national federation records of each player (licence, club,
/// league, sex, birth date, the FFE category of the event's season, the national rating and its
/// kind) beside the FIDE data, the place and points, then each round's opponent (pairing
/// number), colour (`w`, `b`) and result from the player's side (`1`, `½`, `0`, `+`, `-`; a bye
/// as TRF codes it: `U` the pairing-allocated bye, `H` half a point, `F` a full point, `Z`
/// none). No federation publishes the format it takes (the FFE's homologation reads PAPI's own
/// database), so this is a spreadsheet for the federation's staff to read or re-key.
pub(crate) fn national_csv_text(
    tr: &crate::i18n::Tr,
    e: &store::Event,
    s: &store::Standings,
    rounds: &[store::Round],
) -> String {
    let d = report::csv::Dialect::of(tr.lang);
    let shown: Vec<&store::Round> = rounds
        .iter()
        .filter(|r| r.number <= s.after_round)
        .collect();
    let numbers: HashMap<PlayerKey, u32> = s
        .rows
        .iter()
        .map(|r| (r.player.id, r.player.number))
        .collect();
    let mut header: Vec<String> = [
        "csv-rank",
        "csv-number",
        "csv-name",
        "csv-sex",
        "csv-birth-date",
        "csv-category",
        "csv-federation",
        "csv-club",
        "csv-league",
        "csv-licence",
        "csv-licence-type",
        "csv-national-rating",
        "csv-rating-kind",
        "csv-fide-id",
        "csv-fide-rating",
        "csv-title",
        "csv-points",
    ]
    .into_iter()
    .map(|k| tr.t(k))
    .collect();
    for r in &shown {
        let n = r.number;
        header.extend([
            tr.t1("csv-round-opponent", "round", n),
            tr.t1("csv-round-colour", "round", n),
            tr.t1("csv-round-result", "round", n),
        ]);
    }
    let (white_code, black_code) = (tr.t("csv-colour-w"), tr.t("csv-colour-b"));
    let season_day = match e.settings.start_date.as_str() {
        "" => e.created_at.get(..10).unwrap_or_default(),
        d => d,
    };
    let mut out = d.start().to_string();
    out.push_str(&d.row(header));
    out.push('\n');
    for row in &s.rows {
        let p = &row.player.details;
        let n = &p.national;
        let mut line = vec![
            row.rank.to_string(),
            row.player.number.to_string(),
            p.name.to_string(),
            p.sex.clone(),
            p.birth_date.clone(),
            p.ffe_category(season_day),
            p.federation.clone(),
            p.club.to_string(),
            n.league.to_string(),
            n.licence.to_string(),
            n.licence_type
                .map(|t| t.as_str().to_string())
                .unwrap_or_default(),
            p.national_rating.map(|x| x.to_string()).unwrap_or_default(),
            match (p.national_rating, n.national_rating_kind) {
                (Some(_), Some(k)) => k.as_str().to_string(),
                _ => String::new(),
            },
            p.fide_id.map(|x| x.to_string()).unwrap_or_default(),
            p.rating.map(|x| x.to_string()).unwrap_or_default(),
            p.title.clone(),
            d.number(&row.points.to_string()),
        ];
        for r in &shown {
            let me = row.player.id;
            let mut cells: [Vec<String>; 3] = Default::default();
            for g in r
                .games
                .iter()
                .filter(|g| g.white == me || g.black == Some(me))
            {
                let white = g.white == me;
                match g.black {
                    None => {
                        cells[0].push(String::new());
                        cells[1].push(String::new());
                        cells[2].push("U".into());
                    }
                    Some(black) => {
                        let other = if white { black } else { g.white };
                        cells[0].push(numbers.get(&other).map(u32::to_string).unwrap_or_default());
                        cells[1].push(if white { &white_code } else { &black_code }.clone());
                        cells[2].push(views::side_result(g.result, white));
                    }
                }
            }
            if let Some(b) = r.byes.iter().find(|b| b.player == me) {
                cells[0].push(String::new());
                cells[1].push(String::new());
                cells[2].push(
                    match b.kind {
                        store::ByeKind::Half => "H",
                        store::ByeKind::Full => "F",
                        store::ByeKind::Zero => "Z",
                    }
                    .into(),
                );
            }
            // A Double-Swiss round is a two-game match: both games in one cell each.
            line.extend(cells.iter().map(|c| c.join("/")));
        }
        out.push_str(&d.row(line));
        out.push('\n');
    }
    out
}

async fn national_csv(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<AfterQuery>,
) -> Page {
    let e = st.store.event(id)?;
    let s = st.store.standings(id, q.after)?;
    let rounds = st.store.rounds(id)?;
    Ok(attachment(
        "text/csv; charset=utf-8",
        &format!("national-{id}.csv"),
        national_csv_text(&c.tr, &e, &s, &rounds).into_bytes(),
    ))
}

async fn standings_json(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<AfterQuery>,
) -> Page {
    let s = st.store.standings(id, q.after)?;
    Ok(axum::Json(s).into_response())
}

/// chess-results.com's upload file, to upload by hand.
async fn export_chess_results(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<EventId>,
) -> Page {
    let xml = st.store.export_chess_results(id, None)?;
    Ok(attachment(
        "application/xml; charset=utf-8",
        &format!("event-{id}-chess-results.xml"),
        xml.into_bytes(),
    ))
}

/// Publishes the event on chess-results.com (the server's credentials), then says how it went
/// on the event's page.
async fn publish_chess_results(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<EventId>,
) -> Page {
    st.store.event(id)?;
    let Some(client) = st.chess_results.clone() else {
        return Err(AppError::invalid(
            "chess-results",
            "a server started with --chess-results FILE",
            "no credentials",
        ));
    };
    let store = st.store.clone();
    let outcome = tokio::task::spawn_blocking(move || client.publish(&store, id))
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?;
    let to = match outcome {
        Ok(key) => format!("/events/{id}?published={key}"),
        Err(crate::chess_results::UploadError::Store(e)) => return Err(e.into()),
        Err(e) => {
            let said: String = form_urlencoded::byte_serialize(e.to_string().as_bytes()).collect();
            format!("/events/{id}?publish_failed={said}")
        }
    };
    Ok(axum::response::Redirect::to(&to).into_response())
}
