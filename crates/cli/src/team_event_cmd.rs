//! `arbiter event team ...`: a chess team event from the command line, with the web
//! application's actions on the same database: create it (or from a TRF-2026 team file), import
//! the rosters (CSV or TRF), pair the next round, enter board results, print the standings and
//! write the TRF-2026 file.

use std::path::{Path, PathBuf};

use clap::{Subcommand, ValueEnum};
use store::teams::rounds::BoardResult;
use store::teams::{MatchPoints, TeamEventId, TeamEventSettings, TeamSystem};
use store::{ResultCode, Store};

use crate::error::CliError;
use crate::io;
use crate::store_io::{store_error, text, ACTOR};
use crate::table::{Align, Format, Table};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum TeamSystemArg {
    SwissTeam,
    RoundRobin,
    DoubleRoundRobin,
}

#[derive(Debug, Subcommand)]
pub(crate) enum TeamCommand {
    /// List the team events of the database.
    List,
    /// Create a team event; prints its number.
    Create {
        #[arg(long)]
        name: String,
        /// Rounds (a round robin's table gives its own).
        #[arg(long)]
        rounds: Option<u32>,
        /// Boards per match.
        #[arg(long)]
        boards: u32,
        #[arg(long, value_enum, default_value = "swiss-team")]
        system: TeamSystemArg,
        /// Match points for a win, a draw, a loss and, when it is worth less, a loss by
        /// forfeit: 2/1/0, 3/1/0, the FFE's 3/2/1/0.
        #[arg(long, default_value = "2/1/0")]
        match_points: String,
        /// Tie-breaks after the match and game points, as `arbiter standings --teams` reads them.
        #[arg(long, default_value = "")]
        tiebreaks: String,
    },
    /// Create a team event from a TRF-2026 team file (its settings, teams and rosters, and the
    /// rounds it has played: the event continues from the next one); prints its number.
    CreateFromTrf { file: PathBuf },
    /// Add teams and rosters from a CSV file (one line per player: team, board, name, …) or a
    /// TRF-2026 team file.
    Import { event: TeamEventId, file: PathBuf },
    /// List the teams by number with their rosters in board order.
    Teams { event: TeamEventId },
    /// Pair the next round and print its matches.
    Pair { event: TeamEventId },
    /// Enter or correct a board's result: 1-0, 0-1, 1/2, 1F-0F, 0F-1F, 0F-0F, or `none`.
    Result {
        event: TeamEventId,
        round: u32,
        #[arg(value_name = "MATCH")]
        match_number: u32,
        board: u32,
        result: String,
    },
    /// Print the team standings with the event's tie-breaks.
    Standings {
        event: TeamEventId,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// Write the event as a TRF-2026 team file, or as chess-results.com's upload file
    /// (`--format chess-results`).
    Export {
        event: TeamEventId,
        /// `chess-results`: chess-results.com's upload file (XML) instead of the TRF.
        #[arg(long, value_enum)]
        format: Option<TeamExportFormat>,
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
    /// Publish the event on chess-results.com, with the credentials chess-results issued to the
    /// program (a file of `source = …`, `aes_key = …`, `aes_iv = …` lines).
    Upload {
        event: TeamEventId,
        #[arg(long, value_name = "FILE")]
        credentials: PathBuf,
    },
}

/// What `arbiter event team export` writes besides the TRF-2026 team file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum TeamExportFormat {
    /// chess-results.com's upload file (XML).
    ChessResults,
}

/// Teams and rosters from a file: TRF when it has players' `001` lines, CSV otherwise.
fn read_rosters(file: &Path) -> Result<Vec<store::teams::import::ImportedTeam>, CliError> {
    let data = io::read_text(file)?;
    let bad = |e: store::teams::import::ImportError| {
        CliError::invalid(format!("{}: {e}", file.display()))
    };
    if store::teams::trf_import::looks_like_trf(&data) {
        Ok(store::teams::trf_import::teams_from_trf(&data)
            .map_err(bad)?
            .teams)
    } else {
        store::teams::import::rosters_from_csv(&data).map_err(bad)
    }
}

fn team_name(store: &Store, event: TeamEventId, key: i64) -> Result<String, CliError> {
    Ok(store
        .teams(event)
        .map_err(store_error)?
        .into_iter()
        .find(|t| t.id == key)
        .map(|t| format!("{} ({})", t.details.name, t.number))
        .unwrap_or_default())
}

pub(crate) fn run(s: &Store, command: TeamCommand) -> Result<(), CliError> {
    match command {
        TeamCommand::List => {
            let mut t = Table::new([
                ("Event", Align::Right),
                ("Name", Align::Left),
                ("Boards", Align::Right),
                ("Rounds", Align::Right),
                ("Paired", Align::Right),
            ]);
            for e in s.team_events().map_err(store_error)? {
                t.push(vec![
                    e.id.to_string(),
                    e.settings.name.to_string(),
                    e.settings.boards.to_string(),
                    e.settings.rounds.to_string(),
                    e.rounds_paired.to_string(),
                ]);
            }
            io::print(&t.to_text())?;
        }
        TeamCommand::Create {
            name,
            rounds,
            boards,
            system,
            match_points,
            tiebreaks,
        } => {
            let system = match system {
                TeamSystemArg::SwissTeam => TeamSystem::SwissTeam,
                TeamSystemArg::RoundRobin => TeamSystem::RoundRobin,
                TeamSystemArg::DoubleRoundRobin => TeamSystem::DoubleRoundRobin,
            };
            // A round robin's table decides its rounds; 1 stands in until round 1 is paired.
            let rounds = match (rounds, system.is_round_robin()) {
                (Some(r), _) => r,
                (None, true) => 1,
                (None, false) => {
                    return Err(CliError::invalid(
                        "--rounds: a Swiss Team event needs its number of rounds",
                    ))
                }
            };
            let mut settings = TeamEventSettings::new(text("name", &name)?, rounds, boards);
            settings.system = system;
            settings.match_points = match_points.parse::<MatchPoints>().map_err(|e| {
                CliError::invalid(format!(
                    "--match-points: expected {e}, found {match_points}"
                ))
            })?;
            settings.tiebreaks = tiebreaks;
            let id = s.create_team_event(ACTOR, &settings).map_err(store_error)?;
            io::print(&format!("{id}\n"))?;
        }
        TeamCommand::CreateFromTrf { file } => {
            let data = io::read_text(&file)?;
            let f = store::teams::trf_import::teams_from_trf(&data)
                .map_err(|e| CliError::invalid(format!("{}: {e}", file.display())))?;
            let (id, _) = s
                .create_team_event_from_file(ACTOR, &f)
                .map_err(store_error)?;
            io::print(&format!("{id}\n"))?;
            if f.rounds_played > 0 {
                eprintln!(
                    "note: the file's {} played rounds are imported; the event continues from round {}",
                    f.rounds_played,
                    f.rounds_played + 1
                );
            }
        }
        TeamCommand::Import { event, file } => {
            let teams = read_rosters(&file)?;
            let players: usize = teams.iter().map(|t| t.members.len()).sum();
            let ids = s.import_teams(ACTOR, event, &teams).map_err(store_error)?;
            io::print(&format!("{} teams, {players} players added\n", ids.len()))?;
        }
        TeamCommand::Teams { event } => {
            let mut t = Table::new([
                ("No", Align::Right),
                ("Team", Align::Left),
                ("Bd", Align::Right),
                ("Name", Align::Left),
                ("Rating", Align::Right),
            ]);
            for team in s.teams(event).map_err(store_error)? {
                for m in &team.roster {
                    t.push(vec![
                        team.number.to_string(),
                        team.details.name.to_string(),
                        m.board.to_string(),
                        m.details.name.to_string(),
                        m.details.rating.map(|r| r.to_string()).unwrap_or_default(),
                    ]);
                }
            }
            io::print(&t.to_text())?;
        }
        TeamCommand::Pair { event } => {
            let round = s.pair_team_round(ACTOR, event).map_err(store_error)?;
            let mut t = Table::new([
                ("Match", Align::Right),
                ("White on board 1", Align::Left),
                ("Black on board 1", Align::Left),
            ]);
            t.title = Some(format!("Round {}", round.round));
            for m in &round.matches {
                t.push(vec![
                    m.number.to_string(),
                    team_name(s, event, m.white_team)?,
                    team_name(s, event, m.black_team)?,
                ]);
            }
            if let Some(bye) = round.bye {
                t.push(vec![
                    String::new(),
                    team_name(s, event, bye)?,
                    "bye".to_string(),
                ]);
            }
            io::print(&t.to_text())?;
        }
        TeamCommand::Result {
            event,
            round,
            match_number,
            board,
            result,
        } => {
            let code = if result.eq_ignore_ascii_case("none") {
                None
            } else {
                Some(ResultCode::parse(&result).ok_or_else(|| {
                    CliError::invalid(format!(
                        "expected a result 1-0, 0-1, 1/2, 1F-0F, 0F-1F, 0F-0F or none, found `{result}`"
                    ))
                })?)
            };
            let one = BoardResult {
                match_number,
                board,
                result: code,
            };
            s.set_team_results(ACTOR, event, round, &[one], None)
                .map_err(store_error)?;
        }
        TeamCommand::Standings { event, format } => {
            let table = s.team_standings(event).map_err(store_error)?;
            let out = match format {
                Format::Json => format!("{:#}\n", serde_json::json!(table)),
                Format::Text | Format::Csv | Format::Html => {
                    let mut headers = vec![
                        ("Rank".to_string(), Align::Right),
                        ("No".to_string(), Align::Right),
                        ("Team".to_string(), Align::Left),
                        ("MP".to_string(), Align::Right),
                        ("GP".to_string(), Align::Right),
                    ];
                    // MP and GP have their columns already: a tie-break list naming them
                    // (e.g. MP, GP, SB) would print them twice.
                    let extra: Vec<usize> = (0..table.tiebreaks.len())
                        .filter(|&i| !matches!(table.tiebreaks[i].as_str(), "MP" | "GP"))
                        .collect();
                    headers.extend(
                        extra
                            .iter()
                            .map(|&i| (table.tiebreaks[i].clone(), Align::Right)),
                    );
                    let mut t = Table::new(headers);
                    t.title = Some(format!("Standings after round {}", table.after));
                    for r in &table.rows {
                        let mut line = vec![
                            if r.rank == r.rank_to {
                                r.rank.to_string()
                            } else {
                                format!("{}-{}", r.rank, r.rank_to)
                            },
                            r.number.to_string(),
                            r.name.clone(),
                            r.match_points.clone(),
                            r.game_points.clone(),
                        ];
                        line.extend(extra.iter().map(|&i| r.values[i].clone()));
                        t.push(line);
                    }
                    if format == Format::Csv {
                        t.to_csv()
                    } else if format == Format::Html {
                        return Err(CliError::invalid(
                            "--format html: the team standings print as text, csv or json",
                        ));
                    } else {
                        t.to_text()
                    }
                }
            };
            io::print(&out)?;
        }
        TeamCommand::Export {
            event,
            format: Some(TeamExportFormat::ChessResults),
            output,
        } => {
            let xml = s
                .export_team_chess_results(event, None)
                .map_err(store_error)?;
            io::write_output(output.as_deref(), xml.as_bytes())?;
        }
        TeamCommand::Export {
            event,
            format: None,
            output,
        } => {
            let trf = s.export_team_trf(event).map_err(store_error)?;
            io::write_output(output.as_deref(), trf.as_bytes())?;
        }
        TeamCommand::Upload { event, credentials } => {
            let client = chess_results_client(&credentials)?;
            match client.publish_team(s, event) {
                Ok(key) => io::print(&format!(
                    "published on chess-results.com: tournament {key}\n"
                ))?,
                Err(server::chess_results::UploadError::Store(e)) => return Err(store_error(e)),
                Err(e) => {
                    return Err(CliError::new(
                        crate::error::exit::FILE_ACCESS,
                        e.to_string(),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// chess-results.com's upload client with the credentials read from `file` (as `arbiter event
/// upload` reads them).
fn chess_results_client(file: &Path) -> Result<server::chess_results::Client, CliError> {
    let text = io::read_text(file)?;
    let creds = server::chess_results::Credentials::parse(&text).map_err(|e| {
        CliError::invalid(format!(
            "{}:{}: expected {}, found {}",
            file.display(),
            e.line,
            e.expected,
            e.found
        ))
    })?;
    Ok(server::chess_results::Client::new(creds))
}
