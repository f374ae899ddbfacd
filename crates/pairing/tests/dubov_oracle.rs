//! The literal oracle of the Dubov system (C.04.4.1, 2026): the text step by step, slow and
//! simple, written apart from the engine (it shares nothing with `pairing` but the tournament
//! model). Sets and transpositions are enumerated in the text's order and the first legal (or
//! best) one is taken; "a legal pairing exists" is a backtracking search. Meant for fields of
//! up to 30 players.

use std::collections::HashSet;

use tournament::{Color, Entry, PlayerId, Tournament};

/// One player to pair, as the definitions of Art. 1 describe them.
#[derive(Debug, Clone)]
pub struct OPlayer {
    pub id: PlayerId,
    pub tpn: u32,
    /// Pairing score in tenths (points + this round's virtual points).
    pub score: i32,
    /// Colours of played games, oldest first.
    pub colours: Vec<Color>,
    pub pref: Color,
    /// 3 absolute, 2 strong, 1 mild.
    pub strength: u8,
    pub aro: u32,
    pub may_get_bye: bool,
    pub games: u32,
    pub upfloats: u32,
    pub upfloated_last: bool,
}

/// The oracle's answer: boards (white, black) in board order and the PAB; `None` when no legal
/// pairing exists.
pub type OPairing = Option<(Vec<(PlayerId, PlayerId)>, Option<PlayerId>)>;

fn entry(t: &Tournament, i: usize, round: u32) -> Entry {
    t.players[i]
        .rounds
        .get(round as usize - 1)
        .copied()
        .unwrap_or(Entry::NotPaired)
}

/// C.04.7: virtual points of player `i` in `round` (explicit records, else Baku when the type
/// code asks for it).
fn virtual_points(t: &Tournament, i: usize, round: u32) -> i32 {
    let id = t.players[i].id;
    let explicit = !t.accelerations.is_empty() || !t.player_accelerations.is_empty();
    if explicit {
        return t.acceleration(id, round).tenths();
    }
    let baku = t
        .header
        .type_code
        .as_deref()
        .is_some_and(|c| c.ends_with("_BAKU"));
    if !baku {
        return 0;
    }
    let n = t.players.len();
    let ga = 2 * n.div_ceil(4);
    let mut ids: Vec<PlayerId> = t.players.iter().map(|p| p.id).collect();
    ids.sort();
    if !ids[..ga].contains(&id) {
        return 0;
    }
    let total = t.header.rounds.unwrap();
    let accelerated = total.div_ceil(2);
    let win = t.point_system.win.tenths();
    if round <= accelerated.div_ceil(2) {
        win
    } else if round <= accelerated {
        win / 2
    } else {
        0
    }
}

/// Points from rounds before `round`, plus the virtual points of `round`.
fn pairing_score(t: &Tournament, i: usize, round: u32) -> i32 {
    let real: i32 = (1..round)
        .map(|r| entry(t, i, r).points(&t.point_system).tenths())
        .sum();
    real + virtual_points(t, i, round)
}

fn index(t: &Tournament, id: PlayerId) -> usize {
    t.players.iter().position(|p| p.id == id).unwrap()
}

/// Art. 1 for every player to be paired in `round`.
pub fn players(t: &Tournament, round: u32) -> Vec<OPlayer> {
    let win = t.point_system.win.tenths();
    let total = t.header.rounds.unwrap();
    let _ = total;
    let mut out = Vec::new();
    for (i, p) in t.players.iter().enumerate() {
        let withdrawn = (1..round).any(|r| entry(t, i, r) == Entry::Withdrawn);
        let here = entry(t, i, round);
        let present = matches!(here, Entry::NotPaired);
        if withdrawn || !present {
            continue;
        }
        let mut colours = Vec::new();
        let mut ratings = Vec::new();
        let mut may_get_bye = true;
        let mut upfloats = 0;
        let mut upfloated_last = false;
        for r in 1..round {
            let e = entry(t, i, r);
            match e {
                Entry::Played {
                    opponent, color, ..
                } => {
                    colours.push(color);
                    let o = index(t, opponent);
                    ratings.push(u64::from(t.players[o].rating.unwrap_or(0)));
                    if pairing_score(t, o, r) > pairing_score(t, i, r) {
                        upfloats += 1;
                        upfloated_last = r == round - 1;
                    }
                }
                Entry::PairingBye => may_get_bye = false,
                other => {
                    if other.points(&t.point_system).tenths() >= win {
                        may_get_bye = false;
                    }
                }
            }
        }
        let whites = colours.iter().filter(|&&c| c == Color::White).count() as i32;
        let cd = whites - (colours.len() as i32 - whites);
        let last_two_same =
            colours.len() >= 2 && colours[colours.len() - 1] == colours[colours.len() - 2];
        let last = colours.last().copied();
        // 1.6.1 – 1.6.4
        let (pref, strength) = if cd < -1 {
            (Color::White, 3)
        } else if cd > 1 {
            (Color::Black, 3)
        } else if last_two_same {
            (last.unwrap().opposite(), 3)
        } else if cd == -1 {
            (Color::White, 2)
        } else if cd == 1 {
            (Color::Black, 2)
        } else if let Some(l) = last {
            (l.opposite(), 1)
        } else {
            (Color::Black, 1)
        };
        // 1.7.1: rounded to the nearest integer, .5 up.
        let aro = if ratings.is_empty() {
            0
        } else {
            let s: u64 = ratings.iter().sum();
            let n = ratings.len() as u64;
            let q = s / n;
            if (s % n) * 2 >= n {
                q + 1
            } else {
                q
            }
        } as u32;
        let mut order: Vec<PlayerId> = t.players.iter().map(|p| p.id).collect();
        order.sort();
        out.push(OPlayer {
            id: p.id,
            tpn: order.iter().position(|&x| x == p.id).unwrap() as u32 + 1,
            score: pairing_score(t, i, round),
            games: colours.len() as u32,
            colours,
            pref,
            strength,
            aro,
            may_get_bye,
            upfloats,
            upfloated_last,
        });
    }
    out
}

struct Ctx<'a> {
    p: Vec<OPlayer>,
    met: HashSet<(PlayerId, PlayerId)>,
    t: &'a Tournament,
    round: u32,
    initial: Color,
    last_round: bool,
    max_t: u32,
}

impl Ctx<'_> {
    /// C1 (and the arbiter's forbidden pairs), C3.
    fn legal(&self, a: usize, b: usize) -> bool {
        let (x, y) = (&self.p[a], &self.p[b]);
        if self.met.contains(&(x.id, y.id)) || self.t.is_forbidden(x.id, y.id, self.round) {
            return false;
        }
        !(x.strength == 3 && y.strength == 3 && x.pref == y.pref)
    }

    /// A legal pairing of all of `set` exists (backtracking, failures remembered).
    fn pairable(&self, set: &[usize]) -> bool {
        fn go(c: &Ctx, set: &[usize], free: u64, dead: &mut HashSet<u64>) -> bool {
            if free == 0 {
                return true;
            }
            if dead.contains(&free) {
                return false;
            }
            let first = free.trailing_zeros() as usize;
            let rest = free & !(1 << first);
            let mut bits = rest;
            while bits != 0 {
                let k = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if c.legal(set[first], set[k]) && go(c, set, rest & !(1 << k), dead) {
                    return true;
                }
            }
            dead.insert(free);
            false
        }
        set.len().is_multiple_of(2) && go(self, set, (1u64 << set.len()) - 1, &mut HashSet::new())
    }

    /// A legal pairing of `set` with at most `k` pairs inside `group` exists.
    fn pairable_with_inside(&self, set: &[usize], group: &[usize], k: usize) -> bool {
        fn go(
            c: &Ctx,
            set: &[usize],
            group: &[usize],
            free: u64,
            k: usize,
            dead: &mut HashSet<(u64, usize)>,
        ) -> bool {
            if free == 0 {
                return true;
            }
            if dead.contains(&(free, k)) {
                return false;
            }
            let first = free.trailing_zeros() as usize;
            let rest = free & !(1 << first);
            let mut bits = rest;
            while bits != 0 {
                let j = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let inside = group.contains(&set[first]) && group.contains(&set[j]);
                if c.legal(set[first], set[j])
                    && (!inside || k > 0)
                    && go(
                        c,
                        set,
                        group,
                        rest & !(1 << j),
                        k - usize::from(inside),
                        dead,
                    )
                {
                    return true;
                }
            }
            dead.insert((free, k));
            false
        }
        set.len().is_multiple_of(2)
            && go(
                self,
                set,
                group,
                (1u64 << set.len()) - 1,
                k,
                &mut HashSet::new(),
            )
    }

    /// Art. 5.2: the colour of `a` against `b`.
    fn colour(&self, a: usize, b: usize) -> Color {
        let (x, y) = (&self.p[a], &self.p[b]);
        let x_higher = x.score > y.score || (x.score == y.score && x.tpn < y.tpn);
        let hrp = if x_higher { x } else { y };
        let give_hrp = |c: Color| if x_higher { c } else { c.opposite() };
        if x.games == 0 && y.games == 0 {
            return give_hrp(if hrp.tpn % 2 == 1 {
                self.initial
            } else {
                self.initial.opposite()
            });
        }
        if x.pref != y.pref {
            return x.pref;
        }
        if x.strength > y.strength {
            return x.pref;
        }
        if y.strength > x.strength {
            return y.pref.opposite();
        }
        let (mut i, mut j) = (x.colours.len(), y.colours.len());
        while i > 0 && j > 0 {
            i -= 1;
            j -= 1;
            if x.colours[i] != y.colours[j] {
                return x.colours[i].opposite();
            }
        }
        give_hrp(hrp.pref)
    }

    /// Players of `pairs` who do not get their colour preference (C7).
    fn misses(&self, pairs: &[(usize, usize)]) -> u32 {
        pairs
            .iter()
            .map(|&(a, b)| {
                let ca = self.colour(a, b);
                u32::from(ca != self.p[a].pref) + u32::from(ca.opposite() != self.p[b].pref)
            })
            .sum()
    }

    /// 3.2.5 / 4.4: the first transposition of `g2` (by TPN) pairing S1[k] with T2[k] legally.
    fn first_transposition(&self, s1: &[usize], g2: &[usize]) -> Option<Vec<usize>> {
        fn go(
            c: &Ctx,
            s1: &[usize],
            g2: &[usize],
            used: u64,
            out: &mut Vec<usize>,
            dead: &mut HashSet<u64>,
        ) -> bool {
            let k = out.len();
            if k == s1.len() {
                return true;
            }
            if dead.contains(&used) {
                return false;
            }
            for j in 0..g2.len() {
                if used >> j & 1 == 0 && c.legal(s1[k], g2[j]) {
                    out.push(g2[j]);
                    if go(c, s1, g2, used | 1 << j, out, dead) {
                        return true;
                    }
                    out.pop();
                }
            }
            dead.insert(used);
            false
        }
        let mut out = Vec::new();
        (s1.len() == g2.len() && go(self, s1, g2, 0, &mut out, &mut HashSet::new())).then_some(out)
    }

    /// 4.3: the shifters of a subgroup, sorted (White seekers by ARO then TPN, Black seekers
    /// by TPN) and numbered from the middle outwards.
    fn shifter_order(&self, group: &[usize], whites: bool) -> Vec<usize> {
        let mut v = group.to_vec();
        if whites {
            v.sort_by_key(|&a| (self.p[a].aro, self.p[a].tpn));
        } else {
            v.sort_by_key(|&a| self.p[a].tpn);
        }
        let mut out = Vec::new();
        while !v.is_empty() {
            let k = (v.len() - 1) / 2;
            out.push(v.remove(k));
        }
        out
    }

    /// 3.2.3–3.2.5 for the bracket `b`: its pairs (G1 player first).
    fn pair_bracket(&self, b: &[usize]) -> Option<Vec<(usize, usize)>> {
        let (g1, g2): (Vec<usize>, Vec<usize>) = if b.iter().all(|&a| self.p[a].games == 0) {
            let mut v = b.to_vec();
            v.sort_by_key(|&a| self.p[a].tpn);
            let second = v.split_off(v.len() / 2);
            (v, second)
        } else {
            b.iter().partition(|&&a| self.p[a].pref == Color::White)
        };
        let x_is_g1 = g1.len() <= g2.len();
        let (x, y) = if x_is_g1 { (&g1, &g2) } else { (&g2, &g1) };
        // 3.2.4.1: how many pairs of X are unavoidable.
        let p = (0..=x.len() / 2).find(|&k| self.pairable_with_inside(b, x, k))?;
        let q = (y.len() + p - (x.len() - p)) / 2;
        let order_x = self.shifter_order(x, x_is_g1);
        let order_y = self.shifter_order(y, !x_is_g1);
        // Every (first set, second set) in order; the first best by C7 at each step.
        let mut best: Option<(u32, Vec<(usize, usize)>)> = None;
        let mut best_first: Option<(u32, Vec<usize>)> = None;
        for s in combinations(&order_x, p) {
            let mut best_here: Option<(u32, Vec<(usize, usize)>)> = None;
            for t in combinations(&order_y, q) {
                let mut side_x: Vec<usize> = x.iter().copied().filter(|a| !s.contains(a)).collect();
                side_x.extend(&t);
                let mut side_y: Vec<usize> = y.iter().copied().filter(|a| !t.contains(a)).collect();
                side_y.extend(&s);
                let (mut s1, mut t2) = if x_is_g1 {
                    (side_x, side_y)
                } else {
                    (side_y, side_x)
                };
                s1.sort_by_key(|&a| (self.p[a].aro, self.p[a].tpn));
                t2.sort_by_key(|&a| self.p[a].tpn);
                if let Some(tr) = self.first_transposition(&s1, &t2) {
                    let pairs: Vec<(usize, usize)> = s1.into_iter().zip(tr).collect();
                    let m = self.misses(&pairs);
                    if best_here.as_ref().is_none_or(|(bm, _)| m < *bm) {
                        best_here = Some((m, pairs));
                    }
                }
            }
            if let Some((m, pairs)) = best_here {
                if best_first.as_ref().is_none_or(|(bm, _)| m < *bm) {
                    best_first = Some((m, s.clone()));
                    best = Some((m, pairs));
                }
            }
        }
        best.map(|(_, pairs)| pairs)
    }
}

/// All `k`-sets of `pool` in the order of the smallest differing sequence number (4.1.3).
pub fn combinations(pool: &[usize], k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    fn go(pool: &[usize], k: usize, from: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in from..pool.len() {
            if pool.len() - i < k - cur.len() {
                break;
            }
            cur.push(pool[i]);
            go(pool, k, i + 1, cur, out);
            cur.pop();
        }
    }
    go(pool, k, 0, &mut Vec::new(), &mut out);
    out
}

/// C7, C8, C9, C10 of a bracket.
type Quality = (u32, u32, u32, u32);
/// GHR 3.6: the higher ranked player's score (negated), the other's, the higher ranked TPN.
type BoardKey = (i32, i32, u32);

/// The oracle's pairing of `round`.
pub fn pair(t: &Tournament, round: u32) -> OPairing {
    let total = t.header.rounds.unwrap();
    let p = players(t, round);
    let mut met = HashSet::new();
    for (i, pl) in t.players.iter().enumerate() {
        for r in 1..round {
            if let Entry::Played { opponent, .. } = entry(t, i, r) {
                met.insert((pl.id, opponent));
                met.insert((opponent, pl.id));
            }
        }
    }
    let c = Ctx {
        p,
        met,
        t,
        round,
        initial: t.header.initial_color.unwrap(),
        last_round: round == total,
        max_t: 2 + total / 5,
    };
    let n = c.p.len();
    let everyone: Vec<usize> = (0..n).collect();
    let mut unpaired: Vec<usize> = everyone.clone();
    // 3.1: the PAB first.
    let mut bye = None;
    if n % 2 == 1 {
        let mut cands: Vec<usize> = everyone
            .iter()
            .copied()
            .filter(|&a| c.p[a].may_get_bye)
            .collect();
        cands.sort_by_key(|&a| {
            (
                c.p[a].score,
                std::cmp::Reverse(c.p[a].games),
                std::cmp::Reverse(c.p[a].tpn),
            )
        });
        let v = cands.into_iter().find(|&a| {
            let rest: Vec<usize> = everyone.iter().copied().filter(|&x| x != a).collect();
            c.pairable(&rest)
        })?;
        unpaired.retain(|&x| x != v);
        bye = Some(v);
    } else if !c.pairable(&everyone) {
        return None;
    }
    let mut scores: Vec<i32> = unpaired.iter().map(|&a| c.p[a].score).collect();
    scores.sort_by(|a, b| b.cmp(a));
    scores.dedup();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for s in scores {
        let mut r: Vec<usize> = unpaired
            .iter()
            .copied()
            .filter(|&a| c.p[a].score == s)
            .collect();
        if r.is_empty() {
            continue;
        }
        r.sort_by_key(|&a| c.p[a].tpn);
        // 4.2.2: possible upfloaters by descending score, then ascending TPN.
        let mut lower: Vec<usize> = unpaired
            .iter()
            .copied()
            .filter(|&a| c.p[a].score < s)
            .collect();
        lower.sort_by_key(|&a| (std::cmp::Reverse(c.p[a].score), c.p[a].tpn));
        // 3.2.1: the fewest upfloaters giving a legal pairing (C1, C3, C4).
        let mut legal_sets: Vec<Vec<usize>> = Vec::new();
        let mut u = r.len() % 2;
        while u <= lower.len() {
            for set in combinations(&lower, u) {
                let mut bracket = r.clone();
                bracket.extend(&set);
                let rest: Vec<usize> = lower.iter().copied().filter(|a| !set.contains(a)).collect();
                if c.pairable(&bracket) && c.pairable(&rest) {
                    legal_sets.push(set);
                }
            }
            if !legal_sets.is_empty() {
                break;
            }
            u += 2;
        }
        if legal_sets.is_empty() {
            return None;
        }
        // C6: score differences, in descending order, as small as possible.
        let profile = |set: &Vec<usize>| -> Vec<i32> {
            let mut d: Vec<i32> = set.iter().map(|&a| s - c.p[a].score).collect();
            d.sort_by(|a, b| b.cmp(a));
            d
        };
        let best_profile = legal_sets.iter().map(profile).min().unwrap();
        let valid: Vec<Vec<usize>> = legal_sets
            .into_iter()
            .filter(|set| profile(set) == best_profile)
            .collect();
        // 3.2.2: the first valid set whose bracket pairs best by C7–C10.
        let mut chosen: Option<(Quality, Vec<(usize, usize)>)> = None;
        for set in &valid {
            let mut bracket = r.clone();
            bracket.extend(set);
            let Some(bp) = c.pair_bracket(&bracket) else {
                continue;
            };
            let key = if valid.len() == 1 {
                (0, 0, 0, 0)
            } else {
                let c7 = c.misses(&bp);
                let (mut c8, mut c9, mut c10) = (0, 0, 0);
                if !c.last_round {
                    for &a in set {
                        if c.p[a].upfloats >= c.max_t {
                            c8 += 1;
                            c9 += c.p[a].upfloats;
                        }
                        if c.p[a].upfloated_last {
                            c10 += 1;
                        }
                    }
                }
                (c7, c8, c9, c10)
            };
            if chosen.as_ref().is_none_or(|(k, _)| key < *k) {
                chosen = Some((key, bp));
            }
        }
        let (_, bp) = chosen?;
        for &(a, b) in &bp {
            unpaired.retain(|&x| x != a && x != b);
        }
        pairs.extend(bp);
    }
    // Art. 5 colours, GHR 3.6 board order (pairing scores).
    let mut boards: Vec<(BoardKey, (PlayerId, PlayerId))> = pairs
        .iter()
        .map(|&(a, b)| {
            let (x, y) = (&c.p[a], &c.p[b]);
            let (h, l) = if x.score > y.score || (x.score == y.score && x.tpn < y.tpn) {
                (x, y)
            } else {
                (y, x)
            };
            let wb = if c.colour(a, b) == Color::White {
                (x.id, y.id)
            } else {
                (y.id, x.id)
            };
            ((-h.score, -l.score, h.tpn), wb)
        })
        .collect();
    boards.sort();
    Some((
        boards.into_iter().map(|(_, wb)| wb).collect(),
        bye.map(|v| c.p[v].id),
    ))
}
