//! Entries (issue 23 §4) through HTTP: a player registers through an event's public form
//! (anti-spam question, honeypot, per-address limit, CSRF as the phones' forms), the entry
//! waits for the arbiter who accepts it (the player is added) or rejects it; the entry fees by
//! category, payments at the desk, the treasurer's totals and the entries' CSV, to the cent.

use serde_json::json;

use crate::common::{csrf_in, App, Client};

/// The value of the hidden field `name` in a page.
pub(crate) fn hidden(page: &str, name: &str) -> String {
    let key = format!("name=\"{name}\" value=\"");
    let at = page
        .find(&key)
        .unwrap_or_else(|| panic!("{name} in {page}"))
        + key.len();
    page[at..].split('"').next().unwrap().to_string()
}

/// The answer to the form's question ("how much is 3 + 5?", "combien font 3 + 5 ?").
pub(crate) fn answer(page: &str) -> String {
    let at = page.find(" + ").expect("a question");
    let a: u32 = page[..at]
        .rsplit(' ')
        .next()
        .unwrap()
        .parse()
        .expect("a number before +");
    let b: u32 = page[at + 3..]
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .unwrap()
        .parse()
        .expect("a number after +");
    (a + b).to_string()
}

/// Opens the registration form and returns the event's id.
fn open_event(arb: &mut Client, name: &str) -> i64 {
    let r = arb.post_json(
        "/api/events",
        &json!({"name": name, "rounds": 5, "start_date": "2026-11-28"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()["id"].as_i64().unwrap()
}

pub(crate) fn registration<'a>(fields: &[(&'a str, &'a str)], page: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = vec![
        ("csrf".into(), csrf_in(page)),
        ("token".into(), hidden(page, "token")),
        ("answer".into(), answer(page)),
        ("website".into(), String::new()),
    ];
    for (k, v) in fields {
        out.retain(|(key, _)| key != k);
        out.push((k.to_string(), v.to_string()));
    }
    out
}

pub(crate) fn post(
    c: &mut Client,
    path: &str,
    fields: &[(String, String)],
) -> crate::common::Reply {
    let f: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    c.post_form(path, &f)
}

#[test]
fn a_registration_waits_for_the_arbiter_and_becomes_a_player() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let id = open_event(&mut arb, "Open A de Lyon");
    let form = format!("/public/{id}/register");

    // Closed by default: the form says so and the site's list is empty.
    let mut player = app.client();
    player.accept_language = Some("fr".into());
    let page = player.get(&form);
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("id=\"register-closed\""),
        "{}",
        page.body
    );
    assert!(!page.body.contains("register-form"));
    assert!(player
        .get("/register")
        .body
        .contains("id=\"register-none\""));

    // The arbiter opens it, with fees.
    let r = arb.post_json(
        &format!("/api/events/{id}/entries/settings"),
        &json!({"open": true, "fee_default": "20", "fee_youth": "12.50", "titled_free": true}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let list = player.get("/register").body;
    assert!(
        list.contains(&format!("href=\"/public/{id}/register\""))
            && list.contains("Open A de Lyon"),
        "{list}"
    );

    // A player registers; what they type is escaped everywhere it is shown.
    let page = player.get(&form).body;
    assert!(page.contains("combien font"), "{page}");
    let fields = registration(
        &[
            ("name", "Lefèvre, Jeanne"),
            ("sex", "w"),
            ("birth_date", "2012-03-04"),
            ("federation", "fra"),
            ("fide_id", "26012345"),
            ("licence", "k12345"),
            ("club", "Échiquier <b>Lyonnais</b>"),
            ("rating", "1650"),
            ("national_rating", "1700"),
        ],
        &page,
    );
    let r = post(&mut player, &form, &fields);
    assert_eq!(r.status, 303, "{}", r.body);
    // Born in 2012, she enters at the youth rate: the thank-you page says what she owes.
    assert_eq!(
        r.location.as_deref(),
        Some(&*format!("/public/{id}/register/sent?fee=youth"))
    );
    let thanks = player.get(r.location.as_deref().unwrap()).body;
    assert!(thanks.contains("id=\"register-sent\""), "{thanks}");
    assert!(
        thanks.contains("Droits d&#39;inscription à régler : 12,50 (tarif jeune)."),
        "{thanks}"
    );
    // The same challenge is not taken twice.
    let again = post(&mut player, &form, &fields);
    assert_eq!(again.status, 422, "{}", again.body);

    // Nothing is a player yet: the entry waits on the arbiter's page.
    assert_eq!(
        arb.get(&format!("/api/events/{id}/players")).json(),
        json!([])
    );
    let entries = arb.get(&format!("/api/events/{id}/entries")).json();
    let list = entries["entries"].as_array().unwrap();
    assert_eq!(list.len(), 1, "{entries}");
    let first = list[0]["id"].as_i64().unwrap();
    assert_eq!(list[0]["status"], "pending");
    let page = arb.get(&format!("/events/{id}/entries")).body;
    assert!(
        page.contains("Échiquier &#60;b&#62;Lyonnais&#60;/b&#62;")
            || page.contains("Échiquier &lt;b&gt;Lyonnais&lt;/b&gt;"),
        "{page}"
    );
    assert!(!page.contains("<b>Lyonnais"));

    // Accepted from the page: the player is added as the desk adds one.
    let csrf = csrf_in(&page);
    let r = arb.post_form(
        &format!("/events/{id}/entries/{first}/validate"),
        &[("csrf", &csrf)],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let players = arb.get(&format!("/api/events/{id}/players")).json();
    assert_eq!(players.as_array().unwrap().len(), 1, "{players}");
    let p = &players[0];
    assert_eq!(p["name"], "Lefèvre, Jeanne");
    assert_eq!(p["licence"], "K12345");
    assert_eq!(p["federation"], "FRA");
    assert_eq!(p["fide_id"], 26012345);
    assert_eq!(p["rating"], 1650);
    assert_eq!(p["birth_date"], "2012/03/04");
    assert_eq!(p["sex"], "w");
    // Logged, and a second validation is refused.
    let log = arb.get(&format!("/api/events/{id}/log")).body;
    assert!(log.contains("validate_entry"), "{log}");
    let r = arb.post_json(
        &format!("/api/events/{id}/entries/{first}/validate"),
        &json!({}),
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert_eq!(r.json()["reason"], "entry_decided");

    // The same player registers again: flagged as a likely duplicate, and rejected.
    let page = player.get(&form).body;
    let fields = registration(
        &[("name", "LEFEVRE, Jeanne"), ("fide_id", "26012345")],
        &page,
    );
    assert_eq!(post(&mut player, &form, &fields).status, 303);
    let entries = arb.get(&format!("/api/events/{id}/entries")).json();
    let second = &entries["entries"][1];
    assert_eq!(second["duplicates"][0]["by"], "fide_id", "{entries}");
    assert_eq!(second["duplicates"][0]["with"], "Lefèvre, Jeanne");
    let second = second["id"].as_i64().unwrap();
    arb.cookies.insert("lang".into(), "fr".into());
    let page = arb.get(&format!("/events/{id}/entries")).body;
    assert!(
        page.contains("Doublon possible : même identifiant FIDE que Lefèvre, Jeanne"),
        "{page}"
    );
    let r = arb.post_form(
        &format!("/events/{id}/entries/{second}/reject"),
        &[("csrf", &csrf_in(&page)), ("reason", "Déjà inscrite")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let entries = arb.get(&format!("/api/events/{id}/entries")).json();
    assert_eq!(entries["entries"][1]["status"], "rejected");
    assert_eq!(entries["entries"][1]["reason"], "Déjà inscrite");
    assert_eq!(
        arb.get(&format!("/api/events/{id}/players"))
            .json()
            .as_array()
            .unwrap()
            .len(),
        1
    );

    // A wrong answer: 422 in the page's language, the form back with what was typed.
    let page = player.get(&form).body;
    let fields = registration(&[("name", "Martin, Paul"), ("answer", "999")], &page);
    let r = post(&mut player, &form, &fields);
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body.contains("Mauvaise réponse à la question anti-spam"),
        "{}",
        r.body
    );
    assert!(r.body.contains("value=\"Martin, Paul\""), "{}", r.body);
    // A bad value is named by its field.
    let fields = registration(
        &[("name", "Martin, Paul"), ("birth_date", "30/02/2012")],
        &r.body,
    );
    let r = post(&mut player, &form, &fields);
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body
            .contains("La date de naissance s&#39;écrit AAAA-MM-JJ (reçu « 30/02/2012 »)"),
        "{}",
        r.body
    );
    // Without the anonymous token the form is refused (CSRF).
    let mut stranger = app.client();
    let page = stranger.get(&form).body;
    let mut fields = registration(&[("name", "Martin, Paul")], &page);
    fields.retain(|(k, _)| k != "csrf");
    assert_eq!(post(&mut stranger, &form, &fields).status, 403);
    // A robot filling the hidden field is answered as a person, and nothing is kept.
    let page = player.get(&form).body;
    let fields = registration(&[("name", "Spam, Bot"), ("website", "http://spam")], &page);
    assert_eq!(post(&mut player, &form, &fields).status, 303);
    let entries = arb.get(&format!("/api/events/{id}/entries")).json();
    assert_eq!(entries["entries"].as_array().unwrap().len(), 2, "{entries}");

    // Closed past its closing time: a form already shown is refused.
    let page = player.get(&form).body;
    let r = arb.post_json(
        &format!("/api/events/{id}/entries/settings"),
        &json!({"open": true, "closes_at": "2020-01-01 18:00", "fee_default": "20"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["closes_at"], "2020-01-01 18:00");
    let fields = registration(&[("name", "Tardif, Marc")], &page);
    let r = post(&mut player, &form, &fields);
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(
        r.body.contains("Les inscriptions à ce tournoi sont closes"),
        "{}",
        r.body
    );
    assert!(player
        .get("/register")
        .body
        .contains("id=\"register-none\""));

    // Reopened; past ten registrations in an hour from one address, the next is refused.
    let r = arb.post_json(
        &format!("/api/events/{id}/entries/settings"),
        &json!({"open": true, "fee_default": "20"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let mut refused = None;
    for n in 0..12 {
        let page = player.get(&form).body;
        let name = format!("Joueur{n}, Test");
        let fields = registration(&[("name", name.as_str())], &page);
        let r = post(&mut player, &form, &fields);
        if r.status == 429 {
            refused = Some((n, r));
            break;
        }
        assert_eq!(r.status, 303, "{}", r.body);
    }
    let (n, r) = refused.expect("the per-address limit refuses a registration");
    // Five were counted before (two sent, a spent challenge, a wrong answer, the closed form).
    assert_eq!(n, 5, "{}", r.body);
    assert!(r.header("retry-after").is_some());
    let entries = arb.get(&format!("/api/events/{id}/entries")).json();
    assert_eq!(entries["entries"].as_array().unwrap().len(), 7, "{entries}");
}

#[test]
fn fees_by_category_payments_totals_and_the_csv_to_the_cent() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let id = open_event(&mut arb, "Open B");
    let r = arb.post_json(
        &format!("/api/events/{id}/entries/settings"),
        &json!({"open": false, "fee_default": "20", "fee_youth": "12.50", "titled_free": true}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let mut ids = Vec::new();
    for p in [
        json!({"name": "Grand, Maître", "title": "GM", "rating": 2550, "birth_date": "1980/01/01", "fide_id": 100}),
        json!({"name": "Jeune, Léa", "rating": 1500, "birth_date": "2010/06/01", "sex": "w", "licence": "A12345"}),
        json!({"name": "Adulte, Paul", "rating": 1800, "birth_date": "1990/02/02", "sex": "m"}),
        json!({"name": "=HYPERLINK(\"http://x\"), Bob", "rating": 1700, "birth_date": "1970"}),
    ] {
        let r = arb.post_json(&format!("/api/events/{id}/players"), &p);
        assert_eq!(r.status, 200, "{}", r.body);
        ids.push(r.json()["id"].as_i64().unwrap());
    }
    let (gm, youth, adult, formula) = (ids[0], ids[1], ids[2], ids[3]);

    // Paid at the desk, from the page and from the API.
    let page = arb.get(&format!("/events/{id}/fees")).body;
    let csrf = csrf_in(&page);
    let r = arb.post_form(
        &format!("/events/{id}/fees/{youth}"),
        &[("csrf", &csrf), ("paid", "12,50"), ("method", "cheque")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let r = arb.post_json(
        &format!("/api/events/{id}/fees/{adult}"),
        &json!({"paid": "5", "method": "transfer"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = arb.post_json(
        &format!("/api/events/{id}/fees/{formula}"),
        &json!({"paid": "20.00", "method": "cash"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    // A wrong amount or method is named.
    let r = arb.post_json(
        &format!("/api/events/{id}/fees/{gm}"),
        &json!({"paid": "12.345", "method": "cash"}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.json()["field"], "paid");
    let r = arb.post_json(
        &format!("/api/events/{id}/fees/{gm}"),
        &json!({"paid": "1", "method": "bitcoin"}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.json()["field"], "method");

    // Due: GM free, Léa (born 2010: Cadette in 2026/2027) 12.50, Paul and Bob 20.00 each.
    let fees = arb.get(&format!("/api/events/{id}/fees")).json();
    let t = &fees["totals"];
    assert_eq!(t["due"], "52.50", "{fees}");
    assert_eq!(t["paid"], "37.50");
    assert_eq!(t["outstanding"], "15.00");
    assert_eq!(
        t["by_method"],
        json!([
            ["cash", "20.00"],
            ["cheque", "12.50"],
            ["transfer", "5.00"],
            ["card", "0.00"],
            [null, "0.00"]
        ])
    );
    let rule = |pid: i64| {
        fees["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["player"]["id"] == pid)
            .unwrap()["rule"]
            .clone()
    };
    assert_eq!(rule(gm), "titled");
    assert_eq!(rule(youth), "youth");
    assert_eq!(rule(adult), "default");

    // The treasurer's page in French.
    arb.cookies.insert("lang".into(), "fr".into());
    let page = arb.get(&format!("/events/{id}/fees")).body;
    assert!(page.contains("id=\"fees-due\">52,50<"), "{page}");
    assert!(page.contains("id=\"fees-paid\">37,50<"), "{page}");
    assert!(page.contains("id=\"fees-outstanding\">15,00<"), "{page}");
    assert!(
        page.contains("<td>Chèque</td><td class=\"num\">12,50</td>"),
        "{page}"
    );

    // The CSV of the French page: `;`, French headers and methods, decimal commas, and the
    // byte order mark French Excel needs to read UTF-8 (issue 34 §3).
    let csv = arb.get(&format!("/events/{id}/entries.csv"));
    assert_eq!(csv.status, 200);
    let lines: Vec<&str> = csv.body.lines().collect();
    assert_eq!(
        lines,
        [
            "\u{feff}N°;Nom;N° FIDE;N° de licence;Fédération;Club;Catégorie;Droits;Payé;Mode de règlement;Reste dû",
            "1;Grand, Maître;100;;;;Sen;0,00;0,00;;0,00",
            "2;Adulte, Paul;;;;;SenM;20,00;5,00;Virement;15,00",
            "3;\"'=HYPERLINK(\"\"http://x\"\"), Bob\";;;;;Sep;20,00;20,00;Espèces;0,00",
            "4;Jeune, Léa;;A12345;;;CadF;12,50;12,50;Chèque;0,00",
        ]
    );
    // The English page's, as it always was: a name that would start a formula is text.
    arb.cookies.insert("lang".into(), "en".into());
    let csv = arb.get(&format!("/events/{id}/entries.csv"));
    assert_eq!(csv.status, 200);
    assert!(csv.header("content-type").unwrap().starts_with("text/csv"));
    let lines: Vec<&str> = csv.body.lines().collect();
    assert_eq!(
        lines,
        [
            "number,name,fide_id,licence,federation,club,category,fee,paid,method,outstanding",
            "1,\"Grand, Maître\",100,,,,Sen,0.00,0.00,,0.00",
            "2,\"Adulte, Paul\",,,,,SenM,20.00,5.00,transfer,15.00",
            "3,\"'=HYPERLINK(\"\"http://x\"\"), Bob\",,,,,Sep,20.00,20.00,cash,0.00",
            "4,\"Jeune, Léa\",,A12345,,,CadF,12.50,12.50,cheque,0.00",
        ]
    );
}

/// Public registration (issue 34 §3): a surname typed in capitals is written as the imported
/// names are, the arbiter's page shows when it was sent in the hall's time (not UTC), and the
/// thank-you page gives the fee due (nothing for a rule it does not know).
#[test]
fn a_registration_is_written_as_imported_names_and_says_its_fee() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let id = open_event(&mut arb, "Open B");
    let r = arb.post_json(
        &format!("/api/events/{id}/entries/settings"),
        &json!({"open": true, "fee_default": "20", "fee_women": "15", "titled_free": true}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let form = format!("/public/{id}/register");
    let mut player = app.client();
    player.accept_language = Some("fr".into());
    for (typed, sex, title, fee) in [
        ("ROUSSEL Jean", "m", "", "20,00 (tarif normal)"),
        ("Marie  DUPONT-MORETTI", "w", "", "15,00 (tarif femme)"),
    ] {
        let page = player.get(&form).body;
        let fields = registration(&[("name", typed), ("sex", sex), ("title", title)], &page);
        let r = post(&mut player, &form, &fields);
        assert_eq!(r.status, 303, "{}", r.body);
        let thanks = player.get(r.location.as_deref().unwrap()).body;
        assert!(thanks.contains(&format!("à régler : {fee}.")), "{thanks}");
    }
    // A titled player enters free.
    let page = player.get(&form).body;
    let fields = registration(&[("name", "Carlsen, Magnus"), ("title", "GM")], &page);
    let r = post(&mut player, &form, &fields);
    assert_eq!(
        r.location.as_deref(),
        Some(&*format!("/public/{id}/register/sent?fee=titled"))
    );
    let thanks = player.get(r.location.as_deref().unwrap()).body;
    assert!(
        thanks.contains("Pas de droits d&#39;inscription à régler."),
        "{thanks}"
    );
    // An address typed by hand says no fee.
    let thanks = player
        .get(&format!("/public/{id}/register/sent?fee=500"))
        .body;
    assert!(thanks.contains("id=\"register-sent\""));
    assert!(!thanks.contains("register-fee"), "{thanks}");

    let entries = arb.get(&format!("/api/events/{id}/entries")).json();
    let names: Vec<&str> = entries["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["player"]["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["Roussel, Jean", "Dupont-Moretti, Marie", "Carlsen, Magnus"]
    );
    // When each was sent, in the server's local time: no "UTC".
    let page = arb.get(&format!("/events/{id}/entries")).body;
    assert!(!page.contains(" UTC"), "{page}");
    let sent = entries["entries"][0]["sent_at"].as_str().unwrap();
    let local = store::local_time(sent);
    let (date, time) = local.split_once(' ').unwrap();
    let (y, rest) = date.split_once('-').unwrap();
    let (m, d) = rest.split_once('-').unwrap();
    let shown = format!("{d}/{m}/{y} {time}");
    assert!(page.contains(&shown), "{shown} in {page}");
}
