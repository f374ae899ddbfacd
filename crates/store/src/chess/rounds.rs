//! Rounds: pairing with the engines, the arbiter's edits, results and the players' reports.

use rusqlite::{params, Connection, OptionalExtension};
use serde_json::json;

use crate::chess::double_swiss::{games_of_match, match_of_round};
use crate::chess::log::{conflict, seats, shown_at};
use crate::chess::rows::{
    clear_reports, insert_game, load_event, load_players, load_round, load_rounds, paired_rounds,
    result_from_sql,
};
use crate::chess::types::*;
use crate::edits::{merge, Changed, Merge, Shown, Version, Written};
use crate::error::{Error, Refusal, Result};
use crate::new_codes::new_code;
use crate::Store;

/// The round's pairing may still change: it is the last one and no board has a result.
pub(crate) fn ensure_open(conn: &Connection, event: EventId, round: &Round) -> Result<()> {
    // A Double-Swiss match is open while it is the last pairing (its game 2 the last round).
    let last = rounds_of_pairing(conn, event, round.number)?
        .last()
        .copied()
        .unwrap_or(round.number);
    if paired_rounds(conn, event)? != last {
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
            |tx| pair_in(tx, event, round),
        )
    }

    /// Takes back the last round's pairing while it has no result.
    pub fn unpair_round(&self, actor: &str, event: EventId, round: u32) -> Result<()> {
        self.logged(actor, event, "unpair", json!({ "round": round }), |tx| {
            unpair_in(tx, event, round)
        })
    }

    /// The arbiter's edit of a pairing: players `a` and `b` exchange seats (either may hold the
    /// pairing-allocated bye). Returns the checker's objections to the new pairing.
    ///
    /// With `seen`, the version the page was built from: refused with [`Error::Conflict`] when
    /// the round's pairing changed since (another swap, or paired again).
    pub fn swap_players(
        &self,
        actor: &str,
        event: EventId,
        round: u32,
        a: PlayerKey,
        b: PlayerKey,
        seen: Option<Version>,
    ) -> Result<Vec<String>> {
        self.logged(
            actor,
            event,
            "swap",
            json!({ "round": round, "a": a, "b": b }),
            |tx| {
                let r = load_round(tx, event, round)?;
                ensure_open(tx, event, &r)?;
                if let Some(shown) = shown_at(tx, event, seen)? {
                    if shown.seats(round) != seats(r.games.iter()) {
                        return Err(conflict(tx, event, vec![Changed::Pairing { round }])?);
                    }
                }
                // Both games of a Double-Swiss match change together.
                for number in rounds_of_pairing(tx, event, round)? {
                    swap_seats(tx, event, &load_round(tx, event, number)?, a, b)?;
                }
                let r = load_round(tx, event, round)?;
                Ok(crate::chess::model::objections(tx, event, &r)?
                    .into_iter()
                    .map(|o| o.text)
                    .collect())
            },
        )
    }

    /// The checker's objections to the boards of round `round` changed by hand, accepted or
    /// not: they stay until the pairing no longer raises them.
    pub fn objections(&self, event: EventId, round: u32) -> Result<Vec<Objection>> {
        self.with_conn(|c| {
            let r = load_round(c, event, round)?;
            crate::chess::model::objections(c, event, &r)
        })
    }

    /// The arbiter accepts one of the checker's objections to board `board` (by its
    /// [`Objection::key`]): it is logged and no longer shown as a warning.
    pub fn accept_objection(
        &self,
        actor: &str,
        event: EventId,
        round: u32,
        board: u32,
        key: &str,
    ) -> Result<()> {
        let detail = json!({ "round": round, "board": board, "objection": key });
        self.logged(actor, event, "accept_objection", detail, |tx| {
            // A Double-Swiss match's objections live on its first game.
            let round = rounds_of_pairing(tx, event, round)?[0];
            let r = load_round(tx, event, round)?;
            let current = crate::chess::model::objections(tx, event, &r)?;
            let Some(o) = current.iter().find(|o| o.board == board && o.key == key) else {
                return Err(Error::invalid(
                    "objection",
                    format!("one of the checker's objections to board {board}"),
                    format!("{key:?}, which the pairing no longer raises"),
                ));
            };
            if !o.accepted {
                let game = r.games.iter().find(|g| g.board == board);
                let mut accepted = game.map(|g| g.accepted.clone()).unwrap_or_default();
                accepted.push(key.to_string());
                tx.execute(
                    "UPDATE game SET accepted = ?1 WHERE event_id = ?2 AND round = ?3 AND board = ?4",
                    params![accepted.join("\n"), event, round, board],
                )?;
            }
            Ok(())
        })
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
            crate::chess::unpaired::ensure_all_paired(tx, event, round)?;
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
            write_result(tx, event, round, board, result)
        })
    }

    /// Enters the results of many boards of one round as one action (the arbiter's grid).
    /// Each entry is `(board, result)`; see [`Store::set_result`].
    ///
    /// With `seen`, the version the grid was built from, only the boards the user changed in
    /// it are written: a board left as the page showed it is not (a colleague's result entered
    /// meanwhile stays), and a board someone else changed meanwhile to another result is a
    /// conflict (in [`Written::conflicts`], with both values), not written. Without it, every
    /// board whose result differs from the stored one is written. The boards written are
    /// written together, or none (a refusal refuses them all).
    pub fn set_results(
        &self,
        actor: &str,
        event: EventId,
        round: u32,
        results: &[(u32, Option<ResultCode>)],
        seen: Option<Version>,
    ) -> Result<Written> {
        self.logged_if(actor, event, "set_results", |tx| {
            let r = load_round(tx, event, round)?;
            crate::chess::unpaired::ensure_all_paired(tx, event, round)?;
            let shown = shown_at(tx, event, seen)?;
            let last = paired_rounds(tx, event)? == round;
            let mut out = Written::default();
            let mut logged = Vec::new();
            for &(board, yours) in results {
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
                // What the page showed there: the result of the same pairing, or another
                // pairing (the round was paired again since).
                let was = match &shown {
                    None => Shown::Unknown,
                    Some(s) => match s.game(round, board) {
                        Some(g) if (g.white, g.black) == (game.white, game.black) => {
                            Shown::As(&g.result)
                        }
                        _ => Shown::Gone,
                    },
                };
                match merge(was, &game.result, &yours) {
                    Merge::Unchanged => continue,
                    Merge::Conflict => {
                        out.conflicts.push(Changed::Board {
                            round,
                            board,
                            shown: was.value().copied().flatten(),
                            stored: game.result,
                            yours,
                        });
                        continue;
                    }
                    Merge::Write => {}
                }
                if yours.is_none() && !last {
                    return Err(Error::refused(
                        Refusal::RoundClosed,
                        format!(
                            "round {round} is closed: a result can be corrected but not removed"
                        ),
                    ));
                }
                write_result(tx, event, round, board, yours)?;
                logged.push(json!([board, yours.map(ResultCode::as_str)]));
                out.changed += 1;
            }
            let detail = (!logged.is_empty()).then(|| json!({ "round": round, "results": logged }));
            Ok((out, detail))
        })
    }

    /// The board a player's code opens (`game.round` is its round).
    pub fn lookup_code(&self, code: &str) -> Result<(Event, Game)> {
        self.with_conn(|c| find_code(c, code))
    }

    /// A player's report of their board's result, from a phone: waits for the arbiter's
    /// confirmation. Reports are logged but not undoable (they change no standing).
    ///
    /// The board's code is shared by both players: a second report of the same value changes
    /// nothing, a different one is kept beside the first as a conflict for the arbiter (both
    /// shown on the round page, never confirmed in bulk), as two entries of a bridge line are.
    ///
    /// Reports that arrive together are committed together (one disk sync for a burst at the
    /// end of a round): each caller queues its report, and whoever holds the writing connection
    /// next commits every queued one, each answered on its own.
    pub fn report_result(&self, code: &str, result: ResultCode) -> Result<ReportOutcome> {
        let code = code.trim().to_uppercase();
        if !result.is_over_the_board() {
            return Err(Error::invalid("result", "1-0, 1/2 or 0-1", result.as_str()));
        }
        self.batched(move |tx| record_report(tx, &code, result))
    }

    /// A player's report sent with the board's code (and, when given, its number) from
    /// `address`: the code is opened under the wrong-code limits ([`Store::open_board`]) and the
    /// report recorded ([`Store::report_result`]) in one batched commit, so that a hall's burst
    /// of reports takes the writing connection once each, not twice. Answers the board as the
    /// code opened it (before the report) and what the report did.
    pub fn report_with_code(
        &self,
        address: &str,
        code: &str,
        board: Option<u32>,
        game: Option<u32>,
        result: ResultCode,
    ) -> Result<(Event, Game, ReportOutcome)> {
        if !result.is_over_the_board() {
            return Err(Error::invalid("result", "1-0, 1/2 or 0-1", result.as_str()));
        }
        let (address, code) = (address.to_string(), code.trim().to_uppercase());
        self.batched(move |tx| {
            let opened = crate::throttle::code_attempt_in(tx, &address, |c| {
                board_for_code(c, &code, board, game)
            })?;
            let (event, game) = match opened {
                Ok(found) => found,
                // A wrong code: its count is kept (not a refusal of the batch's item, which
                // would roll it back), and the caller gets the refusal.
                Err(
                    e @ Error::Refused {
                        reason: Refusal::BadCode,
                        ..
                    },
                ) => return Ok(Ok(Err(e))),
                Err(e) => return Ok(Err(e)),
            };
            // The game opened: in a Double-Swiss match, the one asked for.
            Ok(record_report(tx, &game.code, result)?.map(|outcome| Ok((event, game, outcome))))
        })?
    }

    /// Accepts the results the players reported in `round` where they agree (one value), and
    /// returns how many; boards whose reports disagree wait for the arbiter.
    ///
    /// With `shown`, the (board, reported result) pairs the page showed, only those boards are
    /// confirmed, and only while their report is still that one alone (a report arriving after
    /// the page was built is not confirmed unseen).
    pub fn confirm_reported(
        &self,
        actor: &str,
        event: EventId,
        round: u32,
        shown: Option<&[(u32, ResultCode)]>,
    ) -> Result<usize> {
        self.logged_if(actor, event, "confirm_reported", |tx| {
            let r = load_round(tx, event, round)?;
            crate::chess::unpaired::ensure_all_paired(tx, event, round)?;
            let mut confirmed = Vec::new();
            for g in r.games.iter().filter(|g| g.result.is_none()) {
                let Some(reported) = g.reported else { continue };
                if shown.is_some_and(|list| !list.contains(&(g.board, reported))) {
                    continue;
                }
                write_result(tx, event, round, g.board, Some(reported))?;
                confirmed.push(json!([g.board, reported.as_str()]));
            }
            let n = confirmed.len();
            let detail = (n > 0).then(|| json!({ "round": round, "results": confirmed }));
            Ok((n, detail))
        })
    }
}

/// Pairs round `round` on `tx` (see [`Store::pair_round`]): it must be the next round, and the
/// last pairing's rounds complete.
pub(crate) fn pair_in(tx: &Connection, event: EventId, round: u32) -> Result<Round> {
    let e = load_event(tx, event)?;
    let rounds = load_rounds(tx, event)?;
    let next = rounds.len() as u32 + 1;
    if round != next {
        return Err(Error::refused(
            Refusal::WrongRound,
            format!("the round to pair is round {next}, not {round}"),
        ));
    }
    // The last pairing's rounds (both games of a Double-Swiss match).
    let per = if e.settings.system.is_round_robin() {
        1
    } else {
        e.settings.swiss_system.rounds_per_pairing() as usize
    };
    for last in rounds.iter().rev().take(per).rev() {
        crate::chess::unpaired::ensure_all_paired(tx, event, last.number)?;
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
}

/// Takes back the pairing of `round` on `tx` (see [`Store::unpair_round`]).
pub(crate) fn unpair_in(tx: &Connection, event: EventId, round: u32) -> Result<()> {
    // A Double-Swiss match goes as a whole: both its games' rounds.
    let rounds = rounds_of_pairing(tx, event, round)?;
    for &round in &rounds {
        ensure_open(tx, event, &load_round(tx, event, round)?)?;
    }
    for round in rounds {
        tx.execute(
            "DELETE FROM game WHERE event_id = ?1 AND round = ?2",
            params![event, round],
        )?;
        tx.execute(
            "DELETE FROM round WHERE event_id = ?1 AND number = ?2",
            params![event, round],
        )?;
        // Absences recorded when the round was paired go with it; requested byes stay.
        tx.execute(
            "DELETE FROM bye WHERE event_id = ?1 AND round = ?2 AND kind = 'zero' AND player_id IN \
             (SELECT id FROM player WHERE event_id = ?1 AND present = 0)",
            params![event, round],
        )?;
    }
    Ok(())
}

/// The arbiter's result for a board; the players' reports of it are settled with it.
fn write_result(
    tx: &Connection,
    event: EventId,
    round: u32,
    board: u32,
    result: Option<ResultCode>,
) -> Result<()> {
    tx.execute(
        "UPDATE game SET result = ?1 WHERE event_id = ?2 AND round = ?3 AND board = ?4",
        params![result.map(ResultCode::as_str), event, round, board],
    )?;
    clear_reports(tx, event, round, board)
}

/// The different results reported for a board, first report first.
fn reports_of(c: &Connection, event: EventId, round: u32, board: u32) -> Result<Vec<ResultCode>> {
    let mut st = c.prepare_cached(
        "SELECT result FROM report WHERE event_id = ?1 AND round = ?2 AND board = ?3 ORDER BY rowid",
    )?;
    let rows = st.query_map(params![event, round, board], |r| r.get::<_, String>(0))?;
    let mut out = Vec::new();
    for r in rows {
        out.extend(ResultCode::parse(&r?));
    }
    Ok(out)
}

/// Records one report inside the batch's transaction: `Ok(Err(..))` is a refusal of this
/// report alone (nothing written for it), `Err(..)` a database failure of the whole batch.
fn record_report(tx: &Connection, code: &str, result: ResultCode) -> Result<Result<ReportOutcome>> {
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
    let before = reports_of(tx, event, round, board)?;
    if before.contains(&result) {
        return Ok(Ok(ReportOutcome::Unchanged));
    }
    tx.execute(
        "INSERT INTO report (event_id, round, board, result, reported_at) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![event, round, board, result.as_str(), crate::db::now()],
    )?;
    let (action, outcome) = if before.is_empty() {
        ("report", ReportOutcome::Stored)
    } else {
        ("report_conflict", ReportOutcome::Conflict)
    };
    let mut detail = json!({ "round": round, "board": board, "result": result.as_str() });
    if !before.is_empty() {
        detail["other"] = json!(before.iter().map(|r| r.as_str()).collect::<Vec<_>>());
    }
    crate::chess::log::append(tx, Some(event), "player", action, detail, None)?;
    Ok(Ok(outcome))
}

/// A board as a player's report finds it: event, round, board, black player, confirmed result.
type ReportedBoard = (EventId, u32, u32, Option<i64>, Option<String>);

/// Players `a` and `b` exchange seats in round `r` (either may hold the bye board).
fn swap_seats(
    tx: &Connection,
    event: EventId,
    r: &Round,
    a: PlayerKey,
    b: PlayerKey,
) -> Result<()> {
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
    set_seat(tx, event, r.number, sa, b)?;
    set_seat(tx, event, r.number, sb, a)?;
    Ok(())
}

/// The rounds paired together with `round`: both games of its Double-Swiss match, else itself.
pub(crate) fn rounds_of_pairing(conn: &Connection, event: EventId, round: u32) -> Result<Vec<u32>> {
    let e = load_event(conn, event)?;
    Ok(if e.settings.is_double_swiss() {
        games_of_match(match_of_round(round).0).to_vec()
    } else {
        vec![round]
    })
}

fn set_seat(
    conn: &Connection,
    event: EventId,
    round: u32,
    seat: (u32, bool),
    player: PlayerKey,
) -> Result<()> {
    let column = if seat.1 { "white" } else { "black" };
    conn.execute(
        &format!(
            "UPDATE game SET {column} = ?1, edited = 1, accepted = '' \
             WHERE event_id = ?2 AND round = ?3 AND board = ?4"
        ),
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
            reports: Vec::new(),
            edited: false,
            accepted: Vec::new(),
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
            reports: Vec::new(),
            edited: false,
            accepted: Vec::new(),
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
    let double_swiss = e.settings.is_double_swiss();
    // The rounds this pairing makes: a Double-Swiss match is two games.
    let made: Vec<u32> = if double_swiss {
        games_of_match(match_of_round(round).0).to_vec()
    } else {
        vec![round]
    };
    // Players not checked in are absent from this round (no points), unless a bye was asked for.
    for p in players {
        for &r in &made {
            if !p.present && p.withdrawn_from.is_none_or(|w| w > r) {
                conn.execute(
                    "INSERT OR IGNORE INTO bye (event_id, player_id, round, kind) VALUES (?1, ?2, ?3, 'zero')",
                    params![e.id, p.id, r],
                )?;
            }
        }
    }
    if double_swiss {
        // C.04.5: a bye is for the whole match; one asked for either game covers both.
        conn.execute(
            "INSERT OR IGNORE INTO bye (event_id, player_id, round, kind) \
             SELECT event_id, player_id, ?2 + ?3 - round, kind FROM bye \
             WHERE event_id = ?1 AND round IN (?2, ?3)",
            params![e.id, made[0], made[1]],
        )?;
    }
    let t = crate::chess::model::build(conn, e.id, round - 1, true)?;
    let playing = crate::chess::model::players_in_round(&t, round);
    if playing < 2 {
        return Err(Error::refused(
            Refusal::TooFewPlayers,
            format!("round {round} has {playing} player(s) to pair"),
        ));
    }
    let options = pairing::system::Options {
        baku: e.settings.baku,
    };
    let engine = e.settings.swiss_system.engine();
    let key = |number: u32| players[number as usize - 1].id;
    if double_swiss {
        let pairing = engine.pair(&t, match_of_round(round).0, &options)?;
        // Game 2 on the same boards, colours reversed (C.04.5 4.4); the bye board stays,
        // read as a drawn game in game 2 (1.4).
        let reversed = pairing::Pairing {
            boards: pairing
                .boards
                .iter()
                .map(|b| pairing::Board {
                    white: b.black,
                    black: b.white,
                })
                .collect(),
            bye: pairing.bye,
        };
        for (r, p) in made.iter().zip([&pairing, &reversed]) {
            insert_round(conn, e.id, *r)?;
            insert_boards(conn, e.id, *r, p, key)?;
        }
        return Ok(());
    }
    let pairing = engine.pair(&t, round, &options)?;
    insert_round(conn, e.id, round)?;
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
    // An initial colour Black reverses the table's colours (number 1 has Black in round 1).
    let initial = if e.settings.initial_white {
        tournament::Color::White
    } else {
        tournament::Color::Black
    };
    let pairing = pairing::berger::round_with_initial_colour(n, cycles, round, initial)
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
    let (event, game) = game_of_code(c, code)?;
    if game.black.is_some() && game.result.is_some() {
        return Err(Error::refused(
            Refusal::ResultConfirmed,
            "this board's result is already confirmed by the arbiter",
        ));
    }
    Ok((load_event(c, event)?, game))
}

/// The game `code` opens, with its players' reports, confirmed or not.
pub(crate) fn game_of_code(c: &Connection, code: &str) -> Result<(EventId, Game)> {
    let code = code.trim().to_uppercase();
    let found = c
        .query_row(
            "SELECT event_id, round, board, white, black, result FROM game WHERE code = ?1",
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
                        reported: None,
                        reports: Vec::new(),
                        edited: false,
                        accepted: Vec::new(),
                    },
                ))
            },
        )
        .optional()?;
    let Some((event, game)) = found else {
        return Err(Error::refused(Refusal::BadCode, "no board has this code"));
    };
    let reports = reports_of(c, event, game.round, game.board)?;
    Ok((event, game.with_reports(reports)))
}

/// The game on `board` in `round`, as [`game_of_code`] gives it.
pub(crate) fn game_at(
    c: &Connection,
    event: EventId,
    round: u32,
    board: u32,
) -> Result<(EventId, Game)> {
    let code: Option<String> = c
        .query_row(
            "SELECT code FROM game WHERE event_id = ?1 AND round = ?2 AND board = ?3",
            params![event, round, board],
            |r| r.get(0),
        )
        .optional()?;
    match code {
        Some(code) => game_of_code(c, &code),
        None => Err(Error::NotFound("board")),
    }
}

/// The chess board `code` opens: `board`, when given, must be the code's board, and the
/// pairing-allocated bye's code opens nothing (both are wrong codes, as an unknown one is). In a
/// Double-Swiss event, `game` picks a game of the code's match (see [`Store::open_board`]).
pub(crate) fn board_for_code(
    c: &Connection,
    code: &str,
    board: Option<u32>,
    game: Option<u32>,
) -> Result<(Event, Game)> {
    let (event, own) = crate::chess::rounds::game_of_code(c, code)?;
    if board.is_some_and(|b| b != own.board) {
        return Err(Error::refused(
            Refusal::BadCode,
            "this code does not open that board",
        ));
    }
    if own.black.is_none() {
        return Err(Error::refused(
            Refusal::BadCode,
            "this code is the pairing-allocated bye's",
        ));
    }
    let e = crate::chess::rows::load_event(c, event)?;
    let games: Vec<Game> = if e.settings.is_double_swiss() {
        let k = match_of_round(own.round).0;
        games_of_match(k)
            .into_iter()
            .map(|r| {
                if r == own.round {
                    Ok(own.clone())
                } else {
                    crate::chess::rounds::game_at(c, event, r, own.board).map(|(_, g)| g)
                }
            })
            .collect::<Result<_>>()?
    } else {
        vec![own.clone()]
    };
    let target = match game {
        None => own,
        Some(n) if n >= 1 && n as usize <= games.len() => games[n as usize - 1].clone(),
        Some(n) => {
            return Err(Error::invalid(
                "game",
                if games.len() == 2 {
                    "1 or 2 (the game of the match)"
                } else {
                    "no game number: the board has one game"
                },
                n.to_string(),
            ))
        }
    };
    let open = match game {
        None => games.iter().any(|g| g.result.is_none()),
        Some(_) => target.result.is_none(),
    };
    if !open {
        return Err(Error::refused(
            Refusal::ResultConfirmed,
            "this board's result is already confirmed by the arbiter",
        ));
    }
    Ok((e, target))
}
