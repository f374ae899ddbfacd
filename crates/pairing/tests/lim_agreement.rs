//! The Lim engine against its literal oracle on generated tournaments: same pairs, colours,
//! PAB and board order, or both finding no valid pairing.
//!
//! The normal suite plays a few hundred rounds. The full check, by hand:
//! `LIM_ORACLE_ROUNDS=20000 cargo test --profile test-release -p pairing --test integration
//! lim_agreement -- --nocapture` prints `lim oracle: N/N rounds identical`.

use pairing::lim::{self, LimOptions};
use pairing::{Pairing, PairingError};

use crate::lim_generator::play;
use crate::lim_oracle;

/// What the compared rounds held, to show the generator reaches the rules.
#[derive(Debug, Default)]
pub struct Coverage {
    pub no_valid_pairing: u64,
    pub byes: u64,
    pub cracked: u64,
    pub last_rounds: u64,
    pub maxi: u64,
}

/// Plays generated events until `rounds` rounds are compared; returns (compared, differing,
/// the first differences, what the rounds held).
pub fn compare_with_coverage(rounds: u64, first_seed: u64) -> (u64, u64, Vec<String>, Coverage) {
    let mut coverage = Coverage::default();
    let (mut compared, mut differing) = (0u64, 0u64);
    let mut shown = Vec::new();
    let mut seed = first_seed;
    while compared < rounds {
        play(seed, |event, r| {
            if compared >= rounds {
                return None;
            }
            let t = &event.tournament;
            let options = LimOptions {
                maxi_tournament: event.maxi,
            };
            let engine = lim::pair(t, r, &options);
            let oracle = lim_oracle::pair(t, r, event.maxi);
            compared += 1;
            let prepared = lim::state::round_of(t, r).expect("a valid request");
            match lim::procedure::run(&prepared, &options) {
                Ok(outcome) => {
                    coverage.byes += u64::from(outcome.bye.is_some());
                    coverage.cracked += u64::from(outcome.cracked > 0);
                }
                Err(_) => coverage.no_valid_pairing += 1,
            }
            coverage.last_rounds += u64::from(Some(r) == t.header.rounds);
            coverage.maxi += u64::from(event.maxi);
            let same = match (&engine, &oracle) {
                (Ok(p), Some((boards, bye))) => {
                    let mine: Vec<_> = p.boards.iter().map(|b| (b.white, b.black)).collect();
                    mine == *boards && p.bye == *bye
                }
                (Err(PairingError::NoValidPairing { .. }), None) => true,
                _ => false,
            };
            if !same {
                differing += 1;
                if shown.len() < 5 {
                    shown.push(format!(
                        "seed {seed} round {r}: engine {engine:?}\n  oracle {oracle:?}"
                    ));
                }
            }
            engine.ok().or_else(|| {
                oracle.map(|(boards, bye)| Pairing {
                    boards: boards
                        .into_iter()
                        .map(|(white, black)| pairing::Board { white, black })
                        .collect(),
                    bye,
                })
            })
        });
        seed += 1;
    }
    (compared, differing, shown, coverage)
}

#[test]
fn the_engine_pairs_as_the_oracle_reads_the_text() {
    let rounds = std::env::var("LIM_ORACLE_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let (compared, differing, shown, coverage) = compare_with_coverage(rounds, 0);
    println!(
        "lim oracle: {}/{compared} rounds identical ({coverage:?})",
        compared - differing
    );
    assert_eq!(differing, 0, "{}", shown.join("\n"));
}
