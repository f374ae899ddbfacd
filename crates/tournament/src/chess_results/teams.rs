//! chess-results.com's upload file for a team event (`type` 2 a round robin, 3 a Swiss): the
//! players with their team and board, the teams with their rank, points and tie-breaks, every
//! match (`teampairing`) and every board of it (`playerpairing`), in the order of the author's
//! `Team_SwissSystem.xml` and `Team_RoundRobin.xml`.
//!
//! The caller gives the matches as they were played and the rankings already computed: this
//! module checks only that the teams, players and boards it is given name each other.

use super::{attr, intermediate_rankings, player_element, pts, rounds_element};
use super::{security_element, tournament_element, Intermediate};
use super::{RankRow, Ranking, Security, Sheet, TiebreakColumn};
use crate::model::{PlayerId, Tournament};
use crate::points::Points;

/// A team as the file lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamLine {
    /// The team's starting number (chess-results' `no`, the players' `teamno`).
    pub number: u32,
    pub name: String,
    pub captain: String,
    /// Three-letter federation, or empty.
    pub federation: String,
    pub rating_average: Option<u32>,
    /// Withdrawn from a round robin (`state` 1).
    pub withdrawn: bool,
    /// The roster in board order: the first is board 1.
    pub members: Vec<PlayerId>,
}

/// The teams' ranking after round `round`, best first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRanking {
    pub round: u32,
    pub rows: Vec<TeamRankRow>,
}

/// A team's place in a ranking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamRankRow {
    pub team: u32,
    pub rank: u32,
    /// True when the team shares the place of the row above.
    pub equal: bool,
    /// The primary score (match points, or game points where they rank first).
    pub points: Points,
    /// The tie-breaks' values as shown, in the order of [`TeamUpload::tiebreaks`].
    pub tiebreaks: Vec<String>,
}

/// The other side of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opponent {
    Team(u32),
    /// The pairing-allocated bye (`-1`).
    PairingBye,
    /// Not paired: absent or a bye other than the pairing-allocated one (`-2`).
    NotPaired,
}

/// How a board's game counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Game {
    Played,
    /// Played but not rated (`U`).
    Unrated,
    /// Won and lost by forfeit (`K`).
    Forfeit,
    /// Lost by both (`D`).
    DoubleForfeit,
}

/// One board of a match: White's and Black's starting numbers and points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardPairing {
    pub board: u32,
    pub white: PlayerId,
    pub black: PlayerId,
    pub white_points: Points,
    pub black_points: Points,
    pub game: Game,
}

/// A match of a round: the first team (the one with White on board 1), the other side, each
/// team's board points, and the boards (none for a match forfeited as a whole, whose absent
/// side fielded nobody, nor for a bye).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamPairing {
    pub first: u32,
    pub second: Opponent,
    pub first_points: Points,
    pub second_points: Points,
    pub boards: Vec<BoardPairing>,
}

/// Everything a team event's upload file says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamUpload<'a> {
    /// The header and the players (every team's members).
    pub tournament: &'a Tournament,
    pub key: String,
    pub creator: String,
    pub round_robin: bool,
    pub organiser: String,
    pub director: String,
    pub remark: String,
    pub fide_rated: Option<bool>,
    /// Boards per match (`playerperteam`).
    pub boards: u32,
    /// True when a match's first team has White on board 1 (`homecolor` `w`).
    pub first_team_white: bool,
    pub teams: Vec<TeamLine>,
    /// The teams' tie-breaks after the primary score.
    pub tiebreaks: Vec<TiebreakColumn>,
    /// One ranking per round with results, the last one the ranking shown (`rankinground`).
    pub rankings: Vec<TeamRanking>,
    /// The players' own ranking (their board points) after the same round.
    pub players: Ranking,
    /// Each paired round's matches, round 1 first.
    pub rounds: Vec<Vec<TeamPairing>>,
    /// True when every round is played (`endstatus`).
    pub finished: bool,
    pub security: Option<Security>,
}

/// Why a team upload cannot be written: the model names a team or player it does not hold.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TeamFileError {
    #[error("team {0} is listed twice")]
    DuplicateTeam(u32),
    #[error("player {player} of team {team} is not among the tournament's players")]
    UnknownMember { team: u32, player: PlayerId },
    #[error("player {player} plays for team {first} and team {second}")]
    TwoTeams {
        player: PlayerId,
        first: u32,
        second: u32,
    },
    #[error("player {0} plays for no team")]
    NoTeam(PlayerId),
    #[error("round {round}, match {pairing}: team {team} is not in the team list")]
    UnknownTeam { round: u32, pairing: u32, team: u32 },
    #[error(
        "round {round}, match {pairing}, board {board}: player {player} plays for neither team"
    )]
    NotInMatch {
        round: u32,
        pairing: u32,
        board: u32,
        player: PlayerId,
    },
    #[error("the ranking after round {round} names team {team}, which is not in the team list")]
    UnknownRankedTeam { round: u32, team: u32 },
}

/// The upload file of one team event.
pub fn write_teams(u: &TeamUpload) -> Result<String, TeamFileError> {
    let t = u.tournament;
    let h = &t.header;
    // Each player's team and board.
    let mut of: std::collections::HashMap<PlayerId, (u32, u32)> = Default::default();
    let mut numbers = std::collections::HashSet::new();
    for team in &u.teams {
        if !numbers.insert(team.number) {
            return Err(TeamFileError::DuplicateTeam(team.number));
        }
        for (k, &player) in team.members.iter().enumerate() {
            if !t.players.iter().any(|p| p.id == player) {
                return Err(TeamFileError::UnknownMember {
                    team: team.number,
                    player,
                });
            }
            if let Some(&(first, _)) = of.get(&player) {
                return Err(TeamFileError::TwoTeams {
                    player,
                    first,
                    second: team.number,
                });
            }
            of.insert(player, (team.number, k as u32 + 1));
        }
    }
    if let Some(p) = t.players.iter().find(|p| !of.contains_key(&p.id)) {
        return Err(TeamFileError::NoTeam(p.id));
    }
    for ranking in &u.rankings {
        if let Some(row) = ranking.rows.iter().find(|r| !numbers.contains(&r.team)) {
            return Err(TeamFileError::UnknownRankedTeam {
                round: ranking.round,
                team: row.team,
            });
        }
    }
    for (r, matches) in u.rounds.iter().enumerate() {
        let round = r as u32 + 1;
        for (k, m) in matches.iter().enumerate() {
            let pairing = k as u32 + 1;
            let second = match m.second {
                Opponent::Team(n) => Some(n),
                _ => None,
            };
            for team in std::iter::once(m.first).chain(second) {
                if !numbers.contains(&team) {
                    return Err(TeamFileError::UnknownTeam {
                        round,
                        pairing,
                        team,
                    });
                }
            }
            for b in &m.boards {
                for player in [b.white, b.black] {
                    let team = of.get(&player).map(|x| x.0);
                    if team != Some(m.first) && team != second {
                        return Err(TeamFileError::NotInMatch {
                            round,
                            pairing,
                            board: b.board,
                            player,
                        });
                    }
                }
            }
        }
    }

    let final_ranking = u.rankings.last();
    let current_round = u.rounds.len() as u32;
    let averages: Vec<u32> = u.teams.iter().filter_map(|t| t.rating_average).collect();
    let average = if averages.is_empty() {
        String::new()
    } else {
        (averages.iter().sum::<u32>() / averages.len() as u32).to_string()
    };
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<chessresults>\n");
    let sheet = Sheet {
        key: &u.key,
        kind: if u.round_robin { 2 } else { 3 },
        remark: &u.remark,
        director: &u.director,
        organiser: &u.organiser,
        current_round,
        ranking_round: final_ranking.map_or(0, |r| r.round),
        fide_rated: u.fide_rated,
        tiebreaks: &u.tiebreaks,
        average,
        finished: u.finished,
        creator: &u.creator,
        teams: Some((u.boards, u.first_team_white)),
    };
    tournament_element(&mut out, h, &sheet);
    rounds_element(&mut out, h, current_round);

    out.push_str("<players>\n");
    // The examples list the players team by team, in board order.
    for team in &u.teams {
        for (k, id) in team.members.iter().enumerate() {
            let Some(p) = t.players.iter().find(|p| p.id == *id) else {
                continue;
            };
            let row: Option<&RankRow> = u.players.rows.iter().find(|r| r.player == *id);
            let points = row.map_or(Points::ZERO, |r| r.points);
            player_element(
                &mut out,
                p,
                Some((team.number, k as u32 + 1)),
                row,
                points,
                "",
            );
        }
    }
    out.push_str("</players>\n");

    let i = "  ";
    out.push_str("<teams>\n");
    for team in &u.teams {
        let row = final_ranking.and_then(|r| r.rows.iter().find(|x| x.team == team.number));
        out.push_str("<team\n");
        attr(&mut out, i, "no", team.number);
        attr(&mut out, i, "teamname", &team.name);
        attr(&mut out, i, "teamshort", &team.name);
        attr(
            &mut out,
            i,
            "rank",
            row.map_or(String::new(), |r| r.rank.to_string()),
        );
        attr(
            &mut out,
            i,
            "points",
            row.map_or(String::new(), |r| pts(r.points)),
        );
        for k in 0..5 {
            let v = row
                .and_then(|r| r.tiebreaks.get(k))
                .cloned()
                .unwrap_or_default();
            attr(&mut out, i, &format!("tb{}", k + 1), v);
        }
        attr(&mut out, i, "captain", &team.captain);
        attr(
            &mut out,
            i,
            "equal",
            if row.is_some_and(|r| r.equal) {
                "J"
            } else {
                "N"
            },
        );
        attr(&mut out, i, "federation", &team.federation);
        // The state is asked of round robins and forbidden in Swiss events.
        let state = match (u.round_robin, team.withdrawn) {
            (false, _) => "",
            (true, true) => "1",
            (true, false) => "0",
        };
        attr(&mut out, i, "state", state);
        attr(
            &mut out,
            i,
            "rtg_average",
            team.rating_average.map_or(String::new(), |r| r.to_string()),
        );
        out.push_str("/>\n");
    }
    out.push_str("</teams>\n");

    // Intermediate rankings of a team Swiss, as for an individual one (our names, see
    // docs/chess-results.md): the teams' places after each round before `rankinground`.
    if !u.round_robin && u.rankings.len() > 1 {
        let before = &u.rankings[..u.rankings.len() - 1];
        intermediate_rankings(
            &mut out,
            before.iter().flat_map(|r| {
                r.rows.iter().map(|row| Intermediate {
                    round: r.round,
                    rank: row.rank,
                    no: row.team,
                    tiebreaks: &row.tiebreaks,
                    equal: row.equal,
                })
            }),
        );
    }

    out.push_str("<playerpairings>\n");
    for (r, matches) in u.rounds.iter().enumerate() {
        for (k, m) in matches.iter().enumerate() {
            for b in &m.boards {
                out.push_str("<playerpairing\n");
                attr(&mut out, i, "round", r + 1);
                attr(&mut out, i, "pairing", k + 1);
                attr(&mut out, i, "board", b.board);
                attr(&mut out, i, "whiteno", b.white);
                attr(&mut out, i, "blackno", b.black);
                attr(&mut out, i, "reswhite", pts(b.white_points));
                attr(&mut out, i, "resblack", pts(b.black_points));
                let code = match b.game {
                    Game::Played => "",
                    Game::Unrated => "U",
                    Game::Forfeit => "K",
                    Game::DoubleForfeit => "D",
                };
                attr(&mut out, i, "forfeit", code);
                out.push_str("/>\n");
            }
        }
    }
    out.push_str("</playerpairings>\n");

    out.push_str("<teampairings>\n");
    for (r, matches) in u.rounds.iter().enumerate() {
        for (k, m) in matches.iter().enumerate() {
            out.push_str("<teampairing\n");
            attr(&mut out, i, "round", r + 1);
            attr(&mut out, i, "pairing", k + 1);
            attr(&mut out, i, "no1", m.first);
            let no2 = match m.second {
                Opponent::Team(n) => i64::from(n),
                Opponent::PairingBye => -1,
                Opponent::NotPaired => -2,
            };
            attr(&mut out, i, "no2", no2);
            attr(&mut out, i, "res1", pts(m.first_points));
            attr(&mut out, i, "res2", pts(m.second_points));
            out.push_str("/>\n");
        }
    }
    out.push_str("</teampairings>\n");

    security_element(&mut out, u.security.as_ref());
    out.push_str("</chessresults>\n");
    Ok(out)
}
