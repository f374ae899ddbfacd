//! The played rounds of a TRF-2026 team file (trf.md §8): each round's matches with the teams'
//! colours, the lineups (which roster player sat on which board) and the boards' results,
//! forfeits of a board or of a whole match (`330`) and the pairing-allocated bye (`320`, `U`).
//! [`crate::teams::trf_import::teams_from_trf`] reads them with the registration, and
//! [`crate::Store::create_team_event_from_file`] stores both in one transaction, so that the event
//! continues from the next round with the standings `arbiter standings --teams` gives on the
//! file.
//!
//! A round that does not hold together is refused at the `001` line and the round's column of
//! the first player concerned, saying what was expected there; the messages' `expected` are
//! the constants below, which the server says in the visitor's language.

use std::collections::HashMap;

use tournament::team::{team_histories, TeamEntry, TeamError};
use tournament::{Color, Entry, GameResult, PlayerId, TeamForfeitResult, Tournament};

use crate::chess::types::ResultCode;
use crate::csv::ImportError;
use crate::teams::model::board_colours;
use crate::teams::trf_lines::Lines;
use crate::teams::types::*;

pub use crate::import_fields::{
    BYE_EXPECTED, COLOUR_EXPECTED, GAME_EXPECTED, LINEUP_EXPECTED, OPPONENT_EXPECTED,
    RESULT_EXPECTED, ROUNDS_EXPECTED,
};

/// One board of an imported match: the member (index in its team's members) of the match's
/// white team and of its black team, and the result for the board's White.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportedBoard {
    pub white_team_member: usize,
    pub black_team_member: usize,
    pub result: ResultCode,
}

/// A match of an imported round: its teams as indexes in the file's teams, the team with White
/// on board 1 first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportedMatch {
    pub white_team: usize,
    pub black_team: usize,
    pub boards: Vec<ImportedBoard>,
    /// A match forfeited as a whole (`330`): the boards hold the present team's lineup (its
    /// players with a `+`, else its first players) and the absent team's first players, who
    /// are never shown.
    pub forfeit: Option<MatchForfeit>,
}

/// A played round: its matches and the team with the bye (the PAB, or a round robin's team
/// without a match).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportedRound {
    pub matches: Vec<ImportedMatch>,
    pub bye: Option<usize>,
}

/// The column of round `round`'s entry in a `001` line (trf.md §2.3).
fn round_column(round: u32) -> usize {
    92 + 10 * (round as usize - 1)
}

/// An entry as the file writes it (`5 w 1`), for the messages.
fn entry_text(e: &Entry) -> String {
    tournament::trf::entry_text(e).trim().to_string()
}

/// The result of a board from its White's and Black's entries, when they tell one game.
fn board_result(white: &Entry, black: &Entry) -> Option<std::result::Result<ResultCode, ()>> {
    use GameResult::*;
    Some(Ok(match (white, black) {
        (
            Entry::Played {
                result: w,
                rated: true,
                ..
            },
            Entry::Played {
                result: b,
                rated: true,
                ..
            },
        ) => match (w, b) {
            (Win, Loss) => ResultCode::WhiteWins,
            (Loss, Win) => ResultCode::BlackWins,
            (Draw, Draw) => ResultCode::Draw,
            _ => return None,
        },
        (Entry::Played { .. }, Entry::Played { .. }) => return Some(Err(())),
        (Entry::ForfeitWin { .. }, Entry::ForfeitLoss { .. }) => ResultCode::WhiteForfeitWin,
        (Entry::ForfeitLoss { .. }, Entry::ForfeitWin { .. }) => ResultCode::BlackForfeitWin,
        (
            Entry::DoubleForfeit { .. } | Entry::ForfeitLoss { .. },
            Entry::DoubleForfeit { .. } | Entry::ForfeitLoss { .. },
        ) => ResultCode::DoubleForfeit,
        _ => return None,
    }))
}

/// True when the entry puts the player on a board (as `tournament::team` reads it).
fn on_board(e: &Entry) -> bool {
    e.opponent().is_some() || matches!(e, Entry::ForfeitWin { opponent: None, .. })
}

/// The played rounds of a team file whose registration is `teams`' order (see the module).
pub(crate) fn rounds(
    t: &Tournament,
    lines: &Lines,
    settings: &TeamEventSettings,
    played: u32,
) -> std::result::Result<Vec<ImportedRound>, ImportError> {
    if played == 0 {
        return Ok(Vec::new());
    }
    if played > settings.rounds {
        return Err(ImportError::new(
            lines.record("142"),
            5,
            ROUNDS_EXPECTED,
            format!("{played} > {}", settings.rounds),
        ));
    }
    let index: HashMap<PlayerId, usize> = t
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id, i))
        .collect();
    let player_line = |id: PlayerId| lines.players.get(&id.0).copied().unwrap_or(1);
    let team_line = |k: usize| lines.teams.get(k).map_or(1, |x| x.0);
    let numbers = t.team_numbers();
    let histories = team_histories(t).map_err(|e| match e {
        TeamError::BadOpponent { player, round, .. } => ImportError::new(
            player_line(player),
            round_column(round),
            OPPONENT_EXPECTED,
            entry_text(&t.players[index[&player]].rounds[round as usize - 1]),
        ),
        TeamError::MixedOpponents {
            team,
            round,
            first,
            second,
        } => ImportError::new(
            team_line(numbers.iter().position(|&n| n == team).unwrap_or(0)),
            5,
            OPPONENT_EXPECTED,
            format!("{team}: {first} / {second} ({round})"),
        ),
        other => ImportError::new(1, 1, OPPONENT_EXPECTED, other.to_string()),
    })?;
    let position: HashMap<u32, usize> = numbers.iter().enumerate().map(|(k, &n)| (n, k)).collect();
    let boards = settings.boards as usize;
    let colours = board_colours(settings.boards);
    let entry = |id: PlayerId, r: u32| {
        t.players[index[&id]]
            .rounds
            .get(r as usize - 1)
            .copied()
            .unwrap_or(Entry::NotPaired)
    };
    let mut out = Vec::with_capacity(played as usize);
    for round in 1..=played {
        let at = |id: PlayerId| player_line(id);
        let column = round_column(round);
        let mut matches: Vec<ImportedMatch> = Vec::new();
        let mut bye = None;
        let mut without = Vec::new();
        for (i, h) in histories.iter().enumerate() {
            let team = &t.teams[h.index];
            let first = team.players.first().copied().unwrap_or(PlayerId(1));
            match h.rounds[round as usize - 1].entry {
                TeamEntry::Match { opponent, .. } => {
                    let Some(j) = opponent.and_then(|o| position.get(&o).copied()) else {
                        return Err(ImportError::new(
                            at(first),
                            column,
                            OPPONENT_EXPECTED,
                            "+ (0000)",
                        ));
                    };
                    let back = histories[j].rounds[round as usize - 1].entry.opponent();
                    if back != Some(numbers[i]) {
                        return Err(ImportError::new(
                            at(first),
                            column,
                            OPPONENT_EXPECTED,
                            format!(
                                "{} / {}",
                                numbers[j],
                                back.map_or("-".into(), |b| b.to_string())
                            ),
                        ));
                    }
                    if j > i {
                        matches.push(read_match(t, round, i, j, boards, &colours, &entry, &at)?);
                    }
                }
                TeamEntry::PairingBye if bye.is_none() && !settings.system.is_round_robin() => {
                    bye = Some(i)
                }
                TeamEntry::Absent | TeamEntry::NotPaired | TeamEntry::Withdrawn => without.push(i),
                _ => {
                    let code = team
                        .players
                        .iter()
                        .map(|&p| entry(p, round))
                        .find(|e| !matches!(e, Entry::NotPaired))
                        .map_or(String::new(), |e| entry_text(&e));
                    return Err(ImportError::new(at(first), column, BYE_EXPECTED, code));
                }
            }
        }
        // A round robin's team without a match sits the round out: its bye.
        if settings.system.is_round_robin() && without.len() == 1 {
            bye = without.first().copied();
        }
        matches.sort_by_key(|m| m.white_team.min(m.black_team));
        out.push(ImportedRound { matches, bye });
    }
    Ok(out)
}

/// The match of teams `i` and `j` (indexes in the file's teams) in `round`.
#[allow(clippy::too_many_arguments)]
fn read_match(
    t: &Tournament,
    round: u32,
    i: usize,
    j: usize,
    boards: usize,
    colours: &[Color],
    entry: &dyn Fn(PlayerId, u32) -> Entry,
    at: &dyn Fn(PlayerId) -> usize,
) -> std::result::Result<ImportedMatch, ImportError> {
    let column = round_column(round);
    let numbers = t.team_numbers();
    let members = |k: usize| &t.teams[k].players[..];
    // The members with a board, as indexes in the team's members.
    let seated = |k: usize| -> Vec<usize> {
        members(k)
            .iter()
            .enumerate()
            .filter(|(_, &p)| on_board(&entry(p, round)))
            .map(|(m, _)| m)
            .collect()
    };
    let forfeit = t
        .team_records
        .forfeits
        .iter()
        .find(|f| f.round == round && (f.white == numbers[i] || f.black == numbers[i]));
    if let Some(f) = forfeit {
        let (white, black) = if f.white == numbers[i] {
            (i, j)
        } else {
            (j, i)
        };
        let forfeit = match f.result {
            TeamForfeitResult::WhiteWins => MatchForfeit::WhiteTeamWins,
            TeamForfeitResult::BlackWins => MatchForfeit::BlackTeamWins,
            TeamForfeitResult::Neither => MatchForfeit::Neither,
        };
        // The present team's lineup: its players with a board, else its first players; the
        // absent team's first players stand in (they are never shown).
        let lineup = |k: usize, came: bool| -> std::result::Result<Vec<usize>, ImportError> {
            let s = if came { seated(k) } else { Vec::new() };
            match s.len() {
                0 => Ok((0..boards).collect()),
                n if n == boards => Ok(s),
                n => Err(ImportError::new(
                    at(members(k)[s[0]]),
                    column,
                    LINEUP_EXPECTED,
                    format!("{n} / {boards}"),
                )),
            }
        };
        let (w, b) = (
            lineup(white, forfeit.came(true))?,
            lineup(black, forfeit.came(false))?,
        );
        for (k, m) in [(white, &w), (black, &b)] {
            if let Some(&x) = m.iter().find(|&&x| x >= members(k).len()) {
                return Err(ImportError::new(
                    at(members(k)[0]),
                    column,
                    LINEUP_EXPECTED,
                    format!("{} / {boards}", x.min(members(k).len())),
                ));
            }
        }
        let boards = w
            .iter()
            .zip(&b)
            .zip(colours)
            .map(|((&x, &y), c)| ImportedBoard {
                white_team_member: x,
                black_team_member: y,
                result: forfeit.board_result(*c == Color::White),
            })
            .collect();
        return Ok(ImportedMatch {
            white_team: white,
            black_team: black,
            boards,
            forfeit: Some(forfeit),
        });
    }
    let (si, sj) = (seated(i), seated(j));
    for (k, s) in [(i, &si), (j, &sj)] {
        if s.len() != boards {
            let p = s.first().map_or(members(k)[0], |&m| members(k)[m]);
            return Err(ImportError::new(
                at(p),
                column,
                LINEUP_EXPECTED,
                format!("{} / {boards}", s.len()),
            ));
        }
    }
    // The team with White on board 1: the colour of the first board that has one.
    let white_first = si
        .iter()
        .zip(colours)
        .find_map(|(&m, c)| {
            entry(members(i)[m], round)
                .color()
                .map(|x| (x == Color::White) == (*c == Color::White))
        })
        .unwrap_or(true);
    let (white, black, sw, sb) = if white_first {
        (i, j, &si, &sj)
    } else {
        (j, i, &sj, &si)
    };
    let mut out = Vec::with_capacity(boards);
    for (k, c) in colours.iter().enumerate() {
        let (pw, pb) = (members(white)[sw[k]], members(black)[sb[k]]);
        let (ew, eb) = (entry(pw, round), entry(pb, round));
        let game = |p: PlayerId, e: &Entry, o: PlayerId, eo: &Entry| {
            format!("{}: {} · {}: {}", p.0, entry_text(e), o.0, entry_text(eo))
        };
        let faces = |e: &Entry, o: PlayerId| e.opponent().is_none_or(|x| x == o);
        if !faces(&ew, pb)
            || !faces(&eb, pw)
            || (ew.opponent().is_none() && eb.opponent().is_none())
        {
            return Err(ImportError::new(
                at(pw),
                column,
                GAME_EXPECTED,
                game(pw, &ew, pb, &eb),
            ));
        }
        // The white team's player has the board's colour.
        let wrong = |e: &Entry, want: Color| e.color().is_some_and(|x| x != want);
        if wrong(&ew, *c) || wrong(&eb, c.opposite()) {
            let p = if wrong(&ew, *c) { pw } else { pb };
            let e = if p == pw { &ew } else { &eb };
            return Err(ImportError::new(
                at(p),
                column,
                COLOUR_EXPECTED,
                entry_text(e),
            ));
        }
        let (on_white, on_black) = if *c == Color::White {
            (&ew, &eb)
        } else {
            (&eb, &ew)
        };
        let result = match board_result(on_white, on_black) {
            Some(Ok(r)) => r,
            Some(Err(())) => {
                return Err(ImportError::new(
                    at(pw),
                    column,
                    RESULT_EXPECTED,
                    entry_text(&ew),
                ))
            }
            None => {
                return Err(ImportError::new(
                    at(pw),
                    column,
                    GAME_EXPECTED,
                    game(pw, &ew, pb, &eb),
                ))
            }
        };
        out.push(ImportedBoard {
            white_team_member: sw[k],
            black_team_member: sb[k],
            result,
        });
    }
    Ok(ImportedMatch {
        white_team: white,
        black_team: black,
        boards: out,
        forfeit: None,
    })
}
