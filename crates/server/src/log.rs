//! The server's messages to its operator: one line on stderr (errors) or stdout (start and stop).
//! A closed or full stream is ignored: `eprintln!` would panic there, and a panic in a handler
//! drops the visitor's connection instead of answering the error page.

use std::io::Write;

/// One line on stderr, `arbiter: ` first; a write error is ignored.
pub fn error(message: std::fmt::Arguments<'_>) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "arbiter: {message}");
    let _ = err.flush();
}

/// One line on stdout (the address listened on, the setup link); a write error is ignored.
pub fn say(message: std::fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{message}");
    let _ = out.flush();
}
