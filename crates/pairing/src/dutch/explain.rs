//! Why the engine paired a round as it did (`--explain`), and the engines' `-l` checklist.
//!
//! [`explain`] pairs the round exactly as [`super::pair`] does and returns, per player, the
//! float and its reason, the colour preference and whether it was met, and, where a player did
//! not get the highest-ranked opponent still free, the criterion that decided.
//!
//! ```
//! use pairing::dutch::explain::{explain, FloatKind};
//! use pairing::dutch::DutchOptions;
//! use tournament::{Color, Header, Player, PlayerId, Tournament};
//!
//! let players = (1..=3).map(|i| Player { id: PlayerId(i), ..Player::default() }).collect();
//! let t = Tournament {
//!     header: Header { rounds: Some(3), initial_color: Some(Color::White), ..Header::default() },
//!     players,
//!     ..Tournament::default()
//! };
//! let e = explain(&t, 1, &DutchOptions::default()).unwrap();
//! let last = e.players.iter().find(|p| p.id == PlayerId(3)).unwrap();
//! assert_eq!(last.float, FloatKind::Bye);
//! ```

use tournament::{Color, PlayerId, Points, Tournament};

use super::brackets::{Trace, Variant};
use super::solver::BlossomFactory;
use super::state::{Float, Preference};
use super::{build_pairing, prepare, solve_round, DutchOptions};
use crate::swiss::table;
use crate::{Pairing, PairingError};

/// How a player floats in the round being paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FloatKind {
    /// Paired inside their own scoregroup.
    None,
    /// Paired with a lower score (Dutch 1.4.2).
    Down,
    /// Paired with a higher score.
    Up,
    /// Receives the pairing-allocated bye (a downfloat, 1.4.3).
    Bye,
}

/// One player's part in the round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerExplanation {
    pub id: PlayerId,
    /// Pairing score (points plus acceleration).
    pub pairing_score: Points,
    /// `None` for the PAB receiver.
    pub opponent: Option<PlayerId>,
    pub colour: Option<Color>,
    pub preference: Option<Color>,
    pub preference_strength: Preference,
    /// Whether the colour preference was met (`None` without a preference or a game).
    pub preference_met: Option<bool>,
    pub float: FloatKind,
    /// Why the player floats (or not), in words.
    pub why: String,
    /// Floats one and two rounds before (C14–C21).
    pub previous_floats: [Float; 2],
    /// C2: may receive the PAB.
    pub bye_eligible: bool,
    /// Where the highest-ranked opponent still free was not taken: who, and the criterion.
    pub decided_by: Option<String>,
    /// The facts `why` and `decided_by` are written from, for other wordings (languages):
    /// the bracket a downfloater was left unpaired in, whether the PAB went by fewest unplayed
    /// games (C9), and the higher-ranked opponent not taken with the criterion that ruled it out.
    pub left_in: Option<Points>,
    pub bye_by_unplayed_games: bool,
    pub not_taken: Option<(PlayerId, &'static str)>,
}

/// One pairing bracket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BracketExplanation {
    /// Score of the resident scoregroup.
    pub score: Points,
    pub moved_down: Vec<PlayerId>,
    pub residents: Vec<PlayerId>,
    /// Left unpaired and moved down to the next bracket.
    pub downfloaters: Vec<PlayerId>,
}

/// The explanation of one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Explanation {
    pub round: u32,
    /// The pairing itself, identical to [`super::pair`]'s.
    pub pairing: Pairing,
    /// Players in pairing order (score, then pairing number).
    pub players: Vec<PlayerExplanation>,
    pub brackets: Vec<BracketExplanation>,
}

fn points(tenths: i32) -> Points {
    Points::from_tenths(tenths)
}

fn colour_in(pairing: &Pairing, id: PlayerId) -> Option<Color> {
    pairing.boards.iter().find_map(|b| {
        if b.white == id {
            Some(Color::White)
        } else if b.black == id {
            Some(Color::Black)
        } else {
            None
        }
    })
}

/// Pairs round `round` and explains the result.
pub fn explain(
    tournament: &Tournament,
    round: u32,
    options: &DutchOptions,
) -> Result<Explanation, PairingError> {
    let prepared = prepare(tournament, round, options)?;
    let mut trace = Trace::default();
    let mates = solve_round(
        &prepared,
        &BlossomFactory,
        Variant::default(),
        round,
        Some(&mut trace),
    )?;
    let pairing = build_pairing(&prepared, &mates, round)?;
    let parts = &prepared.parts;
    let ids = |v: &[usize]| v.iter().map(|&i| parts[i].id).collect::<Vec<_>>();

    let players = parts
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let opponent = mates[k].map(|m| &parts[m]);
            let colour = colour_in(&pairing, p.id);
            let float = match opponent {
                None => FloatKind::Bye,
                Some(o) if p.score > o.score => FloatKind::Down,
                Some(o) if p.score < o.score => FloatKind::Up,
                Some(_) => FloatKind::None,
            };
            let left_in = trace
                .brackets
                .iter()
                .find(|b| b.downfloaters.contains(&k))
                .map(|b| points(b.score));
            let why = match (float, opponent) {
                (FloatKind::Bye, _) => {
                    let mut s = format!(
                        "odd number of players: the PAB goes to the lowest score possible ({}, C5) \
                         among the players who may receive it (C2)",
                        points(p.score)
                    );
                    if trace.c9_applied {
                        s.push_str(", then to the one with the fewest unplayed games (C9)");
                    }
                    s
                }
                (FloatKind::Down, Some(o)) => format!(
                    "left unpaired in the {} bracket (C6–C8 chose the downfloaters) and paired \
                     with {} ({})",
                    left_in.unwrap_or(points(p.score)),
                    o.id,
                    points(o.score)
                ),
                (FloatKind::Up, Some(o)) => format!(
                    "paired with {}, moved down from the {} scoregroup",
                    o.id,
                    points(o.score)
                ),
                _ => format!("paired inside the {} scoregroup", points(p.score)),
            };
            let decided_by = trace.choices.iter().find(|c| c.player == k).map(|c| {
                format!(
                    "{} (ranked higher) was not taken because of {}",
                    parts[c.preferred].id, c.criterion
                )
            });
            PlayerExplanation {
                id: p.id,
                pairing_score: points(p.score),
                opponent: opponent.map(|o| o.id),
                colour,
                preference: p.colour.preference,
                preference_strength: p.colour.kind(),
                preference_met: match (p.colour.preference, colour) {
                    (Some(want), Some(got)) => Some(want == got),
                    _ => None,
                },
                float,
                why,
                previous_floats: p.floats,
                bye_eligible: p.bye_eligible,
                decided_by,
                left_in: (float == FloatKind::Down).then(|| left_in.unwrap_or(points(p.score))),
                bye_by_unplayed_games: float == FloatKind::Bye && trace.c9_applied,
                not_taken: trace
                    .choices
                    .iter()
                    .find(|c| c.player == k)
                    .map(|c| (parts[c.preferred].id, c.criterion)),
            }
        })
        .collect();
    let brackets = trace
        .brackets
        .iter()
        .map(|b| BracketExplanation {
            score: points(b.score),
            moved_down: ids(&b.moved_down),
            residents: ids(&b.residents),
            downfloaters: ids(&b.downfloaters),
        })
        .collect();
    Ok(Explanation {
        round,
        pairing,
        players,
        brackets,
    })
}

fn float_char(f: Float) -> &'static str {
    match f {
        Float::Down => "D",
        Float::Up => "U",
        Float::None => " ",
    }
}

/// The `-l` checklist of round `round` (trf.md §6.5): one row per player to be paired, in
/// pairing order, brackets separated by blank lines; tab-separated, right-aligned columns
/// `ID Pts --- Pref C2 C14 C16 Cur` then the opponents of past rounds. With a `pairing`, the
/// `Cur` column shows each player's opponent and colour, or `(bye)`. An invalid request gives
/// an empty checklist (the pairing itself reports the error).
pub fn checklist(
    tournament: &Tournament,
    round: u32,
    options: &DutchOptions,
    pairing: Option<&Pairing>,
) -> String {
    let Ok(prepared) = prepare(tournament, round, options) else {
        return String::new();
    };
    let played = round.saturating_sub(1);
    let dashes = "-".repeat(played as usize + 1);
    let header = table::header(&["ID", "Pts", &dashes, "Pref", "C2", "C14", "C16"], played);
    let rows: Vec<(i32, Vec<String>)> = prepared
        .parts
        .iter()
        .map(|p| {
            let row = vec![
                p.id.to_string(),
                points(p.score).to_string(),
                table::colours_cell(&p.colours),
                table::preference_cell(&p.colour).to_string(),
                if p.bye_eligible { "Y" } else { "N" }.to_string(),
                float_char(p.floats[0]).to_string(),
                float_char(p.floats[1]).to_string(),
            ];
            let player = &tournament.players[p.player_index];
            (p.score, table::finish_row(row, pairing, player, played))
        })
        .collect();
    table::render(&header, &rows)
}
