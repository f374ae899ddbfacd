//! Hand records with their double-dummy analysis (issue 24 §2): each deal's tricks for every
//! declarer and strain and its par, solved by [`bridge::dd`] once and kept beside the deal
//! (`bridge_deal.tricks`, `bridge_deal.par`), so that a page only reads them.
//! [`Store::analyse_some`] solves a few of the deals that have no analysis yet and keeps them;
//! the server's solver (one worker thread and its queue, issue 34 §2) is its only caller there,
//! a few deals at a time, so that a page never waits for a solve: it shows what
//! [`Store::analysis_progress`] says is done and reloads itself.

use std::sync::Mutex;

use rusqlite::{params, Connection};
use serde::Serialize;

use serde_json::json;

use super::log::append;
use super::session::{load_deals, session_movement};
use super::{SessionId, TeamEventId};
use crate::error::{Error, Result};
use crate::Store;

/// Whose hand records: a pairs session's (`bridge_deal`) or a teams event's
/// (`bridge_team_deal`): the same columns, the owner's key named apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DealsOf {
    Session(SessionId),
    Teams(TeamEventId),
}

impl DealsOf {
    /// The table, its owner column and the owner's key.
    fn sql(self) -> (&'static str, &'static str, i64) {
        match self {
            DealsOf::Session(id) => ("bridge_deal", "session_id", id),
            DealsOf::Teams(id) => ("bridge_team_deal", "event_id", id),
        }
    }
}

/// One deal's double-dummy analysis: the tricks table and the par for the board's standard
/// dealer and vulnerability (those the session's travellers show).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Analysis {
    pub tricks: bridge::DdTable,
    pub par: bridge::Par,
}

/// A board's hand record: its `[Deal]` and, once solved, its analysis.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HandRecord {
    pub board: u32,
    pub deal: String,
    #[serde(flatten)]
    pub analysis: Option<Analysis>,
}

/// How far the analysis of an owner's hand records has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Analysed {
    /// Deals with their tricks table and par.
    pub solved: usize,
    /// Deals stored.
    pub deals: usize,
}

impl Analysed {
    /// Every deal stored has its analysis.
    pub fn done(self) -> bool {
        self.solved >= self.deals
    }
}

/// One solve at a time in the whole process: DDS uses every core for one set of deals, and a
/// second set solved beside it would only halve the speed of both. In the server only its
/// solver's worker thread gets here, so nobody else ever waits on this lock.
static SOLVING: Mutex<()> = Mutex::new(());

/// Solves `deals` (board number, deal) on every core; the par with each board's standard
/// dealer and vulnerability (Law 2). The caller holds [`SOLVING`].
fn solve(deals: &[(u32, bridge::Deal)]) -> Vec<Analysis> {
    if deals.is_empty() {
        return Vec::new();
    }
    let only: Vec<bridge::Deal> = deals.iter().map(|d| d.1).collect();
    let tables = bridge::dd::analyse_all(&only);
    deals
        .iter()
        .zip(tables)
        .map(|(&(board, _), tricks)| Analysis {
            par: bridge::dd::par(
                &tricks,
                bridge::vulnerability_of(board),
                bridge::dealer_of(board),
            ),
            tricks,
        })
        .collect()
}

pub(crate) fn load_hand_records(conn: &Connection, id: SessionId) -> Result<Vec<HandRecord>> {
    load_records(conn, DealsOf::Session(id))
}

fn load_records(conn: &Connection, of: DealsOf) -> Result<Vec<HandRecord>> {
    let (table, owner, key) = of.sql();
    let mut st = conn.prepare_cached(&format!(
        "SELECT board, deal, tricks, par FROM {table} WHERE {owner} = ?1 ORDER BY board"
    ))?;
    let rows = st.query_map([key], |r| {
        Ok((
            r.get::<_, u32>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, Option<String>>(2)?,
            r.get::<_, Option<String>>(3)?,
        ))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (board, deal, tricks, par) = row?;
        let analysis = match (tricks, par) {
            (Some(t), Some(p)) => Some(Analysis {
                tricks: serde_json::from_str(&t)?,
                par: serde_json::from_str(&p)?,
            }),
            _ => None,
        };
        out.push(HandRecord {
            board,
            deal,
            analysis,
        });
    }
    Ok(out)
}

/// A deal read from a PBN hand record: its board number, its `[Deal]` and where its `[Board]`
/// tag stands (for an error naming it).
pub(crate) struct ReadDeal {
    pub board: u32,
    pub deal: String,
    pub line: usize,
    pub column: usize,
}

/// The boards of a PBN hand record that hold a deal, each checked: 52 cards in four hands of
/// 13 (the reader refuses a board given twice). A file that does not read, or a deal cut
/// short, is refused where it is.
pub(crate) fn read_deals(text: &str, file: &str) -> Result<Vec<ReadDeal>> {
    let read = bridge::pbn::read(text, file).map_err(|e| {
        let place = super::import::at(&e.file, e.line as usize, e.column as usize);
        Error::invalid(place, e.expected, e.found)
    })?;
    let mut out = Vec::new();
    for b in read.boards {
        let Some(text) = b.deal else { continue };
        if let Err(e) = text.parse::<bridge::Deal>() {
            let column = b.deal_pos.column as usize + e.offset;
            let place = super::import::at(file, b.deal_pos.line as usize, column);
            return Err(Error::invalid(
                place,
                format!("{} (board {})", e.expected, b.number),
                e.found,
            ));
        }
        out.push(ReadDeal {
            board: b.number,
            deal: text,
            line: b.pos.line as usize,
            column: b.pos.column as usize,
        });
    }
    Ok(out)
}

/// The boards a teams event can play: each round plays its own `boards_per_match` boards
/// (round 2 plays 9 to 16 at 8 a match), and its teams can meet in as many rounds as a round
/// robin has (a Swiss pairs no two teams twice), or in the rounds already drawn if more.
/// A deal beyond them would only set the solver to work for nothing.
fn team_boards(c: &Connection, id: TeamEventId) -> Result<(u32, String)> {
    let e = super::teams::load_event(c, id)?;
    let teams = super::teams::load_teams(c, id)?.len() as u32;
    let rounds = (bridge::teams::round_robin(teams).len() as u32).max(e.rounds);
    let per_match = e.settings.boards_per_match;
    let last = per_match * rounds;
    let why = format!(
        "boards 1 to {last} ({per_match} a match, {rounds} rounds for {teams} teams: enter the teams before the deals)"
    );
    Ok((last, why))
}

/// The deals not analysed yet, as stored.
fn unsolved(conn: &Connection, of: DealsOf) -> Result<Vec<(u32, String)>> {
    let (table, owner, key) = of.sql();
    let mut st = conn.prepare_cached(&format!(
        "SELECT board, deal FROM {table} WHERE {owner} = ?1 AND (tricks IS NULL OR par IS NULL) ORDER BY board"
    ))?;
    let rows = st.query_map([key], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

impl Store {
    /// The hand records in board order, each with its analysis when solved.
    pub fn hand_records(&self, id: SessionId) -> Result<Vec<HandRecord>> {
        self.with_conn(|c| {
            super::session::load_session(c, id)?;
            load_hand_records(c, id)
        })
    }

    /// Solves and keeps the analysis of every deal of the session that has none, a few at a
    /// time, and returns how many were solved. It takes as long as the solve (seconds to
    /// minutes): for the command line and tests; the server asks its solver instead.
    pub fn analyse_stored_deals(&self, id: SessionId) -> Result<usize> {
        let mut solved = 0;
        loop {
            let before = self.analysis_progress(DealsOf::Session(id))?.solved;
            let after = self.analyse_some(DealsOf::Session(id), 16)?;
            solved += after.solved.saturating_sub(before);
            if after.done() || after.solved == before {
                return Ok(solved);
            }
        }
    }

    /// Replaces a teams event's hand records with the deals of a PBN file (both rooms of every
    /// match play the same boards); returns how many were kept. Their analysis comes after
    /// (the server's solver, [`Store::analyse_some`]).
    pub fn set_team_deals_pbn(
        &self,
        actor: &str,
        id: TeamEventId,
        text: &str,
        file: &str,
    ) -> Result<usize> {
        let read = read_deals(text, file)?;
        self.transaction(|tx| {
            let (last, expected) = team_boards(tx, id)?;
            if let Some(d) = read.iter().find(|d| d.board > last) {
                return Err(Error::invalid(
                    super::import::at(file, d.line, d.column),
                    expected,
                    format!("board {} ({} deals in the file)", d.board, read.len()),
                ));
            }
            let deals: Vec<(u32, String)> = read.into_iter().map(|d| (d.board, d.deal)).collect();
            let before: u32 = tx.query_row(
                "SELECT COUNT(*) FROM bridge_team_deal WHERE event_id = ?1",
                [id],
                |r| r.get(0),
            )?;
            tx.execute("DELETE FROM bridge_team_deal WHERE event_id = ?1", [id])?;
            for (board, deal) in &deals {
                tx.execute(
                    "INSERT INTO bridge_team_deal (event_id, board, deal) VALUES (?1, ?2, ?3)",
                    params![id, board, deal],
                )?;
            }
            super::log::append_to(
                tx,
                super::log::LogOf::Teams(id),
                actor,
                "deals",
                &serde_json::json!({ "boards": before }),
                &serde_json::json!({ "file": file, "boards": deals.len() }),
            )?;
            Ok(deals.len())
        })
    }

    /// A teams event's hand records in board order, each with its analysis when solved.
    pub fn team_hand_records(&self, id: TeamEventId) -> Result<Vec<HandRecord>> {
        self.with_conn(|c| {
            super::teams::load_event(c, id)?;
            load_records(c, DealsOf::Teams(id))
        })
    }

    /// How many of the owner's deals are stored and how many have their analysis (one query).
    pub fn analysis_progress(&self, of: DealsOf) -> Result<Analysed> {
        let (table, owner, key) = of.sql();
        self.with_conn(|c| {
            let (deals, solved) = c.query_row(
                &format!(
                    "SELECT COUNT(*), COUNT(CASE WHEN tricks IS NOT NULL AND par IS NOT NULL THEN 1 END) \
                     FROM {table} WHERE {owner} = ?1"
                ),
                [key],
                |r| Ok((r.get::<_, usize>(0)?, r.get::<_, usize>(1)?)),
            )?;
            Ok(Analysed { solved, deals })
        })
    }

    /// Solves at most `at_most` of the owner's deals that have no analysis yet (in board
    /// order), keeps their analysis and answers how far the whole has come. A deal replaced
    /// while it was being solved is left for the next call (its analysis is never written over
    /// another deal); one that no longer reads (it was checked when uploaded) is left unsolved.
    pub fn analyse_some(&self, of: DealsOf, at_most: usize) -> Result<Analysed> {
        let mut todo = self.with_conn(|c| unsolved(c, of))?;
        todo.truncate(at_most);
        if !todo.is_empty() {
            let _one = SOLVING.lock().unwrap_or_else(|e| e.into_inner());
            self.solve_and_keep(of, &todo)?;
        }
        self.analysis_progress(of)
    }

    fn solve_and_keep(&self, of: DealsOf, todo: &[(u32, String)]) -> Result<usize> {
        let (texts, deals): (Vec<&str>, Vec<(u32, bridge::Deal)>) = todo
            .iter()
            .filter_map(|(board, text)| Some((text.as_str(), (*board, text.parse().ok()?))))
            .unzip();
        if deals.is_empty() {
            return Ok(0);
        }
        let solved = solve(&deals);
        let (table, owner, key) = of.sql();
        let sql = format!(
            "UPDATE {table} SET tricks = ?1, par = ?2 WHERE {owner} = ?3 AND board = ?4 AND deal = ?5 AND (tricks IS NULL OR par IS NULL)"
        );
        self.transaction(|tx| {
            let mut n = 0;
            for ((text, (board, _)), a) in texts.iter().zip(&deals).zip(&solved) {
                n += tx.execute(
                    &sql,
                    params![
                        serde_json::to_string(&a.tricks)?,
                        serde_json::to_string(&a.par)?,
                        key,
                        board,
                        text
                    ],
                )?;
            }
            Ok(n)
        })
    }
}

impl Store {
    /// Hand records: the `[Deal]` of each board of the PBN file that the session has (other
    /// boards are passed over). Replaces the deals stored before, in one transaction; returns
    /// how many were kept. Their double-dummy analysis is [`Store::analyse_some`]'s work
    /// (seconds to minutes for a session's deals), done by the server's solver as soon as the
    /// upload is stored; a page meanwhile shows what is solved and reloads itself.
    pub fn set_deals_pbn(
        &self,
        actor: &str,
        id: SessionId,
        text: &str,
        file: &str,
    ) -> Result<usize> {
        let read = read_deals(text, file)?;
        self.transaction(|tx| {
            let m = session_movement(tx, id)?;
            let deals: Vec<(u32, String)> = read
                .into_iter()
                .filter(|d| (1..=m.board_count()).contains(&d.board))
                .map(|d| (d.board, d.deal))
                .collect();
            let before = load_deals(tx, id)?;
            tx.execute("DELETE FROM bridge_deal WHERE session_id = ?1", [id])?;
            for (board, deal) in &deals {
                tx.execute(
                    "INSERT INTO bridge_deal (session_id, board, deal) VALUES (?1, ?2, ?3)",
                    params![id, board, deal],
                )?;
            }
            append(
                tx,
                id,
                actor,
                "deals",
                &json!({ "boards": before.len() }),
                &json!({ "file": file, "boards": deals.len() }),
            )?;
            Ok(deals.len())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::BridgeSettings;

    const PBN: &str = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n\n[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n";

    #[test]
    fn each_deal_is_solved_once_and_kept() {
        let store = Store::open_in_memory().unwrap();
        let name = "Tuesday pairs".parse().unwrap();
        let id = store
            .create_bridge_session("td", &BridgeSettings::new(name, 7))
            .unwrap();
        assert_eq!(store.set_deals_pbn("td", id, PBN, "d.pbn").unwrap(), 2);
        assert!(store
            .hand_records(id)
            .unwrap()
            .iter()
            .all(|r| r.analysis.is_none()));
        assert_eq!(store.analyse_stored_deals(id).unwrap(), 2);
        let records = store.hand_records(id).unwrap();
        let session = bridge::pbn::read(PBN, "d.pbn").unwrap();
        let engine = bridge::dd::analyse_session(&session, "d.pbn").unwrap();
        assert_eq!(records.len(), 2);
        for (r, e) in records.iter().zip(&engine) {
            let a = r.analysis.as_ref().expect("solved");
            assert_eq!((r.board, a.tricks, &a.par), (e.number, e.table, &e.par));
        }
        assert_eq!(store.analyse_stored_deals(id).unwrap(), 0, "nothing left");

        // A deal stored before the analysis existed: solved once too, then kept.
        store
            .with_conn(|c| {
                c.execute(
                    "UPDATE bridge_deal SET tricks = NULL, par = NULL WHERE board = 2",
                    [],
                )?;
                Ok(())
            })
            .unwrap();
        assert!(store.hand_records(id).unwrap()[1].analysis.is_none());
        assert_eq!(store.analyse_stored_deals(id).unwrap(), 1);
        assert_eq!(store.hand_records(id).unwrap(), records);
        assert_eq!(store.analyse_stored_deals(id).unwrap(), 0);
    }
}
