//! The whole database downloaded as one file, and put back from one: the page and the JSON API.

use askama::Template;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Multipart, Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;

use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::json::{done, ApiResult};
use crate::limit::MAX_BODY;
use crate::page::{attachment, blocking, html, see, Page};
use crate::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/backup", get(backup_page))
        .route("/backup/download", get(backup_download))
        .route(
            "/backup/restore",
            post(restore).layer(DefaultBodyLimit::max(MAX_BODY)),
        )
}

/// The JSON API's routes (nested under `/api`).
pub fn api_routes() -> Router<AppState> {
    Router::new().route("/backup", get(api_backup)).route(
        "/restore",
        post(api_restore).layer(DefaultBodyLimit::max(MAX_BODY)),
    )
}

#[derive(Template)]
#[template(path = "backup.html")]
struct BackupPage {
    c: Ctx,
    account_created: bool,
}

#[derive(Debug, Deserialize)]
struct BackupQuery {
    account: Option<String>,
}

async fn backup_page(c: Ctx, _a: Arbiter, Query(q): Query<BackupQuery>) -> Page {
    html(&BackupPage {
        c,
        account_created: q.account.is_some(),
    })
}

/// A temporary file beside the database (same disk, removed after use).
pub(crate) fn temp_beside(st: &AppState, what: &str) -> std::path::PathBuf {
    let name = st
        .db_path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| "arbiter.db".into());
    let token = store::auth::random_token();
    st.db_path
        .with_file_name(format!(".{name}.{what}-{}.tmp", &token[..16]))
}

pub(crate) async fn backup_bytes(st: &AppState) -> Result<Vec<u8>, AppError> {
    let path = temp_beside(st, "backup");
    let store = st.store.clone();
    let p = path.clone();
    let result = blocking(move || store.backup_to(&p)).await;
    let bytes = result.and_then(|()| {
        std::fs::read(&path).map_err(|e| AppError::Internal(format!("backup: {e}")))
    });
    let _ = std::fs::remove_file(&path);
    bytes
}

async fn backup_download(State(st): State<AppState>, _a: Arbiter) -> Page {
    let bytes = backup_bytes(&st).await?;
    Ok(attachment(
        "application/vnd.sqlite3",
        "arbiter-backup.db",
        bytes,
    ))
}

pub(crate) async fn restore_bytes(st: &AppState, bytes: Vec<u8>) -> Result<(), AppError> {
    let path = temp_beside(st, "restore");
    std::fs::write(&path, &bytes).map_err(|e| AppError::Internal(format!("restore: {e}")))?;
    let store = st.store.clone();
    let p = path.clone();
    let result = blocking(move || store.restore_from(&p)).await;
    // Versions start again from the restored log: forget the pages of the old one.
    st.public_pages
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .clear();
    let _ = std::fs::remove_file(&path);
    result
}

async fn restore(State(st): State<AppState>, _a: Arbiter, mut form: Multipart) -> Page {
    let mut bytes = None;
    while let Some(field) = form
        .next_field()
        .await
        .map_err(|e| AppError::BadRequest(e.to_string()))?
    {
        if field.name() == Some("file") {
            bytes = Some(
                field
                    .bytes()
                    .await
                    .map_err(|e| AppError::BadRequest(e.to_string()))?
                    .to_vec(),
            );
        }
    }
    let bytes = bytes
        .filter(|b| !b.is_empty())
        .ok_or_else(|| AppError::invalid("file", "an arbiter database file", "nothing"))?;
    restore_bytes(&st, bytes).await?;
    see("/")
}

async fn api_backup(State(st): State<AppState>, _a: Arbiter) -> ApiResult {
    let bytes = backup_bytes(&st).await?;
    Ok(([(header::CONTENT_TYPE, "application/vnd.sqlite3")], bytes).into_response())
}

async fn api_restore(State(st): State<AppState>, _a: Arbiter, bytes: Bytes) -> ApiResult {
    if bytes.is_empty() {
        return Err(AppError::invalid(
            "body",
            "an arbiter database file",
            "nothing",
        ));
    }
    restore_bytes(&st, bytes.to_vec()).await?;
    done()
}
