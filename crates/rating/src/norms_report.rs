//! The norms report as data (one serialisable view of every player's norm verdicts), written
//! as JSON by the command line's `arbiter norms --format json` and by the server's
//! `/api/events/{id}/norms` alike, so that a script reads both the same way.
//!
//! ```
//! use rating::norms_report::{Reason, Verdict};
//! use rating::Shortfall;
//!
//! let why = Reason::from(&Shortfall::Games { played: 7, required: 9 });
//! assert_eq!(why, Reason::Games { article: "1.4.1", count: 7, required: 9 });
//! let v = Verdict::NotPossible { reasons: vec![why] };
//! assert!(matches!(v, Verdict::NotPossible { .. }));
//! ```

use serde::Serialize;
use tournament::{Player, Tournament};

use crate::norms::{Exemption, NormStatus, NormTitle, PlayerNorms, Shortfall};

/// The score a norm needs at least (1.4.8b), in per cent.
pub const SCORE_REQUIRED_PERCENT: u32 = 35;

/// Every player's norms after `round` of `rounds`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NormsReport<'a> {
    pub round: u32,
    pub rounds: u32,
    /// The event's exemption from 1.4.3–1.4.4: `none`, `national_championship`,
    /// `national_team_championship` or `zonal`.
    pub exemption: &'static str,
    /// Every player of the file, in its order (a player with no norm to seek has none).
    pub players: Vec<PlayerReport<'a>>,
}

/// One player's norms.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerReport<'a> {
    /// The starting number (the TRF's).
    pub number: u32,
    pub name: &'a str,
    pub federation: Option<&'a str>,
    pub title: Option<&'static str>,
    /// The article that exempts this player from 1.4.3–1.4.4 (`1.4.3a` to `1.4.3d`), if any.
    pub exemption: Option<&'static str>,
    pub norms: Vec<NormReport>,
}

/// One norm's verdict for one player.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NormReport {
    /// `GM`, `IM`, `WGM` or `WIM`.
    pub norm: &'static str,
    #[serde(flatten)]
    pub verdict: Verdict,
}

/// Achieved, in reach, or why not; points are decimal numbers (`6.5`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Verdict {
    Achieved {
        games: u32,
        points: f64,
        /// 1.4.7: the opponents' average after 1.4.6.
        average: i32,
        performance: i32,
        /// The starting number of the opponent raised to the rating floor (1.4.6).
        raised: Option<u32>,
        rounds: Vec<u32>,
        /// 1.4.1f: the rounds of games against beaten opponents left out.
        left_out: Vec<u32>,
        made_after_round: u32,
        eight_of_nine: bool,
        extra_games: u32,
        norm_games: u32,
    },
    InReach {
        games: u32,
        points: f64,
        rounds_left: u32,
        points_needed: f64,
        on_average: i32,
        future_average: Option<i32>,
    },
    NotPossible {
        reasons: Vec<Reason>,
    },
}

/// Why a norm is not possible: every count is `count`, every floor `required`, every ceiling
/// `max`, each with the article that decides.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub enum Reason {
    Games {
        article: &'static str,
        count: u32,
        required: u32,
    },
    ForeignFederations {
        article: &'static str,
        count: u32,
        required: u32,
    },
    OwnFederation {
        article: &'static str,
        count: u32,
        max: u32,
    },
    OneFederation {
        article: &'static str,
        federation: String,
        count: u32,
        max: u32,
    },
    Titleholders {
        article: &'static str,
        count: u32,
        required: u32,
    },
    NormTitles {
        article: &'static str,
        count: u32,
        required: u32,
    },
    Average {
        article: &'static str,
        average: i32,
        required: i32,
    },
    Performance {
        article: &'static str,
        performance: i32,
        required: i32,
    },
    Score {
        article: &'static str,
        percent: u32,
        required: u32,
    },
}

impl From<&Shortfall> for Reason {
    fn from(s: &Shortfall) -> Reason {
        let article = s.article();
        match s {
            Shortfall::Games { played, required } => Reason::Games {
                article,
                count: *played,
                required: *required,
            },
            Shortfall::ForeignFederations { found, required } => Reason::ForeignFederations {
                article,
                count: *found,
                required: *required,
            },
            Shortfall::OwnFederation { count, max } => Reason::OwnFederation {
                article,
                count: *count,
                max: *max,
            },
            Shortfall::OneFederation {
                federation,
                count,
                max,
            } => Reason::OneFederation {
                article,
                federation: federation.clone(),
                count: *count,
                max: *max,
            },
            Shortfall::Titleholders { count, required } => Reason::Titleholders {
                article,
                count: *count,
                required: *required,
            },
            Shortfall::NormTitles { count, required } => Reason::NormTitles {
                article,
                count: *count,
                required: *required,
            },
            Shortfall::Average { average, required } => Reason::Average {
                article,
                average: *average,
                required: *required,
            },
            Shortfall::Performance {
                performance,
                required,
            } => Reason::Performance {
                article,
                performance: *performance,
                required: *required,
            },
            Shortfall::Score { percent } => Reason::Score {
                article,
                percent: *percent,
                required: SCORE_REQUIRED_PERCENT,
            },
        }
    }
}

fn points(halves: u32) -> f64 {
    f64::from(halves) / 2.0
}

impl From<&NormStatus> for Verdict {
    fn from(s: &NormStatus) -> Verdict {
        match s {
            NormStatus::Achieved(a) => {
                let e = &a.evaluation;
                Verdict::Achieved {
                    games: e.games,
                    points: points(e.halves),
                    average: e.average,
                    performance: e.performance,
                    raised: e.raised.map(|p| p.get()),
                    rounds: a.rounds.clone(),
                    left_out: a.left_out.clone(),
                    made_after_round: a.made_after_round,
                    eight_of_nine: a.eight_of_nine,
                    extra_games: a.extra_games,
                    norm_games: a.norm_games,
                }
            }
            NormStatus::InReach {
                rounds_left,
                halves_needed,
                on_average,
                future_average,
                now,
            } => Verdict::InReach {
                games: now.games,
                points: points(now.halves),
                rounds_left: *rounds_left,
                points_needed: points(*halves_needed),
                on_average: *on_average,
                future_average: *future_average,
            },
            NormStatus::NotPossible(why) => Verdict::NotPossible {
                reasons: why.iter().map(Reason::from).collect(),
            },
        }
    }
}

impl NormReport {
    pub fn new(norm: NormTitle, status: &NormStatus) -> NormReport {
        NormReport {
            norm: norm.code(),
            verdict: status.into(),
        }
    }
}

impl<'a> PlayerReport<'a> {
    pub fn new(player: &'a Player, norms: &PlayerNorms) -> PlayerReport<'a> {
        PlayerReport {
            number: player.id.get(),
            name: &player.name,
            federation: player.federation.as_deref(),
            title: player.title.map(|t| t.code()),
            exemption: norms.exempt_under,
            norms: norms
                .norms
                .iter()
                .map(|(n, s)| NormReport::new(*n, s))
                .collect(),
        }
    }
}

impl<'a> NormsReport<'a> {
    /// The report of `norms` (one per player of `tournament`, in its order, as
    /// [`crate::norms()`] gives them).
    pub fn new(
        tournament: &'a Tournament,
        norms: &[PlayerNorms],
        round: u32,
        rounds: u32,
        exemption: Option<Exemption>,
    ) -> NormsReport<'a> {
        NormsReport {
            round,
            rounds,
            exemption: exemption.map_or("none", Exemption::as_str),
            players: norms
                .iter()
                .zip(&tournament.players)
                .map(|(n, p)| PlayerReport::new(p, n))
                .collect(),
        }
    }
}
