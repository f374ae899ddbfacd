//! Swiss-Manager's tournament files (`.TUNX`, individual events): a reader, and the
//! conversion of what it read into a [`Tournament`].
//!
//! The format is binary and undocumented by its author. What this reader knows of it was
//! learnt from the public reader `echecsjs/tunx` and checked, field by field, on the real
//! files of its tests (kept under `crates/tournament/tests/fixtures/tunx/`, with their source);
//! `docs/swiss-manager.md` describes the layout and says where that public description is wrong.
//!
//! ```
//! use tournament::swiss_manager;
//! // Not a Swiss-Manager file: the error says what was expected and where.
//! let err = swiss_manager::read(b"012 Club Open\n").unwrap_err();
//! assert_eq!(err.offset, 0);
//! assert!(err.to_string().contains("Swiss-Manager"));
//! ```

mod convert;
mod reader;

pub use convert::{to_tournament, ConvertWarning};
pub use reader::read;

use crate::model::{PlayerId, Sex};

/// One problem that stops the reading of a file: where it is (a byte offset from the start
/// of the file), what was expected there and what was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("byte {offset}: expected {expected}, found {found}")]
pub struct TunxError {
    pub offset: usize,
    pub kind: TunxErrorKind,
    pub expected: String,
    pub found: String,
}

/// What kind of problem a [`TunxError`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TunxErrorKind {
    /// The file does not start with Swiss-Manager's signature: another kind of file.
    NotTunx,
    /// The file ends before the part being read.
    Truncated,
    /// A section's marker is not where the layout puts it.
    Layout,
    /// Text that is not valid UTF-16.
    BadText,
    /// A team tournament (`.TUNX` of type 2, `.TUMX`, `.TUTX`): not read.
    TeamEvent,
    /// A tournament type other than Swiss or round robin.
    UnknownKind,
    /// A pairing naming a start number no player has, or a player twice in one round.
    BadPairing,
    /// A result code this reader does not know.
    UnknownResult,
}

/// The pairing system of the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Swiss,
    RoundRobin,
}

/// A date as Swiss-Manager keeps it: a year, month and day, or a year alone (birth dates).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Date {
    pub year: u16,
    /// 0 when only the year is known.
    pub month: u8,
    /// 0 when only the year (or the year and month) is known.
    pub day: u8,
}

impl Date {
    /// Reads Swiss-Manager's `YYYYMMDD` number; 0 is no date, and so is a number that is not
    /// a calendar date.
    pub fn from_number(n: u32) -> Option<Date> {
        if n == 0 {
            return None;
        }
        let (year, month, day) = (n / 10_000, (n / 100) % 100, n % 100);
        let plausible =
            (1000..=9999).contains(&year) && month <= 12 && day <= 31 && (month > 0 || day == 0);
        plausible.then_some(Date {
            year: year as u16,
            month: month as u8,
            day: day as u8,
        })
    }

    /// `YYYY/MM/DD`, or `YYYY` alone when the month or day is unknown.
    pub fn slashed(&self) -> String {
        if self.month == 0 || self.day == 0 {
            format!("{:04}", self.year)
        } else {
            format!("{:04}/{:02}/{:02}", self.year, self.month, self.day)
        }
    }
}

/// A tie-break of the event's list, by Swiss-Manager's code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Tiebreak {
    pub code: u16,
}

impl Tiebreak {
    /// The tie-break's name, for the codes whose meaning the public description gives.
    /// Swiss-Manager keeps each tie-break's parameters elsewhere (two `Buchholz` entries in one
    /// list differ by them), which is why these names are not turned into TRF `202` codes.
    pub fn name(&self) -> Option<&'static str> {
        Some(match self.code {
            0x0b => "Progressive score",
            0x25 => "Performance rating",
            0x34 => "Median Buchholz",
            0x3d => "Number of wins",
            0x44 => "Direct encounter",
            0x51 => "Sonneborn-Berger",
            0x54 => "Buchholz",
            0x55 => "Buchholz cut 1",
            0x56 => "Buchholz cut 2",
            0x57 => "Buchholz cut 3",
            0x58 => "Average rating of opponents",
            _ => return None,
        })
    }
}

/// A player as the file lists them; their start number is their place in the list, from 1.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Player {
    pub surname: String,
    pub first_name: String,
    /// As written (`GM`, `IM`, …); empty when none.
    pub title: String,
    pub federation: String,
    pub club: String,
    /// The national identifier, as written.
    pub national_id: String,
    pub fide_id: Option<u32>,
    pub rating: Option<u16>,
    pub national_rating: Option<u16>,
    /// Swiss-Manager marks women; the others are not marked (`None`).
    pub sex: Option<Sex>,
    pub birth: Option<Date>,
}

impl Player {
    /// `Surname, First name`, or the surname alone.
    pub fn full_name(&self) -> String {
        if self.first_name.is_empty() {
            self.surname.clone()
        } else {
            format!("{}, {}", self.surname, self.first_name)
        }
    }
}

/// The result of a scheduled game, as the file codes it from White's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameCode {
    /// Code 0: paired, no result entered yet.
    Pending,
    /// 1: 1-0.
    WhiteWins,
    /// 2: ½-½.
    Draw,
    /// 3: 0-1.
    BlackWins,
    /// 4: +/- (Black did not play).
    WhiteWinsByForfeit,
    /// 5: -/+ (White did not play).
    BlackWinsByForfeit,
    /// 6: -/- (neither played).
    DoubleForfeit,
    /// 15: 1-0 in a game not rated (our reading, see the module's documentation).
    WhiteWinsUnrated,
    /// 16: ½-½ in a game not rated.
    DrawUnrated,
    /// 17: 0-1 in a game not rated.
    BlackWinsUnrated,
}

impl GameCode {
    fn from_code(code: u16) -> Option<GameCode> {
        Some(match code {
            0 => GameCode::Pending,
            1 => GameCode::WhiteWins,
            2 => GameCode::Draw,
            3 => GameCode::BlackWins,
            4 => GameCode::WhiteWinsByForfeit,
            5 => GameCode::BlackWinsByForfeit,
            6 => GameCode::DoubleForfeit,
            15 => GameCode::WhiteWinsUnrated,
            16 => GameCode::DrawUnrated,
            17 => GameCode::BlackWinsUnrated,
            _ => return None,
        })
    }
}

/// What a player not paired in a round scores there (opponent number 65534).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Absence {
    /// Code 0: no value entered (a player left out of the pairing, or a round to come).
    Unscored,
    /// 1: a full-point bye.
    FullPoint,
    /// 2: a half-point bye.
    HalfPoint,
    /// 3: absent, no points.
    ZeroPoint,
}

/// One record of a round's list: a board, the pairing-allocated bye or a player left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pairing {
    Game {
        white: PlayerId,
        black: PlayerId,
        result: GameCode,
    },
    /// Opponent number 65535: the pairing-allocated bye; `scored` is false while the round's
    /// results are not entered (code 0 instead of 9).
    PairingBye {
        player: PlayerId,
        scored: bool,
    },
    Absent {
        player: PlayerId,
        value: Absence,
    },
}

impl Pairing {
    /// The players this record names.
    pub fn players(&self) -> Vec<PlayerId> {
        match *self {
            Pairing::Game { white, black, .. } => vec![white, black],
            Pairing::PairingBye { player, .. } | Pairing::Absent { player, .. } => vec![player],
        }
    }

    /// True when the record says something about the result (a game's result, a scored bye,
    /// an absence's value).
    pub fn has_result(&self) -> bool {
        match *self {
            Pairing::Game { result, .. } => result != GameCode::Pending,
            Pairing::PairingBye { scored, .. } => scored,
            Pairing::Absent { value, .. } => value != Absence::Unscored,
        }
    }
}

/// One round: its date and time as scheduled, and its records in the file's order (boards
/// first, then the bye and the players left out).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Round {
    pub date: Option<Date>,
    /// The starting time as typed (`15:00`), often empty.
    pub time: String,
    pub pairings: Vec<Pairing>,
    /// The places in `pairings` (from 0) of the records the arbiter fixed by hand before
    /// Swiss-Manager paired the rest of the round (byte 6 of the record is 1): a pairing
    /// engine, which knows nothing of them, pairs those players otherwise.
    pub fixed_by_hand: Vec<usize>,
}

/// Everything the reader takes from a `.TUNX` file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TunxFile {
    /// chess-results.com's number of the tournament (0 when it has none).
    pub chess_results_id: u32,
    /// The date of the Swiss-Manager version that wrote the file (header offset 0x1C; the
    /// public reader calls it the date saved, but it precedes the events it holds and takes
    /// two values across the corpus). A version older than 1 February 2026 pairs with the
    /// Dutch rules of 2017 (docs/swiss-manager.md).
    pub program_date: Option<Date>,
    pub name: String,
    pub subtitle: String,
    pub organizer: String,
    pub tournament_director: String,
    pub chief_arbiter: String,
    pub deputy_chief_arbiter: String,
    /// The other arbiters, from the two lists Swiss-Manager keeps, split at `;`.
    pub arbiters: Vec<String>,
    pub venue: String,
    pub city: String,
    pub federation: String,
    pub time_control: String,
    pub kind: Kind,
    pub rounds_planned: u16,
    /// The last round paired.
    pub current_round: u16,
    pub start_date: Option<Date>,
    pub end_date: Option<Date>,
    pub tiebreaks: Vec<Tiebreak>,
    pub players: Vec<Player>,
    /// One per planned round.
    pub rounds: Vec<Round>,
}
