//! The inputs of the forms and of the JSON API (same field names), read into the store's types
//! with an [`AppError::Invalid`] naming the field when a value is wrong.
//!
//! Number fields take a JSON number or a string (an HTML form sends strings); an empty string
//! is "not given". Checkboxes: a form sends the field when ticked; JSON sends `true`/`false`.

use serde_json::Value;
use tournament::Points;

use crate::error::AppError;

pub(crate) fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.trim().to_string(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// An optional number field.
pub(crate) fn number<T: std::str::FromStr>(
    field: &str,
    v: &Option<Value>,
    expected: &str,
) -> Result<Option<T>, AppError> {
    let Some(v) = v else { return Ok(None) };
    let t = text(v);
    if t.is_empty() {
        return Ok(None);
    }
    t.parse()
        .map(Some)
        .map_err(|_| AppError::invalid(field, expected, format!("{t:?}")))
}

/// A required number field.
pub(crate) fn required_number<T: std::str::FromStr>(
    field: &str,
    v: &Option<Value>,
    expected: &str,
) -> Result<T, AppError> {
    number(field, v, expected)?.ok_or_else(|| AppError::invalid(field, expected, "nothing"))
}

/// A checkbox or boolean: ticked (`on`, `true`, `1`, `yes`) or not.
pub(crate) fn flag(v: &Option<Value>) -> Option<bool> {
    v.as_ref().map(|v| match v {
        Value::Bool(b) => *b,
        other => matches!(
            text(other).to_ascii_lowercase().as_str(),
            "on" | "true" | "1" | "yes"
        ),
    })
}

pub(crate) fn points(field: &str, v: &Option<Value>, default: Points) -> Result<Points, AppError> {
    let Some(v) = v else { return Ok(default) };
    let t = text(v).replace(',', ".");
    if t.is_empty() {
        return Ok(default);
    }
    t.parse::<Points>().map_err(|_| {
        AppError::invalid(
            field,
            "a number of points such as 1, 0.5 or 3",
            format!("{t:?}"),
        )
    })
}

/// Free text through the store's one constructor ([`store::text::Text::parse`]): a wrong
/// value names its field.
pub(crate) fn free_text<const MAX: usize>(
    field: &str,
    s: &str,
) -> Result<store::text::Text<MAX>, AppError> {
    store::text::Text::parse(s)
        .map_err(|e| AppError::invalid(field, store::text::expected(MAX), e.to_string()))
}

/// A federation licence number (letters and digits) or nothing.
pub(crate) fn licence(field: &str, s: &str) -> Result<store::Licence, AppError> {
    store::Licence::parse(s).ok_or_else(|| {
        AppError::invalid(field, store::Licence::EXPECTED, format!("{:?}", s.trim()))
    })
}

pub(crate) fn date(field: &str, s: &str) -> Result<String, AppError> {
    let s = s.trim();
    let ok = s.is_empty()
        || (s.len() == 10
            && s.bytes().enumerate().all(|(i, b)| {
                if i == 4 || i == 7 {
                    b == b'-'
                } else {
                    b.is_ascii_digit()
                }
            }));
    if ok {
        Ok(s.to_string())
    } else {
        Err(AppError::invalid(
            field,
            "a date YYYY-MM-DD",
            format!("{s:?}"),
        ))
    }
}

/// A file's refused cell as a wrong value, `what` naming the file as the form or the API does
/// (`file`, `data`): the field is the cell's place and, when the store knows it, the player
/// field it was for, whose own message the page shows (error_page).
pub(crate) fn file_error(what: &str, e: store::import::ImportError) -> AppError {
    AppError::invalid(e.field(what), e.expected, e.found)
}

/// The bytes of the upload form's `file` field: a file the visitor gave (a missing or empty one
/// is refused as `field`, expecting `expected`, in the visitor's words `none`).
pub(crate) async fn uploaded_file(
    mut form: axum::extract::Multipart,
    field: &str,
    expected: &str,
    none: String,
) -> Result<Vec<u8>, AppError> {
    let mut bytes: Option<Vec<u8>> = None;
    while let Some(part) = form
        .next_field()
        .await
        .map_err(|e| AppError::BadRequest(e.to_string()))?
    {
        if part.name() == Some("file") {
            let data = part
                .bytes()
                .await
                .map_err(|e| AppError::BadRequest(e.to_string()))?;
            bytes = Some(data.to_vec());
        }
    }
    bytes
        .filter(|b| !b.is_empty())
        .ok_or_else(|| AppError::invalid(field, expected, none))
}
