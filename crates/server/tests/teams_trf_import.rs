//! A team event created from a TRF-2026 team file: the file another event exported gives the
//! same teams, rosters in board order and settings (the played rounds come too:
//! `teams_trf_rounds.rs`), through the API and the pages; a bad file is refused at its line and
//! column.

use serde_json::{json, Value};

use crate::common::{csrf_in, App, Client};

/// 6 teams of 5 players (4 boards and a reserve), with titles, federations and FIDE ids; the
/// board column lists each team's players out of file order.
fn rosters() -> String {
    let mut csv = String::from("équipe;échiquier;nom;elo;id fide;fédération;titre\n");
    for t in 0..6 {
        for b in (0..5).rev() {
            let title = if b == 0 && t % 2 == 0 { "IM" } else { "" };
            let fed = if t < 3 { "FRA" } else { "ESP" };
            csv.push_str(&format!(
                "Club {t};{};Joueur {t}-{b};{};{};{fed};{title}\n",
                b + 1,
                2300 - 35 * t - 15 * b,
                600_000 + 10 * t + b
            ));
        }
    }
    csv
}

/// Pairs the next round and enters a result on every board.
fn play_round(arb: &mut Client, id: i64, salt: usize) {
    let r = arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let round = r.json();
    let n = round["round"].as_u64().unwrap();
    let mut results = Vec::new();
    for (k, m) in round["matches"].as_array().unwrap().iter().enumerate() {
        for b in m["boards"].as_array().unwrap() {
            let board = b["board"].as_u64().unwrap() as usize;
            let code = ["1-0", "½", "0-1"][(k + board + salt) % 3];
            results.push(json!({ "match": m["number"], "board": board, "result": code }));
        }
    }
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/{n}/results"),
        &json!({ "results": results }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
}

/// A Swiss Team event (Type B, game points first, 3/1/0) with two rounds played; its TRF-2026
/// file.
fn exported_event(arb: &mut Client) -> (i64, String) {
    let r = arb.post_json(
        "/api/teams/events",
        &json!({ "name": "Open des clubs", "rounds": 5, "boards": 4, "match_points": "3/1/0",
                 "preferences": "b", "primary": "gp", "initial_color": "b" }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/teams/import"),
        &json!({ "data": rosters() }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    play_round(arb, id, 0);
    play_round(arb, id, 1);
    let r = arb.get(&format!("/api/teams/events/{id}/export.trf"));
    assert_eq!(r.status, 200);
    assert!(r.body.contains("\n310 "), "{}", r.body);
    (id, r.body)
}

/// Each team's number, name and roster (name, rating, title, federation, FIDE id) in board order.
fn registration(arb: &mut Client, id: i64) -> Vec<Value> {
    let teams = arb.get(&format!("/api/teams/events/{id}/teams")).json();
    teams
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let roster: Vec<Value> = t["roster"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| {
                    json!([
                        m["board"],
                        m["name"],
                        m["rating"],
                        m["title"],
                        m["federation"],
                        m["fide_id"]
                    ])
                })
                .collect();
            json!({ "number": t["number"], "name": t["name"], "roster": roster })
        })
        .collect()
}

#[test]
fn an_exported_team_file_creates_the_same_event_through_the_api() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (old, file) = exported_event(&mut arb);
    let r = arb.post_json("/api/teams/events/import", &json!({ "data": file }));
    assert_eq!(r.status, 200, "{}", r.body);
    let answer = r.json();
    assert_eq!(
        (
            &answer["teams"],
            &answer["players"],
            &answer["rounds_in_file"]
        ),
        (&json!(6), &json!(30), &json!(2))
    );
    let new = answer["event"]["id"].as_i64().unwrap();
    assert_ne!(new, old);
    let before = registration(&mut arb, old);
    assert_eq!(before.len(), 6);
    assert_eq!(before[0]["roster"][0][1], "Joueur 0-0");
    assert_eq!(registration(&mut arb, new), before);
    let (a, b) = (
        arb.get(&format!("/api/teams/events/{old}")).json(),
        arb.get(&format!("/api/teams/events/{new}")).json(),
    );
    for key in [
        "name",
        "rounds",
        "boards",
        "system",
        "match_points",
        "preferences",
        "primary",
        "initial_white",
    ] {
        assert_eq!(a[key], b[key], "{key}");
    }
    // The file's two rounds come with it: the new event pairs round 3.
    assert_eq!(b["rounds_paired"], 2);
    let r = arb.post_json(&format!("/api/teams/events/{new}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["round"], 3);

    // A roster naming a start number no player has: refused at the record, nothing created.
    let line = file.lines().position(|l| l.starts_with("310")).unwrap() + 1;
    let first_310 = file.lines().nth(line - 1).unwrap();
    let broken = format!("{}9999", &first_310[..first_310.len() - 4]);
    let bad = file.replace(first_310, &broken);
    let events = arb
        .get("/api/teams/events")
        .json()
        .as_array()
        .unwrap()
        .len();
    let r = arb.post_json("/api/teams/events/import", &json!({ "data": bad }));
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body.contains(&format!("line {line}, column")),
        "{line}: {}",
        r.body
    );
    // An individual tournament's file is not a team file.
    let individual: String = file
        .lines()
        .filter(|l| !l.starts_with("310"))
        .map(|l| format!("{l}\n"))
        .collect();
    let r = arb.post_json("/api/teams/events/import", &json!({ "data": individual }));
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("line 1, column 1"), "{}", r.body);
    // A penalty (TRF-2026 `299`) has no place in a team event here: refused at its line,
    // never dropped on the way in.
    let penalised = format!("{file}299    -1.0        002 0001\n");
    let line = penalised.lines().count();
    let r = arb.post_json("/api/teams/events/import", &json!({ "data": penalised }));
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body.contains(&format!("line {line}, column 1"))
            && r.body.contains("without 299 records"),
        "{line}: {}",
        r.body
    );
    // A team out of its roster's board order (`300`) would be read in roster order: refused.
    let out_of_order = format!("{file}300   1   1   2    2    1\n");
    let line = out_of_order.lines().count();
    let r = arb.post_json("/api/teams/events/import", &json!({ "data": out_of_order }));
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body.contains(&format!("line {line}, column 1"))
            && r.body.contains("without 300 records"),
        "{line}: {}",
        r.body
    );
    assert_eq!(
        arb.get("/api/teams/events")
            .json()
            .as_array()
            .unwrap()
            .len(),
        events
    );
}

#[test]
fn the_pages_create_an_event_from_a_team_file_and_import_one_into_an_event() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (old, file) = exported_event(&mut arb);
    let page = arb.get("/teams");
    assert!(
        page.body.contains("id=\"team-from-trf-form\""),
        "{}",
        page.body
    );
    let token = csrf_in(&page.body);
    assert_eq!(
        arb.post_form("/teams/import", &[("data", file.as_str())])
            .status,
        403
    );
    // A browser's textarea sends CRLF line ends.
    let crlf = file.replace('\n', "\r\n");
    let r = arb.post_form(
        "/teams/import",
        &[("csrf", token.as_str()), ("data", crlf.as_str())],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let to = r.location.unwrap();
    let new: i64 = to.split('/').nth(2).unwrap().parse().unwrap();
    let page = arb.get(&to);
    assert!(page.body.contains("Open des clubs"), "{}", page.body);
    assert!(page.body.contains("Joueur 5-4"), "{}", page.body);
    assert_eq!(registration(&mut arb, new), registration(&mut arb, old));

    // The teams page's import takes the same file into an event created by hand.
    let r = arb.post_form(
        "/teams",
        &[
            ("csrf", token.as_str()),
            ("name", "Copie"),
            ("rounds", "5"),
            ("boards", "4"),
        ],
    );
    let to = r.location.unwrap();
    let copy: i64 = to.split('/').nth(2).unwrap().parse().unwrap();
    let bad = file.replace("352 WBWB", "352 WBWW");
    let r = arb.post_form(
        &format!("/teams/{copy}/import"),
        &[("csrf", token.as_str()), ("data", bad.as_str())],
    );
    assert_eq!(r.status, 422, "{}", r.body);
    let line = file.lines().position(|l| l.starts_with("352")).unwrap() + 1;
    assert!(
        r.body
            .contains(&format!("Fichier, ligne {line}, colonne 5")),
        "{}",
        r.body
    );
    let r = arb.post_form(
        &format!("/teams/{copy}/import"),
        &[("csrf", token.as_str()), ("data", file.as_str())],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(registration(&mut arb, copy), registration(&mut arb, old));
}
