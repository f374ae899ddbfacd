//! The round page of a team event as the arbiter uses it: each team's lineup ticked from its
//! roster (a reserve in, a lineup of the wrong size or from a stale page refused), the colours
//! each team has on each board, and a whole-match forfeit recorded, shown, scored and exported.

use serde_json::{json, Value};

use crate::common::{csrf_in, App, Client};

/// A 4-team, 4-board round robin on 3/1/0 with 5-player rosters, round 1 paired from the
/// event page; its id and the teams as the API lists them.
pub(crate) fn paired_round_robin(arb: &mut Client) -> (i64, Value) {
    arb.accept_language = Some("en".into());
    let r = arb.post_json(
        "/api/teams/events",
        &json!({ "name": "Nationale 4", "system": "round_robin", "boards": 4,
                "match_points": "3/1/0" }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let mut csv = String::from("équipe;échiquier;nom;elo\n");
    for t in 0..4 {
        for b in 0..5 {
            csv.push_str(&format!(
                "Échiquier {t};{};Joueur {t}-{b};{}\n",
                b + 1,
                2100 - 50 * t - 10 * b
            ));
        }
    }
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/teams/import"),
        &json!({ "data": csv }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let page = arb.get(&format!("/teams/{id}"));
    let token = csrf_in(&page.body);
    let r = arb.post_form(&format!("/teams/{id}/pair"), &[("csrf", token.as_str())]);
    assert_eq!(r.status, 303, "{}", r.body);
    let teams = arb.get(&format!("/api/teams/events/{id}/teams")).json();
    (id, teams)
}

/// The value of the hidden `version` field of a page.
fn version_in(page: &str) -> String {
    page.split("name=\"version\" value=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string()
}

/// The part of a page from `start` to the end of the form that follows.
fn form_of<'a>(page: &'a str, start: &str) -> &'a str {
    let from = page
        .find(start)
        .unwrap_or_else(|| panic!("{start} in {page}"));
    let rest = &page[from..];
    &rest[..rest.find("</form>").unwrap()]
}

/// The fields a page's form sends, as a browser reads them from its inputs (hidden ones here):
/// the form from `id="{form}"` to its end.
fn hidden_fields(page: &str, form: &str) -> Vec<(String, String)> {
    let form = form_of(page, &format!("id=\"{form}\""));
    form.split("<input type=\"hidden\" name=\"")
        .skip(1)
        .map(|rest| {
            let name = rest.split('"').next().unwrap().to_string();
            let value = rest
                .split("value=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
                .replace("&#x2f;", "/")
                .replace("&#47;", "/");
            (name, value)
        })
        .collect()
}

/// The confirmation a captain's phone shows after the first tap, sent with the second tap.
fn confirm(phone: &mut Client, review: &crate::common::Reply) -> crate::common::Reply {
    assert_eq!(review.status, 200, "{}", review.body);
    assert!(
        review.body.contains("id=\"captain-review\""),
        "{}",
        review.body
    );
    let fields = hidden_fields(&review.body, "captain-confirm-form");
    assert!(fields.contains(&("sure".to_string(), "1".to_string())));
    let action = form_of(&review.body, "id=\"captain-review\"")
        .split("action=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string();
    let fields: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    phone.post_form(&action, &fields)
}

pub(crate) fn team_name(teams: &Value, team: i64) -> String {
    teams
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == team)
        .unwrap()["name"]
        .as_str()
        .unwrap()
        .to_string()
}

/// A team's roster as the API lists it, in roster order.
pub(crate) fn roster(teams: &Value, team: i64) -> &Vec<Value> {
    teams
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["id"] == team)
        .unwrap()["roster"]
        .as_array()
        .unwrap()
}

/// Every player's name of a team as the API lists them, in roster order.
pub(crate) fn roster_names(teams: &Value, team: i64) -> Vec<String> {
    roster(teams, team)
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_string())
        .collect()
}

pub(crate) fn roster_ids(teams: &Value, team: i64) -> Vec<i64> {
    roster(teams, team)
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect()
}

#[test]
fn lineups_are_ticked_from_the_roster_on_the_round_page() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (id, teams) = paired_round_robin(&mut arb);
    let round = arb.get(&format!("/api/teams/events/{id}/rounds/1")).json();
    let m = &round["matches"][0];
    let (home, away) = (
        m["white_team"].as_i64().unwrap(),
        m["black_team"].as_i64().unwrap(),
    );
    let page = arb.get(&format!("/teams/{id}/rounds/1"));
    assert_eq!(page.status, 200);
    let token = csrf_in(&page.body);
    // Each team's roster, the first four ticked, the fifth a reserve; the colours per board.
    let form = form_of(&page.body, &format!("id=\"lineup-1-{home}\""));
    let ids = roster_ids(&teams, home);
    for (k, p) in ids.iter().enumerate() {
        let tick = format!("name=\"p-{p}\" value=\"on\" checked");
        assert_eq!(form.contains(&tick), k < 4, "{form}");
    }
    assert!(form.contains("reserve"), "{form}");
    assert!(
        form.contains("Colours: 1 White · 2 Black · 3 White · 4 Black."),
        "{form}"
    );
    let other = form_of(&page.body, &format!("id=\"lineup-1-{away}\""));
    assert!(
        other.contains("Colours: 1 Black · 2 White · 3 Black · 4 White."),
        "{other}"
    );
    // The home team fields its reserve instead of board 3's player (late lineup, entered by
    // the arbiter). Board 3 is White for the home team, board 4 Black.
    let version = version_in(&page.body);
    let path = format!("/teams/{id}/rounds/1/matches/1/lineup");
    let team = home.to_string();
    let ticked: Vec<String> = [0, 1, 3, 4]
        .iter()
        .map(|&k| format!("p-{}", ids[k]))
        .collect();
    let mut fields = vec![
        ("csrf", token.as_str()),
        ("version", version.as_str()),
        ("team", team.as_str()),
    ];
    fields.extend(ticked.iter().map(|f| (f.as_str(), "on")));
    let r = arb.post_form(&path, &fields);
    assert_eq!(r.status, 303, "{}", r.body);
    let boards =
        arb.get(&format!("/api/teams/events/{id}/rounds/1")).json()["matches"][0]["boards"].clone();
    assert_eq!(boards[2]["white"], ids[3]);
    assert_eq!(boards[3]["black"], ids[4]);
    // The same form from the old page: the lineup moved meanwhile.
    let r = arb.post_form(&path, &fields);
    assert_eq!(r.status, 409, "{}", r.body);
    // Three players for four boards: refused, the field named.
    let page = arb.get(&format!("/teams/{id}/rounds/1"));
    let version = version_in(&page.body);
    let mut short = vec![
        ("csrf", token.as_str()),
        ("version", version.as_str()),
        ("team", team.as_str()),
    ];
    short.extend(ticked[..3].iter().map(|f| (f.as_str(), "on")));
    let r = arb.post_form(&path, &short);
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("lineup"), "{}", r.body);
    // The page shows the new lineup: the reserve ticked, board 3's player not.
    let form = form_of(&page.body, &format!("id=\"lineup-1-{home}\""));
    assert!(form.contains(&format!("name=\"p-{}\" value=\"on\" checked", ids[4])));
    assert!(!form.contains(&format!("name=\"p-{}\" value=\"on\" checked", ids[2])));
    // In French.
    arb.cookies.insert("lang".into(), "fr".into());
    let fr = arb.get(&format!("/teams/{id}/rounds/1"));
    assert!(fr.body.contains("Composition de Échiquier"), "{}", fr.body);
    assert!(
        fr.body.contains("Couleurs : 1 Blancs · 2 Noirs"),
        "{}",
        fr.body
    );
}

#[test]
fn a_whole_match_forfeit_from_the_round_page() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (id, teams) = paired_round_robin(&mut arb);
    let round = arb.get(&format!("/api/teams/events/{id}/rounds/1")).json();
    let m = &round["matches"][1];
    let home = m["white_team"].as_i64().unwrap();
    let home_name = team_name(&teams, home);
    let page = arb.get(&format!("/teams/{id}/rounds/1"));
    let token = csrf_in(&page.body);
    let version = version_in(&page.body);
    // The home team of match 2 did not come.
    let path = format!("/teams/{id}/rounds/1/matches/2/forfeit");
    let fields = [
        ("csrf", token.as_str()),
        ("version", version.as_str()),
        ("forfeit", "-+"),
    ];
    let r = arb.post_form(&path, &fields);
    assert_eq!(r.status, 303, "{}", r.body);
    let r = arb.post_form(
        &path,
        &[
            ("csrf", token.as_str()),
            ("version", version.as_str()),
            ("forfeit", "+-"),
        ],
    );
    assert_eq!(r.status, 409, "{}", r.body);
    let r = arb.post_form(&path, &[("csrf", token.as_str()), ("forfeit", "1-0")]);
    assert_eq!(r.status, 422, "{}", r.body);
    // Shown on the round page (no result grid for that match, no lineup form) and scored 0–4,
    // 0 and 3 match points.
    let page = arb.get(&format!("/teams/{id}/rounds/1"));
    let shown = format!("{home_name} did not show");
    assert!(page.body.contains("id=\"forfeit-2\""), "{}", page.body);
    assert!(page.body.contains(&shown), "{}", page.body);
    assert!(!page.body.contains("name=\"r-2-1\""));
    assert!(page.body.contains("name=\"r-1-1\""));
    let round = arb.get(&format!("/api/teams/events/{id}/rounds/1")).json();
    let m = &round["matches"][1];
    assert_eq!(m["forfeit"], "-+");
    let results: Vec<&str> = m["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["result"].as_str().unwrap())
        .collect();
    assert_eq!(results, ["0F-1F", "1F-0F", "0F-1F", "1F-0F"]);
    let s = &m["score"];
    assert_eq!(
        (
            s["white_game_points"].as_str().unwrap(),
            s["black_game_points"].as_str().unwrap(),
            s["white_match_points"].as_u64(),
            s["black_match_points"].as_u64()
        ),
        ("0.0", "4.0", Some(0), Some(3)),
        "{s}"
    );
    // A board of the forfeited match cannot be entered alone.
    let version = version_in(&page.body);
    let r = arb.post_form(
        &format!("/teams/{id}/rounds/1/results"),
        &[
            ("csrf", token.as_str()),
            ("version", version.as_str()),
            ("r-2-1", "1-0"),
        ],
    );
    assert_eq!(r.status, 409, "{}", r.body);
    // The other match played; the file then has round 1 with the forfeit as a `330` record.
    let grid: Vec<(String, String)> = (1..=4)
        .map(|b| (format!("r-1-{b}"), "1/2".to_string()))
        .collect();
    let mut fields = vec![("csrf", token.as_str()), ("version", version.as_str())];
    fields.extend(grid.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    let r = arb.post_form(&format!("/teams/{id}/rounds/1/results"), &fields);
    assert_eq!(r.status, 303, "{}", r.body);
    let file = arb.get(&format!("/teams/{id}/export.trf")).body;
    let t = tournament::trf::read(&file).unwrap_or_else(|e| panic!("{e:?}\n{file}"));
    assert_eq!(t.team_records.forfeits.len(), 1, "{file}");
    assert!(file.contains("\n330 -+   1 "), "{file}");
    let standings = arb.get(&format!("/api/teams/events/{id}/standings")).json();
    assert_eq!(standings["after"], 1);
    assert_eq!(standings["rows"][0]["match_points"], "3");
    // The match sheet says it, in French too.
    let sheet = arb.get(&format!("/teams/{id}/rounds/1/matches/2/sheet"));
    assert!(
        sheet.body.contains("id=\"match-forfeit\""),
        "{}",
        sheet.body
    );
    arb.cookies.insert("lang".into(), "fr".into());
    let fr = arb.get(&format!("/teams/{id}/rounds/1"));
    assert!(
        fr.body.contains(&format!("{home_name} forfait")),
        "{}",
        fr.body
    );
}

/// The captains' phones: each captain opens the match with the team's code, ticks the lineup
/// before the round (a reserve in) and reports the results; the arbiter accepts the agreeing
/// reports in one click, the board the captains disagree on waits. Wrong codes are throttled.
#[test]
fn captains_send_lineups_and_results_from_their_phones() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (id, teams) = paired_round_robin(&mut arb);
    let round = arb.get(&format!("/api/teams/events/{id}/rounds/1")).json();
    let m = &round["matches"][0];
    let (home, away) = (
        m["white_team"].as_i64().unwrap(),
        m["black_team"].as_i64().unwrap(),
    );
    let code_of = |team: i64| {
        m["codes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["team"] == team)
            .unwrap()["code"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let (home_code, away_code) = (code_of(home), code_of(away));
    // The arbiter's round page lists the codes to hand out.
    let page = arb.get(&format!("/teams/{id}/rounds/1"));
    assert!(page.body.contains(&home_code) && page.body.contains(&away_code));
    // The away captain's phone, in French.
    let mut phone = app.client();
    phone.cookies.insert("lang".into(), "fr".into());
    let page = phone.get("/teams/captain");
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("Capitaine d&#39;équipe"),
        "{}",
        page.body
    );
    let token = csrf_in(&page.body);
    let r = phone.post_form(
        "/teams/captain",
        &[
            ("csrf", token.as_str()),
            ("code", &away_code.to_lowercase()),
        ],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.contains("id=\"captain-lineup-form\""), "{}", r.body);
    assert!(r
        .body
        .contains("Votre équipe a les Noirs au premier échiquier."));
    assert!(
        r.body.contains("Couleurs : 1 Noirs · 2 Blancs"),
        "{}",
        r.body
    );
    // The other team's lineup stays hidden until the match starts.
    assert!(r.body.contains("Joueur"), "{}", r.body);
    let home_players = roster_ids(&teams, home).len();
    assert_eq!(home_players, 5);
    let home_name = roster(&teams, home)[0]["name"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(!r.body.contains(&home_name), "{}", r.body);
    // Its players are named by their team on the results' boards, never left blank.
    let home_team = team_name(&teams, home);
    assert!(
        r.body.contains(&format!("Blancs : ({home_team})")),
        "{}",
        r.body
    );
    let version = version_in(&r.body);
    // The reserve on board 4 (White for the team with Black on board 1).
    let ids = roster_ids(&teams, away);
    let ticked: Vec<String> = [0, 1, 2, 4]
        .iter()
        .map(|&k| format!("p-{}", ids[k]))
        .collect();
    let mut fields = vec![
        ("csrf", token.as_str()),
        ("code", away_code.as_str()),
        ("version", version.as_str()),
    ];
    fields.extend(ticked.iter().map(|f| (f.as_str(), "on")));
    let review = phone.post_form("/teams/captain/lineup", &fields);
    let r = confirm(&mut phone, &review);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.contains("Composition enregistrée."), "{}", r.body);
    let boards =
        arb.get(&format!("/api/teams/events/{id}/rounds/1")).json()["matches"][0]["boards"].clone();
    assert_eq!(boards[3]["white"], ids[4]);
    // The same lineup from the old page: refused at the second tap.
    let review = phone.post_form("/teams/captain/lineup", &fields);
    let r = confirm(&mut phone, &review);
    assert_eq!(r.status, 409, "{}", r.body);
    // Both captains report; they disagree on board 4.
    let report = |phone: &mut Client, code: &str, board4: &str| {
        let review = phone.post_form(
            "/teams/captain/report",
            &[
                ("csrf", token.as_str()),
                ("code", code),
                ("b-1", "1-0"),
                ("b-2", "1/2"),
                ("b-3", "0-1"),
                ("b-4", board4),
            ],
        );
        if review.status != 200 {
            return review;
        }
        confirm(phone, &review)
    };
    let mut home_phone = app.client();
    home_phone.accept_language = Some("en".into());
    let token_home = csrf_in(&home_phone.get("/teams/captain").body);
    let review = home_phone.post_form(
        "/teams/captain/report",
        &[
            ("csrf", token_home.as_str()),
            ("code", home_code.as_str()),
            ("b-1", "1-0"),
            ("b-2", "1/2"),
            ("b-3", "0-1"),
            ("b-4", "1/2"),
        ],
    );
    let r = confirm(&mut home_phone, &review);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        r.body.contains("Sent: waiting for the arbiter."),
        "{}",
        r.body
    );
    // Results reported: the match has started, the lineups are fixed for the captains (the
    // form is gone, and the other captain's lineup from a fresh page is refused).
    assert!(!r.body.contains("id=\"captain-lineup-form\""), "{}", r.body);
    let fresh = phone.post_form(
        "/teams/captain",
        &[("csrf", token.as_str()), ("code", away_code.as_str())],
    );
    assert!(
        !fresh.body.contains("id=\"captain-lineup-form\""),
        "{}",
        fresh.body
    );
    // (Without a version: what refuses it is the report, not a stale page.)
    let mut late = vec![("csrf", token.as_str()), ("code", away_code.as_str())];
    late.extend(ticked.iter().map(|f| (f.as_str(), "on")));
    let review = phone.post_form("/teams/captain/lineup", &late);
    let r = confirm(&mut phone, &review);
    assert_eq!(r.status, 409, "{}", r.body);
    let r = report(&mut phone, &away_code, "1-0");
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        r.body
            .contains("Différent de l&#39;autre saisie : l&#39;arbitre tranche."),
        "{}",
        r.body
    );
    let r = report(&mut phone, &away_code, "1F-0F");
    assert_eq!(r.status, 422, "{}", r.body);
    // The arbiter sees the reports, the conflict on board 4, and accepts the three others.
    let page = arb.get(&format!("/teams/{id}/rounds/1"));
    assert!(
        page.body.contains("class=\"error\" id=\"reported-1-4\""),
        "{}",
        page.body
    );
    assert!(page
        .body
        .contains("Accept the 3 reported results that agree"));
    let token_arb = csrf_in(&page.body);
    let version = version_in(&page.body);
    let r = arb.post_form(
        &format!("/teams/{id}/rounds/1/confirm"),
        &[("csrf", token_arb.as_str()), ("version", version.as_str())],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let m = arb.get(&format!("/api/teams/events/{id}/rounds/1")).json()["matches"][0].clone();
    let results: Vec<Value> = m["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["result"].clone())
        .collect();
    assert_eq!(
        results,
        [json!("1-0"), json!("1/2"), json!("0-1"), Value::Null]
    );
    assert_eq!(
        m["reports"],
        json!([{ "board": 4, "results": ["1/2", "1-0"], "teams": [home, away] }])
    );
    // The lineup is fixed now that the match has results.
    let r = phone.post_form(
        "/teams/captain",
        &[("csrf", token.as_str()), ("code", away_code.as_str())],
    );
    assert!(!r.body.contains("id=\"captain-lineup-form\""), "{}", r.body);
    // Wrong codes: past the free ones the phone has to wait.
    let mut waited = false;
    for _ in 0..30 {
        let r = phone.post_form(
            "/teams/captain",
            &[("csrf", token.as_str()), ("code", "ZZZZZZ")],
        );
        if r.status == 429 {
            waited = true;
            break;
        }
        assert_eq!(r.status, 409, "{}", r.body);
    }
    assert!(waited);
}

/// The public pages: the round's matches with boards and results, the standings, refreshing;
/// the crosstable of the matches; no captain's code shown; a round not paired is not found.
/// A captain's phone records nothing on the first tap: the lineup comes back board by board
/// with the colours, the results in words ("Confirmer ?"), and only the second tap records
/// them; "Modifier" goes back to the match with nothing sent.
#[test]
fn a_captain_confirms_the_lineup_and_the_results_with_a_second_tap() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (id, teams) = paired_round_robin(&mut arb);
    let round = arb.get(&format!("/api/teams/events/{id}/rounds/1")).json();
    let m = &round["matches"][0];
    let away = m["black_team"].as_i64().unwrap();
    let code = m["codes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["team"] == away)
        .unwrap()["code"]
        .as_str()
        .unwrap()
        .to_string();
    let boards_now = |arb: &mut Client| {
        arb.get(&format!("/api/teams/events/{id}/rounds/1")).json()["matches"][0].clone()
    };
    let before = boards_now(&mut arb);
    let mut phone = app.client();
    phone.cookies.insert("lang".into(), "fr".into());
    let token = csrf_in(&phone.get("/teams/captain").body);
    let page = phone.post_form(
        "/teams/captain",
        &[("csrf", token.as_str()), ("code", code.as_str())],
    );
    let version = version_in(&page.body);
    let ids = roster_ids(&teams, away);
    let names = roster_names(&teams, away);
    let ticked: Vec<String> = [0, 1, 3, 4]
        .iter()
        .map(|&k| format!("p-{}", ids[k]))
        .collect();
    let mut fields = vec![
        ("csrf", token.as_str()),
        ("code", code.as_str()),
        ("version", version.as_str()),
    ];
    fields.extend(ticked.iter().map(|f| (f.as_str(), "on")));
    // First tap: the lineup as it will be recorded, the away team Black on board 1.
    let review = phone.post_form("/teams/captain/lineup", &fields);
    assert_eq!(review.status, 200, "{}", review.body);
    assert!(review.body.contains("Confirmer ?"), "{}", review.body);
    for (board, k, colour) in [
        (1, 0, "Noirs"),
        (2, 1, "Blancs"),
        (3, 3, "Noirs"),
        (4, 4, "Blancs"),
    ] {
        let line = format!("Échiquier {board} : {} ({colour})", names[k]);
        assert!(review.body.contains(&line), "{line} in {}", review.body);
    }
    assert!(!review.body.contains("Composition enregistrée."));
    assert!(!review.body.contains("id=\"captain-lineup-form\""));
    assert_eq!(
        boards_now(&mut arb),
        before,
        "nothing recorded on the first tap"
    );
    // A lineup of the wrong size is refused at the first tap, saying what is wrong, on the
    // match's page: the code and the ticks stay, nothing is recorded.
    let short: Vec<(&str, &str)> = fields[..5].to_vec();
    let r = phone.post_form("/teams/captain/lineup", &short);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        r.body
            .contains("Composition refusée : cochez 4 joueurs, un par échiquier ; 2 sont cochés."),
        "{}",
        r.body
    );
    assert!(r.body.contains("id=\"captain-lineup-form\""), "{}", r.body);
    assert!(!r.body.contains("Confirmer ?"), "{}", r.body);
    // One too many: the five ticks are kept for the captain to untick one.
    let extra = format!("p-{}", ids[2]);
    let mut five = fields.clone();
    five.push((extra.as_str(), "on"));
    let r = phone.post_form("/teams/captain/lineup", &five);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.contains("; 5 sont cochés."), "{}", r.body);
    for id in &ids[..5] {
        let ticked = format!("name=\"p-{id}\" value=\"on\" checked");
        assert!(r.body.contains(&ticked), "{ticked} in {}", r.body);
    }
    assert_eq!(boards_now(&mut arb), before);
    // "Modifier" reopens the match, still with nothing recorded.
    let change = hidden_fields(&review.body, "captain-change-form");
    let change: Vec<(&str, &str)> = change
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let r = phone.post_form("/teams/captain", &change);
    assert!(r.body.contains("id=\"captain-lineup-form\""), "{}", r.body);
    assert_eq!(boards_now(&mut arb), before);
    // Second tap: recorded.
    let r = confirm(&mut phone, &review);
    assert!(r.body.contains("Composition enregistrée."), "{}", r.body);
    let after = boards_now(&mut arb);
    assert_eq!(after["boards"][2]["black"], ids[3]);
    assert_eq!(after["boards"][3]["white"], ids[4]);

    // Results: the first tap says each in words for the captain's player; nothing is sent.
    let review = phone.post_form(
        "/teams/captain/report",
        &[
            ("csrf", token.as_str()),
            ("code", code.as_str()),
            ("b-1", "0-1"),
            ("b-2", "1-0"),
            ("b-4", "1/2"),
        ],
    );
    assert_eq!(review.status, 200, "{}", review.body);
    assert!(review.body.contains("Confirmer ?"), "{}", review.body);
    for line in [
        format!("Échiquier 1 : 0-1 — {} (Noirs) gagne", names[0]),
        format!("Échiquier 2 : 1-0 — {} (Blancs) gagne", names[1]),
        "Échiquier 4 : ½-½ — Partie nulle".to_string(),
    ] {
        assert!(review.body.contains(&line), "{line} in {}", review.body);
    }
    assert!(!review.body.contains("Échiquier 3 :"), "{}", review.body);
    assert_eq!(boards_now(&mut arb)["reports"], json!([]));
    let r = confirm(&mut phone, &review);
    assert!(
        r.body.contains("Résultats transmis à l&#39;arbitre."),
        "{}",
        r.body
    );
    assert_eq!(
        boards_now(&mut arb)["reports"],
        json!([{ "board": 1, "results": ["0-1"], "teams": [away] },
               { "board": 2, "results": ["1-0"], "teams": [away] },
               { "board": 4, "results": ["1/2"], "teams": [away] }])
    );
    // Nothing chosen: nothing to confirm.
    let r = phone.post_form(
        "/teams/captain/report",
        &[("csrf", token.as_str()), ("code", code.as_str())],
    );
    assert_eq!(r.status, 422, "{}", r.body);
}

#[test]
fn the_public_pages_show_the_round_the_standings_and_the_crosstable() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (id, teams) = paired_round_robin(&mut arb);
    let round = arb.get(&format!("/api/teams/events/{id}/rounds/1")).json();
    // Before any result the matches are listed without their lineups.
    let before = app.client().get(&format!("/public/teams/{id}"));
    assert!(
        before.body.contains("id=\"public-lineups-later-1\""),
        "{}",
        before.body
    );
    assert!(!before.body.contains("Joueur 0-0"), "{}", before.body);
    let draws: Vec<Value> = (1..=4)
        .map(|b| json!({ "match": 1, "board": b, "result": "1/2" }))
        .collect();
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/1/results"),
        &json!({ "results": draws }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/1/matches/2/forfeit"),
        &json!({ "forfeit": "+-" }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let mut anon = app.client();
    let page = anon.get(&format!("/public/teams/{id}"));
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.body.contains("http-equiv=\"refresh\""));
    assert!(page.body.contains("id=\"public-match-2\""));
    for t in teams.as_array().unwrap() {
        assert!(page.body.contains(t["name"].as_str().unwrap()));
    }
    assert!(page.body.contains("Joueur 0-0"), "{}", page.body);
    assert!(page.body.contains("id=\"team-standings\""));
    assert!(page.body.contains("2,0 – 2,0"), "{}", page.body);
    for m in round["matches"].as_array().unwrap() {
        for code in m["codes"].as_array().unwrap() {
            assert!(!page.body.contains(code["code"].as_str().unwrap()));
        }
    }
    assert_eq!(anon.get(&format!("/public/teams/{id}?round=2")).status, 404);
    let cross = anon.get(&format!("/public/teams/{id}/crosstable"));
    assert_eq!(cross.status, 200, "{}", cross.body);
    assert!(cross.body.contains("id=\"team-crosstable\""));
    for cell in [
        // A French page: decimal commas.
        "<td class=\"num\">4,0 F</td>",
        "<td class=\"num\">0,0 F</td>",
        "<td class=\"num\">2,0</td>",
        "×",
    ] {
        assert!(cross.body.contains(cell), "{cell} in {}", cross.body);
    }
    // Board prizes: match 1's boards were drawn, equal opponents give a performance of their
    // rating; match 2's forfeit wins are listed apart, its absent team's players not at all.
    let boards = anon.get(&format!("/public/teams/{id}/boards"));
    assert_eq!(boards.status, 200, "{}", boards.body);
    assert!(
        boards.body.contains("id=\"board-prizes-4\""),
        "{}",
        boards.body
    );
    let prizes = arb.get(&format!("/api/teams/events/{id}/boards")).json();
    let board1 = prizes[0]["rows"].as_array().unwrap();
    assert_eq!(board1.len(), 3);
    let played: Vec<&Value> = board1.iter().filter(|r| r["games"] == 1).collect();
    assert_eq!(played.len(), 2);
    for r in &played {
        assert_eq!(r["points"], "0.5");
        assert_eq!(r["performance"], r["opponents_average"]);
    }
    assert!(board1
        .iter()
        .filter(|r| r["games"] == 0)
        .all(|r| r["forfeits"] == 1 && r["performance"].is_null()));
    anon.cookies.insert("lang".into(), "fr".into());
    let fr = anon.get(&format!("/public/teams/{id}/crosstable"));
    assert!(fr.body.contains("Grille américaine"), "{}", fr.body);
}

/// The settings page: every setting before round 1; after it, what the pairings rest on stays.
/// A stale page is refused; an event taken off the public pages is not found there.
#[test]
fn the_settings_page_edits_the_event() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.accept_language = Some("en".into());
    let r = arb.post_json(
        "/api/teams/events",
        &json!({ "name": "Open", "rounds": 5, "boards": 4 }),
    );
    let id = r.json()["id"].as_i64().unwrap();
    let page = arb.get(&format!("/teams/{id}/settings"));
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.body.contains("id=\"team-settings-form\""));
    assert!(page.body.contains("name=\"boards\""));
    let token = csrf_in(&page.body);
    let version = version_in(&page.body);
    let form = |version: &str, boards: &str, rounds: &str| {
        vec![
            ("csrf".to_string(), token.clone()),
            ("version".to_string(), version.to_string()),
            ("name".to_string(), "Open des Loire".to_string()),
            ("place".to_string(), "Blois".to_string()),
            ("federation".to_string(), "fra".to_string()),
            ("start_date".to_string(), "2026-12-05".to_string()),
            ("system".to_string(), "swiss_team".to_string()),
            ("rounds".to_string(), rounds.to_string()),
            ("boards".to_string(), boards.to_string()),
            ("match_points".to_string(), "3/1/0".to_string()),
            ("preferences".to_string(), "b".to_string()),
            ("primary".to_string(), "mp".to_string()),
            ("initial_color".to_string(), "w".to_string()),
            ("tiebreaks".to_string(), "EDE,BC".to_string()),
        ]
    };
    let post = |arb: &mut Client, fields: &[(String, String)]| {
        let borrowed: Vec<(&str, &str)> = fields
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        arb.post_form(&format!("/teams/{id}/settings"), &borrowed)
    };
    let r = post(&mut arb, &form(&version, "4", "7"));
    assert_eq!(r.status, 303, "{}", r.body);
    let e = arb.get(&format!("/api/teams/events/{id}")).json();
    assert_eq!(e["name"], "Open des Loire");
    assert_eq!(e["place"], "Blois");
    assert_eq!(e["federation"], "FRA");
    assert_eq!(e["rounds"], 7);
    assert_eq!(e["preferences"], "b");
    assert_eq!(e["public"], false);
    assert_eq!(app.client().get(&format!("/public/teams/{id}")).status, 404);
    // The same form from the old page: the settings moved meanwhile.
    let r = post(&mut arb, &form(&version, "4", "6"));
    assert_eq!(r.status, 409, "{}", r.body);
    // Round 1 paired: the boards stay; the rounds cannot fall below the rounds paired.
    let mut csv = String::from("team;board;name;rating\n");
    for t in 0..4 {
        for b in 0..4 {
            csv.push_str(&format!("T{t};{};P {t}-{b};{}\n", b + 1, 2000 - 10 * t - b));
        }
    }
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/teams/import"),
        &json!({ "data": csv }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let page = arb.get(&format!("/teams/{id}/settings"));
    assert!(
        page.body.contains("id=\"team-settings-started\""),
        "{}",
        page.body
    );
    let version = version_in(&page.body);
    let r = post(&mut arb, &form(&version, "5", "7"));
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.body.contains("boards"), "{}", r.body);
    let r = post(&mut arb, &form(&version, "4", "0"));
    assert_eq!(r.status, 422, "{}", r.body);
    let mut public = form(&version, "4", "9");
    public.push(("public".to_string(), "1".to_string()));
    let r = post(&mut arb, &public);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        arb.get(&format!("/api/teams/events/{id}")).json()["rounds"],
        9
    );
    assert_eq!(app.client().get(&format!("/public/teams/{id}")).status, 200);
}

/// The printed match sheet lists the first team on the left on every board: each result is
/// read from its side (its player with Black who won is `1-0` there, not the board's `0-1`),
/// and a sheet printed before the match has an empty total box. The French pages put a space
/// before their colons, and the standings do not repeat the game points as a tie-break column.
/// The team tie-breaks are chosen from five lists named as on every page (French here); the
/// codes chosen are saved in order, the page shows them chosen again, a typed list wins over
/// the lists, and a code that is not a team tie-break (ARO: opponents' ratings) or no code at
/// all is refused, naming the field.
#[test]
fn team_tie_breaks_are_chosen_from_a_pick_list() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.accept_language = Some("fr".into());
    let r = arb.post_json(
        "/api/teams/events",
        &json!({ "name": "Interclubs", "rounds": 5, "boards": 4 }),
    );
    let id = r.json()["id"].as_i64().unwrap();
    let page = arb.get(&format!("/teams/{id}/settings"));
    assert_eq!(page.status, 200, "{}", page.body);
    for n in 1..=5 {
        assert!(
            page.body.contains(&format!("name=\"tb{n}\"")),
            "{}",
            page.body
        );
    }
    // The catalogue's French names, as the individual event's lists and the legends say them.
    assert!(
        page.body.contains("EDE — Confrontation directe étendue"),
        "{}",
        page.body
    );
    assert!(
        page.body.contains("BC — Décompte par échiquier"),
        "{}",
        page.body
    );
    let token = csrf_in(&page.body);
    let post = |arb: &mut Client, version: &str, extra: &[(&str, &str)]| {
        let mut fields = vec![
            ("csrf", token.as_str()),
            ("version", version),
            ("name", "Interclubs"),
            ("rounds", "5"),
            ("boards", "4"),
        ];
        fields.extend_from_slice(extra);
        arb.post_form(&format!("/teams/{id}/settings"), &fields)
    };
    let tiebreaks = |arb: &mut Client| {
        arb.get(&format!("/api/teams/events/{id}")).json()["tiebreaks"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let version = version_in(&page.body);
    let r = post(
        &mut arb,
        &version,
        &[
            ("tb1", "EDE"),
            ("tb2", "BC"),
            ("tb3", ""),
            ("tb4", "TBR"),
            ("tiebreaks", ""),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(tiebreaks(&mut arb), "EDE,BC,TBR");
    let page = arb.get(&format!("/teams/{id}/settings"));
    assert!(
        page.body.contains("<option value=\"EDE\" selected>"),
        "{}",
        page.body
    );
    assert!(page.body.contains("<option value=\"TBR\" selected>"));
    // A typed list wins over the lists, and stays typed when the lists cannot show it.
    let version = version_in(&page.body);
    let r = post(
        &mut arb,
        &version,
        &[("tb1", "EDE"), ("tiebreaks", "BH:GP,SB")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(tiebreaks(&mut arb), "BH:GP,SB");
    let page = arb.get(&format!("/teams/{id}/settings"));
    assert!(page.body.contains("value=\"BH:GP,SB\""), "{}", page.body);
    for code in ["EDE", "SB"] {
        let chosen = format!("<option value=\"{code}\" selected>");
        assert!(!page.body.contains(&chosen), "no list shows {code}");
    }
    // Refused: a code that is not a team tie-break, and a code that is no code.
    let version = version_in(&page.body);
    for bad in ["ARO", "XYZ"] {
        let r = post(&mut arb, &version, &[("tb1", bad), ("tiebreaks", "")]);
        assert_eq!(r.status, 422, "{bad}: {}", r.body);
        // The field's own message: ARO is a tie-break, but not of teams.
        assert!(
            r.body
                .contains("Départage inconnu, ou qui ne classe pas ce type de tournoi"),
            "{bad}: {}",
            r.body
        );
        assert!(r.body.contains(&format!("« {bad}")), "{bad}: {}", r.body);
    }
    assert_eq!(tiebreaks(&mut arb), "BH:GP,SB", "unchanged");
    // The API refuses it the same way.
    let r = arb.post_json(
        "/api/teams/events",
        &json!({ "name": "Open", "rounds": 5, "boards": 4, "tiebreaks": "EDE,TPR" }),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.json()["field"], "tiebreaks", "{}", r.body);
    assert!(r.body.contains("TPR"), "{}", r.body);
}

#[test]
fn the_match_sheet_reads_every_result_from_the_first_teams_side() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (id, _) = paired_round_robin(&mut arb);
    let sheet_path = format!("/teams/{id}/rounds/1/matches/1/sheet");
    let blank = arb.get(&sheet_path);
    assert!(
        blank.body.contains("id=\"sheet-total\"></td>"),
        "{}",
        blank.body
    );
    // The first team has White on boards 1 and 3, Black on 2 and 4.
    let results: Vec<Value> = [(1, "1-0"), (2, "1-0"), (3, "0-1"), (4, "0-1")]
        .iter()
        .map(|(b, r)| json!({ "match": 1, "board": b, "result": r }))
        .collect();
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/1/results"),
        &json!({ "results": results }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let sheet = arb.get(&sheet_path);
    for (board, shown) in [(1, "1-0"), (2, "0-1"), (3, "0-1"), (4, "1-0")] {
        let row = sheet
            .body
            .split(&format!("id=\"sheet-board-{board}\""))
            .nth(1)
            .and_then(|rest| rest.split("</tr>").next())
            .unwrap_or_else(|| panic!("board {board} on the sheet: {}", sheet.body));
        assert!(
            row.contains(&format!("<td class=\"result-box\">{shown}</td>")),
            "board {board} reads {shown} from the first team's side: {row}"
        );
    }
    assert!(
        sheet.body.contains("id=\"sheet-total\">2.0 – 2.0</td>"),
        "{}",
        sheet.body
    );
    // The game points once: their column, not again as the first tie-break.
    let standings = arb.get(&format!("/teams/{id}/standings"));
    let head = standings
        .body
        .split("<thead>")
        .nth(1)
        .and_then(|h| h.split("</thead>").next())
        .unwrap();
    let list = arb.get(&format!("/api/teams/events/{id}/standings")).json();
    let tiebreaks = list["tiebreaks"].as_array().unwrap();
    assert_eq!(tiebreaks[0], "GP", "{list}");
    // Then the league's eight columns (played, won, drawn, lost, forfeits, for, against,
    // difference).
    assert_eq!(
        head.matches("<th").count(),
        5 + tiebreaks.len() - 1 + 8,
        "{head}"
    );
    arb.cookies.insert("lang".into(), "fr".into());
    let fr = arb.get(&format!("/teams/{id}/rounds/1"));
    assert!(fr.body.contains("Match 1 : "), "{}", fr.body);
    assert!(fr.body.contains("Codes capitaines : "), "{}", fr.body);
}

/// Board prizes: a player who played one round of two (a reserve brought in for round 2, the
/// player they replaced) is out of the running and listed after the players of both rounds,
/// however well the game went.
#[test]
fn board_prizes_list_the_players_in_the_running_first() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (id, teams) = paired_round_robin(&mut arb);
    let draws = |round: u32| -> Vec<Value> {
        (1..=2)
            .flat_map(|m| (1..=4).map(move |b| json!({ "match": m, "board": b, "result": "1/2" })))
            .filter(|r| !(round == 2 && r["match"] == 1 && r["board"] == 4))
            .collect()
    };
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/1/results"),
        &json!({ "results": draws(1) }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let page = arb.get(&format!("/teams/{id}"));
    let token = csrf_in(&page.body);
    let r = arb.post_form(&format!("/teams/{id}/pair"), &[("csrf", token.as_str())]);
    assert_eq!(r.status, 303, "{}", r.body);
    // Round 2, match 1: the home team's reserve plays board 4 (Black there) and wins.
    let round = arb.get(&format!("/api/teams/events/{id}/rounds/2")).json();
    let home = round["matches"][0]["white_team"].as_i64().unwrap();
    let roster = roster_ids(&teams, home);
    let (replaced, reserve) = (roster[3], roster[4]);
    let lineup = [roster[0], roster[1], roster[2], reserve];
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/2/lineups"),
        &json!({ "match": 1, "team": home, "members": lineup }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let mut results = draws(2);
    results.push(json!({ "match": 1, "board": 4, "result": "0-1" }));
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/2/results"),
        &json!({ "results": results }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let prizes = arb.get(&format!("/api/teams/events/{id}/boards")).json();
    let board4 = prizes[3]["rows"].as_array().unwrap();
    assert_eq!(prizes[3]["board"], 4);
    assert_eq!(board4.len(), 5, "{board4:?}");
    let members: Vec<i64> = board4
        .iter()
        .map(|r| r["member"].as_i64().unwrap())
        .collect();
    let eligible: Vec<bool> = board4.iter().map(|r| r["eligible"] == true).collect();
    assert_eq!(eligible, [true, true, true, false, false], "{board4:?}");
    assert_eq!(
        members[3], reserve,
        "the reserve's one win first of the rest: {board4:?}"
    );
    assert_eq!(members[4], replaced, "{board4:?}");
    let best = board4
        .iter()
        .map(|r| r["performance"].as_i64().unwrap())
        .max();
    assert_eq!(board4[3]["performance"].as_i64(), best, "{board4:?}");
    // The page greys them.
    let page = app.client().get(&format!("/public/teams/{id}/boards"));
    assert_eq!(
        page.body.matches("class=\"out-of-running\"").count(),
        2,
        "{}",
        page.body
    );
}

/// "The first team has Black on board 1 in round 1" (the event's initial colour): the Berger
/// table's colours are reversed everywhere. Four teams: round 1 of the table is 1-4, 2-3, so
/// team 4 has White on board 1 against team 1 and team 3 against team 2; the match sheet of
/// match 1 puts team 1's first player on board 1 with Black, and the exported file says
/// `152 B` with that player Black in round 1.
#[test]
fn black_first_reverses_the_round_robin_tables_colours() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let id = crate::teams_api::create(
        &mut arb,
        json!({ "name": "Ligue", "system": "round_robin", "boards": 4, "initial_color": "b" }),
        4,
    );
    let teams = arb.get(&format!("/api/teams/events/{id}/teams")).json();
    let number_of = |team: &Value| -> u64 {
        teams
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["id"] == *team)
            .unwrap()["number"]
            .as_u64()
            .unwrap()
    };
    let r = arb.post_json(&format!("/api/teams/events/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let round = r.json();
    let pairs: Vec<(u64, u64)> = round["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (number_of(&m["white_team"]), number_of(&m["black_team"])))
        .collect();
    assert_eq!(pairs, [(4, 1), (3, 2)], "{round}");
    // The sheet: board 1 has team 4's first player with White against team 1's first player.
    let sheet = arb.get(&format!("/teams/{id}/rounds/1/matches/1/sheet"));
    let board1 = sheet
        .body
        .split("id=\"sheet-board-1\"")
        .nth(1)
        .and_then(|rest| rest.split("</tr>").next())
        .unwrap();
    assert!(
        board1.contains("<td>Joueur 3-0</td>") && board1.contains("<td>Joueur 0-0</td>"),
        "{board1}"
    );
    assert!(
        board1.find("Joueur 3-0") < board1.find("Joueur 0-0"),
        "team 4 (White) is the first team: {board1}"
    );
    // The file holds the rounds whose results are all in.
    let results: Vec<Value> = (1..=2)
        .flat_map(|m| (1..=4).map(move |b| json!({ "match": m, "board": b, "result": "1/2" })))
        .collect();
    let r = arb.post_json(
        &format!("/api/teams/events/{id}/rounds/1/results"),
        &json!({ "results": results }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let file = arb.get(&format!("/api/teams/events/{id}/export.trf")).body;
    assert!(file.contains("\n152 B\n"), "{file}");
    let t = tournament::trf::read(&file).unwrap();
    let first = t.teams.iter().find(|t| t.id == Some(1)).unwrap().players[0];
    assert_eq!(
        t.player(first).unwrap().rounds[0].color(),
        Some(tournament::Color::Black)
    );
}
