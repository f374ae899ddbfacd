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
#[path = "candidates.rs"]
mod candidates;
#[path = "checker.rs"]
mod checker;
#[path = "conformance_json.rs"]
mod conformance_json;
#[path = "double_swiss_oracle.rs"]
mod double_swiss_oracle;
#[path = "double_swiss_rules.rs"]
mod double_swiss_rules;
#[path = "dubov_conformance.rs"]
mod dubov_conformance;
#[path = "dubov_generated.rs"]
mod dubov_generated;
#[path = "dubov_oracle.rs"]
mod dubov_oracle;
#[path = "dubov_rules.rs"]
mod dubov_rules;
#[path = "dutch_conformance.rs"]
mod dutch_conformance;
#[path = "dutch_explain.rs"]
mod dutch_explain;
#[path = "dutch_rules.rs"]
mod dutch_rules;
#[path = "generator.rs"]
mod generator;
#[path = "lim_agreement.rs"]
mod lim_agreement;
#[path = "lim_articles.rs"]
mod lim_articles;
#[path = "lim_conformance.rs"]
mod lim_conformance;
#[path = "lim_generator.rs"]
mod lim_generator;
#[path = "lim_oracle.rs"]
mod lim_oracle;
#[path = "lim_properties.rs"]
mod lim_properties;
#[path = "literal_procedure.rs"]
mod literal_procedure;
#[path = "memory.rs"]
mod memory;
#[path = "properties.rs"]
mod properties;
#[path = "swiss_explain.rs"]
mod swiss_explain;
#[path = "team_conformance.rs"]
mod team_conformance;
#[path = "team_double_swiss_properties.rs"]
mod team_double_swiss_properties;
#[path = "team_oracle.rs"]
mod team_oracle;
#[path = "team_rules.rs"]
mod team_rules;
#[path = "windows.rs"]
mod windows;
