//! Who is to be paired in a round, and the initial colour.
//!
//! A player is paired unless withdrawn in an earlier round (C.04.2 Art. 3.2), absent by an
//! entry already written in the round's column (a requested bye, a known absence: C.04.2
//! Art. 3.3, or the rounds before a late entry, Art. 2.4), or named in a `240` record for the
//! round. Our `240 U` extension fixes the pairing-allocated bye: that player is neither paired
//! nor absent.
//!
//! ```
//! use pairing::swiss::roster::roster;
//! use tournament::{Entry, Player, PlayerId, Tournament};
//!
//! let mut t = Tournament::default();
//! t.players = vec![
//!     Player { id: PlayerId(1), ..Player::default() },
//!     Player { id: PlayerId(2), rounds: vec![Entry::Withdrawn], ..Player::default() },
//!     Player { id: PlayerId(3), rounds: vec![Entry::NotPaired, Entry::HalfBye], ..Player::default() },
//! ];
//! let r = roster(&t, 2).unwrap();
//! assert_eq!(r.paired, vec![0]);
//! assert_eq!(r.absent, vec![false, true, true]);
//! ```

use tournament::{ByeKind, Color, Entry, PlayerId, Tournament};

use super::history::entry_of;
use crate::request::took_part;
use crate::PairingError;

/// The players of one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Roster {
    /// Player indices to be paired, in file order.
    pub paired: Vec<usize>,
    /// Per player index: not paired this round (withdrawn, absent, announced bye).
    pub absent: Vec<bool>,
    /// A pairing-allocated bye fixed by the arbiter (`240 U`).
    pub fixed_bye: Option<usize>,
}

/// The tournament's number of rounds (`XXR`, `142`), with `round` one of them: the request
/// of every individual system is refused without it.
pub fn total_rounds(t: &Tournament, round: u32) -> Result<u32, PairingError> {
    let total = t.header.rounds.ok_or_else(|| {
        PairingError::InvalidRequest(
            "the total number of rounds is missing (XXR or 142 record)".to_string(),
        )
    })?;
    if round == 0 || round > total {
        return Err(PairingError::InvalidRequest(format!(
            "round {round} is outside the tournament's {total} round{}",
            if total == 1 { "" } else { "s" }
        )));
    }
    Ok(total)
}

/// The error of a request that needs the initial colour when the file does not give it.
pub fn missing_initial_colour() -> PairingError {
    PairingError::InvalidRequest(
        "the initial colour is missing (XXC white1/black1 or 152 record)".to_string(),
    )
}

/// The length of a player's record, trailing blank entries not counted (the engines treat a
/// blank block at the end of a line as no entry).
pub fn record_len(p: &tournament::Player) -> u32 {
    p.rounds
        .iter()
        .rposition(|e| *e != Entry::NotPaired)
        .map_or(0, |i| i as u32 + 1)
}

/// The kind of bye a `240` record announces for the player in the round.
pub fn announced_bye(t: &Tournament, id: PlayerId, round: u32) -> Option<ByeKind> {
    t.announced_byes
        .iter()
        .find(|b| b.round == round && b.players.contains(&id))
        .map(|b| b.kind)
}

/// Who is paired in round `round` (1-based). Two fixed pairing-allocated byes in one round are
/// an invalid request.
pub fn roster(t: &Tournament, round: u32) -> Result<Roster, PairingError> {
    let mut paired = Vec::new();
    let mut absent = vec![false; t.players.len()];
    let mut fixed_bye = None;
    for (i, p) in t.players.iter().enumerate() {
        let withdrawn = (1..round).any(|r| matches!(p.entry(r), Some(Entry::Withdrawn)));
        let entry_here = if round <= record_len(p) {
            p.entry(round)
        } else {
            None
        };
        let takes_part = match entry_here {
            Some(e) => took_part(e),
            None => true,
        };
        match announced_bye(t, p.id, round) {
            Some(ByeKind::PairingAllocated) if takes_part && !withdrawn => {
                if fixed_bye.is_some() {
                    return Err(PairingError::InvalidRequest(format!(
                        "more than one pairing-allocated bye is fixed for round {round}"
                    )));
                }
                fixed_bye = Some(i);
                continue;
            }
            Some(_) => {
                absent[i] = true;
                continue;
            }
            None => {}
        }
        if takes_part && !withdrawn {
            paired.push(i);
        } else {
            absent[i] = true;
        }
    }
    Ok(Roster {
        paired,
        absent,
        fixed_bye,
    })
}

/// The players in pairing-number order: by TPN, or by the order of the lines when the file
/// says so (`XXC rank`).
pub fn pairing_number_order(t: &Tournament) -> Vec<usize> {
    let mut order: Vec<usize> = (0..t.players.len()).collect();
    if !t.header.pair_by_line_order {
        order.sort_by_key(|&i| t.players[i].id);
    }
    order
}

/// The colour the top player had in round 1: the file's (`152`, `XXC white1|black1`), or,
/// when it does not say, inferred from the first round with colours as the reference engine
/// does (the first numbered player with a colour, the colour flipped for an odd position).
pub fn initial_colour(t: &Tournament, round: u32) -> Option<Color> {
    if let Some(c) = t.header.initial_color {
        return Some(c);
    }
    let first = (1..round).find(|&r| t.players.iter().any(|p| entry_of(p, r).color().is_some()))?;
    let mut number = 0u32;
    for i in pairing_number_order(t) {
        let p = &t.players[i];
        if (1..=first).any(|r| took_part(&entry_of(p, r))) {
            if let Some(c) = entry_of(p, first).color() {
                return Some(if number % 2 == 1 { c.opposite() } else { c });
            }
            number += 1;
        }
    }
    None
}
