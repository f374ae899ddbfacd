//! A knock-out cup's rules, apart from the database: the bracket's places for a seeding, the
//! byes of a field that is not a power of two, and who wins a match (its score, then the cup's
//! tie-break rule, then a tie-break match). `docs/team-leagues.md` says which articles they
//! follow.

use serde::{Deserialize, Serialize};
use tournament::Color;

use crate::chess::types::ResultCode;
use crate::teams::types::{BoardColours, MatchForfeit};

/// How round 1's bracket is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum CupSeeding {
    /// By the team numbers (the average rating of the top boards): seed 1 meets the last seed,
    /// seeds 1 and 2 can meet only in the final, the byes go to the top seeds.
    #[default]
    Rating,
    /// Drawn by lot: the drawn order takes the seeds' places, the byes go to the first drawn.
    Draw,
}

/// How the rounds after the first are made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum CupNextRound {
    /// The bracket: the winners of matches 1 and 2 meet, of 3 and 4, …
    #[default]
    Bracket,
    /// A fresh draw of the winners each round (« tirage au sort intégral »).
    Draw,
}

/// Who gets round 1's byes in a field that is not a power of two.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum CupByes {
    /// The top seeds (by rating, or the first drawn).
    #[default]
    Seeding,
    /// The teams of the highest divisions first (the Coupe de France, 1.2: Nationale III, then
    /// Nationale IV), the seeding choosing within a division; a team without a division comes last.
    Division,
}

/// How a drawn match (equal game points) is decided before a tie-break match is needed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum CupTieBreak {
    /// The FFE's cups: the board results from board 1 down, the first decisive one wins.
    #[default]
    TopBoard,
    /// The lowest board's result discounted, then the next lowest, until one team leads.
    BoardElimination,
    /// A board count: a board's points weighted by its place (board 1 counts as many times as
    /// there are boards, the last board once).
    BoardCount,
    /// No board rule: a tie-break match (blitz, rapid) entered as its own score.
    Match,
}

macro_rules! codes {
    ($t:ty, $($v:path => $s:literal),+) => {
        impl $t {
            pub const ALL: &'static [$t] = &[$($v),+];
            pub const fn as_str(self) -> &'static str {
                match self { $($v => $s),+ }
            }
            pub fn parse(s: &str) -> Option<$t> {
                Self::ALL.iter().copied().find(|x| x.as_str() == s)
            }
        }
    };
}
codes!(CupSeeding, CupSeeding::Rating => "rating", CupSeeding::Draw => "draw");
codes!(CupByes, CupByes::Seeding => "seeding", CupByes::Division => "division");
codes!(CupNextRound, CupNextRound::Bracket => "bracket", CupNextRound::Draw => "draw");
codes!(CupTieBreak, CupTieBreak::TopBoard => "top_board",
    CupTieBreak::BoardElimination => "board_elimination",
    CupTieBreak::BoardCount => "board_count", CupTieBreak::Match => "match");

/// A cup's settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct CupSettings {
    pub seeding: CupSeeding,
    pub next_round: CupNextRound,
    pub tie_break: CupTieBreak,
    #[serde(default)]
    pub byes: CupByes,
    /// The colours of a match's boards: alternating, or the Coupe de France's « BNNB ».
    #[serde(default)]
    pub colours: BoardColours,
}

/// The rounds of a bracket for `teams` teams: 2 → 1, 3 and 4 → 2, 5 to 8 → 3, …
pub fn rounds(teams: u32) -> u32 {
    teams.max(2).next_power_of_two().trailing_zeros()
}

/// The rounds of a bracket whose teams enter at different rounds: `weight` is the sum over the
/// teams of 2^(r-1) for a team entering at round r (a late entrant fills the places of the
/// teams it would have met before), `latest` the latest entry round. The smallest number of
/// rounds whose bracket holds that weight, and at least `latest`: 12 teams of round 1, 12
/// rounds; 8 of round 1 and 4 of round 2 (weight 16), 4.
pub fn rounds_for(weight: u64, latest: u32) -> u32 {
    let fit = weight.max(2).next_power_of_two().trailing_zeros();
    fit.max(latest)
}

/// The seeds in bracket order for a bracket of `size` places (a power of two): places 1 and 2
/// meet, 3 and 4, … Seed 1 meets the last seed, and seeds 1 and 2 stay apart until the final
/// (`[1, 8, 4, 5, 2, 7, 3, 6]` for 8).
pub fn seed_order(size: u32) -> Vec<u32> {
    let mut order = vec![1];
    while (order.len() as u32) < size {
        let n = 2 * order.len() as u32;
        order = order.iter().flat_map(|&s| [s, n + 1 - s]).collect();
    }
    order
}

/// Round 1's places for `entries` in seed order (seed 1 first): a seed beyond the field is a
/// bye, so the top seeds go through without a match.
pub fn first_round<T: Copy>(entries: &[T]) -> Vec<Option<T>> {
    let size = (entries.len().max(2) as u32).next_power_of_two();
    seed_order(size)
        .into_iter()
        .map(|s| entries.get(s as usize - 1).copied())
        .collect()
}

/// Round 1's places for a cup whose teams enter at different rounds, in a bracket of `rounds`
/// rounds (2^rounds places). `entries` are the teams with their entry rounds, each round's
/// teams in their seeding order. The latest entrants are placed first, each on the best seed
/// whose places up to its round are all free: those places stay empty, so it goes through
/// alone until the round it enters at, where it meets the winner from beside it. Round 1's
/// teams then take the free seeds in order, the ones left over being byes (the top seeds').
/// With every team at round 1 this is [`first_round`]. `None` when the bracket cannot hold
/// the teams (see [`rounds_for`]).
pub fn late_bracket<T: Copy>(rounds: u32, entries: &[(T, u32)]) -> Option<Vec<Option<T>>> {
    let size = 1usize.checked_shl(rounds)?;
    let order = seed_order(size as u32);
    let mut leaf_of_seed = vec![0; size + 1];
    for (leaf, &seed) in order.iter().enumerate() {
        leaf_of_seed[seed as usize] = leaf;
    }
    let mut places: Vec<Option<T>> = vec![None; size];
    let mut taken = vec![false; size];
    let latest = entries.iter().map(|e| e.1).max().unwrap_or(1);
    for round in (1..=latest).rev() {
        let block = 1usize.checked_shl(round - 1)?;
        let mut seeds = 1..=size;
        for &(team, _) in entries.iter().filter(|e| e.1.max(1) == round) {
            let leaf = seeds.find_map(|s| {
                let leaf = leaf_of_seed[s];
                let start = leaf - leaf % block;
                (!taken[start..start + block].contains(&true)).then_some((leaf, start))
            });
            let (leaf, start) = leaf?;
            places[leaf] = Some(team);
            taken[start..start + block].fill(true);
        }
    }
    Some(places)
}

/// The seeding `entries` (seed 1 first) with the teams of the highest divisions (1 the
/// highest, none last) moved up to the bye places, in their seeding order; the others keep
/// their order after them. Nothing moves when the field is a power of two.
pub fn byes_by_division<T: Copy>(entries: &[(T, Option<u8>)]) -> Vec<T> {
    let size = entries.len().max(2).next_power_of_two();
    divisions_first(entries, size - entries.len())
}

/// The seeding `entries` with the teams of the highest divisions moved up to the first `byes`
/// places, as [`byes_by_division`] does for a bracket's byes.
pub fn divisions_first<T: Copy>(entries: &[(T, Option<u8>)], byes: usize) -> Vec<T> {
    let byes = byes.min(entries.len());
    let mut by_division: Vec<usize> = (0..entries.len()).collect();
    // A stable sort: the seeding decides within a division.
    by_division.sort_by_key(|&k| entries[k].1.unwrap_or(u8::MAX));
    let mut chosen = by_division[..byes].to_vec();
    chosen.sort();
    let rest = (0..entries.len()).filter(|k| !chosen.contains(k));
    chosen
        .iter()
        .copied()
        .chain(rest)
        .map(|k| entries[k].0)
        .collect()
}

/// Which team of a match: the one with White on board 1, or the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    White,
    Black,
}

/// How a match was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum Decided {
    /// More game points.
    Score,
    /// The other team did not show.
    Forfeit,
    /// The first board from the top with a decisive result.
    TopBoard { board: u32 },
    /// Still ahead on the first `boards` boards once the others are discounted.
    BoardElimination { boards: u32 },
    /// The board count, in half points weighted by place, each team's.
    BoardCount { white: u32, black: u32 },
    /// The tie-break match's score in half points.
    Playoff { white: u32, black: u32 },
}

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Outcome {
    /// A board has no result yet.
    Pending,
    /// Level after the tie-break rule: a tie-break match is needed.
    Level,
    /// Neither team showed: nobody goes through.
    Nobody,
    Won {
        side: Side,
        how: Decided,
    },
}

impl Outcome {
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Won { side, .. } => Some(side),
            _ => None,
        }
    }
}

/// Half points of a board's result for the match's white team and black team; `white_team_white`
/// says whether the white team plays White on this board.
fn half_points(result: ResultCode, white_team_white: bool) -> (u32, u32) {
    let (w, b) = match result {
        ResultCode::WhiteWins | ResultCode::WhiteForfeitWin => (2, 0),
        ResultCode::BlackWins | ResultCode::BlackForfeitWin => (0, 2),
        ResultCode::Draw => (1, 1),
        ResultCode::DoubleForfeit | ResultCode::BothLose => (0, 0),
        ResultCode::WhiteHalfBlackZero => (1, 0),
        ResultCode::WhiteZeroBlackHalf => (0, 1),
    };
    if white_team_white {
        (w, b)
    } else {
        (b, w)
    }
}

/// The game points in half points of the match's white team and black team over the boards
/// with a result; `colours` are the white team's colours board by board.
pub fn game_points(results: &[Option<ResultCode>], colours: &[Color]) -> (u32, u32) {
    results
        .iter()
        .zip(colours)
        .filter_map(|(r, c)| r.map(|r| half_points(r, *c == Color::White)))
        .fold((0, 0), |(w, b), (x, y)| (w + x, b + y))
}

fn side(white: u32, black: u32) -> Option<Side> {
    match white.cmp(&black) {
        std::cmp::Ordering::Greater => Some(Side::White),
        std::cmp::Ordering::Less => Some(Side::Black),
        std::cmp::Ordering::Equal => None,
    }
}

/// Who wins a cup match: the game points, then `rule`, then the tie-break match (`playoff`,
/// half points of the white team and the black team). `results` are the boards' results from
/// board 1, `colours` the white team's colour on each (White, Black, White, … by C.04.6 4.4).
pub fn outcome(
    results: &[Option<ResultCode>],
    colours: &[Color],
    forfeit: Option<MatchForfeit>,
    rule: CupTieBreak,
    playoff: Option<(u32, u32)>,
) -> Outcome {
    match forfeit {
        Some(MatchForfeit::WhiteTeamWins) => {
            return Outcome::Won {
                side: Side::White,
                how: Decided::Forfeit,
            }
        }
        Some(MatchForfeit::BlackTeamWins) => {
            return Outcome::Won {
                side: Side::Black,
                how: Decided::Forfeit,
            }
        }
        Some(MatchForfeit::Neither) => return Outcome::Nobody,
        None => {}
    }
    let mut boards = Vec::with_capacity(results.len());
    for (r, c) in results.iter().zip(colours) {
        let Some(r) = r else {
            return Outcome::Pending;
        };
        boards.push(half_points(*r, *c == Color::White));
    }
    let sum = |bs: &[(u32, u32)]| bs.iter().fold((0, 0), |(w, b), (x, y)| (w + x, b + y));
    let (w, b) = sum(&boards);
    if let Some(side) = side(w, b) {
        return Outcome::Won {
            side,
            how: Decided::Score,
        };
    }
    let by_rule = match rule {
        CupTieBreak::TopBoard => boards.iter().enumerate().find_map(|(k, (w, b))| {
            side(*w, *b).map(|s| {
                (
                    s,
                    Decided::TopBoard {
                        board: k as u32 + 1,
                    },
                )
            })
        }),
        CupTieBreak::BoardElimination => (1..boards.len()).rev().find_map(|kept| {
            let (w, b) = sum(&boards[..kept]);
            side(w, b).map(|s| {
                (
                    s,
                    Decided::BoardElimination {
                        boards: kept as u32,
                    },
                )
            })
        }),
        CupTieBreak::BoardCount => {
            let n = boards.len() as u32;
            let (w, b) = boards
                .iter()
                .zip((1..=n).rev())
                .fold((0, 0), |(cw, cb), ((w, b), weight)| {
                    (cw + w * weight, cb + b * weight)
                });
            side(w, b).map(|s| (s, Decided::BoardCount { white: w, black: b }))
        }
        CupTieBreak::Match => None,
    };
    if let Some((side, how)) = by_rule {
        return Outcome::Won { side, how };
    }
    match playoff.and_then(|(w, b)| side(w, b).map(|s| (s, w, b))) {
        Some((side, white, black)) => Outcome::Won {
            side,
            how: Decided::Playoff { white, black },
        },
        None => Outcome::Level,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ResultCode::*;

    const WB: [Color; 4] = [Color::White, Color::Black, Color::White, Color::Black];

    #[test]
    fn seeds_meet_as_brackets_print_them() {
        assert_eq!(seed_order(2), [1, 2]);
        assert_eq!(seed_order(4), [1, 4, 2, 3]);
        assert_eq!(seed_order(8), [1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(rounds(2), 1);
        assert_eq!(rounds(5), 3);
        assert_eq!(rounds(8), 3);
        assert_eq!(rounds(9), 4);
        // Six teams in a bracket of 8: seeds 7 and 8 are missing, seeds 1 and 2 have byes.
        assert_eq!(
            first_round(&[1, 2, 3, 4, 5, 6]),
            [
                Some(1),
                None,
                Some(4),
                Some(5),
                Some(2),
                None,
                Some(3),
                Some(6)
            ]
        );
    }

    #[test]
    fn late_entrants_wait_beside_empty_places() {
        // Every team at round 1: the plain bracket.
        let all: Vec<(u32, u32)> = (1..=6).map(|t| (t, 1)).collect();
        assert_eq!(
            late_bracket(3, &all),
            Some(first_round(&[1, 2, 3, 4, 5, 6]))
        );
        // Ten teams of round 1 (11 to 20) and two of round 2 (1, 2): weight 10 + 2 × 2 = 14,
        // 4 rounds. Bracket order for 16: 1-16, 8-9, 4-13, 5-12, 2-15, 7-10, 3-14, 6-11. Team 1
        // takes seed 1 with 16 empty, team 2 seed 2 with 15 empty; 11 to 20 take seeds 3 to 12;
        // seeds 13 and 14 are byes, beside seeds 4 (team 12) and 3 (team 11).
        assert_eq!(rounds_for(14, 2), 4);
        let mut entries: Vec<(u32, u32)> = (11..=20).map(|t| (t, 1)).collect();
        entries.extend([(1, 2), (2, 2)]);
        let places = late_bracket(4, &entries).unwrap();
        assert_eq!(
            places,
            [
                Some(1),
                None,
                Some(16),
                Some(17),
                Some(12),
                None,
                Some(13),
                Some(20),
                Some(2),
                None,
                Some(15),
                Some(18),
                Some(11),
                None,
                Some(14),
                Some(19)
            ]
        );
        // A team of round 3 waits through two rounds: 4 teams of round 1 and one of round 3,
        // weight 4 + 4 = 8, 3 rounds; it takes seed 1 with seeds 8, 4 and 5 empty (its quarter
        // of the bracket), the others take seeds 2, 3, 6, 7: 2-7 and 3-6.
        assert_eq!(rounds_for(8, 3), 3);
        let places = late_bracket(3, &[(10, 1), (11, 1), (12, 1), (13, 1), (9, 3)]).unwrap();
        assert_eq!(
            places,
            [
                Some(9),
                None,
                None,
                None,
                Some(10),
                Some(13),
                Some(11),
                Some(12)
            ]
        );
        // The latest entry round sets the least number of rounds.
        assert_eq!(rounds_for(3, 3), 3);
        assert_eq!(rounds_for(12, 1), 4);
    }

    #[test]
    fn board_colours_alternate_or_follow_the_coupe_de_france() {
        use tournament::Color::{Black as N, White as B};
        for boards in 0..=8 {
            assert_eq!(
                BoardColours::Alternate.colours(boards),
                crate::teams::model::board_colours(boards),
                "{boards} boards"
            );
        }
        assert_eq!(BoardColours::Alternate.colours(4), [B, N, B, N]);
        // « BNNB »: White on boards 1 and 4, Black on 2 and 3; by fours past 4 boards.
        assert_eq!(BoardColours::FfeCup.colours(4), [B, N, N, B]);
        assert_eq!(BoardColours::FfeCup.colours(6), [B, N, N, B, B, N]);
        assert_eq!(BoardColours::parse("ffe_cup"), Some(BoardColours::FfeCup));
        assert_eq!(BoardColours::parse("bnnb"), None);
    }

    #[test]
    fn a_drawn_match_is_decided_by_the_rule() {
        // 4 boards, the white team has White on boards 1 and 3. Board 1 the white team loses
        // (0-1 at White), board 2 it wins (0-1: its player has Black), 3 it wins, 4 it loses.
        let r = [
            Some(BlackWins),
            Some(BlackWins),
            Some(WhiteWins),
            Some(WhiteWins),
        ];
        // 2-2. From the top: board 1 is the black team's.
        assert_eq!(
            outcome(&r, &WB, None, CupTieBreak::TopBoard, None),
            Outcome::Won {
                side: Side::Black,
                how: Decided::TopBoard { board: 1 }
            }
        );
        // Board 4 discounted: boards 1-3 give the white team 2 to 1.
        assert_eq!(
            outcome(&r, &WB, None, CupTieBreak::BoardElimination, None),
            Outcome::Won {
                side: Side::White,
                how: Decided::BoardElimination { boards: 3 }
            }
        );
        // Weights 4, 3, 2, 1: white team 3 + 2 = 5 points (10 half points), black team 4 + 1 = 5.
        assert_eq!(
            outcome(&r, &WB, None, CupTieBreak::BoardCount, None),
            Outcome::Level
        );
        assert_eq!(
            outcome(&r, &WB, None, CupTieBreak::BoardCount, Some((3, 5))),
            Outcome::Won {
                side: Side::Black,
                how: Decided::Playoff { white: 3, black: 5 }
            }
        );
        let draws = [Some(Draw); 4];
        assert_eq!(
            outcome(&draws, &WB, None, CupTieBreak::TopBoard, None),
            Outcome::Level
        );
        assert_eq!(
            outcome(&[Some(Draw), None], &WB, None, CupTieBreak::TopBoard, None),
            Outcome::Pending
        );
        assert_eq!(
            outcome(
                &draws,
                &WB,
                Some(MatchForfeit::Neither),
                CupTieBreak::TopBoard,
                None
            ),
            Outcome::Nobody
        );
    }
}
