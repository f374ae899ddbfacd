//! Events, players, byes and forbidden pairs.

use rusqlite::{params, Connection, OptionalExtension};
use serde_json::json;

use crate::chess::double_swiss::{games_of_match, match_of_round};
use crate::chess::log::{conflict, shown_at, Snapshot};
use crate::chess::rows::{
    load_byes, load_event, load_events, load_forbidden, load_player, load_players, paired_rounds,
    write_national, write_settings,
};
use crate::chess::types::*;
use crate::edits::{merge, still_as_shown, Changed, Merge, Shown, Version, Written};
use crate::error::{Error, Refusal, Result};
use crate::Store;

/// What a Double-Swiss event's number of rounds must be (the server words it by this text).
pub const DOUBLE_SWISS_ROUNDS: &str =
    "an even number of rounds: each Double-Swiss match is two games";

/// Checks the settings a form can get wrong, naming the field.
fn validate_settings(s: &EventSettings) -> Result<()> {
    if s.name.trim().is_empty() {
        return Err(Error::invalid("name", "the event's name", "nothing"));
    }
    if !(1..=99).contains(&s.rounds) {
        return Err(Error::invalid(
            "rounds",
            "a number of rounds from 1 to 99",
            s.rounds.to_string(),
        ));
    }
    // C.04.5: a match is two games, two rounds of the event.
    if s.is_double_swiss() && !s.rounds.is_multiple_of(2) {
        return Err(Error::invalid(
            "rounds",
            DOUBLE_SWISS_ROUNDS,
            s.rounds.to_string(),
        ));
    }
    // C.04.7 gives Lim no default acceleration: it comes with the rounds' own records.
    if s.baku && s.system == System::Swiss && s.swiss_system == SwissSystem::Lim {
        return Err(Error::invalid(
            "baku",
            "Baku acceleration with the Dutch or Dubov system",
            "the Lim system",
        ));
    }
    let federation_ok = s.federation.is_empty()
        || (s.federation.len() == 3 && s.federation.chars().all(|c| c.is_ascii_alphabetic()));
    if !federation_ok {
        return Err(Error::invalid(
            "federation",
            "a three-letter federation code (FRA) or nothing",
            format!("{:?}", s.federation),
        ));
    }
    for (field, date) in [("start_date", &s.start_date), ("end_date", &s.end_date)] {
        if !date.is_empty() && tournament::parse_ymd(&date.replace('-', "/")).is_none() {
            return Err(Error::invalid(field, "a date as YYYY-MM-DD", date.clone()));
        }
    }
    if !s.tiebreaks.trim().is_empty() {
        let (codes, _) = crate::chess::lots::split_lot(&s.tiebreaks)?;
        for code in codes {
            if code.parse::<tiebreak::TieBreak>().is_err() {
                return Err(Error::invalid(
                    "tiebreaks",
                    "tie-break codes such as BH/C1, SB, DE",
                    code,
                ));
            }
        }
    }
    if !s.rules.is_empty() && s.rules.parse::<tiebreak::Edition>().is_err() {
        return Err(Error::invalid(
            "rules",
            "2026, 2024, 2012 or pre2012",
            s.rules.clone(),
        ));
    }
    for (field, p) in [
        ("points_win", s.points_win),
        ("points_draw", s.points_draw),
        ("points_loss", s.points_loss),
        ("points_bye", s.points_bye),
    ] {
        if p.tenths() < 0 || p.tenths() > 100 {
            return Err(Error::invalid(field, "points from 0 to 10", p.to_string()));
        }
    }
    Ok(())
}

fn validate_player(p: &NewPlayer) -> Result<()> {
    if p.name.trim().is_empty() {
        return Err(Error::invalid("name", "the player's name", "nothing"));
    }
    if p.name.chars().count() > 100 {
        return Err(Error::invalid(
            "name",
            "a name of at most 100 characters",
            format!("{} characters", p.name.chars().count()),
        ));
    }
    if !p.title.is_empty() && tournament::Title::from_code(&p.title).is_none() {
        return Err(Error::invalid(
            "title",
            "GM, IM, FM, CM, WGM, WIM, WFM, WCM or nothing",
            p.title.clone(),
        ));
    }
    for (field, r) in [("rating", p.rating), ("national_rating", p.national_rating)] {
        if r.is_some_and(|r| r > 3999) {
            return Err(Error::invalid(
                field,
                "a rating from 0 to 3999",
                r.unwrap_or(0).to_string(),
            ));
        }
    }
    let federation_ok = p.federation.is_empty()
        || (p.federation.len() == 3 && p.federation.chars().all(|c| c.is_ascii_alphabetic()));
    if !federation_ok {
        return Err(Error::invalid(
            "federation",
            "a three-letter federation code (FRA)",
            p.federation.clone(),
        ));
    }
    if !matches!(p.sex.as_str(), "" | "m" | "w") {
        return Err(Error::invalid("sex", "m, w or nothing", p.sex.clone()));
    }
    if crate::chess::import::birth_date(&p.birth_date).is_none() {
        return Err(Error::invalid(
            "birth_date",
            "a date YYYY/MM/DD (or YYYY-MM-DD, DD/MM/YYYY), a year, or nothing",
            format!("{:?}", p.birth_date),
        ));
    }
    Ok(())
}

/// Gives pairing numbers by rating (highest first; the rating the event pairs by), then title,
/// then name (C.04.2 B.2), while round 1 is not paired.
pub(crate) fn renumber(conn: &Connection, event: EventId) -> Result<()> {
    let choice = load_event(conn, event)?.settings.pairing_rating;
    let mut players = load_players(conn, event)?;
    players.sort_by(|a, b| {
        let rating = |p: &Player| p.details.pairing_rating(choice).rating.unwrap_or(0);
        let title = |p: &Player| {
            tournament::Title::from_code(&p.details.title).map_or(usize::MAX, |t| {
                tournament::Title::ALL
                    .iter()
                    .position(|x| *x == t)
                    .unwrap_or(usize::MAX)
            })
        };
        rating(b)
            .cmp(&rating(a))
            .then(title(a).cmp(&title(b)))
            .then_with(|| {
                a.details
                    .name
                    .to_lowercase()
                    .cmp(&b.details.name.to_lowercase())
            })
            .then(a.id.cmp(&b.id))
    });
    // Two passes keep UNIQUE(event_id, number) true at every step.
    conn.execute(
        "UPDATE player SET number = -number WHERE event_id = ?1",
        [event],
    )?;
    let mut st = conn.prepare_cached("UPDATE player SET number = ?1 WHERE id = ?2")?;
    for (i, p) in players.iter().enumerate() {
        st.execute(params![i as i64 + 1, p.id])?;
    }
    Ok(())
}

/// A round robin's table is drawn for its players: nobody joins once round 1 is paired.
fn refuse_round_robin_late_entry(conn: &Connection, event: EventId) -> Result<()> {
    let e = load_event(conn, event)?;
    if e.settings.system.is_round_robin() && e.paired_rounds > 0 {
        return Err(Error::refused(
            Refusal::RoundRobinFixed,
            "a round robin's players are fixed once round 1 is paired",
        ));
    }
    Ok(())
}

/// Adds a player as the desk does, inside the caller's transaction (an entry validated is
/// added the same way).
pub(crate) fn add_player_in(conn: &Connection, event: EventId, p: &NewPlayer) -> Result<PlayerKey> {
    refuse_round_robin_late_entry(conn, event)?;
    let id = insert_player(conn, event, p)?;
    if paired_rounds(conn, event)? == 0 {
        renumber(conn, event)?;
    }
    Ok(id)
}

pub(crate) fn insert_player(conn: &Connection, event: EventId, p: &NewPlayer) -> Result<PlayerKey> {
    validate_player(p)?;
    crate::chess::section_limits::check_rating_limits(conn, event, p)?;
    let paired = paired_rounds(conn, event)?;
    let number: i64 = conn.query_row(
        "SELECT coalesce(max(number), 0) + 1 FROM player WHERE event_id = ?1",
        [event],
        |r| r.get(0),
    )?;
    conn.execute(
        "INSERT INTO player (id, event_id, number, name, title, rating, national_rating, federation, fide_id, \
         birth_date, sex, club, present) \
         VALUES ((SELECT high + 1 FROM player_id_high), ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 1)",
        params![
            event,
            number,
            p.name.trim(),
            p.title.to_uppercase(),
            p.rating,
            p.national_rating,
            p.federation.to_uppercase(),
            p.fide_id.map(|v| v as i64),
            p.birth_date,
            p.sex,
            p.club
        ],
    )?;
    let id = conn.last_insert_rowid();
    write_national(conn, id, &p.national)?;
    // A late entry has missed the rounds already paired: absences until the arbiter grants a bye.
    for round in 1..=paired {
        conn.execute(
            "INSERT INTO bye (event_id, player_id, round, kind) VALUES (?1, ?2, ?3, 'zero')",
            params![event, id, round],
        )?;
    }
    Ok(id)
}

/// Creates an event with `settings` (checked first), logged.
pub(crate) fn insert_event(
    tx: &Connection,
    actor: &str,
    settings: &EventSettings,
) -> Result<EventId> {
    validate_settings(settings)?;
    tx.execute(
        "INSERT INTO event (name, created_at, rounds, system) VALUES (?1, ?2, ?3, ?4)",
        params![
            settings.name,
            crate::db::now(),
            settings.rounds,
            settings.system.as_str()
        ],
    )?;
    let id = tx.last_insert_rowid();
    write_settings(tx, id, settings)?;
    crate::chess::log::append(
        tx,
        Some(id),
        actor,
        "create_event",
        json!({ "name": settings.name }),
        None,
    )?;
    Ok(id)
}

/// A player as a page built at some version showed them (`shown` from [`shown_at`]).
fn shown_player(shown: &Option<Snapshot>, id: PlayerKey) -> Shown<&Player> {
    match shown {
        None => Shown::Unknown,
        Some(s) => s.player(id).map_or(Shown::Gone, Shown::As),
    }
}

/// The player, when their withdrawal is still as the page built at `seen` showed it (or
/// already what the form asks: `yours`, the first round not paired, `None` to reinstate).
fn withdrawal_as_shown(
    tx: &Connection,
    event: EventId,
    id: PlayerKey,
    yours: Option<u32>,
    seen: Option<Version>,
) -> Result<Player> {
    let stored = load_player(tx, event, id)?;
    let shown = shown_at(tx, event, seen)?;
    let was = shown_player(&shown, id).map(|p| &p.withdrawn_from);
    if !still_as_shown(was, &stored.withdrawn_from, &yours) {
        let changed = Changed::Withdrawal {
            player: id,
            name: stored.details.name.to_string(),
            shown: was.value().copied().flatten(),
            stored: stored.withdrawn_from,
        };
        return Err(conflict(tx, event, vec![changed])?);
    }
    Ok(stored)
}

impl Store {
    pub fn create_event(&self, actor: &str, settings: &EventSettings) -> Result<EventId> {
        self.transaction(|tx| insert_event(tx, actor, settings))
    }

    /// Changes the settings. With `seen`, refused with [`Error::Conflict`] when someone else
    /// changed them since that version (to something else than `settings`).
    pub fn update_event(
        &self,
        actor: &str,
        id: EventId,
        settings: &EventSettings,
        seen: Option<Version>,
    ) -> Result<()> {
        validate_settings(settings)?;
        self.logged(actor, id, "update_event", json!(settings), |tx| {
            let old = load_event(tx, id)?;
            let shown = shown_at(tx, id, seen)?;
            let was = shown.as_ref().map_or(Shown::Unknown, |s| Shown::As(s.settings()));
            if !still_as_shown(was, &old.settings, settings) {
                let changed = Changed::Settings {
                    shown: was.value().cloned().map(Box::new),
                    stored: Box::new(old.settings),
                };
                return Err(conflict(tx, id, vec![changed])?);
            }
            if old.paired_rounds > 0
                && (old.settings.system != settings.system
                    || old.settings.swiss_system != settings.swiss_system
                    || (old.settings.system == System::Swiss && settings.rounds < old.paired_rounds))
            {
                return Err(Error::refused(
                    Refusal::EventStarted,
                    "the system cannot change, nor the rounds drop below those paired, once round 1 is paired",
                ));
            }
            // Pairing numbers are given by this rating until round 1 is paired, and kept after
            // (C.04.2 B.2): changing it then would renumber the players.
            if old.settings.pairing_rating != settings.pairing_rating {
                if old.paired_rounds > 0 {
                    return Err(Error::refused(
                        Refusal::PairingRatingFixed,
                        "the pairing rating cannot change once round 1 is paired: the pairing numbers were given by it",
                    ));
                }
                write_settings(tx, id, settings)?;
                return renumber(tx, id);
            }
            write_settings(tx, id, settings)
        })
    }

    pub fn events(&self) -> Result<Vec<Event>> {
        self.with_conn(load_events)
    }

    pub fn event(&self, id: EventId) -> Result<Event> {
        self.with_conn(|c| load_event(c, id))
    }

    pub fn add_player(&self, actor: &str, event: EventId, p: &NewPlayer) -> Result<PlayerKey> {
        self.add_player_at(actor, event, p, None)
    }

    /// [`Store::add_player`] from a page built at version `seen`: refused with
    /// [`Error::Conflict`] when a player entered since is the same person (same FIDE id,
    /// licence, or name and birth date): a colleague at another desk entered them meanwhile.
    pub fn add_player_at(
        &self,
        actor: &str,
        event: EventId,
        p: &NewPlayer,
        seen: Option<Version>,
    ) -> Result<PlayerKey> {
        self.logged(actor, event, "add_player", json!(p), |tx| {
            if let Some(shown) = shown_at(tx, event, seen)? {
                let twin = load_players(tx, event)?.into_iter().find(|q| {
                    shown.player(q.id).is_none()
                        && crate::chess::same_person::same_person(p, &q.details).is_some()
                });
                if let Some(q) = twin {
                    let changed = Changed::Added {
                        player: q.id,
                        stored: Box::new(q.details),
                        yours: Box::new(p.clone()),
                    };
                    return Err(conflict(tx, event, vec![changed])?);
                }
            }
            add_player_in(tx, event, p)
        })
    }

    /// Adds many players in one transaction (an import): all or none.
    pub fn add_players(&self, actor: &str, event: EventId, players: &[NewPlayer]) -> Result<usize> {
        self.logged(
            actor,
            event,
            "import_players",
            json!({ "count": players.len() }),
            |tx| {
                refuse_round_robin_late_entry(tx, event)?;
                for (i, p) in players.iter().enumerate() {
                    insert_player(tx, event, p).map_err(|e| match e {
                        Error::Invalid {
                            field,
                            expected,
                            found,
                        } => Error::Invalid {
                            field: format!("player {} ({}): {field}", i + 1, p.name),
                            expected,
                            found,
                        },
                        other => other,
                    })?;
                }
                if paired_rounds(tx, event)? == 0 {
                    renumber(tx, event)?;
                }
                Ok(players.len())
            },
        )
    }

    /// Edits a player's details. With `seen`, refused with [`Error::Conflict`] when someone
    /// else changed them since that version (to something else than `p`).
    pub fn update_player(
        &self,
        actor: &str,
        event: EventId,
        id: PlayerKey,
        p: &NewPlayer,
        seen: Option<Version>,
    ) -> Result<()> {
        validate_player(p)?;
        self.logged(actor, event, "update_player", json!({ "player": id, "details": p }), |tx| {
            let stored = load_player(tx, event, id)?;
            let shown = shown_at(tx, event, seen)?;
            let was = shown_player(&shown, id).map(|x| &x.details);
            if !still_as_shown(was, &stored.details, p) {
                let changed = Changed::Player {
                    player: id,
                    shown: was.value().cloned().map(Box::new),
                    stored: Box::new(stored.details),
                    yours: Box::new(p.clone()),
                };
                return Err(conflict(tx, event, vec![changed])?);
            }
            tx.execute(
                "UPDATE player SET name = ?1, title = ?2, rating = ?3, national_rating = ?4, federation = ?5, \
                 fide_id = ?6, birth_date = ?7, sex = ?8, club = ?9 WHERE id = ?10",
                params![
                    p.name.trim(),
                    p.title.to_uppercase(),
                    p.rating,
                    p.national_rating,
                    p.federation.to_uppercase(),
                    p.fide_id.map(|v| v as i64),
                    p.birth_date,
                    p.sex,
                    p.club,
                    id
                ],
            )?;
            write_national(tx, id, &p.national)?;
            if paired_rounds(tx, event)? == 0 {
                renumber(tx, event)?;
            }
            Ok(())
        })
    }

    pub fn remove_player(&self, actor: &str, event: EventId, id: PlayerKey) -> Result<()> {
        self.logged(
            actor,
            event,
            "remove_player",
            json!({ "player": id }),
            |tx| {
                load_player(tx, event, id)?;
                if paired_rounds(tx, event)? > 0 {
                    return Err(Error::refused(
                        Refusal::EventStarted,
                        "a player cannot be removed once round 1 is paired: withdraw them instead",
                    ));
                }
                tx.execute("DELETE FROM player WHERE id = ?1", [id])?;
                renumber(tx, event)
            },
        )
    }

    pub fn players(&self, event: EventId) -> Result<Vec<Player>> {
        self.with_conn(|c| {
            load_event(c, event)?;
            load_players(c, event)
        })
    }

    pub fn player(&self, event: EventId, id: PlayerKey) -> Result<Player> {
        self.with_conn(|c| load_player(c, event, id))
    }

    /// Checks a player in (or out) for the next round. With `seen`, refused with
    /// [`Error::Conflict`] when someone else checked them in or out since that version.
    pub fn set_present(
        &self,
        actor: &str,
        event: EventId,
        id: PlayerKey,
        present: bool,
        seen: Option<Version>,
    ) -> Result<()> {
        self.logged(
            actor,
            event,
            "set_present",
            json!({ "player": id, "present": present }),
            |tx| {
                let stored = load_player(tx, event, id)?;
                let shown = shown_at(tx, event, seen)?;
                let was = shown_player(&shown, id).map(|p| &p.present);
                if !still_as_shown(was, &stored.present, &present) {
                    let changed = Changed::Presence {
                        player: id,
                        name: stored.details.name.to_string(),
                        shown: was.value().copied(),
                        stored: stored.present,
                        yours: present,
                    };
                    return Err(conflict(tx, event, vec![changed])?);
                }
                tx.execute(
                    "UPDATE player SET present = ?1 WHERE id = ?2",
                    params![present, id],
                )?;
                Ok(())
            },
        )
    }

    /// The check-in list as the arbiter saves it: `(player, present)` for every player the
    /// page listed. With `seen`, only the players the arbiter ticked or unticked on that page
    /// change; one someone else checked in or out meanwhile is a conflict (left as stored).
    /// Without it, every player whose check-in differs is written.
    pub fn check_in(
        &self,
        actor: &str,
        event: EventId,
        presence: &[(PlayerKey, bool)],
        seen: Option<Version>,
    ) -> Result<Written> {
        self.logged_if(actor, event, "check_in", |tx| {
            let shown = shown_at(tx, event, seen)?;
            let mut out = Written::default();
            let mut logged = Vec::new();
            for &(id, yours) in presence {
                let stored = load_player(tx, event, id)?;
                let was = shown_player(&shown, id).map(|p| &p.present);
                match merge(was, &stored.present, &yours) {
                    Merge::Unchanged => {}
                    Merge::Conflict => out.conflicts.push(Changed::Presence {
                        player: id,
                        name: stored.details.name.to_string(),
                        shown: was.value().copied(),
                        stored: stored.present,
                        yours,
                    }),
                    Merge::Write => {
                        tx.execute(
                            "UPDATE player SET present = ?1 WHERE id = ?2",
                            params![yours, id],
                        )?;
                        logged.push(json!({ "player": id, "present": yours }));
                        out.changed += 1;
                    }
                }
            }
            let detail = (!logged.is_empty()).then(|| json!({ "players": logged }));
            Ok((out, detail))
        })
    }

    pub fn set_all_present(&self, actor: &str, event: EventId, present: bool) -> Result<()> {
        self.logged(
            actor,
            event,
            "set_all_present",
            json!({ "present": present }),
            |tx| {
                tx.execute(
                    "UPDATE player SET present = ?1 WHERE event_id = ?2 AND withdrawn_from IS NULL",
                    params![present, event],
                )?;
                Ok(())
            },
        )
    }

    /// Withdraws a player: not paired in `from_round` nor any later round. With `seen`,
    /// refused with [`Error::Conflict`] when someone else withdrew or reinstated them since.
    pub fn withdraw(
        &self,
        actor: &str,
        event: EventId,
        id: PlayerKey,
        from_round: u32,
        seen: Option<Version>,
    ) -> Result<()> {
        self.logged(actor, event, "withdraw", json!({ "player": id, "from_round": from_round }), |tx| {
            withdrawal_as_shown(tx, event, id, Some(from_round), seen)?;
            let paired = paired_rounds(tx, event)?;
            if from_round <= paired {
                return Err(Error::refused(
                    Refusal::RoundClosed,
                    format!("round {from_round} is already paired: a withdrawal takes effect from round {} on", paired + 1),
                ));
            }
            // Checked out only when the withdrawal starts with the next round: a withdrawal told
            // ahead leaves the player in the rounds before it (not marked absent there).
            tx.execute(
                "UPDATE player SET withdrawn_from = ?1, present = present AND ?1 > ?2 + 1 WHERE id = ?3",
                params![from_round, paired, id],
            )?;
            tx.execute("DELETE FROM bye WHERE player_id = ?1 AND round >= ?2", params![id, from_round])?;
            Ok(())
        })
    }

    /// Takes a withdrawal back for the rounds not yet paired. With `seen`, refused with
    /// [`Error::Conflict`] when someone else withdrew or reinstated the player since.
    pub fn reinstate(
        &self,
        actor: &str,
        event: EventId,
        id: PlayerKey,
        seen: Option<Version>,
    ) -> Result<()> {
        self.logged(actor, event, "reinstate", json!({ "player": id }), |tx| {
            let p = withdrawal_as_shown(tx, event, id, None, seen)?;
            let paired = paired_rounds(tx, event)?;
            if let Some(from) = p.withdrawn_from {
                // Rounds paired meanwhile stay absences.
                for round in from..=paired {
                    tx.execute(
                        "INSERT OR IGNORE INTO bye (event_id, player_id, round, kind) VALUES (?1, ?2, ?3, 'zero')",
                        params![event, id, round],
                    )?;
                }
            }
            tx.execute("UPDATE player SET withdrawn_from = NULL, present = 1 WHERE id = ?1", [id])?;
            Ok(())
        })
    }

    /// Sets or clears a bye: a bye requested for a round not yet paired, or the bye granted to a
    /// late entry for a round it missed.
    ///
    /// With `seen`, refused with [`Error::Conflict`] when someone else changed the player's
    /// bye in that round since that version (to something else than `kind`).
    pub fn set_bye(
        &self,
        actor: &str,
        event: EventId,
        id: PlayerKey,
        round: u32,
        kind: Option<ByeKind>,
        seen: Option<Version>,
    ) -> Result<()> {
        let detail = json!({ "player": id, "round": round, "kind": kind });
        self.logged(actor, event, "set_bye", detail, |tx| {
            let e = load_event(tx, event)?;
            let p = load_player(tx, event, id)?;
            let stored = load_byes(tx, event)?
                .into_iter()
                .find(|b| b.player == id && b.round == round)
                .map(|b| b.kind);
            let shown = shown_at(tx, event, seen)?;
            let was = match &shown {
                None => Shown::Unknown,
                Some(s) if s.player(id).is_some() => Shown::As(s.bye(id, round)),
                Some(_) => Shown::Gone,
            };
            if !still_as_shown(was.as_ref(), &stored, &kind) {
                let changed = Changed::Bye {
                    player: id,
                    name: p.details.name.to_string(),
                    round,
                    shown: was.value().flatten(),
                    stored,
                    yours: kind,
                };
                return Err(conflict(tx, event, vec![changed])?);
            }
            write_bye(tx, event, &e, &p, round, kind)
        })
    }

    /// One bye (or absence, or none) for many players in one round, as one action: the
    /// players' list's bulk form. Each is checked as [`Store::set_bye`] does; one refused
    /// refuses them all.
    pub fn set_byes(
        &self,
        actor: &str,
        event: EventId,
        players: &[PlayerKey],
        round: u32,
        kind: Option<ByeKind>,
    ) -> Result<()> {
        let detail = json!({ "players": players, "round": round, "kind": kind });
        self.logged(actor, event, "set_byes", detail, |tx| {
            let e = load_event(tx, event)?;
            for &id in players {
                let p = load_player(tx, event, id)?;
                write_bye(tx, event, &e, &p, round, kind)?;
            }
            Ok(())
        })
    }

    pub fn byes(&self, event: EventId) -> Result<Vec<Bye>> {
        self.with_conn(|c| load_byes(c, event))
    }

    pub fn add_forbidden_pair(
        &self,
        actor: &str,
        event: EventId,
        a: PlayerKey,
        b: PlayerKey,
    ) -> Result<()> {
        self.logged(
            actor,
            event,
            "add_forbidden_pair",
            json!({ "a": a, "b": b }),
            |tx| {
                load_player(tx, event, a)?;
                load_player(tx, event, b)?;
                if a == b {
                    return Err(Error::invalid(
                        "b",
                        "two different players",
                        "the same player twice",
                    ));
                }
                tx.execute(
                    "INSERT OR IGNORE INTO forbidden_pair (event_id, a, b) VALUES (?1, ?2, ?3)",
                    params![event, a.min(b), a.max(b)],
                )?;
                Ok(())
            },
        )
    }

    pub fn remove_forbidden_pair(
        &self,
        actor: &str,
        event: EventId,
        a: PlayerKey,
        b: PlayerKey,
    ) -> Result<()> {
        self.logged(
            actor,
            event,
            "remove_forbidden_pair",
            json!({ "a": a, "b": b }),
            |tx| {
                tx.execute(
                    "DELETE FROM forbidden_pair WHERE event_id = ?1 AND a = ?2 AND b = ?3",
                    params![event, a.min(b), a.max(b)],
                )?;
                Ok(())
            },
        )
    }

    pub fn forbidden_pairs(&self, event: EventId) -> Result<Vec<(PlayerKey, PlayerKey)>> {
        self.with_conn(|c| load_forbidden(c, event))
    }
}

/// Writes one player's bye for `round` (none removes it), with the rules of [`Store::set_bye`].
fn write_bye(
    tx: &rusqlite::Transaction<'_>,
    event: EventId,
    e: &Event,
    p: &Player,
    round: u32,
    kind: Option<ByeKind>,
) -> Result<()> {
    let id = p.id;
    if e.settings.system.is_round_robin() {
        return Err(Error::refused(
            Refusal::RoundRobinFixed,
            "a round robin has no byes: its table pairs everyone, and a missed game is a forfeit",
        ));
    }
    if round == 0 || round > e.settings.rounds {
        return Err(Error::invalid(
            "round",
            format!("a round from 1 to {}", e.settings.rounds),
            round.to_string(),
        ));
    }
    if p.withdrawn_from.is_some_and(|w| round >= w) {
        return Err(Error::refused(
            Refusal::NotPlaying,
            format!("{} is withdrawn from round {round} on", p.details.name),
        ));
    }
    // C.04.5 Preface: in a Double-Swiss event a bye is for a whole match, never for one game:
    // both games' rows change together, and the limit counts matches.
    let double_swiss = e.settings.is_double_swiss();
    let (unit, rounds) = if double_swiss {
        let k = match_of_round(round).0;
        (k, games_of_match(k).to_vec())
    } else {
        (round, vec![round])
    };
    let per: u32 = if double_swiss { 2 } else { 1 };
    if round <= e.paired_rounds {
        // A past round: only the absence of a player who was not paired can change.
        for &r in &rounds {
            let existing: Option<String> = tx
                .query_row(
                    "SELECT kind FROM bye WHERE player_id = ?1 AND round = ?2",
                    params![id, r],
                    |r| r.get(0),
                )
                .optional()?;
            if existing.is_none() || kind.is_none() {
                return Err(Error::refused(
                    Refusal::RoundClosed,
                    format!("round {round} is paired: only the bye of a player who was not paired in it can change"),
                ));
            }
        }
    }
    if kind == Some(ByeKind::Half) {
        // Byes in other rounds (other matches), each match once.
        let used: u32 = tx.query_row(
            "SELECT count(DISTINCT (round + ?3 - 1) / ?3) FROM bye \
             WHERE player_id = ?1 AND kind = 'half' AND (round + ?3 - 1) / ?3 != ?2",
            params![id, unit, per],
            |r| r.get(0),
        )?;
        if used >= e.settings.bye_limit {
            let what = if double_swiss {
                "match byes (half-point)"
            } else {
                "half-point byes"
            };
            return Err(Error::refused(
                Refusal::ByeLimit,
                format!(
                    "{} already has {used} {what}, the event's limit",
                    p.details.name
                ),
            ));
        }
    }
    for r in rounds {
        match kind {
            None => {
                tx.execute(
                    "DELETE FROM bye WHERE player_id = ?1 AND round = ?2",
                    params![id, r],
                )?;
            }
            Some(kind) => {
                tx.execute(
                    "INSERT INTO bye (event_id, player_id, round, kind) VALUES (?1, ?2, ?3, ?4) \
                     ON CONFLICT (player_id, round) DO UPDATE SET kind = excluded.kind",
                    params![event, id, r, kind.as_str()],
                )?;
            }
        }
    }
    Ok(())
}
