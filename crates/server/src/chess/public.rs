//! The event's public page for the hall's projector and the players' phones (no login).

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap};
use axum::response::{Html, IntoResponse};
use store::EventId;

use crate::chess::views::{self, BoardView, ByeView, EventView, StandingView};
use crate::ctx::Ctx;
use crate::error::AppError;
use crate::guard::Routes;
use crate::page::{Page, Rendered};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new().get("/public/{id}", public_page)
}

#[derive(Template)]
#[template(path = "public.html")]
struct PublicPage {
    c: Ctx,
    ev: EventView,
    round: u32,
    /// When the round starts (empty: no date set).
    starts: String,
    boards: Vec<BoardView>,
    byes: Vec<ByeView>,
    /// Double-Swiss (C.04.5): the match the last pairing made (0: not a Double-Swiss event),
    /// each board with both games.
    match_no: u32,
    matches: Vec<views::MatchRow>,
    codes: Vec<String>,
    /// The performance column is shown (after the tie-breaks, ranking nobody).
    perf: bool,
    /// The rating change column is shown (last, ranking nobody).
    delo: bool,
    rows: Vec<StandingView>,
    /// The tie-breaks' names, the standings' last row.
    legend: Vec<views::LegendItem>,
    after: u32,
    /// "Find my board": what was searched, and the players found with where they play.
    q: String,
    found: Vec<(String, String)>,
    /// Every player of the round in alphabetical order, with where they play.
    alpha: Vec<(String, String)>,
}

#[derive(Debug, serde::Deserialize)]
struct PublicQuery {
    q: Option<String>,
}

/// Where each player of the round plays ("Board 3, White"; in a Double-Swiss match, both
/// games' colours), in alphabetical order.
fn seats(
    c: &Ctx,
    boards: &[BoardView],
    byes: &[ByeView],
    double_swiss: bool,
) -> Vec<(String, String)> {
    let at = |board: u32, colour: &str| {
        if double_swiss {
            let other = if colour == "white" { "black" } else { "white" };
            return c.tr.targs(
                "public-where-match",
                &[
                    ("board", board.to_string().into()),
                    ("first", c.t(colour).into()),
                    ("second", c.t(other).into()),
                ],
            );
        }
        c.tr.targs(
            "public-where",
            &[
                ("board", board.to_string().into()),
                ("colour", c.t(colour).into()),
            ],
        )
    };
    let mut out: Vec<(String, String)> = Vec::new();
    for b in boards {
        match &b.black {
            Some(black) => {
                out.push((b.white.name.clone(), at(b.board, "white")));
                out.push((black.name.clone(), at(b.board, "black")));
            }
            None => out.push((b.white.name.clone(), c.t("pab"))),
        }
    }
    out.extend(byes.iter().map(|y| (y.player.name.clone(), y.kind.clone())));
    out.sort_by_key(|(name, _)| name.to_lowercase());
    out
}

async fn public_page(
    State(st): State<AppState>,
    c: Ctx,
    Path(id): Path<EventId>,
    Query(pq): Query<PublicQuery>,
    headers: HeaderMap,
) -> Page {
    let q = pq.q.unwrap_or_default().trim().to_string();
    // Anonymous visitors all see the same page (no session, no token in it): reuse it while
    // the event has not changed. A search is not kept.
    let anonymous = c.user.is_none() && q.is_empty();
    let key = (id, c.tr.code());
    let version = st.store.event_version(id)?;
    if anonymous {
        let cached = st
            .public_pages
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
            .cloned();
        if let Some((v, page)) = cached {
            if v == version {
                return Ok(page.response(&headers));
            }
        }
    }
    let e = st.store.event(id)?;
    if !e.settings.public {
        return Err(AppError::NotFound);
    }
    let ev = EventView::new(&e, &c.tr);
    let double_swiss = e.settings.is_double_swiss();
    // A Double-Swiss match is shown whole, from its first game's round (one pairing makes both).
    let (match_no, shown) = if double_swiss && e.paired_rounds > 0 {
        let k = store::chess::double_swiss::match_of_round(e.paired_rounds).0;
        (k, store::chess::double_swiss::games_of_match(k)[0])
    } else {
        (0, e.paired_rounds)
    };
    let (boards, byes, starts) = if shown > 0 {
        let round = st.store.round(id, shown)?;
        let list = views::round_view(&st.store, &c.tr, &e, &round)?;
        (list.boards, list.byes, list.starts)
    } else {
        (Vec::new(), Vec::new(), String::new())
    };
    let matches = if match_no > 0 {
        views::match_rows(&st.store, &c.tr, &e, &boards, match_no)?
    } else {
        Vec::new()
    };
    let s = st.store.standings(id, None)?;
    let alpha = seats(&c, &boards, &byes, double_swiss);
    let wanted = q.to_lowercase();
    let found = if wanted.is_empty() {
        Vec::new()
    } else {
        alpha
            .iter()
            .filter(|(name, _)| name.to_lowercase().contains(&wanted))
            .cloned()
            .collect()
    };
    let page = PublicPage {
        q,
        found,
        alpha,
        round: e.paired_rounds,
        starts,
        boards,
        byes,
        match_no,
        matches,
        rows: views::standings_rows(&c.tr, &s),
        legend: views::standings_legend(&c.tr, &s),
        after: s.after_round,
        perf: s.performance_column,
        delo: s.rating_change_column,
        codes: s.tiebreak_codes,
        ev,
        c,
    }
    .render()?;
    if anonymous {
        let page = std::sync::Arc::new(Rendered::new(page));
        st.public_pages
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key, (version, page.clone()));
        return Ok(page.response(&headers));
    }
    Ok(([(header::CACHE_CONTROL, "no-store")], Html(page)).into_response())
}
