//! The server's limits: how large a body may be, and how fast board and table codes may be
//! guessed. Each client address may type [`MAX_WRONG`] wrong codes in [`WINDOW`]; then every code
//! is refused (429) until the oldest wrong one is out of the window.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub const MAX_WRONG: usize = 10;
pub const WINDOW: Duration = Duration::from_secs(600);

/// Wrong codes per client address, in a sliding window.
#[derive(Debug, Default)]
pub struct CodeLimiter {
    wrong: Mutex<HashMap<IpAddr, VecDeque<Instant>>>,
}

impl CodeLimiter {
    fn prune(list: &mut VecDeque<Instant>, now: Instant) {
        while list
            .front()
            .is_some_and(|t| now.duration_since(*t) >= WINDOW)
        {
            list.pop_front();
        }
    }

    /// Whether `ip` may try a code now.
    pub fn allowed(&self, ip: IpAddr) -> bool {
        let mut map = self.wrong.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        match map.get_mut(&ip) {
            Some(list) => {
                Self::prune(list, now);
                list.len() < MAX_WRONG
            }
            None => true,
        }
    }

    /// Counts a wrong code from `ip`.
    pub fn wrong(&self, ip: IpAddr) {
        let mut map = self.wrong.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        // Keep the map small: forget addresses whose window is empty.
        if map.len() > 10_000 {
            map.retain(|_, list| {
                Self::prune(list, now);
                !list.is_empty()
            });
        }
        let list = map.entry(ip).or_default();
        Self::prune(list, now);
        list.push_back(now);
    }
}

/// Largest request body read (a database restore).
pub const MAX_BODY: usize = 256 * 1024 * 1024;

/// Largest rating-list upload (FIDE's TXT list is about 100 MB).
pub const RATING_LIST_MAX_BODY: usize = 300 * 1024 * 1024;

/// Whether a request's path is one of the rating-list uploads (the CSRF check reads their
/// bodies with the larger limit).
pub fn is_upload_path(path: &str) -> bool {
    path == "/rating-list" || path == "/api/rating-list"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_wrong_codes_then_refused() {
        let l = CodeLimiter::default();
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        let other: IpAddr = "192.0.2.2".parse().unwrap();
        for _ in 0..MAX_WRONG {
            assert!(l.allowed(ip));
            l.wrong(ip);
        }
        assert!(!l.allowed(ip));
        assert!(l.allowed(other));
    }
}
