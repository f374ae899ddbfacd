//! Every error becomes a status here, and only here: a handler returns an [`AppError`]; its
//! `IntoResponse` resolves it to a [`Failure`] (status, stable code, message key), which the
//! context middleware renders in the request's language, as a page or as JSON.
//!
//! | error | status |
//! |---|---|
//! | `store::Error::NotFound`, unknown route | 404 |
//! | `store::Error::Refused` | 409 (`login`: 401, `rate_limited`: 429), with the translated reason |
//! | `store::Error::Invalid` | 422, naming the field, what was expected and what was found |
//! | `store::Error::Conflict`, [`AppError::Conflict`] | 409 `conflict`: someone else changed what the form edits since its page was built (both values, the current version) |
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
    #[error("too many wrong codes")]
    RateLimited,
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
}

fn refusal_code(r: Refusal) -> String {
    serde_json::to_value(r)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_else(|| "refused".into())
}

impl AppError {
    pub(crate) fn into_response_failure(self) -> Failure {
        let plain = |status, code: &'static str, detail: String| Failure {
            status,
            code,
            reason: None,
            detail,
            field: None,
            conflict: None,
        };
        match self {
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
                conflict: Some(Conflict {
                    version,
                    changed,
                    written,
                }),
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
            AppError::RateLimited => Failure {
                status: StatusCode::TOO_MANY_REQUESTS,
                code: "refused",
                reason: Some("rate_limited".into()),
                detail: "too many wrong codes: wait a few minutes".into(),
                field: None,
                conflict: None,
            },
            AppError::BadRequest(message) => plain(StatusCode::BAD_REQUEST, "bad_request", message),
            e @ (AppError::Store(_) | AppError::Internal(_)) => {
                eprintln!("arbiter: internal error: {e}");
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
