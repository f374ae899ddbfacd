//! Every integration test of this crate, in one binary: one link instead of one per file
//! keeps the test build short. Each file stays a module of its own (and may say `mod common;`).

#[path = "chess_results.rs"]
mod chess_results;
#[path = "gacrux_files.rs"]
mod gacrux_files;
#[path = "papi.rs"]
mod papi;
#[path = "swiss_manager.rs"]
mod swiss_manager;
#[path = "team_records.rs"]
mod team_records;
#[path = "trf_conformance.rs"]
mod trf_conformance;
#[path = "trf_fixtures.rs"]
mod trf_fixtures;
#[path = "trf_proptest.rs"]
mod trf_proptest;
