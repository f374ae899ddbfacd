//! Generated sessions for benchmarks and tests: a Mitchell movement where every board is
//! played at every table, with random deals and plausible contracts and results.

use crate::board::{dealer_of, vulnerability_of, Seat};
use crate::contract::{Contract, Doubling, Played, Strain};
use crate::session::{Board, Line, Pos, Session, TableResult};

/// A small deterministic generator (SplitMix64), so a seed always gives the same session.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }
}

/// A random deal in PBN form, North first.
pub fn random_deal(rng: &mut SplitMix64) -> String {
    let mut cards: Vec<u8> = (0..52).collect();
    for i in (1..52).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        cards.swap(i, j);
    }
    const RANKS: &[u8; 13] = b"AKQJT98765432";
    let mut hands = Vec::with_capacity(4);
    for h in 0..4 {
        let mut hand: Vec<u8> = cards[h * 13..h * 13 + 13].to_vec();
        hand.sort_unstable();
        // card = suit * 13 + rank index; suits in PBN order S, H, D, C.
        let suits: Vec<String> = (0..4)
            .map(|s| {
                hand.iter()
                    .filter(|&&c| c / 13 == s)
                    .map(|&c| RANKS[(c % 13) as usize] as char)
                    .collect()
            })
            .collect();
        hands.push(suits.join("."));
    }
    format!("N:{}", hands.join(" "))
}

/// `tables` tables, `boards` boards, each board played at every table (NS pair t meets
/// EW pair t + board − 1, so NS 1 meets EW 1 in round 1 as in a Mitchell). One board per
/// round, so no pair plays twice in a round.
pub fn mitchell_session(tables: u32, boards: u32, seed: u64) -> Session {
    let mut rng = SplitMix64::new(seed);
    let strains = Strain::ALL;
    let mut session = Session {
        event: Some("Generated pairs session".to_string()),
        site: Some("arbiter".to_string()),
        date: Some("2026.01.01".to_string()),
        field: None,
        boards: Vec::with_capacity(boards as usize),
        ..Session::default()
    };
    for b in 1..=boards {
        let mut board = Board::standard(b);
        board.deal = Some(random_deal(&mut rng));
        board.dealer = dealer_of(b);
        board.vulnerability = vulnerability_of(b);
        board.pos = Pos::default();
        // A "normal" contract for the board that most tables reach.
        let base_level = 1 + rng.below(5) as u8;
        let base_strain = strains[rng.below(5) as usize];
        let base_declarer = Seat::ALL[rng.below(4) as usize];
        board.lines.reserve(tables as usize);
        for t in 0..tables {
            let roll = rng.below(100);
            let played = if roll < 2 {
                Played::PassedOut
            } else {
                let (level, strain, declarer) = if roll < 65 {
                    (base_level, base_strain, base_declarer)
                } else {
                    (
                        (base_level + rng.below(3) as u8).clamp(1, 7),
                        strains[rng.below(5) as usize],
                        Seat::ALL[rng.below(4) as usize],
                    )
                };
                let doubling = match rng.below(100) {
                    0..=89 => Doubling::Undoubled,
                    90..=98 => Doubling::Doubled,
                    _ => Doubling::Redoubled,
                };
                let contract = Contract::new(level, strain, doubling).expect("level is 1-7");
                let delta = rng.below(5) as i32 - 2 + rng.below(3) as i32 - 1;
                let tricks = (i32::from(contract.target()) + delta).clamp(0, 13) as u8;
                Played::new(contract, declarer, tricks).expect("tricks are 0-13")
            };
            let ew = (t + b - 1) % tables + 1;
            let mut line = Line::new(t + 1, ew, TableResult::Played(played));
            line.table = Some(t + 1);
            line.round = Some(b);
            board.lines.push(line);
        }
        session.boards.push(board);
    }
    session
}
