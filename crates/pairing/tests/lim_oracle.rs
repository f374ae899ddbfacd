//! A literal Lim oracle (C.04.4.3, 2026): the text step by step, slow and simple, written apart
//! from the engine (it shares nothing with `pairing` but the `tournament` model). Pairability
//! is brute force over bit masks, so it is meant for fields of at most 64 players.
//!
//! It takes the readings listed in `pairing::lim`'s module documentation; where the engine
//! sorts once, the oracle filters rule by rule, and where the engine keeps a matching, the
//! oracle searches every pairing.

use std::collections::HashMap;

use tournament::rounds::took_part;
use tournament::{ByeKind, Color, Entry, PlayerId, Tournament};

/// One board as the oracle writes it: White, Black.
pub type Boards = Vec<(PlayerId, PlayerId)>;

#[derive(Debug, Clone)]
struct Player {
    id: PlayerId,
    number: u32,
    score: i32,
    colours: Vec<Color>,
    may_have_bye: bool,
    floated_before: bool,
    rating: i32,
}

struct Oracle {
    players: Vec<Player>,
    compatible: Vec<Vec<bool>>,
    maxi: bool,
    perfect_memo: HashMap<u64, bool>,
    most_memo: HashMap<u64, usize>,
}

fn entry(t: &Tournament, index: usize, round: u32) -> Entry {
    t.players[index]
        .rounds
        .get(round as usize - 1)
        .copied()
        .unwrap_or(Entry::NotPaired)
}

fn score_before(t: &Tournament, index: usize, round: u32) -> i32 {
    (1..round)
        .map(|r| entry(t, index, r).points(&t.point_system).tenths())
        .sum::<i32>()
        + t.acceleration(t.players[index].id, round).tenths()
}

/// 5.5, 5.6: equalise after an even number of games when unequal, otherwise alternate.
fn due(colours: &[Color]) -> Option<Color> {
    let last = colours.last()?;
    let whites = colours.iter().filter(|c| **c == Color::White).count();
    let blacks = colours.len() - whites;
    if colours.len().is_multiple_of(2) && whites > blacks {
        Some(Color::Black)
    } else if colours.len().is_multiple_of(2) && blacks > whites {
        Some(Color::White)
    } else if *last == Color::White {
        Some(Color::Black)
    } else {
        Some(Color::White)
    }
}

/// 5.1.1 and 5.1.2.
fn permitted(colours: &[Color], colour: Color) -> bool {
    let mut after = colours.to_vec();
    after.push(colour);
    let n = after.len();
    let three_in_a_row = n >= 3 && after[n - 3..].iter().all(|c| *c == colour);
    let whites = after.iter().filter(|c| **c == Color::White).count() as i32;
    let blacks = n as i32 - whites;
    !three_in_a_row && (whites - blacks).abs() < 3
}

fn opposite(c: Color) -> Color {
    match c {
        Color::White => Color::Black,
        Color::Black => Color::White,
    }
}

fn bit(i: usize) -> u64 {
    1u64 << i
}

fn members_of(mask: u64) -> Vec<usize> {
    (0..64).filter(|&i| mask & bit(i) != 0).collect()
}

fn mask_of(players: &[usize]) -> u64 {
    players.iter().fold(0, |m, &p| m | bit(p))
}

impl Oracle {
    /// Every player of `mask` can be paired with a compatible opponent.
    fn perfect(&mut self, mask: u64) -> bool {
        if mask == 0 {
            return true;
        }
        if let Some(&known) = self.perfect_memo.get(&mask) {
            return known;
        }
        let first = mask.trailing_zeros() as usize;
        let mut answer = false;
        for other in members_of(mask & !bit(first)) {
            if self.compatible[first][other] && self.perfect(mask & !bit(first) & !bit(other)) {
                answer = true;
                break;
            }
        }
        self.perfect_memo.insert(mask, answer);
        answer
    }

    /// The largest number of pairings among the players of `mask`.
    fn most_pairings(&mut self, mask: u64) -> usize {
        if mask == 0 {
            return 0;
        }
        if let Some(&known) = self.most_memo.get(&mask) {
            return known;
        }
        let first = mask.trailing_zeros() as usize;
        let rest = mask & !bit(first);
        let mut best = self.most_pairings(rest);
        for other in members_of(rest) {
            if self.compatible[first][other] {
                best = best.max(1 + self.most_pairings(rest & !bit(other)));
            }
        }
        self.most_memo.insert(mask, best);
        best
    }

    /// The list of a scoregroup in the direction of pairing: downward by score and number,
    /// upward from the bottom.
    fn in_order(&self, players: &[usize], downward: bool) -> Vec<usize> {
        let mut list = players.to_vec();
        list.sort_by(|&a, &b| {
            let (pa, pb) = (&self.players[a], &self.players[b]);
            let top_first = pb.score.cmp(&pa.score).then(pa.number.cmp(&pb.number));
            if downward {
                top_first
            } else {
                top_first.reverse()
            }
        });
        list
    }

    fn colours_suit(&self, a: usize, b: usize) -> bool {
        match (due(&self.players[a].colours), due(&self.players[b].colours)) {
            (Some(x), Some(y)) => x != y,
            _ => true,
        }
    }

    fn near_in_rating(&self, a: usize, b: usize) -> bool {
        (self.players[a].rating - self.players[b].rating).abs() <= 100
    }

    /// 3.8, 4.4, 5.2, 5.7: of the candidates in order, those available (compatible, leaving
    /// the others of `left` pairable); the first of them due the other colour, else the first.
    fn opponent(&mut self, x: usize, candidates: &[usize], left: u64) -> usize {
        let mut available = Vec::new();
        for &c in candidates {
            if self.compatible[x][c] && self.perfect(left & !bit(x) & !bit(c)) {
                available.push(c);
            }
        }
        let first = available[0];
        for &c in &available {
            if self.colours_suit(x, c)
                && (!self.maxi || c == first || self.near_in_rating(c, first))
            {
                return c;
            }
        }
        first
    }

    /// 3.6–3.8 then Art. 4 on players who can all be paired.
    fn pair_up(
        &mut self,
        players: &[usize],
        floaters_first: &[usize],
        downward: bool,
    ) -> Vec<(usize, usize)> {
        let mut left = mask_of(players);
        let mut pairs = Vec::new();
        for &f in floaters_first {
            if left & bit(f) == 0 {
                continue;
            }
            let others = self.in_order(&members_of(left & !bit(f)), downward);
            let o = self.opponent(f, &others, left);
            left &= !bit(f) & !bit(o);
            pairs.push((f, o));
        }
        while left != 0 {
            let list = self.in_order(&members_of(left), downward);
            let half = list.len() / 2;
            // 4.2: the bottom half in order, then the top half from the bottom upwards.
            let mut tries: Vec<usize> = list[half..].to_vec();
            let mut k = half - 1;
            while k >= 1 {
                tries.push(list[k]);
                k -= 1;
            }
            let o = self.opponent(list[0], &tries, left);
            left &= !bit(list[0]) & !bit(o);
            pairs.push((list[0], o));
        }
        pairs
    }

    /// Art. 3: the floaters of a scoregroup (`members` = residents and incoming floaters).
    fn floaters(
        &mut self,
        members: &[usize],
        incoming: &[usize],
        adjacent: &[usize],
        downward: bool,
    ) -> Vec<usize> {
        let pairings = self.most_pairings(mask_of(members));
        let mut staying = members.to_vec();
        let mut chosen = Vec::new();
        while staying.len() > 2 * pairings {
            let list = self.in_order(&staying, downward);
            let lowest = *list.last().unwrap();
            let whites = staying
                .iter()
                .filter(|&&p| due(&self.players[p].colours) == Some(Color::White))
                .count();
            let blacks = staying
                .iter()
                .filter(|&&p| due(&self.players[p].colours) == Some(Color::Black))
                .count();
            // 3.10.2: only players whose transfer keeps the number of pairings.
            let mut pool: Vec<usize> = Vec::new();
            for &p in &list {
                if self.most_pairings(mask_of(&staying) & !bit(p)) == pairings {
                    pool.push(p);
                }
            }
            // 3.9.2: avoid type a, then b, then c.
            let kind = |o: &Oracle, p: usize| {
                let came_in = incoming.contains(&p);
                let can_play_next_door = adjacent.iter().any(|&q| o.compatible[p][q]);
                match (came_in, can_play_next_door) {
                    (true, false) => 'a',
                    (true, true) => 'b',
                    (false, false) => 'c',
                    (false, true) => 'd',
                }
            };
            for avoid in ['a', 'b', 'c'] {
                if pool.iter().any(|&p| kind(self, p) != avoid) {
                    pool.retain(|&p| kind(self, p) != avoid);
                }
            }
            // 3.10: avoid a player who floated in the previous round.
            if pool.iter().any(|&p| !self.players[p].floated_before) {
                pool.retain(|&p| !self.players[p].floated_before);
            }
            // 3.2.2–3.2.3: a player due the colour more players are due.
            let more = if whites > blacks {
                Some(Color::White)
            } else if blacks > whites {
                Some(Color::Black)
            } else {
                None
            };
            let evens = |o: &Oracle, p: usize| {
                more.is_some()
                    && due(&o.players[p].colours) == more
                    && (!o.maxi || o.near_in_rating(p, lowest))
            };
            if pool.iter().any(|&p| evens(self, p)) {
                pool.retain(|&p| evens(self, p));
            }
            // 3.2.4, 3.3: the lowest numbered in the direction of pairing.
            let floater = *pool.last().unwrap();
            staying.retain(|&p| p != floater);
            chosen.push(floater);
        }
        chosen
    }

    /// Art. 5 and 7.2.
    fn colour(&self, a: usize, b: usize, median_or_above: bool, lot: Color) -> Color {
        let (pa, pb) = (&self.players[a], &self.players[b]);
        let a_higher = pa.number < pb.number;
        if pa.colours.is_empty() && pb.colours.is_empty() {
            let higher = if a_higher { pa } else { pb };
            let odd = higher.number % 2 == 1;
            let for_higher = if odd { lot } else { opposite(lot) };
            return if a_higher {
                for_higher
            } else {
                opposite(for_higher)
            };
        }
        let white_ok = permitted(&pa.colours, Color::White) && permitted(&pb.colours, Color::Black);
        let black_ok = permitted(&pa.colours, Color::Black) && permitted(&pb.colours, Color::White);
        if white_ok && !black_ok {
            return Color::White;
        }
        if black_ok && !white_ok {
            return Color::Black;
        }
        let (da, db) = (due(&pa.colours), due(&pb.colours));
        if let (Some(x), Some(y)) = (da, db) {
            if x != y {
                return x;
            }
        }
        if db.is_none() {
            return da.unwrap();
        }
        if da.is_none() {
            return opposite(db.unwrap());
        }
        let (mut i, mut j) = (pa.colours.len(), pb.colours.len());
        while i > 0 && j > 0 {
            i -= 1;
            j -= 1;
            if pa.colours[i] != pb.colours[j] {
                return opposite(pa.colours[i]);
            }
        }
        let a_decides = if median_or_above { a_higher } else { !a_higher };
        if a_decides {
            da.unwrap()
        } else {
            opposite(db.unwrap())
        }
    }
}

/// Pairs `round` of `t`; `None` where no valid pairing exists.
pub fn pair(t: &Tournament, round: u32, maxi: bool) -> Option<(Boards, Option<PlayerId>)> {
    let total = t.header.rounds.unwrap();
    let system = &t.point_system;
    let mut numbered: Vec<usize> = (0..t.players.len()).collect();
    if !t.header.pair_by_line_order {
        numbered.sort_by_key(|&i| t.players[i].id);
    }
    // Who is paired: not withdrawn before, taking part this round, no requested bye.
    let mut players = Vec::new();
    let mut index_of_player = Vec::new();
    let mut fixed_bye = None;
    for (position, &i) in numbered.iter().enumerate() {
        let p = &t.players[i];
        if (1..round).any(|r| entry(t, i, r) == Entry::Withdrawn) {
            continue;
        }
        let last_entry = p.rounds.iter().rposition(|e| *e != Entry::NotPaired);
        let recorded = last_entry.is_some_and(|k| k + 1 >= round as usize);
        if recorded && !took_part(&entry(t, i, round)) {
            continue;
        }
        let requested = t
            .announced_byes
            .iter()
            .find(|b| b.round == round && b.players.contains(&p.id));
        match requested.map(|b| b.kind) {
            Some(ByeKind::PairingAllocated) => fixed_bye = Some(players.len()),
            Some(_) => continue,
            None => {}
        }
        let colours: Vec<Color> = (1..round)
            .filter_map(|r| entry(t, i, r).played_color())
            .collect();
        let may_have_bye = (1..round).all(|r| {
            let e = entry(t, i, r);
            e != Entry::PairingBye
                && (e.is_played() || e.points(system).tenths() < system.win.tenths())
        });
        let floated_before = round >= 2 && {
            let e = entry(t, i, round - 1);
            match e {
                Entry::Played { opponent, .. } => {
                    match t.players.iter().position(|q| q.id == opponent) {
                        Some(o) => score_before(t, i, round - 1) != score_before(t, o, round - 1),
                        None => false,
                    }
                }
                _ => e.points(system).tenths() > system.loss.tenths(),
            }
        };
        players.push(Player {
            id: p.id,
            number: position as u32 + 1,
            score: score_before(t, i, round),
            colours,
            may_have_bye,
            floated_before,
            rating: i32::from(p.rating.unwrap_or(0)),
        });
        index_of_player.push(i);
    }
    let n = players.len();
    assert!(n <= 64, "the oracle handles at most 64 players");
    let mut compatible = vec![vec![false; n]; n];
    for a in 0..n {
        for b in 0..n {
            if a == b {
                continue;
            }
            let met = (1..round)
                .any(|r| entry(t, index_of_player[a], r).played_opponent() == Some(players[b].id));
            let forbidden = t.is_forbidden(players[a].id, players[b].id, round);
            // 2.1, and Art. 6 in the last round.
            let colours_fit = round == total
                || (permitted(&players[a].colours, Color::White)
                    && permitted(&players[b].colours, Color::Black))
                || (permitted(&players[a].colours, Color::Black)
                    && permitted(&players[b].colours, Color::White));
            compatible[a][b] = !met && !forbidden && colours_fit;
        }
    }
    let mut o = Oracle {
        players,
        compatible,
        maxi,
        perfect_memo: HashMap::new(),
        most_memo: HashMap::new(),
    };
    let everybody = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };

    // Art. 1.1, 7.1: the PAB.
    let mut bye = None;
    if n % 2 == 1 {
        let mut candidates: Vec<usize> = match fixed_bye {
            Some(b) => vec![b],
            None => (0..n).filter(|&p| o.players[p].may_have_bye).collect(),
        };
        candidates.sort_by(|&a, &b| {
            let (pa, pb) = (&o.players[a], &o.players[b]);
            let key = if round == 1 {
                pa.rating.cmp(&pb.rating)
            } else {
                pa.score.cmp(&pb.score)
            };
            key.then(pb.number.cmp(&pa.number))
        });
        for c in candidates {
            if o.perfect(everybody & !bit(c)) {
                bye = Some(c);
                break;
            }
        }
        bye?;
    } else if !o.perfect(everybody) {
        return None;
    }
    let paired = everybody & !bye.map_or(0, bit);

    // 2.2: the scoregroups and their order.
    let median_twice = i64::from(round - 1) * i64::from(system.win.tenths());
    let mut scores: Vec<i32> = members_of(paired)
        .iter()
        .map(|&p| o.players[p].score)
        .collect();
    scores.sort();
    scores.dedup();
    let group = |o: &Oracle, s: i32| -> Vec<usize> {
        members_of(paired)
            .into_iter()
            .filter(|&p| o.players[p].score == s)
            .collect()
    };
    let highest_first: Vec<i32> = scores
        .iter()
        .rev()
        .copied()
        .filter(|&s| 2 * i64::from(s) > median_twice)
        .collect();
    let lowest_first: Vec<i32> = scores
        .iter()
        .copied()
        .filter(|&s| 2 * i64::from(s) < median_twice)
        .collect();
    let median_players: Vec<usize> = scores
        .iter()
        .find(|&&s| 2 * i64::from(s) == median_twice)
        .map(|&s| group(&o, s))
        .unwrap_or_default();

    let mut higher_pairs = Vec::new();
    let mut lower_pairs = Vec::new();
    let mut from_above = Vec::new();
    let mut from_below = Vec::new();
    for downward in [true, false] {
        let list = if downward {
            &highest_first
        } else {
            &lowest_first
        };
        let mut incoming: Vec<usize> = Vec::new();
        for k in 0..list.len() {
            let residents = group(&o, list[k]);
            let adjacent = if k + 1 < list.len() {
                group(&o, list[k + 1])
            } else {
                median_players.clone()
            };
            let mut members = incoming.clone();
            members.extend(&residents);
            let floaters = o.floaters(&members, &incoming, &adjacent, downward);
            let staying: Vec<usize> = members
                .iter()
                .copied()
                .filter(|p| !floaters.contains(p))
                .collect();
            let first = o.in_order(&incoming, downward);
            let pairs = o.pair_up(&staying, &first, downward);
            if downward {
                higher_pairs.extend(pairs);
            } else {
                lower_pairs.extend(pairs);
            }
            incoming = floaters;
        }
        if downward {
            from_above = incoming;
        } else {
            from_below = incoming;
        }
    }

    // 2.6: crack neighbouring pairings while the Median Scoregroup is blocked.
    loop {
        let mut all = median_players.clone();
        all.extend(&from_above);
        all.extend(&from_below);
        if o.perfect(mask_of(&all)) {
            break;
        }
        let lower_side = (from_above.len() > from_below.len() && !lower_pairs.is_empty())
            || higher_pairs.is_empty();
        if lower_side {
            let (a, b) = lower_pairs.pop()?;
            from_below.push(a);
            from_below.push(b);
        } else {
            let (a, b) = higher_pairs.pop()?;
            from_above.push(a);
            from_above.push(b);
        }
    }
    let mut all = median_players.clone();
    all.extend(&from_above);
    all.extend(&from_below);
    let mut first = o.in_order(&from_above, true);
    first.extend(o.in_order(&from_below, false));
    let median_pairs = o.pair_up(&all, &first, true);

    // Colours, then GHR 3.6.
    let lot = t.header.initial_color.unwrap_or(Color::White);
    let mut boards = Vec::new();
    let sides = [
        (higher_pairs, true),
        (lower_pairs, false),
        (median_pairs, true),
    ];
    for (pairs, median_or_above) in sides {
        for (a, b) in pairs {
            let (white, black) = if o.colour(a, b, median_or_above, lot) == Color::White {
                (a, b)
            } else {
                (b, a)
            };
            let (pw, pb) = (&o.players[white], &o.players[black]);
            let w_first = (pw.score, -(pw.number as i64)) > (pb.score, -(pb.number as i64));
            let (hi, lo) = if w_first { (pw, pb) } else { (pb, pw) };
            boards.push(((-hi.score, -lo.score, hi.number), (pw.id, pb.id)));
        }
    }
    boards.sort();
    Some((
        boards.into_iter().map(|(_, b)| b).collect(),
        bye.map(|b| o.players[b].id),
    ))
}
