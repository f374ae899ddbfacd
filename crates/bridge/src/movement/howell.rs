//! Howell movements.
//!
//! For 4 to 10 tables, and for the three-quarter Howells, the movement is cyclic ("starred"):
//! with R rounds, the moving pairs are the numbers 0..R−1 modulo R and the stationary pairs
//! are starred. Round 1 is a *starter*: each table holds two moving pairs {a, b}, or a starred
//! pair and a moving one, and a board-set offset c. In round r every moving number and every
//! offset goes up by r−1 (modulo R); starred pairs stay where they are.
//!
//! This is a Howell design H(R, 2T) (for R = 2T−1 a Room square) when
//! * the differences ±(b − a) of the moving pairs at the tables are all different (so no two
//!   pairs meet twice, and with one starred pair every pair meets every other once);
//! * the offsets c are all different (one table per set in a round);
//! * the values c − e, over every moving number e of the starter, are all different modulo
//!   R (each pair plays each set once).
//!
//! The starters below were found by a small search and are checked by the property tests.
//! A Room square of side 5 does not exist, so 3 tables (6 pairs, 5 sets) cannot be played
//! without sharing: the 3-table Howell here has all three tables share set 1 in round 1 and
//! no sharing afterwards (one three-way share is the fewest possible).

use super::{Kind, Movement, Round, Sitting};

/// One table of a starter: NS number (`None`: a starred pair), EW number, set offset.
type Cell = (Option<u32>, u32, u32);

const H4: [Cell; 4] = [
    (Some(0), 2, 2),
    (Some(1), 5, 4),
    (Some(4), 3, 1),
    (None, 6, 0),
];
const H5: [Cell; 5] = [
    (Some(5), 0, 8),
    (Some(7), 1, 7),
    (None, 2, 6),
    (Some(3), 4, 5),
    (Some(6), 8, 4),
];
const H6: [Cell; 6] = [
    (None, 0, 9),
    (Some(6), 1, 6),
    (Some(3), 2, 4),
    (Some(4), 7, 0),
    (Some(5), 9, 8),
    (Some(10), 8, 5),
];
const H7: [Cell; 7] = [
    (Some(0), 9, 4),
    (Some(7), 1, 0),
    (Some(3), 2, 5),
    (None, 4, 9),
    (Some(5), 8, 2),
    (Some(6), 11, 7),
    (Some(12), 10, 10),
];
const H8: [Cell; 8] = [
    (Some(0), 4, 14),
    (Some(1), 8, 5),
    (Some(2), 7, 9),
    (Some(3), 9, 12),
    (Some(6), 5, 6),
    (Some(13), 10, 3),
    (None, 11, 2),
    (Some(14), 12, 10),
];
const H9: [Cell; 9] = [
    (Some(10), 0, 12),
    (Some(1), 13, 9),
    (Some(8), 2, 2),
    (Some(7), 3, 0),
    (Some(4), 5, 8),
    (Some(15), 6, 13),
    (Some(12), 9, 1),
    (None, 11, 16),
    (Some(16), 14, 15),
];
const H10: [Cell; 10] = [
    (Some(14), 0, 2),
    (Some(10), 1, 11),
    (Some(18), 2, 15),
    (Some(3), 11, 3),
    (Some(4), 17, 13),
    (Some(12), 5, 17),
    (Some(8), 6, 14),
    (None, 7, 5),
    (Some(13), 9, 8),
    (Some(16), 15, 0),
];

// Three-quarter Howells: R rounds, 2T − R starred pairs.
const Q6: [Cell; 6] = [
    (Some(5), 0, 8),
    (Some(4), 1, 1),
    (Some(2), 3, 4),
    (None, 6, 2),
    (None, 7, 5),
    (None, 8, 3),
];
const Q7: [Cell; 7] = [
    (Some(6), 0, 2),
    (Some(4), 1, 5),
    (Some(2), 3, 0),
    (None, 5, 8),
    (None, 7, 6),
    (None, 8, 3),
    (None, 9, 9),
];
const Q8: [Cell; 8] = [
    (Some(2), 0, 8),
    (Some(1), 6, 4),
    (None, 3, 7),
    (Some(4), 8, 1),
    (None, 5, 5),
    (Some(10), 7, 9),
    (None, 9, 10),
    (None, 11, 6),
];
const Q9: [Cell; 9] = [
    (Some(0), 9, 4),
    (Some(7), 1, 0),
    (Some(3), 2, 5),
    (Some(4), 6, 2),
    (None, 5, 12),
    (None, 8, 8),
    (None, 10, 11),
    (None, 11, 3),
    (None, 12, 9),
];
const Q10: [Cell; 10] = [
    (Some(0), 4, 14),
    (Some(1), 8, 5),
    (Some(5), 2, 8),
    (Some(9), 3, 11),
    (Some(6), 11, 7),
    (None, 7, 12),
    (None, 10, 4),
    (None, 12, 10),
    (None, 13, 13),
    (None, 14, 6),
];

/// The 3-table Howell, round by round: (NS, EW, set) at tables 1, 2, 3.
const H3: [[(u32, u32, u32); 3]; 5] = [
    [(6, 1, 1), (2, 5, 1), (3, 4, 1)],
    [(6, 2, 2), (3, 1, 3), (4, 5, 4)],
    [(6, 3, 4), (4, 2, 3), (5, 1, 5)],
    [(6, 4, 5), (5, 3, 2), (1, 2, 4)],
    [(6, 5, 3), (1, 4, 2), (2, 3, 5)],
];

/// Rounds of the three-quarter Howell for `tables` (6–10): about three quarters of 2T−1.
pub(super) fn three_quarter_rounds(tables: u32) -> u32 {
    (3 * (2 * tables - 1)).div_ceil(4)
}

fn starter(kind: Kind, tables: u32) -> &'static [Cell] {
    match (kind, tables) {
        (Kind::Howell, 4) => &H4,
        (Kind::Howell, 5) => &H5,
        (Kind::Howell, 6) => &H6,
        (Kind::Howell, 7) => &H7,
        (Kind::Howell, 8) => &H8,
        (Kind::Howell, 9) => &H9,
        (Kind::Howell, 10) => &H10,
        (Kind::ThreeQuarterHowell, 6) => &Q6,
        (Kind::ThreeQuarterHowell, 7) => &Q7,
        (Kind::ThreeQuarterHowell, 8) => &Q8,
        (Kind::ThreeQuarterHowell, 9) => &Q9,
        (Kind::ThreeQuarterHowell, 10) => &Q10,
        _ => unreachable!("table counts are checked before"),
    }
}

pub(super) fn build(kind: Kind, tables: u32) -> Movement {
    if kind == Kind::Howell && tables == 3 {
        return Movement {
            kind,
            tables,
            boards_per_round: 1,
            sets: 5,
            pairs: 6,
            even: None,
            phantom: None,
            stationary: vec![6],
            rounds: H3
                .iter()
                .zip(1..)
                .map(|(r, number)| Round {
                    number,
                    tables: r
                        .iter()
                        .zip(1..)
                        .map(|(&(ns, ew, set), table)| Sitting {
                            table,
                            ns: Some(ns),
                            ew: Some(ew),
                            set,
                            switched: false,
                        })
                        .collect(),
                })
                .collect(),
        };
    }
    let cells = starter(kind, tables);
    let rounds = if kind == Kind::Howell {
        2 * tables - 1
    } else {
        three_quarter_rounds(tables)
    };
    // Starred tables first (the first faces pair 1 and plays set 1 in round 1), then the
    // others by their first set.
    let (mut starred, mut moving): (Vec<Cell>, Vec<Cell>) =
        cells.iter().partition(|c| c.0.is_none());
    let shift = rounds - starred[0].1;
    let turn = rounds - starred[0].2;
    let norm = |x: u32, by: u32| (x + by) % rounds;
    for c in starred.iter_mut().chain(moving.iter_mut()) {
        *c = (
            c.0.map(|x| norm(x, shift)),
            norm(c.1, shift),
            norm(c.2, turn),
        );
    }
    moving.sort_by_key(|c| c.2);
    let stationary: Vec<u32> = (0..starred.len() as u32).map(|i| rounds + 1 + i).collect();
    let layout: Vec<Cell> = starred.into_iter().chain(moving).collect();
    let rounds_v = (0..rounds)
        .map(|r| {
            let mut star = stationary.iter();
            Round {
                number: r + 1,
                tables: layout
                    .iter()
                    .zip(1..)
                    .map(|(&(ns, ew, set), table)| Sitting {
                        table,
                        ns: Some(match ns {
                            Some(x) => (x + r) % rounds + 1,
                            None => *star.next().expect("one starred pair a starred table"),
                        }),
                        ew: Some((ew + r) % rounds + 1),
                        set: (set + r) % rounds + 1,
                        switched: false,
                    })
                    .collect(),
            }
        })
        .collect();
    Movement {
        kind,
        tables,
        boards_per_round: 1,
        sets: rounds,
        pairs: 2 * tables,
        even: None,
        phantom: None,
        stationary,
        rounds: rounds_v,
    }
}
