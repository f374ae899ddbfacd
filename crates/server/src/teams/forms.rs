//! What the team API's bodies say, read into the store's types: every text through its one
//! constructor, every choice named by its code.

use serde::Deserialize;
use serde_json::Value;
use store::teams::import::{rosters_from_csv, ImportError, ImportedTeam};
use store::teams::rules::RosterRules;
use store::teams::trf_import;
use store::teams::{
    MatchForfeit, MatchPoints, NewMember, NewTeam, Preferences, PrimaryScore, TeamEventSettings,
    TeamSystem,
};
use store::text::{Label, PersonName};

use crate::error::AppError;

fn label(field: &str, s: &str) -> Result<Label, AppError> {
    Label::parse(s).map_err(|e| e.invalid(field, Label::MAX).into())
}

fn person(field: &str, s: &str) -> Result<PersonName, AppError> {
    PersonName::parse(s).map_err(|e| e.invalid(field, PersonName::MAX).into())
}

/// A team event's settings (`POST /api/teams/events`).
#[derive(Debug, Deserialize)]
pub(crate) struct EventBody {
    name: String,
    rounds: Option<u32>,
    boards: u32,
    /// `swiss_team` (default), `round_robin`, `double_round_robin`.
    system: Option<String>,
    /// `win/draw/loss` or `win/draw/loss/forfeit`: `2/1/0` (default), `3/1/0`, the FFE's
    /// `3/2/1/0`.
    match_points: Option<String>,
    /// `a` (default), `b`, `none`.
    preferences: Option<String>,
    /// `mp` (default) or `gp`.
    primary: Option<String>,
    #[serde(default)]
    tiebreaks: String,
    #[serde(default)]
    place: String,
    #[serde(default)]
    federation: String,
    #[serde(default)]
    start_date: String,
    #[serde(default)]
    end_date: String,
    #[serde(default)]
    chief_arbiter: String,
    #[serde(default)]
    time_control: String,
    /// `w` (default) or `b`: the first team's colour on board 1 in round 1.
    initial_color: Option<String>,
    /// Whether the public pages show the event (default: yes).
    public: Option<bool>,
    /// A round robin's tolerance for a lineup's order by rating (the FFE's 100); none: the
    /// roster's order.
    board_order_gap: Option<u16>,
    /// The exemption from the federation rules of title norms (B.01 1.4.3a-c): `none`
    /// (default), `national_championship`, `national_team_championship`, `zonal`.
    norm_exemption: Option<String>,
    /// The roster rules (`max_foreign`, `min_women`, `player_cap`, `sum_cap`, `cap_rating`:
    /// `fide` or `national`, `one_team_per_round`); absent: every rule off.
    #[serde(default)]
    roster_rules: RosterRules,
    /// The version the settings page was built at (`POST …/settings`).
    pub(crate) version: Option<Value>,
}

impl EventBody {
    pub(crate) fn settings(&self) -> Result<TeamEventSettings, AppError> {
        let system = match self.system.as_deref() {
            None => TeamSystem::SwissTeam,
            Some(s) => TeamSystem::parse(s).ok_or_else(|| {
                AppError::invalid(
                    "system",
                    "swiss_team, round_robin or double_round_robin",
                    format!("{s:?}"),
                )
            })?,
        };
        let match_points = match self.match_points.as_deref() {
            None => MatchPoints::default(),
            Some(text) => text.parse::<MatchPoints>().map_err(|e| {
                AppError::invalid("match_points", e.to_string(), format!("{text:?}"))
            })?,
        };
        let preferences = match self.preferences.as_deref() {
            None => Preferences::A,
            Some(p) => Preferences::parse(p).ok_or_else(|| {
                AppError::invalid("preferences", "a, b or none", format!("{p:?}"))
            })?,
        };
        let primary = match self.primary.as_deref() {
            None => PrimaryScore::Mp,
            Some(p) => PrimaryScore::parse(p)
                .ok_or_else(|| AppError::invalid("primary", "mp or gp", format!("{p:?}")))?,
        };
        let initial_white = match self.initial_color.as_deref() {
            None | Some("w") => true,
            Some("b") => false,
            Some(other) => {
                return Err(AppError::invalid(
                    "initial_color",
                    "w or b",
                    format!("{other:?}"),
                ))
            }
        };
        // A round robin's table (a cup's bracket) decides its rounds; 1 stands in until round
        // 1 is paired.
        let decided = system.is_round_robin() || system == TeamSystem::Cup;
        let rounds = match (self.rounds, decided) {
            (Some(r), _) => r,
            (None, true) => 1,
            (None, false) => {
                return Err(AppError::invalid("rounds", "a number of rounds", "nothing"))
            }
        };
        Ok(TeamEventSettings {
            name: label("name", &self.name)?,
            place: label("place", &self.place)?,
            federation: self.federation.trim().to_ascii_uppercase(),
            start_date: self.start_date.trim().to_string(),
            end_date: self.end_date.trim().to_string(),
            chief_arbiter: person("chief_arbiter", &self.chief_arbiter)?,
            time_control: label("time_control", &self.time_control)?,
            rounds,
            system,
            boards: self.boards,
            match_points,
            preferences,
            primary,
            initial_white,
            tiebreaks: self.tiebreaks.trim().to_string(),
            public: self.public.unwrap_or(true),
            board_order_gap: self.board_order_gap,
            norm_exemption: match self.norm_exemption.as_deref().map(str::trim) {
                None | Some("") => store::NormExemption::None,
                Some(e) => store::NormExemption::parse(e).ok_or_else(|| {
                    AppError::invalid(
                        "norm_exemption",
                        store::NormExemption::EXPECTED,
                        format!("{e:?}"),
                    )
                })?,
            },
            roster_rules: self.roster_rules,
        })
    }
}

/// A team (`POST …/teams`).
#[derive(Debug, Deserialize)]
pub(crate) struct TeamBody {
    name: String,
    #[serde(default)]
    club: String,
    #[serde(default)]
    federation: String,
    #[serde(default)]
    captain: String,
    /// A cup's division, 1 the highest.
    #[serde(default)]
    division: Option<u8>,
    /// The cup round the team enters at, 1 (the default) to 10.
    #[serde(default)]
    entry_round: Option<u8>,
}

impl TeamBody {
    pub(crate) fn team(&self) -> Result<NewTeam, AppError> {
        Ok(NewTeam {
            name: label("name", &self.name)?,
            club: label("club", &self.club)?,
            federation: self.federation.trim().to_ascii_uppercase(),
            captain: person("captain", &self.captain)?,
            division: self.division,
            entry_round: self.entry_round,
        })
    }
}

/// A roster player (`POST …/teams/{team}/members`).
#[derive(Debug, Deserialize)]
pub(crate) struct MemberBody {
    name: String,
    #[serde(default)]
    title: String,
    rating: Option<u16>,
    #[serde(default)]
    federation: String,
    fide_id: Option<u64>,
    /// `m`, `w` or nothing.
    #[serde(default)]
    sex: String,
    #[serde(default)]
    licence: String,
    /// `A`, `B` or nothing.
    #[serde(default)]
    licence_type: String,
    national_rating: Option<u16>,
    /// `F`, `N`, `E` or nothing.
    #[serde(default)]
    national_rating_kind: String,
    #[serde(default)]
    club: String,
}

impl MemberBody {
    pub(crate) fn member(&self) -> Result<NewMember, AppError> {
        Ok(NewMember {
            name: person("name", &self.name)?,
            title: self.title.trim().to_ascii_uppercase(),
            rating: self.rating,
            federation: self.federation.trim().to_ascii_uppercase(),
            fide_id: self.fide_id,
            sex: self.sex.trim().to_ascii_lowercase(),
            national_rating: self.national_rating,
            club: label("club", &self.club)?,
            national: store::NationalData {
                licence: store::Licence::parse(&self.licence).ok_or_else(|| {
                    AppError::invalid(
                        "licence",
                        store::Licence::EXPECTED,
                        format!("{:?}", self.licence),
                    )
                })?,
                licence_type: store::LicenceType::parse(&self.licence_type)
                    .map_err(|e| AppError::invalid("licence_type", e.expected, e.found))?,
                league: Label::default(),
                national_rating_kind: store::RatingKind::parse(&self.national_rating_kind)
                    .map_err(|e| AppError::invalid("national_rating_kind", e.expected, e.found))?,
            },
        })
    }
}

/// Rosters as CSV or TRF-2026 text (`POST …/teams/import`), or a team file to create an event
/// from (`POST /api/teams/events/import`).
#[derive(Debug, Deserialize)]
pub(crate) struct ImportBody {
    pub(crate) data: String,
}

fn import_error(e: ImportError) -> AppError {
    crate::forms::file_error("data", e)
}

/// The teams and rosters of an import: a TRF-2026 team file when the text has players' `001`
/// lines, CSV otherwise.
pub(crate) fn rosters(data: &str) -> Result<Vec<ImportedTeam>, AppError> {
    if trf_import::looks_like_trf(data) {
        Ok(team_file(data)?.teams)
    } else {
        rosters_from_csv(data).map_err(import_error)
    }
}

/// A TRF-2026 team file's registration: the event's settings and its teams.
pub(crate) fn team_file(data: &str) -> Result<trf_import::TrfTeamFile, AppError> {
    trf_import::teams_from_trf(data).map_err(import_error)
}

/// A team's lineup for a match (`POST …/rounds/{r}/lineups`).
#[derive(Debug, Deserialize)]
pub(crate) struct LineupBody {
    #[serde(rename = "match")]
    pub(crate) match_number: u32,
    pub(crate) team: i64,
    pub(crate) members: Vec<i64>,
    pub(crate) version: Option<Value>,
}

/// Board results (`POST …/rounds/{r}/results`): `result` is a code as the grid reads it
/// (`1-0`, `½`, `+-`, …) or empty to clear.
#[derive(Debug, Deserialize)]
pub(crate) struct ResultsBody {
    pub(crate) results: Vec<ResultItem>,
    pub(crate) version: Option<Value>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct ResultItem {
    #[serde(rename = "match")]
    pub(crate) match_number: u32,
    pub(crate) board: u32,
    #[serde(default)]
    pub(crate) result: String,
}

/// A match forfeited as a whole, or taken back (`POST …/rounds/{r}/matches/{m}/forfeit`):
/// `forfeit` is `+-` (the team with White on board 1 wins), `-+`, `--` or null.
#[derive(Debug, Deserialize)]
pub(crate) struct ForfeitBody {
    pub(crate) forfeit: Option<String>,
    pub(crate) version: Option<Value>,
}

/// The forfeit code of a form or a body: empty or absent takes the forfeit back.
pub(crate) fn match_forfeit(
    field: &str,
    code: Option<&str>,
) -> Result<Option<MatchForfeit>, AppError> {
    match code.map(str::trim) {
        None | Some("") => Ok(None),
        Some(c) => MatchForfeit::parse(c)
            .map(Some)
            .ok_or_else(|| AppError::invalid(field, "+-, -+, -- or nothing", format!("{c:?}"))),
    }
}

/// A write that only carries the version its page was built at.
#[derive(Debug, Deserialize)]
pub(crate) struct VersionBody {
    pub(crate) version: Option<Value>,
}
