//! The arbiter web application: server-rendered pages for the arbiter, public read-only pages
//! for the hall, a page where players report their board's result from a phone, and a JSON API
//! (`API.md`) that mirrors every action.
//!
//! A request flows one way: [`context`] (language, login session, CSRF check) → handler →
//! [`store`] → page or JSON. Errors become statuses in one place, [`error::AppError`].
//!
//! ```no_run
//! let config = server::Config::new("event.db".into(), "127.0.0.1:0".parse().unwrap());
//! let running = server::spawn(config).unwrap();
//! println!("listening on {}", running.addr);
//! running.stop();
//! ```

pub mod auth;
pub mod backup;
pub mod bridge;
pub mod chess;
pub mod chess_results;
mod connections;
pub mod context;
pub mod ctx;
mod demo;
pub mod edits;
pub mod error;
pub mod error_page;
mod forms;
pub mod guard;
pub mod json;
mod limit;
pub mod log;
pub mod page;
pub mod password_queue;
pub mod slips;
pub mod teams;

/// The catalogues and the locale's formats live in the renderer, shared with the command line.
pub use report::i18n;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;

pub use ctx::Ctx;
pub use error::AppError;
pub use limit::Limits;

/// The allocator of every program running the server (`arbiter serve`, the tests, the
/// benchmarks). glibc's malloc keeps what a flood of connections freed (each connection's
/// buffers, a few KB to 64 KB, spread over the arenas of the runtime's threads) and gives back
/// only the top of each arena: 60 s after 6,000 sockets the process still held 185 MB for a
/// baseline of 108 MB (`malloc_trim` would need unsafe code of ours, which the workspace
/// forbids; mimalloc, tried, kept 225 MB). jemalloc returns pages that stayed free for its
/// decay time (10 s), purged by its background thread even when no thread allocates
/// ([`release_freed_memory`]): 104 MB 60 s after the same flood, for 142 MB before it.
#[cfg(all(target_os = "linux", not(target_env = "musl")))]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// Starts jemalloc's background thread, which gives freed pages back to the system after the
/// decay time whether or not the server is busy.
fn release_freed_memory() {
    #[cfg(all(target_os = "linux", not(target_env = "musl")))]
    if let Err(e) = tikv_jemalloc_ctl::background_thread::write(true) {
        log::error(format_args!(
            "starting the allocator's background thread: {e}"
        ));
    }
}

/// How the server starts: one struct from the command line's flags.
#[derive(Debug, Clone)]
pub struct Config {
    /// The SQLite file (created with its folder's contents on first start).
    pub db: PathBuf,
    /// Where to listen; port 0 picks a free one (the printed URL names it).
    pub listen: SocketAddr,
    /// Load the sample event when the database has no event.
    pub demo: bool,
    /// The address visitors use when it is not the one listened on (a reverse proxy in front):
    /// the setup link names it, and an `https://` address gives every cookie the `Secure` flag.
    pub public_url: Option<String>,
    /// Trust the `X-Forwarded-Proto` header of a reverse proxy in front: a request it says came
    /// over `https` gets `Secure` cookies. Only for a server that nothing but the proxy reaches.
    pub forwarded_proto: bool,
    /// Timeouts, connection caps and concurrent password checks.
    pub limits: Limits,
    /// The credentials chess-results.com issued to this program: with them, an event's page
    /// publishes it there; without, it offers the upload file to download.
    pub chess_results: Option<chess_results::Credentials>,
    /// Whose house this is: a chess club's, a bridge club's, or both (the home page and the
    /// top bar follow it).
    pub house: House,
}

/// Whose house an installation is (issue 38 §4): a bridge club's opens on its bridge sessions
/// and its top bar leads to them and to bridge teams; a chess club's, and one of both, open on
/// the chess events (the bridge pages stay reachable from there).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum House {
    Chess,
    Bridge,
    #[default]
    Both,
}

impl House {
    pub const ALL: [House; 3] = [House::Chess, House::Bridge, House::Both];

    /// `chess`, `bridge` or `both`, as `arbiter serve --house` takes it.
    pub fn code(self) -> &'static str {
        match self {
            House::Chess => "chess",
            House::Bridge => "bridge",
            House::Both => "both",
        }
    }

    pub fn parse(s: &str) -> Option<House> {
        House::ALL.into_iter().find(|h| h.code() == s)
    }

    /// A bridge club's server: bridge is its home and its top bar.
    pub fn bridge_only(self) -> bool {
        self == House::Bridge
    }
}

impl Config {
    pub const DEFAULT_LISTEN: &'static str = "127.0.0.1:8080";

    /// A server on `db` listening on `listen`, with the default limits.
    pub fn new(db: PathBuf, listen: SocketAddr) -> Config {
        Config {
            db,
            listen,
            demo: false,
            public_url: None,
            forwarded_proto: false,
            limits: Limits::default(),
            chess_results: None,
            house: House::default(),
        }
    }
}

/// When cookies get the `Secure` flag (sent back over HTTPS only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SecureCookies {
    Never,
    /// The public address is `https://…`.
    Always,
    /// When the proxy's `X-Forwarded-Proto` says `https`.
    Forwarded,
}

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{path}: {source}")]
    Store {
        path: PathBuf,
        #[source]
        source: store::Error,
    },
    #[error("demo event: {0}")]
    Demo(store::Error),
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: SocketAddr,
        #[source]
        source: std::io::Error,
    },
    #[error("--public-url {0}: expected an address such as https://chess.example.org")]
    PublicUrl(String),
    #[error("server: {0}")]
    Io(#[from] std::io::Error),
}

/// What every handler shares.
#[derive(Debug, Clone)]
pub struct AppState {
    pub store: store::Store,
    /// Where the database file lives (backup downloads and restores go through temporary files beside it).
    pub db_path: PathBuf,
    /// Password checks under way or waiting (each Argon2 check takes about 19 MB), clean
    /// addresses first.
    pub password_checks: Arc<password_queue::PasswordQueue>,
    /// The threads that run them.
    pub passwords: Arc<auth::PasswordWorkers>,
    pub limits: Arc<Limits>,
    pub secure_cookies: SecureCookies,
    /// Public pages as anonymous visitors see them, by event and language, with the event's
    /// version they were rendered at (projectors and phones reload them every 30 seconds).
    pub public_pages: Arc<std::sync::Mutex<PublicPages>>,
    /// `--public-url` without its trailing slash: the address printed code slips give the
    /// phones when the page was opened by another one (the laptop browsing itself).
    pub public_url: Option<String>,
    /// chess-results.com's upload client, when the server has credentials for it.
    pub chess_results: Option<Arc<chess_results::Client>>,
    /// The double-dummy solver's worker and queue: every solve of hand records goes through it.
    pub solver: Arc<bridge::solver::Solver>,
    pub house: House,
}

/// Rendered public pages: (event, language) → (event version, the page).
pub type PublicPages =
    std::collections::HashMap<(store::EventId, &'static str), (i64, Arc<page::Rendered>)>;

/// Every route: the pages and the API (under `/api`), and every state-changing one with its
/// guard ([`guard`]).
pub fn routes() -> guard::Routes {
    let api = guard::Routes::new()
        .merge(auth::api_routes())
        .merge(backup::api_routes())
        .merge(chess::api_routes())
        .merge(teams::api_routes());
    guard::Routes::new()
        .merge(page::routes())
        .merge(auth::routes())
        .merge(backup::routes())
        .merge(chess::routes())
        .merge(bridge::routes())
        .merge(teams::routes())
        .nest("/api", api, || async { AppError::NotFound })
}

/// The whole application.
pub fn app(state: AppState) -> Router {
    let (router, edits) = routes().finish();
    router
        .route_layer(axum::middleware::from_fn_with_state(
            guard::Guards::new(state.clone(), &edits),
            guard::guard,
        ))
        .fallback(page::not_found)
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            edits::etag_on_reads,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            context::context,
        ))
        .with_state(state)
}

/// A bound, not yet serving application.
struct Bound {
    listener: tokio::net::TcpListener,
    router: Router,
    addr: SocketAddr,
    setup_url: Option<String>,
    limits: Limits,
    solver: Arc<bridge::solver::Solver>,
}

async fn bind(config: &Config) -> Result<Bound, Error> {
    let store = store::Store::open(&config.db).map_err(|source| Error::Store {
        path: config.db.clone(),
        source,
    })?;
    if config.demo {
        demo::load(&store).map_err(Error::Demo)?;
    }
    let listen_error = |source| Error::Listen {
        addr: config.listen,
        source,
    };
    let socket = if config.listen.is_ipv4() {
        tokio::net::TcpSocket::new_v4()
    } else {
        tokio::net::TcpSocket::new_v6()
    }
    .map_err(listen_error)?;
    socket.set_reuseaddr(true).map_err(listen_error)?;
    socket.bind(config.listen).map_err(listen_error)?;
    // A hall's phones connect at once at the end of a round, and a flood of sockets reopened as
    // soon as they close comes in thousands a second: a queue longer than the usual 128 keeps
    // the kernel from dropping connections (a dropped one waits a second to retry). The kernel
    // caps it at `net.core.somaxconn` (4,096 on today's Linux).
    let listener = socket.listen(4096).map_err(listen_error)?;
    let addr = listener.local_addr()?;
    let setup_url = if store.has_accounts().map_err(|source| Error::Store {
        path: config.db.clone(),
        source,
    })? {
        None
    } else {
        let token = store.create_setup_token().map_err(|source| Error::Store {
            path: config.db.clone(),
            source,
        })?;
        let base = match &config.public_url {
            Some(url) => url.trim_end_matches('/').to_string(),
            None => format!("http://{addr}"),
        };
        Some(format!("{base}/setup?token={token}"))
    };
    let secure_cookies = match &config.public_url {
        Some(url) if url.starts_with("https://") => SecureCookies::Always,
        Some(url) if !url.starts_with("http://") => return Err(Error::PublicUrl(url.clone())),
        _ if config.forwarded_proto => SecureCookies::Forwarded,
        _ => SecureCookies::Never,
    };
    let limits = config.limits.clone().fitted(limit::raise_open_files());
    release_freed_memory();
    let solver = bridge::solver::Solver::start(store.clone());
    let state = AppState {
        solver: solver.clone(),
        store,
        db_path: config.db.clone(),
        password_checks: password_queue::PasswordQueue::new(limits.password_checks),
        passwords: Arc::new(auth::PasswordWorkers::new(limits.password_checks)),
        limits: Arc::new(limits.clone()),
        secure_cookies,
        public_pages: Arc::default(),
        public_url: config
            .public_url
            .as_deref()
            .map(|u| u.trim_end_matches('/').to_string()),
        chess_results: config
            .chess_results
            .clone()
            .map(|c| Arc::new(chess_results::Client::new(c))),
        house: config.house,
    };
    Ok(Bound {
        listener,
        router: app(state),
        addr,
        setup_url,
        limits,
        solver,
    })
}

impl Bound {
    /// Serves until `shutdown`: our own accept loop over hyper's HTTP/1.1 connections, with a
    /// header-read (and idle keep-alive) timeout and the connections shared fairly between
    /// addresses ([`connections`]: beyond an address's cap, or when nobody can give way, 503
    /// and closed).
    async fn serve(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> Result<(), Error> {
        let Bound {
            listener,
            router,
            limits,
            solver,
            ..
        } = self;
        let held =
            connections::Connections::new(limits.connections, limits.connections_per_address);
        let graceful = hyper_util::server::graceful::GracefulShutdown::new();
        let mut http = hyper::server::conn::http1::Builder::new();
        http.timer(hyper_util::rt::TokioTimer::new())
            .header_read_timeout(limits.header_timeout)
            .max_buf_size(64 * 1024);
        tokio::pin!(shutdown);
        loop {
            let (stream, peer) = tokio::select! {
                accepted = listener.accept() => match accepted {
                    Ok(x) => x,
                    Err(e) => {
                        // Out of file descriptors, a connection reset before accept: wait a
                        // little rather than spin.
                        log::error(format_args!("accepting a connection: {e}"));
                        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                        continue;
                    }
                },
                () = &mut shutdown => break,
            };
            let place = match held.admit(peer.ip()) {
                Ok(place) => place,
                Err(refused) => {
                    tokio::spawn(refuse_busy(stream, refused));
                    continue;
                }
            };
            let _ = stream.set_nodelay(true);
            let router = router.clone();
            let connection = place.held.clone();
            let service = hyper::service::service_fn(
                move |mut req: hyper::Request<hyper::body::Incoming>| {
                    req.extensions_mut()
                        .insert(axum::extract::ConnectInfo(peer));
                    let router = router.clone();
                    let busy = connection.request();
                    async move {
                        use tower::ServiceExt;
                        let answer = router.oneshot(req.map(axum::body::Body::new)).await;
                        answer.map(|a| a.map(|body| connections::Answering::body(body, busy)))
                    }
                },
            );
            let connection = http.serve_connection(hyper_util::rt::TokioIo::new(stream), service);
            let connection = graceful.watch(connection);
            tokio::spawn(async move {
                // Given to a newcomer: dropped, which closes it (it was idle).
                tokio::select! {
                    _ = connection => {},
                    () = place.held.close.notified() => {},
                }
                drop(place);
            });
        }
        drop(listener);
        // Requests under way finish (a little while at most); idle connections close now.
        let _ = tokio::time::timeout(std::time::Duration::from_secs(10), graceful.shutdown()).await;
        // The solver keeps the batch it is solving, then stops; the deals left are asked for
        // again by the first page that shows them after a restart.
        solver.stop();
        Ok(())
    }
}

/// A connection refused (its address's cap, or a full server where nobody could give way):
/// 503 with `Retry-After`, then closed.
async fn refuse_busy(mut stream: tokio::net::TcpStream, why: connections::Refused) {
    use tokio::io::AsyncWriteExt;
    let body = match why {
        connections::Refused::TooManyFromAddress => "too many connections from this address\n",
        connections::Refused::Full => "the server is busy: try again in a moment\n",
    };
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(std::time::Duration::from_secs(2), async {
        let _ = stream.write_all(answer.as_bytes()).await;
        let _ = stream.shutdown().await;
    })
    .await;
}

fn runtime(limits: &Limits) -> Result<tokio::runtime::Runtime, Error> {
    // Handlers make short blocking SQLite calls on the worker threads; more workers than cores
    // keep one call waiting for the writing connection from stalling every other request.
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    Ok(tokio::runtime::Builder::new_multi_thread()
        .worker_threads((4 * cores).max(8))
        .max_blocking_threads(limits.blocking_threads.max(4))
        .enable_all()
        .build()?)
}

/// Resolves on Ctrl-C or SIGTERM.
async fn stop_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

/// Runs the server until Ctrl-C or SIGTERM: prints `arbiter listening on http://ADDR/` and,
/// when no account exists, the one-time setup link.
pub fn run(config: Config) -> Result<(), Error> {
    runtime(&config.limits)?.block_on(async move {
        let bound = bind(&config).await?;
        log::say(format_args!("arbiter listening on http://{}/", bound.addr));
        if let Some(url) = &bound.setup_url {
            log::say(format_args!(
                "no arbiter account yet: create the first one at {url}"
            ));
        }
        bound.serve(stop_signal()).await?;
        log::say(format_args!("arbiter stopped"));
        Ok(())
    })
}

/// A server running on its own thread (tests, benchmarks).
#[derive(Debug)]
pub struct Running {
    pub addr: SocketAddr,
    /// The one-time link printed when no account exists.
    pub setup_url: Option<String>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<Result<(), Error>>>,
}

impl Running {
    /// Stops the server gracefully and waits for it.
    pub fn stop(mut self) {
        self.shutdown();
    }

    fn shutdown(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// Starts the server on a thread of its own and returns once it listens.
pub fn spawn(config: Config) -> Result<Running, Error> {
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let thread = std::thread::spawn(move || -> Result<(), Error> {
        let rt = runtime(&config.limits)?;
        rt.block_on(async move {
            let bound = match bind(&config).await {
                Ok(b) => b,
                Err(e) => {
                    let _ = ready_tx.send(Err(e));
                    return Ok(());
                }
            };
            let _ = ready_tx.send(Ok((bound.addr, bound.setup_url.clone())));
            bound
                .serve(async move {
                    let _ = stop_rx.await;
                })
                .await
        })
    });
    match ready_rx.recv() {
        Ok(Ok((addr, setup_url))) => Ok(Running {
            addr,
            setup_url,
            stop: Some(stop_tx),
            thread: Some(thread),
        }),
        Ok(Err(e)) => {
            let _ = thread.join();
            Err(e)
        }
        Err(_) => match thread.join() {
            Ok(Err(e)) => Err(e),
            _ => Err(Error::Io(std::io::Error::other(
                "the server thread stopped before listening",
            ))),
        },
    }
}

#[cfg(test)]
mod catalogue_tests {
    /// Every catalogue key the server's code and templates name (the renderer tests its own).
    #[test]
    fn every_key_the_server_uses_is_in_the_catalogues() {
        // Every source file (the bridge pages included), then every template.
        let mut texts = crate::i18n::texts_under(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))
            .expect("the sources read");
        texts.extend(
            crate::i18n::texts_under(concat!(env!("CARGO_MANIFEST_DIR"), "/templates"))
                .expect("the templates read"),
        );
        let missing = crate::i18n::missing_keys(texts.iter().map(String::as_str));
        assert!(
            missing.is_empty(),
            "keys missing from the catalogues: {missing:?}"
        );
    }
}
