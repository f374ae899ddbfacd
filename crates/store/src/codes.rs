//! The short codes printed for players, bridge tables and team captains: one code opens one chess
//! board, one bridge table or one team's side of a team match, across every event of the database.

use rand::Rng;
use rusqlite::Connection;

use crate::bridge::BridgeSession;
use crate::error::{Error, Refusal, Result};
use crate::{Event, Game, Store};

/// Letters and digits that cannot be mistaken for one another on a printed list.
const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_LEN: usize = 6;

/// A code no board (chess) and no table (bridge) of any event has: one code box opens either.
pub(crate) fn new_code(conn: &Connection) -> Result<String> {
    let mut rng = rand::thread_rng();
    loop {
        let code: String = (0..CODE_LEN)
            .map(|_| CODE_ALPHABET[rng.gen_range(0..CODE_ALPHABET.len())] as char)
            .collect();
        let taken: bool = conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM game WHERE code = ?1) \
             OR EXISTS (SELECT 1 FROM bridge_table WHERE code = ?1) \
             OR EXISTS (SELECT 1 FROM team_match_code WHERE code = ?1)",
            [&code],
            |r| r.get(0),
        )?;
        if !taken {
            return Ok(code);
        }
    }
}

impl Store {
    /// The chess board a player's code opens, under the wrong-code limits
    /// ([`crate::throttle`]: [`Error::TooManyAttempts`] while `address` waits). `board`, when
    /// given, must be the code's board, and the pairing-allocated bye's code opens nothing: both
    /// count as wrong codes, as an unknown code does. A confirmed board is a right code come too
    /// late (`ResultConfirmed`), not counted.
    pub fn open_board(
        &self,
        address: &str,
        code: &str,
        board: Option<u32>,
    ) -> Result<(Event, Game)> {
        self.code_attempt(address, |c| board_for_code(c, code, board))
    }

    /// The bridge session and table a table's code opens, under the wrong-code limits.
    pub fn open_table(&self, address: &str, code: &str) -> Result<(BridgeSession, u32)> {
        self.code_attempt(address, |c| {
            crate::bridge::session::find_table_code(c, code)
        })
    }
}

/// The chess board `code` opens: `board`, when given, must be the code's board, and the
/// pairing-allocated bye's code opens nothing (both are wrong codes, as an unknown one is).
pub(crate) fn board_for_code(
    c: &Connection,
    code: &str,
    board: Option<u32>,
) -> Result<(Event, Game)> {
    let (event, game) = crate::chess::rounds::find_code(c, code)?;
    match board {
        Some(b) if b != game.board => Err(Error::refused(
            Refusal::BadCode,
            "this code does not open that board",
        )),
        _ if game.black.is_none() => Err(Error::refused(
            Refusal::BadCode,
            "this code is the pairing-allocated bye's",
        )),
        _ => Ok((event, game)),
    }
}
