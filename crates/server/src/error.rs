//! Every error becomes a status here, and only here: a handler returns an [`AppError`]; its
//! `IntoResponse` resolves it to a [`Failure`] (status, stable code, message key), which the
//! context middleware renders in the request's language, as a page or as JSON.
//!
//! | error | status |
//! |---|---|
//! | `store::Error::NotFound`, unknown route | 404 |
//! | `store::Error::Refused` | 409 (`login`: 401), with the translated reason |
//! | `store::Error::TooManyAttempts` | 429 `refused`/`rate_limited`, with `Retry-After` |
//! | `store::Error::Invalid` | 422, naming the field, what was expected and what was found |
//! | `store::Error::Restore` | 422 `invalid` on the field `file`, `reason` saying why |
//! | a malformed URL, form, JSON or multipart body (the framework's rejections too) | 400 `bad_request` |
//! | a body beyond the route's limit | 413 `too_large` |
//! | too many password checks waiting | 503 `busy`, with `Retry-After` |
//! | the disk is full (`SQLITE_FULL`, `ENOSPC`) | 507 `disk_full` |
//! | `store::Error::Conflict`, [`AppError::Conflict`] | 409 `conflict`: someone else changed what the form edits since its page was built (both values, the current version) |
//! | [`AppError::Stale`] | 409 `conflict` (`reason` `stale`): a form that replaces its page as a whole, sent after someone else changed its scope (who, when, what; the current version) |
//! | [`AppError::VersionRequired`] | 428 `version_required`: a state-changing request without its page's version (the current one in `ETag`) |
//! | no valid pairing | 409 |
//! | missing or wrong CSRF token | 403 |
//! | not logged in | redirect to `/login` (pages), 401 (API) |
//! | anything else | 500, a log line on stderr, no internals in the page |

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use store::Refusal;

/// What a handler can fail with.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error(transparent)]
    Store(#[from] store::Error),
    #[error("not found")]
    NotFound,
    #[error("login required")]
    LoginRequired,
    #[error("missing or wrong CSRF token")]
    Csrf,
    /// A part of the request that cannot be read: `url` (path or query), `form`, `json`,
    /// `multipart`, `body` (cut short or too slow), `method`; the detail in English.
    #[error("malformed {part}: {detail}")]
    Malformed { part: &'static str, detail: String },
    /// A body beyond the route's limit (bytes).
    #[error("request body over {limit} bytes")]
    TooLarge { limit: usize },
    /// Too much expensive work waiting (password checks): try again after `retry_after` seconds.
    #[error("busy")]
    Busy { retry_after: u64 },
    /// No room left on the disk.
    #[error("disk full: {0}")]
    DiskFull(String),
    /// A malformed request: which field, what was expected, what was found.
    #[error("{field}: expected {expected}, found {found}")]
    Invalid {
        field: String,
        expected: String,
        found: String,
    },
    #[error("bad request: {0}")]
    BadRequest(String),
    /// Values of a form someone else changed first: left as stored, while `written` others
    /// were written (a grid of results, a check-in list).
    #[error("{} value(s) changed meanwhile by someone else", changed.len())]
    Conflict {
        version: store::Version,
        changed: Vec<store::Changed>,
        written: usize,
    },
    /// A state-changing request without the version its page was built from (`guard`).
    #[error("no version: send the version the page was built from")]
    VersionRequired { version: store::Version },
    /// A form that replaces what its page showed, sent after others changed it (`guard`):
    /// nothing written; `reload` is the page to load again.
    #[error("changed meanwhile by someone else")]
    Stale {
        version: store::Version,
        changes: Vec<store::Change>,
        reload: Option<String>,
    },
    #[error("internal: {0}")]
    Internal(String),
}

impl AppError {
    pub fn invalid(
        field: impl Into<String>,
        expected: impl Into<String>,
        found: impl Into<String>,
    ) -> AppError {
        AppError::Invalid {
            field: field.into(),
            expected: expected.into(),
            found: found.into(),
        }
    }
}

impl From<askama::Error> for AppError {
    fn from(e: askama::Error) -> Self {
        AppError::Internal(format!("template: {e}"))
    }
}

/// An error resolved to what the visitor is told.
#[derive(Debug, Clone)]
pub struct Failure {
    pub status: StatusCode,
    /// Stable code for the API: `not_found`, `refused`, `invalid`, `csrf`, `login_required`,
    /// `rate_limited`, `bad_request`, `no_pairing`, `internal`.
    pub code: &'static str,
    /// For `refused`: the store's reason (`missing_results`, `round_closed`, …).
    pub reason: Option<String>,
    /// The English detail (the store's own message); never internals.
    pub detail: String,
    pub field: Option<(String, String, String)>,
    /// Values for the translated message (a refused restore's version numbers).
    pub args: Vec<(&'static str, String)>,
    /// Seconds to wait before trying again (`Retry-After`).
    pub retry_after: Option<u64>,
    /// For `conflict`: what someone else changed first.
    pub conflict: Option<Conflict>,
}

/// The values of a form someone else changed first ([`store::edits`]).
#[derive(Debug, Clone)]
pub struct Conflict {
    /// The current version: a page built again at it may write.
    pub version: store::Version,
    pub changed: Vec<store::Changed>,
    /// The form's other values, written.
    pub written: usize,
    /// The page to load again to see the current values (the form's page).
    pub reload: Option<String>,
}

impl Failure {
    fn plain(status: StatusCode, code: &'static str, detail: String) -> Failure {
        Failure {
            status,
            code,
            reason: None,
            detail,
            field: None,
            args: Vec::new(),
            retry_after: None,
            conflict: None,
        }
    }

    /// What a framework rejection (a plain-text 4xx body of axum's) becomes: a malformed part,
    /// a body too large, or a method the route does not take.
    pub fn from_rejection(status: StatusCode, text: &str) -> Failure {
        let lower = text.to_ascii_lowercase();
        if status == StatusCode::METHOD_NOT_ALLOWED {
            return Failure::plain(status, "method_not_allowed", "method not allowed".into());
        }
        if status == StatusCode::PAYLOAD_TOO_LARGE
            || lower.contains("length limit")
            || lower.contains("request body over")
        {
            return Failure::plain(StatusCode::PAYLOAD_TOO_LARGE, "too_large", text.to_string());
        }
        let part = if lower.starts_with("invalid url") || lower.contains("query string") {
            "url"
        } else if lower.contains("multipart") {
            "multipart"
        } else if lower.contains("json") {
            "json"
        } else if lower.contains("form") {
            "form"
        } else {
            "body"
        };
        AppError::Malformed {
            part,
            detail: text.to_string(),
        }
        .into_response_failure()
    }
}

fn refusal_code(r: Refusal) -> String {
    serde_json::to_value(r)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_else(|| "refused".into())
}

impl AppError {
    pub(crate) fn into_response_failure(self) -> Failure {
        let plain = Failure::plain;
        match self {
            AppError::Store(e) if e.is_disk_full() => {
                crate::log::error(format_args!("disk full: {e}"));
                plain(
                    StatusCode::INSUFFICIENT_STORAGE,
                    "disk_full",
                    "disk full".into(),
                )
            }
            AppError::DiskFull(what) => {
                crate::log::error(format_args!("disk full: {what}"));
                plain(
                    StatusCode::INSUFFICIENT_STORAGE,
                    "disk_full",
                    "disk full".into(),
                )
            }
            AppError::Store(store::Error::TooManyAttempts { retry_after_ms }) => Failure {
                reason: Some("rate_limited".into()),
                retry_after: Some(retry_after_ms.div_ceil(1000).max(1)),
                ..plain(
                    StatusCode::TOO_MANY_REQUESTS,
                    "refused",
                    "too many failed attempts: wait and try again".into(),
                )
            },
            AppError::Store(store::Error::Restore(r)) => Failure {
                reason: Some(r.code().into()),
                field: Some((
                    "file".into(),
                    "an arbiter backup this version can restore".into(),
                    r.to_string(),
                )),
                args: r.values(),
                ..plain(StatusCode::UNPROCESSABLE_ENTITY, "invalid", r.to_string())
            },
            AppError::Malformed { part, detail } => Failure {
                reason: Some(part.into()),
                ..plain(StatusCode::BAD_REQUEST, "bad_request", detail)
            },
            AppError::TooLarge { limit } => plain(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too_large",
                format!("request body over {limit} bytes"),
            ),
            AppError::Busy { retry_after } => Failure {
                retry_after: Some(retry_after),
                ..plain(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "busy",
                    "the server is busy: try again in a few seconds".into(),
                )
            },
            AppError::Store(store::Error::NotFound(what)) => plain(
                StatusCode::NOT_FOUND,
                "not_found",
                format!("{what} not found"),
            ),
            AppError::NotFound => plain(StatusCode::NOT_FOUND, "not_found", "not found".into()),
            AppError::Store(store::Error::Refused { reason, message }) => Failure {
                status: match reason {
                    Refusal::Login => StatusCode::UNAUTHORIZED,
                    Refusal::RateLimited => StatusCode::TOO_MANY_REQUESTS,
                    _ => StatusCode::CONFLICT,
                },
                code: "refused",
                reason: Some(refusal_code(reason)),
                detail: message,
                field: None,
                args: Vec::new(),
                retry_after: None,
                conflict: None,
            },
            AppError::Store(store::Error::Conflict { version, changed }) => AppError::Conflict {
                version,
                changed,
                written: 0,
            }
            .into_response_failure(),
            AppError::Conflict {
                version,
                changed,
                written,
            } => Failure {
                status: StatusCode::CONFLICT,
                code: "conflict",
                reason: None,
                detail: format!(
                    "{} value(s) changed meanwhile by someone else: left as stored",
                    changed.len()
                ),
                field: None,
                args: Vec::new(),
                retry_after: None,
                conflict: Some(Conflict {
                    version,
                    changed,
                    written,
                    reload: None,
                }),
            },
            AppError::Stale {
                version,
                changes,
                reload,
            } => Failure {
                status: StatusCode::CONFLICT,
                code: "conflict",
                reason: Some("stale".into()),
                detail: format!(
                    "{} change(s) by someone else since the page was built: nothing written",
                    changes.len()
                ),
                field: None,
                args: Vec::new(),
                retry_after: None,
                conflict: Some(Conflict {
                    version,
                    changed: vec![store::Changed::Since { changes }],
                    written: 0,
                    reload,
                }),
            },
            AppError::VersionRequired { version } => Failure {
                conflict: Some(Conflict {
                    version,
                    changed: Vec::new(),
                    written: 0,
                    reload: None,
                }),
                ..plain(
                    StatusCode::PRECONDITION_REQUIRED,
                    "version_required",
                    "send the version the page was built from: the form's version field, or If-Match".into(),
                )
            },
            AppError::Store(store::Error::Invalid {
                field,
                expected,
                found,
            })
            | AppError::Invalid {
                field,
                expected,
                found,
            } => Failure {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                code: "invalid",
                reason: None,
                detail: format!("{field}: expected {expected}, found {found}"),
                field: Some((field, expected, found)),
                args: Vec::new(),
                retry_after: None,
                conflict: None,
            },
            AppError::Store(store::Error::Tiebreak(message)) => Failure {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                code: "invalid",
                reason: None,
                detail: format!("tiebreaks: {message}"),
                field: Some((
                    "tiebreaks".into(),
                    "a tie-break list such as BH/C1,BH,SB".into(),
                    message,
                )),
                args: Vec::new(),
                retry_after: None,
                conflict: None,
            },
            AppError::Store(store::Error::Pairing(e)) => {
                plain(StatusCode::CONFLICT, "no_pairing", e.to_string())
            }
            AppError::LoginRequired => plain(
                StatusCode::UNAUTHORIZED,
                "login_required",
                "log in first".into(),
            ),
            AppError::Csrf => plain(
                StatusCode::FORBIDDEN,
                "csrf",
                "missing or wrong CSRF token".into(),
            ),
            AppError::BadRequest(message) => plain(StatusCode::BAD_REQUEST, "bad_request", message),
            e @ (AppError::Store(_) | AppError::Internal(_)) => {
                crate::log::error(format_args!("internal error: {e}"));
                plain(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal",
                    "internal error".into(),
                )
            }
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let failure = self.into_response_failure();
        let mut response = failure.status.into_response();
        response.extensions_mut().insert(failure);
        response
    }
}
