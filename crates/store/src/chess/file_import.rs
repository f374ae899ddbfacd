//! A new individual event (Swiss or round robin) made from another program's file, the FFE's
//! Papi ([`crate::chess::papi`]) or Swiss-Manager's `.TUNX` ([`crate::chess::swiss_manager`]):
//! each reader turns its file into a [`FileEvent`], and [`Store::create_event_from_file`]
//! writes the event with its players and every round in one transaction (all or nothing).

use rusqlite::params;
use serde_json::json;
use tournament::{Color, Entry, GameResult, PlayerId, Tournament};

use crate::chess::event::{insert_event, insert_player};
use crate::chess::rows::{insert_game, write_round_start};
use crate::chess::types::*;
use crate::error::{Error, Result};
use crate::new_codes::new_code;
use crate::Store;

/// An event read from a file, ready to be stored.
#[derive(Debug, Clone)]
pub struct FileEvent {
    pub settings: EventSettings,
    /// The players in pairing-number order.
    pub players: Vec<NewPlayer>,
    /// The players' pairing numbers and every round, as the file records them.
    pub tournament: Tournament,
    /// The rounds' dates (and times) the file gives.
    pub round_starts: Vec<(u32, RoundStart)>,
    /// What the file holds that the event does not take, in the reader's words (English).
    pub warnings: Vec<String>,
    /// The file's tie-breaks that have no equivalent among ours, as the file names them.
    pub tiebreaks_left_out: Vec<String>,
}

/// The program a file comes from: the action the event's log records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileSource {
    Papi,
    SwissManager,
}

impl FileSource {
    /// The log's action code.
    pub fn action(self) -> &'static str {
        match self {
            FileSource::Papi => "import_papi",
            FileSource::SwissManager => "import_swiss_manager",
        }
    }
}

/// The store's result code of a game, from White's entry.
fn result_code(white: &Entry) -> Option<ResultCode> {
    match white {
        Entry::Played {
            result: GameResult::Win,
            ..
        } => Some(ResultCode::WhiteWins),
        Entry::Played {
            result: GameResult::Draw,
            ..
        } => Some(ResultCode::Draw),
        Entry::Played {
            result: GameResult::Loss,
            ..
        } => Some(ResultCode::BlackWins),
        Entry::ForfeitWin { .. } => Some(ResultCode::WhiteForfeitWin),
        Entry::ForfeitLoss { .. } => Some(ResultCode::BlackForfeitWin),
        Entry::DoubleForfeit { .. } => Some(ResultCode::DoubleForfeit),
        _ => None,
    }
}

impl Store {
    /// A new event from a file's reading: settings, players with the file's pairing numbers,
    /// every round (boards, results, byes) and the rounds' dates, in one transaction: an error
    /// anywhere leaves the database as it was. The log's entry keeps the warnings, which the
    /// event's page shows after the import.
    pub fn create_event_from_file(
        &self,
        actor: &str,
        source: FileSource,
        file: &FileEvent,
    ) -> Result<EventId> {
        self.transaction(|tx| {
            let id = insert_event(tx, actor, &file.settings)?;
            let mut keys = Vec::with_capacity(file.players.len());
            for (p, np) in file.tournament.players.iter().zip(&file.players) {
                let key = insert_player(tx, id, np).map_err(|e| match e {
                    Error::Invalid {
                        field,
                        expected,
                        found,
                    } => Error::Invalid {
                        field: format!("player {} ({}): {field}", p.id, np.name),
                        expected,
                        found,
                    },
                    other => other,
                })?;
                keys.push(key);
            }
            // The file's pairing numbers (two passes keep UNIQUE(event_id, number) true).
            tx.execute(
                "UPDATE player SET number = -number WHERE event_id = ?1",
                [id],
            )?;
            for (p, key) in file.tournament.players.iter().zip(&keys) {
                tx.execute(
                    "UPDATE player SET number = ?1 WHERE id = ?2",
                    params![p.id.0, key],
                )?;
            }
            let key_of = |n: PlayerId| {
                file.tournament
                    .players
                    .iter()
                    .position(|p| p.id == n)
                    .map(|k| keys[k])
                    .expect("opponents are players of the file")
            };
            let rounds = file.tournament.recorded_rounds();
            for r in 1..=rounds {
                tx.execute(
                    "INSERT INTO round (event_id, number, paired_at) VALUES (?1, ?2, ?3)",
                    params![id, r, crate::db::now()],
                )?;
                // Boards by the better pairing number of the two, the bye last.
                let mut boards: Vec<(u32, PlayerKey, Option<PlayerKey>, Option<ResultCode>)> =
                    Vec::new();
                for (p, &key) in file.tournament.players.iter().zip(&keys) {
                    let e = p.entry(r).copied().unwrap_or(Entry::NotPaired);
                    let bye = |kind: ByeKind| -> Result<()> {
                        tx.execute(
                            "INSERT INTO bye (event_id, player_id, round, kind) VALUES (?1, ?2, ?3, ?4)",
                            params![id, key, r, kind.as_str()],
                        )?;
                        Ok(())
                    };
                    match e {
                        Entry::PairingBye => boards.push((u32::MAX, key, None, None)),
                        Entry::HalfBye => bye(ByeKind::Half)?,
                        Entry::FullBye => bye(ByeKind::Full)?,
                        Entry::ZeroBye | Entry::Withdrawn => bye(ByeKind::Zero)?,
                        _ if e.color() == Some(Color::White) => {
                            let opp = e.opponent().expect("a game has an opponent");
                            boards.push((
                                p.id.0.min(opp.0),
                                key,
                                Some(key_of(opp)),
                                result_code(&e),
                            ));
                        }
                        _ => {}
                    }
                }
                boards.sort_by_key(|b| b.0);
                for (k, (_, white, black, result)) in boards.into_iter().enumerate() {
                    insert_game(
                        tx,
                        id,
                        &Game {
                            round: r,
                            board: k as u32 + 1,
                            white,
                            black,
                            result,
                            code: new_code(tx)?,
                            reported: None,
                            reports: Vec::new(),
                            edited: false,
                            accepted: Vec::new(),
                        },
                    )?;
                }
            }
            // Byes already entered for the rounds to come (a player away, a bye asked for).
            for a in &file.tournament.announced_byes {
                let kind = match a.kind {
                    tournament::ByeKind::Full => ByeKind::Full,
                    tournament::ByeKind::Half => ByeKind::Half,
                    tournament::ByeKind::Zero => ByeKind::Zero,
                    // Fixed by the arbiter ahead: the pairing gives it when the round is paired.
                    tournament::ByeKind::PairingAllocated => continue,
                };
                if a.round <= rounds {
                    continue;
                }
                for &p in &a.players {
                    tx.execute(
                        "INSERT INTO bye (event_id, player_id, round, kind) VALUES (?1, ?2, ?3, ?4)",
                        params![id, key_of(p), a.round, kind.as_str()],
                    )?;
                }
            }
            for (round, start) in &file.round_starts {
                write_round_start(tx, id, *round, Some(start))?;
            }
            crate::chess::log::append(
                tx,
                Some(id),
                actor,
                source.action(),
                json!({
                    "players": keys.len(),
                    "rounds": rounds,
                    "warnings": file.warnings,
                    "tiebreaks_left_out": file.tiebreaks_left_out,
                }),
                None,
            )?;
            Ok(id)
        })
    }

    /// What the event's import left out (warnings, tie-breaks without an equivalent), from its
    /// log; empty for an event not imported from a file.
    pub fn import_notes(&self, event: EventId) -> Result<ImportNotes> {
        let log = self.log(event)?;
        let Some(entry) = log.iter().rev().find(|l| {
            [FileSource::Papi, FileSource::SwissManager]
                .iter()
                .any(|s| s.action() == l.action)
        }) else {
            return Ok(ImportNotes::default());
        };
        let list = |key: &str| -> Vec<String> {
            entry.detail[key]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|v| v.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default()
        };
        Ok(ImportNotes {
            warnings: list("warnings"),
            tiebreaks_left_out: list("tiebreaks_left_out"),
        })
    }
}

/// What an event's import from a file left out ([`Store::import_notes`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ImportNotes {
    /// The reader's warnings (English, technical).
    pub warnings: Vec<String>,
    /// The file's tie-breaks without an equivalent among ours, as the file names them.
    pub tiebreaks_left_out: Vec<String>,
}

impl ImportNotes {
    pub fn is_empty(&self) -> bool {
        self.warnings.is_empty() && self.tiebreaks_left_out.is_empty()
    }
}
