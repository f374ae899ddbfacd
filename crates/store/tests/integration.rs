//! The store's integration tests, in one test binary.

#[path = "event_flow.rs"]
mod event_flow;
