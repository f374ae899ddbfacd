//! Prize distribution: who wins which prize, and how much, under a [`Rule`].
//!
//! The rules (issue 23 §5; the Hort split from its published descriptions, see the crate
//! README):
//!
//! * Each player wins at most one prize: the larger amount, the general prize when equal.
//!   Money ranks above objects.
//! * The general ranking's money prizes are paid by place. `places`: tied players are separated
//!   by the tie-breaks (players the tie-breaks leave tied share their places' prizes equally).
//!   `shared`: players tied on points share equally the sum of the prizes of the places they
//!   occupy. `hort`: each keeps half of the prize of their own place in the tie-break order,
//!   and the other half of the sum is shared equally.
//! * A category prize goes to one player: the best-placed player of the category who does not
//!   take a larger prize. A category prize that its winner does not take goes to the next
//!   player of the category; a general place that its winner does not take (a larger category
//!   prize) goes to the next player of the general ranking.
//! * Cents that do not divide go one each to the better-placed players of the group, in the
//!   tie-break order (and in the standings' order where the tie-breaks are exhausted).
//!
//! How "the larger" is found when sharing is involved: the prizes are settled one player at a
//! time, always the largest amount any player not yet settled can get (the general ranking
//! first when equal, then the prize list's order). A player who leaves the general ranking for
//! a category prize moves everybody behind them up one place, which can only raise the shares
//! of the others (for prize lists that do not increase down the places). Objects are given
//! last, to players who have no prize, in the standings' order: the general ranking's objects
//! first, then each category's in the prize list's order.
//!
//! ```
//! use prizes::{distribute, Entrant, Money, PlayerFacts, Prize, PrizeList, PrizeValue, Rule};
//! use tournament::{PlayerId, Points};
//! let entrant = |id, points: &str, rank| Entrant {
//!     id: PlayerId(id),
//!     name: format!("P{id}"),
//!     points: points.parse().unwrap(),
//!     rank,
//!     facts: PlayerFacts::default(),
//! };
//! // Two players tied for first (separated by the tie-breaks), then one alone.
//! let ranking = [entrant(1, "4", 1), entrant(2, "4", 2), entrant(3, "3", 3)];
//! let money = |s: &str| PrizeValue::Money(s.parse::<Money>().unwrap());
//! let general = || "".parse().unwrap();
//! let list = PrizeList::new(vec![
//!     Prize::new("1st", general(), money("100")).unwrap(),
//!     Prize::new("2nd", general(), money("50")).unwrap(),
//! ])
//! .unwrap();
//! let d = distribute(&ranking, &list, Rule::Hort, None).unwrap();
//! // Half of 150 shared (37.50 each) plus half of one's own place's prize.
//! let first = &d.awards[0].players;
//! assert_eq!(first[0].amount.unwrap().to_string(), "87.50");
//! assert_eq!(first[1].amount.unwrap().to_string(), "62.50");
//! assert_eq!(d.awards[1].shared_into, Some(0));
//! ```

use tournament::{PlayerId, Points};

use crate::category::{AgeDates, PlayerFacts};
use crate::money::{split_equally, Money};
use crate::prize::{PrizeList, PrizeValue, Rule};

/// One line of the final standings, in order: the player and what the categories need.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    pub id: PlayerId,
    pub name: String,
    pub points: Points,
    /// The player's place; players the tie-breaks do not separate have the same.
    pub rank: u32,
    pub facts: PlayerFacts,
}

/// What one player receives from an award: an amount, or the object (`None`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Share {
    pub id: PlayerId,
    pub name: String,
    pub amount: Option<Money>,
}

/// One prize of the list and who receives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Award {
    /// The prize's index in the prize list.
    pub prize: usize,
    /// The players, best-placed first. Players tied on points appear once each, under the
    /// prize of the group's first place, with the total they receive.
    pub players: Vec<Share>,
    /// For the other places of such a group: the prize (index) under which their money was
    /// paid. `None` with no players: nobody took the prize.
    pub shared_into: Option<usize>,
}

/// Every prize of the list, in the list's order, and who receives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Distribution {
    pub rule: Rule,
    pub awards: Vec<Award>,
}

impl Distribution {
    /// The money paid out, to the cent.
    pub fn paid(&self) -> Money {
        self.awards
            .iter()
            .flat_map(|a| &a.players)
            .filter_map(|s| s.amount)
            .sum()
    }
}

/// Why prizes cannot be distributed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    #[error("player {id} appears more than once in the standings")]
    DuplicatePlayer { id: PlayerId },
    #[error(
        "an age category needs the year of the event's end (ages are taken on 1 January of \
         that year), and none was given"
    )]
    NoEventYear,
    #[error(
        "an FFE age category needs the season of the event (from its dates), and none was given"
    )]
    NoSeason,
}

/// One category's prizes and who may take them.
struct CategoryList {
    /// Prize indices: the money prizes, then the objects.
    money: Vec<(usize, Money)>,
    objects: Vec<usize>,
    eligible: Vec<bool>,
}

/// A group of players tied in the general ranking who share the prizes of their places.
struct Group {
    /// The place (0-based, in the general ranking without the category winners) of its first
    /// player.
    first: usize,
    /// Entrant indices, best first, with the cents each receives.
    members: Vec<(usize, i64)>,
}

/// The general ranking's money groups: the players not in `left` (category winners), in
/// order, grouped as the rule ties them, up to the last group that reaches a money place.
fn general_groups(
    entrants: &[Entrant],
    left: &[bool],
    money: &[(usize, Money)],
    rule: Rule,
) -> Vec<Group> {
    let ranking: Vec<usize> = (0..entrants.len()).filter(|&i| !left[i]).collect();
    let prize_at = |place: usize| money.get(place).map_or(0, |(_, m)| m.cents());
    let tied = |a: usize, b: usize| match rule {
        Rule::Places => entrants[a].rank == entrants[b].rank,
        Rule::Shared | Rule::Hort => entrants[a].points == entrants[b].points,
    };
    let mut groups = Vec::new();
    let mut first = 0;
    while first < ranking.len() && first < money.len() {
        let mut end = first + 1;
        while end < ranking.len() && tied(ranking[first], ranking[end]) {
            end += 1;
        }
        let members = &ranking[first..end];
        let total: i64 = (first..end).map(prize_at).sum();
        let mut cents = vec![0i64; members.len()];
        let pooled = match rule {
            Rule::Places | Rule::Shared => total,
            Rule::Hort => {
                // Each keeps half of their own place's prize (rounded down to the cent); players
                // the tie-breaks do not separate keep the halves of their places together.
                let mut kept = 0;
                let mut s = 0;
                while s < members.len() {
                    let mut e = s + 1;
                    while e < members.len()
                        && entrants[members[s]].rank == entrants[members[e]].rank
                    {
                        e += 1;
                    }
                    let halves: i64 = (first + s..first + e).map(|p| prize_at(p) / 2).sum();
                    for (c, h) in cents[s..e].iter_mut().zip(split_equally(halves, e - s)) {
                        *c += h;
                    }
                    kept += halves;
                    s = e;
                }
                total - kept
            }
        };
        for (c, share) in cents.iter_mut().zip(split_equally(pooled, members.len())) {
            *c += share;
        }
        groups.push(Group {
            first,
            members: members.iter().copied().zip(cents).collect(),
        });
        first = end;
    }
    groups
}

/// A category prize the settling loop may give: `cents` to `entrant`, the best-placed
/// unsettled player of the category.
#[derive(Clone, Copy)]
struct Offer {
    cents: i64,
    /// 1 + the category's index.
    source: usize,
    entrant: usize,
}

impl Offer {
    /// The order in which category offers are taken: larger first, then the list's order.
    fn key(&self) -> (std::cmp::Reverse<i64>, usize, usize) {
        (std::cmp::Reverse(self.cents), self.source, self.entrant)
    }
}

/// Distributes `prizes` among `ranking` (the final standings, best first) under `rule`.
/// `dates` are the days ages are taken on ([`crate::event_dates`]; a year alone, or `None`, is
/// the year whose 1 January `age<N` counts from, [`crate::event_year`]); they are needed only
/// when a category has an age condition.
pub fn distribute(
    ranking: &[Entrant],
    prizes: &PrizeList,
    rule: Rule,
    dates: impl Into<AgeDates>,
) -> Result<Distribution, Error> {
    let dates = dates.into();
    let mut ids: Vec<PlayerId> = ranking.iter().map(|e| e.id).collect();
    ids.sort_unstable();
    if let Some(w) = ids.windows(2).find(|w| w[0] == w[1]) {
        return Err(Error::DuplicatePlayer { id: w[0] });
    }
    let categories = || prizes.prizes().iter().map(|p| p.category());
    if dates.new_year.is_none() && categories().any(|c| c.uses_new_year()) {
        return Err(Error::NoEventYear);
    }
    if dates.season.is_none() && categories().any(|c| c.uses_season()) {
        return Err(Error::NoSeason);
    }
    let n = ranking.len();
    let split = |indices: &[usize]| {
        let money: Vec<(usize, Money)> = indices
            .iter()
            .filter_map(|&i| prizes.prizes()[i].value().money().map(|m| (i, m)))
            .collect();
        let objects: Vec<usize> = indices
            .iter()
            .copied()
            .filter(|&i| prizes.prizes()[i].value() == PrizeValue::Object)
            .collect();
        (money, objects)
    };
    let mut general_money = Vec::new();
    let mut general_objects = Vec::new();
    let mut categories: Vec<CategoryList> = Vec::new();
    for (category, indices) in prizes.lists() {
        let (money, objects) = split(&indices);
        if category == Default::default() {
            general_money = money;
            general_objects = objects;
        } else {
            let eligible = ranking
                .iter()
                .map(|e| category.admits(&e.facts, &dates))
                .collect();
            categories.push(CategoryList {
                money,
                objects,
                eligible,
            });
        }
    }

    // Money: settle one player at a time, the largest offer first.
    let mut in_category: Vec<Option<(usize, usize)>> = vec![None; n];
    let mut in_general = vec![false; n];
    let mut next_money = vec![0usize; categories.len()];
    let mut cursor = vec![0usize; categories.len()];
    loop {
        let left: Vec<bool> = in_category.iter().map(Option::is_some).collect();
        let groups = general_groups(ranking, &left, &general_money, rule);
        let mut best: Option<Offer> = None;
        let mut consider = |o: Offer| {
            if best.is_none_or(|b| o.key() < b.key()) {
                best = Some(o);
            }
        };
        for (k, list) in categories.iter().enumerate() {
            let Some(&(_, amount)) = list.money.get(next_money[k]) else {
                continue;
            };
            let free = |i: usize| list.eligible[i] && !in_general[i] && in_category[i].is_none();
            while cursor[k] < n && !free(cursor[k]) {
                cursor[k] += 1;
            }
            if cursor[k] < n {
                consider(Offer {
                    cents: amount.cents(),
                    source: 1 + k,
                    entrant: cursor[k],
                });
            }
        }
        // Every general offer at least as large as the best category offer comes first (the
        // general prize when equal). Settling them changes no other general share, only who the
        // categories' next prizes are offered to, not their amounts: they are settled together.
        let floor = best.map_or(1, |b| b.cents.max(1));
        let mut settled = false;
        for (entrant, cents) in groups.iter().flat_map(|g| g.members.iter().copied()) {
            if cents >= floor && !in_general[entrant] {
                in_general[entrant] = true;
                settled = true;
            }
        }
        if settled {
            continue;
        }
        let Some(offer) = best else { break };
        let k = offer.source - 1;
        in_category[offer.entrant] = Some((k, categories[k].money[next_money[k]].0));
        next_money[k] += 1;
    }

    let share = |i: usize, amount: Option<Money>| Share {
        id: ranking[i].id,
        name: ranking[i].name.clone(),
        amount,
    };
    let mut awards: Vec<Award> = (0..prizes.len())
        .map(|prize| Award {
            prize,
            players: Vec::new(),
            shared_into: None,
        })
        .collect();
    let mut has_prize = vec![false; n];
    let left: Vec<bool> = in_category.iter().map(Option::is_some).collect();
    for g in general_groups(ranking, &left, &general_money, rule) {
        let head = general_money[g.first].0;
        let places = g.members.len().min(general_money.len() - g.first);
        for &(prize, _) in &general_money[g.first + 1..g.first + places] {
            awards[prize].shared_into = Some(head);
        }
        for (i, cents) in g.members {
            has_prize[i] = true;
            // Shares never exceed the group's prizes, which are valid amounts.
            let amount = Money::from_cents(cents).unwrap_or(Money::MAX);
            awards[head].players.push(share(i, Some(amount)));
        }
    }
    for (i, taken) in in_category.iter().enumerate() {
        if let Some((k, prize)) = *taken {
            has_prize[i] = true;
            let amount = categories[k]
                .money
                .iter()
                .find(|(p, _)| *p == prize)
                .map(|&(_, m)| m);
            awards[prize].players.push(share(i, amount));
        }
    }

    // Objects: to players without a prize, in the standings' order; the general ranking's
    // first, then each category's in the list's order.
    let everybody = vec![true; n];
    let object_lists = std::iter::once((&general_objects, &everybody))
        .chain(categories.iter().map(|c| (&c.objects, &c.eligible)));
    for (objects, eligible) in object_lists {
        let mut at = 0;
        for &prize in objects {
            while at < n && (has_prize[at] || !eligible[at]) {
                at += 1;
            }
            if at == n {
                break;
            }
            has_prize[at] = true;
            awards[prize].players.push(share(at, None));
        }
    }
    Ok(Distribution { rule, awards })
}
