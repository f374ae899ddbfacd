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

/// The small session (3 tables, 3 rounds of 2 boards) and table 1's phone reading `lang`: the
/// page `/t/CODE{query}` it opens and its CSRF token.
struct AtTable {
    b: Client,
    id: i64,
    code: String,
    phone: Client,
    page: crate::common::Reply,
    csrf: String,
}

fn at_table_1(app: &App, lang: &str, query: &str) -> AtTable {
    let mut b = app.arbiter();
    let id = small_session(&mut b);
    let code = codes(&mut b, id)[0].1.clone();
    let mut phone = app.client();
    phone.accept_language = Some(lang.into());
    let page = phone.get(&format!("/t/{code}{query}"));
    let csrf = csrf_in(&page.body);
    AtTable {
        b,
        id,
        code,
        phone,
        page,
        csrf,
    }
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
    let AtTable {
        mut b,
        id,
        code,
        mut phone,
        page,
        csrf,
    } = at_table_1(&app, "en", "");
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

/// The id of the open call whose text `needle` names, from a director's page.
fn call_id(page: &str, needle: &str) -> Option<String> {
    page.split("<li id=\"call-").skip(1).find_map(|li| {
        let li = &li[..li.find("</li>").unwrap_or(li.len())];
        li.contains(needle)
            .then(|| li.split('"').next().unwrap().to_string())
    })
}

#[test]
fn a_table_marks_a_board_not_played_and_calls_the_director() {
    let app = App::start(false);
    let AtTable {
        mut b,
        id,
        code,
        mut phone,
        page,
        csrf,
    } = at_table_1(&app, "en", "");
    let token = b.csrf.clone().unwrap();
    let r1 = boards_on(&page.body);
    // The phone's bar has no chess links (report a result, log in): only the language switch.
    let bar = &page.body[page.body.find("<header").unwrap()..page.body.find("</header>").unwrap()];
    assert!(bar.contains("id=\"lang-switch\""), "{bar}");
    assert_eq!(bar.matches("<a ").count(), 2, "{bar}"); // the brand and the language
    assert!(!bar.contains("id=\"nav-report\"") && !bar.contains("id=\"nav-login\""));
    let r = phone.post_form(
        &format!("/t/{code}/pairs"),
        &[("csrf", &csrf), ("round", "1")],
    );
    let page = phone.get(&r.location.unwrap());
    for bd in &r1 {
        assert!(page
            .body
            .contains(&format!("id=\"board-{bd}-mark-not-played\"")));
    }

    // The table calls the director: the phone says so and offers no second call.
    let r = phone.post_form(
        &format!("/t/{code}/call"),
        &[("csrf", &csrf), ("round", "1")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = phone.get(&r.location.unwrap());
    assert!(
        page.body.contains("id=\"director-called\""),
        "{}",
        page.body
    );
    assert!(page.body.contains("The director has been called"));
    assert!(!page.body.contains("id=\"call-director\""));

    // One board played and confirmed; it can no longer be marked not played.
    assert_eq!(enter(&mut phone, &code, &csrf, 1, &r1[0]).0, 303);
    confirm(&mut phone, &code, &csrf, 1, &r1[0]);
    let mark = |phone: &mut Client, round: &str, board: &str| {
        phone.post_form(
            &format!("/t/{code}/boards/{board}/not-played"),
            &[("csrf", &csrf), ("round", round)],
        )
    };
    assert_eq!(mark(&mut phone, "1", &r1[0]).status, 409);
    // The other board was not played: the round is over for the table, the page moves on.
    let r = mark(&mut phone, "1", &r1[1]);
    assert_eq!(r.status, 303, "{}", r.body);
    let to = r.location.unwrap();
    assert!(to.contains("round=2"), "{to}");
    let page = phone.get(&format!("/t/{code}?round=1"));
    assert!(
        page.body
            .contains(&format!("id=\"board-{}-not-played\"", r1[1])),
        "{}",
        page.body
    );
    assert_eq!(
        crate::bridge_api::phone(&app)
            .get(&format!("/api/bridge/tables/{code}"))
            .json()["round"],
        2
    );

    // The line stays without a result, flagged for the director; the ranking still waits for it.
    let lines = b.get(&format!("/api/bridge/sessions/{id}/lines")).json();
    let line = lines["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["table"] == 1 && l["round"] == 1 && l["board"] == r1[1].parse::<u64>().unwrap())
        .unwrap()
        .clone();
    assert_eq!(line["status"], "missing");
    assert_eq!(line["not_played"], true);
    let (ns, ew) = (line["ns"].to_string(), line["ew"].to_string());
    b.accept_language = Some("en".into());
    for page in ["", "/grid", "/ranking", "/pairs"] {
        let p = b.get(&format!("/bridge/{id}{page}"));
        assert!(p.body.contains("id=\"table-calls\""), "{page}: {}", p.body);
        assert!(p.body.contains("Table 1, round 1: the director is called"));
        assert!(p.body.contains(&format!(
            "Table 1, round 1: board {} not played (NS {ns} – EW {ew})",
            r1[1]
        )));
    }
    // The public pages say nothing of it.
    let public = app.client().get(&format!("/public/bridge/{id}"));
    assert!(!public.body.contains("table-calls"), "{}", public.body);
    // In French, as the director reads it.
    b.accept_language = Some("fr".into());
    let grid = b.get(&format!("/bridge/{id}/grid"));
    assert!(grid
        .body
        .contains("Table 1, position 1 : appel à l&#39;arbitre"));
    assert!(grid.body.contains(&format!(
        "Table 1, position 1 : donne {} non jouée (NS {ns} – EO {ew})",
        r1[1]
    )));
    let director_call = call_id(&grid.body, "appel à l&#39;arbitre").unwrap();
    let not_played_call = call_id(&grid.body, "non jouée").unwrap();
    // The link opens the adjusted-score form on that line.
    assert!(grid
        .body
        .contains(&format!("id=\"call-{not_played_call}-adjust\"")));
    let adjust = b.get(&format!(
        "/bridge/{id}/grid?board={}&ns={ns}&ew={ew}&kind=artificial",
        r1[1]
    ));
    assert!(adjust.body.contains("id=\"adjust-section\" open"));

    // The director gives Average to both sides: the line is adjusted, the flag settled.
    let r = b.post_form(
        &format!("/bridge/{id}/grid/adjust"),
        &[
            ("csrf", &token),
            ("board", &r1[1]),
            ("ns", &ns),
            ("ew", &ew),
            ("kind", "artificial"),
            ("art_ns", "A="),
            ("art_ew", "A="),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let grid = b.get(&format!("/bridge/{id}/grid"));
    assert!(!grid
        .body
        .contains(&format!("id=\"call-{not_played_call}\"")));
    assert!(grid.body.contains(&format!("id=\"call-{director_call}\"")));
    // The director answers the call and clears it.
    let r = b.post_form(
        &format!("/bridge/{id}/calls/{director_call}/clear"),
        &[("csrf", &token)],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let grid = b.get(&format!("/bridge/{id}/grid"));
    assert!(!grid.body.contains("id=\"table-calls\""), "{}", grid.body);
    let log = b.get(&format!("/api/bridge/sessions/{id}/log")).json();
    let actions: Vec<&str> = log
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    for a in ["director", "not_played", "adjust", "clear_call"] {
        assert!(actions.contains(&a), "{a} not in {actions:?}");
    }
    let page = phone.get(&format!("/t/{code}?round=1"));
    assert!(!page.body.contains("id=\"director-called\""));

    // Through the API: a board marked not played and then played after all is the table's again.
    let mut api = crate::bridge_api::phone(&app);
    let round2 = api
        .get(&format!("/api/bridge/tables/{code}?round=2"))
        .json();
    let board = round2["boards"][0].as_u64().unwrap();
    let r = api.post_json(
        &format!("/api/bridge/tables/{code}/not-played"),
        &serde_json::json!({"round": 2, "board": board}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let calls = b.get(&format!("/api/bridge/sessions/{id}/calls")).json();
    assert_eq!(calls.as_array().unwrap().len(), 1, "{calls}");
    assert_eq!(calls[0]["kind"], "not_played");
    let r = api.post_json(
        &format!("/api/bridge/tables/{code}/enter"),
        &serde_json::json!({"round": 2, "board": board, "contract": "P"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let calls = b.get(&format!("/api/bridge/sessions/{id}/calls")).json();
    assert_eq!(calls, serde_json::json!([]));
    let r = api.post_json(
        &format!("/api/bridge/tables/{code}/call"),
        &serde_json::json!({"round": 2}),
    );
    assert_eq!(r.json()["called"], true, "{}", r.body);
}

#[test]
fn a_confirmed_board_shows_its_percentage_at_the_table_when_the_club_wants_it() {
    let app = App::start(false);
    let AtTable {
        mut b,
        id,
        code,
        mut phone,
        page,
        csrf,
    } = at_table_1(&app, "en", "");
    let board = boards_on(&page.body)[0].clone();
    // Board 1 is not vulnerable: 3NT by North made, +400.
    let r = phone.post_form(
        &format!("/t/{code}/boards/{board}"),
        &[
            ("csrf", &csrf),
            ("round", "1"),
            ("level", "3"),
            ("strain", "NT"),
            ("doubling", ""),
            ("declarer", "N"),
            ("lead_suit", ""),
            ("lead_card", ""),
            ("result", "="),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let to = confirm(&mut phone, &code, &csrf, 1, &board);
    // Off by default: the score, no percentage.
    let page = phone.get(&to);
    assert!(page
        .body
        .contains(&format!("id=\"board-{board}-score\">NS +400")));
    assert!(!page.body.contains("-so-far"), "{}", page.body);
    let r = b.post_json(
        &format!("/api/bridge/sessions/{id}"),
        &serde_json::json!({"table_results": true}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let settings = b.get(&format!("/bridge/{id}"));
    assert!(settings
        .body
        .contains("id=\"table_results\" name=\"table_results\" type=\"checkbox\" checked"));
    // Alone on its board: the percentage waits for another table.
    let page = phone.get(&to);
    assert!(
        page.body.contains(&format!(
            "id=\"board-{board}-so-far\">The percentage comes once"
        )),
        "{}",
        page.body
    );
    // Another table goes one down in 3NT: this table's +400 beats it.
    let lines = b.get(&format!("/api/bridge/sessions/{id}/lines")).json();
    let other = lines["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["board"] == board.parse::<u64>().unwrap() && l["table"] != 1)
        .unwrap()
        .clone();
    let r = b.post_json(
        &format!("/api/bridge/sessions/{id}/lines"),
        &serde_json::json!({"board": other["board"], "ns": other["ns"], "ew": other["ew"],
                            "contract": "3NT", "declarer": "N", "result": "-1"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let page = phone.get(&to);
    assert!(
        page.body.contains(&format!(
            "id=\"board-{board}-so-far\">So far (2 tables): NS 100 % – EW 0 %"
        )),
        "{}",
        page.body
    );
    // In French, as the club reads it.
    phone.accept_language = Some("fr".into());
    let page = phone.get(&to);
    assert!(
        page.body
            .contains("Pour l&#39;instant (2 tables) : NS 100 % – EO 0 %"),
        "{}",
        page.body
    );
}

#[test]
fn the_table_enters_a_contract_with_keys_to_tap_and_no_script() {
    let app = App::start(false);
    let AtTable {
        code,
        mut phone,
        page,
        csrf,
        ..
    } = at_table_1(&app, "fr", "?pairs=ok");
    let board = boards_on(&page.body)[0].clone();
    let form = page
        .body
        .split(&format!("id=\"board-{board}-form\""))
        .nth(1)
        .unwrap()
        .split("</form>")
        .next()
        .unwrap();
    // No dropdown for the contract: a radio button per key, in a fieldset per question.
    for name in ["level", "strain", "doubling", "declarer", "result"] {
        assert!(
            !form.contains(&format!("<select name=\"{name}\"")),
            "{name}: {form}"
        );
        assert!(
            form.contains("<fieldset class=\"keypad")
                && form.contains(&format!("id=\"board-{board}-{name}\"")),
            "{name}: {form}"
        );
    }
    let key = |name: &str, value: &str| {
        format!("<input type=\"radio\" name=\"{name}\" value=\"{value}\" id=\"board-{board}-{name}-{value}\"")
    };
    for level in ["1", "2", "3", "4", "5", "6", "7", "P"] {
        assert!(form.contains(&key("level", level)), "{level}: {form}");
    }
    // Suit symbols, hearts and diamonds in red, SA in French; West is O.
    assert!(form.contains("<span class=\"suit red\">♥</span>"), "{form}");
    assert!(form.contains("<span class=\"suit red\">♦</span>"));
    assert!(
        form.contains("<span class=\"suit\">♠</span>")
            && form.contains("<span class=\"suit\">♣</span>")
    );
    assert!(form.contains("<span class=\"suit\">SA</span>"), "{form}");
    assert!(
        form.contains(&format!("{}><span>O</span>", key("declarer", "W"))),
        "{form}"
    );
    for result in ["=", "+1", "+6", "-1", "-13"] {
        assert!(form.contains(&key("result", result)), "{result}: {form}");
    }
    assert!(
        form.contains("<span>−13</span>"),
        "a true minus sign: {form}"
    );
    // The level is required: a form without it is not sent.
    assert!(
        form.contains(&format!("{} required>", key("level", "1"))),
        "{form}"
    );
    // The keys post as a plain form: 4♥ by West, one overtrick (board 1 is not vulnerable).
    let r = phone.post_form(
        &format!("/t/{code}/boards/{board}"),
        &[
            ("csrf", &csrf),
            ("round", "1"),
            ("level", "4"),
            ("strain", "H"),
            ("doubling", ""),
            ("declarer", "W"),
            ("result", "+1"),
            ("lead_suit", ""),
            ("lead_card", ""),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = phone.get(&r.location.unwrap());
    assert!(
        page.body
            .contains(&format!("id=\"board-{board}-score\">NS −450")),
        "{}",
        page.body
    );
    // The correction form has the keys of the entry taken.
    let correct = page
        .body
        .split(&format!("id=\"board-{board}-correct\""))
        .nth(1)
        .unwrap();
    for (name, value) in [
        ("level", "4"),
        ("strain", "H"),
        ("declarer", "W"),
        ("result", "+1"),
    ] {
        assert!(
            correct.contains(&format!("{} checked", key(name, value))),
            "{name} {value}: {correct}"
        );
    }
}

#[test]
fn guide_cards_carry_the_pair_names_and_no_empty_column_or_near_empty_first_sheet() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let r = b.post_json(
        "/api/bridge/sessions",
        &serde_json::json!({"name": "Tournoi du jeudi", "tables": 7, "movement": "mitchell"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let r = b.post_json(
        &format!("/api/bridge/sessions/{id}/pairs"),
        &serde_json::json!([{"number": 1, "name1": "Martin", "name2": "Durand"},
                            {"number": 9, "name1": "Petit", "name2": "Moreau"}]),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    b.accept_language = Some("fr".into());
    let cards = b.get(&format!("/bridge/{id}/movement/cards")).body;
    // The guide cards ("feuilles de route") name the pairs that have names.
    assert!(cards.contains("<h2>Feuilles de route</h2>"), "{cards}");
    assert!(
        cards.contains("<h3>Paire 1 — Martin - Durand</h3>"),
        "{cards}"
    );
    assert!(
        cards.contains("<h3>Paire 9 — Petit - Moreau</h3>"),
        "{cards}"
    );
    assert!(cards.contains("<h3>Paire 2</h3>"), "{cards}");
    assert!(cards.contains("<th>Adversaires</th>"));
    // No column without a heading: a plain Mitchell's rounds have no remark.
    assert!(!cards.contains("<th></th>"), "{cards}");
    // The rounds follow the title on the first sheet; the cards start their own.
    let first = cards.find("<h2").unwrap();
    assert!(
        cards[first..].starts_with("<h2 class=\"first\">Positions</h2>"),
        "{}",
        &cards[first..first + 80]
    );
    assert_eq!(cards.matches("<h2 class=\"first\">").count(), 1);
    assert!(cards.contains("h2.first { break-before: auto; }"));
    // A round's layout is never cut across two sheets; the rounds stand side by side.
    assert!(cards.contains("section.card, section.round { break-inside: avoid;"));
}

/// The movement's round `round`: table → (ns, ew, boards).
fn sitting(b: &mut Client, id: i64, round: usize) -> Vec<(u64, u64, u64, Vec<u64>)> {
    let m = b.get(&format!("/api/bridge/sessions/{id}/movement")).json();
    m["rounds"][round - 1]["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let boards = t["boards"].as_array().unwrap();
            (
                t["table"].as_u64().unwrap(),
                t["ns"].as_u64().unwrap_or(0),
                t["ew"].as_u64().unwrap_or(0),
                boards.iter().map(|b| b.as_u64().unwrap()).collect(),
            )
        })
        .collect()
}

/// Table 1 plays round 1 and one board of round 2 from its phone (entered and confirmed);
/// the other board of round 2 stays open. Its page of round 2, and that board's number.
fn round_2_with_a_board_open(
    phone: &mut Client,
    code: &str,
    csrf: &str,
    page: &str,
) -> (String, String) {
    for bd in boards_on(page) {
        assert_eq!(enter(phone, code, csrf, 1, &bd).0, 303);
        confirm(phone, code, csrf, 1, &bd);
    }
    let page = phone.get(&format!("/t/{code}"));
    assert!(page.body.contains("Round 2/3"), "{}", page.body);
    let r2 = boards_on(&page.body);
    assert_eq!(enter(phone, code, csrf, 2, &r2[0]).0, 303);
    confirm(phone, code, csrf, 2, &r2[0]);
    (page.body, r2[1].clone())
}

/// Issue 34 §3: a table that called the director stayed on the old round. Once the room has
/// started the next round (another table entered a board of it), the table's phone, reloaded or
/// opened on another phone, opens on the next round and says which board it left for the
/// director, in words, without a form for it; the earlier round shows it the same way and
/// refuses its entry. Before that, the table may still enter it (the director may tell it to).
#[test]
fn a_table_that_called_the_director_opens_on_the_next_round_once_the_room_is_there() {
    let app = App::start(false);
    let AtTable {
        mut b,
        id,
        code,
        mut phone,
        page,
        csrf,
    } = at_table_1(&app, "en", "");
    let (_, open) = round_2_with_a_board_open(&mut phone, &code, &csrf, &page.body);
    let r = phone.post_form(
        &format!("/t/{code}/call"),
        &[("csrf", &csrf), ("round", "2")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    // The room is still in round 2: the director at the table may have the board entered.
    let page = phone.get(&format!("/t/{code}"));
    assert!(page.body.contains("Round 2/3"), "{}", page.body);
    assert!(page.body.contains(&format!("id=\"board-{open}-form\"")));

    // Table 2 enters a board of round 3: the room has moved on.
    let codes = crate::bridge_api::codes(&mut b, id);
    let table_2 = &codes[1].1;
    let round_3 = sitting(&mut b, id, 3);
    let board = round_3.iter().find(|t| t.0 == 2).unwrap().3[0];
    let r = crate::bridge_api::phone(&app).post_json(
        &format!("/api/bridge/tables/{table_2}/enter"),
        &serde_json::json!({"round": 3, "board": board, "contract": "P"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);

    // Table 1's phone reloaded, and another phone opening its code, in French: round 3, the
    // open board of round 2 said in words, nowhere a form for it.
    let mut other = app.client();
    other.accept_language = Some("fr".into());
    for (p, left) in [
        (
            &mut phone,
            format!("Board {open} of round 2 is left for the director."),
        ),
        (
            &mut other,
            format!("Donne {open} de la position 2 : laissée à l&#39;arbitre."),
        ),
    ] {
        let page = p.get(&format!("/t/{code}"));
        assert!(
            page.body.contains("Round 3/3") || page.body.contains("Position 3/3"),
            "{}",
            page.body
        );
        assert!(
            page.body.contains("id=\"left-for-director\""),
            "{}",
            page.body
        );
        assert!(page.body.contains(&left), "{}", page.body);
        assert!(!page.body.contains(&format!("id=\"board-{open}-form\"")));
    }
    let page = phone.get(&format!("/t/{code}?round=2"));
    assert!(page.body.contains("id=\"round-closed\""), "{}", page.body);
    assert!(page.body.contains(&format!(
        "id=\"board-{open}-left\">Board {open} of round 2 is left for the director."
    )));
    assert!(!page.body.contains(&format!("id=\"board-{open}-form\"")));
    assert_eq!(enter(&mut phone, &code, &csrf, 2, &open).0, 409);
    // The API opens the table's round too.
    let table = crate::bridge_api::phone(&app)
        .get(&format!("/api/bridge/tables/{code}"))
        .json();
    assert_eq!(table["round"], 3, "{table}");
    // The director's answer to the call does not send the table back.
    let calls = b.get(&format!("/api/bridge/sessions/{id}/calls")).json();
    let call = calls[0]["id"].as_i64().unwrap();
    let token = b.csrf.clone().unwrap();
    let r = b.post_form(
        &format!("/bridge/{id}/calls/{call}/clear"),
        &[("csrf", &token)],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = phone.get(&format!("/t/{code}"));
    assert!(page.body.contains("Round 3/3"), "{}", page.body);
}

/// Issue 34 §3: a table whose pairs have moved on is in the next round, called or not: once a
/// pair that sat there in round 2 has entered a board of round 3 at the table the movement sent
/// it to, the open board of round 2 is the director's.
#[test]
fn a_table_whose_pairs_have_moved_on_opens_on_the_next_round() {
    let app = App::start(false);
    let AtTable {
        mut b,
        id,
        code,
        mut phone,
        page,
        csrf,
    } = at_table_1(&app, "en", "");
    let (_, open) = round_2_with_a_board_open(&mut phone, &code, &csrf, &page.body);
    let page = phone.get(&format!("/t/{code}"));
    assert!(page.body.contains("Round 2/3"), "{}", page.body);

    // Round 2's East-West pair at table 1 plays round 3 at another table and enters a board.
    let ew = sitting(&mut b, id, 2).iter().find(|t| t.0 == 1).unwrap().2;
    let (table, _, _, boards) = sitting(&mut b, id, 3)
        .into_iter()
        .find(|t| t.1 == ew || t.2 == ew)
        .unwrap();
    assert_ne!(table, 1, "a Mitchell moves East-West");
    let codes = crate::bridge_api::codes(&mut b, id);
    let there = &codes[table as usize - 1].1;
    let r = crate::bridge_api::phone(&app).post_json(
        &format!("/api/bridge/tables/{there}/enter"),
        &serde_json::json!({"round": 3, "board": boards[0], "contract": "P"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);

    let page = phone.get(&format!("/t/{code}"));
    assert!(page.body.contains("Round 3/3"), "{}", page.body);
    assert!(page.body.contains(&format!(
        "Board {open} of round 2 is left for the director."
    )));
    assert_eq!(enter(&mut phone, &code, &csrf, 2, &open).0, 409);
    // The director enters it from the grid: the table has nothing left behind.
    let lines = b.get(&format!("/api/bridge/sessions/{id}/lines")).json();
    let line = lines["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["table"] == 1 && l["round"] == 2 && l["status"] == "missing")
        .unwrap()
        .clone();
    let r = b.post_json(
        &format!("/api/bridge/sessions/{id}/lines"),
        &serde_json::json!({"board": line["board"], "ns": line["ns"], "ew": line["ew"], "contract": "P"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let page = phone.get(&format!("/t/{code}"));
    assert!(page.body.contains("Round 3/3"), "{}", page.body);
    assert!(
        !page.body.contains("id=\"left-for-director\""),
        "{}",
        page.body
    );
}
