//! "Import a Papi file" and "Papi file for the FFE" through the real server: a new event with
//! the file's players and every round, nothing at all when the file is refused, and the event's
//! Papi file with its homologation number.

use std::path::{Path, PathBuf};

use crate::common::{csrf_in, App};

fn papi_data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tournament/tests/data/papi")
        .join(name)
}

#[test]
fn a_papi_file_becomes_an_event_and_the_event_a_papi_file() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let page = arb.get("/events/import-papi");
    assert_eq!(page.status, 200);
    let csrf = csrf_in(&page.body);
    let bytes = std::fs::read(papi_data("bre-jeunes-2024-open-b.papi")).unwrap();
    let r = arb.post_multipart_bytes(
        "/events/import-papi",
        &[("csrf", &csrf)],
        ("file", "open-b.papi", &bytes),
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let event = r.location.clone().unwrap();
    let id: i64 = event.trim_start_matches("/events/").parse().unwrap();
    let dash = arb.get(&event).body;
    assert!(dash.contains("Open B"), "{dash}");
    assert!(dash.contains("id=\"export-papi\""), "{dash}");
    // Every round is there: the standings after round 7 (hand-read from the file: MORBIEU
    // Guillaume, 4 points).
    let rounds = arb.get(&format!("/api/events/{id}/rounds")).json();
    assert_eq!(rounds.as_array().unwrap().len(), 7, "{rounds}");
    let standings = arb.get(&format!("/events/{id}/standings")).body;
    assert!(standings.contains("MORBIEU, Guillaume"), "{standings}");

    // The event's Papi file, named by its homologation number.
    let r = arb.get(&format!("/events/{id}/export.papi?homologation=71234"));
    assert_eq!(r.status, 200);
    assert_eq!(
        r.header("content-disposition"),
        Some("attachment; filename=\"71234.papi\"")
    );
    let file = tournament::papi::read(&r.bytes).unwrap();
    assert_eq!(file.setting("Homologation"), Some("71234"));
    assert_eq!(file.entrants().count(), 14);
    let t = file.to_tournament().unwrap().tournament;
    let original = tournament::papi::read(&bytes)
        .unwrap()
        .to_tournament()
        .unwrap()
        .tournament;
    for (a, b) in t.players.iter().zip(&original.players) {
        assert_eq!((&a.name, &a.rounds), (&b.name, &b.rounds));
    }
}

#[test]
fn a_refused_papi_file_imports_nothing_and_says_why_in_the_visitors_language() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let csrf = csrf_in(&arb.get("/events/import-papi").body);
    let good = std::fs::read(papi_data("bre-jeunes-2024-open-b.papi")).unwrap();
    let mut file = tournament::papi::read(&good).unwrap();
    file.players
        .iter_mut()
        .find(|p| p.reference == 2)
        .unwrap()
        .rounds[0]
        .opponent = Some(99);
    let bad = tournament::papi::write(&file).unwrap();
    let cut = &good[..100_000];
    for (lang, said, opponent, damaged) in [
        (
            "en",
            "The Papi file is refused, nothing was imported",
            "player Ref 2 (MORBIEU Guillaume), column Rd01Adv: opponent Ref 99 is not in the file",
            "the file is truncated or damaged",
        ),
        (
            "fr",
            "Fichier Papi refusé, rien n&#39;a été importé",
            "joueur Ref 2 (MORBIEU Guillaume), colonne Rd01Adv : l&#39;adversaire Ref 99 n&#39;est pas dans le fichier",
            "le fichier est tronqué ou endommagé",
        ),
    ] {
        arb.cookies.insert("lang".into(), lang.into());
        for (name, bytes, detail) in [("missing.papi", &bad[..], opponent), ("cut.papi", cut, damaged)] {
            let r = arb.post_multipart_bytes(
                "/events/import-papi",
                &[("csrf", &csrf)],
                ("file", name, bytes),
            );
            assert_eq!(r.status, 422, "{}", r.body);
            assert!(r.body.contains(said), "{}", r.body);
            assert!(r.body.contains(detail), "{}", r.body);
            // The Jet reader's English sentence ("the file is truncated: … refers to page …")
            // is not on the French page: its detail stands inside a French sentence.
            if lang == "fr" {
                let message = r.body.split("id=\"error-message\"").nth(1).unwrap_or(&r.body);
                assert!(!message.contains("the file is truncated"), "{}", r.body);
                assert!(!message.contains("refers to page"), "{}", r.body);
            }
        }
    }
    let r = arb.post_bytes("/api/events/papi", &bad);
    assert_eq!(r.status, 422, "{}", r.body);
    let events = arb.get("/api/events").json();
    assert_eq!(events.as_array().unwrap().len(), 0, "{events}");
    // The API takes the file as the body and answers the new event.
    let r = arb.post_bytes("/api/events/papi", &good);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["settings"]["name"], "Open B");
}
