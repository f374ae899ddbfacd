//! Drawing of lots, the last tie-break (issue 20 §3): chosen in the event's list, drawn once
//! by the arbiter (kept, logged with its seed, never drawn again on a page view), ranking the
//! players still tied, shown as the standings' last column.

use serde_json::{json, Value};

use crate::common::{players_csv, App};

/// (rank, shared, pairing number, last value) of each standings row.
fn places(s: &Value) -> Vec<(u64, bool, u64, String)> {
    s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["rank"].as_u64().unwrap(),
                r["shared"].as_bool().unwrap(),
                r["player"]["number"].as_u64().unwrap(),
                r["values"]
                    .as_array()
                    .unwrap()
                    .last()
                    .unwrap()
                    .as_str()
                    .unwrap()
                    .to_string(),
            )
        })
        .collect()
}

#[test]
fn lots_are_drawn_once_and_break_the_last_ties() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let csrf = arb.csrf.clone().unwrap();
    // Anywhere but last, LOT is refused.
    let r = arb.post_json(
        "/api/events",
        &json!({"name": "Open", "rounds": 5, "tiebreaks": "LOT,BH"}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    let r = arb.post_json(
        "/api/events",
        &json!({"name": "Open", "rounds": 5, "tiebreaks": "BH,LOT"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let r = arb.post_json(
        &format!("/api/events/{id}/players/import"),
        &json!({"data": players_csv(4)}),
    );
    assert_eq!(r.status, 200, "{}", r.body);

    // Before the draw everyone shares first place, and the page offers the draw.
    let before = places(&arb.get(&format!("/api/events/{id}/standings")).json());
    assert!(
        before.iter().all(|p| p.0 == 1 && p.1 && p.3.is_empty()),
        "{before:?}"
    );
    let page = arb.get(&format!("/events/{id}/standings")).body;
    assert!(page.contains("id=\"draw-lots\""), "{page}");
    // Pages looked at do not draw.
    assert_eq!(
        arb.get(&format!("/api/events/{id}/lots")).json(),
        json!({"lots": []})
    );

    let r = arb.post_form(&format!("/events/{id}/lots"), &[("csrf", &csrf)]);
    assert_eq!(r.status, 303, "{}", r.body);
    let lots = arb.get(&format!("/api/events/{id}/lots")).json();
    let by_number: Vec<(u64, u64)> = lots["lots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["number"].as_u64().unwrap(), l["lot"].as_u64().unwrap()))
        .collect();
    let mut drawn: Vec<u64> = by_number.iter().map(|x| x.1).collect();
    drawn.sort();
    assert_eq!(drawn, vec![1, 2, 3, 4]);
    // Each in their own place, in the order of the lots, the lot in the last column.
    let after = places(&arb.get(&format!("/api/events/{id}/standings")).json());
    for (k, p) in after.iter().enumerate() {
        let lot = by_number.iter().find(|x| x.0 == p.2).unwrap().1;
        assert_eq!(
            (p.0, p.1, p.3.clone()),
            (k as u64 + 1, false, lot.to_string()),
            "{after:?}"
        );
        assert_eq!(lot, k as u64 + 1);
    }
    let page = arb.get(&format!("/events/{id}/standings")).body;
    assert!(!page.contains("id=\"draw-lots\""), "{page}");
    assert!(page.contains("Tirage au sort"), "{page}");
    // Drawn once: asking again changes nothing, and is not logged.
    let again = arb.post_json(&format!("/api/events/{id}/lots"), &json!({}));
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(again.json(), lots);
    let log = arb.get(&format!("/api/events/{id}/log")).json();
    let draws: Vec<&Value> = log
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == "draw_lots")
        .collect();
    assert_eq!(draws.len(), 1, "{log}");
    assert!(draws[0]["detail"]["seed"].is_u64(), "{log}");
    let page = arb.get(&format!("/events/{id}/log")).body;
    assert!(page.contains("Tirage au sort"), "{page}");

    // A late entry draws after everyone else; the lots drawn stay.
    let r = arb.post_json(
        &format!("/api/events/{id}/players"),
        &json!({"name": "Zola, Emile", "rating": 1500}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let page = arb.get(&format!("/events/{id}/standings")).body;
    assert!(page.contains("id=\"draw-lots\""), "{page}");
    let more = arb
        .post_json(&format!("/api/events/{id}/lots"), &json!({}))
        .json();
    assert_eq!(more["lots"].as_array().unwrap().len(), 5);
    let first = keys_and_lots(&lots);
    for l in &first {
        assert!(keys_and_lots(&more).contains(l), "{l:?} kept");
    }
    assert_eq!(more["lots"][4]["lot"], 5);

    // Undo takes the last draw back.
    let r = arb.post_json(&format!("/api/events/{id}/undo"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        keys_and_lots(&arb.get(&format!("/api/events/{id}/lots")).json()),
        first
    );
}

/// (player key, lot) of each lot drawn.
fn keys_and_lots(lots: &Value) -> Vec<(i64, u64)> {
    lots["lots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["player"].as_i64().unwrap(), l["lot"].as_u64().unwrap()))
        .collect()
}
