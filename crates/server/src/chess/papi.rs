//! The FFE's Papi files: a new event imported from one (players and every round, all or
//! nothing), and an event's Papi file for the FFE's homologation (individual events).

use askama::Template;
use axum::body::Bytes;
use axum::extract::{Multipart, Path, Query, State};
use serde::Deserialize;
use store::EventId;
use tournament::papi::PapiError;

use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::{Guard, Own, Routes};
use crate::json::{ok, ApiResult};
use crate::page::{attachment, blocking, html, see, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .get("/events/import-papi", import_page)
        .post("/events/import-papi", Guard::Own(Own::Create), import)
        .get("/events/{id}/export.papi", export)
}

/// The JSON API's mirror (under `/api`): the file as the request's body, the new event back.
pub fn api_routes() -> Routes {
    Routes::new()
        .post("/events/papi", Guard::Own(Own::Create), api_import)
        .get("/events/{id}/export.papi", export)
}

async fn api_import(State(st): State<AppState>, a: Arbiter, bytes: Bytes) -> ApiResult {
    let store = st.store.clone();
    let event = blocking(move || {
        let file = store::chess::papi::event_from_papi(&bytes)?;
        let id = store.create_event_from_papi(&a.username, &file)?;
        store.event(id)
    })
    .await?;
    ok(event)
}

#[derive(Template)]
#[template(path = "papi_import.html")]
struct ImportPage {
    c: Ctx,
}

async fn import_page(c: Ctx, _a: Arbiter) -> Page {
    html(&ImportPage { c })
}

/// A refused Papi file in the visitor's language: what is wrong and where in words; the
/// reader's own detail (English, technical) stands inside that sentence where there is one.
fn refusal(c: &Ctx, e: &PapiError) -> AppError {
    let tr = &c.tr;
    let text = match e {
        PapiError::Database(jet::JetError::NotJet(_)) => tr.t("papi-err-not-access"),
        PapiError::Database(jet::JetError::UnsupportedVersion(_)) => tr.t("papi-err-version"),
        // The reader's detail stays technical; the sentence around it is the visitor's.
        PapiError::Database(jet::JetError::Truncated { what, page, pages }) => tr.targs(
            "papi-err-truncated",
            &[
                ("what", what.clone().into()),
                ("page", (*page as i64).into()),
                ("pages", (*pages as i64).into()),
            ],
        ),
        PapiError::Database(jet::JetError::Corrupt { page, what }) => tr.targs(
            "papi-err-corrupt",
            &[
                ("page", (*page as i64).into()),
                ("detail", what.clone().into()),
            ],
        ),
        PapiError::Database(jet::JetError::BadValue {
            table,
            row,
            column,
            what,
        }) => tr.targs(
            "papi-err-value",
            &[
                ("table", table.clone().into()),
                ("row", (*row as i64).into()),
                ("column", column.clone().into()),
                ("detail", what.clone().into()),
            ],
        ),
        PapiError::Database(d) => tr.targs("papi-err-damaged", &[("detail", d.to_string().into())]),
        PapiError::NotPapi(d) => tr.targs("papi-err-not-papi", &[("detail", d.clone().into())]),
        PapiError::Rounds { found } => {
            tr.targs("papi-err-rounds", &[("found", found.clone().into())])
        }
        PapiError::MissingOpponent {
            reference,
            name,
            column,
            opponent,
        } => tr.targs(
            "papi-err-opponent",
            &[
                ("reference", (*reference).into()),
                ("name", name.clone().into()),
                ("column", column.clone().into()),
                ("opponent", (*opponent).into()),
            ],
        ),
        PapiError::Player {
            reference,
            name,
            column,
            what,
        } => tr.targs(
            "papi-err-player",
            &[
                ("reference", (*reference).into()),
                ("name", name.clone().into()),
                ("column", column.clone().into()),
                ("detail", what.clone().into()),
            ],
        ),
        PapiError::Setting {
            name,
            expected,
            found,
        } => tr.targs(
            "papi-err-setting",
            &[
                ("name", name.clone().into()),
                ("expected", expected.clone().into()),
                ("found", found.clone().into()),
            ],
        ),
        PapiError::Unsupported(d) => {
            tr.targs("papi-err-unsupported", &[("detail", d.clone().into())])
        }
    };
    AppError::invalid("papi_file", store::chess::papi::PAPI_EXPECTED, text)
}

/// A new event from the uploaded Papi file.
async fn import(State(st): State<AppState>, c: Ctx, a: Arbiter, form: Multipart) -> Page {
    let bytes = crate::forms::uploaded_file(
        form,
        "papi_file",
        store::chess::papi::PAPI_EXPECTED,
        c.t("import-err-no-file"),
    )
    .await?;
    // The file's own problems, said in the visitor's language before the store reads it.
    tournament::papi::read(&bytes)
        .and_then(|f| f.to_tournament())
        .map_err(|e| refusal(&c, &e))?;
    let store = st.store.clone();
    let id = blocking(move || {
        let event = store::chess::papi::event_from_papi(&bytes)?;
        store.create_event_from_papi(&a.username, &event)
    })
    .await?;
    see(format!("/events/{id}"))
}

#[derive(Debug, Deserialize)]
struct ExportQuery {
    homologation: Option<String>,
}

/// The event's Papi file, named after its homologation number when it has one.
async fn export(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<ExportQuery>,
) -> Page {
    let homologation: String = q
        .homologation
        .unwrap_or_default()
        .trim()
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    let store = st.store.clone();
    let h = homologation.clone();
    let bytes = blocking(move || store.export_papi(id, &h)).await?;
    let name = if homologation.is_empty() {
        format!("event-{id}.papi")
    } else {
        format!("{homologation}.papi")
    };
    Ok(attachment("application/x-msaccess", &name, bytes))
}
