//! The cells and layout of the engines' `-l` checklist (trf.md §6.5), shared by every system:
//! tab-separated, right-aligned columns, one row per player in pairing order, a blank line
//! between groups (brackets).
//!
//! ```
//! use pairing::swiss::table::{header, render};
//! assert_eq!(header(&["ID", "Pts"], 2), ["ID", "Pts", "Cur", "", "R1", "R2"]);
//! let header = vec!["ID".to_string(), "Pts".to_string()];
//! let rows = vec![(10, vec!["1".to_string(), "1.0".to_string()]), (0, vec!["12".to_string(), "0.0".to_string()])];
//! assert_eq!(render(&header, &rows), "\nID\tPts\t\n\n 1\t1.0\t\n\n12\t0.0\t\n\n\n");
//! ```

use std::fmt::Write as _;

use tournament::{Color, Entry, Player, PlayerId};

use super::colour::{ColourState, Preference};
use super::history::entry_of;
use crate::Pairing;

/// The colours of the games played: `WBW`.
pub fn colours_cell(colours: &[Color]) -> String {
    colours
        .iter()
        .map(|c| if *c == Color::White { 'W' } else { 'B' })
        .collect()
}

/// `W`/`B` absolute, `(W)`/`(B)` strong, `w`/`b` mild, `A` none.
pub fn preference_cell(c: &ColourState) -> &'static str {
    let white = c.preference == Some(Color::White);
    match (c.kind(), white) {
        (Preference::Absolute, true) => "W ",
        (Preference::Absolute, false) => "B ",
        (Preference::Strong, true) => "(W)",
        (Preference::Strong, false) => "(B)",
        (Preference::Mild, true) => "w ",
        (Preference::Mild, false) => "b ",
        (Preference::None, _) => "A ",
    }
}

/// This round's game of `id` in `pairing`: `(7W)` against 7 with White, `(bye)`.
pub fn current_cell(pairing: Option<&Pairing>, id: PlayerId) -> String {
    match pairing {
        None => String::new(),
        Some(pr) if pr.bye == Some(id) => "(bye)".to_string(),
        Some(pr) => pr
            .boards
            .iter()
            .find_map(|b| {
                if b.white == id {
                    Some(format!("({}W)", b.black))
                } else if b.black == id {
                    Some(format!("({}B)", b.white))
                } else {
                    None
                }
            })
            .unwrap_or_default(),
    }
}

/// The opponents met over the board in rounds 1 to `played` (blank when not played).
pub fn opponent_cells(player: &Player, played: u32) -> impl Iterator<Item = String> + '_ {
    (1..=played).map(|r| match entry_of(player, r) {
        Entry::Played { opponent, .. } => opponent.to_string(),
        _ => String::new(),
    })
}

/// The header: `columns`, then `Cur`, a blank column and `R1`…`Rn` for the `played` rounds.
pub fn header(columns: &[&str], played: u32) -> Vec<String> {
    let mut header: Vec<String> = columns.iter().map(|c| c.to_string()).collect();
    header.extend(["Cur".to_string(), String::new()]);
    header.extend((1..=played).map(|r| format!("R{r}")));
    header
}

/// The end of `player`'s row under [`header`]: this round's game, a blank column, then the
/// opponents of the `played` rounds.
pub fn finish_row(
    mut row: Vec<String>,
    pairing: Option<&Pairing>,
    player: &Player,
    played: u32,
) -> Vec<String> {
    row.push(current_cell(pairing, player.id));
    row.push(String::new());
    row.extend(opponent_cells(player, played));
    row
}

/// The table: the header, then the rows, a blank line whenever the group key changes.
pub fn render(header: &[String], rows: &[(i32, Vec<String>)]) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.len()).collect();
    for (_, row) in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.len());
        }
    }
    let line = |cells: &[String]| {
        let mut s = String::new();
        for (cell, w) in cells.iter().zip(&widths) {
            let _ = write!(s, "{cell:>w$}\t");
        }
        s
    };
    let mut out = String::from("\n");
    out.push_str(&line(header));
    let mut previous = None;
    for (group, row) in rows {
        out.push('\n');
        if previous != Some(*group) {
            out.push('\n');
        }
        out.push_str(&line(row));
        previous = Some(*group);
    }
    out.push_str("\n\n\n");
    out
}
