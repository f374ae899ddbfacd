//! Random Burstein tournaments for the oracle and property tests: fields of 5 to 30 players,
//! every round of the event paired by the engine (its seeding rounds by the Dutch system),
//! odd fields, half-, full- and zero-point byes, one-sided and double forfeits, withdrawals,
//! late entries, forbidden pairs, other point systems, and acceleration (Baku by type code,
//! `250` ranges, `XXA` per player).
//!
//! [`play`] walks a tournament round by round and hands each state to a visitor before the
//! engine's pairing of that round is played.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use pairing::burstein::{self, BursteinOptions};
use pairing::{Pairing, PairingError};
use tournament::{
    Acceleration, Color, Entry, ForbiddenGroup, GameResult, Player, PlayerId, PointSystem, Points,
    Tournament,
};

/// What happened to one round of a generated tournament.
#[derive(Debug)]
pub struct RoundSeen<'a> {
    pub seed: u64,
    pub round: u32,
    /// The tournament before the round: history, and the absences of this round.
    pub state: &'a Tournament,
    /// The engine's answer.
    pub pairing: &'a Result<Pairing, PairingError>,
}

/// A random tournament before its first round: header, point system, acceleration, players.
fn setup(rng: &mut ChaCha8Rng, seed: u64) -> (Tournament, u32) {
    let n = rng.gen_range(5..=30usize);
    let rounds = match rng.gen_range(0..10) {
        0 => rng.gen_range(1..=3),
        _ => rng.gen_range(4..=11),
    };
    let mut t = Tournament::default();
    t.header.name = Some(format!("Burstein test {seed}"));
    t.header.rounds = Some(rounds);
    t.header.initial_color = Some(if rng.gen_bool(0.5) {
        Color::White
    } else {
        Color::Black
    });
    t.point_system = match rng.gen_range(0..10) {
        0 => PointSystem::from_game_values(
            Points::from_whole(2),
            Points::from_whole(1),
            Points::ZERO,
        ),
        1 => PointSystem::from_game_values(
            Points::from_whole(3),
            Points::from_whole(1),
            Points::ZERO,
        ),
        _ => PointSystem::default(),
    };
    let baku_possible = t.point_system.draw.tenths() * 2 == t.point_system.win.tenths();
    t.header.type_code = Some("FIDE_BURSTEIN".to_string());
    match rng.gen_range(0..10) {
        0 | 1 if baku_possible => t.header.type_code = Some("FIDE_BURSTEIN_BAKU".to_string()),
        2 => t.accelerations.push(Acceleration {
            match_points: None,
            points: t.point_system.win,
            first_round: 1,
            last_round: rng.gen_range(1..=rounds),
            first_player: PlayerId(1),
            last_player: PlayerId(rng.gen_range(1..=n as u32)),
        }),
        3 => {
            for id in 1..=n as u32 {
                if rng.gen_bool(0.4) {
                    let values = (0..rounds)
                        .map(|_| Points::from_tenths(5 * rng.gen_range(0..=2)))
                        .collect();
                    t.player_accelerations.push((PlayerId(id), values));
                }
            }
        }
        _ => {}
    }
    if rng.gen_range(0..10) == 0 {
        let size = rng.gen_range(2..=3);
        let players = (0..size)
            .map(|_| PlayerId(rng.gen_range(1..=n as u32)))
            .collect();
        t.forbidden.push(ForbiddenGroup {
            rounds: None,
            players,
        });
    }
    let mut ratings: Vec<u16> = (0..n).map(|_| rng.gen_range(1200..=2700)).collect();
    ratings.sort_by(|a, b| b.cmp(a));
    t.players = ratings
        .iter()
        .enumerate()
        .map(|(i, &r)| Player {
            id: PlayerId(i as u32 + 1),
            name: format!("Player {}", i + 1),
            rating: Some(r),
            ..Player::default()
        })
        .collect();
    (t, rounds)
}

fn result(rng: &mut ChaCha8Rng, white: Option<u16>, black: Option<u16>) -> GameResult {
    let diff = i32::from(white.unwrap_or(0)) - i32::from(black.unwrap_or(0));
    let x = rng.gen_range(-800..800) + diff / 2;
    if x.abs() < 150 {
        GameResult::Draw
    } else if x > 0 {
        GameResult::Win
    } else {
        GameResult::Loss
    }
}

/// Plays the random tournament of `seed`, calling `visit` on every round before its pairing
/// is played; stops at the first round without a valid pairing. Returns the tournament.
pub fn play(seed: u64, mut visit: impl FnMut(&RoundSeen)) -> Tournament {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut t, rounds) = setup(&mut rng, seed);
    let n = t.players.len();
    // Late entries: absent (blank or zero-point bye) before their round.
    let enters: Vec<u32> = (0..n)
        .map(|_| {
            if rounds >= 2 && rng.gen_range(0..8) == 0 {
                rng.gen_range(2..=rounds)
            } else {
                1
            }
        })
        .collect();
    // Withdrawals: from that round on, written as withdrawn or as zero-point byes.
    let leaves: Vec<Option<(u32, bool)>> = (0..n)
        .map(|i| {
            (rounds >= 2 && rng.gen_range(0..12) == 0)
                .then(|| (rng.gen_range(enters[i].max(2)..=rounds), rng.gen_bool(0.5)))
        })
        .collect();
    let blank_before_entry: Vec<bool> = (0..n).map(|_| rng.gen_bool(0.5)).collect();
    let options = BursteinOptions::default();
    for round in 1..=rounds {
        for i in 0..n {
            // Not yet entered: a zero-point bye in the round to pair (a blank at the end of a
            // record would read as no entry); some become blanks once the round is played.
            let absence = if round < enters[i] {
                Some(Entry::ZeroBye)
            } else if let Some((_, as_withdrawn)) = leaves[i].filter(|l| round >= l.0) {
                Some(if as_withdrawn {
                    Entry::Withdrawn
                } else {
                    Entry::ZeroBye
                })
            } else {
                match rng.gen_range(0..100) {
                    0..=3 => Some(Entry::HalfBye),
                    4..=5 => Some(Entry::FullBye),
                    6..=8 => Some(Entry::ZeroBye),
                    _ => None,
                }
            };
            if let Some(a) = absence {
                t.players[i].rounds.push(a);
            }
        }
        let pairing = burstein::pair(&t, round, &options);
        visit(&RoundSeen {
            seed,
            round,
            state: &t,
            pairing: &pairing,
        });
        let Ok(pairing) = pairing else {
            break;
        };
        for b in &pairing.boards {
            let (w, bl) = (b.white.0 as usize - 1, b.black.0 as usize - 1);
            let (we, be) = match rng.gen_range(0..100) {
                0..=3 => {
                    let white_came = rng.gen_bool(0.5);
                    let came = |o, c| Entry::ForfeitWin {
                        opponent: Some(o),
                        color: Some(c),
                    };
                    let missed = |o, c| Entry::ForfeitLoss {
                        opponent: Some(o),
                        color: Some(c),
                    };
                    if white_came {
                        (came(b.black, Color::White), missed(b.white, Color::Black))
                    } else {
                        (missed(b.black, Color::White), came(b.white, Color::Black))
                    }
                }
                4 => (
                    Entry::DoubleForfeit {
                        opponent: b.black,
                        color: Color::White,
                    },
                    Entry::DoubleForfeit {
                        opponent: b.white,
                        color: Color::Black,
                    },
                ),
                _ => {
                    let r = result(&mut rng, t.players[w].rating, t.players[bl].rating);
                    let game = |o, c, r| Entry::Played {
                        opponent: o,
                        color: c,
                        result: r,
                        rated: true,
                    };
                    (
                        game(b.black, Color::White, r),
                        game(b.white, Color::Black, r.reversed()),
                    )
                }
            };
            t.players[w].rounds.push(we);
            t.players[bl].rounds.push(be);
        }
        if let Some(bye) = pairing.bye {
            t.players[bye.0 as usize - 1].rounds.push(Entry::PairingBye);
        }
        // Players neither paired nor absent (none, if the engine is right) keep a blank.
        for (i, p) in t.players.iter_mut().enumerate() {
            if p.rounds.len() < round as usize {
                p.rounds.push(Entry::NotPaired);
            }
            if round < enters[i] && blank_before_entry[i] {
                p.rounds[round as usize - 1] = Entry::NotPaired;
            }
        }
        let system = t.point_system;
        for p in &mut t.players {
            p.points = p.score(&system);
        }
    }
    t
}
