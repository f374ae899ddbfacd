//! The Lim procedure for one round: the PAB (Art. 1), the scoregroups in the order of 2.2 with
//! their floaters (Art. 3), the exchanges (Art. 4) and the cracking of a blocked Median
//! Scoregroup (2.6). Colours are [`super::colours`].

use std::cmp::Reverse;

use super::matching::Matching;
use super::state::{due_colour, Round};
use super::LimOptions;

type Pairs = Vec<(usize, usize)>;

/// The way a scoregroup is paired (2.2): above the median downward, below it upward.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Down,
    Up,
}

/// A pair made by the procedure, and whether it was made in the Median Scoregroup or above it
/// (5.4 decides colours by that).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Made {
    pub a: usize,
    pub b: usize,
    pub median_or_above: bool,
}

/// Why the procedure stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// No PAB candidate leaves the others pairable, or they cannot be paired at all.
    NoValidPairing,
}

/// The outcome of the procedure: the pairs and the PAB, as indices into `Round::parts`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub pairs: Vec<Made>,
    pub bye: Option<usize>,
    /// How many pairings 2.6 undid.
    pub cracked: usize,
}

struct Context<'r, 'm> {
    round: &'r Round,
    matching: Matching<'m>,
    maxi: bool,
}

impl Context<'_, '_> {
    /// The order of a scoregroup's list in the direction of pairing: downward by score then
    /// pairing number, upward the reverse (4.1: scrutiny starts at the top when pairing
    /// downward, at the bottom when pairing upward).
    fn arrange(&self, players: &mut [usize], direction: Direction) {
        let parts = &self.round.parts;
        match direction {
            Direction::Down => players.sort_by_key(|&p| (Reverse(parts[p].score), parts[p].rank)),
            Direction::Up => players.sort_by_key(|&p| (parts[p].score, Reverse(parts[p].rank))),
        }
    }

    fn within_maxi_band(&self, a: usize, b: usize) -> bool {
        let parts = &self.round.parts;
        parts[a].rating.abs_diff(parts[b].rating) <= 100
    }

    /// 5.2: both players can have their due colour.
    fn due_colours_suit(&self, a: usize, b: usize) -> bool {
        let parts = &self.round.parts;
        match (due_colour(&parts[a].colours), due_colour(&parts[b].colours)) {
            (Some(x), Some(y)) => x != y,
            _ => true,
        }
    }

    /// The opponent `x` takes among `candidates` (in order): the first available one due the
    /// other colour (5.2; in a Maxi-tournament only within 100 points of the first available,
    /// 3.8, 5.7), otherwise the first available one. Available: compatible, and the others can
    /// still all be paired (4.4).
    fn choose(&mut self, x: usize, candidates: &[usize]) -> usize {
        let mut first = None;
        for &c in candidates {
            if !self.round.is_compatible(x, c) {
                continue;
            }
            let suited = self.due_colours_suit(x, c)
                && first.is_none_or(|f| !self.maxi || self.within_maxi_band(c, f));
            if suited {
                if self.matching.pairable_without(x, c, false) {
                    return c;
                }
            } else if first.is_none() && self.matching.pairable_without(x, c, false) {
                first = Some(c);
            }
        }
        first.expect("a scoregroup that can be paired completely gives every player an opponent")
    }

    /// Pairs the players left in a scoregroup once its floaters are out (all of them can be
    /// paired, and the matching holds them): the incoming floaters first in `floaters_first`
    /// order (3.6–3.8), then the others by scrutiny and exchanges (4.1–4.3).
    fn pair_staying(
        &mut self,
        mut remaining: Vec<usize>,
        floaters_first: &[usize],
        direction: Direction,
    ) -> Vec<(usize, usize)> {
        self.arrange(&mut remaining, direction);
        let mut pairs = Vec::new();
        let mut take = |ctx: &mut Self, remaining: &mut Vec<usize>, x: usize, c: usize| {
            ctx.matching.pairable_without(x, c, true);
            remaining.retain(|&p| p != x && p != c);
            pairs.push((x, c));
        };
        for &f in floaters_first {
            if remaining.contains(&f) {
                let candidates: Vec<usize> =
                    remaining.iter().copied().filter(|&p| p != f).collect();
                let c = self.choose(f, &candidates);
                take(self, &mut remaining, f, c);
            }
        }
        while let Some(&x) = remaining.first() {
            // 4.2: the first player tries the bottom half in order, then the top half from
            // its bottom upwards.
            let half = remaining.len() / 2;
            let mut candidates: Vec<usize> = remaining[half..].to_vec();
            candidates.extend(remaining[1..half].iter().rev());
            let c = self.choose(x, &candidates);
            take(self, &mut remaining, x, c);
        }
        pairs
    }

    /// 3.9.1: the floater type, as a preference (3 = type d, the least disadvantaged, … 0 =
    /// type a).
    fn floater_type(&self, p: usize, incoming: &[usize], adjacent: &[usize]) -> u8 {
        let has_opponent = adjacent.iter().any(|&o| self.round.is_compatible(p, o));
        match (incoming.contains(&p), has_opponent) {
            (true, false) => 0,
            (true, true) => 1,
            (false, false) => 2,
            (false, true) => 3,
        }
    }

    /// 2.3, Art. 3: the players of a scoregroup transferred to the next one. As many float as
    /// a maximum number of pairings leaves over (3.10.2), chosen one at a time: the first in
    /// the order type d, c, b, a (3.9.2); not floated the round before (3.10); due the colour
    /// more players are due (3.2.2, 3.2.3); the lowest numbered in the direction of pairing
    /// (3.2.4, 3.3); whose transfer keeps that many pairings.
    fn choose_floaters(
        &mut self,
        members: &[usize],
        incoming: &[usize],
        adjacent: &[usize],
        direction: Direction,
    ) -> Vec<usize> {
        let pairings = self.matching.load(members);
        let mut staying: Vec<usize> = members.to_vec();
        self.arrange(&mut staying, direction);
        let mut floaters = Vec::new();
        while staying.len() > 2 * pairings {
            let (mut whites, mut blacks) = (0, 0);
            for &p in &staying {
                match due_colour(&self.round.parts[p].colours) {
                    Some(tournament::Color::White) => whites += 1,
                    Some(tournament::Color::Black) => blacks += 1,
                    None => {}
                }
            }
            let majority = match whites.cmp(&blacks) {
                std::cmp::Ordering::Greater => Some(tournament::Color::White),
                std::cmp::Ordering::Less => Some(tournament::Color::Black),
                std::cmp::Ordering::Equal => None,
            };
            let lowest = *staying.last().expect("players are left");
            let mut order: Vec<(usize, usize)> = staying.iter().copied().enumerate().collect();
            order.sort_by_key(|&(position, p)| {
                let part = &self.round.parts[p];
                let equalises = majority.is_some()
                    && due_colour(&part.colours) == majority
                    && (!self.maxi || self.within_maxi_band(p, lowest));
                (
                    Reverse(self.floater_type(p, incoming, adjacent)),
                    part.floated_last_round,
                    !equalises,
                    Reverse(position),
                )
            });
            let chosen = order
                .iter()
                .map(|&(_, p)| p)
                .find(|&p| self.matching.remove_keeping_size(p))
                .expect("some player can float without losing a pairing");
            staying.retain(|&p| p != chosen);
            floaters.push(chosen);
        }
        floaters
    }

    /// Pairs one scoregroup away from the median and returns its pairs and its floaters.
    fn pair_scoregroup(
        &mut self,
        residents: &[usize],
        incoming: &[usize],
        adjacent: &[usize],
        direction: Direction,
    ) -> (Vec<(usize, usize)>, Vec<usize>) {
        let mut members: Vec<usize> = incoming.to_vec();
        members.extend_from_slice(residents);
        let floaters = self.choose_floaters(&members, incoming, adjacent, direction);
        let staying: Vec<usize> = members
            .iter()
            .copied()
            .filter(|p| !floaters.contains(p))
            .collect();
        let mut first = incoming.to_vec();
        self.arrange(&mut first, direction);
        let pairs = self.pair_staying(staying, &first, direction);
        (pairs, floaters)
    }
}

/// Runs the procedure on a prepared round.
pub fn run(round: &Round, options: &LimOptions) -> Result<Outcome, Stop> {
    let mut ctx = Context {
        round,
        matching: Matching::new(&round.compatible),
        maxi: options.maxi_tournament,
    };
    let n = round.parts.len();
    let everybody: Vec<usize> = (0..n).collect();
    let bye = if n % 2 == 1 {
        Some(choose_bye(&mut ctx, &everybody)?)
    } else {
        if ctx.matching.load(&everybody) * 2 != n {
            return Err(Stop::NoValidPairing);
        }
        None
    };

    // 2.2: scoregroups above the median from the top down, below it from the bottom up, the
    // Median Scoregroup last.
    let parts = &round.parts;
    let mut scores: Vec<i32> = parts
        .iter()
        .enumerate()
        .filter(|&(i, _)| Some(i) != bye)
        .map(|(_, p)| p.score)
        .collect();
    scores.sort_unstable_by_key(|&s| Reverse(s));
    scores.dedup();
    let group = |s: i32| -> Vec<usize> {
        (0..n)
            .filter(|&i| Some(i) != bye && parts[i].score == s)
            .collect()
    };
    let twice = |s: i32| i64::from(s) * 2;
    let above: Vec<i32> = scores
        .iter()
        .copied()
        .filter(|&s| twice(s) > round.median_twice)
        .collect();
    let below: Vec<i32> = scores
        .iter()
        .rev()
        .copied()
        .filter(|&s| twice(s) < round.median_twice)
        .collect();
    let median: Vec<usize> = scores
        .iter()
        .copied()
        .find(|&s| twice(s) == round.median_twice)
        .map(group)
        .unwrap_or_default();

    // Per side (above, below): the pairs made, and the floaters handed to the median.
    let mut sides: [(Pairs, Vec<usize>); 2] = Default::default();
    for (side, (list, direction)) in [(&above, Direction::Down), (&below, Direction::Up)]
        .into_iter()
        .enumerate()
    {
        let mut incoming = Vec::new();
        for (k, &s) in list.iter().enumerate() {
            let residents = group(s);
            let adjacent = list
                .get(k + 1)
                .map_or_else(|| median.clone(), |&t| group(t));
            let (pairs, floaters) =
                ctx.pair_scoregroup(&residents, &incoming, &adjacent, direction);
            sides[side].0.extend(pairs);
            incoming = floaters;
        }
        sides[side].1 = incoming;
    }
    let [(mut higher, mut from_above), (mut lower, mut from_below)] = sides;

    // 2.6: while the Median Scoregroup cannot be paired, the last pairing made on the lower
    // side is undone when more floaters came from above, otherwise on the higher side; its
    // players join the median as floaters from that side.
    let mut cracked = 0;
    let members = loop {
        let mut members = median.clone();
        members.extend(&from_above);
        members.extend(&from_below);
        if ctx.matching.load(&members) * 2 == members.len() {
            break members;
        }
        let crack_lower =
            (from_above.len() > from_below.len() && !lower.is_empty()) || higher.is_empty();
        let (side, floaters) = if crack_lower {
            (&mut lower, &mut from_below)
        } else {
            (&mut higher, &mut from_above)
        };
        let (a, b) = side.pop().ok_or(Stop::NoValidPairing)?;
        floaters.extend([a, b]);
        cracked += 1;
    };
    // 3.6.3, 3.7.3: the downfloaters first, then the upfloaters, each from its own side.
    let mut first = from_above;
    ctx.arrange(&mut first, Direction::Down);
    let mut ups = from_below;
    ctx.arrange(&mut ups, Direction::Up);
    first.extend(ups);
    let median_pairs = ctx.pair_staying(members, &first, Direction::Down);

    let made = |pairs: Vec<(usize, usize)>, median_or_above: bool| {
        pairs.into_iter().map(move |(a, b)| Made {
            a,
            b,
            median_or_above,
        })
    };
    let mut pairs: Vec<Made> = made(higher, true).collect();
    pairs.extend(made(lower, false));
    pairs.extend(made(median_pairs, true));
    Ok(Outcome {
        pairs,
        bye,
        cracked,
    })
}

/// Art. 1.1 on BR 4: the players of `everybody` allowed a PAB, best receiver first: the lowest
/// score, then the lowest rank (round 1: the lowest rating, then the lowest rank, 7.1).
pub fn bye_order(round: &Round, everybody: &[usize]) -> Vec<usize> {
    let parts = &round.parts;
    let mut candidates: Vec<usize> = everybody
        .iter()
        .copied()
        .filter(|&i| parts[i].bye_eligible)
        .collect();
    if round.played_rounds == 0 {
        candidates.sort_by_key(|&i| (parts[i].rating, Reverse(parts[i].rank)));
    } else {
        candidates.sort_by_key(|&i| (parts[i].score, Reverse(parts[i].rank)));
    }
    candidates
}

/// Art. 1.1 on BR 3–4: the PAB goes to the eligible player with the lowest rank in the lowest
/// scoregroup (in round 1 the lowest rated, 7.1), among those whose bye leaves the others
/// pairable. A bye fixed by the arbiter is honoured.
fn choose_bye(ctx: &mut Context, everybody: &[usize]) -> Result<usize, Stop> {
    let candidates = match ctx.round.fixed_bye {
        Some(b) => vec![b],
        None => bye_order(ctx.round, everybody),
    };
    // The bye leaves the others pairable exactly when its receiver can leave a maximum
    // matching of everybody without losing a pairing, and that matching pairs all but one.
    if ctx.matching.load(everybody) * 2 + 1 != everybody.len() {
        return Err(Stop::NoValidPairing);
    }
    candidates
        .into_iter()
        .find(|&c| ctx.matching.remove_keeping_size(c))
        .ok_or(Stop::NoValidPairing)
}
