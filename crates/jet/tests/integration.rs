//! The jet crate's integration tests, in one test binary.

#[path = "mdbtools.rs"]
mod mdbtools;
