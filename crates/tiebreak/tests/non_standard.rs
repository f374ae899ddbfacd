//! The arbiter's non-standard results of a game played (½-0, 0-½, 0-0): C.07 has no rule of
//! its own for them. They are games played over the board (no unplayed round, Art. 15-16), so
//! every tie-break reads each side's own points: the opponents' scores for BH, the points
//! scored against each opponent for SB and DE, each side against the other for STD (7.7); a
//! half point is not a win (7.1, 7.2).

use tiebreak::{parse_list, standings, tiebreak_values, Options, Value};
use tournament::{Color, Entry, GameResult, Player, PlayerId, Tournament};

fn game(opponent: u32, color: Color, result: GameResult) -> Entry {
    Entry::Played {
        opponent: PlayerId(opponent),
        color,
        result,
        rated: true,
    }
}

/// Round 1: 1-2 ½-0, 3-4 1-0. Round 2: 1-3 0-0, 4-2 0-½. Scores: 1 has ½, 2 has ½, 3 has 1,
/// 4 has 0.
fn event() -> Tournament {
    use Color::{Black as B, White as W};
    use GameResult::{Draw, Loss, Win};
    let player = |id: u32, rounds: Vec<Entry>| Player {
        id: PlayerId(id),
        name: format!("P{id}"),
        rounds,
        ..Player::default()
    };
    Tournament {
        players: vec![
            player(1, vec![game(2, W, Draw), game(3, W, Loss)]),
            player(2, vec![game(1, B, Loss), game(4, B, Draw)]),
            player(3, vec![game(4, W, Win), game(1, B, Loss)]),
            player(4, vec![game(3, B, Loss), game(2, W, Loss)]),
        ],
        ..Tournament::default()
    }
}

#[test]
fn each_side_of_a_non_standard_result_counts_its_own_points() {
    let t = event();
    let list = parse_list("BH,SB,STD,WON,WIN,BPG,PS,REP").unwrap();
    let v = tiebreak_values(&t, &list, &Options::default()).unwrap();
    let half = |n: i64| Some(Value::ratio(n, 2));
    let quarter = |n: i64| Some(Value::ratio(n, 4));
    // Players 1, 2, 3, 4 in order.
    assert_eq!(v[0], [half(3), half(1), half(1), half(3)], "BH");
    assert_eq!(v[1], [quarter(1), half(0), half(0), half(0)], "SB");
    assert_eq!(v[2], [half(3), half(2), half(3), half(0)], "STD");
    assert_eq!(v[3], [half(0), half(0), half(2), half(0)], "WON");
    assert_eq!(v[4], [half(0), half(0), half(2), half(0)], "WIN");
    assert_eq!(v[5], [half(0), half(4), half(2), half(2)], "BPG");
    assert_eq!(v[6], [half(2), half(1), half(4), half(0)], "PS");
    assert_eq!(v[7], [half(4), half(4), half(4), half(4)], "REP");
}

#[test]
fn direct_encounter_reads_the_half_point_of_one_side_only() {
    // 1 and 2 both have ½; 1 took ½ from their game and 2 nothing: 1 is ahead on DE.
    let s = standings(&event(), &parse_list("DE").unwrap(), &Options::default()).unwrap();
    let order: Vec<(u32, u32)> = s.rows.iter().map(|r| (r.id.0, r.rank)).collect();
    assert_eq!(order, [(3, 1), (1, 2), (2, 3), (4, 4)]);
}
