//! The event's FIDE rating report page (issues 35 §4 and 36 §4): one TRF-2026 link per rating
//! period once the rounds span two months, each file with its period's rounds alone, and the
//! pairing-integrity record: a change made by hand to a round's pairing is listed with its
//! round, what it changed, who and when (and is in the TRF's comment lines); an event without
//! one says no pairing was changed.

use serde_json::{json, Value};

use crate::common::{paired_event, App, Client};

fn games(round: &Value) -> Vec<Value> {
    round["games"].as_array().unwrap().clone()
}

/// Every board of `round` won by White.
fn white_wins(arb: &mut Client, id: i64, round: u32, games: &[Value]) {
    let results: serde_json::Map<String, Value> = games
        .iter()
        .filter(|g| !g["black"].is_null())
        .map(|g| (g["board"].to_string(), json!("1-0")))
        .collect();
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/{round}/results"),
        &json!({ "results": results }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
}

/// A player's name and pairing number as the record writes them, from the API's players.
fn named(arb: &mut Client, id: i64, key: &Value) -> String {
    let players = arb.get(&format!("/api/events/{id}/players")).json();
    let p = players
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == *key)
        .unwrap_or_else(|| panic!("no player {key} in {players}"))
        .clone();
    format!("{} ({})", p["name"].as_str().unwrap(), p["number"])
}

#[test]
fn a_two_month_event_has_a_file_per_period_and_its_swap_on_the_report() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.accept_language = Some("en".into());
    let (id, r1) = paired_event(&mut arb, json!({"name": "Open", "rounds": 2}), 6);
    let r = arb.post_json(
        &format!("/api/events/{id}/schedule"),
        &json!({"starts": {"1": "2026-11-28 14:00", "2": "2026-12-05"}}),
    );
    assert_eq!(r.status, 200, "{}", r.body);

    // Nothing played yet: no period, no change.
    let page = arb.get(&format!("/events/{id}/rating-report")).body;
    assert!(page.contains("id=\"rating-report-trf26\""), "{page}");
    assert!(!page.contains("id=\"rating-periods\""), "{page}");
    assert!(
        page.contains("<p id=\"pairing-record-none\">No pairing was changed by hand.</p>"),
        "{page}"
    );
    let dashboard = arb.get(&format!("/events/{id}")).body;
    assert!(
        dashboard.contains(&format!("href=\"/events/{id}/rating-report\"")),
        "{dashboard}"
    );

    // Round 1: board 1's White and board 2's White change places by hand.
    let g = games(&r1);
    let (a, b) = (g[0]["white"].clone(), g[1]["white"].clone());
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/1/swap"),
        &json!({"a": a, "b": b}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let round1 = arb.get(&format!("/api/events/{id}/rounds/1")).json();
    white_wins(&mut arb, id, 1, &games(&round1));
    let r = arb.post_json(&format!("/api/events/{id}/rounds/2/pair"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    white_wins(&mut arb, id, 2, &games(&r.json()));

    let page = arb.get(&format!("/events/{id}/rating-report")).body;
    assert!(
        page.contains("The rounds were played in 2 rating periods"),
        "{page}"
    );
    assert!(
        page.contains(&format!(
            "<a href=\"/events/{id}/periods/2026-11/export.trf?format=trf26\" \
             id=\"period-2026-11\">2026-11: round 1 (28 Nov 2026), TRF-2026</a>"
        )),
        "{page}"
    );
    assert!(
        page.contains(&format!(
            "<a href=\"/events/{id}/periods/2026-12/export.trf?format=trf26\" \
             id=\"period-2026-12\">2026-12: round 2 (5 Dec 2026), TRF-2026</a>"
        )),
        "{page}"
    );
    // The record: round 1, the two players named, who and when (from the log).
    let log = arb.get(&format!("/api/events/{id}/log")).json();
    let swap = log
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["action"] == "swap")
        .unwrap()
        .clone();
    let row = format!(
        "<tr><td class=\"num\">1</td><td>{} and {} changed places</td><td>{}</td><td>{}</td></tr>",
        named(&mut arb, id, &a),
        named(&mut arb, id, &b),
        swap["actor"].as_str().unwrap(),
        swap["at"].as_str().unwrap()
    );
    assert!(page.contains(&row), "{row}\n{page}");
    assert!(!page.contains("pairing-record-none"), "{page}");

    // November's file: round 1 and its change; December's: round 2 alone, no change.
    let nov = arb.get(&format!(
        "/events/{id}/periods/2026-11/export.trf?format=trf26"
    ));
    assert_eq!(nov.status, 200, "{}", nov.body);
    assert_eq!(
        nov.header("content-disposition"),
        Some(&*format!(
            "attachment; filename=\"event-{id}-trf2026-2026-11.trf\""
        ))
    );
    assert!(nov.body.starts_with("012 Open Round 1"), "{}", nov.body);
    assert!(
        nov.body
            .contains("### pairing changed by hand: round 1, swap, a player "),
        "{}",
        nov.body
    );
    let dec = arb.get(&format!("/events/{id}/periods/2026-12/export.trf"));
    assert_eq!(dec.status, 200, "{}", dec.body);
    assert!(dec.body.starts_with("012 Open Round 2"), "{}", dec.body);
    assert!(!dec.body.contains("###"), "{}", dec.body);
    for line in dec.body.lines().filter(|l| l.starts_with("001")) {
        // Round 1's columns (92-99) are empty, round 2's hold a game.
        assert_eq!(line.get(91..99).unwrap_or("").trim(), "", "{line}");
        assert!(
            !line.get(101..109).unwrap_or("").trim().is_empty(),
            "{line}"
        );
    }
    // The whole event's file keeps both rounds and the change.
    let whole = arb
        .get(&format!("/events/{id}/export.trf?format=trf26"))
        .body;
    assert!(
        whole.starts_with("012 Open\n") || whole.starts_with("012 Open\r"),
        "{whole}"
    );
    assert!(
        whole.contains("### pairing changed by hand: round 1, swap"),
        "{whole}"
    );

    // A month that is not one, or has no round, is refused with the field named.
    let r = arb.get(&format!("/events/{id}/periods/2026-13/export.trf"));
    assert_eq!(r.status, 422, "{}", r.body);
    let r = arb.get(&format!("/events/{id}/periods/2027-01/export.trf"));
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("2026-11, 2026-12"), "{}", r.body);
    // Arbiters only.
    let r = app
        .client()
        .get(&format!("/events/{id}/periods/2026-11/export.trf"));
    assert_ne!(r.status, 200);

    // In French.
    arb.accept_language = Some("fr".into());
    let page = arb.get(&format!("/events/{id}/rating-report")).body;
    assert!(page.contains("Appariements modifiés à la main"), "{page}");
    assert!(page.contains("ont échangé leurs places"), "{page}");
    assert!(page.contains("2026-11 : ronde 1 ("), "{page}");
}

#[test]
fn an_event_in_one_month_without_change_says_so() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.accept_language = Some("fr".into());
    let (id, r1) = paired_event(&mut arb, json!({"name": "Rapide", "rounds": 2}), 4);
    arb.post_json(
        &format!("/api/events/{id}/schedule"),
        &json!({"starts": {"1": "2026-11-28", "2": "2026-11-29"}}),
    );
    white_wins(&mut arb, id, 1, &games(&r1));
    let page = arb.get(&format!("/events/{id}/rating-report")).body;
    assert!(!page.contains("id=\"rating-periods\""), "{page}");
    assert!(
        page.contains("<p id=\"pairing-record-none\">Aucun appariement n"),
        "{page}"
    );
    // A round without a date, once others have one, is named.
    arb.post_json(
        &format!("/api/events/{id}/schedule"),
        &json!({"starts": {"1": null}}),
    );
    let r = arb.post_json(&format!("/api/events/{id}/rounds/2/pair"), &json!({}));
    white_wins(&mut arb, id, 2, &games(&r.json()));
    let page = arb.get(&format!("/events/{id}/rating-report")).body;
    assert!(page.contains("Rondes sans date : 1."), "{page}");
}
