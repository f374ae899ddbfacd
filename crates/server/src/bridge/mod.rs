//! Bridge pairs sessions in the web application: the director's pages (sessions, set-up,
//! pairs, movement and table codes, the traveller grid with conflicts and adjusted scores,
//! live ranking, travellers, score cards, exports), the table page a phone opens with its
//! table's code (`/t/{code}`), the public read-only pages, and the JSON API under
//! `/api/bridge` (`API.md`).
//!
//! Handlers are thin: the store keeps the lines and builds the engines' model, the `bridge`
//! crate scores, [`report::bridge`] turns a scored session into rows for the templates.

mod api;
mod forms;
mod individual;
mod pages;
mod public;
mod series;
mod simultaneous;
pub mod solver;
mod table;
mod table_code;
mod teams;

use crate::guard::Routes;
use store::bridge::{BridgeSession, Line, LineStatus, SessionId};

use crate::error::AppError;
use crate::i18n::Tr;
use crate::AppState;

/// The cookie a table's phone keeps its random device id in (two entries of one line from two
/// devices are a conflict; the same device's second entry is a correction).
pub const DEVICE_COOKIE: &str = "arbiter_device";

/// The bridge pages' own styles (travellers, deals, the table page, slips), screen and print.
pub const STYLE: &str = report::bridge::CSS;

/// Every bridge route: pages, table pages, public pages and the JSON API.
pub fn routes() -> Routes {
    Routes::new()
        .merge(pages::routes())
        .merge(table::routes())
        .merge(table_code::routes())
        .merge(public::routes())
        .merge(api::routes())
        .merge(series::routes())
        .merge(teams::routes())
        .merge(simultaneous::routes())
        .merge(individual::routes())
}

/// An uploaded file's text: UTF-8, else each byte read as its Latin-1 character (clubs' files
/// often come from Latin-1 software; every byte is a character there, so nothing is refused).
pub(crate) fn upload_text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes)
        .unwrap_or_else(|e| e.into_bytes().into_iter().map(char::from).collect())
}

/// A multipart form's file field: (the file's name, `"upload"` without one; its text as
/// [`upload_text`] reads it).
pub(crate) async fn upload_file(
    field: axum::extract::multipart::Field<'_>,
) -> Result<(String, String), AppError> {
    let name = field.file_name().unwrap_or("upload").to_string();
    let bytes = field
        .bytes()
        .await
        .map_err(|e| AppError::BadRequest(format!("upload: {e}")))?;
    Ok((name, upload_text(bytes.to_vec())))
}

/// A session's heading as the pages show it.
#[derive(Debug, Clone, Default)]
pub struct SessionView {
    pub id: SessionId,
    pub name: String,
    pub club: String,
    pub date: String,
    pub director: String,
    pub tables: u32,
    pub movement: String,
    pub scoring: String,
    pub public: bool,
    /// "club · place · date" for the sub-heading.
    pub sub: String,
    /// The tables' open calls, flagged on every director's page (empty elsewhere).
    pub calls: Vec<CallView>,
    /// The session's version read before its calls (their forms carry it).
    pub version: i64,
}

/// A table's open call as the director's pages flag it.
#[derive(Debug, Clone, Default)]
pub struct CallView {
    pub id: i64,
    /// "Table 3, round 2: the director is called".
    pub text: String,
    /// For a board not played: the grid's link that opens its line's adjusted-score form.
    pub adjust_href: String,
}

/// The session's heading for a director's page, with the tables' open calls.
pub fn director_view(st: &AppState, s: &BridgeSession, tr: &Tr) -> Result<SessionView, AppError> {
    let mut v = SessionView::new(s, tr);
    v.version = st.store.bridge_version(s.id)?;
    let labels = st.store.pair_labels(s.id)?;
    for call in st.store.calls(s.id)? {
        let (table, round) = (call.table, call.round);
        let view = match (call.kind, call.board) {
            (store::bridge::CallKind::NotPlayed, Some(board)) => {
                let at = st.store.table_round(s.id, table, round)?;
                let (ns, ew) = (at.ns.unwrap_or(0), at.ew.unwrap_or(0));
                CallView {
                    id: call.id,
                    text: tr.targs(
                        "bridge-call-not-played-at",
                        &[
                            ("table", table.into()),
                            ("round", round.into()),
                            ("board", board.into()),
                            ("ns", report::bridge::pair_text(tr, labels, ns).into()),
                            ("ew", report::bridge::pair_text(tr, labels, ew).into()),
                        ],
                    ),
                    adjust_href: format!(
                        "/bridge/{}/grid?board={board}&ns={ns}&ew={ew}&kind=artificial#adjust-form",
                        s.id
                    ),
                }
            }
            _ => CallView {
                id: call.id,
                text: tr.targs(
                    "bridge-call-director-at",
                    &[("table", table.into()), ("round", round.into())],
                ),
                adjust_href: String::new(),
            },
        };
        v.calls.push(view);
    }
    Ok(v)
}

impl SessionView {
    pub fn new(s: &BridgeSession, tr: &Tr) -> SessionView {
        let st = &s.settings;
        let date = if st.date.is_empty() {
            String::new()
        } else {
            tr.date(&st.date)
        };
        let sub: Vec<String> = [st.club.to_string(), st.place.to_string(), date.clone()]
            .into_iter()
            .filter(|x| !x.is_empty())
            .collect();
        SessionView {
            id: s.id,
            name: st.name.to_string(),
            club: st.club.to_string(),
            date,
            director: st.director.to_string(),
            tables: st.tables,
            movement: kind_label(tr, st.movement),
            scoring: tr.t(&format!(
                "bridge-scoring-{}",
                st.scoring.code().replace('_', "-")
            )),
            public: st.public,
            sub: sub.join(" · "),
            calls: Vec::new(),
            version: 0,
        }
    }
}

/// How the page reads typed contracts and leads: French letters on a French page.
pub fn notation(tr: &Tr) -> bridge::notation::Notation {
    match tr.lang {
        report::i18n::Lang::Fr => bridge::notation::Notation::French,
        report::i18n::Lang::En => bridge::notation::Notation::English,
    }
}

/// A movement kind's name in the reader's language.
pub fn kind_label(tr: &Tr, k: bridge::movement::Kind) -> String {
    report::movement::kind_name(tr, k)
}

/// A line's status in the reader's language.
pub fn status_label(tr: &Tr, s: LineStatus) -> String {
    tr.t(&format!("bridge-status-{}", s.code()))
}

/// The store's missing lines as the results module takes them.
pub fn missing_of(lines: &[Line]) -> Vec<report::bridge::Missing> {
    lines
        .iter()
        .filter(|l| l.status == LineStatus::Missing)
        .map(|l| report::bridge::Missing {
            board: l.board,
            round: l.round,
            table: l.table,
            ns: l.ns,
            ew: l.ew,
        })
        .collect()
}

/// The session's scored results in the reader's language.
pub fn results_of(
    st: &AppState,
    tr: &Tr,
    id: SessionId,
) -> Result<report::bridge::Results, AppError> {
    let r = st.store.ranking(id)?;
    let mut results = report::bridge::Results::labelled(
        tr,
        &r.session,
        &r.scored,
        &missing_of(&r.missing),
        report::bridge::Decimals::default(),
        st.store.pair_labels(id)?,
    );
    if let Some(scale) = &st.store.bridge_session(id)?.settings.masterpoints {
        results.add_masterpoints(tr, scale, &r.scored);
    }
    for h in st.store.hand_records(id)? {
        if let Some(a) = &h.analysis {
            results.add_analysis(tr, h.board, &a.tricks, &a.par);
        }
    }
    Ok(results)
}

/// An entry in words: `4♥ O =, entame ♠A`.
pub fn entry_text(tr: &Tr, e: &store::bridge::Entry) -> String {
    let mut shown = report::bridge::contract_text(tr, &e.contract);
    if let (Some(d), Some(t), Ok(bridge::Bid::Contract(c))) =
        (e.declarer, e.tricks, e.contract.parse::<bridge::Bid>())
    {
        let relative = bridge::Played::new(c, d, t)
            .map(|p| p.relative())
            .unwrap_or_default();
        shown = format!("{shown} {} {relative}", report::bridge::seat_letter(tr, d));
    }
    if !e.lead.is_empty() {
        shown = format!(
            "{shown}, {} {}",
            tr.t("bridge-col-lead"),
            report::bridge::lead_text(tr, &e.lead)
        );
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::upload_text;

    #[test]
    fn upload_text_reads_utf8_else_latin1() {
        // "Équipe" in UTF-8 (É = C3 89) stays as it is.
        assert_eq!(upload_text("Équipe".as_bytes().to_vec()), "Équipe");
        // The same word in Latin-1 (É = C9) is not UTF-8: each byte is its character.
        assert_eq!(upload_text(b"\xC9quipe".to_vec()), "Équipe");
        // One bad byte makes the whole file Latin-1: C3 89 is then "Ã" and U+0089, not "É".
        assert_eq!(upload_text(b"\xC3\x89 \xE9".to_vec()), "\u{C3}\u{89} é");
    }
}
