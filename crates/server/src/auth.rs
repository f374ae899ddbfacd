//! Logging in and out, the first account's set-up, and more arbiters' accounts: the pages and
//! their JSON API (`POST /api/login` answers the session's CSRF token).

use askama::Template;
use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Redirect};
use axum::{Form, Json};
use serde::Deserialize;
use serde_json::json;

use crate::ctx::{set_cookie, Arbiter, Ctx, SESSION_COOKIE};
use crate::error::AppError;
use crate::guard::{Guard, Own, Routes};
use crate::json::{body, done, ok, ApiResult};
use crate::page::{html, see, Page};
use crate::password_queue::Class;
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .get("/login", login_page)
        .post("/login", Guard::Own(Own::Account), login)
        .post("/logout", Guard::Own(Own::Account), logout)
        .get("/setup", setup_page)
        .post("/setup", Guard::Own(Own::Account), setup)
        .post("/accounts", Guard::Own(Own::Account), add_account)
}

/// The JSON API's routes (nested under `/api`).
pub fn api_routes() -> Routes {
    Routes::new()
        .post("/setup", Guard::Own(Own::Account), api_setup)
        .post("/login", Guard::Own(Own::Account), api_login)
        .post("/logout", Guard::Own(Own::Account), api_logout)
        .get("/session", api_session)
        .get("/csrf", api_csrf)
        .post("/accounts", Guard::Own(Own::Account), api_add_account)
}

#[derive(Template)]
#[template(path = "login.html")]
struct LoginPage {
    c: Ctx,
    next: String,
    no_account: bool,
    failed: bool,
    /// The database was just restored from a backup without this arbiter's account.
    restored: bool,
}

#[derive(Debug, Deserialize)]
struct NextQuery {
    next: Option<String>,
    restored: Option<String>,
}

fn safe_next(next: Option<String>) -> String {
    next.as_deref()
        .and_then(crate::ctx::local_path)
        .unwrap_or_else(|| "/".into())
}

async fn login_page(State(st): State<AppState>, c: Ctx, Query(q): Query<NextQuery>) -> Page {
    html(&LoginPage {
        c,
        next: safe_next(q.next),
        no_account: !st.store.has_accounts()?,
        failed: false,
        restored: q.restored.is_some(),
    })
}

#[derive(Debug, Deserialize)]
struct LoginForm {
    username: String,
    password: String,
    next: Option<String>,
}

fn session_cookie(token: &str) -> axum::http::HeaderValue {
    set_cookie(
        SESSION_COOKIE,
        token,
        Some(store::auth::SESSION_HOURS * 3600),
    )
}

/// Waits for a turn to check a password from `address` in its class's line
/// ([`crate::password_queue`]); after [`crate::Limits::password_wait`], 503.
pub(crate) async fn password_turn(
    st: &AppState,
    address: std::net::IpAddr,
    class: Class,
) -> Result<crate::password_queue::Turn, AppError> {
    st.password_checks
        .turn(address, class, st.limits.password_wait)
        .await
}

/// The threads that check passwords, as many as may run at once: their memory (Argon2's 19 MB
/// each) stays on these few threads instead of spreading over the blocking pool's.
#[derive(Debug)]
pub struct PasswordWorkers {
    jobs: std::sync::Mutex<std::sync::mpsc::Sender<Box<dyn FnOnce() + Send>>>,
}

impl PasswordWorkers {
    pub fn new(threads: usize) -> PasswordWorkers {
        let (tx, rx) = std::sync::mpsc::channel::<Box<dyn FnOnce() + Send>>();
        let rx = std::sync::Arc::new(std::sync::Mutex::new(rx));
        for i in 0..threads.max(1) {
            let rx = rx.clone();
            let _ = std::thread::Builder::new()
                .name(format!("arbiter-password-{i}"))
                .spawn(move || loop {
                    let job = rx.lock().unwrap_or_else(|e| e.into_inner()).recv();
                    match job {
                        Ok(job) => job(),
                        Err(_) => break,
                    }
                });
        }
        PasswordWorkers {
            jobs: std::sync::Mutex::new(tx),
        }
    }

    /// Runs a store call that checks or hashes a password on one of these threads.
    pub(crate) async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> Result<T, store::Error> + Send + 'static,
    ) -> Result<T, AppError> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let job: Box<dyn FnOnce() + Send> = Box::new(move || {
            let _ = tx.send(f());
        });
        self.jobs
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .send(job)
            .map_err(|_| AppError::Internal("the password threads stopped".into()))?;
        rx.await
            .map_err(|_| AppError::Internal("a password check stopped".into()))?
            .map_err(AppError::from)
    }
}

/// Runs `f` (a password check or hash) in its turn on the password threads.
async fn with_password<T: Send + 'static>(
    st: &AppState,
    address: std::net::IpAddr,
    class: Class,
    f: impl FnOnce() -> Result<T, store::Error> + Send + 'static,
) -> Result<T, AppError> {
    let turn = password_turn(st, address, class).await?;
    let out = st.passwords.run(f).await;
    drop(turn);
    out
}

/// Checks a password in its turn: the session, or the refusal. An address or account that
/// waits is refused before it takes a place in line; the others wait in their address's class.
async fn check_login(
    st: &AppState,
    address: std::net::IpAddr,
    username: String,
    password: String,
) -> Result<store::auth::LoginSession, AppError> {
    let standing = st.store.login_standing(&address.to_string(), &username)?;
    let class = if standing.clean {
        Class::Clean
    } else {
        Class::Failing
    };
    let store = st.store.clone();
    with_password(st, address, class, move || {
        store.login(&address.to_string(), &username, &password)
    })
    .await
}

async fn login(State(st): State<AppState>, c: Ctx, Form(f): Form<LoginForm>) -> Page {
    let (user, pass) = (f.username.clone(), f.password.clone());
    match check_login(&st, c.client_ip, user, pass).await {
        Ok(session) => {
            let mut r = Redirect::to(&safe_next(f.next)).into_response();
            r.headers_mut()
                .append(header::SET_COOKIE, session_cookie(&session.token));
            Ok(r)
        }
        Err(AppError::Store(store::Error::Refused {
            reason: store::Refusal::Login,
            ..
        })) => {
            let mut r = html(&LoginPage {
                c,
                next: safe_next(f.next),
                no_account: !st.store.has_accounts()?,
                failed: true,
                restored: false,
            })?;
            *r.status_mut() = StatusCode::UNAUTHORIZED;
            Ok(r)
        }
        Err(e) => Err(e),
    }
}

async fn logout(State(st): State<AppState>, c: Ctx) -> Page {
    if let Some(token) = &c.session_token {
        st.store.logout(token)?;
    }
    let mut r = Redirect::to("/login").into_response();
    r.headers_mut()
        .append(header::SET_COOKIE, set_cookie(SESSION_COOKIE, "", Some(0)));
    Ok(r)
}

#[derive(Template)]
#[template(path = "setup.html")]
struct SetupPage {
    c: Ctx,
    token: String,
    valid: bool,
}

#[derive(Debug, Deserialize)]
struct TokenQuery {
    token: Option<String>,
}

async fn setup_page(State(st): State<AppState>, c: Ctx, Query(q): Query<TokenQuery>) -> Page {
    let token = q.token.unwrap_or_default();
    let valid = st.store.setup_token_valid(&token)?;
    html(&SetupPage { c, token, valid })
}

#[derive(Debug, Deserialize)]
struct SetupForm {
    token: String,
    username: String,
    password: String,
}

async fn setup(State(st): State<AppState>, c: Ctx, Form(f): Form<SetupForm>) -> Page {
    let store = st.store.clone();
    let address = c.client_ip.to_string();
    let session = with_password(&st, c.client_ip, Class::Clean, move || {
        store.create_first_account(&f.token, &f.username, &f.password)?;
        store.login(&address, &f.username, &f.password)
    })
    .await?;
    let mut r = Redirect::to("/").into_response();
    r.headers_mut()
        .append(header::SET_COOKIE, session_cookie(&session.token));
    Ok(r)
}

#[derive(Debug, Deserialize)]
struct AccountForm {
    username: String,
    password: String,
}

async fn add_account(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Form(f): Form<AccountForm>,
) -> Page {
    let store = st.store.clone();
    with_password(&st, c.client_ip, Class::Clean, move || {
        store.create_account(&f.username, &f.password)
    })
    .await?;
    see("/backup?account=created")
}

#[derive(Debug, Deserialize)]
struct Credentials {
    #[serde(default)]
    token: String,
    username: String,
    password: String,
}

pub(crate) fn session_response(s: &store::auth::LoginSession) -> ApiResult {
    let mut r = Json(json!({
        "username": s.username,
        "csrf": s.csrf,
        "expires_at": s.expires_at,
    }))
    .into_response();
    r.headers_mut().append(
        header::SET_COOKIE,
        set_cookie(
            SESSION_COOKIE,
            &s.token,
            Some(store::auth::SESSION_HOURS * 3600),
        ),
    );
    Ok(r)
}

async fn api_setup(State(st): State<AppState>, ctx: Ctx, bytes: Bytes) -> ApiResult {
    let c: Credentials = body(&bytes)?;
    let store = st.store.clone();
    let address = ctx.client_ip.to_string();
    let s = with_password(&st, ctx.client_ip, Class::Clean, move || {
        store.create_first_account(&c.token, &c.username, &c.password)?;
        store.login(&address, &c.username, &c.password)
    })
    .await?;
    session_response(&s)
}

async fn api_login(State(st): State<AppState>, ctx: Ctx, bytes: Bytes) -> ApiResult {
    let c: Credentials = body(&bytes)?;
    let s = check_login(&st, ctx.client_ip, c.username, c.password).await?;
    session_response(&s)
}

async fn api_logout(State(st): State<AppState>, c: Ctx) -> ApiResult {
    if let Some(token) = &c.session_token {
        st.store.logout(token)?;
    }
    let mut r = done()?;
    r.headers_mut()
        .append(header::SET_COOKIE, set_cookie(SESSION_COOKIE, "", Some(0)));
    Ok(r)
}

async fn api_session(c: Ctx, a: Arbiter) -> ApiResult {
    ok(json!({ "username": a.username, "csrf": c.csrf }))
}

/// The token an anonymous client (a player's phone) repeats in `X-CSRF-Token`; it comes with
/// the `arbiter_anon` cookie.
async fn api_csrf(c: Ctx) -> ApiResult {
    ok(json!({ "csrf": c.csrf }))
}

#[derive(Debug, Deserialize)]
struct NewAccount {
    username: String,
    password: String,
}

async fn api_add_account(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    bytes: Bytes,
) -> ApiResult {
    let n: NewAccount = body(&bytes)?;
    let store = st.store.clone();
    with_password(&st, c.client_ip, Class::Clean, move || {
        store.create_account(&n.username, &n.password)
    })
    .await?;
    done()
}
