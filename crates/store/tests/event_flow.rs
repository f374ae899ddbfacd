//! A whole event through the store: registration, pairing every round, results, corrections,
//! withdrawals, late entries, byes; the exported TRF replays round by round to the same
//! pairings, and the refusals leave nothing written.

use store::{ByeKind, Error, EventSettings, NewPlayer, Refusal, ResultCode, Store, System};
use tournament::trf::Format;

const ACTOR: &str = "arbiter";

/// A small deterministic generator, so that a failure can be replayed.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

fn players(n: usize) -> Vec<NewPlayer> {
    (0..n)
        .map(|i| NewPlayer {
            name: format!("Player{i:02}, Test").parse().unwrap(),
            rating: Some(2400 - (i as u16 * 37) % 900),
            federation: "FRA".to_string(),
            ..NewPlayer::default()
        })
        .collect()
}

fn refusal(e: Error) -> Refusal {
    match e {
        Error::Refused { reason, .. } => reason,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn enter_results(store: &Store, event: i64, round: u32, rng: &mut Lcg) {
    let r = store.round(event, round).unwrap();
    for g in r.games.iter().filter(|g| g.black.is_some()) {
        let result = match rng.next(10) {
            0..=3 => ResultCode::WhiteWins,
            4..=6 => ResultCode::Draw,
            7 | 8 => ResultCode::BlackWins,
            _ => ResultCode::WhiteForfeitWin,
        };
        store
            .set_result(ACTOR, event, round, g.board, Some(result))
            .unwrap();
    }
}

/// Replays the exported file with the engine, as `arbiter check` does.
fn assert_engine_agrees(trf: &str) {
    let t = tournament::trf::read(trf)
        .unwrap_or_else(|e| panic!("exported TRF does not read back: {e:?}\n{trf}"));
    let report = pairing::checker::check_paired(&t, |state, round| {
        pairing::dutch::pair(state, round, &pairing::dutch::DutchOptions::default())
    })
    .unwrap();
    assert!(!report.is_empty());
    for r in &report {
        assert_eq!(
            r.outcome,
            pairing::checker::RoundOutcome::Same,
            "round {} differs\n{trf}",
            r.round
        );
    }
}

#[test]
fn a_swiss_from_registration_to_the_rating_report() {
    let store = Store::open_in_memory().unwrap();
    let event = store
        .create_event(
            ACTOR,
            &EventSettings::new("Open de test".parse().unwrap(), 5),
        )
        .unwrap();
    assert_eq!(store.add_players(ACTOR, event, &players(23)).unwrap(), 23);
    let all = store.players(event).unwrap();
    // Numbered by rating, highest first.
    assert!(all
        .windows(2)
        .all(|w| w[0].details.rating >= w[1].details.rating));
    // One player asks for a half-point bye in round 2, another is not there for round 1.
    let bye_taker = all[5].id;
    store
        .set_bye(ACTOR, event, bye_taker, 2, Some(ByeKind::Half), None)
        .unwrap();
    let absent = all[10].id;
    store
        .set_present(ACTOR, event, absent, false, None)
        .unwrap();

    let mut rng = Lcg(7);
    // Pairing round 2 before round 1 is refused; so is round 1 twice (it returns the same).
    assert_eq!(
        refusal(store.pair_round(ACTOR, event, 2).unwrap_err()),
        Refusal::WrongRound
    );
    let r1 = store.pair_round(ACTOR, event, 1).unwrap();
    assert_eq!(
        store.pair_round(ACTOR, event, 1).unwrap(),
        r1,
        "a retried pairing pairs once"
    );
    assert_eq!(r1.games.len(), 11, "22 present players: 11 boards, no bye");
    assert!(r1
        .byes
        .iter()
        .any(|b| b.player == absent && b.kind == ByeKind::Zero));
    store.set_present(ACTOR, event, absent, true, None).unwrap();

    // Round 2 cannot be paired while round 1 has boards without a result.
    assert_eq!(
        refusal(store.pair_round(ACTOR, event, 2).unwrap_err()),
        Refusal::MissingResults
    );
    enter_results(&store, event, 1, &mut rng);
    // A correction of the first board.
    let first = &store.round(event, 1).unwrap().games[0];
    store
        .set_result(ACTOR, event, 1, first.board, Some(ResultCode::Draw))
        .unwrap();

    let r2 = store.pair_round(ACTOR, event, 2).unwrap();
    assert!(r2
        .byes
        .iter()
        .any(|b| b.player == bye_taker && b.kind == ByeKind::Half));
    assert!(r2
        .games
        .iter()
        .all(|g| g.white != bye_taker && g.black != Some(bye_taker)));
    // Round 1 is closed: its pairing cannot change, its results cannot be removed.
    let g = &r1.games[0];
    assert_eq!(
        refusal(
            store
                .swap_players(ACTOR, event, 1, g.white, r1.games[1].white, None)
                .unwrap_err()
        ),
        Refusal::RoundClosed
    );
    assert_eq!(
        refusal(store.set_result(ACTOR, event, 1, 1, None).unwrap_err()),
        Refusal::RoundClosed
    );

    // A player reports a result from a phone with the board's code; the arbiter confirms.
    let board = r2.games.iter().find(|g| g.black.is_some()).unwrap();
    store
        .report_result(&board.code.to_lowercase(), ResultCode::BlackWins)
        .unwrap();
    assert_eq!(
        store.round(event, 2).unwrap().games[0].reported,
        Some(ResultCode::BlackWins)
    );
    assert_eq!(store.confirm_reported(ACTOR, event, 2, None).unwrap(), 1);
    assert_eq!(
        refusal(
            store
                .report_result(&board.code, ResultCode::Draw)
                .unwrap_err()
        ),
        Refusal::ResultConfirmed
    );
    assert_eq!(
        refusal(store.lookup_code(&board.code).unwrap_err()),
        Refusal::ResultConfirmed,
        "a confirmed board's code says so at once"
    );
    assert_eq!(
        refusal(store.report_result("NOPE42", ResultCode::Draw).unwrap_err()),
        Refusal::BadCode
    );
    enter_results(&store, event, 2, &mut rng);

    // A withdrawal from round 3, and a late entry who missed two rounds and is granted a bye for one.
    let leaving = all[3].id;
    let leaving_number = all[3].number;
    store.withdraw(ACTOR, event, leaving, 3, None).unwrap();
    let late = store
        .add_player(
            ACTOR,
            event,
            &NewPlayer::named("Latecomer, Lou".parse().unwrap(), Some(2100)),
        )
        .unwrap();
    assert_eq!(
        store.player(event, late).unwrap().number,
        24,
        "a late entry takes the next number"
    );
    store
        .set_bye(ACTOR, event, late, 2, Some(ByeKind::Half), None)
        .unwrap();

    for round in 3..=5 {
        let r = store.pair_round(ACTOR, event, round).unwrap();
        assert!(
            r.games
                .iter()
                .all(|g| g.white != leaving && g.black != Some(leaving)),
            "a withdrawn player is never paired"
        );
        enter_results(&store, event, round, &mut rng);
    }
    assert_eq!(
        refusal(store.pair_round(ACTOR, event, 6).unwrap_err()),
        Refusal::AllRoundsPaired
    );

    let standings = store.standings(event, None).unwrap();
    assert_eq!(standings.after_round, 5);
    assert_eq!(standings.rows.len(), 24);
    assert_eq!(standings.tiebreak_codes, ["BH/C1", "BH", "SB"]);
    let late_row = standings.rows.iter().find(|r| r.player.id == late).unwrap();
    assert!(
        late_row.points >= tournament::Points::HALF,
        "the granted half-point bye counts"
    );

    for format in [Format::Trf16, Format::Trf26] {
        let trf = store.export_trf(event, format).unwrap();
        assert_engine_agrees(&trf);
        assert_trf_ranks_and_withdrawal(&trf, &standings, leaving_number, 3);
    }
}

/// Every player line carries its place (cols 86–89) as the standings give it, and the
/// withdrawn player's rounds from `from` on read `0000 - Z` (TRF16: a player not paired).
fn assert_trf_ranks_and_withdrawal(
    trf: &str,
    standings: &store::Standings,
    withdrawn: u32,
    from: u32,
) {
    let lines: Vec<&str> = trf.lines().filter(|l| l.starts_with("001")).collect();
    assert_eq!(lines.len(), standings.rows.len(), "{trf}");
    for row in &standings.rows {
        let line = lines
            .iter()
            .find(|l| l[4..8].trim() == row.player.number.to_string())
            .unwrap_or_else(|| panic!("no line for {}\n{trf}", row.player.number));
        assert_eq!(line[85..89].trim(), row.rank.to_string(), "{line}");
    }
    let line = lines
        .iter()
        .find(|l| l[4..8].trim() == withdrawn.to_string())
        .unwrap();
    for round in from..=standings.after_round {
        let at = 91 + 10 * (round as usize - 1);
        assert_eq!(&line[at..at + 8], "0000 - Z", "round {round}: {line}");
    }
}

/// A withdrawal announced ahead of time (from round 3, told before round 1 is paired) leaves
/// the player in the rounds before it: paired in rounds 1 and 2, absent from none of them.
#[test]
fn a_withdrawal_announced_ahead_plays_the_rounds_before_it() {
    let store = Store::open_in_memory().unwrap();
    let event = store
        .create_event(ACTOR, &EventSettings::new("Open".parse().unwrap(), 4))
        .unwrap();
    store.add_players(ACTOR, event, &players(10)).unwrap();
    let leaving = store.players(event).unwrap()[4].id;
    store.withdraw(ACTOR, event, leaving, 3, None).unwrap();
    let mut rng = Lcg(11);
    for round in 1..=4 {
        let r = store.pair_round(ACTOR, event, round).unwrap();
        let plays = r
            .games
            .iter()
            .any(|g| g.white == leaving || g.black == Some(leaving));
        assert_eq!(
            plays,
            round < 3,
            "round {round}: the player withdrawn from round 3 on {}",
            if round < 3 {
                "still plays"
            } else {
                "is not paired"
            }
        );
        assert!(
            r.byes.iter().all(|b| b.player != leaving),
            "round {round}: no absence nor bye recorded for the withdrawn player"
        );
        enter_results(&store, event, round, &mut rng);
    }
}

#[test]
fn undo_puts_the_event_back() {
    let store = Store::open_in_memory().unwrap();
    let event = store
        .create_event(ACTOR, &EventSettings::new("Undo".parse().unwrap(), 3))
        .unwrap();
    store.add_players(ACTOR, event, &players(6)).unwrap();
    let before = store.tournament(event).unwrap();
    store.pair_round(ACTOR, event, 1).unwrap();
    store
        .set_result(ACTOR, event, 1, 1, Some(ResultCode::WhiteWins))
        .unwrap();
    assert_eq!(store.undo_last(ACTOR, event).unwrap().action, "set_result");
    assert_eq!(store.round(event, 1).unwrap().games[0].result, None);
    assert_eq!(store.undo_last(ACTOR, event).unwrap().action, "pair");
    assert!(store.rounds(event).unwrap().is_empty());
    assert_eq!(store.tournament(event).unwrap(), before);
    let log = store.log(event).unwrap();
    assert_eq!(log[0].action, "undo");
    assert!(log.iter().filter(|e| e.undone).count() == 2);
    // The state after the import is what the event was then: six players, no round.
    let import = log.iter().find(|e| e.action == "import_players").unwrap();
    let state = store.state_after(event, import.id).unwrap();
    assert_eq!(state["players"].as_array().unwrap().len(), 6);
    assert_eq!(state["rounds"].as_array().unwrap().len(), 0);
}

/// The event just after any action of its log, read like the current one (players, rounds
/// with results, standings of that moment), and nothing changed by reading it.
#[test]
fn the_state_after_an_action_is_read_without_changing_anything() {
    let store = Store::open_in_memory().unwrap();
    let event = store
        .create_event(ACTOR, &EventSettings::new("Past".parse().unwrap(), 3))
        .unwrap();
    store.add_players(ACTOR, event, &players(6)).unwrap();
    let mut rng = Lcg(7);
    store.pair_round(ACTOR, event, 1).unwrap();
    enter_results(&store, event, 1, &mut rng);
    store.pair_round(ACTOR, event, 2).unwrap();
    let now = store.tournament(event).unwrap();
    let now_standings = store.standings(event, None).unwrap();
    let log = store.log(event).unwrap();
    let first_pair = log.iter().rev().find(|e| e.action == "pair").unwrap();
    let past = store.past_state(event, first_pair.id).unwrap();
    assert_eq!(past.players.len(), 6);
    assert_eq!(past.rounds.len(), 1);
    assert!(past.rounds[0].games.iter().all(|g| g.result.is_none()));
    assert_eq!(past.standings.as_ref().unwrap().after_round, 0);
    // Just before round 2 was paired: round 1 complete, its standings.
    let second_pair = log.iter().find(|e| e.action == "pair").unwrap();
    let before_second = log.iter().find(|e| e.id < second_pair.id).unwrap();
    let past = store.past_state(event, before_second.id).unwrap();
    assert_eq!(past.rounds.len(), 1);
    assert_eq!(past.rounds[0].missing_results(), 0);
    let s = past.standings.unwrap();
    assert_eq!(s.after_round, 1);
    assert_eq!(s, store.standings(event, Some(1)).unwrap());
    // The last action: the event as it is.
    let past = store.past_state(event, log[0].id).unwrap();
    assert_eq!(past.rounds, store.rounds(event).unwrap());
    // Nothing changed, and an entry of no such event is not found.
    assert_eq!(store.tournament(event).unwrap(), now);
    assert_eq!(store.standings(event, None).unwrap(), now_standings);
    assert!(matches!(
        store.past_state(event, 999_999),
        Err(Error::NotFound(_))
    ));
}

#[test]
fn a_refused_action_writes_nothing() {
    let store = Store::open_in_memory().unwrap();
    let event = store
        .create_event(ACTOR, &EventSettings::new("Refusals".parse().unwrap(), 3))
        .unwrap();
    store.add_players(ACTOR, event, &players(4)).unwrap();
    let log_len = store.log(event).unwrap().len();
    let bad = [
        NewPlayer::named("Fine, Player".parse().unwrap(), Some(2000)),
        NewPlayer::named("Bad, Rating".parse().unwrap(), Some(4200)),
    ];
    match store.add_players(ACTOR, event, &bad).unwrap_err() {
        Error::Invalid { field, found, .. } => {
            assert!(
                field.contains("player 2") && field.contains("rating"),
                "{field}"
            );
            assert_eq!(found, "4200");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        store.players(event).unwrap().len(),
        4,
        "an import is all or nothing"
    );
    assert_eq!(store.log(event).unwrap().len(), log_len);
    let mut settings = EventSettings::new("".parse().unwrap(), 3);
    assert!(matches!(
        store.create_event(ACTOR, &settings),
        Err(Error::Invalid { .. })
    ));
    settings.name = "x".parse().unwrap();
    settings.tiebreaks = "BH,XYZ".into();
    assert!(
        matches!(store.create_event(ACTOR, &settings), Err(Error::Invalid { ref field, .. }) if field == "tiebreaks")
    );
    // A grid with one bad board saves nothing.
    store.pair_round(ACTOR, event, 1).unwrap();
    let grid = [
        (1, Some(ResultCode::WhiteWins)),
        (9, Some(ResultCode::Draw)),
    ];
    assert!(matches!(
        store.set_results(ACTOR, event, 1, &grid, None),
        Err(Error::NotFound("board"))
    ));
    assert_eq!(store.round(event, 1).unwrap().games[0].result, None);
    assert_eq!(
        store
            .set_results(ACTOR, event, 1, &grid[..1], None)
            .unwrap()
            .changed,
        1
    );
    // Half-point byes beyond the limit (round 1 is paired: rounds 2 and 3 are asked for).
    let p = store.players(event).unwrap()[0].id;
    let mut settings = store.event(event).unwrap().settings;
    settings.bye_limit = 1;
    store.update_event(ACTOR, event, &settings, None).unwrap();
    store
        .set_bye(ACTOR, event, p, 2, Some(ByeKind::Half), None)
        .unwrap();
    assert_eq!(
        refusal(
            store
                .set_bye(ACTOR, event, p, 3, Some(ByeKind::Half), None)
                .unwrap_err()
        ),
        Refusal::ByeLimit
    );
}

#[test]
fn a_round_robin_follows_the_berger_tables() {
    let store = Store::open_in_memory().unwrap();
    let mut settings = EventSettings::new("Fermé".parse().unwrap(), 1);
    settings.system = System::RoundRobin;
    // No list given: the round robin's usual one.
    settings.tiebreaks = String::new();
    let event = store.create_event(ACTOR, &settings).unwrap();
    store.add_players(ACTOR, event, &players(10)).unwrap();
    let mut rng = Lcg(3);
    let mut met = std::collections::HashSet::new();
    for round in 1..=9 {
        let r = store.pair_round(ACTOR, event, round).unwrap();
        assert_eq!(r.games.len(), 5);
        for g in &r.games {
            let pair = (g.white.min(g.black.unwrap()), g.white.max(g.black.unwrap()));
            assert!(met.insert(pair), "round {round}: a rematch");
        }
        enter_results(&store, event, round, &mut rng);
    }
    assert_eq!(store.event(event).unwrap().settings.rounds, 9);
    // The table is fixed: no late entry, no bye.
    let late = NewPlayer::named("Late, Comer".parse().unwrap(), Some(1500));
    assert_eq!(
        refusal(store.add_player(ACTOR, event, &late).unwrap_err()),
        Refusal::RoundRobinFixed
    );
    let p = store.players(event).unwrap()[0].id;
    assert_eq!(
        refusal(
            store
                .set_bye(ACTOR, event, p, 9, Some(ByeKind::Half), None)
                .unwrap_err()
        ),
        Refusal::RoundRobinFixed
    );
    assert_eq!(met.len(), 45, "everybody met everybody");
    assert_eq!(
        refusal(store.pair_round(ACTOR, event, 10).unwrap_err()),
        Refusal::AllRoundsPaired
    );
    let trf = store.export_trf(event, Format::Trf16).unwrap();
    tournament::trf::read(&trf).unwrap();
    assert_eq!(
        store.standings(event, None).unwrap().tiebreak_codes,
        ["DE", "SB", "WIN"]
    );
}

/// The initial colour Black reverses the table's colours (number 1 has Black in round 1), as
/// the exported file's `152 B` says: four players, round 1 of the table is 1-4, 2-3, so the
/// pairing is 4-1, 3-2.
#[test]
fn a_round_robin_with_black_first_reverses_the_tables_colours() {
    let store = Store::open_in_memory().unwrap();
    let mut settings = EventSettings::new("Fermé".parse().unwrap(), 1);
    settings.system = System::RoundRobin;
    settings.initial_white = false;
    let event = store.create_event(ACTOR, &settings).unwrap();
    store.add_players(ACTOR, event, &players(4)).unwrap();
    let number: std::collections::HashMap<_, _> = store
        .players(event)
        .unwrap()
        .iter()
        .map(|p| (p.id, p.number))
        .collect();
    let r = store.pair_round(ACTOR, event, 1).unwrap();
    let boards: Vec<(u32, u32)> = r
        .games
        .iter()
        .map(|g| (number[&g.white], number[&g.black.unwrap()]))
        .collect();
    assert_eq!(boards, [(4, 1), (3, 2)]);
    let trf = store.export_trf(event, Format::Trf26).unwrap();
    assert!(trf.contains("\n152 B\n"), "{trf}");
}

#[test]
fn the_database_survives_reopening_and_backup() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("events.db");
    let event = {
        let store = Store::open(&path).unwrap();
        let event = store
            .create_event(ACTOR, &EventSettings::new("Persisted".parse().unwrap(), 5))
            .unwrap();
        store.add_players(ACTOR, event, &players(8)).unwrap();
        store.pair_round(ACTOR, event, 1).unwrap();
        store.backup_to(&dir.path().join("copy.db")).unwrap();
        store
            .set_result(ACTOR, event, 1, 1, Some(ResultCode::Draw))
            .unwrap();
        event
    };
    let store = Store::open(&path).unwrap();
    assert_eq!(
        store.round(event, 1).unwrap().games[0].result,
        Some(ResultCode::Draw)
    );
    store.restore_from(&dir.path().join("copy.db")).unwrap();
    assert_eq!(
        store.round(event, 1).unwrap().games[0].result,
        None,
        "the backup was taken before the result"
    );
    std::fs::write(dir.path().join("junk.db"), b"not a database at all").unwrap();
    // Refused with its reason (issue 19: a typed refusal, said in the page's language).
    assert!(matches!(
        store.restore_from(&dir.path().join("junk.db")),
        Err(Error::Restore(store::RestoreRefusal::NotSqlite))
    ));
    assert_eq!(
        store.players(event).unwrap().len(),
        8,
        "a refused restore changes nothing"
    );
}

#[test]
fn pairing_a_round_twice_at_once_pairs_it_once() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("e.db")).unwrap();
    let event = store
        .create_event(
            ACTOR,
            &EventSettings::new("Double click".parse().unwrap(), 5),
        )
        .unwrap();
    store.add_players(ACTOR, event, &players(40)).unwrap();
    let clicks: Vec<_> = (0..4)
        .map(|_| {
            let s = store.clone();
            std::thread::spawn(move || s.pair_round(ACTOR, event, 1))
        })
        .collect();
    let rounds: Vec<_> = clicks
        .into_iter()
        .map(|c| c.join().unwrap().unwrap())
        .collect();
    assert!(
        rounds.windows(2).all(|w| w[0] == w[1]),
        "every click sees the same round"
    );
    let pairs = store
        .log(event)
        .unwrap()
        .iter()
        .filter(|e| e.action == "pair")
        .count();
    assert_eq!(pairs, 1, "one pairing logged");
}

/// A late entry taken back and put back again keeps its id, even when another event added a
/// player meanwhile (the id of the highest player was given again, and the redo failed on it).
#[test]
fn a_late_entry_undone_then_redone_keeps_its_id_beside_another_events_players() {
    let store = Store::open_in_memory().unwrap();
    let settings = |name: &str| EventSettings::new(name.parse().unwrap(), 5);
    let open = store.create_event(ACTOR, &settings("Open")).unwrap();
    let rapid = store.create_event(ACTOR, &settings("Rapide")).unwrap();
    let late = store
        .add_player(
            ACTOR,
            open,
            &NewPlayer::named("Tardif, Un".parse().unwrap(), Some(1500)),
        )
        .unwrap();
    store.undo_last(ACTOR, open).unwrap();
    let other = store
        .add_player(
            ACTOR,
            rapid,
            &NewPlayer::named("Autre, Une".parse().unwrap(), Some(1400)),
        )
        .unwrap();
    assert_ne!(other, late, "an id once used is not given again");
    store.redo_last(ACTOR, open).unwrap();
    assert_eq!(store.player(open, late).unwrap().details.name, "Tardif, Un");
    assert_eq!(
        store.player(rapid, other).unwrap().details.name,
        "Autre, Une"
    );
}
