//! The rows of the event database as the rest of the program sees them.

use serde::{Deserialize, Serialize};
use tournament::{GameResult, Points};

use crate::text::{Label, PersonName, PersonNames};

/// Points as their decimal text (`"2.5"`) in snapshots and the JSON API: exact, and what a
/// person reads.
pub mod points_text {
    use serde::{Deserialize, Deserializer, Serializer};
    use tournament::Points;

    pub fn serialize<S: Serializer>(p: &Points, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(p)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Points, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Row ids.
pub type EventId = i64;
pub type PlayerKey = i64;

/// How the event is paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum System {
    /// FIDE Dutch system (C.04.3).
    #[default]
    Swiss,
    /// Berger tables, one cycle.
    RoundRobin,
    /// Berger tables, two cycles (colours reversed in the second).
    DoubleRoundRobin,
}

/// Which FIDE Swiss system pairs a Swiss event; a round robin ignores it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum SwissSystem {
    /// C.04.3
    #[default]
    Dutch,
    /// C.04.4.1
    Dubov,
    /// C.04.4.3
    Lim,
    /// C.04.4.2
    Burstein,
    #[serde(rename = "double-swiss")]
    /// C.04.5: each match of two games takes two rounds of the event (game 1, then game 2
    /// with colours reversed), as the TRF export writes it.
    DoubleSwiss,
}

impl SwissSystem {
    pub const ALL: [SwissSystem; 5] = [
        SwissSystem::Dutch,
        SwissSystem::Burstein,
        SwissSystem::Dubov,
        SwissSystem::Lim,
        SwissSystem::DoubleSwiss,
    ];

    /// The engine that pairs it.
    pub const fn engine(self) -> pairing::system::System {
        match self {
            SwissSystem::Dutch => pairing::system::System::Dutch,
            SwissSystem::Dubov => pairing::system::System::Dubov,
            SwissSystem::Lim => pairing::system::System::Lim,
            SwissSystem::Burstein => pairing::system::System::Burstein,
            SwissSystem::DoubleSwiss => pairing::system::System::DoubleSwiss,
        }
    }

    /// The rounds of the event that one pairing makes: two for a Double-Swiss match.
    pub const fn rounds_per_pairing(self) -> u32 {
        match self {
            SwissSystem::DoubleSwiss => 2,
            _ => 1,
        }
    }

    /// The engine's name (`dutch`, `dubov`, …), as the database and forms hold it.
    pub const fn as_str(self) -> &'static str {
        self.engine().name()
    }

    pub fn parse(s: &str) -> Option<SwissSystem> {
        SwissSystem::ALL.into_iter().find(|x| x.as_str() == s)
    }
}

impl System {
    pub const fn as_str(self) -> &'static str {
        match self {
            System::Swiss => "swiss",
            System::RoundRobin => "round_robin",
            System::DoubleRoundRobin => "double_round_robin",
        }
    }

    pub fn parse(s: &str) -> Option<System> {
        match s {
            "swiss" => Some(System::Swiss),
            "round_robin" => Some(System::RoundRobin),
            "double_round_robin" => Some(System::DoubleRoundRobin),
            _ => None,
        }
    }

    pub const fn is_round_robin(self) -> bool {
        !matches!(self, System::Swiss)
    }
}

/// Everything the arbiter sets up for an event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventSettings {
    pub name: Label,
    pub place: Label,
    /// Three-letter federation of the event (`FRA`).
    pub federation: String,
    /// `YYYY-MM-DD` or empty.
    pub start_date: String,
    pub end_date: String,
    pub chief_arbiter: PersonName,
    /// One name a line (in JSON too).
    pub deputy_arbiters: PersonNames,
    pub time_control: Label,
    /// Rounds of a Swiss; for a round robin, set from the number of players when round 1 is paired.
    pub rounds: u32,
    pub system: System,
    /// The Swiss system's rules (Dutch unless chosen).
    #[serde(default)]
    pub swiss_system: SwissSystem,
    /// Baku acceleration (C.04.7).
    pub baku: bool,
    /// White for the top player in round 1 (`true`), or Black.
    pub initial_white: bool,
    #[serde(with = "points_text")]
    pub points_win: Points,
    #[serde(with = "points_text")]
    pub points_draw: Points,
    #[serde(with = "points_text")]
    pub points_loss: Points,
    /// Points of the pairing-allocated bye.
    #[serde(with = "points_text")]
    pub points_bye: Points,
    /// Tie-break list as `arbiter standings --tiebreaks` reads it (`BH/C1,BH,SB`); empty for the
    /// system's usual one.
    pub tiebreaks: String,
    /// Edition of the rules for unplayed games (`2026`, `2024`, `2012`, `pre2012`); empty for the
    /// one in force at the start date.
    pub rules: String,
    /// Requested half-point byes allowed per player.
    pub bye_limit: u32,
    /// Whether the public pages show this event.
    pub public: bool,
    /// Whether the standings show each player's performance rating (TPR) beside the
    /// tie-breaks: a column for reading only, which ranks nobody.
    #[serde(default = "shown")]
    pub performance_column: bool,
    /// The rating the players are ordered and paired by (FIDE's unless chosen).
    #[serde(default)]
    pub pairing_rating: PairingRating,
    /// Whether the standings show each player's FIDE rating change over the event (B.02,
    /// "ΔElo"): a column for reading only, which ranks nobody.
    #[serde(default)]
    pub rating_change_column: bool,
    /// The exemption from the federation rules of title norms the event holds (B.01 1.4.3a-c).
    #[serde(default)]
    pub norm_exemption: NormExemption,
}

/// The default of a column shown unless the arbiter hides it.
fn shown() -> bool {
    true
}

impl EventSettings {
    /// A Swiss paired by the Double-Swiss system: round `2k − 1` and `2k` are the two games of
    /// match `k`.
    pub fn is_double_swiss(&self) -> bool {
        self.system == System::Swiss && self.swiss_system == SwissSystem::DoubleSwiss
    }

    /// A Swiss with FIDE's defaults.
    ///
    /// ```
    /// let s = store::EventSettings::new("Club open".parse().unwrap(), 5);
    /// assert_eq!(s.name, "Club open");
    /// ```
    pub fn new(name: Label, rounds: u32) -> EventSettings {
        EventSettings {
            name,
            place: Label::default(),
            federation: String::new(),
            start_date: String::new(),
            end_date: String::new(),
            chief_arbiter: PersonName::default(),
            deputy_arbiters: PersonNames::default(),
            time_control: Label::default(),
            rounds,
            system: System::Swiss,
            swiss_system: SwissSystem::Dutch,
            baku: false,
            initial_white: true,
            points_win: Points::ONE,
            points_draw: Points::HALF,
            points_loss: Points::ZERO,
            points_bye: Points::ONE,
            // Empty: the system's usual list (see `tiebreaks_or_default`).
            tiebreaks: String::new(),
            rules: String::new(),
            bye_limit: 2,
            public: true,
            performance_column: true,
            pairing_rating: PairingRating::Fide,
            rating_change_column: false,
            norm_exemption: NormExemption::None,
        }
    }
}

impl EventSettings {
    /// The tie-breaks to use: the event's list, or when it is empty the usual one for its
    /// system (Buchholz for a Swiss; direct encounter, Sonneborn-Berger and wins for a round
    /// robin, where everyone's Buchholz is about the same).
    pub fn tiebreaks_or_default(&self) -> &str {
        match (self.tiebreaks.trim().is_empty(), self.system) {
            (false, _) => &self.tiebreaks,
            (true, System::Swiss) => "BH/C1,BH,SB",
            (true, _) => "DE,SB,WIN",
        }
    }
}

/// An event as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub id: EventId,
    pub settings: EventSettings,
    pub created_at: String,
    /// Rounds paired so far.
    pub paired_rounds: u32,
}

/// A player as typed or imported, before the store gives them a pairing number.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct NewPlayer {
    /// `Surname, First name` as FIDE writes it, or as typed.
    pub name: PersonName,
    /// `GM`, `IM`, `WGM`, … or empty.
    pub title: String,
    pub rating: Option<u16>,
    pub national_rating: Option<u16>,
    pub federation: String,
    pub fide_id: Option<u64>,
    /// `YYYY/MM/DD`, `YYYY` or empty.
    pub birth_date: String,
    /// `m`, `w` or empty.
    pub sex: String,
    pub club: Label,
    /// What the national federation records beside FIDE's data.
    #[serde(flatten)]
    pub national: NationalData,
}

/// What a national federation records of a player beside FIDE's data (issue 23 §2), as the
/// French federation (FFE) writes it: a licence number such as `K59857`, a licence type (A,
/// competition; B, leisure, rapid and blitz), the player's league (ligue), and the kind of
/// the national rating (`F` a FIDE rating, `N` a national one, `E` an estimate).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct NationalData {
    #[serde(default)]
    pub licence: Licence,
    #[serde(default, with = "code_or_empty")]
    pub licence_type: Option<LicenceType>,
    #[serde(default)]
    pub league: Label,
    #[serde(default, with = "code_or_empty")]
    pub national_rating_kind: Option<RatingKind>,
}

/// A code that may be missing, as `""` rather than `null` (what a form sends back), and read
/// from either.
mod code_or_empty {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<T: Serialize, S: Serializer>(v: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(v) => v.serialize(s),
            None => s.serialize_str(""),
        }
    }

    pub fn deserialize<'de, T, D>(d: D) -> Result<Option<T>, D::Error>
    where
        T: Deserialize<'de>,
        D: Deserializer<'de>,
    {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Either<T> {
            Code(T),
            Empty(Option<String>),
        }
        match Either::<T>::deserialize(d)? {
            Either::Code(v) => Ok(Some(v)),
            Either::Empty(None) => Ok(None),
            Either::Empty(Some(s)) if s.is_empty() => Ok(None),
            Either::Empty(Some(s)) => Err(serde::de::Error::custom(format!(
                "expected a code or nothing, found {s:?}"
            ))),
        }
    }
}

/// A federation's licence number: letters and digits only, up to 16 (the FFE's are a
/// letter and five digits), kept in upper case; empty for none.
///
/// ```
/// use store::Licence;
/// assert_eq!(Licence::parse(" k59857 ").unwrap().as_str(), "K59857");
/// assert!(Licence::parse("K 59857").is_none());
/// assert!(Licence::parse("").unwrap().is_empty());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(try_from = "String", into = "String")]
pub struct Licence(String);

impl Licence {
    pub const MAX: usize = 16;
    /// What a licence field takes, for the errors that name it.
    pub const EXPECTED: &'static str = "a licence number (letters and digits, up to 16) or nothing";

    pub fn parse(s: &str) -> Option<Licence> {
        let t = s.trim();
        (t.len() <= Licence::MAX && t.chars().all(|c| c.is_ascii_alphanumeric()))
            .then(|| Licence(t.to_ascii_uppercase()))
    }

    /// A value the database holds (written through [`Licence::parse`]).
    pub fn from_stored(s: &str) -> Licence {
        Licence::parse(s).unwrap_or_default()
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl TryFrom<String> for Licence {
    type Error = String;
    fn try_from(s: String) -> Result<Licence, String> {
        Licence::parse(&s).ok_or_else(|| format!("expected {}, found {s:?}", Licence::EXPECTED))
    }
}

impl From<Licence> for String {
    fn from(l: Licence) -> String {
        l.0
    }
}

impl std::fmt::Display for Licence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A code that is not one of its field's (the field's `EXPECTED` says which are).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected {expected}, found {found:?}")]
pub struct CodeError {
    pub expected: &'static str,
    pub found: String,
}

/// The FFE's two licences.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LicenceType {
    /// Licence A: every competition, rated games included.
    A,
    /// Licence B: leisure, rapid and blitz.
    B,
}

impl LicenceType {
    pub const EXPECTED: &'static str = "a licence type A or B, or nothing";

    pub const fn as_str(self) -> &'static str {
        match self {
            LicenceType::A => "A",
            LicenceType::B => "B",
        }
    }

    /// `A`, `B` (any case), also as `licence A`; `Ok(None)` for a blank.
    pub fn parse(s: &str) -> Result<Option<LicenceType>, CodeError> {
        let t = s.trim().to_ascii_uppercase();
        let t = t.strip_prefix("LICENCE").map_or(t.as_str(), str::trim);
        match t {
            "" => Ok(None),
            "A" => Ok(Some(LicenceType::A)),
            "B" => Ok(Some(LicenceType::B)),
            _ => Err(CodeError {
                expected: LicenceType::EXPECTED,
                found: s.trim().to_string(),
            }),
        }
    }
}

/// What a national rating is, as the FFE marks it after the number (`1850 F`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RatingKind {
    /// The player's FIDE rating, carried over.
    F,
    /// A national rating.
    N,
    /// An estimate (a player without a rating yet).
    E,
}

impl RatingKind {
    pub const EXPECTED: &'static str =
        "a rating kind F (FIDE), N (national), E (estimated) or nothing";

    pub const fn as_str(self) -> &'static str {
        match self {
            RatingKind::F => "F",
            RatingKind::N => "N",
            RatingKind::E => "E",
        }
    }

    /// `F`, `N`, `E` (any case); `Ok(None)` for a blank.
    pub fn parse(s: &str) -> Result<Option<RatingKind>, CodeError> {
        match s.trim().to_ascii_uppercase().as_str() {
            "" => Ok(None),
            "F" => Ok(Some(RatingKind::F)),
            "N" => Ok(Some(RatingKind::N)),
            "E" => Ok(Some(RatingKind::E)),
            _ => Err(CodeError {
                expected: RatingKind::EXPECTED,
                found: s.trim().to_string(),
            }),
        }
    }
}

/// The rating an event orders and pairs its players by (C.04.2 B.2 numbers them by it): a
/// setting of the event, that a section will carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum PairingRating {
    /// FIDE's rating alone, as every event before this setting.
    #[default]
    Fide,
    /// The national rating alone.
    National,
    /// The higher of the two (FIDE's when they are equal).
    Higher,
    /// FIDE's rating, else the national one.
    FideElseNational,
}

impl PairingRating {
    pub const ALL: [PairingRating; 4] = [
        PairingRating::Fide,
        PairingRating::National,
        PairingRating::Higher,
        PairingRating::FideElseNational,
    ];
    pub const EXPECTED: &'static str = "fide, national, higher or fide_else_national";

    /// As the database, forms and the JSON API write it.
    pub const fn as_str(self) -> &'static str {
        match self {
            PairingRating::Fide => "fide",
            PairingRating::National => "national",
            PairingRating::Higher => "higher",
            PairingRating::FideElseNational => "fide_else_national",
        }
    }

    pub fn parse(s: &str) -> Option<PairingRating> {
        PairingRating::ALL.into_iter().find(|x| x.as_str() == s)
    }
}

/// An event's exemption from the federation rules of title norms (FIDE B.01 1.4.3a-c, which
/// waive 1.4.3 and 1.4.4 together), an event setting; 1.4.3d's large Swiss is computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum NormExemption {
    /// The normal foreigner requirement.
    #[default]
    None,
    /// 1.4.3a: the final stage of a national championship, for the host federation's players.
    NationalChampionship,
    /// 1.4.3b: a national team championship, for the players of the federation that registered
    /// it.
    NationalTeamChampionship,
    /// 1.4.3c: a zonal or sub-zonal tournament, for everyone.
    Zonal,
}

impl NormExemption {
    pub const ALL: [NormExemption; 4] = [
        NormExemption::None,
        NormExemption::NationalChampionship,
        NormExemption::NationalTeamChampionship,
        NormExemption::Zonal,
    ];
    pub const EXPECTED: &'static str =
        "none, national_championship, national_team_championship or zonal";

    /// As the database, forms and the JSON API write it.
    pub const fn as_str(self) -> &'static str {
        match self {
            NormExemption::None => "none",
            NormExemption::NationalChampionship => "national_championship",
            NormExemption::NationalTeamChampionship => "national_team_championship",
            NormExemption::Zonal => "zonal",
        }
    }

    pub fn parse(s: &str) -> Option<NormExemption> {
        NormExemption::ALL.into_iter().find(|x| x.as_str() == s)
    }

    /// The article that grants it.
    pub const fn article(self) -> &'static str {
        match self {
            NormExemption::None => "",
            NormExemption::NationalChampionship => "1.4.3a",
            NormExemption::NationalTeamChampionship => "1.4.3b",
            NormExemption::Zonal => "1.4.3c",
        }
    }

    /// The norm rules' setting.
    pub const fn rule(self) -> Option<rating::Exemption> {
        match self {
            NormExemption::None => None,
            NormExemption::NationalChampionship => Some(rating::Exemption::NationalChampionship),
            NormExemption::NationalTeamChampionship => {
                Some(rating::Exemption::NationalTeamChampionship)
            }
            NormExemption::Zonal => Some(rating::Exemption::Zonal),
        }
    }
}

/// The rating an event uses for a player, and its kind: `F` for a FIDE rating (the FIDE
/// mark), else the national rating's own kind (`N` when the list did not say).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct UsedRating {
    pub rating: Option<u16>,
    pub kind: Option<RatingKind>,
}

impl std::fmt::Display for UsedRating {
    /// `1850 F`, `1420 E`; empty for an unrated player.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.rating, self.kind) {
            (Some(r), Some(k)) => write!(f, "{r} {}", k.as_str()),
            (Some(r), None) => write!(f, "{r}"),
            (None, _) => Ok(()),
        }
    }
}

impl NewPlayer {
    /// The rating `choice` takes for this player.
    ///
    /// ```
    /// use store::{NewPlayer, PairingRating, RatingKind};
    /// let p = NewPlayer { rating: Some(1500), national_rating: Some(1620), ..NewPlayer::default() };
    /// assert_eq!(p.pairing_rating(PairingRating::Fide).to_string(), "1500 F");
    /// assert_eq!(p.pairing_rating(PairingRating::Higher).to_string(), "1620 N");
    /// assert_eq!(p.pairing_rating(PairingRating::FideElseNational).rating, Some(1500));
    /// ```
    pub fn pairing_rating(&self, choice: PairingRating) -> UsedRating {
        let fide = UsedRating {
            rating: self.rating,
            kind: self.rating.map(|_| RatingKind::F),
        };
        let national = UsedRating {
            rating: self.national_rating,
            kind: self
                .national_rating
                .map(|_| self.national.national_rating_kind.unwrap_or(RatingKind::N)),
        };
        match choice {
            PairingRating::Fide => fide,
            PairingRating::National => national,
            PairingRating::FideElseNational if self.rating.is_some() => fide,
            PairingRating::FideElseNational => national,
            PairingRating::Higher if national.rating > fide.rating => national,
            PairingRating::Higher => fide,
        }
    }

    /// The FFE age category for the season of `date` (`YYYY-MM-DD` or `YYYY/MM/DD`), with the
    /// sex as the FFE writes it after it (`BenF`, `SenM`); empty without a birth year or a date.
    ///
    /// ```
    /// let mut p = store::NewPlayer::default();
    /// p.birth_date = "2013/05/02".into();
    /// p.sex = "w".into();
    /// assert_eq!(p.ffe_category("2026-03-14"), "BenF");
    /// assert_eq!(p.ffe_category("2027-10-03"), "MinF");
    /// ```
    pub fn ffe_category(&self, date: &str) -> String {
        let year = self.birth_date.get(..4).and_then(|y| y.parse::<i32>().ok());
        let date = date.replace('-', "/").parse::<prizes::Date>().ok();
        let (Some(year), Some(date)) = (year, date) else {
            return String::new();
        };
        let category = prizes::FfeCategory::of(year, prizes::Season::containing(date));
        let sex = match self.sex.as_str() {
            "m" => "M",
            "w" => "F",
            _ => "",
        };
        format!("{}{sex}", category.code())
    }

    pub fn named(name: PersonName, rating: Option<u16>) -> NewPlayer {
        NewPlayer {
            name,
            rating,
            ..NewPlayer::default()
        }
    }
}

/// A registered player.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub id: PlayerKey,
    /// Pairing number (1-based).
    pub number: u32,
    #[serde(flatten)]
    pub details: NewPlayer,
    /// Checked in: paired in the next round.
    pub present: bool,
    /// First round the player is no longer paired in.
    pub withdrawn_from: Option<u32>,
}

/// The result of a board. Forfeits name who won by forfeit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Hash)]
pub enum ResultCode {
    #[serde(rename = "1-0")]
    WhiteWins,
    #[serde(rename = "0-1")]
    BlackWins,
    #[serde(rename = "1/2")]
    Draw,
    #[serde(rename = "1F-0F")]
    WhiteForfeitWin,
    #[serde(rename = "0F-1F")]
    BlackForfeitWin,
    #[serde(rename = "0F-0F")]
    DoubleForfeit,
    /// A game played, the arbiter's non-standard result: a half point for White, nothing for
    /// Black (for instance a draw claimed by one side only, Laws 6.9 and 9.4 applied to one).
    #[serde(rename = "1/2-0")]
    WhiteHalfBlackZero,
    /// A game played: nothing for White, a half point for Black.
    #[serde(rename = "0-1/2")]
    WhiteZeroBlackHalf,
    /// A game played and lost by both (for instance both players broke a rule of the event).
    #[serde(rename = "0-0")]
    BothLose,
}

impl ResultCode {
    pub const ALL: [ResultCode; 9] = [
        ResultCode::WhiteWins,
        ResultCode::Draw,
        ResultCode::BlackWins,
        ResultCode::WhiteForfeitWin,
        ResultCode::BlackForfeitWin,
        ResultCode::DoubleForfeit,
        ResultCode::WhiteHalfBlackZero,
        ResultCode::WhiteZeroBlackHalf,
        ResultCode::BothLose,
    ];

    /// The code stored and typed: `1-0`, `0-1`, `1/2`, `1F-0F`, `0F-1F`, `0F-0F`, `1/2-0`,
    /// `0-1/2`, `0-0`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ResultCode::WhiteWins => "1-0",
            ResultCode::BlackWins => "0-1",
            ResultCode::Draw => "1/2",
            ResultCode::WhiteForfeitWin => "1F-0F",
            ResultCode::BlackForfeitWin => "0F-1F",
            ResultCode::DoubleForfeit => "0F-0F",
            ResultCode::WhiteHalfBlackZero => "1/2-0",
            ResultCode::WhiteZeroBlackHalf => "0-1/2",
            ResultCode::BothLose => "0-0",
        }
    }

    /// The same result with the colours swapped: a Double-Swiss match's game 2 seen from game
    /// 1's White (C.04.5 4.4: colours reversed in game 2).
    pub const fn reversed(self) -> ResultCode {
        match self {
            ResultCode::WhiteWins => ResultCode::BlackWins,
            ResultCode::BlackWins => ResultCode::WhiteWins,
            ResultCode::WhiteForfeitWin => ResultCode::BlackForfeitWin,
            ResultCode::BlackForfeitWin => ResultCode::WhiteForfeitWin,
            ResultCode::WhiteHalfBlackZero => ResultCode::WhiteZeroBlackHalf,
            ResultCode::WhiteZeroBlackHalf => ResultCode::WhiteHalfBlackZero,
            ResultCode::Draw | ResultCode::DoubleForfeit | ResultCode::BothLose => self,
        }
    }

    /// The results of White and Black in a game played over the board; `None` for the
    /// forfeits. The non-standard results give each side its own result (½-0 is White's draw
    /// and Black's loss), so scores and tie-breaks follow from each side's own points.
    pub const fn played(self) -> Option<(GameResult, GameResult)> {
        Some(match self {
            ResultCode::WhiteWins => (GameResult::Win, GameResult::Loss),
            ResultCode::BlackWins => (GameResult::Loss, GameResult::Win),
            ResultCode::Draw => (GameResult::Draw, GameResult::Draw),
            ResultCode::WhiteHalfBlackZero => (GameResult::Draw, GameResult::Loss),
            ResultCode::WhiteZeroBlackHalf => (GameResult::Loss, GameResult::Draw),
            ResultCode::BothLose => (GameResult::Loss, GameResult::Loss),
            ResultCode::WhiteForfeitWin
            | ResultCode::BlackForfeitWin
            | ResultCode::DoubleForfeit => return None,
        })
    }

    /// The arbiter's results where the two sides' points do not add up to a game's
    /// (`½-0`, `0-½`, `0-0`).
    pub const fn is_non_standard(self) -> bool {
        matches!(
            self,
            ResultCode::WhiteHalfBlackZero | ResultCode::WhiteZeroBlackHalf | ResultCode::BothLose
        )
    }

    /// Reads a stored code, and the short forms an arbiter types in the grid, with or without
    /// blanks: the documented set, one meaning each.
    ///
    /// | result                      | codes                          |
    /// |-----------------------------|--------------------------------|
    /// | White wins                  | `1-0`, `1`                     |
    /// | Black wins                  | `0-1`, `0`                     |
    /// | draw                        | `1/2`, `½`, `=`, `½-½`         |
    /// | White wins by forfeit       | `+-`, `+`, `+/-`, `1F-0F`      |
    /// | Black wins by forfeit       | `-+`, `-/+`, `0F-1F`           |
    /// | double forfeit              | `--`, `-/-`, `0F-0F`           |
    /// | game played: ½ for White, 0 for Black | `½-0`, `=-0`, `1/2-0` |
    /// | game played: 0 for White, ½ for Black | `0-½`, `0-=`, `0-1/2` |
    /// | game played: lost by both   | `0-0`                          |
    ///
    /// `-` alone is refused (White's forfeit, or nobody's?), and so are letters such as `x`
    /// or `d`: a typing slip must not become a result. `0` alone stays Black's win.
    ///
    /// ```
    /// use store::ResultCode;
    /// assert_eq!(ResultCode::parse("+-"), Some(ResultCode::WhiteForfeitWin));
    /// assert_eq!(ResultCode::parse("½-0"), Some(ResultCode::WhiteHalfBlackZero));
    /// assert_eq!(ResultCode::parse("0"), Some(ResultCode::BlackWins));
    /// assert_eq!(ResultCode::parse("-"), None);
    /// assert_eq!(ResultCode::parse("x"), None);
    /// ```
    pub fn parse(s: &str) -> Option<ResultCode> {
        let t: String = s
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_uppercase();
        Some(match t.as_str() {
            "1-0" | "1" => ResultCode::WhiteWins,
            "0-1" | "0" => ResultCode::BlackWins,
            "1/2" | "=" | "½" | "½-½" | "1/2-1/2" => ResultCode::Draw,
            "1F-0F" | "+" | "+-" | "+/-" => ResultCode::WhiteForfeitWin,
            "0F-1F" | "-+" | "-/+" => ResultCode::BlackForfeitWin,
            "0F-0F" | "--" | "-/-" => ResultCode::DoubleForfeit,
            "1/2-0" | "½-0" | "=-0" => ResultCode::WhiteHalfBlackZero,
            "0-1/2" | "0-½" | "0-=" => ResultCode::WhiteZeroBlackHalf,
            "0-0" => ResultCode::BothLose,
            _ => return None,
        })
    }

    /// Results a player may report from a phone (forfeits and the non-standard results are the
    /// arbiter's).
    pub const fn is_over_the_board(self) -> bool {
        matches!(
            self,
            ResultCode::WhiteWins | ResultCode::BlackWins | ResultCode::Draw
        )
    }
}

/// A bye for one round, asked for in advance, granted to a late entry, or an absence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Hash)]
#[serde(rename_all = "snake_case")]
pub enum ByeKind {
    Half,
    Full,
    Zero,
}

impl ByeKind {
    pub const fn as_str(self) -> &'static str {
        match self {
            ByeKind::Half => "half",
            ByeKind::Full => "full",
            ByeKind::Zero => "zero",
        }
    }

    pub fn parse(s: &str) -> Option<ByeKind> {
        match s {
            "half" => Some(ByeKind::Half),
            "full" => Some(ByeKind::Full),
            "zero" => Some(ByeKind::Zero),
            _ => None,
        }
    }
}

/// One board of a paired round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub round: u32,
    pub board: u32,
    pub white: PlayerKey,
    /// `None` for the pairing-allocated bye.
    pub black: Option<PlayerKey>,
    pub result: Option<ResultCode>,
    /// The code printed for the players of this board.
    pub code: String,
    /// What the players reported from their phones, waiting for the arbiter, when they agree
    /// (one value); `None` before any report and when they disagree.
    pub reported: Option<ResultCode>,
    /// Every different value reported, first report first: two or more are a conflict the
    /// arbiter settles (never confirmed in bulk).
    #[serde(default)]
    pub reports: Vec<ResultCode>,
    /// The arbiter changed this board's seats by hand (a swap).
    #[serde(default)]
    pub edited: bool,
    /// The checker's objections to this board that the arbiter accepted, by their
    /// [`Objection::key`].
    #[serde(default)]
    pub accepted: Vec<String>,
}

impl Game {
    /// The players reported different results for this board.
    pub fn reports_disagree(&self) -> bool {
        self.reports.len() > 1
    }

    /// Sets the players' reports (and `reported`, their value when they agree).
    pub fn with_reports(mut self, reports: Vec<ResultCode>) -> Game {
        self.reported = match reports.as_slice() {
            [one] => Some(*one),
            _ => None,
        };
        self.reports = reports;
        self
    }
}

/// The pairing checker's objection to a board the arbiter changed by hand: a rematch (C1),
/// a colour rule (C3) or a second bye (C2). It stays on the round page until the pairing no
/// longer raises it or the arbiter accepts it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Objection {
    pub board: u32,
    /// What it is about, with the players' keys (`rematch:12:15`, `colour-run:12`,
    /// `colour-difference:12`, `bye:12`): what the arbiter accepts.
    pub key: String,
    /// In English, in the checker's fixed forms (the server translates them).
    pub text: String,
    /// The arbiter accepted it (logged as `accept_objection`).
    pub accepted: bool,
}

/// What became of a player's report of a board's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReportOutcome {
    /// The board's first report: it waits for the arbiter.
    Stored,
    /// The board already has this report.
    Unchanged,
    /// The board has a different report: both are kept for the arbiter to settle.
    Conflict,
}

/// A bye in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bye {
    pub player: PlayerKey,
    pub round: u32,
    pub kind: ByeKind,
}

/// A paired round with its boards (board order) and its byes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub number: u32,
    pub paired_at: String,
    pub games: Vec<Game>,
    pub byes: Vec<Bye>,
}

impl Round {
    /// Boards still waiting for a result (the pairing-allocated bye has its result at once).
    pub fn missing_results(&self) -> usize {
        self.games
            .iter()
            .filter(|g| g.black.is_some() && g.result.is_none())
            .count()
    }
}

/// When a round starts: a day, and the hour when the arbiter gives one (the hall's local time).
/// Stored and serialized as `YYYY-MM-DD` or `YYYY-MM-DD HH:MM`.
///
/// ```
/// use store::RoundStart;
/// let s: RoundStart = "2026-11-28 14:30".parse().unwrap();
/// assert_eq!(s.date(), "2026-11-28");
/// assert_eq!(s.time(), Some("14:30"));
/// assert_eq!(s.trf_date(), "26/11/28");
/// assert_eq!(RoundStart::new("2026-11-28", "").unwrap().to_string(), "2026-11-28");
/// assert!(RoundStart::new("2026-02-30", "14:00").is_err());
/// assert!(RoundStart::new("2026-11-28", "24:00").is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct RoundStart {
    date: String,
    time: Option<String>,
}

/// Why a round's date or time cannot be stored.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RoundStartError {
    #[error("a date YYYY-MM-DD, found {0:?}")]
    Date(String),
    #[error("a time HH:MM from 00:00 to 23:59, found {0:?}")]
    Time(String),
    #[error("a date with the time, found the time {0:?} alone")]
    TimeWithoutDate(String),
}

impl RoundStart {
    /// A day (`YYYY-MM-DD`, a real one) and a time (`HH:MM`, or empty for none).
    pub fn new(date: &str, time: &str) -> Result<RoundStart, RoundStartError> {
        let (date, time) = (date.trim(), time.trim());
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let day_ok = match date.split('-').collect::<Vec<_>>()[..] {
            [y, m, d] if y.len() == 4 && m.len() == 2 && d.len() == 2 => {
                digits(y) && digits(m) && digits(d) && {
                    let (y, m, d): (u32, u32, u32) = (
                        y.parse().unwrap_or(0),
                        m.parse().unwrap_or(0),
                        d.parse().unwrap_or(0),
                    );
                    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
                    let days = match m {
                        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
                        4 | 6 | 9 | 11 => 30,
                        2 if leap => 29,
                        2 => 28,
                        _ => 0,
                    };
                    (1..=days).contains(&d)
                }
            }
            _ => false,
        };
        if !day_ok {
            return Err(RoundStartError::Date(date.to_string()));
        }
        let time = match time {
            "" => None,
            t => {
                let ok = match t.split(':').collect::<Vec<_>>()[..] {
                    [h, m] if h.len() == 2 && m.len() == 2 && digits(h) && digits(m) => {
                        h.parse::<u32>().is_ok_and(|h| h < 24)
                            && m.parse::<u32>().is_ok_and(|m| m < 60)
                    }
                    _ => false,
                };
                if !ok {
                    return Err(RoundStartError::Time(t.to_string()));
                }
                Some(t.to_string())
            }
        };
        Ok(RoundStart {
            date: date.to_string(),
            time,
        })
    }

    /// From a form's two fields: `None` when both are empty; a time alone is an error.
    pub fn from_fields(date: &str, time: &str) -> Result<Option<RoundStart>, RoundStartError> {
        match (date.trim(), time.trim()) {
            ("", "") => Ok(None),
            ("", t) => Err(RoundStartError::TimeWithoutDate(t.to_string())),
            (d, t) => RoundStart::new(d, t).map(Some),
        }
    }

    /// `YYYY-MM-DD`.
    pub fn date(&self) -> &str {
        &self.date
    }

    /// `HH:MM`, when given.
    pub fn time(&self) -> Option<&str> {
        self.time.as_deref()
    }

    /// The day of the week, 1 for Monday to 7 for Sunday (ISO 8601).
    ///
    /// ```
    /// let s: store::RoundStart = "2026-11-28".parse().unwrap();
    /// assert_eq!(s.weekday(), 6); // a Saturday
    /// ```
    pub fn weekday(&self) -> u32 {
        let part = |a: usize, b: usize| self.date[a..b].parse::<u32>().unwrap_or(1);
        let (mut y, m, d) = (part(0, 4), part(5, 7), part(8, 10));
        // Sakamoto's method: 0 is Sunday.
        const SHIFT: [u32; 12] = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];
        if m < 3 {
            y -= 1;
        }
        let sunday_first = (y + y / 4 - y / 100 + y / 400 + SHIFT[(m as usize - 1) % 12] + d) % 7;
        if sunday_first == 0 {
            7
        } else {
            sunday_first
        }
    }

    /// The date as TRF's `132` record writes it: `YY/MM/DD`.
    pub fn trf_date(&self) -> String {
        format!(
            "{}/{}/{}",
            &self.date[2..4],
            &self.date[5..7],
            &self.date[8..10]
        )
    }
}

impl std::fmt::Display for RoundStart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.time {
            Some(t) => write!(f, "{} {t}", self.date),
            None => f.write_str(&self.date),
        }
    }
}

impl std::str::FromStr for RoundStart {
    type Err = RoundStartError;

    /// `YYYY-MM-DD`, `YYYY-MM-DD HH:MM` or `YYYY-MM-DDTHH:MM`.
    fn from_str(s: &str) -> Result<RoundStart, RoundStartError> {
        let s = s.trim();
        match s.split_once([' ', 'T']) {
            Some((d, t)) => RoundStart::new(d, t),
            None => RoundStart::new(s, ""),
        }
    }
}

impl From<RoundStart> for String {
    fn from(s: RoundStart) -> String {
        s.to_string()
    }
}

impl TryFrom<String> for RoundStart {
    type Error = RoundStartError;

    fn try_from(s: String) -> Result<RoundStart, RoundStartError> {
        s.parse()
    }
}

/// An entry's row id.
pub type EntryId = i64;

/// Where an entry stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntryStatus {
    Pending,
    Validated,
    Rejected,
}

impl EntryStatus {
    pub const fn as_str(self) -> &'static str {
        match self {
            EntryStatus::Pending => "pending",
            EntryStatus::Validated => "validated",
            EntryStatus::Rejected => "rejected",
        }
    }

    pub(crate) fn parse(s: &str) -> EntryStatus {
        match s {
            "validated" => EntryStatus::Validated,
            "rejected" => EntryStatus::Rejected,
            _ => EntryStatus::Pending,
        }
    }
}

/// A group of sections' row id.
pub type GroupId = i64;

#[cfg(test)]
mod tests {
    use super::ResultCode::{self, *};

    #[test]
    fn the_grid_reads_the_non_standard_results_and_keeps_every_old_meaning() {
        for (typed, code) in [
            ("½-0", WhiteHalfBlackZero),
            ("=-0", WhiteHalfBlackZero),
            ("1/2-0", WhiteHalfBlackZero),
            (" 1/2 - 0 ", WhiteHalfBlackZero),
            ("0-½", WhiteZeroBlackHalf),
            ("0-=", WhiteZeroBlackHalf),
            ("0-1/2", WhiteZeroBlackHalf),
            ("0-0", BothLose),
            ("0 - 0", BothLose),
            // The old forms, unchanged.
            ("1", WhiteWins),
            ("1-0", WhiteWins),
            ("0", BlackWins),
            ("0-1", BlackWins),
            ("½", Draw),
            ("=", Draw),
            ("1/2", Draw),
            ("½-½", Draw),
            ("1/2-1/2", Draw),
            ("+", WhiteForfeitWin),
            ("+-", WhiteForfeitWin),
            ("1f-0f", WhiteForfeitWin),
            ("-+", BlackForfeitWin),
            ("--", DoubleForfeit),
            ("0F-0F", DoubleForfeit),
        ] {
            assert_eq!(ResultCode::parse(typed), Some(code), "{typed:?}");
        }
        for refused in ["-", "x", "d", "0-", "-0", "½-", "0-0-0", "=-=", "1-1", "00"] {
            assert_eq!(ResultCode::parse(refused), None, "{refused:?}");
        }
        // Every stored code reads back as itself, and serde writes the same code.
        for code in ResultCode::ALL {
            assert_eq!(ResultCode::parse(code.as_str()), Some(code));
            assert_eq!(
                serde_json::to_string(&code).unwrap(),
                format!("\"{}\"", code.as_str())
            );
        }
    }

    #[test]
    fn each_side_of_a_non_standard_result_has_its_own_result() {
        use tournament::GameResult::{Draw as D, Loss as L};
        assert_eq!(WhiteHalfBlackZero.played(), Some((D, L)));
        assert_eq!(WhiteZeroBlackHalf.played(), Some((L, D)));
        assert_eq!(BothLose.played(), Some((L, L)));
        assert_eq!(DoubleForfeit.played(), None);
        for code in [WhiteHalfBlackZero, WhiteZeroBlackHalf, BothLose] {
            assert!(code.is_non_standard() && !code.is_over_the_board());
        }
    }
}
