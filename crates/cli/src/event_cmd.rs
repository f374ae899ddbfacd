//! `arbiter event ...`: the arbiter's actions on the event database from the command line, the
//! same ones the web application offers (each one transaction, logged, undoable).

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand, ValueEnum};
use store::{ByeKind, EventId, EventSettings, NewPlayer, ResultCode, Store, System};

use crate::error::{exit, CliError};
use crate::io;
use crate::standings_cmd::page_lang;
use crate::store_io::{store_error, text, ACTOR};
use crate::table::{Align, Format, Table};

/// The actor written in the log for actions from the command line.
#[derive(Debug, Args)]
pub struct EventArgs {
    /// The event database (default: the one `arbiter serve` uses, in the user's data folder).
    #[arg(long, global = true)]
    db: Option<PathBuf>,
    #[command(subcommand)]
    command: EventCommand,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SystemArg {
    Swiss,
    RoundRobin,
    DoubleRoundRobin,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SwissSystemArg {
    Dutch,
    Burstein,
    Dubov,
    Lim,
    /// C.04.5: each match of two games takes two rounds (`--rounds` counts games).
    DoubleSwiss,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ByeArg {
    Half,
    Full,
    Zero,
    None,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum TrfFormat {
    Trf16,
    Trf26,
}

#[derive(Debug, Subcommand)]
enum EventCommand {
    /// List the events of the database.
    List,
    /// Create an event; prints its number.
    Create {
        #[arg(long)]
        name: String,
        #[arg(long)]
        rounds: u32,
        #[arg(long, value_enum, default_value = "swiss")]
        system: SystemArg,
        #[arg(long, default_value = "")]
        place: String,
        /// Start date, YYYY-MM-DD.
        #[arg(long, default_value = "")]
        start: String,
        /// Tie-breaks, as `arbiter standings --tiebreaks` reads them (default: BH/C1,BH,SB for a
        /// Swiss, DE,SB,WIN for a round robin).
        #[arg(long, default_value = "")]
        tiebreaks: String,
        /// Baku acceleration.
        #[arg(long)]
        baku: bool,
        /// The Swiss system's rules.
        #[arg(long, value_enum, default_value = "dutch")]
        swiss_system: SwissSystemArg,
    },
    /// Add players from a CSV (header line naming the columns) or a TRF file.
    Import { event: EventId, file: PathBuf },
    /// Add one player (a late entry once round 1 is paired).
    AddPlayer {
        event: EventId,
        #[arg(long)]
        name: String,
        #[arg(long)]
        rating: Option<u16>,
        #[arg(long, default_value = "")]
        title: String,
        #[arg(long, default_value = "")]
        federation: String,
        #[arg(long)]
        fide_id: Option<u64>,
    },
    /// List the players by pairing number.
    Players {
        event: EventId,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// The language of the HTML page (the web application's own): en or fr.
        #[arg(long, value_name = "en|fr", default_value = "en")]
        lang: String,
    },
    /// Check players in (or out with --absent) for the next round, by pairing number; `all` for everyone.
    Present {
        event: EventId,
        #[arg(required = true)]
        players: Vec<String>,
        #[arg(long)]
        absent: bool,
    },
    /// Withdraw a player from a round on.
    Withdraw {
        event: EventId,
        player: u32,
        #[arg(long)]
        from: u32,
    },
    /// Record a bye for a player in a round: requested (half, full), an absence (zero), or none to clear it.
    Bye {
        event: EventId,
        player: u32,
        round: u32,
        #[arg(value_enum)]
        kind: ByeArg,
    },
    /// Pair the next round (or the round given, which must be the next; pairing it again changes nothing).
    Pair {
        event: EventId,
        #[arg(long)]
        round: Option<u32>,
    },
    /// Take back the last round's pairing while it has no result.
    Unpair { event: EventId, round: u32 },
    /// Enter or correct a result: 1-0, 0-1, 1/2, 1F-0F, 0F-1F, 0F-0F (also 1, 0, =, +, -, --), or `none`.
    Result {
        event: EventId,
        round: u32,
        board: u32,
        result: String,
    },
    /// Print a round's pairings by board.
    Pairings {
        event: EventId,
        round: Option<u32>,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// The language of the HTML page (the web application's own): en or fr.
        #[arg(long, value_name = "en|fr", default_value = "en")]
        lang: String,
    },
    /// Print the standings with the event's tie-breaks.
    Standings {
        event: EventId,
        /// After this round (default: the last round whose results are all in).
        #[arg(long)]
        after: Option<u32>,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// The language of the HTML page (the web application's own): en or fr.
        #[arg(long, value_name = "en|fr", default_value = "en")]
        lang: String,
    },
    /// Write the event as a TRF file for the rating report, or as chess-results.com's upload
    /// file (`--format chess-results`).
    Export {
        event: EventId,
        #[arg(long, value_enum, default_value = "trf16")]
        to: TrfFormat,
        /// `chess-results`: chess-results.com's upload file (XML) instead of a TRF.
        #[arg(long, value_enum)]
        format: Option<ExportFormat>,
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// One TRF per rating period (FIDE's monthly lists), each with the rounds played in it,
        /// into the folder `-o` names; files named after their period, never over a file there.
        #[arg(long)]
        per_period: bool,
    },
    /// Publish the event on chess-results.com, with the credentials chess-results issued to the
    /// program (a file of `source = …`, `aes_key = …`, `aes_iv = …` lines).
    Upload {
        event: EventId,
        #[arg(long, value_name = "FILE")]
        credentials: PathBuf,
    },
    /// Show the event's action log, newest first.
    Log { event: EventId },
    /// Undo the event's last action.
    Undo { event: EventId },
    /// Copy the whole database to a new file.
    Backup { output: PathBuf },
    /// Replace the whole database with a backup.
    Restore { input: PathBuf },
    /// Events with sections (A open, B open…): list, create, add a section, players, move.
    Group {
        #[command(subcommand)]
        command: crate::group_cmd::GroupCommand,
    },
    /// Chess team events: create, import rosters, pair, results, standings, TRF-2026.
    Team {
        #[command(subcommand)]
        command: crate::team_event_cmd::TeamCommand,
    },
}

/// A name or label given on the command line, through the store's one constructor.
/// A document that could not be written: the store's refusal as [`store_error`] says it,
/// anything else (a template's failure) as unexpected.
fn app_error(e: server::AppError) -> CliError {
    match e {
        server::AppError::Store(e) => store_error(e),
        other => CliError::new(exit::UNEXPECTED, other.to_string()),
    }
}

fn open(db: Option<&Path>) -> Result<Store, CliError> {
    let path = match db {
        Some(p) => p.to_path_buf(),
        None => {
            let p = store::default_path().ok_or_else(|| {
                CliError::invalid("no --db given and no home folder to keep the database in")
            })?;
            if let Some(dir) = p.parent() {
                std::fs::create_dir_all(dir).map_err(|e| CliError::file_access(dir, &e))?;
            }
            p
        }
    };
    Store::open(&path)
        .map_err(|e| CliError::new(exit::FILE_ACCESS, format!("{}: {e}", path.display())))
}

fn player_key(store: &Store, event: EventId, number: u32) -> Result<store::PlayerKey, CliError> {
    store
        .players(event)
        .map_err(store_error)?
        .into_iter()
        .find(|p| p.number == number)
        .map(|p| p.id)
        .ok_or_else(|| CliError::invalid(format!("event {event} has no player number {number}")))
}

/// A list in the format asked for: the table as text or CSV, the command's JSON, or the web
/// application's document (`html`, from [`server::chess::standalone`]).
fn render(
    table: impl FnOnce() -> Result<Table, CliError>,
    format: Format,
    json: impl FnOnce() -> Result<serde_json::Value, CliError>,
    html: impl FnOnce() -> Result<String, CliError>,
) -> Result<String, CliError> {
    Ok(match format {
        Format::Text => table()?.to_text(),
        Format::Csv => table()?.to_csv(),
        Format::Json => format!("{:#}\n", json()?),
        Format::Html => html()?,
    })
}

pub fn run(args: EventArgs) -> Result<u8, CliError> {
    let store = open(args.db.as_deref())?;
    let s = &store;
    match args.command {
        EventCommand::List => {
            let mut t = Table::new([
                ("Event", Align::Right),
                ("Name", Align::Left),
                ("Rounds", Align::Right),
                ("Paired", Align::Right),
            ]);
            for e in s.events().map_err(store_error)? {
                t.push(vec![
                    e.id.to_string(),
                    e.settings.name.to_string(),
                    e.settings.rounds.to_string(),
                    e.paired_rounds.to_string(),
                ]);
            }
            io::print(&t.to_text())?;
        }
        EventCommand::Create {
            name,
            rounds,
            system,
            place,
            start,
            tiebreaks,
            baku,
            swiss_system,
        } => {
            let mut settings = EventSettings::new(text("name", &name)?, rounds);
            settings.system = match system {
                SystemArg::Swiss => System::Swiss,
                SystemArg::RoundRobin => System::RoundRobin,
                SystemArg::DoubleRoundRobin => System::DoubleRoundRobin,
            };
            settings.place = text("place", &place)?;
            settings.start_date = start;
            settings.tiebreaks = tiebreaks;
            settings.baku = baku;
            settings.swiss_system = match swiss_system {
                SwissSystemArg::Dutch => store::SwissSystem::Dutch,
                SwissSystemArg::Dubov => store::SwissSystem::Dubov,
                SwissSystemArg::Lim => store::SwissSystem::Lim,
                SwissSystemArg::Burstein => store::SwissSystem::Burstein,
                SwissSystemArg::DoubleSwiss => store::SwissSystem::DoubleSwiss,
            };
            let id = s.create_event(ACTOR, &settings).map_err(store_error)?;
            io::print(&format!("{id}\n"))?;
        }
        EventCommand::Import { event, file } => {
            let text = io::read_text(&file)?;
            let is_trf = text.lines().any(|l| l.starts_with("001 "));
            let players = if is_trf {
                store::import::players_from_trf(&text)
            } else {
                store::import::players_from_csv(&text)
            }
            .map_err(|e| CliError::invalid(format!("{}: {e}", file.display())))?;
            let n = s.add_players(ACTOR, event, &players).map_err(store_error)?;
            io::print(&format!("{n} players added\n"))?;
        }
        EventCommand::AddPlayer {
            event,
            name,
            rating,
            title,
            federation,
            fide_id,
        } => {
            let p = NewPlayer {
                name: text("name", &name)?,
                rating,
                title,
                federation,
                fide_id,
                ..NewPlayer::default()
            };
            let id = s.add_player(ACTOR, event, &p).map_err(store_error)?;
            io::print(&format!(
                "player number {}\n",
                s.player(event, id).map_err(store_error)?.number
            ))?;
        }
        EventCommand::Players {
            event,
            format,
            lang,
        } => {
            let players = || s.players(event).map_err(store_error);
            let table = || {
                let mut t = Table::new([
                    ("No", Align::Right),
                    ("Name", Align::Left),
                    ("Title", Align::Left),
                    ("Fed", Align::Left),
                    ("Rating", Align::Right),
                    ("Present", Align::Left),
                    ("Withdrawn from", Align::Right),
                ]);
                for p in &players()? {
                    t.push(vec![
                        p.number.to_string(),
                        p.details.name.to_string(),
                        p.details.title.clone(),
                        p.details.federation.clone(),
                        p.details.rating.map(|r| r.to_string()).unwrap_or_default(),
                        if p.present { "yes" } else { "no" }.to_string(),
                        p.withdrawn_from.map(|r| r.to_string()).unwrap_or_default(),
                    ]);
                }
                Ok(t)
            };
            let json = || Ok(serde_json::json!(players()?));
            // The web application's list (report's partial).
            let html = || {
                let lang = page_lang(&lang)?;
                server::chess::standalone::players(s, lang, event).map_err(app_error)
            };
            io::print(&render(table, format, json, html)?)?;
        }
        EventCommand::Present {
            event,
            players,
            absent,
        } => {
            if players.iter().any(|p| p == "all") {
                s.set_all_present(ACTOR, event, !absent)
                    .map_err(store_error)?;
            } else {
                for p in &players {
                    let number: u32 = p.parse().map_err(|_| {
                        CliError::invalid(format!(
                            "expected a pairing number or `all`, found `{p}`"
                        ))
                    })?;
                    let key = player_key(s, event, number)?;
                    s.set_present(ACTOR, event, key, !absent, None)
                        .map_err(store_error)?;
                }
            }
        }
        EventCommand::Withdraw {
            event,
            player,
            from,
        } => {
            let key = player_key(s, event, player)?;
            s.withdraw(ACTOR, event, key, from, None)
                .map_err(store_error)?;
        }
        EventCommand::Bye {
            event,
            player,
            round,
            kind,
        } => {
            let key = player_key(s, event, player)?;
            let kind = match kind {
                ByeArg::Half => Some(ByeKind::Half),
                ByeArg::Full => Some(ByeKind::Full),
                ByeArg::Zero => Some(ByeKind::Zero),
                ByeArg::None => None,
            };
            s.set_bye(ACTOR, event, key, round, kind, None)
                .map_err(store_error)?;
        }
        EventCommand::Pair { event, round } => {
            let round = match round {
                Some(r) => r,
                None => s.event(event).map_err(store_error)?.paired_rounds + 1,
            };
            let r = s.pair_round(ACTOR, event, round).map_err(store_error)?;
            io::print(&pairings_table(s, event, &r)?.to_text())?;
        }
        EventCommand::Unpair { event, round } => {
            s.unpair_round(ACTOR, event, round).map_err(store_error)?
        }
        EventCommand::Result {
            event,
            round,
            board,
            result,
        } => {
            let result = if result.eq_ignore_ascii_case("none") {
                None
            } else {
                Some(ResultCode::parse(&result).ok_or_else(|| {
                    CliError::invalid(format!("expected a result such as 1-0, 0-1, 1/2, 1F-0F, 0F-1F, 0F-0F, 1/2-0, 0-1/2, 0-0 or none, found `{result}`"))
                })?)
            };
            s.set_result(ACTOR, event, round, board, result)
                .map_err(store_error)?;
        }
        EventCommand::Pairings {
            event,
            round,
            format,
            lang,
        } => {
            let round = match round {
                Some(r) => r,
                None => s.event(event).map_err(store_error)?.paired_rounds,
            };
            let r = s.round(event, round).map_err(store_error)?;
            let table = || pairings_table(s, event, &r);
            let json = || Ok(serde_json::json!(r));
            // The pairing list the web application's export prints (report's partial).
            let html = || {
                let lang = page_lang(&lang)?;
                server::chess::standalone::pairings(s, lang, event, round).map_err(app_error)
            };
            io::print(&render(table, format, json, html)?)?;
        }
        EventCommand::Standings {
            event,
            after,
            format,
            lang,
        } => {
            let st = s.standings(event, after).map_err(store_error)?;
            let table = || {
                let mut headers = vec![
                    ("Rank".to_string(), Align::Right),
                    ("No".to_string(), Align::Right),
                    ("Name".to_string(), Align::Left),
                    ("Fed".to_string(), Align::Left),
                    ("Rating".to_string(), Align::Right),
                    ("Pts".to_string(), Align::Right),
                ];
                headers.extend(st.tiebreak_codes.iter().map(|c| (c.clone(), Align::Right)));
                let mut t = Table::new(headers);
                t.title = Some(format!(
                    "{}: standings after round {}",
                    s.event(event).map_err(store_error)?.settings.name,
                    st.after_round
                ));
                for row in &st.rows {
                    let mut cells = vec![
                        if row.shared {
                            format!("{}=", row.rank)
                        } else {
                            row.rank.to_string()
                        },
                        row.player.number.to_string(),
                        row.player.details.name.to_string(),
                        row.player.details.federation.clone(),
                        row.player
                            .details
                            .rating
                            .map(|r| r.to_string())
                            .unwrap_or_default(),
                        row.points.to_string(),
                    ];
                    cells.extend(row.values.iter().cloned());
                    t.push(cells);
                }
                Ok(t)
            };
            let json = || Ok(serde_json::json!(st));
            // The web application's standings page (report's table and legend).
            let html = || {
                let lang = page_lang(&lang)?;
                server::chess::standalone::standings(s, lang, event, after).map_err(app_error)
            };
            io::print(&render(table, format, json, html)?)?;
        }
        EventCommand::Upload { event, credentials } => {
            let text = io::read_text(&credentials)?;
            let creds = server::chess_results::Credentials::parse(&text).map_err(|e| {
                CliError::invalid(format!(
                    "{}:{}: expected {}, found {}",
                    credentials.display(),
                    e.line,
                    e.expected,
                    e.found
                ))
            })?;
            let client = server::chess_results::Client::new(creds);
            match client.publish(s, event) {
                Ok(key) => io::print(&format!(
                    "published on chess-results.com: tournament {key}\n"
                ))?,
                Err(server::chess_results::UploadError::Store(e)) => return Err(store_error(e)),
                Err(e) => return Err(CliError::new(exit::FILE_ACCESS, e.to_string())),
            }
        }
        EventCommand::Export {
            event,
            format: Some(ExportFormat::ChessResults),
            output,
            ..
        } => {
            let xml = s.export_chess_results(event, None).map_err(store_error)?;
            io::write_output(output.as_deref(), xml.as_bytes())?;
        }
        EventCommand::Export {
            event,
            to,
            output,
            per_period,
            ..
        } => {
            let format = match to {
                TrfFormat::Trf16 => tournament::trf::Format::Trf16,
                TrfFormat::Trf26 => tournament::trf::Format::Trf26,
            };
            if per_period {
                export_periods(s, event, format, output.as_deref())?;
            } else {
                let text = s.export_trf(event, format).map_err(store_error)?;
                io::write_output(output.as_deref(), text.as_bytes())?;
            }
        }
        EventCommand::Log { event } => {
            let mut t = Table::new([
                ("At", Align::Left),
                ("Who", Align::Left),
                ("Action", Align::Left),
                ("Details", Align::Left),
                ("Undone", Align::Left),
            ]);
            for e in s.log(event).map_err(store_error)? {
                t.push(vec![
                    e.at,
                    e.actor,
                    e.action,
                    e.detail.to_string(),
                    if e.undone { "undone" } else { "" }.to_string(),
                ]);
            }
            io::print(&t.to_text())?;
        }
        EventCommand::Undo { event } => {
            let e = s.undo_last(ACTOR, event).map_err(store_error)?;
            io::print(&format!(
                "undone: {} by {} at {}\n",
                e.action, e.actor, e.at
            ))?;
        }
        EventCommand::Team { command } => crate::team_event_cmd::run(s, command)?,
        EventCommand::Group { command } => crate::group_cmd::run(s, command)?,
        EventCommand::Backup { output } => {
            if output.exists() {
                return Err(CliError::invalid(format!(
                    "{}: the file exists; a backup is written to a new file",
                    output.display()
                )));
            }
            s.backup_to(&output).map_err(store_error)?;
        }
        EventCommand::Restore { input } => {
            let restored = s.restore_from(&input).map_err(store_error)?;
            if let Some(previous) = restored.previous {
                io::print(&format!(
                    "restored from {}; the database as it was is kept in {}\n",
                    input.display(),
                    previous.display()
                ))?;
            }
        }
    }
    Ok(exit::OK)
}

/// `event export --per-period`: one TRF per rating period into `folder`, each named after its
/// period (`event-3-trf2026-2026-11.trf`). Every file is made before any is written, and none is
/// written when one of their names is taken or a reported round has no date.
fn export_periods(
    s: &Store,
    event: EventId,
    format: tournament::trf::Format,
    folder: Option<&Path>,
) -> Result<(), CliError> {
    let Some(folder) = folder else {
        return Err(CliError::invalid(
            "--per-period writes one file per rating period: expected their folder with -o, \
             found none",
        ));
    };
    let split = s.report_periods(event).map_err(store_error)?;
    if let Some(round) = split.undated.first() {
        return Err(CliError::invalid(format!(
            "event {event}, round {round}: expected a date (the schedule in the event's \
             settings) to place the round in a rating period, found none"
        )));
    }
    if split.periods.is_empty() {
        return Err(CliError::invalid(format!(
            "event {event}: expected a round with all its results in, found none: nothing to \
             report"
        )));
    }
    let layout = match format {
        tournament::trf::Format::Trf16 => "trf16",
        tournament::trf::Format::Trf26 => "trf2026",
    };
    let mut files = Vec::new();
    for p in &split.periods {
        let text = s
            .export_trf_period(event, format, p.period)
            .map_err(store_error)?;
        let path = folder.join(format!("event-{event}-{layout}-{}.trf", p.period));
        if path.exists() {
            return Err(CliError::invalid(format!(
                "{}: the file exists; each period is written to a new file (move it, or name \
                 another folder with -o)",
                path.display()
            )));
        }
        files.push((p, path, text));
    }
    std::fs::create_dir_all(folder).map_err(|e| CliError::file_access(folder, &e))?;
    let mut written: Vec<&Path> = Vec::new();
    for (_, path, text) in &files {
        if let Err(e) = io::write_atomic(path, text.as_bytes()) {
            // All the periods or none.
            for w in written {
                let _ = std::fs::remove_file(w);
            }
            return Err(e);
        }
        written.push(path);
    }
    let mut out = String::new();
    for (p, path, _) in &files {
        out.push_str(&format!(
            "{}  {}  {}\n",
            p.period,
            p.rounds_label(),
            path.display()
        ));
    }
    io::print(&out)
}

/// A round's pairing list: board, White with rating and points before the round, result, Black.
fn pairings_table(s: &Store, event: EventId, r: &store::Round) -> Result<Table, CliError> {
    let players = s.players(event).map_err(store_error)?;
    let before = s
        .standings(event, Some(r.number - 1))
        .map_err(store_error)?;
    let points = |key: store::PlayerKey| {
        before
            .rows
            .iter()
            .find(|row| row.player.id == key)
            .map(|row| row.points.to_string())
            .unwrap_or_default()
    };
    let who = |key: store::PlayerKey| {
        let p = players.iter().find(|p| p.id == key);
        p.map(|p| format!("{} ({})", p.details.name, p.number))
            .unwrap_or_default()
    };
    let rating = |key: store::PlayerKey| {
        players
            .iter()
            .find(|p| p.id == key)
            .and_then(|p| p.details.rating)
            .map(|r| r.to_string())
            .unwrap_or_default()
    };
    let mut t = Table::new([
        ("Bd", Align::Right),
        ("White", Align::Left),
        ("Rtg", Align::Right),
        ("Pts", Align::Right),
        ("Result", Align::Left),
        ("Pts", Align::Right),
        ("Rtg", Align::Right),
        ("Black", Align::Left),
    ]);
    t.title = Some(format!("Round {}", r.number));
    for g in &r.games {
        let result = g.result.map(|c| c.as_str().to_string()).unwrap_or_default();
        match g.black {
            Some(b) => t.push(vec![
                g.board.to_string(),
                who(g.white),
                rating(g.white),
                points(g.white),
                result,
                points(b),
                rating(b),
                who(b),
            ]),
            None => t.push(vec![
                g.board.to_string(),
                who(g.white),
                rating(g.white),
                points(g.white),
                "bye".to_string(),
                String::new(),
                String::new(),
                String::new(),
            ]),
        }
    }
    Ok(t)
}

/// Files `arbiter event export` writes besides TRF.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFormat {
    /// chess-results.com's upload file (XML).
    ChessResults,
}
