//! The rows of the event database as the rest of the program sees them.

use serde::{Deserialize, Serialize};
use tournament::Points;

use crate::text::{Label, PersonName, PersonNames};

/// Points as their decimal text (`"2.5"`) in snapshots and the JSON API: exact, and what a
/// person reads.
pub mod points_text {
    use serde::{Deserialize, Deserializer, Serializer};
    use tournament::Points;

    pub fn serialize<S: Serializer>(p: &Points, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(p)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Points, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Row ids.
pub type EventId = i64;
pub type PlayerKey = i64;

/// How the event is paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum System {
    /// FIDE Dutch system (C.04.3).
    #[default]
    Swiss,
    /// Berger tables, one cycle.
    RoundRobin,
    /// Berger tables, two cycles (colours reversed in the second).
    DoubleRoundRobin,
}

/// Which FIDE Swiss system pairs a Swiss event; a round robin ignores it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum SwissSystem {
    /// C.04.3
    #[default]
    Dutch,
    /// C.04.4.1
    Dubov,
    /// C.04.4.3
    Lim,
    /// C.04.4.2
    Burstein,
    #[serde(rename = "double-swiss")]
    /// C.04.5: each match of two games takes two rounds of the event (game 1, then game 2
    /// with colours reversed), as the TRF export writes it.
    DoubleSwiss,
}

impl SwissSystem {
    pub const ALL: [SwissSystem; 5] = [
        SwissSystem::Dutch,
        SwissSystem::Burstein,
        SwissSystem::Dubov,
        SwissSystem::Lim,
        SwissSystem::DoubleSwiss,
    ];

    /// The engine that pairs it.
    pub const fn engine(self) -> pairing::system::System {
        match self {
            SwissSystem::Dutch => pairing::system::System::Dutch,
            SwissSystem::Dubov => pairing::system::System::Dubov,
            SwissSystem::Lim => pairing::system::System::Lim,
            SwissSystem::Burstein => pairing::system::System::Burstein,
            SwissSystem::DoubleSwiss => pairing::system::System::DoubleSwiss,
        }
    }

    /// The rounds of the event that one pairing makes: two for a Double-Swiss match.
    pub const fn rounds_per_pairing(self) -> u32 {
        match self {
            SwissSystem::DoubleSwiss => 2,
            _ => 1,
        }
    }

    /// The engine's name (`dutch`, `dubov`, …), as the database and forms hold it.
    pub const fn as_str(self) -> &'static str {
        self.engine().name()
    }

    pub fn parse(s: &str) -> Option<SwissSystem> {
        SwissSystem::ALL.into_iter().find(|x| x.as_str() == s)
    }
}

impl System {
    pub const fn as_str(self) -> &'static str {
        match self {
            System::Swiss => "swiss",
            System::RoundRobin => "round_robin",
            System::DoubleRoundRobin => "double_round_robin",
        }
    }

    pub fn parse(s: &str) -> Option<System> {
        match s {
            "swiss" => Some(System::Swiss),
            "round_robin" => Some(System::RoundRobin),
            "double_round_robin" => Some(System::DoubleRoundRobin),
            _ => None,
        }
    }

    pub const fn is_round_robin(self) -> bool {
        !matches!(self, System::Swiss)
    }
}

/// Everything the arbiter sets up for an event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventSettings {
    pub name: Label,
    pub place: Label,
    /// Three-letter federation of the event (`FRA`).
    pub federation: String,
    /// `YYYY-MM-DD` or empty.
    pub start_date: String,
    pub end_date: String,
    pub chief_arbiter: PersonName,
    /// One name a line (in JSON too).
    pub deputy_arbiters: PersonNames,
    pub time_control: Label,
    /// Rounds of a Swiss; for a round robin, set from the number of players when round 1 is paired.
    pub rounds: u32,
    pub system: System,
    /// The Swiss system's rules (Dutch unless chosen).
    #[serde(default)]
    pub swiss_system: SwissSystem,
    /// Baku acceleration (C.04.7).
    pub baku: bool,
    /// White for the top player in round 1 (`true`), or Black.
    pub initial_white: bool,
    #[serde(with = "points_text")]
    pub points_win: Points,
    #[serde(with = "points_text")]
    pub points_draw: Points,
    #[serde(with = "points_text")]
    pub points_loss: Points,
    /// Points of the pairing-allocated bye.
    #[serde(with = "points_text")]
    pub points_bye: Points,
    /// Tie-break list as `arbiter standings --tiebreaks` reads it (`BH/C1,BH,SB`); empty for the
    /// system's usual one.
    pub tiebreaks: String,
    /// Edition of the rules for unplayed games (`2026`, `2024`, `2012`, `pre2012`); empty for the
    /// one in force at the start date.
    pub rules: String,
    /// Requested half-point byes allowed per player.
    pub bye_limit: u32,
    /// Whether the public pages show this event.
    pub public: bool,
}

impl EventSettings {
    /// A Swiss paired by the Double-Swiss system: round `2k − 1` and `2k` are the two games of
    /// match `k`.
    pub fn is_double_swiss(&self) -> bool {
        self.system == System::Swiss && self.swiss_system == SwissSystem::DoubleSwiss
    }

    /// A Swiss with FIDE's defaults.
    ///
    /// ```
    /// let s = store::EventSettings::new("Club open".parse().unwrap(), 5);
    /// assert_eq!(s.name, "Club open");
    /// ```
    pub fn new(name: Label, rounds: u32) -> EventSettings {
        EventSettings {
            name,
            place: Label::default(),
            federation: String::new(),
            start_date: String::new(),
            end_date: String::new(),
            chief_arbiter: PersonName::default(),
            deputy_arbiters: PersonNames::default(),
            time_control: Label::default(),
            rounds,
            system: System::Swiss,
            swiss_system: SwissSystem::Dutch,
            baku: false,
            initial_white: true,
            points_win: Points::ONE,
            points_draw: Points::HALF,
            points_loss: Points::ZERO,
            points_bye: Points::ONE,
            // Empty: the system's usual list (see `tiebreaks_or_default`).
            tiebreaks: String::new(),
            rules: String::new(),
            bye_limit: 2,
            public: true,
        }
    }
}

impl EventSettings {
    /// The tie-breaks to use: the event's list, or when it is empty the usual one for its
    /// system (Buchholz for a Swiss; direct encounter, Sonneborn-Berger and wins for a round
    /// robin, where everyone's Buchholz is about the same).
    pub fn tiebreaks_or_default(&self) -> &str {
        match (self.tiebreaks.trim().is_empty(), self.system) {
            (false, _) => &self.tiebreaks,
            (true, System::Swiss) => "BH/C1,BH,SB",
            (true, _) => "DE,SB,WIN",
        }
    }
}

/// An event as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub id: EventId,
    pub settings: EventSettings,
    pub created_at: String,
    /// Rounds paired so far.
    pub paired_rounds: u32,
}

/// A player as typed or imported, before the store gives them a pairing number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct NewPlayer {
    /// `Surname, First name` as FIDE writes it, or as typed.
    pub name: PersonName,
    /// `GM`, `IM`, `WGM`, … or empty.
    pub title: String,
    pub rating: Option<u16>,
    pub national_rating: Option<u16>,
    pub federation: String,
    pub fide_id: Option<u64>,
    /// `YYYY/MM/DD`, `YYYY` or empty.
    pub birth_date: String,
    /// `m`, `w` or empty.
    pub sex: String,
    pub club: Label,
}

impl NewPlayer {
    pub fn named(name: PersonName, rating: Option<u16>) -> NewPlayer {
        NewPlayer {
            name,
            rating,
            ..NewPlayer::default()
        }
    }
}

/// A registered player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub id: PlayerKey,
    /// Pairing number (1-based).
    pub number: u32,
    #[serde(flatten)]
    pub details: NewPlayer,
    /// Checked in: paired in the next round.
    pub present: bool,
    /// First round the player is no longer paired in.
    pub withdrawn_from: Option<u32>,
}

/// The result of a board. Forfeits name who won by forfeit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Hash)]
pub enum ResultCode {
    #[serde(rename = "1-0")]
    WhiteWins,
    #[serde(rename = "0-1")]
    BlackWins,
    #[serde(rename = "1/2")]
    Draw,
    #[serde(rename = "1F-0F")]
    WhiteForfeitWin,
    #[serde(rename = "0F-1F")]
    BlackForfeitWin,
    #[serde(rename = "0F-0F")]
    DoubleForfeit,
}

impl ResultCode {
    pub const ALL: [ResultCode; 6] = [
        ResultCode::WhiteWins,
        ResultCode::Draw,
        ResultCode::BlackWins,
        ResultCode::WhiteForfeitWin,
        ResultCode::BlackForfeitWin,
        ResultCode::DoubleForfeit,
    ];

    /// The code stored and typed: `1-0`, `0-1`, `1/2`, `1F-0F`, `0F-1F`, `0F-0F`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ResultCode::WhiteWins => "1-0",
            ResultCode::BlackWins => "0-1",
            ResultCode::Draw => "1/2",
            ResultCode::WhiteForfeitWin => "1F-0F",
            ResultCode::BlackForfeitWin => "0F-1F",
            ResultCode::DoubleForfeit => "0F-0F",
        }
    }

    /// Reads a stored code, and the short forms an arbiter types in the grid, with or without
    /// blanks: the documented set, one meaning each.
    ///
    /// | result                      | codes                          |
    /// |-----------------------------|--------------------------------|
    /// | White wins                  | `1-0`, `1`                     |
    /// | Black wins                  | `0-1`, `0`                     |
    /// | draw                        | `1/2`, `½`, `=`, `½-½`         |
    /// | White wins by forfeit       | `+-`, `+`, `+/-`, `1F-0F`      |
    /// | Black wins by forfeit       | `-+`, `-/+`, `0F-1F`           |
    /// | double forfeit              | `--`, `-/-`, `0F-0F`           |
    ///
    /// `-` alone is refused (White's forfeit, or nobody's?), and so are letters such as `x`
    /// or `d`: a typing slip must not become a result.
    ///
    /// ```
    /// use store::ResultCode;
    /// assert_eq!(ResultCode::parse("+-"), Some(ResultCode::WhiteForfeitWin));
    /// assert_eq!(ResultCode::parse("-"), None);
    /// assert_eq!(ResultCode::parse("x"), None);
    /// ```
    pub fn parse(s: &str) -> Option<ResultCode> {
        let t: String = s
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_uppercase();
        Some(match t.as_str() {
            "1-0" | "1" => ResultCode::WhiteWins,
            "0-1" | "0" => ResultCode::BlackWins,
            "1/2" | "=" | "½" | "½-½" | "1/2-1/2" => ResultCode::Draw,
            "1F-0F" | "+" | "+-" | "+/-" => ResultCode::WhiteForfeitWin,
            "0F-1F" | "-+" | "-/+" => ResultCode::BlackForfeitWin,
            "0F-0F" | "--" | "-/-" => ResultCode::DoubleForfeit,
            _ => return None,
        })
    }

    /// Results a player may report from a phone (forfeits are the arbiter's).
    pub const fn is_over_the_board(self) -> bool {
        matches!(
            self,
            ResultCode::WhiteWins | ResultCode::BlackWins | ResultCode::Draw
        )
    }
}

/// A bye for one round, asked for in advance, granted to a late entry, or an absence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Hash)]
#[serde(rename_all = "snake_case")]
pub enum ByeKind {
    Half,
    Full,
    Zero,
}

impl ByeKind {
    pub const fn as_str(self) -> &'static str {
        match self {
            ByeKind::Half => "half",
            ByeKind::Full => "full",
            ByeKind::Zero => "zero",
        }
    }

    pub fn parse(s: &str) -> Option<ByeKind> {
        match s {
            "half" => Some(ByeKind::Half),
            "full" => Some(ByeKind::Full),
            "zero" => Some(ByeKind::Zero),
            _ => None,
        }
    }
}

/// One board of a paired round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub round: u32,
    pub board: u32,
    pub white: PlayerKey,
    /// `None` for the pairing-allocated bye.
    pub black: Option<PlayerKey>,
    pub result: Option<ResultCode>,
    /// The code printed for the players of this board.
    pub code: String,
    /// What the players reported from their phones, waiting for the arbiter, when they agree
    /// (one value); `None` before any report and when they disagree.
    pub reported: Option<ResultCode>,
    /// Every different value reported, first report first: two or more are a conflict the
    /// arbiter settles (never confirmed in bulk).
    #[serde(default)]
    pub reports: Vec<ResultCode>,
    /// The arbiter changed this board's seats by hand (a swap).
    #[serde(default)]
    pub edited: bool,
    /// The checker's objections to this board that the arbiter accepted, by their
    /// [`Objection::key`].
    #[serde(default)]
    pub accepted: Vec<String>,
}

impl Game {
    /// The players reported different results for this board.
    pub fn reports_disagree(&self) -> bool {
        self.reports.len() > 1
    }

    /// Sets the players' reports (and `reported`, their value when they agree).
    pub fn with_reports(mut self, reports: Vec<ResultCode>) -> Game {
        self.reported = match reports.as_slice() {
            [one] => Some(*one),
            _ => None,
        };
        self.reports = reports;
        self
    }
}

/// The pairing checker's objection to a board the arbiter changed by hand: a rematch (C1),
/// a colour rule (C3) or a second bye (C2). It stays on the round page until the pairing no
/// longer raises it or the arbiter accepts it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Objection {
    pub board: u32,
    /// What it is about, with the players' keys (`rematch:12:15`, `colour-run:12`,
    /// `colour-difference:12`, `bye:12`): what the arbiter accepts.
    pub key: String,
    /// In English, in the checker's fixed forms (the server translates them).
    pub text: String,
    /// The arbiter accepted it (logged as `accept_objection`).
    pub accepted: bool,
}

/// What became of a player's report of a board's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReportOutcome {
    /// The board's first report: it waits for the arbiter.
    Stored,
    /// The board already has this report.
    Unchanged,
    /// The board has a different report: both are kept for the arbiter to settle.
    Conflict,
}

/// A bye in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bye {
    pub player: PlayerKey,
    pub round: u32,
    pub kind: ByeKind,
}

/// A paired round with its boards (board order) and its byes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub number: u32,
    pub paired_at: String,
    pub games: Vec<Game>,
    pub byes: Vec<Bye>,
}

impl Round {
    /// Boards still waiting for a result (the pairing-allocated bye has its result at once).
    pub fn missing_results(&self) -> usize {
        self.games
            .iter()
            .filter(|g| g.black.is_some() && g.result.is_none())
            .count()
    }
}
