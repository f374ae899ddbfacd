//! The connections the server holds (issue 34 §2): at most [`Limits::connections`] in all and
//! [`Limits::connections_per_address`] from one address, shared fairly between addresses.
//!
//! Before, a full server stopped accepting: thousands of sockets opened from a few thousand
//! addresses and reopened as soon as the server closed them kept everyone else waiting in the
//! kernel's queue (19.6 s for `/login`). Now the server always accepts, and when it is full a
//! newcomer takes the place of an idle connection (no request under way, none for
//! [`GRACE`]) of an address holding more connections than the newcomer's does: the busiest
//! addresses give way first, a visitor's single connection last. When nobody can give way,
//! the newcomer hears 503.
//!
//! [`Limits::connections`]: crate::Limits::connections
//! [`Limits::connections_per_address`]: crate::Limits::connections_per_address

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};

/// How long a connection just opened, or just answered, keeps its place when the server is
/// full: its client's request is on the way (a phone sends it right after connecting).
pub const GRACE: Duration = Duration::from_millis(500);

/// One connection held.
#[derive(Debug)]
pub struct Held {
    id: u64,
    ip: IpAddr,
    /// Requests under way on it (until their answer's body is sent).
    busy: AtomicUsize,
    /// When it opened or last finished an answer, in milliseconds since [`epoch`].
    idle_since: AtomicU64,
    /// Told to close: its place went to a newcomer.
    pub close: tokio::sync::Notify,
}

fn epoch() -> Instant {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

fn now_ms() -> u64 {
    epoch().elapsed().as_millis() as u64
}

impl Held {
    /// Marks a request under way until the guard (kept by its answer's body) is dropped.
    pub fn request(self: &Arc<Held>) -> Busy {
        self.busy.fetch_add(1, Ordering::AcqRel);
        Busy(self.clone())
    }

    fn idle_for(&self, now: u64) -> Option<u64> {
        (self.busy.load(Ordering::Acquire) == 0)
            .then(|| now.saturating_sub(self.idle_since.load(Ordering::Acquire)))
    }
}

/// A request under way on a connection.
#[derive(Debug)]
pub struct Busy(Arc<Held>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.idle_since.store(now_ms(), Ordering::Release);
        self.0.busy.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Why a connection was not admitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// Its address holds [`crate::Limits::connections_per_address`] already.
    TooManyFromAddress,
    /// The server is full and no connection could give way.
    Full,
}

/// Every connection held, by address.
#[derive(Debug)]
pub struct Connections {
    cap: usize,
    per_address: usize,
    inner: Mutex<Table>,
}

#[derive(Debug, Default)]
struct Table {
    next: u64,
    total: usize,
    by_address: HashMap<IpAddr, Vec<Arc<Held>>>,
    /// Addresses by how many connections they hold.
    by_count: BTreeMap<usize, BTreeSet<IpAddr>>,
}

impl Table {
    fn recount(&mut self, ip: IpAddr, from: usize, to: usize) {
        if from > 0 {
            if let Some(set) = self.by_count.get_mut(&from) {
                set.remove(&ip);
                if set.is_empty() {
                    self.by_count.remove(&from);
                }
            }
        }
        if to > 0 {
            self.by_count.entry(to).or_default().insert(ip);
        }
    }

    fn remove(&mut self, held: &Held) -> bool {
        let Some(list) = self.by_address.get_mut(&held.ip) else {
            return false;
        };
        let Some(at) = list.iter().position(|h| h.id == held.id) else {
            return false;
        };
        list.swap_remove(at);
        let left = list.len();
        if left == 0 {
            self.by_address.remove(&held.ip);
        }
        self.recount(held.ip, left + 1, left);
        self.total -= 1;
        true
    }

    /// The connection to close for a newcomer whose address holds `mine`: the longest idle
    /// (past [`GRACE`]) of the address holding the most, among addresses holding more than
    /// `mine`. A newcomer whose address holds nothing (a visitor, where a flood's addresses
    /// hold one or two each) may also take a younger idle one: a flood reopening its sockets
    /// at once keeps most connections younger than the grace.
    fn give_way(&self, mine: usize) -> Option<Arc<Held>> {
        self.longest_idle(mine, GRACE.as_millis() as u64)
            .or_else(|| (mine == 0).then(|| self.longest_idle(0, 0)).flatten())
    }

    fn longest_idle(&self, mine: usize, grace: u64) -> Option<Arc<Held>> {
        let now = now_ms();
        for (_, addresses) in self.by_count.range(mine + 1..).rev() {
            for ip in addresses {
                let Some(list) = self.by_address.get(ip) else {
                    continue;
                };
                let longest = list
                    .iter()
                    .filter_map(|h| Some((h.idle_for(now)?, h)))
                    .filter(|(idle, _)| *idle >= grace)
                    .max_by_key(|(idle, _)| *idle);
                if let Some((_, h)) = longest {
                    return Some(h.clone());
                }
            }
        }
        None
    }
}

impl Connections {
    pub fn new(cap: usize, per_address: usize) -> Arc<Connections> {
        Arc::new(Connections {
            cap: cap.max(1),
            per_address: per_address.max(1),
            inner: Mutex::default(),
        })
    }

    fn table(&self) -> std::sync::MutexGuard<'_, Table> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Admits a connection from `ip`, closing an idle one of a busier address when the server
    /// is full.
    pub fn admit(self: &Arc<Self>, ip: IpAddr) -> Result<Place, Refused> {
        let mut t = self.table();
        let mine = t.by_address.get(&ip).map_or(0, Vec::len);
        if mine >= self.per_address {
            return Err(Refused::TooManyFromAddress);
        }
        if t.total >= self.cap {
            let out = t.give_way(mine).ok_or(Refused::Full)?;
            t.remove(&out);
            out.close.notify_one();
        }
        t.next += 1;
        let held = Arc::new(Held {
            id: t.next,
            ip,
            busy: AtomicUsize::new(0),
            idle_since: AtomicU64::new(now_ms()),
            close: tokio::sync::Notify::new(),
        });
        t.by_address.entry(ip).or_default().push(held.clone());
        t.recount(ip, mine, mine + 1);
        t.total += 1;
        Ok(Place {
            connections: self.clone(),
            held,
        })
    }

    /// Connections held now.
    #[cfg(test)]
    fn total(&self) -> usize {
        self.table().total
    }
}

/// A connection's place; given back when dropped (unless it was given to a newcomer).
#[derive(Debug)]
pub struct Place {
    connections: Arc<Connections>,
    pub held: Arc<Held>,
}

impl Drop for Place {
    fn drop(&mut self) {
        self.connections.table().remove(&self.held);
    }
}

/// An answer's body that keeps its connection busy until it is sent (or dropped): a download
/// under way is not an idle connection.
pub struct Answering {
    body: Body,
    _busy: Busy,
}

impl Answering {
    pub fn body(body: Body, busy: Busy) -> Body {
        Body::new(Answering { body, _busy: busy })
    }
}

impl http_body::Body for Answering {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    /// Backdates a connection's last answer past the grace.
    fn age(p: &Place) {
        p.held.idle_since.store(0, Ordering::Release);
        std::thread::sleep(GRACE + Duration::from_millis(20));
    }

    #[test]
    fn a_full_server_takes_a_newcomer_in_place_of_the_busiest_addresss_idle_connection() {
        let c = Connections::new(4, 3);
        let a: Vec<Place> = (0..3).map(|_| c.admit(ip("10.0.0.1")).unwrap()).collect();
        let b = c.admit(ip("10.0.0.2")).unwrap();
        for p in a.iter().chain([&b]) {
            age(p);
        }
        // The fourth address-one connection is over its address's cap.
        assert_eq!(
            c.admit(ip("10.0.0.1")).unwrap_err(),
            Refused::TooManyFromAddress
        );
        // A newcomer: address one (three held) gives way, not address two (one held).
        let fresh = c.admit(ip("10.0.0.3")).unwrap();
        assert_eq!(c.total(), 4);
        let closed: Vec<bool> = a
            .iter()
            .map(|p| {
                !c.table().by_address[&p.held.ip]
                    .iter()
                    .any(|h| h.id == p.held.id)
            })
            .collect();
        assert_eq!(closed.iter().filter(|x| **x).count(), 1);
        assert!(c.table().by_address[&ip("10.0.0.2")].len() == 1);
        // A connection busy answering never gives way; one within its grace only to an address
        // holding nothing.
        let _busy: Vec<Busy> = a.iter().map(|p| p.held.request()).collect();
        let _b = b.held.request();
        assert_eq!(c.admit(ip("10.0.0.3")).unwrap_err(), Refused::Full);
        let visitor = c.admit(ip("10.0.0.4")).unwrap();
        assert!(!c.table().by_address.contains_key(&ip("10.0.0.3")));
        let _v = visitor.held.request();
        assert_eq!(c.admit(ip("10.0.0.5")).unwrap_err(), Refused::Full);
        drop(fresh);
        drop(visitor);
        assert_eq!(c.total(), 3);
    }
}
