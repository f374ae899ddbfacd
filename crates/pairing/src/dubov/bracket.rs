//! One bracket (Art. 3.2): its upfloaters (3.2.1–3.2.2, order of 4.2), the split into White
//! and Black seekers (3.2.3), the shifts that make the two subgroups fit (3.2.4, order of 4.3)
//! and the first transposition that pairs them (3.2.5, order of 4.4).
//!
//! The text enumerates sets and transpositions in a fixed order and takes the first that is
//! legal (or best). Each enumeration is replaced by the same choice made one member at a time:
//! the first sequence number for which a legal completion still exists, asked of a matching
//! ([`super::graph`]), or of a weighted matching ([`matching::Matcher`]) where a criterion has
//! to be optimised. The result is the set or transposition the enumeration would reach first,
//! at polynomial cost; the literal enumeration is the oracle in the tests.
//!
//! ```
//! use pairing::dubov::bracket::middle_out;
//! // 4.3.3: a list a b c d e is numbered from the middle outwards: c, b, d, a, e.
//! assert_eq!(middle_out(&['a', 'b', 'c', 'd', 'e']), vec!['c', 'b', 'd', 'a', 'e']);
//! assert_eq!(middle_out(&['a', 'b', 'c', 'd']), vec!['b', 'c', 'a', 'd']);
//! ```

use matching::{Matcher, Wide};
use tournament::Color;

use super::graph::{greedy_pairs, has_perfect_matching, maximum_matching};
use super::state::Player;
use crate::swiss::compat::Compatibility;
use crate::PairingError;

/// What the bracket procedure reads: the players of the round, which pairs the absolute
/// criteria allow, and the round's facts for C8–C10.
#[derive(Debug)]
pub struct Round<'a> {
    pub players: &'a [Player],
    pub compat: &'a Compatibility,
    /// C8–C10 apply (every round but the last).
    pub float_criteria: bool,
    /// MaxT (1.8.2).
    pub max_upfloats: u32,
}

/// A candidate upfloater in best-first order: its (C7, C8, C9, C10), with C7 a lower bound
/// until `exact`; its place in the 4.2 order; `exact`.
type Candidate = ((u32, u32, u32, u32), usize, bool);

/// 4.3.3: sequence numbers from the (remaining) middle of the sorted list outwards; of two
/// middle players, the one higher in the list first.
pub fn middle_out<T: Copy>(sorted: &[T]) -> Vec<T> {
    let mut rest: Vec<T> = sorted.to_vec();
    let mut out = Vec::with_capacity(rest.len());
    while !rest.is_empty() {
        out.push(rest.remove((rest.len() - 1) / 2));
    }
    out
}

impl Round<'_> {
    fn allowed(&self, a: usize, b: usize) -> bool {
        a != b && self.compat.allowed(a, b)
    }

    /// Adjacency lists of the players `vs` (local indices) under the absolute criteria and
    /// `keep`.
    fn adjacency(&self, vs: &[usize], keep: impl Fn(usize, usize) -> bool) -> Vec<Vec<usize>> {
        let mut adj = vec![Vec::new(); vs.len()];
        for i in 0..vs.len() {
            for j in 0..i {
                if self.allowed(vs[i], vs[j]) && keep(vs[i], vs[j]) {
                    adj[i].push(j);
                    adj[j].push(i);
                }
            }
        }
        adj
    }

    /// The degree of each player of `vs` within `vs` (the players of `vs` that
    /// [`Round::allowed`] lets them meet), counted a word at a time against `vs`'s bits.
    fn degrees<'s>(&'s self, vs: &'s [usize]) -> impl Iterator<Item = usize> + 's {
        let members = self.compat.member_set(vs);
        // `allowed` never pairs a player with themselves: their own bit, if set, is no game.
        vs.iter().map(move |&a| {
            self.compat.degree_in(a, &members) - usize::from(self.compat.allowed(a, a))
        })
    }

    /// A greedy matching of `vs` (local indices), the sides as [`greedy_pairs`] reads them, all
    /// edges allowed by the absolute criteria: the number of its pairs. A few tests a player:
    /// a dense field is paired at once, a sparse one goes to the exact search soon.
    fn greedy(&self, vs: &[usize], side: impl Fn(usize) -> Option<bool>) -> usize {
        greedy_pairs(
            vs.len(),
            side,
            |i, j| self.allowed(vs[i], vs[j]),
            64 * vs.len() + 1024,
        )
    }

    /// A legal pairing of all of `vs` exists (C1, C3; C4 when `vs` is what remains).
    pub fn completable(&self, vs: &[usize]) -> bool {
        if vs.is_empty() {
            return true;
        }
        if vs.len() % 2 == 1 {
            return false;
        }
        // Dirac: a graph on m >= 3 vertices with every degree at least m / 2 has a
        // Hamiltonian cycle, hence (m even) a perfect matching.
        let m = vs.len();
        if m >= 4 && self.degrees(vs).all(|d| d * 2 >= m) {
            return true;
        }
        // A greedy pairing of everybody is one (exact: it is a legal pairing).
        if 2 * self.greedy(vs, |_| None) == m {
            return true;
        }
        has_perfect_matching(&self.adjacency(vs, |_, _| true))
    }

    /// Every subset of `vs` left after removing any `k` players can still be paired (Dirac),
    /// so C4 holds for the rest whichever `k` players are taken away.
    fn robust(&self, vs: &[usize], k: usize) -> bool {
        let m = vs.len().saturating_sub(k);
        m == 0
            || (m >= 4
                && m.is_multiple_of(2)
                && self.degrees(vs).all(|d| d >= k && (d - k) * 2 >= m))
    }

    fn maximum_pairs(&self, vs: &[usize]) -> usize {
        // No matching has more than ⌊m / 2⌋ pairs: a greedy one that has them is maximum.
        let greedy = self.greedy(vs, |_| None);
        if greedy == vs.len() / 2 {
            return greedy;
        }
        maximum_matching(&self.adjacency(vs, |_, _| true))
            .iter()
            .filter(|m| m.is_some())
            .count()
            / 2
    }

    fn seeks_white(&self, v: usize) -> bool {
        self.players[v].preference == Color::White
    }

    /// C7 of the best legal pairing of the bracket `b`: the players who do not get their
    /// preference. Each pair of two White (or two Black) seekers leaves one of them without
    /// it; with `x` seekers of the rarer colour, `y` of the other, and `p` pairs forced among
    /// the rarer seekers, that is `(y − x) / 2 + 2p`.
    fn colour_misses(&self, b: &[usize]) -> Option<u32> {
        let whites = b.iter().filter(|&&v| self.seeks_white(v)).count();
        let blacks = b.len() - whites;
        let rare_is_white = whites <= blacks;
        let inside = self.inside_pairs(b, |v| self.seeks_white(v) == rare_is_white)?;
        Some((whites.abs_diff(blacks) / 2 + 2 * inside) as u32)
    }

    /// The least number of pairs made inside `group` in a legal pairing of `b`; `None` when
    /// `b` cannot be paired.
    fn inside_pairs(&self, b: &[usize], group: impl Fn(usize) -> bool) -> Option<usize> {
        // A greedy legal pairing of `b` without a pair inside the group says 0 (exact: it is one
        // such pairing, the least possible).
        if 2 * self.greedy(b, |i| group(b[i]).then_some(true)) == b.len() {
            return Some(0);
        }
        if has_perfect_matching(&self.adjacency(b, |x, y| !(group(x) && group(y)))) {
            return Some(0);
        }
        // Maximise the pairs first, then the pairs that are not inside the group.
        let mut m = Matcher::<u64>::new(b.len());
        let mut any = false;
        for i in 0..b.len() {
            for j in 0..i {
                if self.allowed(b[i], b[j]) {
                    let outside = u64::from(!(group(b[i]) && group(b[j])));
                    m.set_edge(i, j, (1 << 20) + outside);
                    any = true;
                }
            }
        }
        if !any {
            return (b.is_empty()).then_some(0);
        }
        m.solve();
        let mates = m.mates();
        if mates.iter().any(Option::is_none) {
            return None;
        }
        Some(
            (0..b.len())
                .filter(|&i| mates[i].is_some_and(|j| j < i && group(b[i]) && group(b[j])))
                .count(),
        )
    }

    /// C8, C9, C10 of one upfloater: (a maximum upfloater, its upfloats if it is one, it
    /// upfloated in the previous round); all zero in the last round.
    fn float_costs(&self, v: usize) -> (u32, u32, u32) {
        if !self.float_criteria {
            return (0, 0, 0);
        }
        let p = &self.players[v];
        let maximum = p.upfloats >= self.max_upfloats;
        (
            u32::from(maximum),
            if maximum { p.upfloats } else { 0 },
            u32::from(p.upfloated_last),
        )
    }

    /// 3.2.1–3.2.2: the upfloaters for the residents `r` from the players below `lower` (4.2
    /// order: descending score, then ascending TPN).
    pub fn upfloaters(&self, r: &[usize], lower: &[usize]) -> Result<Vec<usize>, PairingError> {
        let least = r.len() - 2 * self.maximum_pairs(r);
        if least == 0 && self.completable(lower) {
            return Ok(Vec::new());
        }
        if least == 1 {
            if let Some(y) = self.single_upfloater(r, lower) {
                return Ok(vec![y]);
            }
        }
        self.upfloaters_by_weights(r, lower, least)
    }

    /// 3.2.2 when one upfloater is enough: the first of the highest score (C6) that gives a
    /// legal pairing (C1, C3, C4) and the best C7–C10.
    fn single_upfloater(&self, r: &[usize], lower: &[usize]) -> Option<usize> {
        let players = self.players;
        let robust = self.robust(lower, 1);
        let mut start = 0;
        while start < lower.len() {
            let score = players[lower[start]].score;
            let end = start
                + lower[start..]
                    .iter()
                    .take_while(|&&v| players[v].score == score)
                    .count();
            // Best first: lower bounds of the key, refined when a candidate comes up.
            let whites = r.iter().filter(|&&v| self.seeks_white(v)).count();
            let mut queue: Vec<Candidate> = (start..end)
                .map(|k| {
                    let v = lower[k];
                    let w = whites + usize::from(self.seeks_white(v));
                    let bound = w.abs_diff(r.len() + 1 - w) / 2;
                    let (c8, c9, c10) = self.float_costs(v);
                    ((bound as u32, c8, c9, c10), k, false)
                })
                .collect();
            while let Some(at) = (0..queue.len()).min_by_key(|&i| (queue[i].0, queue[i].1)) {
                let (key, k, exact) = queue.swap_remove(at);
                if exact {
                    return Some(lower[k]);
                }
                let v = lower[k];
                let mut bracket = r.to_vec();
                bracket.push(v);
                let rest: Vec<usize> = lower.iter().copied().filter(|&x| x != v).collect();
                if !robust && !self.completable(&rest) {
                    continue;
                }
                if let Some(misses) = self.colour_misses(&bracket) {
                    queue.push(((misses, key.1, key.2, key.3), k, true));
                }
            }
            start = end;
        }
        None
    }

    /// 3.2.1–3.2.2 in general: one weighted matching of the residents and the players below,
    /// its fields the criteria (C4 and the pairing of the residents, C5, C6, C7, C8, C9, C10),
    /// then the first optimal set in 4.2 order, one sequence number at a time.
    ///
    /// When the players below can be paired whatever `k` of them float up (Dirac, see
    /// [`Round::completable`]), C4 holds by itself and the graph holds only the residents and
    /// the highest lower scoregroups, one more at a time, until the set has the fewest
    /// upfloaters the residents allow (`least`): a set reaching further down would only have
    /// lower scores (C6). Otherwise every player below is in the graph.
    fn upfloaters_by_weights(
        &self,
        r: &[usize],
        lower: &[usize],
        least: usize,
    ) -> Result<Vec<usize>, PairingError> {
        let mut end = 0;
        while end < lower.len() {
            let score = self.players[lower[end]].score;
            end += lower[end..]
                .iter()
                .take_while(|&&v| self.players[v].score == score)
                .count();
            if let Some(set) = self.weighted(r, &lower[..end], lower, true)? {
                if (set.len() == least || end == lower.len()) && self.robust(lower, set.len()) {
                    return Ok(set);
                }
                if !self.robust(lower, set.len()) {
                    break;
                }
            }
        }
        self.weighted(r, lower, lower, false)?
            .ok_or(PairingError::NoValidPairing { round: 0 })
    }

    /// The weighted choice among `window` (all players below when `!only_window`); `None` when
    /// the residents (or, with every player below, everybody) cannot be paired.
    fn weighted(
        &self,
        r: &[usize],
        window: &[usize],
        lower: &[usize],
        only_window: bool,
    ) -> Result<Option<Vec<usize>>, PairingError> {
        let layout = Layout::new(self, r, lower, only_window);
        match layout.limbs() {
            0..=4 => Ok(self.weighted_set::<4>(r, window, &layout)),
            5..=8 => Ok(self.weighted_set::<8>(r, window, &layout)),
            9..=16 => Ok(self.weighted_set::<16>(r, window, &layout)),
            _ => Err(PairingError::BeyondLimits(
                "the Dubov criteria need more than 1024 bits for this bracket".to_string(),
            )),
        }
    }

    fn weighted_set<const L: usize>(
        &self,
        r: &[usize],
        lower: &[usize],
        layout: &Layout,
    ) -> Option<Vec<usize>> {
        let vs: Vec<usize> = r.iter().chain(lower).copied().collect();
        let nr = r.len();
        let mut m = Matcher::<Wide<L>>::new(vs.len());
        for i in 0..vs.len() {
            for j in 0..i {
                if self.allowed(vs[i], vs[j]) && (j < nr || !layout.window) {
                    m.set_edge(i, j, layout.weight::<L>(self, &vs, nr, j, i, false));
                }
            }
        }
        m.solve();
        let mates = m.mates();
        let unpaired = |i: usize| mates[i].is_none() && (i < nr || !layout.window);
        if (0..vs.len()).any(unpaired) {
            return None;
        }
        // Players tried and refused as upfloaters: their edges to residents are gone.
        let mut refused = vec![false; vs.len()];
        let value = |mates: &[Option<usize>], refused: &[bool]| -> Wide<L> {
            let mut total = Wide::<L>::ZERO;
            for (i, mate) in mates.iter().enumerate() {
                if let Some(j) = *mate {
                    if j < i && !(refused[i] && j < nr) {
                        total += layout.weight::<L>(self, &vs, nr, j, i, false);
                    }
                }
            }
            total
        };
        let best = value(&mates, &refused);
        // Only the scores of an optimal set can be in one (C6 fixes them).
        let floats: Vec<usize> = (nr..vs.len())
            .filter(|&i| mates[i].is_some_and(|j| j < nr))
            .collect();
        let count = floats.len();
        let scores: Vec<i32> = floats.iter().map(|&i| self.players[vs[i]].score).collect();
        let mut chosen: Vec<usize> = Vec::new();
        let mut chosen_at: Vec<usize> = Vec::new();
        for i in nr..vs.len() {
            if chosen.len() == count {
                break;
            }
            if !(0..nr).any(|j| self.allowed(vs[i], vs[j])) {
                continue;
            }
            if !scores.contains(&self.players[vs[i]].score) {
                continue;
            }
            for j in 0..nr {
                if self.allowed(vs[i], vs[j]) {
                    m.set_edge(j, i, layout.weight::<L>(self, &vs, nr, j, i, true));
                }
            }
            m.solve();
            let mates = m.mates();
            // Every upfloater taken so far must still be one, with the criteria unchanged.
            let floats = |k: usize| mates[k].is_some_and(|j| j < nr);
            let takes = floats(i)
                && chosen_at.iter().all(|&k| floats(k))
                && value(&mates, &refused) == best;
            if takes {
                chosen.push(vs[i]);
                chosen_at.push(i);
            } else {
                refused[i] = true;
                for j in 0..nr {
                    if self.allowed(vs[i], vs[j]) {
                        m.set_edge(j, i, Wide::<L>::ZERO);
                    }
                }
            }
        }
        Some(chosen)
    }

    /// 3.2.3–3.2.5: the pairs of the bracket `b`, G1 player first.
    pub fn pair_bracket(&self, b: &[usize]) -> Result<Vec<(usize, usize)>, PairingError> {
        let players = self.players;
        let mut g1: Vec<usize>;
        let mut g2: Vec<usize>;
        if b.iter().all(|&v| players[v].games == 0) {
            // 3.2.3: nobody has played yet: the first half by TPN.
            let mut sorted = b.to_vec();
            sorted.sort_by_key(|&v| players[v].tpn);
            g2 = sorted.split_off(sorted.len() / 2);
            g1 = sorted;
        } else {
            (g1, g2) = b.iter().partition(|&&v| self.seeks_white(v));
        }
        // 3.2.4: X is the smaller subgroup (G1 when equal).
        let x_is_g1 = g1.len() <= g2.len();
        let (x, y) = if x_is_g1 { (&g1, &g2) } else { (&g2, &g1) };
        let shifter_order = |group: &[usize], whites: bool| -> Vec<usize> {
            let mut sorted = group.to_vec();
            if whites {
                sorted.sort_by_key(|&v| (players[v].aro, players[v].tpn));
            } else {
                sorted.sort_by_key(|&v| players[v].tpn);
            }
            middle_out(&sorted)
        };
        let mut x_mask = vec![false; players.len()];
        for &v in x.iter() {
            x_mask[v] = true;
        }
        let in_x = |v: usize| x_mask[v];
        let p = self
            .inside_pairs(b, in_x)
            .ok_or(PairingError::NoValidPairing { round: 0 })?;
        // 3.2.4.1: the players of X who must be paired together, p of them shifted.
        let mut s1: Vec<usize> = Vec::new();
        if p > 0 {
            let mut excluded: Vec<usize> = Vec::new();
            for v in shifter_order(x, x_is_g1) {
                if s1.len() == p {
                    break;
                }
                s1.push(v);
                if !self.first_shift_feasible(b, &x_mask, &s1, &excluded, p) {
                    s1.pop();
                    excluded.push(v);
                }
            }
            if s1.len() < p {
                return Err(PairingError::NoValidPairing { round: 0 });
            }
        }
        // 3.2.4.2: equal sizes, the best set of the larger subgroup's own seekers shifted.
        let q = (y.len() + p - (x.len() - p)) / 2;
        let home: Vec<usize> = x.iter().copied().filter(|v| !s1.contains(v)).collect();
        let pool = shifter_order(y, !x_is_g1);
        let mut t: Vec<usize> = pool[..q].to_vec();
        if !self.second_shift_feasible(b, &home, &s1, &t, &pool[q..]) {
            t.clear();
            let mut excluded: Vec<usize> = Vec::new();
            for &v in &pool {
                if t.len() == q {
                    break;
                }
                t.push(v);
                let undecided: Vec<usize> = pool
                    .iter()
                    .copied()
                    .filter(|w| !t.contains(w) && !excluded.contains(w))
                    .collect();
                if !self.second_shift_feasible(b, &home, &s1, &t, &excluded)
                    || undecided.len() + t.len() < q
                {
                    t.pop();
                    excluded.push(v);
                }
            }
            if t.len() < q {
                return Err(PairingError::NoValidPairing { round: 0 });
            }
        }
        let stay: Vec<usize> = y.iter().copied().filter(|v| !t.contains(v)).collect();
        let side_x: Vec<usize> = home.iter().chain(&t).copied().collect();
        let side_y: Vec<usize> = stay.iter().chain(&s1).copied().collect();
        (g1, g2) = if x_is_g1 {
            (side_x, side_y)
        } else {
            (side_y, side_x)
        };
        // 3.2.5: S1 by ascending ARO then TPN; G2 by TPN (4.4.2); the first transposition.
        g1.sort_by_key(|&v| (players[v].aro, players[v].tpn));
        g2.sort_by_key(|&v| players[v].tpn);
        let t2 = self
            .first_transposition(&g1, &g2)
            .ok_or(PairingError::NoValidPairing { round: 0 })?;
        Ok(g1.into_iter().zip(t2).collect())
    }

    /// 3.2.4.1: with `chosen` shifted and `excluded` kept, a legal pairing of `b` exists in
    /// which the pairs inside X are exactly `p` and each holds one shifted player.
    fn first_shift_feasible(
        &self,
        b: &[usize],
        x_mask: &[bool],
        chosen: &[usize],
        excluded: &[usize],
        p: usize,
    ) -> bool {
        let in_x = |v: usize| x_mask[v];
        let mut m = Matcher::<u64>::new(b.len());
        for i in 0..b.len() {
            for j in 0..i {
                let (u, v) = (b[i], b[j]);
                if !self.allowed(u, v) {
                    continue;
                }
                let inside = in_x(u) && in_x(v);
                let both = |s: &[usize]| s.contains(&u) && s.contains(&v);
                if inside && (both(chosen) || both(excluded)) {
                    continue;
                }
                // A shifted player is paired inside X.
                if !inside && (chosen.contains(&u) || chosen.contains(&v)) {
                    continue;
                }
                m.set_edge(i, j, (1 << 20) + u64::from(!inside));
            }
        }
        m.solve();
        let mates = m.mates();
        mates.iter().all(Option::is_some)
            && (0..b.len())
                .filter(|&i| mates[i].is_some_and(|j| j < i && in_x(b[i]) && in_x(b[j])))
                .count()
                == p
    }

    /// 3.2.4.2: with `chosen` shifted from the larger subgroup and `excluded` kept there, a
    /// legal pairing of each remaining player of X (`home`) or of the larger subgroup with a
    /// player of the other side exists (the undecided players may still go either way).
    fn second_shift_feasible(
        &self,
        b: &[usize],
        home: &[usize],
        s1: &[usize],
        chosen: &[usize],
        excluded: &[usize],
    ) -> bool {
        #[derive(Clone, Copy, PartialEq)]
        enum Role {
            Home,
            Shifted,
            Moves,
            Stays,
            Open,
        }
        let mut roles = vec![Role::Open; self.players.len()];
        for (list, r) in [
            (home, Role::Home),
            (s1, Role::Shifted),
            (chosen, Role::Moves),
            (excluded, Role::Stays),
        ] {
            for &v in list {
                roles[v] = r;
            }
        }
        let role = |v: usize| roles[v];
        // One player of each final subgroup: X's side is Home and Moves, the other Shifted
        // and Stays; Open goes wherever its opponent needs.
        let side = |r: Role| match r {
            Role::Home | Role::Moves => Some(true),
            Role::Shifted | Role::Stays => Some(false),
            Role::Open => None,
        };
        // A greedy pairing under the same rule proves it (exact: it is one such pairing).
        if 2 * self.greedy(b, |i| side(role(b[i]))) == b.len() {
            return true;
        }
        let adj = self.adjacency(b, |u, v| match (side(role(u)), side(role(v))) {
            (Some(s), Some(t)) => s != t,
            _ => true,
        });
        has_perfect_matching(&adj)
    }

    /// 3.2.5 / 4.4: the first arrangement of `g2` (sorted by TPN), in lexicographic order, that
    /// pairs each player of `s1` with the player in the same position legally.
    fn first_transposition(&self, s1: &[usize], g2: &[usize]) -> Option<Vec<usize>> {
        let k = s1.len();
        if g2.len() != k {
            return None;
        }
        // Greedy: when it completes, it is the first arrangement.
        let mut used = vec![false; k];
        let mut greedy = Vec::with_capacity(k);
        // Every column before `free` is used: the search for the first free allowed column
        // starts there (the same column as from 0).
        let mut free = 0;
        for &a in s1 {
            while free < k && used[free] {
                free += 1;
            }
            match (free..k).find(|&j| !used[j] && self.allowed(a, g2[j])) {
                Some(j) => {
                    used[j] = true;
                    greedy.push(g2[j]);
                }
                None => break,
            }
        }
        if greedy.len() == k {
            return Some(greedy);
        }
        // Otherwise keep a perfect matching of rows to columns and, row by row, move it to the
        // smallest column from which the row's current column can be reached.
        let mut adj = vec![Vec::new(); 2 * k];
        for (i, &a) in s1.iter().enumerate() {
            for (j, &c) in g2.iter().enumerate() {
                if self.allowed(a, c) {
                    adj[i].push(k + j);
                    adj[k + j].push(i);
                }
            }
        }
        let mates = maximum_matching(&adj);
        let mut col_of: Vec<usize> = Vec::with_capacity(k);
        for mate in mates.iter().take(k) {
            col_of.push((*mate)? - k);
        }
        let mut row_of = vec![0; k];
        for (i, &c) in col_of.iter().enumerate() {
            row_of[c] = i;
        }
        let mut fixed_col = vec![false; k];
        for i in 0..k {
            let target = col_of[i];
            // Columns from which `target` is reachable: c -> c' when the row on c may take c'.
            let mut next = vec![usize::MAX; k];
            let mut reach = vec![false; k];
            reach[target] = true;
            let mut stack = vec![target];
            while let Some(c2) = stack.pop() {
                for c in 0..k {
                    if !reach[c]
                        && !fixed_col[c]
                        && row_of[c] > i
                        && self.allowed(s1[row_of[c]], g2[c2])
                    {
                        reach[c] = true;
                        next[c] = c2;
                        stack.push(c);
                    }
                }
            }
            let j = (0..k).find(|&c| !fixed_col[c] && reach[c] && self.allowed(s1[i], g2[c]))?;
            // Rotate along j -> ... -> target.
            let mut c = j;
            let mut row = i;
            loop {
                let displaced = row_of[c];
                col_of[row] = c;
                row_of[c] = row;
                if c == target {
                    break;
                }
                row = displaced;
                c = next[c];
            }
            fixed_col[j] = true;
        }
        Some(col_of.iter().map(|&c| g2[c]).collect())
    }
}

/// Bit fields of the weighted matching of [`Round::upfloaters`], most significant first:
/// forcing (one chosen upfloater), C4 (every player paired), C5 (pairs of residents), C6 (one
/// field per lower score, the lowest first: upfloaters not at that score), C7 (bracket pairs
/// of opposite seekers), C8 (upfloaters who are not maximum upfloaters), C9 (MaxT + 1 minus a
/// maximum upfloater's upfloats), C10 (upfloaters who did not upfloat in the previous round).
#[derive(Debug)]
struct Layout {
    /// Only the residents must be paired: players below stay out of the graph's pairs.
    window: bool,
    width: u32,
    levels: Vec<i32>,
    top: u32,
    c9_base: u64,
}

impl Layout {
    fn new(round: &Round, r: &[usize], lower: &[usize], window: bool) -> Layout {
        let n = (r.len() + lower.len()) as u64;
        let mut levels: Vec<i32> = lower.iter().map(|&v| round.players[v].score).collect();
        levels.sort_unstable();
        levels.dedup();
        let most_upfloats = lower
            .iter()
            .map(|&v| round.players[v].upfloats)
            .max()
            .unwrap_or(0);
        let c9_base = u64::from(most_upfloats.max(round.max_upfloats)) + 1;
        let largest = (2 * n + 2) * c9_base;
        let width = 64 - largest.leading_zeros() + 1;
        let fields = 8 + levels.len() as u32;
        Layout {
            window,
            width,
            top: width * fields,
            levels,
            c9_base,
        }
    }

    fn limbs(&self) -> usize {
        // Two spare bits for the matching's doubled weights.
        (self.top as usize + 2).div_ceil(64)
    }

    /// The weight of the pair of `vs[j]` and `vs[i]` (j < i; the first `nr` are residents).
    fn weight<const L: usize>(
        &self,
        round: &Round,
        vs: &[usize],
        nr: usize,
        j: usize,
        i: usize,
        force: bool,
    ) -> Wide<L> {
        let w = self.width;
        let mut fields: Vec<u64> = Vec::new();
        let (a, b) = (vs[j], vs[i]);
        let residents = usize::from(j < nr) + usize::from(i < nr);
        // Most significant first.
        fields.push(u64::from(force));
        // C4: in a window only the residents need pairing.
        fields.push(if self.window { residents as u64 } else { 2 });
        fields.push(u64::from(residents == 2));
        if residents == 1 {
            let up = &round.players[b];
            for &level in &self.levels {
                fields.push(u64::from(up.score != level));
            }
            let opposite = round.players[a].preference != up.preference;
            fields.push(u64::from(opposite));
            let (c8, c9, c10) = round.float_costs(b);
            fields.push(1 - u64::from(c8));
            fields.push(self.c9_base - u64::from(c9));
            fields.push(1 - u64::from(c10));
        } else {
            fields.extend(std::iter::repeat_n(0, self.levels.len()));
            let opposite = round.players[a].preference != round.players[b].preference;
            fields.push(u64::from(residents == 2 && opposite));
            fields.extend([0, 0, 0]);
        }
        fields.push(0);
        let mut value = Wide::<L>::ZERO;
        let count = fields.len() as u32;
        for (k, f) in fields.into_iter().enumerate() {
            let offset = w * (count - 1 - k as u32);
            value = value.with_field(offset, w, f);
        }
        value
    }
}
