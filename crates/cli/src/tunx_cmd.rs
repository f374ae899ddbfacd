//! `arbiter convert` of a Swiss-Manager file (`.TUNX`): read, converted to the tournament
//! model, written as TRF like any converted file.

use std::path::Path;

use tournament::swiss_manager;
use tournament::trf;

use crate::error::{exit, CliError};
use crate::io;
use crate::trf_cmd::{ConvertArgs, TrfFormat};

/// True for a file named `.TUNX` (any case): Swiss-Manager's individual tournaments.
pub fn is_tunx(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("tunx"))
}

pub fn run_convert(args: ConvertArgs) -> Result<u8, CliError> {
    io::refuse_overwrites(&[&args.input], args.output.as_slice())?;
    let bytes = io::read_bytes(&args.input)?;
    let file = swiss_manager::read(&bytes).map_err(|e| {
        CliError::invalid(format!(
            "{}: byte {}: expected {}, found {}",
            args.input.display(),
            e.offset,
            e.expected,
            e.found
        ))
    })?;
    let (t, warnings) = swiss_manager::to_tournament(&file);
    for w in &warnings {
        io::print_error(&format!("{}: warning: {w}", args.input.display()));
    }
    let format = match args.to {
        TrfFormat::Trf16 => trf::Format::Trf16,
        TrfFormat::Trf26 => trf::Format::Trf26,
    };
    io::write_output(args.output.as_deref(), trf::write(&t, format).as_bytes())?;
    Ok(exit::OK)
}
