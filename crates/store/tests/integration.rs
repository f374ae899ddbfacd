//! The store's integration tests, in one test binary.

#[path = "event_flow.rs"]
mod event_flow;

#[path = "bridge_session.rs"]
mod bridge_session;

#[path = "concurrent_edits.rs"]
mod concurrent_edits;
