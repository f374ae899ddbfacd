//! The printed chess documents (issue 20 §2): a page's own page size wins over the
//! stylesheet's, every page prints its date and page numbers, board codes go on cut-out slips
//! and never on the list pinned on the wall, and the round robin's square table.

use crate::common::{csrf_in, players_csv, App, Client};

/// An event of `players` players from the form, everyone present, round 1 paired.
fn event(b: &mut Client, system: &str, players: usize) -> String {
    let csrf = csrf_in(&b.get("/").body);
    let r = b.post_form(
        "/events/new",
        &[
            ("csrf", &csrf),
            ("form", "1"),
            ("name", "Printed \"Open\" </style>"),
            ("rounds", "3"),
            ("system", system),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    b.post_multipart(
        "/events/1/players/import",
        &[("csrf", &csrf)],
        ("file", "players.csv", &players_csv(players)),
    );
    b.post_form(
        "/events/1/players/all-present",
        &[("csrf", &csrf), ("present", "1")],
    );
    let r = b.post_form("/events/1/pair", &[("csrf", &csrf), ("round", "1")]);
    assert_eq!(r.status, 303, "{}", r.body);
    csrf
}

fn codes(b: &mut Client, round: u32) -> Vec<(u64, String)> {
    let r = b.get(&format!("/api/events/1/rounds/{round}")).json();
    r["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| !g["black"].is_null())
        .map(|g| {
            (
                g["board"].as_u64().unwrap(),
                g["code"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn a_landscape_page_wins_over_the_stylesheet_and_every_page_prints_its_date_and_number() {
    let app = App::start(false);
    let mut b = app.arbiter();
    event(&mut b, "swiss", 6);
    for lang in ["en", "fr"] {
        b.accept_language = Some(lang.into());
        for path in ["/events/1/wallchart", "/events/1/crosstable"] {
            let page = b.get(path).body;
            let sheet = page.find("/static/style.css").expect("the stylesheet");
            let own = page.find("size: A4 landscape").expect("landscape");
            assert!(
                sheet < own,
                "{path}: style.css's @page comes after the page's own"
            );
        }
        for path in [
            "/events/1/wallchart",
            "/events/1/crosstable",
            "/events/1/standings",
            "/events/1/alphabetical",
            "/events/1/rounds/1",
            "/events/1/rounds/1/slips",
        ] {
            let page = b.get(path).body;
            assert!(
                page.contains("counter(page) \" / \" counter(pages)"),
                "{path}"
            );
            let printed = if lang == "en" {
                "\"Printed "
            } else {
                "\"Imprimé le "
            };
            assert!(page.contains(printed), "{path} ({lang})");
        }
    }
    // The event's name never ends the <style> element it is quoted in.
    let page = b.get("/events/1/standings").body;
    let style = page.split("<style media=\"print\">").nth(1).unwrap();
    assert!(!style.split("</style>").next().unwrap().contains("Open"));
    let css = b.get("/static/style.css").body;
    let print = css.split("@media print").last().unwrap();
    assert!(print.contains(".scroll { overflow: visible !important; }"));
    assert!(print.contains("th.code, td.code { display: none; }"));
}

#[test]
fn board_codes_go_on_slips_with_their_qr_code_never_on_the_wall_list() {
    let app = App::start(false);
    let mut b = app.arbiter();
    event(&mut b, "swiss", 7);
    let codes = codes(&mut b, 1);
    assert_eq!(codes.len(), 3);
    // The round page keeps them for the arbiter's screen, in the column that does not print.
    let round = b.get("/events/1/rounds/1").body;
    for (_, code) in &codes {
        assert!(
            round.contains(&format!("<td class=\"code\">{code}</td>")),
            "{round}"
        );
        assert_eq!(
            round.matches(code.as_str()).count(),
            1,
            "{code} only in its cell"
        );
    }
    assert!(round.contains("href=\"/events/1/rounds/1/slips\""));
    let slips = b.get_with("/events/1/rounds/1/slips", &[("host", "club.example:8080")]);
    assert_eq!(slips.status, 200, "{}", slips.body);
    for (board, code) in &codes {
        let slip = slips
            .body
            .split(&format!("id=\"slip-{board}\""))
            .nth(1)
            .unwrap_or_else(|| panic!("slip {board}"))
            .split("</section>")
            .next()
            .unwrap();
        assert!(
            slip.contains(&format!("<b class=\"code\">{code}</b>")),
            "{slip}"
        );
        assert!(slip.contains(&format!("http://club.example:8080/report?code={code}")));
        assert!(slip.contains("<svg"), "a QR code: {slip}");
    }
    assert_eq!(
        slips.body.matches("class=\"slip\"").count(),
        3,
        "no slip for the bye"
    );
    // The QR code's address opens the report page with the code filled in.
    let (_, code) = &codes[0];
    let report = app
        .client()
        .get(&format!("/report?code={}", code.to_lowercase()));
    assert!(
        report.body.contains(&format!("value=\"{code}\"")),
        "{}",
        report.body
    );
    assert_eq!(b.get("/events/1/rounds/2/slips").status, 404);
}

/// Opened by the laptop itself (127.0.0.1), the slips warn that the phones cannot reach the
/// address they print; with `--public-url` they print that address, whatever the browser used.
#[test]
fn board_slips_print_the_public_address_or_warn_of_a_loopback_one() {
    let app = App::start(false);
    let mut b = app.arbiter();
    event(&mut b, "swiss", 6);
    let slips = b.get("/events/1/rounds/1/slips").body;
    assert!(slips.contains("id=\"slips-loopback\""), "{slips}");
    assert!(slips.contains("http://127.0.0.1:"));

    let app = App::start_with(|c| c.public_url = Some("http://192.168.1.20:8080/".into()));
    let mut b = app.arbiter();
    event(&mut b, "swiss", 6);
    let codes = codes(&mut b, 1);
    let slips = b.get("/events/1/rounds/1/slips").body;
    assert!(!slips.contains("id=\"slips-loopback\""), "{slips}");
    for (_, code) in &codes {
        assert!(
            slips.contains(&format!("http://192.168.1.20:8080/report?code={code}")),
            "{slips}"
        );
    }
    assert!(!slips.contains("127.0.0.1"), "{slips}");
}

#[test]
fn the_round_robin_table_has_every_player_in_rows_and_columns() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let csrf = event(&mut b, "round_robin", 4);
    // Round 1 results: board 1 White wins, board 2 a draw.
    let games = b.get("/api/events/1/rounds/1").json();
    let r = b.post_form(
        "/events/1/rounds/1/results",
        &[("csrf", &csrf), ("r1", "1-0"), ("r2", "1/2")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let players = b.get("/api/events/1/players").json();
    let number = |key: &serde_json::Value| {
        players
            .as_array()
            .unwrap()
            .iter()
            .find(|p| &p["id"] == key)
            .map(|p| p["number"].as_u64().unwrap())
            .unwrap()
    };
    let g = &games["games"][0];
    let (w, bl) = (number(&g["white"]), number(&g["black"]));
    b.accept_language = Some("fr".into());
    let page = b.get("/events/1/table");
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.body.contains("Tableau à double entrée"));
    assert!(page.body.contains("size: A4 landscape"));
    let row = |n: u64| {
        let line = page
            .body
            .split(&format!("<tr id=\"square-{n}\">"))
            .nth(1)
            .unwrap()
            .split("</tr>")
            .next()
            .unwrap()
            .to_string();
        line.split("<td")
            .filter(|c| c.starts_with(" class=\"sq-"))
            .map(|c| {
                let text = c.split('>').nth(1).unwrap().split('<').next().unwrap();
                if c.starts_with(" class=\"sq-self") {
                    "x".to_string()
                } else {
                    text.to_string()
                }
            })
            .collect::<Vec<String>>()
    };
    for n in 1..=4 {
        let cells = row(n);
        assert_eq!(cells.len(), 4, "{cells:?}");
        assert_eq!(cells[n as usize - 1], "x", "the diagonal");
    }
    assert_eq!(row(w)[bl as usize - 1], "1");
    assert_eq!(row(bl)[w as usize - 1], "0");
    let crosstable = b.get("/events/1/crosstable").body;
    assert!(crosstable.contains("href=\"/events/1/table\""));

    // A Swiss has no square table.
    let app = App::start(false);
    let mut b = app.arbiter();
    event(&mut b, "swiss", 4);
    assert_eq!(b.get("/events/1/table").status, 404);
}
