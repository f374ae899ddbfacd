//! The store's integration tests, in one test binary.

#[path = "bridge_session.rs"]
mod bridge_session;
#[path = "concurrent_edits.rs"]
mod concurrent_edits;
#[path = "event_flow.rs"]
mod event_flow;
#[path = "manual_record.rs"]
mod manual_record;
#[path = "national_data.rs"]
mod national_data;
#[path = "national_list.rs"]
mod national_list;
#[path = "papi_event.rs"]
mod papi_event;
#[path = "rating_periods.rs"]
mod rating_periods;
#[path = "report_periods.rs"]
mod report_periods;
#[path = "safety.rs"]
mod safety;
#[path = "swiss_manager_event.rs"]
mod swiss_manager_event;
#[path = "swiss_pairs.rs"]
mod swiss_pairs;
#[path = "team_captain_codes.rs"]
mod team_captain_codes;
#[path = "team_cup.rs"]
mod team_cup;
#[path = "team_event.rs"]
mod team_event;
#[path = "team_league.rs"]
mod team_league;
#[path = "team_roster_edits.rs"]
mod team_roster_edits;
#[path = "team_roster_rules.rs"]
mod team_roster_rules;
