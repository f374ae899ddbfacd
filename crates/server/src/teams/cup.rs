//! A knock-out cup's pages: the bracket for the arbiter (the cup's settings before round 1,
//! each round's matches with their scores and how each was decided, the tie-break match of a
//! level one) and for the public, both printable; and the cup's part of the JSON API. The
//! rounds themselves are paired, played and corrected on the team event's usual pages.

use std::collections::HashMap;

use askama::Template;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::Form;
use serde::Deserialize;
use serde_json::{json, Value};
use store::teams::cup::{parse_playoff, CupBracket, CupEntry};
use store::teams::cup_bracket::{
    CupByes, CupNextRound, CupSeeding, CupSettings, CupTieBreak, Decided, Outcome,
};
use store::teams::{BoardColours, Team, TeamEventId, TeamKey, TeamSystem};

use super::pages::EventView;
use crate::ctx::{Arbiter, Ctx};
use crate::edits;
use crate::error::AppError;
use crate::guard::{Guard, Kind, Routes};
use crate::json::{body, ok, ApiResult};
use crate::page::{blocking, html, see, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .get("/teams/{id}/cup", bracket_page)
        .post(
            "/teams/{id}/cup/settings",
            Guard::Merge(Kind::Teams),
            save_settings,
        )
        .post(
            "/teams/{id}/cup/playoff",
            Guard::Merge(Kind::Teams),
            save_playoff,
        )
        .post(
            "/teams/{id}/cup/teams",
            Guard::Merge(Kind::Teams),
            save_entries,
        )
        .get("/public/teams/{id}/cup", public_bracket_page)
}

pub fn api_routes() -> Routes {
    let e = "/teams/events/{id}/cup";
    Routes::new()
        .get(e, api_bracket)
        .post(
            &format!("{e}/settings"),
            Guard::Merge(Kind::Teams),
            api_settings,
        )
        .post(
            &format!("{e}/playoff"),
            Guard::Merge(Kind::Teams),
            api_playoff,
        )
        .post(
            &format!("{e}/teams"),
            Guard::Merge(Kind::Teams),
            api_entries,
        )
}

/// Half points as a score: 5 → `2½`, 4 → `2`, 1 → `½`.
fn points(h: u32) -> String {
    match (h / 2, h % 2) {
        (0, 1) => "½".to_string(),
        (w, 0) => w.to_string(),
        (w, _) => format!("{w}½"),
    }
}

/// One pair of the bracket as the page shows it.
struct PairView {
    /// The match's table, 0 for a team alone.
    number: u32,
    first: String,
    second: String,
    /// Each team's game points, empty for a team alone.
    first_score: String,
    second_score: String,
    winner_first: bool,
    winner_second: bool,
    /// How it was decided, or where it stands.
    how: String,
    /// Level after the rule: the tie-break match's form is shown.
    level: bool,
    /// The tie-break match's score as entered (`1½-2½`), for the form.
    playoff: String,
    /// The first or second team enters the cup at this round (a late entrant's first match).
    first_enters: bool,
    second_enters: bool,
}

struct RoundView {
    round: u32,
    title: String,
    pairs: Vec<PairView>,
}

/// A round's name by its matches: the final, the semi-finals, the quarter-finals, the round
/// of 16…
fn round_title(c: &Ctx, round: u32, pairs: usize) -> String {
    let stage = match pairs {
        1 => c.t("teams-cup-final"),
        2 => c.t("teams-cup-semi-finals"),
        4 => c.t("teams-cup-quarter-finals"),
        n => c.t1("teams-cup-round-of", "n", n as i64),
    };
    format!("{} · {stage}", c.t1("teams-round", "round", round as i64))
}

fn how_text(c: &Ctx, outcome: Outcome, first_white: bool) -> String {
    // Scores are shown first team first; a decision's pair of figures is the match's white
    // team's first, so it is turned when the first team has Black on board 1.
    let pair = |w: u32, b: u32| {
        let (f, s) = if first_white { (w, b) } else { (b, w) };
        format!("{}–{}", points(f), points(s))
    };
    match outcome {
        Outcome::Pending => c.t("teams-cup-pending"),
        Outcome::Level => c.t("teams-cup-level"),
        Outcome::Nobody => c.t("teams-cup-nobody"),
        Outcome::Won { how, .. } => match how {
            Decided::Score => String::new(),
            Decided::Forfeit => c.t("teams-cup-by-forfeit"),
            Decided::TopBoard { board } => c.t1("teams-cup-by-top-board", "board", board as i64),
            Decided::BoardElimination { boards } => {
                c.t1("teams-cup-by-elimination", "boards", boards as i64)
            }
            Decided::BoardCount { white, black } => {
                c.t1("teams-cup-by-board-count", "score", pair(white, black))
            }
            Decided::Playoff { white, black } => {
                c.t1("teams-cup-by-playoff", "score", pair(white, black))
            }
        },
    }
}

fn round_views(c: &Ctx, b: &CupBracket, teams: &[Team]) -> Vec<RoundView> {
    let enters = |t: Option<TeamKey>, round: u32| {
        round > 1
            && b.late_entrants
                .iter()
                .any(|e| Some(e.0) == t && e.1 == round)
    };
    let name = |t: Option<TeamKey>| {
        t.and_then(|id| teams.iter().find(|t| t.id == id))
            .map(|t| t.details.name.to_string())
            .unwrap_or_default()
    };
    b.rounds
        .iter()
        .map(|r| RoundView {
            round: r.round,
            title: round_title(c, r.round, r.pairs.len()),
            pairs: r
                .pairs
                .iter()
                .map(|p| {
                    let alone = p.match_number.is_none();
                    // A team that has not entered yet is not shown as a winner.
                    let winner =
                        |t: Option<TeamKey>| t.is_some() && p.winner == t && p.enters_at.is_none();
                    PairView {
                        number: p.match_number.unwrap_or(0),
                        first: name(p.first),
                        second: if alone && p.second.is_none() {
                            String::new()
                        } else {
                            name(p.second)
                        },
                        first_score: if alone {
                            String::new()
                        } else {
                            points(p.first_points)
                        },
                        second_score: if alone {
                            String::new()
                        } else {
                            points(p.second_points)
                        },
                        winner_first: winner(p.first),
                        winner_second: winner(p.second),
                        how: if let Some(r) = p.enters_at {
                            c.t1("teams-cup-enters-at", "round", r as i64)
                        } else if alone {
                            c.t("teams-cup-bye")
                        } else {
                            how_text(c, p.outcome, p.first_has_white)
                        },
                        level: p.outcome == Outcome::Level
                            || matches!(
                                p.outcome,
                                Outcome::Won {
                                    how: Decided::Playoff { .. },
                                    ..
                                }
                            ),
                        playoff: p
                            .playoff
                            .map(|(f, s)| format!("{}-{}", points(f), points(s)))
                            .unwrap_or_default(),
                        first_enters: !alone && enters(p.first, r.round),
                        second_enters: !alone && enters(p.second, r.round),
                    }
                })
                .collect(),
        })
        .collect()
}

/// A setting's choices for a select: code, text, selected.
type Choices = Vec<(&'static str, String, bool)>;

fn choices<T: Copy + PartialEq>(
    c: &Ctx,
    all: &[T],
    code: fn(T) -> &'static str,
    current: T,
    prefix: &str,
) -> Choices {
    all.iter()
        .map(|&x| {
            let k = code(x);
            (
                k,
                c.t(&format!("{prefix}-{}", k.replace('_', "-"))),
                x == current,
            )
        })
        .collect()
}

/// A team's line of the cup's table of teams.
struct EntryView {
    id: TeamKey,
    number: u32,
    name: String,
    division: String,
    entry_round: String,
}

#[derive(Template)]
#[template(path = "teams_cup.html")]
struct BracketPage {
    c: Ctx,
    ev: EventView,
    rounds: Vec<RoundView>,
    champion: String,
    /// The settings may change (round 1 not paired yet).
    open: bool,
    seeding: Choices,
    next_round: Choices,
    tie_break: Choices,
    byes: Choices,
    colours: Choices,
    /// The teams' divisions and entry rounds, for the form before round 1 and the list of
    /// late entrants.
    entries: Vec<EntryView>,
    /// The late entrants in words (« Tours, Blois: round 2 »), for the page and its print.
    late: Vec<String>,
    /// The rule in words, for the page's head and its print.
    rule: String,
    /// The arbiter's page (forms, links to the rounds) or the public one.
    arbiter: bool,
    /// The next round can be paired from here.
    can_pair: bool,
    next_round_number: u32,
    version: i64,
}

fn cup_event(st: &AppState, id: TeamEventId) -> Result<store::teams::TeamEvent, AppError> {
    let e = st.store.team_event(id)?;
    if e.settings.system != TeamSystem::Cup {
        return Err(AppError::NotFound);
    }
    Ok(e)
}

fn page(st: &AppState, c: Ctx, id: TeamEventId, arbiter: bool) -> Page {
    let e = cup_event(st, id)?;
    if !arbiter && !e.settings.public && c.user.is_none() {
        return Err(AppError::NotFound);
    }
    let b = st.store.cup_bracket(id)?;
    let teams = st.store.teams(id)?;
    let rounds = round_views(&c, &b, &teams);
    let champion = b
        .champion
        .and_then(|id| teams.iter().find(|t| t.id == id))
        .map(|t| c.t1("teams-cup-champion", "team", t.details.name.to_string()))
        .unwrap_or_default();
    let s = b.settings;
    let rule = format!(
        "{} · {} · {} · {} · {}",
        c.t(&format!("teams-cup-seeding-{}", s.seeding.as_str())),
        c.t(&format!("teams-cup-byes-{}", s.byes.as_str())),
        c.t(&format!("teams-cup-next-round-{}", s.next_round.as_str())),
        c.t(&format!(
            "teams-cup-tie-break-{}",
            s.tie_break.as_str().replace('_', "-")
        )),
        c.t(&format!(
            "teams-cup-colours-{}",
            s.colours.as_str().replace('_', "-")
        )),
    );
    let entries = teams
        .iter()
        .map(|t| EntryView {
            id: t.id,
            number: t.number,
            name: t.details.name.to_string(),
            division: t
                .details
                .division
                .map(|d| d.to_string())
                .unwrap_or_default(),
            entry_round: t.details.entry_round.unwrap_or(1).to_string(),
        })
        .collect();
    let mut late_rounds: Vec<u32> = b.late_entrants.iter().map(|e| e.1).collect();
    late_rounds.sort_unstable();
    late_rounds.dedup();
    let late = late_rounds
        .iter()
        .map(|&r| {
            let names: Vec<String> = b
                .late_entrants
                .iter()
                .filter(|e| e.1 == r)
                .filter_map(|e| teams.iter().find(|t| t.id == e.0))
                .map(|t| t.details.name.to_string())
                .collect();
            c.tr.targs(
                "teams-cup-late-entrants",
                &[
                    ("round", (r as i64).into()),
                    ("teams", names.join(", ").into()),
                ],
            )
        })
        .collect();
    let last_decided = b.rounds.last().is_none_or(|r| {
        r.pairs
            .iter()
            .all(|p| p.match_number.is_none() || p.winner.is_some() || p.outcome == Outcome::Nobody)
    });
    let can_pair = arbiter && b.champion.is_none() && last_decided && teams.len() >= 2;
    html(&BracketPage {
        ev: EventView::new(&c, &e),
        rounds,
        champion,
        open: e.rounds_paired == 0,
        seeding: choices(
            &c,
            CupSeeding::ALL,
            CupSeeding::as_str,
            s.seeding,
            "teams-cup-seeding",
        ),
        next_round: choices(
            &c,
            CupNextRound::ALL,
            CupNextRound::as_str,
            s.next_round,
            "teams-cup-next-round",
        ),
        tie_break: choices(
            &c,
            CupTieBreak::ALL,
            CupTieBreak::as_str,
            s.tie_break,
            "teams-cup-tie-break",
        ),
        byes: choices(&c, CupByes::ALL, CupByes::as_str, s.byes, "teams-cup-byes"),
        colours: choices(
            &c,
            BoardColours::ALL,
            BoardColours::as_str,
            s.colours,
            "teams-cup-colours",
        ),
        entries,
        late,
        rule,
        arbiter,
        can_pair,
        next_round_number: e.rounds_paired + 1,
        version: st.store.team_event_version(id)?,
        c,
    })
}

async fn bracket_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> Page {
    page(&st, c, id, true)
}

async fn public_bracket_page(
    State(st): State<AppState>,
    c: Ctx,
    Path(id): Path<TeamEventId>,
) -> Page {
    page(&st, c, id, false)
}

/// The settings' codes as typed in a form or the API's body.
fn settings_from(
    seeding: Option<&str>,
    next_round: Option<&str>,
    tie_break: Option<&str>,
    byes: Option<&str>,
    colours: Option<&str>,
) -> Result<CupSettings, AppError> {
    let d = CupSettings::default();
    let field = |name: &str, v: Option<&str>, codes: &[&str]| -> Result<(), AppError> {
        match v {
            Some(v) if !codes.contains(&v) => Err(AppError::invalid(
                name,
                format!("one of {}", codes.join(", ")),
                format!("{v:?}"),
            )),
            _ => Ok(()),
        }
    };
    field("seeding", seeding, &["rating", "draw"])?;
    field("next_round", next_round, &["bracket", "draw"])?;
    field(
        "tie_break",
        tie_break,
        &["top_board", "board_elimination", "board_count", "match"],
    )?;
    field("byes", byes, &["seeding", "division"])?;
    field("colours", colours, &["alternate", "ffe_cup"])?;
    Ok(CupSettings {
        seeding: seeding.and_then(CupSeeding::parse).unwrap_or(d.seeding),
        next_round: next_round
            .and_then(CupNextRound::parse)
            .unwrap_or(d.next_round),
        tie_break: tie_break
            .and_then(CupTieBreak::parse)
            .unwrap_or(d.tie_break),
        byes: byes.and_then(CupByes::parse).unwrap_or(d.byes),
        colours: colours.and_then(BoardColours::parse).unwrap_or(d.colours),
    })
}

/// A tie-break match's score as typed, or nothing to take it back.
fn playoff_from(score: &str) -> Result<Option<(u32, u32)>, AppError> {
    let s = score.trim();
    if s.is_empty() {
        return Ok(None);
    }
    parse_playoff(s).map(Some).ok_or_else(|| {
        AppError::invalid(
            "playoff",
            "a tie-break match's score with a winner, the first team's points first (2½-1½, 1-0)",
            format!("{s:?}"),
        )
    })
}

fn number(f: &HashMap<String, String>, name: &str) -> Result<u32, AppError> {
    let v = f.get(name).map(|s| s.trim()).unwrap_or_default();
    v.parse()
        .map_err(|_| AppError::invalid(name, "a whole number", format!("{v:?}")))
}

async fn save_settings(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<TeamEventId>,
    Form(f): Form<HashMap<String, String>>,
) -> Page {
    let seen = edits::from_form(f.get("version").map(String::as_str))?;
    let settings = settings_from(
        f.get("seeding").map(String::as_str),
        f.get("next_round").map(String::as_str),
        f.get("tie_break").map(String::as_str),
        f.get("byes").map(String::as_str),
        f.get("colours").map(String::as_str),
    )?;
    let store = st.store.clone();
    blocking(move || store.set_cup_settings(&a.username, id, &settings, seen)).await?;
    see(format!("/teams/{id}/cup"))
}

/// The first team's points first, as the bracket shows the pair; the store takes the match's
/// white team's first.
fn white_first(
    st: &AppState,
    id: TeamEventId,
    round: u32,
    number: u32,
    score: Option<(u32, u32)>,
) -> Result<Option<(u32, u32)>, AppError> {
    let Some((f, s)) = score else {
        return Ok(None);
    };
    let b = st.store.cup_bracket(id)?;
    let pair = b
        .rounds
        .get(round.saturating_sub(1) as usize)
        .and_then(|r| r.pairs.iter().find(|p| p.match_number == Some(number)))
        .ok_or(AppError::NotFound)?;
    Ok(Some(if pair.first_has_white { (f, s) } else { (s, f) }))
}

async fn save_playoff(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<TeamEventId>,
    Form(f): Form<HashMap<String, String>>,
) -> Page {
    let seen = edits::from_form(f.get("version").map(String::as_str))?;
    let round = number(&f, "round")?;
    let match_number = number(&f, "match")?;
    let score = playoff_from(f.get("score").map(String::as_str).unwrap_or_default())?;
    let score = white_first(&st, id, round, match_number, score)?;
    let store = st.store.clone();
    blocking(move || store.set_cup_playoff(&a.username, id, round, match_number, score, seen))
        .await?;
    see(format!("/teams/{id}/cup#round-{round}"))
}

async fn api_bracket(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> ApiResult {
    cup_event(&st, id)?;
    ok(st.store.cup_bracket(id)?)
}

#[derive(Debug, Deserialize)]
struct SettingsBody {
    seeding: Option<String>,
    next_round: Option<String>,
    tie_break: Option<String>,
    byes: Option<String>,
    colours: Option<String>,
    version: Option<Value>,
}

async fn api_settings(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path(id): Path<TeamEventId>,
    bytes: Bytes,
) -> ApiResult {
    let b: SettingsBody = body(&bytes)?;
    let seen = edits::from_request(&headers, &b.version)?;
    let settings = settings_from(
        b.seeding.as_deref(),
        b.next_round.as_deref(),
        b.tie_break.as_deref(),
        b.byes.as_deref(),
        b.colours.as_deref(),
    )?;
    let store = st.store.clone();
    blocking(move || store.set_cup_settings(&a.username, id, &settings, seen)).await?;
    let version = st.store.team_event_version(id)?;
    Ok(edits::with_version(ok(json!(settings))?, version))
}

#[derive(Debug, Deserialize)]
struct PlayoffBody {
    round: u32,
    #[serde(rename = "match")]
    match_number: u32,
    /// The first team's points first (`2½-1½`), or empty to take it back.
    #[serde(default)]
    score: String,
    version: Option<Value>,
}

async fn api_playoff(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path(id): Path<TeamEventId>,
    bytes: Bytes,
) -> ApiResult {
    let b: PlayoffBody = body(&bytes)?;
    let seen = edits::from_request(&headers, &b.version)?;
    let score = white_first(&st, id, b.round, b.match_number, playoff_from(&b.score)?)?;
    let store = st.store.clone();
    let (round, number) = (b.round, b.match_number);
    blocking(move || store.set_cup_playoff(&a.username, id, round, number, score, seen)).await?;
    let version = st.store.team_event_version(id)?;
    Ok(edits::with_version(ok(st.store.cup_bracket(id)?)?, version))
}

/// A form's or the API's number for a team: empty is none; otherwise a whole number from
/// `min` to `max`, or a 422 naming the field.
fn small_number(
    name: &str,
    v: &str,
    min: u8,
    max: u8,
    expected: &str,
) -> Result<Option<u8>, AppError> {
    let v = v.trim();
    if v.is_empty() {
        return Ok(None);
    }
    match v.parse::<u8>() {
        Ok(n) if (min..=max).contains(&n) => Ok(Some(n)),
        _ => Err(AppError::invalid(name, expected, format!("{v:?}"))),
    }
}

const DIVISION_EXPECTED: &str = "a division from 1 (the highest) to 99, or nothing";
const ENTRY_EXPECTED: &str = "a cup round from 1 to 10 for the team to enter at";

/// The cup page's table of teams: `division_{team}` and `entry_round_{team}` for each team.
async fn save_entries(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<TeamEventId>,
    Form(f): Form<HashMap<String, String>>,
) -> Page {
    let seen = edits::from_form(f.get("version").map(String::as_str))?;
    cup_event(&st, id)?;
    let teams = st.store.teams(id)?;
    let mut entries = Vec::new();
    for t in &teams {
        let (d, r) = (
            format!("division_{}", t.id),
            format!("entry_round_{}", t.id),
        );
        let (Some(dv), Some(rv)) = (f.get(&d), f.get(&r)) else {
            continue;
        };
        entries.push(CupEntry {
            team: t.id,
            division: small_number(&d, dv, 1, 99, DIVISION_EXPECTED)?,
            entry_round: small_number(&r, rv, 1, 10, ENTRY_EXPECTED)?,
        });
    }
    let store = st.store.clone();
    blocking(move || store.set_cup_entries(&a.username, id, &entries, seen)).await?;
    see(format!("/teams/{id}/cup"))
}

#[derive(Debug, Deserialize)]
struct EntriesBody {
    teams: Vec<CupEntry>,
    version: Option<Value>,
}

async fn api_entries(
    State(st): State<AppState>,
    a: Arbiter,
    headers: HeaderMap,
    Path(id): Path<TeamEventId>,
    bytes: Bytes,
) -> ApiResult {
    let b: EntriesBody = body(&bytes)?;
    let seen = edits::from_request(&headers, &b.version)?;
    cup_event(&st, id)?;
    let store = st.store.clone();
    let teams = b.teams;
    blocking(move || store.set_cup_entries(&a.username, id, &teams, seen)).await?;
    let version = st.store.team_event_version(id)?;
    Ok(edits::with_version(ok(st.store.teams(id)?)?, version))
}
