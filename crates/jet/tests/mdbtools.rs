//! Our reading and writing of Jet 4 files against Debian's mdbtools (`mdb-tables`,
//! `mdb-schema`, `mdb-export`): every cell of every real file we hold reads as `mdb-export`
//! reads it, and a file we wrote reads back through mdbtools with the values we wrote.

use jet::{ColumnType, Database, JetError, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

fn papi_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tournament/tests/data/papi")
}

fn empty_papi() -> Vec<u8> {
    std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("../tournament/src/papi/empty.papi"))
        .expect("the empty Papi file")
}

/// Whether mdbtools is installed; CI installs it (`.ci/run`), so there its absence fails.
fn have_mdbtools() -> bool {
    let found = Command::new("mdb-export").arg("--version").output().is_ok();
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "mdbtools is missing on CI"
        );
        eprintln!("SKIPPED: mdbtools (mdb-export) is not installed");
    }
    found
}

fn run(cmd: &str, args: &[&str]) -> String {
    let out = Command::new(cmd).args(args).output().expect(cmd);
    assert!(
        out.status.success(),
        "{cmd} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 from mdbtools")
}

/// A cell as `mdb-export` prints it: `None` for an empty (null) field, the unquoted text else.
type Cell = Option<String>;

/// Parses mdb-export's CSV: fields separated by commas, text in double quotes (doubled inside),
/// rows ended by a newline outside quotes.
fn parse_csv(s: &str) -> Vec<Vec<Cell>> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut in_quotes = false;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if in_quotes && chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            '"' => {
                in_quotes = !in_quotes;
                quoted = true;
            }
            ',' if !in_quotes => {
                row.push((quoted || !field.is_empty()).then(|| std::mem::take(&mut field)));
                quoted = false;
            }
            '\n' if !in_quotes => {
                row.push((quoted || !field.is_empty()).then(|| std::mem::take(&mut field)));
                quoted = false;
                rows.push(std::mem::take(&mut row));
            }
            c => field.push(c),
        }
    }
    rows
}

fn export(path: &Path, table: &str) -> Vec<Vec<Cell>> {
    let p = path.to_str().expect("path");
    parse_csv(&run("mdb-export", &["-T", "%Y-%m-%d %H:%M:%S", p, table]))
}

/// Days since 30 December 1899 as `mdb-export -T '%Y-%m-%d %H:%M:%S'` prints them.
fn format_date(days: f64) -> String {
    let whole = days.floor() as i64;
    let secs = ((days - whole as f64) * 86_400.0).round() as i64;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = whole - 25_569 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// Our cell as mdb-export prints it (floats aside).
fn render(v: &Value) -> Cell {
    match v {
        Value::Null => None,
        Value::Text(s) => Some(s.clone()),
        Value::Bool(b) => Some(if *b { "1" } else { "0" }.into()),
        Value::DateTime(d) => Some(format_date(*d)),
        Value::Single(x) => Some(x.to_string()),
        v => Some(v.as_i64().map(|i| i.to_string()).unwrap_or_default()),
    }
}

/// Checks one of our cells against mdb-export's.
fn assert_cell(ours: &Value, theirs: &Cell, kind: ColumnType, at: &str) {
    match (ours, theirs) {
        (Value::Null, None) => {}
        (Value::Text(s), Some(t)) => assert_eq!(s, t, "{at}"),
        (Value::Text(s), None) => assert!(s.is_empty(), "{at}: ours {s:?}, mdb-export null"),
        (Value::Bool(b), Some(t)) => assert_eq!(if *b { "1" } else { "0" }, t, "{at}"),
        (Value::Single(x), Some(t)) => {
            assert_eq!(*x, t.parse::<f32>().expect("a number"), "{at}")
        }
        (Value::DateTime(d), Some(t)) => assert_eq!(&format_date(*d), t, "{at}"),
        (v, Some(t)) if v.as_i64().is_some() => {
            assert_eq!(v.as_i64().unwrap().to_string(), *t, "{at} ({kind})")
        }
        (v, t) => panic!("{at}: ours {v:?}, mdb-export {t:?}"),
    }
}

/// Our reading of every table equals mdb-export's, cell by cell, with the same columns.
fn assert_reads_like_mdbtools(path: &Path, db: &Database) {
    let p = path.to_str().expect("path");
    let listed: Vec<String> = run("mdb-tables", &["-1", p])
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(db.table_names(), listed, "{}", path.display());
    for name in db.table_names() {
        let table = db.table(name).expect("table");
        let theirs = export(path, name);
        let header: Vec<&str> = theirs[0]
            .iter()
            .map(|c| c.as_deref().unwrap_or(""))
            .collect();
        let ours_header: Vec<&str> = table.columns().iter().map(|c| c.name()).collect();
        assert_eq!(ours_header, header, "{} {name}", path.display());
        let mut rows = db.rows(name).expect("rows");
        assert_eq!(
            rows.len(),
            theirs.len() - 1,
            "{} {name}: row count",
            path.display()
        );
        assert_eq!(
            rows.len() as u32,
            table.row_count(),
            "{} {name}: recorded count",
            path.display()
        );
        // mdbtools lists a row that Access moved to another page (an overflow) at its new place,
        // we at its own: compare the rows in one order, by their text and integer cells.
        let mut theirs = theirs[1..].to_vec();
        let floats: Vec<bool> = table
            .columns()
            .iter()
            .map(|c| c.kind() == ColumnType::Single)
            .collect();
        let key = |cells: &[Cell]| -> Vec<Cell> {
            cells
                .iter()
                .zip(&floats)
                .filter(|(_, f)| !**f)
                .map(|(c, _)| c.clone())
                .collect()
        };
        theirs.sort_by_key(|r| key(r));
        rows.sort_by_key(|r| key(&r.iter().map(render).collect::<Vec<_>>()));
        for (i, (ours, theirs)) in rows.iter().zip(&theirs).enumerate() {
            for (k, c) in table.columns().iter().enumerate() {
                let at = format!(
                    "{} {name} row {} column {}",
                    path.display(),
                    i + 1,
                    c.name()
                );
                assert_cell(&ours[k], &theirs[k], c.kind(), &at);
            }
        }
    }
}

#[test]
fn every_real_papi_file_reads_as_mdb_export_reads_it() {
    if !have_mdbtools() {
        return;
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(papi_dir())
        .expect("test data")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "papi"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "the real Papi files are missing");
    for path in files {
        let db = Database::from_bytes(std::fs::read(&path).expect("file")).expect("a Jet file");
        assert_reads_like_mdbtools(&path, &db);
    }
}

/// Rows of every kind of cell for the empty Papi file's JOUEUR table: numbers, dates, accents,
/// apostrophes, quotes, nulls, booleans, and enough of them to fill several pages.
fn joueur_rows(db: &Database, count: usize) -> Vec<Vec<Value>> {
    let table = db.table("JOUEUR").expect("JOUEUR");
    (1..=count)
        .map(|i| {
            table
                .columns()
                .iter()
                .map(|c| match (c.name(), c.kind()) {
                    ("Ref", _) => Value::Long(i as i32),
                    ("NrFFE", _) => Value::Text(format!("K{i:05}")),
                    ("Federation", _) => Value::Text("FRA".into()),
                    ("Nom", _) => Value::Text(format!("L'ÉCUYER-{i}")),
                    ("Prenom", _) if i % 7 == 0 => Value::Null,
                    ("Prenom", _) => Value::Text(format!("Zoé \"{i}\"")),
                    ("Commentaire", _) if i % 3 == 0 => Value::Text("€ œ Ŋ".into()),
                    ("NeLe", _) if i % 5 != 0 => Value::DateTime(36_000.0 + i as f64),
                    ("Pointe", _) => Value::Bool(i % 2 == 0),
                    ("Dep1", _) => Value::Single(i as f32 / 2.0),
                    (_, ColumnType::Int) => Value::Int((i * 3) as i16),
                    (_, ColumnType::Long) => Value::Long(1_000_000 + i as i32),
                    (_, ColumnType::Byte) => Value::Byte((i % 7) as u8),
                    (n, ColumnType::Text) if n.starts_with("Rd") => Value::Text("B".into()),
                    (_, ColumnType::Text) => Value::Text(String::new()),
                    _ => Value::Null,
                })
                .collect()
        })
        .collect()
}

#[test]
fn written_file_reads_back_through_mdbtools_with_the_empty_files_tables_and_columns() {
    if !have_mdbtools() {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let empty_path = dir.path().join("empty.papi");
    std::fs::write(&empty_path, empty_papi()).expect("write");
    let mut db = Database::from_bytes(empty_papi()).expect("empty Papi");
    let joueur = joueur_rows(&db, 400);
    let info: Vec<Vec<Value>> = (0..200)
        .map(|i| {
            vec![
                Value::Text(format!("Var{i}")),
                Value::Text(format!("Valeur n°{i}")),
            ]
        })
        .collect();
    db.replace_rows("JOUEUR", &joueur).expect("JOUEUR");
    db.replace_rows("INFO", &info).expect("INFO");
    assert!(
        db.page_count() > 99,
        "400 players need pages beyond the empty file's"
    );
    let written = dir.path().join("written.papi");
    std::fs::write(&written, db.as_bytes()).expect("write");

    // Same tables, same columns with the same types.
    let schema = |p: &Path| {
        run(
            "mdb-schema",
            &["--no-indexes", "--no-relations", p.to_str().unwrap()],
        )
    };
    assert_eq!(schema(&written), schema(&empty_path));
    // mdb-export reads what we wrote, and so do we.
    let reread = Database::from_bytes(std::fs::read(&written).unwrap()).expect("reread");
    assert_eq!(reread.rows("JOUEUR").unwrap(), joueur);
    assert_eq!(reread.rows("INFO").unwrap(), info);
    assert_reads_like_mdbtools(&written, &reread);
    // The table nobody wrote keeps its rows.
    assert_eq!(
        reread.rows("RES").unwrap(),
        Database::from_bytes(empty_papi())
            .unwrap()
            .rows("RES")
            .unwrap()
    );

    // Writing fewer rows afterwards empties the pages left over.
    db.replace_rows("JOUEUR", &joueur[..3])
        .expect("three players");
    std::fs::write(&written, db.as_bytes()).expect("write");
    assert_eq!(export(&written, "JOUEUR").len(), 4);
    db.replace_rows("JOUEUR", &[]).expect("no players");
    std::fs::write(&written, db.as_bytes()).expect("write");
    assert_eq!(export(&written, "JOUEUR").len(), 1);
    assert_reads_like_mdbtools(
        &written,
        &Database::from_bytes(std::fs::read(&written).unwrap()).unwrap(),
    );
}

#[test]
fn bad_files_and_values_are_refused_with_what_and_where() {
    let bytes = empty_papi();
    // Cut in the middle of a page.
    let err = Database::from_bytes(bytes[..50_000].to_vec()).unwrap_err();
    assert!(err.to_string().contains("truncated"), "{err}");
    // Cut at a page boundary, before the tables' pages.
    let err = Database::from_bytes(bytes[..4096 * 10].to_vec()).unwrap_err();
    assert!(matches!(err, JetError::Truncated { .. }), "{err}");
    // Not a database.
    let err = Database::from_bytes(b"012 Tournoi\nXXR 9\n".repeat(10)).unwrap_err();
    assert!(matches!(err, JetError::NotJet(_)), "{err}");
    let mut ace = bytes.clone();
    ace[4..19].copy_from_slice(b"Standard ACE DB");
    assert!(Database::from_bytes(ace)
        .unwrap_err()
        .to_string()
        .contains(".accdb"));
    let mut jet3 = bytes.clone();
    jet3[0x14] = 0;
    assert_eq!(
        Database::from_bytes(jet3).unwrap_err(),
        JetError::UnsupportedVersion(0)
    );

    let mut db = Database::from_bytes(bytes).unwrap();
    let too_long = vec![Value::Text("x".repeat(51)), Value::Text("v".into())];
    let err = db.replace_rows("INFO", &[too_long]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "table INFO, row 1, column Variable: \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\" has 51 characters, the column holds 50"
    );
    let wrong_type = vec![Value::Long(3), Value::Long(4)];
    let err = db.replace_rows("RES", &[wrong_type]).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("table RES, row 1, column Str: a Text column cannot hold"),
        "{err}"
    );
    assert_eq!(
        db.replace_rows("NOPE", &[]).unwrap_err(),
        JetError::NoSuchTable("NOPE".into())
    );
}
