//! The engines' `Tournament` built from a team event's rows, and what the engines compute on
//! it: the matches' points ([`tournament::team`]), the standings ([`tiebreak::team_standings`])
//! and the TRF-2026 team file.
//!
//! Players are the roster members, numbered team by team in team-number order and board
//! order; each `310` record lists its team's roster in board order, so the board a member
//! played on is their place among the team's members who had a board that round (lineups are
//! subsets of the roster in roster order). A board without a result is not in the model: only
//! rounds whose results are all in are built for the standings and the file.

use std::collections::HashMap;

use rusqlite::{params, Connection, OptionalExtension};
use tournament::team::{team_histories, TeamHistory};
use tournament::{
    AbnormalKind, AbnormalPoints, Color, Entry, Header, MatchPointScale, Player, PlayerId, Points,
    Team as TrfTeam, TeamForfeit, TeamForfeitResult, TeamPab, TeamRecords, Title, Tournament,
};

use crate::chess::types::ResultCode;
use crate::error::{Error, Result};
use crate::teams::event::{load_event, load_teams};
use crate::teams::types::*;
use crate::Store;

/// A round's matches and bye as stored.
pub(crate) fn load_round(
    conn: &Connection,
    event: TeamEventId,
    round: u32,
) -> Result<TeamRoundPairing> {
    let bye: Option<Option<TeamKey>> = conn
        .query_row(
            "SELECT bye_team FROM team_round WHERE event_id = ?1 AND number = ?2",
            params![event, round],
            |r| r.get(0),
        )
        .map(Some)
        .or_else(|e| match e {
            rusqlite::Error::QueryReturnedNoRows => Ok(None),
            e => Err(e),
        })?;
    let Some(bye) = bye else {
        return Err(Error::NotFound("round"));
    };
    let mut st = conn.prepare_cached(
        "SELECT number, white_team, black_team, forfeit FROM team_match WHERE event_id = ?1 AND round = ?2 ORDER BY number",
    )?;
    let mut matches: Vec<TeamMatch> = st
        .query_map(params![event, round], |r| {
            let forfeit: Option<String> = r.get(3)?;
            Ok(TeamMatch {
                round,
                number: r.get(0)?,
                white_team: r.get(1)?,
                black_team: r.get(2)?,
                boards: Vec::new(),
                forfeit: forfeit.as_deref().and_then(MatchForfeit::parse),
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    let mut st = conn.prepare_cached(
        "SELECT board, white, black, result FROM team_board WHERE event_id = ?1 AND round = ?2 AND match = ?3 ORDER BY board",
    )?;
    for m in &mut matches {
        m.boards = st
            .query_map(params![event, round, m.number], |r| {
                let result: Option<String> = r.get(3)?;
                Ok(MatchBoard {
                    board: r.get(0)?,
                    white: r.get(1)?,
                    black: r.get(2)?,
                    result: result.as_deref().and_then(ResultCode::parse),
                })
            })?
            .collect::<rusqlite::Result<_>>()?;
        if let Some(f) = m.forfeit {
            let colours = pattern(conn, event)?.colours(m.boards.len() as u32);
            absent_side_empty(&mut m.boards, f, &colours);
        }
    }
    Ok(TeamRoundPairing {
        round,
        matches,
        bye,
    })
}

/// Empties the side of the team that did not show in a match forfeited as a whole. The stored
/// lineup stays (taking the forfeit back brings it back) but nobody of an absent team sat at a
/// board: no page, sheet or file may name one of its players.
fn absent_side_empty(boards: &mut [MatchBoard], f: MatchForfeit, colours: &[Color]) {
    for b in boards {
        // The match's white team has White on the boards of board 1's colour (C.04.6 4.4).
        let white_team_white =
            colours.get((b.board as usize).saturating_sub(1)) == Some(&Color::White);
        if !f.came(white_team_white) {
            b.white = None;
        }
        if !f.came(!white_team_white) {
            b.black = None;
        }
    }
}

/// The event's board colours: a cup's setting, alternating for every other event.
fn pattern(conn: &Connection, event: TeamEventId) -> Result<BoardColours> {
    let code: Option<String> = conn
        .query_row(
            "SELECT colours FROM team_cup WHERE event_id = ?1",
            [event],
            |r| r.get(0),
        )
        .optional()?;
    Ok(code
        .and_then(|c| BoardColours::parse(&c))
        .unwrap_or_default())
}

/// Every paired round, round 1 first.
pub(crate) fn load_rounds(conn: &Connection, event: TeamEventId) -> Result<Vec<TeamRoundPairing>> {
    let paired: u32 = conn.query_row(
        "SELECT count(*) FROM team_round WHERE event_id = ?1",
        [event],
        |r| r.get(0),
    )?;
    (1..=paired).map(|r| load_round(conn, event, r)).collect()
}

/// True when every board of the round has a result.
pub(crate) fn is_complete(round: &TeamRoundPairing) -> bool {
    round
        .matches
        .iter()
        .all(|m| m.boards.iter().all(|b| b.result.is_some()))
}

/// The rounds from round 1 whose results are all in.
fn complete_rounds(rounds: &[TeamRoundPairing]) -> u32 {
    rounds.iter().take_while(|r| is_complete(r)).count() as u32
}

/// White's and Black's entries for a board's result.
fn entries(result: ResultCode, white: PlayerId, black: PlayerId) -> (Entry, Entry) {
    let played = |opponent, color, result| Entry::Played {
        opponent,
        color,
        result,
        rated: true,
    };
    let (w, b) = (Color::White, Color::Black);
    if let Some((white_result, black_result)) = result.played() {
        return (
            played(black, w, white_result),
            played(white, b, black_result),
        );
    }
    match result {
        ResultCode::WhiteForfeitWin => (
            Entry::ForfeitWin {
                opponent: Some(black),
                color: Some(w),
            },
            Entry::ForfeitLoss {
                opponent: Some(white),
                color: Some(b),
            },
        ),
        ResultCode::BlackForfeitWin => (
            Entry::ForfeitLoss {
                opponent: Some(black),
                color: Some(w),
            },
            Entry::ForfeitWin {
                opponent: Some(white),
                color: Some(b),
            },
        ),
        // The double forfeit (the games played are answered above).
        _ => (
            Entry::DoubleForfeit {
                opponent: black,
                color: w,
            },
            Entry::DoubleForfeit {
                opponent: white,
                color: b,
            },
        ),
    }
}

/// The `192` code of the event's Swiss Team variant; none for a round robin.
pub(crate) fn type_code(s: &TeamEventSettings) -> Option<String> {
    if s.system.is_round_robin() {
        return None;
    }
    let kind = match s.preferences {
        Preferences::A => "_TYPEA",
        Preferences::B => "_TYPEB",
        Preferences::None => "",
    };
    let scores = match s.primary {
        PrimaryScore::Mp => "_MP_GP",
        PrimaryScore::Gp => "_GP_MP",
    };
    Some(format!("FIDE_TEAM{kind}{scores}"))
}

/// The board colours of the team with White on board 1: White, Black, White, … (C.04.6 4.4).
pub fn board_colours(boards: u32) -> Vec<Color> {
    (0..boards)
        .map(|k| {
            if k % 2 == 0 {
                Color::White
            } else {
                Color::Black
            }
        })
        .collect()
}

/// The model and, for each team in `Tournament::teams` order, its row id.
pub(crate) struct Model {
    pub(crate) tournament: Tournament,
    pub(crate) team_ids: Vec<TeamKey>,
}

/// The seats of the teams that played no game in a round (`team_round_seat`), by round and
/// team, board 1 first.
fn load_seats(
    conn: &Connection,
    event: TeamEventId,
) -> Result<HashMap<(u32, TeamKey), Vec<MemberKey>>> {
    let mut st = conn.prepare_cached(
        "SELECT round, team_id, member FROM team_round_seat WHERE event_id = ?1 ORDER BY round, team_id, board",
    )?;
    let mut seats: HashMap<(u32, TeamKey), Vec<MemberKey>> = HashMap::new();
    let rows = st.query_map([event], |r| {
        Ok((r.get::<_, u32>(0)?, r.get::<_, TeamKey>(1)?, r.get(2)?))
    })?;
    for row in rows {
        let (round, team, member) = row?;
        seats.entry((round, team)).or_default().push(member);
    }
    Ok(seats)
}

/// Writes the seats of `round` (see `team_round_seat`) from the rosters' order now: of the
/// teams without a match when `team` is `None` (the round just paired), else of that team (it
/// forfeited its match). Seats written before for them are replaced.
pub(crate) fn write_seats(
    tx: &Connection,
    event: TeamEventId,
    round: u32,
    team: Option<TeamKey>,
) -> Result<()> {
    match team {
        None => tx.execute(
            "INSERT OR REPLACE INTO team_round_seat (event_id, round, team_id, board, member) \
             SELECT ?1, ?2, t.id, m.board, m.id FROM team t \
             JOIN team_event e ON e.id = t.event_id \
             JOIN team_member m ON m.team_id = t.id AND m.board <= e.boards \
             WHERE t.event_id = ?1 AND NOT EXISTS (SELECT 1 FROM team_match x \
               WHERE x.event_id = ?1 AND x.round = ?2 AND (x.white_team = t.id OR x.black_team = t.id))",
            params![event, round],
        )?,
        Some(team) => tx.execute(
            "INSERT OR REPLACE INTO team_round_seat (event_id, round, team_id, board, member) \
             SELECT ?1, ?2, ?3, m.board, m.id FROM team_member m \
             JOIN team_event e ON e.id = ?1 \
             WHERE m.team_id = ?3 AND m.board <= e.boards",
            params![event, round, team],
        )?,
    };
    Ok(())
}

/// The seats of a match's teams in `round` after its forfeit as a whole is recorded, changed or
/// taken back (`None`): the absent team's, or both when neither came; the others' removed.
pub(crate) fn write_forfeit_seats(
    tx: &Connection,
    event: TeamEventId,
    round: u32,
    white_team: TeamKey,
    black_team: TeamKey,
    forfeit: Option<MatchForfeit>,
) -> Result<()> {
    for (team, white) in [(white_team, true), (black_team, false)] {
        tx.execute(
            "DELETE FROM team_round_seat WHERE event_id = ?1 AND round = ?2 AND team_id = ?3",
            params![event, round, team],
        )?;
        if forfeit.is_some_and(|f| !f.came(white)) {
            write_seats(tx, event, round, Some(team))?;
        }
    }
    Ok(())
}

/// Builds the tournament with rounds `1..=rounds` (boards without a result left out).
pub(crate) fn build(conn: &Connection, event: TeamEventId, rounds: u32) -> Result<Model> {
    let e = load_event(conn, event)?;
    let s = &e.settings;
    let teams = load_teams(conn, event)?;
    let all_rounds = load_rounds(conn, event)?;
    let mut number: HashMap<MemberKey, PlayerId> = HashMap::new();
    let mut players = Vec::new();
    let mut trf_teams = Vec::with_capacity(teams.len());
    for t in &teams {
        let mut ids = Vec::with_capacity(t.roster.len());
        for m in &t.roster {
            let id = PlayerId(players.len() as u32 + 1);
            number.insert(m.id, id);
            ids.push(id);
            players.push(Player {
                id,
                title: Title::from_code(&m.details.title),
                name: m.details.name.to_string(),
                rating: m.details.rating,
                federation: (!m.details.federation.is_empty())
                    .then(|| m.details.federation.clone()),
                fide_id: m.details.fide_id,
                sex: match m.details.sex.as_str() {
                    "m" => Some(tournament::Sex::Male),
                    "w" => Some(tournament::Sex::Female),
                    _ => None,
                },
                rounds: vec![Entry::NotPaired; rounds as usize],
                ..Player::default()
            });
        }
        trf_teams.push(TrfTeam {
            id: Some(t.number),
            name: t.details.name.to_string(),
            players: ids,
            ..TrfTeam::default()
        });
    }
    let team_number: HashMap<TeamKey, u32> = teams.iter().map(|t| (t.id, t.number)).collect();
    // Who stood on a team's boards in a round it played no game: the seats written then, else
    // (a cup, a late entry's rounds before it came) the first boards of the roster as it is.
    let seats = load_seats(conn, event)?;
    let seated = |round: u32, team: TeamKey| -> Vec<MemberKey> {
        match seats.get(&(round, team)) {
            Some(members) => members.clone(),
            None => teams
                .iter()
                .find(|t| t.id == team)
                .map_or(&[][..], |t| &t.roster[..])
                .iter()
                .filter(|m| m.board <= s.boards)
                .map(|m| m.id)
                .collect(),
        }
    };
    let mut pab_receivers = Vec::new();
    let mut forfeits = Vec::new();
    let mut out_of_order = Vec::new();
    for r in all_rounds.iter().take(rounds as usize) {
        let k = r.round as usize - 1;
        for m in &r.matches {
            for (team, white) in [(m.white_team, true), (m.black_team, false)] {
                if let Some(line) = board_order_record(r.round, m, team, white, &teams, &number) {
                    out_of_order.push(line);
                }
            }
            if let (Some(f), Some(&white), Some(&black)) = (
                m.forfeit,
                team_number.get(&m.white_team),
                team_number.get(&m.black_team),
            ) {
                forfeits.push(TeamForfeit {
                    round: r.round,
                    white,
                    black,
                    result: match f {
                        MatchForfeit::WhiteTeamWins => TeamForfeitResult::WhiteWins,
                        MatchForfeit::BlackTeamWins => TeamForfeitResult::BlackWins,
                        MatchForfeit::Neither => TeamForfeitResult::Neither,
                    },
                });
            }
            let member = |id: Option<MemberKey>| id.and_then(|id| number.get(&id).copied());
            for b in &m.boards {
                let Some(result) = b.result else { continue };
                match (member(b.white), member(b.black)) {
                    (Some(w), Some(bl)) => {
                        let (ew, eb) = entries(result, w, bl);
                        players[w.0 as usize - 1].rounds[k] = ew;
                        players[bl.0 as usize - 1].rounds[k] = eb;
                    }
                    // A match forfeited as a whole: the present team's player wins by forfeit
                    // against nobody (`0000 - +`, TRF-2026 `330`), the absent team fielded no one.
                    (Some(p), None) | (None, Some(p)) => {
                        players[p.0 as usize - 1].rounds[k] = Entry::ForfeitWin {
                            opponent: None,
                            color: None,
                        };
                    }
                    (None, None) => {}
                }
            }
            // The players of a team that did not show were absent: a zero-point bye for its
            // first boards' players, as for a Swiss team without a match; the reserves get
            // nothing, and nobody a forfeit loss in a game never scheduled.
            if let Some(f) = m.forfeit {
                for (team, white) in [(m.white_team, true), (m.black_team, false)] {
                    if f.came(white) {
                        continue;
                    }
                    for p in seated(r.round, team) {
                        players[number[&p].0 as usize - 1].rounds[k] = Entry::ZeroBye;
                    }
                }
            }
        }
        // The Swiss Team PAB; a round robin's team without a match just sits out.
        let pab = r
            .bye
            .filter(|_| !s.system.is_round_robin())
            .and_then(|t| team_number.get(&t).copied());
        if let Some(team) = pab.and_then(|n| teams.iter().find(|t| t.number == n)) {
            for m in seated(r.round, team.id) {
                players[number[&m].0 as usize - 1].rounds[k] = Entry::PairingBye;
            }
        }
        pab_receivers.push(pab);
        // A Swiss team without a match and without the PAB was not there (a late entry's
        // earlier rounds): an absence, so that the round replays as it was paired. A round
        // robin's team without a match sits out: an absence too, written as such (no reader
        // takes it for a forgotten result).
        for t in &teams {
            let in_round = Some(t.number) == pab
                || r.matches
                    .iter()
                    .any(|m| m.white_team == t.id || m.black_team == t.id);
            if in_round {
                continue;
            }
            for m in seated(r.round, t.id) {
                players[number[&m].0 as usize - 1].rounds[k] = Entry::ZeroBye;
            }
        }
    }
    for p in &mut players {
        p.points = p.rounds.iter().map(|e| e.points(&Default::default())).sum();
    }
    let mp = s.match_points;
    let tournament = Tournament {
        header: Header {
            name: Some(s.name.to_string()),
            city: (!s.place.is_empty()).then(|| s.place.to_string()),
            federation: (!s.federation.is_empty()).then(|| s.federation.clone()),
            start_date: (!s.start_date.is_empty()).then(|| s.start_date.replace('-', "/")),
            end_date: (!s.end_date.is_empty()).then(|| s.end_date.replace('-', "/")),
            declared_teams: Some(teams.len() as u32),
            tournament_type: Some(
                match s.system {
                    TeamSystem::SwissTeam => "Swiss Team (FIDE C.04.6)",
                    TeamSystem::RoundRobin => "Team round robin (Berger tables)",
                    TeamSystem::DoubleRoundRobin => "Team double round robin (Berger tables)",
                    TeamSystem::Cup => "Team knock-out cup",
                }
                .to_string(),
            ),
            chief_arbiter: (!s.chief_arbiter.is_empty()).then(|| s.chief_arbiter.to_string()),
            time_control: (!s.time_control.is_empty()).then(|| s.time_control.to_string()),
            rounds: Some(s.rounds),
            initial_color: Some(if s.initial_white {
                Color::White
            } else {
                Color::Black
            }),
            type_code: type_code(s),
            // The event's ranking (the other score first), so that an import ranks alike.
            tiebreaks: Some(
                tiebreak_list(s)?
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(","),
            ),
            ..Header::default()
        },
        players,
        teams: trf_teams,
        team_records: TeamRecords {
            match_points: Some(MatchPointScale {
                win: Points::from_whole(i32::from(mp.win)),
                draw: Points::from_whole(i32::from(mp.draw)),
                loss: Points::from_whole(i32::from(mp.loss)),
            }),
            board_colors: Some(e.board_colours()),
            pab: pab_receivers
                .iter()
                .any(Option::is_some)
                .then_some(TeamPab {
                    match_points: None,
                    game_points: None,
                    receivers: pab_receivers,
                }),
            forfeits,
        },
        abnormal_points: forfeit_points(mp),
        other_lines: out_of_order,
        ..Tournament::default()
    };
    Ok(Model {
        tournament,
        team_ids: teams.iter().map(|t| t.id).collect(),
    })
}

/// TRF-2026's `300` record of a team whose lineup left its roster's order (a league with a
/// board-order tolerance): the round, the team and its opponent, then the player on each board
/// (`0000` for an empty one). The engines here place a team's players in roster order and do
/// not apply it (`arbiter check` says so); a reader that does finds the boards as played.
fn board_order_record(
    round: u32,
    m: &TeamMatch,
    team: TeamKey,
    white: bool,
    teams: &[Team],
    number: &HashMap<MemberKey, PlayerId>,
) -> Option<String> {
    let colours = board_colours(m.boards.len() as u32);
    let members: Vec<Option<MemberKey>> = m
        .boards
        .iter()
        .zip(&colours)
        .map(|(b, c)| {
            if (*c == Color::White) == white {
                b.white
            } else {
                b.black
            }
        })
        .collect();
    let roster = &teams.iter().find(|t| t.id == team)?.roster;
    let place = |id: MemberKey| roster.iter().position(|p| p.id == id);
    let places: Vec<usize> = members
        .iter()
        .flatten()
        .filter_map(|&id| place(id))
        .collect();
    if places.windows(2).all(|w| w[0] < w[1]) {
        return None;
    }
    let tpn = |key: TeamKey| teams.iter().find(|t| t.id == key).map(|t| t.number);
    let opponent = if white { m.black_team } else { m.white_team };
    let mut line = format!("300 {round:>3} {:>3} {:>3}", tpn(team)?, tpn(opponent)?);
    for id in &members {
        let n = id.and_then(|id| number.get(&id)).map_or(0, |p| p.0);
        line.push_str(&format!(" {n:>4}"));
    }
    Some(line)
}

/// A scale whose forfeit is worth less than a loss (the FFE's 3/2/1/0): TRF-2026's `362` has
/// no place for it, so it is a `299` record giving every match lost by forfeit, in every round
/// and for every team, its match points. `tournament::team` applies it for the standings, the
/// tie-breaks and the pairing alike, and the exported file carries it.
fn forfeit_points(mp: MatchPoints) -> Vec<AbnormalPoints> {
    if mp.forfeit == mp.loss {
        return Vec::new();
    }
    vec![AbnormalPoints {
        kind: AbnormalKind::ForfeitLoss,
        match_points: Some(Points::from_whole(i32::from(mp.forfeit))),
        points: None,
        round: None,
        participants: Vec::new(),
    }]
}

/// What a match stands at: each team's game points and, once every board has a result, its
/// match points (from [`tournament::team`], on the event's scale).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct MatchScore {
    pub number: u32,
    pub white_team: TeamKey,
    pub black_team: TeamKey,
    #[serde(with = "crate::chess::types::points_text")]
    pub white_game_points: Points,
    #[serde(with = "crate::chess::types::points_text")]
    pub black_game_points: Points,
    /// `None` while a board has no result.
    pub white_match_points: Option<u32>,
    pub black_match_points: Option<u32>,
}

/// One line of the team standings.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TeamStandingRow {
    pub rank: u32,
    /// The last place of a tie (equal to `rank` when there is none).
    pub rank_to: u32,
    pub team: TeamKey,
    pub number: u32,
    pub name: String,
    /// As `arbiter standings --teams` prints them: `4`, `10.5`.
    pub match_points: String,
    pub game_points: String,
    /// The tie-breaks' values as printed ([`value_texts`]), in the order of `tiebreaks`.
    pub values: Vec<String>,
    /// The matches as a league's table counts them.
    pub record: LeagueRecord,
}

/// A team's matches as leagues print them: played (over the board or by forfeit), won, drawn,
/// lost (forfeits lost among them, counted again in `forfeits`), and the board points for and
/// against with their difference.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize)]
pub struct LeagueRecord {
    pub played: u32,
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    /// Matches lost by forfeit.
    pub forfeits: u32,
    /// Board points, as printed (`10.5`).
    pub board_points_for: String,
    pub board_points_against: String,
    /// For minus against, with its sign (`+3`, `-1.5`, `0`).
    pub difference: String,
}

/// Each team's [`LeagueRecord`], in `Tournament::teams` order, from the engines' histories.
fn league_records(t: &Tournament) -> Result<Vec<LeagueRecord>> {
    use tournament::team::TeamEntry;
    use tournament::AbnormalKind as A;
    let histories = team_histories(t).map_err(|e| Error::Tiebreak(format!("teams: {e}")))?;
    let numbers = t.team_numbers();
    let mut out = vec![LeagueRecord::default(); t.teams.len()];
    for h in &histories {
        let (mut gained, mut conceded) = (Points::ZERO, Points::ZERO);
        let r = &mut out[h.index];
        for (k, round) in h.rounds.iter().enumerate() {
            let TeamEntry::Match { opponent, .. } = round.entry else {
                continue;
            };
            r.played += 1;
            match round.result {
                Some(A::Win | A::ForfeitWin) => r.won += 1,
                Some(A::Draw) => r.drawn += 1,
                Some(A::ForfeitLoss) => {
                    r.lost += 1;
                    r.forfeits += 1;
                }
                _ => r.lost += 1,
            }
            gained += round.game_points;
            let theirs = opponent
                .and_then(|o| numbers.iter().position(|&n| n == o))
                .and_then(|j| histories.iter().find(|x| x.index == j))
                .and_then(|x| x.rounds.get(k))
                .map_or(Points::ZERO, |x| x.game_points);
            conceded += theirs;
        }
        let diff = gained - conceded;
        r.board_points_for = gained.to_string();
        r.board_points_against = conceded.to_string();
        r.difference = if diff > Points::ZERO {
            format!("+{diff}")
        } else {
            diff.to_string()
        };
    }
    Ok(out)
}

/// Team standings after some rounds.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct TeamStandingsTable {
    /// Rounds counted.
    pub after: u32,
    /// The tie-breaks after the primary score, as their codes.
    pub tiebreaks: Vec<String>,
    pub rows: Vec<TeamStandingRow>,
}

/// The tie-break list of an event: the other score first (GP after MP, MP after GP), then the
/// event's own list.
pub fn tiebreak_list(s: &TeamEventSettings) -> Result<Vec<tiebreak::TieBreak>> {
    let other = match s.primary {
        PrimaryScore::Mp => "GP",
        PrimaryScore::Gp => "MP",
    };
    let text = if s.tiebreaks.trim().is_empty() {
        other.to_string()
    } else {
        format!("{other},{}", s.tiebreaks.trim())
    };
    crate::teams::event::team_tiebreaks(&text)
}

/// A row's tie-break values as printed: each code's own decimals (`TieBreak::value_text`), a
/// sequence (TBR, BBE) as its values joined by `/`. `arbiter standings --teams` prints the same.
pub fn value_texts(list: &[tiebreak::TieBreak], row: &tiebreak::TeamRow) -> Vec<String> {
    list.iter()
        .zip(&row.values)
        .map(|(tb, v)| match v {
            tiebreak::TeamValue::One(Some(x)) => tb.value_text(*x),
            other => other.to_string(),
        })
        .collect()
}

/// The options `tiebreak` ranks the event's teams with (the match points are the model's
/// `362`, the event's scale).
pub fn tiebreak_options(s: &TeamEventSettings) -> tiebreak::TeamOptions {
    tiebreak::TeamOptions {
        edition: None,
        primary: match s.primary {
            PrimaryScore::Mp => tiebreak::TeamScore::MatchPoints,
            PrimaryScore::Gp => tiebreak::TeamScore::GamePoints,
        },
    }
}

fn standings_on(conn: &Connection, event: TeamEventId) -> Result<(Model, TeamStandingsTable)> {
    let e = load_event(conn, event)?;
    let rounds = load_rounds(conn, event)?;
    let after = complete_rounds(&rounds);
    let model = build(conn, event, after)?;
    let list = tiebreak_list(&e.settings)?;
    let s = tiebreak::team_standings(&model.tournament, &list, &tiebreak_options(&e.settings))
        .map_err(|e| Error::Tiebreak(e.to_string()))?;
    let numbers = model.tournament.team_numbers();
    let records = league_records(&model.tournament)?;
    let rows = s
        .rows
        .iter()
        .map(|r| {
            let k = numbers.iter().position(|&n| n == r.number).unwrap_or(0);
            TeamStandingRow {
                rank: r.rank,
                rank_to: r.rank_to,
                team: model.team_ids[k],
                number: r.number,
                name: r.name.clone(),
                match_points: r.match_points.to_string(),
                game_points: format!("{:.1}", r.game_points),
                values: value_texts(&list, r),
                record: records.get(k).cloned().unwrap_or_default(),
            }
        })
        .collect();
    let table = TeamStandingsTable {
        after,
        tiebreaks: list.iter().map(ToString::to_string).collect(),
        rows,
    };
    Ok((model, table))
}

impl Store {
    /// The event as the engines' model, with the rounds whose results are all in.
    pub fn team_tournament(&self, event: TeamEventId) -> Result<Tournament> {
        self.with_conn(|c| {
            let after = complete_rounds(&load_rounds(c, event)?);
            Ok(build(c, event, after)?.tournament)
        })
    }

    /// A paired round: its matches with their boards, and the team without a match.
    pub fn team_round(&self, event: TeamEventId, round: u32) -> Result<TeamRoundPairing> {
        self.with_conn(|c| {
            load_event(c, event)?;
            load_round(c, event, round)
        })
    }

    /// Each match of a paired round with its points so far.
    pub fn match_scores(&self, event: TeamEventId, round: u32) -> Result<Vec<MatchScore>> {
        self.with_conn(|c| {
            let pairing = load_round(c, event, round)?;
            let model = build(c, event, round)?;
            let histories = team_histories(&model.tournament)
                .map_err(|e| Error::Tiebreak(format!("teams: {e}")))?;
            let of = |team: TeamKey| -> Option<&TeamHistory> {
                let k = model.team_ids.iter().position(|&t| t == team)?;
                histories.iter().find(|h| h.index == k)
            };
            let points = |team| {
                of(team)
                    .and_then(|h| h.rounds.get(round as usize - 1))
                    .map_or((Points::ZERO, Points::ZERO), |r| {
                        (r.game_points, r.match_points)
                    })
            };
            Ok(pairing
                .matches
                .iter()
                .map(|m| {
                    let done = m.boards.iter().all(|b| b.result.is_some());
                    let (wg, wm) = points(m.white_team);
                    let (bg, bm) = points(m.black_team);
                    let whole = |p: Points| done.then(|| (p.tenths() / 10) as u32);
                    MatchScore {
                        number: m.number,
                        white_team: m.white_team,
                        black_team: m.black_team,
                        white_game_points: wg,
                        black_game_points: bg,
                        white_match_points: whole(wm),
                        black_match_points: whole(bm),
                    }
                })
                .collect())
        })
    }

    /// Team standings after the rounds whose results are all in, ranked by `tiebreak` on the
    /// model: the primary score, the other score, then the event's tie-breaks.
    pub fn team_standings(&self, event: TeamEventId) -> Result<TeamStandingsTable> {
        self.with_conn(|c| standings_on(c, event).map(|(_, t)| t))
    }

    /// The TRF-2026 team file of the rounds whose results are all in, with each team's match
    /// points, game points and rank in its `310` record.
    pub fn export_team_trf(&self, event: TeamEventId) -> Result<String> {
        self.with_conn(|c| {
            let (mut model, table) = standings_on(c, event)?;
            for row in &table.rows {
                if let Some(t) = model
                    .tournament
                    .teams
                    .iter_mut()
                    .find(|t| t.id == Some(row.number))
                {
                    t.match_points = row.match_points.parse().ok();
                    t.game_points = row.game_points.parse().ok();
                    t.rank = Some(row.rank);
                }
            }
            Ok(tournament::trf::write(
                &model.tournament,
                tournament::trf::Format::Trf26,
            ))
        })
    }
}
