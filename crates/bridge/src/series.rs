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
//! let rule = Rule { scoring: Scoring::Percentages, best: None, average_over: None };
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
    /// Ranked by the average of the sessions counted (« classement à la moyenne »), a
    /// competitor who played fewer than this many sessions listed after the ranked ones,
    /// without a place; `None`: ranked by the total.
    pub average_over: Option<usize>,
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
    /// The average of the sessions counted, when the rule ranks by average.
    pub average: Option<Ratio>,
    /// 0 for a competitor below the rule's minimum attendance (not ranked).
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
            let total: Ratio = values[..counted].iter().map(|v| v.1).sum();
            let average = rule
                .average_over
                .map(|_| total / Ratio::from_int(counted.max(1) as i64));
            SeriesRow {
                competitor,
                total,
                values,
                counted,
                average,
                place: 0,
                tied: false,
            }
        })
        .collect();
    let ranked = |r: &SeriesRow<K>| rule.average_over.is_none_or(|min| r.counted >= min);
    // By average: the higher average, then more sessions counted, then the better best
    // session (the usual club tie-break [practice]; no federation text was found); still
    // equal, the place is shared. By total: the higher total.
    let key = |r: &SeriesRow<K>| {
        (
            ranked(r),
            r.average.unwrap_or(r.total),
            r.counted,
            r.values.first().map(|v| v.1),
        )
    };
    rows.sort_by(|a, b| {
        let (ka, kb) = (key(a), key(b));
        let ka = if rule.average_over.is_some() {
            ka
        } else {
            (ka.0, ka.1, 0, None)
        };
        let kb = if rule.average_over.is_some() {
            kb
        } else {
            (kb.0, kb.1, 0, None)
        };
        kb.cmp(&ka).then(a.competitor.cmp(&b.competitor))
    });
    let same = |a: &SeriesRow<K>, b: &SeriesRow<K>| {
        if rule.average_over.is_some() {
            key(a) == key(b)
        } else {
            a.total == b.total
        }
    };
    for i in 0..rows.len() {
        rows[i].place = if !ranked(&rows[i]) {
            0
        } else if i > 0 && same(&rows[i], &rows[i - 1]) {
            rows[i - 1].place
        } else {
            i as u32 + 1
        };
    }
    for i in 0..rows.len() {
        rows[i].tied = ranked(&rows[i])
            && ((i > 0 && same(&rows[i], &rows[i - 1]))
                || (i + 1 < rows.len() && same(&rows[i], &rows[i + 1])));
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
                average_over: None,
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
                average_over: None,
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
            average_over: None,
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

    /// Issue 38: by the sum, a pair with 59 % and 58 % over two of three evenings ranks
    /// behind three evenings at 40 % (117 < 120); by the average with at least two evenings
    /// it ranks first, and a pair seen once is listed without a place.
    #[test]
    fn average_with_a_minimum_attendance() {
        let sessions = vec![
            vec![e("Leroy", "59", 1), e("Roux", "40", 2), e("Once", "70", 1)],
            vec![e("Leroy", "58", 1), e("Roux", "40", 2)],
            vec![e("Roux", "40", 1), e("Faure", "45", 2)],
        ];
        let sum = rank_series(
            &sessions,
            &Rule {
                scoring: Scoring::Percentages,
                best: None,
                average_over: None,
            },
        );
        assert_eq!(table(&sum)[0], ("Roux", "120.00".into(), 1));
        let rows = rank_series(
            &sessions,
            &Rule {
                scoring: Scoring::Percentages,
                best: None,
                average_over: Some(2),
            },
        );
        // Leroy (59 + 58) / 2 = 58.5; Roux 120 / 3 = 40; Once and Faure played one evening.
        let got: Vec<(&str, Option<String>, u32)> = rows
            .iter()
            .map(|r| (r.competitor, r.average.map(|a| a.to_fixed(2)), r.place))
            .collect();
        assert_eq!(
            got,
            [
                ("Leroy", Some("58.50".into()), 1),
                ("Roux", Some("40.00".into()), 2),
                ("Once", Some("70.00".into()), 0),
                ("Faure", Some("45.00".into()), 0),
            ]
        );
    }

    /// Equal averages: more evenings counted first, then the better best evening; still equal,
    /// the place is shared.
    #[test]
    fn average_ties_are_broken_by_attendance_then_the_best_evening() {
        let sessions = vec![
            vec![
                e("A", "50", 1),
                e("B", "60", 1),
                e("C", "55", 1),
                e("D", "55", 1),
            ],
            vec![
                e("A", "50", 1),
                e("B", "40", 1),
                e("C", "45", 1),
                e("D", "45", 1),
            ],
            vec![e("A", "50", 1)],
        ];
        let rule = Rule {
            scoring: Scoring::Percentages,
            best: None,
            average_over: Some(2),
        };
        let rows = rank_series(&sessions, &rule);
        let got: Vec<(&str, u32, bool)> = rows
            .iter()
            .map(|r| (r.competitor, r.place, r.tied))
            .collect();
        // All average 50: A played three evenings; B's best is 60; C and D are equal in all.
        assert_eq!(
            got,
            [
                ("A", 1, false),
                ("B", 2, false),
                ("C", 3, true),
                ("D", 3, true)
            ]
        );
    }
}
