//! B.02 8.1.2 against FIDE's published table, row by row.

use rating::{counted_difference, expected_score};

/// FIDE handbook B.02 8.1.2 as published: each row's lowest and highest rating difference and
/// the higher-rated player's expected score (the lower-rated player's is 1 − it).
const FIDE_TABLE: [(i32, i32, u32); 51] = [
    (0, 3, 50),
    (4, 10, 51),
    (11, 17, 52),
    (18, 25, 53),
    (26, 32, 54),
    (33, 39, 55),
    (40, 46, 56),
    (47, 53, 57),
    (54, 61, 58),
    (62, 68, 59),
    (69, 76, 60),
    (77, 83, 61),
    (84, 91, 62),
    (92, 98, 63),
    (99, 106, 64),
    (107, 113, 65),
    (114, 121, 66),
    (122, 129, 67),
    (130, 137, 68),
    (138, 145, 69),
    (146, 153, 70),
    (154, 162, 71),
    (163, 170, 72),
    (171, 179, 73),
    (180, 188, 74),
    (189, 197, 75),
    (198, 206, 76),
    (207, 215, 77),
    (216, 225, 78),
    (226, 235, 79),
    (236, 245, 80),
    (246, 256, 81),
    (257, 267, 82),
    (268, 278, 83),
    (279, 290, 84),
    (291, 302, 85),
    (303, 315, 86),
    (316, 328, 87),
    (329, 344, 88),
    (345, 357, 89),
    (358, 374, 90),
    (375, 391, 91),
    (392, 411, 92),
    (412, 432, 93),
    (433, 456, 94),
    (457, 484, 95),
    (485, 517, 96),
    (518, 559, 97),
    (560, 619, 98),
    (620, 735, 99),
    (736, 3000, 100),
];

#[test]
fn every_difference_reads_its_row_of_fides_table() {
    for &(low, high, higher) in &FIDE_TABLE {
        for d in low..=high {
            assert_eq!(expected_score(d).hundredths(), higher, "difference {d}");
            assert_eq!(
                expected_score(-d).hundredths(),
                100 - higher,
                "difference -{d}"
            );
        }
    }
}

#[test]
fn expected_scores_print_as_the_table_does() {
    assert_eq!(expected_score(0).to_string(), "0.50");
    assert_eq!(expected_score(400).to_string(), "0.92");
    assert_eq!(expected_score(-400).to_string(), "0.08");
    assert_eq!(expected_score(800).to_string(), "1.00");
}

#[test]
fn the_400_point_rule_and_its_2025_exception() {
    // Below 2650 the gap is counted as 400 at most, whichever side is higher.
    assert_eq!(counted_difference(2649, 2000), 400);
    assert_eq!(counted_difference(1500, 2100), -400);
    assert_eq!(counted_difference(2200, 1850), 350);
    // A 2649 player beating a 1800 expects 0.92; a 2650 player expects 1.00 (d = 850).
    assert_eq!(
        expected_score(counted_difference(2649, 1800)).hundredths(),
        92
    );
    assert_eq!(
        expected_score(counted_difference(2650, 1800)).hundredths(),
        100
    );
    // The lower-rated opponent of a 2650 player is below 2650: the cap applies on that side.
    assert_eq!(counted_difference(1800, 2650), -400);
}
