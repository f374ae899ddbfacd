//! Events from Swiss-Manager files (`.TUNX`): every real individual file becomes an event whose
//! players and rounds are those of the TRF `arbiter convert` writes from it, all or nothing.

use std::path::{Path, PathBuf};

use store::chess::swiss_manager::{event_from_tunx, TUNX_EXPECTED};
use store::{Error, Store, System};
use tournament::trf::{self, Format};
use tournament::{swiss_manager, Entry};

const ACTOR: &str = "arbiter";

fn tunx(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tournament/tests/fixtures/tunx")
        .join(name)
}

/// Not rated or rated, a game is a game to the event (the import warns of it).
fn rated(e: &Entry) -> Entry {
    match *e {
        Entry::Played {
            opponent,
            color,
            result,
            ..
        } => Entry::Played {
            opponent,
            color,
            result,
            rated: true,
        },
        other => other,
    }
}

/// Each real individual file: the event's players (name, ratings, FIDE id, federation, title,
/// sex, birth) and rounds equal those of the file's TRF-16 conversion (`arbiter convert`).
#[test]
fn every_real_tunx_file_becomes_an_event_with_the_converted_trfs_players_and_rounds() {
    let mut names: Vec<String> = std::fs::read_dir(tunx(""))
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".TUNX") && n != "cro_1386026.TUNX")
        .collect();
    names.sort();
    assert_eq!(names.len(), 36);
    let mut with_rounds = 0;
    for name in &names {
        let bytes = std::fs::read(tunx(name)).unwrap();
        let (converted, _) = swiss_manager::to_tournament(&swiss_manager::read(&bytes).unwrap());
        let trf = trf::read_unchecked(&trf::write(&converted, Format::Trf16)).unwrap();

        let store = Store::open_in_memory().unwrap();
        let file = event_from_tunx(&bytes).unwrap();
        let id = store.create_event_from_tunx(ACTOR, &file).unwrap();
        let t = store.tournament(id).unwrap();
        assert_eq!(t.players.len(), trf.players.len(), "{name}");
        let rounds = trf.recorded_rounds() as usize;
        assert_eq!(store.rounds(id).unwrap().len(), rounds, "{name}");
        with_rounds += usize::from(rounds > 0);
        let rows = store.players(id).unwrap();
        for ((ours, theirs), row) in t.players.iter().zip(&trf.players).zip(&rows) {
            let who = format!("{name}: player {} {}", theirs.id, theirs.name);
            assert_eq!(ours.id, theirs.id, "{who}");
            let d = &row.details;
            // The TRF cuts a name to its 33 characters; the event keeps it whole.
            let cut: String = d.name.chars().take(33).collect();
            assert_eq!(cut.trim_end(), theirs.name, "{who}");
            assert_eq!(d.rating, theirs.rating, "{who}");
            assert_eq!(d.fide_id, theirs.fide_id, "{who}");
            // A federation that is not three Latin letters (`ВІН` in ukraine_rapid8) is left
            // out, and said.
            let fed = theirs.federation.clone().unwrap_or_default();
            if fed.len() == 3 && fed.chars().all(|c| c.is_ascii_alphabetic()) {
                assert_eq!(d.federation, fed, "{who}");
            } else {
                assert_eq!(d.federation, "", "{who}");
                assert!(
                    file.warnings
                        .iter()
                        .any(|w| w.contains(&format!("{fed:?}"))),
                    "{who}"
                );
            }
            assert_eq!(
                d.title,
                theirs
                    .title
                    .map(|t| t.code().to_string())
                    .unwrap_or_default(),
                "{who}"
            );
            assert_eq!(
                d.sex == "w",
                theirs.sex == Some(tournament::Sex::Female),
                "{who}"
            );
            assert_eq!(
                d.birth_date,
                theirs.birth_date.clone().unwrap_or_default(),
                "{who}"
            );
            let mut got = ours.rounds.clone();
            got.truncate(rounds);
            while got.last() == Some(&Entry::NotPaired) {
                got.pop();
            }
            let mut want: Vec<Entry> = theirs.rounds.iter().map(rated).collect();
            while want.last() == Some(&Entry::NotPaired) {
                want.pop();
            }
            assert_eq!(got, want, "{who}");
        }
    }
    // The files with results (README of the fixtures: 21 Swiss events and 5 round robins).
    assert_eq!(with_rounds, 26);
}

/// Hand-read from `public/sample.json` (the public reader's reading of `sample.TUNX`): the
/// event's settings, its first player, and the tie-breaks Progressive, Buchholz, Buchholz,
/// Buchholz cut 1, Number of wins (the second Buchholz, told apart by parameters we do not
/// read, is named in a warning).
#[test]
fn a_files_settings_and_tiebreaks_come_with_the_event() {
    let store = Store::open_in_memory().unwrap();
    let file = event_from_tunx(&std::fs::read(tunx("sample.TUNX")).unwrap()).unwrap();
    assert_eq!(file.tiebreaks_left_out, vec!["Buchholz".to_string()]);
    let id = store.create_event_from_tunx(ACTOR, &file).unwrap();
    let e = store.event(id).unwrap();
    assert_eq!(e.settings.name.as_str(), "Circuito Sesc de Xadrez - 2026");
    assert_eq!(e.settings.start_date, "2026-03-28");
    assert_eq!(e.settings.end_date, "2026-03-28");
    assert_eq!(e.settings.rounds, 7);
    assert_eq!(e.settings.system, System::Swiss);
    assert_eq!(e.settings.tiebreaks, "PS,BH,BH/C1,WIN");
    let p = &store.players(id).unwrap()[0].details;
    assert_eq!(p.name.as_str(), "Aloisio, Ponti Lopes");
    assert_eq!(
        (p.rating, p.national_rating, p.fide_id),
        (Some(1959), Some(1869), Some(2108372))
    );
    assert_eq!(p.federation, "BRA");
    // The warnings stay with the event, for its page after the import.
    let notes = store.import_notes(id).unwrap();
    assert_eq!(notes.tiebreaks_left_out, vec!["Buchholz".to_string()]);
    assert_eq!(notes.warnings, file.warnings);

    // A round robin (public/albanian_roundrobin_1381000.json: 6 players).
    let file =
        event_from_tunx(&std::fs::read(tunx("albanian_roundrobin_1381000.TUNX")).unwrap()).unwrap();
    let id = store.create_event_from_tunx(ACTOR, &file).unwrap();
    assert_eq!(store.event(id).unwrap().settings.system, System::RoundRobin);
    assert_eq!(store.players(id).unwrap().len(), 6);
}

/// Absences entered for the rounds to come (brazilian_circuit_1370000: players withdrawn for
/// rounds 3-5) become the players' byes of those rounds.
#[test]
fn absences_announced_for_the_rounds_to_come_become_byes() {
    let store = Store::open_in_memory().unwrap();
    let bytes = std::fs::read(tunx("brazilian_circuit_1370000.TUNX")).unwrap();
    let file = event_from_tunx(&bytes).unwrap();
    let played = file.tournament.recorded_rounds();
    let announced: usize = file
        .tournament
        .announced_byes
        .iter()
        .filter(|a| a.round > played)
        .map(|a| a.players.len())
        .sum();
    assert!(announced > 0);
    let id = store.create_event_from_tunx(ACTOR, &file).unwrap();
    assert_eq!(store.rounds(id).unwrap().len(), played as usize);
    let later = store
        .byes(id)
        .unwrap()
        .iter()
        .filter(|b| b.round > played)
        .count();
    assert_eq!(later, announced);
}

#[test]
fn a_bad_file_after_a_good_one_leaves_the_database_as_it_was() {
    let store = Store::open_in_memory().unwrap();
    let good = std::fs::read(tunx("sample.TUNX")).unwrap();
    store
        .create_event_from_tunx(ACTOR, &event_from_tunx(&good).unwrap())
        .unwrap();
    assert_eq!(store.events().unwrap().len(), 1);

    // A truncated file: the reader names the byte, what it expected and what it found.
    let err = event_from_tunx(&good[..good.len() / 2]).unwrap_err();
    match &err {
        Error::Invalid {
            field,
            expected,
            found,
        } => {
            assert_eq!(field, "tunx_file");
            assert_eq!(expected, TUNX_EXPECTED);
            assert!(found.starts_with("byte "), "{found}");
            assert!(found.contains("expected"), "{found}");
        }
        other => panic!("{other}"),
    }
    // A team tournament: the reader's own error.
    let err = event_from_tunx(&std::fs::read(tunx("cro_1386026.TUNX")).unwrap()).unwrap_err();
    assert!(err.to_string().contains("team"), "{err}");
    // A file the store refuses half-way (a player's rating out of range, after the event and
    // the players before them are written): nothing of it stays.
    let mut file = event_from_tunx(&good).unwrap();
    file.players[20].rating = Some(5000);
    let err = store.create_event_from_tunx(ACTOR, &file).unwrap_err();
    assert!(err.to_string().contains("player 21"), "{err}");
    assert_eq!(store.events().unwrap().len(), 1);
}
