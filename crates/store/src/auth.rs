//! Arbiters' accounts and login sessions.
//!
//! Passwords are kept as Argon2id PHC strings (memory-hard, salted per account). A login opens a
//! session of [`SESSION_HOURS`] hours identified by a random token (the cookie) and carrying a
//! second random token for the forms (CSRF). When no account exists, the server prints a
//! one-time setup link whose token creates the first account.
//!
//! ```
//! use store::Store;
//! let store = Store::open_in_memory().unwrap();
//! assert!(!store.has_accounts().unwrap());
//! let token = store.create_setup_token().unwrap();
//! store.create_first_account(&token, "arbiter", "correct horse").unwrap();
//! let session = store.login("arbiter", "correct horse").unwrap();
//! assert_eq!(store.session(&session.token).unwrap().unwrap().username, "arbiter");
//! assert!(store.login("arbiter", "wrong").is_err());
//! ```

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use rand::rngs::OsRng;
use rand::RngCore;
use rusqlite::{params, OptionalExtension};
use serde::Serialize;

use crate::db::{format_utc, now};
use crate::error::{Error, Refusal, Result};
use crate::Store;

/// How long a login lasts.
pub const SESSION_HOURS: i64 = 12;

/// Shortest password accepted for an account.
pub const MIN_PASSWORD_CHARS: usize = 8;

/// A logged-in browser or script.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LoginSession {
    /// The secret the session cookie carries.
    pub token: String,
    pub username: String,
    /// The token every state-changing request must repeat (form field `csrf` or header `X-CSRF-Token`).
    pub csrf: String,
    /// UTC, ISO 8601.
    pub expires_at: String,
}

/// A random token: 32 bytes from the operating system, as 64 hexadecimal digits.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn hash_password(password: &str) -> Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| Error::invalid("password", "a password Argon2 can hash", e.to_string()))
}

fn verify_password(password: &str, phc: &str) -> bool {
    PasswordHash::new(phc)
        .map(|h| {
            Argon2::default()
                .verify_password(password.as_bytes(), &h)
                .is_ok()
        })
        .unwrap_or(false)
}

fn check_new_account(username: &str, password: &str) -> Result<()> {
    let name = username.trim();
    if name.is_empty() || name.chars().count() > 64 || name.chars().any(char::is_control) {
        return Err(Error::invalid(
            "username",
            "1 to 64 printable characters",
            format!("{username:?}"),
        ));
    }
    let len = password.chars().count();
    if len < MIN_PASSWORD_CHARS {
        return Err(Error::invalid(
            "password",
            format!("at least {MIN_PASSWORD_CHARS} characters"),
            format!("{len} characters"),
        ));
    }
    Ok(())
}

fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

fn insert_account(conn: &rusqlite::Connection, username: &str, password: &str) -> Result<()> {
    let hash = hash_password(password)?;
    let taken: bool = conn.query_row(
        "SELECT count(*) > 0 FROM account WHERE username = ?1",
        [username.trim()],
        |r| r.get(0),
    )?;
    if taken {
        return Err(Error::refused(
            Refusal::Login,
            format!("the account {:?} exists", username.trim()),
        ));
    }
    conn.execute(
        "INSERT INTO account (username, password_hash, created_at) VALUES (?1, ?2, ?3)",
        params![username.trim(), hash, now()],
    )?;
    Ok(())
}

impl Store {
    /// Whether any arbiter account exists (when none does, the server prints a setup link).
    pub fn has_accounts(&self) -> Result<bool> {
        self.with_conn(|c| Ok(c.query_row("SELECT count(*) > 0 FROM account", [], |r| r.get(0))?))
    }

    /// A new one-time token for creating the first account.
    pub fn create_setup_token(&self) -> Result<String> {
        let token = random_token();
        self.transaction(|tx| {
            tx.execute(
                "INSERT INTO setup_token (token, created_at) VALUES (?1, ?2)",
                params![token, now()],
            )?;
            Ok(())
        })?;
        Ok(token)
    }

    /// Whether `token` is a setup token not yet used, while no account exists.
    pub fn setup_token_valid(&self, token: &str) -> Result<bool> {
        self.with_conn(|c| {
            let accounts: bool =
                c.query_row("SELECT count(*) > 0 FROM account", [], |r| r.get(0))?;
            let known: bool = c.query_row(
                "SELECT count(*) > 0 FROM setup_token WHERE token = ?1",
                [token],
                |r| r.get(0),
            )?;
            Ok(known && !accounts)
        })
    }

    /// Creates the first account with a setup token, which is used up (with every other one).
    /// Refused (`Login`) when the token is unknown or an account already exists.
    pub fn create_first_account(&self, token: &str, username: &str, password: &str) -> Result<()> {
        check_new_account(username, password)?;
        self.transaction(|tx| {
            let known: bool = tx.query_row(
                "SELECT count(*) > 0 FROM setup_token WHERE token = ?1",
                [token],
                |r| r.get(0),
            )?;
            let accounts: bool =
                tx.query_row("SELECT count(*) > 0 FROM account", [], |r| r.get(0))?;
            if !known || accounts {
                return Err(Error::refused(
                    Refusal::Login,
                    "this setup link is unknown or already used",
                ));
            }
            tx.execute("DELETE FROM setup_token", [])?;
            insert_account(tx, username, password)
        })
    }

    /// Creates another account (a logged-in arbiter adds a deputy).
    pub fn create_account(&self, username: &str, password: &str) -> Result<()> {
        check_new_account(username, password)?;
        self.transaction(|tx| insert_account(tx, username, password))
    }

    /// Checks the password and opens a session. Refused (`Login`) on an unknown name or a wrong
    /// password, with the same message for both.
    pub fn login(&self, username: &str, password: &str) -> Result<LoginSession> {
        let row: Option<(i64, String)> = self.with_conn(|c| {
            Ok(c.query_row(
                "SELECT id, password_hash FROM account WHERE username = ?1",
                [username.trim()],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?)
        })?;
        let refused = || Error::refused(Refusal::Login, "wrong username or password");
        // The hash is checked outside the connection's lock: it takes a while on purpose.
        let Some((account, phc)) = row else {
            return Err(refused());
        };
        if !verify_password(password, &phc) {
            return Err(refused());
        }
        let session = LoginSession {
            token: random_token(),
            username: username.trim().to_string(),
            csrf: random_token(),
            expires_at: format_utc(unix_now() + SESSION_HOURS * 3600),
        };
        self.transaction(|tx| {
            tx.execute("DELETE FROM login_session WHERE expires_at <= ?1", [now()])?;
            tx.execute(
                "INSERT INTO login_session (token, account_id, csrf, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![session.token, account, session.csrf, now(), session.expires_at],
            )?;
            Ok(())
        })?;
        Ok(session)
    }

    /// The session a cookie names, if it exists and has not expired.
    pub fn session(&self, token: &str) -> Result<Option<LoginSession>> {
        self.with_conn(|c| {
            Ok(c.query_row(
                "SELECT s.token, a.username, s.csrf, s.expires_at FROM login_session s \
                 JOIN account a ON a.id = s.account_id WHERE s.token = ?1 AND s.expires_at > ?2",
                params![token, now()],
                |r| {
                    Ok(LoginSession {
                        token: r.get(0)?,
                        username: r.get(1)?,
                        csrf: r.get(2)?,
                        expires_at: r.get(3)?,
                    })
                },
            )
            .optional()?)
        })
    }

    /// Ends a session (nothing happens for an unknown token).
    pub fn logout(&self, token: &str) -> Result<()> {
        self.transaction(|tx| {
            tx.execute("DELETE FROM login_session WHERE token = ?1", [token])?;
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setup_token_is_used_once() {
        let store = Store::open_in_memory().unwrap();
        let token = store.create_setup_token().unwrap();
        assert!(store.setup_token_valid(&token).unwrap());
        store
            .create_first_account(&token, "chief", "long enough")
            .unwrap();
        assert!(!store.setup_token_valid(&token).unwrap());
        let again = store.create_first_account(&token, "other", "long enough");
        assert!(matches!(
            again,
            Err(Error::Refused {
                reason: Refusal::Login,
                ..
            })
        ));
        assert!(store.has_accounts().unwrap());
    }

    #[test]
    fn short_password_is_invalid() {
        let store = Store::open_in_memory().unwrap();
        let token = store.create_setup_token().unwrap();
        let e = store
            .create_first_account(&token, "chief", "short")
            .unwrap_err();
        assert!(matches!(e, Error::Invalid { ref field, .. } if field == "password"));
        assert!(!store.has_accounts().unwrap());
    }

    #[test]
    fn login_logout() {
        let store = Store::open_in_memory().unwrap();
        store.create_account("chief", "long enough").unwrap();
        assert!(store.create_account("chief", "long enough").is_err());
        assert!(store.login("chief", "wrong password").is_err());
        assert!(store.login("nobody", "long enough").is_err());
        let s = store.login("chief", "long enough").unwrap();
        assert_eq!(s.token.len(), 64);
        assert_ne!(s.token, s.csrf);
        assert_eq!(store.session(&s.token).unwrap().unwrap().csrf, s.csrf);
        store.logout(&s.token).unwrap();
        assert!(store.session(&s.token).unwrap().is_none());
    }
}
