//! Sections (issue 23 §1): a group of events sharing one registration desk (an A open, a B
//! open under 1600, a rapid). The group's page (its sections, a new one, an event attached),
//! the desk (every player with their section: search, check-in, entry, move before round 1),
//! the merged log, the public page with "find my board" across sections, and their JSON API.

use askama::Template;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::Form;
use serde::Deserialize;
use serde_json::{json, Value};
use store::chess::sections::{GroupId, GroupSettings, RatingLimits, Section};
use store::{EventId, PlayerKey};

use crate::chess::forms::{EventForm, PlayerForm};
use crate::chess::views::{dates_text, system_text};
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::forms::{free_text, number};
use crate::guard::Seen;
use crate::guard::{Guard, Kind, Own, Routes};
use crate::json::{body, ok, ApiResult};
use crate::page::{html, see, Page, Rendered};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .get("/groups/new", new_group_page)
        .post("/groups/new", Guard::Own(Own::Create), create_group)
        .get("/groups/{id}", group_page)
        .post(
            "/groups/{id}/sections",
            Guard::Whole(Kind::Group),
            create_section,
        )
        .post(
            "/groups/{id}/attach",
            Guard::Whole(Kind::Group),
            attach_section,
        )
        .post(
            "/groups/{id}/sections/{event}",
            Guard::Whole(Kind::Group),
            update_section,
        )
        .get("/groups/{id}/desk", desk_page)
        .post(
            "/groups/{id}/desk/present",
            Guard::Merge(Kind::Group),
            desk_present,
        )
        .post(
            "/groups/{id}/desk/move",
            Guard::Whole(Kind::Group),
            desk_move,
        )
        .post(
            "/groups/{id}/desk/players",
            Guard::Merge(Kind::Group),
            desk_add,
        )
        .get("/groups/{id}/log", log_page)
        .get("/public/groups/{id}", public_page)
}

pub fn api_routes() -> Routes {
    Routes::new()
        .get("/groups", api_groups)
        .post("/groups", Guard::Own(Own::Create), api_create_group)
        .get("/groups/{id}", api_group)
        .post(
            "/groups/{id}/sections",
            Guard::Whole(Kind::Group),
            api_create_section,
        )
        .post("/groups/{id}/attach", Guard::Whole(Kind::Group), api_attach)
        .post(
            "/groups/{id}/sections/{event}",
            Guard::Whole(Kind::Group),
            api_update_section,
        )
        .get("/groups/{id}/players", api_desk)
        .post(
            "/groups/{id}/players",
            Guard::Merge(Kind::Group),
            api_add_player,
        )
        .post(
            "/groups/{id}/present",
            Guard::Merge(Kind::Group),
            api_present,
        )
        .post("/groups/{id}/move", Guard::Whole(Kind::Group), api_move)
        .get("/groups/{id}/log", api_log)
        .get("/groups/{id}/find", api_find)
}

/// The group's form and the API's group object.
#[derive(Debug, Deserialize)]
pub(crate) struct GroupForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    place: String,
    #[serde(default)]
    start_date: String,
    #[serde(default)]
    end_date: String,
}

impl GroupForm {
    pub(crate) fn settings(&self) -> Result<GroupSettings, AppError> {
        Ok(GroupSettings {
            name: free_text("name", &self.name)?,
            place: free_text("place", &self.place)?,
            start_date: crate::forms::date("start_date", &self.start_date)?,
            end_date: crate::forms::date("end_date", &self.end_date)?,
        })
    }
}

/// A section's label and limits, as the forms and the API send them.
#[derive(Debug, Deserialize)]
struct SectionFields {
    #[serde(default)]
    label: String,
    rating_from: Option<Value>,
    rating_under: Option<Value>,
}

impl SectionFields {
    fn limits(&self) -> Result<RatingLimits, AppError> {
        const EXPECTED: &str = "a rating from 0 to 4000, or nothing";
        Ok(RatingLimits {
            from: number("rating_from", &self.rating_from, EXPECTED)?,
            under: number("rating_under", &self.rating_under, EXPECTED)?,
        })
    }
}

/// A new section: its label and limits, and its event's settings (name, system, rounds…).
#[derive(Debug, Deserialize)]
struct NewSectionForm {
    #[serde(flatten)]
    section: SectionFields,
    #[serde(flatten)]
    event: EventForm,
}

/// An existing event put in the group.
#[derive(Debug, Deserialize)]
struct AttachForm {
    event: Option<Value>,
    #[serde(flatten)]
    section: SectionFields,
}

/// A player of a section named by the desk's forms: `section` (the event) and `player`.
#[derive(Debug, Deserialize)]
struct DeskTarget {
    section: Option<Value>,
    player: Option<Value>,
    /// Check-in: ticked or not.
    present: Option<Value>,
    /// A move: the section the player goes to.
    to: Option<Value>,
    /// The search the desk showed, kept after the action.
    #[serde(default)]
    q: String,
}

impl DeskTarget {
    fn section(&self) -> Result<EventId, AppError> {
        crate::forms::required_number("section", &self.section, "a section of the group")
    }

    fn player(&self) -> Result<PlayerKey, AppError> {
        crate::forms::required_number("player", &self.player, "a player of the section")
    }

    /// Checks the player in or out in their section (`present` left out: `default`).
    fn check_in(
        &self,
        st: &AppState,
        actor: &str,
        id: GroupId,
        default: bool,
        seen: store::Version,
    ) -> Result<(EventId, PlayerKey), AppError> {
        let section = self.section()?;
        section_of_group(st, id, section)?;
        let present = crate::forms::flag(&self.present).unwrap_or(default);
        let player = self.player()?;
        // The group's version is a point of the log every section shares: it tells what the
        // desk showed of this section too.
        st.store
            .set_present(actor, section, player, present, Some(seen))?;
        Ok((section, player))
    }

    /// Moves the player to the section `to`: the section and the player's new key.
    fn move_to(
        &self,
        st: &AppState,
        actor: &str,
        id: GroupId,
    ) -> Result<(EventId, PlayerKey), AppError> {
        let to = crate::forms::required_number("to", &self.to, "a section of the group")?;
        let moved = st
            .store
            .move_player(actor, id, self.section()?, self.player()?, to)?;
        Ok((to, moved))
    }
}

/// A new player at the desk: the section chosen, and the player's form.
#[derive(Debug, Deserialize)]
struct DeskPlayerForm {
    section: Option<Value>,
    #[serde(flatten)]
    player: PlayerForm,
}

impl DeskPlayerForm {
    /// Enters the player in the section chosen: the section and the player's key.
    fn add(
        &self,
        st: &AppState,
        actor: &str,
        id: GroupId,
        seen: store::Version,
    ) -> Result<(EventId, PlayerKey), AppError> {
        let section =
            crate::forms::required_number("section", &self.section, "a section of the group")?;
        section_of_group(st, id, section)?;
        let key = st
            .store
            .add_player_at(actor, section, &self.player.player()?, Some(seen))?;
        Ok((section, key))
    }
}

/// The new section's event: the form's settings, named after the group and the label when
/// the name is left empty.
fn section_settings(
    st: &AppState,
    id: GroupId,
    f: &NewSectionForm,
) -> Result<store::EventSettings, AppError> {
    let mut event = f.event.clone();
    if event.name.trim().is_empty() {
        let g = st.store.group(id)?;
        event.name = format!("{} {}", g.settings.name, f.section.label.trim());
    }
    event.settings()
}

/// A group as its pages show it.
pub(crate) struct GroupView {
    pub(crate) id: GroupId,
    pub(crate) name: String,
    pub(crate) place: String,
    pub(crate) dates: String,
    /// As the group's form takes them: `YYYY-MM-DD` or empty.
    pub(crate) start_date: String,
    pub(crate) end_date: String,
}

impl GroupView {
    pub(crate) fn new(g: &store::chess::sections::Group, c: &Ctx) -> GroupView {
        GroupView {
            id: g.id,
            name: g.settings.name.to_string(),
            place: g.settings.place.to_string(),
            dates: dates_text(&c.tr, &g.settings.start_date, &g.settings.end_date),
            start_date: g.settings.start_date.clone(),
            end_date: g.settings.end_date.clone(),
        }
    }
}

/// A section's row on the group's pages.
struct SectionView {
    id: EventId,
    label: String,
    name: String,
    system: String,
    rounds: u32,
    paired: u32,
    limits: String,
    from: String,
    under: String,
    players: usize,
}

fn section_views(
    st: &AppState,
    c: &Ctx,
    sections: &[Section],
) -> Result<Vec<SectionView>, AppError> {
    sections
        .iter()
        .map(|s| {
            Ok(SectionView {
                id: s.event.id,
                label: s.label.to_string(),
                name: s.event.settings.name.to_string(),
                system: system_text(&c.tr, &s.event.settings),
                rounds: s.event.settings.rounds,
                paired: s.event.paired_rounds,
                limits: s.limits.text(),
                from: s.limits.from.map(|v| v.to_string()).unwrap_or_default(),
                under: s.limits.under.map(|v| v.to_string()).unwrap_or_default(),
                players: st.store.players(s.event.id)?.len(),
            })
        })
        .collect()
}

#[derive(Template)]
#[template(path = "group_new.html")]
struct NewGroupPage {
    c: Ctx,
}

async fn new_group_page(c: Ctx, _a: Arbiter) -> Page {
    html(&NewGroupPage { c })
}

async fn create_group(State(st): State<AppState>, a: Arbiter, Form(f): Form<GroupForm>) -> Page {
    let id = st.store.create_group(&a.username, &f.settings()?)?;
    see(format!("/groups/{id}"))
}

#[derive(Template)]
#[template(path = "group.html")]
struct GroupPage {
    c: Ctx,
    g: GroupView,
    sections: Vec<SectionView>,
    /// Events that can join: outside any group, round 1 not paired: (id, name).
    free: Vec<(EventId, String)>,
    /// The version its forms carry, read before the data it shows.
    version: i64,
}

async fn group_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<GroupId>,
) -> Page {
    let version = st.store.version(store::Scope::Group(id))?.0;
    let g = st.store.group(id)?;
    let sections = section_views(&st, &c, &st.store.sections(id)?)?;
    let mut free = Vec::new();
    for e in st.store.events()? {
        if e.paired_rounds == 0 && st.store.section_of(e.id)?.is_none() {
            free.push((e.id, e.settings.name.to_string()));
        }
    }
    html(&GroupPage {
        version,
        g: GroupView::new(&g, &c),
        sections,
        free,
        c,
    })
}

async fn create_section(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<GroupId>,
    Form(f): Form<NewSectionForm>,
) -> Page {
    let settings = section_settings(&st, id, &f)?;
    let limits = f.section.limits()?;
    st.store
        .create_section(&a.username, id, &f.section.label, limits, &settings)?;
    see(format!("/groups/{id}"))
}

async fn attach_section(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<GroupId>,
    Form(f): Form<AttachForm>,
) -> Page {
    let event = crate::forms::required_number("event", &f.event, "an event")?;
    st.store.attach_section(
        &a.username,
        id,
        event,
        &f.section.label,
        f.section.limits()?,
    )?;
    see(format!("/groups/{id}"))
}

async fn update_section(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, event)): Path<(GroupId, EventId)>,
    Form(f): Form<SectionFields>,
) -> Page {
    st.store
        .update_section(&a.username, id, event, &f.label, f.limits()?)?;
    see(format!("/groups/{id}"))
}

#[derive(Debug, Deserialize)]
struct SearchQuery {
    q: Option<String>,
}

/// A player's row at the desk.
struct DeskRow {
    section: EventId,
    label: String,
    id: PlayerKey,
    name: String,
    rating: String,
    licence: String,
    fide_id: String,
    club: String,
    present: bool,
    withdrawn: bool,
    /// Round 1 of the player's section is not paired: the player may move.
    movable: bool,
}

#[derive(Template)]
#[template(path = "group_desk.html")]
struct DeskPage {
    c: Ctx,
    g: GroupView,
    q: String,
    rows: Vec<DeskRow>,
    /// Sections the desk offers: (event, label, round 1 not paired).
    sections: Vec<(EventId, String, bool)>,
    total: usize,
    /// The version its forms carry, read before the data it shows.
    version: i64,
}

async fn desk_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<GroupId>,
    Query(sq): Query<SearchQuery>,
) -> Page {
    let version = st.store.version(store::Scope::Group(id))?.0;
    let q = sq.q.unwrap_or_default().trim().to_string();
    let g = st.store.group(id)?;
    let sections = st.store.sections(id)?;
    let list = st.store.desk(id, &q)?;
    let total = st.store.desk(id, "")?.len();
    let rows = list
        .iter()
        .map(|d| {
            let s = sections.iter().find(|s| s.event.id == d.section);
            let choice = s
                .map(|s| s.event.settings.pairing_rating)
                .unwrap_or_default();
            let p = &d.player;
            DeskRow {
                section: d.section,
                label: d.label.to_string(),
                id: p.id,
                name: p.details.name.to_string(),
                rating: p.details.pairing_rating(choice).to_string(),
                licence: p.details.national.licence.to_string(),
                fide_id: p.details.fide_id.map(|f| f.to_string()).unwrap_or_default(),
                club: p.details.club.to_string(),
                present: p.present,
                withdrawn: p.withdrawn_from.is_some(),
                movable: s.is_some_and(|s| s.event.paired_rounds == 0),
            }
        })
        .collect();
    html(&DeskPage {
        version,
        g: GroupView::new(&g, &c),
        q,
        rows,
        sections: sections
            .iter()
            .map(|s| (s.event.id, s.label.to_string(), s.event.paired_rounds == 0))
            .collect(),
        total,
        c,
    })
}

/// The desk again, with the search it showed.
fn back_to_desk(id: GroupId, q: &str) -> Page {
    if q.trim().is_empty() {
        return see(format!("/groups/{id}/desk"));
    }
    let q: String = form_urlencoded::byte_serialize(q.trim().as_bytes()).collect();
    see(format!("/groups/{id}/desk?q={q}"))
}

/// The section of the group that `event` is, or not found.
fn section_of_group(st: &AppState, id: GroupId, event: EventId) -> Result<(), AppError> {
    match st.store.section_of(event)? {
        Some((g, _)) if g == id => Ok(()),
        _ => Err(AppError::NotFound),
    }
}

async fn desk_present(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<GroupId>,
    Seen(seen): Seen,
    Form(f): Form<DeskTarget>,
) -> Page {
    f.check_in(&st, &a.username, id, false, seen)?;
    back_to_desk(id, &f.q)
}

async fn desk_move(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<GroupId>,
    Form(f): Form<DeskTarget>,
) -> Page {
    f.move_to(&st, &a.username, id)?;
    back_to_desk(id, &f.q)
}

async fn desk_add(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<GroupId>,
    Seen(seen): Seen,
    Form(f): Form<DeskPlayerForm>,
) -> Page {
    f.add(&st, &a.username, id, seen)?;
    see(format!("/groups/{id}/desk"))
}

#[derive(Template)]
#[template(path = "group_log.html")]
struct LogPage {
    c: Ctx,
    g: GroupView,
    /// (time, section label, section id, who, what)
    rows: Vec<(String, String, EventId, String, String, bool)>,
}

async fn log_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<GroupId>,
) -> Page {
    let g = st.store.group(id)?;
    let mut rows: Vec<_> = st
        .store
        .group_log(id)?
        .into_iter()
        .map(|e| {
            let row = (
                c.local_datetime(&e.entry.at),
                e.label.to_string(),
                e.section,
                e.entry.actor.clone(),
                action_text(&c, &e.entry),
                e.entry.undone,
            );
            (e.entry.id, row)
        })
        .collect();
    // The group's own changes (no section: 0).
    rows.extend(st.store.group_changes(id)?.into_iter().map(|e| {
        let row = (
            c.local_datetime(&e.at),
            String::new(),
            0,
            e.actor.clone(),
            group_change_text(&c, &e),
            false,
        );
        (e.id, row)
    }));
    rows.sort_by_key(|(id, _)| std::cmp::Reverse(*id));
    let rows = rows.into_iter().map(|(_, row)| row).collect();
    html(&LogPage {
        g: GroupView::new(&g, &c),
        rows,
        c,
    })
}

/// A log entry's action in the visitor's language: the moves between sections name the
/// player and both sections; other actions as the event's log names them.
fn action_text(c: &Ctx, e: &store::LogEntry) -> String {
    let d = &e.detail;
    let text = |k: &str| d[k].as_str().unwrap_or_default().to_string();
    match e.action.as_str() {
        store::chess::sections::MOVE_OUT | store::chess::sections::MOVE_IN => c.tr.targs(
            "sections-log-move",
            &[
                ("name", text("name").into()),
                ("from", text("from_label").into()),
                ("to", text("to_label").into()),
            ],
        ),
        "leave_group" => group_change_text(c, e),
        "join_group" | "update_section" => c.tr.targs(
            &format!("sections-log-{}", e.action.replace('_', "-")),
            &[("label", text("label").into())],
        ),
        other => {
            let action =
                c.tr.lookup(&format!("action-{other}"), &[])
                    .unwrap_or_else(|| other.to_string());
            // An entry names its player.
            match d["name"].as_str() {
                Some(name) if !name.is_empty() => format!("{action} · {name}"),
                _ => action,
            }
        }
    }
}

/// A section on the public page: its current round and the links to it.
struct PublicSection {
    id: EventId,
    label: String,
    name: String,
    round: u32,
    rounds: u32,
}

/// A player found on the public page: name, section, and where they play.
struct Found {
    name: String,
    label: String,
    section: EventId,
    round: u32,
    seat: String,
}

#[derive(Template)]
#[template(path = "public_group.html")]
struct PublicGroupPage {
    c: Ctx,
    g: GroupView,
    sections: Vec<PublicSection>,
    q: String,
    found: Vec<Found>,
    /// A section takes entries: the group's registration form is linked.
    register: bool,
}

fn seat_text(c: &Ctx, s: &store::chess::sections::Seat) -> String {
    match (s.board, &s.bye) {
        (Some(board), _) => c.tr.targs(
            "sections-seat",
            &[
                ("board", board.to_string().into()),
                (
                    "colour",
                    c.t(if s.white { "white" } else { "black" }).into(),
                ),
                (
                    "opponent",
                    s.opponent
                        .as_ref()
                        .map(|o| o.to_string())
                        .unwrap_or_default()
                        .into(),
                ),
            ],
        ),
        (None, None) => c.t("pab"),
        (None, Some(kind)) => c.t(&format!("bye-{}", kind.as_str())),
    }
}

async fn public_page(
    State(st): State<AppState>,
    c: Ctx,
    Path(id): Path<GroupId>,
    Query(sq): Query<SearchQuery>,
    headers: HeaderMap,
) -> Page {
    let q = sq.q.unwrap_or_default().trim().to_string();
    let g = st.store.group(id)?;
    let all = st.store.sections(id)?;
    let shown: Vec<&Section> = all.iter().filter(|s| s.event.settings.public).collect();
    if shown.is_empty() {
        return Err(AppError::NotFound);
    }
    let found = st
        .store
        .find_seats(id, &q)?
        .iter()
        .map(|s| Found {
            name: s.name.to_string(),
            label: s.label.to_string(),
            section: s.section,
            round: s.round,
            seat: seat_text(&c, s),
        })
        .collect();
    let page = PublicGroupPage {
        g: GroupView::new(&g, &c),
        sections: shown
            .iter()
            .map(|s| PublicSection {
                id: s.event.id,
                label: s.label.to_string(),
                name: s.event.settings.name.to_string(),
                round: s.event.paired_rounds,
                rounds: s.event.settings.rounds,
            })
            .collect(),
        q,
        found,
        register: !st.store.open_sections(id)?.is_empty(),
        c,
    }
    .render()?;
    // Links and a search only: rendered at each visit (the sections' own pages are cached).
    Ok(Rendered::new(page).response(&headers))
}

// The JSON API.

fn group_json(st: &AppState, id: GroupId) -> Result<Value, AppError> {
    let g = st.store.group(id)?;
    let sections: Vec<Value> = st
        .store
        .sections(id)?
        .into_iter()
        .map(|s| {
            json!({
                "event": s.event.id, "label": s.label, "name": s.event.settings.name,
                "rating_from": s.limits.from, "rating_under": s.limits.under,
                "rounds": s.event.settings.rounds, "paired_rounds": s.event.paired_rounds,
            })
        })
        .collect();
    Ok(json!({ "group": g, "sections": sections }))
}

async fn api_groups(State(st): State<AppState>, _a: Arbiter) -> ApiResult {
    ok(st.store.groups()?)
}

async fn api_create_group(State(st): State<AppState>, a: Arbiter, bytes: Bytes) -> ApiResult {
    let f: GroupForm = body(&bytes)?;
    let id = st.store.create_group(&a.username, &f.settings()?)?;
    ok(group_json(&st, id)?)
}

async fn api_group(State(st): State<AppState>, _a: Arbiter, Path(id): Path<GroupId>) -> ApiResult {
    ok(group_json(&st, id)?)
}

async fn api_create_section(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<GroupId>,
    bytes: Bytes,
) -> ApiResult {
    let f: NewSectionForm = body(&bytes)?;
    let settings = section_settings(&st, id, &f)?;
    let event = st.store.create_section(
        &a.username,
        id,
        &f.section.label,
        f.section.limits()?,
        &settings,
    )?;
    ok(json!({ "event": st.store.event(event)?, "group": group_json(&st, id)? }))
}

async fn api_attach(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<GroupId>,
    bytes: Bytes,
) -> ApiResult {
    let f: AttachForm = body(&bytes)?;
    let event = crate::forms::required_number("event", &f.event, "an event")?;
    st.store.attach_section(
        &a.username,
        id,
        event,
        &f.section.label,
        f.section.limits()?,
    )?;
    ok(group_json(&st, id)?)
}

async fn api_update_section(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, event)): Path<(GroupId, EventId)>,
    bytes: Bytes,
) -> ApiResult {
    let f: SectionFields = body(&bytes)?;
    st.store
        .update_section(&a.username, id, event, &f.label, f.limits()?)?;
    ok(group_json(&st, id)?)
}

async fn api_desk(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<GroupId>,
    Query(sq): Query<SearchQuery>,
) -> ApiResult {
    ok(json!({ "players": st.store.desk(id, sq.q.as_deref().unwrap_or(""))? }))
}

async fn api_add_player(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<GroupId>,
    Seen(seen): Seen,
    bytes: Bytes,
) -> ApiResult {
    let f: DeskPlayerForm = body(&bytes)?;
    let (section, key) = f.add(&st, &a.username, id, seen)?;
    ok(json!({ "section": section, "player": st.store.player(section, key)? }))
}

async fn api_present(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<GroupId>,
    Seen(seen): Seen,
    bytes: Bytes,
) -> ApiResult {
    let f: DeskTarget = body(&bytes)?;
    let (section, player) = f.check_in(&st, &a.username, id, true, seen)?;
    ok(json!({ "section": section, "player": st.store.player(section, player)? }))
}

async fn api_move(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<GroupId>,
    bytes: Bytes,
) -> ApiResult {
    let f: DeskTarget = body(&bytes)?;
    let (to, moved) = f.move_to(&st, &a.username, id)?;
    ok(json!({ "section": to, "player": st.store.player(to, moved)? }))
}

async fn api_log(State(st): State<AppState>, _a: Arbiter, Path(id): Path<GroupId>) -> ApiResult {
    ok(json!({ "log": st.store.group_log(id)? }))
}

async fn api_find(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<GroupId>,
    Query(sq): Query<SearchQuery>,
) -> ApiResult {
    ok(json!({ "found": st.store.find_seats(id, sq.q.as_deref().unwrap_or(""))? }))
}

/// A group's change in the log, in the visitor's language: the group changed (its new name),
/// created, deleted, or a section leaving it when it was deleted.
fn group_change_text(c: &Ctx, e: &store::LogEntry) -> String {
    let text = |k: &str| e.detail[k].as_str().unwrap_or_default().to_string();
    match e.action.as_str() {
        "update_group" => c.t1("group-log-update", "name", text("name")),
        "leave_group" => c.tr.targs(
            "group-log-leave",
            &[
                ("label", text("label").into()),
                ("name", text("group_name").into()),
            ],
        ),
        other => {
            let action =
                c.tr.lookup(&format!("action-{other}"), &[])
                    .unwrap_or_else(|| other.to_string());
            format!("{action} · {}", text("name"))
        }
    }
}
