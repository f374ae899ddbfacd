//! The `-l` checklist of a Burstein round (trf.md §6.5, with the Burstein Index in place of the
//! Dutch float columns): one row per player to be paired, by pairing score and then the 1.8
//! order, scoregroups separated by blank lines; columns `ID Pts --- Pref C2 BH SB Cur` then
//! the opponents of past rounds. Seeding rounds get the Dutch checklist.
//!
//! ```
//! use pairing::burstein::{checklist, BursteinOptions};
//! use tournament::{Color, Header, Player, PlayerId, Tournament};
//!
//! let t = Tournament {
//!     header: Header { rounds: Some(1), initial_color: Some(Color::White), ..Header::default() },
//!     players: (1..=2).map(|i| Player { id: PlayerId(i), ..Player::default() }).collect(),
//!     ..Tournament::default()
//! };
//! let list = checklist(&t, 1, &BursteinOptions::default(), None);
//! assert!(list.contains("BH"));
//! assert_eq!(list.lines().filter(|l| l.contains("0.0")).count(), 2);
//! ```

use tournament::{Points, Tournament};

use super::{dutch_options, is_seeding_round, prepare, BursteinOptions};
use crate::dutch;
use crate::swiss::table;
use crate::Pairing;

/// The checklist of round `round`; empty for an invalid request (the pairing reports it).
pub fn checklist(
    tournament: &Tournament,
    round: u32,
    options: &BursteinOptions,
    pairing: Option<&Pairing>,
) -> String {
    match is_seeding_round(tournament, round) {
        Ok(true) => return dutch::checklist(tournament, round, &dutch_options(options), pairing),
        Ok(false) => {}
        Err(_) => return String::new(),
    }
    let Ok(prepared) = prepare(tournament, round, options) else {
        return String::new();
    };
    let played = round.saturating_sub(1);
    let dashes = "-".repeat(played as usize + 1);
    let header = table::header(&["ID", "Pts", &dashes, "Pref", "C2", "BH", "SB"], played);
    let sb = |hundredths: i64| {
        let sign = if hundredths < 0 { "-" } else { "" };
        let a = hundredths.unsigned_abs();
        format!("{sign}{}.{:02}", a / 100, a % 100)
    };
    let rows: Vec<(i32, Vec<String>)> = prepared
        .players
        .iter()
        .map(|p| {
            let row = vec![
                p.id.to_string(),
                Points::from_tenths(p.score).to_string(),
                table::colours_cell(&p.colours),
                table::preference_cell(&p.colour).to_string(),
                if p.bye_eligible { "Y" } else { "N" }.to_string(),
                Points::from_tenths(p.index.buchholz as i32).to_string(),
                sb(p.index.sonneborn_berger),
            ];
            let player = &tournament.players[p.player_index];
            (p.score, table::finish_row(row, pairing, player, played))
        })
        .collect();
    table::render(&header, &rows)
}
