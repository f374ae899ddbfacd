//! Masterpoints: each published scale against the figures of its own text, shared places,
//! the club's table, and a three-session series worked out by hand.

use bridge::masterpoints::{award, award_session, series_totals, Group, Scale, ScaleError};
use bridge::{score_session, Field, Options, Ratio};

fn shown(awards: &[Ratio], decimals: u32) -> Vec<String> {
    awards.iter().map(|a| a.to_fixed(decimals)).collect()
}

fn places(n: u32) -> Vec<u32> {
    (1..=n).collect()
}

#[test]
fn acbl_open_club_game_follows_the_handbook_text() {
    // ACBL Handbook, ch. 4, "Calculating the awards" (acbl.org/about-acbl/administration/
    // acbl-handbook/i-calculating-the-awards/): "an eight-table Mitchell movement is two groups
    // of 8 pairs"; ".10 MP per table for first place in each group"; second 70 %, third 50 %;
    // "Depth of awards is 40% times the number of pairs in the comparison group, rounded to
    // the nearest whole number with .5 rounded up": 3.2 → 3 awards.
    let mitchell = Group {
        contestants: 8,
        tables: 8,
    };
    let got = award(&Scale::AcblClub, mitchell, &places(8));
    assert_eq!(
        shown(&got, 2),
        ["0.80", "0.56", "0.40", "0.00", "0.00", "0.00", "0.00", "0.00"]
    );
    // "A five-table Howell movement is one group of 10 pairs": 4 awards; fourth 35 % of 0.50
    // is 0.175, 0.18 in hundredths (the text gives no rounding rule: half up assumed).
    let howell = Group {
        contestants: 10,
        tables: 5,
    };
    assert_eq!(
        shown(&award(&Scale::AcblClub, howell, &places(5)), 2),
        ["0.50", "0.35", "0.25", "0.18", "0.00"]
    );
    // "Maximum award is 1.50 masterpoints": a 20-table Howell (40 pairs, 16 awards); "fifth
    // is 1/5 and sixth is 1/6" of first.
    let big = Group {
        contestants: 40,
        tables: 20,
    };
    let got = award(&Scale::AcblClub, big, &places(17));
    assert_eq!(
        shown(&got[..6], 2),
        ["1.50", "1.05", "0.75", "0.53", "0.30", "0.25"]
    );
    assert_eq!(got[15].to_fixed(2), "0.09"); // 1.50 / 16
    assert_eq!(got[16], Ratio::ZERO);
    // 7 pairs: 2.8 → 3 awards; 6 pairs: 2.4 → 2; 5 pairs: "with .5 rounded up", 2.0 → 2.
    let awarded = |n: u32| {
        award(
            &Scale::AcblClub,
            Group {
                contestants: n,
                tables: n,
            },
            &places(n),
        )
        .iter()
        .filter(|a| !a.is_zero())
        .count()
    };
    assert_eq!((awarded(7), awarded(6), awarded(5)), (3, 2, 2));
}

#[test]
fn ebu_club_scale_follows_the_handbook_row_quoted_by_the_ebu() {
    // EBU Licensing and Masterpoints Handbook 2021, Scale F (single-winner individual), the
    // 6-table row for 18-35 boards, as the EBU's own forum answer spells it out
    // (forums.ebu.co.uk/discussion/1365): top award 24, the top third (8) awarded, steps of
    // 3, and "an over-riding minimum of 6 points for any club award", so 7th and 8th get 6.
    let six = Group {
        contestants: 24,
        tables: 6,
    };
    let got = award(&Scale::EbuClub { top: 24 }, six, &places(9));
    assert_eq!(
        shown(&got, 0),
        ["24", "21", "18", "15", "12", "9", "6", "6", "0"]
    );
    // Same thread, same column: 4 and 5 tables (16 and 20 players) give 5 and 6 awards:
    // the third rounded down.
    let count = |n: u32| {
        award(
            &Scale::EbuClub { top: 24 },
            Group {
                contestants: n,
                tables: n / 4,
            },
            &places(n),
        )
        .iter()
        .filter(|a| !a.is_zero())
        .count()
    };
    assert_eq!((count(16), count(20)), (5, 6));
    // A tie splits the awards of the places it covers (the forum thread 1369, point 3: the
    // tied pairs get "the average of the 2 awards"): 2= of two, (21 + 18) / 2.
    let got = award(&Scale::EbuClub { top: 24 }, six, &[1, 2, 2, 4]);
    assert_eq!(got[1], Ratio::new(39, 2));
    assert_eq!(got[2], Ratio::new(39, 2));
    assert_eq!(got[3], Ratio::from_int(15));
}

#[test]
fn the_clubs_own_table_shares_tied_places_and_stops_at_its_last_place() {
    let scale: Scale = "table:100 70 50 35".parse().unwrap();
    assert_eq!(scale.to_string(), "table:100 70 50 35");
    let g = Group {
        contestants: 12,
        tables: 6,
    };
    // Three pairs 3=: (50 + 35 + 0) / 3.
    let got = award(&scale, g, &[1, 2, 3, 3, 3, 6]);
    assert_eq!(
        got,
        [
            Ratio::from_int(100),
            Ratio::from_int(70),
            Ratio::new(85, 3),
            Ratio::new(85, 3),
            Ratio::new(85, 3),
            Ratio::ZERO
        ]
    );
    assert_eq!(
        "ebu-club:24".parse::<Scale>(),
        Ok(Scale::EbuClub { top: 24 })
    );
    assert_eq!("acbl-club".parse::<Scale>(), Ok(Scale::AcblClub));
}

#[test]
fn a_bad_scale_says_what_was_wrong() {
    let err = |s: &str| s.parse::<Scale>().unwrap_err();
    assert_eq!(err("table:"), ScaleError::Empty);
    assert_eq!(err("table:10 12"), ScaleError::Rising { place: 2 });
    assert_eq!(
        err("table:10 7,5x"),
        ScaleError::Points {
            place: 3,
            found: "5x".to_string()
        }
    );
    assert_eq!(
        err("table:10 1.125"),
        ScaleError::Points {
            place: 2,
            found: "1.125".to_string()
        }
    );
    assert_eq!(
        err("table:1 -1"),
        ScaleError::Points {
            place: 2,
            found: "-1".to_string()
        }
    );
    assert_eq!(err("ebu-club:5"), ScaleError::Top("5".to_string()));
    assert_eq!(err("ffb-pe"), ScaleError::Unknown("ffb-pe".to_string()));
    assert_eq!(
        err(&format!("table:{}", "1 ".repeat(61))),
        ScaleError::TooLong
    );
    assert_eq!(
        err("table:10 12").to_string(),
        "place 2 gets more points than place 1"
    );
}

/// One board (4, both vulnerable) at eight tables, North-South pairs 1–8 against East-West
/// 9–16; `results[k]` is what NS pair k+1 scored (contract, declarer, result).
fn evening(results: [(&str, &str, &str); 8]) -> bridge::Session {
    let mut csv = String::from("board,ns,ew,contract,declarer,result\n");
    for (k, (c, d, r)) in results.iter().enumerate() {
        csv.push_str(&format!("4,{},{},{c},{d},{r}\n", k + 1, k + 9));
    }
    bridge::csv::read(&csv, "series.csv").unwrap()
}

#[test]
fn a_three_session_series_totals_each_pairs_masterpoints() {
    // By hand. Each session is a two-winner Mitchell of 8 tables: two groups of 8 pairs, the
    // ACBL's open club scale: 0.80, 0.56, 0.40 (3 awards) in each line. Matchpoints on one
    // board, top 14 (two per pair beaten). Scores: 4S= 620, 3C+1 130, 2S= by EW −110,
    // 3NT−3 −300, 1NT+4 210.
    let part = ("3C", "S", "+1");
    let spades = ("2S", "E", "=");
    let down = ("3NT", "N", "-3");
    let top = ("1NT", "N", "+4");
    let game = ("4S", "N", "=");
    let sessions = [
        // NS mp 10 0 10 4 10 4 4 14: NS 8 first (0.80); 1, 3, 5 share 2nd–4th
        // ((0.56 + 0.40 + 0) / 3 = 0.32). EW = 14 − NS: 10 first; 12, 14, 15 2= (0.32).
        evening([part, down, part, spades, part, spades, spades, top]),
        // NS mp 14 10 4 10 0 10 4 4: 1 first; 2, 4, 6 2= (0.32). EW: 13 first; 11, 15, 16 2=.
        evening([top, part, spades, part, down, part, spades, spades]),
        // NS 620 620 130 −110 −110 −110 −300 130, mp 13 13 9 4 4 4 0 9: 1 and 2 share 1st and
        // 2nd ((0.80 + 0.56) / 2 = 0.68); 3 and 8 share 3rd and 4th ((0.40 + 0) / 2 = 0.20).
        // EW mp 1 1 5 10 10 10 14 5: 15 first; 12, 13, 14 2= (0.32).
        evening([game, game, part, spades, spades, spades, down, part]),
    ];
    let per_session: Vec<Vec<(u32, Ratio)>> = sessions
        .iter()
        .map(|s| {
            let scored = score_session(s, &Options::default());
            assert!(scored.ranking.iter().all(|r| r.field != Field::All));
            let awards = award_session(&Scale::AcblClub, &scored);
            scored.ranking.iter().map(|r| r.pair).zip(awards).collect()
        })
        .collect();
    let totals: Vec<(u32, String)> = series_totals(&per_session)
        .into_iter()
        .map(|(pair, total)| (pair, total.to_fixed(2)))
        .collect();
    let expected = [
        (1, "1.80"), // 0.32 + 0.80 + 0.68
        (2, "1.00"), // 0 + 0.32 + 0.68
        (3, "0.52"), // 0.32 + 0 + 0.20
        (4, "0.32"),
        (5, "0.32"),
        (6, "0.32"),
        (7, "0.00"),
        (8, "1.00"), // 0.80 + 0 + 0.20
        (9, "0.00"),
        (10, "0.80"),
        (11, "0.32"),
        (12, "0.64"), // 0.32 + 0 + 0.32
        (13, "1.12"), // 0 + 0.80 + 0.32
        (14, "0.64"),
        (15, "1.44"), // 0.32 + 0.32 + 0.80
        (16, "0.32"),
    ];
    let expected: Vec<(u32, String)> = expected.iter().map(|&(p, t)| (p, t.to_string())).collect();
    assert_eq!(totals, expected);
    // Every session gives out 3 × (0.80 + 0.56 + 0.40) = 5.28 per line: 10.56 in all.
    let all: Ratio = series_totals(&per_session).iter().map(|t| t.1).sum();
    assert_eq!(all, Ratio::new(1056, 100));
}
