//! `arbiter event export --to trf26 --per-period -o FOLDER`: one TRF per rating period (issue 35
//! §4), named after the period, never over a file already there, refused while a reported round
//! has no date.

mod common;

use std::path::Path;

use common::{ok_in as ok, run_in, stderr, stdout, temp_dir};

/// An event of six players, round 1 on 28 November and round 2 on 5 December, both played
/// (`e.db` in `d`). The dates are set through the store, as the application's schedule does.
fn two_months(d: &Path) {
    let mut csv = String::from("Nom;Prénom;Elo;Fédération\n");
    for i in 0..6 {
        csv.push_str(&format!("Joueur{i:02};Test;{};FRA\n", 2200 - i * 45));
    }
    std::fs::write(d.join("players.csv"), csv).unwrap();
    let e = |args: &[&str]| {
        let mut v = vec!["event", "--db", "e.db"];
        v.extend_from_slice(args);
        ok(d, &v)
    };
    e(&["create", "--name", "Open", "--rounds", "2"]);
    e(&["import", "1", "players.csv"]);
    let store = store::Store::open(&d.join("e.db")).unwrap();
    let dates: Vec<(u32, Option<store::RoundStart>)> = vec![
        (1, Some("2026-11-28".parse().unwrap())),
        (2, Some("2026-12-05".parse().unwrap())),
    ];
    store.set_round_starts("chief", 1, &dates, None).unwrap();
    drop(store);
    for round in 1..=2u32 {
        e(&["pair", "1"]);
        for board in 1..=3u32 {
            e(&["result", "1", &round.to_string(), &board.to_string(), "1/2"]);
        }
    }
}

fn export(d: &Path, extra: &[&str]) -> std::process::Output {
    let mut v = vec![
        "event",
        "--db",
        "e.db",
        "export",
        "1",
        "--to",
        "trf26",
        "--per-period",
    ];
    v.extend_from_slice(extra);
    run_in(d, &v)
}

#[test]
fn an_event_over_two_months_exports_one_file_per_month() {
    let dir = temp_dir();
    let d = dir.path();
    two_months(d);
    let out = export(d, &["-o", "fide"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let nov = d.join("fide/event-1-trf2026-2026-11.trf");
    let dec = d.join("fide/event-1-trf2026-2026-12.trf");
    assert_eq!(
        stdout(&out),
        format!(
            "2026-11  Round 1  {}\n2026-12  Round 2  {}\n",
            Path::new("fide")
                .join("event-1-trf2026-2026-11.trf")
                .display(),
            Path::new("fide")
                .join("event-1-trf2026-2026-12.trf")
                .display()
        )
    );
    let november = std::fs::read_to_string(&nov).unwrap();
    let december = std::fs::read_to_string(&dec).unwrap();
    assert!(november.starts_with("012 Open Round 1"), "{november}");
    assert!(december.starts_with("012 Open Round 2"), "{december}");
    // Every draw: 0.5 a player in each file, round 1's columns empty in December's.
    for line in december.lines().filter(|l| l.starts_with("001")) {
        assert_eq!(line[80..84].trim(), "0.5", "{line}");
        assert_eq!(line.get(91..99).unwrap_or("").trim(), "", "{line}");
        assert!(line[101..109].ends_with('='), "{line}");
    }

    // Again: the files are there, nothing is overwritten (exit 3, the file named).
    std::fs::write(&nov, "kept").unwrap();
    let out = export(d, &["-o", "fide"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("event-1-trf2026-2026-11.trf: the file exists"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&nov).unwrap(), "kept");

    // Without a folder.
    let out = export(d, &[]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).contains("-o"), "{}", stderr(&out));
}

#[test]
fn a_round_without_a_date_writes_nothing() {
    let dir = temp_dir();
    let d = dir.path();
    two_months(d);
    let store = store::Store::open(&d.join("e.db")).unwrap();
    store
        .set_round_starts("chief", 1, &[(2, None)], None)
        .unwrap();
    drop(store);
    let out = export(d, &["-o", "fide"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("round 2: expected a date"),
        "{}",
        stderr(&out)
    );
    assert!(!d.join("fide").exists());
}
