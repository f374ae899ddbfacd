//! Issue 24 §1: teams of four in the application. A 4-team round robin and a Swiss round
//! entered through the API and the director's grid, a correction and a conflict, checked
//! against IMPs and VPs worked out by hand from the published scales; the same round robin
//! scored board-a-match and Patton:
//!
//! - IMPs: the WBF IMP scale (Law 78B): 20–40 → 1, 270–310 → 7, 430–490 → 10, 600–740 → 12.
//! - VPs: the WBF 2013 formula, VP = 10 + 10·(1 − τ^(3·I/X)) / (1 − τ³), τ = (√5 − 1)/2,
//!   X = 15·√N (N boards), to two decimals. For N = 2 (X = 21.213): 1 IMP → 10.861 → 10.86;
//!   2 → 11.666 → 11.67; 9 → 15.995 → 16.00; 10 → 16.462 → 16.46; 12 → 17.305 → 17.31;
//!   17 → 18.974 → 18.97. For N = 1 (X = 15): 10 → 18.090 → 18.09; 12 → 18.966 → 18.97.

use serde_json::{json, Value};

use crate::common::{csrf_in, App, Client};

/// Where a room's result goes: (round, match, room, board).
type At = (u32, u32, &'static str, u32);

fn players(team: u32) -> Value {
    json!([
        {"name": format!("Nord {team}"), "licence": format!("0012{team:04}")},
        {"name": format!("Sud {team}")},
        {"name": format!("Est {team}")},
        {"name": format!("Ouest {team}")},
    ])
}

fn event(b: &mut Client, name: &str, boards: u32, format: &str) -> i64 {
    scored_event(b, name, boards, format, "wbf2013")
}

/// An event of 4 teams with the scoring given (`wbf2013`, `bam`, `patton`).
fn scored_event(b: &mut Client, name: &str, boards: u32, format: &str, scoring: &str) -> i64 {
    let r = b.post_json(
        "/api/bridge/teams",
        &json!({"name": name, "boards_per_match": boards, "format": format, "scoring": scoring}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let teams: Vec<Value> = (1..=4)
        .map(|n| json!({"number": n, "name": format!("Équipe {n}"), "players": players(n)}))
        .collect();
    let r = b.post_json(&format!("/api/bridge/teams/{id}/teams"), &json!(teams));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json().as_array().unwrap().len(), 4);
    id
}

/// Draws the next round; its matches as (home, visitors).
fn draw(b: &mut Client, id: i64) -> Vec<(u64, u64)> {
    let r = b.post_json(&format!("/api/bridge/teams/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["home"].as_u64().unwrap(), m["visit"].as_u64().unwrap()))
        .collect()
}

/// A room's result entered from a table's device: `contract declarer tricks`.
fn enter(b: &mut Client, id: i64, at: At, line: &str, device: &str) -> Value {
    let (round, m, room, board) = at;
    let parts: Vec<&str> = line.split(' ').collect();
    let r = b.post_json(
        &format!("/api/bridge/teams/{id}/matches/{round}/{m}"),
        &json!({"room": room, "board": board, "contract": parts[0], "declarer": parts[1],
                "tricks": parts[2].parse::<u8>().unwrap(), "device": device}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

/// (team, place, tied, points, IMPs won, IMPs lost) of each row of the standings.
fn standings(b: &mut Client, id: i64) -> Vec<(u64, u64, bool, String, u64, u64)> {
    let r = b.get(&format!("/api/bridge/teams/{id}/results"));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["team"].as_u64().unwrap(),
                s["place"].as_u64().unwrap(),
                s["tied"].as_bool().unwrap(),
                s["points"].as_str().unwrap().to_string(),
                s["imps_won"].as_u64().unwrap(),
                s["imps_lost"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// (IMPs home, IMPs visitors, VPs home, VPs visitors) of a match.
fn score(b: &mut Client, id: i64, round: u32, m: u32) -> (u64, u64, String, String) {
    let v = b
        .get(&format!("/api/bridge/teams/{id}/matches/{round}/{m}"))
        .json();
    (
        v["imps_home"].as_u64().unwrap(),
        v["imps_visit"].as_u64().unwrap(),
        v["vp_home"].as_str().unwrap_or("-").to_string(),
        v["vp_visit"].as_str().unwrap_or("-").to_string(),
    )
}

/// The `name`/`value` pairs of the inputs of the page's form `form_id`, as a browser sends
/// them.
fn form_fields(page: &str, form_id: &str) -> Vec<(String, String)> {
    let start = page.find(&format!("id=\"{form_id}\"")).expect("the form");
    let end = start + page[start..].find("</form>").unwrap();
    let mut out = Vec::new();
    for tag in page[start..end].split("<input").skip(1) {
        let tag = &tag[..tag.find('>').unwrap()];
        let attr = |a: &str| {
            tag.find(&format!("{a}=\"")).map(|i| {
                tag[i + a.len() + 2..]
                    .split('"')
                    .next()
                    .unwrap()
                    .to_string()
            })
        };
        if let Some(name) = attr("name") {
            out.push((name, attr("value").unwrap_or_default()));
        }
    }
    out
}

/// The six matches of the 4-team round robin on 2 boards, each room's result, with the IMPs
/// and VPs worked out by hand.
fn round_robin_results() -> [(At, &'static str); 24] {
    // Round 1, boards 1 (none vulnerable) and 2 (NS vulnerable).
    // 1 v 4. B1: 4S= both rooms, 420 − 420: 0. B2: 3NT= (+600) against 3NT−1 (−100): 700
    // → 12 IMPs to team 1. 12–0 on 2 boards: 17.31–2.69.
    [
        ((1, 1, "open", 1), "4S S 10"),
        ((1, 1, "closed", 1), "4S S 10"),
        ((1, 1, "open", 2), "3NT N 9"),
        ((1, 1, "closed", 2), "3NT N 8"),
        // 2 v 3. B1: 2S= (+110) against 4S= (+420 to team 3 NS): −310 → 7 to team 3.
        // B2: 4H= by East, EW not vulnerable (−420), against 4H−1 (+50): −470 → 10.
        // 0–17: 1.03–18.97.
        ((1, 2, "open", 1), "2S S 8"),
        ((1, 2, "closed", 1), "4S S 10"),
        ((1, 2, "open", 2), "4H E 10"),
        ((1, 2, "closed", 2), "4H E 9"),
        // Round 2, boards 3 (EW vulnerable) and 4 (all).
        // 4 v 2. B3: 3NT= both (+400): 0. B4: 4S= (+620) against 4S+1 (+650): −30 → 1 to
        // team 2. 0–1: 9.14–10.86.
        ((2, 1, "open", 3), "3NT N 9"),
        ((2, 1, "closed", 3), "3NT N 9"),
        ((2, 1, "open", 4), "4S S 10"),
        ((2, 1, "closed", 4), "4S S 11"),
        // 3 v 1. B3: 4H= by East vulnerable (−620) against 3H+1 (−170): −450 → 10 to team 1.
        // B4: 3NT+1 (+630) against 3NT= (+600): 30 → 1 to team 3. 1–10, margin 9: 4.00–16.00.
        ((2, 2, "open", 3), "4H E 10"),
        ((2, 2, "closed", 3), "3H E 10"),
        ((2, 2, "open", 4), "3NT N 10"),
        ((2, 2, "closed", 4), "3NT N 9"),
        // Round 3, boards 5 (NS vulnerable) and 6 (EW vulnerable).
        // 3 v 4. B5: 4S= (+620) against 4S−1 (−100): 720 → 12 to team 3. B6: 2S= both: 0.
        // 12–0: 17.31–2.69.
        ((3, 1, "open", 5), "4S S 10"),
        ((3, 1, "closed", 5), "4S S 9"),
        ((3, 1, "open", 6), "2S S 8"),
        ((3, 1, "closed", 6), "2S S 8"),
        // 1 v 2. B5: 3NT= both (+600): 0. B6: 3NT−1 (−50) against 3NT= (+400): −450 → 10 to
        // team 2. 0–10: 3.54–16.46.
        ((3, 2, "open", 5), "3NT N 9"),
        ((3, 2, "closed", 5), "3NT N 9"),
        ((3, 2, "open", 6), "3NT N 8"),
        ((3, 2, "closed", 6), "3NT N 9"),
    ]
}

#[test]
fn four_team_round_robin_scored_corrected_and_ranked() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let id = event(&mut b, "Interclubs par quatre", 2, "round_robin");
    // The circle method's rounds for 4 teams.
    assert_eq!(draw(&mut b, id), [(1, 4), (2, 3)]);
    assert_eq!(draw(&mut b, id), [(4, 2), (3, 1)]);
    assert_eq!(draw(&mut b, id), [(3, 4), (1, 2)]);
    let r = b.post_json(&format!("/api/bridge/teams/{id}/rounds"), &json!({}));
    assert_eq!(
        r.status, 409,
        "a 4-team round robin has 3 rounds: {}",
        r.body
    );

    let results = round_robin_results();
    for (at, line) in results {
        let device = format!("{}-{}-{}", at.0, at.1, at.2);
        let v = enter(&mut b, id, at, line, &device);
        assert_eq!(v["outcome"], "stored", "{v}");
    }
    assert_eq!(
        score(&mut b, id, 1, 1),
        (12, 0, "17.31".into(), "2.69".into())
    );
    assert_eq!(
        score(&mut b, id, 1, 2),
        (0, 17, "1.03".into(), "18.97".into())
    );
    assert_eq!(
        score(&mut b, id, 2, 1),
        (0, 1, "9.14".into(), "10.86".into())
    );
    assert_eq!(
        score(&mut b, id, 2, 2),
        (1, 10, "4.00".into(), "16.00".into())
    );
    assert_eq!(
        score(&mut b, id, 3, 1),
        (12, 0, "17.31".into(), "2.69".into())
    );
    assert_eq!(
        score(&mut b, id, 3, 2),
        (0, 10, "3.54".into(), "16.46".into())
    );
    let m = b.get(&format!("/api/bridge/teams/{id}/matches/1/2")).json();
    let b2 = &m["boards"][1];
    assert_eq!(
        (
            &b2["open"]["score_ns"],
            &b2["closed"]["score_ns"],
            &b2["net_home"],
            &b2["imps_home"]
        ),
        (&json!(-420), &json!(50), &json!(-470), &json!(-10))
    );

    // Team 1: 17.31 + 16.00 + 3.54 = 36.85, IMPs 22–11. Team 2: 1.03 + 10.86 + 16.46 = 28.35,
    // 11–17. Team 3: 18.97 + 4.00 + 17.31 = 40.28, 30–10. Team 4: 2.69 + 9.14 + 2.69 = 14.52,
    // 0–25.
    assert_eq!(
        standings(&mut b, id),
        [
            (3, 1, false, "40.28".into(), 30, 10),
            (1, 2, false, "36.85".into(), 22, 11),
            (2, 3, false, "28.35".into(), 11, 17),
            (4, 4, false, "14.52".into(), 0, 25),
        ]
    );

    // The director corrects board 6 of 1 v 2 in the closed room on the grid: 3NT two down
    // (−100), not made. B6: −50 − (−100) = 50 → 2 IMPs to team 1; 2–0: 11.67–8.33.
    let page = b.get(&format!("/bridge/teams/{id}/matches/3/2"));
    assert_eq!(page.status, 200);
    assert!(page.body.contains("id=\"comparison\""), "{}", page.body);
    let fields: Vec<(String, String)> = form_fields(&page.body, "grid-form")
        .into_iter()
        .map(|(k, v)| {
            let v = if k == "closed-6-result" {
                "7".into()
            } else {
                v
            };
            (k, v)
        })
        .collect();
    assert!(fields
        .iter()
        .any(|(k, v)| k == "closed-6-shown" && !v.is_empty()));
    let pairs: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let r = b.post_form(&format!("/bridge/teams/{id}/matches/3/2"), &pairs);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        score(&mut b, id, 3, 2),
        (2, 0, "11.67".into(), "8.33".into())
    );
    // Team 1: 17.31 + 16.00 + 11.67 = 44.98 goes first; team 2: 1.03 + 10.86 + 8.33 = 20.22.
    assert_eq!(
        standings(&mut b, id),
        [
            (1, 1, false, "44.98".into(), 24, 1),
            (3, 2, false, "40.28".into(), 30, 10),
            (2, 3, false, "20.22".into(), 1, 19),
            (4, 4, false, "14.52".into(), 0, 25),
        ]
    );
    let page = b.get(&format!("/bridge/teams/{id}"));
    assert!(page.body.contains("44,98") || page.body.contains("44.98"));
    assert!(page.body.contains("id=\"bteams-cross\""));

    // A second device enters board 1 of 1 v 4, open room, differently: kept apart as a
    // conflict, the stored result and the match's score unchanged until the director settles.
    let v = enter(&mut b, id, (1, 1, "open", 1), "4S S 11", "another-phone");
    assert_eq!(v["outcome"], "conflict", "{v}");
    assert_eq!(v["match"]["complete"], false);
    let conflicts = b.get(&format!("/api/bridge/teams/{id}/conflicts")).json();
    assert_eq!(conflicts.as_array().unwrap().len(), 1, "{conflicts}");
    let cid = conflicts[0]["id"].as_i64().unwrap();
    assert_eq!(conflicts[0]["other"]["tricks"], 11);
    // While it waits, the match does not count: team 1 loses its 17.31.
    assert_eq!(standings(&mut b, id)[0].0, 3);
    let page = b.get(&format!("/bridge/teams/{id}"));
    assert!(page.body.contains(&format!("id=\"conflict-{cid}\"")));
    let token = csrf_in(&page.body);
    // The director takes the other entry: 4S+1 (+450) against 4S= (+420): 30 → 1 IMP to
    // team 1; 13–0: 10 + 10·(1 − τ^(39/21.213))/(1 − τ³) = 17.686 → 17.69.
    let r = b.post_form(
        &format!("/bridge/teams/{id}/conflicts/{cid}"),
        &[("csrf", &token), ("take", "other")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        score(&mut b, id, 1, 1),
        (13, 0, "17.69".into(), "2.31".into())
    );
    assert!(b
        .get(&format!("/api/bridge/teams/{id}/conflicts"))
        .json()
        .as_array()
        .unwrap()
        .is_empty());
    // Team 1: 17.69 + 16.00 + 11.67 = 45.36; team 4: 2.31 + 9.14 + 2.69 = 14.14.
    let s = standings(&mut b, id);
    assert_eq!((s[0].0, s[0].3.as_str()), (1, "45.36"));
    assert_eq!((s[3].0, s[3].3.as_str()), (4, "14.14"));

    // A director's correction typed on a page that showed 4S−1 for board 5 of 3 v 4 (open
    // room), where 4S= is stored: not written over, refused with both values; nothing moves.
    let r = b.post_json(
        &format!("/api/bridge/teams/{id}/matches/3/1"),
        &json!({"room": "open", "board": 5, "contract": "4S", "declarer": "S", "tricks": 11,
                "shown": {"contract": "4S", "declarer": "S", "tricks": 9}}),
    );
    assert_eq!(r.status, 409, "{}", r.body);
    let j = r.json();
    assert_eq!(j["conflicts"][0]["kind"], "room_board", "{j}");
    assert_eq!(j["conflicts"][0]["stored"]["tricks"], 10, "{j}");
    assert_eq!(j["conflicts"][0]["yours"]["tricks"], 11, "{j}");
    assert_eq!(
        b.get(&format!("/api/bridge/teams/{id}/conflicts")).json(),
        json!([])
    );
    assert_eq!(
        score(&mut b, id, 3, 1),
        (12, 0, "17.31".into(), "2.69".into())
    );

    // Both languages, in the federation's words.
    let fr = b.get_with(
        &format!("/bridge/teams/{id}/matches/3/2"),
        &[("Accept-Language", "fr")],
    );
    for words in [
        "Salle ouverte",
        "Salle fermée",
        "Donne",
        "IMP",
        "PV 11,67 – 8,33",
    ] {
        assert!(fr.body.contains(words), "{words}");
    }
    let en = b.get_with(
        &format!("/bridge/teams/{id}/matches/3/2"),
        &[("Accept-Language", "en")],
    );
    for words in [
        "Open room",
        "Closed room",
        "Board",
        "IMPs",
        "VP 11.67 – 8.33",
    ] {
        assert!(en.body.contains(words), "{words}");
    }

    // The public pages show it without a login.
    let mut public = app.client();
    let p = public.get(&format!("/public/bridge/teams/{id}"));
    assert_eq!(p.status, 200);
    assert!(p.body.contains("http-equiv=\"refresh\""));
    assert!(p.body.contains("45,36") || p.body.contains("45.36"));
    let p = public.get(&format!("/public/bridge/teams/{id}/matches/1/1"));
    assert_eq!(p.status, 200);
    assert!(!p.body.contains("grid-form"));
}

#[test]
fn swiss_round_paired_on_the_vp_standings_without_rematch() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let id = event(&mut b, "Patton du mardi", 1, "swiss");
    // Round 1: all level, paired in team order.
    assert_eq!(draw(&mut b, id), [(1, 2), (3, 4)]);
    // The next round waits for every result.
    let r = b.post_json(&format!("/api/bridge/teams/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 409, "{}", r.body);
    // Board 1, none vulnerable. 1 v 2: 4S= (+420) against 4S−1 (−50): 470 → 10 IMPs to
    // team 1, 18.09–1.91 on 1 board. 3 v 4: 3NT= both: 10.00–10.00.
    for (at, line) in [
        ((1, 1, "open", 1), "4S S 10"),
        ((1, 1, "closed", 1), "4S S 9"),
        ((1, 2, "open", 1), "3NT N 9"),
        ((1, 2, "closed", 1), "3NT N 9"),
    ] {
        enter(&mut b, id, at, line, "phone");
    }
    assert_eq!(
        score(&mut b, id, 1, 1),
        (10, 0, "18.09".into(), "1.91".into())
    );
    // 1 (18.09), then 3 and 4 level on 10.00 (no IMP either way: by number), then 2 (1.91):
    // 1 meets 3, 4 meets 2.
    assert_eq!(draw(&mut b, id), [(1, 3), (4, 2)]);
    // Board 2, NS vulnerable. 1 v 3: 4S= both (+620): 10–10. 4 v 2: 3NT= (+600) against
    // 3NT−1 (−100): 700 → 12 to team 4, 18.97–1.03.
    for (at, line) in [
        ((2, 1, "open", 2), "4S S 10"),
        ((2, 1, "closed", 2), "4S S 10"),
        ((2, 2, "open", 2), "3NT N 9"),
        ((2, 2, "closed", 2), "3NT N 8"),
    ] {
        enter(&mut b, id, at, line, "phone");
    }
    // 4: 10.00 + 18.97 = 28.97; 1: 18.09 + 10.00 = 28.09; 3: 20.00; 2: 1.91 + 1.03 = 2.94.
    let s = standings(&mut b, id);
    let order: Vec<(u64, &str)> = s.iter().map(|r| (r.0, r.3.as_str())).collect();
    assert_eq!(
        order,
        [(4, "28.97"), (1, "28.09"), (3, "20.00"), (2, "2.94")]
    );
    // 4 has met 3 and 2: it meets 1; 3 has met 4 and 1: it meets 2.
    assert_eq!(draw(&mut b, id), [(4, 1), (3, 2)]);
    // Every pair of teams has now met: a fourth round would repeat a match.
    for (at, line) in [
        ((3, 1, "open", 3), "2S S 8"),
        ((3, 1, "closed", 3), "2S S 8"),
        ((3, 2, "open", 3), "2S S 8"),
        ((3, 2, "closed", 3), "2S S 8"),
    ] {
        enter(&mut b, id, at, line, "phone");
    }
    let r = b.post_json(&format!("/api/bridge/teams/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 409, "{}", r.body);
    // The event's page shows the Swiss rounds in French by default.
    let page = b.get(&format!("/bridge/teams/{id}"));
    assert_eq!(page.status, 200);
    assert!(page.body.contains("id=\"round-3\""));
}

#[test]
fn board_a_match_and_patton_rank_the_same_round_robin() {
    // The same 24 room results as the VP round robin above, scored board-a-match (1 a board
    // won, ½ a tie: equal net scores) and Patton (those points plus the match's VPs).
    // Boards, from the home team's side: 1 v 4: B1 tie, B2 won → 1.5–0.5; 2 v 3: both lost →
    // 0–2; 4 v 2: B3 tie, B4 lost → 0.5–1.5; 3 v 1: B3 lost, B4 won → 1–1; 3 v 4: B5 won, B6
    // tie → 1.5–0.5; 1 v 2: B5 tie, B6 lost → 0.5–1.5.
    // Team 1: 1.5 + 1 + 0.5 = 3; team 2: 0 + 1.5 + 1.5 = 3; team 3: 2 + 1 + 1.5 = 4.5;
    // team 4: 0.5 + 0.5 + 0.5 = 1.5 (12 in all, the 12 boards played).
    // Patton adds the VPs of the test above: team 1 3 + 36.85 = 39.85, team 2 3 + 28.35 =
    // 31.35, team 3 4.5 + 40.28 = 44.78, team 4 1.5 + 14.52 = 16.02.
    let app = App::start(false);
    let mut b = app.arbiter();
    let expected = [
        (
            "bam",
            [
                (3, 1, false, "4.50"),
                (1, 2, true, "3.00"),
                (2, 2, true, "3.00"),
                (4, 4, false, "1.50"),
            ],
        ),
        (
            "patton",
            [
                (3, 1, false, "44.78"),
                (1, 2, false, "39.85"),
                (2, 3, false, "31.35"),
                (4, 4, false, "16.02"),
            ],
        ),
    ];
    for (scoring, want) in expected {
        let id = scored_event(
            &mut b,
            &format!("Patton {scoring}"),
            2,
            "round_robin",
            scoring,
        );
        for _ in 0..3 {
            draw(&mut b, id);
        }
        for (at, line) in round_robin_results() {
            let device = format!("{}-{}-{}", at.0, at.1, at.2);
            let v = enter(&mut b, id, at, line, &device);
            assert_eq!(v["outcome"], "stored", "{v}");
        }
        // Match 2 v 3 of round 1: both boards to the visitors.
        let m = b.get(&format!("/api/bridge/teams/{id}/matches/1/2")).json();
        assert_eq!(
            (&m["bam_home"], &m["bam_visit"]),
            (&json!("0.0"), &json!("2.0")),
            "{m}"
        );
        let got: Vec<(u64, u64, bool, String)> = standings(&mut b, id)
            .into_iter()
            .map(|(team, place, tied, points, _, _)| (team, place, tied, points))
            .collect();
        let want: Vec<(u64, u64, bool, String)> = want
            .iter()
            .map(|&(t, p, tied, pts)| (t, p, tied, pts.to_string()))
            .collect();
        assert_eq!(got, want, "{scoring}");
        // The French standings page writes the totals with a decimal comma.
        let page = b.get(&format!("/bridge/teams/{id}"));
        assert_eq!(page.status, 200);
        let first = want[0].3.replace('.', ",");
        assert!(page.body.contains(&first), "{scoring}: {first} on the page");
    }
}

#[test]
fn the_html_export_holds_the_whole_event_with_links_inside_the_file() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let id = event(&mut b, "Interclubs par quatre", 2, "round_robin");
    for _ in 0..3 {
        draw(&mut b, id);
    }
    for (at, line) in round_robin_results() {
        let device = format!("{}-{}-{}", at.0, at.1, at.2);
        enter(&mut b, id, at, line, &device);
    }
    // A visitor gets nothing of it.
    let r = app.client().get(&format!("/bridge/teams/{id}/export.html"));
    assert_ne!(r.status, 200, "{}", r.body);

    let r = b.get(&format!("/bridge/teams/{id}/export.html"));
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        r.header("content-disposition")
            .is_some_and(|d| d.contains("attachment")),
        "a file to save"
    );
    let page = &r.body;
    // The standings of the VP test, in French (the page's language without a cookie).
    for value in ["40,28", "36,85", "28,35", "14,52"] {
        assert!(page.contains(value), "{value} in the export");
    }
    // Every match is in the file, linked from its round's list, with its boards compared:
    // 2 v 3 of round 1, board 2: −420 against +50, net −470, 10 IMPs to the visitors.
    for (round, m) in [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2)] {
        assert!(page.contains(&format!("href=\"#match-{round}-{m}\"")));
        assert!(page.contains(&format!("id=\"match-{round}-{m}\"")));
    }
    let m12 = &page[page.find("id=\"match-1-2\"").unwrap()..];
    let m12 = &m12[..m12.find("</table>").unwrap()];
    for cell in ["-420", "50", "-470", "17", "1,03", "18,97"] {
        assert!(m12.contains(cell), "{cell} in match 1-2: {m12}");
    }
    // Nothing of the director's, nothing that needs the server.
    for absent in ["<form", "csrf", "<script", "href=\"/", "src=\"/"] {
        assert!(!page.contains(absent), "{absent} in the export");
    }
    // The API gives the same file.
    let r = b.get(&format!("/api/bridge/teams/{id}/export.html"));
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.contains("id=\"match-3-2\""));
}

/// The API's teams body: a team without a number takes the next one, a wrong field is named
/// with its place in the body, and a draw refused on a teams event is said in bridge words.
#[test]
fn teams_are_numbered_on_and_refusals_speak_of_teams() {
    let app = App::start(false);
    let mut b = app.arbiter();
    b.accept_language = Some("fr".into());
    let r = b.post_json(
        "/api/bridge/teams",
        &json!({"name": "Coupe du club", "boards_per_match": 4}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let path = format!("/api/bridge/teams/{id}/teams");

    // One team alone, without a number: team 1. Drawing with it alone is refused, in the
    // words of a teams event (not of chess players checked in).
    let r = b.post_json(&path, &json!({"name": "Dupont", "players": players(1)}));
    assert_eq!(r.status, 200, "{}", r.body);
    let r = b.post_json(&format!("/api/bridge/teams/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(r.json()["reason"], "too_few_players");
    assert_eq!(
        r.json()["message"],
        "Il faut au moins deux équipes pour tirer un tour."
    );

    // Numbers follow on: 5 after team 1 is refused, named as a team number.
    let r = b.post_json(
        &path,
        &json!({"number": 5, "name": "Martin", "players": players(5)}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.json()["field"], "team_number");
    assert_eq!(
        r.json()["message"],
        "Numéro d'équipe attendu, à la suite des équipes déjà inscrites (reçu 5)."
    );
    // A list: a number given is kept, one left out follows on.
    let r = b.post_json(
        &path,
        &json!([
            {"number": 2, "name": "Martin", "players": players(2)},
            {"name": "Lefèvre", "players": players(3)},
        ]),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let numbered: Vec<(u64, String)> = r
        .json()
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["number"].as_u64().unwrap(),
                t["name"].as_str().unwrap().into(),
            )
        })
        .collect();
    assert_eq!(
        numbered,
        [
            (1, "Dupont".into()),
            (2, "Martin".into()),
            (3, "Lefèvre".into())
        ]
    );

    // A player given as a bare name instead of an object: the error says which field and
    // where, for a list as for one team; nothing is added.
    for body in [
        json!({"name": "Moreau", "players": ["Anne Moreau"]}),
        json!([{"name": "Moreau", "players": ["Anne Moreau"]}]),
    ] {
        let r = b.post_json(&path, &body);
        assert_eq!(r.status, 400, "{}", r.body);
        let detail = r.json()["detail"].as_str().unwrap().to_string();
        assert!(
            detail.contains("expected struct PlayerBody") && detail.contains("column"),
            "{detail}"
        );
    }
    let r = b.get(&format!("/api/bridge/teams/{id}"));
    assert_eq!(r.json()["teams"].as_array().unwrap().len(), 3);
}

/// Each player holds one suit (North spades, East hearts, South diamonds, West clubs), so the
/// double-dummy table is known by hand: a declarer takes 13 tricks in their side's suits and
/// none elsewhere (the opening leader runs their own suit, or trumps it), and in notrump none.
const ONE_SUIT_EACH: &str = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";

/// A teams event's hand records: uploaded once for both rooms, solved double dummy, shown to
/// the director at once and on the public pages only once every room has played the board.
#[test]
fn team_hand_records_are_analysed_and_held_back_until_every_room_has_played() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let token = b.csrf.clone().unwrap();
    let id = event(&mut b, "Mardi par quatre", 2, "round_robin");
    assert_eq!(draw(&mut b, id), [(1, 4), (2, 3)]);
    let none = b.get(&format!("/public/bridge/teams/{id}/hands"));
    assert_eq!(none.status, 200, "{}", none.body);
    assert!(none.body.contains("id=\"hands-none\""));

    let mut rng = bridge::generate::SplitMix64::new(7);
    let mut pbn = String::from("% PBN 2.1\n");
    for (board, deal) in [
        (1, ONE_SUIT_EACH.to_string()),
        (2, bridge::generate::random_deal(&mut rng)),
        (3, bridge::generate::random_deal(&mut rng)),
    ] {
        pbn.push_str(&format!(
            "\n[Board \"{board}\"]\n[Dealer \"{}\"]\n[Vulnerable \"{}\"]\n[Deal \"{deal}\"]\n",
            bridge::dealer_of(board),
            bridge::vulnerability_of(board),
        ));
    }
    let r = b.post_multipart(
        &format!("/bridge/teams/{id}/deals"),
        &[("csrf", &token)],
        ("file", "donnes.pbn", &pbn),
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        r.location.as_deref(),
        Some(&*format!("/bridge/teams/{id}/hands?deals=3"))
    );

    // The director sees every deal with its analysis once the solver is done. Board 1's table
    // and par by hand: North deals, nobody vulnerable; North-South bid 7S first (1510, either
    // of them declaring), which East-West cannot outbid (7NT would go 13 down).
    b.accept_language = Some("fr".into());
    let page =
        crate::bridge_solver::analysed(&mut b, &format!("/bridge/teams/{id}/hands?deals=3")).body;
    assert!(page.contains("3 donnes chargées"), "{page}");
    for w in ["Levées possibles", "Par :", "Contrats réalisables :"] {
        assert!(page.contains(w), "{w}");
    }
    let cell = |seat: char, strain: &str, t: u8| format!("id=\"dd-1-{seat}-{strain}\">{t}<");
    for (seat, suits) in [('N', "SD"), ('S', "SD"), ('E', "HC"), ('W', "HC")] {
        for strain in ["C", "D", "H", "S", "NT"] {
            let t = if suits.contains(strain) { 13 } else { 0 };
            assert!(
                page.contains(&cell(seat, strain, t)),
                "{}",
                cell(seat, strain, t)
            );
        }
    }
    assert!(page.contains("id=\"par-1\" data-score=\"1510\" data-contracts=\"7S N, 7S S\""));
    for board in 2..=3 {
        assert!(
            page.contains(&format!("id=\"dd-{board}-N-S\"")),
            "board {board}"
        );
    }

    // The public page holds every deal back while a room has not played it.
    let public = b.get(&format!("/public/bridge/teams/{id}/hands")).body;
    assert!(
        public.contains("id=\"held-back\" data-boards=\"3\""),
        "{public}"
    );
    assert!(!public.contains("id=\"dd-"));
    for m in [1, 2] {
        enter(&mut b, id, (1, m, "open", 1), "4S N 10", "t1");
        enter(&mut b, id, (1, m, "closed", 1), "4S N 11", "t2");
    }
    let public = b.get(&format!("/public/bridge/teams/{id}/hands")).body;
    assert!(
        public.contains("id=\"held-back\" data-boards=\"2\""),
        "{public}"
    );
    assert!(public.contains("id=\"dd-1-N-S\">13<"));
    assert!(!public.contains("id=\"dd-2-") && !public.contains("id=\"dd-3-"));
    // The match's board 1 links to its deal; board 2, not played yet, does not.
    let m = b
        .get(&format!("/public/bridge/teams/{id}/matches/1/1"))
        .body;
    assert!(m.contains(&format!("href=\"/public/bridge/teams/{id}/hands#hand-1\"")));
    assert!(!m.contains("hands#hand-2"));
    let m = b.get(&format!("/bridge/teams/{id}/matches/1/1")).body;
    assert!(m.contains(&format!("href=\"/bridge/teams/{id}/hands#hand-2\"")));
    // The match's PBN file carries the deals its reader may see.
    let deal = |n: usize| {
        pbn.split("[Deal \"")
            .nth(n)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
    };
    let file = b
        .get(&format!("/bridge/teams/{id}/matches/1/1/export.pbn"))
        .body;
    assert_eq!(
        file.matches(&format!("[Deal \"{ONE_SUIT_EACH}\"]")).count(),
        2,
        "{file}"
    );
    let public = b
        .get(&format!("/public/bridge/teams/{id}/matches/1/1/export.pbn"))
        .body;
    assert_eq!(
        public
            .matches(&format!("[Deal \"{ONE_SUIT_EACH}\"]"))
            .count(),
        2
    );
    assert!(!public.contains(deal(2)), "board 2 is not played: {public}");
    assert!(!file.contains(deal(3)), "board 3 is not in this match");

    // A deal cut short is refused where it is, and the hand records stay as they were.
    b.accept_language = Some("en".into());
    let short = pbn.replace(
        ONE_SUIT_EACH,
        "N:AKQJT9876543... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
    );
    let r = b.post_json(
        &format!("/api/bridge/teams/{id}/deals"),
        &json!({"data": short, "file": "donnes.pbn"}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(
        r.json()["field"],
        "donnes.pbn, line 6, column 10",
        "{}",
        r.body
    );
    assert_eq!(r.json()["found"], "12");
    let api = b.get(&format!("/api/bridge/teams/{id}/deals")).json();
    let api = api.as_array().unwrap();
    assert_eq!(api.len(), 3);
    assert_eq!(api[0]["deal"], ONE_SUIT_EACH);
    assert_eq!(api[0]["tricks"]["N"]["S"], 13);
    assert_eq!(api[0]["par"]["score"], 1510);
}

/// Issue 38 §4: a bridge club's server (`arbiter serve --house bridge`) opens on its bridge
/// sessions, and its top bar leads to them and to bridge teams, not to the chess pages; a
/// server of both keeps the chess top bar.
#[test]
fn a_bridge_clubs_server_opens_on_bridge_and_its_top_bar_leads_to_bridge_teams() {
    let app = App::start_with(|c| c.house = server::House::Bridge);
    let mut b = app.arbiter();
    let home = b.get("/");
    assert_eq!(home.status, 303, "{}", home.body);
    assert_eq!(home.location.as_deref(), Some("/bridge"));
    b.accept_language = Some("fr".into());
    let page = b.get("/bridge");
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(
        page.body
            .contains("<a href=\"/bridge/teams\" id=\"nav-teams\">Épreuves par quatre</a>"),
        "{}",
        page.body
    );
    assert!(page.body.contains("<a href=\"/bridge\" id=\"nav-events\">"));
    assert!(
        !page.body.contains("<a href=\"/teams\""),
        "no chess teams in the top bar"
    );

    let both = App::start(false);
    let mut b = both.arbiter();
    let page = b.get("/bridge");
    assert!(
        page.body.contains("<a href=\"/teams\" id=\"nav-teams\">"),
        "{}",
        page.body
    );
    assert_eq!(b.get("/").status, 200);
}

/// Issue 38 §3: a Swiss pairs match is one table. Its score sheet is the table's ("Table 2"), not
/// an open and a closed room's, and a conflict names the table, in both languages.
#[test]
fn swiss_pairs_sheets_and_conflicts_speak_of_tables() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let r = b.post_json(
        "/api/bridge/teams",
        &json!({"name": "Swiss pairs", "boards_per_match": 2, "format": "swiss_pairs",
                "scoring": "cross_imps", "swiss_rounds": 3}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let pairs: Vec<Value> = (1..=4)
        .map(|n| {
            json!({"number": n, "name": "", "players": [
            {"name": format!("Nord {n}")}, {"name": format!("Sud {n}")}]})
        })
        .collect();
    let r = b.post_json(&format!("/api/bridge/teams/{id}/teams"), &json!(pairs));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(draw(&mut b, id), [(1, 2), (3, 4)]);
    for (lang, table) in [("en", "Table 2"), ("fr", "Table 2")] {
        let page = b.get_with(
            &format!("/bridge/teams/{id}/rounds/1/sheets"),
            &[("Accept-Language", lang)],
        );
        assert_eq!(page.status, 200, "{}", page.body);
        // One sheet a table: 1-1 and 2-1 open, no closed room.
        assert_eq!(
            page.body.matches("class=\"sheet\"").count(),
            2,
            "{}",
            page.body
        );
        assert!(page.body.contains("id=\"sheet-1-2-open\""));
        assert!(!page.body.contains("-closed\""));
        assert!(page
            .body
            .contains(&format!("<strong class=\"sheet-room\">{table}</strong>")));
        for room in ["Open room", "Closed room", "Salle ouverte", "Salle fermée"] {
            assert!(!page.body.contains(room), "{lang}: {room}");
        }
    }
    enter(&mut b, id, (1, 2, "open", 1), "4S S 10", "phone");
    let v = enter(&mut b, id, (1, 2, "open", 1), "4S S 9", "another-phone");
    assert_eq!(v["outcome"], "conflict", "{v}");
    for (lang, text) in [
        ("en", "Round 1, table 2, board 1: stored"),
        ("fr", "Tour 1, table 2, donne 1 : enregistré"),
    ] {
        let page = b.get_with(&format!("/bridge/teams/{id}"), &[("Accept-Language", lang)]);
        assert!(page.body.contains(text), "{lang}: {}", page.body);
    }
}

/// The `value`s of the options of the select `id` on the page, and the one selected.
fn options(page: &str, id: &str) -> (Vec<String>, String) {
    let start = page.find(&format!("id=\"{id}\"")).expect("the select");
    let end = start + page[start..].find("</select>").unwrap();
    let (mut values, mut selected) = (Vec::new(), String::new());
    for tag in page[start..end].split("<option").skip(1) {
        let tag = &tag[..tag.find('>').unwrap()];
        let value = tag
            .split("value=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        if tag.contains(" selected") {
            selected = value.to_string();
        }
        values.push(value.to_string());
    }
    (values, selected)
}

#[test]
fn the_create_forms_offer_each_format_only_its_scorings_and_tie_breaks() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let page = b.get("/bridge/teams").body;
    // The teams form: round robin or Swiss teams, scored in VPs, board-a-match or Patton
    // (never cross-IMPs, which only Swiss pairs take), the WBF's tie-breaks selected.
    let (formats, _) = options(&page, "bteams-format");
    assert_eq!(formats, ["round_robin", "swiss"]);
    let (scorings, selected) = options(&page, "bteams-scoring");
    assert_eq!(
        (scorings, selected.as_str()),
        (
            vec!["wbf2013".into(), "bam".into(), "patton".into()],
            "wbf2013"
        )
    );
    assert_eq!(options(&page, "bteams-tie-break").1, "wbf");
    // The Swiss pairs form: Butler IMPs or cross-IMPs, the EBU's tie-breaks selected.
    let (scorings, selected) = options(&page, "bswiss-scoring");
    assert_eq!(
        (scorings, selected.as_str()),
        (vec!["wbf2013".into(), "cross_imps".into()], "wbf2013")
    );
    assert_eq!(options(&page, "bswiss-tie-break").1, "ebu");
    assert!(
        form_fields(&page, "swiss-pairs-form").contains(&("format".into(), "swiss_pairs".into()))
    );
    for (lang, butler) in [
        ("en", "Butler IMPs (against the datum) to VPs"),
        ("fr", "IMP Butler (contre la moyenne) convertis en PV"),
    ] {
        let page = b
            .get_with("/bridge/teams", &[("Accept-Language", lang)])
            .body;
        assert!(page.contains(butler), "{lang}");
    }

    // Sent as the Swiss pairs form sends it (its selects at their defaults): the EBU's rule.
    let mut fields = form_fields(&page, "swiss-pairs-form");
    fields.retain(|(k, _)| k != "name" && k != "boards_per_match");
    fields.extend([
        ("name".to_string(), "Mardi".to_string()),
        ("boards_per_match".to_string(), "4".to_string()),
        ("scoring".to_string(), "cross_imps".to_string()),
        ("tie_break".to_string(), "ebu".to_string()),
    ]);
    let sent: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let r = b.post_form("/bridge/teams", &sent);
    assert_eq!(r.status, 303, "{}", r.body);
    let events = b.get("/api/bridge/teams").json();
    let e = &events[0]["settings"];
    assert_eq!(
        (
            e["format"].as_str(),
            e["scoring"].as_str(),
            e["tie_break"].as_str()
        ),
        (Some("swiss_pairs"), Some("cross_imps"), Some("ebu"))
    );
    // A team event sent cross-IMPs (a hand-made form) is refused at the field.
    let r = b.post_form(
        "/bridge/teams",
        &[
            ("csrf", &csrf_in(&page)),
            ("form", "1"),
            ("name", "Teams"),
            ("boards_per_match", "8"),
            ("format", "swiss"),
            ("scoring", "cross_imps"),
        ],
    );
    assert_eq!(r.status, 422, "{}", r.body);
    // The page speaks French by now (the last page asked for it): the refusal names the value.
    assert!(r.body.contains("(reçu cross_imps)"), "{}", r.body);
    // Through the API, left out, the tie-breaks are the format's; an unknown rule is refused.
    for (format, rule) in [
        ("swiss_pairs", "ebu"),
        ("swiss", "wbf"),
        ("round_robin", "wbf"),
    ] {
        let r = b.post_json(
            "/api/bridge/teams",
            &json!({"name": format, "boards_per_match": 4, "format": format}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(r.json()["settings"]["tie_break"], rule, "{format}");
    }
    let r = b.post_json(
        "/api/bridge/teams",
        &json!({"name": "x", "boards_per_match": 4, "tie_break": "fide"}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("wbf or ebu"), "{}", r.body);
}

#[test]
fn a_swiss_pairs_table_exports_as_a_pairs_game_and_the_event_as_swiss_pairs_usebio() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let r = b.post_json(
        "/api/bridge/teams",
        &json!({"name": "Swiss pairs", "boards_per_match": 1, "format": "swiss_pairs",
                "swiss_rounds": 3}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let pairs: Vec<Value> = (1..=4)
        .map(|n| {
            json!({"number": n, "name": "", "players": [
            {"name": format!("Nord {n}"), "licence": format!("0012{n:04}")},
            {"name": format!("Sud {n}")}]})
        })
        .collect();
    let r = b.post_json(&format!("/api/bridge/teams/{id}/teams"), &json!(pairs));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(draw(&mut b, id), [(1, 2), (3, 4)]);
    // Board 1 (none vulnerable): 4S= by South at table 1 (+420), 4S−1 at table 2 (−50).
    // Butler: the datum of two scores is their mean, 185, to 190: +230 → 6 IMPs to pair 1,
    // −240 → 6 IMPs to pair 4. 6 IMPs on 1 board (X = 15): 10 + 10·(1 − τ^(18/15))/(1 − τ³)
    // with τ = 0.618: τ^1.2 = 0.5613, 1 − τ³ = 0.7639, 10·0.4387/0.7639 = 5.743: 15.74–4.26.
    enter(&mut b, id, (1, 1, "open", 1), "4S S 10", "phone-1");
    enter(&mut b, id, (1, 2, "open", 1), "4S S 9", "phone-2");
    let pbn = b.get(&format!("/bridge/teams/{id}/matches/1/1/export.pbn"));
    assert_eq!(pbn.status, 200, "{}", pbn.body);
    let text = &pbn.body;
    // PBN 2.1: a pairs game, no room; the pairs by number, the round and the table.
    assert!(text.contains("[Competition \"Pairs\"]"), "{text}");
    assert!(!text.contains("[Room") && !text.contains("Teams"), "{text}");
    assert!(
        text.contains(
            "[Board \"1\"]\n[Round \"1\"]\n[Table \"1\"]\n[PairNS \"1\"]\n[PairEW \"2\"]"
        ),
        "{text}"
    );
    assert!(text.contains("[Score \"NS 420\"]"), "{text}");
    // Its ScoreTable row: IMPs 6 to North-South, −6 to East-West.
    assert!(text.contains("420      -   6  -6\n"), "{text}");
    let (_, _, vp_ns, vp_ew) = score(&mut b, id, 1, 1);
    assert!(
        text.ends_with(&format!(
            " 1   1 {:<30}    6  {vp_ns:>5}   1\n 2   2 {:<30}   -6  {vp_ew:>5}   1\n",
            "\"Nord 1 – Sud 1\"", "\"Nord 2 – Sud 2\""
        )),
        "{text}"
    );
    // USEBIO: the Swiss pairs event, each table a match, the pairs' licences.
    let xml = b.get(&format!("/bridge/teams/{id}/export.xml"));
    assert_eq!(xml.status, 200, "{}", xml.body);
    for want in [
        "<EVENT EVENT_TYPE=\"SWISS_PAIRS\">",
        "<BOARD_SCORING_METHOD>BUTLER_IMPS</BOARD_SCORING_METHOD>",
        "<PAIR>\n        <PAIR_NUMBER>1</PAIR_NUMBER>\n        <PLAYER>\n          <PLAYER_NAME>Nord 1</PLAYER_NAME>\n          <NATIONAL_ID_NUMBER>00120001</NATIONAL_ID_NUMBER>",
        "<NS_PAIR_NUMBER>3</NS_PAIR_NUMBER>\n      <EW_PAIR_NUMBER>4</EW_PAIR_NUMBER>",
        "<SCORE>-50</SCORE>\n        </TRAVELLER_LINE>\n        <IMPS>-6</IMPS>",
    ] {
        assert!(xml.body.contains(want), "no {want:?} in {}", xml.body);
    }
    assert!(
        xml.body.contains(&format!(
            "<NS_SCORE>{vp_ns}</NS_SCORE>\n      <EW_SCORE>{vp_ew}</EW_SCORE>"
        )),
        "{}",
        xml.body
    );
    assert_eq!((vp_ns.as_str(), vp_ew.as_str()), ("15.74", "4.26"));
}
