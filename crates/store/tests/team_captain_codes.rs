//! Captains' codes per team for the whole event (issue 39 §7): one code a team opens its
//! current match, round after round; a renewed code replaces the lost one.

use store::teams::rounds::BoardResult;
use store::teams::*;
use store::{Error, Refusal, ResultCode, Store, Version};

fn setup() -> (Store, TeamEventId) {
    let store = Store::open_in_memory().unwrap();
    let mut s = TeamEventSettings::new("Interclubs".parse().unwrap(), 3, 4);
    s.system = TeamSystem::RoundRobin;
    let event = store.create_team_event("chief", &s).unwrap();
    let csv = super::team_event::roster_csv(4, 5);
    let imported = import::rosters_from_csv(&csv).unwrap();
    store.import_teams("chief", event, &imported).unwrap();
    (store, event)
}

/// Every board of the round drawn.
fn draw_round(store: &Store, event: TeamEventId, round: u32) {
    let results: Vec<BoardResult> = store
        .team_round(event, round)
        .unwrap()
        .matches
        .iter()
        .flat_map(|m| {
            m.boards.iter().map(|b| BoardResult {
                match_number: m.number,
                board: b.board,
                result: Some(ResultCode::Draw),
            })
        })
        .collect();
    store
        .set_team_results("chief", event, round, &results, None)
        .unwrap();
}

fn is_bad_code<T: std::fmt::Debug>(r: Result<T, Error>) -> bool {
    matches!(
        r,
        Err(Error::Refused {
            reason: Refusal::BadCode,
            ..
        })
    )
}

/// Four teams, codes per team: the code of the first team opens its round 1 match, then (round 1
/// played, round 2 paired) its round 2 match against another team, and the captain enters both
/// lineups with it. The same code is the team's code on both rounds' lists. Renewed, the old
/// code is refused and the new one opens the same match.
#[test]
fn one_code_per_team_opens_each_round_and_a_renewed_code_replaces_it() {
    let (store, event) = setup();
    // Before the setting the list is empty (codes per match).
    assert_eq!(
        store.team_captain_codes(event).unwrap().kind,
        CaptainCodes::Match
    );
    assert!(store.team_captain_codes(event).unwrap().codes.is_empty());
    store
        .set_team_captain_codes("chief", event, CaptainCodes::Team, None)
        .unwrap();
    let list = store.team_captain_codes(event).unwrap();
    assert_eq!(list.codes.len(), 4);
    let mut distinct: Vec<&str> = list.codes.iter().map(|c| c.code.as_str()).collect();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 4);
    let team = list.codes[0].team;
    let code = list.codes[0].code.clone();
    // A team with no match paired yet: the code is right, there is nothing to open.
    assert!(matches!(
        store.open_captain_code("10.0.0.1", &code, None),
        Err(Error::Refused {
            reason: Refusal::NotPlaying,
            ..
        })
    ));

    store.pair_team_round("chief", event).unwrap();
    let codes_1 = store.team_match_codes(event, 1).unwrap();
    assert_eq!(codes_1.len(), 4);
    assert!(codes_1.iter().any(|(_, t, c)| *t == team && *c == code));
    let r1 = store.open_captain_code("10.0.0.1", &code, None).unwrap();
    assert_eq!((r1.round, r1.team.id), (1, team));
    let roster: Vec<i64> = r1.team.roster.iter().map(|p| p.id).collect();
    // Round 1: the reserve (roster 5) on board 4.
    let lineup_1 = vec![roster[0], roster[1], roster[2], roster[4]];
    store
        .captain_lineup(
            "10.0.0.1",
            &code,
            None,
            lineup_1.clone(),
            Some(Version(r1.version)),
        )
        .unwrap();

    draw_round(&store, event, 1);
    // Round 1 played, round 2 not yet paired: the code still shows round 1 (its last match).
    assert_eq!(
        store
            .open_captain_code("10.0.0.1", &code, None)
            .unwrap()
            .round,
        1
    );
    store.pair_team_round("chief", event).unwrap();
    let codes_2 = store.team_match_codes(event, 2).unwrap();
    assert!(codes_2.iter().any(|(_, t, c)| *t == team && *c == code));
    let r2 = store.open_captain_code("10.0.0.1", &code, None).unwrap();
    assert_eq!(r2.round, 2);
    assert_ne!(r2.opponent.id, r1.opponent.id);
    // Round 2: roster 4 on board 4 this time, the reserve out.
    let lineup_2 = vec![roster[0], roster[1], roster[2], roster[3]];
    store
        .captain_lineup("10.0.0.1", &code, None, lineup_2, Some(Version(r2.version)))
        .unwrap();
    // Both rounds hold the captain's lineups: the team's player on board 4 (W B W B from
    // board 1: the first team has Black on board 4).
    let side = |m: &TeamMatch| {
        let b = &m.boards[3];
        if m.white_team == team {
            b.black
        } else {
            b.white
        }
    };
    let m1 = store.team_round(event, 1).unwrap().matches[r1.pairing.number as usize - 1].clone();
    let m2 = store.team_round(event, 2).unwrap().matches[r2.pairing.number as usize - 1].clone();
    assert_eq!(side(&m1), Some(roster[4]));
    assert_eq!(side(&m2), Some(roster[3]));
    // A form of the round 1 page names its round: it still goes to round 1.
    assert_eq!(
        store
            .open_captain_code("10.0.0.1", &code, Some(1))
            .unwrap()
            .round,
        1
    );

    // The captain lost the code: renewed, the old one is a wrong code.
    let renewed = store
        .renew_team_captain_code("chief", event, team, None)
        .unwrap();
    assert_ne!(renewed, code);
    assert!(is_bad_code(
        store.open_captain_code("10.0.0.2", &code, None)
    ));
    assert_eq!(
        store
            .open_captain_code("10.0.0.2", &renewed, None)
            .unwrap()
            .round,
        2
    );
    let codes_2 = store.team_match_codes(event, 2).unwrap();
    assert!(codes_2.iter().any(|(_, t, c)| *t == team && *c == renewed));
    assert!(!codes_2.iter().any(|(_, _, c)| *c == code));
    // The log names the team and never the code.
    let log = store.team_log(event).unwrap();
    let entry = log
        .iter()
        .rev()
        .find(|e| e.action == "renew_captain_code")
        .unwrap();
    assert!(!entry.detail.to_string().contains(&renewed));

    // Back to codes per match: the team codes open nothing, each match of both rounds has two.
    store
        .set_team_captain_codes("chief", event, CaptainCodes::Match, None)
        .unwrap();
    assert!(is_bad_code(
        store.open_captain_code("10.0.0.3", &renewed, None)
    ));
    let per_match = store.team_match_codes(event, 2).unwrap();
    assert_eq!(per_match.len(), 4);
    let (n, t, c) = per_match.iter().find(|(_, t, _)| *t == team).unwrap();
    let opened = store.open_captain_code("10.0.0.3", c, None).unwrap();
    assert_eq!(
        (opened.round, opened.pairing.number, opened.team.id),
        (2, *n, *t)
    );
    // A match's code pinned to another round opens nothing.
    assert!(matches!(
        store.open_captain_code("10.0.0.3", c, Some(1)),
        Err(Error::NotFound(_))
    ));
    // With codes per match there is no team code to renew.
    assert!(matches!(
        store.renew_team_captain_code("chief", event, team, None),
        Err(Error::Invalid { .. })
    ));
}

/// A form built before someone else renewed a code or changed the setting is refused.
#[test]
fn a_stale_codes_form_is_refused() {
    let (store, event) = setup();
    let seen = Some(Version(store.team_event_version(event).unwrap()));
    store
        .set_team_captain_codes("chief", event, CaptainCodes::Team, seen)
        .unwrap();
    let team = store.team_captain_codes(event).unwrap().codes[0].team;
    assert!(matches!(
        store.renew_team_captain_code("other", event, team, seen),
        Err(Error::Conflict { .. })
    ));
}
