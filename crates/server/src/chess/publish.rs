//! What is printed on the hall's wall and published on a club's website: the wall chart
//! (`/events/{id}/wallchart`) and the static HTML export of the whole event
//! (`/events/{id}/export.html`, one self-contained file: CSS inlined, no script, no link
//! leaving the file, no board code, no CSRF token, no arbiter's control).

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use store::{ByeKind, Event, EventId, Player, PlayerKey, ResultCode, Round, Store};

use crate::chess::views::{self, EventView, LegendItem, PlayerView, RoundView, StandingView};
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::Routes;
use crate::i18n::Tr;
use crate::page::html;
use crate::AppState;

/// The page routes.
pub fn routes() -> Routes {
    Routes::new()
        .get("/events/{id}/wallchart", wallchart_page)
        .get("/events/{id}/export.html", export_download)
}

/// The JSON API's route (nested under `/api`): the same file.
pub fn api_routes() -> Routes {
    Routes::new().get("/events/{id}/export.html", export_download)
}

/// One round of one player on the wall chart.
#[derive(Debug, Clone, Default)]
pub struct WallCell {
    /// The opponent's pairing number, or the bye's letter (`U`, `F`, `H`, `Z`).
    pub opponent: String,
    /// `w`/`b` in the page's language, empty for a bye.
    pub colour: String,
    /// `1`, `½`, `0`, `+`, `−`, or empty while the game is on.
    pub result: String,
    /// The player's score after the round (empty until the round is complete).
    pub score: String,
}

/// A player's line of the wall chart.
#[derive(Debug, Clone, Default)]
pub struct WallRow {
    pub player: PlayerView,
    pub cells: Vec<WallCell>,
    /// The score after the last complete round.
    pub points: String,
}

/// The wall chart: the round numbers and one line per player by pairing number.
#[derive(Debug, Clone, Default)]
pub struct WallChart {
    pub rounds: Vec<u32>,
    pub rows: Vec<WallRow>,
    /// Rounds whose results are all in (scores are shown up to there).
    pub complete: u32,
}

/// Rounds whose results are all in, from round 1 without a gap.
fn complete_rounds(rounds: &[Round]) -> u32 {
    rounds
        .iter()
        .take_while(|r| r.missing_results() == 0)
        .count() as u32
}

/// A result from one side, as the wall chart prints it.
fn side(r: Option<ResultCode>, white: bool) -> String {
    views::side_result(r, white).replace('-', "−")
}

fn bye_letter(kind: ByeKind) -> (&'static str, &'static str) {
    match kind {
        ByeKind::Full => ("F", "1"),
        ByeKind::Half => ("H", "½"),
        ByeKind::Zero => ("Z", "0"),
    }
}

pub fn wallchart(store: &Store, tr: &Tr, event: &Event) -> Result<WallChart, AppError> {
    let players = store.players(event.id)?;
    let rounds = store.rounds(event.id)?;
    let complete = complete_rounds(&rounds);
    let t = store.tournament(event.id)?;
    let by_number: HashMap<u32, &tournament::Player> =
        t.players.iter().map(|p| (p.id.get(), p)).collect();
    let number_of: HashMap<PlayerKey, u32> = players.iter().map(|p| (p.id, p.number)).collect();
    let score = |number: u32, after: u32| {
        by_number
            .get(&number)
            .map(|p| tr.points(&p.score_after(after, &t.point_system)))
            .unwrap_or_default()
    };
    // The pairing-allocated bye scores the event's bye value (`½` written as such).
    let bye_points = match tr.points(&event.settings.points_bye).as_str() {
        "0,5" | "0.5" => "½".to_string(),
        other => other.to_string(),
    };
    let rows = players
        .iter()
        .map(|p| {
            let cells = rounds
                .iter()
                .map(|round| {
                    let mut cell = WallCell::default();
                    if let Some(g) = round
                        .games
                        .iter()
                        .find(|g| g.white == p.id || g.black == Some(p.id))
                    {
                        match g.black {
                            None => {
                                cell.opponent = "U".into();
                                cell.result = bye_points.clone();
                            }
                            Some(black) => {
                                let white = g.white == p.id;
                                let other = if white { black } else { g.white };
                                cell.opponent = number_of
                                    .get(&other)
                                    .map(|n| n.to_string())
                                    .unwrap_or_default();
                                cell.colour = tr.t(if white {
                                    "colour-w-short"
                                } else {
                                    "colour-b-short"
                                });
                                cell.result = side(g.result, white);
                            }
                        }
                    } else if let Some(b) = round.byes.iter().find(|b| b.player == p.id) {
                        let (letter, points) = bye_letter(b.kind);
                        cell.opponent = letter.into();
                        cell.result = points.into();
                    }
                    if round.number <= complete {
                        cell.score = score(p.number, round.number);
                    }
                    cell
                })
                .collect();
            WallRow {
                player: views::player_view(p, None, tr),
                cells,
                points: score(p.number, complete),
            }
        })
        .collect();
    Ok(WallChart {
        rounds: rounds.iter().map(|r| r.number).collect(),
        rows,
        complete,
    })
}

/// What the wall chart's letters mean.
pub fn wall_legend(tr: &Tr) -> Vec<LegendItem> {
    let item = |code: String, key: &str| LegendItem {
        code,
        meaning: tr.t(key),
    };
    vec![
        item(
            format!("{} / {}", tr.t("colour-w-short"), tr.t("colour-b-short")),
            "wall-colours",
        ),
        item("1 ½ 0".into(), "wall-results"),
        item("+ / −".into(), "wall-forfeits"),
        item("U".into(), "wall-bye-u"),
        item("F".into(), "wall-bye-f"),
        item("H".into(), "wall-bye-h"),
        item("Z".into(), "wall-bye-z"),
    ]
}

#[derive(Template)]
#[template(path = "wallchart.html")]
struct WallChartPage {
    c: Ctx,
    ev: EventView,
    chart: WallChart,
    legend: Vec<LegendItem>,
}

async fn wallchart_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
) -> Result<Response, AppError> {
    let e = st.store.event(id)?;
    let ev = EventView::new(&e, &c.tr);
    let chart = wallchart(&st.store, &c.tr, &e)?;
    html(&WallChartPage {
        legend: wall_legend(&c.tr),
        chart,
        ev,
        c,
    })
}

// ---------------------------------------------------------------------------------------------
// The static export

/// A line of the export's alphabetical list.
#[derive(Debug, Clone, Default)]
pub struct AlphaExport {
    pub player: PlayerView,
    pub place: String,
}

#[derive(Template)]
#[template(path = "export.html")]
struct ExportPage {
    c: Ctx,
    ev: EventView,
    css: &'static str,
    federation: String,
    chief_arbiter: String,
    deputies: Vec<String>,
    time_control: String,
    rounds_text: String,
    after: u32,
    codes: Vec<String>,
    /// The performance column is shown (after the tie-breaks, ranking nobody).
    perf: bool,
    /// The rating change column is shown (last, ranking nobody).
    delo: bool,
    rows: Vec<StandingView>,
    legend: Vec<LegendItem>,
    /// Each round's pairing list (no board code), printed with report's partial.
    rounds: Vec<RoundView>,
    /// Double-Swiss: each match whose two games are paired, shown after its second game as
    /// every page shows a match.
    matches: Vec<MatchTable>,
    chart: WallChart,
    wall_legend: Vec<LegendItem>,
    alphabetical: Vec<AlphaExport>,
    generated: String,
}

/// A Double-Swiss match in the static export: its number, the round of its second game (it is
/// printed after it) and its boards.
#[derive(Debug, Clone)]
pub struct MatchTable {
    pub number: u32,
    pub after_round: u32,
    pub rows: Vec<views::MatchRow>,
}

/// The whole event as one HTML file in the request's language.
pub fn export_html(store: &Store, c: &Ctx, id: EventId) -> Result<String, AppError> {
    let e = store.event(id)?;
    let ev = EventView::new(&e, &c.tr);
    let s = store.standings(id, None)?;
    let rows = views::standings_rows(&c.tr, &s);
    let place_of: HashMap<PlayerKey, String> = rows
        .iter()
        .map(|r| (r.player.id, r.place.clone()))
        .collect();
    let mut rounds = Vec::new();
    for round in store.rounds(id)? {
        rounds.push(views::round_view(store, &c.tr, &e, &round)?);
    }
    let mut matches = Vec::new();
    if e.settings.is_double_swiss() {
        for first in &rounds {
            let (k, game) = store::chess::double_swiss::match_of_round(first.number);
            let [_, second] = store::chess::double_swiss::games_of_match(k);
            if game == 1 && second <= e.paired_rounds {
                matches.push(MatchTable {
                    number: k,
                    after_round: second,
                    rows: views::match_rows(store, &c.tr, &e, &first.boards, k)?,
                });
            }
        }
    }
    let points: HashMap<PlayerKey, String> = rows
        .iter()
        .map(|r| (r.player.id, r.points.clone()))
        .collect();
    let mut alphabetical: Vec<AlphaExport> = store
        .players(id)?
        .iter()
        .map(|p: &Player| {
            let mut player = views::player_view(p, None, &c.tr);
            player.points = points.get(&p.id).cloned().unwrap_or_default();
            AlphaExport {
                place: place_of.get(&p.id).cloned().unwrap_or_default(),
                player,
            }
        })
        .collect();
    alphabetical.sort_by(|a, b| {
        a.player
            .name
            .to_lowercase()
            .cmp(&b.player.name.to_lowercase())
            .then(a.player.number.cmp(&b.player.number))
    });
    let settings = &e.settings;
    let page = ExportPage {
        css: report::EXPORT_CSS,
        federation: settings.federation.clone(),
        chief_arbiter: settings.chief_arbiter.to_string(),
        deputies: settings
            .deputy_arbiters
            .names()
            .iter()
            .map(|n| n.to_string())
            .collect(),
        time_control: settings.time_control.to_string(),
        rounds_text: format!("{} / {}", e.paired_rounds, settings.rounds),
        after: s.after_round,
        legend: views::standings_legend(&c.tr, &s),
        perf: s.performance_column,
        delo: s.rating_change_column,
        codes: s.tiebreak_codes.clone(),
        rows,
        rounds,
        matches,
        chart: wallchart(store, &c.tr, &e)?,
        wall_legend: wall_legend(&c.tr),
        alphabetical,
        generated: c.tr.date(&today()),
        ev,
        c: c.clone(),
    };
    Ok(page.render()?)
}

/// Today's date, `YYYY-MM-DD` (UTC).
fn today() -> String {
    store::now()[..10].to_string()
}

/// A file name from the event's name: letters and digits, the rest as `-`.
fn file_name(e: &EventView) -> String {
    let mut name: String = e
        .name
        .chars()
        .map(|ch| if ch.is_ascii_alphanumeric() { ch } else { '-' })
        .collect();
    while name.contains("--") {
        name = name.replace("--", "-");
    }
    let name = name.trim_matches('-');
    if name.is_empty() {
        format!("event-{}.html", e.id)
    } else {
        format!("{name}.html")
    }
}

async fn export_download(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
) -> Result<Response, AppError> {
    let store = st.store.clone();
    let ctx = c.clone();
    let page = tokio::task::spawn_blocking(move || export_html(&store, &ctx, id))
        .await
        .map_err(|e| AppError::Internal(format!("task: {e}")))??;
    let e = st.store.event(id)?;
    let name = file_name(&EventView::new(&e, &c.tr));
    Ok(crate::page::attachment(
        "text/html; charset=utf-8",
        &name,
        page,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_to_dates() {
        let t = today();
        assert_eq!(t.len(), 10);
        assert!(t.starts_with("20"), "{t}");
    }

    #[test]
    fn file_names() {
        let ev = EventView {
            id: 3,
            name: "Open d'été <2026>".into(),
            ..EventView::default()
        };
        assert_eq!(file_name(&ev), "Open-d-t-2026.html");
        let ev = EventView {
            id: 3,
            name: "???".into(),
            ..EventView::default()
        };
        assert_eq!(file_name(&ev), "event-3.html");
    }
}
