//! A team event's settings, its teams and their rosters.

use rusqlite::{params, Connection, OptionalExtension, Row};
use serde_json::json;

use crate::error::{Error, Refusal, Result};
use crate::teams::import::ImportedTeam;
use crate::teams::log::append;
use crate::teams::rules::{CapRating, RosterRules};
use crate::teams::types::*;
use crate::text::Label;
use crate::{Licence, LicenceType, NationalData, RatingKind, Store};

const FEDERATION_EXPECTED: &str = "a three-letter federation code (FRA) or nothing";

fn federation_ok(f: &str) -> bool {
    f.is_empty() || (f.len() == 3 && f.chars().all(|c| c.is_ascii_uppercase()))
}

/// A tie-break list read for team standings: FIDE codes that `tiebreak` computes for teams.
pub(crate) fn team_tiebreaks(text: &str) -> Result<Vec<tiebreak::TieBreak>> {
    // Each code on its own, so that the one refused is named as it was written.
    text.split([',', ' ', ';'])
        .map(str::trim)
        .filter(|code| !code.is_empty())
        .map(|code| match code.parse::<tiebreak::TieBreak>() {
            Ok(tb) if tb.code.ranks_teams() => Ok(tb),
            _ => Err(Error::invalid(
                "tiebreaks",
                "tie-breaks for teams (MPvGP, EDE, SB, BH, BC, TBR, BBE, EMMSB, BERLIN, SSSC, WIN…)",
                code,
            )),
        })
        .collect()
}

pub(crate) fn validate_settings(s: &TeamEventSettings) -> Result<()> {
    team_tiebreaks(&s.tiebreaks)?;
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
    if !(1..=16).contains(&s.boards) {
        return Err(Error::invalid(
            "boards",
            "a number of boards per match from 1 to 16",
            s.boards.to_string(),
        ));
    }
    let m = s.match_points;
    if !m.is_ordered() {
        return Err(Error::invalid(
            "match_points",
            "match points for a win above a draw, a draw at least a loss, a loss at least a forfeit (2/1/0, 3/1/0, 3/2/1/0)",
            format!("{}/{}/{}/{}", m.win, m.draw, m.loss, m.forfeit),
        ));
    }
    if !federation_ok(&s.federation) {
        return Err(Error::invalid(
            "federation",
            FEDERATION_EXPECTED,
            format!("{:?}", s.federation),
        ));
    }
    if let Some(gap) = s.board_order_gap {
        // The Swiss Team system reads a team's colour from its roster's first player with a
        // board: a lineup out of roster order would turn it.
        if gap > 1000 || !s.system.is_round_robin() {
            return Err(Error::invalid(
                "board_order_gap",
                "a tolerance from 0 to 1000 points, in a round robin (the Swiss Team system keeps the roster's order)",
                gap.to_string(),
            ));
        }
    }
    let rules = &s.roster_rules;
    if rules.max_foreign.is_some() && s.federation.is_empty() {
        return Err(Error::invalid(
            "federation",
            "the event's federation, which the rule on foreign players counts against",
            "nothing",
        ));
    }
    if rules.max_foreign.is_some_and(|n| n > 16) || rules.min_women.is_some_and(|n| n > 16) {
        return Err(Error::invalid(
            "roster_rules",
            "a number of players from 0 to 16",
            format!("{:?} {:?}", rules.max_foreign, rules.min_women),
        ));
    }
    if rules.player_cap.is_some_and(|c| c > 3999) || rules.sum_cap.is_some_and(|c| c > 63984) {
        return Err(Error::invalid(
            "roster_rules",
            "a rating cap up to 3999, a lineup's sum up to 63984",
            format!("{:?} {:?}", rules.player_cap, rules.sum_cap),
        ));
    }
    for (field, date) in [("start_date", &s.start_date), ("end_date", &s.end_date)] {
        if !date.is_empty() && tournament::parse_ymd(&date.replace('-', "/")).is_none() {
            return Err(Error::invalid(field, "a date as YYYY-MM-DD", date.clone()));
        }
    }
    if !s.tiebreaks.trim().is_empty() {
        tiebreak::parse_list(&s.tiebreaks).map_err(|e| {
            Error::invalid(
                "tiebreaks",
                "team tie-break codes such as GP, EDE, SB, BC",
                e.to_string(),
            )
        })?;
    }
    Ok(())
}

const EVENT_COLUMNS: &str = "id, name, place, federation, start_date, end_date, chief_arbiter, \
    time_control, rounds, system, boards, match_win, match_draw, match_loss, preferences, \
    primary_score, initial_color, tiebreaks, public, \
    (SELECT count(*) FROM team_round r WHERE r.event_id = team_event.id), match_forfeit, \
    (SELECT count(*) FROM team t WHERE t.event_id = team_event.id), board_order_gap, norm_exemption, \
    rule_max_foreign, rule_min_women, rule_player_cap, rule_sum_cap, rule_cap_rating, \
    rule_one_team_per_round, \
    (SELECT colours FROM team_cup c WHERE c.event_id = team_event.id), \
    (SELECT coalesce(sum(1 << (coalesce(t.entry_round, 1) - 1)), 0) FROM team t WHERE t.event_id = team_event.id), \
    (SELECT coalesce(max(coalesce(t.entry_round, 1)), 1) FROM team t WHERE t.event_id = team_event.id)";

fn event_from_row(r: &Row<'_>) -> rusqlite::Result<TeamEvent> {
    let text = |i: usize| -> rusqlite::Result<String> { r.get(i) };
    let mut e = TeamEvent {
        id: r.get(0)?,
        settings: TeamEventSettings {
            name: r.get(1)?,
            place: r.get(2)?,
            federation: text(3)?,
            start_date: text(4)?,
            end_date: text(5)?,
            chief_arbiter: r.get(6)?,
            time_control: r.get(7)?,
            rounds: r.get(8)?,
            system: TeamSystem::parse(&text(9)?).unwrap_or_default(),
            boards: r.get(10)?,
            match_points: MatchPoints {
                win: r.get(11)?,
                draw: r.get(12)?,
                loss: r.get(13)?,
                forfeit: r.get(20)?,
            },
            preferences: Preferences::parse(&text(14)?).unwrap_or_default(),
            primary: PrimaryScore::parse(&text(15)?).unwrap_or_default(),
            initial_white: text(16)? != "b",
            tiebreaks: text(17)?,
            public: r.get(18)?,
            board_order_gap: r.get(22)?,
            norm_exemption: crate::chess::types::NormExemption::parse(&text(23)?)
                .unwrap_or_default(),
            roster_rules: RosterRules {
                max_foreign: r.get(24)?,
                min_women: r.get(25)?,
                player_cap: r.get(26)?,
                sum_cap: r.get(27)?,
                cap_rating: CapRating::parse(&text(28)?).unwrap_or_default(),
                one_team_per_round: r.get(29)?,
            },
        },
        rounds_paired: r.get(19)?,
        board_colours: r
            .get::<_, Option<String>>(30)?
            .and_then(|c| BoardColours::parse(&c))
            .unwrap_or_default(),
    };
    // Until round 1 is paired a round robin has the rounds of its table for the teams entered
    // so far (ten teams, two cycles: 18), not the number the creation form stood in with.
    let teams: u32 = r.get(21)?;
    let s = &mut e.settings;
    if s.system.is_round_robin() && e.rounds_paired == 0 && teams >= 2 {
        let cycles = match s.system {
            TeamSystem::DoubleRoundRobin => pairing::berger::Cycles::DOUBLE,
            _ => pairing::berger::Cycles::Single,
        };
        s.rounds = pairing::berger::rounds(teams, cycles);
    }
    // A cup has the rounds of its bracket: 8 teams, 3 rounds; 9 to 16, 4; a team entering at
    // round r weighs as 2^(r-1) teams of round 1.
    if s.system == TeamSystem::Cup && e.rounds_paired == 0 && teams >= 2 {
        let (weight, latest): (u64, u32) = (r.get(31)?, r.get(32)?);
        s.rounds = crate::teams::cup_bracket::rounds_for(weight, latest);
    }
    Ok(e)
}

pub(crate) fn load_event(conn: &Connection, id: TeamEventId) -> Result<TeamEvent> {
    conn.query_row(
        &format!("SELECT {EVENT_COLUMNS} FROM team_event WHERE id = ?1"),
        [id],
        event_from_row,
    )
    .optional()?
    .ok_or(Error::NotFound("team event"))
}

/// The event's teams by number, each with its roster in board order.
pub(crate) fn load_teams(conn: &Connection, event: TeamEventId) -> Result<Vec<Team>> {
    let mut st = conn.prepare_cached(
        "SELECT id, number, name, club, federation, captain, division, entry_round FROM team \
         WHERE event_id = ?1 ORDER BY number",
    )?;
    let mut teams: Vec<Team> = st
        .query_map([event], |r| {
            Ok(Team {
                id: r.get(0)?,
                number: r.get(1)?,
                details: NewTeam {
                    name: r.get(2)?,
                    club: r.get(3)?,
                    federation: r.get(4)?,
                    captain: r.get(5)?,
                    division: r.get(6)?,
                    entry_round: r.get(7)?,
                },
                roster: Vec::new(),
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    let mut st = conn.prepare_cached(
        "SELECT id, board, name, title, rating, federation, fide_id, sex, licence, licence_type, \
         national_rating, national_rating_kind, club FROM team_member WHERE team_id = ?1 ORDER BY board",
    )?;
    for t in &mut teams {
        t.roster = st
            .query_map([t.id], |r| {
                Ok(Member {
                    id: r.get(0)?,
                    board: r.get(1)?,
                    details: NewMember {
                        name: r.get(2)?,
                        title: r.get(3)?,
                        rating: r.get(4)?,
                        federation: r.get(5)?,
                        fide_id: r.get::<_, Option<i64>>(6)?.map(|v| v as u64),
                        sex: r.get(7)?,
                        national_rating: r.get(10)?,
                        club: r.get(12)?,
                        national: NationalData {
                            licence: Licence::from_stored(&r.get::<_, String>(8)?),
                            licence_type: LicenceType::parse(&r.get::<_, String>(9)?)
                                .unwrap_or(None),
                            league: Label::default(),
                            national_rating_kind: RatingKind::parse(&r.get::<_, String>(11)?)
                                .unwrap_or(None),
                        },
                    },
                })
            })?
            .collect::<rusqlite::Result<_>>()?;
    }
    Ok(teams)
}

fn validate_team(t: &NewTeam) -> Result<()> {
    if t.name.trim().is_empty() {
        return Err(Error::invalid("name", "the team's name", "nothing"));
    }
    if !federation_ok(&t.federation) {
        return Err(Error::invalid(
            "federation",
            FEDERATION_EXPECTED,
            format!("{:?}", t.federation),
        ));
    }
    if let Some(d) = t.division.filter(|d| !(1..=99).contains(d)) {
        return Err(Error::invalid(
            "division",
            "a division from 1 (the highest) to 99",
            d.to_string(),
        ));
    }
    if let Some(r) = t.entry_round.filter(|r| !(1..=10).contains(r)) {
        return Err(Error::invalid(
            "entry_round",
            "a cup round from 1 to 10 for the team to enter at",
            r.to_string(),
        ));
    }
    Ok(())
}

pub(crate) fn validate_member(m: &NewMember) -> Result<()> {
    if m.name.trim().is_empty() {
        return Err(Error::invalid("name", "the player's name", "nothing"));
    }
    if crate::chess::import::title(&m.title) != Some(m.title.as_str()) {
        return Err(Error::invalid(
            "title",
            crate::import_fields::TITLES_EXPECTED,
            format!("{:?}", m.title),
        ));
    }
    if m.rating.is_some_and(|r| r > 3999) {
        return Err(Error::invalid(
            "rating",
            "a rating from 0 to 3999 or nothing",
            format!("{:?}", m.rating),
        ));
    }
    if !federation_ok(&m.federation) {
        return Err(Error::invalid(
            "federation",
            FEDERATION_EXPECTED,
            format!("{:?}", m.federation),
        ));
    }
    if !["", "m", "w"].contains(&m.sex.as_str()) {
        return Err(Error::invalid(
            "sex",
            "m, w or nothing",
            format!("{:?}", m.sex),
        ));
    }
    if m.national_rating.is_some_and(|r| r > 3999) {
        return Err(Error::invalid(
            "national_rating",
            "a rating from 0 to 3999 or nothing",
            format!("{:?}", m.national_rating),
        ));
    }
    Ok(())
}

/// A roster player against the event's cap per player (the other roster rules read lineups).
pub(crate) fn check_player_cap(rules: &RosterRules, m: &NewMember) -> Result<()> {
    crate::teams::rules::player_cap(rules, m).map_err(|b| {
        Error::invalid(
            "roster_rules",
            "a player rated at most the event's cap",
            b.to_string(),
        )
    })
}

fn insert_team(tx: &Connection, event: TeamEventId, team: &NewTeam) -> Result<TeamKey> {
    let taken: bool = tx.query_row(
        "SELECT EXISTS (SELECT 1 FROM team WHERE event_id = ?1 AND name = ?2)",
        params![event, team.name],
        |r| r.get(0),
    )?;
    if taken {
        return Err(Error::invalid(
            "name",
            "a team name not yet in the event",
            team.name.to_string(),
        ));
    }
    let next: u32 = tx.query_row(
        "SELECT coalesce(max(number), 0) + 1 FROM team WHERE event_id = ?1",
        [event],
        |r| r.get(0),
    )?;
    tx.execute(
        "INSERT INTO team (event_id, number, name, club, federation, captain, division, entry_round) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            event,
            next,
            team.name,
            team.club,
            team.federation,
            team.captain,
            team.division,
            team.entry_round
        ],
    )?;
    Ok(tx.last_insert_rowid())
}

fn insert_member(tx: &Connection, team: TeamKey, m: &NewMember) -> Result<MemberKey> {
    let next: u32 = tx.query_row(
        "SELECT coalesce(max(board), 0) + 1 FROM team_member WHERE team_id = ?1",
        [team],
        |r| r.get(0),
    )?;
    if next > 99 {
        return Err(Error::invalid(
            "name",
            "at most 99 players in a roster",
            "a 100th",
        ));
    }
    tx.execute(
        "INSERT INTO team_member (team_id, board, name, title, rating, federation, fide_id, sex, \
         licence, licence_type, national_rating, national_rating_kind, club) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
        params![
            team,
            next,
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
        ],
    )?;
    Ok(tx.last_insert_rowid())
}

/// Until round 1 is paired, numbers the teams by the average rating of their top boards
/// (highest first; then by name); after it, numbers stay as they are (late entries took the
/// next free one when added).
pub(crate) fn renumber(tx: &Connection, event: &TeamEvent) -> Result<()> {
    if event.rounds_paired > 0 {
        return Ok(());
    }
    let mut teams = load_teams(tx, event.id)?;
    let boards = event.settings.boards;
    teams.sort_by(|a, b| {
        b.average_rating(boards)
            .cmp(&a.average_rating(boards))
            .then_with(|| a.details.name.cmp(&b.details.name))
    });
    tx.execute(
        "UPDATE team SET number = -number WHERE event_id = ?1",
        [event.id],
    )?;
    for (k, t) in teams.iter().enumerate() {
        tx.execute(
            "UPDATE team SET number = ?1 WHERE id = ?2",
            params![k as u32 + 1, t.id],
        )?;
    }
    Ok(())
}

/// The settings' columns in `team_event`'s order, from `name` to `public`, then
/// `match_forfeit`.
fn settings_values(s: &TeamEventSettings) -> Vec<rusqlite::types::Value> {
    let text = |t: &str| rusqlite::types::Value::Text(t.to_string());
    let int = |n: i64| rusqlite::types::Value::Integer(n);
    let opt = |n: Option<i64>| n.map_or(rusqlite::types::Value::Null, int);
    vec![
        text(&s.name),
        text(&s.place),
        text(&s.federation),
        text(&s.start_date),
        text(&s.end_date),
        text(&s.chief_arbiter),
        text(&s.time_control),
        int(s.rounds.into()),
        text(s.system.as_str()),
        int(s.boards.into()),
        int(s.match_points.win.into()),
        int(s.match_points.draw.into()),
        int(s.match_points.loss.into()),
        text(s.preferences.as_str()),
        text(s.primary.as_str()),
        text(if s.initial_white { "w" } else { "b" }),
        text(s.tiebreaks.trim()),
        int(s.public.into()),
        int(s.match_points.forfeit.into()),
        s.board_order_gap
            .map_or(rusqlite::types::Value::Null, |g| int(g.into())),
        text(s.norm_exemption.as_str()),
        opt(s.roster_rules.max_foreign.map(i64::from)),
        opt(s.roster_rules.min_women.map(i64::from)),
        opt(s.roster_rules.player_cap.map(i64::from)),
        opt(s.roster_rules.sum_cap.map(i64::from)),
        text(s.roster_rules.cap_rating.as_str()),
        int(s.roster_rules.one_team_per_round.into()),
    ]
}

/// The team of `event` with row id `team`, or `NotFound`.
pub(crate) fn check_team(conn: &Connection, event: TeamEventId, team: TeamKey) -> Result<()> {
    let found: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM team WHERE id = ?1 AND event_id = ?2)",
        params![team, event],
        |r| r.get(0),
    )?;
    if found {
        Ok(())
    } else {
        Err(Error::NotFound("team"))
    }
}

/// Inserts a team event and logs its creation.
pub(crate) fn insert_event(
    tx: &Connection,
    actor: &str,
    s: &TeamEventSettings,
) -> Result<TeamEventId> {
    tx.execute(
        "INSERT INTO team_event (name, place, federation, start_date, end_date, chief_arbiter, \
         time_control, rounds, system, boards, match_win, match_draw, match_loss, preferences, \
         primary_score, initial_color, tiebreaks, public, match_forfeit, board_order_gap, norm_exemption, \
         rule_max_foreign, rule_min_women, rule_player_cap, rule_sum_cap, rule_cap_rating, \
         rule_one_team_per_round, created_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, \
         ?22, ?23, ?24, ?25, ?26, ?27, ?28)",
        rusqlite::params_from_iter(settings_values(s).into_iter().chain([crate::db::now().into()])),
    )?;
    let id = tx.last_insert_rowid();
    append(tx, id, actor, "create_event", "settings", json!(s))?;
    Ok(id)
}

pub(crate) fn validate_imported(teams: &[ImportedTeam]) -> Result<()> {
    for t in teams {
        for m in &t.members {
            validate_member(m)?;
        }
    }
    Ok(())
}

/// Adds imported teams with their rosters, numbers the teams and logs the import.
pub(crate) fn insert_imported(
    tx: &Connection,
    actor: &str,
    event: TeamEventId,
    teams: &[ImportedTeam],
) -> Result<Vec<TeamKey>> {
    let e = load_event(tx, event)?;
    refuse_late_entry(&e)?;
    let mut ids = Vec::with_capacity(teams.len());
    for t in teams {
        let team = NewTeam {
            name: t.name.clone(),
            club: t.club.clone(),
            division: t.division,
            entry_round: t.entry_round,
            ..NewTeam::default()
        };
        for m in &t.members {
            check_player_cap(&e.settings.roster_rules, m)?;
        }
        validate_team(&team)?;
        let id = insert_team(tx, event, &team)?;
        for m in &t.members {
            insert_member(tx, id, m)?;
        }
        ids.push(id);
    }
    renumber(tx, &e)?;
    let players: usize = teams.iter().map(|t| t.members.len()).sum();
    append(
        tx,
        event,
        actor,
        "import_teams",
        "teams",
        json!({ "teams": teams.len(), "players": players }),
    )?;
    Ok(ids)
}

impl Store {
    /// Creates a team event.
    pub fn create_team_event(
        &self,
        actor: &str,
        settings: &TeamEventSettings,
    ) -> Result<TeamEventId> {
        validate_settings(settings)?;
        self.transaction(|tx| insert_event(tx, actor, settings))
    }

    /// Creates a team event with its teams and rosters, all or nothing: a team file's
    /// registration ([`crate::teams::trf_import`]).
    pub fn create_team_event_with_teams(
        &self,
        actor: &str,
        settings: &TeamEventSettings,
        teams: &[ImportedTeam],
    ) -> Result<(TeamEventId, Vec<TeamKey>)> {
        validate_settings(settings)?;
        validate_imported(teams)?;
        self.transaction(|tx| {
            let id = insert_event(tx, actor, settings)?;
            let keys = insert_imported(tx, actor, id, teams)?;
            Ok((id, keys))
        })
    }

    /// A team event's settings and progress.
    pub fn team_event(&self, id: TeamEventId) -> Result<TeamEvent> {
        self.with_conn(|c| load_event(c, id))
    }

    /// Every team event, the newest first.
    pub fn team_events(&self) -> Result<Vec<TeamEvent>> {
        self.with_conn(|c| {
            let mut st = c.prepare(&format!(
                "SELECT {EVENT_COLUMNS} FROM team_event ORDER BY id DESC"
            ))?;
            let rows = st.query_map([], event_from_row)?;
            Ok(rows.collect::<rusqlite::Result<_>>()?)
        })
    }

    /// The event's teams by number, with their rosters in board order.
    pub fn teams(&self, event: TeamEventId) -> Result<Vec<Team>> {
        self.with_conn(|c| {
            load_event(c, event)?;
            load_teams(c, event)
        })
    }

    /// Adds a team with an empty roster. Before round 1 is paired the teams are numbered again
    /// by rating; after, the new team takes the next free number.
    pub fn add_team(&self, actor: &str, event: TeamEventId, team: &NewTeam) -> Result<TeamKey> {
        validate_team(team)?;
        self.transaction(|tx| {
            let e = load_event(tx, event)?;
            refuse_late_entry(&e)?;
            let id = insert_team(tx, event, team)?;
            renumber(tx, &e)?;
            append(tx, event, actor, "add_team", "teams", json!(team))?;
            Ok(id)
        })
    }

    /// Adds a player at the end of a team's roster.
    pub fn add_member(
        &self,
        actor: &str,
        event: TeamEventId,
        team: TeamKey,
        member: &NewMember,
    ) -> Result<MemberKey> {
        validate_member(member)?;
        self.transaction(|tx| {
            let e = load_event(tx, event)?;
            check_player_cap(&e.settings.roster_rules, member)?;
            check_team(tx, event, team)?;
            let id = insert_member(tx, team, member)?;
            renumber(tx, &e)?;
            append(
                tx,
                event,
                actor,
                "add_member",
                "teams",
                json!({ "team": team, "member": member }),
            )?;
            Ok(id)
        })
    }

    /// Adds the teams of an import ([`crate::teams::import::rosters_from_csv`]) with their
    /// rosters, all or nothing: a team already in the event refuses the whole import.
    pub fn import_teams(
        &self,
        actor: &str,
        event: TeamEventId,
        teams: &[ImportedTeam],
    ) -> Result<Vec<TeamKey>> {
        validate_imported(teams)?;
        self.transaction(|tx| insert_imported(tx, actor, event, teams))
    }

    /// Changes a team's name, club, federation or captain.
    pub fn update_team(
        &self,
        actor: &str,
        event: TeamEventId,
        team: TeamKey,
        details: &NewTeam,
    ) -> Result<()> {
        validate_team(details)?;
        self.transaction(|tx| {
            check_team(tx, event, team)?;
            let entry: Option<u8> = tx.query_row(
                "SELECT entry_round FROM team WHERE id = ?1",
                [team],
                |r| r.get(0),
            )?;
            if entry != details.entry_round && load_event(tx, event)?.rounds_paired > 0 {
                return Err(Error::refused(
                    Refusal::EventStarted,
                    "a team's entry round is fixed once round 1 of the cup is paired",
                ));
            }
            let clash: bool = tx.query_row(
                "SELECT EXISTS (SELECT 1 FROM team WHERE event_id = ?1 AND name = ?2 AND id <> ?3)",
                params![event, details.name, team],
                |r| r.get(0),
            )?;
            if clash {
                return Err(Error::invalid(
                    "name",
                    "a team name not yet in the event",
                    details.name.to_string(),
                ));
            }
            tx.execute(
                "UPDATE team SET name = ?1, club = ?2, federation = ?3, captain = ?4, division = ?5, \
                 entry_round = ?6 WHERE id = ?7",
                params![
                    details.name,
                    details.club,
                    details.federation,
                    details.captain,
                    details.division,
                    details.entry_round,
                    team
                ],
            )?;
            append(
                tx,
                event,
                actor,
                "update_team",
                "teams",
                json!({ "team": team, "details": details }),
            )?;
            Ok(())
        })
    }
}

impl Store {
    /// Changes a team event's settings. Once round 1 is paired, what the pairings rest on
    /// stays (the system, the boards per match, the Swiss Team colour preferences and primary
    /// score, the initial colour: `event_started`), a round robin keeps the rounds its table
    /// gave, and a Swiss Team event keeps at least the rounds paired. The match-point scale and
    /// the tie-breaks may change: the standings are computed again from the boards. With `seen`,
    /// refused when someone changed the settings since that version.
    pub fn update_team_event(
        &self,
        actor: &str,
        event: TeamEventId,
        settings: &TeamEventSettings,
        seen: Option<crate::edits::Version>,
    ) -> Result<()> {
        validate_settings(settings)?;
        let s = settings;
        self.transaction(|tx| {
            let e = load_event(tx, event)?;
            if let Some(seen) = seen {
                if crate::teams::log::touched_since(tx, event, seen, &["settings".to_string()])? {
                    return Err(Error::Conflict {
                        version: crate::teams::log::version_on(tx, event)?,
                        changed: vec![crate::edits::Changed::TeamSettings {
                            stored: Box::new(e.settings),
                        }],
                    });
                }
            }
            let old = &e.settings;
            if e.rounds_paired > 0 {
                let fixed = [
                    ("system", old.system != s.system),
                    ("boards", old.boards != s.boards),
                    ("preferences", old.preferences != s.preferences),
                    ("primary", old.primary != s.primary),
                    ("initial_color", old.initial_white != s.initial_white),
                    (
                        "rounds",
                        old.system.is_round_robin() && old.rounds != s.rounds,
                    ),
                ];
                if let Some((field, _)) = fixed.iter().find(|(_, changed)| *changed) {
                    return Err(Error::refused(
                        Refusal::EventStarted,
                        format!("{field} can no longer change: round 1 is paired"),
                    ));
                }
                if s.rounds < e.rounds_paired {
                    return Err(Error::invalid(
                        "rounds",
                        format!("at least the {} rounds paired", e.rounds_paired),
                        s.rounds.to_string(),
                    ));
                }
            }
            tx.execute(
                "UPDATE team_event SET name = ?1, place = ?2, federation = ?3, start_date = ?4, \
                 end_date = ?5, chief_arbiter = ?6, time_control = ?7, rounds = ?8, system = ?9, \
                 boards = ?10, match_win = ?11, match_draw = ?12, match_loss = ?13, preferences = ?14, \
                 primary_score = ?15, initial_color = ?16, tiebreaks = ?17, public = ?18, \
                 match_forfeit = ?19, board_order_gap = ?20, norm_exemption = ?21, \
                 rule_max_foreign = ?22, rule_min_women = ?23, rule_player_cap = ?24, rule_sum_cap = ?25, \
                 rule_cap_rating = ?26, rule_one_team_per_round = ?27 WHERE id = ?28",
                rusqlite::params_from_iter(settings_values(s).into_iter().chain([event.into()])),
            )?;
            append(tx, event, actor, "update_settings", "settings", json!(s))?;
            Ok(())
        })
    }
}

/// A round robin's teams are fixed by its table once round 1 is paired: no late entry.
fn refuse_late_entry(e: &TeamEvent) -> Result<()> {
    if e.settings.system.is_round_robin() && e.rounds_paired > 0 {
        return Err(Error::refused(
            Refusal::RoundRobinFixed,
            "a round robin's teams are fixed once round 1 is paired",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::teams::import::rosters_from_csv;

    fn event(store: &Store, boards: u32) -> TeamEventId {
        store
            .create_team_event(
                "chief",
                &TeamEventSettings::new("Interclubs".parse().unwrap(), 5, boards),
            )
            .unwrap()
    }

    #[test]
    fn settings_are_checked_and_read_back() {
        let store = Store::open_in_memory().unwrap();
        let mut s = TeamEventSettings::new("League".parse().unwrap(), 9, 4);
        s.system = TeamSystem::DoubleRoundRobin;
        s.match_points = MatchPoints::FFE;
        s.tiebreaks = "GP,EDE,SB".into();
        let id = store.create_team_event("chief", &s).unwrap();
        let e = store.team_event(id).unwrap();
        assert_eq!(e.settings, s);
        assert_eq!(e.rounds_paired, 0);
        assert_eq!(store.team_events().unwrap().len(), 1);
        for bad in [
            TeamEventSettings::new("".parse().unwrap(), 5, 4),
            TeamEventSettings::new("X".parse().unwrap(), 0, 4),
            TeamEventSettings::new("X".parse().unwrap(), 5, 17),
            TeamEventSettings {
                match_points: MatchPoints {
                    win: 1,
                    draw: 1,
                    loss: 0,
                    forfeit: 0,
                },
                ..TeamEventSettings::new("X".parse().unwrap(), 5, 4)
            },
            TeamEventSettings {
                match_points: MatchPoints {
                    win: 3,
                    draw: 2,
                    loss: 1,
                    forfeit: 2,
                },
                ..TeamEventSettings::new("X".parse().unwrap(), 5, 4)
            },
            TeamEventSettings {
                tiebreaks: "XYZ".into(),
                ..TeamEventSettings::new("X".parse().unwrap(), 5, 4)
            },
        ] {
            assert!(matches!(
                store.create_team_event("chief", &bad),
                Err(Error::Invalid { .. })
            ));
        }
    }

    #[test]
    fn teams_are_numbered_by_the_average_of_their_top_boards() {
        let store = Store::open_in_memory().unwrap();
        let id = event(&store, 2);
        // Blois: (2000 + 1600) / 2 = 1800 with a strong reserve left out; Tours: 1900.
        let csv = "team;board;name;rating\n\
                   Blois;1;A;2000\nBlois;2;B;1600\nBlois;3;C;2400\n\
                   Tours;2;D;1800\nTours;1;E;2000\n\
                   Amboise;1;F;1000\n";
        store
            .import_teams("chief", id, &rosters_from_csv(csv).unwrap())
            .unwrap();
        let teams = store.teams(id).unwrap();
        let order: Vec<(&str, u32)> = teams
            .iter()
            .map(|t| (t.details.name.as_str(), t.number))
            .collect();
        assert_eq!(order, [("Tours", 1), ("Blois", 2), ("Amboise", 3)]);
        let tours: Vec<&str> = teams[0]
            .roster
            .iter()
            .map(|m| m.details.name.as_str())
            .collect();
        assert_eq!(tours, ["E", "D"]);
        assert_eq!(teams[1].roster[2].board, 3);
        // A stronger team typed later goes first while round 1 is not paired.
        let strong = store
            .add_team(
                "chief",
                id,
                &NewTeam {
                    name: "Orléans".parse().unwrap(),
                    ..NewTeam::default()
                },
            )
            .unwrap();
        for r in [2500, 2400] {
            store
                .add_member(
                    "chief",
                    id,
                    strong,
                    &NewMember {
                        name: "GM".parse().unwrap(),
                        rating: Some(r),
                        ..NewMember::default()
                    },
                )
                .unwrap();
        }
        let teams = store.teams(id).unwrap();
        assert_eq!(teams[0].details.name, "Orléans");
        assert_eq!(teams[3].details.name, "Amboise");
    }

    #[test]
    fn an_import_with_a_team_already_there_writes_nothing() {
        let store = Store::open_in_memory().unwrap();
        let id = event(&store, 4);
        store
            .add_team(
                "chief",
                id,
                &NewTeam {
                    name: "Tours".parse().unwrap(),
                    ..NewTeam::default()
                },
            )
            .unwrap();
        let before = store.team_event_version(id).unwrap();
        let teams = rosters_from_csv("team,name\nBlois,A\nTours,B\n").unwrap();
        assert!(matches!(
            store.import_teams("chief", id, &teams),
            Err(Error::Invalid { .. })
        ));
        assert_eq!(store.teams(id).unwrap().len(), 1);
        assert_eq!(store.team_event_version(id).unwrap(), before);
    }

    #[test]
    fn members_and_teams_are_checked() {
        let store = Store::open_in_memory().unwrap();
        let id = event(&store, 4);
        let team = store
            .add_team(
                "chief",
                id,
                &NewTeam {
                    name: "Tours".parse().unwrap(),
                    federation: "FRA".into(),
                    ..NewTeam::default()
                },
            )
            .unwrap();
        let bad = NewMember {
            name: "A".parse().unwrap(),
            title: "XX".into(),
            ..NewMember::default()
        };
        assert!(store.add_member("chief", id, team, &bad).is_err());
        let other = event(&store, 4);
        let ok = NewMember {
            name: "A".parse().unwrap(),
            ..NewMember::default()
        };
        assert!(matches!(
            store.add_member("chief", other, team, &ok),
            Err(Error::NotFound("team"))
        ));
        assert!(store
            .add_team(
                "chief",
                id,
                &NewTeam {
                    name: "Blois".parse().unwrap(),
                    federation: "france".into(),
                    ..NewTeam::default()
                }
            )
            .is_err());
        let renamed = NewTeam {
            name: "Tours 2".parse().unwrap(),
            captain: "Roy, Eva".parse().unwrap(),
            ..NewTeam::default()
        };
        store.update_team("chief", id, team, &renamed).unwrap();
        assert_eq!(store.teams(id).unwrap()[0].details, renamed);
    }
}
