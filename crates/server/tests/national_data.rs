//! A French club's player list with its national data (licence, licence type, league, the
//! kind of the national rating), imported, shown at the desk with each player's FFE category
//! for the event's season, and edited from the player's form.

use serde_json::json;

use crate::common::{csrf_in, App};

#[test]
fn the_desk_shows_licences_categories_and_national_ratings_as_imported_and_edited() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let r = arb.post_json(
        "/api/events",
        &json!({"name": "Open de Lyon", "rounds": 5, "start_date": "2026-11-28"}),
    );
    let id = r.json()["id"].as_i64().unwrap();
    let csv = "Nom;Prénom;Elo;Elo national;N° de licence;Type de licence;Ligue;Né le;Sexe\n\
               Martin;Alice;1850;1790 N;k59857;A;Auvergne-Rhône-Alpes;02/05/2013;F\n\
               Durand;Bob;;1420E;M12345;B;Bretagne;1960;M\n\
               Petit;Chloé;2010;2010 F;;;;2008-08-31;F\n";
    let r = arb.post_json(
        &format!("/api/events/{id}/players/import"),
        &json!({"data": csv}),
    );
    assert_eq!(r.status, 200, "{}", r.body);

    // The API carries the national data as typed.
    let players = arb.get(&format!("/api/events/{id}/players")).json();
    let named = |name: &str| {
        players
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .unwrap()
            .clone()
    };
    let alice = &named("Martin, Alice");
    assert_eq!(alice["licence"], "K59857");
    assert_eq!(alice["licence_type"], "A");
    assert_eq!(alice["league"], "Auvergne-Rhône-Alpes");
    assert_eq!(alice["national_rating"], 1790);
    assert_eq!(alice["national_rating_kind"], "N");

    // The desk's list, in French: licence with its type, category of the 2026/2027 season
    // (born 2013: 14 in 2027, Benjamine; born 1960: Vétéran; born 2008: 19, Junior), the
    // national rating with its kind.
    arb.cookies.insert("lang".into(), "fr".into());
    let page = arb.get(&format!("/events/{id}/players")).body;
    let row = |name: &str| {
        let at = page
            .find(name)
            .unwrap_or_else(|| panic!("{name} in {page}"));
        let end = page[at..].find("</tr>").unwrap() + at;
        page[at..end].to_string()
    };
    let a = row("Martin, Alice");
    assert!(a.contains(">K59857 A</td>"), "{a}");
    assert!(a.contains("<td>BenF</td>"), "{a}");
    assert!(a.contains(">1790 N</td>"), "{a}");
    let b = row("Durand, Bob");
    assert!(
        b.contains(">M12345 B</td>") && b.contains("<td>VetM</td>"),
        "{b}"
    );
    assert!(b.contains(">1420 E</td>"), "{b}");
    assert!(row("Petit, Chloé").contains("<td>JunF</td>"));
    // Another event without national data does without those columns.
    let r = arb.post_json("/api/events", &json!({"name": "Blitz", "rounds": 5}));
    let other = r.json()["id"].as_i64().unwrap();
    arb.post_json(
        &format!("/api/events/{other}/players/import"),
        &json!({"data": "name;rating\nDoe, Jane;1500\n"}),
    );
    let plain = arb.get(&format!("/events/{other}/players")).body;
    assert!(plain.contains("Doe, Jane"), "{plain}");
    assert!(
        !plain.contains("Licence") && !plain.contains("Elo nat."),
        "{plain}"
    );
    let head = &page[page.find("<thead>").unwrap()..page.find("</thead>").unwrap()];
    assert!(
        head.contains("Elo nat.") && head.contains("Catégorie d&#39;âge FFE"),
        "{head}"
    );

    // The player's form: the league changed, then a licence type the FFE has not refused
    // naming its field, the stored values untouched.
    let bob = named("Durand, Bob")["id"].as_i64().unwrap();
    let edit = format!("/events/{id}/players/{bob}/edit");
    let form = arb.get(&edit).body;
    assert!(form.contains("value=\"M12345\"") && form.contains("value=\"Bretagne\""));
    let csrf = csrf_in(&form);
    let fields = |league: &str, licence_type: &str| {
        vec![
            ("csrf", csrf.clone()),
            ("name", "Durand, Bob".to_string()),
            ("national_rating", "1420".to_string()),
            ("national_rating_kind", "n".to_string()),
            ("licence", "m12345".to_string()),
            ("licence_type", licence_type.to_string()),
            ("league", league.to_string()),
            ("birth_date", "1960".to_string()),
            ("sex", "m".to_string()),
        ]
    };
    let send = |arb: &mut crate::common::Client, f: Vec<(&str, String)>| {
        let f: Vec<(&str, &str)> = f.iter().map(|(k, v)| (*k, v.as_str())).collect();
        arb.post_form(&edit, &f)
    };
    let r = send(&mut arb, fields("Normandie", "b"));
    assert!(
        r.status == 303 || r.status == 200,
        "{} {}",
        r.status,
        r.body
    );
    let stored = arb.get(&format!("/api/events/{id}/players/{bob}")).json();
    assert_eq!(stored["league"], "Normandie");
    assert_eq!(stored["national_rating_kind"], "N");
    assert_eq!(stored["licence_type"], "B");
    let r = send(&mut arb, fields("Occitanie", "C"));
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body.contains("licence_type") || r.body.contains("Type de licence"),
        "{}",
        r.body
    );
    let stored = arb.get(&format!("/api/events/{id}/players/{bob}")).json();
    assert_eq!(stored["league"], "Normandie");
}

/// The national report: one line per player in standings order with the national data the
/// federation records, the category of the event's season, and every round's opponent, colour
/// and result (a bye with its TRF code).
#[test]
fn the_national_report_lists_national_data_and_every_round() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let r = arb.post_json(
        "/api/events",
        &json!({"name": "Open de Lyon", "rounds": 5, "start_date": "2026-11-28"}),
    );
    let id = r.json()["id"].as_i64().unwrap();
    let csv = "Nom;Prénom;Elo;Elo national;N° de licence;Type de licence;Ligue;Club;Né le;Sexe\n\
               Martin;Alice;1850;1790 N;k59857;A;Auvergne-Rhône-Alpes;Lyon Échecs;02/05/2013;F\n\
               Durand;Bob;;1420E;M12345;B;Bretagne;=Rennes;1960;M\n\
               Petit;Chloé;2010;2010 F;;;;;2008-08-31;F\n";
    let r = arb.post_json(
        &format!("/api/events/{id}/players/import"),
        &json!({"data": csv}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    arb.post_json(
        &format!("/api/events/{id}/players/present"),
        &json!({"present": true}),
    );
    let r = arb.post_json(&format!("/api/events/{id}/rounds/1/pair"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    // Three players: one board and the pairing-allocated bye; White wins the board.
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/1/results"),
        &json!({"results": {"1": "1-0"}}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let games = arb.get(&format!("/api/events/{id}/rounds/1")).json();
    let boards = games["games"].as_array().unwrap().clone();
    let players = arb_players(&mut arb, id);
    let number_of = |key: &serde_json::Value| {
        players
            .iter()
            .find(|p| p["id"] == *key)
            .map(|p| p["number"].as_u64().unwrap())
            .unwrap()
    };
    let board = boards.iter().find(|g| !g["black"].is_null()).unwrap();
    let (w, b) = (number_of(&board["white"]), number_of(&board["black"]));

    let r = arb.get_with(
        &format!("/events/{id}/national.csv"),
        &[("Accept-Language", "en")],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.header("content-type").unwrap().starts_with("text/csv"));
    let lines: Vec<&str> = r.body.lines().collect();
    assert_eq!(
        lines[0],
        "rank,number,name,sex,birth date,category,federation,club,league,licence,licence type,\
         national rating,kind,fide id,fide rating,title,points,r1 opponent,r1 colour,r1 result"
    );
    assert_eq!(lines.len(), 4, "{}", r.body);
    let line_of = |name: &str| {
        lines
            .iter()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("{name} in {}", r.body))
            .to_string()
    };
    let alice = line_of("\"Martin, Alice\"");
    assert!(
        alice.contains(
            ",w,2013/05/02,BenF,,Lyon Échecs,Auvergne-Rhône-Alpes,K59857,A,1790,N,,1850,"
        ),
        "{alice}"
    );
    // Bob's club would start a formula: written as text.
    let bob = line_of("\"Durand, Bob\"");
    assert!(
        bob.contains(",'=Rennes,Bretagne,M12345,B,1420,E,,,"),
        "{bob}"
    );
    // Each side of the board and the bye, from the player's side.
    let by_number = |n: u64| {
        lines[1..]
            .iter()
            .find(|l| l.split(',').nth(1) == Some(n.to_string().as_str()))
            .unwrap()
            .to_string()
    };
    assert!(
        by_number(w).ends_with(&format!(",{b},w,1")),
        "{}",
        by_number(w)
    );
    assert!(
        by_number(b).ends_with(&format!(",{w},b,0")),
        "{}",
        by_number(b)
    );
    let bye = (1..=3).find(|n| *n != w && *n != b).unwrap();
    assert!(by_number(bye).ends_with(",,,U"), "{}", by_number(bye));
    // On a French page: what French Excel splits and reads (issue 34 §3): `;`, French headers,
    // the colours B and N, the byte order mark; the same players and values.
    let fr = arb.get_with(
        &format!("/events/{id}/national.csv"),
        &[("Accept-Language", "fr")],
    );
    let fr_lines: Vec<&str> = fr.body.lines().collect();
    assert_eq!(
        fr_lines[0],
        "\u{feff}Place;N°;Nom;Sexe;Date de naissance;Catégorie;Fédération;Club;Ligue;N° de licence;\
         Type de licence;Elo national;Type d'Elo;N° FIDE;Elo FIDE;Titre;Points;R1 adversaire;\
         R1 couleur;R1 résultat"
    );
    assert_eq!(fr_lines.len(), lines.len());
    let fr_alice = fr_lines
        .iter()
        .find(|l| l.contains("Martin, Alice"))
        .unwrap();
    assert!(
        fr_alice.contains(
            ";w;2013/05/02;BenF;;Lyon Échecs;Auvergne-Rhône-Alpes;K59857;A;1790;N;;1850;"
        ),
        "{fr_alice}"
    );
    let fr_by_number = |n: u64| {
        fr_lines[1..]
            .iter()
            .find(|l| l.split(';').nth(1) == Some(n.to_string().as_str()))
            .unwrap()
            .to_string()
    };
    assert!(
        fr_by_number(w).ends_with(&format!(";{b};B;1")),
        "{}",
        fr_by_number(w)
    );
    assert!(
        fr_by_number(b).ends_with(&format!(";{w};N;0")),
        "{}",
        fr_by_number(b)
    );
    // The arbiter's document: not for the public.
    assert_ne!(
        app.client()
            .get(&format!("/events/{id}/national.csv"))
            .status,
        200
    );
}

fn arb_players(arb: &mut crate::common::Client, id: i64) -> Vec<serde_json::Value> {
    arb.get(&format!("/api/events/{id}/players"))
        .json()
        .as_array()
        .unwrap()
        .clone()
}

/// A refused cell of a player file is said in the visitor's language with its place and the
/// field's own message, not the store's English.
#[test]
fn a_refused_cell_is_said_in_french_with_its_place() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let r = arb.post_json("/api/events", &json!({"name": "Open", "rounds": 5}));
    let id = r.json()["id"].as_i64().unwrap();
    arb.cookies.insert("lang".into(), "fr".into());
    let import = |arb: &mut crate::common::Client, csv: &str| {
        arb.post_json(
            &format!("/api/events/{id}/players/import"),
            &json!({"data": csv}),
        )
    };
    let r = import(&mut arb, "Nom;Type de licence\nMartin, Alice;C\n");
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(
        r.json()["message"],
        "Fichier, ligne 2, colonne 15 : Type de licence attendu : A, B ou rien (reçu « C »)."
    );
    assert_eq!(r.json()["field"], "file, line 2, column 15: licence_type");
    let r = import(&mut arb, "Nom;Né le\nMartin, Alice;31 mai\n");
    assert_eq!(
        r.json()["message"],
        "Fichier, ligne 2, colonne 15 : La date de naissance s'écrit AAAA/MM/JJ, AAAA-MM-JJ ou \
         JJ/MM/AAAA, ou l'année seule (reçu « 31 mai »)."
    );
    // A cell that is no player field keeps the store's words, with its place in French.
    let r = import(&mut arb, "Elo\n1800\n");
    assert_eq!(r.status, 422, "{}", r.body);
    let message = r.json()["message"].as_str().unwrap().to_string();
    assert!(
        message.starts_with("Champ « Fichier, ligne 1, colonne 1 »"),
        "{message}"
    );
    assert!(app.client().get("/").status < 500);
    assert!(arb
        .get(&format!("/api/events/{id}/players"))
        .json()
        .as_array()
        .unwrap()
        .is_empty());
}
