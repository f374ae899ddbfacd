//! Issue 36 §1–§2 in the application: the standings' ΔElo column (FIDE B.02, display only,
//! hidden unless the event shows it), the norms page, the player's card, and the title result
//! certificate (IT1) and tournament report (IT3), each against a hand computation.

use serde_json::{json, Value};

use crate::common::{App, Client};

/// Creates a round robin of `players` (CSV), plays every round with `result(white, black)`
/// (names) and returns the event's id and the players' numbers by name.
pub(crate) fn round_robin(
    arb: &mut Client,
    settings: Value,
    players: &str,
    rounds: u32,
    result: impl Fn(&str, &str) -> &'static str,
) -> (i64, Vec<(String, u64)>) {
    let id = arb.post_json("/api/events", &settings).json()["id"]
        .as_i64()
        .unwrap();
    let r = arb.post_json(
        &format!("/api/events/{id}/players/import"),
        &json!({"format": "csv", "data": players}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    arb.post_json(
        &format!("/api/events/{id}/players/present"),
        &json!({"present": true}),
    );
    let list = arb.get(&format!("/api/events/{id}/players")).json();
    let key_name = |key: &Value| {
        list.as_array()
            .unwrap()
            .iter()
            .find(|p| &p["id"] == key)
            .map(|p| p["name"].as_str().unwrap().to_string())
            .unwrap()
    };
    for round in 1..=rounds {
        let r = arb.post_json(&format!("/api/events/{id}/rounds/{round}/pair"), &json!({}));
        assert_eq!(r.status, 200, "round {round}: {}", r.body);
        let games = arb.get(&format!("/api/events/{id}/rounds/{round}")).json();
        let mut results = serde_json::Map::new();
        for g in games["games"].as_array().unwrap() {
            if g["black"].is_null() {
                continue;
            }
            let code = result(&key_name(&g["white"]), &key_name(&g["black"]));
            results.insert(g["board"].to_string(), json!(code));
        }
        let r = arb.post_json(
            &format!("/api/events/{id}/rounds/{round}/results"),
            &json!({ "results": results }),
        );
        assert_eq!(r.status, 200, "round {round}: {}", r.body);
    }
    let numbers = list
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                p["number"].as_u64().unwrap(),
            )
        })
        .collect();
    (id, numbers)
}

/// The text of `<td class="num perf delo">` in the standings row of pairing number `n`.
fn delo_cell(page: &str, n: u64) -> Option<String> {
    let row = page
        .split(&format!("<tr id=\"standing-{n}\">"))
        .nth(1)
        .unwrap_or_else(|| panic!("no standings row {n} in {page}"))
        .split("</tr>")
        .next()
        .unwrap();
    let cell = row.split("<td class=\"num perf delo\">").nth(1)?;
    Some(cell.split('<').next().unwrap().to_string())
}

const FIVE: &str = "name,title,rating,federation,club
\"Alpha, Ann\",,2000,FRA,
\"Bravo, Ben\",,1800,FRA,
\"Charlie, Cy\",,1600,FRA,
\"Delta, Di\",,1400,FRA,
\"Echo, Ed\",,,FRA,
";

/// The five-player round robin of the Perf. column's test: results from the first-named
/// (higher-rated) side: A-B 1-0, A-C ½, A-D 1-0, A-E 1-0, B-C 1-0, B-D won by B by forfeit,
/// B-E 0-1, C-D ½, C-E 1-0, D-E ½.
fn five_result(white: &str, black: &str) -> &'static str {
    let rank = |n: &str| n.chars().next().unwrap();
    let (hi, lo, flipped) = if rank(white) < rank(black) {
        (rank(white), rank(black), false)
    } else {
        (rank(black), rank(white), true)
    };
    let r = match (hi, lo) {
        ('A', 'B') | ('A', 'D') | ('A', 'E') | ('B', 'C') | ('C', 'E') => "W",
        ('A', 'C') | ('C', 'D') | ('D', 'E') => "D",
        ('B', 'D') => "F",
        ('B', 'E') => "L",
        pair => panic!("{pair:?}"),
    };
    match (r, flipped) {
        ("W", false) | ("L", true) => "1-0",
        ("W", true) | ("L", false) => "0-1",
        ("D", _) => "1/2",
        ("F", false) => "+-",
        _ => "-+",
    }
}

/// K 20 for everyone (no birth date, no earlier games known, all under 2400); the expected
/// scores from B.02 8.1.2, the 400-point rule below 2650; forfeits and games against the
/// unrated E do not count:
/// - A (2000): B W (D +200, PD .76, +.24), C ½ (D +400, .92, −.42), D W (D +600 → 400, .92,
///   +.08): −0.10 × 20 = −2.00.
/// - B (1800): A L (−200, .24, −.24), C W (+200, .76, +.24): 0.00.
/// - C (1600): A ½ (−400, .08, +.42), B L (−200, .24, −.24), D ½ (+200, .76, −.26): −0.08 ×
///   20 = −1.60.
/// - D (1400): A L (−600 → −400, .08, −.08), C ½ (−200, .24, +.26): +0.18 × 20 = +3.60.
/// - E (unrated): 1.5 of 4 against A, B, C, D; Ra = (2000 + 1800 + 1600 + 1400 + 2 × 1800) / 6
///   = 1733.33; (1.5 + 1) / 6 = 41.67 % → 42 %, dp −57; Ru = 1676.33 → 1676 (B.02 8.2).
#[test]
fn the_standings_show_the_rating_change_when_the_event_asks() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (id, numbers) = round_robin(
        &mut arb,
        json!({"name": "Fermé", "rounds": 5, "system": "round_robin", "rules": "2026",
               "rating_change_column": true}),
        FIVE,
        5,
        five_result,
    );
    let number = |initial: char| {
        numbers
            .iter()
            .find(|(n, _)| n.starts_with(initial))
            .unwrap()
            .1
    };
    let expected = [
        ('A', "-2.00", json!({"change": -200})),
        ('B', "0.00", json!({"change": 0})),
        ('C', "-1.60", json!({"change": -160})),
        ('D', "+3.60", json!({"change": 360})),
        ('E', "Ru 1676", json!({"initial": 1676})),
    ];
    let s = arb.get(&format!("/api/events/{id}/standings")).json();
    assert_eq!(s["rating_change_column"], true);
    for (p, _, cell) in &expected {
        let row = s["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["player"]["number"] == number(*p))
            .unwrap();
        assert_eq!(&row["rating_change"], cell, "{p}");
    }
    for (lang, legend) in [
        ("en", "FIDE rating change over the event"),
        ("fr", "Variation Elo FIDE sur le tournoi"),
    ] {
        arb.accept_language = Some(lang.into());
        let page = arb.get(&format!("/events/{id}/standings")).body;
        assert!(page.contains("\">ΔElo</th></tr></thead>"), "{lang}");
        assert!(page.contains(legend), "{lang}");
        for (p, text, _) in &expected {
            let shown = if lang == "fr" {
                text.replace('.', ",")
            } else {
                text.to_string()
            };
            assert_eq!(delo_cell(&page, number(*p)), Some(shown), "{lang}: {p}");
        }
    }
    // The CSV's last column.
    let csv = arb
        .get_with(
            &format!("/events/{id}/standings.csv"),
            &[("Accept-Language", "en")],
        )
        .body;
    assert!(
        csv.lines()
            .next()
            .unwrap()
            .ends_with(",performance,rating change"),
        "{csv}"
    );
    // The player's card says it too.
    arb.accept_language = Some("en".into());
    let players = arb.get(&format!("/api/events/{id}/players")).json();
    let key = players
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["number"] == number('D'))
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let card = arb.get(&format!("/events/{id}/players/{key}")).body;
    assert!(card.contains("FIDE rating change: +3.60 (K 20)"), "{card}");
}

#[test]
fn the_column_is_hidden_unless_asked_for() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (id, _) = round_robin(
        &mut arb,
        json!({"name": "Fermé", "rounds": 5, "system": "round_robin"}),
        FIVE,
        5,
        five_result,
    );
    let s = arb.get(&format!("/api/events/{id}/standings")).json();
    assert_eq!(s["rating_change_column"], false);
    assert!(s["rows"][0]["rating_change"].is_null());
    let page = arb.get(&format!("/events/{id}/standings")).body;
    assert!(!page.contains("ΔElo"));
}

/// A 10-player round robin: the French candidate (2350) and nine opponents, Σ 21700, Ra 2411;
/// the candidate beats the three GMs, the German IM, the French IM and FM Hotel, draws with FM
/// India and Juliet, loses to Kilo: 7/9 = 78 %, dp 220, Rp 2631 ≥ 2600; three GMs ≥ 3, seven
/// titled ≥ 5, four foreign federations, four French opponents ≤ 5: a GM norm (B.01 1.4). Every
/// other game is drawn.
const TEN: &str = "name,title,rating,federation,club
\"Alpha, Al\",GM,2550,GER,
\"Bravo, Bo\",GM,2500,ESP,
\"Charlie, Cy\",GM,2450,ITA,
\"Delta, Di\",IM,2450,GER,
\"Echo, Ed\",IM,2400,FRA,
\"Hotel, Hu\",FM,2400,FRA,
\"India, Ida\",FM,2350,FRA,
\"Juliet, Jo\",,2300,NED,
\"Kilo, Ken\",,2300,FRA,
\"Zulu, Zoe\",,2350,FRA,
";

pub(crate) fn ten_result(white: &str, black: &str) -> &'static str {
    let candidate = |n: &str| n.starts_with("Zulu");
    let score = |other: &str| match other.chars().next().unwrap() {
        'A' | 'B' | 'C' | 'D' | 'E' | 'H' => "W",
        'I' | 'J' => "D",
        _ => "L",
    };
    match (candidate(white), candidate(black)) {
        (true, _) => match score(black) {
            "W" => "1-0",
            "D" => "1/2",
            _ => "0-1",
        },
        (_, true) => match score(white) {
            "W" => "0-1",
            "D" => "1/2",
            _ => "1-0",
        },
        _ => "1/2",
    }
}

#[test]
fn norms_page_card_certificate_and_report() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (id, numbers) = round_robin(
        &mut arb,
        json!({"name": "Fermé des Titres", "rounds": 9, "system": "round_robin",
               "federation": "FRA"}),
        TEN,
        9,
        ten_result,
    );
    let zulu = numbers
        .iter()
        .find(|(n, _)| n.starts_with("Zulu"))
        .unwrap()
        .1;
    for (lang, achieved, detail) in [
        (
            "en",
            "Norm achieved",
            "7.0 in 9 games, Ra 2411, Rp 2631; counts for 9 games",
        ),
        (
            "fr",
            "Norme réalisée",
            "7,0 sur 9 parties, Ra 2411, Rp 2631 ; compte pour 9 parties",
        ),
    ] {
        arb.accept_language = Some(lang.into());
        let page = arb.get(&format!("/events/{id}/norms")).body;
        let row = page
            .split(&format!("<tr id=\"norm-{zulu}-GM\">"))
            .nth(1)
            .unwrap_or_else(|| panic!("{lang}: no GM norm row in {page}"))
            .split("</tr>")
            .next()
            .unwrap();
        assert!(row.contains(achieved), "{lang}: {row}");
        assert!(row.contains(detail), "{lang}: {row}");
        // The certificate (IT1): the candidate, the nine games, Ra and Rp, the signatures.
        let it1 = arb.get(&format!("/events/{id}/norms/{zulu}/GM")).body;
        assert!(it1.contains("Zulu, Zoe"), "{lang}");
        assert_eq!(it1.matches("<tr><td class=\"num\">").count(), 9, "{lang}");
        assert!(
            it1.contains("<dd>2411</dd>") && it1.contains("<dd>2631</dd>"),
            "{lang}"
        );
        // The tournament report (IT3) lists the title result.
        let it3 = arb.get(&format!("/events/{id}/norms/report")).body;
        assert!(it3.contains("Zulu, Zoe") && it3.contains(">GM<"), "{lang}");
    }
    // A norm not achieved has no certificate (Kilo: 5/9 on Σ 21750, Ra 2417, 56 %, dp 43, Rp 2460).
    arb.accept_language = Some("en".into());
    let kilo = numbers
        .iter()
        .find(|(n, _)| n.starts_with("Kilo"))
        .unwrap()
        .1;
    let r = arb.get(&format!("/events/{id}/norms/{kilo}/GM"));
    assert_eq!(r.status, 404);
    // The card lists the norms.
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
}
