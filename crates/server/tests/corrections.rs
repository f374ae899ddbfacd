//! A round corrected after the next one was paired (issue 34 §3): the round page that took the
//! correction and the later round's page warn, name the later round's boards the change affects,
//! and offer to pair it again (one button, with the page's version) while none of its results is
//! entered; once one is, the later round stands as paired, and the page says why (C.04.2 4.3).
//! Every Swiss system, the Double-Swiss's match as a whole.

use std::collections::HashMap;

use serde_json::{json, Value};

use crate::common::{csrf_in, paired_event, App, Client};

/// The `version` field of a page's forms.
fn version_in(page: &str) -> String {
    let at = page
        .find("name=\"version\" value=\"")
        .expect("a version field")
        + "name=\"version\" value=\"".len();
    page[at..].split('"').next().unwrap().to_string()
}

fn games(c: &mut Client, id: i64, n: u32) -> Vec<Value> {
    let r = c.get(&format!("/api/events/{id}/rounds/{n}")).json();
    r["games"].as_array().unwrap().clone()
}

/// White wins every board of round `n` (through the API).
fn white_wins(c: &mut Client, id: i64, n: u32) {
    let results: serde_json::Map<String, Value> = games(c, id, n)
        .iter()
        .filter(|g| !g["black"].is_null())
        .map(|g| (g["board"].to_string(), json!("1-0")))
        .collect();
    let r = c.post_json(
        &format!("/api/events/{id}/rounds/{n}/results"),
        &json!({ "results": results }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
}

/// Each player's points before round `n`, by player key.
fn points_before(c: &mut Client, id: i64, n: u32) -> HashMap<i64, String> {
    let s = c
        .get(&format!("/api/events/{id}/standings?after={}", n - 1))
        .json();
    s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["player"]["id"].as_i64().unwrap(),
                r["points"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// The boards of round `n` whose two players had different points before it.
fn mixed_boards(c: &mut Client, id: i64, n: u32) -> Vec<u64> {
    let points = points_before(c, id, n);
    games(c, id, n)
        .iter()
        .filter(|g| !g["black"].is_null())
        .filter(|g| points[&g["white"].as_i64().unwrap()] != points[&g["black"].as_i64().unwrap()])
        .map(|g| g["board"].as_u64().unwrap())
        .collect()
}

/// The `<div … id="stale-N" …>…</div>` warning of a page, if any.
fn warning(page: &str, round: u32) -> Option<String> {
    let at = page.find(&format!("id=\"stale-{round}\""))?;
    Some(page[at..at + page[at..].find("</div>").unwrap()].to_string())
}

/// Corrects board 1 of round `n` to Black's win through the round page's grid (the other
/// boards sent as the page showed them), as the arbiter does.
fn correct_board_1(arb: &mut Client, id: i64, n: u32) -> String {
    let page = arb.get(&format!("/events/{id}/rounds/{n}"));
    assert_eq!(page.status, 200, "{}", page.body);
    let csrf = csrf_in(&page.body);
    let version = version_in(&page.body);
    let mut fields = vec![("csrf".to_string(), csrf), ("version".to_string(), version)];
    for g in games(arb, id, n).iter().filter(|g| !g["black"].is_null()) {
        let board = g["board"].as_u64().unwrap();
        let result = if board == 1 {
            "0-1".to_string()
        } else {
            g["result"].as_str().unwrap().to_string()
        };
        fields.push((format!("r{board}"), result));
    }
    let fields: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let r = arb.post_form(&format!("/events/{id}/rounds/{n}/results"), &fields);
    assert_eq!(r.status, 303, "{}", r.body);
    arb.get(&format!("/events/{id}/rounds/{n}")).body
}

#[test]
fn a_correction_after_the_next_pairing_warns_and_the_next_round_is_paired_again() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.accept_language = Some("en".into());
    for system in ["dutch", "burstein", "dubov", "lim"] {
        let (id, _) = paired_event(
            &mut arb,
            json!({"name": system, "rounds": 5, "swiss_system": system}),
            12,
        );
        white_wins(&mut arb, id, 1);
        let r = arb.post_json(&format!("/api/events/{id}/rounds/2/pair"), &json!({}));
        assert_eq!(r.status, 200, "{}", r.body);
        // Round 2 pairs winners with winners: every board's players have the same points.
        assert!(mixed_boards(&mut arb, id, 2).is_empty(), "{system}");
        let page = arb.get(&format!("/events/{id}/rounds/1")).body;
        assert!(warning(&page, 2).is_none(), "{system}: nothing to say yet");

        // Board 1 of round 1 was Black's win: round 2 was paired on the old scores.
        let r1 = games(&mut arb, id, 1);
        let (w, b) = (
            r1[0]["white"].as_i64().unwrap(),
            r1[0]["black"].as_i64().unwrap(),
        );
        let page = correct_board_1(&mut arb, id, 1);
        let said = warning(&page, 2)
            .unwrap_or_else(|| panic!("{system}: the corrected round's page warns: {page}"));
        assert!(
            said.contains("Round 2 was paired before this correction"),
            "{said}"
        );
        assert!(said.contains("Round 1, board 1"), "{said}");
        // The two players whose score changed, with their boards in round 2.
        let r2 = games(&mut arb, id, 2);
        let names: HashMap<i64, String> = arb
            .get(&format!("/api/events/{id}/players"))
            .json()
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["id"].as_i64().unwrap(),
                    p["name"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        for (p, was, now) in [(w, "1", "0"), (b, "0", "1")] {
            let board = r2
                .iter()
                .find(|g| g["white"].as_i64() == Some(p) || g["black"].as_i64() == Some(p))
                .map(|g| g["board"].as_u64().unwrap())
                .unwrap();
            let line = format!("{}: {was} → {now}, board {board}", names[&p]);
            assert!(said.contains(&line), "{system}: {line} in {said}");
        }
        assert!(said.contains("id=\"repair-2\""), "{said}");
        assert!(said.contains("C.04.2, 4.3"), "{said}");
        // The later round's page says it too.
        let page2 = arb.get(&format!("/events/{id}/rounds/2")).body;
        let said2 = warning(&page2, 2).expect("round 2's page warns");
        assert!(said2.contains("This round was paired before"), "{said2}");
        assert!(!mixed_boards(&mut arb, id, 2).is_empty(), "{system}");

        // One button, with the page's version: round 2 is paired again on today's scores.
        let r = arb.post_form(
            &format!("/events/{id}/rounds/2/repair"),
            &[("csrf", &csrf_in(&page2)), ("version", &version_in(&page2))],
        );
        assert_eq!(r.status, 303, "{system}: {}", r.body);
        assert_eq!(
            r.location.as_deref(),
            Some(&*format!("/events/{id}/rounds/2"))
        );
        assert!(mixed_boards(&mut arb, id, 2).is_empty(), "{system}");
        let page2 = arb.get(&format!("/events/{id}/rounds/2")).body;
        assert!(warning(&page2, 2).is_none(), "{system}: {page2}");
        let stale = arb.get(&format!("/api/events/{id}/stale")).json();
        assert_eq!(stale, json!([]), "{system}");
        // Logged as one action, undone as one.
        let log = arb.get(&format!("/api/events/{id}/log")).json();
        assert_eq!(log[0]["action"], "repair", "{system}");
    }
}

#[test]
fn once_a_result_of_the_later_round_is_in_it_stands_as_paired() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (id, _) = paired_event(&mut arb, json!({"name": "Open", "rounds": 5}), 12);
    white_wins(&mut arb, id, 1);
    arb.post_json(&format!("/api/events/{id}/rounds/2/pair"), &json!({}));
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/2/results"),
        &json!({"board": 2, "result": "1/2"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let before = games(&mut arb, id, 2);
    // In French, as the desk reads it.
    arb.accept_language = Some("fr".into());
    let page = correct_board_1(&mut arb, id, 1);
    let said = warning(&page, 2).expect("the correction is said");
    assert!(
        said.contains("La ronde 2 reste appariée telle qu&#39;elle a été publiée"),
        "{said}"
    );
    assert!(said.contains("C.04.2, art. 4.3"), "{said}");
    assert!(!said.contains("repair-2"), "no button: {said}");
    let page2 = arb.get(&format!("/events/{id}/rounds/2")).body;
    assert!(warning(&page2, 2).is_some());
    // A stale page's button is refused, and nothing changes.
    let r = arb.post_form(
        &format!("/events/{id}/rounds/2/repair"),
        &[("csrf", &csrf_in(&page2)), ("version", &version_in(&page2))],
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(games(&mut arb, id, 2), before);
    // The API says the same.
    let stale = arb.get(&format!("/api/events/{id}/stale")).json();
    assert_eq!(stale[0]["round"], 2);
    assert_eq!(stale[0]["repairable"], false);
}

#[test]
fn a_page_older_than_a_swap_does_not_pair_the_round_again() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (id, _) = paired_event(&mut arb, json!({"name": "Open", "rounds": 5}), 12);
    white_wins(&mut arb, id, 1);
    arb.post_json(&format!("/api/events/{id}/rounds/2/pair"), &json!({}));
    correct_board_1(&mut arb, id, 1);
    let page2 = arb.get(&format!("/events/{id}/rounds/2")).body;
    assert!(page2.contains("id=\"repair-2\""));
    // A colleague swaps two players of round 2 meanwhile.
    let r2 = games(&mut arb, id, 2);
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/2/swap"),
        &json!({"a": r2[0]["white"], "b": r2[1]["white"]}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let swapped = games(&mut arb, id, 2);
    let r = arb.post_form(
        &format!("/events/{id}/rounds/2/repair"),
        &[("csrf", &csrf_in(&page2)), ("version", &version_in(&page2))],
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(
        games(&mut arb, id, 2),
        swapped,
        "the colleague's swap stays"
    );
    // Through the API, at the version read now, it is done.
    let etag = arb.get(&format!("/api/events/{id}/rounds/2")).etag;
    let r = match etag {
        Some(e) => {
            arb.post_json_if_match(&format!("/api/events/{id}/rounds/2/repair"), &json!({}), &e)
        }
        None => arb.post_json(&format!("/api/events/{id}/rounds/2/repair"), &json!({})),
    };
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(mixed_boards(&mut arb, id, 2).is_empty());
}

#[test]
fn a_double_swiss_match_is_paired_again_as_a_whole() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.accept_language = Some("en".into());
    let (id, _) = paired_event(
        &mut arb,
        json!({"name": "Double", "rounds": 6, "swiss_system": "double-swiss"}),
        12,
    );
    white_wins(&mut arb, id, 1);
    white_wins(&mut arb, id, 2);
    let r = arb.post_json(&format!("/api/events/{id}/rounds/3/pair"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    // Game 1 of match 1, board 1, was Black's win.
    let page = correct_board_1(&mut arb, id, 1);
    let said = warning(&page, 3).expect("match 2 (rounds 3 and 4) was paired on the old scores");
    assert!(said.contains("Round 3 was paired before"), "{said}");
    for n in [3, 4] {
        let p = arb.get(&format!("/events/{id}/rounds/{n}")).body;
        assert!(warning(&p, 3).is_some(), "round {n}'s page warns");
    }
    let page4 = arb.get(&format!("/events/{id}/rounds/4")).body;
    let r = arb.post_form(
        &format!("/events/{id}/rounds/4/repair"),
        &[("csrf", &csrf_in(&page4)), ("version", &version_in(&page4))],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        arb.get(&format!("/api/events/{id}/stale")).json(),
        json!([])
    );
    // Both games on the same boards, colours reversed.
    let (g3, g4) = (games(&mut arb, id, 3), games(&mut arb, id, 4));
    assert_eq!(g3.len(), g4.len());
    for (a, b) in g3.iter().zip(&g4).filter(|(a, _)| !a["black"].is_null()) {
        assert_eq!((&a["white"], &a["black"]), (&b["black"], &b["white"]));
    }
}

/// The results of a team round where the team with White on board 1 wins every board
/// (C.04.6 4.4: it has White on the odd boards), but the teams of `flipped` matches lose them.
fn home_wins(round: &Value, flipped: &[u64]) -> Value {
    let mut results = Vec::new();
    for m in round["matches"].as_array().unwrap() {
        let number = m["number"].as_u64().unwrap();
        for b in m["boards"].as_array().unwrap() {
            let board = b["board"].as_u64().unwrap();
            let home_white = board % 2 == 1;
            let home_wins = !flipped.contains(&number);
            let code = if home_white == home_wins {
                "1-0"
            } else {
                "0-1"
            };
            results.push(json!({ "match": number, "board": board, "result": code }));
        }
    }
    json!({ "results": results })
}

/// The team keys of each match of a team round: (white team, black team).
fn team_matches(c: &mut Client, id: i64, n: u32) -> Vec<(i64, i64)> {
    let r = c.get(&format!("/api/teams/events/{id}/rounds/{n}")).json();
    r["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["white_team"].as_i64().unwrap(),
                m["black_team"].as_i64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn a_swiss_team_round_corrected_after_the_next_pairing_is_said_and_paired_again() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.accept_language = Some("en".into());
    let id = crate::teams_api::create(
        &mut arb,
        json!({ "name": "Team Open", "rounds": 4, "boards": 4 }),
        8,
    );
    let r = arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let round1 = r.json();
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/1/results"),
        &home_wins(&round1, &[]),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    // Round 1's winners are the home teams: round 2 pairs winners with winners.
    let mut winners = |flipped: bool| -> Vec<i64> {
        team_matches(&mut arb, id, 1)
            .iter()
            .enumerate()
            .map(|(k, &(w, b))| if k == 0 && flipped { b } else { w })
            .collect()
    };
    let (before, after) = (winners(false), winners(true));
    let same_scores = |c: &mut Client, won: &[i64]| {
        team_matches(c, id, 2)
            .iter()
            .all(|(w, b)| won.contains(w) == won.contains(b))
    };
    assert!(same_scores(&mut arb, &before));
    let page = arb.get(&format!("/teams/{id}/rounds/1")).body;
    assert!(warning(&page, 2).is_none());

    // Match 1 of round 1 was the other team's win, every board.
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/1/results"),
        &home_wins(&round1, &[1]),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["stale"][0]["round"], 2);
    let page = arb.get(&format!("/teams/{id}/rounds/1")).body;
    let said = warning(&page, 2).expect("the corrected round's page warns");
    assert!(
        said.contains("Round 2 was paired before this correction"),
        "{said}"
    );
    assert!(said.contains("Round 1, match 1 (Club"), "{said}");
    // Both teams of the corrected match, with their matches in round 2.
    let (home, away) = team_matches(&mut arb, id, 1)[0];
    let teams = arb.get(&format!("/api/teams/events/{id}/teams")).json();
    let name = |t: i64| {
        teams
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["id"] == t)
            .unwrap()["name"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let r2 = team_matches(&mut arb, id, 2);
    for t in [home, away] {
        let m = r2.iter().position(|(w, b)| *w == t || *b == t).unwrap() + 1;
        let line = format!("{}: match {m}", name(t));
        assert!(said.contains(&line), "{line} in {said}");
    }
    assert!(!same_scores(&mut arb, &after));
    let page2 = arb.get(&format!("/teams/{id}/rounds/2")).body;
    let said2 = warning(&page2, 2).expect("round 2's page warns");
    assert!(said2.contains("id=\"repair-2\""), "{said2}");
    let r = arb.post_form(
        &format!("/teams/{id}/rounds/2/repair"),
        &[("csrf", &csrf_in(&page2)), ("version", &version_in(&page2))],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert!(same_scores(&mut arb, &after), "paired on today's scores");
    assert_eq!(
        arb.get(&format!("/api/teams/events/{id}/stale")).json(),
        json!([])
    );

    // A result in round 2, then another correction of round 1: round 2 stands.
    let round2 = arb.get(&format!("/api/teams/events/{id}/rounds/2")).json();
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/2/results"),
        &json!({ "results": [{ "match": round2["matches"][0]["number"], "board": 1, "result": "1/2" }] }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/1/results"),
        &home_wins(&round1, &[]),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let page2 = arb.get(&format!("/teams/{id}/rounds/2")).body;
    let said2 = warning(&page2, 2).expect("still said");
    assert!(
        said2.contains("Round 2 stands as it was published"),
        "{said2}"
    );
    assert!(!said2.contains("repair-2"), "{said2}");
    let before = team_matches(&mut arb, id, 2);
    let r = arb.post_form(
        &format!("/teams/{id}/rounds/2/repair"),
        &[("csrf", &csrf_in(&page2)), ("version", &version_in(&page2))],
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(team_matches(&mut arb, id, 2), before);
}
