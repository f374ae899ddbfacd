//! Movements: which pairs sit at which table in each round, and which boards each table plays.
//!
//! * **Mitchell** (3–20 tables): NS pairs 1..T stay at their tables, EW pairs T+1..2T move up
//!   one table each round, boards move down one table. With an odd number of tables that is
//!   all; with an even number the default is a **relay and bye stand** (a board stand between
//!   tables T/2 and T/2+1 holds the set nobody plays that round, and tables 1 and T share a
//!   set), T rounds; the alternative is the **skip** (EW pairs skip a table after T/2
//!   rounds), T−1 rounds. Two fields: NS and EW are ranked apart.
//! * **Arrow-switch Mitchell** (3–15 tables): the same movement, with the last rounds (about
//!   one round in eight) played with the boards turned, so the EW pairs hold the NS cards.
//!   One field.
//! * **Howell** (3–10 tables, 2T−1 rounds): every pair meets every other pair once and plays
//!   every board once. One field.
//! * **Three-quarter Howell** (6–10 tables): fewer rounds of the same kind of design; every
//!   pair still plays every board once and meets no pair twice.
//!
//! Pairs are numbered 1..2T across the session. A pair left out (a half table, see
//! [`Options::phantom`]) is `None` wherever it would sit, and its opponents sit out.
//!
//! ```
//! use bridge::movement::{build, Kind, Options};
//!
//! let m = build(Kind::Mitchell, 7, &Options::default()).unwrap();
//! assert_eq!(m.rounds.len(), 7);
//! let first = &m.rounds[0].tables[0];
//! assert_eq!((first.ns, first.ew, m.boards(first.set)), (Some(1), Some(8), 1..=4));
//! ```

mod cards;
mod howell;

use std::collections::BTreeSet;
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use crate::session::FieldKind;

pub use cards::{guide_cards_text, overview_text, table_cards_text};

/// Most boards per round a movement is built with.
pub const MAX_BOARDS_PER_ROUND: u32 = 50;

/// The kind of movement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// NS stationary, EW up one table, boards down one: two fields.
    Mitchell,
    /// A Mitchell whose last rounds are arrow-switched: one field.
    ArrowSwitch,
    /// A complete Howell: everyone meets everyone.
    Howell,
    /// A three-quarter Howell: fewer rounds, no pair met twice.
    ThreeQuarterHowell,
}

impl Kind {
    pub const ALL: [Kind; 4] = [
        Kind::Mitchell,
        Kind::ArrowSwitch,
        Kind::Howell,
        Kind::ThreeQuarterHowell,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Mitchell => "mitchell",
            Kind::ArrowSwitch => "arrow-switch",
            Kind::Howell => "howell",
            Kind::ThreeQuarterHowell => "three-quarter-howell",
        }
    }

    /// The name for people.
    pub fn label(self) -> &'static str {
        match self {
            Kind::Mitchell => "Mitchell",
            Kind::ArrowSwitch => "Arrow-switch Mitchell",
            Kind::Howell => "Howell",
            Kind::ThreeQuarterHowell => "Three-quarter Howell",
        }
    }

    /// The table counts this kind is offered for.
    pub fn tables(self) -> RangeInclusive<u32> {
        match self {
            Kind::Mitchell => 3..=20,
            Kind::ArrowSwitch => 3..=15,
            Kind::Howell => 3..=10,
            Kind::ThreeQuarterHowell => 6..=10,
        }
    }

    /// One ranking or two.
    pub fn field(self) -> FieldKind {
        match self {
            Kind::Mitchell => FieldKind::Two,
            _ => FieldKind::One,
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Kind {
    type Err = ();
    fn from_str(s: &str) -> Result<Kind, ()> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s))
            .ok_or(())
    }
}

/// How a Mitchell's East-West pairs are numbered where people read them (issue 20): the
/// movement always numbers them T+1..2T; a club may show them so (`Through`, 8–14 with 7
/// tables) or again from 1 with the line's letters (`PerLine`, "1 EW" to "7 EW").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PairNumbering {
    #[default]
    Through,
    PerLine,
}

impl PairNumbering {
    pub const ALL: [PairNumbering; 2] = [PairNumbering::Through, PairNumbering::PerLine];

    /// The name stored and sent by forms.
    pub fn code(self) -> &'static str {
        match self {
            PairNumbering::Through => "through",
            PairNumbering::PerLine => "per-line",
        }
    }

    pub fn parse(s: &str) -> Option<PairNumbering> {
        PairNumbering::ALL.into_iter().find(|n| n.code() == s)
    }
}

/// A pair's number as shown: `number`, followed by the East-West line's letters when
/// `east_west` (see [`PairLabels`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PairLabel {
    pub number: u32,
    pub east_west: bool,
}

/// The one place that turns a movement's pair number into the number people read: every
/// page, card and document of a session labels its pairs through it.
///
/// ```
/// use bridge::movement::{build, Kind, Options, PairLabels, PairNumbering};
///
/// let m = build(Kind::Mitchell, 7, &Options::default()).unwrap();
/// let per_line = PairLabels::new(&m, PairNumbering::PerLine);
/// assert_eq!(per_line.label(9).to_string(), "2 EW");
/// assert_eq!(per_line.label(2).to_string(), "2");
/// assert_eq!(PairLabels::new(&m, PairNumbering::Through).label(9).to_string(), "9");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PairLabels {
    /// The number of North-South pairs when East-West pairs are numbered from 1 again.
    ns_pairs: Option<u32>,
}

impl PairLabels {
    /// Labels for `m`: `PerLine` applies to the Mitchells (their pairs keep a line); a Howell's
    /// pairs have no line and keep their numbers.
    pub fn new(m: &Movement, numbering: PairNumbering) -> PairLabels {
        let lines = matches!(m.kind, Kind::Mitchell | Kind::ArrowSwitch);
        PairLabels {
            ns_pairs: (lines && numbering == PairNumbering::PerLine).then_some(m.tables),
        }
    }

    pub fn label(self, pair: u32) -> PairLabel {
        match self.ns_pairs {
            Some(t) if pair > t => PairLabel {
                number: pair - t,
                east_west: true,
            },
            _ => PairLabel {
                number: pair,
                east_west: false,
            },
        }
    }

    /// The movement's number of a pair typed as people read it (`east_west`: typed where
    /// an East-West pair is asked for, or with the line's letters): 2 in an East-West box
    /// of a 7-table Mitchell numbered per line is pair 9. A number already in the East-West
    /// range is taken as it is.
    pub fn pair_of(self, number: u32, east_west: bool) -> u32 {
        match self.ns_pairs {
            Some(t) if east_west && (1..=t).contains(&number) => number + t,
            _ => number,
        }
    }
}

/// Plain text: `9`, or `2 EW` (the pages translate the letters).
impl fmt::Display for PairLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.east_west {
            write!(f, "{} EW", self.number)
        } else {
            write!(f, "{}", self.number)
        }
    }
}

/// How a Mitchell with an even number of tables avoids replaying boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum EvenTables {
    /// Tables 1 and T share a set, a bye stand between tables T/2 and T/2+1 holds the set
    /// not in play: T rounds, every pair plays every set.
    #[default]
    RelayByeStand,
    /// EW pairs skip one table after T/2 rounds: T−1 rounds, no sharing.
    Skip,
}

/// What a movement is built with.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Options {
    /// Boards in each set; by default about 26 boards in all (at least 2 a round, and at
    /// least as many as the tables that share a set).
    pub boards_per_round: Option<u32>,
    /// Mitchell with an even number of tables: relay and bye stand, or skip.
    pub even: EvenTables,
    /// A pair number left empty (a half table): its opponents sit out each round.
    pub phantom: Option<u32>,
}

/// NS or EW.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    NorthSouth,
    EastWest,
}

impl Direction {
    pub fn label(self) -> &'static str {
        match self {
            Direction::NorthSouth => "NS",
            Direction::EastWest => "EW",
        }
    }
}

/// One table in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sitting {
    pub table: u32,
    /// The pair holding the North-South cards (after an arrow switch, a pair of the EW
    /// line); `None` for a missing pair.
    pub ns: Option<u32>,
    pub ew: Option<u32>,
    /// The board set at the table (1-based); see [`Movement::boards`].
    pub set: u32,
    /// Played with the boards turned (arrow switch).
    pub switched: bool,
}

impl Sitting {
    /// Both pairs present: the boards are played here.
    pub fn plays(&self) -> bool {
        self.ns.is_some() && self.ew.is_some()
    }
}

/// One round: every table, in table order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    pub number: u32,
    pub tables: Vec<Sitting>,
}

/// A whole movement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Movement {
    pub kind: Kind,
    pub tables: u32,
    pub boards_per_round: u32,
    /// Board sets: set s holds boards (s−1)·n+1 ..= s·n.
    pub sets: u32,
    /// Pairs are numbered 1..=pairs (the phantom, if any, included).
    pub pairs: u32,
    /// For a Mitchell (and arrow switch) with an even number of tables.
    pub even: Option<EvenTables>,
    pub phantom: Option<u32>,
    /// Pairs that never move (Mitchell: none listed; Howell: the starred pairs).
    pub stationary: Vec<u32>,
    pub rounds: Vec<Round>,
}

/// Why no movement was built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MovementError {
    #[error("{label} is offered for {lo} to {hi} tables, not {tables}", label = kind.label(), lo = kind.tables().start(), hi = kind.tables().end())]
    Tables { kind: Kind, tables: u32 },
    #[error("boards per round: expected 1 to {MAX_BOARDS_PER_ROUND}, found {0}")]
    BoardsPerRound(u32),
    #[error("{label} with {tables} tables has {count} tables sharing one set in a round, so it needs at least {count} boards per round, found {found}{hint}", label = kind.label())]
    SharedSet {
        kind: Kind,
        tables: u32,
        count: u32,
        found: u32,
        hint: &'static str,
    },
    #[error("phantom pair: expected a pair number from 1 to {pairs}, found {found}")]
    Phantom { pairs: u32, found: u32 },
    #[error("{label} is only for a Mitchell with an even number of tables", label = match .0 { EvenTables::Skip => "the skip", EvenTables::RelayByeStand => "the relay and bye stand" })]
    EvenOption(EvenTables),
}

/// Where a pair is in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PairRound {
    pub round: u32,
    pub table: u32,
    pub direction: Direction,
    /// `None`: the opponents are missing, the pair sits out.
    pub opponent: Option<u32>,
    pub set: u32,
}

/// One line a board's traveller is expected to hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TravellerLine {
    pub round: u32,
    pub table: u32,
    pub ns: u32,
    pub ew: u32,
}

/// Every line expected on one board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Traveller {
    pub board: u32,
    pub lines: Vec<TravellerLine>,
}

/// Where a set goes after a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NextStop {
    /// Played next in `round` at these tables (more than one when shared).
    Tables { round: u32, tables: Vec<u32> },
    /// Not played again.
    Done,
}

/// The movement suggested for a table count: a Howell where one is short enough, else a
/// Mitchell (arrow-switched when one winner is wanted and the tables allow it).
///
/// One winner: complete Howell for 3–7 tables, three-quarter Howell for 8–10, arrow-switch
/// Mitchell for 11–15, and beyond that a plain Mitchell (two winners: none of the one-field
/// movements here goes further). Two winners: Mitchell.
pub fn suggest(tables: u32, one_winner: bool) -> Result<Kind, MovementError> {
    let kind = match (one_winner, tables) {
        (true, 3..=7) => Kind::Howell,
        (true, 8..=10) => Kind::ThreeQuarterHowell,
        (true, 11..=15) => Kind::ArrowSwitch,
        _ => Kind::Mitchell,
    };
    if kind.tables().contains(&tables) {
        Ok(kind)
    } else {
        Err(MovementError::Tables { kind, tables })
    }
}

/// Rounds the movement has, before it is built.
pub fn rounds_of(kind: Kind, tables: u32, even: EvenTables) -> u32 {
    match kind {
        Kind::Mitchell | Kind::ArrowSwitch => {
            if tables.is_multiple_of(2) && even == EvenTables::Skip {
                tables - 1
            } else {
                tables
            }
        }
        Kind::Howell => 2 * tables - 1,
        Kind::ThreeQuarterHowell => howell::three_quarter_rounds(tables),
    }
}

/// About 26 boards: at least 2 a round, at most 8.
pub fn default_boards_per_round(rounds: u32) -> u32 {
    ((26 + rounds / 2) / rounds.max(1)).clamp(2, 8)
}

/// Builds a movement.
pub fn build(kind: Kind, tables: u32, opts: &Options) -> Result<Movement, MovementError> {
    if !kind.tables().contains(&tables) {
        return Err(MovementError::Tables { kind, tables });
    }
    let mitchell = matches!(kind, Kind::Mitchell | Kind::ArrowSwitch);
    if opts.even == EvenTables::Skip && !(mitchell && tables.is_multiple_of(2)) {
        return Err(MovementError::EvenOption(EvenTables::Skip));
    }
    let mut m = if mitchell {
        mitchell_movement(kind, tables, opts.even)
    } else {
        howell::build(kind, tables)
    };
    let mut bpr = opts
        .boards_per_round
        .unwrap_or_else(|| default_boards_per_round(m.rounds.len() as u32));
    if !(1..=MAX_BOARDS_PER_ROUND).contains(&bpr) {
        return Err(MovementError::BoardsPerRound(bpr));
    }
    if let Some(p) = opts.phantom {
        if !(1..=m.pairs).contains(&p) {
            return Err(MovementError::Phantom {
                pairs: m.pairs,
                found: p,
            });
        }
        m.phantom = Some(p);
        for s in m.rounds.iter_mut().flat_map(|r| r.tables.iter_mut()) {
            if s.ns == Some(p) {
                s.ns = None;
            }
            if s.ew == Some(p) {
                s.ew = None;
            }
        }
    }
    let widest = (0..m.rounds.len())
        .flat_map(|r| m.shared(r))
        .map(|(_, t)| t.len() as u32)
        .max()
        .unwrap_or(1);
    if opts.boards_per_round.is_none() {
        bpr = bpr.max(widest);
    }
    if bpr < widest {
        return Err(MovementError::SharedSet {
            kind,
            tables,
            count: widest,
            found: bpr,
            hint: if mitchell { " (or use the skip)" } else { "" },
        });
    }
    m.boards_per_round = bpr;
    Ok(m)
}

/// Number of switched rounds at the end of an arrow-switch Mitchell of `rounds` rounds:
/// about one round in eight, at least one (the last round up to 11 rounds, the last two
/// from 12).
pub fn switched_rounds(rounds: u32) -> u32 {
    ((rounds + 4) / 8).max(1)
}

fn mitchell_movement(kind: Kind, t: u32, even: EvenTables) -> Movement {
    let relay = t.is_multiple_of(2) && even == EvenTables::RelayByeStand;
    let skip = t.is_multiple_of(2) && even == EvenTables::Skip;
    let rounds = rounds_of(kind, t, even);
    let switched_from = if kind == Kind::ArrowSwitch {
        rounds - switched_rounds(rounds)
    } else {
        rounds
    };
    // The board station of a table: with the relay, the bye stand is station T/2 and the
    // last table shares station 0 with table 1.
    let station = |table: u32| {
        if relay && table >= t / 2 {
            (table + 1) % t
        } else {
            table
        }
    };
    let rounds = (0..rounds)
        .map(|r| Round {
            number: r + 1,
            tables: (0..t)
                .map(|table| {
                    let moved = r + u32::from(skip && r >= t / 2);
                    let ew_index = (table + t - moved % t) % t;
                    let switched = r >= switched_from;
                    let (ns, ew) = (table + 1, t + 1 + ew_index);
                    let (ns, ew) = if switched { (ew, ns) } else { (ns, ew) };
                    Sitting {
                        table: table + 1,
                        ns: Some(ns),
                        ew: Some(ew),
                        set: (station(table) + r) % t + 1,
                        switched,
                    }
                })
                .collect(),
        })
        .collect();
    Movement {
        kind,
        tables: t,
        boards_per_round: 1,
        sets: t,
        pairs: 2 * t,
        even: t.is_multiple_of(2).then_some(even),
        phantom: None,
        stationary: Vec::new(),
        rounds,
    }
}

impl Movement {
    /// The boards of a set.
    pub fn boards(&self, set: u32) -> RangeInclusive<u32> {
        (set - 1) * self.boards_per_round + 1..=set * self.boards_per_round
    }

    /// Boards in the session.
    pub fn board_count(&self) -> u32 {
        self.sets * self.boards_per_round
    }

    /// One ranking or two.
    pub fn field(&self) -> FieldKind {
        self.kind.field()
    }

    /// The pairs that play (the phantom left out).
    pub fn pair_numbers(&self) -> Vec<u32> {
        (1..=self.pairs)
            .filter(|&p| Some(p) != self.phantom)
            .collect()
    }

    /// Sets played at more than one table in round `index` (0-based), with those tables.
    pub fn shared(&self, index: usize) -> Vec<(u32, Vec<u32>)> {
        let mut out: Vec<(u32, Vec<u32>)> = Vec::new();
        for s in self.rounds[index].tables.iter().filter(|s| s.plays()) {
            match out.iter_mut().find(|(set, _)| *set == s.set) {
                Some((_, tables)) => tables.push(s.table),
                None => out.push((s.set, vec![s.table])),
            }
        }
        out.retain(|(_, t)| t.len() > 1);
        out
    }

    /// The other tables playing the boards of `s` in round `index` (0-based): empty when
    /// no other table shares its set or when `s` does not play.
    pub fn shared_with(&self, index: usize, s: &Sitting) -> Vec<u32> {
        if !s.plays() {
            return Vec::new();
        }
        self.shared(index)
            .into_iter()
            .find(|(set, _)| *set == s.set)
            .map(|(_, tables)| tables.into_iter().filter(|&t| t != s.table).collect())
            .unwrap_or_default()
    }

    /// The boards not in play in round `index` (0-based), as one range ("9-12") per idle set.
    pub fn idle_boards(&self, index: usize) -> Vec<String> {
        self.idle_sets(index)
            .iter()
            .map(|&set| range_label(&self.boards(set)))
            .collect()
    }

    /// Sets at no table in round `index` (0-based): on a bye stand or relay table.
    pub fn idle_sets(&self, index: usize) -> Vec<u32> {
        let used: BTreeSet<u32> = self.rounds[index].tables.iter().map(|s| s.set).collect();
        (1..=self.sets).filter(|s| !used.contains(s)).collect()
    }

    /// Where the set played at `table` in round `index` (0-based) is played next.
    pub fn next_stop(&self, index: usize, table: u32) -> NextStop {
        let Some(set) = self.rounds[index]
            .tables
            .iter()
            .find(|s| s.table == table)
            .map(|s| s.set)
        else {
            return NextStop::Done;
        };
        for round in &self.rounds[index + 1..] {
            let tables: Vec<u32> = round
                .tables
                .iter()
                .filter(|s| s.set == set)
                .map(|s| s.table)
                .collect();
            if !tables.is_empty() {
                return NextStop::Tables {
                    round: round.number,
                    tables,
                };
            }
        }
        NextStop::Done
    }

    /// A pair's rounds (none for the phantom).
    pub fn pair_rounds(&self, pair: u32) -> Vec<PairRound> {
        let mut out = Vec::new();
        for r in &self.rounds {
            for s in &r.tables {
                let (direction, opponent) = if s.ns == Some(pair) {
                    (Direction::NorthSouth, s.ew)
                } else if s.ew == Some(pair) {
                    (Direction::EastWest, s.ns)
                } else {
                    continue;
                };
                out.push(PairRound {
                    round: r.number,
                    table: s.table,
                    direction,
                    opponent,
                    set: s.set,
                });
            }
        }
        out
    }

    /// Every board's expected traveller lines, in board order, each in round order.
    pub fn travellers(&self) -> Vec<Traveller> {
        let mut out: Vec<Traveller> = (1..=self.board_count())
            .map(|board| Traveller {
                board,
                lines: Vec::new(),
            })
            .collect();
        for r in &self.rounds {
            for s in &r.tables {
                let (Some(ns), Some(ew)) = (s.ns, s.ew) else {
                    continue;
                };
                for b in self.boards(s.set) {
                    out[b as usize - 1].lines.push(TravellerLine {
                        round: r.number,
                        table: s.table,
                        ns,
                        ew,
                    });
                }
            }
        }
        out
    }

    /// Times each set is played (index 0 = set 1).
    pub fn times_played(&self) -> Vec<u32> {
        let mut n = vec![0; self.sets as usize];
        for s in self.rounds.iter().flat_map(|r| &r.tables) {
            if s.plays() {
                n[s.set as usize - 1] += 1;
            }
        }
        n
    }

    /// The rounds played with the boards turned.
    pub fn switched(&self) -> Vec<u32> {
        self.rounds
            .iter()
            .filter(|r| r.tables.iter().any(|s| s.switched))
            .map(|r| r.number)
            .collect()
    }

    /// A few sentences for the director: the movement, what moves where, what is shared.
    pub fn description(&self) -> Vec<String> {
        let t = self.tables;
        let rounds = self.rounds.len();
        let mut out = vec![format!(
            "{}, {t} tables, {rounds} rounds of {} board{} ({} boards in {} sets); {}.",
            self.kind.label(),
            self.boards_per_round,
            if self.boards_per_round == 1 { "" } else { "s" },
            self.board_count(),
            self.sets,
            match self.field() {
                FieldKind::One => "one field (one winner)",
                FieldKind::Two => "two fields (NS and EW ranked apart)",
            }
        )];
        match self.kind {
            Kind::Mitchell | Kind::ArrowSwitch => {
                out.push(format!(
                    "NS pairs 1-{t} stay at their tables; EW pairs {}-{} move up one table \
                     (from table {t} to table 1); boards move down one table.",
                    t + 1,
                    2 * t
                ));
                match self.even {
                    Some(EvenTables::RelayByeStand) => out.push(format!(
                        "Relay and bye stand: a bye stand between tables {} and {} holds one \
                         set each round; tables 1 and {t} share a set. Boards go from table \
                         {} to the bye stand, from the bye stand to table {}, and from tables \
                         1 and {t} to table {}.",
                        t / 2,
                        t / 2 + 1,
                        t / 2 + 1,
                        t / 2,
                        t - 1
                    )),
                    Some(EvenTables::Skip) => out.push(format!(
                        "Skip: after round {}, EW pairs move up two tables instead of one.",
                        t / 2
                    )),
                    None => {}
                }
                let sw = self.switched();
                if !sw.is_empty() {
                    let list: Vec<String> = sw.iter().map(u32::to_string).collect();
                    out.push(format!(
                        "Arrow switch in round{} {}: the boards are turned, the EW pairs hold \
                         the North-South cards.",
                        if sw.len() == 1 { "" } else { "s" },
                        list.join(", ")
                    ));
                }
            }
            Kind::Howell | Kind::ThreeQuarterHowell => {
                let st: Vec<String> = self.stationary.iter().map(u32::to_string).collect();
                out.push(format!(
                    "Stationary pair{} {} (North-South); the other pairs move as their guide \
                     cards say. {}",
                    if st.len() == 1 { "" } else { "s" },
                    st.join(", "),
                    if self.kind == Kind::Howell {
                        "Every pair meets every other pair once and plays every board once."
                    } else {
                        "Every pair plays every board once and meets no pair twice."
                    }
                ));
                if self.sets > self.tables {
                    out.push(format!(
                        "{} sets are out of play each round: keep them on a bye stand; the \
                         table cards say where each set goes next.",
                        self.sets - self.tables
                    ));
                }
            }
        }
        for (i, r) in self.rounds.iter().enumerate() {
            for (set, tables) in self.shared(i) {
                if self.kind == Kind::Howell || self.even.is_none() {
                    out.push(format!(
                        "Round {}: {} share set {set} (boards {}).",
                        r.number,
                        cards::tables_label(&tables),
                        range_label(&self.boards(set))
                    ));
                }
            }
        }
        if let Some(p) = self.phantom {
            out.push(format!(
                "Pair {p} is missing (a half table): its opponents sit out each round."
            ));
        }
        out
    }
}

/// "1-3", or "4" for a single board.
pub fn range_label(r: &RangeInclusive<u32>) -> String {
    if r.start() == r.end() {
        r.start().to_string()
    } else {
        format!("{}-{}", r.start(), r.end())
    }
}
