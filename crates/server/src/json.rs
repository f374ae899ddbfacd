//! The JSON API's answers: a body read as JSON, a value or `{"ok": true}` written back.

use axum::body::Bytes;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::json;

use crate::error::AppError;

pub(crate) type ApiResult = Result<Response, AppError>;

pub(crate) fn body<T: DeserializeOwned>(bytes: &Bytes) -> Result<T, AppError> {
    let text = if bytes.iter().all(u8::is_ascii_whitespace) {
        &b"{}"[..]
    } else {
        &bytes[..]
    };
    serde_json::from_slice(text).map_err(|e| AppError::Malformed {
        part: "json",
        detail: format!("JSON body: {e}"),
    })
}

/// A body holding one `T` or a list of them (`{…}` or `[{…}, …]`). Read as the shape its first
/// character says, so that a wrong field is named with its line and column (an untagged enum
/// would only say that neither shape fits).
pub(crate) fn one_or_many<T: DeserializeOwned>(bytes: &Bytes) -> Result<Vec<T>, AppError> {
    match bytes.iter().find(|b| !b.is_ascii_whitespace()) {
        Some(b'[') => body(bytes),
        _ => body(bytes).map(|one| vec![one]),
    }
}

pub(crate) fn ok(v: impl Serialize) -> ApiResult {
    Ok(Json(v).into_response())
}

pub(crate) fn done() -> ApiResult {
    ok(json!({ "ok": true }))
}
