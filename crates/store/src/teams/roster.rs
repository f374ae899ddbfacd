//! A team's roster edited player by player, as on the arbiter's roster page: a player's
//! details changed, a player who has not played removed, the roster put in another order. The
//! rosters' import and the roster form read a player alike
//! ([`crate::teams::import::set_member_field`]); the roster rules that read a roster (the cap
//! per player) refuse a player here as in an import.
//!
//! A player who sits on a board of a paired round stays: their games (or the lineup waiting
//! for its result) name them. [`Store::roster_fielded`] tells where, so that the page can say
//! why before anyone asks.
//!
//! ```
//! use store::teams::{NewMember, NewTeam, TeamEventSettings};
//! use store::Store;
//! let store = Store::open_in_memory().unwrap();
//! let event = store
//!     .create_team_event("chief", &TeamEventSettings::new("Interclubs".parse().unwrap(), 5, 4))
//!     .unwrap();
//! let team = store
//!     .add_team("chief", event, &NewTeam { name: "Tours".parse().unwrap(), ..NewTeam::default() })
//!     .unwrap();
//! let mut ids = Vec::new();
//! for name in ["Levy, Anne", "Martin, Paul"] {
//!     let m = NewMember { name: name.parse().unwrap(), ..NewMember::default() };
//!     ids.push(store.add_member("chief", event, team, &m).unwrap());
//! }
//! store.reorder_roster("chief", event, team, &[ids[1], ids[0]]).unwrap();
//! assert_eq!(store.teams(event).unwrap()[0].roster[0].details.name, "Martin, Paul");
//! store.remove_member("chief", event, team, ids[0]).unwrap();
//! assert_eq!(store.teams(event).unwrap()[0].roster.len(), 1);
//! ```

use std::collections::HashMap;

use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;
use serde_json::json;

use crate::error::{Error, Result};
use crate::teams::event::{check_player_cap, check_team, load_event, renumber, validate_member};
use crate::teams::log::append;
use crate::teams::types::*;
use crate::{LicenceType, RatingKind, Store};

/// The first board a roster player sits on in a paired round (rounds in order, then matches
/// and boards): a player found here stays on the roster.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Fielded {
    pub member: MemberKey,
    pub round: u32,
    #[serde(rename = "match")]
    pub match_number: u32,
    pub board: u32,
    /// The board has a result: the player has played (or won or lost by forfeit); else the
    /// player is in a lineup waiting for its result.
    pub played: bool,
    /// The team's pairing-allocated bye (a Swiss team's, no match: `match` is 0), a result as
    /// a game is: the player was on `board` of the team then.
    pub bye: bool,
}

impl std::fmt::Display for Fielded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.bye {
            return write!(f, "had the bye of round {}", self.round);
        }
        let how = if self.played {
            "played"
        } else {
            "is in the lineup"
        };
        write!(
            f,
            "{how} in round {}, match {}, board {}",
            self.round, self.match_number, self.board
        )
    }
}

/// Where each of a team's roster players first sits (a player found in no round is absent).
fn fielded(conn: &Connection, event: TeamEventId, team: TeamKey) -> Result<Vec<Fielded>> {
    // A player who has played anywhere is said to have played, even if a later lineup waits.
    let mut st = conn.prepare_cached(
        "SELECT m.id, b.round, b.match, b.board, b.result IS NOT NULL \
         FROM team_member m JOIN team_board b ON b.event_id = ?1 AND (b.white = m.id OR b.black = m.id) \
         WHERE m.team_id = ?2 ORDER BY (b.result IS NULL), b.round, b.match, b.board",
    )?;
    let rows = st.query_map(params![event, team], |r| {
        Ok(Fielded {
            member: r.get(0)?,
            round: r.get(1)?,
            match_number: r.get(2)?,
            board: r.get(3)?,
            played: r.get(4)?,
            bye: false,
        })
    })?;
    let mut all: Vec<Fielded> = rows.collect::<rusqlite::Result<_>>()?;
    // A Swiss team's bye, on the seats written when the round was paired (a round robin's team
    // that sits out has nothing: it is an absence).
    let mut st = conn.prepare_cached(
        "SELECT s.member, s.round, s.board FROM team_round_seat s \
         JOIN team_round r ON r.event_id = s.event_id AND r.number = s.round AND r.bye_team = s.team_id \
         JOIN team_event e ON e.id = s.event_id AND e.system = 'swiss_team' \
         WHERE s.event_id = ?1 AND s.team_id = ?2",
    )?;
    let byes = st.query_map(params![event, team], |r| {
        Ok(Fielded {
            member: r.get(0)?,
            round: r.get(1)?,
            match_number: 0,
            board: r.get(2)?,
            played: true,
            bye: true,
        })
    })?;
    all.extend(byes.collect::<rusqlite::Result<Vec<_>>>()?);
    all.sort_by_key(|f| (!f.played, f.round, f.match_number, f.board));
    let mut first: Vec<Fielded> = Vec::new();
    for f in all {
        if !first.iter().any(|x| x.member == f.member) {
            first.push(f);
        }
    }
    Ok(first)
}

/// The member `member` of `team` (of `event`), or `NotFound`.
fn check_member(conn: &Connection, team: TeamKey, member: MemberKey) -> Result<u32> {
    conn.query_row(
        "SELECT board FROM team_member WHERE id = ?1 AND team_id = ?2",
        params![member, team],
        |r| r.get(0),
    )
    .optional()?
    .ok_or(Error::NotFound("roster player"))
}

/// Puts the players of a team on the boards given, one free board (1 to 99) standing in while
/// two players swap: the roster's boards are unique at every step.
fn move_to_boards(tx: &Connection, team: TeamKey, target: &[(MemberKey, u32)]) -> Result<()> {
    let mut st = tx.prepare_cached("SELECT id, board FROM team_member WHERE team_id = ?1")?;
    let mut now: HashMap<MemberKey, u32> = st
        .query_map([team], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let mut set = tx.prepare_cached("UPDATE team_member SET board = ?1 WHERE id = ?2")?;
    loop {
        let Some(&(m, to)) = target.iter().find(|(m, to)| now.get(m) != Some(to)) else {
            return Ok(());
        };
        let holder = now.iter().find(|(_, b)| **b == to).map(|(k, _)| *k);
        let (who, board) = match holder {
            None => (m, to),
            Some(other) => {
                // The player on the board wanted moves aside to a free one first.
                let Some(free) = (1..=99u32).find(|b| !now.values().any(|x| x == b)) else {
                    return Err(Error::invalid(
                        "order",
                        "at most 98 players in a roster put in another order",
                        now.len().to_string(),
                    ));
                };
                (other, free)
            }
        };
        set.execute(params![board, who])?;
        now.insert(who, board);
    }
}

impl Store {
    /// Changes a roster player's details (every field the rosters' CSV takes), checked as an
    /// import's player is, the cap per player included. The player keeps their board.
    pub fn update_member(
        &self,
        actor: &str,
        event: TeamEventId,
        team: TeamKey,
        member: MemberKey,
        details: &NewMember,
    ) -> Result<()> {
        validate_member(details)?;
        self.transaction(|tx| {
            let e = load_event(tx, event)?;
            check_team(tx, event, team)?;
            check_member(tx, team, member)?;
            check_player_cap(&e.settings.roster_rules, details)?;
            let m = details;
            tx.execute(
                "UPDATE team_member SET name = ?1, title = ?2, rating = ?3, federation = ?4, \
                 fide_id = ?5, sex = ?6, licence = ?7, licence_type = ?8, national_rating = ?9, \
                 national_rating_kind = ?10, club = ?11 WHERE id = ?12",
                params![
                    m.name,
                    m.title,
                    m.rating,
                    m.federation,
                    m.fide_id.map(|v| v as i64),
                    m.sex,
                    m.national.licence.as_str(),
                    m.national.licence_type.map_or("", LicenceType::as_str),
                    m.national_rating,
                    m.national
                        .national_rating_kind
                        .map_or("", RatingKind::as_str),
                    m.club,
                    member,
                ],
            )?;
            renumber(tx, &e)?;
            append(
                tx,
                event,
                actor,
                "update_member",
                "teams",
                json!({ "team": team, "member": member, "details": details }),
            )?;
            Ok(())
        })
    }

    /// Removes a player who sits on no board of a paired round; the players after them move
    /// up one board. A player who has played, or is in a lineup waiting for its result, is
    /// refused (field `member`), saying where.
    pub fn remove_member(
        &self,
        actor: &str,
        event: TeamEventId,
        team: TeamKey,
        member: MemberKey,
    ) -> Result<()> {
        self.transaction(|tx| {
            let e = load_event(tx, event)?;
            check_team(tx, event, team)?;
            let board = check_member(tx, team, member)?;
            if let Some(f) = fielded(tx, event, team)?
                .into_iter()
                .find(|f| f.member == member)
            {
                let name: String = tx.query_row(
                    "SELECT name FROM team_member WHERE id = ?1",
                    [member],
                    |r| r.get(0),
                )?;
                return Err(Error::invalid(
                    "member",
                    "a player who has not played and is in no lineup",
                    format!("{name} {f}"),
                ));
            }
            tx.execute("DELETE FROM team_member WHERE id = ?1", [member])?;
            // The players after it move up one board, the lowest first: each lands on the
            // board just freed.
            let mut st = tx.prepare_cached(
                "SELECT id FROM team_member WHERE team_id = ?1 AND board > ?2 ORDER BY board",
            )?;
            let after: Vec<MemberKey> = st
                .query_map(params![team, board], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?;
            for (k, id) in after.iter().enumerate() {
                tx.execute(
                    "UPDATE team_member SET board = ?1 WHERE id = ?2",
                    params![board + k as u32, id],
                )?;
            }
            renumber(tx, &e)?;
            append(
                tx,
                event,
                actor,
                "remove_member",
                "teams",
                json!({ "team": team, "member": member }),
            )?;
            Ok(())
        })
    }

    /// Puts a team's roster in the order given, board 1 first: every player of the roster once.
    /// The lineups already written stay as they are; the rounds paired later take their default
    /// lineups from the new order.
    pub fn reorder_roster(
        &self,
        actor: &str,
        event: TeamEventId,
        team: TeamKey,
        order: &[MemberKey],
    ) -> Result<()> {
        self.transaction(|tx| {
            let e = load_event(tx, event)?;
            check_team(tx, event, team)?;
            let mut st =
                tx.prepare_cached("SELECT id FROM team_member WHERE team_id = ?1 ORDER BY board")?;
            let roster: Vec<MemberKey> = st
                .query_map([team], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?;
            let mut sorted = order.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            let mut all = roster.clone();
            all.sort_unstable();
            if sorted.len() != order.len() || sorted != all {
                return Err(Error::invalid(
                    "order",
                    format!("each of the roster's {} players once", roster.len()),
                    format!("{} players", order.len()),
                ));
            }
            let target: Vec<(MemberKey, u32)> = order
                .iter()
                .enumerate()
                .map(|(k, m)| (*m, k as u32 + 1))
                .collect();
            move_to_boards(tx, team, &target)?;
            renumber(tx, &e)?;
            append(
                tx,
                event,
                actor,
                "reorder_roster",
                "teams",
                json!({ "team": team, "order": order }),
            )?;
            Ok(())
        })
    }

    /// Where each of a team's players first sits in the paired rounds (the players absent from
    /// every round are not listed): those players cannot be removed.
    pub fn roster_fielded(&self, event: TeamEventId, team: TeamKey) -> Result<Vec<Fielded>> {
        self.with_conn(|c| {
            load_event(c, event)?;
            check_team(c, event, team)?;
            fielded(c, event, team)
        })
    }
}
