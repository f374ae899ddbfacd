//! Sections (issue 23 §1): a weekend open with an A open and a B open under 1600 sharing one
//! desk: sections created in a group, players entered in both, one moved before round 1 (and
//! refused after), check-in from the desk, a rating-limit refusal in both languages, the
//! merged log, "find my board" across sections on the group's public page, and an event
//! outside any group left as it was.

use serde_json::{json, Value};

use crate::common::{csrf_in, players_csv, App, Client};

fn post_ok(arb: &mut Client, path: &str, body: Value) -> Value {
    let r = arb.post_json(path, &body);
    assert_eq!(r.status, 200, "{path}: {}", r.body);
    r.json()
}

fn add(arb: &mut Client, group: i64, section: i64, name: &str, rating: u32) -> i64 {
    let r = post_ok(
        arb,
        &format!("/api/groups/{group}/players"),
        json!({"section": section, "name": name, "rating": rating, "licence": format!("K{rating}")}),
    );
    r["player"]["id"].as_i64().unwrap()
}

fn desk(arb: &mut Client, group: i64, q: &str) -> Vec<Value> {
    let r = arb.get(&format!("/api/groups/{group}/players?q={q}"));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()["players"].as_array().unwrap().clone()
}

#[test]
fn a_weekend_open_with_two_sections_shares_one_desk() {
    let app = App::start(false);
    let mut arb = app.arbiter();

    // An event outside any group, before and after: untouched by the sections.
    let old = post_ok(
        &mut arb,
        "/api/events",
        json!({"name": "Club blitz", "rounds": 3}),
    );
    let old_id = old["id"].as_i64().unwrap();
    post_ok(
        &mut arb,
        &format!("/api/events/{old_id}/players/import"),
        json!({"data": players_csv(4)}),
    );

    let g = post_ok(
        &mut arb,
        "/api/groups",
        json!({"name": "Open de Noël", "place": "Mulhouse", "start_date": "2026-12-19", "end_date": "2026-12-20"}),
    );
    let group = g["group"]["id"].as_i64().unwrap();
    let a = post_ok(
        &mut arb,
        &format!("/api/groups/{group}/sections"),
        json!({"label": "A", "rounds": 5}),
    );
    let a_id = a["event"]["id"].as_i64().unwrap();
    // Pre-filled with the group's place and dates, named after the group and the label.
    assert_eq!(a["event"]["settings"]["place"], "Mulhouse");
    assert_eq!(a["event"]["settings"]["start_date"], "2026-12-19");
    assert_eq!(a["event"]["settings"]["name"], "Open de Noël A");
    let b = post_ok(
        &mut arb,
        &format!("/api/groups/{group}/sections"),
        json!({"label": "B", "name": "Open B", "rounds": 5, "rating_under": 1600}),
    );
    let b_id = b["event"]["id"].as_i64().unwrap();
    // One label per section.
    let r = arb.post_json(
        &format!("/api/groups/{group}/sections"),
        &json!({"label": "B", "rounds": 5}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.json()["field"], "label");

    let alice = add(&mut arb, group, a_id, "Martin, Alice", 1850);
    let bruno = add(&mut arb, group, a_id, "Bernard, Bruno", 1550);
    for (i, r) in [1400, 1450, 1500].iter().enumerate() {
        add(&mut arb, group, b_id, &format!("Petit, Joueur {i}"), *r);
    }
    add(&mut arb, group, a_id, "Grand, Joueur", 2000);

    // The B open refuses a player rated 1600 or more, naming the field, in both languages.
    let r = arb.post_json(
        &format!("/api/groups/{group}/players"),
        &json!({"section": b_id, "name": "Fort, Trop", "rating": 1720}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    let e = r.json();
    assert_eq!(e["field"], "rating");
    assert_eq!(e["found"], "1720");
    assert!(e["message"].as_str().unwrap().contains("< 1600"), "{e}");
    // The section's own players' API refuses it too.
    arb.accept_language = Some("fr".into());
    let r = arb.post_json(
        &format!("/api/events/{b_id}/players"),
        &json!({"name": "Fort, Trop", "rating": 1720}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    let msg = r.json()["message"].as_str().unwrap().to_string();
    assert!(
        msg.contains("hors des limites de cette section (< 1600)"),
        "{msg}"
    );
    arb.accept_language = None;

    // The desk lists everyone with their section; search by name, licence and across sections.
    let all = desk(&mut arb, group, "");
    assert_eq!(all.len(), 6, "{all:?}");
    let labels: Vec<_> = all.iter().map(|p| p["label"].as_str().unwrap()).collect();
    assert_eq!(labels.iter().filter(|l| **l == "B").count(), 3);
    let found = desk(&mut arb, group, "joueur");
    assert_eq!(found.len(), 4, "{found:?}");
    let found = desk(&mut arb, group, "K1550");
    assert_eq!(found.len(), 1);
    assert_eq!(found[0]["name"], "Bernard, Bruno");

    // A move to B is refused for Alice (1850: over the limit), done for Bruno with his data,
    // his check-in and his requested bye.
    let r = arb.post_json(
        &format!("/api/groups/{group}/move"),
        &json!({"section": a_id, "player": alice, "to": b_id}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.json()["field"], "rating");
    post_ok(
        &mut arb,
        &format!("/api/events/{a_id}/players/{bruno}/bye"),
        json!({"round": 2, "kind": "half"}),
    );
    post_ok(
        &mut arb,
        &format!("/api/groups/{group}/present"),
        json!({"section": a_id, "player": bruno, "present": false}),
    );
    let moved = post_ok(
        &mut arb,
        &format!("/api/groups/{group}/move"),
        json!({"section": a_id, "player": bruno, "to": b_id}),
    );
    let bruno_b = moved["player"]["id"].as_i64().unwrap();
    assert_eq!(moved["section"], b_id);
    assert_eq!(moved["player"]["licence"], "K1550");
    assert_eq!(moved["player"]["rating"], 1550);
    assert_eq!(moved["player"]["present"], false);
    let byes = arb.get(&format!("/api/events/{b_id}/byes")).json();
    assert!(
        byes.as_array()
            .unwrap()
            .iter()
            .any(|y| y["player"] == bruno_b && y["round"] == 2 && y["kind"] == "half"),
        "{byes}"
    );
    assert_eq!(
        arb.get(&format!("/api/events/{a_id}/players/{bruno}"))
            .status,
        404
    );
    assert_eq!(
        arb.get(&format!("/api/events/{b_id}/players"))
            .json()
            .as_array()
            .unwrap()
            .len(),
        4
    );
    // Logged in both sections; the group's log has both, newest first, with the section.
    for (id, action) in [(a_id, "move_player_out"), (b_id, "move_player_in")] {
        let log = arb.get(&format!("/api/events/{id}/log")).json();
        assert_eq!(log[0]["action"], action, "{log}");
    }
    let log = arb.get(&format!("/api/groups/{group}/log")).json();
    let first: Vec<_> = log["log"].as_array().unwrap()[..2]
        .iter()
        .map(|e| (e["label"].as_str().unwrap(), e["action"].as_str().unwrap()))
        .collect();
    assert_eq!(first, [("B", "move_player_in"), ("A", "move_player_out")]);
    // Undo does not take back half of a move.
    let r = arb.post_json(&format!("/api/events/{b_id}/undo"), &json!({}));
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(r.json()["reason"], "moved_between_sections");

    // Check-in once from the desk page (a form, as the arbiter does it).
    let page = arb.get(&format!("/groups/{group}/desk?q=bernard"));
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains(&format!("id=\"check-in-{bruno_b}\"")),
        "{}",
        page.body
    );
    let csrf = csrf_in(&page.body);
    let r = arb.post_form(
        &format!("/groups/{group}/desk/present"),
        &[
            ("csrf", &csrf),
            ("section", &b_id.to_string()),
            ("player", &bruno_b.to_string()),
            ("present", "1"),
            ("q", "bernard"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        r.location.as_deref(),
        Some(&*format!("/groups/{group}/desk?q=bernard"))
    );
    let p = arb
        .get(&format!("/api/events/{b_id}/players/{bruno_b}"))
        .json();
    assert_eq!(p["present"], true);
    let page = arb.get(&format!("/groups/{group}/desk?q=bernard")).body;
    assert!(
        page.contains(&format!("id=\"present-{bruno_b}\"")),
        "{page}"
    );

    // Round 1 of both sections.
    for id in [a_id, b_id] {
        post_ok(
            &mut arb,
            &format!("/api/events/{id}/players/present"),
            json!({"present": true}),
        );
        post_ok(
            &mut arb,
            &format!("/api/events/{id}/rounds/1/pair"),
            json!({}),
        );
    }
    // Once a section has a paired round, nobody moves in or out of it, with the reason.
    let r = arb.post_json(
        &format!("/api/groups/{group}/move"),
        &json!({"section": b_id, "player": bruno_b, "to": a_id}),
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(r.json()["reason"], "section_started");
    assert!(r.json()["detail"]
        .as_str()
        .unwrap()
        .contains("section B has round 1 paired"));

    // "Find my board" across sections on the public page, in French.
    let mut visitor = app.client();
    visitor.accept_language = Some("fr".into());
    let page = visitor.get(&format!("/public/groups/{group}?q=joueur"));
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.body.contains("http-equiv=\"refresh\""));
    let found = page
        .body
        .split("id=\"found\"")
        .nth(1)
        .unwrap()
        .split("</div>")
        .next()
        .unwrap();
    assert!(
        found.contains("Grand, Joueur</strong> — Section A, Ronde 1"),
        "{found}"
    );
    assert!(found.contains("Section B, Ronde 1"), "{found}");
    assert_eq!(found.matches("<li>").count(), 4, "{found}");
    // Each board named with its colour and opponent, as the section's own pairing has it.
    let round = arb.get(&format!("/api/events/{a_id}/rounds/1")).json();
    let board1 = &round["games"][0];
    let (white, black) = (
        board1["white"].as_i64().unwrap(),
        board1["black"].as_i64().unwrap(),
    );
    let name_of = |id: i64| {
        all.iter()
            .find(|p| p["id"] == id)
            .map(|p| p["name"].as_str().unwrap().to_string())
            .unwrap()
    };
    let q: String = form_urlencoded::byte_serialize(name_of(white).as_bytes()).collect();
    let page = visitor.get(&format!("/public/groups/{group}?q={q}")).body;
    let expected = format!("échiquier 1, Blancs, contre {}", name_of(black));
    assert!(page.contains(&expected), "{expected} in {page}");
    assert!(page.contains(&format!("href=\"/public/{b_id}#public-round\"")));

    // The event outside any group is as it was: its page, players and settings.
    let r = arb.get(&format!("/api/events/{old_id}"));
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["settings"]["name"], "Club blitz");
    assert_eq!(
        arb.get(&format!("/api/events/{old_id}/players"))
            .json()
            .as_array()
            .unwrap()
            .len(),
        4
    );
    let home = arb.get("/").body;
    assert!(home.contains(&format!("id=\"event-{old_id}\"")));
    assert!(home.contains(&format!("id=\"group-{group}\"")), "{home}");
    // A 5th player in it with any rating: no limit outside a group.
    post_ok(
        &mut arb,
        &format!("/api/events/{old_id}/players"),
        json!({"name": "Fort, Trop", "rating": 2720}),
    );
}

#[test]
fn an_existing_event_joins_a_group_before_round_1() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let group = post_ok(&mut arb, "/api/groups", json!({"name": "Open"}))["group"]["id"]
        .as_i64()
        .unwrap();
    let e = post_ok(
        &mut arb,
        "/api/events",
        json!({"name": "Rapide", "rounds": 7}),
    );
    let id = e["id"].as_i64().unwrap();
    post_ok(
        &mut arb,
        &format!("/api/events/{id}/players/import"),
        json!({"data": players_csv(4)}),
    );
    // Its players must fit the limits it joins with.
    let r = arb.post_json(
        &format!("/api/groups/{group}/attach"),
        &json!({"event": id, "label": "R", "rating_from": 3000}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    let g = post_ok(
        &mut arb,
        &format!("/api/groups/{group}/attach"),
        json!({"event": id, "label": "Rapide"}),
    );
    assert_eq!(g["sections"][0]["event"], id);
    assert_eq!(g["sections"][0]["label"], "Rapide");
    // Twice is refused.
    let other = post_ok(&mut arb, "/api/groups", json!({"name": "Other"}))["group"]["id"]
        .as_i64()
        .unwrap();
    let r = arb.post_json(
        &format!("/api/groups/{other}/attach"),
        &json!({"event": id, "label": "X"}),
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(r.json()["reason"], "in_another_group");
    // A started event cannot join.
    let (started, _) =
        crate::common::paired_event(&mut arb, json!({"name": "Started", "rounds": 3}), 4);
    let r = arb.post_json(
        &format!("/api/groups/{group}/attach"),
        &json!({"event": started, "label": "S"}),
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(r.json()["reason"], "event_started");

    // The group's pages, in English and French.
    for lang in ["en", "fr"] {
        arb.accept_language = Some(lang.into());
        for path in [
            format!("/groups/{group}"),
            format!("/groups/{group}/desk"),
            format!("/groups/{group}/log"),
            "/groups/new".to_string(),
        ] {
            let r = arb.get(&path);
            assert_eq!(r.status, 200, "{path}: {}", r.body);
            assert!(
                !r.body.contains("sections-"),
                "{path} has an untranslated key"
            );
        }
    }
    let page = arb.get(&format!("/groups/{group}/log")).body;
    assert!(
        page.contains("Rattaché au tournoi comme section Rapide"),
        "{page}"
    );
}
