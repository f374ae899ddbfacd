//! The engines' `-l` checklist (trf.md §6.5) with the Dubov system's columns: per player, the
//! pairing score, the played colours, the preference (1.6), PAB eligibility (C2), ARO (1.7),
//! upfloats (1.8; `*` when the last one was in the previous round) and this round's game.
//! Scoregroups are separated by blank lines.
//!
//! ```
//! use pairing::dubov::{checklist::checklist, DubovOptions};
//! use tournament::{Color, Header, Player, PlayerId, Tournament};
//!
//! let players = (1..=2).map(|i| Player { id: PlayerId(i), ..Player::default() }).collect();
//! let t = Tournament {
//!     header: Header { rounds: Some(3), initial_color: Some(Color::White), ..Header::default() },
//!     players,
//!     ..Tournament::default()
//! };
//! let list = checklist(&t, 1, &DubovOptions::default(), None);
//! assert!(list.contains("ARO"));
//! ```

use std::fmt::Write as _;

use tournament::{Color, Entry, Tournament};

use super::{prepare, DubovOptions};
use crate::dutch::state::{entry_of, Preference};
use crate::Pairing;

/// The checklist of `round`; empty when the round cannot be prepared.
pub fn checklist(
    tournament: &Tournament,
    round: u32,
    options: &DubovOptions,
    pairing: Option<&Pairing>,
) -> String {
    let Ok(prepared) = prepare(tournament, round, options) else {
        return String::new();
    };
    let played = round.saturating_sub(1);
    let mut header: Vec<String> = vec![
        "ID".into(),
        "Pts".into(),
        "-".repeat(played as usize + 1),
        "Pref".into(),
        "C2".into(),
        "ARO".into(),
        "Up".into(),
        "Cur".into(),
        String::new(),
    ];
    header.extend((1..=played).map(|r| format!("R{r}")));
    let rows: Vec<(i32, Vec<String>)> = prepared
        .players
        .iter()
        .map(|p| {
            let colours: String = p
                .colours
                .iter()
                .map(|c| if *c == Color::White { 'W' } else { 'B' })
                .collect();
            let letter = if p.preference == Color::White {
                'W'
            } else {
                'B'
            };
            let preference = match p.strength {
                Preference::Absolute => letter.to_string(),
                Preference::Strong => format!("({letter})"),
                _ => letter.to_ascii_lowercase().to_string(),
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
                tournament::Points::from_tenths(p.score).to_string(),
                colours,
                preference,
                if p.bye_eligible { "Y" } else { "N" }.to_string(),
                p.aro.to_string(),
                format!("{}{}", p.upfloats, if p.upfloated_last { "*" } else { "" }),
                current,
                String::new(),
            ];
            let player = &tournament.players[p.index];
            row.extend((1..=played).map(|r| match entry_of(player, r) {
                Entry::Played { opponent, .. } => opponent.to_string(),
                _ => String::new(),
            }));
            (p.score, row)
        })
        .collect();
    let mut widths: Vec<usize> = header.iter().map(|h| h.len()).collect();
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
