//! Simultaneous pairs: other clubs' results of the session's deals, uploaded as their USEBIO or
//! PBN files, and the whole field ranked by [`bridge::simultaneous::combine`].

use std::collections::BTreeMap;

use bridge::simultaneous::{check_same_deals, combine, Club, Combined, Mismatch};
use rusqlite::{params, Connection};
use serde_json::json;

use super::import::at;
use super::log::append;
use super::*;
use crate::error::{Error, Result};
use crate::Store;

/// Row id of another club's upload.
pub type SimClubId = i64;

/// Another club's uploaded results, as the page lists them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimClub {
    pub id: SimClubId,
    pub club: String,
    pub file: String,
    pub boards: usize,
    /// Traveller lines in the file.
    pub lines: usize,
}

/// The whole field of a simultaneous session: the clubs (the session's own first) and the
/// combined ranking.
#[derive(Debug, Clone)]
pub struct Simultaneous {
    /// Club names, the session's club first (index 0), then the uploads in order.
    pub clubs: Vec<String>,
    /// The uploads (index `i + 1` in [`Simultaneous::clubs`]).
    pub uploads: Vec<SimClub>,
    /// Each club's pair names by pair number (the session's own from its pairs page).
    pub names: Vec<BTreeMap<u32, String>>,
    pub combined: Combined,
}

/// Reads an uploaded file with the crate's readers (USEBIO or PBN, told by the name or the
/// first character); an error names the file, line and column.
fn read(text: &str, file: &str) -> Result<bridge::Session> {
    let lower = file.to_ascii_lowercase();
    let session = if lower.ends_with(".csv") {
        return Err(Error::invalid(
            file.to_string(),
            "a USEBIO (.xml) or PBN (.pbn) file",
            "a CSV file",
        ));
    } else {
        bridge::read_session(text, file)
    }
    .map_err(|e| {
        Error::invalid(
            at(&e.file, e.line as usize, e.column as usize),
            e.expected,
            e.found,
        )
    })?;
    if session.boards.iter().all(|b| b.lines.is_empty()) {
        return Err(Error::invalid(
            file.to_string(),
            "the club's traveller lines",
            "no result",
        ));
    }
    Ok(session)
}

/// A refusal as the store's errors say it: the file and board, what the session has and what
/// the file has.
fn mismatch(m: Mismatch, boards: u32) -> Error {
    match m {
        Mismatch::UnknownBoard { file, board } => Error::invalid(
            format!("{file}, board {board}"),
            format!("one of the session's boards 1-{boards}"),
            format!("board {board}"),
        ),
        Mismatch::Dealer {
            file,
            board,
            expected,
            found,
        } => Error::invalid(
            format!("{file}, board {board}"),
            format!("dealer {expected} as in the session"),
            format!("dealer {found}"),
        ),
        Mismatch::Vulnerability {
            file,
            board,
            expected,
            found,
        } => Error::invalid(
            format!("{file}, board {board}"),
            format!("vulnerability {expected} as in the session"),
            format!("vulnerability {found}"),
        ),
        Mismatch::Hand {
            file,
            board,
            seat,
            expected,
            found,
        } => Error::invalid(
            format!("{file}, board {board}"),
            format!("{seat} holding {expected} as in the session's hand record (the same deals)"),
            format!("{seat} holding {found}"),
        ),
        Mismatch::Deal { file, board, found } => Error::invalid(
            format!("{file}, board {board}"),
            "a deal of 52 cards",
            found,
        ),
    }
}

fn uploads(conn: &Connection, id: SessionId) -> Result<Vec<(SimClubId, String, String, String)>> {
    let mut st = conn.prepare_cached(
        "SELECT id, club, file, content FROM bridge_sim_club WHERE session_id = ?1 ORDER BY id",
    )?;
    let rows = st
        .query_map([id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

fn listed(id: SimClubId, club: String, file: String, s: &bridge::Session) -> SimClub {
    SimClub {
        id,
        club,
        file,
        boards: s.boards.iter().filter(|b| !b.lines.is_empty()).count(),
        lines: s.boards.iter().map(|b| b.lines.len()).sum(),
    }
}

impl Store {
    /// Adds another club's results of the session's deals (its USEBIO or PBN file). Refused,
    /// naming the file, the board and what differs, when a board is not the session's (another
    /// number, dealer or vulnerability, or other hands when both have a hand record). Returns
    /// the boards matched by number only (no hand record on one side), for a warning.
    pub fn add_sim_club(
        &self,
        actor: &str,
        id: SessionId,
        club: &Label,
        file: &str,
        text: &str,
    ) -> Result<(SimClubId, Vec<u32>)> {
        let other = read(text, file)?;
        let host = self.bridge_model(id)?;
        let by_number = check_same_deals(&host, &other, file)
            .map_err(|m| mismatch(m, host.boards.len() as u32))?;
        self.transaction(|tx| {
            tx.execute(
                "INSERT INTO bridge_sim_club (session_id, club, file, content) VALUES (?1, ?2, ?3, ?4)",
                params![id, club.as_str(), file, text],
            )?;
            let row = tx.last_insert_rowid();
            append(
                tx,
                id,
                actor,
                "sim-club-add",
                &json!(null),
                &json!({ "club": club.as_str(), "file": file }),
            )?;
            Ok((row, by_number.clone()))
        })
    }

    /// Removes another club's upload.
    pub fn remove_sim_club(&self, actor: &str, id: SessionId, club: SimClubId) -> Result<()> {
        self.transaction(|tx| {
            let (name, file): (String, String) = tx
                .query_row(
                    "SELECT club, file FROM bridge_sim_club WHERE id = ?1 AND session_id = ?2",
                    params![club, id],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .map_err(|e| match e {
                    rusqlite::Error::QueryReturnedNoRows => Error::NotFound("club"),
                    e => e.into(),
                })?;
            tx.execute("DELETE FROM bridge_sim_club WHERE id = ?1", [club])?;
            append(
                tx,
                id,
                actor,
                "sim-club-remove",
                &json!({ "club": name, "file": file }),
                &json!(null),
            )
        })
    }

    /// The other clubs' uploads, in the order they came.
    pub fn sim_clubs(&self, id: SessionId) -> Result<Vec<SimClub>> {
        let rows = self.with_conn(|c| uploads(c, id))?;
        rows.into_iter()
            .map(|(row, club, file, text)| {
                let s = read(&text, &file)?;
                Ok(listed(row, club, file, &s))
            })
            .collect()
    }

    /// The whole field: the session's own results (as its ranking scores them) and every
    /// upload, each board matchpointed across all clubs' lines.
    pub fn simultaneous(&self, id: SessionId) -> Result<Simultaneous> {
        let (opts, own_club, rows): (bridge::Options, String, Vec<_>) = self.with_conn(|c| {
            let s = super::session::load_session(c, id)?.settings;
            let m = super::session::build_movement(&s)?;
            Ok((
                super::model::options(&s, &m),
                s.club.to_string(),
                uploads(c, id)?,
            ))
        })?;
        let host = self.bridge_model(id)?;
        let mut clubs = vec![Club::new(&own_club, "", host)];
        let mut listed_uploads = Vec::new();
        for (row, club, file, text) in rows {
            let s = read(&text, &file)?;
            listed_uploads.push(listed(row, club.clone(), file.clone(), &s));
            clubs.push(Club::new(&club, &file, s));
        }
        let combined = combine(&clubs, &opts);
        Ok(Simultaneous {
            names: clubs.iter().map(|c| c.session.names.clone()).collect(),
            clubs: clubs.into_iter().map(|c| c.name).collect(),
            uploads: listed_uploads,
            combined,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::{BridgeSettings, Entry};

    fn session_with_deals(store: &Store) -> SessionId {
        let name = "Autumn sim".parse().unwrap();
        let id = store
            .create_bridge_session("td", &BridgeSettings::new(name, 3))
            .unwrap();
        let pbn = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
                   [Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n";
        store.set_deals_pbn("td", id, pbn, "deals.pbn").unwrap();
        id
    }

    fn other_club(deal: &str, contract: &str) -> String {
        format!(
            "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{deal}\"]\n\
             [ScoreTable \"PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R\"]\n\
             1 2 {contract} N 10\n"
        )
    }

    #[test]
    fn an_upload_of_the_same_deals_joins_the_field_and_another_deal_is_refused() {
        let store = Store::open_in_memory().unwrap();
        let id = session_with_deals(&store);
        let first = store.table_round(id, 1, 1).unwrap();
        let e = Entry::played("4S", bridge::Seat::North, 10, "");
        store
            .enter_line(id, 1, 1, first.boards[0], &e, "phone-1")
            .unwrap();
        store.confirm_line(id, 1, 1, first.boards[0]).unwrap();
        let club: Label = "Hillside".parse().unwrap();
        let same = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";
        let before = store.bridge_version(id).unwrap();
        let (row, by_number) = store
            .add_sim_club("td", id, &club, "hillside.pbn", &other_club(same, "3S"))
            .unwrap();
        assert!(by_number.is_empty());
        assert!(store.bridge_version(id).unwrap() > before);
        let other = "N:AKQT.T98.765.432 J98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";
        let err = store
            .add_sim_club("td", id, &club, "lakeside.pbn", &other_club(other, "3S"))
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "lakeside.pbn, board 1: expected N holding AKQJ.T98.765.432 as in the session's hand \
             record (the same deals), found N holding AKQT.T98.765.432"
        );
        let sim = store.simultaneous(id).unwrap();
        assert_eq!(sim.clubs.len(), 2);
        assert_eq!(sim.uploads.len(), 1);
        // Board 1 over the field: the session's 4♠= (420) beats Hillside's 3♠ +1 (170).
        let b1 = sim.combined.boards.iter().find(|b| b.number == 1).unwrap();
        assert_eq!(sim.combined.line_clubs[0], [0, 1]);
        assert_eq!(b1.lines[0].ns, Some(Ratio::from_int(2)));
        assert_eq!(b1.lines[1].ns, Some(Ratio::from_int(0)));
        store.remove_sim_club("td", id, row).unwrap();
        assert!(store.sim_clubs(id).unwrap().is_empty());
        assert!(matches!(
            store.remove_sim_club("td", id, row),
            Err(Error::NotFound(_))
        ));
    }
}
