//! The JSON API: every action, and the refusals (wrong password, missing CSRF token, another
//! board's code, pairing with missing results, editing a closed round), each writing nothing.

use serde_json::{json, Value};

use crate::common::{paired_event, players_csv, App, Client, PASSWORD, USER};

fn keys_by_number(arb: &mut Client, id: i64) -> Vec<i64> {
    let players = arb.get(&format!("/api/events/{id}/players")).json();
    let mut list: Vec<(i64, i64)> = players
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["number"].as_i64().unwrap(), p["id"].as_i64().unwrap()))
        .collect();
    list.sort();
    list.into_iter().map(|x| x.1).collect()
}

fn boards(round: &Value) -> Vec<Value> {
    round["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| !g["black"].is_null())
        .cloned()
        .collect()
}

#[test]
fn login_and_csrf_refusals_write_nothing() {
    let app = App::start(false);
    let mut anon = app.client();
    assert_eq!(anon.get("/api/events").status, 401);
    let r = anon.post_json(
        "/api/setup",
        &json!({"token": "nope", "username": "x", "password": "long enough"}),
    );
    assert_eq!(r.status, 401, "{}", r.body);
    assert_eq!(r.json()["reason"], "login");

    let mut arb = app.arbiter();
    // The setup link works once.
    let token = app
        .setup_url
        .as_deref()
        .unwrap()
        .split("token=")
        .nth(1)
        .unwrap();
    let r = anon.post_json(
        "/api/setup",
        &json!({"token": token, "username": "other", "password": "long enough"}),
    );
    assert_eq!(r.status, 401);

    // Wrong password: 401, no session.
    let mut other = app.client();
    let r = other.post_json(
        "/api/login",
        &json!({"username": USER, "password": "wrong password"}),
    );
    assert_eq!(r.status, 401);
    assert_eq!(r.json()["error"], "refused");
    assert!(!other.cookies.contains_key("arbiter_session"));
    assert_eq!(other.get("/api/session").status, 401);
    let r = other.post_json(
        "/api/login",
        &json!({"username": "nobody", "password": PASSWORD}),
    );
    assert_eq!(r.status, 401);

    // No login session at all: 401 whatever the token (API.md), nothing written; the page's
    // form sends the visitor to the login page.
    let r = anon.post_json("/api/events", &json!({"name": "Open"}));
    assert_eq!(r.status, 401, "{}", r.body);
    assert_eq!(r.json()["error"], "login_required");
    anon.csrf = Some("0".repeat(64));
    assert_eq!(anon.post_json("/api/events/1/undo", &json!({})).status, 401);
    anon.csrf = None;
    let r = anon.post_form("/events/new", &[("name", "Open")]);
    assert!(
        r.status == 303
            && r.location
                .as_deref()
                .is_some_and(|l| l.starts_with("/login")),
        "{r:?}"
    );
    // A player's report is open to anonymous visitors: its token is still checked (403).
    let r = anon.post_json("/api/report", &json!({"code": "X", "result": "1-0"}));
    assert_eq!(r.status, 403, "{}", r.body);

    // A session with a missing or wrong CSRF token: 403, nothing written.
    let csrf = arb.csrf.take();
    let r = arb.post_json("/api/events", &json!({"name": "Open"}));
    assert_eq!(r.status, 403);
    assert_eq!(r.json()["error"], "csrf");
    arb.csrf = Some("0".repeat(64));
    assert_eq!(
        arb.post_json("/api/events", &json!({"name": "Open"}))
            .status,
        403
    );
    arb.csrf = csrf;
    assert_eq!(arb.get("/api/events").json(), json!([]));

    // With the token it works; a second login gives another session.
    let r = arb.post_json("/api/events", &json!({"name": "Open"}));
    assert_eq!(r.status, 200, "{}", r.body);
    let r = other.post_json(
        "/api/login",
        &json!({"username": USER, "password": PASSWORD}),
    );
    assert_eq!(r.status, 200);
    assert!(other.cookies.contains_key("arbiter_session"));
    assert_eq!(other.get("/api/events").json().as_array().unwrap().len(), 1);

    // Another account, then logout ends the session.
    let r = arb.post_json(
        "/api/accounts",
        &json!({"username": "deputy", "password": "short"}),
    );
    assert_eq!(r.status, 422);
    assert_eq!(r.json()["field"], "password");
    assert_eq!(
        arb.post_json(
            "/api/accounts",
            &json!({"username": "deputy", "password": "long enough"})
        )
        .status,
        200
    );
    assert_eq!(arb.post_json("/api/logout", &json!({})).status, 200);
    assert_eq!(arb.get("/api/events").status, 401);
    assert_eq!(arb.get("/api/events/1").status, 401);
}

#[test]
fn an_event_from_registration_to_standings() {
    let app = App::start(false);
    let mut arb = app.arbiter();

    // Set-up; a wrong value is refused naming its field.
    let r = arb.post_json("/api/events", &json!({"name": "X", "points_draw": "half"}));
    assert_eq!(r.status, 422);
    assert_eq!(r.json()["field"], "points_draw");
    let ev = arb
        .post_json(
            "/api/events",
            &json!({"name": "Club open", "rounds": 3, "start_date": "2026-11-28", "tiebreaks": "BH/C1,BH,SB", "chief_arbiter": "Durand, Claire"}),
        )
        .json();
    let id = ev["id"].as_i64().unwrap();
    assert_eq!(ev["settings"]["rounds"], 3);
    let ev = arb
        .post_json(
            &format!("/api/events/{id}"),
            &json!({"name": "Club open 2026", "rounds": 3, "place": "Lyon"}),
        )
        .json();
    assert_eq!(ev["settings"]["place"], "Lyon");
    assert_eq!(arb.get("/api/events/999").status, 404);

    // Players: import, add, edit, remove.
    let r = arb.post_json(
        &format!("/api/events/{id}/players/import"),
        &json!({"format": "csv", "data": players_csv(10)}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["imported"], 10);
    let r = arb.post_json(
        &format!("/api/events/{id}/players/import"),
        &json!({"format": "csv", "data": "club\nx\n"}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    let p = arb
        .post_json(
            &format!("/api/events/{id}/players"),
            &json!({"name": "Late, Entry", "rating": 1500}),
        )
        .json();
    let late = p["id"].as_i64().unwrap();
    let p = arb
        .post_json(
            &format!("/api/events/{id}/players/{late}"),
            &json!({"name": "Late, Entry", "rating": "1510", "title": "CM"}),
        )
        .json();
    assert_eq!(p["rating"], 1510);
    assert_eq!(p["title"], "CM");
    assert_eq!(
        arb.post_json(&format!("/api/events/{id}/players"), &json!({"name": " "}))
            .status,
        422
    );
    let r = arb.post_json(
        &format!("/api/events/{id}/players"),
        &json!({"name": "Bad", "rating": 5000}),
    );
    assert_eq!(r.json()["field"], "rating");
    assert_eq!(
        arb.post_json(
            &format!("/api/events/{id}/players/{late}/remove"),
            &json!({})
        )
        .status,
        200
    );
    let k = keys_by_number(&mut arb, id);
    assert_eq!(k.len(), 10);

    // Forbidden pairs.
    assert_eq!(
        arb.post_json(
            &format!("/api/events/{id}/forbidden"),
            &json!({"a": k[0], "b": k[1]})
        )
        .status,
        200
    );
    assert_eq!(
        arb.get(&format!("/api/events/{id}/forbidden"))
            .json()
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert_eq!(
        arb.post_json(
            &format!("/api/events/{id}/forbidden/remove"),
            &json!({"a": k[0], "b": k[1]})
        )
        .status,
        200
    );
    assert_eq!(
        arb.get(&format!("/api/events/{id}/forbidden")).json(),
        json!([])
    );

    // Check-in: all present, then one absent; a requested bye for round 2.
    assert_eq!(
        arb.post_json(
            &format!("/api/events/{id}/players/present"),
            &json!({"present": true})
        )
        .status,
        200
    );
    let p = arb
        .post_json(
            &format!("/api/events/{id}/players/{}/present", k[9]),
            &json!({"present": false}),
        )
        .json();
    assert_eq!(p["present"], false);
    let r = arb.post_json(
        &format!("/api/events/{id}/players/{}/bye", k[8]),
        &json!({"round": 2, "kind": "half"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        arb.post_json(
            &format!("/api/events/{id}/players/{}/bye", k[8]),
            &json!({"round": 2, "kind": "lots"})
        )
        .status,
        422
    );

    // Pair round 1; asking again pairs once.
    let r1 = arb.post_json(&format!("/api/events/{id}/rounds/1/pair"), &json!({}));
    assert_eq!(r1.status, 200, "{}", r1.body);
    let r1 = r1.json();
    let again = arb
        .post_json(&format!("/api/events/{id}/rounds/1/pair"), &json!({}))
        .json();
    assert_eq!(r1, again);
    assert_eq!(
        arb.get(&format!("/api/events/{id}/rounds"))
            .json()
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let games = boards(&r1);
    assert_eq!(games.len(), 4, "9 present players: 4 boards and a bye");
    assert!(r1["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["black"].is_null()));

    // Refusals: the wrong round, missing results.
    let r = arb.post_json(&format!("/api/events/{id}/rounds/3/pair"), &json!({}));
    assert_eq!(
        (r.status, r.json()["reason"].clone()),
        (409, json!("wrong_round"))
    );
    let r = arb.post_json(&format!("/api/events/{id}/rounds/2/pair"), &json!({}));
    assert_eq!(r.status, 409);
    assert_eq!(r.json()["reason"], "missing_results");
    assert_eq!(
        arb.get(&format!("/api/events/{id}/rounds"))
            .json()
            .as_array()
            .unwrap()
            .len(),
        1
    );

    // The arbiter's edit before any result: a swap, with the checker's objections.
    let (w1, w2) = (
        games[0]["white"].as_i64().unwrap(),
        games[1]["white"].as_i64().unwrap(),
    );
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/1/swap"),
        &json!({"a": w1, "b": w2}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.json()["objections"].is_array());
    // Unpair and pair again.
    assert_eq!(
        arb.post_json(&format!("/api/events/{id}/rounds/1/unpair"), &json!({}))
            .status,
        200
    );
    assert_eq!(
        arb.get(&format!("/api/events/{id}/rounds")).json(),
        json!([])
    );
    let r1 = arb
        .post_json(&format!("/api/events/{id}/rounds/1/pair"), &json!({}))
        .json();
    let games = boards(&r1);

    // Results: a wrong value names its input; nothing is written.
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/1/results"),
        &json!({"results": {"1": "1-0", "2": "2-0"}}),
    );
    assert_eq!(r.status, 422);
    assert_eq!(r.json()["field"], "r2");
    assert!(arb.get(&format!("/api/events/{id}/rounds/1")).json()["games"][0]["result"].is_null());
    let b1 = games[0]["board"].as_u64().unwrap();
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/1/results"),
        &json!({"board": b1, "result": "1-0"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);

    // Now the round is closed for edits of its pairing.
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/1/swap"),
        &json!({"a": w1, "b": w2}),
    );
    assert_eq!(
        (r.status, r.json()["reason"].clone()),
        (409, json!("round_closed"))
    );
    let r = arb.post_json(&format!("/api/events/{id}/rounds/1/unpair"), &json!({}));
    assert_eq!(
        (r.status, r.json()["reason"].clone()),
        (409, json!("round_closed"))
    );

    // A player reports board 2 from a phone: anonymous, with its own CSRF token.
    let mut phone = app.client();
    let token = phone.get("/api/csrf").json()["csrf"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(phone.cookies.contains_key("arbiter_anon"));
    let code2 = games[1]["code"].as_str().unwrap().to_string();
    let b2 = games[1]["board"].as_u64().unwrap();
    let b3 = games[2]["board"].as_u64().unwrap();
    let r = phone.post_json(
        "/api/report",
        &json!({"code": code2, "board": b2, "result": "1/2"}),
    );
    assert_eq!(r.status, 403, "no CSRF token");
    phone.csrf = Some(token);
    let looked = phone.get(&format!("/api/report?code={code2}"));
    assert_eq!(looked.status, 200, "{}", looked.body);
    assert_eq!(looked.json()["board"], b2);
    assert!(looked.json()["white"]
        .as_str()
        .unwrap()
        .starts_with("Player"));
    // Another board's code does not open this board.
    let r = phone.post_json(
        "/api/report",
        &json!({"code": code2, "board": b3, "result": "1/2"}),
    );
    assert_eq!(
        (r.status, r.json()["reason"].clone()),
        (409, json!("bad_code"))
    );
    let r = phone.post_json("/api/report", &json!({"code": "ZZZZZZ", "result": "1/2"}));
    assert_eq!(r.status, 409);
    let r = phone.post_json(
        "/api/report",
        &json!({"code": code2, "board": b2, "result": "1F-0F"}),
    );
    assert_eq!(r.status, 422, "forfeits are the arbiter's");
    let r = phone.post_json(
        "/api/report",
        &json!({"code": code2, "board": b2, "result": "1/2"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let round = arb.get(&format!("/api/events/{id}/rounds/1")).json();
    let g2 = round["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["board"] == b2)
        .unwrap()
        .clone();
    assert!(g2["result"].is_null());
    assert_eq!(g2["reported"], "1/2");
    // The anonymous client cannot do an arbiter's action.
    assert_eq!(
        phone
            .post_json(&format!("/api/events/{id}/rounds/1/confirm"), &json!({}))
            .status,
        401
    );
    let r = arb.post_json(&format!("/api/events/{id}/rounds/1/confirm"), &json!({}));
    assert_eq!(r.json()["confirmed"], 1);
    // A confirmed board's code is refused.
    let r = phone.post_json(
        "/api/report",
        &json!({"code": code2, "board": b2, "result": "1-0"}),
    );
    assert_eq!(r.status, 409);

    // The other boards, then round 2.
    let mut rest = serde_json::Map::new();
    for g in &games[2..] {
        rest.insert(g["board"].to_string(), json!("0-1"));
    }
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/1/results"),
        &json!({ "results": rest }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r2 = arb.post_json(&format!("/api/events/{id}/rounds/2/pair"), &json!({}));
    assert_eq!(r2.status, 200, "{}", r2.body);
    let byes = arb.get(&format!("/api/events/{id}/byes")).json();
    assert!(byes
        .as_array()
        .unwrap()
        .iter()
        .any(|b| b["player"] == k[8] && b["round"] == 2 && b["kind"] == "half"));

    // Round 1 is closed: its pairing cannot change, a result cannot be removed, but corrected.
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/1/swap"),
        &json!({"a": w1, "b": w2}),
    );
    assert_eq!(
        (r.status, r.json()["reason"].clone()),
        (409, json!("round_closed"))
    );
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/1/results"),
        &json!({"board": b1, "result": null}),
    );
    assert_eq!(
        (r.status, r.json()["reason"].clone()),
        (409, json!("round_closed"))
    );
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/1/results"),
        &json!({"board": b1, "result": "0-1"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);

    // Standings after round 1 with the event's tie-breaks.
    let s = arb
        .get(&format!("/api/events/{id}/standings?after=1"))
        .json();
    assert_eq!(s["after_round"], 1);
    assert_eq!(s["tiebreak_codes"].as_array().unwrap().len(), 3);
    assert_eq!(s["rows"].as_array().unwrap().len(), 10);

    // Withdraw and reinstate.
    let p = arb
        .post_json(
            &format!("/api/events/{id}/players/{}/withdraw", k[7]),
            &json!({"from_round": 3}),
        )
        .json();
    assert_eq!(p["withdrawn_from"], 3);
    let p = arb
        .post_json(
            &format!("/api/events/{id}/players/{}/reinstate", k[7]),
            &json!({}),
        )
        .json();
    assert!(p["withdrawn_from"].is_null());

    // Player card, log, undo, exports.
    let card = arb
        .get(&format!("/api/events/{id}/players/{}/card", k[0]))
        .json();
    assert_eq!(card["rounds"].as_array().unwrap().len(), 2);
    // The engine's explanation in the request's language (as the page), its English beside.
    let card_path = format!("/api/events/{id}/players/{}/card", k[0]);
    arb.accept_language = Some("en".into());
    let en = arb.get(&card_path).json();
    arb.accept_language = Some("fr".into());
    let fr = arb.get(&card_path).json();
    arb.accept_language = None;
    let en_x = en["explanations"].as_object().unwrap();
    assert!(!en_x.is_empty(), "{en}");
    for (round, x) in en_x {
        let english = x["why_engine"].as_str().unwrap();
        let why_en = x["why"].as_str().unwrap();
        let why_fr = fr["explanations"][round]["why"].as_str().unwrap();
        assert_eq!(fr["explanations"][round]["why_engine"], english);
        assert!(!why_en.is_empty() && !why_fr.is_empty());
        assert_ne!(why_fr, why_en, "round {round}: {why_fr}");
        assert!(
            why_fr.contains("appari") || why_fr.contains("exempt"),
            "round {round}: {why_fr}"
        );
    }
    let log = arb.get(&format!("/api/events/{id}/log")).json();
    assert!(log.as_array().unwrap().len() > 5);
    let undone = arb.post_json(&format!("/api/events/{id}/undo"), &json!({}));
    assert_eq!(undone.status, 200, "{}", undone.body);
    assert_eq!(undone.json()["action"], "reinstate");
    let p = arb
        .get(&format!("/api/events/{id}/players/{}", k[7]))
        .json();
    assert_eq!(p["withdrawn_from"], 3);
    let trf = arb.get(&format!("/api/events/{id}/export.trf?format=trf16"));
    assert_eq!(trf.status, 200);
    assert!(trf.body.contains("012 Club open 2026"), "{}", trf.body);
    assert_eq!(
        arb.get(&format!("/api/events/{id}/export.trf?format=trf26"))
            .status,
        200
    );
    assert_eq!(
        arb.get(&format!("/api/events/{id}/export.trf?format=pdf"))
            .status,
        422
    );
    // Removing a player once round 1 is paired is refused.
    let r = arb.post_json(
        &format!("/api/events/{id}/players/{}/remove", k[0]),
        &json!({}),
    );
    assert_eq!(
        (r.status, r.json()["reason"].clone()),
        (409, json!("event_started"))
    );
}

#[test]
fn wrong_codes_are_rate_limited() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (id, round) = paired_event(&mut arb, json!({"name": "Blitz", "rounds": 3}), 4);
    let code = round["games"][0]["code"].as_str().unwrap().to_string();

    let mut phone = app.client();
    phone.csrf = Some(
        phone.get("/api/csrf").json()["csrf"]
            .as_str()
            .unwrap()
            .to_string(),
    );
    for i in 0..10 {
        let r = phone.post_json(
            "/api/report",
            &json!({"code": format!("WRONG{i}"), "result": "1-0"}),
        );
        assert_eq!(r.status, 409, "attempt {i}");
    }
    let r = phone.post_json("/api/report", &json!({"code": code, "result": "1-0"}));
    assert_eq!(r.status, 429);
    assert_eq!(phone.get(&format!("/api/report?code={code}")).status, 429);
    // Nothing was reported.
    let round = arb.get(&format!("/api/events/{id}/rounds/1")).json();
    assert!(round["games"][0]["reported"].is_null());
}

#[test]
fn backup_and_restore() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.post_json("/api/events", &json!({"name": "Kept"}));
    let backup = arb.get("/api/backup");
    assert_eq!(backup.status, 200);
    assert!(backup.bytes.starts_with(b"SQLite format 3\0"));
    arb.post_json("/api/events", &json!({"name": "Dropped by the restore"}));
    assert_eq!(arb.get("/api/events").json().as_array().unwrap().len(), 2);
    let r = arb.post_bytes("/api/restore", b"not a database");
    assert_eq!(r.status, 422, "{}", r.body);
    let r = arb.post_bytes("/api/restore", &backup.bytes);
    assert_eq!(r.status, 200, "{}", r.body);
    // The restored file's sessions are those of the backup, which had this one.
    let events = arb.get("/api/events").json();
    assert_eq!(events.as_array().unwrap().len(), 1, "{events}");
    assert_eq!(events[0]["settings"]["name"], "Kept");
}

#[test]
fn the_rating_list_is_loaded_searched_and_used_through_the_api() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let r = arb.get("/api/rating-list?q=levy");
    assert_eq!(r.status, 200);
    assert!(r.json()["source"].is_null());
    assert_eq!(r.json()["players"], json!([]));

    let xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<playerslist>\n\
        <player><fideid>20699001</fideid><name>Levy, Anne</name><country>FRA</country><sex>F</sex><title>WGM</title><rating>2312</rating><birthday>1994</birthday><flag>w</flag></player>\n\
        <player><fideid>20699003</fideid><name>Martin, Zo&#233;</name><country>FRA</country><sex>F</sex><title></title><rating>1710</rating><birthday>2001</birthday><flag>wi</flag></player>\n\
        </playerslist>\n";
    // Without the token: refused.
    let csrf = arb.csrf.take();
    assert_eq!(
        arb.post_bytes("/api/rating-list?name=list.xml", xml.as_bytes())
            .status,
        403
    );
    arb.csrf = csrf;
    let r = arb.post_bytes("/api/rating-list?name=list.xml", xml.as_bytes());
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["loaded"], 2);
    assert_eq!(r.json()["source"]["file_name"], "list.xml");
    assert_eq!(r.json()["source"]["players"], 2);
    let r = arb.get("/api/rating-list?q=zoe");
    let found = r.json()["players"].clone();
    assert_eq!(found.as_array().unwrap().len(), 1, "{}", r.body);
    assert_eq!(found[0]["name"], "Martin, Zoé");
    assert_eq!(found[0]["inactive"], true);
    assert_eq!(found[0]["fide_id"], 20699003);

    // A big TXT list (more than axum's usual 2 MB) goes through on this route.
    let rows: Vec<(String, String)> = (0..30_000)
        .map(|i| (format!("{}", 40_000_000 + i), format!("Player{i:05}, Test")))
        .collect();
    let list = crate::common::fide_txt(
        &rows
            .iter()
            .map(|(id, name)| {
                (
                    id.as_str(),
                    name.as_str(),
                    "ENG",
                    "M",
                    "",
                    "1500",
                    "1990",
                    "",
                )
            })
            .collect::<Vec<_>>(),
    );
    assert!(list.len() > 3 * 1024 * 1024, "{}", list.len());
    let r = arb.post_bytes(
        "/api/rating-list?name=players_list_foa.txt",
        list.as_bytes(),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["loaded"], 30_000);
    // The new list replaced the old one.
    assert_eq!(
        arb.get("/api/rating-list?q=zoe").json()["players"],
        json!([])
    );
    let r = arb.get("/api/rating-list?q=40012345");
    assert_eq!(r.json()["players"][0]["name"], "Player12345, Test");

    // A player of the list registered by FIDE id.
    let e = arb.post_json("/api/events", &json!({"name": "Open", "rounds": 5}));
    let id = e.json()["id"].as_i64().unwrap();
    let r = arb.post_json(
        &format!("/api/events/{id}/players/fide"),
        &json!({"fide_id": 40012345}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["name"], "Player12345, Test");
    assert_eq!(r.json()["rating"], 1500);
    assert_eq!(r.json()["federation"], "ENG");
    let r = arb.post_json(
        &format!("/api/events/{id}/players/fide"),
        &json!({"fide_id": 1}),
    );
    assert_eq!(r.status, 422);
    assert_eq!(r.json()["field"], "fide_id");
    // An empty body or a damaged ZIP archive: 422.
    assert_eq!(arb.post_bytes("/api/rating-list", b"").status, 422);
    let r = arb.post_bytes("/api/rating-list?name=list.zip", b"PK\x03\x04rest");
    assert_eq!(r.status, 422);
    assert!(r.body.contains("ZIP"));
    let r = arb.post_bytes(
        "/api/rating-list?name=list.zip",
        &crate::common::zipped("readme.pdf", b"%PDF", true),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    // FIDE's download as it comes: a ZIP holding the XML (deflated).
    let zip = crate::common::zipped("players_list_xml_foa.xml", xml.as_bytes(), true);
    let r = arb.post_bytes("/api/rating-list?name=players_list_xml.zip", &zip);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["loaded"], 2);
    assert_eq!(r.json()["source"]["file_name"], "players_list_xml.zip");
    let r = arb.get("/api/rating-list?q=zoe");
    assert_eq!(r.json()["players"][0]["name"], "Martin, Zoé");
}

/// A Swiss event's rules are one of FIDE's individual Swiss systems (issue 21 §3): the round is
/// paired by it, and Lim takes no Baku acceleration on request.
#[test]
fn a_swiss_event_chooses_its_system() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (id, round) = paired_event(
        &mut arb,
        json!({"name": "Open", "rounds": 5, "swiss_system": "burstein"}),
        9,
    );
    assert_eq!(round["games"].as_array().unwrap().len(), 5, "{round}");
    let e = arb.get(&format!("/api/events/{id}")).json();
    assert_eq!(e["settings"]["swiss_system"], "burstein", "{e}");
    let trf = arb.get(&format!("/events/{id}/export.trf")).body;
    assert!(trf.contains("FIDE_BURSTEIN"), "{trf}");

    let r = arb.post_json(
        "/api/events",
        &json!({"name": "Lim", "rounds": 5, "swiss_system": "lim", "baku": true}),
    );
    assert_eq!((r.status, r.json()["field"].clone()), (422, json!("baku")));
    let r = arb.post_json(
        "/api/events",
        &json!({"name": "X", "rounds": 5, "swiss_system": "monrad"}),
    );
    assert_eq!(
        (r.status, r.json()["field"].clone()),
        (422, json!("swiss_system"))
    );
}
