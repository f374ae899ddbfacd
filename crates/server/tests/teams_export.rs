//! The static HTML export of a team event: one file with the standings, each round's matches
//! and boards, the crosstable and the board prizes, every link pointing inside the file, and
//! nothing of the arbiter's (captains' codes, tokens, scripts).

use serde_json::{json, Value};

use crate::common::{App, Client};

/// A 4-team, 2-board round robin with round 1 played and round 2 paired; its id and the
/// rounds as the API gives them.
fn event(arb: &mut Client) -> (i64, Vec<Value>) {
    let r = arb.post_json(
        "/api/teams/events",
        &json!({ "name": "Ligue d'été 2026", "system": "round_robin", "boards": 2 }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let mut csv = String::from("team,board,name,rating\n");
    for t in 0..4 {
        for b in 0..3 {
            csv.push_str(&format!(
                "Club {t},{},Player {t}-{b},{}\n",
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
    let r = arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
    let round1 = r.json();
    let mut results = Vec::new();
    for m in round1["matches"].as_array().unwrap() {
        results.push(json!({ "match": m["number"], "board": 1, "result": "1-0" }));
        results.push(json!({ "match": m["number"], "board": 2, "result": "1/2" }));
    }
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/1/results"),
        &json!({ "results": results }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let rounds = (1..=2)
        .map(|n| {
            arb.get(&format!("/api/teams/events/{id}/rounds/{n}"))
                .json()
        })
        .collect();
    (id, rounds)
}

/// Every `href` of a page.
fn links(page: &str) -> Vec<String> {
    page.split("href=\"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap().to_string())
        .collect()
}

/// The part of the page inside the element with this id, to the next `</section>`.
fn section<'a>(page: &'a str, id: &str) -> &'a str {
    let from = page
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("{id} in {page}"));
    let rest = &page[from..];
    &rest[..rest.find("</section>").unwrap_or(rest.len())]
}

#[test]
fn the_static_export_holds_the_whole_team_event_with_links_inside_the_file() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.accept_language = Some("en".into());
    let (id, rounds) = event(&mut arb);
    let nav = arb.get(&format!("/teams/{id}"));
    assert!(nav
        .body
        .contains(&format!("href=\"/teams/{id}/export.html\"")));
    let r = arb.get(&format!("/teams/{id}/export.html"));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        r.header("content-disposition"),
        Some("attachment; filename=\"Ligue-d-t-2026.html\"")
    );
    let page = &r.body;
    // The sections, and the contents linking to each.
    for target in [
        "standings-section",
        "round-1",
        "round-2",
        "crosstable-section",
        "boards-section",
    ] {
        assert!(page.contains(&format!("id=\"{target}\"")), "{target}");
        assert!(page.contains(&format!("href=\"#{target}\"")), "{target}");
    }
    // Every link points inside the file, at an element that is there.
    let all = links(page);
    assert!(all.len() > 8, "{all:?}");
    for link in &all {
        let target = link
            .strip_prefix('#')
            .unwrap_or_else(|| panic!("{link} leaves the file"));
        assert!(page.contains(&format!("id=\"{target}\"")), "{link}");
    }
    // The crosstable's teams link to their standings line.
    assert!(section(page, "crosstable-section").contains("href=\"#standing-1\""));
    // Round 1's boards with names and results; round 2's lineups wait for its results.
    let round1 = section(page, "round-1");
    let first = &rounds[0]["matches"][0];
    assert!(round1.contains("Match 1: "), "{round1}");
    assert!(round1.contains("1-0") && round1.contains("½-½"), "{round1}");
    assert!(round1.contains("Player "), "{round1}");
    let round2 = section(page, "round-2");
    assert!(!round2.contains("Player "), "{round2}");
    assert!(round2.contains("The lineups appear here"), "{round2}");
    assert!(section(page, "boards-section").contains("id=\"board-prizes-2\""));
    assert!(section(page, "standings-section").contains("id=\"team-standings\""));
    // Nothing of the arbiter's.
    for round in &rounds {
        for m in round["matches"].as_array().unwrap() {
            for c in m["codes"].as_array().unwrap() {
                let code = c["code"].as_str().unwrap();
                assert!(!page.contains(code), "captain's code {code}");
            }
        }
    }
    assert!(first["codes"].as_array().is_some_and(|c| !c.is_empty()));
    for absent in ["<script", "csrf", "<form", "<input"] {
        assert!(!page.contains(absent), "{absent}");
    }
    // In French; and through the API with the login only.
    arb.accept_language = Some("fr".into());
    arb.cookies.insert("lang".into(), "fr".into());
    let fr = arb.get(&format!("/api/teams/events/{id}/export.html"));
    assert_eq!(fr.status, 200);
    assert!(fr.body.contains("<html lang=\"fr\">"), "{}", fr.body);
    assert!(fr.body.contains("Classement"), "{}", fr.body);
    assert!(fr.body.contains("Grille américaine"), "{}", fr.body);
    let mut anon = app.client();
    assert_ne!(anon.get(&format!("/teams/{id}/export.html")).status, 200);
}
