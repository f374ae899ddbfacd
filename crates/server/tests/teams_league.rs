//! Team leagues as federations run them, through the pages and the API: the match-point scale
//! typed on the creation and settings forms (the FFE's 3/2/1/0 offered), a bad one refused
//! with what was expected, and the scale's forfeit in the standings.

use serde_json::json;

use crate::common::{csrf_in, App};

#[test]
fn the_ffe_scale_is_typed_on_the_forms_and_scores_a_forfeit_zero() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.cookies.insert("lang".into(), "fr".into());
    let page = arb.get("/teams");
    assert!(
        page.body.contains("Interclubs FFE (3/2/1/0)"),
        "{}",
        page.body
    );
    let token = csrf_in(&page.body);
    // A scale whose loss is worth more than its draw is refused, naming the field.
    let r = arb.post_form(
        "/teams",
        &[
            ("csrf", token.as_str()),
            ("name", "Nationale 4"),
            ("system", "round_robin"),
            ("boards", "4"),
            ("match_points", "3/1/2"),
        ],
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body
            .contains("Points de match attendus en victoire/nul/défaite"),
        "{}",
        r.body
    );
    assert!(r.body.contains("reçu « 3/1/2 »"), "{}", r.body);
    let r = arb.post_form(
        "/teams",
        &[
            ("csrf", token.as_str()),
            ("name", "Nationale 4"),
            ("system", "round_robin"),
            ("boards", "4"),
            ("match_points", "3/2/1/0"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let events = arb.get("/api/teams/events").json();
    let id = events.as_array().unwrap().last().unwrap()["id"]
        .as_i64()
        .unwrap();
    let e = arb.get(&format!("/api/teams/events/{id}")).json();
    assert_eq!(
        e["match_points"],
        json!({ "win": 3, "draw": 2, "loss": 1, "forfeit": 0 })
    );
    let settings = arb.get(&format!("/teams/{id}/settings"));
    assert!(
        settings.body.contains(
            "name=\"match_points\" list=\"team-scales\" maxlength=\"20\" value=\"3/2/1/0\""
        ),
        "{}",
        settings.body
    );
    // Four teams of four; round 1: match 1 drawn 2–2 (2 and 2), match 2 forfeited by the
    // home team (0 for it, 3 for the visitors).
    let mut csv = String::from("équipe;échiquier;nom;elo\n");
    for t in 0..4 {
        for b in 0..4 {
            csv.push_str(&format!(
                "Club {t};{};Joueur {t}-{b};{}\n",
                b + 1,
                2000 - 50 * t - b
            ));
        }
    }
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/teams/import"),
        &json!({ "data": csv }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let draws: Vec<_> = (1..=4)
        .map(|b| json!({ "match": 1, "board": b, "result": "1/2" }))
        .collect();
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/1/results"),
        &json!({ "results": draws }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/1/matches/2/forfeit"),
        &json!({ "forfeit": "-+" }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let round = arb.get(&format!("/api/teams/events/{id}/rounds/1")).json();
    let standings = arb.get(&format!("/api/teams/events/{id}/standings")).json();
    let points = |team: &serde_json::Value| {
        standings["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| &r["team"] == team)
            .unwrap()["match_points"]
            .clone()
    };
    let (m1, m2) = (&round["matches"][0], &round["matches"][1]);
    assert_eq!(points(&m1["white_team"]), "2");
    assert_eq!(points(&m1["black_team"]), "2");
    assert_eq!(points(&m2["white_team"]), "0");
    assert_eq!(points(&m2["black_team"]), "3");
}

/// The round page names the team whose captain sent each report, prints each board's result
/// as text (no result lists on paper), and swaps a match's colours before its first result;
/// the dashboard counts a round robin's rounds from its table before round 1 is paired.
#[test]
fn the_arbiter_sees_who_reported_what_and_swaps_a_matchs_colours() {
    use crate::teams_pages::{paired_round_robin, roster_ids, team_name};
    let app = App::start(false);
    let mut arb = app.arbiter();
    // Six teams, two cycles: ten rounds before any is paired (the form's 7 stood in).
    let r = arb.post_json(
        "/api/teams/events",
        &json!({ "name": "Régionale", "system": "double_round_robin", "boards": 4, "rounds": 7 }),
    );
    let rr = r.json()["id"].as_i64().unwrap();
    let mut csv = String::from("équipe;nom;elo\n");
    for t in 0..6 {
        for b in 0..4 {
            csv.push_str(&format!("Club {t};J {t}-{b};{}\n", 1900 - 10 * t - b));
        }
    }
    arb.post_json(
        &format!("/api/teams/events/{rr}/teams/import"),
        &json!({ "data": csv }),
    );
    arb.cookies.insert("lang".into(), "fr".into());
    let page = arb.get(&format!("/teams/{rr}"));
    assert!(
        page.body.contains("Rondes appariées : 0 sur 10"),
        "{}",
        page.body
    );

    let (id, teams) = paired_round_robin(&mut arb);
    let round = arb.get(&format!("/api/teams/events/{id}/rounds/1")).json();
    let m = &round["matches"][0];
    let (home, away) = (
        m["white_team"].as_i64().unwrap(),
        m["black_team"].as_i64().unwrap(),
    );
    let code = |team: i64| {
        m["codes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["team"] == team)
            .unwrap()["code"]
            .as_str()
            .unwrap()
            .to_string()
    };
    // Each captain reports board 1 their own way.
    for (team, result) in [(home, "1-0"), (away, "0-1")] {
        let mut phone = app.client();
        let token = csrf_in(&phone.get("/teams/captain").body);
        let code = code(team);
        let r = phone.post_form(
            "/teams/captain/report",
            &[
                ("csrf", token.as_str()),
                ("code", code.as_str()),
                ("b-1", result),
                ("sure", "1"),
            ],
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let page = arb.get(&format!("/teams/{id}/rounds/1"));
    let said = format!(
        "Transmis : {} 1-0 / {} 0-1",
        team_name(&teams, home),
        team_name(&teams, away)
    );
    assert!(page.body.contains(&said), "{said} in {}", page.body);
    let api = arb.get(&format!("/api/teams/events/{id}/rounds/1")).json();
    assert_eq!(
        api["matches"][0]["reports"][0]["teams"],
        json!([home, away])
    );
    // On paper the results are text: the lists are hidden, a text stands in their place.
    assert!(
        page.body
            .contains("<span class=\"print-only\" id=\"printed-r-2-1\"></span><select form=\"team-results\" name=\"r-2-1\" id=\"r-2-1\" class=\"no-print\">"),
        "{}",
        page.body
    );
    // Match 1 has reports: its colours are fixed. Match 2 swaps from the page: the away team
    // has White on board 1, its first player White on board 1.
    let m2 = &round["matches"][1];
    let (home2, away2) = (
        m2["white_team"].as_i64().unwrap(),
        m2["black_team"].as_i64().unwrap(),
    );
    let token = csrf_in(&page.body);
    let version = page
        .body
        .split("name=\"version\" value=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string();
    let r = arb.post_form(
        &format!("/teams/{id}/rounds/1/matches/1/colours"),
        &[("csrf", token.as_str()), ("version", version.as_str())],
    );
    assert_eq!(r.status, 409, "{}", r.body);
    let r = arb.post_form(
        &format!("/teams/{id}/rounds/1/matches/2/colours"),
        &[("csrf", token.as_str()), ("version", version.as_str())],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let after = arb.get(&format!("/api/teams/events/{id}/rounds/1")).json();
    let m2 = &after["matches"][1];
    assert_eq!(
        (m2["white_team"].as_i64(), m2["black_team"].as_i64()),
        (Some(away2), Some(home2))
    );
    assert_eq!(m2["boards"][0]["white"], roster_ids(&teams, away2)[0]);
    assert_eq!(m2["boards"][1]["white"], roster_ids(&teams, home2)[1]);
    // Through the API, swapped back.
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/1/matches/2/colours"),
        &json!({}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["white_team"], home2);
}
