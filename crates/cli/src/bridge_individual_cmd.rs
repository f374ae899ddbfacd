//! `arbiter bridge individual-movement` and `individual-score`: individual events. The
//! movements and the scoring live in `bridge::individual`; this module wires arguments to
//! them and renders the cards and the ranking.

use std::path::PathBuf;

use bridge::individual::{self, IndividualKind, IndividualMovement};
use bridge::Seat;
use clap::ValueEnum;

use crate::error::{exit, CliError};
use crate::io::{read_trf_text, write_output};
use crate::table::{Align, Table};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum IndividualKindArg {
    /// Everyone partners everyone once (2–5 tables, 4T−1 rounds).
    Whist,
    /// Stationary boards, T rounds (5 or 7 tables).
    Rainbow,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum IndividualFormat {
    /// The rounds, then a guide card per player.
    Text,
    /// `{"kind", "tables", "rounds": [{"round", "tables": [{"table", "north", "east",
    /// "south", "west", "boards"}]}]}`.
    Json,
}

#[derive(Debug, clap::Args)]
pub struct IndividualMovementArgs {
    /// Number of tables (4 players a table).
    #[arg(long, short)]
    pub tables: u32,
    /// The movement; by default whist for 2–5 tables, Rainbow for 7.
    #[arg(long, short, value_enum)]
    pub kind: Option<IndividualKindArg>,
    /// Boards per round (default: about 26 boards in all).
    #[arg(long, short)]
    pub boards_per_round: Option<u32>,
    #[arg(long, short, value_enum, default_value = "text")]
    pub format: IndividualFormat,
    /// Output file (written atomically); standard output when absent.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RankingFormat {
    Text,
    /// `place,player,mp,top,percent`.
    Csv,
    /// `{"ranking": [{"place", "tied", "player", "mp", "top", "percent", "boards"}]}`.
    Json,
}

#[derive(Debug, clap::Args)]
pub struct IndividualScoreArgs {
    /// Individual travellers (CSV: board,north,east,south,west,contract,declarer,result).
    pub input: PathBuf,
    /// Check every line against this movement's seating (with --tables).
    #[arg(long, short, value_enum, requires = "tables")]
    pub kind: Option<IndividualKindArg>,
    /// The movement's table count: each line must seat its players as the movement does.
    #[arg(long, short)]
    pub tables: Option<u32>,
    /// The movement's boards per round (default as for individual-movement).
    #[arg(long, short, requires = "tables")]
    pub boards_per_round: Option<u32>,
    #[arg(long, short, value_enum, default_value = "text")]
    pub format: RankingFormat,
    /// Output file (written atomically); standard output when absent.
    #[arg(long, short)]
    pub output: Option<PathBuf>,
}

/// The boards a round by default: about 26 boards in all.
fn default_boards_per_round(kind: IndividualKind, tables: u32) -> u32 {
    let sets = match kind {
        IndividualKind::Whist => kind.rounds(tables),
        IndividualKind::Rainbow => tables,
    };
    ((26 + sets / 2) / sets).clamp(1, individual::MAX_BOARDS_PER_ROUND)
}

/// The movement the options name.
fn build(
    kind: Option<IndividualKindArg>,
    tables: u32,
    boards_per_round: Option<u32>,
) -> Result<IndividualMovement, CliError> {
    let kind = match kind {
        Some(IndividualKindArg::Whist) => IndividualKind::Whist,
        Some(IndividualKindArg::Rainbow) => IndividualKind::Rainbow,
        None if tables == 7 => IndividualKind::Rainbow,
        None => IndividualKind::Whist,
    };
    let bpr = boards_per_round.unwrap_or_else(|| default_boards_per_round(kind, tables));
    individual::build(kind, tables, bpr).map_err(|e| {
        let option = match e {
            individual::IndividualError::Tables { .. } => format!("--tables {tables}"),
            individual::IndividualError::BoardsPerRound(_) => "--boards-per-round".to_string(),
        };
        CliError::invalid(format!("{option}: {e}"))
    })
}

pub fn movement(a: IndividualMovementArgs) -> Result<u8, CliError> {
    let m = build(a.kind, a.tables, a.boards_per_round)?;
    let kind = m.kind;
    let out = match a.format {
        IndividualFormat::Text => movement_text(&m),
        IndividualFormat::Json => {
            let rounds: Vec<serde_json::Value> = m
                .rounds
                .iter()
                .map(|r| {
                    let tables: Vec<serde_json::Value> = r
                        .tables
                        .iter()
                        .map(|s| {
                            serde_json::json!({
                                "table": s.table, "north": s.north, "east": s.east,
                                "south": s.south, "west": s.west,
                                "boards": m.boards(s.set).collect::<Vec<u32>>(),
                            })
                        })
                        .collect();
                    serde_json::json!({"round": r.round, "tables": tables})
                })
                .collect();
            let json =
                serde_json::json!({"kind": kind.name(), "tables": m.tables, "rounds": rounds});
            let mut s = serde_json::to_string_pretty(&json)
                .map_err(|e| CliError::new(exit::UNEXPECTED, format!("cannot write JSON: {e}")))?;
            s.push('\n');
            s
        }
    };
    write_output(a.output.as_deref(), out.as_bytes())?;
    Ok(exit::OK)
}

fn boards_text(m: &IndividualMovement, set: u32) -> String {
    let b = m.boards(set);
    if b.start() == b.end() {
        b.start().to_string()
    } else {
        format!("{}-{}", b.start(), b.end())
    }
}

fn seat_name(seat: Seat) -> &'static str {
    match seat {
        Seat::North => "North",
        Seat::East => "East",
        Seat::South => "South",
        Seat::West => "West",
    }
}

fn movement_text(m: &IndividualMovement) -> String {
    let boards_note = match m.kind {
        IndividualKind::Whist => "every table plays the round's boards (relay or duplicate them)",
        IndividualKind::Rainbow => "the boards stay at their tables",
    };
    let mut out = format!(
        "{} individual, {} tables, {} players, {} rounds, {} boards a round ({} boards); {}\n\n",
        match m.kind {
            IndividualKind::Whist => "Whist",
            IndividualKind::Rainbow => "Rainbow",
        },
        m.tables,
        m.players(),
        m.rounds.len(),
        m.boards_per_round,
        m.board_count(),
        boards_note
    );
    for r in &m.rounds {
        let mut t = Table::new([
            ("Table", Align::Right),
            ("N", Align::Right),
            ("E", Align::Right),
            ("S", Align::Right),
            ("W", Align::Right),
            ("Boards", Align::Left),
        ]);
        t.title = Some(format!("Round {}", r.round));
        for s in &r.tables {
            t.push(vec![
                s.table.to_string(),
                s.north.to_string(),
                s.east.to_string(),
                s.south.to_string(),
                s.west.to_string(),
                boards_text(m, s.set),
            ]);
        }
        out.push_str(&t.to_text());
        out.push('\n');
    }
    out.push_str("GUIDE CARDS\n\n");
    for player in 1..=m.players() {
        let mut t = Table::new([
            ("Round", Align::Right),
            ("Table", Align::Right),
            ("Seat", Align::Left),
            ("Partner", Align::Right),
            ("Opponents", Align::Left),
            ("Boards", Align::Left),
        ]);
        t.title = Some(format!("Player {player}"));
        for r in &m.rounds {
            let Some((s, seat)) = m.place_of(r.round, player) else {
                continue;
            };
            let (partner, left, right) = match seat {
                Seat::North => (s.south, s.east, s.west),
                Seat::South => (s.north, s.east, s.west),
                Seat::East => (s.west, s.north, s.south),
                Seat::West => (s.east, s.north, s.south),
            };
            t.push(vec![
                r.round.to_string(),
                s.table.to_string(),
                seat_name(seat).to_string(),
                partner.to_string(),
                format!("{left}, {right}"),
                boards_text(m, s.set),
            ]);
        }
        out.push_str(&t.to_text());
        out.push('\n');
    }
    out
}

pub fn score(a: IndividualScoreArgs) -> Result<u8, CliError> {
    crate::io::refuse_overwrites(&[&a.input], a.output.as_slice())?;
    let text = read_trf_text(&a.input, false)?;
    let name = a.input.display().to_string();
    let lines = bridge::individual_csv::read(&text, &name).map_err(|e| {
        let code = match e.kind {
            bridge::InputErrorKind::BeyondLimits => exit::LIMITS,
            bridge::InputErrorKind::Invalid => exit::INVALID,
        };
        CliError::new(code, e.to_string())
    })?;
    if lines.is_empty() {
        return Err(CliError::invalid(format!(
            "{name}: expected at least one board result, found no results"
        )));
    }
    if let Some(tables) = a.tables {
        let m = build(a.kind, tables, a.boards_per_round)?;
        for l in &lines {
            m.check(&[l.result()]).map_err(|e| {
                CliError::invalid(format!("{name}:{}:{}: {e}", l.pos.line, l.pos.column))
            })?;
        }
    }
    let results: Vec<individual::Result4> = lines.iter().map(|l| l.result()).collect();
    // The reader refuses a player twice on a board, the only thing the scoring refuses.
    let scored = individual::score(&results)
        .map_err(|e| CliError::new(exit::UNEXPECTED, format!("{name}: {e}")))?;
    let percent = |s: &individual::PlayerStanding| s.percent().map(|p| p.to_fixed(2));
    let out = match a.format {
        RankingFormat::Csv => bridge::individual_csv::write_ranking(&scored),
        RankingFormat::Text => {
            let mut t = Table::new([
                ("Place", Align::Right),
                ("Player", Align::Right),
                ("MP", Align::Right),
                ("Top", Align::Right),
                ("%", Align::Right),
                ("Boards", Align::Right),
            ]);
            for s in &scored.ranking {
                t.push(vec![
                    if s.tied {
                        format!("={}", s.place)
                    } else {
                        s.place.to_string()
                    },
                    s.player.to_string(),
                    s.mp.to_fixed(2),
                    s.top.to_fixed(2),
                    percent(s).unwrap_or_default(),
                    s.boards.to_string(),
                ]);
            }
            t.to_text()
        }
        RankingFormat::Json => {
            let rows: Vec<serde_json::Value> = scored
                .ranking
                .iter()
                .map(|s| {
                    serde_json::json!({
                        "place": s.place, "tied": s.tied, "player": s.player,
                        "mp": s.mp.to_fixed(2), "top": s.top.to_fixed(2),
                        "percent": percent(s), "boards": s.boards,
                    })
                })
                .collect();
            let mut s = serde_json::to_string_pretty(&serde_json::json!({"ranking": rows}))
                .map_err(|e| CliError::new(exit::UNEXPECTED, format!("cannot write JSON: {e}")))?;
            s.push('\n');
            s
        }
    };
    write_output(a.output.as_deref(), out.as_bytes())?;
    Ok(exit::OK)
}
