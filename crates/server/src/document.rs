//! Documents for the command line's `--format html`, rendered with the pages' own templates and
//! catalogues (CSS inlined, no script), so that a list printed from a TRF file looks like the
//! one printed from the web application.

use askama::Template;
use std::net::{IpAddr, Ipv4Addr};

use crate::context::Ctx;
use crate::error::AppError;
use crate::i18n::{Lang, Tr};
use crate::views::{self, LegendItem, StandingView};

#[derive(Template)]
#[template(path = "document_standings.html")]
struct StandingsDocument {
    c: Ctx,
    name: String,
    sub: String,
    heading: String,
    css: &'static str,
    rows: Vec<StandingView>,
    codes: Vec<String>,
    legend: Vec<LegendItem>,
}

/// The context of a document: a language and nothing of a visitor's.
fn context(lang: Lang) -> Ctx {
    Ctx {
        tr: Tr::new(lang),
        user: None,
        session_token: None,
        csrf: String::new(),
        path: String::new(),
        api: false,
        client_ip: IpAddr::V4(Ipv4Addr::LOCALHOST),
    }
}

/// The standings of `t` as computed by the tie-break engine, as one standalone HTML page:
/// the event's name, place and dates, the places with federation, title and rating, the
/// tie-break values and the legend of their codes.
pub fn standings(
    lang: Lang,
    t: &tournament::Tournament,
    s: &tiebreak::Standings,
) -> Result<String, AppError> {
    let c = context(lang);
    let codes: Vec<String> = s.tiebreaks.iter().map(|tb| tb.to_string()).collect();
    let rows = s
        .rows
        .iter()
        .map(|r| {
            let p = t.player(r.id);
            store::StandingRow {
                rank: r.rank,
                shared: r.rank_to != r.rank,
                player: store::Player {
                    id: i64::from(r.id.get()),
                    number: r.id.get(),
                    details: store::NewPlayer {
                        name: r.name.clone(),
                        title: p
                            .and_then(|p| p.title)
                            .map(|t| t.code().to_string())
                            .unwrap_or_default(),
                        rating: p.and_then(|p| p.rating),
                        national_rating: p.and_then(|p| p.national_rating),
                        federation: p.and_then(|p| p.federation.clone()).unwrap_or_default(),
                        fide_id: p.and_then(|p| p.fide_id),
                        ..store::NewPlayer::default()
                    },
                    present: true,
                    withdrawn_from: None,
                },
                points: r.points,
                values: r
                    .values
                    .iter()
                    .zip(&s.tiebreaks)
                    .map(|(v, tb)| v.map(|v| tb.value_text(v)).unwrap_or_default())
                    .collect(),
            }
        })
        .collect();
    let after = tournament::rounds::played_rounds_in_file(t);
    let standings = store::Standings {
        after_round: after,
        tiebreak_codes: codes.clone(),
        rows,
    };
    let h = &t.header;
    let date = |d: &Option<String>| {
        d.as_deref()
            .map(|d| c.tr.date(&d.replace('/', "-")))
            .unwrap_or_default()
    };
    let dates = match (date(&h.start_date), date(&h.end_date)) {
        (a, b) if a.is_empty() => b,
        (a, b) if b.is_empty() || a == b => a,
        (a, b) => format!("{a} – {b}"),
    };
    let sub = [h.city.clone().unwrap_or_default(), dates]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" · ");
    let heading = if after > 0 {
        c.t1("standings-after", "round", after)
    } else {
        c.t("standings-start")
    };
    let doc = StandingsDocument {
        name: h.name.clone().unwrap_or_else(|| c.t("tab-standings")),
        sub,
        heading,
        css: include_str!("../static/export.css"),
        rows: views::standings_rows(&c.tr, &standings),
        legend: views::legend(&c.tr, &codes),
        codes,
        c,
    };
    Ok(doc.render()?)
}
