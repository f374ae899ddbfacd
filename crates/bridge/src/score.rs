//! Scoring a whole session: every board's matchpoints (or IMPs), then the ranking.

use crate::imps::{cross_imps, datum, imps_exact, Datum};
use crate::matchpoints::{matchpoints, matchpoints_weighted, neuberg, top};
use crate::rational::Ratio;
use crate::session::{Artificial, Board, FieldKind, IntMap, PairId, Session, Slots, TableResult};

/// Matchpoint scale.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Scale {
    /// 2 per score beaten, 1 per tie, top 2(n−1) (WBF, EBU, FFB …).
    #[default]
    TwoPerBeat,
    /// 1 per score beaten, ½ per tie, top n−1 (ACBL).
    OnePerBeat,
}

/// How the tables' results are turned into points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    #[default]
    Matchpoints,
    /// Every result against every other; `average` divides by the number of comparisons.
    CrossImps { average: bool },
    /// IMPs against a datum.
    Butler(Datum),
}

/// How many results a board is expected to have, for Neuberg.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Expected {
    /// The largest number of traveller lines of any board (a board with fewer lines was
    /// played fewer times than the others).
    #[default]
    MostPlayed,
    /// Each board's own number of lines (only artificial and not-played lines, and fouled
    /// groups, cause Neuberg).
    Lines,
    /// A fixed number for every board.
    Fixed(u32),
}

/// How the groups of a fouled board (Law 87) are scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Fouled {
    /// Each group matchpointed on its own, then Neuberg to the full board.
    #[default]
    Neuberg,
    /// ACBL 1991: groups of 4 or more by the formula; a group of 3 by the formula only if it
    /// is the largest group, else 70/60/50 %; a group of 2 gets 65/55 %; a single score 60 %.
    AcblSmallGroups,
}

/// Artificial adjusted scores (Law 12C2), as percentages of the standard top.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Averages {
    pub plus: Ratio,
    pub average: Ratio,
    pub minus: Ratio,
    /// WBF Laws Committee option: Average+ is the pair's session percentage on its other
    /// boards if that is higher, Average− the session percentage if that is lower.
    pub session_limit: bool,
}

impl Default for Averages {
    fn default() -> Self {
        Averages {
            plus: Ratio::from_int(60),
            average: Ratio::from_int(50),
            minus: Ratio::from_int(40),
            session_limit: false,
        }
    }
}

/// Everything that changes how a session is scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    pub scale: Scale,
    pub method: Method,
    /// `None`: as the file says, or guessed from the pair numbers.
    pub field: Option<FieldKind>,
    pub expected: Expected,
    pub fouled: Fouled,
    pub averages: Averages,
    /// IMPs for an artificial score, per 10 % away from 50 % (3: Ave+ is +3 IMPs).
    pub imps_per_ten_percent: Ratio,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            scale: Scale::TwoPerBeat,
            method: Method::Matchpoints,
            field: None,
            expected: Expected::MostPlayed,
            fouled: Fouled::Neuberg,
            averages: Averages::default(),
            imps_per_ten_percent: Ratio::from_int(3),
        }
    }
}

/// The points of one traveller line. `None` for a pair that did not play the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ScoredLine {
    pub ns: Option<Ratio>,
    pub ew: Option<Ratio>,
}

/// One board's points, line by line in the traveller's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoredBoard {
    pub number: u32,
    /// Results expected (Neuberg's N).
    pub expected: u32,
    /// The standard top on the chosen scale (zero for IMPs).
    pub top: Ratio,
    pub lines: Vec<ScoredLine>,
}

impl ScoredBoard {
    /// Matchpoints as a percentage of this board's top (none for IMPs or a zero top).
    /// Computed when asked rather than stored: a 72,000-line session keeps less in memory.
    pub fn percent(&self, mp: Option<Ratio>) -> Option<Ratio> {
        let mp = mp?;
        (self.top > Ratio::ZERO).then(|| percent_of(mp, self.top))
    }

    /// North-South's percentage on line `i`.
    pub fn pct_ns(&self, i: usize) -> Option<Ratio> {
        self.percent(self.lines.get(i)?.ns)
    }

    /// East-West's percentage on line `i`.
    pub fn pct_ew(&self, i: usize) -> Option<Ratio> {
        self.percent(self.lines.get(i)?.ew)
    }
}

/// Which ranking a pair is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    NorthSouth,
    EastWest,
    All,
}

impl Field {
    pub fn label(self) -> &'static str {
        match self {
            Field::NorthSouth => "NS",
            Field::EastWest => "EW",
            Field::All => "ALL",
        }
    }
}

/// A pair's line in the ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub field: Field,
    pub pair: PairId,
    /// Total matchpoints or IMPs.
    pub total: Ratio,
    /// Sum of the tops of the boards the pair was scored on (matchpoints).
    pub top: Ratio,
    pub percent: Option<Ratio>,
    pub boards: u32,
    /// 1-based place; tied pairs share the best place.
    pub rank: u32,
    pub tied: bool,
}

/// A scored session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scored {
    pub field: FieldKind,
    pub scale: Scale,
    pub method: Method,
    pub boards: Vec<ScoredBoard>,
    /// By field, then by place, then by pair number.
    pub ranking: Vec<Standing>,
}

/// A side's view of a real result, higher is better: (score, weight) components.
fn side_parts(result: &TableResult, score_ns: impl Fn() -> i32, ew: bool) -> Vec<(i32, Ratio)> {
    let sign = if ew { -1 } else { 1 };
    match result {
        TableResult::Played(_) | TableResult::Assigned(_) => vec![(sign * score_ns(), Ratio::ONE)],
        TableResult::Weighted(parts) => parts.iter().map(|&(s, w)| (sign * s, w)).collect(),
        TableResult::Split { ns, ew: e } => {
            vec![(if ew { -*e } else { *ns }, Ratio::ONE)]
        }
        TableResult::Artificial { .. } | TableResult::NotPlayed => Vec::new(),
    }
}

/// The NS score of a plain real result (a contract, pass-out or assigned number).
fn plain_score(board: &Board, result: &TableResult) -> Option<i32> {
    match result {
        TableResult::Played(p) => Some(p.score_ns(board.vulnerability)),
        TableResult::Assigned(s) => Some(*s),
        _ => None,
    }
}

/// Scores every board and ranks the pairs.
pub fn score_session(session: &Session, opts: &Options) -> Scored {
    let field = opts.field.unwrap_or_else(|| session.field_kind());
    let most = session
        .boards
        .iter()
        .map(|b| b.lines.len() as u32)
        .max()
        .unwrap_or(0);
    let mut boards: Vec<ScoredBoard> = session
        .boards
        .iter()
        .map(|b| {
            let expected = b.expected.unwrap_or(match opts.expected {
                Expected::MostPlayed => most,
                Expected::Lines => b.lines.len() as u32,
                Expected::Fixed(n) => n,
            });
            match opts.method {
                Method::Matchpoints => score_board_mp(b, expected, opts.fouled),
                Method::CrossImps { average } => score_board_imps(b, None, average, expected),
                Method::Butler(rule) => score_board_imps(b, Some(rule), false, expected),
            }
        })
        .collect();
    let key = |f: Field, pair: PairId| match field {
        FieldKind::One => (Field::All, pair),
        FieldKind::Two => (f, pair),
    };
    // Artificial scores come last: with the session-limit option they depend on the pair's
    // percentage on its other boards.
    let mut real_totals: IntMap<(Field, PairId), (Ratio, Ratio)> = IntMap::default();
    if opts.method == Method::Matchpoints && opts.averages.session_limit {
        for (b, sb) in session.boards.iter().zip(&boards) {
            for (l, sl) in b.lines.iter().zip(&sb.lines) {
                if !l.result.is_real() {
                    continue;
                }
                for (f, pair, v) in [
                    (Field::NorthSouth, l.ns, sl.ns),
                    (Field::EastWest, l.ew, sl.ew),
                ] {
                    if let Some(v) = v {
                        let e = real_totals.entry(key(f, pair)).or_default();
                        e.0 += v;
                        e.1 += sb.top;
                    }
                }
            }
        }
    }
    let hundred = Ratio::from_int(100);
    for (b, sb) in session.boards.iter().zip(boards.iter_mut()) {
        for (l, sl) in b.lines.iter().zip(sb.lines.iter_mut()) {
            let TableResult::Artificial { ns, ew } = l.result else {
                continue;
            };
            for (f, pair, art, slot) in [
                (Field::NorthSouth, l.ns, ns, &mut sl.ns),
                (Field::EastWest, l.ew, ew, &mut sl.ew),
            ] {
                let mut pct = match art {
                    Artificial::AveragePlus => opts.averages.plus,
                    Artificial::Average => opts.averages.average,
                    Artificial::AverageMinus => opts.averages.minus,
                    Artificial::Percent(p) => p,
                };
                if opts.averages.session_limit {
                    if let Some(&(mp, t)) = real_totals.get(&key(f, pair)) {
                        if t > Ratio::ZERO {
                            let own = mp / t * hundred;
                            match art {
                                Artificial::AveragePlus if own > pct => pct = own,
                                Artificial::AverageMinus if own < pct => pct = own,
                                _ => {}
                            }
                        }
                    }
                }
                match opts.method {
                    Method::Matchpoints => {
                        *slot = Some(pct / hundred * sb.top);
                    }
                    _ => {
                        let imps = (pct - Ratio::from_int(50)) / Ratio::from_int(10)
                            * opts.imps_per_ten_percent;
                        *slot = Some(imps);
                    }
                }
            }
        }
    }
    if opts.scale == Scale::OnePerBeat && opts.method == Method::Matchpoints {
        let half = Ratio::new(1, 2);
        for sb in &mut boards {
            sb.top = sb.top * half;
            for sl in &mut sb.lines {
                sl.ns = sl.ns.map(|v| v * half);
                sl.ew = sl.ew.map(|v| v * half);
            }
        }
    }
    let ranking = rank(session, &boards, field, opts.method);
    Scored {
        field,
        scale: opts.scale,
        method: opts.method,
        boards,
        ranking,
    }
}

/// Matchpoints of one board on the two-point scale, Neuberg to `expected`.
fn score_board_mp(board: &Board, expected: u32, fouled: Fouled) -> ScoredBoard {
    let top2 = top(expected);
    let mut lines = vec![ScoredLine::default(); board.lines.len()];
    let mut groups: Vec<u8> = board.lines.iter().map(|l| l.group).collect();
    groups.sort_unstable();
    groups.dedup();
    let group_size = |g: u8| {
        board
            .lines
            .iter()
            .filter(|l| l.group == g && l.result.is_real())
            .count()
    };
    let largest = groups.iter().map(|&g| group_size(g)).max().unwrap_or(0);
    let is_fouled = groups.len() > 1;
    for g in groups {
        let members: Vec<usize> = (0..board.lines.len())
            .filter(|&i| board.lines[i].group == g && board.lines[i].result.is_real())
            .collect();
        let n = members.len() as u32;
        if n == 0 {
            continue;
        }
        let plain: Option<Vec<i32>> = members
            .iter()
            .map(|&i| plain_score(board, &board.lines[i].result))
            .collect();
        for ew in [false, true] {
            let raw: Vec<Ratio> = match &plain {
                Some(scores) => {
                    let side: Vec<i32> = if ew {
                        scores.iter().map(|s| -s).collect()
                    } else {
                        scores.clone()
                    };
                    matchpoints(&side)
                        .into_iter()
                        .map(Ratio::from_int)
                        .collect()
                }
                None => {
                    let parts: Vec<Vec<(i32, Ratio)>> = members
                        .iter()
                        .map(|&i| {
                            let r = &board.lines[i].result;
                            side_parts(r, || plain_score(board, r).unwrap_or(0), ew)
                        })
                        .collect();
                    matchpoints_weighted(&parts)
                }
            };
            // ACBL 1991: small groups of a fouled board get fixed percentages by rank.
            let fixed: Option<&[i64]> = match (fouled, is_fouled, n) {
                (Fouled::AcblSmallGroups, true, 1) => Some(&[60]),
                (Fouled::AcblSmallGroups, true, 2) => Some(&[65, 55]),
                (Fouled::AcblSmallGroups, true, 3) if (n as usize) < largest => Some(&[70, 60, 50]),
                _ => None,
            };
            let by_rank = fixed.map(|p| ranked_percentages(&raw, p));
            for (k, (&i, mp)) in members.iter().zip(raw.iter().copied()).enumerate() {
                let v = match &by_rank {
                    Some(pcts) => pcts[k] * top2 / Ratio::from_int(100),
                    None => neuberg(mp, n, expected),
                };
                if ew {
                    lines[i].ew = Some(v);
                } else {
                    lines[i].ns = Some(v);
                }
            }
        }
    }
    ScoredBoard {
        number: board.number,
        expected,
        top: top2,
        lines,
    }
}

/// Fixed percentages by rank (best first); tied results share the average of their places.
fn ranked_percentages(raw: &[Ratio], by_place: &[i64]) -> Vec<Ratio> {
    raw.iter()
        .map(|&mp| {
            let better = raw.iter().filter(|&&o| o > mp).count();
            let tied = raw.iter().filter(|&&o| o == mp).count();
            let sum: i64 = by_place[better..better + tied].iter().sum();
            Ratio::new(i128::from(sum), tied as i128)
        })
        .collect()
}

/// `100 · v / top` in one reduction.
fn percent_of(v: Ratio, top: Ratio) -> Ratio {
    Ratio::new(v.numer() * 100 * top.denom(), v.denom() * top.numer())
}

/// Cross-IMPs (`datum == None`) or Butler IMPs of one board, group by group.
fn score_board_imps(
    board: &Board,
    datum_rule: Option<Datum>,
    average: bool,
    expected: u32,
) -> ScoredBoard {
    let mut lines = vec![ScoredLine::default(); board.lines.len()];
    let mut groups: Vec<u8> = board.lines.iter().map(|l| l.group).collect();
    groups.sort_unstable();
    groups.dedup();
    for g in groups {
        let members: Vec<usize> = (0..board.lines.len())
            .filter(|&i| board.lines[i].group == g && board.lines[i].result.is_real())
            .collect();
        if members.is_empty() {
            continue;
        }
        for ew in [false, true] {
            let parts: Vec<Vec<(i32, Ratio)>> = members
                .iter()
                .map(|&i| {
                    let r = &board.lines[i].result;
                    side_parts(r, || plain_score(board, r).unwrap_or(0), ew)
                })
                .collect();
            let values: Vec<Ratio> = match datum_rule {
                None => {
                    let sums = cross_imps(&parts);
                    let k = members.len() as i64 - 1;
                    if average && k > 0 {
                        sums.into_iter().map(|s| s / Ratio::from_int(k)).collect()
                    } else {
                        sums
                    }
                }
                Some(rule) => {
                    // The datum comes from NS's side; EW's view is its negation.
                    let ns_parts: Vec<Vec<(i32, Ratio)>> = members
                        .iter()
                        .map(|&i| {
                            let r = &board.lines[i].result;
                            side_parts(r, || plain_score(board, r).unwrap_or(0), false)
                        })
                        .collect();
                    let means: Vec<Ratio> = ns_parts
                        .iter()
                        .map(|p| p.iter().map(|&(s, w)| w * Ratio::from_int(s.into())).sum())
                        .collect();
                    let d = datum(&means, rule);
                    let d = if ew { -d } else { d };
                    parts
                        .iter()
                        .map(|p| {
                            p.iter()
                                .map(|&(s, w)| {
                                    w * Ratio::from_int(
                                        imps_exact(Ratio::from_int(s.into()) - d).into(),
                                    )
                                })
                                .sum()
                        })
                        .collect()
                }
            };
            for (&i, v) in members.iter().zip(values) {
                if ew {
                    lines[i].ew = Some(v);
                } else {
                    lines[i].ns = Some(v);
                }
            }
        }
    }
    ScoredBoard {
        number: board.number,
        expected,
        top: Ratio::ZERO,
        lines,
    }
}

/// Totals per pair and places with ties.
fn rank(
    session: &Session,
    boards: &[ScoredBoard],
    field: FieldKind,
    method: Method,
) -> Vec<Standing> {
    let max_pair = session
        .boards
        .iter()
        .flat_map(|b| &b.lines)
        .map(|l| u128::from(l.ns.max(l.ew)))
        .max()
        .unwrap_or(0);
    // (field, pair) -> index into `totals`, in order of first appearance.
    let mut index: Slots<u32> = Slots::new(3 * (max_pair + 1));
    // ((field, pair), (total, tops, boards))
    type Total = ((Field, PairId), (Ratio, Ratio, u32));
    let mut totals: Vec<Total> = Vec::new();
    for (b, sb) in session.boards.iter().zip(boards) {
        for (l, sl) in b.lines.iter().zip(&sb.lines) {
            for (f, pair, v) in [
                (Field::NorthSouth, l.ns, sl.ns),
                (Field::EastWest, l.ew, sl.ew),
            ] {
                let Some(v) = v else { continue };
                let f = if field == FieldKind::One {
                    Field::All
                } else {
                    f
                };
                let k = f as u128 * (max_pair + 1) + u128::from(pair);
                let i = match index.get(k) {
                    Some(i) => i as usize,
                    None => {
                        index.insert(k, totals.len() as u32);
                        totals.push(((f, pair), Default::default()));
                        totals.len() - 1
                    }
                };
                let e = &mut totals[i].1;
                e.0 += v;
                e.1 += sb.top;
                e.2 += 1;
            }
        }
    }
    let hundred = Ratio::from_int(100);
    let mut rows: Vec<Standing> = totals
        .into_iter()
        .map(|((f, pair), (total, top, boards))| Standing {
            field: f,
            pair,
            total,
            top,
            percent: (method == Method::Matchpoints && top > Ratio::ZERO)
                .then(|| total / top * hundred),
            boards,
            rank: 0,
            tied: false,
        })
        .collect();
    // Matchpoints rank by percentage (pairs may have different tops), IMPs by total.
    let merit = |s: &Standing| s.percent.unwrap_or(s.total);
    rows.sort_by(|a, b| {
        a.field
            .cmp(&b.field)
            .then(merit(b).cmp(&merit(a)))
            .then(a.pair.cmp(&b.pair))
    });
    let mut i = 0;
    // Where the current field's rows start, kept as we go: searching back for it at each
    // place was quadratic (100,000 pairs with distinct totals took 20 s).
    let mut first_of_field = 0;
    while i < rows.len() {
        let mut j = i + 1;
        while j < rows.len() && rows[j].field == rows[i].field && merit(&rows[j]) == merit(&rows[i])
        {
            j += 1;
        }
        if rows[i].field != rows[first_of_field].field {
            first_of_field = i;
        }
        let place = (i - first_of_field + 1) as u32;
        for r in &mut rows[i..j] {
            r.rank = place;
            r.tied = j - i > 1;
        }
        i = j;
    }
    rows
}
