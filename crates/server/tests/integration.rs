//! The server's integration tests: each starts the real application on 127.0.0.1:0 with a fresh
//! database and talks to it over HTTP. One test binary; each file is named here.

#[path = "anonymous_limits.rs"]
mod anonymous_limits;
#[path = "api.rs"]
mod api;
#[path = "arbiter_flow.rs"]
mod arbiter_flow;
#[path = "bridge_api.rs"]
mod bridge_api;
#[path = "bridge_hall.rs"]
mod bridge_hall;
#[path = "bridge_hands.rs"]
mod bridge_hands;
#[path = "bridge_individual.rs"]
mod bridge_individual;
#[path = "bridge_knockout.rs"]
mod bridge_knockout;
#[path = "bridge_licences.rs"]
mod bridge_licences;
#[path = "bridge_load.rs"]
mod bridge_load;
#[path = "bridge_masterpoints.rs"]
mod bridge_masterpoints;
#[path = "bridge_pages.rs"]
mod bridge_pages;
#[path = "bridge_pair_numbers.rs"]
mod bridge_pair_numbers;
#[path = "bridge_series.rs"]
mod bridge_series;
#[path = "bridge_simultaneous.rs"]
mod bridge_simultaneous;
#[path = "bridge_solver.rs"]
mod bridge_solver;
#[path = "bridge_team_exports.rs"]
mod bridge_team_exports;
#[path = "bridge_team_phones.rs"]
mod bridge_team_phones;
#[path = "bridge_teams.rs"]
mod bridge_teams;
#[path = "chess_results_pages.rs"]
mod chess_results_pages;
#[path = "common.rs"]
mod common;
#[path = "concurrent.rs"]
mod concurrent;
#[path = "corrections.rs"]
mod corrections;
#[path = "double_swiss.rs"]
mod double_swiss;
#[path = "entries.rs"]
mod entries;
#[path = "groups.rs"]
mod groups;
#[path = "hall_connections.rs"]
mod hall_connections;
#[path = "hardening.rs"]
mod hardening;
#[path = "lots.rs"]
mod lots;
#[path = "manual_pairing.rs"]
mod manual_pairing;
#[path = "national_data.rs"]
mod national_data;
#[path = "national_list.rs"]
mod national_list;
#[path = "non_standard_results.rs"]
mod non_standard_results;
#[path = "norm_exemptions.rs"]
mod norm_exemptions;
#[path = "pages.rs"]
mod pages;
#[path = "papi.rs"]
mod papi;
#[path = "performance_column.rs"]
mod performance_column;
#[path = "printing.rs"]
mod printing;
#[path = "prizes.rs"]
mod prizes;
#[path = "rating_change_and_norms.rs"]
mod rating_change_and_norms;
#[path = "rating_periods.rs"]
mod rating_periods;
#[path = "rating_report.rs"]
mod rating_report;
#[path = "round_dates.rs"]
mod round_dates;
#[path = "sections.rs"]
mod sections;
#[path = "swiss_manager.rs"]
mod swiss_manager;
#[path = "swiss_systems.rs"]
mod swiss_systems;
#[path = "teams_api.rs"]
mod teams_api;
#[path = "teams_captain_codes.rs"]
mod teams_captain_codes;
#[path = "teams_cup.rs"]
mod teams_cup;
#[path = "teams_export.rs"]
mod teams_export;
#[path = "teams_league.rs"]
mod teams_league;
#[path = "teams_match_forfeit.rs"]
mod teams_match_forfeit;
#[path = "teams_pages.rs"]
mod teams_pages;
#[path = "teams_roster_edits.rs"]
mod teams_roster_edits;
#[path = "teams_roster_rules.rs"]
mod teams_roster_rules;
#[path = "teams_trf_import.rs"]
mod teams_trf_import;
#[path = "teams_trf_rounds.rs"]
mod teams_trf_rounds;
#[path = "text_safety.rs"]
mod text_safety;
#[path = "versions.rs"]
mod versions;
