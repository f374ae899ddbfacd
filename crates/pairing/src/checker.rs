//! The free pairings checker: replays every round of a tournament with an engine and reports
//! each round where the tournament's pairing differs from the engine's (trf.md §6.3).
//!
//! For round k the engine sees the tournament as it stood before round k: rounds 1 to k−1 as
//! played, and in column k only the absences (byes, zero-point byes, players not paired), so
//! that exactly the players the file paired in round k are to be paired.
//!
//! ```
//! use pairing::checker::{check, report_text, RoundOutcome};
//! use pairing::{Board, Pairing};
//! use tournament::{Color, Entry, GameResult, Player, PlayerId, Tournament};
//!
//! let game = |opponent, color, result| Entry::Played {
//!     opponent: PlayerId(opponent),
//!     color,
//!     result,
//!     rated: true,
//! };
//! let mut t = Tournament::default();
//! t.players.push(Player {
//!     id: PlayerId(1),
//!     rounds: vec![game(2, Color::White, GameResult::Win)],
//!     ..Player::default()
//! });
//! t.players.push(Player {
//!     id: PlayerId(2),
//!     rounds: vec![game(1, Color::Black, GameResult::Loss)],
//!     ..Player::default()
//! });
//!
//! // An engine that gives player 2 White disagrees with the file on colours.
//! let engine = |_: &Tournament, _: u32| {
//!     Ok(Pairing {
//!         boards: vec![Board { white: PlayerId(2), black: PlayerId(1) }],
//!         bye: None,
//!     })
//! };
//! let rounds = check(&t, engine).unwrap();
//! assert!(matches!(rounds[0].outcome, RoundOutcome::Differs { .. }));
//! assert_eq!(
//!     report_text("demo", &rounds),
//!     "demo: Round #1\n  Checker pairings        Tournament pairings\n      \
//!      2 -   1                  1 -   2\n\n"
//! );
//! ```

use std::cmp::Reverse;
use std::fmt::Write as _;

use tournament::{Color, Entry, PlayerId, Points, Tournament};

use crate::{Board, Pairing, PairingError};

/// What the checker found for one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundCheck {
    pub round: u32,
    pub outcome: RoundOutcome,
}

/// The verdict on one round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RoundOutcome {
    /// The engine pairs the round exactly as the file does: same pairs, same colours, same bye.
    Same,
    /// The pairings differ. Each list holds, in board order, the boards of one side that the
    /// other side does not have; a bye is the pair `(player, 0)`.
    Differs {
        checker: Vec<(u32, u32)>,
        tournament: Vec<(u32, u32)>,
    },
    /// The engine finds no valid pairing for the round.
    NoValidPairing,
}

/// Which rounds a check replays: every one, or only the one asked (JaVaFo's `-c ROUND`).
/// Each round is replayed from the file alone, so one round costs one pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Rounds {
    #[default]
    Every,
    Only(u32),
}

impl Rounds {
    /// The rounds to replay out of `1..=last` (none when the round asked is not there).
    pub fn within(self, last: u32) -> std::ops::RangeInclusive<u32> {
        match self {
            Rounds::Every => 1..=last,
            Rounds::Only(k) if (1..=last).contains(&k) => k..=k,
            Rounds::Only(_) => std::ops::RangeInclusive::new(1, 0),
        }
    }
}

/// Replays every recorded round of `tournament` with `pair` and compares with the file.
///
/// Errors other than [`PairingError::NoValidPairing`] (an invalid request, a tournament beyond
/// the engine's limits) stop the check: they would recur in every round.
pub fn check<F>(tournament: &Tournament, pair: F) -> Result<Vec<RoundCheck>, PairingError>
where
    F: FnMut(&Tournament, u32) -> Result<Pairing, PairingError>,
{
    check_rounds(tournament, false, Rounds::Every, pair)
}

/// [`check`] for the rounds that were paired only: a last column that holds nothing but
/// announced byes and absences is the next round to pair, not a round to check.
pub fn check_paired<F>(tournament: &Tournament, pair: F) -> Result<Vec<RoundCheck>, PairingError>
where
    F: FnMut(&Tournament, u32) -> Result<Pairing, PairingError>,
{
    check_rounds(tournament, true, Rounds::Every, pair)
}

/// The number of rounds [`check`] (or, `paired_only`, [`check_paired`]) replays.
pub fn rounds_to_check(tournament: &Tournament, paired_only: bool) -> u32 {
    if paired_only {
        tournament::rounds::played_rounds_in_file(tournament)
    } else {
        tournament.recorded_rounds()
    }
}

/// [`check`] or [`check_paired`] for the rounds `which` names only.
pub fn check_rounds<F>(
    tournament: &Tournament,
    paired_only: bool,
    which: Rounds,
    pair: F,
) -> Result<Vec<RoundCheck>, PairingError>
where
    F: FnMut(&Tournament, u32) -> Result<Pairing, PairingError>,
{
    let last = rounds_to_check(tournament, paired_only);
    let base = with_inferred_parameters(tournament);
    check_some(&base, which.within(last), pair, |t, r| {
        Ok((state_before_round(t, r), file_pairing(t, r)))
    })
}

/// The checker's loop for any system: for each round up to `last`, `state` gives the
/// tournament before the round and the file's pairing of it (a system whose rounds are not the
/// file's columns, or whose participants are teams, says how), and `pair` pairs the state.
pub fn check_with<F, S>(
    tournament: &Tournament,
    last: u32,
    pair: F,
    state: S,
) -> Result<Vec<RoundCheck>, PairingError>
where
    F: FnMut(&Tournament, u32) -> Result<Pairing, PairingError>,
    S: FnMut(&Tournament, u32) -> Result<(Tournament, Pairing), PairingError>,
{
    check_some(tournament, 1..=last, pair, state)
}

/// [`check_with`] for the rounds in `rounds` only: each is replayed from the file alone.
pub fn check_some<F, S>(
    tournament: &Tournament,
    rounds: std::ops::RangeInclusive<u32>,
    mut pair: F,
    mut state: S,
) -> Result<Vec<RoundCheck>, PairingError>
where
    F: FnMut(&Tournament, u32) -> Result<Pairing, PairingError>,
    S: FnMut(&Tournament, u32) -> Result<(Tournament, Pairing), PairingError>,
{
    let mut report = Vec::new();
    for round in rounds {
        let (before, recorded) = state(tournament, round)?;
        let outcome = match pair(&before, round) {
            Ok(ours) => compare(&ours, &recorded),
            Err(PairingError::NoValidPairing { .. }) => RoundOutcome::NoValidPairing,
            Err(e) => return Err(e),
        };
        report.push(RoundCheck { round, outcome });
    }
    Ok(report)
}

/// The tournament with the parameters a finished file may leave out filled in: the number of
/// rounds (every recorded column) and the initial colour (from round 1, see
/// [`infer_initial_color`]).
pub fn with_inferred_parameters(tournament: &Tournament) -> Tournament {
    let mut t = tournament.clone();
    if t.header.rounds.is_none() {
        t.header.rounds = Some(t.recorded_rounds());
    }
    if t.header.initial_color.is_none() {
        t.header.initial_color = infer_initial_color(&t);
    }
    t
}

/// The initial colour implied by round 1: the highest-ranked player paired in round 1 is the
/// higher-ranked player of board 1 with pairing number 1 among those paired, so the colour he
/// was scheduled is the initial colour (Dutch 5.2.5).
pub fn infer_initial_color(tournament: &Tournament) -> Option<Color> {
    let mut order: Vec<usize> = (0..tournament.players.len()).collect();
    if !tournament.header.pair_by_line_order {
        order.sort_by_key(|&i| tournament.players[i].id);
    }
    order
        .into_iter()
        .find_map(|i| tournament.players[i].entry(1).and_then(Entry::color))
}

/// The tournament as it stood before `round` (1-based): every earlier round as recorded, and in
/// column `round` only the entries of players who were not paired in it. Players with no
/// record of that round are marked not paired. Later rounds are dropped.
pub fn state_before_round(tournament: &Tournament, round: u32) -> Tournament {
    let history = round.saturating_sub(1) as usize;
    let mut t = tournament.clone();
    for player in &mut t.players {
        let entry = player.entry(round).copied();
        player.rounds.truncate(history);
        player.rounds.resize(history, Entry::NotPaired);
        match entry {
            Some(e) if e.was_paired() => {}
            Some(absence) => player.rounds.push(absence),
            None => player.rounds.push(Entry::NotPaired),
        }
    }
    let scores: Vec<Points> = t.players.iter().map(|p| t.score(p)).collect();
    for (player, score) in t.players.iter_mut().zip(scores) {
        player.points = score;
    }
    t.announced_byes.retain(|b| b.round <= round);
    t
}

/// The pairing of `round` as recorded in the file, boards in the reference engine's order:
/// the higher score of the pair first, then the lower score, then the better rank of the
/// higher-ranked player (GHR 3.6, scores before the round without acceleration).
pub fn file_pairing(tournament: &Tournament, round: u32) -> Pairing {
    let score = |id: PlayerId| -> Points {
        tournament
            .player(id)
            .map(|p| tournament.score_after(p, round.saturating_sub(1)))
            .unwrap_or_default()
    };
    let mut boards = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut bye = None;
    for player in &tournament.players {
        let Some(entry) = player.entry(round) else {
            continue;
        };
        match (entry, entry.opponent(), entry.color()) {
            (Entry::PairingBye, _, _) => bye = Some(player.id),
            // A forfeit without an opponent (legacy `0000 - +`) is scored as the PAB.
            (Entry::ForfeitWin { .. }, None, _) => bye = Some(player.id),
            (_, Some(opponent), color) if entry.was_paired() => {
                let white = match color {
                    Some(Color::White) => player.id,
                    Some(Color::Black) => opponent,
                    // Colour unknown: list the pair once, the smaller number first.
                    None => player.id.min(opponent),
                };
                let black = if white == player.id {
                    opponent
                } else {
                    player.id
                };
                // Each game appears on both players' lines: keep it once.
                let key = (player.id.min(opponent), player.id.max(opponent));
                if seen.insert(key) {
                    boards.push(Board { white, black });
                }
            }
            _ => {}
        }
    }
    boards.sort_by_key(|b| {
        let (sw, sb) = (score(b.white), score(b.black));
        let higher = if sw > sb || sw == sb && b.white < b.black {
            b.white
        } else {
            b.black
        };
        (Reverse(sw.max(sb)), Reverse(sw.min(sb)), higher)
    });
    Pairing { boards, bye }
}

/// Compares the engine's pairing with the file's, boards and colours.
pub fn compare(checker: &Pairing, tournament: &Pairing) -> RoundOutcome {
    let lines = |p: &Pairing| -> Vec<(u32, u32)> {
        p.boards
            .iter()
            .map(|b| (b.white.get(), b.black.get()))
            .chain(p.bye.map(|x| (x.get(), 0)))
            .collect()
    };
    let ours = lines(checker);
    let theirs = lines(tournament);
    let only_ours: Vec<(u32, u32)> = ours
        .iter()
        .copied()
        .filter(|x| !theirs.contains(x))
        .collect();
    let only_theirs: Vec<(u32, u32)> = theirs
        .iter()
        .copied()
        .filter(|x| !ours.contains(x))
        .collect();
    if only_ours.is_empty() && only_theirs.is_empty() {
        RoundOutcome::Same
    } else {
        RoundOutcome::Differs {
            checker: only_ours,
            tournament: only_theirs,
        }
    }
}

/// The checker's report in the engines' format (trf.md §6.3): `NAME: Round #k` for each round,
/// followed by a two-column table of the differing boards, or by
/// `No valid pairing exists for round k.`
pub fn report_text(name: &str, rounds: &[RoundCheck]) -> String {
    let cell = |pair: Option<&(u32, u32)>| match pair {
        Some((w, b)) => format!("{w:>7} - {b:>3}"),
        None => String::new(),
    };
    let mut out = String::new();
    for check in rounds {
        let _ = writeln!(out, "{name}: Round #{}", check.round);
        match &check.outcome {
            RoundOutcome::Same => {}
            RoundOutcome::NoValidPairing => {
                let _ = writeln!(out, "No valid pairing exists for round {}.", check.round);
            }
            RoundOutcome::Differs {
                checker,
                tournament,
            } => {
                out.push_str("  Checker pairings        Tournament pairings\n");
                for i in 0..checker.len().max(tournament.len()) {
                    let left = cell(checker.get(i));
                    let right = cell(tournament.get(i));
                    let line = if right.is_empty() {
                        left
                    } else {
                        format!("{left:<13}            {right}")
                    };
                    out.push_str(&line);
                    out.push('\n');
                }
                out.push('\n');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use tournament::{GameResult, Player};

    fn game(opponent: u32, color: Color, result: GameResult) -> Entry {
        Entry::Played {
            opponent: PlayerId(opponent),
            color,
            result,
            rated: true,
        }
    }

    fn three_players() -> Tournament {
        use Color::*;
        use GameResult::*;
        let mut t = Tournament::default();
        let rows = [
            vec![game(2, White, Win), game(3, Black, Draw)],
            vec![game(1, Black, Loss), Entry::HalfBye],
            vec![Entry::PairingBye, game(1, White, Draw)],
        ];
        for (i, rounds) in rows.into_iter().enumerate() {
            t.players.push(Player {
                id: PlayerId(i as u32 + 1),
                rounds,
                ..Player::default()
            });
        }
        t
    }

    #[test]
    fn state_keeps_absences_and_drops_the_round_paired() {
        let t = three_players();
        let s = state_before_round(&t, 2);
        assert_eq!(s.players[0].rounds.len(), 1);
        assert_eq!(
            s.players[1].rounds,
            vec![t.players[1].rounds[0], Entry::HalfBye]
        );
        assert_eq!(s.players[2].rounds.len(), 1);
        assert_eq!(s.players[1].points, Points::HALF);
    }

    #[test]
    fn file_pairing_lists_each_game_once_and_the_bye() {
        let t = three_players();
        let r1 = file_pairing(&t, 1);
        assert_eq!(
            r1.boards,
            [Board {
                white: PlayerId(1),
                black: PlayerId(2)
            }]
        );
        assert_eq!(r1.bye, Some(PlayerId(3)));
        let r2 = file_pairing(&t, 2);
        assert_eq!(
            r2.boards,
            [Board {
                white: PlayerId(3),
                black: PlayerId(1)
            }]
        );
        assert_eq!(r2.bye, None);
    }

    #[test]
    fn initial_colour_comes_from_the_top_player_of_round_one() {
        let mut t = three_players();
        assert_eq!(infer_initial_color(&t), Some(Color::White));
        t.players[0].rounds[0] = Entry::ZeroBye;
        t.players[1].rounds[0] = Entry::ForfeitWin {
            opponent: Some(PlayerId(3)),
            color: Some(Color::Black),
        };
        assert_eq!(infer_initial_color(&t), Some(Color::Black));
    }

    #[test]
    fn report_shows_only_differing_boards_and_no_pairing_rounds() {
        let rounds = [
            RoundCheck {
                round: 1,
                outcome: RoundOutcome::Same,
            },
            RoundCheck {
                round: 2,
                outcome: RoundOutcome::Differs {
                    checker: vec![(12, 4), (5, 0)],
                    tournament: vec![(4, 12)],
                },
            },
            RoundCheck {
                round: 3,
                outcome: RoundOutcome::NoValidPairing,
            },
        ];
        assert_eq!(
            report_text("x", &rounds),
            "x: Round #1\nx: Round #2\n  Checker pairings        Tournament pairings\n     \
             12 -   4                  4 -  12\n      5 -   0\n\nx: Round #3\n\
             No valid pairing exists for round 3.\n"
        );
    }
}
