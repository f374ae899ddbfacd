//! The random tournament generator (RTG, trf.md §6.4): a whole Swiss tournament paired round
//! by round by an engine, with results drawn from the rating difference.
//!
//! Settings come from a Java-properties text (`PlayersNumber=40`, …), from an existing
//! tournament used as a model, or are drawn at random. A seed makes every run reproducible:
//! the same seed and settings give the same tournament.
//!
//! ```
//! use pairing::generator::{generate, Settings};
//! use pairing::berger::{round, Cycles};
//! use tournament::Tournament;
//!
//! let text = "PlayersNumber=6\nRoundsNumber=5\nRetiredRate=0\nHalfPointByeRate=0\n";
//! let settings = Settings::from_properties(text).unwrap();
//! // Any engine will do; here the 6-player Berger table pairs the rounds.
//! let engine = |_: &Tournament, r: u32| Ok(round(6, Cycles::Single, r).unwrap());
//! let t = generate(&settings, 42, engine).unwrap();
//! assert_eq!(t.header.name.as_deref(), Some("AutoTest Tournament 42"));
//! assert_eq!(t.players.len(), 6);
//! assert!(t.players.iter().all(|p| p.rounds.len() == 5));
//! assert_eq!(t, generate(&settings, 42, engine).unwrap());
//! ```

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tournament::{Color, Entry, GameResult, Player, PlayerId, PointSystem, Points, Tournament};

use crate::{Pairing, PairingError};

/// One `Key=Value` line of a Java-properties text, with where the key and the value start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Property<'a> {
    pub line: usize,
    pub key_column: usize,
    pub key: &'a str,
    pub value: &'a str,
    pub value_column: usize,
}

/// The `Key=Value` (or `Key: Value`) lines of a Java-properties text, `#` and `!` comments and
/// blank lines left out; a line that is neither is an error.
pub fn properties(text: &str) -> Result<Vec<Property<'_>>, SettingsError> {
    let mut out = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim_start();
        let indent = raw.len() - trimmed.len();
        let content = trimmed.trim_end();
        if content.is_empty() || content.starts_with('#') || content.starts_with('!') {
            continue;
        }
        let Some(split) = content.find(['=', ':']) else {
            return Err(SettingsError {
                line,
                column: indent + 1,
                message: format!("expected Key=Value, found {content:?}"),
            });
        };
        let value_raw = &content[split + 1..];
        out.push(Property {
            line,
            key_column: indent + 1,
            key: content[..split].trim(),
            value: value_raw.trim(),
            value_column: indent + split + 2 + (value_raw.len() - value_raw.trim_start().len()),
        });
    }
    Ok(out)
}

/// The largest field: the TRF player-number limit.
pub const MAX_PLAYERS: u32 = 9999;
/// The most rounds a TRF file can describe in the engines' limits.
pub const MAX_ROUNDS: u32 = 99;

/// Generator settings as given; anything left out is drawn at random from the seed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Settings {
    /// `PlayersNumber`
    pub players: Option<u32>,
    /// `RoundsNumber`
    pub rounds: Option<u32>,
    /// `DrawPercentage`: percentage of games drawn.
    pub draw_percentage: Option<u32>,
    /// `ForfeitRate`: one scheduled game in N is forfeited (0: none).
    pub forfeit_rate: Option<u32>,
    /// `RetiredRate`: one player in N retires (0: none).
    pub retired_rate: Option<u32>,
    /// `HalfPointByeRate`: a player takes a half-point bye in one round in N (0: none).
    pub half_point_bye_rate: Option<u32>,
    /// `HighestRating`
    pub highest_rating: Option<u16>,
    /// `LowestRating`
    pub lowest_rating: Option<u16>,
    /// `PointsForWin`
    pub points_for_win: Option<Points>,
    /// `PointsForDraw`
    pub points_for_draw: Option<Points>,
    /// `PointsForLoss`
    pub points_for_loss: Option<Points>,
    /// `PointsForZPB`
    pub points_for_zero_bye: Option<Points>,
    /// `PointsForForfeitLoss` (also the zero-point bye value when `PointsForZPB` is absent).
    pub points_for_forfeit_loss: Option<Points>,
    /// `PointsForPAB` (default: the value of a win).
    pub points_for_pab: Option<Points>,
    /// Ratings in pairing-number order, taken from a model tournament.
    pub ratings: Option<Vec<Option<u16>>>,
    /// `TopRating`: the first player's rating; each next one `RatingStep` lower (Gacrux's
    /// `-r top step`).
    pub top_rating: Option<u16>,
    /// `RatingStep` (default 10 when `TopRating` is given).
    pub rating_step: Option<u16>,
    /// `FullPointByes`: full-point byes (`F`), a count for the event or a share of the
    /// player-rounds (`2%`).
    pub full_point_byes: Option<Amount>,
    /// `HalfPointByes`: half-point byes (`H`), as `FullPointByes`; replaces `HalfPointByeRate`.
    pub half_point_byes: Option<Amount>,
    /// `ZeroPointByes`: zero-point byes (`Z`), as `FullPointByes`.
    pub zero_point_byes: Option<Amount>,
    /// `ForfeitWins`: games one player forfeits (the other wins by forfeit), a count or a
    /// share of the games; replaces `ForfeitRate`.
    pub forfeit_wins: Option<Amount>,
    /// `ForfeitLosses`: games both players forfeit (both lose by forfeit), as `ForfeitWins`.
    pub forfeit_losses: Option<Amount>,
    /// `UnusualResults`: games decided before a move was made (TRF `W`/`D`/`L`: paired, not
    /// rated), as `ForfeitWins`.
    pub unusual_results: Option<Amount>,
    /// `Acceleration=baku`: the Baku method (C.04.7.1 Art. 1), written as `250` records.
    pub baku: Option<bool>,
    /// `TieBreaks`: the standings' tie-break list, written as `202` (and `212` with `PTS`).
    pub tiebreaks: Option<String>,
    /// `TournamentsNumber`: how many tournaments to write (the output name holds `%d`).
    pub tournaments: Option<u32>,
    /// Where each key was given in the settings text: key, line, column of the value. Errors
    /// found when the settings are combined point there.
    pub positions: Vec<(&'static str, usize, usize)>,
}

/// How many times something happens in a generated event: a count for the whole event, or a
/// share (in tenths of a percent) of the chances it has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Amount {
    Count(u32),
    /// Tenths of a percent: `2.5%` is 25.
    PerMille(u32),
}

impl std::str::FromStr for Amount {
    type Err = ();
    /// `12` (a count) or `2.5%` (a share, one decimal at most, up to 100%).
    fn from_str(s: &str) -> Result<Amount, ()> {
        match s.strip_suffix('%') {
            Some(share) => {
                let share = share.trim();
                let (whole, tenth) = match share.split_once('.') {
                    Some((w, t)) if t.len() == 1 => (w, t),
                    Some(_) => return Err(()),
                    None => (share, "0"),
                };
                let digits = |x: &str| !x.is_empty() && x.bytes().all(|b| b.is_ascii_digit());
                if !digits(whole) || !digits(tenth) {
                    return Err(());
                }
                let v = whole.parse::<u32>().map_err(|_| ())? * 10
                    + tenth.parse::<u32>().map_err(|_| ())?;
                (v <= 1000).then_some(Amount::PerMille(v)).ok_or(())
            }
            None => s.parse().map(Amount::Count).map_err(|_| ()),
        }
    }
}

/// The configuration keys, under their canonical names.
const KEYS: [&str; 25] = [
    "TopRating",
    "RatingStep",
    "FullPointByes",
    "HalfPointByes",
    "ZeroPointByes",
    "ForfeitWins",
    "ForfeitLosses",
    "UnusualResults",
    "Acceleration",
    "TieBreaks",
    "TournamentsNumber",
    "PlayersNumber",
    "RoundsNumber",
    "DrawPercentage",
    "ForfeitRate",
    "RetiredRate",
    "HalfPointByeRate",
    "HighestRating",
    "LowestRating",
    "PointsForWin",
    "PointsForDraw",
    "PointsForLoss",
    "PointsForZPB",
    "PointsForForfeitLoss",
    "PointsForPAB",
];

/// The most points a TRF-16 player line can hold (4 columns: `99.9`), in tenths.
pub const MAX_SCORE_TENTHS: i32 = 999;

/// A settings text that cannot be used: where and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {message}")]
pub struct SettingsError {
    /// 1-based line of the settings text (0 when the problem is not on one line).
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    pub message: String,
}

/// Why no tournament was generated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GeneratorError {
    #[error("{0}")]
    Settings(#[from] SettingsError),
    /// The settings are valid but their scores would not fit a TRF file (trf.md §6.6).
    #[error("{0}")]
    BeyondLimits(SettingsError),
    /// The engine could not pair a round.
    #[error("round {round}: {source}")]
    Pairing { round: u32, source: PairingError },
    /// The engine's pairing of a round left out a player who was to be paired, or paired
    /// somebody who was not.
    #[error(
        "round {round}: the engine's pairing is not a pairing of the players present ({detail})"
    )]
    BadPairing { round: u32, detail: String },
}

impl Settings {
    /// Reads a Java-properties text: `Key=Value` (or `Key: Value`) per line, `#` and `!`
    /// comments. Unknown keys and bad values are errors.
    pub fn from_properties(text: &str) -> Result<Settings, SettingsError> {
        let mut s = Settings::default();
        for Property {
            line,
            key_column,
            key,
            value,
            value_column,
        } in properties(text)?
        {
            let indent = key_column - 1;
            let err = |expected: &str| SettingsError {
                line,
                column: value_column,
                message: format!("{key}: expected {expected}, found {value:?}"),
            };
            let count = |max: u32| -> Result<u32, SettingsError> {
                value
                    .parse::<u32>()
                    .ok()
                    .filter(|v| *v <= max)
                    .ok_or_else(|| err(&format!("a whole number from 0 to {max}")))
            };
            let rating = || -> Result<u16, SettingsError> {
                value
                    .parse::<u16>()
                    .ok()
                    .filter(|v| *v <= 9999)
                    .ok_or_else(|| err("a rating from 0 to 9999"))
            };
            let amount = || -> Result<Amount, SettingsError> {
                value
                    .parse::<Amount>()
                    .map_err(|_| err("a count such as 3 or a share such as 2.5%"))
            };
            let points = || -> Result<Points, SettingsError> {
                value
                    .parse::<Points>()
                    .ok()
                    .filter(|p| (0..=999).contains(&p.tenths()))
                    .ok_or_else(|| err("a number of points such as 1.0, from 0.0 to 99.9"))
            };
            match key {
                "PlayersNumber" => s.players = Some(count(MAX_PLAYERS)?),
                "RoundsNumber" => s.rounds = Some(count(MAX_ROUNDS)?),
                "DrawPercentage" => s.draw_percentage = Some(count(100)?),
                "ForfeitRate" => s.forfeit_rate = Some(count(u32::MAX)?),
                "RetiredRate" => s.retired_rate = Some(count(u32::MAX)?),
                // The misspelling is accepted because existing configuration files use it.
                "HalfPointByeRate" | "HalfPointByteRate" => {
                    s.half_point_bye_rate = Some(count(u32::MAX)?)
                }
                "HighestRating" => s.highest_rating = Some(rating()?),
                "LowestRating" => s.lowest_rating = Some(rating()?),
                "PointsForWin" => s.points_for_win = Some(points()?),
                "PointsForDraw" => s.points_for_draw = Some(points()?),
                "PointsForLoss" => s.points_for_loss = Some(points()?),
                "PointsForZPB" => s.points_for_zero_bye = Some(points()?),
                "PointsForForfeitLoss" => s.points_for_forfeit_loss = Some(points()?),
                "PointsForPAB" => s.points_for_pab = Some(points()?),
                "TopRating" => s.top_rating = Some(rating()?),
                "RatingStep" => s.rating_step = Some(rating()?),
                "FullPointByes" => s.full_point_byes = Some(amount()?),
                "HalfPointByes" => s.half_point_byes = Some(amount()?),
                "ZeroPointByes" => s.zero_point_byes = Some(amount()?),
                "ForfeitWins" => s.forfeit_wins = Some(amount()?),
                "ForfeitLosses" => s.forfeit_losses = Some(amount()?),
                "UnusualResults" => s.unusual_results = Some(amount()?),
                "Acceleration" => {
                    s.baku = Some(match value.to_ascii_lowercase().as_str() {
                        "baku" => true,
                        "none" | "no" => false,
                        _ => return Err(err("baku or none")),
                    })
                }
                "TieBreaks" => {
                    if value.is_empty() || value.chars().any(|c| c.is_control()) {
                        return Err(err("a tie-break list such as BH/C1,BH,SB"));
                    }
                    s.tiebreaks = Some(value.to_string())
                }
                "TournamentsNumber" => {
                    let n = count(100_000)?;
                    if n == 0 {
                        return Err(err("a number of tournaments from 1 to 100000"));
                    }
                    s.tournaments = Some(n)
                }
                _ => {
                    return Err(SettingsError {
                        line,
                        column: indent + 1,
                        message: format!("unknown key {key:?}"),
                    })
                }
            }
            let canonical = if key == "HalfPointByteRate" {
                "HalfPointByeRate"
            } else {
                key
            };
            if let Some(name) = KEYS.iter().find(|k| **k == canonical) {
                s.positions.push((name, line, value_column));
            }
        }
        Ok(s)
    }

    /// Settings that imitate an existing tournament: its size, number of rounds, point system,
    /// ratings, and its rates of draws, forfeits, half-point byes and retirements.
    pub fn from_model(model: &Tournament) -> Settings {
        let mut players: Vec<&Player> = model.players.iter().collect();
        players.sort_by_key(|p| p.id);
        let rounds = model
            .header
            .rounds
            .unwrap_or_else(|| model.recorded_rounds());
        let mut games = 0u32;
        let mut draws = 0u32;
        let mut scheduled = 0u32;
        let mut forfeits = 0u32;
        let mut half_byes = 0u32;
        let mut retired = 0u32;
        for p in &players {
            for e in &p.rounds {
                match e {
                    Entry::Played { result, .. } => {
                        games += 1;
                        scheduled += 1;
                        draws += u32::from(*result == GameResult::Draw);
                    }
                    Entry::ForfeitWin {
                        opponent: Some(_), ..
                    }
                    | Entry::ForfeitLoss {
                        opponent: Some(_), ..
                    }
                    | Entry::DoubleForfeit { .. } => {
                        scheduled += 1;
                        forfeits += 1;
                    }
                    Entry::HalfBye => half_byes += 1,
                    _ => {}
                }
            }
            // A player whose record ends in absences after having played has retired.
            let last_present = p.rounds.iter().rposition(|e| e.was_paired());
            let ends_absent = matches!(
                p.rounds.last(),
                Some(Entry::ZeroBye | Entry::Withdrawn | Entry::NotPaired)
            );
            retired += u32::from(last_present.is_some() && ends_absent);
        }
        let n = players.len() as u32;
        // Each game is on two lines; a rate of one in N, or 0 for never.
        let rate = |total: u32, events: u32| total.checked_div(events).map_or(0, |r| r.max(1));
        let ratings: Vec<Option<u16>> = players.iter().map(|p| p.rating).collect();
        let known: Vec<u16> = ratings.iter().flatten().copied().collect();
        let system = model.point_system;
        Settings {
            players: Some(n),
            rounds: Some(rounds),
            draw_percentage: Some((draws * 100).checked_div(games).unwrap_or(0)),
            forfeit_rate: Some(rate(scheduled, forfeits)),
            retired_rate: Some(rate(n, retired)),
            half_point_bye_rate: Some(rate(n * rounds, half_byes)),
            highest_rating: known.iter().max().copied(),
            lowest_rating: known.iter().min().copied(),
            points_for_win: Some(system.win),
            points_for_draw: Some(system.draw),
            points_for_loss: Some(system.loss),
            points_for_zero_bye: Some(system.zero_bye),
            points_for_forfeit_loss: Some(system.forfeit_loss),
            points_for_pab: Some(system.pairing_bye),
            ratings: Some(ratings),
            baku: Some(!model.accelerations.is_empty() || !model.player_accelerations.is_empty()),
            tiebreaks: model
                .header
                .tiebreaks
                .clone()
                .filter(|l| !l.trim().is_empty()),
            positions: Vec::new(),
            ..Settings::default()
        }
    }

    /// The error `message` at the place where `key` was given (the last time), or on no line.
    fn error_at(&self, key: &str, message: String) -> SettingsError {
        let (line, column) = self
            .positions
            .iter()
            .rev()
            .find(|(k, _, _)| *k == key)
            .map_or((0, 0), |&(_, l, c)| (l, c));
        SettingsError {
            line,
            column,
            message,
        }
    }
}

/// Settings with every value decided.
/// The tie-break list a generated event is ranked with when the settings give none.
pub const DEFAULT_TIEBREAKS: &str = "BH/C1,BH,SB";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    pub players: u32,
    pub rounds: u32,
    /// `None`: the draw share of Otto Milvang's model for the two ratings.
    pub draw_percentage: Option<u32>,
    pub forfeit_rate: u32,
    pub retired_rate: u32,
    pub half_point_bye_rate: u32,
    pub highest_rating: u16,
    pub lowest_rating: u16,
    pub point_system: PointSystem,
}

impl Config {
    /// Decides every missing value with `rng`, using the ranges of trf.md §6.4.
    fn resolve(s: &Settings, rng: &mut ChaCha8Rng) -> Result<Config, GeneratorError> {
        let players = s.players.unwrap_or_else(|| rng.gen_range(15..=215));
        let rounds = s.rounds.unwrap_or_else(|| rng.gen_range(5..=15));
        let draw_percentage = s.draw_percentage;
        let forfeit_rate = s.forfeit_rate.unwrap_or_else(|| rng.gen_range(6..=30));
        let retired_rate = s.retired_rate.unwrap_or_else(|| rng.gen_range(15..=3225));
        let half_point_bye_rate = s
            .half_point_bye_rate
            .unwrap_or_else(|| rng.gen_range(15..=3225));
        let highest_rating = s
            .highest_rating
            .unwrap_or_else(|| rng.gen_range(2400..=2800));
        let lowest_rating = s
            .lowest_rating
            .unwrap_or_else(|| rng.gen_range(1400..=2300).min(highest_rating));
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(s
                .error_at(
                    "PlayersNumber",
                    format!("PlayersNumber must be from 2 to {MAX_PLAYERS}, not {players}"),
                )
                .into());
        }
        if !(1..=MAX_ROUNDS).contains(&rounds) {
            return Err(s
                .error_at(
                    "RoundsNumber",
                    format!("RoundsNumber must be from 1 to {MAX_ROUNDS}, not {rounds}"),
                )
                .into());
        }
        if lowest_rating > highest_rating {
            let key = if s.lowest_rating.is_some() {
                "LowestRating"
            } else {
                "HighestRating"
            };
            return Err(s
                .error_at(
                    key,
                    format!("LowestRating {lowest_rating} is above HighestRating {highest_rating}"),
                )
                .into());
        }
        if let Some(r) = &s.ratings {
            if r.len() as u32 != players {
                return Err(s
                    .error_at("", format!("{} ratings for {players} players", r.len()))
                    .into());
            }
        }
        let win = s.points_for_win.unwrap_or(Points::ONE);
        let draw = s.points_for_draw.unwrap_or(Points::HALF);
        let loss = s.points_for_loss.unwrap_or(Points::ZERO);
        let forfeit_loss = s.points_for_forfeit_loss.unwrap_or(Points::ZERO);
        let point_system = PointSystem {
            win,
            draw,
            loss,
            forfeit_win: win,
            forfeit_loss,
            pairing_bye: s.points_for_pab.unwrap_or(win),
            full_bye: win,
            half_bye: draw,
            zero_bye: s
                .points_for_zero_bye
                .or(s.points_for_forfeit_loss)
                .unwrap_or(Points::ZERO),
        };
        // Every score must fit the 4-column points field of a TRF-16 line (trf.md §6.6).
        let values = [
            ("PointsForWin", point_system.win),
            ("PointsForDraw", point_system.draw),
            ("PointsForLoss", point_system.loss),
            ("PointsForForfeitLoss", point_system.forfeit_loss),
            ("PointsForPAB", point_system.pairing_bye),
            ("PointsForZPB", point_system.zero_bye),
        ];
        let (largest_key, largest) =
            values
                .iter()
                .copied()
                .fold(values[0], |best, v| if v.1 > best.1 { v } else { best });
        if i64::from(largest.tenths()) * i64::from(rounds) > i64::from(MAX_SCORE_TENTHS) {
            let key = if s.positions.iter().any(|(k, _, _)| *k == largest_key) {
                largest_key
            } else {
                "RoundsNumber"
            };
            return Err(GeneratorError::BeyondLimits(s.error_at(
                key,
                format!(
                    "{rounds} rounds at up to {largest} points ({largest_key}) can reach {} \
                     points; a TRF score holds at most 99.9",
                    Points::from_tenths(largest.tenths() * rounds as i32)
                ),
            )));
        }
        Ok(Config {
            players,
            rounds,
            draw_percentage,
            forfeit_rate,
            retired_rate,
            half_point_bye_rate,
            highest_rating,
            lowest_rating,
            point_system,
        })
    }
}

/// A fresh seed from the operating system's randomness, for runs without `-s`. It is kept
/// below 2^31 so that it reads like the seeds other engines write.
pub fn random_seed() -> u64 {
    u64::from(rand::random::<u32>() >> 1)
}

/// One chance in `rate` (never when `rate` is 0).
fn one_in(rng: &mut ChaCha8Rng, rate: u32) -> bool {
    rate != 0 && rng.gen_range(0..rate) == 0
}

/// Generates a whole tournament: `pair(tournament, round)` pairs each round from the state
/// before it (absences already written in the round's column), then results are drawn.
///
/// The name line is `AutoTest Tournament <seed>`; players are `Test0001 Player0001`, … in
/// rating order. The number of rounds is left out of the header of the finished tournament,
/// as the engines do; the initial colour is kept. Games are drawn so that each player's
/// expected score is FIDE's (B.02 8.1.2, [`result_odds`]): the expected rating change of every
/// player is zero. The tie-break list is written (`202`, and `212` with `PTS` first); the
/// ranks are points, then pairing number, for a program to replace with the standings of that
/// list (the command line does).
pub fn generate<F>(
    settings: &Settings,
    seed: u64,
    mut pair: F,
) -> Result<Tournament, GeneratorError>
where
    F: FnMut(&Tournament, u32) -> Result<Pairing, PairingError>,
{
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let config = Config::resolve(settings, &mut rng)?;
    let n = config.players as usize;

    let mut ratings: Vec<Option<u16>> = match (&settings.ratings, settings.top_rating) {
        (Some(r), _) => r.clone(),
        (None, Some(top)) => {
            let step = settings.rating_step.unwrap_or(10);
            (0..n)
                .map(|i| {
                    let r = i64::from(top) - i64::from(step) * i as i64;
                    (r > 0).then_some(r as u16)
                })
                .collect()
        }
        (None, None) => {
            let mut r: Vec<Option<u16>> = (0..n)
                .map(|_| {
                    let v = rng.gen_range(config.lowest_rating..=config.highest_rating);
                    (v != 0).then_some(v)
                })
                .collect();
            r.sort_by(|a, b| b.cmp(a));
            r
        }
    };
    ratings.truncate(n);

    let mut t = Tournament::default();
    t.header.name = Some(format!("AutoTest Tournament {seed}"));
    t.header.tournament_type = Some("FIDE_DUTCH_2025".to_string());
    t.header.rounds = Some(config.rounds);
    t.header.initial_color = Some(if rng.gen_bool(0.5) {
        Color::White
    } else {
        Color::Black
    });
    let tiebreaks = settings
        .tiebreaks
        .clone()
        .unwrap_or_else(|| DEFAULT_TIEBREAKS.to_string());
    t.header.standings_tiebreaks = Some(format!("PTS,{tiebreaks}"));
    t.header.tiebreaks = Some(tiebreaks);
    t.point_system = config.point_system;
    t.players = ratings
        .iter()
        .enumerate()
        .map(|(i, &rating)| Player {
            id: PlayerId(i as u32 + 1),
            name: format!("Test{:04} Player{:04}", i + 1, i + 1),
            rating,
            rounds: Vec::with_capacity(config.rounds as usize),
            ..Player::default()
        })
        .collect();
    if settings.baku == Some(true) {
        t.accelerations = baku(n as u32, config.rounds, config.point_system.win);
    }

    let retire_from: Vec<Option<u32>> = (0..n)
        .map(|_| {
            (config.rounds >= 2 && one_in(&mut rng, config.retired_rate))
                .then(|| rng.gen_range(2..=config.rounds))
        })
        .collect();
    let byes = plan_byes(settings, &config, &mut rng);
    // Estimated games still to come, for spreading counts over the event.
    let games_per_round = n / 2;
    let mut forfeit_wins = Spread::new(settings.forfeit_wins);
    let mut forfeit_losses = Spread::new(settings.forfeit_losses);
    let mut unusual = Spread::new(settings.unusual_results);

    let system = config.point_system;
    let mut present = vec![false; n];
    for round in 1..=config.rounds {
        for (i, player) in t.players.iter_mut().enumerate() {
            let absence = if retire_from[i].is_some_and(|r| round >= r) {
                Some(Entry::ZeroBye)
            } else if let Some(bye) = byes[(round as usize - 1) * n + i] {
                Some(bye)
            } else if settings.half_point_byes.is_none()
                && one_in(&mut rng, config.half_point_bye_rate)
            {
                Some(Entry::HalfBye)
            } else {
                None
            };
            present[i] = absence.is_none();
            if let Some(a) = absence {
                player.rounds.push(a);
            }
            player.points = player.score(&system);
        }

        let pairing =
            pair(&t, round).map_err(|source| GeneratorError::Pairing { round, source })?;
        check_pairing(&pairing, &present, round)?;

        let index = |id: PlayerId| id.get() as usize - 1;
        let later = games_per_round * (config.rounds - round) as usize;
        let boards = pairing.boards.len();
        for (k, board) in pairing.boards.iter().enumerate() {
            let (w, b) = (index(board.white), index(board.black));
            let left = boards - k + later;
            let last = round == config.rounds;
            let (white_entry, black_entry) = if forfeit_losses.take(&mut rng, left, last) {
                (
                    Entry::DoubleForfeit {
                        opponent: board.black,
                        color: Color::White,
                    },
                    Entry::DoubleForfeit {
                        opponent: board.white,
                        color: Color::Black,
                    },
                )
            } else if (settings.forfeit_wins.is_none() && one_in(&mut rng, config.forfeit_rate))
                || forfeit_wins.take(&mut rng, left, last)
            {
                let white_came = rng.gen_bool(0.5);
                let came = |opponent, color| Entry::ForfeitWin {
                    opponent: Some(opponent),
                    color: Some(color),
                };
                let missed = |opponent, color| Entry::ForfeitLoss {
                    opponent: Some(opponent),
                    color: Some(color),
                };
                if white_came {
                    (
                        came(board.black, Color::White),
                        missed(board.white, Color::Black),
                    )
                } else {
                    (
                        missed(board.black, Color::White),
                        came(board.white, Color::Black),
                    )
                }
            } else {
                let rated = !unusual.take(&mut rng, left, last);
                let result = draw_result(
                    &mut rng,
                    t.players[w].rating,
                    t.players[b].rating,
                    config.draw_percentage,
                );
                let game = |opponent, color, result| Entry::Played {
                    opponent,
                    color,
                    result,
                    rated,
                };
                (
                    game(board.black, Color::White, result),
                    game(board.white, Color::Black, result.reversed()),
                )
            };
            t.players[w].rounds.push(white_entry);
            t.players[b].rounds.push(black_entry);
        }
        if let Some(bye) = pairing.bye {
            t.players[index(bye)].rounds.push(Entry::PairingBye);
        }
        for player in &mut t.players {
            player.points = player.score(&system);
        }
    }

    // Ranks by score, then pairing number.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(t.players[i].points), i));
    for (rank, i) in order.into_iter().enumerate() {
        t.players[i].rank = Some(rank as u32 + 1);
    }
    // A finished tournament: the round count is implied by the records (trf.md §6.4).
    t.header.rounds = None;
    Ok(t)
}

/// The Baku method (C.04.7.1 Art. 1) as `250` records: the first 2·⌈N/4⌉ players (1.2) get
/// the points of a win in the first ⌈A/2⌉ of the A = ⌈R/2⌉ accelerated rounds and half of
/// that in the others (1.4).
pub fn baku(players: u32, rounds: u32, win: Points) -> Vec<tournament::Acceleration> {
    let group_a = (2 * players.div_ceil(4)).min(players);
    let accelerated = rounds.div_ceil(2);
    let full = accelerated.div_ceil(2);
    let record = |points, first_round, last_round| tournament::Acceleration {
        match_points: None,
        points,
        first_round,
        last_round,
        first_player: PlayerId(1),
        last_player: PlayerId(group_a),
    };
    let mut records = Vec::new();
    if group_a == 0 || accelerated == 0 {
        return records;
    }
    records.push(record(win, 1, full));
    if accelerated > full {
        records.push(record(
            Points::from_tenths(win.tenths() / 2),
            full + 1,
            accelerated,
        ));
    }
    records
}

/// The byes of the event, round by round (`rounds × players` slots, round-major): for each of
/// the full-, half- and zero-point byes, a count is spread over distinct slots at random, a
/// share is drawn slot by slot.
fn plan_byes(settings: &Settings, config: &Config, rng: &mut ChaCha8Rng) -> Vec<Option<Entry>> {
    let slots = (config.rounds * config.players) as usize;
    let mut plan: Vec<Option<Entry>> = vec![None; slots];
    for (amount, entry) in [
        (settings.full_point_byes, Entry::FullBye),
        (settings.half_point_byes, Entry::HalfBye),
        (settings.zero_point_byes, Entry::ZeroBye),
    ] {
        match amount {
            None => {}
            Some(Amount::PerMille(share)) => {
                for slot in plan.iter_mut().filter(|s| s.is_none()) {
                    if rng.gen_range(0..1000) < share {
                        *slot = Some(entry);
                    }
                }
            }
            Some(Amount::Count(count)) => {
                let free: Vec<usize> = (0..slots).filter(|&i| plan[i].is_none()).collect();
                let chosen =
                    rand::seq::index::sample(rng, free.len(), (count as usize).min(free.len()));
                for k in chosen {
                    plan[free[k]] = Some(entry);
                }
            }
        }
    }
    plan
}

/// Spreads an [`Amount`] over the games as they come: a share is drawn game by game; a count
/// is taken with the chance of what is left over the games estimated to be left, and in full
/// in the last round (as far as its games go).
struct Spread {
    amount: Option<Amount>,
    taken: u32,
}

impl Spread {
    fn new(amount: Option<Amount>) -> Spread {
        Spread { amount, taken: 0 }
    }

    /// Whether this game (one of `left` estimated to be left, the last round's when `last`)
    /// takes one.
    fn take(&mut self, rng: &mut ChaCha8Rng, left: usize, last: bool) -> bool {
        let yes = match self.amount {
            None => false,
            Some(Amount::PerMille(share)) => rng.gen_range(0..1000) < share,
            Some(Amount::Count(count)) => {
                let wanted = count.saturating_sub(self.taken) as usize;
                wanted > 0 && (last || wanted >= left || rng.gen_range(0..left.max(1)) < wanted)
            }
        };
        self.taken += u32::from(yes);
        yes
    }
}

/// The engine must pair each present player exactly once and nobody else.
fn check_pairing(pairing: &Pairing, present: &[bool], round: u32) -> Result<(), GeneratorError> {
    let mut seen = vec![false; present.len()];
    let bad = |detail: String| GeneratorError::BadPairing { round, detail };
    let players = pairing
        .boards
        .iter()
        .flat_map(|b| [b.white, b.black])
        .chain(pairing.bye);
    for id in players {
        let i = (id.get() as usize).wrapping_sub(1);
        match present.get(i) {
            Some(true) if !seen[i] => seen[i] = true,
            Some(true) => return Err(bad(format!("player {id} paired twice"))),
            Some(false) => return Err(bad(format!("player {id} is absent"))),
            None => return Err(bad(format!("no player {id}"))),
        }
    }
    match present.iter().zip(&seen).position(|(&p, &s)| p && !s) {
        Some(i) => Err(bad(format!("player {} left out", i + 1))),
        None => Ok(()),
    }
}

/// The odds of a game between `white` and `black`: (White wins, draw, Black wins), with
/// White's expected score `win + draw / 2` equal to FIDE's (B.02 8.1.2, the 400-point rule of
/// 8.3.1 applied), so that neither player's expected rating change is anything but zero. The
/// draw share is `draw_percentage` when given, else Otto Milvang's model (TieBreakServer's
/// `drawresult.py`, 2024: logistic win and loss curves of the rating difference shifted by the
/// players' mean rating), at most twice the smaller expected score so that no odds fall below
/// zero. Unrated players are taken as even.
pub fn result_odds(
    white: Option<u16>,
    black: Option<u16>,
    draw_percentage: Option<u32>,
) -> (f64, f64, f64) {
    let expected = match (white, black) {
        (Some(w), Some(b)) => {
            let difference = rating::counted_difference(i32::from(w), i32::from(b));
            f64::from(rating::expected_score(difference).hundredths()) / 100.0
        }
        _ => 0.5,
    };
    let draw = match draw_percentage {
        Some(p) => f64::from(p.min(100)) / 100.0,
        None => milvang_draw(
            f64::from(white.unwrap_or(2000)),
            f64::from(black.unwrap_or(2000)),
        ),
    }
    .min(2.0 * expected.min(1.0 - expected))
    .max(0.0);
    let white_wins = expected - draw / 2.0;
    (white_wins, draw, 1.0 - white_wins - draw)
}

/// Otto Milvang's draw probability (2024) for ratings `w` (White) and `b` (Black): his model
/// gives White's and Black's winning chances as logistic curves in the rating difference on a
/// 370-point scale, each shifted by a term linear in the mean rating; the draw is what is left.
pub fn milvang_draw(w: f64, b: f64) -> f64 {
    let mean = (w + b) / 2.0;
    let white_shift = (mean - 2000.0) * 0.0986 + 96.0;
    let black_shift = (mean - 2000.0) * -0.157 - 150.0;
    let white = 1.0 / (1.0 + 10f64.powf((b - w + white_shift) / 370.0));
    let black = 1.0 / (1.0 + 10f64.powf((w - b - black_shift) / 370.0));
    (1.0 - white - black).max(0.0)
}

/// A game's result for White, drawn with the odds of [`result_odds`].
fn draw_result(
    rng: &mut ChaCha8Rng,
    white: Option<u16>,
    black: Option<u16>,
    draw_percentage: Option<u32>,
) -> GameResult {
    let (white_wins, draw, _) = result_odds(white, black, draw_percentage);
    let x: f64 = rng.gen_range(0.0..1.0);
    if x < white_wins {
        GameResult::Win
    } else if x < white_wins + draw {
        GameResult::Draw
    } else {
        GameResult::Loss
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn properties_are_read_with_their_errors_located() {
        let s = Settings::from_properties(
            "# comment\nPlayersNumber = 30\nRoundsNumber:7\n  HalfPointByteRate=12\nPointsForWin=3.0\n",
        )
        .unwrap();
        assert_eq!(s.players, Some(30));
        assert_eq!(s.rounds, Some(7));
        assert_eq!(s.half_point_bye_rate, Some(12));
        assert_eq!(s.points_for_win, Some(Points::from_whole(3)));

        let e = Settings::from_properties("PlayersNumber=10\nColours=3\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 1));
        assert!(e.message.contains("unknown key"));
        let e = Settings::from_properties("DrawPercentage= 120\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 17));
        let e = Settings::from_properties("PlayersNumber\n").unwrap_err();
        assert_eq!(e.line, 1);
    }

    #[test]
    fn even_odds_and_no_draws_give_both_results() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let results: Vec<GameResult> = (0..200)
            .map(|_| draw_result(&mut rng, Some(2000), Some(2000), Some(0)))
            .collect();
        assert!(results.contains(&GameResult::Win));
        assert!(results.contains(&GameResult::Loss));
        assert!(!results.contains(&GameResult::Draw));
        // 2800 against 1000: the whole gap counts from 2650 (8.3.1), FIDE expects 1.00, so
        // even "every game drawn" leaves no draw: a draw would cost White rating points.
        let all_wins = (0..50)
            .all(|_| draw_result(&mut rng, Some(2800), Some(1000), Some(100)) == GameResult::Win);
        assert!(all_wins);
    }

    #[test]
    fn bad_pairings_are_refused() {
        use crate::Board;
        let p = |w, b| Pairing {
            boards: vec![Board {
                white: PlayerId(w),
                black: PlayerId(b),
            }],
            bye: None,
        };
        assert!(check_pairing(&p(1, 2), &[true, true], 1).is_ok());
        assert!(check_pairing(&p(1, 1), &[true, true], 1).is_err());
        assert!(check_pairing(&p(1, 2), &[true, false], 1).is_err());
        assert!(check_pairing(&p(1, 2), &[true, true, true], 1).is_err());
        assert!(check_pairing(&p(1, 3), &[true, true], 1).is_err());
    }
}
