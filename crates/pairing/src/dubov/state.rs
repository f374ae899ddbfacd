//! What the Dubov rules need to know about each player before a round is paired: who is to be
//! paired (GHR 2–3), pairing score (C.04.7 1.5), colour preference (1.6, with 1.6.4: no game
//! yet is a mild preference for Black), ARO (1.7), upfloats (1.8, C8–C10), PAB eligibility
//! (C2, Basic Rule 4) and the TPN.
//!
//! The pieces that every FIDE Swiss system shares (who is paired, played-colour history,
//! colour difference, PAB eligibility, scores with acceleration, floats) come from
//! [`crate::swiss`]; what is here is Dubov's own.
//!
//! ```
//! use pairing::dubov::state::{aro, dubov_preference};
//! use pairing::swiss::colour::Preference;
//! use tournament::Color::{Black, White};
//!
//! // 1.7.1: opponents 1800 and 1901 give 3701 / 2 = 1850.5, rounded up to 1851.
//! assert_eq!(aro(&[1800, 1901]), 1851);
//! // 1.6.4: no game played yet is a mild preference for Black.
//! assert_eq!(dubov_preference(&[]), (Black, Preference::Mild));
//! // 1.6.1: Black twice in a row is an absolute preference for White.
//! assert_eq!(dubov_preference(&[White, Black, Black]), (White, Preference::Absolute));
//! ```

use tournament::{Color, PlayerId, Tournament};

use crate::swiss::colour::{colour_state, Preference};
use crate::swiss::history::{entry_of, Field, Float};
use crate::swiss::roster::pairing_number_order;
use crate::PairingError;

/// One player to be paired in the round.
#[derive(Debug, Clone)]
pub struct Player {
    pub id: PlayerId,
    /// Index in `Tournament::players`.
    pub index: usize,
    /// The TPN (GHR Art. 2): 1 for the first player by pairing number.
    pub tpn: u32,
    /// Pairing score in tenths: points plus this round's virtual points (C.04.7 1.5).
    pub score: i32,
    /// Colours of the games played, oldest first (GHR 3.4: unplayed rounds left out).
    pub colours: Vec<Color>,
    /// The colour preference (1.6); every player has one in Dubov (1.6.4).
    pub preference: Color,
    pub strength: Preference,
    /// 1.7: average rating of the opponents met over the board, 0 before the first game.
    pub aro: u32,
    /// C2: may receive the PAB.
    pub bye_eligible: bool,
    /// Games played over the board (3.1.4).
    pub games: u32,
    /// 1.8: how many times the player was upfloated before this round.
    pub upfloats: u32,
    /// C10: upfloated in the previous round.
    pub upfloated_last: bool,
}

impl Player {
    pub fn absolute(&self) -> bool {
        self.strength == Preference::Absolute
    }

    /// The player ranks above `other` (5.2.1: more points, or the smaller TPN on equal points).
    pub fn ranks_above(&self, other: &Player) -> bool {
        (self.score, std::cmp::Reverse(self.tpn)) > (other.score, std::cmp::Reverse(other.tpn))
    }
}

/// 1.6 on the played colours (oldest first): the preferred colour and its strength; a player
/// without games has a mild preference for Black (1.6.4).
pub fn dubov_preference(colours: &[Color]) -> (Color, Preference) {
    let s = colour_state(colours);
    match s.preference {
        Some(c) => (c, s.kind()),
        None => (Color::Black, Preference::Mild),
    }
}

/// 1.7.1: the mean of the ratings, rounded to the nearest integer, .5 upwards; 0 without any
/// (1.7.3).
pub fn aro(ratings: &[u32]) -> u32 {
    if ratings.is_empty() {
        return 0;
    }
    let sum: u64 = ratings.iter().map(|&r| u64::from(r)).sum();
    let n = ratings.len() as u64;
    ((2 * sum + n) / (2 * n)) as u32
}

/// 1.8.2: MaxT = 2 + ⌊Rnds / 5⌋.
pub fn max_upfloats(total_rounds: u32) -> u32 {
    2 + total_rounds / 5
}

/// Who is paired this round and with which TPN.
#[derive(Debug)]
pub struct Roster {
    /// Player indices to be paired.
    pub paired: Vec<usize>,
    /// TPN per player index.
    pub tpn: Vec<u32>,
    /// A pairing-allocated bye fixed by the arbiter (`240 U`, our extension).
    pub fixed_bye: Option<usize>,
}

/// GHR 3.2–3.3 and 2.4: everybody not withdrawn, not announced absent (`240`, or an entry
/// already written in the round's column) is paired. TPNs follow the pairing numbers (or the
/// line order under `XXC rank`).
pub fn roster(t: &Tournament, round: u32) -> Result<Roster, PairingError> {
    let round_roster = crate::swiss::roster::roster(t, round)?;
    let mut tpn = vec![0; t.players.len()];
    for (k, i) in pairing_number_order(t).into_iter().enumerate() {
        tpn[i] = k as u32 + 1;
    }
    Ok(Roster {
        paired: round_roster.paired,
        tpn,
        fixed_bye: round_roster.fixed_bye,
    })
}

/// The initial colour (5.2.1): the file's, or the one implied by round 1, where the higher
/// ranked player of each board got it when their TPN was odd.
pub fn initial_colour(t: &Tournament, tpn: &[u32]) -> Option<Color> {
    if let Some(c) = t.header.initial_color {
        return Some(c);
    }
    let mut order: Vec<usize> = (0..t.players.len()).collect();
    order.sort_by_key(|&i| tpn[i]);
    order.into_iter().find_map(|i| {
        let e = entry_of(&t.players[i], 1);
        let (c, o) = (e.color()?, e.opponent()?);
        let oi = t.players.iter().position(|p| p.id == o)?;
        // In round 1 everybody has 0 points: the smaller TPN is the higher ranked player.
        (tpn[i] < tpn[oi]).then_some(if tpn[i] % 2 == 1 { c } else { c.opposite() })
    })
}

/// The upfloats of a player before the round (1.8): rounds in which they played a game against
/// an opponent whose pairing score before that round was higher (an upward float; byes and
/// forfeits never are). Returns the count and whether the previous round was one.
pub fn upfloats(field: &Field, player: usize) -> (u32, bool) {
    let up = |back| field.float(player, back) == Float::Up;
    let count = (1..=field.played_rounds).filter(|&back| up(back)).count() as u32;
    (count, field.played_rounds >= 1 && up(1))
}

/// The ratings of the opponents met over the board before `round` (unrated as 0).
pub fn opponent_ratings(field: &Field, player: usize) -> Vec<u32> {
    let t = field.tournament;
    field
        .played_opponents(player)
        .into_iter()
        .filter_map(|o| field.index_of(o))
        .map(|oi| u32::from(t.players[oi].rating.unwrap_or(0)))
        .collect()
}
