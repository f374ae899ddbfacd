//! `arbiter`: the command-line front end. It parses arguments, calls the libraries, formats
//! output and turns typed errors into messages and exit codes. No domain logic lives here.

mod bridge_cmd;
mod bridge_individual_cmd;
mod engine;
mod error;
mod event_cmd;
mod group_cmd;
mod io;
mod javafo;
mod pair_cmd;
mod papi_cmd;
mod prizes_cmd;
mod rating_cmd;
mod rating_lists;
mod serve_cmd;
mod standings_cmd;
mod store_io;
mod table;
mod team_event_cmd;
mod trf_cmd;
mod tunx_cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::error::CliError;

#[derive(Debug, Parser)]
#[command(
    name = "arbiter",
    version,
    about = "Tournament engine: FIDE Swiss pairing (Dutch, Burstein, Dubov, Lim, Double-Swiss, Swiss Team), tie-breaks and standings, duplicate bridge scoring",
    long_about = "Tournament engine for chess arbiters and bridge directors.\n\n\
The pairing-engine interface of the FIDE-endorsed engines is also accepted:\n  \
arbiter --SYSTEM INPUT.trf -p [OUTPUT] [-l [CHECKLIST]]\n  \
arbiter --SYSTEM INPUT.trf -c [-l [CHECKLIST]]\n  \
arbiter --SYSTEM (MODEL.trf -g | -g [CONFIG]) -o OUTPUT.trf [-s SEED] [-l [CHECKLIST]]\n\n\
SYSTEM: dutch, burstein, dubov, lim, double-swiss or team. Without a system flag the file's type\n\
code (192) chooses; the Dutch system is the default.\n\
--latin1 reads old TRF files written in Latin-1."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Pair the next round of a Swiss tournament (any FIDE Swiss system) or print a round-robin
    /// table.
    Pair(pair_cmd::PairArgs),
    /// Replay every round of a tournament and report where its pairings differ from ours.
    Check(pair_cmd::CheckArgs),
    /// Generate a random tournament paired by our engine.
    Generate(pair_cmd::GenerateArgs),
    /// Rank players by points and tie-breaks.
    Standings(standings_cmd::StandingsArgs),
    /// Print the crosstable of a tournament.
    Crosstable(standings_cmd::CrosstableArgs),
    /// Distribute the prizes after the last round: by places, shared, or the Hort system.
    Prizes(prizes_cmd::PrizesArgs),
    /// FIDE title norms (GM, IM, WGM, WIM) of every player: achieved, in reach, or why not.
    Norms(rating_cmd::NormsArgs),
    /// FIDE rating change of every player (and unrated players' initial ratings).
    RatingChange(rating_cmd::RatingChangeArgs),
    /// Convert a TRF, Papi (.papi) or Swiss-Manager (.TUNX) file to TRF-16 or TRF-2026, or a TRF file to Papi.
    Convert(trf_cmd::ConvertArgs),
    /// Check a TRF file and report every problem found.
    Validate(trf_cmd::ValidateArgs),
    /// Duplicate bridge scoring.
    #[command(subcommand)]
    Bridge(bridge_cmd::BridgeCommand),
    /// Run an event from the event database: players, pairings, results, standings, exports.
    Event(event_cmd::EventArgs),
    /// Run the web application: the arbiter's pages, public pages, players' result entry, JSON API.
    Serve(serve_cmd::ServeArgs),
}

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let result = if engine::is_engine_call(&args) {
        engine::run(&args)
    } else {
        let cli = match Cli::try_parse_from(&args) {
            Ok(cli) => cli,
            Err(e) => return usage_error(e),
        };
        match cli.command {
            Command::Pair(a) => pair_cmd::run_pair(a),
            Command::Check(a) => pair_cmd::run_check(a),
            Command::Generate(a) => pair_cmd::run_generate(a),
            Command::Standings(a) => standings_cmd::run_standings(a),
            Command::Crosstable(a) => standings_cmd::run_crosstable(a),
            Command::Prizes(a) => prizes_cmd::run_prizes(a),
            Command::Norms(a) => rating_cmd::run_norms(a),
            Command::RatingChange(a) => rating_cmd::run_rating_change(a),
            Command::Convert(a) => trf_cmd::run_convert(a),
            Command::Validate(a) => trf_cmd::run_validate(a),
            Command::Bridge(c) => bridge_cmd::run(c),
            Command::Serve(a) => serve_cmd::run_serve(a),
            Command::Event(a) => event_cmd::run(a),
        }
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => fail(e),
    }
}

fn fail(CliError { code, message }: CliError) -> ExitCode {
    io::print_error(&message);
    ExitCode::from(code)
}

/// Prints clap's message; help and version are successes when they reach stdout, any other
/// usage error is an invalid request (exit 3), since exit 2 is kept for unexpected internal
/// errors.
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let printed = e
                .print()
                .and_then(|()| std::io::Write::flush(&mut std::io::stdout()));
            match io::stdout_result(printed) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(e),
            }
        }
        _ => {
            // The message goes to stderr; if even that fails, the exit code still tells.
            let _ = e.print();
            ExitCode::from(error::exit::INVALID)
        }
    }
}
