//! A Swiss pairs event of seven pairs (three tables and a sit-out), two boards a round,
//! Butler IMPs against the trimmed-mean datum and the WBF 2013 scale for 2 boards, worked by
//! hand. The WBF values are the report's formula 10 + 10·(1 − τ^(3I/X)) / (1 − τ³),
//! X = 15·√2, rounded to hundredths: 1 IMP 10.86, 5 IMPs 13.78, 9 IMPs 16.00 (15.9953),
//! 10 IMPs 16.46, 13 IMPs 17.69 (17.686).

use bridge::swiss_pairs::{draw, score_round, standings, Line, PlayedRound, Settings, Traveller};

fn traveller(board: u32, scores: [i32; 3]) -> Traveller {
    Traveller {
        board,
        lines: (1..=3)
            .zip(scores)
            .map(|(table, score_ns)| Line { table, score_ns })
            .collect(),
    }
}

fn vp(h: bridge::vp::Vp) -> String {
    h.to_string()
}

#[test]
fn seven_pairs_three_rounds_by_hand() {
    let pairs: Vec<u32> = (1..=7).collect();
    let s = Settings::default();

    // Round 1: pair-number order, the last pair sits out.
    let d = draw(&pairs, &[], &s).unwrap();
    assert_eq!(d.pairs, [(1, 2), (3, 4), (5, 6)]);
    assert_eq!(d.bye, Some(7));
    // Board 1: 420, 450, −50; the datum drops the top and bottom: 420. IMPs 0, +1 (30),
    // −10 (470). Board 2: −100, 110, 140; datum 110: −5 (210), 0, +1 (30).
    let r1 = PlayedRound {
        tables: d.pairs.clone(),
        bye: d.bye,
        boards: vec![
            traveller(1, [420, 450, -50]),
            traveller(2, [-100, 110, 140]),
        ],
    };
    let m = score_round(&r1, &s);
    let margins: Vec<i64> = m.iter().map(|m| m.imps_ns).collect();
    assert_eq!(margins, [-5, 1, -9]);
    let vps: Vec<(String, String)> = m.iter().map(|m| (vp(m.vp_ns), vp(m.vp_ew))).collect();
    assert_eq!(
        vps,
        [
            ("6.22".into(), "13.78".into()),
            ("10.86".into(), "9.14".into()),
            ("4.00".into(), "16.00".into())
        ]
    );

    // After round 1: 6 16.00, 2 13.78, 7 12.00 (sit-out), 3 10.86, 4 9.14, 1 6.22, 5 4.00.
    // Pair 5, the lowest without a sit-out, sits out; 6 meets 2, 7 meets 3, 4 meets 1.
    let d = draw(&pairs, std::slice::from_ref(&r1), &s).unwrap();
    assert_eq!(d.pairs, [(6, 2), (7, 3), (4, 1)]);
    assert_eq!(d.bye, Some(5));
    // Board 3: 620, 170, 650; datum 620: 0, −10 (450), +1. Board 4: −200, −200, 500; datum
    // −200: 0, 0, +12 (700). Margins 0 (10–10), −10 (3.54–16.46), +13 (17.69–2.31).
    let r2 = PlayedRound {
        tables: d.pairs.clone(),
        bye: d.bye,
        boards: vec![
            traveller(3, [620, 170, 650]),
            traveller(4, [-200, -200, 500]),
        ],
    };
    let m = score_round(&r2, &s);
    let margins: Vec<i64> = m.iter().map(|m| m.imps_ns).collect();
    assert_eq!(margins, [0, -10, 13]);

    // Totals: 3 27.32, 4 26.83, 6 26.00, 2 23.78, 5 16.00, 7 15.54, 1 8.53.
    let rounds = [r1, r2];
    let table: Vec<(u32, u32, u32)> = standings(&pairs, &rounds, &s)
        .iter()
        .map(|r| (r.team, r.place, r.vp))
        .collect();
    assert_eq!(
        table,
        [
            (3, 1, 2732),
            (4, 2, 2683),
            (6, 3, 2600),
            (2, 4, 2378),
            (5, 5, 1600),
            (7, 6, 1554),
            (1, 7, 853)
        ]
    );
    // Round 3: pair 1 sits out (5 and 7 have); 3 has met 4 and 7, so meets 6; 4 (met 3
    // and 1) meets 2; 5 meets 7.
    let d = draw(&pairs, &rounds, &s).unwrap();
    assert_eq!(d.pairs, [(3, 6), (4, 2), (5, 7)]);
    assert_eq!(d.bye, Some(1));
}

#[test]
fn cross_imps_round_the_match_total() {
    // Board 1: 420, 420, 170, −50 → NS cross-IMPs 16/3, 16/3, −2, −26/3. Board 2 flat at
    // every table. Table 1 (16/3 = 5.33) wins by 5 IMPs on the 2-board scale: 13.78;
    // table 4 (−8.67) loses by 9: 4.00.
    let s = Settings {
        scoring: bridge::swiss_pairs::Scoring::CrossImps,
        ..Settings::default()
    };
    let line = |table, score_ns| Line { table, score_ns };
    let round = PlayedRound {
        tables: vec![(1, 2), (3, 4), (5, 6), (7, 8)],
        bye: None,
        boards: vec![
            Traveller {
                board: 1,
                lines: vec![line(1, 420), line(2, 420), line(3, 170), line(4, -50)],
            },
            Traveller {
                board: 2,
                lines: (1..=4).map(|t| line(t, 110)).collect(),
            },
        ],
    };
    let m = score_round(&round, &s);
    let margins: Vec<i64> = m.iter().map(|m| m.imps_ns).collect();
    assert_eq!(margins, [5, 5, -2, -9]);
    assert_eq!(
        (vp(m[0].vp_ns), vp(m[3].vp_ns)),
        ("13.78".into(), "4.00".into())
    );
}
