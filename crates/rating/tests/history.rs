//! Events longer than a rating period (B.01 1.1.4, B.02): each game at the ratings of its
//! round's period.

use rating::{event_ratings, HistoryError, KBasis, RatingHistory, Standing};
use tournament::{PlayerId, Title};

use crate::support::{player, Event};

#[test]
fn each_game_is_rated_at_the_ratings_of_its_period() {
    let t = Event::new(
        vec![
            player(1, 2000, "FRA", None),
            player(2, 2000, "FRA", None),
            player(3, 2000, "GER", None),
        ],
        "2026/01/10",
    )
    .round(&[(1, 2, "1")])
    .round(&[(1, 3, "1")])
    .t;
    let mut h = RatingHistory::default();
    h.add_period(
        2,
        [
            (
                PlayerId(1),
                Standing {
                    rating: Some(2010),
                    title: None,
                },
            ),
            (
                PlayerId(3),
                Standing {
                    rating: Some(2100),
                    title: Some(Title::FM),
                },
            ),
        ],
    )
    .unwrap();
    let r = event_ratings(&t, &h, 2, KBasis::of);
    // Round 1 at 2000 v 2000: PD 0.50, ΔR +0.50. Round 2 at 2010 v 2100: D = -90, PD 0.38,
    // ΔR +0.62. ΣΔR = 1.12, × 20 = +22.40.
    assert_eq!(r[0].change.unwrap().to_string(), "+22.40");
    assert_eq!(r[0].rated_games[1].own_rating, Some(2010));
    // On the list of the start alone: 2 × (+0.50) × 20 = +20.00.
    let r = event_ratings(&t, &RatingHistory::default(), 2, KBasis::of);
    assert_eq!(r[0].change.unwrap().to_string(), "+20.00");
    // Player 2 is in no later period: the start's rating holds throughout.
    assert_eq!(h.at(&t.players[1], 2).rating, Some(2000));
    assert_eq!(h.at(&t.players[2], 2).title, Some(Title::FM));
    assert_eq!(h.at(&t.players[2], 1).title, None);
}

#[test]
fn periods_go_in_order_from_round_2() {
    let mut h = RatingHistory::default();
    assert_eq!(h.add_period(1, []), Err(HistoryError::FirstRound(1)));
    h.add_period(5, []).unwrap();
    assert_eq!(
        h.add_period(5, []),
        Err(HistoryError::Order {
            previous: 5,
            found: 5
        })
    );
    h.add_period(9, []).unwrap();
    assert_eq!(h.period_starts(), vec![5, 9]);
}
