//! The jet crate's integration tests.
mod mdbtools;
