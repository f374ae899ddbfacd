//! Individual events: every player sits with a different partner each round. The movements
//! (who sits North, East, South and West at each table in each round, and which boards each
//! table plays), and the scoring: each board is matchpointed across the field as in a pairs
//! event, and each player scores the matchpoints of the side they sat in.
//!
//! * **Whist** (2–5 tables, 4T players, 4T−1 rounds): every player partners every other
//!   player exactly once and has every other player as an opponent exactly twice, the
//!   "whist tournament" of the design literature (the individual schedules of J. T. Mitchell's
//!   *Duplicate Whist*, 1897). Z-cyclic: player 4T stays North at table 1, players 1..4T−1 move
//!   on one number each round. Every table plays the round's set (the boards are relayed
//!   between the tables or duplicated), so each board is played at every table.
//! * **Rainbow** (5 or 7 tables, T rounds): the boards stay at their tables; North players move
//!   up one table each round, East down one, South up two and West down two (the movement
//!   posted on rec.games.bridge for prime table counts, kept at elsid.co.za/bridge). Each North
//!   partners each South once and each East each West once; no two players meet twice.
//!
//! ```
//! use bridge::individual::{build, IndividualKind};
//!
//! let m = build(IndividualKind::Rainbow, 5, 2).unwrap();
//! let first = &m.rounds[1].tables[0]; // round 2, table 1
//! assert_eq!((first.north, first.east, first.south, first.west), (5, 7, 14, 18));
//! assert_eq!(m.boards(first.set), 1..=2);
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use crate::board::Seat;
use crate::matchpoints::matchpoints;
use crate::rational::Ratio;

/// Most boards per round an individual movement is built with.
pub const MAX_BOARDS_PER_ROUND: u32 = 8;

/// The kind of individual movement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IndividualKind {
    /// Everyone partners everyone once (4T−1 rounds); all tables play the round's boards.
    Whist,
    /// Stationary boards, T rounds, for 5 or 7 tables.
    Rainbow,
}

impl IndividualKind {
    pub const ALL: [IndividualKind; 2] = [IndividualKind::Whist, IndividualKind::Rainbow];

    /// The name used on the command line, in forms and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            IndividualKind::Whist => "whist",
            IndividualKind::Rainbow => "rainbow",
        }
    }

    /// The table counts this kind is offered for.
    pub fn offered(self) -> &'static [u32] {
        match self {
            IndividualKind::Whist => &[2, 3, 4, 5],
            IndividualKind::Rainbow => &[5, 7],
        }
    }

    /// The number of rounds with `tables` tables.
    pub fn rounds(self, tables: u32) -> u32 {
        match self {
            IndividualKind::Whist => 4 * tables - 1,
            IndividualKind::Rainbow => tables,
        }
    }
}

impl fmt::Display for IndividualKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for IndividualKind {
    type Err = ();
    fn from_str(s: &str) -> Result<IndividualKind, ()> {
        IndividualKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s))
            .ok_or(())
    }
}

/// Why a movement cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IndividualError {
    #[error("the {kind} individual movement is offered for {offered} tables, not {tables}", offered = list(kind.offered()))]
    Tables { kind: IndividualKind, tables: u32 },
    #[error("boards per round: expected 1 to {MAX_BOARDS_PER_ROUND}, found {0}")]
    BoardsPerRound(u32),
}

fn list(values: &[u32]) -> String {
    let words: Vec<String> = values.iter().map(u32::to_string).collect();
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => words.concat(),
    }
}

/// The four players at one table in one round, and the set they play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seating {
    pub table: u32,
    pub north: u32,
    pub east: u32,
    pub south: u32,
    pub west: u32,
    pub set: u32,
}

impl Seating {
    /// The player in `seat`.
    pub fn player(&self, seat: Seat) -> u32 {
        match seat {
            Seat::North => self.north,
            Seat::East => self.east,
            Seat::South => self.south,
            Seat::West => self.west,
        }
    }

    /// The seat of `player` at this table, if they sit here.
    pub fn seat_of(&self, player: u32) -> Option<Seat> {
        [Seat::North, Seat::East, Seat::South, Seat::West]
            .into_iter()
            .find(|&s| self.player(s) == player)
    }
}

/// One round: every table's seating.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndividualRound {
    pub round: u32,
    pub tables: Vec<Seating>,
}

/// A whole individual movement. Players are numbered 1..4T.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndividualMovement {
    pub kind: IndividualKind,
    pub tables: u32,
    pub boards_per_round: u32,
    pub rounds: Vec<IndividualRound>,
}

impl IndividualMovement {
    pub fn players(&self) -> u32 {
        4 * self.tables
    }

    /// The number of board sets (set s holds boards (s−1)·n+1 to s·n).
    pub fn sets(&self) -> u32 {
        match self.kind {
            IndividualKind::Whist => self.rounds.len() as u32,
            IndividualKind::Rainbow => self.tables,
        }
    }

    pub fn board_count(&self) -> u32 {
        self.sets() * self.boards_per_round
    }

    /// The boards of a set.
    pub fn boards(&self, set: u32) -> RangeInclusive<u32> {
        (set - 1) * self.boards_per_round + 1..=set * self.boards_per_round
    }

    /// The set a board belongs to.
    pub fn set_of(&self, board: u32) -> u32 {
        (board - 1) / self.boards_per_round + 1
    }

    /// A table's seating in a round (both numbered from 1).
    pub fn seating(&self, round: u32, table: u32) -> Option<&Seating> {
        self.rounds
            .get(round.checked_sub(1)? as usize)?
            .tables
            .get(table.checked_sub(1)? as usize)
    }

    /// Where `player` sits in `round`: the table's seating and the seat.
    pub fn place_of(&self, round: u32, player: u32) -> Option<(&Seating, Seat)> {
        let r = self.rounds.get(round.checked_sub(1)? as usize)?;
        r.tables
            .iter()
            .find_map(|s| s.seat_of(player).map(|seat| (s, seat)))
    }

    /// Every traveller line the movement expects, by board then table: the round and the
    /// seating at which each table plays the board.
    pub fn expected_lines(&self) -> Vec<(u32, u32, Seating)> {
        let mut lines: Vec<(u32, u32, Seating)> = self
            .rounds
            .iter()
            .flat_map(|r| {
                r.tables
                    .iter()
                    .flat_map(move |s| self.boards(s.set).map(move |board| (board, r.round, *s)))
            })
            .collect();
        lines.sort_by_key(|&(board, _, s)| (board, s.table));
        lines
    }

    /// Checks results against the movement: each result's board is in play and its four
    /// players sit where the movement seats them for that board.
    pub fn check(&self, results: &[Result4]) -> Result<(), SeatingError> {
        for r in results {
            if r.board == 0 || r.board > self.board_count() {
                return Err(SeatingError::Board {
                    board: r.board,
                    boards: self.board_count(),
                });
            }
            let Some((round, s)) = self.table_of_board(r.board, r.north) else {
                return Err(SeatingError::North {
                    board: r.board,
                    north: r.north,
                });
            };
            if (s.east, s.south, s.west) != (r.east, r.south, r.west) {
                return Err(SeatingError::Seats {
                    board: r.board,
                    round,
                    table: s.table,
                    expected: [s.north, s.east, s.south, s.west],
                    found: [r.north, r.east, r.south, r.west],
                });
            }
        }
        Ok(())
    }

    /// The round and table at which a board is played by the table whose North is `north`.
    pub fn table_of_board(&self, board: u32, north: u32) -> Option<(u32, &Seating)> {
        let set = self.set_of(board);
        self.rounds.iter().find_map(|r| {
            r.tables
                .iter()
                .find(|s| s.set == set && s.north == north)
                .map(|s| (r.round, s))
        })
    }
}

/// Z-cyclic whist tournaments Wh(4T) on Z_(4T−1) and a fixed player (`F`): each table
/// (North, East, South, West) of round 1, before adding 1 to every player number. Found by
/// `tools/whist_search.py` (a seeded backtracking search on the partner and opponent
/// differences) and checked by `tests/individual.rs`.
const F: i8 = -1;
const WHIST_STARTERS: [&[[i8; 4]]; 4] = [
    &[[F, 2, 1, 6], [0, 4, 5, 3]],
    &[[F, 1, 2, 10], [9, 8, 3, 5], [0, 6, 4, 7]],
    &[[F, 9, 7, 0], [10, 13, 6, 5], [1, 4, 14, 3], [11, 12, 8, 2]],
    &[
        [F, 11, 4, 0],
        [14, 9, 15, 7],
        [18, 17, 8, 2],
        [13, 12, 10, 5],
        [3, 1, 16, 6],
    ],
];

/// Builds the movement of `kind` for `tables` tables with `boards_per_round` boards a round.
pub fn build(
    kind: IndividualKind,
    tables: u32,
    boards_per_round: u32,
) -> Result<IndividualMovement, IndividualError> {
    if !kind.offered().contains(&tables) {
        return Err(IndividualError::Tables { kind, tables });
    }
    if !(1..=MAX_BOARDS_PER_ROUND).contains(&boards_per_round) {
        return Err(IndividualError::BoardsPerRound(boards_per_round));
    }
    let rounds = match kind {
        IndividualKind::Whist => whist(tables),
        IndividualKind::Rainbow => rainbow(tables),
    };
    Ok(IndividualMovement {
        kind,
        tables,
        boards_per_round,
        rounds,
    })
}

fn whist(tables: u32) -> Vec<IndividualRound> {
    let m = 4 * tables - 1;
    let starter = WHIST_STARTERS[(tables - 2) as usize];
    let player = |x: i8, r: u32| match u32::try_from(x) {
        Ok(x) => (x + r) % m + 1,
        Err(_) => 4 * tables,
    };
    (0..m)
        .map(|r| IndividualRound {
            round: r + 1,
            tables: starter
                .iter()
                .enumerate()
                .map(|(t, [n, e, s, w])| Seating {
                    table: t as u32 + 1,
                    north: player(*n, r),
                    east: player(*e, r),
                    south: player(*s, r),
                    west: player(*w, r),
                    set: r + 1,
                })
                .collect(),
        })
        .collect()
}

fn rainbow(tables: u32) -> Vec<IndividualRound> {
    let t_count = tables as i64;
    let at = |group: u32, start: i64| group * tables + start.rem_euclid(t_count) as u32 + 1;
    (0..t_count)
        .map(|r| IndividualRound {
            round: r as u32 + 1,
            tables: (0..t_count)
                .map(|t| Seating {
                    table: t as u32 + 1,
                    north: at(0, t - r),
                    east: at(1, t + r),
                    south: at(2, t - 2 * r),
                    west: at(3, t + 2 * r),
                    set: t as u32 + 1,
                })
                .collect(),
        })
        .collect()
}

/// One result on a board's traveller: the four players and North-South's score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Result4 {
    pub board: u32,
    pub north: u32,
    pub east: u32,
    pub south: u32,
    pub west: u32,
    pub score_ns: i32,
}

/// Why results cannot be scored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScoreError {
    #[error("board {board}: player {player} sits twice at one table")]
    SameTable { board: u32, player: u32 },
    #[error("board {board}: player {player} has two results")]
    TwoResults { board: u32, player: u32 },
}

/// A result that does not fit the movement.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeatingError {
    #[error("board {board}: expected a board from 1 to {boards} in this movement")]
    Board { board: u32, boards: u32 },
    #[error("board {board}: player {north} never sits North on this board in the movement")]
    North { board: u32, north: u32 },
    #[error(
        "board {board}: the movement seats N-E-S-W {} in round {round} at table {table}, found {}",
        seats(expected),
        seats(found)
    )]
    Seats {
        board: u32,
        round: u32,
        table: u32,
        expected: [u32; 4],
        found: [u32; 4],
    },
}

fn seats(p: &[u32; 4]) -> String {
    format!("{}-{}-{}-{}", p[0], p[1], p[2], p[3])
}

/// A result with its matchpoints (two-point scale, Law 78A: 2 per score beaten, 1 per tie).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoredResult {
    pub result: Result4,
    pub mp_ns: Ratio,
    pub mp_ew: Ratio,
    /// The board's top: 2 × (results − 1).
    pub top: Ratio,
}

/// A player's line of the ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerStanding {
    pub player: u32,
    pub mp: Ratio,
    /// The sum of the tops of the boards the player played.
    pub top: Ratio,
    pub boards: u32,
    pub place: u32,
    pub tied: bool,
}

impl PlayerStanding {
    /// The percentage, exact (`None` when the player has no board with a comparison).
    pub fn percent(&self) -> Option<Ratio> {
        (!self.top.is_zero()).then(|| self.mp * Ratio::from_int(100) / self.top)
    }
}

/// The scored results, board by board, and the ranking by percentage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndividualScored {
    pub boards: BTreeMap<u32, Vec<ScoredResult>>,
    pub ranking: Vec<PlayerStanding>,
}

/// Matchpoints each board across the field and ranks the players by percentage (best
/// first; equal percentages share the place, listed by player number). A board with a single
/// result has a top of 0 and counts for nobody.
pub fn score(results: &[Result4]) -> Result<IndividualScored, ScoreError> {
    let mut boards: BTreeMap<u32, Vec<Result4>> = BTreeMap::new();
    for r in results {
        let seats = [r.north, r.east, r.south, r.west];
        for (i, p) in seats.iter().enumerate() {
            if seats[..i].contains(p) {
                return Err(ScoreError::SameTable {
                    board: r.board,
                    player: *p,
                });
            }
        }
        let list = boards.entry(r.board).or_default();
        for other in list.iter() {
            let theirs = [other.north, other.east, other.south, other.west];
            if let Some(p) = seats.iter().find(|p| theirs.contains(p)) {
                return Err(ScoreError::TwoResults {
                    board: r.board,
                    player: *p,
                });
            }
        }
        list.push(*r);
    }
    let mut totals: BTreeMap<u32, (Ratio, Ratio, u32)> = BTreeMap::new();
    let mut scored = BTreeMap::new();
    for (board, list) in boards {
        let scores: Vec<i32> = list.iter().map(|r| r.score_ns).collect();
        let mp = matchpoints(&scores);
        let top = Ratio::from_int(2 * (list.len() as i64 - 1));
        let lines: Vec<ScoredResult> = list
            .iter()
            .zip(mp)
            .map(|(r, mp)| ScoredResult {
                result: *r,
                mp_ns: Ratio::from_int(mp),
                mp_ew: top - Ratio::from_int(mp),
                top,
            })
            .collect();
        for line in &lines {
            let r = line.result;
            for (player, mp) in [
                (r.north, line.mp_ns),
                (r.south, line.mp_ns),
                (r.east, line.mp_ew),
                (r.west, line.mp_ew),
            ] {
                let t = totals
                    .entry(player)
                    .or_insert((Ratio::ZERO, Ratio::ZERO, 0));
                t.0 += mp;
                t.1 += top;
                t.2 += 1;
            }
        }
        scored.insert(board, lines);
    }
    let mut ranking: Vec<PlayerStanding> = totals
        .into_iter()
        .map(|(player, (mp, top, boards))| PlayerStanding {
            player,
            mp,
            top,
            boards,
            place: 0,
            tied: false,
        })
        .collect();
    // Exact comparison of percentages: no percentage (no comparison) ranks last.
    ranking.sort_by(|a, b| b.percent().cmp(&a.percent()).then(a.player.cmp(&b.player)));
    for k in 0..ranking.len() {
        let with_previous = k > 0 && ranking[k - 1].percent() == ranking[k].percent();
        let with_next = k + 1 < ranking.len() && ranking[k + 1].percent() == ranking[k].percent();
        ranking[k].place = if with_previous {
            ranking[k - 1].place
        } else {
            k as u32 + 1
        };
        ranking[k].tied = with_previous || with_next;
    }
    Ok(IndividualScored {
        boards: scored,
        ranking,
    })
}
