//! The Dubov text (C.04.4.1, 2026) article by article: for each rule, a small tournament of our
//! own where that rule decides, with the pairing worked out by hand from the text; and the
//! worked examples of the handbook.

use pairing::dubov::bracket::middle_out;
use pairing::dubov::state::{aro, dubov_preference, max_upfloats, Player as DPlayer};
use pairing::dubov::{colour_of, pair, DubovOptions};
use pairing::dutch::state::Preference;
use pairing::PairingError;
use tournament::Color::{Black, White};
use tournament::{
    Acceleration, Color, Entry, ForbiddenGroup, GameResult, Player, PlayerId, Points, Tournament,
};

/// `n` players, TPN = id, ratings falling by 20 from 2400; `rounds` rounds; initial White.
fn event(n: u32, rounds: u32) -> Tournament {
    let mut t = Tournament::default();
    t.header.rounds = Some(rounds);
    t.header.initial_color = Some(White);
    t.players = (1..=n)
        .map(|i| Player {
            id: PlayerId(i),
            rating: Some(2400 - 20 * (i as u16 - 1)),
            ..Player::default()
        })
        .collect();
    t
}

fn set(t: &mut Tournament, id: u32, round: u32, e: Entry) {
    let p = &mut t.players[id as usize - 1];
    if p.rounds.len() < round as usize {
        p.rounds.resize(round as usize, Entry::NotPaired);
    }
    p.rounds[round as usize - 1] = e;
}

/// A game of `round`: `result` is White's ('1', '=', '0').
fn game(t: &mut Tournament, round: u32, white: u32, black: u32, result: char) {
    let r = match result {
        '1' => GameResult::Win,
        '=' => GameResult::Draw,
        _ => GameResult::Loss,
    };
    let g = |o: u32, c, r| Entry::Played {
        opponent: PlayerId(o),
        color: c,
        result: r,
        rated: true,
    };
    set(t, white, round, g(black, White, r));
    set(t, black, round, g(white, Black, r.reversed()));
}

fn boards(t: &Tournament, round: u32) -> (Vec<(u32, u32)>, Option<u32>) {
    let p = pair(t, round, &DubovOptions::default()).unwrap();
    (
        p.boards.iter().map(|b| (b.white.0, b.black.0)).collect(),
        p.bye.map(|b| b.0),
    )
}

fn forbid(t: &mut Tournament, a: u32, b: u32) {
    t.forbidden.push(ForbiddenGroup {
        rounds: None,
        players: vec![PlayerId(a), PlayerId(b)],
    });
}

#[test]
fn art_3_2_3_round_one_g1_is_the_first_half_by_tpn_and_5_2_1_colours() {
    let mut t = event(6, 5);
    // G1 = 1 2 3, G2 = 4 5 6, first transposition 4 5 6; the higher ranked player gets the
    // initial colour with an odd TPN, the other with an even one.
    assert_eq!(boards(&t, 1), (vec![(1, 4), (5, 2), (3, 6)], None));
    t.header.initial_color = Some(Black);
    assert_eq!(boards(&t, 1), (vec![(4, 1), (2, 5), (6, 3)], None));
}

#[test]
fn art_4_4_2_transpositions_are_taken_in_lexicographic_order() {
    // G2 = A B C = 4 5 6. Forbidding 1-4 and 2-4 rules out ABC, ACB and BAC; BCA is the first
    // legal transposition: 1-5, 2-6, 3-4.
    let mut t = event(6, 5);
    forbid(&mut t, 1, 4);
    forbid(&mut t, 2, 4);
    assert_eq!(boards(&t, 1), (vec![(1, 5), (6, 2), (3, 4)], None));
}

#[test]
fn art_2_1_1_c1_no_rematch_moves_to_the_next_transposition() {
    // Ratings so that 2 (who met 1, rated 2000) has the lowest ARO: S1 = 2 4, G2 = 1 3. The
    // first transposition pairs 2 with 1 again, so the next one is taken: 2-3, 4-1.
    let mut t = event(4, 5);
    for (id, r) in [(1, 2000), (2, 2300), (3, 2400), (4, 2200)] {
        t.players[id - 1].rating = Some(r);
    }
    game(&mut t, 1, 1, 2, '=');
    game(&mut t, 1, 3, 4, '=');
    // GHR 3.6: equal scores, so the board of the smaller TPN (1) first.
    assert_eq!(boards(&t, 2), (vec![(4, 1), (2, 3)], None));
}

#[test]
fn art_2_1_3_c3_has_no_exception_even_in_the_last_round() {
    let mut t = event(4, 3);
    game(&mut t, 1, 1, 3, '=');
    game(&mut t, 1, 2, 4, '=');
    game(&mut t, 2, 1, 4, '=');
    game(&mut t, 2, 2, 3, '=');
    // 1 and 2 must have Black, 3 and 4 White; the only pairs not yet played are 1-2 and 3-4.
    assert_eq!(
        pair(&t, 3, &DubovOptions::default()),
        Err(PairingError::NoValidPairing { round: 3 })
    );
}

#[test]
fn art_2_1_2_c2_forfeit_wins_full_point_byes_and_pabs_bar_the_pab() {
    let mut t = event(5, 5);
    game(&mut t, 1, 1, 2, '1');
    game(&mut t, 1, 3, 4, '1');
    set(&mut t, 5, 1, Entry::FullBye);
    game(&mut t, 2, 5, 1, '0');
    let first = t.clone();
    set(
        &mut t,
        2,
        2,
        Entry::ForfeitWin {
            opponent: Some(PlayerId(3)),
            color: Some(White),
        },
    );
    set(
        &mut t,
        3,
        2,
        Entry::ForfeitLoss {
            opponent: Some(PlayerId(2)),
            color: Some(Black),
        },
    );
    set(&mut t, 4, 2, Entry::PairingBye);
    // Scores 1: 2, 2: 1 (forfeit win), 3: 1, 4: 1 (PAB), 5: 1 (full-point bye). Only 1 and 3
    // may have the PAB; 3 has the lower score (3.1.3).
    let (_, bye) = boards(&t, 3);
    assert_eq!(bye, Some(3));
    // With 3 barred too (a full-point bye in round 1, 4 absent then), only 1 is left, top
    // score or not.
    let mut t = first;
    set(&mut t, 3, 1, Entry::FullBye);
    set(&mut t, 4, 1, Entry::ZeroBye);
    set(
        &mut t,
        2,
        2,
        Entry::ForfeitWin {
            opponent: Some(PlayerId(3)),
            color: Some(White),
        },
    );
    set(
        &mut t,
        3,
        2,
        Entry::ForfeitLoss {
            opponent: Some(PlayerId(2)),
            color: Some(Black),
        },
    );
    set(&mut t, 4, 2, Entry::PairingBye);
    let (_, bye) = boards(&t, 3);
    assert_eq!(bye, Some(1));
}

#[test]
fn art_3_1_4_and_3_1_5_pab_most_games_then_largest_tpn() {
    let mut t = event(5, 5);
    game(&mut t, 1, 1, 2, '1');
    game(&mut t, 1, 3, 4, '1');
    set(&mut t, 5, 1, Entry::ZeroBye);
    // 2, 4 and 5 have 0 points; 2 and 4 played one game, 5 none (3.1.4); of 2 and 4 the
    // larger TPN (3.1.5).
    assert_eq!(boards(&t, 2).1, Some(4));
    // Round 1: everybody alike, the largest TPN.
    assert_eq!(boards(&event(5, 5), 1).1, Some(5));
}

#[test]
fn art_3_1_2_the_pab_leaves_a_legal_pairing_of_the_others() {
    let mut t = event(3, 3);
    game(&mut t, 1, 1, 2, '1');
    set(&mut t, 3, 1, Entry::ZeroBye);
    forbid(&mut t, 1, 3);
    // 2 and 3 have 0 points, 2 has played more (3.1.4) but would leave 1-3 (forbidden); 3
    // would leave 1-2 (played). Only a PAB for 1 leaves a legal pairing.
    // 2 (strong White) against 3 (no game: mild Black, 1.6.4): 5.2.2.
    assert_eq!(boards(&t, 2), (vec![(2, 3)], Some(1)));
}

#[test]
fn art_2_3_1_c5_two_residents_who_met_take_two_upfloaters() {
    let mut t = event(4, 4);
    game(&mut t, 1, 1, 3, '1');
    game(&mut t, 1, 2, 4, '1');
    game(&mut t, 2, 2, 1, '=');
    game(&mut t, 2, 3, 4, '=');
    // 1 and 2 (1.5) have met: both take an upfloater, the only legal way 1-4, 2-3.
    let (b, bye) = boards(&t, 3);
    assert_eq!(bye, None);
    let mut pairs: Vec<(u32, u32)> = b.iter().map(|&(w, k)| (w.min(k), w.max(k))).collect();
    pairs.sort();
    assert_eq!(pairs, vec![(1, 4), (2, 3)]);
}

#[test]
fn art_2_3_2_c6_the_upfloater_comes_from_the_highest_lower_score() {
    // Round 1 with virtual points: 1-3 on 1.0, 4 on 0.5, 5 and 6 on 0. The odd top group
    // takes 4 (0.5) before 5 and 6 (0), then pairs as newcomers (3.2.3): 1-3, 2-4.
    let mut t = event(6, 5);
    for (first, last, points) in [(1, 3, 10), (4, 4, 5)] {
        t.accelerations.push(Acceleration {
            match_points: None,
            points: Points::from_tenths(points),
            first_round: 1,
            last_round: 1,
            first_player: PlayerId(first),
            last_player: PlayerId(last),
        });
    }
    // Colours 5.2.1; boards by pairing score (C.04.7 1.5).
    assert_eq!(boards(&t, 1), (vec![(1, 3), (4, 2), (5, 6)], None));
}

#[test]
fn art_2_3_3_c7_the_upfloater_that_balances_the_colours() {
    let mut t = event(6, 5);
    game(&mut t, 1, 4, 1, '0');
    game(&mut t, 1, 2, 5, '1');
    game(&mut t, 1, 3, 6, '1');
    // Residents 1 (wants White), 2 and 3 (Black). 4 comes first in 4.2 order but wants Black
    // too (one player would miss his colour); 5 wants White and nobody misses: C7 takes 5.
    // G1 = 1 5 (ARO 2340 < 2380 for 5), G2 = 2 3: 1-2, 5-3; then 4-6.
    assert_eq!(boards(&t, 2), (vec![(1, 2), (5, 3), (6, 4)], None));
}

#[test]
fn art_3_2_4_2_the_shift_takes_the_middle_black_seeker_and_3_2_5_orders_s1_by_aro() {
    let mut t = event(6, 5);
    game(&mut t, 1, 1, 4, '1');
    game(&mut t, 1, 2, 5, '1');
    game(&mut t, 1, 3, 6, '1');
    // Top group 1 2 3 (all want Black) takes 4 (wants White). G1 = 4, G2 = 1 2 3: one Black
    // seeker is shifted, by 4.3.3 the middle one, 2. S1 by ARO = 2 (ARO 2320), 4 (2400); G2
    // = 1 3: 2-1, 4-3. Then 5-6. 2 and 1 both want Black: 5.2.5 gives 1 (higher ranked) his.
    assert_eq!(boards(&t, 2), (vec![(2, 1), (4, 3), (5, 6)], None));
}

#[test]
fn art_4_3_3_shifters_are_numbered_from_the_middle() {
    // The handbook's example (seven players A–G): D C E B F A G.
    let list = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
    assert_eq!(middle_out(&list), vec!['D', 'C', 'E', 'B', 'F', 'A', 'G']);
}

#[test]
fn art_1_6_colour_preferences() {
    // 1.6.1 absolute, 1.6.2 strong, 1.6.3 mild, 1.6.4 no game: mild Black.
    assert_eq!(
        dubov_preference(&[White, White]),
        (Black, Preference::Absolute)
    );
    assert_eq!(
        dubov_preference(&[White, Black, White, White]),
        (Black, Preference::Absolute)
    );
    assert_eq!(dubov_preference(&[Black]), (White, Preference::Strong));
    assert_eq!(dubov_preference(&[Black, White]), (Black, Preference::Mild));
    assert_eq!(dubov_preference(&[]), (Black, Preference::Mild));
}

#[test]
fn art_1_7_aro_is_rounded_half_up_and_counts_games_played_only() {
    assert_eq!(aro(&[1800, 1901]), 1851);
    assert_eq!(aro(&[1800, 1900, 1901]), 1867);
    assert_eq!(aro(&[]), 0);
    // A forfeit is no opponent met over the board: 2's ARO stays that of its game.
    let mut t = event(4, 4);
    game(&mut t, 1, 1, 2, '1');
    set(
        &mut t,
        3,
        1,
        Entry::ForfeitWin {
            opponent: Some(PlayerId(4)),
            color: Some(White),
        },
    );
    set(
        &mut t,
        4,
        1,
        Entry::ForfeitLoss {
            opponent: Some(PlayerId(3)),
            color: Some(Black),
        },
    );
    let prepared = pairing::dubov::prepare(&t, 2, &DubovOptions::default()).unwrap();
    let aro_of = |id| prepared.players.iter().find(|p| p.id.0 == id).unwrap().aro;
    assert_eq!(
        (aro_of(1), aro_of(2), aro_of(3), aro_of(4)),
        (2380, 2400, 0, 0)
    );
}

#[test]
fn art_1_8_2_maximum_upfloats() {
    assert_eq!(max_upfloats(5), 3);
    assert_eq!(max_upfloats(9), 3);
    assert_eq!(max_upfloats(10), 4);
    assert_eq!(max_upfloats(15), 5);
}

fn player(tpn: u32, score: i32, colours: &[Color]) -> DPlayer {
    let (preference, strength) = dubov_preference(colours);
    DPlayer {
        id: PlayerId(tpn),
        index: tpn as usize - 1,
        tpn,
        score,
        colours: colours.to_vec(),
        preference,
        strength,
        aro: 0,
        bye_eligible: true,
        games: colours.len() as u32,
        upfloats: 0,
        upfloated_last: false,
    }
}

#[test]
fn art_5_2_colour_allocation() {
    // 5.2.1: neither has played: TPN 2 is the higher ranked and even: the other colour.
    let (a, b) = (player(2, 0, &[]), player(5, 0, &[]));
    assert_eq!(colour_of(&a, &b, White), Black);
    assert_eq!(colour_of(&b, &a, White), White);
    // 5.2.2: a player without games (mild Black, 1.6.4) against a White seeker.
    let (a, b) = (player(1, 10, &[]), player(4, 10, &[Black]));
    assert_eq!(colour_of(&a, &b, White), Black);
    // 5.2.3: the stronger preference: strong White (B) beats mild White (B W B... CD 0).
    let (a, b) = (player(1, 10, &[White, Black]), player(4, 10, &[Black]));
    assert_eq!(colour_of(&a, &b, White), Black);
    // 5.2.4: same preference and strength: the last round in which they differed, reversed.
    let (a, b) = (
        player(1, 10, &[White, Black, White, Black]),
        player(4, 10, &[Black, White, White, Black]),
    );
    // Going back, they first differ in the second game: a had Black, b White.
    assert_eq!(colour_of(&a, &b, White), White);
    // 5.2.5: identical histories: the higher ranked player's preference (more points first).
    let (a, b) = (player(1, 5, &[White]), player(4, 10, &[White]));
    assert_eq!(colour_of(&a, &b, White), White);
    assert_eq!(colour_of(&b, &a, White), Black);
}

/// 2.1.1 and 3.2.5 in the explanation: round 1 (1–4, 5–2, 3–6) drawn throughout. In round 2
/// the White seekers 2, 6, 4 (ARO 2320, 2360, 2400) meet the Black seekers 1, 3, 5 in TPN
/// order: 2–1, 6–3, 4–5 is the first candidate, but 6 met 3 (C1), so the next transposition,
/// 1 5 3, gives 2–1, 6–5, 4–3. 6's card names 3 (C1, 2.1.1); 4's names 5, passed over by the
/// order of 3.2.4–3.2.5.
#[test]
fn art_3_2_5_the_explanation_names_the_opponent_passed_over_and_why() {
    use pairing::explain::PassReason;
    let mut t = event(6, 5);
    game(&mut t, 1, 1, 4, '=');
    game(&mut t, 1, 5, 2, '=');
    game(&mut t, 1, 3, 6, '=');
    let e = pairing::dubov::explain(&t, 2, &DubovOptions::default()).unwrap();
    let player = |id: u32| e.players.iter().find(|p| p.id == PlayerId(id)).unwrap();
    let opponents: Vec<_> = [2, 6, 4]
        .iter()
        .map(|&id| player(id).opponent.unwrap().0)
        .collect();
    assert_eq!(opponents, vec![1, 5, 3]);
    let passed = |id: u32| {
        player(id)
            .passed_over
            .map(|x| (x.player.0, x.reason, x.article))
    };
    assert_eq!(passed(6), Some((3, PassReason::AlreadyPlayed, "2.1.1")));
    assert_eq!(passed(3), Some((6, PassReason::AlreadyPlayed, "2.1.1")));
    assert_eq!(passed(4), Some((5, PassReason::Order, "3.2.4–3.2.5")));
    assert_eq!(passed(2), None);
    assert_eq!(passed(1), None);
}
