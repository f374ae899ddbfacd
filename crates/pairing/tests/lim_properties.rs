//! Lim's absolute rules on generated events (proptest): no rematch (2.1), no second PAB
//! (BR 4), and outside the last round no third colour in a row and never three more of one
//! colour (5.1, 2.1), whatever the event.

use proptest::prelude::*;
use tournament::{Color, Entry, PlayerId, Tournament};

use pairing::lim::{self, LimOptions};

use crate::lim_generator::play;

fn history(t: &Tournament, id: PlayerId, round: u32) -> Vec<Entry> {
    let p = t.players.iter().find(|p| p.id == id).unwrap();
    (1..round)
        .map(|r| {
            p.rounds
                .get(r as usize - 1)
                .copied()
                .unwrap_or(Entry::NotPaired)
        })
        .collect()
}

/// What breaks an absolute rule in `pairing` of `round`, if anything.
fn broken(t: &Tournament, round: u32, pairing: &pairing::Pairing) -> Option<String> {
    let last = Some(round) == t.header.rounds;
    for b in &pairing.boards {
        if history(t, b.white, round)
            .iter()
            .any(|e| e.played_opponent() == Some(b.black))
        {
            return Some(format!(
                "round {round}: {} and {} meet again",
                b.white, b.black
            ));
        }
        for (id, colour) in [(b.white, Color::White), (b.black, Color::Black)] {
            let mut colours: Vec<Color> = history(t, id, round)
                .iter()
                .filter_map(Entry::played_color)
                .collect();
            colours.push(colour);
            let n = colours.len();
            let whites = colours.iter().filter(|&&c| c == Color::White).count() as i32;
            let three = n >= 3 && colours[n - 3..].iter().all(|&c| c == colour);
            if !last && (three || (2 * whites - n as i32).abs() >= 3) {
                return Some(format!("round {round}: {id} gets {colour:?} beyond 5.1"));
            }
        }
    }
    if let Some(b) = pairing.bye {
        let win = t.point_system.win.tenths();
        let had = history(t, b, round).iter().any(|e| {
            *e == Entry::PairingBye || (!e.is_played() && e.points(&t.point_system).tenths() >= win)
        });
        if had {
            return Some(format!("round {round}: {b} gets a second PAB"));
        }
    }
    None
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn lim_never_breaks_an_absolute_rule(seed in any::<u64>()) {
        let mut problem = None;
        play(seed, |event, r| {
            let t = &event.tournament;
            let options = LimOptions { maxi_tournament: event.maxi };
            let p = lim::pair(t, r, &options).ok()?;
            if problem.is_none() {
                problem = broken(t, r, &p);
            }
            Some(p)
        });
        prop_assert!(problem.is_none(), "{}", problem.unwrap_or_default());
    }
}
