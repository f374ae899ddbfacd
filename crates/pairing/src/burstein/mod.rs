//! The Burstein system (C.04.4.2, rules applied from 1 February 2026).
//!
//! [`pair`] pairs one round. The first rounds, the seeding rounds (1.6: half the rounds,
//! rounded down, and at most 4), are whole Dutch rounds ([`crate::dutch`]). After them a round
//! goes as Art. 3 says:
//!
//! 1. the players to pair (C.04.2, [`crate::swiss::roster`]) get their Index ([`index`]:
//!    Buchholz, then Sonneborn-Berger, with 1.7.2's own rules for unplayed rounds);
//! 2. with an odd number, the pairing-allocated bye first (3.1, [`bye`]);
//! 3. the brackets from the top score down (3.2, [`brackets`]): a bracket is the outgoing
//!    floaters of the one before plus the next scoregroup, ranked by the Index (1.8); its
//!    pairing is the first in the order of Art. 4 that best meets [C5]–[C8];
//! 4. colours by Art. 5 ([`colours`]) and boards by C.04.2 Art. 3.6.
//!
//! The absolute criteria: no rematch ([C1], games played only), no second PAB ([C2]), no
//! meeting of two players with the same absolute colour preference ([C3]), and the arbiter's
//! forbidden pairs (`XXP`, `260`), which weigh as [C1].
//!
//! # Where the text leaves room, the reading taken
//! - **Seeding rounds** are paired entirely by the Dutch engine (PAB, colours, board order
//!   included), so they are the Dutch pairing of the same file.
//! - **Score** means the pairing score (points plus the round's virtual points, C.04.7 1.5)
//!   for brackets, [C6], [C7], the PAB (3.1.3) and 5.2.1; the Index uses standings points only
//!   (1.7.2 says so).
//! - **TPN** is the pairing number of the file (the line order with `XXC rank`), not the
//!   Dutch engine's renumbering of players who never took part.
//! - **1.7.2's zero-point-bye series** must reach the last round played; every zero-point bye
//!   of that run counts as a draw for the player's opponents. Zero-point byes are requested
//!   ones (`Z`), rounds without an entry, rounds after a withdrawal and `0000 - -` absences.
//!   Rounds before a late entry never matter: they come before the player's first game.
//! - **[C7]** compares the following bracket by its [C5] (pairs), then its [C6] (its floaters'
//!   scores), completion [C4] kept; [C8] and its own [C7] are not part of it (the text says
//!   "[C1] to [C6]").
//! - **5.2.1's "higher ranked"** is by score then TPN, as the article itself defines it;
//!   **5.2.5's** by the Index order of 1.8, as it says.
//! - **Board order** (not in C.04.4.2): C.04.2 Art. 3.6 with pairing scores (C.04.7 1.5): the
//!   higher ranked player's score (score, then TPN), the other player's score, the higher
//!   ranked player's TPN; the PAB last.
//! - **Incoming floaters** are ranked among the residents by the Index alone (1.8 leaves
//!   scores out); [C6] and [C7] still see their scores.
//!
//! ```
//! use pairing::burstein::{pair, seeding_rounds, BursteinOptions};
//! use tournament::{Color, Header, Player, PlayerId, Tournament};
//!
//! assert_eq!(seeding_rounds(9), 4);
//! assert_eq!(seeding_rounds(5), 2);
//! let t = Tournament {
//!     header: Header { rounds: Some(1), initial_color: Some(Color::White), ..Header::default() },
//!     players: (1..=4).map(|i| Player { id: PlayerId(i), ..Player::default() }).collect(),
//!     ..Tournament::default()
//! };
//! // A one-round event has no seeding round: Art. 4's first candidate is the fold 1–4, 2–3.
//! let p = pair(&t, 1, &BursteinOptions::default()).unwrap();
//! let boards: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.white.0, b.black.0)).collect();
//! assert_eq!(boards, vec![(1, 4), (3, 2)]);
//! ```

pub mod brackets;
pub mod bye;
pub mod checklist;
pub mod colours;
pub mod index;

use std::cmp::Ordering;

use tournament::{Color, PlayerId, Tournament};

use crate::dutch::{self, DutchOptions};
use crate::explain::{
    assemble, by_scoregroup, bye_reason_art_3_1, either_floats, passed_over, refusal, Explanation,
    FirstCandidate, Judge, Paired, PassArticles,
};
use crate::swiss::acceleration::{type_code_asks_baku, Baku};
use crate::swiss::board_order;
use crate::swiss::colour::{colour_state, ColourState};
use crate::swiss::compat::{allowed_pairs, Compatibility};
use crate::swiss::history::Field;
use crate::swiss::roster::{
    initial_colour, missing_initial_colour, pairing_number_order, roster, total_rounds,
};
use crate::{Board, Pairing, PairingError};
use brackets::{pair_bracket_dispatch, BracketInput};
use colours::{colour_of, colour_rule, ColourFacts};
use index::{opposition_indices, OppositionIndex};

pub use checklist::checklist;

/// Options of the Burstein engine beyond what the tournament file says.
#[derive(Debug, Clone, Default)]
pub struct BursteinOptions {
    /// Apply Baku acceleration (C.04.7) even when the file's type code does not ask for it.
    pub baku: bool,
}

/// The number of seeding rounds of an event of `total_rounds` rounds (1.6.2): half the
/// rounds, rounded down, or 4, whichever is lower.
pub fn seeding_rounds(total_rounds: u32) -> u32 {
    (total_rounds / 2).min(4)
}

/// One player of the round being paired.
#[derive(Debug, Clone)]
pub struct Participant {
    pub id: PlayerId,
    /// Index in `Tournament::players`.
    pub player_index: usize,
    /// Tournament pairing number, 1-based.
    pub tpn: u32,
    /// Pairing score (tenths): points plus this round's virtual points.
    pub score: i32,
    /// Standings points (tenths).
    pub plain_score: i32,
    pub index: OppositionIndex,
    pub colour: ColourState,
    /// Colours of the games played, oldest first.
    pub colours: Vec<Color>,
    /// [C2]: may receive the PAB.
    pub bye_eligible: bool,
    pub games_played: u32,
}

impl Participant {
    /// 1.8: the Index (higher first), then the TPN.
    pub fn rank_cmp(&self, other: &Participant) -> Ordering {
        self.index
            .rank_cmp(&other.index)
            .then(self.tpn.cmp(&other.tpn))
    }

    fn colour_facts(&self) -> ColourFacts {
        ColourFacts {
            tpn: self.tpn,
            score: self.score,
            index: self.index,
            colours: self.colours.clone(),
        }
    }
}

/// A round after the seeding rounds, ready to pair.
#[derive(Debug)]
pub struct Prepared {
    /// The players to pair, by pairing score (highest first), then by 1.8.
    pub players: Vec<Participant>,
    /// The pairs [C1], [C3] and the forbidden pairs allow, by position in `players`.
    pub compat: Compatibility,
    pub initial: Color,
    /// A pairing-allocated bye fixed by the arbiter (`240 U`).
    pub fixed_bye: Option<PlayerId>,
}

/// True when round `round` is a seeding round, paired by the Dutch system (1.6).
pub fn is_seeding_round(t: &Tournament, round: u32) -> Result<bool, PairingError> {
    Ok(round <= seeding_rounds(total_rounds(t, round)?))
}

/// The options of the Dutch engine that pairs the seeding rounds.
pub fn dutch_options(options: &BursteinOptions) -> DutchOptions {
    DutchOptions {
        baku: options.baku,
        ..DutchOptions::default()
    }
}

/// Pairs round `round` (1-based) of `tournament`.
pub fn pair(
    tournament: &Tournament,
    round: u32,
    options: &BursteinOptions,
) -> Result<Pairing, PairingError> {
    if is_seeding_round(tournament, round)? {
        return dutch::pair(tournament, round, &dutch_options(options));
    }
    let prepared = prepare(tournament, round, options)?;
    let round_pairs = pair_prepared(&prepared, round)?;
    Ok(build_pairing(&prepared, &round_pairs))
}

/// The players of a round after the seeding rounds, with what the criteria need.
pub fn prepare(
    t: &Tournament,
    round: u32,
    options: &BursteinOptions,
) -> Result<Prepared, PairingError> {
    total_rounds(t, round)?;
    let initial = initial_colour(t, round).ok_or_else(missing_initial_colour)?;
    let played_rounds = round - 1;
    let roster = roster(t, round)?;
    let baku = Baku::new(t, options.baku || type_code_asks_baku(t))?;
    let field = Field::new(t, played_rounds, &|i, r| baku.points(i, r));
    let indices = opposition_indices(t, played_rounds);
    let mut tpn = vec![0u32; t.players.len()];
    for (k, i) in pairing_number_order(t).into_iter().enumerate() {
        tpn[i] = k as u32 + 1;
    }
    let mut players: Vec<Participant> = roster
        .paired
        .iter()
        .map(|&i| {
            let colours = field.colours(i);
            Participant {
                id: t.players[i].id,
                player_index: i,
                tpn: tpn[i],
                score: field.pairing_score(i),
                plain_score: field.plain_score(i),
                index: indices[i],
                colour: colour_state(&colours),
                games_played: colours.len() as u32,
                colours,
                bye_eligible: field.bye_eligible(i),
            }
        })
        .collect();
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.rank_cmp(b)));
    // [C1] (and the arbiter's forbidden pairs, which weigh as much), [C3].
    let indices: Vec<usize> = players.iter().map(|p| p.player_index).collect();
    let compat = allowed_pairs(&field, &indices, |a, b| {
        !players[a].colour.same_absolute(&players[b].colour)
    });
    Ok(Prepared {
        players,
        compat,
        initial,
        fixed_bye: roster.fixed_bye.map(|i| t.players[i].id),
    })
}

/// The pairs of a round and its PAB receiver, by position in [`Prepared::players`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundPairs {
    /// In the order the brackets made them.
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// Pairs a prepared round: the PAB (3.1), then the brackets top-down (3.2).
pub fn pair_prepared(prepared: &Prepared, round: u32) -> Result<RoundPairs, PairingError> {
    let players = &prepared.players;
    let n = players.len();
    let no_pairing = PairingError::NoValidPairing { round };
    if prepared.fixed_bye.is_some() && n % 2 == 1 {
        return Err(PairingError::InvalidRequest(
            "a pairing-allocated bye is fixed but an odd number of players remains".to_string(),
        ));
    }
    // 3.1: the PAB first.
    let bye = if n % 2 == 1 {
        let preference = bye_order(players);
        // The first candidate usually leaves the others a pairing that Dirac's condition
        // proves; otherwise one matching decides.
        let first = preference.first().copied().filter(|&p| {
            let others: Vec<usize> = (0..n).filter(|&k| k != p).collect();
            brackets::dirac(&others, &prepared.compat)
        });
        match first {
            Some(p) => Some(p),
            None => Some(bye::choose_bye(&prepared.compat, &preference).ok_or(no_pairing.clone())?),
        }
    } else {
        None
    };
    let scores: Vec<i32> = players.iter().map(|p| p.score).collect();
    let preferences: Vec<Option<Color>> = players.iter().map(|p| p.colour.preference).collect();
    // The unpaired players, by score; each bracket re-ranks its own by 1.8.
    let mut unpaired: Vec<usize> = (0..n).filter(|&k| Some(k) != bye).collect();
    let mut incoming: Vec<usize> = Vec::new();
    let mut pairs = Vec::with_capacity(n / 2);
    while !unpaired.is_empty() {
        let residents_score = unpaired
            .iter()
            .filter(|k| !incoming.contains(k))
            .map(|&k| scores[k])
            .max()
            .ok_or(no_pairing.clone())?;
        let mut bracket: Vec<usize> = unpaired
            .iter()
            .copied()
            .filter(|k| incoming.contains(k) || scores[*k] == residents_score)
            .collect();
        bracket.sort_by(|&a, &b| players[a].rank_cmp(&players[b]));
        let below: Vec<usize> = unpaired
            .iter()
            .copied()
            .filter(|k| !bracket.contains(k))
            .collect();
        let next_score = below.iter().map(|&k| scores[k]).max();
        let (next, rest): (Vec<usize>, Vec<usize>) =
            below.iter().partition(|&&k| Some(scores[k]) == next_score);
        let input = BracketInput {
            bracket: &bracket,
            next: &next,
            rest: &rest,
            scores: &scores,
            preferences: &preferences,
            compat: &prepared.compat,
        };
        let result = pair_bracket_dispatch(&input).map_err(|_| no_pairing.clone())?;
        for &(a, b) in &result.pairs {
            pairs.push((a, b));
        }
        unpaired.retain(|k| !result.pairs.iter().any(|&(a, b)| a == *k || b == *k));
        incoming = result.floaters;
    }
    Ok(RoundPairs { pairs, bye })
}

/// 3.1: the players allowed a PAB (3.1.1, [C2]), best receiver first: the lowest score, the
/// most games played, the lowest in the order of 1.8 (3.1.3–3.1.5). The first whose bye leaves
/// the others a legal pairing gets it (3.1.2).
fn bye_order(players: &[Participant]) -> Vec<usize> {
    let mut preference: Vec<usize> = (0..players.len())
        .filter(|&k| players[k].bye_eligible)
        .collect();
    preference.sort_by(|&a, &b| {
        let (pa, pb) = (&players[a], &players[b]);
        pa.score
            .cmp(&pb.score)
            .then(pb.games_played.cmp(&pa.games_played))
            .then(pb.rank_cmp(pa))
    });
    preference
}

/// Pairs round `round` as [`pair`] does and says, per player, what decided their float, colour
/// and bye (Art. 3.1, 3.2, 5.2). A seeding round is the Dutch system's (1.6): `Ok(None)`, the
/// Dutch explanation says why.
pub fn explain(
    tournament: &Tournament,
    round: u32,
    options: &BursteinOptions,
) -> Result<Option<Explanation>, PairingError> {
    if is_seeding_round(tournament, round)? {
        return Ok(None);
    }
    let prepared = prepare(tournament, round, options)?;
    let round_pairs = pair_prepared(&prepared, round)?;
    let pairing = build_pairing(&prepared, &round_pairs);
    let players = &prepared.players;
    let colour_by = |white| {
        round_pairs.pairs.iter().find_map(|&(a, b)| {
            let (pa, pb) = (&players[a], &players[b]);
            (pa.id == white || pb.id == white).then(|| {
                let (_, reason, article) =
                    colour_rule(&pa.colour_facts(), &pb.colour_facts(), prepared.initial);
                (reason, article)
            })
        })
    };
    let bye_by = round_pairs.bye.map(|v| {
        bye_reason_art_3_1(
            v,
            &bye_order(players),
            &|k| players[k].score,
            &|k| players[k].games_played,
            &|a, b| players[b].rank_cmp(&players[a]),
        )
    });
    let paired: Vec<Paired> = players
        .iter()
        .map(|p| Paired {
            id: p.id,
            score: p.score,
            tpn: p.tpn,
        })
        .collect();
    // The first candidate of a scoregroup: the fold of Art. 4.3 in the order of 1.8.
    let fold = |group: &[usize]| {
        let mut group = group.to_vec();
        group.sort_by(|&a, &b| players[a].rank_cmp(&players[b]));
        FirstCandidate::Fold.pairs(&group)
    };
    let refused = refusal(tournament, round);
    let expected = by_scoregroup(&paired, &pairing, &fold);
    let apart = either_floats(&paired, &pairing);
    let judge = Judge {
        allowed: &|a, b| prepared.compat.allowed(a, b),
        blocked: &|a, b| refused(players[a].player_index, players[b].player_index),
        apart: &apart,
        articles: PassArticles {
            played: "2.1.1",
            colours: "2.1.3",
            completion: "2.2.1",
            floaters: "3.2",
            order: "4.3",
        },
    };
    let passed = passed_over(&paired, &pairing, &expected, &judge);
    Ok(Some(assemble(
        round, pairing, &paired, "3.2", &colour_by, bye_by, &passed,
    )))
}

/// Colours (Art. 5) and board order (C.04.2 Art. 3.6) of the pairs found.
pub fn build_pairing(prepared: &Prepared, round_pairs: &RoundPairs) -> Pairing {
    let players = &prepared.players;
    let mut boards: Vec<(board_order::BoardKey, Board)> = round_pairs
        .pairs
        .iter()
        .map(|&(a, b)| {
            let (pa, pb) = (&players[a], &players[b]);
            let c = colour_of(&pa.colour_facts(), &pb.colour_facts(), prepared.initial);
            let (white, black) = if c == Color::White {
                (pa.id, pb.id)
            } else {
                (pb.id, pa.id)
            };
            let key = board_order::board_key((pa.score, pa.tpn), (pb.score, pb.tpn));
            (key, Board { white, black })
        })
        .collect();
    boards.sort_by_key(|(k, _)| *k);
    Pairing {
        boards: boards.into_iter().map(|(_, b)| b).collect(),
        bye: round_pairs
            .bye
            .map(|k| players[k].id)
            .or(prepared.fixed_bye),
    }
}
