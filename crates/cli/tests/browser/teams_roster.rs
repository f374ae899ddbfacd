//! A team entered and its roster kept on its own page, as an arbiter does in Swiss-Manager or
//! Papi (issue 39 §4 and §7), in French then in English: a team added on the event's page, its
//! players typed (a bad rating named), one changed, the roster put in another order, the team's
//! club and division; after round 1 is paired, the default lineup against the women's rule
//! said on the round's page, a fielded player kept and a reserve removed.

use std::path::PathBuf;

use super::harness::{artifacts_dir, Driver, Server};
use super::teams::Desk;

/// Tours's players as typed: name, rating, sex, licence, national rating.
const TOURS: [(&str, &str, &str, &str, &str); 3] = [
    ("Levy, Anne", "2010", "w", "K10001", "2030 F"),
    ("Martin, Paul", "1900", "m", "K10002", "1900 F"),
    ("Roux, Marc", "1950", "m", "K10003", "1960 N"),
];

pub async fn roster(chromedriver: PathBuf) {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shots = artifacts_dir("teams-roster");
    let server = Server::start(&tmp.path().join("test.db"));
    let driver = Driver::start(&chromedriver);
    let mut d = Desk::open(&driver, &server, &shots).await;
    d.create("Interclubs jeunes", "round_robin", None, 2, "")
        .await;
    let b = d.b();
    // At least one woman in each lineup.
    b.goto(&d.url("/settings")).await;
    b.fill("input[name=federation]", "FRA").await;
    b.fill("#rule_min_women", "1").await;
    d.a.press("#team-settings-save", "save the rules").await;

    // Two teams added on the event's page, each opening its own page.
    for (name, club) in [("Tours", "Échiquier Tourangeau"), ("Blois", "Blois Échecs")] {
        b.goto(&d.url("")).await;
        b.fill("#new-team-name", name).await;
        b.fill("#new-team-club", club).await;
        d.a.press("#team-add-button", "add a team").await;
        assert!(
            b.current_url().await.contains("/teams/"),
            "the team's page after adding it"
        );
        assert_eq!(b.value("#team-name").await, name);
    }
    let teams = d.teams().await;
    let tours = teams.iter().find(|t| t.name == "Tours").expect("Tours").id;
    let blois = teams.iter().find(|t| t.name == "Blois").expect("Blois").id;

    // A rating typed wrong is named, in French; nothing is added.
    let page = d.url(&format!("/teams/{tours}"));
    b.goto(&page).await;
    b.fill("#member-name", "Levy, Anne").await;
    b.fill("#member-rating", "20x0").await;
    let said =
        d.a.press_refused("#member-add-button", "a rating typed wrong")
            .await;
    assert!(said.contains("3999") && said.contains("20x0"), "{said}");
    for (name, rating, sex, licence, national) in TOURS {
        b.goto(&page).await;
        b.fill("#member-name", name).await;
        b.fill("#member-rating", rating).await;
        b.select("#member-sex", sex).await;
        b.fill("#member-licence", licence).await;
        b.select("#member-licence-type", "A").await;
        b.fill("#member-national-rating", national).await;
        b.fill("#member-federation", "FRA").await;
        d.a.press("#member-add-button", "add a player").await;
    }
    for (name, rating) in [("Petit, Luc", "1700"), ("Morel, Jean", "1650")] {
        b.goto(&d.url(&format!("/teams/{blois}"))).await;
        b.fill("#member-name", name).await;
        b.fill("#member-rating", rating).await;
        d.a.press("#member-add-button", "add a player to Blois")
            .await;
    }
    // Marc (1950) above Paul (1900): his board typed 2, Paul's 3.
    let roster = d
        .teams()
        .await
        .into_iter()
        .find(|t| t.id == tours)
        .unwrap()
        .roster;
    b.goto(&page).await;
    b.fill(&format!("#o-{}", roster[1].0), "3").await;
    b.fill(&format!("#o-{}", roster[2].0), "2").await;
    d.a.press("#roster-order-save", "reorder the roster").await;
    let names: Vec<String> = d
        .teams()
        .await
        .into_iter()
        .find(|t| t.id == tours)
        .unwrap()
        .roster
        .into_iter()
        .map(|m| m.1)
        .collect();
    assert_eq!(names, ["Levy, Anne", "Roux, Marc", "Martin, Paul"]);
    // The team's division and captain.
    b.goto(&page).await;
    b.fill("#team-division", "3").await;
    b.fill("#team-captain", "Levy, Anne").await;
    d.a.press("#team-details-save", "save the team").await;
    d.shot("roster-fr").await;
    // Paul's national rating changed on his own page.
    b.goto(&d.url(&format!("/teams/{tours}/members/{}", roster[1].0)))
        .await;
    b.fill("#member-national-rating", "1920 F").await;
    d.shot("member-fr").await;
    d.a.press("#member-save", "save the player").await;

    // Round 1: Blois's default lineup has no woman; the round's page says so.
    d.pair(1).await;
    b.goto(&d.url("/rounds/1")).await;
    let said = b
        .find("#lineup-breaches")
        .await
        .text()
        .await
        .unwrap_or_default();
    assert!(
        said.contains("Blois : aucune joueuse : 1 au moins"),
        "{said}"
    );
    assert!(!said.contains("Tours :"), "{said}");
    d.shot("lineup-breaches-fr").await;
    // Anne plays board 1: she stays, and her team's page says why; Paul, the reserve, goes.
    b.goto(&page).await;
    let anne = roster[0].0;
    assert!(!b.exists(&format!("#remove-{anne}")).await);
    let why = b
        .find(&format!("#stays-{anne}"))
        .await
        .text()
        .await
        .unwrap_or_default();
    assert!(why.contains("ronde 1"), "{why}");
    b.click_and_confirm(&format!("#remove-{}", roster[1].0))
        .await;
    d.a.assert_no_error("remove the reserve").await;
    let left = d
        .teams()
        .await
        .into_iter()
        .find(|t| t.id == tours)
        .unwrap()
        .roster
        .len();
    assert_eq!(left, 2);

    // In English.
    d.a.switch_language("en").await;
    b.goto(&page).await;
    assert!(b.body_text().await.contains("Add a player"));
    d.shot("roster-en").await;
    b.goto(&d.url("/rounds/1")).await;
    let said = b
        .find("#lineup-breaches")
        .await
        .text()
        .await
        .unwrap_or_default();
    assert!(said.contains("Blois: no woman: at least 1"), "{said}");
}
