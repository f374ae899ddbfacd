//! The literal oracle of the Swiss Team system (C.04.6, 2026), and the engine against it on
//! generated team competitions: the oracle reads the text step by step (the options of the
//! `192` code, the team scores, C1, C2, floats and colour preferences, the Top-Scoregroup
//! Procedure of [`literal_procedure`] by exhaustion, the colour rules of 4.3 in order), sharing
//! nothing with the engine but the tournament model (`tournament::team`).
//!
//! The normal run pairs a few hundred rounds; the full run, by hand:
//! `TEAM_ORACLE_ROUNDS=20000 cargo test --profile test-release -p pairing --test integration
//! team_oracle -- --nocapture`.

use tournament::team::{team_histories, TeamEntry, TeamHistory};
use tournament::{ByeKind, Color, Entry, PlayerId, Points, Tournament};

use pairing::team::generator::{generate, TeamSettings};
use pairing::team::{self, TeamOptions};
use pairing::{Board, Pairing, PairingError};

use crate::literal_procedure::{pair as literal_pair, Entrant, LiteralRound};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Prefs {
    A,
    B,
    NoPreferences,
}

/// The options as the `192` code spells them (TRF-2026 table).
struct Variant {
    prefs: Prefs,
    primary_is_mp: bool,
    secondary_for_colour: bool,
    baku: bool,
}

fn variant(t: &Tournament) -> Variant {
    let code = t
        .header
        .type_code
        .clone()
        .unwrap_or_default()
        .to_ascii_uppercase();
    let words: Vec<&str> = code.split('_').collect();
    let baku = words.contains(&"BAKU");
    let prefs = if words.contains(&"TYPEB") {
        Prefs::B
    } else if words.contains(&"TYPEA") || !words.iter().any(|w| *w == "MP" || *w == "GP") {
        Prefs::A
    } else {
        Prefs::NoPreferences
    };
    let scores: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| *w == "MP" || *w == "GP")
        .collect();
    Variant {
        prefs,
        primary_is_mp: scores.first() != Some(&"GP"),
        secondary_for_colour: scores.len() != 1,
        baku,
    }
}

/// What a team preference is: a colour and whether it is strong.
type Pref = Option<(Color, bool)>;

/// 1.7.1 and 1.7.2, read in the text's order (strong before mild).
fn preference(colours: &[Color], prefs: Prefs, last_round: bool) -> Pref {
    if prefs == Prefs::NoPreferences || colours.is_empty() {
        return None;
    }
    let whites = colours.iter().filter(|&&c| c == Color::White).count() as i32;
    let cd = whites - (colours.len() as i32 - whites);
    let n = colours.len();
    let last_two_black = n >= 2 && colours[n - 1] == Color::Black && colours[n - 2] == Color::Black;
    let last_two_white = n >= 2 && colours[n - 1] == Color::White && colours[n - 2] == Color::White;
    if cd < -1 || ((cd == 0 || cd == -1) && last_two_black) {
        return Some((Color::White, true));
    }
    if cd > 1 || ((cd == 0 || cd == 1) && last_two_white) {
        return Some((Color::Black, true));
    }
    if prefs == Prefs::A {
        return None;
    }
    let last = colours[n - 1];
    if cd == -1 || (cd == 0 && !last_round && last == Color::Black) {
        return Some((Color::White, false));
    }
    if cd == 1 || (cd == 0 && !last_round && last == Color::White) {
        return Some((Color::Black, false));
    }
    None
}

struct Team {
    number: u32,
    score: i64,
    secondary: i64,
    colours: Vec<Color>,
    pref: Pref,
}

fn cd(colours: &[Color]) -> i32 {
    colours
        .iter()
        .map(|&c| if c == Color::White { 1 } else { -1 })
        .sum()
}

/// Art. 4: true when `a` gets White against `b`.
fn a_gets_white(a: &Team, b: &Team, prefs: Prefs, initial: Color) -> bool {
    // 4.2: the first-team.
    let a_first = (a.score, a.secondary, std::cmp::Reverse(a.number))
        > (b.score, b.secondary, std::cmp::Reverse(b.number));
    let (first, other) = if a_first { (a, b) } else { (b, a) };
    let first_white = |white: bool| if a_first { white } else { !white };
    // 4.3.1
    if a.colours.is_empty() && b.colours.is_empty() {
        let c = if first.number % 2 == 1 {
            initial
        } else {
            initial.opposite()
        };
        return first_white(c == Color::White);
    }
    // 4.3.2
    match (a.pref, b.pref) {
        (Some((c, _)), None) => return c == Color::White,
        (None, Some((c, _))) => return c == Color::Black,
        // 4.3.3
        (Some((x, _)), Some((y, _))) if x != y => return x == Color::White,
        _ => {}
    }
    // 4.3.4
    if prefs == Prefs::B {
        let strong = |p: Pref| p.is_some_and(|(_, s)| s);
        if strong(a.pref) && !strong(b.pref) {
            return a.pref.is_some_and(|(c, _)| c == Color::White);
        }
        if strong(b.pref) && !strong(a.pref) {
            return b.pref.is_some_and(|(c, _)| c == Color::Black);
        }
    }
    // 4.3.5
    if cd(&a.colours) != cd(&b.colours) {
        return cd(&a.colours) < cd(&b.colours);
    }
    // 4.3.6 (GHR 3.4: the played matches, aligned on the latest)
    let mut x = a.colours.iter().rev();
    let mut y = b.colours.iter().rev();
    while let (Some(ca), Some(cb)) = (x.next(), y.next()) {
        if ca != cb {
            return *ca == Color::Black;
        }
    }
    // 4.3.7
    if let Some((c, _)) = first.pref {
        return first_white(c == Color::White);
    }
    // 4.3.8
    if let Some(&c) = first.colours.last() {
        return first_white(c == Color::Black);
    }
    // 4.3.9
    let c = *other.colours.last().expect("one of the teams has played");
    first_white(c == Color::White)
}

/// The oracle: pairs round `round` of `t` by the text.
pub fn oracle(t: &Tournament, round: u32) -> Result<Pairing, PairingError> {
    let v = variant(t);
    let histories: Vec<TeamHistory> =
        team_histories(t).map_err(|e| PairingError::InvalidRequest(e.to_string()))?;
    let numbers: Vec<u32> = histories.iter().map(|h| h.number).collect();
    let scale = t.team_records.match_points.unwrap_or_default();
    let before = (round - 1) as usize;
    let primary = |h: &TeamHistory, q: usize| -> i64 {
        let r = &h.rounds[q];
        i64::from(
            if v.primary_is_mp {
                r.match_points
            } else {
                r.game_points
            }
            .tenths(),
        )
    };
    let secondary = |h: &TeamHistory, q: usize| -> i64 {
        let r = &h.rounds[q];
        i64::from(
            if v.primary_is_mp {
                r.game_points
            } else {
                r.match_points
            }
            .tenths(),
        )
    };
    // C.04.7: explicit virtual points (250) or Baku.
    let total = t.header.rounds.unwrap_or(0);
    let mut sorted = numbers.clone();
    sorted.sort_unstable();
    let group_a: Vec<u32> = sorted
        .iter()
        .copied()
        .take(2 * numbers.len().div_ceil(4))
        .collect();
    let accelerated = total.div_ceil(2);
    let virtual_points = |team: u32, r: u32| -> i64 {
        if !t.accelerations.is_empty() {
            t.accelerations
                .iter()
                .filter(|a| (a.first_round..=a.last_round).contains(&r))
                .filter(|a| (a.first_player.0..=a.last_player.0).contains(&team))
                .map(|a| {
                    i64::from(
                        if v.primary_is_mp {
                            a.match_points.unwrap_or(Points::ZERO)
                        } else {
                            a.points
                        }
                        .tenths(),
                    )
                })
                .sum()
        } else if v.baku && group_a.contains(&team) {
            let win = i64::from(scale.win.tenths());
            if r <= accelerated.div_ceil(2) {
                win
            } else if r <= accelerated {
                win / 2
            } else {
                0
            }
        } else {
            0
        }
    };
    let score_at = |k: usize, r: u32| -> i64 {
        let h = &histories[k];
        (0..(r - 1) as usize).map(|q| primary(h, q)).sum::<i64>() + virtual_points(h.number, r)
    };
    let position = |n: u32| numbers.iter().position(|&x| x == n);
    // Who is paired: GHR 3.2 (withdrawn), 3.3 (known absent: a 240 record, or every member's
    // entry in the round says so).
    let present: Vec<usize> = (0..histories.len())
        .filter(|&k| {
            let h = &histories[k];
            if h.rounds
                .iter()
                .take(before)
                .any(|r| r.entry == TeamEntry::Withdrawn)
            {
                return false;
            }
            let announced = t.announced_byes.iter().any(|b| {
                b.round == round
                    && b.kind != ByeKind::PairingAllocated
                    && b.players.contains(&PlayerId(h.number))
            });
            let marks: Vec<bool> = t.teams[h.index]
                .players
                .iter()
                .filter_map(|id| t.player(*id))
                .map(|p| match p.entry(round) {
                    None | Some(Entry::NotPaired) => false,
                    Some(e) => !matches!(
                        e,
                        Entry::Played { .. }
                            | Entry::ForfeitWin { .. }
                            | Entry::ForfeitLoss { .. }
                            | Entry::DoubleForfeit { .. }
                            | Entry::PairingBye
                    ),
                })
                .collect();
            let all_absent = !marks.is_empty() && marks.iter().all(|&m| m);
            !announced && !all_absent
        })
        .collect();
    let last_round = total == round;
    let teams: Vec<Team> = present
        .iter()
        .map(|&k| {
            let h = &histories[k];
            let colours: Vec<Color> = h.rounds[..before]
                .iter()
                .filter_map(|r| match r.entry {
                    TeamEntry::Match {
                        played: true,
                        color,
                        ..
                    } => color,
                    _ => None,
                })
                .collect();
            Team {
                number: h.number,
                score: score_at(k, round),
                secondary: if v.secondary_for_colour {
                    (0..before).map(|q| secondary(h, q)).sum()
                } else {
                    0
                },
                pref: preference(&colours, v.prefs, last_round),
                colours,
            }
        })
        .collect();
    let entrants: Vec<Entrant> = present
        .iter()
        .zip(&teams)
        .map(|(&k, team)| {
            let h = &histories[k];
            let past = &h.rounds[..before];
            // 1.5: the previous round, a played match against a team of another score.
            let floated = round >= 2
                && match past.last().map(|r| r.entry) {
                    Some(TeamEntry::Match {
                        opponent: Some(o),
                        played: true,
                        ..
                    }) => position(o)
                        .is_some_and(|j| score_at(k, round - 1) != score_at(j, round - 1)),
                    _ => false,
                };
            Entrant {
                tpn: team.number,
                score: team.score,
                matches_played: past.iter().filter(|r| r.entry.is_played()).count() as u32,
                // C2: no PAB, no match won by forfeit, no full-point bye before.
                may_have_bye: !past.iter().any(|r| match r.entry {
                    TeamEntry::PairingBye | TeamEntry::FullBye => true,
                    TeamEntry::Match { played: false, .. } => r.match_points == scale.win,
                    _ => false,
                }),
                floated,
            }
        })
        .collect();
    let can_meet: Vec<Vec<bool>> = present
        .iter()
        .map(|&a| {
            present
                .iter()
                .map(|&b| {
                    let met = histories[a].rounds[..before]
                        .iter()
                        .any(|r| r.entry.is_played() && r.entry.opponent() == Some(numbers[b]));
                    a != b
                        && !met
                        && !t.is_forbidden(PlayerId(numbers[a]), PlayerId(numbers[b]), round)
                })
                .collect()
        })
        .collect();
    let prefs = v.prefs;
    let colour_cost = |a: usize, b: usize| -> (u32, u32) {
        match (teams[a].pref, teams[b].pref) {
            (Some((x, sx)), Some((y, sy))) if x == y => {
                (1, u32::from(prefs == Prefs::B && sx && sy))
            }
            _ => (0, 0),
        }
    };
    let literal = LiteralRound {
        entrants,
        can_meet,
        floats_count: total == 0 || round + 2 <= total,
        colour_cost: &colour_cost,
    };
    let paired = literal_pair(&literal).ok_or(PairingError::NoValidPairing { round })?;
    let needs_initial = paired
        .pairs
        .iter()
        .any(|&(a, b)| teams[a].colours.is_empty() && teams[b].colours.is_empty());
    let initial = match t.header.initial_color {
        Some(c) => c,
        None if !needs_initial => Color::White,
        None => {
            return Err(PairingError::InvalidRequest("no initial colour".into()));
        }
    };
    let mut boards: Vec<(usize, usize)> = paired
        .pairs
        .iter()
        .map(|&(a, b)| {
            if a_gets_white(&teams[a], &teams[b], prefs, initial) {
                (a, b)
            } else {
                (b, a)
            }
        })
        .collect();
    // GHR 3.6.
    boards.sort_by_key(|&(w, b)| {
        let (tw, tb) = (&teams[w], &teams[b]);
        let higher = if (tw.score, std::cmp::Reverse(tw.number))
            > (tb.score, std::cmp::Reverse(tb.number))
        {
            tw
        } else {
            tb
        };
        (
            std::cmp::Reverse(higher.score),
            std::cmp::Reverse(tw.score + tb.score),
            higher.number,
        )
    });
    Ok(Pairing {
        boards: boards
            .into_iter()
            .map(|(w, b)| Board {
                white: PlayerId(teams[w].number),
                black: PlayerId(teams[b].number),
            })
            .collect(),
        bye: paired.bye.map(|k| PlayerId(teams[k].number)),
    })
}

const LABEL: &str = "team";

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

/// Generates competitions until `rounds` rounds were paired by both: the rounds paired, how
/// many differ, and the first differences.
pub fn compare(rounds: usize, seed0: u64) -> (usize, usize, Vec<String>) {
    let mut done = 0;
    let mut differ = 0;
    let mut mismatches = Vec::new();
    let mut seed = seed0;
    while done < rounds {
        let settings = TeamSettings::random(seed, 5..=30);
        let result = generate(&settings, seed, |t, r| {
            let ours = TeamOptions::of(t)
                .map_err(PairingError::InvalidRequest)
                .and_then(|o| team::pair(t, r, &o));
            let start = std::time::Instant::now();
            let theirs = oracle(t, r);
            let seconds = start.elapsed().as_secs_f64();
            if seconds > 5.0 {
                eprintln!("{LABEL} oracle: seed {seed}, round {r} took {seconds:.1} s");
            }
            done += 1;
            if done % 1000 == 0 {
                eprintln!("{LABEL} oracle: {done} rounds, {differ} differ");
            }
            differ += usize::from(ours != theirs);
            if ours != theirs && mismatches.len() < 20 {
                mismatches.push(format!(
                    "seed {seed}, round {r} ({}):\n  engine: {}\n  oracle: {}\n{}",
                    settings.type_code,
                    text(&ours),
                    text(&theirs),
                    tournament::trf::write(t, tournament::trf::Format::Trf26)
                ));
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
                mismatches.push(format!("seed {seed}: {e}"));
            }
        }
        seed += 1;
    }
    (done, differ, mismatches)
}

#[test]
fn the_engine_pairs_as_the_text_says() {
    let rounds = std::env::var("TEAM_ORACLE_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let seed = std::env::var("TEAM_ORACLE_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let (done, differ, mismatches) = compare(rounds, seed);
    eprintln!(
        "team oracle: {} of {done} rounds identical (pairs, colours, PAB, board order)",
        done - differ
    );
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n\n"));
}
