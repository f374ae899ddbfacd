//! Chess team events: teams with ordered rosters ([`event`], imported from CSV by [`import`],
//! a TRF-2026 team file's registration read by [`trf_import`]), rounds
//! paired on the Berger tables or by the Swiss Team engine, lineups and board results
//! ([`rounds`]), and the engines' `Tournament` with the standings and the TRF-2026 team file
//! built from the rows ([`model`]). Every change is logged with what it touched ([`log`]), the
//! forms' version check.
//!
//! Files depend one way: `types` ← `log` ← `event` ← `model` ← `rounds` ← `captains` (the
//! captains' codes, lineups and reports from their phones; `captain_codes` the setting that
//! gives a code per team for the whole event, and its renewal); a knock-out cup's rules are in
//! `cup_bracket` (beside `model`) and its rounds in `cup` (between `model` and `rounds`, which
//! pairs a cup's next round through it); `trf_import` reads with `import`'s
//! types and `model`'s board colours, `trf_rounds` the file's played rounds (and stores the
//! whole file with `event`'s inserts). A roster is edited player by player in `roster`
//! (beside `rounds`, after `event`); a round's lineups as they stand are checked against the
//! rules in `lineup_checks` (after `rounds`).
//!
//! ```
//! use store::teams::{NewMember, NewTeam, TeamEventSettings};
//! use store::Store;
//! let store = Store::open_in_memory().unwrap();
//! let event = store
//!     .create_team_event("chief", &TeamEventSettings::new("Interclubs".parse().unwrap(), 5, 4))
//!     .unwrap();
//! let team = NewTeam { name: "Tours".parse().unwrap(), ..NewTeam::default() };
//! let id = store.add_team("chief", event, &team).unwrap();
//! let anne = NewMember { name: "Levy, Anne".parse().unwrap(), rating: Some(2010), ..NewMember::default() };
//! store.add_member("chief", event, id, &anne).unwrap();
//! assert_eq!(store.teams(event).unwrap()[0].roster[0].details.name, "Levy, Anne");
//! ```

pub mod captain_codes;
mod captain_rows;
pub mod captains;
pub mod chess_results;
pub mod corrections;
pub mod cup;
pub mod cup_bracket;
pub mod event;
pub mod import;
pub mod lineup_checks;
pub mod log;
pub mod model;
pub mod prizes;
pub mod roster;
pub mod rounds;
pub mod rules;
pub mod trf_import;
mod trf_lines;
pub mod trf_rounds;
pub mod types;

pub use captain_rows::CaptainCodes;
pub use types::*;
