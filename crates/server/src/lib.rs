//! The arbiter web application: server-rendered pages for the arbiter, public read-only pages
//! for the hall, a page where players report their board's result from a phone, and a JSON API
//! (`API.md`) that mirrors every action.
//!
//! A request flows one way: [`context`] (language, login session, CSRF check) → handler →
//! [`store`] → page or JSON. Errors become statuses in one place, [`error::AppError`].
//!
//! ```no_run
//! let config = server::Config {
//!     db: "event.db".into(),
//!     listen: "127.0.0.1:0".parse().unwrap(),
//!     demo: false,
//! };
//! let running = server::spawn(config).unwrap();
//! println!("listening on {}", running.addr);
//! running.stop();
//! ```

pub mod auth;
pub mod backup;
pub mod bridge;
pub mod chess;
pub mod context;
pub mod ctx;
mod demo;
pub mod edits;
pub mod error;
pub mod error_page;
mod forms;
pub mod json;
mod limit;
pub mod page;

/// The catalogues and the locale's formats live in the renderer, shared with the command line.
pub use report::i18n;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;

pub use ctx::Ctx;
pub use error::AppError;

/// How the server starts: one struct from the command line's flags.
#[derive(Debug, Clone)]
pub struct Config {
    /// The SQLite file (created with its folder's contents on first start).
    pub db: PathBuf,
    /// Where to listen; port 0 picks a free one (the printed URL names it).
    pub listen: SocketAddr,
    /// Load the sample event when the database has no event.
    pub demo: bool,
}

impl Config {
    pub const DEFAULT_LISTEN: &'static str = "127.0.0.1:8080";
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
    #[error("server: {0}")]
    Io(#[from] std::io::Error),
}

/// What every handler shares.
#[derive(Debug, Clone)]
pub struct AppState {
    pub store: store::Store,
    /// Where the database file lives (backup downloads and restores go through temporary files beside it).
    pub db_path: PathBuf,
    pub limiter: Arc<limit::CodeLimiter>,
    /// Public pages as anonymous visitors see them, by event and language, with the event's
    /// version they were rendered at (projectors and phones reload them every 30 seconds).
    pub public_pages: Arc<std::sync::Mutex<PublicPages>>,
}

/// Rendered public pages: (event, language) → (event version, HTML).
pub type PublicPages = std::collections::HashMap<(store::EventId, &'static str), (i64, String)>;

/// The whole application's routes.
pub fn app(state: AppState) -> Router {
    let api = Router::new()
        .merge(auth::api_routes())
        .merge(backup::api_routes())
        .merge(chess::api_routes())
        .fallback(|| async { AppError::NotFound });
    Router::new()
        .merge(page::routes())
        .merge(auth::routes())
        .merge(backup::routes())
        .merge(chess::routes())
        .merge(bridge::routes())
        .nest("/api", api)
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
    // A hall's phones connect at once at the end of a round: a queue longer than the usual
    // 128 keeps the kernel from dropping connections (a dropped one waits a second to retry).
    let listener = socket.listen(1024).map_err(listen_error)?;
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
        Some(format!("http://{addr}/setup?token={token}"))
    };
    let state = AppState {
        store,
        db_path: config.db.clone(),
        limiter: Arc::new(limit::CodeLimiter::default()),
        public_pages: Arc::default(),
    };
    Ok(Bound {
        listener,
        router: app(state),
        addr,
        setup_url,
    })
}

impl Bound {
    async fn serve(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> Result<(), Error> {
        axum::serve(
            self.listener,
            self.router
                .into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(shutdown)
        .await?;
        Ok(())
    }
}

fn runtime() -> Result<tokio::runtime::Runtime, Error> {
    // Handlers make short blocking SQLite calls on the worker threads; more workers than cores
    // keep one call waiting for the writing connection from stalling every other request.
    let cores = std::thread::available_parallelism().map_or(2, usize::from);
    Ok(tokio::runtime::Builder::new_multi_thread()
        .worker_threads((4 * cores).max(8))
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
    runtime()?.block_on(async move {
        let bound = bind(&config).await?;
        println!("arbiter listening on http://{}/", bound.addr);
        if let Some(url) = &bound.setup_url {
            println!("no arbiter account yet: create the first one at {url}");
        }
        use std::io::Write as _;
        let _ = std::io::stdout().flush();
        bound.serve(stop_signal()).await?;
        println!("arbiter stopped");
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
        let rt = runtime()?;
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
