//! A bridge individual (issue 38 §3), through the real UI: a Rainbow movement of 5 tables,
//! 1 board a round, 5 rounds, 20 players. The director creates it from the bridge home, types
//! the names and reads the tables' codes; each round the five tables enter their board at the
//! same time from five phone-sized windows opened with those codes (North enters, East or West
//! confirms). In the last round a second phone at table 1 sends another result of board 1
//! before the first is confirmed: a conflict, which the director settles by entering the line.
//!
//! The Rainbow seats for 5 tables, round r and table t (both from 0): North (t − r) mod 5 + 1,
//! East 5 + (t + r) mod 5 + 1, South 10 + (t − 2r) mod 5 + 1, West 15 + (t + 2r) mod 5 + 1;
//! board t + 1 stays at table t + 1. Every board is played five times: top 8 (2 per score
//! beaten, 1 per tie, Law 78A); each player plays five boards, 40 matchpoints at most.
//!
//! Screenshots in French and English: `TARGET/browser-artifacts/bridge-individual/`.

use std::path::PathBuf;

use serde_json::json;

use super::arbiter::Arbiter;
use super::bridge_teams::{enter_room, fr, id_after, open_by_code};
use super::harness::{artifacts_dir, Browser, Driver, Server};
use super::print::print_and_measure;

/// The results of each board (board b at table b), round by round, as the phone enters them,
/// with North-South's score (Law 77), the North-South matchpoints worked out here, and the
/// four players (N, E, S, W) the movement seats there.
///
/// Board 1 (none vulnerable): +420, +450, −50, +170, +420.
///   450 beats four: 8; each 420 beats 170 and −50 (4) and ties the other (1): 5; 170 beats −50: 2;
///   −50: 0 (total 20 = 5 × 8 / 2).
/// Board 2 (NS vulnerable): +600, −100, +630, +150, +50 → 6, 0, 8, 4, 2.
/// Board 3 (EW vulnerable): +110, +140, −620, +200, −50 → 4, 6, 0, 8, 2.
/// Board 4 (all vulnerable): +1440, +690, −100, −620, +690 → 8, 5, 2, 0, 5.
/// Board 5 (NS vulnerable): +90, +120, −110, −200, −100 → 6, 8, 2, 0, 4.
type Line = (u32, u32, &'static str, i32, u32, [u32; 4]);
const LINES: [Line; 25] = [
    // (board, round, result, NS score, NS matchpoints, [N, E, S, W])
    (1, 1, "4S N =", 420, 5, [1, 6, 11, 16]),
    (1, 2, "4S N +1", 450, 8, [5, 7, 14, 18]),
    (1, 3, "4S N -1", -50, 0, [4, 8, 12, 20]),
    (1, 4, "3S N +1", 170, 2, [3, 9, 15, 17]),
    (1, 5, "4S N =", 420, 5, [2, 10, 13, 19]),
    (2, 1, "3NT S =", 600, 6, [2, 7, 12, 17]),
    (2, 2, "3NT S -1", -100, 0, [1, 8, 15, 19]),
    (2, 3, "3NT S +1", 630, 8, [5, 9, 13, 16]),
    (2, 4, "2NT S +1", 150, 4, [4, 10, 11, 18]),
    (2, 5, "4S E -1", 50, 2, [3, 6, 14, 20]),
    (3, 1, "2H N =", 110, 4, [3, 8, 13, 18]),
    (3, 2, "3H N =", 140, 6, [2, 9, 11, 20]),
    (3, 3, "4S E =", -620, 0, [1, 10, 14, 17]),
    (3, 4, "3NT W -2", 200, 8, [5, 6, 12, 19]),
    (3, 5, "2H N -1", -50, 2, [4, 7, 15, 16]),
    (4, 1, "6NT N =", 1440, 8, [4, 9, 14, 19]),
    (4, 2, "3NT N +3", 690, 5, [3, 10, 12, 16]),
    (4, 3, "6NT N -1", -100, 2, [2, 6, 15, 18]),
    (4, 4, "4S W =", -620, 0, [1, 7, 13, 20]),
    (4, 5, "3NT N +3", 690, 5, [5, 8, 11, 17]),
    (5, 1, "1NT N =", 90, 6, [5, 10, 15, 20]),
    (5, 2, "1NT N +1", 120, 8, [4, 6, 13, 17]),
    (5, 3, "2S E =", -110, 2, [3, 7, 11, 19]),
    (5, 4, "3C N -2", -200, 0, [2, 8, 14, 16]),
    (5, 5, "1NT N -1", -100, 4, [1, 9, 12, 18]),
];

/// Each player's matchpoints, added up from [`LINES`] (North and South score the NS
/// matchpoints, East and West 8 minus them), over a top of 5 × 8 = 40:
/// player 5: 8 + 8 + 8 + 5 + 6 = 35, 87.50 %; 8: 8 + 8 + 4 + 3 + 8 = 31, 77.50 %;
/// 20: 8 + 6 + 2 + 8 + 2 = 26, 65 %; 13: 5 + 8 + 4 + 0 + 8 = 25, 62.50 %;
/// 12: 0 + 6 + 8 + 5 + 4 = 23, 57.50 %; 4, 7 and 11: 22, 55 % (6th equal);
/// 10 and 16: 20, 50 % (9th equal); 2 and 17: 19, 47.50 % (11th equal); 14 and 18: 18, 45 %
/// (13th equal); 19: 17, 42.50 %; 3 and 6: 15, 37.50 % (16th equal); 9 and 15: 12, 30 %
/// (18th equal); 1: 5 + 0 + 0 + 0 + 4 = 9, 22.50 %.
const RANKING: [(&str, u32, u32, &str); 20] = [
    ("1", 5, 35, "87.50"),
    ("2", 8, 31, "77.50"),
    ("3", 20, 26, "65.00"),
    ("4", 13, 25, "62.50"),
    ("5", 12, 23, "57.50"),
    ("6=", 4, 22, "55.00"),
    ("6=", 7, 22, "55.00"),
    ("6=", 11, 22, "55.00"),
    ("9=", 10, 20, "50.00"),
    ("9=", 16, 20, "50.00"),
    ("11=", 2, 19, "47.50"),
    ("11=", 17, 19, "47.50"),
    ("13=", 14, 18, "45.00"),
    ("13=", 18, 18, "45.00"),
    ("15", 19, 17, "42.50"),
    ("16=", 3, 15, "37.50"),
    ("16=", 6, 15, "37.50"),
    ("18=", 9, 12, "30.00"),
    ("18=", 15, 12, "30.00"),
    ("20", 1, 9, "22.50"),
];

const NAMES: [&str; 20] = [
    "Anne Aubert",
    "Bernard Bazin",
    "Cécile Carré",
    "Didier Dumas",
    "Élise Étienne",
    "Fabien Faure",
    "Gisèle Giraud",
    "Hugo Hamel",
    "Isabelle Ibert",
    "Jean Jacob",
    "Karine Kahn",
    "Luc Lemoine",
    "Marie Masson",
    "Nicolas Noël",
    "Odile Olivier",
    "Pierre Perrin",
    "Quentin Quéré",
    "Rose Renaud",
    "Sylvain Simon",
    "Thérèse Tessier",
];

pub async fn evening(chromedriver: PathBuf) {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shots = artifacts_dir("bridge-individual");
    let server = Server::start(&tmp.path().join("test.db"));
    let driver = Driver::start(&chromedriver);
    let browser = driver.desktop("director", 1280, 900).await;
    let a = Arbiter::first_account(browser, &server, shots.clone()).await;
    let b = &a.b;

    // The hand computation adds up: each board's matchpoints are 20, each player's as listed.
    for board in 1..=5 {
        let total: u32 = LINES.iter().filter(|l| l.0 == board).map(|l| l.4).sum();
        assert_eq!(total, 20, "board {board}'s matchpoints");
    }
    for &(_, player, mp, _) in &RANKING {
        let sum: u32 = LINES
            .iter()
            .map(|l| match l.5.iter().position(|&p| p == player) {
                Some(0 | 2) => l.4,
                Some(_) => 8 - l.4,
                None => 0,
            })
            .sum();
        assert_eq!(sum, mp, "player {player}'s matchpoints");
    }

    // From the bridge home: the individual sessions, and a new one (French pages).
    b.goto(&a.url("/bridge")).await;
    a.switch_language("fr").await;
    a.press("#to-individuals", "the individual sessions").await;
    b.fill("#ind-name-field", "Individuel du lundi").await;
    let offered: Vec<String> = b
        .eval(
            "return Array.from(document.querySelectorAll('#ind-movement-field option'))\
             .map(o => o.value);",
        )
        .await
        .as_array()
        .expect("the movements")
        .iter()
        .map(|v| v.as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(
        offered,
        [
            "whist-2",
            "whist-3",
            "whist-4",
            "whist-5",
            "rainbow-5",
            "rainbow-7"
        ],
        "the movements offered, for the table counts the engine offers"
    );
    b.select("#ind-movement-field", "rainbow-5").await;
    b.fill("#ind-boards-field", "1").await;
    a.shot("new-fr").await;
    a.press("#ind-create", "create the individual").await;
    let id = id_after(&b.current_url().await, "/bridge/individual/");
    let url = |path: &str| a.url(&format!("/bridge/individual/{id}{path}"));

    // The players' names by number.
    for (i, name) in NAMES.iter().enumerate() {
        b.fill(&format!("#name-{}", i + 1), name).await;
    }
    a.press("#ind-players-save", "save the names").await;
    assert_eq!(b.value("#name-20").await, NAMES[19]);

    // The movement card: round 2 at table 1 seats N 5, E 7, S 14, W 18 (the engine's doc).
    b.goto(&url("/movement")).await;
    a.assert_no_error("the movement card").await;
    let cell = b
        .eval("return document.querySelector('#ind-card-round-2 td:nth-child(2)').textContent;")
        .await;
    let cell = cell.as_str().unwrap_or_default().to_string();
    assert!(cell.contains("5–14 / 7–18"), "round 2, table 1: {cell:?}");

    // The tables' codes.
    b.goto(&url("")).await;
    let mut codes = Vec::new();
    for t in 1..=5 {
        let code = b
            .find(&format!("#ind-code-{t} code"))
            .await
            .text()
            .await
            .unwrap_or_default();
        codes.push(code.trim().to_string());
    }

    let mut phones = Vec::new();
    for t in 1..=5 {
        phones.push(driver.phone(&format!("table{t}"), 390, 844).await);
    }
    let base = server.base.clone();
    for (phone, code) in phones.iter().zip(&codes) {
        open_by_code(phone, &base, code).await;
    }
    // The phone shows the four players of its table by seat and name.
    let seats = phones[1]
        .find("#table-players")
        .await
        .text()
        .await
        .unwrap_or_default();
    for (seat, player) in [("North", 2), ("East", 7), ("South", 12), ("West", 17)] {
        let name = format!("{player} {}", NAMES[player as usize - 1]);
        assert!(
            seats.contains(seat) && seats.contains(&name),
            "table 2, round 1 seats {name} {seat}: {seats:?}"
        );
    }
    phones[1].screenshot(&shots, "phone-en").await;
    // Table 2's phone in French: the seats in the FFB's words.
    phones[1].click("#lang-switch").await;
    let seats = phones[1]
        .find("#table-players")
        .await
        .text()
        .await
        .unwrap_or_default();
    assert!(
        seats.contains("Nord") && seats.contains("Ouest"),
        "the seats in French: {seats:?}"
    );
    phones[1].screenshot(&shots, "phone-fr").await;

    let second = driver.phone("table1-second", 390, 844).await;
    for round in 1..=5u32 {
        let at = |t: usize| -> Vec<(u32, &str, i32)> {
            LINES
                .iter()
                .filter(|l| l.1 == round && l.0 == t as u32 + 1)
                .map(|l| (l.0, l.2, l.3))
                .collect()
        };
        // In round 5 table 1's North enters board 1 and waits: another phone contests it.
        let contested = (round == 5).then_some(1);
        let (t1, t2, t3, t4, t5) = (at(0), at(1), at(2), at(3), at(4));
        tokio::join!(
            enter_room(&phones[0], &base, &codes[0], round, &t1, contested),
            enter_room(&phones[1], &base, &codes[1], round, &t2, None),
            enter_room(&phones[2], &base, &codes[2], round, &t3, None),
            enter_room(&phones[3], &base, &codes[3], round, &t4, None),
            enter_room(&phones[4], &base, &codes[4], round, &t5, None),
        );
        // Each phone then opens on the next round by itself.
        if round < 5 {
            phones[2].goto(&format!("{base}/t/{}", codes[2])).await;
            let title = phones[2]
                .find("#table-title")
                .await
                .text()
                .await
                .unwrap_or_default();
            assert!(
                title.contains(&format!("{}/5", round + 1)),
                "table 3 moves on to round {}: {title:?}",
                round + 1
            );
        }
    }
    // The second phone at table 1 says board 1 went down one: a conflict, nothing overwritten.
    open_by_code(&second, &base, &codes[0]).await;
    second.click("#lang-switch").await;
    second.goto(&format!("{base}/t/{}?round=5", codes[0])).await;
    // The board waits for East-West's confirmation: its keypad is under "Correct".
    second.click_here("#board-1-correct summary").await;
    super::director::fill_keypad(&second, 1, super::bridge_teams::keypad("4S N -1")).await;
    second.click("#board-1-submit").await;
    assert!(
        second.current_url().await.contains("outcome=conflict"),
        "the second phone's result is a conflict"
    );
    second.find("#board-1-conflict").await;
    second.screenshot(&shots, "phone-conflict-fr").await;

    // The director sees the conflict and the ranking says it is provisional.
    b.goto(&url("")).await;
    b.find("#ind-conflicts").await;
    b.goto(&url("/ranking")).await;
    b.find("#ind-ranking-partial").await;
    // The director settles it: board 1 at table 1 in round 5 is 4S made (as North entered it).
    b.goto(&url("?board=1&table=1&round=5")).await;
    assert_eq!(b.value("#ind-line-board").await, "1");
    b.fill("#ind-line-contract", "4P").await;
    b.fill("#ind-line-declarer", "N").await;
    b.fill("#ind-line-result", "=").await;
    a.press("#ind-line-save", "the director's line").await;
    assert!(!b.exists("#ind-conflicts").await, "the conflict is settled");
    let status = b
        .find("#ind-line-1-1-5 td:nth-child(9)")
        .await
        .text()
        .await
        .unwrap_or_default();
    assert!(
        status.contains("arbitre"),
        "the line is the director's: {status:?}"
    );
    a.shot("session-fr").await;

    // The ranking, as worked out by hand.
    b.goto(&url("/ranking")).await;
    assert!(
        !b.exists("#ind-ranking-partial").await,
        "every line settled"
    );
    let rows = rows(b, "#ind-ranking tbody tr").await;
    let want: Vec<Vec<String>> = RANKING
        .iter()
        .map(|&(place, player, mp, pct)| {
            vec![
                place.to_string(),
                player.to_string(),
                NAMES[player as usize - 1].to_string(),
                fr(&format!("{mp}.00")),
                fr("40.00"),
                fr(pct),
                "5".to_string(),
            ]
        })
        .collect();
    assert_eq!(rows, want, "the ranking by player");

    // The CSV export (French: semicolons, decimal commas).
    let (status, csv) = b.fetch_text(&url("/ranking.csv")).await;
    assert_eq!(status, 200);
    let csv = csv.trim_start_matches('\u{feff}');
    let first = csv.lines().nth(1).unwrap_or_default();
    assert_eq!(
        first, "1;5;Élise Étienne;35,00;40,00;87,50;5",
        "the CSV's first line:\n{csv}"
    );
    assert_eq!(
        csv.lines().count(),
        21,
        "a header and a line a player:\n{csv}"
    );

    // Printed on A4 in both languages: the ranking and the movement card, one sheet each.
    for lang in ["fr", "en"] {
        b.goto(&url("/ranking")).await;
        a.switch_language(lang).await;
        a.shot(&format!("ranking-{lang}")).await;
        let p = print_and_measure(b, &shots, &format!("ranking-print-{lang}"), (12.0, 12.0)).await;
        assert!(p.overflow.is_empty(), "ranking ({lang}): {:?}", p.overflow);
        assert_eq!(p.pages, 1, "the ranking ({lang}) on one sheet");
        b.goto(&url("/movement")).await;
        a.shot(&format!("movement-{lang}")).await;
        let p = print_and_measure(b, &shots, &format!("movement-print-{lang}"), (12.0, 12.0)).await;
        assert!(
            p.overflow.is_empty(),
            "movement card ({lang}): {:?}",
            p.overflow
        );
        assert_eq!(p.pages, 1, "the movement card ({lang}) on one sheet");
    }
    for p in phones {
        p.close().await;
    }
    second.close().await;
    a.b.close().await;
}

/// The text of every cell of the rows matching `css`.
async fn rows(b: &Browser, css: &str) -> Vec<Vec<String>> {
    let v = b
        .client
        .execute(
            "return Array.from(document.querySelectorAll(arguments[0])).map(tr =>\
               Array.from(tr.querySelectorAll('td, th')).map(td => td.textContent.trim()));",
            vec![json!(css)],
        )
        .await
        .expect("read the rows");
    serde_json::from_value(v).expect("rows of cells")
}
