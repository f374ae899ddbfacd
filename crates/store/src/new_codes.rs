//! A new printed code (a chess board's, a bridge table's, a team captain's), unique across every
//! table that holds one, so that `codes.rs` can tell from the code alone what it opens.

use rand::Rng;
use rusqlite::Connection;

use crate::error::Result;

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
             OR EXISTS (SELECT 1 FROM team_captain_code WHERE code = ?1) \
             OR EXISTS (SELECT 1 FROM bridge_team_table WHERE code = ?1) \
             OR EXISTS (SELECT 1 FROM bridge_individual_table WHERE code = ?1)",
            [&code],
            |r| r.get(0),
        )?;
        if !taken {
            return Ok(code);
        }
    }
}
