//! Every integration test of this crate, in one binary: one link instead of one per file
//! keeps the test build short. Each file stays a module of its own (and may say `mod common;`).

#[path = "conformance.rs"]
mod conformance;
#[path = "played_rounds.rs"]
mod played_rounds;
#[path = "properties.rs"]
mod properties;
#[path = "rules.rs"]
mod rules;
#[path = "seed_tables.rs"]
mod seed_tables;
#[path = "seeds.rs"]
mod seeds;
#[path = "teams.rs"]
mod teams;
