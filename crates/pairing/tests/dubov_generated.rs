//! The Dubov engine against its literal oracle on generated tournaments, and the absolute
//! criteria as properties.
//!
//! The generator plays whole events of 5–30 players round by round with the engine: odd fields,
//! half-, full- and zero-point byes, forfeits (one-sided and double), withdrawals, late
//! entries, forbidden pairs, Baku acceleration and explicit virtual points. Every round the
//! engine pairs is also paired by the oracle, and the two must be identical (pairs, colours,
//! PAB, board order).
//!
//! The normal suite compares a few hundred rounds. The full run (20,000 rounds or more):
//! `DUBOV_ORACLE_ROUNDS=20000 cargo test --profile test-release -p pairing --test integration
//! dubov_generated::engine_equals_oracle_long -- --ignored --nocapture`.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use tournament::{
    Acceleration, Color, Entry, ForbiddenGroup, GameResult, Player, PlayerId, Points, Tournament,
};

use pairing::dubov::{self, DubovOptions};

use crate::dubov_oracle;

/// One generated round: the tournament as it stands before it, and its number.
pub struct GeneratedRound {
    pub tournament: Tournament,
    pub round: u32,
}

/// A whole random event paired by the engine; `visit` sees every round before it is paired
/// (and returns false to stop). The event stops early when the engine finds no valid pairing.
pub fn play_event(seed: u64, mut visit: impl FnMut(&GeneratedRound) -> bool) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n: usize = rng.gen_range(5..=30);
    let rounds: u32 = rng.gen_range(3..=11u32.min(n as u32 + 2));
    let mut t = Tournament::default();
    t.header.rounds = Some(rounds);
    t.header.initial_color = Some(if rng.gen_bool(0.5) {
        Color::White
    } else {
        Color::Black
    });
    t.header.type_code = Some("FIDE_DUBOV".to_string());
    let mut ratings: Vec<Option<u16>> = (0..n)
        .map(|_| (!rng.gen_bool(0.05)).then(|| rng.gen_range(1200..2700)))
        .collect();
    ratings.sort_by(|a, b| b.cmp(a));
    t.players = ratings
        .iter()
        .enumerate()
        .map(|(i, &rating)| Player {
            id: PlayerId(i as u32 + 1),
            rating,
            ..Player::default()
        })
        .collect();
    match rng.gen_range(0..10) {
        0..=1 => t.header.type_code = Some("FIDE_DUBOV_BAKU".to_string()),
        2 => {
            let last = rng.gen_range(1..=rounds);
            let top = rng.gen_range(1..=n as u32);
            t.accelerations.push(Acceleration {
                match_points: None,
                points: Points::from_tenths(5 * rng.gen_range(1..=2)),
                first_round: 1,
                last_round: last,
                first_player: PlayerId(1),
                last_player: PlayerId(top),
            });
        }
        _ => {}
    }
    if rng.gen_bool(0.1) {
        let a = rng.gen_range(1..=n as u32);
        let b = rng.gen_range(1..=n as u32);
        if a != b {
            t.forbidden.push(ForbiddenGroup {
                rounds: None,
                players: vec![PlayerId(a), PlayerId(b)],
            });
        }
    }
    let late: Vec<u32> = (0..n)
        .map(|_| {
            if rounds > 2 && rng.gen_bool(0.08) {
                rng.gen_range(2..=rounds)
            } else {
                1
            }
        })
        .collect();
    let withdraw: Vec<Option<u32>> = (0..n)
        .map(|_| (rounds > 2 && rng.gen_bool(0.08)).then(|| rng.gen_range(2..=rounds)))
        .collect();
    let bye_rate = rng.gen_range(0.0..0.12);
    let forfeit_rate = rng.gen_range(0.0..0.08);
    let draw_rate = rng.gen_range(0.1..0.5);
    // Some events have rounds paired by hand (at random, rematches avoided where the shuffle
    // allows): histories no engine would make, with long colour runs and odd floats.
    let by_hand = if rng.gen_bool(0.3) {
        rng.gen_range(0.1..0.6)
    } else {
        0.0
    };
    for round in 1..=rounds {
        for i in 0..n {
            let p = &mut t.players[i];
            let absence = if withdraw[i].is_some_and(|w| round >= w) {
                Some(Entry::Withdrawn)
            } else if round < late[i] {
                Some(Entry::ZeroBye)
            } else if rng.gen_bool(bye_rate) {
                Some(match rng.gen_range(0..3) {
                    0 => Entry::HalfBye,
                    1 => Entry::FullBye,
                    _ => Entry::ZeroBye,
                })
            } else {
                None
            };
            if let Some(a) = absence {
                p.rounds.push(a);
            }
        }
        let state = GeneratedRound {
            tournament: t.clone(),
            round,
        };
        if !visit(&state) {
            return;
        }
        let pairing = if rng.gen_bool(by_hand) {
            random_pairing(&t, round, &mut rng)
        } else {
            match dubov::pair(&t, round, &DubovOptions::default()) {
                Ok(p) => p,
                Err(_) => return,
            }
        };
        let index = |id: PlayerId| id.0 as usize - 1;
        for b in &pairing.boards {
            let (w, k) = (index(b.white), index(b.black));
            let (we, be) = if rng.gen_bool(forfeit_rate) {
                let fw = |o, c| Entry::ForfeitWin {
                    opponent: Some(o),
                    color: Some(c),
                };
                let fl = |o, c| Entry::ForfeitLoss {
                    opponent: Some(o),
                    color: Some(c),
                };
                match rng.gen_range(0..5) {
                    0 => (
                        Entry::DoubleForfeit {
                            opponent: b.black,
                            color: Color::White,
                        },
                        Entry::DoubleForfeit {
                            opponent: b.white,
                            color: Color::Black,
                        },
                    ),
                    1 | 2 => (fw(b.black, Color::White), fl(b.white, Color::Black)),
                    _ => (fl(b.black, Color::White), fw(b.white, Color::Black)),
                }
            } else {
                let x: f64 = rng.gen();
                let result = if x < draw_rate {
                    GameResult::Draw
                } else if x < (1.0 + draw_rate) / 2.0 {
                    GameResult::Win
                } else {
                    GameResult::Loss
                };
                let g = |o, c, r| Entry::Played {
                    opponent: o,
                    color: c,
                    result: r,
                    rated: true,
                };
                (
                    g(b.black, Color::White, result),
                    g(b.white, Color::Black, result.reversed()),
                )
            };
            t.players[w].rounds.push(we);
            t.players[k].rounds.push(be);
        }
        if let Some(bye) = pairing.bye {
            t.players[index(bye)].rounds.push(Entry::PairingBye);
        }
        let system = t.point_system;
        for p in &mut t.players {
            p.points = p.score(&system);
        }
    }
}

/// A pairing made by hand: the present players shuffled and paired in order (a later partner
/// when the next one was already met), colours at random, the odd one out given the PAB.
fn random_pairing(t: &Tournament, round: u32, rng: &mut ChaCha8Rng) -> pairing::Pairing {
    use rand::seq::SliceRandom;
    let mut present: Vec<PlayerId> = t
        .players
        .iter()
        .filter(|p| p.rounds.len() < round as usize)
        .map(|p| p.id)
        .collect();
    present.shuffle(rng);
    let met = |a: PlayerId, b: PlayerId| {
        t.player(a)
            .unwrap()
            .rounds
            .iter()
            .any(|e| e.played_opponent() == Some(b))
    };
    let mut boards = Vec::new();
    while present.len() >= 2 {
        let a = present.remove(0);
        let k = (0..present.len())
            .find(|&k| !met(a, present[k]))
            .unwrap_or(0);
        let b = present.remove(k);
        let (white, black) = if rng.gen_bool(0.5) { (a, b) } else { (b, a) };
        boards.push(pairing::Board { white, black });
    }
    pairing::Pairing {
        boards,
        bye: present.pop(),
    }
}

fn engine_pairing(g: &GeneratedRound) -> dubov_oracle::OPairing {
    match dubov::pair(&g.tournament, g.round, &DubovOptions::default()) {
        Ok(p) => Some((p.boards.iter().map(|b| (b.white, b.black)).collect(), p.bye)),
        Err(pairing::PairingError::NoValidPairing { .. }) => None,
        Err(e) => panic!("round {}: {e}", g.round),
    }
}

/// Compares engine and oracle on the rounds of events `seeds` until `rounds` rounds are done;
/// returns (rounds compared, rounds with no legal pairing) or the first difference.
fn compare(seeds: std::ops::Range<u64>, rounds: usize) -> Result<(usize, usize), String> {
    let mut done = 0;
    let mut impossible = 0;
    for seed in seeds {
        let mut failure = None;
        play_event(seed, |g| {
            let ours = engine_pairing(g);
            let literal = dubov_oracle::pair(&g.tournament, g.round);
            if ours != literal {
                failure = Some(format!(
                    "seed {seed} round {}: engine {ours:?}\n oracle {literal:?}",
                    g.round
                ));
                return false;
            }
            done += 1;
            impossible += usize::from(ours.is_none());
            done < rounds
        });
        if let Some(f) = failure {
            return Err(f);
        }
        if done >= rounds {
            break;
        }
    }
    Ok((done, impossible))
}

#[test]
fn engine_equals_oracle() {
    let (done, impossible) = compare(0..10_000, 300).unwrap_or_else(|e| panic!("{e}"));
    println!("dubov oracle: {done}/{done} rounds identical ({impossible} without a legal pairing)");
    assert!(done >= 300);
}

#[test]
#[ignore = "long: run by hand in the test-release profile"]
fn engine_equals_oracle_long() {
    let rounds: usize = std::env::var("DUBOV_ORACLE_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000);
    let start = std::time::Instant::now();
    let (done, impossible) =
        compare(1_000_000..10_000_000, rounds).unwrap_or_else(|e| panic!("{e}"));
    println!(
        "dubov oracle: {done}/{done} rounds identical ({impossible} without a legal pairing), {:.1} s",
        start.elapsed().as_secs_f64()
    );
    assert!(done >= rounds);
}

/// The absolute criteria and the round's completeness on one engine pairing.
fn check_absolute(g: &GeneratedRound) -> Result<(), TestCaseError> {
    let t = &g.tournament;
    let Ok(p) = dubov::pair(t, g.round, &DubovOptions::default()) else {
        return Ok(());
    };
    let prepared = dubov::prepare(t, g.round, &DubovOptions::default()).unwrap();
    let find = |id: PlayerId| prepared.players.iter().find(|x| x.id == id).unwrap();
    let mut seen: Vec<PlayerId> = Vec::new();
    for b in &p.boards {
        let (w, k) = (find(b.white), find(b.black));
        // C1: no rematch of a game played.
        let met = t.player(b.white).unwrap().rounds[..g.round as usize - 1]
            .iter()
            .any(|e| e.played_opponent() == Some(b.black));
        prop_assert!(!met, "rematch {} - {}", b.white, b.black);
        // C3: never two players with the same absolute preference.
        prop_assert!(!(w.absolute() && k.absolute() && w.preference == k.preference));
        // An absolute preference is always granted (BR 6–7 through C3 and 5.2.3).
        if w.absolute() {
            prop_assert_eq!(w.preference, Color::White);
        }
        if k.absolute() {
            prop_assert_eq!(k.preference, Color::Black);
        }
        seen.extend([b.white, b.black]);
    }
    if let Some(bye) = p.bye {
        // C2 / Basic Rule 4: no second PAB, none after a full-point bye or a forfeit win.
        let history = &t.player(bye).unwrap().rounds[..g.round as usize - 1];
        let unearned = history.iter().any(|e| {
            matches!(
                e,
                Entry::PairingBye | Entry::FullBye | Entry::ForfeitWin { .. }
            )
        });
        prop_assert!(!unearned, "second PAB for {}", bye);
        seen.push(bye);
    }
    seen.sort();
    let mut all: Vec<PlayerId> = prepared.players.iter().map(|x| x.id).collect();
    all.sort();
    prop_assert_eq!(seen, all);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]
    #[test]
    fn absolute_criteria_hold(seed in 0u64..1_000_000) {
        let mut result = Ok(());
        play_event(seed, |g| {
            result = check_absolute(g);
            result.is_ok()
        });
        result?;
    }
}

/// A round found by the long run: three residents who cannot meet take three upfloaters, and
/// the one-at-a-time choice of them must keep the earlier ones.
#[test]
fn engine_equals_oracle_on_seed_1002616() {
    compare(1_002_616..1_002_617, usize::MAX).unwrap_or_else(|e| panic!("{e}"));
}

/// The compatibility the engine builds a row word at a time (`allowed_pairs_apart`) is, bit for
/// bit, the one `allowed_pairs` builds pair by pair with C3 as its rule (two absolute
/// preferences for the same colour never meet), on generated rounds with extra forbidden
/// groups: one of three players for rounds 2–4, one of two for the whole event.
#[test]
fn compatibility_by_words_equals_pair_by_pair() {
    use pairing::swiss::compat::allowed_pairs;
    use pairing::swiss::history::Field;
    let mut rounds = 0;
    let mut forbidden_seen = 0;
    for seed in 0..40 {
        play_event(seed, |g| {
            let mut t = g.tournament.clone();
            let n = t.players.len() as u32;
            t.forbidden.push(ForbiddenGroup {
                rounds: Some((2, 4)),
                players: vec![PlayerId(1), PlayerId(n / 2), PlayerId(n)],
            });
            t.forbidden.push(ForbiddenGroup {
                rounds: None,
                players: vec![PlayerId(2), PlayerId(3)],
            });
            let Ok(prepared) = dubov::prepare(&t, g.round, &DubovOptions::default()) else {
                return true;
            };
            let players = &prepared.players;
            let indices: Vec<usize> = players.iter().map(|p| p.index).collect();
            // Only the games played and the forbidden pairs matter here, not the scores.
            let field = Field::new(&t, g.round - 1, &|_, _| 0);
            let reference = allowed_pairs(&field, &indices, |a, b| {
                let (pa, pb) = (&players[a], &players[b]);
                !(pa.absolute() && pb.absolute() && pa.preference == pb.preference)
            });
            assert_eq!(prepared.compat.len(), reference.len());
            for a in 0..players.len() {
                for b in 0..players.len() {
                    assert_eq!(
                        prepared.compat.allowed(a, b),
                        reference.allowed(a, b),
                        "seed {seed} round {} players {a} {b}",
                        g.round
                    );
                    let (x, y) = (players[a].id, players[b].id);
                    forbidden_seen += usize::from(a != b && t.is_forbidden(x, y, g.round));
                }
            }
            rounds += 1;
            true
        });
    }
    assert!(rounds >= 150, "{rounds}");
    assert!(forbidden_seen > 0);
}
