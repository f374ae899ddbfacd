//! Team events through the JSON API: a 6-team, 4-board round robin and an 8-team, 3-round
//! Swiss Team event from the CSV import to the standings and the TRF-2026 file; lineups,
//! forfeits and a stale form refused; login and CSRF on every write.

use serde_json::{json, Value};

use crate::common::{App, Client};

fn rosters(teams: usize) -> String {
    let mut csv = String::from("Équipe;Échiquier;Nom;Elo\n");
    for t in 0..teams {
        for b in 0..5 {
            csv.push_str(&format!(
                "Club {t};{};Joueur {t}-{b};{}\n",
                b + 1,
                2200 - 40 * t - 10 * b
            ));
        }
    }
    csv
}

/// Creates the event and imports its rosters; its id.
pub(crate) fn create(arb: &mut Client, settings: Value, teams: usize) -> i64 {
    let r = arb.post_json("/api/teams/events", &settings);
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/teams/import"),
        &json!({ "data": rosters(teams) }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json(), json!({ "teams": teams, "players": teams * 5 }));
    id
}

/// Pairs the next round and enters a result on every board (a board forfeit on the first
/// match's last board); the round as paired.
pub(crate) fn play_round(arb: &mut Client, id: i64, salt: usize) -> Value {
    let r = arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let round = r.json();
    let n = round["round"].as_u64().unwrap();
    let mut results = Vec::new();
    for (k, m) in round["matches"].as_array().unwrap().iter().enumerate() {
        for b in m["boards"].as_array().unwrap() {
            let board = b["board"].as_u64().unwrap() as usize;
            let code = if k == 0 && board == 4 {
                "-+"
            } else {
                ["1-0", "½", "0-1"][(k + board + salt) % 3]
            };
            results.push(json!({ "match": m["number"], "board": board, "result": code }));
        }
    }
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/{n}/results"),
        &json!({ "results": results }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    round
}

/// The standings and the exported file agree: every team's line in the file carries the
/// standings' match points, game points and rank.
fn check_standings_and_file(arb: &mut Client, id: i64, teams: usize, rounds: u64) {
    let s = arb.get(&format!("/api/teams/events/{id}/standings")).json();
    assert_eq!(s["after"], rounds);
    let rows = s["rows"].as_array().unwrap();
    assert_eq!(rows.len(), teams);
    let r = arb.get(&format!("/api/teams/events/{id}/export.trf"));
    assert_eq!(r.status, 200);
    let file = tournament::trf::read(&r.body).unwrap_or_else(|e| panic!("{e:?}"));
    for row in rows {
        let number = row["number"].as_u64().unwrap() as u32;
        let team = file.teams.iter().find(|t| t.id == Some(number)).unwrap();
        assert_eq!(team.name, row["name"].as_str().unwrap());
        assert_eq!(
            team.match_points.unwrap().to_string(),
            format!("{}.0", row["match_points"].as_str().unwrap())
        );
        assert_eq!(
            team.game_points.unwrap().to_string(),
            row["game_points"].as_str().unwrap()
        );
        assert_eq!(team.rank, row["rank"].as_u64().map(|r| r as u32));
    }
}

#[test]
fn a_round_robin_of_six_teams_through_the_api() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let id = create(
        &mut arb,
        json!({ "name": "Interclubs", "system": "round_robin", "boards": 4,
                "match_points": "3/1/0", "tiebreaks": "EDE,SB" }),
        6,
    );
    let teams = arb.get(&format!("/api/teams/events/{id}/teams")).json();
    assert_eq!(teams[0]["name"], "Club 0");
    assert_eq!(teams[0]["roster"].as_array().unwrap().len(), 5);
    for k in 0..5 {
        let round = play_round(&mut arb, id, k);
        assert_eq!(round["matches"].as_array().unwrap().len(), 3);
    }
    let r = arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 409, "{}", r.body);
    let round = arb.get(&format!("/api/teams/events/{id}/rounds/1")).json();
    let first = &round["matches"][0]["score"];
    // 3/1/0: a finished match gives 3 and 0, or 1 and 1.
    let mp = (
        first["white_match_points"].as_u64().unwrap(),
        first["black_match_points"].as_u64().unwrap(),
    );
    assert!([(3, 0), (0, 3), (1, 1)].contains(&mp), "{mp:?}");
    check_standings_and_file(&mut arb, id, 6, 5);
}

#[test]
fn a_swiss_team_event_of_eight_teams_through_the_api() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let id = create(
        &mut arb,
        json!({ "name": "Team Open", "rounds": 3, "boards": 4, "tiebreaks": "EDE,BC" }),
        8,
    );
    // The captain's lineup for round 1: the reserve on board 4, with the page's version.
    let r = arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
    let round = r.json();
    let version = r.etag.clone().unwrap();
    let m = &round["matches"][0];
    let team = m["white_team"].as_i64().unwrap();
    let teams = arb.get(&format!("/api/teams/events/{id}/teams")).json();
    let roster = crate::teams_pages::roster(&teams, team);
    let lineup: Vec<Value> = [0, 1, 2, 4]
        .iter()
        .map(|&k| roster[k]["id"].clone())
        .collect();
    let body = json!({ "match": m["number"], "team": team, "members": lineup });
    let r = arb.post_json_if_match(
        &format!("/api/teams/events/{id}/rounds/1/lineups"),
        &body,
        &version,
    );
    assert_eq!(r.status, 200, "{}", r.body);
    // The same form sent again from the old page: someone changed the lineup meanwhile.
    let r = arb.post_json_if_match(
        &format!("/api/teams/events/{id}/rounds/1/lineups"),
        &body,
        &version,
    );
    assert_eq!(r.status, 409, "{}", r.body);
    // A result code the grid does not know writes nothing.
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/1/results"),
        &json!({ "results": [{ "match": 1, "board": 1, "result": "x" }] }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    let round1 = arb.get(&format!("/api/teams/events/{id}/rounds/1")).json();
    assert_eq!(round1["matches"][0]["boards"][3]["black"], roster[4]["id"]);
    assert!(round1["matches"][0]["boards"][0]["result"].is_null());
    // Results for round 1, then two more rounds.
    let mut results = Vec::new();
    for m in round1["matches"].as_array().unwrap() {
        for b in 1..=4 {
            results.push(json!({ "match": m["number"], "board": b, "result": "1/2" }));
        }
    }
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/1/results"),
        &json!({ "results": results }),
    );
    assert_eq!(r.json()["written"], 16);
    for k in 0..2 {
        play_round(&mut arb, id, k);
    }
    check_standings_and_file(&mut arb, id, 8, 3);
    let log = arb.get(&format!("/api/teams/events/{id}/log")).json();
    assert!(log
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["action"] == "lineup"));
}

#[test]
fn team_writes_need_the_login_and_the_csrf_token() {
    let app = App::start(false);
    let mut anon = app.client();
    assert_eq!(anon.get("/api/teams/events").status, 401);
    let r = anon.post_json(
        "/api/teams/events",
        &json!({ "name": "X", "rounds": 3, "boards": 4 }),
    );
    assert!(r.status == 401 || r.status == 403, "{}", r.body);
    let mut arb = app.arbiter();
    let token = arb.csrf.take();
    let r = arb.post_json(
        "/api/teams/events",
        &json!({ "name": "X", "rounds": 3, "boards": 4 }),
    );
    assert_eq!(r.status, 403, "{}", r.body);
    arb.csrf = token;
    assert_eq!(arb.get("/api/teams/events").json(), json!([]));
    // Bad values are named.
    let r = arb.post_json(
        "/api/teams/events",
        &json!({ "name": "X", "rounds": 3, "boards": 40 }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    let r = arb.post_json(
        "/api/teams/events",
        &json!({ "name": "X", "rounds": 3, "boards": 4, "match_points": "2/2/0" }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    let r = arb.post_json(
        "/api/teams/events",
        &json!({ "name": "X", "rounds": 3, "boards": 4 }),
    );
    let id = r.json()["id"].as_i64().unwrap();
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/teams/import"),
        &json!({ "data": "team;name;elo\nA;B;abc\n" }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("line 2, column 5"), "{}", r.body);
    assert_eq!(
        arb.get(&format!("/api/teams/events/{id}/teams")).json(),
        json!([])
    );
}

/// The arbiter's pages: the creation form, the rosters' import, pairing, the result grid, the
/// match sheet and the standings, in both languages; every form needs the page's token.
#[test]
fn a_team_event_through_the_pages() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let page = arb.get("/teams");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("id=\"team-new-form\""));
    let token = crate::common::csrf_in(&page.body);
    let fields = [
        ("name", "Interclubs <Loire>"),
        ("system", "round_robin"),
        ("rounds", ""),
        ("boards", "4"),
        ("match_points", "2/1/0"),
        ("tiebreaks", "EDE,SB"),
    ];
    assert_eq!(arb.post_form("/teams", &fields).status, 403);
    let mut with_token = vec![("csrf", token.as_str())];
    with_token.extend(fields);
    let r = arb.post_form("/teams", &with_token);
    assert_eq!(r.status, 303, "{}", r.body);
    let to = r.location.unwrap();
    let id: i64 = to.split('/').nth(2).unwrap().parse().unwrap();
    let csv = rosters(4);
    let r = arb.post_form(
        &format!("/teams/{id}/import"),
        &[("csrf", token.as_str()), ("data", csv.as_str())],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = arb.get(&to);
    assert!(
        page.body.contains("Interclubs &#60;Loire&#62;")
            || page.body.contains("Interclubs &lt;Loire&gt;")
    );
    assert!(page.body.contains("Joueur 3-4"));
    let r = arb.post_form(&format!("/teams/{id}/pair"), &[("csrf", token.as_str())]);
    assert_eq!(r.status, 303, "{}", r.body);
    let round = arb.get(&format!("/teams/{id}/rounds/1"));
    assert!(round.body.contains("name=\"r-2-4\""), "{}", round.body);
    let version = round
        .body
        .split("name=\"version\" value=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string();
    let mut owned = vec![
        ("csrf".to_string(), token.clone()),
        ("version".to_string(), version),
    ];
    for m in 1..=2 {
        for b in 1..=4 {
            let code = if b == 1 { "1-0" } else { "1/2" };
            owned.push((format!("r-{m}-{b}"), code.to_string()));
        }
    }
    let grid: Vec<(&str, &str)> = owned
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let r = arb.post_form(&format!("/teams/{id}/rounds/1/results"), &grid);
    assert_eq!(r.status, 303, "{}", r.body);
    // The same grid from the old page: someone (this form) changed the boards since.
    let mut stale = grid.clone();
    for (k, v) in stale.iter_mut() {
        if k.starts_with("r-") {
            *v = "0-1";
        }
    }
    let r = arb.post_form(&format!("/teams/{id}/rounds/1/results"), &stale);
    assert_eq!(r.status, 409);
    // The conflict names the match and the board (in the page's language).
    assert!(r.body.contains("Match 1, "), "{}", r.body);
    let sheet = arb.get(&format!("/teams/{id}/rounds/1/matches/1/sheet"));
    assert_eq!(sheet.status, 200);
    assert!(sheet.body.contains("id=\"signatures\""));
    assert!(sheet.body.contains("2,5 – 1,5"), "{}", sheet.body);
    let standings = arb.get(&format!("/teams/{id}/standings"));
    assert!(standings.body.contains("id=\"team-standings\""));
    assert!(standings.body.contains("EDE"));
    arb.accept_language = Some("fr".into());
    arb.cookies.insert("lang".into(), "fr".into());
    let fr = arb.get(&format!("/teams/{id}/standings"));
    assert!(fr.body.contains("Classement"), "{}", fr.body);
    let r = arb.get(&format!("/teams/{id}/export.trf"));
    assert!(r.body.contains("\n310 "), "{}", r.body);
}

/// The pairing-allocated bye scores on the standings page and in the API what the pairing
/// counts (C.04.6 1.4): a drawn match, 1 match point and ½ a game point on each of the 4 boards
/// = 2, never a won match's 2 and 4. Five teams, round 1 played.
#[test]
fn the_pab_is_a_drawn_match_on_the_standings() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.accept_language = Some("en".into());
    let id = create(
        &mut arb,
        json!({ "name": "Team Open", "rounds": 3, "boards": 4 }),
        5,
    );
    let round = play_round(&mut arb, id, 0);
    let bye = round["bye"].as_i64().expect("a PAB in an odd field");
    let s = arb.get(&format!("/api/teams/events/{id}/standings")).json();
    let row = s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["team"] == bye)
        .unwrap()
        .clone();
    assert_eq!(
        (&row["match_points"], &row["game_points"]),
        (&json!("1"), &json!("2.0"))
    );
    let page = arb.get(&format!("/teams/{id}/standings"));
    let name = row["name"].as_str().unwrap();
    let line = page
        .body
        .split("<tr")
        .find(|l| l.contains(&format!(">{name}<")))
        .unwrap_or_else(|| panic!("{name}: {}", page.body));
    assert!(line.contains(">1<") && line.contains(">2.0<"), "{line}");
}
