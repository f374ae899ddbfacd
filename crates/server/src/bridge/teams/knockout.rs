//! The knock-out stage of a teams event: the director's page (set-up, the bracket round by
//! round, each match's segments, carry-over and extra boards entered, the next round drawn),
//! its public page, and the JSON API under `/api/bridge/teams/{id}/knockout` (`API.md`).

use askama::Template;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::Form;
use bridge::Ratio;
use serde::Deserialize;
use serde_json::{json, Value};
use store::bridge::{
    CarryOver, Knockout, KnockoutChange, KnockoutSettings, Seeding, TeamEventId, TeamResults,
};

use super::view::{event_view, EventView};
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::i18n::Tr;
use crate::json::{body, ok, ApiResult};
use crate::page::{blocking, html, see};
use crate::AppState;

/// The set-up, as the API's JSON or the page's form sends it.
#[derive(Debug, Deserialize)]
pub struct SetupBody {
    teams: Value,
    #[serde(default)]
    segments: Option<Value>,
    #[serde(default)]
    seeding: Option<String>,
    #[serde(default)]
    carry_over: Option<String>,
}

fn whole(field: &str, v: &Value) -> Result<u32, AppError> {
    let n = match v {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    n.and_then(|n| u32::try_from(n).ok())
        .ok_or_else(|| AppError::invalid(field, "a whole number", v.to_string()))
}

impl SetupBody {
    fn settings(&self) -> Result<KnockoutSettings, AppError> {
        let seeding = match self.seeding.as_deref().map(str::trim) {
            None | Some("standings") => Seeding::Standings,
            Some("numbers") => Seeding::Numbers,
            Some(s) => return Err(AppError::invalid("seeding", "standings or numbers", s)),
        };
        let carry_over = match self.carry_over.as_deref().map(str::trim) {
            None => CarryOver::Wbf,
            Some(c) => CarryOver::parse(c)
                .ok_or_else(|| AppError::invalid("carry_over", "wbf or entered", c))?,
        };
        Ok(KnockoutSettings {
            teams: whole("teams", &self.teams)?,
            segments: self
                .segments
                .as_ref()
                .map(|s| whole("segments", s))
                .transpose()?
                .unwrap_or(1),
            seeding,
            carry_over,
        })
    }
}

/// A change to a match: `segment` or `extra` (from 1) with `imps` [home, visitors], or
/// `carry_over` (IMPs to the home team, negative to the visitors, decimals allowed).
#[derive(Debug, Deserialize, Default)]
pub struct ChangeBody {
    #[serde(default)]
    segment: Option<Value>,
    #[serde(default)]
    extra: Option<Value>,
    #[serde(default)]
    imps: Option<(Value, Value)>,
    #[serde(default)]
    carry_over: Option<Value>,
}

impl ChangeBody {
    fn change(&self) -> Result<KnockoutChange, AppError> {
        if let Some(c) = &self.carry_over {
            let text = match c {
                Value::String(s) => s.trim().replace(',', "."),
                v => v.to_string(),
            };
            let r = Ratio::parse_decimal(&text).ok_or_else(|| {
                AppError::invalid("carry_over", "IMPs, e.g. 7 or -10.5", format!("{text:?}"))
            })?;
            return Ok(KnockoutChange::CarryOver(r));
        }
        let imps = || -> Result<(u32, u32), AppError> {
            let (h, v) = self.imps.as_ref().ok_or_else(|| {
                AppError::invalid("imps", "[home IMPs, visitors' IMPs]", "nothing")
            })?;
            Ok((whole("imps", h)?, whole("imps", v)?))
        };
        match (&self.segment, &self.extra) {
            (Some(n), None) => {
                let (h, v) = imps()?;
                Ok(KnockoutChange::Segment(whole("segment", n)?, h, v))
            }
            (None, Some(n)) => {
                let (h, v) = imps()?;
                Ok(KnockoutChange::Extra(whole("extra", n)?, h, v))
            }
            _ => Err(AppError::invalid(
                "segment",
                "segment or extra (with imps), or carry_over",
                "neither",
            )),
        }
    }
}

fn knockout_json(r: &TeamResults, k: &Knockout) -> Value {
    let name = |t: u32| r.team_name(t);
    json!({
        "seeds": k.seeds.iter().enumerate().map(|(i, &t)| json!({"seed": i + 1, "team": t, "name": name(t)})).collect::<Vec<_>>(),
        "segments": k.segments,
        "carry_over": k.carry_over,
        "rounds": k.rounds(),
        "matches": k.matches.iter().map(|m| {
            let mut v = serde_json::to_value(m).unwrap_or(Value::Null);
            v["home_name"] = json!(name(m.home));
            v["visit_name"] = json!(m.visit.map(name));
            v
        }).collect::<Vec<_>>(),
        "champion": k.champion,
    })
}

fn load(st: &AppState, id: TeamEventId) -> Result<(TeamResults, Knockout), AppError> {
    let r = st.store.bridge_team_results(id)?;
    let k = st.store.bridge_knockout(id)?.ok_or(AppError::NotFound)?;
    Ok((r, k))
}

pub async fn api_show(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> ApiResult {
    let (r, k) = load(&st, id)?;
    ok(knockout_json(&r, &k))
}

pub async fn api_create(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<TeamEventId>,
    bytes: Bytes,
) -> ApiResult {
    let s = body::<SetupBody>(&bytes)?.settings()?;
    let store = st.store.clone();
    blocking(move || store.create_bridge_knockout(&a.username, id, &s)).await?;
    let (r, k) = load(&st, id)?;
    ok(knockout_json(&r, &k))
}

pub async fn api_draw(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> ApiResult {
    let store = st.store.clone();
    blocking(move || store.draw_bridge_knockout_round(&a.username, id)).await?;
    let (r, k) = load(&st, id)?;
    ok(knockout_json(&r, &k))
}

pub async fn api_change(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, round, number)): Path<(TeamEventId, u32, u32)>,
    bytes: Bytes,
) -> ApiResult {
    let change = body::<ChangeBody>(&bytes)?.change()?;
    let store = st.store.clone();
    blocking(move || store.change_bridge_knockout_match(&a.username, id, (round, number), change))
        .await?;
    let (r, k) = load(&st, id)?;
    ok(knockout_json(&r, &k))
}

// ---------------------------------------------------------------------------------------------
// Pages

/// A match's row on the page.
#[derive(Debug, Clone)]
pub struct KoMatchView {
    pub round: u32,
    pub number: u32,
    pub home: String,
    pub home_seed: usize,
    pub visit: String,
    pub visit_seed: usize,
    pub bye: bool,
    /// "7,5" to the team it goes to, or empty.
    pub carry_home: String,
    pub carry_visit: String,
    /// Each segment "25 – 20"; the extra boards likewise.
    pub segments: Vec<String>,
    pub extra: Vec<String>,
    pub total: String,
    pub winner: String,
    pub decided: bool,
    /// The next segment's number to enter (or the last one again).
    pub next_segment: usize,
    /// A tie after the last segment: extra boards to enter.
    pub tied: bool,
    pub next_extra: usize,
}

#[derive(Debug, Clone)]
pub struct KoRoundView {
    pub round: u32,
    pub title: String,
    pub matches: Vec<KoMatchView>,
}

#[derive(Template)]
#[template(path = "bridge/teams_knockout.html")]
struct KnockoutPage {
    c: Ctx,
    e: EventView,
    director: bool,
    base: String,
    /// `None`: not set up yet.
    k: Option<Vec<KoRoundView>>,
    rule: String,
    champion: String,
    teams: usize,
    segments: u32,
    can_draw: bool,
    style: &'static str,
    /// The version its forms carry, read before the data it shows.
    version: i64,
}

fn round_title(tr: &Tr, round: u32, last: u32, matches: usize) -> String {
    if round == last && matches == 1 {
        tr.t("bko-final")
    } else if round == last && matches == 2 {
        tr.t("bko-semi-finals")
    } else {
        tr.t1("bko-round", "round", round)
    }
}

fn rounds_view(tr: &Tr, r: &TeamResults, k: &Knockout) -> Vec<KoRoundView> {
    let seed = |t: u32| k.seeds.iter().position(|&s| s == t).map_or(0, |i| i + 1);
    let num = |x: Ratio| tr.num(&x.to_short(2));
    let pair = |&(h, v): &(u32, u32)| format!("{h} – {v}");
    let last = k.rounds();
    (1..=last)
        .map(|round| {
            let matches: Vec<KoMatchView> = k
                .matches
                .iter()
                .filter(|m| m.round == round)
                .map(|m| {
                    let c = m.carry_over_home;
                    let playing = (m.segments.len() + 1).min(k.segments as usize);
                    let tied = m.visit.is_some()
                        && m.winner.is_none()
                        && m.segments.len() >= k.segments as usize;
                    KoMatchView {
                        round,
                        number: m.number,
                        home: r.team_name(m.home),
                        home_seed: seed(m.home),
                        visit: m
                            .visit
                            .map(|v| r.team_name(v))
                            .unwrap_or_else(|| tr.t("bteams-bye")),
                        visit_seed: m.visit.map_or(0, seed),
                        bye: m.visit.is_none(),
                        carry_home: if c > Ratio::ZERO {
                            num(c)
                        } else {
                            String::new()
                        },
                        carry_visit: if c < Ratio::ZERO {
                            num(-c)
                        } else {
                            String::new()
                        },
                        segments: m.segments.iter().map(pair).collect(),
                        extra: m.extra.iter().map(pair).collect(),
                        total: format!("{} – {}", num(m.total_home), num(m.total_visit)),
                        winner: m.winner.map(|w| r.team_name(w)).unwrap_or_default(),
                        decided: m.winner.is_some(),
                        next_segment: playing.max(1),
                        tied,
                        next_extra: m.extra.len() + 1,
                    }
                })
                .collect();
            KoRoundView {
                round,
                title: round_title(tr, round, last, matches.len()),
                matches,
            }
        })
        .collect()
}

fn page(st: &AppState, c: Ctx, id: TeamEventId, director: bool) -> Result<Response, AppError> {
    let version = st.store.version(store::Scope::BridgeTeams(id))?.0;
    let r = st.store.bridge_team_results(id)?;
    if !director && !r.event.settings.public {
        return Err(AppError::NotFound);
    }
    let k = st.store.bridge_knockout(id)?;
    if !director && k.is_none() {
        return Err(AppError::NotFound);
    }
    let base = if director {
        format!("/bridge/teams/{id}")
    } else {
        format!("/public/bridge/teams/{id}")
    };
    let (rule, champion, can_draw, segments) = match &k {
        Some(k) => {
            let last = k.rounds();
            let current: Vec<_> = k.matches.iter().filter(|m| m.round == last).collect();
            (
                c.tr.t(&format!("bko-carry-{}", k.carry_over.code())),
                k.champion.map(|t| r.team_name(t)).unwrap_or_default(),
                current.len() > 1 && current.iter().all(|m| m.winner.is_some()),
                k.segments,
            )
        }
        None => (String::new(), String::new(), false, 2),
    };
    html(&KnockoutPage {
        version,
        e: event_view(&c.tr, &r.event),
        director,
        base,
        k: k.as_ref().map(|k| rounds_view(&c.tr, &r, k)),
        rule,
        champion,
        teams: r.teams.len(),
        segments,
        can_draw,
        style: crate::bridge::STYLE,
        c,
    })
}

pub async fn director_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> Result<Response, AppError> {
    page(&st, c, id, true)
}

pub async fn public_page(
    State(st): State<AppState>,
    c: Ctx,
    Path(id): Path<TeamEventId>,
) -> Result<Response, AppError> {
    page(&st, c, id, false)
}

#[derive(Debug, Deserialize)]
pub struct SetupForm {
    teams: String,
    segments: String,
    seeding: String,
    carry_over: String,
}

pub async fn form_create(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<TeamEventId>,
    Form(f): Form<SetupForm>,
) -> Result<Response, AppError> {
    let s = SetupBody {
        teams: Value::String(f.teams),
        segments: Some(Value::String(f.segments)),
        seeding: Some(f.seeding),
        carry_over: Some(f.carry_over),
    }
    .settings()?;
    let store = st.store.clone();
    blocking(move || store.create_bridge_knockout(&a.username, id, &s)).await?;
    see(format!("/bridge/teams/{id}/knockout"))
}

pub async fn form_draw(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<TeamEventId>,
) -> Result<Response, AppError> {
    let store = st.store.clone();
    let round = blocking(move || store.draw_bridge_knockout_round(&a.username, id)).await?;
    see(format!("/bridge/teams/{id}/knockout#ko-round-{round}"))
}

/// `kind`: `segment`, `extra` or `carry_over`; `n`, `home`, `visit` (IMPs), or `carry_over`.
#[derive(Debug, Deserialize)]
pub struct ChangeForm {
    kind: String,
    #[serde(default)]
    n: String,
    #[serde(default)]
    home: String,
    #[serde(default)]
    visit: String,
    #[serde(default)]
    carry_over: String,
}

pub async fn form_change(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, round, number)): Path<(TeamEventId, u32, u32)>,
    Form(f): Form<ChangeForm>,
) -> Result<Response, AppError> {
    let s = |x: &str| Some(Value::String(x.to_string()));
    let imps = Some((
        Value::String(f.home.clone()),
        Value::String(f.visit.clone()),
    ));
    let b = match f.kind.as_str() {
        "segment" => ChangeBody {
            segment: s(&f.n),
            imps,
            ..ChangeBody::default()
        },
        "extra" => ChangeBody {
            extra: s(&f.n),
            imps,
            ..ChangeBody::default()
        },
        _ => ChangeBody {
            carry_over: s(&f.carry_over),
            ..ChangeBody::default()
        },
    };
    let change = b.change()?;
    let store = st.store.clone();
    blocking(move || store.change_bridge_knockout_match(&a.username, id, (round, number), change))
        .await?;
    see(format!("/bridge/teams/{id}/knockout#ko-{round}-{number}"))
}
