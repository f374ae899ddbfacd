//! A random Double-Swiss tournament, paired match by match by an engine and written in the
//! two-columns-per-match convention of [`super`]: games drawn from the rating difference, a
//! single game forfeited now and then (the match still counts as played), whole matches
//! forfeited, requested byes for a match, withdrawals, late entries and Baku acceleration.
//!
//! ```
//! use pairing::double_swiss::generator::{generate, DoubleSwissSettings};
//! use pairing::double_swiss::{matches, pair, DoubleSwissOptions};
//! let settings = DoubleSwissSettings { players: 9, matches: 4, ..DoubleSwissSettings::default() };
//! let t = generate(&settings, 3, |t, k| pair(t, k, &DoubleSwissOptions::default())).unwrap();
//! assert!(t.players.iter().all(|p| p.rounds.len() == 8));
//! assert_eq!(matches(&t, 5).unwrap().len(), 9);
//! ```

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tournament::{
    AnnouncedByes, ByeKind, Color, Entry, GameResult, Header, Player, PlayerId, Tournament,
};

use crate::generator::{properties, GeneratorError, SettingsError};
use crate::{Pairing, PairingError};

/// What to generate. Rates are "one in N" (0: never).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DoubleSwissSettings {
    pub players: u32,
    pub matches: u32,
    pub draw_percentage: u32,
    /// One game in N is forfeited.
    pub forfeit_rate: u32,
    /// One match in N is forfeited on both games.
    pub match_forfeit_rate: u32,
    /// A player misses one match in N with a requested bye.
    pub bye_rate: u32,
    pub withdrawal_rate: u32,
    pub late_entry_rate: u32,
    /// `192 FIDE_DOUBLESWISS_BAKU` instead of `FIDE_DOUBLESWISS`.
    pub baku: bool,
}

impl Default for DoubleSwissSettings {
    fn default() -> Self {
        DoubleSwissSettings {
            players: 16,
            matches: 7,
            draw_percentage: 30,
            forfeit_rate: 40,
            match_forfeit_rate: 60,
            bye_rate: 40,
            withdrawal_rate: 20,
            late_entry_rate: 15,
            baku: false,
        }
    }
}

impl DoubleSwissSettings {
    /// Settings drawn from `seed`, for `players` players (a range).
    pub fn random(seed: u64, players: std::ops::RangeInclusive<u32>) -> DoubleSwissSettings {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xd5);
        let n = rng.gen_range(players);
        DoubleSwissSettings {
            players: n,
            matches: rng.gen_range(4..=11).min(n.saturating_sub(1)).max(1),
            draw_percentage: rng.gen_range(10..=50),
            forfeit_rate: [0, 20, 60][rng.gen_range(0..3)],
            match_forfeit_rate: [0, 20, 60][rng.gen_range(0..3)],
            bye_rate: [0, 15, 40][rng.gen_range(0..3)],
            withdrawal_rate: [0, 8, 20][rng.gen_range(0..3)],
            late_entry_rate: [0, 8, 20][rng.gen_range(0..3)],
            baku: rng.gen_bool(0.2),
        }
    }
}

impl DoubleSwissSettings {
    /// Reads a Java-properties text (`PlayersNumber`, `MatchesNumber`, `DrawPercentage`,
    /// `ForfeitRate`, `MatchForfeitRate`, `ByeRate`, `WithdrawalRate`, `LateEntryRate`, `Baku`
    /// true or false); keys left out are drawn from `seed`.
    pub fn from_properties(text: &str, seed: u64) -> Result<DoubleSwissSettings, SettingsError> {
        let mut s = DoubleSwissSettings::random(seed, 8..=60);
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
                "PlayersNumber" => s.players = count(2, 9999)?,
                // Two columns a match: at most 49 matches in the engines' 99 rounds.
                "MatchesNumber" => s.matches = count(1, 49)?,
                "DrawPercentage" => s.draw_percentage = count(0, 100)?,
                "ForfeitRate" => s.forfeit_rate = count(0, u32::MAX)?,
                "MatchForfeitRate" => s.match_forfeit_rate = count(0, u32::MAX)?,
                "ByeRate" => s.bye_rate = count(0, u32::MAX)?,
                "WithdrawalRate" => s.withdrawal_rate = count(0, u32::MAX)?,
                "LateEntryRate" => s.late_entry_rate = count(0, u32::MAX)?,
                "Baku" => {
                    s.baku = match p.value {
                        "true" => true,
                        "false" => false,
                        _ => return Err(err("true or false")),
                    }
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
        Ok(s)
    }

    /// Settings that imitate a Double-Swiss tournament: its players and number of matches.
    pub fn from_model(t: &Tournament, seed: u64) -> DoubleSwissSettings {
        let mut s = DoubleSwissSettings::random(seed, 8..=60);
        s.players = t.players.len().max(2) as u32;
        s.matches = (t.header.rounds.unwrap_or(t.recorded_rounds()) / 2).max(1);
        s.baku = t
            .header
            .type_code
            .as_deref()
            .is_some_and(|c| c.ends_with("_BAKU"));
        s
    }
}

/// The entries of a game forfeited by one player: `w` (with colour `c`) and `bl`, `w` present
/// when `w_present`.
fn forfeited_game(w: PlayerId, bl: PlayerId, c: Color, w_present: bool) -> (Entry, Entry) {
    let win = |opponent, color| Entry::ForfeitWin {
        opponent: Some(opponent),
        color: Some(color),
    };
    let loss = |opponent, color| Entry::ForfeitLoss {
        opponent: Some(opponent),
        color: Some(color),
    };
    if w_present {
        (win(bl, c), loss(w, c.opposite()))
    } else {
        (loss(bl, c), win(w, c.opposite()))
    }
}

fn set(t: &mut Tournament, id: PlayerId, column: u32, e: Entry) {
    let p = &mut t.players[id.0 as usize - 1];
    if p.rounds.len() < column as usize {
        p.rounds.resize(column as usize, Entry::NotPaired);
    }
    p.rounds[column as usize - 1] = e;
}

/// Generates a tournament: `pair` pairs each match (the number of the match, from 1).
pub fn generate<F>(
    settings: &DoubleSwissSettings,
    seed: u64,
    mut pair: F,
) -> Result<Tournament, GeneratorError>
where
    F: FnMut(&Tournament, u32) -> Result<Pairing, PairingError>,
{
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (n, total) = (settings.players, settings.matches);
    let mut t = Tournament {
        header: Header {
            name: Some(format!("AutoTest Double-Swiss {seed}")),
            rounds: Some(2 * total),
            initial_color: Some(if rng.gen_bool(0.5) {
                Color::White
            } else {
                Color::Black
            }),
            type_code: Some(
                if settings.baku {
                    "FIDE_DOUBLESWISS_BAKU"
                } else {
                    "FIDE_DOUBLESWISS"
                }
                .into(),
            ),
            ..Header::default()
        },
        ..Tournament::default()
    };
    let mut rating = Vec::new();
    for i in 0..n {
        let r = 2600 - (i as i32) * 1200 / n.max(1) as i32 + rng.gen_range(-40..=40);
        rating.push(r);
        t.players.push(Player {
            id: PlayerId(i + 1),
            name: format!("Player{:03}", i + 1),
            rating: Some(r.clamp(1000, 2800) as u16),
            ..Player::default()
        });
    }
    let rate = |rng: &mut ChaCha8Rng, r: u32| r > 0 && rng.gen_range(0..r) == 0;
    let late: Vec<u32> = (0..n)
        .map(|_| {
            if rate(&mut rng, settings.late_entry_rate) && total > 2 {
                rng.gen_range(2..=total.div_ceil(2))
            } else {
                1
            }
        })
        .collect();
    let withdrawn: Vec<Option<u32>> = (0..n)
        .map(|_| {
            (rate(&mut rng, settings.withdrawal_rate) && total > 3)
                .then(|| rng.gen_range(3..=total))
        })
        .collect();
    for k in 1..=total {
        let (g1, g2) = (2 * k - 1, 2 * k);
        let mut half = Vec::new();
        for i in 0..n {
            let id = PlayerId(i + 1);
            let absence = if withdrawn[i as usize].is_some_and(|w| k >= w) {
                Some(Entry::Withdrawn)
            } else if k < late[i as usize] {
                Some(Entry::ZeroBye)
            } else if rate(&mut rng, settings.bye_rate) {
                Some(if rng.gen_bool(0.5) {
                    Entry::HalfBye
                } else {
                    Entry::ZeroBye
                })
            } else {
                None
            };
            if let Some(e) = absence {
                if e == Entry::HalfBye && rng.gen_bool(0.3) {
                    half.push(id);
                }
                set(&mut t, id, g1, e);
                set(&mut t, id, g2, e);
            }
        }
        if !half.is_empty() {
            t.announced_byes.push(AnnouncedByes {
                kind: ByeKind::Half,
                round: g1,
                players: half,
            });
        }
        let pairing = pair(&t, k).map_err(|source| GeneratorError::Pairing { round: k, source })?;
        if let Some(bye) = pairing.bye {
            // A game won and a game drawn (1.4).
            set(&mut t, bye, g1, Entry::PairingBye);
            set(&mut t, bye, g2, Entry::HalfBye);
        }
        for b in &pairing.boards {
            let (w, bl) = (b.white, b.black);
            if rate(&mut rng, settings.match_forfeit_rate) {
                let w_present = rng.gen_bool(0.5);
                for (g, c) in [(g1, Color::White), (g2, Color::Black)] {
                    let (ew, eb) = forfeited_game(w, bl, c, w_present);
                    set(&mut t, w, g, ew);
                    set(&mut t, bl, g, eb);
                }
                continue;
            }
            for (g, c) in [(g1, Color::White), (g2, Color::Black)] {
                if rate(&mut rng, settings.forfeit_rate) {
                    let w_present = rng.gen_bool(0.5);
                    let (ew, eb) = forfeited_game(w, bl, c, w_present);
                    set(&mut t, w, g, ew);
                    set(&mut t, bl, g, eb);
                    continue;
                }
                let (white, black) = if c == Color::White { (w, bl) } else { (bl, w) };
                let diff =
                    f64::from(rating[white.0 as usize - 1] - rating[black.0 as usize - 1]) / 400.0;
                let expected = 1.0 / (1.0 + 10f64.powf(-diff));
                let result =
                    if rng.gen_range(0.0..1.0) < f64::from(settings.draw_percentage) / 100.0 {
                        GameResult::Draw
                    } else if rng.gen_range(0.0..1.0) < expected {
                        GameResult::Win
                    } else {
                        GameResult::Loss
                    };
                set(
                    &mut t,
                    white,
                    g,
                    Entry::Played {
                        opponent: black,
                        color: Color::White,
                        result,
                        rated: true,
                    },
                );
                set(
                    &mut t,
                    black,
                    g,
                    Entry::Played {
                        opponent: white,
                        color: Color::Black,
                        result: result.reversed(),
                        rated: true,
                    },
                );
            }
        }
        for p in &mut t.players {
            if p.rounds.len() < g2 as usize {
                p.rounds.resize(g2 as usize, Entry::ZeroBye);
            }
        }
    }
    let system = t.point_system;
    for p in &mut t.players {
        p.points = p.score(&system);
    }
    Ok(t)
}
