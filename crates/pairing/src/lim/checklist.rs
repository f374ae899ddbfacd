//! The `-l` checklist of a Lim round (trf.md §6.5 in Lim's terms): one row per player to be
//! paired, by pairing score then pairing number, scoregroups separated by blank lines, with the
//! Median Scoregroup marked; tab-separated right-aligned columns `ID Pts Grp Colours Due PAB
//! Fl Cur` then the opponents of past rounds. `Grp` is `+` above the median, `=` in it, `-`
//! below; `Due` the due colour (5.5–5.6); `PAB` whether BR 4 allows one; `Fl` `F` for a
//! player who floated in the previous round (3.10).

use tournament::{Color, Points, Tournament};

use super::state::{due_colour, round_of};
use crate::swiss::table;
use crate::Pairing;

/// The checklist; an invalid request gives an empty one (the pairing reports the error).
pub fn checklist(tournament: &Tournament, round: u32, pairing: Option<&Pairing>) -> String {
    let Ok(prepared) = round_of(tournament, round) else {
        return String::new();
    };
    let played = round.saturating_sub(1);
    let colour_char = |c: Color| if c == Color::White { "W" } else { "B" };
    let header = table::header(&["ID", "Pts", "Grp", "Colours", "Due", "PAB", "Fl"], played);
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
            let row = vec![
                p.id.to_string(),
                Points::from_tenths(p.score).to_string(),
                group.to_string(),
                table::colours_cell(&p.colours),
                due_colour(&p.colours).map_or("", colour_char).to_string(),
                if p.bye_eligible { "Y" } else { "N" }.to_string(),
                if p.floated_last_round { "F" } else { " " }.to_string(),
            ];
            let player = &tournament.players[p.player_index];
            (p.score, table::finish_row(row, pairing, player, played))
        })
        .collect();
    table::render(&header, &rows)
}
