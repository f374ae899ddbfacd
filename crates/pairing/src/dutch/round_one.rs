//! Rounds without history, paired without the matching graph.
//!
//! When every participant has the same pairing score, nobody has played a game, nobody has a
//! colour preference or a float, and every pair is allowed, the round is one homogeneous
//! bracket in which every edge of the matching graph carries the same criteria weight:
//! C6–C8 count pairs of one scoregroup, C9 ranks everybody alike (no games played), C10–C13
//! and C14–C21 are met or missed equally by every pair (no colours, no floats). The only
//! things that still separate two pairings are who is left over for the pairing-allocated bye
//! (C2 eligibility; C5 is the same score for everybody) and the generation order of Art. 4.
//!
//! - An even count: the first candidate of the generation order, S1 = top half against
//!   S2 = bottom half, S1\[i\] meets S2\[i\] (E4), is already valid.
//! - An odd count: the leftover is the PAB receiver. The first transpositions of S2 move its
//!   lowest players to the end, so the lowest-ranked player who may receive the PAB is left
//!   over; when that player sits in S1, the smallest exchange swaps them with the first player
//!   of S2 (4.3.2). Either way the others pair as the top half of the rest against its
//!   bottom half. When nobody may receive the PAB there is no valid pairing, and the caller
//!   runs the graph to say so.
//!
//! [`direct_mates`] checks these conditions strictly and answers `None` whenever one fails;
//! its tests compare it with the graph on random tournaments without history.
//!
//! ```
//! use pairing::dutch::{pair, DutchOptions};
//! use tournament::{Color, Header, Player, PlayerId, Tournament};
//!
//! let players = (1..=5)
//!     .map(|i| Player { id: PlayerId(i), ..Player::default() })
//!     .collect();
//! let t = Tournament {
//!     header: Header { rounds: Some(5), initial_color: Some(Color::White), ..Header::default() },
//!     players,
//!     ..Tournament::default()
//! };
//! let p = pair(&t, 1, &DutchOptions::default()).unwrap();
//! // The lowest-ranked player gets the PAB; 1–3 and 2–4 are the S1/S2 pairs of the rest.
//! assert_eq!(p.bye, Some(PlayerId(5)));
//! let mut pairs: Vec<(u32, u32)> =
//!     p.boards.iter().map(|b| (b.white.0.min(b.black.0), b.white.0.max(b.black.0))).collect();
//! pairs.sort();
//! assert_eq!(pairs, vec![(1, 3), (2, 4)]);
//! ```

use super::brackets::Mates;
use super::state::{ColourState, Float};
use super::Prepared;

/// The pairing of a round without history, by participant index (the same meaning as
/// [`super::brackets::pair_brackets`]' result), or `None` when the round does not meet the
/// conditions under which this is provably the matching graph's answer.
pub(crate) fn direct_mates(prepared: &Prepared) -> Option<Mates> {
    // A fixed PAB is handled (and checked) by the general path.
    if prepared.fixed_bye.is_some() {
        return None;
    }
    let parts = &prepared.parts;
    let n = parts.len();
    let Some(first) = parts.first() else {
        return Some(Vec::new());
    };
    // One scoregroup, no games, no colour preference, no floats (C9–C21 equal on every edge).
    let blank = parts.iter().all(|p| {
        p.score == first.score
            && p.played_games == 0
            && p.colours.is_empty()
            && p.colour == ColourState::default()
            && p.floats == [Float::None, Float::None]
    });
    if !blank {
        return None;
    }
    // C1 and forbidden pairs (C3 cannot bite without colours): every pair must be allowed.
    for a in 1..n {
        if !(0..a).all(|b| prepared.compat.allowed(a, b)) {
            return None;
        }
    }
    let mut mates: Mates = vec![None; n];
    let rest: Vec<usize> = if n % 2 == 1 {
        // C2, C5, C9 and Art. 4: the lowest-ranked player who may receive the PAB.
        let receiver = parts.iter().rposition(|p| p.bye_eligible)?;
        (0..n).filter(|&k| k != receiver).collect()
    } else {
        (0..n).collect()
    };
    // E4: S1 = top half, S2 = bottom half in pairing order, S1[i] meets S2[i].
    let half = rest.len() / 2;
    for i in 0..half {
        let (top, bottom) = (rest[i], rest[half + i]);
        mates[top] = Some(bottom);
        mates[bottom] = Some(top);
    }
    Some(mates)
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use tournament::{
        Acceleration, AnnouncedByes, ByeKind, Color, Entry, ForbiddenGroup, GameResult, Header,
        Player, PlayerId, Points, Tournament,
    };

    use super::super::brackets::Variant;
    use super::super::solver::BlossomFactory;
    use super::super::{build_pairing, pair, prepare, solve_round, DutchOptions, Prepared};
    use super::direct_mates;
    use crate::PairingError;

    /// The engine with the direct path turned off: the matching graph's answer.
    fn graph_only() -> Variant {
        Variant {
            direct: false,
            ..Variant::default()
        }
    }

    fn plain(n: u32, rounds: u32) -> Tournament {
        Tournament {
            header: Header {
                rounds: Some(rounds),
                initial_color: Some(Color::White),
                ..Header::default()
            },
            players: (1..=n)
                .map(|i| Player {
                    id: PlayerId(i),
                    ..Player::default()
                })
                .collect(),
            ..Tournament::default()
        }
    }

    fn prepared(t: &Tournament, round: u32) -> Prepared {
        prepare(t, round, &DutchOptions::default()).expect("a valid request")
    }

    fn graph(p: &Prepared, round: u32) -> Result<super::Mates, PairingError> {
        solve_round(p, &BlossomFactory, graph_only(), round, None)
    }

    /// The pairs of a result as player ids, lower id first, sorted.
    fn pairs_by_id(p: &Prepared, mates: &super::Mates) -> Vec<(u32, u32)> {
        let mut pairs: Vec<(u32, u32)> = mates
            .iter()
            .enumerate()
            .filter_map(|(k, m)| m.filter(|&m| m > k).map(|m| (k, m)))
            .map(|(a, b)| {
                let (x, y) = (p.parts[a].id.0, p.parts[b].id.0);
                (x.min(y), x.max(y))
            })
            .collect();
        pairs.sort_unstable();
        pairs
    }

    #[test]
    fn plain_round_one_takes_the_shortcut_and_matches_the_graph() {
        for n in [0, 1, 2, 3, 4, 7, 10, 31, 64] {
            let t = plain(n, 9);
            let p = prepared(&t, 1);
            let direct = direct_mates(&p).expect("a plain round 1 takes the shortcut");
            assert_eq!(Ok(direct.clone()), graph(&p, 1), "{n} players");
            // Top half against bottom half; the last player gets the PAB when n is odd.
            let half = n / 2;
            let expected: Vec<(u32, u32)> = (1..=half).map(|i| (i, i + half)).collect();
            assert_eq!(pairs_by_id(&p, &direct), expected, "{n} players");
            let bye: Vec<u32> = (0..n as usize)
                .filter(|&k| direct[k].is_none())
                .map(|k| p.parts[k].id.0)
                .collect();
            assert_eq!(bye, if n % 2 == 1 { vec![n] } else { vec![] });
        }
    }

    #[test]
    fn one_forbidden_pair_sends_the_round_to_the_graph() {
        let mut t = plain(8, 5);
        t.forbidden.push(ForbiddenGroup {
            rounds: None,
            players: vec![PlayerId(2), PlayerId(6)],
        });
        assert_eq!(direct_mates(&prepared(&t, 1)), None);
        // The same pair forbidden in another round only does not matter now.
        t.forbidden[0].rounds = Some((2, 3));
        assert!(direct_mates(&prepared(&t, 1)).is_some());
    }

    #[test]
    fn any_history_or_difference_sends_the_round_to_the_graph() {
        // One game played in round 1.
        let mut t = plain(6, 5);
        for (a, b, c) in [(1, 4, Color::White), (4, 1, Color::Black)] {
            t.players[a - 1].rounds = vec![Entry::Played {
                opponent: PlayerId(b),
                color: c,
                result: GameResult::Draw,
                rated: true,
            }];
        }
        assert_eq!(direct_mates(&prepared(&t, 2)), None);

        // Different pairing scores from an acceleration.
        let mut t = plain(6, 5);
        t.player_accelerations
            .push((PlayerId(3), vec![Points::ONE]));
        assert_eq!(direct_mates(&prepared(&t, 1)), None);

        // The same acceleration for everybody keeps one scoregroup.
        let mut t = plain(6, 5);
        t.accelerations.push(Acceleration {
            match_points: None,
            points: Points::ONE,
            first_round: 1,
            last_round: 1,
            first_player: PlayerId(1),
            last_player: PlayerId(6),
        });
        assert!(direct_mates(&prepared(&t, 1)).is_some());

        // A half-point bye in the previous round is a downfloat (1.4.3).
        let mut t = plain(6, 5);
        for p in &mut t.players {
            p.rounds = vec![Entry::HalfBye];
        }
        assert_eq!(direct_mates(&prepared(&t, 2)), None);

        // A PAB fixed by the arbiter.
        let mut t = plain(7, 5);
        t.announced_byes.push(AnnouncedByes {
            kind: ByeKind::PairingAllocated,
            round: 1,
            players: vec![PlayerId(7)],
        });
        assert_eq!(direct_mates(&prepared(&t, 1)), None);
    }

    #[test]
    fn nobody_may_receive_the_pab_is_left_to_the_graph() {
        // Round 4 of five players who all had a full-point bye in round 1 and were absent since.
        let mut t = plain(5, 7);
        for p in &mut t.players {
            p.rounds = vec![Entry::FullBye, Entry::ZeroBye, Entry::ZeroBye];
        }
        let p = prepared(&t, 4);
        assert!(p.parts.iter().all(|q| !q.bye_eligible));
        assert_eq!(direct_mates(&p), None);
        assert_eq!(graph(&p, 4), Err(PairingError::NoValidPairing { round: 4 }));
    }

    #[test]
    fn the_pab_goes_to_the_lowest_player_who_may_receive_it() {
        // Round 4 of seven: players 5, 6 and 7 had a PAB or a full-point bye in round 1 and
        // may not receive another; the others had a zero-point bye and one point of
        // acceleration, so all stand on one point.
        let mut t = plain(7, 7);
        for (k, p) in t.players.iter_mut().enumerate() {
            let first = match k {
                4 => Entry::PairingBye,
                5 | 6 => Entry::FullBye,
                _ => Entry::ZeroBye,
            };
            p.rounds = vec![first, Entry::ZeroBye, Entry::ZeroBye];
        }
        for id in 1..=4 {
            t.player_accelerations.push((
                PlayerId(id),
                vec![Points::ZERO, Points::ZERO, Points::ZERO, Points::ONE],
            ));
        }
        let p = prepared(&t, 4);
        let direct = direct_mates(&p).expect("one scoregroup without games");
        assert_eq!(Ok(direct.clone()), graph(&p, 4));
        let receiver: Vec<u32> = (0..7)
            .filter(|&k| direct[k].is_none())
            .map(|k| p.parts[k].id.0)
            .collect();
        assert_eq!(receiver, vec![4]);
        assert_eq!(pairs_by_id(&p, &direct), vec![(1, 5), (2, 6), (3, 7)]);
    }

    /// A random tournament whose round `round` may or may not be without history.
    fn random_case(rng: &mut ChaCha8Rng) -> (Tournament, u32, DutchOptions) {
        let n: usize = rng.gen_range(1..=80);
        let mut ids: Vec<u32> = (1..=200).collect();
        ids.shuffle(rng);
        ids.truncate(n);
        if rng.gen_bool(0.5) {
            ids.sort_unstable();
        }
        // Mostly round 1; otherwise a later round after rounds nobody played.
        let round: u32 = if rng.gen_bool(0.6) {
            1
        } else {
            rng.gen_range(2..=6)
        };
        let rounds = round + rng.gen_range(0..=6);
        let mut t = Tournament {
            header: Header {
                rounds: Some(rounds),
                initial_color: Some(if rng.gen_bool(0.5) {
                    Color::White
                } else {
                    Color::Black
                }),
                pair_by_line_order: rng.gen_bool(0.2),
                ..Header::default()
            },
            ..Tournament::default()
        };
        // Whether players with an earlier full point get it back as acceleration for the
        // others (one scoregroup), or not.
        let level = rng.gen_bool(0.8);
        // The share of players who had a full point without playing in round 1 and so may
        // not receive the PAB (C2).
        // Often close to everybody, so that the receiver sometimes sits in S1.
        let not_eligible = 1.0 - rng.gen_range(0.0..1.0f64).powi(3);
        let mut first_points = Vec::with_capacity(n);
        for &id in &ids {
            let mut record = Vec::new();
            let mut earned = 0;
            for r in 1..round {
                let e = if r == 1 {
                    match rng.gen_range(0..10) {
                        _ if rng.gen_bool(not_eligible) => {
                            if rng.gen_bool(0.3) {
                                Entry::PairingBye
                            } else {
                                Entry::FullBye
                            }
                        }
                        0 if rng.gen_bool(0.2) => Entry::HalfBye,
                        1 if rng.gen_bool(0.1) => Entry::Played {
                            opponent: PlayerId(ids[0]),
                            color: Color::White,
                            result: GameResult::Loss,
                            rated: true,
                        },
                        _ => Entry::ZeroBye,
                    }
                } else {
                    match rng.gen_range(0..10) {
                        0 => Entry::ForfeitLoss {
                            opponent: None,
                            color: None,
                        },
                        1 => Entry::NotPaired,
                        2 if rng.gen_bool(0.1) => Entry::HalfBye,
                        _ => Entry::ZeroBye,
                    }
                };
                earned += e.points(&t.point_system).tenths();
                record.push(e);
            }
            // This round: most take part, some announced a bye or withdrew.
            match rng.gen_range(0..12) {
                0 => record.push(Entry::ZeroBye),
                1 => record.push(Entry::HalfBye),
                2 => record.push(Entry::FullBye),
                3 if round > 1 => record[0] = Entry::Withdrawn,
                _ => {}
            }
            first_points.push(earned);
            t.players.push(Player {
                id: PlayerId(id),
                rounds: record,
                ..Player::default()
            });
        }
        if round > 1 && level {
            let most = first_points.iter().copied().max().unwrap_or(0);
            for (k, &id) in ids.iter().enumerate() {
                let mut v = vec![Points::ZERO; round as usize];
                v[round as usize - 1] = Points::from_tenths(most - first_points[k]);
                t.player_accelerations.push((PlayerId(id), v));
            }
        }
        // Announced byes for this round (TRF-2026 240).
        if rng.gen_bool(0.2) {
            let kind = [ByeKind::Full, ByeKind::Half, ByeKind::Zero][rng.gen_range(0..3)];
            let count = rng.gen_range(1..=3);
            let players = ids
                .choose_multiple(rng, count)
                .map(|&i| PlayerId(i))
                .collect();
            t.announced_byes.push(AnnouncedByes {
                kind,
                round,
                players,
            });
        }
        if rng.gen_bool(0.05) {
            t.announced_byes.push(AnnouncedByes {
                kind: ByeKind::PairingAllocated,
                round,
                players: vec![PlayerId(ids[rng.gen_range(0..n)])],
            });
        }
        // Forbidden pairs (XXP / 260), sometimes for other rounds only.
        if rng.gen_bool(0.3) {
            let count = rng.gen_range(2..=3);
            let players = ids
                .choose_multiple(rng, count)
                .map(|&i| PlayerId(i))
                .collect();
            let rounds = rng
                .gen_bool(0.3)
                .then_some((round + 1, round + 1 + rng.gen_range(0..3)));
            t.forbidden.push(ForbiddenGroup { rounds, players });
        }
        // Accelerations: the same for everybody, or for a range of players only (250).
        match rng.gen_range(0..6) {
            0 => t.accelerations.push(Acceleration {
                match_points: None,
                points: Points::from_tenths(5 * rng.gen_range(1..=4)),
                first_round: round,
                last_round: round + rng.gen_range(0..2),
                first_player: PlayerId(1),
                last_player: PlayerId(200),
            }),
            1 => {
                let (a, b) = (rng.gen_range(1..=200), rng.gen_range(1..=200));
                t.accelerations.push(Acceleration {
                    match_points: None,
                    points: Points::ONE,
                    first_round: 1,
                    last_round: round,
                    first_player: PlayerId(a.min(b)),
                    last_player: PlayerId(a.max(b)),
                });
            }
            2 => {
                let id = ids[rng.gen_range(0..n)];
                t.player_accelerations
                    .push((PlayerId(id), vec![Points::HALF; round as usize]));
            }
            _ => {}
        }
        let options = DutchOptions {
            baku: rng.gen_bool(0.1),
            ..DutchOptions::default()
        };
        (t, round, options)
    }

    #[test]
    fn random_rounds_without_history_match_the_graph() {
        const CASES: u32 = 10_000;
        let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0001);
        let (mut direct_count, mut odd_count, mut skipped_receiver) = (0, 0, 0);
        let mut receiver_in_s1 = 0;
        let mut later_rounds = 0;
        for case in 0..CASES {
            let (t, round, options) = random_case(&mut rng);
            let Ok(p) = prepare(&t, round, &options) else {
                continue;
            };
            let Some(direct) = direct_mates(&p) else {
                continue;
            };
            let general = solve_round(&p, &BlossomFactory, graph_only(), round, None);
            assert_eq!(
                Ok(&direct),
                general.as_ref(),
                "case {case}: round {round} of {} participants",
                p.parts.len()
            );
            direct_count += 1;
            if p.parts.len() % 2 == 1 {
                odd_count += 1;
                let receiver = direct.iter().position(Option::is_none);
                if receiver != Some(p.parts.len() - 1) {
                    skipped_receiver += 1;
                }
                if receiver.is_some_and(|k| k < p.parts.len() / 2) {
                    receiver_in_s1 += 1;
                }
            }
            if round > 1 {
                later_rounds += 1;
            }
        }
        println!(
            "{CASES} random cases: {direct_count} took the shortcut and matched the graph \
             ({odd_count} odd, {skipped_receiver} with the last player not eligible for the \
             PAB, {receiver_in_s1} of them with the receiver in S1, {later_rounds} after rounds \
             nobody played)"
        );
        // The generator must exercise the shortcut in all its branches.
        assert!(direct_count > CASES / 4, "{direct_count}");
        assert!(odd_count > direct_count / 4, "{odd_count}");
        assert!(skipped_receiver > 50, "{skipped_receiver}");
        assert!(receiver_in_s1 > 5, "{receiver_in_s1}");
        assert!(later_rounds > 100, "{later_rounds}");
    }

    #[test]
    fn random_pab_receivers_match_the_graph() {
        // Round 4 after a round-1 full point (PAB or full-point bye, not eligible again, C2)
        // or a zero-point bye levelled by acceleration, then two absences: one scoregroup
        // without games in which the receiver is often not the last player, or sits in S1.
        const CASES: u32 = 3000;
        let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0003);
        let (mut moved, mut in_s1, mut none_eligible) = (0, 0, 0);
        for case in 0..CASES {
            let n = 2 * rng.gen_range(0..=30) + 1;
            let share = [0.3, 0.6, 0.85, 0.95][rng.gen_range(0..4)];
            let mut t = plain(n, 9);
            t.header.pair_by_line_order = rng.gen_bool(0.3);
            t.players.shuffle(&mut rng);
            for p in &mut t.players {
                let first = if rng.gen_bool(share) {
                    if rng.gen_bool(0.5) {
                        Entry::PairingBye
                    } else {
                        Entry::FullBye
                    }
                } else {
                    t.player_accelerations.push((
                        p.id,
                        vec![Points::ZERO, Points::ZERO, Points::ZERO, Points::ONE],
                    ));
                    Entry::ZeroBye
                };
                p.rounds = vec![first, Entry::ZeroBye, Entry::ZeroBye];
            }
            let p = prepared(&t, 4);
            let general = graph(&p, 4);
            let Some(direct) = direct_mates(&p) else {
                assert!(p.parts.iter().all(|q| !q.bye_eligible), "case {case}");
                assert_eq!(general, Err(PairingError::NoValidPairing { round: 4 }));
                none_eligible += 1;
                continue;
            };
            assert_eq!(Ok(&direct), general.as_ref(), "case {case}: {n} players");
            let receiver = direct.iter().position(Option::is_none);
            if receiver != Some(n as usize - 1) {
                moved += 1;
            }
            if receiver.is_some_and(|k| k < n as usize / 2) {
                in_s1 += 1;
            }
        }
        println!(
            "{CASES} random odd rounds with PAB-ineligible players: {moved} with the receiver \
             above the last player ({in_s1} in S1), {none_eligible} with nobody eligible"
        );
        assert!(moved > CASES / 4, "{moved}");
        assert!(in_s1 > 100, "{in_s1}");
        assert!(none_eligible > 10, "{none_eligible}");
    }

    #[test]
    fn the_shortcut_answers_exactly_when_its_conditions_hold() {
        // Whenever the shortcut declines, some condition really fails; whenever it answers,
        // every condition holds. Checked against the participants directly.
        let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0002);
        for _ in 0..500 {
            let (t, round, options) = random_case(&mut rng);
            let Ok(p) = prepare(&t, round, &options) else {
                continue;
            };
            let n = p.parts.len();
            let conditions = p.fixed_bye.is_none()
                && p.parts.iter().all(|q| {
                    q.score == p.parts[0].score
                        && q.played_games == 0
                        && q.floats == [super::Float::None; 2]
                })
                && (0..n).all(|a| (0..a).all(|b| p.compat.allowed(a, b)))
                && (n % 2 == 0 || p.parts.iter().any(|q| q.bye_eligible));
            assert_eq!(direct_mates(&p).is_some(), conditions);
        }
    }

    #[test]
    fn time_a_round_of_9999_players() {
        let n = 9_999;
        let t = plain(n, 11);
        let start = Instant::now();
        let p = prepared(&t, 1);
        let prepare_time = start.elapsed();
        let start = Instant::now();
        let direct = direct_mates(&p).expect("a plain round 1 takes the shortcut");
        let direct_time = start.elapsed();
        let start = Instant::now();
        let pairing = build_pairing(&p, &direct, 1).expect("colours and boards");
        let build_time = start.elapsed();
        println!(
            "{n} players, round 1: prepare {:.1} ms, direct_mates {:.1} ms, colours and boards \
             {:.1} ms",
            prepare_time.as_secs_f64() * 1e3,
            direct_time.as_secs_f64() * 1e3,
            build_time.as_secs_f64() * 1e3
        );
        assert_eq!(direct.iter().filter(|m| m.is_none()).count(), 1);
        assert_eq!(direct[n as usize - 1], None);
        assert_eq!(direct[0], Some(n as usize / 2));
        assert_eq!(pairing.bye, Some(PlayerId(n)));
        assert_eq!(pairing.boards.len(), n as usize / 2);

        // The whole engine, which takes the shortcut for this round.
        let start = Instant::now();
        let engine = pair(&t, 1, &DutchOptions::default()).expect("a pairing");
        println!(
            "{n} players, round 1 through dutch::pair: {:.1} ms",
            start.elapsed().as_secs_f64() * 1e3
        );
        assert_eq!(engine, pairing);
    }
}
