//! Every integration test of this crate, in one binary: one link instead of one per file
//! keeps the test build short. Each file stays a module of its own (and may say `mod common;`).

// Several files load the shared helpers as their own `common` module, as they did when each was
// a binary of its own; that duplication is only at compile time.
#![allow(clippy::duplicate_mod)]

#[path = "brute_force.rs"]
mod brute_force;
#[path = "candidates.rs"]
mod candidates;
#[path = "incremental.rs"]
mod incremental;
#[path = "memory.rs"]
mod memory;
#[path = "properties.rs"]
mod properties;
