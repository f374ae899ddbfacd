//! Acceleration (C.04.7): virtual points that change the pairing score in the first rounds.
//!
//! A file gives virtual points explicitly (`250`, `XXA`; read by
//! [`tournament::Tournament::acceleration`]) or asks the engine to compute the **Baku** method
//! (a `192` type code ending in `_BAKU`, or an engine option). Explicit records win: with any
//! of them the Baku computation is off. Baku (Art. 1): group A is the first half of the
//! players rounded up to an even number, `2·⌈N/4⌉` (1.2); the accelerated rounds are the first
//! `⌈R/2⌉`; group A gets a win's points in the first `⌈A/2⌉` of them and half of that in the
//! others (1.4). The method needs a point system where a win is two draws and a loss is worth
//! nothing (1.1).
//!
//! ```
//! use pairing::swiss::acceleration::Baku;
//! use tournament::{Header, Player, PlayerId, Tournament};
//!
//! let t = Tournament {
//!     header: Header { rounds: Some(9), ..Header::default() },
//!     players: (1..=10).map(|i| Player { id: PlayerId(i), ..Player::default() }).collect(),
//!     ..Tournament::default()
//! };
//! let baku = Baku::new(&t, true).unwrap();
//! // 10 players: group A is players 1 to 6; 9 rounds: +1 in rounds 1-3, +½ in rounds 4-5.
//! assert_eq!(baku.points(5, 1), 10);
//! assert_eq!(baku.points(5, 4), 5);
//! assert_eq!(baku.points(5, 6), 0);
//! assert_eq!(baku.points(6, 1), 0);
//! ```

use tournament::Tournament;

use crate::PairingError;

/// True when the file's type code (`192`) asks for Baku acceleration.
pub fn type_code_asks_baku(t: &Tournament) -> bool {
    t.header
        .type_code
        .as_deref()
        .is_some_and(|c| c.trim().ends_with("_BAKU"))
}

/// The Baku method's virtual points, by player index and round (zero when off).
#[derive(Debug, Clone)]
pub struct Baku {
    in_group_a: Vec<bool>,
    /// The last round with a full win's worth, and the last accelerated round.
    full: u32,
    accelerated: u32,
    win: i32,
    on: bool,
}

impl Baku {
    /// The method for the tournament, `enabled` by the caller (an option or
    /// [`type_code_asks_baku`]); it stays off when the file gives explicit virtual points. An
    /// enabled method with a point system it cannot serve (C.04.7 1.1) is an invalid request.
    pub fn new(t: &Tournament, enabled: bool) -> Result<Baku, PairingError> {
        if enabled {
            let s = &t.point_system;
            if s.loss.tenths() != 0 || s.draw.tenths() * 2 != s.win.tenths() {
                return Err(PairingError::InvalidRequest(
                    "Baku acceleration needs a point system where a win is two draws and a loss 0"
                        .to_string(),
                ));
            }
        }
        let total_rounds = t.header.rounds.unwrap_or(0);
        let n = t.players.len();
        // 1.2: group A is the first half rounded up to an even number, 2·⌈N/4⌉.
        let group_a = 2 * n.div_ceil(4);
        let mut by_id: Vec<usize> = (0..n).collect();
        by_id.sort_by_key(|&i| t.players[i].id);
        let mut in_group_a = vec![false; n];
        for &i in by_id.iter().take(group_a) {
            in_group_a[i] = true;
        }
        let accelerated = total_rounds.div_ceil(2);
        let explicit = !t.accelerations.is_empty() || !t.player_accelerations.is_empty();
        Ok(Baku {
            in_group_a,
            full: accelerated.div_ceil(2),
            accelerated,
            win: t.point_system.win.tenths(),
            on: enabled && !explicit,
        })
    }

    /// Virtual points (tenths) of the player with index `player` in `round`.
    pub fn points(&self, player: usize, round: u32) -> i32 {
        if !self.on || !self.in_group_a[player] {
            0
        } else if round <= self.full {
            self.win
        } else if round <= self.accelerated {
            self.win / 2
        } else {
            0
        }
    }
}
