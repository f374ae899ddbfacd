//! Random tournaments for the Lim checks: fields of 5–30 players, every round of the event,
//! odd fields, half-, full- and zero-point byes, absences, forfeits (one-sided and double),
//! withdrawals, late entries, forbidden pairs, other point systems, explicit acceleration
//! (C.04.7 virtual points as `250` records) and Maxi-tournaments. Each round is paired by a
//! caller's function from the state before it, absences already written in its column.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tournament::{
    Acceleration, Color, Entry, ForbiddenGroup, GameResult, Header, Player, PlayerId, PointSystem,
    Points, Tournament,
};

use pairing::Pairing;

/// What a generated event looks like apart from its rounds.
#[derive(Debug, Clone)]
pub struct Event {
    pub tournament: Tournament,
    pub maxi: bool,
    /// Round from which each player (by index) takes part.
    entry_round: Vec<u32>,
    /// Round from which each player (by index) has withdrawn.
    withdrawal: Vec<Option<u32>>,
}

/// A fresh event from `seed`, no round played.
pub fn event(seed: u64) -> Event {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n: u32 = rng.gen_range(5..=30);
    let rounds: u32 = rng.gen_range(3..=n.min(11));
    let mut ratings: Vec<Option<u16>> = (0..n)
        .map(|_| (!rng.gen_bool(0.1)).then(|| rng.gen_range(1200..=2700)))
        .collect();
    ratings.sort_by_key(|r| std::cmp::Reverse(r.unwrap_or(0)));
    // Pairing numbers do not always follow ratings (titles, estimates): a few neighbours swap.
    for k in 1..n as usize {
        if rng.gen_bool(0.1) {
            ratings.swap(k - 1, k);
        }
    }
    let point_system = if rng.gen_bool(0.2) {
        let (win, draw) = (Points::from_tenths(30), Points::from_tenths(10));
        PointSystem {
            win,
            draw,
            loss: Points::ZERO,
            forfeit_win: win,
            forfeit_loss: Points::ZERO,
            pairing_bye: win,
            full_bye: win,
            half_bye: draw,
            zero_bye: Points::ZERO,
        }
    } else {
        PointSystem::default()
    };
    let players: Vec<Player> = (1..=n)
        .map(|i| Player {
            id: PlayerId(i),
            name: format!("Player {i:02}"),
            rating: ratings[i as usize - 1],
            ..Player::default()
        })
        .collect();
    let mut accelerations = Vec::new();
    if rng.gen_bool(0.2) {
        // C.04.7 1.2–1.4 written out as explicit virtual points.
        let group_a = 2 * n.div_ceil(4);
        let accelerated = rounds.div_ceil(2);
        let full = accelerated.div_ceil(2);
        let win = point_system.win;
        for (first, last, points) in [
            (1, full, win),
            (full + 1, accelerated, Points::from_tenths(win.tenths() / 2)),
        ] {
            if first <= last {
                accelerations.push(Acceleration {
                    match_points: None,
                    points,
                    first_round: first,
                    last_round: last,
                    first_player: PlayerId(1),
                    last_player: PlayerId(group_a),
                });
            }
        }
    }
    let mut forbidden = Vec::new();
    if rng.gen_bool(0.1) {
        let size = rng.gen_range(2..=3);
        let mut group: Vec<PlayerId> = Vec::new();
        while group.len() < size {
            let p = PlayerId(rng.gen_range(1..=n));
            if !group.contains(&p) {
                group.push(p);
            }
        }
        forbidden.push(ForbiddenGroup {
            rounds: None,
            players: group,
        });
    }
    let entry_round = (0..n)
        .map(|_| {
            if rng.gen_bool(0.12) {
                rng.gen_range(2..=3.min(rounds))
            } else {
                1
            }
        })
        .collect();
    let withdrawal = (0..n)
        .map(|_| rng.gen_bool(0.08).then(|| rng.gen_range(2..=rounds)))
        .collect();
    Event {
        tournament: Tournament {
            header: Header {
                name: Some(format!("Lim test {seed}")),
                rounds: Some(rounds),
                initial_color: Some(if rng.gen_bool(0.5) {
                    Color::White
                } else {
                    Color::Black
                }),
                ..Header::default()
            },
            point_system,
            players,
            accelerations,
            forbidden,
            ..Tournament::default()
        },
        maxi: rng.gen_bool(0.15),
        entry_round,
        withdrawal,
    }
}

/// Plays the event of `seed` round by round: `pair` pairs each round (its answer is played; a
/// `None` ends the event). Returns the number of rounds paired.
pub fn play<F>(seed: u64, mut pair: F) -> u32
where
    F: FnMut(&Event, u32) -> Option<Pairing>,
{
    let mut event = event(seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED_0F11);
    let rounds = event.tournament.header.rounds.unwrap();
    for r in 1..=rounds {
        let idx = r as usize - 1;
        for (i, p) in event.tournament.players.iter_mut().enumerate() {
            let absence = if event.withdrawal[i].is_some_and(|w| r >= w) {
                Some(Entry::Withdrawn)
            } else if r < event.entry_round[i] {
                // A late entry: the rounds before it are zero-point byes (GHR 2.4).
                Some(Entry::ZeroBye)
            } else {
                match rng.gen_range(0..100) {
                    0..=4 => Some(Entry::HalfBye),
                    5..=6 => Some(Entry::FullBye),
                    7..=8 => Some(Entry::ZeroBye),
                    9 => Some(Entry::ForfeitLoss {
                        opponent: None,
                        color: None,
                    }),
                    _ => None,
                }
            };
            if let Some(e) = absence {
                p.rounds.resize(idx, Entry::NotPaired);
                p.rounds.push(e);
            }
        }
        let Some(pairing) = pair(&event, r) else {
            return r - 1;
        };
        let t = &mut event.tournament;
        let index =
            |t: &Tournament, id: PlayerId| t.players.iter().position(|p| p.id == id).unwrap();
        let set = |t: &mut Tournament, id: PlayerId, e: Entry| {
            let k = index(t, id);
            let p = &mut t.players[k];
            p.rounds.resize(idx, Entry::NotPaired);
            p.rounds.push(e);
        };
        for b in &pairing.boards {
            let (w, bl) = (b.white, b.black);
            match rng.gen_range(0..100) {
                0..=1 => {
                    set(
                        t,
                        w,
                        Entry::ForfeitWin {
                            opponent: Some(bl),
                            color: Some(Color::White),
                        },
                    );
                    set(
                        t,
                        bl,
                        Entry::ForfeitLoss {
                            opponent: Some(w),
                            color: Some(Color::Black),
                        },
                    );
                }
                2..=3 => {
                    set(
                        t,
                        w,
                        Entry::ForfeitLoss {
                            opponent: Some(bl),
                            color: Some(Color::White),
                        },
                    );
                    set(
                        t,
                        bl,
                        Entry::ForfeitWin {
                            opponent: Some(w),
                            color: Some(Color::Black),
                        },
                    );
                }
                4 => {
                    set(
                        t,
                        w,
                        Entry::DoubleForfeit {
                            opponent: bl,
                            color: Color::White,
                        },
                    );
                    set(
                        t,
                        bl,
                        Entry::DoubleForfeit {
                            opponent: w,
                            color: Color::Black,
                        },
                    );
                }
                k => {
                    let result = match k {
                        5..=44 => GameResult::Win,
                        45..=69 => GameResult::Draw,
                        _ => GameResult::Loss,
                    };
                    let game = |opponent, color, result| Entry::Played {
                        opponent,
                        color,
                        result,
                        rated: true,
                    };
                    set(t, w, game(bl, Color::White, result));
                    set(t, bl, game(w, Color::Black, result.reversed()));
                }
            }
        }
        if let Some(b) = pairing.bye {
            set(t, b, Entry::PairingBye);
        }
    }
    rounds
}
