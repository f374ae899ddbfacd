//! A Double-Swiss event in the application (issue 21 §3, C.04.5): set up with the event form,
//! each match paired from the round page as two rounds (game 2 with the colours reversed), both
//! games' results entered in the round pages' grids, a requested bye for a whole match, the
//! match results and standings, a hand-made swap and the checker's objection, and the TRF
//! export replayed by the checker `arbiter check --system double-swiss` runs, with no
//! difference.

use serde_json::{json, Value};

use crate::common::{csrf_in, paired_event, players_csv, App, Client};

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

/// The result of board `board` in game `game` of match `k`: wins, draws and, once, a game lost
/// by forfeit, so that every kind of match result comes up.
fn result_for(k: u32, game: u32, board: u64) -> &'static str {
    match (k + game + board as u32) % 5 {
        _ if k == 2 && game == 2 && board == 1 => "0F-1F",
        0 | 3 => "1-0",
        1 => "1/2",
        _ => "0-1",
    }
}

#[test]
fn a_twelve_player_double_swiss_event_runs_five_matches_and_its_export_replays() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.accept_language = Some("en".into());
    let home = arb.get("/events/new");
    assert_eq!(home.status, 200, "{}", home.body);
    assert!(
        home.body.contains("value=\"double-swiss\""),
        "the form offers it"
    );
    let csrf = csrf_in(&home.body);

    // An odd number of rounds cannot hold whole matches: refused, naming the field.
    let mut fields = vec![
        ("csrf", csrf.as_str()),
        ("form", "1"),
        ("name", "Double open"),
        ("system", "swiss"),
        ("swiss_system", "double-swiss"),
        ("rounds", "9"),
        ("initial_colour", "w"),
        ("points_win", "1"),
        ("points_draw", "0.5"),
    ];
    let r = arb.post_form("/events/new", &fields);
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body.contains("takes an even number of rounds"),
        "{}",
        r.body
    );
    fields[5] = ("rounds", "10");
    let r = arb.post_form("/events/new", &fields);
    assert_eq!(r.status, 303, "{}", r.body);
    let id: i64 = r
        .location
        .as_deref()
        .unwrap()
        .split('/')
        .nth(2)
        .unwrap()
        .parse()
        .unwrap();
    let e = arb.get(&format!("/api/events/{id}")).json();
    assert_eq!(e["settings"]["swiss_system"], "double-swiss", "{e}");

    let r = arb.post_json(
        &format!("/api/events/{id}/players/import"),
        &json!({"data": players_csv(12)}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    arb.post_json(
        &format!("/api/events/{id}/players/present"),
        &json!({"present": true}),
    );
    let players = arb.get(&format!("/api/events/{id}/players")).json();
    let key_of = |number: u64| {
        players
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["number"] == number)
            .unwrap()["id"]
            .as_i64()
            .unwrap()
    };
    // Player 12 asks for a half-point bye in match 3, on its second game's round: the bye is
    // for the whole match (both games).
    let r = arb.post_json(
        &format!("/api/events/{id}/players/{}/bye", key_of(12)),
        &json!({"round": 6, "kind": "half"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);

    let mut pabs = Vec::new();
    for k in 1..=5u32 {
        let (g1, g2) = (2 * k - 1, 2 * k);
        let page = arb.get(&format!("/events/{id}/rounds/{g1}"));
        assert!(
            page.body.contains("id=\"pair-round\""),
            "match {k}: {}",
            page.body
        );
        let r = arb.post_form(
            &format!("/events/{id}/pair"),
            &[("csrf", &csrf), ("round", &g1.to_string())],
        );
        assert_eq!(r.status, 303, "match {k}: {}", r.body);
        // One pairing makes both games: the same boards, colours reversed.
        let (first, second) = (games(&mut arb, id, g1), games(&mut arb, id, g2));
        assert_eq!(first.len(), second.len());
        for (a, b) in first.iter().zip(&second) {
            assert_eq!(a["board"], b["board"]);
            if a["black"].is_null() {
                assert!(b["black"].is_null(), "the PAB covers the match");
                assert_eq!(a["white"], b["white"]);
                pabs.push(a["white"].as_i64().unwrap());
            } else {
                assert_eq!((&a["white"], &a["black"]), (&b["black"], &b["white"]));
            }
        }
        let paired: usize = first
            .iter()
            .map(|g| if g["black"].is_null() { 1 } else { 2 })
            .sum();
        // 12 players; in match 3 player 12's requested bye leaves 11, so one has the PAB.
        assert_eq!(paired, if k == 3 { 11 } else { 12 }, "match {k}");
        if k == 3 {
            for g in first.iter().chain(&second) {
                assert_ne!(g["white"], key_of(12));
                assert_ne!(g["black"], key_of(12));
            }
        }

        for (game, n) in [(1, g1), (2, g2)] {
            let page = arb.get(&format!("/events/{id}/rounds/{n}"));
            assert!(
                page.body.contains(&format!("Match {k}, game {game}")),
                "round {n}: {}",
                page.body
            );
            let mut form = vec![
                ("csrf".to_string(), csrf.clone()),
                ("version".to_string(), version_in(&page.body)),
            ];
            for g in games(&mut arb, id, n)
                .iter()
                .filter(|g| !g["black"].is_null())
            {
                let board = g["board"].as_u64().unwrap();
                // Game 2's board is game 1's match: its result is seen from game 2's White.
                form.push((format!("r{board}"), result_for(k, game, board).to_string()));
            }
            let fields: Vec<(&str, &str)> =
                form.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
            let r = arb.post_form(&format!("/events/{id}/rounds/{n}/results"), &fields);
            assert_eq!(r.status, 303, "round {n}: {}", r.body);
        }
        // Game 2's page shows each match with both games and its result.
        let page = arb.get(&format!("/events/{id}/rounds/{g2}"));
        assert!(page.body.contains("id=\"match-results\""), "{}", page.body);
        if k == 1 {
            // Board 1: game 1 (1+1+1) % 5 = 3: 1-0; game 2 (1+2+1) % 5 = 4: 0-1 for game 2's
            // White, so game 1's White won both: 2-0.
            let at = page.body.find("id=\"match-1\"").unwrap();
            let row = &page.body[at..at + page.body[at..].find("</tr>").unwrap()];
            assert!(row.contains(">2-0<"), "{row}");
        }
    }
    // Only match 3 has an odd field: one PAB.
    assert_eq!(pabs.len(), 1, "{pabs:?}");

    // Standings after the five matches, in game points: each match gives its two games' points
    // (2, the single forfeited game's point to its winner alone), the PAB a game won and a
    // game drawn (1.5, Art. 1.4), player 12's requested half-point bye ½ for each game.
    let s = arb.get(&format!("/api/events/{id}/standings")).json();
    assert_eq!(s["after_round"], 10, "{s}");
    let tenths = |v: &Value| -> i64 {
        let (whole, frac) = v
            .as_str()
            .unwrap()
            .split_once('.')
            .unwrap_or((v.as_str().unwrap(), "0"));
        whole.parse::<i64>().unwrap() * 10 + frac.parse::<i64>().unwrap()
    };
    let total: i64 = s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| tenths(&r["points"]))
        .sum();
    let matches_played = 4 * 6 + 5;
    assert_eq!(total, 20 * matches_played + 15 + 10, "{s}");
    let twelve = s["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["player"]["number"] == 12)
        .unwrap();
    assert!(tenths(&twelve["points"]) >= 10, "{twelve}");

    // The export names the system and takes two columns a match; the checker replays every
    // column pair with the engine and finds each match as the application paired it.
    let trf = arb.get(&format!("/events/{id}/export.trf")).body;
    assert!(trf.contains("192 FIDE_DOUBLESWISS"), "{trf}");
    let t = tournament::trf::read(&trf).unwrap_or_else(|e| panic!("{e}\n{trf}"));
    let system = pairing::system::System::of(&t);
    assert_eq!(system, pairing::system::System::DoubleSwiss);
    let rounds = system.check(&t, false, None).unwrap();
    assert_eq!(rounds.len(), 5, "{rounds:?}");
    for r in &rounds {
        assert_eq!(
            r.outcome,
            pairing::checker::RoundOutcome::Same,
            "{rounds:?}"
        );
    }
}

/// A swap on a match's round page changes both games; a rematch draws the checker's objection
/// citing C.04.5's C1 (2.1.1), and no colour objection (the system has no colour criterion).
#[test]
fn a_swap_in_a_double_swiss_match_changes_both_games_and_the_checker_objects_to_a_rematch() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (id, _) = paired_event(
        &mut arb,
        json!({"name": "DS", "rounds": 6, "swiss_system": "double-swiss"}),
        8,
    );
    // A match is not taken apart board by board: that would leave its two games different.
    for action in ["break", "sort"] {
        let r = arb.post_json(
            &format!("/api/events/{id}/rounds/1/{action}"),
            &json!({"boards": [1]}),
        );
        assert_eq!(r.status, 409, "{action}: {}", r.body);
        assert_eq!(r.json()["reason"], "match_edited_by_swaps", "{}", r.body);
    }
    // Round 3 (match 2) cannot be paired before both games of match 1 have their results.
    for n in [1, 2] {
        let results: serde_json::Map<String, Value> = games(&mut arb, id, n)
            .iter()
            .map(|g| (g["board"].to_string(), json!("1/2")))
            .collect();
        let r = arb.post_json(&format!("/api/events/{id}/rounds/3/pair"), &json!({}));
        assert_eq!(r.status, 409, "round {n} still open: {}", r.body);
        let r = arb.post_json(
            &format!("/api/events/{id}/rounds/{n}/results"),
            &json!({ "results": results }),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let r = arb.post_json(&format!("/api/events/{id}/rounds/3/pair"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let m1 = games(&mut arb, id, 1);
    let m2 = games(&mut arb, id, 3);
    let (a, b, board) = crate::common::rematch_swap(&m1, &m2);
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/3/swap"),
        &json!({"a": a, "b": b}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let objections = r.json()["objections"].clone();
    let text = objections.to_string();
    assert!(text.contains("C.04.5 2.1.1"), "{text}");
    assert!(!text.contains("colour"), "{text}");
    // Game 2 has the same boards as game 1, colours reversed, and shows the same objection.
    let (g1, g2) = (games(&mut arb, id, 3), games(&mut arb, id, 4));
    for (x, y) in g1.iter().zip(&g2) {
        assert_eq!((&x["white"], &x["black"]), (&y["black"], &y["white"]));
    }
    let page = arb.get(&format!("/events/{id}/rounds/4"));
    assert!(page.body.contains("C.04.5 2.1.1"), "{}", page.body);
    assert!(page.body.contains(&format!("board-{board}")));
    // Taking the match back removes both games.
    let r = arb.post_json(&format!("/api/events/{id}/rounds/4/unpair"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let e = arb.get(&format!("/api/events/{id}")).json();
    assert_eq!(e["paired_rounds"], 2, "{e}");
}

/// C.04.5 Preface: byes "apply only to matches, never to individual games". A requested bye
/// asked for on either game covers both and counts once against the event's limit (2 by
/// default); the player list asks for byes match by match; an absence turned into a half-point
/// bye once the match is paired turns in both games, so the TRF export writes `H H`.
#[test]
fn a_requested_bye_is_one_match_bye_for_the_limit_the_list_and_the_export() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.accept_language = Some("en".into());
    let r = arb.post_json(
        "/api/events",
        &json!({"name": "DS byes", "rounds": 6, "swiss_system": "double-swiss"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let r = arb.post_json(
        &format!("/api/events/{id}/players/import"),
        &json!({"data": players_csv(8)}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    arb.post_json(
        &format!("/api/events/{id}/players/present"),
        &json!({"present": true}),
    );
    let players = arb.get(&format!("/api/events/{id}/players")).json();
    let key_of = |number: u64| {
        players
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["number"] == number)
            .unwrap()["id"]
            .as_i64()
            .unwrap()
    };
    let bye = |arb: &mut Client, number: u64, round: u32, kind: &str| {
        arb.post_json(
            &format!("/api/events/{id}/players/{}/bye", key_of(number)),
            &json!({"round": round, "kind": kind}),
        )
    };
    // Player 7 asks for a half-point bye in match 1 on its second game; player 8 will not come
    // (an absence).
    let r = bye(&mut arb, 7, 2, "half");
    assert_eq!(r.status, 200, "{}", r.body);
    let r = bye(&mut arb, 8, 1, "zero");
    assert_eq!(r.status, 200, "{}", r.body);
    let r = arb.post_json(&format!("/api/events/{id}/rounds/1/pair"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    // After the pairing, the arbiter turns player 8's absence into a half-point bye.
    let r = bye(&mut arb, 8, 1, "half");
    assert_eq!(r.status, 200, "{}", r.body);

    // Match 1 is one bye for player 7: match 2 is a second one, within the limit of 2 …
    let r = bye(&mut arb, 7, 3, "half");
    assert_eq!(r.status, 200, "{}", r.body);
    // … and match 3 a third, beyond it.
    let r = bye(&mut arb, 7, 6, "half");
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(r.json()["reason"], "bye_limit", "{}", r.body);

    // The player list has one column a match still to pair, and its bulk form offers matches.
    let page = arb.get(&format!("/events/{id}/players"));
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(
        page.body.contains("title=\"Match 2\">M2</th>")
            && page.body.contains("title=\"Match 3\">M3</th>"),
        "{}",
        page.body
    );
    assert!(!page.body.contains(">R3</th>"), "{}", page.body);
    assert!(
        page.body.contains("<option value=\"3\">Match 2</option>"),
        "{}",
        page.body
    );
    let cell = |n: u32| {
        let at = page
            .body
            .find(&format!("id=\"bye-{}-{n}\"", key_of(7)))
            .expect("a bye cell");
        page.body[at..at + page.body[at..].find("</td>").unwrap()].to_string()
    };
    assert!(cell(1).ends_with(">½"), "{}", cell(1));
    assert!(cell(2).ends_with('>'), "{}", cell(2));
    // The player's card names the match once.
    let card = arb.get(&format!("/events/{id}/players/{}", key_of(7)));
    assert_eq!(card.body.matches("Match 2 :").count(), 1, "{}", card.body);

    // Both games of match 1 played: the export writes each match bye in both columns.
    for n in [1, 2] {
        let results: serde_json::Map<String, Value> = games(&mut arb, id, n)
            .iter()
            .filter(|g| !g["black"].is_null())
            .map(|g| (g["board"].to_string(), json!("1/2")))
            .collect();
        let r = arb.post_json(
            &format!("/api/events/{id}/rounds/{n}/results"),
            &json!({ "results": results }),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let trf = arb.get(&format!("/events/{id}/export.trf")).body;
    let t = tournament::trf::read(&trf).unwrap_or_else(|e| panic!("{e}\n{trf}"));
    for number in [7, 8] {
        let p = &t.players[number - 1];
        assert_eq!(
            p.rounds[..2],
            [tournament::Entry::HalfBye, tournament::Entry::HalfBye],
            "player {number}\n{trf}"
        );
    }
}

/// The public page shows the last pairing as a match with both games' boards and, once both
/// are in, the match result; "find my board" finds a player's match; a board code opens the
/// player's match on a phone, where each game is reported on its own with today's rule (a
/// second, different report of a game is a conflict for the arbiter; a confirmed game takes no
/// more reports).
#[test]
fn the_public_page_and_the_phones_show_the_match_and_take_each_game() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.accept_language = Some("en".into());
    let (id, _) = paired_event(
        &mut arb,
        json!({"name": "DS public", "rounds": 4, "swiss_system": "double-swiss"}),
        7,
    );
    let players = arb.get(&format!("/api/events/{id}/players")).json();
    let name = |key: &Value| {
        players
            .as_array()
            .unwrap()
            .iter()
            .find(|p| &p["id"] == key)
            .unwrap()["name"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let (first, second) = (games(&mut arb, id, 1), games(&mut arb, id, 2));
    let board1 = first.iter().find(|g| g["board"] == 1).unwrap();
    let (white, black) = (name(&board1["white"]), name(&board1["black"]));
    let code_of = |games: &[Value]| {
        games.iter().find(|g| g["board"] == 1).unwrap()["code"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let (code1, code2) = (code_of(&first), code_of(&second));

    // The player's card explains the match with C.04.5's articles: game 1's colours by the
    // initial colour and the higher ranked player's number (4.3.1).
    let card = arb.get(&format!("/events/{id}/players/{}", board1["white"]));
    assert!(card.body.contains("<dt>Match 1</dt>"), "{}", card.body);
    assert!(
        card.body.contains("White in game 1: neither had played")
            && card.body.contains("(C.04.5 4.3.1)"),
        "{}",
        card.body
    );

    let mut visitor = app.client();
    visitor.accept_language = Some("en".into());
    let page = visitor.get(&format!("/public/{id}"));
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.body.contains("Pairings — Match 1<"), "{}", page.body);
    assert!(page.body.contains("id=\"public-matches\""), "{}", page.body);
    let row = |body: &str, board: u32| {
        let at = body
            .find(&format!("id=\"public-match-{board}\""))
            .unwrap_or_else(|| panic!("board {board}: {body}"));
        body[at..at + body[at..].find("</tr>").unwrap()].to_string()
    };
    let line = row(&page.body, 1);
    assert!(line.contains(&white) && line.contains(&black), "{line}");
    assert!(
        line.contains("<td class=\"result match-result\"></td>"),
        "no match result before both games: {line}"
    );
    // 7 players: the PAB's board, a game won and a game drawn (C.04.5 1.4).
    let bye_board = first.iter().find(|g| g["black"].is_null()).unwrap()["board"]
        .as_u64()
        .unwrap() as u32;
    let line = row(&page.body, bye_board);
    assert!(line.contains("class=\"bye\""), "{line}");
    assert!(
        line.contains("class=\"result match-result\">1.5<"),
        "{line}"
    );
    let found = visitor.get(&format!("/public/{id}?q={}", black.replace(' ', "+")));
    assert!(
        found
            .body
            .contains("board 1, Black in game 1 and White in game 2"),
        "{}",
        found.body
    );

    // A player's phone: game 1's code opens the match, both games, colours reversed in game 2.
    let mut phone = app.client();
    phone.accept_language = Some("en".into());
    let token = csrf_in(&phone.get("/report").body);
    let r = phone.post_form("/report", &[("csrf", &token), ("code", &code1)]);
    assert_eq!(r.status, 200, "{}", r.body);
    for (game, w, b) in [(1, &white, &black), (2, &black, &white)] {
        assert!(
            r.body
                .contains(&format!("id=\"report-g{game}-white\">{w}</dd>"))
                && r.body
                    .contains(&format!("id=\"report-g{game}-black\">{b}</dd>")),
            "game {game}: {}",
            r.body
        );
        assert!(r.body.contains(&format!("id=\"report-g{game}-form\"")));
    }
    let send = |phone: &mut Client, code: &str, game: &str, result: &str| {
        let token = csrf_in(&phone.get("/report").body);
        let fields = [
            ("csrf", token.as_str()),
            ("code", code),
            ("board", "1"),
            ("game", game),
            ("result", result),
        ];
        let check = phone.post_form("/report/confirm", &fields);
        assert_eq!(check.status, 200, "{}", check.body);
        assert!(
            check.body.contains(&format!("Match 1, game {game}")),
            "{}",
            check.body
        );
        let mut sure = fields.to_vec();
        sure.push(("sure", "1"));
        phone.post_form("/report/confirm", &sure)
    };
    // With game 1's code, the player reports game 2: game 2's White (game 1's Black) wins.
    let r = send(&mut phone, &code1, "2", "1-0");
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        r.body.contains(&format!("{black} (White) wins")),
        "{}",
        r.body
    );
    let reported = |arb: &mut Client, n: u32| games(arb, id, n)[0]["reported"].clone();
    assert_eq!(reported(&mut arb, 2), json!("1-0"));
    assert_eq!(reported(&mut arb, 1), Value::Null);
    // The opponent, with game 2's code, says otherwise about game 2: a conflict, as today…
    let mut other = app.client();
    other.accept_language = Some("en".into());
    let r = send(&mut other, &code2, "2", "0-1");
    assert!(r.body.contains("id=\"report-differs\""), "{}", r.body);
    // … and reports game 1 too.
    let r = send(&mut other, &code2, "1", "1/2");
    assert!(r.body.contains("id=\"report-done\""), "{}", r.body);
    assert_eq!(reported(&mut arb, 1), json!("1/2"));

    // The arbiter confirms game 1: game 1's code still opens the match, game 1 without buttons.
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/1/results"),
        &json!({"results": {"1": "1/2"}}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = phone.post_form("/report", &[("csrf", &token), ("code", &code1)]);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.contains("id=\"report-g1-confirmed\""), "{}", r.body);
    assert!(!r.body.contains("id=\"report-g1-form\""), "{}", r.body);
    assert!(r.body.contains("id=\"report-g2-form\""), "{}", r.body);
    let r = phone.post_form(
        "/report/confirm",
        &[
            ("csrf", &token),
            ("code", &code1),
            ("board", "1"),
            ("game", "1"),
            ("result", "1-0"),
            ("sure", "1"),
        ],
    );
    assert_eq!(r.status, 409, "{}", r.body);

    // Game 2 settled by the arbiter (game 2's White, game 1's Black, wins): the public page
    // shows game 2 from game 1's White's side and the match, ½ + 0 against ½ + 1.
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/2/results"),
        &json!({"results": {"1": "1-0"}}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let page = visitor.get(&format!("/public/{id}"));
    let line = row(&page.body, 1);
    assert!(line.contains("class=\"result game-1\">½-½<"), "{line}");
    assert!(line.contains("class=\"result game-2\">0-1<"), "{line}");
    assert!(
        line.contains("class=\"result match-result\">0.5-1.5<"),
        "{line}"
    );
    // The round page and the static export read the match alike: game 2 from game 1's White's
    // side under "White in game 1" (game 2's own 1-0 there read as if one player won both).
    arb.accept_language = Some("en".into());
    let match_row = |body: &str, id_attr: &str| -> String {
        let at = body
            .find(&format!("id=\"{id_attr}\""))
            .unwrap_or_else(|| panic!("{id_attr}: {body}"));
        body[at..at + body[at..].find("</tr>").unwrap()].to_string()
    };
    for n in [1, 2] {
        let page = arb.get(&format!("/events/{id}/rounds/{n}"));
        assert!(
            page.body
                .contains("<th>White in game 1</th><th>Black in game 1</th>"),
            "{}",
            page.body
        );
        let line = match_row(&page.body, "match-1");
        for cell in [
            format!(">{white}<"),
            format!(">{black}<"),
            "class=\"result game-1\">½-½<".to_string(),
            "class=\"result game-2\">0-1<".to_string(),
            "class=\"result match-result\">0.5-1.5<".to_string(),
        ] {
            assert!(line.contains(&cell), "round {n}, {cell}: {line}");
        }
    }
    let export = arb.get(&format!("/events/{id}/export.html"));
    assert_eq!(export.status, 200, "{}", export.body);
    let line = match_row(&export.body, "match-1-1");
    assert!(line.contains("class=\"result game-2\">0-1<"), "{line}");
    assert!(
        line.contains("class=\"result match-result\">0.5-1.5<"),
        "{line}"
    );
}

/// Match 1 of six players drawn in both games: in match 2 the first pairing identifier of the
/// one bracket (3.6: the top half against the bottom half by number) would repeat match 1's
/// 1–4, and player 1's card says so, with C1 (C.04.5 2.1.1), in English and in French.
#[test]
fn a_players_card_names_the_opponent_passed_over_in_a_match() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (id, _) = paired_event(
        &mut arb,
        json!({"name": "DS passed over", "rounds": 4, "swiss_system": "double-swiss"}),
        6,
    );
    let players = arb.get(&format!("/api/events/{id}/players")).json();
    let key = |number: u64| {
        players
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["number"] == number)
            .unwrap()["id"]
            .clone()
    };
    let first = games(&mut arb, id, 1);
    assert!(
        first
            .iter()
            .any(|g| [&g["white"], &g["black"]] == [&key(1), &key(4)]
                || [&g["white"], &g["black"]] == [&key(4), &key(1)]),
        "{first:?}"
    );
    for n in [1, 2] {
        let results: serde_json::Map<String, Value> = games(&mut arb, id, n)
            .iter()
            .map(|g| (g["board"].to_string(), json!("1/2")))
            .collect();
        let r = arb.post_json(
            &format!("/api/events/{id}/rounds/{n}/results"),
            &json!({ "results": results }),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let r = arb.post_json(&format!("/api/events/{id}/rounds/3/pair"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);

    let path = format!("/api/events/{id}/players/{}/card", key(1));
    arb.accept_language = Some("en".into());
    let en = arb.get(&path).json();
    arb.accept_language = Some("fr".into());
    let fr = arb.get(&path).json();
    let x = &en["explanations"]["3"];
    assert_eq!(x["passed_over"]["player"], 4, "{en}");
    assert_eq!(x["passed_over"]["article"], "C.04.5 2.1.1", "{en}");
    let why_en = x["why"].as_str().unwrap();
    assert!(
        why_en.ends_with(
            "— not paired with 4, the opponent the first pairing identifier of the bracket \
             named: they have already played each other (C.04.5 2.1.1)"
        ),
        "{why_en}"
    );
    let why_fr = fr["explanations"]["3"]["why"].as_str().unwrap();
    assert!(
        why_fr.ends_with(
            "— pas apparié avec 4, l'adversaire que désignait le premier identifiant \
             d'appariement du groupe : ils se sont déjà rencontrés (C.04.5 2.1.1)"
        ),
        "{why_fr}"
    );
}
