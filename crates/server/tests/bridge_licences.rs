//! Issue 24 §4: the players of a bridge pair carry their federation licence numbers, read from
//! the club's member CSV or typed on the pairs page, and written to the USEBIO export.

use serde_json::json;

use crate::common::{csrf_in, App};

#[test]
fn licences_come_from_the_member_csv_and_the_pairs_page_and_go_to_usebio() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let r = b.post_json(
        "/api/bridge/sessions",
        &json!({"name": "Mardi", "tables": 3, "movement": "mitchell", "boards_per_round": 2}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let page = b.get(&format!("/bridge/{id}/pairs"));
    let token = csrf_in(&page.body);

    // A licence that is not one is refused where it stands, and nothing is imported.
    let bad = "numéro;joueur 1;N° licence 1;joueur 2;N° licence 2\n\
               1;Martin;00123456;Durand;00234567\n\
               2;Petit;0034 5678;Moreau;00456789\n";
    let r = b.post_multipart(
        &format!("/bridge/{id}/pairs/import"),
        &[("csrf", &token)],
        ("file", "membres.csv", bad),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body
            .contains("membres.csv, ligne 3, colonne 9 : Le numéro de licence"),
        "{}",
        r.body
    );
    assert!(r.body.contains("0034 5678"), "{}", r.body);
    let pairs = b.get(&format!("/api/bridge/sessions/{id}/pairs")).json();
    assert_eq!(pairs[0]["name1"], "", "nothing imported: {pairs}");

    let good = bad.replace("0034 5678", "00345678");
    let r = b.post_multipart(
        &format!("/bridge/{id}/pairs/import"),
        &[("csrf", &token)],
        ("file", "membres.csv", &good),
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = b.get(&format!("/bridge/{id}/pairs"));
    assert!(
        page.body.contains("id=\"licence1-2\" value=\"00345678\""),
        "{}",
        page.body
    );
    assert!(page.body.contains("id=\"licence2-1\" value=\"00234567\""));

    // The page's form renames pair 1 and sends the licences back as shown: they are kept; a
    // licence typed for pair 4 is stored; a bad one is refused naming its field.
    let version = page
        .body
        .split("name=\"version\" value=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .unwrap()
        .to_string();
    let form = |licence4: &str| {
        vec![
            ("csrf", token.clone()),
            ("version", version.clone()),
            ("name1_1", "Martin-Weber".to_string()),
            ("licence1_1", "00123456".to_string()),
            ("name2_1", "Durand".to_string()),
            ("licence2_1", "00234567".to_string()),
            ("club_1", String::new()),
            ("name1_4", "Roux".to_string()),
            ("licence1_4", licence4.to_string()),
            ("name2_4", "Blanc".to_string()),
            ("licence2_4", String::new()),
            ("club_4", String::new()),
        ]
    };
    let send = |b: &mut crate::common::Client, fields: Vec<(&str, String)>| {
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        b.post_form(&format!("/bridge/{id}/pairs"), &fields)
    };
    let r = send(&mut b, form("0056-78"));
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("licence1_4"), "{}", r.body);
    let r = send(&mut b, form("00567890"));
    assert_eq!(r.status, 303, "{}", r.body);
    let pairs = b.get(&format!("/api/bridge/sessions/{id}/pairs")).json();
    assert_eq!(pairs[0]["name1"], "Martin-Weber");
    assert_eq!(pairs[0]["licence1"], "00123456");
    assert_eq!(pairs[0]["licence2"], "00234567");
    assert_eq!(pairs[1]["licence1"], "00345678");
    assert_eq!(pairs[3]["licence1"], "00567890");
    assert_eq!(pairs[3]["licence2"], "");

    // The API takes them too.
    let r = b.post_json(
        &format!("/api/bridge/sessions/{id}/pairs"),
        &json!({"number": 5, "name1": "Faure", "name2": "Girard", "licence2": "A12345"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = b.post_json(
        &format!("/api/bridge/sessions/{id}/pairs"),
        &json!({"number": 6, "name1": "Leroy", "licence1": "12 34"}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("licence1"), "{}", r.body);

    // Every table's first board, so every pair is ranked and exported.
    let lines = b.get(&format!("/api/bridge/sessions/{id}/lines")).json();
    let round_1: Vec<(u64, u64, u64)> = lines["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["round"] == 1)
        .map(|l| {
            (
                l["board"].as_u64().unwrap(),
                l["ns"].as_u64().unwrap(),
                l["ew"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(round_1.len(), 6, "{lines}");
    for (board, ns, ew) in round_1 {
        let r = b.post_json(
            &format!("/api/bridge/sessions/{id}/lines"),
            &json!({"board": board, "ns": ns, "ew": ew, "contract": "3NT", "declarer": "N",
                    "result": if ns == 1 { "=" } else { "-1" }}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let xml = b.get(&format!("/api/bridge/sessions/{id}/export.xml"));
    assert_eq!(xml.status, 200, "{}", xml.body);
    let player = |name: &str| {
        let from = xml
            .body
            .find(&format!("<PLAYER_NAME>{name}</PLAYER_NAME>"))
            .unwrap_or_else(|| panic!("{name} not in {}", xml.body));
        let rest = &xml.body[from..];
        rest[..rest.find("</PLAYER>").unwrap()].to_string()
    };
    assert!(player("Martin-Weber").contains("<NATIONAL_ID_NUMBER>00123456</NATIONAL_ID_NUMBER>"));
    assert!(player("Durand").contains("<NATIONAL_ID_NUMBER>00234567</NATIONAL_ID_NUMBER>"));
    assert!(player("Roux").contains("<NATIONAL_ID_NUMBER>00567890</NATIONAL_ID_NUMBER>"));
    assert!(!player("Blanc").contains("NATIONAL_ID_NUMBER"));
    assert!(!player("Faure").contains("NATIONAL_ID_NUMBER"));
    assert!(player("Girard").contains("<NATIONAL_ID_NUMBER>A12345</NATIONAL_ID_NUMBER>"));
}
