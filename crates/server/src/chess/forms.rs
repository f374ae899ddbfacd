//! The chess forms (event settings, a player) and the grid's result codes, read from a form or
//! a JSON body (same field names) into the store's types.

use serde::Deserialize;
use serde_json::Value;
use store::{EventSettings, NewPlayer, PlayerKey, System};
use tournament::Points;

use crate::error::AppError;
use crate::forms::{date, flag, free_text, number, points, text};

/// A field holding one of a setting's codes (`parse` reads them); `default` when it is left
/// out or blank.
fn choice<T>(
    field: &str,
    value: &Option<String>,
    default: T,
    parse: impl Fn(&str) -> Option<T>,
    expected: &str,
) -> Result<T, AppError> {
    match value.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(default),
        Some(s) => parse(s).ok_or_else(|| AppError::invalid(field, expected, format!("{s:?}"))),
    }
}

/// The event's set-up form.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct EventForm {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub place: String,
    #[serde(default)]
    pub federation: String,
    #[serde(default)]
    pub start_date: String,
    #[serde(default)]
    pub end_date: String,
    #[serde(default)]
    pub chief_arbiter: String,
    #[serde(default)]
    pub deputy_arbiters: String,
    #[serde(default)]
    pub time_control: String,
    pub rounds: Option<Value>,
    pub system: Option<String>,
    /// The Swiss system's rules: `dutch` (default), `burstein`, `dubov`, `lim`.
    pub swiss_system: Option<String>,
    /// The rating the players are numbered and paired by: `fide` (default), `national`,
    /// `higher`, `fide_else_national`.
    pub pairing_rating: Option<String>,
    pub baku: Option<Value>,
    /// `w` (default) or `b`: the colour of the top player in round 1.
    pub initial_colour: Option<String>,
    pub points_win: Option<Value>,
    pub points_draw: Option<Value>,
    pub points_loss: Option<Value>,
    pub points_bye: Option<Value>,
    pub tiebreaks: Option<String>,
    /// The tie-breaks chosen from the form's lists, in order (`tb1` first); the typed list
    /// `tiebreaks` wins when it is not empty.
    pub tb1: Option<String>,
    pub tb2: Option<String>,
    pub tb3: Option<String>,
    pub tb4: Option<String>,
    pub tb5: Option<String>,
    pub rules: Option<String>,
    pub bye_limit: Option<Value>,
    pub public: Option<Value>,
    /// The standings' performance column ("Perf."), shown unless unticked (or `false`).
    pub performance_column: Option<Value>,
    /// The standings' FIDE rating change column ("ΔElo"), hidden unless ticked (or `true`).
    pub rating_change_column: Option<Value>,
    /// The exemption from the federation rules of title norms (B.01 1.4.3a-c): `none`
    /// (default), `national_championship`, `national_team_championship`, `zonal`.
    pub norm_exemption: Option<String>,
    /// Sent by the HTML form: an unticked checkbox means "no" (JSON leaves a field out for the default).
    pub form: Option<String>,
    /// The version the page (or the API client) read the event at.
    pub version: Option<Value>,
}

impl EventForm {
    /// The settings the form describes.
    pub fn settings(&self) -> Result<EventSettings, AppError> {
        let name = self.name.trim();
        if name.is_empty() {
            return Err(AppError::invalid("name", "the event's name", "nothing"));
        }
        let rounds: u32 =
            number("rounds", &self.rounds, "a number of rounds from 1 to 99")?.unwrap_or(5);
        if !(1..=99).contains(&rounds) {
            return Err(AppError::invalid(
                "rounds",
                "a number of rounds from 1 to 99",
                rounds.to_string(),
            ));
        }
        let system = choice(
            "system",
            &self.system,
            System::Swiss,
            System::parse,
            "swiss, round_robin or double_round_robin",
        )?;
        let swiss_system = choice(
            "swiss_system",
            &self.swiss_system,
            store::SwissSystem::Dutch,
            store::SwissSystem::parse,
            "dutch, burstein, dubov or lim",
        )?;
        let pairing_rating = choice(
            "pairing_rating",
            &self.pairing_rating,
            store::PairingRating::Fide,
            store::PairingRating::parse,
            store::PairingRating::EXPECTED,
        )?;
        let norm_exemption = choice(
            "norm_exemption",
            &self.norm_exemption,
            store::NormExemption::None,
            store::NormExemption::parse,
            store::NormExemption::EXPECTED,
        )?;
        let unticked = if self.form.is_some() {
            Some(false)
        } else {
            None
        };
        let mut s = EventSettings::new(free_text("name", name)?, rounds);
        s.place = free_text("place", &self.place)?;
        s.federation = self.federation.trim().to_uppercase();
        s.start_date = date("start_date", &self.start_date)?;
        s.end_date = date("end_date", &self.end_date)?;
        s.chief_arbiter = free_text("chief_arbiter", &self.chief_arbiter)?;
        s.deputy_arbiters =
            store::PersonNames::parse(&self.deputy_arbiters).map_err(|(line, e)| {
                AppError::invalid(
                    "deputy_arbiters",
                    format!(
                        "one name a line: {}",
                        store::text::expected(store::PersonName::MAX)
                    ),
                    format!("line {line}: {e}"),
                )
            })?;
        s.time_control = free_text("time_control", &self.time_control)?;
        s.system = system;
        s.swiss_system = swiss_system;
        s.pairing_rating = pairing_rating;
        s.norm_exemption = norm_exemption;
        s.baku = flag(&self.baku).or(unticked).unwrap_or(false);
        s.initial_white = match self.initial_colour.as_deref().map(str::trim) {
            None | Some("") | Some("w") | Some("white") => true,
            Some("b") | Some("black") => false,
            Some(other) => {
                return Err(AppError::invalid(
                    "initial_colour",
                    "w or b",
                    format!("{other:?}"),
                ))
            }
        };
        s.points_win = points("points_win", &self.points_win, s.points_win)?;
        s.points_draw = points("points_draw", &self.points_draw, s.points_draw)?;
        s.points_loss = points("points_loss", &self.points_loss, s.points_loss)?;
        s.points_bye = points("points_bye", &self.points_bye, s.points_bye)?;
        if let Some(list) = tiebreaks_from_form(self.tiebreaks.as_deref(), &self.chosen()) {
            s.tiebreaks = list;
        }
        let rules = self.rules.as_deref().map(str::trim).unwrap_or("");
        if !matches!(rules, "" | "2026" | "2024" | "2012" | "pre2012") {
            return Err(AppError::invalid(
                "rules",
                "2026, 2024, 2012, pre2012 or nothing",
                format!("{rules:?}"),
            ));
        }
        s.rules = rules.to_string();
        s.bye_limit =
            number("bye_limit", &self.bye_limit, "a number of byes")?.unwrap_or(s.bye_limit);
        s.public = flag(&self.public).or(unticked).unwrap_or(true);
        s.performance_column = flag(&self.performance_column).or(unticked).unwrap_or(true);
        s.rating_change_column = flag(&self.rating_change_column)
            .or(unticked)
            .unwrap_or(false);
        Ok(s)
    }

    fn chosen(&self) -> Vec<&str> {
        [&self.tb1, &self.tb2, &self.tb3, &self.tb4, &self.tb5]
            .into_iter()
            .filter_map(|t| t.as_deref())
            .collect()
    }

    /// The code chosen in list `n` (1 to 5), or empty.
    pub fn chosen_at(&self, n: usize) -> String {
        chosen_at(&self.chosen(), n)
    }

    /// The form filled with an event's settings.
    pub fn from_settings(s: &EventSettings) -> EventForm {
        let (typed, [tb1, tb2, tb3, tb4, tb5]) = tiebreaks_to_form(&s.tiebreaks, &TIEBREAK_CHOICES);
        let p = |p: Points| {
            Some(Value::String(
                p.to_string().trim_end_matches(".0").to_string(),
            ))
        };
        EventForm {
            name: s.name.to_string(),
            place: s.place.to_string(),
            federation: s.federation.clone(),
            start_date: s.start_date.clone(),
            end_date: s.end_date.clone(),
            chief_arbiter: s.chief_arbiter.to_string(),
            deputy_arbiters: s.deputy_arbiters.joined(),
            time_control: s.time_control.to_string(),
            rounds: Some(Value::from(s.rounds)),
            system: Some(s.system.as_str().to_string()),
            swiss_system: Some(s.swiss_system.as_str().to_string()),
            pairing_rating: Some(s.pairing_rating.as_str().to_string()),
            baku: Some(Value::Bool(s.baku)),
            initial_colour: Some(if s.initial_white { "w" } else { "b" }.to_string()),
            points_win: p(s.points_win),
            points_draw: p(s.points_draw),
            points_loss: p(s.points_loss),
            points_bye: p(s.points_bye),
            tiebreaks: Some(typed),
            tb1,
            tb2,
            tb3,
            tb4,
            tb5,
            rules: Some(s.rules.clone()),
            bye_limit: Some(Value::from(s.bye_limit)),
            public: Some(Value::Bool(s.public)),
            performance_column: Some(Value::Bool(s.performance_column)),
            rating_change_column: Some(Value::Bool(s.rating_change_column)),
            norm_exemption: Some(s.norm_exemption.as_str().to_string()),
            form: None,
            version: None,
        }
    }

    /// A field's value as the form's input shows it.
    pub fn value(&self, field: &str) -> String {
        let v = |o: &Option<Value>| o.as_ref().map(text).unwrap_or_default();
        match field {
            "rounds" => v(&self.rounds),
            "points_win" => v(&self.points_win),
            "points_draw" => v(&self.points_draw),
            "points_loss" => v(&self.points_loss),
            "points_bye" => v(&self.points_bye),
            "bye_limit" => v(&self.bye_limit),
            "tiebreaks" => self.tiebreaks.clone().unwrap_or_default(),
            "rules" => self.rules.clone().unwrap_or_default(),
            "system" => self.system.clone().unwrap_or_default(),
            "swiss_system" => self.swiss_system.clone().unwrap_or_default(),
            "pairing_rating" => self.pairing_rating.clone().unwrap_or_default(),
            "norm_exemption" => self.norm_exemption.clone().unwrap_or_default(),
            "initial_colour" => self.initial_colour.clone().unwrap_or_default(),
            _ => String::new(),
        }
    }

    pub fn ticked(&self, field: &str) -> bool {
        match field {
            "baku" => flag(&self.baku).unwrap_or(false),
            "public" => flag(&self.public).unwrap_or(true),
            // A posted form shown again (a refused value) leaves an unticked box unticked.
            "performance_column" => flag(&self.performance_column).unwrap_or(self.form.is_none()),
            "rating_change_column" => flag(&self.rating_change_column).unwrap_or(false),
            _ => false,
        }
    }
}

/// The tie-breaks the event form's lists offer, each named as every page names it
/// ([`report::views::tiebreak_name`]; any other FIDE code can still be typed).
pub const TIEBREAK_CHOICES: [&str; 17] = [
    "BH/C1", "BH/C2", "BH/M1", "BH", "SB", "SB/C1", "DE", "WIN", "WON", "BPG", "BWG", "PS", "ARO",
    "ARO/C1", "TPR", "KS", "LOT",
];

/// The tie-breaks a team event's lists offer (C.07 11–13 and BH, SB, WIN on the primary score),
/// named as the individual event's are; any other code `tiebreak` computes for teams can still
/// be typed.
pub const TEAM_TIEBREAK_CHOICES: [&str; 20] = [
    "MPvGP", "EDE", "SB", "BH", "BC", "TBR", "BBE", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "BERLIN",
    "SSSC", "EDEBT", "EDEBB", "EDET", "EDEB", "WIN", "MP", "GP",
];

/// A pick list's choices: each code with its name as every page names it.
pub fn tiebreak_choices(tr: &report::i18n::Tr, codes: &[&str]) -> Vec<(String, String)> {
    codes
        .iter()
        .map(|code| (code.to_string(), report::views::tiebreak_name(tr, code)))
        .collect()
}

/// The tie-break list a form sends: the typed list when it is not empty, else the codes chosen
/// in the lists in order; `None` when the form has no typed field (an API body that leaves the
/// list as it was).
pub fn tiebreaks_from_form(typed: Option<&str>, chosen: &[&str]) -> Option<String> {
    let chosen: Vec<&str> = chosen
        .iter()
        .map(|c| c.trim())
        .filter(|c| !c.is_empty())
        .collect();
    match typed.map(str::trim) {
        Some(t) if !t.is_empty() => Some(t.to_string()),
        _ if !chosen.is_empty() => Some(chosen.join(",")),
        Some(_) => Some(String::new()),
        None => None,
    }
}

/// The code chosen in list `n` (1 to 5) among what the form sent, or empty.
pub fn chosen_at(chosen: &[&str], n: usize) -> String {
    chosen
        .iter()
        .map(|c| c.trim())
        .filter(|c| !c.is_empty())
        .nth(n - 1)
        .unwrap_or_default()
        .to_string()
}

/// A stored list as the form shows it: in the five lists when they can show it (at most five
/// codes, each among `choices`), the typed field empty; else typed, the lists empty.
pub fn tiebreaks_to_form(list: &str, choices: &[&str]) -> (String, [Option<String>; 5]) {
    let codes: Vec<&str> = list
        .split(',')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    let in_lists =
        !codes.is_empty() && codes.len() <= 5 && codes.iter().all(|c| choices.contains(c));
    if !in_lists {
        return (list.to_string(), Default::default());
    }
    (
        String::new(),
        std::array::from_fn(|n| codes.get(n).map(|c| c.to_string())),
    )
}

/// A text field the API may send as `null` (what it answers for an empty code).
fn text_or_null<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(Option::<String>::deserialize(d)?.unwrap_or_default())
}

/// A player's form (add, edit) and the API's player object.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct PlayerForm {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub title: String,
    pub rating: Option<Value>,
    pub national_rating: Option<Value>,
    #[serde(default)]
    pub federation: String,
    pub fide_id: Option<Value>,
    #[serde(default)]
    pub birth_date: String,
    #[serde(default)]
    pub sex: String,
    #[serde(default)]
    pub club: String,
    #[serde(default, deserialize_with = "text_or_null")]
    pub licence: String,
    #[serde(default, deserialize_with = "text_or_null")]
    pub licence_type: String,
    #[serde(default, deserialize_with = "text_or_null")]
    pub league: String,
    #[serde(default, deserialize_with = "text_or_null")]
    pub national_rating_kind: String,
    /// The version the page (or the API client) read the event at.
    pub version: Option<Value>,
}

impl PlayerForm {
    pub fn player(&self) -> Result<NewPlayer, AppError> {
        let name = self.name.trim();
        if name.is_empty() {
            return Err(AppError::invalid("name", "the player's name", "nothing"));
        }
        let rating: Option<u16> = number("rating", &self.rating, "a rating from 0 to 3999")?;
        if rating.is_some_and(|r| r > 3999) {
            return Err(AppError::invalid(
                "rating",
                "a rating from 0 to 3999",
                format!("{rating:?}"),
            ));
        }
        let national_rating: Option<u16> = number(
            "national_rating",
            &self.national_rating,
            "a rating from 0 to 3999",
        )?;
        if national_rating.is_some_and(|r| r > 3999) {
            return Err(AppError::invalid(
                "national_rating",
                "a rating from 0 to 3999",
                format!("{national_rating:?}"),
            ));
        }
        let sex = self.sex.trim().to_ascii_lowercase();
        let sex = match sex.as_str() {
            "" => "",
            "m" => "m",
            "w" | "f" => "w",
            other => {
                return Err(AppError::invalid(
                    "sex",
                    "m, w or nothing",
                    format!("{other:?}"),
                ))
            }
        };
        Ok(NewPlayer {
            name: free_text("name", name)?,
            title: self.title.trim().to_string(),
            rating,
            national_rating,
            federation: self.federation.trim().to_uppercase(),
            fide_id: number("fide_id", &self.fide_id, "a FIDE id (digits)")?,
            birth_date: self.birth_date.trim().to_string(),
            sex: sex.to_string(),
            club: free_text("club", &self.club)?,
            national: self.national()?,
        })
    }

    fn national(&self) -> Result<store::NationalData, AppError> {
        let bad = |field: &str, expected: &str, found: &str| {
            AppError::invalid(field, expected, format!("{:?}", found.trim()))
        };
        Ok(store::NationalData {
            licence: crate::forms::licence("licence", &self.licence)?,
            licence_type: store::LicenceType::parse(&self.licence_type).map_err(|_| {
                bad(
                    "licence_type",
                    store::LicenceType::EXPECTED,
                    &self.licence_type,
                )
            })?,
            league: free_text("league", &self.league)?,
            national_rating_kind: store::RatingKind::parse(&self.national_rating_kind).map_err(
                |_| {
                    bad(
                        "national_rating_kind",
                        store::RatingKind::EXPECTED,
                        &self.national_rating_kind,
                    )
                },
            )?,
        })
    }

    pub fn from_player(p: &NewPlayer) -> PlayerForm {
        PlayerForm {
            name: p.name.to_string(),
            title: p.title.clone(),
            rating: p.rating.map(Value::from),
            national_rating: p.national_rating.map(Value::from),
            federation: p.federation.clone(),
            fide_id: p.fide_id.map(Value::from),
            birth_date: p.birth_date.clone(),
            sex: p.sex.clone(),
            club: p.club.to_string(),
            licence: p.national.licence.to_string(),
            licence_type: p
                .national
                .licence_type
                .map_or("", store::LicenceType::as_str)
                .to_string(),
            league: p.national.league.to_string(),
            national_rating_kind: p
                .national
                .national_rating_kind
                .map_or("", store::RatingKind::as_str)
                .to_string(),
            version: None,
        }
    }

    pub fn value(&self, field: &str) -> String {
        let v = |o: &Option<Value>| o.as_ref().map(text).unwrap_or_default();
        match field {
            "rating" => v(&self.rating),
            "national_rating" => v(&self.national_rating),
            "fide_id" => v(&self.fide_id),
            _ => String::new(),
        }
    }
}

/// The documented result codes, as the grid's errors list them (see [`store::ResultCode::parse`]).
pub const RESULT_CODES: &str =
    "1-0 (or 1), 0-1 (or 0), 1/2 (or ½, =), +- (or +: White wins by forfeit), -+ (Black wins by forfeit), -- (double forfeit), ½-0 (or 1/2-0, =-0: a game played, ½ for White, 0 for Black), 0-½ (or 0-1/2, 0-=), 0-0 (a game played, lost by both)";

/// Why a typed result is not one: what the arbiter is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BadResult {
    /// `-` alone: White's forfeit (`-+`), or a double forfeit (`--`)?
    Dash,
    /// A letter (`x`, `d`, …): no result code is one.
    Letter,
    /// Anything else.
    Unknown,
}

impl BadResult {
    pub fn of(typed: &str) -> BadResult {
        let t = typed.trim();
        if t == "-" {
            BadResult::Dash
        } else if t.chars().any(char::is_alphabetic) {
            BadResult::Letter
        } else {
            BadResult::Unknown
        }
    }

    /// The catalogue message for a grid's cell (board and what was typed as arguments).
    pub fn message_key(self) -> &'static str {
        match self {
            BadResult::Dash => "grid-bad-dash",
            BadResult::Letter => "grid-bad-letter",
            BadResult::Unknown => "grid-bad",
        }
    }

    fn expected(self) -> String {
        match self {
            BadResult::Dash => format!(
                "-+ (Black wins by forfeit) or -- (double forfeit): - alone is ambiguous; the codes are {RESULT_CODES}"
            ),
            BadResult::Letter => format!("a result code, not a letter: {RESULT_CODES}"),
            BadResult::Unknown => RESULT_CODES.to_string(),
        }
    }
}

/// A board's result as typed in the grid (the codes of [`RESULT_CODES`]): `None` for an
/// empty input.
pub fn result(field: &str, typed: &str) -> Result<Option<store::ResultCode>, AppError> {
    let t = typed.trim();
    if t.is_empty() {
        return Ok(None);
    }
    store::ResultCode::parse(t)
        .map(Some)
        .ok_or_else(|| AppError::invalid(field, BadResult::of(t).expected(), format!("{t:?}")))
}

/// A bye kind from a form (`half`, `full`, `zero`; empty or `none` removes the bye).
pub fn bye_kind(typed: Option<&str>) -> Result<Option<store::ByeKind>, AppError> {
    match typed.map(str::trim) {
        None | Some("") | Some("none") => Ok(None),
        Some(s) => store::ByeKind::parse(s)
            .map(Some)
            .ok_or_else(|| AppError::invalid("kind", "half, full, zero or none", format!("{s:?}"))),
    }
}

#[derive(Debug, Deserialize)]
pub(crate) struct PairForm {
    a: Option<serde_json::Value>,
    b: Option<serde_json::Value>,
    /// The version the page was built from.
    pub(crate) version: Option<String>,
}

impl PairForm {
    pub(crate) fn keys(&self) -> Result<(PlayerKey, PlayerKey), AppError> {
        Ok((
            crate::forms::required_number("a", &self.a, "a player")?,
            crate::forms::required_number("b", &self.b, "a player")?,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn event_form_defaults_and_errors() {
        let f = EventForm {
            name: "Open".into(),
            ..EventForm::default()
        };
        let s = f.settings().unwrap();
        assert_eq!(s.rounds, 5);
        assert!(s.public);
        assert_eq!(s.tiebreaks, "", "empty: the system's usual list");
        let bad = EventForm {
            name: "Open".into(),
            points_draw: Some(Value::String("a half".into())),
            ..EventForm::default()
        };
        assert!(
            matches!(bad.settings(), Err(AppError::Invalid { field, .. }) if field == "points_draw")
        );
        let comma = EventForm {
            name: "Open".into(),
            points_win: Some(Value::String("3".into())),
            points_draw: Some(Value::String("1,5".into())),
            ..EventForm::default()
        };
        assert_eq!(
            comma.settings().unwrap().points_draw,
            Points::from_tenths(15)
        );
    }

    #[test]
    fn grid_results() {
        assert_eq!(result("r1", " = ").unwrap(), Some(store::ResultCode::Draw));
        assert_eq!(result("r1", "").unwrap(), None);
        assert!(
            matches!(result("r3", "2-0"), Err(AppError::Invalid { field, .. }) if field == "r3")
        );
        // `-` alone and letters are refused, each saying why.
        for (typed, why) in [("-", "ambiguous"), ("x", "letter"), ("d", "letter")] {
            match result("r2", typed) {
                Err(AppError::Invalid { expected, .. }) => assert!(expected.contains(why)),
                other => panic!("{typed}: {other:?}"),
            }
        }
        assert_eq!(
            result("r1", "+-").unwrap(),
            Some(store::ResultCode::WhiteForfeitWin)
        );
        assert_eq!(
            result("r1", "--").unwrap(),
            Some(store::ResultCode::DoubleForfeit)
        );
    }
}
