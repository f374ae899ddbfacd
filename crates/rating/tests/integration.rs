//! Every integration test of this crate, in one binary.

#[path = "change.rs"]
mod change;
#[path = "dwz.rs"]
mod dwz;
#[path = "expected.rs"]
mod expected;
#[path = "history.rs"]
mod history;
#[path = "norms.rs"]
mod norms;
#[path = "norms_report.rs"]
mod norms_report;
#[path = "open.rs"]
mod open;
#[path = "support.rs"]
mod support;
