//! Every integration test of this crate, in one binary: one link instead of one per file
//! keeps the test build short. Each file stays a module of its own (and may say `mod common;`).

#[path = "brute_force.rs"]
mod brute_force;
#[path = "incremental.rs"]
mod incremental;
#[path = "properties.rs"]
mod properties;
