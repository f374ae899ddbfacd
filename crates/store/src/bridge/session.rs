//! A session's settings, pairs, table codes and hand records.

use bridge::movement::{Movement, MovementError, Options};
use rusqlite::{params, Connection, OptionalExtension, Row};

use super::log::{append, before_since, conflict};
use super::text;
use super::*;
use crate::edits::{merge, still_as_shown, Changed, Merge, Shown, Version, Written};
use crate::error::{Error, Refusal, Result};
use crate::Store;

const SESSION_COLUMNS: &str = "id, name, club, place, date, director, tables, movement, even, \
    boards_per_round, phantom, scoring, average_plus, average, average_minus, public, created_at, session_average, public_url, table_results, pair_numbering, \
    (SELECT masterpoints FROM bridge_club WHERE bridge_club.name = bridge_session.club)";

fn session_from_row(r: &Row<'_>) -> rusqlite::Result<BridgeSession> {
    let bad = |i: usize, what: &str| {
        rusqlite::Error::FromSqlConversionFailure(
            i,
            rusqlite::types::Type::Text,
            format!("unknown {what}").into(),
        )
    };
    let movement: String = r.get(7)?;
    let even: String = r.get(8)?;
    let scoring: String = r.get(11)?;
    let numbering: String = r.get(20)?;
    let masterpoints: Option<String> = r.get(21)?;
    Ok(BridgeSession {
        id: r.get(0)?,
        settings: BridgeSettings {
            name: r.get(1)?,
            club: r.get(2)?,
            place: r.get(3)?,
            date: r.get(4)?,
            director: r.get(5)?,
            tables: r.get(6)?,
            movement: movement.parse().map_err(|()| bad(7, "movement"))?,
            even: text::even::parse(&even).ok_or_else(|| bad(8, "even-table option"))?,
            boards_per_round: r.get(9)?,
            phantom: r.get(10)?,
            scoring: Scoring::parse(&scoring).ok_or_else(|| bad(11, "scoring"))?,
            average_plus: r.get(12)?,
            average: r.get(13)?,
            average_minus: r.get(14)?,
            public: r.get(15)?,
            session_average: r.get(17)?,
            public_url: r.get(18)?,
            table_results: r.get(19)?,
            pair_numbering: PairNumbering::parse(&numbering)
                .ok_or_else(|| bad(20, "pair numbering"))?,
            masterpoints: text::masterpoints::parse(masterpoints.as_deref().unwrap_or(""))
                .ok_or_else(|| bad(21, "masterpoint scale"))?,
        },
        created_at: r.get(16)?,
    })
}

/// How the session's pages number its pairs (read on `conn`, the store's connection or a
/// transaction).
pub(crate) fn pair_labels_on(conn: &Connection, id: SessionId) -> Result<PairLabels> {
    let s = load_session(conn, id)?.settings;
    Ok(PairLabels::new(&build_movement(&s)?, s.pair_numbering))
}

pub(crate) fn load_session(conn: &Connection, id: SessionId) -> Result<BridgeSession> {
    conn.query_row(
        &format!("SELECT {SESSION_COLUMNS} FROM bridge_session WHERE id = ?1"),
        [id],
        session_from_row,
    )
    .optional()?
    .ok_or(Error::NotFound("bridge session"))
}

/// The movement the settings describe, or why there is none (named by its form field).
pub(crate) fn build_movement(s: &BridgeSettings) -> Result<Movement> {
    let opts = Options {
        boards_per_round: (s.boards_per_round > 0).then_some(s.boards_per_round),
        even: s.even,
        phantom: s.phantom,
    };
    bridge::movement::build(s.movement, s.tables, &opts).map_err(|e| {
        let (field, found) = match e {
            MovementError::Tables { .. } => ("tables", s.tables.to_string()),
            MovementError::BoardsPerRound(_) | MovementError::SharedSet { .. } => {
                ("boards_per_round", s.boards_per_round.to_string())
            }
            MovementError::Phantom { .. } => (
                "phantom",
                s.phantom.map_or(String::new(), |p| p.to_string()),
            ),
            MovementError::EvenOption(_) => ("even", text::even::code(s.even).to_string()),
        };
        Error::invalid(field, e.to_string(), found)
    })
}

pub(crate) fn session_movement(conn: &Connection, id: SessionId) -> Result<Movement> {
    build_movement(&load_session(conn, id)?.settings)
}

fn is_date(d: &str) -> bool {
    let b = d.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
        && matches!(d[5..7].parse::<u32>(), Ok(1..=12))
        && matches!(d[8..10].parse::<u32>(), Ok(1..=31))
}

fn validate(s: &BridgeSettings) -> Result<Movement> {
    if s.name.trim().is_empty() {
        return Err(Error::invalid("name", "a session name", "nothing"));
    }
    if !s.date.is_empty() && !is_date(&s.date) {
        return Err(Error::invalid(
            "date",
            "a date YYYY-MM-DD or nothing",
            &s.date,
        ));
    }
    for (field, v) in [
        ("average_plus", s.average_plus),
        ("average", s.average),
        ("average_minus", s.average_minus),
    ] {
        if v > 100 {
            return Err(Error::invalid(
                field,
                "a percentage from 0 to 100",
                v.to_string(),
            ));
        }
    }
    build_movement(s)
}

fn write_settings(conn: &Connection, id: SessionId, s: &BridgeSettings) -> Result<()> {
    conn.execute(
        "UPDATE bridge_session SET name = ?2, club = ?3, place = ?4, date = ?5, director = ?6, \
         tables = ?7, movement = ?8, even = ?9, boards_per_round = ?10, phantom = ?11, \
         scoring = ?12, average_plus = ?13, average = ?14, average_minus = ?15, public = ?16, \
         session_average = ?17, public_url = ?18, table_results = ?19, \
         pair_numbering = ?20 WHERE id = ?1",
        params![
            id,
            s.name.trim(),
            s.club.trim(),
            s.place.trim(),
            s.date,
            s.director.trim(),
            s.tables,
            s.movement.name(),
            text::even::code(s.even),
            s.boards_per_round,
            s.phantom,
            s.scoring.code(),
            s.average_plus,
            s.average,
            s.average_minus,
            s.public,
            s.session_average,
            s.public_url.trim(),
            s.table_results,
            s.pair_numbering.code()
        ],
    )?;
    Ok(())
}

/// Sets the club's masterpoint scale: every session of the club (by its name) takes it.
fn write_club_scale(conn: &Connection, s: &BridgeSettings) -> Result<()> {
    conn.execute(
        "INSERT INTO bridge_club (name, masterpoints) VALUES (?1, ?2) \
         ON CONFLICT (name) DO UPDATE SET masterpoints = excluded.masterpoints",
        params![s.club.trim(), text::masterpoints::code(&s.masterpoints)],
    )?;
    Ok(())
}

/// Gives tables 1..=tables a code each and drops the codes of tables beyond.
fn sync_table_codes(conn: &Connection, id: SessionId, tables: u32) -> Result<()> {
    conn.execute(
        "DELETE FROM bridge_table WHERE session_id = ?1 AND number > ?2",
        params![id, tables],
    )?;
    for table in 1..=tables {
        let has: bool = conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM bridge_table WHERE session_id = ?1 AND number = ?2)",
            params![id, table],
            |r| r.get(0),
        )?;
        if !has {
            let code = crate::new_codes::new_code(conn)?;
            conn.execute(
                "INSERT INTO bridge_table (session_id, number, code) VALUES (?1, ?2, ?3)",
                params![id, table, code],
            )?;
        }
    }
    Ok(())
}

pub(crate) fn has_lines(conn: &Connection, id: SessionId) -> Result<bool> {
    Ok(conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM bridge_line WHERE session_id = ?1)",
        [id],
        |r| r.get(0),
    )?)
}

pub(crate) fn load_pairs(conn: &Connection, id: SessionId, m: &Movement) -> Result<Vec<Pair>> {
    let mut st = conn.prepare_cached(
        "SELECT number, name1, name2, club, licence1, licence2 FROM bridge_pair \
         WHERE session_id = ?1",
    )?;
    let typed: Vec<Pair> = st
        .query_map([id], |r| {
            Ok(Pair {
                number: r.get(0)?,
                details: NewPair {
                    name1: r.get(1)?,
                    name2: r.get(2)?,
                    club: r.get(3)?,
                    licence1: Licence::from_stored(&r.get::<_, String>(4)?),
                    licence2: Licence::from_stored(&r.get::<_, String>(5)?),
                },
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(m.pair_numbers()
        .into_iter()
        .map(|number| {
            typed
                .iter()
                .find(|p| p.number == number)
                .cloned()
                .unwrap_or(Pair {
                    number,
                    details: NewPair::default(),
                })
        })
        .collect())
}

pub(crate) fn check_pair(m: &Movement, number: u32) -> Result<()> {
    if m.pair_numbers().contains(&number) {
        return Ok(());
    }
    Err(Error::refused(
        Refusal::NoSuchPair,
        format!(
            "pair {number} is not a pair of this movement (pairs 1 to {}{})",
            m.pairs,
            m.phantom
                .map_or(String::new(), |p| format!(", pair {p} left empty"))
        ),
    ))
}

/// A pair's names as a page built at `seen` showed them; `None` when nothing renamed the
/// pair since (or no version was given).
fn pair_shown(
    conn: &Connection,
    id: SessionId,
    seen: Option<Version>,
    number: u32,
) -> Result<Option<NewPair>> {
    let details = |p: &serde_json::Value| {
        if p.is_null() {
            serde_json::to_value(NewPair::default()).ok()
        } else {
            let mut d = p.clone();
            if let Some(o) = d.as_object_mut() {
                o.remove("number");
            }
            Some(d)
        }
    };
    before_since(conn, id, seen, |action, before, after| match action {
        "pair" if after["number"] == number => details(before),
        "import_pairs" => before
            .as_array()?
            .iter()
            .find(|p| p["number"] == number)
            .and_then(details),
        _ => None,
    })
}

pub(crate) fn write_pair(conn: &Connection, id: SessionId, number: u32, p: &NewPair) -> Result<()> {
    conn.execute(
        "INSERT INTO bridge_pair (session_id, number, name1, name2, club, licence1, licence2) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (session_id, number) \
         DO UPDATE SET name1 = ?3, name2 = ?4, club = ?5, licence1 = ?6, licence2 = ?7",
        params![
            id,
            number,
            p.name1.trim(),
            p.name2.trim(),
            p.club.trim(),
            p.licence1.as_str(),
            p.licence2.as_str()
        ],
    )?;
    Ok(())
}

impl Store {
    /// Creates a session, its movement checked and a code drawn for each table.
    pub fn create_bridge_session(&self, actor: &str, s: &BridgeSettings) -> Result<SessionId> {
        validate(s)?;
        self.transaction(|tx| {
            tx.execute(
                "INSERT INTO bridge_session (name, tables, movement, scoring, created_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    s.name.trim(),
                    s.tables,
                    s.movement.name(),
                    s.scoring.code(),
                    crate::db::now()
                ],
            )?;
            let id = tx.last_insert_rowid();
            write_settings(tx, id, s)?;
            // A new session takes its club's scale unless it names one.
            if s.masterpoints.is_some() {
                write_club_scale(tx, s)?;
            }
            sync_table_codes(tx, id, s.tables)?;
            append(tx, id, actor, "create", &serde_json::Value::Null, s)?;
            Ok(id)
        })
    }

    /// Changes the settings; the movement (kind, tables, boards, phantom) is fixed once a
    /// line has a result.
    ///
    /// With `seen`, refused with [`Error::Conflict`] when someone else changed the settings
    /// since that version (to something else than `s`).
    pub fn update_bridge_settings(
        &self,
        actor: &str,
        id: SessionId,
        s: &BridgeSettings,
        seen: Option<Version>,
    ) -> Result<()> {
        let m = validate(s)?;
        self.transaction(|tx| {
            let old = load_session(tx, id)?.settings;
            let shown: Option<BridgeSettings> = before_since(tx, id, seen, |action, before, _| {
                (action == "settings").then(|| before.clone())
            })?;
            let was = shown.as_ref().map_or(Shown::Unknown, Shown::As);
            if !still_as_shown(was, &old, s) {
                let changed = Changed::Session {
                    shown: shown.map(Box::new),
                    stored: Box::new(old),
                };
                return Err(conflict(tx, id, vec![changed])?);
            }
            let moved = (
                old.movement,
                old.tables,
                old.even,
                old.boards_per_round,
                old.phantom,
            ) != (s.movement, s.tables, s.even, s.boards_per_round, s.phantom);
            if moved && has_lines(tx, id)? {
                return Err(Error::refused(
                    Refusal::SessionStarted,
                    "the movement can no longer change: results have been entered",
                ));
            }
            write_settings(tx, id, s)?;
            // Only a scale the form changed is the club's new one (another session of the
            // club may have set it since this page was read).
            if s.masterpoints != old.masterpoints {
                write_club_scale(tx, s)?;
            }
            sync_table_codes(tx, id, s.tables)?;
            tx.execute(
                "DELETE FROM bridge_pair WHERE session_id = ?1 AND number > ?2",
                params![id, m.pairs],
            )?;
            tx.execute(
                "DELETE FROM bridge_deal WHERE session_id = ?1 AND board > ?2",
                params![id, m.board_count()],
            )?;
            append(tx, id, actor, "settings", &old, s)
        })
    }

    /// Every session, newest first.
    pub fn bridge_sessions(&self) -> Result<Vec<BridgeSession>> {
        self.with_conn(|c| {
            let mut st = c.prepare(&format!(
                "SELECT {SESSION_COLUMNS} FROM bridge_session ORDER BY id DESC"
            ))?;
            let rows = st.query_map([], session_from_row)?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
    }

    pub fn bridge_session(&self, id: SessionId) -> Result<BridgeSession> {
        self.with_conn(|c| load_session(c, id))
    }

    /// Deletes a session with everything in it; its log stays.
    pub fn delete_bridge_session(&self, actor: &str, id: SessionId) -> Result<()> {
        self.transaction(|tx| {
            let old = load_session(tx, id)?;
            tx.execute("DELETE FROM bridge_session WHERE id = ?1", [id])?;
            append(
                tx,
                id,
                actor,
                "delete",
                &old.settings,
                &serde_json::Value::Null,
            )
        })
    }

    /// The session's movement, as the bridge crate builds it from the settings.
    pub fn movement(&self, id: SessionId) -> Result<Movement> {
        self.with_conn(|c| session_movement(c, id))
    }

    /// How the session's pairs are numbered where people read them (its movement and the
    /// club's numbering of East-West pairs).
    pub fn pair_labels(&self, id: SessionId) -> Result<PairLabels> {
        self.with_conn(|c| pair_labels_on(c, id))
    }

    /// Types a pair's names; `number` must be a pair of the movement.
    pub fn set_pair(&self, actor: &str, id: SessionId, number: u32, p: &NewPair) -> Result<()> {
        self.set_pairs(actor, id, &[(number, p.clone())], None)
            .map(|_| ())
    }

    /// The pairs' names as a form sends them, `(number, names)` for each pair it listed; each
    /// number must be a pair of the movement. With `seen`, the version the form was built from,
    /// only the pairs whose names the user changed on it are written; a pair someone else
    /// renamed meanwhile is a conflict (left as stored). Without it, every pair whose names
    /// differ is written.
    pub fn set_pairs(
        &self,
        actor: &str,
        id: SessionId,
        pairs: &[(u32, NewPair)],
        seen: Option<Version>,
    ) -> Result<Written> {
        self.transaction(|tx| {
            let m = session_movement(tx, id)?;
            let current = load_pairs(tx, id, &m)?;
            let mut out = Written::default();
            for (number, yours) in pairs {
                let number = *number;
                check_pair(&m, number)?;
                let before = current.iter().find(|x| x.number == number);
                let stored = before.map(|x| x.details.clone()).unwrap_or_default();
                let shown = pair_shown(tx, id, seen, number)?;
                let was = match (&seen, &shown) {
                    (None, _) => Shown::Unknown,
                    (Some(_), Some(p)) => Shown::As(p),
                    (Some(_), None) => Shown::As(&stored),
                };
                match merge(was, &stored, yours) {
                    Merge::Unchanged => {}
                    Merge::Conflict => out.conflicts.push(Changed::Pair {
                        number,
                        labels: pair_labels_on(tx, id)?,
                        shown: shown.map(Box::new),
                        stored: Box::new(stored),
                        yours: Box::new(yours.clone()),
                    }),
                    Merge::Write => {
                        write_pair(tx, id, number, yours)?;
                        let after = Pair {
                            number,
                            details: yours.clone(),
                        };
                        append(tx, id, actor, "pair", &before, &after)?;
                        out.changed += 1;
                    }
                }
            }
            Ok(out)
        })
    }

    /// Every pair of the movement (the phantom left out), names empty when not typed.
    pub fn pairs(&self, id: SessionId) -> Result<Vec<Pair>> {
        self.with_conn(|c| {
            let m = session_movement(c, id)?;
            load_pairs(c, id, &m)
        })
    }

    /// The hand records, in board order.
    pub fn deals(&self, id: SessionId) -> Result<Vec<(u32, String)>> {
        self.with_conn(|c| {
            load_session(c, id)?;
            load_deals(c, id)
        })
    }

    pub fn table_codes(&self, id: SessionId) -> Result<Vec<TableCode>> {
        self.with_conn(|c| {
            load_session(c, id)?;
            let mut st = c.prepare(
                "SELECT number, code FROM bridge_table WHERE session_id = ?1 ORDER BY number",
            )?;
            let rows = st.query_map([id], |r| {
                Ok(TableCode {
                    table: r.get(0)?,
                    code: r.get(1)?,
                })
            })?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
    }

    /// The session and table a printed code opens (blanks and case do not matter).
    pub fn lookup_table_code(&self, code: &str) -> Result<(BridgeSession, u32)> {
        self.with_conn(|c| find_table_code(c, code))
    }
}

/// The session and table a table's code opens, read on `c` (`BadCode` when none has it).
pub(crate) fn find_table_code(c: &Connection, code: &str) -> Result<(BridgeSession, u32)> {
    let code: String = code
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_uppercase();
    let found: Option<(SessionId, u32)> = c
        .query_row(
            "SELECT session_id, number FROM bridge_table WHERE code = ?1",
            [&code],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    let Some((id, table)) = found else {
        return Err(Error::refused(Refusal::BadCode, "this code opens no table"));
    };
    Ok((load_session(c, id)?, table))
}

pub(crate) fn load_deals(conn: &Connection, id: SessionId) -> Result<Vec<(u32, String)>> {
    let mut st = conn.prepare_cached(
        "SELECT board, deal FROM bridge_deal WHERE session_id = ?1 ORDER BY board",
    )?;
    let rows = st.query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
