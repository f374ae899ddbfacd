//! A literal reading of the Top-Scoregroup Procedure (C.04.5 and C.04.6 Art. 3, the same words
//! in both), for the oracles: every set of upfloaters of each size is listed and judged by
//! exhaustion, every pairing of a bracket is judged in identifier order; legality is decided by
//! trying every partner of the first unpaired participant (memoised on bitmasks). Slow and
//! plain on purpose: it shares nothing with the engine but the tournament model.

use std::collections::HashMap;

/// One participant to pair, as the procedure sees it.
#[derive(Debug, Clone)]
pub struct Entrant {
    pub tpn: u32,
    pub score: i64,
    pub matches_played: u32,
    pub may_have_bye: bool,
    pub floated: bool,
}

/// The round: participants, who may meet whom, whether the float criteria count, and the cost
/// of a pair under the colour criteria (team C8, C9; zero for Double-Swiss).
pub struct LiteralRound<'a> {
    pub entrants: Vec<Entrant>,
    pub can_meet: Vec<Vec<bool>>,
    pub floats_count: bool,
    pub colour_cost: &'a dyn Fn(usize, usize) -> (u32, u32),
}

/// The outcome: pairs (top member, bottom member) bracket by bracket, and the PAB.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LiteralPairing {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

type Mask = u64;

fn bit(i: usize) -> Mask {
    1 << i
}

fn members(mask: Mask) -> Vec<usize> {
    (0..64).filter(|&i| mask & bit(i) != 0).collect()
}

struct Legal<'a> {
    can_meet: &'a [Vec<bool>],
    memo: HashMap<Mask, bool>,
}

impl Legal<'_> {
    /// C1 for a whole set: can every participant of `mask` be paired with another of it?
    fn pairable(&mut self, mask: Mask) -> bool {
        if mask == 0 {
            return true;
        }
        if mask.count_ones() % 2 == 1 {
            return false;
        }
        if let Some(&v) = self.memo.get(&mask) {
            return v;
        }
        let first = mask.trailing_zeros() as usize;
        let rest = mask & !bit(first);
        let v = members(rest)
            .into_iter()
            .any(|j| self.can_meet[first][j] && self.pairable(rest & !bit(j)));
        self.memo.insert(mask, v);
        v
    }
}

/// The whole round (3.3.2): the PAB (3.4), then bracket after bracket (3.5, 3.6).
pub fn pair(round: &LiteralRound) -> Option<LiteralPairing> {
    let e = &round.entrants;
    let n = e.len();
    assert!(
        n < 64,
        "the literal procedure takes at most 63 participants"
    );
    let mut legal = Legal {
        can_meet: &round.can_meet,
        memo: HashMap::new(),
    };
    let all: Mask = if n == 0 { 0 } else { (1u64 << n) - 1 };
    let mut bye = None;
    let mut unpaired = all;
    if n % 2 == 1 {
        // 3.4: leaves a legal pairing; lowest score; most matches played; largest TPN.
        let mut candidates: Vec<usize> = (0..n).filter(|&i| e[i].may_have_bye).collect();
        candidates.sort_by(|&a, &b| {
            e[a].score
                .cmp(&e[b].score)
                .then(e[b].matches_played.cmp(&e[a].matches_played))
                .then(e[b].tpn.cmp(&e[a].tpn))
        });
        let chosen = candidates
            .into_iter()
            .find(|&c| legal.pairable(all & !bit(c)))?;
        bye = Some(chosen);
        unpaired &= !bit(chosen);
    } else if !legal.pairable(all) {
        return None;
    }
    // The scoregroups of the round (for C6's following scoregroup).
    let mut levels: Vec<i64> = members(unpaired).iter().map(|&i| e[i].score).collect();
    levels.sort_unstable_by(|a, b| b.cmp(a));
    levels.dedup();
    let mut pairs = Vec::new();
    while unpaired != 0 {
        let top_score = members(unpaired).iter().map(|&i| e[i].score).max()?;
        let top: Mask = members(unpaired)
            .into_iter()
            .filter(|&i| e[i].score == top_score)
            .fold(0, |m, i| m | bit(i));
        let lower = unpaired & !top;
        let following = levels.iter().copied().find(|&s| s < top_score);
        let set = upfloaters(round, &mut legal, top, lower, following)?;
        let bracket = top | set;
        pairs.extend(first_pairing(round, bracket)?);
        unpaired &= !bracket;
    }
    Some(LiteralPairing { pairs, bye })
}

/// Every subset of `pool` with `k` members.
fn subsets(pool: &[usize], k: usize) -> Vec<Mask> {
    let mut out = Vec::new();
    fn rec(pool: &[usize], k: usize, start: usize, acc: Mask, out: &mut Vec<Mask>) {
        if k == 0 {
            out.push(acc);
            return;
        }
        for i in start..pool.len() {
            if pool.len() - i < k {
                break;
            }
            rec(pool, k - 1, i + 1, acc | bit(pool[i]), out);
        }
    }
    rec(pool, k, 0, 0, &mut out);
    out
}

/// 3.5: the set of upfloaters.
fn upfloaters(
    round: &LiteralRound,
    legal: &mut Legal,
    top: Mask,
    lower: Mask,
    following: Option<i64>,
) -> Option<Mask> {
    let e = &round.entrants;
    let pool = members(lower);
    let start = (top.count_ones() % 2) as usize;
    // C4: the fewest upfloaters with which a legal pairing exists (C1, C3); larger sets are
    // looked at only when no smaller one gives one.
    for k in (start..=pool.len()).step_by(2) {
        let legal_sets: Vec<Mask> = subsets(&pool, k)
            .into_iter()
            .filter(|&s| legal.pairable(top | s) && legal.pairable(lower & !s))
            .collect();
        if legal_sets.is_empty() {
            continue;
        }
        // C5: the upfloaters' scores taken in ascending order, as high as possible.
        let profile = |s: Mask| {
            let mut v: Vec<i64> = members(s).iter().map(|&i| e[i].score).collect();
            v.sort_unstable();
            v
        };
        let best_profile = legal_sets.iter().map(|&s| profile(s)).max()?;
        let sets: Vec<Mask> = legal_sets
            .into_iter()
            .filter(|&s| profile(s) == best_profile)
            .collect();
        // C6 (graded) and C7 as much as possible, in this order; then the order of 3.5.4.
        let key = |s: Mask, legal: &mut Legal| {
            let c6 = following_needs(round, legal, lower & !s, following);
            let c7 = if round.floats_count {
                members(s).iter().filter(|&&i| e[i].floated).count()
            } else {
                0
            };
            (c6, c7)
        };
        let keyed: Vec<((usize, usize), Mask)> = sets.iter().map(|&s| (key(s, legal), s)).collect();
        let best_key = keyed.iter().map(|(k, _)| *k).min()?;
        let order = |s: Mask| {
            let mut v: Vec<(std::cmp::Reverse<i64>, u32)> = members(s)
                .iter()
                .map(|&i| (std::cmp::Reverse(e[i].score), e[i].tpn))
                .collect();
            v.sort();
            v.into_iter().map(|(_, tpn)| tpn).collect::<Vec<u32>>()
        };
        return keyed
            .into_iter()
            .filter(|(k, _)| *k == best_key)
            .map(|(_, s)| s)
            .min_by_key(|&s| order(s));
    }
    None
}

/// C6: how many upfloaters the following scoregroup's bracket will need when `rest` is left
/// unpaired; 0 when that scoregroup has no participant left.
fn following_needs(
    round: &LiteralRound,
    legal: &mut Legal,
    rest: Mask,
    following: Option<i64>,
) -> usize {
    let e = &round.entrants;
    let Some(score) = following else { return 0 };
    let group: Mask = members(rest)
        .into_iter()
        .filter(|&i| e[i].score == score)
        .fold(0, |m, i| m | bit(i));
    if group == 0 {
        return 0;
    }
    let below: Vec<usize> = members(rest)
        .into_iter()
        .filter(|&i| e[i].score < score)
        .collect();
    let start = (group.count_ones() % 2) as usize;
    for k in (start..=below.len()).step_by(2) {
        let ok = subsets(&below, k)
            .into_iter()
            .any(|s| legal.pairable(group | s) && legal.pairable(rest & !group & !s));
        if ok {
            return k;
        }
    }
    usize::MAX
}

/// The cost of a pair under C8, C9 and C10 (team) or C8 (Double-Swiss, as C10's place).
fn pair_cost(round: &LiteralRound, a: usize, b: usize) -> (u32, u32, u32) {
    let e = &round.entrants;
    let (c8, c9) = (round.colour_cost)(a, b);
    // An upfloater's opponent: the higher-scored member of a pair with different scores.
    let higher = match e[a].score.cmp(&e[b].score) {
        std::cmp::Ordering::Greater => Some(a),
        std::cmp::Ordering::Less => Some(b),
        std::cmp::Ordering::Equal => None,
    };
    let c10 = u32::from(round.floats_count && higher.is_some_and(|h| e[h].floated));
    (c8, c9, c10)
}

type Cost = (u32, u32, u32);

fn add(a: Cost, b: Cost) -> Cost {
    (a.0 + b.0, a.1 + b.1, a.2 + b.2)
}

/// Memoised least costs: `free` for sets of members on whom nothing is decided yet (valid for
/// every later question), `local` for one question.
struct Costs {
    free: HashMap<Mask, Option<Cost>>,
    local: HashMap<Mask, Option<Cost>>,
    /// Members before this position have decided roles.
    decided: usize,
}

/// The least cost of pairing `mask` (positions in TPN order), where `top_ok[i]` /
/// `bottom_ok[i]` say whether `i` may be a top (smaller TPN) or bottom member; `None` when it
/// cannot be paired.
fn least_cost(
    round: &LiteralRound,
    order: &[usize],
    mask: Mask,
    top_ok: &[bool],
    bottom_ok: &[bool],
    memo: &mut Costs,
) -> Option<Cost> {
    if mask == 0 {
        return Some((0, 0, 0));
    }
    // The first one left is a top member: positions are in TPN order.
    let first = mask.trailing_zeros() as usize;
    let free = first >= memo.decided;
    let cached = if free {
        memo.free.get(&mask)
    } else {
        memo.local.get(&mask)
    };
    if let Some(&v) = cached {
        return v;
    }
    let rest = mask & !bit(first);
    let mut best: Option<Cost> = None;
    if top_ok[first] {
        for j in members(rest) {
            if !bottom_ok[j] || !round.can_meet[order[first]][order[j]] {
                continue;
            }
            if let Some(c) = least_cost(round, order, rest & !bit(j), top_ok, bottom_ok, memo) {
                let total = add(c, pair_cost(round, order[first], order[j]));
                if best.is_none_or(|b| total < b) {
                    best = Some(total);
                }
                // Nothing costs less than nothing.
                if total == (0, 0, 0) {
                    break;
                }
            }
        }
    }
    if free {
        memo.free.insert(mask, best);
    } else {
        memo.local.insert(mask, best);
    }
    best
}

/// 3.6: the first pairing, in identifier order, among those with the least cost.
fn first_pairing(round: &LiteralRound, bracket: Mask) -> Option<Vec<(usize, usize)>> {
    let e = &round.entrants;
    let mut order = members(bracket);
    order.sort_by_key(|&i| e[i].tpn);
    let m = order.len();
    let full: Mask = (1u64 << m) - 1;
    let mut top_ok = vec![true; m];
    let mut bottom_ok = vec![true; m];
    let mut memo = Costs {
        free: HashMap::new(),
        local: HashMap::new(),
        decided: 0,
    };
    let best = least_cost(round, &order, full, &top_ok, &bottom_ok, &mut memo)?;
    // The identifier starts with the top members in ascending order: the earliest members are
    // top members whenever a pairing of the least cost allows it.
    let mut tops = 0;
    for i in 0..m {
        memo.decided = i + 1;
        if tops < m / 2 {
            bottom_ok[i] = false;
            memo.local.clear();
            if least_cost(round, &order, full, &top_ok, &bottom_ok, &mut memo) == Some(best) {
                tops += 1;
                continue;
            }
            bottom_ok[i] = true;
        }
        top_ok[i] = false;
    }
    // Then the bottom member of each top member in turn, the smallest that keeps the cost.
    memo.local.clear();
    let mut fixed: Vec<(usize, usize)> = Vec::new();
    let mut left = full;
    let mut fixed_cost: Cost = (0, 0, 0);
    for t in 0..m {
        if bottom_ok[t] || left & bit(t) == 0 {
            continue;
        }
        let mut chosen = None;
        for b in t + 1..m {
            if left & bit(b) == 0 || top_ok[b] || !round.can_meet[order[t]][order[b]] {
                continue;
            }
            let cost = add(fixed_cost, pair_cost(round, order[t], order[b]));
            let rest = left & !bit(t) & !bit(b);
            if let Some(c) = least_cost(round, &order, rest, &top_ok, &bottom_ok, &mut memo) {
                if add(cost, c) == best {
                    chosen = Some((b, cost));
                    break;
                }
            }
        }
        let (b, cost) = chosen?;
        fixed_cost = cost;
        left &= !bit(t) & !bit(b);
        fixed.push((order[t], order[b]));
    }
    Some(fixed)
}
