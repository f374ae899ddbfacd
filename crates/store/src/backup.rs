//! The whole database as one file, and put back from one.
//!
//! A backup carries no credential: login sessions, setup links, the server's signing keys, the
//! counts of failed attempts and the spent registration questions are left out (and what is left of them is overwritten, not only unlinked).
//!
//! A restore never touches the live database until the file has passed every check, made on a
//! private copy: an SQLite file; a schema version this build writes or can bring up to date
//! (never a newer one); exactly the tables, columns and indexes this build's migrations make for
//! that version, with no trigger, view or other object beyond them; `PRAGMA integrity_check`;
//! `PRAGMA foreign_key_check`. The copy is then brought up to date and put in place in one
//! transaction (SQLite's backup API into the live connection, under the writer's lock), after
//! the previous database was saved beside the live file ([`Restored::previous`]). Every login
//! session ends. A file without any account (made with the command line, say) keeps the
//! account of the arbiter who restores it ([`Store::restore_by`]): else nobody could log in.
//!
//! ```
//! use store::{EventSettings, Store};
//! let dir = tempfile::tempdir().unwrap();
//! let store = Store::open(&dir.path().join("event.db")).unwrap();
//! store.create_event("arbiter", &EventSettings::new("Kept".parse().unwrap(), 5)).unwrap();
//! let copy = dir.path().join("copy.db");
//! store.backup_to(&copy).unwrap();
//! store.create_event("arbiter", &EventSettings::new("Dropped".parse().unwrap(), 5)).unwrap();
//! let restored = store.restore_from(&copy).unwrap();
//! assert_eq!(store.events().unwrap().len(), 1);
//! assert!(restored.previous.unwrap().exists());
//! ```

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags, OptionalExtension, MAIN_DB};

use crate::db::{configure, migrations};
use crate::error::{Error, Result};
use crate::Store;

pub use crate::error::RestoreRefusal;

/// What a restore did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restored {
    /// Where the database as it was before is kept (none for an in-memory database).
    pub previous: Option<PathBuf>,
}

/// Tables whose rows are credentials, keys or counts of this server's visitors, never in a
/// backup.
const LEFT_OUT: [&str; 5] = [
    "login_session",
    "setup_token",
    "throttle",
    "server_secret",
    "entry_challenge_spent",
];

/// Empties the tables left out of backups, overwriting what they held.
fn leave_out_credentials(conn: &Connection) -> Result<()> {
    conn.pragma_update(None, "secure_delete", "ON")?;
    for table in LEFT_OUT {
        conn.execute(&format!("DELETE FROM {table}"), [])?;
    }
    Ok(())
}

/// One object of a schema: (type, name) → (table, SQL).
type Schema = std::collections::BTreeMap<(String, String), (String, Option<String>)>;

fn schema_of(conn: &Connection) -> rusqlite::Result<Schema> {
    let mut st =
        conn.prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name")?;
    let rows = st.query_map([], |r| {
        Ok((
            (r.get::<_, String>(0)?, r.get::<_, String>(1)?),
            (r.get::<_, String>(2)?, r.get::<_, Option<String>>(3)?),
        ))
    })?;
    rows.collect()
}

/// The schema this build's migrations make at `version`.
fn expected_schema(version: usize) -> Result<Schema> {
    let mut conn = Connection::open_in_memory()?;
    migrations().to_version(&mut conn, version)?;
    Ok(schema_of(&conn)?)
}

/// The number of migrations this build has (the `user_version` it writes).
pub(crate) fn latest_version() -> Result<i64> {
    let mut conn = Connection::open_in_memory()?;
    migrations().to_latest(&mut conn)?;
    Ok(conn.query_row("PRAGMA user_version", [], |r| r.get(0))?)
}

/// Compares a file's schema with the expected one: the first difference.
fn compare(found: &Schema, expected: &Schema) -> Option<RestoreRefusal> {
    let core = |name: &str| found.contains_key(&("table".to_string(), name.to_string()));
    if !core("account") || !core("event") {
        return Some(RestoreRefusal::NotArbiter);
    }
    for ((kind, name), (_, sql)) in expected {
        match found.get(&(kind.clone(), name.clone())) {
            None => {
                return Some(RestoreRefusal::Missing {
                    kind: kind.clone(),
                    name: name.clone(),
                })
            }
            Some((_, other)) if other != sql => {
                return Some(RestoreRefusal::Changed {
                    kind: kind.clone(),
                    name: name.clone(),
                })
            }
            Some(_) => {}
        }
    }
    found
        .keys()
        .find(|k| !expected.contains_key(*k))
        .map(|(kind, name)| RestoreRefusal::Extra {
            kind: kind.clone(),
            name: name.clone(),
        })
}

/// Checks the file at `path` and copies it into `copy` (a new, private database): every check
/// but the version's migration, which the caller runs on the copy.
fn checked_copy(path: &Path, copy: &mut Connection) -> Result<()> {
    use std::io::Read;
    let mut magic = [0u8; 16];
    let n = std::fs::File::open(path)
        .and_then(|mut f| f.read(&mut magic))
        .map_err(|_| RestoreRefusal::NotSqlite)?;
    if n < 16 || &magic != b"SQLite format 3\0" {
        return Err(RestoreRefusal::NotSqlite.into());
    }
    let source = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|_| RestoreRefusal::NotSqlite)?;
    // Nothing of the file's schema runs while it is read (no function from a view or trigger).
    source
        .pragma_update(None, "trusted_schema", "OFF")
        .map_err(|e| RestoreRefusal::Damaged(e.to_string()))?;
    let version: i64 = source
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(|_| RestoreRefusal::NotSqlite)?;
    let found = schema_of(&source).map_err(|e| RestoreRefusal::Damaged(e.to_string()))?;
    let ours = latest_version()?;
    if version > ours {
        return Err(RestoreRefusal::Newer {
            found: version,
            ours,
        }
        .into());
    }
    if version < 1 {
        return Err(RestoreRefusal::NotArbiter.into());
    }
    if let Some(refusal) = compare(&found, &expected_schema(version as usize)?) {
        return Err(refusal.into());
    }
    let integrity: String = source
        .query_row("PRAGMA integrity_check(1)", [], |r| r.get(0))
        .map_err(|e| RestoreRefusal::Damaged(e.to_string()))?;
    if integrity != "ok" {
        return Err(RestoreRefusal::Damaged(integrity).into());
    }
    copy_all(&source, copy)
}

/// Copies every page of `from` into `to` in one step (one transaction on `to`).
fn copy_all(from: &Connection, to: &mut Connection) -> Result<()> {
    let backup = rusqlite::backup::Backup::new(from, to)?;
    match backup.step(-1)? {
        rusqlite::backup::StepResult::Done => Ok(()),
        other => Err(Error::Shared(format!("copying the database: {other:?}"))),
    }
}

/// The first table with rows whose references point nowhere.
fn broken_references(conn: &Connection) -> Result<Option<RestoreRefusal>> {
    let mut st = conn.prepare("PRAGMA foreign_key_check")?;
    let tables = st
        .query_map([], |r| r.get::<_, String>(0))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(tables
        .first()
        .map(|table| RestoreRefusal::BrokenReferences {
            table: table.clone(),
            rows: tables.iter().filter(|t| *t == table).count(),
        }))
}

/// `event.db` → `event.db.before-restore-20261124T154818Z.db` (a number added if taken).
fn previous_path(db: &Path) -> PathBuf {
    let stamp: String = crate::db::now()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    let name = db
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| "arbiter.db".into());
    let mut path = db.with_file_name(format!("{name}.before-restore-{stamp}.db"));
    let mut n = 2;
    while path.exists() {
        path = db.with_file_name(format!("{name}.before-restore-{stamp}-{n}.db"));
        n += 1;
    }
    path
}

impl Store {
    /// Copies the account `username` into `copy` when `copy` has no account at all.
    fn keep_account(&self, copy: &Connection, username: &str) -> Result<()> {
        let none: bool = copy.query_row("SELECT count(*) = 0 FROM account", [], |r| r.get(0))?;
        if !none {
            return Ok(());
        }
        let account: Option<(String, String, String)> = self.with_conn(|c| {
            Ok(c.query_row(
                "SELECT username, password_hash, created_at FROM account WHERE username = ?1",
                [username],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()?)
        })?;
        if let Some((name, hash, created)) = account {
            copy.execute(
                "INSERT INTO account (username, password_hash, created_at) VALUES (?1, ?2, ?3)",
                rusqlite::params![name, hash, created],
            )?;
        }
        Ok(())
    }

    /// Writes a consistent copy of the whole database to `path` (a new file), without the
    /// login sessions, setup links and failed-attempt counts.
    pub fn backup_to(&self, path: &Path) -> Result<()> {
        let mut dest = Connection::open(path)?;
        self.with_conn(|c| copy_all(c, &mut dest))?;
        leave_out_credentials(&dest)?;
        Ok(())
    }

    /// Writes a backup (as [`Store::backup_to`] makes it) to `out`: the copy is built in memory
    /// (twice the database's size at most, for a moment), so nothing needs room on the
    /// database's disk.
    pub fn write_backup(&self, out: &mut dyn std::io::Write) -> Result<()> {
        let mut copy = Connection::open_in_memory()?;
        self.with_conn(|c| copy_all(c, &mut copy))?;
        leave_out_credentials(&copy)?;
        let image = copy.serialize(MAIN_DB)?;
        for chunk in image.chunks(64 * 1024) {
            out.write_all(chunk)
                .map_err(|e| Error::Shared(format!("writing the backup: {e}")))?;
        }
        Ok(())
    }

    /// Replaces the whole content of the database with the file at `path` once it has passed
    /// every check (module documentation); the previous database is kept beside the live file
    /// and every login session ends. A refused file changes nothing ([`Error::Restore`]).
    pub fn restore_from(&self, path: &Path) -> Result<Restored> {
        self.restore(path, None)
    }

    /// [`Store::restore_from`] by the logged-in arbiter `username`: when the file has no
    /// account, theirs (name and password hash) is put in it, so that someone can still log in.
    pub fn restore_by(&self, path: &Path, username: &str) -> Result<Restored> {
        self.restore(path, Some(username))
    }

    fn restore(&self, path: &Path, by: Option<&str>) -> Result<Restored> {
        let dir =
            tempfile::tempdir().map_err(|e| Error::Shared(format!("a temporary folder: {e}")))?;
        let mut copy = Connection::open(dir.path().join("restore.db"))?;
        checked_copy(path, &mut copy)?;
        if let Some(refusal) = broken_references(&copy)? {
            return Err(refusal.into());
        }
        // An older file is brought up to date, in the copy.
        configure(&mut copy)?;
        if let Some(refusal) = compare(
            &schema_of(&copy)?,
            &expected_schema(latest_version()? as usize)?,
        ) {
            return Err(refusal.into());
        }
        leave_out_credentials(&copy)?;
        if let Some(username) = by {
            self.keep_account(&copy, username)?;
        }
        let previous = match self.path() {
            Some(db) => {
                let previous = previous_path(db);
                self.backup_to(&previous)?;
                Some(previous)
            }
            None => None,
        };
        let mut conn = self.lock();
        let page_size: i64 = conn.query_row("PRAGMA page_size", [], |r| r.get(0))?;
        let copy_page_size: i64 = copy.query_row("PRAGMA page_size", [], |r| r.get(0))?;
        if page_size != copy_page_size {
            // The backup API writes into a WAL database only with equal page sizes.
            copy.pragma_update(None, "page_size", page_size)?;
            copy.execute_batch("VACUUM")?;
        }
        copy_all(&copy, &mut conn)?;
        Ok(Restored { previous })
    }
}
