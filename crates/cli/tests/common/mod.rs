//! Helpers shared by the integration tests of the `arbiter` binary: running it, writing small
//! files into a temporary folder and reading back what it printed or wrote.

// Every test file is a crate of its own and uses only some of these helpers.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use tempfile::TempDir;

/// The `arbiter` binary built for these tests, not yet started.
pub fn arbiter() -> Command {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
}

/// Runs `arbiter` with `args` and waits for it to end.
pub fn run(args: &[&str]) -> Output {
    arbiter().args(args).output().expect("run arbiter")
}

/// Runs `arbiter` with `args` in the folder `dir` (for file names relative to it).
pub fn run_in(dir: &Path, args: &[&str]) -> Output {
    arbiter()
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run arbiter")
}

/// Runs `arbiter` with `args` in `dir`, which must succeed; its standard output.
pub fn ok_in(dir: &Path, args: &[&str]) -> String {
    let out = run_in(dir, args);
    assert!(
        out.status.success(),
        "arbiter {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout(&out)
}

/// Bytes that must be UTF-8, as a string.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// Standard output, which must be UTF-8.
pub fn stdout(o: &Output) -> String {
    text(&o.stdout)
}

/// Standard output with LF line ends (CSV output ends its lines with CRLF).
pub fn stdout_lf(o: &Output) -> String {
    stdout(o).replace("\r\n", "\n")
}

/// Standard error, which must be UTF-8.
pub fn stderr(o: &Output) -> String {
    text(&o.stderr)
}

/// A fresh temporary folder, removed when dropped.
pub fn temp_dir() -> TempDir {
    tempfile::tempdir().expect("temporary folder")
}

/// Writes `contents` to `dir/name` and returns that path.
pub fn write(dir: &Path, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, contents).expect("write a test file");
    p
}

/// Writes each `(name, contents)` pair into `dir`.
pub fn write_all(dir: &Path, list: &[(&str, &str)]) {
    for (name, contents) in list {
        write(dir, name, contents);
    }
}

/// The text of `dir/name`.
pub fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).expect("read a test file")
}

/// A path as a command-line argument (test paths are UTF-8).
pub fn path_str(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}
