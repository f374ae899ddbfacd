//! The Double-Swiss system (C.04.5, 2026) article by article: the two-game match and its
//! results, the byes of a match, the colours of Art. 4, and the criteria where they differ
//! from the Swiss Team system (the float criteria lapse in the last match only). Each match
//! takes two round columns (see `pairing::double_swiss`).

use pairing::double_swiss::{match_to_pair, matches, pair, DoubleSwissOptions};
use pairing::top_scoregroup::history::Outcome;
use pairing::PairingError;
use tournament::Color::{Black, White};
use tournament::{
    Acceleration, AnnouncedByes, ByeKind, Entry, ForbiddenGroup, GameResult, Header, Player,
    PlayerId, Tournament,
};

fn event(n: u32, total_matches: u32) -> Tournament {
    Tournament {
        header: Header {
            rounds: Some(2 * total_matches),
            initial_color: Some(White),
            type_code: Some("FIDE_DOUBLESWISS".into()),
            ..Header::default()
        },
        players: (1..=n)
            .map(|i| Player {
                id: PlayerId(i),
                ..Player::default()
            })
            .collect(),
        ..Tournament::default()
    }
}

fn set(t: &mut Tournament, column: u32, p: u32, e: Entry) {
    let pl = &mut t.players[p as usize - 1];
    if pl.rounds.len() < column as usize {
        pl.rounds.resize(column as usize, Entry::NotPaired);
    }
    pl.rounds[column as usize - 1] = e;
}

/// Match `k`: `white` has White in game 1 and Black in game 2, scoring `r1` and `r2`.
fn play(t: &mut Tournament, k: u32, white: u32, black: u32, r1: GameResult, r2: GameResult) {
    let g = |o, c, r| Entry::Played {
        opponent: PlayerId(o),
        color: c,
        result: r,
        rated: true,
    };
    set(t, 2 * k - 1, white, g(black, White, r1));
    set(t, 2 * k - 1, black, g(white, Black, r1.reversed()));
    set(t, 2 * k, white, g(black, Black, r2));
    set(t, 2 * k, black, g(white, White, r2.reversed()));
}

/// Both columns of match `k` for player `p`.
fn both(t: &mut Tournament, k: u32, p: u32, e1: Entry, e2: Entry) {
    set(t, 2 * k - 1, p, e1);
    set(t, 2 * k, p, e2);
}

fn virtual_points(t: &mut Tournament, k: u32, p: u32, points: &str) {
    t.accelerations.push(Acceleration {
        match_points: None,
        points: points.parse().unwrap(),
        first_round: 2 * k - 1,
        last_round: 2 * k - 1,
        first_player: PlayerId(p),
        last_player: PlayerId(p),
    });
}

fn forbid(t: &mut Tournament, players: &[u32]) {
    t.forbidden.push(ForbiddenGroup {
        rounds: None,
        players: players.iter().map(|&x| PlayerId(x)).collect(),
    });
}

fn boards(t: &Tournament, k: u32) -> (Vec<(u32, u32)>, Option<u32>) {
    let p = pair(t, k, &DoubleSwissOptions::default()).unwrap();
    (
        p.boards.iter().map(|b| (b.white.0, b.black.0)).collect(),
        p.bye.map(|b| b.0),
    )
}

fn pairs_of(t: &Tournament, k: u32) -> Vec<(u32, u32)> {
    let mut v: Vec<(u32, u32)> = boards(t, k)
        .0
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    v.sort_unstable();
    v
}

fn forfeit(won: bool, opponent: u32, c: tournament::Color) -> Entry {
    let (opponent, color) = (Some(PlayerId(opponent)), Some(c));
    if won {
        Entry::ForfeitWin { opponent, color }
    } else {
        Entry::ForfeitLoss { opponent, color }
    }
}

// --- the match and its results (Preface, 1.4, 1.6) -------------------------------------------

#[test]
fn preface_a_match_is_two_games_with_reversed_colours() {
    let mut t = event(2, 3);
    play(&mut t, 1, 1, 2, GameResult::Win, GameResult::Draw);
    let h = matches(&t, 2).unwrap();
    // 1½-½: the points of both games; the colour is game 1's.
    assert_eq!(h[0].rounds[0].points, 15);
    assert_eq!(h[1].rounds[0].points, 5);
    assert_eq!(
        h[0].rounds[0].outcome,
        Outcome::Played {
            opponent: 2,
            color: Some(White)
        }
    );
    assert_eq!(match_to_pair(&t).unwrap(), 2);
}

#[test]
fn a_file_that_breaks_the_two_column_convention_is_refused() {
    // Game 2 against another opponent.
    let mut t = event(4, 3);
    play(&mut t, 1, 1, 2, GameResult::Win, GameResult::Win);
    play(&mut t, 1, 3, 4, GameResult::Win, GameResult::Win);
    set(
        &mut t,
        2,
        1,
        Entry::Played {
            opponent: PlayerId(3),
            color: Black,
            result: GameResult::Win,
            rated: true,
        },
    );
    assert!(
        matches!(matches(&t, 2), Err(PairingError::InvalidRequest(m)) if m.contains("player 1, match 1"))
    );
    // Only the first game of match 1 recorded.
    let mut u = event(2, 3);
    set(
        &mut u,
        1,
        1,
        Entry::Played {
            opponent: PlayerId(2),
            color: White,
            result: GameResult::Win,
            rated: true,
        },
    );
    set(
        &mut u,
        1,
        2,
        Entry::Played {
            opponent: PlayerId(1),
            color: Black,
            result: GameResult::Loss,
            rated: true,
        },
    );
    assert!(matches!(
        match_to_pair(&u),
        Err(PairingError::InvalidRequest(_))
    ));
}

/// A bye requested in advance takes both columns of its match (`H H`): the match is still the
/// one to pair and the player is not paired. After match 1 (1-2 2-0, 3-4 1-1), 4 asks for a
/// half-point bye in match 2: match 2 pairs 1, 2 and 3; the PAB goes to the lowest score, 2
/// (3.4.2), and 1 (2.0) meets 3 (1.0).
#[test]
fn a_bye_requested_in_advance_leaves_its_match_to_pair() {
    let mut t = event(4, 3);
    play(&mut t, 1, 1, 2, GameResult::Win, GameResult::Win);
    play(&mut t, 1, 3, 4, GameResult::Draw, GameResult::Draw);
    both(&mut t, 2, 4, Entry::HalfBye, Entry::HalfBye);
    assert_eq!(match_to_pair(&t).unwrap(), 2);
    assert_eq!(tournament::rounds::round_to_pair(&t), 3);
    let p = pair(&t, 2, &DoubleSwissOptions::default()).unwrap();
    assert_eq!(p.bye, Some(PlayerId(2)));
    let boards: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.white.0, b.black.0)).collect();
    assert!(boards == [(1, 3)] || boards == [(3, 1)], "{boards:?}");
}

#[test]
fn preface_a_match_forfeited_on_both_games_is_not_a_meeting() {
    // 1 forfeits both games to 3; 2-4 play. Next match 1-3 may meet again (C1, GHR 3.5).
    let mut t = event(4, 3);
    both(
        &mut t,
        1,
        1,
        forfeit(false, 3, White),
        forfeit(false, 3, Black),
    );
    both(
        &mut t,
        1,
        3,
        forfeit(true, 1, Black),
        forfeit(true, 1, White),
    );
    play(&mut t, 1, 2, 4, GameResult::Win, GameResult::Loss);
    assert_eq!(
        matches(&t, 2).unwrap()[2].rounds[0].outcome,
        Outcome::Forfeited {
            opponent: Some(1),
            won: true
        }
    );
    // Scores: 3 has 2, 2 and 4 have 1, 1 has 0: 3 takes an upfloater from 1 point (2), 1-4.
    assert_eq!(pairs_of(&t, 2), vec![(1, 4), (2, 3)]);
    // Both matches of round 1 forfeited on both games (1 to 2, 3 to 4); 1 may meet neither 3
    // nor 4: it meets 2 again, and 3 meets 4 again.
    let mut u = event(4, 3);
    for (loser, winner) in [(1, 2), (3, 4)] {
        both(
            &mut u,
            1,
            loser,
            forfeit(false, winner, White),
            forfeit(false, winner, Black),
        );
        both(
            &mut u,
            1,
            winner,
            forfeit(true, loser, Black),
            forfeit(true, loser, White),
        );
    }
    forbid(&mut u, &[1, 3]);
    forbid(&mut u, &[1, 4]);
    assert_eq!(pairs_of(&u, 2), vec![(1, 2), (3, 4)]);
}

#[test]
fn preface_a_single_forfeited_game_leaves_the_match_played() {
    // 1-2: game 1 forfeited by 2, game 2 played: a meeting, and 1 had White (1.6).
    let mut t = event(4, 3);
    both(
        &mut t,
        1,
        1,
        forfeit(true, 2, White),
        Entry::Played {
            opponent: PlayerId(2),
            color: Black,
            result: GameResult::Draw,
            rated: true,
        },
    );
    both(
        &mut t,
        1,
        2,
        forfeit(false, 1, Black),
        Entry::Played {
            opponent: PlayerId(1),
            color: White,
            result: GameResult::Draw,
            rated: true,
        },
    );
    play(&mut t, 1, 3, 4, GameResult::Draw, GameResult::Win);
    let h = matches(&t, 2).unwrap();
    assert_eq!(
        h[0].rounds[0].outcome,
        Outcome::Played {
            opponent: 2,
            color: Some(White)
        }
    );
    // Each player forfeits one game: played (a meeting), but no colour.
    let mut u = event(2, 3);
    both(
        &mut u,
        1,
        1,
        forfeit(true, 2, White),
        forfeit(false, 2, Black),
    );
    both(
        &mut u,
        1,
        2,
        forfeit(false, 1, Black),
        forfeit(true, 1, White),
    );
    assert_eq!(
        matches(&u, 2).unwrap()[0].rounds[0].outcome,
        Outcome::Played {
            opponent: 2,
            color: None
        }
    );
}

#[test]
fn art_1_4_the_bye_is_a_game_won_and_a_game_drawn() {
    let mut t = event(5, 4);
    play(&mut t, 1, 1, 3, GameResult::Win, GameResult::Win);
    play(&mut t, 1, 4, 2, GameResult::Draw, GameResult::Draw);
    both(&mut t, 1, 5, Entry::PairingBye, Entry::HalfBye);
    let h = matches(&t, 2).unwrap();
    assert_eq!(h[4].rounds[0].outcome, Outcome::PairingBye);
    assert_eq!(h[4].rounds[0].points, 15);
}

// --- byes (3.4, C2) ------------------------------------------------------------------------------

#[test]
fn art_3_4_the_bye_first_lowest_score_most_matches_largest_tpn() {
    let t = event(7, 4);
    assert_eq!(boards(&t, 1).1, Some(7));
    let mut u = event(5, 4);
    virtual_points(&mut u, 1, 5, "2");
    virtual_points(&mut u, 1, 4, "2");
    // 1, 2, 3 at 0: the largest, 3.
    assert_eq!(boards(&u, 1).1, Some(3));
}

#[test]
fn art_2_1_2_c2_a_forfeited_match_won_bars_the_bye_a_half_point_bye_does_not() {
    let mut t = event(5, 4);
    both(
        &mut t,
        1,
        5,
        forfeit(true, 4, White),
        forfeit(true, 4, Black),
    );
    both(
        &mut t,
        1,
        4,
        forfeit(false, 5, Black),
        forfeit(false, 5, White),
    );
    play(&mut t, 1, 1, 2, GameResult::Draw, GameResult::Draw);
    both(&mut t, 1, 3, Entry::PairingBye, Entry::HalfBye);
    virtual_points(&mut t, 2, 5, "-2");
    // 4 and 5 at 0 points: 5 (largest TPN, no match played either) is barred.
    assert_eq!(boards(&t, 2).1, Some(4));
    let mut u = event(5, 4);
    play(&mut u, 1, 1, 2, GameResult::Draw, GameResult::Draw);
    play(&mut u, 1, 3, 4, GameResult::Draw, GameResult::Draw);
    both(&mut u, 1, 5, Entry::HalfBye, Entry::HalfBye);
    virtual_points(&mut u, 2, 5, "-1");
    assert_eq!(boards(&u, 2).1, Some(5));
}

#[test]
fn ghr_3_3_a_player_with_a_bye_for_the_match_is_not_paired() {
    let mut t = event(5, 4);
    t.announced_byes.push(AnnouncedByes {
        kind: ByeKind::Half,
        round: 1,
        players: vec![PlayerId(5)],
    });
    let (b, bye) = boards(&t, 1);
    assert_eq!((b, bye), (vec![(1, 3), (4, 2)], None));
}

// --- criteria (Art. 2, 3) --------------------------------------------------------------------

#[test]
fn art_2_3_c4_c5_c6_as_the_team_system() {
    // 1 alone at 4 points takes one upfloater (C4) from 2 points (C5); 3 and 4 may not meet,
    // so taking 2 would leave them unpairable in their scoregroup: C6 takes 3.
    let mut t = event(6, 5);
    virtual_points(&mut t, 1, 1, "4");
    for p in [2, 3, 4] {
        virtual_points(&mut t, 1, p, "2");
    }
    forbid(&mut t, &[3, 4]);
    assert_eq!(pairs_of(&t, 1), vec![(1, 3), (2, 4), (5, 6)]);
}

/// Match 1 won 2-0 by 1, 2, 3, 4 against 5, 6, 7, 8, with 2 virtual points for 5 and 6 in
/// match 1 (so 1, 2, 5, 6 floated); in match 2, player 1 has 2 more and, alone at the top,
/// takes one upfloater from 2, 3, 4.
fn floaters(total: u32) -> Tournament {
    let mut t = event(8, total);
    for (a, b) in [(1, 5), (2, 6), (3, 7), (4, 8)] {
        play(&mut t, 1, a, b, GameResult::Win, GameResult::Win);
    }
    virtual_points(&mut t, 1, 5, "2");
    virtual_points(&mut t, 1, 6, "2");
    virtual_points(&mut t, 2, 1, "2");
    t
}

#[test]
fn art_2_3_4_c7_lapses_in_the_last_match_only() {
    // Match 2 of 9: the first set {2} floated, C7 takes {3}.
    assert!(pairs_of(&floaters(9), 2).contains(&(1, 3)));
    // Match 2 of 3: not the last, so C7 still counts (the team system drops it here).
    assert!(pairs_of(&floaters(3), 2).contains(&(1, 3)));
    // Match 2 of 2, the last: {2}.
    assert!(pairs_of(&floaters(2), 2).contains(&(1, 2)));
}

#[test]
fn art_2_3_5_c8_upfloaters_opponents_that_floated() {
    // Six players drawn 1-2, 3-4, 5-6 in match 1, with 2 virtual points for 1 (1 and 2
    // floated); in match 2, 6 is brought down and floats up, 3 and 6 may not meet: 6 is best
    // paired with a player who did not float: 1-3, 2-5, 4-6.
    let build = |total| {
        let mut t = event(6, total);
        for (a, b) in [(1, 2), (3, 4), (5, 6)] {
            play(&mut t, 1, a, b, GameResult::Draw, GameResult::Draw);
        }
        virtual_points(&mut t, 1, 1, "2");
        virtual_points(&mut t, 2, 6, "-1");
        forbid(&mut t, &[3, 6]);
        t
    };
    assert_eq!(pairs_of(&build(9), 2), vec![(1, 3), (2, 5), (4, 6)]);
    assert_eq!(pairs_of(&build(2), 2), vec![(1, 4), (2, 6), (3, 5)]);
}

#[test]
fn art_3_6_pairs_by_identifier() {
    let mut t = event(6, 5);
    forbid(&mut t, &[1, 4]);
    assert_eq!(pairs_of(&t, 1), vec![(1, 5), (2, 4), (3, 6)]);
}

// --- colours (Art. 4) ------------------------------------------------------------------------

#[test]
fn art_4_3_1_new_players_take_the_initial_colour_by_tpn_parity() {
    let t = event(4, 3);
    assert_eq!(boards(&t, 1).0, vec![(1, 3), (4, 2)]);
    let mut u = event(4, 3);
    u.header.initial_color = Some(Black);
    assert_eq!(boards(&u, 1).0, vec![(3, 1), (2, 4)]);
}

#[test]
fn art_4_3_2_white_to_the_player_with_fewer_whites() {
    // After two matches 1 had White twice, 3 once (W then B); they meet: 3 gets White.
    let mut t = event(8, 5);
    play(&mut t, 1, 1, 5, GameResult::Win, GameResult::Win);
    play(&mut t, 1, 3, 6, GameResult::Win, GameResult::Win);
    play(&mut t, 1, 7, 2, GameResult::Win, GameResult::Win);
    play(&mut t, 1, 8, 4, GameResult::Win, GameResult::Win);
    play(&mut t, 2, 1, 7, GameResult::Win, GameResult::Win);
    play(&mut t, 2, 8, 3, GameResult::Loss, GameResult::Loss);
    play(&mut t, 2, 2, 5, GameResult::Win, GameResult::Win);
    play(&mut t, 2, 6, 4, GameResult::Win, GameResult::Win);
    // Scores: 1 and 3 have 4 points, alone at the top.
    let b = boards(&t, 3).0;
    assert_eq!(b[0], (3, 1), "{b:?}");
}

#[test]
fn art_4_3_3_alternate_from_the_last_different_colours() {
    // 1 had White then Black, 3 Black then White: one White each (4.3.2 ties); the last
    // match differs, 1 had Black: 1 gets White.
    let mut t = event(8, 5);
    play(&mut t, 1, 1, 5, GameResult::Win, GameResult::Win);
    play(&mut t, 1, 6, 3, GameResult::Loss, GameResult::Loss);
    play(&mut t, 1, 7, 2, GameResult::Win, GameResult::Win);
    play(&mut t, 1, 8, 4, GameResult::Win, GameResult::Win);
    play(&mut t, 2, 7, 1, GameResult::Loss, GameResult::Loss);
    play(&mut t, 2, 3, 8, GameResult::Win, GameResult::Win);
    play(&mut t, 2, 2, 5, GameResult::Win, GameResult::Win);
    play(&mut t, 2, 6, 4, GameResult::Win, GameResult::Win);
    assert_eq!(boards(&t, 3).0[0], (1, 3));
}

#[test]
fn art_4_3_4_alternate_the_higher_ranked_players_last_colour() {
    // 1 (4 points, higher ranked) and 3 (4 points) both had W then B: 4.3.3 finds no
    // difference; 1's last colour was Black: 1 gets White.
    let mut t = event(8, 5);
    play(&mut t, 1, 1, 5, GameResult::Win, GameResult::Win);
    play(&mut t, 1, 3, 6, GameResult::Win, GameResult::Win);
    play(&mut t, 1, 7, 2, GameResult::Win, GameResult::Win);
    play(&mut t, 1, 8, 4, GameResult::Win, GameResult::Win);
    play(&mut t, 2, 7, 1, GameResult::Loss, GameResult::Loss);
    play(&mut t, 2, 8, 3, GameResult::Loss, GameResult::Loss);
    play(&mut t, 2, 2, 5, GameResult::Win, GameResult::Win);
    play(&mut t, 2, 6, 4, GameResult::Win, GameResult::Win);
    assert_eq!(boards(&t, 3).0[0], (1, 3));
}

#[test]
fn art_4_3_5_alternate_the_other_players_last_colour() {
    // The higher ranked player 1 had a full-point bye (no colour, no White); 3 had Black in
    // its one match (no White either): 4.3.2 to 4.3.4 do not decide; 3 alternates to White.
    let mut t = event(4, 5);
    both(&mut t, 1, 1, Entry::FullBye, Entry::FullBye);
    play(&mut t, 1, 2, 3, GameResult::Loss, GameResult::Win);
    both(&mut t, 1, 4, Entry::ZeroBye, Entry::ZeroBye);
    // 1 (2 points) takes its upfloater from 2 and 3 (1 point); it may not meet 2.
    forbid(&mut t, &[1, 2]);
    let b = boards(&t, 2).0;
    assert!(b.contains(&(3, 1)), "{b:?}");
}

#[test]
fn c_04_7_baku_a_match_win_for_group_a() {
    // 8 players, 9 matches: group A 1-4 gets 2 points (a won match) in matches 1-3.
    let mut t = event(8, 9);
    t.header.type_code = Some("FIDE_DOUBLESWISS_BAKU".into());
    assert_eq!(pairs_of(&t, 1), vec![(1, 3), (2, 4), (5, 7), (6, 8)]);
    let r = pairing::double_swiss::MatchRound::new(&t, 1, &DoubleSwissOptions::default()).unwrap();
    assert_eq!(r.field.score(0, 1), 20);
    assert_eq!(r.field.score(4, 1), 0, "group B gets none");
    let r4 = pairing::double_swiss::MatchRound::new(&t, 4, &DoubleSwissOptions::default()).unwrap();
    assert_eq!(
        r4.field.score(0, 4),
        10,
        "half of it in match 4 (⌈9/2⌉ = 5 accelerated)"
    );
}

/// 3.5, in the explanation: 1, 2 and 6 won match 1 (2 points), 3, 4 and 5 lost it; the arbiter
/// forbade 2–3 and 2–6. The top-scoregroup {1, 2, 6} needs one upfloater (C4); the first
/// potential upfloater, 3, leaves the bracket {1, 2, 3, 6} no legal pairing (2 could meet only
/// 1, and so could 6, who met 3), so 4 floats up: 1–6, 2–4, then 3–5. Player 1's first
/// identifier in the bracket with 3 would have been 1–3: 3 was passed over by the choice of
/// upfloaters (3.5); 2's, 2–6: forbidden (weighing as C1, 2.1.1).
#[test]
fn art_3_5_the_choice_of_upfloaters_passes_over_the_first_identifiers_opponent() {
    use pairing::explain::PassReason;
    let mut t = event(6, 3);
    play(&mut t, 1, 1, 4, GameResult::Win, GameResult::Win);
    play(&mut t, 1, 2, 5, GameResult::Win, GameResult::Win);
    play(&mut t, 1, 6, 3, GameResult::Win, GameResult::Win);
    forbid(&mut t, &[2, 3]);
    forbid(&mut t, &[2, 6]);
    assert_eq!(pairs_of(&t, 2), vec![(1, 6), (2, 4), (3, 5)]);
    let e = pairing::double_swiss::explain(&t, 2, &DoubleSwissOptions::default()).unwrap();
    let passed = |id: u32| {
        e.players
            .iter()
            .find(|p| p.id == PlayerId(id))
            .unwrap()
            .passed_over
            .map(|x| (x.player.0, x.reason, x.article))
    };
    assert_eq!(passed(1), Some((3, PassReason::Floaters, "3.5")));
    assert_eq!(passed(2), Some((6, PassReason::Forbidden, "2.1.1")));
    assert_eq!(passed(6), Some((2, PassReason::Forbidden, "2.1.1")));
    // 3 and 5 were not in the top-scoregroup's bracket: their own first identifier, 3–5.
    assert_eq!(passed(3), None);
    assert_eq!(passed(5), None);
}
