//! The prize list: each prize's name, its category (none for the general ranking) and its
//! value, money or an object; and the rule for players tied on points.
//!
//! ```
//! use prizes::{Money, Prize, PrizeList, PrizeValue, Rule};
//! let money = |s: &str| PrizeValue::Money(s.parse::<Money>().unwrap());
//! let list = PrizeList::new(vec![
//!     Prize::new("1st", "".parse().unwrap(), money("300")).unwrap(),
//!     Prize::new("2nd", "".parse().unwrap(), money("150")).unwrap(),
//!     Prize::new("Best woman", "women".parse().unwrap(), PrizeValue::Object).unwrap(),
//! ])
//! .unwrap();
//! assert_eq!(list.len(), 3);
//! assert_eq!("hort".parse::<Rule>().unwrap(), Rule::Hort);
//! ```

use std::fmt;
use std::str::FromStr;

use crate::category::Category;
use crate::money::Money;

/// What a prize is worth.
///
/// Money ranks above every object: a player who can take either takes the money, and the
/// object goes to the next player. Objects are never shared. Two objects rank equal (the
/// general prize first, then the prize list's order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PrizeValue {
    /// An amount above zero.
    Money(Money),
    /// A trophy, a book…: the prize's name says what.
    Object,
}

impl PrizeValue {
    pub fn money(self) -> Option<Money> {
        match self {
            PrizeValue::Money(m) => Some(m),
            PrizeValue::Object => None,
        }
    }
}

/// One prize. Its name is one line of at most [`Prize::MAX_NAME`] characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Prize {
    name: String,
    category: Category,
    value: PrizeValue,
}

/// Why a prize cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PrizeError {
    #[error("expected a prize name, found nothing")]
    EmptyName,
    #[error("expected a prize name of at most {max} characters on one line, found {found:?}")]
    BadName { max: usize, found: String },
    #[error("expected an amount above 0 (leave the amount empty for an object), found 0.00")]
    ZeroAmount,
}

impl Prize {
    pub const MAX_NAME: usize = 100;

    /// The name is trimmed; it must be one line of at most [`Prize::MAX_NAME`] characters.
    pub fn new(name: &str, category: Category, value: PrizeValue) -> Result<Prize, PrizeError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(PrizeError::EmptyName);
        }
        if name.chars().count() > Prize::MAX_NAME || name.chars().any(char::is_control) {
            return Err(PrizeError::BadName {
                max: Prize::MAX_NAME,
                found: name.chars().take(40).collect(),
            });
        }
        if value == PrizeValue::Money(Money::ZERO) {
            return Err(PrizeError::ZeroAmount);
        }
        Ok(Prize {
            name: name.to_string(),
            category,
            value,
        })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The category; the empty category (everybody) is the general ranking.
    pub fn category(&self) -> &Category {
        &self.category
    }

    pub fn value(&self) -> PrizeValue {
        self.value
    }

    pub fn is_general(&self) -> bool {
        self.category == Category::default()
    }
}

/// Why a list of prizes cannot be a prize list. `prize` and `object` index the list.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PrizeListError {
    #[error(
        "prize {} ({name:?}): expected the money prizes of a category before its objects, found \
         money after the object {}",
        prize + 1,
        object + 1
    )]
    MoneyAfterObject {
        prize: usize,
        name: String,
        object: usize,
    },
}

/// Prizes in the order given; within a category, the order in which they are awarded (1st,
/// 2nd…). A category's money prizes come before its objects.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PrizeList {
    prizes: Vec<Prize>,
}

impl PrizeList {
    pub fn new(prizes: Vec<Prize>) -> Result<PrizeList, PrizeListError> {
        for (i, p) in prizes.iter().enumerate() {
            if p.value == PrizeValue::Object {
                continue;
            }
            let earlier_object = prizes[..i]
                .iter()
                .position(|q| q.category == p.category && q.value == PrizeValue::Object);
            if let Some(object) = earlier_object {
                return Err(PrizeListError::MoneyAfterObject {
                    prize: i,
                    name: p.name.clone(),
                    object,
                });
            }
        }
        Ok(PrizeList { prizes })
    }

    pub fn prizes(&self) -> &[Prize] {
        &self.prizes
    }

    pub fn len(&self) -> usize {
        self.prizes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.prizes.is_empty()
    }

    /// The categories in the order they first appear, each with its prizes (indices into
    /// [`PrizeList::prizes`]) in order. The general ranking is one of them when it has prizes.
    pub fn lists(&self) -> Vec<(Category, Vec<usize>)> {
        let mut lists: Vec<(Category, Vec<usize>)> = Vec::new();
        for (i, p) in self.prizes.iter().enumerate() {
            match lists.iter_mut().find(|(c, _)| *c == p.category) {
                Some((_, v)) => v.push(i),
                None => lists.push((p.category, vec![i])),
            }
        }
        lists
    }
}

/// How players tied on points are paid (issue 23 §5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Tied players are separated by the tie-breaks; players the tie-breaks do not separate
    /// share the prizes of their places equally.
    Places,
    /// Players tied on points share equally the sum of the prizes of the places they occupy.
    Shared,
    /// The Hort system: half of that sum is shared equally, each player keeps half of the
    /// prize of their own place in the tie-break order.
    Hort,
}

impl Rule {
    pub const ALL: [Rule; 3] = [Rule::Places, Rule::Shared, Rule::Hort];

    pub const fn name(self) -> &'static str {
        match self {
            Rule::Places => "places",
            Rule::Shared => "shared",
            Rule::Hort => "hort",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// Why a text is not a rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected places, shared or hort, found {found:?}")]
pub struct RuleError {
    pub found: String,
}

impl FromStr for Rule {
    type Err = RuleError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Rule::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| RuleError {
                found: s.to_string(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prize(name: &str, category: &str, value: Option<&str>) -> Prize {
        let value = match value {
            Some(m) => PrizeValue::Money(m.parse().unwrap()),
            None => PrizeValue::Object,
        };
        Prize::new(name, category.parse().unwrap(), value).unwrap()
    }

    #[test]
    fn names_and_amounts() {
        let general = Category::default();
        assert_eq!(
            Prize::new("  ", general, PrizeValue::Object),
            Err(PrizeError::EmptyName)
        );
        assert!(matches!(
            Prize::new("a\nb", general, PrizeValue::Object),
            Err(PrizeError::BadName { .. })
        ));
        assert!(Prize::new(&"x".repeat(101), general, PrizeValue::Object).is_err());
        assert_eq!(
            Prize::new("1st", general, PrizeValue::Money(Money::ZERO)),
            Err(PrizeError::ZeroAmount)
        );
        assert_eq!(prize(" 1st ", "", Some("5")).name(), "1st");
    }

    #[test]
    fn a_category_pays_money_before_objects() {
        let ok = PrizeList::new(vec![
            prize("1st", "", Some("100")),
            prize("Cup", "", None),
            prize("Best woman", "women", Some("50")),
        ]);
        assert!(ok.is_ok());
        let bad = PrizeList::new(vec![
            prize("Cup", "women", None),
            prize("1st", "", Some("100")),
            prize("Best woman", "women", Some("50")),
        ]);
        assert_eq!(
            bad,
            Err(PrizeListError::MoneyAfterObject {
                prize: 2,
                name: "Best woman".into(),
                object: 0
            })
        );
    }

    #[test]
    fn lists_group_equal_categories() {
        let list = PrizeList::new(vec![
            prize("1st", "", Some("100")),
            prize("W1", "women&rating<1600", Some("50")),
            prize("2nd", "", Some("60")),
            prize("W2", "rating<1600 & women", Some("20")),
        ])
        .unwrap();
        let lists = list.lists();
        assert_eq!(lists.len(), 2);
        assert_eq!(lists[0].1, vec![0, 2]);
        assert_eq!(lists[1].1, vec![1, 3]);
    }

    #[test]
    fn rules() {
        for r in Rule::ALL {
            assert_eq!(r.name().to_uppercase().parse::<Rule>().unwrap(), r);
        }
        assert!("equal".parse::<Rule>().is_err());
    }
}
