//! The event's lists as standalone documents, for the command line (`arbiter event players
//! | standings | pairings --format html`): the store's rows converted as the pages convert them
//! ([`crate::chess::views`]), rendered by `report`'s documents, so that a list printed from the
//! command line is the one the web application prints.

use store::{EventId, Store};

use crate::chess::views::{self, EventView};
use crate::error::AppError;
use crate::i18n::{Lang, Tr};

/// The event's name and the line under it (place, dates in `tr`'s language), as the public
/// page shows them.
fn header(tr: &Tr, e: &store::Event) -> report::document::EventHeader {
    let ev = EventView::new(e, tr);
    let sub = [ev.place, ev.dates]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" · ");
    report::document::EventHeader { name: ev.name, sub }
}

/// The standings after round `after` (default: the last round whose results are all in) with
/// the event's tie-breaks and their legend, as one HTML page in `lang`.
pub fn standings(
    store: &Store,
    lang: Lang,
    event: EventId,
    after: Option<u32>,
) -> Result<String, AppError> {
    let tr = Tr::new(lang);
    let e = store.event(event)?;
    let s = store.standings(event, after)?;
    report::document::standings_page(lang, &header(&tr, &e), &views::report_standings(&s))
        .map_err(|err| AppError::Internal(err.to_string()))
}

/// Round `round`'s pairing list (points before the round, results so far, byes) as one HTML
/// page in `lang`.
pub fn pairings(store: &Store, lang: Lang, event: EventId, round: u32) -> Result<String, AppError> {
    let tr = Tr::new(lang);
    let e = store.event(event)?;
    let r = store.round(event, round)?;
    let list = views::round_view(store, &tr, &e, &r)?;
    report::document::pairings(lang, &header(&tr, &e), &list)
        .map_err(|err| AppError::Internal(err.to_string()))
}

/// The players by pairing number with their points now, as one HTML page in `lang`.
pub fn players(store: &Store, lang: Lang, event: EventId) -> Result<String, AppError> {
    let tr = Tr::new(lang);
    let e = store.event(event)?;
    let points = views::points_after(store, event, e.paired_rounds);
    let list: Vec<_> = store
        .players(event)?
        .iter()
        .map(|p| views::player_view(p, points.get(&p.id).copied(), &tr))
        .collect();
    report::document::players(lang, &header(&tr, &e), &list)
        .map_err(|err| AppError::Internal(err.to_string()))
}
