//! Every integration test of this crate, in one binary.

#[path = "distribution.rs"]
mod distribution;
#[path = "properties.rs"]
mod properties;
#[path = "seasons.rs"]
mod seasons;
