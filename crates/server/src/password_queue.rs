//! The queue of password checks: a few run at once (Argon2, about 19 MB and tens of
//! milliseconds each); the others wait their turn, addresses without a wrong password today
//! ahead of the ones that have failed ([`store::throttle::LOGIN_ADDRESS_DAY`]), first come first
//! served within each class, and one address holds at most [`PER_ADDRESS`] places. A flood of
//! wrong logins from a hundred addresses thus waits behind the arbiter's login instead of
//! filling the slots.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::error::AppError;

/// Checks one address may have waiting or running at once; one more is answered busy at once.
pub const PER_ADDRESS: usize = 2;

/// Which line a check waits in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// No wrong password from the address today (and account creation by an arbiter).
    Clean,
    /// The address has sent wrong passwords.
    Failing,
}

#[derive(Debug)]
struct Waiter {
    id: u64,
    address: IpAddr,
    hand: tokio::sync::oneshot::Sender<Turn>,
}

#[derive(Debug, Default)]
struct Lines {
    running: usize,
    clean: VecDeque<Waiter>,
    failing: VecDeque<Waiter>,
    /// Places (waiting or running) by address.
    held: HashMap<IpAddr, usize>,
    next_id: u64,
}

impl Lines {
    fn release(&mut self, address: IpAddr) {
        if let Some(n) = self.held.get_mut(&address) {
            *n -= 1;
            if *n == 0 {
                self.held.remove(&address);
            }
        }
    }
}

/// Password checks running and waiting.
#[derive(Debug)]
pub struct PasswordQueue {
    slots: usize,
    lines: Mutex<Lines>,
}

/// A running check's slot, given to the next in line when dropped.
#[derive(Debug)]
pub struct Turn {
    queue: Option<Arc<PasswordQueue>>,
    address: IpAddr,
}

impl Drop for Turn {
    fn drop(&mut self) {
        if let Some(queue) = self.queue.take() {
            queue.finished(self.address);
        }
    }
}

impl PasswordQueue {
    pub fn new(slots: usize) -> Arc<PasswordQueue> {
        Arc::new(PasswordQueue {
            slots: slots.max(1),
            lines: Mutex::new(Lines::default()),
        })
    }

    fn lines(&self) -> std::sync::MutexGuard<'_, Lines> {
        self.lines.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for a turn to check a password from `address`: at once when a slot is free and
    /// nobody of the same class or better waits; after `wait`, or at once when the address
    /// already holds [`PER_ADDRESS`] places, [`AppError::Busy`].
    pub async fn turn(
        self: &Arc<Self>,
        address: IpAddr,
        class: Class,
        wait: Duration,
    ) -> Result<Turn, AppError> {
        let busy = || AppError::Busy { retry_after: 5 };
        let (id, handed) = {
            let mut lines = self.lines();
            let held = lines.held.entry(address).or_insert(0);
            if *held >= PER_ADDRESS {
                return Err(busy());
            }
            *held += 1;
            let ahead = match class {
                Class::Clean => lines.clean.len(),
                Class::Failing => lines.clean.len() + lines.failing.len(),
            };
            if lines.running < self.slots && ahead == 0 {
                lines.running += 1;
                return Ok(Turn {
                    queue: Some(self.clone()),
                    address,
                });
            }
            let (hand, handed) = tokio::sync::oneshot::channel();
            lines.next_id += 1;
            let id = lines.next_id;
            let waiter = Waiter { id, address, hand };
            match class {
                Class::Clean => lines.clean.push_back(waiter),
                Class::Failing => lines.failing.push_back(waiter),
            }
            (id, handed)
        };
        let mut handed = handed;
        match tokio::time::timeout(wait, &mut handed).await {
            Ok(Ok(turn)) => Ok(turn),
            _ => {
                let mut lines = self.lines();
                let before = lines.clean.len() + lines.failing.len();
                lines.clean.retain(|w| w.id != id);
                lines.failing.retain(|w| w.id != id);
                if lines.clean.len() + lines.failing.len() < before {
                    lines.release(address);
                    return Err(busy());
                }
                drop(lines);
                // Handed a turn just as the wait ended: take it.
                handed.try_recv().map_err(|_| busy())
            }
        }
    }

    /// A check ended: its slot goes to the next waiting check still wanted (clean ones first).
    fn finished(self: Arc<Self>, address: IpAddr) {
        let mut lines = self.lines();
        lines.release(address);
        loop {
            let Some(next) = lines
                .clean
                .pop_front()
                .or_else(|| lines.failing.pop_front())
            else {
                lines.running -= 1;
                return;
            };
            let turn = Turn {
                queue: Some(self.clone()),
                address: next.address,
            };
            if let Err(mut unwanted) = next.hand.send(turn) {
                // The visitor left: its place is freed here, under the lock already held.
                unwanted.queue = None;
                lines.release(next.address);
                continue;
            }
            return;
        }
    }

    /// Checks running and waiting (for the tests).
    #[cfg(test)]
    fn counts(&self) -> (usize, usize, usize) {
        let lines = self.lines();
        (lines.running, lines.clean.len(), lines.failing.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, last])
    }

    #[tokio::test]
    async fn clean_addresses_go_first() {
        let q = PasswordQueue::new(1);
        let long = Duration::from_secs(5);
        let running = q.turn(ip(2), Class::Failing, long).await.unwrap();
        let failing = tokio::spawn({
            let q = q.clone();
            async move { q.turn(ip(3), Class::Failing, long).await.map(|_| "failing") }
        });
        tokio::task::yield_now().await;
        tokio::time::sleep(Duration::from_millis(20)).await;
        let clean = tokio::spawn({
            let q = q.clone();
            async move {
                let t = q.turn(ip(4), Class::Clean, long).await;
                // Held a moment, so that the failing one is still waiting when this one runs.
                let (_, _, failing) = q.counts();
                drop(t);
                failing
            }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(q.counts(), (1, 1, 1));
        drop(running);
        assert_eq!(clean.await.unwrap(), 1, "the clean check ran first");
        assert_eq!(failing.await.unwrap().unwrap(), "failing");
        assert_eq!(q.counts(), (0, 0, 0));
    }

    #[tokio::test]
    async fn one_address_holds_two_places_at_most() {
        let q = PasswordQueue::new(1);
        let _running = q
            .turn(ip(2), Class::Failing, Duration::from_secs(1))
            .await
            .unwrap();
        let second = tokio::spawn({
            let q = q.clone();
            async move {
                q.turn(ip(2), Class::Failing, Duration::from_secs(1))
                    .await
                    .is_ok()
            }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        let start = std::time::Instant::now();
        let third = q.turn(ip(2), Class::Failing, Duration::from_secs(1)).await;
        assert!(matches!(third, Err(AppError::Busy { .. })));
        assert!(
            start.elapsed() < Duration::from_millis(500),
            "refused at once"
        );
        second.abort();
    }

    #[tokio::test]
    async fn a_wait_that_ends_gives_its_place_back() {
        let q = PasswordQueue::new(1);
        let running = q
            .turn(ip(2), Class::Clean, Duration::from_secs(1))
            .await
            .unwrap();
        for _ in 0..3 {
            let r = q.turn(ip(3), Class::Clean, Duration::from_millis(5)).await;
            assert!(matches!(r, Err(AppError::Busy { .. })));
        }
        assert_eq!(q.counts(), (1, 0, 0));
        drop(running);
        assert_eq!(q.counts(), (0, 0, 0));
        let again = q.turn(ip(3), Class::Clean, Duration::from_millis(5)).await;
        assert!(again.is_ok());
    }
}
