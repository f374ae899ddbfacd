//! The short codes printed for players, bridge tables and team captains: one code opens one chess
//! board, one bridge table or one team's side of a team match, across every event of the database.

use crate::bridge::BridgeSession;
use crate::chess::rounds::board_for_code;
use crate::error::Result;
use crate::{Event, Game, Store};

impl Store {
    /// The chess board a player's code opens, under the wrong-code limits
    /// ([`crate::throttle`]: [`Error::TooManyAttempts`] while `address` waits). `board`, when
    /// given, must be the code's board, and the pairing-allocated bye's code opens nothing: both
    /// count as wrong codes, as an unknown code does. A confirmed board is a right code come too
    /// late (`ResultConfirmed`), not counted.
    ///
    /// In a Double-Swiss event the code opens the player's match (C.04.5: two games on one
    /// board): `game` (1 or 2) picks the game of the match to answer, and without it the code
    /// opens while either game waits for its result.
    pub fn open_board(
        &self,
        address: &str,
        code: &str,
        board: Option<u32>,
        game: Option<u32>,
    ) -> Result<(Event, Game)> {
        self.code_attempt(address, |c| board_for_code(c, code, board, game))
    }

    /// The bridge session and table a table's code opens, under the wrong-code limits.
    pub fn open_table(&self, address: &str, code: &str) -> Result<(BridgeSession, u32)> {
        self.code_attempt(address, |c| {
            crate::bridge::session::find_table_code(c, code)
        })
    }
}
