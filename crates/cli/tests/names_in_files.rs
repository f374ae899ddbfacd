//! What goes into files others read (issue 19, section 5): a player name with a line break
//! once added a `001` record for a nobody to the exported TRF. Names that no file can carry are
//! refused at every entry point, an older database that holds one is read safely, the exported
//! TRF passes `arbiter validate`, and a name that a spreadsheet would run as a formula is written
//! as text in the CSV.

mod common;

use common::{ok_in as ok, run_in, stderr};

#[test]
fn an_attacked_event_exports_a_trf_that_validates() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let db = ["event", "--db", "e.db"];
    let with =
        |args: &[&str]| -> Vec<String> { db.iter().chain(args).map(|s| s.to_string()).collect() };
    let run = |args: &[&str]| {
        let v = with(args);
        let refs: Vec<&str> = v.iter().map(String::as_str).collect();
        run_in(d, &refs)
    };
    let okd = |args: &[&str]| {
        let v = with(args);
        let refs: Vec<&str> = v.iter().map(String::as_str).collect();
        ok(d, &refs)
    };
    okd(&["create", "--name", "Open", "--rounds", "3"]);
    let mut csv = String::from("name;rating;federation\n");
    csv.push_str("\"=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\")\";2200;FRA\n");
    csv.push_str("+33 Plus;2150;FRA\n@SUM(A1);2100;FRA\n");
    for i in 0..3 {
        csv.push_str(&format!("Joueur{i:02}, Test;{};FRA\n", 2000 - i * 50));
    }
    std::fs::write(d.join("players.csv"), csv).unwrap();
    assert_eq!(okd(&["import", "1", "players.csv"]), "6 players added\n");

    // Each entry point refuses what no file can carry, naming where it is.
    let forged = "Evil\n001    9 m    Nobody                            1500 FRA";
    let r = run(&["add-player", "1", "--name", forged]);
    assert_eq!(r.status.code(), Some(3), "{}", stderr(&r));
    assert!(stderr(&r).contains("line break"), "{}", stderr(&r));
    std::fs::write(
        d.join("bad.csv"),
        "name;rating\nOk;1500\nEsc\u{1b}[31m;1400\n",
    )
    .unwrap();
    let r = run(&["import", "1", "bad.csv"]);
    assert_eq!(r.status.code(), Some(3));
    assert!(stderr(&r).contains("line 3, column 1"), "{}", stderr(&r));
    let r = run_in(
        d,
        &[
            "event",
            "--db",
            "e.db",
            "create",
            "--name",
            "Open\u{202e}",
            "--rounds",
            "3",
        ],
    );
    assert_eq!(r.status.code(), Some(3), "{}", stderr(&r));

    // A database an earlier version wrote with such names (the attack as it was) is read with
    // every forbidden character as a blank.
    {
        let conn = rusqlite::Connection::open(d.join("e.db")).unwrap();
        conn.execute("UPDATE player SET name = ?1 WHERE number = 6", [forged])
            .unwrap();
        conn.execute(
            "UPDATE event SET chief_arbiter = ?1, place = ?2",
            ["Durand\r\n001    8 m    Ghost", "Lyon\u{1b}[2J"],
        )
        .unwrap();
    }
    okd(&["present", "1", "1"]);
    for round in 1..=3 {
        let list = okd(&["pair", "1"]);
        let boards = list.lines().filter(|l| !l.contains("bye")).count() - 2;
        for board in 1..=boards {
            okd(&["result", "1", &round.to_string(), &board.to_string(), "1-0"]);
        }
    }
    okd(&["export", "1", "-o", "event.trf"]);
    let trf = std::fs::read_to_string(d.join("event.trf")).unwrap();
    assert_eq!(
        trf.lines().filter(|l| l.starts_with("001")).count(),
        6,
        "{trf}"
    );
    assert!(!trf.chars().any(|c| c.is_control() && c != '\n'), "{trf:?}");
    assert!(trf.contains("102 Durand 001 8 m Ghost\n"), "{trf}");
    let out = ok(d, &["validate", "event.trf"]);
    assert!(out.contains("ok, 6 players, 3 rounds"), "{out}");

    // The standings as CSV: the names that would run as formulas are text.
    let standings = okd(&["standings", "1", "--format", "csv"]);
    assert!(
        standings.contains("\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"x\"\")\""),
        "{standings}"
    );
    assert!(standings.contains(",'+33 Plus,"), "{standings}");
    assert!(standings.contains(",'@SUM(A1),"), "{standings}");
}
