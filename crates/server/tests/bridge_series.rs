//! Issue 24 §3: a club series ("classement cumulé") of three pairs sessions ranks players, not
//! pairs, by the club's rule: best 2 of 3 by percentages, and points for the place; checked
//! against totals worked out by hand.

use serde_json::{json, Value};

use crate::common::{App, Client};

/// Pairs of a 3-table Mitchell (NS 1–3, EW 4–6): names and licences.
type Cast = [(&'static str, &'static str, &'static str, &'static str); 6];

/// Creates a 3-table two-winner Mitchell, types its pairs and enters the three lines of board
/// 1, NS's result given for each NS pair (3NT by North): the other lines stay missing, the
/// ranking is made on board 1.
fn session(b: &mut Client, name: &str, date: &str, cast: &Cast, results: [&str; 3]) -> i64 {
    let r = b.post_json(
        "/api/bridge/sessions",
        &json!({"name": name, "date": date, "tables": 3, "movement": "mitchell",
                "boards_per_round": 2}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let pairs: Vec<Value> = cast
        .iter()
        .enumerate()
        .map(|(i, (n1, l1, n2, l2))| {
            json!({"number": i + 1, "name1": n1, "licence1": l1, "name2": n2, "licence2": l2})
        })
        .collect();
    let r = b.post_json(&format!("/api/bridge/sessions/{id}/pairs"), &json!(pairs));
    assert_eq!(r.status, 200, "{}", r.body);
    // Board 1 goes round the NS pairs 1, 3, 2 against EW 4, 5, 6.
    let lines = b.get(&format!("/api/bridge/sessions/{id}/lines")).json();
    let mut board_1: Vec<(u64, u64)> = lines["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["board"] == 1)
        .map(|l| (l["ns"].as_u64().unwrap(), l["ew"].as_u64().unwrap()))
        .collect();
    board_1.sort();
    assert_eq!(board_1, [(1, 4), (2, 6), (3, 5)]);
    for (ns, ew) in board_1 {
        let r = b.post_json(
            &format!("/api/bridge/sessions/{id}/lines"),
            &json!({"board": 1, "ns": ns, "ew": ew, "contract": "3NT", "declarer": "N",
                    "result": results[ns as usize - 1]}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    id
}

const MARTIN: &str = "00123456";

/// (name, licence, place, tied, total, played) of each row of the API's ranking.
fn table(v: &Value) -> Vec<(String, String, u64, bool, String, u64)> {
    v["ranking"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_string(),
                r["licence"].as_str().unwrap().to_string(),
                r["place"].as_u64().unwrap(),
                r["tied"].as_bool().unwrap(),
                r["total"].as_str().unwrap().to_string(),
                r["played"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn row(
    name: &str,
    licence: &str,
    place: u64,
    tied: bool,
    total: &str,
) -> (String, String, u64, bool, String, u64) {
    (name.into(), licence.into(), place, tied, total.into(), 3)
}

/// The text of a row of the series page, from its id to the end of the row.
fn page_row<'a>(page: &'a str, id: &str) -> &'a str {
    let from = page
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no {id} in {page}"));
    let rest = &page[from..];
    &rest[..rest.find("</tr>").unwrap()]
}

#[test]
fn a_series_of_three_sessions_ranks_the_players_by_the_clubs_rule() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let ew = [
        ("Leroy", "", "Garnier", ""),
        ("Faure", "", "Girard", ""),
        ("Bonnet", "", "Lambert", ""),
    ];
    // Martin (licence 00123456, his name typed three ways) plays with Durand (no licence),
    // then with Petit; Durand (typed "DURAND", "durand ") plays with Martin, Moreau, Martin.
    let cast = |ns: [(&'static str, &'static str, &'static str, &'static str); 3]| -> Cast {
        [ns[0], ns[1], ns[2], ew[0], ew[1], ew[2]]
    };
    // Board 1, NS +400 for "=", +430 for "+1", −50 for "-1"; matchpoints 2 per score
    // beaten, top 4; each line of the Mitchell ranked apart.
    // Session 1: NS1 =, NS2 -1, NS3 +1 → NS3 4 MP 100 % 1st, NS1 2 MP 50 % 2nd, NS2 0 %
    //   3rd; EW6 (against NS2) 100 % 1st, EW4 (NS1) 50 % 2nd, EW5 (NS3) 0 % 3rd.
    let s1 = session(
        &mut b,
        "Mardi 1",
        "2026-10-06",
        &cast([
            ("Martin", MARTIN, "Durand", ""),
            ("Petit", "", "Moreau", ""),
            ("Roux", "", "Blanc", ""),
        ]),
        ["=", "-1", "+1"],
    );
    // Session 2: NS1 +1, NS2 =, NS3 -1 → NS1 100 % 1st, NS2 50 % 2nd, NS3 0 % 3rd;
    //   EW5 (NS3) 100 % 1st, EW6 (NS2) 50 % 2nd, EW4 (NS1) 0 % 3rd.
    let s2 = session(
        &mut b,
        "Mardi 2",
        "2026-10-13",
        &cast([
            ("MARTIN", MARTIN, "Petit", ""),
            ("DURAND", "", "Moreau", ""),
            ("Roux", "", "Blanc", ""),
        ]),
        ["+1", "=", "-1"],
    );
    // Session 3: NS1 -1, NS2 =, NS3 = → NS2 and NS3 3 MP each, 75 %, 1st equal; NS1 0 %
    //   3rd; EW4 (NS1) 100 % 1st, EW5 (NS3) and EW6 (NS2) 25 %, 2nd equal.
    let s3 = session(
        &mut b,
        "Mardi 3",
        "2026-10-20",
        &cast([
            ("Roux", "", "Blanc", ""),
            ("Martin Jean", MARTIN, "durand ", ""),
            ("Petit", "", "Moreau", ""),
        ]),
        ["-1", "=", "="],
    );

    // Per player, session 1, 2, 3 (percentage, place in the line):
    //   Martin        50 2nd, 100 1st,  75 1st=     Durand  50 2nd,  50 2nd,  75 1st=
    //   Petit          0 3rd, 100 1st,  75 1st=     Moreau   0 3rd,  50 2nd,  75 1st=
    //   Roux, Blanc  100 1st,   0 3rd,   0 3rd      Leroy, Garnier  50 2nd, 0 3rd, 100 1st
    //   Faure, Girard  0 3rd, 100 1st,  25 2nd=     Bonnet, Lambert 100 1st, 50 2nd, 25 2nd=
    let r = b.post_json(
        "/api/bridge/series",
        &json!({"name": "Saison d'automne", "scoring": "percentages", "best": 2,
                "sessions": [s1, s2]}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let best = r.json()["id"].as_i64().unwrap();
    let r = b.post_json(
        &format!("/api/bridge/series/{best}/sessions"),
        &json!({"add": s3}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["sessions"], json!([s1, s2, s3]));

    // Best 2 of 3 by percentages:
    //   Martin 100 + 75 = 175, Petit 100 + 75 = 175                       → 1st equal
    //   Bonnet 100 + 50 = 150, Lambert the same, Leroy 100 + 50 = 150, Garnier → 3rd equal
    //   Durand 75 + 50 = 125, Moreau 75 + 50 = 125, Faure 100 + 25 = 125, Girard → 7th equal
    //   Roux 100 + 0 = 100, Blanc the same                                → 11th equal
    // (equal totals in the order of the engine's key: a licence first, then folded names).
    let ranking = b.get(&format!("/api/bridge/series/{best}/ranking"));
    assert_eq!(ranking.status, 200, "{}", ranking.body);
    let ranking = ranking.json();
    assert_eq!(
        table(&ranking),
        [
            row("Martin Jean", MARTIN, 1, true, "175.00"),
            row("Petit", "", 1, true, "175.00"),
            row("Bonnet", "", 3, true, "150.00"),
            row("Garnier", "", 3, true, "150.00"),
            row("Lambert", "", 3, true, "150.00"),
            row("Leroy", "", 3, true, "150.00"),
            row("durand", "", 7, true, "125.00"),
            row("Faure", "", 7, true, "125.00"),
            row("Girard", "", 7, true, "125.00"),
            row("Moreau", "", 7, true, "125.00"),
            row("Blanc", "", 11, true, "100.00"),
            row("Roux", "", 11, true, "100.00"),
        ]
    );
    // Martin's 50 % of session 1 is the one not counted.
    let martin: Vec<(i64, String, u64, bool)> = ranking["ranking"][0]["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["session"].as_i64().unwrap(),
                s["value"].as_str().unwrap().to_string(),
                s["place"].as_u64().unwrap(),
                s["counted"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        martin,
        [
            (s1, "50.00".to_string(), 2, false),
            (s2, "100.00".to_string(), 1, true),
            (s3, "75.00".to_string(), 1, true),
        ]
    );

    // The director's page, in French: place, player, licence, sessions played, total, each
    // session's score, the one not counted in brackets.
    b.accept_language = Some("fr".into());
    let page = b.get(&format!("/bridge/series/{best}"));
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(
        page.body.contains("Meilleures 2 séances sur 3"),
        "{}",
        page.body
    );
    assert!(page.body.contains("Classement cumulé"));
    assert!(
        page.body.contains("numéro de licence"),
        "the legend says how players are known"
    );
    let first = page_row(&page.body, "series-row-1");
    for cell in [
        "1=",
        "Martin Jean",
        MARTIN,
        ">3<",
        "175",
        "(50,00)",
        ">100,00<",
        ">75,00<",
    ] {
        assert!(first.contains(cell), "{cell} in {first}");
    }
    let durand = page_row(&page.body, "series-row-7");
    for cell in ["7=", "durand", ">125<", ">75,00<", ">50,00<", "(50,00)"] {
        assert!(durand.contains(cell), "{cell} in {durand}");
    }
    assert!(page.body.contains("@page { size: A4"), "printable on A4");
    b.accept_language = Some("en".into());
    let page = b.get(&format!("/bridge/series/{best}"));
    assert!(page.body.contains("Best 2 sessions of 3"), "{}", page.body);
    assert!(page_row(&page.body, "series-row-11").contains("100.00"));

    // Points for the place, every session: 10, 7, 5 for 1st, 2nd, 3rd of a line; two pairs
    // 1st equal share 10 + 7 = 17 (8.5 each), 2nd equal share 7 + 5 = 12 (6 each).
    //   Martin  7 + 10 + 8.5 = 25.5            1st
    //   Petit   5 + 10 + 8.5 = 23.5            2nd
    //   Bonnet, Lambert 10 + 7 + 6 = 23        3rd equal
    //   Durand  7 + 7 + 8.5 = 22.5             5th
    //   Garnier, Leroy 7 + 5 + 10 = 22         6th equal
    //   Faure, Girard 5 + 10 + 6 = 21          8th equal
    //   Moreau  5 + 7 + 8.5 = 20.5             10th
    //   Blanc, Roux 10 + 5 + 5 = 20            11th equal
    let r = b.post_json(
        "/api/bridge/series",
        &json!({"name": "Challenge", "scoring": "points", "points": "10, 7, 5",
                "sessions": [s3, s1, s2]}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let points = r.json()["id"].as_i64().unwrap();
    let ranking = b
        .get(&format!("/api/bridge/series/{points}/ranking"))
        .json();
    assert_eq!(
        table(&ranking),
        [
            row("Martin Jean", MARTIN, 1, false, "25.50"),
            row("Petit", "", 2, false, "23.50"),
            row("Bonnet", "", 3, true, "23.00"),
            row("Lambert", "", 3, true, "23.00"),
            row("durand", "", 5, false, "22.50"),
            row("Garnier", "", 6, true, "22.00"),
            row("Leroy", "", 6, true, "22.00"),
            row("Faure", "", 8, true, "21.00"),
            row("Girard", "", 8, true, "21.00"),
            row("Moreau", "", 10, false, "20.50"),
            row("Blanc", "", 11, true, "20.00"),
            row("Roux", "", 11, true, "20.00"),
        ]
    );
    b.accept_language = Some("fr".into());
    let page = b.get(&format!("/bridge/series/{points}"));
    assert!(
        page.body.contains("Points à la place : 10, 7, 5"),
        "{}",
        page.body
    );
    let first = page_row(&page.body, "series-row-1");
    for cell in ["Martin Jean", ">25,5<", ">7,00<", ">10,00<", ">8,50<"] {
        assert!(first.contains(cell), "{cell} in {first}");
    }

    // The public page exists once the series is marked public; the sessions' logs say when
    // they joined a series.
    let mut anon = app.client();
    assert_eq!(
        anon.get(&format!("/public/bridge/series/{best}")).status,
        404
    );
    let r = b.post_json(
        &format!("/api/bridge/series/{best}"),
        &json!({"public": true}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let public = anon.get(&format!("/public/bridge/series/{best}"));
    assert_eq!(public.status, 200, "{}", public.body);
    assert!(public.body.contains("175"));
    assert!(
        !public.body.contains("series-form"),
        "no director's form in public"
    );
    let log = b.get(&format!("/api/bridge/sessions/{s3}/log")).json();
    assert!(
        log.as_array()
            .unwrap()
            .iter()
            .any(|e| e["action"] == "series"),
        "{log}"
    );

    // Taking a session out ranks on the other two.
    let r = b.post_json(
        &format!("/api/bridge/series/{best}/sessions"),
        &json!({"remove": s1}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let ranking = b.get(&format!("/api/bridge/series/{best}/ranking")).json();
    // Martin 100 + 75 = 175, Petit the same: still first equal, 2 sessions played.
    assert_eq!(ranking["ranking"][0]["total"], "175.00");
    assert_eq!(ranking["ranking"][0]["played"], 2);
}

/// Issue 38 §3: a series by average with a minimum attendance of two sessions, checked by hand
/// on three sessions (board 1 of a 3-table Mitchell, each line ranked apart: 100 %, 50 %, 0 %).
/// Xavier and Paul miss the third evening: by the sum they would rank behind Yves and Pierre
/// (150 against 200), by the average they rank ahead (75 against 66.67); Zoé and Zelda, seen
/// once, are listed last without a place.
#[test]
fn a_series_by_average_ranks_a_pair_that_missed_an_evening_by_its_average() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let ew: [(&'static str, &'static str, &'static str, &'static str); 3] = [
        ("Ecu", "", "Eden", ""),
        ("Fabre", "", "Fort", ""),
        ("Gall", "", "Gros", ""),
    ];
    let cast = |ns: [(&'static str, &'static str, &'static str, &'static str); 3]| -> Cast {
        [ns[0], ns[1], ns[2], ew[0], ew[1], ew[2]]
    };
    let x = ("Xavier", "", "Paul", "");
    let y = ("Yves", "", "Pierre", "");
    let q = ("Quentin", "", "Quinn", "");
    let z = ("Zoé", "", "Zelda", "");
    // Board 1: NS1 meets EW4, NS2 EW6, NS3 EW5. "+1" (+430) beats "=" (+400) beats "-1".
    // A: NS1 X 100, NS2 Y 50, NS3 Q 0; EW4 0, EW6 50, EW5 100.
    let a = session(
        &mut b,
        "Mardi A",
        "2026-11-03",
        &cast([x, y, q]),
        ["+1", "=", "-1"],
    );
    // B: NS1 Y 100, NS2 X 50, NS3 Q 0; EW4 0, EW6 50, EW5 100.
    let b2 = session(
        &mut b,
        "Mardi B",
        "2026-11-10",
        &cast([y, x, q]),
        ["+1", "=", "-1"],
    );
    // C: NS1 Y 50, NS2 Z 100, NS3 Q 0; EW4 50, EW6 0, EW5 100.
    let c = session(
        &mut b,
        "Mardi C",
        "2026-11-17",
        &cast([y, z, q]),
        ["=", "+1", "-1"],
    );
    let r = b.post_json(
        "/api/bridge/series",
        &json!({"name": "Challenge à la moyenne", "scoring": "percentages",
                "average_over": 2, "sessions": [a, b2, c]}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let ranking = b.get(&format!("/api/bridge/series/{id}/ranking")).json();
    let got: Vec<(String, u64, bool, String, String, u64)> = ranking["ranking"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_string(),
                r["place"].as_u64().unwrap(),
                r["tied"].as_bool().unwrap(),
                r["total"].as_str().unwrap().to_string(),
                r["average"].as_str().unwrap().to_string(),
                r["played"].as_u64().unwrap(),
            )
        })
        .collect();
    let row = |n: &str, place, tied, total: &str, average: &str, played| {
        (
            n.to_string(),
            place,
            tied,
            total.to_string(),
            average.to_string(),
            played,
        )
    };
    // By hand: Fabre/Fort 100 + 100 + 100 = 300 over 3, average 100; Xavier/Paul 100 + 50 =
    // 150 over 2, 75; Yves/Pierre 50 + 100 + 50 = 200 over 3, 66.67; Gall/Gros 50 + 50 + 0,
    // 33.33; Ecu/Eden 0 + 0 + 50, 16.67; Quentin/Quinn 0; Zoé/Zelda 100 once: not ranked.
    // Partners share their pair's key: each pair's two players share the place.
    assert_eq!(
        got,
        [
            row("Fabre", 1, true, "300.00", "100.00", 3),
            row("Fort", 1, true, "300.00", "100.00", 3),
            row("Paul", 3, true, "150.00", "75.00", 2),
            row("Xavier", 3, true, "150.00", "75.00", 2),
            row("Pierre", 5, true, "200.00", "66.67", 3),
            row("Yves", 5, true, "200.00", "66.67", 3),
            row("Gall", 7, true, "100.00", "33.33", 3),
            row("Gros", 7, true, "100.00", "33.33", 3),
            row("Ecu", 9, true, "50.00", "16.67", 3),
            row("Eden", 9, true, "50.00", "16.67", 3),
            row("Quentin", 11, true, "0.00", "0.00", 3),
            row("Quinn", 11, true, "0.00", "0.00", 3),
            row("Zelda", 0, false, "100.00", "100.00", 1),
            row("Zoé", 0, false, "100.00", "100.00", 1),
        ]
    );
    // The page, in French: the rule, the average column, totals without needless decimals,
    // the players below the minimum attendance « n.c. ».
    b.accept_language = Some("fr".into());
    let page = b.get(&format!("/bridge/series/{id}")).body;
    assert!(page.contains("à la moyenne, 2 séances au moins"), "{page}");
    assert!(page.contains("<th class=\"num\">Moyenne</th>"), "{page}");
    let paul = page_row(&page, "series-row-3");
    assert!(
        paul.contains(">Paul<") && paul.contains(">150<") && paul.contains(">75<"),
        "{paul}"
    );
    let pierre = page_row(&page, "series-row-5");
    assert!(
        pierre.contains(">200<") && pierre.contains(">66,67<"),
        "{pierre}"
    );
    let zelda = page_row(&page, "series-row-13");
    assert!(
        zelda.contains(">n.c.<") && zelda.contains(">Zelda<"),
        "{zelda}"
    );
}
