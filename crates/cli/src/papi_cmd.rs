//! Papi files in `arbiter convert`: the FFE's Access database read as a tournament, and a
//! tournament written as one (see `crates/tournament/src/papi/README.md`).

use std::path::Path;

use tournament::papi::{self, PapiFile};
use tournament::Tournament;

use crate::error::{exit, CliError};
use crate::io;

/// True for an Access (Jet) database, whatever its name: the header's "Standard Jet DB" (or ACE,
/// which the reader then refuses by name), or a `.papi` name.
pub fn is_papi(path: &Path, bytes: &[u8]) -> bool {
    let magic = bytes.get(4..19);
    magic == Some(b"Standard Jet DB".as_slice())
        || magic == Some(b"Standard ACE DB".as_slice())
        || path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("papi"))
}

/// Reads a Papi file as a tournament; what TRF cannot carry is printed as warnings.
pub fn load(path: &Path, bytes: &[u8]) -> Result<Tournament, CliError> {
    let converted = papi::read(bytes)
        .and_then(|f| f.to_tournament())
        .map_err(|e| CliError::invalid(format!("{}: {e}", path.display())))?;
    for w in &converted.warnings {
        io::print_error(&format!("{}: warning: {w}", path.display()));
    }
    Ok(converted.tournament)
}

/// Writes a tournament as a Papi file (always to a file: it is a database, not text).
pub fn write(
    input: &Path,
    t: &Tournament,
    homologation: Option<&str>,
    output: Option<&Path>,
) -> Result<u8, CliError> {
    let Some(output) = output else {
        return Err(CliError::invalid(
            "a Papi file is a database, not text: name the file to write with -o FILE.papi",
        ));
    };
    let mut made = PapiFile::from_tournament(t)
        .map_err(|e| CliError::invalid(format!("{}: {e}", input.display())))?;
    if let Some(h) = homologation {
        made.file.set("Homologation", Some(h.to_string()));
    }
    for w in &made.warnings {
        io::print_error(&format!("{}: warning: {w}", input.display()));
    }
    let bytes = papi::write(&made.file)
        .map_err(|e| CliError::invalid(format!("{}: {e}", input.display())))?;
    io::write_output(Some(output), &bytes)?;
    Ok(exit::OK)
}
