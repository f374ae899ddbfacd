//! The version a page was built from, and what the visitor is told when someone else changed
//! what a form edits first ([`store::edits`]).
//!
//! Every page whose forms edit shared state reads the event's (or the bridge session's)
//! version before its data and puts it in a hidden `version` field of each form. An API client
//! sends it as `If-Match: "41"` or as a `version` field of the body; every `GET` of the API
//! about one of them answers it in `ETag`. A request without it is refused before its handler
//! ([`crate::guard`]).

use crate::i18n::Arg;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::Response;
use serde_json::Value;
use store::{Changed, Version};

use crate::error::AppError;
use crate::i18n::Tr;
use crate::AppState;

/// The version a form sent back (`version`); empty or missing is none.
pub(crate) fn from_form(v: Option<&str>) -> Result<Option<Version>, AppError> {
    match v.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(t) => t.parse().map(Some).map_err(|_| {
            AppError::invalid(
                "version",
                "the version the page was built from",
                format!("{t:?}"),
            )
        }),
    }
}

/// The version among a form's fields read as a list (a grid, a check-in list).
pub(crate) fn from_fields(fields: &[(String, String)]) -> Result<Option<Version>, AppError> {
    from_form(
        fields
            .iter()
            .rev()
            .find(|(k, _)| k == "version")
            .map(|(_, v)| v.as_str()),
    )
}

/// The status of a page shown again after a form: 409 when it says what someone else changed
/// first.
pub(crate) fn status_for(conflicts: &[String]) -> axum::http::StatusCode {
    if conflicts.is_empty() {
        axum::http::StatusCode::OK
    } else {
        axum::http::StatusCode::CONFLICT
    }
}

/// The version an API client sends: the `If-Match` header, or the body's `version` field.
pub(crate) fn from_request(
    headers: &HeaderMap,
    body: &Option<Value>,
) -> Result<Option<Version>, AppError> {
    if let Some(h) = headers.get(header::IF_MATCH) {
        let t = h.to_str().unwrap_or("").trim();
        if t != "*" {
            return t.parse().map(Some).map_err(|_| {
                AppError::invalid("If-Match", "a version such as \"41\"", format!("{t:?}"))
            });
        }
    }
    from_value(body)
}

/// The version a form or a JSON body sent in its `version` field (a number or a string).
pub(crate) fn from_value(v: &Option<Value>) -> Result<Option<Version>, AppError> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(v) => from_form(Some(&crate::forms::text(v))),
    }
}

/// An answer with the version it was read at, as `ETag`.
pub(crate) fn with_version(mut r: Response, version: i64) -> Response {
    if let Ok(v) = HeaderValue::from_str(&format!("\"{version}\"")) {
        r.headers_mut().insert(header::ETAG, v);
    }
    r
}

/// The thing a path of the API is about (an event, a group, a bridge session, series or teams
/// event, a team event), and its version now.
fn version_of_path(st: &AppState, path: &str) -> Option<i64> {
    use store::Scope;
    let rest = path.strip_prefix("/api").unwrap_or(path);
    let id_after = |prefix: &str| -> Option<i64> {
        rest.strip_prefix(prefix)?.split('/').next()?.parse().ok()
    };
    let scope = [
        ("/events/", Scope::Event as fn(i64) -> Scope),
        ("/groups/", Scope::Group),
        ("/bridge/sessions/", Scope::BridgeSession),
        ("/bridge/series/", Scope::Series),
        ("/bridge/teams/", Scope::BridgeTeams),
        ("/teams/events/", Scope::Teams),
        ("/bridge/individual/", Scope::BridgeIndividual),
    ]
    .into_iter()
    .find_map(|(prefix, scope)| id_after(prefix).map(scope))?;
    st.store.version(scope).ok().map(|v| v.0)
}

/// Every read of the API about one event or bridge session answers the version it was read at
/// in `ETag` (read before the handler reads the data: a version never newer than what it shows).
pub async fn etag_on_reads(State(st): State<AppState>, req: Request<Body>, next: Next) -> Response {
    let version = (req.method() == Method::GET)
        .then(|| version_of_path(&st, req.uri().path()))
        .flatten();
    let r = next.run(req).await;
    match version {
        Some(v) if r.status().is_success() && !r.headers().contains_key(header::ETAG) => {
            with_version(r, v)
        }
        _ => r,
    }
}

fn result_text(tr: &Tr, r: Option<store::ResultCode>) -> String {
    match r {
        None => tr.t("conflict-nothing"),
        some => crate::chess::views::result_text(some),
    }
}

fn present_text(tr: &Tr, present: bool) -> String {
    tr.t(if present {
        "conflict-present"
    } else {
        "conflict-absent"
    })
}

fn bye_text(tr: &Tr, kind: Option<store::ByeKind>) -> String {
    match kind {
        None => tr.t("conflict-no-bye"),
        Some(k) => crate::chess::views::bye_kind(tr, k),
    }
}

fn withdrawal_text(tr: &Tr, from: Option<u32>) -> String {
    match from {
        None => tr.t("conflict-playing"),
        Some(r) => tr.t1("player-withdrawn-from", "round", r),
    }
}

fn player_text(p: &store::NewPlayer) -> String {
    let mut parts = vec![p.name.to_string()];
    for v in [p.title.as_str(), p.federation.as_str(), p.club.as_str()] {
        if !v.is_empty() {
            parts.push(v.to_string());
        }
    }
    if let Some(r) = p.rating {
        parts.push(r.to_string());
    }
    parts.join(", ")
}

/// A pair's names, each followed by the player's licence when known: a change of licence
/// alone must show in the conflict.
fn pair_text(tr: &Tr, p: &store::bridge::NewPair) -> String {
    let names: Vec<String> = [(&p.name1, &p.licence1), (&p.name2, &p.licence2)]
        .into_iter()
        .filter(|(name, _)| !name.trim().is_empty())
        .map(|(name, licence)| {
            if licence.is_empty() {
                name.trim().to_string()
            } else {
                format!("{} ({licence})", name.trim())
            }
        })
        .collect();
    let names = names.join(" - ");
    if names.is_empty() {
        tr.t("conflict-nothing")
    } else {
        names
    }
}

/// A bridge line as the director's grid says it: status, then contract or adjusted score.
fn line_text(tr: &Tr, l: &store::bridge::Line) -> String {
    let status = tr.t(&format!("bridge-status-{}", l.status.code()));
    let what = match (&l.entry, &l.adjustment) {
        (Some(e), _) => {
            let contract = report::bridge::contract_text(tr, &e.contract);
            match (e.declarer, e.tricks, e.contract.parse::<bridge::Bid>()) {
                (Some(d), Some(t), Ok(bridge::Bid::Contract(c))) => format!(
                    "{contract} {} {}",
                    report::bridge::seat_letter(tr, d),
                    bridge::Played::new(c, d, t)
                        .map(|p| p.relative())
                        .unwrap_or_default()
                ),
                _ => contract,
            }
        }
        (None, Some(_)) => tr.t("bridge-adjust"),
        (None, None) => String::new(),
    };
    let conflict = if l.conflict {
        format!(", {}", tr.t("bridge-conflict"))
    } else {
        String::new()
    };
    if what.is_empty() {
        format!("{status}{conflict}")
    } else {
        let line = tr.targs(
            "bridge-conflict-line-status",
            &[("status", Arg::from(status)), ("what", Arg::from(what))],
        );
        format!("{line}{conflict}")
    }
}

/// An entry fee paid: the amount as the page writes money, and how it was paid.
fn payment_text(tr: &Tr, amount: &str, method: &str) -> String {
    let amount = amount.parse::<prizes::Money>().map_or_else(
        |_| amount.to_string(),
        |m| crate::chess::prizes::money_in(tr, m),
    );
    if method.is_empty() {
        amount
    } else {
        format!("{amount} ({})", tr.t(&format!("fees-method-{method}")))
    }
}

/// One change since a page was built: who, when, what (the log's words for the action where
/// the catalogue has them, the log's code otherwise).
fn change_text(tr: &Tr, c: &store::Change) -> String {
    if c.actor.is_empty() {
        return String::new();
    }
    let what = ["action-", "bridge-action-", "teams-action-"]
        .iter()
        .find_map(|p| tr.lookup(&format!("{p}{}", c.action), &[]))
        .unwrap_or_else(|| c.action.clone());
    tr.targs(
        "conflict-since-change",
        &[
            ("who", Arg::from(c.actor.clone())),
            ("when", Arg::from(tr.datetime(&c.at))),
            ("what", Arg::from(what)),
        ],
    )
}

/// One value someone else changed first, in the visitor's language, with both values.
pub fn describe(tr: &Tr, c: &Changed) -> String {
    match c {
        Changed::Board {
            board,
            shown,
            stored,
            yours,
            ..
        } => tr.targs(
            "conflict-board",
            &[
                ("board", Arg::from(*board)),
                ("yours", Arg::from(result_text(tr, *yours))),
                ("stored", Arg::from(result_text(tr, *stored))),
                ("shown", Arg::from(result_text(tr, *shown))),
            ],
        ),
        Changed::Pairing { round } => tr.t1("conflict-pairing", "round", round),
        Changed::TeamBoard {
            table,
            board,
            stored,
            yours,
            ..
        } => tr.targs(
            "teams-conflict-board",
            &[
                ("match", Arg::from(*table)),
                ("board", Arg::from(*board)),
                ("yours", Arg::from(result_text(tr, *yours))),
                ("stored", Arg::from(result_text(tr, *stored))),
            ],
        ),
        Changed::Player { stored, yours, .. } => tr.targs(
            "conflict-player",
            &[
                ("name", Arg::from(stored.name.to_string())),
                ("stored", Arg::from(player_text(stored))),
                ("yours", Arg::from(player_text(yours))),
            ],
        ),
        Changed::Presence {
            name,
            stored,
            yours,
            ..
        } => tr.targs(
            "conflict-presence",
            &[
                ("name", Arg::from(name.clone())),
                ("stored", Arg::from(present_text(tr, *stored))),
                ("yours", Arg::from(present_text(tr, *yours))),
            ],
        ),
        Changed::Withdrawal { name, stored, .. } => tr.targs(
            "conflict-withdrawal",
            &[
                ("name", Arg::from(name.clone())),
                ("stored", Arg::from(withdrawal_text(tr, *stored))),
            ],
        ),
        Changed::Bye {
            name,
            round,
            stored,
            yours,
            ..
        } => tr.targs(
            "conflict-bye",
            &[
                ("name", Arg::from(name.clone())),
                ("round", Arg::from(*round)),
                ("stored", Arg::from(bye_text(tr, *stored))),
                ("yours", Arg::from(bye_text(tr, *yours))),
            ],
        ),
        Changed::Settings { .. } | Changed::TeamSettings { .. } => tr.t("conflict-settings"),
        Changed::Line {
            board,
            ns,
            ew,
            labels,
            shown,
            stored,
        } => tr.targs(
            "bridge-conflict-changed-line",
            &[
                ("board", Arg::from(*board)),
                // The session's labels (`2 EW` for pair 9 numbered per line), as on its pages.
                ("ns", Arg::from(report::bridge::pair_text(tr, *labels, *ns))),
                ("ew", Arg::from(report::bridge::pair_text(tr, *labels, *ew))),
                ("stored", Arg::from(line_text(tr, stored))),
                (
                    "shown",
                    Arg::from(
                        shown
                            .as_deref()
                            .map_or_else(String::new, |l| line_text(tr, l)),
                    ),
                ),
            ],
        ),
        Changed::Pair {
            number,
            labels,
            stored,
            yours,
            ..
        } => tr.targs(
            "bridge-conflict-changed-pair",
            &[
                (
                    "number",
                    Arg::from(report::bridge::pair_text(tr, *labels, *number)),
                ),
                ("stored", Arg::from(pair_text(tr, stored))),
                ("yours", Arg::from(pair_text(tr, yours))),
            ],
        ),
        Changed::Session { .. } => tr.t("bridge-conflict-changed-settings"),
        Changed::RoomBoard {
            round,
            match_no,
            room,
            board,
            stored,
            yours,
        } => tr.targs(
            "bteams-conflict-changed",
            &[
                ("round", Arg::from(*round)),
                ("match", Arg::from(*match_no)),
                ("room", Arg::from(tr.t(&format!("bteams-room-{room}")))),
                ("board", Arg::from(*board)),
                (
                    "stored",
                    Arg::from(stored.as_deref().map_or_else(
                        || tr.t("conflict-nothing"),
                        |e| crate::bridge::entry_text(tr, e),
                    )),
                ),
                ("yours", Arg::from(crate::bridge::entry_text(tr, yours))),
            ],
        ),
        Changed::Payment {
            name,
            shown,
            stored,
            yours,
            ..
        } => {
            let text = |x: &Option<(String, String)>| match x {
                None => tr.t("conflict-nothing"),
                Some((amount, method)) => payment_text(tr, amount, method),
            };
            tr.targs(
                "conflict-payment",
                &[
                    ("name", Arg::from(name.clone())),
                    ("shown", Arg::from(text(shown))),
                    ("stored", Arg::from(text(stored))),
                    ("yours", Arg::from(payment_text(tr, &yours.0, &yours.1))),
                ],
            )
        }
        Changed::Added { stored, .. } => tr.targs(
            "conflict-added",
            &[
                ("name", Arg::from(stored.name.to_string())),
                ("stored", Arg::from(player_text(stored))),
            ],
        ),
        Changed::Since { changes } => {
            let list: Vec<String> = changes.iter().map(|c| change_text(tr, c)).collect();
            if list.iter().all(String::is_empty) {
                tr.t("conflict-since-unnamed")
            } else {
                tr.t1("conflict-since", "changes", list.join(" ; "))
            }
        }
        Changed::RoundStart {
            round,
            stored,
            yours,
            ..
        } => {
            let text = |s: &Option<store::RoundStart>| {
                s.as_ref().map_or_else(
                    || tr.t("conflict-no-date"),
                    |s| crate::chess::views::round_start_text(tr, s),
                )
            };
            tr.targs(
                "conflict-round-start",
                &[
                    ("round", Arg::from(*round)),
                    ("stored", Arg::from(text(stored))),
                    ("yours", Arg::from(text(yours))),
                ],
            )
        }
    }
}

/// Every value of a conflict, in the visitor's language, after the line that says what it is.
pub fn describe_all(tr: &Tr, changed: &[Changed]) -> Vec<String> {
    // A stale page's refusal says it all in its own words.
    if let [c @ Changed::Since { .. }] = changed {
        return vec![describe(tr, c)];
    }
    std::iter::once(tr.t("conflict-intro"))
        .chain(changed.iter().map(|c| describe(tr, c)))
        .collect()
}
