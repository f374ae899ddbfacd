//! A simultaneous pairs session printed on A4 (issue 38 §2): ten pairs here (a 5-table
//! Mitchell, 3 boards a round, 15 boards, the pairs with long names) and four at another club
//! (its PBN of the same deals: NS 1 v EW 2, NS 3 v EW 4 on every board), 14 pairs in all, seven
//! a direction. The ranking prints on one sheet in French and in English (before, the French
//! headings « Rang général », « Rang club » wrapped and the last East-West row ran onto a
//! second sheet). PDFs and their pictures in print media:
//! `TARGET/browser-artifacts/bridge-simultaneous/`.

use std::path::PathBuf;

use serde_json::{json, Value};
use server::guard::Kind;

use super::arbiter::Arbiter;
use super::bridge_paper::{deals_pbn, entry, NAMES};
use super::harness::{artifacts_dir, Driver, Server};
use super::print::print_and_measure;
use super::stale::Api;

/// The other club's evening on the same deals: two tables, every board played twice
/// (1NT by North made, 3NT by North made).
fn other_club(deals: &str) -> String {
    let mut out = String::from("% PBN 2.1\n");
    for block in deals.split("\n\n").skip(1) {
        out.push_str(&format!(
            "\n[Event \"Simultané d'automne\"]\n{}\n\
             [ScoreTable \"PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R\"]\n\
              1  2 1NT  N  7\n 3  4 3NT  N  9\n",
            block.trim_end()
        ));
    }
    out
}

pub async fn ranking(chromedriver: PathBuf) {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shots = artifacts_dir("bridge-simultaneous");
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
        json!({"name": "Simultané national du jeudi", "club": "Bridge Club de Lyon",
               "date": "2026-12-03", "tables": 5, "movement": "mitchell", "boards_per_round": 3}),
    );
    let id = s["id"].as_i64().expect("the session's id");
    let base = format!("/api/bridge/sessions/{id}");
    let pairs: Vec<Value> = (1..=10u32)
        .map(|n| {
            json!({"number": n, "name1": NAMES[2 * (n as usize - 1)],
                   "name2": NAMES[2 * (n as usize - 1) + 1]})
        })
        .collect();
    api.post(&format!("{base}/pairs"), json!(pairs));
    let deals = deals_pbn(15);
    api.post(
        &format!("{base}/deals"),
        json!({"data": deals, "file": "donnes.pbn"}),
    );
    let (lines, _) = api.get(&format!("{base}/lines"));
    let lines = lines["lines"].as_array().expect("the lines").clone();
    assert_eq!(lines.len(), 5 * 15, "5 tables play 15 boards");
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
    let added = api.upload(
        &format!("/bridge/{id}/simultaneous"),
        (Kind::BridgeSession, id),
        &[("club", "Cercle de bridge de Villeurbanne")],
        ("file", "villeurbanne.pbn", &other_club(&deals)),
    );
    assert!(added.contains("added="), "the upload's answer: {added:?}");

    a.b.goto(&a.url(&format!("/bridge/{id}/simultaneous")))
        .await;
    for lang in ["fr", "en"] {
        a.switch_language(lang).await;
        a.b.goto(&a.url(&format!("/bridge/{id}/simultaneous")))
            .await;
        let rows = a.b.find_all("#sim-ranking tbody tr").await.len();
        assert_eq!(rows, 14, "{lang}: 7 North-South and 7 East-West pairs");
        let printed =
            print_and_measure(&a.b, &shots, &format!("ranking-{lang}"), (12.0, 12.0)).await;
        eprintln!(
            "{lang}: simultaneous ranking {} sheet(s), overflow {:?}",
            printed.pages, printed.overflow
        );
        assert!(
            printed.overflow.is_empty(),
            "{lang} ranking: {:?}",
            printed.overflow
        );
        assert_eq!(
            printed.pages, 1,
            "{lang}: the simultaneous ranking of 14 pairs on one sheet"
        );
        // The last East-West row (the other club's EW 2 or 4) is on that sheet.
        assert!(
            printed.text.contains("Cercle de bridge de Villeurbanne"),
            "{lang}: the other club's pairs printed"
        );
    }
}
