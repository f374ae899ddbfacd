//! What every page handler shares: rendering a template, redirecting, running a store call off
//! the async threads, file downloads; the stylesheet, the script and the language switch.

use askama::Template;
use axum::extract::{Path, Query};
use axum::http::{header, HeaderMap};
use axum::response::{Html, IntoResponse, Redirect, Response};
use serde::Deserialize;

use crate::ctx::{set_cookie, LANG_COOKIE};
use crate::error::AppError;
use crate::guard::Routes;
use crate::i18n::Lang;

pub fn routes() -> Routes {
    Routes::new()
        .get("/static/style.css", style)
        .get("/static/app.js", script)
        .get("/lang/{lang}", switch_lang)
}

pub(crate) type Page = Result<Response, AppError>;

pub(crate) fn html(t: &impl Template) -> Page {
    Ok(([(header::CACHE_CONTROL, "no-store")], Html(t.render()?)).into_response())
}

pub(crate) fn see(to: impl AsRef<str>) -> Page {
    Ok(Redirect::to(to.as_ref()).into_response())
}

/// A page rendered once for many visitors (the public page a hall's phones reload), kept with
/// its gzip form: a 600-player page is about 270 KB of HTML and a tenth of that compressed, so
/// the phones on the hall's Wi-Fi take a tenth of the time, and the compression is paid once.
#[derive(Debug)]
pub struct Rendered {
    // Shared bytes: each answer takes a reference, not a copy of the page.
    html: axum::body::Bytes,
    gzip: axum::body::Bytes,
}

impl Rendered {
    pub(crate) fn new(html: String) -> Rendered {
        use std::io::Write;
        let mut encoder = flate2::write::GzEncoder::new(
            Vec::with_capacity(html.len() / 8),
            flate2::Compression::default(),
        );
        // Writing to a Vec cannot fail; were it to, the page goes uncompressed.
        let gzip = encoder
            .write_all(html.as_bytes())
            .and_then(|()| encoder.finish())
            .unwrap_or_default();
        Rendered {
            html: html.into(),
            gzip: gzip.into(),
        }
    }

    /// The page as this request accepts it: gzipped when its `Accept-Encoding` takes gzip.
    pub(crate) fn response(&self, request: &HeaderMap) -> Response {
        let headers = [
            (header::CACHE_CONTROL, "no-store"),
            (header::VARY, "Accept-Encoding"),
        ];
        if accepts_gzip(request) && !self.gzip.is_empty() {
            (
                headers,
                [
                    (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                    (header::CONTENT_ENCODING, "gzip"),
                ],
                self.gzip.clone(),
            )
                .into_response()
        } else {
            (headers, Html(self.html.clone())).into_response()
        }
    }
}

/// Whether `Accept-Encoding` takes gzip (`gzip` or `*`, with a weight other than zero).
pub(crate) fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|item| {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or("").trim();
            let refused = parts.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            (coding.eq_ignore_ascii_case("gzip") || coding == "*") && !refused
        })
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

/// A file to download (an export, a backup): never kept by a cache, since it changes with
/// every result.
pub(crate) fn attachment(
    content_type: &str,
    filename: &str,
    body: impl Into<axum::body::Body>,
) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{filename}\""),
            ),
            (header::CACHE_CONTROL, "no-store".to_string()),
        ],
        body.into(),
    )
        .into_response()
}
