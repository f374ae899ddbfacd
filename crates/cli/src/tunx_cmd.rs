//! `arbiter convert` of a Swiss-Manager file (`.TUNX`): read and converted to the tournament
//! model, which `trf_cmd.rs` writes like any converted file.

use std::path::Path;

use tournament::{swiss_manager, Tournament};

use crate::error::CliError;
use crate::io;

/// True for a file named `.TUNX` (any case): Swiss-Manager's individual tournaments.
pub fn is_tunx(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("tunx"))
}

/// The tournament a Swiss-Manager file holds, its warnings said on standard error; `arbiter
/// convert` then writes it as any converted file (TRF or Papi).
pub fn load(input: &Path, bytes: &[u8]) -> Result<Tournament, CliError> {
    let file = swiss_manager::read(bytes).map_err(|e| {
        CliError::invalid(format!(
            "{}: byte {}: expected {}, found {}",
            input.display(),
            e.offset,
            e.expected,
            e.found
        ))
    })?;
    let (t, warnings) = swiss_manager::to_tournament(&file);
    for w in &warnings {
        io::print_error(&format!("{}: warning: {w}", input.display()));
    }
    Ok(t)
}
