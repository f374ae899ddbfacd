//! The value of every player for one tie-break (all codes except DE, which depends on the
//! group being separated and lives in [`crate::direct`]).
//!
//! ```
//! // BH/C1 with a voluntary unplayed round (C.07 16.5): the half-point bye's dummy (own score
//! // 2) is cut, not the weakest opponent (1).
//! use tiebreak::{parse_list, tiebreak_values, Edition, EventFormat, Options};
//! use tournament::{Color, Entry, GameResult, Player, PlayerId, Tournament};
//! let g = |o, c, r| Entry::Played { opponent: PlayerId(o), color: c, result: r, rated: true };
//! let p = |id, rounds| Player { id: PlayerId(id), rounds, ..Player::default() };
//! let mut t = Tournament::default();
//! t.players = vec![
//!     p(1, vec![g(2, Color::White, GameResult::Win), Entry::HalfBye, g(3, Color::Black, GameResult::Draw)]),
//!     p(2, vec![g(1, Color::Black, GameResult::Loss), Entry::HalfBye, Entry::ZeroBye]),
//!     p(3, vec![Entry::FullBye, Entry::FullBye, g(1, Color::White, GameResult::Draw)]),
//! ];
//! let options = Options { edition: Some(Edition::C07_2024), format: EventFormat::Swiss, ..Options::default() };
//! let v = tiebreak_values(&t, &parse_list("BH,BH/C1").unwrap(), &options).unwrap();
//! // Opponent 2 is seen with 1.0 (the final zero-point bye counts as a draw).
//! assert_eq!(v[0][0].unwrap().to_string(), "5.5");
//! assert_eq!(v[1][0].unwrap().to_string(), "3.5");
//! ```

use tournament::{Color, Entry, GameResult, Tournament};

use crate::context::{is_vur, Context, Contribution, Purpose};
use crate::spec::{Code, Cut, Edition, Limit, TieBreak, UnratedRule};
use crate::tables::{dp_for_score, expected_hundredths, seed_dp_for_score};
use crate::value::Value;

/// Removes values per Art. 14 from `items` (any order) and returns the rest.
/// `key` orders by significance; `vur` marks the voluntary unplayed rounds that 16.5 cuts
/// first; `prefer_higher_vur` is the Sonneborn-Berger form of 16.5.2 (cut the higher of the
/// lowest VUR contribution and the least significant value).
pub(crate) fn apply_cut<T: Copy>(
    mut items: Vec<T>,
    cut: Cut,
    key: impl Fn(&T) -> (i64, i64),
    vur: impl Fn(&T) -> bool,
    contribution: impl Fn(&T) -> i64,
    vur_exception: bool,
) -> Vec<T> {
    let (low, high) = match cut {
        Cut::None => (0, 0),
        Cut::Cut(n) => (n as usize, 0),
        Cut::Median(n) => (n as usize, n as usize),
    };
    for _ in 0..low {
        if items.is_empty() {
            break;
        }
        let lsv = (0..items.len())
            .min_by_key(|&k| key(&items[k]))
            .unwrap_or(0);
        let mut drop = lsv;
        if vur_exception {
            // 16.5: the lowest contribution from a VUR, when it is not below the LSV.
            if let Some(v) = (0..items.len())
                .filter(|&k| vur(&items[k]))
                .min_by_key(|&k| contribution(&items[k]))
            {
                if contribution(&items[v]) >= contribution(&items[lsv]) {
                    drop = v;
                }
            }
        }
        items.swap_remove(drop);
    }
    for _ in 0..high {
        if items.is_empty() {
            break;
        }
        let msv = (0..items.len())
            .max_by_key(|&k| key(&items[k]))
            .unwrap_or(0);
        items.swap_remove(msv);
    }
    items
}

/// Per-player values for one tie-break; DE excluded.
pub(crate) struct Computer<'a> {
    pub t: &'a Tournament,
    pub ctx: &'a Context,
    /// Ratings for the rating tie-breaks, when defined (see `ratings`).
    pub ratings: Option<Vec<Option<i32>>>,
}

impl Computer<'_> {
    fn c07_exception(&self) -> bool {
        self.ctx.edition.is_c07() && !(self.ctx.round_robin)
    }

    /// Buchholz of every player, with a cut.
    pub fn buchholz(&self, cut: Cut) -> Vec<i64> {
        self.cut_sums(cut, |c| (c.value as i64, 0), |c| c.value as i64)
    }

    /// Sonneborn-Berger in hundredths, with a cut (LSV: the lowest-scored opponent's product).
    pub fn sonneborn_berger(&self, cut: Cut) -> Vec<i64> {
        self.cut_sums(
            cut,
            |c| (c.value as i64, c.product()),
            Contribution::product,
        )
    }

    /// Every player's sum of `amount` over the contributions that count, after the Art. 14
    /// cut: `key` orders them by significance and `amount` is also what 16.5 compares.
    fn cut_sums(
        &self,
        cut: Cut,
        key: impl Fn(&Contribution) -> (i64, i64),
        amount: impl Fn(&Contribution) -> i64,
    ) -> Vec<i64> {
        let vur_exception = self.c07_exception();
        (0..self.ctx.n())
            .map(|i| {
                let counted = self.ctx.contributions(i).iter().filter(|c| c.counts);
                if cut == Cut::None {
                    return counted.map(&amount).sum();
                }
                let items: Vec<Contribution> = counted.copied().collect();
                apply_cut(items, cut, &key, |c| c.vur, &amount, vur_exception)
                    .iter()
                    .map(&amount)
                    .sum()
            })
            .collect()
    }

    fn threshold_met(&self, score: i32, limit: Option<Limit>) -> bool {
        let max = self.ctx.grid.win() as i64 * self.ctx.rounds() as i64;
        match limit.unwrap_or(Limit::Percent(50)) {
            Limit::Percent(p) => score as i64 * 100 >= p as i64 * max,
            Limit::Score(s) => score >= s.tenths(),
        }
    }

    /// Koya (9.2): points scored against opponents at or above the limit. A forfeit counts
    /// against its scheduled opponent, as in FIDE's tie-break software.
    fn koya(&self, limit: Option<Limit>) -> Vec<Option<Value>> {
        (0..self.ctx.n())
            .map(|i| {
                let s: i32 = (0..self.ctx.rounds())
                    .filter_map(|r| {
                        self.ctx
                            .game(i, r, Purpose::General)
                            .or_else(|| self.ctx.forfeit_as_game(i, r))
                    })
                    .filter(|g| self.threshold_met(self.ctx.score[g.opponent], limit))
                    .map(|g| g.points)
                    .sum();
                Some(Value::ratio(s as i64, 10))
            })
            .collect()
    }

    /// Yugoslav (seed 001): the Buchholz values of the opponents at or above the limit.
    fn yugoslav(&self, limit: Option<Limit>, cut: Cut) -> Vec<Option<Value>> {
        let vur_exception = self.c07_exception();
        (0..self.ctx.n())
            .map(|i| {
                let items: Vec<Contribution> = self
                    .ctx
                    .contributions(i)
                    .iter()
                    .copied()
                    .filter(|c| c.counts && self.threshold_met(c.value, limit))
                    .collect();
                let kept = apply_cut(
                    items,
                    cut,
                    |c| (c.value as i64, 0),
                    |c| c.vur,
                    |c| c.value as i64,
                    vur_exception,
                );
                Some(Value::ratio(kept.iter().map(|c| c.value as i64).sum(), 10))
            })
            .collect()
    }

    fn count_rounds(&self, f: impl Fn(usize, usize) -> bool) -> Vec<Option<Value>> {
        (0..self.ctx.n())
            .map(|i| {
                Some(Value::integer(
                    (0..self.ctx.rounds()).filter(|&r| f(i, r)).count() as i64,
                ))
            })
            .collect()
    }

    /// Every player's own rating; `None` for an unrated one (no rating, or 0).
    pub fn own_ratings(t: &Tournament) -> Vec<Option<i32>> {
        t.players
            .iter()
            .map(|p| p.rating.filter(|&r| r > 0).map(i32::from))
            .collect()
    }

    /// The rating of every player for the rating tie-breaks, or `None` when undefined.
    pub fn ratings(t: &Tournament, ctx: &Context, rule: UnratedRule) -> Option<Vec<Option<i32>>> {
        let own = Computer::own_ratings(t);
        match rule {
            UnratedRule::Fixed(r) => {
                Some(own.iter().map(|x| Some(x.unwrap_or(r as i32))).collect())
            }
            UnratedRule::Undefined => {
                // Art. 10 preamble: dropped when unrated participants are present.
                if own.iter().all(Option::is_some) {
                    Some(own)
                } else {
                    None
                }
            }
            UnratedRule::Provisional => Some(crate::provisional::ratings(ctx, &own)),
        }
    }

    /// Opponents' ratings over the board for player `i` (pre-2012: within ±350 of one's own).
    fn opponent_ratings(&self, ratings: &[Option<i32>], i: usize) -> Vec<(i32, GameResult)> {
        let own = ratings[i];
        (0..self.ctx.rounds())
            .filter_map(|r| self.ctx.game(i, r, Purpose::Rating))
            .filter_map(|g| {
                let mut rating = ratings[g.opponent]?;
                if self.ctx.edition == Edition::Pre2012 {
                    if let Some(o) = own {
                        rating = rating.clamp(o - 350, o + 350);
                    }
                }
                Some((rating, g.result))
            })
            .collect()
    }

    fn aro(&self, ratings: &[Option<i32>], i: usize, cut: Cut) -> Option<i64> {
        let list = self.opponent_ratings(ratings, i);
        let kept = apply_cut(
            list,
            cut,
            |x| (x.0 as i64, 0),
            |_| false,
            |x| x.0 as i64,
            false,
        );
        if kept.is_empty() {
            return None;
        }
        let sum: i64 = kept.iter().map(|x| x.0 as i64).sum();
        Some(Value::ratio(sum, kept.len() as i64).round())
    }

    /// TPR (10.2): ARO + dp over the games against opponents with a rating in `ratings`.
    pub(crate) fn tpr(&self, ratings: &[Option<i32>], i: usize) -> Option<i64> {
        let list = self.opponent_ratings(ratings, i);
        if list.is_empty() {
            return None;
        }
        let aro = self.aro(ratings, i, Cut::None)?;
        let halves: i64 = list.iter().map(|x| half_points(x.1)).sum();
        let games = list.len() as i64;
        let dp = if self.ctx.edition == Edition::Pre2012 {
            seed_dp_for_score(halves, games)
        } else {
            dp_for_score(halves, games)
        };
        Some(aro + dp as i64)
    }

    /// PTP (10.3): the lowest rating whose expected score reaches the score made.
    fn ptp(&self, ratings: &[Option<i32>], i: usize) -> Option<i64> {
        let list = self.opponent_ratings(ratings, i);
        if list.is_empty() {
            return None;
        }
        let target: i64 = list.iter().map(|x| half_points(x.1) * 50).sum();
        let lowest = list.iter().map(|x| x.0).min()? as i64;
        let highest = list.iter().map(|x| x.0).max()? as i64;
        if target == 0 {
            return Some(lowest - 800);
        }
        let expected = |r: i64| -> i64 {
            list.iter()
                .map(|x| expected_hundredths((r - x.0 as i64) as i32) as i64)
                .sum()
        };
        // expected() is non-decreasing; at `hi` every term is 100 so the target is reached.
        let (mut lo, mut hi) = (lowest - 800, highest + 736);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if expected(mid) >= target {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        Some(lo)
    }

    fn average_of_opponents(&self, per_player: &[Option<i64>]) -> Vec<Option<Value>> {
        (0..self.ctx.n())
            .map(|i| {
                let vals: Vec<i64> = (0..self.ctx.rounds())
                    .filter_map(|r| self.ctx.game(i, r, Purpose::Rating))
                    .filter_map(|g| per_player[g.opponent])
                    .collect();
                if vals.is_empty() {
                    None
                } else {
                    let s: i64 = vals.iter().sum();
                    Some(Value::integer(Value::ratio(s, vals.len() as i64).round()))
                }
            })
            .collect()
    }

    fn with_ratings(&self, f: impl Fn(&[Option<i32>], usize) -> Option<i64>) -> Vec<Option<Value>> {
        match &self.ratings {
            None => vec![None; self.ctx.n()],
            Some(r) => (0..self.ctx.n())
                .map(|i| f(r, i).map(Value::integer))
                .collect(),
        }
    }

    /// The values of one tie-break for every player (`DirectEncounter` gives `None`s).
    pub fn values(&self, tb: &TieBreak) -> Vec<Option<Value>> {
        let ctx = self.ctx;
        let n = ctx.n();
        let rounds = ctx.rounds();
        let g = &ctx.grid;
        let tenths = |v: Vec<i64>| v.into_iter().map(|x| Some(Value::ratio(x, 10))).collect();
        match tb.code {
            Code::Points => ctx
                .score
                .iter()
                .map(|&s| Some(Value::ratio(s as i64, 10)))
                .collect(),
            Code::AdjustedScore => ctx
                .adjusted
                .iter()
                .map(|&s| Some(Value::ratio(s as i64, 10)))
                .collect(),
            Code::DirectEncounter => vec![None; n],
            Code::Buchholz | Code::ForeBuchholz => tenths(self.buchholz(tb.cut)),
            Code::SonnebornBerger => self
                .sonneborn_berger(tb.cut)
                .into_iter()
                .map(|x| Some(Value::hundredths(x)))
                .collect(),
            Code::AverageOpponentsBuchholz => {
                let bh = self.buchholz(Cut::None);
                (0..n)
                    .map(|i| {
                        let vals: Vec<i64> = (0..rounds)
                            .filter_map(|r| ctx.game(i, r, Purpose::General))
                            .map(|gm| bh[gm.opponent])
                            .collect();
                        (!vals.is_empty())
                            .then(|| Value::ratio(vals.iter().sum(), 10 * vals.len() as i64))
                    })
                    .collect()
            }
            Code::SumOpponentsBuchholz => {
                let bh = self.buchholz(Cut::None);
                (0..n)
                    .map(|i| {
                        let mut vals: Vec<i64> = Vec::new();
                        for r in 0..rounds {
                            match ctx.game(i, r, Purpose::General) {
                                Some(gm) => vals.push(bh[gm.opponent]),
                                // Pre-2012: the unplayed game is against oneself.
                                None if ctx.edition == Edition::Pre2012 => vals.push(bh[i]),
                                None => {}
                            }
                        }
                        let kept = apply_cut(vals, tb.cut, |x| (*x, 0), |_| false, |x| *x, false);
                        Some(Value::ratio(kept.iter().sum(), 10))
                    })
                    .collect()
            }
            Code::Koya => self.koya(tb.limit),
            Code::Yugoslav => self.yugoslav(tb.limit, tb.cut),
            Code::Progressive => (0..n)
                .map(|i| {
                    let mut running = 0i64;
                    let list: Vec<i64> = (0..rounds)
                        .map(|r| {
                            running += g.points(i, r) as i64;
                            running
                        })
                        .collect();
                    // 14.1: the least significant running score is the earliest.
                    let indexed: Vec<(usize, i64)> = list.into_iter().enumerate().collect();
                    let kept = apply_cut(
                        indexed,
                        tb.cut,
                        |x| (x.1, x.0 as i64),
                        |_| false,
                        |x| x.1,
                        false,
                    );
                    Some(Value::ratio(kept.iter().map(|x| x.1).sum(), 10))
                })
                .collect(),
            Code::Wins => {
                let pre = ctx.edition == Edition::Pre2012;
                self.count_rounds(|i, r| {
                    if let Some(gm) = ctx.game(i, r, Purpose::OwnRecord) {
                        return gm.result == GameResult::Win;
                    }
                    // 7.1: unplayed rounds with the points of a win count (not before 2012).
                    !pre && matches!(
                        g.entry(i, r),
                        Entry::ForfeitWin { .. } | Entry::PairingBye | Entry::FullBye
                    )
                })
            }
            Code::GamesWon => self.count_rounds(|i, r| {
                ctx.game(i, r, Purpose::OwnRecord)
                    .is_some_and(|gm| gm.result == GameResult::Win)
            }),
            Code::BlackGames => self.count_rounds(|i, r| {
                ctx.game(i, r, Purpose::OwnRecord)
                    .is_some_and(|gm| gm.color == Some(Color::Black))
            }),
            Code::BlackWins => self.count_rounds(|i, r| {
                ctx.game(i, r, Purpose::OwnRecord).is_some_and(|gm| {
                    gm.color == Some(Color::Black) && gm.result == GameResult::Win
                })
            }),
            Code::RoundsElected => self.count_rounds(|i, r| {
                if ctx.game(i, r, Purpose::OwnRecord).is_some() {
                    return true;
                }
                // 7.6: every round but requested byes and forfeit losses.
                let e = g.entry(i, r);
                !is_vur(&e)
            }),
            Code::StandardPoints => (0..n)
                .map(|i| {
                    let s: i64 = (0..rounds)
                        .map(|r| {
                            let mine = g.points(i, r);
                            let other = match g.opponent(i, r) {
                                Some(j) => g.points(j, r),
                                None => g.draw(),
                            };
                            match mine.cmp(&other) {
                                std::cmp::Ordering::Greater => 10,
                                std::cmp::Ordering::Equal => 5,
                                std::cmp::Ordering::Less => 0,
                            }
                        })
                        .sum();
                    Some(Value::ratio(s, 10))
                })
                .collect(),
            Code::Kashdan => (0..n)
                .map(|i| {
                    let k: i64 = (0..rounds)
                        .filter_map(|r| ctx.game(i, r, Purpose::OwnRecord))
                        .map(|gm| match gm.result {
                            GameResult::Win => 4,
                            GameResult::Draw => 2,
                            GameResult::Loss => 1,
                        })
                        .sum();
                    Some(Value::integer(k))
                })
                .collect(),
            Code::PairingNumber => self
                .t
                .players
                .iter()
                .map(|p| Some(Value::integer(p.id.0 as i64)))
                .collect(),
            Code::Rating => {
                let rule = tb.unrated.unwrap_or_default();
                self.t
                    .players
                    .iter()
                    .map(|p| {
                        let own = p.rating.filter(|&r| r > 0).map(i64::from);
                        match (own, rule) {
                            (Some(r), _) => Some(Value::integer(r)),
                            (None, UnratedRule::Fixed(r)) => Some(Value::integer(r as i64)),
                            _ => None,
                        }
                    })
                    .collect()
            }
            Code::AverageRatingOpponents => self.with_ratings(|r, i| self.aro(r, i, tb.cut)),
            Code::PerformanceRating => self.with_ratings(|r, i| self.tpr(r, i)),
            Code::PerfectPerformance => self.with_ratings(|r, i| self.ptp(r, i)),
            Code::AveragePerformanceOpponents => match &self.ratings {
                None => vec![None; n],
                Some(r) => {
                    let per: Vec<Option<i64>> = (0..n).map(|i| self.tpr(r, i)).collect();
                    self.average_of_opponents(&per)
                }
            },
            Code::AveragePerfectPerformanceOpponents => match &self.ratings {
                None => vec![None; n],
                Some(r) => {
                    let per: Vec<Option<i64>> = (0..n).map(|i| self.ptp(r, i)).collect();
                    self.average_of_opponents(&per)
                }
            },
            code if code.team_only() => crate::team::player_values(self.t, ctx, tb),
            _ => vec![None; n],
        }
    }
}

/// A game result in half points (1 / ½ / 0 → 2 / 1 / 0), for the rating tables.
fn half_points(r: GameResult) -> i64 {
    match r {
        GameResult::Win => 2,
        GameResult::Draw => 1,
        GameResult::Loss => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(value: i32, scored: i32, vur: bool) -> Contribution {
        Contribution {
            value,
            scored,
            vur,
            counts: true,
        }
    }

    fn sb_after(items: Vec<Contribution>, cut: Cut) -> i64 {
        apply_cut(
            items,
            cut,
            |c| (c.value as i64, c.product()),
            |c| c.vur,
            Contribution::product,
            true,
        )
        .iter()
        .map(Contribution::product)
        .sum()
    }

    /// 16.5.2 for SB: cut the higher of the lowest VUR contribution and the LSV. The case of
    /// the TieBreakServer report: HPB (dummy 4.5 → 2.25), forfeit loss (dummy 5.0 → 0) and a
    /// draw against a 3.0 opponent (1.5); SB 25.75, SB/C1 24.25 (the tool cuts 2.25: 23.5).
    #[test]
    fn sb_cut_takes_the_higher_of_vur_and_lsv() {
        let items = vec![
            c(45, 5, true),
            c(50, 0, true),
            c(30, 5, false),
            c(60, 10, false),
            c(55, 10, false),
            c(50, 10, false),
            c(35, 10, false),
            c(40, 5, false),
        ];
        assert_eq!(sb_after(items.clone(), Cut::None), 2575);
        assert_eq!(sb_after(items, Cut::Cut(1)), 2425);
    }

    /// BH: a VUR's dummy is cut before the lowest opponent (TEC exercise, player 9).
    #[test]
    fn bh_cut_prefers_the_vur() {
        let items = vec![
            c(35, 0, false),
            c(10, 10, false),
            c(15, 5, true),
            c(15, 0, true),
            c(15, 10, false),
        ];
        let bh = |cut| -> i64 {
            apply_cut(
                items.clone(),
                cut,
                |c| (c.value as i64, 0),
                |c| c.vur,
                |c| c.value as i64,
                true,
            )
            .iter()
            .map(|c| c.value as i64)
            .sum()
        };
        assert_eq!(bh(Cut::None), 90);
        assert_eq!(bh(Cut::Cut(1)), 75);
        assert_eq!(bh(Cut::Cut(2)), 60);
        // Median-1: the VUR at the bottom, the highest (3.5) at the top.
        assert_eq!(bh(Cut::Median(1)), 40);
    }
}
