//! Bridge table entry under load, over loopback against the real server (issue 13's "Done
//! when"): 20 tables entering the same round at the same instant through the table pages'
//! forms lose no line and double none; two phones entering one line differently end as one
//! line and a conflict the director's grid shows, never a silent overwrite.

use std::sync::{Arc, Barrier};
use std::time::Instant;

use serde_json::{json, Value};

use crate::common::{csrf_in, App, Client};

/// A session through the API; returns its id.
fn session(arb: &mut Client, name: &str, tables: u32, movement: &str) -> i64 {
    let r = arb.post_json(
        "/api/bridge/sessions",
        &json!({"name": name, "club": "BC Loopback", "tables": tables, "movement": movement}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()["id"].as_i64().unwrap()
}

/// Round 1's sittings: (table, NS, EW, boards), tables with two pairs only.
fn round_one(arb: &mut Client, id: i64) -> Vec<(u64, u64, u64, Vec<u64>)> {
    let r = arb.get(&format!("/api/bridge/sessions/{id}/movement"));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()["rounds"][0]["tables"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| !t["ns"].is_null() && !t["ew"].is_null())
        .map(|t| {
            (
                t["table"].as_u64().unwrap(),
                t["ns"].as_u64().unwrap(),
                t["ew"].as_u64().unwrap(),
                t["boards"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|b| b.as_u64().unwrap())
                    .collect(),
            )
        })
        .collect()
}

fn code_of(arb: &mut Client, id: i64, table: u64) -> String {
    let r = arb.get(&format!("/api/bridge/sessions/{id}/codes"));
    r.json()
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["table"] == table)
        .and_then(|c| c["code"].as_str())
        .unwrap()
        .to_string()
}

/// A contract a table enters for a board, varied by table: (level, strain, declarer, result).
fn entry_for(table: u64, board: u64) -> [(&'static str, String); 7] {
    const STRAINS: [&str; 5] = ["C", "D", "H", "S", "NT"];
    const SEATS: [&str; 4] = ["N", "E", "S", "W"];
    let level = 1 + (table + board) % 4;
    let result = match (table * 3 + board) % 4 {
        0 => "=".to_string(),
        1 => "+1".to_string(),
        2 => "-1".to_string(),
        _ => "-2".to_string(),
    };
    [
        ("level", level.to_string()),
        ("strain", STRAINS[(table % 5) as usize].to_string()),
        ("doubling", String::new()),
        (
            "declarer",
            SEATS[((table + board) % 4) as usize].to_string(),
        ),
        ("lead_suit", "S".to_string()),
        ("lead_card", "A".to_string()),
        ("result", result),
    ]
}

/// A phone that has opened its table's page: its cookies (anonymous token, device id) and
/// the page's CSRF token.
fn phone_at(base: &str, code: &str) -> (Client, String) {
    let mut p = Client::new(base);
    let r = p.get(&format!("/t/{code}"));
    assert_eq!(r.status, 200, "the table page of {code}: {}", r.body);
    let csrf = csrf_in(&r.body);
    (p, csrf)
}

/// North's form for one board, as the table page posts it.
fn enter(
    p: &mut Client,
    csrf: &str,
    code: &str,
    round: u32,
    board: u64,
    e: &[(&str, String)],
) -> (u16, String) {
    let round = round.to_string();
    let mut fields: Vec<(&str, &str)> = vec![("csrf", csrf), ("round", &round)];
    fields.extend(e.iter().map(|(k, v)| (*k, v.as_str())));
    let r = p.post_form(&format!("/t/{code}/boards/{board}"), &fields);
    (r.status, r.location.unwrap_or(r.body))
}

fn confirm(p: &mut Client, csrf: &str, code: &str, round: u32, board: u64) -> u16 {
    let round = round.to_string();
    p.post_form(
        &format!("/t/{code}/boards/{board}/confirm"),
        &[("csrf", csrf), ("round", &round)],
    )
    .status
}

fn lines(arb: &mut Client, id: i64) -> Value {
    let r = arb.get(&format!("/api/bridge/sessions/{id}/lines"));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

#[test]
fn twenty_tables_entering_one_round_at_once_lose_no_line() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let id = session(&mut arb, "Vingt tables", 20, "mitchell");
    let sittings = round_one(&mut arb, id);
    assert_eq!(sittings.len(), 20, "20 tables play round 1");
    let phones: Vec<_> = sittings
        .iter()
        .map(|s| {
            let code = code_of(&mut arb, id, s.0);
            let (p, csrf) = phone_at(&app.base, &code);
            (s.clone(), code, p, csrf)
        })
        .collect();
    let expected: usize = sittings.iter().map(|s| s.3.len()).sum();
    let barrier = Arc::new(Barrier::new(phones.len()));
    let started = Instant::now();
    let threads: Vec<_> = phones
        .into_iter()
        .map(|((table, _, _, boards), code, mut p, csrf)| {
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                barrier.wait();
                let mut answers = Vec::new();
                for &b in &boards {
                    let (s, to) = enter(&mut p, &csrf, &code, 1, b, &entry_for(table, b));
                    answers.push((b, s, to));
                }
                for &b in &boards {
                    answers.push((b, confirm(&mut p, &csrf, &code, 1, b), String::new()));
                }
                (table, answers)
            })
        })
        .collect();
    for t in threads {
        let (table, answers) = t.join().expect("a table's thread");
        for (board, status, to) in answers {
            assert_eq!(status, 303, "table {table}, board {board}: {to}");
            assert!(
                to.is_empty() || to.contains("outcome=stored"),
                "table {table}, board {board}: {to}"
            );
        }
    }
    let elapsed = started.elapsed();
    // Every line of round 1 once, confirmed, with the content its table sent.
    let all = lines(&mut arb, id);
    let round1: Vec<&Value> = all["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["round"] == 1)
        .collect();
    assert_eq!(
        round1.len(),
        expected,
        "one line per board played in round 1"
    );
    for (table, ns, ew, boards) in &sittings {
        for b in boards {
            let found: Vec<&&Value> = round1
                .iter()
                .filter(|l| l["board"] == *b && l["ns"] == *ns && l["ew"] == *ew)
                .collect();
            assert_eq!(found.len(), 1, "board {b} at table {table}: one line");
            let l = found[0];
            assert_eq!(l["status"], "confirmed", "board {b} at table {table}: {l}");
            assert_eq!(l["table"], *table);
            let e = entry_for(*table, *b);
            assert_eq!(l["entry"]["declarer"], e[3].1.as_str(), "{l}");
            assert!(
                l["entry"]["contract"]
                    .as_str()
                    .unwrap()
                    .starts_with(&format!("{}{}", e[0].1, e[1].1)),
                "board {b} at table {table}: {l}"
            );
        }
    }
    // One log row per entry and per confirmation: nothing written twice.
    let log = arb.get(&format!("/api/bridge/sessions/{id}/log")).json();
    let count = |action: &str| {
        log.as_array()
            .unwrap()
            .iter()
            .filter(|e| e["action"] == action)
            .count()
    };
    assert_eq!(count("enter"), expected, "one entry logged per line");
    assert_eq!(
        count("confirm"),
        expected,
        "one confirmation logged per line"
    );
    assert_eq!(count("conflict"), 0);
    eprintln!(
        "20 tables entering round 1 at once ({expected} lines, entered and confirmed): {:.2} s",
        elapsed.as_secs_f64()
    );
}

#[test]
fn two_phones_entering_one_line_differently_make_a_conflict_not_an_overwrite() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let id = session(&mut arb, "Deux téléphones", 3, "mitchell");
    let (table, ns, ew, boards) = round_one(&mut arb, id).remove(0);
    let board = boards[0];
    let code = code_of(&mut arb, id, table);
    // North's and East's phones: two cookie jars, two device ids.
    let (mut north, north_csrf) = phone_at(&app.base, &code);
    let (east, east_csrf) = phone_at(&app.base, &code);
    let theirs = entry_for(table, board);
    let mut other = entry_for(table, board);
    other[6].1 = if theirs[6].1 == "=" { "+1" } else { "=" }.to_string();
    // Both at the same instant.
    let barrier = Arc::new(Barrier::new(2));
    let race: Vec<_> = [
        (north, north_csrf, theirs.clone()),
        (east, east_csrf, other.clone()),
    ]
    .into_iter()
    .map(|(mut p, csrf, e)| {
        let barrier = barrier.clone();
        let code = code.clone();
        std::thread::spawn(move || {
            barrier.wait();
            let out = enter(&mut p, &csrf, &code, 1, board, &e);
            (p, csrf, out)
        })
    })
    .collect();
    let mut outcomes = Vec::new();
    let mut phones = Vec::new();
    for t in race {
        let (p, csrf, (status, to)) = t.join().unwrap();
        assert_eq!(status, 303, "{to}");
        outcomes.push(to);
        phones.push((p, csrf));
    }
    let stored = outcomes
        .iter()
        .filter(|o| o.contains("outcome=stored"))
        .count();
    let conflicts = outcomes
        .iter()
        .filter(|o| o.contains("outcome=conflict"))
        .count();
    assert_eq!(
        (stored, conflicts),
        (1, 1),
        "one phone's entry stored, the other's a conflict: {outcomes:?}"
    );
    let (mut east, east_csrf) = phones.pop().unwrap();
    (north, _) = phones.pop().unwrap();
    // The phone that lost sees the conflict on its table page.
    let lost = if outcomes[0].contains("conflict") {
        &mut north
    } else {
        &mut east
    };
    let page = lost.get(&format!("/t/{code}?round=1"));
    assert!(
        page.body
            .contains(&format!("id=\"board-{board}-conflict\"")),
        "the table page flags the conflict"
    );

    // One line, its content one of the two entries (the first stored), and a conflict open.
    let all = lines(&mut arb, id);
    let same: Vec<&Value> = all["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["board"] == board && l["ns"] == ns && l["ew"] == ew)
        .collect();
    assert_eq!(same.len(), 1, "one line for the board");
    assert_eq!(same[0]["conflict"], true, "{}", same[0]);
    let conflicts = arb
        .get(&format!("/api/bridge/sessions/{id}/conflicts"))
        .json();
    assert_eq!(conflicts.as_array().unwrap().len(), 1, "{conflicts}");
    let kept_tricks = same[0]["entry"]["tricks"].clone();
    assert_eq!(conflicts[0]["kept"]["tricks"], kept_tricks);
    assert_ne!(conflicts[0]["other"]["tricks"], kept_tricks, "{conflicts}");

    // East confirming does not settle it, nor does the second phone entering again.
    assert_eq!(confirm(&mut east, &east_csrf, &code, 1, board), 303);
    let again = if outcomes[0].contains("conflict") {
        theirs.clone()
    } else {
        other.clone()
    };
    let (status, to) = enter(&mut east, &east_csrf, &code, 1, board, &again);
    assert_eq!(status, 303);
    assert!(
        to.contains("outcome=conflict"),
        "a confirmed line is not overwritten by a phone: {to}"
    );
    let l = lines(&mut arb, id);
    let now = l["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["board"] == board && l["ns"] == ns && l["ew"] == ew)
        .unwrap();
    assert_eq!(
        now["entry"]["tricks"], kept_tricks,
        "the kept content stays"
    );

    // The director's grid shows the conflict, with both contents, and settles it.
    let grid = arb.get(&format!("/bridge/{id}/grid"));
    assert_eq!(grid.status, 200);
    assert!(
        grid.body.contains("id=\"conflict-count\""),
        "the grid counts the conflict"
    );
    assert!(
        grid.body.contains("id=\"conflict-list\""),
        "the grid lists the conflict"
    );
    assert!(
        grid.body.contains(&format!(
            "id=\"line-{board}-{ns}-{ew}\" class=\"status-confirmed conflict\""
        )) || grid.body.contains(&format!(
            "id=\"line-{board}-{ns}-{ew}\" class=\"status-entered conflict\""
        )),
        "the line is flagged on the grid"
    );
    let cid = conflicts[0]["id"].as_i64().unwrap();
    let r = arb.post_form(
        &format!("/bridge/{id}/conflicts/{cid}/resolve"),
        &[("csrf", &csrf_in(&grid.body)), ("take_other", "1")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let l = lines(&mut arb, id);
    let now = l["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["board"] == board && l["ns"] == ns && l["ew"] == ew)
        .unwrap();
    assert_eq!(now["conflict"], false);
    assert_eq!(now["status"], "director");
    assert_eq!(
        now["entry"]["tricks"], conflicts[0]["other"]["tricks"],
        "the director took the other"
    );
    assert!(arb
        .get(&format!("/api/bridge/sessions/{id}/conflicts"))
        .json()
        .as_array()
        .unwrap()
        .is_empty());
}
