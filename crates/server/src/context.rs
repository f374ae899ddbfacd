//! What every request carries: its language, its login session, its CSRF token, checked here
//! for every state-changing request before any handler runs.
//!
//! CSRF: a logged-in browser repeats its session's token (`csrf`, a random value stored with the
//! session) in the hidden form field `csrf`, or in the header `X-CSRF-Token` (JSON API). An
//! anonymous visitor (login form, a player's result report) gets a random token in the cookie
//! `arbiter_anon` (HttpOnly, SameSite=Strict, two hours) that its forms repeat (double submit):
//! another site can neither read nor set that cookie. `POST /api/login` and `POST /api/setup`
//! with a JSON body need no token (there is no session yet, and a JSON body cannot be sent
//! across sites without a CORS preflight, which this server never grants).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use axum::body::{Body, Bytes};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::Response;

use crate::ctx::{cookie, set_cookie, Ctx, ANON_COOKIE, CSRF_HEADER, LANG_COOKIE, SESSION_COOKIE};
use crate::error::{AppError, Failure};
use crate::i18n::{Lang, Tr};
use crate::limit::{body_failure, guarded, ANONYMOUS_MAX_BODY, FORM_MAX_BODY, MAX_BODY};
use crate::{AppState, SecureCookies};

fn same(a: &str, b: &str) -> bool {
    // Compared in constant time for equal lengths.
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// The `csrf` field of a multipart body (the form puts it first; it is found anywhere).
fn multipart_field(body: &[u8], boundary: &str, name: &str) -> Option<String> {
    let delimiter = format!("--{boundary}");
    let text = String::from_utf8_lossy(body);
    text.split(delimiter.as_str()).find_map(|part| {
        let (head, value) = part.split_once("\r\n\r\n")?;
        let disposition = head
            .lines()
            .find(|l| l.to_ascii_lowercase().starts_with("content-disposition"))?;
        if !disposition.contains(&format!("name=\"{name}\"")) || disposition.contains("filename=") {
            return None;
        }
        Some(value.strip_suffix("\r\n").unwrap_or(value).to_string())
    })
}

fn exempt(method: &Method, path: &str, headers: &HeaderMap) -> bool {
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    *method == Method::POST && json && (path == "/api/login" || path == "/api/setup")
}

/// State-changing routes open to a visitor without a login session: the login and setup forms,
/// a player's result report, a bridge table's entries, a team captain's lineup and report, an
/// event's public registration form (and logging out). Every other one is the
/// arbiter's: without a session it answers 401 (or the login page) before any token is read, and
/// with a session but a missing or wrong token, 403.
fn open_to_anonymous(path: &str) -> bool {
    let p = path.strip_prefix("/api").unwrap_or(path);
    matches!(
        p,
        "/login" | "/setup" | "/logout" | "/report" | "/report/confirm"
    ) || p.starts_with("/t/")
        || p.starts_with("/bridge/tables/")
        || p == "/teams/captain"
        || p.starts_with("/teams/captain/")
        || (path.starts_with("/public/") && path.ends_with("/register"))
}

/// Most of a multipart body read ahead for its `csrf` and `version` fields (the forms send
/// them first).
const CSRF_READ_AHEAD: usize = 64 * 1024;

/// The `csrf` and `version` fields of a multipart body read from its start (at most
/// [`CSRF_READ_AHEAD`] bytes, and only parts followed by the next delimiter count), and the
/// body whole again: the bytes read ahead, then the rest as it comes.
async fn fields_ahead(body: Body, boundary: &str) -> Result<(Sent, Body), AppError> {
    use futures_util::StreamExt;
    let mut stream = body.into_data_stream();
    let mut ahead: Vec<u8> = Vec::new();
    let mut sent = Sent::default();
    let delimiter = format!("--{boundary}");
    let read = |bytes: &[u8]| Sent {
        token: multipart_field(bytes, boundary, "csrf"),
        version: multipart_field(bytes, boundary, "version"),
    };
    while ahead.len() < CSRF_READ_AHEAD {
        match stream.next().await {
            Some(Ok(chunk)) => ahead.extend_from_slice(&chunk),
            Some(Err(e)) => return Err(body_failure(&e)),
            None => {
                sent = read(&ahead);
                break;
            }
        }
        // The complete parts: up to the last delimiter seen.
        let text = String::from_utf8_lossy(&ahead);
        if let Some(end) = text.rfind(delimiter.as_str()) {
            sent = read(text[..end].as_bytes());
            if sent.token.is_some() && sent.version.is_some() {
                break;
            }
        }
    }
    let first = futures_util::stream::once(async move { Ok::<_, axum::Error>(Bytes::from(ahead)) });
    Ok((sent, Body::from_stream(first.chain(stream))))
}

/// The CSRF token and the page's version a state-changing request repeats.
#[derive(Debug, Default)]
struct Sent {
    token: Option<String>,
    version: Option<String>,
}

/// Reads what is left of a refused request's body and throws it away (a rating list's upload
/// leaves up to 300 MB unread): answering while the client still sends makes the connection
/// close under it, and the browser shows a reset connection instead of the refusal. The body is
/// already bounded ([`guarded`]): an anonymous one stops after a few KB.
async fn discard(body: Body) {
    use futures_util::StreamExt;
    let mut stream = body.into_data_stream();
    while let Some(Ok(_)) = stream.next().await {}
}

/// Reads the token (and a form's version) a state-changing request repeats; the body is given
/// back intact. A form body is read whole (at most `form_limit` bytes), a multipart one only up
/// to its `csrf` and `version` fields. A form's version goes on to the guard ([`SentVersion`]).
async fn sent_token(
    req: Request,
    form_limit: usize,
) -> Result<(Option<String>, Request), AppError> {
    let header_token = req
        .headers()
        .get(CSRF_HEADER)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let content_type = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let form = content_type.starts_with("application/x-www-form-urlencoded");
    let multipart = content_type.starts_with("multipart/form-data");
    if !form && !multipart {
        return Ok((header_token, req));
    }
    let boundary = content_type
        .split(';')
        .find_map(|p| p.trim().strip_prefix("boundary="))
        .map(|b| b.trim_matches('"').to_string());
    let (parts, body) = req.into_parts();
    let (sent, body) = if multipart {
        // An upload (a rating list, a database, a players' file): only the start of the body
        // is read, up to the fields the forms send first; the rest goes on to the handler
        // unread, which applies its own limit.
        fields_ahead(body, boundary.as_deref().unwrap_or("")).await?
    } else {
        let bytes: Bytes =
            axum::body::to_bytes(body, form_limit)
                .await
                .map_err(|e| match body_failure(&e) {
                    AppError::Malformed { .. } if e.to_string().contains("length limit") => {
                        AppError::TooLarge { limit: form_limit }
                    }
                    other => other,
                })?;
        let field = |name: &str| {
            form_urlencoded::parse(&bytes)
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.into_owned())
        };
        let sent = Sent {
            token: field("csrf"),
            version: field("version"),
        };
        (sent, Body::from(bytes))
    };
    let mut req = Request::from_parts(parts, body);
    req.extensions_mut()
        .insert(crate::guard::SentVersion(sent.version));
    Ok((header_token.or(sent.token), req))
}

/// The declared length of a request's body, if any.
fn declared_length(headers: &HeaderMap) -> Option<u64> {
    headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok())
}

/// The middleware around every route: builds the [`Ctx`], refuses an arbiter's state-changing
/// request without a login session (401) or without its CSRF token (403), nothing written, and turns a handler's [`Failure`] into the
/// page or JSON body in the request's language.
pub async fn context(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let headers = req.headers().clone();
    let path = req.uri().path().to_string();
    let path_and_query = req
        .uri()
        .path_and_query()
        .map(|p| p.to_string())
        .unwrap_or_else(|| path.clone());
    let lang = cookie(&headers, LANG_COOKIE)
        .and_then(|l| Lang::parse(&l))
        .or_else(|| {
            headers
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .and_then(Lang::from_accept_language)
        })
        .unwrap_or_default();
    let session = match cookie(&headers, SESSION_COOKIE) {
        Some(token) => match state.store.session(&token) {
            Ok(s) => s,
            Err(e) => {
                crate::log::error(format_args!("reading the login session: {e}"));
                None
            }
        },
        None => None,
    };
    let known_anon = cookie(&headers, ANON_COOKIE)
        .filter(|t| t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit()));
    let new_anon = known_anon.is_none().then(store::auth::random_token);
    let anon = known_anon
        .clone()
        .or_else(|| new_anon.clone())
        .unwrap_or_default();
    let client_ip = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip())
        .unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST));
    let ctx = Ctx {
        tr: Tr::new(lang),
        user: session.as_ref().map(|s| s.username.clone()),
        session_token: session.as_ref().map(|s| s.token.clone()),
        csrf: session.as_ref().map(|s| s.csrf.clone()).unwrap_or(anon),
        path: path_and_query,
        api: path == "/api" || path.starts_with("/api/"),
        client_ip,
        house: state.house,
    };

    let secure = match state.secure_cookies {
        SecureCookies::Always => true,
        SecureCookies::Never => false,
        SecureCookies::Forwarded => headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("https")),
    };
    let finish = |ctx: &Ctx, failure: Failure| {
        let mut response = finish(ctx, failure, &new_anon);
        secure_cookies(&mut response, secure);
        response
    };

    // Every body is bounded before it is read: a visitor without a session sends a few KB, in
    // a few seconds; an arbiter's uploads are streamed on to their handlers.
    let (body_limit, body_time) = match &session {
        None => (
            ANONYMOUS_MAX_BODY,
            Some(state.limits.anonymous_body_timeout),
        ),
        Some(_) => (MAX_BODY, None),
    };
    if declared_length(&headers).is_some_and(|n| n > body_limit as u64) {
        // Refused unread: the connection closes after the answer.
        return finish(
            &ctx,
            AppError::TooLarge { limit: body_limit }.into_response_failure(),
        );
    }
    let mut req =
        req.map(|body| guarded(body, body_limit, state.limits.body_idle_timeout, body_time));
    let method = req.method().clone();
    let changes_state = !matches!(method, Method::GET | Method::HEAD | Method::OPTIONS);
    if changes_state && session.is_none() && !open_to_anonymous(&path) {
        // No login session: the login is what is missing (API.md: 401), whatever the token.
        discard(req.into_body()).await;
        return finish(&ctx, AppError::LoginRequired.into_response_failure());
    }
    if changes_state && !exempt(&method, &path, &headers) {
        let form_limit = body_limit.min(FORM_MAX_BODY);
        let (token, back) = match sent_token(req, form_limit).await {
            Ok(x) => x,
            Err(e) => return finish(&ctx, e.into_response_failure()),
        };
        req = back;
        // An anonymous visitor's token must come with its cookie (a new one proves nothing).
        let expected = if session.is_some() {
            Some(ctx.csrf.as_str())
        } else {
            known_anon.as_deref()
        };
        let ok = matches!((token.as_deref(), expected), (Some(t), Some(e)) if same(t, e));
        if !ok {
            discard(req.into_body()).await;
            return finish(&ctx, AppError::Csrf.into_response_failure());
        }
    }
    req.extensions_mut().insert(ctx.clone());
    let response = next.run(req).await;
    let mut response = finish_response(&ctx, response, &new_anon).await;
    secure_cookies(&mut response, secure);
    response
}

/// Behind HTTPS, every cookie of the answer gets the `Secure` flag.
fn secure_cookies(response: &mut Response, secure: bool) {
    if !secure {
        return;
    }
    let headers = response.headers_mut();
    let cookies: Vec<HeaderValue> = headers
        .get_all(header::SET_COOKIE)
        .iter()
        .cloned()
        .collect();
    headers.remove(header::SET_COOKIE);
    for value in cookies {
        let flagged = match value.to_str() {
            Ok(text) if !text.contains("; Secure") => {
                HeaderValue::from_str(&format!("{text}; Secure")).unwrap_or(value)
            }
            _ => value,
        };
        headers.append(header::SET_COOKIE, flagged);
    }
}

/// A framework rejection (axum's extractors answer a plain-text 4xx: `Invalid URL: Cannot parse
/// … to a i64`, a form or JSON body it cannot read, a method the route does not take) turned
/// into the usual failure, said in the visitor's language; any other answer is given back.
async fn rejection(response: Response) -> Result<Failure, Response> {
    let status = response.status();
    let plain = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_none_or(|t| t.starts_with("text/plain"));
    if !status.is_client_error() || !plain {
        return Err(response);
    }
    let (parts, body) = response.into_parts();
    match axum::body::to_bytes(body, 4096).await {
        Ok(text) => Ok(Failure::from_rejection(
            parts.status,
            &String::from_utf8_lossy(&text),
        )),
        Err(_) => Err(Response::from_parts(parts, Body::empty())),
    }
}

fn finish(ctx: &Ctx, failure: Failure, new_anon: &Option<String>) -> Response {
    let mut response = crate::error_page::render(ctx, &failure);
    add_anon_cookie(&mut response, new_anon);
    response
}

async fn finish_response(ctx: &Ctx, mut response: Response, new_anon: &Option<String>) -> Response {
    if let Some(failure) = response.extensions_mut().remove::<Failure>() {
        return finish(ctx, failure, new_anon);
    }
    let mut response = match rejection(response).await {
        Ok(failure) => return finish(ctx, failure, new_anon),
        Err(response) => response,
    };
    add_anon_cookie(&mut response, new_anon);
    response
}

/// The Content-Security-Policy of every answer: scripts only from this site's own file (the
/// pages carry no inline script or handler), styles from this site (and the pages' own `<style>`
/// blocks), no plugin, no framing, forms posting only here.
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

fn add_anon_cookie(response: &mut Response, new_anon: &Option<String>) {
    // Every answer: no framing by other sites, no type sniffing, no referrer leaving the site,
    // no script but ours.
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    if let Some(token) = new_anon {
        response.headers_mut().append(
            header::SET_COOKIE,
            set_cookie(ANON_COOKIE, token, Some(2 * 3600)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_open_to_anonymous_visitors() {
        for p in [
            "/login",
            "/api/login",
            "/setup",
            "/report",
            "/api/report",
            "/report/confirm",
            "/t/ABC/boards/3",
            "/api/bridge/tables/ABC/enter",
            "/teams/captain",
            "/teams/captain/report",
        ] {
            assert!(open_to_anonymous(p), "{p}");
        }
        for p in [
            "/events/new",
            "/api/events",
            "/api/events/1/undo",
            "/bridge/4/grid/line",
            "/api/bridge/sessions",
            "/accounts",
            "/reporting",
            "/teams/captains",
            "/teams/1/pair",
        ] {
            assert!(!open_to_anonymous(p), "{p}");
        }
    }

    #[test]
    fn multipart_csrf_field() {
        let body = b"--XyZ\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\nabc123\r\n--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.csv\"\r\nContent-Type: text/csv\r\n\r\nname\r\n--XyZ--\r\n";
        assert_eq!(
            multipart_field(body, "XyZ", "csrf").as_deref(),
            Some("abc123")
        );
        assert_eq!(multipart_field(body, "XyZ", "file"), None);
    }

    #[tokio::test]
    async fn the_csrf_field_is_read_ahead_and_the_body_kept_whole() {
        let mut body = b"--XyZ\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\nabc123\r\n--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"l.txt\"\r\n\r\n".to_vec();
        body.extend(std::iter::repeat_n(b'x', 3 * CSRF_READ_AHEAD));
        body.extend_from_slice(b"\r\n--XyZ--\r\n");
        // In small chunks, as a network delivers it.
        let chunks: Vec<Result<Bytes, std::io::Error>> = body
            .chunks(7)
            .map(|c| Ok(Bytes::copy_from_slice(c)))
            .collect();
        let (sent, back) =
            fields_ahead(Body::from_stream(futures_util::stream::iter(chunks)), "XyZ")
                .await
                .unwrap();
        assert_eq!(sent.token.as_deref(), Some("abc123"));
        assert_eq!(sent.version, None);
        let again = axum::body::to_bytes(back, usize::MAX).await.unwrap();
        assert_eq!(again.as_ref(), body.as_slice());
    }

    #[test]
    fn cookies() {
        let mut h = HeaderMap::new();
        h.insert(
            header::COOKIE,
            HeaderValue::from_static("a=1; lang=en; arbiter_session=xyz"),
        );
        assert_eq!(cookie(&h, "lang").as_deref(), Some("en"));
        assert_eq!(cookie(&h, "arbiter_session").as_deref(), Some("xyz"));
        assert_eq!(cookie(&h, "b"), None);
    }
}
