//! FIDE's rating list kept in the database, so that players are looked up by FIDE id or name
//! at registration without loading the monthly file again.

use rusqlite::{params, OptionalExtension};

use crate::chess::import::{find_in_fide_list, FideEntry};
use crate::chess::rating_periods::{keep_period, newest_period, RatingPeriod};
use crate::chess::types::NewPlayer;
use crate::csv::folded_words;
use crate::error::{Error, Result};
use crate::Store;

/// Candidates read from the database before the ranking of `find_in_fide_list`.
const CANDIDATES: usize = 5000;

/// Where the loaded list came from.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RatingListSource {
    pub file_name: String,
    pub loaded_at: String,
    pub players: u64,
}

impl Store {
    /// Loads `entries` as the list of the period the file name gives (FIDE's downloads name
    /// their month), else of the current month: see [`Store::load_rating_list_of`].
    pub fn load_rating_list(&self, file_name: &str, entries: &[FideEntry]) -> Result<usize> {
        let period = RatingPeriod::from_file_name(file_name)
            .or_else(|| RatingPeriod::of_date(&crate::db::now()))
            .ok_or_else(|| Error::invalid("period", "a month YYYY-MM", "none"))?;
        self.load_rating_list_of(file_name, period, entries)
    }

    /// Keeps `entries` as the list of `period` (one transaction), replacing that period's, and
    /// makes it the list searched at registration unless a later period's is kept.
    pub fn load_rating_list_of(
        &self,
        file_name: &str,
        period: RatingPeriod,
        entries: &[FideEntry],
    ) -> Result<usize> {
        self.transaction(|tx| {
            let newest = newest_period(tx)?;
            let kept = keep_period(tx, period, file_name, entries)?;
            if newest.is_some_and(|p| p > period) {
                return Ok(kept);
            }
            tx.execute("DELETE FROM rating_list", [])?;
            let mut st = tx.prepare(
                "INSERT OR REPLACE INTO rating_list (fide_id, name, folded, federation, sex, title, rating, \
                 birth_date, inactive) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            )?;
            let mut n = 0;
            for e in entries {
                let p = &e.player;
                let Some(id) = p.fide_id else { continue };
                st.execute(params![
                    id as i64,
                    p.name,
                    folded_words(&p.name).join(" "),
                    p.federation,
                    p.sex,
                    p.title,
                    p.rating,
                    p.birth_date,
                    e.inactive
                ])?;
                n += 1;
            }
            tx.execute(
                "INSERT OR REPLACE INTO rating_list_source (id, file_name, loaded_at, players) VALUES (1, ?1, ?2, ?3)",
                params![file_name, crate::db::now(), n as i64],
            )?;
            Ok(n)
        })
    }

    /// The loaded list's file and date, if one was loaded.
    pub fn rating_list_source(&self) -> Result<Option<RatingListSource>> {
        self.with_conn(|c| {
            Ok(c.query_row(
                "SELECT file_name, loaded_at, players FROM rating_list_source WHERE id = 1",
                [],
                |r| {
                    Ok(RatingListSource {
                        file_name: r.get(0)?,
                        loaded_at: r.get(1)?,
                        players: r.get::<_, i64>(2)? as u64,
                    })
                },
            )
            .optional()?)
        })
    }

    /// Players of the stored list matching `query`: a FIDE id, or words that begin words of the
    /// name (case and accents ignored); at most 50, best first.
    pub fn search_rating_list(&self, query: &str) -> Result<Vec<FideEntry>> {
        let words = folded_words(query);
        let Some(longest) = words.iter().max_by_key(|w| w.len()) else {
            return Ok(Vec::new());
        };
        let candidates: Vec<FideEntry> = self.with_conn(|c| {
            let mut st = c.prepare_cached(
                "SELECT fide_id, name, federation, sex, title, rating, birth_date, inactive FROM rating_list \
                 WHERE fide_id = ?1 OR folded LIKE ?2 ESCAPE '\\' LIMIT ?3",
            )?;
            let id: Option<i64> = query.trim().parse().ok();
            let pattern = format!("%{}%", longest.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"));
            let rows = st.query_map(params![id, pattern, CANDIDATES as i64], |r| {
                Ok(FideEntry {
                    player: NewPlayer {
                        fide_id: Some(r.get::<_, i64>(0)? as u64),
                        name: r.get(1)?,
                        federation: r.get(2)?,
                        sex: r.get(3)?,
                        title: r.get(4)?,
                        rating: r.get(5)?,
                        birth_date: r.get(6)?,
                        ..NewPlayer::default()
                    },
                    inactive: r.get(7)?,
                })
            })?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })?;
        Ok(find_in_fide_list(&candidates, query)
            .into_iter()
            .cloned()
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loaded_list_is_searched_by_id_and_name() {
        let store = Store::open_in_memory().unwrap();
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/fide_list.txt"
        ))
        .unwrap();
        let list = crate::chess::import::players_from_fide_txt(&text).unwrap();
        let n = store.load_rating_list("fide_list.txt", &list).unwrap();
        assert_eq!(
            n,
            list.iter().filter(|e| e.player.fide_id.is_some()).count()
        );
        assert_eq!(
            store.rating_list_source().unwrap().unwrap().players,
            n as u64
        );
        let first = &list[0].player;
        let by_id = store
            .search_rating_list(&first.fide_id.unwrap().to_string())
            .unwrap();
        assert_eq!(by_id[0].player.name, first.name);
        let surname = first.name.split(',').next().unwrap().to_uppercase();
        let by_name = store.search_rating_list(&surname).unwrap();
        assert!(
            by_name.iter().any(|e| e.player.fide_id == first.fide_id),
            "{surname}"
        );
        assert!(store.search_rating_list("zzzznobody").unwrap().is_empty());
        assert!(store.search_rating_list("  ").unwrap().is_empty());
        // Loading again replaces the list.
        store.load_rating_list("again.txt", &list[..1]).unwrap();
        assert_eq!(store.rating_list_source().unwrap().unwrap().players, 1);
    }
}
