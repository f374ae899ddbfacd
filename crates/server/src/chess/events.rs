//! The list of chess events (the home page), a new event's form, its settings, and its
//! dashboard.

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::Form;
use store::EventId;

use crate::chess::forms::EventForm;
use crate::chess::views::{self, EventView};
use crate::ctx::{Arbiter, Ctx};
use crate::guard::{Guard, Kind, Own, Routes};
use crate::page::{html, see, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .get("/", events_page)
        .get("/events/new", new_event_page)
        .post("/events/new", Guard::Own(Own::Create), create_event)
        .get("/events/{id}", dashboard)
        .get("/events/{id}/edit", edit_event_page)
        .post("/events/{id}/edit", Guard::Merge(Kind::Event), edit_event)
}

#[derive(Template)]
#[template(path = "events.html")]
struct EventsPage {
    c: Ctx,
    events: Vec<EventView>,
    /// Events with sections: (group, name, dates, the sections' labels).
    groups: Vec<(i64, String, String, String)>,
    /// Just after a restore from a backup (the arbiter's account was in it).
    restored: bool,
}

#[derive(Debug, serde::Deserialize)]
struct EventsQuery {
    restored: Option<String>,
}

async fn events_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Query(q): Query<EventsQuery>,
) -> Page {
    // A bridge club's server opens on its bridge sessions.
    if st.house.bridge_only() {
        return see("/bridge");
    }
    let events = st
        .store
        .events()?
        .iter()
        .map(|e| EventView::new(e, &c.tr))
        .collect();
    let groups = st
        .store
        .groups()?
        .into_iter()
        .map(|g| {
            let labels: Vec<String> = st
                .store
                .sections(g.id)?
                .iter()
                .map(|s| s.label.to_string())
                .collect();
            let dates = views::dates_text(&c.tr, &g.settings.start_date, &g.settings.end_date);
            Ok((g.id, g.settings.name.to_string(), dates, labels.join(", ")))
        })
        .collect::<Result<_, crate::AppError>>()?;
    html(&EventsPage {
        c,
        events,
        groups,
        restored: q.restored.is_some(),
    })
}

#[derive(Template)]
#[template(path = "event_form.html")]
struct EventFormPage {
    /// The tie-breaks the lists offer: (code, name in the page's language).
    choices: Vec<(String, String)>,
    /// The norm exemptions the form offers: (code, name) (B.01 1.4.3a-c).
    exemptions: Vec<(&'static str, String)>,
    c: Ctx,
    ev: Option<EventView>,
    f: EventForm,
    action: String,
    started: bool,
    /// The event's version the form was built from (none for a new event).
    version: Option<i64>,
    /// Each round's date and time as the schedule form shows them: (round, `YYYY-MM-DD`,
    /// `HH:MM`); empty for a new event.
    schedule: Vec<(u32, String, String)>,
}

fn choices(c: &Ctx) -> Vec<(String, String)> {
    crate::chess::forms::tiebreak_choices(&c.tr, &crate::chess::forms::TIEBREAK_CHOICES)
}

async fn new_event_page(c: Ctx, _a: Arbiter) -> Page {
    let f = EventForm::from_settings(&store::EventSettings::new(Default::default(), 5));
    html(&EventFormPage {
        choices: choices(&c),
        exemptions: crate::chess::norms::exemption_choices(&c.tr),
        c,
        ev: None,
        f,
        action: "/events/new".into(),
        started: false,
        version: None,
        schedule: Vec::new(),
    })
}

async fn create_event(State(st): State<AppState>, a: Arbiter, Form(f): Form<EventForm>) -> Page {
    let settings = f.settings()?;
    let id = st.store.create_event(&a.username, &settings)?;
    see(format!("/events/{id}/players"))
}

async fn edit_event_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
) -> Page {
    let version = st.store.event_version(id)?;
    let (e, ev) = views::event_view(&st, &c, id)?;
    let starts = st.store.round_starts(id)?;
    let schedule = (1..=e.settings.rounds.max(e.paired_rounds))
        .map(|n| match starts.iter().find(|(k, _)| *k == n) {
            Some((_, s)) => (
                n,
                s.date().to_string(),
                s.time().unwrap_or_default().to_string(),
            ),
            None => (n, String::new(), String::new()),
        })
        .collect();
    html(&EventFormPage {
        schedule,
        choices: choices(&c),
        exemptions: crate::chess::norms::exemption_choices(&c.tr),
        f: EventForm::from_settings(&e.settings),
        action: format!("/events/{id}/edit"),
        started: e.paired_rounds > 0,
        version: Some(version),
        ev: Some(ev),
        c,
    })
}

async fn edit_event(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    Form(f): Form<EventForm>,
) -> Page {
    let settings = f.settings()?;
    let seen = crate::edits::from_value(&f.version)?;
    st.store.update_event(&a.username, id, &settings, seen)?;
    see(format!("/events/{id}"))
}

#[derive(Template)]
#[template(path = "dashboard.html")]
struct Dashboard {
    c: Ctx,
    ev: EventView,
    chief_arbiter: String,
    time_control: String,
    tiebreaks: String,
    players: usize,
    present: usize,
    withdrawn: usize,
    next_text: String,
    next_link: String,
    rounds: Vec<(u32, usize, usize)>,
    /// The server can publish on chess-results.com (it has the credentials).
    chess_results: bool,
    /// After a publication: what the site said (its key, or why it refused).
    published: String,
    publish_failed: String,
    /// Just after an import from a file: what the file holds that the event does not take.
    import_notes: Vec<String>,
}

/// What the page says after publishing the event on chess-results.com.
#[derive(Debug, Default, serde::Deserialize)]
struct PublishedQuery {
    published: Option<String>,
    publish_failed: Option<String>,
    /// Set by the import from a file (`?imported=1`).
    imported: Option<String>,
}

/// An import's notes in the visitor's words: the tie-breaks left out, then the reader's
/// warnings (technical, in English) each in a sentence of the page's language.
fn import_notes(c: &Ctx, notes: &store::chess::file_import::ImportNotes) -> Vec<String> {
    let mut out = Vec::new();
    if !notes.tiebreaks_left_out.is_empty() {
        out.push(c.t1(
            "import-notes-tiebreaks",
            "names",
            notes.tiebreaks_left_out.join(", "),
        ));
    }
    for w in &notes.warnings {
        out.push(c.t1("import-notes-warning", "detail", w.as_str()));
    }
    out
}

async fn dashboard(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
    axum::extract::Query(q): axum::extract::Query<PublishedQuery>,
) -> Page {
    let (e, ev) = views::event_view(&st, &c, id)?;
    let players = st.store.players(id)?;
    let rounds = st.store.rounds(id)?;
    let missing_last = rounds.last().map(|r| r.missing_results()).unwrap_or(0);
    let import_notes = match q.imported {
        Some(_) => import_notes(&c, &st.store.import_notes(id)?),
        None => Vec::new(),
    };
    let (next_text, next_link) = if players.is_empty() {
        (c.t("next-add-players"), format!("/events/{id}/players"))
    } else if missing_last > 0 {
        let n = rounds.len();
        (
            c.t1("next-enter-results", "round", n),
            format!("/events/{id}/rounds/{n}"),
        )
    } else if (rounds.len() as u32) < e.settings.rounds
        || (e.settings.system.is_round_robin() && rounds.is_empty())
    {
        let n = rounds.len() + 1;
        (
            c.t1("next-pair-round", "round", n),
            format!("/events/{id}/rounds/{n}"),
        )
    } else {
        (
            c.t("next-final-standings"),
            format!("/events/{id}/standings"),
        )
    };
    html(&Dashboard {
        chief_arbiter: e.settings.chief_arbiter.to_string(),
        time_control: e.settings.time_control.to_string(),
        tiebreaks: e.settings.tiebreaks_or_default().replace(',', ", "),
        present: players
            .iter()
            .filter(|p| p.present && p.withdrawn_from.is_none())
            .count(),
        withdrawn: players
            .iter()
            .filter(|p| p.withdrawn_from.is_some())
            .count(),
        players: players.len(),
        rounds: rounds
            .iter()
            .map(|r| (r.number, r.games.len(), r.missing_results()))
            .collect(),
        next_text,
        next_link,
        chess_results: st.chess_results.is_some(),
        published: q
            .published
            .filter(|k| k.bytes().all(|b| b.is_ascii_digit()))
            .unwrap_or_default(),
        publish_failed: q.publish_failed.unwrap_or_default(),
        import_notes,
        ev,
        c,
    })
}
