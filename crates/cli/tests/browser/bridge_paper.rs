//! Paper that fits (issue 38 §2): a club evening of 16 pairs (an 8-table Mitchell, 3 boards a
//! round, 24 boards, every deal known, the pairs with long names), printed on A4 as the
//! director prints it, in French and in English, and the sheets counted:
//!
//! - the personal score cards, one card never split, two on a sheet where they fit: at most
//!   8 sheets for 16 pairs (39 before issue 38: each card ran onto 2–3 pages as the opponents'
//!   column wrapped names onto four lines);
//! - the travellers, several boards a sheet (the diagram's hands on one line each, the tricks
//!   grid beside it), each traveller's lines by North-South pair: at most 9 sheets for 24
//!   boards (24 before, one board a half-empty sheet);
//! - the ranking on one sheet.
//!
//! The results are typed through the JSON API (the browser tests of the evening itself are
//! elsewhere); the printing is Chromium's. PDFs and their pictures in print media:
//! `TARGET/browser-artifacts/bridge-paper/`.

use std::path::PathBuf;

use serde_json::{json, Value};

use super::arbiter::Arbiter;
use super::harness::{artifacts_dir, Driver, Server};
use super::print::print_and_measure;
use super::stale::Api;

pub(super) const NAMES: [&str; 32] = [
    "Marie-Christine Lefèvre-Dumont",
    "Jean-Baptiste Montgolfier",
    "Anne-Sophie de La Rochefoucauld",
    "François-Xavier Delacroix",
    "Bernadette Vasseur-Lambert",
    "Pierre-Emmanuel Chassagne",
    "Geneviève Beaumarchais",
    "Henri Tissandier-Moreau",
    "Catherine Villeneuve",
    "Louis-Philippe Desjardins",
    "Madeleine Fontenelle",
    "Jacques Rousseau-Bertin",
    "Isabelle Chateaubriand",
    "Olivier de Montmorency",
    "Sylvie Lamartine-Roche",
    "Thierry Boissonnade",
    "Élisabeth Clermont-Tonnerre",
    "Guillaume Apollinaire-Blanc",
    "Hélène Saint-Exupéry",
    "Raymond Poincaré-Giraud",
    "Jacqueline Dubois-Mercier",
    "Antoine Lavoisier-Durand",
    "Monique Desmarais",
    "Philippe Auguste Martel",
    "Colette Marivaux-Simon",
    "Bertrand du Guesclin",
    "Nathalie Sarraute-Petit",
    "Gérard Montesquieu",
    "Dominique Vauban-Leclerc",
    "Christophe Colomb-Renard",
    "Véronique Mallarmé",
    "Stéphane Gambetta-Faure",
];

/// A deterministic contract for every line: the board's "normal" contract (one of a few),
/// made, over or down by the table, so that the travellers spread.
pub(super) fn entry(board: u64, ns: u64) -> Value {
    let contracts = ["3NT", "4S", "2H", "5DX", "1NT", "4H"];
    let declarers = ["N", "S", "E", "W"];
    let contract = contracts[(board as usize) % contracts.len()];
    let level: i64 = contract[..1].parse().unwrap();
    let delta = ((board * 7 + ns * 3) % 5) as i64 - 2;
    let tricks = (level + 6 + delta).clamp(0, 13);
    let declarer = declarers[((board + ns) % 4) as usize];
    let lead = ["SA", "HK", "D7", "C2"][((board * ns) % 4) as usize];
    json!({"contract": contract, "declarer": declarer, "lead": lead, "tricks": tricks})
}

/// Board `b`'s deal: each hand rotated from a fixed deal, so every board has four hands.
pub(super) fn deals_pbn(boards: u32) -> String {
    let hands = [
        "AKQJ.T98.765.432",
        "T98.765.432.AKQJ",
        "765.432.AKQJ.T98",
        "432.AKQJ.T98.765",
    ];
    let mut pbn = String::from("% PBN 2.1\n");
    for b in 1..=boards {
        let r = b as usize % 4;
        let rotated: Vec<&str> = (0..4).map(|i| hands[(i + r) % 4]).collect();
        pbn.push_str(&format!(
            "\n[Board \"{b}\"]\n[Dealer \"{}\"]\n[Vulnerable \"{}\"]\n[Deal \"N:{}\"]\n",
            bridge::dealer_of(b),
            bridge::vulnerability_of(b),
            rotated.join(" ")
        ));
    }
    pbn
}

pub async fn evening(chromedriver: PathBuf) {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shots = artifacts_dir("bridge-paper");
    let server = Server::start(&tmp.path().join("test.db"));
    let driver = Driver::start(&chromedriver);
    let a = Arbiter::first_account(
        driver.desktop("director", 1280, 900).await,
        &server,
        shots.clone(),
    )
    .await;
    let api = Api::login(&server.base);
    let s = api.post(
        "/api/bridge/sessions",
        json!({"name": "Tournoi de régularité du mardi", "club": "Bridge Club de Lyon",
               "date": "2026-12-01", "tables": 8, "movement": "mitchell", "boards_per_round": 3}),
    );
    let id = s["id"].as_i64().expect("the session's id");
    let base = format!("/api/bridge/sessions/{id}");
    let pairs: Vec<Value> = (1..=16u32)
        .map(|n| {
            json!({"number": n, "name1": NAMES[2 * (n as usize - 1)],
                   "name2": NAMES[2 * (n as usize - 1) + 1]})
        })
        .collect();
    api.post(&format!("{base}/pairs"), json!(pairs));
    api.post(
        &format!("{base}/deals"),
        json!({"data": deals_pbn(24), "file": "donnes.pbn"}),
    );
    let (lines, _) = api.get(&format!("{base}/lines"));
    let lines = lines["lines"].as_array().expect("the lines").clone();
    assert_eq!(lines.len(), 8 * 24, "8 tables play 24 boards");
    for l in &lines {
        let (board, ns, ew) = (
            l["board"].as_u64().unwrap(),
            l["ns"].as_u64().unwrap(),
            l["ew"].as_u64().unwrap(),
        );
        let mut body = entry(board, ns);
        body["board"] = json!(board);
        body["ns"] = json!(ns);
        body["ew"] = json!(ew);
        api.post(&format!("{base}/lines"), body);
    }

    a.b.goto(&a.url(&format!("/bridge/{id}/cards"))).await;
    for lang in ["fr", "en"] {
        a.switch_language(lang).await;
        let page = |part: &str| a.url(&format!("/bridge/{id}/{part}"));
        a.b.goto(&page("cards")).await;
        let cards = print_and_measure(&a.b, &shots, &format!("cards-{lang}"), (12.0, 12.0)).await;
        assert!(
            cards.overflow.is_empty(),
            "{lang} cards: {:?}",
            cards.overflow
        );
        assert!(
            cards.pages <= 8,
            "{lang}: 16 score cards on {} sheets (at most 8)",
            cards.pages
        );
        a.b.goto(&page("travellers")).await;
        let travellers =
            print_and_measure(&a.b, &shots, &format!("travellers-{lang}"), (12.0, 12.0)).await;
        assert!(
            travellers.overflow.is_empty(),
            "{lang} travellers: {:?}",
            travellers.overflow
        );
        // Three travellers a sheet (two under the title): 9 sheets for 24 boards.
        assert!(
            travellers.pages <= 9,
            "{lang}: 24 travellers on {} sheets (at most 9)",
            travellers.pages
        );
        // The result column says what it holds (=, +1, −1): « Résultat », not « Levées ».
        let heading = if lang == "fr" { "Résultat" } else { "Result" };
        assert!(
            travellers.text.contains(heading),
            "{lang}: no {heading} heading"
        );
        // A traveller reads by North-South pair.
        let order: Vec<String> =
            a.b.eval("return [...document.querySelectorAll('#traveller-1 table.traveller-lines tbody tr td:nth-child(3)')].map(td => td.textContent.trim());")
                .await
                .as_array()
                .expect("the NS column")
                .iter()
                .map(|v| v.as_str().unwrap_or_default().to_string())
                .collect();
        let numbers: Vec<u32> = order.iter().filter_map(|n| n.parse().ok()).collect();
        assert_eq!(
            numbers,
            (1..=8).collect::<Vec<_>>(),
            "{lang}: board 1's lines by NS pair"
        );
        a.b.goto(&page("ranking")).await;
        let ranking =
            print_and_measure(&a.b, &shots, &format!("ranking-{lang}"), (12.0, 12.0)).await;
        assert_eq!(
            ranking.pages, 1,
            "{lang}: the ranking of 16 pairs on one sheet"
        );
        // A top is a count of matchpoints: 24 boards × 14 = 336, written without decimals.
        assert!(
            ranking.text.contains("336")
                && !ranking.text.contains("336,00")
                && !ranking.text.contains("336.00"),
            "{lang}: the top without decimals"
        );
        eprintln!(
            "{lang}: score cards {} sheets, travellers {} sheets, ranking {} sheet",
            cards.pages, travellers.pages, ranking.pages
        );
    }
}
