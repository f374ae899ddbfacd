//! Bracket-by-bracket pairing on one matching graph (Dutch Art. 3–4, dutch.md §12.3).
//!
//! Every participant still unpaired stays in the graph, so completion (C4) is part of every
//! solve. For the current bracket the edges carry the criteria fields; the engine first fixes
//! which moved-down players (MDPs) are paired (3.2, 4.4) and against whom (the MDP-pairing,
//! 3.3), then which residents are exchanged between S1 and S2 (4.3), then the pairs of the
//! remainder in S1 order (4.2). Each decision is frozen in the graph before the next solve.
//!
//! ```
//! use pairing::dutch::brackets::Compatibility; // shared with the other systems (crate::swiss)
//! // Which pairs the absolute criteria allow, by participant index.
//! let mut c = Compatibility::new(3);
//! c.allow(0, 2);
//! assert!(c.allowed(2, 0));
//! assert!(!c.allowed(0, 1));
//! ```

use std::collections::HashMap;

use super::solver::Solver;
use super::state::Participant;
use super::weights::{BracketWeights, Layout, Wide};
pub use crate::swiss::compat::Compatibility;

/// Options that reproduce variants of the reference behaviour.
#[derive(Debug, Clone, Copy)]
pub struct Variant {
    /// Use the real number of played games for C9 (otherwise every player counts as having
    /// played none, so C9 never separates candidates).
    pub c9_played_games: bool,
    /// Rank C9 candidates so that the players with the most games are kept unpaired.
    pub c9_descending: bool,
    /// Keep the players below the current bracket and the next scoregroup outside the graph
    /// when that provably changes nothing (see [`super::window`]); off, the graph always holds
    /// every unpaired player.
    pub windows: bool,
    /// Pair a round without history directly (round_one.rs) rather than on the graph.
    pub direct: bool,
    /// In the S1 loop, skip the solves that the solver's duals show would change nothing
    /// ([`super::solver::Solver::edge_slack`]); off, solve whenever an S1 player's mate is not the
    /// first opponent allowed.
    pub dual_skips: bool,
}

impl Default for Variant {
    /// The behaviour of the reference engine that made the conformance corpus.
    fn default() -> Self {
        Variant {
            c9_played_games: true,
            c9_descending: true,
            windows: true,
            direct: true,
            dual_skips: true,
        }
    }
}

/// The most memory the pairing of one round may take, in bytes: a round whose pairing could
/// need more is refused (`BeyondLimits`) before the allocation that could pass it.
pub const MAX_PAIRING_BYTES: u64 = 4 << 30;

/// An upper bound on the bytes the engine holds for one bracket of `members` players besides
/// its matching graph, when a window may carry the weights among its first `kept` members: the
/// base weights of the pairs below the moved-down players (`BaseWeights`: half a square of
/// 4-byte indices and a table of distinct weights, built through a table of at most
/// [`CLASS_PAIRS`] indices by the members' classes), and at the same time at most one of
/// - the freeze's proposal (`in_order_proposal`): at most [`PROPOSAL_CLASSES`] classes of
///   lowers, each with a weight per upper, and per type of uppers a weight and a count per
///   class;
/// - the weights a window carries into its new graph (`Windowed::rebuild`): the pairs among
///   the first `kept` members, with two indices.
///
/// Both grow with the members times a constant, or with the kept members only, so that the
/// dense matrices alone grow with the square of the bracket.
pub fn bracket_table_bytes<const L: usize>(members: usize, kept: usize) -> u64 {
    let s = members as u64;
    let k = kept.min(members) as u64;
    let w = std::mem::size_of::<Wide<L>>() as u64;
    let pairs = s * s.saturating_sub(1) / 2;
    let classes = (s * s).min(CLASS_PAIRS as u64) * 4 + s * 96;
    let base = pairs * 4 + s * 24 + BASE_VALUES as u64 * (2 * w + 16) + classes;
    let proposal = PROPOSAL_CLASSES as u64 * s * (2 * w + 4) + s * 512;
    let carry = k * k.saturating_sub(1) / 2 * (w + 8);
    base + proposal.max(carry)
}

/// How much memory the pairing of a round may still take for its graphs and bracket tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoryLimit {
    /// The bytes held whatever the brackets: the participants, the compatibility bits of every
    /// pair and their copies ([`round_fixed_bytes`]).
    pub fixed: u64,
    /// Solvers held at once (three with `--explain`: the engine's, a copy of the graph before
    /// each choice and a copy that tries the preferred opponent).
    pub copies: u64,
}

impl MemoryLimit {
    /// No limit (for tests of the window mechanics).
    pub const NONE: MemoryLimit = MemoryLimit {
        fixed: 0,
        copies: 0,
    };

    /// The limit of a round of `n` participants with `played_rounds` rounds of history,
    /// `explain` when the engine records its choices.
    pub fn for_round(n: usize, played_rounds: u32, explain: bool) -> MemoryLimit {
        let copies = if explain { 3 } else { 1 };
        MemoryLimit {
            fixed: round_fixed_bytes(n, played_rounds, copies),
            copies,
        }
    }

    /// An upper bound on the bytes held while a bracket of `members` players is paired on a
    /// graph of `graph` vertices of solver kind `S`, the weights among its first `kept` members
    /// carried from the last graph: `Err` with that bound when it is over
    /// [`MAX_PAIRING_BYTES`].
    pub fn check<const L: usize, S: Solver<L>>(
        &self,
        graph: usize,
        members: usize,
        kept: usize,
    ) -> Result<u64, u64> {
        if self.copies == 0 {
            return Ok(0);
        }
        let need = self
            .copies
            .saturating_mul(S::memory_bound(graph))
            .saturating_add(bracket_table_bytes::<L>(members, kept))
            .saturating_add(self.fixed);
        if need > MAX_PAIRING_BYTES {
            Err(need)
        } else {
            Ok(need)
        }
    }
}

/// The bytes a round's pairing holds whatever its brackets: the compatibility bits of every
/// pair (the prepared round's, the window solver's copy and its copies), the participants
/// (twice: the engine keeps a copy for C9's ranks) with their colour histories, and the
/// engine's per-participant lists.
pub fn round_fixed_bytes(n: usize, played_rounds: u32, copies: u64) -> u64 {
    let n = n as u64;
    let compat = (n * n).div_ceil(64) * 8;
    compat * (1 + copies) + n * (2048 + 2 * played_rounds as u64)
}

/// The result: each participant's opponent (by participant index), `None` for the PAB.
pub type Mates = Vec<Option<usize>>;

/// A choice where the highest-ranked possible opponent was not taken, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The player choosing (participant index): an MDP or an S1 player of the remainder.
    pub player: usize,
    /// The highest-ranked compatible opponent still free.
    pub preferred: usize,
    /// The opponent chosen.
    pub chosen: usize,
    /// The criterion that ruled out `preferred` (see [`Layout::criterion_between`]).
    pub criterion: &'static str,
}

/// One bracket as it was paired.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BracketTrace {
    /// Pairing score of the resident scoregroup.
    pub score: i32,
    /// Moved-down players received (participant indices).
    pub moved_down: Vec<usize>,
    pub residents: Vec<usize>,
    /// Players left unpaired, who move down to the next bracket.
    pub downfloaters: Vec<usize>,
}

/// What the engine decided along the way, for `--explain`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Trace {
    pub brackets: Vec<BracketTrace>,
    pub choices: Vec<Choice>,
    /// Pairing score of the PAB receiver (C5), when there is a PAB.
    pub bye_score: Option<i32>,
    /// C9 was in force for the bracket that produced the PAB receiver.
    pub c9_applied: bool,
}

/// Why the bracket procedure stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// The absolute criteria leave no complete pairing.
    NoValidPairing,
    /// The procedure could not make progress (should not happen).
    Stuck,
    /// Pairing a bracket could need this many bytes, more than [`MAX_PAIRING_BYTES`].
    TooLarge(u64),
}

struct Engine<'a, const L: usize, S: Solver<L>> {
    parts: &'a [Participant],
    layout: Layout,
    solver: S,
    trace: Option<&'a mut Trace>,
}

impl<const L: usize, S: Solver<L>> Engine<'_, L, S> {
    /// The solver's matching with unmatched vertices mapped to themselves.
    fn matching(&self) -> Vec<usize> {
        (0..self.parts.len())
            .map(|v| self.solver.mate(v).unwrap_or(v))
            .collect()
    }

    fn solve(&mut self) -> Result<Vec<usize>, Failure> {
        self.solver.solve();
        if let Some(bytes) = self.solver.refused() {
            return Err(Failure::TooLarge(bytes));
        }
        Ok(self.matching())
    }

    /// Total weight of a matching under the solver's current weights.
    fn total(&self, solver: &S, mates: &[usize]) -> Wide<L> {
        let mut total = Wide::ZERO;
        for (v, &m) in mates.iter().enumerate() {
            if m > v {
                total.add(&solver.weight(v, m));
            }
        }
        total
    }

    /// In explain mode, a copy of the graph before a choice, with its optimal matching.
    fn snapshot(&self, stable: &[usize]) -> Option<(S, Vec<usize>)> {
        self.trace
            .as_ref()
            .map(|_| (self.solver.clone(), stable.to_vec()))
    }

    /// Records why `player` got `chosen` rather than `preferred`: solves the graph as it was
    /// before the choice with that pair forced, and compares the criteria field by field.
    fn record_choice(
        &mut self,
        before: Option<(S, Vec<usize>)>,
        player: usize,
        preferred: Option<usize>,
        chosen: usize,
    ) {
        let (Some((solver, best)), Some(preferred)) = (before, preferred) else {
            return;
        };
        if chosen == preferred {
            return;
        }
        let mut forced = solver.clone();
        for x in 0..self.parts.len() {
            if x != player && x != preferred {
                forced.set_edge(player, x, Wide::ZERO);
                forced.set_edge(preferred, x, Wide::ZERO);
            }
        }
        forced.solve();
        let forced_mates: Vec<usize> = (0..self.parts.len())
            .map(|v| forced.mate(v).unwrap_or(v))
            .collect();
        let criterion = if forced_mates[player] != preferred {
            "C4 (the rest of the round could not be completed)"
        } else {
            let best = self.total(&solver, &best);
            let alternative = self.total(&forced, &forced_mates);
            self.layout.criterion_between(&best, &alternative)
        };
        if let Some(t) = self.trace.as_deref_mut() {
            t.choices.push(Choice {
                player,
                preferred,
                chosen,
                criterion,
            });
        }
    }

    /// Fixes the pair (a, b), matched in the current solution: every other edge at a or b
    /// disappears, so every later solution contains it. Only unmatched edges change, so the
    /// current matching stays optimal and the solver has nothing to repair.
    ///
    /// When the solver lists the edges at `a` and `b`, only those are cleared, in the same
    /// order: clearing any other pair changes nothing.
    fn finalize_pair(&mut self, a: usize, b: usize) {
        let mut edges = Vec::new();
        if self.solver.edges_at(a, &mut edges) && self.solver.edges_at(b, &mut edges) {
            edges.sort_unstable();
            edges.dedup();
        } else {
            edges = (0..self.parts.len()).collect();
        }
        for x in edges {
            if x != a && x != b {
                self.solver.set_edge(a, x, Wide::ZERO);
                self.solver.set_edge(b, x, Wide::ZERO);
            }
        }
    }
}

/// Whether each of `members` (ascending) is compatible with at least `need` of them.
fn degrees_within(compat: &Compatibility, members: &[usize], need: usize) -> bool {
    let Some(&last) = members.last() else {
        return true;
    };
    // The residents are one run of consecutive indices at the end; moved-down players before.
    let mut run_start = members.len() - 1;
    while run_start > 0 && members[run_start - 1] + 1 == members[run_start] {
        run_start -= 1;
    }
    let (scattered, run) = members.split_at(run_start);
    members.iter().all(|&v| {
        let degree = compat.count_in(v, run[0], last + 1) as usize
            + scattered.iter().filter(|&&u| compat.allowed(v, u)).count();
        degree >= need
    })
}

/// Whether a bracket (`members`: any moved-down players, then a scoregroup) surely pairs
/// completely within itself: an even count of at least four, each compatible with at least
/// half of them, has a Hamiltonian cycle (Dirac), hence a perfect matching.
fn pairs_within(compat: &Compatibility, members: &[usize]) -> bool {
    let m = members.len();
    m.is_multiple_of(2) && m >= 4 && degrees_within(compat, members, m / 2)
}

/// Whether the players from `start` on surely pair among themselves, less one PAB candidate
/// (`candidate`) when `odd`: Dirac's test on that tail, as the window applies it.
fn tail_completes(
    compat: &Compatibility,
    start: usize,
    n: usize,
    odd: bool,
    candidate: impl Fn(usize) -> bool,
) -> bool {
    if odd && !(start..n).any(candidate) {
        return false;
    }
    let m = n - start - odd as usize;
    m == 0
        || (m >= 4
            && (start..n).all(|v| compat.count_in(v, start, n) as usize >= m / 2 + odd as usize))
}

/// For an odd bracket, a player of the next scoregroup (`first..group_end`) who can stand in
/// for the whole group: the first one compatible with every member, when
/// - whoever floats, the rest of the bracket pairs completely (Dirac on the bracket less any
///   one player), so exactly one player floats (C6);
/// - the floater is compatible with the stand-in, and the group less the stand-in still pairs
///   completely but for one at most (Dirac again), so the next bracket has as many pairs
///   whoever floats (C8's count);
/// - the floater's edge to the stand-in weighs what its edge to any other player of the group
///   would above the completion field (C8's score is the floater's).
///
/// So the choice of the floater, and every other choice in the bracket, is the same with the
/// group in the graph or with the stand-in alone.
fn stand_in_for(
    compat: &Compatibility,
    members: &[usize],
    first: usize,
    group_end: usize,
) -> Option<usize> {
    let (m, g) = (members.len(), group_end - first);
    let fits = m % 2 == 1
        && m >= 5
        && g >= 5
        && degrees_within(compat, members, m.div_ceil(2))
        && (first..group_end).all(|x| compat.count_in(x, first, group_end) as usize > g / 2);
    if !fits {
        return None;
    }
    (first..group_end).find(|&x| members.iter().all(|&v| compat.allowed(v, x)))
}

/// The most distinct base weights a bracket keeps in its table; pairs whose weight is not
/// among them are computed again when read. It bounds the table by the number of pairs times
/// four bytes, whatever the weights.
pub const BASE_VALUES: usize = 1 << 16;

/// The most pairs of classes (see [`BaseWeights::new`]) a bracket keeps a weight index for:
/// 16 MB of indices. Past it every allowed pair's weight is computed (as when the classes are
/// not known).
const CLASS_PAIRS: usize = 1 << 22;

/// The base weights of a bracket's pairs (below the moved-down players), by member positions
/// `h < l`. Edge weights depend only on a few facts about the two players (score, colour
/// state, floats, PAB candidacy), so a bracket has few distinct ones: each pair keeps the
/// index of its weight in a table of at most [`BASE_VALUES`] values, 4 bytes instead of a
/// whole weight; index 0 is the zero weight (no edge, or a pair ruled out), `u32::MAX` a
/// weight to compute again.
struct BaseWeights<const L: usize> {
    rows: Vec<Vec<u32>>,
    values: Vec<Wide<L>>,
}

impl<const L: usize> BaseWeights<L> {
    const COMPUTE: u32 = u32::MAX;
    /// A pair of classes whose weight is not known yet.
    const UNKNOWN: u32 = u32::MAX - 1;

    /// Rows `first..size`, row `l` holding the weights `compute(l, h)` for `h < l`.
    ///
    /// `classes`, when given, puts each member in a class (`classes[m] < count`) such that
    /// `compute(l, h)` is the same for every allowed pair of the same two classes and zero for a
    /// pair not `allowed`: each pair of classes is then computed once, and every other pair is
    /// a bit test and a table lookup rather than a weight built and hashed.
    fn new(
        size: usize,
        first: usize,
        classes: Option<(&[u32], usize)>,
        allowed: impl Fn(usize, usize) -> bool,
        compute: impl Fn(usize, usize) -> Wide<L>,
    ) -> Self {
        let classes = classes.filter(|&(_, count)| count.saturating_mul(count) <= CLASS_PAIRS);
        let mut by_class = match classes {
            Some((_, count)) => vec![Self::UNKNOWN; count * count],
            None => Vec::new(),
        };
        let mut values = vec![Wide::ZERO];
        let mut index: HashMap<Wide<L>, u32> = HashMap::new();
        let mut intern = |w: Wide<L>| -> u32 {
            if w.is_zero() {
                return 0;
            }
            if let Some(&i) = index.get(&w) {
                return i;
            }
            if values.len() == BASE_VALUES {
                return Self::COMPUTE;
            }
            values.push(w);
            index.insert(w, values.len() as u32 - 1);
            values.len() as u32 - 1
        };
        let mut rows = vec![Vec::new(); size];
        for (l, row) in rows.iter_mut().enumerate().skip(first) {
            *row = match classes {
                Some((class, count)) => {
                    let lower = class[l] as usize;
                    (0..l)
                        .map(|h| {
                            if !allowed(l, h) {
                                return 0;
                            }
                            let key = class[h] as usize * count + lower;
                            if by_class[key] == Self::UNKNOWN {
                                by_class[key] = intern(compute(l, h));
                            }
                            by_class[key]
                        })
                        .collect()
                }
                None => (0..l).map(|h| intern(compute(l, h))).collect(),
            };
        }
        BaseWeights { rows, values }
    }

    /// The weight of the pair (`l`, `h`), zero outside the table.
    fn get(&self, l: usize, h: usize, compute: impl Fn(usize, usize) -> Wide<L>) -> Wide<L> {
        match self.rows.get(l).and_then(|row| row.get(h)) {
            None | Some(0) => Wide::ZERO,
            Some(&Self::COMPUTE) => compute(l, h),
            Some(&i) => self.values[i as usize],
        }
    }

    /// Rules the pair (`l`, `h`) out.
    fn clear(&mut self, l: usize, h: usize) {
        if let Some(x) = self.rows.get_mut(l).and_then(|row| row.get_mut(h)) {
            *x = 0;
        }
    }
}

/// Classes a lower player is tried against in [`in_order_proposal`] before it starts a class
/// of its own: bounds the search when the lowers differ widely.
const CLASS_TRIES: usize = 32;

/// The most classes of lowers [`in_order_proposal`] makes before it gives up (then nothing is
/// proposed; the proposal only speeds the solves up). It bounds the proposal's tables by the
/// bracket's size times a constant rather than its square.
pub const PROPOSAL_CLASSES: usize = 128;

/// After the S1/S2 split is frozen: a guess at the pairs the S1 loop will settle on, built
/// from the current upper–lower pairs without losing on any criterion.
///
/// Lowers fall into classes that every upper sees alike: each upper gives two lowers of a
/// class the same weight or rules one of them out (a rematch, say; in a bracket of round-one
/// draws every player has a different forbidden opponent, so exact columns would put every
/// lower in a class of its own). Uppers that see every class alike form a type. Pairings with
/// as many pairs between each type and each class as the current one are as good on every
/// criterion, so each upper in order takes the first lower left in a class its type still has
/// pairs with. The freeze ranks the lowers by this guess for the solver's order hint, and
/// proposes it to the solver as a start. `base(l, h)` is the frozen weight of the member
/// positions `h < l`, `remainder` the member positions of the remainder, `stable` the current
/// mates by participant.
fn in_order_proposal<const L: usize>(
    base: impl Fn(usize, usize) -> Wide<L>,
    remainder: &[usize],
    is_upper: &[bool],
    members: &[usize],
    stable: &[usize],
) -> Vec<(usize, usize)> {
    let uppers: Vec<usize> = (0..remainder.len()).filter(|&i| is_upper[i]).collect();
    // Weight between upper and lower remainder indices (zero unless the upper ranks higher).
    let weight = |u: usize, l: usize| -> Wide<L> {
        let (p, o) = (remainder[u], remainder[l]);
        if p < o {
            base(o, p)
        } else {
            Wide::ZERO
        }
    };
    // Each class keeps its lowers and, per upper, the one non-zero weight its lowers may have
    // (zero while none has any).
    struct Class<const L: usize> {
        lowers: Vec<usize>,
        column: Vec<Wide<L>>,
    }
    let mut classes: Vec<Class<L>> = Vec::new();
    // Most recently joined first, so that runs of alike lowers find their class at once.
    let mut recent: Vec<usize> = Vec::new();
    for l in (0..remainder.len()).filter(|&i| !is_upper[i]) {
        let column: Vec<Wide<L>> = uppers.iter().map(|&u| weight(u, l)).collect();
        let fits = |class: &Class<L>| {
            class
                .column
                .iter()
                .zip(&column)
                .all(|(a, b)| a.is_zero() || b.is_zero() || a == b)
        };
        let found = recent
            .iter()
            .take(CLASS_TRIES)
            .position(|&c| fits(&classes[c]));
        let c = match found {
            Some(i) => {
                let c = recent.remove(i);
                let class = &mut classes[c];
                for (a, b) in class.column.iter_mut().zip(&column) {
                    if a.is_zero() {
                        *a = *b;
                    }
                }
                class.lowers.push(l);
                c
            }
            None if classes.len() == PROPOSAL_CLASSES => return Vec::new(),
            None => {
                classes.push(Class {
                    lowers: vec![l],
                    column,
                });
                classes.len() - 1
            }
        };
        recent.insert(0, c);
    }
    let position: HashMap<usize, usize> = remainder
        .iter()
        .enumerate()
        .map(|(i, &m)| (members[m], i))
        .collect();
    let class_of: HashMap<usize, usize> = classes
        .iter()
        .enumerate()
        .flat_map(|(c, class)| class.lowers.iter().map(move |&l| (l, c)))
        .collect();
    let mut types: HashMap<Vec<Wide<L>>, usize> = HashMap::new();
    // Per upper index: its type; per type and class: pairs left.
    let mut type_of: Vec<usize> = vec![usize::MAX; uppers.len()];
    let mut quota: Vec<Vec<u32>> = Vec::new();
    // Per class: its lowers paired with an upper now, in order.
    let mut lows: Vec<Vec<usize>> = vec![Vec::new(); classes.len()];
    for (i, &u) in uppers.iter().enumerate() {
        let Some(&l) = position.get(&stable[members[remainder[u]]]) else {
            continue;
        };
        let Some(&c) = class_of.get(&l) else {
            continue;
        };
        let row: Vec<Wide<L>> = classes.iter().map(|class| class.column[i]).collect();
        let next = types.len();
        let t = *types.entry(row).or_insert(next);
        if t == quota.len() {
            quota.push(vec![0; classes.len()]);
        }
        type_of[i] = t;
        quota[t][c] += 1;
        lows[c].push(l);
    }
    for list in &mut lows {
        list.sort_unstable();
    }
    let mut taken: Vec<Vec<bool>> = lows.iter().map(|list| vec![false; list.len()]).collect();
    // Per class: lowers before this index are all taken.
    let mut first_free: Vec<usize> = vec![0; classes.len()];
    let mut proposal = Vec::new();
    for (i, &u) in uppers.iter().enumerate() {
        let t = type_of[i];
        if t == usize::MAX {
            continue;
        }
        let mut best: Option<(usize, usize)> = None;
        for c in 0..classes.len() {
            if quota[t][c] == 0 {
                continue;
            }
            while first_free[c] < lows[c].len() && taken[c][first_free[c]] {
                first_free[c] += 1;
            }
            // The first lower left in the class that this upper may meet (a class is alike
            // for its type but for ruled-out pairs).
            let found = (first_free[c]..lows[c].len())
                .find(|&j| !taken[c][j] && !weight(u, lows[c][j]).is_zero());
            if let Some(j) = found {
                if best.is_none_or(|(bc, bj)| lows[c][j] < lows[bc][bj]) {
                    best = Some((c, j));
                }
            }
        }
        // An upper that finds none is left to the solver.
        if let Some((c, j)) = best {
            taken[c][j] = true;
            quota[t][c] -= 1;
            proposal.push((members[remainder[u]], members[remainder[lows[c][j]]]));
        }
    }
    proposal
}

/// Pairs the sorted participants (`parts` in pairing order: score, then rank).
///
/// Before each bracket, the round's [`MemoryLimit`] bounds what its graph and tables will hold
/// ([`MemoryLimit::check`]): a bracket that could need more stops the round with
/// [`Failure::TooLarge`] before anything is allocated for it.
///
/// `robust` says that the whole round is known to be completable with any PAB candidate left
/// out ([`super::window::whole_round_is_robust`]): the whole-round pre-check is then
/// skipped and the solver may keep the players below each window implicit.
pub fn pair_brackets<'a, const L: usize, S: Solver<L>>(
    parts: &'a [Participant],
    compat: &Compatibility,
    layout: Layout,
    solver: S,
    variant: Variant,
    trace: Option<&'a mut Trace>,
    robust: bool,
) -> Result<Mates, Failure> {
    let n = parts.len();
    let limit = MemoryLimit::for_round(n, layout.played_rounds, trace.is_some());
    let mut result: Mates = vec![None; n];
    if n == 0 {
        return Ok(result);
    }
    let mut e = Engine {
        parts,
        layout,
        solver,
        trace,
    };
    let c = e.layout.count_bits;
    let s = e.layout.scores_bits;
    let hint_bits = e.layout.hint_bits;
    // `v` in units of the Art. 4 field, above the solver's hint.
    let art4 = |v: u64| -> Wide<L> {
        let mut w = Wide::from_u64(v);
        w.shl(hint_bits);
        w
    };
    let top = parts[0].score;
    let no_ranks: HashMap<u32, u32> = HashMap::new();
    let odd = n % 2 == 1;

    // Whole-round pre-check (C4) and, with an odd count, the lowest PAB score (C5). A robust
    // round needs none: any PAB candidate can be left out, so the lowest one is.
    let first = if robust {
        None
    } else {
        for p in 0..n {
            for o in 0..p {
                let w = if !compat.allowed(p, o) {
                    Wide::ZERO
                } else if odd {
                    let mut w = Wide::<L>::from_u64(
                        1 + !parts[p].bye_eligible as u64 + !parts[o].bye_eligible as u64,
                    );
                    w.shl(s);
                    w.add_u64(
                        (e.layout.score_offset[&parts[p].score]
                            + e.layout.score_offset[&parts[o].score])
                            as u64,
                    );
                    w.shl(c);
                    w.add_u64((parts[p].score >= top) as u64);
                    w
                } else {
                    let weights = BracketWeights {
                        layout: &e.layout,
                        bye_score: 0,
                        single_downfloater_is_bye: false,
                        played_games_rank: &no_ranks,
                    };
                    weights.edge(&parts[o], &parts[p], false, false)
                };
                e.solver.set_edge(p, o, w);
            }
        }
        let first = e.solve()?;
        let unmatched: Vec<usize> = (0..n).filter(|&v| first[v] == v).collect();
        // C4 and C2: everybody paired but at most one, who may receive the PAB.
        if unmatched.len() > 1 || unmatched.iter().any(|&v| !parts[v].bye_eligible) {
            return Err(Failure::NoValidPairing);
        }
        Some((first, unmatched))
    };

    let mut bye_score = 0;
    let mut single_is_bye = false;
    let mut ranks: HashMap<u32, u32> = HashMap::new();
    if odd {
        let bye_vertex = match &first {
            Some((_, unmatched)) => unmatched.first().copied().unwrap_or(n - 1),
            None => (0..n)
                .rev()
                .find(|&v| parts[v].bye_eligible)
                .unwrap_or(n - 1),
        };
        bye_score = parts[bye_vertex].score;
        if let Some(t) = e.trace.as_deref_mut() {
            t.bye_score = Some(bye_score);
        }
        if bye_score >= top {
            // Robust rounds are only taken when the PAB score is below the top (mod.rs).
            let first = &first.as_ref().ok_or(Failure::Stuck)?.0;
            single_is_bye = (0..n)
                .take_while(|&v| parts[v].score >= top)
                .all(|v| parts[first[v]].score >= top);
        }
        // C9: among the players at the PAB score, those with more games played rank lower,
        // so they are the ones left unpaired.
        let mut counts: Vec<u32> = parts
            .iter()
            .filter(|p| p.score == bye_score)
            .map(|p| {
                if variant.c9_played_games {
                    p.played_games
                } else {
                    0
                }
            })
            .collect();
        counts.sort_unstable();
        if variant.c9_descending {
            counts.reverse();
        }
        for (rank, count) in counts.into_iter().enumerate() {
            ranks.insert(count, rank as u32);
        }
    }
    let played_games_of = |p: &Participant| {
        if variant.c9_played_games {
            p.played_games
        } else {
            0
        }
    };
    // C9 ranks are looked up by played games; with the variant off everybody has 0.
    let rank_parts: Vec<Participant> = parts
        .iter()
        .map(|p| Participant {
            played_games: played_games_of(p),
            ..p.clone()
        })
        .collect();

    // The completion edges of an odd round (with a robust round the solver keeps them
    // implicit, see window.rs).
    if odd && !robust {
        let weights = BracketWeights {
            layout: &e.layout,
            bye_score,
            single_downfloater_is_bye: single_is_bye,
            played_games_rank: &ranks,
        };
        for p in 0..n {
            for o in 0..p {
                let w = if compat.allowed(p, o) {
                    weights.edge(&rank_parts[o], &rank_parts[p], false, false)
                } else {
                    Wide::ZERO
                };
                e.solver.set_edge(p, o, w);
            }
        }
    }

    let mut matched = vec![false; n];
    // The current bracket's players (MDPs first, then residents), then the next scoregroup.
    let mut members: Vec<usize> = (0..n).take_while(|&v| parts[v].score >= top).collect();
    let mut next_pos = members.len();
    let mut mdp_count = 0usize;
    let mut group_begin_vertex = 0usize;

    // The end of the scoregroup starting at `start`.
    let group_end = |start: usize| {
        let mut end = start;
        while end < n && parts[end].score == parts[start].score {
            end += 1;
        }
        end
    };
    // Appends the scoregroup starting at `next_pos`.
    let take_group = |members: &mut Vec<usize>, next_pos: &mut usize| {
        if let Some(score) = parts.get(*next_pos).map(|p| p.score) {
            while *next_pos < n && parts[*next_pos].score >= score {
                members.push(*next_pos);
                *next_pos += 1;
            }
        }
    };

    while members.len() > 1 || next_pos < n {
        let bracket_end = members.len();
        let next_begin_vertex = group_begin_vertex + (bracket_end - mdp_count);
        let group_start = next_pos;
        // The players below the bracket stay outside the graph while none of them changes
        // the criteria of this bracket: no C9 here, and the PAB below the window.
        let tail_may_wait = robust
            && !single_is_bye
            && group_start < n
            && (!odd || parts[group_start].score > bye_score);
        // A stand-in (stand_in_for) also works with the PAB in the next scoregroup when that
        // group is the lowest: its bracket is the last, which floats only the PAB receiver
        // (C9) anyway. Above the lowest, whether it floats more depends on where every player
        // of the group can be paired, and the rest of the group would sit unseen in the tail.
        let next_may_wait = tail_may_wait
            || (robust
                && odd
                && !single_is_bye
                && group_start < n
                && parts[group_start].score == bye_score
                && group_end(group_start) == n);
        // A bracket that can be paired completely within itself is paired so (C6 is the
        // highest criterion after completion) when the players below can then complete too,
        // and then nobody floats down: the next scoregroup changes none of its criteria and
        // may wait in the tail. Without the second test the window may fall back to the
        // whole graph, whose edges into the next scoregroup carry no C8 fields.
        let alone = tail_may_wait
            && pairs_within(compat, &members)
            && tail_completes(compat, next_pos, n, odd, |v| {
                parts[v].bye_eligible && parts[v].score <= bye_score
            });
        let stand_in = if !alone && next_may_wait {
            stand_in_for(compat, &members, group_start, group_end(group_start))
        } else {
            None
        };
        if let Some(x) = stand_in {
            // The tail is the rest from `next_pos` on (the group less `x`, then below).
            members.push(x);
        } else if !alone {
            take_group(&mut members, &mut next_pos);
        }
        let size = members.len();
        let in_group = |m: usize| m >= group_begin_vertex && m < next_begin_vertex;
        let implicit = if stand_in.is_some() {
            next_may_wait
        } else {
            tail_may_wait && next_pos < n
        };
        // The graph is dense: refuse rather than exhaust memory (the window's graph and this
        // bracket's tables; a window that falls back to every unpaired player checks again).
        let in_graph = e.solver.vertices_after_window(&members, next_pos, implicit);
        limit
            .check::<L, S>(in_graph, size, mdp_count)
            .map_err(Failure::TooLarge)?;
        e.solver.window(&members, next_pos, implicit, mdp_count);

        // Base weights of the pairs inside this bracket and into the next scoregroup, by
        // member positions h < l, l >= mdp_count (`BaseWeights`).
        let bracket_layout = e.layout.clone();
        let weights = BracketWeights {
            layout: &bracket_layout,
            bye_score,
            single_downfloater_is_bye: single_is_bye,
            played_games_rank: &ranks,
        };
        let bracket_members = members.clone();
        let compute = |l: usize, h: usize| -> Wide<L> {
            let (hv, lv) = (bracket_members[h], bracket_members[l]);
            if compat.allowed(hv, lv) {
                weights.edge(
                    &rank_parts[hv],
                    &rank_parts[lv],
                    l < bracket_end,
                    l >= bracket_end,
                )
            } else {
                Wide::ZERO
            }
        };
        // Members alike for `BracketWeights::edge`: the facts it reads about a player, and
        // whether the player is in the next scoregroup (C8 rather than the bracket's fields).
        let mut class_of_key = HashMap::new();
        let classes: Vec<u32> = members
            .iter()
            .enumerate()
            .map(|(m, &v)| {
                let p = &rank_parts[v];
                let c = &p.colour;
                let key = (
                    (p.score, p.bye_eligible, p.played_games, p.floats),
                    (c.imbalance, c.preference, c.repeated, c.strong),
                    m >= bracket_end,
                );
                let next = class_of_key.len() as u32;
                *class_of_key.entry(key).or_insert(next)
            })
            .collect();
        let mut base = BaseWeights::new(
            size,
            mdp_count,
            Some((&classes, class_of_key.len())),
            |l, h| compat.allowed(bracket_members[h], bracket_members[l]),
            compute,
        );
        let base_at = |base: &BaseWeights<L>, l: usize, h: usize| base.get(l, h, compute);
        for l in mdp_count..size {
            for h in 0..l {
                e.solver
                    .set_edge(members[l], members[h], base_at(&base, l, h));
            }
        }
        // Tie-break weight for remainder pairs: prefer pairs whose higher player is in the
        // original S1 (fewest exchanges, 4.3.2 rule 1), then the smallest BSN sum moved
        // (rule 2), in the ordering room below the criteria.
        let exchange_weight = |base: &BaseWeights<L>,
                               h: usize,
                               l: usize,
                               h_remainder_index: usize,
                               remainder_pairs: usize|
         -> Wide<L> {
            let mut w = base_at(base, l, h);
            if !w.is_zero() {
                if h_remainder_index < remainder_pairs {
                    w.add_bit(2 * c + 1 + hint_bits);
                }
                w.sub(&art4(2 * h_remainder_index as u64));
            }
            w
        };

        let mut stable = e.solve()?;

        // 3.2 / 4.4: choose the MDPs paired in this bracket, by score then BSN.
        let mut mdp_score = 0;
        let mut left_in_score = 0usize;
        let mut matchable_in_score = 0usize;
        for i in 0..mdp_count {
            let v = members[i];
            if i == 0 || parts[v].score < mdp_score {
                mdp_score = parts[v].score;
                left_in_score = 0;
                matchable_in_score = 0;
                let mut j = i;
                while j < size && parts[members[j]].score >= mdp_score {
                    left_in_score += 1;
                    if in_group(stable[members[j]]) {
                        matchable_in_score += 1;
                    }
                    j += 1;
                }
            }
            if matchable_in_score == 0 {
                continue;
            }
            if left_in_score <= matchable_in_score {
                matched[v] = true;
                continue;
            }
            left_in_score -= 1;
            if !in_group(stable[v]) {
                for (o, &ov) in members.iter().enumerate().take(bracket_end).skip(mdp_count) {
                    let mut w = base_at(&base, o, i);
                    if !w.is_zero() {
                        w.add(&art4(1));
                        e.solver.set_edge(v, ov, w);
                    }
                }
                stable = e.solve()?;
            }
            if in_group(stable[v]) {
                matched[v] = true;
                matchable_in_score -= 1;
                for (o, &ov) in members.iter().enumerate().take(bracket_end).skip(mdp_count) {
                    let mut w = base_at(&base, o, i);
                    if !w.is_zero() {
                        w.add(&art4((bracket_end - mdp_count) as u64 + 1));
                        e.solver.set_edge(v, ov, w);
                    }
                }
            }
        }

        // 3.3: the MDP-pairing, each paired MDP against the highest resident possible.
        for i in 0..mdp_count {
            let v = members[i];
            if !matched[v] {
                continue;
            }
            // The highest resident still free gets the largest bonus; when the current
            // solution already pairs v with it, that solution stays optimal.
            let favourite = (mdp_count..bracket_end)
                .find(|&o| !matched[members[o]] && !base_at(&base, o, i).is_zero())
                .map(|o| members[o]);
            if favourite != Some(stable[v]) {
                let before = e.snapshot(&stable);
                let mut addend = size as u64;
                for o in (mdp_count..bracket_end).rev() {
                    let ov = members[o];
                    if matched[ov] {
                        continue;
                    }
                    let mut w = base_at(&base, o, i);
                    if !w.is_zero() {
                        w.add(&art4(addend));
                        e.solver.set_edge(v, ov, w);
                        addend += 1;
                    }
                }
                stable = e.solve()?;
                e.record_choice(before, v, favourite, stable[v]);
            }
            let mate = stable[v];
            matched[mate] = true;
            e.finalize_pair(v, mate);
        }

        // The remainder: residents not paired with MDPs.
        let mut remainder: Vec<usize> = Vec::new();
        let mut remainder_pairs = 0usize;
        for (i, &v) in members.iter().enumerate().take(bracket_end).skip(mdp_count) {
            if stable[v] < group_begin_vertex {
                continue;
            }
            remainder.push(i);
            if stable[v] < v {
                remainder_pairs += 1;
            }
        }
        let upper = |stable: &Vec<usize>, v: usize| stable[v] > v && stable[v] < next_begin_vertex;

        for (oi, &o) in remainder.iter().enumerate() {
            for (pi, &p) in remainder.iter().enumerate().take(oi) {
                let w = exchange_weight(&base, p, o, pi, remainder_pairs);
                e.solver.set_edge(members[p], members[o], w);
            }
        }
        stable = e.solve()?;

        // 4.3: how many S1 players must be exchanged.
        let exchange_count = remainder
            .iter()
            .take(remainder_pairs)
            .filter(|&&p| !upper(&stable, members[p]))
            .count();

        // Exchange the lowest S1 players possible (4.3.2 rule 3).
        let mut remaining = exchange_count;
        let mut ri = remainder_pairs;
        while ri > 0 && remaining > 0 {
            ri -= 1;
            let p = remainder[ri];
            let pv = members[p];
            if upper(&stable, pv) {
                for &o in &remainder[ri + 1..] {
                    let mut w = exchange_weight(&base, p, o, ri, remainder_pairs);
                    if !w.is_zero() {
                        w.sub(&art4(1));
                        e.solver.set_edge(pv, members[o], w);
                    }
                }
                stable = e.solve()?;
            }
            let exchanged = !upper(&stable, pv);
            if exchanged {
                remaining -= 1;
            }
            for &o in &remainder[ri + 1..] {
                if exchanged {
                    base.clear(o, p);
                }
                let w = exchange_weight(&base, p, o, ri, remainder_pairs);
                e.solver.set_edge(pv, members[o], w);
            }
        }

        // Exchange the highest S2 players possible (4.3.2 rule 4).
        let mut remaining = exchange_count;
        let mut ri = remainder_pairs;
        while ri < remainder.len() && remaining > 1 {
            let p = remainder[ri];
            let pv = members[p];
            let already = upper(&stable, pv);
            if !already {
                for &o in &remainder[ri + 1..] {
                    let mut w = exchange_weight(&base, p, o, ri, remainder_pairs);
                    if !w.is_zero() {
                        w.add(&art4(1));
                        e.solver.set_edge(pv, members[o], w);
                    }
                }
                stable = e.solve()?;
            }
            if upper(&stable, pv) {
                remaining -= 1;
                for &o in &remainder[..ri] {
                    base.clear(p, o);
                    e.solver.set_edge(pv, members[o], Wide::ZERO);
                }
                for (o, &ov) in members.iter().enumerate().take(size).skip(bracket_end) {
                    base.clear(o, p);
                    e.solver.set_edge(pv, ov, Wide::ZERO);
                }
            }
            if !already {
                for &o in &remainder[ri + 1..] {
                    let w = exchange_weight(&base, p, o, ri, remainder_pairs);
                    e.solver.set_edge(pv, members[o], w);
                }
            }
            ri += 1;
        }

        // Freeze the S1/S2 split: only upper–lower remainder pairs stay possible. Each gets
        // the hint (k − a)(m − b) for the a-th of k upper and the b-th of m lower players,
        // the lowers ranked by the upper `in_order_proposal` gives them: among optimal
        // pairings the solver then prefers that guess at what the loop below ends with, so
        // most of its solves are skipped, and the proposal starts the solve close to it
        // (measured on a 9,999-player round 3: 48 s with lowers ranked by pairing order and
        // re-paired in order within exact classes, 21 s so).
        let is_upper: Vec<bool> = remainder
            .iter()
            .map(|&p| upper(&stable, members[p]))
            .collect();
        let uppers = is_upper.iter().filter(|&&u| u).count() as u64;
        let lowers = remainder.len() as u64 - uppers;
        let proposal = in_order_proposal(
            |l, h| base_at(&base, l, h),
            &remainder,
            &is_upper,
            members.as_slice(),
            &stable,
        );
        // Lowers ranked by the upper proposed for them (the rest after, in order).
        let upper_rank: HashMap<usize, u64> = remainder
            .iter()
            .zip(&is_upper)
            .filter(|&(_, &up)| up)
            .enumerate()
            .map(|(a, (&p, _))| (members[p], a as u64))
            .collect();
        let proposed: HashMap<usize, u64> = proposal
            .iter()
            .filter_map(|&(u, l)| Some((l, *upper_rank.get(&u)?)))
            .collect();
        let mut order: Vec<usize> = (0..remainder.len()).filter(|&i| !is_upper[i]).collect();
        order.sort_by_key(|&i| {
            (
                proposed
                    .get(&members[remainder[i]])
                    .copied()
                    .unwrap_or(u64::MAX),
                i,
            )
        });
        let mut lower_rank = vec![0u64; remainder.len()];
        for (b, &i) in order.iter().enumerate() {
            lower_rank[i] = b as u64;
        }
        let mut a = 0u64;
        for (pi, &p) in remainder.iter().enumerate() {
            let pv = members[p];
            for (oi, &o) in remainder.iter().enumerate().skip(pi + 1) {
                let ov = members[o];
                if !is_upper[pi] || is_upper[oi] {
                    base.clear(o, p);
                }
                let mut w = base_at(&base, o, p);
                if !w.is_zero() {
                    w.add_u64((uppers - a) * (lowers - lower_rank[oi]));
                }
                e.solver.set_edge(pv, ov, w);
            }
            if is_upper[pi] {
                a += 1;
            }
        }

        // Twice the largest hint total a pairing can have, in the solver's doubled scale.
        let mut hint_room = Wide::<L>::from_u64(1);
        hint_room.shl(hint_bits + 1);
        e.solver.suggest(&proposal);

        // 4.2: pair S1 in order, each with the highest S2 player possible.
        for &p in &remainder {
            let pv = members[p];
            if !upper(&stable, pv) {
                continue;
            }
            // As above: skip the solve when the current solution already gives p the
            // highest-ranked opponent possible.
            let favourite = remainder
                .iter()
                .find(|&&o| o > p && !matched[members[o]] && !base_at(&base, o, p).is_zero())
                .map(|&o| members[o]);
            // The solve is skipped too when every opponent ranked above p's mate is ruled out
            // by the duals: below the criteria the weights differ only by the hint, so an
            // opponent in an equally good pairing has a slack under twice the largest hint
            // total. (Not in explain mode, which records the solve's reasons.)
            let possible = |o: usize| {
                e.trace.is_some()
                    || !variant.dual_skips
                    || e.solver
                        .edge_slack(pv, members[o])
                        .is_none_or(|slack| slack < hint_room)
            };
            let best_possible = remainder
                .iter()
                .find(|&&o| {
                    o > p && !matched[members[o]] && !base_at(&base, o, p).is_zero() && possible(o)
                })
                .map(|&o| members[o]);
            if best_possible != Some(stable[pv]) {
                let before = e.snapshot(&stable);
                let mut addend = 0u64;
                for &o in remainder.iter().rev() {
                    let ov = members[o];
                    if o <= p || matched[ov] {
                        continue;
                    }
                    let mut w = base_at(&base, o, p);
                    if !w.is_zero() {
                        w.add(&art4(addend));
                        e.solver.set_edge(pv, ov, w);
                    }
                    addend += 1;
                }
                stable = e.solve()?;
                e.record_choice(before, pv, favourite, stable[pv]);
            }
            let mate = stable[pv];
            matched[pv] = true;
            matched[mate] = true;
            e.finalize_pair(pv, mate);
        }

        if let Some(t) = e.trace.as_deref_mut() {
            let residents: Vec<usize> = members[mdp_count..bracket_end].to_vec();
            t.brackets.push(BracketTrace {
                score: residents
                    .first()
                    .or(members.first())
                    .map_or(0, |&v| parts[v].score),
                moved_down: members[..mdp_count].to_vec(),
                residents,
                downfloaters: members[..bracket_end]
                    .iter()
                    .copied()
                    .filter(|&v| !matched[v])
                    .collect(),
            });
            if single_is_bye {
                t.c9_applied = true;
            }
        }
        // Record this bracket's pairs; the rest moves down with the next scoregroup.
        let mut new_members = Vec::new();
        let mut new_mdp_count = 0;
        let mut progress = false;
        let next_score = parts.get(group_start).map(|p| p.score);
        single_is_bye = odd && next_score.is_some_and(|score| bye_score >= score);
        for (i, &v) in members.iter().enumerate() {
            if i < bracket_end && matched[v] {
                result[v] = Some(stable[v]);
                result[stable[v]] = Some(v);
                progress = true;
            } else {
                new_members.push(v);
                if i < bracket_end {
                    new_mdp_count += 1;
                }
                // A mate outside the graph (index n) is a tail player, below the next score.
                if single_is_bye && parts.get(stable[v]).map(|p| p.score) < next_score {
                    single_is_bye = false;
                }
            }
        }
        if !progress && group_start >= n {
            return Err(Failure::Stuck);
        }
        if alone || stand_in.is_some() {
            // The next scoregroup is the next bracket's residents, as if it had been here.
            new_members.retain(|&v| Some(v) != stand_in);
            take_group(&mut new_members, &mut next_pos);
        }
        members = new_members;
        mdp_count = new_mdp_count;
        group_begin_vertex = next_begin_vertex;
    }
    Ok(result)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bracket of `k` uppers then `k` lowers, all in the remainder: upper `u` weighs
    /// `value(u, l)` with lower `l` (zero rules the pair out).
    fn bracket(k: usize, value: impl Fn(usize, usize) -> u64) -> Vec<Vec<Wide<2>>> {
        let n = 2 * k;
        let mut base = vec![vec![Wide::<2>::ZERO; n]; n];
        for (l, row) in base.iter_mut().enumerate().skip(k) {
            for (u, w) in row.iter_mut().enumerate().take(k) {
                *w = Wide::from_u64(value(u, l));
            }
        }
        base
    }

    fn total(base: &[Vec<Wide<2>>], pairs: &[(usize, usize)]) -> u64 {
        pairs.iter().map(|&(u, l)| base[l][u].0[0]).sum()
    }

    #[test]
    fn alike_lowers_are_proposed_in_order() {
        let k = 5;
        let base = bracket(k, |_, _| 7);
        let members: Vec<usize> = (0..2 * k).collect();
        let is_upper: Vec<bool> = (0..2 * k).map(|i| i < k).collect();
        // Current pairs: 0–9, 1–8, 2–7, 3–6, 4–5.
        let stable: Vec<usize> = (0..2 * k).map(|i| 2 * k - 1 - i).collect();
        let proposal = in_order_proposal(|l, h| base[l][h], &members, &is_upper, &members, &stable);
        assert_eq!(proposal, vec![(0, 5), (1, 6), (2, 7), (3, 8), (4, 9)]);
    }

    /// Lowers of two colour classes, each upper preferring one, and every upper with one
    /// ruled-out lower (its previous opponent): the proposal pairs only allowed pairs, keeps the
    /// total of the current pairing, and gives each upper the first lower it can have.
    #[test]
    fn proposal_keeps_the_criteria_and_skips_ruled_out_pairs() {
        let k = 6;
        let class = |x: usize| x % 2;
        let value = |u: usize, l: usize| {
            if u < 4 && l == u + k {
                0
            } else if class(u) == class(l) {
                5
            } else {
                3
            }
        };
        let base = bracket(k, value);
        let members: Vec<usize> = (0..2 * k).collect();
        let is_upper: Vec<bool> = (0..2 * k).map(|i| i < k).collect();
        // An optimal pairing (every upper with its class), far from the order.
        let current = [(0, 10), (1, 11), (2, 6), (3, 7), (4, 8), (5, 9)];
        let mut stable = vec![0; 2 * k];
        for &(u, l) in &current {
            stable[u] = l;
            stable[l] = u;
        }
        let proposal = in_order_proposal(|l, h| base[l][h], &members, &is_upper, &members, &stable);
        assert_eq!(proposal.len(), k);
        assert!(proposal.iter().all(|&(u, l)| value(u, l) != 0));
        let mut seen: Vec<usize> = proposal.iter().flat_map(|&(u, l)| [u, l]).collect();
        seen.sort_unstable();
        assert_eq!(seen, members);
        assert_eq!(total(&base, &proposal), total(&base, &current));
        // Uppers 0 to 3 may not meet the lower of their own rank: upper 0 takes the next one
        // of its class, 8, and upper 2 then takes the 6 left behind.
        assert_eq!(
            proposal,
            vec![(0, 8), (1, 9), (2, 6), (3, 7), (4, 10), (5, 11)]
        );
    }

    /// The table of base weights gives back every weight it was built from, past its table of
    /// distinct values too (those are computed again), and zero for a pair ruled out.
    #[test]
    fn base_weights_give_back_every_weight() {
        // 400 members, every pair below the first 10 rows with a weight of its own (79,755
        // distinct weights, more than the table keeps), one pair in 7 without an edge.
        let weight = |l: usize, h: usize| -> Wide<2> {
            if (l + h).is_multiple_of(7) {
                Wide::ZERO
            } else {
                let mut w = Wide::from_u64((l * 1000 + h) as u64);
                w.shl(70);
                w
            }
        };
        let (size, first) = (400, 10);
        let mut base = BaseWeights::new(size, first, None, |_, _| true, weight);
        assert_eq!(base.values.len(), BASE_VALUES);
        for l in 0..size {
            for h in 0..size {
                let expected = if l >= first && h < l {
                    weight(l, h)
                } else {
                    Wide::ZERO
                };
                assert_eq!(base.get(l, h, weight), expected, "pair ({l}, {h})");
            }
        }
        base.clear(399, 5);
        base.clear(12, 3);
        assert_eq!(base.get(399, 5, weight), Wide::ZERO);
        assert_eq!(base.get(12, 3, weight), Wide::ZERO);
        assert_eq!(base.get(399, 6, weight), weight(399, 6));
    }

    /// With classes of members, each pair of classes is computed once and every pair still
    /// gets its own weight: zero where the pair is not allowed, the classes' weight elsewhere;
    /// with more classes than the table keeps, every pair is computed.
    #[test]
    fn base_weights_by_class_give_back_every_weight() {
        let (size, first) = (300, 7);
        let class: Vec<u32> = (0..size as u32).map(|m| m * 7 % 37).collect();
        let allowed = |l: usize, h: usize| !(l + 2 * h).is_multiple_of(5);
        let by_class = |l: usize, h: usize| -> Wide<2> {
            let mut w = Wide::from_u64(1 + (class[h] * 64 + class[l]) as u64);
            w.shl(90);
            w
        };
        let computed = std::cell::Cell::new(0usize);
        let weight = |l: usize, h: usize| -> Wide<2> {
            computed.set(computed.get() + 1);
            if allowed(l, h) {
                by_class(l, h)
            } else {
                Wide::ZERO
            }
        };
        let base = BaseWeights::new(size, first, Some((&class, 37)), allowed, weight);
        assert!(
            computed.get() <= 37 * 37,
            "{} weights computed",
            computed.get()
        );
        for l in 0..size {
            for h in 0..size {
                let expected = if l >= first && h < l && allowed(l, h) {
                    by_class(l, h)
                } else {
                    Wide::ZERO
                };
                assert_eq!(base.get(l, h, weight), expected, "pair ({l}, {h})");
            }
        }
        // Too many classes for the table: every pair is computed, with the same result.
        let many: Vec<u32> = (0..size as u32).collect();
        computed.set(0);
        let whole = BaseWeights::new(size, first, Some((&many, 3000)), allowed, weight);
        assert_eq!(computed.get(), (first..size).sum::<usize>());
        for l in first..size {
            for h in 0..l {
                assert_eq!(whole.get(l, h, weight), base.get(l, h, weight));
            }
        }
    }

    /// Past `PROPOSAL_CLASSES` classes of lowers nothing is proposed (the solver then starts
    /// from its own solution): lowers that every upper sees differently.
    #[test]
    fn a_proposal_with_too_many_classes_is_given_up() {
        let k = PROPOSAL_CLASSES + 1;
        // Upper u weighs 1 + (u + l) mod k with lower l: no two lowers alike.
        let base = bracket(k, |u, l| 1 + ((u + l) % k) as u64);
        let members: Vec<usize> = (0..2 * k).collect();
        let is_upper: Vec<bool> = (0..2 * k).map(|i| i < k).collect();
        let stable: Vec<usize> = (0..2 * k).map(|i| (i + k) % (2 * k)).collect();
        let proposal = in_order_proposal(|l, h| base[l][h], &members, &is_upper, &members, &stable);
        assert!(proposal.is_empty());
        // One class fewer, and the lowers are proposed.
        let k = PROPOSAL_CLASSES;
        let base = bracket(k, |u, l| 1 + ((u + l) % k) as u64);
        let members: Vec<usize> = (0..2 * k).collect();
        let is_upper: Vec<bool> = (0..2 * k).map(|i| i < k).collect();
        let stable: Vec<usize> = (0..2 * k).map(|i| (i + k) % (2 * k)).collect();
        let proposal = in_order_proposal(|l, h| base[l][h], &members, &is_upper, &members, &stable);
        assert_eq!(proposal.len(), k);
    }
}
