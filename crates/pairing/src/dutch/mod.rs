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

pub mod board_order;
pub mod brackets;
pub mod colours;
pub mod explain;
pub(crate) mod round_one;
pub mod solver;
pub mod state;
pub mod weights;
pub mod window;

use tournament::{ByeKind, Color, Entry, PlayerId, Tournament};

use crate::{Board, Pairing, PairingError};
use brackets::{Compatibility, Failure, MemoryLimit, Variant, MAX_PAIRING_BYTES};
use solver::SolverFactory;
use state::{colour_state, entry_of, Field, Participant};
use weights::{topscorer_threshold, Layout};

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

/// Who takes part in the round and with which effective pairing number.
#[derive(Debug)]
struct Roster {
    /// Player indices to be paired.
    paired: Vec<usize>,
    /// Effective pairing number (0-based) per player index; `None` for players who are not
    /// numbered this round (dutch.md §7.4).
    rank: Vec<Option<u32>>,
    /// A pairing-allocated bye fixed by the arbiter (`240 U`).
    fixed_bye: Option<usize>,
}

/// The length of a player's record, trailing blank entries not counted (the engines treat a
/// blank block at the end of a line as no entry).
pub(crate) fn record_len(p: &tournament::Player) -> u32 {
    p.rounds
        .iter()
        .rposition(|e| *e != Entry::NotPaired)
        .map_or(0, |i| i as u32 + 1)
}

fn announced_bye(t: &Tournament, id: PlayerId, round: u32) -> Option<ByeKind> {
    t.announced_byes
        .iter()
        .find(|b| b.round == round && b.players.contains(&id))
        .map(|b| b.kind)
}

fn roster(t: &Tournament, round: u32) -> Result<Roster, PairingError> {
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
            Some(e) => crate::request::took_part(e),
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
                absent[i] = false;
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
    // Effective pairing numbers over everybody who takes part now or took part before.
    let mut order: Vec<usize> = (0..t.players.len()).collect();
    if !t.header.pair_by_line_order {
        order.sort_by_key(|&i| t.players[i].id);
    }
    let mut rank = vec![None; t.players.len()];
    let mut next = 0u32;
    for i in order {
        let p = &t.players[i];
        let took_part = (1..round).any(|r| crate::request::took_part(&entry_of(p, r)));
        if !absent[i] || took_part {
            rank[i] = Some(next);
            next += 1;
        }
    }
    Ok(Roster {
        paired,
        rank,
        fixed_bye,
    })
}

/// The colour the top player had in round 1, inferred from the history when the file does not
/// say (as the reference engine does).
fn initial_colour(t: &Tournament, round: u32) -> Option<Color> {
    if let Some(c) = t.header.initial_color {
        return Some(c);
    }
    let first = (1..round).find(|&r| t.players.iter().any(|p| entry_of(p, r).color().is_some()))?;
    let mut order: Vec<&tournament::Player> = t.players.iter().collect();
    if !t.header.pair_by_line_order {
        order.sort_by_key(|p| p.id);
    }
    let mut number = 0u32;
    for p in order {
        if (1..=first).any(|r| crate::request::took_part(&entry_of(p, r))) {
            if let Some(c) = entry_of(p, first).color() {
                return Some(if number % 2 == 1 { c.opposite() } else { c });
            }
            number += 1;
        }
    }
    None
}

/// Baku acceleration (C.04.7): virtual points of a player (by index) in a round.
fn baku_points(t: &Tournament, enabled: bool) -> impl Fn(usize, u32) -> i32 + '_ {
    let total_rounds = t.header.rounds.unwrap_or(0);
    let n = t.players.len();
    // Accel 1.2: GA is the first half rounded up to an even number, 2·⌈N/4⌉.
    let group_a = 2 * n.div_ceil(4);
    let mut by_id: Vec<usize> = (0..n).collect();
    by_id.sort_by_key(|&i| t.players[i].id);
    let mut in_a = vec![false; n];
    for &i in by_id.iter().take(group_a) {
        in_a[i] = true;
    }
    let accelerated = total_rounds.div_ceil(2);
    let full = accelerated.div_ceil(2);
    let win = t.point_system.win.tenths();
    let explicit = !t.accelerations.is_empty() || !t.player_accelerations.is_empty();
    move |player, round| {
        if !enabled || explicit || !in_a[player] {
            0
        } else if round <= full {
            win
        } else if round <= accelerated {
            win / 2
        } else {
            0
        }
    }
}

fn type_code_asks_baku(t: &Tournament) -> bool {
    t.header
        .type_code
        .as_deref()
        .is_some_and(|c| c.trim().ends_with("_BAKU"))
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
            match limit.check::<L, F::Solver<L>>(n, 0) {
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
    let total_rounds = t.header.rounds.ok_or_else(|| {
        PairingError::InvalidRequest(
            "the total number of rounds is missing (XXR or 142 record)".to_string(),
        )
    })?;
    if round == 0 || round > total_rounds {
        return Err(PairingError::InvalidRequest(format!(
            "round {round} is outside the tournament's {total_rounds} round{}",
            if total_rounds == 1 { "" } else { "s" }
        )));
    }
    let initial = initial_colour(t, round).ok_or_else(|| {
        PairingError::InvalidRequest(
            "the initial colour is missing (XXC white1/black1 or 152 record)".to_string(),
        )
    })?;
    let played_rounds = round - 1;
    let roster = roster(t, round)?;
    let use_baku = options.baku || type_code_asks_baku(t);
    if use_baku {
        // Accel 1.1: a win is worth two draws and a loss nothing.
        let s = &t.point_system;
        if s.loss.tenths() != 0 || s.draw.tenths() * 2 != s.win.tenths() {
            return Err(PairingError::InvalidRequest(
                "Baku acceleration needs a point system where a win is two draws and a loss 0"
                    .to_string(),
            ));
        }
    }
    let baku = baku_points(t, use_baku);
    let field = Field::new(t, played_rounds, &baku);
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
            let score = plain + field.acceleration[i][played_rounds as usize];
            Participant {
                id: p.id,
                player_index: i,
                rank: roster.rank[i].unwrap_or(u32::MAX),
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
    let mut position = vec![usize::MAX; t.players.len()];
    for (k, p) in parts.iter().enumerate() {
        position[p.player_index] = k;
    }
    let mut met = vec![Vec::new(); n];
    for (k, p) in parts.iter().enumerate() {
        for r in 1..round {
            if let Some(o) = entry_of(&t.players[p.player_index], r).played_opponent() {
                if let Some(oi) = field.index_of(o) {
                    if position[oi] != usize::MAX {
                        met[k].push(position[oi]);
                    }
                }
            }
        }
    }
    let mut compat = Compatibility::new(n);
    for a in 0..n {
        for b in 0..a {
            let (pa, pb) = (&parts[a], &parts[b]);
            if met[a].contains(&b) || met[b].contains(&a) || t.is_forbidden(pa.id, pb.id, round) {
                continue;
            }
            let same_absolute = pa.colour.absolute()
                && pb.colour.absolute()
                && pa.colour.preference == pb.colour.preference;
            if same_absolute && !pa.topscorer && !pb.topscorer {
                continue;
            }
            compat.allow(a, b);
        }
    }
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
