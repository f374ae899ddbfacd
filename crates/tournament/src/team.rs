//! Team matches derived from a team file's records (trf.md §8.1): the rosters (`310`/`013`)
//! name each team's players, the players' `001` lines hold the games board by board, and the
//! team records add what the games cannot say (`320` the bye, `330` a match forfeited as a
//! whole, `352` the board colours, `362` the match-point scale).
//!
//! A team's round is a match against the team its members' opponents play for; its game points
//! are the sum of its members' points (the `162` scale), its match points follow from comparing
//! the two teams' game points (`362`; a match nobody played that ends level, such as one
//! forfeited by both teams, is lost by both). The match was played when at least one board was played
//! over the board; otherwise it was forfeited (C.04.6 1.6.1, C.04.2 3.5). The team's colour is
//! the colour scheduled for its board-1 player: the first member in roster order who had a
//! board that round (C.04.6 1.6.1). A round without a board is the team's bye or absence, read
//! from its members' entries (`U`, `F`, `H`, `Z`) and from `320`.
//!
//! ```
//! use tournament::team::{team_histories, TeamEntry};
//! use tournament::trf;
//! let text = "\
//! 192 FIDE_TEAM_TYPEA_MP_GP
//! 001    1      A1                                2500                             1.0    1     3 w 1
//! 001    2      A2                                2500                             0.5    2     4 b =
//! 001    3      B1                                2500                             0.0    3     1 b 0
//! 001    4      B2                                2500                             0.5    4     2 w =
//! 310   1 Alpha                                                               1    2
//! 310   2 Bravo                                                               3    4
//! ";
//! let t = trf::read(text).unwrap();
//! let teams = team_histories(&t).unwrap();
//! // Alpha won 1½–½ with White on board 1: two match points.
//! let r = &teams[0].rounds[0];
//! assert!(matches!(r.entry, TeamEntry::Match { opponent: Some(2), played: true, .. }));
//! assert_eq!(r.game_points.to_string(), "1.5");
//! assert_eq!(r.match_points.to_string(), "2.0");
//! ```

use std::collections::HashMap;

use crate::model::*;
use crate::points::Points;

/// What a team did in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TeamEntry {
    /// A match against `opponent` (unknown for a forfeit win written `0000 - +` without a
    /// `330` record). `played` is false when no board was played over the board; `color` is
    /// the board-1 colour of a played match (C.04.6 1.6.1), `None` otherwise.
    Match {
        opponent: Option<u32>,
        played: bool,
        color: Option<Color>,
    },
    /// The pairing-allocated bye.
    PairingBye,
    /// A full-point bye (FIDE-deprecated, C.04.6 2.1.2).
    FullBye,
    /// A half-point bye.
    HalfBye,
    /// Known absent: a zero-point bye.
    Absent,
    /// Withdrawn: no entry for any of its members.
    Withdrawn,
    /// Nothing recorded (a round before a late entry, or not paired).
    NotPaired,
}

impl TeamEntry {
    /// The opposing team of a match, played or forfeited.
    pub fn opponent(&self) -> Option<u32> {
        match *self {
            TeamEntry::Match { opponent, .. } => opponent,
            _ => None,
        }
    }

    /// True for a match played over the board (on at least one board).
    pub fn is_played(&self) -> bool {
        matches!(self, TeamEntry::Match { played: true, .. })
    }
}

/// One round of one team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TeamRound {
    pub entry: TeamEntry,
    /// The round's game points: the boards' points, the bye's value, or a `299` record's.
    pub game_points: Points,
    /// The round's match points: from the match, the bye's value, or a `299` record's.
    pub match_points: Points,
    /// The round in `299`'s words: a match won, drawn or lost over the board, won or lost by
    /// forfeit, a bye by its value (an absence is a zero-point bye); `None` for the
    /// pairing-allocated bye, which has no `299` type.
    pub result: Option<AbnormalKind>,
    /// Penalties and bonuses (`299` with a blank type) counted in this round: they change the
    /// team's score, not the match.
    pub bonus_match_points: Points,
    pub bonus_game_points: Points,
}

impl TeamRound {
    /// What the round adds to the team's match points.
    pub fn match_score(&self) -> Points {
        self.match_points + self.bonus_match_points
    }

    /// What the round adds to the team's game points.
    pub fn game_score(&self) -> Points {
        self.game_points + self.bonus_game_points
    }
}

/// A team and its rounds, round 1 first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamHistory {
    /// The team number (`310`), or its place in the file for `013`.
    pub number: u32,
    /// Index in `Tournament::teams`.
    pub index: usize,
    pub rounds: Vec<TeamRound>,
}

impl TeamHistory {
    /// The team's match points, penalties and bonuses included.
    pub fn match_points(&self) -> Points {
        self.rounds.iter().map(TeamRound::match_score).sum()
    }

    /// The team's game points, penalties and bonuses included.
    pub fn game_points(&self) -> Points {
        self.rounds.iter().map(TeamRound::game_score).sum()
    }
}

/// Why a tournament's teams cannot be read as matches. A file that `trf::read` accepts never
/// gives one; a model built by a program may.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TeamError {
    #[error("the tournament has no teams")]
    NoTeams,
    #[error("team number {0} is given to two teams")]
    DuplicateNumber(u32),
    #[error("in round {round}, members of team {team} play against teams {first} and {second}")]
    MixedOpponents {
        team: u32,
        round: u32,
        first: u32,
        second: u32,
    },
    #[error("in round {round}, player {player} of team {team} plays player {opponent}, who is in no team or in the same team")]
    BadOpponent {
        team: u32,
        round: u32,
        player: PlayerId,
        opponent: PlayerId,
    },
}

/// The values a team file's records give, with the defaults of TRF-2026 and C.04.6.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TeamScoring {
    pub match_points: MatchPointScale,
    /// The bye's match points: `320`, else those of a drawn match (C.04.6 1.4).
    pub pab_match_points: Points,
    /// The bye's game points: `320`, else those of a drawn match (half of every board's win).
    pub pab_game_points: Points,
    /// The number of boards: `352`, else the most boards any team fielded in a match, else the
    /// longest roster.
    pub boards: u32,
}

impl TeamScoring {
    pub fn of(t: &Tournament) -> TeamScoring {
        let scale = t.team_records.match_points.unwrap_or_default();
        let boards = match &t.team_records.board_colors {
            Some(c) if !c.is_empty() => c.len() as u32,
            _ => {
                let index = &player_index(t);
                let fielded = (0..t.recorded_rounds())
                    .flat_map(|r| {
                        t.teams.iter().map(move |team| {
                            team.players
                                .iter()
                                .filter_map(|id| index.get(id))
                                .filter(|&&i| on_board(&entry(&t.players[i], r)))
                                .count() as u32
                        })
                    })
                    .max()
                    .unwrap_or(0);
                let roster = t.teams.iter().map(|x| x.players.len() as u32).max();
                if fielded > 0 {
                    fielded
                } else {
                    roster.unwrap_or(1).max(1)
                }
            }
        };
        let pab = t.team_records.pab.as_ref();
        TeamScoring {
            match_points: scale,
            pab_match_points: pab.and_then(|p| p.match_points).unwrap_or(scale.draw),
            pab_game_points: pab
                .and_then(|p| p.game_points)
                .unwrap_or(t.point_system.draw * boards as i32),
            boards,
        }
    }
}

fn player_index(t: &Tournament) -> HashMap<PlayerId, usize> {
    t.players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id, i))
        .collect()
}

/// A player's entry of round `r` (0-based), `NotPaired` beyond the record.
fn entry(p: &Player, r: u32) -> Entry {
    p.rounds
        .get(r as usize)
        .copied()
        .unwrap_or(Entry::NotPaired)
}

/// True when the entry puts the player on a board of a match: a game, played or forfeited
/// (a forfeit win written `0000 - +` is a board won against an absent player; `0000 - -` is
/// read as an absence).
fn on_board(e: &Entry) -> bool {
    e.opponent().is_some() || matches!(e, Entry::ForfeitWin { opponent: None, .. })
}

/// The board colours of the team with White on board 1: `352`, else alternating from White.
fn board_color(t: &Tournament, board: usize) -> Color {
    match &t.team_records.board_colors {
        Some(c) if !c.is_empty() => c[board % c.len()],
        _ if board.is_multiple_of(2) => Color::White,
        _ => Color::Black,
    }
}

/// Every team's rounds, in `Tournament::teams` order.
pub fn team_histories(t: &Tournament) -> Result<Vec<TeamHistory>, TeamError> {
    if t.teams.is_empty() {
        return Err(TeamError::NoTeams);
    }
    let numbers = t.team_numbers();
    let mut seen = HashMap::new();
    for &n in &numbers {
        if seen.insert(n, ()).is_some() {
            return Err(TeamError::DuplicateNumber(n));
        }
    }
    let index = player_index(t);
    let mut team_of: HashMap<PlayerId, u32> = HashMap::new();
    for (team, &n) in t.teams.iter().zip(&numbers) {
        for id in &team.players {
            team_of.entry(*id).or_insert(n);
        }
    }
    let scoring = TeamScoring::of(t);
    let rounds = t.recorded_rounds();
    let position: HashMap<u32, usize> = numbers.iter().enumerate().map(|(k, &n)| (n, k)).collect();
    // First pass: the entry and game points of every team and round.
    let mut histories: Vec<TeamHistory> = Vec::with_capacity(t.teams.len());
    for (k, team) in t.teams.iter().enumerate() {
        let n = numbers[k];
        let members: Vec<&Player> = team
            .players
            .iter()
            .filter(|id| team_of.get(id) == Some(&n))
            .filter_map(|id| index.get(id).map(|&i| &t.players[i]))
            .collect();
        let mut list = Vec::with_capacity(rounds as usize);
        for r in 0..rounds {
            list.push(team_round(t, &scoring, &team_of, n, &members, r)?);
        }
        histories.push(TeamHistory {
            number: n,
            index: k,
            rounds: list,
        });
    }
    // Second pass: match points, which need both teams' game points.
    let game_points: Vec<Vec<Points>> = histories
        .iter()
        .map(|h| h.rounds.iter().map(|r| r.game_points).collect())
        .collect();
    for (k, h) in histories.iter_mut().enumerate() {
        for (r, round) in h.rounds.iter_mut().enumerate() {
            let forfeit = forfeit_330(t, numbers[k], r as u32 + 1);
            use AbnormalKind as A;
            let (result, match_points) = match (round.entry, forfeit) {
                (TeamEntry::Match { .. }, Some(won)) => match won {
                    Some(true) => (A::ForfeitWin, scoring.match_points.win),
                    _ => (A::ForfeitLoss, scoring.match_points.loss),
                },
                (
                    TeamEntry::Match {
                        opponent, played, ..
                    },
                    None,
                ) => {
                    let theirs = opponent
                        .and_then(|o| position.get(&o))
                        .map(|&j| game_points[j][r]);
                    let (won, lost) = if played {
                        (A::Win, A::Loss)
                    } else {
                        (A::ForfeitWin, A::ForfeitLoss)
                    };
                    match theirs.map(|g| round.game_points.cmp(&g)) {
                        Some(std::cmp::Ordering::Greater) => (won, scoring.match_points.win),
                        // A match nobody played is no draw: both teams lose it.
                        Some(std::cmp::Ordering::Equal) if !played => {
                            (A::ForfeitLoss, scoring.match_points.loss)
                        }
                        Some(std::cmp::Ordering::Equal) => (A::Draw, scoring.match_points.draw),
                        Some(std::cmp::Ordering::Less) => (lost, scoring.match_points.loss),
                        // A forfeit win against a team nobody names.
                        None => (A::ForfeitWin, scoring.match_points.win),
                    }
                }
                (TeamEntry::PairingBye, _) => {
                    round.match_points = scoring.pab_match_points;
                    continue;
                }
                (TeamEntry::FullBye, _) => (A::FullBye, scoring.match_points.win),
                (TeamEntry::HalfBye, _) => (A::HalfBye, scoring.match_points.draw),
                _ => (A::ZeroBye, Points::ZERO),
            };
            round.result = Some(result);
            round.match_points = match_points;
        }
    }
    abnormal_points(t, &mut histories);
    Ok(histories)
}

/// Applies the `299` records of a team competition: a typed record gives the result it names
/// other match points and game points (either may be left out), a blank one adds its points
/// to the team's score in the round it names (round 1 for `000`).
fn abnormal_points(t: &Tournament, histories: &mut [TeamHistory]) {
    for a in &t.abnormal_points {
        for h in histories.iter_mut() {
            for (r, round) in h.rounds.iter_mut().enumerate() {
                let number = r as u32 + 1;
                if a.kind == AbnormalKind::Adjustment {
                    let named = a.participants.is_empty() || a.participants.contains(&h.number);
                    if named && a.counted_in() == number {
                        round.bonus_match_points += a.match_points.unwrap_or_default();
                        round.bonus_game_points += a.points.unwrap_or_default();
                    }
                } else if round.result == Some(a.kind) && a.applies_to(h.number, number) {
                    if let Some(mp) = a.match_points {
                        round.match_points = mp;
                    }
                    if let Some(gp) = a.points {
                        round.game_points = gp;
                    }
                }
            }
        }
    }
}

/// The `330` record of `team` in `round`, if any: `Some(Some(true))` when it won,
/// `Some(Some(false))` when it lost, `Some(None)` when neither team appeared.
fn forfeit_330(t: &Tournament, team: u32, round: u32) -> Option<Option<bool>> {
    let f = t
        .team_records
        .forfeits
        .iter()
        .find(|f| f.round == round && (f.white == team || f.black == team))?;
    Some(match f.result {
        TeamForfeitResult::WhiteWins => Some(f.white == team),
        TeamForfeitResult::BlackWins => Some(f.black == team),
        TeamForfeitResult::Neither => None,
    })
}

fn team_round(
    t: &Tournament,
    scoring: &TeamScoring,
    team_of: &HashMap<PlayerId, u32>,
    n: u32,
    members: &[&Player],
    r: u32,
) -> Result<TeamRound, TeamError> {
    let entries: Vec<Entry> = members.iter().map(|p| entry(p, r)).collect();
    let game_points: Points = entries.iter().map(|e| e.points(&t.point_system)).sum();
    let round = r + 1;
    // The opposing team, as every member with an opponent names it.
    let mut opponent: Option<u32> = None;
    for (p, e) in members.iter().zip(&entries) {
        let Some(o) = e.opponent() else { continue };
        let other = match team_of.get(&o) {
            Some(&x) if x != n => x,
            _ => {
                return Err(TeamError::BadOpponent {
                    team: n,
                    round,
                    player: p.id,
                    opponent: o,
                })
            }
        };
        match opponent {
            Some(first) if first != other => {
                return Err(TeamError::MixedOpponents {
                    team: n,
                    round,
                    first,
                    second: other,
                })
            }
            _ => opponent = Some(other),
        }
    }
    let forfeit = t
        .team_records
        .forfeits
        .iter()
        .find(|f| f.round == round && (f.white == n || f.black == n));
    let entry = if let Some(f) = forfeit {
        let other = if f.white == n { f.black } else { f.white };
        TeamEntry::Match {
            opponent: Some(other),
            played: false,
            color: None,
        }
    } else if opponent.is_some() || entries.iter().any(on_board) {
        let played = entries.iter().any(Entry::is_played);
        let color = if played {
            // Board 1 is the first member on a board; a colour written on another board says
            // board 1's through the board colours.
            let boards: Vec<&Entry> = entries.iter().filter(|e| on_board(e)).collect();
            boards.first().and_then(|e| e.color()).or_else(|| {
                boards.iter().enumerate().find_map(|(k, e)| {
                    e.color().map(|c| {
                        if board_color(t, k) == board_color(t, 0) {
                            c
                        } else {
                            c.opposite()
                        }
                    })
                })
            })
        } else {
            None
        };
        TeamEntry::Match {
            opponent,
            played,
            color,
        }
    } else {
        let pab_here = t
            .team_records
            .pab
            .as_ref()
            .and_then(|p| p.receivers.get(r as usize).copied().flatten())
            == Some(n);
        let any = |f: fn(&Entry) -> bool| entries.iter().any(f);
        if pab_here || any(|e| matches!(e, Entry::PairingBye)) {
            TeamEntry::PairingBye
        } else if any(|e| matches!(e, Entry::FullBye)) {
            TeamEntry::FullBye
        } else if any(|e| matches!(e, Entry::HalfBye)) {
            TeamEntry::HalfBye
        } else if !entries.is_empty() && entries.iter().all(|e| matches!(e, Entry::Withdrawn)) {
            TeamEntry::Withdrawn
        } else if any(|e| matches!(e, Entry::ZeroBye | Entry::ForfeitLoss { .. })) {
            TeamEntry::Absent
        } else {
            TeamEntry::NotPaired
        }
    };
    let game_points = match entry {
        TeamEntry::PairingBye => scoring.pab_game_points,
        _ => game_points,
    };
    Ok(TeamRound {
        entry,
        game_points,
        match_points: Points::ZERO,
        result: None,
        bonus_match_points: Points::ZERO,
        bonus_game_points: Points::ZERO,
    })
}
