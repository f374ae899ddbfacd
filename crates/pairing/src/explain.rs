//! Why a Burstein, Dubov, Lim or Double-Swiss round was paired as it was: per player, how they float, which
//! rule of the system's colour article gave their colour, and which rule of its bye article
//! gave them the pairing-allocated bye, each with the article number of that system's text.
//! (The Dutch engine has its own, finer explanation: [`crate::dutch::explain`].)
//!
//! The engines fill these records; wording them is the caller's business.
//!
//! ```
//! use pairing::dubov::{explain, DubovOptions};
//! use pairing::explain::ColourReason;
//! use tournament::{Color, Header, Player, PlayerId, Tournament};
//!
//! let players = (1..=4).map(|i| Player { id: PlayerId(i), ..Player::default() }).collect();
//! let t = Tournament {
//!     header: Header { rounds: Some(5), initial_color: Some(Color::White), ..Header::default() },
//!     players,
//!     ..Tournament::default()
//! };
//! let e = explain(&t, 1, &DubovOptions::default()).unwrap();
//! // Nobody has played yet: the initial colour and the TPN's parity decide (Dubov 5.2.1).
//! assert_eq!(e.players[0].colour_by, Some((ColourReason::Initial, "5.2.1")));
//! ```

use std::cmp::Ordering;

use tournament::{Color, PlayerId, Points};

pub use crate::dutch::explain::FloatKind;
use crate::Pairing;

/// The rule of a colour article that decided a pair's colours, in the order the texts share.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ColourReason {
    /// Neither player had played: the colour drawn before round 1 and the higher ranked
    /// player's TPN parity.
    Initial,
    /// Only one allocation keeps both players within the colour limits (Lim 5.1, 5.3).
    Limits,
    /// Both players' preferences (due colours) could be granted.
    BothPreferences,
    /// White to the player who had fewer Whites (Double-Swiss 4.3.2: a count of matches).
    FewerWhites,
    /// The stronger preference was granted.
    StrongerPreference,
    /// Alternation from the latest round in which the two had different colours.
    History,
    /// The preference of the player the article names (the higher ranked one; in Lim below the
    /// median, the lower ranked one).
    Ranking,
}

/// The rule of a bye article that gave a player the pairing-allocated bye.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ByeReason {
    /// The only player allowed a PAB (C2 / Basic Rule 4).
    OnlyEligible,
    /// The players ahead of them in the bye order would have left the others without a legal
    /// pairing.
    LeavesPairing,
    /// The lowest score among the players allowed one.
    LowestScore,
    /// On the lowest score, the most games played.
    MostGames,
    /// In round 1, the lowest rating (Lim 7.1).
    LowestRating,
    /// The lowest ranking (Index, rank or TPN, as the system says).
    LowestRank,
    /// Fixed by the arbiter (`240 U`).
    Fixed,
}

/// One player's part in the round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerExplanation {
    pub id: PlayerId,
    /// Pairing score (points plus acceleration).
    pub pairing_score: Points,
    /// `None` for the PAB receiver.
    pub opponent: Option<PlayerId>,
    pub opponent_score: Option<Points>,
    pub colour: Option<Color>,
    pub float: FloatKind,
    /// The system's article on who floats (`3.2.2`).
    pub float_article: &'static str,
    /// The colour rule that decided, with its article (`5.2.3`).
    pub colour_by: Option<(ColourReason, &'static str)>,
    /// For the PAB receiver: the rule that chose them, with its article (`3.1.3`).
    pub bye_by: Option<(ByeReason, &'static str)>,
}

/// The explanation of one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    pub round: u32,
    /// The pairing itself, identical to the engine's.
    pub pairing: Pairing,
    /// Players by pairing score, then pairing number.
    pub players: Vec<PlayerExplanation>,
}

/// A player of the round as the explanation needs them.
pub(crate) struct Paired {
    pub id: PlayerId,
    /// Pairing score in tenths.
    pub score: i32,
    pub tpn: u32,
}

/// Builds the explanation from the engine's pairing: `colour_by` gives the rule behind each
/// board's colours (by the board's white player), `bye_by` the PAB's.
pub(crate) fn assemble(
    round: u32,
    pairing: Pairing,
    players: &[Paired],
    float_article: &'static str,
    colour_by: &dyn Fn(PlayerId) -> Option<(ColourReason, &'static str)>,
    bye_by: Option<(ByeReason, &'static str)>,
) -> Explanation {
    let score = |id: PlayerId| {
        players
            .iter()
            .find(|p| p.id == id)
            .map(|p| Points::from_tenths(p.score))
    };
    let mut order: Vec<&Paired> = players.iter().collect();
    order.sort_by_key(|p| (std::cmp::Reverse(p.score), p.tpn));
    let players = order
        .into_iter()
        .map(|p| {
            let board = pairing
                .boards
                .iter()
                .find(|b| b.white == p.id || b.black == p.id);
            let (opponent, colour) = match board {
                Some(b) if b.white == p.id => (Some(b.black), Some(Color::White)),
                Some(b) => (Some(b.white), Some(Color::Black)),
                None => (None, None),
            };
            let mine = Points::from_tenths(p.score);
            let opponent_score = opponent.and_then(score);
            let float = match (opponent, opponent_score) {
                (None, _) => FloatKind::Bye,
                (Some(_), Some(o)) if mine > o => FloatKind::Down,
                (Some(_), Some(o)) if mine < o => FloatKind::Up,
                _ => FloatKind::None,
            };
            PlayerExplanation {
                id: p.id,
                pairing_score: mine,
                opponent,
                opponent_score,
                colour,
                float,
                float_article,
                colour_by: board.and_then(|b| colour_by(b.white)),
                bye_by: (pairing.bye == Some(p.id)).then_some(bye_by).flatten(),
            }
        })
        .collect();
    Explanation {
        round,
        pairing,
        players,
    }
}

/// One tie-break of a bye article: its reason, its article, and its comparison of two candidates
/// (`Less`: the first is the better receiver).
pub(crate) type ByeTieBreak<'a> = (
    ByeReason,
    &'static str,
    &'a dyn Fn(usize, usize) -> Ordering,
);

/// The rule of a bye article that picked `receiver` among `candidates` (the players allowed a
/// PAB, best first by the article's order). `order` holds the article's tie-breaks after the
/// legality test, each with its reason, article and comparison (`Less`: the first is the better
/// receiver). `legal` is the article requiring a legal pairing of the others, `eligible` the
/// one on who may receive a PAB.
pub(crate) fn bye_reason(
    receiver: usize,
    candidates: &[usize],
    eligible: &'static str,
    legal: &'static str,
    order: &[ByeTieBreak],
) -> (ByeReason, &'static str) {
    match candidates.iter().position(|&c| c == receiver) {
        Some(0) => {}
        Some(_) => return (ByeReason::LeavesPairing, legal),
        None => return (ByeReason::Fixed, eligible),
    }
    let Some(&next) = candidates.get(1) else {
        return (ByeReason::OnlyEligible, eligible);
    };
    order
        .iter()
        .find(|(_, _, cmp)| cmp(receiver, next) != Ordering::Equal)
        .or(order.last())
        .map(|&(reason, article, _)| (reason, article))
        .unwrap_or((ByeReason::OnlyEligible, eligible))
}

/// Burstein's and Dubov's Art. 3.1, worded alike: who may receive a PAB (3.1.1), a legal
/// pairing of the others (3.1.2), the lowest score (3.1.3), the most games played (3.1.4), the
/// lowest ranking (3.1.5; `lower(a, b)` is `Less` when `a` ranks lower than `b`).
pub(crate) fn bye_reason_art_3_1(
    receiver: usize,
    candidates: &[usize],
    score: &dyn Fn(usize) -> i32,
    games: &dyn Fn(usize) -> u32,
    lower: &dyn Fn(usize, usize) -> Ordering,
) -> (ByeReason, &'static str) {
    let by_score = |a: usize, b: usize| score(a).cmp(&score(b));
    let by_games = |a: usize, b: usize| games(b).cmp(&games(a));
    let order: [ByeTieBreak; 3] = [
        (ByeReason::LowestScore, "3.1.3", &by_score),
        (ByeReason::MostGames, "3.1.4", &by_games),
        (ByeReason::LowestRank, "3.1.5", lower),
    ];
    bye_reason(receiver, candidates, "3.1.1", "3.1.2", &order)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_tie_break_that_separates_the_receiver_from_the_next_candidate_decides() {
        let scores = [10, 10, 0];
        let games = [3, 2, 3];
        let by_score = |a: usize, b: usize| scores[a].cmp(&scores[b]);
        let by_games = |a: usize, b: usize| games[b].cmp(&games[a]);
        let order: [ByeTieBreak; 2] = [
            (ByeReason::LowestScore, "3.1.3", &by_score),
            (ByeReason::MostGames, "3.1.4", &by_games),
        ];
        let reason = |receiver, candidates: &[usize]| {
            bye_reason(receiver, candidates, "3.1.1", "3.1.2", &order)
        };
        assert_eq!(reason(2, &[2, 0, 1]), (ByeReason::LowestScore, "3.1.3"));
        assert_eq!(reason(0, &[0, 1]), (ByeReason::MostGames, "3.1.4"));
        assert_eq!(reason(1, &[0, 1]), (ByeReason::LeavesPairing, "3.1.2"));
        assert_eq!(reason(1, &[1]), (ByeReason::OnlyEligible, "3.1.1"));
        assert_eq!(reason(1, &[0]), (ByeReason::Fixed, "3.1.1"));
    }
}
