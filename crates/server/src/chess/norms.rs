//! FIDE title norms (B.01) on the arbiter's pages: every player's norms after the last complete
//! round (achieved, in reach, or why not), the title result certificate (form IT1) of a norm
//! achieved and the tournament report (form IT3), both printed on A4 with what the event knows
//! filled in and the rest left to be written by hand. The rules are the `rating` crate's; the
//! player's card shows the same lines ([`card_lines`]).

use askama::Template;
use axum::extract::{Path, State};
use axum::response::IntoResponse;
use rating::norms_report::NormsReport;
use rating::{NormSettings, NormStatus, NormTitle, PlayerNorms, RatingHistory, Shortfall};
use serde_json::Value;
use store::{EventId, EventRatingPeriods};
use tournament::{GameResult, Title, Tournament};

use crate::chess::views::{self, EventView};
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::Routes;
use crate::i18n::{Arg, Tr};
use crate::page::{html, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .get("/events/{id}/norms", norms_page)
        .get("/events/{id}/norms/report", report_page)
        .get("/events/{id}/norms/{number}/{norm}", certificate_page)
}

/// The JSON API's (nested under `/api`).
pub fn api_routes() -> Routes {
    Routes::new().get("/events/{id}/norms", norms_api)
}

/// The event as FIDE rates it and its players' norms after the last complete round.
pub(crate) struct Computed {
    pub settings: store::EventSettings,
    pub tournament: Tournament,
    pub round: u32,
    pub norms: Vec<PlayerNorms>,
    /// The event's rating periods: each game is read at its period's ratings and titles.
    pub periods: EventRatingPeriods,
}

/// What the event tells the norm rules: its federation hosts it; its exemption (1.4.3a-c) is
/// its setting; a round robin's pairings are fixed in advance; a Swiss is looked at for
/// 1.4.3d's large-Swiss exemption.
fn norm_settings(s: &store::EventSettings) -> NormSettings {
    NormSettings {
        host_federation: (!s.federation.is_empty()).then(|| s.federation.clone()),
        exemption: s.norm_exemption.rule(),
        large_swiss: !s.system.is_round_robin(),
        predetermined: s.system.is_round_robin(),
        rounds: Some(s.rounds),
    }
}

pub(crate) fn compute(st: &AppState, id: EventId) -> Result<Computed, AppError> {
    let e = st.store.event(id)?;
    let (tournament, round) = st.store.rated_tournament(id)?;
    let periods = st.store.rating_periods(id)?;
    let norms = rating::norms(
        &tournament,
        &norm_settings(&e.settings),
        &periods.history,
        round,
    );
    Ok(Computed {
        settings: e.settings,
        tournament,
        round,
        norms,
        periods,
    })
}

/// Where each rating period's ratings come from, one line each, when the event spans more
/// than one period (B.01 1.1.4).
pub(crate) fn period_lines(c: &Ctx, periods: &EventRatingPeriods) -> Vec<String> {
    if periods.periods.len() < 2 {
        return Vec::new();
    }
    periods
        .periods
        .iter()
        .map(|p| {
            let month = p
                .period
                .map_or_else(|| c.t("norms-period-undated"), |m| m.to_string());
            let source = match (&p.list, p.later) {
                (_, false) => c.t("norms-period-registered"),
                (Some(l), true) => c.tr.targs(
                    "norms-period-list",
                    &[
                        ("file", l.file_name.as_str().into()),
                        ("loaded", c.local_datetime(&l.loaded_at).into()),
                    ],
                ),
                (None, true) => c.t1("norms-period-missing", "period", month.clone()),
            };
            let rounds = if p.first_round == p.last_round {
                p.first_round.to_string()
            } else {
                format!("{}–{}", p.first_round, p.last_round)
            };
            c.tr.targs(
                "norms-period",
                &[
                    ("count", (p.last_round - p.first_round + 1).into()),
                    ("rounds", rounds.into()),
                    ("period", month.into()),
                    ("source", source.into()),
                ],
            )
        })
        .collect()
}

fn halves_text(tr: &Tr, h: u32) -> String {
    tr.num(&format!("{}.{}", h / 2, if h % 2 == 1 { 5 } else { 0 }))
}

/// The opponents' titles that count for a norm's third (1.4.5b-e).
fn norm_titles(n: NormTitle) -> &'static str {
    match n {
        NormTitle::GM => "GM",
        NormTitle::IM => "GM/IM",
        NormTitle::WGM => "GM/IM/WGM",
        NormTitle::WIM => "GM/IM/WGM/WIM",
    }
}

fn shortfall_text(tr: &Tr, norm: NormTitle, s: &Shortfall) -> String {
    let a = |k: &'static str, v: Arg| (k, v);
    let article = a("article", s.article().into());
    match s {
        Shortfall::Games { played, required } => tr.targs(
            "shortfall-games",
            &[
                article,
                a("count", (*played).into()),
                a("required", (*required).into()),
            ],
        ),
        Shortfall::ForeignFederations { found, required } => tr.targs(
            "shortfall-foreign",
            &[
                article,
                a("count", (*found).into()),
                a("required", (*required).into()),
            ],
        ),
        Shortfall::OwnFederation { count, max } => tr.targs(
            "shortfall-own",
            &[
                article,
                a("count", (*count).into()),
                a("max", (*max).into()),
            ],
        ),
        Shortfall::OneFederation {
            federation,
            count,
            max,
        } => tr.targs(
            "shortfall-one",
            &[
                article,
                a("count", (*count).into()),
                a("federation", federation.as_str().into()),
                a("max", (*max).into()),
            ],
        ),
        Shortfall::Titleholders { count, required } => tr.targs(
            "shortfall-titleholders",
            &[
                article,
                a("count", (*count).into()),
                a("required", (*required).into()),
            ],
        ),
        Shortfall::NormTitles { count, required } => tr.targs(
            "shortfall-norm-titles",
            &[
                article,
                a("count", (*count).into()),
                a("titles", norm_titles(norm).into()),
                a("required", (*required).into()),
            ],
        ),
        Shortfall::Average { average, required } => tr.targs(
            "shortfall-average",
            &[
                article,
                a("average", average.to_string().into()),
                a("required", required.to_string().into()),
            ],
        ),
        Shortfall::Performance {
            performance,
            required,
        } => tr.targs(
            "shortfall-performance",
            &[
                article,
                a("performance", performance.to_string().into()),
                a("required", required.to_string().into()),
            ],
        ),
        Shortfall::Score { percent } => tr.targs(
            "shortfall-score",
            &[article, a("percent", (*percent).into())],
        ),
    }
}

/// One norm's status in words: (the status, its detail).
pub(crate) fn status_words(
    tr: &Tr,
    t: &Tournament,
    norm: NormTitle,
    status: &NormStatus,
) -> (String, String) {
    match status {
        NormStatus::Achieved(a) => {
            let e = &a.evaluation;
            let mut parts = vec![tr.targs(
                "norm-achieved-detail",
                &[
                    ("points", halves_text(tr, e.halves).into()),
                    ("games", e.games.into()),
                    ("average", e.average.to_string().into()),
                    ("performance", e.performance.to_string().into()),
                    ("norm_games", a.norm_games.into()),
                ],
            )];
            if let Some(id) = e.raised {
                let name = t.player(id).map_or(id.to_string(), |p| p.name.clone());
                parts.push(tr.t1("norm-raised", "name", name));
            }
            if !a.left_out.is_empty() {
                parts.push(tr.targs(
                    "norm-left-out",
                    &[
                        ("count", a.left_out.len().into()),
                        ("rounds", report::views::rounds_text(&a.left_out).into()),
                    ],
                ));
            }
            if a.eight_of_nine {
                parts.push(tr.t("norm-eight-of-nine"));
            }
            if a.extra_games > 0 {
                // The article stays out of the message: its digits are not the count's.
                parts.push(format!(
                    "{} (1.4.1d)",
                    tr.t1("norm-extra", "count", a.extra_games)
                ));
            }
            if a.made_after_round < t.recorded_rounds() {
                parts.push(tr.t1("norm-made-after", "round", a.made_after_round));
            }
            let sep = match tr.lang {
                crate::i18n::Lang::Fr => " ; ",
                crate::i18n::Lang::En => "; ",
            };
            (tr.t("norm-achieved"), parts.join(sep))
        }
        NormStatus::InReach {
            rounds_left,
            halves_needed,
            on_average,
            future_average,
            ..
        } => {
            let mut d = tr.targs(
                "norm-reach-detail",
                &[
                    ("points", halves_text(tr, *halves_needed).into()),
                    ("rounds", (*rounds_left).into()),
                    ("average", on_average.to_string().into()),
                ],
            );
            if let Some(f) = future_average {
                d.push_str(", ");
                d.push_str(&tr.t1("norm-reach-future", "average", f.to_string()));
            }
            (tr.t("norm-in-reach"), d)
        }
        NormStatus::NotPossible(why) => (
            tr.t("norm-not-possible"),
            why.iter()
                .map(|s| shortfall_text(tr, norm, s))
                .collect::<Vec<_>>()
                .join("; "),
        ),
    }
}

/// A player's norms in words: (norm, status, detail).
pub(crate) type NormLines = Vec<(String, String, String)>;

/// The player's card's norm lines and rating line, for the player of pairing number `number`.
pub(crate) fn card_lines(
    st: &AppState,
    tr: &Tr,
    id: EventId,
    number: u32,
) -> Result<(NormLines, String), AppError> {
    // This player's alone: a card is opened often, and a large open has many players.
    let e = st.store.event(id)?;
    let (t, round) = st.store.rated_tournament(id)?;
    let history = st.store.rating_periods(id)?.history;
    let lines = rating::player_norms(
        &t,
        &norm_settings(&e.settings),
        &history,
        round,
        tournament::PlayerId(number),
    )
    .map(|n| {
        n.norms
            .iter()
            .map(|(norm, s)| {
                let (status, mut detail) = status_words(tr, &t, *norm, s);
                if let Some(article) = n.exempt_under {
                    detail = format!("{detail} ({})", tr.t1("norm-exempt", "article", article));
                }
                (norm.code().to_string(), status, detail)
            })
            .collect()
    })
    .unwrap_or_default();
    let rating = rating::event_ratings(&t, &history, round, rating::KBasis::of)
        .into_iter()
        .find(|r| r.player.get() == number)
        .and_then(|r| match (r.change, r.k, r.initial) {
            (Some(change), Some((k, _)), _) => Some(tr.targs(
                "card-rating-change",
                &[
                    ("change", tr.num(&change.to_string()).into()),
                    ("k", k.get().into()),
                ],
            )),
            (None, _, Some(i)) => {
                Some(tr.t1("card-initial-rating", "rating", i.rating.to_string()))
            }
            _ => None,
        })
        .unwrap_or_default();
    Ok((lines, rating))
}

/// One line of the norms page.
pub(crate) struct NormLine {
    pub number: u32,
    pub name: String,
    pub federation: String,
    pub title: String,
    pub norm: String,
    pub status: String,
    pub detail: String,
    /// A norm achieved: its certificate's address.
    pub certificate: String,
}

/// The lines of a norms page: the norms achieved or in reach, then those not possible. A norm
/// achieved links to its certificate under `certificates` (`/events/1/norms`) when given.
pub(crate) fn page_lines(
    tr: &Tr,
    t: &Tournament,
    norms: &[PlayerNorms],
    certificates: Option<&str>,
) -> (Vec<NormLine>, Vec<NormLine>) {
    let mut lines = Vec::new();
    let mut impossible = Vec::new();
    for (pn, p) in norms.iter().zip(&t.players) {
        for (norm, s) in &pn.norms {
            let (status, mut detail) = status_words(tr, t, *norm, s);
            if let Some(article) = pn.exempt_under {
                detail = format!("{detail} ({})", tr.t1("norm-exempt", "article", article));
            }
            let line = NormLine {
                number: p.id.get(),
                name: p.name.clone(),
                federation: p.federation.clone().unwrap_or_default(),
                title: p.title.map(|t| t.code().to_string()).unwrap_or_default(),
                norm: norm.code().to_string(),
                status,
                detail,
                certificate: match (s, certificates) {
                    (NormStatus::Achieved(_), Some(base)) => {
                        format!("{base}/{}/{}", p.id.get(), norm.code())
                    }
                    _ => String::new(),
                },
            };
            match s {
                NormStatus::NotPossible(_) => impossible.push(line),
                _ => lines.push(line),
            }
        }
    }
    (lines, impossible)
}

/// The exemptions a settings form offers: (code, name in the page's language).
pub(crate) fn exemption_choices(tr: &Tr) -> Vec<(&'static str, String)> {
    store::NormExemption::ALL
        .iter()
        .map(|x| (x.as_str(), tr.t(&format!("norm-exemption-{}", x.as_str()))))
        .collect()
}

/// The sentence saying the event's exemption setting, or nothing.
pub(crate) fn exemption_text(tr: &Tr, e: store::NormExemption) -> String {
    if e == store::NormExemption::None {
        return String::new();
    }
    tr.t1(
        "norms-exemption",
        "exemption",
        tr.t(&format!("norm-exemption-{}", e.as_str())),
    )
}

#[derive(Template)]
#[template(path = "norms.html")]
struct NormsPage {
    c: Ctx,
    ev: EventView,
    intro: String,
    /// Where each rating period's ratings come from (empty within one period).
    periods: Vec<String>,
    exemption: String,
    lines: Vec<NormLine>,
    impossible: Vec<NormLine>,
}

async fn norms_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
) -> Page {
    let (_, ev) = views::event_view(&st, &c, id)?;
    let computed = compute(&st, id)?;
    let base = format!("/events/{id}/norms");
    let (lines, impossible) = page_lines(
        &c.tr,
        &computed.tournament,
        &computed.norms,
        Some(base.as_str()),
    );
    html(&NormsPage {
        intro: c.tr.targs(
            "norms-intro",
            &[
                ("round", computed.round.into()),
                ("rounds", computed.settings.rounds.into()),
            ],
        ),
        periods: period_lines(&c, &computed.periods),
        exemption: exemption_text(&c.tr, computed.settings.norm_exemption),
        lines,
        impossible,
        ev,
        c,
    })
}

/// Every player's norms as the API gives them, after `round` of `rounds`, under `exemption`.
pub(crate) fn norms_json(
    t: &Tournament,
    norms: &[PlayerNorms],
    round: u32,
    rounds: u32,
    exemption: store::NormExemption,
) -> Value {
    let mut report = NormsReport::new(t, norms, round, rounds, None);
    report.exemption = exemption.as_str();
    serde_json::to_value(report).expect("the norms report is plain data")
}

async fn norms_api(State(st): State<AppState>, _a: Arbiter, Path(id): Path<EventId>) -> Page {
    let c = compute(&st, id)?;
    Ok(axum::Json(norms_json(
        &c.tournament,
        &c.norms,
        c.round,
        c.settings.rounds,
        c.settings.norm_exemption,
    ))
    .into_response())
}

/// One labelled field of a form: the label and the value (empty: written by hand).
struct Field {
    label: String,
    value: String,
}

fn field(tr: &Tr, key: &str, value: impl Into<String>) -> Field {
    Field {
        label: tr.t(key),
        value: value.into(),
    }
}

/// What an event, individual or team, tells both forms about itself (empty: written by hand).
pub(crate) struct EventFacts {
    pub name: String,
    pub place: String,
    pub federation: String,
    /// `YYYY-MM-DD` or empty.
    pub start_date: String,
    pub end_date: String,
    /// The pairing system in the page's language.
    pub system: String,
    pub players: usize,
    pub rounds: u32,
    pub time_control: String,
    pub chief_arbiter: String,
    pub deputies: String,
}

/// What both forms are filled from: the event, its players' norms after `round`, and how their
/// games are read (the same as for the norms themselves).
pub(crate) struct NormForms<'a> {
    pub facts: EventFacts,
    pub tournament: &'a Tournament,
    pub norms: &'a [PlayerNorms],
    pub round: u32,
    pub history: &'a RatingHistory,
    pub predetermined: bool,
    pub exemption: store::NormExemption,
    /// Where each rating period's ratings come from (empty within one period).
    pub periods: Vec<String>,
}

/// One game of the certificate's table.
struct CertificateGame {
    round: u32,
    opponent: String,
    title: String,
    fide_id: String,
    federation: String,
    rating: String,
    result: String,
}

#[derive(Template)]
#[template(path = "norms_certificate.html")]
struct CertificatePage {
    c: Ctx,
    norm: String,
    candidate: Vec<Field>,
    event: Vec<Field>,
    games: Vec<CertificateGame>,
    totals: Vec<Field>,
    opponents: String,
    exemption: String,
}

/// What the event's facts fill in of both forms.
fn event_fields(tr: &Tr, f: &EventFacts, round: u32) -> Vec<Field> {
    let dates = match (f.start_date.as_str(), f.end_date.as_str()) {
        ("", "") => String::new(),
        (a, "") => tr.date(a),
        (a, b) => format!("{} – {}", tr.date(a), tr.date(b)),
    };
    vec![
        field(tr, "it1-event", f.name.clone()),
        field(tr, "it1-place", f.place.clone()),
        field(tr, "it1-event-federation", f.federation.clone()),
        field(tr, "it1-dates", dates),
        field(tr, "it1-system", f.system.clone()),
        field(tr, "it1-players", f.players.to_string()),
        field(tr, "it1-rounds", format!("{round} / {}", f.rounds)),
        field(tr, "it1-time-control", f.time_control.clone()),
        field(tr, "it1-chief-arbiter", f.chief_arbiter.clone()),
        field(tr, "it1-deputies", f.deputies.clone()),
    ]
}

/// An individual event's facts.
fn individual_facts(tr: &Tr, s: &store::EventSettings, t: &Tournament) -> EventFacts {
    EventFacts {
        name: s.name.to_string(),
        place: s.place.to_string(),
        federation: s.federation.clone(),
        start_date: s.start_date.clone(),
        end_date: s.end_date.clone(),
        system: views::system_text(tr, s),
        players: t.players.len(),
        rounds: s.rounds,
        time_control: s.time_control.to_string(),
        chief_arbiter: s.chief_arbiter.to_string(),
        deputies: s
            .deputy_arbiters
            .names()
            .iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(", "),
    }
}

fn result_text(r: GameResult) -> &'static str {
    match r {
        GameResult::Win => "1",
        GameResult::Draw => "½",
        GameResult::Loss => "0",
    }
}

async fn certificate_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path((id, number, norm)): Path<(EventId, u32, String)>,
) -> Page {
    let computed = compute(&st, id)?;
    let forms = NormForms {
        facts: individual_facts(&c.tr, &computed.settings, &computed.tournament),
        tournament: &computed.tournament,
        norms: &computed.norms,
        round: computed.round,
        history: &computed.periods.history,
        predetermined: computed.settings.system.is_round_robin(),
        exemption: computed.settings.norm_exemption,
        periods: period_lines(&c, &computed.periods),
    };
    certificate(c, forms, number, &norm)
}

/// The title result certificate (IT1) of player `number`'s norm `norm`, achieved after the
/// forms' round; not found otherwise.
pub(crate) fn certificate(c: Ctx, forms: NormForms, number: u32, norm: &str) -> Page {
    let t = forms.tournament;
    let wanted = NormTitle::ALL
        .into_iter()
        .find(|n| n.code() == norm)
        .ok_or(AppError::NotFound)?;
    let (pn, p) = forms
        .norms
        .iter()
        .zip(&t.players)
        .find(|(_, p)| p.id.get() == number)
        .ok_or(AppError::NotFound)?;
    let Some(NormStatus::Achieved(a)) = pn.norms.iter().find(|(n, _)| *n == wanted).map(|(_, s)| s)
    else {
        return Err(AppError::NotFound);
    };
    let tr = &c.tr;
    let sex = match p.sex {
        Some(tournament::Sex::Male) => "M",
        Some(tournament::Sex::Female) => "F",
        None => "",
    };
    let candidate = vec![
        field(tr, "it1-name", p.name.clone()),
        field(
            tr,
            "it1-fide-id",
            p.fide_id.map(|i| i.to_string()).unwrap_or_default(),
        ),
        field(
            tr,
            "it1-federation",
            p.federation.clone().unwrap_or_default(),
        ),
        field(tr, "it1-birth", p.birth_date.clone().unwrap_or_default()),
        field(tr, "it1-sex", sex),
        field(tr, "it1-title-norm", wanted.code()),
    ];
    let games: Vec<CertificateGame> =
        rating::norms::norm_games(t, p, forms.round, forms.history, forms.predetermined)
            .into_iter()
            .filter(|g| a.rounds.contains(&g.round))
            .map(|g| {
                let o = t.player(g.opponent);
                CertificateGame {
                    round: g.round,
                    opponent: o.map(|o| o.name.clone()).unwrap_or_default(),
                    title: g.title.map(|t| t.code().to_string()).unwrap_or_default(),
                    fide_id: o
                        .and_then(|o| o.fide_id)
                        .map(|i| i.to_string())
                        .unwrap_or_default(),
                    federation: g.federation.clone().unwrap_or_default(),
                    rating: g.rating.map(|r| r.to_string()).unwrap_or_default(),
                    result: result_text(g.result).to_string(),
                }
            })
            .collect();
    let e = &a.evaluation;
    let percent = rating::performance::percentage(e.halves, e.games).unwrap_or(0);
    let totals = vec![
        field(tr, "it1-games", e.games.to_string()),
        field(tr, "it1-score", halves_text(tr, e.halves)),
        field(tr, "it1-percent", format!("{percent} %")),
        field(tr, "it1-average", e.average.to_string()),
        field(tr, "it1-performance", e.performance.to_string()),
        field(tr, "it1-norm-games", a.norm_games.to_string()),
    ];
    let counted: Vec<&CertificateGame> = games.iter().collect();
    let count = |f: &dyn Fn(&CertificateGame) -> bool| counted.iter().filter(|g| f(g)).count();
    let titled = count(&|g| !g.title.is_empty() && g.title != "CM" && g.title != "WCM");
    let own = p.federation.clone().unwrap_or_default();
    let foreign: std::collections::BTreeSet<&str> = counted
        .iter()
        .map(|g| g.federation.as_str())
        .filter(|f| !f.is_empty() && *f != "FID" && *f != own)
        .collect();
    let opponents = tr.targs(
        "it1-opponents",
        &[
            ("titled", titled.into()),
            ("gm", count(&|g| g.title == Title::GM.code()).into()),
            ("im", count(&|g| g.title == Title::IM.code()).into()),
            ("wgm", count(&|g| g.title == Title::WGM.code()).into()),
            ("wim", count(&|g| g.title == Title::WIM.code()).into()),
            ("foreign", foreign.len().into()),
            (
                "own",
                count(&|g| !own.is_empty() && g.federation == own).into(),
            ),
        ],
    );
    let exemption = match pn.exempt_under {
        Some(article) => tr.t1("it1-exemption", "which", article),
        None => String::new(),
    };
    html(&CertificatePage {
        norm: wanted.code().to_string(),
        candidate,
        event: event_fields(tr, &forms.facts, forms.round),
        games,
        totals,
        opponents,
        exemption,
        c,
    })
}

/// One title result of the report.
struct ReportLine {
    name: String,
    fide_id: String,
    federation: String,
    norm: String,
    games: u32,
    score: String,
    average: i32,
    performance: i32,
}

#[derive(Template)]
#[template(path = "norms_report.html")]
struct ReportPage {
    c: Ctx,
    event: Vec<Field>,
    field_facts: Vec<Field>,
    /// Where each rating period's ratings come from (empty within one period).
    periods: Vec<String>,
    results: Vec<ReportLine>,
}

async fn report_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
) -> Page {
    let computed = compute(&st, id)?;
    let forms = NormForms {
        facts: individual_facts(&c.tr, &computed.settings, &computed.tournament),
        tournament: &computed.tournament,
        norms: &computed.norms,
        round: computed.round,
        history: &computed.periods.history,
        predetermined: computed.settings.system.is_round_robin(),
        exemption: computed.settings.norm_exemption,
        periods: period_lines(&c, &computed.periods),
    };
    report(c, forms)
}

/// The tournament report (IT3): every norm achieved after the forms' round.
pub(crate) fn report(c: Ctx, forms: NormForms) -> Page {
    let t = forms.tournament;
    let tr = &c.tr;
    let mut results = Vec::new();
    for (pn, p) in forms.norms.iter().zip(&t.players) {
        for (norm, s) in &pn.norms {
            if let NormStatus::Achieved(a) = s {
                results.push(ReportLine {
                    name: p.name.clone(),
                    fide_id: p.fide_id.map(|i| i.to_string()).unwrap_or_default(),
                    federation: p.federation.clone().unwrap_or_default(),
                    norm: norm.code().to_string(),
                    games: a.norm_games,
                    score: format!(
                        "{} / {}",
                        halves_text(tr, a.evaluation.halves),
                        a.evaluation.games
                    ),
                    average: a.evaluation.average,
                    performance: a.evaluation.performance,
                });
            }
        }
    }
    let federations: std::collections::BTreeSet<&str> = t
        .players
        .iter()
        .filter_map(|p| p.federation.as_deref())
        .filter(|f| !f.is_empty())
        .collect();
    let titled = t
        .players
        .iter()
        .filter(|p| {
            matches!(
                p.title,
                Some(Title::GM | Title::IM | Title::WGM | Title::WIM)
            )
        })
        .count();
    let field_facts = vec![
        field(
            tr,
            "it3-rated-players",
            t.players
                .iter()
                .filter(|p| p.rating.is_some())
                .count()
                .to_string(),
        ),
        field(tr, "it3-federations", federations.len().to_string()),
        field(tr, "it3-titled", titled.to_string()),
        field(
            tr,
            "it3-exemption",
            match forms.exemption {
                store::NormExemption::None => tr.t("norm-exemption-none"),
                e => format!(
                    "{} ({})",
                    tr.t(&format!("norm-exemption-{}", e.as_str())),
                    e.article()
                ),
            },
        ),
    ];
    html(&ReportPage {
        event: event_fields(tr, &forms.facts, forms.round),
        field_facts,
        periods: forms.periods,
        results,
        c,
    })
}
