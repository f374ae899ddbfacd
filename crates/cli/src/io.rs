//! Reading input files and writing output files atomically.

use std::io::Write;
use std::path::{Path, PathBuf};

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
            "{}:{line}:{col}: expected UTF-8 text, found an invalid byte 0x{:02x} (an old file \
             in Latin-1 reads with --latin1; a binary file is no tournament file)",
            path.display(),
            e.as_bytes()[at]
        ))
    })
}

/// Refuses, before any work starts, an output that names one of the inputs (the same file,
/// also through a symlink or a hard link) or another output: writing it would destroy the
/// input, or one output would replace the other. Outputs that are not regular files (devices,
/// FIFOs) are written in place and never replace anything, so they are not compared.
pub fn refuse_overwrites<I: AsRef<Path>, O: AsRef<Path>>(
    inputs: &[I],
    outputs: &[O],
) -> Result<(), CliError> {
    // A missing input is reported when it is read (exit 5), not as an overwrite.
    let input_ids: Vec<(&Path, FileId)> = inputs
        .iter()
        .map(AsRef::as_ref)
        .filter(|p| p.exists())
        .filter_map(|p| file_id(p).map(|id| (p, id)))
        .collect();
    let mut output_ids: Vec<(&Path, FileId)> = Vec::new();
    for out in outputs {
        let out = out.as_ref();
        let Some(id) = file_id(out) else { continue };
        if let Some((input, _)) = input_ids.iter().find(|(_, i)| *i == id) {
            return Err(CliError::invalid(format!(
                "{}: refusing to write the output over the input file {} (the same file); \
                 nothing was done, choose another output file",
                out.display(),
                input.display()
            )));
        }
        if let Some((other, _)) = output_ids.iter().find(|(_, o)| *o == id) {
            return Err(CliError::invalid(format!(
                "{}: refusing to write two outputs to the same file ({} and {}); nothing \
                 was done, choose two files",
                out.display(),
                other.display(),
                out.display()
            )));
        }
        output_ids.push((out, id));
    }
    Ok(())
}

/// What makes two paths the same file.
#[derive(Debug, PartialEq, Eq)]
enum FileId {
    /// An existing file: its device and inode, shared by every link to it.
    #[cfg(unix)]
    Inode(u64, u64),
    /// A file that does not exist yet (or, off unix, any file): where it is or will be.
    Path(PathBuf),
}

/// The identity of the regular file at `path` (following symlinks), or of the file a write
/// would create there; `None` for things that are not regular files.
fn file_id(path: &Path) -> Option<FileId> {
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => None,
        #[cfg(unix)]
        Ok(m) => {
            use std::os::unix::fs::MetadataExt;
            Some(FileId::Inode(m.dev(), m.ino()))
        }
        #[cfg(not(unix))]
        Ok(_) => std::fs::canonicalize(path).ok().map(FileId::Path),
        Err(_) => {
            let target = resolve_links(path).ok()?;
            let name = target.file_name()?;
            let dir = std::fs::canonicalize(parent_dir(&target)).ok()?;
            Some(FileId::Path(dir.join(name)))
        }
    }
}

/// The folder of `path`, `.` for a bare file name.
fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// The path a write to `path` lands on: symlinks followed, each relative to its own folder,
/// down to the final target, which need not exist yet.
fn resolve_links(path: &Path) -> std::io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    // The kernel's own limit on links followed in one lookup.
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = std::fs::read_link(&p)?;
                // `join` keeps an absolute target as it is.
                p = parent_dir(&p).join(target);
            }
            _ => return Ok(p),
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}

/// True for paths that name a descriptor the caller already opened (`/dev/stdout`,
/// `/dev/fd/3`, `/proc/self/fd/1`): they are written there, as a shell redirection would.
fn names_open_descriptor(path: &Path) -> bool {
    let Some(s) = path.to_str() else { return false };
    if s == "/dev/stdout" || s == "/dev/stderr" || s.starts_with("/dev/fd/") {
        return true;
    }
    let mut parts = s.split('/');
    parts.next() == Some("")
        && parts.next() == Some("proc")
        && parts.next().is_some_and(|p| {
            p == "self" || (!p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        })
        && parts.next() == Some("fd")
}

/// Writes `contents` to the file `path` names. A regular file (or a new one) is replaced
/// atomically: a temporary file in the same folder, then a rename, so a reader never sees a
/// half-written file and a failure leaves the old file untouched. A symlink is followed and
/// kept: its target is replaced. Devices, FIFOs and open descriptors are written in place,
/// since renaming over them would replace the device itself.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), CliError> {
    let fail = |e: std::io::Error| CliError::file_access(path, &e);
    let descriptor = names_open_descriptor(path);
    let special = std::fs::metadata(path).is_ok_and(|m| !m.is_file());
    if descriptor || special {
        // Appending to a reopened descriptor keeps what the caller wrote there before.
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .append(descriptor)
            .open(path)
            .map_err(fail)?;
        return f.write_all(contents).and_then(|()| f.flush()).map_err(fail);
    }
    let target = resolve_links(path).map_err(fail)?;
    replace_file(&target, contents).map_err(fail)
}

/// The temporary file of process `pid` writing the target `name`: hidden, and named after both
/// so that a leftover is recognisable and can be cleaned up.
fn temp_name(name: &str, pid: u32) -> String {
    format!(".{name}.arbiter-{pid}.tmp")
}

/// Replaces the regular file `target` (or creates it) through a temporary file and a rename.
fn replace_file(target: &Path, contents: &[u8]) -> std::io::Result<()> {
    let dir = parent_dir(target);
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".to_string());
    remove_stale_temps(dir, &name);
    let tmp = dir.join(temp_name(&name, std::process::id()));
    // A file with this process's id can only be left by an ended run that had the same id.
    let _ = std::fs::remove_file(&tmp);
    let result = (|| {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        // The new file keeps the old one's permissions (a private file stays private); a
        // file system without them still gets the output.
        if let Ok(old) = std::fs::metadata(target) {
            let _ = f.set_permissions(old.permissions());
        }
        f.write_all(contents)?;
        f.sync_all()?;
        std::fs::rename(&tmp, target)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Removes the temporary files that runs killed while writing `name` left in `dir`: those
/// whose process has ended. Without /proc nothing is removed, since a live run's file cannot
/// be told from a dead one's.
fn remove_stale_temps(dir: &Path, name: &str) {
    let proc = Path::new("/proc");
    if !proc.join("self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let prefix = format!(".{name}.arbiter-");
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(pid) = file_name
            .to_str()
            .and_then(|f| f.strip_prefix(&prefix))
            .and_then(|f| f.strip_suffix(".tmp"))
        else {
            continue;
        };
        let is_pid = !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit());
        if is_pid && !proc.join(pid).exists() {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Writes to the named file, or to stdout when there is no file.
pub fn write_output(path: Option<&Path>, contents: &[u8]) -> Result<(), CliError> {
    match path {
        Some(p) => write_atomic(p, contents),
        None => {
            let mut out = std::io::stdout().lock();
            stdout_result(out.write_all(contents).and_then(|_| out.flush()))
        }
    }
}

/// Prints `text` on stdout: exit code 5 when it cannot be written, quietly nothing more when
/// the reader has left.
pub fn print(text: &str) -> Result<(), CliError> {
    write_output(None, text.as_bytes())
}

/// The outcome of a write to stdout. When the reader left (`| head`) the run goes on quietly,
/// as with other command-line tools; any other failure (a full disk) is exit code 5.
pub fn stdout_result(result: std::io::Result<()>) -> Result<(), CliError> {
    match result {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => r.map_err(|e| {
            CliError::new(
                crate::error::exit::FILE_ACCESS,
                format!("stdout: cannot write: {e}"),
            )
        }),
    }
}

/// Prints a message on stderr. Unlike `eprintln!` it does not panic when stderr cannot be
/// written: the exit code still tells what happened.
pub fn print_error(message: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{message}");
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
    located_at(path, e.line, e.column, &e.expected, &e.found)
}

/// A problem of any input file as `FILE:LINE:COL: expected …, found …`.
pub fn located_at(
    path: &Path,
    line: impl std::fmt::Display,
    column: impl std::fmt::Display,
    expected: &str,
    found: &str,
) -> String {
    format!(
        "{}:{line}:{column}: expected {expected}, found {found}",
        path.display()
    )
}

/// Parses and checks a TRF text read from `path`: exit code 3 with one
/// `FILE:LINE:COL: expected ..., found ...` line per problem when it is not valid TRF.
/// What the file holds that this program does not apply comes as warnings on stderr.
pub fn parse_trf(path: &Path, text: &str) -> Result<tournament::Tournament, CliError> {
    let (t, warnings) =
        tournament::trf::read_with_warnings(text).map_err(|errors| invalid_trf(path, &errors))?;
    print_warnings(path, &warnings);
    Ok(t)
}

/// Exit code 3 with one `FILE:LINE:COL: expected ..., found ...` line per problem.
fn invalid_trf(path: &Path, errors: &tournament::trf::TrfErrors) -> CliError {
    let lines: Vec<String> = errors.iter().map(|e| located(path, e)).collect();
    CliError::invalid(lines.join("\n"))
}

/// Parses and checks a TRF text read from `path` for a pairing command, as [`parse_trf`] does,
/// except that problems in the columns the engines do not read are warnings on stderr
/// (`FILE:LINE:COL: warning: expected …, found …; what was done`), at most ten, then a count.
pub fn parse_trf_for_pairing(path: &Path, text: &str) -> Result<tournament::Tournament, CliError> {
    let (t, warnings) =
        tournament::trf::read_for_pairing(text).map_err(|errors| invalid_trf(path, &errors))?;
    print_warnings(path, &warnings);
    Ok(t)
}

/// The reader's warnings on stderr (`FILE:LINE:COL: warning: expected …, found …; what was
/// done`), at most ten, then a count.
pub fn print_warnings(path: &Path, warnings: &[tournament::trf::TrfWarning]) {
    const SHOWN: usize = 10;
    for w in warnings.iter().take(SHOWN) {
        let p = &w.problem;
        print_error(&format!(
            "{}:{}:{}: warning: expected {}, found {}; {}",
            path.display(),
            p.line,
            p.column,
            p.expected,
            p.found,
            w.action
        ));
    }
    if warnings.len() > SHOWN {
        print_error(&format!(
            "{}: warning: {} more such problems",
            path.display(),
            warnings.len() - SHOWN
        ));
    }
}

/// Warns on stderr, one line a round, about players with no entry in a round that was played:
/// TRF allows it, but it is usually a forgotten result, which reads as an absence.
pub fn warn_missing_entries(path: &Path, t: &tournament::Tournament) {
    for (round, players) in tournament::rounds::missing_entries(t) {
        let shown: Vec<String> = players.iter().take(20).map(|p| p.0.to_string()).collect();
        let more = match players.len().saturating_sub(shown.len()) {
            0 => String::new(),
            n => format!(" and {n} more"),
        };
        let (who, have) = if players.len() == 1 {
            ("player", "has")
        } else {
            ("players", "have")
        };
        print_error(&format!(
            "{}: warning: round {round}: {who} {}{more} {have} no entry, which reads as an \
             absence (a forgotten result?); write a result, or 0000 - Z for an absence",
            path.display(),
            shown.join(", ")
        ));
    }
}
