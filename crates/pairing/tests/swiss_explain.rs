//! The Burstein, Dubov and Lim explanations on generated events: the pairing explained is the
//! engine's own, every paired player has the colour rule that decided with its article, the PAB
//! receiver the bye rule, and the floats follow the pairing scores.

use pairing::double_swiss::generator::{generate as ds_generate, DoubleSwissSettings};
use pairing::explain::{ByeReason, ColourReason, FloatKind, PassReason};
use pairing::generator::{generate, Settings};
use pairing::system::{Explanation, Options, System};
use tournament::PlayerId;

fn check_round(system: System, t: &tournament::Tournament, round: u32) -> usize {
    let options = Options::default();
    let Ok(pairing) = system.pair(t, round, &options) else {
        return 0;
    };
    let explained = system.explain(t, round, &options).unwrap();
    assert_eq!(explained.pairing(), &pairing, "{system:?} round {round}");
    let e = match explained {
        Explanation::Swiss(s, e) => {
            assert_eq!(s, system);
            e
        }
        // Burstein's seeding rounds (1.6) are Dutch rounds.
        Explanation::Dutch(_) => {
            assert_eq!(system, System::Burstein, "round {round}");
            assert!(pairing::burstein::is_seeding_round(t, round).unwrap());
            return 0;
        }
    };
    let (colour_articles, bye_articles): (&[&str], &[&str]) = match system {
        System::Lim => (&["7.2", "5.3", "5.5–5.6", "5.4"], &["1.1", "7.1"]),
        _ => (
            &["5.2.1", "5.2.2", "5.2.3", "5.2.4", "5.2.5"],
            &["3.1.1", "3.1.2", "3.1.3", "3.1.4", "3.1.5"],
        ),
    };
    let players_in_pairing = pairing.boards.len() * 2 + usize::from(pairing.bye.is_some());
    assert_eq!(
        e.players.len(),
        players_in_pairing,
        "{system:?} round {round}"
    );
    for p in &e.players {
        let board = pairing
            .boards
            .iter()
            .find(|b| b.white == p.id || b.black == p.id);
        match board {
            Some(b) => {
                let opponent = if b.white == p.id { b.black } else { b.white };
                assert_eq!(p.opponent, Some(opponent));
                let (reason, article) = p.colour_by.expect("a paired player's colour rule");
                assert!(colour_articles.contains(&article), "{system:?} {article}");
                if round == 1 {
                    assert_eq!(reason, ColourReason::Initial, "{system:?} round 1");
                }
                assert!(p.bye_by.is_none());
                let theirs = e.players.iter().find(|q| q.id == opponent).unwrap();
                assert_eq!(p.opponent_score, Some(theirs.pairing_score));
                let expected = match p.pairing_score.cmp(&theirs.pairing_score) {
                    std::cmp::Ordering::Greater => FloatKind::Down,
                    std::cmp::Ordering::Less => FloatKind::Up,
                    std::cmp::Ordering::Equal => FloatKind::None,
                };
                assert_eq!(p.float, expected);
            }
            None => {
                assert_eq!(pairing.bye, Some(p.id));
                assert_eq!(p.float, FloatKind::Bye);
                let (reason, article) = p.bye_by.expect("the PAB's rule");
                assert!(bye_articles.contains(&article), "{system:?} {article}");
                // A tie-break after the score breaks a tie: someone else has that score.
                if matches!(reason, ByeReason::MostGames | ByeReason::LowestRank) {
                    assert!(
                        e.players
                            .iter()
                            .any(|q| q.id != p.id && q.pairing_score == p.pairing_score),
                        "{system:?} round {round}: {reason:?} without a tie"
                    );
                }
            }
        }
    }
    1
}

#[test]
fn the_explanations_of_burstein_dubov_and_lim_rounds_follow_their_engines() {
    for system in [System::Burstein, System::Dubov, System::Lim] {
        let mut explained = 0;
        let mut byes = 0;
        for seed in 1..=12u64 {
            let settings = Settings {
                players: Some(9 + seed as u32 % 7),
                rounds: Some(7),
                ..Settings::default()
            };
            let t = generate(&settings, seed, |t, round| {
                explained += check_round(system, t, round);
                let p = system.pair(t, round, &Options::default());
                if p.as_ref().is_ok_and(|p| p.bye.is_some()) {
                    byes += 1;
                }
                p
            });
            assert!(t.is_ok(), "{system:?} seed {seed}: {:?}", t.err());
        }
        assert!(explained >= 40, "{system:?}: {explained} rounds explained");
        assert!(byes >= 20, "{system:?}: {byes} byes");
    }
}

/// Players `a` and `b` (ids) met in a column before `column` (a game played, not forfeited).
fn met_before(t: &tournament::Tournament, a: PlayerId, b: PlayerId, column: u32) -> bool {
    let p = t.players.iter().find(|p| p.id == a).unwrap();
    p.rounds
        .iter()
        .take(column as usize - 1)
        .any(|e| matches!(e, tournament::Entry::Played { opponent, .. } if *opponent == b))
}

/// The passed-over opponents of one explained round: never the opponent met, always a player
/// of the round with the explained player's pairing score (their scoregroup, or for
/// Double-Swiss their bracket before the upfloaters), and the reason true of the pair: met
/// before for C1, forbidden, both due the same colour past the limits. Counts the reasons.
fn check_passed_over(
    system: System,
    t: &tournament::Tournament,
    column: u32,
    e: &pairing::explain::Explanation,
    seen: &mut std::collections::BTreeMap<(PassReason, &'static str), usize>,
) {
    for p in &e.players {
        let Some(x) = p.passed_over else { continue };
        *seen.entry((x.reason, x.article)).or_default() += 1;
        assert_ne!(p.opponent, Some(x.player), "{system:?}");
        assert!(
            p.opponent.is_some(),
            "{system:?}: the PAB receiver has no opponent"
        );
        let theirs = e.players.iter().find(|q| q.id == x.player).unwrap();
        if system != System::DoubleSwiss {
            assert_eq!(theirs.pairing_score, p.pairing_score, "{system:?}");
        }
        let met = met_before(t, p.id, x.player, column);
        let forbidden = t.is_forbidden(p.id, x.player, column);
        match x.reason {
            PassReason::AlreadyPlayed => assert!(met, "{system:?} {p:?}"),
            PassReason::Forbidden => assert!(forbidden && !met, "{system:?} {p:?}"),
            _ => assert!(!met && !forbidden, "{system:?} {p:?} {x:?}"),
        }
    }
}

#[test]
fn every_system_says_who_was_passed_over_and_by_which_article() {
    use std::collections::BTreeMap;
    let mut all = BTreeMap::new();
    for system in [System::Burstein, System::Dubov, System::Lim] {
        let mut seen = BTreeMap::new();
        for seed in 1..=16u64 {
            let settings = Settings {
                players: Some(9 + seed as u32 % 9),
                rounds: Some(7),
                ..Settings::default()
            };
            let _ = generate(&settings, seed, |t, round| {
                if let Ok(Explanation::Swiss(_, e)) = system.explain(t, round, &Options::default())
                {
                    check_passed_over(system, t, round, &e, &mut seen);
                }
                system.pair(t, round, &Options::default())
            });
        }
        all.insert(format!("{system:?}"), seen);
    }
    let mut seen = BTreeMap::new();
    for seed in 1..=16u64 {
        let settings = DoubleSwissSettings::random(seed, 6..=20);
        let _ = ds_generate(&settings, seed, |t, k| {
            let e = pairing::double_swiss::explain(t, k, &Default::default());
            if let Ok(e) = &e {
                check_passed_over(System::DoubleSwiss, t, 2 * k - 1, e, &mut seen);
            }
            pairing::double_swiss::pair(t, k, &Default::default())
        });
    }
    all.insert("DoubleSwiss".into(), seen);
    eprintln!("{all:#?}");
    let has = |system: &str, reason: PassReason, article: &str| {
        all[system].contains_key(&(reason, article))
    };
    assert!(has("Burstein", PassReason::AlreadyPlayed, "2.1.1"));
    assert!(has("Burstein", PassReason::Order, "4.3"));
    assert!(has("Dubov", PassReason::AlreadyPlayed, "2.1.1"));
    assert!(has("Lim", PassReason::AlreadyPlayed, "2.1"));
    assert!(has("DoubleSwiss", PassReason::AlreadyPlayed, "2.1.1"));
    assert!(has("DoubleSwiss", PassReason::Floaters, "3.5"));
}
