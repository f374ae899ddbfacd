//! Board prizes: each player's score and rating performance on each board of the matches.
//!
//! A player counts on the board they played in each match (a reserve who played board 3 twice
//! and board 4 once appears on both). Only games played over the board count, as for the
//! Olympiad's board prizes: forfeits are listed apart. The performance is FIDE's (B.02 8.1(a)):
//! the average rating of the rated opponents plus the rating difference of the percentage
//! scored against them. The players in the running for a board's prize are those who played
//! at least two thirds of the rounds counted (rounded up), as team championships' regulations
//! ask (the European Team Championship's 6 games of 9): they are listed first, so that one
//! lucky game does not head the table.

use std::collections::BTreeMap;

use tournament::{GameResult, Points};

use crate::error::Result;
use crate::teams::event::load_teams;
use crate::teams::model::load_rounds;
use crate::teams::types::*;
use crate::Store;

/// One player's games on one board.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct BoardPrizeRow {
    pub member: MemberKey,
    pub name: String,
    pub rating: Option<u16>,
    pub team: String,
    /// Games played over the board on this board.
    pub games: u32,
    #[serde(with = "crate::chess::types::points_text")]
    pub points: Points,
    /// Forfeits on this board (won or lost), not counted.
    pub forfeits: u32,
    /// Average rating of the rated opponents, rounded half up.
    pub opponents_average: Option<u32>,
    /// The opponents' average plus dp (B.02 8.1(a)); none without a rated opponent.
    pub performance: Option<i32>,
    /// Played over the board on this board in at least two thirds of the rounds counted
    /// (rounded up): in the running for the board's prize.
    pub eligible: bool,
}

/// The players of one board, those in the running first, each part by best performance
/// (then points, then fewer games).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct BoardPrizeTable {
    pub board: u32,
    pub rows: Vec<BoardPrizeRow>,
}

#[derive(Default)]
struct Tally {
    games: u32,
    halves: i64,
    forfeits: u32,
    rated_games: i64,
    rated_halves: i64,
    rating_sum: i64,
}

impl Store {
    /// Every board's players with their score and performance, over the results entered so far.
    pub fn team_board_prizes(&self, event: TeamEventId) -> Result<Vec<BoardPrizeTable>> {
        self.with_conn(|c| {
            let teams = load_teams(c, event)?;
            let member = |id: MemberKey| {
                teams.iter().find_map(|t| {
                    t.roster
                        .iter()
                        .find(|m| m.id == id)
                        .map(|m| (t.details.name.to_string(), m))
                })
            };
            let mut tallies: BTreeMap<(u32, MemberKey), Tally> = BTreeMap::new();
            let rounds = load_rounds(c, event)?;
            // The rounds with a result on some board.
            let counted = rounds
                .iter()
                .filter(|r| {
                    r.matches
                        .iter()
                        .any(|m| m.boards.iter().any(|b| b.result.is_some()))
                })
                .count() as u32;
            for round in rounds {
                for m in &round.matches {
                    for b in &m.boards {
                        let Some(result) = b.result else { continue };
                        // Half-points of White and Black.
                        let halves_of = |g: GameResult| match g {
                            GameResult::Win => 2,
                            GameResult::Draw => 1,
                            GameResult::Loss => 0,
                        };
                        let (w, bl, played) = match result.played() {
                            Some((w, bl)) => (halves_of(w), halves_of(bl), true),
                            None => (0, 0, false),
                        };
                        for (me, them, halves) in [(b.white, b.black, w), (b.black, b.white, bl)] {
                            // The team that did not show for a forfeited match fielded no one.
                            let Some(me) = me else { continue };
                            let t = tallies.entry((b.board, me)).or_default();
                            if !played {
                                t.forfeits += 1;
                                continue;
                            }
                            t.games += 1;
                            t.halves += halves;
                            if let Some(r) =
                                them.and_then(member).and_then(|(_, m)| m.details.rating)
                            {
                                t.rated_games += 1;
                                t.rated_halves += halves;
                                t.rating_sum += i64::from(r);
                            }
                        }
                    }
                }
            }
            let mut tables: Vec<BoardPrizeTable> = Vec::new();
            for ((board, id), t) in tallies {
                let Some((team, m)) = member(id) else {
                    continue;
                };
                let average = (t.rated_games > 0)
                    .then(|| (2 * t.rating_sum + t.rated_games).div_euclid(2 * t.rated_games));
                let row = BoardPrizeRow {
                    member: id,
                    name: m.details.name.to_string(),
                    rating: m.details.rating,
                    team,
                    games: t.games,
                    points: Points::from_tenths((t.halves * 5) as i32),
                    forfeits: t.forfeits,
                    opponents_average: average.map(|a| a as u32),
                    performance: average.map(|a| {
                        a as i32 + tiebreak::tables::dp_for_score(t.rated_halves, t.rated_games)
                    }),
                    eligible: 3 * t.games >= 2 * counted,
                };
                match tables.last_mut() {
                    Some(last) if last.board == board => last.rows.push(row),
                    _ => tables.push(BoardPrizeTable {
                        board,
                        rows: vec![row],
                    }),
                }
            }
            for table in &mut tables {
                table.rows.sort_by(|a, b| {
                    b.eligible
                        .cmp(&a.eligible)
                        .then(b.performance.cmp(&a.performance))
                        .then(b.points.cmp(&a.points))
                        .then(a.games.cmp(&b.games))
                        .then(a.name.cmp(&b.name))
                });
            }
            Ok(tables)
        })
    }
}
