//! Knock-out matches of teams (issue 24 §1): the bracket from a seeding, the carry-over from
//! the two teams' earlier match, a match won on total IMPs (segments plus carry-over), ties
//! broken by extra boards, and the winners drawn into the next round.
//!
//! The carry-over rule is the one the WBF's supplemental conditions of contest for the
//! Bermuda Bowl knock-out use (as summarised by Bridge Winners' "Bermuda Bowl FAQs"): from
//! the two teams' round-robin match, the team ranked higher in the round robin that won it
//! by N IMPs starts with N/2 IMPs; if the lower-ranked team won it, that team starts with
//! N/3; at most 16 IMPs either way. Clubs set their own fractions and cap
//! ([`CarryOverRule`]), or enter the carry-over by hand.
//!
//! ```
//! use bridge::knockout::{bracket, CarryOverRule, KnockoutMatch};
//! use bridge::Ratio;
//!
//! // Six teams: seeds 1 and 2 have byes; 4 meets 5 and 3 meets 6.
//! assert_eq!(bracket(6), [(1, None), (4, Some(5)), (2, None), (3, Some(6))]);
//! // Seed 3 (higher) beat seed 6 by 20 IMPs in the round robin: 10 IMPs carried over.
//! let carry = CarryOverRule::wbf().carry_over(20);
//! assert_eq!(carry, Ratio::from_int(10));
//! let m = KnockoutMatch { carry_over_home: carry, segments: vec![(30, 38)], extra: vec![] };
//! assert_eq!(m.totals(), (Ratio::from_int(40), Ratio::from_int(38)));
//! ```

use crate::rational::Ratio;
use crate::teams::Side;

/// How the carry-over into a knock-out match is worked out from the two teams' earlier match
/// (the margin seen from the team ranked higher in the earlier stage).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CarryOverRule {
    /// The fraction of the margin the higher-ranked team carries when it won that match.
    pub higher_won: Ratio,
    /// The fraction the lower-ranked team carries when it won.
    pub lower_won: Ratio,
    /// The most IMPs carried over, if capped.
    pub cap: Option<Ratio>,
}

impl CarryOverRule {
    /// The WBF's Bermuda Bowl practice: ½ of the margin to a higher-ranked winner, ⅓ to a
    /// lower-ranked one, at most 16 IMPs.
    pub fn wbf() -> CarryOverRule {
        CarryOverRule {
            higher_won: Ratio::new(1, 2),
            lower_won: Ratio::new(1, 3),
            cap: Some(Ratio::from_int(16)),
        }
    }

    /// The carry-over given the higher-ranked team's margin in the earlier match (negative:
    /// it lost): positive to the higher-ranked team, negative to the lower-ranked one.
    pub fn carry_over(&self, margin_higher: i64) -> Ratio {
        let m = Ratio::from_int(margin_higher);
        let c = if margin_higher >= 0 {
            m * self.higher_won
        } else {
            m * self.lower_won
        };
        match self.cap {
            Some(cap) if c > cap => cap,
            Some(cap) if c < -cap => -cap,
            _ => c,
        }
    }
}

/// The first round's matches of a knock-out of `teams` seeds (1 = best): the field made up to
/// a power of two with byes, seeds placed so that 1 and 2 can meet only in the final, 1 to 4
/// only in the semi-finals, and so on (1 v 8, 4 v 5, 2 v 7, 3 v 6 for eight). A seed without
/// an opponent (`None`) has a bye into the next round; the best seeds get the byes.
pub fn bracket(teams: u32) -> Vec<(u32, Option<u32>)> {
    if teams < 2 {
        return Vec::new();
    }
    let mut order: Vec<u32> = vec![1];
    while (order.len() as u32) < teams {
        let size = order.len() as u32 * 2;
        order = order.iter().flat_map(|&s| [s, size + 1 - s]).collect();
    }
    order
        .chunks(2)
        .map(|p| {
            let (a, b) = (p[0].min(p[1]), p[0].max(p[1]));
            (a, (b <= teams).then_some(b))
        })
        .collect()
}

/// The next round's matches from the winners of a round's matches, in bracket order: the
/// winner of match 1 meets the winner of match 2, 3 meets 4, and so on. `None` while a match
/// is undecided; an empty list once the round was the final.
pub fn next_round<T: Copy>(winners: &[Option<T>]) -> Option<Vec<(T, T)>> {
    if winners.len() < 2 {
        return winners.iter().all(Option::is_some).then(Vec::new);
    }
    winners
        .chunks(2)
        .map(|p| match p {
            [Some(a), Some(b)] => Some((*a, *b)),
            _ => None,
        })
        .collect()
}

/// A knock-out match: the carry-over, each segment's IMPs (home, visitors) and the IMPs of
/// each set of extra boards played to break a tie.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct KnockoutMatch {
    /// IMPs to the home team before play (negative: to the visitors).
    pub carry_over_home: Ratio,
    pub segments: Vec<(u32, u32)>,
    pub extra: Vec<(u32, u32)>,
}

impl KnockoutMatch {
    /// Each team's total: its segments' IMPs plus its carry-over.
    pub fn totals(&self) -> (Ratio, Ratio) {
        let (h, v): (u32, u32) = self
            .segments
            .iter()
            .fold((0, 0), |(h, v), s| (h + s.0, v + s.1));
        let (mut home, mut visit) = (Ratio::from_int(h.into()), Ratio::from_int(v.into()));
        if self.carry_over_home >= Ratio::ZERO {
            home += self.carry_over_home;
        } else {
            visit += -self.carry_over_home;
        }
        (home, visit)
    }

    /// The winner once `segments` segments are in: more IMPs in all; on equal totals, the
    /// first set of extra boards that is not itself a tie (each set is a match of its own,
    /// as the WBF's playoff and sudden-death boards are). `None`: still to play or tied.
    pub fn winner(&self, segments: usize) -> Option<Side> {
        if self.segments.len() < segments {
            return None;
        }
        let side = |h: Ratio, v: Ratio| match h.cmp(&v) {
            std::cmp::Ordering::Greater => Some(Side::Home),
            std::cmp::Ordering::Less => Some(Side::Visit),
            std::cmp::Ordering::Equal => None,
        };
        let (h, v) = self.totals();
        side(h, v).or_else(|| {
            self.extra
                .iter()
                .find_map(|&(h, v)| side(Ratio::from_int(h.into()), Ratio::from_int(v.into())))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brackets_keep_the_best_seeds_apart() {
        assert_eq!(bracket(2), [(1, Some(2))]);
        assert_eq!(bracket(4), [(1, Some(4)), (2, Some(3))]);
        assert_eq!(
            bracket(8),
            [(1, Some(8)), (4, Some(5)), (2, Some(7)), (3, Some(6))]
        );
        // Five teams: three byes, only 4 v 5 plays.
        assert_eq!(bracket(5), [(1, None), (4, Some(5)), (2, None), (3, None)]);
        assert!(bracket(1).is_empty());
    }

    #[test]
    fn wbf_carry_over_by_hand() {
        let r = CarryOverRule::wbf();
        // Higher seed won by 21: 10½. Lost by 21: 7 to the lower seed.
        assert_eq!(r.carry_over(21), Ratio::new(21, 2));
        assert_eq!(r.carry_over(-21), Ratio::from_int(-7));
        // Lost by 40: 13⅓. Won by 40: 20, capped at 16. Lost by 60: 20, capped at 16.
        assert_eq!(r.carry_over(-40), Ratio::new(-40, 3));
        assert_eq!(r.carry_over(40), Ratio::from_int(16));
        assert_eq!(r.carry_over(-60), Ratio::from_int(-16));
        assert_eq!(r.carry_over(0), Ratio::ZERO);
    }

    #[test]
    fn match_won_on_total_imps_with_carry_over_and_extra_boards() {
        // 7 IMPs carried to the visitors; segments 25–20 and 18–23: 43–43 at the table,
        // 43–50 in all: the visitors win.
        let mut m = KnockoutMatch {
            carry_over_home: Ratio::from_int(-7),
            segments: vec![(25, 20)],
            extra: vec![],
        };
        assert_eq!(m.winner(2), None, "one segment still to play");
        m.segments.push((18, 23));
        assert_eq!(m.totals(), (Ratio::from_int(43), Ratio::from_int(50)));
        assert_eq!(m.winner(2), Some(Side::Visit));
        // 10½ to the home team; segments 30–40 and 20–10: 60½–50.
        let m = KnockoutMatch {
            carry_over_home: Ratio::new(21, 2),
            segments: vec![(30, 40), (20, 10)],
            extra: vec![],
        };
        assert_eq!(m.totals(), (Ratio::new(121, 2), Ratio::from_int(50)));
        assert_eq!(m.winner(2), Some(Side::Home));
        // A tie (no carry-over, 30–30): undecided until extra boards; a tied set of extra
        // boards (4–4) is followed by the next (0–3).
        let mut m = KnockoutMatch {
            carry_over_home: Ratio::ZERO,
            segments: vec![(30, 30)],
            extra: vec![],
        };
        assert_eq!(m.winner(1), None);
        m.extra.push((4, 4));
        assert_eq!(m.winner(1), None);
        m.extra.push((0, 3));
        assert_eq!(m.winner(1), Some(Side::Visit));
    }

    #[test]
    fn winners_meet_in_bracket_order() {
        assert_eq!(
            next_round(&[Some(1), Some(5), Some(7), Some(3)]),
            Some(vec![(1, 5), (7, 3)])
        );
        assert_eq!(next_round(&[Some(1), None]), None);
        assert_eq!(next_round(&[Some(1)]), Some(vec![]));
    }
}
