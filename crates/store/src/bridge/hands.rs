//! Hand records with their double-dummy analysis (issue 24 §2): each deal's tricks for every
//! declarer and strain and its par, solved by [`bridge::dd`] once and kept beside the deal
//! (`bridge_deal.tricks`, `bridge_deal.par`), so that a page only reads them.
//! [`Store::analyse_stored_deals`] solves the deals that have no analysis yet: the server
//! calls it off the request right after an upload (a session's deals take seconds, more on a
//! busy machine, which an upload should not wait for), and before showing a page that needs
//! them (deals stored before the analysis existed, or an upload's still being solved: the
//! page waits for that one, then reads).

use std::sync::Mutex;

use rusqlite::{params, Connection};
use serde::Serialize;

use super::{SessionId, TeamEventId};
use crate::error::{Error, Result};
use crate::Store;

/// Whose hand records: a pairs session's (`bridge_deal`) or a teams event's
/// (`bridge_team_deal`): the same columns, the owner's key named apart.
#[derive(Debug, Clone, Copy)]
enum DealsOf {
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

/// One solver at a time in the whole process: DDS uses every core for one set of deals, and a
/// second set solved beside it (two uploads, or pages finding old deals unsolved) would only
/// halve the speed of both. Whoever waits here finds the work done when its turn comes.
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

/// The boards of a PBN hand record that hold a deal, each checked: 52 cards in four hands of
/// 13. A file that does not read, or a deal cut short, is refused where it is.
pub(crate) fn read_deals(text: &str, file: &str) -> Result<Vec<(u32, String)>> {
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
        out.push((b.number, text));
    }
    Ok(out)
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

    /// Solves and keeps the analysis of the session's deals that have none (just uploaded, or
    /// stored before the analysis existed); returns how many were solved. Cheap when every
    /// deal has its analysis: one query. A deal replaced while it was being solved is left for
    /// the next call (its analysis is never written over another deal).
    pub fn analyse_stored_deals(&self, id: SessionId) -> Result<usize> {
        self.analyse(DealsOf::Session(id))
    }

    /// Replaces a teams event's hand records with the deals of a PBN file (both rooms of every
    /// match play the same boards); returns how many were kept. Their analysis comes after
    /// ([`Store::analyse_team_deals`]).
    pub fn set_team_deals_pbn(
        &self,
        actor: &str,
        id: TeamEventId,
        text: &str,
        file: &str,
    ) -> Result<usize> {
        let deals = read_deals(text, file)?;
        self.transaction(|tx| {
            super::teams::load_event(tx, id)?;
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

    /// [`Store::analyse_stored_deals`] for a teams event's deals.
    pub fn analyse_team_deals(&self, id: TeamEventId) -> Result<usize> {
        self.analyse(DealsOf::Teams(id))
    }

    fn analyse(&self, of: DealsOf) -> Result<usize> {
        if self.with_conn(|c| unsolved(c, of))?.is_empty() {
            return Ok(0);
        }
        // Another request may have solved them while this one waited for the solver.
        let _one = SOLVING.lock().unwrap_or_else(|e| e.into_inner());
        let todo = self.with_conn(|c| unsolved(c, of))?;
        // A stored deal was checked when it was uploaded; one that no longer reads is left.
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
