//! Every integration test of this crate, in one binary.

#[path = "expected.rs"]
mod expected;
