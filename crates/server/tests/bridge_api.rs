//! The bridge part of the JSON API: every action of a session, and the refusals (no login, no
//! CSRF token, an unknown table code, a board not at that table), each writing nothing; two
//! devices entering one line differently end as one line and a conflict the director settles;
//! a missing line keeps the ranking provisional until the director resolves it.

use serde_json::{json, Value};

use crate::common::{App, Client};

/// A 3-table Mitchell, 2 boards a round (3 rounds, 6 boards, 18 lines).
pub fn small_session(arb: &mut Client) -> i64 {
    let r = arb.post_json(
        "/api/bridge/sessions",
        &json!({"name": "Tournoi du mardi", "club": "BC Test", "date": "2025-03-04",
                "tables": 3, "movement": "mitchell", "boards_per_round": 2}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()["id"].as_i64().unwrap()
}

/// Table number → code.
pub fn codes(arb: &mut Client, id: i64) -> Vec<(u64, String)> {
    let r = arb.get(&format!("/api/bridge/sessions/{id}/codes"));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["table"].as_u64().unwrap(),
                c["code"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// A phone: an anonymous client with its CSRF token (and the cookie that goes with it).
pub fn phone(app: &App) -> Client {
    let mut p = app.client();
    let r = p.get("/api/csrf");
    p.csrf = Some(r.json()["csrf"].as_str().unwrap().to_string());
    p
}

fn line(lines: &Value, board: u64, ns: u64, ew: u64) -> &Value {
    lines["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["board"] == board && l["ns"] == ns && l["ew"] == ew)
        .unwrap_or_else(|| panic!("no line {board} {ns}-{ew}"))
}

pub const DEAL: &str = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432";

#[test]
fn sessions_settings_pairs_deals_and_refusals() {
    let app = App::start(false);
    let mut anon = app.client();
    assert_eq!(anon.get("/api/bridge/sessions").status, 401);
    let r = anon.post_json("/api/bridge/sessions", &json!({"name": "x", "tables": 3}));
    assert_eq!(
        r.status, 401,
        "no login session: 401 before the token is looked at"
    );

    let mut arb = app.arbiter();
    let csrf = arb.csrf.take();
    let r = arb.post_json("/api/bridge/sessions", &json!({"name": "x", "tables": 3}));
    assert_eq!(r.status, 403);
    assert_eq!(r.json()["error"], "csrf");
    arb.csrf = csrf;
    assert_eq!(arb.get("/api/bridge/sessions").json(), json!([]));

    // Wrong values name their field.
    let r = arb.post_json("/api/bridge/sessions", &json!({"name": "", "tables": 3}));
    assert_eq!(r.status, 422);
    assert_eq!(r.json()["field"], "name");
    let r = arb.post_json(
        "/api/bridge/sessions",
        &json!({"name": "x", "tables": 7, "scoring": "nope"}),
    );
    assert_eq!(r.json()["field"], "scoring");
    assert_eq!(arb.get("/api/bridge/sessions").json(), json!([]));

    // The movement is suggested from the table count.
    let r = arb.post_json(
        "/api/bridge/sessions",
        &json!({"name": "Howell", "tables": 5}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["settings"]["movement"], "howell");
    let howell = r.json()["id"].as_i64().unwrap();
    let m = arb
        .get(&format!("/api/bridge/sessions/{howell}/movement"))
        .json();
    assert_eq!(m["kind"], "howell");
    assert_eq!(m["rounds"].as_array().unwrap().len(), 9);

    let id = small_session(&mut arb);
    let s = arb.get(&format!("/api/bridge/sessions/{id}")).json();
    assert_eq!(s["settings"]["club"], "BC Test");
    let r = arb.post_json(
        &format!("/api/bridge/sessions/{id}"),
        &json!({"director": "M. Arbitre", "scoring": "mp1", "average_plus": 60, "public": false}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["settings"]["director"], "M. Arbitre");
    assert_eq!(r.json()["settings"]["scoring"], "mp1");
    assert_eq!(r.json()["settings"]["public"], false);
    assert_eq!(r.json()["settings"]["tables"], 3);
    assert_eq!(codes(&mut arb, id).len(), 3);

    // Pairs: one at a time, a list, or a member CSV.
    let r = arb.post_json(
        &format!("/api/bridge/sessions/{id}/pairs"),
        &json!({"number": 1, "name1": "Martin", "name2": "Durand", "club": "BC"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = arb.post_json(
        &format!("/api/bridge/sessions/{id}/pairs"),
        &json!([{"number": 2, "name1": "Petit", "name2": "Moreau"}, {"number": 4, "name1": "Roux", "name2": "Blanc"}]),
    );
    let pairs = r.json();
    assert_eq!(pairs.as_array().unwrap().len(), 6);
    assert_eq!(pairs[1]["name1"], "Petit");
    let r = arb.post_json(
        &format!("/api/bridge/sessions/{id}/pairs"),
        &json!({"number": 99, "name1": "Nobody"}),
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(r.json()["reason"], "no_such_pair");
    let r = arb.post_json(
        &format!("/api/bridge/sessions/{id}/pairs/import"),
        &json!({"data": "numéro;joueur 1;joueur 2;club\n5;Leroy;Garnier;BC\n6;Faure;Girard;BC\n", "file": "membres.csv"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["imported"], 2);
    let pairs = arb.get(&format!("/api/bridge/sessions/{id}/pairs")).json();
    assert_eq!(pairs[5]["name2"], "Girard");

    // Hand records from PBN.
    let pbn =
        format!("[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{DEAL}\"]\n\n");
    let r = arb.post_json(
        &format!("/api/bridge/sessions/{id}/deals"),
        &json!({"data": pbn, "file": "donnes.pbn"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["deals"], 1);
    let deals = arb.get(&format!("/api/bridge/sessions/{id}/deals")).json();
    assert_eq!(deals[0]["board"], 1);
    let r = arb.post_json(
        &format!("/api/bridge/sessions/{id}/deals"),
        &json!({"data": "[Board \"1\"]\n[Deal \"N:AKQ\"]\n", "file": "bad.pbn"}),
    );
    assert_eq!(r.status, 422, "{}", r.body);

    // Once a line is in, the movement can no longer change.
    let r = arb.post_json(
        &format!("/api/bridge/sessions/{id}/lines"),
        &json!({"board": 1, "ns": 1, "ew": 4, "contract": "3NT", "declarer": "N", "result": "="}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = arb.post_json(&format!("/api/bridge/sessions/{id}"), &json!({"tables": 4}));
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(r.json()["reason"], "session_started");
    assert_eq!(
        arb.get(&format!("/api/bridge/sessions/{id}")).json()["settings"]["tables"],
        3
    );
    let log = arb.get(&format!("/api/bridge/sessions/{id}/log")).json();
    assert!(!log.as_array().unwrap().is_empty());

    let r = arb.post_json(&format!("/api/bridge/sessions/{howell}/delete"), &json!({}));
    assert_eq!(r.status, 200);
    assert_eq!(
        arb.get(&format!("/api/bridge/sessions/{howell}")).status,
        404
    );
}

#[test]
fn tables_enter_confirm_conflicts_and_the_director() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let id = small_session(&mut arb);
    let codes = codes(&mut arb, id);
    let code1 = codes[0].1.clone();

    // The table's round: its pairs and boards.
    let mut north = phone(&app);
    let t = north.get(&format!("/api/bridge/tables/{code1}"));
    assert_eq!(t.status, 200, "{}", t.body);
    let t = t.json();
    assert_eq!(t["table"], 1);
    assert_eq!(t["round"], 1);
    let (ns, ew) = (
        t["ns"]["number"].as_u64().unwrap(),
        t["ew"]["number"].as_u64().unwrap(),
    );
    let boards: Vec<u64> = t["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_u64().unwrap())
        .collect();
    assert_eq!(boards.len(), 2);
    let b = boards[0];

    // Refusals: an unknown code, a board not at the table, no CSRF token, a wrong contract.
    let r = north.get("/api/bridge/tables/NOPE42");
    assert_eq!(r.status, 409);
    assert_eq!(r.json()["reason"], "bad_code");
    let entry = json!({"round": 1, "board": b, "contract": "3NT", "declarer": "N", "lead": "SA", "result": "=", "device": "phone-a"});
    let other_board = (1..=6).find(|x| !boards.contains(x)).unwrap();
    let mut wrong = entry.clone();
    wrong["board"] = json!(other_board);
    let r = north.post_json(&format!("/api/bridge/tables/{code1}/enter"), &wrong);
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(r.json()["reason"], "not_this_table");
    let mut stranger = app.client();
    let r = stranger.post_json(&format!("/api/bridge/tables/{code1}/enter"), &entry);
    assert_eq!(r.status, 403);
    let mut bad = entry.clone();
    bad["contract"] = json!("8NT");
    let r = north.post_json(&format!("/api/bridge/tables/{code1}/enter"), &bad);
    assert_eq!(r.status, 422);
    assert_eq!(r.json()["field"], "contract");
    let lines = arb.get(&format!("/api/bridge/sessions/{id}/lines")).json();
    assert_eq!(lines["missing"], 18);

    // North enters: the score is shown; the same entry again changes nothing.
    let r = north.post_json(&format!("/api/bridge/tables/{code1}/enter"), &entry);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["outcome"], "stored");
    let stored = r.json()["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["board"] == b)
        .unwrap()
        .clone();
    assert_eq!(stored["status"], "entered");
    assert!(stored["score_ns"].is_i64());
    let r = north.post_json(&format!("/api/bridge/tables/{code1}/enter"), &entry);
    assert_eq!(r.json()["outcome"], "unchanged");

    // A second device enters something else: one line, and a conflict.
    let mut east = phone(&app);
    let mut other = entry.clone();
    other["device"] = json!("phone-b");
    other["result"] = json!("+1");
    let r = east.post_json(&format!("/api/bridge/tables/{code1}/enter"), &other);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["outcome"], "conflict");
    assert_eq!(r.json()["conflict"], true);
    let lines = arb.get(&format!("/api/bridge/sessions/{id}/lines")).json();
    let l = line(&lines, b, ns, ew);
    assert_eq!(l["entry"]["tricks"], 9);
    assert_eq!(l["conflict"], true);
    assert_eq!(
        lines["lines"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|x| x["board"] == b && x["ns"] == ns)
            .count(),
        1
    );
    let conflicts = arb
        .get(&format!("/api/bridge/sessions/{id}/conflicts"))
        .json();
    assert_eq!(conflicts.as_array().unwrap().len(), 1);
    assert_eq!(conflicts[0]["other"]["tricks"], 10);
    let cid = conflicts[0]["id"].as_i64().unwrap();

    // East-West confirm; the director takes the other version.
    let r = east.post_json(
        &format!("/api/bridge/tables/{code1}/confirm"),
        &json!({"round": 1, "board": b}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = arb.post_json(
        &format!("/api/bridge/sessions/{id}/conflicts/{cid}/resolve"),
        &json!({"take_other": true}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json(), json!([]));
    let lines = arb.get(&format!("/api/bridge/sessions/{id}/lines")).json();
    assert_eq!(line(&lines, b, ns, ew)["entry"]["tricks"], 10);
    assert_eq!(line(&lines, b, ns, ew)["conflict"], false);

    // The ranking is provisional while lines are missing.
    let r = arb
        .get(&format!("/api/bridge/sessions/{id}/ranking"))
        .json();
    assert_eq!(r["provisional"], true);
    assert_eq!(r["missing"].as_array().unwrap().len(), 17);
    assert_eq!(r["field"], "two");

    // The director: an entry, an adjusted score, a line cleared, a refusal.
    let all = arb.get(&format!("/api/bridge/sessions/{id}/lines")).json();
    let missing: Vec<(u64, u64, u64)> = all["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["status"] == "missing")
        .map(|l| {
            (
                l["board"].as_u64().unwrap(),
                l["ns"].as_u64().unwrap(),
                l["ew"].as_u64().unwrap(),
            )
        })
        .collect();
    let (b1, n1, e1) = missing[0];
    let r = arb.post_json(
        &format!("/api/bridge/sessions/{id}/adjust"),
        &json!({"board": b1, "ns": n1, "ew": e1, "kind": "artificial", "art_ns": "A+", "art_ew": "A-"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["status"], "adjusted");
    let r = arb.post_json(
        &format!("/api/bridge/sessions/{id}/adjust"),
        &json!({"board": b1, "ns": n1, "ew": e1, "kind": "weighted", "weighted": "620@70%;-100@20%"}),
    );
    assert_eq!(r.status, 422, "weights must add up to 100 %");
    let r = arb.post_json(
        &format!("/api/bridge/sessions/{id}/clear"),
        &json!({"board": b1, "ns": n1, "ew": e1}),
    );
    assert_eq!(r.json()["status"], "missing");
    let r = arb.post_json(
        &format!("/api/bridge/sessions/{id}/lines"),
        &json!({"board": b1, "ns": n1, "ew": n1, "contract": "PASS"}),
    );
    assert!(r.status >= 400, "{}", r.body);
    // A table can no longer change a line the director settled.
    for &(bb, nn, ee) in &missing {
        let r = arb.post_json(
            &format!("/api/bridge/sessions/{id}/lines"),
            &json!({"board": bb, "ns": nn, "ew": ee, "contract": "4S", "declarer": "S", "tricks": 10}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let r = arb
        .get(&format!("/api/bridge/sessions/{id}/ranking"))
        .json();
    assert_eq!(r["provisional"], false);
    assert_eq!(r["ranking"].as_array().unwrap().len(), 6);
    let settled = all["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["table"] == 1 && l["round"] == 1 && l["board"] != b)
        .unwrap();
    let mut late = entry.clone();
    late["board"] = settled["board"].clone();
    let r = north.post_json(&format!("/api/bridge/tables/{code1}/enter"), &late);
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(r.json()["reason"], "result_confirmed");

    // Exports.
    let pbn = arb.get(&format!("/api/bridge/sessions/{id}/export.pbn"));
    assert_eq!(pbn.status, 200);
    assert!(pbn.body.contains("[Board \"1\"]") && pbn.body.contains("ScoreTable"));
    let xml = arb.get(&format!("/api/bridge/sessions/{id}/export.xml"));
    assert_eq!(xml.status, 200);
    assert!(
        xml.body.contains("<USEBIO"),
        "{}",
        &xml.body[..200.min(xml.body.len())]
    );
    let page = arb.get(&format!("/api/bridge/sessions/{id}/export.html"));
    assert_eq!(page.status, 200);
    assert!(page.body.contains("id=\"ranking-ns\"") && page.body.contains("id=\"card-1\""));
    assert!(!page.body.contains("<script") && !page.body.contains("csrf"));
    let mut anon = app.client();
    assert_eq!(
        anon.get(&format!("/api/bridge/sessions/{id}/export.pbn"))
            .status,
        401
    );
}

#[test]
fn wrong_table_codes_are_rate_limited() {
    let app = App::start(false);
    let mut p = phone(&app);
    for _ in 0..10 {
        assert_eq!(p.get("/api/bridge/tables/ZZZZZZ").status, 409);
    }
    let r = p.get("/api/bridge/tables/ZZZZZZ");
    assert_eq!(r.status, 429);
    assert_eq!(r.json()["reason"], "rate_limited");
}
