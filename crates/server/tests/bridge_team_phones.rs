//! Issue 24 §1: the phones at a teams event's tables, through HTTP as the phones use them. Each
//! room of a match has a printed code; the phone enters its room's boards of the round the
//! table is in (FFB notation on a French phone), a second phone's different entry is a
//! conflict the director settles, a stale page never overwrites the director's result, and a
//! round the table has left is the director's. Issue 34 §3: the phone works as a pairs
//! table's: the opponents confirm, the phone that entered a board corrects it until then.
//!
//! The match's IMPs by hand (WBF IMP scale, Law 78B): board 1 (nobody vulnerable), open room
//! 3NT by West made, NS −400; closed room 4♠ by North made, NS +420: net −820 for the home team,
//! 750–890 → 13 IMPs to the visitors. Once the director takes the other phone's 3NT West one
//! down (NS +50): net 50 − 420 = −370, 370–420 → 9 IMPs.

use serde_json::{json, Value};

use crate::common::{csrf_in, App, Client};

fn event(b: &mut Client) -> i64 {
    let r = b.post_json(
        "/api/bridge/teams",
        &json!({"name": "Mardi par quatre", "boards_per_match": 2, "format": "round_robin"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let teams: Vec<Value> = (1..=4)
        .map(|n| {
            json!({"number": n, "name": format!("Équipe {n}"), "players": [
                {"name": format!("Nord {n}")}, {"name": format!("Sud {n}")},
                {"name": format!("Est {n}")}, {"name": format!("Ouest {n}")}]})
        })
        .collect();
    let r = b.post_json(&format!("/api/bridge/teams/{id}/teams"), &json!(teams));
    assert_eq!(r.status, 200, "{}", r.body);
    id
}

/// (match, room) → code.
fn codes(b: &mut Client, id: i64) -> Vec<(u64, String, String)> {
    let r = b.get(&format!("/api/bridge/teams/{id}/tables"));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["match"].as_u64().unwrap(),
                t["room"].as_str().unwrap().to_string(),
                t["code"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// A phone in `lang` with the table's page open.
fn phone(app: &App, lang: &str, code: &str) -> (Client, String) {
    let mut p = app.client();
    p.accept_language = Some(lang.into());
    let page = p.get(&format!("/t/{code}"));
    assert_eq!(page.status, 200, "{}", page.body);
    (p, page.body)
}

/// A board posted from the phone's page; (status, redirect).
fn post(
    p: &mut Client,
    code: &str,
    page: &str,
    board: u32,
    fields: &[(&str, &str)],
) -> (u16, String) {
    let csrf = csrf_in(page);
    let mut all = vec![("csrf", csrf.as_str())];
    all.extend_from_slice(fields);
    let r = p.post_form(&format!("/t/{code}/teams/boards/{board}"), &all);
    (r.status, r.location.unwrap_or(r.body))
}

fn open_score(b: &mut Client, id: i64, board: usize) -> (Value, Value) {
    let m = b.get(&format!("/api/bridge/teams/{id}/matches/1/1")).json();
    (
        m["boards"][board]["open"]["score_ns"].clone(),
        m["boards"][board]["imps_home"].clone(),
    )
}

#[test]
fn phones_enter_both_rooms_of_a_match_with_conflicts_for_the_director() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let id = event(&mut b);
    for _ in 0..2 {
        let r = b.post_json(&format!("/api/bridge/teams/{id}/rounds"), &json!({}));
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let tables = codes(&mut b, id);
    let rooms: Vec<(u64, &str)> = tables.iter().map(|t| (t.0, t.1.as_str())).collect();
    assert_eq!(
        rooms,
        [(1, "open"), (1, "closed"), (2, "open"), (2, "closed")]
    );
    // The codes are fixed once drawn, and printed on the slips.
    assert_eq!(codes(&mut b, id), tables);
    let slips = b.get(&format!("/bridge/teams/{id}/tables"));
    assert_eq!(slips.status, 200, "{}", slips.body);
    for (m, room, code) in &tables {
        assert!(
            slips
                .body
                .contains(&format!("id=\"code-{m}-{room}\">{code}<")),
            "{}",
            slips.body
        );
    }
    assert!(
        slips.body.contains("Match 2 · Salle fermée"),
        "{}",
        slips.body
    );
    let m1 = b.get(&format!("/api/bridge/teams/{id}/matches/1/1")).json();
    let (home, visit) = (m1["home"].as_u64().unwrap(), m1["visit"].as_u64().unwrap());
    let (open, closed) = (tables[0].2.clone(), tables[1].2.clone());

    // The code box opens a teams table as it does a pairs table.
    let mut any = app.client();
    let typed = format!("{} {}", &open[..3], open[3..].to_lowercase());
    let r = any.get(&format!("/t?code={}", typed.replace(' ', "+")));
    assert_eq!(r.location.as_deref(), Some(format!("/t/{open}").as_str()));

    // The open room's phone, in French: the home team sits North-South.
    let (mut a, page) = phone(&app, "fr", &open);
    assert!(
        page.contains("Match 1 · Salle ouverte — Tour 1/3"),
        "{page}"
    );
    assert!(
        page.contains(&format!("id=\"table-ns\"><strong>Équipe {home}<")),
        "{page}"
    );
    assert!(
        page.contains(&format!("id=\"table-ew\"><strong>Équipe {visit}<")),
        "{page}"
    );
    assert!(page.contains("id=\"board-1-form\"") && page.contains("id=\"board-2-form\""));
    assert!(
        !page.contains("id=\"board-3-form\""),
        "round 2's boards wait"
    );
    // 3NT by West made, typed in FFB notation (SA, O).
    let (status, to) = post(
        &mut a,
        &open,
        &page,
        1,
        &[
            ("round", "1"),
            ("contract", "3SA"),
            ("declarer", "O"),
            ("result", "="),
            ("lead_suit", "S"),
            ("lead_card", "K"),
        ],
    );
    assert_eq!(status, 303, "{to}");
    assert!(
        to.contains("round=1") && to.contains("outcome=stored"),
        "{to}"
    );
    let page = a.get(&to).body;
    let stale = page.clone();
    assert!(
        page.contains("Donne 1 enregistrée : Est ou Ouest, vérifiez et confirmez."),
        "{page}"
    );
    assert!(page.contains("id=\"board-1-confirm\""), "{page}");
    assert!(
        page.contains("3SA O =, Entame ♠R — <strong id=\"board-1-score\">NS −400"),
        "{page}"
    );

    // The closed room's phone, in English: the visitors sit North-South.
    let (mut k, page) = phone(&app, "en", &closed);
    assert!(page.contains("Match 1 · Closed room — Round 1/3"), "{page}");
    assert!(
        page.contains(&format!("id=\"table-ns\"><strong>Équipe {visit}<")),
        "{page}"
    );
    let keys = [
        ("round", "1"),
        ("level", "4"),
        ("strain", "S"),
        ("doubling", ""),
        ("declarer", "N"),
        ("result", "="),
        ("lead_suit", ""),
        ("lead_card", ""),
    ];
    assert_eq!(post(&mut k, &closed, &page, 1, &keys).0, 303);
    assert_eq!(open_score(&mut b, id, 0), (json!(-400), json!(-13)));

    // A second phone at the open room enters board 1 differently: kept apart for the director.
    let (mut a2, page2) = phone(&app, "fr", &open);
    let down = [
        ("round", "1"),
        ("contract", "3SA"),
        ("declarer", "O"),
        ("result", "-1"),
    ];
    let (status, to) = post(&mut a2, &open, &page2, 1, &down);
    assert_eq!(status, 303);
    assert!(to.contains("outcome=conflict"), "{to}");
    let page2 = a2.get(&to).body;
    assert!(page2.contains("id=\"board-1-conflict\""), "{page2}");
    assert!(page2.contains("3SA O =, Entame ♠R / 3SA O -1"), "{page2}");
    // Said once: the director decides.
    assert_eq!(page2.matches("l&#39;arbitre tranch").count(), 1, "{page2}");
    assert_eq!(open_score(&mut b, id, 0), (json!(-400), json!(-13)));
    let conflicts = b.get(&format!("/api/bridge/teams/{id}/conflicts")).json();
    assert_eq!(conflicts.as_array().unwrap().len(), 1, "{conflicts}");
    let k1 = conflicts[0]["id"].as_i64().unwrap();

    // The director takes the other entry on the event page: 3NT West one down, NS +50, 9 IMPs.
    let ev = b.get(&format!("/bridge/teams/{id}")).body;
    assert!(ev.contains(&format!("id=\"conflict-{k1}-other\"")), "{ev}");
    // The other entry came from the room's table: named so, as the pairs grid names its lines,
    // not by the phone's id.
    let device = conflicts[0]["other_device"].as_str().unwrap();
    assert!(!ev.contains(&device[..4]), "{ev}");
    assert!(
        ev.contains("donne 1 : enregistré 3SA O = ; autre saisie de la table : 3SA O -1"),
        "{ev}"
    );
    let r = b.post_form(
        &format!("/bridge/teams/{id}/conflicts/{k1}"),
        &[("csrf", &csrf_in(&ev)), ("take", "other")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(open_score(&mut b, id, 0), (json!(50), json!(-9)));

    // The first phone's page is stale: the director settled the board, its entry is refused
    // (as at a pairs table) and changes nothing.
    let (status, to) = post(
        &mut a,
        &open,
        &stale,
        1,
        &[
            ("round", "1"),
            ("contract", "3SA"),
            ("declarer", "O"),
            ("result", "="),
        ],
    );
    assert_eq!(status, 409, "{to}");
    assert_eq!(open_score(&mut b, id, 0), (json!(50), json!(-9)));
    let conflicts = b.get(&format!("/api/bridge/teams/{id}/conflicts")).json();
    assert_eq!(conflicts, json!([]));
    // A result entered by the director shows on the phone without a form.
    let page = a.get(&format!("/t/{open}")).body;
    assert!(!page.contains("id=\"board-1-form\""), "{page}");

    // Board 2 from the keypad, then its correction from the same phone: stored both times.
    let keys = [
        ("round", "1"),
        ("level", "2"),
        ("strain", "H"),
        ("doubling", ""),
        ("declarer", "S"),
        ("result", "+1"),
        ("lead_suit", "D"),
        ("lead_card", "A"),
    ];
    let (status, to) = post(&mut a, &open, &page, 2, &keys);
    assert_eq!(status, 303);
    assert!(
        to.contains("round=1") && to.contains("outcome=stored"),
        "{to}"
    );
    // East or West confirms it: the room's round 1 is complete, the phone moves on to round 2.
    let page = a.get(&to).body;
    let r = a.post_form(
        &format!("/t/{open}/teams/boards/2/confirm"),
        &[("csrf", &csrf_in(&page)), ("round", "1")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let to = r.location.unwrap();
    assert!(
        to.contains("round=2") && to.contains("outcome=confirmed"),
        "{to}"
    );
    let page = a.get(&to).body;
    assert!(page.contains("Donne 2 confirmée."), "{page}");
    assert!(
        page.contains("Match 1 · Salle ouverte — Tour 2/3"),
        "{page}"
    );
    assert!(page.contains("id=\"board-3-form\""), "{page}");
    assert_eq!(open_score(&mut b, id, 1).0, json!(140));
    // Round 1 is now the director's at this table: no form, and an entry is refused.
    let page = a.get(&format!("/t/{open}?round=1")).body;
    assert!(page.contains("id=\"round-closed\""), "{page}");
    assert!(!page.contains("id=\"board-2-form\""), "{page}");
    let mut corrected = keys;
    corrected[5] = ("result", "=");
    assert_eq!(post(&mut a, &open, &stale, 2, &corrected).0, 409);
    assert_eq!(open_score(&mut b, id, 1).0, json!(140));
    // The closed room is still in round 1: its phone corrects its own board 1.
    let page = k.get(&format!("/t/{closed}")).body;
    assert!(page.contains("Round 1/3"), "{page}");
    let mut keys = [
        ("round", "1"),
        ("level", "4"),
        ("strain", "S"),
        ("doubling", "X"),
        ("declarer", "N"),
        ("result", "="),
        ("lead_suit", ""),
        ("lead_card", ""),
    ];
    let (_, to) = post(&mut k, &closed, &page, 1, &keys);
    assert!(to.contains("outcome=stored"), "{to}");
    let m = b.get(&format!("/api/bridge/teams/{id}/matches/1/1")).json();
    // 4♠X by North made, nobody vulnerable: 590; net 50 − 590 = −540, 530–590 → 11 IMPs.
    assert_eq!(m["boards"][0]["closed"]["score_ns"], json!(590), "{m}");
    assert_eq!(m["boards"][0]["imps_home"], json!(-11), "{m}");
    keys[3] = ("doubling", "");
    // A board of another match is refused at this table.
    let r = post(&mut k, &closed, &page, 5, &keys);
    assert_eq!(r.0, 409, "{}", r.1);
}

/// A Swiss of four teams announced over `rounds` rounds, 2 boards a match, round 1 drawn.
fn swiss(b: &mut Client, rounds: u32) -> i64 {
    let r = b.post_json(
        "/api/bridge/teams",
        &json!({"name": "Suisse du jeudi", "boards_per_match": 2, "format": "swiss",
                "swiss_rounds": rounds}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let teams: Vec<Value> = (1..=4)
        .map(|n| {
            json!({"name": format!("Équipe {n}"), "players": [
                {"name": format!("Nord {n}")}, {"name": format!("Sud {n}")},
                {"name": format!("Est {n}")}, {"name": format!("Ouest {n}")}]})
        })
        .collect();
    let r = b.post_json(&format!("/api/bridge/teams/{id}/teams"), &json!(teams));
    assert_eq!(r.status, 200, "{}", r.body);
    let r = b.post_json(&format!("/api/bridge/teams/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    id
}

/// East or West confirms a board from the phone's page; (status, redirect).
fn confirm(p: &mut Client, code: &str, page: &str, round: u32, board: u32) -> (u16, String) {
    let r = p.post_form(
        &format!("/t/{code}/teams/boards/{board}/confirm"),
        &[("csrf", &csrf_in(page)), ("round", &round.to_string())],
    );
    (r.status, r.location.unwrap_or(r.body))
}

const PASSED: [(&str, &str); 2] = [("round", "1"), ("level", "P")];

/// Issue 34 §3: a teams table's phone reads and behaves as a pairs table's. A Swiss over three
/// rounds says "Tour 1/3"; North's entry waits for East or West's confirmation (from any phone
/// at the table, as at a pairs table), the phone that entered it corrects it until then and
/// another phone's different entry is a conflict; once confirmed, no phone corrects it (a
/// different entry goes to the director). The conflict is said once on the phone, and the
/// director's line names the room's table, not the phone.
#[test]
fn a_teams_phone_is_confirmed_and_corrected_as_a_pairs_table() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let id = swiss(&mut b, 3);
    let open = codes(&mut b, id)[0].2.clone();
    let (mut north, page) = phone(&app, "fr", &open);
    assert!(
        page.contains("Match 1 · Salle ouverte — Tour 1/3"),
        "{page}"
    );
    assert!(!page.contains("Tour 1/1"), "{page}");

    // North enters board 1: it waits for East-West's confirmation, North may still correct it.
    let (status, to) = post(&mut north, &open, &page, 1, &PASSED);
    assert_eq!(status, 303, "{to}");
    let page = north.get(&to).body;
    assert!(page.contains("id=\"board-1-confirm\""), "{page}");
    assert!(page.contains("id=\"board-1-correct\""), "{page}");
    let four_spades = [
        ("round", "1"),
        ("level", "4"),
        ("strain", "S"),
        ("declarer", "N"),
        ("result", "="),
    ];
    let (_, to) = post(&mut north, &open, &page, 1, &four_spades);
    assert!(
        to.contains("outcome=stored"),
        "North corrects its own entry: {to}"
    );

    // East's phone at the same table: it sees North's entry to confirm, and a different entry
    // from it is a conflict, said once.
    let (mut east, page) = phone(&app, "fr", &open);
    assert!(page.contains("id=\"board-1-confirm\""), "{page}");
    let (_, to) = post(&mut east, &open, &page, 1, &PASSED);
    assert!(to.contains("outcome=conflict"), "{to}");
    let page = east.get(&to).body;
    assert!(page.contains("id=\"board-1-conflict\""), "{page}");
    assert_eq!(page.matches("l&#39;arbitre tranch").count(), 1, "{page}");
    assert_eq!(page.matches("tranche").count(), 1, "{page}");
    let ev = b.get(&format!("/bridge/teams/{id}")).body;
    assert!(
        ev.contains("autre saisie de la table : Passe"),
        "the director's line names the table: {ev}"
    );
    assert!(!ev.contains("téléphone"), "{ev}");
    // North agrees with East after all: the conflict is settled without the director.
    let page = north.get(&format!("/t/{open}")).body;
    let (_, to) = post(&mut north, &open, &page, 1, &PASSED);
    assert!(to.contains("outcome=stored"), "{to}");
    assert_eq!(
        b.get(&format!("/api/bridge/teams/{id}/conflicts")).json(),
        json!([])
    );

    // East confirms: the board is the table's no more; a new entry from either phone goes to
    // the director, none overwrites it.
    let page = east.get(&format!("/t/{open}")).body;
    let (status, to) = confirm(&mut east, &open, &page, 1, 1);
    assert_eq!(status, 303, "{to}");
    assert!(to.contains("outcome=confirmed"), "{to}");
    let page = north.get(&format!("/t/{open}")).body;
    assert!(!page.contains("id=\"board-1-form\""), "{page}");
    assert!(!page.contains("id=\"board-1-confirm\""), "{page}");
    assert!(page.contains("id=\"board-1-status\">(Confirmée)"), "{page}");
    let (_, to) = post(&mut north, &open, &page, 1, &four_spades);
    assert!(to.contains("outcome=conflict"), "{to}");
    let m = b.get(&format!("/api/bridge/teams/{id}/matches/1/1")).json();
    assert_eq!(m["boards"][0]["open"]["entry"]["contract"], "PASS", "{m}");
    assert_eq!(m["boards"][0]["open"]["status"], "confirmed", "{m}");
    // A confirmation before any entry is refused.
    let page = east.get(&format!("/t/{open}")).body;
    let (status, _) = confirm(&mut east, &open, &page, 1, 2);
    assert_eq!(status, 404);
}

/// A Swiss announced over one round: its second draw is refused; the settings say how many.
#[test]
fn a_swiss_plays_the_rounds_it_announced() {
    let app = App::start(false);
    let mut b = app.arbiter();
    let id = swiss(&mut b, 1);
    let event = b.get(&format!("/api/bridge/teams/{id}")).json();
    assert_eq!(event["event"]["settings"]["swiss_rounds"], 1, "{event}");
    assert_eq!(event["event"]["total_rounds"], 1, "{event}");
    let passed = json!({"contract": "P", "shown": null});
    for m in 1..=2 {
        for room in ["open", "closed"] {
            for board in 1..=2 {
                let mut body = passed.clone();
                body["room"] = json!(room);
                body["board"] = json!(board);
                let r = b.post_json(&format!("/api/bridge/teams/{id}/matches/1/{m}"), &body);
                assert_eq!(r.status, 200, "{}", r.body);
            }
        }
    }
    let r = b.post_json(&format!("/api/bridge/teams/{id}/rounds"), &json!({}));
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.body.contains("all_rounds_paired"), "{}", r.body);
    let r = b.post_json(
        &format!("/api/bridge/teams/{id}"),
        &json!({"swiss_rounds": "x"}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("swiss_rounds"), "{}", r.body);
}
