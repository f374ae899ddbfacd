//! Every integration test of this crate, in one binary: one link instead of one per file
//! keeps the test build short. Each file stays a module of its own (and may say `mod common;`).

#[path = "berger.rs"]
mod berger;
#[path = "burstein_agreement.rs"]
mod burstein_agreement;
#[path = "burstein_conformance.rs"]
mod burstein_conformance;
#[path = "burstein_generator.rs"]
mod burstein_generator;
#[path = "burstein_oracle.rs"]
mod burstein_oracle;
#[path = "burstein_properties.rs"]
mod burstein_properties;
#[path = "burstein_rules.rs"]
mod burstein_rules;
#[path = "burstein_witness.rs"]
mod burstein_witness;
#[path = "checker.rs"]
mod checker;
#[path = "dutch_conformance.rs"]
mod dutch_conformance;
#[path = "dutch_explain.rs"]
mod dutch_explain;
#[path = "dutch_rules.rs"]
mod dutch_rules;
#[path = "generator.rs"]
mod generator;
#[path = "memory.rs"]
mod memory;
#[path = "properties.rs"]
mod properties;
#[path = "windows.rs"]
mod windows;
