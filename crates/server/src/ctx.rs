//! What every request carries, as handlers and templates see it: its language, its login
//! session, its CSRF token and its client address ([`Ctx`], put in place by the
//! [`crate::context`] middleware), and the cookies that carry them.

use std::net::IpAddr;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue};

use crate::error::AppError;
use crate::i18n::{Lang, Tr};

pub const SESSION_COOKIE: &str = "arbiter_session";
pub const ANON_COOKIE: &str = "arbiter_anon";
pub const LANG_COOKIE: &str = "lang";
pub const CSRF_HEADER: &str = "x-csrf-token";

/// The request's context, handed to handlers and templates.
#[derive(Debug, Clone)]
pub struct Ctx {
    pub tr: Tr,
    /// The logged-in arbiter.
    pub user: Option<String>,
    pub session_token: Option<String>,
    /// The token this visitor's forms repeat.
    pub csrf: String,
    /// The path and query of the page (for the language switch's way back).
    pub path: String,
    /// A JSON API request (errors as JSON, 401 instead of a redirect).
    pub api: bool,
    pub client_ip: IpAddr,
    /// Whose house the installation is: the top bar follows it.
    pub house: crate::House,
}

impl Ctx {
    /// The language switch's link to `lang`, coming back to this page.
    pub fn lang_link(&self, lang: &str) -> String {
        let back: String = form_urlencoded::byte_serialize(self.path.as_bytes()).collect();
        format!("/lang/{lang}?back={back}")
    }

    /// The other language's code (for the switch).
    pub fn other_lang(&self) -> &'static str {
        match self.tr.lang {
            Lang::Fr => "en",
            Lang::En => "fr",
        }
    }

    /// Short names for templates: `c.t` with a catalogue key.
    pub fn t(&self, key: &str) -> String {
        self.tr.t(key)
    }

    pub fn t1(&self, key: &str, name: &str, value: impl Into<crate::i18n::Arg>) -> String {
        self.tr.t1(key, name, value)
    }

    /// A stored time (UTC) as the pages show it: in the server's local time, the hall's (the
    /// one the registration's closing time is typed in), `24/11/2026 15:05`.
    pub fn local_datetime(&self, utc: &str) -> String {
        self.tr.local_datetime(&store::local_time(utc))
    }

    /// A place in a ranking: `3`, or a shared one, `2-4 ex æquo` (`2-4=` in English).
    pub fn place(&self, first: u32, last: u32) -> String {
        self.tr.place(first, last)
    }

    /// A decimal number (or a text of them, `2.5 – 1.5`) as the page's language writes it:
    /// `2,5 – 1,5` in French.
    pub fn num(&self, v: impl std::fmt::Display) -> String {
        self.tr.num(&v.to_string())
    }

    /// The print margins' text (CSS `@page` margin boxes): the page's title and the print
    /// date at the foot, left, and "page n / m" at the right, in the page's language.
    pub fn print_margins(&self) -> String {
        let printed = self.t1("print-printed", "date", self.local_datetime(&store::now()));
        format!(
            "@page {{ @bottom-left {{ content: {}; font: 8pt sans-serif; color: #444; }} \
             @bottom-right {{ content: {} \" \" counter(page) \" / \" counter(pages); font: 8pt sans-serif; color: #444; }} }}",
            css_string(&printed),
            css_string(&self.t("print-page")),
        )
    }

    /// The logged-in arbiter, or the refusal that sends the visitor to the login page.
    pub fn arbiter(&self) -> Result<&str, AppError> {
        self.user.as_deref().ok_or(AppError::LoginRequired)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Ctx {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        parts
            .extensions
            .get::<Ctx>()
            .cloned()
            .ok_or_else(|| AppError::Internal("request context missing".into()))
    }
}

/// A logged-in arbiter: handlers that take it refuse anonymous visitors (a redirect to the
/// login page, or 401 for the API).
#[derive(Debug, Clone)]
pub struct Arbiter {
    pub username: String,
}

impl<S: Send + Sync> FromRequestParts<S> for Arbiter {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let ctx = Ctx::from_request_parts(parts, state).await?;
        Ok(Arbiter {
            username: ctx.arbiter()?.to_string(),
        })
    }
}

/// The value of cookie `name` in the request's `Cookie` headers.
pub fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|pair| {
            let (k, v) = pair.trim().split_once('=')?;
            (k == name).then(|| v.trim_matches('"').to_string())
        })
}

/// A way back into this site (`/lang/en?back=…`, the login's `next`): the path as a browser
/// would read it, or `None` when a browser would leave the site. Browsers drop tabs and newlines
/// anywhere in a URL and leading or trailing blanks, and read `\` as `/`, so `/\t/host` and
/// `/\\host` are `//host`, another site. What is checked is what is sent: the normalised path,
/// with anything beyond visible ASCII percent-encoded.
pub fn local_path(raw: &str) -> Option<String> {
    let trimmed = raw.trim_matches(|c: char| c <= ' ');
    let mut path = String::with_capacity(trimmed.len());
    for c in trimmed.chars() {
        match c {
            '\t' | '\n' | '\r' => {}
            '\\' => path.push('/'),
            c if c.is_ascii_control() => return None,
            c if c.is_ascii() => path.push(c),
            c => {
                let mut buf = [0u8; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    path.push_str(&format!("%{b:02X}"));
                }
            }
        }
    }
    (path.starts_with('/') && !path.starts_with("//")).then_some(path)
}

/// A `Set-Cookie` value with the attributes every cookie of ours has.
pub fn set_cookie(name: &str, value: &str, max_age_secs: Option<i64>) -> HeaderValue {
    let age = max_age_secs
        .map(|s| format!("; Max-Age={s}"))
        .unwrap_or_default();
    HeaderValue::from_str(&format!(
        "{name}={value}; Path=/; HttpOnly; SameSite=Strict{age}"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static("invalid=1"))
}

/// `s` as a CSS string literal that cannot end its `<style>` element: quotes, backslashes,
/// line breaks and `<` as CSS escapes.
pub fn css_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' | '\\' | '<' | '>' | '&' => out.push_str(&format!("\\{:x} ", ch as u32)),
            c if c.is_control() => out.push_str(&format!("\\{:x} ", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    /// An event's name or a translation in a print margin never ends its `<style>` element
    /// nor its CSS string.
    #[test]
    fn a_css_string_keeps_its_quotes_and_its_style_element() {
        let s = super::css_string("Open \"A\" </style><script>\\\n");
        assert_eq!(
            s,
            "\"Open \\22 A\\22  \\3c /style\\3e \\3c script\\3e \\5c \\a \""
        );
        assert_eq!(s.matches('"').count(), 2);
        assert!(!s.contains('<'));
    }

    use super::local_path;

    #[test]
    fn ways_back_stay_on_this_site() {
        assert_eq!(
            local_path("/events/1?x=2").as_deref(),
            Some("/events/1?x=2")
        );
        assert_eq!(local_path("/étape").as_deref(), Some("/%C3%A9tape"));
        for away in [
            "//example.com",
            "/\t/example.com",
            "/\n/example.com",
            "\t//example.com",
            " //example.com",
            "/\\example.com",
            "\\\\example.com",
            "\\/example.com",
            "https://example.com",
            "example.com",
            "/\r\n/example.com",
            "",
        ] {
            assert_eq!(local_path(away), None, "{away:?}");
        }
    }
}
