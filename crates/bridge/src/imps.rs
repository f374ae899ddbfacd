//! IMPs (Law 78B), cross-IMPs and Butler for pairs.

use crate::rational::Ratio;

/// Upper bounds of each IMP step, in points.
const BOUNDS: [i128; 24] = [
    10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290, 1490, 1740,
    1990, 2240, 2490, 2990, 3490, 3990,
];

/// IMPs for a difference in points: the number of step bounds strictly below |diff|, signed.
pub fn imps(diff: i32) -> i32 {
    imps_exact(Ratio::from_int(i64::from(diff)))
}

/// IMPs for a difference that may be fractional (an unrounded datum).
pub fn imps_exact(diff: Ratio) -> i32 {
    let a = if diff < Ratio::ZERO { -diff } else { diff };
    let n = BOUNDS
        .iter()
        .filter(|&&b| Ratio::from_int(b as i64) < a)
        .count() as i32;
    if diff < Ratio::ZERO {
        -n
    } else {
        n
    }
}

/// How the Butler datum is taken from the NS scores of a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Datum {
    /// Mean after leaving out the single highest and lowest score (when 3 or more), rounded
    /// to the nearest 10 (Compscore3 and most club programs).
    #[default]
    TrimmedMean,
    /// Mean of all scores, rounded to the nearest 10.
    Mean,
}

/// The datum of a list of scores (NS's side), rounded to the nearest 10, halves away from 0.
pub fn datum(scores: &[Ratio], rule: Datum) -> Ratio {
    if scores.is_empty() {
        return Ratio::ZERO;
    }
    let mut s = scores.to_vec();
    s.sort_unstable();
    let kept: &[Ratio] = match rule {
        Datum::TrimmedMean if s.len() >= 3 => &s[1..s.len() - 1],
        _ => &s,
    };
    let mean = kept.iter().copied().sum::<Ratio>() / Ratio::from_int(kept.len() as i64);
    // A mean too large to round to whole tens in an i128 (far beyond any bridge score)
    // stays as it is.
    match (mean / Ratio::from_int(10))
        .round_scaled(0)
        .ok()
        .and_then(|tens| tens.checked_mul(10))
    {
        Some(rounded) => Ratio::new(rounded, 1),
        None => mean,
    }
}

/// Cross-IMPs of each result against every other (results as weighted components, from the
/// scored side's point of view). Returns the sums; divide by n − 1 for the average.
pub fn cross_imps(results: &[Vec<(i32, Ratio)>]) -> Vec<Ratio> {
    results
        .iter()
        .enumerate()
        .map(|(i, mine)| {
            let mut total = Ratio::ZERO;
            for (j, theirs) in results.iter().enumerate() {
                if i == j {
                    continue;
                }
                for &(a, wa) in mine {
                    for &(b, wb) in theirs {
                        total += wa * wb * Ratio::from_int(i64::from(imps(a - b)));
                    }
                }
            }
            total
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn imp_scale() {
        assert_eq!(imps(0), 0);
        assert_eq!(imps(10), 0);
        assert_eq!(imps(20), 1);
        assert_eq!(imps(-50), -2);
        assert_eq!(imps(250), 6);
        assert_eq!(imps(500), 11);
        assert_eq!(imps(4000), 24);
        assert_eq!(imps(3990), 23);
    }

    #[test]
    fn cross_imps_example() {
        let p = |s: i32| vec![(s, Ratio::ONE)];
        let sums = cross_imps(&[p(420), p(420), p(170), p(-50)]);
        let ints: Vec<Ratio> = [16, 16, -6, -26]
            .iter()
            .map(|&x| Ratio::from_int(x))
            .collect();
        assert_eq!(sums, ints);
    }

    #[test]
    fn butler_example() {
        let scores: Vec<Ratio> = [450, 420, 420, 170, -50]
            .iter()
            .map(|&x| Ratio::from_int(x))
            .collect();
        let d = datum(&scores, Datum::TrimmedMean);
        assert_eq!(d, Ratio::from_int(340));
        let got: Vec<i32> = [450, 420, 170, -50]
            .iter()
            .map(|&s| imps_exact(Ratio::from_int(s) - d))
            .collect();
        assert_eq!(got, vec![3, 2, -5, -9]);
    }
}
