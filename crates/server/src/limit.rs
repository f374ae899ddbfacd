//! The server's limits: what a request may send and how long it may take, how many connections
//! one address and everyone together may hold, and how many password checks run at once. Wrong
//! passwords and codes are counted in the database ([`store::throttle`]).
//!
//! A body is bounded before it is read: a visitor without a login session (the login and setup
//! forms, a player's report, a bridge table's entry) sends at most [`ANONYMOUS_MAX_BODY`]; a
//! declared length beyond the limit is refused at once (413), unread, and the connection closed.

use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use futures_util::Stream;

/// Largest body of a request without a login session.
pub const ANONYMOUS_MAX_BODY: usize = 16 * 1024;

/// Largest request body of a logged-in arbiter (a rating list, a database to restore): such
/// bodies are streamed to their handler, which applies its own smaller limit.
pub const MAX_BODY: usize = 300 * 1024 * 1024;

/// Largest database restored.
pub const RESTORE_MAX_BODY: usize = 256 * 1024 * 1024;

/// Largest rating-list upload (FIDE's TXT list is about 100 MB).
pub const RATING_LIST_MAX_BODY: usize = 300 * 1024 * 1024;

/// Largest form body read whole (by the CSRF check) from a logged-in arbiter.
pub const FORM_MAX_BODY: usize = 2 * 1024 * 1024;

/// How the server holds up against slow, idle and greedy clients. [`Limits::default`] is what
/// `arbiter serve` uses.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Connections held at once, every address together (also bounded by the process's open
    /// files: see [`Limits::fitted`]). Beyond it, a new connection takes the place of an idle
    /// one of an address holding more (`connections.rs`), or is answered 503 and closed.
    pub connections: usize,
    /// Connections held at once from one address; beyond it, a new one is answered 503 and
    /// closed.
    pub connections_per_address: usize,
    /// Time for a request's headers to arrive, and for an idle kept-alive connection to send
    /// its next request.
    pub header_timeout: Duration,
    /// Longest silence while a body arrives.
    pub body_idle_timeout: Duration,
    /// Time for a whole body without a login session (a few KB) to arrive.
    pub anonymous_body_timeout: Duration,
    /// Password checks (Argon2, about 19 MB each) at once.
    pub password_checks: usize,
    /// How long a login waits for its turn before 503.
    pub password_wait: Duration,
    /// Threads for blocking work (database calls, password checks).
    pub blocking_threads: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            connections: 4096,
            connections_per_address: 512,
            header_timeout: Duration::from_secs(10),
            body_idle_timeout: Duration::from_secs(20),
            anonymous_body_timeout: Duration::from_secs(20),
            password_checks: 2,
            password_wait: Duration::from_secs(5),
            blocking_threads: 32,
        }
    }
}

impl Limits {
    /// The limits within `open_files` (the process's limit of open files): a quarter is kept
    /// for the database, its temporary files and the rest.
    pub fn fitted(mut self, open_files: u64) -> Limits {
        let room = (open_files.saturating_sub(64) * 3 / 4).max(16) as usize;
        self.connections = self.connections.min(room);
        self.connections_per_address = self.connections_per_address.min(self.connections);
        self
    }
}

/// Raises the soft limit of open files to the hard one (where the system allows it) and answers
/// the soft limit in force.
pub fn raise_open_files() -> u64 {
    #[cfg(unix)]
    {
        use rustix::process::{getrlimit, setrlimit, Resource};
        let limit = getrlimit(Resource::Nofile);
        if let (Some(current), maximum) = (limit.current, limit.maximum) {
            let wanted = maximum.unwrap_or(current).min(1 << 20);
            if wanted > current {
                let raised = rustix::process::Rlimit {
                    current: Some(wanted),
                    maximum,
                };
                if setrlimit(Resource::Nofile, raised).is_ok() {
                    return wanted;
                }
            }
            return current;
        }
        u64::MAX
    }
    #[cfg(not(unix))]
    {
        u64::MAX
    }
}

/// Why a guarded body stopped.
#[derive(Debug, thiserror::Error)]
pub enum BodyError {
    #[error("request body over {0} bytes")]
    TooLarge(usize),
    #[error("request body too slow")]
    TooSlow,
}

/// A request body read with a size limit and time limits: at most `limit` bytes, no silence
/// longer than `idle`, and all of it within `total` when given. Past a limit it yields an error
/// ([`BodyError`]) and nothing more.
pub fn guarded(body: Body, limit: usize, idle: Duration, total: Option<Duration>) -> Body {
    let deadline = total.map(|t| tokio::time::Instant::now() + t);
    Body::from_stream(Guarded {
        inner: Some(body.into_data_stream()),
        read: 0,
        limit,
        idle,
        deadline,
        timer: Box::pin(tokio::time::sleep(idle)),
    })
}

struct Guarded {
    inner: Option<axum::body::BodyDataStream>,
    read: usize,
    limit: usize,
    idle: Duration,
    deadline: Option<tokio::time::Instant>,
    timer: Pin<Box<tokio::time::Sleep>>,
}

impl Stream for Guarded {
    type Item = Result<Bytes, axum::Error>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = &mut *self;
        let Some(inner) = this.inner.as_mut() else {
            return Poll::Ready(None);
        };
        match Pin::new(inner).poll_next(cx) {
            Poll::Ready(Some(Ok(chunk))) => {
                this.read += chunk.len();
                if this.read > this.limit {
                    this.inner = None;
                    return Poll::Ready(Some(Err(axum::Error::new(BodyError::TooLarge(
                        this.limit,
                    )))));
                }
                let next = tokio::time::Instant::now() + this.idle;
                let next = this.deadline.map_or(next, |d| d.min(next));
                this.timer.as_mut().reset(next);
                Poll::Ready(Some(Ok(chunk)))
            }
            Poll::Ready(other) => {
                this.inner = None;
                Poll::Ready(other)
            }
            Poll::Pending => match std::future::Future::poll(this.timer.as_mut(), cx) {
                Poll::Ready(()) => {
                    this.inner = None;
                    Poll::Ready(Some(Err(axum::Error::new(BodyError::TooSlow))))
                }
                Poll::Pending => Poll::Pending,
            },
        }
    }
}

/// What a failed body read means for the visitor: too large (413) or cut short / too slow (400).
pub fn body_failure(e: &axum::Error) -> crate::AppError {
    use std::error::Error as _;
    let mut source: Option<&(dyn std::error::Error + 'static)> = e.source();
    while let Some(s) = source {
        if let Some(BodyError::TooLarge(limit)) = s.downcast_ref::<BodyError>() {
            return crate::AppError::TooLarge { limit: *limit };
        }
        source = s.source();
    }
    crate::AppError::Malformed {
        part: "body",
        detail: e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_body_past_its_limit_stops() {
        let body = Body::from(vec![b'x'; 100]);
        let guarded = guarded(body, 10, Duration::from_secs(5), None);
        let e = axum::body::to_bytes(guarded, usize::MAX).await.unwrap_err();
        assert!(matches!(
            body_failure(&e),
            crate::AppError::TooLarge { limit: 10 }
        ));
    }

    #[test]
    fn connections_fit_the_open_files() {
        let l = Limits::default().fitted(1024);
        assert!(l.connections <= 720 && l.connections_per_address <= l.connections);
        assert_eq!(Limits::default().fitted(1 << 20).connections, 4096);
    }
}
