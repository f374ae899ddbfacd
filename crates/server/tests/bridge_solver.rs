//! Hand records solved off every request (issue 34 §2): the double-dummy solver has its own
//! worker and queue, a page needing a solve answers at once with what is solved so far ("being
//! analysed", reloading itself), anonymous visitors of the public hands page hold no thread
//! while deals are solved (a phone's chess report is answered meanwhile), and an upload holds
//! no more deals than the event can play.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::bridge_hands::hand_record_file;
use crate::common::{paired_event, App, Client, Reply};

/// The page once the solver has every deal of it: polled (it says "being analysed" until
/// then), two minutes at most.
pub fn analysed(b: &mut Client, path: &str) -> Reply {
    let start = Instant::now();
    loop {
        let page = b.get(path);
        assert_eq!(page.status, 200, "{path}: {}", page.body);
        if !page.body.contains("id=\"analysing\"") {
            return page;
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "{path} still being analysed: {}",
            page.body
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// A public pairs session of 4 tables, Mitchell, 6 boards a round: 24 boards.
fn session_of_24_boards(b: &mut Client) -> i64 {
    let r = b.post_json(
        "/api/bridge/sessions",
        &json!({"name": "Tournoi du jeudi", "club": "BC Test", "date": "2025-03-06",
                "tables": 4, "movement": "mitchell", "boards_per_round": 6}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()["id"].as_i64().unwrap()
}

fn upload(b: &mut Client, id: i64, boards: u32) {
    let r = b.post_json(
        &format!("/api/bridge/sessions/{id}/deals"),
        &json!({"data": hand_record_file(boards), "file": "donnes.pbn"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["deals"], boards);
}

/// Before: each of these pages solved the deals left (or waited for the solve under way)
/// before answering, seconds to minutes. Now each answers at once with the deals solved so
/// far, the notice and a reload; the API answers 202 with `Retry-After`; once the solver is
/// done the same pages show every deal's analysis and no notice.
#[test]
fn pages_needing_a_solve_answer_at_once_and_show_the_analysis_once_solved() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let id = session_of_24_boards(&mut b);
    upload(&mut b, id, 24);
    let pages = [
        format!("/public/bridge/{id}/hands"),
        format!("/public/bridge/{id}/travellers"),
        format!("/bridge/{id}/hands"),
        format!("/bridge/{id}/travellers"),
    ];
    for (lang, words) in [
        ("fr", ["Analyse en cours", "sur 24. La page se recharge"]),
        (
            "en",
            ["Double-dummy analysis under way", "of 24 deals analysed."],
        ),
    ] {
        b.accept_language = Some(lang.into());
        for p in &pages {
            let page = b.get(p);
            assert_eq!(page.status, 200, "{p}: {}", page.body);
            assert!(
                page.body.contains("id=\"analysing\""),
                "{p} ({lang}) during the solve: {}",
                page.body
            );
            assert!(page.body.contains("data-deals=\"24\""), "{p}");
            assert!(page.body.contains("<meta http-equiv=\"refresh\""), "{p}");
            for w in words {
                assert!(page.body.contains(w), "{p} ({lang}): {w}");
            }
        }
    }
    let api = b.get(&format!("/api/bridge/sessions/{id}/deals"));
    assert_eq!(api.status, 202, "{}", api.body);
    assert_eq!(api.header("retry-after"), Some("5"));
    assert_eq!(api.json().as_array().unwrap().len(), 24);

    let director = analysed(&mut b, &format!("/bridge/{id}/hands")).body;
    assert!(director.contains("id=\"dd-24-N-S\""));
    assert!(!director.contains("http-equiv=\"refresh\""));
    let api = b.get(&format!("/api/bridge/sessions/{id}/deals"));
    assert_eq!(api.status, 200, "{}", api.body);
    assert!(api.json()[23]["tricks"]["N"]["S"].is_u64(), "{}", api.body);
}

/// Before: 40 visitors of the public hands page during a solve each waited for the solver
/// inside one of the blocking threads; with all of them taken (4 here, 32 by default) a
/// phone's chess report waited for the end of the solve. Now the visitors are answered at once
/// and the report goes through while the deals are still being solved.
#[test]
fn a_phones_report_is_answered_while_visitors_load_the_hands_being_solved() {
    let app = App::start_with(|c| c.limits.blocking_threads = 4);
    let mut b = app.arbiter();
    let (_, round) = paired_event(&mut b, json!({"name": "Open", "rounds": 5}), 8);
    let code = round["games"][0]["code"].as_str().unwrap().to_string();
    let board = round["games"][0]["board"].as_u64().unwrap();
    let id = session_of_24_boards(&mut b);
    upload(&mut b, id, 24);

    let visitors: Vec<_> = (0..12)
        .map(|_| {
            let mut v = app.client();
            std::thread::spawn(move || v.get(&format!("/public/bridge/{id}/hands")))
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let mut phone = app.client();
    let token = phone.get("/api/csrf").json()["csrf"]
        .as_str()
        .unwrap()
        .to_string();
    phone.csrf = Some(token);
    let r = phone.post_json(
        "/api/report",
        &json!({"code": code, "board": board, "result": "1-0"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["reported"], "1-0", "{}", r.body);
    // The report went through before the solve was over.
    let api = b.get(&format!("/api/bridge/sessions/{id}/deals"));
    assert_eq!(
        api.status, 202,
        "the solve is still under way: {}",
        api.body
    );
    for v in visitors {
        let page = v.join().unwrap();
        assert_eq!(page.status, 200, "{}", page.body);
        assert!(page.body.contains("id=\"analysing\""), "{}", page.body);
    }
}

/// Before: 3,000 deals were accepted for a teams event of 8-board matches, each set to be
/// solved. Now a teams event keeps deals only for the boards its teams can play (a match's
/// boards times the rounds its teams can meet in); a deal beyond them refuses the file, named
/// where it stands, and the hand records stay as they were.
#[test]
fn an_upload_with_more_deals_than_the_event_plays_is_refused() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let r = b.post_json(
        "/api/bridge/teams",
        &json!({"name": "Mardi par quatre", "boards_per_match": 2, "format": "swiss"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let players = |n: u32| -> Vec<serde_json::Value> {
        ["Nord", "Sud", "Est", "Ouest"]
            .map(|seat| json!({"name": format!("{seat} {n}")}))
            .to_vec()
    };
    let teams: Vec<_> = (1..=4)
        .map(|n| json!({"number": n, "name": format!("Équipe {n}"), "players": players(n)}))
        .collect();
    let r = b.post_json(&format!("/api/bridge/teams/{id}/teams"), &json!(teams));
    assert_eq!(r.status, 200, "{}", r.body);

    // Four teams meet in 3 rounds at most: boards 1 to 6 at 2 a match.
    let r = b.post_json(
        &format!("/api/bridge/teams/{id}/deals"),
        &json!({"data": hand_record_file(6), "file": "donnes.pbn"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let file = hand_record_file(3000);
    let r = b.post_json(
        &format!("/api/bridge/teams/{id}/deals"),
        &json!({"data": file, "file": "machine.pbn"}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    let e = r.json();
    let line = 1 + file
        .lines()
        .position(|l| l == "[Board \"7\"]")
        .expect("board 7");
    assert_eq!(e["field"], format!("machine.pbn, line {line}, column 1"));
    assert_eq!(
        e["expected"],
        "boards 1 to 6 (2 a match, 3 rounds for 4 teams: enter the teams before the deals)"
    );
    assert_eq!(e["found"], "board 7 (3000 deals in the file)");
    let kept = b.get(&format!("/api/bridge/teams/{id}/deals")).json();
    assert_eq!(kept.as_array().unwrap().len(), 6, "the six deals stay");

    // The director's form says the same on the page.
    let token = b.csrf.clone().unwrap();
    let r = b.post_multipart(
        &format!("/bridge/teams/{id}/deals"),
        &[("csrf", &token)],
        ("file", "machine.pbn", &file),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body.contains("board 7 (3000 deals in the file)"),
        "{}",
        r.body
    );
}
