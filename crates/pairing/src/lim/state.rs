//! What the Lim rules need to know about each participant before a round is paired: the pieces
//! the Swiss systems share (C.04.1 Basic Rules, C.04.2 General Handling Rules: who is to be
//! paired, pairing score with C.04.7 virtual points, colour history from played games (GHR 3.4),
//! PAB eligibility (BR 4), meetings (GHR 3.5), floats) come from [`crate::swiss`]; here are
//! Lim's own colour facts: the colour limits (5.1), the due colour (5.5–5.6) and compatibility
//! (2.1).
//!
//! ```
//! use pairing::lim::state::{due_colour, may_receive};
//! use tournament::Color::{Black, White};
//!
//! // W W: a third White in a row is never given (5.1.1).
//! assert!(!may_receive(&[White, White], White));
//! // W B W W: already two more Whites: a third more is never given (5.1.2).
//! assert!(!may_receive(&[White, Black, White, White], White));
//! // After an even number of games the colours are equalised (5.6) …
//! assert_eq!(due_colour(&[White, White, Black, White]), Some(Black));
//! // … after an odd number the colour alternates (5.5).
//! assert_eq!(due_colour(&[White, White, Black]), Some(White));
//! ```

use tournament::{Color, PlayerId, Tournament};

use crate::swiss::compat::allowed_pairs;
use crate::swiss::history::{Field, Float};
use crate::swiss::roster::{pairing_number_order, roster, total_rounds};
use crate::PairingError;

/// One participant of the round being paired.
#[derive(Debug, Clone)]
pub struct Participant {
    pub id: PlayerId,
    /// Index of the player in `Tournament::players`.
    pub player_index: usize,
    /// Position in the pairing-number order (GHR 2), 0-based: 0 is #1, the "highest numbered"
    /// player in Lim's words.
    pub rank: u32,
    /// Pairing score in tenths: points plus the round's virtual points (C.04.7 1.5).
    pub score: i32,
    /// Colours of the games actually played, oldest first (GHR 3.4).
    pub colours: Vec<Color>,
    /// BR 4: may receive the pairing-allocated bye.
    pub bye_eligible: bool,
    /// 3.10: floated in the previous round (a game against a different pairing score, or an
    /// unplayed round worth more than a loss).
    pub floated_last_round: bool,
    /// Rating for 3.2.3, 3.8, 5.7 and 7.1 (unrated counts as 0).
    pub rating: u16,
}

/// The due colour (Art. 5): after an even number of played games the colour that equalises
/// them when they are unequal (5.6), otherwise the colour that alternates with the last game
/// (5.5). `None` before any game.
pub fn due_colour(colours: &[Color]) -> Option<Color> {
    let last = *colours.last()?;
    let whites = colours.iter().filter(|&&c| c == Color::White).count();
    let blacks = colours.len() - whites;
    if colours.len().is_multiple_of(2) && whites != blacks {
        Some(if whites > blacks {
            Color::Black
        } else {
            Color::White
        })
    } else {
        Some(last.opposite())
    }
}

/// 5.1: `colour` would be neither a third one in a row (5.1.1) nor a third more of one colour
/// than the other (5.1.2).
pub fn may_receive(colours: &[Color], colour: Color) -> bool {
    let n = colours.len();
    let third_in_a_row = n >= 2 && colours[n - 1] == colour && colours[n - 2] == colour;
    let whites = colours.iter().filter(|&&c| c == Color::White).count() as i32;
    let difference = 2 * whites - n as i32 + if colour == Color::White { 1 } else { -1 };
    !third_in_a_row && difference.abs() < 3
}

/// The colour limits (5.1) leave the pair some allocation: `a` White and `b` Black, or the
/// reverse.
pub fn colours_allow(a: &[Color], b: &[Color]) -> bool {
    (may_receive(a, Color::White) && may_receive(b, Color::Black))
        || (may_receive(a, Color::Black) && may_receive(b, Color::White))
}

/// The participants of a round, in pairing-number order, with the meetings and the
/// compatibility of every two of them (2.1).
#[derive(Debug)]
pub struct Round {
    pub parts: Vec<Participant>,
    /// `compatible[a]` holds a bit per participant (2.1, and Art. 6 in the last round).
    pub compatible: Vec<Vec<u64>>,
    /// Rounds already played; the round being paired is `played_rounds + 1`.
    pub played_rounds: u32,
    /// Twice the median score in tenths: rounds played × the points of a win (2.2).
    pub median_twice: i64,
    /// A pairing-allocated bye fixed by the arbiter (`240 U`), as an index into `parts`.
    pub fixed_bye: Option<usize>,
}

impl Round {
    pub fn is_compatible(&self, a: usize, b: usize) -> bool {
        self.compatible[a][b / 64] >> (b % 64) & 1 == 1
    }
}

/// Collects the participants of `round` (1-based): everybody not withdrawn earlier whose entry
/// in this round, if any, took part in the pairing; a requested bye (`240`) keeps a player out.
pub fn round_of(t: &Tournament, round: u32) -> Result<Round, PairingError> {
    let total_rounds = total_rounds(t, round)?;
    let played_rounds = round - 1;
    let field = Field::new(t, played_rounds, &|_, _| 0);
    let roster = roster(t, round)?;
    let mut parts = Vec::new();
    let mut fixed_bye = None;
    for (rank, i) in pairing_number_order(t).into_iter().enumerate() {
        if roster.fixed_bye == Some(i) {
            fixed_bye = Some(parts.len());
        } else if roster.absent[i] {
            continue;
        }
        let p = &t.players[i];
        parts.push(Participant {
            id: p.id,
            player_index: i,
            rank: rank as u32,
            score: field.plain_score(i) + t.acceleration(p.id, round).tenths(),
            colours: field.colours(i),
            bye_eligible: field.bye_eligible(i),
            floated_last_round: played_rounds >= 1 && field.float(i, 1) != Float::None,
            rating: p.rating.unwrap_or(0),
        });
    }
    // 2.1 (C.04.1 Art. 2, GHR 3.5, forbidden pairs) with the colour limits (5.1), which in the
    // last round yield to pairing equal scores (Article 6).
    let last_round = round == total_rounds;
    let indices: Vec<usize> = parts.iter().map(|p| p.player_index).collect();
    // `colours_allow` per pair, from each player's two answers computed once: on fields of
    // thousands the pairs are tens of millions.
    let may: Vec<(bool, bool)> = parts
        .iter()
        .map(|p| {
            (
                may_receive(&p.colours, Color::White),
                may_receive(&p.colours, Color::Black),
            )
        })
        .collect();
    let allowed = allowed_pairs(&field, &indices, |a, b| {
        let ((a_white, a_black), (b_white, b_black)) = (may[a], may[b]);
        last_round || (a_white && b_black) || (a_black && b_white)
    });
    let n = parts.len();
    let words = n.div_ceil(64).max(1);
    let mut compatible = vec![vec![0u64; words]; n];
    for (a, row) in compatible.iter_mut().enumerate() {
        for b in (0..n).filter(|&b| allowed.allowed(a, b)) {
            row[b / 64] |= 1 << (b % 64);
        }
    }
    Ok(Round {
        parts,
        compatible,
        played_rounds,
        median_twice: i64::from(played_rounds) * i64::from(t.point_system.win.tenths()),
        fixed_bye,
    })
}
