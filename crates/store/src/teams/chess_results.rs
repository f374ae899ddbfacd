//! A team event as chess-results.com's upload file, and the key the site gave it: the model
//! of [`tournament::chess_results::TeamUpload`] built from the event's rows and the engines'
//! standings after each round whose results are all in.

use std::collections::HashMap;

use rusqlite::{params, Connection, OptionalExtension};
use tournament::chess_results::{
    self as cr, BoardPairing, Game, Opponent, Ranking, TeamLine, TeamPairing, TeamRankRow,
    TeamRanking, TeamUpload, TiebreakColumn,
};
use tournament::team::{team_histories, TeamEntry};
use tournament::{Entry, PlayerId, Points};

use crate::chess::chess_results::Signed;
use crate::error::{Error, Result};
use crate::teams::event::{load_event, load_teams};
use crate::teams::model::{
    build, is_complete, load_rounds, tiebreak_list, tiebreak_options, value_texts,
};
use crate::teams::types::*;
use crate::Store;

/// The teams' ranking after `round` rounds.
fn ranking(
    conn: &Connection,
    event: &TeamEvent,
    list: &[tiebreak::TieBreak],
    round: u32,
) -> Result<TeamRanking> {
    let model = build(conn, event.id, round)?;
    let s = tiebreak::team_standings(&model.tournament, list, &tiebreak_options(&event.settings))
        .map_err(|e| Error::Tiebreak(e.to_string()))?;
    let mut rows: Vec<TeamRankRow> = Vec::with_capacity(s.rows.len());
    for r in &s.rows {
        let primary = match event.settings.primary {
            PrimaryScore::Mp => r.match_points,
            PrimaryScore::Gp => r.game_points,
        };
        let points: Points = primary
            .to_string()
            .parse()
            .map_err(|_| Error::Tiebreak(format!("team {}: score {primary}", r.number)))?;
        let equal = rows.last().is_some_and(|p| p.rank == r.rank);
        rows.push(TeamRankRow {
            team: r.number,
            rank: r.rank,
            equal,
            points,
            tiebreaks: value_texts(list, r),
        });
    }
    Ok(TeamRanking { round, rows })
}

/// How a board's entry counts on chess-results.
fn game(entry: &Entry) -> Game {
    match entry {
        Entry::Played { rated: false, .. } => Game::Unrated,
        Entry::ForfeitWin { .. } | Entry::ForfeitLoss { .. } => Game::Forfeit,
        Entry::DoubleForfeit { .. } => Game::DoubleForfeit,
        _ => Game::Played,
    }
}

fn export(conn: &Connection, event: TeamEventId, signed: Option<Signed>) -> Result<String> {
    let e = load_event(conn, event)?;
    let s = &e.settings;
    let teams = load_teams(conn, event)?;
    let rounds = load_rounds(conn, event)?;
    let complete = rounds.iter().take_while(|r| is_complete(r)).count() as u32;
    let model = build(conn, event, complete)?;
    let t = &model.tournament;
    let list = tiebreak_list(s)?;

    // The roster members as the model numbers them: team by team, in board order.
    let mut number: HashMap<MemberKey, PlayerId> = HashMap::new();
    let mut lines = Vec::with_capacity(teams.len());
    for (team, trf) in teams.iter().zip(&t.teams) {
        for (m, &id) in team.roster.iter().zip(&trf.players) {
            number.insert(m.id, id);
        }
        lines.push(TeamLine {
            number: team.number,
            name: team.details.name.to_string(),
            captain: team.details.captain.to_string(),
            federation: team.details.federation.clone(),
            rating_average: team.average_rating(s.boards),
            withdrawn: false,
            members: trf.players.clone(),
        });
    }
    let team_number: HashMap<TeamKey, u32> = teams.iter().map(|t| (t.id, t.number)).collect();

    let histories = team_histories(t).map_err(|e| Error::Tiebreak(format!("teams: {e}")))?;
    let numbers = t.team_numbers();
    let history = |team: u32| {
        numbers
            .iter()
            .position(|&n| n == team)
            .and_then(|k| histories.iter().find(|h| h.index == k))
    };
    let game_points = |team: u32, k: usize| {
        history(team)
            .and_then(|h| h.rounds.get(k))
            .map_or(Points::ZERO, |r| r.game_points)
    };
    let mut played = Vec::with_capacity(complete as usize);
    for r in rounds.iter().take(complete as usize) {
        let k = r.round as usize - 1;
        let mut matches = Vec::with_capacity(r.matches.len() + 1);
        for m in &r.matches {
            let (Some(&first), Some(&second)) = (
                team_number.get(&m.white_team),
                team_number.get(&m.black_team),
            ) else {
                return Err(Error::NotFound("team"));
            };
            let mut boards = Vec::with_capacity(m.boards.len());
            for b in &m.boards {
                // A match forfeited as a whole has no board: the absent team fielded nobody.
                let (Some(white), Some(black)) = (
                    b.white.and_then(|id| number.get(&id).copied()),
                    b.black.and_then(|id| number.get(&id).copied()),
                ) else {
                    continue;
                };
                let entry = |p: PlayerId| {
                    t.players
                        .get(p.0 as usize - 1)
                        .and_then(|x| x.entry(r.round))
                        .copied()
                        .unwrap_or(Entry::NotPaired)
                };
                let (ew, eb) = (entry(white), entry(black));
                boards.push(BoardPairing {
                    board: b.board,
                    white,
                    black,
                    white_points: ew.points(&t.point_system),
                    black_points: eb.points(&t.point_system),
                    game: game(&ew),
                });
            }
            matches.push(TeamPairing {
                first,
                second: Opponent::Team(second),
                first_points: game_points(first, k),
                second_points: game_points(second, k),
                boards,
            });
        }
        // Teams without a match: the pairing-allocated bye, or a Swiss team's bye or absence.
        for h in &histories {
            let Some(round) = h.rounds.get(k) else {
                continue;
            };
            let second = match round.entry {
                TeamEntry::PairingBye => Opponent::PairingBye,
                TeamEntry::FullBye | TeamEntry::HalfBye | TeamEntry::Absent => Opponent::NotPaired,
                _ => continue,
            };
            matches.push(TeamPairing {
                first: h.number,
                second,
                first_points: round.game_points,
                second_points: Points::ZERO,
                boards: Vec::new(),
            });
        }
        played.push(matches);
    }

    let rankings = (1..=complete)
        .map(|r| ranking(conn, &e, &list, r))
        .collect::<Result<Vec<_>>>()?;
    let mp = s.match_points;
    let tiebreaks = list
        .iter()
        .map(|tb| match tb.to_string().as_str() {
            "GP" => TiebreakColumn::game_points(),
            "MP" => TiebreakColumn::match_points(mp.win, mp.draw, mp.loss),
            code => TiebreakColumn::for_fide_code(code),
        })
        .collect();
    let mut u = TeamUpload {
        tournament: t,
        key: String::new(),
        creator: String::new(),
        round_robin: s.system.is_round_robin(),
        organiser: String::new(),
        director: String::new(),
        remark: String::new(),
        fide_rated: None,
        boards: s.boards,
        first_team_white: true,
        teams: lines,
        tiebreaks,
        rankings,
        players: Ranking::by_points(t, complete),
        rounds: played,
        finished: complete > 0 && complete >= s.rounds,
        security: None,
    };
    if let Some(signed) = signed {
        u.key = signed.key;
        u.creator = signed.creator;
        u.security = Some(signed.security);
    }
    Ok(cr::write_teams(&u)?)
}

impl Store {
    /// The key chess-results.com gave the team event and the creator id it was asked with.
    pub fn team_chess_results_key(&self, event: TeamEventId) -> Result<Option<(String, String)>> {
        self.with_conn(|c| {
            Ok(c.query_row(
                "SELECT key, creator FROM team_chess_results_key WHERE event = ?1",
                params![event],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?)
        })
    }

    /// Keeps the key chess-results.com gave the team event (at once: asking again would
    /// create a second tournament on the site).
    pub fn set_team_chess_results_key(
        &self,
        event: TeamEventId,
        key: &str,
        creator: &str,
    ) -> Result<()> {
        self.transaction(|tx| {
            load_event(tx, event)?;
            tx.execute(
                "INSERT INTO team_chess_results_key (event, key, creator) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (event) DO UPDATE SET key = ?2, creator = ?3",
                params![event, key, creator],
            )?;
            Ok(())
        })
    }

    /// The team event as chess-results.com's upload file (rounds whose results are all in):
    /// the teams' standings after the last of them and after each round before it, every
    /// match with its boards, the players with their team and board. Unsigned (`None`), it is
    /// the file an arbiter uploads by hand.
    pub fn export_team_chess_results(
        &self,
        event: TeamEventId,
        signed: Option<Signed>,
    ) -> Result<String> {
        self.with_conn(|c| export(c, event, signed))
    }
}
