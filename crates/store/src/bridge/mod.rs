//! Bridge pairs sessions: settings, pairs, table codes, traveller lines entered at the tables
//! and by the director, conflicts between two entries of one line, and the engines' model.
//!
//! No bridge rule lives here: the movement comes from [`bridge::movement::build`], a line's
//! score from [`bridge::Played::score_ns`], the ranking from [`bridge::score_session`] and the
//! files from [`bridge::pbn::write`] and [`bridge::usebio::write`].
//!
//! ```
//! use store::Store;
//! use store::bridge::{BridgeSettings, Entry};
//! let store = Store::open_in_memory().unwrap();
//! let name = "Tuesday pairs".parse().unwrap();
//! let id = store.create_bridge_session("td", &BridgeSettings::new(name, 7)).unwrap();
//! let first = store.table_round(id, 1, 1).unwrap();
//! let board = first.boards[0];
//! let e = Entry::played("3NT", bridge::Seat::North, 9, "SK");
//! store.enter_line(id, 1, 1, board, &e, "phone-1").unwrap();
//! store.confirm_line(id, 1, 1, board).unwrap();
//! let ranking = store.ranking(id).unwrap();
//! assert_eq!(ranking.missing.len(), store.lines(id).unwrap().len() - 1);
//! ```

mod at_table;
mod calls;
mod hands;
mod import;
pub(crate) mod individual;
mod knockout;
mod lines;
mod log;
mod model;
mod series;
pub(crate) mod session;
mod simultaneous;
mod team_tables;
mod teams;
mod text;

use bridge::movement::{EvenTables, Kind, PairLabels, PairNumbering};
use bridge::{Artificial, Ratio, Seat};
use serde::{Deserialize, Serialize};

use crate::chess::types::Licence;
use crate::text::{Label, PersonName};
pub use calls::{CallKind, TableCall};
pub use hands::{Analysed, Analysis, DealsOf, HandRecord};
pub use individual::{
    Individual, IndividualConflict, IndividualId, IndividualLine, IndividualRanking,
    IndividualSettings, IndividualTableRound,
};
pub use knockout::{
    CarryOver, Knockout, KnockoutChange, KnockoutMatchRow, KnockoutSettings, Seeding,
};
pub use log::BridgeLogEntry;
pub use series::{Series, SeriesPlayer, SeriesRanking, SeriesScore, SeriesScoring, SeriesSettings};
pub use simultaneous::{SimClub, SimClubId, Simultaneous};
pub use team_tables::{OpenedTable, TeamTable};
pub use teams::{
    tie_break_of, BoardComparison, MatchOutcome, NewTeam, Room, RoomBoard, RoomResult, Team,
    TeamConflict, TeamEvent, TeamEventSettings, TeamFormat, TeamMatch, TeamPlayer, TeamResults,
    TeamRow, TeamScoring, MAX_SWISS_ROUNDS, TEAM_PLAYERS,
};

/// Row id of a bridge session.
pub type SessionId = i64;

/// Row id of a teams event.
pub type TeamEventId = i64;

/// Row id of a series.
pub type SeriesId = i64;

/// How the session is scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Scoring {
    /// Matchpoints, two per score beaten (FFB, EBU, WBF).
    #[default]
    #[serde(rename = "mp2")]
    MatchpointsTwo,
    /// Matchpoints, one per score beaten (ACBL).
    #[serde(rename = "mp1")]
    MatchpointsOne,
    #[serde(rename = "ximp")]
    CrossImps,
    /// Cross-IMPs divided by the number of comparisons.
    #[serde(rename = "ximp_avg")]
    CrossImpsAverage,
    #[serde(rename = "butler")]
    Butler,
}

impl Scoring {
    pub const ALL: [Scoring; 5] = [
        Scoring::MatchpointsTwo,
        Scoring::MatchpointsOne,
        Scoring::CrossImps,
        Scoring::CrossImpsAverage,
        Scoring::Butler,
    ];

    /// The code stored and used in forms.
    pub const fn code(self) -> &'static str {
        match self {
            Scoring::MatchpointsTwo => "mp2",
            Scoring::MatchpointsOne => "mp1",
            Scoring::CrossImps => "ximp",
            Scoring::CrossImpsAverage => "ximp_avg",
            Scoring::Butler => "butler",
        }
    }

    pub fn parse(s: &str) -> Option<Scoring> {
        Scoring::ALL.into_iter().find(|x| x.code() == s)
    }
}

/// Everything the director sets up for a session.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BridgeSettings {
    pub name: Label,
    pub club: Label,
    pub place: Label,
    /// `YYYY-MM-DD` or empty.
    pub date: String,
    pub director: PersonName,
    pub tables: u32,
    #[serde(with = "text::kind")]
    pub movement: Kind,
    /// A Mitchell with an even number of tables: relay and bye stand, or skip.
    #[serde(with = "text::even")]
    pub even: EvenTables,
    /// 0: the movement's default.
    pub boards_per_round: u32,
    /// A pair number left empty (a half table).
    pub phantom: Option<u32>,
    pub scoring: Scoring,
    /// Artificial adjusted scores in percent (Law 12C2).
    pub average_plus: u32,
    pub average: u32,
    pub average_minus: u32,
    pub public: bool,
    /// Average+ (Average−) is the pair's session percentage on its other boards when that is
    /// higher (lower).
    #[serde(default)]
    pub session_average: bool,
    /// The address printed on the code slips, `http://HOST[:PORT]` (empty: the browser's).
    #[serde(default)]
    pub public_url: String,
    /// After the table confirms a board, its phone shows the line's score and the percentages
    /// so far (off by default: a club's choice).
    #[serde(default)]
    pub table_results: bool,
    /// How a Mitchell's East-West pairs are numbered where people read them.
    #[serde(default, with = "text::pair_numbering")]
    pub pair_numbering: PairNumbering,
    /// The club's masterpoint scale (shared by every session of the club: stored by the
    /// club's name), none when the club awards none.
    #[serde(default, with = "text::masterpoints")]
    pub masterpoints: Option<bridge::masterpoints::Scale>,
}

impl BridgeSettings {
    /// A matchpoint session with the movement suggested for `tables` (two winners), or a
    /// Mitchell when none is (the table count is then refused on creation).
    pub fn new(name: Label, tables: u32) -> BridgeSettings {
        BridgeSettings {
            name,
            club: Label::default(),
            place: Label::default(),
            date: String::new(),
            director: PersonName::default(),
            tables,
            movement: bridge::movement::suggest(tables, false).unwrap_or(Kind::Mitchell),
            even: EvenTables::default(),
            boards_per_round: 0,
            phantom: None,
            scoring: Scoring::default(),
            average_plus: 60,
            average: 50,
            average_minus: 40,
            public: true,
            session_average: false,
            public_url: String::new(),
            table_results: false,
            pair_numbering: PairNumbering::default(),
            masterpoints: None,
        }
    }
}

/// A session as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BridgeSession {
    pub id: SessionId,
    pub settings: BridgeSettings,
    pub created_at: String,
}

/// A pair's names as typed or imported, with the players' federation licence numbers when
/// known (empty otherwise).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct NewPair {
    pub name1: PersonName,
    pub name2: PersonName,
    pub club: Label,
    #[serde(default)]
    pub licence1: Licence,
    #[serde(default)]
    pub licence2: Licence,
}

impl NewPair {
    pub fn named(name1: PersonName, name2: PersonName) -> NewPair {
        NewPair {
            name1,
            name2,
            ..NewPair::default()
        }
    }

    /// The licences of the players [`NewPair::display`] names, in its order, as the scoring
    /// engine carries them (`None` where not known).
    pub fn licences(&self) -> Vec<Option<bridge::Licence>> {
        [(&self.name1, &self.licence1), (&self.name2, &self.licence2)]
            .into_iter()
            .filter(|(name, _)| !name.trim().is_empty())
            .map(|(_, l)| bridge::Licence::new(l.as_str()))
            .collect()
    }

    /// The pair's name as printed: the two names joined with " - " (empty when untyped).
    pub fn display(&self) -> String {
        let names: Vec<&str> = [self.name1.trim(), self.name2.trim()]
            .into_iter()
            .filter(|n| !n.is_empty())
            .collect();
        names.join(" - ")
    }
}

/// A pair, numbered as the movement numbers pairs (1..=2T).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pair {
    pub number: u32,
    #[serde(flatten)]
    pub details: NewPair,
}

/// The code that opens a table's entry page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableCode {
    pub table: u32,
    pub code: String,
}

/// What North enters for a board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// `3NT`, `4SX`, `PASS` (read with [`bridge::Bid`]; stored in its canonical form).
    pub contract: String,
    /// `None` only for a pass-out.
    #[serde(with = "text::seat")]
    pub declarer: Option<Seat>,
    /// `SA`, `H7`, or empty.
    pub lead: String,
    /// Tricks taken by the declarer; `None` for a pass-out.
    pub tricks: Option<u8>,
}

impl Entry {
    pub fn played(contract: &str, declarer: Seat, tricks: u8, lead: &str) -> Entry {
        Entry {
            contract: contract.to_string(),
            declarer: Some(declarer),
            lead: lead.to_string(),
            tricks: Some(tricks),
        }
    }

    pub fn passed_out() -> Entry {
        Entry {
            contract: "PASS".to_string(),
            declarer: None,
            lead: String::new(),
            tricks: None,
        }
    }
}

/// A director's adjusted score (Law 12). In JSON: `{"kind": "artificial", "value": {"ns":
/// "A+", "ew": "A-"}}`, `{"kind": "weighted", "value": "620@70%;-100@30%"}`, …
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "text::AdjustmentText", try_from = "text::AdjustmentText")]
pub enum Adjustment {
    /// Average+, Average, Average− or a percentage for each side (Law 12C2).
    Artificial { ns: Artificial, ew: Artificial },
    /// An assigned score, North-South's side (Law 12C1(a)).
    Assigned(i32),
    /// A weighted score (Law 12C1(c)): NS scores with weights adding up to 1.
    Weighted(Vec<(i32, Ratio)>),
    /// Non-balancing: NS scored as if `ns`, EW as if `ew` (both NS's side).
    Split { ns: i32, ew: i32 },
    /// The board was not played at this table.
    NotPlayed,
}

/// Where a line stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LineStatus {
    /// Expected by the movement, no result yet.
    Missing,
    /// Entered by North, not yet confirmed.
    Entered,
    /// Confirmed by East-West.
    Confirmed,
    /// Entered or corrected by the director.
    Director,
    /// An adjusted score.
    Adjusted,
}

impl LineStatus {
    pub const fn code(self) -> &'static str {
        match self {
            LineStatus::Missing => "missing",
            LineStatus::Entered => "entered",
            LineStatus::Confirmed => "confirmed",
            LineStatus::Director => "director",
            LineStatus::Adjusted => "adjusted",
        }
    }

    pub fn parse(s: &str) -> Option<LineStatus> {
        [
            LineStatus::Missing,
            LineStatus::Entered,
            LineStatus::Confirmed,
            LineStatus::Director,
            LineStatus::Adjusted,
        ]
        .into_iter()
        .find(|x| x.code() == s)
    }

    /// The line is settled: a table can no longer change it, and its round is done.
    pub const fn is_final(self) -> bool {
        matches!(
            self,
            LineStatus::Confirmed | LineStatus::Director | LineStatus::Adjusted
        )
    }
}

/// One traveller line the movement expects.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    pub board: u32,
    pub round: u32,
    pub table: u32,
    pub ns: u32,
    pub ew: u32,
    pub status: LineStatus,
    /// The contract line, when one was entered.
    pub entry: Option<Entry>,
    pub adjustment: Option<Adjustment>,
    /// North-South's score of a played line (or of an assigned score).
    pub score_ns: Option<i32>,
    /// An open conflict exists on this line.
    pub conflict: bool,
    /// The table said the board was not played: the line waits, without a result, for the
    /// director's adjusted score.
    #[serde(default)]
    pub not_played: bool,
    /// Empty for a missing line.
    pub updated_at: String,
}

impl Line {
    /// The table has nothing more to do on the line: it is final, or the table said the board
    /// was not played (the director's now).
    pub const fn done_at_table(&self) -> bool {
        self.status.is_final() || self.not_played
    }
}

/// A second entry of a line that differs from the stored one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conflict {
    pub id: i64,
    pub board: u32,
    pub round: u32,
    pub table: u32,
    pub ns: u32,
    pub ew: u32,
    /// The line as stored.
    pub kept: Entry,
    /// The entry that was not stored.
    pub other: Entry,
    pub other_device: String,
    pub created_at: String,
}

/// What became of a table's entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EnterOutcome {
    /// Written (a new line, or the same device's correction).
    Stored,
    /// The line already says that.
    Unchanged,
    /// The line already says something else: kept, and a conflict opened for the director.
    Conflict,
}

/// What one table plays in one round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRound {
    pub table: u32,
    pub round: u32,
    /// Rounds in the session.
    pub rounds: u32,
    /// `None`: a missing pair (the table sits out).
    pub ns: Option<u32>,
    pub ew: Option<u32>,
    pub boards: Vec<u32>,
    /// One per board, missing ones included.
    pub lines: Vec<Line>,
}

/// The session scored on the lines that have a result, and the lines still missing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ranking {
    /// The engines' model: boards, deals, lines with results, pair names.
    pub session: bridge::Session,
    pub scored: bridge::Scored,
    /// Lines still missing: flagged on every page until the director resolves them.
    pub missing: Vec<Line>,
}
