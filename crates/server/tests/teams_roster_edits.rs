//! A team's roster and details edited on its page (issue 39 §4 and §7), in both languages: a
//! player added with every field the CSV takes (a bad one named in the page's language), a
//! player changed, the roster put in another order, the team's name, club and division; a
//! fielded player kept (the page says where), a reserve removed; a stale form refused; and the
//! default lineups written at pairing checked against the roster rules on the round's page.

use serde_json::{json, Value};

use crate::common::{csrf_in, App, Client};

/// A round robin of Alpha (Aline 1900 w, Bruno 1850, Cyril 1800) and Bravo (Denis 1800, Emil
/// 1700) on 2 boards, at least one woman per lineup.
fn league(arb: &mut Client) -> (i64, i64, i64) {
    let r = arb.post_json(
        "/api/teams/events",
        &json!({ "name": "Nationale 4", "system": "round_robin", "boards": 2,
                 "federation": "FRA", "roster_rules": { "min_women": 1 } }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let csv = "équipe;nom;elo;sexe;fed\n\
               Alpha;Aline;1900;f;FRA\nAlpha;Bruno;1850;m;FRA\nAlpha;Cyril;1800;m;FRA\n\
               Bravo;Denis;1800;m;FRA\nBravo;Emil;1700;m;FRA\n";
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/teams/import"),
        &json!({ "data": csv }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    (
        id,
        team(arb, id, "Alpha")["id"].as_i64().unwrap(),
        team(arb, id, "Bravo")["id"].as_i64().unwrap(),
    )
}

fn team(arb: &mut Client, id: i64, name: &str) -> Value {
    arb.get(&format!("/api/teams/events/{id}/teams"))
        .json()
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == name)
        .unwrap_or_else(|| panic!("team {name}"))
        .clone()
}

fn roster_names(t: &Value) -> Vec<String> {
    t["roster"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap().to_string())
        .collect()
}

/// The page's CSRF token and version.
fn tokens(arb: &mut Client, page: &str) -> (String, String, String) {
    let p = arb.get(page);
    assert_eq!(p.status, 200, "{page}: {}", p.body);
    let at = p
        .body
        .find("name=\"version\" value=\"")
        .expect("a version field")
        + "name=\"version\" value=\"".len();
    let version = p.body[at..].split('"').next().unwrap().to_string();
    (csrf_in(&p.body), version, p.body)
}

/// A player's fields as the form sends them, every one empty but those given.
fn player<'a>(fields: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    [
        "name",
        "title",
        "rating",
        "fide_id",
        "federation",
        "sex",
        "licence",
        "licence_type",
        "national_rating",
        "national_rating_kind",
        "club",
    ]
    .iter()
    .map(|k| (*k, fields.iter().find(|f| f.0 == *k).map_or("", |f| f.1)))
    .collect()
}

fn post(
    arb: &mut Client,
    page: &str,
    action: &str,
    fields: &[(&str, &str)],
) -> crate::common::Reply {
    let (csrf, version, _) = tokens(arb, page);
    let mut all = vec![("csrf", csrf.as_str()), ("version", version.as_str())];
    all.extend_from_slice(fields);
    arb.post_form(action, &all)
}

#[test]
fn a_roster_is_edited_on_the_teams_page_in_french() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.cookies.insert("lang".into(), "fr".into());
    let (id, alpha, _) = league(&mut arb);
    let page = format!("/teams/{id}/teams/{alpha}");
    // The event's page links the team's page.
    let event = arb.get(&format!("/teams/{id}"));
    assert!(
        event.body.contains(&format!("href=\"{page}\"")),
        "{}",
        event.body
    );
    let (_, _, body) = tokens(&mut arb, &page);
    for text in [
        "Effectif",
        "Ajouter un joueur",
        "Ordre de l",
        "N° de licence",
        "Division",
    ] {
        assert!(body.contains(text), "{text}: {body}");
    }

    // A bad rating is named in French; nothing is added.
    let members = format!("{page}/members");
    let r = post(
        &mut arb,
        &page,
        &members,
        &player(&[("name", "Dora"), ("rating", "20x0")]),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body.contains("va de 0 à 3999 (reçu « 20x0 »)"),
        "{}",
        r.body
    );
    let r = post(
        &mut arb,
        &page,
        &members,
        &player(&[("name", "Dora"), ("licence_type", "C")]),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("Type de licence attendu"), "{}", r.body);
    assert_eq!(roster_names(&team(&mut arb, id, "Alpha")).len(), 3);

    // Dora with every field, written as a CSV would have her (f, « 1750 E », lower case).
    let r = post(
        &mut arb,
        &page,
        &members,
        &player(&[
            ("name", "Durand, Dora"),
            ("title", "wfm"),
            ("rating", "1750"),
            ("fide_id", "654321"),
            ("federation", "fra"),
            ("sex", "f"),
            ("licence", "k12345"),
            ("licence_type", "B"),
            ("national_rating", "1760 E"),
            ("club", "Alpha Échecs"),
        ]),
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let t = team(&mut arb, id, "Alpha");
    let dora = &t["roster"][3];
    assert_eq!(
        (
            &dora["board"],
            &dora["title"],
            &dora["rating"],
            &dora["fide_id"],
            &dora["federation"],
            &dora["sex"],
            &dora["licence"],
            &dora["licence_type"],
            &dora["national_rating"],
            &dora["national_rating_kind"],
            &dora["club"],
        ),
        (
            &json!(4),
            &json!("WFM"),
            &json!(1750),
            &json!(654321),
            &json!("FRA"),
            &json!("w"),
            &json!("K12345"),
            &json!("B"),
            &json!(1760),
            &json!("E"),
            &json!("Alpha Échecs"),
        )
    );
    let dora_id = dora["id"].as_i64().unwrap();

    // Her own page shows her fields; her rating changes there, her board stays.
    let own = format!("{page}/members/{dora_id}");
    let (_, _, body) = tokens(&mut arb, &own);
    assert!(body.contains("value=\"K12345\""), "{body}");
    assert!(body.contains("<option value=\"E\" selected>"), "{body}");
    let r = post(
        &mut arb,
        &own,
        &own,
        &player(&[("name", "Durand, Dora"), ("rating", "1790"), ("sex", "w")]),
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let t = team(&mut arb, id, "Alpha");
    assert_eq!(
        (&t["roster"][3]["rating"], &t["roster"][3]["board"]),
        (&json!(1790), &json!(4))
    );
    assert_eq!(t["roster"][3]["licence"], json!(""));

    // The roster in another order: Dora 1, Aline 2, Bruno 3, Cyril 4.
    let ids: Vec<String> = t["roster"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| format!("o-{}", m["id"]))
        .collect();
    let order = format!("{page}/order");
    let r = post(
        &mut arb,
        &page,
        &order,
        &[
            (&ids[0], "2"),
            (&ids[1], "3"),
            (&ids[2], "4"),
            (&ids[3], "1"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        roster_names(&team(&mut arb, id, "Alpha")),
        ["Durand, Dora", "Aline", "Bruno", "Cyril"]
    );
    // Two players on one board: refused in French, naming the player.
    let ids: Vec<String> = team(&mut arb, id, "Alpha")["roster"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| format!("o-{}", m["id"]))
        .collect();
    let r = post(
        &mut arb,
        &page,
        &order,
        &[
            (&ids[0], "1"),
            (&ids[1], "1"),
            (&ids[2], "2"),
            (&ids[3], "3"),
        ],
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("Ordre refusé"), "{}", r.body);
    assert!(r.body.contains("Aline, échiquier « 1 »"), "{}", r.body);

    // The team's name, club and division.
    let team_fields = |name: &'static str, division: &'static str| {
        vec![
            ("name", name),
            ("club", "Alpha Échecs"),
            ("division", division),
            ("federation", "fra"),
            ("captain", "Roy, Eva"),
        ]
    };
    let r = post(&mut arb, &page, &page, &team_fields("Alpha Tours", "0"));
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("La division va de 1"), "{}", r.body);
    let r = post(&mut arb, &page, &page, &team_fields("Alpha Tours", "3"));
    assert_eq!(r.status, 303, "{}", r.body);
    let t = team(&mut arb, id, "Alpha Tours");
    assert_eq!(
        (&t["club"], &t["division"], &t["federation"], &t["captain"]),
        (
            &json!("Alpha Échecs"),
            &json!(3),
            &json!("FRA"),
            &json!("Roy, Eva")
        )
    );
}

#[test]
fn a_stale_roster_form_is_refused_and_nothing_written() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.cookies.insert("lang".into(), "fr".into());
    let (id, alpha, _) = league(&mut arb);
    let page = format!("/teams/{id}/teams/{alpha}");
    // The chief's page, loaded before the deputy adds a player.
    let (csrf, old, _) = tokens(&mut arb, &page);
    let mut deputy = app.login();
    let r = deputy.post_json(
        &format!("/api/teams/events/{id}/teams/{alpha}/members"),
        &json!({ "name": "Zoé", "sex": "w" }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    arb.auto_version = false;
    let mut fields = vec![("csrf", csrf.as_str()), ("version", old.as_str())];
    let p = player(&[("name", "Yann")]);
    fields.extend_from_slice(&p);
    let r = arb.post_form(&format!("{page}/members"), &fields);
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(
        roster_names(&team(&mut arb, id, "Alpha")),
        ["Aline", "Bruno", "Cyril", "Zoé"]
    );
}

#[test]
fn a_fielded_player_stays_and_the_default_lineups_are_checked_in_english() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.cookies.insert("lang".into(), "en".into());
    let (id, alpha, bravo) = league(&mut arb);
    let r = arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    // Bravo's default lineup (Denis, Emil) has no woman: the round's page says so, naming the
    // team; Alpha's (Aline, Bruno) keeps the rule.
    let round = arb.get(&format!("/teams/{id}/rounds/1"));
    assert!(
        round.body.contains("Lineups against the rules"),
        "{}",
        round.body
    );
    assert!(
        round.body.contains("Match 1, Bravo: no woman: at least 1"),
        "{}",
        round.body
    );
    assert!(!round.body.contains("Match 1, Alpha:"), "{}", round.body);
    let api = arb.get(&format!("/api/teams/events/{id}/rounds/1")).json();
    let breaches = &api["matches"][0]["lineup_breaches"];
    assert_eq!(breaches.as_array().unwrap().len(), 1, "{breaches}");
    assert_eq!(breaches[0]["team"], json!(bravo));
    assert_eq!(
        breaches[0]["breach"],
        json!("women in the lineup: 0 (), at least 1")
    );
    // In French too.
    arb.cookies.insert("lang".into(), "fr".into());
    let round = arb.get(&format!("/teams/{id}/rounds/1"));
    assert!(
        round.body.contains("Compositions contraires au règlement"),
        "{}",
        round.body
    );
    assert!(
        round
            .body
            .contains("Match 1, Bravo : aucune joueuse : 1 au moins"),
        "{}",
        round.body
    );
    arb.cookies.insert("lang".into(), "en".into());

    // Aline is on board 1 of round 1: she stays, and the page says where.
    let t = team(&mut arb, id, "Alpha");
    let aline = t["roster"][0]["id"].as_i64().unwrap();
    let cyril = t["roster"][2]["id"].as_i64().unwrap();
    let page = format!("/teams/{id}/teams/{alpha}");
    let (_, _, body) = tokens(&mut arb, &page);
    assert!(
        body.contains("In the lineup of round 1 (match 1, board 1): change that lineup first"),
        "{body}"
    );
    assert!(!body.contains(&format!("id=\"remove-{aline}\"")), "{body}");
    assert!(body.contains(&format!("id=\"remove-{cyril}\"")), "{body}");
    let r = post(
        &mut arb,
        &page,
        &format!("{page}/members/{aline}/remove"),
        &[],
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body
            .contains("Player not removed: Aline. In the lineup of round 1"),
        "{}",
        r.body
    );
    // Once board 1 has a result she has played.
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/1/results"),
        &json!({ "results": [{"match": 1, "board": 1, "result": "1-0"}] }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = post(
        &mut arb,
        &page,
        &format!("{page}/members/{aline}/remove"),
        &[],
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body
            .contains("Aline. Played in round 1 (match 1, board 1): a player who has played stays"),
        "{}",
        r.body
    );
    // Cyril, the reserve, goes.
    let r = post(
        &mut arb,
        &page,
        &format!("{page}/members/{cyril}/remove"),
        &[],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        roster_names(&team(&mut arb, id, "Alpha")),
        ["Aline", "Bruno"]
    );
    // The API says where each player sits.
    let fielded = arb
        .get(&format!("/api/teams/events/{id}/teams/{alpha}/fielded"))
        .json();
    assert_eq!(fielded[0]["member"], json!(aline));
    assert_eq!(fielded[0]["played"], json!(true));
}

#[test]
fn a_team_is_added_from_the_events_page() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.cookies.insert("lang".into(), "en".into());
    let r = arb.post_json(
        "/api/teams/events",
        &json!({ "name": "Open par équipes", "boards": 4, "rounds": 5 }),
    );
    let id = r.json()["id"].as_i64().unwrap();
    let event = format!("/teams/{id}");
    let r = post(
        &mut arb,
        &event,
        &format!("{event}/teams"),
        &[
            ("name", "Tours"),
            ("club", "Tours Échecs"),
            ("division", ""),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let t = team(&mut arb, id, "Tours");
    assert_eq!(
        r.location.as_deref(),
        Some(format!("/teams/{id}/teams/{}", t["id"]).as_str())
    );
    // Listed without players, its page one click away.
    let page = arb.get(&event);
    assert!(
        page.body.contains("No player in the roster."),
        "{}",
        page.body
    );
    // A player added through the API mirror and changed there.
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/teams/{}/members", t["id"]),
        &json!({ "name": "Levy, Anne", "rating": 2010 }),
    );
    let anne = r.json()["id"].as_i64().unwrap();
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/teams/{}/members/{anne}", t["id"]),
        &json!({ "name": "Levy, Anne", "rating": 2050, "licence_type": "C" }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/teams/{}/members/{anne}", t["id"]),
        &json!({ "name": "Levy, Anne", "rating": 2050 }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["roster"][0]["rating"], json!(2050));
}

/// A cup team entering at round 2 keeps its entry round when its details are changed on its
/// page (the form does not show it) or through the API without `entry_round`; the API can
/// still change it before round 1 is paired.
#[test]
fn a_cup_teams_entry_round_survives_an_edit_of_its_details() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.cookies.insert("lang".into(), "fr".into());
    let r = arb.post_json(
        "/api/teams/events",
        &json!({ "name": "Coupe de France", "system": "cup", "boards": 4 }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let mut csv = String::from("équipe;nom;elo\n");
    for t in 1..=4 {
        for b in 0..4 {
            csv.push_str(&format!(
                "Club {t};Joueur {t}-{b};{}\n",
                2000 - 50 * t - 10 * b
            ));
        }
    }
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/teams/import"),
        &json!({ "data": csv }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let club1 = team(&mut arb, id, "Club 1")["id"].as_i64().unwrap();
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/cup/teams"),
        &json!({ "teams": [{ "team": club1, "division": 1, "entry_round": 2 }] }),
    );
    assert_eq!(r.status, 200, "{}", r.body);

    // The team's page: a new club name, the division kept; the entry round stays 2.
    let page = format!("/teams/{id}/teams/{club1}");
    let r = post(
        &mut arb,
        &page,
        &page,
        &[
            ("name", "Club 1"),
            ("club", "Échiquier du Centre"),
            ("division", "1"),
            ("federation", "FRA"),
            ("captain", ""),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let t = team(&mut arb, id, "Club 1");
    assert_eq!(t["club"], json!("Échiquier du Centre"));
    assert_eq!(t["entry_round"], json!(2), "{t}");

    // The API without `entry_round` keeps it; with one, changes it (round 1 not yet paired).
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/teams/{club1}"),
        &json!({ "name": "Club 1", "club": "Centre", "division": 1 }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(team(&mut arb, id, "Club 1")["entry_round"], json!(2));
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/teams/{club1}"),
        &json!({ "name": "Club 1", "club": "Centre", "division": 1, "entry_round": 3 }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(team(&mut arb, id, "Club 1")["entry_round"], json!(3));
}
