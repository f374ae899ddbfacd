//! A played team event moved through its TRF-2026 file: the new event has the same rounds
//! (matches, colours, lineups, board results, a board forfeit, a whole-match forfeit, the
//! PAB), the same standings and tie-breaks, writes the same file again and pairs the next
//! round as the old one does. A file whose rounds do not hold together is refused at its line
//! and column, in French and in English, and creates nothing.

use std::collections::HashMap;

use serde_json::{json, Value};

use crate::common::{csrf_in, Client};
use crate::teams_api::{create, play_round};

/// The standings' rows without the teams' row ids.
fn standings(arb: &mut Client, id: i64) -> Value {
    let s = arb.get(&format!("/api/teams/events/{id}/standings")).json();
    let rows: Vec<Value> = s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            json!([
                r["rank"],
                r["rank_to"],
                r["number"],
                r["name"],
                r["match_points"],
                r["game_points"],
                r["values"]
            ])
        })
        .collect();
    json!({ "after": s["after"], "tiebreaks": s["tiebreaks"], "rows": rows })
}

/// A round as team numbers and player names: each match's teams, forfeit and boards, and the
/// bye.
fn round(arb: &mut Client, id: i64, n: u32) -> Value {
    let teams = arb.get(&format!("/api/teams/events/{id}/teams")).json();
    let mut number = HashMap::new();
    let mut name = HashMap::new();
    for t in teams.as_array().unwrap() {
        number.insert(t["id"].as_i64().unwrap(), t["number"].clone());
        for m in t["roster"].as_array().unwrap() {
            name.insert(m["id"].as_i64().unwrap(), m["name"].clone());
        }
    }
    let who = |v: &Value| v.as_i64().map_or(Value::Null, |k| name[&k].clone());
    let r = arb.get(&format!("/api/teams/events/{id}/rounds/{n}"));
    assert_eq!(r.status, 200, "{}", r.body);
    let r = r.json();
    let matches: Vec<Value> = r["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let boards: Vec<Value> = m["boards"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| json!([b["board"], who(&b["white"]), who(&b["black"]), b["result"]]))
                .collect();
            json!([
                number[&m["white_team"].as_i64().unwrap()],
                number[&m["black_team"].as_i64().unwrap()],
                m["forfeit"],
                boards
            ])
        })
        .collect();
    let bye = r["bye"]
        .as_i64()
        .map_or(Value::Null, |k| number[&k].clone());
    json!({ "matches": matches, "bye": bye })
}

/// A 7-team, 4-board Swiss Team event (a PAB every round) with 3 rounds played: a board
/// forfeit each round, a whole match forfeited in round 2, a reserve in a lineup.
fn played_event(arb: &mut Client) -> i64 {
    let id = create(
        arb,
        json!({ "name": "Open par équipes", "rounds": 5, "boards": 4,
                "tiebreaks": "EDE,SB,BC" }),
        7,
    );
    play_round(arb, id, 0);
    let r = arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let round2 = r.json();
    // Match 2's black team fields its reserve on board 4.
    let m = &round2["matches"][1];
    let team = m["black_team"].as_i64().unwrap();
    let teams = arb.get(&format!("/api/teams/events/{id}/teams")).json();
    let roster = crate::teams_pages::roster(&teams, team);
    let members: Vec<Value> = [0, 1, 2, 4]
        .iter()
        .map(|&k| roster[k]["id"].clone())
        .collect();
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/2/lineups"),
        &json!({ "match": 2, "team": team, "members": members }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/2/matches/1/forfeit"),
        &json!({ "forfeit": "-+" }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let mut results = Vec::new();
    for (k, m) in round2["matches"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .skip(1)
    {
        for b in 1..=4 {
            let code = if k == 2 && b == 1 {
                "+-"
            } else {
                ["1-0", "½", "0-1", "1-0"][(k + b) % 4]
            };
            results.push(json!({ "match": m["number"], "board": b, "result": code }));
        }
    }
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/2/results"),
        &json!({ "results": results }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    play_round(arb, id, 2);
    id
}

#[test]
fn a_played_event_continues_from_its_exported_file() {
    let app = crate::common::App::start(false);
    let mut arb = app.arbiter();
    let old = played_event(&mut arb);
    let file = arb.get(&format!("/api/teams/events/{old}/export.trf")).body;
    assert!(file.contains("\n330 -+   2 "), "{file}");
    let r = arb.post_json("/api/teams/events/import", &json!({ "data": file }));
    assert_eq!(r.status, 200, "{}", r.body);
    let answer = r.json();
    assert_eq!(answer["rounds_in_file"], 3);
    let new = answer["event"]["id"].as_i64().unwrap();
    assert_eq!(answer["event"]["rounds_paired"], 3);
    assert_eq!(answer["event"]["tiebreaks"], "EDE,SB,BC");
    for n in 1..=3 {
        assert_eq!(
            round(&mut arb, new, n),
            round(&mut arb, old, n),
            "round {n}"
        );
    }
    assert!(round(&mut arb, old, 1)["bye"].is_number());
    let before = standings(&mut arb, old);
    assert_eq!(before["after"], 3);
    assert_eq!(before["tiebreaks"], json!(["GP", "EDE", "SB", "BC"]));
    assert_eq!(standings(&mut arb, new), before);
    // The new event writes the same file, and pairs round 4 as the old one does.
    assert_eq!(
        arb.get(&format!("/api/teams/events/{new}/export.trf")).body,
        file
    );
    for id in [old, new] {
        let r = arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
        assert_eq!(r.status, 200, "{}", r.body);
    }
    assert_eq!(round(&mut arb, new, 4), round(&mut arb, old, 4));

    // The page that creates an event from a team file takes the rounds too.
    let page = arb.get("/teams");
    let token = csrf_in(&page.body);
    let r = arb.post_form(
        "/teams/import",
        &[("csrf", token.as_str()), ("data", file.as_str())],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let to = r.location.unwrap();
    let paged: i64 = to.split('/').nth(2).unwrap().parse().unwrap();
    assert_eq!(
        arb.get(&format!("/api/teams/events/{paged}")).json()["rounds_paired"],
        3
    );
    assert_eq!(standings(&mut arb, paged), before);
}

#[test]
fn a_file_whose_rounds_do_not_hold_together_is_refused() {
    let app = crate::common::App::start(false);
    let mut arb = app.arbiter();
    let old = played_event(&mut arb);
    let file = arb.get(&format!("/api/teams/events/{old}/export.trf")).body;
    // Board 4 of the first team's round-1 match with the colours swapped on both lines: the
    // players agree (the reader takes it) but the board's colours are against `352`.
    let lines: Vec<&str> = file.lines().collect();
    let first_team = lines.iter().find(|l| l.starts_with("310")).unwrap();
    let fourth: u32 = first_team[88..92].trim().parse().unwrap();
    let line_of = |n: u32| {
        lines
            .iter()
            .position(|l| l.starts_with("001") && l[4..8].trim().parse() == Ok(n))
            .unwrap()
    };
    let k = line_of(fourth);
    let opponent: u32 = lines[k][91..95].trim().parse().unwrap();
    let j = line_of(opponent);
    let mut broken: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    for x in [k, j] {
        let swapped = if &broken[x][96..97] == "w" { "b" } else { "w" };
        broken[x].replace_range(96..97, swapped);
    }
    let bad = broken.join("\n") + "\n";
    let events = arb
        .get("/api/teams/events")
        .json()
        .as_array()
        .unwrap()
        .len();
    let places = [
        format!("{}, column 92", k + 1),
        format!("{}, column 92", j + 1),
    ];

    arb.accept_language = Some("en".into());
    let r = arb.post_json("/api/teams/events/import", &json!({ "data": bad }));
    assert_eq!(r.status, 422, "{}", r.body);
    let message = r.json()["message"].as_str().unwrap().to_string();
    assert!(
        places
            .iter()
            .any(|p| message.contains(&format!("File, line {p}"))),
        "{places:?}: {message}"
    );
    assert!(message.contains("the board's colour (352)"), "{message}");

    arb.accept_language = None;
    arb.cookies.insert("lang".into(), "fr".into());
    let page = arb.get("/teams");
    let token = csrf_in(&page.body);
    let r = arb.post_form(
        "/teams/import",
        &[("csrf", token.as_str()), ("data", bad.as_str())],
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        places.iter().any(|p| r.body.contains(&format!(
            "Fichier, ligne {}",
            p.replace("column", "colonne")
        ))),
        "{places:?}: {}",
        r.body
    );
    assert!(
        r.body.contains("la couleur de l&#39;échiquier (352)"),
        "{}",
        r.body
    );
    // Nothing was created.
    assert_eq!(
        arb.get("/api/teams/events")
            .json()
            .as_array()
            .unwrap()
            .len(),
        events
    );
}
