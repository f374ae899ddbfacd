//! The Swiss Team system (C.04.6, 2026) article by article: for each criterion, colour rule
//! and bye rule a small competition where that article decides, named after the article, and
//! the worked examples of the text. Teams have one board unless a test says otherwise, so a
//! team is its board-1 player; scores are set with played rounds or, where only the scores
//! matter, with virtual points (`250`), and past meetings with forbidden pairs (`260`), which
//! C1 treats alike.

use pairing::team::colours::{
    allocate, pair_cost, preference, ColourRule, Preference, PreferenceType, Side, Strength,
};
use pairing::team::{self, TeamOptions};
use pairing::PairingError;
use tournament::Color::{Black, White};
use tournament::{
    Acceleration, AnnouncedByes, ByeKind, Color, Entry, ForbiddenGroup, GameResult, Header, Player,
    PlayerId, Points, Team, Tournament,
};

/// `n` one-board teams, `rounds` rounds planned, the variant `code`, initial colour White.
fn event(n: u32, rounds: u32, code: &str) -> Tournament {
    Tournament {
        header: Header {
            rounds: Some(rounds),
            initial_color: Some(White),
            type_code: Some(code.into()),
            ..Header::default()
        },
        players: (1..=n)
            .map(|i| Player {
                id: PlayerId(i),
                ..Player::default()
            })
            .collect(),
        teams: (1..=n)
            .map(|i| Team {
                id: Some(i),
                name: format!("Team {i}"),
                players: vec![PlayerId(i)],
                ..Team::default()
            })
            .collect(),
        ..Tournament::default()
    }
}

fn set(t: &mut Tournament, round: u32, team: u32, e: Entry) {
    let p = &mut t.players[team as usize - 1];
    if p.rounds.len() < round as usize {
        p.rounds.resize(round as usize, Entry::NotPaired);
    }
    p.rounds[round as usize - 1] = e;
}

/// A played match: `white` scored `result`.
fn play(t: &mut Tournament, round: u32, white: u32, black: u32, result: GameResult) {
    let g = |o, c, r| Entry::Played {
        opponent: PlayerId(o),
        color: c,
        result: r,
        rated: true,
    };
    set(t, round, white, g(black, White, result));
    set(t, round, black, g(white, Black, result.reversed()));
}

/// Virtual points for `team` in `round` (match points, or game points when `gp`).
fn virtual_points(t: &mut Tournament, round: u32, team: u32, points: &str, gp: bool) {
    let p: Points = points.parse().unwrap();
    t.accelerations.push(Acceleration {
        match_points: (!gp).then_some(p),
        points: if gp { p } else { Points::ZERO },
        first_round: round,
        last_round: round,
        first_player: PlayerId(team),
        last_player: PlayerId(team),
    });
}

/// Teams that may not meet (C1's status).
fn forbid(t: &mut Tournament, teams: &[u32]) {
    t.forbidden.push(ForbiddenGroup {
        rounds: None,
        players: teams.iter().map(|&x| PlayerId(x)).collect(),
    });
}

/// The boards (White, Black) in board order and the PAB's receiver.
type Boards = (Vec<(u32, u32)>, Option<u32>);

fn pair(t: &Tournament, round: u32) -> Result<Boards, PairingError> {
    let p = team::pair(t, round, &TeamOptions::of(t).unwrap())?;
    Ok((
        p.boards.iter().map(|b| (b.white.0, b.black.0)).collect(),
        p.bye.map(|b| b.0),
    ))
}

/// The pairs as unordered sets, sorted.
fn pairs_of(t: &Tournament, round: u32) -> Vec<(u32, u32)> {
    let (boards, _) = pair(t, round).unwrap();
    let mut v: Vec<(u32, u32)> = boards.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    v.sort_unstable();
    v
}

fn bye_of(t: &Tournament, round: u32) -> Option<u32> {
    pair(t, round).unwrap().1
}

/// Gives every team of `scores` its score through virtual points in `round` (GP scores when
/// `gp`): a round-1 competition whose brackets are as the test needs.
fn scored(n: u32, scores: &[(u32, &str)], gp: bool) -> Tournament {
    let code = if gp { "FIDE_TEAM_GP" } else { "FIDE_TEAM_MP" };
    let mut t = event(n, 9, code);
    for &(team, s) in scores {
        virtual_points(&mut t, 1, team, s, gp);
    }
    t
}

// --- 1.4, 3.4: the pairing-allocated bye -----------------------------------------------------

#[test]
fn art_1_4_the_bye_is_worth_a_drawn_match() {
    // Round 1: 1 beats 2, 3 beats 4, 5 has the bye: 1 MP (not 2) leaves 5 below 1 and 3.
    let mut t = event(5, 5, "FIDE_TEAM_TYPEA_MP");
    play(&mut t, 1, 1, 2, GameResult::Win);
    play(&mut t, 1, 3, 4, GameResult::Win);
    set(&mut t, 1, 5, Entry::PairingBye);
    let h = tournament::team::team_histories(&t).unwrap();
    assert_eq!(h[4].rounds[0].match_points, Points::ONE);
    assert_eq!(h[4].rounds[0].game_points, Points::HALF);
    // Round 2: 1-3 (2 MP each); the PAB goes to 4 (0 MP, largest TPN among 2 and 4), 2-5.
    assert_eq!(pairs_of(&t, 2), vec![(1, 3), (2, 5)]);
    assert_eq!(bye_of(&t, 2), Some(4));
}

#[test]
fn art_3_4_1_the_bye_leaves_a_legal_pairing() {
    // 5 would be the bye's receiver (lowest score, largest TPN), but without 5, team 4 (who
    // met 1, 2 and 3) could not be paired: 4 gets the bye.
    let mut t = scored(5, &[(1, "4"), (2, "4"), (3, "4")], false);
    forbid(&mut t, &[4, 1]);
    forbid(&mut t, &[4, 2]);
    forbid(&mut t, &[4, 3]);
    assert_eq!(bye_of(&t, 1), Some(4));
}

#[test]
fn art_3_4_2_the_bye_goes_to_the_lowest_score() {
    let t = scored(5, &[(1, "2"), (2, "2"), (3, "2"), (5, "2")], false);
    assert_eq!(bye_of(&t, 1), Some(4));
}

#[test]
fn art_3_4_3_the_bye_goes_to_the_team_with_most_matches_played() {
    // After round 1 (1-2, 3-4 played; 5 had the bye; 6 entered late), 2, 4, 6 have 0 MP: 6
    // played no match, 2 and 4 one each: 4 (largest TPN of those with most matches).
    let mut t = event(7, 5, "FIDE_TEAM_TYPEA_MP");
    play(&mut t, 1, 1, 2, GameResult::Win);
    play(&mut t, 1, 3, 4, GameResult::Win);
    set(&mut t, 1, 5, Entry::PairingBye);
    set(&mut t, 1, 6, Entry::ZeroBye);
    set(&mut t, 1, 7, Entry::FullBye);
    assert_eq!(bye_of(&t, 2), Some(4));
}

#[test]
fn art_3_4_4_the_bye_goes_to_the_largest_number() {
    let t = event(7, 5, "FIDE_TEAM");
    assert_eq!(bye_of(&t, 1), Some(7));
}

// --- 2.1: absolute criteria -------------------------------------------------------------------

#[test]
fn art_2_1_1_c1_teams_do_not_meet_twice() {
    // The first identifier 1-3, 2-4 is illegal: 1 and 3 met.
    let mut t = event(4, 5, "FIDE_TEAM_MP");
    play(&mut t, 1, 1, 3, GameResult::Draw);
    play(&mut t, 1, 2, 4, GameResult::Draw);
    // 1 2 3 4 pairs 1-3 again; 1 2 4 3 (1-4, 2-3) is the first legal identifier.
    assert_eq!(pairs_of(&t, 2), vec![(1, 4), (2, 3)]);
}

#[test]
fn ghr_3_5_a_forfeited_match_is_not_a_meeting() {
    // Round 1: both matches forfeited by both teams (0 match points each). Round 2 pairs 1-3
    // and 2-4 again: the first identifier, legal because they did not play.
    let mut t = event(4, 5, "FIDE_TEAM_MP");
    for (a, b) in [(1, 3), (2, 4)] {
        set(
            &mut t,
            1,
            a,
            Entry::DoubleForfeit {
                opponent: PlayerId(b),
                color: White,
            },
        );
        set(
            &mut t,
            1,
            b,
            Entry::DoubleForfeit {
                opponent: PlayerId(a),
                color: Black,
            },
        );
    }
    let h = tournament::team::team_histories(&t).unwrap();
    assert_eq!(h[0].rounds[0].match_points, Points::ZERO);
    assert_eq!(pairs_of(&t, 2), vec![(1, 3), (2, 4)]);
}

#[test]
fn art_2_1_2_c2_no_second_bye() {
    // Round 1: 5 had the bye. Round 2 (5 teams): 5 has the lowest score with 2 and 4 but
    // may not have it again.
    let mut t = event(5, 5, "FIDE_TEAM_MP");
    play(&mut t, 1, 1, 2, GameResult::Win);
    play(&mut t, 1, 3, 4, GameResult::Win);
    set(&mut t, 1, 5, Entry::PairingBye);
    t.team_records.pab = Some(tournament::TeamPab {
        match_points: Some(Points::ZERO),
        game_points: Some(Points::ZERO),
        receivers: vec![Some(5)],
    });
    assert_eq!(bye_of(&t, 2), Some(4));
}

/// Round 1 of five teams: 1-2 drawn, 3 has the bye, and 5 meets 4: won by forfeit when
/// `forfeit`, over the board otherwise; in round 2, 5 is brought down to 0 match points.
fn five_with_a_win_for_5(forfeit: bool) -> Tournament {
    let mut t = event(5, 5, "FIDE_TEAM_MP");
    play(&mut t, 1, 1, 2, GameResult::Draw);
    set(&mut t, 1, 3, Entry::PairingBye);
    if forfeit {
        set(
            &mut t,
            1,
            5,
            Entry::ForfeitWin {
                opponent: Some(PlayerId(4)),
                color: None,
            },
        );
        set(
            &mut t,
            1,
            4,
            Entry::ForfeitLoss {
                opponent: Some(PlayerId(5)),
                color: None,
            },
        );
    } else {
        play(&mut t, 1, 5, 4, GameResult::Win);
    }
    virtual_points(&mut t, 2, 5, "-2", false);
    t
}

#[test]
fn art_2_1_2_c2_a_forfeit_win_bars_the_bye() {
    // 4 and 5 have 0 MP; 5 comes first (3.4.3: 4 and 5 have played no match or one; 3.4.4
    // largest number) unless barred.
    assert_eq!(bye_of(&five_with_a_win_for_5(false), 2), Some(5));
    assert_eq!(bye_of(&five_with_a_win_for_5(true), 2), Some(4));
}

#[test]
fn art_2_1_2_c2_a_full_point_bye_bars_the_bye_a_half_point_bye_does_not() {
    let mut t = event(5, 5, "FIDE_TEAM_MP");
    play(&mut t, 1, 1, 2, GameResult::Draw);
    play(&mut t, 1, 3, 4, GameResult::Draw);
    set(&mut t, 1, 5, Entry::FullBye);
    // 5 (2 MP, brought down to 0) is alone at the bottom, but barred: 4 (1 MP).
    virtual_points(&mut t, 2, 5, "-2", false);
    assert_eq!(bye_of(&t, 2), Some(4), "a full-point bye bars the PAB");
    let mut u = event(5, 5, "FIDE_TEAM_MP");
    play(&mut u, 1, 1, 2, GameResult::Draw);
    play(&mut u, 1, 3, 4, GameResult::Draw);
    set(&mut u, 1, 5, Entry::HalfBye);
    virtual_points(&mut u, 2, 5, "-1", false);
    assert_eq!(bye_of(&u, 2), Some(5), "a half-point bye does not");
}

// --- 2.2, 2.3: completion and quality criteria -------------------------------------------------

#[test]
fn art_2_2_1_c3_the_rest_must_stay_pairable() {
    // Top 1, 2 (4 MP) could pair each other, but then 3 and 4, who met, would be left: C3
    // makes 1 and 2 each take an upfloater.
    let mut t = scored(4, &[(1, "4"), (2, "4")], false);
    forbid(&mut t, &[3, 4]);
    assert_eq!(pairs_of(&t, 1), vec![(1, 3), (2, 4)]);
}

#[test]
fn art_2_3_1_c4_fewest_upfloaters() {
    // 1, 2, 3 at 4 MP: one upfloater from 2 MP (4), not three.
    let t = scored(
        6,
        &[(1, "4"), (2, "4"), (3, "4"), (4, "2"), (5, "2")],
        false,
    );
    assert_eq!(pairs_of(&t, 1), vec![(1, 3), (2, 4), (5, 6)]);
}

#[test]
fn art_2_3_2_c5_upfloaters_from_the_highest_score() {
    // 1 alone at 6 MP: its upfloater comes from 4 MP (3), not from 2 MP (2), though 2 has a
    // smaller number.
    let t = scored(4, &[(1, "6"), (3, "4"), (2, "2")], false);
    assert_eq!(pairs_of(&t, 1), vec![(1, 3), (2, 4)]);
}

#[test]
fn art_3_5_4_the_handbook_example() {
    // 2, 6, 8 have 3 points, 1, 3, 5 have 2.5 (game points). The residents 9, 10, 11 (3.5)
    // (here 7, 9, 10) have all met each other: three upfloaters. 4 (0 points) has met 1, 3, 5, so {2, 6, 8}
    // would leave it unpairable: two 3s and one 2.5, and the first set in the order
    // {2,6,1} < {2,6,3} < … < {6,8,5} is {2, 6, 1}.
    let mut t = scored(
        10,
        &[
            (7, "3.5"),
            (9, "3.5"),
            (10, "3.5"),
            (2, "3"),
            (6, "3"),
            (8, "3"),
            (1, "2.5"),
            (3, "2.5"),
            (5, "2.5"),
        ],
        true,
    );
    forbid(&mut t, &[7, 9, 10]);
    for x in [1, 3, 5] {
        forbid(&mut t, &[4, x]);
    }
    let pairs = pairs_of(&t, 1);
    let upfloaters: Vec<u32> = pairs
        .iter()
        .filter_map(|&(a, b)| match (a, b) {
            (x, y) if [7, 9, 10].contains(&y) => Some(x),
            (x, y) if [7, 9, 10].contains(&x) => Some(y),
            _ => None,
        })
        .collect();
    let mut sorted = upfloaters.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, vec![1, 2, 6], "{pairs:?}");
}

#[test]
fn art_2_3_3_c6_the_following_scoregroup_stays_pairable() {
    // 1 alone at 6 MP takes an upfloater from 4 MP {2, 3, 4}; 3 and 4 have met. Taking 2
    // (the first) would leave 3 and 4 unable to pair each other, so the 4-MP scoregroup would
    // need two upfloaters; taking 3 leaves 2-4: C6 takes 3.
    let mut t = scored(6, &[(1, "6"), (2, "4"), (3, "4"), (4, "4")], false);
    forbid(&mut t, &[3, 4]);
    let pairs = pairs_of(&t, 1);
    assert!(pairs.contains(&(1, 3)), "{pairs:?}");
    assert!(pairs.contains(&(2, 4)), "{pairs:?}");
}

/// Eight teams, round 1 played with 1-5, 2-6, 3-7, 4-8 all drawn; 5 and 6 had 2 virtual
/// points in round 1, so 1, 2, 5, 6 floated. In round 2 team 1 has 2 virtual points: it is
/// alone at the top and takes one upfloater from the seven others.
fn floaters(rounds: u32) -> Tournament {
    let mut t = event(8, rounds, "FIDE_TEAM_MP");
    for (a, b) in [(1, 5), (2, 6), (3, 7), (4, 8)] {
        play(&mut t, 1, a, b, GameResult::Draw);
    }
    virtual_points(&mut t, 1, 5, "2", false);
    virtual_points(&mut t, 1, 6, "2", false);
    virtual_points(&mut t, 2, 1, "2", false);
    t
}

#[test]
fn art_2_3_4_c7_upfloaters_that_floated_last_round() {
    let t = floaters(9);
    let tr = team::TeamRound::new(&t, 2, &TeamOptions::of(&t).unwrap()).unwrap();
    let floated: Vec<u32> = (0..8)
        .filter(|&i| tr.field.floated_in(i, 1))
        .map(|i| tr.field.histories[i].tpn)
        .collect();
    assert_eq!(floated, vec![1, 2, 5, 6]);
    // The first set would be {2}, which floated: C7 takes {3}.
    assert!(pairs_of(&t, 2).contains(&(1, 3)));
    // In the last two rounds C7 lapses: {2}.
    assert!(pairs_of(&floaters(3), 2).contains(&(1, 2)));
}

/// Six teams: round 1 drawn 1-2, 3-4, 5-6 with 2 virtual points for 1 (1 and 2 floated); in
/// round 2 team 6 is brought down by 1 point and floats up into the bracket of the others; 3
/// and 6 may not meet.
fn floaters_opponents(rounds: u32) -> Tournament {
    let mut t = event(6, rounds, "FIDE_TEAM_MP");
    for (a, b) in [(1, 2), (3, 4), (5, 6)] {
        play(&mut t, 1, a, b, GameResult::Draw);
    }
    virtual_points(&mut t, 1, 1, "2", false);
    virtual_points(&mut t, 2, 6, "-1", false);
    forbid(&mut t, &[3, 6]);
    t
}

#[test]
fn art_2_3_7_c10_upfloaters_opponents_that_floated_last_round() {
    // With tops {1, 2, 3} the upfloater 6 meets 1 or 2, who floated (3 may not meet it); the
    // first identifier that gives 6 another opponent is 1 2 4 3 5 6: 1-3, 2-5, 4-6.
    assert_eq!(
        pairs_of(&floaters_opponents(9), 2),
        vec![(1, 3), (2, 5), (4, 6)]
    );
    // In the last two rounds C10 lapses: the first legal identifier, 1-4, 2-6, 3-5.
    assert_eq!(
        pairs_of(&floaters_opponents(3), 2),
        vec![(1, 4), (2, 6), (3, 5)]
    );
}

// --- colour criteria C8, C9 and the colour rules of Art. 4 -------------------------------------

fn side(tpn: u32, primary: i64, colours: &[Color], kind: PreferenceType) -> Side {
    Side {
        tpn,
        primary,
        secondary: Some(0),
        colours: colours.to_vec(),
        preference: preference(colours, kind, false),
    }
}

#[test]
fn art_1_7_1_type_a_preferences() {
    let a = PreferenceType::A;
    let s = |c| Preference::Wants(c, Strength::Strong);
    assert_eq!(
        preference(&[Black, Black, White, Black], a, false),
        s(White)
    ); // CD -2
    assert_eq!(preference(&[White, Black, Black], a, false), s(White)); // CD -1, BB
    assert_eq!(
        preference(&[White, White, Black, Black], a, false),
        s(White)
    ); // CD 0, BB
    assert_eq!(preference(&[Black, White, White], a, false), s(Black)); // CD +1, WW
    assert_eq!(
        preference(&[White, Black, White], a, false),
        Preference::None
    ); // CD +1
    assert_eq!(preference(&[Black, White], a, false), Preference::None);
    assert_eq!(preference(&[], a, false), Preference::None);
}

#[test]
fn art_1_7_2_type_b_preferences() {
    let b = PreferenceType::B;
    let m = |c| Preference::Wants(c, Strength::Mild);
    let s = |c| Preference::Wants(c, Strength::Strong);
    assert_eq!(preference(&[White, Black, Black], b, false), s(White));
    assert_eq!(preference(&[White, Black, White], b, false), m(Black)); // CD +1
    assert_eq!(preference(&[Black], b, false), m(White)); // CD -1
    assert_eq!(preference(&[White, Black], b, false), m(White)); // CD 0, last Black
    assert_eq!(preference(&[White, Black], b, true), Preference::None); // last round
                                                                        // Last round, CD 0 after two Blacks: the strong clause (our reading).
    assert_eq!(preference(&[White, White, Black, Black], b, true), s(White));
    assert_eq!(preference(&[], b, false), Preference::None);
    assert_eq!(
        preference(&[White, Black], PreferenceType::None, false),
        Preference::None
    );
}

#[test]
fn art_2_3_5_c8_and_2_3_6_c9_count_the_unfulfilled_preferences() {
    let s = |c| Preference::Wants(c, Strength::Strong);
    let m = |c| Preference::Wants(c, Strength::Mild);
    assert_eq!(
        pair_cost(s(White), s(White), PreferenceType::B),
        (true, true)
    );
    assert_eq!(
        pair_cost(s(White), m(White), PreferenceType::B),
        (true, false)
    );
    assert_eq!(
        pair_cost(s(White), s(Black), PreferenceType::B),
        (false, false)
    );
    assert_eq!(
        pair_cost(s(White), Preference::None, PreferenceType::A),
        (false, false)
    );
    assert_eq!(
        pair_cost(s(White), s(White), PreferenceType::A),
        (true, false)
    );
}

/// Eight teams: 1-4 beat the others twice, with the colours given (targets' colours in rounds
/// 1 and 2); 5-8 lose both and drop to 0 MP. In round 3, 1-4 form the top bracket alone.
fn four_with_colours(code: &str, colours: [[Color; 2]; 4]) -> Tournament {
    let mut t = event(8, 9, code);
    let fillers = [[5, 6], [6, 5], [7, 8], [8, 7]];
    for (k, target) in (1..=4u32).enumerate() {
        for r in 0..2 {
            let f = fillers[k][r];
            if colours[k][r] == White {
                play(&mut t, r as u32 + 1, target, f, GameResult::Win);
            } else {
                play(&mut t, r as u32 + 1, f, target, GameResult::Loss);
            }
        }
    }
    t
}

#[test]
fn art_2_3_5_c8_a_later_identifier_fulfils_more_preferences() {
    // 1 and 3 want White (two Blacks), 2 and 4 Black (two Whites): 1-3, 2-4 leaves two
    // preferences unfulfilled, 1-4, 2-3 none (and comes before 1-2, 3-4).
    let t = four_with_colours(
        "FIDE_TEAM_TYPEA_MP",
        [
            [Black, Black],
            [White, White],
            [Black, Black],
            [White, White],
        ],
    );
    let (boards, _) = pair(&t, 3).unwrap();
    assert_eq!(&boards[..2], &[(1, 4), (3, 2)]);
}

#[test]
fn art_2_3_6_c9_strong_preferences_type_b() {
    // Type B: 1 and 3 strongly want White (CD -2), 2 and 4 mildly (CD 0, Black last). Every
    // pairing leaves two preferences unfulfilled (C8); 1-3 would leave a strong one: 1-4, 2-3,
    // where the strong preferences win (4.3.4).
    let t = four_with_colours(
        "FIDE_TEAM_TYPEB_MP",
        [
            [Black, Black],
            [White, Black],
            [Black, Black],
            [White, Black],
        ],
    );
    let (boards, _) = pair(&t, 3).unwrap();
    assert_eq!(&boards[..2], &[(1, 4), (3, 2)]);
}

#[test]
fn art_4_3_1_new_teams_take_the_initial_colour_by_tpn_parity() {
    let a = side(1, 0, &[], PreferenceType::A);
    let b = side(4, 0, &[], PreferenceType::A);
    assert_eq!(
        allocate(&a, &b, PreferenceType::A, White),
        (White, ColourRule::BothNew)
    );
    let c = side(2, 0, &[], PreferenceType::A);
    assert_eq!(
        allocate(&c, &b, PreferenceType::A, White),
        (Black, ColourRule::BothNew)
    );
    assert_eq!(
        allocate(&a, &b, PreferenceType::A, Black),
        (Black, ColourRule::BothNew)
    );
    // The round-1 pairing of the engine: 1-3, 4-2 (team_round1 of Sharly Chess's fixtures).
    let t = event(4, 5, "FIDE_TEAM");
    assert_eq!(pair(&t, 1).unwrap().0, vec![(1, 3), (4, 2)]);
}

#[test]
fn art_4_3_2_only_one_preference_is_granted() {
    let a = side(1, 4, &[White, Black, Black], PreferenceType::A); // wants White
    let b = side(2, 2, &[Black, White, Black], PreferenceType::A); // none
    assert_eq!(
        allocate(&b, &a, PreferenceType::A, White),
        (Black, ColourRule::OnePreference)
    );
}

#[test]
fn art_4_3_3_opposite_preferences_are_granted() {
    let a = side(1, 4, &[White, White], PreferenceType::A); // Black
    let b = side(2, 2, &[Black, Black], PreferenceType::A); // White
    assert_eq!(
        allocate(&a, &b, PreferenceType::A, White),
        (Black, ColourRule::Opposite)
    );
}

#[test]
fn art_4_3_4_type_b_a_lone_strong_preference_wins() {
    let a = side(1, 4, &[Black], PreferenceType::B); // mild White
    let b = side(2, 2, &[White, Black, Black], PreferenceType::B); // strong White
    assert_eq!(
        allocate(&a, &b, PreferenceType::B, White),
        (Black, ColourRule::OneStrong)
    );
}

#[test]
fn art_4_3_5_white_to_the_lower_colour_difference() {
    // Both want White strongly (BB), CDs -2 and 0: White to the CD -2 team.
    let a = side(1, 4, &[White, White, Black, Black], PreferenceType::A);
    let b = side(2, 2, &[White, Black, Black, Black], PreferenceType::A);
    assert_eq!(
        allocate(&a, &b, PreferenceType::A, White),
        (Black, ColourRule::LowerDifference)
    );
}

#[test]
fn art_4_3_6_alternate_from_the_last_different_colours() {
    // Same CD, no preferences (type A): histories W B W B and B W W B, read from the latest
    // match, differ first two matches back, where the first had Black: it gets White.
    let a = side(1, 4, &[White, Black, White, Black], PreferenceType::A);
    let b = side(2, 2, &[Black, White, White, Black], PreferenceType::A);
    assert_eq!(
        allocate(&a, &b, PreferenceType::A, White),
        (White, ColourRule::LastDifference)
    );
}

#[test]
fn art_4_3_7_the_first_teams_preference() {
    // Identical histories ending BB: both want White; the first-team (higher score) gets it.
    let a = side(1, 4, &[White, White, Black, Black], PreferenceType::A);
    let b = side(2, 6, &[White, White, Black, Black], PreferenceType::A);
    assert_eq!(
        allocate(&a, &b, PreferenceType::A, White),
        (Black, ColourRule::FirstTeamPreference)
    );
}

#[test]
fn art_4_3_8_alternate_the_first_teams_last_colour() {
    let a = side(1, 4, &[White, Black], PreferenceType::A);
    let b = side(2, 2, &[White, Black], PreferenceType::A);
    assert_eq!(
        allocate(&a, &b, PreferenceType::A, White),
        (White, ColourRule::FirstTeamAlternates)
    );
}

#[test]
fn art_4_3_9_alternate_the_other_teams_last_colour() {
    // The first-team has played no match (a late entry with a full-point bye); the other
    // played White then Black (CD 0, as the first-team's): 4.3.9 alternates its Black.
    let first = Side {
        tpn: 1,
        primary: 4,
        secondary: Some(0),
        colours: vec![],
        preference: Preference::None,
    };
    let other = side(2, 2, &[White, Black], PreferenceType::None);
    assert_eq!(
        allocate(&first, &other, PreferenceType::None, White),
        (Black, ColourRule::OtherAlternates)
    );
}

#[test]
fn art_4_2_2_the_secondary_score_decides_the_first_team() {
    // Equal primary scores; the secondary (game points) makes 2 the first-team.
    let mut a = side(1, 4, &[White, Black], PreferenceType::A);
    let mut b = side(2, 4, &[White, Black], PreferenceType::A);
    a.secondary = Some(10);
    b.secondary = Some(20);
    assert_eq!(
        allocate(&a, &b, PreferenceType::A, White),
        (Black, ColourRule::FirstTeamAlternates)
    );
    // Without the secondary score (…_MP alone) the smaller number is the first-team.
    a.secondary = None;
    b.secondary = None;
    assert_eq!(
        allocate(&a, &b, PreferenceType::A, White),
        (White, ColourRule::FirstTeamAlternates)
    );
}

// --- 1.2, 192 codes, C.04.7 -------------------------------------------------------------------

#[test]
fn art_1_2_game_points_as_the_primary_score() {
    // Two-board teams: 1 beats 2 2-0, 3 beats 4 1½-½: in MP 1 and 3 lead together, in GP 1
    // leads alone.
    let mut t = event(8, 5, "FIDE_TEAM_GP");
    t.teams = (1..=4)
        .map(|k| Team {
            id: Some(k),
            players: vec![PlayerId(2 * k - 1), PlayerId(2 * k)],
            ..Team::default()
        })
        .collect();
    play(&mut t, 1, 1, 3, GameResult::Win);
    play(&mut t, 1, 4, 2, GameResult::Loss);
    play(&mut t, 1, 5, 7, GameResult::Win);
    play(&mut t, 1, 8, 6, GameResult::Draw);
    let h = tournament::team::team_histories(&t).unwrap();
    assert_eq!(h[0].game_points(), Points::from_whole(2));
    assert_eq!(h[2].game_points(), "1.5".parse().unwrap());
    // GP primary: 1 (2) takes an upfloater from 1.5 (3); then 2 (0) and 4 (0.5): 2-4.
    assert_eq!(pairs_of(&t, 2), vec![(1, 3), (2, 4)]);
}

#[test]
fn type_codes_name_the_variant() {
    assert!(TeamOptions::from_type_code("FIDE_TEAM_GP_BAKU").is_err());
    let o = TeamOptions::from_type_code("FIDE_TEAM_MP_GP_BAKU").unwrap();
    assert_eq!(o.preferences, PreferenceType::None);
    assert!(o.baku && o.secondary_for_colours);
}

#[test]
fn c_04_7_baku_gives_group_a_a_match_win() {
    // 8 teams, 9 rounds: group A is 1-4 (2·⌈8/4⌉), +2 MP in rounds 1-3: round 1 pairs 1-3, 2-4
    // at 2 MP and 5-7, 6-8 at 0.
    let t = event(8, 9, "FIDE_TEAM_BAKU");
    assert_eq!(pairs_of(&t, 1), vec![(1, 3), (2, 4), (5, 7), (6, 8)]);
    let plain = event(8, 9, "FIDE_TEAM");
    assert_eq!(pairs_of(&plain, 1), vec![(1, 5), (2, 6), (3, 7), (4, 8)]);
}

// --- C.04.2: who is paired ----------------------------------------------------------------------

#[test]
fn ghr_3_3_a_team_known_absent_is_not_paired() {
    let mut t = event(5, 5, "FIDE_TEAM");
    t.announced_byes.push(AnnouncedByes {
        kind: ByeKind::Half,
        round: 1,
        players: vec![PlayerId(5)],
    });
    let (boards, bye) = pair(&t, 1).unwrap();
    assert_eq!(boards, vec![(1, 3), (4, 2)]);
    assert_eq!(bye, None);
}

#[test]
fn ghr_3_2_a_withdrawn_team_is_not_paired() {
    let mut t = event(5, 5, "FIDE_TEAM");
    play(&mut t, 1, 1, 3, GameResult::Win);
    play(&mut t, 1, 4, 2, GameResult::Win);
    set(&mut t, 1, 5, Entry::PairingBye);
    set(&mut t, 2, 5, Entry::Withdrawn);
    let (_, bye) = pair(&t, 2).unwrap();
    assert_eq!(bye, None);
    assert_eq!(pairs_of(&t, 2), vec![(1, 4), (2, 3)]);
}

#[test]
fn art_3_3_3_no_legal_pairing_is_reported() {
    let mut t = event(4, 5, "FIDE_TEAM");
    forbid(&mut t, &[1, 2, 3]);
    assert_eq!(pair(&t, 1), Err(PairingError::NoValidPairing { round: 1 }));
}

#[test]
fn art_3_6_the_first_identifier_of_the_bracket() {
    // Round 2, six teams on the same score, 1 and 4 already met: 1 2 3 4 5 6 and 1 2 3 4 6 5
    // pair 1-4; 1 2 3 5 4 6 (1-5, 2-4, 3-6) is the first legal identifier.
    let mut t = scored(6, &[], false);
    forbid(&mut t, &[1, 4]);
    assert_eq!(pairs_of(&t, 1), vec![(1, 5), (2, 4), (3, 6)]);
}

#[test]
fn art_3_6_2_identifier_of_the_handbook_example() {
    // 11-24 16-6 10-9 8-4: top members 4 6 9 11, then their bottom members 8 16 10 24.
    let pairs = [(11u32, 24u32), (16, 6), (10, 9), (8, 4)];
    let mut tops: Vec<(u32, u32)> = pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    tops.sort_unstable();
    let id: Vec<u32> = tops
        .iter()
        .map(|p| p.0)
        .chain(tops.iter().map(|p| p.1))
        .collect();
    assert_eq!(id, vec![4, 6, 9, 11, 8, 16, 10, 24]);
    // A bracket of these eight where only those pairs and later identifiers are legal: the
    // engine's pairing is that one.
    let mut t = scored(24, &[], false);
    let members = [4, 6, 8, 9, 10, 11, 16, 24];
    for &a in &members {
        for &b in &members {
            let allowed = pairs.contains(&(a, b)) || pairs.contains(&(b, a));
            if a < b && !allowed {
                forbid(&mut t, &[a, b]);
            }
        }
    }
    let others: Vec<u32> = (1..=24).filter(|x| !members.contains(x)).collect();
    for &a in &members {
        for &b in &others {
            forbid(&mut t, &[a, b]);
        }
    }
    let got = pairs_of(&t, 1);
    for &(a, b) in &pairs {
        assert!(got.contains(&(a.min(b), a.max(b))), "{got:?}");
    }
}

/// TRF-2026 `299` counts for the team pairing: five two-board teams after round 1 (1 beat 2,
/// 4 beat 3, 5 had the bye). Without a record round 2 gives the PAB to 3 (0 MP, the largest
/// number) and pairs 4-1, 2-5. With a bonus of 2 match points for team 3 (`299` blank type),
/// 1, 3 and 4 have 2 MP, 5 has 1 and 2 has 0: the PAB goes to 2 (3.4), the top scoregroup
/// {1, 3, 4} takes 5 as its upfloater, and the first identifier, 1-4 and 3-5, is legal (3 and
/// 4 met). Colours: 4 (Black in round 1) gets White against 1; 5 (the bye, no colour) White
/// against 3 (White in round 1).
#[test]
fn abnormal_points_change_the_team_pairing() {
    let text = "\
142 5
152 W
192 FIDE_TEAM_TYPEA_MP_GP
352 WB
320 01.0 01.0 005
001    1      Member 1                          2000                             0.0    1     3 w 1
001    2      Member 2                          2000                             0.0    2     4 b =
001    3      Member 3                          2000                             0.0    3     1 b 0
001    4      Member 4                          2000                             0.0    4     2 w =
001    5      Member 5                          2000                             0.0    5     7 w =
001    6      Member 6                          2000                             0.0    6     8 b 0
001    7      Member 7                          2000                             0.0    7     5 b =
001    8      Member 8                          2000                             0.0    8     6 w 1
001    9      Member 9                          2000                             0.0    9  0000 - U
001   10      Member 10                         2000                             0.0   10  0000 - U
310   1 Team 1                                                              1    2
310   2 Team 2                                                              3    4
310   3 Team 3                                                              5    6
310   4 Team 4                                                              7    8
310   5 Team 5                                                              9   10
";
    let boards = |text: &str| {
        let t = tournament::trf::read(text).unwrap();
        let p = team::pair(&t, 2, &TeamOptions::of(&t).unwrap()).unwrap();
        let boards: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.white.0, b.black.0)).collect();
        (boards, p.bye.map(|b| b.0))
    };
    assert_eq!(boards(text), (vec![(4, 1), (2, 5)], Some(3)));
    let bonus = format!("{text}299     2.0        001 0003\n");
    assert_eq!(boards(&bonus), (vec![(4, 1), (5, 3)], Some(2)));
}
