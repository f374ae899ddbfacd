//! The FFE's Papi files (`.papi`): an individual tournament as the French federation's program
//! Papi keeps it, and as the FFE's site takes it for homologation and rating.
//!
//! A Papi file is a Microsoft Access (Jet 4) database (read and written by the [`jet`] crate)
//! with three tables: `INFO`, one row per setting (`Variable`, `Value`: `Nom`, `Genre`,
//! `NbrRondes`, `DateDebut`, …); `JOUEUR`, one row per player, `Ref` 1 being the bye
//! (`EXEMPT`), each with three columns per round (`Rd01Cl` colour, `Rd01Adv` opponent's `Ref`,
//! `Rd01Res` result) up to round 24; and `RES`, the result codes' labels.
//!
//! [`read`] gives the file's own content ([`PapiFile`]: every setting, every player with every
//! round cell as a typed code); [`PapiFile::to_tournament`] turns it into the [`Tournament`] model
//! (refusing what does not hold together: an opponent who is not there, a game the opponent does
//! not record, more than 24 rounds); [`PapiFile::from_tournament`] and [`write`] go the other way,
//! filling Papi's own empty file. See the crate's README for each field and code.
//!
//! ```
//! use tournament::{papi, trf};
//! let t = trf::read(
//!     "012 Open de Noël\nXXR 5\n\
//!      001    1      Alpha, Ann                        2100                             1.0    1     2 w 1\n\
//!      001    2      Bravo, Ben                        2000                             0.0    2     1 b 0\n",
//! )
//! .unwrap();
//! let made = papi::PapiFile::from_tournament(&t).unwrap();
//! assert!(made.warnings.is_empty());
//! let bytes = papi::write(&made.file).unwrap();
//! let back = papi::read(&bytes).unwrap();
//! assert_eq!(back.setting("Nom"), Some("Open de Noël"));
//! assert_eq!(back.to_tournament().unwrap().tournament, t);
//! ```

mod reader;
mod writer;

use thiserror::Error;

pub use reader::{read, Converted};
pub use writer::{write, FromTournament};

use crate::Tournament;

/// Rounds a Papi file holds (`Rd01` to `Rd24`).
pub const MAX_ROUNDS: u32 = 24;

/// The `Ref` of the bye's row (`EXEMPT`): a pairing-allocated bye is a game against it.
pub const BYE_REF: i32 = 1;

/// Papi's own empty tournament (version 3.3.8), the container the writer fills.
pub(crate) const EMPTY: &[u8] = include_bytes!("empty.papi");

/// What went wrong reading or writing a Papi file.
#[derive(Debug, Error, PartialEq)]
pub enum PapiError {
    /// Not an Access database, or a damaged one.
    #[error("not a readable Papi file: {0}")]
    Database(#[from] jet::JetError),
    /// An Access database without Papi's tables or columns.
    #[error("not a Papi file: {0}")]
    NotPapi(String),
    /// A setting of `INFO` that cannot be read.
    #[error("table INFO, setting {name}: expected {expected}, found {found:?}")]
    Setting {
        name: String,
        expected: String,
        found: String,
    },
    /// A number of rounds Papi cannot hold (`NbrRondes` beyond 24, or not a number).
    #[error("table INFO, setting NbrRondes: expected a number of rounds from 1 to 24 (Papi holds Rd01 to Rd24), found {found:?}")]
    Rounds { found: String },
    /// A player's opponent who is not in the file.
    #[error("table JOUEUR, player Ref {reference} ({name}), column {column}: opponent Ref {opponent} is not in the file")]
    MissingOpponent {
        reference: i32,
        name: String,
        column: String,
        opponent: i32,
    },
    /// A player's cell that cannot be read or does not hold together with the others.
    #[error("table JOUEUR, player Ref {reference} ({name}), column {column}: {what}")]
    Player {
        reference: i32,
        name: String,
        column: String,
        what: String,
    },
    /// A tournament Papi cannot hold.
    #[error("cannot be written as a Papi file: {0}")]
    Unsupported(String),
}

/// A round's colour column (`RdNNCl`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PapiColor {
    /// `B` (blancs): White.
    White,
    /// `N` (noirs): Black.
    Black,
    /// `F`: not paired by choice or absence (a bye of 0, ½ or 1 point, by the result).
    Bye,
    /// `R`: nothing (not paired, or the round is not played yet).
    None,
}

impl PapiColor {
    pub fn code(self) -> &'static str {
        match self {
            PapiColor::White => "B",
            PapiColor::Black => "N",
            PapiColor::Bye => "F",
            PapiColor::None => "R",
        }
    }

    fn from_code(s: &str) -> Option<PapiColor> {
        match s {
            "B" => Some(PapiColor::White),
            "N" => Some(PapiColor::Black),
            "F" => Some(PapiColor::Bye),
            "R" | "" => Some(PapiColor::None),
            _ => None,
        }
    }
}

/// A round's result column (`RdNNRes`), from the player's side; the table `RES` names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PapiResult {
    /// 0: no result (not played yet, not paired, or a bye worth nothing).
    None,
    /// 1: lost (`0-1`).
    Loss,
    /// 2: drawn (`1/2`), or a half-point bye with colour `F`.
    Draw,
    /// 3: won (`1-0`).
    Win,
    /// 4: lost by forfeit (`F-1`).
    ForfeitLoss,
    /// 5: double forfeit (`F-F`).
    DoubleForfeit,
    /// 6: won by forfeit (`1-F`), the pairing-allocated bye against `Ref` 1, or a full-point
    /// bye with colour `F`.
    ForfeitWin,
}

impl PapiResult {
    pub fn code(self) -> u8 {
        match self {
            PapiResult::None => 0,
            PapiResult::Loss => 1,
            PapiResult::Draw => 2,
            PapiResult::Win => 3,
            PapiResult::ForfeitLoss => 4,
            PapiResult::DoubleForfeit => 5,
            PapiResult::ForfeitWin => 6,
        }
    }

    fn from_code(c: u8) -> Option<PapiResult> {
        Some(match c {
            0 => PapiResult::None,
            1 => PapiResult::Loss,
            2 => PapiResult::Draw,
            3 => PapiResult::Win,
            4 => PapiResult::ForfeitLoss,
            5 => PapiResult::DoubleForfeit,
            6 => PapiResult::ForfeitWin,
            _ => return None,
        })
    }

    /// The result the opponent's row records for the same game.
    pub fn mirrored(self) -> PapiResult {
        match self {
            PapiResult::Loss => PapiResult::Win,
            PapiResult::Win => PapiResult::Loss,
            PapiResult::ForfeitLoss => PapiResult::ForfeitWin,
            PapiResult::ForfeitWin => PapiResult::ForfeitLoss,
            other => other,
        }
    }
}

/// One round of a player's row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PapiRound {
    pub color: PapiColor,
    /// The opponent's `Ref` (`BYE_REF` for the pairing-allocated bye).
    pub opponent: Option<i32>,
    pub result: PapiResult,
}

impl PapiRound {
    /// An empty round: colour `R`, no opponent, result 0.
    pub const NONE: PapiRound = PapiRound {
        color: PapiColor::None,
        opponent: None,
        result: PapiResult::None,
    };
}

/// A rating column and its kind (`Fide`, `RapideFide`, `BlitzFide`): `F` FIDE, `N` national,
/// `E` estimated.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PapiRating {
    pub value: Option<i16>,
    pub kind: Option<String>,
}

/// One row of `JOUEUR`, as the file has it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PapiPlayer {
    /// `Ref`: the player's number in the file (opponents refer to it).
    pub reference: i32,
    /// `RefFFE`: the player's number in the FFE's database.
    pub ffe_ref: Option<i32>,
    /// `Nr`: the pairing number (written by us; Papi leaves it empty).
    pub number: Option<i16>,
    /// `NrFFE`: the FFE licence number (`K72144`).
    pub licence: Option<String>,
    pub last_name: String,
    pub first_name: Option<String>,
    /// `Sexe`: `M` or `F`.
    pub sex: Option<String>,
    /// `NeLe`: the birth date as `YYYY/MM/DD`.
    pub birth_date: Option<String>,
    /// `Cat`: the FFE age category (`Pou`, `Ben`, `Sen`, `Vet`, …).
    pub category: Option<String>,
    /// `Elo` and `Fide`: the standard rating.
    pub standard: PapiRating,
    /// `Rapide` and `RapideFide`.
    pub rapid: PapiRating,
    /// `Blitz` and `BlitzFide`.
    pub blitz: PapiRating,
    pub federation: Option<String>,
    pub club: Option<String>,
    /// `Ligue`: the player's league (`BRE`, `IDF`, …).
    pub league: Option<String>,
    /// `FideCode`: the FIDE id.
    pub fide_id: Option<String>,
    /// `FideTitre`: `g`, `m`, `f`, `c`, `gf`, `mf`, `ff`, `cf`.
    pub title: Option<String>,
    /// `AffType`: the licence type, `A`, `B` or `N` (none).
    pub licence_type: Option<String>,
    /// `Place`: the rank.
    pub place: Option<i16>,
    /// `Rd01` to `Rd24`.
    pub rounds: Vec<PapiRound>,
}

impl PapiPlayer {
    /// `NOM Prénom`, as error messages name a player.
    pub fn display_name(&self) -> String {
        match &self.first_name {
            Some(f) if !f.is_empty() => format!("{} {f}", self.last_name),
            _ => self.last_name.clone(),
        }
    }
}

/// A Papi file's content.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PapiFile {
    /// `INFO`'s rows in file order: (`Variable`, `Value`).
    pub settings: Vec<(String, Option<String>)>,
    /// `JOUEUR`'s rows in file order, the bye's row included.
    pub players: Vec<PapiPlayer>,
}

impl PapiFile {
    /// A setting's value, `None` when absent or empty.
    pub fn setting(&self, name: &str) -> Option<&str> {
        self.settings
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
            .filter(|v| !v.is_empty())
    }

    /// Sets a setting, adding it at the end when the file has none of that name.
    pub fn set(&mut self, name: &str, value: Option<String>) {
        match self.settings.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value,
            None => self.settings.push((name.to_string(), value)),
        }
    }

    /// The players, the bye's row left out.
    pub fn entrants(&self) -> impl Iterator<Item = &PapiPlayer> {
        self.players.iter().filter(|p| p.reference != BYE_REF)
    }

    /// A round robin (`Genre` `ToutesRondes`) rather than a Swiss (`Suisse`).
    pub fn is_round_robin(&self) -> bool {
        self.setting("Genre") == Some("ToutesRondes")
    }

    /// The content of Papi's own empty file: its default settings and the bye's row.
    pub fn empty() -> PapiFile {
        read(EMPTY).expect("Papi's empty file reads")
    }

    /// Turns a tournament into a Papi file (see the crate's README for each field), with what
    /// Papi has no place for.
    pub fn from_tournament(t: &Tournament) -> Result<FromTournament, PapiError> {
        writer::from_tournament(t)
    }
}
