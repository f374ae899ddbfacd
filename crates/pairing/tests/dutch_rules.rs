//! Small hand-checked situations for the Dutch engine, so that a fresh clone tests the rules
//! without the shared conformance corpus.

use pairing::dutch::{pair, DutchOptions};
use pairing::PairingError;
use tournament::{
    AnnouncedByes, ByeKind, Color, Entry, ForbiddenGroup, GameResult, Header, Player, PlayerId,
    Tournament,
};

fn tournament(players: u32, rounds: u32, initial: Color) -> Tournament {
    Tournament {
        header: Header {
            rounds: Some(rounds),
            initial_color: Some(initial),
            ..Header::default()
        },
        players: (1..=players)
            .map(|i| Player {
                id: PlayerId(i),
                rating: Some(2500 - i as u16),
                ..Player::default()
            })
            .collect(),
        ..Tournament::default()
    }
}

/// Records a played game of the next round between `white` and `black`.
fn game(t: &mut Tournament, white: u32, black: u32, white_result: GameResult) {
    for (id, opponent, color, result) in [
        (white, black, Color::White, white_result),
        (black, white, Color::Black, white_result.reversed()),
    ] {
        t.players[id as usize - 1].rounds.push(Entry::Played {
            opponent: PlayerId(opponent),
            color,
            result,
            rated: true,
        });
    }
}

fn boards(t: &Tournament, round: u32) -> Vec<(u32, u32)> {
    let p = pair(t, round, &DutchOptions::default()).unwrap();
    let mut v: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.white.0, b.black.0)).collect();
    if let Some(bye) = p.bye {
        v.push((bye.0, 0));
    }
    v
}

#[test]
fn round_one_top_half_against_bottom_half() {
    // dutch.md §4.6: 10 players, initial colour White.
    let t = tournament(10, 5, Color::White);
    assert_eq!(boards(&t, 1), vec![(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)]);
}

#[test]
fn round_one_odd_gives_the_bye_to_the_last_player() {
    let t = tournament(7, 5, Color::Black);
    assert_eq!(boards(&t, 1), vec![(4, 1), (2, 5), (6, 3), (7, 0)]);
}

fn after_round_one() -> Tournament {
    let mut t = tournament(4, 3, Color::White);
    game(&mut t, 1, 3, GameResult::Win);
    game(&mut t, 4, 2, GameResult::Loss);
    t
}

#[test]
fn winners_meet_and_colours_alternate() {
    let t = after_round_one();
    assert_eq!(boards(&t, 2), vec![(2, 1), (3, 4)]);
}

#[test]
fn forbidden_pairs_are_absolute() {
    let mut t = after_round_one();
    t.forbidden.push(ForbiddenGroup {
        rounds: None,
        players: vec![PlayerId(1), PlayerId(2)],
    });
    // 1 and 2 may not meet, nor may anybody meet again: 1–4 and 2–3.
    assert_eq!(boards(&t, 2), vec![(4, 1), (2, 3)]);
}

#[test]
fn absent_players_are_not_paired() {
    let mut t = after_round_one();
    t.players[2].rounds.push(Entry::HalfBye);
    t.players[3].rounds.push(Entry::ZeroBye);
    assert_eq!(boards(&t, 2), vec![(2, 1)]);
    // An announced bye works the same way.
    let mut t = after_round_one();
    t.announced_byes.push(AnnouncedByes {
        kind: ByeKind::Half,
        round: 2,
        players: vec![PlayerId(3), PlayerId(4)],
    });
    assert_eq!(boards(&t, 2), vec![(2, 1)]);
}

#[test]
fn no_second_pairing_allocated_bye() {
    let mut t = tournament(3, 3, Color::White);
    game(&mut t, 1, 2, GameResult::Draw);
    t.players[2].rounds.push(Entry::PairingBye);
    // Player 3 had the PAB (C2): 3 plays 1, the highest resident of the 0.5 bracket.
    assert_eq!(boards(&t, 2), vec![(3, 1), (2, 0)]);
}

#[test]
fn a_fixed_pairing_allocated_bye_is_respected() {
    let mut t = tournament(5, 3, Color::White);
    t.announced_byes.push(AnnouncedByes {
        kind: ByeKind::PairingAllocated,
        round: 1,
        players: vec![PlayerId(2)],
    });
    assert_eq!(boards(&t, 1), vec![(1, 4), (3, 5), (2, 0)]);
}

#[test]
fn no_valid_pairing_is_reported() {
    let mut t = tournament(2, 3, Color::White);
    game(&mut t, 1, 2, GameResult::Win);
    assert_eq!(
        pair(&t, 2, &DutchOptions::default()),
        Err(PairingError::NoValidPairing { round: 2 })
    );
}

#[test]
fn invalid_requests_are_reported() {
    let mut t = tournament(4, 3, Color::White);
    t.header.rounds = None;
    assert!(matches!(
        pair(&t, 1, &DutchOptions::default()),
        Err(PairingError::InvalidRequest(_))
    ));
    let mut t = tournament(4, 3, Color::White);
    t.header.initial_color = None;
    assert!(matches!(
        pair(&t, 1, &DutchOptions::default()),
        Err(PairingError::InvalidRequest(_))
    ));
}

#[test]
fn the_initial_colour_is_inferred_from_round_one() {
    let mut t = after_round_one();
    t.header.initial_color = None;
    assert_eq!(boards(&t, 2), vec![(2, 1), (3, 4)]);
}

#[test]
fn per_player_acceleration_changes_the_scoregroups() {
    let mut t = tournament(4, 3, Color::White);
    // XXA: player 4 gets one virtual point in round 1, so he is alone on top and floats down.
    t.player_accelerations
        .push((PlayerId(4), vec![tournament::Points::ONE]));
    assert_eq!(boards(&t, 1), vec![(1, 4), (3, 2)]);
}

/// TRF-2026 `299` points count for pairing (the specification marks them mandatory for
/// pairing). Round 1: 1-4, 5-2, 3-6, all won by the higher-ranked. Without a record round 2
/// pairs 2-1, 4-3, 6-5. With a bonus of one point for player 5 (`299` blank type), the
/// scoregroup of 1 point is {1, 2, 3, 5}: S1 {1, 2} against S2 {3, 5} would give 2-5 again, so
/// 1-5 and 2-3; 1 and 5 both had White and the higher-ranked 1 gets Black; 2 (Black) gets
/// White against 3. The scoregroup of 0 is {4, 6}, both after Black: 4, higher-ranked, White.
#[test]
fn abnormal_points_change_the_scoregroups() {
    let mut t = tournament(6, 3, Color::White);
    game(&mut t, 1, 4, GameResult::Win);
    game(&mut t, 5, 2, GameResult::Loss);
    game(&mut t, 3, 6, GameResult::Win);
    assert_eq!(boards(&t, 2), vec![(2, 1), (4, 3), (6, 5)]);
    t.abnormal_points.push(tournament::AbnormalPoints {
        kind: tournament::AbnormalKind::Adjustment,
        match_points: None,
        points: Some(tournament::Points::ONE),
        round: Some(1),
        participants: vec![5],
    });
    assert_eq!(boards(&t, 2), vec![(5, 1), (2, 3), (4, 6)]);
}

#[test]
fn baku_acceleration_from_the_type_code() {
    let mut t = tournament(8, 5, Color::White);
    t.header.type_code = Some("FIDE_DUTCH_2026_BAKU".to_string());
    // GA = 2·⌈8/4⌉ = 4 players with one virtual point: 1–4 and 5–8 are paired apart.
    assert_eq!(boards(&t, 1), vec![(1, 3), (4, 2), (5, 7), (8, 6)]);
    // A point system where a win is not two draws cannot be accelerated this way.
    t.point_system.draw = tournament::Points::from_tenths(4);
    assert!(matches!(
        pair(&t, 1, &DutchOptions::default()),
        Err(PairingError::InvalidRequest(_))
    ));
}

#[test]
fn degenerate_requests_do_not_panic() {
    let options = DutchOptions::default();
    // Nobody to pair.
    let t = tournament(0, 3, Color::White);
    assert_eq!(pair(&t, 1, &options), Ok(pairing::Pairing::default()));
    // One player: the PAB.
    let t = tournament(1, 3, Color::White);
    let p = pair(&t, 1, &options).unwrap();
    assert_eq!((p.boards.len(), p.bye), (0, Some(PlayerId(1))));
    // Everybody absent.
    let mut t = tournament(3, 3, Color::White);
    for p in &mut t.players {
        p.rounds.push(Entry::ZeroBye);
    }
    assert_eq!(pair(&t, 1, &options), Ok(pairing::Pairing::default()));
    // Rounds outside the tournament.
    let t = tournament(4, 3, Color::White);
    for round in [0, 4] {
        assert!(matches!(
            pair(&t, round, &options),
            Err(PairingError::InvalidRequest(_))
        ));
    }
    // An opponent that does not exist in the file.
    let mut t = tournament(3, 3, Color::White);
    t.players[0].rounds.push(Entry::Played {
        opponent: PlayerId(99),
        color: Color::White,
        result: GameResult::Win,
        rated: true,
    });
    assert!(pair(&t, 2, &options).is_ok());
}
