//! The rounds' dates and times (issue 20 §2): set from the settings page or a round's page,
//! shown on the round page (which is what the arbiter prints), the public page and the log,
//! written to the TRF export's `132`, refused with the field named when it is not a date, and
//! a colleague's date set meanwhile is kept.

use serde_json::json;

use crate::common::{paired_event, App};

/// The value of the `version` input of the form `form_id` in a page.
fn form_version(page: &str, form_id: &str) -> String {
    let form = &page[page
        .find(&format!("id=\"{form_id}\""))
        .unwrap_or_else(|| panic!("no form {form_id}: {page}"))..];
    let at = form.find("name=\"version\" value=\"").unwrap() + "name=\"version\" value=\"".len();
    form[at..at + form[at..].find('"').unwrap()].to_string()
}

#[test]
fn round_dates_are_set_printed_on_the_lists_and_written_to_the_trf() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let csrf = arb.csrf.clone().unwrap();
    let (id, _) = paired_event(&mut arb, json!({"name": "Open", "rounds": 5}), 6);

    // The settings page has a line per round.
    let page = arb.get(&format!("/events/{id}/edit")).body;
    assert!(page.contains("id=\"schedule-form\""), "{page}");
    for n in 1..=5 {
        assert!(
            page.contains(&format!("name=\"date_{n}\"")),
            "round {n}: {page}"
        );
    }
    let version = form_version(&page, "schedule-form");
    let r = arb.post_form(
        &format!("/events/{id}/schedule"),
        &[
            ("csrf", &csrf),
            ("version", &version),
            ("date_1", "2026-11-28"),
            ("time_1", "14:00"),
            ("date_2", "2026-11-29"),
            ("time_2", ""),
            ("date_3", ""),
            ("time_3", ""),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        r.location.as_deref(),
        Some(&*format!("/events/{id}/edit#schedule"))
    );
    let page = arb.get(&format!("/events/{id}/edit")).body;
    assert!(
        page.contains("name=\"date_1\" value=\"2026-11-28\""),
        "{page}"
    );
    assert!(page.contains("name=\"time_1\" value=\"14:00\""), "{page}");

    // The round page (printed as the pairing list) and the public page, in French.
    let page = arb.get(&format!("/events/{id}/rounds/1")).body;
    assert!(
        page.contains("<p class=\"round-start\" id=\"round-start\">samedi 28/11/2026 à 14h00</p>"),
        "{page}"
    );
    let mut phone = app.client();
    phone.accept_language = Some("fr".into());
    let public = phone.get(&format!("/public/{id}")).body;
    assert!(
        public.contains("id=\"public-round-start\">samedi 28/11/2026 à 14h00</p>"),
        "{public}"
    );
    arb.accept_language = Some("en".into());
    let page = arb.get(&format!("/events/{id}/rounds/1")).body;
    assert!(page.contains(">Saturday 28 Nov 2026, 14:00</p>"), "{page}");

    // From round 2's page (not paired yet): a date with the time, back to that page.
    let page = arb.get(&format!("/events/{id}/rounds/2")).body;
    assert!(page.contains(">Sunday 29 Nov 2026</p>"), "{page}");
    let version = form_version(&page, "round-start-form");
    let r = arb.post_form(
        &format!("/events/{id}/schedule"),
        &[
            ("csrf", &csrf),
            ("version", &version),
            ("back", "2"),
            ("date_2", "2026-11-29"),
            ("time_2", "09:30"),
        ],
    );
    assert_eq!(r.status, 303, "{}", r.body);
    assert_eq!(
        r.location.as_deref(),
        Some(&*format!("/events/{id}/rounds/2#round-start"))
    );
    let r = arb.get(&format!("/api/events/{id}/schedule"));
    assert_eq!(
        r.json(),
        json!({"starts": {"1": "2026-11-28 14:00", "2": "2026-11-29 09:30"}})
    );

    // TRF's 132: YY/MM/DD at columns 92-99, 102-109.
    let trf = arb.get(&format!("/api/events/{id}/export.trf")).body;
    let line = trf
        .lines()
        .find(|l| l.starts_with("132"))
        .unwrap_or_else(|| panic!("no 132 line: {trf}"));
    assert_eq!(&line[91..99], "26/11/28", "{line:?}");
    assert_eq!(&line[101..109], "26/11/29", "{line:?}");
    assert_eq!(line.trim_end().len(), 109, "{line:?}");

    // The log says it in the page's language.
    arb.accept_language = Some("fr".into());
    let log = arb.get(&format!("/events/{id}/log")).body;
    assert!(log.contains("Date et heure des rondes"), "{log}");
    assert!(
        log.contains("ronde 2 : dimanche 29/11/2026 à 09h30"),
        "{log}"
    );

    // Not a date: refused with the field named, nothing written.
    let r = arb.post_form(
        &format!("/events/{id}/schedule"),
        &[
            ("csrf", &csrf),
            ("date_3", "28/11/2026"),
            ("time_3", "14:00"),
        ],
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body.contains("Ronde 3 : la date s&#39;écrit AAAA-MM-JJ")
            && r.body.contains("« 28/11/2026 »"),
        "{}",
        r.body
    );
    let r = arb.post_form(
        &format!("/events/{id}/schedule"),
        &[
            ("csrf", &csrf),
            ("date_3", "2026-11-30"),
            ("time_3", "25:00"),
        ],
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.body.contains("Ronde 3 : l&#39;heure s&#39;écrit HH:MM") && r.body.contains("« 25:00 »"),
        "{}",
        r.body
    );
    assert_eq!(
        arb.get(&format!("/api/events/{id}/schedule")).json()["starts"]
            .as_object()
            .unwrap()
            .len(),
        2
    );
}

#[test]
fn a_round_date_changed_meanwhile_is_kept() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let csrf = arb.csrf.clone().unwrap();
    let (id, _) = paired_event(&mut arb, json!({"name": "Open", "rounds": 5}), 6);
    let page = arb.get(&format!("/events/{id}/edit")).body;
    let stale = form_version(&page, "schedule-form");
    // A colleague sets round 1 through the API.
    let r = arb.post_json(
        &format!("/api/events/{id}/schedule"),
        &json!({"starts": {"1": "2026-11-28 14:00"}}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["changed"], 1);
    // The stale page sets round 1 otherwise, and round 2: round 1 conflicts, round 2 is written.
    let r = arb.post_form(
        &format!("/events/{id}/schedule"),
        &[
            ("csrf", &csrf),
            ("version", &stale),
            ("date_1", "2026-11-28"),
            ("time_1", "15:00"),
            ("date_2", "2026-11-29"),
            ("time_2", "14:00"),
        ],
    );
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.body.contains("Ronde 1"), "{}", r.body);
    assert_eq!(
        arb.get(&format!("/api/events/{id}/schedule")).json(),
        json!({"starts": {"1": "2026-11-28 14:00", "2": "2026-11-29 14:00"}})
    );
    // The API refuses what is not a date, naming the round.
    let r = arb.post_json(
        &format!("/api/events/{id}/schedule"),
        &json!({"starts": {"3": "tomorrow"}}),
    );
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("starts.3"), "{}", r.body);
}
