//! Swiss-Manager's tournament files (`.TUNX`): a new event imported from one (players and
//! every round, all or nothing), its warnings shown on the event's page after the import.

use askama::Template;
use axum::body::Bytes;
use axum::extract::{Multipart, State};
use tournament::swiss_manager::{TunxError, TunxErrorKind};

use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::{Guard, Own, Routes};
use crate::json::{ok, ApiResult};
use crate::page::{blocking, html, see, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new().get("/events/import-tunx", import_page).post(
        "/events/import-tunx",
        Guard::Own(Own::Create),
        import,
    )
}

/// The JSON API's mirror (under `/api`): the file as the request's body, the new event back
/// with what the import left out (`import`: `warnings`, `tiebreaks_left_out`).
pub fn api_routes() -> Routes {
    Routes::new().post("/events/tunx", Guard::Own(Own::Create), api_import)
}

async fn api_import(State(st): State<AppState>, a: Arbiter, bytes: Bytes) -> ApiResult {
    let store = st.store.clone();
    let (event, file) = blocking(move || {
        let file = store::chess::swiss_manager::event_from_tunx(&bytes)?;
        let id = store.create_event_from_tunx(&a.username, &file)?;
        Ok((store.event(id)?, file))
    })
    .await?;
    let mut body = serde_json::to_value(&event).map_err(|e| AppError::Internal(e.to_string()))?;
    body["import"] = serde_json::json!({
        "warnings": file.warnings,
        "tiebreaks_left_out": file.tiebreaks_left_out,
    });
    ok(body)
}

#[derive(Template)]
#[template(path = "tunx_import.html")]
struct ImportPage {
    c: Ctx,
}

async fn import_page(c: Ctx, _a: Arbiter) -> Page {
    html(&ImportPage { c })
}

/// A refused Swiss-Manager file in the visitor's language: what kind of problem in words, then
/// the reader's place in the file (the byte), what it expected there and what it found.
fn refusal(c: &Ctx, e: &TunxError) -> AppError {
    let key = match e.kind {
        TunxErrorKind::NotTunx => "tunx-err-not-tunx",
        TunxErrorKind::TeamEvent => "tunx-err-team",
        TunxErrorKind::Truncated => "tunx-err-truncated",
        _ => "tunx-err-at",
    };
    let text = c.tr.targs(
        key,
        &[
            ("offset", e.offset.to_string().into()),
            ("expected", e.expected.clone().into()),
            ("found", e.found.clone().into()),
        ],
    );
    AppError::invalid(
        "tunx_file",
        store::chess::swiss_manager::TUNX_EXPECTED,
        text,
    )
}

/// A new event from the uploaded Swiss-Manager file; its page then shows what the file holds
/// that the event does not take.
async fn import(State(st): State<AppState>, c: Ctx, a: Arbiter, form: Multipart) -> Page {
    let bytes = crate::forms::uploaded_file(
        form,
        "tunx_file",
        store::chess::swiss_manager::TUNX_EXPECTED,
        c.t("import-err-no-file"),
    )
    .await?;
    // The file's own problems, said in the visitor's language before the store reads it.
    let file = tournament::swiss_manager::read(&bytes).map_err(|e| refusal(&c, &e))?;
    let store = st.store.clone();
    let (id, notes) = blocking(move || {
        let event = store::chess::swiss_manager::event_from_file(&file)?;
        let id = store.create_event_from_tunx(&a.username, &event)?;
        let notes = !event.warnings.is_empty() || !event.tiebreaks_left_out.is_empty();
        Ok((id, notes))
    })
    .await?;
    if notes {
        see(format!("/events/{id}?imported=1"))
    } else {
        see(format!("/events/{id}"))
    }
}
