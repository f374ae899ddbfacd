//! Standalone documents (the command line's `--format html`), rendered with the partials the
//! web application's pages include and with its catalogues (CSS inlined, no script), so that a
//! list printed from a TRF file looks like the one printed from the web application.

use askama::Template;

use crate::i18n::{Lang, Tr};
use crate::views::{self, LegendItem, PlayerRow, StandingRow, StandingView};
use crate::ReportError;

#[derive(Template)]
#[template(path = "document_standings.html")]
struct StandingsDocument {
    /// The translator: the templates call `c.t(…)` as the server's pages do.
    c: Tr,
    name: String,
    sub: String,
    heading: String,
    css: &'static str,
    rows: Vec<StandingView>,
    codes: Vec<String>,
    legend: Vec<LegendItem>,
}

/// The standings of `t` as computed by the tie-break engine, as one standalone HTML page:
/// the event's name, place and dates, the places with federation, title and rating, the
/// tie-break values and the legend of their codes.
pub fn standings(
    lang: Lang,
    t: &tournament::Tournament,
    s: &tiebreak::Standings,
) -> Result<String, ReportError> {
    let c = Tr::new(lang);
    let codes: Vec<String> = s.tiebreaks.iter().map(|tb| tb.to_string()).collect();
    let rows = s
        .rows
        .iter()
        .map(|r| {
            let p = t.player(r.id);
            StandingRow {
                rank: r.rank,
                shared: r.rank_to != r.rank,
                player: PlayerRow {
                    id: i64::from(r.id.get()),
                    number: r.id.get(),
                    name: r.name.clone(),
                    title: p
                        .and_then(|p| p.title)
                        .map(|t| t.code().to_string())
                        .unwrap_or_default(),
                    rating: p.and_then(|p| p.rating),
                    federation: p.and_then(|p| p.federation.clone()).unwrap_or_default(),
                    fide_id: p.and_then(|p| p.fide_id),
                    present: true,
                    ..PlayerRow::default()
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
    let standings = views::Standings {
        after_round: after,
        tiebreak_codes: codes.clone(),
        rows,
    };
    let h = &t.header;
    let date = |d: &Option<String>| {
        d.as_deref()
            .map(|d| c.date(&d.replace('/', "-")))
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
        css: crate::EXPORT_CSS,
        rows: views::standings_rows(&c, &standings),
        legend: views::legend(&c, &codes),
        codes,
        c,
    };
    Ok(doc.render()?)
}
