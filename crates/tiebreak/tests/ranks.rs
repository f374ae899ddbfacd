//! The rank check against a four-player event worked by hand.
//!
//! Round 1: 1 beats 3, 2 beats 4. Round 2: 1 draws with 2, 3 beats 4.
//! Points: 1 → 1.5, 2 → 1.5, 3 → 1, 4 → 0.
//! Buchholz (C.07 8.1, every round played): 1 → 1 + 1.5 = 2.5; 2 → 0 + 1.5 = 1.5.
//! So with `BH` the order is 1, 2, 3, 4, every place strict.

use tiebreak::{check_ranks, Options};
use tournament::{Color, Entry, GameResult, Player, PlayerId, Tournament};

fn event(ranks: [u32; 4]) -> Tournament {
    use Color::{Black as B, White as W};
    use GameResult::{Draw as D, Loss as L, Win as V};
    let game = |opp, color, result| Entry::Played {
        opponent: PlayerId(opp),
        color,
        result,
        rated: true,
    };
    let rounds = [
        vec![game(3, W, V), game(2, W, D)],
        vec![game(4, W, V), game(1, B, D)],
        vec![game(1, B, L), game(4, W, V)],
        vec![game(2, B, L), game(3, B, L)],
    ];
    Tournament {
        players: rounds
            .into_iter()
            .enumerate()
            .map(|(i, rounds)| Player {
                id: PlayerId(i as u32 + 1),
                rank: Some(ranks[i]),
                rounds,
                ..Player::default()
            })
            .collect(),
        ..Tournament::default()
    }
}

fn objections(ranks: [u32; 4], list: &str) -> Vec<(u32, u32, String, String)> {
    check_ranks(&event(ranks), list, &Options::default())
        .unwrap()
        .objections
        .into_iter()
        .map(|o| (o.ahead.0, o.behind.0, o.criterion, o.article))
        .collect()
}

#[test]
fn ranks_in_the_order_of_the_list_pass() {
    let found = check_ranks(&event([1, 2, 3, 4]), "PTS,BH", &Options::default()).unwrap();
    assert_eq!(found.applied, ["BH"]);
    assert!(found.unchecked.is_empty());
    assert_eq!(found.ranked, 4);
    assert!(found.objections.is_empty());
    // The order counts, not the numbers: ranks 10, 20, 30, 40 say the same.
    assert!(objections([10, 20, 30, 40], "BH").is_empty());
}

#[test]
fn a_swap_is_named_with_the_criterion_that_separates_and_its_article() {
    let bh = ("C.07 4.2, 8.1").to_string();
    assert_eq!(
        objections([2, 1, 3, 4], "BH"),
        [(1, 2, "BH".into(), bh.clone())]
    );
    assert_eq!(
        objections([1, 2, 4, 3], "BH"),
        [(3, 4, "PTS".into(), "C.07 4.2".into())]
    );
    // Recorded level although BH separates them.
    assert_eq!(objections([1, 1, 3, 4], "BH"), [(1, 2, "BH".into(), bh)]);
}

#[test]
fn players_the_criteria_leave_level_may_come_in_any_order() {
    // Without BH, 1 and 2 are level on points: either order passes.
    assert!(objections([2, 1, 3, 4], "").is_empty());
    assert!(objections([2, 1, 3, 4], "PTS").is_empty());
}

#[test]
fn an_unknown_criterion_and_those_after_it_are_unchecked() {
    let found = check_ranks(&event([2, 1, 3, 4]), "PTS,XYZ,BH", &Options::default()).unwrap();
    assert!(found.applied.is_empty());
    assert_eq!(found.unchecked, ["XYZ", "BH"]);
    assert!(found.objections.is_empty());
    // The points before it are still checked.
    assert_eq!(objections([1, 2, 4, 3], "XYZ")[0].2, "PTS");
}

#[test]
fn players_without_a_recorded_rank_are_not_compared() {
    let mut t = event([2, 1, 3, 4]);
    t.players[0].rank = None;
    let found = check_ranks(&t, "BH", &Options::default()).unwrap();
    assert_eq!(found.ranked, 3);
    assert!(found.objections.is_empty());
}
