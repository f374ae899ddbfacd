//! Standalone documents (the command line's `--format html`), rendered with the partials the
//! web application's pages include and with its catalogues (CSS inlined, no script), so that a
//! list printed from a TRF file looks like the one printed from the web application.

use std::collections::HashMap;

use askama::Template;
use tournament::{Entry, GameResult, Tournament};

use crate::i18n::{Lang, Tr};
use crate::views::{
    self, CrossCell, CrossRow, LegendItem, PlayerRow, PlayerView, RoundView, StandingRow,
    StandingView, Standings, TeamStandingView,
};
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
    /// The performance column is shown (after the tie-breaks).
    perf: bool,
    /// The rating change column is shown (last).
    delo: bool,
    legend: Vec<LegendItem>,
}

#[derive(Template)]
#[template(path = "document_pairings.html")]
struct PairingsDocument {
    c: Tr,
    name: String,
    sub: String,
    heading: String,
    css: &'static str,
    round: RoundView,
}

#[derive(Template)]
#[template(path = "document_players.html")]
struct PlayersDocument {
    c: Tr,
    name: String,
    sub: String,
    heading: String,
    css: &'static str,
    players: Vec<PlayerView>,
}

#[derive(Template)]
#[template(path = "document_team_standings.html")]
struct TeamStandingsDocument {
    c: Tr,
    name: String,
    sub: String,
    heading: String,
    css: &'static str,
    rows: Vec<TeamStandingView>,
    codes: Vec<String>,
    legend: Vec<LegendItem>,
}

#[derive(Template)]
#[template(path = "document_crosstable.html")]
struct CrosstableDocument {
    c: Tr,
    name: String,
    sub: String,
    heading: String,
    css: &'static str,
    round_numbers: Vec<u32>,
    rows: Vec<CrossRow>,
    codes: Vec<String>,
    legend: Vec<LegendItem>,
}

/// The engine's standings of `t` as the renderer's plain rows (players keyed by their pairing
/// number), after the last round played in the file.
fn plain_standings(t: &Tournament, s: &tiebreak::Standings) -> Standings {
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
                performance: None,
                rating_change: None,
            }
        })
        .collect();
    // A list read from a file shows the tie-breaks asked for and no more (TPR is one of them
    // when wanted); the performance column is the web application's.
    Standings {
        after_round: tournament::rounds::played_rounds_in_file(t),
        tiebreak_codes: s.tiebreaks.iter().map(|tb| tb.to_string()).collect(),
        performance_column: false,
        rating_change_column: false,
        rows,
    }
}

/// The event's name (or `fallback`) and its line below: place and dates in the locale.
fn event_lines(c: &Tr, t: &Tournament, fallback: &str) -> (String, String) {
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
    (h.name.clone().unwrap_or_else(|| c.t(fallback)), sub)
}

/// "Standings after round 5", or the starting rank before any result.
fn standings_heading(c: &Tr, after: u32) -> String {
    if after > 0 {
        c.t1("standings-after", "round", after)
    } else {
        c.t("standings-start")
    }
}

/// The event as a document's header shows it: its name and the line below (place and dates,
/// already in the document's language).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EventHeader {
    pub name: String,
    pub sub: String,
}

/// The standings of `t` as computed by the tie-break engine, as one standalone HTML page:
/// the event's name, place and dates, the places with federation, title and rating, the
/// tie-break values and the legend of their codes.
pub fn standings(
    lang: Lang,
    t: &Tournament,
    s: &tiebreak::Standings,
) -> Result<String, ReportError> {
    let c = Tr::new(lang);
    let (name, sub) = event_lines(&c, t, "tab-standings");
    standings_page(lang, &EventHeader { name, sub }, &plain_standings(t, s))
}

/// Standings the caller computed (the server's, from its store), as the same standalone page
/// as [`standings`]: the web application's table and legend under the event's header.
pub fn standings_page(
    lang: Lang,
    event: &EventHeader,
    standings: &Standings,
) -> Result<String, ReportError> {
    let c = Tr::new(lang);
    let doc = StandingsDocument {
        name: event.name.clone(),
        sub: event.sub.clone(),
        heading: standings_heading(&c, standings.after_round),
        css: crate::EXPORT_CSS,
        rows: views::standings_rows(&c, standings),
        legend: views::standings_legend(&c, standings),
        codes: standings.tiebreak_codes.clone(),
        perf: standings.performance_column,
        delo: standings.rating_change_column,
        c,
    };
    Ok(doc.render()?)
}

/// A round's pairing list as one standalone HTML page: board, White (number, title, name,
/// rating, points before the round), result, Black, and the byes under it; the table is the
/// partial the server's static export prints each round with. `round`'s strings are in
/// `lang` already (points, bye kinds).
pub fn pairings(lang: Lang, event: &EventHeader, round: &RoundView) -> Result<String, ReportError> {
    let c = Tr::new(lang);
    let doc = PairingsDocument {
        name: event.name.clone(),
        sub: event.sub.clone(),
        heading: format!(
            "{} — {}",
            c.t("pairings"),
            c.t1("round-n", "round", round.number)
        ),
        css: crate::EXPORT_CSS,
        round: round.clone(),
        c,
    };
    Ok(doc.render()?)
}

/// The list of players by pairing number (title, rating, federation, points, checked in,
/// withdrawn) as one standalone HTML page; `players`' strings are in `lang` already.
pub fn players(
    lang: Lang,
    event: &EventHeader,
    players: &[PlayerView],
) -> Result<String, ReportError> {
    let c = Tr::new(lang);
    let doc = PlayersDocument {
        name: event.name.clone(),
        sub: event.sub.clone(),
        heading: c.t("tab-players"),
        css: crate::EXPORT_CSS,
        players: players.to_vec(),
        c,
    };
    Ok(doc.render()?)
}

/// The team standings of `t` (TRF `013`/`310` teams) as computed by the tie-break engine, as
/// one standalone HTML page like [`standings`]: the event's header, each team's place, number,
/// name, match and game points and tie-break values, and the legend of the codes.
pub fn team_standings(
    lang: Lang,
    t: &Tournament,
    s: &tiebreak::TeamStandings,
) -> Result<String, ReportError> {
    let c = Tr::new(lang);
    let (name, sub) = event_lines(&c, t, "team-standings");
    let after = tournament::rounds::played_rounds_in_file(t);
    let heading = if after > 0 {
        c.t1("team-standings-after", "round", after)
    } else {
        c.t("team-standings")
    };
    let value = |v: tiebreak::Value| c.num(&v.to_string());
    // MP and GP have their columns already: a tie-break list naming them (GP, EDE, SB) would
    // show them twice.
    let shown: Vec<usize> = (0..s.tiebreaks.len())
        .filter(|&i| !matches!(s.tiebreaks[i].to_string().as_str(), "MP" | "GP"))
        .collect();
    let rows = s
        .rows
        .iter()
        .map(|r| TeamStandingView {
            place: c.place(r.rank, r.rank_to),
            number: r.number,
            name: r.name.clone(),
            match_points: value(r.match_points),
            game_points: value(r.game_points),
            values: shown
                .iter()
                .map(|&i| match &r.values[i] {
                    tiebreak::TeamValue::One(Some(x)) => c.num(&s.tiebreaks[i].value_text(*x)),
                    other => c.num(&other.to_string()),
                })
                .collect(),
        })
        .collect();
    let codes: Vec<String> = shown.iter().map(|&i| s.tiebreaks[i].to_string()).collect();
    let doc = TeamStandingsDocument {
        name,
        sub,
        heading,
        css: crate::EXPORT_CSS,
        rows,
        legend: views::legend(&c, &codes),
        codes,
        c,
    };
    Ok(doc.render()?)
}

/// A round of a TRF player's as a crosstable cell: opponent, colour, result.
fn cross_cell(e: &Entry) -> CrossCell {
    let result = match e {
        Entry::Played { result, .. } => match result {
            GameResult::Win => "1",
            GameResult::Draw => "½",
            GameResult::Loss => "0",
        },
        Entry::ForfeitWin { .. } | Entry::PairingBye => "+",
        Entry::ForfeitLoss { .. } | Entry::DoubleForfeit { .. } => "-",
        Entry::FullBye => "1",
        Entry::HalfBye => "½",
        Entry::ZeroBye => "0",
        Entry::NotPaired | Entry::Withdrawn => "",
    };
    CrossCell {
        opponent: e.opponent().map(|o| o.get()),
        colour: e.color(),
        result: result.to_string(),
    }
}

/// The crosstable of `t` (players in the order of the standings `s`; each round's cell the
/// opponent's line, the colour and the result) as one standalone HTML page, with the same
/// title, columns and legend as the standings.
pub fn crosstable(
    lang: Lang,
    t: &Tournament,
    s: &tiebreak::Standings,
) -> Result<String, ReportError> {
    let c = Tr::new(lang);
    let standings = plain_standings(t, s);
    let after = standings.after_round;
    let cells: HashMap<u32, Vec<CrossCell>> = t
        .players
        .iter()
        .map(|p| {
            let rounds = p.rounds.iter().take(after as usize).map(cross_cell);
            (p.id.get(), rounds.collect())
        })
        .collect();
    let (name, sub) = event_lines(&c, t, "tab-crosstable");
    let heading = if after > 0 {
        format!(
            "{} — {}",
            c.t("tab-crosstable"),
            c.t1("standings-after", "round", after)
        )
    } else {
        c.t("tab-crosstable")
    };
    let doc = CrosstableDocument {
        name,
        sub,
        heading,
        css: crate::EXPORT_CSS,
        round_numbers: (1..=after).collect(),
        rows: views::crosstable(&c, &standings, &cells),
        legend: views::legend(&c, &standings.tiebreak_codes),
        codes: standings.tiebreak_codes,
        c,
    };
    Ok(doc.render()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open() -> (Tournament, tiebreak::Standings) {
        let t = tournament::trf::read(include_str!("../../../examples/chess/open.trf")).unwrap();
        let list = tiebreak::parse_list("BH/C1,BH").unwrap();
        let s = tiebreak::standings(&t, &list, &tiebreak::Options::default()).unwrap();
        (t, s)
    }

    #[test]
    fn crosstable_page_in_both_languages() {
        let (t, s) = open();
        let en = crosstable(Lang::En, &t, &s).unwrap();
        let fr = crosstable(Lang::Fr, &t, &s).unwrap();
        let rounds = tournament::rounds::played_rounds_in_file(&t);
        assert!(rounds > 0);
        assert!(en.contains("<html lang=\"en\">") && fr.contains("<html lang=\"fr\">"));
        assert!(en.contains(&format!("Crosstable — Standings after round {rounds}")));
        assert!(fr.contains("Grille américaine"));
        for page in [&en, &fr] {
            assert!(page.contains("<th class=\"tb\">BH/C1</th>"));
            assert_eq!(page.matches("<tr id=\"cross-").count(), t.players.len());
            assert_eq!(
                page.matches("<td class=\"cell\">").count(),
                t.players.len() * rounds as usize
            );
            assert!(page.contains("<section class=\"legend\" id=\"legend\">"));
        }
        // The winner's first cell names an opponent's line, a colour and a result.
        let first = en.split("<td class=\"cell\">").nth(1).unwrap();
        let cell = first.split('<').next().unwrap();
        assert!(cell.contains('w') || cell.contains('b'), "{cell}");
        assert!(
            !fr.contains("<td class=\"cell\">1w"),
            "French colours are B/N"
        );
    }

    /// Every standalone document, printed, numbers its pages ("Page 2 / 5" at the foot).
    #[test]
    fn every_document_numbers_its_printed_pages() {
        let (t, s) = open();
        for lang in [Lang::En, Lang::Fr] {
            let pages = [
                standings(lang, &t, &s).unwrap(),
                crosstable(lang, &t, &s).unwrap(),
            ];
            for page in pages {
                let margins = page
                    .split("<style media=\"print\">")
                    .nth(1)
                    .and_then(|rest| rest.split("</style>").next())
                    .expect("a print style");
                assert!(
                    margins.contains(
                        "@bottom-right { content: \"Page \" counter(page) \" / \" counter(pages);"
                    ),
                    "{margins}"
                );
            }
        }
    }
}
