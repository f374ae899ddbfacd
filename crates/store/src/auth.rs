//! Arbiters' accounts and login sessions.
//!
//! Passwords are kept as Argon2id PHC strings (memory-hard, salted per account). A login opens a
//! session of [`SESSION_HOURS`] hours identified by a random token (the cookie) and carrying a
//! second random token for the forms (CSRF). When no account exists, the server prints a
//! one-time setup link whose token creates the first account. Tokens are stored only as
//! hashes: the database file (or a copy of it) opens no session.
//!
//! Logins are counted per address and per account name ([`crate::throttle`]); the password hash
//! runs for unknown names too, so the answer's time does not tell which accounts exist. Account
//! names that look alike (equal after case folding, Unicode normalisation, without combining
//! marks and as UTS #39 confusable skeletons: `сhief` in Cyrillic is `chief`) are refused, as
//! are invisible, control and bidirectional-control characters.
//!
//! ```
//! use store::Store;
//! let store = Store::open_in_memory().unwrap();
//! assert!(!store.has_accounts().unwrap());
//! let token = store.create_setup_token().unwrap();
//! store.create_first_account(&token, "arbiter", "correct horse").unwrap();
//! let session = store.login("192.0.2.1", "arbiter", "correct horse").unwrap();
//! assert_eq!(store.session(&session.token).unwrap().unwrap().username, "arbiter");
//! assert!(store.login("192.0.2.1", "arbiter", "wrong").is_err());
//! assert!(store.create_account("ARBITER", "another password").is_err());
//! ```

use argon2::password_hash::{PasswordHash, SaltString};
use argon2::Argon2;
use blake2::{Blake2s256, Digest};
use rand::rngs::OsRng;
use rand::RngCore;
use rusqlite::{params, OptionalExtension};
use serde::Serialize;
use unicode_normalization::UnicodeNormalization;

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

/// What the database keeps of a token: its BLAKE2s-256 hash, hexadecimal.
pub(crate) fn token_hash(token: &str) -> String {
    Blake2s256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The password hash an unknown name is checked against, so that it costs as much time as a
/// known one.
fn dummy_hash() -> &'static str {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| hash_password(&random_token()).unwrap_or_default())
}

/// Characters refused in an account name: controls, invisible ones (default-ignorable code
/// points: zero-width spaces and joiners, soft hyphen, variation selectors, tags), the
/// bidirectional controls, and blanks other than the plain space.
fn refused_in_name(c: char) -> bool {
    c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(c as u32,
            0x00AD | 0x034F | 0x061C | 0x115F | 0x1160 | 0x17B4 | 0x17B5
            | 0x180B..=0x180F | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F
            | 0x3164 | 0xFE00..=0xFE0F | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFF8
            | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A | 0xE0000..=0xE0FFF)
}

/// The form two names must not share: NFKC, lower case (with ß as ss, final sigma as sigma),
/// NFKC again, combining marks removed (`chief` with an accent is `chief`), then Unicode's
/// confusable skeleton (UTS #39: Cyrillic `с` and Ukrainian `і` are Latin `c` and `i`), lower
/// case once more, blanks collapsed.
pub(crate) fn name_key(name: &str) -> String {
    let lower: String = name
        .nfkc()
        .collect::<String>()
        .to_lowercase()
        .replace('ß', "ss")
        .replace('ς', "σ");
    let bare: String = lower
        .nfkc()
        .collect::<String>()
        .nfd()
        .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
        .collect();
    unicode_security::confusable_detection::skeleton(&bare)
        .collect::<String>()
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Blocks of Argon2's memory (1 KiB each) allocated for every check: more than glibc's largest
/// dynamic mmap threshold (32 MiB), so that the memory is mapped for each check and given back
/// to the system after it, instead of staying in the thread's heap (issue 19: 128 concurrent
/// logins kept 3.9 GB). Only the 19 MiB the parameters use are ever touched.
const MAPPED_BLOCKS: usize = 33 * 1024;

/// Argon2's output for `password` and `salt`, computed over memory of our own.
fn argon2_output(
    argon: &Argon2<'_>,
    params: &argon2::Params,
    password: &[u8],
    salt: &[u8],
) -> Option<Vec<u8>> {
    let mut memory = vec![argon2::Block::default(); params.block_count().max(MAPPED_BLOCKS)];
    let mut out = vec![
        0u8;
        params
            .output_len()
            .unwrap_or(argon2::Params::DEFAULT_OUTPUT_LEN)
    ];
    argon
        .hash_password_into_with_memory(password, salt, &mut out, &mut memory[..])
        .ok()?;
    Some(out)
}

fn hash_password(password: &str) -> Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    let failed = |e: String| Error::invalid("password", "a password Argon2 can hash", e);
    let params = argon2::Params::default();
    let argon = Argon2::new(
        argon2::Algorithm::Argon2id,
        argon2::Version::V0x13,
        params.clone(),
    );
    let mut salt_bytes = [0u8; 64];
    let salt_raw = salt
        .as_salt()
        .decode_b64(&mut salt_bytes)
        .map_err(|e| failed(e.to_string()))?;
    let out = argon2_output(&argon, &params, password.as_bytes(), salt_raw)
        .ok_or_else(|| failed("Argon2 refused it".into()))?;
    let phc = PasswordHash {
        algorithm: argon2::Algorithm::Argon2id.ident(),
        version: Some(argon2::Version::V0x13.into()),
        params: argon2::password_hash::ParamsString::try_from(&params)
            .map_err(|e| failed(e.to_string()))?,
        salt: Some(salt.as_salt()),
        hash: Some(argon2::password_hash::Output::new(&out).map_err(|e| failed(e.to_string()))?),
    };
    Ok(phc.to_string())
}

fn verify_password(password: &str, phc: &str) -> bool {
    let Ok(hash) = PasswordHash::new(phc) else {
        return false;
    };
    let (Some(salt), Some(expected)) = (hash.salt, hash.hash) else {
        return false;
    };
    let (Ok(algorithm), Ok(params)) = (
        argon2::Algorithm::try_from(hash.algorithm),
        argon2::Params::try_from(&hash),
    ) else {
        return false;
    };
    let version = hash
        .version
        .and_then(|v| argon2::Version::try_from(v).ok())
        .unwrap_or(argon2::Version::V0x13);
    let argon = Argon2::new(algorithm, version, params.clone());
    let mut salt_bytes = [0u8; 64];
    let Ok(salt_raw) = salt.decode_b64(&mut salt_bytes) else {
        return false;
    };
    let Some(out) = argon2_output(&argon, &params, password.as_bytes(), salt_raw) else {
        return false;
    };
    // Constant time for equal lengths.
    let wanted = expected.as_bytes();
    out.len() == wanted.len()
        && out
            .iter()
            .zip(wanted)
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

fn check_new_account(username: &str, password: &str) -> Result<()> {
    let name = username.trim();
    if name.is_empty() || name.chars().count() > 64 || name.chars().any(refused_in_name) {
        return Err(Error::invalid(
            "username",
            "1 to 64 visible characters (no control, invisible or direction characters)",
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
    let key = name_key(username);
    let mut names = conn.prepare("SELECT username FROM account")?;
    let taken = names
        .query_map([], |r| r.get::<_, String>(0))?
        .collect::<rusqlite::Result<Vec<_>>>()?
        .into_iter()
        .find(|n| name_key(n) == key);
    if let Some(existing) = taken {
        return Err(Error::refused(
            Refusal::Login,
            format!(
                "the account {existing:?} exists (a name that looks the same as {:?})",
                username.trim()
            ),
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
                "INSERT INTO setup_token (token_hash, created_at) VALUES (?1, ?2)",
                params![token_hash(&token), now()],
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
                "SELECT count(*) > 0 FROM setup_token WHERE token_hash = ?1",
                [token_hash(token)],
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
                "SELECT count(*) > 0 FROM setup_token WHERE token_hash = ?1",
                [token_hash(token)],
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
    /// password, with the same message and about the same time for both (the hash runs against
    /// a dummy for an unknown name); [`Error::TooManyAttempts`] while `address` or the account
    /// waits after too many wrong passwords ([`crate::throttle`]).
    pub fn login(&self, address: &str, username: &str, password: &str) -> Result<LoginSession> {
        self.login_attempt(address, username)?;
        let row: Option<(i64, String)> = self.with_conn(|c| {
            Ok(c.query_row(
                "SELECT id, password_hash FROM account WHERE username = ?1",
                [username.trim()],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?)
        })?;
        // The hash is checked outside the connection's lock: it takes a while on purpose.
        let (account, phc) = match &row {
            Some((id, phc)) => (Some(*id), phc.as_str()),
            None => (None, dummy_hash()),
        };
        let right = verify_password(password, phc);
        let Some(account) = account.filter(|_| right) else {
            return Err(Error::refused(Refusal::Login, "wrong username or password"));
        };
        self.login_succeeded(address, username)?;
        self.open_session(account, username.trim())
    }

    /// A new session for an account (after its password was checked, or for the arbiter who
    /// just restored the database).
    fn open_session(&self, account: i64, username: &str) -> Result<LoginSession> {
        let session = LoginSession {
            token: random_token(),
            username: username.to_string(),
            csrf: random_token(),
            expires_at: format_utc(unix_now() + SESSION_HOURS * 3600),
        };
        self.transaction(|tx| {
            tx.execute("DELETE FROM login_session WHERE expires_at <= ?1", [now()])?;
            tx.execute(
                "INSERT INTO login_session (token_hash, account_id, csrf, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![token_hash(&session.token), account, session.csrf, now(), session.expires_at],
            )?;
            Ok(())
        })?;
        Ok(session)
    }

    /// A session for `username` if the database has that account (the arbiter who restored a
    /// backup stays logged in when the backup knows them); `None` otherwise.
    pub fn session_for(&self, username: &str) -> Result<Option<LoginSession>> {
        let account: Option<i64> = self.with_conn(|c| {
            Ok(c.query_row(
                "SELECT id FROM account WHERE username = ?1",
                [username],
                |r| r.get(0),
            )
            .optional()?)
        })?;
        account
            .map(|id| self.open_session(id, username))
            .transpose()
    }

    /// The session a cookie names, if it exists and has not expired.
    pub fn session(&self, token: &str) -> Result<Option<LoginSession>> {
        self.with_conn(|c| {
            Ok(c.query_row(
                "SELECT a.username, s.csrf, s.expires_at FROM login_session s \
                 JOIN account a ON a.id = s.account_id WHERE s.token_hash = ?1 AND s.expires_at > ?2",
                params![token_hash(token), now()],
                |r| {
                    Ok(LoginSession {
                        token: token.to_string(),
                        username: r.get(0)?,
                        csrf: r.get(1)?,
                        expires_at: r.get(2)?,
                    })
                },
            )
            .optional()?)
        })
    }

    /// Ends a session (nothing happens for an unknown token).
    pub fn logout(&self, token: &str) -> Result<()> {
        self.transaction(|tx| {
            tx.execute(
                "DELETE FROM login_session WHERE token_hash = ?1",
                [token_hash(token)],
            )?;
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An unknown name is checked against a hash made as a real one is (same algorithm and
    /// cost), so the answer's time does not tell which accounts exist (without timing a test).
    #[test]
    fn an_unknown_name_costs_a_password_check_too() {
        let real = hash_password("long enough").unwrap();
        let real = PasswordHash::new(&real).unwrap();
        let dummy = PasswordHash::new(dummy_hash()).unwrap();
        assert_eq!(real.algorithm, dummy.algorithm);
        let (a, b) = (
            argon2::Params::try_from(&real).unwrap(),
            argon2::Params::try_from(&dummy).unwrap(),
        );
        assert_eq!(
            (a.m_cost(), a.t_cost(), a.p_cost()),
            (b.m_cost(), b.t_cost(), b.p_cost())
        );
        assert!(!verify_password("long enough", dummy_hash()));
    }

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
        assert!(store.login("192.0.2.1", "chief", "wrong password").is_err());
        assert!(store.login("192.0.2.1", "nobody", "long enough").is_err());
        let s = store.login("192.0.2.1", "chief", "long enough").unwrap();
        assert_eq!(s.token.len(), 64);
        assert_ne!(s.token, s.csrf);
        assert_eq!(store.session(&s.token).unwrap().unwrap().csrf, s.csrf);
        store.logout(&s.token).unwrap();
        assert!(store.session(&s.token).unwrap().is_none());
    }
}

#[cfg(test)]
mod name_tests {
    use super::*;

    #[test]
    fn hashes_read_both_ways_with_the_crates_own() {
        use argon2::password_hash::{PasswordHasher, PasswordVerifier};
        let ours = hash_password("correct horse").unwrap();
        let parsed = PasswordHash::new(&ours).unwrap();
        assert!(Argon2::default()
            .verify_password(b"correct horse", &parsed)
            .is_ok());
        let theirs = Argon2::default()
            .hash_password(b"correct horse", &SaltString::generate(&mut OsRng))
            .unwrap()
            .to_string();
        assert!(verify_password("correct horse", &theirs));
        assert!(!verify_password("wrong horse", &theirs));
        assert!(!verify_password("correct horse", "not a hash"));
    }

    #[test]
    fn look_alike_names_are_refused() {
        let store = Store::open_in_memory().unwrap();
        store.create_account("Chief", "long enough").unwrap();
        // Case, compatibility forms (full-width letters, ligatures) and blanks fold together.
        for same in ["chief", "CHIEF", "Ｃｈｉｅｆ", "Chief  "] {
            assert!(
                store.create_account(same, "long enough").is_err(),
                "{same:?}"
            );
        }
        store.create_account("ﬁle", "long enough").unwrap();
        assert!(store.create_account("file", "long enough").is_err());
        store.create_account("Straße", "long enough").unwrap();
        assert!(store.create_account("STRASSE", "long enough").is_err());
        // Other scripts' look-alike letters and combining accents.
        for same in ["\u{441}hief", "ch\u{456}ef", "chie\u{301}f", "\u{421}HIEF"] {
            assert!(
                store.create_account(same, "long enough").is_err(),
                "{same:?}"
            );
        }
        // Invisible, control and direction characters.
        for bad in [
            "Ch\u{200B}ief2",
            "chief\u{202E}3",
            "a\u{00AD}b",
            "tab\there",
            "nb\u{00A0}sp",
        ] {
            let e = store.create_account(bad, "long enough").unwrap_err();
            assert!(
                matches!(e, Error::Invalid { ref field, .. } if field == "username"),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn tokens_are_stored_as_hashes() {
        let store = Store::open_in_memory().unwrap();
        store.create_account("chief", "long enough").unwrap();
        let s = store.login("192.0.2.1", "chief", "long enough").unwrap();
        let stored: String = store
            .with_conn(|c| {
                Ok(c.query_row("SELECT token_hash FROM login_session", [], |r| r.get(0))?)
            })
            .unwrap();
        assert_ne!(stored, s.token);
        assert_eq!(stored, token_hash(&s.token));
    }
}
