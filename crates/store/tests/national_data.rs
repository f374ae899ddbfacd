//! A player's national data (licence, licence type, league, the kind of the national rating)
//! from a French club's CSV to the database, through an edit and its undo.

use store::import::players_from_csv;
use store::{EventSettings, LicenceType, RatingKind, Store};

const ACTOR: &str = "arbiter";

#[test]
fn national_data_goes_from_a_french_csv_to_the_database_and_back_through_undo() {
    let csv = "Nom;Prénom;Elo;Elo national;N° de licence;Type de licence;Ligue;Né le;Sexe\n\
               Martin;Alice;1850;1790 N;k59857;A;Île-de-France;02/05/2013;F\n\
               Durand;Bob;;1420E;M12345;b;Bretagne;1960;M\n";
    let players = players_from_csv(csv).unwrap();
    assert_eq!(players[0].national.licence.as_str(), "K59857");
    assert_eq!(players[0].national.licence_type, Some(LicenceType::A));
    assert_eq!(players[0].national.league, "Île-de-France");
    assert_eq!(
        (
            players[0].national_rating,
            players[0].national.national_rating_kind
        ),
        (Some(1790), Some(RatingKind::N))
    );
    assert_eq!(
        (
            players[1].national_rating,
            players[1].national.national_rating_kind
        ),
        (Some(1420), Some(RatingKind::E))
    );
    assert_eq!(players[1].national.licence_type, Some(LicenceType::B));

    let store = Store::open_in_memory().unwrap();
    let event = store
        .create_event(ACTOR, &EventSettings::new("Open".parse().unwrap(), 5))
        .unwrap();
    store.add_players(ACTOR, event, &players).unwrap();
    let stored = store.players(event).unwrap();
    assert_eq!(stored[0].details, players[0]);
    assert_eq!(stored[1].details, players[1]);
    assert_eq!(stored[0].details.ffe_category("2026-03-14"), "BenF");
    assert_eq!(stored[1].details.ffe_category("2026-03-14"), "VetM");

    let mut edited = stored[1].details.clone();
    edited.national.league = "Normandie".parse().unwrap();
    edited.national.national_rating_kind = Some(RatingKind::N);
    store
        .update_player(ACTOR, event, stored[1].id, &edited, None)
        .unwrap();
    assert_eq!(store.player(event, stored[1].id).unwrap().details, edited);
    store.undo_last(ACTOR, event).unwrap();
    assert_eq!(
        store.player(event, stored[1].id).unwrap().details,
        players[1]
    );
}

#[test]
fn a_bad_national_cell_is_named_by_line_and_column() {
    let csv = "nom;licence;type de licence;elo national\nAnn;K1;A;1500\nBob;K 2;A;1400\n";
    let e = players_from_csv(csv).unwrap_err();
    assert_eq!((e.line, e.column), (3, 5));
    let csv = "nom;licence;type de licence;elo national\nAnn;K1;C;1500\n";
    let e = players_from_csv(csv).unwrap_err();
    assert_eq!((e.line, e.column), (2, 8));
    let csv = "nom;elo national\nAnn;1500 X\n";
    let e = players_from_csv(csv).unwrap_err();
    assert_eq!((e.line, e.column), (2, 5));
    assert!(e.expected.contains("F, N or E"), "{}", e.expected);
}
