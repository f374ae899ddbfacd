//! An event as chess-results.com's upload file, and the key the site gave it.

use rusqlite::{params, OptionalExtension};
use tournament::chess_results::{self as cr, RankRow, Ranking, Security, TiebreakColumn, Upload};

use super::model::complete_rounds;
use super::model::ranked;
use super::rows::{load_event, load_rounds};
use crate::chess::types::EventId;
use crate::{Result, Store};

/// What makes the file an upload rather than a file saved by hand: the event's key, the
/// creator id and the signed fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Signed {
    pub key: String,
    pub creator: String,
    pub security: Security,
}

impl Store {
    /// The key chess-results.com gave the event and the creator id it was asked with.
    pub fn chess_results_key(&self, event: EventId) -> Result<Option<(String, String)>> {
        self.with_conn(|c| {
            Ok(c.query_row(
                "SELECT key, creator FROM chess_results_key WHERE event = ?1",
                params![event],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?)
        })
    }

    /// Keeps the key chess-results.com gave the event (at once: asking again would create
    /// a second tournament on the site).
    pub fn set_chess_results_key(&self, event: EventId, key: &str, creator: &str) -> Result<()> {
        self.transaction(|tx| {
            load_event(tx, event)?;
            tx.execute(
                "INSERT INTO chess_results_key (event, key, creator) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (event) DO UPDATE SET key = ?2, creator = ?3",
                params![event, key, creator],
            )?;
            Ok(())
        })
    }

    /// The event as chess-results.com's upload file (rounds whose results are all in): the
    /// standings after the last of them with the event's tie-breaks, the intermediate standings
    /// after each round before it, and every pairing. Unsigned (`None`), it is the file an
    /// arbiter uploads by hand.
    pub fn export_chess_results(&self, event: EventId, signed: Option<Signed>) -> Result<String> {
        self.with_conn(|c| {
            let e = load_event(c, event)?;
            let rounds = load_rounds(c, event)?;
            let complete = complete_rounds(&e.settings, &rounds);
            let final_ranked = ranked(c, event, Some(complete))?;
            let mut rankings = Vec::new();
            for r in 1..=complete {
                let st = ranked(c, event, Some(r))?.standings();
                let mut rows: Vec<RankRow> = Vec::with_capacity(st.rows.len());
                for row in &st.rows {
                    let equal = rows.last().is_some_and(|p| p.rank == row.rank);
                    rows.push(RankRow {
                        player: tournament::PlayerId(row.player.number),
                        rank: row.rank,
                        equal,
                        points: row.points,
                        tiebreaks: row.values.clone(),
                    });
                }
                rankings.push(Ranking { round: r, rows });
            }
            let t = &final_ranked.tournament;
            let mut u = Upload::new(t, rankings);
            u.round_robin = e.settings.system.is_round_robin();
            u.tiebreaks = final_ranked
                .tiebreak
                .tiebreaks
                .iter()
                .map(|tb| TiebreakColumn::for_fide_code(&tb.to_string()))
                .collect();
            if let Some(s) = signed {
                u.key = s.key;
                u.creator = s.creator;
                u.security = Some(s.security);
            }
            Ok(cr::write(&u))
        })
    }
}
