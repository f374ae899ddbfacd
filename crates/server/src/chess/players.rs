//! Registration and check-in: the player list, typed or imported players, edits, withdrawals,
//! byes, forbidden pairs, and each player's card.

use std::collections::{HashMap, HashSet};

use askama::Template;
use axum::extract::{Multipart, Path, Query, State};
use axum::http::StatusCode;
use axum::Form;
use serde::Deserialize;
use store::{EventId, Player, PlayerKey};

use crate::chess::forms::{self, PairForm, PlayerForm};
use crate::chess::views::{self, CardRound, EventView, PlayerView};
use crate::ctx::{Arbiter, Ctx};
use crate::error::AppError;
use crate::guard::Seen;
use crate::guard::{Guard, Kind, Routes};
use crate::limit::MAX_BODY;
use crate::page::{blocking, html, see, Page};
use crate::AppState;

pub fn routes() -> Routes {
    Routes::new()
        .get("/events/{id}/players", players_page)
        .post(
            "/events/{id}/players",
            Guard::Merge(Kind::Event),
            add_player,
        )
        .post_limited(
            "/events/{id}/players/import",
            Guard::Whole(Kind::Event),
            MAX_BODY,
            import_players,
        )
        .post(
            "/events/{id}/players/checkin",
            Guard::Merge(Kind::Event),
            checkin,
        )
        .post(
            "/events/{id}/players/all-present",
            Guard::Whole(Kind::Event),
            all_present,
        )
        .post(
            "/events/{id}/players/byes",
            Guard::Whole(Kind::Event),
            set_byes,
        )
        .get("/events/{id}/players/{pid}", player_card)
        .get("/events/{id}/players/{pid}/edit", edit_player_page)
        .post(
            "/events/{id}/players/{pid}/edit",
            Guard::Merge(Kind::Event),
            edit_player,
        )
        .post(
            "/events/{id}/players/{pid}/remove",
            Guard::Whole(Kind::Event),
            remove_player,
        )
        .post(
            "/events/{id}/players/{pid}/withdraw",
            Guard::Merge(Kind::Event),
            withdraw,
        )
        .post(
            "/events/{id}/players/{pid}/reinstate",
            Guard::Merge(Kind::Event),
            reinstate,
        )
        .post(
            "/events/{id}/players/{pid}/bye",
            Guard::Merge(Kind::Event),
            set_bye,
        )
        .post(
            "/events/{id}/forbidden",
            Guard::Whole(Kind::Event),
            add_forbidden,
        )
        .post(
            "/events/{id}/forbidden/remove",
            Guard::Whole(Kind::Event),
            remove_forbidden,
        )
}

#[derive(Template)]
#[template(path = "players.html")]
struct PlayersPage {
    c: Ctx,
    ev: EventView,
    players: Vec<PlayerView>,
    /// The check-in list's lines, in the order of `players`.
    rows: Vec<CheckinRow>,
    /// Some player has a national rating: the list shows the column.
    national: bool,
    /// The event pairs by another rating than FIDE's alone: the list shows the one it uses.
    pairing_column: bool,
    /// Some player has a licence, or a birth date to place them in an age category: the
    /// list shows those columns (an event without national data does without them).
    licences: bool,
    categories: bool,
    /// The rounds still to pair (a Swiss's byes and absences can be announced for them); in a
    /// Double-Swiss event the matches still to pair, each named by its first game's round.
    upcoming: Vec<Upcoming>,
    started: bool,
    forbidden: Vec<(PlayerKey, PlayerKey, String, String)>,
    imported: Option<String>,
    /// The rating list's search: the query, its results, whether there were more.
    source: Option<crate::chess::rating_list::SourceView>,
    q: String,
    found: Vec<crate::chess::rating_list::FoundView>,
    more: bool,
    /// The national lists' search: some list is loaded, the query, its hits, more of them.
    national_lists: bool,
    nq: String,
    national_found: Vec<crate::chess::national_list::FoundView>,
    national_more: bool,
    /// The event's version the page was built from (sent back by the check-in form).
    version: i64,
    /// Why the check-in just sent left some players as they were (someone else changed them).
    errors: Vec<String>,
}

/// A column of the check-in list: a round still to pair, or a Double-Swiss match (C.04.5: a
/// bye is for a whole match, so the list asks for it once a match).
struct Upcoming {
    /// The round the bye forms send (a match's first game).
    round: u32,
    /// The column's heading (`R5`, `M3`) and its full name (`Round 5`, `Match 3`).
    short: String,
    title: String,
    /// The bulk form's choice (`5`, `Match 3`).
    label: String,
}

/// A player's line in the check-in list: their bye or absence announced for each round still
/// to pair (`½`, `1`, `0`, or empty), with its full name for the title.
struct CheckinRow {
    /// The round to pair next has a bye or an absence for this player: not ticked present,
    /// and left out of the check-in form (their presence stays as stored).
    next_bye: bool,
    cells: Vec<(String, String)>,
    /// The national data the desk checks: licence (with its type) and FFE age category.
    licence: String,
    category: String,
    /// The national rating with its kind (`1790 N`).
    national: String,
    /// The rating the event pairs by with its kind, when it is not FIDE's alone.
    pairing: String,
}

fn bye_mark(tr: &crate::i18n::Tr, kind: store::ByeKind) -> (String, String) {
    let mark = match kind {
        store::ByeKind::Half => "½",
        store::ByeKind::Full => "1",
        store::ByeKind::Zero => "0",
    };
    (mark.to_string(), views::bye_kind(tr, kind))
}

#[derive(Debug, Deserialize)]
struct PlayersQuery {
    imported: Option<usize>,
    q: Option<String>,
    /// A search in the national lists.
    nq: Option<String>,
}

async fn players_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path(id): Path<EventId>,
    Query(q): Query<PlayersQuery>,
) -> Page {
    players_page_data(&st, c, id, q, Vec::new()).await
}

async fn players_page_data(
    st: &AppState,
    c: Ctx,
    id: EventId,
    q: PlayersQuery,
    errors: Vec<String>,
) -> Page {
    let version = st.store.event_version(id)?;
    let (e, ev) = views::event_view(st, &c, id)?;
    let list = st.store.players(id)?;
    let names: HashMap<PlayerKey, String> = list
        .iter()
        .map(|p| (p.id, p.details.name.to_string()))
        .collect();
    let points = views::points_after(&st.store, id, e.paired_rounds);
    let players = list
        .iter()
        .map(|p| views::player_view(p, points.get(&p.id).copied(), &c.tr))
        .collect();
    let upcoming: Vec<Upcoming> = if e.settings.system.is_round_robin() {
        Vec::new()
    } else if e.settings.is_double_swiss() {
        (e.paired_rounds + 1..=e.settings.rounds)
            .step_by(2)
            .map(|round| {
                let k = store::chess::double_swiss::match_of_round(round).0;
                let title = c.tr.t1("match-n", "match", k);
                Upcoming {
                    round,
                    short: c.tr.t1("col-match-short", "match", k),
                    label: title.clone(),
                    title,
                }
            })
            .collect()
    } else {
        (e.paired_rounds + 1..=e.settings.rounds)
            .map(|round| Upcoming {
                round,
                short: c.tr.t1("col-round-short", "round", round),
                title: c.tr.t1("round-n", "round", round),
                label: round.to_string(),
            })
            .collect()
    };
    let byes = st.store.byes(id)?;
    // Categories go by the season of the event's first day (today's before it is set).
    let season_day = match e.settings.start_date.as_str() {
        "" => store::now(),
        d => d.to_string(),
    };
    let season_day = season_day.get(..10).unwrap_or_default();
    let rows = list
        .iter()
        .map(|p| {
            let cells: Vec<(String, String)> = upcoming
                .iter()
                .map(|u| {
                    byes.iter()
                        .find(|b| b.player == p.id && b.round == u.round)
                        .map(|b| bye_mark(&c.tr, b.kind))
                        .unwrap_or_default()
                })
                .collect();
            let n = &p.details.national;
            CheckinRow {
                next_bye: cells.first().is_some_and(|c| !c.0.is_empty()),
                cells,
                licence: match n.licence_type {
                    Some(t) if !n.licence.is_empty() => format!("{} {}", n.licence, t.as_str()),
                    _ => n.licence.to_string(),
                },
                category: p.details.ffe_category(season_day),
                pairing: views::pairing_rating_text(p, e.settings.pairing_rating)
                    .unwrap_or_default(),
                national: match (p.details.national_rating, n.national_rating_kind) {
                    (Some(r), Some(k)) => format!("{r} {}", k.as_str()),
                    (Some(r), None) => r.to_string(),
                    (None, _) => String::new(),
                },
            }
        })
        .collect();
    let national = list.iter().any(|p| p.details.national_rating.is_some());
    let licences = list.iter().any(|p| !p.details.national.licence.is_empty());
    let categories = list.iter().any(|p| !p.details.birth_date.is_empty());
    let forbidden = st
        .store
        .forbidden_pairs(id)?
        .into_iter()
        .map(|(a, b)| {
            let name = |k| names.get(&k).cloned().unwrap_or_default();
            (a, b, name(a), name(b))
        })
        .collect();
    let query = q.q.unwrap_or_default().trim().to_string();
    let source = st
        .store
        .rating_list_source()?
        .map(|s| crate::chess::rating_list::source_view(&c, &s));
    let (found, more) = if source.is_some() && !query.is_empty() {
        let (store, text) = (st.store.clone(), query.clone());
        blocking(move || Ok(crate::chess::rating_list::search(&store, id, &text))).await??
    } else {
        (Vec::new(), false)
    };
    let national_query = q.nq.unwrap_or_default().trim().to_string();
    let national_lists = !st.store.national_list_sources()?.is_empty();
    let (national_found, national_more) = if national_lists && !national_query.is_empty() {
        let (store, text) = (st.store.clone(), national_query.clone());
        blocking(move || Ok(crate::chess::national_list::search(&store, id, &text))).await??
    } else {
        (Vec::new(), false)
    };
    let status = crate::edits::status_for(&errors);
    let mut r = html(&PlayersPage {
        national_lists,
        nq: national_query,
        national_found,
        national_more,
        version,
        errors,
        imported: q.imported.map(|n| c.t1("players-imported", "count", n)),
        source,
        q: query,
        found,
        more,
        started: e.paired_rounds > 0,
        players,
        rows,
        national,
        pairing_column: e.settings.pairing_rating != store::PairingRating::Fide,
        licences,
        categories,
        upcoming,
        forbidden,
        ev,
        c,
    })?;
    *r.status_mut() = status;
    Ok(r)
}

async fn add_player(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    Seen(seen): Seen,
    Form(f): Form<PlayerForm>,
) -> Page {
    let p = f.player()?;
    st.store.add_player_at(&a.username, id, &p, Some(seen))?;
    see(format!("/events/{id}/players"))
}

fn import_error(e: store::import::ImportError) -> AppError {
    crate::forms::file_error("file", e)
}

/// Reads a player list (CSV, or TRF when the file looks like one).
pub(crate) fn parse_player_file(name: &str, text: &str) -> Result<Vec<store::NewPlayer>, AppError> {
    let trf =
        name.to_ascii_lowercase().ends_with(".trf") || text.lines().any(|l| l.starts_with("001 "));
    if trf {
        store::import::players_from_trf(text).map_err(import_error)
    } else {
        store::import::players_from_csv(text).map_err(import_error)
    }
}

async fn import_players(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    mut form: Multipart,
) -> Page {
    let mut file: Option<(String, String)> = None;
    while let Some(field) = form
        .next_field()
        .await
        .map_err(|e| AppError::BadRequest(e.to_string()))?
    {
        if field.name() == Some("file") {
            let name = field.file_name().unwrap_or("").to_string();
            let bytes = field
                .bytes()
                .await
                .map_err(|e| AppError::BadRequest(e.to_string()))?;
            let text = String::from_utf8(bytes.to_vec())
                .unwrap_or_else(|e| e.into_bytes().iter().map(|&b| b as char).collect());
            file = Some((name, text));
        }
    }
    let (name, text) =
        file.ok_or_else(|| AppError::invalid("file", "a CSV or TRF file", "nothing"))?;
    let players = parse_player_file(&name, &text)?;
    let n = st.store.add_players(&a.username, id, &players)?;
    see(format!("/events/{id}/players?imported={n}"))
}

/// The check-in list: the players the page listed (`listed`), ticked (`present`) or not. With
/// the page's version only the players the arbiter ticked or unticked change; one someone else
/// checked in or out meanwhile is left as stored and said.
async fn checkin(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path(id): Path<EventId>,
    Form(f): Form<Vec<(String, String)>>,
) -> Page {
    let keys = |name: &str| -> HashSet<PlayerKey> {
        f.iter()
            .filter(|(k, _)| k == name)
            .filter_map(|(_, v)| v.parse().ok())
            .collect()
    };
    let ticked = keys("present");
    let listed = keys("listed");
    let seen = crate::edits::from_fields(&f)?;
    // A form without its list (an older page) stands for every player.
    let presence: Vec<(PlayerKey, bool)> = st
        .store
        .players(id)?
        .iter()
        .filter(|p| listed.is_empty() || listed.contains(&p.id))
        .map(|p| (p.id, ticked.contains(&p.id)))
        .collect();
    let w = st.store.check_in(&a.username, id, &presence, seen)?;
    if w.conflicts.is_empty() {
        return see(format!("/events/{id}/players"));
    }
    let errors = crate::edits::describe_all(&c.tr, &w.conflicts);
    let q = PlayersQuery {
        imported: None,
        q: None,
        nq: None,
    };
    players_page_data(&st, c, id, q, errors).await
}

/// The list's bulk form: one bye, absence or none (`kind`) in one round for every player
/// picked (`pick`), as one action.
async fn set_byes(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    Form(f): Form<Vec<(String, String)>>,
) -> Page {
    let field = |name: &str| {
        f.iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| serde_json::Value::String(v.clone()))
    };
    let round: u32 = crate::forms::required_number("round", &field("round"), "a round number")?;
    let kind = forms::bye_kind(f.iter().find(|(k, _)| k == "kind").map(|(_, v)| v.as_str()))?;
    let mut picked = Vec::new();
    for (_, v) in f.iter().filter(|(k, _)| k == "pick") {
        picked.push(
            v.parse::<PlayerKey>()
                .map_err(|_| AppError::invalid("pick", "a player", format!("{v:?}")))?,
        );
    }
    if picked.is_empty() {
        return Err(AppError::invalid("pick", "one player or more", "nobody"));
    }
    st.store.set_byes(&a.username, id, &picked, round, kind)?;
    see(format!("/events/{id}/players"))
}

#[derive(Debug, Deserialize)]
struct PresentForm {
    present: Option<String>,
}

async fn all_present(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    Form(f): Form<PresentForm>,
) -> Page {
    let present = f.present.as_deref() != Some("0");
    st.store.set_all_present(&a.username, id, present)?;
    see(format!("/events/{id}/players"))
}

#[derive(Template)]
#[template(path = "player_form.html")]
struct PlayerFormPage {
    c: Ctx,
    ev: EventView,
    pid: PlayerKey,
    f: PlayerForm,
    /// The event's version the form was built from.
    version: i64,
    /// Why the form just sent was not saved (someone else edited the player meanwhile).
    errors: Vec<String>,
}

async fn edit_player_page(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
) -> Page {
    let version = st.store.event_version(id)?;
    let (_, ev) = views::event_view(&st, &c, id)?;
    let p = st.store.player(id, pid)?;
    html(&PlayerFormPage {
        f: PlayerForm::from_player(&p.details),
        pid,
        ev,
        c,
        version,
        errors: Vec::new(),
    })
}

/// A player's details as edited; when someone else edited them since the form was built,
/// nothing is saved and the form comes back with the user's values, the stored ones said.
async fn edit_player(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
    Form(f): Form<PlayerForm>,
) -> Page {
    let seen = crate::edits::from_value(&f.version)?;
    match st
        .store
        .update_player(&a.username, id, pid, &f.player()?, seen)
    {
        Ok(()) => see(format!("/events/{id}/players/{pid}")),
        Err(store::Error::Conflict { version, changed }) => {
            let (_, ev) = views::event_view(&st, &c, id)?;
            let mut r = html(&PlayerFormPage {
                errors: crate::edits::describe_all(&c.tr, &changed),
                version: version.0,
                f,
                pid,
                ev,
                c,
            })?;
            *r.status_mut() = StatusCode::CONFLICT;
            Ok(r)
        }
        Err(e) => Err(e.into()),
    }
}

async fn remove_player(
    State(st): State<AppState>,
    a: Arbiter,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
) -> Page {
    st.store.remove_player(&a.username, id, pid)?;
    see(format!("/events/{id}/players"))
}

#[derive(Debug, Deserialize)]
struct WithdrawForm {
    from_round: Option<serde_json::Value>,
    version: Option<String>,
}

/// After an action of the player's card: back to the card, or the card again with what
/// someone else changed first (nothing written).
async fn back_to_card(
    st: &AppState,
    c: Ctx,
    (id, pid): (EventId, PlayerKey),
    done: Result<(), store::Error>,
) -> Page {
    match done {
        Ok(()) => see(format!("/events/{id}/players/{pid}")),
        Err(store::Error::Conflict { changed, .. }) => {
            let errors = crate::edits::describe_all(&c.tr, &changed);
            card_page_data(st, c, id, pid, false, errors).await
        }
        Err(e) => Err(e.into()),
    }
}

async fn withdraw(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
    Form(f): Form<WithdrawForm>,
) -> Page {
    let e = st.store.event(id)?;
    let from: u32 = crate::forms::number("from_round", &f.from_round, "a round number")?
        .unwrap_or(e.paired_rounds + 1);
    let seen = crate::edits::from_form(f.version.as_deref())?;
    let done = st.store.withdraw(&a.username, id, pid, from, seen);
    back_to_card(&st, c, (id, pid), done).await
}

#[derive(Debug, Deserialize)]
struct VersionForm {
    version: Option<String>,
}

async fn reinstate(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
    Form(f): Form<VersionForm>,
) -> Page {
    let seen = crate::edits::from_form(f.version.as_deref())?;
    let done = st.store.reinstate(&a.username, id, pid, seen);
    back_to_card(&st, c, (id, pid), done).await
}

#[derive(Debug, Deserialize)]
struct ByeForm {
    round: Option<serde_json::Value>,
    kind: Option<String>,
    version: Option<String>,
}

async fn set_bye(
    State(st): State<AppState>,
    c: Ctx,
    a: Arbiter,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
    Form(f): Form<ByeForm>,
) -> Page {
    let round: u32 = crate::forms::required_number("round", &f.round, "a round number")?;
    let kind = forms::bye_kind(f.kind.as_deref())?;
    let seen = crate::edits::from_form(f.version.as_deref())?;
    let done = st.store.set_bye(&a.username, id, pid, round, kind, seen);
    back_to_card(&st, c, (id, pid), done).await
}

async fn add_forbidden(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    Form(f): Form<PairForm>,
) -> Page {
    let (x, y) = f.keys()?;
    st.store.add_forbidden_pair(&a.username, id, x, y)?;
    see(format!("/events/{id}/players#forbidden"))
}

async fn remove_forbidden(
    State(st): State<AppState>,
    a: Arbiter,
    Path(id): Path<EventId>,
    Form(f): Form<PairForm>,
) -> Page {
    let (x, y) = f.keys()?;
    st.store.remove_forbidden_pair(&a.username, id, x, y)?;
    see(format!("/events/{id}/players#forbidden"))
}

#[derive(Template)]
#[template(path = "player_card.html")]
struct PlayerCard {
    c: Ctx,
    ev: EventView,
    p: PlayerView,
    started: bool,
    next_round: u32,
    /// A round is still to be paired: byes and withdrawals can be asked for.
    rounds_left: bool,
    rounds: Vec<CardRound>,
    /// The byes asked for: the round (or Double-Swiss match, C.04.5) and the kind.
    byes: Vec<(String, String)>,
    /// The round (or Double-Swiss match) and the engine's explanation of the player's pairing.
    explanations: Vec<(String, String)>,
    total: String,
    swiss: bool,
    /// The player's title norms (FIDE B.01): (norm, status, detail).
    norms: Vec<(String, String, String)>,
    /// The player's FIDE rating change over the event (B.02), or the initial rating.
    rating_line: String,
    /// The event's version the card was built from (sent back by its forms).
    version: i64,
    /// Why the action just sent was not done (someone else changed the player meanwhile).
    errors: Vec<String>,
}

#[derive(Debug, Deserialize)]
struct ExplainQuery {
    /// `all`: explain every round, not only the last.
    explain: Option<String>,
}

/// The engine's explanation of one player's colour and float, in words.
async fn player_card(
    State(st): State<AppState>,
    c: Ctx,
    _a: Arbiter,
    Path((id, pid)): Path<(EventId, PlayerKey)>,
    Query(q): Query<ExplainQuery>,
) -> Page {
    let all = q.explain.as_deref() == Some("all");
    card_page_data(&st, c, id, pid, all, Vec::new()).await
}

async fn card_page_data(
    st: &AppState,
    c: Ctx,
    id: EventId,
    pid: PlayerKey,
    all: bool,
    errors: Vec<String>,
) -> Page {
    let version = st.store.event_version(id)?;
    let (e, ev) = views::event_view(st, &c, id)?;
    let player = st.store.player(id, pid)?;
    let players: HashMap<PlayerKey, Player> = st
        .store
        .players(id)?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    let rounds = st.store.rounds(id)?;
    let swiss = !e.settings.system.is_round_robin();
    let mut explanations = Vec::new();
    if swiss {
        let double_swiss = e.settings.is_double_swiss();
        // The engine pairs each explained round again: the last round unless asked for all. A
        // Double-Swiss match is explained once, under its number.
        let last = if double_swiss {
            e.paired_rounds.saturating_sub(1)
        } else {
            e.paired_rounds
        };
        for r in rounds
            .iter()
            .filter(|r| all || r.number == last)
            .filter(|r| !double_swiss || r.number % 2 == 1)
        {
            if let Ok(x) = st.store.explain(id, r.number) {
                if let Some(text) = views::round_explanation(&c.tr, &x, player.number) {
                    let when = if double_swiss {
                        let k = store::chess::double_swiss::match_of_round(r.number).0;
                        c.tr.t1("match-n", "match", k)
                    } else {
                        c.tr.t1("round-n", "round", r.number)
                    };
                    explanations.push((when, text));
                }
            }
        }
    }
    let points = views::points_after(&st.store, id, e.paired_rounds);
    let double_swiss = e.settings.is_double_swiss();
    let mut byes: Vec<(String, String)> = st
        .store
        .byes(id)?
        .into_iter()
        .filter(|b| b.player == pid && b.round > e.paired_rounds)
        .map(|b| {
            let when = if double_swiss {
                let k = store::chess::double_swiss::match_of_round(b.round).0;
                c.tr.t1("match-n", "match", k)
            } else {
                c.tr.t1("round-n", "round", b.round)
            };
            (when, views::bye_kind(&c.tr, b.kind))
        })
        .collect();
    // A match's bye is stored on both its games: listed once.
    byes.dedup();
    let (norms, rating_line) = crate::chess::norms::card_lines(st, &c.tr, id, player.number)?;
    let status = crate::edits::status_for(&errors);
    let mut r = html(&PlayerCard {
        norms,
        rating_line,
        version,
        errors,
        rounds: views::card_rounds(&c.tr, &rounds, &players, pid),
        total: points.get(&pid).map(|p| c.tr.points(p)).unwrap_or_default(),
        p: views::player_view(&player, None, &c.tr),
        started: e.paired_rounds > 0,
        next_round: e.paired_rounds + 1,
        rounds_left: e.paired_rounds < e.settings.rounds,
        byes,
        explanations,
        swiss,
        ev,
        c,
    })?;
    *r.status_mut() = status;
    Ok(r)
}
