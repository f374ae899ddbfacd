//! Burstein, Dubov and Lim events in the application (issue 21, section 3): the explanation of
//! a player's pairing by the event's own engine, and the checker's objections to a hand-made
//! edit in the words and article numbers of the event's system.

use serde_json::{json, Value};

use crate::common::{paired_event, rematch_swap, App, Client};

fn games(round: &Value) -> Vec<Value> {
    round["games"].as_array().unwrap().clone()
}

/// Results for every board of round `n` (White wins on odd boards, draws on even ones), then
/// round `n + 1` paired.
fn play_and_pair_next(arb: &mut Client, id: i64, n: u32) {
    let round = arb.get(&format!("/api/events/{id}/rounds/{n}")).json();
    let results: serde_json::Map<String, Value> = games(&round)
        .iter()
        .filter(|g| !g["black"].is_null())
        .map(|g| {
            let board = g["board"].as_u64().unwrap();
            let result = if board % 2 == 1 { "1-0" } else { "1/2" };
            (board.to_string(), json!(result))
        })
        .collect();
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/{n}/results"),
        &json!({ "results": results }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/{}/pair", n + 1),
        &json!({}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
}

/// Every player's card explains round 3 (after Burstein's two seeding rounds) with the event's
/// own engine: the articles cited are its system's (chapter, then article), the PAB receiver's
/// names the bye article, every other player's the colour article, in English and in French.
#[test]
fn burstein_dubov_and_lim_explain_a_players_pairing_with_their_own_articles() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let systems = [
        ("burstein", "C.04.4.2", "C.04.4.2 3.1.", "C.04.4.2 5.2."),
        ("dubov", "C.04.4.1", "C.04.4.1 3.1.", "C.04.4.1 5.2."),
        ("lim", "C.04.4.3", "C.04.4.3 ", "C.04.4.3 "),
    ];
    for (system, chapter, bye_article, colour_article) in systems {
        let (id, _) = paired_event(
            &mut arb,
            json!({"name": system, "rounds": 5, "swiss_system": system}),
            9,
        );
        play_and_pair_next(&mut arb, id, 1);
        play_and_pair_next(&mut arb, id, 2);
        let round = arb.get(&format!("/api/events/{id}/rounds/3")).json();
        let players = arb.get(&format!("/api/events/{id}/players")).json();
        let mut byes = 0;
        for p in players.as_array().unwrap() {
            let key = p["id"].as_i64().unwrap();
            let number = p["number"].as_u64().unwrap();
            let path = format!("/api/events/{id}/players/{key}/card");
            arb.accept_language = Some("en".into());
            let en = arb.get(&path).json();
            arb.accept_language = Some("fr".into());
            let fr = arb.get(&path).json();
            arb.accept_language = None;
            let x = &en["explanations"]["3"];
            assert_eq!(x["system"], system, "{system}, player {number}: {en}");
            let why_en = x["why"].as_str().unwrap();
            let why_fr = fr["explanations"]["3"]["why"].as_str().unwrap();
            assert!(why_en.contains(chapter), "{system}: {why_en}");
            assert!(why_fr.contains(chapter), "{system}: {why_fr}");
            assert_ne!(why_en, why_fr);
            let game = games(&round)
                .into_iter()
                .find(|g| g["white"] == key || g["black"] == key)
                .unwrap();
            if game["black"].is_null() {
                byes += 1;
                let article = x["bye_article"].as_str().unwrap();
                assert!(article.starts_with(bye_article), "{system}: {article}");
                assert!(why_en.contains("pairing-allocated bye"), "{why_en}");
                assert!(why_fr.contains("exempt"), "{why_fr}");
            } else {
                assert!(x["bye_article"].is_null());
                let article = x["colour_article"].as_str().unwrap();
                assert!(article.starts_with(colour_article), "{system}: {article}");
                assert!(why_en.contains(article), "{system}: {why_en}");
                // The colour the card explains is the one on the board.
                let colour = if game["white"] == key {
                    "White"
                } else {
                    "Black"
                };
                assert!(why_en.contains(&format!("— {colour}:")), "{why_en}");
                // The opponent, by pairing number.
                let opponent = if game["white"] == key {
                    &game["black"]
                } else {
                    &game["white"]
                };
                let theirs = players
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|q| q["id"] == *opponent)
                    .unwrap();
                let n = &theirs["number"];
                assert!(
                    why_en.starts_with(&format!("paired with {n} "))
                        || why_en.starts_with(&format!("floats up to meet {n} ")),
                    "{system}: {why_en}"
                );
            }
        }
        assert_eq!(byes, 1, "{system}");
        // The page says it too.
        let key = players[0]["id"].as_i64().unwrap();
        arb.accept_language = Some("en".into());
        let page = arb.get(&format!("/events/{id}/players/{key}")).body;
        arb.accept_language = None;
        let at = page.find("id=\"explanations\"").expect("the explanations");
        let list = &page[at..at + page[at..].find("</dl>").unwrap()];
        assert!(list.contains(chapter), "{system}: {list}");
    }
}

/// A swap that makes a rematch in a Lim or Burstein event: the checker objects, citing that
/// system's article (Lim's compatibility, 2.1; Burstein's C1), in both languages.
#[test]
fn a_hand_made_rematch_is_objected_to_with_the_events_own_article() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    for (system, article) in [
        ("lim", "C.04.4.3 2.1"),
        ("burstein", "C.04.4.2 C1"),
        ("dubov", "C.04.4.1 C1"),
    ] {
        let (id, _) = paired_event(
            &mut arb,
            json!({"name": system, "rounds": 5, "swiss_system": system}),
            8,
        );
        play_and_pair_next(&mut arb, id, 1);
        let r1 = games(&arb.get(&format!("/api/events/{id}/rounds/1")).json());
        let r2 = games(&arb.get(&format!("/api/events/{id}/rounds/2")).json());
        let (b1, opponent, _) = rematch_swap(&r1, &r2);
        arb.accept_language = Some("fr".into());
        let r = arb.post_json(
            &format!("/api/events/{id}/rounds/2/swap"),
            &json!({"a": b1, "b": opponent}),
        );
        arb.accept_language = None;
        assert_eq!(r.status, 200, "{}", r.body);
        let reply = r.json();
        let messages: Vec<&str> = reply["messages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert!(
            messages
                .iter()
                .any(|m| m.contains("se sont déjà rencontrés")
                    && m.ends_with(&format!("({article})"))),
            "{system}: {messages:?}"
        );
        let objections = arb
            .get(&format!("/api/events/{id}/rounds/2/objections"))
            .json();
        let texts: Vec<&str> = objections
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["text"].as_str().unwrap())
            .collect();
        assert!(
            texts
                .iter()
                .any(|t| t.ends_with(&format!("have already played each other ({article})"))),
            "{system}: {texts:?}"
        );
        // No Dutch article in a non-Dutch event.
        assert!(
            texts.iter().all(|t| !t.contains("C.04.3")),
            "{system}: {texts:?}"
        );
    }
}

/// Round 1 of six players drawn throughout: in round 2 the first candidate of the one
/// scoregroup would repeat a round-1 game, and the card of the player it named says whom they
/// did not meet and why, with the system's article (C1 of Burstein and Dubov, Lim's
/// compatibility 2.1), in English and in French. Burstein (3 rounds: one seeding round, 1.6)
/// folds the group by the Index (all equal, so by number): 1–6, 2–5. Dubov (3.2.5) pairs the
/// White seekers by their opponents' average rating against the Black seekers by number: with
/// White for player 1 in round 1, 2–1, 6–3, 4–5; with Black, 3–2, 1–4, 5–6. Lim (2.4) proposes
/// the top half against the bottom half: 1–4.
#[test]
fn a_players_card_names_the_opponent_passed_over_and_the_article() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    for (system, rounds, article) in [
        ("burstein", 3, "C.04.4.2 2.1.1"),
        ("dubov", 5, "C.04.4.1 2.1.1"),
        ("lim", 5, "C.04.4.3 2.1"),
    ] {
        let (id, _) = paired_event(
            &mut arb,
            json!({"name": system, "rounds": rounds, "swiss_system": system}),
            6,
        );
        let players = arb.get(&format!("/api/events/{id}/players")).json();
        let players = players.as_array().unwrap().clone();
        let key =
            |number: u64| players.iter().find(|p| p["number"] == number).unwrap()["id"].clone();
        let round = arb.get(&format!("/api/events/{id}/rounds/1")).json();
        let first = games(&round);
        let met = |a: u64, b: u64| {
            first.iter().any(|g| {
                (g["white"] == key(a) && g["black"] == key(b))
                    || (g["white"] == key(b) && g["black"] == key(a))
            })
        };
        assert!(met(1, 4) && met(2, 5) && met(3, 6), "{system}: {round}");
        let one_had_white = first.iter().any(|g| g["white"] == key(1));
        let (number, passed) = match system {
            "burstein" => (2, 5),
            "dubov" if one_had_white => (6, 3),
            "dubov" => (1, 4),
            _ => (1, 4),
        };
        let results: serde_json::Map<String, Value> = first
            .iter()
            .map(|g| (g["board"].to_string(), json!("1/2")))
            .collect();
        let r = arb.post_json(
            &format!("/api/events/{id}/rounds/1/results"),
            &json!({ "results": results }),
        );
        assert_eq!(r.status, 200, "{}", r.body);
        let r = arb.post_json(&format!("/api/events/{id}/rounds/2/pair"), &json!({}));
        assert_eq!(r.status, 200, "{}", r.body);

        let path = format!("/api/events/{id}/players/{}/card", key(number));
        arb.accept_language = Some("en".into());
        let en = arb.get(&path).json();
        arb.accept_language = Some("fr".into());
        let fr = arb.get(&path).json();
        arb.accept_language = None;
        let x = &en["explanations"]["2"];
        assert_eq!(x["passed_over"]["player"], passed, "{system}: {x}");
        assert_eq!(x["passed_over"]["article"], article, "{system}: {x}");
        let why_en = x["why"].as_str().unwrap();
        let why_fr = fr["explanations"]["2"]["why"].as_str().unwrap();
        assert!(
            why_en.ends_with(&format!(
                "— not paired with {passed}, the opponent the first candidate pairing of the \
                 scoregroup named: they have already played each other ({article})"
            )),
            "{system}: {why_en}"
        );
        assert!(
            why_fr.ends_with(&format!(
                "— pas apparié avec {passed}, l'adversaire que désignait le premier appariement \
                 candidat du groupe de score : ils se sont déjà rencontrés ({article})"
            )),
            "{system}: {why_fr}"
        );
    }
}
