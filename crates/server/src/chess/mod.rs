//! Individual chess events: one file per page family, each with its routes, and the JSON API.
//!
//! Files depend one way: `forms` and `views` (reading inputs, shaping rows for templates) are
//! used by the page files and the API; page files do not use one another except for the
//! helpers `players`, `rounds` and `documents` share with `api` and `publish`, and the norm
//! lines `norms` gives the player's card.

pub mod api;
pub mod documents;
pub mod entries;
pub mod events;
pub mod forms;
pub mod groups;
pub mod log;
pub mod lots;
pub mod manual;
pub mod national_list;
pub mod norms;
pub mod papi;
pub mod players;
pub mod prizes;
pub mod public;
pub mod publish;
pub mod rating_list;
pub mod rating_report;
pub mod report;
pub mod rounds;
pub mod schedule;
pub mod sections;
pub mod standalone;
pub mod swiss_manager;
pub mod views;

use crate::guard::Routes;

/// Every chess page's route.
pub fn routes() -> Routes {
    Routes::new()
        .merge(events::routes())
        .merge(players::routes())
        .merge(rounds::routes())
        .merge(documents::routes())
        .merge(prizes::routes())
        .merge(norms::routes())
        .merge(log::routes())
        .merge(public::routes())
        .merge(report::routes())
        .merge(publish::routes())
        .merge(rating_list::routes())
        .merge(national_list::routes())
        .merge(schedule::routes())
        .merge(lots::routes())
        .merge(manual::routes())
        .merge(sections::routes())
        .merge(entries::routes())
        .merge(groups::routes())
        .merge(papi::routes())
        .merge(rating_report::routes())
        .merge(swiss_manager::routes())
}

/// The chess JSON API's routes (nested under `/api`).
pub fn api_routes() -> Routes {
    Routes::new()
        .merge(api::routes())
        .merge(papi::api_routes())
        .merge(swiss_manager::api_routes())
        .merge(rating_list::api_routes())
        .merge(national_list::api_routes())
        .merge(publish::api_routes())
        .merge(schedule::api_routes())
        .merge(lots::api_routes())
        .merge(manual::api_routes())
        .merge(sections::api_routes())
        .merge(entries::api_routes())
        .merge(groups::api_routes())
        .merge(norms::api_routes())
}
