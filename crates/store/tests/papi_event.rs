//! Events from the FFE's Papi files and back: every real file with results becomes an event
//! whose rounds are the file's, all or nothing; the event written as Papi reads back as it.

use std::path::{Path, PathBuf};

use store::chess::papi::{event_from_papi, PAPI_EXPECTED};
use store::{Error, LicenceType, RatingKind, Store};
use tournament::papi;

const ACTOR: &str = "arbiter";

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tournament/tests/data/papi")
        .join(name)
}

/// Each player's rounds as the store's model has them equal the file's.
#[test]
fn every_real_papi_file_becomes_an_event_with_the_files_rounds() {
    for name in [
        "bre-jeunes-2024-open-a.papi",
        "bre-jeunes-2024-open-b.papi",
        "bre-jeunes-2024-u08.papi",
        "bre-jeunes-2024-blitz.papi",
        "papi-import-test.papi",
        "66363.papi",
        "67900.papi",
        "handicap.papi",
    ] {
        let store = Store::open_in_memory().unwrap();
        let file = event_from_papi(&std::fs::read(data(name)).unwrap()).unwrap();
        let id = store.create_event_from_papi(ACTOR, &file).unwrap();
        let t = store.tournament(id).unwrap();
        assert_eq!(t.players.len(), file.tournament.players.len(), "{name}");
        let rounds = file.tournament.recorded_rounds() as usize;
        for (ours, theirs) in t.players.iter().zip(&file.tournament.players) {
            assert_eq!(ours.id, theirs.id, "{name}");
            let mut got = ours.rounds.clone();
            got.truncate(rounds);
            while got.last() == Some(&tournament::Entry::NotPaired) {
                got.pop();
            }
            assert_eq!(
                got, theirs.rounds,
                "{name}: player {} {}",
                ours.id, ours.name
            );
        }
        assert_eq!(store.rounds(id).unwrap().len(), rounds, "{name}");
    }
}

/// Hand-read from bre-jeunes-2024-open-b.papi: MORBIEU Guillaume, licence and FFE data.
#[test]
fn a_players_ffe_data_comes_with_them() {
    let store = Store::open_in_memory().unwrap();
    let bytes = std::fs::read(data("bre-jeunes-2024-open-b.papi")).unwrap();
    let file = papi::read(&bytes).unwrap();
    let row = file
        .players
        .iter()
        .find(|p| p.last_name == "MORBIEU")
        .unwrap();
    let event = event_from_papi(&bytes).unwrap();
    let id = store.create_event_from_papi(ACTOR, &event).unwrap();
    let p = store
        .players(id)
        .unwrap()
        .into_iter()
        .find(|p| p.details.name.as_str() == "MORBIEU, Guillaume")
        .unwrap();
    assert_eq!(
        Some(p.details.national.licence.as_str()),
        row.licence.as_deref()
    );
    assert_eq!(
        p.details.national.licence_type.map(LicenceType::as_str),
        row.licence_type.as_deref()
    );
    assert_eq!(
        p.details.national_rating,
        row.standard.value.map(|v| v as u16)
    );
    assert_eq!(
        p.details
            .national
            .national_rating_kind
            .map(RatingKind::as_str),
        row.standard.kind.as_deref()
    );
    assert_eq!(Some(p.details.club.as_str()), row.club.as_deref());
    let e = store.event(id).unwrap();
    assert_eq!(e.settings.name.as_str(), "Open B");
    assert_eq!(e.settings.rounds, 7);
}

#[test]
fn a_bad_file_leaves_the_database_as_it_was() {
    let store = Store::open_in_memory().unwrap();
    let good = std::fs::read(data("bre-jeunes-2024-open-b.papi")).unwrap();
    // A player whose name the store refuses (a control character): nothing is imported.
    let mut file = papi::read(&good).unwrap();
    file.players[5].last_name = "BAD\u{7}NAME".into();
    let err = event_from_papi(&papi::write(&file).unwrap()).unwrap_err();
    assert!(
        matches!(&err, Error::Invalid { expected, .. } if expected == PAPI_EXPECTED),
        "{err}"
    );
    // Settings the store refuses (no rounds): refused before anything is written.
    let mut event = event_from_papi(&good).unwrap();
    event.settings.rounds = 0;
    assert!(store.create_event_from_papi(ACTOR, &event).is_err());
    assert!(store.events().unwrap().is_empty());
    // A missing opponent and a truncated file are refused by the reader, naming the place.
    let mut file = papi::read(&good).unwrap();
    file.players
        .iter_mut()
        .find(|p| p.reference == 2)
        .unwrap()
        .rounds[0]
        .opponent = Some(99);
    let err = event_from_papi(&papi::write(&file).unwrap()).unwrap_err();
    assert!(
        err.to_string().contains(
            "player Ref 2 (MORBIEU Guillaume), column Rd01Adv: opponent Ref 99 is not in the file"
        ),
        "{err}"
    );
    let err = event_from_papi(&good[..50_000]).unwrap_err();
    assert!(err.to_string().contains("truncated"), "{err}");
    assert!(store.events().unwrap().is_empty());
}

/// An imported event written back as Papi: the same players, the same rounds, the FFE data.
#[test]
fn an_event_exports_as_the_papi_file_it_came_from() {
    let store = Store::open_in_memory().unwrap();
    let bytes = std::fs::read(data("bre-jeunes-2024-open-b.papi")).unwrap();
    let original = papi::read(&bytes).unwrap();
    let id = store
        .create_event_from_papi(ACTOR, &event_from_papi(&bytes).unwrap())
        .unwrap();
    let out = store.export_papi(id, "71234").unwrap();
    let back = papi::read(&out).unwrap();
    assert_eq!(back.setting("Homologation"), Some("71234"));
    assert_eq!(back.setting("Nom"), Some("Open B"));
    let a = original.to_tournament().unwrap().tournament;
    let b = back.to_tournament().unwrap().tournament;
    assert_eq!(a.players.len(), b.players.len());
    for (x, y) in a.players.iter().zip(&b.players) {
        assert_eq!(
            (&x.name, &x.rounds, x.points),
            (&y.name, &y.rounds, y.points)
        );
    }
    let find = |f: &papi::PapiFile, name: &str| {
        f.entrants().find(|p| p.last_name == name).cloned().unwrap()
    };
    let (x, y) = (find(&original, "MORBIEU"), find(&back, "MORBIEU"));
    assert_eq!(
        (x.licence, x.club, x.league, x.standard),
        (y.licence, y.club, y.league, y.standard)
    );
}
