//! Title norms (FIDE handbook B.01, in force from 1 January 2024, read with the Qualification
//! Commission's 2026 clarifications): for each player after a round, which of the GM, IM, WGM
//! and WIM norms is achieved, which is still in reach, and why the others are not.
//!
//! A norm is looked for over the games that count (1.4.2), every prefix of rounds in an event
//! whose pairings are not predetermined (1.4.1e: later games may be ignored once the norm is
//! made), and every choice of games against beaten opponents left out (1.4.1f), on the
//! conditions of 1.4.1 (games), 1.4.3–1.4.4 (federations, unless an exemption holds), 1.4.5
//! (titled opponents), 1.4.6–1.4.7 (opponents' average with the one raised floor) and 1.4.8
//! (performance from the `dp` table, 35 %).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use tournament::{Entry, GameResult, Player, PlayerId, Sex, Title, Tournament};

use crate::history::RatingHistory;
use crate::performance::{dp_for_score, percentage, round_half_up};

/// The titles gained by norms (B.01 1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum NormTitle {
    GM,
    IM,
    WGM,
    WIM,
}

impl NormTitle {
    pub const ALL: [NormTitle; 4] = [NormTitle::GM, NormTitle::IM, NormTitle::WGM, NormTitle::WIM];

    pub const fn title(self) -> Title {
        match self {
            NormTitle::GM => Title::GM,
            NormTitle::IM => Title::IM,
            NormTitle::WGM => Title::WGM,
            NormTitle::WIM => Title::WIM,
        }
    }

    pub const fn code(self) -> &'static str {
        self.title().code()
    }

    /// 1.4.8: the lowest performance.
    pub const fn performance(self) -> i32 {
        match self {
            NormTitle::GM => 2600,
            NormTitle::IM => 2450,
            NormTitle::WGM => 2400,
            NormTitle::WIM => 2250,
        }
    }

    /// 1.4.8a: the lowest average rating of the opponents.
    pub const fn average(self) -> i32 {
        match self {
            NormTitle::GM => 2380,
            NormTitle::IM => 2230,
            NormTitle::WGM => 2180,
            NormTitle::WIM => 2030,
        }
    }

    /// 1.4.6: the adjusted rating floor, to which one opponent may be raised.
    pub const fn floor(self) -> i32 {
        match self {
            NormTitle::GM => 2200,
            NormTitle::IM => 2050,
            NormTitle::WGM => 2000,
            NormTitle::WIM => 1850,
        }
    }

    /// 1.4.5b–e: the titles that count towards this norm's third of opponents.
    pub fn counts(self, title: Title) -> bool {
        match self {
            NormTitle::GM => title == Title::GM,
            NormTitle::IM => matches!(title, Title::GM | Title::IM),
            NormTitle::WGM => matches!(title, Title::GM | Title::IM | Title::WGM),
            NormTitle::WIM => matches!(title, Title::GM | Title::IM | Title::WGM | Title::WIM),
        }
    }

    /// Whether a player may still want this norm: not for a title held or outranked, and the
    /// women's titles only for women (or a player whose sex is not known).
    pub fn concerns(self, player: &Player) -> bool {
        let women = matches!(self, NormTitle::WGM | NormTitle::WIM);
        if women && player.sex == Some(Sex::Male) {
            return false;
        }
        player.title.is_none_or(|held| held > self.title())
    }
}

impl fmt::Display for NormTitle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.code())
    }
}

/// 1.4.5a: titleholders for the half of the opponents (CM and WCM do not count).
fn is_titleholder(title: Title) -> bool {
    !matches!(title, Title::CM | Title::WCM)
}

/// `FID` is not a federation for any federation rule (2026 clarification of 1.4.2a).
fn federation_of(code: Option<&str>) -> Option<&str> {
    code.map(str::trim)
        .filter(|c| !c.is_empty() && !c.eq_ignore_ascii_case("FID"))
}

/// The exemptions of 1.4.3a–c, an event setting; 1.4.3d is computed from the field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Exemption {
    /// 1.4.3a: the final of a national (open, men's or women's) championship, for the players
    /// of the host federation.
    NationalChampionship,
    /// 1.4.3b: a national team championship, for the players of the federation that
    /// registered it.
    NationalTeamChampionship,
    /// 1.4.3c: a zonal or sub-zonal tournament.
    Zonal,
}

impl Exemption {
    /// As the norms report (and the server's settings) write it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Exemption::NationalChampionship => "national_championship",
            Exemption::NationalTeamChampionship => "national_team_championship",
            Exemption::Zonal => "zonal",
        }
    }
}

/// What the event's arbiter says of it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NormSettings {
    /// The federation that hosts (registered) the event.
    pub host_federation: Option<String>,
    pub exemption: Option<Exemption>,
    /// Look for 1.4.3d's large-Swiss exemption (a Swiss event only).
    pub large_swiss: bool,
    /// Pairings fixed in advance (round robin): all scheduled rounds count (1.4.1e).
    pub predetermined: bool,
    /// Rounds planned (the header's when not set).
    pub rounds: Option<u32>,
}

/// Why a set of games is not a norm, each with the article that decides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shortfall {
    /// 1.4.1a: at least 9 games (8 under 1.4.1c).
    Games { played: u32, required: u32 },
    /// 1.4.3: opponents from at least two federations other than the player's.
    ForeignFederations { found: u32, required: u32 },
    /// 1.4.4: at most 3/5 of the opponents from the player's federation.
    OwnFederation { count: u32, max: u32 },
    /// 1.4.4: at most 2/3 of the opponents from one federation.
    OneFederation {
        federation: String,
        count: u32,
        max: u32,
    },
    /// 1.4.5a: at least half the opponents titleholders.
    Titleholders { count: u32, required: u32 },
    /// 1.4.5b–e: at least a third of the opponents, and 3, with the norm's titles.
    NormTitles { count: u32, required: u32 },
    /// 1.4.8a: the opponents' average.
    Average { average: i32, required: i32 },
    /// 1.4.8: the performance.
    Performance { performance: i32, required: i32 },
    /// 1.4.8b: at least 35 %.
    Score { percent: u32 },
}

impl Shortfall {
    /// The article that decides.
    pub fn article(&self) -> &'static str {
        match self {
            Shortfall::Games { .. } => "1.4.1",
            Shortfall::ForeignFederations { .. } => "1.4.3",
            Shortfall::OwnFederation { .. } | Shortfall::OneFederation { .. } => "1.4.4",
            Shortfall::Titleholders { .. } => "1.4.5a",
            Shortfall::NormTitles { .. } => "1.4.5",
            Shortfall::Average { .. } => "1.4.8a",
            Shortfall::Performance { .. } => "1.4.8",
            Shortfall::Score { .. } => "1.4.8b",
        }
    }
}

/// One game that counts for norms, with the opponent as they were when it was played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NormGame {
    pub round: u32,
    pub opponent: PlayerId,
    pub result: GameResult,
    /// The opponent's rating then; `None` for unrated (counted as 1400, 1.4.6).
    pub rating: Option<u16>,
    pub title: Option<Title>,
    pub federation: Option<String>,
}

impl NormGame {
    fn halves(&self) -> u32 {
        match self.result {
            GameResult::Win => 2,
            GameResult::Draw => 1,
            GameResult::Loss => 0,
        }
    }
}

/// What a set of games gives for one norm.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    pub games: u32,
    pub halves: u32,
    /// 1.4.7: the opponents' average after 1.4.6, rounded.
    pub average: i32,
    /// The opponent raised to the floor (1.4.6), if any.
    pub raised: Option<PlayerId>,
    /// 1.4.8: Ra + dp.
    pub performance: i32,
    pub shortfalls: Vec<Shortfall>,
}

/// Whether the federation rules of 1.4.3–1.4.4 apply to this player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Federations {
    Apply,
    Exempt,
}

/// 1.4.6: the ratings counted, unrated at 1400, the lowest below the floor raised to it.
fn counted_ratings(norm: NormTitle, games: &[NormGame]) -> (Vec<i32>, Option<usize>) {
    let mut ratings: Vec<i32> = games
        .iter()
        .map(|g| g.rating.map_or(1400, i32::from))
        .collect();
    let lowest = (0..ratings.len())
        .filter(|&i| ratings[i] < norm.floor())
        .min_by_key(|&i| (ratings[i], i));
    if let Some(i) = lowest {
        ratings[i] = norm.floor();
    }
    (ratings, lowest)
}

/// The smallest number of half-points out of `games` whose performance reaches the norm on
/// average `average`, and 35 %.
fn halves_needed(norm: NormTitle, average: i32, games: u32) -> Option<u32> {
    (0..=2 * games).find(|&h| {
        percentage(h, games).is_some_and(|p| p >= 35)
            && dp_for_score(h, games).is_some_and(|dp| average + dp >= norm.performance())
    })
}

fn evaluate(
    norm: NormTitle,
    games: &[NormGame],
    own: Option<&str>,
    federations: Federations,
    required_games: u32,
) -> Evaluation {
    let n = games.len() as u32;
    let halves: u32 = games.iter().map(NormGame::halves).sum();
    let mut shortfalls = Vec::new();
    if n < required_games {
        shortfalls.push(Shortfall::Games {
            played: n,
            required: required_games,
        });
    }
    let own = federation_of(own);
    if federations == Federations::Apply {
        let mut per_federation: BTreeMap<&str, u32> = BTreeMap::new();
        for g in games {
            if let Some(f) = federation_of(g.federation.as_deref()) {
                *per_federation.entry(f).or_default() += 1;
            }
        }
        let foreign = per_federation.keys().filter(|&&f| Some(f) != own).count() as u32;
        if foreign < 2 {
            shortfalls.push(Shortfall::ForeignFederations {
                found: foreign,
                required: 2,
            });
        }
        let own_count = own.map_or(0, |o| per_federation.get(o).copied().unwrap_or(0));
        let own_max = 3 * n / 5;
        if own_count > own_max {
            shortfalls.push(Shortfall::OwnFederation {
                count: own_count,
                max: own_max,
            });
        }
        let one_max = 2 * n / 3;
        for (f, &count) in &per_federation {
            if count > one_max && Some(*f) != own {
                shortfalls.push(Shortfall::OneFederation {
                    federation: f.to_string(),
                    count,
                    max: one_max,
                });
            }
        }
    }
    let titled = games
        .iter()
        .filter(|g| g.title.is_some_and(is_titleholder))
        .count() as u32;
    let titled_required = n.div_ceil(2);
    if titled < titled_required {
        shortfalls.push(Shortfall::Titleholders {
            count: titled,
            required: titled_required,
        });
    }
    let norm_titled = games
        .iter()
        .filter(|g| g.title.is_some_and(|t| norm.counts(t)))
        .count() as u32;
    let norm_required = n.div_ceil(3).max(3);
    if norm_titled < norm_required {
        shortfalls.push(Shortfall::NormTitles {
            count: norm_titled,
            required: norm_required,
        });
    }
    let (ratings, raised) = counted_ratings(norm, games);
    let average = if n == 0 {
        0
    } else {
        round_half_up(ratings.iter().map(|&r| i64::from(r)).sum(), i64::from(n)) as i32
    };
    if average < norm.average() {
        shortfalls.push(Shortfall::Average {
            average,
            required: norm.average(),
        });
    }
    let performance = average + dp_for_score(halves, n).unwrap_or(-800);
    if performance < norm.performance() {
        shortfalls.push(Shortfall::Performance {
            performance,
            required: norm.performance(),
        });
    }
    let percent = percentage(halves, n).unwrap_or(0);
    if percent < 35 {
        shortfalls.push(Shortfall::Score { percent });
    }
    Evaluation {
        games: n,
        halves,
        average,
        raised: raised.map(|i| games[i].opponent),
        performance,
        shortfalls,
    }
}

/// A norm made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Achieved {
    pub evaluation: Evaluation,
    /// The rounds whose games make the norm.
    pub rounds: Vec<u32>,
    /// 1.4.1f: games against beaten opponents left out (their rounds).
    pub left_out: Vec<u32>,
    /// 1.4.1e: the norm was made after this round; later games are ignored.
    pub made_after_round: u32,
    /// 1.4.1c: 8 games of a 9-round event counted as 9.
    pub eight_of_nine: bool,
    /// 1.4.1d: full points above the requirement, each an extra game.
    pub extra_games: u32,
    /// The games the norm counts for, 1.4.1c/d included, at most 13 (1.7).
    pub norm_games: u32,
}

/// Where a player stands for one norm.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NormStatus {
    Achieved(Achieved),
    /// Not made yet, and the remaining rounds could make it: the points to score in them on
    /// the opponents' present average (or the norm's lowest average when the present one is
    /// below it).
    InReach {
        rounds_left: u32,
        halves_needed: u32,
        on_average: i32,
        /// The average the remaining opponents need for 1.4.8a, when the present one is short.
        future_average: Option<i32>,
        now: Evaluation,
    },
    /// Neither: why, as the games so far stand (or would stand after every remaining round).
    NotPossible(Vec<Shortfall>),
}

/// One player's norms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerNorms {
    pub player: PlayerId,
    /// 1.4.3a–d exempt this player from 1.4.3–1.4.4.
    pub exempt: bool,
    /// The article that exempts the player (`1.4.3a` to `1.4.3d`), when one does.
    pub exempt_under: Option<&'static str>,
    pub norms: Vec<(NormTitle, NormStatus)>,
}

/// 1.4.3d: "participants include in every round at least 20 FIDE rated players, not from the
/// host federation, from at least 3 different federations, at least 10 of whom hold GM, IM,
/// WGM or WIM titles", counting only players who missed at most one round (a
/// pairing-allocated bye is not a missed round). The count is made round by round: a player
/// is a participant of the rounds he played (a forfeit won or the pairing-allocated bye
/// included), rated and titled as he was then (1.1.4), so a round that 20 such players did
/// not all attend breaks the exemption even when each of them missed a single round.
pub fn large_swiss_holds(
    tournament: &Tournament,
    host: &str,
    through_round: u32,
    history: &RatingHistory,
) -> bool {
    let host = host.trim();
    let present = |p: &Player, r: u32| {
        matches!(
            p.entry(r),
            Some(Entry::Played { .. } | Entry::ForfeitWin { .. } | Entry::PairingBye)
        )
    };
    let counted: Vec<&Player> = tournament
        .players
        .iter()
        .filter(|p| (1..=through_round).filter(|&r| !present(p, r)).count() <= 1)
        .filter(|p| federation_of(p.federation.as_deref()).is_some_and(|f| f != host))
        .collect();
    through_round > 0
        && (1..=through_round).all(|round| {
            let mut federations: BTreeSet<&str> = BTreeSet::new();
            let (mut rated, mut titled) = (0, 0);
            for p in counted.iter().filter(|p| present(p, round)) {
                let then = history.at(p, round);
                if then.rating.is_none() {
                    continue;
                }
                rated += 1;
                federations.extend(federation_of(p.federation.as_deref()));
                if then
                    .title
                    .is_some_and(|t| matches!(t, Title::GM | Title::IM | Title::WGM | Title::WIM))
                {
                    titled += 1;
                }
            }
            rated >= 20 && federations.len() >= 3 && titled >= 10
        })
}

/// The games of `player` that count for norms over rounds 1 to `through_round` (1.4.2):
/// played over the board (not forfeits, not games of less than one move), each opponent as
/// they were then; in a round robin, not against an unrated opponent who scored nothing
/// against rated ones (1.4.2b).
pub fn norm_games(
    tournament: &Tournament,
    player: &Player,
    through_round: u32,
    history: &RatingHistory,
    predetermined: bool,
) -> Vec<NormGame> {
    let mut games = Vec::new();
    for round in 1..=through_round {
        let Some(&Entry::Played {
            opponent,
            result,
            rated: true,
            ..
        }) = player.entry(round)
        else {
            continue;
        };
        let Some(opp) = tournament.player(opponent) else {
            continue;
        };
        let then = history.at(opp, round);
        if predetermined
            && then.rating.is_none()
            && scored_nothing_against_rated(tournament, opp, through_round, history)
        {
            continue;
        }
        games.push(NormGame {
            round,
            opponent,
            result,
            rating: then.rating,
            title: then.title,
            federation: opp.federation.clone(),
        });
    }
    games
}

fn scored_nothing_against_rated(
    tournament: &Tournament,
    player: &Player,
    through_round: u32,
    history: &RatingHistory,
) -> bool {
    (1..=through_round).all(|round| match player.entry(round) {
        Some(&Entry::Played {
            opponent, result, ..
        }) => {
            result == GameResult::Loss
                || tournament
                    .player(opponent)
                    .is_none_or(|o| history.at(o, round).rating.is_none())
        }
        _ => true,
    })
}

/// Every player's norms after round `through_round`.
pub fn norms(
    tournament: &Tournament,
    settings: &NormSettings,
    history: &RatingHistory,
    through_round: u32,
) -> Vec<PlayerNorms> {
    norms_of(tournament, settings, history, through_round, |_| true)
}

/// One player's norms after round `through_round` (as [`norms`] gives them), `None` for a
/// player not in the tournament.
pub fn player_norms(
    tournament: &Tournament,
    settings: &NormSettings,
    history: &RatingHistory,
    through_round: u32,
    player: PlayerId,
) -> Option<PlayerNorms> {
    norms_of(tournament, settings, history, through_round, |p| {
        p.id == player
    })
    .into_iter()
    .next()
}

fn norms_of(
    tournament: &Tournament,
    settings: &NormSettings,
    history: &RatingHistory,
    through_round: u32,
    wanted: impl Fn(&Player) -> bool,
) -> Vec<PlayerNorms> {
    let planned = settings
        .rounds
        .or(tournament.header.rounds)
        .unwrap_or(through_round)
        .max(through_round);
    let host = settings
        .host_federation
        .as_deref()
        .or(tournament.header.federation.as_deref());
    let large = settings.large_swiss
        && !settings.predetermined
        && host.is_some_and(|h| large_swiss_holds(tournament, h, through_round, history));
    tournament
        .players
        .iter()
        .filter(|p| wanted(p))
        .map(|p| {
            let own = p.federation.as_deref();
            let home = host.is_some_and(|h| federation_of(own) == Some(h.trim()));
            let by_setting = match settings.exemption {
                Some(Exemption::Zonal) => Some("1.4.3c"),
                Some(Exemption::NationalChampionship) if home => Some("1.4.3a"),
                Some(Exemption::NationalTeamChampionship) if home => Some("1.4.3b"),
                _ => None,
            };
            let exempt_under = by_setting.or(large.then_some("1.4.3d"));
            let exempt = exempt_under.is_some();
            let federations = if exempt {
                Federations::Exempt
            } else {
                Federations::Apply
            };
            let games = norm_games(
                tournament,
                p,
                through_round,
                history,
                settings.predetermined,
            );
            let norms = NormTitle::ALL
                .into_iter()
                .filter(|n| n.concerns(p))
                .map(|n| {
                    let status = player_norm(
                        n,
                        p,
                        &games,
                        own,
                        federations,
                        settings.predetermined,
                        planned,
                        through_round,
                    );
                    (n, status)
                })
                .collect();
            PlayerNorms {
                player: p.id,
                exempt,
                exempt_under,
                norms,
            }
        })
        .collect()
}

/// 1.4.1c: a 9-round event, 8 games, the missing one a forfeit win or a pairing-allocated bye.
fn eight_of_nine(player: &Player, games: &[NormGame], planned: u32, through_round: u32) -> bool {
    planned == 9
        && through_round == 9
        && games.len() == 8
        && (1..=9).any(|r| {
            matches!(
                player.entry(r),
                Some(Entry::ForfeitWin { .. } | Entry::PairingBye)
            )
        })
}

#[allow(clippy::too_many_arguments)]
fn player_norm(
    norm: NormTitle,
    player: &Player,
    games: &[NormGame],
    own: Option<&str>,
    federations: Federations,
    predetermined: bool,
    planned: u32,
    through_round: u32,
) -> NormStatus {
    if let Some(a) = achieved(
        norm,
        player,
        games,
        own,
        federations,
        predetermined,
        planned,
        through_round,
    ) {
        return NormStatus::Achieved(a);
    }
    let now = evaluate(norm, games, own, federations, 9);
    let rounds_left = planned - through_round;
    if rounds_left == 0 {
        return NormStatus::NotPossible(now.shortfalls);
    }
    in_reach(norm, games, federations, rounds_left, now)
}

#[allow(clippy::too_many_arguments)]
fn achieved(
    norm: NormTitle,
    player: &Player,
    games: &[NormGame],
    own: Option<&str>,
    federations: Federations,
    predetermined: bool,
    planned: u32,
    through_round: u32,
) -> Option<Achieved> {
    // 1.4.1e: a round robin counts all its rounds; otherwise any first rounds may.
    let ends: Vec<u32> = if predetermined {
        if through_round < planned {
            return None;
        }
        vec![through_round]
    } else {
        (1..=through_round).collect()
    };
    let mut best: Option<Achieved> = None;
    for end in ends {
        let prefix: Vec<NormGame> = games.iter().filter(|g| g.round <= end).cloned().collect();
        let eight = eight_of_nine(player, &prefix, planned, end);
        let required = if eight { 8 } else { 9 };
        if (prefix.len() as u32) < required {
            continue;
        }
        // 1.4.1f: leave out games against beaten opponents, fewest first.
        let wins: Vec<usize> = (0..prefix.len())
            .filter(|&i| prefix[i].result == GameResult::Win)
            .collect();
        let choices = 1u32 << wins.len().min(16);
        for mask in 0..choices {
            let left_out: Vec<usize> = (0..wins.len().min(16))
                .filter(|b| mask & (1 << b) != 0)
                .map(|b| wins[b])
                .collect();
            if prefix.len() - left_out.len() < required as usize {
                continue;
            }
            let kept: Vec<NormGame> = prefix
                .iter()
                .enumerate()
                .filter(|(i, _)| !left_out.contains(i))
                .map(|(_, g)| g.clone())
                .collect();
            let e = evaluate(norm, &kept, own, federations, required);
            if !e.shortfalls.is_empty() {
                continue;
            }
            let counted = if eight && kept.len() == 8 { 9 } else { e.games };
            let extra =
                halves_needed(norm, e.average, e.games).map_or(0, |need| (e.halves - need) / 2);
            let candidate = Achieved {
                rounds: kept.iter().map(|g| g.round).collect(),
                left_out: left_out.iter().map(|&i| prefix[i].round).collect(),
                made_after_round: end,
                eight_of_nine: eight && kept.len() == 8,
                extra_games: extra,
                norm_games: (counted + extra).min(13),
                evaluation: e,
            };
            // The most games for the title application, then the fewest left out, then the
            // most games played.
            let key = |a: &Achieved| {
                (
                    a.norm_games,
                    std::cmp::Reverse(a.left_out.len()),
                    a.evaluation.games,
                )
            };
            let better = best.as_ref().is_none_or(|b| key(&candidate) > key(b));
            if better {
                best = Some(candidate);
            }
        }
    }
    best
}

/// Whether the remaining rounds can still make the norm, and with how many points: the
/// conditions no later game can mend (too many opponents of one federation for the most games
/// the event can give, too few rounds left for the titled opponents or the foreign
/// federations still needed, more points needed than rounds left).
fn in_reach(
    norm: NormTitle,
    games: &[NormGame],
    federations: Federations,
    rounds_left: u32,
    now: Evaluation,
) -> NormStatus {
    let n_final = games.len() as u32 + rounds_left;
    let mut blocked = Vec::new();
    if n_final < 9 {
        blocked.push(Shortfall::Games {
            played: games.len() as u32,
            required: 9,
        });
    }
    for s in &now.shortfalls {
        match *s {
            Shortfall::ForeignFederations { found, required }
                if federations == Federations::Apply && found + rounds_left < required =>
            {
                blocked.push(s.clone())
            }
            Shortfall::OwnFederation { count, .. } if count > 3 * n_final / 5 => {
                blocked.push(Shortfall::OwnFederation {
                    count,
                    max: 3 * n_final / 5,
                })
            }
            Shortfall::OneFederation {
                ref federation,
                count,
                ..
            } if count > 2 * n_final / 3 => blocked.push(Shortfall::OneFederation {
                federation: federation.clone(),
                count,
                max: 2 * n_final / 3,
            }),
            _ => {}
        }
    }
    let titled = games
        .iter()
        .filter(|g| g.title.is_some_and(is_titleholder))
        .count() as u32;
    if titled + rounds_left < n_final.div_ceil(2) {
        blocked.push(Shortfall::Titleholders {
            count: titled,
            required: n_final.div_ceil(2),
        });
    }
    let norm_titled = games
        .iter()
        .filter(|g| g.title.is_some_and(|t| norm.counts(t)))
        .count() as u32;
    let norm_required = n_final.div_ceil(3).max(3);
    if norm_titled + rounds_left < norm_required {
        blocked.push(Shortfall::NormTitles {
            count: norm_titled,
            required: norm_required,
        });
    }
    let (ratings, _) = counted_ratings(norm, games);
    let sum: i64 = ratings.iter().map(|&r| i64::from(r)).sum();
    let (on_average, future_average) = if !games.is_empty() && now.average >= norm.average() {
        (now.average, None)
    } else {
        // Ra ≥ minimum needs the remaining opponents at (minimum × n_final − sum) / left.
        let need = i64::from(norm.average()) * i64::from(n_final) - sum;
        let future = (need + i64::from(rounds_left) - 1).div_euclid(i64::from(rounds_left));
        (norm.average(), Some(future as i32))
    };
    let needed_total = halves_needed(norm, on_average, n_final);
    let halves_needed = match needed_total {
        Some(total) if total <= now.halves + 2 * rounds_left => total.saturating_sub(now.halves),
        _ => {
            blocked.push(Shortfall::Performance {
                performance: on_average
                    + dp_for_score(now.halves + 2 * rounds_left, n_final).unwrap_or(-800),
                required: norm.performance(),
            });
            0
        }
    };
    if !blocked.is_empty() {
        return NormStatus::NotPossible(blocked);
    }
    NormStatus::InReach {
        rounds_left,
        halves_needed,
        on_average,
        future_average,
        now,
    }
}
