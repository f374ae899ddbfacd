//! Two arbiters, a deputy and the players' phones at once (issue 19, section 1): a form
//! writes only what its page showed and the user changed; what someone else changed meanwhile
//! is a conflict shown with both values, never overwritten. Two players reporting different
//! results make a conflict for the arbiter; a table phone is known by its cookie alone.

use serde_json::{json, Value};

use crate::common::{players_csv, App, Client};

/// A second arbiter's client, logged in through the API.
fn deputy(app: &App, chief: &mut Client) -> Client {
    let r = chief.post_json(
        "/api/accounts",
        &json!({"username": "deputy", "password": "deputy's password"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let mut d = app.client();
    let r = d.post_json(
        "/api/login",
        &json!({"username": "deputy", "password": "deputy's password"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    d.csrf = Some(r.json()["csrf"].as_str().unwrap().to_string());
    d
}

/// An event of `players` checked-in players with round 1 paired: its id.
fn paired_event(arb: &mut Client, players: usize) -> i64 {
    let id = arb
        .post_json("/api/events", &json!({"name": "Open", "rounds": 3}))
        .json()["id"]
        .as_i64()
        .unwrap();
    let r = arb.post_json(
        &format!("/api/events/{id}/players/import"),
        &json!({"data": players_csv(players)}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    arb.post_json(
        &format!("/api/events/{id}/players/present"),
        &json!({"present": true}),
    );
    let r = arb.post_json(&format!("/api/events/{id}/rounds/1/pair"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    id
}

/// The value of the first `<input name="NAME" … value="…">` of a page, when it has one.
fn input(page: &str, name: &str) -> Option<String> {
    let at = page.find(&format!("name=\"{name}\""))?;
    let tag_end = at + page[at..].find('>')?;
    let tag = &page[at..tag_end];
    let v = tag.find("value=\"")? + "value=\"".len();
    Some(tag[v..].split('"').next()?.to_string())
}

/// A board's result in a round's JSON.
fn result_of(round: &Value, board: u64) -> Value {
    round["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["board"] == board)
        .map(|g| g["result"].clone())
        .unwrap_or(Value::Null)
}

/// The grid form exactly as a page shows it: its hidden fields and every board's input, with
/// `typed` changed. A page without a `version` field (before the fix) posts without one.
fn grid_form(page: &str, csrf: &str, boards: u64, typed: &[(u64, &str)]) -> Vec<(String, String)> {
    let mut f = vec![("csrf".to_string(), csrf.to_string())];
    if let Some(v) = input(page, "version") {
        f.push(("version".into(), v));
    }
    for b in 1..=boards {
        let shown = input(page, &format!("r{b}")).unwrap_or_default();
        let value = typed
            .iter()
            .find(|t| t.0 == b)
            .map_or(shown, |t| t.1.to_string());
        f.push((format!("r{b}"), value));
    }
    f
}

fn post_fields(c: &mut Client, path: &str, fields: &[(String, String)]) -> crate::common::Reply {
    let refs: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    c.post_form(path, &refs)
}

/// The chief loads round 1 (all empty), a deputy enters boards 1–4, the chief types board 5
/// only and saves: boards 1–4 keep the deputy's results. A board both changed differently is a
/// conflict shown with both values; in a closed round a stale page never reverts a correction.
#[test]
fn a_stale_result_grid_writes_only_what_its_page_changed() {
    let app = App::start(false);
    let mut chief = app.arbiter();
    let mut dep = deputy(&app, &mut chief);
    let id = paired_event(&mut chief, 12);
    let csrf = chief.csrf.clone().unwrap();
    let round_path = format!("/events/{id}/rounds/1");
    let page = chief.get(&round_path).body;

    let r = dep.post_json(
        &format!("/api/events/{id}/rounds/1/results"),
        &json!({"results": {"1": "1-0", "2": "0-1", "3": "1/2", "4": "1-0"}}),
    );
    assert_eq!(r.status, 200, "{}", r.body);

    let form = grid_form(&page, &csrf, 6, &[(5, "0-1")]);
    let r = post_fields(&mut chief, &format!("{round_path}/results"), &form);
    assert_eq!(r.status, 303, "{}", r.body);
    let round = chief.get(&format!("/api{round_path}")).json();
    for (board, result) in [(1, "1-0"), (2, "0-1"), (3, "1/2"), (4, "1-0"), (5, "0-1")] {
        assert_eq!(result_of(&round, board), json!(result), "board {board}");
    }
    assert!(result_of(&round, 6).is_null());

    // Both change board 6, differently: the deputy's stays, the chief sees both values.
    let page = chief.get(&round_path).body;
    let r = dep.post_json(
        &format!("/api/events/{id}/rounds/1/results"),
        &json!({"board": 6, "result": "1-0"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let form = grid_form(&page, &csrf, 6, &[(6, "0-1")]);
    chief.accept_language = Some("en".into());
    let r = post_fields(&mut chief, &format!("{round_path}/results"), &form);
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.body.contains("id=\"conflicts\""), "{}", r.body);
    assert!(
        r.body
            .contains("Board 6: you entered 0-1, but 1-0 was entered meanwhile"),
        "{}",
        r.body
    );
    let round = chief.get(&format!("/api{round_path}")).json();
    assert_eq!(result_of(&round, 6), json!("1-0"));

    // Round 2 is paired: round 1 is closed. The deputy corrects board 1; the chief's page of
    // round 1, loaded before, corrects board 2 only.
    let r = chief.post_json(&format!("/api/events/{id}/rounds/2/pair"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let page = chief.get(&round_path).body;
    let r = dep.post_json(
        &format!("/api/events/{id}/rounds/1/results"),
        &json!({"board": 1, "result": "0-1"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let form = grid_form(&page, &csrf, 6, &[(2, "1-0")]);
    let r = post_fields(&mut chief, &format!("{round_path}/results"), &form);
    assert_eq!(r.status, 303, "{}", r.body);
    let round = chief.get(&format!("/api{round_path}")).json();
    assert_eq!(result_of(&round, 1), json!("0-1"), "the correction stays");
    assert_eq!(result_of(&round, 2), json!("1-0"));
}

/// The JSON API: every read of an event answers its version in `ETag`; a write sent with
/// `If-Match` (or a `version` field) changes only what changed since, and answers 409
/// `conflict` with both values and the current version for the rest.
#[test]
fn the_api_answers_a_stale_write_with_409_and_both_values() {
    let app = App::start(false);
    let mut chief = app.arbiter();
    let mut dep = deputy(&app, &mut chief);
    let id = paired_event(&mut chief, 8);
    let round_path = format!("/api/events/{id}/rounds/1");
    let read = chief.get(&round_path);
    let etag = read.etag.clone().expect("a version in ETag");
    let version: i64 = etag.trim_matches('"').parse().unwrap();
    let games = read.json()["games"].as_array().unwrap().clone();

    // A swap on a stale pairing.
    let (w1, w2) = (
        games[0]["white"].as_i64().unwrap(),
        games[1]["white"].as_i64().unwrap(),
    );
    let (b1, b2) = (
        games[0]["black"].as_i64().unwrap(),
        games[1]["black"].as_i64().unwrap(),
    );
    let r = dep.post_json(&format!("{round_path}/swap"), &json!({"a": b1, "b": b2}));
    assert_eq!(r.status, 200, "{}", r.body);
    let after_deputy = chief.get(&round_path).json();
    let r = chief.post_json_if_match(
        &format!("{round_path}/swap"),
        &json!({"a": w1, "b": w2}),
        &etag,
    );
    assert_eq!(r.status, 409, "{}", r.body);
    let body = r.json();
    assert_eq!(body["error"], "conflict");
    assert_eq!(body["conflicts"][0]["kind"], "pairing");
    assert!(body["version"].as_i64().unwrap() > version);
    assert_eq!(
        chief.get(&round_path).json(),
        after_deputy,
        "nothing swapped"
    );

    // Results: the deputy enters board 1; the chief's stale write of boards 1 and 2.
    let etag = chief.get(&round_path).etag.unwrap();
    let r = dep.post_json(
        &format!("{round_path}/results"),
        &json!({"board": 1, "result": "1-0"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = chief.post_json_if_match(
        &format!("{round_path}/results"),
        &json!({"results": {"1": "0-1", "2": "1/2"}}),
        &etag,
    );
    assert_eq!(r.status, 409, "{}", r.body);
    let body = r.json();
    assert_eq!(body["error"], "conflict");
    assert_eq!(body["written"], 1);
    let c = &body["conflicts"][0];
    assert_eq!(
        (
            &c["kind"],
            &c["board"],
            &c["shown"],
            &c["stored"],
            &c["yours"]
        ),
        (
            &json!("board"),
            &json!(1),
            &Value::Null,
            &json!("1-0"),
            &json!("0-1")
        )
    );
    assert!(!body["message"].as_str().unwrap().is_empty());
    let round = chief.get(&round_path).json();
    assert_eq!(result_of(&round, 1), json!("1-0"));
    assert_eq!(result_of(&round, 2), json!("1/2"));
    // The same with the version as a body field; a fresh version writes.
    let v = body["version"].clone();
    let stale: i64 = etag.trim_matches('"').parse().unwrap();
    let r = chief.post_json(
        &format!("{round_path}/results"),
        &json!({"results": {"1": "0-1"}, "version": stale}),
    );
    assert_eq!(r.status, 409, "{}", r.body);
    let r = chief.post_json(
        &format!("{round_path}/results"),
        &json!({"results": {"1": "0-1"}, "version": v}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(result_of(&chief.get(&round_path).json(), 1), json!("0-1"));
    assert!(r.etag.is_some(), "a write answers the version after it");

    // A player's details, bye and withdrawal.
    let pid = games[2]["white"].as_i64().unwrap();
    let player_path = format!("/api/events/{id}/players/{pid}");
    let read = chief.get(&player_path);
    let etag = read.etag.clone().unwrap();
    let mut details = read.json();
    details["rating"] = json!(1999);
    assert_eq!(dep.post_json(&player_path, &details).status, 200);
    details["rating"] = json!(2001);
    let r = chief.post_json_if_match(&player_path, &details, &etag);
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(r.json()["conflicts"][0]["kind"], "player");
    assert_eq!(r.json()["conflicts"][0]["stored"]["rating"], 1999);
    assert_eq!(chief.get(&player_path).json()["rating"], 1999);

    let etag = chief.get(&player_path).etag.unwrap();
    let r = dep.post_json(
        &format!("{player_path}/bye"),
        &json!({"round": 3, "kind": "half"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = chief.post_json_if_match(
        &format!("{player_path}/bye"),
        &json!({"round": 3, "kind": "zero"}),
        &etag,
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(r.json()["conflicts"][0]["kind"], "bye");
    let byes = chief.get(&format!("/api/events/{id}/byes")).json();
    assert!(byes
        .as_array()
        .unwrap()
        .iter()
        .any(|b| b["player"] == pid && b["round"] == 3 && b["kind"] == "half"));

    let etag = chief.get(&player_path).etag.unwrap();
    let r = dep.post_json(
        &format!("{player_path}/withdraw"),
        &json!({"from_round": 3}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = dep.post_json(&format!("{player_path}/reinstate"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let r = dep.post_json(
        &format!("{player_path}/withdraw"),
        &json!({"from_round": 2}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = chief.post_json_if_match(
        &format!("{player_path}/withdraw"),
        &json!({"from_round": 3}),
        &etag,
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(r.json()["conflicts"][0]["kind"], "withdrawal");
    assert_eq!(chief.get(&player_path).json()["withdrawn_from"], 2);

    // Check-in: the chief's stale "present" does not undo the deputy's "absent".
    let other = games[3]["white"].as_i64().unwrap();
    let path = format!("/api/events/{id}/players/{other}");
    let etag = chief.get(&path).etag.unwrap();
    let r = dep.post_json(&format!("{path}/present"), &json!({"present": false}));
    assert_eq!(r.status, 200, "{}", r.body);
    let r = chief.post_json_if_match(&format!("{path}/present"), &json!({"present": true}), &etag);
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(chief.get(&path).json()["present"], false);
}

/// The pages' forms that edit a player carry their version too: the check-in list leaves a
/// player a colleague checked out meanwhile as they are, the player's form is refused with the
/// arbiter's values kept, and the card's bye form is refused.
#[test]
fn stale_player_pages_never_undo_a_colleagues_change() {
    let app = App::start(false);
    let mut chief = app.arbiter();
    let mut dep = deputy(&app, &mut chief);
    let id = chief
        .post_json("/api/events", &json!({"name": "Open", "rounds": 5}))
        .json()["id"]
        .as_i64()
        .unwrap();
    chief.post_json(
        &format!("/api/events/{id}/players/import"),
        &json!({"data": players_csv(4)}),
    );
    chief.post_json(
        &format!("/api/events/{id}/players/present"),
        &json!({"present": true}),
    );
    let csrf = chief.csrf.clone().unwrap();
    let keys: Vec<i64> = chief
        .get(&format!("/api/events/{id}/players"))
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect();

    // The check-in page as loaded: everyone ticked. The deputy checks player 0 out; the chief
    // unticks player 1 only and saves.
    let page = chief.get(&format!("/events/{id}/players")).body;
    let r = dep.post_json(
        &format!("/api/events/{id}/players/{}/present", keys[0]),
        &json!({"present": false}),
    );
    assert_eq!(r.status, 200);
    let mut form = vec![("csrf".to_string(), csrf.clone())];
    if let Some(v) = input(&page, "version") {
        form.push(("version".into(), v));
    }
    for k in &keys {
        if page.contains(&format!("name=\"listed\" value=\"{k}\"")) {
            form.push(("listed".into(), k.to_string()));
        }
        if *k != keys[1] {
            form.push(("present".into(), k.to_string()));
        }
    }
    let r = post_fields(&mut chief, &format!("/events/{id}/players/checkin"), &form);
    assert!(r.status == 303 || r.status == 409, "{}", r.body);
    let players = chief.get(&format!("/api/events/{id}/players")).json();
    let present = |k: i64| {
        players
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == k)
            .unwrap()["present"]
            .clone()
    };
    assert_eq!(present(keys[0]), false, "the deputy's check-out stays");
    assert_eq!(present(keys[1]), false, "the chief's own change is written");
    assert_eq!(present(keys[2]), true);

    // The player's form: the deputy edits the rating; the chief's form (loaded before) is
    // refused, his values kept in the form and the stored ones said.
    let edit = format!("/events/{id}/players/{}/edit", keys[2]);
    let page = chief.get(&edit).body;
    let name = input(&page, "name").unwrap();
    let mut p = chief
        .get(&format!("/api/events/{id}/players/{}", keys[2]))
        .json();
    p["rating"] = json!(1234);
    assert_eq!(
        dep.post_json(&format!("/api/events/{id}/players/{}", keys[2]), &p)
            .status,
        200
    );
    let mut form = vec![
        ("csrf".to_string(), csrf.clone()),
        ("name".to_string(), name.clone()),
        ("rating".to_string(), "2222".to_string()),
    ];
    if let Some(v) = input(&page, "version") {
        form.push(("version".into(), v));
    }
    let r = post_fields(&mut chief, &edit, &form);
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.body.contains("id=\"conflicts\""), "{}", r.body);
    assert!(r.body.contains("1234"), "the stored rating is said");
    assert!(
        r.body.contains("value=\"2222\""),
        "the arbiter's value is kept"
    );
    let stored = chief
        .get(&format!("/api/events/{id}/players/{}", keys[2]))
        .json();
    assert_eq!(stored["rating"], 1234);

    // The card's bye form.
    let card = format!("/events/{id}/players/{}", keys[3]);
    let page = chief.get(&card).body;
    let r = dep.post_json(
        &format!("/api/events/{id}/players/{}/bye", keys[3]),
        &json!({"round": 2, "kind": "half"}),
    );
    assert_eq!(r.status, 200);
    let mut form = vec![
        ("csrf".to_string(), csrf.clone()),
        ("round".to_string(), "2".to_string()),
        ("kind".to_string(), "zero".to_string()),
    ];
    if let Some(v) = input(&page, "version") {
        form.push(("version".into(), v));
    }
    let r = post_fields(&mut chief, &format!("{card}/bye"), &form);
    assert_eq!(r.status, 409, "{}", r.body);
    let byes = chief.get(&format!("/api/events/{id}/byes")).json();
    assert!(byes
        .as_array()
        .unwrap()
        .iter()
        .any(|b| b["player"] == keys[3] && b["round"] == 2 && b["kind"] == "half"));
}

/// An anonymous phone with its CSRF token.
fn phone(app: &App) -> Client {
    let mut p = app.client();
    p.csrf = Some(
        p.get("/api/csrf").json()["csrf"]
            .as_str()
            .unwrap()
            .to_string(),
    );
    p
}

/// White reports 1-0, then Black 0-1 with the same code: both kept, the round shows the
/// disagreement, "confirm all" leaves the board, and the arbiter settles it. The same report
/// twice is harmless.
#[test]
fn different_reports_of_a_board_are_a_conflict_for_the_arbiter() {
    let app = App::start(false);
    let mut chief = app.arbiter();
    let id = paired_event(&mut chief, 6);
    let round_path = format!("/api/events/{id}/rounds/1");
    let games = chief.get(&round_path).json()["games"]
        .as_array()
        .unwrap()
        .clone();
    let code = |i: usize| games[i]["code"].as_str().unwrap().to_string();
    let (mut white, mut black) = (phone(&app), phone(&app));

    let r = white.post_json("/api/report", &json!({"code": code(0), "result": "1-0"}));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["outcome"], "stored");
    let r = black.post_json("/api/report", &json!({"code": code(0), "result": "0-1"}));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["outcome"], "conflict");
    assert_eq!(r.json()["conflict"], true);
    let r = white.post_json("/api/report", &json!({"code": code(0), "result": "1-0"}));
    assert_eq!(r.json()["outcome"], "unchanged");
    // Board 2: both players agree.
    white.post_json("/api/report", &json!({"code": code(1), "result": "1/2"}));
    let r = black.post_json("/api/report", &json!({"code": code(1), "result": "1/2"}));
    assert_eq!(r.json()["outcome"], "unchanged");

    let g = &chief.get(&round_path).json()["games"][0];
    assert!(g["reported"].is_null(), "{g}");
    assert_eq!(g["reports"], json!(["1-0", "0-1"]));

    // The round page marks it, offers each value, and "confirm all" counts board 2 only.
    chief.accept_language = Some("en".into());
    let page = chief.get(&format!("/events/{id}/rounds/1")).body;
    assert!(page.contains("id=\"reports-disagree-1\""), "{page}");
    assert!(page.contains("id=\"settle-1-white\"") && page.contains("id=\"settle-1-black\""));
    assert!(page.contains("Confirm the reported result"), "{page}");
    let r = chief.post_json(&format!("{round_path}/confirm"), &json!({}));
    assert_eq!(r.json()["confirmed"], 1);
    let round = chief.get(&round_path).json();
    assert!(result_of(&round, 1).is_null(), "never confirmed in bulk");
    assert_eq!(result_of(&round, 2), json!("1/2"));

    // The arbiter keeps Black's report.
    let csrf = chief.csrf.clone().unwrap();
    let version = input(&page, "version").unwrap();
    let r = chief.post_form(
        &format!("/events/{id}/rounds/1/settle"),
        &[
            ("csrf", &csrf),
            ("version", &version),
            ("board", "1"),
            ("result", "0-1"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let round = chief.get(&round_path).json();
    assert_eq!(result_of(&round, 1), json!("0-1"));
    assert_eq!(round["games"][0]["reports"], json!([]));
}

/// The phone page names who has White and Black, and sends nothing before a second tap.
#[test]
fn the_phone_names_white_and_asks_a_second_tap() {
    let app = App::start(false);
    let mut chief = app.arbiter();
    let id = paired_event(&mut chief, 4);
    let round_path = format!("/api/events/{id}/rounds/1");
    let g = chief.get(&round_path).json()["games"][0].clone();
    let code = g["code"].as_str().unwrap().to_string();
    let white = chief
        .get(&format!("/api/events/{id}/players/{}", g["white"]))
        .json()["name"]
        .as_str()
        .unwrap()
        .to_string();

    let mut p = app.client();
    p.accept_language = Some("en".into());
    let token = crate::common::csrf_in(&p.get("/report").body);
    let r = p.post_form("/report", &[("csrf", &token), ("code", &code)]);
    assert_eq!(r.status, 200, "{}", r.body);
    let white_html = white.replace('\'', "&#x27;");
    assert!(
        r.body
            .contains(&format!("id=\"report-white\">{white_html}<")),
        "{}",
        r.body
    );
    assert!(r.body.contains("<dt>White</dt>"), "{}", r.body);
    let board = g["board"].to_string();
    let tap = [
        ("csrf", token.as_str()),
        ("code", code.as_str()),
        ("board", board.as_str()),
        ("result", "1-0"),
    ];
    let r = p.post_form("/report/confirm", &tap);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.contains("id=\"report-send\""), "{}", r.body);
    assert!(
        r.body.contains(&format!("{white_html} (White) wins")),
        "{}",
        r.body
    );
    assert!(chief.get(&round_path).json()["games"][0]["reports"]
        .as_array()
        .is_some_and(|a| a.is_empty()));
    let mut second = tap.to_vec();
    second.push(("sure", "1"));
    let r = p.post_form("/report/confirm", &second);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.contains("id=\"report-done\""), "{}", r.body);
    assert_eq!(
        chief.get(&round_path).json()["games"][0]["reported"],
        json!("1-0")
    );
}

/// A bridge session of 7 tables with table 1's code and the first board of its round 1.
fn bridge_session(d: &mut Client) -> (i64, String, u64) {
    let s = d
        .post_json(
            "/api/bridge/sessions",
            &json!({"name": "Mardi", "tables": 7}),
        )
        .json();
    let id = s["id"].as_i64().unwrap();
    let codes = d.get(&format!("/api/bridge/sessions/{id}/codes")).json();
    let code = codes[0]["code"].as_str().unwrap().to_string();
    let t = d.get(&format!("/api/bridge/tables/{code}")).json();
    (id, code, t["boards"][0].as_u64().unwrap())
}

/// Sending another phone's `device` value does not make an entry replace the first: the
/// device is the server's cookie alone.
#[test]
fn a_table_phone_is_known_by_its_cookie_alone() {
    let app = App::start(false);
    let mut d = app.arbiter();
    let (_, code, board) = bridge_session(&mut d);
    let mut first = phone(&app);
    let entry = |contract: &str| json!({"round": 1, "board": board, "contract": contract, "declarer": "N", "result": "="});
    let r = first.post_json(&format!("/api/bridge/tables/{code}/enter"), &entry("3NT"));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["outcome"], "stored");
    let device = first.cookies.get("arbiter_device").cloned().unwrap();

    let mut other = phone(&app);
    let mut forged = entry("4S");
    forged["device"] = json!(device);
    let r = other.post_json(&format!("/api/bridge/tables/{code}/enter"), &forged);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["outcome"], "conflict", "{}", r.body);
    let line = &r.json()["lines"][0];
    assert_eq!(line["entry"]["contract"], "3NT", "the first entry stays");
    // The first phone may still correct its own entry.
    let r = first.post_json(&format!("/api/bridge/tables/{code}/enter"), &entry("2NT"));
    assert_eq!(r.json()["outcome"], "stored", "{}", r.body);
}

/// The director's grid and pairs pages carry their version: a line a table entered after the
/// page was loaded, or a pair a colleague renamed, is not overwritten by a stale form.
#[test]
fn stale_director_forms_never_overwrite_a_table_or_a_colleague() {
    let app = App::start(false);
    let mut d = app.arbiter();
    let mut colleague = deputy(&app, &mut d);
    let (id, code, board) = bridge_session(&mut d);
    let t = d.get(&format!("/api/bridge/tables/{code}")).json();
    let (ns, ew) = (
        t["ns"]["number"].as_u64().unwrap(),
        t["ew"]["number"].as_u64().unwrap(),
    );
    let csrf = d.csrf.clone().unwrap();

    // The director's grid is loaded; the table enters the board; the director's line form
    // (typed from the paper traveller) is refused, the table's line stays.
    let grid = d.get(&format!("/bridge/{id}/grid")).body;
    let mut table = phone(&app);
    let r = table.post_json(
        &format!("/api/bridge/tables/{code}/enter"),
        &json!({"round": 1, "board": board, "contract": "3NT", "declarer": "N", "result": "="}),
    );
    assert_eq!(r.json()["outcome"], "stored", "{}", r.body);
    let mut form = vec![
        ("csrf".to_string(), csrf.clone()),
        ("board".to_string(), board.to_string()),
        ("ns".to_string(), ns.to_string()),
        ("ew".to_string(), ew.to_string()),
        // The suit symbol reads the same on a French page (where S would be ambiguous).
        ("contract".to_string(), "4♠".to_string()),
        ("declarer".to_string(), "S".to_string()),
        ("result".to_string(), "=".to_string()),
    ];
    if let Some(v) = input(&grid, "version") {
        form.push(("version".into(), v));
    }
    let r = post_fields(&mut d, &format!("/bridge/{id}/grid/line"), &form);
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.body.contains("id=\"grid-error\""), "{}", r.body);
    let lines = d.get(&format!("/api/bridge/sessions/{id}/lines")).json();
    let line = lines["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["board"] == board && l["ns"] == ns)
        .unwrap()
        .clone();
    assert_eq!(line["entry"]["contract"], "3NT");
    assert_eq!(line["status"], "entered");

    // The API: a clear sent with a stale If-Match.
    let etag = d
        .get(&format!("/api/bridge/sessions/{id}/lines"))
        .etag
        .unwrap();
    let r = table.post_json(
        &format!("/api/bridge/tables/{code}/confirm"),
        &json!({"round": 1, "board": board}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = d.post_json_if_match(
        &format!("/api/bridge/sessions/{id}/clear"),
        &json!({"board": board, "ns": ns, "ew": ew}),
        &etag,
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(r.json()["conflicts"][0]["kind"], "line");
    assert_eq!(r.json()["conflicts"][0]["stored"]["status"], "confirmed");

    // The pairs page: a colleague renames pair 2; the director's page, loaded before, renames
    // pair 1 only.
    let pairs = d.get(&format!("/bridge/{id}/pairs")).body;
    let r = colleague.post_json(
        &format!("/api/bridge/sessions/{id}/pairs"),
        &json!({"number": 2, "name1": "Martin", "name2": "Durand"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let mut form = vec![("csrf".to_string(), csrf.clone())];
    if let Some(v) = input(&pairs, "version") {
        form.push(("version".into(), v));
    }
    for n in 1..=14 {
        for field in ["name1", "name2", "club"] {
            let key = format!("{field}_{n}");
            if !pairs.contains(&format!("name=\"{key}\"")) {
                continue;
            }
            let shown = input(&pairs, &key).unwrap_or_default();
            let v = if n == 1 && field == "name1" {
                "Leroy".to_string()
            } else {
                shown
            };
            form.push((key, v));
        }
    }
    let r = post_fields(&mut d, &format!("/bridge/{id}/pairs"), &form);
    assert_eq!(r.status, 303, "{}", r.body);
    let list = d.get(&format!("/api/bridge/sessions/{id}/pairs")).json();
    let pair = |n: u64| {
        list.as_array()
            .unwrap()
            .iter()
            .find(|p| p["number"] == n)
            .unwrap()
            .clone()
    };
    assert_eq!(pair(2)["name1"], "Martin", "the colleague's names stay");
    assert_eq!(pair(1)["name1"], "Leroy");
}
