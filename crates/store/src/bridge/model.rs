//! The engines' model of a session, its ranking and its files.

use bridge::movement::Movement;
use bridge::{Averages, Board, Method, Options, Scale};
use rusqlite::Connection;

use super::lines::{all_lines, load_stored, table_result};
use super::session::{build_movement, load_deals, load_pairs, load_session};
use super::*;
use crate::error::Result;
use crate::Store;

/// The scorer's options from the session's settings.
pub(crate) fn options(s: &BridgeSettings, m: &Movement) -> Options {
    let (scale, method) = match s.scoring {
        Scoring::MatchpointsTwo => (Scale::TwoPerBeat, Method::Matchpoints),
        Scoring::MatchpointsOne => (Scale::OnePerBeat, Method::Matchpoints),
        Scoring::CrossImps => (Scale::TwoPerBeat, Method::CrossImps { average: false }),
        Scoring::CrossImpsAverage => (Scale::TwoPerBeat, Method::CrossImps { average: true }),
        Scoring::Butler => (Scale::TwoPerBeat, Method::Butler(bridge::Datum::default())),
    };
    let percent = |p: u32| Ratio::from_int(i64::from(p));
    Options {
        scale,
        method,
        field: Some(m.field()),
        averages: Averages {
            plus: percent(s.average_plus),
            average: percent(s.average),
            minus: percent(s.average_minus),
            session_limit: s.session_average,
        },
        ..Options::default()
    }
}

/// Boards of the movement with their deals and the lines that have a result (in round
/// order), the pairs' names, and the session's title, place and date (PBN's `YYYY.MM.DD`).
fn model(conn: &Connection, id: SessionId) -> Result<(bridge::Session, Options, Vec<Line>)> {
    let s = load_session(conn, id)?.settings;
    let m = build_movement(&s)?;
    let deals = load_deals(conn, id)?;
    let stored = load_stored(conn, id)?;
    let mut boards = Vec::with_capacity(m.board_count() as usize);
    for tr in m.travellers() {
        let mut board = Board::standard(tr.board);
        board.deal = deals.iter().find(|d| d.0 == tr.board).map(|d| d.1.clone());
        for t in &tr.lines {
            let Some(line) = stored
                .iter()
                .find(|l| l.board == tr.board && l.ns == t.ns && l.ew == t.ew)
            else {
                continue;
            };
            let mut l = bridge::Line::new(t.ns, t.ew, table_result(line)?);
            l.table = Some(t.table);
            l.round = Some(t.round);
            l.lead = line
                .entry
                .as_ref()
                .map(|e| e.lead.clone())
                .filter(|lead| !lead.is_empty());
            board.lines.push(l);
        }
        boards.push(board);
    }
    let pairs = load_pairs(conn, id, &m)?;
    let names = pairs
        .iter()
        .map(|p| (p.number, p.details.display()))
        .filter(|(_, name)| !name.is_empty())
        .collect();
    let licences = pairs
        .iter()
        .map(|p| (p.number, p.details.licences()))
        .filter(|(_, l)| l.iter().any(Option::is_some))
        .collect();
    let nonempty = |t: &str| (!t.trim().is_empty()).then(|| t.trim().to_string());
    let session = bridge::Session {
        event: nonempty(&s.name),
        site: nonempty(&s.place).or_else(|| nonempty(&s.club)),
        date: nonempty(&s.date.replace('-', ".")),
        field: Some(m.field()),
        boards,
        names,
        licences,
    };
    let missing = all_lines(conn, id, &m)?
        .into_iter()
        .filter(|l| l.status == LineStatus::Missing)
        .collect();
    Ok((session, options(&s, &m), missing))
}

impl Store {
    /// The engines' model: boards of the movement, deals, the lines with a result, pair names.
    pub fn bridge_model(&self, id: SessionId) -> Result<bridge::Session> {
        self.with_conn(|c| model(c, id).map(|(s, _, _)| s))
    }

    /// The session scored on the lines that have a result, with the lines still missing.
    pub fn ranking(&self, id: SessionId) -> Result<Ranking> {
        let (session, opts, missing) = self.with_conn(|c| model(c, id))?;
        let scored = bridge::score_session(&session, &opts);
        Ok(Ranking {
            session,
            scored,
            missing,
        })
    }

    /// PBN 2.1 as Magic Contest writes it for the FFB: deals, each board's ScoreTable with its
    /// scores and, once solved, its double-dummy table and par (`Optimum…`), the
    /// TotalScoreTable with names; the pairs numbered as the ranking prints them.
    pub fn export_pbn(&self, id: SessionId) -> Result<String> {
        let r = self.ranking(id)?;
        let labels = self.with_conn(|c| super::session::pair_labels_on(c, id))?;
        let optimum = self
            .hand_records(id)?
            .into_iter()
            .filter_map(|h| Some((h.board, h.analysis.map(|a| (a.tricks, a.par))?)))
            .collect();
        Ok(bridge::pbn::write_federation(
            &r.session,
            Some(&r.scored),
            &bridge::pbn::WriteOptions::default(),
            &bridge::pbn::Federation { labels, optimum },
        ))
    }

    /// USEBIO 1.2 for federation upload: Average+/− as `A6040`; a board with a weighted or a
    /// split score, which USEBIO cannot hold, is left out alone and named in an XML comment.
    /// The file carries the club's name (`CLUB`) and the pair numbers as the ranking prints them
    /// (`1 EO` … `8 EO` as East-West pairs 1–8 when the club numbers them so).
    pub fn export_usebio(&self, id: SessionId) -> Result<String> {
        let r = self.ranking(id)?;
        let (club, labels, masterpoints) = self.with_conn(|c| {
            let s = load_session(c, id)?.settings;
            Ok((
                s.club.to_string(),
                super::session::pair_labels_on(c, id)?,
                s.masterpoints,
            ))
        })?;
        let upload = bridge::usebio::Upload {
            club: Some(bridge::usebio::Club {
                name: club,
                number: None,
            }),
            labels,
            masterpoints,
        };
        Ok(bridge::usebio::write_upload(&r.session, &r.scored, &upload).xml)
    }
}
