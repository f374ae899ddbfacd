//! The pairing-integrity record of FIDE's checklist: every change made by hand to a pairing is
//! in the event's log and in the exported TRF-2026 file's comment lines; an undone change is
//! not.

use store::{EventSettings, NewPlayer, ResultCode, Store};
use tournament::trf::{self, Format};

const ACTOR: &str = "chief";

#[test]
fn a_swap_is_written_as_a_comment_line_of_the_exported_trf() {
    let store = Store::open_in_memory().unwrap();
    let event = store
        .create_event(ACTOR, &EventSettings::new("Open".parse().unwrap(), 3))
        .unwrap();
    for (i, name) in ["Aubert, Luc", "Bonnet, Eva", "Colin, Remi", "Durand, Zoe"]
        .iter()
        .enumerate()
    {
        let p = NewPlayer::named(name.parse().unwrap(), Some(2100 - 100 * i as u16));
        let id = store.add_player(ACTOR, event, &p).unwrap();
        store.set_present(ACTOR, event, id, true, None).unwrap();
    }
    let round = store.pair_round(ACTOR, event, 1).unwrap();
    let number = |key| {
        store
            .players(event)
            .unwrap()
            .into_iter()
            .find(|p| p.id == key)
            .unwrap()
            .number
    };
    // Board 1's White and board 2's White change places.
    let (a, b) = (round.games[0].white, round.games[1].white);
    store.swap_players(ACTOR, event, 1, a, b, None).unwrap();
    assert!(store
        .log(event)
        .unwrap()
        .iter()
        .any(|e| e.action == "swap" && !e.undone));
    let swapped = store.round(event, 1).unwrap();
    for g in &swapped.games {
        store
            .set_result(ACTOR, event, 1, g.board, Some(ResultCode::Draw))
            .unwrap();
    }
    let text = store.export_trf(event, Format::Trf26).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("###")).collect();
    assert_eq!(lines.len(), 1, "{text}");
    let wanted = format!(
        "### pairing changed by hand: round 1, swap, a player {}, b player {} ({ACTOR}, ",
        number(a),
        number(b)
    );
    assert!(lines[0].starts_with(&wanted), "{}", lines[0]);
    // The file still reads, and TRF-16 (which has no comment lines) carries none.
    trf::read(&text).unwrap();
    assert!(!store
        .export_trf(event, Format::Trf16)
        .unwrap()
        .contains("###"));
}

#[test]
fn an_undone_change_and_a_round_not_exported_leave_no_line() {
    let store = Store::open_in_memory().unwrap();
    let event = store
        .create_event(ACTOR, &EventSettings::new("Open".parse().unwrap(), 3))
        .unwrap();
    for (i, name) in ["Aubert, Luc", "Bonnet, Eva", "Colin, Remi", "Durand, Zoe"]
        .iter()
        .enumerate()
    {
        let p = NewPlayer::named(name.parse().unwrap(), Some(2100 - 100 * i as u16));
        let id = store.add_player(ACTOR, event, &p).unwrap();
        store.set_present(ACTOR, event, id, true, None).unwrap();
    }
    let round = store.pair_round(ACTOR, event, 1).unwrap();
    let (a, b) = (round.games[0].white, round.games[1].white);
    store.swap_players(ACTOR, event, 1, a, b, None).unwrap();
    // Round 1 has no result yet: it is not exported, nor its change.
    assert!(!store
        .export_trf(event, Format::Trf26)
        .unwrap()
        .contains("###"));
    store.undo_last(ACTOR, event).unwrap();
    for g in &store.round(event, 1).unwrap().games {
        store
            .set_result(ACTOR, event, 1, g.board, Some(ResultCode::Draw))
            .unwrap();
    }
    assert!(!store
        .export_trf(event, Format::Trf26)
        .unwrap()
        .contains("###"));
}
