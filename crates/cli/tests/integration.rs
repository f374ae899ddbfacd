//! Every integration test of this crate, in one binary: one link instead of one per file
//! keeps the test build short. Each file stays a module of its own (and may say `mod common;`).

// Several files load the shared helpers as their own `common` module, as they did when each was
// a binary of its own; that duplication is only at compile time.
#![allow(clippy::duplicate_mod)]

#[path = "bridge_cli.rs"]
mod bridge_cli;
#[path = "bridge_individual_cli.rs"]
mod bridge_individual_cli;
#[path = "bridge_movement_cli.rs"]
mod bridge_movement_cli;
#[path = "bridge_teams_cli.rs"]
mod bridge_teams_cli;
#[path = "bridge_teams_export.rs"]
mod bridge_teams_export;
#[path = "browser.rs"]
mod browser;
#[path = "burstein_cli.rs"]
mod burstein_cli;
#[path = "chess_results_cli.rs"]
mod chess_results_cli;
#[path = "client_dialects.rs"]
mod client_dialects;
#[path = "crash_recovery.rs"]
mod crash_recovery;
#[path = "database_files.rs"]
mod database_files;
#[path = "dubov_cli.rs"]
mod dubov_cli;
#[path = "endorsement_cli.rs"]
mod endorsement_cli;
#[path = "event_cli.rs"]
mod event_cli;
#[path = "fix_bridge.rs"]
mod fix_bridge;
#[path = "fix_standings.rs"]
mod fix_standings;
#[path = "fix_trf.rs"]
mod fix_trf;
#[path = "group_cli.rs"]
mod group_cli;
#[path = "lim_cli.rs"]
mod lim_cli;
#[path = "names_in_files.rs"]
mod names_in_files;
#[path = "output_safety.rs"]
mod output_safety;
#[path = "pair_engine.rs"]
mod pair_engine;
#[path = "pair_fixes.rs"]
mod pair_fixes;
#[path = "pair_subcommands.rs"]
mod pair_subcommands;
#[path = "pair_team_double_swiss.rs"]
mod pair_team_double_swiss;
#[path = "papi_cli.rs"]
mod papi_cli;
#[path = "prizes_cli.rs"]
mod prizes_cli;
#[path = "qa_bridge.rs"]
mod qa_bridge;
#[path = "qa_conformance.rs"]
mod qa_conformance;
#[path = "qa_robustness.rs"]
mod qa_robustness;
#[path = "rating_cli.rs"]
mod rating_cli;
#[path = "rating_periods_cli.rs"]
mod rating_periods_cli;
#[path = "standings_cli.rs"]
mod standings_cli;
#[path = "standings_teams.rs"]
mod standings_teams;
#[path = "team_event_cli.rs"]
mod team_event_cli;
#[path = "team_event_db_cli.rs"]
mod team_event_db_cli;
#[path = "trf_cli.rs"]
mod trf_cli;
#[path = "tunx_cli.rs"]
mod tunx_cli;
