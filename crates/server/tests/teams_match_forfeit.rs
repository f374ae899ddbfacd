//! A match forfeited as a whole: the team that did not show fielded nobody. Its side reads
//! « Forfait » / "Forfeit" on the match sheet, the round page, the public page, the captain's
//! phone and the static export, never its default lineup; the present team keeps the lineup
//! it entered (a reserve in). The TRF-2026 file writes the present players' `0000 - +` and the
//! absent team's `0000 - Z` (trf.md §8.4 `330`), and the board prizes count no forfeit for a
//! player who never had a board.

use serde_json::{json, Value};

use crate::common::{csrf_in, Client};
use crate::teams_pages::{paired_round_robin, roster_ids, roster_names};

fn assert_none_of(names: &[String], body: &str, what: &str) {
    for n in names {
        assert!(!body.contains(n.as_str()), "{n} on {what}: {body}");
    }
}

#[test]
fn the_absent_teams_side_shows_the_forfeit_and_no_player() {
    let app = crate::common::App::start(false);
    let mut arb: Client = app.arbiter();
    let (id, teams) = paired_round_robin(&mut arb);
    let round = arb.get(&format!("/api/teams/events/{id}/rounds/1")).json();
    let m = &round["matches"][1];
    let (home, away) = (
        m["white_team"].as_i64().unwrap(),
        m["black_team"].as_i64().unwrap(),
    );
    let away_code = m["codes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["team"] == away)
        .unwrap()["code"]
        .as_str()
        .unwrap()
        .to_string();
    // The away team came with its reserve on board 4; the home team did not come.
    let away_ids = roster_ids(&teams, away);
    let lineup = [away_ids[0], away_ids[1], away_ids[2], away_ids[4]];
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/1/lineups"),
        &json!({ "match": 2, "team": away, "members": lineup }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/1/matches/2/forfeit"),
        &json!({ "forfeit": "-+" }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let draws: Vec<Value> = (1..=4)
        .map(|b| json!({ "match": 1, "board": b, "result": "1/2" }))
        .collect();
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/1/results"),
        &json!({ "results": draws }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let absent = roster_names(&teams, home);
    let present = roster_names(&teams, away);

    // The API: the absent side of every board is empty, the present one the lineup entered.
    let round = arb.get(&format!("/api/teams/events/{id}/rounds/1")).json();
    let boards = round["matches"][1]["boards"].as_array().unwrap().clone();
    for (k, b) in boards.iter().enumerate() {
        // The home team has White on the odd boards (C.04.6 4.4).
        let (home_side, away_side) = if k % 2 == 0 {
            ("white", "black")
        } else {
            ("black", "white")
        };
        assert!(b[home_side].is_null(), "{b}");
        assert_eq!(b[away_side], lineup[k], "{b}");
    }

    // The printed match sheet, in English and in French.
    let sheet = arb.get(&format!("/teams/{id}/rounds/1/matches/2/sheet"));
    assert_eq!(sheet.status, 200, "{}", sheet.body);
    assert_none_of(&absent, &sheet.body, "the sheet");
    let rows: Vec<&str> = sheet.body.split("id=\"sheet-board-").skip(1).collect();
    assert_eq!(rows.len(), 4);
    for (k, row) in rows.iter().enumerate() {
        let row = &row[..row.find("</tr>").unwrap()];
        assert!(row.contains("<td>Forfeit</td>"), "{row}");
        assert!(row.contains("-/+"), "{row}");
        let name = &present[[0, 1, 2, 4][k]];
        assert!(row.contains(name.as_str()), "{name} in {row}");
    }
    assert!(!sheet.body.contains(present[3].as_str()), "{}", sheet.body);
    arb.cookies.insert("lang".into(), "fr".into());
    let fr = arb.get(&format!("/teams/{id}/rounds/1/matches/2/sheet"));
    assert_eq!(
        fr.body.matches("<td>Forfait</td>").count(),
        4,
        "{}",
        fr.body
    );
    assert_none_of(&absent, &fr.body, "the French sheet");
    // The round page, the public page and the export name none of the absent players.
    let page = arb.get(&format!("/teams/{id}/rounds/1"));
    assert_none_of(&absent, &page.body, "the round page");
    assert!(page.body.contains(present[4].as_str()), "{}", page.body);
    let public = app.client().get(&format!("/public/teams/{id}"));
    assert_eq!(public.status, 200);
    assert_none_of(&absent, &public.body, "the public page");
    assert_eq!(
        public
            .body
            .matches("<td class=\"name\">Forfait</td>")
            .count(),
        4,
        "{}",
        public.body
    );
    let export = arb.get(&format!("/teams/{id}/export.html"));
    assert_eq!(export.status, 200);
    assert_none_of(&absent, &export.body, "the export");

    // The present captain's phone.
    let mut phone = app.client();
    phone.cookies.insert("lang".into(), "fr".into());
    let token = csrf_in(&phone.get("/teams/captain").body);
    let r = phone.post_form(
        "/teams/captain",
        &[("csrf", token.as_str()), ("code", away_code.as_str())],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_none_of(&absent, &r.body, "the captain's phone");
    assert!(r.body.contains("Forfait"), "{}", r.body);

    // The file: the present players won by forfeit against nobody, the absent team's first
    // boards were absent (a zero-point bye), its reserve and the present team's board-4 player
    // who did not play have nothing.
    let file = arb.get(&format!("/api/teams/events/{id}/export.trf")).body;
    let t = tournament::trf::read(&file).unwrap_or_else(|e| panic!("{e:?}\n{file}"));
    let entry = |name: &str| {
        let p = t.players.iter().find(|p| p.name == name).unwrap();
        p.rounds[0]
    };
    for k in [0, 1, 2, 4] {
        assert_eq!(
            entry(&present[k]),
            tournament::Entry::ForfeitWin {
                opponent: None,
                color: None
            },
            "{file}"
        );
    }
    assert_eq!(entry(&present[3]), tournament::Entry::NotPaired, "{file}");
    for name in &absent[..4] {
        assert_eq!(entry(name), tournament::Entry::ZeroBye, "{file}");
    }
    assert_eq!(entry(&absent[4]), tournament::Entry::NotPaired, "{file}");
    assert!(file.contains("\n330 -+   1 "), "{file}");
    // Scored 0–4 with the match points of a won match, as before.
    let standings = arb.get(&format!("/api/teams/events/{id}/standings")).json();
    let row = |team: i64| {
        standings["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["team"] == team)
            .unwrap()
            .clone()
    };
    assert_eq!(
        (&row(away)["match_points"], &row(away)["game_points"]),
        (&json!("3"), &json!("4.0"))
    );
    assert_eq!(
        (&row(home)["match_points"], &row(home)["game_points"]),
        (&json!("0"), &json!("0.0"))
    );
    // Board prizes: the present players' forfeit wins; nobody of the absent team.
    let prizes = arb.get(&format!("/api/teams/events/{id}/boards")).json();
    let listed: Vec<String> = prizes
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| t["rows"].as_array().unwrap().clone())
        .map(|r| r["name"].as_str().unwrap().to_string())
        .collect();
    assert_none_of(&absent, &listed.join("\n"), "the board prizes");
    assert!(listed.contains(&present[4]), "{listed:?}");
}
