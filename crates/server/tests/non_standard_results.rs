//! The arbiter's non-standard results (issue 20, section 3): ½-0, 0-½ and 0-0 of a game
//! played, typed in the round grid or sent to the API, scored side by side, shown as written,
//! exported to TRF as `=`/`0` and read back with the same points; never from a phone.

use std::collections::HashMap;

use serde_json::{json, Value};

use crate::common::{board_row, paired_event, App};

/// Tenths of a point from the API's decimal text ("0.5").
fn tenths(v: &Value) -> i64 {
    let (whole, frac) = v.as_str().unwrap().split_once('.').unwrap();
    whole.parse::<i64>().unwrap() * 10 + frac.parse::<i64>().unwrap()
}

#[test]
fn half_zero_and_double_loss_are_entered_scored_shown_and_exported() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.accept_language = Some("en".into());
    let csrf = arb.csrf.clone().unwrap();
    let (id, round) = paired_event(&mut arb, json!({"name": "Open", "rounds": 3}), 8);
    let games = round["games"].as_array().unwrap().clone();
    assert_eq!(games.len(), 4);
    let seats: Vec<(u64, u64)> = games
        .iter()
        .map(|g| (g["white"].as_u64().unwrap(), g["black"].as_u64().unwrap()))
        .collect();

    // The grid shows the codes in its hint; the arbiter types ½-0 and 0-0 there.
    let page = arb.get(&format!("/events/{id}/rounds/1")).body;
    assert!(page.contains("½-0 (or =-0), 0-½ (or 0-=), 0-0"), "{page}");
    let r = arb.post_form(
        &format!("/events/{id}/rounds/1/results"),
        &[("csrf", &csrf), ("r1", "½-0"), ("r2", "0-0"), ("r3", "1-0")],
    );
    assert!(
        r.status == 303 || r.status == 200,
        "{}: {}",
        r.status,
        r.body
    );
    // A phone cannot report them: they are the arbiter's.
    let mut phone = app.client();
    phone.csrf = phone.get("/api/csrf").json()["csrf"]
        .as_str()
        .map(str::to_string);
    let code4 = games[3]["code"].as_str().unwrap().to_string();
    for typed in ["0-½", "0-0", "½-0"] {
        let r = phone.post_json(
            "/api/report",
            &json!({"code": code4, "board": 4, "result": typed}),
        );
        assert_eq!(r.status, 422, "{typed}: {}", r.body);
    }
    // The API takes 0-½ (and its other spellings) and answers with the stored codes.
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/1/results"),
        &json!({"results": {"4": "0-½"}}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let round = arb.get(&format!("/api/events/{id}/rounds/1")).json();
    let results: Vec<Value> = round["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["result"].clone())
        .collect();
    assert_eq!(
        results,
        [json!("1/2-0"), json!("0-0"), json!("1-0"), json!("0-1/2")]
    );

    // Each side scores its own points: ½ and 0, 0 and 0, 1 and 0, 0 and ½.
    let expected: HashMap<u64, i64> = [
        (seats[0].0, 5),
        (seats[0].1, 0),
        (seats[1].0, 0),
        (seats[1].1, 0),
        (seats[2].0, 10),
        (seats[2].1, 0),
        (seats[3].0, 0),
        (seats[3].1, 5),
    ]
    .into();
    let s = arb.get(&format!("/api/events/{id}/standings")).json();
    assert_eq!(s["after_round"], 1, "{s}");
    let rows = s["rows"].as_array().unwrap();
    let key_of_number: HashMap<u64, u64> = rows
        .iter()
        .map(|r| {
            (
                r["player"]["number"].as_u64().unwrap(),
                r["player"]["id"].as_u64().unwrap(),
            )
        })
        .collect();
    let points: HashMap<u64, i64> = rows
        .iter()
        .map(|r| (r["player"]["id"].as_u64().unwrap(), tenths(&r["points"])))
        .collect();
    assert_eq!(points, expected, "{s}");

    // The round page, the public page and the player card show the result as written.
    let page = arb.get(&format!("/events/{id}/rounds/1")).body;
    for (board, shown) in [(1, "½-0"), (2, "0-0"), (3, "1-0"), (4, "0-½")] {
        let row = board_row(&page, board);
        assert!(row.contains(shown), "board {board}: {row}");
    }
    assert!(!board_row(&page, 1).contains("½-½"));
    let public = app.client().get(&format!("/public/{id}")).body;
    assert!(public.contains("½-0") && public.contains("0-½"), "{public}");
    let card = arb
        .get(&format!("/events/{id}/players/{}", seats[1].0))
        .body;
    assert!(card.contains("(0-0)"), "{card}");

    // The TRF export writes `=`/`0`, `0`/`0`, `0`/`=`; the reader takes it back with the same
    // points, and writes it again unchanged.
    let trf = arb.get(&format!("/events/{id}/export.trf")).body;
    let t = tournament::trf::read(&trf).unwrap_or_else(|e| panic!("{e}\n{trf}"));
    for p in &t.players {
        assert!(
            matches!(p.rounds[0], tournament::Entry::Played { rated: true, .. }),
            "a game played and rated: {:?}",
            p.rounds[0]
        );
        let key = key_of_number[&u64::from(p.id.get())];
        assert_eq!(
            i64::from(p.score(&t.point_system).tenths()),
            expected[&key],
            "player {}\n{trf}",
            p.id.get()
        );
    }
    assert_eq!(
        tournament::trf::write(&t, tournament::trf::Format::Trf16),
        trf
    );

    // They are games played: round 2 pairs nobody against their round-1 opponent.
    let r = arb.post_json(&format!("/api/events/{id}/rounds/2/pair"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    for g in r.json()["games"].as_array().unwrap() {
        let pair = (
            g["white"].as_u64().unwrap(),
            g["black"].as_u64().unwrap_or(0),
        );
        for (w, b) in &seats {
            assert!(
                pair != (*w, *b) && pair != (*b, *w),
                "{pair:?} met in round 1"
            );
        }
    }
}

/// A team board holds a win, a draw or a forfeit: the non-standard results are refused there.
#[test]
fn a_team_board_refuses_the_non_standard_results() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let r = arb.post_json(
        "/api/teams/events",
        &json!({ "name": "Interclubs", "system": "round_robin", "boards": 4 }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let mut csv = String::from("Équipe;Échiquier;Nom;Elo\n");
    for t in 0..4 {
        for b in 0..4 {
            csv.push_str(&format!(
                "Club {t};{};Joueur {t}-{b};{}\n",
                b + 1,
                2000 - 10 * b
            ));
        }
    }
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/teams/import"),
        &json!({ "data": csv }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    for typed in ["½-0", "0-1/2", "0-0"] {
        let r = arb.post_json(
            &format!("/api/teams/events/{id}/rounds/1/results"),
            &json!({ "results": [{ "match": 1, "board": 1, "result": typed }] }),
        );
        assert_eq!(r.status, 422, "{typed}: {}", r.body);
        assert!(r.body.contains("a team board's result"), "{}", r.body);
    }
    let round = arb.get(&format!("/api/teams/events/{id}/rounds/1")).json();
    assert!(
        round["matches"][0]["boards"][0]["result"].is_null(),
        "{round}"
    );
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/1/results"),
        &json!({ "results": [{ "match": 1, "board": 1, "result": "½" }] }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
}
