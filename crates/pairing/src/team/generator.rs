//! A random team competition, paired round by round by an engine, written as a TRF-2026 team
//! file would hold it: one `001` line per player with the games of its board, `310` rosters,
//! `320` (the bye's receivers, and a stated value in some events), `352`, `362`, whole
//! matches forfeited by `330`, requested byes by `240`, withdrawals, late entries and Baku
//! acceleration.
//!
//! ```
//! use pairing::team::generator::{generate, TeamSettings};
//! use pairing::team::{pair, TeamOptions};
//! let settings = TeamSettings { teams: 7, boards: 2, rounds: 5, ..TeamSettings::default() };
//! let t = generate(&settings, 1, |t, r| pair(t, r, &TeamOptions::of(t).unwrap())).unwrap();
//! assert_eq!(t.teams.len(), 7);
//! assert_eq!(t.players.len(), 14);
//! assert!(t.players.iter().all(|p| p.rounds.len() == 5));
//! ```

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tournament::{
    AnnouncedByes, ByeKind, Color, Entry, GameResult, Header, MatchPointScale, Player, PlayerId,
    Points, Team, TeamForfeit, TeamForfeitResult, TeamPab, TeamRecords, Tournament,
};

use crate::generator::{properties, GeneratorError, SettingsError};
use crate::{Pairing, PairingError};

/// What to generate. Rates are "one in N" (0: never).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamSettings {
    pub teams: u32,
    pub boards: u32,
    pub rounds: u32,
    /// Percentage of games drawn.
    pub draw_percentage: u32,
    /// One board in N is forfeited.
    pub forfeit_rate: u32,
    /// One match in N is forfeited as a whole.
    pub match_forfeit_rate: u32,
    /// A team misses one round in N with a requested bye (half- or zero-point).
    pub absence_rate: u32,
    /// One team in N withdraws.
    pub withdrawal_rate: u32,
    /// One team in N enters late (GHR 2.4).
    pub late_entry_rate: u32,
    /// The `192` code: the system's variant.
    pub type_code: String,
    /// A `320` value of the bye stated by the competition rules: match and game points.
    pub pab_value: Option<(Points, Points)>,
}

impl Default for TeamSettings {
    fn default() -> Self {
        TeamSettings {
            teams: 12,
            boards: 4,
            rounds: 7,
            draw_percentage: 30,
            forfeit_rate: 40,
            match_forfeit_rate: 60,
            absence_rate: 40,
            withdrawal_rate: 20,
            late_entry_rate: 15,
            type_code: "FIDE_TEAM_TYPEA_MP_GP".into(),
            pab_value: None,
        }
    }
}

/// Every `192` code of the Swiss Team system (C.04.6 with TRF-2026's table).
pub const TYPE_CODES: [&str; 16] = [
    "FIDE_TEAM",
    "FIDE_TEAM_TYPEA_MP_GP",
    "FIDE_TEAM_TYPEA_GP_MP",
    "FIDE_TEAM_TYPEA_MP",
    "FIDE_TEAM_TYPEA_GP",
    "FIDE_TEAM_TYPEB_MP_GP",
    "FIDE_TEAM_TYPEB_GP_MP",
    "FIDE_TEAM_TYPEB_MP",
    "FIDE_TEAM_TYPEB_GP",
    "FIDE_TEAM_MP_GP",
    "FIDE_TEAM_GP_MP",
    "FIDE_TEAM_MP",
    "FIDE_TEAM_GP",
    "FIDE_TEAM_BAKU",
    "FIDE_TEAM_TYPEB_MP_GP_BAKU",
    "FIDE_TEAM_MP_BAKU",
];

impl TeamSettings {
    /// Settings drawn from `seed` for events of `teams` teams (a range), as the oracle runs use.
    pub fn random(seed: u64, teams: std::ops::RangeInclusive<u32>) -> TeamSettings {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x7ea3);
        let n = rng.gen_range(teams);
        TeamSettings {
            teams: n,
            boards: rng.gen_range(1..=4),
            // Never more rounds than a round robin has.
            rounds: rng.gen_range(5..=11).min(n.saturating_sub(1)).max(1),
            draw_percentage: rng.gen_range(10..=50),
            forfeit_rate: [0, 15, 40][rng.gen_range(0..3)],
            match_forfeit_rate: [0, 20, 60][rng.gen_range(0..3)],
            absence_rate: [0, 15, 40][rng.gen_range(0..3)],
            withdrawal_rate: [0, 8, 20][rng.gen_range(0..3)],
            late_entry_rate: [0, 8, 20][rng.gen_range(0..3)],
            type_code: TYPE_CODES[rng.gen_range(0..TYPE_CODES.len())].to_string(),
            pab_value: rng.gen_bool(0.25).then(|| {
                (
                    Points::from_whole(2),
                    Points::from_tenths(rng.gen_range(0..=20) * 5),
                )
            }),
        }
    }
}

impl TeamSettings {
    /// Reads a Java-properties text (`TeamsNumber`, `BoardsNumber`, `RoundsNumber`,
    /// `DrawPercentage`, `ForfeitRate`, `MatchForfeitRate`, `AbsenceRate`, `WithdrawalRate`,
    /// `LateEntryRate`, `TypeCode`); keys left out are drawn from `seed`.
    pub fn from_properties(text: &str, seed: u64) -> Result<TeamSettings, SettingsError> {
        let mut s = TeamSettings::random(seed, 8..=40);
        for p in properties(text)? {
            let err = |expected: &str| SettingsError {
                line: p.line,
                column: p.value_column,
                message: format!("{}: expected {expected}, found {:?}", p.key, p.value),
            };
            let count = |min: u32, max: u32| {
                p.value
                    .parse::<u32>()
                    .ok()
                    .filter(|v| (min..=max).contains(v))
                    .ok_or_else(|| err(&format!("a whole number from {min} to {max}")))
            };
            match p.key {
                "TeamsNumber" => s.teams = count(2, 999)?,
                "BoardsNumber" => s.boards = count(1, 50)?,
                "RoundsNumber" => s.rounds = count(1, 99)?,
                "DrawPercentage" => s.draw_percentage = count(0, 100)?,
                "ForfeitRate" => s.forfeit_rate = count(0, u32::MAX)?,
                "MatchForfeitRate" => s.match_forfeit_rate = count(0, u32::MAX)?,
                "AbsenceRate" => s.absence_rate = count(0, u32::MAX)?,
                "WithdrawalRate" => s.withdrawal_rate = count(0, u32::MAX)?,
                "LateEntryRate" => s.late_entry_rate = count(0, u32::MAX)?,
                "TypeCode" => {
                    crate::team::TeamOptions::from_type_code(p.value).map_err(|e| err(&e))?;
                    s.type_code = p.value.to_ascii_uppercase();
                }
                _ => {
                    return Err(SettingsError {
                        line: p.line,
                        column: p.key_column,
                        message: format!("unknown key {:?}", p.key),
                    })
                }
            }
        }
        if s.teams * s.boards > 9999 {
            return Err(SettingsError {
                line: 0,
                column: 0,
                message: format!(
                    "{} teams of {} boards make more than 9999 players",
                    s.teams, s.boards
                ),
            });
        }
        Ok(s)
    }

    /// Settings that imitate a team competition: its number of teams, boards, rounds and
    /// variant.
    pub fn from_model(t: &Tournament, seed: u64) -> TeamSettings {
        let mut s = TeamSettings::random(seed, 8..=40);
        s.teams = t.teams.len().max(2) as u32;
        s.boards = crate::team::board_count(t);
        s.rounds = t.header.rounds.unwrap_or(t.recorded_rounds()).max(1);
        if let Some(code) = t.header.type_code.clone() {
            if crate::team::TeamOptions::from_type_code(&code).is_ok() {
                s.type_code = code;
            }
        }
        s
    }
}

/// Generates a team competition: `pair` pairs each round, with the team numbers of
/// [`crate::team::pair`].
pub fn generate<F>(
    settings: &TeamSettings,
    seed: u64,
    mut pair: F,
) -> Result<Tournament, GeneratorError>
where
    F: FnMut(&Tournament, u32) -> Result<Pairing, PairingError>,
{
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (n, boards, rounds) = (settings.teams, settings.boards.max(1), settings.rounds);
    let board_colors: Vec<Color> = (0..boards)
        .map(|k| {
            if k % 2 == 0 {
                Color::White
            } else {
                Color::Black
            }
        })
        .collect();
    let mut t = Tournament {
        header: Header {
            name: Some(format!("AutoTest Team Tournament {seed}")),
            rounds: Some(rounds),
            initial_color: Some(if rng.gen_bool(0.5) {
                Color::White
            } else {
                Color::Black
            }),
            type_code: Some(settings.type_code.clone()),
            ..Header::default()
        },
        team_records: TeamRecords {
            match_points: Some(MatchPointScale::default()),
            board_colors: Some(board_colors.clone()),
            pab: Some(TeamPab {
                match_points: settings.pab_value.map(|v| v.0),
                game_points: settings.pab_value.map(|v| v.1),
                receivers: Vec::new(),
            }),
            forfeits: Vec::new(),
        },
        ..Tournament::default()
    };
    let mut strength = Vec::new();
    for k in 0..n {
        let base = 2500 - (k as i32) * 900 / n.max(1) as i32;
        let mut members = Vec::new();
        for b in 0..boards {
            let id = k * boards + b + 1;
            let rating = (base - 30 * b as i32 + rng.gen_range(-60..=60)).clamp(1000, 2800);
            t.players.push(Player {
                id: PlayerId(id),
                name: format!("Team{:02} Board{}", k + 1, b + 1),
                rating: Some(rating as u16),
                ..Player::default()
            });
            members.push(PlayerId(id));
        }
        strength.push(base);
        t.teams.push(Team {
            id: Some(k + 1),
            name: format!("Team {}", k + 1),
            players: members,
            ..Team::default()
        });
    }
    let rate = |rng: &mut ChaCha8Rng, r: u32| r > 0 && rng.gen_range(0..r) == 0;
    let late: Vec<u32> = (0..n)
        .map(|_| {
            if rate(&mut rng, settings.late_entry_rate) && rounds > 2 {
                rng.gen_range(2..=rounds.div_ceil(2))
            } else {
                1
            }
        })
        .collect();
    let withdrawn: Vec<Option<u32>> = (0..n)
        .map(|_| {
            (rate(&mut rng, settings.withdrawal_rate) && rounds > 3)
                .then(|| rng.gen_range(3..=rounds))
        })
        .collect();
    for r in 1..=rounds {
        // Absences known before the round is paired, in its column.
        let mut announced: Vec<(ByeKind, u32)> = Vec::new();
        for k in 0..n {
            let absence = if withdrawn[k as usize].is_some_and(|w| r >= w) {
                Some(Entry::Withdrawn)
            } else if r < late[k as usize] {
                Some(Entry::ZeroBye)
            } else if rate(&mut rng, settings.absence_rate) {
                Some(if rng.gen_bool(0.5) {
                    Entry::HalfBye
                } else {
                    Entry::ZeroBye
                })
            } else {
                None
            };
            if let Some(e) = absence {
                if e != Entry::Withdrawn && rng.gen_bool(0.3) {
                    let kind = if e == Entry::HalfBye {
                        ByeKind::Half
                    } else {
                        ByeKind::Zero
                    };
                    announced.push((kind, k + 1));
                }
                for id in t.teams[k as usize].players.clone() {
                    set_entry(&mut t, id, r, e);
                }
            }
        }
        for kind in [ByeKind::Half, ByeKind::Zero] {
            let players: Vec<PlayerId> = announced
                .iter()
                .filter(|(x, _)| *x == kind)
                .map(|&(_, k)| PlayerId(k))
                .collect();
            if !players.is_empty() {
                t.announced_byes.push(AnnouncedByes {
                    kind,
                    round: r,
                    players,
                });
            }
        }
        let pairing = pair(&t, r).map_err(|source| GeneratorError::Pairing { round: r, source })?;
        if let Some(bye) = pairing.bye {
            for id in t.teams[bye.0 as usize - 1].players.clone() {
                set_entry(&mut t, id, r, Entry::PairingBye);
            }
        }
        if let Some(pab) = t.team_records.pab.as_mut() {
            pab.receivers.resize(r as usize, None);
            pab.receivers[r as usize - 1] = pairing.bye.map(|b| b.0);
        }
        for board in &pairing.boards {
            let (wt, bt) = (board.white.0 as usize - 1, board.black.0 as usize - 1);
            let (wp, bp) = (t.teams[wt].players.clone(), t.teams[bt].players.clone());
            if rate(&mut rng, settings.match_forfeit_rate) {
                let white_wins = rng.gen_bool(0.5);
                let (winners, losers) = if white_wins { (&wp, &bp) } else { (&bp, &wp) };
                if rng.gen_bool(0.5) {
                    // As Sharly Chess writes it: the present team's forfeit wins name nobody,
                    // the absent team is absent, and a 330 record says who met whom.
                    for &id in winners {
                        set_entry(
                            &mut t,
                            id,
                            r,
                            Entry::ForfeitWin {
                                opponent: None,
                                color: None,
                            },
                        );
                    }
                    for &id in losers {
                        set_entry(&mut t, id, r, Entry::ZeroBye);
                    }
                    t.team_records.forfeits.push(TeamForfeit {
                        round: r,
                        white: wt as u32 + 1,
                        black: bt as u32 + 1,
                        result: if white_wins {
                            TeamForfeitResult::WhiteWins
                        } else {
                            TeamForfeitResult::BlackWins
                        },
                    });
                } else {
                    for (k, (&w, &b)) in wp.iter().zip(&bp).enumerate() {
                        let c = board_colors[k % board_colors.len()];
                        let (win, lose) = if white_wins { (w, b) } else { (b, w) };
                        let wc = if white_wins { c } else { c.opposite() };
                        set_entry(
                            &mut t,
                            win,
                            r,
                            Entry::ForfeitWin {
                                opponent: Some(lose),
                                color: Some(wc),
                            },
                        );
                        set_entry(
                            &mut t,
                            lose,
                            r,
                            Entry::ForfeitLoss {
                                opponent: Some(win),
                                color: Some(wc.opposite()),
                            },
                        );
                    }
                }
                continue;
            }
            for (k, (&w, &b)) in wp.iter().zip(&bp).enumerate() {
                let c = board_colors[k % board_colors.len()];
                if rate(&mut rng, settings.forfeit_rate) {
                    let w_present = rng.gen_bool(0.5);
                    let (ew, eb) = if rng.gen_bool(0.15) {
                        (
                            Entry::DoubleForfeit {
                                opponent: b,
                                color: c,
                            },
                            Entry::DoubleForfeit {
                                opponent: w,
                                color: c.opposite(),
                            },
                        )
                    } else if w_present {
                        (
                            Entry::ForfeitWin {
                                opponent: Some(b),
                                color: Some(c),
                            },
                            Entry::ForfeitLoss {
                                opponent: Some(w),
                                color: Some(c.opposite()),
                            },
                        )
                    } else {
                        (
                            Entry::ForfeitLoss {
                                opponent: Some(b),
                                color: Some(c),
                            },
                            Entry::ForfeitWin {
                                opponent: Some(w),
                                color: Some(c.opposite()),
                            },
                        )
                    };
                    set_entry(&mut t, w, r, ew);
                    set_entry(&mut t, b, r, eb);
                    continue;
                }
                let diff = f64::from(strength[wt] - strength[bt]) / 400.0;
                let expected = 1.0 / (1.0 + 10f64.powf(-diff));
                let draw = f64::from(settings.draw_percentage.min(100)) / 100.0;
                let x: f64 = rng.gen_range(0.0..1.0);
                let result = if x < draw {
                    GameResult::Draw
                } else if rng.gen_range(0.0..1.0) < expected {
                    GameResult::Win
                } else {
                    GameResult::Loss
                };
                set_entry(
                    &mut t,
                    w,
                    r,
                    Entry::Played {
                        opponent: b,
                        color: c,
                        result,
                        rated: true,
                    },
                );
                set_entry(
                    &mut t,
                    b,
                    r,
                    Entry::Played {
                        opponent: w,
                        color: c.opposite(),
                        result: result.reversed(),
                        rated: true,
                    },
                );
            }
        }
        // Whoever was left without an entry (a team's spare board) is marked absent.
        for p in &mut t.players {
            if p.rounds.len() < r as usize {
                p.rounds.resize(r as usize, Entry::ZeroBye);
            }
        }
    }
    let system = t.point_system;
    for p in &mut t.players {
        p.points = p.score(&system);
    }
    Ok(t)
}

fn set_entry(t: &mut Tournament, id: PlayerId, round: u32, e: Entry) {
    let p = &mut t.players[id.0 as usize - 1];
    if p.rounds.len() < round as usize {
        p.rounds.resize(round as usize, Entry::NotPaired);
    }
    p.rounds[round as usize - 1] = e;
}
