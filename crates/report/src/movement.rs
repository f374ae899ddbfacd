//! A bridge movement as one printable page: the description, the layout round by round, a card
//! for each table (who sits there, which boards, where the boards go next) and a guide card for
//! each pair (where to sit, against whom, which boards), in French or English. The text form
//! stays with the movement (`bridge::movement::overview_text` and its siblings).
//!
//! ```
//! use bridge::movement::{build, Kind, Options};
//! let m = build(Kind::Howell, 4, &Options::default()).unwrap();
//! let page = report::movement::html(report::i18n::Lang::Fr, &m).unwrap();
//! assert!(page.contains("<title>Howell, 4 tables</title>"));
//! assert!(page.contains("<h2>Cartes de table</h2>"));
//! ```

use std::collections::BTreeMap;

use askama::Template;
use bridge::movement::{range_label, Direction, EvenTables, Kind, Movement, NextStop, PairLabels};
use bridge::session::FieldKind;

use crate::i18n::{Lang, Tr};
use crate::ReportError;

/// The stylesheet of the movement page (cards kept whole on a printed sheet).
const MOVEMENT_CSS: &str = include_str!("../static/movement.css");

/// One cell of a card's table.
#[derive(Debug, Clone, Default)]
pub struct Cell {
    pub text: String,
    /// A number, right-aligned.
    pub num: bool,
}

/// A titled table: a round's layout, a table card or a pair's guide card.
#[derive(Debug, Clone, Default)]
pub struct Grid {
    pub title: String,
    /// Empty when there is nothing to add.
    pub note: String,
    pub headers: Vec<String>,
    pub rows: Vec<Vec<Cell>>,
}

/// A part of the page: its heading, its class (`round` or `card`) and its grids.
#[derive(Debug, Clone, Default)]
pub struct Part {
    pub heading: String,
    pub class: &'static str,
    pub grids: Vec<Grid>,
}

#[derive(Template)]
#[template(path = "movement.html")]
struct MovementPage {
    c: Tr,
    title: String,
    css: &'static str,
    description: Vec<String>,
    parts: Vec<Part>,
}

fn num(n: impl ToString) -> Cell {
    Cell {
        text: n.to_string(),
        num: true,
    }
}

fn text(s: impl Into<String>) -> Cell {
    Cell {
        text: s.into(),
        num: false,
    }
}

fn pair(tr: &Tr, labels: PairLabels, p: Option<u32>) -> Cell {
    p.map_or_else(
        || num("-"),
        |p| num(crate::bridge::pair_text(tr, labels, p)),
    )
}

/// The name of a kind of movement for people.
pub fn kind_name(tr: &Tr, kind: Kind) -> String {
    tr.t(match kind {
        Kind::Mitchell => "movement-kind-mitchell",
        Kind::ArrowSwitch => "movement-kind-arrow-switch",
        Kind::Howell => "movement-kind-howell",
        Kind::ThreeQuarterHowell => "movement-kind-three-quarter-howell",
    })
}

fn list(items: &[u32]) -> String {
    items
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// "table 4", "tables 1 and 4", "tables 1, 2 and 3".
fn tables_label(tr: &Tr, tables: &[u32]) -> String {
    match tables {
        [one] => tr.t1("movement-table-one", "table", one),
        [rest @ .., last] => tr.targs(
            "movement-tables",
            &[("list", (list(rest)).into()), ("last", last.into())],
        ),
        [] => String::new(),
    }
}

/// A few sentences for the director: the movement, what moves where, what is shared.
pub fn description(tr: &Tr, m: &Movement) -> Vec<String> {
    description_labelled(tr, m, PairLabels::default())
}

/// [`description`] with the pairs numbered as the session shows them.
pub fn description_labelled(tr: &Tr, m: &Movement, labels: PairLabels) -> Vec<String> {
    let t = m.tables;
    let per = if m.boards_per_round == 1 {
        tr.t("movement-boards-one")
    } else {
        tr.t1("movement-boards-many", "count", m.boards_per_round)
    };
    let field = tr.t(match m.field() {
        FieldKind::One => "movement-field-one",
        FieldKind::Two => "movement-field-two",
    });
    let mut out = vec![tr.targs(
        "movement-summary",
        &[
            ("kind", (kind_name(tr, m.kind)).into()),
            ("tables", t.into()),
            ("rounds", m.rounds.len().into()),
            ("per", per.into()),
            ("boards", m.board_count().into()),
            ("sets", m.sets.into()),
            ("field", field.into()),
        ],
    )];
    match m.kind {
        Kind::Mitchell | Kind::ArrowSwitch => {
            out.push(tr.targs(
                "movement-mitchell",
                &[
                    ("tables", t.into()),
                    ("first", labels.label(t + 1).number.into()),
                    ("last", labels.label(2 * t).number.into()),
                ],
            ));
            match m.even {
                Some(EvenTables::RelayByeStand) => out.push(tr.targs(
                    "movement-relay",
                    &[
                        ("a", (t / 2).into()),
                        ("b", (t / 2 + 1).into()),
                        ("tables", t.into()),
                        ("before", (t.saturating_sub(1)).into()),
                    ],
                )),
                Some(EvenTables::Skip) => out.push(tr.t1("movement-skip", "round", t / 2)),
                None => {}
            }
            let sw = m.switched();
            if !sw.is_empty() {
                let key = if sw.len() == 1 {
                    "movement-switch-one"
                } else {
                    "movement-switch-many"
                };
                out.push(tr.t1(key, "rounds", list(&sw)));
            }
        }
        Kind::Howell | Kind::ThreeQuarterHowell => {
            let key = if m.stationary.len() == 1 {
                "movement-stationary-one"
            } else {
                "movement-stationary-many"
            };
            let mut s = tr.t1(key, "pairs", list(&m.stationary));
            s.push(' ');
            s.push_str(&tr.t(if m.kind == Kind::Howell {
                "movement-howell-complete"
            } else {
                "movement-howell-three-quarter"
            }));
            out.push(s);
            if m.sets > m.tables {
                out.push(tr.t1("movement-idle-sets", "count", m.sets - m.tables));
            }
        }
    }
    for (i, r) in m.rounds.iter().enumerate() {
        for (set, tables) in m.shared(i) {
            if m.kind == Kind::Howell || m.even.is_none() {
                out.push(tr.targs(
                    "movement-round-shared",
                    &[
                        ("round", r.number.into()),
                        ("tables", (tables_label(tr, &tables)).into()),
                        ("set", set.into()),
                        ("boards", (range_label(&m.boards(set))).into()),
                    ],
                ));
            }
        }
    }
    if let Some(p) = m.phantom {
        out.push(tr.t1(
            "movement-phantom",
            "pair",
            crate::bridge::pair_text(tr, labels, p),
        ));
    }
    out
}

/// The layout, round by round.
pub fn round_grids(tr: &Tr, m: &Movement) -> Vec<Grid> {
    round_grids_labelled(tr, m, PairLabels::default())
}

fn round_grids_labelled(tr: &Tr, m: &Movement, labels: PairLabels) -> Vec<Grid> {
    m.rounds
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let idle = m.idle_boards(i);
            let mut notes = Vec::new();
            if r.tables.iter().any(|s| s.switched) {
                notes.push(tr.t("movement-note-switch"));
            }
            if !idle.is_empty() {
                notes.push(tr.t1("movement-note-idle", "boards", idle.join(", ")));
            }
            Grid {
                title: tr.t1("movement-round", "round", r.number),
                note: notes.join("; "),
                headers: vec![
                    tr.t("movement-col-table"),
                    tr.t("movement-col-ns"),
                    tr.t("movement-col-ew"),
                    tr.t("movement-col-boards"),
                    tr.t("movement-col-remark"),
                ],
                rows: r
                    .tables
                    .iter()
                    .map(|s| {
                        let mut remark = Vec::new();
                        let others = m.shared_with(i, s);
                        if !others.is_empty() {
                            remark.push(tr.t1(
                                "movement-shared-with",
                                "tables",
                                tables_label(tr, &others),
                            ));
                        }
                        if !s.plays() {
                            remark.push(tr.t("movement-sit-out"));
                        }
                        vec![
                            num(s.table),
                            pair(tr, labels, s.ns),
                            pair(tr, labels, s.ew),
                            text(range_label(&m.boards(s.set))),
                            text(remark.join(", ")),
                        ]
                    })
                    .collect(),
            }
        })
        .map(without_empty_last_column)
        .collect()
}

/// The grid without its last column when no row has anything in it (no empty column on paper).
fn without_empty_last_column(mut g: Grid) -> Grid {
    if g.rows
        .iter()
        .all(|r| r.last().is_none_or(|c| c.text.is_empty()))
    {
        g.headers.pop();
        for r in &mut g.rows {
            r.pop();
        }
    }
    g
}

fn next_label(tr: &Tr, m: &Movement, index: usize, table: u32) -> String {
    let round = m.rounds[index].number;
    match m.next_stop(index, table) {
        NextStop::Done => tr.t("movement-end"),
        NextStop::Tables {
            round: next,
            tables,
        } => {
            let place = tables_label(tr, &tables);
            if next == round + 1 {
                place
            } else {
                tr.targs(
                    "movement-bye-stand-then",
                    &[("place", place.into()), ("round", next.into())],
                )
            }
        }
    }
}

/// One card per table: each round's pairs and boards, and where the boards go next.
pub fn table_grids(tr: &Tr, m: &Movement) -> Vec<Grid> {
    table_grids_labelled(tr, m, PairLabels::default())
}

fn table_grids_labelled(tr: &Tr, m: &Movement, labels: PairLabels) -> Vec<Grid> {
    (1..=m.tables)
        .map(|table| {
            let stay: Vec<String> = m
                .stationary
                .iter()
                .filter(|&&p| {
                    m.rounds.first().is_some_and(|r| {
                        r.tables.iter().any(|s| s.table == table && s.ns == Some(p))
                    })
                })
                .map(|p| tr.t1("movement-stays", "pair", p))
                .collect();
            Grid {
                title: tr.t1("movement-table", "table", table),
                note: stay.join("; "),
                headers: vec![
                    tr.t("movement-col-round"),
                    tr.t("movement-col-ns"),
                    tr.t("movement-col-ew"),
                    tr.t("movement-col-boards"),
                    tr.t("movement-col-next"),
                ],
                rows: m
                    .rounds
                    .iter()
                    .enumerate()
                    .filter_map(|(i, r)| {
                        let s = r.tables.iter().find(|s| s.table == table)?;
                        let mut boards = range_label(&m.boards(s.set));
                        if s.switched {
                            boards.push_str(&format!(" ({})", tr.t("movement-arrow-switch")));
                        }
                        if !s.plays() {
                            boards.push_str(&format!(" ({})", tr.t("movement-sit-out")));
                        }
                        Some(vec![
                            num(r.number),
                            pair(tr, labels, s.ns),
                            pair(tr, labels, s.ew),
                            text(boards),
                            text(next_label(tr, m, i, table)),
                        ])
                    })
                    .collect(),
            }
        })
        .collect()
}

/// One guide card per pair: each round's table, direction, opponents and boards, headed by the
/// pair's names when `names` has them.
pub fn guide_grids(tr: &Tr, m: &Movement, names: &BTreeMap<u32, String>) -> Vec<Grid> {
    guide_grids_labelled(tr, m, names, PairLabels::default())
}

fn guide_grids_labelled(
    tr: &Tr,
    m: &Movement,
    names: &BTreeMap<u32, String>,
    labels: PairLabels,
) -> Vec<Grid> {
    m.pair_numbers()
        .into_iter()
        .map(|p| {
            let rounds = m.pair_rounds(p);
            let note = match rounds.first() {
                Some(first) if m.stationary.contains(&p) => {
                    tr.t1("movement-stationary-at", "table", first.table)
                }
                _ => String::new(),
            };
            let title = tr.t1(
                "movement-pair",
                "pair",
                crate::bridge::pair_text(tr, labels, p),
            );
            Grid {
                title: match names.get(&p).filter(|n| !n.trim().is_empty()) {
                    Some(n) => format!("{title} — {n}"),
                    None => title,
                },
                note,
                headers: vec![
                    tr.t("movement-col-round"),
                    tr.t("movement-col-table"),
                    tr.t("movement-col-sits"),
                    tr.t("movement-col-against"),
                    tr.t("movement-col-boards"),
                ],
                rows: rounds
                    .iter()
                    .map(|pr| {
                        let switched = m
                            .rounds
                            .get((pr.round as usize).wrapping_sub(1))
                            .is_some_and(|r| {
                                r.tables.iter().any(|s| s.table == pr.table && s.switched)
                            });
                        // A switched pair keeps its seat; the board is turned.
                        let sits = tr.t(match (pr.direction, switched) {
                            (Direction::NorthSouth, false) => "movement-col-ns",
                            (Direction::EastWest, false) => "movement-col-ew",
                            (Direction::NorthSouth, true) => "movement-sits-ns-switched",
                            (Direction::EastWest, true) => "movement-sits-ew-switched",
                        });
                        vec![
                            num(pr.round),
                            num(pr.table),
                            text(sits),
                            text(pr.opponent.map_or_else(
                                || tr.t("movement-sit-out"),
                                |o| {
                                    tr.t1(
                                        "movement-against",
                                        "pair",
                                        crate::bridge::pair_text(tr, labels, o),
                                    )
                                },
                            )),
                            text(range_label(&m.boards(pr.set))),
                        ]
                    })
                    .collect(),
            }
        })
        .collect()
}

/// One printable page: the description, the rounds, the table cards and the guide cards
/// (each card kept on one sheet when printed).
pub fn html(lang: Lang, m: &Movement) -> Result<String, ReportError> {
    html_named(lang, m, &BTreeMap::new(), PairLabels::default())
}

/// [`html`] with the pairs' names on their guide cards and the pairs numbered as the session
/// shows them.
pub fn html_named(
    lang: Lang,
    m: &Movement,
    names: &BTreeMap<u32, String>,
    labels: PairLabels,
) -> Result<String, ReportError> {
    let tr = Tr::new(lang);
    let page = MovementPage {
        title: tr.targs(
            "movement-title",
            &[
                ("kind", (kind_name(&tr, m.kind)).into()),
                ("tables", m.tables.into()),
            ],
        ),
        css: MOVEMENT_CSS,
        description: description_labelled(&tr, m, labels),
        parts: vec![
            Part {
                heading: tr.t("movement-rounds"),
                class: "round",
                grids: round_grids_labelled(&tr, m, labels),
            },
            Part {
                heading: tr.t("movement-table-cards"),
                class: "card",
                grids: table_grids_labelled(&tr, m, labels),
            },
            Part {
                heading: tr.t("movement-guide-cards"),
                class: "card",
                grids: guide_grids_labelled(&tr, m, names, labels),
            },
        ],
        c: tr,
    };
    Ok(page.render()?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bridge::movement::{build, guide_cards_text, overview_text, table_cards_text, Options};

    /// The English page says what the text cards say, cell for cell.
    #[test]
    fn english_cards_match_the_text_cards() {
        for (kind, tables, opts) in [
            (Kind::Howell, 4, Options::default()),
            (Kind::Mitchell, 6, Options::default()),
            (
                Kind::Mitchell,
                8,
                Options {
                    even: EvenTables::Skip,
                    ..Options::default()
                },
            ),
            (
                Kind::ArrowSwitch,
                5,
                Options {
                    phantom: Some(10),
                    ..Options::default()
                },
            ),
            (Kind::ThreeQuarterHowell, 8, Options::default()),
        ] {
            let m = build(kind, tables, &opts).unwrap();
            let en = Tr::new(Lang::En);
            assert_eq!(description(&en, &m), m.description(), "{kind:?} {tables}");
            let words = |grids: Vec<Grid>| -> Vec<String> {
                grids
                    .iter()
                    .flat_map(|g| {
                        let mut w = vec![g.title.clone()];
                        w.extend(g.note.split_whitespace().map(str::to_string));
                        for row in &g.rows {
                            for c in row {
                                w.extend(c.text.split_whitespace().map(str::to_string));
                            }
                        }
                        w
                    })
                    .collect()
            };
            let text_words =
                |text: String| -> String { text.split_whitespace().collect::<Vec<_>>().join(" ") };
            // Every word of the page's cards appears in the text's, in order.
            for (grids, text) in [
                (round_grids(&en, &m), overview_text(&m)),
                (table_grids(&en, &m), table_cards_text(&m)),
                (guide_grids(&en, &m, &BTreeMap::new()), guide_cards_text(&m)),
            ] {
                let text = text_words(text);
                let mut rest = text.as_str();
                for w in words(grids) {
                    let w = w.split_whitespace().collect::<Vec<_>>().join(" ");
                    match rest.find(&w) {
                        Some(at) => rest = &rest[at + w.len()..],
                        None => panic!("{kind:?} {tables}: {w:?} not in the text cards"),
                    }
                }
            }
        }
    }

    #[test]
    fn french_page() {
        let m = build(Kind::Mitchell, 6, &Options::default()).unwrap();
        let page = html(Lang::Fr, &m).unwrap();
        assert!(page.starts_with("<!DOCTYPE html>\n<html lang=\"fr\">"));
        assert!(page.contains("<h2>Feuilles de route</h2>"), "{page}");
        assert_eq!(page.matches("<section class=\"card\">").count(), 6 + 12);
        assert!(!page.contains("movement-"), "a key without its text");
    }
}
