//! The `-l` checklist of a Lim round (trf.md §6.5 in Lim's terms): one row per player to be
//! paired, by pairing score then pairing number, scoregroups separated by blank lines, with the
//! Median Scoregroup marked; tab-separated right-aligned columns `ID Pts Grp Colours Due PAB
//! Fl Cur` then the opponents of past rounds. `Grp` is `+` above the median, `=` in it, `-`
//! below; `Due` the due colour (5.5–5.6); `PAB` whether BR 4 allows one; `Fl` `F` for a
//! player who floated in the previous round (3.10).

use std::fmt::Write as _;

use tournament::{Color, Entry, Points, Tournament};

use super::state::{due_colour, round_of};
use crate::dutch::state::entry_of;
use crate::Pairing;

/// The checklist; an invalid request gives an empty one (the pairing reports the error).
pub fn checklist(tournament: &Tournament, round: u32, pairing: Option<&Pairing>) -> String {
    let Ok(prepared) = round_of(tournament, round) else {
        return String::new();
    };
    let played = round.saturating_sub(1);
    let colour_char = |c: Color| if c == Color::White { 'W' } else { 'B' };
    let mut header: Vec<String> = ["ID", "Pts", "Grp", "Colours", "Due", "PAB", "Fl", "Cur", ""]
        .map(String::from)
        .to_vec();
    header.extend((1..=played).map(|r| format!("R{r}")));
    let mut parts: Vec<_> = prepared.parts.iter().collect();
    parts.sort_by_key(|p| (std::cmp::Reverse(p.score), p.rank));
    let rows: Vec<(i32, Vec<String>)> = parts
        .iter()
        .map(|p| {
            let twice = i64::from(p.score) * 2;
            let group = match twice.cmp(&prepared.median_twice) {
                std::cmp::Ordering::Greater => "+",
                std::cmp::Ordering::Equal => "=",
                std::cmp::Ordering::Less => "-",
            };
            let current = match pairing {
                None => String::new(),
                Some(pr) if pr.bye == Some(p.id) => "(bye)".to_string(),
                Some(pr) => pr
                    .boards
                    .iter()
                    .find_map(|b| {
                        if b.white == p.id {
                            Some(format!("({}W)", b.black))
                        } else if b.black == p.id {
                            Some(format!("({}B)", b.white))
                        } else {
                            None
                        }
                    })
                    .unwrap_or_default(),
            };
            let mut row = vec![
                p.id.to_string(),
                Points::from_tenths(p.score).to_string(),
                group.to_string(),
                p.colours.iter().map(|&c| colour_char(c)).collect(),
                due_colour(&p.colours)
                    .map(|c| colour_char(c).to_string())
                    .unwrap_or_default(),
                if p.bye_eligible { "Y" } else { "N" }.to_string(),
                if p.floated_last_round { "F" } else { " " }.to_string(),
                current,
                String::new(),
            ];
            let player = &tournament.players[p.player_index];
            row.extend((1..=played).map(|r| match entry_of(player, r) {
                Entry::Played { opponent, .. } => opponent.to_string(),
                _ => String::new(),
            }));
            (p.score, row)
        })
        .collect();
    let mut widths: Vec<usize> = header.iter().map(String::len).collect();
    for (_, row) in &rows {
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
    out.push_str(&line(&header));
    let mut previous = None;
    for (score, row) in &rows {
        out.push('\n');
        if previous != Some(*score) {
            out.push('\n');
        }
        out.push_str(&line(row));
        previous = Some(*score);
    }
    out.push_str("\n\n\n");
    out
}
