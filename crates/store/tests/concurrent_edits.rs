//! Forms built at one version of an event or bridge session, written after someone else's
//! change (`store::edits`): only what the form changed is written, a value changed by both is a
//! conflict with both values; players' reports that disagree wait for the arbiter.

use store::bridge::{BridgeSettings, EnterOutcome, Entry, NewPair};
use store::{Changed, Error, EventSettings, NewPlayer, ReportOutcome, ResultCode, Store, Version};

const CHIEF: &str = "chief";
const DEPUTY: &str = "deputy";

/// An event of `n` players with round 1 paired.
fn paired(n: usize) -> (Store, i64) {
    let store = Store::open_in_memory().unwrap();
    let event = store
        .create_event(CHIEF, &EventSettings::new("Open".parse().unwrap(), 3))
        .unwrap();
    let players: Vec<NewPlayer> = (0..n)
        .map(|i| {
            NewPlayer::named(
                format!("Player{i:02}, Test").parse().unwrap(),
                Some(2000 - i as u16),
            )
        })
        .collect();
    store.add_players(CHIEF, event, &players).unwrap();
    store.pair_round(CHIEF, event, 1).unwrap();
    (store, event)
}

fn version(store: &Store, event: i64) -> Version {
    Version(store.event_version(event).unwrap())
}

fn results(store: &Store, event: i64, round: u32) -> Vec<Option<ResultCode>> {
    store
        .round(event, round)
        .unwrap()
        .games
        .iter()
        .map(|g| g.result)
        .collect()
}

use ResultCode::{BlackWins as B, Draw as D, WhiteWins as W};

#[test]
fn a_stale_grid_writes_only_the_boards_it_changed() {
    let (store, event) = paired(10);
    let seen = version(&store, event);
    store
        .set_results(DEPUTY, event, 1, &[(1, Some(W)), (2, Some(B))], None)
        .unwrap();
    // The chief's grid as loaded (every board empty), board 3 typed.
    let grid: Vec<_> = (1..=5).map(|b| (b, (b == 3).then_some(D))).collect();
    let w = store
        .set_results(CHIEF, event, 1, &grid, Some(seen))
        .unwrap();
    assert_eq!((w.changed, w.conflicts.len()), (1, 0));
    assert_eq!(
        results(&store, event, 1),
        [Some(W), Some(B), Some(D), None, None]
    );

    // Without a version (a script that says nothing of what it read): the stored values are
    // compared, as before.
    let w = store
        .set_results(CHIEF, event, 1, &[(1, Some(W)), (4, Some(W))], None)
        .unwrap();
    assert_eq!(w.changed, 1);

    // Both change board 5, differently.
    let seen = version(&store, event);
    store
        .set_results(DEPUTY, event, 1, &[(5, Some(B))], None)
        .unwrap();
    let w = store
        .set_results(CHIEF, event, 1, &[(5, Some(W)), (4, Some(D))], Some(seen))
        .unwrap();
    assert_eq!(w.changed, 1);
    assert_eq!(
        w.conflicts,
        [Changed::Board {
            round: 1,
            board: 5,
            shown: None,
            stored: Some(B),
            yours: Some(W)
        }]
    );
    assert_eq!(results(&store, event, 1)[3..], [Some(D), Some(B)]);
    // Nothing written: nothing logged, the version stays.
    let v = version(&store, event);
    let w = store
        .set_results(CHIEF, event, 1, &[(5, Some(B))], Some(v))
        .unwrap();
    assert_eq!(w.changed, 0);
    assert_eq!(version(&store, event), v);
}

#[test]
fn a_page_built_before_an_undone_change_is_not_stale() {
    let (store, event) = paired(4);
    let seen = version(&store, event);
    store
        .set_results(DEPUTY, event, 1, &[(1, Some(W))], None)
        .unwrap();
    store.undo_last(DEPUTY, event).unwrap();
    let w = store
        .set_results(CHIEF, event, 1, &[(1, Some(B))], Some(seen))
        .unwrap();
    assert_eq!((w.changed, w.conflicts.len()), (1, 0));
}

#[test]
fn a_stale_swap_or_settings_form_is_refused() {
    let (store, event) = paired(8);
    let seen = version(&store, event);
    let round = store.round(event, 1).unwrap();
    let (a, b) = (round.games[0].white, round.games[1].white);
    store.swap_players(DEPUTY, event, 1, a, b, None).unwrap();
    let after = store.round(event, 1).unwrap();
    let (c, d) = (round.games[0].black.unwrap(), round.games[1].black.unwrap());
    assert!(matches!(
        store.swap_players(CHIEF, event, 1, c, d, Some(seen)),
        Err(Error::Conflict { ref changed, .. }) if changed == &[Changed::Pairing { round: 1 }]
    ));
    assert_eq!(store.round(event, 1).unwrap(), after);

    let seen = version(&store, event);
    let mut s = store.event(event).unwrap().settings;
    s.place = "Lyon".parse().unwrap();
    store.update_event(DEPUTY, event, &s, None).unwrap();
    let mut mine = store.event(event).unwrap().settings;
    mine.place = Default::default();
    mine.time_control = "90'+30''".parse().unwrap();
    assert!(matches!(
        store.update_event(CHIEF, event, &mine, Some(seen)),
        Err(Error::Conflict { .. })
    ));
    assert_eq!(store.event(event).unwrap().settings.place, "Lyon");
}

#[test]
fn reports_that_disagree_are_kept_and_never_confirmed_in_bulk() {
    let (store, event) = paired(6);
    let codes: Vec<String> = store
        .round(event, 1)
        .unwrap()
        .games
        .iter()
        .map(|g| g.code.clone())
        .collect();
    assert_eq!(
        store.report_result(&codes[0], W).unwrap(),
        ReportOutcome::Stored
    );
    assert_eq!(
        store.report_result(&codes[0], W).unwrap(),
        ReportOutcome::Unchanged
    );
    assert_eq!(
        store.report_result(&codes[0], B).unwrap(),
        ReportOutcome::Conflict
    );
    assert_eq!(
        store.report_result(&codes[1], D).unwrap(),
        ReportOutcome::Stored
    );
    let g = &store.round(event, 1).unwrap().games[0];
    assert_eq!((g.reported, g.reports.clone()), (None, vec![W, B]));
    assert!(g.reports_disagree());
    // The log keeps both reports.
    let log = store.log(event).unwrap();
    assert!(log.iter().any(|e| e.action == "report_conflict"));

    // A page that showed board 2 only: a report arriving later is not confirmed unseen.
    assert_eq!(
        store.report_result(&codes[2], W).unwrap(),
        ReportOutcome::Stored
    );
    let n = store
        .confirm_reported(CHIEF, event, 1, Some(&[(2, D)]))
        .unwrap();
    assert_eq!(n, 1);
    assert_eq!(results(&store, event, 1), [None, Some(D), None]);
    assert_eq!(store.confirm_reported(CHIEF, event, 1, None).unwrap(), 1);
    assert_eq!(results(&store, event, 1), [None, Some(D), Some(W)]);
    // The arbiter settles board 1: the reports are settled with it.
    store
        .set_results(CHIEF, event, 1, &[(1, Some(B))], None)
        .unwrap();
    let g = &store.round(event, 1).unwrap().games[0];
    assert_eq!((g.result, g.reports.len()), (Some(B), 0));
}

#[test]
fn a_stale_director_form_never_overwrites_a_table() {
    let store = Store::open_in_memory().unwrap();
    let id = store
        .create_bridge_session("td", &BridgeSettings::new("Mardi".parse().unwrap(), 7))
        .unwrap();
    let t = store.table_round(id, 1, 1).unwrap();
    let (board, ns, ew) = (t.boards[0], t.ns.unwrap(), t.ew.unwrap());
    let seen = Version(store.bridge_version(id).unwrap());
    let e = Entry::played("3NT", bridge::Seat::North, 9, "");
    assert_eq!(
        store.enter_line(id, 1, 1, board, &e, "phone").unwrap(),
        EnterOutcome::Stored
    );
    let mine = Entry::played("4S", bridge::Seat::South, 10, "");
    assert!(matches!(
        store.director_set_line("td", id, board, ns, ew, &mine, Some(seen)),
        Err(Error::Conflict { .. })
    ));
    // The same entry as the table's is no conflict; a fresh version writes.
    store
        .director_set_line("td", id, board, ns, ew, &e, Some(seen))
        .unwrap();
    let fresh = Version(store.bridge_version(id).unwrap());
    store
        .director_set_line("td", id, board, ns, ew, &mine, Some(fresh))
        .unwrap();

    // Pairs: a colleague renames pair 2; the stale form, which shows pair 2 unnamed and
    // renames pair 1, leaves pair 2 as the colleague typed it.
    let seen = Version(store.bridge_version(id).unwrap());
    store
        .set_pair(
            "colleague",
            id,
            2,
            &NewPair::named("Martin".parse().unwrap(), "Durand".parse().unwrap()),
        )
        .unwrap();
    let form = [
        (
            1,
            NewPair::named("Leroy".parse().unwrap(), "Petit".parse().unwrap()),
        ),
        (2, NewPair::default()),
    ];
    let w = store.set_pairs("td", id, &form, Some(seen)).unwrap();
    assert_eq!((w.changed, w.conflicts.len()), (1, 0));
    let pairs = store.pairs(id).unwrap();
    assert_eq!(
        pairs[1].details,
        NewPair::named("Martin".parse().unwrap(), "Durand".parse().unwrap())
    );
    assert_eq!(
        pairs[0].details,
        NewPair::named("Leroy".parse().unwrap(), "Petit".parse().unwrap())
    );
    // Renaming pair 2 on the stale form is a conflict.
    let form = [(
        2,
        NewPair::named("Blanc".parse().unwrap(), "Noir".parse().unwrap()),
    )];
    let w = store.set_pairs("td", id, &form, Some(seen)).unwrap();
    assert_eq!(w.conflicts.len(), 1);
    assert_eq!(store.pairs(id).unwrap()[1].details.name1, "Martin");
}
