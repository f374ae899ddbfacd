//! The Lim system (C.04.4.3, rules applied from 1 February 2026).
//!
//! [`pair`] pairs one round: the PAB first (Art. 1.1, 7.1), then the scoregroups in the text's
//! order (2.2: from the top down to just above the Median Scoregroup, from the bottom up to just
//! below it, the Median Scoregroup last and downward), each passing its floaters on towards the
//! median (2.3, Art. 3), each paired by scrutiny and exchanges (Art. 4); a Median Scoregroup that
//! cannot be paired cracks the pairings of its neighbours (2.6). Colours follow Art. 5 and 7.2,
//! boards GHR 3.6.
//!
//! Lim is procedural: every choice is "the first in a given order". Where the text leaves
//! room, this engine reads it as follows (the crate README lists the readings):
//! - **Compatibility (2.1)** also excludes forbidden pairs (`XXP`, `260`); a meeting is a game
//!   played over the board (GHR 3.5). In the last round Article 6 puts Basic Rule 5 before the
//!   colour rules: only meetings count there.
//! - **Median (2.2)**: rounds played × the points of a win ÷ 2, compared with pairing scores
//!   (points plus C.04.7 virtual points). With no player at that score the Median Scoregroup
//!   holds only the floaters of both sides.
//! - **Floaters (2.3, Art. 3)**: a scoregroup keeps as many pairings as it can have (3.10.2), so
//!   exactly as many players float as a maximum matching leaves over. They are chosen one at a
//!   time, the first in this order whose transfer keeps that many pairings: floater type d, c,
//!   b, a (3.9; "compatible opponent in the adjacent group" among that group's residents); not
//!   floated the round before (3.10, a game against a different pairing score or an unplayed
//!   round worth more than a loss); due the colour more of the group are due (3.2.2; in a
//!   Maxi-tournament only within 100 rating points of the lowest numbered player, 3.2.3); the
//!   lowest numbered in the direction of pairing (3.2.4, 3.3). "Highest numbered" is #1
//!   throughout (4.2).
//! - **Pairing a scoregroup (3.6–3.8, Art. 4)**: the incoming floaters first (downward: the
//!   highest score, then the highest numbered, first; upward the mirror), each taking among the
//!   others in the group's order; then the first player of the list (the top when pairing
//!   downward, the bottom when pairing upward) tries the bottom half in order and then the top
//!   half from its bottom upwards (4.2, the six-player tables extended), and the rest is
//!   proposed again (4.3). Each takes the first *available* opponent (compatible, and the rest
//!   can still all be paired: 4.4) due the other colour (5.2, 3.8; in a Maxi-tournament only
//!   within 100 points of the first available, 5.7), else the first available.
//! - **Cracking (2.6)**: the last pairing made on the lower side when more floaters came from
//!   above than from below, otherwise on the higher side (the other side when that one has
//!   none left); both players join the median as floaters from that side.
//! - **PAB (1.1, 7.1)**: among players allowed one (BR 4), the lowest score then the lowest rank
//!   (round 1: the lowest rating, then the lowest rank), the first whose bye leaves the others
//!   pairable.
//! - **Due colour (5.5, 5.6)**: on the player's own played games: after an even number the
//!   equalising colour if they are unequal, otherwise the colour alternating with the last game.
//! - **Board order (GHR 3.6)**: by pairing scores (C.04.7 1.5), the PAB last.
//!
//! ```
//! use pairing::lim::{pair, LimOptions};
//! use tournament::{Color, Header, Player, PlayerId, Tournament};
//!
//! let players = (1..=6)
//!     .map(|i| Player { id: PlayerId(i), ..Player::default() })
//!     .collect();
//! let t = Tournament {
//!     header: Header { rounds: Some(5), initial_color: Some(Color::White), ..Header::default() },
//!     players,
//!     ..Tournament::default()
//! };
//! let p = pair(&t, 1, &LimOptions::default()).unwrap();
//! // 7.2: top half against bottom half, #1 White, the even-numbered of the top half Black.
//! let boards: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.white.0, b.black.0)).collect();
//! assert_eq!(boards, vec![(1, 4), (5, 2), (3, 6)]);
//! ```

pub mod checklist;
pub mod colours;
pub mod matching;
pub mod procedure;
pub mod state;

use tournament::{Color, Tournament};

pub use checklist::checklist;

use crate::explain::{
    assemble, by_scoregroup, bye_reason, either_floats, passed_over, refusal, ByeReason,
    ByeTieBreak, Explanation, FirstCandidate, Judge, Paired, PassArticles,
};
use crate::swiss::board_order::board_key;
use crate::{Board, Pairing, PairingError};

/// Options of the Lim engine beyond what the tournament file says.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LimOptions {
    /// The organiser declared a Maxi-tournament: the colour-based choices of floaters and
    /// exchanges are limited to players rated within 100 points (3.2.3, 3.8, 5.7). The text
    /// never defines the term, so it is never inferred.
    pub maxi_tournament: bool,
}

/// Pairs round `round` (1-based) of `tournament` by the Lim system.
pub fn pair(
    tournament: &Tournament,
    round: u32,
    options: &LimOptions,
) -> Result<Pairing, PairingError> {
    let prepared = state::round_of(tournament, round)?;
    Ok(pair_prepared(tournament, &prepared, round, options)?.pairing)
}

/// The colour rule that gave each White player their colour: (White, (reason, article)).
type ColourRules = Vec<(
    tournament::PlayerId,
    (crate::explain::ColourReason, &'static str),
)>;

/// A round paired: the pairing, the colour rule of each board and the procedure's outcome.
struct PairedRound {
    pairing: Pairing,
    rules: ColourRules,
    outcome: procedure::Outcome,
}

/// Runs the procedure on a prepared round and allocates colours and boards. The explanation
/// ([`explain`]) is not computed here: it asks, for every player, whether each passed-over
/// opponent could have completed the round, which costs far more than the pairing on large
/// fields.
fn pair_prepared(
    tournament: &Tournament,
    prepared: &state::Round,
    round: u32,
    options: &LimOptions,
) -> Result<PairedRound, PairingError> {
    let outcome = procedure::run(prepared, options)
        .map_err(|procedure::Stop::NoValidPairing| PairingError::NoValidPairing { round })?;
    let parts = &prepared.parts;
    let mut initial = None;
    let mut boards = Vec::with_capacity(outcome.pairs.len());
    let mut rules = Vec::with_capacity(outcome.pairs.len());
    for made in &outcome.pairs {
        let (a, b) = (&parts[made.a], &parts[made.b]);
        if a.colours.is_empty() && b.colours.is_empty() && initial.is_none() {
            initial = Some(initial_colour(tournament)?);
        }
        let (colour, reason, article) =
            colours::colour_rule(a, b, made.median_or_above, initial.unwrap_or(Color::White));
        let (white, black) = if colour == Color::White {
            (a.id, b.id)
        } else {
            (b.id, a.id)
        };
        rules.push((white, (reason, article)));
        let key = board_key((a.score, a.rank), (b.score, b.rank));
        boards.push((key, Board { white, black }));
    }
    boards.sort_by_key(|(k, _)| *k);
    let pairing = Pairing {
        boards: boards.into_iter().map(|(_, b)| b).collect(),
        bye: outcome.bye.map(|i| parts[i].id),
    };
    Ok(PairedRound {
        pairing,
        rules,
        outcome,
    })
}

/// Pairs round `round` as [`pair`] does and says, per player, what decided their float, colour
/// and bye (Art. 1.1, 7.1, 2.3, 5 and 7.2).
pub fn explain(
    tournament: &Tournament,
    round: u32,
    options: &LimOptions,
) -> Result<Explanation, PairingError> {
    let prepared = state::round_of(tournament, round)?;
    let PairedRound {
        pairing,
        rules,
        outcome,
    } = pair_prepared(tournament, &prepared, round, options)?;
    let parts = &prepared.parts;
    let bye_by = outcome.bye.map(|v| {
        if prepared.fixed_bye == Some(v) {
            return (ByeReason::Fixed, "1.1");
        }
        let by_score = |a: usize, b: usize| parts[a].score.cmp(&parts[b].score);
        let by_rating = |a: usize, b: usize| parts[a].rating.cmp(&parts[b].rating);
        let by_rank = |a: usize, b: usize| parts[b].rank.cmp(&parts[a].rank);
        let first: ByeTieBreak = if prepared.played_rounds == 0 {
            (ByeReason::LowestRating, "7.1", &by_rating)
        } else {
            (ByeReason::LowestScore, "1.1", &by_score)
        };
        let everybody: Vec<usize> = (0..parts.len()).collect();
        let candidates = procedure::bye_order(&prepared, &everybody);
        bye_reason(
            v,
            &candidates,
            "1.1",
            "1.1",
            &[first, (ByeReason::LowestRank, "1.1", &by_rank)],
        )
    });
    let paired: Vec<Paired> = parts
        .iter()
        .map(|p| Paired {
            id: p.id,
            score: p.score,
            tpn: p.rank + 1,
        })
        .collect();
    let colour_by = |white| rules.iter().find(|(w, _)| *w == white).map(|(_, r)| *r);
    // The proposal of 2.4: the top half against the bottom half by number. A group of odd
    // size gives a floater first (2.3.4): the lowest numbered down from above the median, the
    // highest numbered up from below it (3.2.4, 3.3).
    let first = |group: &[usize]| {
        let mut group = group.to_vec();
        group.sort_by_key(|&k| parts[k].rank);
        let below = group
            .first()
            .is_some_and(|&k| 2 * i64::from(parts[k].score) < prepared.median_twice);
        if group.len() % 2 == 1 && below {
            group.remove(0);
        }
        FirstCandidate::Halves.pairs(&group)
    };
    let refused = refusal(tournament, round);
    let expected = by_scoregroup(&paired, &pairing, &first);
    let apart = either_floats(&paired, &pairing);
    let judge = Judge {
        allowed: &|a, b| prepared.is_compatible(a, b),
        blocked: &|a, b| refused(parts[a].player_index, parts[b].player_index),
        apart: &apart,
        articles: PassArticles {
            played: "2.1",
            colours: "5.1",
            completion: "4.4",
            floaters: "2.3",
            order: "4.2",
        },
    };
    let passed = passed_over(&paired, &pairing, &expected, &judge);
    Ok(assemble(
        round, pairing, &paired, "2.3", &colour_by, bye_by, &passed,
    ))
}

/// The colour drawn for #1 (7.2): the file's, or inferred from the first round played.
fn initial_colour(t: &Tournament) -> Result<Color, PairingError> {
    t.header
        .initial_color
        .or_else(|| crate::checker::infer_initial_color(t))
        .ok_or_else(crate::swiss::roster::missing_initial_colour)
}
