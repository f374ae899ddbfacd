//! The FFE's Papi files (`tournament::papi`) and the event store: a new event made from one,
//! with its players and every round (all or nothing), and an event written as one for the
//! FFE's homologation.
//!
//! ```
//! let store = store::Store::open_in_memory().unwrap();
//! let bytes = std::fs::read(concat!(
//!     env!("CARGO_MANIFEST_DIR"),
//!     "/../tournament/tests/data/papi/bre-jeunes-2024-open-b.papi"
//! ))
//! .unwrap();
//! let file = store::chess::papi::event_from_papi(&bytes).unwrap();
//! let id = store.create_event_from_papi("arbiter", &file).unwrap();
//! assert_eq!(store.players(id).unwrap().len(), 14);
//! assert_eq!(store.rounds(id).unwrap().len(), 7);
//! ```

use tournament::papi::{self, PapiFile, PapiPlayer, PapiRating};

use crate::chess::file_import::{FileEvent, FileSource};
use crate::chess::model::{build, complete_rounds, ranked};
use crate::chess::rows::{load_event, load_players, load_rounds};
use crate::chess::types::*;
use crate::error::{Error, Result};
use crate::text::{Label, PersonName};
use crate::Store;

/// What the field of a refused Papi file expects (the server says it in the visitor's language).
pub const PAPI_EXPECTED: &str =
    "a Papi file (the FFE's Access database, .papi) of an individual event";

/// What an event written as a Papi file must be.
pub const PAPI_EVENT_EXPECTED: &str =
    "an individual event of at most 24 rounds, scored 1 / ½ / 0 or 3 / 1 / 0, as Papi holds it";

/// An event read from a Papi file, ready to be stored.
pub type PapiEvent = FileEvent;

fn refused(found: impl Into<String>) -> Error {
    Error::Invalid {
        field: "papi_file".into(),
        expected: PAPI_EXPECTED.into(),
        found: found.into(),
    }
}

fn label(what: &str, s: &str) -> Result<Label> {
    Label::parse(s).map_err(|e| refused(format!("{what} {s:?}: {e}")))
}

/// Reads a Papi file into an event: settings from `INFO`, players with their FFE data (licence,
/// club, league, rating kind) from `JOUEUR`, and every round with results.
pub fn event_from_papi(bytes: &[u8]) -> Result<PapiEvent> {
    let file = papi::read(bytes).map_err(|e| refused(e.to_string()))?;
    let converted = file.to_tournament().map_err(|e| refused(e.to_string()))?;
    let t = &converted.tournament;
    let h = &t.header;
    let name = h.name.clone().unwrap_or_else(|| "Papi".into());
    let rounds = h.rounds.unwrap_or(0).max(t.recorded_rounds()).max(1);
    let mut s = EventSettings::new(label("the event's name", &name)?, rounds);
    s.place = label("the place", h.city.as_deref().unwrap_or(""))?;
    s.federation = "FRA".into();
    s.start_date = h
        .start_date
        .as_deref()
        .map(|d| d.replace('/', "-"))
        .unwrap_or_default();
    s.end_date = h
        .end_date
        .as_deref()
        .map(|d| d.replace('/', "-"))
        .unwrap_or_default();
    s.chief_arbiter = PersonName::parse(h.chief_arbiter.as_deref().unwrap_or(""))
        .map_err(|e| refused(format!("the arbiter: {e}")))?;
    s.time_control = label("the time control", h.time_control.as_deref().unwrap_or(""))?;
    if file.is_round_robin() {
        s.system = System::RoundRobin;
    }
    s.points_win = t.point_system.win;
    s.points_draw = t.point_system.draw;
    s.points_loss = t.point_system.loss;
    s.points_bye = t.point_system.pairing_bye;
    s.tiebreaks = h.tiebreaks.clone().unwrap_or_default();
    // Papi ranks and pairs by the FFE's rating of the event's rate (`ClassElo`), which the
    // store keeps as the national rating with its kind (F, N, E).
    s.pairing_rating = PairingRating::National;
    let column = file.setting("ClassElo").unwrap_or("Elo");

    let mut players = Vec::with_capacity(t.players.len());
    for (p, reference) in t.players.iter().zip(&converted.references) {
        let row = file
            .players
            .iter()
            .find(|r| r.reference == *reference)
            .expect("the tournament's players come from the file's rows");
        let rating = match column {
            "Rapide" => &row.rapid,
            "Blitz" => &row.blitz,
            _ => &row.standard,
        };
        players.push(new_player(p, row, rating)?);
    }
    Ok(FileEvent {
        settings: s,
        players,
        tournament: converted.tournament,
        round_starts: Vec::new(),
        warnings: converted.warnings,
        tiebreaks_left_out: Vec::new(),
    })
}

fn new_player(p: &tournament::Player, row: &PapiPlayer, rating: &PapiRating) -> Result<NewPlayer> {
    let at = |what: &str, e: String| {
        refused(format!(
            "player Ref {} ({}), {what}: {e}",
            row.reference, p.name
        ))
    };
    let rating_kind = match rating.kind.as_deref().unwrap_or("") {
        "" => None,
        k => RatingKind::parse(k).map_err(|e| at("Fide", e.found))?,
    };
    let national_rating = rating.value.filter(|&v| v > 0).map(|v| v as u16);
    Ok(NewPlayer {
        name: PersonName::parse(&p.name).map_err(|e| at("Nom", e.to_string()))?,
        title: p.title.map(|t| t.code().to_string()).unwrap_or_default(),
        rating: p.rating,
        national_rating: national_rating.or(p.national_rating),
        federation: p.federation.clone().unwrap_or_default(),
        fide_id: p.fide_id,
        birth_date: p.birth_date.clone().unwrap_or_default(),
        sex: match p.sex {
            Some(tournament::Sex::Male) => "m".into(),
            Some(tournament::Sex::Female) => "w".into(),
            None => String::new(),
        },
        club: label("club", row.club.as_deref().unwrap_or(""))?,
        national: NationalData {
            licence: match row.licence.as_deref() {
                None => Licence::default(),
                Some(l) => Licence::parse(l)
                    .ok_or_else(|| at("NrFFE", format!("{l:?} is not a licence number")))?,
            },
            licence_type: LicenceType::parse(
                row.licence_type
                    .as_deref()
                    .filter(|t| *t != "N")
                    .unwrap_or(""),
            )
            .map_err(|e| at("AffType", e.found))?,
            league: label("league", row.league.as_deref().unwrap_or(""))?,
            national_rating_kind: rating_kind.filter(|_| national_rating.is_some()),
        },
    })
}

impl Store {
    /// A new event from a Papi file ([`event_from_papi`]), all or nothing
    /// ([`Store::create_event_from_file`]).
    pub fn create_event_from_papi(&self, actor: &str, file: &PapiEvent) -> Result<EventId> {
        self.create_event_from_file(actor, FileSource::Papi, file)
    }

    /// The event as a Papi file for the FFE: its players with their FFE data and the rounds
    /// with results, `homologation` the number the FFE gave the event. Team events have no
    /// Papi file (see `crates/tournament/src/papi/README.md`).
    pub fn export_papi(&self, event: EventId, homologation: &str) -> Result<Vec<u8>> {
        self.with_conn(|c| {
            let e = load_event(c, event)?;
            let rounds = load_rounds(c, event)?;
            let complete = complete_rounds(&e.settings, &rounds);
            let mut t = build(c, event, complete, false)?;
            let rows = load_players(c, event)?;
            for (p, row) in t.players.iter_mut().zip(&rows) {
                p.rating = row.details.rating;
            }
            let ranked = ranked(c, event, Some(complete))?;
            for row in &ranked.standings().rows {
                if let Some(p) = t.players.iter_mut().find(|p| p.id.0 == row.player.number) {
                    p.rank = Some(row.rank);
                }
            }
            let tiebreaks: Vec<String> = ranked
                .tiebreak
                .tiebreaks
                .iter()
                .map(ToString::to_string)
                .collect();
            if !tiebreaks.is_empty() {
                t.header.tiebreaks = Some(tiebreaks.join(","));
            }
            let unsupported = |e: tournament::papi::PapiError| Error::Invalid {
                field: "papi_event".into(),
                expected: PAPI_EVENT_EXPECTED.into(),
                found: e.to_string(),
            };
            let mut made = PapiFile::from_tournament(&t).map_err(unsupported)?;
            made.file.set(
                "Homologation",
                Some(homologation.trim().to_string()).filter(|h| !h.is_empty()),
            );
            for (p, row) in made.file.players.iter_mut().skip(1).zip(&rows) {
                let d = &row.details;
                // The FFE's rating and its kind, when the event has them; FIDE's otherwise.
                if let (Some(n), Some(kind)) = (d.national_rating, d.national.national_rating_kind)
                {
                    p.standard.value = Some(n as i16);
                    p.standard.kind = Some(kind.as_str().to_string());
                }
                let text = |s: &str| Some(s.to_string()).filter(|s| !s.is_empty());
                p.licence = text(d.national.licence.as_str());
                p.licence_type = Some(
                    d.national
                        .licence_type
                        .map_or("N", |t| t.as_str())
                        .to_string(),
                );
                p.club = text(d.club.as_str());
                p.league = text(d.national.league.as_str());
            }
            papi::write(&made.file).map_err(unsupported)
        })
    }
}
