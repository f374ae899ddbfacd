//! Every integration test of this crate, in one binary: one link instead of one per file
//! keeps the test build short. Each file stays a module of its own (and may say `mod common;`).

// Several files load the shared helpers as their own `common` module, as they did when each was
// a binary of its own; that duplication is only at compile time.
#![allow(clippy::duplicate_mod)]

#[path = "conformance.rs"]
mod conformance;
#[path = "non_standard.rs"]
mod non_standard;
#[path = "played_rounds.rs"]
mod played_rounds;
#[path = "properties.rs"]
mod properties;
#[path = "ranks.rs"]
mod ranks;
#[path = "rules.rs"]
mod rules;
#[path = "seed_tables.rs"]
mod seed_tables;
#[path = "seeds.rs"]
mod seeds;
#[path = "teams.rs"]
mod teams;
