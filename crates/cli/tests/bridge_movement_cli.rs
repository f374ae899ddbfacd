//! `arbiter bridge movement`: the JSON schema, the suggested movement, the cards, and the
//! refusals (exit 3, naming the table counts a kind supports).

mod common;

use std::collections::BTreeSet;

use common::{path_str, read, run, stderr, stdout, temp_dir};
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let mut all = vec!["bridge", "movement", "--format", "json"];
    all.extend_from_slice(args);
    let o = run(&all);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("JSON")
}

fn keys(v: &Value) -> Vec<&str> {
    let mut k: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    k.sort_unstable();
    k
}

#[test]
fn mitchell_json_is_the_documented_schema() {
    let v = json(&[
        "--tables",
        "7",
        "--kind",
        "mitchell",
        "--boards-per-round",
        "3",
    ]);
    assert_eq!(keys(&v), ["kind", "rounds", "tables"]);
    assert_eq!(v["kind"], "mitchell");
    assert_eq!(v["tables"], 7);
    let rounds = v["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 7);
    for (i, r) in rounds.iter().enumerate() {
        assert_eq!(keys(r), ["round", "tables"]);
        assert_eq!(r["round"], i as u64 + 1);
        let tables = r["tables"].as_array().unwrap();
        assert_eq!(tables.len(), 7);
        for (j, t) in tables.iter().enumerate() {
            assert_eq!(keys(t), ["boards", "ew", "ns", "table"]);
            let table = j as u64 + 1;
            assert_eq!(t["table"], table);
            // NS pairs 1-7 stay; EW pairs 8-14 move up one table; boards move down one.
            assert_eq!(t["ns"], table);
            assert_eq!(t["ew"], 8 + (j as u64 + 7 - i as u64) % 7);
            let set = (j as u64 + i as u64) % 7;
            let boards: Vec<u64> = (3 * set + 1..=3 * set + 3).collect();
            assert_eq!(t["boards"], serde_json::json!(boards));
        }
    }
    // Round 1, table 1 exactly.
    assert_eq!(
        rounds[0]["tables"][0],
        serde_json::json!({"table": 1, "ns": 1, "ew": 8, "boards": [1, 2, 3]})
    );
}

#[test]
fn a_missing_pair_is_null() {
    let v = json(&["--tables", "5", "--kind", "mitchell", "--phantom", "5"]);
    for r in v["rounds"].as_array().unwrap() {
        let t5 = &r["tables"][4];
        assert_eq!(t5["ns"], Value::Null);
        assert!(t5["ew"].is_u64());
    }
}

#[test]
fn howell_json_everyone_meets_everyone() {
    for t in 3..=10u64 {
        let v = json(&["--tables", &t.to_string(), "--kind", "howell"]);
        assert_eq!(v["kind"], "howell");
        let rounds = v["rounds"].as_array().unwrap();
        assert_eq!(rounds.len() as u64, 2 * t - 1);
        let mut met = BTreeSet::new();
        for r in rounds {
            for s in r["tables"].as_array().unwrap() {
                let (a, b) = (s["ns"].as_u64().unwrap(), s["ew"].as_u64().unwrap());
                assert!(
                    met.insert((a.min(b), a.max(b))),
                    "{t} tables: {a}-{b} twice"
                );
            }
        }
        assert_eq!(met.len() as u64, t * (2 * t - 1));
    }
}

#[test]
fn the_suggested_movement_follows_the_table_count() {
    let kind = |args: &[&str]| json(args)["kind"].as_str().unwrap().to_string();
    assert_eq!(kind(&["--tables", "5"]), "howell");
    assert_eq!(kind(&["--tables", "9"]), "three-quarter-howell");
    assert_eq!(kind(&["--tables", "12"]), "arrow-switch");
    assert_eq!(kind(&["--tables", "18"]), "mitchell");
    assert_eq!(kind(&["--tables", "5", "--winners", "two"]), "mitchell");
    // Arrow switch: the last round is played with NS-line pairs in the EW column.
    let v = json(&["--tables", "12"]);
    let last = &v["rounds"][11]["tables"][0];
    assert_eq!(
        (last["ns"].as_u64(), last["ew"].as_u64()),
        (Some(14), Some(1))
    );
}

#[test]
fn a_kind_refused_for_the_table_count_exits_3() {
    for (args, msg) in [
        (
            vec!["--tables", "12", "--kind", "howell"],
            "--tables 12: Howell is offered for 3 to 10 tables, not 12",
        ),
        (
            vec!["--tables", "16", "--kind", "arrow-switch"],
            "--tables 16: Arrow-switch Mitchell is offered for 3 to 15 tables, not 16",
        ),
        (
            vec!["--tables", "5", "--kind", "three-quarter-howell"],
            "--tables 5: Three-quarter Howell is offered for 6 to 10 tables, not 5",
        ),
        (
            vec!["--tables", "21", "--kind", "mitchell"],
            "--tables 21: Mitchell is offered for 3 to 20 tables, not 21",
        ),
        (
            vec!["--tables", "2"],
            "--tables 2: Mitchell is offered for 3 to 20 tables, not 2",
        ),
        (
            vec!["--tables", "7", "--skip"],
            "--skip: the skip is only for a Mitchell with an even number of tables",
        ),
        (
            vec![
                "--tables",
                "8",
                "--kind",
                "mitchell",
                "--boards-per-round",
                "1",
            ],
            "--boards-per-round: Mitchell with 8 tables has 2 tables sharing one set in a \
             round, so it needs at least 2 boards per round, found 1 (or use the skip)",
        ),
        (
            vec!["--tables", "7", "--kind", "mitchell", "--phantom", "15"],
            "--phantom: phantom pair: expected a pair number from 1 to 14, found 15",
        ),
        (
            vec!["--tables", "7", "--kind", "mitchell", "--winners", "one"],
            "--winners: this option does not apply here",
        ),
        (
            vec!["--tables", "7", "--kind", "web"],
            "invalid value 'web'",
        ),
    ] {
        let mut all = vec!["bridge", "movement"];
        all.extend_from_slice(&args);
        let o = run(&all);
        assert_eq!(o.status.code(), Some(3), "{args:?}");
        assert!(stderr(&o).contains(msg), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty());
    }
}

#[test]
fn text_prints_rounds_and_cards() {
    let o = run(&[
        "bridge", "movement", "--tables", "8", "--kind", "mitchell", "--skip",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with("Mitchell, 8 tables, 7 rounds of 4 boards (32 boards in 8 sets)"));
    assert!(text.contains("Skip: after round 4, EW pairs move up two tables instead of one."));
    assert!(text.contains("\nTABLE CARDS\n\nTable 1\nRound  NS  EW  Boards  Boards go to\n"));
    assert!(text.contains("\nGUIDE CARDS\n\nPair 1\nRound  Table  Sits  Against  Boards\n"));
    assert_eq!(text.matches("\nPair ").count(), 16);
}

#[test]
fn html_to_a_file() {
    let dir = temp_dir();
    let out = dir.path().join("howell.html");
    let o = run(&[
        "bridge",
        "movement",
        "--tables",
        "4",
        "--kind",
        "howell",
        "--format",
        "html",
        "-o",
        path_str(&out),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
    let page = read(dir.path(), "howell.html");
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(page.contains("<title>Howell, 4 tables</title>"));
    assert_eq!(page.matches("<section class=\"card\">").count(), 4 + 8);
    assert_eq!(page.matches("<section class=\"round\">").count(), 7);
}

#[test]
fn html_in_french() {
    let o = run(&[
        "bridge", "movement", "--tables", "6", "--kind", "mitchell", "--format", "html", "--lang",
        "fr",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let page = stdout(&o);
    assert!(page.starts_with("<!DOCTYPE html>\n<html lang=\"fr\">"));
    assert!(page.contains("<title>Mitchell, 6 tables</title>"));
    assert!(page.contains("<h2>Cartes de table</h2>") && page.contains("<th>Donnes</th>"));
    assert!(page.contains("Les paires NS 1-6 restent à leur table"));
    assert_eq!(page.matches("<section class=\"card\">").count(), 6 + 12);
    let o = run(&[
        "bridge", "movement", "--tables", "6", "--format", "html", "--lang", "de",
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("--lang"));
}
