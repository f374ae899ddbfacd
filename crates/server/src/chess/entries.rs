//! Entries (issue 23 §4): the public registration form of an event and the site's list of
//! events open for registration (no login), the arbiter's page of waiting entries (validate,
//! reject), the entry fees and payments at the desk with the treasurer's totals, the entries'
//! CSV, the registration poster with its QR code, and the JSON API of the arbiter's side.
//!
//! Anti-spam: every registration counts against its address (`store::throttle::ENTRY_ADDRESS`),
//! answers a small sum carried by a signed one-time token (`store::chess::entries::Challenge`:
//! it keeps out robots that fill any form, not a script written for this one), and carries a
//! field hidden from people (a honeypot) that only robots fill; the form repeats the anonymous
//! CSRF token as the players' result report does. What a script can still send is bounded by
//! the event's budget of entries waiting for the arbiter (`EntrySettings::pending_limit`): past
//! it, the form says it is full.

use askama::Template;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use axum::Form;
use prizes::Money;
use serde::Deserialize;
use serde_json::{json, Value};
use store::{EntryId, EntrySettings, EntryStatus, EventId, PaymentMethod, PlayerKey};

use crate::chess::forms::PlayerForm;
use crate::chess::prizes::money;
use crate::chess::views::{self, EventView};
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::Seen;
use crate::guard::{Guard, Kind, Own, Routes};
use crate::json::{body, ok, ApiResult};
use crate::page::{html, see, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .get("/register", open_events)
        .get("/public/{id}/register", register_page)
        .post(
            "/public/{id}/register",
            Guard::Own(Own::Registration),
            register,
        )
        .get("/public/{id}/register/sent", sent_page)
        .get("/events/{id}/entries", entries_page)
        .post(
            "/events/{id}/entries/settings",
            Guard::Whole(Kind::Event),
            set_settings,
        )
        .post(
            "/events/{id}/entries/{eid}/validate",
            Guard::Merge(Kind::Event),
            validate,
        )
        .post(
            "/events/{id}/entries/{eid}/reject",
            Guard::Merge(Kind::Event),
            reject,
        )
        .get("/events/{id}/entries/poster", poster)
        .get("/events/{id}/public-qr.svg", public_qr)
        .get("/events/{id}/fees", fees_page)
        .post(
            "/events/{id}/fees/{pid}",
            Guard::Merge(Kind::Event),
            set_payment,
        )
        .get("/events/{id}/entries.csv", entries_csv)
}

/// The arbiter's side in JSON (nested under `/api`).
pub fn api_routes() -> Routes {
    Routes::new()
        .get("/events/{id}/entries", api_entries)
        .post(
            "/events/{id}/entries/settings",
            Guard::Whole(Kind::Event),
            api_set_settings,
        )
        .post(
            "/events/{id}/entries/{eid}/validate",
            Guard::Merge(Kind::Event),
            api_validate,
        )
        .post(
            "/events/{id}/entries/{eid}/reject",
            Guard::Merge(Kind::Event),
            api_reject,
        )
        .get("/events/{id}/fees", api_fees)
        .post(
            "/events/{id}/fees/{pid}",
            Guard::Merge(Kind::Event),
            api_set_payment,
        )
}

/// An amount typed in a form (`20`, `12,50`), named by its field when it is not one.
fn amount(field: &str, s: &str) -> Result<Money, AppError> {
    if s.trim().is_empty() {
        return Ok(Money::ZERO);
    }
    s.parse::<Money>()
        .map_err(|e| AppError::invalid(field, "an amount such as 20 or 12.50", e.found.trim()))
}

/// An amount for a form's field, with the decimal comma in French (`amount` reads it back).
fn typed_amount(c: &Ctx, m: Money) -> String {
    let text = m.to_string();
    match c.tr.lang {
        crate::i18n::Lang::Fr => text.replace('.', ","),
        crate::i18n::Lang::En => text,
    }
}

/// An amount that may be left empty: the rule it belongs to does not apply.
fn optional_amount(field: &str, s: &str) -> Result<Option<Money>, AppError> {
    if s.trim().is_empty() {
        return Ok(None);
    }
    amount(field, s).map(Some)
}

fn method(s: &str) -> Result<Option<PaymentMethod>, AppError> {
    PaymentMethod::parse(s).map_err(|e| AppError::invalid("method", e.expected, e.found))
}

/// The address the printed documents name: `--public-url`, else the one this request came by.
pub(crate) fn base(st: &AppState, headers: &HeaderMap) -> String {
    crate::slips::server_base(st.public_url.as_deref(), headers)
}

// ---------------------------------------------------------------------------------------------
// The public side.

#[derive(Template)]
#[template(path = "register_list.html")]
struct OpenEventsPage {
    c: Ctx,
    events: Vec<(EventView, String)>,
    /// Groups with a section taking entries: (id, name, dates), their one form for all sections.
    groups: Vec<(i64, String, String)>,
}

async fn open_events(State(st): State<AppState>, c: Ctx) -> Page {
    let groups = st
        .store
        .open_group_registrations()?
        .iter()
        .map(|g| {
            let dates = views::dates_text(&c.tr, &g.settings.start_date, &g.settings.end_date);
            (g.id, g.settings.name.to_string(), dates)
        })
        .collect();
    let events = st
        .store
        .open_registrations()?
        .iter()
        .map(|e| {
            let s = st.store.entry_settings(e.id)?;
            Ok((EventView::new(e, &c.tr), closes_text(&c, &s)))
        })
        .collect::<Result<_, AppError>>()?;
    html(&OpenEventsPage { c, events, groups })
}

/// "Registration closes on …", or nothing.
pub(crate) fn closes_text(c: &Ctx, s: &EntrySettings) -> String {
    if s.closes_at.is_empty() {
        return String::new();
    }
    let (date, time) = s.closes_at.split_once(' ').unwrap_or((&s.closes_at, ""));
    c.tr.targs(
        "register-closes",
        &[
            ("date", c.tr.date(date).into()),
            ("time", time.to_string().into()),
        ],
    )
}

/// The public form's fields.
#[derive(Debug, Clone, Default, Deserialize)]
pub(crate) struct RegisterForm {
    #[serde(default)]
    pub(crate) name: String,
    #[serde(default)]
    pub(crate) title: String,
    #[serde(default)]
    pub(crate) sex: String,
    #[serde(default)]
    pub(crate) birth_date: String,
    #[serde(default)]
    pub(crate) federation: String,
    #[serde(default)]
    pub(crate) fide_id: String,
    #[serde(default)]
    pub(crate) licence: String,
    #[serde(default)]
    pub(crate) club: String,
    #[serde(default)]
    pub(crate) rating: String,
    #[serde(default)]
    pub(crate) national_rating: String,
    #[serde(default)]
    pub(crate) token: String,
    #[serde(default)]
    pub(crate) answer: String,
    /// Hidden from people: only a robot fills it.
    #[serde(default)]
    pub(crate) website: String,
}

/// The anti-spam question a form asks and its token, when the form takes entries.
pub(crate) fn question(st: &AppState, open: bool) -> Result<(String, String), AppError> {
    if !open {
        return Ok(Default::default());
    }
    let ch = st.store.new_challenge()?;
    Ok((format!("{} + {}", ch.a, ch.b), ch.token))
}

impl RegisterForm {
    /// The form as shown again: what the player typed, without the spent question's token and
    /// answer (nor the robots' field).
    pub(crate) fn shown_again(self) -> RegisterForm {
        RegisterForm {
            token: String::new(),
            answer: String::new(),
            website: String::new(),
            ..self
        }
    }

    /// The answer to the question, a number.
    pub(crate) fn answer(&self) -> Result<i64, AppError> {
        self.answer.trim().parse::<i64>().map_err(|_| {
            AppError::invalid(
                "answer",
                "the answer to the question on the form",
                self.answer.trim(),
            )
        })
    }

    pub(crate) fn player(&self) -> Result<store::NewPlayer, AppError> {
        let text = |s: &str| (!s.trim().is_empty()).then(|| Value::from(s.trim()));
        // As a browser's date field sends it (YYYY-MM-DD) or as typed in France (DD/MM/YYYY),
        // stored as the player's form stores it (YYYY/MM/DD).
        let typed = self.birth_date.trim();
        let birth = if typed.is_empty() {
            String::new()
        } else {
            let date = typed
                .parse::<prizes::Date>()
                .map_err(|_| AppError::invalid("birth_date", "a date as YYYY-MM-DD", typed))?;
            date.to_string()
        };
        let federation = self.federation.trim();
        let three_letters =
            federation.len() == 3 && federation.chars().all(|c| c.is_ascii_alphabetic());
        if !federation.is_empty() && !three_letters {
            return Err(AppError::invalid(
                "federation",
                "a three-letter federation code (FRA) or nothing",
                format!("{federation:?}"),
            ));
        }
        PlayerForm {
            // Written as the imported names are (`Roussel, Jean`, not « ROUSSEL Jean »).
            name: store::chess::names::as_registered(&self.name),
            title: self.title.clone(),
            rating: text(&self.rating),
            national_rating: text(&self.national_rating),
            federation: federation.to_string(),
            fide_id: text(&self.fide_id),
            birth_date: birth,
            sex: self.sex.clone(),
            club: self.club.clone(),
            licence: self.licence.clone(),
            ..PlayerForm::default()
        }
        .player()
    }
}

#[derive(Template)]
#[template(path = "register.html")]
struct RegisterPage {
    c: Ctx,
    ev: EventView,
    open: bool,
    /// Open, but with as many entries waiting for the arbiter as the event takes.
    full: bool,
    closes: String,
    f: RegisterForm,
    /// The question: "3 + 5".
    question: String,
    token: String,
    error: String,
}

fn register_form(
    st: &AppState,
    c: Ctx,
    id: EventId,
    f: RegisterForm,
    error: String,
) -> Result<RegisterPage, AppError> {
    let e = st.store.event(id)?;
    let settings = st.store.entry_settings(id)?;
    let open = st.store.registration_open(id)?;
    let full = open && st.store.registration_full(id)?;
    let (question, token) = question(st, open && !full)?;
    Ok(RegisterPage {
        ev: EventView::new(&e, &c.tr),
        closes: closes_text(&c, &settings),
        open,
        full,
        f: f.shown_again(),
        question,
        token,
        error,
        c,
    })
}

async fn register_page(State(st): State<AppState>, c: Ctx, Path(id): Path<EventId>) -> Page {
    html(&register_form(
        &st,
        c,
        id,
        RegisterForm::default(),
        String::new(),
    )?)
}

async fn register(
    State(st): State<AppState>,
    c: Ctx,
    Path(id): Path<EventId>,
    Form(f): Form<RegisterForm>,
) -> Page {
    if !f.website.is_empty() {
        // A robot: answered as a person would be, and nothing kept.
        st.store.event(id)?;
        return see(format!("/public/{id}/register/sent"));
    }
    let sent = f.player().and_then(|p| {
        st.store
            .submit_entry(&c.client_ip.to_string(), id, &f.token, f.answer()?, &p)?;
        Ok(p)
    });
    match sent {
        // The thank-you page says the fee due: the rule that gives it travels in the address
        // (the amount is read from the event's settings there, nothing of the entry).
        Ok(p) => {
            let (_, rule) = st.store.entry_fee(id, &p)?;
            see(format!("/public/{id}/register/sent?fee={rule}"))
        }
        Err(e) => {
            // The form comes back with what was typed and why it was not taken.
            let failure = e.into_response_failure();
            let message = crate::error_page::message(&c, &failure);
            form_again(&register_form(&st, c, id, f, message)?, &failure)
        }
    }
}

/// A registration form shown again after `failure`, with its status (and `Retry-After`).
pub(crate) fn form_again(page: &impl Template, failure: &crate::error::Failure) -> Page {
    let mut r = html(page)?;
    *r.status_mut() = failure.status;
    if let Some(secs) = failure.retry_after {
        if let Ok(v) = secs.to_string().parse() {
            r.headers_mut().insert(axum::http::header::RETRY_AFTER, v);
        }
    }
    Ok(r)
}

#[derive(Template)]
#[template(path = "register_sent.html")]
struct SentPage {
    c: Ctx,
    ev: EventView,
    /// The fee due, said in a sentence ("Entry fee to pay: 15,00 (youth rate)"), or empty.
    fee: String,
}

/// The rule a thank-you page's address names (`?fee=youth`).
#[derive(Debug, Default, Deserialize)]
pub(crate) struct SentQuery {
    #[serde(default)]
    fee: String,
}

/// The fee due under `rule` as the thank-you page says it, from the event's settings; empty
/// for a rule it does not know (an address typed by hand).
pub(crate) fn fee_due(c: &Ctx, s: &EntrySettings, rule: &str) -> String {
    let amount = match rule {
        "default" => Some(s.fee_default),
        "youth" => Some(s.fee_youth.unwrap_or(s.fee_default)),
        "women" => s.fee_women,
        "veteran" => s.fee_veteran,
        "titled" => Some(prizes::Money::ZERO),
        _ => None,
    };
    match amount {
        None => String::new(),
        Some(m) if m.is_zero() => c.t("register-fee-none"),
        Some(m) => c.tr.targs(
            "register-fee-due",
            &[
                ("amount", crate::chess::prizes::money(c, m).into()),
                ("rule", c.t(&format!("fees-rule-{rule}")).into()),
            ],
        ),
    }
}

async fn sent_page(
    State(st): State<AppState>,
    c: Ctx,
    Path(id): Path<EventId>,
    Query(q): Query<SentQuery>,
) -> Page {
    let e = st.store.event(id)?;
    let fee = fee_due(&c, &st.store.entry_settings(id)?, &q.fee);
    html(&SentPage {
        ev: EventView::new(&e, &c.tr),
        fee,
        c,
    })
}

// ---------------------------------------------------------------------------------------------
// The arbiter's side.

/// An entry as the arbiter's page shows it.
struct EntryRow {
    id: EntryId,
    name: String,
    details: String,
    sent: String,
    status: String,
    pending: bool,
    reason: String,
    /// Why it may be a player already registered.
    duplicates: Vec<String>,
}

fn entry_row(c: &Ctx, e: &store::Entry) -> EntryRow {
    let p = &e.player;
    let mut details = Vec::new();
    if !p.title.is_empty() {
        details.push(p.title.clone());
    }
    if let Some(r) = p.rating {
        details.push(format!("{} {r}", c.t("col-rating")));
    }
    if let Some(r) = p.national_rating {
        details.push(format!("{} {r}", c.t("field-national-rating")));
    }
    if !p.federation.is_empty() {
        details.push(p.federation.clone());
    }
    if let Some(id) = p.fide_id {
        details.push(format!("FIDE {id}"));
    }
    if !p.national.licence.is_empty() {
        details.push(format!("{} {}", c.t("field-licence"), p.national.licence));
    }
    if !p.birth_date.is_empty() {
        // Stored YYYY/MM/DD (or a year alone): shown as the page writes dates (15/11/2008).
        details.push(match p.birth_date.split('/').collect::<Vec<_>>()[..] {
            [year, "00", _] | [year] => year.to_string(),
            _ => c.tr.date(&p.birth_date.replace('/', "-")),
        });
    }
    match p.sex.as_str() {
        "m" => details.push(c.t("entries-sex-m")),
        "w" => details.push(c.t("entries-sex-w")),
        _ => {}
    }
    if !p.club.is_empty() {
        details.push(p.club.to_string());
    }
    EntryRow {
        id: e.id,
        name: p.name.to_string(),
        details: details.join(" · "),
        sent: c.local_datetime(&e.sent_at),
        status: c.t(&format!("entries-status-{}", e.status.as_str())),
        pending: e.status == EntryStatus::Pending,
        reason: e.reason.clone(),
        duplicates: e
            .duplicates
            .iter()
            .map(|d| {
                let key = if d.pending {
                    format!("entries-dup-{}-pending", d.by)
                } else {
                    format!("entries-dup-{}", d.by)
                };
                c.t1(&key, "name", d.with.clone())
            })
            .collect(),
    }
}

#[derive(Template)]
#[template(path = "entries.html")]
struct EntriesPage {
    c: Ctx,
    ev: EventView,
    s: EntrySettings,
    /// The fees as the page's language types them (`12,50` in French).
    fee_default: String,
    fee_youth: String,
    fee_women: String,
    fee_veteran: String,
    open_now: bool,
    link: String,
    pending: Vec<EntryRow>,
    decided: Vec<EntryRow>,
    /// The version its forms carry, read before the data it shows.
    version: i64,
}

async fn entries_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
    headers: HeaderMap,
) -> Page {
    let version = st.store.version(store::Scope::Event(id))?.0;
    let (_, ev) = views::event_view(&st, &c, id)?;
    let s = st.store.entry_settings(id)?;
    let (pending, decided): (Vec<_>, Vec<_>) = st
        .store
        .entries(id)?
        .iter()
        .map(|e| entry_row(&c, e))
        .partition(|r| r.pending);
    html(&EntriesPage {
        version,
        link: format!("{}/public/{id}/register", base(&st, &headers)),
        open_now: st.store.registration_open(id)?,
        fee_default: typed_amount(&c, s.fee_default),
        fee_youth: s.fee_youth.map(|m| typed_amount(&c, m)).unwrap_or_default(),
        fee_women: s.fee_women.map(|m| typed_amount(&c, m)).unwrap_or_default(),
        fee_veteran: s
            .fee_veteran
            .map(|m| typed_amount(&c, m))
            .unwrap_or_default(),
        s,
        pending,
        decided,
        ev,
        c,
    })
}

/// The registration settings as the page's form and the API send them.
#[derive(Debug, Deserialize)]
struct SettingsForm {
    #[serde(default)]
    open: Option<Value>,
    #[serde(default)]
    closes_at: String,
    #[serde(default)]
    fee_default: String,
    #[serde(default)]
    fee_youth: String,
    #[serde(default)]
    titled_free: Option<Value>,
    #[serde(default)]
    fee_women: String,
    #[serde(default)]
    fee_veteran: String,
    #[serde(default)]
    veteran_sep: Option<Value>,
    #[serde(default)]
    pending_limit: Option<Value>,
}

/// The budget of waiting entries: a whole number from 1 to 100,000 (as text or a JSON number),
/// or the default one when left empty.
fn pending_limit(v: &Option<Value>) -> Result<u32, AppError> {
    let text = match v {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.trim().to_string(),
        Some(other) => other.to_string(),
    };
    if text.is_empty() {
        return Ok(store::chess::entries::DEFAULT_PENDING_LIMIT);
    }
    text.parse::<u32>()
        .ok()
        .filter(|n| (1..=100_000).contains(n))
        .ok_or_else(|| AppError::invalid("pending_limit", "a whole number from 1 to 100000", text))
}

/// A checkbox (`on`) or a JSON boolean.
fn ticked(v: &Option<Value>) -> bool {
    match v {
        Some(Value::Bool(b)) => *b,
        Some(Value::String(s)) => matches!(s.as_str(), "on" | "true" | "1"),
        _ => false,
    }
}

impl SettingsForm {
    fn settings(&self) -> Result<EntrySettings, AppError> {
        let closes_at =
            store::chess::entries::parse_closes_at(&self.closes_at).ok_or_else(|| {
                AppError::invalid(
                    "closes_at",
                    store::chess::entries::CLOSES_AT_EXPECTED,
                    self.closes_at.trim(),
                )
            })?;
        Ok(EntrySettings {
            open: ticked(&self.open),
            closes_at,
            fee_default: amount("fee_default", &self.fee_default)?,
            fee_youth: optional_amount("fee_youth", &self.fee_youth)?,
            titled_free: ticked(&self.titled_free),
            fee_women: optional_amount("fee_women", &self.fee_women)?,
            fee_veteran: optional_amount("fee_veteran", &self.fee_veteran)?,
            veteran_sep: ticked(&self.veteran_sep),
            pending_limit: pending_limit(&self.pending_limit)?,
        })
    }
}

async fn set_settings(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    Form(f): Form<SettingsForm>,
) -> Page {
    st.store
        .set_entry_settings(&a.username, id, &f.settings()?)?;
    see(format!("/events/{id}/entries"))
}

async fn validate(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, eid)): Path<(EventId, EntryId)>,
) -> Page {
    st.store.validate_entry(&a.username, id, eid)?;
    see(format!("/events/{id}/entries"))
}

#[derive(Debug, Deserialize)]
struct RejectForm {
    #[serde(default)]
    reason: String,
}

async fn reject(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, eid)): Path<(EventId, EntryId)>,
    Form(f): Form<RejectForm>,
) -> Page {
    let reason = crate::forms::free_text("reason", &f.reason)?;
    st.store.reject_entry(&a.username, id, eid, &reason)?;
    see(format!("/events/{id}/entries"))
}

#[derive(Template)]
#[template(path = "entries_poster.html")]
struct PosterPage {
    c: Ctx,
    ev: EventView,
    link: String,
    qr: String,
    closes: String,
}

async fn poster(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
    headers: HeaderMap,
) -> Page {
    let (_, ev) = views::event_view(&st, &c, id)?;
    let link = format!("{}/public/{id}/register", base(&st, &headers));
    html(&PosterPage {
        qr: crate::slips::qr_svg(&link, 360),
        closes: closes_text(&c, &st.store.entry_settings(id)?),
        link,
        ev,
        c,
    })
}

/// The QR code the printed pairings, standings, wall chart and alphabetical list carry: the
/// event's public page (an empty image while the event has no public page).
async fn public_qr(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<EventId>,
    headers: HeaderMap,
) -> Page {
    let e = st.store.event(id)?;
    let svg = if e.settings.public {
        crate::slips::qr_svg(&format!("{}/public/{id}", base(&st, &headers)), 200)
    } else {
        String::new()
    };
    let svg = if svg.is_empty() {
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>"#.to_string()
    } else if svg.contains("xmlns=") {
        svg
    } else {
        svg.replacen("<svg", r#"<svg xmlns="http://www.w3.org/2000/svg""#, 1)
    };
    Ok((
        [
            (axum::http::header::CONTENT_TYPE, "image/svg+xml"),
            (axum::http::header::CACHE_CONTROL, "no-store"),
        ],
        svg,
    )
        .into_response())
}

/// One player's line in the fees table.
struct FeeView {
    pid: PlayerKey,
    number: u32,
    name: String,
    category: String,
    rule: String,
    fee: String,
    paid: String,
    paid_value: String,
    method: String,
    outstanding: String,
}

#[derive(Template)]
#[template(path = "fees.html")]
struct FeesPage {
    c: Ctx,
    ev: EventView,
    rows: Vec<FeeView>,
    due: String,
    paid: String,
    outstanding: String,
    by_method: Vec<(String, String)>,
    methods: Vec<(&'static str, String)>,
    /// The version its forms carry, read before the data it shows.
    version: i64,
}

fn method_label(c: &Ctx, m: Option<PaymentMethod>) -> String {
    c.t(&format!(
        "fees-method-{}",
        m.map_or("none", PaymentMethod::as_str)
    ))
}

async fn fees_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
) -> Page {
    let version = st.store.version(store::Scope::Event(id))?.0;
    let (_, ev) = views::event_view(&st, &c, id)?;
    let fees = st.store.entry_fees(id)?;
    let rows = fees
        .rows
        .iter()
        .map(|r| FeeView {
            pid: r.player.id,
            number: r.player.number,
            name: r.player.details.name.to_string(),
            category: r.category.clone(),
            rule: c.t(&format!("fees-rule-{}", r.rule)),
            fee: money(&c, r.fee),
            paid: money(&c, r.paid),
            paid_value: if r.paid.is_zero() {
                String::new()
            } else {
                r.paid.to_string()
            },
            method: r.method.map_or("", PaymentMethod::as_str).to_string(),
            outstanding: money(&c, r.outstanding()),
        })
        .collect();
    let t = &fees.totals;
    html(&FeesPage {
        version,
        due: money(&c, t.due),
        paid: money(&c, t.paid),
        outstanding: money(&c, t.outstanding),
        by_method: t
            .by_method
            .iter()
            .map(|(m, v)| (method_label(&c, *m), money(&c, v.0)))
            .collect(),
        methods: PaymentMethod::ALL
            .iter()
            .map(|m| (m.as_str(), method_label(&c, Some(*m))))
            .collect(),
        rows,
        ev,
        c,
    })
}

#[derive(Debug, Deserialize)]
struct PaymentForm {
    #[serde(default)]
    paid: Option<Value>,
    #[serde(default)]
    method: String,
}

impl PaymentForm {
    fn read(&self) -> Result<(Money, Option<PaymentMethod>), AppError> {
        let paid = match &self.paid {
            None | Some(Value::Null) => Money::ZERO,
            Some(Value::String(s)) => amount("paid", s)?,
            Some(other) => amount("paid", &other.to_string())?,
        };
        Ok((paid, method(&self.method)?))
    }
}

async fn set_payment(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
    Seen(seen): Seen,
    Form(f): Form<PaymentForm>,
) -> Page {
    let (paid, method) = f.read()?;
    st.store
        .set_payment_at(&a.username, id, pid, paid, method, Some(seen))?;
    see(format!("/events/{id}/fees#fee-{pid}"))
}

/// The entries' CSV: every player with their ids, category, fee and payment, through the
/// documents' CSV writer (a cell a spreadsheet would run as a formula is written as text), in
/// the page's language (French: `;`, decimal commas, French headers and payment methods).
pub(crate) fn entries_csv_text(tr: &crate::i18n::Tr, fees: &store::EntryFees) -> String {
    let d = report::csv::Dialect::of(tr.lang);
    let header = [
        "csv-entries-number",
        "csv-entries-name",
        "csv-entries-fide-id",
        "csv-entries-licence",
        "csv-entries-federation",
        "csv-entries-club",
        "csv-entries-category",
        "csv-entries-fee",
        "csv-entries-paid",
        "csv-entries-method",
        "csv-entries-outstanding",
    ]
    .map(|k| tr.t(k));
    let method = |m: Option<PaymentMethod>| match (m, tr.lang) {
        (None, _) => String::new(),
        (Some(m), crate::i18n::Lang::En) => m.as_str().to_string(),
        (Some(m), crate::i18n::Lang::Fr) => tr.t(&format!("fees-method-{}", m.as_str())),
    };
    let mut out = d.start().to_string();
    out.push_str(&d.row(header));
    out.push('\n');
    for r in &fees.rows {
        let p = &r.player.details;
        out.push_str(&d.row([
            r.player.number.to_string(),
            p.name.to_string(),
            p.fide_id.map(|v| v.to_string()).unwrap_or_default(),
            p.national.licence.to_string(),
            p.federation.clone(),
            p.club.to_string(),
            r.category.clone(),
            d.number(&r.fee.to_string()),
            d.number(&r.paid.to_string()),
            method(r.method),
            d.number(&r.outstanding().to_string()),
        ]));
        out.push('\n');
    }
    out
}

async fn entries_csv(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
) -> Page {
    let fees = st.store.entry_fees(id)?;
    Ok(crate::page::attachment(
        "text/csv; charset=utf-8",
        &format!("entries-{id}.csv"),
        entries_csv_text(&c.tr, &fees).into_bytes(),
    ))
}

// ---------------------------------------------------------------------------------------------
// The JSON API.

async fn api_entries(
    State(st): State<AppState>,
    _a: Arbiter,
    Path(id): Path<EventId>,
) -> ApiResult {
    ok(json!({
        "settings": st.store.entry_settings(id)?,
        "open": st.store.registration_open(id)?,
        "entries": st.store.entries(id)?,
    }))
}

async fn api_set_settings(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    bytes: Bytes,
) -> ApiResult {
    let f: SettingsForm = body(&bytes)?;
    st.store
        .set_entry_settings(&a.username, id, &f.settings()?)?;
    ok(st.store.entry_settings(id)?)
}

async fn api_validate(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, eid)): Path<(EventId, EntryId)>,
) -> ApiResult {
    let pid = st.store.validate_entry(&a.username, id, eid)?;
    ok(st.store.player(id, pid)?)
}

async fn api_reject(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, eid)): Path<(EventId, EntryId)>,
    bytes: Bytes,
) -> ApiResult {
    let f: RejectForm = body(&bytes)?;
    let reason = crate::forms::free_text("reason", &f.reason)?;
    st.store.reject_entry(&a.username, id, eid, &reason)?;
    ok(st.store.entry(id, eid)?)
}

async fn api_fees(State(st): State<AppState>, _a: Arbiter, Path(id): Path<EventId>) -> ApiResult {
    ok(st.store.entry_fees(id)?)
}

async fn api_set_payment(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
    Seen(seen): Seen,
    bytes: Bytes,
) -> ApiResult {
    let f: PaymentForm = body(&bytes)?;
    let (paid, method) = f.read()?;
    st.store
        .set_payment_at(&a.username, id, pid, paid, method, Some(seen))?;
    ok(st.store.entry_fees(id)?)
}
