//! Club series ("classement cumulé"): a ranking over several pairs sessions by the club's
//! rule: the sum of the session percentages, the best N of them, or points per place (with
//! the best N, too). Exact fractions throughout; tied totals share the place.
//!
//! ```
//! use bridge::series::{rank_series, Entry, Rule, Scoring};
//! use bridge::Ratio;
//!
//! let pct = |p: i64| Ratio::from_int(p);
//! let tuesday_1 = vec![Entry::new("Martin", pct(60), 1), Entry::new("Durand", pct(55), 2)];
//! let tuesday_2 = vec![Entry::new("Durand", pct(62), 1), Entry::new("Martin", pct(48), 2)];
//! let rule = Rule { scoring: Scoring::Percentages, best: None };
//! let rows = rank_series(&[tuesday_1, tuesday_2], &rule);
//! assert_eq!((rows[0].competitor, rows[0].total), ("Durand", pct(117)));
//! assert_eq!((rows[1].competitor, rows[1].total), ("Martin", pct(108)));
//! ```

use std::collections::BTreeMap;

use crate::rational::Ratio;

/// What a competitor scores from one session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scoring {
    /// The session percentage.
    Percentages,
    /// Points by place: `points[0]` for first, `points[1]` for second…, none below the
    /// last. Tied places share their points equally (2= of two pairs: the mean of the
    /// points for 2nd and 3rd).
    PointsPerPlace(Vec<u32>),
}

/// The club's rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    pub scoring: Scoring,
    /// Only the best N sessions of each competitor count (all when `None`).
    pub best: Option<usize>,
}

/// A competitor's result in one session: percentage and place (tied competitors have the
/// same place).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry<K> {
    pub competitor: K,
    pub percent: Ratio,
    pub place: u32,
}

impl<K> Entry<K> {
    pub fn new(competitor: K, percent: Ratio, place: u32) -> Entry<K> {
        Entry {
            competitor,
            percent,
            place,
        }
    }
}

/// One row of the series ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeriesRow<K> {
    pub competitor: K,
    pub total: Ratio,
    /// The value of every session played (session index, value), best first; the first
    /// `counted` of them make the total.
    pub values: Vec<(usize, Ratio)>,
    pub counted: usize,
    pub place: u32,
    pub tied: bool,
}

/// The value of each entry of a session under the rule's scoring.
fn session_values<K>(session: &[Entry<K>], scoring: &Scoring) -> Vec<Ratio> {
    match scoring {
        Scoring::Percentages => session.iter().map(|e| e.percent).collect(),
        Scoring::PointsPerPlace(points) => {
            let mut sharing: BTreeMap<u32, i128> = BTreeMap::new();
            for e in session {
                *sharing.entry(e.place).or_default() += 1;
            }
            session
                .iter()
                .map(|e| {
                    let k = sharing[&e.place];
                    let first = e.place.max(1) as usize - 1;
                    let sum: i128 = (first..first + k as usize)
                        .map(|i| i128::from(points.get(i).copied().unwrap_or(0)))
                        .sum();
                    Ratio::new(sum, k)
                })
                .collect()
        }
    }
}

/// Ranks the competitors over the sessions by the rule.
pub fn rank_series<K: Ord + Clone>(sessions: &[Vec<Entry<K>>], rule: &Rule) -> Vec<SeriesRow<K>> {
    let mut by: BTreeMap<K, Vec<(usize, Ratio)>> = BTreeMap::new();
    for (s, session) in sessions.iter().enumerate() {
        for (e, v) in session.iter().zip(session_values(session, &rule.scoring)) {
            by.entry(e.competitor.clone()).or_default().push((s, v));
        }
    }
    let mut rows: Vec<SeriesRow<K>> = by
        .into_iter()
        .map(|(competitor, mut values)| {
            values.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            let counted = rule.best.map_or(values.len(), |n| n.min(values.len()));
            let total = values[..counted].iter().map(|v| v.1).sum();
            SeriesRow {
                competitor,
                total,
                values,
                counted,
                place: 0,
                tied: false,
            }
        })
        .collect();
    rows.sort_by(|a, b| b.total.cmp(&a.total).then(a.competitor.cmp(&b.competitor)));
    for i in 0..rows.len() {
        rows[i].place = if i > 0 && rows[i].total == rows[i - 1].total {
            rows[i - 1].place
        } else {
            i as u32 + 1
        };
    }
    for i in 0..rows.len() {
        rows[i].tied = (i > 0 && rows[i].total == rows[i - 1].total)
            || (i + 1 < rows.len() && rows[i].total == rows[i + 1].total);
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(who: &'static str, pct: &str, place: u32) -> Entry<&'static str> {
        Entry::new(who, Ratio::parse_percent(pct).unwrap(), place)
    }

    /// Three Tuesday sessions; Dupont misses the third.
    fn season() -> Vec<Vec<Entry<&'static str>>> {
        vec![
            vec![
                e("Martin", "61.5", 1),
                e("Durand", "55", 2),
                e("Dupont", "52", 3),
                e("Petit", "31.5", 4),
            ],
            vec![
                e("Durand", "58", 1),
                e("Dupont", "58", 1),
                e("Martin", "50", 3),
                e("Petit", "34", 4),
            ],
            vec![
                e("Petit", "64", 1),
                e("Martin", "47", 2),
                e("Durand", "39", 3),
            ],
        ]
    }

    fn table(rows: &[SeriesRow<&'static str>]) -> Vec<(&'static str, String, u32)> {
        rows.iter()
            .map(|r| (r.competitor, r.total.to_fixed(2), r.place))
            .collect()
    }

    #[test]
    fn sum_of_percentages() {
        let rows = rank_series(
            &season(),
            &Rule {
                scoring: Scoring::Percentages,
                best: None,
            },
        );
        // Martin 61.5 + 50 + 47 = 158.5; Durand 55 + 58 + 39 = 152; Petit 31.5 + 34 + 64 =
        // 129.5; Dupont 52 + 58 = 110.
        assert_eq!(
            table(&rows),
            [
                ("Martin", "158.50".into(), 1),
                ("Durand", "152.00".into(), 2),
                ("Petit", "129.50".into(), 3),
                ("Dupont", "110.00".into(), 4)
            ]
        );
    }

    #[test]
    fn best_two_of_three() {
        let rows = rank_series(
            &season(),
            &Rule {
                scoring: Scoring::Percentages,
                best: Some(2),
            },
        );
        // Martin 61.5 + 50 = 111.5; Durand 58 + 55 = 113; Dupont 58 + 52 = 110; Petit
        // 64 + 34 = 98.
        assert_eq!(
            table(&rows),
            [
                ("Durand", "113.00".into(), 1),
                ("Martin", "111.50".into(), 2),
                ("Dupont", "110.00".into(), 3),
                ("Petit", "98.00".into(), 4)
            ]
        );
        assert_eq!(rows[0].counted, 2);
        assert_eq!(rows[0].values.len(), 3);
    }

    #[test]
    fn points_per_place_with_shared_places() {
        let rule = Rule {
            scoring: Scoring::PointsPerPlace(vec![10, 8, 6, 5]),
            best: None,
        };
        let rows = rank_series(&season(), &rule);
        // Session 2: Durand and Dupont share 1st: (10 + 8) / 2 = 9 each.
        // Martin 10 + 6 + 8 = 24; Durand 8 + 9 + 6 = 23; Dupont 6 + 9 = 15;
        // Petit 5 + 5 + 10 = 20.
        assert_eq!(
            table(&rows),
            [
                ("Martin", "24.00".into(), 1),
                ("Durand", "23.00".into(), 2),
                ("Petit", "20.00".into(), 3),
                ("Dupont", "15.00".into(), 4)
            ]
        );
        // Equal totals share the place.
        let two = vec![vec![e("A", "50", 1), e("B", "50", 1)]];
        let rows = rank_series(&two, &rule);
        assert!(rows
            .iter()
            .all(|r| r.place == 1 && r.tied && r.total == Ratio::from_int(9)));
    }
}
