//! The literal oracle of the Double-Swiss system (C.04.5, 2026), and the engine against it on
//! generated tournaments. The oracle reads each match from its two columns itself (the
//! Preface: a match is forfeited only when a player forfeits both games; 1.6: the colour of
//! game 1 when a game was played), scores by game points, applies C1 and C2, the floats of
//! 1.5 (C7, C8 lapse in the last match), the Top-Scoregroup Procedure of
//! [`literal_procedure`] and the colour rules of 4.3 in order; it shares nothing with the
//! engine but the tournament model.
//!
//! The normal run pairs a few hundred matches; the full run, by hand:
//! `DS_ORACLE_ROUNDS=20000 cargo test --profile test-release -p pairing --test integration
//! double_swiss_oracle -- --nocapture`.

use tournament::{ByeKind, Color, Entry, Player, PlayerId, Tournament};

use pairing::double_swiss::generator::{generate, DoubleSwissSettings};
use pairing::double_swiss::{self, DoubleSwissOptions};
use pairing::{Board, Pairing, PairingError};

use crate::literal_procedure::{pair as literal_pair, Entrant, LiteralRound};

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    Played {
        opponent: u32,
        colour: Option<Color>,
    },
    Forfeit {
        won: bool,
    },
    Pab,
    FullBye,
    Nothing,
}

fn col(p: &Player, c: u32) -> Entry {
    p.entry(c).copied().unwrap_or(Entry::NotPaired)
}

/// One match of a player, read from columns 2k−1 and 2k.
fn read(p: &Player, k: u32) -> Kind {
    let (a, b) = (col(p, 2 * k - 1), col(p, 2 * k));
    let opponent = a.opponent().or(b.opponent());
    let game = |e: &Entry| {
        matches!(
            e,
            Entry::Played { .. }
                | Entry::ForfeitWin { .. }
                | Entry::ForfeitLoss { .. }
                | Entry::DoubleForfeit { .. }
        )
    };
    if !game(&a) {
        return match a {
            Entry::PairingBye => Kind::Pab,
            Entry::FullBye => Kind::FullBye,
            _ => Kind::Nothing,
        };
    }
    let lost = |e: &Entry| matches!(e, Entry::ForfeitLoss { .. } | Entry::DoubleForfeit { .. });
    let won = |e: &Entry| matches!(e, Entry::ForfeitWin { .. } | Entry::DoubleForfeit { .. });
    if (lost(&a) && lost(&b)) || (won(&a) && won(&b)) {
        return Kind::Forfeit {
            won: won(&a) && won(&b) && !(lost(&a) && lost(&b)),
        };
    }
    let colour = if a.is_played() || b.is_played() {
        a.color().or(b.color().map(|c| c.opposite()))
    } else {
        None
    };
    Kind::Played {
        opponent: opponent.map_or(0, |o| o.0),
        colour,
    }
}

struct P {
    tpn: u32,
    score: i64,
    whites: usize,
    colours: Vec<Color>,
}

/// The oracle: pairs match `k` of `t` by the text.
pub fn oracle(t: &Tournament, k: u32) -> Result<Pairing, PairingError> {
    let ps = &t.point_system;
    let total = t.header.rounds.unwrap_or(0) / 2;
    let n = t.players.len();
    let baku = t
        .header
        .type_code
        .as_deref()
        .is_some_and(|c| c.ends_with("_BAKU"));
    let mut ids: Vec<u32> = t.players.iter().map(|p| p.id.0).collect();
    ids.sort_unstable();
    let group_a: Vec<u32> = ids.iter().copied().take(2 * n.div_ceil(4)).collect();
    let win2 = 2 * i64::from(ps.win.tenths());
    let virtual_points = |p: &Player, m: u32| -> i64 {
        if !t.accelerations.is_empty() || !t.player_accelerations.is_empty() {
            i64::from(t.acceleration(p.id, 2 * m - 1).tenths())
        } else if baku && group_a.contains(&p.id.0) {
            let acc = total.div_ceil(2);
            if m <= acc.div_ceil(2) {
                win2
            } else if m <= acc {
                win2 / 2
            } else {
                0
            }
        } else {
            0
        }
    };
    let score_at = |p: &Player, m: u32| -> i64 {
        (1..m)
            .map(|j| i64::from((col(p, 2 * j - 1).points(ps) + col(p, 2 * j).points(ps)).tenths()))
            .sum::<i64>()
            + virtual_points(p, m)
    };
    let find = |tpn: u32| t.players.iter().find(|p| p.id.0 == tpn);
    let (g1, g2) = (2 * k - 1, 2 * k);
    let present: Vec<&Player> = t
        .players
        .iter()
        .filter(|p| {
            let withdrawn = (1..g1).any(|c| col(p, c) == Entry::Withdrawn);
            let absent = [g1, g2].iter().any(|&c| {
                !matches!(
                    col(p, c),
                    Entry::NotPaired
                        | Entry::Played { .. }
                        | Entry::ForfeitWin { .. }
                        | Entry::ForfeitLoss { .. }
                        | Entry::DoubleForfeit { .. }
                        | Entry::PairingBye
                )
            });
            let announced = t.announced_byes.iter().any(|b| {
                (b.round == g1 || b.round == g2)
                    && b.kind != ByeKind::PairingAllocated
                    && b.players.contains(&p.id)
            });
            !withdrawn && !absent && !announced
        })
        .collect();
    let players: Vec<P> = present
        .iter()
        .map(|p| {
            let colours: Vec<Color> = (1..k)
                .filter_map(|j| match read(p, j) {
                    Kind::Played { colour, .. } => colour,
                    _ => None,
                })
                .collect();
            P {
                tpn: p.id.0,
                score: score_at(p, k),
                whites: colours.iter().filter(|&&c| c == Color::White).count(),
                colours,
            }
        })
        .collect();
    let entrants: Vec<Entrant> = present
        .iter()
        .zip(&players)
        .map(|(p, q)| {
            let kinds: Vec<Kind> = (1..k).map(|j| read(p, j)).collect();
            let floated = k >= 2
                && match kinds.last() {
                    Some(Kind::Played { opponent, .. }) => {
                        find(*opponent).is_some_and(|o| score_at(p, k - 1) != score_at(o, k - 1))
                    }
                    _ => false,
                };
            Entrant {
                tpn: q.tpn,
                score: q.score,
                matches_played: kinds
                    .iter()
                    .filter(|x| matches!(x, Kind::Played { .. }))
                    .count() as u32,
                may_have_bye: !kinds
                    .iter()
                    .any(|x| matches!(x, Kind::Pab | Kind::FullBye | Kind::Forfeit { won: true })),
                floated,
            }
        })
        .collect();
    let can_meet: Vec<Vec<bool>> = present
        .iter()
        .map(|a| {
            present
                .iter()
                .map(|b| {
                    let met = (1..k).any(|j| {
                        matches!(read(a, j), Kind::Played { opponent, .. } if opponent == b.id.0)
                    });
                    a.id != b.id && !met && !t.is_forbidden(a.id, b.id, g1)
                })
                .collect()
        })
        .collect();
    let none = |_: usize, _: usize| (0, 0);
    let round = LiteralRound {
        entrants,
        can_meet,
        floats_count: k != total,
        colour_cost: &none,
    };
    let paired = literal_pair(&round).ok_or(PairingError::NoValidPairing { round: k })?;
    let mut boards = Vec::new();
    for &(a, b) in &paired.pairs {
        let (pa, pb) = (&players[a], &players[b]);
        let a_higher =
            (pa.score, std::cmp::Reverse(pa.tpn)) > (pb.score, std::cmp::Reverse(pb.tpn));
        let (hrp, other) = if a_higher { (pa, pb) } else { (pb, pa) };
        let hrp_white = if pa.colours.is_empty() && pb.colours.is_empty() {
            // 4.3.1
            let initial = t
                .header
                .initial_color
                .ok_or_else(|| PairingError::InvalidRequest("no initial colour".into()))?;
            (hrp.tpn % 2 == 1) == (initial == Color::White)
        } else if hrp.whites != other.whites {
            // 4.3.2
            hrp.whites < other.whites
        } else if let Some((x, _)) = hrp
            .colours
            .iter()
            .rev()
            .zip(other.colours.iter().rev())
            .find(|(x, y)| x != y)
        {
            // 4.3.3
            *x == Color::Black
        } else if let Some(&c) = hrp.colours.last() {
            // 4.3.4
            c == Color::Black
        } else {
            // 4.3.5
            other.colours.last() == Some(&Color::White)
        };
        let a_white = hrp_white == a_higher;
        boards.push(if a_white { (a, b) } else { (b, a) });
    }
    boards.sort_by_key(|&(w, b)| {
        let (pw, pb) = (&players[w], &players[b]);
        let h = if (pw.score, std::cmp::Reverse(pw.tpn)) > (pb.score, std::cmp::Reverse(pb.tpn)) {
            pw
        } else {
            pb
        };
        (
            std::cmp::Reverse(h.score),
            std::cmp::Reverse(pw.score + pb.score),
            h.tpn,
        )
    });
    Ok(Pairing {
        boards: boards
            .into_iter()
            .map(|(w, b)| Board {
                white: PlayerId(players[w].tpn),
                black: PlayerId(players[b].tpn),
            })
            .collect(),
        bye: paired.bye.map(|i| PlayerId(players[i].tpn)),
    })
}

const LABEL: &str = "double-swiss";

fn text(p: &Result<Pairing, PairingError>) -> String {
    match p {
        Ok(p) => {
            let mut s: Vec<String> = p
                .boards
                .iter()
                .map(|b| format!("{}-{}", b.white, b.black))
                .collect();
            if let Some(b) = p.bye {
                s.push(format!("{b}-PAB"));
            }
            s.join(" ")
        }
        Err(e) => e.to_string(),
    }
}

/// Generates tournaments until `rounds` matches were paired by both: the matches paired, how
/// many differ, and the first differences.
pub fn compare(rounds: usize, seed0: u64) -> (usize, usize, Vec<String>) {
    let (mut done, mut differ) = (0, 0);
    let mut shown = Vec::new();
    let mut seed = seed0;
    while done < rounds {
        let settings = DoubleSwissSettings::random(seed, 5..=30);
        let result = generate(&settings, seed, |t, k| {
            let ours = double_swiss::pair(t, k, &DoubleSwissOptions::default());
            let start = std::time::Instant::now();
            let theirs = oracle(t, k);
            let seconds = start.elapsed().as_secs_f64();
            if seconds > 5.0 {
                eprintln!("{LABEL} oracle: seed {seed}, match {k} took {seconds:.1} s");
            }
            done += 1;
            if done % 1000 == 0 {
                eprintln!("{LABEL} oracle: {done} matches, {differ} differ");
            }
            if ours != theirs {
                differ += 1;
                if shown.len() < 20 {
                    shown.push(format!(
                        "seed {seed}, match {k}:\n  engine: {}\n  oracle: {}\n{}",
                        text(&ours),
                        text(&theirs),
                        tournament::trf::write(t, tournament::trf::Format::Trf26)
                    ));
                }
            }
            ours
        });
        if let Err(e) = result {
            if !matches!(
                e,
                pairing::generator::GeneratorError::Pairing {
                    source: PairingError::NoValidPairing { .. },
                    ..
                }
            ) {
                differ += 1;
                shown.push(format!("seed {seed}: {e}"));
            }
        }
        seed += 1;
    }
    (done, differ, shown)
}

#[test]
fn the_engine_pairs_as_the_text_says() {
    let rounds = std::env::var("DS_ORACLE_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let seed = std::env::var("DS_ORACLE_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let (done, differ, shown) = compare(rounds, seed);
    eprintln!(
        "double-swiss oracle: {} of {done} matches identical (pairs, colours, PAB, board order)",
        done - differ
    );
    assert!(shown.is_empty(), "{}", shown.join("\n\n"));
}
