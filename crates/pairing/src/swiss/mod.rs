//! What the FIDE texts of the individual Swiss systems share, written once for the Dutch,
//! Burstein, Dubov and Lim engines:
//!
//! - [`roster`]: who is to be paired in a round (C.04.2 Arts. 2.4, 3.2, 3.3: late entries,
//!   withdrawals, announced byes), the pairing-number order, the initial colour of the file and
//!   the number of rounds;
//! - [`history`]: what a player's past rounds say: points per round, the pairing score with
//!   acceleration, the games actually played (C.04.1 Art. 2 and C.04.2 Art. 3.5: only they
//!   forbid a rematch), the colours of played games only (C.04.2 Art. 3.4), who may not get
//!   the pairing-allocated bye (C.04.1 Art. 4) and the floats of past rounds;
//! - [`colour`]: colour difference and colour preferences (absolute, strong, mild), the same
//!   in Dutch 1.6–1.7, Burstein 1.5 and Dubov 1.6, and the walk back through two colour
//!   histories that several systems' last colour rules use;
//! - [`compat`]: the pairs the absolute criteria allow (no rematch, forbidden pairs, and the
//!   system's own colour rule), one bit per pair;
//! - [`acceleration`]: the Baku method's virtual points (C.04.7 Art. 1) and the explicit ones of
//!   `250`/`XXA` records, which make the pairing score;
//! - [`board_order`]: the order of the boards (C.04.2 Art. 3.6);
//! - [`table`]: the cells and layout of the engines' `-l` checklist.
//!
//! Scores are tenths of a point (`i32`), the precision of TRF files; nothing here uses
//! floating point. Players are addressed by their index in `Tournament::players`.
//!
//! ```
//! use pairing::swiss::{colour, history::Field, roster};
//! use tournament::{Color, Entry, GameResult, Player, PlayerId, Tournament};
//!
//! let game = |opponent, color, result| Entry::Played {
//!     opponent: PlayerId(opponent),
//!     color,
//!     result,
//!     rated: true,
//! };
//! let mut t = Tournament::default();
//! t.players = vec![
//!     Player { id: PlayerId(1), rounds: vec![game(2, Color::White, GameResult::Win)], ..Player::default() },
//!     Player { id: PlayerId(2), rounds: vec![game(1, Color::Black, GameResult::Loss)], ..Player::default() },
//!     Player { id: PlayerId(3), rounds: vec![Entry::PairingBye, Entry::ZeroBye], ..Player::default() },
//! ];
//! // Round 2: player 3 announced an absence, so players 1 and 2 are to be paired.
//! assert_eq!(roster::roster(&t, 2).unwrap().paired, vec![0, 1]);
//! let field = Field::new(&t, 1, &|_, _| 0);
//! assert_eq!(field.plain_score(0), 10);
//! assert!(!field.bye_eligible(2)); // C.04.1 Art. 4: a second PAB is barred
//! assert_eq!(field.played_opponents(0), vec![PlayerId(2)]);
//! let c = colour::colour_state(&field.colours(0));
//! assert_eq!(c.preference, Some(Color::Black));
//! ```

pub mod acceleration;
pub mod board_order;
pub mod colour;
pub mod compat;
pub mod history;
pub mod roster;
pub mod table;
