//! FIDE's rating list at registration: the monthly download (the fixed-column TXT or the XML)
//! is uploaded once into the database (`/rating-list`, `POST /api/rating-list`), then the
//! players page looks players up by FIDE id or name and enters them with one button.
//!
//! The TXT list is about 100 MB: its two routes take bodies up to [`RATING_LIST_MAX_BODY`](crate::limit::RATING_LIST_MAX_BODY), every
//! other route keeps the usual limits.

use askama::Template;
use axum::body::Bytes;
use axum::extract::{Multipart, Path, Query, State};
use axum::response::{IntoResponse, Redirect, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use store::import::FideEntry;
use store::{EventId, NewPlayer, RatingListSource, RatingPeriod, Store};

use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::{Guard, Kind, Own, Routes};
use crate::limit::RATING_LIST_MAX_BODY;
use crate::page::{blocking, html};
use crate::AppState;

/// Most search results shown or answered.
pub const MAX_RESULTS: usize = 50;

/// The page routes.
pub fn routes() -> Routes {
    Routes::new()
        .get("/rating-list", page)
        .post_limited(
            "/rating-list",
            Guard::Own(Own::Library),
            RATING_LIST_MAX_BODY,
            upload,
        )
        .post(
            "/events/{id}/players/fide",
            Guard::Whole(Kind::Event),
            add_from_list,
        )
}

/// The JSON API routes (nested under `/api`).
pub fn api_routes() -> Routes {
    Routes::new()
        .get("/rating-list", api_search)
        .post_limited(
            "/rating-list",
            Guard::Own(Own::Library),
            RATING_LIST_MAX_BODY,
            api_upload,
        )
        .post(
            "/events/{id}/players/fide",
            Guard::Whole(Kind::Event),
            api_add_from_list,
        )
}

/// Reads an uploaded list: XML when named `.xml` or when it starts with `<`, else the TXT
/// columns. The text is UTF-8, or Latin-1 when it is not valid UTF-8.
pub fn parse_list(name: &str, bytes: &[u8]) -> Result<Vec<FideEntry>, AppError> {
    parse_text(name, text_of(bytes.to_vec()))
}

/// The text of a list's bytes, taking them over: UTF-8 as it is, else Latin-1 widened in the
/// same buffer (from the end, each byte above 0x7F becoming two), so that the list is never
/// held twice.
pub(crate) fn text_of(mut bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(text) => return text,
        Err(e) => bytes = e.into_bytes(),
    }
    let old = bytes.len();
    let wide = bytes.iter().filter(|&&b| b >= 0x80).count();
    bytes.resize(old + wide, 0);
    let mut w = bytes.len();
    for r in (0..old).rev() {
        let b = bytes[r];
        if b < 0x80 {
            w -= 1;
            bytes[w] = b;
        } else {
            w -= 2;
            bytes[w] = 0xC0 | (b >> 6);
            bytes[w + 1] = 0x80 | (b & 0x3F);
        }
    }
    // Every byte is now ASCII or a two-byte sequence for U+0080..U+00FF.
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

fn parse_text(name: &str, text: String) -> Result<Vec<FideEntry>, AppError> {
    let body = text.trim_start_matches('\u{feff}').trim_start();
    let xml = name.to_ascii_lowercase().ends_with(".xml") || body.starts_with('<');
    let parsed = if xml {
        store::import::players_from_fide_xml(&text)
    } else {
        store::import::players_from_fide_txt(&text)
    };
    let list = parsed.map_err(|e| crate::forms::file_error("file", e))?;
    if list.is_empty() {
        return Err(AppError::invalid(
            "file",
            "FIDE's TXT or XML rating list",
            "no player",
        ));
    }
    Ok(list)
}

/// The list in an uploaded file: FIDE's download as it comes (a ZIP holding one TXT or XML
/// file) or the file itself. The bytes go from the file (or the ZIP entry, inflated as it is
/// read) into one buffer that becomes the parser's text.
pub fn parse_file(name: &str, mut file: std::fs::File) -> Result<Vec<FideEntry>, AppError> {
    use std::io::{Read, Seek};
    let internal = |e: std::io::Error| AppError::Internal(format!("reading the upload: {e}"));
    let mut magic = [0u8; 4];
    let n = file.read(&mut magic).map_err(internal)?;
    file.rewind().map_err(internal)?;
    if magic[..n] != *b"PK\x03\x04" {
        let size = file.metadata().map(|m| m.len() as usize).unwrap_or(0);
        let mut bytes = Vec::with_capacity(size);
        file.read_to_end(&mut bytes).map_err(internal)?;
        return parse_text(name, text_of(bytes));
    }
    let not_a_list =
        |found: String| AppError::invalid("file", "a ZIP holding FIDE's TXT or XML list", found);
    let mut archive =
        zip::ZipArchive::new(file).map_err(|e| not_a_list(format!("a damaged ZIP ({e})")))?;
    let index = (0..archive.len())
        .find(|&i| {
            archive.by_index(i).is_ok_and(|f| {
                let n = f.name().to_ascii_lowercase();
                f.is_file() && (n.ends_with(".txt") || n.ends_with(".xml"))
            })
        })
        .ok_or_else(|| not_a_list("no .txt or .xml file in the ZIP".into()))?;
    let mut entry = archive
        .by_index(index)
        .map_err(|e| not_a_list(format!("a damaged ZIP ({e})")))?;
    let entry_name = entry.name().to_string();
    // The declared size only reserves room (capped); the read stops at the upload limit.
    let reserve = (entry.size() as usize).min(RATING_LIST_MAX_BODY);
    let mut bytes = Vec::with_capacity(reserve);
    (&mut entry)
        .take(RATING_LIST_MAX_BODY as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| not_a_list(format!("a damaged ZIP entry ({e})")))?;
    if bytes.len() > RATING_LIST_MAX_BODY {
        return Err(not_a_list("an entry larger than the upload limit".into()));
    }
    parse_text(&entry_name, text_of(bytes))
}

/// An upload written to a temporary file as its chunks arrive (nothing held in memory).
struct Spool {
    file: tempfile::NamedTempFile,
    len: usize,
}

impl Spool {
    fn new() -> Result<Spool, AppError> {
        Ok(Spool {
            file: tempfile::NamedTempFile::new()
                .map_err(|e| AppError::Internal(format!("a temporary file for the upload: {e}")))?,
            len: 0,
        })
    }

    fn write(&mut self, chunk: &[u8]) -> Result<(), AppError> {
        use std::io::Write;
        self.len += chunk.len();
        if self.len > RATING_LIST_MAX_BODY {
            return Err(AppError::BadRequest("request body too large".into()));
        }
        self.file
            .write_all(chunk)
            .map_err(|e| AppError::Internal(format!("writing the upload: {e}")))
    }
}

/// The month a list is loaded for, as a form or query gives it: empty is none (the file
/// name's month, else the current one).
fn period_of(text: Option<&str>) -> Result<Option<RatingPeriod>, AppError> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(t) => t
            .parse()
            .map(Some)
            .map_err(|_| AppError::invalid("period", "a month YYYY-MM", t)),
    }
}

/// Parses and stores a spooled list off the async threads, as the list of `period` (see
/// [`Store::load_rating_list`] when none); answers how many players were kept.
async fn load(
    st: &AppState,
    name: String,
    period: Option<RatingPeriod>,
    spool: Spool,
) -> Result<usize, AppError> {
    let store = st.store.clone();
    let list = tokio::task::spawn_blocking(move || {
        let file = spool
            .file
            .reopen()
            .map_err(|e| AppError::Internal(format!("reading the upload: {e}")))?;
        let list = parse_file(&name, file)?;
        drop(spool);
        Ok::<_, AppError>((name, list))
    })
    .await
    .map_err(|e| AppError::Internal(format!("task: {e}")))??;
    blocking(move || match period {
        Some(p) => store.load_rating_list_of(&list.0, p, &list.1),
        None => store.load_rating_list(&list.0, &list.1),
    })
    .await
}

/// The player of the loaded list with this FIDE id.
fn entry_by_id(store: &Store, fide_id: u64) -> Result<FideEntry, AppError> {
    store
        .search_rating_list(&fide_id.to_string())?
        .into_iter()
        .find(|e| e.player.fide_id == Some(fide_id))
        .ok_or_else(|| {
            AppError::invalid(
                "fide_id",
                "the FIDE id of a player of the loaded rating list",
                fide_id.to_string(),
            )
        })
}

/// What is registered from a list entry: name, title, rating, federation, FIDE id, birth
/// date, sex.
fn new_player(e: &FideEntry) -> NewPlayer {
    let p = &e.player;
    NewPlayer {
        name: p.name.clone(),
        title: p.title.clone(),
        rating: p.rating,
        federation: p.federation.clone(),
        fide_id: p.fide_id,
        birth_date: p.birth_date.clone(),
        sex: p.sex.clone(),
        ..NewPlayer::default()
    }
}

/// Enters the list's player `fide_id` in the event.
fn register(
    store: &Store,
    actor: &str,
    event: EventId,
    fide_id: u64,
) -> Result<store::PlayerKey, AppError> {
    store.event(event)?;
    let entry = entry_by_id(store, fide_id)?;
    Ok(store.add_player(actor, event, &new_player(&entry))?)
}

/// A search result as the players page shows it.
#[derive(Debug, Clone, Default)]
pub struct FoundView {
    pub fide_id: String,
    pub name: String,
    pub title: String,
    pub rating: String,
    pub federation: String,
    pub birth_date: String,
    pub sex: String,
    pub inactive: bool,
    /// Already registered in the event (same FIDE id).
    pub registered: bool,
}

/// The loaded list's source as shown: file, date, count.
#[derive(Debug, Clone, Default)]
pub struct SourceView {
    pub file_name: String,
    pub loaded_at: String,
    pub players: String,
}

pub fn source_view(c: &Ctx, s: &RatingListSource) -> SourceView {
    SourceView {
        file_name: s.file_name.clone(),
        loaded_at: c.local_datetime(&s.loaded_at),
        players: s.players.to_string(),
    }
}

/// The players page's search: the results (at most [`MAX_RESULTS`]) and whether there were more.
pub fn search(
    store: &Store,
    event: EventId,
    query: &str,
) -> Result<(Vec<FoundView>, bool), AppError> {
    if query.trim().is_empty() {
        return Ok((Vec::new(), false));
    }
    let registered: std::collections::HashSet<u64> = store
        .players(event)?
        .iter()
        .filter_map(|p| p.details.fide_id)
        .collect();
    let found = store.search_rating_list(query)?;
    let more = found.len() >= MAX_RESULTS;
    let views = found
        .iter()
        .take(MAX_RESULTS)
        .map(|e| {
            let p = &e.player;
            FoundView {
                fide_id: p.fide_id.map(|x| x.to_string()).unwrap_or_default(),
                name: p.name.to_string(),
                title: p.title.clone(),
                rating: p.rating.map(|r| r.to_string()).unwrap_or_default(),
                federation: p.federation.clone(),
                birth_date: p.birth_date.clone(),
                sex: p.sex.clone(),
                inactive: e.inactive,
                registered: p.fide_id.is_some_and(|id| registered.contains(&id)),
            }
        })
        .collect();
    Ok((views, more))
}

// ---------------------------------------------------------------------------------------------
// Pages

#[derive(Template)]
#[template(path = "rating_list.html")]
struct RatingListPage {
    c: Ctx,
    source: Option<SourceView>,
    /// Every list kept, by rating period, newest first.
    periods: Vec<PeriodView>,
    loaded: Option<String>,
    /// The event whose players page sent the arbiter here (the way back).
    event: Option<EventId>,
}

/// A kept list as the page shows it.
struct PeriodView {
    period: String,
    file_name: String,
    loaded_at: String,
    players: u64,
}

#[derive(Debug, Deserialize)]
struct PageQuery {
    loaded: Option<usize>,
    event: Option<EventId>,
}

async fn page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Query(q): Query<PageQuery>,
) -> Result<Response, AppError> {
    let source = st.store.rating_list_source()?.map(|s| source_view(&c, &s));
    let periods = st
        .store
        .rating_list_periods()?
        .into_iter()
        .rev()
        .map(|l| PeriodView {
            period: l.period.to_string(),
            file_name: l.file_name,
            loaded_at: c.local_datetime(&l.loaded_at),
            players: l.players,
        })
        .collect();
    html(&RatingListPage {
        periods,
        loaded: q.loaded.map(|n| c.t1("rating-list-loaded", "count", n)),
        source,
        event: q.event,
        c,
    })
}

async fn upload(
    State(st): State<AppState>,
    _a: Arbiter,
    mut form: Multipart,
) -> Result<Response, AppError> {
    let mut file: Option<(String, Spool)> = None;
    let mut event: Option<EventId> = None;
    let mut period: Option<RatingPeriod> = None;
    while let Some(field) = form
        .next_field()
        .await
        .map_err(|e| AppError::BadRequest(e.to_string()))?
    {
        match field.name() {
            Some("file") => {
                let name = field.file_name().unwrap_or("").to_string();
                let mut field = field;
                let mut spool = Spool::new()?;
                while let Some(chunk) = field
                    .chunk()
                    .await
                    .map_err(|e| AppError::BadRequest(e.to_string()))?
                {
                    spool.write(&chunk)?;
                }
                file = Some((name, spool));
            }
            Some("event") => {
                let text = field
                    .text()
                    .await
                    .map_err(|e| AppError::BadRequest(e.to_string()))?;
                event = text.trim().parse().ok();
            }
            Some("period") => {
                let text = field
                    .text()
                    .await
                    .map_err(|e| AppError::BadRequest(e.to_string()))?;
                period = period_of(Some(&text))?;
            }
            _ => {}
        }
    }
    let (name, spool) = file
        .filter(|f| f.1.len > 0)
        .ok_or_else(|| AppError::invalid("file", "FIDE's TXT or XML rating list", "nothing"))?;
    let name = if name.is_empty() {
        "rating-list".to_string()
    } else {
        name
    };
    let n = load(&st, name, period, spool).await?;
    let to = match event {
        Some(id) => format!("/rating-list?loaded={n}&event={id}"),
        None => format!("/rating-list?loaded={n}"),
    };
    Ok(Redirect::to(&to).into_response())
}

#[derive(Debug, Deserialize)]
struct AddForm {
    fide_id: Option<Value>,
    /// The search to come back to.
    q: Option<String>,
}

async fn add_from_list(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    axum::Form(f): axum::Form<AddForm>,
) -> Result<Response, AppError> {
    let fide_id: u64 = crate::forms::required_number("fide_id", &f.fide_id, "a FIDE id")?;
    let store = st.store.clone();
    blocking(move || Ok(register(&store, &a.username, id, fide_id))).await??;
    let q: String = form_urlencoded::byte_serialize(f.q.unwrap_or_default().as_bytes()).collect();
    Ok(Redirect::to(&format!("/events/{id}/players?q={q}#fide-search")).into_response())
}

// ---------------------------------------------------------------------------------------------
// JSON API

fn entry_json(e: &FideEntry) -> Value {
    let mut v = json!(e.player);
    v["inactive"] = json!(e.inactive);
    v
}

#[derive(Debug, Deserialize)]
struct UploadQuery {
    name: Option<String>,
    /// The list's rating period, `YYYY-MM`.
    period: Option<String>,
}

async fn api_upload(
    State(st): State<AppState>,
    _a: Arbiter,
    Query(q): Query<UploadQuery>,
    body: axum::body::Body,
) -> Result<Response, AppError> {
    use futures_util::StreamExt;
    let period = period_of(q.period.as_deref())?;
    let mut spool = Spool::new()?;
    let mut stream = body.into_data_stream();
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(|_| AppError::BadRequest("request body cut short".into()))?;
        spool.write(&chunk)?;
    }
    if spool.len == 0 {
        return Err(AppError::invalid(
            "body",
            "FIDE's TXT or XML rating list",
            "nothing",
        ));
    }
    let name = q
        .name
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| "rating-list".into());
    let n = load(&st, name, period, spool).await?;
    Ok(Json(json!({
        "loaded": n,
        "source": st.store.rating_list_source()?,
        "periods": st.store.rating_list_periods()?,
    }))
    .into_response())
}

#[derive(Debug, Deserialize)]
struct SearchQuery {
    q: Option<String>,
}

async fn api_search(
    State(st): State<AppState>,
    _a: Arbiter,
    Query(q): Query<SearchQuery>,
) -> Result<Response, AppError> {
    let query = q.q.unwrap_or_default();
    let store = st.store.clone();
    let (source, found) = blocking(move || {
        let found = if query.trim().is_empty() {
            Vec::new()
        } else {
            store.search_rating_list(&query)?
        };
        Ok((store.rating_list_source()?, found))
    })
    .await?;
    let players: Vec<Value> = found.iter().take(MAX_RESULTS).map(entry_json).collect();
    Ok(Json(json!({
        "source": source,
        "players": players,
        "more": found.len() >= MAX_RESULTS,
    }))
    .into_response())
}

#[derive(Debug, Deserialize)]
struct AddBody {
    fide_id: Option<Value>,
}

async fn api_add_from_list(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    bytes: Bytes,
) -> Result<Response, AppError> {
    let b: AddBody = serde_json::from_slice(&bytes)
        .map_err(|e| AppError::BadRequest(format!("JSON body: {e}")))?;
    let fide_id: u64 = crate::forms::required_number("fide_id", &b.fide_id, "a FIDE id")?;
    let store = st.store.clone();
    let key = blocking(move || Ok(register(&store, &a.username, id, fide_id))).await??;
    Ok(Json(st.store.player(id, key)?).into_response())
}
