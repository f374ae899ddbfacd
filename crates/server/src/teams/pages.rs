//! The arbiter's team-event pages: the events (and the creation form), an event's teams with
//! their rosters (CSV import, pairing the next round), a round's matches with the board result
//! grid, the printable match sheet, and the standings. Every form carries the CSRF token
//! ([`crate::context`] checks it) and the grid the version its page was built at.

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Path, State};
use axum::Form;
use serde::Deserialize;
use store::teams::captains::BoardReports;
use store::teams::rounds::{BoardResult, Lineup};
use store::teams::{
    MatchForfeit, MemberKey, Team, TeamEvent, TeamEventId, TeamKey, TeamMatch, TeamSystem,
};
use store::ResultCode;
use tournament::Color;

use super::forms::{match_forfeit, rosters, team_file, EventBody};
use crate::chess::forms::{
    tiebreak_choices, tiebreaks_from_form, tiebreaks_to_form, TEAM_TIEBREAK_CHOICES,
};
use crate::chess::views::result_text;
use crate::ctx::{Arbiter, Ctx};
use crate::edits;
use crate::error::AppError;
use crate::guard::{Guard, Kind, Own, Routes};
use crate::page::{blocking, html, see, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .get("/teams", events_page)
        .post("/teams", Guard::Own(Own::Create), create)
        .post("/teams/import", Guard::Own(Own::Create), create_from_trf)
        .get("/teams/{id}", event_page)
        .post("/teams/{id}/import", Guard::Whole(Kind::Teams), import)
        .get("/teams/{id}/settings", settings_page)
        .post(
            "/teams/{id}/settings",
            Guard::Merge(Kind::Teams),
            save_settings,
        )
        .post("/teams/{id}/pair", Guard::Whole(Kind::Teams), pair)
        .get("/teams/{id}/rounds/{round}", round_page)
        .post(
            "/teams/{id}/rounds/{round}/results",
            Guard::Merge(Kind::Teams),
            save_results,
        )
        .post(
            "/teams/{id}/rounds/{round}/repair",
            Guard::Whole(Kind::Teams),
            repair,
        )
        .post(
            "/teams/{id}/rounds/{round}/confirm",
            Guard::Merge(Kind::Teams),
            confirm_reports,
        )
        .post(
            "/teams/{id}/rounds/{round}/matches/{number}/lineup",
            Guard::Merge(Kind::Teams),
            save_lineup,
        )
        .post(
            "/teams/{id}/rounds/{round}/matches/{number}/forfeit",
            Guard::Merge(Kind::Teams),
            save_forfeit,
        )
        .post(
            "/teams/{id}/rounds/{round}/matches/{number}/colours",
            Guard::Merge(Kind::Teams),
            swap_colours,
        )
        .get(
            "/teams/{id}/rounds/{round}/matches/{number}/sheet",
            sheet_page,
        )
        .get("/teams/{id}/standings", standings_page)
        .get("/teams/{id}/export.trf", export_trf)
}

/// An event's heading and the links between its pages.
#[derive(Debug, Clone)]
pub(super) struct EventView {
    pub(super) id: TeamEventId,
    pub(super) name: String,
    pub(super) system: String,
    pub(super) boards: u32,
    pub(super) rounds: u32,
    pub(super) paired: u32,
    /// A knock-out cup: the pages link its bracket.
    pub(super) cup: bool,
    /// "Rounds paired: 2 of 7".
    pub(super) progress: String,
}

impl EventView {
    pub(super) fn new(c: &Ctx, e: &TeamEvent) -> EventView {
        let system = match e.settings.system {
            TeamSystem::SwissTeam => c.t("teams-system-swiss-team"),
            TeamSystem::RoundRobin => c.t("teams-system-round-robin"),
            TeamSystem::DoubleRoundRobin => c.t("teams-system-double-round-robin"),
            TeamSystem::Cup => c.t("teams-system-cup"),
        };
        let progress = c.tr.targs(
            "teams-rounds-paired",
            &[
                ("paired", e.rounds_paired.into()),
                ("rounds", e.settings.rounds.into()),
            ],
        );
        EventView {
            id: e.id,
            name: e.settings.name.to_string(),
            system,
            boards: e.settings.boards,
            rounds: e.settings.rounds,
            paired: e.rounds_paired,
            cup: e.settings.system == TeamSystem::Cup,
            progress,
        }
    }

    /// The rounds paired so far, for the links.
    pub(super) fn round_numbers(&self) -> Vec<u32> {
        (1..=self.paired).collect()
    }
}

#[derive(Template)]
#[template(path = "teams_events.html")]
struct EventsPage {
    c: Ctx,
    events: Vec<EventView>,
}

async fn events_page(State(st): State<AppState>, c: Ctx, _a: Arbiter) -> Page {
    let events = st
        .store
        .team_events()?
        .iter()
        .map(|e| EventView::new(&c, e))
        .collect();
    html(&EventsPage { c, events })
}

/// The creation form: every field as text, empty numbers left out.
#[derive(Debug, Deserialize)]
struct EventForm {
    name: String,
    #[serde(default)]
    rounds: String,
    #[serde(default)]
    boards: String,
    #[serde(default)]
    system: String,
    #[serde(default)]
    match_points: String,
    #[serde(default)]
    tiebreaks: String,
}

fn number(field: &str, s: &str) -> Result<Option<u32>, AppError> {
    let t = s.trim();
    if t.is_empty() {
        return Ok(None);
    }
    t.parse()
        .map(Some)
        .map_err(|_| AppError::invalid(field, "a whole number", format!("{t:?}")))
}

async fn create(State(st): State<AppState>, a: Arbiter, Form(f): Form<EventForm>) -> Page {
    let body = serde_json::json!({
        "name": f.name,
        "rounds": number("rounds", &f.rounds)?,
        "boards": number("boards", &f.boards)?
            .ok_or_else(|| AppError::invalid("boards", "a number of boards", "nothing"))?,
        "system": (!f.system.is_empty()).then_some(f.system),
        "match_points": (!f.match_points.is_empty()).then_some(f.match_points),
        "tiebreaks": f.tiebreaks,
    });
    let settings = serde_json::from_value::<EventBody>(body)
        .map_err(|e| AppError::invalid("form", "the event's settings", e.to_string()))?
        .settings()?;
    let store = st.store.clone();
    let id = blocking(move || store.create_team_event(&a.username, &settings)).await?;
    see(format!("/teams/{id}"))
}

#[derive(Template)]
#[template(path = "teams_settings.html")]
struct SettingsPage {
    c: Ctx,
    ev: EventView,
    s: store::teams::TeamEventSettings,
    /// The settings' codes as the form's choices name them.
    match_points: String,
    initial_color: &'static str,
    /// The board-order tolerance, or empty.
    board_order_gap: String,
    version: i64,
    /// Round 1 is paired: the pairing's settings are shown, not offered.
    started: bool,
    /// The norm exemptions the form offers: (code, name).
    exemptions: Vec<(&'static str, String)>,
    /// The tie-breaks the five lists offer: (code, name).
    choices: Vec<(String, String)>,
    /// The code each list shows (empty: none), and the typed list when the lists cannot show
    /// the event's.
    picks: Vec<String>,
    typed_tiebreaks: String,
}

async fn settings_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> Page {
    let version = st.store.team_event_version(id)?;
    let e = st.store.team_event(id)?;
    let (typed_tiebreaks, picks) = tiebreaks_to_form(&e.settings.tiebreaks, &TEAM_TIEBREAK_CHOICES);
    html(&SettingsPage {
        ev: EventView::new(&c, &e),
        match_points: e.settings.match_points.to_string(),
        initial_color: if e.settings.initial_white { "w" } else { "b" },
        board_order_gap: e
            .settings
            .board_order_gap
            .map(|g| g.to_string())
            .unwrap_or_default(),
        started: e.rounds_paired > 0,
        exemptions: crate::chess::norms::exemption_choices(&c.tr),
        choices: tiebreak_choices(&c.tr, &TEAM_TIEBREAK_CHOICES),
        picks: picks.into_iter().map(Option::unwrap_or_default).collect(),
        typed_tiebreaks,
        s: e.settings,
        version,
        c,
    })
}

/// The settings form: every field as text; the pairing's settings come as hidden fields once
/// round 1 is paired.
#[derive(Debug, Deserialize)]
struct SettingsForm {
    version: Option<String>,
    name: String,
    #[serde(default)]
    place: String,
    #[serde(default)]
    federation: String,
    #[serde(default)]
    start_date: String,
    #[serde(default)]
    end_date: String,
    #[serde(default)]
    chief_arbiter: String,
    #[serde(default)]
    time_control: String,
    #[serde(default)]
    rounds: String,
    #[serde(default)]
    boards: String,
    #[serde(default)]
    system: String,
    #[serde(default)]
    match_points: String,
    #[serde(default)]
    preferences: String,
    #[serde(default)]
    primary: String,
    #[serde(default)]
    initial_color: String,
    #[serde(default)]
    tiebreaks: String,
    /// The tie-breaks chosen from the lists, in order; the typed `tiebreaks` wins when it is
    /// not empty.
    #[serde(default)]
    tb1: String,
    #[serde(default)]
    tb2: String,
    #[serde(default)]
    tb3: String,
    #[serde(default)]
    tb4: String,
    #[serde(default)]
    tb5: String,
    /// A ticked checkbox sends it; an unticked one sends nothing.
    public: Option<String>,
    #[serde(default)]
    board_order_gap: String,
    #[serde(default)]
    norm_exemption: String,
    #[serde(default)]
    rule_max_foreign: String,
    #[serde(default)]
    rule_min_women: String,
    #[serde(default)]
    rule_player_cap: String,
    #[serde(default)]
    rule_sum_cap: String,
    #[serde(default)]
    rule_cap_rating: String,
    rule_one_team_per_round: Option<String>,
}

async fn save_settings(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<TeamEventId>,
    Form(f): Form<SettingsForm>,
) -> Page {
    let seen = edits::from_form(f.version.as_deref())?;
    let given = |v: &str| (!v.trim().is_empty()).then(|| v.trim().to_string());
    let body = serde_json::json!({
        "name": f.name,
        "place": f.place,
        "federation": f.federation,
        "start_date": f.start_date,
        "end_date": f.end_date,
        "chief_arbiter": f.chief_arbiter,
        "time_control": f.time_control,
        "rounds": number("rounds", &f.rounds)?,
        "boards": number("boards", &f.boards)?
            .ok_or_else(|| AppError::invalid("boards", "a number of boards", "nothing"))?,
        "system": given(&f.system),
        "match_points": given(&f.match_points),
        "preferences": given(&f.preferences),
        "primary": given(&f.primary),
        "initial_color": given(&f.initial_color),
        "tiebreaks": tiebreaks_from_form(
            Some(&f.tiebreaks),
            &[&f.tb1, &f.tb2, &f.tb3, &f.tb4, &f.tb5],
        ),
        "public": f.public.is_some(),
        "board_order_gap": number("board_order_gap", &f.board_order_gap)?,
        "norm_exemption": given(&f.norm_exemption),
        "roster_rules": {
            "max_foreign": number("rule_max_foreign", &f.rule_max_foreign)?,
            "min_women": number("rule_min_women", &f.rule_min_women)?,
            "player_cap": number("rule_player_cap", &f.rule_player_cap)?,
            "sum_cap": number("rule_sum_cap", &f.rule_sum_cap)?,
            "cap_rating": given(&f.rule_cap_rating).unwrap_or_else(|| "fide".into()),
            "one_team_per_round": f.rule_one_team_per_round.is_some(),
        },
    });
    let settings = serde_json::from_value::<EventBody>(body)
        .map_err(|e| AppError::invalid("form", "the event's settings", e.to_string()))?
        .settings()?;
    let store = st.store.clone();
    blocking(move || store.update_team_event(&a.username, id, &settings, seen)).await?;
    see(format!("/teams/{id}"))
}

/// A team with its average and roster as the event page lists them.
struct TeamRow {
    team: Team,
    average: String,
}

#[derive(Template)]
#[template(path = "teams_event.html")]
struct EventPage {
    c: Ctx,
    ev: EventView,
    teams: Vec<TeamRow>,
    next_round: u32,
    /// The version its forms carry, read before the data it shows.
    version: i64,
    chess_results: super::chess_results::Panel,
}

async fn event_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
    axum::extract::Query(q): super::chess_results::PanelQuery,
) -> Page {
    let version = st.store.version(store::Scope::Teams(id))?.0;
    let e = st.store.team_event(id)?;
    let ev = EventView::new(&c, &e);
    let teams = st
        .store
        .teams(id)?
        .into_iter()
        .map(|team| TeamRow {
            average: team
                .average_rating(e.settings.boards)
                .map(|a| a.to_string())
                .unwrap_or_default(),
            team,
        })
        .collect();
    html(&EventPage {
        chess_results: super::chess_results::Panel::new(&st, q),
        version,
        next_round: e.rounds_paired + 1,
        ev,
        teams,
        c,
    })
}

#[derive(Debug, Deserialize)]
struct ImportForm {
    data: String,
}

async fn import(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<TeamEventId>,
    Form(f): Form<ImportForm>,
) -> Page {
    let list = rosters(&f.data)?;
    let store = st.store.clone();
    blocking(move || store.import_teams(&a.username, id, &list)).await?;
    see(format!("/teams/{id}"))
}

/// A new event from a TRF-2026 team file: its settings and registration (not its rounds).
async fn create_from_trf(
    State(st): State<AppState>,
    a: Arbiter,
    Form(f): Form<ImportForm>,
) -> Page {
    let file = team_file(&f.data)?;
    let store = st.store.clone();
    let (id, _) = blocking(move || store.create_team_event_from_file(&a.username, &file)).await?;
    see(format!("/teams/{id}"))
}

async fn pair(State(st): State<AppState>, a: Arbiter, Path(id): Path<TeamEventId>) -> Page {
    let store = st.store.clone();
    let round = blocking(move || store.pair_team_round(&a.username, id)).await?;
    see(format!("/teams/{id}/rounds/{}", round.round))
}

/// One board as the round page and the match sheet show it.
pub(super) struct BoardView {
    pub(super) board: u32,
    pub(super) white: String,
    pub(super) white_rating: String,
    pub(super) black: String,
    pub(super) black_rating: String,
    /// The white player plays for the match's first team.
    pub(super) home_white: bool,
    pub(super) result: String,
    /// The result as the match sheet prints it, the first team's player on the left: `0-1`
    /// when the first team's player has White and lost, `1-0` when it has Black and won.
    pub(super) home_result: String,
    /// The grid's field name (`r-{match}-{board}`) and its current code.
    pub(super) field: String,
    pub(super) code: &'static str,
    /// The captains' reports waiting for the arbiter ("1-0 / ½-½"); two values are a conflict.
    pub(super) reported: String,
    pub(super) conflict: bool,
}

pub(super) struct MatchView {
    pub(super) number: u32,
    pub(super) home: String,
    pub(super) away: String,
    pub(super) score: String,
    /// Some board has a result (or the match was forfeited): the sheet prints the total.
    pub(super) scored: bool,
    pub(super) boards: Vec<BoardView>,
    /// The forfeit's code (`+-`, `-+`, `--`) or empty, and its text.
    pub(super) forfeit: &'static str,
    pub(super) forfeit_text: String,
    /// No board has a result yet: the lineups may change.
    pub(super) open: bool,
    /// Each team's lineup form, the match's first team first.
    pub(super) lineups: Vec<LineupForm>,
    /// The captains' codes: "Club A: K7M2QX · Club B: …".
    pub(super) codes: String,
}

/// One team's lineup form: its roster with the players of the current lineup ticked.
pub(super) struct LineupForm {
    pub(super) team: TeamKey,
    pub(super) title: String,
    /// How many players to tick.
    pub(super) help: String,
    /// "Colours: 1 White · 2 Black · …" for this team.
    pub(super) colours: String,
    pub(super) players: Vec<LineupPlayer>,
    /// The event has a board-order tolerance: each player's board is typed, not ticked.
    pub(super) numbered: bool,
}

pub(super) struct LineupPlayer {
    pub(super) board: u32,
    pub(super) name: String,
    pub(super) rating: String,
    /// `p-{member id}`.
    pub(super) field: String,
    pub(super) ticked: bool,
    /// The board the player sits on, or empty (a numbered form's value).
    pub(super) order: String,
    pub(super) reserve: bool,
    /// What the roster rules read: sex, federation, national rating (`· W · CZE · 1850 N`).
    pub(super) data: String,
}

/// A roster player's federation data as the lineup forms and the roster show it: a woman's
/// mark, the federation, the national rating with its kind, the licence with its type, the
/// club; each part only when known.
pub(super) fn member_data(c: &Ctx, m: &store::teams::NewMember) -> String {
    let mut parts = Vec::new();
    if m.sex == "w" {
        parts.push(c.t("teams-woman"));
    }
    if !m.federation.is_empty() {
        parts.push(m.federation.clone());
    }
    if let Some(r) = m.national_rating {
        let kind = m.national.national_rating_kind.map_or("", |k| k.as_str());
        parts.push(c.tr.targs(
            "teams-national-rating",
            &[("rating", r.into()), ("kind", kind.into())],
        ));
    }
    if !m.national.licence.is_empty() {
        let kind = m.national.licence_type.map_or("", |k| k.as_str());
        parts.push(format!("{} {kind}", m.national.licence).trim().to_string());
    }
    parts.join(" · ")
}

/// A roster rule's breach in the page's language, naming the players and the rule.
pub(super) fn rule_text(c: &Ctx, b: &store::teams::rules::RuleBreach) -> String {
    use store::teams::rules::RuleBreach;
    match b {
        RuleBreach::Foreign { players, max } => c.tr.targs(
            "teams-rule-foreign-breach",
            &[
                ("count", players.len().into()),
                ("players", players.join(", ").into()),
                ("max", (*max).into()),
            ],
        ),
        RuleBreach::Women { players, min } => c.tr.targs(
            "teams-rule-women-breach",
            &[
                ("count", players.len().into()),
                ("players", players.join(", ").into()),
                ("min", (*min).into()),
            ],
        ),
        RuleBreach::PlayerCap {
            player,
            rating,
            cap,
        } => c.tr.targs(
            "teams-rule-player-cap-breach",
            &[
                ("player", player.clone().into()),
                ("rating", (*rating).into()),
                ("cap", (*cap).into()),
            ],
        ),
        RuleBreach::SumCap { sum, cap } => c.tr.targs(
            "teams-rule-sum-cap-breach",
            &[("sum", (*sum).into()), ("cap", (*cap).into())],
        ),
        RuleBreach::FieldedElsewhere {
            player,
            team,
            round,
            match_number,
        } => c.tr.targs(
            "teams-rule-fielded-breach",
            &[
                ("player", player.clone().into()),
                ("team", team.clone().into()),
                ("round", (*round).into()),
                ("match", (*match_number).into()),
            ],
        ),
    }
}

/// The lineup a form sends, board 1 first: each roster player ticked (`p-ID=on`, in roster
/// order) or given a board (`p-ID=2`, in the boards' order; empty: not playing). Two players
/// given one board are refused.
pub(super) fn lineup_members(
    roster: &[store::teams::Member],
    f: &HashMap<String, String>,
) -> Result<Vec<i64>, AppError> {
    let mut chosen: Vec<(u32, u32, i64)> = Vec::new();
    for p in roster {
        let Some(value) = f.get(&format!("p-{}", p.id)) else {
            continue;
        };
        let value = value.trim();
        if value.is_empty() {
            continue;
        }
        let board = if value == "on" {
            u32::MAX
        } else {
            value
                .parse::<u32>()
                .ok()
                .filter(|b| *b >= 1)
                .ok_or_else(|| {
                    AppError::invalid(format!("p-{}", p.id), "a board number", value.to_string())
                })?
        };
        if board != u32::MAX && chosen.iter().any(|(b, _, _)| *b == board) {
            return Err(AppError::invalid(
                format!("p-{}", p.id),
                "one player a board",
                format!("board {board} twice"),
            ));
        }
        chosen.push((board, p.board, p.id));
    }
    chosen.sort();
    Ok(chosen.into_iter().map(|(_, _, id)| id).collect())
}

/// The captains' reports of a board as the pages list them: "1-0 / ½-½".
pub(super) fn reported_text(r: &BoardReports) -> String {
    r.results
        .iter()
        .map(|x| result_text(Some(*x)))
        .collect::<Vec<_>>()
        .join(" / ")
}

/// The captains' reports of a board with the team whose captain sent each: "Club A 1-0 /
/// Club B 0-1" (each result in White's words, as the board's column reads).
pub(super) fn reported_by(r: &BoardReports, name: impl Fn(TeamKey) -> String) -> String {
    r.results
        .iter()
        .zip(&r.teams)
        .map(|(x, &team)| format!("{} {}", name(team), result_text(Some(*x))))
        .collect::<Vec<_>>()
        .join(" / ")
}

/// A lineup's breach of the board order in the page's language: "Durand (1850), board 4, is
/// rated 101 points above Martin (1749), board 3: 100 at most."
pub(super) fn breach_text(c: &Ctx, b: &store::teams::rules::BoardOrderBreach) -> String {
    c.tr.targs(
        "teams-board-order-breach",
        &[
            ("below", b.below.clone().into()),
            ("below_rating", b.below_rating.into()),
            ("below_board", b.below_board.into()),
            ("above", b.above.clone().into()),
            ("above_rating", b.above_rating.into()),
            ("above_board", b.above_board.into()),
            ("difference", b.difference.into()),
            ("gap", b.tolerance.into()),
        ],
    )
}

/// What a whole-match forfeit's code says, with the teams' names.
pub(super) fn forfeit_text(c: &Ctx, f: MatchForfeit, home: &str, away: &str) -> String {
    match f {
        MatchForfeit::WhiteTeamWins => c.t1("teams-forfeit-absent", "team", away.to_string()),
        MatchForfeit::BlackTeamWins => c.t1("teams-forfeit-absent", "team", home.to_string()),
        MatchForfeit::Neither => c.t("teams-forfeit-both"),
    }
}

/// The lineup forms of a match: each team's roster, its players on the match's boards ticked,
/// and the colour it has on each board (the first team has board 1's colour, C.04.6 4.4).
pub(super) fn lineup_forms(
    c: &Ctx,
    m: &TeamMatch,
    teams: &[Team],
    colours: &[Color],
    numbered: bool,
) -> Vec<LineupForm> {
    let boards = colours.len() as u32;
    [(m.white_team, true), (m.black_team, false)]
        .iter()
        .filter_map(|&(key, first)| {
            let team = teams.iter().find(|t| t.id == key)?;
            let colours = colours
                .iter()
                .enumerate()
                .map(|(k, &colour)| {
                    let white = (colour == Color::White) == first;
                    let name = c.t(if white {
                        "teams-col-white"
                    } else {
                        "teams-col-black"
                    });
                    format!("{} {name}", k + 1)
                })
                .collect::<Vec<_>>()
                .join(" · ");
            let board_of = |id| {
                m.boards
                    .iter()
                    .find(|b| b.white == Some(id) || b.black == Some(id))
                    .map(|b| b.board)
            };
            Some(LineupForm {
                team: key,
                title: c.t1("teams-lineup", "team", team.details.name.to_string()),
                help: c.t1(
                    if numbered {
                        "teams-lineup-numbered-help"
                    } else {
                        "teams-lineup-help"
                    },
                    "boards",
                    boards,
                ),
                numbered,
                colours: c.t1("teams-lineup-colours", "colours", colours),
                players: team
                    .roster
                    .iter()
                    .map(|p| LineupPlayer {
                        board: p.board,
                        name: p.details.name.to_string(),
                        rating: p.details.rating.map(|r| r.to_string()).unwrap_or_default(),
                        field: format!("p-{}", p.id),
                        ticked: board_of(p.id).is_some(),
                        order: board_of(p.id).map(|b| b.to_string()).unwrap_or_default(),
                        reserve: p.board > boards,
                        data: member_data(c, &p.details),
                    })
                    .collect(),
            })
        })
        .collect()
}

/// The round's matches with names, ratings and results.
pub(super) fn match_views(
    c: &Ctx,
    st: &AppState,
    e: &TeamEvent,
    round: u32,
    teams: &[Team],
) -> Result<(Vec<MatchView>, Option<TeamKey>), AppError> {
    let id = e.id;
    let pairing = st.store.team_round(id, round)?;
    let scores = st.store.match_scores(id, round)?;
    let reports = st.store.team_reports(id, round)?;
    let codes = st.store.team_match_codes(id, round)?;
    let name = |t: TeamKey| {
        teams
            .iter()
            .find(|x| x.id == t)
            .map_or(String::new(), |x| x.details.name.to_string())
    };
    let players: HashMap<i64, (String, String)> = teams
        .iter()
        .flat_map(|t| &t.roster)
        .map(|m| {
            (
                m.id,
                (
                    m.details.name.to_string(),
                    m.details.rating.map(|r| r.to_string()).unwrap_or_default(),
                ),
            )
        })
        .collect();
    let colours = e.board_colours();
    let mut views = Vec::new();
    for (m, s) in pairing.matches.iter().zip(&scores) {
        let boards = m
            .boards
            .iter()
            .map(|b| {
                let waiting = reports
                    .iter()
                    .find(|r| r.match_number == m.number && r.board == b.board);
                // The team that did not show for a forfeited match has "Forfeit" on its side.
                let player = |id: Option<MemberKey>| match id {
                    Some(id) => players.get(&id).cloned().unwrap_or_default(),
                    None => (c.t("teams-absent-player"), String::new()),
                };
                let (white, white_rating) = player(b.white);
                let (black, black_rating) = player(b.black);
                // The match's first team has White on the boards of board 1's colour (C.04.6 4.4).
                let home_white =
                    colours.get((b.board as usize).saturating_sub(1)) == Some(&Color::White);
                BoardView {
                    board: b.board,
                    white,
                    white_rating,
                    black,
                    black_rating,
                    home_white,
                    result: result_text(b.result),
                    home_result: result_text(if home_white {
                        b.result
                    } else {
                        b.result.map(ResultCode::reversed)
                    }),
                    field: format!("r-{}-{}", m.number, b.board),
                    code: b.result.map_or("", ResultCode::as_str),
                    reported: waiting.map(|r| reported_by(r, name)).unwrap_or_default(),
                    conflict: waiting.is_some_and(|r| r.is_conflict()),
                }
            })
            .collect();
        let (home, away) = (name(m.white_team), name(m.black_team));
        views.push(MatchView {
            number: m.number,
            score: format!("{} – {}", s.white_game_points, s.black_game_points),
            scored: m.forfeit.is_some() || m.boards.iter().any(|b| b.result.is_some()),
            boards,
            forfeit: m.forfeit.map_or("", MatchForfeit::as_str),
            forfeit_text: m
                .forfeit
                .map(|f| forfeit_text(c, f, &home, &away))
                .unwrap_or_default(),
            open: m.boards.iter().all(|b| b.result.is_none()),
            lineups: lineup_forms(
                c,
                m,
                teams,
                &e.board_colours(),
                e.settings.board_order_gap.is_some(),
            ),
            codes: [m.white_team, m.black_team]
                .iter()
                .filter_map(|&t| {
                    let (_, _, code) = codes.iter().find(|(n, k, _)| *n == m.number && *k == t)?;
                    Some(format!("{}{} {code}", name(t), c.t("teams-colon")))
                })
                .collect::<Vec<_>>()
                .join(" · "),
            home,
            away,
        });
    }
    Ok((views, pairing.bye))
}

#[derive(Template)]
#[template(path = "teams_round.html")]
struct RoundPage {
    c: Ctx,
    ev: EventView,
    round: u32,
    matches: Vec<MatchView>,
    bye: String,
    version: i64,
    codes: Vec<(&'static str, String)>,
    /// Boards whose captains' reports agree, waiting for the arbiter's one click.
    agreed: usize,
    /// This round's pairing, or a later one, made before a correction of an earlier round.
    stale: Vec<StaleView>,
    /// The lineups as they stand (the default ones written at pairing too) that break the
    /// event's rules: which team, which rule, naming the players.
    lineup_breaches: Vec<String>,
}

/// A Swiss Team pairing made on board results corrected since (C.04.2 4.3), as a round page
/// warns of it: on the stale round's page, and on the page of each round corrected.
struct StaleView {
    round: u32,
    title: String,
    corrections: Vec<String>,
    /// The teams of the corrected matches and their matches in the stale round.
    teams: Vec<String>,
    advice: String,
    repairable: bool,
}

fn stale_views(
    c: &Ctx,
    st: &AppState,
    id: TeamEventId,
    round: u32,
    teams: &[Team],
) -> Result<Vec<StaleView>, AppError> {
    let name = |t: TeamKey| {
        teams
            .iter()
            .find(|x| x.id == t)
            .map(|x| x.details.name.to_string())
            .unwrap_or_default()
    };
    let result = |r: Option<ResultCode>| match r {
        Some(_) => result_text(r),
        None => "—".to_string(),
    };
    Ok(st
        .store
        .stale_team_pairings(id)?
        .into_iter()
        .filter(|s| s.round == round || s.corrected_in(round))
        .map(|s| StaleView {
            round: s.round,
            title: if s.round == round {
                c.t1("stale-title-here", "round", s.round)
            } else {
                c.t1("stale-title-later", "round", s.round)
            },
            corrections: s
                .corrections
                .iter()
                .map(|x| {
                    c.tr.targs(
                        "stale-team-correction",
                        &[
                            ("round", x.round.into()),
                            ("match", x.match_number.into()),
                            ("white", name(x.white_team).into()),
                            ("black", name(x.black_team).into()),
                            ("board", x.board.into()),
                            ("was", result(x.was).into()),
                            ("now", result(x.now).into()),
                        ],
                    )
                })
                .collect(),
            teams: s
                .teams
                .iter()
                .map(|t| match t.match_number {
                    Some(m) => c.tr.targs(
                        "stale-team-match",
                        &[("team", name(t.team).into()), ("match", m.into())],
                    ),
                    None => c.t1("stale-team-unpaired", "team", name(t.team)),
                })
                .collect(),
            advice: if s.repairable {
                c.t1("stale-repairable", "round", s.round)
            } else {
                c.t1("stale-stands", "round", s.round)
            },
            repairable: s.repairable,
        })
        .collect())
}

async fn round_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path((id, round)): Path<(TeamEventId, u32)>,
) -> Page {
    let version = st.store.team_event_version(id)?;
    let e = st.store.team_event(id)?;
    let teams = st.store.teams(id)?;
    let (matches, bye) = match_views(&c, &st, &e, round, &teams)?;
    let bye = bye
        .and_then(|b| teams.iter().find(|t| t.id == b))
        .map(|t| c.t1("teams-bye", "team", t.details.name.to_string()))
        .unwrap_or_default();
    // A team board holds no non-standard result (the store refuses them).
    let codes = ResultCode::ALL
        .iter()
        .filter(|r| !r.is_non_standard())
        .map(|r| (r.as_str(), result_text(Some(*r))))
        .collect();
    let agreed = matches
        .iter()
        .flat_map(|m| &m.boards)
        .filter(|b| b.code.is_empty() && !b.reported.is_empty() && !b.conflict)
        .count();
    let stale = stale_views(&c, &st, id, round, &teams)?;
    let lineup_breaches = lineup_breach_texts(&c, &st, id, round, &teams)?;
    html(&RoundPage {
        lineup_breaches,
        agreed,
        ev: EventView::new(&c, &e),
        round,
        matches,
        bye,
        version,
        codes,
        stale,
        c,
    })
}

/// The round's lineups that break a rule, each as "Match 1, Tours: …" in the page's language.
fn lineup_breach_texts(
    c: &Ctx,
    st: &AppState,
    id: TeamEventId,
    round: u32,
    teams: &[Team],
) -> Result<Vec<String>, AppError> {
    use store::teams::lineup_checks::LineupProblem;
    Ok(st
        .store
        .round_lineup_breaches(id, round)?
        .iter()
        .map(|b| {
            let team = teams
                .iter()
                .find(|t| t.id == b.team)
                .map(|t| t.details.name.to_string())
                .unwrap_or_default();
            let breach = match &b.problem {
                LineupProblem::Rule(r) => rule_text(c, r),
                LineupProblem::Order(o) => breach_text(c, o),
            };
            c.tr.targs(
                "teams-lineup-breach",
                &[
                    ("match", b.match_number.into()),
                    ("team", team.into()),
                    ("breach", breach.into()),
                ],
            )
        })
        .collect())
}

/// Takes back the last round's pairing, made before a correction of an earlier round, and
/// pairs it again on today's results (one transaction); refused once one of its boards has a
/// result, and when its pairing or a lineup changed since the page was built.
async fn repair(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, round)): Path<(TeamEventId, u32)>,
    Form(f): Form<HashMap<String, String>>,
) -> Page {
    let seen = edits::from_form(f.get("version").map(String::as_str))?;
    let store = st.store.clone();
    let r = blocking(move || store.repair_team_round(&a.username, id, round, seen)).await?;
    see(format!("/teams/{id}/rounds/{}", r.round))
}

async fn save_results(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, round)): Path<(TeamEventId, u32)>,
    Form(f): Form<HashMap<String, String>>,
) -> Page {
    let seen = edits::from_form(f.get("version").map(String::as_str))?;
    let mut list = Vec::new();
    for (key, value) in &f {
        let Some(rest) = key.strip_prefix("r-") else {
            continue;
        };
        let Some((m, b)) = rest.split_once('-') else {
            continue;
        };
        let (Ok(match_number), Ok(board)) = (m.parse(), b.parse()) else {
            continue;
        };
        let result = if value.trim().is_empty() {
            None
        } else {
            Some(ResultCode::parse(value).ok_or_else(|| {
                AppError::invalid(
                    key.clone(),
                    "a result such as 1-0, 1/2, 0-1, +-",
                    value.clone(),
                )
            })?)
        };
        list.push(BoardResult {
            match_number,
            board,
            result,
        });
    }
    list.sort_by_key(|r| (r.match_number, r.board));
    let store = st.store.clone();
    blocking(move || store.set_team_results(&a.username, id, round, &list, seen)).await?;
    see(format!("/teams/{id}/rounds/{round}"))
}

/// Accepts the captains' reports that agree; conflicting boards wait for the grid.
async fn confirm_reports(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, round)): Path<(TeamEventId, u32)>,
    Form(f): Form<HashMap<String, String>>,
) -> Page {
    let seen = edits::from_form(f.get("version").map(String::as_str))?;
    let store = st.store.clone();
    blocking(move || store.confirm_team_reports(&a.username, id, round, seen)).await?;
    see(format!("/teams/{id}/rounds/{round}"))
}

/// A team's lineup from the round page: the ticked roster players, in roster order.
async fn save_lineup(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path((id, round, number)): Path<(TeamEventId, u32, u32)>,
    Form(f): Form<HashMap<String, String>>,
) -> Page {
    let seen = edits::from_form(f.get("version").map(String::as_str))?;
    let team: TeamKey = f
        .get("team")
        .and_then(|t| t.trim().parse().ok())
        .ok_or_else(|| AppError::invalid("team", "a team of the match", "nothing"))?;
    let roster = st
        .store
        .teams(id)?
        .into_iter()
        .find(|t| t.id == team)
        .ok_or(AppError::NotFound)?
        .roster;
    let members = lineup_members(&roster, &f)?;
    // A breach of the board order is said in the arbiter's language, naming the players.
    let e = st.store.team_event(id)?;
    if let Some(gap) = e.settings.board_order_gap {
        if let Some(b) = store::teams::rounds::board_order_breach(&roster, &members, gap) {
            return Err(AppError::invalid(
                "board_order",
                "a board order within the tolerance",
                breach_text(&c, &b),
            ));
        }
    }
    // So is a roster rule's (foreign players, women, caps, a player fielded by another team).
    let checked = (st.store.clone(), members.clone());
    let breach =
        blocking(move || checked.0.lineup_rule_breach(id, round, team, &checked.1)).await?;
    if let Some(b) = breach {
        return Err(AppError::invalid(
            "roster_rules",
            "a lineup within the competition's roster rules",
            rule_text(&c, &b),
        ));
    }
    let lineup = Lineup {
        round,
        match_number: number,
        team,
        members,
    };
    let store = st.store.clone();
    blocking(move || store.set_lineup(&a.username, id, &lineup, seen)).await?;
    see(format!("/teams/{id}/rounds/{round}#match-{number}"))
}

/// A whole-match forfeit from the round page, or taken back (the empty choice).
async fn save_forfeit(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, round, number)): Path<(TeamEventId, u32, u32)>,
    Form(f): Form<HashMap<String, String>>,
) -> Page {
    let seen = edits::from_form(f.get("version").map(String::as_str))?;
    let forfeit = match_forfeit("forfeit", f.get("forfeit").map(String::as_str))?;
    let store = st.store.clone();
    blocking(move || store.set_match_forfeit(&a.username, id, round, number, forfeit, seen))
        .await?;
    see(format!("/teams/{id}/rounds/{round}#match-{number}"))
}

/// White on board 1 given to the match's other team (the home team's choice).
async fn swap_colours(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, round, number)): Path<(TeamEventId, u32, u32)>,
    Form(f): Form<HashMap<String, String>>,
) -> Page {
    let seen = edits::from_form(f.get("version").map(String::as_str))?;
    let store = st.store.clone();
    blocking(move || store.swap_match_colours(&a.username, id, round, number, seen)).await?;
    see(format!("/teams/{id}/rounds/{round}#match-{number}"))
}

#[derive(Template)]
#[template(path = "teams_sheet.html")]
struct SheetPage {
    c: Ctx,
    ev: EventView,
    round: u32,
    m: MatchView,
    title: String,
}

async fn sheet_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path((id, round, number)): Path<(TeamEventId, u32, u32)>,
) -> Page {
    let e = st.store.team_event(id)?;
    let teams = st.store.teams(id)?;
    let (matches, _) = match_views(&c, &st, &e, round, &teams)?;
    let m = matches
        .into_iter()
        .find(|m| m.number == number)
        .ok_or(AppError::NotFound)?;
    let title = c.tr.targs(
        "teams-sheet-title",
        &[
            ("event", e.settings.name.to_string().into()),
            ("round", round.into()),
            ("number", number.into()),
        ],
    );
    html(&SheetPage {
        ev: EventView::new(&c, &e),
        round,
        m,
        title,
        c,
    })
}

#[derive(Template)]
#[template(path = "teams_standings.html")]
struct StandingsPage {
    c: Ctx,
    ev: EventView,
    after: String,
    tiebreaks: Vec<String>,
    rows: Vec<store::teams::model::TeamStandingRow>,
}

async fn standings_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> Page {
    let e = st.store.team_event(id)?;
    let s = st.store.team_standings(id)?;
    html(&StandingsPage {
        ev: EventView::new(&c, &e),
        after: c.t1("teams-standings-after", "round", s.after),
        tiebreaks: s.tiebreaks,
        rows: s.rows,
        c,
    })
}

async fn export_trf(State(st): State<AppState>, _a: Arbiter, Path(id): Path<TeamEventId>) -> Page {
    let text = st.store.export_team_trf(id)?;
    Ok(crate::page::attachment(
        "text/plain; charset=utf-8",
        &format!("team-event-{id}.trf"),
        text.into_bytes(),
    ))
}
