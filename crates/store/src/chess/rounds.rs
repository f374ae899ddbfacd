//! Rounds: pairing with the engines, the arbiter's edits, results and the players' reports.

use rusqlite::{params, Connection, OptionalExtension};
use serde_json::json;

use crate::chess::rows::{
    insert_game, load_event, load_players, load_round, load_rounds, paired_rounds, result_from_sql,
};
use crate::chess::types::*;
use crate::codes::new_code;
use crate::error::{Error, Refusal, Result};
use crate::Store;

/// The round's pairing may still change: it is the last one and no board has a result.
fn ensure_open(conn: &Connection, event: EventId, round: &Round) -> Result<()> {
    if paired_rounds(conn, event)? != round.number {
        return Err(Error::refused(
            Refusal::RoundClosed,
            format!(
                "round {} is closed: round {} is paired",
                round.number,
                round.number + 1
            ),
        ));
    }
    if round
        .games
        .iter()
        .any(|g| g.black.is_some() && g.result.is_some())
    {
        return Err(Error::refused(
            Refusal::RoundClosed,
            format!(
                "round {} has results: its pairing can no longer change",
                round.number
            ),
        ));
    }
    Ok(())
}

impl Store {
    pub fn rounds(&self, event: EventId) -> Result<Vec<Round>> {
        self.with_conn(|c| {
            load_event(c, event)?;
            load_rounds(c, event)
        })
    }

    pub fn round(&self, event: EventId, number: u32) -> Result<Round> {
        self.with_conn(|c| load_round(c, event, number))
    }

    /// Pairs round `round` with the engine. Asking again for a round already paired returns it
    /// unchanged, so a retried request pairs once.
    pub fn pair_round(&self, actor: &str, event: EventId, round: u32) -> Result<Round> {
        let already = |tx: &rusqlite::Transaction<'_>| {
            load_event(tx, event)?;
            Ok(load_rounds(tx, event)?
                .into_iter()
                .find(|r| r.number == round))
        };
        self.logged_unless(
            actor,
            event,
            "pair",
            json!({ "round": round }),
            already,
            |tx| {
                let e = load_event(tx, event)?;
                let rounds = load_rounds(tx, event)?;
                let next = rounds.len() as u32 + 1;
                if round != next {
                    return Err(Error::refused(
                        Refusal::WrongRound,
                        format!("the round to pair is round {next}, not {round}"),
                    ));
                }
                if let Some(last) = rounds.last() {
                    let missing = last.missing_results();
                    if missing > 0 {
                        return Err(Error::refused(
                            Refusal::MissingResults,
                            format!(
                                "round {} still has {missing} board(s) without a result",
                                last.number
                            ),
                        ));
                    }
                }
                let players = load_players(tx, event)?;
                if e.settings.system.is_round_robin() {
                    pair_round_robin(tx, &e, &players, round)?;
                } else {
                    pair_swiss(tx, &e, &players, round)?;
                }
                load_round(tx, event, round)
            },
        )
    }

    /// Takes back the last round's pairing while it has no result.
    pub fn unpair_round(&self, actor: &str, event: EventId, round: u32) -> Result<()> {
        self.logged(actor, event, "unpair", json!({ "round": round }), |tx| {
            let r = load_round(tx, event, round)?;
            ensure_open(tx, event, &r)?;
            tx.execute("DELETE FROM game WHERE event_id = ?1 AND round = ?2", params![event, round])?;
            tx.execute("DELETE FROM round WHERE event_id = ?1 AND number = ?2", params![event, round])?;
            // Absences recorded when the round was paired go with it; requested byes stay.
            tx.execute(
                "DELETE FROM bye WHERE event_id = ?1 AND round = ?2 AND kind = 'zero' AND player_id IN \
                 (SELECT id FROM player WHERE event_id = ?1 AND present = 0)",
                params![event, round],
            )?;
            Ok(())
        })
    }

    /// The arbiter's edit of a pairing: players `a` and `b` exchange seats (either may hold the
    /// pairing-allocated bye). Returns the checker's objections to the new pairing.
    pub fn swap_players(
        &self,
        actor: &str,
        event: EventId,
        round: u32,
        a: PlayerKey,
        b: PlayerKey,
    ) -> Result<Vec<String>> {
        self.logged(
            actor,
            event,
            "swap",
            json!({ "round": round, "a": a, "b": b }),
            |tx| {
                let r = load_round(tx, event, round)?;
                ensure_open(tx, event, &r)?;
                let seat = |p: PlayerKey| {
                    r.games.iter().find_map(|g| {
                        if g.white == p {
                            Some((g.board, true))
                        } else if g.black == Some(p) {
                            Some((g.board, false))
                        } else {
                            None
                        }
                    })
                };
                let (Some(sa), Some(sb)) = (seat(a), seat(b)) else {
                    return Err(Error::invalid(
                        "player",
                        "two players paired in this round",
                        "a player without a board",
                    ));
                };
                if a == b {
                    return Err(Error::invalid(
                        "player",
                        "two different players",
                        "the same player twice",
                    ));
                }
                set_seat(tx, event, round, sa, b)?;
                set_seat(tx, event, round, sb, a)?;
                let r = load_round(tx, event, round)?;
                crate::chess::model::objections(tx, event, &r)
            },
        )
    }

    /// Enters or corrects a board's result. Clearing a result is allowed only in the last round.
    pub fn set_result(
        &self,
        actor: &str,
        event: EventId,
        round: u32,
        board: u32,
        result: Option<ResultCode>,
    ) -> Result<()> {
        let detail =
            json!({ "round": round, "board": board, "result": result.map(ResultCode::as_str) });
        self.logged(actor, event, "set_result", detail, |tx| {
            let r = load_round(tx, event, round)?;
            let game = r
                .games
                .iter()
                .find(|g| g.board == board)
                .ok_or(Error::NotFound("board"))?;
            if game.black.is_none() {
                return Err(Error::invalid(
                    "board",
                    "a board with two players",
                    "the pairing-allocated bye",
                ));
            }
            if result.is_none() && paired_rounds(tx, event)? != round {
                return Err(Error::refused(
                    Refusal::RoundClosed,
                    format!("round {round} is closed: a result can be corrected but not removed"),
                ));
            }
            tx.execute(
                "UPDATE game SET result = ?1, reported_result = NULL, reported_at = NULL \
                 WHERE event_id = ?2 AND round = ?3 AND board = ?4",
                params![result.map(ResultCode::as_str), event, round, board],
            )?;
            Ok(())
        })
    }

    /// Enters the results of many boards of one round as one action (the arbiter's grid): all
    /// are written or none. Each entry is `(board, result)`; see [`Store::set_result`].
    pub fn set_results(
        &self,
        actor: &str,
        event: EventId,
        round: u32,
        results: &[(u32, Option<ResultCode>)],
    ) -> Result<usize> {
        let detail = json!({
            "round": round,
            "results": results.iter().map(|(b, r)| json!([b, r.map(ResultCode::as_str)])).collect::<Vec<_>>(),
        });
        self.logged(actor, event, "set_results", detail, |tx| {
            let r = load_round(tx, event, round)?;
            let last = paired_rounds(tx, event)? == round;
            let mut changed = 0;
            for &(board, result) in results {
                let game = r
                    .games
                    .iter()
                    .find(|g| g.board == board)
                    .ok_or(Error::NotFound("board"))?;
                if game.black.is_none() {
                    return Err(Error::invalid(
                        format!("board {board}"),
                        "a board with two players",
                        "the pairing-allocated bye",
                    ));
                }
                if game.result == result {
                    continue;
                }
                if result.is_none() && !last {
                    return Err(Error::refused(
                        Refusal::RoundClosed,
                        format!(
                            "round {round} is closed: a result can be corrected but not removed"
                        ),
                    ));
                }
                tx.execute(
                    "UPDATE game SET result = ?1, reported_result = NULL, reported_at = NULL \
                     WHERE event_id = ?2 AND round = ?3 AND board = ?4",
                    params![result.map(ResultCode::as_str), event, round, board],
                )?;
                changed += 1;
            }
            Ok(changed)
        })
    }

    /// The board a player's code opens (`game.round` is its round).
    pub fn lookup_code(&self, code: &str) -> Result<(Event, Game)> {
        self.with_conn(|c| find_code(c, code))
    }

    /// A player's report of their board's result, from a phone: waits for the arbiter's
    /// confirmation. Reports are logged but not undoable (they change no standing).
    ///
    /// Reports that arrive together are committed together (one disk sync for a burst at the
    /// end of a round): each caller queues its report, and whoever holds the writing connection
    /// next commits every queued one, each answered on its own.
    pub fn report_result(&self, code: &str, result: ResultCode) -> Result<()> {
        let code = code.trim().to_uppercase();
        if !result.is_over_the_board() {
            return Err(Error::invalid("result", "1-0, 1/2 or 0-1", result.as_str()));
        }
        self.batched(move |tx| record_report(tx, &code, result))
    }

    /// Accepts every result the players reported in `round`; returns how many.
    pub fn confirm_reported(&self, actor: &str, event: EventId, round: u32) -> Result<usize> {
        self.logged(actor, event, "confirm_reported", json!({ "round": round }), |tx| {
            load_round(tx, event, round)?;
            Ok(tx.execute(
                "UPDATE game SET result = reported_result, reported_result = NULL, reported_at = NULL \
                 WHERE event_id = ?1 AND round = ?2 AND reported_result IS NOT NULL AND result IS NULL",
                params![event, round],
            )?)
        })
    }
}

/// Records one report inside the batch's transaction: `Ok(Err(..))` is a refusal of this
/// report alone (nothing written for it), `Err(..)` a database failure of the whole batch.
fn record_report(tx: &Connection, code: &str, result: ResultCode) -> Result<Result<()>> {
    let found: Option<ReportedBoard> = tx
        .query_row(
            "SELECT event_id, round, board, black, result FROM game WHERE code = ?1",
            [code],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )
        .optional()?;
    let Some((event, round, board, black, confirmed)) = found else {
        return Ok(Err(Error::refused(
            Refusal::BadCode,
            "no board has this code",
        )));
    };
    if black.is_none() {
        return Ok(Err(Error::refused(
            Refusal::BadCode,
            "this code is the pairing-allocated bye's",
        )));
    }
    if confirmed.is_some() {
        return Ok(Err(Error::refused(
            Refusal::ResultConfirmed,
            "this board's result is already confirmed by the arbiter",
        )));
    }
    tx.execute(
        "UPDATE game SET reported_result = ?1, reported_at = ?2 WHERE code = ?3",
        params![result.as_str(), crate::db::now(), code],
    )?;
    let detail = json!({ "round": round, "board": board, "result": result.as_str() });
    crate::chess::log::append(tx, Some(event), "player", "report", detail, None)?;
    Ok(Ok(()))
}

/// A board as a player's report finds it: event, round, board, black player, confirmed result.
type ReportedBoard = (EventId, u32, u32, Option<i64>, Option<String>);

fn set_seat(
    conn: &Connection,
    event: EventId,
    round: u32,
    seat: (u32, bool),
    player: PlayerKey,
) -> Result<()> {
    let column = if seat.1 { "white" } else { "black" };
    conn.execute(
        &format!("UPDATE game SET {column} = ?1 WHERE event_id = ?2 AND round = ?3 AND board = ?4"),
        params![player, event, round, seat.0],
    )?;
    Ok(())
}

fn insert_round(conn: &Connection, event: EventId, round: u32) -> Result<()> {
    conn.execute(
        "INSERT INTO round (event_id, number, paired_at) VALUES (?1, ?2, ?3)",
        params![event, round, crate::db::now()],
    )?;
    Ok(())
}

fn insert_boards(
    conn: &Connection,
    event: EventId,
    round: u32,
    pairing: &pairing::Pairing,
    key: impl Fn(u32) -> PlayerKey,
) -> Result<()> {
    let mut board = 0;
    for b in &pairing.boards {
        board += 1;
        let g = Game {
            round,
            board,
            white: key(b.white.get()),
            black: Some(key(b.black.get())),
            result: None,
            code: new_code(conn)?,
            reported: None,
        };
        insert_game(conn, event, &g)?;
    }
    if let Some(bye) = pairing.bye {
        let g = Game {
            round,
            board: board + 1,
            white: key(bye.get()),
            black: None,
            result: None,
            code: new_code(conn)?,
            reported: None,
        };
        insert_game(conn, event, &g)?;
    }
    Ok(())
}

fn pair_swiss(conn: &Connection, e: &Event, players: &[Player], round: u32) -> Result<()> {
    if round > e.settings.rounds {
        return Err(Error::refused(
            Refusal::AllRoundsPaired,
            format!("all {} rounds are paired", e.settings.rounds),
        ));
    }
    // Players not checked in are absent from this round (no points), unless a bye was asked for.
    for p in players {
        if !p.present && p.withdrawn_from.is_none_or(|w| w > round) {
            conn.execute(
                "INSERT OR IGNORE INTO bye (event_id, player_id, round, kind) VALUES (?1, ?2, ?3, 'zero')",
                params![e.id, p.id, round],
            )?;
        }
    }
    let t = crate::chess::model::build(conn, e.id, round - 1, true)?;
    let playing = crate::chess::model::players_in_round(&t, round);
    if playing < 2 {
        return Err(Error::refused(
            Refusal::TooFewPlayers,
            format!("round {round} has {playing} player(s) to pair"),
        ));
    }
    let options = pairing::dutch::DutchOptions {
        baku: e.settings.baku,
        ..Default::default()
    };
    let pairing = pairing::dutch::pair(&t, round, &options)?;
    insert_round(conn, e.id, round)?;
    let key = |number: u32| players[number as usize - 1].id;
    insert_boards(conn, e.id, round, &pairing, key)
}

fn pair_round_robin(conn: &Connection, e: &Event, players: &[Player], round: u32) -> Result<()> {
    let n = players.len() as u32;
    if !(3..=24).contains(&n) {
        return Err(Error::refused(
            Refusal::RoundRobinSize,
            format!("a round robin takes 3 to 24 players, not {n}"),
        ));
    }
    let cycles = if e.settings.system == System::DoubleRoundRobin {
        pairing::berger::Cycles::DOUBLE
    } else {
        pairing::berger::Cycles::Single
    };
    let total = pairing::berger::rounds(n, cycles);
    if round > total {
        return Err(Error::refused(
            Refusal::AllRoundsPaired,
            format!("all {total} rounds are paired"),
        ));
    }
    if round == 1 {
        // The table fixes the number of rounds.
        conn.execute(
            "UPDATE event SET rounds = ?1 WHERE id = ?2",
            params![total, e.id],
        )?;
    }
    let pairing = pairing::berger::round(n, cycles, round)
        .map_err(|err| Error::refused(Refusal::RoundRobinSize, err.to_string()))?;
    insert_round(conn, e.id, round)?;
    let key = |number: u32| players[number as usize - 1].id;
    // With an odd number the player facing the table's empty seat rests: no game, no point.
    let rest = pairing.bye;
    let games = pairing::Pairing {
        boards: pairing.boards,
        bye: None,
    };
    insert_boards(conn, e.id, round, &games, key)?;
    if let Some(p) = rest {
        conn.execute(
            "INSERT OR REPLACE INTO bye (event_id, player_id, round, kind) VALUES (?1, ?2, ?3, 'zero')",
            params![e.id, key(p.get()), round],
        )?;
    }
    Ok(())
}

/// The board a player's code opens, read on `c` (`BadCode` when no board has it,
/// `ResultConfirmed` when its result is confirmed).
pub(crate) fn find_code(c: &Connection, code: &str) -> Result<(Event, Game)> {
    let code = code.trim().to_uppercase();
    let found = c
        .query_row(
            "SELECT event_id, round, board, white, black, result, reported_result FROM game WHERE code = ?1",
            [&code],
            |r| {
                Ok((
                    r.get::<_, EventId>(0)?,
                    Game {
                        round: r.get(1)?,
                        board: r.get(2)?,
                        white: r.get(3)?,
                        black: r.get(4)?,
                        result: result_from_sql(r.get(5)?),
                        code: code.clone(),
                        reported: result_from_sql(r.get(6)?),
                    },
                ))
            },
        )
        .optional()?;
    let Some((event, game)) = found else {
        return Err(Error::refused(Refusal::BadCode, "no board has this code"));
    };
    if game.black.is_some() && game.result.is_some() {
        return Err(Error::refused(
            Refusal::ResultConfirmed,
            "this board's result is already confirmed by the arbiter",
        ));
    }
    Ok((load_event(c, event)?, game))
}
