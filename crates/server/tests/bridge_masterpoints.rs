//! Issue 38 §1: the club's masterpoint scale, set once on a session's settings page, is
//! every session's of the club: the ranking shows each pair's award, the USEBIO file writes
//! it, and a series of three sessions totals each player's masterpoints, checked by hand.
//! A teams event names its club in its USEBIO file.

use serde_json::{json, Value};

use crate::common::{App, Client};

const CLUB: &str = "Bridge Club de Lyon";

/// The pairs of a 3-table Mitchell (NS 1–3, EW 4–6), the same every session.
const CAST: [(&str, &str); 6] = [
    ("Martin", "Durand"),
    ("Petit", "Moreau"),
    ("Roux", "Blanc"),
    ("Leroy", "Garnier"),
    ("Faure", "Girard"),
    ("Bonnet", "Lambert"),
];

/// A 3-table two-winner Mitchell of the club with board 1 entered (3NT by North; `results`
/// for NS pairs 1, 2, 3), the other lines missing.
fn session(b: &mut Client, name: &str, results: [&str; 3]) -> i64 {
    let r = b.post_json(
        "/api/bridge/sessions",
        &json!({"name": name, "club": CLUB, "tables": 3, "movement": "mitchell",
                "boards_per_round": 2}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let pairs: Vec<Value> = CAST
        .iter()
        .enumerate()
        .map(|(i, (n1, n2))| json!({"number": i + 1, "name1": n1, "name2": n2}))
        .collect();
    let r = b.post_json(&format!("/api/bridge/sessions/{id}/pairs"), &json!(pairs));
    assert_eq!(r.status, 200, "{}", r.body);
    // Board 1 goes round NS 1, 2, 3 against EW 4, 6, 5.
    for (ns, ew) in [(1, 4), (2, 6), (3, 5)] {
        let r = b.post_json(
            &format!("/api/bridge/sessions/{id}/lines"),
            &json!({"board": 1, "ns": ns, "ew": ew, "contract": "3NT", "declarer": "N",
                    "result": results[ns - 1]}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    id
}

/// The version the settings form of the session page carries.
fn form_version(page: &str) -> String {
    let at = page
        .find("name=\"version\" value=\"")
        .expect("a version field")
        + 22;
    page[at..].split('"').next().unwrap().to_string()
}

/// Each `<td class="num masterpoints">` of a page, in order.
fn masterpoint_cells(page: &str) -> Vec<String> {
    page.split("<td class=\"num masterpoints\">")
        .skip(1)
        .map(|rest| rest.split('<').next().unwrap().to_string())
        .collect()
}

#[test]
fn the_clubs_scale_gives_each_session_its_masterpoints_and_the_series_their_total() {
    let app = App::start(false);
    let mut b = app.arbiter();
    // Board 1, NS +400 for "=", +430 for "+1", −50 for "-1"; each line ranked apart.
    // Session 1: NS 3 1st, NS 1 2nd, NS 2 3rd; EW 6 1st, EW 4 2nd, EW 5 3rd.
    let s1 = session(&mut b, "Mardi 1", ["=", "-1", "+1"]);
    // Session 2: NS 1 1st, NS 2 2nd, NS 3 3rd; EW 5 1st, EW 6 2nd, EW 4 3rd.
    let s2 = session(&mut b, "Mardi 2", ["+1", "=", "-1"]);
    // Session 3: NS 2 and NS 3 1st=, NS 1 3rd; EW 4 1st, EW 5 and EW 6 2nd=.
    let s3 = session(&mut b, "Mardi 3", ["-1", "=", "="]);

    // No scale yet: no column.
    let page = b.get(&format!("/bridge/{s2}/ranking"));
    assert!(masterpoint_cells(&page.body).is_empty());

    // The club's table, set on session 1's settings page: 10 for 1st, 6 for 2nd.
    let page = b.get(&format!("/bridge/{s1}"));
    assert!(page.body.contains("id=\"masterpoints\""), "{}", page.body);
    let version = form_version(&page.body);
    let token = b.csrf.clone().unwrap();
    // A rising table is refused, naming the field.
    let r = b.post_form(
        &format!("/bridge/{s1}"),
        &[
            ("csrf", &token),
            ("version", &version),
            ("masterpoints", "table"),
            ("masterpoints_table", "6 10"),
        ],
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("masterpoints_table"), "{}", r.body);
    let r = b.post_form(
        &format!("/bridge/{s1}"),
        &[
            ("csrf", &token),
            ("version", &version),
            ("masterpoints", "table"),
            ("masterpoints_table", "10 6"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = b.get(&format!("/bridge/{s1}"));
    assert!(page.body.contains("value=\"10 6\""), "{}", page.body);

    // Every session of the club takes it. Session 3's ranking, NS then EW: NS 2 and NS 3
    // share 1st and 2nd ((10 + 6) / 2 = 8), NS 1 3rd gets nothing (the table stops at 2nd);
    // EW 4 1st 10, EW 5 and EW 6 share 2nd and 3rd ((6 + 0) / 2 = 3).
    let api = b.get(&format!("/api/bridge/sessions/{s3}"));
    assert_eq!(
        api.json()["settings"]["masterpoints"],
        "table:10 6",
        "{}",
        api.body
    );
    let page = b.get(&format!("/bridge/{s3}/ranking"));
    assert_eq!(page.status, 200);
    assert_eq!(
        masterpoint_cells(&page.body),
        ["8", "8", "0", "10", "3", "3"],
        "{}",
        page.body
    );
    // The printed document carries the column as well.
    let printed = b.get(&format!("/bridge/{s3}/export.html"));
    assert_eq!(printed.status, 200);
    assert_eq!(masterpoint_cells(&printed.body).len(), 6);
    // The USEBIO file writes each pair's award after its place.
    let xml = b.get(&format!("/bridge/{s3}/export.xml")).body;
    assert_eq!(
        xml.matches("<MASTER_POINTS_AWARDED>8</MASTER_POINTS_AWARDED>")
            .count(),
        2,
        "{xml}"
    );
    assert!(xml.contains(&format!("<CLUB_NAME>{CLUB}</CLUB_NAME>")));

    // The series of the three sessions: each player's total, by hand.
    //   Martin, Durand (NS 1): 6 + 10 + 0 = 16     Leroy, Garnier (EW 4): 6 + 0 + 10 = 16
    //   Petit, Moreau (NS 2):  0 + 6 + 8 = 14      Faure, Girard (EW 5): 0 + 10 + 3 = 13
    //   Roux, Blanc (NS 3):   10 + 0 + 8 = 18      Bonnet, Lambert (EW 6): 10 + 6 + 3 = 19
    let r = b.post_json(
        "/api/bridge/series",
        &json!({"name": "Saison", "scoring": "percentages", "sessions": [s1, s2, s3]}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let series = r.json()["id"].as_i64().unwrap();
    let ranking = b
        .get(&format!("/api/bridge/series/{series}/ranking"))
        .json();
    let mut totals: Vec<(String, String)> = ranking["ranking"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_string(),
                r["masterpoints"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    totals.sort();
    let expected = [
        ("Blanc", "18.00"),
        ("Bonnet", "19.00"),
        ("Durand", "16.00"),
        ("Faure", "13.00"),
        ("Garnier", "16.00"),
        ("Girard", "13.00"),
        ("Lambert", "19.00"),
        ("Leroy", "16.00"),
        ("Martin", "16.00"),
        ("Moreau", "14.00"),
        ("Petit", "14.00"),
        ("Roux", "18.00"),
    ];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    assert_eq!(totals, expected);
    let page = b.get(&format!("/bridge/series/{series}"));
    assert!(
        page.body.contains("id=\"series-masterpoints\""),
        "{}",
        page.body
    );
    assert_eq!(masterpoint_cells(&page.body).len(), 12);

    // Back to none: the column goes.
    let page = b.get(&format!("/bridge/{s2}"));
    let version = form_version(&page.body);
    let r = b.post_form(
        &format!("/bridge/{s2}"),
        &[
            ("csrf", &token),
            ("version", &version),
            ("masterpoints", ""),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = b.get(&format!("/bridge/{s1}/ranking"));
    assert!(masterpoint_cells(&page.body).is_empty());
}

#[test]
fn a_teams_event_names_its_club_in_its_usebio_file() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let r = b.post_json(
        "/api/bridge/teams",
        &json!({"name": "Patton de Noël", "club": CLUB, "boards_per_match": 2}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let xml = b.get(&format!("/bridge/teams/{id}/export.xml"));
    assert_eq!(xml.status, 200, "{}", xml.body);
    assert!(
        xml.body.contains(&format!(
            "<CLUB>\n    <CLUB_NAME>{CLUB}</CLUB_NAME>\n  </CLUB>"
        )),
        "{}",
        xml.body
    );
    assert_valid_usebio("teams-club.xml", &xml.body);
    // Without a club, no CLUB element (the DTD wants a name in it).
    let r = b.post_json(
        "/api/bridge/teams",
        &json!({"name": "Sans club", "boards_per_match": 2}),
    );
    let id = r.json()["id"].as_i64().unwrap();
    let xml = b.get(&format!("/bridge/teams/{id}/export.xml")).body;
    assert!(!xml.contains("<CLUB>"), "{xml}");
}

/// The file validated against the DTD the bridge crate's federation test uses
/// (`xmllint --dtdvalid`; skipped where xmllint is missing, outside CI).
fn assert_valid_usebio(name: &str, xml: &str) {
    let dtd = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../bridge/tests/data/usebio-1.2-as-written.dtd");
    let path = std::env::temp_dir().join(format!("arbiter-{}-{name}", std::process::id()));
    std::fs::write(&path, xml).unwrap();
    let out = std::process::Command::new("xmllint")
        .args(["--noout", "--nonet", "--dtdvalid"])
        .arg(&dtd)
        .arg(&path)
        .output();
    let _ = std::fs::remove_file(&path);
    match out {
        Ok(o) => assert!(
            o.status.success(),
            "{name} is not valid: {}",
            String::from_utf8_lossy(&o.stderr)
        ),
        Err(e) => assert!(
            std::env::var_os("CI").is_none(),
            "xmllint is needed in CI: {e}"
        ),
    }
}
