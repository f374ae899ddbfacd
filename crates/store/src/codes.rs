//! The short codes printed for players, bridge tables and team captains: one code opens one chess
//! board, one bridge table or one team's side of a team match, across every event of the database.

use rand::Rng;
use rusqlite::Connection;

use crate::bridge::BridgeSession;
use crate::chess::double_swiss::{games_of_match, match_of_round};
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
             OR EXISTS (SELECT 1 FROM team_match_code WHERE code = ?1) \
             OR EXISTS (SELECT 1 FROM bridge_team_table WHERE code = ?1)",
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

/// The chess board `code` opens: `board`, when given, must be the code's board, and the
/// pairing-allocated bye's code opens nothing (both are wrong codes, as an unknown one is). In a
/// Double-Swiss event, `game` picks a game of the code's match (see [`Store::open_board`]).
pub(crate) fn board_for_code(
    c: &Connection,
    code: &str,
    board: Option<u32>,
    game: Option<u32>,
) -> Result<(Event, Game)> {
    let (event, own) = crate::chess::rounds::game_of_code(c, code)?;
    if board.is_some_and(|b| b != own.board) {
        return Err(Error::refused(
            Refusal::BadCode,
            "this code does not open that board",
        ));
    }
    if own.black.is_none() {
        return Err(Error::refused(
            Refusal::BadCode,
            "this code is the pairing-allocated bye's",
        ));
    }
    let e = crate::chess::rows::load_event(c, event)?;
    let games: Vec<Game> = if e.settings.is_double_swiss() {
        let k = match_of_round(own.round).0;
        games_of_match(k)
            .into_iter()
            .map(|r| {
                if r == own.round {
                    Ok(own.clone())
                } else {
                    crate::chess::rounds::game_at(c, event, r, own.board).map(|(_, g)| g)
                }
            })
            .collect::<Result<_>>()?
    } else {
        vec![own.clone()]
    };
    let target = match game {
        None => own,
        Some(n) if n >= 1 && n as usize <= games.len() => games[n as usize - 1].clone(),
        Some(n) => {
            return Err(Error::invalid(
                "game",
                if games.len() == 2 {
                    "1 or 2 (the game of the match)"
                } else {
                    "no game number: the board has one game"
                },
                n.to_string(),
            ))
        }
    };
    let open = match game {
        None => games.iter().any(|g| g.result.is_none()),
        Some(_) => target.result.is_none(),
    };
    if !open {
        return Err(Error::refused(
            Refusal::ResultConfirmed,
            "this board's result is already confirmed by the arbiter",
        ));
    }
    Ok((e, target))
}
