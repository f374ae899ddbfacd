//! The database under a bad backup, a read-only file, a full disk and guessed codes (issue 19).

use std::path::Path;

use rusqlite::Connection;
use store::{Error, EventSettings, NewPlayer, Refusal, RestoreRefusal, ResultCode, Store};

fn store_in(dir: &Path) -> Store {
    Store::open(&dir.join("event.db")).unwrap()
}

fn event_names(store: &Store) -> Vec<String> {
    store
        .events()
        .unwrap()
        .into_iter()
        .map(|e| e.settings.name.to_string())
        .collect()
}

/// A backup of a store with one event "Kept", written to `path`.
fn backup_with_event(dir: &Path, path: &Path) {
    let other = Store::open(&dir.join("source.db")).unwrap();
    other
        .create_event("arbiter", &EventSettings::new("Kept".parse().unwrap(), 5))
        .unwrap();
    other.backup_to(path).unwrap();
}

fn refusal(e: Error) -> RestoreRefusal {
    match e {
        Error::Restore(r) => r,
        other => panic!("expected a refused restore, got {other:?}"),
    }
}

/// Refused files leave the live database as it was: its events, and its file's bytes unread by
/// the restore.
fn assert_refused(store: &Store, file: &Path) -> RestoreRefusal {
    let before = event_names(store);
    let r = refusal(store.restore_from(file).unwrap_err());
    assert_eq!(event_names(store), before, "{r:?}");
    r
}

#[test]
fn a_backup_from_a_newer_version_is_refused_without_harm() {
    let dir = tempfile::tempdir().unwrap();
    let live = store_in(dir.path());
    live.create_event("arbiter", &EventSettings::new("Live".parse().unwrap(), 5))
        .unwrap();
    let file = dir.path().join("newer.db");
    backup_with_event(dir.path(), &file);
    Connection::open(&file)
        .unwrap()
        .pragma_update(None, "user_version", 999)
        .unwrap();
    let r = assert_refused(&live, &file);
    assert!(
        matches!(r, RestoreRefusal::Newer { found: 999, .. }),
        "{r:?}"
    );
    // The live file still opens (the old restore left it unopenable).
    drop(live);
    let again = store_in(dir.path());
    assert_eq!(event_names(&again), ["Live"]);
}

#[test]
fn foreign_planted_and_broken_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let live = store_in(dir.path());
    live.create_event("arbiter", &EventSettings::new("Live".parse().unwrap(), 5))
        .unwrap();

    // Not SQLite at all.
    let junk = dir.path().join("junk.db");
    std::fs::write(&junk, b"not a database at all, not even close").unwrap();
    assert_eq!(assert_refused(&live, &junk), RestoreRefusal::NotSqlite);

    // Any SQLite file with a table named `event`.
    let foreign = dir.path().join("foreign.db");
    let c = Connection::open(&foreign).unwrap();
    c.execute_batch("CREATE TABLE event (id INTEGER); PRAGMA user_version = 1;")
        .unwrap();
    drop(c);
    assert_eq!(assert_refused(&live, &foreign), RestoreRefusal::NotArbiter);

    // An arbiter database with `game` dropped.
    let dropped = dir.path().join("dropped.db");
    backup_with_event(dir.path(), &dropped);
    Connection::open(&dropped)
        .unwrap()
        .execute_batch("DROP TABLE game")
        .unwrap();
    let r = assert_refused(&live, &dropped);
    assert!(
        matches!(r, RestoreRefusal::Missing { ref name, .. } if name.starts_with("game")),
        "{r:?}"
    );

    // A planted trigger (it turned every 1-0 into 0-1), a view, a column added.
    for (name, sql) in [
        (
            "trigger",
            "CREATE TRIGGER flip AFTER UPDATE OF result ON game BEGIN UPDATE game SET result = '0-1' WHERE result = '1-0'; END;",
        ),
        ("view", "CREATE VIEW v AS SELECT * FROM event;"),
        ("column", "ALTER TABLE event ADD COLUMN extra TEXT;"),
    ] {
        let planted = dir.path().join(format!("planted-{name}.db"));
        backup_with_event(dir.path(), &planted);
        Connection::open(&planted).unwrap().execute_batch(sql).unwrap();
        let r = assert_refused(&live, &planted);
        assert!(
            matches!(
                r,
                RestoreRefusal::Extra { .. } | RestoreRefusal::Changed { .. }
            ),
            "{name}: {r:?}"
        );
        std::fs::remove_file(dir.path().join("source.db")).unwrap();
    }

    // Rows pointing nowhere.
    let broken = dir.path().join("broken.db");
    backup_with_event(dir.path(), &broken);
    Connection::open(&broken)
        .unwrap()
        .execute_batch(
            "PRAGMA foreign_keys = OFF; INSERT INTO player (event_id, number, name) VALUES (77, 1, 'Nobody, No')",
        )
        .unwrap();
    let r = assert_refused(&live, &broken);
    assert!(
        matches!(r, RestoreRefusal::BrokenReferences { ref table, rows: 1 } if table == "player"),
        "{r:?}"
    );
}

#[test]
fn a_good_backup_is_restored_and_the_previous_database_kept() {
    let dir = tempfile::tempdir().unwrap();
    let live = store_in(dir.path());
    live.create_event("arbiter", &EventSettings::new("Before".parse().unwrap(), 5))
        .unwrap();
    live.create_account("chief", "long enough").unwrap();
    let session = live.login("192.0.2.1", "chief", "long enough").unwrap();
    let file = dir.path().join("backup.db");
    backup_with_event(dir.path(), &file);
    let restored = live.restore_from(&file).unwrap();
    assert_eq!(event_names(&live), ["Kept"]);
    // Every session ends.
    assert!(live.session(&session.token).unwrap().is_none());
    let previous = restored.previous.expect("the previous database is kept");
    assert_eq!(previous.parent(), Some(dir.path()));
    let kept = Store::open(&previous).unwrap();
    assert_eq!(event_names(&kept), ["Before"]);
}

#[test]
fn backups_carry_no_credentials() {
    let dir = tempfile::tempdir().unwrap();
    let store = store_in(dir.path());
    store.create_setup_token().unwrap();
    store.create_account("chief", "long enough").unwrap();
    let session = store.login("192.0.2.1", "chief", "long enough").unwrap();
    let mut image = Vec::new();
    store.write_backup(&mut image).unwrap();
    let file = dir.path().join("download.db");
    std::fs::write(&file, &image).unwrap();
    store.backup_to(&dir.path().join("cli.db")).unwrap();
    for copy in [file, dir.path().join("cli.db")] {
        let bytes = std::fs::read(&copy).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        assert!(!text.contains(&session.token), "{copy:?}");
        assert!(!text.contains(&session.csrf), "{copy:?}");
        let c = Connection::open(&copy).unwrap();
        for table in ["login_session", "setup_token", "throttle"] {
            let n: i64 = c
                .query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))
                .unwrap();
            assert_eq!(n, 0, "{copy:?}: {table}");
        }
        let accounts: i64 = c
            .query_row("SELECT count(*) FROM account", [], |r| r.get(0))
            .unwrap();
        assert_eq!(accounts, 1);
    }
    // And the live file keeps no token in clear either.
    let live = std::fs::read(dir.path().join("event.db")).unwrap();
    let wal = std::fs::read(dir.path().join("event.db-wal")).unwrap_or_default();
    for bytes in [live, wal] {
        assert!(!String::from_utf8_lossy(&bytes).contains(&session.token));
    }
}

#[test]
fn wrong_codes_are_counted_in_the_database_across_stores() {
    let dir = tempfile::tempdir().unwrap();
    let a = store_in(dir.path());
    let event = a
        .create_event("arbiter", &EventSettings::new("Codes".parse().unwrap(), 5))
        .unwrap();
    for i in 0..4 {
        a.add_player(
            "arbiter",
            event,
            &NewPlayer::named(format!("P{i}, X").parse().unwrap(), Some(2000 - i as u16)),
        )
        .unwrap();
    }
    a.set_all_present("arbiter", event, true).unwrap();
    let code = a.pair_round("arbiter", event, 1).unwrap().games[0]
        .code
        .clone();
    // A second process on the same file shares the counts.
    let b = store_in(dir.path());
    for i in 0..10 {
        let s = if i % 2 == 0 { &a } else { &b };
        let e = s.open_board("192.0.2.9", "ZZZZZZ", None, None).unwrap_err();
        assert!(matches!(e, Error::Refused { .. }), "{e:?}");
    }
    // Locked: even the right code waits (a second at first)...
    let e = b.open_board("192.0.2.9", &code, None, None).unwrap_err();
    let Error::TooManyAttempts { retry_after_ms } = e else {
        panic!("{e:?}")
    };
    assert!(retry_after_ms <= 1000);
    // ... while another address is not.
    assert!(a.open_board("192.0.2.10", &code, None, None).is_ok());
    // After the wait the right code goes through; and the count survives a reopening.
    std::thread::sleep(std::time::Duration::from_millis(retry_after_ms + 50));
    drop(a);
    let reopened = store_in(dir.path());
    assert!(reopened.open_board("192.0.2.9", &code, None, None).is_ok());
    assert!(matches!(
        reopened
            .open_board("192.0.2.9", "ZZZZZZ", None, None)
            .unwrap_err(),
        Error::Refused { .. }
    ));
    assert!(matches!(
        reopened
            .open_board("192.0.2.9", &code, None, None)
            .unwrap_err(),
        Error::TooManyAttempts { .. }
    ));
}

/// A report sent with its code (one batched commit, [`Store::report_with_code`]) is under the
/// same wrong-code limits as opening the board: a wrong code is counted and the count kept
/// (not rolled back with the refused report), the address then waits even with the right code,
/// and a right code from elsewhere records the report.
#[test]
fn reports_sent_with_a_code_count_wrong_codes_too() {
    let dir = tempfile::tempdir().unwrap();
    let s = store_in(dir.path());
    let event = s
        .create_event("arbiter", &EventSettings::new("Codes".parse().unwrap(), 5))
        .unwrap();
    for i in 0..4 {
        s.add_player(
            "arbiter",
            event,
            &NewPlayer::named(format!("P{i}, X").parse().unwrap(), Some(2000 - i as u16)),
        )
        .unwrap();
    }
    let game = s.pair_round("arbiter", event, 1).unwrap().games[0].clone();
    for _ in 0..10 {
        let e = s
            .report_with_code("192.0.2.9", "ZZZZZZ", None, None, ResultCode::Draw)
            .unwrap_err();
        assert!(
            matches!(
                e,
                Error::Refused {
                    reason: Refusal::BadCode,
                    ..
                }
            ),
            "{e:?}"
        );
    }
    // A board number that is not the code's counts as a wrong code too.
    let e = s
        .report_with_code(
            "192.0.2.9",
            &game.code,
            Some(game.board + 1),
            None,
            ResultCode::Draw,
        )
        .unwrap_err();
    assert!(matches!(e, Error::TooManyAttempts { .. }), "{e:?}");
    assert!(matches!(
        s.open_board("192.0.2.9", &game.code, None, None)
            .unwrap_err(),
        Error::TooManyAttempts { .. }
    ));
    let (_, opened, outcome) = s
        .report_with_code(
            "192.0.2.10",
            &game.code,
            Some(game.board),
            None,
            ResultCode::WhiteWins,
        )
        .unwrap();
    assert_eq!(opened.board, game.board);
    assert_eq!(outcome, store::ReportOutcome::Stored);
    let round = s.round(event, 1).unwrap();
    let reported = round.games.iter().find(|g| g.board == game.board).unwrap();
    assert_eq!(reported.reported, Some(ResultCode::WhiteWins));
}

/// A registration form's question does not expire under load (issue 34): any number of forms
/// shown meanwhile (each a new question) leave a player's question answerable, from another
/// process on the file too; an answer registers once; a changed token is refused.
#[test]
fn a_registration_question_survives_any_number_of_forms_shown_meanwhile() {
    let dir = tempfile::tempdir().unwrap();
    let a = store_in(dir.path());
    let event = a
        .create_event("arbiter", &EventSettings::new("Open".parse().unwrap(), 5))
        .unwrap();
    let open = store::EntrySettings {
        open: true,
        ..store::EntrySettings::default()
    };
    a.set_entry_settings("arbiter", event, &open).unwrap();
    let player = |name: &str| NewPlayer::named(name.parse().unwrap(), None);
    let first = a.new_challenge().unwrap();
    for _ in 0..25_000 {
        a.new_challenge().unwrap();
    }
    let b = store_in(dir.path());
    b.submit_entry(
        "192.0.2.7",
        event,
        &first.token,
        first.answer(),
        &player("Durand, Anne"),
    )
    .unwrap();
    // Spent: the same answer again is refused.
    let e = a
        .submit_entry(
            "192.0.2.7",
            event,
            &first.token,
            first.answer(),
            &player("Durand, Paul"),
        )
        .unwrap_err();
    assert!(
        matches!(e, Error::Invalid { ref field, .. } if field == "answer"),
        "{e:?}"
    );
    // A token whose question was changed is refused.
    let other = a.new_challenge().unwrap();
    let forged = other.token.replacen(
        &format!(".{}.{}.", other.a, other.b),
        &format!(".{}.{}.", other.a + 1, other.b),
        1,
    );
    assert_ne!(forged, other.token);
    let e = a
        .submit_entry(
            "192.0.2.7",
            event,
            &forged,
            other.answer() + 1,
            &player("Martin, Léa"),
        )
        .unwrap_err();
    assert!(
        matches!(e, Error::Invalid { ref field, .. } if field == "answer"),
        "{e:?}"
    );
    // The key is no part of a backup.
    let copy = dir.path().join("copy.db");
    a.backup_to(&copy).unwrap();
    let keys: i64 = Connection::open(&copy)
        .unwrap()
        .query_row("SELECT count(*) FROM server_secret", [], |r| r.get(0))
        .unwrap();
    assert_eq!(keys, 0);
}
