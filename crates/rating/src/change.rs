//! B.02 8.2 and 8.3 (as in force from 1 March 2024, 8.3.1 as amended on 1 October 2025): the
//! rating change of a rated player over an event, the K factor that weighs it, and the initial
//! rating an unrated player's games give.

use std::fmt;

use tournament::{Entry, GameResult, Player, PlayerId, Tournament};

use crate::expected::{counted_difference, expected_score, ExpectedScore};
use crate::history::RatingHistory;
use crate::performance::{dp_for_score, round_half_up};

/// A development coefficient K: 40, 20 or 10 by B.02 8.3.3, or less where the 700 rule cuts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct KFactor(u8);

impl KFactor {
    pub const FORTY: KFactor = KFactor(40);
    pub const TWENTY: KFactor = KFactor(20);
    pub const TEN: KFactor = KFactor(10);

    /// A K given outright (from a rating list): 1 to 40.
    pub fn new(k: u8) -> Option<KFactor> {
        (1..=40).contains(&k).then_some(KFactor(k))
    }

    pub const fn get(self) -> u32 {
        self.0 as u32
    }
}

impl fmt::Display for KFactor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// Why a player has the K they have (B.02 8.3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KReason {
    /// Given outright, as the rating list prints it.
    Given,
    /// 10: the published rating has reached 2400, even if it has dropped since.
    Reached2400,
    /// 40: new to the list, fewer than 30 rated games before this event.
    NewPlayer,
    /// 40: until the end of the year of the 18th birthday, while rated under 2300.
    Junior,
    /// 20: every other player rated under 2400.
    Established,
    /// 20 taken for a player whose number of earlier games is not known.
    AssumedEstablished,
}

/// What decides a player's K besides the rating: what the rating list knows and a tournament
/// file does not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct KBasis {
    /// Rated games on the list before this event; `None` when not known.
    pub games_before: Option<u32>,
    /// The published rating has reached 2400 at some time.
    pub reached_2400: bool,
    pub birth_year: Option<i32>,
    /// A K given outright (the list's own), which wins over the rules.
    pub given: Option<KFactor>,
}

impl KBasis {
    /// What a tournament's player record tells: the year of birth, nothing of earlier games.
    pub fn of(player: &Player) -> KBasis {
        KBasis {
            birth_year: player
                .birth_date
                .as_deref()
                .and_then(|d| d.get(..4))
                .and_then(|y| y.parse().ok()),
            ..KBasis::default()
        }
    }
}

/// B.02 8.3.3: the K of a player rated `rating` at the start of an event played in
/// `event_year`, for `games` rated games in the rating period. If K × games would exceed 700,
/// K is the largest whole number that keeps it at 700 or under.
pub fn k_factor(
    rating: u16,
    basis: &KBasis,
    event_year: Option<i32>,
    games: u32,
) -> (KFactor, KReason) {
    let (k, reason) = if let Some(k) = basis.given {
        (k, KReason::Given)
    } else if basis.reached_2400 || rating >= 2400 {
        (KFactor::TEN, KReason::Reached2400)
    } else if basis.games_before.is_some_and(|g| g < 30) {
        (KFactor::FORTY, KReason::NewPlayer)
    } else if rating < 2300
        && matches!((basis.birth_year, event_year), (Some(b), Some(y)) if y <= b + 18)
    {
        (KFactor::FORTY, KReason::Junior)
    } else if basis.games_before.is_some() {
        (KFactor::TWENTY, KReason::Established)
    } else {
        (KFactor::TWENTY, KReason::AssumedEstablished)
    };
    if games > 0 && k.get() * games > 700 {
        // 700 / games ≥ 17 only when games ≤ 41; below 1 never happens for an event.
        let cut = (700 / games).max(1) as u8;
        return (KFactor(cut), reason);
    }
    (k, reason)
}

/// A rating change in hundredths of a point: K × Σ(score − expected), exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct RatingChange(i32);

impl RatingChange {
    pub const fn hundredths(self) -> i32 {
        self.0
    }

    /// B.02 8.3.4: the change rounded to the nearest whole number, .5 away from zero (as the
    /// rating period's change is).
    pub const fn rounded(self) -> i32 {
        let a = (self.0.abs() + 50) / 100;
        if self.0 < 0 {
            -a
        } else {
            a
        }
    }
}

impl fmt::Display for RatingChange {
    /// With its sign and two decimals: `+7.20`, `-3.60`, `0.00`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = match self.0.signum() {
            1 => "+",
            -1 => "-",
            _ => "",
        };
        let a = self.0.unsigned_abs();
        f.pad(&format!("{sign}{}.{:02}", a / 100, a % 100))
    }
}

/// One game that counts for rating.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RatedGame {
    pub round: u32,
    pub opponent: PlayerId,
    /// The player's own rating when the game was played (`None`: unrated then).
    pub own_rating: Option<u16>,
    pub opponent_rating: u16,
    pub result: GameResult,
}

impl RatedGame {
    fn halves(&self) -> u32 {
        match self.result {
            GameResult::Win => 2,
            GameResult::Draw => 1,
            GameResult::Loss => 0,
        }
    }

    /// The expected score of a rated player (8.3.1: the 400-point rule below 2650).
    pub fn expected(&self) -> Option<ExpectedScore> {
        let own = i32::from(self.own_rating?);
        Some(expected_score(counted_difference(
            own,
            i32::from(self.opponent_rating),
        )))
    }
}

/// B.02 8.3: the change of a rated player over `games` (each with its own rating then), with
/// factor `k`: K × Σ(score − expected).
pub fn rating_change(k: KFactor, games: &[RatedGame]) -> RatingChange {
    let sum: i32 = games
        .iter()
        .filter_map(|g| {
            let expected = g.expected()?.hundredths() as i32;
            Some(50 * g.halves() as i32 - expected)
        })
        .sum();
    RatingChange(k.get() as i32 * sum)
}

/// B.02 8.2: the initial rating the games of an unrated player against rated opponents give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InitialRating {
    /// Ru = Ra + dp, rounded, at most 2200.
    pub rating: u16,
    /// Games against rated opponents (the two hypothetical opponents not included).
    pub games: u32,
    /// Half-points scored in them.
    pub halves: u32,
    /// Ra, the average including the two opponents rated 1800, rounded for display.
    pub average: u16,
    /// dp for the score including the two hypothetical draws.
    pub dp: i32,
    /// Ra + dp was above 2200 and was brought down to it.
    pub capped: bool,
}

impl InitialRating {
    /// Five games against rated opponents: the minimum for a first rating (they may be
    /// gathered over several events; here, this event's alone).
    pub fn has_enough_games(&self) -> bool {
        self.games >= 5
    }

    /// At or above the rating floor of 1400.
    pub fn above_floor(&self) -> bool {
        self.rating >= 1400
    }
}

/// B.02 8.2: Ra is the average of the rated opponents and of two hypothetical opponents
/// rated 1800 who were drawn; Ru = Ra + dp (8.1.1, for the score including those two draws),
/// rounded, at most 2200. `None` when the player scored nothing against rated opponents (the
/// score is disregarded) or met none.
pub fn initial_rating(games: &[RatedGame]) -> Option<InitialRating> {
    let n = games.len() as u32;
    let halves: u32 = games.iter().map(RatedGame::halves).sum();
    if n == 0 || halves == 0 {
        return None;
    }
    let count = n + 2;
    let sum: i64 = games
        .iter()
        .map(|g| i64::from(g.opponent_rating))
        .sum::<i64>()
        + 2 * 1800;
    let dp = dp_for_score(halves + 2, count)?;
    let ru = round_half_up(sum + i64::from(dp) * i64::from(count), i64::from(count));
    let capped = ru > 2200;
    Some(InitialRating {
        rating: ru.min(2200) as u16,
        games: n,
        halves,
        average: round_half_up(sum, i64::from(count)) as u16,
        dp,
        capped,
    })
}

/// One player's rating result in an event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRating {
    pub player: PlayerId,
    /// The rating at the start of the event, when rated then.
    pub rating: Option<u16>,
    /// Games played while rated, against rated opponents.
    pub rated_games: Vec<RatedGame>,
    /// K and why, when there are rated games.
    pub k: Option<(KFactor, KReason)>,
    pub change: Option<RatingChange>,
    /// Games played while unrated, against rated opponents.
    pub unrated_games: Vec<RatedGame>,
    pub initial: Option<InitialRating>,
}

/// The rating result of every player over rounds 1 to `through_round`, each game at the
/// ratings its round was played at (`history`). Games count when played over the board (a
/// forfeit or a game of less than one move does not) against an opponent rated then.
pub fn event_ratings(
    tournament: &Tournament,
    history: &RatingHistory,
    through_round: u32,
    basis: impl Fn(&Player) -> KBasis,
) -> Vec<PlayerRating> {
    let year = tournament.header.start_ymd().map(|(y, _, _)| y);
    tournament
        .players
        .iter()
        .map(|p| {
            let mut rated_games = Vec::new();
            let mut unrated_games = Vec::new();
            for (i, entry) in p.rounds.iter().enumerate().take(through_round as usize) {
                let round = i as u32 + 1;
                let Entry::Played {
                    opponent,
                    result,
                    rated: true,
                    ..
                } = *entry
                else {
                    continue;
                };
                let Some(opp) = tournament.player(opponent) else {
                    continue;
                };
                let Some(opponent_rating) = history.at(opp, round).rating else {
                    continue;
                };
                let own_rating = history.at(p, round).rating;
                let game = RatedGame {
                    round,
                    opponent,
                    own_rating,
                    opponent_rating,
                    result,
                };
                if own_rating.is_some() {
                    rated_games.push(game);
                } else {
                    unrated_games.push(game);
                }
            }
            let start = p.rating.or_else(|| rated_games.first()?.own_rating);
            let k = start
                .filter(|_| !rated_games.is_empty())
                .map(|r| k_factor(r, &basis(p), year, rated_games.len() as u32));
            PlayerRating {
                player: p.id,
                rating: p.rating,
                change: k.map(|(k, _)| rating_change(k, &rated_games)),
                k,
                initial: initial_rating(&unrated_games),
                rated_games,
                unrated_games,
            }
        })
        .collect()
}
