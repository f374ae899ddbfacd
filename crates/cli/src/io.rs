//! Reading input files and writing output files atomically.

use std::io::Write;
use std::path::Path;

use crate::error::CliError;

/// Reads a whole file as bytes, mapping failures to exit code 5.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, CliError> {
    std::fs::read(path).map_err(|e| CliError::file_access(path, &e))
}

/// Reads a whole file as UTF-8 text.
pub fn read_text(path: &Path) -> Result<String, CliError> {
    let bytes = read_bytes(path)?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let prefix = &e.as_bytes()[..at];
        // A line ends at LF, or at a CR not followed by LF (CRLF counts once).
        let line = prefix
            .iter()
            .enumerate()
            .filter(|&(i, &b)| b == b'\n' || (b == b'\r' && prefix.get(i + 1) != Some(&b'\n')))
            .count()
            + 1;
        let col = prefix
            .iter()
            .rev()
            .take_while(|&&b| b != b'\n' && b != b'\r')
            .count()
            + 1;
        CliError::invalid(format!(
            "{}:{line}:{col}: expected UTF-8 text, found an invalid byte 0x{:02x}",
            path.display(),
            e.as_bytes()[at]
        ))
    })
}

/// Writes `contents` to `path` atomically: a temporary file in the same folder, then a rename,
/// so a reader never sees a half-written file and a failure leaves the old file untouched.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), CliError> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".to_string());
    let tmp = dir.join(format!(".{file_name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(contents)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    result.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        CliError::file_access(path, &e)
    })
}

/// Writes to the named file atomically, or to stdout when there is no file.
pub fn write_output(path: Option<&Path>, contents: &[u8]) -> Result<(), CliError> {
    match path {
        Some(p) => write_atomic(p, contents),
        None => {
            let mut out = std::io::stdout().lock();
            match out.write_all(contents).and_then(|_| out.flush()) {
                // The reader left (`| head`): like other command-line tools, stop quietly.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                r => r.map_err(|e| {
                    CliError::new(crate::error::exit::FILE_ACCESS, format!("stdout: {e}"))
                }),
            }
        }
    }
}

/// Reads a TRF file's text: UTF-8, or Latin-1 for old files when `latin1` is set.
pub fn read_trf_text(path: &Path, latin1: bool) -> Result<String, CliError> {
    if latin1 {
        Ok(tournament::trf::decode_latin1(&read_bytes(path)?))
    } else {
        read_text(path)
    }
}

/// One TRF problem as `FILE:LINE:COL: expected …, found …`.
pub fn located(path: &Path, e: &tournament::trf::TrfError) -> String {
    format!(
        "{}:{}:{}: expected {}, found {}",
        path.display(),
        e.line,
        e.column,
        e.expected,
        e.found
    )
}

/// Parses and checks a TRF text read from `path`: exit code 3 with one
/// `FILE:LINE:COL: expected ..., found ...` line per problem when it is not valid TRF.
pub fn parse_trf(path: &Path, text: &str) -> Result<tournament::Tournament, CliError> {
    tournament::trf::read(text).map_err(|errors| {
        let lines: Vec<String> = errors.iter().map(|e| located(path, e)).collect();
        CliError::invalid(lines.join("\n"))
    })
}
