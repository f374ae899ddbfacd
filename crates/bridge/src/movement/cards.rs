//! The movement printed: the round-by-round layout, a card for each table (who sits there,
//! which boards, where the boards go next) and a guide card for each pair (where to sit,
//! against whom, which boards), as text. The printable HTML page, in French or English, is the
//! `report` crate's (`report::movement::html`).

use super::{range_label, Direction, Movement, NextStop};

/// A titled grid of cells; the first column is left-aligned, the others right-aligned
/// except where the header says otherwise.
struct Grid {
    title: String,
    note: Option<String>,
    headers: Vec<&'static str>,
    left: Vec<bool>,
    rows: Vec<Vec<String>>,
}

impl Grid {
    fn text(&self) -> String {
        let mut width: Vec<usize> = self.headers.iter().map(|h| h.chars().count()).collect();
        for row in &self.rows {
            for (w, c) in width.iter_mut().zip(row) {
                *w = (*w).max(c.chars().count());
            }
        }
        let line = |cells: Vec<&str>| {
            let mut s = String::new();
            for (i, c) in cells.iter().enumerate() {
                let pad = width[i].saturating_sub(c.chars().count());
                if i > 0 {
                    s.push_str("  ");
                }
                if self.left[i] {
                    s.push_str(c);
                    s.extend(std::iter::repeat_n(' ', pad));
                } else {
                    s.extend(std::iter::repeat_n(' ', pad));
                    s.push_str(c);
                }
            }
            s.truncate(s.trim_end().len());
            s.push('\n');
            s
        };
        let mut out = format!("{}\n", self.title);
        if let Some(n) = &self.note {
            out.push_str(n);
            out.push('\n');
        }
        out.push_str(&line(self.headers.clone()));
        for row in &self.rows {
            out.push_str(&line(row.iter().map(String::as_str).collect()));
        }
        out
    }
}

fn pair(p: Option<u32>) -> String {
    p.map_or("-".to_string(), |p| p.to_string())
}

fn round_grids(m: &Movement) -> Vec<Grid> {
    m.rounds
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let idle = m.idle_boards(i);
            let mut notes = Vec::new();
            if r.tables.iter().any(|s| s.switched) {
                notes.push("arrow switch: EW pairs hold the NS cards".to_string());
            }
            if !idle.is_empty() {
                notes.push(format!("not in play: boards {}", idle.join(", ")));
            }
            Grid {
                title: format!("Round {}", r.number),
                note: (!notes.is_empty()).then(|| notes.join("; ")),
                headers: vec!["Table", "NS", "EW", "Boards", ""],
                left: vec![false, false, false, true, true],
                rows: r
                    .tables
                    .iter()
                    .map(|s| {
                        let mut remark = Vec::new();
                        let others = m.shared_with(i, s);
                        if !others.is_empty() {
                            remark.push(format!("shared with {}", tables_label(&others)));
                        }
                        if !s.plays() {
                            remark.push("sit-out".to_string());
                        }
                        vec![
                            s.table.to_string(),
                            pair(s.ns),
                            pair(s.ew),
                            range_label(&m.boards(s.set)),
                            remark.join(", "),
                        ]
                    })
                    .collect(),
            }
        })
        .collect()
}

/// "table 4", "tables 1 and 4", "tables 1, 2 and 3".
pub(super) fn tables_label(tables: &[u32]) -> String {
    match tables {
        [one] => format!("table {one}"),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(u32::to_string).collect();
            format!("tables {} and {last}", rest.join(", "))
        }
        [] => String::new(),
    }
}

fn next_label(m: &Movement, index: usize, table: u32) -> String {
    let round = m.rounds[index].number;
    match m.next_stop(index, table) {
        NextStop::Done => "end".to_string(),
        NextStop::Tables {
            round: next,
            tables,
        } => {
            let place = tables_label(&tables);
            if next == round + 1 {
                place
            } else {
                format!("bye stand, then {place} in round {next}")
            }
        }
    }
}

fn table_grids(m: &Movement) -> Vec<Grid> {
    (1..=m.tables)
        .map(|table| {
            let stay: Vec<String> = m
                .stationary
                .iter()
                .filter(|&&p| {
                    m.rounds[0]
                        .tables
                        .iter()
                        .any(|s| s.table == table && s.ns == Some(p))
                })
                .map(|p| format!("pair {p} stays here (NS)"))
                .collect();
            Grid {
                title: format!("Table {table}"),
                note: (!stay.is_empty()).then(|| stay.join("; ")),
                headers: vec!["Round", "NS", "EW", "Boards", "Boards go to"],
                left: vec![false, false, false, true, true],
                rows: m
                    .rounds
                    .iter()
                    .enumerate()
                    .map(|(i, r)| {
                        let s = r
                            .tables
                            .iter()
                            .find(|s| s.table == table)
                            .expect("every table in every round");
                        let mut boards = range_label(&m.boards(s.set));
                        if s.switched {
                            boards.push_str(" (arrow switch)");
                        }
                        if !s.plays() {
                            boards.push_str(" (sit-out)");
                        }
                        vec![
                            r.number.to_string(),
                            pair(s.ns),
                            pair(s.ew),
                            boards,
                            next_label(m, i, table),
                        ]
                    })
                    .collect(),
            }
        })
        .collect()
}

fn guide_grids(m: &Movement) -> Vec<Grid> {
    m.pair_numbers()
        .into_iter()
        .map(|p| {
            let rounds = m.pair_rounds(p);
            let note = m
                .stationary
                .contains(&p)
                .then(|| format!("stationary at table {} NS", rounds[0].table));
            Grid {
                title: format!("Pair {p}"),
                note,
                headers: vec!["Round", "Table", "Sits", "Against", "Boards"],
                left: vec![false, false, true, true, true],
                rows: rounds
                    .iter()
                    .map(|pr| {
                        let switched = m.rounds[pr.round as usize - 1]
                            .tables
                            .iter()
                            .any(|s| s.table == pr.table && s.switched);
                        let sits = match (pr.direction, switched) {
                            (Direction::NorthSouth, false) => "NS",
                            (Direction::EastWest, false) => "EW",
                            // The pair keeps its seat; the board is turned.
                            (Direction::NorthSouth, true) => "NS cards (switched)",
                            (Direction::EastWest, true) => "EW cards (switched)",
                        };
                        vec![
                            pr.round.to_string(),
                            pr.table.to_string(),
                            sits.to_string(),
                            pr.opponent
                                .map_or("sit-out".to_string(), |o| format!("pair {o}")),
                            range_label(&m.boards(pr.set)),
                        ]
                    })
                    .collect(),
            }
        })
        .collect()
}

fn join_text(head: &[String], grids: Vec<Grid>) -> String {
    let mut out = String::new();
    for h in head {
        out.push_str(h);
        out.push('\n');
    }
    for g in grids {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&g.text());
    }
    out
}

/// The description and the layout, round by round.
pub fn overview_text(m: &Movement) -> String {
    join_text(&m.description(), round_grids(m))
}

/// One card per table: each round's pairs and boards, and where the boards go next.
pub fn table_cards_text(m: &Movement) -> String {
    join_text(&[], table_grids(m))
}

/// One guide card per pair: each round's table, direction, opponents and boards.
pub fn guide_cards_text(m: &Movement) -> String {
    join_text(&[], guide_grids(m))
}
