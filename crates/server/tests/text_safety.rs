//! What goes into files others read (issue 19, section 5), through the server: every entry
//! point refuses the characters no file can carry (naming the field, or the file's line and
//! column), the exported TRF reads back with one record a player, and the standings CSV writes
//! a name a spreadsheet would run as a formula as text.

use serde_json::json;

use crate::common::App;

const FORGED: &str = "Evil\n001    9 m    Nobody                            1500 FRA";

#[test]
fn control_characters_never_reach_the_files() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    // Event settings: name, place, arbiters, federation.
    for (field, value) in [
        ("name", "Open\u{202e}"),
        ("place", "Lyon\u{1b}[2J"),
        ("chief_arbiter", "Durand\n001    8"),
        ("deputy_arbiters", "Martin\nBad\u{0}"),
        ("federation", "FR\n"),
        ("time_control", "90'\r+30''"),
    ] {
        let mut body = json!({"name": "Open", "rounds": 3});
        body[field] = json!(value);
        let r = arb.post_json("/api/events", &body);
        assert_eq!(r.status, 422, "{field}: {}", r.body);
        assert_eq!(r.json()["field"], field, "{}", r.body);
    }
    assert_eq!(arb.get("/api/events").json(), json!([]));
    let id = arb
        .post_json(
            "/api/events",
            &json!({"name": "Open", "rounds": 3, "deputy_arbiters": "Martin, Paul\r\nPetit, Léa\n"}),
        )
        .json()["id"]
        .as_i64()
        .unwrap();

    // A player: the API, a page's form, a CSV and a TRF import.
    let r = arb.post_json(
        &format!("/api/events/{id}/players"),
        &json!({"name": FORGED}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.json()["field"], "name");
    let r = arb.post_json(
        &format!("/api/events/{id}/players"),
        &json!({"name": "Ok, Name", "club": "Club\u{2028}Two"}),
    );
    assert_eq!((r.status, r.json()["field"].clone()), (422, json!("club")));
    let r = arb.post_json(
        &format!("/api/events/{id}/players"),
        &json!({"name": "Ok, Name", "birth_date": "2001\n"}),
    );
    assert_eq!(r.status, 200, "trailing blanks are dropped: {}", r.body);
    let r = arb.post_json(
        &format!("/api/events/{id}/players"),
        &json!({"name": "Ok, Other", "birth_date": "20\n01"}),
    );
    assert_eq!(
        (r.status, r.json()["field"].clone()),
        (422, json!("birth_date"))
    );
    let csrf = arb.csrf.clone().unwrap();
    let r = arb.post_form(
        &format!("/events/{id}/players"),
        &[("csrf", &csrf), ("name", FORGED)],
    );
    assert_eq!(r.status, 422, "{}", r.body);
    let r = arb.post_json(
        &format!("/api/events/{id}/players/import"),
        &json!({"format": "csv", "data": "name;rating\nGood;1500\nEsc\u{1b}[31m;1400\n"}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.json()["field"]
            .as_str()
            .unwrap()
            .contains("line 3, column 1"),
        "{}",
        r.body
    );
    let name = "Esc\u{1b}ape, Ann";
    let pad = " ".repeat(33 - name.chars().count());
    let trf =
        format!("012 X\n001    1      {name}{pad} 2100                             0.0    1\n");
    let r = arb.post_json(
        &format!("/api/events/{id}/players/import"),
        &json!({"format": "trf", "data": trf}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.json()["field"]
            .as_str()
            .unwrap()
            .contains("line 2, column 15"),
        "{}",
        r.body
    );
    let players = arb.get(&format!("/api/events/{id}/players")).json();
    assert_eq!(players.as_array().unwrap().len(), 1, "{players}");

    // A quoted CSV cell with a line break reads as one line; names a spreadsheet would run go in.
    let csv = "name;rating\n\"Two\nLines, Ann\";2000\n\"=HYPERLINK(\"\"http://evil\"\")\";1900\n+1 Plus;1800\n";
    let r = arb.post_json(
        &format!("/api/events/{id}/players/import"),
        &json!({"format": "csv", "data": csv}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let trf = arb
        .get(&format!("/api/events/{id}/export.trf?format=trf16"))
        .body;
    assert_eq!(
        trf.lines().filter(|l| l.starts_with("001")).count(),
        4,
        "{trf}"
    );
    assert!(trf.contains("112 Martin, Paul\n112 Petit, Léa\n"), "{trf}");
    let t = tournament::trf::read(&trf).unwrap();
    assert_eq!(t.players.len(), 4);

    let standings = arb
        .get_with(
            &format!("/events/{id}/standings.csv"),
            &[("Accept-Language", "en")],
        )
        .body;
    assert!(
        standings.contains("\"'=HYPERLINK(\"\"http://evil\"\")\""),
        "{standings}"
    );
    assert!(standings.contains(",'+1 Plus,"), "{standings}");
    assert!(
        standings.contains(",Two Lines, Ann,") || standings.contains(",\"Two Lines, Ann\","),
        "{standings}"
    );

    // Bridge: a session's name, a pair's names, the member CSV.
    let r = arb.post_json(
        "/api/bridge/sessions",
        &json!({"name": "Mardi\n[Event \"x\"]", "tables": 7}),
    );
    assert_eq!((r.status, r.json()["field"].clone()), (422, json!("name")));
    let s = arb
        .post_json(
            "/api/bridge/sessions",
            &json!({"name": "Mardi", "tables": 7}),
        )
        .json();
    let sid = s["id"].as_i64().unwrap();
    let r = arb.post_json(
        &format!("/api/bridge/sessions/{sid}/pairs"),
        &json!({"number": 1, "name1": "A\u{1b}B", "name2": "C"}),
    );
    assert_eq!((r.status, r.json()["field"].clone()), (422, json!("name1")));
    let r = arb.post_json(
        &format!("/api/bridge/sessions/{sid}/pairs/import"),
        &json!({"data": "name1;name2\nOk;Fine\nBad\u{7};Pair\n"}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.json()["field"]
            .as_str()
            .unwrap()
            .contains("line 3, column 1"),
        "{}",
        r.body
    );
}
