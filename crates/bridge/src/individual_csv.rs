//! Individual travellers as CSV: one row per table and board, the four players by seat.
//!
//! ```text
//! board,north,east,south,west,contract,declarer,result
//! 1,1,6,11,16,4S,N,=
//! 1,2,7,12,17,PASS,,
//! ```
//!
//! Columns (any order, names case-insensitive): `board`, `north`, `east`, `south`, `west`,
//! `contract` (`3NT`, `4SX`, `PASS`), `declarer` and `result` (`=`, `+1`, `-2` or tricks
//! taken) for a contract; optional `lead`. The board's vulnerability is the 16-board
//! cycle's. A player twice at one table, or twice on one board, is refused at the row.
//! [`write_ranking`] writes the ranking (`place,player,mp,top,percent`).

use std::collections::BTreeMap;

use crate::board::{vulnerability_of, Seat};
use crate::contract::{parse_result, Bid, ContractError, Played};
use crate::csv::{positive, q, Records};
use crate::individual::{IndividualScored, Result4};
use crate::session::{InputError, Pos};

/// One row: the players, what was played, and where the row is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndividualLine {
    pub board: u32,
    pub north: u32,
    pub east: u32,
    pub south: u32,
    pub west: u32,
    pub played: Played,
    pub lead: Option<String>,
    pub pos: Pos,
}

impl IndividualLine {
    /// The line as the scoring takes it: North-South's score on the board's vulnerability.
    pub fn result(&self) -> Result4 {
        Result4 {
            board: self.board,
            north: self.north,
            east: self.east,
            south: self.south,
            west: self.west,
            score_ns: self.played.score_ns(vulnerability_of(self.board)),
        }
    }
}

/// Reads individual travellers.
pub fn read(text: &str, file: &str) -> Result<Vec<IndividualLine>, InputError> {
    let mut records = Records::new(
        text,
        file,
        "a header row (board,north,east,south,west,contract,declarer,result)",
    )?;
    let c_board = records.need(&["board"])?;
    let c_seats = [
        records.need(&["north"])?,
        records.need(&["east"])?,
        records.need(&["south"])?,
        records.need(&["west"])?,
    ];
    let c_contract = records.need(&["contract"])?;
    let c_declarer = records.find(&["declarer"]);
    let c_result = records.find(&["result"]);
    let c_lead = records.find(&["lead"]);
    let mut out: Vec<IndividualLine> = Vec::new();
    // (board, player) → the row that seated the player on that board.
    let mut seen: BTreeMap<(u32, u32), u32> = BTreeMap::new();
    while let Some(record) = records.next_record() {
        let (line_no, row) = record?;
        let get = |c: Option<usize>| c.map(|i| &row[i]).filter(|f| !f.text.is_empty());
        let board = positive(&row[c_board], file, "a board number")?;
        if !out.iter().any(|x| x.board == board) {
            records.budget.board(file, row[c_board].pos, board)?;
        }
        let mut players = [0u32; 4];
        for (k, &c) in c_seats.iter().enumerate() {
            let p = positive(&row[c], file, "a player number")?;
            if players[..k].contains(&p) {
                return Err(InputError::new(
                    file,
                    row[c].pos,
                    "four different players at the table",
                    format!("player {p} twice"),
                ));
            }
            if let Some(other) = seen.insert((board, p), line_no) {
                return Err(InputError::new(
                    file,
                    row[c].pos,
                    format!("one result per player on board {board}"),
                    format!("player {p} again (already on line {other})"),
                ));
            }
            players[k] = p;
        }
        let c = &row[c_contract];
        let bid: Bid = c.text.parse().map_err(|e: ContractError| {
            let mut pos = c.pos;
            pos.column += e.offset as u32;
            InputError::new(file, pos, e.expected, e.found)
        })?;
        let played = match bid {
            Bid::Pass => Played::PassedOut,
            Bid::Contract(k) => {
                let d = get(c_declarer).ok_or_else(|| {
                    InputError::new(file, c.pos, format!("a declarer for {k}"), "none")
                })?;
                let declarer: Seat = d.text.parse().map_err(|_| {
                    InputError::new(file, d.pos, "a declarer (N, E, S or W)", q(&d.text))
                })?;
                let r = get(c_result).ok_or_else(|| {
                    InputError::new(file, c.pos, format!("a result for {k}"), "none")
                })?;
                let tricks = parse_result(k, &r.text)
                    .map_err(|(e, f)| InputError::new(file, r.pos, e, f))?;
                Played::Made {
                    contract: k,
                    declarer,
                    tricks,
                }
            }
        };
        out.push(IndividualLine {
            board,
            north: players[0],
            east: players[1],
            south: players[2],
            west: players[3],
            played,
            lead: get(c_lead).map(|f| f.text.to_string()),
            pos: row[0].pos,
        });
    }
    Ok(out)
}

/// The ranking as CSV: `place,player,mp,top,percent` (place `=3` when shared; matchpoints on
/// the two-point scale; two decimals).
pub fn write_ranking(scored: &IndividualScored) -> String {
    let mut out = String::from("place,player,mp,top,percent\n");
    for s in &scored.ranking {
        let place = if s.tied {
            format!("={}", s.place)
        } else {
            s.place.to_string()
        };
        let percent = s.percent().map(|p| p.to_fixed(2)).unwrap_or_default();
        out.push_str(&format!(
            "{place},{},{},{},{percent}\n",
            s.player,
            s.mp.to_fixed(2),
            s.top.to_fixed(2)
        ));
    }
    out
}
