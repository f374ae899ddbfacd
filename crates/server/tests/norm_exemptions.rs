//! Issue 36 §1: the exemptions of B.01 1.4.3a–c as an event's setting, used by the norms page,
//! the player's card, the certificate (IT1), the report (IT3) and the JSON API; and norms in a
//! team event, each player's games on their boards against the other teams' players.

use serde_json::{json, Value};

use crate::common::{App, Client};
use crate::rating_change_and_norms::{round_robin, ten_result};

/// The ten-player round robin of `rating_change_and_norms` with every player French: the
/// candidate Zulu (2350) meets the same nine opponents (Σ 21700, Ra 2411; three GMs, two IMs,
/// two FMs) and scores the same 7/9 (78 %, dp 220, Rp 2631). Under the normal foreigner
/// requirement no norm: no foreign federation (1.4.3, 0 of 2) and nine French opponents
/// (1.4.4, at most ⌊3 × 9 / 5⌋ = 5). As a national championship (1.4.3a) of the French
/// federation both are waived: a GM norm.
const TEN_FRENCH: &str = "name,title,rating,federation,club
\"Alpha, Al\",GM,2550,FRA,
\"Bravo, Bo\",GM,2500,FRA,
\"Charlie, Cy\",GM,2450,FRA,
\"Delta, Di\",IM,2450,FRA,
\"Echo, Ed\",IM,2400,FRA,
\"Hotel, Hu\",FM,2400,FRA,
\"India, Ida\",FM,2350,FRA,
\"Juliet, Jo\",,2300,FRA,
\"Kilo, Ken\",,2300,FRA,
\"Zulu, Zoe\",,2350,FRA,
";

/// The row `<tr id="norm-{n}-{norm}">` of a norms page.
fn norm_row(page: &str, n: u64, norm: &str) -> String {
    page.split(&format!("<tr id=\"norm-{n}-{norm}\">"))
        .nth(1)
        .unwrap_or_else(|| panic!("no {norm} row for {n} in {page}"))
        .split("</tr>")
        .next()
        .unwrap()
        .to_string()
}

/// The API's entry of pairing number `n`'s `norm`.
fn api_norm(norms: &Value, n: u64, norm: &str) -> Value {
    norms["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["number"] == n)
        .unwrap_or_else(|| panic!("no player {n} in {norms}"))["norms"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["norm"] == norm)
        .unwrap()
        .clone()
}

#[test]
fn the_national_championship_setting_waives_the_federation_rules() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (id, numbers) = round_robin(
        &mut arb,
        json!({"name": "Championnat de France", "rounds": 9, "system": "round_robin",
               "federation": "FRA"}),
        TEN_FRENCH,
        9,
        ten_result,
    );
    let zulu = numbers
        .iter()
        .find(|(n, _)| n.starts_with("Zulu"))
        .unwrap()
        .1;
    arb.accept_language = Some("en".into());
    // The normal foreigner requirement: not possible, for 1.4.3 and 1.4.4.
    let page = arb.get(&format!("/events/{id}/norms")).body;
    let row = norm_row(&page, zulu, "GM");
    assert!(
        row.contains("1.4.3: 0 foreign federations, 2 needed"),
        "{row}"
    );
    assert!(
        row.contains("1.4.4: 9 opponents of the player&#39;s federation, at most 5"),
        "{row}"
    );
    assert!(!page.contains("id=\"norms-exemption\""));
    let norms = arb.get(&format!("/api/events/{id}/norms")).json();
    assert_eq!(norms["exemption"], "none");
    let gm = api_norm(&norms, zulu, "GM");
    assert_eq!(gm["status"], "not_possible", "{gm}");
    let reasons: Vec<&str> = gm["reasons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["reason"].as_str().unwrap())
        .collect();
    assert_eq!(reasons, ["foreign_federations", "own_federation"]);
    assert_eq!(
        arb.get(&format!("/events/{id}/norms/{zulu}/GM")).status,
        404
    );
    // A value the setting does not know is refused, naming the field.
    let settings = |exemption: &str| {
        json!({"name": "Championnat de France", "rounds": 9, "system": "round_robin",
               "federation": "FRA", "norm_exemption": exemption})
    };
    let r = arb.post_json(&format!("/api/events/{id}"), &settings("open"));
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("norm_exemption"), "{}", r.body);
    // The final of the national championship (1.4.3a).
    let r = arb.post_json(
        &format!("/api/events/{id}"),
        &settings("national_championship"),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        r.json()["settings"]["norm_exemption"],
        "national_championship"
    );
    let norms = arb.get(&format!("/api/events/{id}/norms")).json();
    assert_eq!(norms["exemption"], "national_championship");
    let gm = api_norm(&norms, zulu, "GM");
    assert_eq!(
        (
            &gm["status"],
            &gm["average"],
            &gm["performance"],
            &gm["norm_games"]
        ),
        (&json!("achieved"), &json!(2411), &json!(2631), &json!(9)),
        "{gm}"
    );
    let player = norms["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["number"] == zulu)
        .unwrap();
    assert_eq!(player["exemption"], "1.4.3a");
    for (lang, achieved, detail, exemption, field) in [
        (
            "en",
            "Norm achieved",
            "7.0 in 9 games, Ra 2411, Rp 2631; counts for 9 games (federation rules waived (1.4.3a))",
            "Exemption from the federation rules: National championship, final stage (1.4.3a).",
            "Title norms: exemption from the federation rules",
        ),
        (
            "fr",
            "Norme réalisée",
            "7,0 sur 9 parties, Ra 2411, Rp 2631 ; compte pour 9 parties (règles de fédérations levées (1.4.3a))",
            "Exemption des règles de fédérations : Championnat national, phase finale (1.4.3a).",
            "Normes de titre : exemption des règles de fédérations",
        ),
    ] {
        arb.accept_language = Some(lang.into());
        let page = arb.get(&format!("/events/{id}/norms")).body;
        let row = norm_row(&page, zulu, "GM");
        assert!(row.contains(achieved), "{lang}: {row}");
        assert!(row.contains(detail), "{lang}: {row}");
        assert!(page.contains(exemption), "{lang}: {page}");
        // The certificate names the article, the report the setting.
        let it1 = arb.get(&format!("/events/{id}/norms/{zulu}/GM")).body;
        assert!(it1.contains("1.4.3a"), "{lang}: {it1}");
        let it3 = arb.get(&format!("/events/{id}/norms/report")).body;
        assert!(it3.contains("(1.4.3a)"), "{lang}: {it3}");
        // The settings page shows the choice.
        let form = arb.get(&format!("/events/{id}/edit")).body;
        assert!(form.contains(field), "{lang}");
        assert!(
            form.contains("<option value=\"national_championship\" selected>"),
            "{lang}: {form}"
        );
    }
    // The player's card says it too.
    arb.accept_language = Some("en".into());
    let players = arb.get(&format!("/api/events/{id}/players")).json();
    let key = players
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["number"] == zulu)
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let card = arb.get(&format!("/events/{id}/players/{key}")).body;
    assert!(
        card.contains("id=\"card-norm-GM\">GM — Norm achieved"),
        "{card}"
    );
    assert!(card.contains("federation rules waived (1.4.3a)"), "{card}");
}

/// Ten French clubs of two boards in a round robin (nine rounds) registered by the French
/// federation. On board 1 the Zulu club's Zoe Zulu (FRA, 2350) meets the other clubs' first
/// boards, who are of their own federations whatever their club's: GMs 2550 GER, 2500 ESP,
/// 2450 ITA, IMs 2450 GER and 2400 FRA, FMs 2400 and 2350 FRA, 2300 NED and 2300 FRA. On board 2
/// Yves Yankee (FRA, 2350) meets the second boards: the same ratings and titles, all French.
/// Both score 7/9 on their board (wins against the GMs, the IMs and the 2400 FM, draws with
/// the 2350 FM and the Dutch (or French) 2300, a loss to the other 2300); every other game is
/// drawn. Each: Σ 21700, Ra 2411 (1.4.7), 78 %, dp 220, Rp 2631 ≥ 2600 (1.4.8); three GMs ≥ 3,
/// seven titled ≥ 5 (1.4.5).
/// - Zulu: GER, ESP, ITA, NED are four foreign federations (1.4.3); four French opponents ≤ 5
///   and two German ≤ 6 (1.4.4): a GM norm whatever the setting.
/// - Yankee: nine French opponents, none foreign: no norm (1.4.3, 1.4.4), until the event is
///   set as a national team championship (1.4.3b), which waives both for the French
///   federation's players: a GM norm.
const CLUBS: [(&str, &str, u16, &str, &str); 9] = [
    ("Alpha", "GM", 2550, "GER", "1-0"),
    ("Bravo", "GM", 2500, "ESP", "1-0"),
    ("Charlie", "GM", 2450, "ITA", "1-0"),
    ("Delta", "IM", 2450, "GER", "1-0"),
    ("Echo", "IM", 2400, "FRA", "1-0"),
    ("Hotel", "FM", 2400, "FRA", "1-0"),
    ("India", "FM", 2350, "FRA", "1/2"),
    ("Juliet", "", 2300, "NED", "1/2"),
    ("Kilo", "", 2300, "FRA", "0-1"),
];

/// The clubs' rosters; FIDE ids 100011 (Alpha, One), 100012 (Alpha, Two), 100021 (Bravo,
/// One)... and 100001 for Zoe Zulu, 100002 for Yves Yankee.
fn club_rosters() -> String {
    let mut csv = String::from("team;board;name;rating;federation;title;fide id\n");
    csv.push_str(
        "Zulu club;1;Zulu, Zoe;2350;FRA;;100001\nZulu club;2;Yankee, Yves;2350;FRA;;100002\n",
    );
    for (i, (name, title, rating, fed, _)) in CLUBS.iter().enumerate() {
        let id = 100011 + 10 * i;
        csv.push_str(&format!(
            "{name} club;1;{name}, One;{rating};{fed};{title};{id}\n{name} club;2;{name}, Two;{rating};FRA;{title};{}\n",
            id + 1
        ));
    }
    csv
}

/// The result on a board between `white` and `black` (names): the candidates' as above, from
/// White's side, and a draw between any two others.
fn club_result(white: &str, black: &str) -> String {
    let candidate = |n: &str| n.starts_with("Zulu") || n.starts_with("Yankee");
    let score = |other: &str| {
        CLUBS
            .iter()
            .find(|c| other.starts_with(c.0))
            .unwrap_or_else(|| panic!("{other}"))
            .4
    };
    let flip = |r: &str| match r {
        "1-0" => "0-1".to_string(),
        "0-1" => "1-0".to_string(),
        other => other.to_string(),
    };
    match (candidate(white), candidate(black)) {
        (true, _) => score(black).to_string(),
        (_, true) => flip(score(white)),
        _ => "1/2".to_string(),
    }
}

fn play_club_event(arb: &mut Client, id: i64) {
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/teams/import"),
        &json!({ "data": club_rosters() }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let teams = arb.get(&format!("/api/teams/events/{id}/teams")).json();
    let name = |key: &Value| -> String {
        teams
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|t| t["roster"].as_array().unwrap())
            .find(|m| &m["id"] == key)
            .unwrap_or_else(|| panic!("no member {key}"))["name"]
            .as_str()
            .unwrap()
            .to_string()
    };
    for round in 1..=9 {
        let r = arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
        assert_eq!(r.status, 200, "round {round}: {}", r.body);
        let paired = r.json();
        let mut results = Vec::new();
        for m in paired["matches"].as_array().unwrap() {
            for b in m["boards"].as_array().unwrap() {
                let code = club_result(&name(&b["white"]), &name(&b["black"]));
                results.push(json!({ "match": m["number"], "board": b["board"], "result": code }));
            }
        }
        let r = arb.post_json(
            &format!("/api/teams/events/{id}/rounds/{round}/results"),
            &json!({ "results": results }),
        );
        assert_eq!(r.status, 200, "round {round}: {}", r.body);
    }
}

#[test]
fn norms_in_a_team_event_on_each_board() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let r = arb.post_json(
        "/api/teams/events",
        &json!({"name": "Top 12", "system": "round_robin", "boards": 2, "federation": "FRA",
                "place": "Chartres", "chief_arbiter": "Marie Curie", "time_control": "90+30"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    play_club_event(&mut arb, id);
    let norms = arb.get(&format!("/api/teams/events/{id}/norms")).json();
    assert_eq!(norms["round"], 9, "{norms}");
    let number = |name: &str| {
        norms["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"].as_str().unwrap().starts_with(name))
            .unwrap_or_else(|| panic!("no {name} in {norms}"))["number"]
            .as_u64()
            .unwrap()
    };
    let (zulu, yankee) = (number("Zulu"), number("Yankee"));
    let zulu_gm = api_norm(&norms, zulu, "GM");
    assert_eq!(
        (
            &zulu_gm["status"],
            &zulu_gm["games"],
            &zulu_gm["points"],
            &zulu_gm["average"],
            &zulu_gm["performance"]
        ),
        (
            &json!("achieved"),
            &json!(9),
            &json!(7.0),
            &json!(2411),
            &json!(2631)
        ),
        "{zulu_gm}"
    );
    let yankee_gm = api_norm(&norms, yankee, "GM");
    assert_eq!(yankee_gm["status"], "not_possible", "{yankee_gm}");
    arb.accept_language = Some("en".into());
    let page = arb.get(&format!("/teams/{id}/norms")).body;
    let row = norm_row(&page, zulu, "GM");
    assert!(
        row.contains("7.0 in 9 games, Ra 2411, Rp 2631; counts for 9 games"),
        "{row}"
    );
    assert!(norm_row(&page, yankee, "GM").contains("1.4.3: 0 foreign federations, 2 needed"));
    assert!(page.contains("id=\"team-nav-norms\""));
    team_norm_forms(&mut arb, id, zulu, yankee);
    // A national team championship (1.4.3b), set on the settings page.
    let settings = arb.get(&format!("/teams/{id}/settings")).body;
    assert!(settings.contains("<option value=\"national_team_championship\">"));
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/settings"),
        &json!({"name": "Top 12", "system": "round_robin", "boards": 2, "rounds": 9,
                "federation": "FRA", "norm_exemption": "national_team_championship"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let norms = arb.get(&format!("/api/teams/events/{id}/norms")).json();
    let yankee_gm = api_norm(&norms, yankee, "GM");
    assert_eq!(
        (
            &yankee_gm["status"],
            &yankee_gm["average"],
            &yankee_gm["performance"]
        ),
        (&json!("achieved"), &json!(2411), &json!(2631)),
        "{yankee_gm}"
    );
    // Now Yankee has a certificate, which names the exemption.
    arb.accept_language = Some("en".into());
    let r = arb.get(&format!("/teams/{id}/norms/{yankee}/GM"));
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        r.body
            .contains("Exemption from the federation rules: 1.4.3b"),
        "{}",
        r.body
    );
    for (lang, detail) in [
        (
            "en",
            "7.0 in 9 games, Ra 2411, Rp 2631; counts for 9 games (federation rules waived (1.4.3b))",
        ),
        (
            "fr",
            "7,0 sur 9 parties, Ra 2411, Rp 2631 ; compte pour 9 parties (règles de fédérations levées (1.4.3b))",
        ),
    ] {
        arb.accept_language = Some(lang.into());
        let page = arb.get(&format!("/teams/{id}/norms")).body;
        assert!(
            norm_row(&page, yankee, "GM").contains(detail),
            "{lang}: {page}"
        );
        let settings = arb.get(&format!("/teams/{id}/settings")).body;
        assert!(
            settings.contains("<option value=\"national_team_championship\" selected>"),
            "{lang}: {settings}"
        );
    }
}

/// The title result certificate (IT1) of Zoe Zulu's GM norm in the Top 12 and the tournament
/// report (IT3), in both languages, filled from the team event: the figures are the hand
/// computation above CLUBS (7/9, 78 %, Ra 2411, Rp 2631; seven titled opponents of whom three
/// GMs and two IMs, four foreign federations and four French opponents). Yves Yankee's GM norm
/// is not achieved (no foreign opponent): no certificate.
fn team_norm_forms(arb: &mut Client, id: i64, zulu: u64, yankee: u64) {
    for (lang, heading, score, opponents, exemption, results) in [
        (
            "en",
            "Certificate of title result — GM",
            "7.0",
            "Opponents: titled 7, GM 3, IM 2, WGM 0, WIM 0; foreign federations 4;",
            "None (the normal foreigner requirement)",
            "Title results achieved",
        ),
        (
            "fr",
            "Certificat de résultat de titre — GM",
            "7,0",
            "Adversaires : titrés 7, GMI 3, MI 2, GMF 0, MIF 0 ; fédérations étrangères 4 ;",
            "Aucune (règle normale des étrangers)",
            "Résultats de titre obtenus",
        ),
    ] {
        arb.accept_language = Some(lang.into());
        let page = arb.get(&format!("/teams/{id}/norms")).body;
        assert!(
            norm_row(&page, zulu, "GM").contains(&format!("href=\"/teams/{id}/norms/{zulu}/GM\"")),
            "{lang}: {page}"
        );
        assert!(
            page.contains(&format!("href=\"/teams/{id}/norms/report\"")),
            "{lang}"
        );
        let r = arb.get(&format!("/teams/{id}/norms/{zulu}/GM"));
        assert_eq!(r.status, 200, "{lang}: {}", r.body);
        let it1 = r.body;
        for want in [
            heading,
            "<dd>Zulu, Zoe</dd>",
            "<dd>100001</dd>",
            "<dd>Top 12</dd>",
            "<dd>Chartres</dd>",
            "<dd>FRA</dd>",
            "<dd>Marie Curie</dd>",
            "<dd>90+30</dd>",
            "<dd>9 / 9</dd>",
            "<dd>2411</dd>",
            "<dd>2631</dd>",
            "<dd>78 %</dd>",
            &format!("<dd>{score}</dd>"),
            opponents,
        ] {
            assert!(it1.contains(want), "{lang}: {want} not in {it1}");
        }
        // The nine games on board 1, each opponent with their title, FIDE id, own federation
        // (not their club's) and rating.
        assert_eq!(it1.matches("<tr><td class=\"num\">").count(), 9, "{lang}");
        for (i, (name, title, rating, fed, result)) in CLUBS.iter().enumerate() {
            let result = match *result {
                "1-0" => "1",
                "1/2" => "½",
                _ => "0",
            };
            let row = format!(
                "<td>{name}, One</td><td>{title}</td><td class=\"num\">{}</td><td>{fed}</td><td class=\"num\">{rating}</td><td class=\"num\">{result}</td>",
                100011 + 10 * i
            );
            assert!(it1.contains(&row), "{lang}: {row} not in {it1}");
        }
        let r = arb.get(&format!("/teams/{id}/norms/report"));
        assert_eq!(r.status, 200, "{lang}: {}", r.body);
        let it3 = r.body;
        let line = format!(
            "<tr><td>Zulu, Zoe</td><td class=\"num\">100001</td><td>FRA</td><td>GM</td><td class=\"num\">9</td><td class=\"num\">{score} / 9</td><td class=\"num\">2411</td><td class=\"num\">2631</td></tr>"
        );
        assert!(it3.contains(&line), "{lang}: {line} not in {it3}");
        assert!(!it3.contains("Yankee, Yves"), "{lang}: {it3}");
        assert!(
            it3.contains("<dd>Top 12</dd>") && it3.contains("<dd>Marie Curie</dd>"),
            "{lang}"
        );
        assert!(
            it3.contains(&format!("<dd>{exemption}</dd>")),
            "{lang}: {it3}"
        );
        assert!(it3.contains(results), "{lang}");
        // A norm not achieved, or not a norm, has no certificate.
        for path in [
            format!("{yankee}/GM"),
            format!("{zulu}/XX"),
            "999/GM".to_string(),
        ] {
            let r = arb.get(&format!("/teams/{id}/norms/{path}"));
            assert_eq!(r.status, 404, "{lang}: {path}");
        }
    }
}
