//! Every integration test of this crate, in one binary: one link instead of one per file
//! keeps the test build short. Each file stays a module of its own (and may say `mod common;`).

#[path = "conformance.rs"]
mod conformance;
#[path = "double_dummy.rs"]
mod double_dummy;
#[path = "errors.rs"]
mod errors;
#[path = "federation_files.rs"]
mod federation_files;
#[path = "formats.rs"]
mod formats;
#[path = "fuzz_regressions.rs"]
mod fuzz_regressions;
#[path = "individual.rs"]
mod individual;
#[path = "masterpoints.rs"]
mod masterpoints;
#[path = "movements.rs"]
mod movements;
#[path = "properties.rs"]
mod properties;
#[path = "scoring.rs"]
mod scoring;
#[path = "simultaneous.rs"]
mod simultaneous;
#[path = "swiss_pairs.rs"]
mod swiss_pairs;
