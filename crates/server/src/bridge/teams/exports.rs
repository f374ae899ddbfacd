//! A teams match's results as a PBN file (`bridge::teams_pbn`), for the director and, on a
//! public event, for everyone: `arbiter bridge teams MATCH.pbn` scores it again. The whole
//! event as one HTML file, and as USEBIO 1.2 (`bridge::teams_usebio`, with the players'
//! licence numbers: the director's only).

use axum::extract::{Path, State};
use axum::response::Response;
use bridge::teams_pbn::{
    write_match, write_pairs_match, MatchFile, PairsBoard, PairsMatchFile, RoomBoard,
};
use bridge::{Bid, Played};
use store::bridge::{
    Entry, MatchOutcome, RoomResult, TeamEventId, TeamFormat, TeamResults, TeamScoring,
};

use crate::ctx::Arbiter;
use crate::error::AppError;
use crate::AppState;

fn played(r: Option<&RoomResult>) -> Option<Played> {
    let e: &Entry = &r?.entry;
    match e.contract.parse::<Bid>().ok()? {
        Bid::Pass => Some(Played::PassedOut),
        Bid::Contract(c) => Played::new(c, e.declarer?, e.tricks?),
    }
}

/// Each board of a match with both rooms' results, as entered so far.
fn room_boards(m: &MatchOutcome) -> Vec<RoomBoard> {
    m.boards
        .iter()
        .map(|b| RoomBoard {
            number: b.board,
            open: played(b.open.as_ref()),
            closed: played(b.closed.as_ref()),
        })
        .collect()
}

fn pbn(
    st: &AppState,
    (id, round, number): (TeamEventId, u32, u32),
    director: bool,
) -> Result<Response, AppError> {
    let r = st.store.bridge_team_results(id)?;
    if !director && !r.event.settings.public {
        return Err(AppError::NotFound);
    }
    let m = r.outcome(round, number).ok_or(AppError::NotFound)?;
    let visit = m.draw.visit.ok_or(AppError::NotFound)?;
    let boards = room_boards(m);
    // The deals this reader may see (a public file only those every room has played).
    let shown = super::hands::shown_boards(st, id, director)?;
    let deals: Vec<(u32, bridge::Deal)> = st
        .store
        .team_hand_records(id)?
        .iter()
        .filter(|h| shown(h.board) && m.draw.boards.contains(&h.board))
        .filter_map(|h| Some((h.board, h.deal.parse().ok()?)))
        .collect();
    let (home, visit_name) = (r.team_name(m.draw.home), r.team_name(visit));
    if r.event.settings.format == TeamFormat::SwissPairs {
        // A pairs game (PBN 2.1): one table, the pairs' numbers, the IMPs against the field.
        let boards: Vec<PairsBoard> = m
            .boards
            .iter()
            .map(|b| PairsBoard {
                number: b.board,
                played: played(b.open.as_ref()),
                imps_ns: b.imps_home,
            })
            .collect();
        let text = write_pairs_match(&PairsMatchFile {
            event: &r.event.settings.name,
            date: &r.event.settings.date,
            round,
            table: number,
            ns: (m.draw.home, &home),
            ew: (visit, &visit_name),
            boards: &boards,
            deals: &deals,
            vps: m.score.as_ref().map(|s| (s.vp_home, s.vp_visit)),
        });
        return Ok(crate::page::attachment(
            "text/plain; charset=utf-8",
            &format!("swiss-pairs-{id}-round-{round}-table-{number}.pbn"),
            text,
        ));
    }
    let visit = visit_name;
    let text = write_match(&MatchFile {
        event: &r.event.settings.name,
        date: &r.event.settings.date,
        home: &home,
        visit: &visit,
        boards: &boards,
        deals: &deals,
    });
    Ok(crate::page::attachment(
        "text/plain; charset=utf-8",
        &format!("teams-{id}-round-{round}-match-{number}.pbn"),
        text,
    ))
}

pub async fn match_pbn(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(key): Path<(TeamEventId, u32, u32)>,
) -> Result<Response, AppError> {
    pbn(&st, key, true)
}

pub async fn public_match_pbn(
    State(st): State<AppState>,
    Path(key): Path<(TeamEventId, u32, u32)>,
) -> Result<Response, AppError> {
    pbn(&st, key, false)
}

/// The whole event as one HTML file a club puts on its website: the standings, the cross
/// table, every round's matches and every match's board comparison, with links inside the
/// file (`#match-2-1`), the CSS inlined, no script, and nothing of the director's (no grid, no
/// conflict, no form).
#[derive(askama::Template)]
#[template(path = "bridge/teams_export.html")]
struct ExportPage {
    c: crate::ctx::Ctx,
    r: super::view::ResultsView,
    matches: Vec<super::view::MatchView>,
    css: &'static str,
    generated: String,
}

pub async fn event_html(
    State(st): State<AppState>,
    c: crate::ctx::Ctx,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> Result<Response, AppError> {
    let r = st.store.bridge_team_results(id)?;
    let view = super::view::results_view(&c.tr, &r, "");
    let matches = r
        .matches
        .iter()
        .filter(|m| m.draw.visit.is_some())
        .map(|m| super::view::match_view(&c.tr, &r, m))
        .collect();
    let page = ExportPage {
        r: view,
        matches,
        css: report::EXPORT_CSS,
        generated: c.tr.date(&store::now()),
        c,
    };
    use askama::Template as _;
    Ok(crate::page::attachment(
        "text/html; charset=utf-8",
        &format!("teams-{id}.html"),
        page.render()?,
    ))
}

/// The event for the USEBIO writer: every team with its players and licences and its place,
/// every match played (byes left out: their points are in the team's total).
fn usebio_event(
    r: &TeamResults,
    deals: std::collections::BTreeMap<u32, String>,
) -> bridge::teams_usebio::TeamsEvent {
    use bridge::teams_usebio::{EventFormat, Match, MatchScoring, Player, Team, TeamsEvent};
    let settings = &r.event.settings;
    let pairs = settings.format == TeamFormat::SwissPairs;
    let teams = r
        .teams
        .iter()
        .map(|t| {
            let row = r.standings.iter().find(|s| s.team == t.number);
            Team {
                number: t.number,
                name: t.details.name.to_string(),
                players: t
                    .details
                    .players
                    .iter()
                    .map(|p| Player {
                        name: p.name.to_string(),
                        licence: bridge::Licence::new(p.licence.as_str()),
                    })
                    .collect(),
                points: row.map_or(bridge::Ratio::ZERO, |s| s.points),
                place: row.map_or(0, |s| s.place),
                tied: row.is_some_and(|s| s.tied),
            }
        })
        .collect();
    let matches = r
        .matches
        .iter()
        .filter_map(|m| {
            Some(Match {
                round: m.draw.round,
                home: m.draw.home,
                visit: m.draw.visit?,
                points: m.points_home.zip(m.points_visit),
                boards: room_boards(m),
                leads: m
                    .boards
                    .iter()
                    .map(|b| {
                        let lead = |r: Option<&RoomResult>| {
                            r.map(|r| r.entry.lead.clone()).filter(|l| !l.is_empty())
                        };
                        (b.board, (lead(b.open.as_ref()), lead(b.closed.as_ref())))
                    })
                    .collect(),
                // Swiss pairs: the IMPs against the field, once the round is scored.
                imps: if pairs {
                    m.boards
                        .iter()
                        .filter_map(|b| Some((b.board, b.imps_home?)))
                        .collect()
                } else {
                    Default::default()
                },
            })
        })
        .collect();
    TeamsEvent {
        name: settings.name.to_string(),
        date: settings.date.clone(),
        format: match settings.format {
            TeamFormat::RoundRobin => EventFormat::RoundRobin,
            TeamFormat::Swiss => EventFormat::Swiss,
            TeamFormat::SwissPairs => EventFormat::SwissPairs,
        },
        scoring: match settings.scoring {
            TeamScoring::Wbf2013 => MatchScoring::VictoryPoints,
            TeamScoring::CrossImps => MatchScoring::CrossImps,
            TeamScoring::BoardAMatch => MatchScoring::BoardAMatch,
            TeamScoring::Patton => MatchScoring::Patton,
        },
        boards_per_match: settings.boards_per_match,
        teams,
        matches,
        // The club as the pairs file names it: the name the director typed (none: no CLUB).
        club: Some(bridge::usebio::Club {
            name: settings.club.to_string(),
            number: None,
        }),
        deals,
    }
}

/// The whole event as USEBIO 1.2: teams, players with their licence numbers, standings, and
/// every match with both rooms' results and the IMPs (`/bridge/teams/{id}/export.xml` and the
/// API's).
pub async fn event_usebio(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> Result<Response, AppError> {
    let r = st.store.bridge_team_results(id)?;
    // The director's file: every deal entered.
    let deals = st
        .store
        .team_hand_records(id)?
        .into_iter()
        .map(|h| (h.board, h.deal))
        .collect();
    let xml = bridge::teams_usebio::write(&usebio_event(&r, deals));
    Ok(crate::page::attachment(
        "application/xml; charset=utf-8",
        &format!("teams-{id}.xml"),
        xml,
    ))
}

/// A Swiss pairs event's results as the CSV traveller format (`bridge::csv`): one line a
/// table and board, with the round, the table and the pairs' numbers
/// (`/bridge/teams/{id}/export.csv`), beside its USEBIO file (`EVENT_TYPE="SWISS_PAIRS"`).
pub async fn event_csv(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> Result<Response, AppError> {
    let r = st.store.bridge_team_results(id)?;
    if r.event.settings.format != TeamFormat::SwissPairs {
        return Err(AppError::NotFound);
    }
    let mut boards: std::collections::BTreeMap<u32, bridge::session::Board> = Default::default();
    for m in &r.matches {
        let Some(visit) = m.draw.visit else {
            continue;
        };
        for b in &m.boards {
            let Some(p) = played(b.open.as_ref()) else {
                continue;
            };
            let board = boards
                .entry(b.board)
                .or_insert_with(|| bridge::session::Board {
                    number: b.board,
                    dealer: bridge::dealer_of(b.board),
                    vulnerability: bridge::vulnerability_of(b.board),
                    deal: None,
                    deal_pos: Default::default(),
                    expected: None,
                    lines: Vec::new(),
                    pos: Default::default(),
                });
            let mut line = bridge::Line::new(m.draw.home, visit, bridge::TableResult::Played(p));
            line.round = Some(m.draw.round);
            line.table = Some(m.draw.number);
            line.lead = b
                .open
                .as_ref()
                .map(|o| o.entry.lead.clone())
                .filter(|l| !l.is_empty());
            board.lines.push(line);
        }
    }
    let session = bridge::Session {
        event: Some(r.event.settings.name.to_string()),
        site: None,
        date: Some(r.event.settings.date.clone()).filter(|d| !d.is_empty()),
        field: Some(bridge::FieldKind::One),
        boards: boards.into_values().collect(),
        names: r
            .teams
            .iter()
            .map(|t| (t.number, t.details.name.to_string()))
            .collect(),
        licences: Default::default(),
    };
    Ok(crate::page::attachment(
        "text/csv; charset=utf-8",
        &format!("swiss-pairs-{id}.csv"),
        bridge::csv::write(&session),
    ))
}
