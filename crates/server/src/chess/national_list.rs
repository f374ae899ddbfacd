//! A national federation's rating list at registration: uploaded as CSV or TXT with its
//! columns mapped once per federation (`/national-list`, `POST /api/national-list`), kept in
//! the database, and searched from the players page by licence number or name; choosing a hit
//! registers the player, or fills the national data of the player of the same name already
//! registered (`/events/{id}/players/national`).

use askama::Template;
use axum::body::Bytes;
use axum::extract::{Multipart, Path, Query, State};
use axum::response::{IntoResponse, Redirect, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use store::{EventId, ListColumn, ListMapping, NationalEntry, PlayerKey, Store};

use crate::chess::rating_list::text_of;
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::{Guard, Kind, Own, Routes};
use crate::limit::RATING_LIST_MAX_BODY;
use crate::page::{blocking, html};
use crate::AppState;

/// The page routes.
pub fn routes() -> Routes {
    Routes::new()
        .get("/national-list", page)
        .post_limited(
            "/national-list",
            Guard::Own(Own::Library),
            RATING_LIST_MAX_BODY,
            upload,
        )
        .post(
            "/events/{id}/players/national",
            Guard::Whole(Kind::Event),
            choose,
        )
}

/// The JSON API routes (nested under `/api`).
pub fn api_routes() -> Routes {
    Routes::new()
        .get("/national-list", api_search)
        .post_limited(
            "/national-list",
            Guard::Own(Own::Library),
            RATING_LIST_MAX_BODY,
            api_upload,
        )
        .post(
            "/events/{id}/players/national",
            Guard::Whole(Kind::Event),
            api_choose,
        )
}

/// The mapping a form or a JSON body sends: a header for some columns (none to reuse the
/// federation's saved mapping), and the separator (`;`, `,`, `tab`, or nothing to find it).
fn mapping_from(
    separator: &str,
    headers: impl Iterator<Item = (ListColumn, String)>,
) -> Result<Option<ListMapping>, AppError> {
    let columns: Vec<(ListColumn, String)> = headers
        .map(|(c, h)| (c, h.trim().to_string()))
        .filter(|(_, h)| !h.is_empty())
        .collect();
    let separator = match separator.trim() {
        "" => None,
        ";" => Some(';'),
        "," => Some(','),
        "tab" | "\t" => Some('\t'),
        other => {
            return Err(AppError::invalid(
                "separator",
                "a semicolon, a comma, tab, or nothing to find it from the header",
                format!("{other:?}"),
            ))
        }
    };
    Ok((!columns.is_empty()).then_some(ListMapping { separator, columns }))
}

/// A search hit as the players page shows it.
#[derive(Debug, Clone, Default)]
pub struct FoundView {
    pub federation: String,
    pub licence: String,
    pub name: String,
    /// The national rating with its kind (`1790 N`).
    pub rating: String,
    pub fide_rating: String,
    pub fide_id: String,
    pub club: String,
    pub category: String,
    pub birth_date: String,
    /// A player of the event has this licence already.
    pub registered: bool,
    /// A player of the event of the same name and without a licence: the hit fills their data.
    pub fill: Option<(PlayerKey, String)>,
}

/// The players page's search in the national lists: the hits (at most
/// [`store::national_list::MAX_RESULTS`]) and whether there may be more.
pub fn search(
    store: &Store,
    event: EventId,
    query: &str,
) -> Result<(Vec<FoundView>, bool), AppError> {
    if query.trim().is_empty() {
        return Ok((Vec::new(), false));
    }
    let players = store.players(event)?;
    let found = store.search_national_list(query)?;
    let more = found.len() >= store::national_list::MAX_RESULTS;
    let fold = |s: &str| store::csv::folded_words(s).join(" ");
    let views = found
        .iter()
        .map(|e| {
            let p = &e.player;
            let name = fold(&p.name);
            FoundView {
                federation: e.federation.clone(),
                licence: p.national.licence.to_string(),
                name: p.name.to_string(),
                rating: p.pairing_rating(store::PairingRating::National).to_string(),
                fide_rating: p.rating.map(|r| r.to_string()).unwrap_or_default(),
                fide_id: p.fide_id.map(|r| r.to_string()).unwrap_or_default(),
                club: p.club.to_string(),
                category: e.category.clone(),
                birth_date: p.birth_date.clone(),
                registered: players
                    .iter()
                    .any(|r| r.details.national.licence == p.national.licence),
                fill: players
                    .iter()
                    .find(|r| {
                        r.details.national.licence.is_empty() && fold(&r.details.name) == name
                    })
                    .map(|r| (r.id, r.details.name.to_string())),
            }
        })
        .collect();
    Ok((views, more))
}

/// Registers the list's player `licence` of `federation` in the event, or with `player` fills
/// that registered player's national data from it.
fn register(
    store: &Store,
    actor: &str,
    event: EventId,
    federation: &str,
    licence: &str,
    player: Option<PlayerKey>,
) -> Result<PlayerKey, AppError> {
    store.event(event)?;
    let entry: NationalEntry = store.national_entry(federation, licence)?;
    match player {
        Some(id) => {
            let mut details = store.player(event, id)?.details;
            entry.fill(&mut details);
            store.update_player(actor, event, id, &details, None)?;
            Ok(id)
        }
        None => Ok(store.add_player(actor, event, &entry.new_player())?),
    }
}

// ---------------------------------------------------------------------------------------------
// Pages

/// One column of the mapping form: its code, its label, the header mapped to it.
struct ColumnField {
    code: &'static str,
    label: String,
    header: String,
}

struct SourceView {
    federation: String,
    file_name: String,
    loaded_at: String,
    players: String,
}

#[derive(Template)]
#[template(path = "national_list.html")]
struct NationalListPage {
    c: Ctx,
    sources: Vec<SourceView>,
    loaded: Option<String>,
    /// The event whose players page sent the arbiter here (the way back).
    event: Option<EventId>,
    federation: String,
    separator: String,
    /// A mapping is saved for `federation`: the form may leave the columns as they are.
    saved: bool,
    columns: Vec<ColumnField>,
}

#[derive(Debug, Deserialize)]
struct PageQuery {
    loaded: Option<usize>,
    event: Option<EventId>,
    federation: Option<String>,
}

async fn page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Query(q): Query<PageQuery>,
) -> Result<Response, AppError> {
    let federation = match q.federation.filter(|f| !f.trim().is_empty()) {
        Some(f) => f.trim().to_ascii_uppercase(),
        None => match q.event {
            Some(id) => st.store.event(id)?.settings.federation,
            None => String::new(),
        },
    };
    let saved = if federation.is_empty() {
        None
    } else {
        st.store.national_list_mapping(&federation)?
    };
    let sources = st
        .store
        .national_list_sources()?
        .into_iter()
        .map(|s| SourceView {
            file_name: s.file_name,
            loaded_at: c.local_datetime(&s.loaded_at),
            players: c.t1("rating-list-players", "count", s.players),
            federation: s.federation,
        })
        .collect();
    let columns = ListColumn::ALL
        .into_iter()
        .map(|col| ColumnField {
            code: col.as_str(),
            label: c.t(&format!("national-column-{}", col.as_str())),
            header: saved
                .as_ref()
                .and_then(|m| m.header(col))
                .unwrap_or_default()
                .to_string(),
        })
        .collect();
    let separator = match saved.as_ref().and_then(|m| m.separator) {
        Some('\t') => "tab".to_string(),
        Some(sep) => sep.to_string(),
        None => String::new(),
    };
    html(&NationalListPage {
        loaded: q.loaded.map(|n| c.t1("rating-list-loaded", "count", n)),
        sources,
        event: q.event,
        saved: saved.is_some(),
        federation,
        separator,
        columns,
        c,
    })
}

async fn upload(
    State(st): State<AppState>,
    _a: Arbiter,
    mut form: Multipart,
) -> Result<Response, AppError> {
    let mut file: Option<(String, Vec<u8>)> = None;
    let mut event: Option<EventId> = None;
    let mut federation = String::new();
    let mut separator = String::new();
    let mut headers: Vec<(ListColumn, String)> = Vec::new();
    let bad = |e: axum::extract::multipart::MultipartError| AppError::BadRequest(e.to_string());
    while let Some(field) = form.next_field().await.map_err(bad)? {
        let name = field.name().unwrap_or("").to_string();
        if name == "file" {
            let file_name = field.file_name().unwrap_or("").to_string();
            let bytes = field.bytes().await.map_err(bad)?;
            file = Some((file_name, bytes.to_vec()));
            continue;
        }
        let text = field.text().await.map_err(bad)?;
        match name.as_str() {
            "event" => event = text.trim().parse().ok(),
            "federation" => federation = text,
            "separator" => separator = text,
            other => {
                if let Some(col) = other.strip_prefix("col-").and_then(ListColumn::parse) {
                    headers.push((col, text));
                }
            }
        }
    }
    let (name, bytes) = file.filter(|f| !f.1.is_empty()).ok_or_else(|| {
        AppError::invalid(
            "file",
            "the federation's rating list (CSV or TXT)",
            "nothing",
        )
    })?;
    let name = if name.is_empty() {
        "national-list".to_string()
    } else {
        name
    };
    let mapping = mapping_from(&separator, headers.into_iter())?;
    let store = st.store.clone();
    let fed = federation.clone();
    let n = blocking(move || {
        store.import_national_list(&fed, &name, &text_of(bytes), mapping.as_ref())
    })
    .await?;
    let fed: String = form_urlencoded::byte_serialize(federation.trim().as_bytes()).collect();
    let to = match event {
        Some(id) => format!("/national-list?loaded={n}&federation={fed}&event={id}"),
        None => format!("/national-list?loaded={n}&federation={fed}"),
    };
    Ok(Redirect::to(&to).into_response())
}

#[derive(Debug, Deserialize)]
struct ChooseForm {
    #[serde(default)]
    federation: String,
    #[serde(default)]
    licence: String,
    /// The registered player whose national data the hit fills (none: register the hit).
    player: Option<Value>,
    /// The search to come back to.
    nq: Option<String>,
}

async fn choose(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    axum::Form(f): axum::Form<ChooseForm>,
) -> Result<Response, AppError> {
    let player: Option<PlayerKey> = crate::forms::number("player", &f.player, "a player")?;
    let store = st.store.clone();
    let (federation, licence) = (f.federation.clone(), f.licence.clone());
    blocking(move || {
        Ok(register(
            &store,
            &a.username,
            id,
            &federation,
            &licence,
            player,
        ))
    })
    .await??;
    let q: String = form_urlencoded::byte_serialize(f.nq.unwrap_or_default().as_bytes()).collect();
    Ok(Redirect::to(&format!("/events/{id}/players?nq={q}#national-search")).into_response())
}

// ---------------------------------------------------------------------------------------------
// JSON API

/// `POST /api/national-list`: `{"federation": "FRA", "file_name": …, "text": …, "separator":
/// ";", "columns": {"licence": "NrFFE", "surname": "Nom", …}}`; without `columns`, the
/// federation's saved mapping reads the list.
#[derive(Debug, Deserialize)]
struct UploadBody {
    #[serde(default)]
    federation: String,
    file_name: Option<String>,
    #[serde(default)]
    text: String,
    #[serde(default)]
    separator: String,
    #[serde(default)]
    columns: serde_json::Map<String, Value>,
}

async fn api_upload(
    State(st): State<AppState>,
    _a: Arbiter,
    bytes: Bytes,
) -> Result<Response, AppError> {
    let b: UploadBody = serde_json::from_slice(&bytes)
        .map_err(|e| AppError::BadRequest(format!("JSON body: {e}")))?;
    let mut headers = Vec::new();
    for (key, value) in &b.columns {
        let col = ListColumn::parse(key).ok_or_else(|| {
            AppError::invalid(
                format!("columns.{key}"),
                "a column: licence, surname, first_name, full_name, rating, rating_kind, fide_rating, fide_id, title, federation, club, league, licence_type, birth_date, sex, category",
                format!("{key:?}"),
            )
        })?;
        headers.push((col, crate::forms::text(value)));
    }
    let mapping = mapping_from(&b.separator, headers.into_iter())?;
    let name = b
        .file_name
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| "national-list".into());
    let store = st.store.clone();
    let federation = b.federation.clone();
    let n =
        blocking(move || store.import_national_list(&federation, &name, &b.text, mapping.as_ref()))
            .await?;
    Ok(Json(json!({
        "loaded": n,
        "sources": st.store.national_list_sources()?,
        "mapping": st.store.national_list_mapping(&b.federation)?,
    }))
    .into_response())
}

#[derive(Debug, Deserialize)]
struct SearchQuery {
    q: Option<String>,
    federation: Option<String>,
}

async fn api_search(
    State(st): State<AppState>,
    _a: Arbiter,
    Query(q): Query<SearchQuery>,
) -> Result<Response, AppError> {
    let query = q.q.unwrap_or_default();
    let federation = q.federation.filter(|f| !f.trim().is_empty());
    let store = st.store.clone();
    let (sources, mapping, found) = blocking(move || {
        let found = store.search_national_list(&query)?;
        let mapping = match &federation {
            Some(f) => store.national_list_mapping(f)?,
            None => None,
        };
        Ok((store.national_list_sources()?, mapping, found))
    })
    .await?;
    Ok(Json(json!({
        "sources": sources,
        "mapping": mapping,
        "more": found.len() >= store::national_list::MAX_RESULTS,
        "players": found,
    }))
    .into_response())
}

#[derive(Debug, Deserialize)]
struct ChooseBody {
    #[serde(default)]
    federation: String,
    licence: Option<Value>,
    player: Option<Value>,
}

async fn api_choose(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    bytes: Bytes,
) -> Result<Response, AppError> {
    let b: ChooseBody = serde_json::from_slice(&bytes)
        .map_err(|e| AppError::BadRequest(format!("JSON body: {e}")))?;
    let licence = b
        .licence
        .as_ref()
        .map(crate::forms::text)
        .unwrap_or_default();
    let player: Option<PlayerKey> = crate::forms::number("player", &b.player, "a player")?;
    let store = st.store.clone();
    let key = blocking(move || {
        Ok(register(
            &store,
            &a.username,
            id,
            &b.federation,
            &licence,
            player,
        ))
    })
    .await??;
    Ok(Json(st.store.player(id, key)?).into_response())
}
