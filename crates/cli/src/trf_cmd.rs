//! `arbiter convert` and `arbiter validate`: TRF files in, TRF files or a problem report out.

use std::path::{Path, PathBuf};

use tournament::trf::{self, TrfErrors};
use tournament::Tournament;

use crate::error::{exit, CliError};
use crate::io;

/// The TRF layout to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum TrfFormat {
    /// TRF-16 with the pairing engines' extensions (XXR, XXC, XXA, XXP, BBx).
    Trf16,
    /// TRF-2026 numbered records (142, 152, 162, 240, 250, 260, 310).
    Trf26,
    /// The FFE's Papi file (an Access database, for homologation): needs -o.
    Papi,
}

#[derive(Debug, clap::Args)]
pub struct ConvertArgs {
    /// The file to read: TRF (TRF-16, TRF-2026 or a mix), the FFE's Papi (.papi), or Swiss-Manager (`.TUNX`).
    pub input: PathBuf,
    /// The layout to write.
    #[arg(long, value_enum)]
    pub to: TrfFormat,
    /// Write here (atomically) instead of to standard output.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// Read the input as Latin-1 (old files) instead of UTF-8.
    #[arg(long)]
    pub latin1: bool,
    /// With --to papi: the event's FFE homologation number.
    #[arg(long)]
    pub homologation: Option<String>,
}

#[derive(Debug, clap::Args)]
pub struct ValidateArgs {
    /// The TRF file to check.
    pub file: PathBuf,
    /// Read the file as Latin-1 (old files) instead of UTF-8.
    #[arg(long)]
    pub latin1: bool,
}

fn report(path: &Path, errors: &TrfErrors) -> String {
    errors
        .iter()
        .map(|e| crate::io::located(path, e) + "\n")
        .collect()
}

/// Reads the file's text; a decoding problem is reported like any other problem of the file.
fn text_of(path: &Path, latin1: bool) -> Result<Result<String, TrfErrors>, CliError> {
    let bytes = io::read_bytes(path)?;
    Ok(if latin1 {
        Ok(trf::decode_latin1(&bytes))
    } else {
        trf::decode_utf8(&bytes).map_err(|mut e| {
            // Name the option that reads such a file.
            e.expected = "UTF-8 text (an old file in Latin-1 reads with --latin1)".to_string();
            TrfErrors(vec![e])
        })
    })
}

/// Reads and checks the file; what it holds that is not applied is printed as warnings.
fn load(path: &Path, latin1: bool) -> Result<Result<Tournament, TrfErrors>, CliError> {
    Ok(text_of(path, latin1)?.and_then(|text| {
        trf::read_with_warnings(&text).map(|(t, warnings)| {
            io::print_warnings(path, &warnings);
            t
        })
    }))
}

pub fn run_convert(args: ConvertArgs) -> Result<u8, CliError> {
    io::refuse_overwrites(&[&args.input], args.output.as_slice())?;
    let bytes = io::read_bytes(&args.input)?;
    let t = if crate::tunx_cmd::is_tunx(&args.input) {
        crate::tunx_cmd::load(&args.input, &bytes)?
    } else if crate::papi_cmd::is_papi(&args.input, &bytes) {
        crate::papi_cmd::load(&args.input, &bytes)?
    } else {
        match load(&args.input, args.latin1)? {
            Ok(t) => t,
            Err(errors) => {
                let msg = report(&args.input, &errors);
                return Err(CliError::invalid(msg.trim_end()));
            }
        }
    };
    let format = match args.to {
        TrfFormat::Trf16 => trf::Format::Trf16,
        TrfFormat::Trf26 => trf::Format::Trf26,
        TrfFormat::Papi => {
            let (h, out) = (args.homologation.as_deref(), args.output.as_deref());
            return crate::papi_cmd::write(&args.input, &t, h, out);
        }
    };
    let text = trf::write(&t, format);
    io::write_output(args.output.as_deref(), text.as_bytes())?;
    Ok(exit::OK)
}

pub fn run_validate(args: ValidateArgs) -> Result<u8, CliError> {
    match load(&args.file, args.latin1)? {
        Ok(t) => {
            io::warn_missing_entries(&args.file, &t);
            let planned = t
                .header
                .rounds
                .map_or(String::new(), |n| format!(" of {n}"));
            io::print(&format!(
                "{}: ok, {} players, {} rounds{planned} recorded\n",
                args.file.display(),
                t.players.len(),
                t.recorded_rounds(),
            ))?;
            Ok(exit::OK)
        }
        Err(errors) => {
            io::print(&report(&args.file, &errors))?;
            let n = errors.len();
            io::print_error(&format!(
                "{}: {n} problem{}",
                args.file.display(),
                if n == 1 { "" } else { "s" }
            ));
            Ok(exit::INVALID)
        }
    }
}
