//! Issue 20 §3: the standings show each player's performance rating in a column of its own
//! ("Perf."), by default, for information only: it ranks nobody, is not a tie-break and is not
//! in the TRF's tie-break records; an event setting hides it.

use serde_json::{json, Value};

use crate::common::{App, Client};

/// Five players, the fifth unrated: pairing numbers 1–5 in rating order.
const PLAYERS: &str = "name,title,rating,federation,club
\"Alpha, Ann\",,2000,FRA,
\"Bravo, Ben\",,1800,FRA,
\"Charlie, Cy\",,1600,FRA,
\"Delta, Di\",,1400,FRA,
\"Echo, Ed\",,,FRA,
";

/// Each pairing's result from the lower number's side: `W` win, `D` draw, `L` loss, `F` win by
/// forfeit.
fn result_between(a: u64, b: u64) -> char {
    match (a.min(b), a.max(b)) {
        (1, 2) | (1, 4) | (1, 5) | (2, 3) | (3, 5) => 'W',
        (1, 3) | (3, 4) | (4, 5) => 'D',
        (2, 4) => 'F',
        (2, 5) => 'L',
        pair => panic!("no result for {pair:?}"),
    }
}

/// The cell text of `<td class="num perf">` in the standings row of pairing number `n`, or
/// `None` when the row has no such cell.
fn perf_cell(page: &str, n: u64) -> Option<String> {
    let row = page
        .split(&format!("<tr id=\"standing-{n}\">"))
        .nth(1)
        .unwrap_or_else(|| panic!("no standings row {n} in {page}"))
        .split("</tr>")
        .next()
        .unwrap();
    let cell = row.split("<td class=\"num perf\">").nth(1)?;
    Some(cell.split('<').next().unwrap().to_string())
}

/// The pairing numbers in the order of the standings (the API's JSON).
fn order(c: &mut Client, id: i64) -> Vec<u64> {
    let s = c.get(&format!("/api/events/{id}/standings")).json();
    s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["player"]["number"].as_u64().unwrap())
        .collect()
}

/// A five-player round robin played to the end: each performance is checked against the
/// hand computation below, and the order of the standings is the same with the column shown
/// or hidden.
///
/// FIDE C.07 10.2 (the TPR tie-break's rule, 2026 edition): TPR = ARO + dp, over the games
/// played over the board against rated opponents; byes, the forfeit 2–4 and games against the
/// unrated player 5 do not count. dp from FIDE table 8.1(a), the percentage rounded half up:
/// - 1 (2000): 2 W, 3 D, 4 W → 2.5/3 = 83 % → +273; ARO (1800+1600+1400)/3 = 1600 → 1873.
/// - 2 (1800): 1 L, 3 W (4 by forfeit, 5 unrated) → 1/2 = 50 % → 0; ARO (2000+1600)/2 = 1800
///   → 1800.
/// - 3 (1600): 1 D, 2 L, 4 D → 1/3 = 33 % → −125; ARO 5200/3 = 1733.3 → 1733 → 1608.
/// - 4 (1400): 1 L, 3 D (2 by forfeit) → 0.5/2 = 25 % → −193; ARO (2000+1600)/2 = 1800 → 1607.
/// - 5 (unrated): 1 L, 2 W, 3 L, 4 D → 1.5/4 = 37.5 % → 38 % → −87; ARO 6800/4 = 1700 → 1613.
#[test]
fn the_standings_show_the_performance_rating_and_rank_nobody_by_it() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let id = arb
        .post_json(
            "/api/events",
            &json!({"name": "Fermé", "rounds": 5, "system": "round_robin", "rules": "2026"}),
        )
        .json()["id"]
        .as_i64()
        .unwrap();
    let r = arb.post_json(
        &format!("/api/events/{id}/players/import"),
        &json!({"format": "csv", "data": PLAYERS}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    arb.post_json(
        &format!("/api/events/{id}/players/present"),
        &json!({"present": true}),
    );
    let players = arb.get(&format!("/api/events/{id}/players")).json();
    let number = |key: &Value| {
        players
            .as_array()
            .unwrap()
            .iter()
            .find(|p| &p["id"] == key)
            .map(|p| p["number"].as_u64().unwrap())
            .unwrap()
    };
    for round in 1..=5 {
        let r = arb.post_json(&format!("/api/events/{id}/rounds/{round}/pair"), &json!({}));
        assert_eq!(r.status, 200, "round {round}: {}", r.body);
        let games = arb.get(&format!("/api/events/{id}/rounds/{round}")).json();
        let mut results = serde_json::Map::new();
        for g in games["games"].as_array().unwrap() {
            if g["black"].is_null() {
                continue;
            }
            let (white, black) = (number(&g["white"]), number(&g["black"]));
            let lower_is_white = white < black;
            let code = match (result_between(white, black), lower_is_white) {
                ('W', true) | ('L', false) => "1-0",
                ('W', false) | ('L', true) => "0-1",
                ('D', _) => "1/2",
                ('F', true) => "+-",
                ('F', false) => "-+",
                other => panic!("{other:?}"),
            };
            results.insert(g["board"].to_string(), json!(code));
        }
        let r = arb.post_json(
            &format!("/api/events/{id}/rounds/{round}/results"),
            &json!({ "results": results }),
        );
        assert_eq!(r.status, 200, "round {round}: {}", r.body);
    }
    let expected = [
        (1, "1873"),
        (2, "1800"),
        (3, "1608"),
        (4, "1607"),
        (5, "1613"),
    ];

    let shown_order = order(&mut arb, id);
    let json = arb.get(&format!("/api/events/{id}/standings")).json();
    assert_eq!(json["after_round"], 5);
    assert_eq!(json["performance_column"], true);
    assert_eq!(json["tiebreak_codes"], json!(["DE", "SB", "WIN"]));
    for (n, perf) in expected {
        let row = json["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["player"]["number"] == n)
            .unwrap();
        assert_eq!(row["performance"].to_string(), perf, "player {n}");
        assert_eq!(row["values"].as_array().unwrap().len(), 3, "player {n}");
    }

    // The arbiter's page, in both languages: the column after the tie-breaks, its tooltip and
    // its line in the legend.
    for (lang, legend) in [
        ("en", "as the TPR tie-break computes it"),
        ("fr", "calculée comme le départage TPR"),
    ] {
        arb.accept_language = Some(lang.into());
        let page = arb.get(&format!("/events/{id}/standings")).body;
        assert!(
            page.contains("<th class=\"tb\">WIN</th><th class=\"perf\" title=\""),
            "{lang}: {page}"
        );
        assert!(
            page.contains("\">Perf.</th></tr></thead>"),
            "{lang}: {page}"
        );
        assert!(page.contains("<dt>Perf.</dt><dd>"), "{lang}: {page}");
        assert!(page.contains(legend), "{lang}: {page}");
        for (n, perf) in expected {
            assert_eq!(perf_cell(&page, n).as_deref(), Some(perf), "{lang}: {n}");
        }
    }
    // The public page, the printed document (as the command line prints it, the same
    // template) and the CSV.
    let mut visitor = app.client();
    let public = visitor.get(&format!("/public/{id}")).body;
    for (n, perf) in expected {
        assert_eq!(perf_cell(&public, n).as_deref(), Some(perf), "public: {n}");
    }
    let csv = arb
        .get_with(
            &format!("/events/{id}/standings.csv"),
            &[("Accept-Language", "en")],
        )
        .body;
    assert!(
        csv.starts_with("rank,number,name,title,rating,federation,points,DE,SB,WIN,performance\n"),
        "{csv}"
    );
    for line in csv.lines().skip(1) {
        let number: u64 = line.split(',').nth(1).unwrap().parse().unwrap();
        let perf = expected.iter().find(|e| e.0 == number).unwrap().1;
        assert!(line.ends_with(&format!(",{perf}")), "{line}");
    }
    // On a French page: `;`, French headers, decimal commas (issue 34 §3).
    let fr = arb
        .get_with(
            &format!("/events/{id}/standings.csv"),
            &[("Accept-Language", "fr")],
        )
        .body;
    assert!(
        fr.starts_with("\u{feff}Place;N°;Nom;Titre;Elo;Fédération;Points;DE;SB;WIN;Performance\n"),
        "{fr}"
    );
    for (en, fr) in csv.lines().skip(1).zip(fr.lines().skip(1)) {
        // Each cell after the name the same, a decimal point become a comma (the English
        // name is quoted for its comma).
        let en: Vec<String> = en.split(',').map(|c| c.replace('.', ",")).collect();
        let fr: Vec<&str> = fr.split(';').collect();
        assert_eq!(fr[3..], en[en.len() + 3 - fr.len()..], "{fr:?}");
    }
    assert!(fr.contains(";3,5;"), "{fr}");
    // Not a tie-break: the TRF's tie-break records list the event's own.
    let trf = arb
        .get(&format!("/events/{id}/export.trf?format=trf26"))
        .body;
    assert!(!trf.contains("TPR") && !trf.contains("Perf"), "{trf}");

    // The settings page hides it: gone from every list, the order as it was.
    arb.accept_language = Some("en".into());
    let edit = arb.get(&format!("/events/{id}/edit")).body;
    assert!(
        edit.contains("name=\"performance_column\" type=\"checkbox\" checked"),
        "{edit}"
    );
    let csrf = arb.csrf.clone().unwrap();
    let version = edit
        .split("name=\"version\" value=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string();
    let r = arb.post_form(
        &format!("/events/{id}/edit"),
        &[
            ("csrf", &csrf),
            ("form", "1"),
            ("version", &version),
            ("name", "Fermé"),
            ("rounds", "5"),
            ("system", "round_robin"),
            ("rules", "2026"),
            ("public", "on"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let event = arb.get(&format!("/api/events/{id}")).json();
    assert_eq!(event["settings"]["performance_column"], false);
    assert_eq!(event["settings"]["tiebreaks"], "");
    let page = arb.get(&format!("/events/{id}/standings")).body;
    assert!(!page.contains("Perf."), "{page}");
    assert!(perf_cell(&page, 1).is_none());
    let public = visitor.get(&format!("/public/{id}")).body;
    assert!(!public.contains("Perf."), "{public}");
    let csv = arb
        .get_with(
            &format!("/events/{id}/standings.csv"),
            &[("Accept-Language", "en")],
        )
        .body;
    assert!(
        csv.starts_with("rank,number,name,title,rating,federation,points,DE,SB,WIN\n"),
        "{csv}"
    );
    let json = arb.get(&format!("/api/events/{id}/standings")).json();
    assert_eq!(json["performance_column"], false);
    assert!(json["rows"][0]["performance"].is_null());
    assert_eq!(order(&mut arb, id), shown_order, "the column ranks nobody");

    // The API sets it back.
    let r = arb.post_json(
        &format!("/api/events/{id}"),
        &json!({"name": "Fermé", "rounds": 5, "system": "round_robin", "rules": "2026",
                "performance_column": true}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["settings"]["performance_column"], true);
    let page = arb.get(&format!("/events/{id}/standings")).body;
    assert_eq!(perf_cell(&page, 5).as_deref(), Some("1613"));
}
