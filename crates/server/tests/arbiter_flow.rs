//! The arbiter's flow through a chess event (issue 20, section 3): the checker's objections to
//! a pairing changed by hand stay until resolved or accepted, the grid's result codes, byes
//! and check-in, undo and restore, tie-breaks, the public page.

use serde_json::{json, Value};

use crate::common::{board_row, players_csv, rematch_swap, App, Client};

/// An event of `players` checked-in players whose round 1 is paired and played (White wins
/// every board), and round 2 paired: its id.
fn two_rounds(arb: &mut Client, players: usize) -> i64 {
    let id = paired(arb, players);
    let r = arb.get(&format!("/api/events/{id}/rounds/1"));
    let results: serde_json::Map<String, Value> = games(&r.json())
        .iter()
        .filter(|g| !g["black"].is_null())
        .map(|g| (g["board"].to_string(), json!("1-0")))
        .collect();
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/1/results"),
        &json!({ "results": results }),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = arb.post_json(&format!("/api/events/{id}/rounds/2/pair"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    id
}

fn games(round: &Value) -> Vec<Value> {
    round["games"].as_array().unwrap().clone()
}

/// After a swap that makes a rematch, the checker's objection stays on the round page (in a
/// warning box, and on the board) across reloads, until the arbiter accepts it; the
/// acceptance is logged; the boards changed by hand are marked.
#[test]
fn a_checker_objection_stays_until_the_arbiter_accepts_it() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.accept_language = Some("en".into());
    let csrf = arb.csrf.clone().unwrap();
    let id = two_rounds(&mut arb, 8);
    let r1 = games(&arb.get(&format!("/api/events/{id}/rounds/1")).json());
    let r2 = games(&arb.get(&format!("/api/events/{id}/rounds/2")).json());
    // Round 1's board 1 (w1 against b1) meets again: b1 takes the seat of w1's round-2 opponent.
    let (b1, opponent, rematch_board) = rematch_swap(&r1, &r2);
    let r = arb.post_form(
        &format!("/events/{id}/rounds/2/swap"),
        &[
            ("csrf", &csrf),
            ("a", &b1.to_string()),
            ("b", &opponent.to_string()),
        ],
    );
    assert_eq!(r.status, 200, "{}", r.body);
    for page in [
        r.body,
        arb.get(&format!("/events/{id}/rounds/2")).body,
        arb.get(&format!("/events/{id}/rounds/2")).body,
    ] {
        // In the warning box, not among the neutral notices.
        let box_at = page.find("id=\"objections\"").expect("the objections box");
        assert!(page[..box_at].ends_with("class=\"warning objections no-print\" "));
        assert!(page[box_at..].contains("have already played each other (C1)"));
        assert!(!page.contains("<p class=\"notice notice-line\">Board"));
        let row = board_row(&page, rematch_board);
        assert!(row.contains("class=\"warned\""), "{row}");
        assert!(row.contains("class=\"hand-edited\""), "{row}");
        assert!(page.contains("id=\"edited-legend\""));
        // A board the swap did not touch is not marked.
        let untouched = r2.iter().map(|g| g["board"].as_u64().unwrap()).find(|b| {
            let row = board_row(&page, *b);
            !row.contains("hand-edited")
        });
        assert!(
            untouched.is_some(),
            "only the two swapped boards are marked"
        );
    }
    // The API lists them too.
    let objections = arb
        .get(&format!("/api/events/{id}/rounds/2/objections"))
        .json();
    let rematch = objections
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["text"].as_str().unwrap().contains("(C1)"))
        .unwrap()
        .clone();
    assert_eq!(rematch["board"], rematch_board);
    assert_eq!(rematch["accepted"], false);

    // An objection the pairing does not raise cannot be accepted.
    let r = arb.post_form(
        &format!("/events/{id}/rounds/2/accept"),
        &[
            ("csrf", &csrf),
            ("board", &rematch_board.to_string()),
            ("objection", "rematch:1:2:3"),
        ],
    );
    assert_eq!(r.status, 422, "{}", r.body);

    let r = arb.post_form(
        &format!("/events/{id}/rounds/2/accept"),
        &[
            ("csrf", &csrf),
            ("board", &rematch_board.to_string()),
            ("objection", rematch["key"].as_str().unwrap()),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let page = arb.get(&format!("/events/{id}/rounds/2")).body;
    assert!(page.contains("accepted by the arbiter"), "{page}");
    let row = board_row(&page, rematch_board);
    assert!(
        row.contains("hand-edited") && !row.contains("warned"),
        "{row}"
    );
    let log = arb.get(&format!("/api/events/{id}/log")).json();
    assert_eq!(log[0]["action"], "accept_objection");
    assert_eq!(log[0]["detail"]["board"], rematch_board);
    let journal = arb.get(&format!("/events/{id}/log")).body;
    assert!(journal.contains("Checker objection accepted"), "{journal}");

    // Swapped back: the pairing no longer raises it, the box is gone.
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/2/swap"),
        &json!({"a": b1, "b": opponent}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let page = arb.get(&format!("/events/{id}/rounds/2")).body;
    assert!(!page.contains("(C1)"), "{page}");
}

/// An event of `players` checked-in players with round 1 paired: its id.
fn paired(arb: &mut Client, players: usize) -> i64 {
    let id = arb
        .post_json("/api/events", &json!({"name": "Open", "rounds": 5}))
        .json()["id"]
        .as_i64()
        .unwrap();
    arb.post_json(
        &format!("/api/events/{id}/players/import"),
        &json!({"data": players_csv(players)}),
    );
    arb.post_json(
        &format!("/api/events/{id}/players/present"),
        &json!({"present": true}),
    );
    let r = arb.post_json(&format!("/api/events/{id}/rounds/1/pair"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    id
}

/// The `<input … name="NAME" …>` tag of a page.
fn input_tag(page: &str, name: &str) -> String {
    let at = page
        .find(&format!("name=\"{name}\""))
        .unwrap_or_else(|| panic!("no input {name}"));
    let start = page[..at].rfind('<').unwrap();
    page[start..at + page[at..].find('>').unwrap()].to_string()
}

/// One documented set of result codes, in the grid's hint; `-` alone and letters are refused
/// with a message saying why; one bad cell keeps every other typed value and marks the cell.
#[test]
fn the_grid_reads_one_documented_set_of_codes_and_keeps_the_typed_values() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.accept_language = Some("en".into());
    let csrf = arb.csrf.clone().unwrap();
    let id = paired(&mut arb, 8);
    let page = arb.get(&format!("/events/{id}/rounds/1")).body;
    assert!(
        page.contains("+- (or +) White wins, -+ Black wins, -- double forfeit"),
        "{page}"
    );
    let r = arb.post_form(
        &format!("/events/{id}/rounds/1/results"),
        &[
            ("csrf", &csrf),
            ("r1", "1-0"),
            ("r2", "-"),
            ("r3", "x"),
            ("r4", "="),
        ],
    );
    assert_eq!(r.status, 422, "{}", r.body);
    let page = r.body;
    assert!(input_tag(&page, "r1").contains("value=\"1-0\""));
    assert!(input_tag(&page, "r4").contains("value=\"=\""));
    for (board, typed) in [("r2", "-"), ("r3", "x")] {
        let tag = input_tag(&page, board);
        assert!(tag.contains("grid bad"), "{tag}");
        assert!(tag.contains("aria-invalid=\"true\""), "{tag}");
        assert!(tag.contains(&format!("value=\"{typed}\"")), "{tag}");
    }
    assert!(!input_tag(&page, "r1").contains("bad"));
    assert!(
        page.contains("Board 2: &#34;-&#34; alone is ambiguous"),
        "{page}"
    );
    assert!(
        page.contains("Board 3: &#34;x&#34; is not a result code"),
        "{page}"
    );
    assert!(page.contains("Nothing was saved"));
    // Nothing was written.
    let round = arb.get(&format!("/api/events/{id}/rounds/1")).json();
    assert!(games(&round).iter().all(|g| g["result"].is_null()));

    // The API refuses them too, and reads the documented forfeits.
    for typed in ["-", "d", "X"] {
        let r = arb.post_json(
            &format!("/api/events/{id}/rounds/1/results"),
            &json!({"board": 1, "result": typed}),
        );
        assert_eq!(r.status, 422, "{typed}: {}", r.body);
    }
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/1/results"),
        &json!({"results": {"1": "+-", "2": "-+", "3": "--", "4": "½"}}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let round = arb.get(&format!("/api/events/{id}/rounds/1")).json();
    let results: Vec<Value> = games(&round).iter().map(|g| g["result"].clone()).collect();
    assert_eq!(
        results,
        vec![json!("1F-0F"), json!("0F-1F"), json!("0F-0F"), json!("1/2")]
    );
}

/// The event list heads its place column "Lieu" in French (not "Pl.", the standings' rank);
/// the event form's hints span the whole block; a restore says it was done, and its refusal
/// of an empty upload is wholly in the page's language.
#[test]
fn wording_of_the_event_list_and_of_restore() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.post_json("/api/events", &json!({"name": "Open", "place": "Lyon"}));
    let mut fr = app.client();
    fr.cookies = arb.cookies.clone();
    fr.cookies.insert("lang".into(), "fr".into());
    let page = fr.get("/").body;
    assert!(page.contains("<th>Lieu</th>"), "{page}");
    assert!(!page.contains("<th>Pl.</th>"));
    let css = fr.get("/static/style.css").body;
    assert!(
        css.contains(".grid-form fieldset p.hint { grid-column: 1 / -1;"),
        "a hint in the form's grid takes a whole line, not a label's cell"
    );

    let csrf = crate::common::csrf_in(&fr.get("/backup").body);
    let r = fr.post_multipart_bytes("/backup/restore", &[("csrf", &csrf)], ("file", "", b""));
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body.contains("Choisissez d&#39;abord un fichier"),
        "{}",
        r.body
    );
    for english in ["nothing", "expected", "found", "arbiter database file"] {
        assert!(!r.body.contains(english), "{english}: {}", r.body);
    }
    let image = arb.get("/api/backup").bytes;
    let r = fr.post_multipart_bytes(
        "/backup/restore",
        &[("csrf", &csrf)],
        ("file", "arbiter-backup.db", &image),
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let back = r.location.clone().unwrap();
    assert_eq!(back, "/?restored=1");
    let page = fr.get(&back).body;
    assert!(
        page.contains("id=\"restored\"") && page.contains("La base a été restaurée"),
        "{page}"
    );
}

/// The check-in list shows the byes and absences announced for the rounds still to pair, one
/// column a round; a player with one for the next round is not ticked present; several players
/// get theirs in one action.
#[test]
fn byes_and_absences_in_the_check_in_list_set_in_bulk() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.accept_language = Some("en".into());
    let csrf = arb.csrf.clone().unwrap();
    let id = arb
        .post_json("/api/events", &json!({"name": "Open", "rounds": 5}))
        .json()["id"]
        .as_i64()
        .unwrap();
    arb.post_json(
        &format!("/api/events/{id}/players/import"),
        &json!({"data": players_csv(8)}),
    );
    arb.post_json(
        &format!("/api/events/{id}/players/present"),
        &json!({"present": true}),
    );
    let players = arb.get(&format!("/api/events/{id}/players")).json();
    let key = |n: usize| players[n]["id"].as_i64().unwrap().to_string();
    let log_before = arb.get(&format!("/api/events/{id}/log")).json();
    let r = arb.post_form(
        &format!("/events/{id}/players/byes"),
        &[
            ("csrf", &csrf),
            ("pick", &key(1)),
            ("pick", &key(2)),
            ("round", "1"),
            ("kind", "half"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let r = arb.post_form(
        &format!("/events/{id}/players/byes"),
        &[
            ("csrf", &csrf),
            ("pick", &key(3)),
            ("round", "2"),
            ("kind", "zero"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    // One action each, logged.
    let log = arb.get(&format!("/api/events/{id}/log")).json();
    assert_eq!(
        log.as_array().unwrap().len(),
        log_before.as_array().unwrap().len() + 2
    );
    assert_eq!(log[1]["action"], "set_byes");
    assert_eq!(
        arb.get(&format!("/api/events/{id}/byes"))
            .json()
            .as_array()
            .unwrap()
            .len(),
        3
    );

    let page = arb.get(&format!("/events/{id}/players")).body;
    let row = |k: &str| {
        let at = page.find(&format!("<tr id=\"player-{k}\"")).unwrap();
        page[at..at + page[at..].find("</tr>").unwrap()].to_string()
    };
    for k in [key(1), key(2)] {
        let r = row(&k);
        assert!(r.contains(&format!("id=\"next-bye-{k}\"")), "{r}");
        assert!(
            !r.contains(&format!("id=\"present-{k}\"")),
            "not ticked present: {r}"
        );
        assert!(
            r.contains(&format!("id=\"bye-{k}-1\" title=\"Half-point bye\">½<")),
            "{r}"
        );
    }
    let absent = row(&key(3));
    assert!(
        absent.contains(&format!("id=\"present-{}\"", key(3))),
        "{absent}"
    );
    assert!(
        absent.contains(&format!(
            "id=\"bye-{}-2\" title=\"Absent (zero points)\">0<",
            key(3)
        )),
        "{absent}"
    );
    assert!(page.contains("id=\"bulk-byes\""));

    // A bad pick refuses all; "none" takes them back.
    let r = arb.post_form(
        &format!("/events/{id}/players/byes"),
        &[("csrf", &csrf), ("round", "1"), ("kind", "half")],
    );
    assert_eq!(r.status, 422, "{}", r.body);
    let r = arb.post_form(
        &format!("/events/{id}/players/byes"),
        &[
            ("csrf", &csrf),
            ("pick", &key(2)),
            ("round", "1"),
            ("kind", "none"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        arb.get(&format!("/api/events/{id}/byes"))
            .json()
            .as_array()
            .unwrap()
            .len(),
        2
    );

    // The API's bulk action, one refused player refusing all.
    let r = arb.post_json(
        &format!("/api/events/{id}/byes"),
        &json!({"players": [key(4).parse::<i64>().unwrap(), 99999], "round": 3, "kind": "half"}),
    );
    assert_eq!(r.status, 404, "{}", r.body);
    let r = arb.post_json(
        &format!("/api/events/{id}/byes"),
        &json!({"players": [key(4).parse::<i64>().unwrap(), key(5).parse::<i64>().unwrap()], "round": 3, "kind": "half"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json().as_array().unwrap().len(), 4);

    // Round 1 pairs everyone but the player with the half-point bye.
    let r = arb.post_json(&format!("/api/events/{id}/rounds/1/pair"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let seated: Vec<String> = games(&r.json())
        .iter()
        .flat_map(|g| [g["white"].to_string(), g["black"].to_string()])
        .collect();
    assert!(!seated.contains(&key(1)));
    assert!(seated.contains(&key(2)));
}

/// Undo asks first (a confirmation page naming the action), can be redone, says what it did;
/// the journal shows pairing numbers and names in the page's language, not JSON with ids.
#[test]
fn undo_is_confirmed_and_redone_and_the_journal_speaks_the_pages_language() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let csrf = arb.csrf.clone().unwrap();
    let id = paired(&mut arb, 6);
    let players = arb.get(&format!("/api/events/{id}/players")).json();
    let (second, name) = (
        players[1]["id"].as_i64().unwrap(),
        players[1]["name"].as_str().unwrap().to_string(),
    );
    let r = arb.post_json(
        &format!("/api/events/{id}/rounds/1/results"),
        &json!({"board": 1, "result": "1-0"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = arb.post_json(
        &format!("/api/events/{id}/players/{second}/withdraw"),
        &json!({"from_round": 3}),
    );
    assert_eq!(r.status, 200, "{}", r.body);

    // The journal, in French: names and numbers, no JSON, no database ids.
    let journal = arb.get(&format!("/events/{id}/log")).body;
    assert!(journal.contains(&format!("2. {name}")), "{journal}");
    assert!(journal.contains("à partir de la ronde 3"), "{journal}");
    assert!(journal.contains("Ronde 1 · échiquier 1"), "{journal}");
    assert!(!journal.contains("{&#34;"), "raw JSON: {journal}");
    assert!(!journal.contains("&#34;player&#34;"), "{journal}");
    // The undo button opens the confirmation, nothing is undone yet.
    assert!(journal.contains(&format!(
        "<form method=\"get\" action=\"/events/{id}/undo\""
    )));
    let confirm = arb.get(&format!("/events/{id}/undo")).body;
    assert!(confirm.contains("id=\"undo-question\""), "{confirm}");
    assert!(confirm.contains(&format!("2. {name}")), "{confirm}");
    let entry = confirm
        .split("name=\"entry\" value=\"")
        .nth(1)
        .and_then(|v| v.split('"').next())
        .unwrap()
        .to_string();
    let withdrawn = |arb: &mut Client| {
        arb.get(&format!("/api/events/{id}/players/{second}"))
            .json()["withdrawn_from"]
            .clone()
    };
    assert_eq!(withdrawn(&mut arb), json!(3));
    // A post without the confirmed entry only opens the confirmation.
    let r = arb.post_form(&format!("/events/{id}/undo"), &[("csrf", &csrf)]);
    assert_eq!(r.status, 303);
    assert_eq!(r.location.unwrap(), format!("/events/{id}/undo"));
    assert_eq!(withdrawn(&mut arb), json!(3));
    let r = arb.post_form(
        &format!("/events/{id}/undo"),
        &[("csrf", &csrf), ("entry", &entry)],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let back = r.location.unwrap();
    assert_eq!(back, format!("/events/{id}/log?undone={entry}"));
    assert_eq!(withdrawn(&mut arb), Value::Null);
    let journal = arb.get(&back).body;
    assert!(
        journal.contains(&format!("Action n° {entry} annulée.")),
        "{journal}"
    );
    // Redo does it again.
    assert!(journal.contains("id=\"redo\""), "{journal}");
    let r = arb.post_form(&format!("/events/{id}/redo"), &[("csrf", &csrf)]);
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(withdrawn(&mut arb), json!(3));
    assert!(arb
        .get(&r.location.unwrap())
        .body
        .contains(&format!("Action n° {entry} refaite.")));
    // Nothing left to redo; undo takes back the same action again.
    let r = arb.post_json(&format!("/api/events/{id}/redo"), &json!({}));
    assert_eq!(r.status, 409, "{}", r.body);
    let r = arb.post_json(&format!("/api/events/{id}/undo"), &json!({}));
    assert_eq!(r.json()["id"].to_string(), entry);
    // Another change closes the way back.
    arb.post_json(
        &format!("/api/events/{id}/rounds/1/results"),
        &json!({"board": 2, "result": "0-1"}),
    );
    let r = arb.post_json(&format!("/api/events/{id}/redo"), &json!({}));
    assert_eq!(r.status, 409, "{}", r.body);
}

/// Tie-breaks are chosen from lists that name them in the page's language (BH/C1 is
/// "Buchholz tronqué"), besides typed codes; the edit form shows the list chosen.
#[test]
fn tiebreaks_are_chosen_from_lists_with_their_names() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let csrf = arb.csrf.clone().unwrap();
    let page = arb.get("/events/new").body;
    assert!(
        page.contains("<option value=\"BH/C1\" >BH/C1 — Buchholz tronqué</option>"),
        "{page}"
    );
    let r = arb.post_form(
        "/events/new",
        &[
            ("csrf", &csrf),
            ("form", "1"),
            ("name", "Open"),
            ("rounds", "5"),
            ("tb1", "BH/C1"),
            ("tb2", "SB"),
            ("tb3", ""),
            ("tb4", "TPR"),
            ("tiebreaks", ""),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let event = arb.get("/api/events/1").json();
    assert_eq!(event["settings"]["tiebreaks"], "BH/C1,SB,TPR");
    let page = arb.get("/events/1/edit").body;
    assert!(page.contains("<option value=\"SB\" selected>"), "{page}");
    assert!(page.contains("<option value=\"TPR\" selected>"), "{page}");
    // The standings' legend names each tie-break as the list did: one wording, the FFE's
    // (issue 34 §3), in both languages.
    let standings = arb.get("/events/1/standings").body;
    assert!(
        standings.contains("<dt>BH/C1</dt><dd>Buchholz tronqué</dd>"),
        "{standings}"
    );
    let en = arb
        .get_with("/events/1/standings", &[("Accept-Language", "en")])
        .body;
    assert!(en.contains("<dt>BH/C1</dt><dd>Buchholz Cut-1</dd>"), "{en}");
    let en_form = arb
        .get_with("/events/new", &[("Accept-Language", "en")])
        .body;
    assert!(
        en_form.contains(">BH/C1 — Buchholz Cut-1</option>"),
        "{en_form}"
    );
    // A typed list wins over the lists.
    let r = arb.post_form(
        "/events/new",
        &[
            ("csrf", &csrf),
            ("form", "1"),
            ("name", "Second"),
            ("tb1", "BH"),
            ("tiebreaks", "DE,SB"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        arb.get("/api/events/2").json()["settings"]["tiebreaks"],
        "DE,SB"
    );
}

/// The public page: "find my board" by name, every player of the round in alphabetical order
/// with their board, the standings in a block that scrolls on a phone instead of overflowing.
#[test]
fn the_public_page_finds_a_players_board() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let id = paired(&mut arb, 6);
    let round = arb.get(&format!("/api/events/{id}/rounds/1")).json();
    let players = arb.get(&format!("/api/events/{id}/players")).json();
    let g = &games(&round)[1];
    let black = players
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == g["black"])
        .unwrap()["name"]
        .as_str()
        .unwrap()
        .to_string();
    let mut phone = app.client();
    phone.accept_language = Some("fr".into());
    let surname = black.split(',').next().unwrap().to_lowercase();
    let page = phone.get(&format!("/public/{id}?q={surname}")).body;
    let found = &page[page.find("id=\"found\"").expect("the search's answer")..];
    let found = &found[..found.find("</div>").unwrap()];
    assert!(
        found.contains(&format!("<strong>{black}</strong> — échiquier 2, Noirs")),
        "{found}"
    );
    assert_eq!(found.matches("<li>").count(), 1, "{found}");
    let page = phone.get(&format!("/public/{id}?q=nobody")).body;
    assert!(page.contains("Personne de ce nom"), "{page}");
    // The plain page: the alphabetical list, and the standings in their scrolling block.
    let page = phone.get(&format!("/public/{id}")).body;
    let alpha = &page[page.find("id=\"public-alpha\"").unwrap()..];
    assert_eq!(
        alpha[..alpha.find("</table>").unwrap()]
            .matches("<tr>")
            .count(),
        6
    );
    assert!(page.contains("<div class=\"table-scroll\" id=\"public-standings\">"));
    assert!(!page.contains("id=\"found\""));
}
