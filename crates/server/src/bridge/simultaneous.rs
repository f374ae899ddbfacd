//! Simultaneous pairs: the director uploads other clubs' results of the session's deals (their
//! USEBIO or PBN files) and the page ranks the whole field, each pair's club place beside it;
//! the same ranking as CSV.

use askama::Template;
use axum::extract::{Multipart, Path, Query, State};
use axum::response::{IntoResponse, Redirect, Response};
use bridge::score::Field;
use bridge::{FieldKind, Ratio};
use serde::Deserialize;
use store::bridge::{SessionId, SimClubId, Simultaneous};
use store::text::Label;

use super::SessionView;
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::{Guard, Kind, Routes};
use crate::i18n::Tr;
use crate::limit::MAX_BODY;
use crate::page::{attachment, blocking, html};
use crate::AppState;

type Page = Result<Response, AppError>;

pub fn routes() -> Routes {
    Routes::new()
        .get("/bridge/{id}/simultaneous", simultaneous_page)
        .get("/bridge/{id}/simultaneous.csv", simultaneous_csv)
        .post_limited(
            "/bridge/{id}/simultaneous",
            Guard::Whole(Kind::BridgeSession),
            MAX_BODY,
            add_club,
        )
        .post(
            "/bridge/{id}/simultaneous/{cid}/remove",
            Guard::Whole(Kind::BridgeSession),
            remove_club,
        )
}

/// An uploaded club as the page lists it.
#[derive(Debug, Clone)]
pub struct UploadView {
    pub id: SimClubId,
    pub club: String,
    pub file: String,
    pub boards: usize,
    pub lines: usize,
}

/// One pair over the whole field.
#[derive(Debug, Clone)]
pub struct SimRow {
    pub rank: String,
    pub pair: String,
    pub names: String,
    pub club: String,
    /// This session's own pair (highlighted).
    pub own: bool,
    pub total: String,
    pub top: String,
    pub percent: String,
    pub boards: u32,
    pub local_rank: String,
    pub local_percent: String,
}

/// One ranking of the field (NS, EW, or all).
#[derive(Debug, Clone)]
pub struct SimField {
    pub code: &'static str,
    pub label: String,
    pub rows: Vec<SimRow>,
}

fn place(rank: u32, tied: bool) -> String {
    if tied {
        format!("{rank}=")
    } else {
        rank.to_string()
    }
}

/// The combined ranking's rows in the reader's language (numbers with two decimals).
fn fields(tr: &Tr, sim: &Simultaneous, labels: bridge::movement::PairLabels) -> Vec<SimField> {
    let num = |v: Ratio| tr.num(&v.to_fixed(2));
    let mut out: Vec<SimField> = Vec::new();
    for s in &sim.combined.ranking {
        let (code, label) = match (sim.combined.field, s.field) {
            (FieldKind::One, _) | (_, Field::All) => ("all", String::new()),
            (FieldKind::Two, Field::NorthSouth) => ("ns", tr.t("bridge-field-ns")),
            (FieldKind::Two, Field::EastWest) => ("ew", tr.t("bridge-field-ew")),
        };
        if out.last().is_none_or(|f| f.code != code) {
            out.push(SimField {
                code,
                label,
                rows: Vec::new(),
            });
        }
        let own = s.club == 0;
        // The session's own pairs as its pages number them; another club's by its number and,
        // in a two-field club, its line.
        let pair = if own {
            report::bridge::pair_text(tr, labels, s.pair)
        } else {
            match s.local.as_ref().map(|l| l.field) {
                Some(Field::EastWest) => format!("{} {}", s.pair, tr.t("bridge-ew")),
                _ => s.pair.to_string(),
            }
        };
        let local = s.local.as_ref();
        out.last_mut().expect("pushed above").rows.push(SimRow {
            rank: place(s.rank, s.tied),
            pair,
            names: sim.names[s.club].get(&s.pair).cloned().unwrap_or_default(),
            club: sim.clubs[s.club].clone(),
            own,
            total: num(s.total),
            top: num(s.top),
            percent: s.percent.map(num).unwrap_or_default(),
            boards: s.boards,
            local_rank: local.map(|l| place(l.rank, l.tied)).unwrap_or_default(),
            local_percent: local.and_then(|l| l.percent).map(num).unwrap_or_default(),
        });
    }
    out
}

#[derive(Template)]
#[template(path = "bridge/simultaneous.html")]
struct SimPage {
    c: Ctx,
    s: SessionView,
    tab: &'static str,
    version: i64,
    own_club: String,
    uploads: Vec<UploadView>,
    fields: Vec<SimField>,
    matchpoints: bool,
    count: String,
    style: &'static str,
    added: String,
    unchecked: String,
}

#[derive(Debug, Deserialize, Default)]
struct AddedQuery {
    /// The upload just added (its club named in the notice).
    added: Option<SimClubId>,
    unchecked: Option<String>,
}

async fn simultaneous_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<SessionId>,
    Query(q): Query<AddedQuery>,
) -> Page {
    let session = st.store.bridge_session(id)?;
    let s = super::director_view(&st, &session, &c.tr)?;
    let store = st.store.clone();
    let sim = blocking(move || store.simultaneous(id)).await?;
    let labels = st.store.pair_labels(id)?;
    let own_club = if s.club.is_empty() {
        c.tr.t("bridge-sim-own-club-unnamed")
    } else {
        c.tr.t1("bridge-sim-own-club", "club", s.club.clone())
    };
    let uploads = sim
        .uploads
        .iter()
        .map(|u| UploadView {
            id: u.id,
            club: u.club.clone(),
            file: u.file.clone(),
            boards: u.boards,
            lines: u.lines,
        })
        .collect();
    let fields = fields(&c.tr, &sim, labels);
    let added = q
        .added
        .and_then(|a| sim.uploads.iter().find(|u| u.id == a))
        .map(|u| c.tr.t1("bridge-sim-added", "club", u.club.clone()))
        .unwrap_or_default();
    let unchecked = q
        .unchecked
        .filter(|u| !u.is_empty())
        .map(|b| c.tr.t1("bridge-sim-unchecked", "boards", b))
        .unwrap_or_default();
    html(&SimPage {
        version: s.version,
        tab: "simultaneous",
        own_club,
        uploads,
        matchpoints: sim.combined.ranking.iter().all(|r| r.percent.is_some()),
        count: c.tr.targs(
            "bridge-sim-pairs",
            &[
                ("pairs", sim.combined.ranking.len().into()),
                ("clubs", sim.clubs.len().into()),
            ],
        ),
        style: super::STYLE,
        fields,
        added,
        unchecked,
        s,
        c,
    })
}

/// The club's name and its file from the upload form.
async fn club_upload(mut form: Multipart) -> Result<(String, String, String), AppError> {
    let (mut club, mut file) = (None, None);
    while let Some(field) = form
        .next_field()
        .await
        .map_err(|e| AppError::BadRequest(format!("upload: {e}")))?
    {
        match field.name() {
            Some("club") => {
                let text = field
                    .text()
                    .await
                    .map_err(|e| AppError::BadRequest(format!("upload: {e}")))?;
                club = Some(text);
            }
            Some("file") => file = Some(super::upload_file(field).await?),
            _ => {}
        }
    }
    let club = club.unwrap_or_default();
    if club.trim().is_empty() {
        return Err(AppError::invalid("club", "the club's name", "nothing"));
    }
    let (name, text) = file.ok_or_else(|| AppError::invalid("file", "a file", "nothing"))?;
    Ok((club, name, text))
}

async fn add_club(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<SessionId>,
    form: Multipart,
) -> Page {
    let (club, name, text) = club_upload(form).await?;
    let label: Label = club
        .parse()
        .map_err(|e: store::text::TextError| AppError::from(e.invalid("club", 200)))?;
    let store = st.store.clone();
    let (added, unchecked) =
        blocking(move || store.add_sim_club(&a.username, id, &label, &name, &text)).await?;
    let unchecked: Vec<String> = unchecked.iter().map(u32::to_string).collect();
    let to = format!(
        "/bridge/{id}/simultaneous?added={added}&unchecked={}",
        unchecked.join(",")
    );
    Ok(Redirect::to(&to).into_response())
}

async fn remove_club(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, cid)): Path<(SessionId, SimClubId)>,
) -> Page {
    let store = st.store.clone();
    blocking(move || store.remove_sim_club(&a.username, id, cid)).await?;
    Ok(Redirect::to(&format!("/bridge/{id}/simultaneous")).into_response())
}

/// The whole field's ranking as CSV, in the page's language (`;` and decimal commas in French).
pub(crate) fn csv_text(
    tr: &Tr,
    sim: &Simultaneous,
    labels: bridge::movement::PairLabels,
) -> String {
    let d = report::csv::Dialect::of(tr.lang);
    let mut out = d.start().to_string();
    let header = [
        "csv-sim-field",
        "csv-sim-rank",
        "csv-sim-pair",
        "csv-sim-names",
        "csv-sim-club",
        "csv-sim-total",
        "csv-sim-top",
        "csv-sim-percent",
        "csv-sim-boards",
        "csv-sim-local-rank",
        "csv-sim-local-percent",
    ]
    .map(|k| tr.t(k));
    out.push_str(&d.row(header));
    out.push('\n');
    let plain = |v: &str| d.number(&v.replace(',', "."));
    for f in fields(tr, sim, labels) {
        let field = if f.label.is_empty() {
            String::new()
        } else {
            f.label.clone()
        };
        for r in &f.rows {
            out.push_str(&d.row([
                field.clone(),
                r.rank.clone(),
                r.pair.clone(),
                r.names.clone(),
                r.club.clone(),
                plain(&r.total),
                plain(&r.top),
                plain(&r.percent),
                r.boards.to_string(),
                r.local_rank.clone(),
                plain(&r.local_percent),
            ]));
            out.push('\n');
        }
    }
    out
}

async fn simultaneous_csv(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<SessionId>,
) -> Page {
    let store = st.store.clone();
    let sim = blocking(move || store.simultaneous(id)).await?;
    let labels = st.store.pair_labels(id)?;
    Ok(attachment(
        "text/csv; charset=utf-8",
        &format!("simultaneous-{id}.csv"),
        csv_text(&c.tr, &sim, labels).into_bytes(),
    ))
}
