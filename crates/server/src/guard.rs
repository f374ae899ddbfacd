//! Every route that changes shared state is declared with its [`Guard`]: how a page built
//! before someone else's change is kept from undoing it. The routes are declared through
//! [`Routes`], whose only way to add a state-changing route ([`Routes::post`]) takes a guard,
//! and [`guard`] checks every such request before its handler runs, so a new form cannot
//! forget it.
//!
//! - [`Guard::Whole`]: the form replaces what its page showed as a whole (a prize list, a
//!   group's settings, a team). Refused (409) when an arbiter or director changed anything of
//!   the scope since the version the page was built from; the answer lists those changes.
//! - [`Guard::Merge`]: the form names values and the store writes only those the user changed,
//!   comparing with what the page showed at its version ([`store::edits`]): a result a deputy
//!   entered meanwhile stays, and a value both changed differently is a conflict.
//! - [`Guard::Own`]: no version; the route changes nothing a stale page could undo, or has its
//!   own rule ([`Own`]).
//!
//! Both first kinds need the version: the form's hidden `version` field, or the API's `If-Match`
//! header or `version` field. Without it the answer is 428 with the current version in `ETag`,
//! nothing written. While the request runs no other guarded request of the same scope does, so
//! nothing is written between the check and the write.

use std::collections::HashMap;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{MatchedPath, RawPathParams, Request, State};
use axum::handler::Handler;
use axum::http::{header, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use store::{Scope, Version};

use crate::error::AppError;
use crate::AppState;

/// What a form edits: the thing whose version its page carries, named by the route's `{id}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Event,
    Group,
    BridgeSession,
    Series,
    BridgeTeams,
    Teams,
    BridgeIndividual,
}

impl Kind {
    fn scope(self, id: i64) -> Scope {
        match self {
            Kind::Event => Scope::Event(id),
            Kind::Group => Scope::Group(id),
            Kind::BridgeSession => Scope::BridgeSession(id),
            Kind::Series => Scope::Series(id),
            Kind::BridgeTeams => Scope::BridgeTeams(id),
            Kind::Teams => Scope::Teams(id),
            Kind::BridgeIndividual => Scope::BridgeIndividual(id),
        }
    }

    /// The name API.md uses.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Event => "event",
            Kind::Group => "group",
            Kind::BridgeSession => "bridge session",
            Kind::Series => "bridge series",
            Kind::BridgeTeams => "bridge teams event",
            Kind::Teams => "team event",
            Kind::BridgeIndividual => "bridge individual session",
        }
    }
}

/// Why a state-changing route takes no version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Own {
    /// Logging in or out, the first account, a new account (a name taken is refused).
    Account,
    /// Makes a new event, session, series, group or team event: nothing existing changes.
    Create,
    /// A player's, a table's or a captain's phone, by its code: two devices that disagree make
    /// a conflict the arbiter settles, and what the arbiter entered is never replaced.
    Phone,
    /// A player's registration on the public form: a new pending entry.
    Registration,
    /// Restoring a whole backup: it replaces the database, said on its own page.
    Restore,
    /// A rating list for the whole site (FIDE's, a federation's), replaced whole by the file
    /// the arbiter chose; the page says which list and month it replaced.
    Library,
    /// Publishes the event as it is now on another site (chess-results.com): nothing of the
    /// event changes here but the key the site gives it the first time.
    Publish,
}

impl Own {
    pub fn name(self) -> &'static str {
        match self {
            Own::Account => "account",
            Own::Create => "creates",
            Own::Phone => "phone",
            Own::Registration => "registration",
            Own::Restore => "restore",
            Own::Library => "rating list",
            Own::Publish => "publishes",
        }
    }
}

/// How a state-changing route keeps a stale page from undoing someone else's change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Guard {
    Whole(Kind),
    Merge(Kind),
    Own(Own),
}

/// One state-changing route as declared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditRoute {
    pub path: String,
    pub guard: Guard,
}

/// Routes being declared: a read takes a handler, a change a handler and its guard.
#[derive(Debug)]
pub struct Routes {
    router: Router<AppState>,
    edits: Vec<EditRoute>,
}

impl Default for Routes {
    fn default() -> Self {
        Routes::new()
    }
}

impl Routes {
    pub fn new() -> Routes {
        Routes {
            router: Router::new(),
            edits: Vec::new(),
        }
    }

    /// A page or a read of the API.
    pub fn get<H, T>(mut self, path: &str, handler: H) -> Routes
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        self.router = self.router.route(path, get(handler));
        self
    }

    /// A change, with its guard.
    pub fn post<H, T>(mut self, path: &str, guard: Guard, handler: H) -> Routes
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        self.router = self.router.route(path, post(handler));
        self.edits.push(EditRoute {
            path: path.to_string(),
            guard,
        });
        self
    }

    /// A change whose body may be larger than a form's (an upload), up to `limit` bytes.
    pub fn post_limited<H, T>(
        mut self,
        path: &str,
        guard: Guard,
        limit: usize,
        handler: H,
    ) -> Routes
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        let method = post(handler).layer(axum::extract::DefaultBodyLimit::max(limit));
        self.router = self.router.route(path, method);
        self.edits.push(EditRoute {
            path: path.to_string(),
            guard,
        });
        self
    }

    pub fn merge(mut self, other: Routes) -> Routes {
        self.router = self.router.merge(other.router);
        self.edits.extend(other.edits);
        self
    }

    /// The routes under `prefix` (the API under `/api`), unknown paths there answered by
    /// `fallback`.
    pub fn nest<H, T>(mut self, prefix: &str, other: Routes, fallback: H) -> Routes
    where
        H: Handler<T, AppState>,
        T: 'static,
    {
        self.router = self.router.nest(prefix, other.router.fallback(fallback));
        self.edits
            .extend(other.edits.into_iter().map(|e| EditRoute {
                path: format!("{prefix}{}", e.path),
                ..e
            }));
        self
    }

    /// The routes, and every state-changing one with its guard.
    pub fn finish(self) -> (Router<AppState>, Vec<EditRoute>) {
        (self.router, self.edits)
    }
}

/// The version a form sent in its body, read by the context middleware with the CSRF token.
#[derive(Debug, Clone)]
pub(crate) struct SentVersion(pub Option<String>);

/// The version the request's page was built from, as the guard checked it: a merging handler
/// takes it (`Seen(seen): Seen`) to compare value by value.
#[derive(Debug, Clone, Copy)]
pub struct Seen(pub Version);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Seen {
    type Rejection = AppError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Seen, AppError> {
        // Only a route declared without a version reaches a handler without it.
        parts.extensions.get::<Seen>().copied().ok_or_else(|| {
            AppError::Internal("a merging handler on a route without its version".into())
        })
    }
}

/// What the guard needs: the application and the declared routes.
#[derive(Debug, Clone)]
pub struct Guards {
    app: AppState,
    routes: Arc<HashMap<String, Guard>>,
    /// One lock per scope (by stripe): a guarded request checks and writes alone.
    locks: Arc<Vec<tokio::sync::Mutex<()>>>,
}

const STRIPES: usize = 64;

impl Guards {
    pub fn new(app: AppState, edits: &[EditRoute]) -> Guards {
        Guards {
            app,
            routes: Arc::new(edits.iter().map(|e| (e.path.clone(), e.guard)).collect()),
            locks: Arc::new((0..STRIPES).map(|_| tokio::sync::Mutex::new(())).collect()),
        }
    }

    fn lock(&self, scope: Scope) -> &tokio::sync::Mutex<()> {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        scope.hash(&mut h);
        &self.locks[(h.finish() as usize) % STRIPES]
    }
}

/// The version the request carries: `If-Match`, else the form's `version` field, else the JSON
/// body's; the body is given back whole.
async fn sent_version(req: Request) -> Result<(Option<Version>, Request), AppError> {
    if let Some(h) = req.headers().get(header::IF_MATCH) {
        let t = h.to_str().unwrap_or("").to_string();
        return parse(&t, "If-Match").map(|v| (Some(v), req));
    }
    if let Some(SentVersion(v)) = req.extensions().get::<SentVersion>() {
        return match v.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            Some(t) => parse(t, "version").map(|v| (Some(v), req)),
            None => Ok((None, req)),
        };
    }
    let json = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !json {
        return Ok((None, req));
    }
    // The body is already bounded (context); the handler reads it again from these bytes.
    let (parts, body) = req.into_parts();
    let bytes = axum::body::to_bytes(body, usize::MAX)
        .await
        .map_err(|e| crate::limit::body_failure(&e))?;
    let version = serde_json::from_slice::<serde_json::Value>(&bytes)
        .ok()
        .and_then(|v| v.get("version").cloned())
        .filter(|v| !v.is_null())
        .map(|v| crate::forms::text(&v));
    let req = Request::from_parts(parts, Body::from(bytes));
    match version.filter(|t| !t.is_empty()) {
        Some(t) => parse(&t, "version").map(|v| (Some(v), req)),
        None => Ok((None, req)),
    }
}

fn parse(t: &str, field: &str) -> Result<Version, AppError> {
    t.parse().map_err(|_| {
        AppError::invalid(
            field,
            "the version the page was built from, such as \"41\"",
            format!("{:?}", t.trim()),
        )
    })
}

/// The check before every state-changing handler (a route layer: the route is known).
pub async fn guard(State(g): State<Guards>, req: Request, next: Next) -> Response {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return next.run(req).await;
    }
    let path = req
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_string())
        .unwrap_or_default();
    // A path [`Routes`] declared no change on has no handler for it: the router answers 405.
    let Some(&declared) = g.routes.get(&path) else {
        return next.run(req).await;
    };
    let kind = match declared {
        Guard::Own(_) => return next.run(req).await,
        Guard::Whole(k) | Guard::Merge(k) => k,
    };
    match checked(&g, declared, kind, req).await {
        Ok((req, _lock)) => next.run(req).await,
        Err((response, Some(req))) => after_reading(req, response).await,
        Err((response, None)) => response,
    }
}

/// How much of a refused request's body is read, and for how long, before its answer.
const DRAIN_BYTES: usize = 64 << 20;
const DRAIN_TIME: std::time::Duration = std::time::Duration::from_secs(10);

/// A refusal answered once the rest of the request's body is read (and dropped). An upload's
/// form is read only up to its first fields before the check: answering then would close the
/// connection under a browser still sending the file, which then shows a reset connection
/// instead of the refusal. Only signed-in arbiters reach this (the context checked the
/// session and the token first), and only so much.
async fn after_reading(req: Request, response: Response) -> Response {
    use futures_util::StreamExt;
    let mut body = req.into_body().into_data_stream();
    let drain = async {
        let mut read = 0usize;
        while let Some(Ok(chunk)) = body.next().await {
            read += chunk.len();
            if read > DRAIN_BYTES {
                break;
            }
        }
    };
    let _ = tokio::time::timeout(DRAIN_TIME, drain).await;
    response
}

/// The request once its version is checked, with the scope's lock held until its answer.
/// A refusal comes with the request when its body may still be arriving ([`after_reading`]).
async fn checked(
    g: &Guards,
    declared: Guard,
    kind: Kind,
    req: Request,
) -> Result<(Request, tokio::sync::MutexGuard<'_, ()>), (Response, Option<Request>)> {
    let (id, req) = id_param(req).await;
    let Some(id) = id else {
        return Err((AppError::NotFound.into_response(), Some(req)));
    };
    let scope = kind.scope(id);
    // A version that cannot be read has consumed the body (JSON) or names itself (a form).
    let (sent, req) = sent_version(req)
        .await
        .map_err(|e| (e.into_response(), None))?;
    let lock = g.lock(scope).lock().await;
    let store = &g.app.store;
    let now = match store.version(scope) {
        Ok(now) => now,
        Err(e) => return Err((AppError::from(e).into_response(), Some(req))),
    };
    let Some(seen) = sent else {
        let refusal = AppError::VersionRequired { version: now }.into_response();
        return Err((refusal, Some(req)));
    };
    if let Guard::Whole(_) = declared {
        let changes = match store.changes_since(scope, seen) {
            Ok(changes) => changes,
            Err(e) => return Err((AppError::from(e).into_response(), Some(req))),
        };
        if !changes.is_empty() {
            let reload = reload_path(&req);
            let refusal = AppError::Stale {
                version: now,
                changes,
                reload,
            }
            .into_response();
            return Err((refusal, Some(req)));
        }
    }
    let mut req = req;
    req.extensions_mut().insert(Seen(seen));
    Ok((req, lock))
}

/// The page the form was on (its `Referer`, when it is this site's): where the visitor reloads
/// it to see what changed.
fn reload_path(req: &Request) -> Option<String> {
    let referer = req.headers().get(header::REFERER)?.to_str().ok()?;
    let host = req.headers().get(header::HOST)?.to_str().ok()?;
    let rest = referer
        .strip_prefix("http://")
        .or_else(|| referer.strip_prefix("https://"))?;
    let path = rest.strip_prefix(host)?;
    (path.starts_with('/') && !path.starts_with("//")).then(|| path.to_string())
}

/// The route's `{id}`, when the router matched one.
async fn id_param(req: Request) -> (Option<i64>, Request) {
    use axum::RequestPartsExt;
    let (mut parts, body) = req.into_parts();
    let id = match parts.extract::<RawPathParams>().await {
        Ok(params) => params
            .iter()
            .find(|(k, _)| *k == "id")
            .and_then(|(_, v)| v.parse().ok()),
        Err(_) => None,
    };
    (id, Request::from_parts(parts, body))
}

/// The table of API.md's "Stale pages" section: every state-changing route, its guard, and what
/// a stale or version-less request is answered.
pub fn table(edits: &[EditRoute]) -> String {
    let mut rows: Vec<(String, String, String)> = edits
        .iter()
        .map(|e| {
            let (guard, of, answer) = match e.guard {
                Guard::Whole(k) => (
                    "whole",
                    k.name(),
                    "409 `conflict` (`stale`) if an arbiter changed anything of it since; 428 without a version",
                ),
                Guard::Merge(k) => (
                    "merge",
                    k.name(),
                    "409 `conflict` listing each value changed since by someone else (others written); 428 without a version",
                ),
                Guard::Own(o) => ("own", o.name(), "no version (see below)"),
            };
            (
                format!("`POST {}`", e.path),
                format!("{guard}: {of}"),
                answer.to_string(),
            )
        })
        .collect();
    rows.sort();
    rows.dedup();
    let mut out = String::from("| route | guard | stale or without version |\n|---|---|---|\n");
    for (r, g, a) in rows {
        out.push_str(&format!("| {r} | {g} | {a} |\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// API.md lists every state-changing route with its guard, as declared: a new route changes
    /// the table, and this test prints the table to paste.
    #[test]
    fn api_md_lists_every_state_changing_route() {
        let (_, edits) = crate::routes().finish();
        let expected = table(&edits);
        let doc = include_str!("../API.md");
        let begin = "<!-- guarded routes: begin -->\n";
        let end = "<!-- guarded routes: end -->";
        let listed = doc
            .split_once(begin)
            .and_then(|(_, rest)| rest.split_once(end))
            .map(|(t, _)| t)
            .unwrap_or("");
        assert_eq!(
            listed, expected,
            "API.md's table of guarded routes is out of date; it should read:\n{expected}"
        );
    }

    #[test]
    fn every_path_has_one_guard() {
        let (_, edits) = crate::routes().finish();
        let mut seen = HashMap::new();
        for e in &edits {
            if let Some(g) = seen.insert(e.path.clone(), e.guard) {
                panic!("{} declared twice ({g:?}, {:?})", e.path, e.guard);
            }
        }
    }
}
