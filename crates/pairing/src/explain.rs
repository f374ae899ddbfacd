//! Why a Burstein, Dubov, Lim or Double-Swiss round was paired as it was: per player, how they float, which
//! rule of the system's colour article gave their colour, and which rule of its bye article
//! gave them the pairing-allocated bye, each with the article number of that system's text; and,
//! when a player did not meet the opponent the system's first candidate named, who that was
//! and the rule that passed them over ([`PassedOver`]). The first candidate is taken in the
//! player's scoregroup (Double-Swiss: in their bracket, with the first upfloaters of 3.5 as many
//! as the procedure took); the reasons are tried in the texts' order: the absolute criteria,
//! the completion of the round, the choice of floaters, the order of candidate pairings.
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

use tournament::{Color, PlayerId, Points, Tournament};

pub use crate::dutch::explain::FloatKind;
use crate::swiss::history::Field;
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
    /// The opponent the system's first candidate pairing of the player's scoregroup gave them,
    /// when the player did not meet them: who, and the rule that passed them over.
    pub passed_over: Option<PassedOver>,
}

/// Why a player did not meet the opponent the system's first candidate pairing of their
/// scoregroup names (the fold of Burstein's Art. 4, Dubov's White seekers by ARO against the
/// Black seekers by TPN of 3.2.5, the top half against the bottom half of Lim's 2.4 and
/// Double-Swiss's first pairing identifier, 3.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PassReason {
    /// The two have already played each other (C.04.1 Art. 2, the system's C1).
    AlreadyPlayed,
    /// The arbiter forbade the pair (it weighs as the system's C1).
    Forbidden,
    /// The pair breaks the system's colour limits (both due the same absolute colour; Lim:
    /// no allocation keeps both within 5.1).
    ColourLimits,
    /// With that pair the other players of the round could not all be paired legally.
    NoCompletion,
    /// One of the two was chosen to float, by the system's rules on floaters.
    Floaters,
    /// The system's order of candidate pairings, with its criteria, gave another pairing.
    Order,
}

/// The opponent a player was expected to meet and did not, with the rule that decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PassedOver {
    pub player: PlayerId,
    pub reason: PassReason,
    /// The article of the system's text (`2.1.1`, `3.5`).
    pub article: &'static str,
}

/// The articles of one system for each [`PassReason`].
pub(crate) struct PassArticles {
    pub played: &'static str,
    pub colours: &'static str,
    pub completion: &'static str,
    pub floaters: &'static str,
    pub order: &'static str,
}

/// The first candidate pairing of one scoregroup, the players sorted by the system's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FirstCandidate {
    /// The first against the last, the second against the one before (Burstein 4.3); with an
    /// odd number the middle player floats.
    Fold,
    /// The top half against the bottom half (Lim 2.4, Double-Swiss 3.6); with an odd number
    /// the last player floats.
    Halves,
}

impl FirstCandidate {
    /// The pairs of the first candidate of `sorted` (a scoregroup in the system's order).
    pub(crate) fn pairs(self, sorted: &[usize]) -> Vec<(usize, usize)> {
        let n = sorted.len();
        let half = n / 2;
        match self {
            FirstCandidate::Fold => (0..half).map(|i| (sorted[i], sorted[n - 1 - i])).collect(),
            FirstCandidate::Halves => (0..half).map(|i| (sorted[i], sorted[half + i])).collect(),
        }
    }
}

/// Sorts one scoregroup (positions in the explanation's players) and gives its first candidate's
/// pairs.
pub(crate) type FirstPairs<'a> = dyn Fn(&[usize]) -> Vec<(usize, usize)> + 'a;

/// Each player's expected opponent (by position in `players`): the partner the first candidate
/// of their scoregroup gives them. The scoregroups hold the players who have an opponent in
/// `pairing`, by pairing score; `first` sorts one scoregroup (given as positions) and pairs it.
pub(crate) fn by_scoregroup(
    players: &[Paired],
    pairing: &Pairing,
    first: &FirstPairs,
) -> Vec<Option<usize>> {
    let mates = mates_in(players, pairing);
    let mut expected = vec![None; players.len()];
    let mut scores: Vec<i32> = (0..players.len())
        .filter(|&k| mates[k].is_some())
        .map(|k| players[k].score)
        .collect();
    scores.sort_unstable();
    scores.dedup();
    for score in scores {
        let group: Vec<usize> = (0..players.len())
            .filter(|&k| mates[k].is_some() && players[k].score == score)
            .collect();
        for (a, b) in first(&group) {
            expected[a] = Some(b);
            expected[b] = Some(a);
        }
    }
    expected
}

/// Each player's opponent in `pairing`, by position in `players`.
pub(crate) fn mates_in(players: &[Paired], pairing: &Pairing) -> Vec<Option<usize>> {
    let position: std::collections::HashMap<PlayerId, usize> =
        players.iter().enumerate().map(|(k, p)| (p.id, k)).collect();
    let mut mates = vec![None; players.len()];
    for b in &pairing.boards {
        if let (Some(&w), Some(&k)) = (position.get(&b.white), position.get(&b.black)) {
            mates[w] = Some(k);
            mates[k] = Some(w);
        }
    }
    mates
}

/// How one system judges a pair its first candidate named and the round did not keep.
pub(crate) struct Judge<'a> {
    /// The pairs the absolute criteria allow (positions in `players`).
    pub allowed: &'a dyn Fn(usize, usize) -> bool,
    /// Why a pair the absolute criteria refuse is refused.
    pub blocked: &'a dyn Fn(usize, usize) -> PassReason,
    /// The two were paired in different brackets: the choice of floaters parted them.
    pub apart: &'a dyn Fn(usize, usize) -> bool,
    pub articles: PassArticles,
}

/// For each player (by position in `players`) who did not meet their `expected` opponent (the
/// partner the system's first candidate gives them): who, and why. The reasons are tried in
/// the texts' order: the absolute criteria, the completion of the round, the choice of
/// floaters, and last the order of candidate pairings with its quality criteria.
pub(crate) fn passed_over(
    players: &[Paired],
    pairing: &Pairing,
    expected: &[Option<usize>],
    judge: &Judge,
) -> Vec<Option<PassedOver>> {
    let mates = mates_in(players, pairing);
    let articles = &judge.articles;
    (0..players.len())
        .map(|p| {
            let e = expected[p]?;
            if mates[p]? == e {
                return None;
            }
            let (reason, article) = if !(judge.allowed)(p, e) {
                match (judge.blocked)(p, e) {
                    PassReason::ColourLimits => (PassReason::ColourLimits, articles.colours),
                    reason => (reason, articles.played),
                }
            } else if !completes(p, e, &mates, judge.allowed) {
                (PassReason::NoCompletion, articles.completion)
            } else if (judge.apart)(p, e) {
                (PassReason::Floaters, articles.floaters)
            } else {
                (PassReason::Order, articles.order)
            };
            Some(PassedOver {
                player: players[e].id,
                reason,
                article,
            })
        })
        .collect()
}

/// For the systems whose brackets are explained as scoregroups: one of the two floats (is
/// paired with a different pairing score).
pub(crate) fn either_floats<'a>(
    players: &'a [Paired],
    pairing: &Pairing,
) -> impl Fn(usize, usize) -> bool + 'a {
    let mates = mates_in(players, pairing);
    move |a, b| {
        [a, b]
            .iter()
            .any(|&k| mates[k].is_some_and(|m| players[m].score != players[k].score))
    }
}

/// Why the absolute criteria of an individual Swiss system refuse a pair of players of round
/// `round` (by index in `Tournament::players`): they met over the board (C.04.1 Art. 2, GHR
/// 3.5), or the arbiter forbade it, or else the system's colour limits.
pub(crate) fn refusal(t: &Tournament, round: u32) -> impl Fn(usize, usize) -> PassReason + '_ {
    let field = Field::new(t, round.saturating_sub(1), &|_, _| 0);
    move |a, b| {
        let (x, y) = (t.players[a].id, t.players[b].id);
        if field.played_opponents(a).contains(&y) {
            PassReason::AlreadyPlayed
        } else if t.is_forbidden(x, y, round) {
            PassReason::Forbidden
        } else {
            PassReason::ColourLimits
        }
    }
}

/// Whether the round's other paired players can all still be paired legally once `a` meets
/// `b`: at once when their two opponents may meet, otherwise by a perfect matching.
fn completes(
    a: usize,
    b: usize,
    mates: &[Option<usize>],
    allowed: &dyn Fn(usize, usize) -> bool,
) -> bool {
    let (Some(x), Some(y)) = (mates[a], mates[b]) else {
        return false;
    };
    if x == b || allowed(x, y) {
        return true;
    }
    let rest: Vec<usize> = (0..mates.len())
        .filter(|&k| mates[k].is_some() && k != a && k != b)
        .collect();
    let adjacency: Vec<Vec<usize>> = rest
        .iter()
        .map(|&u| {
            (0..rest.len())
                .filter(|&j| rest[j] != u && allowed(u, rest[j]))
                .collect()
        })
        .collect();
    crate::dubov::graph::has_perfect_matching(&adjacency)
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
/// board's colours (by the board's white player), `bye_by` the PAB's, `passed` the opponent
/// each player (by position in `players`) was expected to meet and did not ([`passed_over`]).
pub(crate) fn assemble(
    round: u32,
    pairing: Pairing,
    players: &[Paired],
    float_article: &'static str,
    colour_by: &dyn Fn(PlayerId) -> Option<(ColourReason, &'static str)>,
    bye_by: Option<(ByeReason, &'static str)>,
    passed: &[Option<PassedOver>],
) -> Explanation {
    let score = |id: PlayerId| {
        players
            .iter()
            .find(|p| p.id == id)
            .map(|p| Points::from_tenths(p.score))
    };
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by_key(|&k| (std::cmp::Reverse(players[k].score), players[k].tpn));
    let explained = order
        .into_iter()
        .map(|k| {
            let p = &players[k];
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
                passed_over: passed.get(k).copied().flatten(),
            }
        })
        .collect();
    Explanation {
        round,
        pairing,
        players: explained,
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
