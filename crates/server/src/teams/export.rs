//! The static HTML export of a team event (`/teams/{id}/export.html`): the whole event as one
//! file a club puts on its website, as the individual events have it. The standings, every
//! round with its matches and boards, the match crosstable and the board prizes, with a table of
//! contents; CSS inlined, no script, every link inside the file (`#round-2`), and nothing of
//! the arbiter's: no captain's code, no lineup form, no report waiting, no CSRF token. A match's
//! lineups show once it has a result, as on the public pages.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use store::teams::model::TeamStandingRow;
use store::teams::prizes::BoardPrizeTable;
use store::teams::TeamEventId;

use super::pages::{match_views, EventView, MatchView};
use super::public::{crosstable, for_the_public, CrossRow};
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::Routes;
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new().get("/teams/{id}/export.html", export_download)
}

/// The JSON API's route (under `/api`): the same file.
pub fn api_routes() -> Routes {
    Routes::new().get("/teams/events/{id}/export.html", export_download)
}

/// One round of the export.
struct RoundExport {
    number: u32,
    /// "Bye: Club X", or empty.
    bye: String,
    matches: Vec<MatchView>,
}

#[derive(Template)]
#[template(path = "teams_export.html")]
struct ExportPage {
    c: Ctx,
    ev: EventView,
    css: &'static str,
    /// "After round 3".
    after: String,
    tiebreaks: Vec<String>,
    rows: Vec<TeamStandingRow>,
    rounds: Vec<RoundExport>,
    cross: Vec<CrossRow>,
    tables: Vec<BoardPrizeTable>,
    generated: String,
}

/// The whole team event as one HTML file in the request's language.
pub fn export_html(st: &AppState, c: &Ctx, id: TeamEventId) -> Result<String, AppError> {
    let e = st.store.team_event(id)?;
    let teams = st.store.teams(id)?;
    let mut rounds = Vec::new();
    for number in 1..=e.rounds_paired {
        let (mut matches, bye) = match_views(c, st, &e, number, &teams)?;
        for m in &mut matches {
            for_the_public(m);
        }
        let bye = bye
            .and_then(|b| teams.iter().find(|t| t.id == b))
            .map(|t| c.t1("teams-bye", "team", t.details.name.to_string()))
            .unwrap_or_default();
        rounds.push(RoundExport {
            number,
            bye,
            matches,
        });
    }
    let (s, cross) = crosstable(st, c, id)?;
    let page = ExportPage {
        ev: EventView::new(c, &e),
        css: report::EXPORT_CSS,
        after: c.t1("teams-standings-after", "round", s.after),
        tiebreaks: s.tiebreaks,
        rows: s.rows,
        rounds,
        cross,
        tables: st.store.team_board_prizes(id)?,
        generated: c.tr.date(&store::now()),
        c: c.clone(),
    };
    Ok(page.render()?)
}

/// A file name from the event's name: letters and digits, the rest as `-`.
fn file_name(ev: &EventView) -> String {
    let words: Vec<String> = ev
        .name
        .split(|ch: char| !ch.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    if words.is_empty() {
        format!("team-event-{}.html", ev.id)
    } else {
        format!("{}.html", words.join("-"))
    }
}

async fn export_download(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> Result<Response, AppError> {
    let (state, ctx) = (st.clone(), c.clone());
    let page = tokio::task::spawn_blocking(move || export_html(&state, &ctx, id))
        .await
        .map_err(|e| AppError::Internal(format!("task: {e}")))??;
    let name = file_name(&EventView::new(&c, &st.store.team_event(id)?));
    Ok(crate::page::attachment(
        "text/html; charset=utf-8",
        &name,
        page,
    ))
}
