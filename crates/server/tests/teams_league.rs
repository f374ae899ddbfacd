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

/// The 100-point rule on the captain's phone and the arbiter's lineup form: each player's board
/// typed; an order that breaks the rule is refused naming the players and the points (the code
/// kept on the phone), one within it is reviewed and recorded.
#[test]
fn the_hundred_points_rule_on_the_phone_and_the_lineup_form() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.cookies.insert("lang".into(), "fr".into());
    let r = arb.post_json(
        "/api/teams/events",
        &json!({ "name": "Nationale 4", "system": "round_robin", "boards": 4,
                 "match_points": "3/2/1/0", "board_order_gap": 100 }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let mut csv = String::from("équipe;échiquier;nom;elo\n");
    for (b, r) in [1900, 1850, 2000, 1700, 1801].iter().enumerate() {
        csv.push_str(&format!("Alpha;{};Alpha {};{r}\n", b + 1, b + 1));
    }
    for b in 0..5 {
        csv.push_str(&format!("Bravo;{};Bravo {};{}\n", b + 1, b + 1, 1800 - b));
    }
    arb.post_json(
        &format!("/api/teams/events/{id}/teams/import"),
        &json!({ "data": csv }),
    );
    arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
    let teams = arb.get(&format!("/api/teams/events/{id}/teams")).json();
    let alpha = teams
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "Alpha")
        .unwrap();
    let team = alpha["id"].as_i64().unwrap();
    let ids: Vec<i64> = alpha["roster"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect();
    let round = arb.get(&format!("/api/teams/events/{id}/rounds/1")).json();
    let code = round["matches"][0]["codes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["team"] == team)
        .unwrap()["code"]
        .as_str()
        .unwrap()
        .to_string();
    let mut phone = app.client();
    phone.cookies.insert("lang".into(), "fr".into());
    let token = csrf_in(&phone.get("/teams/captain").body);
    let page = phone.post_form(
        "/teams/captain",
        &[("csrf", token.as_str()), ("code", code.as_str())],
    );
    assert!(
        page.body.contains("Donnez à 4 joueurs leur échiquier"),
        "{}",
        page.body
    );
    let version = page
        .body
        .split("name=\"version\" value=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string();
    let send = |phone: &mut crate::common::Client, boards: [(usize, &str); 4]| {
        let fields: Vec<(String, String)> = [
            ("csrf".to_string(), token.clone()),
            ("code".to_string(), code.clone()),
            ("version".to_string(), version.clone()),
        ]
        .into_iter()
        .chain(
            boards
                .iter()
                .map(|(k, b)| (format!("p-{}", ids[*k]), b.to_string())),
        )
        .collect();
        let borrowed: Vec<(&str, &str)> = fields
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        phone.post_form("/teams/captain/lineup", &borrowed)
    };
    // Alpha 4 (1700) on board 3, Alpha 5 (1801) on board 4: 101 points.
    let r = send(&mut phone, [(0, "1"), (1, "2"), (3, "3"), (4, "4")]);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        r.body.contains(
            "Composition refusée : Alpha 5 (1801), échiquier 4, est classé 101 points au-dessus de Alpha 4 (1700), échiquier 3 : 100 au plus."
        ),
        "{}",
        r.body
    );
    assert!(
        r.body
            .contains(&format!("name=\"p-{}\" value=\"4\"", ids[4])),
        "{}",
        r.body
    );
    // Alpha 1 (1900) above Alpha 3 (2000): 100 points, reviewed then recorded.
    let r = send(&mut phone, [(0, "1"), (2, "2"), (1, "3"), (3, "4")]);
    assert!(r.body.contains("Confirmer ?"), "{}", r.body);
    assert!(r.body.contains("Échiquier 2 : Alpha 3"), "{}", r.body);
    let sure: Vec<(String, String)> = r
        .body
        .split("id=\"captain-confirm-form\"")
        .nth(1)
        .unwrap()
        .split("</form>")
        .next()
        .unwrap()
        .split("<input type=\"hidden\" name=\"")
        .skip(1)
        .map(|x| {
            let (k, rest) = x.split_once("\" value=\"").unwrap();
            (k.to_string(), rest.split('"').next().unwrap().to_string())
        })
        .collect();
    let borrowed: Vec<(&str, &str)> = sure.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    let r = phone.post_form("/teams/captain/lineup", &borrowed);
    assert!(r.body.contains("Composition enregistrée."), "{}", r.body);
    let m = &arb.get(&format!("/api/teams/events/{id}/rounds/1")).json()["matches"][0];
    let alpha_white = m["white_team"] == team;
    let seats: Vec<i64> = (0..4usize)
        .map(|b| {
            let side = if b.is_multiple_of(2) == alpha_white {
                "white"
            } else {
                "black"
            };
            m["boards"][b][side].as_i64().unwrap()
        })
        .collect();
    assert_eq!(seats, [ids[0], ids[2], ids[1], ids[3]]);
    // The arbiter's form refuses the same breach in the arbiter's language.
    let page = arb.get(&format!("/teams/{id}/rounds/1"));
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
    let (t, p0, p1, p3, p4) = (
        team.to_string(),
        format!("p-{}", ids[0]),
        format!("p-{}", ids[1]),
        format!("p-{}", ids[3]),
        format!("p-{}", ids[4]),
    );
    let r = arb.post_form(
        &format!("/teams/{id}/rounds/1/matches/1/lineup"),
        &[
            ("csrf", token.as_str()),
            ("version", version.as_str()),
            ("team", t.as_str()),
            (p0.as_str(), "1"),
            (p1.as_str(), "2"),
            (p3.as_str(), "3"),
            (p4.as_str(), "4"),
        ],
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body.contains("Ordre des échiquiers refusé : Alpha 5 (1801), échiquier 4, est classé 101 points au-dessus de Alpha 4 (1700), échiquier 3 : 100 au plus."),
        "{}",
        r.body
    );
}

/// Standings as leagues print them (played, won, drawn, lost, forfeits, board points for and
/// against, their difference, a legend) and the crosstable's cells saying which leg: a two-team
/// double round robin, 2½–1½ for Alpha in the first leg, 1–3 in the second.
#[test]
fn standings_count_the_matches_and_the_crosstable_its_legs() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.cookies.insert("lang".into(), "fr".into());
    let r = arb.post_json(
        "/api/teams/events",
        &json!({ "name": "Coupe des deux rives", "system": "double_round_robin", "boards": 4,
                 "match_points": "3/2/1/0" }),
    );
    let id = r.json()["id"].as_i64().unwrap();
    let mut csv = String::from("équipe;échiquier;nom;elo\n");
    for (t, base) in [("Alpha", 2000), ("Bravo", 1900)] {
        for b in 0..4 {
            csv.push_str(&format!("{t};{};{t} {};{}\n", b + 1, b + 1, base - b));
        }
    }
    arb.post_json(
        &format!("/api/teams/events/{id}/teams/import"),
        &json!({ "data": csv }),
    );
    // Leg 1: Alpha has White on boards 1 and 3; 1-0, ½, ½, ½ in White's words give Alpha
    // 1 + ½ + ½ + ½ = 2½, Bravo 1½. Leg 2: the colours are reversed, Bravo White on boards 1
    // and 3; 1-0, 0-1 (Bravo's Black on board 2), 1-0, ½ give Bravo 3½, Alpha ½.
    for (round, codes) in [
        (1, ["1-0", "1/2", "1/2", "1/2"]),
        (2, ["1-0", "0-1", "1-0", "1/2"]),
    ] {
        let r = arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
        assert_eq!(r.status, 200, "{}", r.body);
        let results: Vec<_> = codes
            .iter()
            .enumerate()
            .map(|(k, c)| json!({ "match": 1, "board": k + 1, "result": c }))
            .collect();
        let r = arb.post_json(
            &format!("/api/teams/events/{id}/rounds/{round}/results"),
            &json!({ "results": results }),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    // Totals: Alpha 2½ + ½ = 3, Bravo 1½ + 3½ = 5; on 3/2/1/0 Alpha 3 + 1 = 4, Bravo 1 + 3 =
    // 4: Bravo first on game points.
    let standings = arb.get(&format!("/api/teams/events/{id}/standings")).json();
    let rows = standings["rows"].as_array().unwrap();
    assert_eq!(rows[0]["name"], "Bravo");
    assert_eq!(rows[0]["match_points"], "4");
    assert_eq!(
        rows[0]["record"],
        json!({ "played": 2, "won": 1, "drawn": 0, "lost": 1, "forfeits": 0,
                "board_points_for": "5.0", "board_points_against": "3.0", "difference": "+2.0" })
    );
    assert_eq!(
        rows[1]["record"],
        json!({ "played": 2, "won": 1, "drawn": 0, "lost": 1, "forfeits": 0,
                "board_points_for": "3.0", "board_points_against": "5.0", "difference": "-2.0" })
    );
    let page = arb.get(&format!("/teams/{id}/standings"));
    assert!(page.body.contains("<th class=\"num league\">J</th><th class=\"num league\">G</th><th class=\"num league\">N</th><th class=\"num league\">P</th><th class=\"num league\">F</th><th class=\"num league\">Pour</th><th class=\"num league\">Contre</th><th class=\"num league\">Diff.</th>"), "{}", page.body);
    assert!(
        page.body.contains(
            "<td class=\"num league\">5,0</td><td class=\"num league\">3,0</td><td class=\"num league\">+2,0</td>"
        ),
        "{}",
        page.body
    );
    assert!(
        page.body.contains("F perdus par forfait (comptés dans P)"),
        "{}",
        page.body
    );
    let cross = arb.get(&format!("/public/teams/{id}/crosstable"));
    assert_eq!(cross.status, 200, "{}", cross.body);
    assert!(cross.body.contains("A 2,5 R 0,5"), "{}", cross.body);
    assert!(cross.body.contains("A 1,5 R 3,5"), "{}", cross.body);
    assert!(
        cross
            .body
            .contains("Aller et retour : A le match aller, R le match retour."),
        "{}",
        cross.body
    );
    arb.cookies.insert("lang".into(), "en".into());
    let cross = arb.get(&format!("/public/teams/{id}/crosstable"));
    assert!(cross.body.contains("1st 2.5 2nd 0.5"), "{}", cross.body);
}
