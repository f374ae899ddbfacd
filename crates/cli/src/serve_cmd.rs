//! `arbiter serve`: the web application over the event database.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Args;

use crate::error::{exit, CliError};

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The event database (created on first start). Default:
    /// $XDG_DATA_HOME/arbiter/arbiter.db, else ~/.local/share/arbiter/arbiter.db.
    #[arg(long, value_name = "FILE")]
    db: Option<PathBuf>,
    /// Where to listen; 127.0.0.1 keeps the server on this machine, 0.0.0.0 opens it to the
    /// hall's network. Port 0 picks a free port (the printed URL names it).
    #[arg(long, value_name = "ADDR:PORT", default_value = server::Config::DEFAULT_LISTEN)]
    listen: SocketAddr,
    /// Load a sample event (a 5-round Swiss with 16 players) when the database has no event.
    #[arg(long)]
    demo: bool,
    /// The address visitors type when it is not the one listened on (a reverse proxy in front,
    /// https://chess.example.org, or the laptop's address on the hall's network): the setup link
    /// and the printed code slips name it, and with https every cookie gets the Secure flag.
    #[arg(long, value_name = "URL")]
    public_url: Option<String>,
    /// Trust a reverse proxy's X-Forwarded-Proto header: cookies of requests it says came over
    /// https get the Secure flag. Only when nothing but the proxy reaches this server.
    #[arg(long)]
    forwarded_proto: bool,
    /// The credentials chess-results.com issued to the program (`source = …`, `aes_key = …`,
    /// `aes_iv = …` lines): events get a button that publishes them there.
    #[arg(long, value_name = "FILE")]
    chess_results: Option<PathBuf>,
    /// Whose house this server is: a chess club's, a bridge club's (it opens on the bridge
    /// sessions and its top bar leads to them and to bridge teams) or both.
    #[arg(long, value_name = "chess|bridge|both", default_value = "both", value_parser = ["chess", "bridge", "both"])]
    house: String,
}

pub fn run_serve(args: ServeArgs) -> Result<u8, CliError> {
    let db = match args.db {
        Some(db) => db,
        None => store::default_path().ok_or_else(|| {
            CliError::invalid("no HOME nor XDG_DATA_HOME: name the database with --db FILE")
        })?,
    };
    if let Some(dir) = db.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| CliError::file_access(dir, &e))?;
    }
    let mut config = server::Config::new(db, args.listen);
    config.demo = args.demo;
    config.public_url = args.public_url;
    config.forwarded_proto = args.forwarded_proto;
    if let Some(path) = &args.chess_results {
        let text = crate::io::read_text(path)?;
        config.chess_results = Some(server::chess_results::Credentials::parse(&text).map_err(
            |e| {
                CliError::invalid(format!(
                    "{}:{}: expected {}, found {}",
                    path.display(),
                    e.line,
                    e.expected,
                    e.found
                ))
            },
        )?);
    }
    config.house = server::House::parse(&args.house).unwrap_or_default();
    server::run(config).map_err(|e| {
        let code = match e {
            server::Error::Store { .. } => exit::FILE_ACCESS,
            server::Error::Listen { .. } | server::Error::PublicUrl(_) => exit::INVALID,
            _ => exit::UNEXPECTED,
        };
        CliError::new(code, e.to_string())
    })?;
    Ok(exit::OK)
}
