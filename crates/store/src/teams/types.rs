//! The rows of a team event as the rest of the program sees them.

use serde::{Deserialize, Serialize};

use crate::chess::types::ResultCode;
use crate::text::{Label, PersonName};

/// Row ids.
pub type TeamEventId = i64;
pub type TeamKey = i64;
pub type MemberKey = i64;

/// How a team event is paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum TeamSystem {
    /// The Swiss Team system (C.04.6).
    #[default]
    SwissTeam,
    /// Berger tables, one cycle.
    RoundRobin,
    /// Berger tables, two cycles, home and away swapped in the second.
    DoubleRoundRobin,
    /// A knock-out cup: a bracket, the winners of each round meet in the next ([`crate::teams::cup`]).
    Cup,
}

impl TeamSystem {
    pub const ALL: [TeamSystem; 4] = [
        TeamSystem::SwissTeam,
        TeamSystem::RoundRobin,
        TeamSystem::DoubleRoundRobin,
        TeamSystem::Cup,
    ];

    pub const fn as_str(self) -> &'static str {
        match self {
            TeamSystem::SwissTeam => "swiss_team",
            TeamSystem::RoundRobin => "round_robin",
            TeamSystem::DoubleRoundRobin => "double_round_robin",
            TeamSystem::Cup => "cup",
        }
    }

    pub fn parse(s: &str) -> Option<TeamSystem> {
        TeamSystem::ALL.into_iter().find(|x| x.as_str() == s)
    }

    pub const fn is_round_robin(self) -> bool {
        matches!(self, TeamSystem::RoundRobin | TeamSystem::DoubleRoundRobin)
    }
}

/// The Swiss Team system's colour preferences (C.04.6 4.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Preferences {
    #[default]
    A,
    B,
    None,
}

impl Preferences {
    pub const fn as_str(self) -> &'static str {
        match self {
            Preferences::A => "a",
            Preferences::B => "b",
            Preferences::None => "none",
        }
    }

    pub fn parse(s: &str) -> Option<Preferences> {
        [Preferences::A, Preferences::B, Preferences::None]
            .into_iter()
            .find(|x| x.as_str() == s)
    }
}

/// The score teams are paired and ranked by first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum PrimaryScore {
    /// Match points.
    #[default]
    Mp,
    /// Game points.
    Gp,
}

impl PrimaryScore {
    pub const fn as_str(self) -> &'static str {
        match self {
            PrimaryScore::Mp => "mp",
            PrimaryScore::Gp => "gp",
        }
    }

    pub fn parse(s: &str) -> Option<PrimaryScore> {
        match s {
            "mp" => Some(PrimaryScore::Mp),
            "gp" => Some(PrimaryScore::Gp),
            _ => None,
        }
    }
}

/// Match points for a match won, drawn, lost over the board and lost by forfeit (a team that
/// did not show, or fielded nobody who played). Written `win/draw/loss`, with `/forfeit` after
/// it when a forfeit is worth less than a loss: `2/1/0`, `3/1/0`, the FFE's `3/2/1/0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchPoints {
    pub win: u8,
    pub draw: u8,
    pub loss: u8,
    /// A match lost by forfeit; equal to `loss` where the competition makes no difference.
    pub forfeit: u8,
}

impl MatchPoints {
    /// 2 / 1 / 0, the default of C.04.6 and TRF-2026.
    pub const TWO_ONE_ZERO: MatchPoints = MatchPoints {
        win: 2,
        draw: 1,
        loss: 0,
        forfeit: 0,
    };
    /// 3 / 1 / 0, as many leagues score.
    pub const THREE_ONE_ZERO: MatchPoints = MatchPoints {
        win: 3,
        draw: 1,
        loss: 0,
        forfeit: 0,
    };
    /// The FFE's interclubs: 3 a win, 2 a draw, 1 a loss, 0 a loss by forfeit (Livre de la
    /// Fédération, A02, « Décompte des points »).
    pub const FFE: MatchPoints = MatchPoints {
        win: 3,
        draw: 2,
        loss: 1,
        forfeit: 0,
    };
    /// The scales the forms offer; any other is typed.
    pub const PRESETS: [MatchPoints; 3] = [
        MatchPoints::TWO_ONE_ZERO,
        MatchPoints::THREE_ONE_ZERO,
        MatchPoints::FFE,
    ];

    /// What the scale must hold: a win above a draw, a draw at least a loss, a loss at least
    /// a forfeit, at most 9 for a win.
    pub fn is_ordered(&self) -> bool {
        self.win > self.draw && self.draw >= self.loss && self.loss >= self.forfeit && self.win <= 9
    }
}

impl Default for MatchPoints {
    fn default() -> Self {
        MatchPoints::TWO_ONE_ZERO
    }
}

impl std::fmt::Display for MatchPoints {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}/{}", self.win, self.draw, self.loss)?;
        if self.forfeit != self.loss {
            write!(f, "/{}", self.forfeit)?;
        }
        Ok(())
    }
}

/// Why a typed scale was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("match points as win/draw/loss or win/draw/loss/forfeit, a win above a draw, a draw at least a loss, a loss at least a forfeit, whole numbers up to 9 (2/1/0, 3/1/0, 3/2/1/0)")]
pub struct MatchPointsError;

impl std::str::FromStr for MatchPoints {
    type Err = MatchPointsError;

    /// `3/1/0` (a forfeit worth a loss) or `3/2/1/0`.
    fn from_str(s: &str) -> Result<MatchPoints, MatchPointsError> {
        let parts: Vec<u8> = s
            .trim()
            .split('/')
            .map(|p| p.trim().parse::<u8>().map_err(|_| MatchPointsError))
            .collect::<Result<_, _>>()?;
        let m = match parts[..] {
            [win, draw, loss] => MatchPoints {
                win,
                draw,
                loss,
                forfeit: loss,
            },
            [win, draw, loss, forfeit] => MatchPoints {
                win,
                draw,
                loss,
                forfeit,
            },
            _ => return Err(MatchPointsError),
        };
        if m.is_ordered() {
            Ok(m)
        } else {
            Err(MatchPointsError)
        }
    }
}

/// Everything the arbiter sets up for a team event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamEventSettings {
    pub name: Label,
    pub place: Label,
    /// Three-letter federation (`FRA`) or empty.
    pub federation: String,
    /// `YYYY-MM-DD` or empty.
    pub start_date: String,
    pub end_date: String,
    pub chief_arbiter: PersonName,
    pub time_control: Label,
    pub rounds: u32,
    pub system: TeamSystem,
    /// Boards per match.
    pub boards: u32,
    pub match_points: MatchPoints,
    pub preferences: Preferences,
    pub primary: PrimaryScore,
    /// `true`: the first team of round 1 has White on board 1 (C.04.6 4.1).
    pub initial_white: bool,
    /// The tie-breaks after the primary score, as `tiebreak::parse_list` reads them (`GP,EDE,SB`).
    pub tiebreaks: String,
    pub public: bool,
    /// `Some(gap)`: a lineup may put its players in any order where nobody sits below a player
    /// rated more than `gap` points lower (the FFE's 100, A02); `None`: a lineup follows the
    /// roster's order. Round robins only.
    pub board_order_gap: Option<u16>,
    /// The exemption from the federation rules of title norms (B.01 1.4.3a-c): a national team
    /// championship's, for the players of the federation that registered it.
    #[serde(default)]
    pub norm_exemption: crate::chess::types::NormExemption,
    /// The rules a competition sets on its rosters and lineups (issue 39 §4), each off by default.
    #[serde(default)]
    pub roster_rules: RosterRules,
}

impl TeamEventSettings {
    /// A Swiss Team event of `rounds` rounds and `boards` boards, with every other setting at
    /// its default.
    pub fn new(name: Label, rounds: u32, boards: u32) -> TeamEventSettings {
        TeamEventSettings {
            name,
            place: Label::default(),
            federation: String::new(),
            start_date: String::new(),
            end_date: String::new(),
            chief_arbiter: PersonName::default(),
            time_control: Label::default(),
            rounds,
            system: TeamSystem::SwissTeam,
            boards,
            match_points: MatchPoints::default(),
            preferences: Preferences::A,
            primary: PrimaryScore::Mp,
            initial_white: true,
            tiebreaks: String::new(),
            public: true,
            board_order_gap: None,
            norm_exemption: crate::chess::types::NormExemption::None,
            roster_rules: RosterRules::default(),
        }
    }
}

/// A team event as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TeamEvent {
    pub id: TeamEventId,
    #[serde(flatten)]
    pub settings: TeamEventSettings,
    /// Rounds paired so far.
    pub rounds_paired: u32,
    /// The colours of a match's boards: a cup's setting, alternating for every other event.
    pub board_colours: BoardColours,
}

impl TeamEvent {
    /// The colours, board by board, of the team with White on board 1 in this event's matches.
    pub fn board_colours(&self) -> Vec<tournament::Color> {
        self.board_colours.colours(self.settings.boards)
    }
}

/// The colours of a match's boards, those of the team with White on board 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum BoardColours {
    /// White, Black, White, Black, … from board 1 (C.04.6 4.4): every league and Swiss Team
    /// event, and a cup by default.
    #[default]
    Alternate,
    /// The Coupe de France's « BNNB »: White on boards 1 and 4, Black on boards 2 and 3; past 4
    /// boards the pattern goes on by fours (W B B W W B B W).
    FfeCup,
}

impl BoardColours {
    pub const ALL: &'static [BoardColours] = &[BoardColours::Alternate, BoardColours::FfeCup];

    pub const fn as_str(self) -> &'static str {
        match self {
            BoardColours::Alternate => "alternate",
            BoardColours::FfeCup => "ffe_cup",
        }
    }

    pub fn parse(s: &str) -> Option<BoardColours> {
        Self::ALL.iter().copied().find(|x| x.as_str() == s)
    }

    /// The colours of the team with White on board 1, board by board from board 1.
    pub fn colours(self, boards: u32) -> Vec<tournament::Color> {
        use tournament::Color::{Black, White};
        (0..boards)
            .map(|k| match (self, k % 4) {
                (BoardColours::Alternate, k) if k % 2 == 0 => White,
                (BoardColours::Alternate, _) => Black,
                (BoardColours::FfeCup, 0 | 3) => White,
                (BoardColours::FfeCup, _) => Black,
            })
            .collect()
    }
}

/// A team as the arbiter types or imports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct NewTeam {
    pub name: Label,
    pub club: Label,
    pub federation: String,
    pub captain: PersonName,
    /// The team's division in a cup, 1 the highest (Top 12 = 1, Nationale I = 2, …): the byes
    /// can go to the highest divisions.
    #[serde(default)]
    pub division: Option<u8>,
    /// The cup round the team enters at (the Coupe de France's Top 12 in the 32es de finale),
    /// `None` for round 1.
    #[serde(default)]
    pub entry_round: Option<u8>,
}

/// A roster player as typed or imported.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct NewMember {
    /// `Surname, First name` as FIDE writes it, or as typed.
    pub name: PersonName,
    /// `GM`, `IM`, `WGM`, … or empty.
    pub title: String,
    pub rating: Option<u16>,
    pub federation: String,
    pub fide_id: Option<u64>,
    /// `m`, `w` or empty, as an individual event's player (the women's rule counts `w`).
    #[serde(default)]
    pub sex: String,
    /// The national rating; its kind (F, N, E) is in `national`.
    #[serde(default)]
    pub national_rating: Option<u16>,
    /// The player's club, as the federation's list writes it.
    #[serde(default)]
    pub club: Label,
    /// Licence number and type, league, the national rating's kind.
    #[serde(flatten)]
    pub national: crate::chess::types::NationalData,
}

/// A player of a team's roster.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Member {
    pub id: MemberKey,
    /// Roster order, from 1.
    pub board: u32,
    #[serde(flatten)]
    pub details: NewMember,
}

/// A team with its roster in board order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Team {
    pub id: TeamKey,
    /// Team pairing number.
    pub number: u32,
    #[serde(flatten)]
    pub details: NewTeam,
    pub roster: Vec<Member>,
}

impl Team {
    /// The average rating of the top `boards` roster players (unrated count as 0), the value
    /// teams are numbered by; `None` for an empty roster.
    pub fn average_rating(&self, boards: u32) -> Option<u32> {
        let top: Vec<u32> = self
            .roster
            .iter()
            .take(boards as usize)
            .map(|m| u32::from(m.details.rating.unwrap_or(0)))
            .collect();
        if top.is_empty() {
            return None;
        }
        Some(top.iter().sum::<u32>() / top.len() as u32)
    }
}

/// One board of a match, with White's and Black's roster players. In a match forfeited as a
/// whole the team that did not show fielded nobody: its side is `None` (its player is not
/// invented from the default lineup), the present team's side is the lineup as it stood.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MatchBoard {
    pub board: u32,
    pub white: Option<MemberKey>,
    pub black: Option<MemberKey>,
    pub result: Option<ResultCode>,
}

/// A match of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TeamMatch {
    pub round: u32,
    /// The match's table, from 1.
    pub number: u32,
    /// The team with White on board 1 (the home team of a round robin).
    pub white_team: TeamKey,
    pub black_team: TeamKey,
    pub boards: Vec<MatchBoard>,
    /// Set when the match was forfeited as a whole (TRF-2026 `330`).
    pub forfeit: Option<MatchForfeit>,
}

/// A match forfeited as a whole: one team, or both, did not show. Every board is then lost by
/// forfeit by the absent team's player; the match points follow the event's scale (a win for
/// the team present, a loss for the absent one; both lose when neither came).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MatchForfeit {
    /// `+-`: the team with White on board 1 wins (the other did not show).
    #[serde(rename = "+-")]
    WhiteTeamWins,
    /// `-+`: the team with Black on board 1 wins.
    #[serde(rename = "-+")]
    BlackTeamWins,
    /// `--`: neither team came.
    #[serde(rename = "--")]
    Neither,
}

impl MatchForfeit {
    /// Whether the match's white team (`true`) or black team (`false`) came: `false` for the
    /// team that did not show.
    pub const fn came(self, white_team: bool) -> bool {
        matches!(
            (self, white_team),
            (MatchForfeit::WhiteTeamWins, true) | (MatchForfeit::BlackTeamWins, false)
        )
    }

    pub const ALL: [MatchForfeit; 3] = [
        MatchForfeit::WhiteTeamWins,
        MatchForfeit::BlackTeamWins,
        MatchForfeit::Neither,
    ];

    /// The code of TRF-2026's `330` record, also the column's value.
    pub const fn as_str(self) -> &'static str {
        match self {
            MatchForfeit::WhiteTeamWins => "+-",
            MatchForfeit::BlackTeamWins => "-+",
            MatchForfeit::Neither => "--",
        }
    }

    pub fn parse(s: &str) -> Option<MatchForfeit> {
        MatchForfeit::ALL
            .into_iter()
            .find(|f| f.as_str() == s.trim())
    }

    /// The result of a board whose White plays for the match's white team when
    /// `white_team_has_white`.
    pub fn board_result(self, white_team_has_white: bool) -> ResultCode {
        match (self, white_team_has_white) {
            (MatchForfeit::Neither, _) => ResultCode::DoubleForfeit,
            (MatchForfeit::WhiteTeamWins, true) | (MatchForfeit::BlackTeamWins, false) => {
                ResultCode::WhiteForfeitWin
            }
            _ => ResultCode::BlackForfeitWin,
        }
    }
}

/// A paired round: its matches in table order and the team without a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TeamRoundPairing {
    pub round: u32,
    pub matches: Vec<TeamMatch>,
    pub bye: Option<TeamKey>,
}

/// Which rating a cap reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum CapRating {
    /// The FIDE rating.
    #[default]
    Fide,
    /// The national rating (the FFE's, whatever its kind F, N or E).
    National,
}

impl CapRating {
    pub const EXPECTED: &'static str = "fide or national";

    pub const fn as_str(self) -> &'static str {
        match self {
            CapRating::Fide => "fide",
            CapRating::National => "national",
        }
    }

    pub fn parse(s: &str) -> Option<CapRating> {
        [CapRating::Fide, CapRating::National]
            .into_iter()
            .find(|c| c.as_str() == s.trim())
    }

    /// The player's rating this cap reads (`None`: unrated, counted as 0).
    pub fn of(self, m: &NewMember) -> Option<u16> {
        match self {
            CapRating::Fide => m.rating,
            CapRating::National => m.national_rating,
        }
    }
}

/// The rules a competition sets on its rosters and lineups, each off (`None`, `false`) by
/// default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct RosterRules {
    /// At most this many foreign players in a lineup: a player whose federation is not the
    /// event's (a player without a federation is not counted).
    pub max_foreign: Option<u8>,
    /// At least this many women (`w`) in a lineup (the Coupe de la Parité, the Top 12's French
    /// woman).
    pub min_women: Option<u8>,
    /// No roster player rated above this (refused when the roster is entered and in a lineup).
    pub player_cap: Option<u16>,
    /// The lineup's ratings add up to at most this.
    pub sum_cap: Option<u32>,
    /// The rating the caps read.
    pub cap_rating: CapRating,
    /// A player (the same licence, else FIDE id, else name) fielded by a team of a club may not
    /// be fielded in the same round by another team of that club.
    pub one_team_per_round: bool,
}
