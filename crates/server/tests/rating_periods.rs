//! Issue 36 §3 in the application: a round robin over November and December, FIDE's lists of
//! both months loaded; the ΔElo column and the norms page read each round at its month's list
//! and say which list each period used.

use serde_json::{json, Value};

use crate::common::{App, Client};

fn list_xml(players: &[(u64, &str, u16, &str)]) -> String {
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<playerslist>\n");
    for (id, name, rating, title) in players {
        xml.push_str(&format!(
            "<player><fideid>{id}</fideid><name>{name}</name><country>FRA</country>\
             <title>{title}</title><rating>{rating}</rating></player>\n"
        ));
    }
    xml.push_str("</playerslist>\n");
    xml
}

const NOVEMBER: [(u64, &str, u16, &str); 4] = [
    (1001, "Alpha, Ann", 2000, ""),
    (1002, "Bravo, Ben", 2000, ""),
    (1003, "Charlie, Cy", 2000, ""),
    (1004, "Delta, Di", 1800, ""),
];

/// December's: Bravo 2100 and IM.
const DECEMBER: [(u64, &str, u16, &str); 4] = [
    (1001, "Alpha, Ann", 2000, ""),
    (1002, "Bravo, Ben", 2100, "IM"),
    (1003, "Charlie, Cy", 2000, ""),
    (1004, "Delta, Di", 1800, ""),
];

/// The rating change cell of the player whose name begins with `name`.
fn change(arb: &mut Client, id: i64, name: &str) -> Value {
    let s = arb.get(&format!("/api/events/{id}/standings")).json();
    s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["player"]["name"].as_str().unwrap().starts_with(name))
        .unwrap_or_else(|| panic!("{name} in {s}"))["rating_change"]
        .clone()
}

/// Berger's table for four (1 A–D, B–C; 2 D–C, A–B; 3 B–D, C–A), round 1 on 30 November,
/// rounds 2 and 3 in December; results A–D ½, B–C 1-0, D–C ½, A–B 1-0, B–D 1-0, C–A ½. The
/// expected changes are worked by hand in the store's test of the same event
/// (`crates/store/tests/rating_periods.rs`): on November's list alone Alpha +4.80 and Bravo
/// +4.80; with December's, Alpha +7.60, Bravo +0.20, Charlie −15.20, Delta +7.40.
#[test]
fn an_event_over_two_months_reads_each_round_at_its_months_list() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let r = arb.post_bytes(
        "/api/rating-list?name=list.xml&period=2026-11",
        list_xml(&NOVEMBER).as_bytes(),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["periods"][0]["period"], "2026-11");
    let r = arb.post_bytes(
        "/api/rating-list?name=list.xml&period=2026-13",
        list_xml(&NOVEMBER).as_bytes(),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("period"), "{}", r.body);

    let id = arb
        .post_json(
            "/api/events",
            &json!({"name": "Fermé de décembre", "rounds": 3, "system": "round_robin",
                    "rules": "2026", "rating_change_column": true, "start_date": "2026-11-30"}),
        )
        .json()["id"]
        .as_i64()
        .unwrap();
    for (fide_id, ..) in NOVEMBER {
        let r = arb.post_json(
            &format!("/api/events/{id}/players/fide"),
            &json!({ "fide_id": fide_id }),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    arb.post_json(
        &format!("/api/events/{id}/players/present"),
        &json!({"present": true}),
    );
    let r = arb.post_json(
        &format!("/api/events/{id}/schedule"),
        &json!({"starts": {"1": "2026-11-30 14:00", "2": "2026-12-01 14:00", "3": "2026-12-02"}}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let players = arb.get(&format!("/api/events/{id}/players")).json();
    let name_of = |key: &Value| {
        players
            .as_array()
            .unwrap()
            .iter()
            .find(|p| &p["id"] == key)
            .map(|p| p["name"].as_str().unwrap().to_string())
            .unwrap()
    };
    let table = [
        [("Alpha", "Delta", "1/2"), ("Bravo", "Charlie", "1-0")],
        [("Delta", "Charlie", "1/2"), ("Alpha", "Bravo", "1-0")],
        [("Bravo", "Delta", "1-0"), ("Charlie", "Alpha", "1/2")],
    ];
    for (round, boards) in (1..=3).zip(table) {
        let r = arb.post_json(&format!("/api/events/{id}/rounds/{round}/pair"), &json!({}));
        assert_eq!(r.status, 200, "round {round}: {}", r.body);
        let games = arb.get(&format!("/api/events/{id}/rounds/{round}")).json();
        let mut results = serde_json::Map::new();
        for g in games["games"].as_array().unwrap() {
            let (white, black) = (name_of(&g["white"]), name_of(&g["black"]));
            let (_, _, code) = boards
                .iter()
                .find(|(w, b, _)| white.starts_with(w) && black.starts_with(b))
                .unwrap_or_else(|| panic!("round {round}: {white} – {black} not in the table"));
            results.insert(g["board"].to_string(), json!(code));
        }
        let r = arb.post_json(
            &format!("/api/events/{id}/rounds/{round}/results"),
            &json!({ "results": results }),
        );
        assert_eq!(r.status, 200, "round {round}: {}", r.body);
    }

    // December's list not loaded yet: every round at the registered (November's) ratings.
    assert_eq!(change(&mut arb, id, "Alpha"), json!({"change": 480}));
    assert_eq!(change(&mut arb, id, "Bravo"), json!({"change": 480}));
    arb.accept_language = Some("en".into());
    let page = arb.get(&format!("/events/{id}/norms")).body;
    assert!(
        page.contains("Round 1 (2026-11): the ratings and titles the players were registered with"),
        "{page}"
    );
    assert!(
        page.contains("Rounds 2–3 (2026-12): no FIDE list loaded for 2026-12"),
        "{page}"
    );

    // December's list, its month read from FIDE's file name.
    let r = arb.post_bytes(
        "/api/rating-list?name=standard_dec26frl.xml",
        list_xml(&DECEMBER).as_bytes(),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["periods"][1]["period"], "2026-12");
    for (name, hundredths) in [
        ("Alpha", 760),
        ("Bravo", 20),
        ("Charlie", -1520),
        ("Delta", 740),
    ] {
        assert_eq!(
            change(&mut arb, id, name),
            json!({ "change": hundredths }),
            "{name}"
        );
    }
    let page = arb.get(&format!("/events/{id}/norms")).body;
    assert!(page.contains("Rounds 2–3 (2026-12): FIDE"), "{page}");
    assert!(
        page.contains("list standard_dec26frl.xml, loaded"),
        "{page}"
    );
    let report = arb.get(&format!("/events/{id}/norms/report")).body;
    assert!(report.contains("id=\"it3-periods\""), "{report}");
    assert!(report.contains("standard_dec26frl.xml"), "{report}");
    arb.accept_language = Some("fr".into());
    let page = arb.get(&format!("/events/{id}/norms")).body;
    assert!(
        page.contains("Rondes 2–3 (2026-12) : liste FIDE standard_dec26frl.xml, chargée le"),
        "{page}"
    );
    let list = arb.get("/rating-list").body;
    assert!(list.contains("id=\"rating-list-period-2026-11\""), "{list}");
    assert!(list.contains("id=\"rating-list-period-2026-12\""), "{list}");
}
