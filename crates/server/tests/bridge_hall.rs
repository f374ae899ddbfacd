//! What a club evening found at the tables (issue 20): a phone never goes back to an earlier
//! round, French contracts read as a French club writes them.

use crate::bridge_api::{codes, small_session};
use crate::common::{csrf_in, App, Client};

/// The boards of the table page's round, in page order.
fn boards_on(page: &str) -> Vec<String> {
    page.split("<section class=\"tboard")
        .skip(1)
        .map(|s| {
            s.split("id=\"board-")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
                .to_string()
        })
        .collect()
}

/// North enters a board from the table page; the redirect's location.
fn enter(phone: &mut Client, code: &str, csrf: &str, round: u32, board: &str) -> (u16, String) {
    let r = phone.post_form(
        &format!("/t/{code}/boards/{board}"),
        &[
            ("csrf", csrf),
            ("round", &round.to_string()),
            ("level", "P"),
            ("strain", ""),
            ("doubling", ""),
            ("declarer", ""),
            ("lead_suit", ""),
            ("lead_card", ""),
            ("result", ""),
        ],
    );
    (r.status, r.location.unwrap_or(r.body))
}

fn confirm(phone: &mut Client, code: &str, csrf: &str, round: u32, board: &str) -> String {
    let r = phone.post_form(
        &format!("/t/{code}/boards/{board}/confirm"),
        &[("csrf", csrf), ("round", &round.to_string())],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    r.location.unwrap()
}

#[test]
fn a_phone_stays_in_its_round_and_an_earlier_open_line_is_the_directors() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let id = small_session(&mut b); // 3 tables, 3 rounds of 2 boards
    let code = codes(&mut b, id)[0].1.clone();
    let mut phone = app.client();
    phone.accept_language = Some("en".into());
    let page = phone.get(&format!("/t/{code}"));
    let csrf = csrf_in(&page.body);
    assert!(page.body.contains("Round 1/3"), "{}", page.body);

    // Round 1 complete: the page opens round 2 by itself.
    let r1 = boards_on(&page.body);
    let mut to = String::new();
    for bd in &r1 {
        assert_eq!(enter(&mut phone, &code, &csrf, 1, bd).0, 303);
        to = confirm(&mut phone, &code, &csrf, 1, bd);
    }
    assert!(to.contains("round=2"), "{to}");
    let page = phone.get(&to);
    assert!(page.body.contains("Round 2/3"));
    // Round 2: one board played, the other left for the director.
    let r2 = boards_on(&page.body);
    assert_eq!(enter(&mut phone, &code, &csrf, 2, &r2[0]).0, 303);
    let to = confirm(&mut phone, &code, &csrf, 2, &r2[0]);
    assert!(to.contains("round=2"), "{to}");
    // Round 3, all confirmed: the phone stays in round 3 after each confirmation.
    let page = phone.get(&format!("/t/{code}?round=3"));
    for bd in boards_on(&page.body) {
        assert_eq!(enter(&mut phone, &code, &csrf, 3, &bd).0, 303);
        let to = confirm(&mut phone, &code, &csrf, 3, &bd);
        assert!(to.contains("round=3"), "{to}");
        let page = phone.get(&to);
        assert!(page.body.contains("Round 3/3"), "{}", page.body);
        assert!(!page.body.contains(&format!("id=\"board-{}-form\"", r2[1])));
    }
    // The page without a round opens the table's round, not the one with the open line.
    let page = phone.get(&format!("/t/{code}"));
    assert!(page.body.contains("Round 3/3"), "{}", page.body);
    // The open line of round 2 is the director's: no form on the phone, the entry refused by
    // the page and by the API.
    let page = phone.get(&format!("/t/{code}?round=2"));
    assert!(page.body.contains("id=\"round-closed\""), "{}", page.body);
    assert!(!page.body.contains(&format!("id=\"board-{}-form\"", r2[1])));
    let (status, _) = enter(&mut phone, &code, &csrf, 2, &r2[1]);
    assert_eq!(status, 409);
    let mut api = crate::bridge_api::phone(&app);
    let r = api.post_json(
        &format!("/api/bridge/tables/{code}/enter"),
        &serde_json::json!({"round": 2, "board": r2[1].parse::<u32>().unwrap(), "contract": "P"}),
    );
    assert_eq!(r.status, 409, "{}", r.body);
    // The director enters it from the grid.
    let lines = b.get(&format!("/api/bridge/sessions/{id}/lines")).json();
    let missing: Vec<_> = lines["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["status"] == "missing" && l["table"] == 1)
        .collect();
    assert_eq!(missing.len(), 1);
    assert_eq!(missing[0]["round"], 2);
}

/// The director's grid form for one line: contract, declarer, lead and result as typed.
fn grid_line(
    b: &mut Client,
    id: i64,
    token: &str,
    line: (&str, &str, &str),
    typed: [&str; 4],
) -> crate::common::Reply {
    let [contract, declarer, lead, result] = typed;
    b.post_form(
        &format!("/bridge/{id}/grid/line"),
        &[
            ("csrf", token),
            ("board", line.0),
            ("ns", line.1),
            ("ew", line.2),
            ("contract", contract),
            ("declarer", declarer),
            ("lead", lead),
            ("result", result),
        ],
    )
}

#[test]
fn a_french_grid_reads_4c_as_hearts_and_asks_about_s() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let token = b.csrf.clone().unwrap();
    let id = small_session(&mut b);
    let lines = b.get(&format!("/api/bridge/sessions/{id}/lines")).json();
    // Board 1 is not vulnerable: 4♥+1 by East is −450 for NS, 4♣+1 would be −150.
    let keys: Vec<(String, String, String)> = lines["lines"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["board"] == 1)
        .map(|l| {
            (
                l["board"].to_string(),
                l["ns"].to_string(),
                l["ew"].to_string(),
            )
        })
        .collect();
    assert!(keys.len() >= 2);
    let key = |i: usize| (keys[i].0.as_str(), keys[i].1.as_str(), keys[i].2.as_str());
    let stored = |b: &mut Client, i: usize| {
        let lines = b.get(&format!("/api/bridge/sessions/{id}/lines")).json();
        lines["lines"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["board"] == 1 && l["ns"] == keys[i].1.parse::<u64>().unwrap())
            .unwrap()
            .clone()
    };

    b.accept_language = Some("fr".into());
    let grid = b.get(&format!("/bridge/{id}/grid"));
    assert!(
        grid.body.contains("4C (cœur)"),
        "the French hint teaches French letters"
    );
    assert!(!grid.body.contains("2CXX") && !grid.body.contains("entame SA"));
    let r = grid_line(&mut b, id, &token, key(0), ["4C", "O", "PA", "+1"]);
    assert_eq!(r.status, 303, "{}", r.body);
    let l = stored(&mut b, 0);
    assert_eq!(l["entry"]["contract"], "4H", "{l}");
    assert_eq!(l["entry"]["lead"], "SA");
    assert_eq!(l["score_ns"], -450);
    // The correction form shows it back in French.
    let page = b.get(&format!(
        "/bridge/{id}/grid?board={}&ns={}&ew={}",
        keys[0].0, keys[0].1, keys[0].2
    ));
    assert!(page.body.contains("value=\"4C\""), "{}", page.body);
    assert!(page.body.contains("value=\"PA\""));
    // S is refused with the question asked; nothing is stored.
    let r = grid_line(&mut b, id, &token, key(1), ["4S", "N", "", "="]);
    assert_eq!(r.status, 422);
    assert!(r.body.contains("Pique ou sans-atout"), "{}", r.body);
    assert!(r.body.contains("value=\"4S\""));
    assert_eq!(stored(&mut b, 1)["status"], "missing");
    // Symbols read the same in both languages.
    let r = grid_line(&mut b, id, &token, key(1), ["4♥", "E", "", "+1"]);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(stored(&mut b, 1)["score_ns"], -450);

    // An English page reads 4C as clubs.
    b.accept_language = Some("en".into());
    let r = grid_line(&mut b, id, &token, key(1), ["4C", "E", "", "+1"]);
    assert_eq!(r.status, 303, "{}", r.body);
    let l = stored(&mut b, 1);
    assert_eq!(l["entry"]["contract"], "4C");
    assert_eq!(l["score_ns"], -150);
}

#[test]
fn slips_carry_their_stylesheet_a_qr_code_and_the_public_address() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let token = b.csrf.clone().unwrap();
    let id = small_session(&mut b);
    b.accept_language = Some("en".into());
    // The test server answers on 127.0.0.1: the slips warn that phones cannot open it.
    let slips = b.get(&format!("/bridge/{id}/slips"));
    assert_eq!(slips.status, 200);
    assert!(
        slips.body.contains(".slip {"),
        "the slips page has its stylesheet"
    );
    assert!(slips.body.contains("id=\"slips-loopback\""));
    assert_eq!(slips.body.matches("<svg").count(), 3, "a QR code per table");
    // The director sets the address the phones open (and the Average+ option).
    let settings = |b: &mut Client, url: &str| {
        b.post_form(
            &format!("/bridge/{id}"),
            &[
                ("csrf", &token),
                ("name", "Tournoi du mardi"),
                ("tables", "3"),
                ("movement", "mitchell"),
                ("boards_per_round", "2"),
                ("public", "on"),
                ("session_average", "on"),
                ("public_url", url),
                ("form", "1"),
            ],
        )
    };
    let r = settings(&mut b, "ftp://club");
    assert_eq!(r.status, 422, "{}", r.body);
    let r = settings(&mut b, "http://192.168.1.20:8080/");
    assert_eq!(r.status, 303, "{}", r.body);
    let page = b.get(&format!("/bridge/{id}"));
    assert!(page.body.contains("value=\"http://192.168.1.20:8080\""));
    assert!(page
        .body
        .contains("id=\"session_average\" name=\"session_average\" type=\"checkbox\" checked"));
    let slips = b.get(&format!("/bridge/{id}/slips"));
    assert!(!slips.body.contains("id=\"slips-loopback\""));
    assert!(slips.body.contains("http://192.168.1.20:8080/t/"));
    assert!(!slips.body.contains("127.0.0.1"));
}
