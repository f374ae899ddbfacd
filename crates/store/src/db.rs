//! Opening the database, applying migrations, and running work in transactions.

use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

use include_dir::{include_dir, Dir};
use rusqlite::{Connection, OpenFlags, Transaction};
use rusqlite_migration::Migrations;

use crate::error::{Error, Result};

static MIGRATIONS_DIR: Dir = include_dir!("$CARGO_MANIFEST_DIR/migrations");

/// The event database. Clones share one writing connection (SQLite writes one transaction at a
/// time anyway) and a few reading ones: with WAL, readers see the last commit and never wait
/// for a writer.
#[derive(Debug, Clone)]
pub struct Store {
    conn: Arc<Mutex<Connection>>,
    /// Idle reading connections (none for an in-memory database, which has one connection).
    readers: Option<Arc<Readers>>,
    /// Work from many callers waiting to be committed together ([`Store::batched`]).
    queue: Arc<Mutex<Vec<Queued>>>,
}

/// What answers a caller once its batch is committed.
type Delivery = Box<dyn FnOnce() + Send>;

/// A caller's work inside the batch's transaction: whether it refused, and its delivery.
type Work = Box<dyn FnOnce(&Connection) -> Result<(bool, Delivery)> + Send>;

/// One caller's work waiting for the next batched commit.
struct Queued {
    /// Runs inside the batch's transaction: whether it refused (its writes are rolled back),
    /// and how to answer its caller once the batch is committed.
    run: Work,
    /// Answers the caller when the batch fails as a whole.
    fail: Box<dyn FnOnce(String) + Send>,
}

impl std::fmt::Debug for Queued {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Queued")
    }
}

/// Reading connections to the database file, opened as needed and kept for reuse.
#[derive(Debug)]
struct Readers {
    path: std::path::PathBuf,
    idle: Mutex<Vec<Connection>>,
}

/// Reading connections kept open at most; more are opened for a burst and closed after.
const IDLE_READERS: usize = 8;

pub(crate) fn migrations() -> Migrations<'static> {
    // The folder is compiled in and its names are checked by the tests below.
    Migrations::from_directory(&MIGRATIONS_DIR).expect("migrations folder is well formed")
}

pub(crate) fn configure(conn: &mut Connection) -> Result<()> {
    conn.pragma_update(None, "foreign_keys", "ON")?;
    // A write acknowledged to the user is on disk: WAL with a sync at each commit.
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    migrations().to_latest(conn)?;
    Ok(())
}

/// SQLite's "read-only" failures as [`Error::ReadOnly`] naming the file.
fn read_only_or(e: rusqlite::Error, path: &Path) -> Error {
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::ReadOnly) | Some(rusqlite::ErrorCode::CannotOpen) => {
            Error::ReadOnly(path.to_path_buf())
        }
        _ => Error::Database(e),
    }
}

/// Where the database lives when no `--db` is given: `$XDG_DATA_HOME/arbiter/arbiter.db`, else
/// `~/.local/share/arbiter/arbiter.db`. The folder is not created here.
pub fn default_path() -> Option<std::path::PathBuf> {
    let data = std::env::var_os("XDG_DATA_HOME")
        .map(std::path::PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| {
            std::env::var_os("HOME").map(|h| std::path::PathBuf::from(h).join(".local/share"))
        })?;
    Some(data.join("arbiter").join("arbiter.db"))
}

impl Store {
    /// Opens (or creates) the database file and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Store> {
        let mut conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        // SQLite falls back to reading only when the file cannot be written: refuse instead
        // (every action writes), before anything else fails later.
        let writable = !conn.is_readonly(rusqlite::MAIN_DB)?
            && conn
                .execute_batch("BEGIN IMMEDIATE; ROLLBACK;")
                .map_err(|e| e.sqlite_error_code())
                .is_ok();
        if !writable {
            return Err(Error::ReadOnly(path.to_path_buf()));
        }
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(|e| read_only_or(e, path))?;
        configure(&mut conn).map_err(|e| match e {
            Error::Database(e) => read_only_or(e, path),
            other => other,
        })?;
        Ok(Store {
            conn: Arc::new(Mutex::new(conn)),
            readers: Some(Arc::new(Readers {
                path: path.to_path_buf(),
                idle: Mutex::new(Vec::new()),
            })),
            queue: Arc::default(),
        })
    }

    /// A database that lives as long as the store (tests, examples).
    pub fn open_in_memory() -> Result<Store> {
        let mut conn = Connection::open_in_memory()?;
        configure(&mut conn)?;
        Ok(Store {
            conn: Arc::new(Mutex::new(conn)),
            readers: None,
            queue: Arc::default(),
        })
    }

    /// The database file (none for an in-memory database).
    pub fn path(&self) -> Option<&Path> {
        self.readers.as_ref().map(|r| r.path.as_path())
    }

    pub(crate) fn lock(&self) -> MutexGuard<'_, Connection> {
        // A panic while holding the lock cannot leave a half-done transaction behind (it rolls
        // back when dropped), so the connection is still good.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `f` on a reading connection: it sees the last committed state, and waits for no
    /// writer. Each call is one read transaction, so what `f` reads is consistent.
    pub(crate) fn with_conn<T>(&self, f: impl FnOnce(&Connection) -> Result<T>) -> Result<T> {
        let Some(readers) = &self.readers else {
            let conn = self.lock();
            return f(&conn);
        };
        let idle = readers.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let conn = match idle {
            Some(c) => c,
            None => {
                let c = Connection::open_with_flags(
                    &readers.path,
                    OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
                )?;
                c.busy_timeout(std::time::Duration::from_secs(5))?;
                c
            }
        };
        conn.execute_batch("BEGIN")?;
        let out = f(&conn);
        conn.execute_batch("COMMIT")?;
        let mut idle = readers.idle.lock().unwrap_or_else(|e| e.into_inner());
        if idle.len() < IDLE_READERS {
            idle.push(conn);
        }
        out
    }

    /// Runs `f` in one transaction: committed when `f` returns `Ok`, rolled back otherwise.
    pub(crate) fn transaction<T>(
        &self,
        f: impl FnOnce(&Transaction<'_>) -> Result<T>,
    ) -> Result<T> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let out = f(&tx)?;
        tx.commit()?;
        Ok(out)
    }

    /// Runs `work` in a transaction shared with whatever other callers queued meanwhile: one disk
    /// sync for a burst (a hall's phones at the end of a round). `work` answers `Ok(Err(..))`
    /// to refuse its own part alone (what it wrote is rolled back, the others' stays) and `Err`
    /// for a database failure, which fails the whole batch: nothing of it is committed and
    /// every caller in it gets the failure.
    pub(crate) fn batched<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Connection) -> Result<Result<T>> + Send + 'static,
    ) -> Result<T> {
        let (answer, wait) = std::sync::mpsc::channel::<Result<T>>();
        let on_failure = answer.clone();
        self.queue
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(Queued {
                run: Box::new(move |conn| {
                    let outcome = work(conn)?;
                    let refused = outcome.is_err();
                    let deliver: Delivery = Box::new(move || {
                        let _ = answer.send(outcome);
                    });
                    Ok((refused, deliver))
                }),
                fail: Box::new(move |message| {
                    let _ = on_failure.send(Err(Error::Shared(message)));
                }),
            });
        // Answers are sent before the connection is released: once we hold it, ours is either
        // answered or still queued.
        let mut conn = self.lock();
        if let Ok(answer) = wait.try_recv() {
            return answer;
        }
        let batch = std::mem::take(&mut *self.queue.lock().unwrap_or_else(|e| e.into_inner()));
        let mut failures = Vec::with_capacity(batch.len());
        let mut runs = Vec::with_capacity(batch.len());
        for q in batch {
            failures.push(q.fail);
            runs.push(q.run);
        }
        let outcome = (|| -> Result<Vec<Delivery>> {
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let mut deliveries = Vec::with_capacity(runs.len());
            for run in runs {
                tx.execute_batch("SAVEPOINT item")?;
                let (refused, deliver) = run(&tx)?;
                if refused {
                    tx.execute_batch("ROLLBACK TO item")?;
                }
                tx.execute_batch("RELEASE item")?;
                deliveries.push(deliver);
            }
            tx.commit()?;
            Ok(deliveries)
        })();
        match outcome {
            Ok(deliveries) => deliveries.into_iter().for_each(|d| d()),
            Err(e) => {
                let message = e.to_string();
                failures.into_iter().for_each(|f| f(message.clone()));
            }
        }
        drop(conn);
        wait.recv()
            .unwrap_or_else(|_| Err(Error::Shared("the batch was not committed".into())))
    }

    /// Runs `f` in a write transaction that is always rolled back: an earlier state put back in
    /// place for a moment, to read it as the current one is read; nothing is kept.
    pub(crate) fn scratch<T>(&self, f: impl FnOnce(&Transaction<'_>) -> Result<T>) -> Result<T> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let out = f(&tx);
        tx.rollback()?;
        out
    }
}

/// A stored time (UTC, ISO 8601) in the server's local time, `YYYY-MM-DD HH:MM`: the hall's
/// clock, the one the registration form's closing time is typed in (the C library's time
/// zone, as SQLite's `localtime` reads it). A text that is no time is given back as it is.
pub fn local_time(utc: &str) -> String {
    thread_local! {
        static CLOCK: Option<rusqlite::Connection> = rusqlite::Connection::open_in_memory().ok();
    }
    CLOCK
        .with(|c| {
            c.as_ref()?
                .query_row(
                    "SELECT strftime('%Y-%m-%d %H:%M', ?1, 'localtime')",
                    [utc],
                    |r| r.get::<_, Option<String>>(0),
                )
                .ok()
                .flatten()
        })
        .unwrap_or_else(|| utc.to_string())
}

/// The current time as stored: UTC, ISO 8601, whole seconds.
pub fn now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    format_utc(secs)
}

/// Formats seconds since 1970 as `YYYY-MM-DDTHH:MM:SSZ` (proleptic Gregorian, civil-from-days).
pub(crate) fn format_utc(secs: i64) -> String {
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid() {
        migrations().validate().unwrap();
    }

    /// Migration 15 keeps every event's Swiss system and lets a new one be Double-Swiss.
    #[test]
    fn the_double_swiss_migration_keeps_the_systems() {
        let mut conn = Connection::open_in_memory().unwrap();
        migrations().to_version(&mut conn, 14).unwrap();
        for (name, system) in [("A", "lim"), ("B", "burstein"), ("C", "dutch")] {
            conn.execute(
                "INSERT INTO event (name, rounds, system, created_at, swiss_system) \
                 VALUES (?1, 5, 'swiss', '', ?2)",
                [name, system],
            )
            .unwrap();
        }
        let refused = conn.execute(
            "INSERT INTO event (name, rounds, system, created_at, swiss_system) \
             VALUES ('D', 6, 'swiss', '', 'double-swiss')",
            [],
        );
        assert!(refused.is_err(), "version 14 has no Double-Swiss");
        migrations().to_version(&mut conn, 15).unwrap();
        conn.execute(
            "INSERT INTO event (name, rounds, system, created_at, swiss_system) \
             VALUES ('D', 6, 'swiss', '', 'double-swiss')",
            [],
        )
        .unwrap();
        let systems: Vec<String> = conn
            .prepare("SELECT swiss_system FROM event ORDER BY name")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<std::result::Result<_, _>>()
            .unwrap();
        assert_eq!(systems, ["lim", "burstein", "dutch", "double-swiss"]);
        assert!(conn
            .execute(
                "INSERT INTO event (name, rounds, system, created_at, swiss_system) \
                 VALUES ('E', 6, 'swiss', '', 'monrad')",
                [],
            )
            .is_err());
    }

    /// Migration 18 keeps every game (result, seats, code, edits) and the players' reports of
    /// the boards still open, and lets a board hold ½-0, 0-½ and 0-0.
    #[test]
    fn the_non_standard_results_migration_keeps_every_game() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.pragma_update(None, "foreign_keys", "ON").unwrap();
        migrations().to_version(&mut conn, 17).unwrap();
        conn.execute_batch(
            "INSERT INTO event (id, name, rounds, system, created_at) VALUES (1, 'Open', 5, 'swiss', '');
             INSERT INTO player (id, event_id, number, name) VALUES
                 (1, 1, 1, 'A'), (2, 1, 2, 'B'), (3, 1, 3, 'C'), (4, 1, 4, 'D'),
                 (5, 1, 5, 'E'), (6, 1, 6, 'F'), (7, 1, 7, 'G'), (8, 1, 8, 'H');
             INSERT INTO round (event_id, number, paired_at) VALUES (1, 1, ''), (1, 2, '');
             INSERT INTO game (event_id, round, board, white, black, result, code, edited, accepted) VALUES
                 (1, 1, 1, 1, 2, '1-0', 'AAAA', 0, ''),
                 (1, 1, 2, 3, 4, '0-1', 'AAAB', 1, 'rematch:3:4'),
                 (1, 1, 3, 5, 6, '1/2', 'AAAC', 0, ''),
                 (1, 1, 4, 7, 8, '1F-0F', 'AAAD', 0, ''),
                 (1, 2, 1, 2, 1, '0F-1F', 'AAAE', 0, ''),
                 (1, 2, 2, 4, 3, '0F-0F', 'AAAF', 0, ''),
                 (1, 2, 3, 6, 5, NULL, 'AAAG', 0, ''),
                 (1, 2, 4, 8, NULL, NULL, 'AAAH', 0, '');
             INSERT INTO report (event_id, round, board, result, reported_at) VALUES
                 (1, 2, 3, '1-0', 't1'), (1, 2, 3, '0-1', 't2');",
        )
        .unwrap();
        let games = |conn: &Connection| -> Vec<String> {
            conn.prepare(
                "SELECT event_id, round, board, white, black, result, code, edited, accepted \
                 FROM game ORDER BY round, board",
            )
            .unwrap()
            .query_map([], |r| {
                Ok(format!(
                    "{} {} {} {} {:?} {:?} {} {} {}",
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, i64>(2)?,
                    r.get::<_, i64>(3)?,
                    r.get::<_, Option<i64>>(4)?,
                    r.get::<_, Option<String>>(5)?,
                    r.get::<_, String>(6)?,
                    r.get::<_, i64>(7)?,
                    r.get::<_, String>(8)?,
                ))
            })
            .unwrap()
            .collect::<std::result::Result<_, _>>()
            .unwrap()
        };
        let reports = |conn: &Connection| -> Vec<(String, String)> {
            conn.prepare("SELECT result, reported_at FROM report ORDER BY reported_at")
                .unwrap()
                .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
                .unwrap()
                .collect::<std::result::Result<_, _>>()
                .unwrap()
        };
        let before = games(&conn);
        assert_eq!(before.len(), 8);
        let half_zero = "UPDATE game SET result = '1/2-0' WHERE round = 2 AND board = 3";
        assert!(
            conn.execute(half_zero, []).is_err(),
            "version 17 has no ½-0"
        );

        migrations().to_version(&mut conn, 18).unwrap();
        assert_eq!(games(&conn), before);
        assert_eq!(
            reports(&conn),
            [("1-0".into(), "t1".into()), ("0-1".into(), "t2".into())]
        );
        let broken: i64 = conn
            .query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(broken, 0);
        // The board codes stay unique (the index `game_code` is kept).
        assert!(conn
            .execute(
                "INSERT INTO game (event_id, round, board, white, black, code) \
                 VALUES (1, 2, 5, 7, NULL, 'AAAA')",
                [],
            )
            .is_err());
        for code in ["1/2-0", "0-1/2", "0-0"] {
            conn.execute(
                "UPDATE game SET result = ?1 WHERE round = 2 AND board = 3",
                [code],
            )
            .unwrap();
        }
        assert!(conn
            .execute(
                "UPDATE game SET result = '1/2-1/2' WHERE round = 2 AND board = 3",
                [],
            )
            .is_err());
        // Deleting a round still takes its games and their reports with it.
        conn.execute("DELETE FROM round WHERE number = 2", [])
            .unwrap();
        assert_eq!(games(&conn).len(), 4);
        assert!(reports(&conn).is_empty());
    }

    #[test]
    fn utc_format() {
        assert_eq!(format_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(format_utc(1_795_535_298), "2026-11-24T15:48:18Z");
        assert_eq!(format_utc(951_782_400), "2000-02-29T00:00:00Z");
    }

    /// Migration 31 takes the teams tables' results entered before it as confirmed (they were
    /// final then), keeps the director's, and tells a conflict the director sent from a
    /// phone's.
    #[test]
    fn the_teams_confirmation_migration_keeps_every_result_final() {
        let mut conn = Connection::open_in_memory().unwrap();
        migrations().to_version(&mut conn, 30).unwrap();
        conn.execute_batch(
            "INSERT INTO account (id, username, password_hash, created_at) VALUES (1, 'chief', '', '');
             INSERT INTO bridge_team_event (id, name, boards_per_match, created_at) VALUES (1, 'T', 2, '');
             INSERT INTO bridge_team_result (event_id, round, match_no, room, board, contract, source, device, updated_at)
                 VALUES (1, 1, 1, 'open', 1, 'PASS', 'table', 'a1b2c3d4', 'x'),
                        (1, 1, 1, 'open', 2, 'PASS', 'director', '', 'y');
             INSERT INTO bridge_team_conflict (event_id, round, match_no, room, board, kept, other, other_device, created_at)
                 VALUES (1, 1, 1, 'open', 1, '{}', '{}', 'a1b2c3d4', ''),
                        (1, 1, 1, 'open', 2, '{}', '{}', 'chief', '');",
        )
        .unwrap();
        migrations().to_version(&mut conn, 31).unwrap();
        let confirmed: Vec<Option<String>> = conn
            .prepare("SELECT confirmed_at FROM bridge_team_result ORDER BY board")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<std::result::Result<_, _>>()
            .unwrap();
        assert_eq!(confirmed, [Some("x".to_string()), None]);
        let sources: Vec<String> = conn
            .prepare("SELECT other_source FROM bridge_team_conflict ORDER BY board")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<std::result::Result<_, _>>()
            .unwrap();
        assert_eq!(sources, ["table", "director"]);
        let rounds: u32 = conn
            .query_row("SELECT swiss_rounds FROM bridge_team_event", [], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(rounds, 0);
    }
}
