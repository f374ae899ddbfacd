//! A group's own pages (issue 23) through HTTP: the group's public registration form where
//! the player chooses the section (rating limits named by their field in both languages,
//! the events' anti-spam), its poster; the women's and veterans' entry fees; undoing an
//! entry's validation and a payment; the link from a section to its group, the group changed
//! and deleted with its sections kept as events.

use serde_json::{json, Value};

use crate::common::{csrf_in, App, Client};
use crate::entries::{hidden, post, registration};

fn post_ok(arb: &mut Client, path: &str, body: Value) -> Value {
    let r = arb.post_json(path, &body);
    assert_eq!(r.status, 200, "{path}: {}", r.body);
    r.json()
}

/// A group with an A open and a B open under 1600, both taking entries: (group, A, B).
fn weekend_open(arb: &mut Client) -> (i64, i64, i64) {
    let g = post_ok(
        arb,
        "/api/groups",
        json!({"name": "Open de Noël", "place": "Mulhouse", "start_date": "2026-12-19", "end_date": "2026-12-20"}),
    );
    let group = g["group"]["id"].as_i64().unwrap();
    let mut section = |label: &str, limits: Value| {
        let mut body = json!({"label": label, "rounds": 5});
        body.as_object_mut()
            .unwrap()
            .extend(limits.as_object().unwrap().clone());
        let s = post_ok(arb, &format!("/api/groups/{group}/sections"), body);
        s["event"]["id"].as_i64().unwrap()
    };
    let a = section("A", json!({"rating_from": 1400}));
    let b = section("B", json!({"rating_under": 1600}));
    (group, a, b)
}

fn open_form(arb: &mut Client, event: i64, fees: Value) {
    let mut body = json!({"open": true});
    body.as_object_mut()
        .unwrap()
        .extend(fees.as_object().unwrap().clone());
    post_ok(arb, &format!("/api/events/{event}/entries/settings"), body);
}

fn entries(arb: &mut Client, event: i64) -> Vec<Value> {
    arb.get(&format!("/api/events/{event}/entries")).json()["entries"]
        .as_array()
        .unwrap()
        .clone()
}

#[test]
fn the_groups_form_enters_the_player_in_the_section_chosen() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let (group, a, b) = weekend_open(&mut arb);
    let form = format!("/public/groups/{group}/register");

    // Closed while no section takes entries.
    let mut player = app.client();
    player.accept_language = Some("fr".into());
    let page = player.get(&form).body;
    assert!(page.contains("id=\"register-closed\""), "{page}");
    assert!(!player
        .get(&format!("/public/groups/{group}"))
        .body
        .contains("group-register-link"));

    // Only B opens: the form offers B alone.
    open_form(&mut arb, b, json!({"fee_default": "15"}));
    let page = player.get(&form).body;
    assert!(page.contains(&format!("value=\"{b}\"")), "{page}");
    assert!(!page.contains(&format!("value=\"{a}\"")), "{page}");
    open_form(&mut arb, a, json!({"fee_default": "25"}));

    // Linked from the group's public page and from the site's list.
    let public = player.get(&format!("/public/groups/{group}")).body;
    assert!(
        public.contains(&format!("href=\"/public/groups/{group}/register\""))
            && public.contains("S&#39;inscrire"),
        "{public}"
    );
    let list = player.get("/register").body;
    assert!(
        list.contains(&format!("href=\"/public/groups/{group}/register\""))
            && list.contains("un seul formulaire pour toutes ses sections"),
        "{list}"
    );

    // Both sections offered, with their limits.
    let page = player.get(&form).body;
    assert!(
        page.contains("Section A")
            && page.contains("Section B")
            && (page.contains("&lt; 1600") || page.contains("&#60; 1600")),
        "{page}"
    );

    // 1700 is outside B's limits: refused, naming the field and the section, in French…
    let fields = registration(
        &[
            ("section", &b.to_string()),
            ("name", "Durand, Léa"),
            ("sex", "w"),
            ("rating", "1700"),
        ],
        &page,
    );
    let r = post(&mut player, &form, &fields);
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body
            .contains("Elo 1700 : hors des limites de la section B (&lt; 1600)")
            || r.body
                .contains("Elo 1700 : hors des limites de la section B (&#60; 1600)"),
        "{}",
        r.body
    );
    // …with what was typed and the section chosen kept.
    assert!(r.body.contains("value=\"Durand, Léa\""), "{}", r.body);
    assert!(
        r.body.contains(&format!(
            "value=\"{b}\" id=\"section-{b}\" required checked"
        )),
        "{}",
        r.body
    );
    assert!(entries(&mut arb, b).is_empty());

    // …and in English, for the national rating when the section pairs on it.
    post_ok(
        &mut arb,
        &format!("/api/events/{b}"),
        json!({"name": "Open de Noël B", "rounds": 5, "pairing_rating": "national"}),
    );
    let mut english = app.client();
    english.accept_language = Some("en".into());
    let page = english.get(&form).body;
    let fields = registration(
        &[
            ("section", &b.to_string()),
            ("name", "Smith, John"),
            ("national_rating", "1650"),
        ],
        &page,
    );
    let r = post(&mut english, &form, &fields);
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body
            .contains("National rating 1650: outside the limits of section B (&lt; 1600)")
            || r.body
                .contains("National rating 1650: outside the limits of section B (&#60; 1600)"),
        "{}",
        r.body
    );
    // No section chosen: said so.
    let fields = registration(&[("name", "Smith, John")], &r.body);
    let r = post(&mut english, &form, &fields);
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body.contains("Choose the section you enter."),
        "{}",
        r.body
    );

    // Within the limits: the entry waits in B, not in A.
    let page = player.get(&form).body;
    let fields = registration(
        &[
            ("section", &b.to_string()),
            ("name", "Durand, Léa"),
            ("national_rating", "1450"),
        ],
        &page,
    );
    let r = post(&mut player, &form, &fields);
    assert_eq!(r.status, 303, "{}", r.body);
    // The thank-you page gives the fee of the section chosen (B's 15, not A's 25).
    assert_eq!(
        r.location.as_deref(),
        Some(&*format!(
            "/public/groups/{group}/register/sent?section={b}&fee=default"
        ))
    );
    let thanks = player.get(r.location.as_deref().unwrap()).body;
    assert!(thanks.contains("id=\"register-sent\""), "{thanks}");
    assert!(thanks.contains("id=\"register-fee\""), "{thanks}");
    assert!(thanks.contains(" 15,00 (tarif normal)."), "{thanks}");
    // Another group's section says nothing here.
    let other = player
        .get(&format!(
            "/public/groups/{}/register/sent?section={b}&fee=default",
            group + 1
        ))
        .status;
    assert_ne!(other, 500);
    let waiting = entries(&mut arb, b);
    assert_eq!(waiting.len(), 1, "{waiting:?}");
    assert_eq!(waiting[0]["status"], "pending");
    assert_eq!(waiting[0]["player"]["name"], "Durand, Léa");
    assert!(entries(&mut arb, a).is_empty());
    // The arbiter validates it in B as any entry.
    let id = waiting[0]["id"].as_i64().unwrap();
    let p = post_ok(
        &mut arb,
        &format!("/api/events/{b}/entries/{id}/validate"),
        json!({}),
    );
    assert_eq!(p["name"], "Durand, Léa");

    // A section of another group (or any other event) cannot be chosen.
    let other = post_ok(
        &mut arb,
        "/api/events",
        json!({"name": "Blitz", "rounds": 3}),
    );
    let other = other["id"].as_i64().unwrap();
    open_form(&mut arb, other, json!({}));
    let page = player.get(&form).body;
    let fields = registration(
        &[("section", &other.to_string()), ("name", "Intrus, Paul")],
        &page,
    );
    let r = post(&mut player, &form, &fields);
    assert_eq!(r.status, 404, "{}", r.body);
    assert!(entries(&mut arb, other).is_empty());

    // The anti-spam applies: a wrong answer is refused, a robot's honeypot keeps nothing.
    let page = player.get(&form).body;
    let fields = registration(
        &[
            ("section", &a.to_string()),
            ("name", "Martin, Paul"),
            ("rating", "1800"),
            ("answer", "999"),
        ],
        &page,
    );
    let r = post(&mut player, &form, &fields);
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body.contains("Mauvaise réponse à la question anti-spam"),
        "{}",
        r.body
    );
    let page = player.get(&form).body;
    let fields = registration(
        &[
            ("section", &a.to_string()),
            ("name", "Spam, Bot"),
            ("website", "http://spam"),
        ],
        &page,
    );
    assert_eq!(post(&mut player, &form, &fields).status, 303);
    assert!(entries(&mut arb, a).is_empty());
    // Without the anonymous token: refused (CSRF).
    let mut stranger = app.client();
    let page = stranger.get(&form).body;
    let mut fields = registration(&[("section", &a.to_string()), ("name", "X, Y")], &page);
    fields.retain(|(k, _)| k != "csrf");
    assert_eq!(post(&mut stranger, &form, &fields).status, 403);
    // The per-address count is the events' one: past ten in an hour, refused.
    let mut refused = None;
    for n in 0..12 {
        let page = player.get(&form).body;
        let name = format!("Joueur{n}, Test");
        let fields = registration(
            &[
                ("section", &a.to_string()),
                ("name", name.as_str()),
                ("rating", "1800"),
            ],
            &page,
        );
        let r = post(&mut player, &form, &fields);
        if r.status == 429 {
            refused = Some(n);
            break;
        }
        assert_eq!(r.status, 303, "{}", r.body);
    }
    assert!(
        refused.is_some(),
        "the per-address limit refuses a registration"
    );

    // The poster: the group's name, its form's address and the QR code.
    arb.cookies.insert("lang".into(), "fr".into());
    let poster = arb.get(&format!("/groups/{group}/poster"));
    assert_eq!(poster.status, 200, "{}", poster.body);
    assert!(poster.body.contains("Open de Noël"), "{}", poster.body);
    assert!(
        poster
            .body
            .contains(&format!("/public/groups/{group}/register</p>")),
        "{}",
        poster.body
    );
    assert!(poster.body.contains("<svg"), "{}", poster.body);
    assert!(poster.body.contains("Inscrivez-vous en ligne"));
    // Linked from the group's page.
    let page = arb.get(&format!("/groups/{group}")).body;
    assert!(
        page.contains(&format!("href=\"/groups/{group}/poster\"")),
        "{page}"
    );
    // Once, in the page's body (not in its title as well).
    assert_eq!(page.matches("id=\"group-poster\"").count(), 1, "{page}");
    let title = &page[page.find("<title>").unwrap() + 7..page.find("</title>").unwrap()];
    assert!(!title.contains('<'), "{title}");
    // The per-event forms stay as they were.
    assert_eq!(player.get(&format!("/public/{a}/register")).status, 200);
}

/// The fees page's rule and fee for a player, and the totals.
fn fees(arb: &mut Client, event: i64) -> Value {
    let r = arb.get(&format!("/api/events/{event}/fees"));
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

fn fee_of<'a>(fees: &'a Value, name: &str) -> (&'a str, &'a str) {
    let row = fees["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["player"]["name"] == name)
        .unwrap_or_else(|| panic!("{name} in {fees}"));
    (row["rule"].as_str().unwrap(), row["fee"].as_str().unwrap())
}

#[test]
fn women_and_veterans_have_their_fees_by_the_ffe_categories_of_the_season() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    // 28 November 2026: the FFE's 2026/2027 season, whose ages are those reached in 2027
    // (prizes::age): Vet (S65) born 1962 or earlier, Sep (S50) born 1963 to 1977.
    let e = post_ok(
        &mut arb,
        "/api/events",
        json!({"name": "Open de Lyon", "rounds": 5, "start_date": "2026-11-28"}),
    );
    let id = e["id"].as_i64().unwrap();
    for (name, sex, birth) in [
        ("Ancien, Paul", "m", "1962/12/31"),
        ("Cadet, Marc", "m", "1963/01/01"),
        ("Dame, Anne", "w", "1990/05/05"),
        ("Doyenne, Rose", "w", "1950/01/01"),
        ("Jeune, Lise", "w", "2012/03/04"),
        ("Moyen, Luc", "m", "1990/05/05"),
    ] {
        post_ok(
            &mut arb,
            &format!("/api/events/{id}/players"),
            json!({"name": name, "sex": sex, "birth_date": birth}),
        );
    }
    let before = fees(&mut arb, id);
    open_form(
        &mut arb,
        id,
        json!({"fee_default": "20", "fee_youth": "10", "fee_women": "15", "fee_veteran": "12"}),
    );
    let f = fees(&mut arb, id);
    assert_eq!(fee_of(&f, "Ancien, Paul"), ("veteran", "12.00"));
    assert_eq!(fee_of(&f, "Cadet, Marc"), ("default", "20.00"));
    assert_eq!(fee_of(&f, "Dame, Anne"), ("women", "15.00"));
    // Woman and veteran: the lower fee.
    assert_eq!(fee_of(&f, "Doyenne, Rose"), ("veteran", "12.00"));
    // Young and woman: the lower fee.
    assert_eq!(fee_of(&f, "Jeune, Lise"), ("youth", "10.00"));
    assert_eq!(fee_of(&f, "Moyen, Luc"), ("default", "20.00"));
    // 12 + 20 + 15 + 12 + 10 + 20; the totals keep their shape.
    assert_eq!(f["totals"]["due"], "89.00");
    let keys = |v: &Value| {
        let mut k: Vec<String> = v["totals"].as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    assert_eq!(keys(&f), keys(&before));

    // Veterans from Sep (S50) too: born 1963 pays the veterans' fee.
    open_form(
        &mut arb,
        id,
        json!({"fee_default": "20", "fee_youth": "10", "fee_women": "15", "fee_veteran": "12", "veteran_sep": true}),
    );
    let f = fees(&mut arb, id);
    assert_eq!(fee_of(&f, "Cadet, Marc"), ("veteran", "12.00"));
    assert_eq!(fee_of(&f, "Moyen, Luc"), ("default", "20.00"));
    assert_eq!(f["totals"]["due"], "81.00");
    let s = arb.get(&format!("/api/events/{id}/entries")).json();
    assert_eq!(s["settings"]["fee_women"], "15.00");
    assert_eq!(s["settings"]["fee_veteran"], "12.00");
    assert_eq!(s["settings"]["veteran_sep"], true);

    // Set from the page's form, in French (decimal commas), and shown on the fees page.
    arb.cookies.insert("lang".into(), "fr".into());
    let page = arb.get(&format!("/events/{id}/entries")).body;
    assert!(page.contains("Tarif vétérans"), "{page}");
    let r = arb.post_form(
        &format!("/events/{id}/entries/settings"),
        &[
            ("csrf", &csrf_in(&page)),
            ("open", "on"),
            ("fee_default", "20"),
            ("fee_women", "14,50"),
            ("fee_veteran", "11"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let f = fees(&mut arb, id);
    assert_eq!(fee_of(&f, "Dame, Anne"), ("women", "14.50"));
    assert_eq!(fee_of(&f, "Jeune, Lise"), ("women", "14.50"));
    assert_eq!(fee_of(&f, "Cadet, Marc"), ("default", "20.00"));
    let page = arb.get(&format!("/events/{id}/fees")).body;
    assert!(page.contains("vétéran") && page.contains("femme"), "{page}");
    // A wrong amount is named by its field.
    let page = arb.get(&format!("/events/{id}/entries")).body;
    let r = arb.post_form(
        &format!("/events/{id}/entries/settings"),
        &[
            ("csrf", &csrf_in(&page)),
            ("fee_default", "20"),
            ("fee_veteran", "douze"),
        ],
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body.contains("Le tarif vétérans est un montant"),
        "{}",
        r.body
    );
}

#[test]
fn undo_puts_a_validated_entry_back_to_pending_and_a_payment_back_to_its_amount() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let e = post_ok(
        &mut arb,
        "/api/events",
        json!({"name": "Open de Lyon", "rounds": 5, "start_date": "2026-11-28"}),
    );
    let id = e["id"].as_i64().unwrap();
    open_form(&mut arb, id, json!({"fee_default": "20"}));
    let form = format!("/public/{id}/register");
    let mut player = app.client();
    for name in ["Durand, Léa", "Martin, Paul"] {
        let page = player.get(&form).body;
        let fields = registration(&[("name", name)], &page);
        assert_eq!(post(&mut player, &form, &fields).status, 303);
    }
    let list = entries(&mut arb, id);
    let (first, second) = (
        list[0]["id"].as_i64().unwrap(),
        list[1]["id"].as_i64().unwrap(),
    );

    // Validated, then undone: the player goes and the entry waits again.
    let page = arb.get(&format!("/events/{id}/entries")).body;
    let r = arb.post_form(
        &format!("/events/{id}/entries/{first}/validate"),
        &[("csrf", &csrf_in(&page))],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(entries(&mut arb, id)[0]["status"], "validated");
    let page = arb.get(&format!("/events/{id}/undo")).body;
    let r = arb.post_form(
        &format!("/events/{id}/undo"),
        &[
            ("csrf", &csrf_in(&page)),
            ("entry", &hidden(&page, "entry")),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert!(
        r.location
            .as_deref()
            .unwrap_or_default()
            .contains("undone="),
        "{:?}",
        r.location
    );
    let list = entries(&mut arb, id);
    assert_eq!(list[0]["status"], "pending", "{list:?}");
    assert_eq!(list[0]["player_id"], Value::Null);
    assert_eq!(
        arb.get(&format!("/api/events/{id}/players")).json(),
        json!([])
    );
    let page = arb.get(&format!("/events/{id}/entries")).body;
    assert!(
        page.contains(&format!("/events/{id}/entries/{first}/validate")),
        "{page}"
    );
    // Validated again: one player.
    let p = post_ok(
        &mut arb,
        &format!("/api/events/{id}/entries/{first}/validate"),
        json!({}),
    );
    let pid = p["id"].as_i64().unwrap();

    // A rejection is undone the same way.
    post_ok(
        &mut arb,
        &format!("/api/events/{id}/entries/{second}/reject"),
        json!({"reason": "Doublon"}),
    );
    post_ok(&mut arb, &format!("/api/events/{id}/undo"), json!({}));
    let list = entries(&mut arb, id);
    assert_eq!(list[1]["status"], "pending", "{list:?}");
    assert_eq!(list[0]["status"], "validated", "{list:?}");

    // Payments: 20 in cash, then changed to 15 by cheque; undo puts 20 in cash back.
    let page = arb.get(&format!("/events/{id}/fees")).body;
    let csrf = csrf_in(&page);
    for (paid, method) in [("20", "cash"), ("15", "cheque")] {
        let r = arb.post_form(
            &format!("/events/{id}/fees/{pid}"),
            &[("csrf", &csrf), ("paid", paid), ("method", method)],
        );
        assert_eq!(r.status, 303, "{}", r.body);
    }
    let f = fees(&mut arb, id);
    assert_eq!(f["rows"][0]["paid"], "15.00");
    let undone = post_ok(&mut arb, &format!("/api/events/{id}/undo"), json!({}));
    assert_eq!(undone["action"], "set_payment");
    let f = fees(&mut arb, id);
    assert_eq!(f["rows"][0]["paid"], "20.00", "{f}");
    assert_eq!(f["rows"][0]["method"], "cash");
    assert_eq!(f["totals"]["paid"], "20.00");
    // Once more: nothing paid.
    post_ok(&mut arb, &format!("/api/events/{id}/undo"), json!({}));
    let f = fees(&mut arb, id);
    assert_eq!(f["rows"][0]["paid"], "0.00", "{f}");
    assert_eq!(f["totals"]["paid"], "0.00");
    // And redo brings the 20 back.
    post_ok(&mut arb, &format!("/api/events/{id}/redo"), json!({}));
    assert_eq!(fees(&mut arb, id)["rows"][0]["paid"], "20.00");
}

#[test]
fn a_group_is_linked_from_its_sections_changed_and_deleted_keeping_its_sections() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.cookies.insert("lang".into(), "fr".into());
    let (group, a, b) = weekend_open(&mut arb);
    let alice = post_ok(
        &mut arb,
        &format!("/api/groups/{group}/players"),
        json!({"section": a, "name": "Martin, Alice", "rating": 1850}),
    );
    assert_eq!(alice["section"], a);

    // Each section's pages lead back to the group.
    for (path, label) in [
        (format!("/events/{a}"), "A"),
        (format!("/events/{b}/players"), "B"),
    ] {
        let page = arb.get(&path).body;
        assert!(
            page.contains(&format!("href=\"/groups/{group}\""))
                && page.contains(&format!("Section {label} de Open de Noël")),
            "{path}: {page}"
        );
    }
    // An event outside any group has no such link.
    let other = post_ok(
        &mut arb,
        "/api/events",
        json!({"name": "Blitz", "rounds": 3}),
    );
    let other = other["id"].as_i64().unwrap();
    assert!(!arb
        .get(&format!("/events/{other}"))
        .body
        .contains("href=\"/groups/"));

    // Changed from the group's page: name, place, dates; logged on the group's log.
    let page = arb.get(&format!("/groups/{group}")).body;
    let r = arb.post_form(
        &format!("/groups/{group}/settings"),
        &[
            ("csrf", &csrf_in(&page)),
            ("name", "Open d'hiver"),
            ("place", "Colmar"),
            ("start_date", "2027-01-09"),
            ("end_date", "2027-01-10"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let g = arb.get(&format!("/api/groups/{group}")).json();
    assert_eq!(g["group"]["name"], "Open d'hiver");
    assert_eq!(g["group"]["place"], "Colmar");
    assert_eq!(g["group"]["start_date"], "2027-01-09");
    let log = arb.get(&format!("/groups/{group}/log")).body;
    assert!(log.contains("Tournoi modifié : Open d&#39;hiver"), "{log}");
    // A wrong date is named.
    let r = arb.post_json(
        &format!("/api/groups/{group}/settings"),
        &json!({"name": "Open", "start_date": "2027-02-30"}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.json()["field"], "start_date");
    // Labels are changed as before, per section.
    post_ok(
        &mut arb,
        &format!("/api/groups/{group}/sections/{b}"),
        json!({"label": "B1", "rating_under": 1600}),
    );

    // Deleting asks for the name; then the sections stay, as events of their own.
    let page = arb.get(&format!("/groups/{group}")).body;
    let r = arb.post_form(
        &format!("/groups/{group}/delete"),
        &[("csrf", &csrf_in(&page)), ("confirm_name", "Open")],
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body.contains("Tapez exactement le nom du tournoi"),
        "{}",
        r.body
    );
    assert_eq!(arb.get(&format!("/api/groups/{group}")).status, 200);
    let r = arb.post_form(
        &format!("/groups/{group}/delete"),
        &[("csrf", &csrf_in(&page)), ("confirm_name", "Open d'hiver")],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(arb.get(&format!("/api/groups/{group}")).status, 404);
    assert_eq!(arb.get(&format!("/public/groups/{group}")).status, 404);
    let players = arb.get(&format!("/api/events/{a}/players")).json();
    assert_eq!(players[0]["name"], "Martin, Alice", "{players}");
    assert_eq!(arb.get(&format!("/api/events/{b}")).status, 200);
    // No longer linked to a group; each section's log says it left.
    assert!(!arb
        .get(&format!("/events/{a}"))
        .body
        .contains("href=\"/groups/"));
    let log = arb.get(&format!("/api/events/{a}/log")).body;
    assert!(log.contains("leave_group"), "{log}");
    // Its events can join another group.
    let g2 = post_ok(
        &mut arb,
        "/api/groups",
        json!({"name": "Open de printemps"}),
    );
    let g2 = g2["group"]["id"].as_i64().unwrap();
    post_ok(
        &mut arb,
        &format!("/api/groups/{g2}/attach"),
        json!({"event": a, "label": "A"}),
    );
}
