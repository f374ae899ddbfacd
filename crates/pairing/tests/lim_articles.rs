//! The Lim system (C.04.4.3, 2026) article by article: for each rule a small tournament where
//! that rule decides, named after the article, and the worked examples of the text (the
//! exchange tables of 4.2 and 4.3, the two cases of 4.4, the 40-player round 1 of 7.2).
//!
//! Meetings without colours are written as forbidden pairs (`XXP`), which the engine treats as
//! meetings; scoregroups in round 1 come from virtual points (`250`, C.04.7).

use pairing::lim::{pair, LimOptions};
use pairing::PairingError;
use tournament::{
    Acceleration, Color, Entry, ForbiddenGroup, GameResult, Header, Player, PlayerId, Points,
    Tournament,
};

/// A tournament of `n` players (#k rated 2800 − 10k) of `rounds` rounds, #1 White by lot.
fn event(n: u32, rounds: u32) -> Tournament {
    Tournament {
        header: Header {
            rounds: Some(rounds),
            initial_color: Some(Color::White),
            ..Header::default()
        },
        players: (1..=n)
            .map(|i| Player {
                id: PlayerId(i),
                rating: Some(2800 - 10 * i as u16),
                ..Player::default()
            })
            .collect(),
        ..Tournament::default()
    }
}

fn set(t: &mut Tournament, id: u32, round: u32, e: Entry) {
    let p = &mut t.players[id as usize - 1];
    p.rounds.resize(round as usize - 1, Entry::NotPaired);
    p.rounds.push(e);
}

/// A game of `round`: `white` against `black`, `result` from White's side ('1', '=', '0').
fn game(t: &mut Tournament, round: u32, white: u32, black: u32, result: char) {
    let r = match result {
        '1' => GameResult::Win,
        '=' => GameResult::Draw,
        _ => GameResult::Loss,
    };
    let e = |opponent, color, result| Entry::Played {
        opponent: PlayerId(opponent),
        color,
        result,
        rated: true,
    };
    set(t, white, round, e(black, Color::White, r));
    set(t, black, round, e(white, Color::Black, r.reversed()));
}

/// Rounds given as "W-B r" triples: "1-4 1" is #1 White beating #4.
fn games(t: &mut Tournament, round: u32, list: &str) {
    for g in list.split(',') {
        let g = g.trim();
        let (pair, result) = g.split_once(' ').unwrap();
        let (w, b) = pair.split_once('-').unwrap();
        game(
            t,
            round,
            w.parse().unwrap(),
            b.parse().unwrap(),
            result.chars().next().unwrap(),
        );
    }
}

fn forbid(t: &mut Tournament, a: u32, b: u32) {
    t.forbidden.push(ForbiddenGroup {
        rounds: None,
        players: vec![PlayerId(a), PlayerId(b)],
    });
}

/// Virtual points for players `first..=last` in round 1 (C.04.7 as explicit records).
fn accelerate(t: &mut Tournament, first: u32, last: u32, tenths: i32) {
    t.accelerations.push(Acceleration {
        match_points: None,
        points: Points::from_tenths(tenths),
        first_round: 1,
        last_round: 1,
        first_player: PlayerId(first),
        last_player: PlayerId(last),
    });
}

/// The boards as "W-B" in board order, then "bye N".
fn paired(t: &Tournament, round: u32) -> String {
    paired_with(t, round, &LimOptions::default())
}

fn paired_with(t: &Tournament, round: u32, options: &LimOptions) -> String {
    let p = pair(t, round, options).unwrap();
    let mut s: Vec<String> = p
        .boards
        .iter()
        .map(|b| format!("{}-{}", b.white, b.black))
        .collect();
    if let Some(b) = p.bye {
        s.push(format!("bye {b}"));
    }
    s.join(" ")
}

/// The pairs without colours, sorted: "1-4 2-5 3-6".
fn pairs(t: &Tournament, round: u32) -> String {
    let p = pair(t, round, &LimOptions::default()).unwrap();
    let mut s: Vec<String> = p
        .boards
        .iter()
        .map(|b| {
            let (a, c) = (b.white.0.min(b.black.0), b.white.0.max(b.black.0));
            format!("{a}-{c}")
        })
        .collect();
    s.sort_by_key(|x| {
        let (a, b) = x.split_once('-').unwrap();
        (a.parse::<u32>().unwrap(), b.parse::<u32>().unwrap())
    });
    s.join(" ")
}

// ---- Article 4: the worked examples -------------------------------------------------------

#[test]
fn art_4_2_player_1_tries_the_bottom_half_then_the_top_half_upwards() {
    // The text's table for six players: #1 tries 4, 5, 6, then 3, then 2.
    let columns = [
        "1-4 2-5 3-6",
        "1-5 2-4 3-6",
        "1-6 2-4 3-5",
        "1-3 2-5 4-6",
        "1-2 3-5 4-6",
    ];
    let tried = [4, 5, 6, 3];
    for (column, expected) in columns.iter().enumerate() {
        let mut t = event(6, 5);
        for &o in &tried[..column] {
            forbid(&mut t, 1, o);
        }
        assert_eq!(pairs(&t, 1), *expected, "column {}", column + 1);
    }
}

#[test]
fn art_4_3_once_player_1_has_an_opponent_the_rest_is_proposed_again() {
    // #1 has met 4 and 5 and takes 6; #2 then tries 4, 5, 3, then 6 (1 moving to 3), then 1.
    let columns = [
        "1-6 2-4 3-5",
        "1-6 2-5 3-4",
        "1-6 2-3 4-5",
        "1-3 2-6 4-5",
        "1-2 3-5 4-6",
    ];
    let tried = [4, 5, 3, 6];
    for (column, expected) in columns.iter().enumerate() {
        let mut t = event(6, 5);
        forbid(&mut t, 1, 4);
        forbid(&mut t, 1, 5);
        for &o in &tried[..column] {
            forbid(&mut t, 2, o);
        }
        assert_eq!(pairs(&t, 1), *expected, "column {}", column + 1);
    }
}

/// Six or seven players above the median (virtual points) and four below.
fn group_above(size: u32) -> Tournament {
    let mut t = event(size + 4, 5);
    accelerate(&mut t, 1, size, 10);
    t
}

#[test]
fn art_4_4_the_scoregroup_keeps_as_many_pairings_as_it_can_have() {
    // #1 and #2 have met each other and 3, 4, 5: only 1-6 or 2-6 is possible for them, so the
    // group keeps two pairings: 1-6 and 3-4; #2 and the lowest numbered left (#5) float.
    let mut t = group_above(6);
    for a in [1, 2] {
        for b in [2, 3, 4, 5] {
            if a != b {
                forbid(&mut t, a, b);
            }
        }
    }
    let p = pairs(&t, 1);
    assert!(p.starts_with("1-6 2-") && p.contains("3-4"), "{p}");
    // The two floaters play in the group below.
    assert!(!p.contains("5-6") && !p.contains("2-6"), "{p}");
}

#[test]
fn art_4_4_a_player_without_opponent_is_exchanged_with_the_one_that_would_float() {
    // Seven players: #7 would float to make the number even, but #2 has met everybody in the
    // group and floats instead; #7 stays.
    let mut t = group_above(7);
    for b in [1, 3, 4, 5, 6, 7] {
        forbid(&mut t, 2, b);
    }
    for b in [3, 4, 5] {
        forbid(&mut t, 1, b);
    }
    let p = pairs(&t, 1);
    assert!(p.contains("-7") || p.starts_with("7-"), "#7 stays: {p}");
    assert!(p.contains("1-6") || p.contains("1-7"), "{p}");
    let two = p
        .split(' ')
        .find(|x| x.split('-').any(|n| n == "2"))
        .unwrap();
    let other: u32 = two
        .split('-')
        .map(|n| n.parse::<u32>().unwrap())
        .find(|&n| n != 2)
        .unwrap();
    assert!(other >= 8, "#2 floats down: {p}");
}

// ---- Article 7: round 1 ---------------------------------------------------------------------

#[test]
fn art_7_2_forty_players_top_half_against_bottom_half_colours_by_lot() {
    let mut t = event(40, 9);
    let p = paired(&t, 1);
    let boards: Vec<&str> = p.split(' ').collect();
    assert_eq!(&boards[..4], ["1-21", "22-2", "3-23", "24-4"]);
    assert_eq!(boards[19], "40-20");
    t.header.initial_color = Some(Color::Black);
    let p = paired(&t, 1);
    let boards: Vec<&str> = p.split(' ').collect();
    assert_eq!(&boards[..4], ["21-1", "2-22", "23-3", "4-24"]);
    assert_eq!(boards[19], "20-40");
}

#[test]
fn art_7_1_the_round_one_bye_goes_to_the_lowest_rated() {
    let mut t = event(7, 5);
    t.players[2].rating = Some(1000);
    assert!(paired(&t, 1).ends_with("bye 3"));
    // Unrated counts as the lowest rating.
    t.players[4].rating = None;
    assert!(paired(&t, 1).ends_with("bye 5"));
}

// ---- Article 1: the PAB ------------------------------------------------------------------

/// Round 2 of five players after 1-4 1, 5-2 0... with #3 the round-1 bye.
fn after_one_round() -> Tournament {
    let mut t = event(5, 5);
    games(&mut t, 1, "1-4 1, 5-2 0");
    set(&mut t, 3, 1, Entry::PairingBye);
    t
}

#[test]
fn art_1_1_the_bye_goes_to_the_lowest_ranked_of_the_lowest_scoregroup() {
    // 0 points: #4 and #5; #5 is the lowest ranked.
    let t = after_one_round();
    assert!(paired(&t, 2).ends_with("bye 5"));
}

#[test]
fn art_1_1_with_basic_rule_4_a_player_who_had_a_bye_gets_no_second_one() {
    let mut t = event(5, 5);
    games(&mut t, 1, "1-4 1, 2-3 1");
    set(&mut t, 5, 1, Entry::PairingBye);
    // 0 points: #3 and #4; 1 point: #1, #2 and #5 (who had the bye).
    assert!(paired(&t, 2).ends_with("bye 4"));
    // A forfeit win counts like a bye (BR 4): #4 scored by forfeit in round 1.
    let mut t = event(5, 5);
    games(&mut t, 1, "2-3 1");
    set(
        &mut t,
        1,
        1,
        Entry::ForfeitLoss {
            opponent: Some(PlayerId(4)),
            color: None,
        },
    );
    set(
        &mut t,
        4,
        1,
        Entry::ForfeitWin {
            opponent: Some(PlayerId(1)),
            color: None,
        },
    );
    set(&mut t, 5, 1, Entry::PairingBye);
    // 0 points: #1 and #3; #3 is the lowest ranked.
    assert!(paired(&t, 2).ends_with("bye 3"));
}

#[test]
fn art_1_1_the_bye_leaves_the_others_pairable() {
    // #5, the lowest, would leave #4 with only #1 and #2, who have both met him … and the
    // others cannot all be paired; the next candidate (#4) takes the bye.
    let mut t = event(5, 5);
    forbid(&mut t, 4, 1);
    forbid(&mut t, 4, 2);
    forbid(&mut t, 4, 3);
    assert!(paired(&t, 1).ends_with("bye 4"), "{}", paired(&t, 1));
}

// ---- Article 2: compatibility and scoregroups -------------------------------------------

/// Round 2 of sixteen with no colour yet: #1–#8 had a full-point bye in round 1 (1 point, above
/// the median ½), #9–#16 a zero-point bye (0 points, below it). Byes give no colour, so no
/// colour rule moves an opponent and the order of the text alone decides.
fn byes_then_round_2() -> Tournament {
    let mut t = event(16, 5);
    for id in 1..=8 {
        set(&mut t, id, 1, Entry::FullBye);
    }
    for id in 9..=16 {
        set(&mut t, id, 1, Entry::ZeroBye);
    }
    t
}

#[test]
fn art_2_4_the_top_half_is_proposed_against_the_bottom_half() {
    // 2.4 (1999 text, Rule 9.4): "1 v (n/2 + 1), 2 v (n/2 + 2) … n/2 v n" in each scoregroup:
    // 1 point: 1-5 2-6 3-7 4-8; 0 points: 9-13 10-14 11-15 12-16. Nothing to exchange.
    let t = byes_then_round_2();
    assert_eq!(pairs(&t, 2), "1-5 2-6 3-7 4-8 9-13 10-14 11-15 12-16");
}

#[test]
fn art_2_5_and_4_1_pairing_downward_the_lower_numbered_player_is_exchanged() {
    // #2 and #6 have met. Downward, scrutiny begins with the highest numbered player (#1):
    // 1-5 stands; 2-6 is a rematch, so the lower numbered of the two (#6) is exchanged: #2
    // takes the next, #7; the rest (3, 4, 6, 8) is proposed again: 3-6, 4-8.
    let mut t = byes_then_round_2();
    forbid(&mut t, 2, 6);
    assert_eq!(pairs(&t, 2), "1-5 2-7 3-6 4-8 9-13 10-14 11-15 12-16");
}

#[test]
fn art_4_1_pairing_upward_scrutiny_begins_with_the_lowest_numbered_player() {
    // Below the median the group is paired upward: scrutiny begins with the lowest numbered
    // player (#16), whose proposed opponent #12 it has met; the higher numbered of the two
    // (#12) is exchanged: #16 takes the next one up, #11. The rest (9, 10, 12, 13, 14, 15) is
    // proposed again, 9-13 10-14 12-15, and stands. Above the median nothing changes.
    let mut t = byes_then_round_2();
    forbid(&mut t, 12, 16);
    assert_eq!(pairs(&t, 2), "1-5 2-6 3-7 4-8 9-13 10-14 11-16 12-15");
}

#[test]
fn art_3_2_floaters_go_to_the_next_scoregroup_towards_the_median() {
    // 3.2 (1999 text, Rule 10.2): "When pairing proceeds downward, the floater is transferred
    // to the next lower score-group. When pairing proceeds upwards, … to the next higher".
    // Round 3 of eight: 2 points #1 #2 #3, 1 point (the median) #4 #5, 0 points #6 #7 #8
    // (round 1: full-point byes for #1–#5, zero-point byes for #6–#8; round 2: #1–#3 full-point
    // byes again, #4–#8 zero-point byes: no colours, no meetings). 2 points is odd and above the
    // median: its lowest numbered (#3) goes down to 1 point; 0 points is odd and below: its
    // highest numbered (#6) goes up to 1 point: 1-2 and 7-8 stay, and #3 and #6 are paired in
    // the median with #4 and #5.
    let mut t = event(8, 5);
    for id in 1..=8 {
        let first = if id <= 5 {
            Entry::FullBye
        } else {
            Entry::ZeroBye
        };
        let second = if id <= 3 {
            Entry::FullBye
        } else {
            Entry::ZeroBye
        };
        set(&mut t, id, 1, first);
        set(&mut t, id, 2, second);
    }
    let p = pairs(&t, 3);
    assert!(p.contains("1-2") && p.contains("7-8"), "{p}");
    let median: Vec<&str> = p
        .split(' ')
        .filter(|x| *x != "1-2" && *x != "7-8")
        .collect();
    assert_eq!(median.len(), 2, "{p}");
    for m in median {
        let (a, b) = m.split_once('-').unwrap();
        assert!(["3", "4", "5", "6"].contains(&a), "{p}");
        assert!(["3", "4", "5", "6"].contains(&b), "{p}");
    }
}

#[test]
fn art_2_1_players_who_have_met_are_not_compatible() {
    let mut t = event(4, 5);
    games(&mut t, 1, "1-3 =, 2-4 =");
    // All on ½: the proposal 1-3 is a rematch; #1 takes #4 instead.
    assert_eq!(pairs(&t, 2), "1-4 2-3");
}

#[test]
fn art_2_1_a_third_colour_in_a_row_makes_players_incompatible() {
    // #1 and #2 both had White twice: they cannot meet (one of them would have a third).
    let mut t = event(6, 5);
    games(&mut t, 1, "1-4 =, 2-5 =, 3-6 =");
    games(&mut t, 2, "1-5 =, 2-6 =, 3-4 =");
    // All on 1 point (the median); proposal 1-4 2-5 3-6 are rematches.
    let p = pairs(&t, 3);
    assert!(!p.contains("1-2"), "{p}");
    assert_eq!(p, "1-6 2-4 3-5");
}

#[test]
fn art_2_1_three_more_of_one_colour_makes_players_incompatible() {
    // #1: W B W W (two more Whites) and #2: W W B W: neither may have a third more White.
    let mut t = event(8, 6);
    games(&mut t, 1, "1-5 =, 2-6 =, 7-3 =, 8-4 =");
    games(&mut t, 2, "6-1 =, 2-5 =, 3-8 =, 4-7 =");
    games(&mut t, 3, "1-7 =, 8-2 =, 5-3 =, 6-4 =");
    games(&mut t, 4, "1-8 =, 2-7 =, 3-6 =, 4-5 =");
    let p = pairs(&t, 5);
    assert!(!p.contains("1-2"), "{p}");
}

#[test]
fn art_6_in_the_last_round_the_colour_limits_yield_to_equal_scores() {
    // #1 and #2 had White twice, #3 and #4 Black twice, and each has met the other pair: the
    // only pairing left gives someone a third colour in a row.
    let mut t = event(4, 5);
    games(&mut t, 1, "1-3 1, 2-4 1");
    games(&mut t, 2, "1-4 1, 2-3 1");
    assert_eq!(
        pair(&t, 3, &LimOptions::default()),
        Err(PairingError::NoValidPairing { round: 3 })
    );
    // In the last round the pairing stands.
    t.header.rounds = Some(3);
    assert_eq!(pairs(&t, 3), "1-2 3-4");
}

#[test]
fn art_2_2_scoregroups_above_the_median_float_down_below_it_up() {
    // Round 2 of six: 1 point (#1 #2 #3) above the median ½, 0 points (#4 #5 #6) below it.
    let mut t = event(6, 5);
    games(&mut t, 1, "1-4 1, 5-2 0, 3-6 1");
    // 1 point is odd: its lowest numbered (#3) floats down to the median (empty); 0 points is
    // odd too: its highest numbered (#4) floats up. They meet in the median group.
    assert_eq!(pairs(&t, 2), "1-2 3-4 5-6");
}

#[test]
fn art_2_3_1_a_player_who_has_met_the_whole_group_floats() {
    // 1 point: #1 #2 #3 #5 after round 2 …: #1 has met #2 and #3; odd group of … see below.
    let mut t = event(6, 5);
    accelerate(&mut t, 1, 4, 10);
    forbid(&mut t, 1, 2);
    forbid(&mut t, 1, 3);
    forbid(&mut t, 1, 4);
    // 1 point (virtual): #1–#4; #1 has met the other three and floats; one more floats to make
    // the number even (#4, the lowest numbered).
    let p = pairs(&t, 1);
    assert!(p.contains("2-3"), "{p}");
    assert!(p.starts_with("1-5") || p.starts_with("1-6"), "{p}");
}

#[test]
fn art_2_3_2_and_2_3_3_players_who_cannot_get_a_permissible_colour_float() {
    // Round 3 of six: #1 #2 #3 had White twice (two more Whites, two in a row) and must have
    // Black: no two of them are compatible, so all three float down; #4 #5 #6 had Black twice
    // and float up. They meet in the (empty) Median Scoregroup.
    let mut t = event(6, 5);
    games(&mut t, 1, "1-4 1, 2-5 1, 3-6 1");
    games(&mut t, 2, "1-5 1, 2-6 1, 3-4 1");
    assert_eq!(paired(&t, 3), "6-1 4-2 5-3");
}

#[test]
fn art_2_6_a_blocked_median_cracks_the_last_pairing_of_the_higher_side() {
    // Round 2 of six, median ½: #2 and #5 (½) drew with each other; 1 point: #1 #3 (paired
    // together), 0 points: #4 #6 (paired together). The median cannot be paired; as many
    // floaters came from below as from above (none), so the higher side's pairing 1-3 is undone
    // and #1, #3 join the median.
    let mut t = event(6, 5);
    games(&mut t, 1, "1-4 1, 2-5 =, 3-6 1");
    assert_eq!(pairs(&t, 2), "1-5 2-3 4-6");
}

#[test]
fn art_2_6_more_floaters_from_above_crack_the_lower_side() {
    // Round 2 of eight, median ½: 1 point #1 #2 #3; ½ #4 #8 (who drew) and #7 (virtual ½ this
    // round); 0 points #5 #6. #3 floats down; #7 may meet neither #4 nor #8 (forbidden) nor #3
    // (met): the median is blocked. One floater came from above and none from below, so the
    // lower side's 5-6 is undone. In the median #3 (due Black) takes #8 (due White) before #4
    // (due Black too); then the upfloaters from the bottom: #6 takes #4, #5 takes #7.
    let mut t = event(8, 5);
    games(&mut t, 1, "1-5 1, 2-6 1, 3-7 1, 4-8 =");
    forbid(&mut t, 7, 8);
    forbid(&mut t, 4, 7);
    t.accelerations.push(Acceleration {
        match_points: None,
        points: Points::from_tenths(5),
        first_round: 2,
        last_round: 2,
        first_player: PlayerId(7),
        last_player: PlayerId(7),
    });
    assert_eq!(pairs(&t, 2), "1-2 3-8 4-6 5-7");
}

// ---- Article 3: floaters -----------------------------------------------------------------

#[test]
fn art_3_2_2_the_floater_evens_out_the_colours_due() {
    // Five on 1 point above the median: #1 #3 #4 due White, #2 #5 due Black: a player due
    // White floats, the lowest numbered of them (#4) rather than #5.
    let mut t = event(10, 5);
    games(&mut t, 1, "6-1 0, 2-7 1, 8-3 0, 9-4 0, 5-10 1");
    let p = pairs(&t, 2);
    let floater_paired_down = p.split(' ').any(|x| {
        x.split('-').any(|n| n == "4") && x.split('-').any(|n| n.parse::<u32>().unwrap() >= 6)
    });
    assert!(floater_paired_down, "{p}");
}

#[test]
fn art_3_2_3_in_a_maxi_tournament_the_colour_choice_stays_within_100_points() {
    let mut t = event(10, 5);
    games(&mut t, 1, "6-1 0, 2-7 1, 8-3 0, 9-4 0, 5-10 1");
    t.players[3].rating = Some(2600);
    t.players[4].rating = Some(2450);
    let maxi = LimOptions {
        maxi_tournament: true,
    };
    let p = paired_with(&t, 2, &maxi);
    // #4 is 150 points above #5: #5 floats.
    assert!(
        p.split(' ').any(|x| x.contains('5')
            && !x.contains("10")
            && x.split('-').any(|n| n.parse::<u32>().unwrap() >= 6)),
        "{p}"
    );
}

#[test]
fn art_3_9_a_floater_without_a_compatible_opponent_below_is_avoided() {
    // Three above the median; #3 (the lowest numbered) has met everybody below: type c, so #2
    // (type d) floats instead.
    let mut t = event(5, 5);
    accelerate(&mut t, 1, 3, 10);
    forbid(&mut t, 3, 4);
    forbid(&mut t, 3, 5);
    assert_eq!(pairs(&t, 1), "1-3 2-4");
}

#[test]
fn art_3_10_a_player_who_floated_in_the_previous_round_does_not_float_again() {
    // Round 2 of five: 1 point #1 #2 #3, where #3 had the round-1 PAB (a downfloat). The
    // lowest numbered (#3) would float; #2 floats instead and meets #4 in the median group.
    let mut t = event(5, 5);
    games(&mut t, 1, "1-4 1, 2-5 1");
    set(&mut t, 3, 1, Entry::PairingBye);
    assert_eq!(paired(&t, 2).split(' ').next_back(), Some("5"));
    assert_eq!(pairs(&t, 2), "1-3 2-4");
}

#[test]
fn art_3_5_and_3_6_floaters_float_on_and_are_paired_first() {
    // Round 1 with virtual points: #1 #2 on 2, #3 #4 on 1, #5–#8 on 0 (the median). #1 and #2
    // have met, and both have met #3 and #4: they float into the 1-point group (3.1), cannot be
    // paired there and float on to the median (3.5), while 3-4 stays. In the median the
    // downfloaters are paired first, the highest numbered first (3.6): 1-5, then 2-6.
    let mut t = event(8, 5);
    accelerate(&mut t, 1, 2, 20);
    accelerate(&mut t, 3, 4, 10);
    for (a, b) in [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4)] {
        forbid(&mut t, a, b);
    }
    assert_eq!(pairs(&t, 1), "1-5 2-6 3-4 7-8");
}

// ---- Article 5: colours ------------------------------------------------------------------

#[test]
fn art_5_2_opponents_are_exchanged_to_give_the_due_colours() {
    // Round 2, 1 point: #1 #3 #4 due Black, #2 due White. #1's first available opponent is #3,
    // but #2 is due the other colour: 2-1 and 3-4 rather than 1-3 and 2-4.
    let mut t = event(8, 5);
    games(&mut t, 1, "1-5 1, 6-2 0, 3-7 1, 4-8 1");
    assert_eq!(pairs(&t, 2), "1-2 3-4 5-7 6-8");
    assert!(paired(&t, 2).starts_with("2-1"));
}

fn participant(rank: u32, colours: &str) -> pairing::lim::state::Participant {
    pairing::lim::state::Participant {
        id: PlayerId(rank + 1),
        player_index: rank as usize,
        rank,
        score: 0,
        colours: colours
            .chars()
            .map(|c| if c == 'W' { Color::White } else { Color::Black })
            .collect(),
        bye_eligible: true,
        floated_last_round: false,
        rating: 0,
    }
}

#[test]
fn art_5_4_going_back_to_the_latest_round_with_different_colours() {
    use pairing::lim::colours::colour_of;
    // #1: W B B W and #2: B W B W are both due Black (equal, alternate). Going back: round 4
    // W/W, round 3 B/B, round 2 B/W: #1 gets the colour #2 had then, White.
    let (a, b) = (participant(0, "WBBW"), participant(1, "BWBW"));
    assert_eq!(colour_of(&a, &b, true, Color::White), Color::White);
    assert_eq!(colour_of(&b, &a, false, Color::White), Color::Black);
}

#[test]
fn art_5_3_the_limits_come_before_the_due_colours_and_the_history() {
    use pairing::lim::colours::colour_of;
    // #1 (W) and #2 (W W) are both due Black; by rank #1 would have it, but #2 may not have a
    // third White: #2 gets Black.
    let (a, b) = (participant(0, "W"), participant(1, "WW"));
    assert_eq!(colour_of(&a, &b, true, Color::White), Color::White);
}

#[test]
fn art_7_2_players_without_games_take_the_lot_by_the_parity_of_the_higher_ranked() {
    use pairing::lim::colours::colour_of;
    // #3 (odd) gets the colour drawn for #1; #4 (even) the other one.
    assert_eq!(
        colour_of(&participant(2, ""), &participant(7, ""), true, Color::Black),
        Color::Black
    );
    assert_eq!(
        colour_of(&participant(3, ""), &participant(7, ""), true, Color::Black),
        Color::White
    );
}

#[test]
fn art_5_4_identical_histories_favour_the_higher_ranked_above_the_median() {
    // Round 2: #1 and #2 both W and a win (1 point, above the median ½): both due Black; the
    // higher ranked (#1) gets it.
    let mut t = event(4, 5);
    games(&mut t, 1, "1-3 1, 2-4 1");
    assert_eq!(paired(&t, 2), "2-1 4-3");
}

#[test]
fn art_5_4_identical_histories_favour_the_lower_ranked_below_the_median() {
    // Round 2: #3 and #4 both lost with Black (0 points, below the median): both due White;
    // the lower ranked (#4) gets it.
    let mut t = event(4, 5);
    games(&mut t, 1, "1-3 1, 2-4 1");
    assert_eq!(paired(&t, 2), "2-1 4-3");
}

#[test]
fn art_5_6_after_an_even_number_of_games_the_colours_are_equalised() {
    use pairing::lim::state::due_colour;
    use Color::{Black, White};
    assert_eq!(due_colour(&[White, White]), Some(Black));
    assert_eq!(due_colour(&[White, Black]), Some(White));
    // 5.5: after an odd number, the alternate colour.
    assert_eq!(due_colour(&[Black, Black, White]), Some(Black));
    assert_eq!(due_colour(&[]), None);
}

// ---- General Handling Rules -------------------------------------------------------------

#[test]
fn ghr_3_6_boards_by_the_higher_score_then_the_pair_then_the_number() {
    // Round 2: 1 point #1 #2, ½ #3 #6 (who drew each other), 0 #4 #5. The median cannot be
    // paired, so 1-2 is cracked (2.6): 6-1 and 2-3 have the same scores; #1 is the higher
    // number, so its board comes first; 4-5 last.
    let mut t = event(6, 5);
    games(&mut t, 1, "1-4 1, 5-2 0, 3-6 =");
    assert_eq!(paired(&t, 2), "6-1 2-3 4-5");
}

#[test]
fn no_valid_pairing_is_reported() {
    let mut t = event(4, 5);
    forbid(&mut t, 1, 2);
    forbid(&mut t, 1, 3);
    forbid(&mut t, 1, 4);
    assert_eq!(
        pair(&t, 1, &LimOptions::default()),
        Err(PairingError::NoValidPairing { round: 1 })
    );
}

/// Articles 4.1–4.2 in the explanation: after round 1 (1–5, 6–2, 3–7, 8–4 by 7.2, won by 1, 6,
/// 7 and 4) the scoregroup of 1 point is 1, 4, 6, 7, paired downward. The proposal of 2.4 is
/// 1–6, 4–7; 1 and 6 are both due Black (5.5), so 1 takes the first opponent of the bottom
/// half due White, 7 (4.2), and 4–6 follow. Player 1's card names 6, passed over by the
/// exchanges (4.2); 6's names 1.
#[test]
fn art_4_2_the_exchanges_pass_over_the_proposed_opponent() {
    use pairing::explain::PassReason;
    let mut t = event(8, 5);
    games(&mut t, 1, "1-5 1, 6-2 1, 3-7 0, 8-4 0");
    let e = pairing::lim::explain(&t, 2, &LimOptions::default()).unwrap();
    let opponent = |id: u32| {
        let p = e.players.iter().find(|p| p.id == PlayerId(id)).unwrap();
        p.opponent.map(|o| o.0)
    };
    assert_eq!(
        (opponent(1), opponent(4)),
        (Some(7), Some(6)),
        "{:?}",
        e.pairing
    );
    let passed = |id: u32| {
        e.players
            .iter()
            .find(|p| p.id == PlayerId(id))
            .unwrap()
            .passed_over
            .map(|x| (x.player.0, x.reason, x.article))
    };
    assert_eq!(passed(1), Some((6, PassReason::Order, "4.2")));
    assert_eq!(passed(6), Some((1, PassReason::Order, "4.2")));
}
