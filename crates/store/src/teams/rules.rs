//! The rules a league sets for its lineups beyond one roster player per board: the order of
//! the boards by rating within a tolerance (the FFE's « règle des 100 points », A02), and the
//! roster rules of [`RosterRules`] (foreign players, women, rating caps, one team of a club per
//! player and round), checked by [`lineup_rules`] and, for the cap per player, [`player_cap`].
//!
//! ```
//! use store::teams::rules::board_order;
//! // Board 1 at 1700 may stay above 1800 (100 points) but not above 1801.
//! assert!(board_order(&[("A", Some(1700)), ("B", Some(1800))], 100).is_ok());
//! let e = board_order(&[("A", Some(1700)), ("B", Some(1801))], 100).unwrap_err();
//! assert_eq!((e.above_board, e.below_board, e.difference), (1, 2, 101));
//! ```

use crate::teams::types::NewMember;
pub use crate::teams::types::{CapRating, RosterRules};

/// A player placed below another rated more than the tolerance lower.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardOrderBreach {
    /// The player placed above (on the lower board number) and their rating.
    pub above: String,
    pub above_board: u32,
    pub above_rating: u16,
    /// The better-rated player placed below.
    pub below: String,
    pub below_board: u32,
    pub below_rating: u16,
    /// `below_rating − above_rating`, more than the tolerance.
    pub difference: u16,
    pub tolerance: u16,
}

impl std::fmt::Display for BoardOrderBreach {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} ({}) on board {} is rated {} points above {} ({}) on board {}",
            self.below,
            self.below_rating,
            self.below_board,
            self.difference,
            self.above,
            self.above_rating,
            self.above_board
        )
    }
}

/// Checks a lineup, board 1 first, against the order by rating: a player may sit above one
/// rated at most `tolerance` points higher, never more (A02: « si deux joueurs ont une
/// différence de classement de plus de 100 points, le mieux classé doit être placé devant le
/// moins bien classé »). A player without a rating counts as 0 (the FFE gives every player a
/// rating, estimated when not earned: type it). The first breach in board order is returned:
/// the higher board first, then the lower one.
pub fn board_order(lineup: &[(&str, Option<u16>)], tolerance: u16) -> Result<(), BoardOrderBreach> {
    for (i, (above, a)) in lineup.iter().enumerate() {
        let a = a.unwrap_or(0);
        for (j, (below, b)) in lineup.iter().enumerate().skip(i + 1) {
            let b = b.unwrap_or(0);
            if b > a && b - a > tolerance {
                return Err(BoardOrderBreach {
                    above: above.to_string(),
                    above_board: i as u32 + 1,
                    above_rating: a,
                    below: below.to_string(),
                    below_board: j as u32 + 1,
                    below_rating: b,
                    difference: b - a,
                    tolerance,
                });
            }
        }
    }
    Ok(())
}

/// A lineup that breaks a roster rule, with what the message names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleBreach {
    /// More foreign players than allowed: who they are.
    Foreign { players: Vec<String>, max: u8 },
    /// Fewer women than required: the women fielded.
    Women { players: Vec<String>, min: u8 },
    /// A player rated above the cap.
    PlayerCap {
        player: String,
        rating: u16,
        cap: u16,
    },
    /// The lineup's ratings add up to more than the cap.
    SumCap { sum: u32, cap: u32 },
    /// A player already fielded this round by another team of the club, in that team's match.
    FieldedElsewhere {
        player: String,
        team: String,
        round: u32,
        match_number: u32,
    },
}

impl std::fmt::Display for RuleBreach {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RuleBreach::Foreign { players, max } => write!(
                f,
                "foreign players in the lineup: {} ({}), at most {max}",
                players.len(),
                players.join(", ")
            ),
            RuleBreach::Women { players, min } => write!(
                f,
                "women in the lineup: {} ({}), at least {min}",
                players.len(),
                players.join(", ")
            ),
            RuleBreach::PlayerCap {
                player,
                rating,
                cap,
            } => write!(f, "{player} is rated {rating}, above the cap of {cap}"),
            RuleBreach::SumCap { sum, cap } => {
                write!(f, "the lineup's ratings add up to {sum}, above {cap}")
            }
            RuleBreach::FieldedElsewhere {
                player,
                team,
                round,
                match_number,
            } => write!(
                f,
                "{player} already plays for {team} in match {match_number} of round {round}"
            ),
        }
    }
}

/// A roster player above the cap per player, if the rules set one.
pub fn player_cap(rules: &RosterRules, m: &NewMember) -> Result<(), RuleBreach> {
    match (rules.player_cap, rules.cap_rating.of(m)) {
        (Some(cap), Some(rating)) if rating > cap => Err(RuleBreach::PlayerCap {
            player: m.name.to_string(),
            rating,
            cap,
        }),
        _ => Ok(()),
    }
}

/// Checks a lineup against the rules that read only its players: foreign players, women, the
/// cap per player and on the sum (unrated players count as 0). The first rule broken, in that
/// order, is returned. `federation` is the event's.
pub fn lineup_rules(
    lineup: &[&NewMember],
    rules: &RosterRules,
    federation: &str,
) -> Result<(), RuleBreach> {
    let names = |keep: &dyn Fn(&NewMember) -> bool| -> Vec<String> {
        lineup
            .iter()
            .filter(|m| keep(m))
            .map(|m| m.name.to_string())
            .collect()
    };
    if let Some(max) = rules.max_foreign {
        let foreign = names(&|m| !m.federation.is_empty() && m.federation != federation);
        if foreign.len() > usize::from(max) {
            return Err(RuleBreach::Foreign {
                players: foreign,
                max,
            });
        }
    }
    if let Some(min) = rules.min_women {
        let women = names(&|m| m.sex == "w");
        if women.len() < usize::from(min) {
            return Err(RuleBreach::Women {
                players: women,
                min,
            });
        }
    }
    for m in lineup {
        player_cap(rules, m)?;
    }
    if let Some(cap) = rules.sum_cap {
        let sum: u32 = lineup
            .iter()
            .map(|m| u32::from(rules.cap_rating.of(m).unwrap_or(0)))
            .sum();
        if sum > cap {
            return Err(RuleBreach::SumCap { sum, cap });
        }
    }
    Ok(())
}

/// Whether two roster players are one person: the same licence, else the same FIDE id, else
/// the same name (the rosters of two teams of a club are separate rows).
pub fn same_person(a: &NewMember, b: &NewMember) -> bool {
    let (la, lb) = (&a.national.licence, &b.national.licence);
    if !la.is_empty() && !lb.is_empty() {
        return la == lb;
    }
    if let (Some(x), Some(y)) = (a.fide_id, b.fide_id) {
        return x == y;
    }
    a.name == b.name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hundred_points_rule_by_hand() {
        // 1950, 2040 (90 above board 1), 1900, 2000 (100 above board 3, 50 above board 1).
        let ok = [
            ("A", Some(1950)),
            ("B", Some(2040)),
            ("C", Some(1900)),
            ("D", Some(2000)),
        ];
        assert_eq!(board_order(&ok, 100), Ok(()));
        // 1850 on board 4 below 1749 on board 3: 101 points.
        let bad = [
            ("A", Some(1950)),
            ("B", Some(1900)),
            ("C", Some(1749)),
            ("D", Some(1850)),
        ];
        let e = board_order(&bad, 100).unwrap_err();
        assert_eq!(
            (
                e.above.as_str(),
                e.above_board,
                e.below.as_str(),
                e.below_board,
                e.difference
            ),
            ("C", 3, "D", 4, 101)
        );
        assert_eq!(
            e.to_string(),
            "D (1850) on board 4 is rated 101 points above C (1749) on board 3"
        );
        // An unrated player counts as 0: anyone rated above 100 must sit above them.
        let unrated = [("A", None), ("B", Some(101))];
        assert_eq!(board_order(&unrated, 100).unwrap_err().difference, 101);
        assert_eq!(board_order(&[("A", None), ("B", Some(100))], 100), Ok(()));
        // The strictest tolerance is the order by rating, ties in any order.
        assert_eq!(
            board_order(&[("A", Some(1500)), ("B", Some(1500))], 0),
            Ok(())
        );
        assert!(board_order(&[("A", Some(1500)), ("B", Some(1501))], 0).is_err());
    }
}
