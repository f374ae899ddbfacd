//! Failed attempts, counted in the database: wrong passwords (per address and per account) and
//! wrong board or table codes (per address, and for every address together). The counts are
//! shared by every process on the file and survive a restart; the check and the count happen in
//! one write transaction, so concurrent guesses cannot slip between them. An IPv6 address is
//! counted by its /64 network (one machine usually holds a whole /64).
//!
//! Each [`Policy`] gives a number of free failures in a window; past it, a key waits after each
//! failure (1 s, 2 s, 4 s, … up to the policy's longest delay) and is then tried again. A right
//! password or code after the delay goes through: a lock-out never shuts the real player or
//! arbiter out for good.
//!
//! An account's wait holds only the addresses that have already failed
//! ([`LOGIN_ADDRESS_DAY`]): wrong passwords sent from elsewhere cannot keep the arbiter out, and
//! each new address costs a guesser a few tries a day at most. Wrong codes have a budget for
//! every address together ([`CODE_ALL`]), since a guess at one code is a guess at every event's
//! codes; past it, every address waits, a new one too.
//!
//! ```
//! use store::Store;
//! let store = Store::open_in_memory().unwrap();
//! store.create_account("chief", "correct horse").unwrap();
//! for _ in 0..5 {
//!     assert!(store.login("192.0.2.7", "chief", "wrong").is_err());
//! }
//! // The account now waits a second before the next password from that address is checked…
//! assert!(matches!(
//!     store.login("192.0.2.7", "chief", "correct horse"),
//!     Err(store::Error::TooManyAttempts { .. })
//! ));
//! // …but an address that has not failed is not held by it.
//! assert!(store.login("192.0.2.8", "chief", "correct horse").is_ok());
//! ```

use rusqlite::{params, Connection, OptionalExtension};

use crate::error::{Error, Refusal, Result};
use crate::Store;

/// How many failures a key may have in a window, and how long it waits after that.
#[derive(Debug, Clone, Copy)]
pub struct Policy {
    pub scope: &'static str,
    pub window_ms: i64,
    pub free: i64,
    pub longest_delay_ms: i64,
}

/// Wrong passwords from one address: 20 in 15 minutes, then at most one a minute.
pub const LOGIN_ADDRESS: Policy = Policy {
    scope: "login-address",
    window_ms: 15 * 60_000,
    free: 20,
    longest_delay_ms: 60_000,
};

/// Wrong passwords for one account name (known or not), from anywhere: 5 in 15 minutes, then at
/// most one each 30 seconds from the addresses that have failed ([`LOGIN_ADDRESS_DAY`]).
pub const LOGIN_ACCOUNT: Policy = Policy {
    scope: "login-account",
    window_ms: 15 * 60_000,
    free: 5,
    longest_delay_ms: 30_000,
};

/// Wrong passwords from one address in a day. An address with fewer than `free` of them is not
/// held by an account's wait (and one without any goes first in the server's queue of password
/// checks); the day's count itself imposes no wait.
pub const LOGIN_ADDRESS_DAY: Policy = Policy {
    scope: "login-address-day",
    window_ms: 24 * 60 * 60_000,
    free: 3,
    longest_delay_ms: 0,
};

/// Wrong board or table codes from one address: 10 in 10 minutes, then at most one a minute.
pub const CODE_ADDRESS: Policy = Policy {
    scope: "code-address",
    window_ms: 10 * 60_000,
    free: 10,
    longest_delay_ms: 60_000,
};

/// Wrong codes from every address together. A code is looked up among every event's codes (they
/// are unique across the database), so a wrong one is a guess at all of the events at once and
/// the budget is the database's. A hall mistypes a few dozen codes an hour; past 300 in an hour,
/// every address waits after each wrong code, a new address too (1 s, 2 s, … then one a minute
/// until the hour is over). A guesser then gets about 350 tries an hour, one chance in ten
/// thousand of finding one of 300 live codes (32⁶ codes of six characters).
pub const CODE_ALL: Policy = Policy {
    scope: "code-all",
    window_ms: 60 * 60_000,
    free: 300,
    longest_delay_ms: 60_000,
};

/// Registrations sent through a public entry form from one address, right or wrong: 10 in an
/// hour, then at most one every ten minutes.
pub const ENTRY_ADDRESS: Policy = Policy {
    scope: "entry-address",
    window_ms: 60 * 60_000,
    free: 10,
    longest_delay_ms: 10 * 60_000,
};

/// Milliseconds since 1970.
pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// A key's failures in its current window and the time of the last one.
#[derive(Debug, Clone, Copy, Default)]
struct Count {
    failures: i64,
    last: i64,
}

fn count(conn: &Connection, p: &Policy, key: &str, now: i64) -> Result<Count> {
    let row: Option<(i64, i64, i64)> = conn
        .query_row(
            "SELECT failures, window_start, last_failure FROM throttle WHERE scope = ?1 AND key = ?2",
            params![p.scope, key],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    Ok(match row {
        Some((failures, start, last)) if now - start < p.window_ms => Count { failures, last },
        _ => Count::default(),
    })
}

/// The wait after `over` failures beyond the free ones: 1 s, 2 s, 4 s, … up to `longest`.
fn delay_ms(over: i64, longest: i64) -> i64 {
    (1000i64 << over.clamp(0, 20)).min(longest)
}

/// How long a key with `c` failures still waits at `now` when `free` failures are allowed.
fn wait(c: Count, free: i64, longest: i64, now: i64) -> i64 {
    if c.failures == 0 || c.failures < free {
        return 0;
    }
    (c.last + delay_ms(c.failures - free, longest) - now).max(0)
}

fn add_failure(conn: &Connection, p: &Policy, key: &str, now: i64) -> Result<()> {
    conn.execute(
        "INSERT INTO throttle (scope, key, failures, window_start, last_failure) VALUES (?1, ?2, 1, ?3, ?3) \
         ON CONFLICT (scope, key) DO UPDATE SET \
           failures = CASE WHEN ?3 - window_start < ?4 THEN failures + 1 ELSE 1 END, \
           window_start = CASE WHEN ?3 - window_start < ?4 THEN window_start ELSE ?3 END, \
           last_failure = ?3",
        params![p.scope, key, now, p.window_ms],
    )?;
    Ok(())
}

fn remove_failure(conn: &Connection, p: &Policy, key: &str) -> Result<()> {
    conn.execute(
        "UPDATE throttle SET failures = max(failures - 1, 0) WHERE scope = ?1 AND key = ?2",
        params![p.scope, key],
    )?;
    Ok(())
}

fn forget(conn: &Connection, p: &Policy, key: &str) -> Result<()> {
    conn.execute(
        "DELETE FROM throttle WHERE scope = ?1 AND key = ?2",
        params![p.scope, key],
    )?;
    Ok(())
}

/// Drops the rows whose window has passed (now and then, so the table stays small).
fn prune(conn: &Connection, now: i64) -> Result<()> {
    let longest = [
        LOGIN_ADDRESS,
        LOGIN_ACCOUNT,
        LOGIN_ADDRESS_DAY,
        CODE_ADDRESS,
        CODE_ALL,
        ENTRY_ADDRESS,
    ]
    .iter()
    .map(|p| p.window_ms)
    .max()
    .unwrap_or(0);
    conn.execute(
        "DELETE FROM throttle WHERE window_start < ?1",
        [now - longest],
    )?;
    Ok(())
}

/// What an address is counted under: itself, or its /64 network for IPv6 (the part a provider
/// hands to one customer); anything that is not an address is kept as it is.
pub(crate) fn address_key(address: &str) -> String {
    match address.parse::<std::net::IpAddr>() {
        Ok(std::net::IpAddr::V6(v6)) if v6.to_ipv4_mapped().is_none() => {
            let s = v6.segments();
            format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
        }
        Ok(std::net::IpAddr::V6(v6)) => v6
            .to_ipv4_mapped()
            .map_or(address.to_string(), |v4| v4.to_string()),
        _ => address.to_string(),
    }
}

/// Where an address stands before its password is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoginStanding {
    /// No wrong password from this address in the last day ([`LOGIN_ADDRESS_DAY`]).
    pub clean: bool,
}

/// How long `address` waits before a password for `account` is checked, and its day's count.
fn login_wait(conn: &Connection, address: &str, account: &str, now: i64) -> Result<(i64, Count)> {
    let a = count(conn, &LOGIN_ADDRESS, address, now)?;
    let day = count(conn, &LOGIN_ADDRESS_DAY, address, now)?;
    let mut wait_ms = wait(a, LOGIN_ADDRESS.free, LOGIN_ADDRESS.longest_delay_ms, now);
    // The account's wait holds only addresses that have failed a few times today: others'
    // wrong passwords cannot keep a new address out.
    if day.failures >= LOGIN_ADDRESS_DAY.free {
        let u = count(conn, &LOGIN_ACCOUNT, account, now)?;
        wait_ms = wait_ms.max(wait(
            u,
            LOGIN_ACCOUNT.free,
            LOGIN_ACCOUNT.longest_delay_ms,
            now,
        ));
    }
    Ok((wait_ms, day))
}

fn too_many(wait_ms: i64) -> Error {
    Error::TooManyAttempts {
        retry_after_ms: wait_ms.max(1) as u64,
    }
}

/// The name an account's failures are counted under (the same folding as look-alike names).
fn account_key(username: &str) -> String {
    crate::auth::name_key(username)
}

impl Store {
    /// Where `address` stands for a login as `username`, read only: refused
    /// ([`Error::TooManyAttempts`]) while it waits, else whether it is clean (the server checks
    /// clean addresses' passwords first). [`Store::login`] checks again when it counts.
    pub fn login_standing(&self, address: &str, username: &str) -> Result<LoginStanding> {
        let now = now_ms();
        let (address, account) = (address_key(address), account_key(username));
        self.with_conn(|c| {
            let (wait_ms, day) = login_wait(c, &address, &account, now)?;
            if wait_ms > 0 {
                return Err(too_many(wait_ms));
            }
            Ok(LoginStanding {
                clean: day.failures == 0,
            })
        })
    }

    /// Before a password is checked: refuses ([`Error::TooManyAttempts`]) while the address or
    /// the account waits, else counts the attempt as a failure in advance (taken back by
    /// [`Store::login_succeeded`]), so that concurrent guesses are all counted.
    pub(crate) fn login_attempt(&self, address: &str, username: &str) -> Result<()> {
        let now = now_ms();
        let (address, account) = (address_key(address), account_key(username));
        self.transaction(|tx| {
            let (wait_ms, _) = login_wait(tx, &address, &account, now)?;
            if wait_ms > 0 {
                return Err(too_many(wait_ms));
            }
            prune(tx, now)?;
            add_failure(tx, &LOGIN_ADDRESS, &address, now)?;
            add_failure(tx, &LOGIN_ADDRESS_DAY, &address, now)?;
            add_failure(tx, &LOGIN_ACCOUNT, &account, now)
        })
    }

    /// A right password: the account's failures are forgotten and the address's attempt is
    /// taken back.
    pub(crate) fn login_succeeded(&self, address: &str, username: &str) -> Result<()> {
        let (address, account) = (address_key(address), account_key(username));
        self.transaction(|tx| {
            forget(tx, &LOGIN_ACCOUNT, &account)?;
            remove_failure(tx, &LOGIN_ADDRESS, &address)?;
            remove_failure(tx, &LOGIN_ADDRESS_DAY, &address)
        })
    }

    /// Runs `lookup` (a code's board or table) under the wrong-code limits, in a write
    /// transaction of its own ([`code_attempt_in`]).
    pub(crate) fn code_attempt<T>(
        &self,
        address: &str,
        lookup: impl FnOnce(&Connection) -> Result<T>,
    ) -> Result<T> {
        self.transaction(|tx| code_attempt_in(tx, address, lookup))?
    }
}

/// Runs `lookup` (a code's board or table) under the wrong-code limits, inside the caller's
/// write transaction: refused while the address waits; a `BadCode` refusal counts against the
/// address and against every address together, in the same transaction as the check (the
/// caller commits it, refusal or not). The outer error is a database failure.
pub(crate) fn code_attempt_in<T>(
    conn: &Connection,
    address: &str,
    lookup: impl FnOnce(&Connection) -> Result<T>,
) -> Result<Result<T>> {
    let now = now_ms();
    let address = &address_key(address);
    let all = count(conn, &CODE_ALL, "*", now)?;
    let mine = count(conn, &CODE_ADDRESS, address, now)?;
    // The shared budget spent: no address has free wrong codes left, and every address, a new
    // one too, waits after each wrong code from anywhere.
    let free = if all.failures >= CODE_ALL.free {
        0
    } else {
        CODE_ADDRESS.free
    };
    let wait_ms = wait(mine, free, CODE_ADDRESS.longest_delay_ms, now).max(wait(
        all,
        CODE_ALL.free,
        CODE_ALL.longest_delay_ms,
        now,
    ));
    if wait_ms > 0 {
        return Ok(Err(too_many(wait_ms)));
    }
    let found = lookup(conn);
    if matches!(
        found,
        Err(Error::Refused {
            reason: Refusal::BadCode,
            ..
        })
    ) {
        prune(conn, now)?;
        add_failure(conn, &CODE_ADDRESS, address, now)?;
        add_failure(conn, &CODE_ALL, "*", now)?;
    }
    Ok(found)
}

/// Counts one attempt of `key` under `policy` inside the caller's write transaction, refused
/// ([`Error::TooManyAttempts`]) while the key waits; the caller commits the count whatever
/// follows (a registration counts whether it is accepted or not).
pub(crate) fn attempt_in(conn: &Connection, policy: &Policy, key: &str) -> Result<Result<()>> {
    let now = now_ms();
    let key = &address_key(key);
    let c = count(conn, policy, key, now)?;
    let wait_ms = wait(c, policy.free, policy.longest_delay_ms, now);
    if wait_ms > 0 {
        return Ok(Err(too_many(wait_ms)));
    }
    prune(conn, now)?;
    add_failure(conn, policy, key, now)?;
    Ok(Ok(()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ipv6_address_counts_by_its_network() {
        assert_eq!(
            address_key("2001:db8:1:2:aaaa::1"),
            address_key("2001:db8:1:2:bbbb::9")
        );
        assert_eq!(address_key("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
        assert_ne!(
            address_key("2001:db8:1:3::1"),
            address_key("2001:db8:1:2::1")
        );
        assert_eq!(address_key("::ffff:192.0.2.7"), "192.0.2.7");
        assert_eq!(address_key("192.0.2.7"), "192.0.2.7");
    }

    #[test]
    fn waits_double_up_to_the_longest() {
        assert_eq!(delay_ms(0, 60_000), 1000);
        assert_eq!(delay_ms(3, 60_000), 8000);
        assert_eq!(delay_ms(40, 60_000), 60_000);
        let c = Count {
            failures: 10,
            last: 5_000,
        };
        assert_eq!(wait(c, 10, 60_000, 5_000), 1000);
        assert_eq!(wait(c, 10, 60_000, 6_000), 0);
        assert_eq!(wait(c, 11, 60_000, 5_000), 0);
        assert_eq!(wait(Count::default(), 0, 60_000, 0), 0);
    }
}
