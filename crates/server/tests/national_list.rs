//! A national rating list at the desk: uploaded with its columns mapped once for the
//! federation, loaded again with the saved mapping, searched by licence or name, a hit
//! registering a player or filling the national data of one already registered; and an event
//! paired by the higher of the FIDE and national ratings.
//!
//! The FFE's real list format is not available offline: the lists below are a sample of our
//! own with French headers of the kind the FFE uses (`NrFFE`, `Nom`, `Prenom`, `Elo`, …); the
//! players, licences and ratings are invented.

use serde_json::{json, Value};

use crate::common::{csrf_in, App};

const MARCH: &str = "NrFFE;Nom;Prenom;Elo;Fide;NrFide;Club;Ligue;Sexe;Cat\n\
K59857;MARTIN;Alice;1790 N;1850;36012345;Echiquier Lillois;Hauts-de-France;F;BenF\n\
M12345;DURAND;Bernard;1420 E;;;Cercle de Rennes;Bretagne;M;VetM\n\
P00042;LÉVY;Éloïse;2105 F;2105;;Club de Nice;Sud;F;SenF\n";

/// April: the columns in another order, a new player.
const APRIL: &str = "Nom;Prenom;Cat;NrFFE;Club;Elo;Ligue;Sexe;Fide;NrFide\n\
MARTIN;Alice;BenF;K59857;Echiquier Lillois;1812 N;Hauts-de-France;F;1850;36012345\n\
DURAND;Bernard;VetM;M12345;Cercle de Rennes;1420 E;Bretagne;M;;\n\
LÉVY;Éloïse;SenF;P00042;Club de Nice;2105 F;Sud;F;2105;\n\
PETIT;Chloé;PupF;R77001;Club de Nice;1100 E;Sud;F;;\n";

#[test]
fn a_list_mapped_once_on_its_page_loads_again_and_fills_players_at_the_desk() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let r = arb.post_json(
        "/api/events",
        &json!({"name": "Open de Lille", "rounds": 5, "federation": "FRA"}),
    );
    let id = r.json()["id"].as_i64().unwrap();
    arb.cookies.insert("lang".into(), "fr".into());

    let page = arb.get(&format!("/national-list?event={id}"));
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Liste Elo nationale"), "{}", page.body);
    // The event's federation is offered; no mapping is saved yet.
    assert!(page
        .body
        .contains("name=\"federation\" size=\"4\" value=\"FRA\""));
    let csrf = csrf_in(&page.body);
    let event = id.to_string();
    let mapped = [
        ("csrf", csrf.as_str()),
        ("event", event.as_str()),
        ("federation", "FRA"),
        ("separator", ""),
        ("col-licence", "NrFFE"),
        ("col-surname", "Nom"),
        ("col-first_name", "Prénom"),
        ("col-rating", "Elo"),
        ("col-fide_rating", "Fide"),
        ("col-fide_id", "NrFide"),
        ("col-club", "Club"),
        ("col-league", "Ligue"),
        ("col-sex", "Sexe"),
        ("col-category", "Cat"),
    ];
    // Without a mapping the first list is refused, saying so.
    let r = arb.post_multipart(
        "/national-list",
        &[("csrf", &csrf), ("federation", "FRA")],
        ("file", "mars.csv", MARCH),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body.contains(
            "Aucune association de colonnes n&#39;est encore enregistrée pour cette fédération"
        ),
        "{}",
        r.body
    );

    let r = arb.post_multipart("/national-list", &mapped, ("file", "mars.csv", MARCH));
    assert_eq!(r.status, 303, "{}", r.body);
    let to = r.location.clone().unwrap();
    assert!(to.contains("loaded=3"), "{to}");
    let page = arb.get(&to);
    assert!(
        page.body.contains("id=\"national-source-FRA\""),
        "{}",
        page.body
    );
    assert!(page.body.contains("mars.csv"));
    // The saved mapping fills the form again.
    assert!(
        page.body.contains("name=\"col-licence\" value=\"NrFFE\""),
        "{}",
        page.body
    );

    // April's list, its columns moved, loads with the saved mapping alone.
    let r = arb.post_multipart(
        "/national-list",
        &[("csrf", &csrf), ("federation", "FRA")],
        ("file", "avril.csv", APRIL),
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert!(r.location.unwrap().contains("loaded=4"));

    // A bad cell: named by line and column; April's list stays.
    let bad = APRIL.replace("1100 E", "11OO E");
    let r = arb.post_multipart(
        "/national-list",
        &[("csrf", &csrf), ("federation", "FRA")],
        ("file", "mai.csv", &bad),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body
            .contains("Fichier, ligne 5, colonne 38 : Le classement national"),
        "{}",
        r.body
    );
    assert!(r.body.contains("11OO E"), "{}", r.body);
    assert!(arb.get("/national-list").body.contains("avril.csv"));

    // At the desk: Bernard is registered by hand, without national data.
    let r = arb.post_json(
        &format!("/api/events/{id}/players"),
        &json!({"name": "Durand, Bernard", "rating": 1500}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let desk = arb.get(&format!("/events/{id}/players?nq=k59857"));
    assert!(
        desk.body.contains("id=\"national-results\""),
        "{}",
        desk.body
    );
    assert!(desk.body.contains(">1812 N</td>"), "{}", desk.body);
    let r = arb.post_form(
        &format!("/events/{id}/players/national"),
        &[
            ("csrf", &csrf),
            ("federation", "FRA"),
            ("licence", "K59857"),
            ("nq", "k59857"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    // The search by name offers to fill Bernard's data rather than register him twice.
    let desk = arb.get(&format!("/events/{id}/players?nq=durand"));
    assert!(
        desk.body.contains("id=\"national-fill-M12345\""),
        "{}",
        desk.body
    );
    let bernard = arb.get(&format!("/api/events/{id}/players")).json();
    let key = bernard
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Durand, Bernard")
        .unwrap()["id"]
        .as_i64()
        .unwrap()
        .to_string();
    let r = arb.post_form(
        &format!("/events/{id}/players/national"),
        &[
            ("csrf", &csrf),
            ("federation", "FRA"),
            ("licence", "M12345"),
            ("player", &key),
            ("nq", "durand"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);

    let players = arb.get(&format!("/api/events/{id}/players")).json();
    let named = |name: &str| -> Value {
        players
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .unwrap_or_else(|| panic!("{name} in {players}"))
            .clone()
    };
    assert_eq!(players.as_array().unwrap().len(), 2);
    let alice = named("MARTIN, Alice");
    assert_eq!(alice["licence"], "K59857");
    assert_eq!(alice["national_rating"], 1812);
    assert_eq!(alice["national_rating_kind"], "N");
    assert_eq!(alice["fide_id"], 36012345);
    assert_eq!(alice["rating"], 1850);
    assert_eq!(alice["club"], "Echiquier Lillois");
    assert_eq!(alice["league"], "Hauts-de-France");
    assert_eq!(alice["sex"], "w");
    let bernard = named("Durand, Bernard");
    assert_eq!(bernard["licence"], "M12345");
    assert_eq!(bernard["national_rating"], 1420);
    assert_eq!(bernard["national_rating_kind"], "E");
    assert_eq!(bernard["rating"], 1500, "his FIDE rating as typed");
    assert_eq!(bernard["club"], "Cercle de Rennes");
    let desk = arb.get(&format!("/events/{id}/players?nq=durand"));
    assert!(desk.body.contains("id=\"national-registered-M12345\""));
}

#[test]
fn the_api_loads_a_list_with_a_mapping_searches_it_and_registers_a_hit() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let columns = json!({
        "licence": "NrFFE", "surname": "Nom", "first_name": "Prenom", "rating": "Elo",
        "fide_rating": "Fide", "fide_id": "NrFide", "club": "Club", "league": "Ligue",
        "sex": "Sexe", "category": "Cat"
    });
    let r = arb.post_json(
        "/api/national-list",
        &json!({"federation": "FRA", "file_name": "mars.csv", "text": MARCH, "separator": ";", "columns": columns}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["loaded"], 3);
    assert_eq!(r.json()["mapping"]["separator"], ";");
    // The next list without columns: the saved mapping reads it.
    let r = arb.post_json(
        "/api/national-list",
        &json!({"federation": "FRA", "file_name": "avril.csv", "text": APRIL}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["loaded"], 4);
    let r = arb.post_json(
        "/api/national-list",
        &json!({"federation": "BEL", "text": MARCH}),
    );
    assert_eq!(r.status, 422, "{}", r.body);

    let found = arb.get("/api/national-list?q=levy").json();
    assert_eq!(found["players"][0]["player"]["licence"], "P00042");
    assert_eq!(found["players"][0]["category"], "SenF");
    assert_eq!(found["sources"][0]["file_name"], "avril.csv");

    let r = arb.post_json("/api/events", &json!({"name": "Open", "rounds": 5}));
    let id = r.json()["id"].as_i64().unwrap();
    let r = arb.post_json(
        &format!("/api/events/{id}/players/national"),
        &json!({"federation": "FRA", "licence": "r77001"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let p = r.json();
    assert_eq!(p["name"], "PETIT, Chloé");
    assert_eq!(p["licence"], "R77001");
    assert_eq!(p["national_rating"], 1100);
    assert_eq!(p["national_rating_kind"], "E");
    let r = arb.post_json(
        &format!("/api/events/{id}/players/national"),
        &json!({"federation": "FRA", "licence": "Z99999"}),
    );
    assert_eq!(r.status, 404, "{}", r.body);
}

#[test]
fn an_event_paired_by_the_higher_rating_pairs_round_1_in_that_order() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let r = arb.post_json(
        "/api/events",
        &json!({"name": "Open B", "rounds": 5, "pairing_rating": "higher"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    assert_eq!(
        arb.get(&format!("/api/events/{id}")).json()["settings"]["pairing_rating"],
        "higher"
    );
    // By FIDE's rating alone the order would be Ben, Dan, Ada, Cyd.
    let csv = "Nom;Elo;Elo national\n\
               Ada;1500;1900 N\n\
               Ben;1800;\n\
               Cyd;;1700 E\n\
               Dan;1600;1550 N\n";
    let r = arb.post_json(
        &format!("/api/events/{id}/players/import"),
        &json!({"data": csv}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    arb.post_json(
        &format!("/api/events/{id}/players/present"),
        &json!({"present": true}),
    );
    arb.cookies.insert("lang".into(), "fr".into());
    let desk = arb.get(&format!("/events/{id}/players"));
    assert!(desk.body.contains("Elo appar."), "{}", desk.body);
    let csrf = csrf_in(&desk.body);
    let r = arb.post_form(
        &format!("/events/{id}/pair"),
        &[("csrf", &csrf), ("round", "1")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = arb.get(&format!("/events/{id}/rounds/1")).body;
    // Board 1: Ada (1 by the higher rating, 1900 N) – Cyd (3, 1700 E); board 2: Dan (4,
    // White as the lower number of an even board) – Ben (2, 1800 F).
    let order: Vec<usize> = [
        "Ada", "1900 N", "Cyd", "1700 E", "Dan", "1600 F", "Ben", "1800 F",
    ]
    .iter()
    .map(|s| page.find(s).unwrap_or_else(|| panic!("{s} in {page}")))
    .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?} in {page}");

    // Changing it now would renumber the players: refused.
    let r = arb.post_json(
        &format!("/api/events/{id}"),
        &json!({"name": "Open B", "rounds": 5, "pairing_rating": "fide"}),
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(r.json()["reason"], "pairing_rating_fixed", "{}", r.body);
}
