//! Tie-break specifications in FIDE's notation (C.07 codes, `/C1`, `/M1`, `/L…` …) and the
//! rule editions for unplayed rounds.
//!
//! ```
//! use tiebreak::{Code, Cut, Edition, TieBreak};
//! let tb: TieBreak = "BH/C1".parse().unwrap();
//! assert_eq!(tb.code, Code::Buchholz);
//! assert_eq!(tb.cut, Cut::Cut(1));
//! assert_eq!(tb.to_string(), "BH/C1");
//! assert_eq!("2012".parse::<Edition>().unwrap(), Edition::Fide2012);
//! assert!("XYZ".parse::<TieBreak>().is_err());
//! ```

use std::fmt;
use std::str::FromStr;

use tournament::Points;

/// Which rules govern unplayed rounds (and a few other details that changed over time).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Edition {
    /// The 1990s–2000s rule (seed 001): every unplayed game is a draw, for the opponents and for
    /// the player "against themself"; DE applied once; ratings capped at ±350.
    Pre2012,
    /// FIDE 2012 (seeds 000, 002): the virtual opponent for one's own unplayed rounds.
    Fide2012,
    /// C.07 as amended in 2024: Art. 16 with an uncapped dummy opponent.
    C07_2024,
    /// C.07 applied from 1 March 2026: the dummy capped (16.4.1/16.4.2), STD, TPN, RTNG.
    #[default]
    C07_2026,
}

impl Edition {
    pub const ALL: [Edition; 4] = [
        Edition::Pre2012,
        Edition::Fide2012,
        Edition::C07_2024,
        Edition::C07_2026,
    ];

    /// The edition in force on a date: 2026 from 1 March 2026, 2024 from September 2023 (the
    /// rewrite of C.07), 2012 from 1 July 2012, the older rule before.
    pub fn in_force_on(year: i32, month: u32, day: u32) -> Edition {
        let d = (year, month, day);
        if d >= (2026, 3, 1) {
            Edition::C07_2026
        } else if d >= (2023, 9, 1) {
            Edition::C07_2024
        } else if d >= (2012, 7, 1) {
            Edition::Fide2012
        } else {
            Edition::Pre2012
        }
    }

    /// The short name used on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Edition::Pre2012 => "pre2012",
            Edition::Fide2012 => "2012",
            Edition::C07_2024 => "2024",
            Edition::C07_2026 => "2026",
        }
    }

    /// True for the C.07 editions (Art. 15–16).
    pub const fn is_c07(self) -> bool {
        matches!(self, Edition::C07_2024 | Edition::C07_2026)
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// Why a text is not a rule edition.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected a rule edition (pre2012, 2012, 2024 or 2026), found {found:?}")]
pub struct EditionError {
    pub found: String,
}

impl FromStr for Edition {
    type Err = EditionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        let t = t.strip_prefix('v').unwrap_or(&t);
        match t {
            "pre2012" | "pre-2012" | "old" => Ok(Edition::Pre2012),
            "2012" | "fide2012" => Ok(Edition::Fide2012),
            "2024" | "c07_2024" | "2023" => Ok(Edition::C07_2024),
            "2026" | "c07_2026" => Ok(Edition::C07_2026),
            _ => Err(EditionError {
                found: s.to_string(),
            }),
        }
    }
}

/// A tie-break, by its FIDE code where it has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Code {
    /// PTS: the score itself (useful in lists and reports).
    Points,
    /// DE, Art. 6.
    DirectEncounter,
    /// WIN, 7.1: rounds with the points of a win, played or not.
    Wins,
    /// WON, 7.2: games won over the board.
    GamesWon,
    /// BPG, 7.3: games played with Black.
    BlackGames,
    /// BWG, 7.4: games won with Black.
    BlackWins,
    /// PS, 7.5: sum of progressive scores (cumulative).
    Progressive,
    /// REP, 7.6 (formerly GE): rounds one elected to play.
    RoundsElected,
    /// STD, 7.7 (2026): standard points.
    StandardPoints,
    /// TPN, 7.8 (2026): tournament pairing number, lower first.
    PairingNumber,
    /// BH, 8.1.
    Buchholz,
    /// AOB, 8.2: average of opponents' Buchholz.
    AverageOpponentsBuchholz,
    /// FB, 8.3: Buchholz with the final round's games counted as draws.
    ForeBuchholz,
    /// SB, 9.1.
    SonnebornBerger,
    /// KS, 9.2 (with `/L` the extended Koya).
    Koya,
    /// ARO, 10.1.
    AverageRatingOpponents,
    /// TPR, 10.2.
    PerformanceRating,
    /// PTP, 10.3.
    PerfectPerformance,
    /// APRO, 10.4.
    AveragePerformanceOpponents,
    /// APPO, 10.5.
    AveragePerfectPerformanceOpponents,
    /// RTNG, 10.6 (2026): the player's own rating, highest first.
    Rating,
    /// ABH: the adjusted score of Art. 16.3 (what the opponents see), TieBreakServer's code.
    AdjustedScore,
    /// SOBH (seed 001): the sum of the opponents' Buchholz.
    SumOpponentsBuchholz,
    /// YUG (seed 001): Yugoslav, opponents' scores counting only those with at least 50 %.
    Yugoslav,
    /// KASH (seed 001): Kashdan, 4 per win, 2 per draw, 1 per loss over the board.
    Kashdan,
    /// MP (teams, 11.1): match points of the player's team.
    MatchPoints,
    /// GP (teams, 11.1): game points of the player's team.
    GamePoints,
    /// BC (teams, 12.1): board count, lower first.
    BoardCount,
    /// BERLIN (seed 001, teams): board-weighted game points, higher first.
    Berlin,
    /// MPvGP (teams, 13.1): the score that is not primary.
    SecondaryScore,
    /// TBR (teams, 12.2): game points on board 1, then board 2, …
    TopBoardResults,
    /// BBE (teams, 12.3): game points without the last board, then without the last two, …
    BottomBoardElimination,
    /// EMMSB (teams, 13.2): Σ opponent's match points × match points scored against them.
    ExtendedSbMm,
    /// EMGSB: opponent's match points × game points scored.
    ExtendedSbMg,
    /// EGMSB: opponent's game points × match points scored.
    ExtendedSbGm,
    /// EGGSB: opponent's game points × game points scored.
    ExtendedSbGg,
    /// EDE (teams, 13.3): direct encounter on the primary score, then on the secondary.
    ExtendedDirectEncounter,
    /// EDEBT (13.3.2): EDE, then for exactly two teams still level, BC then TBR.
    EdeBoardCountTop,
    /// EDEBB: EDE, then BC then BBE.
    EdeBoardCountBottom,
    /// EDET: EDE, then TBR.
    EdeTop,
    /// EDEB: EDE, then BBE.
    EdeBottom,
    /// SSSC (13.4): secondary score + BH on the primary score ÷ the normalising factor.
    ScoreAndScheduleStrength,
}

impl Code {
    /// Every code with its canonical text, for parsing and printing.
    pub const ALL: [(Code, &'static str); 42] = [
        (Code::Points, "PTS"),
        (Code::DirectEncounter, "DE"),
        (Code::Wins, "WIN"),
        (Code::GamesWon, "WON"),
        (Code::BlackGames, "BPG"),
        (Code::BlackWins, "BWG"),
        (Code::Progressive, "PS"),
        (Code::RoundsElected, "REP"),
        (Code::StandardPoints, "STD"),
        (Code::PairingNumber, "TPN"),
        (Code::Buchholz, "BH"),
        (Code::AverageOpponentsBuchholz, "AOB"),
        (Code::ForeBuchholz, "FB"),
        (Code::SonnebornBerger, "SB"),
        (Code::Koya, "KS"),
        (Code::AverageRatingOpponents, "ARO"),
        (Code::PerformanceRating, "TPR"),
        (Code::PerfectPerformance, "PTP"),
        (Code::AveragePerformanceOpponents, "APRO"),
        (Code::AveragePerfectPerformanceOpponents, "APPO"),
        (Code::Rating, "RTNG"),
        (Code::AdjustedScore, "ABH"),
        (Code::SumOpponentsBuchholz, "SOBH"),
        (Code::Yugoslav, "YUG"),
        (Code::Kashdan, "KASH"),
        (Code::MatchPoints, "MP"),
        (Code::GamePoints, "GP"),
        (Code::BoardCount, "BC"),
        (Code::Berlin, "BERLIN"),
        (Code::SecondaryScore, "MPvGP"),
        (Code::TopBoardResults, "TBR"),
        (Code::BottomBoardElimination, "BBE"),
        (Code::ExtendedSbMm, "EMMSB"),
        (Code::ExtendedSbMg, "EMGSB"),
        (Code::ExtendedSbGm, "EGMSB"),
        (Code::ExtendedSbGg, "EGGSB"),
        (Code::ExtendedDirectEncounter, "EDE"),
        (Code::EdeBoardCountTop, "EDEBT"),
        (Code::EdeBoardCountBottom, "EDEBB"),
        (Code::EdeTop, "EDET"),
        (Code::EdeBottom, "EDEB"),
        (Code::ScoreAndScheduleStrength, "SSSC"),
    ];

    /// The C.07 article that defines the code (2026 numbering), where C.07 defines it.
    pub fn article(self) -> Option<&'static str> {
        Some(match self {
            Code::Points => "4.2",
            Code::DirectEncounter => "6",
            Code::Wins => "7.1",
            Code::GamesWon => "7.2",
            Code::BlackGames => "7.3",
            Code::BlackWins => "7.4",
            Code::Progressive => "7.5",
            Code::RoundsElected => "7.6",
            Code::StandardPoints => "7.7",
            Code::PairingNumber => "7.8",
            Code::Buchholz => "8.1",
            Code::AverageOpponentsBuchholz => "8.2",
            Code::ForeBuchholz => "8.3",
            Code::SonnebornBerger => "9.1",
            Code::Koya => "9.2",
            Code::AverageRatingOpponents => "10.1",
            Code::PerformanceRating => "10.2",
            Code::PerfectPerformance => "10.3",
            Code::AveragePerformanceOpponents => "10.4",
            Code::AveragePerfectPerformanceOpponents => "10.5",
            Code::Rating => "10.6",
            Code::AdjustedScore => "16.3",
            Code::MatchPoints | Code::GamePoints => "11.1",
            Code::BoardCount => "12.1",
            Code::TopBoardResults => "12.2",
            Code::BottomBoardElimination => "12.3",
            Code::SecondaryScore => "13.1",
            Code::ExtendedSbMm | Code::ExtendedSbMg | Code::ExtendedSbGm | Code::ExtendedSbGg => {
                "13.2"
            }
            Code::ExtendedDirectEncounter
            | Code::EdeBoardCountTop
            | Code::EdeBoardCountBottom
            | Code::EdeTop
            | Code::EdeBottom => "13.3",
            Code::ScoreAndScheduleStrength => "13.4",
            Code::SumOpponentsBuchholz | Code::Yugoslav | Code::Kashdan | Code::Berlin => {
                return None
            }
        })
    }

    pub fn text(self) -> &'static str {
        Code::ALL
            .iter()
            .find(|(c, _)| *c == self)
            .map(|(_, s)| *s)
            .unwrap_or("?")
    }

    fn from_text(s: &str) -> Option<Code> {
        let upper = s.to_ascii_uppercase();
        let alias = match upper.as_str() {
            "GE" => "REP",
            "PTS" | "SCORE" => "PTS",
            "CUM" | "CUMULATIVE" => "PS",
            "EXTKS" => "KS",
            other => other,
        };
        Code::ALL
            .iter()
            .find(|(_, t)| t.eq_ignore_ascii_case(alias))
            .map(|(c, _)| *c)
    }

    /// True for the sums of values that Art. 14 lets a modifier cut.
    pub fn takes_cuts(self) -> bool {
        matches!(
            self,
            Code::Buchholz
                | Code::ForeBuchholz
                | Code::SonnebornBerger
                | Code::AverageRatingOpponents
                | Code::Progressive
                | Code::SumOpponentsBuchholz
                | Code::Yugoslav
                | Code::ExtendedSbMm
                | Code::ExtendedSbMg
                | Code::ExtendedSbGm
                | Code::ExtendedSbGg
        )
    }

    /// True for the tie-breaks of team events only (Art. 11–13).
    pub fn team_only(self) -> bool {
        matches!(
            self,
            Code::MatchPoints
                | Code::GamePoints
                | Code::BoardCount
                | Code::Berlin
                | Code::SecondaryScore
                | Code::TopBoardResults
                | Code::BottomBoardElimination
                | Code::ExtendedSbMm
                | Code::ExtendedSbMg
                | Code::ExtendedSbGm
                | Code::ExtendedSbGg
                | Code::ExtendedDirectEncounter
                | Code::EdeBoardCountTop
                | Code::EdeBoardCountBottom
                | Code::EdeTop
                | Code::EdeBottom
                | Code::ScoreAndScheduleStrength
        )
    }

    /// True for the direct-encounter family, computed inside each tied group.
    pub fn is_direct(self) -> bool {
        matches!(
            self,
            Code::DirectEncounter
                | Code::ExtendedDirectEncounter
                | Code::EdeBoardCountTop
                | Code::EdeBoardCountBottom
                | Code::EdeTop
                | Code::EdeBottom
        )
    }

    /// True for the codes team standings compute (C.07 11–13, and BH, SB, WIN, DE on either
    /// score); [`crate::team_standings`] refuses the others.
    pub fn ranks_teams(self) -> bool {
        self.is_direct()
            || matches!(
                self,
                Code::Points
                    | Code::MatchPoints
                    | Code::GamePoints
                    | Code::SecondaryScore
                    | Code::Wins
                    | Code::Buchholz
                    | Code::SonnebornBerger
                    | Code::ExtendedSbMm
                    | Code::ExtendedSbMg
                    | Code::ExtendedSbGm
                    | Code::ExtendedSbGg
                    | Code::BoardCount
                    | Code::Berlin
                    | Code::TopBoardResults
                    | Code::BottomBoardElimination
                    | Code::ScoreAndScheduleStrength
            )
    }

    /// True for the codes that rank the lower value first (before any `/R`).
    pub fn lower_is_better(self) -> bool {
        matches!(self, Code::PairingNumber | Code::BoardCount)
    }

    /// True for the rating-based codes of Art. 10 (and what depends on them).
    pub fn uses_ratings(self) -> bool {
        matches!(
            self,
            Code::AverageRatingOpponents
                | Code::PerformanceRating
                | Code::PerfectPerformance
                | Code::AveragePerformanceOpponents
                | Code::AveragePerfectPerformanceOpponents
        )
    }

    /// Decimals FIDE's tools print for this code.
    pub fn decimals(self) -> usize {
        match self {
            Code::SonnebornBerger
            | Code::AverageOpponentsBuchholz
            | Code::ExtendedSbMm
            | Code::ExtendedSbMg
            | Code::ExtendedSbGm
            | Code::ExtendedSbGg => 2,
            Code::Points
            | Code::Progressive
            | Code::StandardPoints
            | Code::Buchholz
            | Code::ForeBuchholz
            | Code::Koya
            | Code::AdjustedScore
            | Code::SumOpponentsBuchholz
            | Code::Yugoslav
            | Code::MatchPoints
            | Code::GamePoints
            | Code::BoardCount
            | Code::Berlin
            | Code::SecondaryScore
            | Code::ScoreAndScheduleStrength
            | Code::TopBoardResults
            | Code::BottomBoardElimination => 1,
            _ => 0,
        }
    }
}

/// Values removed from a sum before it is added up (Art. 14.1–14.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Cut {
    #[default]
    None,
    /// Cut-n: the n least significant values.
    Cut(u8),
    /// Median-n: the n least and the n most significant values.
    Median(u8),
}

/// The rating given to unrated players for the rating tie-breaks (Art. 10 preamble).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum UnratedRule {
    /// No rule: rating tie-breaks are undefined when unrated players are present.
    #[default]
    Undefined,
    /// A fixed rating (`/U1000`).
    Fixed(u16),
    /// The seed's provisional rating: the average of the rated players of one's score group,
    /// interpolated between neighbouring groups (`/UP`).
    Provisional,
}

/// The team score a tie-break is computed on (C.07 11.1, 13): `:MP` or `:GP`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TeamScore {
    #[default]
    MatchPoints,
    GamePoints,
}

impl TeamScore {
    pub const fn other(self) -> TeamScore {
        match self {
            TeamScore::MatchPoints => TeamScore::GamePoints,
            TeamScore::GamePoints => TeamScore::MatchPoints,
        }
    }
}

/// The Koya threshold (Art. 9.2 and 14.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Limit {
    /// A percentage of the maximum possible score (`/L50`, the default).
    Percent(u8),
    /// An absolute score (`/L3.5`).
    Score(Points),
}

/// One tie-break of a list: a code and its modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TieBreak {
    pub code: Code,
    pub cut: Cut,
    /// Koya threshold; `None` is 50 %.
    pub limit: Option<Limit>,
    /// `/R`: reverse the order.
    pub reverse: bool,
    /// `/P`: forfeits count as played games (DE, 6.1.1).
    pub forfeits_played: bool,
    /// `/V2024`, `/V2026`…: this tie-break only, under another edition.
    pub edition: Option<Edition>,
    /// `/U1000`, `/UP`: rating for unrated players.
    pub unrated: Option<UnratedRule>,
    /// `:MP` / `:GP`: for teams, the score the tie-break is computed on (default: primary).
    pub score: Option<TeamScore>,
}

impl TieBreak {
    /// A value of this tie-break as FIDE's tools print it, with its code's decimals.
    pub fn value_text(&self, v: crate::Value) -> String {
        format!("{v:.prec$}", prec = self.code.decimals())
    }

    pub const fn new(code: Code) -> TieBreak {
        TieBreak {
            code,
            cut: Cut::None,
            limit: None,
            reverse: false,
            forfeits_played: false,
            edition: None,
            unrated: None,
            score: None,
        }
    }

    pub const fn with_cut(mut self, cut: Cut) -> TieBreak {
        self.cut = cut;
        self
    }

    /// True when the lower value ranks first.
    pub fn lower_is_better(&self) -> bool {
        self.code.lower_is_better() != self.reverse
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = self.code.text().to_string();
        match self.score {
            None => {}
            Some(TeamScore::MatchPoints) => s.push_str(":MP"),
            Some(TeamScore::GamePoints) => s.push_str(":GP"),
        }
        match self.cut {
            Cut::None => {}
            Cut::Cut(n) => s.push_str(&format!("/C{n}")),
            Cut::Median(n) => s.push_str(&format!("/M{n}")),
        }
        match self.limit {
            None => {}
            Some(Limit::Percent(p)) => s.push_str(&format!("/L{p}")),
            Some(Limit::Score(p)) => s.push_str(&format!("/L{p}")),
        }
        if self.forfeits_played {
            s.push_str("/P");
        }
        if self.reverse {
            s.push_str("/R");
        }
        match self.unrated {
            None | Some(UnratedRule::Undefined) => {}
            Some(UnratedRule::Fixed(r)) => s.push_str(&format!("/U{r}")),
            Some(UnratedRule::Provisional) => s.push_str("/UP"),
        }
        if let Some(e) = self.edition {
            s.push_str(&format!("/V{}", e.name().to_ascii_uppercase()));
        }
        f.pad(&s)
    }
}

/// Why a text is not a tie-break specification.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TieBreakError {
    #[error("expected a tie-break code, found nothing")]
    Empty,
    #[error("expected a tie-break code such as BH, SB or DE, found {found:?}")]
    UnknownCode { found: String },
    #[error(
        "{code}: expected a modifier such as C1, M1, L50, R, P, U1000 or V2026, found {found:?}"
    )]
    UnknownModifier { code: String, found: String },
    #[error("{code}: the modifier {modifier:?} does not apply to this tie-break")]
    NotApplicable { code: String, modifier: String },
    #[error("{code}: expected the modifier {modifier:?} once, found it twice")]
    DuplicateModifier { code: String, modifier: String },
    #[error("{code}: expected one of the modifiers {first:?} and {second:?}, found both")]
    ConflictingModifiers {
        code: String,
        first: String,
        second: String,
    },
}

impl FromStr for TieBreak {
    type Err = TieBreakError;

    /// `CODE[/MODIFIER]…`, case-insensitive: `BH/C1`, `BH/M2`, `KS/L40`, `KS/L3.5`, `TPN/R`,
    /// `ARO/U1000`, `SB/V2024`, `DE/P`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        if t.is_empty() {
            return Err(TieBreakError::Empty);
        }
        let mut parts = t.split('/');
        let head = parts.next().unwrap_or_default().trim();
        let (name, score) = match head.split_once(':') {
            Some((n, sc)) => (n, Some(sc)),
            None => (head, None),
        };
        let code = Code::from_text(name).ok_or_else(|| TieBreakError::UnknownCode {
            found: head.to_string(),
        })?;
        let mut tb = TieBreak::new(code);
        if let Some(sc) = score {
            tb.score = Some(match sc.to_ascii_uppercase().as_str() {
                "MP" => TeamScore::MatchPoints,
                "GP" => TeamScore::GamePoints,
                _ => {
                    return Err(TieBreakError::UnknownModifier {
                        code: name.to_string(),
                        found: format!(":{sc}"),
                    })
                }
            });
        }
        // The modifier already given for each setting (cut or median, limit, reverse,
        // forfeits, edition, unrated): each setting takes one value.
        let mut given: [Option<&str>; 6] = [None; 6];
        for raw in parts {
            let m = raw.trim().to_ascii_uppercase();
            let unknown = || TieBreakError::UnknownModifier {
                code: head.to_string(),
                found: raw.to_string(),
            };
            let not_applicable = || TieBreakError::NotApplicable {
                code: head.to_string(),
                modifier: raw.to_string(),
            };
            let (letter, rest) = match m.char_indices().nth(1) {
                Some((i, _)) => m.split_at(i),
                None => (m.as_str(), ""),
            };
            let setting = match letter {
                "C" | "M" => Some(0),
                "L" => Some(1),
                "R" if rest.is_empty() => Some(2),
                "P" if rest.is_empty() => Some(3),
                "V" => Some(4),
                "U" => Some(5),
                _ => None,
            };
            if let Some(k) = setting {
                match given[k] {
                    Some(first) if first.trim().eq_ignore_ascii_case(raw.trim()) => {
                        return Err(TieBreakError::DuplicateModifier {
                            code: head.to_string(),
                            modifier: raw.trim().to_string(),
                        })
                    }
                    Some(first) => {
                        return Err(TieBreakError::ConflictingModifiers {
                            code: head.to_string(),
                            first: first.trim().to_string(),
                            second: raw.trim().to_string(),
                        })
                    }
                    None => given[k] = Some(raw),
                }
            }
            match letter {
                "C" | "M" => {
                    let n: u8 = rest.parse().map_err(|_| unknown())?;
                    if !(1..=2).contains(&n) {
                        return Err(unknown());
                    }
                    if !code.takes_cuts() {
                        return Err(not_applicable());
                    }
                    tb.cut = if letter == "C" {
                        Cut::Cut(n)
                    } else {
                        Cut::Median(n)
                    };
                }
                "L" => {
                    if code != Code::Koya && code != Code::Yugoslav {
                        return Err(not_applicable());
                    }
                    tb.limit = Some(if rest.contains(['.', ',']) {
                        Limit::Score(rest.parse().map_err(|_| unknown())?)
                    } else {
                        let p: u8 = rest.parse().map_err(|_| unknown())?;
                        if p > 100 {
                            return Err(unknown());
                        }
                        Limit::Percent(p)
                    });
                }
                "R" if rest.is_empty() => tb.reverse = true,
                "P" if rest.is_empty() => {
                    if code != Code::DirectEncounter {
                        return Err(not_applicable());
                    }
                    tb.forfeits_played = true;
                }
                "V" => tb.edition = Some(rest.parse().map_err(|_| unknown())?),
                "U" => {
                    tb.unrated = Some(if rest == "P" {
                        UnratedRule::Provisional
                    } else {
                        UnratedRule::Fixed(rest.parse().map_err(|_| unknown())?)
                    });
                }
                _ => return Err(unknown()),
            }
        }
        Ok(tb)
    }
}

/// Parses a comma-separated list such as `"DE,BH/C1,BH,SB"`.
pub fn parse_list(s: &str) -> Result<Vec<TieBreak>, TieBreakError> {
    if s.trim().is_empty() {
        return Ok(Vec::new());
    }
    s.split([',', ' ', ';'])
        .filter(|p| !p.trim().is_empty())
        .map(str::parse)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for s in [
            "BH",
            "BH/C1",
            "BH/M2",
            "SB/C1",
            "KS/L40",
            "KS/L3.5",
            "TPN/R",
            "ARO/C1/U1000",
            "DE/P",
            "SB/V2024",
            "ARO/UP",
            "PS/C1",
        ] {
            let tb: TieBreak = s.parse().unwrap();
            assert_eq!(tb.to_string(), s);
        }
        assert_eq!("ge".parse::<TieBreak>().unwrap().code, Code::RoundsElected);
        assert!(matches!(
            "WIN/C1".parse::<TieBreak>(),
            Err(TieBreakError::NotApplicable { .. })
        ));
        assert!(matches!(
            "BH/C9".parse::<TieBreak>(),
            Err(TieBreakError::UnknownModifier { .. })
        ));
        assert_eq!(parse_list("DE, BH/C1,BH,SB").unwrap().len(), 4);
    }

    #[test]
    fn a_setting_takes_one_modifier() {
        for s in [
            "BH/C1/C2",
            "BH/C1/M1",
            "KS/L50/L60",
            "ARO/V2024/V2026",
            "TPR/U1000/UP",
        ] {
            assert!(
                matches!(
                    s.parse::<TieBreak>(),
                    Err(TieBreakError::ConflictingModifiers { .. })
                ),
                "{s}"
            );
        }
        assert_eq!(
            "DE/P/p".parse::<TieBreak>(),
            Err(TieBreakError::DuplicateModifier {
                code: "DE".into(),
                modifier: "p".into()
            })
        );
        assert_eq!(
            "BH/C1/M2".parse::<TieBreak>().unwrap_err().to_string(),
            "BH: expected one of the modifiers \"C1\" and \"M2\", found both"
        );
        // Different settings still combine.
        assert!("ARO/C1/U1000/V2024".parse::<TieBreak>().is_ok());
    }

    #[test]
    fn editions() {
        assert_eq!(Edition::in_force_on(2026, 3, 1), Edition::C07_2026);
        assert_eq!(Edition::in_force_on(2026, 2, 28), Edition::C07_2024);
        assert_eq!(Edition::in_force_on(2015, 1, 1), Edition::Fide2012);
        assert_eq!(Edition::in_force_on(2005, 1, 1), Edition::Pre2012);
        for e in Edition::ALL {
            assert_eq!(e.name().parse::<Edition>().unwrap(), e);
        }
    }
}
