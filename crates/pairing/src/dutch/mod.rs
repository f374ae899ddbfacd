//! The FIDE Dutch system (C.04.3, rules applied from 1 February 2026).
//!
//! [`pair`] pairs one round of a [`Tournament`]: it collects the participants (§4.1), ranks them
//! by pairing score and pairing number, pairs the brackets top-down on one maximum-weight
//! matching graph ([`brackets`], criteria as weight fields in [`weights`]; when the players below
//! provably take any leftovers, the graph holds only the bracket and the next scoregroup,
//! [`window`]; a round without history is paired directly, `round_one`), allocates colours
//! ([`colours`], Art. 5.2) and orders the boards ([`board_order`]). [`explain()`] says why, and
//! [`checklist`] prints the engines' `-l` table.
//!
//! Where the rules leave room, the engine does what the reference engine (bbpPairings, 2026
//! rules) does, so that pairings are identical: effective pairing numbers that skip players who
//! never took part (dutch.md §7.4); no float for unplayed rounds worth a loss or less; the
//! topscorer threshold `score > rounds played × max(win, draw) / 2`; C9 ranking the players at
//! the PAB score by games played; boards ordered by real scores. Deliberate differences:
//! `_BAKU` type codes give group A `2·⌈N/4⌉` players as C.04.7 says (the reference gives
//! `⌈N/2⌉`); an earlier PAB bars a second one whatever its value (C2); a pairing-allocated bye
//! fixed by the arbiter (`240 U`, our extension) is honoured.
//!
//! ```
//! use pairing::dutch::{pair, DutchOptions};
//! use tournament::{Color, Header, Player, PlayerId, Tournament};
//!
//! let players = (1..=4)
//!     .map(|i| Player { id: PlayerId(i), ..Player::default() })
//!     .collect();
//! let t = Tournament {
//!     header: Header { rounds: Some(3), initial_color: Some(Color::White), ..Header::default() },
//!     players,
//!     ..Tournament::default()
//! };
//! let p = pair(&t, 1, &DutchOptions::default()).unwrap();
//! // Round 1: top half against bottom half, colours alternating from the initial colour (E4).
//! let boards: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.white.0, b.black.0)).collect();
//! assert_eq!(boards, vec![(1, 3), (4, 2)]);
//! assert_eq!(p.bye, None);
//! ```

pub mod brackets;
pub mod colours;
pub mod explain;
pub(crate) mod round_one;
pub mod solver;
pub mod state;
pub mod weights;
pub mod window;

use tournament::{Color, PlayerId, Tournament};

use crate::swiss::acceleration::{type_code_asks_baku, Baku};
use crate::swiss::compat::allowed_pairs;
use crate::swiss::roster::{
    initial_colour, missing_initial_colour, pairing_number_order, roster, total_rounds,
};
use crate::{Board, Pairing, PairingError};
use brackets::{Compatibility, Failure, MemoryLimit, Variant, MAX_PAIRING_BYTES};
use solver::SolverFactory;
use state::{colour_state, entry_of, Field, Participant};
use weights::{topscorer_threshold, Layout};

pub use crate::swiss::board_order;
pub use explain::{checklist, explain, Explanation};

/// Options of the Dutch engine beyond what the tournament file says.
#[derive(Debug, Clone, Default)]
pub struct DutchOptions {
    /// Apply Baku acceleration (C.04.7) even when the file's type code does not ask for it.
    pub baku: bool,
    /// Order boards by pairing scores including acceleration, as Accel 1.5 says. By default
    /// boards are ordered by real scores, as the reference engine does (the two differ only
    /// with acceleration; GHR 3.6 makes board order a recommendation).
    pub board_order_by_pairing_score: bool,
}

/// The effective pairing number (0-based) per player index over everybody who takes part in
/// round `round` or took part before; `None` for a player who is not numbered this round
/// (dutch.md §7.4).
fn effective_ranks(t: &Tournament, round: u32, absent: &[bool]) -> Vec<Option<u32>> {
    let mut rank = vec![None; t.players.len()];
    let mut next = 0u32;
    for i in pairing_number_order(t) {
        let p = &t.players[i];
        let took_part = (1..round).any(|r| crate::request::took_part(&entry_of(p, r)));
        if !absent[i] || took_part {
            rank[i] = Some(next);
            next += 1;
        }
    }
    rank
}

/// Pairs round `round` (1-based) of `tournament`.
pub fn pair(
    tournament: &Tournament,
    round: u32,
    options: &DutchOptions,
) -> Result<Pairing, PairingError> {
    pair_with(
        tournament,
        round,
        options,
        &solver::BlossomFactory,
        Variant::default(),
    )
}

// Each width instantiates the engine and the matching once: a few sizes keep compile times
// reasonable while wasting at most a quarter of the limbs.
macro_rules! dispatch_limbs {
    ($limbs:expr, $f:ident, $($arg:expr),*) => {
        match $limbs {
            0..=2 => $f::<2, _>($($arg),*),
            3 => $f::<3, _>($($arg),*),
            4 => $f::<4, _>($($arg),*),
            5 => $f::<5, _>($($arg),*),
            6 => $f::<6, _>($($arg),*),
            7..=8 => $f::<8, _>($($arg),*),
            9 => $f::<9, _>($($arg),*),
            10 => $f::<10, _>($($arg),*),
            11..=12 => $f::<12, _>($($arg),*),
            13..=16 => $f::<16, _>($($arg),*),
            17..=24 => $f::<24, _>($($arg),*),
            25..=32 => $f::<32, _>($($arg),*),
            33..=48 => $f::<48, _>($($arg),*),
            49..=64 => $f::<64, _>($($arg),*),
            _ => Err(PairingError::BeyondLimits(
                "the pairing weights need more than 4096 bits".to_string(),
            )),
        }
    };
}

fn run_brackets<'a, const L: usize, F: SolverFactory + Clone>(
    prepared: &'a Prepared,
    factory: &F,
    variant: Variant,
    round: u32,
    trace: Option<&'a mut brackets::Trace>,
    robust: Option<Vec<bool>>,
) -> Result<brackets::Mates, PairingError> {
    let (parts, compat) = (&prepared.parts, &prepared.compat);
    let layout = prepared.layout.clone();
    let limit = MemoryLimit::for_round(parts.len(), layout.played_rounds, trace.is_some());
    let result = match robust {
        Some(candidate) => {
            let solver = window::Windowed::<L, F>::new(
                factory.clone(),
                compat.clone(),
                layout.low_bits(),
                candidate,
            )
            .with_limit(limit);
            brackets::pair_brackets::<L, _>(parts, compat, layout, solver, variant, trace, true)
        }
        None => {
            // One graph of every participant from the start: refuse it before allocating.
            let n = parts.len();
            match limit.check::<L, F::Solver<L>>(n, 0, 0) {
                Err(bytes) => Err(Failure::TooLarge(bytes)),
                Ok(_) => {
                    let solver: F::Solver<L> = factory.create::<L>(n);
                    brackets::pair_brackets::<L, _>(
                        parts, compat, layout, solver, variant, trace, false,
                    )
                }
            }
        }
    };
    result.map_err(|f| match f {
        Failure::NoValidPairing | Failure::Stuck => PairingError::NoValidPairing { round },
        Failure::TooLarge(bytes) => too_large(bytes),
    })
}

/// The refusal of a round whose pairing could need `bytes`.
fn too_large(bytes: u64) -> PairingError {
    PairingError::BeyondLimits(format!(
        "pairing this round could need {} MB of memory, more than the {} MB this engine allows",
        bytes.div_ceil(1 << 20),
        MAX_PAIRING_BYTES >> 20
    ))
}

/// When the round is robust (every player can be paired, and with an odd count any PAB
/// candidate left out), the PAB candidates of the completion field; `None` otherwise, or when
/// the PAB could go to the top scoregroup (then C9 shapes every edge).
fn robust_candidates(
    parts: &[Participant],
    compat: &Compatibility,
    variant: Variant,
) -> Option<Vec<bool>> {
    let n = parts.len();
    let odd = n % 2 == 1;
    if !variant.windows || !window::whole_round_is_robust(compat, n, odd) {
        return None;
    }
    let bye_score = if odd {
        let lowest = parts.iter().rev().find(|p| p.bye_eligible)?.score;
        if lowest >= parts[0].score {
            return None;
        }
        lowest
    } else {
        0
    };
    Some(
        parts
            .iter()
            .map(|p| p.bye_eligible && p.score <= bye_score)
            .collect(),
    )
}

/// The participants of the round, sorted in pairing order, with what the criteria need.
pub(crate) struct Prepared {
    pub parts: Vec<Participant>,
    pub compat: Compatibility,
    pub layout: Layout,
    pub initial: Color,
    pub fixed_bye: Option<PlayerId>,
    pub board_order_by_pairing_score: bool,
}

pub(crate) fn prepare(
    t: &Tournament,
    round: u32,
    options: &DutchOptions,
) -> Result<Prepared, PairingError> {
    let total_rounds = total_rounds(t, round)?;
    let initial = initial_colour(t, round).ok_or_else(missing_initial_colour)?;
    let played_rounds = round - 1;
    let roster = roster(t, round)?;
    let ranks = effective_ranks(t, round, &roster.absent);
    let baku = Baku::new(t, options.baku || type_code_asks_baku(t))?;
    let field = Field::new(t, played_rounds, &|i, r| baku.points(i, r));
    let system = &t.point_system;
    let final_round = played_rounds + 1 >= total_rounds;
    let threshold = topscorer_threshold(played_rounds, system.win.tenths(), system.draw.tenths());

    let mut parts: Vec<Participant> = roster
        .paired
        .iter()
        .map(|&i| {
            let p = &t.players[i];
            let colours = field.colours(i);
            let plain = field.plain_score(i);
            let score = field.pairing_score(i);
            Participant {
                id: p.id,
                player_index: i,
                rank: ranks[i].unwrap_or(u32::MAX),
                score,
                plain_score: plain,
                colour: colour_state(&colours),
                played_games: colours.len() as u32,
                colours,
                bye_eligible: field.bye_eligible(i),
                floats: [
                    if played_rounds >= 1 {
                        field.float(i, 1)
                    } else {
                        state::Float::None
                    },
                    if played_rounds >= 2 {
                        field.float(i, 2)
                    } else {
                        state::Float::None
                    },
                ],
                topscorer: final_round && score > threshold,
            }
        })
        .collect();
    parts.sort_by_key(|p| (std::cmp::Reverse(p.score), p.rank));

    // C1 (played games only, GHR 3.5), forbidden pairs, C3 (topscorers exempt).
    let n = parts.len();
    let indices: Vec<usize> = parts.iter().map(|p| p.player_index).collect();
    let compat = allowed_pairs(&field, &indices, |a, b| {
        let (pa, pb) = (&parts[a], &parts[b]);
        !pa.colour.same_absolute(&pb.colour) || pa.topscorer || pb.topscorer
    });
    let scores: Vec<i32> = parts.iter().map(|p| p.score).collect();
    let mut layout = Layout::new(&scores, played_rounds);
    layout.bye_possible = n % 2 == 1;
    Ok(Prepared {
        parts,
        compat,
        layout,
        initial,
        fixed_bye: roster.fixed_bye.map(|i| t.players[i].id),
        board_order_by_pairing_score: options.board_order_by_pairing_score,
    })
}

/// [`pair`] with a chosen matching implementation and reference-behaviour variant.
#[doc(hidden)]
pub fn pair_with<F: SolverFactory + Clone>(
    t: &Tournament,
    round: u32,
    options: &DutchOptions,
    factory: &F,
    variant: Variant,
) -> Result<Pairing, PairingError> {
    let prepared = prepare(t, round, options)?;
    let mates = solve_round(&prepared, factory, variant, round, None)?;
    build_pairing(&prepared, &mates, round)
}

/// How the engine pairs a round.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// A round without history, paired directly (round_one.rs).
    Direct,
    /// Bracket window by bracket window, the tail implicit ([`window`]).
    Windows,
    /// One graph holding every unpaired player.
    WholeGraph,
}

/// How the engine pairs this round, for tests and measurements.
#[doc(hidden)]
pub fn method(
    t: &Tournament,
    round: u32,
    options: &DutchOptions,
    variant: Variant,
) -> Result<Method, PairingError> {
    let prepared = prepare(t, round, options)?;
    Ok(if round_one::direct_mates(&prepared).is_some() {
        Method::Direct
    } else if robust_candidates(&prepared.parts, &prepared.compat, variant).is_some() {
        Method::Windows
    } else {
        Method::WholeGraph
    })
}

/// Runs the bracket procedure on prepared participants. A round without history has one
/// answer (round_one.rs), taken directly unless the variant says otherwise or `--explain` needs
/// the graph to say why.
pub(crate) fn solve_round<'a, F: SolverFactory + Clone>(
    prepared: &'a Prepared,
    factory: &F,
    variant: Variant,
    round: u32,
    trace: Option<&'a mut brackets::Trace>,
) -> Result<brackets::Mates, PairingError> {
    if variant.direct && trace.is_none() {
        if let Some(mates) = round_one::direct_mates(prepared) {
            return Ok(mates);
        }
    }
    if prepared.fixed_bye.is_some() && prepared.parts.len() % 2 == 1 {
        return Err(PairingError::InvalidRequest(
            "a pairing-allocated bye is fixed but an odd number of players remains".to_string(),
        ));
    }
    // The matching needs two spare high bits (it works with doubled weights).
    let limbs = (prepared.layout.total_bits() + 2).div_ceil(64) as usize;
    // The matching keeps a dense matrix of weights: every graph and bracket table is checked
    // against the memory limit before it is allocated (run_brackets, brackets.rs, window.rs).
    // A robust round holds one bracket and the next scoregroup at a time (window.rs).
    let robust = robust_candidates(&prepared.parts, &prepared.compat, variant);
    dispatch_limbs!(
        limbs,
        run_brackets,
        prepared,
        factory,
        variant,
        round,
        trace,
        robust
    )
}

/// Colours (Art. 5.2) and board order (GHR 3.6) of the pairs found.
pub(crate) fn build_pairing(
    prepared: &Prepared,
    mates: &brackets::Mates,
    round: u32,
) -> Result<Pairing, PairingError> {
    let parts = &prepared.parts;
    let mut boards: Vec<(board_order::BoardKey, Board)> = Vec::new();
    let mut bye = prepared.fixed_bye;
    for (k, p) in parts.iter().enumerate() {
        match mates[k] {
            // Colours are chosen from the side of the smaller pairing number.
            Some(m) => {
                let o = &parts[m];
                if p.id < o.id {
                    let c = colours::colour_of(p, o, prepared.initial);
                    let (white, black) = if c == Color::White {
                        (p.id, o.id)
                    } else {
                        (o.id, p.id)
                    };
                    let key = if prepared.board_order_by_pairing_score {
                        board_order::board_key((p.score, p.rank), (o.score, o.rank))
                    } else {
                        board_order::board_key((p.plain_score, p.rank), (o.plain_score, o.rank))
                    };
                    boards.push((key, Board { white, black }));
                }
            }
            None => {
                if bye.is_some() {
                    return Err(PairingError::NoValidPairing { round });
                }
                bye = Some(p.id);
            }
        }
    }
    boards.sort_by_key(|(k, _)| *k);
    Ok(Pairing {
        boards: boards.into_iter().map(|(_, b)| b).collect(),
        bye,
    })
}
