//! Properties of the Swiss Team and Double-Swiss engines over generated events: in every
//! round each participant to be paired is paired exactly once, no two teams (players) play a
//! second match against each other (C1; a forfeited match is no meeting), and nobody receives
//! the pairing-allocated bye after a bye, a forfeit win or a full-point bye (C2). Neither system
//! has colour limits (C.04.6 Preface: Basic Rules 6 and 7 never apply; C.04.5 has no colour
//! criterion), so none is checked.

use std::collections::HashSet;

use pairing::double_swiss::generator::{generate as generate_ds, DoubleSwissSettings};
use pairing::double_swiss::{self, DoubleSwissOptions, MatchRound};
use pairing::team::generator::{generate as generate_team, TeamSettings};
use pairing::team::{self, TeamOptions, TeamRound};
use pairing::top_scoregroup::history::{Field, Outcome};
use pairing::{Pairing, PairingError};
use proptest::prelude::*;

/// Checks one round's pairing against the field it was made from; `to_pair` are the TPNs
/// that had to be paired.
fn check_round(field: &Field, to_pair: &[u32], p: &Pairing) -> Result<(), String> {
    let mut seen = HashSet::new();
    for id in p
        .boards
        .iter()
        .flat_map(|b| [b.white.0, b.black.0])
        .chain(p.bye.map(|b| b.0))
    {
        if !seen.insert(id) {
            return Err(format!("{id} paired twice"));
        }
    }
    let wanted: HashSet<u32> = to_pair.iter().copied().collect();
    if seen != wanted {
        return Err(format!("paired {seen:?}, to pair {wanted:?}"));
    }
    for b in &p.boards {
        let (i, j) = (field.index_of(b.white.0), field.index_of(b.black.0));
        if let (Some(i), Some(j)) = (i, j) {
            if field.met(i, j) {
                return Err(format!("rematch {}-{}", b.white, b.black));
            }
        }
    }
    if let Some(bye) = p.bye {
        let i = field.index_of(bye.0).ok_or("bye to nobody")?;
        let barred = field.histories[i].rounds.iter().any(|r| {
            matches!(
                r.outcome,
                Outcome::PairingBye | Outcome::FullBye | Outcome::Forfeited { won: true, .. }
            )
        });
        if barred {
            return Err(format!(
                "a second bye (or one after a forfeit win) for {bye}"
            ));
        }
    }
    Ok(())
}

fn team_event(seed: u64) -> Result<(), String> {
    let settings = TeamSettings::random(seed, 5..=24);
    let options = TeamOptions::from_type_code(&settings.type_code).map_err(|e| e.to_string())?;
    let mut problem = None;
    let result = generate_team(&settings, seed, |t, r| {
        let round = TeamRound::new(t, r, &options)?;
        let p = team::pair_prepared(&round);
        if let Ok(p) = &p {
            let to_pair: Vec<u32> = round
                .to_pair
                .iter()
                .map(|&i| round.field.histories[i].tpn)
                .collect();
            if let Err(e) = check_round(&round.field, &to_pair, p) {
                problem.get_or_insert(format!("round {r}: {e}"));
            }
        }
        p
    });
    if let Some(p) = problem {
        return Err(p);
    }
    match result {
        Ok(_)
        | Err(pairing::generator::GeneratorError::Pairing {
            source: PairingError::NoValidPairing { .. },
            ..
        }) => Ok(()),
        Err(e) => Err(e.to_string()),
    }
}

fn double_swiss_event(seed: u64) -> Result<(), String> {
    let settings = DoubleSwissSettings::random(seed, 5..=24);
    let options = DoubleSwissOptions::default();
    let mut problem = None;
    let result = generate_ds(&settings, seed, |t, k| {
        let round = MatchRound::new(t, k, &options)?;
        let p = double_swiss::pair_prepared(&round);
        if let Ok(p) = &p {
            let to_pair: Vec<u32> = round
                .to_pair
                .iter()
                .map(|&i| round.field.histories[i].tpn)
                .collect();
            if let Err(e) = check_round(&round.field, &to_pair, p) {
                problem.get_or_insert(format!("match {k}: {e}"));
            }
        }
        p
    });
    if let Some(p) = problem {
        return Err(p);
    }
    match result {
        Ok(_)
        | Err(pairing::generator::GeneratorError::Pairing {
            source: PairingError::NoValidPairing { .. },
            ..
        }) => Ok(()),
        Err(e) => Err(e.to_string()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn team_rounds_keep_the_absolute_criteria(seed in 0u64..1_000_000) {
        prop_assert_eq!(team_event(seed), Ok(()));
    }

    #[test]
    fn double_swiss_matches_keep_the_absolute_criteria(seed in 0u64..1_000_000) {
        prop_assert_eq!(double_swiss_event(seed), Ok(()));
    }
}
