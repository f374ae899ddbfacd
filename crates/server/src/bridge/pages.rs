//! The director's pages: sessions, set-up, pairs, movement and table codes, the traveller
//! grid (entries, corrections, adjusted scores, conflicts), the ranking, the travellers, the
//! score cards and the exports. Login required on every one.

use bridge::movement::PairLabels;
use bridge::notation::Notation;
use std::collections::{BTreeMap, HashMap};

use askama::Template;
use axum::extract::{Multipart, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::Form;
use serde::Deserialize;
use store::bridge::{
    BridgeSettings, Conflict, DealsOf, Entry, LineStatus, NewPair, Scoring, SessionId,
};

use super::forms::{even_code, AdjustForm, EntryForm, SessionForm};
use super::solver::Analysing;
use super::{kind_label, status_label, SessionView};
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::{Guard, Kind, Own, Routes};
use crate::i18n::Tr;
use crate::limit::MAX_BODY;
use crate::page::{attachment, blocking, html};
use crate::AppState;
use report::bridge::{self as results, pair_text, Results};

type Page = Result<Response, AppError>;

fn see(to: impl AsRef<str>) -> Page {
    Ok(Redirect::to(to.as_ref()).into_response())
}

pub fn routes() -> Routes {
    Routes::new()
        .get("/bridge", sessions_page)
        .post("/bridge", Guard::Own(Own::Create), create_session)
        .get("/bridge/{id}", session_page)
        .post(
            "/bridge/{id}",
            Guard::Merge(Kind::BridgeSession),
            update_settings,
        )
        .post(
            "/bridge/{id}/delete",
            Guard::Whole(Kind::BridgeSession),
            delete_session,
        )
        .get("/bridge/{id}/pairs", pairs_page)
        .post(
            "/bridge/{id}/pairs",
            Guard::Merge(Kind::BridgeSession),
            save_pairs,
        )
        .post_limited(
            "/bridge/{id}/pairs/import",
            Guard::Whole(Kind::BridgeSession),
            MAX_BODY,
            import_pairs,
        )
        .post_limited(
            "/bridge/{id}/deals",
            Guard::Whole(Kind::BridgeSession),
            MAX_BODY,
            upload_deals,
        )
        .get("/bridge/{id}/movement", movement_page)
        .get("/bridge/{id}/movement/cards", movement_cards)
        .get("/bridge/{id}/slips", slips_page)
        .get("/bridge/{id}/grid", grid_page)
        .post(
            "/bridge/{id}/grid/line",
            Guard::Merge(Kind::BridgeSession),
            grid_line,
        )
        .post(
            "/bridge/{id}/grid/adjust",
            Guard::Merge(Kind::BridgeSession),
            grid_adjust,
        )
        .post(
            "/bridge/{id}/grid/clear",
            Guard::Merge(Kind::BridgeSession),
            grid_clear,
        )
        .post(
            "/bridge/{id}/conflicts/{cid}/resolve",
            Guard::Merge(Kind::BridgeSession),
            resolve,
        )
        .post(
            "/bridge/{id}/calls/{cid}/clear",
            Guard::Whole(Kind::BridgeSession),
            clear_call,
        )
        .get("/bridge/{id}/ranking", ranking_page)
        .get("/bridge/{id}/travellers", travellers_page)
        .get("/bridge/{id}/cards", cards_page)
        .get("/bridge/{id}/hands", hands_page)
        .get("/bridge/{id}/export.pbn", export_pbn)
        .get("/bridge/{id}/export.xml", export_usebio)
        .get("/bridge/{id}/export.html", export_html)
}

// ---------------------------------------------------------------------------------------------
// Sessions and settings

/// One choice of a select.
#[derive(Debug, Clone)]
pub struct Choice {
    pub value: String,
    pub label: String,
    pub selected: bool,
}

/// The set-up form's values and choices.
#[derive(Debug, Clone)]
pub struct SettingsView {
    pub s: BridgeSettings,
    pub movements: Vec<Choice>,
    pub evens: Vec<Choice>,
    pub scorings: Vec<Choice>,
    /// How a Mitchell's East-West pairs are numbered: 8–14 or 1–7 EW.
    pub numberings: Vec<Choice>,
    /// "3–7 tables: Howell; …": the suggestion by table count.
    pub suggestions: String,
    pub phantom: String,
    pub boards_per_round: String,
    /// The club's masterpoint scale: none, the ACBL's, the EBU's (with its top award) or the
    /// club's table (with its points).
    pub scales: Vec<Choice>,
    pub masterpoints_top: String,
    pub masterpoints_table: String,
}

impl SettingsView {
    fn new(tr: &Tr, s: &BridgeSettings, new: bool) -> SettingsView {
        let mut movements = Vec::new();
        if new {
            movements.push(Choice {
                value: "auto".into(),
                label: tr.t("bridge-movement-auto"),
                selected: true,
            });
        }
        for k in bridge::movement::Kind::ALL {
            movements.push(Choice {
                value: k.name().into(),
                label: kind_label(tr, k),
                selected: !new && k == s.movement,
            });
        }
        let evens = [
            bridge::movement::EvenTables::RelayByeStand,
            bridge::movement::EvenTables::Skip,
        ]
        .into_iter()
        .map(|e| Choice {
            value: even_code(e).into(),
            label: tr.t(&format!("bridge-even-{}", even_code(e))),
            selected: e == s.even,
        })
        .collect();
        let scorings = Scoring::ALL
            .into_iter()
            .map(|x| Choice {
                value: x.code().into(),
                label: tr.t(&format!("bridge-scoring-{}", x.code().replace('_', "-"))),
                selected: x == s.scoring,
            })
            .collect();
        let numberings = bridge::movement::PairNumbering::ALL
            .into_iter()
            .map(|n| Choice {
                value: n.code().into(),
                label: tr.t(&format!("bridge-pair-numbering-{}", n.code())),
                selected: n == s.pair_numbering,
            })
            .collect();
        // Group the table counts by the movement suggested for one ranking.
        let mut groups: Vec<(u32, u32, String)> = Vec::new();
        for t in 3..=20 {
            let Ok(k) = bridge::movement::suggest(t, true) else {
                continue;
            };
            let label = kind_label(tr, k);
            match groups.last_mut() {
                Some(g) if g.2 == label => g.1 = t,
                _ => groups.push((t, t, label)),
            }
        }
        let suggestions = groups
            .into_iter()
            .map(|(a, b, l)| {
                tr.targs(
                    "bridge-suggest-range",
                    &[("from", a.into()), ("to", b.into()), ("movement", l.into())],
                )
            })
            .collect::<Vec<_>>()
            .join(" · ");
        use bridge::masterpoints::Scale;
        let chosen = match &s.masterpoints {
            None => "",
            Some(Scale::AcblClub) => "acbl-club",
            Some(Scale::EbuClub { .. }) => "ebu-club",
            Some(Scale::Table(_)) => "table",
        };
        let scales = ["", "acbl-club", "ebu-club", "table"]
            .into_iter()
            .map(|v| Choice {
                value: v.into(),
                label: tr.t(&format!(
                    "bridge-masterpoints-{}",
                    if v.is_empty() { "none" } else { v }
                )),
                selected: v == chosen,
            })
            .collect();
        let (masterpoints_top, masterpoints_table) = match &s.masterpoints {
            Some(Scale::EbuClub { top }) => (top.to_string(), String::new()),
            Some(Scale::Table(t)) => (String::new(), t.to_string()),
            _ => (String::new(), String::new()),
        };
        SettingsView {
            scales,
            masterpoints_top,
            masterpoints_table,
            s: s.clone(),
            movements,
            evens,
            scorings,
            numberings,
            suggestions,
            phantom: s.phantom.map(|p| p.to_string()).unwrap_or_default(),
            boards_per_round: if s.boards_per_round == 0 {
                String::new()
            } else {
                s.boards_per_round.to_string()
            },
        }
    }
}

#[derive(Debug, Clone)]
struct SessionRow {
    view: SessionView,
    missing: usize,
}

#[derive(Template)]
#[template(path = "bridge/sessions.html")]
struct SessionsPage {
    c: Ctx,
    sessions: Vec<SessionRow>,
    f: SettingsView,
}

async fn sessions_page(State(st): State<AppState>, c: Ctx, _a: Arbiter) -> Page {
    let mut sessions = Vec::new();
    for s in st.store.bridge_sessions()? {
        let missing = st
            .store
            .lines(s.id)?
            .iter()
            .filter(|l| l.status == LineStatus::Missing)
            .count();
        sessions.push(SessionRow {
            view: SessionView::new(&s, &c.tr),
            missing,
        });
    }
    let f = SettingsView::new(&c.tr, &BridgeSettings::new(Default::default(), 7), true);
    html(&SessionsPage { c, sessions, f })
}

async fn create_session(
    State(st): State<AppState>,
    a: Arbiter,
    Form(f): Form<SessionForm>,
) -> Page {
    let settings = f.new_settings()?;
    let store = st.store.clone();
    let id = blocking(move || store.create_bridge_session(&a.username, &settings)).await?;
    see(format!("/bridge/{id}/pairs"))
}

#[derive(Template)]
#[template(path = "bridge/session.html")]
struct SessionPage {
    c: Ctx,
    s: SessionView,
    tab: &'static str,
    f: SettingsView,
    started: bool,
    rounds: usize,
    boards: u32,
    progress: String,
    conflicts: usize,
    deals: usize,
    /// The session's version the settings form was built from.
    version: i64,
}

async fn session_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<SessionId>,
) -> Page {
    let version = st.store.bridge_version(id)?;
    let s = st.store.bridge_session(id)?;
    let m = st.store.movement(id)?;
    let lines = st.store.lines(id)?;
    let entered = lines
        .iter()
        .filter(|l| l.status != LineStatus::Missing)
        .count();
    html(&SessionPage {
        f: SettingsView::new(&c.tr, &s.settings, false),
        s: super::director_view(&st, &s, &c.tr)?,
        tab: "session",
        started: entered > 0,
        rounds: m.rounds.len(),
        boards: m.board_count(),
        progress: c.tr.targs(
            "bridge-progress-lines",
            &[
                ("entered", entered.into()),
                ("expected", lines.len().into()),
            ],
        ),
        conflicts: st.store.conflicts(id)?.len(),
        deals: st.store.deals(id)?.len(),
        version,
        c,
    })
}

async fn update_settings(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<SessionId>,
    Form(f): Form<SessionForm>,
) -> Page {
    let current = st.store.bridge_session(id)?.settings;
    let settings = f.apply(current)?;
    let seen = crate::edits::from_value(&f.version)?;
    let store = st.store.clone();
    blocking(move || store.update_bridge_settings(&a.username, id, &settings, seen)).await?;
    see(format!("/bridge/{id}"))
}

async fn delete_session(State(st): State<AppState>, a: Arbiter, Path(id): Path<SessionId>) -> Page {
    let store = st.store.clone();
    blocking(move || store.delete_bridge_session(&a.username, id)).await?;
    see("/bridge")
}

// ---------------------------------------------------------------------------------------------
// Pairs and hand records

#[derive(Debug, Clone)]
struct PairRow {
    number: u32,
    /// The number as the session shows it.
    label: String,
    name1: String,
    name2: String,
    club: String,
    licence1: String,
    licence2: String,
    phantom: bool,
    /// Where the pair starts: "NS 1", "EW 3".
    start: String,
}

#[derive(Template)]
#[template(path = "bridge/pairs.html")]
struct PairsPage {
    c: Ctx,
    s: SessionView,
    tab: &'static str,
    pairs: Vec<PairRow>,
    deals: usize,
    notice: String,
    /// The session's version the names form was built from.
    version: i64,
    /// The pairs someone else renamed meanwhile (left as stored).
    errors: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct NoticeQuery {
    imported: Option<usize>,
    deals: Option<usize>,
    saved: Option<usize>,
}

async fn pairs_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<SessionId>,
    Query(q): Query<NoticeQuery>,
) -> Page {
    pairs_page_data(&st, c, id, q, Vec::new())
}

fn pairs_page_data(
    st: &AppState,
    c: Ctx,
    id: SessionId,
    q: NoticeQuery,
    errors: Vec<String>,
) -> Page {
    let version = st.store.bridge_version(id)?;
    let s = st.store.bridge_session(id)?;
    let m = st.store.movement(id)?;
    let labels = st.store.pair_labels(id)?;
    let start: HashMap<u32, String> = m
        .rounds
        .first()
        .map(|r| {
            r.tables
                .iter()
                .flat_map(|t| {
                    [
                        t.ns.map(|p| (p, format!("{} {}", c.t("bridge-ns"), t.table))),
                        t.ew.map(|p| (p, format!("{} {}", c.t("bridge-ew"), t.table))),
                    ]
                })
                .flatten()
                .collect()
        })
        .unwrap_or_default();
    let pairs = st
        .store
        .pairs(id)?
        .into_iter()
        .map(|p| PairRow {
            label: pair_text(&c.tr, labels, p.number),
            phantom: s.settings.phantom == Some(p.number),
            start: start.get(&p.number).cloned().unwrap_or_default(),
            number: p.number,
            name1: p.details.name1.to_string(),
            name2: p.details.name2.to_string(),
            club: p.details.club.to_string(),
            licence1: p.details.licence1.to_string(),
            licence2: p.details.licence2.to_string(),
        })
        .collect();
    let notice = if let Some(n) = q.imported {
        c.t1("bridge-pairs-imported", "count", n)
    } else if let Some(n) = q.deals {
        c.t1("bridge-deals-loaded", "count", n)
    } else if let Some(n) = q.saved {
        c.t1("bridge-pairs-saved", "count", n)
    } else {
        String::new()
    };
    let status = crate::edits::status_for(&errors);
    let mut r = html(&PairsPage {
        s: super::director_view(st, &s, &c.tr)?,
        tab: "pairs",
        pairs,
        deals: st.store.deals(id)?.len(),
        notice,
        version,
        errors,
        c,
    })?;
    *r.status_mut() = status;
    Ok(r)
}

/// The pairs form: `name1_N`, `name2_N`, `club_N`, `licence1_N`, `licence2_N` for every pair
/// number N; only the pairs
/// whose names the director changed on the page are written (the page's `version` tells what
/// it showed), and a pair someone else renamed meanwhile is left as stored and said.
async fn save_pairs(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path(id): Path<SessionId>,
    Form(fields): Form<Vec<(String, String)>>,
) -> Page {
    let seen = crate::edits::from_fields(&fields)?;
    let mut typed: BTreeMap<u32, NewPair> = BTreeMap::new();
    for (k, v) in fields {
        let Some((what, n)) = k.rsplit_once('_') else {
            continue;
        };
        let Ok(n) = n.parse::<u32>() else { continue };
        let p = typed.entry(n).or_default();
        let field = format!("{what}_{n}");
        match what {
            "name1" => p.name1 = crate::forms::free_text(&field, &v)?,
            "name2" => p.name2 = crate::forms::free_text(&field, &v)?,
            "club" => p.club = crate::forms::free_text(&field, &v)?,
            "licence1" => p.licence1 = crate::forms::licence(&field, &v)?,
            "licence2" => p.licence2 = crate::forms::licence(&field, &v)?,
            _ => {}
        }
    }
    let typed: Vec<(u32, NewPair)> = typed.into_iter().collect();
    let w = write_pairs(&st, a, id, typed, seen).await?;
    if w.conflicts.is_empty() {
        return see(format!("/bridge/{id}/pairs?saved={}", w.changed));
    }
    let errors = crate::edits::describe_all(&c.tr, &w.conflicts);
    let q = NoticeQuery {
        imported: None,
        deals: None,
        saved: Some(w.changed),
    };
    pairs_page_data(&st, c, id, q, errors)
}

/// Writes the pairs' details as `a`: those changed since `seen` (all that differ without it).
pub(super) async fn write_pairs(
    st: &AppState,
    a: Arbiter,
    id: SessionId,
    pairs: Vec<(u32, NewPair)>,
    seen: Option<store::Version>,
) -> Result<store::Written, AppError> {
    let store = st.store.clone();
    blocking(move || store.set_pairs(&a.username, id, &pairs, seen)).await
}

/// The uploaded file of a multipart form: (file name, text).
pub(super) async fn uploaded(mut form: Multipart) -> Result<(String, String), AppError> {
    while let Some(field) = form
        .next_field()
        .await
        .map_err(|e| AppError::BadRequest(format!("upload: {e}")))?
    {
        if field.name() == Some("file") {
            return super::upload_file(field).await;
        }
    }
    Err(AppError::invalid("file", "a file", "nothing"))
}

async fn import_pairs(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<SessionId>,
    form: Multipart,
) -> Page {
    let (name, text) = uploaded(form).await?;
    let store = st.store.clone();
    let n = blocking(move || store.import_pairs_csv(&a.username, id, &text, &name)).await?;
    see(format!("/bridge/{id}/pairs?imported={n}"))
}

async fn upload_deals(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<SessionId>,
    form: Multipart,
) -> Page {
    let (name, text) = uploaded(form).await?;
    let store = st.store.clone();
    let n = blocking(move || store.set_deals_pbn(&a.username, id, &text, &name)).await?;
    st.solver.ask(DealsOf::Session(id));
    see(format!("/bridge/{id}/pairs?deals={n}"))
}

// ---------------------------------------------------------------------------------------------
// Movement, cards and table codes

#[derive(Debug, Clone)]
pub struct SittingView {
    pub ns: String,
    pub ew: String,
    pub boards: String,
}

#[derive(Debug, Clone)]
pub struct RoundView {
    pub round: u32,
    pub tables: Vec<SittingView>,
}

/// The rounds of a movement, table by table.
pub fn rounds_view(tr: &Tr, m: &bridge::movement::Movement, labels: PairLabels) -> Vec<RoundView> {
    m.rounds
        .iter()
        .map(|r| RoundView {
            round: r.number,
            tables: r
                .tables
                .iter()
                .map(|t| SittingView {
                    ns: t
                        .ns
                        .map(|p| pair_text(tr, labels, p))
                        .unwrap_or_else(|| "—".into()),
                    ew: t
                        .ew
                        .map(|p| pair_text(tr, labels, p))
                        .unwrap_or_else(|| "—".into()),
                    boards: bridge::movement::range_label(&m.boards(t.set)),
                })
                .collect(),
        })
        .collect()
}

#[derive(Template)]
#[template(path = "bridge/movement.html")]
struct MovementPage {
    c: Ctx,
    s: SessionView,
    tab: &'static str,
    description: Vec<String>,
    rounds: Vec<RoundView>,
    tables: Vec<u32>,
    boards: u32,
    boards_per_round: u32,
}

async fn movement_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<SessionId>,
) -> Page {
    let s = st.store.bridge_session(id)?;
    let m = st.store.movement(id)?;
    let labels = st.store.pair_labels(id)?;
    html(&MovementPage {
        s: super::director_view(&st, &s, &c.tr)?,
        tab: "movement",
        description: report::movement::description_labelled(&c.tr, &m, labels),
        rounds: rounds_view(&c.tr, &m, labels),
        tables: (1..=m.tables).collect(),
        boards: m.board_count(),
        boards_per_round: m.boards_per_round,
        c,
    })
}

/// The printable table cards and guide cards (one standalone page, the command line's
/// `arbiter bridge movement --format html`), in the page's language.
async fn movement_cards(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<SessionId>,
) -> Page {
    let m = st.store.movement(id)?;
    // The guide cards carry the pairs' names.
    let names = st
        .store
        .pairs(id)?
        .into_iter()
        .map(|p| (p.number, p.details.display()))
        .collect();
    let page = report::movement::html_named(c.tr.lang, &m, &names, st.store.pair_labels(id)?)
        .map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(([(header::CACHE_CONTROL, "no-store")], Html(page)).into_response())
}

#[derive(Debug, Clone)]
struct Slip {
    table: u32,
    code: String,
    url: String,
    /// The direct address as a QR code (inline SVG), empty if it cannot be drawn.
    qr: String,
}

#[derive(Template)]
#[template(path = "bridge/slips.html")]
struct SlipsPage {
    c: Ctx,
    s: SessionView,
    tab: &'static str,
    base: String,
    /// The address printed is the director's own machine (`127.0.0.1`, `localhost`): the
    /// phones cannot open it.
    loopback: bool,
    slips: Vec<Slip>,
    style: &'static str,
}

async fn slips_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    headers: HeaderMap,
    Path(id): Path<SessionId>,
) -> Page {
    let s = st.store.bridge_session(id)?;
    // The session's public address when the director set one, else the address this
    // browser used.
    let public_url = s
        .settings
        .public_url
        .trim()
        .trim_end_matches('/')
        .to_string();
    let base = if public_url.is_empty() {
        crate::slips::server_base(st.public_url.as_deref(), &headers)
    } else {
        public_url.clone()
    };
    let slips = st
        .store
        .table_codes(id)?
        .into_iter()
        .map(|t| {
            let url = format!("{base}/t/{}", t.code);
            Slip {
                qr: crate::slips::qr_svg(&url, 132),
                url,
                table: t.table,
                code: t.code,
            }
        })
        .collect();
    html(&SlipsPage {
        s: super::director_view(&st, &s, &c.tr)?,
        tab: "movement",
        loopback: crate::slips::is_loopback(&base),
        base,
        slips,
        style: super::STYLE,
        c,
    })
}

// ---------------------------------------------------------------------------------------------
// The director's grid

#[derive(Debug, Clone, Default)]
pub struct GridLine {
    pub board: u32,
    pub round: u32,
    pub table: u32,
    pub ns: u32,
    pub ew: u32,
    pub ns_label: String,
    pub ew_label: String,
    pub contract: String,
    pub declarer: String,
    pub lead: String,
    pub result: String,
    pub score: String,
    pub status: String,
    pub status_code: &'static str,
    pub conflict: bool,
}

#[derive(Debug, Clone, Default)]
pub struct GridBoard {
    pub board: u32,
    pub lines: Vec<GridLine>,
    pub missing: usize,
}

#[derive(Debug, Clone)]
pub struct ConflictView {
    pub id: i64,
    pub board: u32,
    pub round: u32,
    pub table: u32,
    /// The pairs as the session shows them: `1–9`, `1–2 EO`.
    pub pairs: String,
    pub kept: String,
    pub other: String,
}

/// The grid's forms as typed (kept when a value is refused).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct GridForm {
    #[serde(default)]
    pub board: String,
    #[serde(default)]
    pub ns: String,
    #[serde(default)]
    pub ew: String,
    #[serde(default)]
    pub contract: String,
    #[serde(default)]
    pub declarer: String,
    #[serde(default)]
    pub lead: String,
    #[serde(default)]
    pub result: String,
    #[serde(default)]
    pub kind: String,
    #[serde(default)]
    pub art_ns: String,
    #[serde(default)]
    pub art_ew: String,
    #[serde(default)]
    pub score: String,
    #[serde(default)]
    pub weighted: String,
    #[serde(default)]
    pub split_ns: String,
    #[serde(default)]
    pub split_ew: String,
    /// The session's version the grid was built from.
    #[serde(default)]
    pub version: String,
}

impl GridForm {
    /// The line typed: board, NS pair, EW pair (a number typed in the EW box as the session
    /// shows it, `2` for pair 9 where East-West pairs are numbered per line).
    fn key(&self, labels: PairLabels) -> Result<(u32, u32, u32), AppError> {
        let n = |field: &str, v: &str, what: &str| {
            v.trim()
                .parse::<u32>()
                .map_err(|_| AppError::invalid(field, what, format!("{:?}", v.trim())))
        };
        Ok((
            n("board", &self.board, "a board number")?,
            n("ns", &self.ns, "the NS pair's number")?,
            labels.pair_of(n("ew", &self.ew, "the EW pair's number")?, true),
        ))
    }

    fn entry(&self, notation: Notation) -> Result<Entry, AppError> {
        let s = |v: &str| Some(v.to_string());
        EntryForm {
            contract: s(&self.contract),
            declarer: s(&self.declarer),
            lead: s(&self.lead),
            result: Some(serde_json::Value::String(self.result.clone())),
            ..EntryForm::default()
        }
        .entry_in(notation)
    }

    fn adjustment(&self) -> Result<store::bridge::Adjustment, AppError> {
        let s = |v: &str| Some(v.to_string());
        let j = |v: &str| Some(serde_json::Value::String(v.to_string()));
        AdjustForm {
            kind: s(&self.kind),
            art_ns: s(&self.art_ns),
            art_ew: s(&self.art_ew),
            score: j(&self.score),
            weighted: s(&self.weighted),
            split_ns: j(&self.split_ns),
            split_ew: j(&self.split_ew),
        }
        .adjustment()
    }
}

#[derive(Template)]
#[template(path = "bridge/grid.html")]
struct GridPage {
    c: Ctx,
    s: SessionView,
    tab: &'static str,
    boards: Vec<GridBoard>,
    missing: usize,
    conflicts: Vec<ConflictView>,
    f: GridForm,
    error: String,
    kinds: Vec<Choice>,
    style: &'static str,
    /// The session's version the grid was built from (sent back by its forms).
    version: i64,
}

pub(super) fn adjustment_label(tr: &Tr, a: &store::bridge::Adjustment) -> String {
    use store::bridge::Adjustment as A;
    let art = |x: &bridge::Artificial| match x {
        bridge::Artificial::AveragePlus => tr.t("bridge-average-plus-short"),
        bridge::Artificial::Average => tr.t("bridge-average-short"),
        bridge::Artificial::AverageMinus => tr.t("bridge-average-minus-short"),
        bridge::Artificial::Percent(p) => format!("{} %", tr.num(&p.to_short(2))),
    };
    match a {
        A::Artificial { ns, ew } => format!("{} / {}", art(ns), art(ew)),
        A::Assigned(s) => format!("{} {s}", tr.t("bridge-adjust-assigned")),
        A::Weighted(parts) => {
            let p: Vec<String> = parts
                .iter()
                .map(|(s, w)| {
                    format!(
                        "{s} ({} %)",
                        tr.num(&(*w * bridge::Ratio::from_int(100)).to_short(2))
                    )
                })
                .collect();
            format!("{} {}", tr.t("bridge-adjust-weighted"), p.join(", "))
        }
        A::Split { ns, ew } => format!("{} {ns} / {ew}", tr.t("bridge-adjust-split")),
        A::NotPlayed => tr.t("bridge-not-played"),
    }
}

/// The grid's rows from the store's lines.
pub fn grid_boards(tr: &Tr, lines: &[store::bridge::Line], labels: PairLabels) -> Vec<GridBoard> {
    let mut boards: Vec<GridBoard> = Vec::new();
    for l in lines {
        if boards.last().is_none_or(|b| b.board != l.board) {
            boards.push(GridBoard {
                board: l.board,
                ..GridBoard::default()
            });
        }
        let mut g = GridLine {
            board: l.board,
            round: l.round,
            table: l.table,
            ns: l.ns,
            ew: l.ew,
            ns_label: pair_text(tr, labels, l.ns),
            ew_label: pair_text(tr, labels, l.ew),
            score: l.score_ns.map(|s| s.to_string()).unwrap_or_default(),
            status: status_label(tr, l.status),
            status_code: l.status.code(),
            conflict: l.conflict,
            ..GridLine::default()
        };
        if let Some(e) = &l.entry {
            g.contract = results::contract_text(tr, &e.contract);
            g.declarer = e
                .declarer
                .map(|d| results::seat_letter(tr, d))
                .unwrap_or_default();
            g.lead = results::lead_text(tr, &e.lead);
            if let (Some(d), Some(t), Ok(bridge::Bid::Contract(c))) =
                (e.declarer, e.tricks, e.contract.parse::<bridge::Bid>())
            {
                g.result = bridge::Played::new(c, d, t)
                    .map(|p| p.relative())
                    .unwrap_or_default();
            }
        }
        if let Some(a) = &l.adjustment {
            g.contract = adjustment_label(tr, a);
        }
        if let Some(b) = boards.last_mut() {
            if l.status == LineStatus::Missing {
                b.missing += 1;
            }
            b.lines.push(g);
        }
    }
    boards
}

fn conflict_views(tr: &Tr, conflicts: &[Conflict], labels: PairLabels) -> Vec<ConflictView> {
    conflicts
        .iter()
        .map(|k| ConflictView {
            id: k.id,
            board: k.board,
            round: k.round,
            table: k.table,
            pairs: format!(
                "{}–{}",
                pair_text(tr, labels, k.ns),
                pair_text(tr, labels, k.ew)
            ),
            kept: super::entry_text(tr, &k.kept),
            other: super::entry_text(tr, &k.other),
        })
        .collect()
}

fn adjust_kinds(tr: &Tr, selected: &str) -> Vec<Choice> {
    ["artificial", "assigned", "weighted", "split", "not_played"]
        .into_iter()
        .map(|k| Choice {
            value: k.into(),
            label: tr.t(&format!("bridge-adjust-{}", k.replace('_', "-"))),
            selected: k == selected,
        })
        .collect()
}

fn grid_page_data(
    st: &AppState,
    c: Ctx,
    id: SessionId,
    f: GridForm,
    error: String,
    status: StatusCode,
) -> Page {
    let version = st.store.bridge_version(id)?;
    let s = st.store.bridge_session(id)?;
    let lines = st.store.lines(id)?;
    let labels = st.store.pair_labels(id)?;
    let boards = grid_boards(&c.tr, &lines, labels);
    let missing = boards.iter().map(|b| b.missing).sum();
    let page = GridPage {
        s: super::director_view(st, &s, &c.tr)?,
        tab: "grid",
        boards,
        missing,
        conflicts: conflict_views(&c.tr, &st.store.conflicts(id)?, labels),
        kinds: adjust_kinds(
            &c.tr,
            if f.kind.is_empty() {
                "artificial"
            } else {
                &f.kind
            },
        ),
        f,
        error,
        style: super::STYLE,
        version,
        c,
    };
    let mut r = html(&page)?;
    *r.status_mut() = status;
    Ok(r)
}

#[derive(Debug, Default, Deserialize)]
struct LineQuery {
    board: Option<String>,
    ns: Option<String>,
    ew: Option<String>,
    /// An adjusted-score kind: the adjustment form opens with the line (a board not played).
    kind: Option<String>,
}

async fn grid_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<SessionId>,
    Query(q): Query<LineQuery>,
) -> Page {
    let mut f = GridForm {
        board: q.board.unwrap_or_default(),
        ns: q.ns.unwrap_or_default(),
        ew: q.ew.unwrap_or_default(),
        kind: q
            .kind
            .filter(|k| adjust_kinds(&c.tr, k).iter().any(|x| x.selected))
            .unwrap_or_default(),
        ..GridForm::default()
    };
    // Prefill the form with the line's current contract (a correction).
    if let Ok((b, ns, ew)) = f.key(st.store.pair_labels(id)?) {
        if let Some(l) = st
            .store
            .lines(id)?
            .into_iter()
            .find(|l| l.board == b && l.ns == ns && l.ew == ew)
        {
            if let Some(e) = l.entry {
                // Written as the page reads it back: `4C` is hearts on a French page.
                let n = super::notation(&c.tr);
                f.contract = e
                    .contract
                    .parse::<bridge::Bid>()
                    .map(|b| bridge::notation::bid_text(b, n))
                    .unwrap_or_else(|_| e.contract.clone());
                f.declarer = e
                    .declarer
                    .map(|d| bridge::notation::seat_text(d, n).to_string())
                    .unwrap_or_default();
                f.lead = bridge::notation::lead_text(&e.lead, n);
                f.result = e.tricks.map(|t| t.to_string()).unwrap_or_default();
            }
        }
    }
    grid_page_data(&st, c, id, f, String::new(), StatusCode::OK)
}

/// A refused grid form: the grid again, with the message in the page's language and what was
/// typed kept.
fn refused(st: &AppState, c: Ctx, id: SessionId, f: GridForm, e: AppError) -> Page {
    let failure = e.into_response_failure();
    if matches!(failure.status.as_u16(), 409 | 422 | 404) {
        let text = crate::error_page::message(&c, &failure);
        grid_page_data(st, c, id, f, text, failure.status)
    } else {
        let mut r = failure.status.into_response();
        r.extensions_mut().insert(failure);
        Ok(r)
    }
}

fn back_to_board(id: SessionId, board: u32) -> Page {
    see(format!("/bridge/{id}/grid#board-{board}"))
}

/// A grid form's write: its key, the value `value` reads from it, then
/// `write` in the store; a refusal shows the grid again with the message.
async fn grid_write<T: Send + 'static>(
    st: AppState,
    c: Ctx,
    id: SessionId,
    f: GridForm,
    value: impl FnOnce(&GridForm) -> Result<T, AppError>,
    write: impl FnOnce(
            &store::Store,
            (u32, u32, u32),
            T,
            Option<store::Version>,
        ) -> Result<(), store::Error>
        + Send
        + 'static,
) -> Page {
    let labels = match st.store.pair_labels(id) {
        Ok(l) => l,
        Err(e) => return refused(&st, c, id, f, e.into()),
    };
    let parsed = f.key(labels).and_then(|k| {
        let seen = crate::edits::from_form(Some(&f.version))?;
        Ok((k, value(&f)?, seen))
    });
    let ((board, ns, ew), v, seen) = match parsed {
        Ok(x) => x,
        Err(e) => return refused(&st, c, id, f, e),
    };
    let store = st.store.clone();
    match blocking(move || write(&store, (board, ns, ew), v, seen)).await {
        Ok(()) => back_to_board(id, board),
        Err(e) => refused(&st, c, id, f, e),
    }
}

async fn grid_line(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path(id): Path<SessionId>,
    Form(f): Form<GridForm>,
) -> Page {
    let notation = super::notation(&c.tr);
    grid_write(
        st,
        c,
        id,
        f,
        move |f| f.entry(notation),
        move |s, (board, ns, ew), entry, seen| {
            s.director_set_line(&a.username, id, board, ns, ew, &entry, seen)
        },
    )
    .await
}

async fn grid_adjust(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path(id): Path<SessionId>,
    Form(f): Form<GridForm>,
) -> Page {
    grid_write(
        st,
        c,
        id,
        f,
        GridForm::adjustment,
        move |s, (board, ns, ew), adj, seen| {
            s.director_adjust(&a.username, id, board, ns, ew, &adj, seen)
        },
    )
    .await
}

async fn grid_clear(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path(id): Path<SessionId>,
    Form(f): Form<GridForm>,
) -> Page {
    grid_write(
        st,
        c,
        id,
        f,
        |_| Ok(()),
        move |s, (board, ns, ew), (), seen| s.clear_line(&a.username, id, board, ns, ew, seen),
    )
    .await
}

#[derive(Debug, Deserialize)]
struct ResolveForm {
    take_other: Option<String>,
    version: Option<String>,
}

async fn resolve(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path((id, cid)): Path<(SessionId, i64)>,
    Form(f): Form<ResolveForm>,
) -> Page {
    let take_other = matches!(f.take_other.as_deref(), Some("1" | "true" | "on"));
    let seen = crate::edits::from_form(f.version.as_deref())?;
    let store = st.store.clone();
    match blocking(move || store.resolve_conflict(&a.username, id, cid, take_other, seen)).await {
        Ok(()) => see(format!("/bridge/{id}/grid#conflicts")),
        Err(e) => refused(&st, c, id, GridForm::default(), e),
    }
}

/// The director has answered a table's call (or dealt with its board not played).
async fn clear_call(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, cid)): Path<(SessionId, i64)>,
) -> Page {
    let store = st.store.clone();
    blocking(move || store.clear_call(&a.username, id, cid)).await?;
    see(format!("/bridge/{id}/grid"))
}

// ---------------------------------------------------------------------------------------------
// Results

#[derive(Template)]
#[template(path = "bridge/results.html")]
struct ResultsPage {
    c: Ctx,
    s: SessionView,
    tab: &'static str,
    /// `ranking`, `travellers`, `cards` or `hands`.
    part: &'static str,
    r: Results,
    /// The hand records with their analysis (the `hands` part only).
    hand_records: Vec<results::TravBoard>,
    /// The public page's links instead of the director's.
    public: bool,
    base: String,
    /// Where a pair's name links to (its score card).
    cards_href: String,
    style: &'static str,
    /// Boards a public page holds back while tables still have to play them.
    held_back: Vec<u32>,
    /// While the solver has deals of the session left (the travellers and hand records show
    /// what is solved and reload themselves).
    analysing: Option<Analysing>,
}

/// The director's or the public's results page.
pub(super) fn results_page(
    st: &AppState,
    c: Ctx,
    id: SessionId,
    part: &'static str,
    pair: Option<(u32, bool)>,
    public: bool,
) -> Page {
    let s = st.store.bridge_session(id)?;
    if public && !s.settings.public {
        return Err(AppError::NotFound);
    }
    // The pages showing the analysis never wait for the solver: they ask it and show what is
    // solved so far.
    let analysing = if matches!(part, "travellers" | "hands") {
        super::solver::notice(st, &c.tr, DealsOf::Session(id))?
    } else {
        None
    };
    let mut r = super::results_of(st, &c.tr, id)?;
    if let Some((number, east_west)) = pair {
        let p = st.store.pair_labels(id)?.pair_of(number, east_west);
        r.cards.retain(|card| card.pair == p);
    }
    // A board still to be played somewhere is not shown to the public, its deal, contracts and
    // scores alike: a pair could read what it is about to play.
    let held_back: Vec<u32> = if public {
        r.travellers
            .iter()
            .filter(|t| t.missing > 0)
            .map(|t| t.board)
            .collect()
    } else {
        Vec::new()
    };
    if !held_back.is_empty() {
        r.travellers.retain(|t| !held_back.contains(&t.board));
        for card in &mut r.cards {
            card.rows.retain(|row| !held_back.contains(&row.board));
        }
    }
    let hand_records = if part == "hands" {
        st.store
            .hand_records(id)?
            .iter()
            .filter(|h| !held_back.contains(&h.board))
            .map(|h| {
                let a = h.analysis.as_ref().map(|a| (&a.tricks, &a.par));
                results::hand_record(&c.tr, h.board, &h.deal, a)
            })
            .collect()
    } else {
        Vec::new()
    };
    let base = if public {
        format!("/public/bridge/{id}")
    } else {
        format!("/bridge/{id}")
    };
    let view = if public {
        SessionView::new(&s, &c.tr)
    } else {
        super::director_view(st, &s, &c.tr)?
    };
    html(&ResultsPage {
        s: view,
        tab: part,
        part,
        r,
        hand_records,
        public,
        cards_href: format!("{base}/cards?pair="),
        base,
        style: super::STYLE,
        held_back,
        analysing,
        c,
    })
}

#[derive(Debug, Deserialize)]
pub(super) struct PairQuery {
    pub pair: Option<String>,
}

impl PairQuery {
    /// The pair typed: its number, and whether the East-West letters follow it (`2 EO`, `2 EW`,
    /// as the session shows East-West pairs numbered per line).
    pub fn pair(&self) -> Option<(u32, bool)> {
        let typed = self.pair.as_deref()?.trim();
        let digits = typed
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(typed.len());
        let number = typed[..digits].parse().ok()?;
        let line = typed[digits..].trim().to_ascii_uppercase().replace('-', "");
        match line.as_str() {
            "" => Some((number, false)),
            "EW" | "EO" => Some((number, true)),
            _ => None,
        }
    }
}

async fn ranking_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<SessionId>,
) -> Page {
    results_page(&st, c, id, "ranking", None, false)
}

async fn travellers_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<SessionId>,
) -> Page {
    results_page(&st, c, id, "travellers", None, false)
}

/// The hand records with their double-dummy analysis, to read and to print.
async fn hands_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<SessionId>,
) -> Page {
    results_page(&st, c, id, "hands", None, false)
}

async fn cards_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<SessionId>,
    Query(q): Query<PairQuery>,
) -> Page {
    results_page(&st, c, id, "cards", q.pair(), false)
}

// ---------------------------------------------------------------------------------------------
// Exports

pub(super) async fn pbn_file(st: &AppState, id: SessionId) -> Page {
    let store = st.store.clone();
    let text = blocking(move || store.export_pbn(id)).await?;
    Ok(attachment(
        "text/plain; charset=utf-8",
        &format!("bridge-{id}.pbn"),
        text,
    ))
}

pub(super) async fn usebio_file(st: &AppState, id: SessionId) -> Page {
    let store = st.store.clone();
    let text = blocking(move || store.export_usebio(id)).await?;
    Ok(attachment(
        "application/xml; charset=utf-8",
        &format!("bridge-{id}.xml"),
        text,
    ))
}

/// The whole session as one standalone file: ranking, travellers and score cards (CSS inlined,
/// no script, no table code, no token), rendered by the report crate like the command line's.
pub(super) fn html_file(st: &AppState, tr: &Tr, id: SessionId) -> Page {
    let s = st.store.bridge_session(id)?;
    let v = SessionView::new(&s, tr);
    let mut facts = vec![
        v.movement.clone(),
        tr.t1("bridge-n-tables", "count", v.tables),
        v.scoring.clone(),
    ];
    if !v.director.is_empty() {
        facts.push(tr.t1("bridge-director-is", "name", &v.director));
    }
    let heading = report::bridge::Heading {
        name: v.name.clone(),
        sub: v.sub.clone(),
        facts: facts.join(" · "),
    };
    let results = super::results_of(st, tr, id)?;
    let page = report::bridge::render(tr.lang, &heading, &results, false)
        .map_err(|e| AppError::Internal(e.to_string()))?;
    Ok(attachment(
        "text/html; charset=utf-8",
        &format!("bridge-{id}.html"),
        page,
    ))
}

async fn export_pbn(State(st): State<AppState>, _a: Arbiter, Path(id): Path<SessionId>) -> Page {
    pbn_file(&st, id).await
}

async fn export_usebio(State(st): State<AppState>, _a: Arbiter, Path(id): Path<SessionId>) -> Page {
    usebio_file(&st, id).await
}

async fn export_html(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<SessionId>,
) -> Page {
    html_file(&st, &c.tr, id)
}
