//! Captains' codes per team for the whole event (issue 39 §7) through the pages and the API:
//! the setting on the codes page, the printed sheet of one code per team, one code opening the
//! team's match of round 1 and then of round 2 on the captain's phone, a renewed code, and a
//! stale renewal refused.

use serde_json::{json, Value};

use crate::common::{csrf_in, App, Client};

fn version_in(page: &str) -> String {
    page.split("name=\"version\" value=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string()
}

/// A 4-team round robin of 4 boards, 5 players a team.
fn league(arb: &mut Client) -> i64 {
    let r = arb.post_json(
        "/api/teams/events",
        &json!({ "name": "Nationale 4", "system": "round_robin", "boards": 4, "rounds": 3 }),
    );
    let id = r.json()["id"].as_i64().unwrap();
    let mut csv = String::from("équipe;nom;elo\n");
    for t in 0..4 {
        for b in 0..5 {
            csv.push_str(&format!("Club {t};J {t}-{b};{}\n", 1900 - 10 * t - b));
        }
    }
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/teams/import"),
        &json!({ "data": csv }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    id
}

fn draw_round(arb: &mut Client, id: i64, round: u32) {
    let results: Vec<Value> = (1..=2)
        .flat_map(|m| (1..=4).map(move |b| json!({ "match": m, "board": b, "result": "1/2" })))
        .collect();
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/{round}/results"),
        &json!({ "results": results }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
}

#[test]
fn one_code_per_team_serves_two_rounds_and_is_renewed() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.cookies.insert("lang".into(), "fr".into());
    let id = league(&mut arb);
    let page = arb.get(&format!("/teams/{id}/codes"));
    assert_eq!(page.status, 200);
    assert!(
        page.body
            .contains("<option value=\"match\" selected>Un code par match"),
        "{}",
        page.body
    );
    assert!(
        page.body.contains("id=\"codes-per-match\""),
        "{}",
        page.body
    );
    let r = arb.post_form(
        &format!("/teams/{id}/codes"),
        &[
            ("csrf", csrf_in(&page.body).as_str()),
            ("version", version_in(&page.body).as_str()),
            ("captain_codes", "team"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let list = arb
        .get(&format!("/api/teams/events/{id}/captain-codes"))
        .json();
    assert_eq!(list["kind"], "team");
    let codes = list["codes"].as_array().unwrap().clone();
    assert_eq!(codes.len(), 4);
    let page = arb.get(&format!("/teams/{id}/codes"));
    for c in &codes {
        let text = format!(
            "id=\"code-text-{}\">{}</div>",
            c["team"],
            c["code"].as_str().unwrap()
        );
        assert!(page.body.contains(&text), "{text} in {}", page.body);
    }
    let team = codes[0]["team"].as_i64().unwrap();
    let code = codes[0]["code"].as_str().unwrap().to_string();

    // Round 1: the round's API lists the team's code on its match.
    let r = arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let round = arb.get(&format!("/api/teams/events/{id}/rounds/1")).json();
    let listed: Vec<&str> = round["matches"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|m| m["codes"].as_array().unwrap())
        .filter(|c| c["team"] == team)
        .map(|c| c["code"].as_str().unwrap())
        .collect();
    assert_eq!(listed, [code.as_str()]);

    let mut phone = app.client();
    phone.cookies.insert("lang".into(), "fr".into());
    let token = csrf_in(&phone.get("/teams/captain").body);
    let roster: Vec<i64> = arb
        .get(&format!("/api/teams/events/{id}/teams"))
        .json()
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == team)
        .unwrap()["roster"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect();
    // The captain enters a lineup with the code: the page's forms carry its round.
    let lineup = |phone: &mut Client, round: &str, players: [usize; 4]| {
        let open = phone.post_form(
            "/teams/captain",
            &[("csrf", token.as_str()), ("code", code.as_str())],
        );
        assert_eq!(open.status, 200, "{}", open.body);
        assert!(
            open.body.contains(&format!("Ronde {round}, Match")),
            "{}",
            open.body
        );
        assert!(
            open.body
                .contains(&format!("name=\"round\" value=\"{round}\"")),
            "{}",
            open.body
        );
        let version = version_in(&open.body);
        let mut fields: Vec<(String, String)> = vec![
            ("csrf".into(), token.clone()),
            ("code".into(), code.clone()),
            ("round".into(), round.into()),
            ("version".into(), version),
            ("sure".into(), "1".into()),
        ];
        fields.extend(
            players
                .iter()
                .map(|k| (format!("p-{}", roster[*k]), "on".into())),
        );
        let borrowed: Vec<(&str, &str)> = fields
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        let r = phone.post_form("/teams/captain/lineup", &borrowed);
        assert_eq!(r.status, 200, "{}", r.body);
        assert!(r.body.contains("id=\"captain-notice\""), "{}", r.body);
    };
    lineup(&mut phone, "1", [0, 1, 2, 4]);
    draw_round(&mut arb, id, 1);
    let r = arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    lineup(&mut phone, "2", [0, 1, 2, 3]);
    // Each round holds its lineup: the team's players by board.
    let fielded = |arb: &mut Client, round: u32| -> Vec<i64> {
        let r = arb
            .get(&format!("/api/teams/events/{id}/rounds/{round}"))
            .json();
        let m = r["matches"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["white_team"] == team || m["black_team"] == team)
            .unwrap()
            .clone();
        let first = m["white_team"] == team;
        m["boards"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .map(|(k, b)| {
                // W B W B from board 1: the first team is White on the odd boards.
                let white = (k % 2 == 0) == first;
                b[if white { "white" } else { "black" }].as_i64().unwrap()
            })
            .collect()
    };
    assert_eq!(
        fielded(&mut arb, 1),
        [roster[0], roster[1], roster[2], roster[4]]
    );
    assert_eq!(
        fielded(&mut arb, 2),
        [roster[0], roster[1], roster[2], roster[3]]
    );

    // Renewed from the codes page: the old code is refused, the new one opens round 2.
    let page = arb.get(&format!("/teams/{id}/codes"));
    let before = version_in(&page.body);
    let r = arb.post_form(
        &format!("/teams/{id}/codes/renew"),
        &[
            ("csrf", csrf_in(&page.body).as_str()),
            ("version", before.as_str()),
            ("team", &team.to_string()),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = arb.get(&format!("/teams/{id}/codes?renewed={team}"));
    assert!(
        page.body.contains(&format!("id=\"renewed-{team}\"")),
        "{}",
        page.body
    );
    let list = arb
        .get(&format!("/api/teams/events/{id}/captain-codes"))
        .json();
    let renewed = list["codes"][0]["code"].as_str().unwrap().to_string();
    assert_ne!(renewed, code);
    let old = phone.post_form(
        "/teams/captain",
        &[("csrf", token.as_str()), ("code", code.as_str())],
    );
    assert_ne!(old.status, 200, "{}", old.body);
    // Said as a captain's code, which opens a match (not the players' "this board").
    assert!(
        old.body
            .contains("Ce code n&#39;ouvre aucun match en cours")
            && !old.body.contains("échiquier, ou son résultat"),
        "{}",
        old.body
    );
    let new = phone.post_form(
        "/teams/captain",
        &[("csrf", token.as_str()), ("code", renewed.as_str())],
    );
    assert!(new.body.contains("Ronde 2, Match"), "{}", new.body);
    // The page built before the renewal cannot renew again over it.
    let r = arb.post_form(
        &format!("/teams/{id}/codes/renew"),
        &[
            ("csrf", csrf_in(&page.body).as_str()),
            ("version", before.as_str()),
            ("team", &team.to_string()),
        ],
    );
    assert_eq!(r.status, 409, "{}", r.body);
    // The API renews too and answers the new code.
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/captain-codes/renew"),
        &json!({ "team": team }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let again = r.json()["code"].as_str().unwrap().to_string();
    assert_ne!(again, renewed);
}
