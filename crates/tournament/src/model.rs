//! The chess tournament model: players, their round-by-round records and the tournament's
//! parameters. It holds validated data only; parsing and checking happen in [`crate::trf`].

use std::fmt;

use crate::points::Points;

/// A player's tournament pairing number (TPN, "start number"): 1 to 9999 in TRF files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct PlayerId(pub u32);

impl PlayerId {
    pub const fn get(self) -> u32 {
        self.0
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// The colour of the pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The TRF letter: `w` or `b`.
    pub const fn trf_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sex {
    Male,
    Female,
}

/// A FIDE title, in the order GHR Art. 2.2 ranks them (GM highest).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Title {
    GM,
    IM,
    WGM,
    FM,
    WIM,
    CM,
    WFM,
    WCM,
}

impl Title {
    pub const ALL: [Title; 8] = [
        Title::GM,
        Title::IM,
        Title::WGM,
        Title::FM,
        Title::WIM,
        Title::CM,
        Title::WFM,
        Title::WCM,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            Title::GM => "GM",
            Title::IM => "IM",
            Title::WGM => "WGM",
            Title::FM => "FM",
            Title::WIM => "WIM",
            Title::CM => "CM",
            Title::WFM => "WFM",
            Title::WCM => "WCM",
        }
    }

    /// Reads the standard codes and the short lower-case forms files also use (`g`, `m`, `wg`…).
    pub fn from_code(s: &str) -> Option<Title> {
        let t = s.trim();
        let upper = t.to_ascii_uppercase();
        let full = Title::ALL.into_iter().find(|x| x.code() == upper);
        if full.is_some() {
            return full;
        }
        match t {
            "g" => Some(Title::GM),
            "m" => Some(Title::IM),
            "wg" => Some(Title::WGM),
            "f" => Some(Title::FM),
            "wm" => Some(Title::WIM),
            "c" => Some(Title::CM),
            "wf" => Some(Title::WFM),
            "wc" => Some(Title::WCM),
            _ => None,
        }
    }
}

/// The outcome of a game for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    Win,
    Draw,
    Loss,
}

impl GameResult {
    pub const fn reversed(self) -> GameResult {
        match self {
            GameResult::Win => GameResult::Loss,
            GameResult::Draw => GameResult::Draw,
            GameResult::Loss => GameResult::Win,
        }
    }
}

/// What happened to one player in one round: exactly one of these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Entry {
    /// A game played over the board. `rated` is false for games that lasted less than one move
    /// (TRF `W D L`): still games for pairing, but not for rating.
    Played {
        opponent: PlayerId,
        color: Color,
        result: GameResult,
        rated: bool,
    },
    /// Won by forfeit: the scheduled opponent did not play. Opponent and colour are kept
    /// when known (TRF `+`).
    ForfeitWin {
        opponent: Option<PlayerId>,
        color: Option<Color>,
    },
    /// Lost by forfeit against an opponent who was present (TRF `-`).
    ForfeitLoss {
        opponent: Option<PlayerId>,
        color: Option<Color>,
    },
    /// Both players of a scheduled game failed to appear (TRF `-` on both lines).
    DoubleForfeit { opponent: PlayerId, color: Color },
    /// The pairing-allocated bye (TRF `U`), at most one per round.
    PairingBye,
    /// A full-point bye requested or granted (TRF `F`).
    FullBye,
    /// A half-point bye requested (TRF `H`).
    HalfBye,
    /// A zero-point bye: a known absence (TRF `Z`).
    ZeroBye,
    /// Not paired in this round, nothing recorded (TRF blank entry).
    NotPaired,
    /// Withdrawn from the tournament: not paired in this round nor any later one.
    Withdrawn,
}

impl Entry {
    /// The opponent scheduled by the pairing, whether or not the game was played.
    pub fn opponent(&self) -> Option<PlayerId> {
        match *self {
            Entry::Played { opponent, .. } | Entry::DoubleForfeit { opponent, .. } => {
                Some(opponent)
            }
            Entry::ForfeitWin { opponent, .. } | Entry::ForfeitLoss { opponent, .. } => opponent,
            _ => None,
        }
    }

    /// The colour scheduled by the pairing, when known.
    pub fn color(&self) -> Option<Color> {
        match *self {
            Entry::Played { color, .. } | Entry::DoubleForfeit { color, .. } => Some(color),
            Entry::ForfeitWin { color, .. } | Entry::ForfeitLoss { color, .. } => color,
            _ => None,
        }
    }

    /// True for a game actually played over the board (GHR 3.5: only these count as meetings).
    pub fn is_played(&self) -> bool {
        matches!(self, Entry::Played { .. })
    }

    /// The opponent of a game actually played.
    pub fn played_opponent(&self) -> Option<PlayerId> {
        match *self {
            Entry::Played { opponent, .. } => Some(opponent),
            _ => None,
        }
    }

    /// The colour of a game actually played.
    pub fn played_color(&self) -> Option<Color> {
        match *self {
            Entry::Played { color, .. } => Some(color),
            _ => None,
        }
    }

    /// True when the player took part in the round's pairing: a scheduled game (played or
    /// forfeited) or the pairing-allocated bye.
    pub fn was_paired(&self) -> bool {
        matches!(
            self,
            Entry::Played { .. }
                | Entry::ForfeitWin { .. }
                | Entry::ForfeitLoss { .. }
                | Entry::DoubleForfeit { .. }
                | Entry::PairingBye
        )
    }

    /// The points this entry is worth under a point system.
    pub fn points(&self, system: &PointSystem) -> Points {
        match *self {
            Entry::Played { result, .. } => match result {
                GameResult::Win => system.win,
                GameResult::Draw => system.draw,
                GameResult::Loss => system.loss,
            },
            Entry::ForfeitWin { .. } => system.forfeit_win,
            Entry::ForfeitLoss { .. } | Entry::DoubleForfeit { .. } => system.forfeit_loss,
            Entry::PairingBye => system.pairing_bye,
            Entry::FullBye => system.full_bye,
            Entry::HalfBye => system.half_bye,
            Entry::ZeroBye | Entry::NotPaired | Entry::Withdrawn => system.zero_bye,
        }
    }
}

/// Points for each kind of round record. Defaults are FIDE's 1 / ½ / 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PointSystem {
    pub win: Points,
    pub draw: Points,
    /// A game lost over the board.
    pub loss: Points,
    pub forfeit_win: Points,
    /// A forfeit loss, one-sided or double.
    pub forfeit_loss: Points,
    pub pairing_bye: Points,
    pub full_bye: Points,
    pub half_bye: Points,
    /// A zero-point bye, an absence or a round not paired.
    pub zero_bye: Points,
}

impl Default for PointSystem {
    fn default() -> Self {
        PointSystem {
            win: Points::ONE,
            draw: Points::HALF,
            loss: Points::ZERO,
            forfeit_win: Points::ONE,
            forfeit_loss: Points::ZERO,
            pairing_bye: Points::ONE,
            full_bye: Points::ONE,
            half_bye: Points::HALF,
            zero_bye: Points::ZERO,
        }
    }
}

impl PointSystem {
    /// A system where the byes and forfeits follow the game values: forfeit win, full-point bye
    /// and PAB are worth a win, a half-point bye a draw, forfeit losses and absences a loss.
    pub fn from_game_values(win: Points, draw: Points, loss: Points) -> Self {
        PointSystem {
            win,
            draw,
            loss,
            forfeit_win: win,
            forfeit_loss: loss,
            pairing_bye: win,
            full_bye: win,
            half_bye: draw,
            zero_bye: loss,
        }
    }

    pub fn is_default(&self) -> bool {
        *self == PointSystem::default()
    }
}

/// One participant and their record.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Player {
    pub id: PlayerId,
    pub sex: Option<Sex>,
    pub title: Option<Title>,
    /// `Lastname, Firstname` as written.
    pub name: String,
    /// FIDE rating; `None` for unrated (blank or 0 in TRF).
    pub rating: Option<u16>,
    /// National rating (TRF-2026 federation records), where present.
    pub national_rating: Option<u16>,
    pub federation: Option<String>,
    pub fide_id: Option<u64>,
    /// Birth date as written (`YYYY/MM/DD`, sometimes only a year).
    pub birth_date: Option<String>,
    /// The points written in the file (checked against the record by the reader).
    pub points: Points,
    /// The rank written in the file.
    pub rank: Option<u32>,
    /// One entry per round, round 1 first. Rounds beyond the vector's end have no entry yet.
    pub rounds: Vec<Entry>,
}

impl Player {
    /// The entry of round `round` (1-based), if any.
    pub fn entry(&self, round: u32) -> Option<&Entry> {
        (round as usize)
            .checked_sub(1)
            .and_then(|i| self.rounds.get(i))
    }

    /// The score from the first `rounds` rounds under a point system (not counting acceleration).
    pub fn score_after(&self, rounds: u32, system: &PointSystem) -> Points {
        self.rounds
            .iter()
            .take(rounds as usize)
            .map(|e| e.points(system))
            .sum()
    }

    /// The score from every recorded round.
    pub fn score(&self, system: &PointSystem) -> Points {
        self.rounds.iter().map(|e| e.points(system)).sum()
    }
}

/// Tournament header: the `0x2` records of TRF.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Header {
    /// 012
    pub name: Option<String>,
    /// 022
    pub city: Option<String>,
    /// 032
    pub federation: Option<String>,
    /// 042, as written (`YYYY/MM/DD` normally).
    pub start_date: Option<String>,
    /// 052
    pub end_date: Option<String>,
    /// 062
    pub declared_players: Option<u32>,
    /// 072
    pub declared_rated_players: Option<u32>,
    /// 082
    pub declared_teams: Option<u32>,
    /// 092: free text in TRF-16.
    pub tournament_type: Option<String>,
    /// 102
    pub chief_arbiter: Option<String>,
    /// 112, one per line.
    pub deputy_arbiters: Vec<String>,
    /// 122
    pub time_control: Option<String>,
    /// 132: one date per round, as written (`YY/MM/DD`).
    pub round_dates: Vec<String>,
    /// 142 or XXR: rounds planned.
    pub rounds: Option<u32>,
    /// 152 or XXC white1/black1: colour of the top board's higher-ranked player in round 1.
    pub initial_color: Option<Color>,
    /// XXC rank: pair by the order of the player lines rather than by TPN.
    pub pair_by_line_order: bool,
    /// 172: starting-rank method, as written.
    pub rating_method: Option<String>,
    /// 182: program that wrote the file.
    pub program: Option<String>,
    /// 192: encoded tournament type (`FIDE_DUTCH_2025`, `..._BAKU`, …).
    pub type_code: Option<String>,
    /// 202: tie-breaks used to break ties, as written.
    pub tiebreaks: Option<String>,
    /// 212: tie-breaks defining the standings, as written.
    pub standings_tiebreaks: Option<String>,
    /// 222: encoded time control.
    pub time_control_code: Option<String>,
}

impl Header {
    /// The start date as (year, month, day), when it is written in a form we understand.
    pub fn start_ymd(&self) -> Option<(i32, u32, u32)> {
        parse_ymd(self.start_date.as_deref()?)
    }

    /// What the type of tournament (`092`) and type code (`192`) say: `Some(true)` for a round
    /// robin (also Berger, Scheveningen), `Some(false)` for a Swiss, `None` when they say neither.
    pub fn says_round_robin(&self) -> Option<bool> {
        let words = [&self.tournament_type, &self.type_code]
            .iter()
            .filter_map(|s| s.as_deref())
            .map(str::to_ascii_lowercase)
            .collect::<Vec<_>>()
            .join(" ");
        if words.contains("robin") || words.contains("berger") || words.contains("scheveningen") {
            Some(true)
        } else if words.contains("swiss") || words.contains("dutch") || words.contains("burstein") {
            Some(false)
        } else {
            None
        }
    }
}

/// Reads `YYYY/MM/DD`, `YYYY-MM-DD`, `YYYY.MM.DD` or `DD.MM.YYYY`.
pub fn parse_ymd(s: &str) -> Option<(i32, u32, u32)> {
    let parts: Vec<&str> = s.trim().split(['/', '-', '.']).collect();
    if parts.len() != 3 {
        return None;
    }
    let nums: Option<Vec<u32>> = parts.iter().map(|p| p.parse().ok()).collect();
    let n = nums?;
    let (y, m, d) = if parts[0].len() == 4 {
        (n[0], n[1], n[2])
    } else if parts[2].len() == 4 {
        (n[2], n[1], n[0])
    } else {
        return None;
    };
    ((1..=12).contains(&m) && (1..=31).contains(&d)).then_some((y as i32, m, d))
}

/// Virtual points added to pairing scores for a range of rounds and players (TRF-2026 `250`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Acceleration {
    /// Match points (team events); `None` for individuals.
    pub match_points: Option<Points>,
    pub points: Points,
    pub first_round: u32,
    pub last_round: u32,
    pub first_player: PlayerId,
    pub last_player: PlayerId,
}

/// A group of players who must not meet (TRF-2026 `260`, or `XXP` for every round).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForbiddenGroup {
    /// The rounds it applies to, inclusive; `None` for the whole tournament.
    pub rounds: Option<(u32, u32)>,
    pub players: Vec<PlayerId>,
}

impl ForbiddenGroup {
    pub fn applies_to(&self, round: u32) -> bool {
        self.rounds
            .is_none_or(|(first, last)| (first..=last).contains(&round))
    }
}

/// The kind of bye announced in advance (TRF-2026 `240`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ByeKind {
    Full,
    Half,
    Zero,
    /// A pairing-allocated bye fixed by the arbiter (our extension: `240 U`).
    PairingAllocated,
}

impl ByeKind {
    pub const fn trf_char(self) -> char {
        match self {
            ByeKind::Full => 'F',
            ByeKind::Half => 'H',
            ByeKind::Zero => 'Z',
            ByeKind::PairingAllocated => 'U',
        }
    }
}

/// Byes given in advance for one round (TRF-2026 `240`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnnouncedByes {
    pub kind: ByeKind,
    pub round: u32,
    pub players: Vec<PlayerId>,
}

/// What a TRF-2026 `299` record ("abnormal assignment of points", column 5) gives its points to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AbnormalKind {
    /// `W`: a game (a team's match) won over the board.
    Win,
    /// `D`: a game or match drawn over the board.
    Draw,
    /// `L`: a game or match lost over the board.
    Loss,
    /// `F`: a full-point bye.
    FullBye,
    /// `H`: a half-point bye.
    HalfBye,
    /// `Z`: a zero-point bye, an absence.
    ZeroBye,
    /// `+`: a forfeit win.
    ForfeitWin,
    /// `-`: a forfeit loss (one-sided or double).
    ForfeitLoss,
    /// Blank: a penalty or a bonus (negative or positive), added to the score whatever the
    /// round's result.
    Adjustment,
}

impl AbnormalKind {
    pub const ALL: [AbnormalKind; 9] = [
        AbnormalKind::Win,
        AbnormalKind::Draw,
        AbnormalKind::Loss,
        AbnormalKind::FullBye,
        AbnormalKind::HalfBye,
        AbnormalKind::ZeroBye,
        AbnormalKind::ForfeitWin,
        AbnormalKind::ForfeitLoss,
        AbnormalKind::Adjustment,
    ];

    /// The letter of column 5 (a blank for a penalty or bonus).
    pub const fn trf_char(self) -> char {
        match self {
            AbnormalKind::Win => 'W',
            AbnormalKind::Draw => 'D',
            AbnormalKind::Loss => 'L',
            AbnormalKind::FullBye => 'F',
            AbnormalKind::HalfBye => 'H',
            AbnormalKind::ZeroBye => 'Z',
            AbnormalKind::ForfeitWin => '+',
            AbnormalKind::ForfeitLoss => '-',
            AbnormalKind::Adjustment => ' ',
        }
    }

    pub fn from_trf_char(c: char) -> Option<AbnormalKind> {
        AbnormalKind::ALL.into_iter().find(|k| k.trf_char() == c)
    }

    /// The kind of result an entry is, as `299` names results: a game over the board by its
    /// result (rated or not), a forfeit by its side, a bye by its value. An absence with no
    /// entry and a withdrawal are zero-point byes (TRF's blank result means `Z`); the
    /// pairing-allocated bye has no `299` type (its value is `162 P` or `320`).
    pub fn of_entry(e: &Entry) -> Option<AbnormalKind> {
        Some(match e {
            Entry::Played { result, .. } => match result {
                GameResult::Win => AbnormalKind::Win,
                GameResult::Draw => AbnormalKind::Draw,
                GameResult::Loss => AbnormalKind::Loss,
            },
            Entry::ForfeitWin { .. } => AbnormalKind::ForfeitWin,
            Entry::ForfeitLoss { .. } | Entry::DoubleForfeit { .. } => AbnormalKind::ForfeitLoss,
            Entry::FullBye => AbnormalKind::FullBye,
            Entry::HalfBye => AbnormalKind::HalfBye,
            Entry::ZeroBye | Entry::NotPaired | Entry::Withdrawn => AbnormalKind::ZeroBye,
            Entry::PairingBye => return None,
        })
    }
}

/// Points assigned outside the point system (TRF-2026 `299`): a result worth another value
/// than `162`/`362` give it, for some participants and rounds, or a penalty or bonus.
///
/// Our reading of the record (the specification gives its columns and little more):
/// * a typed record (`W D L F H Z + -`) **replaces** the value of that result for the
///   participants it lists (none: every participant) in the round it names (`000`: every
///   round);
/// * a blank type **adds** its points (a penalty when negative) to the score of the round it
///   names; `000` adds them once, in round 1;
/// * the points count for pairing, standings and tie-breaks alike (the specification marks
///   the type and both points fields mandatory for pairing and tie-breaks);
/// * in a team competition the participants are teams, the match points (columns 8-11) and
///   game points (14-17) replace or add to the match's; an individual event has points only.
///
/// ```
/// use tournament::trf;
/// // Player 2 is penalised one point in round 1.
/// let text = "\
/// 001    1      Alpha, Ann                        2100                             1.0    1     2 w 1
/// 001    2      Bravo, Ben                        2000                            -1.0    2     1 b 0
/// 299          -1.0  001 0002
/// ";
/// let t = trf::read(text).unwrap();
/// assert_eq!(t.score_after(&t.players[1], 1).to_string(), "-1.0");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AbnormalPoints {
    pub kind: AbnormalKind,
    /// Match points (team competitions only).
    pub match_points: Option<Points>,
    /// An individual's points, a team's game points.
    pub points: Option<Points>,
    /// The round it applies to; `None` for every round (`000`).
    pub round: Option<u32>,
    /// The participants it applies to (players, or teams in a team competition); empty for
    /// every participant.
    pub participants: Vec<u32>,
}

impl AbnormalPoints {
    /// True when the record concerns `participant` in `round`.
    pub fn applies_to(&self, participant: u32, round: u32) -> bool {
        self.round.is_none_or(|r| r == round)
            && (self.participants.is_empty() || self.participants.contains(&participant))
    }

    /// The round whose score a penalty or bonus counts in: the round named, round 1 for `000`.
    pub fn counted_in(&self) -> u32 {
        self.round.unwrap_or(1)
    }
}

/// A team (TRF-16 `013`, TRF-2026 `310`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Team {
    /// Team pairing number (310 only).
    pub id: Option<u32>,
    pub name: String,
    pub nickname: Option<String>,
    pub strength: Option<String>,
    pub match_points: Option<Points>,
    pub game_points: Option<Points>,
    pub rank: Option<u32>,
    pub players: Vec<PlayerId>,
}

/// Points for a team match won, drawn and lost (TRF-2026 `362`; 2 / 1 / 0 when not given).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MatchPointScale {
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
}

impl Default for MatchPointScale {
    fn default() -> Self {
        MatchPointScale {
            win: Points::from_whole(2),
            draw: Points::ONE,
            loss: Points::ZERO,
        }
    }
}

/// The team pairing-allocated bye (TRF-2026 `320`): its value when the competition states one,
/// and the team that received it in each round.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TeamPab {
    /// Match points of the bye; `None` leaves the default (a drawn match, C.04.6 1.4).
    pub match_points: Option<Points>,
    /// Game points of the bye; `None` leaves the default (a drawn match).
    pub game_points: Option<Points>,
    /// The team number of the receiver, round 1 first; `None` for a round without one.
    pub receivers: Vec<Option<u32>>,
}

/// Who won a team match forfeited as a whole (TRF-2026 `330`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TeamForfeitResult {
    /// `+-`: the team scheduled with White on board 1 won.
    WhiteWins,
    /// `-+`: the team scheduled with Black won.
    BlackWins,
    /// `--`: neither team appeared.
    Neither,
}

/// A team match forfeited as a whole (TRF-2026 `330`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TeamForfeit {
    pub round: u32,
    /// Team numbers of the teams scheduled with White and with Black on board 1.
    pub white: u32,
    pub black: u32,
    pub result: TeamForfeitResult,
}

/// The team-competition records of TRF-2026 beside the rosters (trf.md §8).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TeamRecords {
    /// `362`, when given.
    pub match_points: Option<MatchPointScale>,
    /// `352`: the colour of each board for the team with White on board 1.
    pub board_colors: Option<Vec<Color>>,
    /// `320`, when given.
    pub pab: Option<TeamPab>,
    /// `330`, in file order.
    pub forfeits: Vec<TeamForfeit>,
}

/// A whole tournament as read from a file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tournament {
    pub header: Header,
    pub point_system: PointSystem,
    /// Players in the order of their lines in the file.
    pub players: Vec<Player>,
    /// Per-player virtual points by round (`XXA`): index 0 is round 1.
    pub player_accelerations: Vec<(PlayerId, Vec<Points>)>,
    /// Range accelerations (`250`).
    pub accelerations: Vec<Acceleration>,
    pub forbidden: Vec<ForbiddenGroup>,
    pub announced_byes: Vec<AnnouncedByes>,
    pub teams: Vec<Team>,
    /// The records of a team competition besides the rosters (`320`, `330`, `352`, `362`).
    pub team_records: TeamRecords,
    /// Points assigned outside the point system (`299`), in file order.
    pub abnormal_points: Vec<AbnormalPoints>,
    /// Lines we do not interpret (`###` comments, records of other programs), kept in order
    /// for round-tripping.
    pub other_lines: Vec<String>,
    /// Where each of `other_lines` stood, index for index, so that a rewritten file keeps a
    /// comment beside the record it followed; a line without an entry goes at the end (the
    /// reader leaves out the entries at the end that say so).
    pub other_line_places: Vec<LinePlace>,
}

/// Where a line that the model does not interpret is written back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinePlace {
    /// Before every record.
    Top,
    /// After the record with this key (see `trf::record_key`): the last one with it.
    After(String),
    /// After every record.
    End,
}

impl Tournament {
    /// True for a team competition, where teams are paired against teams: a type code (`192`)
    /// naming a team system, or a team record of TRF-2026 (`320`, `330`, `352`, `362`). Rosters
    /// alone (`310`/`013`) do not make one: individual events list teams for team prizes. In a
    /// team competition the participants of `240`, `250` and `260` are teams.
    pub fn is_team_event(&self) -> bool {
        let r = &self.team_records;
        r != &TeamRecords::default()
            || self
                .header
                .type_code
                .as_deref()
                .is_some_and(|c| c.to_ascii_uppercase().contains("TEAM"))
    }

    /// The number of each team, in `teams` order: its `310` number, else its place in the
    /// file from 1 (`013` has no number).
    pub fn team_numbers(&self) -> Vec<u32> {
        self.teams
            .iter()
            .enumerate()
            .map(|(k, t)| t.id.unwrap_or(k as u32 + 1))
            .collect()
    }

    /// The player with this TPN.
    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        // Files normally list players in TPN order, so try the direct position first.
        let guess = (id.0 as usize).wrapping_sub(1);
        match self.players.get(guess) {
            Some(p) if p.id == id => Some(p),
            _ => self.players.iter().find(|p| p.id == id),
        }
    }

    /// The number of round columns recorded for the longest player record.
    pub fn recorded_rounds(&self) -> u32 {
        self.players
            .iter()
            .map(|p| p.rounds.len() as u32)
            .max()
            .unwrap_or(0)
    }

    /// The points of `player`'s entry in `round` (1-based): the point system's value, or the
    /// value a `299` record gives that result. In a team competition the `299` records
    /// concern teams ([`crate::team`]), so a player's entry keeps the point system's value.
    pub fn entry_points(&self, player: &Player, round: u32) -> Points {
        let entry = player.entry(round).copied().unwrap_or(Entry::NotPaired);
        self.entry_points_of(player.id, &entry, round)
    }

    /// [`Tournament::entry_points`] of an entry given apart (a state being built).
    pub fn entry_points_of(&self, player: PlayerId, entry: &Entry, round: u32) -> Points {
        if self.abnormal_points.is_empty() || self.is_team_event() {
            return entry.points(&self.point_system);
        }
        let kind = AbnormalKind::of_entry(entry);
        self.abnormal_points
            .iter()
            .filter(|a| kind == Some(a.kind) && a.applies_to(player.0, round))
            .find_map(|a| a.points)
            .unwrap_or_else(|| entry.points(&self.point_system))
    }

    /// The penalties and bonuses (`299` with a blank type) of `player` counted in `round`.
    pub fn adjustment(&self, player: PlayerId, round: u32) -> Points {
        if self.abnormal_points.is_empty() || self.is_team_event() {
            return Points::ZERO;
        }
        self.abnormal_points
            .iter()
            .filter(|a| a.kind == AbnormalKind::Adjustment && a.counted_in() == round)
            .filter(|a| a.participants.is_empty() || a.participants.contains(&player.0))
            .filter_map(|a| a.points)
            .sum()
    }

    /// What `round` adds to `player`'s score: the entry's points and the round's penalties and
    /// bonuses.
    pub fn round_points(&self, player: &Player, round: u32) -> Points {
        self.entry_points(player, round) + self.adjustment(player.id, round)
    }

    /// `player`'s score after the first `rounds` rounds, `299` records included (not counting
    /// acceleration).
    pub fn score_after(&self, player: &Player, rounds: u32) -> Points {
        (1..=rounds).map(|r| self.round_points(player, r)).sum()
    }

    /// `player`'s score from every recorded round, `299` records included.
    pub fn score(&self, player: &Player) -> Points {
        if self.abnormal_points.is_empty() {
            return player.score(&self.point_system);
        }
        let rounds = (player.rounds.len() as u32).max(self.recorded_rounds());
        self.score_after(player, rounds)
    }

    /// Virtual points of `player` in `round` from every acceleration record.
    pub fn acceleration(&self, player: PlayerId, round: u32) -> Points {
        let ranged: Points = self
            .accelerations
            .iter()
            .filter(|a| {
                (a.first_round..=a.last_round).contains(&round)
                    && (a.first_player..=a.last_player).contains(&player)
            })
            .map(|a| a.points)
            .sum();
        let per_player: Points = self
            .player_accelerations
            .iter()
            .filter(|(id, _)| *id == player)
            .filter_map(|(_, v)| (round as usize).checked_sub(1).and_then(|i| v.get(i)))
            .copied()
            .sum();
        ranged + per_player
    }

    /// True when `a` and `b` may not meet in `round` by an arbiter's instruction.
    pub fn is_forbidden(&self, a: PlayerId, b: PlayerId, round: u32) -> bool {
        self.forbidden.iter().any(|g| {
            g.applies_to(round) && g.players.contains(&a) && g.players.contains(&b) && a != b
        })
    }
}
