//! "Import a Swiss-Manager file (.TUNX)" through the real server: a new event with the file's
//! players and every round, what the file holds that the event does not take shown on its page,
//! and nothing at all when the file is refused (the reader's byte, what it expected and found).

use std::path::{Path, PathBuf};

use crate::common::{csrf_in, App};

fn tunx(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tournament/tests/fixtures/tunx")
        .join(name)
}

/// sample.TUNX (public/sample.json, the public reader's reading): "Circuito Sesc de Xadrez -
/// 2026", 29 players, 7 rounds with results; its tie-breaks are Progressive, Buchholz, Buchholz,
/// Buchholz cut 1 and Number of wins (the second Buchholz is left out, and said).
#[test]
fn a_swiss_manager_file_becomes_an_event_and_its_page_says_what_was_left_out() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    arb.cookies.insert("lang".into(), "en".into());
    let events = arb.get("/");
    assert!(
        events.body.contains("href=\"/events/import-tunx\""),
        "{}",
        events.body
    );
    let page = arb.get("/events/import-tunx");
    assert_eq!(page.status, 200);
    let csrf = csrf_in(&page.body);
    let bytes = std::fs::read(tunx("sample.TUNX")).unwrap();
    let r = arb.post_multipart_bytes(
        "/events/import-tunx",
        &[("csrf", &csrf)],
        ("file", "sample.TUNX", &bytes),
    );
    assert_eq!(r.status, 303, "{}", r.body);
    let event = r.location.clone().unwrap();
    let (path, query) = event.split_once('?').unwrap();
    assert_eq!(query, "imported=1");
    let id: i64 = path.trim_start_matches("/events/").parse().unwrap();
    let dash = arb.get(&event).body;
    assert!(dash.contains("Circuito Sesc de Xadrez - 2026"), "{dash}");
    assert!(dash.contains("id=\"import-notes\""), "{dash}");
    assert!(
        dash.contains("Tie-breaks of the file without an equivalent here, left out: Buchholz."),
        "{dash}"
    );
    assert!(dash.contains("PS, BH, BH/C1, WIN"), "{dash}");
    // The page without the query is the usual one.
    assert!(!arb.get(path).body.contains("id=\"import-notes\""));
    arb.cookies.insert("lang".into(), "fr".into());
    let dash = arb.get(&event).body;
    assert!(
        dash.contains("Départages du fichier sans équivalent ici, non repris : Buchholz."),
        "{dash}"
    );
    arb.cookies.insert("lang".into(), "en".into());

    let players = arb.get(&format!("/api/events/{id}/players")).json();
    assert_eq!(players.as_array().unwrap().len(), 29, "{players}");
    let rounds = arb.get(&format!("/api/events/{id}/rounds")).json();
    assert_eq!(rounds.as_array().unwrap().len(), 7, "{rounds}");

    // The API: the file as the body, the event back with what the import left out.
    let r = arb.post_bytes("/api/events/tunx", &bytes);
    assert_eq!(r.status, 200, "{}", r.body);
    let body = r.json();
    assert_eq!(body["settings"]["name"], "Circuito Sesc de Xadrez - 2026");
    assert_eq!(body["settings"]["tiebreaks"], "PS,BH,BH/C1,WIN");
    assert_eq!(body["import"]["tiebreaks_left_out"][0], "Buchholz");
}

#[test]
fn a_refused_swiss_manager_file_imports_nothing_and_says_where_in_the_visitors_language() {
    let app = App::start(false);
    let mut arb = app.arbiter();
    let csrf = csrf_in(&arb.get("/events/import-tunx").body);
    let good = std::fs::read(tunx("sample.TUNX")).unwrap();
    let team = std::fs::read(tunx("cro_1386026.TUNX")).unwrap();
    let papi = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../tournament/tests/data/papi/bre-jeunes-2024-open-b.papi"),
    )
    .unwrap();
    // The reader's places (crates/tournament/src/swiss_manager/reader.rs): the signature at
    // byte 0, the tournament's type at its settings' byte 0x0B.
    let not_tunx = |lang: &str| match lang {
        "en" => "this is not a Swiss-Manager tournament file (byte 0: expected",
        _ => "ce fichier n&#39;est pas un fichier de tournoi Swiss-Manager (octet 0 : attendu",
    };
    for (lang, said, team_said) in [
        (
            "en",
            "The Swiss-Manager file is refused, nothing was imported",
            "a team tournament: Swiss-Manager&#39;s team files are not read (byte ",
        ),
        (
            "fr",
            "Fichier Swiss-Manager refusé, rien n&#39;a été importé",
            "un tournoi par équipes : les fichiers d&#39;équipes de Swiss-Manager ne sont pas lus (octet ",
        ),
    ] {
        arb.cookies.insert("lang".into(), lang.into());
        for (name, bytes, detail) in [
            ("open-b.TUNX", &papi[..], not_tunx(lang)),
            ("team.TUNX", &team[..], team_said),
        ] {
            let r = arb.post_multipart_bytes(
                "/events/import-tunx",
                &[("csrf", &csrf)],
                ("file", name, bytes),
            );
            assert_eq!(r.status, 422, "{}", r.body);
            assert!(r.body.contains(said), "{}", r.body);
            assert!(r.body.contains(detail), "{}", r.body);
        }
        // A truncated file: the byte where it ends.
        let r = arb.post_multipart_bytes(
            "/events/import-tunx",
            &[("csrf", &csrf)],
            ("file", "cut.TUNX", &good[..good.len() / 2]),
        );
        assert_eq!(r.status, 422, "{}", r.body);
        assert!(r.body.contains(said), "{}", r.body);
        let at = if lang == "en" { "byte " } else { "octet " };
        assert!(r.body.contains(at), "{}", r.body);
    }
    let r = arb.post_bytes("/api/events/tunx", &team);
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(r.body.contains("team files are not read"), "{}", r.body);
    let events = arb.get("/api/events").json();
    assert_eq!(events.as_array().unwrap().len(), 0, "{events}");
}
