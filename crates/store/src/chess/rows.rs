//! The chess event's rows read and written as the store's types: the one place that knows the
//! columns of `event`, `player`, `bye`, `forbidden_pair`, `round` and `game`. Actions
//! ([`super::event`], [`super::rounds`]), the log and the model all go through here.

use std::collections::HashMap;

use rusqlite::{params, Connection, OptionalExtension, Row};
use tournament::Points;

use super::types::*;
use crate::error::{Error, Result};

const EVENT_COLUMNS: &str = "id, name, place, federation, start_date, end_date, chief_arbiter, \
    deputy_arbiters, time_control, rounds, system, baku, initial_color, points_win, points_draw, \
    points_loss, points_bye, tiebreaks, rules, bye_limit, public, created_at, \
    (SELECT count(*) FROM round WHERE round.event_id = event.id), swiss_system, \
    performance_column, pairing_rating, rating_change_column, norm_exemption";

fn event_from_row(r: &Row<'_>) -> rusqlite::Result<Event> {
    let system: String = r.get(10)?;
    let colour: String = r.get(12)?;
    Ok(Event {
        id: r.get(0)?,
        settings: EventSettings {
            name: r.get(1)?,
            place: r.get(2)?,
            federation: r.get(3)?,
            start_date: r.get(4)?,
            end_date: r.get(5)?,
            chief_arbiter: r.get(6)?,
            deputy_arbiters: r.get(7)?,
            time_control: r.get(8)?,
            rounds: r.get(9)?,
            system: System::parse(&system).unwrap_or_default(),
            swiss_system: SwissSystem::parse(&r.get::<_, String>(23)?).unwrap_or_default(),
            baku: r.get(11)?,
            initial_white: colour == "w",
            points_win: Points::from_tenths(r.get(13)?),
            points_draw: Points::from_tenths(r.get(14)?),
            points_loss: Points::from_tenths(r.get(15)?),
            points_bye: Points::from_tenths(r.get(16)?),
            tiebreaks: r.get(17)?,
            rules: r.get(18)?,
            bye_limit: r.get(19)?,
            public: r.get(20)?,
            performance_column: r.get(24)?,
            pairing_rating: PairingRating::parse(&r.get::<_, String>(25)?).unwrap_or_default(),
            rating_change_column: r.get(26)?,
            norm_exemption: NormExemption::parse(&r.get::<_, String>(27)?).unwrap_or_default(),
        },
        created_at: r.get(21)?,
        paired_rounds: r.get(22)?,
    })
}

pub(crate) fn load_event(conn: &Connection, id: EventId) -> Result<Event> {
    conn.query_row(
        &format!("SELECT {EVENT_COLUMNS} FROM event WHERE id = ?1"),
        [id],
        event_from_row,
    )
    .optional()?
    .ok_or(Error::NotFound("event"))
}

/// Every event, the newest first.
pub(crate) fn load_events(conn: &Connection) -> Result<Vec<Event>> {
    let mut st = conn.prepare(&format!(
        "SELECT {EVENT_COLUMNS} FROM event ORDER BY id DESC"
    ))?;
    let rows = st.query_map([], event_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

const PLAYER_COLUMNS: &str =
    "id, number, name, title, rating, national_rating, federation, fide_id, \
    birth_date, sex, club, present, withdrawn_from, licence, licence_type, league, \
    national_rating_kind";

fn player_from_row(r: &Row<'_>) -> rusqlite::Result<Player> {
    Ok(Player {
        id: r.get(0)?,
        number: r.get(1)?,
        details: NewPlayer {
            name: r.get(2)?,
            title: r.get(3)?,
            rating: r.get(4)?,
            national_rating: r.get(5)?,
            federation: r.get(6)?,
            fide_id: r.get::<_, Option<i64>>(7)?.map(|v| v as u64),
            birth_date: r.get(8)?,
            sex: r.get(9)?,
            club: r.get(10)?,
            national: NationalData {
                licence: Licence::from_stored(&r.get::<_, String>(13)?),
                licence_type: LicenceType::parse(&r.get::<_, String>(14)?).unwrap_or(None),
                league: r.get(15)?,
                national_rating_kind: RatingKind::parse(&r.get::<_, String>(16)?).unwrap_or(None),
            },
        },
        present: r.get(11)?,
        withdrawn_from: r.get(12)?,
    })
}

/// Writes a player's national data (their other columns are written by who inserts or
/// updates the row).
pub(crate) fn write_national(conn: &Connection, player: PlayerKey, n: &NationalData) -> Result<()> {
    conn.execute(
        "UPDATE player SET licence = ?1, licence_type = ?2, league = ?3, national_rating_kind = ?4 \
         WHERE id = ?5",
        params![
            n.licence.as_str(),
            n.licence_type.map_or("", LicenceType::as_str),
            n.league,
            n.national_rating_kind.map_or("", RatingKind::as_str),
            player
        ],
    )?;
    Ok(())
}

pub(crate) fn load_players(conn: &Connection, event: EventId) -> Result<Vec<Player>> {
    let mut st = conn.prepare_cached(&format!(
        "SELECT {PLAYER_COLUMNS} FROM player WHERE event_id = ?1 ORDER BY number"
    ))?;
    let rows = st.query_map([event], player_from_row)?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

pub(crate) fn load_player(conn: &Connection, event: EventId, id: PlayerKey) -> Result<Player> {
    conn.query_row(
        &format!("SELECT {PLAYER_COLUMNS} FROM player WHERE event_id = ?1 AND id = ?2"),
        params![event, id],
        player_from_row,
    )
    .optional()?
    .ok_or(Error::NotFound("player"))
}

pub(crate) fn load_byes(conn: &Connection, event: EventId) -> Result<Vec<Bye>> {
    let mut st = conn.prepare_cached(
        "SELECT player_id, round, kind FROM bye WHERE event_id = ?1 ORDER BY round, player_id",
    )?;
    let rows = st.query_map([event], |r| {
        let kind: String = r.get(2)?;
        Ok(Bye {
            player: r.get(0)?,
            round: r.get(1)?,
            kind: ByeKind::parse(&kind).unwrap_or(ByeKind::Zero),
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The rounds' dates and times the arbiter set, by round. A row this version cannot read (it
/// never writes one) is left out rather than failing every page.
pub(crate) fn load_round_starts(
    conn: &Connection,
    event: EventId,
) -> Result<Vec<(u32, RoundStart)>> {
    let mut st = conn.prepare_cached(
        "SELECT round, starts_at FROM round_start WHERE event_id = ?1 ORDER BY round",
    )?;
    let rows = st.query_map([event], |r| {
        Ok((r.get::<_, u32>(0)?, r.get::<_, String>(1)?))
    })?;
    let rows: Vec<(u32, String)> = rows.collect::<rusqlite::Result<_>>()?;
    Ok(rows
        .into_iter()
        .filter_map(|(n, text)| text.parse().ok().map(|s| (n, s)))
        .collect())
}

/// Sets (or with `None` clears) a round's date and time.
pub(crate) fn write_round_start(
    conn: &Connection,
    event: EventId,
    round: u32,
    start: Option<&RoundStart>,
) -> Result<()> {
    match start {
        Some(s) => conn.execute(
            "INSERT INTO round_start (event_id, round, starts_at) VALUES (?1, ?2, ?3) \
             ON CONFLICT (event_id, round) DO UPDATE SET starts_at = excluded.starts_at",
            params![event, round, s.to_string()],
        )?,
        None => conn.execute(
            "DELETE FROM round_start WHERE event_id = ?1 AND round = ?2",
            params![event, round],
        )?,
    };
    Ok(())
}

pub(crate) fn load_forbidden(
    conn: &Connection,
    event: EventId,
) -> Result<Vec<(PlayerKey, PlayerKey)>> {
    let mut st =
        conn.prepare_cached("SELECT a, b FROM forbidden_pair WHERE event_id = ?1 ORDER BY a, b")?;
    let rows = st.query_map([event], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

pub(crate) fn paired_rounds(conn: &Connection, event: EventId) -> Result<u32> {
    Ok(conn.query_row(
        "SELECT count(*) FROM round WHERE event_id = ?1",
        [event],
        |r| r.get(0),
    )?)
}

pub(crate) fn write_settings(conn: &Connection, id: EventId, s: &EventSettings) -> Result<()> {
    conn.execute(
        "UPDATE event SET name = ?1, place = ?2, federation = ?3, start_date = ?4, end_date = ?5, \
         chief_arbiter = ?6, deputy_arbiters = ?7, time_control = ?8, rounds = ?9, system = ?10, baku = ?11, \
         initial_color = ?12, points_win = ?13, points_draw = ?14, points_loss = ?15, points_bye = ?16, \
         tiebreaks = ?17, rules = ?18, bye_limit = ?19, public = ?20, swiss_system = ?22, \
         performance_column = ?23, pairing_rating = ?24, rating_change_column = ?25, \
         norm_exemption = ?26 WHERE id = ?21",
        params![
            s.name.trim(),
            s.place,
            s.federation.to_uppercase(),
            s.start_date,
            s.end_date,
            s.chief_arbiter,
            s.deputy_arbiters,
            s.time_control,
            s.rounds,
            s.system.as_str(),
            s.baku,
            if s.initial_white { "w" } else { "b" },
            s.points_win.tenths(),
            s.points_draw.tenths(),
            s.points_loss.tenths(),
            s.points_bye.tenths(),
            s.tiebreaks,
            s.rules,
            s.bye_limit,
            s.public,
            id,
            s.swiss_system.as_str(),
            s.performance_column,
            s.pairing_rating.as_str(),
            s.rating_change_column,
            s.norm_exemption.as_str()
        ],
    )?;
    Ok(())
}

pub(crate) fn result_from_sql(s: Option<String>) -> Option<ResultCode> {
    s.as_deref().and_then(ResultCode::parse)
}

pub(crate) fn load_rounds(conn: &Connection, event: EventId) -> Result<Vec<Round>> {
    let mut rounds: Vec<Round> = {
        let mut st = conn.prepare_cached(
            "SELECT number, paired_at FROM round WHERE event_id = ?1 ORDER BY number",
        )?;
        let rows = st.query_map([event], |r| {
            Ok(Round {
                number: r.get(0)?,
                paired_at: r.get(1)?,
                games: Vec::new(),
                byes: Vec::new(),
            })
        })?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    let mut reports: HashMap<(u32, u32), Vec<ResultCode>> = HashMap::new();
    {
        let mut st = conn.prepare_cached(
            "SELECT round, board, result FROM report WHERE event_id = ?1 ORDER BY rowid",
        )?;
        let rows = st.query_map([event], |r| {
            Ok((
                r.get::<_, u32>(0)?,
                r.get::<_, u32>(1)?,
                r.get::<_, String>(2)?,
            ))
        })?;
        for row in rows {
            let (round, board, result) = row?;
            if let Some(x) = ResultCode::parse(&result) {
                reports.entry((round, board)).or_default().push(x);
            }
        }
    }
    let mut st = conn.prepare_cached(
        "SELECT round, board, white, black, result, code, edited, accepted FROM game \
         WHERE event_id = ?1 ORDER BY round, board",
    )?;
    let games = st.query_map([event], |r| {
        Ok(Game {
            round: r.get(0)?,
            board: r.get(1)?,
            white: r.get(2)?,
            black: r.get(3)?,
            result: result_from_sql(r.get(4)?),
            code: r.get(5)?,
            reported: None,
            reports: Vec::new(),
            edited: r.get(6)?,
            accepted: accepted_from_sql(&r.get::<_, String>(7)?),
        })
    })?;
    for g in games {
        let mut g = g?;
        if let Some(list) = reports.remove(&(g.round, g.board)) {
            g = g.with_reports(list);
        }
        if let Some(round) = rounds.get_mut(g.round as usize - 1) {
            round.games.push(g);
        }
    }
    for b in crate::chess::rows::load_byes(conn, event)? {
        if let Some(round) = rounds.get_mut(b.round as usize - 1) {
            round.byes.push(b);
        }
    }
    Ok(rounds)
}

pub(crate) fn load_round(conn: &Connection, event: EventId, number: u32) -> Result<Round> {
    load_event(conn, event)?;
    load_rounds(conn, event)?
        .into_iter()
        .find(|r| r.number == number)
        .ok_or(Error::NotFound("round"))
}

pub(crate) fn insert_game(conn: &Connection, event: EventId, g: &Game) -> Result<()> {
    conn.execute(
        "INSERT INTO game (event_id, round, board, white, black, result, code, edited, accepted) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            event,
            g.round,
            g.board,
            g.white,
            g.black,
            g.result.map(ResultCode::as_str),
            g.code,
            g.edited,
            g.accepted.join("\n"),
        ],
    )?;
    // A snapshot from before the reports were kept apart has only `reported`.
    let reports = if g.reports.is_empty() {
        g.reported.into_iter().collect()
    } else {
        g.reports.clone()
    };
    for r in reports {
        conn.execute(
            "INSERT OR IGNORE INTO report (event_id, round, board, result, reported_at) \
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![event, g.round, g.board, r.as_str(), crate::db::now()],
        )?;
    }
    Ok(())
}

/// The `accepted` column: one objection's key a line.
pub(crate) fn accepted_from_sql(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect()
}

/// Forgets the players' reports of a board (its result is set by the arbiter).
pub(crate) fn clear_reports(
    conn: &Connection,
    event: EventId,
    round: u32,
    board: u32,
) -> Result<()> {
    conn.execute(
        "DELETE FROM report WHERE event_id = ?1 AND round = ?2 AND board = ?3",
        params![event, round, board],
    )?;
    Ok(())
}
