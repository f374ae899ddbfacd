//! The chess tournament model and its file formats.
//!
//! A [`Tournament`] holds the header, the point system and every player's round-by-round record.
//! The [`trf`] module reads and writes FIDE's Tournament Report File (TRF-16 and TRF-2026, with
//! the pairing engines' extensions); the [`papi`] module reads and writes the FFE's Papi files;
//! [`swiss_manager`] reads Swiss-Manager's `.TUNX` files; [`chess_results`] writes chess-results.com's
//! upload file.
//!
//! ```
//! use tournament::{Entry, GameResult, Points, PointSystem};
//! let win = Entry::Played {
//!     opponent: tournament::PlayerId(2),
//!     color: tournament::Color::White,
//!     result: GameResult::Win,
//!     rated: true,
//! };
//! assert_eq!(win.points(&PointSystem::default()), Points::ONE);
//! ```

pub mod chess_results;
mod model;
pub mod papi;
mod points;
pub mod rounds;
pub mod swiss_manager;
pub mod team;
pub mod trf;

pub use model::*;
pub use points::{Points, PointsError};
