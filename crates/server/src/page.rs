//! What every page handler shares: rendering a template, redirecting, running a store call off
//! the async threads, file downloads; the stylesheet, the script and the language switch.

use askama::Template;
use axum::extract::{Path, Query};
use axum::http::header;
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use serde::Deserialize;

use crate::ctx::{set_cookie, LANG_COOKIE};
use crate::error::AppError;
use crate::i18n::Lang;
use crate::AppState;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/static/style.css", get(style))
        .route("/static/app.js", get(script))
        .route("/lang/{lang}", get(switch_lang))
}

pub(crate) type Page = Result<Response, AppError>;

pub(crate) fn html(t: &impl Template) -> Page {
    Ok(([(header::CACHE_CONTROL, "no-store")], Html(t.render()?)).into_response())
}

pub(crate) fn see(to: impl AsRef<str>) -> Page {
    Ok(Redirect::to(to.as_ref()).into_response())
}

/// Runs a store call that may take a while (hashing, pairing) off the async threads.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, store::Error> + Send + 'static,
) -> Result<T, AppError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| AppError::Internal(format!("task: {e}")))?
        .map_err(AppError::from)
}

pub(crate) async fn not_found() -> AppError {
    AppError::NotFound
}

async fn style() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "max-age=3600"),
        ],
        include_str!("../static/style.css"),
    )
        .into_response()
}

async fn script() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "max-age=3600"),
        ],
        include_str!("../static/app.js"),
    )
        .into_response()
}

#[derive(Debug, Deserialize)]
struct Back {
    back: Option<String>,
}

/// The language switch: a cookie for a year, then back to the page (only a path of ours).
async fn switch_lang(Path(lang): Path<String>, Query(q): Query<Back>) -> Page {
    let lang = Lang::parse(&lang).ok_or(AppError::NotFound)?;
    let back = q
        .back
        .as_deref()
        .and_then(crate::ctx::local_path)
        .unwrap_or_else(|| "/".into());
    let mut r = Redirect::to(&back).into_response();
    r.headers_mut().append(
        header::SET_COOKIE,
        set_cookie(LANG_COOKIE, lang.code(), Some(365 * 86_400)),
    );
    Ok(r)
}

pub(crate) fn attachment(content_type: &str, filename: &str, body: Vec<u8>) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{filename}\""),
            ),
        ],
        body,
    )
        .into_response()
}
