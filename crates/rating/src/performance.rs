//! B.02 8.1.1 (and B.01 1.4.9, the same table): the rating difference `dp` a percentage score
//! is worth.

/// The percentage of `halves` half-points out of `games` games, rounded to the nearest whole
/// number with .5 upward (B.01 1.4.9). `None` without games.
pub fn percentage(halves: u32, games: u32) -> Option<u32> {
    // round(100 × halves / (2 × games)) = floor((100 × halves + games) / (2 × games))
    (games > 0).then(|| (100 * halves + games) / (2 * games))
}

/// dp for a whole percentage (0 to 100; more reads 100).
pub fn dp_for_percentage(percent: u32) -> i32 {
    // One table for the whole project: the tie-breaks' TPR uses the same.
    tiebreak::tables::dp_for_percent(i64::from(percent.min(100)))
}

/// dp for `halves` half-points out of `games` games.
pub fn dp_for_score(halves: u32, games: u32) -> Option<i32> {
    percentage(halves, games).map(dp_for_percentage)
}

/// `numerator / denominator` rounded to the nearest whole number, .5 upward (B.01 1.4.7).
pub(crate) fn round_half_up(numerator: i64, denominator: i64) -> i64 {
    (2 * numerator + denominator).div_euclid(2 * denominator)
}
