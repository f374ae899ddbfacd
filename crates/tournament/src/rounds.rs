//! Which round a pairing request asks for (the engines' `-p` mode, trf.md §5).
//!
//! The history is every column in which somebody took part in the pairing (a game, a forfeit or
//! the pairing-allocated bye). The round to pair is the column right after it; entries already
//! written there are absences. When every player already has an entry in that column, the
//! column is complete and the next one is paired instead.
//!
//! ```
//! use tournament::rounds::round_to_pair;
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
//! t.players.push(Player { id: PlayerId(3), rounds: vec![Entry::PairingBye], ..Player::default() });
//! assert_eq!(round_to_pair(&t), 2);
//!
//! // Player 3 announced a half-point bye for round 2: round 2 is still the one to pair.
//! t.players[2].rounds.push(Entry::HalfBye);
//! assert_eq!(round_to_pair(&t), 2);
//! ```

use crate::model::{Entry, Player, PlayerId, Tournament};

/// True when the entry shows that the player took part in the round's pairing: a scheduled
/// game (played or forfeited) or the PAB. A forfeit loss without an opponent (`0000 - -`) is
/// an absence.
pub fn took_part(entry: &Entry) -> bool {
    match entry {
        Entry::ForfeitLoss { opponent: None, .. } => false,
        e => e.was_paired(),
    }
}

/// The length of the record without its trailing blank columns (a withdrawal is written as
/// blanks too).
fn record_len(p: &Player) -> usize {
    p.rounds
        .iter()
        .rposition(|e| !matches!(e, Entry::NotPaired | Entry::Withdrawn))
        .map_or(0, |i| i + 1)
}

/// The number of columns one pairing fills: two in a Double-Swiss file (`192
/// FIDE_DOUBLESWISS…`, `CUSTOM_DOUBLESWISS`), where a match takes a column per game, else one.
pub fn columns_per_pairing(tournament: &Tournament) -> u32 {
    let double_swiss = tournament
        .header
        .type_code
        .as_deref()
        .is_some_and(|c| c.to_ascii_uppercase().contains("DOUBLESWISS"));
    if double_swiss {
        2
    } else {
        1
    }
}

/// The number of rounds that form the history: the last column in which anybody took part in
/// the pairing, and every column before a recorded entry (trf.md §5 points 1–2). In a
/// Double-Swiss file the same holds match by match: a bye entered in advance in both columns
/// of the next match (`0000 - H  0000 - H`) leaves that match to pair.
pub fn played_rounds_in_file(tournament: &Tournament) -> u32 {
    played_columns(tournament, columns_per_pairing(tournament))
}

/// [`played_rounds_in_file`] with pairings of `width` columns each.
fn played_columns(tournament: &Tournament, width: u32) -> u32 {
    let mut played = 0u32;
    for player in &tournament.players {
        for (index, entry) in player.rounds.iter().take(record_len(player)).enumerate() {
            let first_column = index as u32 / width * width;
            // An entry in a pairing's column proves that the pairings before it are history;
            // an entry that took part in the pairing makes its own pairing history too.
            played = played.max(first_column);
            if took_part(entry) {
                played = played.max(first_column + width);
            }
        }
    }
    played
}

/// The round (1-based) that `-p` pairs: the column after the history, or the one after that
/// when every player already has an entry in it (trf.md §5 points 3–4). In a Double-Swiss
/// file it is the first column of the match to pair.
pub fn round_to_pair(tournament: &Tournament) -> u32 {
    first_column_to_pair(tournament, columns_per_pairing(tournament))
}

/// The first column of the pairing to pair when every pairing takes `width` columns (a
/// Double-Swiss match: 2), whatever the file's type code says.
pub fn first_column_to_pair(tournament: &Tournament, width: u32) -> u32 {
    let played = played_columns(tournament, width);
    let column_is_complete = !tournament.players.is_empty()
        && tournament
            .players
            .iter()
            .all(|p| record_len(p) as u32 > played);
    if column_is_complete {
        played + width + 1
    } else {
        played + 1
    }
}

/// The columns of the round to pair ([`round_to_pair`]): one, or a Double-Swiss match's two.
pub fn columns_to_pair(tournament: &Tournament) -> std::ops::RangeInclusive<u32> {
    let first = round_to_pair(tournament);
    first..=first + columns_per_pairing(tournament) - 1
}

/// The players with no entry at all in a round of the history, by round: TRF allows a blank
/// entry, but in a round that was played it usually is a forgotten result, which every
/// program then reads as an absence. Withdrawals recorded as such (`XXW`) are not listed.
///
/// In a team competition a member without an entry is a reserve when a teammate has one (the
/// team played, or had a bye): only a team with no entry at all is missing, by its members.
pub fn missing_entries(tournament: &Tournament) -> Vec<(u32, Vec<PlayerId>)> {
    let played = played_rounds_in_file(tournament) as usize;
    let blank = |p: &crate::model::Player, column: usize| {
        matches!(p.rounds.get(column), None | Some(Entry::NotPaired))
    };
    // In a team competition, each player's teammates (the player included).
    let teammates: std::collections::HashMap<PlayerId, &[PlayerId]> = if tournament.is_team_event()
    {
        tournament
            .teams
            .iter()
            .flat_map(|team| team.players.iter().map(move |id| (*id, &team.players[..])))
            .collect()
    } else {
        Default::default()
    };
    (0..played)
        .filter_map(|column| {
            let missing: Vec<PlayerId> = tournament
                .players
                .iter()
                .filter(|p| blank(p, column))
                .filter(|p| match teammates.get(&p.id) {
                    Some(team) => team
                        .iter()
                        .filter_map(|id| tournament.player(*id))
                        .all(|mate| blank(mate, column)),
                    None => true,
                })
                .map(|p| p.id)
                .collect();
            (!missing.is_empty()).then_some((column as u32 + 1, missing))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Color, GameResult};

    fn game(opponent: u32, color: Color, result: GameResult) -> Entry {
        Entry::Played {
            opponent: PlayerId(opponent),
            color,
            result,
            rated: true,
        }
    }

    fn player(id: u32, rounds: Vec<Entry>) -> Player {
        Player {
            id: PlayerId(id),
            rounds,
            ..Player::default()
        }
    }

    #[test]
    fn empty_tournament_pairs_round_one() {
        let t = Tournament {
            players: vec![player(1, vec![]), player(2, vec![])],
            ..Tournament::default()
        };
        assert_eq!(round_to_pair(&t), 1);
    }

    #[test]
    fn absences_in_round_one_do_not_count_as_history() {
        let t = Tournament {
            players: vec![player(1, vec![Entry::ZeroBye]), player(2, vec![])],
            ..Tournament::default()
        };
        assert_eq!(round_to_pair(&t), 1);
    }

    #[test]
    fn a_column_where_everybody_has_an_entry_is_complete() {
        // Everybody absent in round 1 (no pairing took place): round 2 is the one to pair.
        let t = Tournament {
            players: vec![
                player(1, vec![Entry::ZeroBye]),
                player(2, vec![Entry::HalfBye]),
            ],
            ..Tournament::default()
        };
        assert_eq!(round_to_pair(&t), 2);
    }

    #[test]
    fn forfeits_and_byes_are_history() {
        let t = Tournament {
            players: vec![
                player(
                    1,
                    vec![
                        game(2, Color::White, GameResult::Win),
                        Entry::ForfeitWin {
                            opponent: Some(PlayerId(2)),
                            color: Some(Color::Black),
                        },
                    ],
                ),
                player(
                    2,
                    vec![
                        game(1, Color::Black, GameResult::Loss),
                        Entry::ForfeitLoss {
                            opponent: Some(PlayerId(1)),
                            color: Some(Color::White),
                        },
                    ],
                ),
                player(
                    3,
                    vec![Entry::PairingBye, Entry::PairingBye, Entry::ZeroBye],
                ),
            ],
            ..Tournament::default()
        };
        assert_eq!(played_rounds_in_file(&t), 2);
        assert_eq!(round_to_pair(&t), 3);
    }

    #[test]
    fn blank_entries_in_played_rounds_are_listed_by_round() {
        let t = Tournament {
            players: vec![
                player(
                    1,
                    vec![game(2, Color::White, GameResult::Win), Entry::PairingBye],
                ),
                player(
                    2,
                    vec![game(1, Color::Black, GameResult::Loss), Entry::NotPaired],
                ),
                player(3, vec![Entry::NotPaired, Entry::Withdrawn]),
                player(4, vec![Entry::ZeroBye]),
            ],
            ..Tournament::default()
        };
        assert_eq!(
            missing_entries(&t),
            vec![(1, vec![PlayerId(3)]), (2, vec![PlayerId(2), PlayerId(4)])]
        );
        // Nothing is missing before any round is played.
        let fresh = Tournament {
            players: vec![player(1, vec![]), player(2, vec![])],
            ..Tournament::default()
        };
        assert!(missing_entries(&fresh).is_empty());
    }
}
