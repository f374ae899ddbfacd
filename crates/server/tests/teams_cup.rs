//! A chess team cup over HTTP: the cup's settings from its bracket page, round 1 paired from
//! the bracket (4 teams: seeds 1-4 and 2-3), a match drawn on every board decided by its
//! tie-break match typed on the page, the final paired from the winners, the winner named on
//! the arbiter's, the public and the API's bracket, in English and in French; teams entered with
//! their division through the API, the bye going to the highest division; two clubs entering at
//! round 2 from the bracket page's table of teams, with the Coupe de France's colours.

use serde_json::{json, Value};

use crate::common::{csrf_in, App, Client};

/// A 4-team, 4-board cup with 5-player rosters (team k rated below team k-1).
fn cup(arb: &mut Client) -> i64 {
    let r = arb.post_json(
        "/api/teams/events",
        &json!({ "name": "Coupe Loubatière", "system": "cup", "boards": 4 }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let mut csv = String::from("équipe;échiquier;nom;elo\n");
    for t in 1..=4 {
        for b in 0..5 {
            csv.push_str(&format!(
                "Club {t};{};Joueur {t}-{b};{}\n",
                b + 1,
                1900 - 50 * t - 10 * b
            ));
        }
    }
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/teams/import"),
        &json!({ "data": csv }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    id
}

fn results(arb: &mut Client, id: i64, round: u32, number: u32, codes: [&str; 4]) {
    let boards: Vec<Value> = codes
        .iter()
        .enumerate()
        .map(|(k, r)| json!({ "match": number, "board": k + 1, "result": r }))
        .collect();
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/{round}/results"),
        &json!({ "results": boards }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
}

#[test]
fn a_cup_runs_to_its_final_with_a_tie_break_match_typed_on_the_bracket() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.accept_language = Some("en".into());
    let id = cup(&mut arb);

    // Before round 1: the settings form, the FFE's rule chosen by default.
    let page = arb.get(&format!("/teams/{id}/cup"));
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page
        .body
        .contains("The bracket is made when round 1 is paired."));
    assert!(
        page.body.contains(r#"<option value="top_board" selected>"#),
        "{}",
        page.body
    );
    let token = csrf_in(&page.body);
    let r = arb.post_form(
        &format!("/teams/{id}/cup/settings"),
        &[
            ("csrf", token.as_str()),
            ("seeding", "rating"),
            ("next_round", "bracket"),
            ("tie_break", "match"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let bad = arb.post_form(
        &format!("/teams/{id}/cup/settings"),
        &[("csrf", token.as_str()), ("tie_break", "coin")],
    );
    assert_eq!(bad.status, 422, "{}", bad.body);
    assert!(bad.body.contains("tie_break"), "{}", bad.body);

    // Round 1 from the bracket page: seeds 1-4 and 2-3.
    let page = arb.get(&format!("/teams/{id}/cup"));
    assert!(
        page.body.contains("a tie-break match only"),
        "{}",
        page.body
    );
    let r = arb.post_form(&format!("/teams/{id}/pair"), &[("csrf", token.as_str())]);
    assert_eq!(r.status, 303, "{}", r.body);
    let bracket = arb.get(&format!("/api/teams/events/{id}/cup")).json();
    let teams = arb.get(&format!("/api/teams/events/{id}/teams")).json();
    let team = |n: u64| {
        teams
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["number"] == n)
            .unwrap()["id"]
            .clone()
    };
    let pairs = &bracket["rounds"][0]["pairs"];
    assert_eq!(
        (
            &pairs[0]["first"],
            &pairs[0]["second"],
            &pairs[1]["first"],
            &pairs[1]["second"]
        ),
        (&team(1), &team(4), &team(2), &team(3))
    );
    // Club 1-Club 4: every board drawn, 2-2. Club 2-Club 3: Club 2 wins board 1, 2½-1½.
    results(&mut arb, id, 1, 1, ["1/2", "1/2", "1/2", "1/2"]);
    results(&mut arb, id, 1, 2, ["1-0", "1/2", "1/2", "1/2"]);
    let page = arb.get(&format!("/teams/{id}/cup"));
    assert!(
        page.body.contains("level: a tie-break match is needed"),
        "{}",
        page.body
    );
    assert!(
        !page.body.contains(r#"id="cup-pair""#),
        "the final waits for the tie-break match"
    );
    let token = csrf_in(&page.body);
    let tied = arb.post_form(
        &format!("/teams/{id}/cup/playoff"),
        &[
            ("csrf", token.as_str()),
            ("round", "1"),
            ("match", "1"),
            ("score", "2-2"),
        ],
    );
    assert_eq!(tied.status, 422, "{}", tied.body);
    // The blitz match: Club 1 1½, Club 4 2½ (Club 1's points first, as the form says).
    let r = arb.post_form(
        &format!("/teams/{id}/cup/playoff"),
        &[
            ("csrf", token.as_str()),
            ("round", "1"),
            ("match", "1"),
            ("score", "1½-2½"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = arb.get(&format!("/teams/{id}/cup"));
    assert!(
        page.body.contains("level; tie-break match 1½–2½"),
        "{}",
        page.body
    );
    assert!(page.body.contains(r#"id="cup-pair""#), "{}", page.body);

    // The final: Club 4 (first in the bracket) against Club 2; Club 2 wins board 2 (1-0: its
    // player has White there), the rest drawn: 1½-2½.
    let r = arb.post_form(&format!("/teams/{id}/pair"), &[("csrf", token.as_str())]);
    assert_eq!(r.status, 303, "{}", r.body);
    let round = arb.get(&format!("/api/teams/events/{id}/rounds/2")).json();
    assert_eq!(round["matches"][0]["white_team"], team(4));
    assert_eq!(round["matches"][0]["black_team"], team(2));
    results(&mut arb, id, 2, 1, ["1/2", "1-0", "1/2", "1/2"]);
    let bracket = arb.get(&format!("/api/teams/events/{id}/cup")).json();
    assert_eq!(bracket["champion"], team(2));
    let page = arb.get(&format!("/teams/{id}/cup"));
    assert!(
        page.body.contains("Winner of the cup: Club 2"),
        "{}",
        page.body
    );
    assert!(page.body.contains("Final"), "{}", page.body);
    assert!(
        page.body.contains("The cup&#39;s settings are fixed"),
        "{}",
        page.body
    );

    // The event's other pages and files hold a cup's rounds too.
    for path in [
        format!("/teams/{id}/standings"),
        format!("/teams/{id}/export.trf"),
        format!("/teams/{id}/export.html"),
        format!("/public/teams/{id}/crosstable"),
    ] {
        let r = arb.get(&path);
        assert_eq!(r.status, 200, "{path}: {}", r.body);
    }

    // In French, and for the public (no form, no link to the arbiter's rounds).
    arb.accept_language = Some("fr".into());
    let page = arb.get(&format!("/teams/{id}/cup"));
    assert!(
        page.body.contains("Vainqueur de la coupe : Club 2"),
        "{}",
        page.body
    );
    assert!(page.body.contains("Demi-finales"), "{}", page.body);
    assert!(
        page.body.contains("match de départage 1½–2½"),
        "{}",
        page.body
    );
    let mut visitor = app.client();
    visitor.accept_language = Some("fr".into());
    let public = visitor.get(&format!("/public/teams/{id}/cup"));
    assert_eq!(public.status, 200, "{}", public.body);
    assert!(
        public.body.contains("Vainqueur de la coupe : Club 2"),
        "{}",
        public.body
    );
    assert!(!public.body.contains("<form"), "{}", public.body);
    let public = visitor.get(&format!("/public/teams/{id}"));
    assert!(
        public.body.contains(&format!("/public/teams/{id}/cup")),
        "{}",
        public.body
    );
}

#[test]
fn the_bye_goes_to_the_highest_division_when_the_cup_says_so() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let r = arb.post_json(
        "/api/teams/events",
        &json!({ "name": "Coupe de France", "system": "cup", "boards": 4 }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    // Three teams, rated 1 above 2 above 3; only team 3 has a division (1, the highest).
    let mut keys = Vec::new();
    for t in 1..=3 {
        let division = if t == 3 { json!(1) } else { Value::Null };
        let r = arb.post_json(
            &format!("/api/teams/events/{id}/teams"),
            &json!({ "name": format!("Club {t}"), "division": division }),
        );
        assert_eq!(r.status, 200, "{}", r.body);
        let key = r.json()["id"].clone();
        for b in 0..4 {
            let r = arb.post_json(
                &format!("/api/teams/events/{id}/teams/{key}/members"),
                &json!({ "name": format!("Joueur {t}-{b}"), "rating": 2000 - 100 * t - 10 * b }),
            );
            assert_eq!(r.status, 200, "{}", r.body);
        }
        keys.push(key);
    }
    let bad = arb.post_json(
        &format!("/api/teams/events/{id}/cup/settings"),
        &json!({ "byes": "rating" }),
    );
    assert_eq!(bad.status, 422, "{}", bad.body);
    assert!(bad.body.contains("byes"), "{}", bad.body);
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/cup/settings"),
        &json!({ "byes": "division" }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let page = arb.get(&format!("/teams/{id}/cup"));
    assert!(
        page.body.contains(r#"<option value="division" selected>"#),
        "{}",
        page.body
    );
    let r = arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    // 4 places, 1 bye. By seeding it would be team 1's (1-bye, 2-3); by division team 3 takes
    // seed 1 and the bye, teams 1 and 2 become seeds 2 and 3 and play each other.
    let bracket = arb.get(&format!("/api/teams/events/{id}/cup")).json();
    let pairs = &bracket["rounds"][0]["pairs"];
    assert_eq!(
        (
            &pairs[0]["first"],
            &pairs[0]["second"],
            &pairs[1]["first"],
            &pairs[1]["second"]
        ),
        (&keys[2], &Value::Null, &keys[0], &keys[1])
    );
}

/// The `version` a page's forms were built at.
fn version_in(body: &str) -> String {
    let at = body.find(r#"name="version" value=""#).expect("a version") + 22;
    body[at..].split('"').next().unwrap().to_string()
}

#[test]
fn late_entrants_and_the_coupe_de_france_colours_from_the_bracket_page() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.accept_language = Some("en".into());
    let r = arb.post_json(
        "/api/teams/events",
        &json!({ "name": "Coupe de France", "system": "cup", "boards": 4 }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    // Six clubs, Club 1 the best rated; Clubs 1 and 2 (the top division) will enter at round 2.
    let mut csv = String::from("équipe;échiquier;nom;elo\n");
    for t in 1..=6 {
        for b in 0..4 {
            csv.push_str(&format!(
                "Club {t};{};Joueur {t}-{b};{}\n",
                b + 1,
                2000 - 50 * t - 10 * b
            ));
        }
    }
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/teams/import"),
        &json!({ "data": csv }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let teams = arb.get(&format!("/api/teams/events/{id}/teams")).json();
    let key = |k: usize| teams[k]["id"].as_i64().unwrap();

    // The bracket page's table of teams, with the colours among the settings.
    let page = arb.get(&format!("/teams/{id}/cup"));
    assert!(
        page.body.contains("Divisions and entry rounds"),
        "{}",
        page.body
    );
    assert!(
        page.body
            .contains(r#"<option value="ffe_cup">Coupe de France: White on boards 1 and 4"#),
        "{}",
        page.body
    );
    let token = csrf_in(&page.body);
    let stale = version_in(&page.body);
    let entry = |k: usize| format!("entry_round_{}", key(k));
    let division = |k: usize| format!("division_{}", key(k));
    let mut form: Vec<(String, String)> = vec![
        ("csrf".into(), token.clone()),
        ("version".into(), stale.clone()),
    ];
    for k in 0..6 {
        let (d, r) = if k < 2 { ("1", "2") } else { ("3", "") };
        form.push((division(k), d.into()));
        form.push((entry(k), r.into()));
    }
    let fields: Vec<(&str, &str)> = form.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
    // A round beyond 10 is refused, naming the field.
    let mut bad = fields.clone();
    let wrong = entry(0);
    bad.retain(|f| f.0 != wrong);
    bad.push((wrong.as_str(), "11"));
    let r = arb.post_form(&format!("/teams/{id}/cup/teams"), &bad);
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains(&wrong), "{}", r.body);
    let r = arb.post_form(&format!("/teams/{id}/cup/teams"), &fields);
    assert_eq!(r.status, 303, "{}", r.body);
    // The same form sent again from the page as it was: someone changed the teams since.
    let r = arb.post_form(&format!("/teams/{id}/cup/teams"), &fields);
    assert_eq!(r.status, 409, "{}", r.body);
    let r = arb.post_form(
        &format!("/teams/{id}/cup/settings"),
        &[("csrf", token.as_str()), ("colours", "ffe_cup")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let teams = arb.get(&format!("/api/teams/events/{id}/teams")).json();
    assert_eq!(teams[0]["entry_round"], json!(2));
    assert_eq!(teams[0]["division"], json!(1));
    assert_eq!(teams[2]["entry_round"], Value::Null);
    // Weight 4 + 2 × 2 = 8: a bracket of 8, 3 rounds.
    let event = arb.get(&format!("/api/teams/events/{id}")).json();
    assert_eq!(event["rounds"], json!(3));
    assert_eq!(event["board_colours"], json!("ffe_cup"));

    let r = arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    // Bracket order for 8: 1-8, 4-5, 2-7, 3-6. Clubs 1 and 2 take seeds 1 and 2 with 8 and 7
    // empty; Clubs 3 to 6 take seeds 3 to 6: round 1 is Club 4 - Club 5 and Club 3 - Club 6.
    let bracket = arb.get(&format!("/api/teams/events/{id}/cup")).json();
    assert_eq!(bracket["settings"]["colours"], json!("ffe_cup"));
    let pairs = &bracket["rounds"][0]["pairs"];
    let got: Vec<(Value, Value, Value)> = (0..4)
        .map(|k| {
            (
                pairs[k]["first"].clone(),
                pairs[k]["second"].clone(),
                pairs[k]["enters_at"].clone(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (json!(key(0)), Value::Null, json!(2)),
            (json!(key(3)), json!(key(4)), Value::Null),
            (json!(key(1)), Value::Null, json!(2)),
            (json!(key(2)), json!(key(5)), Value::Null),
        ]
    );
    // The round's page says each team's colours board by board.
    let round = arb.get(&format!("/teams/{id}/rounds/1"));
    assert!(
        round.body.contains("1 White · 2 Black · 3 Black · 4 White"),
        "{}",
        round.body
    );
    // Club 4 has White on boards 1 and 4: 1-0, 0-1, 0-1, 1-0 is 4-0 for Club 4 (2-2 with
    // alternating colours). Club 3 - Club 6: every board drawn but board 1, 0-1: Club 6.
    results(&mut arb, id, 1, 1, ["1-0", "0-1", "0-1", "1-0"]);
    results(&mut arb, id, 1, 2, ["0-1", "1/2", "1/2", "1/2"]);
    let bracket = arb.get(&format!("/api/teams/events/{id}/cup")).json();
    let played = &bracket["rounds"][0]["pairs"][1];
    assert_eq!(
        (&played["first_points"], &played["second_points"]),
        (&json!(8), &json!(0))
    );

    let page = arb.get(&format!("/teams/{id}/cup"));
    assert!(
        page.body.contains("Entering at round 2: Club 1, Club 2"),
        "{}",
        page.body
    );
    assert!(
        page.body.contains("enters the cup at round 2"),
        "{}",
        page.body
    );
    let r = arb.post_form(
        &format!("/teams/{id}/pair"),
        &[("csrf", csrf_in(&page.body).as_str())],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    // Round 2: Club 1 meets the winner beside it (Club 4), Club 2 the winner of 3-6 (Club 6).
    let bracket = arb.get(&format!("/api/teams/events/{id}/cup")).json();
    let pairs = &bracket["rounds"][1]["pairs"];
    assert_eq!(
        (
            &pairs[0]["first"],
            &pairs[0]["second"],
            &pairs[1]["first"],
            &pairs[1]["second"]
        ),
        (
            &json!(key(0)),
            &json!(key(3)),
            &json!(key(1)),
            &json!(key(5))
        )
    );
    let page = arb.get(&format!("/teams/{id}/cup"));
    assert!(page.body.contains("(enters the cup)"), "{}", page.body);

    // In French.
    arb.accept_language = Some("fr".into());
    let page = arb.get(&format!("/teams/{id}/cup"));
    assert!(
        page.body
            .contains("Entrent en lice au tour 2 : Club 1, Club 2"),
        "{}",
        page.body
    );
    assert!(
        page.body.contains("entre en lice au tour 2"),
        "{}",
        page.body
    );
    assert!(page.body.contains("(entre en lice)"), "{}", page.body);
    assert!(
        page.body
            .contains("Coupe de France : Blancs aux échiquiers 1 et 4"),
        "{}",
        page.body
    );
    let round = arb.get(&format!("/teams/{id}/rounds/2"));
    assert!(
        round
            .body
            .contains("1 Blancs · 2 Noirs · 3 Noirs · 4 Blancs"),
        "{}",
        round.body
    );
    // The entry rounds are fixed once round 1 is paired: the API says so.
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/cup/teams"),
        &json!({ "teams": [{ "team": key(2), "division": 3, "entry_round": 2 }] }),
    );
    assert_eq!(r.status, 409, "{}", r.body);
}
