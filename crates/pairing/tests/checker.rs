//! The checker against the Dutch corpus (`../shared/conformance/dutch`): the state it builds
//! before a round is the corpus's own cut, its reading of a round is the reference engine's
//! pairing board for board, and a replay of the file's own pairings shows no difference.
//! With the Dutch engine, every `full.trf` must check without a difference.

use std::path::{Path, PathBuf};

use pairing::checker::{
    check, file_pairing, state_before_round, with_inferred_parameters, RoundOutcome,
};
use pairing::dutch::{self, DutchOptions};
use pairing::{Pairing, PairingError};
use tournament::{trf, Tournament};

fn corpus(name: &str) -> Option<Vec<PathBuf>> {
    let dir = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/conformance/"
    ))
    .join(name);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        println!("skipped: {} not found", dir.display());
        return None;
    };
    let mut cases: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("full.trf").exists())
        .collect();
    cases.sort();
    Some(cases)
}

fn read(path: &Path) -> Tournament {
    let text = std::fs::read_to_string(path).unwrap();
    trf::read(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The `-p` text of a pairing.
fn text(p: &Pairing) -> String {
    let mut s = format!("{}\n", p.boards.len() + usize::from(p.bye.is_some()));
    for b in &p.boards {
        s.push_str(&format!("{} {}\n", b.white, b.black));
    }
    if let Some(x) = p.bye {
        s.push_str(&format!("{x} 0\n"));
    }
    s
}

fn round_paired(case: &Path) -> u32 {
    let meta = std::fs::read_to_string(case.join("meta.json")).unwrap();
    let at = meta.find("\"round_paired\":").unwrap() + "\"round_paired\":".len();
    let digits: String = meta[at..]
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    digits.parse().unwrap()
}

#[test]
fn state_before_the_round_and_the_file_pairing_match_the_corpus() {
    let Some(cases) = corpus("dutch") else { return };
    for case in &cases {
        let full = with_inferred_parameters(&read(&case.join("full.trf")));
        let input = read(&case.join("input.trf"));
        let round = round_paired(case);
        let state = state_before_round(&full, round);
        assert_eq!(state.players.len(), input.players.len());
        for (ours, cut) in state.players.iter().zip(&input.players) {
            assert_eq!(
                ours.rounds,
                cut.rounds,
                "{} player {}",
                case.display(),
                ours.id
            );
        }
        assert_eq!(
            state.header.initial_color,
            input.header.initial_color,
            "{}: initial colour",
            case.display()
        );
        let expected = std::fs::read_to_string(case.join("expected.txt")).unwrap();
        let normalise = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(
            normalise(&text(&file_pairing(&full, round))),
            normalise(&expected),
            "{}: the file's round {round} in board order",
            case.display()
        );
    }
}

#[test]
fn replaying_the_files_own_pairings_finds_no_difference() {
    let Some(cases) = corpus("dutch") else { return };
    for case in &cases {
        let full = read(&case.join("full.trf"));
        let replay = |_: &Tournament, round: u32| -> Result<Pairing, PairingError> {
            Ok(file_pairing(&full, round))
        };
        let report = check(&full, replay).unwrap();
        assert_eq!(report.len() as u32, full.recorded_rounds());
        assert!(
            report.iter().all(|r| r.outcome == RoundOutcome::Same),
            "{}",
            case.display()
        );
    }
}

/// Replays the tournaments of every `step`-th case with the Dutch engine and returns the
/// number of rounds checked and the rounds that differ.
fn dutch_check(step: usize) -> Option<(usize, usize, Vec<String>)> {
    let cases = corpus("dutch")?;
    let options = DutchOptions::default();
    let mut rounds = 0;
    let mut bad = Vec::new();
    let mut tournaments = 0;
    for case in cases.iter().step_by(step) {
        let full = read(&case.join("full.trf"));
        let report = check(&full, |t, r| dutch::pair(t, r, &options))
            .unwrap_or_else(|e| panic!("{}: {e}", case.display()));
        tournaments += 1;
        rounds += report.len();
        for r in report {
            if r.outcome != RoundOutcome::Same {
                let name = case.file_name().unwrap_or_default().to_string_lossy();
                bad.push(format!("{name} round {}", r.round));
            }
        }
    }
    println!(
        "checker: {rounds} rounds of {tournaments} tournaments, {} with differences",
        bad.len()
    );
    Some((tournaments, rounds, bad))
}

/// With the Dutch engine, a sample of the corpus (every 25th tournament) checks clean.
#[test]
fn the_dutch_engine_reproduces_every_round_of_a_sample_of_the_corpus() {
    let Some((_, _, bad)) = dutch_check(25) else {
        return;
    };
    assert!(bad.is_empty(), "{} rounds differ: {bad:?}", bad.len());
}

/// The done-criterion: zero differences on every `full.trf` (7,020 rounds; several minutes on
/// two cores, so run on demand with `--ignored`).
#[test]
#[ignore = "heavy: replays all 1,000 tournaments of the corpus"]
fn the_dutch_engine_reproduces_every_round_of_the_corpus() {
    let Some((_, _, bad)) = dutch_check(1) else {
        return;
    };
    assert!(
        bad.is_empty(),
        "{} rounds differ, first: {:?}",
        bad.len(),
        &bad[..bad.len().min(20)]
    );
}

/// `-c ROUND`: only the round asked is replayed (one pairing, not one per round), and its
/// verdict is the one the full check gives for that round.
#[test]
fn checking_one_round_replays_that_round_alone() {
    use pairing::checker::{check_rounds, Rounds};
    use pairing::generator::{generate, Settings};
    use pairing::system::{Options, System};
    let settings = Settings::from_properties(
        "PlayersNumber=24\nRoundsNumber=6\nForfeitRate=12\nHalfPointByeRate=30\n",
    )
    .unwrap();
    let engine = |t: &Tournament, r: u32| System::Dutch.pair(t, r, &Options::default());
    let t = generate(&settings, 7, engine).unwrap();
    let every = check(&t, engine).unwrap();
    assert_eq!(every.len(), 6);
    for k in 1..=6 {
        let mut asked = Vec::new();
        let one = check_rounds(&t, false, Rounds::Only(k), |s: &Tournament, r| {
            asked.push(r);
            engine(s, r)
        })
        .unwrap();
        assert_eq!(asked, [k]);
        assert_eq!(one, [every[k as usize - 1].clone()]);
        let mut list = String::new();
        let by_system = System::Dutch
            .check_rounds(&t, false, Rounds::Only(k), Some(&mut list))
            .unwrap();
        assert_eq!(by_system, one);
        assert_eq!(list.matches("Round #").count(), 1, "{list}");
        assert!(list.starts_with(&format!("Round #{k}\n")));
    }
    assert!(check_rounds(&t, false, Rounds::Only(7), engine)
        .unwrap()
        .is_empty());
    // The other individual systems' `-c ROUND` the same way: each round asked alone gets the
    // verdict (and one checklist) of the full check of that system.
    for system in [System::Burstein, System::Dubov, System::Lim] {
        let every = system.check(&t, false, None).unwrap();
        assert_eq!(every.len(), 6, "{system:?}");
        for k in 1..=6 {
            let mut list = String::new();
            let one = system
                .check_rounds(&t, false, Rounds::Only(k), Some(&mut list))
                .unwrap();
            assert_eq!(one, [every[k as usize - 1].clone()], "{system:?} round {k}");
            assert_eq!(list.matches("Round #").count(), 1, "{system:?}: {list}");
        }
    }
}
