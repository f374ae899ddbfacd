//! bbpPairings' `--burstein` (an implementation of an older Burstein text, built outside the
//! repository) as a witness on the generated rounds of `burstein_generator.rs`. Runs only when
//! `BURSTEIN_WITNESS` names its executable; prints the agreement and, per class of
//! disagreement, the count and a first example. It judges nothing: the article that decides
//! each class is in the crate's README.
//!
//! `BURSTEIN_WITNESS=/path/to/bbpPairings.exe BURSTEIN_WITNESS_ROUNDS=2000 cargo test -p pairing
//! --profile test-release --test integration burstein_witness -- --nocapture`
//!
//! With `BURSTEIN_WITNESS_KEEP=DIR`, the file of each class's first example is written there
//! (`DIR/<class>.trf`, the round to pair is the next one), to be read or run again by hand.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use pairing::burstein::{self, BursteinOptions};
use pairing::Pairing;
use tournament::{Entry, PlayerId, Points, Tournament};

use crate::burstein_generator::play;

/// Boards as `(white, black)` in board order, and the PAB.
type Boards = (Vec<(u32, u32)>, Option<u32>);

/// The file the witness reads: the state as TRF with the engines' extensions. Withdrawals are
/// written as zero-point byes (our `XXW` is unknown to it), and without any acceleration an
/// explicit zero `XXA` line keeps off the default acceleration of the older text.
fn witness_file(state: &Tournament) -> Tournament {
    let mut t = state.clone();
    for p in &mut t.players {
        for e in &mut p.rounds {
            if *e == Entry::Withdrawn {
                *e = Entry::ZeroBye;
            }
        }
    }
    let baku = t
        .header
        .type_code
        .as_deref()
        .is_some_and(|c| c.ends_with("_BAKU"));
    if t.accelerations.is_empty() && t.player_accelerations.is_empty() && !baku {
        t.player_accelerations
            .push((PlayerId(1), vec![Points::ZERO]));
    }
    t
}

/// The witness's pairing as `(white, black)` in board order and the PAB, or its failure.
fn run_witness(exe: &str, dir: &Path, t: &Tournament) -> Result<Boards, String> {
    let input = dir.join("in.trf");
    let output = dir.join("out.txt");
    std::fs::write(
        &input,
        tournament::trf::write(t, tournament::trf::Format::Trf16),
    )
    .map_err(|e| e.to_string())?;
    let _ = std::fs::remove_file(&output);
    let o = Command::new(exe)
        .arg("--burstein")
        .arg(&input)
        .arg("-p")
        .arg(&output)
        .output()
        .map_err(|e| format!("cannot run {exe}: {e}"))?;
    match o.status.code() {
        Some(0) => {}
        Some(1) => return Err("no valid pairing".into()),
        code => {
            let msg = String::from_utf8_lossy(&o.stderr);
            return Err(format!(
                "failed ({code:?}): {}",
                msg.lines().next().unwrap_or("").trim()
            ));
        }
    }
    let text = std::fs::read_to_string(&output).map_err(|e| e.to_string())?;
    let mut boards = Vec::new();
    let mut bye = None;
    for line in text.lines().skip(1) {
        let v: Vec<u32> = line
            .split_whitespace()
            .filter_map(|x| x.parse().ok())
            .collect();
        match v[..] {
            [x, 0] => bye = Some(x),
            [w, b] => boards.push((w, b)),
            _ => return Err(format!("unreadable line {line:?}")),
        }
    }
    Ok((boards, bye))
}

/// C.04.1 Art. 4 as the 2026 text has it: an earlier PAB, or a round scored a win's worth
/// without playing (a forfeit win, a full-point bye).
fn barred(t: &Tournament, id: u32, round: u32) -> bool {
    let Some(p) = t.player(PlayerId(id)) else {
        return false;
    };
    (1..round).any(|r| match p.entry(r) {
        Some(Entry::PairingBye) => true,
        Some(e) => !e.is_played() && e.points(&t.point_system) >= t.point_system.win,
        None => false,
    })
}

fn ours(p: &Pairing) -> Boards {
    (
        p.boards.iter().map(|b| (b.white.0, b.black.0)).collect(),
        p.bye.map(|b| b.0),
    )
}

fn unordered(boards: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut v: Vec<(u32, u32)> = boards.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    v.sort();
    v
}

#[test]
fn bbp_pairings_as_a_witness() {
    let Ok(exe) = std::env::var("BURSTEIN_WITNESS") else {
        println!("burstein witness: skipped (BURSTEIN_WITNESS names no executable)");
        return;
    };
    let wanted: u64 = std::env::var("BURSTEIN_WITNESS_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500);
    let keep = std::env::var("BURSTEIN_WITNESS_KEEP").ok();
    let dir = std::env::temp_dir().join(format!("burstein-witness-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let mut classes: BTreeMap<String, (u64, String)> = BTreeMap::new();
    let (mut rounds, mut same, mut seed) = (0u64, 0u64, 1u64);
    while rounds < wanted {
        play(seed, |seen| {
            // Both read the same file.
            let file = witness_file(seen.state);
            let text = tournament::trf::write(&file, tournament::trf::Format::Trf16);
            let Ok(t) = tournament::trf::read(&text) else {
                return;
            };
            let seeding = burstein::is_seeding_round(&t, seen.round).unwrap_or(false);
            let mine = burstein::pair(&t, seen.round, &BursteinOptions::default());
            let theirs = run_witness(&exe, &dir, &file);
            rounds += 1;
            let odd = |p: &Result<Pairing, _>| match p {
                Ok(p) if p.bye.is_some() => "an odd",
                Ok(_) => "an even",
                Err(_) => "a",
            };
            let class = match (&mine, &theirs) {
                (Ok(m), Ok(w)) if ours(m) == *w => None,
                (Err(_), Err(e)) if e == "no valid pairing" => None,
                (_, Err(e)) if e != "no valid pairing" => {
                    Some(format!("the witness crashes ({} field)", odd(&mine)))
                }
                (Ok(_), Err(_)) => Some("the witness finds no valid pairing".to_string()),
                (Err(_), Ok((_, Some(bye)))) if barred(&t, *bye, seen.round) => Some(
                    "no valid pairing for us; the witness gives the PAB to a player barred \
                     by [C2]"
                        .to_string(),
                ),
                (Err(e), Ok(_)) => Some(format!("we find {e}")),
                (Ok(m), Ok(w)) => {
                    let m = ours(m);
                    Some(if seeding {
                        "a seeding round (1.6)".to_string()
                    } else if w.1.is_some_and(|b| barred(&t, b, seen.round)) {
                        "the witness gives the PAB to a player barred by [C2]".to_string()
                    } else if m.1 != w.1 {
                        "another PAB receiver (3.1)".to_string()
                    } else if unordered(&m.0) != unordered(&w.0) {
                        "other pairs".to_string()
                    } else if m.0.iter().all(|b| w.0.contains(b)) {
                        "the same boards in another order (C.04.2 3.6)".to_string()
                    } else if m
                        .0
                        .iter()
                        .map(|&(a, b)| (a.min(b), a.max(b)))
                        .collect::<Vec<_>>()
                        == w.0
                            .iter()
                            .map(|&(a, b)| (a.min(b), a.max(b)))
                            .collect::<Vec<_>>()
                    {
                        "the same pairs, other colours (Art. 5)".to_string()
                    } else {
                        "the same pairs, other colours and order".to_string()
                    })
                }
                (Err(_), Err(_)) => None,
            };
            match class {
                None => same += 1,
                Some(c) => {
                    let example = format!(
                        "seed {} round {}: ours {:?}, witness {:?}",
                        seen.seed,
                        seen.round,
                        mine.as_ref().map(ours),
                        theirs
                    );
                    if let (Some(keep), false) = (&keep, classes.contains_key(&c)) {
                        let slug: String = c
                            .chars()
                            .map(|x| if x.is_ascii_alphanumeric() { x } else { '-' })
                            .collect();
                        let path = Path::new(keep).join(format!("{slug}.trf"));
                        std::fs::write(&path, &text).expect("the kept example is written");
                    }
                    let entry = classes.entry(c).or_insert((0, example));
                    entry.0 += 1;
                }
            }
        });
        seed += 1;
    }
    println!("burstein witness: identical {same}/{rounds} rounds");
    for (class, (count, example)) in &classes {
        println!("  {count:>6}  {class}\n          e.g. {example}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
