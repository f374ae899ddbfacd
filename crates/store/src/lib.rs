//! The event database: one SQLite file with versioned migrations (`migrations/`), an append-only
//! log of the arbiter's actions, and the engines' models built from its rows.
//!
//! Every action is one transaction: the change and its log entry (with a snapshot of the event
//! as it was) commit together or not at all. No tournament rule lives here: pairing, standings
//! and exports run the engines on the [`tournament::Tournament`] that [`Store::tournament`]
//! builds.
//!
//! ```
//! use store::{Store, EventSettings, NewPlayer};
//! let store = Store::open_in_memory().unwrap();
//! let event = store.create_event("arbiter", &EventSettings::new("Club open".parse().unwrap(), 5)).unwrap();
//! store.add_player("arbiter", event, &NewPlayer::named("Alice Martin".parse().unwrap(), Some(1850))).unwrap();
//! assert_eq!(store.players(event).unwrap().len(), 1);
//! ```

pub mod auth;
pub mod backup;
pub mod bridge;
pub mod chess;
mod codes;
pub mod csv;
mod db;
pub mod edits;
mod error;
mod import_fields;
mod new_codes;
pub mod teams;
pub mod text;
pub mod throttle;
pub mod versions;

pub use backup::{RestoreRefusal, Restored};
pub use chess::corrections::{AffectedPlayer, Correction, StalePairing};
pub use chess::entries::{
    Duplicate, Entry, EntryFees, EntryId, EntrySettings, EntryStatus, FeeRow, FeeTotals,
    PaymentMethod,
};
pub use chess::event::DOUBLE_SWISS_ROUNDS;
pub use chess::import;
pub use chess::log::{LogEntry, PastState};
pub use chess::model::{RatingChangeCell, StandingRow, Standings};
pub use chess::national_list;
pub use chess::national_list::{ListColumn, ListMapping, NationalEntry, NationalListSource};
pub use chess::pairing_record::{ManualPairingChange, PairingChange};
pub use chess::periods::{PeriodRounds, ReportPeriods};
pub use chess::prizes::{PrizeAwards, PrizeSettings};
pub use chess::rating_list::RatingListSource;
pub use chess::rating_periods::{
    group_rounds, EventRatingPeriods, ListPeriod, PeriodUse, RatingPeriod, RatingPeriodError,
};
pub use chess::types::*;
pub use db::{default_path, local_time, now, Store};
pub use edits::{Changed, Version, Written};
pub use error::{Error, Refusal, Result};
pub use text::{Label, PersonName, PersonNames};
pub use versions::{Change, Scope};
