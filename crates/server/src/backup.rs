//! The whole database downloaded as one file, and put back from one: the page and the JSON API.
//!
//! The download is streamed as it is made (the copy lives in memory, none on the database's
//! disk) and carries no login session. An upload to restore is written to a temporary file as it
//! arrives, then checked by the store before anything changes ([`store::backup`]). A restore
//! ends every session: the arbiter who restored stays logged in (a new session) when the backup
//! has their account, and is sent to the login page otherwise. A backup without any account
//! keeps the restoring arbiter's ([`store::Store::restore_by`]).

use askama::Template;
use axum::body::Body;
use axum::extract::{Multipart, Query, Request, State};
use axum::http::header;
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use serde_json::json;

use crate::ctx::{set_cookie, Arbiter, Ctx, SESSION_COOKIE};
use crate::error::AppError;
use crate::guard::{Guard, Own, Routes};
use crate::json::ApiResult;
use crate::limit::RESTORE_MAX_BODY;
use crate::page::{blocking, html, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .get("/backup", backup_page)
        .get("/backup/download", backup_download)
        .post_limited(
            "/backup/restore",
            Guard::Own(Own::Restore),
            RESTORE_MAX_BODY,
            restore,
        )
}

/// The JSON API's routes (nested under `/api`).
pub fn api_routes() -> Routes {
    Routes::new().get("/backup", api_backup).post_limited(
        "/restore",
        Guard::Own(Own::Restore),
        RESTORE_MAX_BODY,
        api_restore,
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

/// A writer handing what it is given to the response body, chunk by chunk; it waits while the
/// client reads slowly, and fails once the client has gone.
struct ToBody(tokio::sync::mpsc::Sender<Result<Vec<u8>, std::io::Error>>);

impl std::io::Write for ToBody {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .blocking_send(Ok(buf.to_vec()))
            .map_err(|_| std::io::Error::new(std::io::ErrorKind::BrokenPipe, "client gone"))?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The backup as a streamed body, made on a thread of its own (a slow download holds no
/// worker). A failure midway cuts the body short, which the client sees as an incomplete
/// download.
fn backup_body(st: &AppState) -> Body {
    let (tx, rx) = tokio::sync::mpsc::channel::<Result<Vec<u8>, std::io::Error>>(4);
    let store = st.store.clone();
    std::thread::spawn(move || {
        let mut out = ToBody(tx.clone());
        if let Err(e) = store.write_backup(&mut out) {
            crate::log::error(format_args!("backup download: {e}"));
            let _ = tx.blocking_send(Err(std::io::Error::other(e.to_string())));
        }
    });
    let stream = futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv().await.map(|chunk| (chunk, rx))
    });
    Body::from_stream(stream)
}

async fn backup_download(State(st): State<AppState>, _a: Arbiter) -> Page {
    Ok((
        [
            (header::CONTENT_TYPE, "application/vnd.sqlite3"),
            (
                header::CONTENT_DISPOSITION,
                "attachment; filename=\"arbiter-backup.db\"",
            ),
            (header::CACHE_CONTROL, "no-store"),
        ],
        backup_body(&st),
    )
        .into_response())
}

/// An upload written to a temporary file as it arrives.
struct Upload {
    file: tempfile::NamedTempFile,
    len: usize,
}

impl Upload {
    fn new() -> Result<Upload, AppError> {
        Ok(Upload {
            file: tempfile::NamedTempFile::new().map_err(io_failure)?,
            len: 0,
        })
    }

    fn write(&mut self, chunk: &[u8]) -> Result<(), AppError> {
        use std::io::Write;
        self.len += chunk.len();
        if self.len > RESTORE_MAX_BODY {
            return Err(AppError::TooLarge {
                limit: RESTORE_MAX_BODY,
            });
        }
        self.file.write_all(chunk).map_err(io_failure)
    }
}

/// A file-system failure: "disk full" when it is, else internal.
fn io_failure(e: std::io::Error) -> AppError {
    if e.kind() == std::io::ErrorKind::StorageFull {
        AppError::DiskFull(e.to_string())
    } else {
        AppError::Internal(format!("a temporary file for the upload: {e}"))
    }
}

/// Restores from an uploaded file; the new session of the arbiter who restored, if the backup
/// has their account.
async fn restore_upload(
    st: &AppState,
    user: String,
    upload: Upload,
) -> Result<Option<store::auth::LoginSession>, AppError> {
    if upload.len == 0 {
        return Err(AppError::invalid(
            "file",
            "an arbiter database file",
            "nothing",
        ));
    }
    let store = st.store.clone();
    let result = blocking(move || {
        store.restore_by(upload.file.path(), &user)?;
        store.session_for(&user)
    })
    .await;
    // Versions start again from the restored log: forget the pages of the old one.
    st.public_pages
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .clear();
    result
}

fn malformed(e: impl std::fmt::Display) -> AppError {
    AppError::Malformed {
        part: "multipart",
        detail: e.to_string(),
    }
}

async fn restore(State(st): State<AppState>, a: Arbiter, mut form: Multipart) -> Page {
    let mut upload = Upload::new()?;
    while let Some(mut field) = form.next_field().await.map_err(malformed)? {
        if field.name() == Some("file") {
            while let Some(chunk) = field.chunk().await.map_err(malformed)? {
                upload.write(&chunk)?;
            }
        }
    }
    let session = restore_upload(&st, a.username, upload).await?;
    let mut r = match &session {
        Some(_) => Redirect::to("/?restored=1").into_response(),
        None => Redirect::to("/login?restored=1").into_response(),
    };
    r.headers_mut()
        .append(header::SET_COOKIE, session_cookie(&session));
    Ok(r)
}

/// The cookie after a restore: the new session, or none.
fn session_cookie(session: &Option<store::auth::LoginSession>) -> header::HeaderValue {
    match session {
        Some(s) => set_cookie(
            SESSION_COOKIE,
            &s.token,
            Some(store::auth::SESSION_HOURS * 3600),
        ),
        None => set_cookie(SESSION_COOKIE, "", Some(0)),
    }
}

async fn api_backup(State(st): State<AppState>, _a: Arbiter) -> ApiResult {
    Ok((
        [(header::CONTENT_TYPE, "application/vnd.sqlite3")],
        backup_body(&st),
    )
        .into_response())
}

/// `POST /api/restore` with the file as the body: `{"ok": true, "session": {...} | null}`.
async fn api_restore(State(st): State<AppState>, a: Arbiter, req: Request) -> ApiResult {
    use futures_util::StreamExt;
    let mut upload = Upload::new()?;
    let mut body = req.into_body().into_data_stream();
    while let Some(chunk) = body.next().await {
        let chunk = chunk.map_err(|e| crate::limit::body_failure(&e))?;
        upload.write(&chunk)?;
    }
    let session = restore_upload(&st, a.username, upload).await?;
    let answer = json!({
        "ok": true,
        "session": session.as_ref().map(|s| json!({
            "username": s.username,
            "csrf": s.csrf,
            "expires_at": s.expires_at,
        })),
    });
    let mut r: Response = axum::Json(answer).into_response();
    r.headers_mut()
        .append(header::SET_COOKIE, session_cookie(&session));
    Ok(r)
}
