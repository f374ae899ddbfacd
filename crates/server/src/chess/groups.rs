//! A group's own pages beside its sections (issue 23): the group's public registration form,
//! where the player chooses the section (the entry waits in that section, within its rating
//! limits, under the anti-spam of the events' forms: per-address count, question, honeypot,
//! each section's budget of waiting entries);
//! its printed poster with the QR code; the group's name, place and dates changed; and the
//! group deleted, its sections kept as standalone events (nothing of theirs is lost).

use askama::Template;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::Form;
use serde::Deserialize;
use serde_json::json;
use store::chess::sections::{GroupId, SECTION_RATING_LIMITS};
use store::EventId;

use crate::chess::entries::{base, closes_text, form_again, question, RegisterForm};
use crate::chess::sections::{GroupForm, GroupView};
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::{Guard, Kind, Own, Routes};
use crate::json::{body, ok, ApiResult};
use crate::page::{html, see, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .get("/public/groups/{id}/register", register_page)
        .post(
            "/public/groups/{id}/register",
            Guard::Own(Own::Registration),
            register,
        )
        .get("/public/groups/{id}/register/sent", sent_page)
        .get("/groups/{id}/poster", poster)
        .post(
            "/groups/{id}/settings",
            Guard::Whole(Kind::Group),
            set_group,
        )
        .post(
            "/groups/{id}/delete",
            Guard::Whole(Kind::Group),
            delete_group,
        )
}

pub fn api_routes() -> Routes {
    Routes::new()
        .post(
            "/groups/{id}/settings",
            Guard::Whole(Kind::Group),
            api_set_group,
        )
        .post(
            "/groups/{id}/delete",
            Guard::Whole(Kind::Group),
            api_delete_group,
        )
}

/// The link to the group's registration form.
fn form_link(st: &AppState, headers: &HeaderMap, id: GroupId) -> String {
    format!("{}/public/groups/{id}/register", base(st, headers))
}

/// A section the player can choose on the group's form.
struct Choice {
    id: EventId,
    label: String,
    name: String,
    /// The rating limits (`< 1600`), empty without any.
    limits: String,
    closes: String,
    /// As many entries waiting for the arbiter as the section takes: not offered for now.
    full: bool,
}

#[derive(Template)]
#[template(path = "group_register.html")]
struct RegisterPage {
    c: Ctx,
    g: GroupView,
    choices: Vec<Choice>,
    /// The section chosen (0: none yet).
    chosen: EventId,
    f: RegisterForm,
    /// Every section offered has as many entries waiting as it takes.
    full: bool,
    question: String,
    token: String,
    error: String,
}

fn choices(st: &AppState, c: &Ctx, id: GroupId) -> Result<Vec<Choice>, AppError> {
    st.store
        .open_sections(id)?
        .iter()
        .map(|s| {
            Ok(Choice {
                id: s.event.id,
                label: s.label.to_string(),
                name: s.event.settings.name.to_string(),
                limits: s.limits.text(),
                closes: closes_text(c, &st.store.entry_settings(s.event.id)?),
                full: st.store.registration_full(s.event.id)?,
            })
        })
        .collect()
}

fn register_form(
    st: &AppState,
    c: Ctx,
    id: GroupId,
    chosen: EventId,
    f: RegisterForm,
    error: String,
) -> Result<RegisterPage, AppError> {
    let g = st.store.group(id)?;
    let choices = choices(st, &c, id)?;
    let full = choices.iter().all(|s| s.full);
    let (question, token) = question(st, !full)?;
    Ok(RegisterPage {
        full,
        g: GroupView::new(&g, &c),
        choices,
        chosen,
        f: f.shown_again(),
        question,
        token,
        error,
        c,
    })
}

async fn register_page(State(st): State<AppState>, c: Ctx, Path(id): Path<GroupId>) -> Page {
    html(&register_form(
        &st,
        c,
        id,
        0,
        RegisterForm::default(),
        String::new(),
    )?)
}

/// The group's form: the section chosen and the player's fields.
#[derive(Debug, Deserialize)]
struct GroupRegisterForm {
    #[serde(default)]
    section: String,
    #[serde(flatten)]
    f: RegisterForm,
}

impl GroupRegisterForm {
    fn section(&self) -> Result<EventId, AppError> {
        self.section
            .trim()
            .parse()
            .map_err(|_| AppError::invalid("section", "a section of the list", self.section.trim()))
    }
}

/// Why a registration was not taken, in the page's language: a rating outside the chosen
/// section's limits names the rating's field and the section.
fn refusal_text(c: &Ctx, failure: &crate::error::Failure, label: &str) -> String {
    match &failure.field {
        Some((field, expected, found)) if expected.starts_with(SECTION_RATING_LIMITS) => {
            let name = if field == "national_rating" {
                c.t("field-national-rating")
            } else {
                c.t("col-rating")
            };
            let limits = expected
                .rsplit_once('(')
                .and_then(|(_, l)| l.strip_suffix(')'))
                .unwrap_or_default();
            let found = if found == "no rating" {
                c.t("group-register-unrated")
            } else {
                found.clone()
            };
            c.tr.targs(
                "group-register-outside",
                &[
                    ("field", name.into()),
                    ("found", found.into()),
                    ("section", label.to_string().into()),
                    ("limits", limits.to_string().into()),
                ],
            )
        }
        Some((field, _, _)) if field == "section" => c.t("group-register-choose"),
        _ => crate::error_page::message(c, failure),
    }
}

async fn register(
    State(st): State<AppState>,
    c: Ctx,
    Path(id): Path<GroupId>,
    Form(form): Form<GroupRegisterForm>,
) -> Page {
    let f = &form.f;
    if !f.website.is_empty() {
        // A robot: answered as a person would be, and nothing kept.
        st.store.group(id)?;
        return see(format!("/public/groups/{id}/register/sent"));
    }
    let chosen = form.section().unwrap_or(0);
    let sent = form.section().and_then(|section| {
        let p = f.player()?;
        st.store.submit_group_entry(
            &c.client_ip.to_string(),
            id,
            section,
            &f.token,
            f.answer()?,
            &p,
        )?;
        Ok((section, p))
    });
    match sent {
        // The thank-you page says the fee of the section chosen (see the event's).
        Ok((section, p)) => {
            let (_, rule) = st.store.entry_fee(section, &p)?;
            see(format!(
                "/public/groups/{id}/register/sent?section={section}&fee={rule}"
            ))
        }
        Err(e) => {
            // The form comes back with what was typed and why it was not taken.
            let label = st
                .store
                .section_of(chosen)?
                .map(|(_, l)| l.to_string())
                .unwrap_or_default();
            let failure = e.into_response_failure();
            let message = refusal_text(&c, &failure, &label);
            form_again(
                &register_form(&st, c, id, chosen, form.f, message)?,
                &failure,
            )
        }
    }
}

#[derive(Template)]
#[template(path = "group_register_sent.html")]
struct SentPage {
    c: Ctx,
    g: GroupView,
    /// The fee due in the section chosen, said in a sentence, or empty.
    fee: String,
}

#[derive(Debug, Default, Deserialize)]
struct GroupSentQuery {
    section: Option<EventId>,
    #[serde(default)]
    fee: String,
}

async fn sent_page(
    State(st): State<AppState>,
    c: Ctx,
    Path(id): Path<GroupId>,
    Query(q): Query<GroupSentQuery>,
) -> Page {
    let g = st.store.group(id)?;
    // Only a section of this group says a fee.
    let section = q.section.filter(|s| {
        st.store
            .section_of(*s)
            .ok()
            .flatten()
            .is_some_and(|(group, _)| group == id)
    });
    let fee = match section {
        Some(s) => crate::chess::entries::fee_due(&c, &st.store.entry_settings(s)?, &q.fee),
        None => String::new(),
    };
    html(&SentPage {
        fee,
        g: GroupView::new(&g, &c),
        c,
    })
}

/// The group's poster: the event's poster's page, naming the group and its form.
#[derive(Template)]
#[template(path = "entries_poster.html")]
struct PosterPage {
    c: Ctx,
    ev: GroupView,
    link: String,
    qr: String,
    closes: String,
}

async fn poster(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<GroupId>,
    headers: HeaderMap,
) -> Page {
    let g = st.store.group(id)?;
    let link = form_link(&st, &headers, id);
    html(&PosterPage {
        qr: crate::slips::qr_svg(&link, 360),
        ev: GroupView::new(&g, &c),
        closes: String::new(),
        link,
        c,
    })
}

async fn set_group(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<GroupId>,
    Form(f): Form<GroupForm>,
) -> Page {
    st.store.update_group(&a.username, id, &f.settings()?)?;
    see(format!("/groups/{id}"))
}

#[derive(Debug, Deserialize)]
struct DeleteForm {
    #[serde(default)]
    confirm_name: String,
}

impl DeleteForm {
    /// The group's name typed again, as the deletion's confirmation.
    fn check(&self, st: &AppState, id: GroupId) -> Result<(), AppError> {
        let g = st.store.group(id)?;
        if self.confirm_name.trim() != g.settings.name.trim() {
            return Err(AppError::invalid(
                "confirm_name",
                "the group's name, typed again",
                self.confirm_name.trim(),
            ));
        }
        Ok(())
    }
}

async fn delete_group(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<GroupId>,
    Form(f): Form<DeleteForm>,
) -> Page {
    f.check(&st, id)?;
    st.store.delete_group(&a.username, id)?;
    see("/")
}

async fn api_set_group(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<GroupId>,
    bytes: Bytes,
) -> ApiResult {
    let f: GroupForm = body(&bytes)?;
    st.store.update_group(&a.username, id, &f.settings()?)?;
    ok(st.store.group(id)?)
}

async fn api_delete_group(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<GroupId>,
    bytes: Bytes,
) -> ApiResult {
    let sections: Vec<EventId> = st.store.sections(id)?.iter().map(|s| s.event.id).collect();
    let f: DeleteForm = body(&bytes)?;
    f.check(&st, id)?;
    st.store.delete_group(&a.username, id)?;
    ok(json!({ "deleted": id, "events": sections }))
}
