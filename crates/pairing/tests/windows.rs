//! The engine's shortcuts against the plain procedure: bracket windows (window.rs) against the
//! engine that keeps every unpaired player in one graph, and the S1 loop's dual skips against
//! solving at every choice. Identical pairings on every round of many random tournaments, large
//! enough that most rounds are paired window by window.

use pairing::dutch::brackets::Variant;
use pairing::dutch::solver::BlossomFactory;
use pairing::dutch::{self, DutchOptions};
use pairing::generator::{generate, Settings};

/// Pairs every round of the tournaments generated from `seeds` with the default engine and
/// with `plain`, asserting identical pairings. Returns the rounds compared and how many of them
/// were paired window by window.
fn compare(
    seeds: std::ops::Range<u64>,
    settings: impl Fn(u64) -> Settings,
    plain: Variant,
    what: &str,
) -> (u32, u32) {
    let options = DutchOptions::default();
    let (mut rounds, mut windowed) = (0u32, 0u32);
    for seed in seeds {
        let result = generate(&settings(seed), seed, |t, r| {
            let with = dutch::pair_with(t, r, &options, &BlossomFactory, Variant::default());
            let without = dutch::pair_with(t, r, &options, &BlossomFactory, plain);
            assert_eq!(
                with, without,
                "seed {seed}, round {r}: {what} changed the pairing"
            );
            rounds += 1;
            if dutch::method(t, r, &options, Variant::default()).ok()
                == Some(dutch::Method::Windows)
            {
                windowed += 1;
            }
            with
        });
        if let Err(e) = result {
            // A round without a valid pairing is fine, as long as both engines agreed.
            eprintln!("seed {seed}: {e}");
        }
    }
    (rounds, windowed)
}

#[test]
fn windows_give_the_same_pairings_as_the_whole_graph() {
    let whole = Variant {
        windows: false,
        ..Variant::default()
    };
    let settings = |seed: u64| Settings {
        players: Some(40 + (seed as u32 * 37) % 170),
        rounds: Some(5 + (seed as u32) % 5),
        draw_percentage: Some((seed * 13 % 60) as u32),
        forfeit_rate: Some([0, 30, 12][seed as usize % 3]),
        retired_rate: Some([0, 60][seed as usize % 2]),
        half_point_bye_rate: Some([0, 40, 15][seed as usize % 3]),
        ..Settings::default()
    };
    let (rounds, windowed) = compare(0..24, settings, whole, "windows");
    eprintln!("{windowed} of {rounds} rounds paired window by window, all identical");
    assert!(
        windowed * 2 > rounds,
        "too few rounds used windows: {windowed} of {rounds}"
    );
}

#[test]
fn dual_skips_give_the_same_pairings_as_solving_every_choice() {
    let plain = Variant {
        windows: false,
        dual_skips: false,
        ..Variant::default()
    };
    let settings = |seed: u64| Settings {
        players: Some(30 + (seed as u32 * 53) % 180),
        rounds: Some(4 + (seed as u32) % 6),
        draw_percentage: Some((seed * 17 % 50) as u32),
        forfeit_rate: Some([0, 25][seed as usize % 2]),
        half_point_bye_rate: Some([0, 30, 10][seed as usize % 3]),
        ..Settings::default()
    };
    let (rounds, _) = compare(100..116, settings, plain, "dual skips");
    eprintln!("{rounds} rounds identical");
    assert!(rounds > 80, "too few rounds compared: {rounds}");
}

/// The settings of the small late-round tournaments below: odd fields, many players already
/// given a PAB, forfeits and half-point byes.
fn late_round_settings(players: u32, rounds: u32, seed: u64) -> Settings {
    Settings {
        players: Some(players),
        rounds: Some(rounds),
        draw_percentage: Some((seed * 13 % 50) as u32),
        forfeit_rate: Some([0, 20, 8][seed as usize % 3]),
        retired_rate: Some([0, 0, 30][(seed / 3) as usize % 3]),
        half_point_bye_rate: Some([0, 20, 8][(seed / 2) as usize % 3]),
        ..Settings::default()
    }
}

/// 43 players, round 7: the PAB score is a scoregroup above the lowest, and the bracket above
/// it once stood in for that group with one player; the rest of the group, unseen, let C9 rank
/// the next bracket's players by games played although it had to float two.
#[test]
fn no_stand_in_for_the_scoregroup_at_the_pab_score() {
    let whole = Variant {
        windows: false,
        ..Variant::default()
    };
    let (rounds, windowed) = compare(862..863, |s| late_round_settings(43, 8, s), whole, "C9");
    assert!(
        rounds >= 7 && windowed > 0,
        "{rounds} rounds, {windowed} windowed"
    );
}

/// 19 players, round 8: a bracket that pairs within itself was solved without the next
/// scoregroup, but the players below could not complete; the fallback to the whole graph had no
/// C8 fields towards the next scoregroup and floated the wrong players.
#[test]
fn a_bracket_pairs_alone_only_when_the_players_below_complete() {
    let whole = Variant {
        windows: false,
        ..Variant::default()
    };
    let (rounds, windowed) = compare(2386..2387, |s| late_round_settings(19, 13, s), whole, "C8");
    assert!(
        rounds >= 8 && windowed > 0,
        "{rounds} rounds, {windowed} windowed"
    );
}
