//! A national rating list imported with its columns mapped once per federation, kept and
//! searched like FIDE's list; and the rating an event pairs by.
//!
//! The FFE's real list format is not available here: the files below are a sample of our own,
//! with French headers of the kind the FFE uses (`NrFFE`, `Nom`, `Prenom`, `Elo`, `Fide`, …).
//! The names, licences and ratings are invented.

use store::{
    Error, EventSettings, ListColumn, ListMapping, NewPlayer, PairingRating, RatingKind, Refusal,
    Store,
};

const ACTOR: &str = "arbiter";

/// The FFE-like list of a month: `;` separated, the rating with its kind after it.
const MARCH: &str = "NrFFE;Nom;Prenom;Elo;Fide;NrFide;Club;Ligue;Sexe;Cat;Ne le\n\
K59857;MARTIN;Alice;1790 N;1850;36012345;Echiquier Lillois;Hauts-de-France;F;BenF;02/05/2013\n\
M12345;DURAND;Bernard;1420 E;;;Cercle de Rennes;Bretagne;M;VetM;1960\n\
P00042;LÉVY;Éloïse;2105 F;2105;;Club de Nice;Sud;F;SenF;1994\n";

/// The same federation's next list: the columns moved and a player joined.
const APRIL: &str = "Nom;Prenom;NrFFE;Club;Elo;Ligue;Sexe;Cat;Ne le;Fide;NrFide\n\
MARTIN;Alice;K59857;Echiquier Lillois;1812 N;Hauts-de-France;F;BenF;02/05/2013;1850;36012345\n\
DURAND;Bernard;M12345;Cercle de Rennes;1420 E;Bretagne;M;VetM;1960;;\n\
PETIT;Chloé;R77001;Club de Nice;1100 E;Sud;F;PupF;2016;;\n";

fn ffe_mapping() -> ListMapping {
    ListMapping {
        separator: None,
        columns: [
            (ListColumn::Licence, "NrFFE"),
            (ListColumn::Surname, "Nom"),
            (ListColumn::FirstName, "Prénom"),
            (ListColumn::Rating, "Elo"),
            (ListColumn::FideRating, "Fide"),
            (ListColumn::FideId, "NrFide"),
            (ListColumn::Club, "Club"),
            (ListColumn::League, "Ligue"),
            (ListColumn::Sex, "Sexe"),
            (ListColumn::Category, "Cat"),
            (ListColumn::BirthDate, "Né le"),
        ]
        .into_iter()
        .map(|(c, h)| (c, h.to_string()))
        .collect(),
    }
}

#[test]
fn a_mapped_list_is_kept_searched_and_its_mapping_reused_by_the_next_list() {
    let store = Store::open_in_memory().unwrap();
    assert!(store.national_list_mapping("FRA").unwrap().is_none());
    // No mapping yet: the first list must be mapped.
    let e = store
        .import_national_list("FRA", "march.csv", MARCH, None)
        .unwrap_err();
    assert!(
        matches!(&e, Error::Invalid { field, found, .. } if field == "mapping" && found.contains("FRA")),
        "{e}"
    );

    let n = store
        .import_national_list("fra", "march.csv", MARCH, Some(&ffe_mapping()))
        .unwrap();
    assert_eq!(n, 3);
    assert_eq!(
        store.national_list_mapping("FRA").unwrap(),
        Some(ffe_mapping())
    );
    let by_licence = store.search_national_list("k59857").unwrap();
    assert_eq!(by_licence.len(), 1);
    let alice = &by_licence[0];
    assert_eq!(alice.federation, "FRA");
    assert_eq!(alice.category, "BenF");
    assert_eq!(alice.player.name, "MARTIN, Alice");
    assert_eq!(alice.player.national.licence.as_str(), "K59857");
    assert_eq!(
        (
            alice.player.national_rating,
            alice.player.national.national_rating_kind
        ),
        (Some(1790), Some(RatingKind::N))
    );
    assert_eq!(
        (alice.player.rating, alice.player.fide_id),
        (Some(1850), Some(36012345))
    );
    assert_eq!(alice.player.club, "Echiquier Lillois");
    assert_eq!(alice.player.national.league, "Hauts-de-France");
    assert_eq!(
        (alice.player.sex.as_str(), alice.player.birth_date.as_str()),
        ("w", "2013/05/02")
    );
    // By name, accents and case ignored.
    let by_name = store.search_national_list("levy eloise").unwrap();
    assert_eq!(by_name.len(), 1);
    assert_eq!(by_name[0].player.national.licence.as_str(), "P00042");
    assert!(store.search_national_list("zzznobody").unwrap().is_empty());
    assert_eq!(
        store.national_entry("FRA", "M12345").unwrap().player.name,
        "DURAND, Bernard"
    );

    // April's list: other column order, no mapping given, the saved one reads it.
    let n = store
        .import_national_list("FRA", "april.csv", APRIL, None)
        .unwrap();
    assert_eq!(n, 3);
    let sources = store.national_list_sources().unwrap();
    assert_eq!(sources.len(), 1);
    assert_eq!(
        (sources[0].file_name.as_str(), sources[0].players),
        ("april.csv", 3)
    );
    assert_eq!(
        store.search_national_list("K59857").unwrap()[0]
            .player
            .national_rating,
        Some(1812)
    );
    assert_eq!(store.search_national_list("petit").unwrap().len(), 1);
}

#[test]
fn a_bad_cell_is_named_by_line_and_column_and_leaves_the_stored_list_as_it_was() {
    let store = Store::open_in_memory().unwrap();
    store
        .import_national_list("FRA", "march.csv", MARCH, Some(&ffe_mapping()))
        .unwrap();
    // A good first line, then a rating that is not one on line 3 (column 20: after
    // `R77002;BLANC;Denis;`, so the first lines are written into the transaction first).
    let bad = "NrFFE;Nom;Prenom;Elo;Fide;NrFide;Club;Ligue;Sexe;Cat;Ne le\n\
               R77001;PETIT;Chloé;1100 E;;;Club de Nice;Sud;F;PupF;2016\n\
               R77002;BLANC;Denis;12O0 N;;;Club de Nice;Sud;M;MinM;2011\n";
    let e = store
        .import_national_list("FRA", "bad.csv", bad, None)
        .unwrap_err();
    match &e {
        Error::Invalid {
            field,
            expected,
            found,
        } => {
            assert_eq!(field, "file, line 3, column 20: national_rating");
            assert!(expected.contains("rating"), "{expected}");
            assert!(found.contains("12O0 N"), "{found}");
        }
        other => panic!("{other}"),
    }
    // Nothing of it was kept: March's list stands, with its source.
    assert!(store.search_national_list("petit").unwrap().is_empty());
    assert_eq!(store.search_national_list("martin").unwrap().len(), 1);
    assert_eq!(
        store.national_list_sources().unwrap()[0].file_name,
        "march.csv"
    );

    // A licence twice, a line without one, a mapped column the file lacks.
    let twice = "NrFFE;Nom;Prenom;Elo;Fide;NrFide;Club;Ligue;Sexe;Cat;Ne le\n\
                 R1;A;B;;;;;;;;\nR1;C;D;;;;;;;;\n";
    let e = store
        .import_national_list("FRA", "twice.csv", twice, None)
        .unwrap_err();
    assert!(
        matches!(&e, Error::Invalid { field, found, .. } if field == "file, line 3, column 1" && found.contains("line 2")),
        "{e}"
    );
    let none = "NrFFE;Nom;Prenom;Elo;Fide;NrFide;Club;Ligue;Sexe;Cat;Ne le\n;A;B;;;;;;;;\n";
    let e = store
        .import_national_list("FRA", "none.csv", none, None)
        .unwrap_err();
    assert!(
        matches!(&e, Error::Invalid { field, expected, .. } if field == "file, line 2, column 1" && expected.contains("licence")),
        "{e}"
    );
    let e = store
        .import_national_list("FRA", "short.csv", "NrFFE;Nom\nR1;A\n", None)
        .unwrap_err();
    assert!(
        matches!(&e, Error::Invalid { field, expected, .. } if field == "file, line 1, column 1" && expected.contains("\"Prénom\"")),
        "{e}"
    );
    // A mapping without a licence column is refused before the file is read.
    let mut no_licence = ffe_mapping();
    no_licence.columns.remove(0);
    let e = store
        .import_national_list("BEL", "x.csv", MARCH, Some(&no_licence))
        .unwrap_err();
    assert!(
        matches!(&e, Error::Invalid { field, .. } if field == "mapping"),
        "{e}"
    );
}

#[test]
fn a_tab_separated_list_with_a_chosen_separator_and_whole_names() {
    let store = Store::open_in_memory().unwrap();
    let text = "Licence\tName\tRating\tKind\nB0001\tJANSSENS Piet\t1650\tN\n";
    let mapping = ListMapping {
        separator: Some('\t'),
        columns: vec![
            (ListColumn::Licence, "licence".into()),
            (ListColumn::FullName, "name".into()),
            (ListColumn::Rating, "rating".into()),
            (ListColumn::RatingKind, "kind".into()),
        ],
    };
    assert_eq!(
        store
            .import_national_list("BEL", "bel.txt", text, Some(&mapping))
            .unwrap(),
        1
    );
    let found = store.search_national_list("janssens").unwrap();
    assert_eq!(found[0].federation, "BEL");
    assert_eq!(
        found[0].player.national.national_rating_kind,
        Some(RatingKind::N)
    );
}

fn player(
    name: &str,
    fide: Option<u16>,
    national: Option<u16>,
    kind: Option<RatingKind>,
) -> NewPlayer {
    let mut p = NewPlayer {
        name: name.parse().unwrap(),
        rating: fide,
        national_rating: national,
        ..NewPlayer::default()
    };
    p.national.national_rating_kind = kind;
    p
}

#[test]
fn the_pairing_rating_orders_the_players_and_is_fixed_once_round_1_is_paired() {
    let store = Store::open_in_memory().unwrap();
    let settings = EventSettings::new("Open B".parse().unwrap(), 5);
    assert_eq!(settings.pairing_rating, PairingRating::Fide);
    let event = store.create_event(ACTOR, &settings).unwrap();
    store
        .add_players(
            ACTOR,
            event,
            &[
                player("Ada", Some(1500), Some(1900), Some(RatingKind::N)),
                player("Ben", Some(1800), None, None),
                player("Cyd", None, Some(1700), Some(RatingKind::E)),
                player("Dan", Some(1600), Some(1550), Some(RatingKind::N)),
            ],
        )
        .unwrap();
    let order = |store: &Store| -> Vec<String> {
        store
            .players(event)
            .unwrap()
            .iter()
            .map(|p| p.details.name.to_string())
            .collect()
    };
    // Today's order: FIDE's rating alone, the unrated last.
    assert_eq!(order(&store), ["Ben", "Dan", "Ada", "Cyd"]);
    let mut s = store.event(event).unwrap().settings;
    for (choice, expected) in [
        (PairingRating::Higher, ["Ada", "Ben", "Cyd", "Dan"]),
        (PairingRating::National, ["Ada", "Cyd", "Dan", "Ben"]),
        (
            PairingRating::FideElseNational,
            ["Ben", "Cyd", "Dan", "Ada"],
        ),
    ] {
        s.pairing_rating = choice;
        store.update_event(ACTOR, event, &s, None).unwrap();
        assert_eq!(order(&store), expected, "{choice:?}");
    }
    s.pairing_rating = PairingRating::Higher;
    store.update_event(ACTOR, event, &s, None).unwrap();
    // The engines' model carries the rating paired by; the FIDE report FIDE's own.
    let t = store.tournament(event).unwrap();
    assert_eq!(
        t.players.iter().map(|p| p.rating).collect::<Vec<_>>(),
        [Some(1900), Some(1800), Some(1700), Some(1600)]
    );
    let round = store.pair_round(ACTOR, event, 1).unwrap();
    // Round 1 (C.04.3): the top half meets the bottom half in pairing-number order.
    let names = |key| {
        store
            .players(event)
            .unwrap()
            .into_iter()
            .find(|p| p.id == key)
            .unwrap()
            .details
            .name
            .to_string()
    };
    let boards: Vec<(String, String)> = round
        .games
        .iter()
        .map(|g| (names(g.white), names(g.black.unwrap())))
        .collect();
    assert_eq!(
        boards,
        [("Ada".into(), "Cyd".into()), ("Dan".into(), "Ben".into())]
    );
    let trf = store
        .export_trf(event, tournament::trf::Format::Trf16)
        .unwrap();
    let ada = trf.lines().find(|l| l.contains("Ada")).unwrap();
    assert!(ada.contains(" 1500 "), "{ada}");

    s.pairing_rating = PairingRating::Fide;
    let e = store.update_event(ACTOR, event, &s, None).unwrap_err();
    assert!(
        matches!(
            e,
            Error::Refused {
                reason: Refusal::PairingRatingFixed,
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(
        store.event(event).unwrap().settings.pairing_rating,
        PairingRating::Higher
    );
}
