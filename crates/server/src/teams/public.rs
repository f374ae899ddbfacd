//! A team event's public pages (no login): the rounds with their matches and boards and the
//! standings, refreshing every 30 seconds for the hall's screen and the teams' phones
//! (`/public/teams/{id}`), the match crosstable of the teams (`…/crosstable`, printable) and
//! the board prizes (`…/boards`: each player's score and performance per board).
//! An event that is not public shows them to the logged-in arbiter only. A match's lineups
//! appear once it has a result.

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Path, Query, State};
use serde::Deserialize;
use store::teams::model::{TeamStandingRow, TeamStandingsTable};
use store::teams::prizes::BoardPrizeTable;
use store::teams::{TeamEvent, TeamEventId, TeamKey};

use super::pages::{match_views, EventView, MatchView};
use crate::ctx::Ctx;
use crate::error::AppError;
use crate::guard::Routes;
use crate::page::{html, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .get("/public/teams/{id}", public_page)
        .get("/public/teams/{id}/crosstable", crosstable_page)
        .get("/public/teams/{id}/boards", boards_page)
}

/// The event, if this visitor may see it.
fn visible(st: &AppState, c: &Ctx, id: TeamEventId) -> Result<TeamEvent, AppError> {
    let e = st.store.team_event(id)?;
    if !e.settings.public && c.user.is_none() {
        return Err(AppError::NotFound);
    }
    Ok(e)
}

#[derive(Debug, Deserialize)]
struct RoundQuery {
    round: Option<u32>,
}

#[derive(Template)]
#[template(path = "teams_public.html")]
struct PublicPage {
    c: Ctx,
    ev: EventView,
    /// The round shown (0 before round 1 is paired).
    round: u32,
    matches: Vec<MatchView>,
    bye: String,
    after: String,
    tiebreaks: Vec<String>,
    rows: Vec<TeamStandingRow>,
}

async fn public_page(
    State(st): State<AppState>,
    c: Ctx,
    Path(id): Path<TeamEventId>,
    Query(q): Query<RoundQuery>,
) -> Page {
    let e = visible(&st, &c, id)?;
    let round = q.round.unwrap_or(e.rounds_paired);
    if round > e.rounds_paired {
        return Err(AppError::NotFound);
    }
    let teams = st.store.teams(id)?;
    let (mut matches, bye) = if round > 0 {
        match_views(&c, &st, &e, round, &teams)?
    } else {
        (Vec::new(), None)
    };
    for m in &mut matches {
        for_the_public(m);
    }
    let bye = bye
        .and_then(|b| teams.iter().find(|t| t.id == b))
        .map(|t| c.t1("teams-bye", "team", t.details.name.to_string()))
        .unwrap_or_default();
    let s = st.store.team_standings(id)?;
    html(&PublicPage {
        ev: EventView::new(&c, &e),
        round,
        matches,
        bye,
        after: c.t1("teams-standings-after", "round", s.after),
        tiebreaks: s.tiebreaks,
        rows: s.rows,
        c,
    })
}

/// A match as the public sees it: no captain's code, no lineup form, and the lineups once the
/// match has a result (until then the captains may still change them, and neither should
/// pick one against the other's).
pub(super) fn for_the_public(m: &mut MatchView) {
    m.codes.clear();
    m.lineups.clear();
    for b in &mut m.boards {
        b.reported.clear();
    }
    if m.open {
        for b in &mut m.boards {
            b.white.clear();
            b.white_rating.clear();
            b.black.clear();
            b.black_rating.clear();
        }
    }
}

/// One line of the crosstable: a team and its matches against each team, in standings order.
pub(super) struct CrossRow {
    pub(super) rank: String,
    /// The team pairing number.
    pub(super) number: u32,
    pub(super) name: String,
    /// Per opponent column: the game points of each meeting ("2.5", "4.0 F" for a forfeit,
    /// two for a double round robin), "×" on the diagonal.
    pub(super) cells: Vec<String>,
    pub(super) match_points: String,
    pub(super) game_points: String,
}

#[derive(Template)]
#[template(path = "teams_crosstable.html")]
struct CrosstablePage {
    c: Ctx,
    ev: EventView,
    after: String,
    /// A double round robin: the cells say which leg.
    legs: bool,
    rows: Vec<CrossRow>,
}

async fn crosstable_page(State(st): State<AppState>, c: Ctx, Path(id): Path<TeamEventId>) -> Page {
    let e = visible(&st, &c, id)?;
    let (s, rows) = crosstable(&st, &c, id)?;
    html(&CrosstablePage {
        legs: e.settings.system == store::teams::TeamSystem::DoubleRoundRobin,
        ev: EventView::new(&c, &e),
        after: c.t1("teams-standings-after", "round", s.after),
        rows,
        c,
    })
}

/// The standings and the crosstable's lines in their order.
/// A double round robin's meetings say which leg they are (« A 2,5 R 1,5 »).
pub(super) fn crosstable(
    st: &AppState,
    c: &Ctx,
    id: TeamEventId,
) -> Result<(TeamStandingsTable, Vec<CrossRow>), AppError> {
    let e = st.store.team_event(id)?;
    let per_leg = (e.settings.system == store::teams::TeamSystem::DoubleRoundRobin)
        .then_some(e.settings.rounds / 2);
    let leg = |round: u32| match per_leg {
        Some(n) if round <= n => format!("{} ", c.t("teams-leg-first")),
        Some(_) => format!("{} ", c.t("teams-leg-second")),
        None => String::new(),
    };
    let s = st.store.team_standings(id)?;
    let column: HashMap<TeamKey, usize> = s
        .rows
        .iter()
        .enumerate()
        .map(|(k, r)| (r.team, k))
        .collect();
    let n = s.rows.len();
    let mut cells = vec![vec![Vec::<String>::new(); n]; n];
    for round in 1..=s.after {
        let pairing = st.store.team_round(id, round)?;
        let scores = st.store.match_scores(id, round)?;
        for (m, score) in pairing.matches.iter().zip(&scores) {
            let (Some(&w), Some(&b)) = (column.get(&m.white_team), column.get(&m.black_team))
            else {
                continue;
            };
            let mark = if m.forfeit.is_some() { " F" } else { "" };
            let leg = leg(round);
            cells[w][b].push(format!("{leg}{}{mark}", score.white_game_points));
            cells[b][w].push(format!("{leg}{}{mark}", score.black_game_points));
        }
    }
    let rows = s
        .rows
        .iter()
        .zip(cells)
        .enumerate()
        .map(|(k, (r, line))| CrossRow {
            rank: if r.rank == r.rank_to {
                r.rank.to_string()
            } else {
                format!("{}-{}", r.rank, r.rank_to)
            },
            number: r.number,
            name: r.name.clone(),
            cells: line
                .into_iter()
                .enumerate()
                .map(|(j, meetings)| {
                    if j == k {
                        "×".to_string()
                    } else {
                        meetings.join(" ")
                    }
                })
                .collect(),
            match_points: r.match_points.clone(),
            game_points: r.game_points.clone(),
        })
        .collect();
    Ok((s, rows))
}

#[derive(Template)]
#[template(path = "teams_boards.html")]
struct BoardsPage {
    c: Ctx,
    ev: EventView,
    tables: Vec<BoardPrizeTable>,
}

async fn boards_page(State(st): State<AppState>, c: Ctx, Path(id): Path<TeamEventId>) -> Page {
    let e = visible(&st, &c, id)?;
    let tables = st.store.team_board_prizes(id)?;
    html(&BoardsPage {
        ev: EventView::new(&c, &e),
        tables,
        c,
    })
}
