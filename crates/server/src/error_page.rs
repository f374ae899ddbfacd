//! A [`Failure`] said to the visitor in the request's language: the error page, or the JSON
//! body of the API, with the field named for a wrong value.

use askama::Template;
use axum::http::header;
use axum::response::{Html, IntoResponse, Redirect, Response};
use serde_json::json;

use crate::ctx::Ctx;
use crate::error::Failure;

/// A 429's words: what was counted (passwords, registrations or codes, by the page sent to)
/// and how long to wait.
fn rate_limited(ctx: &Ctx, f: &Failure) -> String {
    let key = if ctx.path.ends_with("/login") {
        "login-rate-limited"
    } else if ctx.path.contains("/register") {
        "register-rate-limited"
    } else {
        "code-rate-limited"
    };
    ctx.tr.t1(key, "seconds", f.retry_after.unwrap_or(1))
}

/// The visitor's message for a failure, in their language.
pub fn message(ctx: &Ctx, f: &Failure) -> String {
    let tr = &ctx.tr;
    let bridge = is_bridge_path(&ctx.path);
    match f.code {
        "refused" if f.reason.as_deref() == Some("rate_limited") => rate_limited(ctx, f),
        "refused" => {
            let reason = f.reason.as_deref().unwrap_or("");
            let translated = bridge
                .then(|| tr.lookup(&format!("bridge-refusal-{reason}"), &[]))
                .flatten()
                .or_else(|| {
                    is_captain_path(&ctx.path)
                        .then(|| tr.lookup(&format!("captain-refusal-{reason}"), &[]))
                        .flatten()
                })
                .unwrap_or_else(|| tr.t(&format!("refusal-{reason}")));
            if translated.starts_with("refusal-") {
                f.detail.clone()
            } else if ctx.tr.lang == crate::i18n::Lang::En && !f.detail.is_empty() {
                // The store's English message names the round or board: more precise.
                format!("{translated} ({})", f.detail)
            } else {
                translated
            }
        }
        "invalid" if !f.args.is_empty() || f.reason.is_some() => {
            // A refused restore: its own message, with the versions or the object it names.
            let key = format!("restore-refused-{}", f.reason.as_deref().unwrap_or(""));
            let args: Vec<(&str, crate::i18n::Arg)> = f
                .args
                .iter()
                .map(|(k, v)| match *k {
                    "kind" => (*k, tr.t(&format!("schema-kind-{v}")).into()),
                    // Versions are counts: a number chooses its plural form.
                    _ => match v.parse::<i64>() {
                        Ok(n) => (*k, n.into()),
                        Err(_) => (*k, v.clone().into()),
                    },
                })
                .collect();
            tr.lookup(&key, &args).unwrap_or_else(|| f.detail.clone())
        }
        "invalid" => match &f.field {
            Some((field, expected, found)) => invalid_text(tr, field, expected, found, bridge),
            None => f.detail.clone(),
        },
        "conflict" => match &f.conflict {
            Some(k) => crate::edits::describe_all(tr, &k.changed).join(" "),
            None => tr.t("conflict-intro"),
        },
        "version_required" => tr.t("error-version-required"),
        "not_found" => tr.t("error-not-found"),
        "csrf" => tr.t("error-csrf"),
        "login_required" => tr.t("error-login-required"),
        "no_pairing" => tr.t1("error-no-pairing", "detail", &f.detail),
        "bad_request" => match &f.reason {
            Some(part) => tr.t(&format!("error-malformed-{part}")),
            None => tr.t1("error-bad-request", "detail", &f.detail),
        },
        "too_large" => tr.t("error-too-large"),
        "method_not_allowed" => tr.t("error-method"),
        "busy" => tr.t("error-busy"),
        "disk_full" => tr.t("error-disk-full"),
        _ => tr.t("error-internal"),
    }
}

/// The bridge sessions' pages and API (`/bridge…`, `/t…`, `/public/bridge…`, `/api/bridge…`):
/// their refusals and wrong values are said with the `bridge-` messages first (a table's code,
/// a board's contract), the chess ones otherwise.
fn is_bridge_path(path: &str) -> bool {
    ["/bridge", "/t/", "/public/bridge/", "/api/bridge/"]
        .iter()
        .any(|p| path.starts_with(p))
        || path == "/t"
        || path.starts_with("/t?")
}

/// The team captain's phone (`/teams/captain…`): a captain's code opens a match, not a board, so
/// its refusals have their own `captain-` messages where the players' ones would mislead.
fn is_captain_path(path: &str) -> bool {
    path.starts_with("/teams/captain")
}

/// A wrong value said in the visitor's language: the catalogue's `invalid-FIELD` message when it
/// has one (the field's last part: an import names "player 2 (name): rating"; on the bridge pages
/// `bridge-invalid-FIELD` first), else the field, what was expected and what was found as the
/// store gave them.
fn invalid_text(
    tr: &crate::i18n::Tr,
    field: &str,
    expected: &str,
    found: &str,
    bridge: bool,
) -> String {
    let (prefix, base) = match field.rsplit_once(": ") {
        Some((p, b)) => (Some(p), b),
        None => (None, field),
    };
    let key = if base.starts_with("points_") {
        "invalid-points".to_string()
    } else if let Some((_, _, key)) = SHARED_FIELDS
        .iter()
        .find(|(f, e, _)| *f == base && expected.starts_with(e))
    {
        key.to_string()
    } else if expected.starts_with(store::chess::sections::SECTION_RATING_LIMITS) {
        "invalid-section-rating".to_string()
    } else if base == "rounds" && expected.starts_with(store::DOUBLE_SWISS_ROUNDS) {
        "invalid-rounds-even".to_string()
    } else if base.len() > 1
        && base.starts_with('r')
        && base[1..].bytes().all(|b| b.is_ascii_digit())
    {
        // The result grid's inputs are r1, r2, …
        "invalid-grid".to_string()
    } else if let Some(kind) = round_start_field(base) {
        // The rounds' schedule: date_1, time_1, …
        format!("invalid-round-{kind}")
    } else {
        format!("invalid-{}", base.replace('_', "-"))
    };
    // The messages quote the value themselves; the store and the forms often quote it already.
    // A section's limits are the signs in the last parentheses of `expected` (`≥ 1600`).
    let limits = expected
        .rsplit_once('(')
        .and_then(|(_, l)| l.strip_suffix(')'))
        .unwrap_or_default();
    let args = [
        ("limits", limits.into()),
        ("found", found.trim_matches('"').into()),
        ("field", base.into()),
        ("board", base.trim_start_matches('r').into()),
        (
            "round",
            base.trim_start_matches(|c: char| !c.is_ascii_digit())
                .into(),
        ),
    ];
    let bridge_text = bridge
        .then(|| tr.lookup(&format!("bridge-{key}"), &args))
        .flatten();
    // A file's cell: its place in the visitor's words.
    let cell = prefix.and_then(|p| file_cell(tr, p));
    let prefix = cell.as_deref().or(prefix);
    match bridge_text.or_else(|| tr.lookup(&key, &args)) {
        Some(text) => match prefix {
            Some(p) => format!("{p} : {text}"),
            None => text,
        },
        None => tr.targs(
            "error-invalid",
            &[
                (
                    "field",
                    match file_cell(tr, field) {
                        Some(place) => place.into(),
                        None => field.into(),
                    },
                ),
                ("expected", expected.into()),
                ("found", found.into()),
            ],
        ),
    }
}

/// Fields two pages name alike for different values, told apart by what they expected: the
/// registration form's birth date (a whole date), a team event's boards per match and system (not a round's boards, a chess event's system), and a
/// national list without a saved mapping (not a mapping that lacks a column).
const SHARED_FIELDS: [(&str, &str, &str); 4] = [
    (
        "birth_date",
        "a date as YYYY-MM-DD",
        "invalid-entry-birth-date",
    ),
    ("boards", "a number of boards", "invalid-team-boards"),
    ("system", "swiss_team", "invalid-team-system"),
    (
        "mapping",
        "the columns of the list mapped",
        "invalid-mapping-none",
    ),
];

/// `FILE, line L, column C` (what forms::file_error writes) in the visitor's language: the
/// form's file (`file`, `data`) as "the file", else the file's own name.
fn file_cell(tr: &crate::i18n::Tr, place: &str) -> Option<String> {
    let (what, rest) = place.rsplit_once(", line ")?;
    let (line, column) = rest.split_once(", column ")?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(line) || !digits(column) {
        return None;
    }
    let args = [
        ("line", line.into()),
        ("column", column.into()),
        ("file", what.into()),
    ];
    Some(match what {
        "file" | "data" => tr.targs("file-cell", &args),
        _ => tr.targs("named-file-cell", &args),
    })
}

/// `date` or `time` for the schedule's inputs `date_N` and `time_N`.
fn round_start_field(field: &str) -> Option<&'static str> {
    let (kind, n) = field.split_once('_')?;
    let kind = match kind {
        "date" => "date",
        "time" => "time",
        _ => return None,
    };
    (!n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())).then_some(kind)
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage<'a> {
    c: &'a Ctx,
    title: String,
    message: String,
    status: u16,
    /// A stale form's page, to load again.
    reload: Option<String>,
    /// The failure's code and reason (`conflict`, `stale`), for scripts and tests.
    code: &'a str,
    reason: &'a str,
}

/// The response for a failure: JSON for the API, a page otherwise; a login redirect for pages.
pub fn render(ctx: &Ctx, f: &Failure) -> Response {
    if f.code == "login_required" && !ctx.api {
        let next: String = form_urlencoded::byte_serialize(ctx.path.as_bytes()).collect();
        return Redirect::to(&format!("/login?next={next}")).into_response();
    }
    let text = message(ctx, f);
    if ctx.api {
        let mut body = json!({
            "error": f.code,
            "message": text,
            "detail": f.detail,
        });
        if let Some(reason) = &f.reason {
            body["reason"] = json!(reason);
        }
        if let Some(k) = &f.conflict {
            body["version"] = json!(k.version);
            body["conflicts"] = json!(k.changed);
            body["written"] = json!(k.written);
        }
        if let Some((field, expected, found)) = &f.field {
            body["field"] = json!(field);
            body["expected"] = json!(expected);
            body["found"] = json!(found);
        }
        return with_retry_after((f.status, axum::Json(body)).into_response(), f);
    }
    let page = ErrorPage {
        c: ctx,
        title: ctx.tr.t(match f.status.as_u16() {
            404 => "error-title-not-found",
            403 => "error-title-forbidden",
            409 if f.code == "conflict" => "error-title-conflict",
            428 => "error-title-version-required",
            409 => "error-title-refused",
            422 => "error-title-invalid",
            429 => "error-title-rate-limited",
            401 => "error-title-login",
            400 => "error-title-bad-request",
            405 => "error-title-bad-request",
            413 => "error-title-too-large",
            503 => "error-title-busy",
            507 => "error-title-disk-full",
            _ => "error-title-internal",
        }),
        message: text,
        status: f.status.as_u16(),
        reload: f.conflict.as_ref().and_then(|k| k.reload.clone()),
        code: f.code,
        reason: f.reason.as_deref().unwrap_or(""),
    };
    let response = match page.render() {
        Ok(html) => (f.status, [(header::CACHE_CONTROL, "no-store")], Html(html)).into_response(),
        Err(_) => (f.status, f.detail.clone()).into_response(),
    };
    with_retry_after(response, f)
}

fn with_retry_after(mut response: Response, f: &Failure) -> Response {
    // A conflict or a missing version says the version to build the form again at.
    if let Some(k) = &f.conflict {
        if let Ok(v) = header::HeaderValue::from_str(&format!("\"{}\"", k.version)) {
            response.headers_mut().insert(header::ETAG, v);
        }
    }
    if let Some(seconds) = f.retry_after {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, header::HeaderValue::from(seconds));
    }
    // A refused body left unread: the connection is not reused for another request.
    if matches!(f.code, "too_large") {
        response.headers_mut().insert(
            header::CONNECTION,
            header::HeaderValue::from_static("close"),
        );
    }
    response
}

#[cfg(test)]
mod tests {
    use super::invalid_text;
    use crate::i18n::{Lang, Tr};

    #[test]
    fn wrong_values_are_said_in_the_visitors_language() {
        let fr = Tr::new(Lang::Fr);
        let en = Tr::new(Lang::En);
        assert_eq!(
            invalid_text(&en, "r7", "a result", "2-0", false),
            "Board 7: expected 1-0 (or 1), 0-1 (or 0), 1/2 (or ½, =), +- (or +), -+, --, ½-0, 0-½ or 0-0 (found \"2-0\")."
        );
        assert_eq!(
            invalid_text(
                &fr,
                "player 3 (Durand, Bob): rating",
                "a rating",
                "4200",
                false
            ),
            "player 3 (Durand, Bob) : L'Elo va de 0 à 3999 (reçu « 4200 »)."
        );
        assert!(invalid_text(&fr, "points_draw", "points", "x", false)
            .starts_with("Les points vont de 0 à 10"));
        // A field without its own message keeps the store's words.
        assert_eq!(
            invalid_text(&en, "colour", "w or b", "x", false),
            "Field \"colour\": expected w or b, found x."
        );
    }
}
