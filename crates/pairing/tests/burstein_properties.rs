//! Properties of the Burstein engine over generated tournaments (`burstein_generator.rs`):
//! every player to pair exactly once, no rematch of a game played ([C1]), no second PAB
//! ([C2], C.04.1 Art. 4), and the absolute colour rules of C.04.1 Arts. 6–7 (a colour
//! difference within ±2, never the same colour three times running) for every pairing made.

use std::collections::HashSet;

use pairing::swiss::roster::roster;
use proptest::prelude::*;
use tournament::{Color, Entry, PlayerId, Tournament};

use crate::burstein_generator::{play, RoundSeen};

fn played_colours(t: &Tournament, id: PlayerId, before: u32) -> Vec<Color> {
    let p = t.player(id).expect("a player");
    (1..before)
        .filter_map(|r| p.entry(r).and_then(|e| e.played_color()))
        .collect()
}

fn breaks_colour_rules(colours: &[Color]) -> bool {
    let whites = colours.iter().filter(|&&c| c == Color::White).count() as i64;
    let blacks = colours.len() as i64 - whites;
    let three = colours.windows(3).any(|w| w[0] == w[1] && w[1] == w[2]);
    (whites - blacks).abs() > 2 || three
}

/// Checks one round; `Err` says what is wrong.
fn check(seen: &RoundSeen) -> Result<(), String> {
    let Ok(pairing) = seen.pairing else {
        return Ok(());
    };
    let (t, round) = (seen.state, seen.round);
    let at = format!("seed {} round {round}", seen.seed);
    let to_pair: HashSet<PlayerId> = roster(t, round)
        .map_err(|e| format!("{at}: {e}"))?
        .paired
        .iter()
        .map(|&i| t.players[i].id)
        .collect();
    let mut seen_ids = HashSet::new();
    for id in pairing
        .boards
        .iter()
        .flat_map(|b| [b.white, b.black])
        .chain(pairing.bye)
    {
        if !seen_ids.insert(id) {
            return Err(format!("{at}: {id} paired twice"));
        }
    }
    if seen_ids != to_pair {
        return Err(format!("{at}: paired {seen_ids:?}, to pair {to_pair:?}"));
    }
    for b in &pairing.boards {
        let met = (1..round).any(|r| {
            t.player(b.white)
                .and_then(|p| p.entry(r))
                .and_then(|e| e.played_opponent())
                == Some(b.black)
        });
        if met {
            return Err(format!("{at}: {}-{} is a rematch", b.white, b.black));
        }
        for (id, colour) in [(b.white, Color::White), (b.black, Color::Black)] {
            let mut colours = played_colours(t, id, round);
            colours.push(colour);
            if breaks_colour_rules(&colours) {
                return Err(format!("{at}: {id} would have colours {colours:?}"));
            }
        }
    }
    if let Some(bye) = pairing.bye {
        let p = t.player(bye).expect("a player");
        let win = t.point_system.win;
        let barred = (1..round).any(|r| match p.entry(r) {
            Some(Entry::PairingBye) => true,
            Some(e) => !e.is_played() && e.points(&t.point_system) >= win,
            None => false,
        });
        if barred {
            return Err(format!("{at}: {bye} gets a second PAB (C.04.1 Art. 4)"));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn burstein_pairings_respect_the_absolute_rules(seed in any::<u64>()) {
        let mut problem = None;
        play(seed, |seen| {
            if problem.is_none() {
                problem = check(seen).err();
            }
        });
        prop_assert!(problem.is_none(), "{}", problem.unwrap_or_default());
    }
}
