//! The Burstein system (C.04.4.2, 2026) article by article: for each criterion, colour rule,
//! bye rule and ordering rule, a small tournament of our own in which that article decides,
//! named after it; and the handbook's own worked examples (the seeding-round table of 1.6.2,
//! the Index example of 1.7, the order of the 45 pairings in the note under 4.3).
//!
//! Histories are written by hand (they need not come from any engine). Unless a test says
//! otherwise an event has 3 rounds, so round 1 is the only seeding round and round 2 is paired
//! by Burstein's own rules; scores are 1/½/0 and the initial colour is White.

use pairing::burstein::{self, seeding_rounds, BursteinOptions};
use pairing::dutch::{self, DutchOptions};
use pairing::{Pairing, PairingError};
use tournament::{Color, Entry, ForbiddenGroup, GameResult, Player, PlayerId, Points, Tournament};

/// A tournament written round by round.
struct Event {
    t: Tournament,
}

impl Event {
    fn new(players: u32, rounds: u32) -> Event {
        let mut t = Tournament::default();
        t.header.rounds = Some(rounds);
        t.header.initial_color = Some(Color::White);
        t.header.type_code = Some("FIDE_BURSTEIN".to_string());
        t.players = (1..=players)
            .map(|i| Player {
                id: PlayerId(i),
                rating: Some(2600 - 10 * i as u16),
                ..Player::default()
            })
            .collect();
        Event { t }
    }

    fn set(&mut self, round: u32, player: u32, e: Entry) -> &mut Self {
        let rounds = &mut self.t.players[player as usize - 1].rounds;
        while rounds.len() < round as usize {
            rounds.push(Entry::NotPaired);
        }
        rounds[round as usize - 1] = e;
        self
    }

    /// A game of `round`, `result` from White's side: `"1-0"`, `"="`, `"0-1"`.
    fn game(&mut self, round: u32, white: u32, black: u32, result: &str) -> &mut Self {
        let r = match result {
            "1-0" => GameResult::Win,
            "=" => GameResult::Draw,
            "0-1" => GameResult::Loss,
            other => panic!("unknown result {other}"),
        };
        let entry = |opponent, color, result| Entry::Played {
            opponent: PlayerId(opponent),
            color,
            result,
            rated: true,
        };
        self.set(round, white, entry(black, Color::White, r));
        self.set(round, black, entry(white, Color::Black, r.reversed()))
    }

    /// A forfeit in `round`: `winner` came, `loser` did not.
    fn forfeit(&mut self, round: u32, winner: u32, loser: u32) -> &mut Self {
        self.set(
            round,
            winner,
            Entry::ForfeitWin {
                opponent: Some(PlayerId(loser)),
                color: Some(Color::White),
            },
        );
        self.set(
            round,
            loser,
            Entry::ForfeitLoss {
                opponent: Some(PlayerId(winner)),
                color: Some(Color::Black),
            },
        )
    }

    fn forbid(&mut self, players: &[u32]) -> &mut Self {
        self.t.forbidden.push(ForbiddenGroup {
            rounds: None,
            players: players.iter().map(|&p| PlayerId(p)).collect(),
        });
        self
    }

    /// Virtual points of `player` in round 1 (an `XXA` record).
    fn virtual_points(&mut self, player: u32, points: Points) -> &mut Self {
        self.t
            .player_accelerations
            .push((PlayerId(player), vec![points]));
        self
    }

    fn pair(&self, round: u32) -> Result<Pairing, PairingError> {
        burstein::pair(&self.t, round, &BursteinOptions::default())
    }

    /// The boards of round `round` as `(white, black)`, then the PAB.
    fn boards(&self, round: u32) -> (Vec<(u32, u32)>, Option<u32>) {
        let p = self.pair(round).expect("a pairing");
        (
            p.boards.iter().map(|b| (b.white.0, b.black.0)).collect(),
            p.bye.map(|b| b.0),
        )
    }

    /// The pairs of round `round` without colours, each smaller number first, sorted.
    fn pairs(&self, round: u32) -> Vec<(u32, u32)> {
        let (boards, _) = self.boards(round);
        let mut v: Vec<(u32, u32)> = boards.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
        v.sort();
        v
    }
}

/// Round 1 of eight players: 1, 3, 5, 7 won against 2, 4, 6, 8 (3 by forfeit).
fn eight_after_a_forfeit() -> Event {
    let mut e = Event::new(8, 3);
    e.game(1, 1, 2, "1-0")
        .forfeit(1, 3, 4)
        .game(1, 5, 6, "1-0")
        .game(1, 7, 8, "1-0");
    e
}

#[test]
fn art_1_6_2_the_number_of_seeding_rounds() {
    // The handbook's table: half the rounds rounded down, at most four.
    let table = [(1, 0), (3, 1), (5, 2), (7, 3), (9, 4), (11, 4), (15, 4)];
    for (rounds, seeding) in table {
        assert_eq!(seeding_rounds(rounds), seeding, "{rounds} rounds");
    }
}

#[test]
fn art_1_6_1_seeding_rounds_are_dutch_rounds() {
    // Round 2 of a 5-round event is a seeding round: exactly the Dutch pairing.
    let mut e = Event::new(8, 5);
    e.game(1, 1, 5, "1-0")
        .game(1, 6, 2, "0-1")
        .game(1, 3, 7, "=")
        .game(1, 8, 4, "0-1");
    let dutch = dutch::pair(&e.t, 2, &DutchOptions::default()).unwrap();
    assert_eq!(e.pair(2).unwrap(), dutch);
    // Round 3 is Burstein's: four players on 1 point (two half-point byes each, equal Index)
    // get the fold 1–4, 2–3 where the Dutch system pairs S1 against S2, 1–3, 2–4.
    let mut e = Event::new(4, 5);
    for p in 1..=4 {
        e.set(1, p, Entry::HalfBye).set(2, p, Entry::HalfBye);
    }
    let dutch = dutch::pair(&e.t, 3, &DutchOptions::default()).unwrap();
    let mut dutch_pairs: Vec<(u32, u32)> = dutch
        .boards
        .iter()
        .map(|b| (b.white.0.min(b.black.0), b.white.0.max(b.black.0)))
        .collect();
    dutch_pairs.sort();
    assert_eq!(dutch_pairs, vec![(1, 3), (2, 4)]);
    assert_eq!(e.pairs(3), vec![(1, 4), (2, 3)]);
}

#[test]
fn art_1_7_handbook_example_of_the_index() {
    // X (1) won against A (2, now 3 points), drew with B (3, now 2), won by forfeit in round
    // 3, lost to C (4, now 3.5): Buchholz 11 and Sonneborn-Berger 6.5.
    let mut e = Event::new(9, 9);
    e.game(1, 1, 2, "1-0")
        .game(2, 3, 1, "=")
        .forfeit(3, 1, 9)
        .game(4, 4, 1, "1-0");
    // A: 3 points, B: 2, C: 3.5 after round 4, from full-point and half-point byes.
    let byes = |e: &mut Event, p: u32, rounds: &[(u32, Entry)]| {
        for (r, entry) in rounds {
            e.set(*r, p, *entry);
        }
    };
    byes(
        &mut e,
        2,
        &[
            (2, Entry::FullBye),
            (3, Entry::FullBye),
            (4, Entry::FullBye),
        ],
    );
    byes(&mut e, 3, &[(1, Entry::HalfBye), (3, Entry::FullBye)]);
    e.forfeit(4, 8, 3);
    byes(
        &mut e,
        4,
        &[
            (1, Entry::FullBye),
            (2, Entry::FullBye),
            (3, Entry::HalfBye),
        ],
    );
    let index = burstein::index::opposition_indices(&e.t, 4);
    assert_eq!(index[0].buchholz, 110);
    assert_eq!(index[0].sonneborn_berger, 650);
}

#[test]
fn art_1_7_1_buchholz_orders_the_bracket() {
    // 1, 3, 5, 7 on 1 point; 3's forfeit win counts as a game against himself (1.7.2), so his
    // Buchholz is 1 and the others' 0: BSN order 3, 1, 5, 7 and the fold 3–7, 1–5 (by TPN it
    // would have been 1–7, 3–5). Every pairing of the four leaves one colour conflict ([C8]
    // ties). Below, 4 (Buchholz 0) is last: 2–4, 6–8.
    let e = eight_after_a_forfeit();
    assert_eq!(e.pairs(2), vec![(1, 5), (2, 4), (3, 7), (6, 8)]);
}

#[test]
fn art_1_7_2_virtual_points_stay_out_of_the_index() {
    // 4 lost to 3 and has half a virtual point in round 2 (a bracket of his own, then a
    // floater). If virtual points entered the Index, 3's Buchholz would be ½ and 3 would lead
    // the top bracket (3–7, 1–5); without them the four winners tie and the fold is by TPN.
    let mut e = Event::new(8, 3);
    e.game(1, 1, 2, "1-0")
        .game(1, 3, 4, "1-0")
        .game(1, 5, 6, "1-0")
        .game(1, 7, 8, "1-0");
    e.t.player_accelerations
        .push((PlayerId(4), vec![Points::ZERO, Points::HALF]));
    assert_eq!(e.pairs(2), vec![(1, 7), (2, 8), (3, 5), (4, 6)]);
}

#[test]
fn art_1_7_2_a_zero_point_bye_series_counts_as_draws_for_the_opponents() {
    // 4 lost to 2 in round 1, then took a zero-point bye in round 2: for 2's Buchholz he has
    // ½, not 0, and 2 overtakes 1 (whose opponent 3 lost a game in round 2) in the 1.8 order.
    // The bracket {2, 1, 6} floats one player to 5: 2–6 and 1–5 (by TPN it would be 1–6 and
    // 2–5). 3, on 0 points, gets the PAB (3.1.3).
    let mut e = Event::new(7, 5);
    e.game(1, 1, 3, "1-0")
        .game(1, 2, 4, "1-0")
        .game(1, 5, 6, "=")
        .set(1, 7, Entry::ZeroBye);
    e.set(2, 4, Entry::ZeroBye)
        .game(2, 6, 3, "1-0")
        .set(2, 1, Entry::HalfBye)
        .set(2, 2, Entry::HalfBye)
        .set(2, 5, Entry::HalfBye)
        .set(2, 7, Entry::ZeroBye);
    e.set(3, 4, Entry::ZeroBye).set(3, 7, Entry::ZeroBye);
    let (_, bye) = e.boards(3);
    assert_eq!(bye, Some(3));
    assert_eq!(e.pairs(3), vec![(1, 5), (2, 6)]);
}

#[test]
fn art_1_8_incoming_floaters_are_ranked_by_their_index_not_their_score() {
    // 1 (1 point, Buchholz 0) floats into the ½-point bracket {3, 4, 5, 6} (Buchholz ½ each)
    // and is ranked last there, BSN 5. With no colour conflict possible only when 3 or 5
    // floats, the first such pairing is 3–6, 4–1, 5 floating to 2. Had his score ranked 1
    // first, the first would be 1–6, 4–5 with 3 floating.
    let mut e = Event::new(6, 3);
    e.game(1, 1, 2, "1-0").game(1, 3, 4, "=").game(1, 5, 6, "=");
    assert_eq!(e.pairs(2), vec![(1, 4), (2, 5), (3, 6)]);
}

#[test]
fn art_2_1_1_c1_no_rematch() {
    // Four players on ½ with equal Index: the fold 1–4 is a rematch, so 1–3, 2–4.
    let mut e = Event::new(4, 3);
    e.game(1, 1, 4, "=").game(1, 2, 3, "=");
    assert_eq!(e.pairs(2), vec![(1, 3), (2, 4)]);
}

#[test]
fn art_2_1_1_c1_a_forfeited_game_is_not_a_meeting() {
    // C.04.2 Art. 3.5: 1 won by forfeit against 2; they may meet again.
    let mut e = Event::new(2, 3);
    e.forfeit(1, 1, 2);
    assert_eq!(e.pairs(2), vec![(1, 2)]);
    // A game played is a meeting: no pairing is left.
    let mut e = Event::new(2, 3);
    e.game(1, 1, 2, "1-0");
    assert_eq!(e.pair(2), Err(PairingError::NoValidPairing { round: 2 }));
}

#[test]
fn art_2_1_2_c2_a_player_who_had_the_pab_does_not_get_it_again() {
    // 3 had the PAB (worth nothing here, C.04.1 Art. 4 bars him whatever it was worth) and is
    // lowest; the PAB goes to the lower ranked of 1 and 2 (equal score, games, Index: 2).
    let mut e = Event::new(3, 3);
    e.t.point_system.pairing_bye = Points::ZERO;
    e.game(1, 1, 2, "=").set(1, 3, Entry::PairingBye);
    let (boards, bye) = e.boards(2);
    assert_eq!(bye, Some(2));
    assert_eq!(boards.len(), 1);
}

#[test]
fn art_2_1_2_c2_a_full_point_bye_bars_the_pab() {
    // 3 scored a win without playing (a full-point bye) and is lowest: the PAB goes to 2, who
    // ranks below 1 by the Index.
    let mut e = Event::new(7, 5);
    e.game(1, 1, 4, "1-0")
        .game(1, 2, 5, "1-0")
        .set(1, 3, Entry::FullBye)
        .game(1, 6, 7, "=");
    e.game(2, 6, 1, "0-1")
        .game(2, 7, 2, "0-1")
        .game(2, 3, 4, "0-1")
        .set(2, 5, Entry::ZeroBye);
    for p in 4..=7 {
        e.set(3, p, Entry::ZeroBye);
    }
    let (boards, bye) = e.boards(3);
    assert_eq!(bye, Some(2));
    assert_eq!(e.pairs(3), vec![(1, 3)]);
    assert_eq!(boards.len(), 1);
}

#[test]
fn art_2_1_3_c3_two_players_with_the_same_absolute_preference_do_not_meet() {
    // 1 and 4 both had Black twice: the fold 1–4 is barred, and the first pairing left is
    // 1–3, 2–4 (one colour conflict, as 1–2, 3–4).
    let mut e = Event::new(8, 5);
    e.game(1, 5, 1, "=")
        .game(1, 6, 2, "=")
        .game(1, 3, 7, "=")
        .game(1, 8, 4, "=");
    e.game(2, 6, 1, "=")
        .game(2, 2, 5, "=")
        .game(2, 8, 3, "=")
        .game(2, 7, 4, "=");
    for p in 5..=8 {
        e.set(3, p, Entry::ZeroBye);
    }
    assert_eq!(e.pairs(3), vec![(1, 3), (2, 4)]);
}

#[test]
fn art_2_1_3_c3_can_leave_no_valid_pairing() {
    // 1 and 4 want White absolutely, 2 and 3 Black; 1–2, 1–3, 2–4, 3–4 were played.
    let mut e = Event::new(4, 5);
    e.game(1, 2, 1, "=").game(1, 3, 4, "=");
    e.game(2, 2, 4, "=").game(2, 3, 1, "=");
    assert_eq!(e.pair(3), Err(PairingError::NoValidPairing { round: 3 }));
}

/// Round 1 of a one-round event (no seeding round) where virtual points put `top` players
/// above the others.
fn one_round(players: u32, top: &[(u32, Points)]) -> Event {
    let mut e = Event::new(players, 1);
    for &(p, v) in top {
        e.virtual_points(p, v);
    }
    e
}

#[test]
fn art_2_2_1_c4_the_players_left_must_remain_pairable() {
    // 5 and 6 may not meet, so the top bracket {1, 2, 3, 4} floats two players for them:
    // 1–4, then 2 and 3 float (Art. 4.3) and the following bracket is folded, 2–6, 3–5.
    let mut e = one_round(
        6,
        &[
            (1, Points::ONE),
            (2, Points::ONE),
            (3, Points::ONE),
            (4, Points::ONE),
        ],
    );
    e.forbid(&[5, 6]);
    assert_eq!(e.pairs(1), vec![(1, 4), (2, 6), (3, 5)]);
}

#[test]
fn art_2_3_1_c5_as_many_pairs_as_possible() {
    // 2–3 may not meet. The pairing 1–4 with 2 and 3 floating comes first in the order of
    // 4.3, but two pairs can be made in the bracket: 1–3, 2–4.
    let mut e = one_round(
        6,
        &[
            (1, Points::ONE),
            (2, Points::ONE),
            (3, Points::ONE),
            (4, Points::ONE),
        ],
    );
    e.forbid(&[2, 3]);
    assert_eq!(e.pairs(1), vec![(1, 3), (2, 4), (5, 6)]);
}

#[test]
fn art_2_3_2_c6_the_floaters_scores_as_low_as_possible() {
    // 6 (2 points) floats into the bracket {1, 2, 6} (1 point). 1–6 may not meet, so the first
    // pairing in the order of 4.3 would be 1–2 with 6 floating; [C6] floats 1 instead: 2–6.
    let mut e = one_round(
        6,
        &[
            (6, Points::from_whole(2)),
            (1, Points::ONE),
            (2, Points::ONE),
        ],
    );
    e.forbid(&[1, 6]);
    assert_eq!(e.pairs(1), vec![(1, 5), (2, 6), (3, 4)]);
}

#[test]
fn art_2_3_3_c7_the_following_bracket_pairs_as_well_as_possible() {
    // {1, 2, 3} on 2 points floats one player into {4, 5, 6} (1 point); 2 may meet none of
    // them. Floating 2 (the first pairing, 1–3) would leave the following bracket one pair
    // short, so 1–2 and 3 floats: 3–6, 4–5, then 7–8.
    let two = Points::from_whole(2);
    let mut e = one_round(
        8,
        &[
            (1, two),
            (2, two),
            (3, two),
            (4, Points::ONE),
            (5, Points::ONE),
            (6, Points::ONE),
        ],
    );
    e.forbid(&[2, 4]).forbid(&[2, 5]).forbid(&[2, 6]);
    assert_eq!(e.pairs(1), vec![(1, 2), (3, 6), (4, 5), (7, 8)]);
}

#[test]
fn art_2_3_4_c8_as_many_players_as_possible_get_their_colour_preference() {
    // 1 and 4 want White, 2 and 3 Black; equal scores and Index. The fold 1–4, 2–3 would
    // deny two players; 1–3, 2–4 denies none and comes before 1–2, 3–4.
    let mut e = Event::new(8, 3);
    e.game(1, 5, 1, "=")
        .game(1, 2, 6, "=")
        .game(1, 3, 7, "=")
        .game(1, 8, 4, "=");
    for p in 5..=8 {
        e.set(2, p, Entry::ZeroBye);
    }
    let (boards, _) = e.boards(2);
    assert_eq!(boards, vec![(1, 3), (4, 2)]);
}

#[test]
fn art_3_1_2_the_pab_leaves_a_complete_pairing() {
    // As in the full-point bye example, but 1 and 3 have met: giving 2 the PAB would leave
    // them to meet again, so 1 gets it and 2–3 play.
    let mut e = Event::new(7, 5);
    e.game(1, 1, 4, "1-0")
        .game(1, 2, 5, "1-0")
        .set(1, 3, Entry::FullBye)
        .game(1, 6, 7, "=");
    e.game(2, 3, 1, "0-1")
        .game(2, 7, 2, "0-1")
        .game(2, 6, 4, "0-1")
        .set(2, 5, Entry::ZeroBye);
    for p in 4..=7 {
        e.set(3, p, Entry::ZeroBye);
    }
    let (_, bye) = e.boards(3);
    assert_eq!(bye, Some(1));
    assert_eq!(e.pairs(3), vec![(2, 3)]);
}

#[test]
fn art_3_1_3_the_pab_goes_to_the_lowest_score() {
    // 3 was absent in round 1 (0 points, no game): the lowest score outweighs his having
    // played the fewest games (3.1.4 comes after).
    let mut e = Event::new(5, 3);
    e.game(1, 1, 2, "=")
        .game(1, 4, 5, "=")
        .set(1, 3, Entry::ZeroBye);
    let (boards, bye) = e.boards(2);
    assert_eq!(bye, Some(3));
    assert_eq!(boards.len(), 2);
}

#[test]
fn art_3_1_4_the_pab_goes_to_the_player_with_the_most_games() {
    // 2 and 4 are on 0 points; 4 lost by forfeit in round 2 (one game), 2 played both: 2 gets
    // the PAB.
    let mut e = Event::new(5, 5);
    e.game(1, 1, 2, "1-0")
        .game(1, 3, 4, "1-0")
        .set(1, 5, Entry::PairingBye);
    e.game(2, 2, 5, "0-1")
        .forfeit(2, 1, 4)
        .set(2, 3, Entry::HalfBye);
    let (_, bye) = e.boards(3);
    assert_eq!(bye, Some(2));
}

#[test]
fn art_3_1_5_the_pab_goes_to_the_lowest_ranked_player() {
    // 2 and 4 are on 0 points with one game each; the lower ranked by 1.8 gets the PAB.
    let mut e = Event::new(5, 3);
    e.game(1, 1, 2, "1-0")
        .game(1, 3, 4, "1-0")
        .set(1, 5, Entry::PairingBye);
    let (_, bye) = e.boards(2);
    // Equal Index (1 and 3 both on 1 point): the larger TPN, 4, is lower ranked.
    assert_eq!(bye, Some(4));
    let mut e = Event::new(5, 5);
    e.game(1, 1, 2, "1-0")
        .game(1, 3, 4, "1-0")
        .set(1, 5, Entry::PairingBye);
    e.game(2, 1, 5, "1-0")
        .set(2, 2, Entry::ZeroBye)
        .set(2, 3, Entry::ZeroBye)
        .set(2, 4, Entry::ZeroBye);
    // Now 2's opponent 1 has 2 points and 4's opponent 3 has 1 (1½ as 4 sees him: 3's round-2
    // zero-point bye counts as a draw, 1.7.2): 4 has the lower Index and gets it; with the
    // opponents' scores the other way round, 2 does.
    let (_, bye) = e.boards(3);
    assert_eq!(bye, Some(4));
    let mut e = Event::new(5, 5);
    e.game(1, 1, 2, "1-0")
        .game(1, 3, 4, "1-0")
        .set(1, 5, Entry::PairingBye);
    e.game(2, 3, 5, "1-0")
        .set(2, 2, Entry::ZeroBye)
        .set(2, 1, Entry::ZeroBye)
        .set(2, 4, Entry::ZeroBye);
    let (_, bye) = e.boards(3);
    assert_eq!(bye, Some(2));
}

#[test]
fn art_4_3_the_fold() {
    // No history: BSN by TPN, and the first pairing is 1–6, 2–5, 3–4.
    let e = Event::new(6, 1);
    assert_eq!(e.pairs(1), vec![(1, 6), (2, 5), (3, 4)]);
}

/// The 45 pairings of a 6-player bracket that makes 2 pairs, in the order of Art. 4.3, as
/// lists of (BSN, opponent BSN or 0) written like the handbook's note: `1-6, 2-5, 3-0, 4-0`.
fn order_of_45() -> Vec<String> {
    let mut all: Vec<Vec<usize>> = Vec::new();
    // opponent[bsn] for BSN 1..=6 (index 0 unused); 0 means floating.
    fn walk(opp: &mut [usize; 7], pairs: usize, floats: usize, all: &mut Vec<Vec<usize>>) {
        let Some(x) = (1..=6).find(|&b| opp[b] == usize::MAX) else {
            all.push(opp[1..].to_vec());
            return;
        };
        for y in (x + 1..=6).rev() {
            if opp[y] == usize::MAX && pairs > 0 {
                opp[x] = y;
                opp[y] = x;
                walk(opp, pairs - 1, floats, all);
                opp[x] = usize::MAX;
                opp[y] = usize::MAX;
            }
        }
        if floats > 0 {
            opp[x] = 0;
            walk(opp, pairs, floats - 1, all);
            opp[x] = usize::MAX;
        }
    }
    walk(&mut [usize::MAX; 7], 2, 2, &mut all);
    all.iter()
        .map(|opp| {
            let mut parts = Vec::new();
            for (i, &o) in opp.iter().enumerate() {
                let b = i + 1;
                if o == 0 || o > b {
                    parts.push(format!("{b}-{o}"));
                }
            }
            parts.join(", ")
        })
        .collect()
}

#[test]
fn art_4_3_the_handbooks_order_of_the_45_pairings() {
    let order = order_of_45();
    // The start of the handbook's list, and a line it prints twice (we count it once).
    let start = [
        "1-6, 2-5, 3-0, 4-0",
        "1-6, 2-4, 3-0, 5-0",
        "1-6, 2-3, 4-0, 5-0",
        "1-6, 3-5, 2-0, 4-0",
        "1-6, 3-4, 2-0, 5-0",
        "1-6, 4-5, 2-0, 3-0",
        "1-5, 2-6, 3-0, 4-0",
        "1-5, 2-4, 3-0, 6-0",
    ];
    let normalise = |s: &str| {
        let mut v: Vec<&str> = s.split(", ").collect();
        v.sort_by_key(|p| p.split('-').next().unwrap().parse::<u32>().unwrap());
        v.join(", ")
    };
    for (i, line) in start.iter().enumerate() {
        assert_eq!(order[i], normalise(line), "line {}", i + 1);
    }
    assert_eq!(order.len(), 45);
    let distinct: std::collections::HashSet<&String> = order.iter().collect();
    assert_eq!(distinct.len(), 45);
    assert!(order.contains(&normalise("1-3, 2-0, 4-5, 6-0")));
    // The engine walks the same order: a six-player bracket (one virtual point each, no
    // history, so BSN = TPN) that must float two players to 7 and 8 (who may not meet)
    // makes the k-th pairing when every pair of the earlier ones is forbidden.
    let parse = |line: &str| -> Vec<(u32, u32)> {
        line.split(", ")
            .filter_map(|p| {
                let (a, b) = p.split_once('-').unwrap();
                let (a, b): (u32, u32) = (a.parse().unwrap(), b.parse().unwrap());
                (b != 0).then_some((a.min(b), a.max(b)))
            })
            .collect()
    };
    for (k, line) in order.iter().enumerate() {
        let wanted = parse(line);
        let mut e = one_round(8, &(1..=6).map(|p| (p, Points::ONE)).collect::<Vec<_>>());
        e.forbid(&[7, 8]);
        let mut barred: Vec<(u32, u32)> = order[..k]
            .iter()
            .flat_map(|l| parse(l))
            .filter(|pair| !wanted.contains(pair))
            .collect();
        barred.sort();
        barred.dedup();
        for (a, b) in barred {
            e.forbid(&[a, b]);
        }
        let top: Vec<(u32, u32)> = e
            .pairs(1)
            .into_iter()
            .filter(|&(a, b)| a <= 6 && b <= 6)
            .collect();
        let mut wanted = wanted;
        wanted.sort();
        assert_eq!(top, wanted, "pairing {} of 45: {line}", k + 1);
    }
}

#[test]
fn art_5_2_1_neither_has_played_the_higher_ranked_by_score_then_tpn() {
    // One round, 3 with a virtual point; 1–4 and 2–3 are barred, so 1–3 and 2–4. 3 outscores 1
    // and has an odd TPN: White (by TPN alone 1 would have it). 2 outranks 4 by TPN, even:
    // Black.
    let mut e = one_round(4, &[(3, Points::ONE)]);
    e.forbid(&[1, 4]).forbid(&[2, 3]);
    let (boards, _) = e.boards(1);
    assert_eq!(boards, vec![(3, 1), (4, 2)]);
}

#[test]
fn art_5_2_2_and_5_2_5_and_c_04_2_art_3_6_board_order() {
    // After round 1 of the forfeit example: 1–5 both want Black with the same history, so
    // 5.2.5: the higher ranked by 1.8 (1, by TPN on equal Index) has his preference; 3 has
    // no preference, 7 wants Black (5.2.2); 2 wants White, 4 has none; 6–8 both want White,
    // 6 ranks higher. Boards: the higher ranked player's score, the other's, his TPN.
    let e = eight_after_a_forfeit();
    let (boards, bye) = e.boards(2);
    assert_eq!(bye, None);
    assert_eq!(boards, vec![(5, 1), (3, 7), (2, 4), (6, 8)]);
}

/// Four rounds of history against players 5–8, then round 5 (9 rounds, four seeding rounds)
/// with players 1 and 2 paired alone.
fn two_after_four_rounds(one: [Color; 4], two: [Color; 4]) -> Event {
    let mut e = Event::new(8, 9);
    for r in 1..=4u32 {
        let (o1, o2) = (4 + r, 4 + (r % 4) + 1);
        for (p, colour, o) in [(1, one[r as usize - 1], o1), (2, two[r as usize - 1], o2)] {
            if colour == Color::White {
                e.game(r, p, o, "=");
            } else {
                e.game(r, o, p, "=");
            }
        }
    }
    for p in 3..=8 {
        e.set(5, p, Entry::ZeroBye);
    }
    e
}

#[test]
fn art_5_2_3_the_stronger_preference() {
    use Color::{Black as B, White as W};
    // 1: B W B B (absolute, White); 2: W B W B (mild, White): 1 has White.
    let e = two_after_four_rounds([B, W, B, B], [W, B, W, B]);
    let (boards, _) = e.boards(5);
    assert_eq!(boards, vec![(1, 2)]);
}

#[test]
fn art_5_2_4_alternate_from_the_last_time_their_colours_differed() {
    use Color::{Black as B, White as W};
    // Both mild White: 1 B W W B, 2 W B W B. Going back: B/B, W/W, then W/B: 1 had White,
    // so 1 has Black now and 2 White.
    let e = two_after_four_rounds([B, W, W, B], [W, B, W, B]);
    let (boards, _) = e.boards(5);
    assert_eq!(boards, vec![(2, 1)]);
}

#[test]
fn art_5_2_5_the_higher_ranked_players_preference() {
    use Color::{Black as B, White as W};
    // The same history W B W B for both: no difference to go back to; 1 and 2 have equal
    // Index, so the smaller TPN ranks higher and has White.
    let e = two_after_four_rounds([W, B, W, B], [W, B, W, B]);
    let (boards, _) = e.boards(5);
    assert_eq!(boards, vec![(1, 2)]);
}

#[test]
fn c_04_7_baku_brackets_by_pairing_score() {
    // 3 rounds, Baku: round 1 +1 and round 2 +½ for group A (players 1–4 of 8). After round
    // 1 the winners 1 and 3 have 1.5 and 5 and 7 have 1: separate brackets (1–3, 5–7), where
    // without acceleration the four winners would be folded (1–7, 3–5).
    let mut e = Event::new(8, 3);
    e.t.header.type_code = Some("FIDE_BURSTEIN_BAKU".to_string());
    e.game(1, 1, 2, "1-0")
        .game(1, 3, 4, "1-0")
        .game(1, 5, 6, "1-0")
        .game(1, 7, 8, "1-0");
    assert_eq!(e.pairs(2), vec![(1, 3), (2, 4), (5, 7), (6, 8)]);
    e.t.header.type_code = Some("FIDE_BURSTEIN".to_string());
    assert_eq!(e.pairs(2), vec![(1, 7), (2, 8), (3, 5), (4, 6)]);
}

#[test]
fn a_pab_fixed_by_the_arbiter_is_kept() {
    // Our `240 U` extension: the arbiter gives 1 the PAB; the others are paired.
    let mut e = Event::new(5, 3);
    e.game(1, 1, 2, "1-0")
        .game(1, 3, 4, "1-0")
        .set(1, 5, Entry::PairingBye);
    e.t.announced_byes.push(tournament::AnnouncedByes {
        kind: tournament::ByeKind::PairingAllocated,
        round: 2,
        players: vec![PlayerId(1)],
    });
    let (boards, bye) = e.boards(2);
    assert_eq!(bye, Some(1));
    assert_eq!(boards.len(), 2);
}

/// Art. 4.3 with [C8] in the explanation: three rounds (one seeding round, 1.6), round 1
/// 1–3, 4–2 drawn. In round 2 the four share a score and an Index, so by number the fold
/// 1–4, 2–3 comes first; it leaves 1 and 4 (both due Black) and 2 and 3 (both due White) one
/// preference short each, while 1–2, 3–4, later in the order of 4.3, grants all four (C8).
/// 1's card names 4, passed over by the order of candidates (4.3); 2's names 3.
#[test]
fn art_4_3_the_explanation_names_the_fold_opponent_passed_over() {
    use pairing::explain::PassReason;
    let mut e = Event::new(4, 3);
    e.game(1, 1, 3, "=").game(1, 4, 2, "=");
    assert_eq!(e.pairs(2), vec![(1, 2), (3, 4)]);
    let x = burstein::explain(&e.t, 2, &BursteinOptions::default())
        .unwrap()
        .expect("round 2 follows the seeding round");
    let passed = |id: u32| {
        x.players
            .iter()
            .find(|p| p.id == PlayerId(id))
            .unwrap()
            .passed_over
            .map(|p| (p.player.0, p.reason, p.article))
    };
    assert_eq!(passed(1), Some((4, PassReason::Order, "4.3")));
    assert_eq!(passed(2), Some((3, PassReason::Order, "4.3")));
    assert_eq!(passed(4), Some((1, PassReason::Order, "4.3")));
}
