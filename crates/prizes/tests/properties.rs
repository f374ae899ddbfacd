//! Invariants of every distribution: the money paid is the money of the prizes awarded, to the
//! cent; nobody gets two prizes; a category prize goes to one player of the category.

use proptest::prelude::*;

use prizes::{
    distribute, BirthDate, Category, Entrant, Money, PlayerFacts, Prize, PrizeList, PrizeValue,
    Rule,
};
use tournament::{PlayerId, Points, Sex};

const CATEGORIES: [&str; 5] = [
    "rating<1600",
    "women",
    "age<12",
    "rating>=1800&women",
    "unrated",
];

/// A final standings: points in half points, best first; `separated[k]` tells whether the
/// tie-breaks separate player k from player k - 1 when their points are equal.
fn ranking() -> impl Strategy<Value = Vec<Entrant>> {
    prop::collection::vec(
        (
            0i32..12,
            any::<bool>(),
            prop::option::of(1000u16..2400),
            prop::option::of(any::<bool>()),
            prop::option::of(2005i32..2020),
        ),
        0..25,
    )
    .prop_map(|mut lines| {
        lines.sort_by_key(|l| std::cmp::Reverse(l.0));
        let mut rank = 1;
        lines
            .iter()
            .enumerate()
            .map(|(k, &(halves, separated, rating, woman, born))| {
                if k > 0 && (lines[k - 1].0 != halves || separated) {
                    rank = k as u32 + 1;
                }
                Entrant {
                    id: PlayerId(k as u32 + 1),
                    name: format!("P{}", k + 1),
                    points: Points::from_tenths(halves * 5),
                    rank,
                    facts: PlayerFacts {
                        rating,
                        sex: woman.map(|w| if w { Sex::Female } else { Sex::Male }),
                        birth: born.map(BirthDate::Year),
                        club_member: false,
                    },
                }
            })
            .collect()
    })
}

/// A prize list: general places with amounts (some odd cents) then a few objects, and
/// category prizes, money before objects in each category.
fn prize_list() -> impl Strategy<Value = PrizeList> {
    (
        prop::collection::vec(1i64..200_000, 0..8),
        0usize..3,
        prop::collection::vec(
            (0usize..CATEGORIES.len(), prop::option::of(1i64..50_000)),
            0..8,
        ),
    )
        .prop_map(|(general, general_objects, category_prizes)| {
            let mut prizes = Vec::new();
            let money = |c: i64| PrizeValue::Money(Money::from_cents(c).unwrap());
            for (k, &c) in general.iter().enumerate() {
                prizes.push(
                    Prize::new(&format!("{}", k + 1), Category::default(), money(c)).unwrap(),
                );
            }
            for k in 0..general_objects {
                prizes.push(
                    Prize::new(
                        &format!("Object {k}"),
                        Category::default(),
                        PrizeValue::Object,
                    )
                    .unwrap(),
                );
            }
            // Money first in each category, then objects.
            let mut sorted = category_prizes.clone();
            sorted.sort_by_key(|(_, amount)| amount.is_none());
            for (k, (c, amount)) in sorted.into_iter().enumerate() {
                let value = amount.map_or(PrizeValue::Object, money);
                let category = CATEGORIES[c].parse().unwrap();
                prizes.push(Prize::new(&format!("C{k}"), category, value).unwrap());
            }
            PrizeList::new(prizes).unwrap()
        })
}

fn rule() -> impl Strategy<Value = Rule> {
    prop::sample::select(Rule::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn paid_equals_awarded_and_nobody_twice(
        ranking in ranking(),
        prizes in prize_list(),
        rule in rule(),
    ) {
        let d = distribute(&ranking, &prizes, rule, Some(2026)).unwrap();
        prop_assert_eq!(d.awards.len(), prizes.len());
        let list = prizes.prizes();
        let mut seen = std::collections::HashSet::new();
        let mut awarded = 0i64;
        for a in &d.awards {
            let prize = &list[a.prize];
            for s in &a.players {
                prop_assert!(seen.insert(s.id), "player {} has two prizes", s.id);
                // The money prizes pay money, the objects an object.
                prop_assert_eq!(s.amount.is_some(), prize.value().money().is_some());
                if !prize.is_general() {
                    let e = ranking.iter().find(|e| e.id == s.id).unwrap();
                    prop_assert!(prize.category().admits(&e.facts, &Some(2026).into()));
                }
            }
            if !prize.is_general() || prize.value() == PrizeValue::Object {
                prop_assert!(a.players.len() <= 1, "{} shared", prize.name());
                prop_assert_eq!(a.shared_into, None);
            }
            if let Some(head) = a.shared_into {
                prop_assert!(a.players.is_empty());
                prop_assert!(!d.awards[head].players.is_empty());
            }
            if !a.players.is_empty() || a.shared_into.is_some() {
                awarded += prize.value().money().map_or(0, Money::cents);
            }
        }
        prop_assert_eq!(d.paid().cents(), awarded);
        // Every money prize is awarded while players are left to take it: a general place
        // has a player as long as the general ranking reaches it.
        let general_money = list
            .iter()
            .filter(|p| p.is_general() && p.value().money().is_some())
            .count();
        let category_winners = d
            .awards
            .iter()
            .filter(|a| !list[a.prize].is_general() && !a.players.is_empty())
            .count();
        let reach = ranking.len().saturating_sub(category_winners).min(general_money);
        let general_awarded = d
            .awards
            .iter()
            .filter(|a| {
                let p = &list[a.prize];
                p.is_general()
                    && p.value().money().is_some()
                    && (!a.players.is_empty() || a.shared_into.is_some())
            })
            .count();
        prop_assert_eq!(general_awarded, reach);
    }

    /// Under `shared`, players tied on points who share receive amounts at most a cent apart;
    /// under `places` and `hort` a better-placed player of a group never receives less.
    #[test]
    fn shares_within_a_group(ranking in ranking(), prizes in prize_list(), rule in rule()) {
        let d = distribute(&ranking, &prizes, rule, Some(2026)).unwrap();
        for a in d.awards.iter().filter(|a| a.players.len() > 1) {
            let cents: Vec<i64> = a.players.iter().map(|s| s.amount.unwrap().cents()).collect();
            let (lo, hi) = (cents.iter().min().unwrap(), cents.iter().max().unwrap());
            match rule {
                Rule::Shared => prop_assert!(hi - lo <= 1, "{cents:?}"),
                Rule::Places | Rule::Hort => {
                    // Only for prize lists that do not increase down the places.
                    let general: Vec<i64> = prizes
                        .prizes()
                        .iter()
                        .filter(|p| p.is_general())
                        .filter_map(|p| p.value().money().map(Money::cents))
                        .collect();
                    if general.windows(2).all(|w| w[0] >= w[1]) {
                        prop_assert!(cents.windows(2).all(|w| w[0] + 1 >= w[1]), "{cents:?}");
                    }
                }
            }
        }
    }
}
