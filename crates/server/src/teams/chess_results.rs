//! A team event on chess-results.com: its upload file (`/teams/{id}/chess-results.xml`) and,
//! when the server has the credentials chess-results issued to it, publication
//! (`/teams/{id}/chess-results/publish`, the individual events' client and protocol). The
//! event's page shows both, and what happened after a publication.

use axum::extract::{Path, Query, State};
use axum::response::IntoResponse;
use serde::Deserialize;
use store::teams::TeamEventId;

use crate::ctx::Arbiter;
use crate::error::AppError;
use crate::guard::{Guard, Own, Routes};
use crate::page::{attachment, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .get("/teams/{id}/chess-results.xml", export)
        .post(
            "/teams/{id}/chess-results/publish",
            Guard::Own(Own::Publish),
            publish,
        )
}

/// What the event's page says about chess-results.com.
#[derive(Debug, Default, Clone)]
pub(super) struct Panel {
    /// The server can publish (it has the credentials).
    pub(super) can_publish: bool,
    /// The tournament's key after a publication.
    pub(super) published: String,
    /// The site's refusal, or why it could not be reached.
    pub(super) failed: String,
}

/// The page's query after a publication.
#[derive(Debug, Default, Deserialize)]
pub(super) struct PublishedQuery {
    published: Option<String>,
    publish_failed: Option<String>,
}

impl Panel {
    pub(super) fn new(st: &AppState, q: PublishedQuery) -> Panel {
        Panel {
            can_publish: st.chess_results.is_some(),
            published: q
                .published
                .filter(|k| k.bytes().all(|b| b.is_ascii_digit()))
                .unwrap_or_default(),
            failed: q.publish_failed.unwrap_or_default(),
        }
    }
}

/// The page's query extractor, for the event page's handler.
pub(super) type PanelQuery = Query<PublishedQuery>;

/// chess-results.com's upload file, to upload by hand.
async fn export(State(st): State<AppState>, _a: Arbiter, Path(id): Path<TeamEventId>) -> Page {
    let xml = st.store.export_team_chess_results(id, None)?;
    Ok(attachment(
        "application/xml; charset=utf-8",
        &format!("team-event-{id}-chess-results.xml"),
        xml.into_bytes(),
    ))
}

/// Publishes the team event on chess-results.com, then says how it went on the event's page.
async fn publish(State(st): State<AppState>, _a: Arbiter, Path(id): Path<TeamEventId>) -> Page {
    st.store.team_event(id)?;
    let Some(client) = st.chess_results.clone() else {
        return Err(AppError::invalid(
            "chess-results",
            "a server started with --chess-results FILE",
            "no credentials",
        ));
    };
    let store = st.store.clone();
    let outcome = tokio::task::spawn_blocking(move || client.publish_team(&store, id))
        .await
        .map_err(|e| AppError::Internal(e.to_string()))?;
    let to = match outcome {
        Ok(key) => format!("/teams/{id}?published={key}"),
        Err(crate::chess_results::UploadError::Store(e)) => return Err(e.into()),
        Err(e) => {
            let said: String = form_urlencoded::byte_serialize(e.to_string().as_bytes()).collect();
            format!("/teams/{id}?publish_failed={said}")
        }
    };
    Ok(axum::response::Redirect::to(&to).into_response())
}
