//! Manual pairing (issue 20 §3): boards broken, players paired by hand through the checker,
//! the bye given by hand, boards sorted, results refused while a checked-in player waits, and
//! undo.

use std::collections::{HashMap, HashSet};

use serde_json::{json, Value};

use crate::common::{paired_event, App};

/// (board, white, black) of each game of a round's JSON, by player key.
fn boards(round: &Value) -> Vec<(u64, i64, Option<i64>)> {
    round["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["board"].as_u64().unwrap(),
                g["white"].as_i64().unwrap(),
                g["black"].as_i64(),
            )
        })
        .collect()
}

/// The fewest swaps (each exchanging two seats) that turn `from` into `to`: seats less cycles.
fn swaps_needed(from: &[(u64, i64, Option<i64>)], to: &[(u64, i64, Option<i64>)]) -> usize {
    let seats = |b: &[(u64, i64, Option<i64>)]| -> Vec<((u64, bool), i64)> {
        b.iter()
            .flat_map(|(n, w, bl)| [((*n, true), *w), ((*n, false), bl.unwrap())])
            .collect()
    };
    let target: HashMap<i64, (u64, bool)> = seats(to).into_iter().map(|(s, p)| (p, s)).collect();
    let now: HashMap<(u64, bool), i64> = seats(from).into_iter().collect();
    let mut seen = HashSet::new();
    let mut cycles = 0;
    for start in now.keys() {
        if seen.contains(start) {
            continue;
        }
        cycles += 1;
        let mut s = *start;
        while seen.insert(s) {
            s = target[&now[&s]];
        }
    }
    now.len() - cycles
}

#[test]
fn a_published_pairing_is_reproduced_by_hand_through_the_checker() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let csrf = arb.csrf.clone().unwrap();
    let (id, r1) = paired_event(&mut arb, json!({"name": "Open", "rounds": 5}), 22);
    let engine = boards(&r1);
    assert_eq!(engine.len(), 11);
    let players = arb.get(&format!("/api/events/{id}/players")).json();
    let key: HashMap<u64, i64> = players
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["number"].as_u64().unwrap(), p["id"].as_i64().unwrap()))
        .collect();

    // The pairing published by another program: 2–1, 4–3, …, 22–21.
    let published: Vec<(u64, i64, Option<i64>)> = (1..=11)
        .map(|k| (k, key[&(2 * k)], Some(key[&(2 * k - 1)])))
        .collect();
    let swaps = swaps_needed(&engine, &published);

    // Break every board: all 22 players wait on the page, sorted by pairing number.
    let mut steps = 0;
    let all: Vec<String> = (1..=11).map(|b| b.to_string()).collect();
    let mut form: Vec<(&str, &str)> = vec![("csrf", &csrf)];
    form.extend(all.iter().map(|b| ("board", b.as_str())));
    let r = arb.post_form(&format!("/events/{id}/rounds/1/break"), &form);
    assert_eq!(r.status, 303, "{}", r.body);
    steps += 1;
    let page = arb.get(&format!("/events/{id}/rounds/1")).body;
    assert!(page.contains("id=\"unpaired-waiting\""), "{page}");
    assert!(!page.contains("id=\"pair-next\""), "{page}");
    let listed = arb
        .get(&format!("/api/events/{id}/rounds/1/unpaired"))
        .json();
    let numbers: Vec<u64> = listed["unpaired"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, (1..=22).collect::<Vec<u64>>());

    // Each published board by hand (first through the page's form, then the API).
    for (k, (_, white, black)) in published.iter().enumerate() {
        let (w, b) = (white.to_string(), black.unwrap().to_string());
        if k == 0 {
            let r = arb.post_form(
                &format!("/events/{id}/rounds/1/pair-by-hand"),
                &[("csrf", &csrf), ("white", &w), ("black", &b)],
            );
            assert_eq!(r.status, 200, "{}", r.body);
            // Results wait while players are still to pair: said, and refused.
            let r = arb.post_json(
                &format!("/api/events/{id}/rounds/1/results"),
                &json!({"board": 1, "result": "1-0"}),
            );
            assert_eq!(
                (r.status, r.json()["reason"].clone()),
                (409, json!("unpaired_players")),
                "{}",
                r.body
            );
        } else {
            let r = arb.post_json(
                &format!("/api/events/{id}/rounds/1/pair-by-hand"),
                &json!({"white": white, "black": black}),
            );
            assert_eq!(r.status, 200, "{}", r.body);
            assert_eq!(r.json()["objections"], json!([]), "round 1 has no rematch");
        }
        steps += 1;
    }
    let r = arb.post_json(&format!("/api/events/{id}/rounds/1/sort"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    steps += 1;
    assert_eq!(boards(&r.json()["round"]), published);
    assert_eq!(r.json()["unpaired"], json!([]));
    assert!(
        steps < swaps,
        "{steps} steps by hand against {swaps} swaps for the same pairing"
    );
    let page = arb.get(&format!("/events/{id}/rounds/1")).body;
    assert!(!page.contains("id=\"unpaired\""), "{page}");

    // Round 1 played (White wins everywhere), round 2 paired by the engine.
    let results: serde_json::Map<String, Value> =
        (1..=11).map(|b| (format!("r{b}"), json!("1-0"))).collect();
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/1/results"),
        &json!({ "results": results }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = arb.post_json(&format!("/api/events/{id}/rounds/2/pair"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let r2 = boards(&r.json());
    let (p1, p2) = (key[&1], key[&2]);
    let board_of = |p: i64| {
        r2.iter()
            .find(|(_, w, b)| *w == p || *b == Some(p))
            .unwrap()
            .0
    };
    let (b1, b2) = (board_of(p1), board_of(p2));
    assert_ne!(b1, b2);
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/2/break"),
        &json!({ "boards": [b1, b2] }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["unpaired"].as_array().unwrap().len(), 4);
    // The next round waits too.
    let r = arb.post_json(&format!("/api/events/{id}/rounds/3/pair"), &json!({}));
    assert_eq!(r.json()["reason"], "unpaired_players", "{}", r.body);

    // 1 and 2 met in round 1: the checker objects, and the objection stays on the board.
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/2/pair-by-hand"),
        &json!({"white": p1, "black": p2}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let objections = r.json()["objections"].clone();
    assert!(
        objections
            .as_array()
            .unwrap()
            .iter()
            .any(|o| o.as_str().unwrap().contains("already played")),
        "{objections}"
    );
    let listed = arb
        .get(&format!("/api/events/{id}/rounds/2/objections"))
        .json();
    let rematch = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["key"].as_str().unwrap().starts_with("rematch:"))
        .unwrap()
        .clone();
    assert_eq!(rematch["accepted"], json!(false));
    let board = rematch["board"].as_u64().unwrap();
    let page = arb.get(&format!("/events/{id}/rounds/2")).body;
    assert!(page.contains("id=\"objections\""), "{page}");
    let r = arb.post_form(
        &format!("/events/{id}/rounds/2/accept"),
        &[
            ("csrf", &csrf),
            ("board", &board.to_string()),
            ("objection", rematch["key"].as_str().unwrap()),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let listed = arb
        .get(&format!("/api/events/{id}/rounds/2/objections"))
        .json();
    assert_eq!(listed[0]["accepted"], json!(true), "{listed}");

    // Undo takes back the acceptance, then the board made by hand: 1 and 2 wait again.
    for action in ["accept_objection", "pair_by_hand"] {
        let r = arb.post_json(&format!("/api/events/{id}/undo"), &json!({}));
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(r.json()["action"], action, "{}", r.body);
    }
    let waiting = arb
        .get(&format!("/api/events/{id}/rounds/2/unpaired"))
        .json();
    let waiting: Vec<i64> = waiting["unpaired"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect();
    assert!(
        waiting.contains(&p1) && waiting.contains(&p2),
        "{waiting:?}"
    );
    assert_eq!(waiting.len(), 4);
    // Each action is in the log under its own name.
    let log = arb.get(&format!("/events/{id}/log")).body;
    assert!(
        log.contains("Boards broken") || log.contains("Échiquiers défaits"),
        "{log}"
    );
}
