//! A literal oracle of the Burstein system (C.04.4.2, 2026), written apart from the engine: it
//! uses the `tournament` model and nothing of `pairing`. It follows the text step by step and
//! is deliberately simple: every floater set of a bracket is tried, every following bracket
//! is tried in full, and the pairings of a bracket are walked in the order of Art. 4.3 until
//! the first that is best. Only the walk is pruned, by two facts that cannot change its answer:
//! a branch whose players left cannot all be paired, and a branch that already has more colour
//! conflicts than the best pairing, are cut.
//!
//! Readings are those of the engine's module documentation (`pairing::burstein`), restated
//! here from the text, not taken from the engine's code.

use std::collections::HashMap;

use tournament::rounds::took_part;
use tournament::{ByeKind, Color, Entry, PlayerId, Tournament};

/// Why the oracle gives no pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OracleError {
    /// The round is a seeding round (1.6): the Dutch system pairs it, not this oracle.
    SeedingRound,
    /// No pairing satisfies the absolute criteria.
    NoValidPairing,
    /// Something the oracle does not model (a fixed PAB, a missing round count or colour).
    Unsupported,
}

/// The oracle's pairing: `(white, black)` TPNs in board order, and the PAB.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OraclePairing {
    pub boards: Vec<(u32, u32)>,
    pub bye: Option<u32>,
}

/// One player of the round, as the text describes him.
#[derive(Debug, Clone)]
struct P {
    id: u32,
    tpn: u32,
    /// Pairing score, tenths.
    score: i32,
    buchholz: i64,
    sonneborn_berger: i64,
    colours: Vec<Color>,
    may_get_bye: bool,
    games: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Strength {
    None,
    Mild,
    Strong,
    Absolute,
}

impl P {
    /// 1.5: the colour difference and the last two games played.
    fn preference(&self) -> (Strength, Option<Color>) {
        let w = self.colours.iter().filter(|&&c| c == Color::White).count() as i32;
        let b = self.colours.len() as i32 - w;
        let cd = w - b;
        let last = self.colours.last().copied();
        let two_same = self.colours.len() >= 2
            && self.colours[self.colours.len() - 1] == self.colours[self.colours.len() - 2];
        if cd > 1 {
            (Strength::Absolute, Some(Color::Black))
        } else if cd < -1 {
            (Strength::Absolute, Some(Color::White))
        } else if two_same {
            (Strength::Absolute, last.map(|c| c.opposite()))
        } else if cd == 1 {
            (Strength::Strong, Some(Color::Black))
        } else if cd == -1 {
            (Strength::Strong, Some(Color::White))
        } else if let Some(c) = last {
            (Strength::Mild, Some(c.opposite()))
        } else {
            (Strength::None, None)
        }
    }

    /// 1.8: Buchholz, then Sonneborn-Berger, higher first; then the smaller TPN.
    fn ranks_above(&self, o: &P) -> bool {
        (
            self.buchholz,
            self.sonneborn_berger,
            std::cmp::Reverse(self.tpn),
        ) > (o.buchholz, o.sonneborn_berger, std::cmp::Reverse(o.tpn))
    }
}

fn entry(t: &Tournament, i: usize, r: u32) -> Entry {
    t.players[i].entry(r).copied().unwrap_or(Entry::NotPaired)
}

fn points(t: &Tournament, e: &Entry) -> i32 {
    e.points(&t.point_system).tenths()
}

/// Virtual points of player `i` in round `r`: the file's, or Baku's when the type code asks
/// for it and the file gives none (C.04.7).
fn virtual_points(t: &Tournament, i: usize, r: u32) -> i32 {
    let explicit = !t.accelerations.is_empty() || !t.player_accelerations.is_empty();
    if explicit {
        return t.acceleration(t.players[i].id, r).tenths();
    }
    let baku = t
        .header
        .type_code
        .as_deref()
        .is_some_and(|c| c.trim().ends_with("_BAKU"));
    if !baku {
        return 0;
    }
    let n = t.players.len();
    let group_a = 2 * n.div_ceil(4);
    let position = t.players.iter().filter(|p| p.id < t.players[i].id).count();
    if position >= group_a {
        return 0;
    }
    let total = t.header.rounds.unwrap_or(0);
    let accelerated = total.div_ceil(2);
    let win = t.point_system.win.tenths();
    if r <= accelerated.div_ceil(2) {
        win
    } else if r <= accelerated {
        win / 2
    } else {
        0
    }
}

/// Perfect matchings of the players in `mask`, with memory.
struct Matchable<'a> {
    allowed: &'a [u64],
    memo: HashMap<u64, bool>,
}

impl Matchable<'_> {
    fn check(&mut self, mask: u64) -> bool {
        if mask == 0 {
            return true;
        }
        if mask.count_ones() % 2 == 1 {
            return false;
        }
        if let Some(&v) = self.memo.get(&mask) {
            return v;
        }
        let i = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << i);
        let mut partners = rest & self.allowed[i];
        let mut found = false;
        while partners != 0 {
            let j = partners.trailing_zeros() as usize;
            partners &= partners - 1;
            if self.check(rest & !(1 << j)) {
                found = true;
                break;
            }
        }
        self.memo.insert(mask, found);
        found
    }
}

fn subsets(items: &[usize], size: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut current = Vec::new();
    fn walk(
        items: &[usize],
        size: usize,
        from: usize,
        current: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if current.len() == size {
            out.push(current.clone());
            return;
        }
        for k in from..items.len() {
            current.push(items[k]);
            walk(items, size, k + 1, current, out);
            current.pop();
        }
    }
    walk(items, size, 0, &mut current, &mut out);
    out
}

fn mask_of(players: &[usize]) -> u64 {
    players.iter().fold(0, |m, &p| m | 1 << p)
}

/// Scores taken in descending order ([C6]): a smaller list is better.
fn descending_scores(ps: &[P], players: &[usize]) -> Vec<i32> {
    let mut v: Vec<i32> = players.iter().map(|&p| ps[p].score).collect();
    v.sort_by(|a, b| b.cmp(a));
    v
}

/// [C5] and [C6] of a group paired among itself, the `others` taking its floaters ([C4]):
/// the fewest floaters, then the lowest floater scores; `None` when nothing is possible.
fn best_floaters(
    ps: &[P],
    group: &[usize],
    others: u64,
    ok: &mut Matchable,
) -> Option<(usize, Vec<Vec<usize>>)> {
    let mut f = group.len() % 2;
    while f <= group.len() {
        let valid: Vec<Vec<usize>> = subsets(group, f)
            .into_iter()
            .filter(|floaters| {
                let paired = mask_of(group) & !mask_of(floaters);
                ok.check(paired) && ok.check(mask_of(floaters) | others)
            })
            .collect();
        if !valid.is_empty() {
            let best = valid
                .iter()
                .map(|s| descending_scores(ps, s))
                .min()
                .expect("not empty");
            let kept = valid
                .into_iter()
                .filter(|s| descending_scores(ps, s) == best)
                .collect();
            return Some((f, kept));
        }
        f += 2;
    }
    None
}

/// The pairing of a round after the seeding rounds, or why there is none.
pub fn pair(t: &Tournament, round: u32) -> Result<OraclePairing, OracleError> {
    let total = t.header.rounds.ok_or(OracleError::Unsupported)?;
    // 1.6.2
    if round <= (total / 2).min(4) {
        return Err(OracleError::SeedingRound);
    }
    let initial = t.header.initial_color.ok_or(OracleError::Unsupported)?;
    let played = round - 1;
    let n_all = t.players.len();
    // Who is paired (C.04.2 Arts. 2.4, 3.2, 3.3).
    let mut paired = Vec::new();
    for (i, p) in t.players.iter().enumerate() {
        let withdrawn = (1..round).any(|r| entry(t, i, r) == Entry::Withdrawn);
        let last = p
            .rounds
            .iter()
            .rposition(|e| *e != Entry::NotPaired)
            .map_or(0, |k| k as u32 + 1);
        let absent_here = round <= last && !took_part(&entry(t, i, round));
        let announced = t
            .announced_byes
            .iter()
            .any(|b| b.round == round && b.players.contains(&p.id));
        if t.announced_byes
            .iter()
            .any(|b| b.round == round && b.kind == ByeKind::PairingAllocated)
        {
            return Err(OracleError::Unsupported);
        }
        if !withdrawn && !absent_here && !announced {
            paired.push(i);
        }
    }
    // Standings points and what the opponents see (1.7.2).
    let score: Vec<i32> = (0..n_all)
        .map(|i| (1..=played).map(|r| points(t, &entry(t, i, r))).sum())
        .collect();
    let draw = t.point_system.draw.tenths();
    let seen: Vec<i32> = (0..n_all)
        .map(|i| {
            let mut s = score[i];
            let mut r = played;
            while r >= 1 {
                let e = entry(t, i, r);
                let zero_bye = matches!(
                    e,
                    Entry::ZeroBye
                        | Entry::NotPaired
                        | Entry::Withdrawn
                        | Entry::ForfeitLoss { opponent: None, .. }
                );
                if !zero_bye {
                    break;
                }
                s += draw - points(t, &e);
                r -= 1;
            }
            s
        })
        .collect();
    let by_id = |id: PlayerId| t.players.iter().position(|p| p.id == id);
    let ps: Vec<P> = paired
        .iter()
        .map(|&i| {
            let mut buchholz = 0i64;
            let mut sonneborn_berger = 0i64;
            let mut colours = Vec::new();
            let mut may_get_bye = true;
            for r in 1..=played {
                let e = entry(t, i, r);
                let pts = points(t, &e);
                let against = match e {
                    Entry::Played {
                        opponent, color, ..
                    } => {
                        colours.push(color);
                        seen[by_id(opponent).expect("opponent exists")]
                    }
                    _ => score[i],
                };
                buchholz += i64::from(against);
                sonneborn_berger += i64::from(pts) * i64::from(against);
                if e == Entry::PairingBye
                    || (!matches!(e, Entry::Played { .. }) && pts >= t.point_system.win.tenths())
                {
                    may_get_bye = false;
                }
            }
            let id = t.players[i].id;
            P {
                id: id.0,
                tpn: t.players.iter().filter(|p| p.id <= id).count() as u32,
                score: score[i] + virtual_points(t, i, round),
                buchholz,
                sonneborn_berger,
                games: colours.len() as u32,
                colours,
                may_get_bye,
            }
        })
        .collect();
    let n = ps.len();
    if n > 64 {
        return Err(OracleError::Unsupported);
    }
    // [C1] (games played), forbidden pairs, [C3].
    let mut allowed = vec![0u64; n];
    for a in 0..n {
        for b in 0..n {
            if a == b {
                continue;
            }
            let ia = paired[a];
            let met = (1..=played).any(|r| {
                matches!(entry(t, ia, r), Entry::Played { opponent, .. } if opponent.0 == ps[b].id)
            });
            let (sa, ca) = ps[a].preference();
            let (sb, cb) = ps[b].preference();
            let same_absolute = sa == Strength::Absolute && sb == Strength::Absolute && ca == cb;
            let forbidden = t.is_forbidden(PlayerId(ps[a].id), PlayerId(ps[b].id), round);
            if !met && !same_absolute && !forbidden {
                allowed[a] |= 1 << b;
            }
        }
    }
    let mut ok = Matchable {
        allowed: &allowed,
        memo: HashMap::new(),
    };
    let everybody = mask_of(&(0..n).collect::<Vec<_>>());
    // 3.1: the PAB.
    let mut bye = None;
    if n % 2 == 1 {
        let mut candidates: Vec<usize> = (0..n).filter(|&k| ps[k].may_get_bye).collect();
        candidates.sort_by(|&a, &b| {
            let (pa, pb) = (&ps[a], &ps[b]);
            pa.score
                .cmp(&pb.score)
                .then(pb.games.cmp(&pa.games))
                .then(if pa.ranks_above(pb) {
                    std::cmp::Ordering::Greater
                } else {
                    std::cmp::Ordering::Less
                })
        });
        bye = candidates
            .into_iter()
            .find(|&k| ok.check(everybody & !(1 << k)));
        if bye.is_none() {
            return Err(OracleError::NoValidPairing);
        }
    } else if !ok.check(everybody) {
        return Err(OracleError::NoValidPairing);
    }
    // 3.2: the brackets, top down.
    let mut unpaired: Vec<usize> = (0..n).filter(|&k| Some(k) != bye).collect();
    let mut incoming: Vec<usize> = Vec::new();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    while !unpaired.is_empty() {
        let top = unpaired
            .iter()
            .filter(|k| !incoming.contains(k))
            .map(|&k| ps[k].score)
            .max()
            .ok_or(OracleError::NoValidPairing)?;
        let mut bracket: Vec<usize> = unpaired
            .iter()
            .copied()
            .filter(|k| incoming.contains(k) || ps[*k].score == top)
            .collect();
        // 4.1: BSN in the order of 1.8.
        bracket.sort_by(|&a, &b| {
            if ps[a].ranks_above(&ps[b]) {
                std::cmp::Ordering::Less
            } else {
                std::cmp::Ordering::Greater
            }
        });
        let below: Vec<usize> = unpaired
            .iter()
            .copied()
            .filter(|k| !bracket.contains(k))
            .collect();
        let next_score = below.iter().map(|&k| ps[k].score).max();
        let next: Vec<usize> = below
            .iter()
            .copied()
            .filter(|&k| Some(ps[k].score) == next_score)
            .collect();
        let further: Vec<usize> = below
            .iter()
            .copied()
            .filter(|&k| Some(ps[k].score) != next_score)
            .collect();
        // 3.2.1 with [C5] and [C6].
        let (_, floater_sets) = best_floaters(&ps, &bracket, mask_of(&below), &mut ok)
            .ok_or(OracleError::NoValidPairing)?;
        // [C7]: the following bracket's [C5] then [C6].
        let following_quality = |floaters: &Vec<usize>, ok: &mut Matchable| {
            if next.is_empty() {
                return (0usize, Vec::new());
            }
            let mut group = floaters.clone();
            group.extend(&next);
            match best_floaters(&ps, &group, mask_of(&further), ok) {
                Some((f, sets)) => (f, descending_scores(&ps, &sets[0])),
                None => (usize::MAX, Vec::new()),
            }
        };
        let qualities: Vec<(usize, Vec<i32>)> = floater_sets
            .iter()
            .map(|f| following_quality(f, &mut ok))
            .collect();
        let best_quality = qualities.iter().min().expect("a floater set").clone();
        let floater_sets: Vec<Vec<usize>> = floater_sets
            .into_iter()
            .zip(qualities)
            .filter(|(_, q)| *q == best_quality)
            .map(|(f, _)| f)
            .collect();
        // [C8] and Art. 4.3 over every remaining floater set.
        // (conflicts, opponents by BSN, pairs) of the best so far.
        type Candidate = (usize, Vec<usize>, Vec<(usize, usize)>);
        let mut best: Option<Candidate> = None;
        for floaters in &floater_sets {
            let players: Vec<usize> = bracket
                .iter()
                .copied()
                .filter(|k| !floaters.contains(k))
                .collect();
            let least = least_conflicts(&ps, &players, &mut ok);
            let found = first_in_order(&ps, &bracket, &players, least, &mut ok)
                .expect("a pairing with the least conflicts exists");
            let vector = opponents_vector(&bracket, &found);
            let better = match &best {
                None => true,
                Some((c, v, _)) => least < *c || (least == *c && vector > *v),
            };
            if better {
                best = Some((least, vector, found));
            }
        }
        let (_, _, found) = best.expect("a floater set");
        let chosen: Vec<usize> = found.iter().flat_map(|&(a, b)| [a, b]).collect();
        pairs.extend(found);
        incoming = bracket
            .iter()
            .copied()
            .filter(|k| !chosen.contains(k))
            .collect();
        unpaired.retain(|k| !chosen.contains(k));
    }
    // Art. 5 and C.04.2 Art. 3.6.
    // (higher player's score, lower player's score, higher player's TPN) sorts the boards.
    type Keyed = ((i32, i32, u32), (u32, u32));
    let mut boards: Vec<Keyed> = pairs
        .iter()
        .map(|&(a, b)| {
            let (pa, pb) = (&ps[a], &ps[b]);
            let white_a = colour_for(pa, pb, initial) == Color::White;
            let (hi, lo) =
                if (pa.score, std::cmp::Reverse(pa.tpn)) > (pb.score, std::cmp::Reverse(pb.tpn)) {
                    (pa, pb)
                } else {
                    (pb, pa)
                };
            let key = (-hi.score, -lo.score, hi.tpn);
            let board = if white_a {
                (pa.id, pb.id)
            } else {
                (pb.id, pa.id)
            };
            (key, board)
        })
        .collect();
    boards.sort();
    Ok(OraclePairing {
        boards: boards.into_iter().map(|(_, b)| b).collect(),
        bye: bye.map(|k| ps[k].id),
    })
}

fn conflict(ps: &[P], a: usize, b: usize) -> bool {
    let (_, ca) = ps[a].preference();
    let (_, cb) = ps[b].preference();
    ca.is_some() && ca == cb
}

/// A lower bound of the colour conflicts among `players`: the white seekers beyond the black
/// seekers (or the other way), less those without a preference, half of them.
fn conflict_bound(ps: &[P], players: &[usize]) -> usize {
    let count = |c| {
        players
            .iter()
            .filter(|&&k| ps[k].preference().1 == c)
            .count()
    };
    let (w, b, none) = (
        count(Some(Color::White)),
        count(Some(Color::Black)),
        count(None),
    );
    w.abs_diff(b).saturating_sub(none) / 2
}

/// [C8]: the fewest pairs wanting the same colour over the complete pairings of `players`.
fn least_conflicts(ps: &[P], players: &[usize], ok: &mut Matchable) -> usize {
    fn walk(ps: &[P], left: &[usize], so_far: usize, best: &mut usize, ok: &mut Matchable) {
        if so_far + conflict_bound(ps, left) >= *best || !ok.check(mask_of(left)) {
            return;
        }
        if left.is_empty() {
            *best = so_far;
            return;
        }
        let x = left[0];
        for k in 1..left.len() {
            let y = left[k];
            if ok.allowed[x] >> y & 1 == 0 {
                continue;
            }
            let rest: Vec<usize> = left[1..].iter().copied().filter(|&z| z != y).collect();
            walk(ps, &rest, so_far + conflict(ps, x, y) as usize, best, ok);
        }
    }
    let mut best = usize::MAX;
    walk(ps, players, 0, &mut best, ok);
    best
}

/// Art. 4.3: the first complete pairing of `players` (the bracket less its floaters) with
/// `least` conflicts, BSN 1's opponent as large as possible, then BSN 2's, and so on.
fn first_in_order(
    ps: &[P],
    bracket: &[usize],
    players: &[usize],
    least: usize,
    ok: &mut Matchable,
) -> Option<Vec<(usize, usize)>> {
    // BSN order of the players left.
    let bsn = |k: usize| {
        bracket
            .iter()
            .position(|&b| b == k)
            .expect("in the bracket")
    };
    let mut left: Vec<usize> = players.to_vec();
    left.sort_by_key(|&k| bsn(k));
    fn walk(
        ps: &[P],
        bsn: &dyn Fn(usize) -> usize,
        left: &[usize],
        conflicts: usize,
        least: usize,
        ok: &mut Matchable,
        pairs: &mut Vec<(usize, usize)>,
    ) -> bool {
        if conflicts + conflict_bound(ps, left) > least || !ok.check(mask_of(left)) {
            return false;
        }
        if left.is_empty() {
            return conflicts == least;
        }
        let x = left[0];
        // Largest BSN first.
        let mut options: Vec<usize> = left[1..].to_vec();
        options.sort_by_key(|&k| std::cmp::Reverse(bsn(k)));
        for y in options {
            if ok.allowed[x] >> y & 1 == 0 {
                continue;
            }
            let rest: Vec<usize> = left[1..].iter().copied().filter(|&z| z != y).collect();
            pairs.push((x, y));
            if walk(
                ps,
                bsn,
                &rest,
                conflicts + conflict(ps, x, y) as usize,
                least,
                ok,
                pairs,
            ) {
                return true;
            }
            pairs.pop();
        }
        false
    }
    let mut pairs = Vec::new();
    walk(ps, &bsn, &left, 0, least, ok, &mut pairs).then_some(pairs)
}

/// The opponent of each BSN (1-based BSNs, 0 for a floater), BSN 1 first: Art. 4.3 prefers
/// the larger vector.
fn opponents_vector(bracket: &[usize], pairs: &[(usize, usize)]) -> Vec<usize> {
    bracket
        .iter()
        .map(|&k| {
            pairs
                .iter()
                .find_map(|&(a, b)| {
                    if a == k {
                        Some(b)
                    } else if b == k {
                        Some(a)
                    } else {
                        None
                    }
                })
                .map_or(0, |o| bracket.iter().position(|&x| x == o).expect("in") + 1)
        })
        .collect()
}

/// Art. 5.2, for `a` against `b`.
fn colour_for(a: &P, b: &P, initial: Color) -> Color {
    // 5.2.1: neither has played a game.
    if a.colours.is_empty() && b.colours.is_empty() {
        let a_higher = (a.score, std::cmp::Reverse(a.tpn)) > (b.score, std::cmp::Reverse(b.tpn));
        let higher = if a_higher { a } else { b };
        let higher_colour = if higher.tpn % 2 == 1 {
            initial
        } else {
            initial.opposite()
        };
        return if a_higher {
            higher_colour
        } else {
            higher_colour.opposite()
        };
    }
    let (sa, ca) = a.preference();
    let (sb, cb) = b.preference();
    // 5.2.2: both preferences granted (1.5.4: no preference takes what is left).
    match (ca, cb) {
        (Some(x), Some(y)) if x != y => return x,
        (Some(x), None) => return x,
        (None, Some(y)) => return y.opposite(),
        _ => {}
    }
    let wanted = ca.expect("a preference");
    // 5.2.3: the stronger preference.
    if sa > sb {
        return wanted;
    }
    if sb > sa {
        return wanted.opposite();
    }
    // 5.2.4: the most recent game in which one had White and the other Black.
    for (x, y) in a.colours.iter().rev().zip(b.colours.iter().rev()) {
        if x != y {
            return x.opposite();
        }
    }
    // 5.2.5: the higher ranked player by 1.8.
    if a.ranks_above(b) {
        wanted
    } else {
        wanted.opposite()
    }
}
