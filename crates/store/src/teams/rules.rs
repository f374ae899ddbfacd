//! The rules a league sets for its lineups beyond one roster player per board: the order of
//! the boards by rating within a tolerance (the FFE's « règle des 100 points », A02).
//!
//! ```
//! use store::teams::rules::board_order;
//! // Board 1 at 1700 may stay above 1800 (100 points) but not above 1801.
//! assert!(board_order(&[("A", Some(1700)), ("B", Some(1800))], 100).is_ok());
//! let e = board_order(&[("A", Some(1700)), ("B", Some(1801))], 100).unwrap_err();
//! assert_eq!((e.above_board, e.below_board, e.difference), (1, 2, 101));
//! ```

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
