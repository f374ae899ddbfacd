//! Individual chess events: settings, players, byes and forbidden pairs ([`event`]), rounds,
//! results and players' reports ([`rounds`]), the action log with undo and past states
//! ([`log`]), the engines' `Tournament` and the standings built from the rows ([`model`]),
//! player imports ([`import`]), events made from Papi and Swiss-Manager files ([`file_import`]),
//! FIDE's rating list ([`rating_list`]), kept by rating period for events longer than one
//! ([`rating_periods`]), and national ones ([`national_list`]), the sections of a weekend open
//! sharing one desk ([`sections`]), the public registration form's entries and the entry fees
//! ([`entries`]), the changes made by hand to pairings ([`pairing_record`]), and the rating
//! report by rating period ([`periods`]).
//!
//! Files depend one way: `rows` (the tables' columns) ← `model` ← `log` ← `event`, `rounds`.

pub mod chess_results;
pub mod corrections;
pub mod double_swiss;
pub mod entries;
mod entries_state;
pub mod event;
pub mod file_import;
pub mod groups;
pub mod import;
pub mod log;
pub mod lots;
pub mod manual;
pub mod model;
pub mod names;
pub mod national_list;
pub mod pairing_record;
pub mod papi;
pub mod periods;
pub mod prizes;
pub mod rating_list;
pub mod rating_periods;
pub mod rounds;
pub(crate) mod rows;
mod same_person;
pub mod schedule;
mod section_limits;
pub mod sections;
pub mod swiss_manager;
pub mod types;
mod unpaired;
