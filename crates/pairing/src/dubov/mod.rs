//! The Dubov system (C.04.4.1, rules applied from 1 February 2026).
//!
//! [`pair`] pairs one round of a [`Tournament`]: it collects the players (GHR 2–3), gives the
//! pairing-allocated bye first (3.1), then takes the scoregroups from the highest score down;
//! each one's remaining residents get the upfloaters they need (3.2.1–3.2.2, [`bracket`]), the
//! bracket is split into White and Black seekers, shifted until the two subgroups fit
//! (3.2.3–3.2.4) and paired by the first legal transposition (3.2.5). Colours follow Art. 5,
//! boards GHR 3.6.
//!
//! Where the text leaves room, this engine reads it so (the crate README lists the readings):
//! - **Upfloated** (1.8, C8–C10) is not defined: a player upfloated in a round when they played
//!   a game over the board against an opponent whose pairing score before that round was
//!   higher. Forfeits, byes and absences are never upfloats.
//! - **C2** is Basic Rule 4, as the 2026 text cites it: an earlier PAB, or any round scored at
//!   least a win's points without playing (a forfeit win, a full-point bye), bars the PAB.
//! - **C9**, "the number of times a maximum upfloater is upfloated", is the sum of the upfloats
//!   of the maximum upfloaters chosen (otherwise it would repeat C8).
//! - **C7 in 3.2.2** judges each set of upfloaters by the best legal pairing of its bracket;
//!   3.2.4 reaches that pairing, so it is also the one the bracket gets.
//! - **Shifters (4.3)**: a shift takes its players from the subgroup's own seekers (in 3.2.4.2
//!   not the players 3.2.4.1 just moved in), sorted as the subgroup's colour says: by ARO then
//!   TPN in G1, by TPN in G2.
//! - **Scores** are pairing scores (points plus this round's virtual points, C.04.7 1.5): for
//!   scoregroups, upfloats, the PAB's 3.1.3, the higher ranked player of 5.2 and board order.
//!   ARO uses ratings only; an unrated opponent counts 0 (1.1 asks the arbiter for a rating).
//! - **TPN** is the player's pairing number (the line order under `XXC rank`), used as such for
//!   5.2.1's parity.
//! - **Acceleration**: `250`/`XXA` virtual points, or Baku (`_BAKU` type code) with group A of
//!   2·⌈N/4⌉ players.
//! - A pairing-allocated bye fixed by the arbiter (`240 U`, our extension) is honoured.
//!
//! ```
//! use pairing::dubov::{pair, DubovOptions};
//! use tournament::{Color, Header, Player, PlayerId, Tournament};
//!
//! let players = (1..=4)
//!     .map(|i| Player { id: PlayerId(i), rating: Some(2500 - 100 * i as u16), ..Player::default() })
//!     .collect();
//! let t = Tournament {
//!     header: Header { rounds: Some(5), initial_color: Some(Color::White), ..Header::default() },
//!     players,
//!     ..Tournament::default()
//! };
//! let p = pair(&t, 1, &DubovOptions::default()).unwrap();
//! // Round 1: G1 is the first half by TPN (3.2.3), paired with the first transposition of G2;
//! // the higher ranked player gets the initial colour when their TPN is odd (5.2.1).
//! let boards: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.white.0, b.black.0)).collect();
//! assert_eq!(boards, vec![(1, 3), (4, 2)]);
//! ```

pub mod bracket;
pub mod checklist;
pub mod graph;
pub mod state;

use tournament::{Color, Tournament};

use crate::explain::{
    assemble, by_scoregroup, bye_reason_art_3_1, either_floats, passed_over, refusal, ColourReason,
    Explanation, Judge, Paired, PassArticles,
};
use crate::swiss::acceleration::{type_code_asks_baku, Baku};
use crate::swiss::board_order::board_key;
use crate::swiss::colour::first_difference;
use crate::swiss::compat::{allowed_pairs_apart, Compatibility};
use crate::swiss::history::Field;
use crate::swiss::roster::{missing_initial_colour, total_rounds};
use crate::{Board, Pairing, PairingError};
use bracket::Round;
use state::{aro, dubov_preference, max_upfloats, opponent_ratings, upfloats, Player};

/// Options of the Dubov engine beyond what the tournament file says.
#[derive(Debug, Clone, Default)]
pub struct DubovOptions {
    /// Apply Baku acceleration (C.04.7) even when the file's type code does not ask for it.
    pub baku: bool,
}

/// The players of the round and what the rules need to know about them.
#[derive(Debug)]
pub struct Prepared {
    pub players: Vec<Player>,
    pub compat: Compatibility,
    pub initial: Color,
    pub total_rounds: u32,
    pub fixed_bye: Option<tournament::PlayerId>,
}

/// Collects the players of `round` with their scores, colours, ARO, upfloats and PAB
/// eligibility, and which pairs C1 (and forbidden pairs) and C3 allow.
pub fn prepare(
    t: &Tournament,
    round: u32,
    options: &DubovOptions,
) -> Result<Prepared, PairingError> {
    let total_rounds = total_rounds(t, round)?;
    let roster = state::roster(t, round)?;
    let initial = state::initial_colour(t, &roster.tpn).ok_or_else(missing_initial_colour)?;
    let baku = Baku::new(t, options.baku || type_code_asks_baku(t))?;
    let played_rounds = round - 1;
    let field = Field::new(t, played_rounds, &|i, r| baku.points(i, r));
    let mut players: Vec<Player> = roster
        .paired
        .iter()
        .map(|&i| {
            let colours = field.colours(i);
            let (preference, strength) = dubov_preference(&colours);
            let (count, last) = upfloats(&field, i);
            Player {
                id: t.players[i].id,
                index: i,
                tpn: roster.tpn[i],
                score: field.plain_score(i) + field.acceleration[i][played_rounds as usize],
                games: colours.len() as u32,
                colours,
                preference,
                strength,
                aro: aro(&opponent_ratings(&field, i)),
                bye_eligible: field.bye_eligible(i),
                upfloats: count,
                upfloated_last: last,
            }
        })
        .collect();
    players.sort_by_key(|p| (std::cmp::Reverse(p.score), p.tpn));
    // C1 (GHR 3.5: played games only), the arbiter's forbidden pairs, and C3, with no
    // exception, not even in the last round.
    let indices: Vec<usize> = players.iter().map(|p| p.index).collect();
    // C3 forbids exactly the pairs of two absolute preferences for the same colour: the
    // absolute seekers of each colour are a class, cleared from each other's rows a word at a
    // time (`allowed_pairs_apart` sets the bits `allowed_pairs` would with that rule).
    let class: Vec<Option<u8>> = players
        .iter()
        .map(|p| {
            p.absolute()
                .then_some(u8::from(p.preference == Color::White))
        })
        .collect();
    let compat = allowed_pairs_apart(&field, &indices, &class);
    Ok(Prepared {
        players,
        compat,
        initial,
        total_rounds,
        fixed_bye: roster.fixed_bye.map(|i| t.players[i].id),
    })
}

/// Pairs round `round` (1-based) of `tournament`.
pub fn pair(
    tournament: &Tournament,
    round: u32,
    options: &DubovOptions,
) -> Result<Pairing, PairingError> {
    let prepared = prepare(tournament, round, options)?;
    let pairs = pair_prepared(&prepared, round).map_err(|e| match e {
        PairingError::NoValidPairing { .. } => PairingError::NoValidPairing { round },
        e => e,
    })?;
    Ok(build_pairing(&prepared, &pairs.0, pairs.1))
}

/// Pairs of players (indices into `Prepared::players`), G1 player first, and the PAB.
type RoundPairs = (Vec<(usize, usize)>, Option<usize>);

/// The pairs of the round and the PAB.
fn pair_prepared(prepared: &Prepared, round: u32) -> Result<RoundPairs, PairingError> {
    let players = &prepared.players;
    let n = players.len();
    let r = Round {
        players,
        compat: &prepared.compat,
        float_criteria: round < prepared.total_rounds,
        max_upfloats: max_upfloats(prepared.total_rounds),
    };
    let mut unpaired = vec![true; n];
    let all: Vec<usize> = (0..n).collect();
    if prepared.fixed_bye.is_some() && n % 2 == 1 {
        return Err(PairingError::InvalidRequest(
            "a pairing-allocated bye is fixed but an odd number of players remains".to_string(),
        ));
    }
    let bye = if n % 2 == 1 {
        // 3.1: eligible (C2), leaving a legal pairing of the others (C4), the lowest score,
        // the most games played, the largest TPN.
        let chosen = bye_order(players).into_iter().find(|&v| {
            let rest: Vec<usize> = all.iter().copied().filter(|&x| x != v).collect();
            r.completable(&rest)
        });
        let v = chosen.ok_or(PairingError::NoValidPairing { round })?;
        unpaired[v] = false;
        Some(v)
    } else {
        if !r.completable(&all) {
            return Err(PairingError::NoValidPairing { round });
        }
        None
    };
    let mut pairs = Vec::with_capacity(n / 2);
    // Players are sorted by score, then TPN: each scoregroup is a run.
    let mut start = 0;
    while start < n {
        let score = players[start].score;
        let end = start
            + players[start..]
                .iter()
                .take_while(|p| p.score == score)
                .count();
        let residents: Vec<usize> = (start..end).filter(|&v| unpaired[v]).collect();
        if !residents.is_empty() {
            // 4.2.2: the players below, by descending score, then ascending TPN.
            let lower: Vec<usize> = (end..n).filter(|&v| unpaired[v]).collect();
            let ups = r.upfloaters(&residents, &lower)?;
            let mut b = residents;
            b.extend(&ups);
            for (a, c) in r.pair_bracket(&b)? {
                unpaired[a] = false;
                unpaired[c] = false;
                pairs.push((a, c));
            }
        }
        start = end;
    }
    Ok((pairs, bye))
}

/// Art. 5.2: the colour of `a` when paired with `b`.
pub fn colour_of(a: &Player, b: &Player, initial: Color) -> Color {
    colour_rule(a, b, initial).0
}

/// Art. 5.2: the colour of `a` when paired with `b`, and the rule that decided it.
pub fn colour_rule(a: &Player, b: &Player, initial: Color) -> (Color, ColourReason, &'static str) {
    let a_higher = a.ranks_above(b);
    let higher = if a_higher { a } else { b };
    let for_a = |c: Color| if a_higher { c } else { c.opposite() };
    // 5.2.1: neither has played: the higher ranked player gets the initial colour with an odd
    // TPN, the other colour with an even one.
    if a.games == 0 && b.games == 0 {
        let c = for_a(if higher.tpn % 2 == 1 {
            initial
        } else {
            initial.opposite()
        });
        return (c, ColourReason::Initial, "5.2.1");
    }
    // 5.2.2: both preferences.
    if a.preference != b.preference {
        return (a.preference, ColourReason::BothPreferences, "5.2.2");
    }
    // 5.2.3: the stronger preference.
    if a.strength != b.strength {
        let c = if a.strength > b.strength {
            a.preference
        } else {
            b.preference.opposite()
        };
        return (c, ColourReason::StrongerPreference, "5.2.3");
    }
    // 5.2.4: the most recent round in which one had White and the other Black, reversed.
    if let (Some(x), Some(_)) = first_difference(&a.colours, &b.colours) {
        return (x.opposite(), ColourReason::History, "5.2.4");
    }
    // 5.2.5: the higher ranked player's preference.
    (for_a(higher.preference), ColourReason::Ranking, "5.2.5")
}

/// 3.1: the players allowed a PAB (C2), best receiver first: the lowest score, the most games
/// played, the largest TPN (3.1.3–3.1.5). The first whose bye leaves the others a legal pairing
/// gets it (3.1.2).
fn bye_order(players: &[Player]) -> Vec<usize> {
    let mut candidates: Vec<usize> = (0..players.len())
        .filter(|&v| players[v].bye_eligible)
        .collect();
    candidates.sort_by_key(|&v| {
        (
            players[v].score,
            std::cmp::Reverse(players[v].games),
            std::cmp::Reverse(players[v].tpn),
        )
    });
    candidates
}

/// Pairs round `round` as [`pair`] does and says, per player, what decided their float, colour
/// and bye (Art. 3.1, 3.2, 5.2).
pub fn explain(
    tournament: &Tournament,
    round: u32,
    options: &DubovOptions,
) -> Result<Explanation, PairingError> {
    let prepared = prepare(tournament, round, options)?;
    let (pairs, bye) = pair_prepared(&prepared, round).map_err(|e| match e {
        PairingError::NoValidPairing { .. } => PairingError::NoValidPairing { round },
        e => e,
    })?;
    let pairing = build_pairing(&prepared, &pairs, bye);
    let players = &prepared.players;
    let colour_by = |white| {
        pairs.iter().find_map(|&(a, b)| {
            let (pa, pb) = (&players[a], &players[b]);
            (pa.id == white || pb.id == white).then(|| {
                let (_, reason, article) = colour_rule(pa, pb, prepared.initial);
                (reason, article)
            })
        })
    };
    let bye_by = bye.map(|v| {
        bye_reason_art_3_1(
            v,
            &bye_order(players),
            &|k| players[k].score,
            &|k| players[k].games,
            &|a, b| players[b].tpn.cmp(&players[a].tpn),
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
    // The first candidate of a scoregroup (3.2.3, 3.2.5): the White seekers by ARO, then TPN,
    // against the others by TPN; before anybody has played, the first half by TPN against the
    // second.
    let first = |group: &[usize]| {
        let mut group = group.to_vec();
        group.sort_by_key(|&k| players[k].tpn);
        let (mut g1, g2): (Vec<usize>, Vec<usize>) = if group.iter().all(|&k| players[k].games == 0)
        {
            let half = group.len() / 2;
            (group[..half].to_vec(), group[half..].to_vec())
        } else {
            group
                .iter()
                .partition(|&&k| players[k].preference == Color::White)
        };
        g1.sort_by_key(|&k| (players[k].aro, players[k].tpn));
        g1.into_iter().zip(g2).collect()
    };
    let refused = refusal(tournament, round);
    let expected = by_scoregroup(&paired, &pairing, &first);
    let apart = either_floats(&paired, &pairing);
    let judge = Judge {
        allowed: &|a, b| prepared.compat.allowed(a, b),
        blocked: &|a, b| refused(players[a].index, players[b].index),
        apart: &apart,
        articles: PassArticles {
            played: "2.1.1",
            colours: "2.1.3",
            completion: "2.2.1",
            floaters: "3.2.2",
            order: "3.2.4–3.2.5",
        },
    };
    let passed = passed_over(&paired, &pairing, &expected, &judge);
    Ok(assemble(
        round, pairing, &paired, "3.2.2", &colour_by, bye_by, &passed,
    ))
}

fn build_pairing(prepared: &Prepared, pairs: &[(usize, usize)], bye: Option<usize>) -> Pairing {
    let players = &prepared.players;
    let mut boards: Vec<_> = pairs
        .iter()
        .map(|&(a, b)| {
            let (pa, pb) = (&players[a], &players[b]);
            let (white, black) = if colour_of(pa, pb, prepared.initial) == Color::White {
                (pa.id, pb.id)
            } else {
                (pb.id, pa.id)
            };
            // GHR 3.6 with pairing scores (C.04.7 1.5).
            let key = board_key((pa.score, pa.tpn), (pb.score, pb.tpn));
            (key, Board { white, black })
        })
        .collect();
    boards.sort_by_key(|(k, _)| *k);
    Pairing {
        boards: boards.into_iter().map(|(_, b)| b).collect(),
        bye: bye.map(|v| players[v].id).or(prepared.fixed_bye),
    }
}
