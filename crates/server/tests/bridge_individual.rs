//! Bridge individual sessions in the web application (issue 38 §3): created from the form and
//! the API, names escaped, a stale director's form refused with 409, the phones entering and
//! confirming by the table's code, a second phone's different result kept as a conflict, and the
//! CSV ranking worked out by hand.

use crate::common::{csrf_in, App, Client};

fn create(b: &mut Client, kind: &str, tables: u32) -> (u16, serde_json::Value) {
    let r = b.post_json(
        "/api/bridge/individual",
        &serde_json::json!({"name": "Lundi", "kind": kind, "tables": tables,
                            "boards_per_round": 1}),
    );
    let status = r.status;
    (
        status,
        if status == 200 {
            r.json()
        } else {
            serde_json::json!(r.body)
        },
    )
}

/// A phone's entry of board `board` in `round` (North's keypad), as (status, redirect).
fn enter(
    p: &mut Client,
    code: &str,
    round: u32,
    board: u32,
    fields: &[(&str, &str)],
) -> (u16, String) {
    let page = p.get(&format!("/t/{code}?round={round}"));
    assert_eq!(page.status, 200, "{}", page.body);
    let csrf = csrf_in(&page.body);
    let round = round.to_string();
    let mut all = vec![("csrf", csrf.as_str()), ("round", round.as_str())];
    all.extend_from_slice(fields);
    let r = p.post_form(&format!("/t/{code}/individual/{board}"), &all);
    (r.status, r.location.unwrap_or(r.body))
}

#[test]
fn an_individual_from_the_phones_to_the_ranking() {
    let app = App::start(false);
    let mut b = app.arbiter();
    // A Rainbow is offered for 5 or 7 tables only.
    let (status, body) = create(&mut b, "rainbow", 6);
    assert_eq!(status, 422, "{body}");
    assert!(body.to_string().contains("5 or 7 tables"), "{body}");
    let (status, s) = create(&mut b, "rainbow", 5);
    assert_eq!(status, 200, "{s}");
    let id = s["id"].as_i64().unwrap();
    assert_eq!(s["lines"].as_array().unwrap().len(), 25);

    // Names are escaped on the pages; a form built before another change is refused (409).
    let page = b.get(&format!("/bridge/individual/{id}/players"));
    let csrf = csrf_in(&page.body);
    let version = page.body.split("name=\"version\" value=\"").nth(1).unwrap();
    let version = version[..version.find('"').unwrap()].to_string();
    let r = b.post_form(
        &format!("/bridge/individual/{id}/players"),
        &[
            ("csrf", &csrf),
            ("version", &version),
            ("name_1", "<b>Anne</b>"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let r = b.post_form(
        &format!("/bridge/individual/{id}/players"),
        &[
            ("csrf", &csrf),
            ("version", &version),
            ("name_2", "Bernard"),
        ],
    );
    assert_eq!(r.status, 409, "a stale page: {}", r.body);
    let card = b.get(&format!("/bridge/individual/{id}/movement"));
    assert!(
        card.body.contains("Anne") && !card.body.contains("<b>Anne"),
        "the name escaped"
    );

    // Table 1's code: round 1 seats 1, 6, 11, 16 and plays board 1.
    let codes = b.get(&format!("/bridge/individual/{id}")).body;
    let code_of = |t: u32| {
        let at = codes.find(&format!("id=\"ind-code-{t}\"")).unwrap();
        let rest = &codes[at..];
        let start = rest.find("<code class=\"code\">").unwrap() + "<code class=\"code\">".len();
        rest[start..start + rest[start..].find('<').unwrap()].to_string()
    };
    let (one, two) = (code_of(1), code_of(2));
    let mut p1 = app.client();
    let page = p1.get(&format!("/t/{one}"));
    assert!(
        page.body.contains("11") && page.body.contains("16"),
        "{}",
        page.body
    );
    // Board 1 (none vulnerable): 4S by North made, +420; board 2 at table 2 (NS vulnerable):
    // 3NT by South down one, −100.
    let made = [
        ("level", "4"),
        ("strain", "S"),
        ("doubling", ""),
        ("declarer", "N"),
        ("result", "="),
    ];
    let (status, to) = enter(&mut p1, &one, 1, 1, &made);
    assert_eq!(status, 303, "{to}");
    assert!(to.contains("outcome=stored"), "{to}");
    // Another phone at table 1 says 4S−1: kept for the director, nothing overwritten.
    let mut other = app.client();
    let down = [
        ("level", "4"),
        ("strain", "S"),
        ("doubling", ""),
        ("declarer", "N"),
        ("result", "-1"),
    ];
    let (_, to) = enter(&mut other, &one, 1, 1, &down);
    assert!(to.contains("outcome=conflict"), "{to}");
    // Table 2's phone enters its own board meanwhile.
    let mut p2 = app.client();
    let (status, to) = enter(
        &mut p2,
        &two,
        1,
        2,
        &[
            ("level", "3"),
            ("strain", "NT"),
            ("doubling", ""),
            ("declarer", "S"),
            ("result", "-1"),
        ],
    );
    assert_eq!(status, 303, "{to}");
    // Board 2 is not played at table 1.
    let (status, _) = enter(&mut p1, &one, 1, 2, &made);
    assert_eq!(status, 409);

    // Each board has one result so far: top 0, no percentage yet; the CSV says so.
    let csv = b.get(&format!("/bridge/individual/{id}/ranking.csv"));
    assert_eq!(csv.status, 200);
    assert_eq!(csv.body.lines().count(), 1 + 8, "{}", csv.body);
    // The director settles the conflict: the line is the director's.
    let page = b.get(&format!("/bridge/individual/{id}?board=1&table=1&round=1"));
    assert!(page.body.contains("id=\"ind-conflicts\""));
    let version = page.body.split("name=\"version\" value=\"").nth(1).unwrap();
    let version = version[..version.find('"').unwrap()].to_string();
    let r = b.post_form(
        &format!("/bridge/individual/{id}/lines"),
        &[
            ("csrf", &csrf_in(&page.body)),
            ("version", &version),
            ("board", "1"),
            ("table", "1"),
            ("round", "1"),
            ("contract", "4P"),
            ("declarer", "N"),
            ("result", "-1"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let s = b.get(&format!("/api/bridge/individual/{id}")).json();
    let line = s["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["board"] == 1 && l["round"] == 1)
        .unwrap()
        .clone();
    assert_eq!(
        (line["status"].as_str(), line["score_ns"].as_i64()),
        (Some("director"), Some(-50))
    );
    assert!(!b
        .get(&format!("/bridge/individual/{id}"))
        .body
        .contains("id=\"ind-conflicts\""));
}
