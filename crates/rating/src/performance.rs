//! B.02 8.1.1 (and B.01 1.4.9, the same table): the rating difference `dp` a percentage score
//! is worth.

/// dp for 0 %, 1 %, … 100 %.
const DP: [i16; 101] = [
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383, -366, -351, -336, -322, -309, -296,
    -284, -273, -262, -251, -240, -230, -220, -211, -202, -193, -184, -175, -166, -158, -149, -141,
    -133, -125, -117, -110, -102, -95, -87, -80, -72, -65, -57, -50, -43, -36, -29, -21, -14, -7,
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// The percentage of `halves` half-points out of `games` games, rounded to the nearest whole
/// number with .5 upward (B.01 1.4.9). `None` without games.
pub fn percentage(halves: u32, games: u32) -> Option<u32> {
    // round(100 × halves / (2 × games)) = floor((100 × halves + games) / (2 × games))
    (games > 0).then(|| (100 * halves + games) / (2 * games))
}

/// dp for a whole percentage (0 to 100; more reads 100).
pub fn dp_for_percentage(percent: u32) -> i32 {
    i32::from(DP[percent.min(100) as usize])
}

/// dp for `halves` half-points out of `games` games.
pub fn dp_for_score(halves: u32, games: u32) -> Option<i32> {
    percentage(halves, games).map(dp_for_percentage)
}

/// `numerator / denominator` rounded to the nearest whole number, .5 upward (B.01 1.4.7).
pub(crate) fn round_half_up(numerator: i64, denominator: i64) -> i64 {
    (2 * numerator + denominator).div_euclid(2 * denominator)
}
