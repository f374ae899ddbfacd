//! The engine against the literal oracle (`burstein_oracle.rs`) on generated tournaments
//! (`burstein_generator.rs`): every round after the seeding rounds, the same pairs, colours,
//! board order and PAB, or "no valid pairing" from both.
//!
//! The normal test run compares a few hundred rounds. The full check is run by hand:
//! `BURSTEIN_ORACLE_ROUNDS=20000 cargo test -p pairing --profile test-release --test integration
//! burstein_agreement -- --nocapture` (`BURSTEIN_ORACLE_SEED` moves the first seed).

use pairing::PairingError;

use crate::burstein_generator::play;
use crate::burstein_oracle::{self, OracleError};

fn env_u64(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.parse().ok())
}

/// Compares engine and oracle on `wanted` rounds from `first_seed` on; returns the rounds
/// compared, the rounds with no valid pairing, and the differences found (at most 20 kept).
fn compare(first_seed: u64, wanted: u64) -> (u64, u64, u64, Vec<String>) {
    let (mut compared, mut impossible, mut differing) = (0u64, 0u64, 0u64);
    let mut shown = Vec::new();
    let mut seed = first_seed;
    while compared < wanted {
        play(seed, |seen| {
            let oracle = burstein_oracle::pair(seen.state, seen.round);
            let verdict = match (&oracle, seen.pairing) {
                (Err(OracleError::SeedingRound), _) => return,
                (Err(OracleError::Unsupported), _) => Some("the oracle cannot model it".into()),
                (Err(OracleError::NoValidPairing), Err(PairingError::NoValidPairing { .. })) => {
                    impossible += 1;
                    None
                }
                (Ok(o), Ok(e)) => {
                    let boards: Vec<(u32, u32)> =
                        e.boards.iter().map(|b| (b.white.0, b.black.0)).collect();
                    let bye = e.bye.map(|b| b.0);
                    (boards != o.boards || bye != o.bye).then(|| {
                        format!(
                            "engine {boards:?} bye {bye:?}\n    oracle {:?} bye {:?}",
                            o.boards, o.bye
                        )
                    })
                }
                (o, e) => Some(format!("engine {e:?}, oracle {o:?}")),
            };
            compared += 1;
            if let Some(v) = verdict {
                differing += 1;
                if shown.len() < 20 {
                    shown.push(format!("seed {} round {}: {v}", seen.seed, seen.round));
                }
            }
        });
        seed += 1;
    }
    (compared, impossible, differing, shown)
}

#[test]
fn engine_and_oracle_agree_on_generated_rounds() {
    let wanted = env_u64("BURSTEIN_ORACLE_ROUNDS").unwrap_or(300);
    let first = env_u64("BURSTEIN_ORACLE_SEED").unwrap_or(1);
    let (compared, impossible, differing, shown) = compare(first, wanted);
    println!(
        "burstein oracle: identical {}/{compared} rounds ({impossible} without a valid pairing)",
        compared - differing
    );
    assert!(
        differing == 0,
        "{differing} of {compared} rounds differ:\n{}",
        shown.join("\n")
    );
}
