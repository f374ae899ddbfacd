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

/// TRF-2026 `299`: player 3's forfeit win of round 1 is worth ½, player 4 is penalised a point
/// in round 2. Round 1: 1-2 1-0, 3 wins by forfeit against 4; round 2: 1-3 ½-½, 2-4 1-0.
/// Worked by hand (2026 rules): scores 1.5, 1.0, 1.0, −1.0. BH: player 1 has 2's 1.0 and 3's
/// 1.0 = 2.0; player 2 has 1's 1.5 and 4's −1.0 = 0.5; player 3's forfeit is its own 1.0
/// capped at the scheduled opponent's −1.0 (16.4.1), plus 1's 1.5 = 0.5; player 4's forfeit is
/// its own −1.0 (under 3's 1.0), plus 2's 1.0 = 0.0. SB: 1 has 1×1.0 + ½×1.0 = 1.5; 2 has
/// 1×(−1.0) = −1.0; 3 has ½×(−1.0) + ½×1.5 = 0.25; 4 has 0. Players 2 and 3 tie on points and
/// BH; SB puts 3 first.
#[test]
fn abnormal_points_count_in_the_score_and_what_opponents_see() {
    let line = |tpn: u32, points: &str, entries: &[&str]| {
        format!(
            "001 {tpn:>4}      {:<33} {:>4} {:<3} {:>11} {:<10}{points:>5} {tpn:>4}  {}\n",
            format!("P{tpn}"),
            2100 - tpn * 10,
            "",
            "",
            "",
            entries.join("  ")
        )
    };
    let text = format!(
        "012 Abnormal points\nXXR 2\n{}{}{}{}299 +         0.5  001 0003\n299          -1.0  002 0004\n",
        line(1, "1.5", &["   2 w 1", "   3 b ="]),
        line(2, "1.0", &["   1 b 0", "   4 w 1"]),
        line(3, "1.0", &["   4 w +", "   1 w ="]),
        line(4, "-1.0", &["   3 b -", "   2 b 0"]),
    );
    let t = tournament::trf::read(&text).unwrap();
    let options = Options {
        edition: Some(tiebreak::Edition::C07_2026),
        ..Options::default()
    };
    let s = standings(&t, &parse_list("BH,SB").unwrap(), &options).unwrap();
    let rows: Vec<(u32, String, String, String)> = s
        .rows
        .iter()
        .map(|r| {
            (
                r.id.0,
                r.points.to_string(),
                r.values[0].map(|v| v.to_string()).unwrap_or_default(),
                r.values[1].map(|v| v.to_string()).unwrap_or_default(),
            )
        })
        .collect();
    let row = |id: u32, pts: &str, bh: &str, sb: &str| (id, pts.into(), bh.into(), sb.into());
    assert_eq!(
        rows,
        vec![
            row(1, "1.5", "2", "1.5"),
            row(3, "1.0", "0.5", "0.25"),
            row(2, "1.0", "0.5", "-1"),
            row(4, "-1.0", "0", "0"),
        ]
    );
}
