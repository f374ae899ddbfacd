//! Swiss pairs at a bridge club (issue 38 §3), through the real UI: six pairs, two rounds of
//! two boards, created from the teams events page in the Swiss pairs format; each round's three
//! tables enter their boards at the same time from three phone-sized windows opened with the
//! codes of the printed slips (North enters, East-West confirms).
//!
//! Every expected value is worked out by hand here, none by the engine: contract scores from
//! the Laws' table (Law 77); each board's datum is the mean of the three tables' North-South
//! scores without the highest and the lowest (so the middle one), rounded to 10; IMPs of the
//! score minus the datum (Law 78B); a match's IMP margin to VPs on the WBF 2013 scale for 2
//! boards (blitz 15·√2 ≈ 21.2): 10 + 10·(1 − τ^(3M/blitz))/(1 − τ³) to two decimals, worked
//! out for this test: 1 IMP 10.86, 5 → 13.78, 9 → 16.00 (15.995), 12 → 17.31 (17.306).
//!
//! Screenshots in French and English: `TARGET/browser-artifacts/bridge-swiss-pairs/`.

use std::path::PathBuf;

use serde_json::json;

use super::arbiter::Arbiter;
use super::bridge_teams::{enter_room, fr, id_after, open_by_code};
use super::harness::{artifacts_dir, Driver, Server};
use super::print::print_and_measure;

const PAIRS: [(&str, &str); 6] = [
    ("Alice Dupont", "Bruno Marchal"),
    ("Claire Fabre", "Denis Roux"),
    ("Émilie Garnier", "François Hubert"),
    ("Gaëlle Imbert", "Henri Joly"),
    ("Inès Klein", "Jules Laurent"),
    ("Karine Morel", "Louis Noël"),
];

/// A table's round as worked out by hand: (round, table, NS pair, EW pair, boards as (board,
/// result as the phone enters it, NS score, NS − datum, NS IMPs), VPs NS–EW).
type Table = (
    u32,
    u32,
    u32,
    u32,
    [(u32, &'static str, i32, i32, i32); 2],
    (&'static str, &'static str),
);

/// Round 1 (pair-number order: 1–2, 3–4, 5–6). Board 1 (none vulnerable): +420, +450, −50,
/// datum 420: 0, +1 (30), −10 (470). Board 2 (North-South vulnerable): −100, +110, +140, datum
/// 110: −5 (210), 0, +1 (30). Margins −5, +1, −9.
/// After round 1: 6 16.00, 2 13.78, 3 10.86, 4 9.14, 1 6.22, 5 4.00. Round 2: 6 meets 2; 3 has
/// met 4, so meets 1; 4 meets 5. Board 3 (East-West vulnerable): +420, −50, +420, datum 420:
/// 0, −10, 0. Board 4 (all vulnerable): +600, +630, −100, datum 600: 0, +1, −12 (700).
/// Margins 0, −9, −12.
const TABLES: [Table; 6] = [
    (
        1,
        1,
        1,
        2,
        [(1, "4S S =", 420, 0, 0), (2, "3NT N -1", -100, -210, -5)],
        ("6.22", "13.78"),
    ),
    (
        1,
        2,
        3,
        4,
        [(1, "4S S +1", 450, 30, 1), (2, "2S N =", 110, 0, 0)],
        ("10.86", "9.14"),
    ),
    (
        1,
        3,
        5,
        6,
        [(1, "4S S -1", -50, -470, -10), (2, "3S N =", 140, 30, 1)],
        ("4.00", "16.00"),
    ),
    (
        2,
        1,
        6,
        2,
        [(3, "4H N =", 420, 0, 0), (4, "3NT S =", 600, 0, 0)],
        ("10.00", "10.00"),
    ),
    (
        2,
        2,
        3,
        1,
        [(3, "4H N -1", -50, -470, -10), (4, "3NT S +1", 630, 30, 1)],
        ("4.00", "16.00"),
    ),
    (
        2,
        3,
        4,
        5,
        [(3, "4H N =", 420, 0, 0), (4, "3NT S -1", -100, -700, -12)],
        ("2.69", "17.31"),
    ),
];

/// The standings after two rounds: (place, pair, VPs, IMPs won, lost, quotient).
/// VPs: 6 16.00 + 10.00; 2 13.78 + 10.00; 1 6.22 + 16.00; 5 4.00 + 17.31; 3 10.86 + 4.00; 4 9.14 + 2.69.
/// IMPs won–lost, board by board: 1 0–5 then 10–1; 2 5–0 then 0–0; 3 1–0 then 1–10; 4 0–1
/// then 0–12; 5 1–10 then 12–0; 6 10–1 then 0–0.
const STANDINGS: [(&str, u32, &str, u32, u32, &str); 6] = [
    ("1", 6, "26.00", 10, 1, "10.000"),
    ("2", 2, "23.78", 5, 0, "–"),
    ("3", 1, "22.22", 10, 6, "1.667"),
    ("4", 5, "21.31", 13, 10, "1.300"),
    ("5", 3, "14.86", 2, 10, "0.200"),
    ("6", 4, "11.83", 0, 13, "0.000"),
];

fn pair_name(n: u32) -> String {
    let (a, b) = PAIRS[n as usize - 1];
    format!("{a} – {b}")
}

pub async fn evening(chromedriver: PathBuf) {
    let tmp = tempfile::tempdir().expect("a temporary folder");
    let shots = artifacts_dir("bridge-swiss-pairs");
    let server = Server::start(&tmp.path().join("test.db"));
    let driver = Driver::start(&chromedriver);
    let browser = driver.desktop("director", 1280, 900).await;
    let a = Arbiter::first_account(browser, &server, shots.clone()).await;
    let b = &a.b;
    b.goto(&server.url("/bridge/teams")).await;
    a.switch_language("fr").await;
    // The Swiss pairs have their own form: only Butler IMPs or cross-IMPs to choose from, the
    // EBU's tie-breaks selected.
    let scorings = b.find_all("#bswiss-scoring option").await;
    let mut offered = Vec::new();
    for o in &scorings {
        offered.push(o.attr("value").await.ok().flatten().unwrap_or_default());
    }
    assert_eq!(offered, ["wbf2013", "cross_imps"]);
    assert_eq!(b.value("#bswiss-tie-break").await, "ebu");
    b.fill("#bswiss-name", "Paires suisses du mardi").await;
    b.set_value("#bswiss-date", "2026-03-17").await;
    b.fill("#bswiss-boards", "2").await;
    b.fill("#bswiss-swiss-rounds", "2").await;
    a.press("#bswiss-create", "create the Swiss pairs").await;
    let id = id_after(&b.current_url().await, "/bridge/teams/");
    let url = |path: &str| a.url(&format!("/bridge/teams/{id}{path}"));
    // The pairs: two players each, the pair's name left empty (its players' names).
    for (i, (p1, p2)) in PAIRS.iter().enumerate() {
        assert_eq!(b.value("#team-number").await, (i + 1).to_string());
        b.fill("#team-players", &format!("{p1}\n{p2}")).await;
        a.press("#team-save", "save a pair").await;
    }
    let heading = b.find("#teams").await.text().await.unwrap_or_default();
    assert_eq!(heading, "Paires", "the sides are pairs");

    // One slip a table (no closed room), named "Table n".
    b.goto(&url("/tables")).await;
    a.assert_no_error("the table slips").await;
    let mut codes = Vec::new();
    for t in 1..=3 {
        let code = b
            .find(&format!("#code-{t}-open"))
            .await
            .text()
            .await
            .unwrap_or_default();
        codes.push(code.trim().to_string());
    }
    assert!(
        !b.exists("#code-1-closed").await,
        "no closed room at Swiss pairs"
    );
    assert!(
        b.body_text().await.contains("Table 3"),
        "the slips name the tables"
    );

    let phones = [
        driver.phone("table1", 390, 844).await,
        driver.phone("table2", 390, 844).await,
        driver.phone("table3", 390, 844).await,
    ];
    let base = server.base.clone();
    for round in 1..=2u32 {
        b.goto(&url("")).await;
        a.press("#bteams-draw", "draw the next round").await;
        let rows = rows(b, &format!("#round-{round}-matches tbody tr")).await;
        let drawn: Vec<(String, String)> =
            rows.iter().map(|r| (r[1].clone(), r[2].clone())).collect();
        let want: Vec<(String, String)> = TABLES
            .iter()
            .filter(|t| t.0 == round)
            .map(|t| (pair_name(t.2), pair_name(t.3)))
            .collect();
        assert_eq!(drawn, want, "round {round}'s draw");
        if round == 1 {
            for (phone, code) in phones.iter().zip(&codes) {
                open_by_code(phone, &base, code).await;
            }
            let title = phones[1].body_text().await;
            assert!(
                title.contains("Table 2"),
                "the phone names its table: {title:?}"
            );
        }
        // The three tables play at the same time; table 3 is last to finish in round 1, and
        // the next draw waits for it.
        let entries: Vec<Vec<(u32, &str, i32)>> = TABLES
            .iter()
            .filter(|t| t.0 == round)
            .map(|t| {
                t.4.iter()
                    .map(|&(bd, spec, ns, _, _)| (bd, spec, ns))
                    .collect()
            })
            .collect();
        if round == 1 {
            tokio::join!(
                enter_room(&phones[0], &base, &codes[0], round, &entries[0], None),
                enter_room(&phones[1], &base, &codes[1], round, &entries[1], None),
            );
            b.goto(&url("")).await;
            assert!(
                !b.exists("#bteams-draw").await,
                "no draw while table 3 plays"
            );
            b.find("#draw-waits").await;
            enter_room(&phones[2], &base, &codes[2], round, &entries[2], None).await;
        } else {
            tokio::join!(
                enter_room(&phones[0], &base, &codes[0], round, &entries[0], None),
                enter_room(&phones[1], &base, &codes[1], round, &entries[1], None),
                enter_room(&phones[2], &base, &codes[2], round, &entries[2], None),
            );
        }
        if round == 2 {
            phones[2].screenshot(&shots, "phone-en").await;
        }
        for t in TABLES.iter().filter(|t| t.0 == round) {
            check_table(&a, &url(&format!("/matches/{}/{}", t.0, t.1)), t).await;
        }
    }
    b.goto(&url("")).await;
    let rows = rows(b, "#bteams-standings tbody tr").await;
    let want: Vec<Vec<String>> = STANDINGS
        .iter()
        .map(|&(place, pair, vp, won, lost, q)| {
            vec![
                place.to_string(),
                format!("{pair}. {}", pair_name(pair)),
                fr(vp),
                won.to_string(),
                lost.to_string(),
                fr(q),
                "2".to_string(),
            ]
        })
        .collect();
    assert_eq!(rows, want, "the standings");
    // The CSV export: one line a table and board, the round and table, the pairs' numbers.
    let csv = b
        .eval(&format!(
            "return await (await fetch('/bridge/teams/{id}/export.csv')).text();"
        ))
        .await;
    let csv = csv.as_str().unwrap_or_default().to_string();
    // Columns: board, dealer, vul, round, table, ns, ew, contract, declarer, lead, result,
    // score, group.
    let lines: Vec<Vec<&str>> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    for t in &TABLES {
        for &(board, spec, ns, _, _) in &t.4 {
            let p: Vec<&str> = spec.split(' ').collect();
            let want = [
                board.to_string(),
                t.0.to_string(),
                t.1.to_string(),
                t.2.to_string(),
                t.3.to_string(),
                p[0].to_string(),
                p[1].to_string(),
                p[2].to_string(),
                ns.to_string(),
            ];
            let found = lines.iter().any(|f| {
                f.len() == 13
                    && [f[0], f[3], f[4], f[5], f[6], f[7], f[8], f[10], f[11]]
                        .iter()
                        .zip(&want)
                        .all(|(a, b)| a == b)
            });
            assert!(found, "the CSV has {want:?}:\n{csv}");
        }
    }
    assert_eq!(
        csv.lines().count(),
        1 + TABLES.len() * 2,
        "a header and a line a table and board:\n{csv}"
    );
    // USEBIO: a SWISS_PAIRS event, the pairs as participants, each table a MATCH with its
    // pairs' numbers; the page offers it beside the CSV.
    let xml = b
        .eval(&format!(
            "return await (await fetch('/bridge/teams/{id}/export.xml')).text();"
        ))
        .await;
    let xml = xml.as_str().unwrap_or_default().to_string();
    assert!(xml.contains("<EVENT EVENT_TYPE=\"SWISS_PAIRS\">"), "{xml}");
    assert_eq!(xml.matches("<MATCH>").count(), TABLES.len(), "{xml}");
    assert!(xml.contains("<NS_PAIR_NUMBER>"), "{xml}");
    b.goto(&url("")).await;
    assert!(b.exists("#tab-export-usebio").await && b.exists("#tab-export-csv").await);
    for lang in ["fr", "en"] {
        b.goto(&url("")).await;
        a.switch_language(lang).await;
        a.shot(&format!("event-{lang}")).await;
        // The draw and the standings printed on A4, nothing cut off.
        let p = print_and_measure(b, &shots, &format!("event-print-{lang}"), (12.0, 12.0)).await;
        assert!(
            p.overflow.is_empty(),
            "the event page printed ({lang}): {:?}",
            p.overflow
        );
        // Six pairs, two rounds: the standings, the crosstable, both rounds and the pairs on
        // one sheet (two before issue 38 §2, the second a third full).
        assert_eq!(p.pages, 1, "the event page printed ({lang}) on one sheet");
        b.goto(&url("/matches/2/3")).await;
        a.assert_no_error("a table's match").await;
        a.shot(&format!("match-2-3-{lang}")).await;
    }
    for p in phones {
        p.close().await;
    }
    a.b.close().await;
}

/// The text of every cell of the rows matching `css`.
async fn rows(b: &super::harness::Browser, css: &str) -> Vec<Vec<String>> {
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

/// A table's match page (French): each board's NS score, NS − datum and IMPs, and the VPs.
async fn check_table(a: &Arbiter<'_>, page: &str, t: &Table) {
    let b = &a.b;
    b.goto(page).await;
    a.assert_no_error("a table's match").await;
    let what = format!("round {}, table {}", t.0, t.1);
    let text = |css: String| async move { b.find(&css).await.text().await.unwrap_or_default() };
    let mut won = (0, 0);
    for &(board, spec, ns, net, imps) in &t.4 {
        assert_eq!(
            text(format!("#open-{board}-score")).await,
            ns.to_string(),
            "{what}: {spec}"
        );
        assert_eq!(
            text(format!("#net-{board}")).await,
            net.to_string(),
            "{what}, board {board}: NS − datum"
        );
        let (h, v) = match imps {
            i if i > 0 => (i.to_string(), String::new()),
            i if i < 0 => (String::new(), (-i).to_string()),
            _ => ("0".to_string(), "0".to_string()),
        };
        assert_eq!(
            (
                text(format!("#imps-home-{board}")).await,
                text(format!("#imps-visit-{board}")).await
            ),
            (h, v),
            "{what}, board {board}: the IMPs"
        );
        if imps > 0 {
            won.0 += imps;
        } else {
            won.1 -= imps;
        }
    }
    assert_eq!(
        (
            text("#total-home".into()).await,
            text("#total-visit".into()).await
        ),
        (won.0.to_string(), won.1.to_string()),
        "{what}: the match's IMPs"
    );
    assert_eq!(
        text("#match-points".into()).await,
        format!("PV {} – {}", fr(t.5 .0), fr(t.5 .1)),
        "{what}: the VPs"
    );
}
