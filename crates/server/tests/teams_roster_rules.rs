//! Rosters with the federation's data and the roster rules (issue 39 §4) through the forms and
//! the API: the rules saved on the settings page and read back by the API, a roster player with
//! a licence and a national rating through the API, the arbiter's lineup form refusing a lineup
//! without a woman in the page's language, the captain's phone keeping the code.

use serde_json::json;

use crate::common::{csrf_in, App};

#[test]
fn the_rules_are_set_on_the_settings_page_and_refuse_lineups_in_words() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let r = arb.post_json(
        "/api/teams/events",
        &json!({ "name": "Coupe de la Parité", "system": "round_robin", "boards": 2,
                 "federation": "FRA" }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let csv = "équipe;nom;elo;sexe;fed;elo national;n° licence;type licence;club\n\
               Alpha;Aline;1900;f;FRA;1910 N;K1;A;Alpha\n\
               Alpha;Bruno;1850;m;BEL;1850 F;K2;A;Alpha\n\
               Alpha;Cyril;1800;m;FRA;;K3;B;Alpha\n\
               Bravo;Denis;1800;m;FRA;;;;Bravo\nBravo;Emma;1700;w;FRA;;;;Bravo\n";
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/teams/import"),
        &json!({ "data": csv }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    // A player added through the API with the federation's data.
    let teams = arb.get(&format!("/api/teams/events/{id}/teams")).json();
    let alpha = teams
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "Alpha")
        .unwrap()
        .clone();
    let alpha_id = alpha["id"].as_i64().unwrap();
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/teams/{alpha_id}/members"),
        &json!({ "name": "Dora", "rating": 1700, "sex": "w", "federation": "FRA",
                 "licence": "k4", "licence_type": "A", "national_rating": 1720,
                 "national_rating_kind": "E", "club": "Alpha" }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/teams/{alpha_id}/members"),
        &json!({ "name": "Eric", "licence_type": "C" }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("licence_type"), "{}", r.body);
    let teams = arb.get(&format!("/api/teams/events/{id}/teams")).json();
    let dora = &teams
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "Alpha")
        .unwrap()["roster"][3];
    assert_eq!(
        (
            &dora["licence"],
            &dora["licence_type"],
            &dora["national_rating"],
            &dora["national_rating_kind"],
            &dora["sex"],
            &dora["club"]
        ),
        (
            &json!("K4"),
            &json!("A"),
            &json!(1720),
            &json!("E"),
            &json!("w"),
            &json!("Alpha")
        )
    );

    // The settings page: at least one woman, at most one foreign player.
    arb.cookies.insert("lang".into(), "fr".into());
    let page = arb.get(&format!("/teams/{id}/settings"));
    assert!(page.body.contains("Règles de composition"), "{}", page.body);
    let token = csrf_in(&page.body);
    let r = arb.post_form(
        &format!("/teams/{id}/settings"),
        &[
            ("csrf", token.as_str()),
            ("name", "Coupe de la Parité"),
            ("federation", "FRA"),
            ("boards", "2"),
            ("system", "round_robin"),
            ("match_points", "3/2/1/0"),
            ("rule_min_women", "1"),
            ("rule_max_foreign", "1"),
            ("rule_cap_rating", "national"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let e = arb.get(&format!("/api/teams/events/{id}")).json();
    assert_eq!(
        e["roster_rules"],
        json!({ "max_foreign": 1, "min_women": 1, "player_cap": null, "sum_cap": null,
                "cap_rating": "national", "one_team_per_round": false })
    );
    let page = arb.get(&format!("/teams/{id}/settings"));
    assert!(
        page.body
            .contains("id=\"rule_min_women\" type=\"number\" min=\"0\" max=\"16\" value=\"1\""),
        "{}",
        page.body
    );
    // The roster page shows the federation's data.
    let page = arb.get(&format!("/teams/{id}"));
    assert!(page.body.contains("<td>K4 A</td>"), "{}", page.body);
    assert!(page.body.contains("1720 E"), "{}", page.body);

    let r = arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let round = arb.get(&format!("/api/teams/events/{id}/rounds/1")).json();
    let m = &round["matches"][0];
    let number = m["number"].as_i64().unwrap().to_string();
    let roster: Vec<i64> = (0..4)
        .map(|k| {
            arb.get(&format!("/api/teams/events/{id}/teams"))
                .json()
                .as_array()
                .unwrap()
                .iter()
                .find(|t| t["name"] == "Alpha")
                .unwrap()["roster"][k]["id"]
                .as_i64()
                .unwrap()
        })
        .collect();
    // The arbiter's form: Bruno and Cyril, no woman: refused in French, naming the rule.
    let page = arb.get(&format!("/teams/{id}/rounds/1"));
    let token = csrf_in(&page.body);
    let (b, c) = (format!("p-{}", roster[1]), format!("p-{}", roster[2]));
    let team = alpha_id.to_string();
    let r = arb.post_form(
        &format!("/teams/{id}/rounds/1/matches/{number}/lineup"),
        &[
            ("csrf", token.as_str()),
            ("team", team.as_str()),
            (b.as_str(), "on"),
            (c.as_str(), "on"),
        ],
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body
            .contains("Composition refusée : aucune joueuse : 1 au moins."),
        "{}",
        r.body
    );
    // Aline and Bruno: one woman, one foreign player: accepted.
    let a = format!("p-{}", roster[0]);
    let r = arb.post_form(
        &format!("/teams/{id}/rounds/1/matches/{number}/lineup"),
        &[
            ("csrf", token.as_str()),
            ("team", team.as_str()),
            (a.as_str(), "on"),
            (b.as_str(), "on"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);

    // The captain's phone, in English: the refusal keeps the code and the ticks.
    let code = m["codes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["team"] == alpha_id)
        .unwrap()["code"]
        .as_str()
        .unwrap()
        .to_string();
    let mut phone = app.client();
    phone.cookies.insert("lang".into(), "en".into());
    let token = csrf_in(&phone.get("/teams/captain").body);
    let r = phone.post_form(
        "/teams/captain/lineup",
        &[
            ("csrf", token.as_str()),
            ("code", code.as_str()),
            (b.as_str(), "on"),
            (c.as_str(), "on"),
        ],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        r.body.contains(
            "Lineup refused: no woman: at least 1. Correct it and send again: the code still holds."
        ),
        "{}",
        r.body
    );
    assert!(r.body.contains(&format!("value=\"{code}\"")), "{}", r.body);
}
