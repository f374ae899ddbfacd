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

use tournament::{Color, Tournament};

use super::{prepare, DubovOptions};
use crate::swiss::colour::Preference;
use crate::swiss::table;
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
    let dashes = "-".repeat(played as usize + 1);
    let header = table::header(&["ID", "Pts", &dashes, "Pref", "C2", "ARO", "Up"], played);
    let rows: Vec<(i32, Vec<String>)> = prepared
        .players
        .iter()
        .map(|p| {
            let letter = if p.preference == Color::White {
                'W'
            } else {
                'B'
            };
            // Every player has a preference in Dubov (1.6.4): no `A` column value.
            let preference = match p.strength {
                Preference::Absolute => letter.to_string(),
                Preference::Strong => format!("({letter})"),
                _ => letter.to_ascii_lowercase().to_string(),
            };
            let row = vec![
                p.id.to_string(),
                tournament::Points::from_tenths(p.score).to_string(),
                table::colours_cell(&p.colours),
                preference,
                if p.bye_eligible { "Y" } else { "N" }.to_string(),
                p.aro.to_string(),
                format!("{}{}", p.upfloats, if p.upfloated_last { "*" } else { "" }),
            ];
            let player = &tournament.players[p.index];
            (p.score, table::finish_row(row, pairing, player, played))
        })
        .collect();
    table::render(&header, &rows)
}
