//! Issue 24 §1: a teams match's score sheets (the FFB's « feuille de marque »), knock-out
//! matches with a carry-over, and the exports of a teams match (PBN) read back by the CLI.

use serde_json::{json, Value};

use crate::common::{App, Client};

fn players(team: u32) -> Value {
    json!([
        {"name": format!("Nord {team}")},
        {"name": format!("Sud {team}")},
        {"name": format!("Est {team}")},
        {"name": format!("Ouest {team}")},
    ])
}

/// A teams event of `teams` teams ("Équipe n"), `boards` boards a match.
fn event(b: &mut Client, name: &str, boards: u32, teams: u32) -> i64 {
    let r = b.post_json(
        "/api/bridge/teams",
        &json!({"name": name, "boards_per_match": boards, "format": "round_robin"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let list: Vec<Value> = (1..=teams)
        .map(|n| json!({"number": n, "name": format!("Équipe {n}"), "players": players(n)}))
        .collect();
    let r = b.post_json(&format!("/api/bridge/teams/{id}/teams"), &json!(list));
    assert_eq!(r.status, 200, "{}", r.body);
    id
}

/// The text of the element with the given class inside `html`, each occurrence.
fn texts(html: &str, class: &str) -> Vec<String> {
    html.split(&format!("class=\"{class}\">"))
        .skip(1)
        .map(|s| s[..s.find('<').unwrap()].to_string())
        .collect()
}

fn section<'a>(html: &'a str, id: &str) -> &'a str {
    let start = html.find(&format!("id=\"{id}\"")).expect(id);
    let end = start + html[start..].find("</section>").unwrap();
    &html[start..end]
}

#[test]
fn score_sheets_of_a_match_and_of_a_round() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let id = event(&mut b, "Coupe du club", 3, 4);
    let r = b.post_json(&format!("/api/bridge/teams/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    // Round 1 of a 4-team round robin: 1 v 4, 2 v 3; boards 1 to 3.

    // The match page links to its sheets; the event page to the round's.
    let page = b
        .get_with(
            &format!("/bridge/teams/{id}/matches/1/1"),
            &[("Accept-Language", "fr")],
        )
        .body;
    assert!(page.contains(&format!("/bridge/teams/{id}/matches/1/1/sheets")));
    let page = b.get(&format!("/bridge/teams/{id}")).body;
    assert!(page.contains(&format!("/bridge/teams/{id}/rounds/1/sheets")));

    let r = b.get_with(
        &format!("/bridge/teams/{id}/matches/1/1/sheets"),
        &[("Accept-Language", "fr")],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let html = r.body;
    assert!(html.contains("@page { size: A4 portrait"));
    assert_eq!(
        texts(&html, "sheet-room"),
        ["Salle ouverte", "Salle fermée"]
    );
    // The home team North-South in the open room, the visitors in the closed room.
    assert_eq!(texts(&html, "sheet-ns"), ["Équipe 1", "Équipe 4"]);
    assert_eq!(texts(&html, "sheet-ew"), ["Équipe 4", "Équipe 1"]);
    let open = section(&html, "sheet-1-1-open");
    for word in [
        "Feuille de marque",
        "Donneur",
        "Joué par",
        "Entame",
        "Points NS",
        "Points EO",
        "IMP +",
        "Nord :",
        "Ouest :",
        "Signature du capitaine Nord-Sud",
        "Signature du capitaine Est-Ouest",
        "Nord 1, Sud 1, Est 1, Ouest 1",
    ] {
        assert!(open.contains(word), "{word} missing from {open}");
    }
    // Boards 1–3: dealer N, E, S; vulnerability none, NS, EW (the duplicate board cycle);
    // the results' cells blank, for the table to fill in.
    let rows: Vec<&str> = open.split("<tr class=\"sheet-board\">").skip(1).collect();
    assert_eq!(rows.len(), 3);
    assert!(
        rows[0].starts_with("<td class=\"num\">1</td><td>N</td><td>Personne vulnérable</td>"),
        "{}",
        rows[0]
    );
    assert!(
        rows[1].starts_with("<td class=\"num\">2</td><td>E</td><td>NS vulnérables</td>"),
        "{}",
        rows[1]
    );
    assert!(
        rows[2].starts_with("<td class=\"num\">3</td><td>S</td><td>EO vulnérables</td>"),
        "{}",
        rows[2]
    );
    assert_eq!(rows[0].matches("class=\"blank\"").count(), 6);
    // And the IMPs each side wins on the board, for the captains' comparison (issue 38).
    assert_eq!(rows[0].matches("class=\"blank imps\"").count(), 2);
    assert!(open.contains("<th class=\"imps\">IMP +</th><th class=\"imps\">IMP −</th>"));

    // The round: four sheets, match by match, open room first.
    let html = b
        .get_with(
            &format!("/bridge/teams/{id}/rounds/1/sheets"),
            &[("Accept-Language", "en")],
        )
        .body;
    assert_eq!(
        texts(&html, "sheet-room"),
        ["Open room", "Closed room", "Open room", "Closed room"]
    );
    assert_eq!(
        texts(&html, "sheet-ns"),
        ["Équipe 1", "Équipe 4", "Équipe 2", "Équipe 3"]
    );
    let closed = section(&html, "sheet-1-2-closed");
    for word in [
        "Score sheet",
        "Dealer",
        "Score EW",
        "West:",
        "East-West captain",
    ] {
        assert!(closed.contains(word), "{word} missing");
    }
    // A round not drawn, and the public side, have no sheets.
    assert_eq!(
        b.get(&format!("/bridge/teams/{id}/rounds/2/sheets")).status,
        404
    );
    let mut visitor = app.client();
    let r = visitor.get(&format!("/bridge/teams/{id}/rounds/1/sheets"));
    assert_ne!(r.status, 200);
}

/// Round 1 of a 4-team round robin of one board (board 1: dealer North, none vulnerable):
/// 1 v 4: 4S= (+420) against 4S−2 (−100): 520 → 11 IMPs to team 1.
/// 2 v 3: 3NT−1 (−50) against 3NT= (+400 to team 3, North-South in the closed room): −450 →
/// 10 IMPs to team 3.
fn first_round_played(b: &mut Client, name: &str) -> i64 {
    let id = event(b, name, 1, 4);
    let r = b.post_json(&format!("/api/bridge/teams/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    for (m, room, contract, declarer, tricks) in [
        (1, "open", "4S", "S", 10),
        (1, "closed", "4S", "S", 8),
        (2, "open", "3NT", "N", 8),
        (2, "closed", "3NT", "N", 9),
    ] {
        let r = b.post_json(
            &format!("/api/bridge/teams/{id}/matches/1/{m}"),
            &json!({"room": room, "board": 1, "contract": contract, "declarer": declarer,
                    "tricks": tricks, "device": format!("{m}-{room}")}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let m = b.get(&format!("/api/bridge/teams/{id}/matches/1/1")).json();
    assert_eq!(
        (m["imps_home"].as_u64(), m["imps_visit"].as_u64()),
        (Some(11), Some(0))
    );
    let m = b.get(&format!("/api/bridge/teams/{id}/matches/1/2")).json();
    assert_eq!(
        (m["imps_home"].as_u64(), m["imps_visit"].as_u64()),
        (Some(0), Some(10))
    );
    id
}

/// (home, visitors, carry-over to home, total home, total visitors, winner) of each match.
type KoRow = (u64, Option<u64>, String, String, String, Option<u64>);

fn ko_rows(v: &Value) -> Vec<KoRow> {
    v["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["home"].as_u64().unwrap(),
                m["visit"].as_u64(),
                m["carry_over_home"].as_str().unwrap().to_string(),
                m["total_home"].as_str().unwrap().to_string(),
                m["total_visit"].as_str().unwrap().to_string(),
                m["winner"].as_u64(),
            )
        })
        .collect()
}

fn s(x: &str) -> String {
    x.to_string()
}

#[test]
fn knock_out_with_carry_over_extra_boards_and_a_final() {
    let app = App::start(false);
    let mut b = app.arbiter();

    // Seeded from the standings: 1 (won by 11), 3 (won by 10), 2, 4. Seed 1 meets seed 4
    // (team 1 v team 4), seed 2 meets seed 3 (team 3 v team 2). The WBF carry-over: the
    // higher seed won the earlier match each time, so half the margin: 11/2 = 5.5 and 10/2
    // = 5.
    let id = first_round_played(&mut b, "Coupe par élimination");
    assert_eq!(
        b.get(&format!("/api/bridge/teams/{id}/knockout")).status,
        404
    );
    let r = b.post_json(
        &format!("/api/bridge/teams/{id}/knockout"),
        &json!({"teams": 4, "segments": 2, "seeding": "standings", "carry_over": "wbf"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    let seeds: Vec<u64> = v["seeds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["team"].as_u64().unwrap())
        .collect();
    assert_eq!(seeds, [1, 3, 2, 4]);
    assert_eq!(
        ko_rows(&v),
        [
            (1, Some(4), s("5.50"), s("5.50"), s("0"), None),
            (3, Some(2), s("5"), s("5"), s("0"), None),
        ]
    );
    let again = b.post_json(
        &format!("/api/bridge/teams/{id}/knockout"),
        &json!({"teams": 4}),
    );
    assert_eq!(again.status, 409, "{}", again.body);

    // Seeded by team number: 1 v 4 and 2 v 3. Team 2 (seed 2) lost its earlier match to
    // team 3 by 10: the lower seed carries a third, 10/3 = 3.33 IMPs.
    let id = first_round_played(&mut b, "Coupe par numéros");
    let k = format!("/api/bridge/teams/{id}/knockout");
    let v = b
        .post_json(
            &k,
            &json!({"teams": 4, "segments": 2, "seeding": "numbers", "carry_over": "wbf"}),
        )
        .json();
    assert_eq!(
        ko_rows(&v),
        [
            (1, Some(4), s("5.50"), s("5.50"), s("0"), None),
            (2, Some(3), s("-3.33"), s("0"), s("3.33"), None),
        ]
    );
    let seg = |b: &mut Client, m: u32, n: u32, h: u32, v: u32| {
        b.post_json(
            &format!("{k}/1/{m}"),
            &json!({"segment": n, "imps": [h, v]}),
        )
    };
    // Match 1: 20–30 and 15–10 at the table, 35–40; with 5.5 carried, 40.50–40: team 1.
    assert_eq!(seg(&mut b, 1, 1, 20, 30).status, 200);
    let r = seg(&mut b, 1, 3, 1, 1);
    assert_eq!(r.status, 422, "segment 3 of a 2-segment match: {}", r.body);
    let v = seg(&mut b, 1, 2, 15, 10).json();
    assert_eq!(
        ko_rows(&v)[0],
        (1, Some(4), s("5.50"), s("40.50"), s("40"), Some(1))
    );
    // Match 2: the director sets the carry-over to nothing; 30–20 then 10–20: 40–40, a tie.
    let r = b.post_json(&format!("{k}/1/2"), &json!({"carry_over": "0"}));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(seg(&mut b, 2, 1, 30, 20).status, 200);
    let r = b.post_json(&format!("{k}/rounds"), &json!({}));
    assert_eq!(r.status, 409, "match 2 undecided: {}", r.body);
    let v = seg(&mut b, 2, 2, 10, 20).json();
    assert_eq!(ko_rows(&v)[1], (2, Some(3), s("0"), s("40"), s("40"), None));
    assert_eq!(b.post_json(&format!("{k}/rounds"), &json!({})).status, 409);
    // Extra boards: a first set 2–2 leaves the tie, a second 0–1 gives the match to team 3.
    let extra = |b: &mut Client, n: u32, h: u32, v: u32| {
        b.post_json(&format!("{k}/1/2"), &json!({"extra": n, "imps": [h, v]}))
            .json()
    };
    assert_eq!(ko_rows(&extra(&mut b, 1, 2, 2))[1].5, None);
    assert_eq!(ko_rows(&extra(&mut b, 2, 0, 1))[1].5, Some(3));

    // The final: team 1 (seed 1) against team 3 (seed 3); they have not met: no carry-over.
    let r = b.post_json(&format!("{k}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.json();
    assert_eq!(v["rounds"], 2);
    assert_eq!(ko_rows(&v)[2], (1, Some(3), s("0"), s("0"), s("0"), None));
    // Round 1 is closed: its results made the final.
    let r = seg(&mut b, 1, 2, 0, 40);
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(v["champion"], Value::Null);

    // The director's page in French: the form enters the final's segments.
    let page = b
        .get_with(
            &format!("/bridge/teams/{id}/knockout"),
            &[("Accept-Language", "fr")],
        )
        .body;
    assert!(page.contains("Finale"), "{page}");
    let row = &page[page.find("id=\"ko-1-1\"").unwrap()..];
    let row = &row[..row.find("</tr>").unwrap()];
    assert!(
        row.contains("<td class=\"num ko-carry\">5,50 – 0</td>"),
        "{row}"
    );
    assert!(
        row.contains("<td class=\"num ko-total\">40,50 – 40</td>"),
        "{row}"
    );
    let csrf = crate::common::csrf_in(&page);
    for (n, h, v) in [("1", "25", "20"), ("2", "10", "10")] {
        let r = b.post_form(
            &format!("/bridge/teams/{id}/knockout/2/1"),
            &[
                ("csrf", &csrf),
                ("kind", "segment"),
                ("n", n),
                ("home", h),
                ("visit", v),
            ],
        );
        assert_eq!(r.status, 303, "{}", r.body);
    }
    let v = b.get(&k).json();
    assert_eq!(
        ko_rows(&v)[2],
        (1, Some(3), s("0"), s("35"), s("30"), Some(1))
    );
    assert_eq!(v["champion"], 1);
    let r = b.post_json(&format!("{k}/rounds"), &json!({}));
    assert_eq!(r.status, 409, "the final is played: {}", r.body);
    // The public page shows the winner.
    let page = app
        .client()
        .get_with(
            &format!("/public/bridge/teams/{id}/knockout"),
            &[("Accept-Language", "en")],
        )
        .body;
    assert!(page.contains("Winner: Équipe 1"), "{page}");
}

#[test]
fn a_match_exports_both_rooms_as_pbn() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let id = first_round_played(&mut b, "Interclubs");
    let page = b.get(&format!("/bridge/teams/{id}/matches/1/2")).body;
    let path = format!("/bridge/teams/{id}/matches/1/2/export.pbn");
    assert!(page.contains(&path), "the match page links to its file");
    let r = b.get(&path);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.header("content-disposition").unwrap().contains(".pbn"));
    // Match 2 is team 2 v team 3; board 1, dealer North, nobody vulnerable: 3NT−1 by North
    // in the open room (EW 50), 3NT= in the closed room (NS 400).
    let game = |room: &str, contract: &str, result: &str, score: &str| {
        format!(
            "[Board \"1\"]\n[Room \"{room}\"]\n[HomeTeam \"Équipe 2\"]\n[VisitTeam \"Équipe 3\"]\n\
             [Dealer \"N\"]\n[Vulnerable \"None\"]\n[Scoring \"IMP\"]\n[Competition \"Teams\"]\n\
             [Declarer \"N\"]\n[Contract \"{contract}\"]\n[Result \"{result}\"]\n[Score \"{score}\"]\n"
        )
    };
    assert!(r.body.starts_with("% PBN 2.1\n"), "{}", r.body);
    assert!(r.body.contains("[Event \"Interclubs\"]"), "{}", r.body);
    assert!(
        r.body.contains(&game("Open", "3NT", "8", "EW 50")),
        "{}",
        r.body
    );
    assert!(
        r.body.contains(&game("Closed", "3NT", "9", "NS 400")),
        "{}",
        r.body
    );
    // Public, as the event is; a match that does not exist is not.
    let mut visitor = app.client();
    let r = visitor.get(&format!("/public/bridge/teams/{id}/matches/1/2/export.pbn"));
    assert_eq!(r.status, 200);
    let r = visitor.get(&format!("/public/bridge/teams/{id}/matches/1/9/export.pbn"));
    assert_eq!(r.status, 404);
}
