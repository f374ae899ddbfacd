//! The Dutch engine's memory limit (issue 14, "never exhaust memory"): every graph and bracket
//! table is counted before it is allocated, a window's new graph is allocated only once the old
//! one is freed, and a round that could need more than `MAX_PAIRING_BYTES` is refused with
//! `BeyondLimits` before its graph exists.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use pairing::dutch::brackets::{
    bracket_table_bytes, Compatibility, MemoryLimit, Variant, MAX_PAIRING_BYTES,
};
use pairing::dutch::solver::{BlossomFactory, BruteForceFactory, Solver, SolverFactory};
use pairing::dutch::weights::Wide;
use pairing::dutch::window::Windowed;
use pairing::dutch::{self, DutchOptions};
use pairing::PairingError;
use tournament::{Color, Entry, GameResult, Header, Player, PlayerId, Tournament};

/// The bytes of the dense weight matrices alive, their peak, and the largest graph created.
#[derive(Debug, Default)]
struct Counters {
    live: AtomicU64,
    peak: AtomicU64,
    largest: AtomicU64,
    largest_bytes: AtomicU64,
}

/// A blossom solver that counts its weight matrix (`n² × weight size`) while it is alive.
#[derive(Debug)]
struct Counted<const L: usize> {
    inner: <BlossomFactory as SolverFactory>::Solver<L>,
    bytes: u64,
    counters: Arc<Counters>,
}

impl<const L: usize> Counted<L> {
    fn new(inner: <BlossomFactory as SolverFactory>::Solver<L>, counters: Arc<Counters>) -> Self {
        let n = Solver::<L>::vertices(&inner) as u64;
        let bytes = n * n * std::mem::size_of::<Wide<L>>() as u64;
        let live = counters.live.fetch_add(bytes, Ordering::SeqCst) + bytes;
        counters.peak.fetch_max(live, Ordering::SeqCst);
        counters.largest.fetch_max(n, Ordering::SeqCst);
        counters.largest_bytes.fetch_max(bytes, Ordering::SeqCst);
        Counted {
            inner,
            bytes,
            counters,
        }
    }
}

impl<const L: usize> Clone for Counted<L> {
    fn clone(&self) -> Self {
        Counted::new(self.inner.clone(), self.counters.clone())
    }
}

impl<const L: usize> Drop for Counted<L> {
    fn drop(&mut self) {
        self.counters.live.fetch_sub(self.bytes, Ordering::SeqCst);
    }
}

impl<const L: usize> Solver<L> for Counted<L> {
    fn set_edge(&mut self, u: usize, v: usize, w: Wide<L>) {
        Solver::<L>::set_edge(&mut self.inner, u, v, w);
    }
    fn weight(&self, u: usize, v: usize) -> Wide<L> {
        Solver::<L>::weight(&self.inner, u, v)
    }
    fn solve(&mut self) {
        Solver::<L>::solve(&mut self.inner);
    }
    fn mate(&self, v: usize) -> Option<usize> {
        Solver::<L>::mate(&self.inner, v)
    }
    fn suggest(&mut self, pairs: &[(usize, usize)]) {
        Solver::<L>::suggest(&mut self.inner, pairs);
    }
    fn edge_slack(&self, u: usize, v: usize) -> Option<Wide<L>> {
        Solver::<L>::edge_slack(&self.inner, u, v)
    }
    fn vertices(&self) -> usize {
        Solver::<L>::vertices(&self.inner)
    }
    fn memory_bound(vertices: usize) -> u64 {
        <<BlossomFactory as SolverFactory>::Solver<L> as Solver<L>>::memory_bound(vertices)
    }
}

#[derive(Debug, Clone, Default)]
struct Counting(Arc<Counters>);

impl SolverFactory for Counting {
    type Solver<const L: usize> = Counted<L>;
    fn create<const L: usize>(&self, vertices: usize) -> Counted<L> {
        Counted::new(BlossomFactory.create::<L>(vertices), self.0.clone())
    }
}

/// `n` players (even), `rounds` rounds in which player `2i + 1` (A side) meets player
/// `2((i + r) mod n/2) + 2` (B side), colours alternating, so there is no rematch and nobody
/// has an absolute colour preference. Every game is drawn, except that each of the first
/// `winners` A players beats two B players: scoregroups of `winners` (one point up), of
/// `2 × winners` (half a point down) and everybody else.
fn rotation(n: u32, rounds: u32, winners: u32) -> Tournament {
    let m = n / 2;
    assert!(n.is_multiple_of(2) && m > rounds && 2 * winners < rounds);
    let mut players: Vec<Player> = (1..=n)
        .map(|i| Player {
            id: PlayerId(i),
            name: format!("Player {i}"),
            rating: Some(2800 - (i / 4) as u16),
            ..Player::default()
        })
        .collect();
    for r in 1..=rounds {
        for i in 0..m {
            let (a, b) = (2 * i + 1, 2 * ((i + r) % m) + 2);
            let (ca, cb) = if r % 2 == 1 {
                (Color::White, Color::Black)
            } else {
                (Color::Black, Color::White)
            };
            let a_wins = i < winners && (r == 2 * i + 1 || r == 2 * i + 2);
            let (ra, rb) = if a_wins {
                (GameResult::Win, GameResult::Loss)
            } else {
                (GameResult::Draw, GameResult::Draw)
            };
            let game = |opponent, color, result| Entry::Played {
                opponent: PlayerId(opponent),
                color,
                result,
                rated: true,
            };
            players[a as usize - 1].rounds.push(game(b, ca, ra));
            players[b as usize - 1].rounds.push(game(a, cb, rb));
        }
    }
    Tournament {
        header: Header {
            rounds: Some(rounds + 2),
            initial_color: Some(Color::White),
            ..Header::default()
        },
        players,
        ..Tournament::default()
    }
}

/// Before the fix, a window's new graph was allocated while the old one was still alive: with
/// two consecutive windows of nearly every player (a three-player top group, then everybody
/// else, then a small group below) the pairing held two full matrices at once (measured on a
/// 9,400-player round: 10.6 GB, with a single matrix of 4.2 GB under the 4 GB check).
#[test]
fn a_window_frees_the_old_graph_before_allocating_the_new_one() {
    let t = rotation(400, 12, 3);
    let round = 13;
    let options = DutchOptions::default();
    assert_eq!(
        dutch::method(&t, round, &options, Variant::default()).unwrap(),
        dutch::Method::Windows
    );
    let counting = Counting::default();
    let counted = dutch::pair_with(&t, round, &options, &counting, Variant::default()).unwrap();
    // The same pairing as the plain engine's.
    assert_eq!(counted, dutch::pair(&t, round, &options).unwrap());
    let c = &counting.0;
    let largest = c.largest.load(Ordering::SeqCst);
    // Both windows hold nearly everybody.
    assert!(largest >= 390, "largest graph {largest}");
    let one = c.largest_bytes.load(Ordering::SeqCst);
    let peak = c.peak.load(Ordering::SeqCst);
    assert!(
        peak <= one + one / 50,
        "two graphs were alive at once: {peak} bytes of matrices, the largest alone {one}"
    );
    assert_eq!(c.live.load(Ordering::SeqCst), 0);
}

/// 11,000 players who drew every game form one scoregroup, so the first window holds all of
/// them: with the matching's lists the round could need about 6 GB, and it is refused with
/// `BeyondLimits` before any graph is allocated. (8,000 such players were refused the same way
/// while the bracket's tables held whole weights; they now fit.)
#[test]
fn a_round_that_could_pass_the_limit_is_refused_before_allocating() {
    let t = rotation(11000, 3, 0);
    let counting = Counting::default();
    let result = dutch::pair_with(
        &t,
        4,
        &DutchOptions::default(),
        &counting,
        Variant::default(),
    );
    match result {
        Err(PairingError::BeyondLimits(message)) => {
            assert!(message.contains("4096 MB"), "{message}");
        }
        other => panic!("expected BeyondLimits, got {other:?}"),
    }
    // Nothing but the empty graph a window solver starts with was allocated.
    assert_eq!(counting.0.largest.load(Ordering::SeqCst), 0);
}

type Blossom<const L: usize> = <BlossomFactory as SolverFactory>::Solver<L>;

/// The estimate counts what the old check left out: the bracket's base weights, the freeze's
/// proposal or a window's carried weights, the matching's own lists, and the copies
/// `--explain` makes. The bracket's tables grow with the pairs by 2 bytes (base weights kept as
/// 4-byte indices in half a square) and otherwise with the members, or with the pairs among the
/// weights a window carries (its moved-down players, or every member when it falls back to the
/// whole graph).
#[test]
fn the_estimate_counts_every_large_allocation() {
    let w = std::mem::size_of::<Wide<6>>() as u64;
    // The window of the 9,400-player round: 9,394 players, 6 limbs. Its matrix alone is under
    // the old 4 GB check.
    let (n, k) = (9400usize, 9394u64);
    let matrix = k * k * w;
    assert!(matrix < 4 << 30);
    // Falling back to the whole graph carries every pair of the window.
    assert!(bracket_table_bytes::<6>(k as usize, k as usize) >= matrix / 2 + k * k * 2);
    // A window that carries only its moved-down players: half a square of 4-byte indices, and
    // a proposal that grows with the members.
    let tables = bracket_table_bytes::<6>(k as usize, 3);
    assert!(tables >= k * k * 2 && tables < k * k * 4, "{tables}");
    assert!(Blossom::<6>::memory_bound(k as usize) > matrix);
    let limit = MemoryLimit::for_round(n, 98, false);
    let need = limit
        .check::<6, Blossom<6>>(k as usize, k as usize, k as usize)
        .unwrap_err();
    assert!(need > matrix * 3 / 2, "{need}");
    // A 1,000-player bracket is far inside.
    let small = MemoryLimit::for_round(1000, 6, false);
    let need = small.check::<4, Blossom<4>>(1000, 1000, 0).unwrap();
    assert!(need < 100 << 20, "{need}");
    // --explain holds three graphs.
    let explain = MemoryLimit::for_round(1000, 6, true);
    let with_copies = explain.check::<4, Blossom<4>>(1000, 1000, 0).unwrap();
    assert!(with_copies > 2 * Blossom::<4>::memory_bound(1000) + need / 2);
    // The largest single window the limit lets through, 6 limbs, every player in the bracket:
    // 8,250 players (6,190 while the bracket's tables held whole weights and the proposal
    // grew with the square of the bracket).
    let largest = (1..=9999usize)
        .rev()
        .find(|&s| {
            MemoryLimit::for_round(9999, 98, false)
                .check::<6, Blossom<6>>(s, s, 0)
                .is_ok()
        })
        .unwrap();
    assert!((8000..8500).contains(&largest), "{largest}");
    // Issue 37: a round 2 of 9,999 players with forfeits, a bracket of about 3,500 players
    // paired with the next scoregroup of about 3,000 (6 limbs) was refused at 4,417 MB; the
    // same window now needs under 3 GB.
    let need = MemoryLimit::for_round(9999, 1, false)
        .check::<6, Blossom<6>>(6550, 6550, 1)
        .unwrap();
    assert!(need < 3 << 30, "{need}");
}

/// A window whose tail cannot take the leftovers falls back to the whole graph; that graph is
/// checked too, and refused without being built when it could pass the limit.
#[test]
fn a_fallback_to_the_whole_graph_is_checked() {
    // Players 3..8 are compatible with the window's players 0..3 only, so the tail (3..8)
    // cannot pair among itself and the window must take it in.
    let mut compat = Compatibility::new(8);
    for a in 0..3 {
        for b in 0..8 {
            if a != b {
                compat.allow(a, b);
            }
        }
    }
    let setup = |limit: MemoryLimit| {
        let mut s = Windowed::<1, _>::new(BruteForceFactory, compat.clone(), 8, vec![false; 8])
            .with_limit(limit);
        s.start_window(&[0, 1, 2], 3, true, 0);
        s.set_edge(0, 1, Wide::from_u64((3 << 8) + 5));
        s.solve();
        s
    };
    let ample = setup(MemoryLimit::for_round(8, 3, false));
    assert_eq!(ample.refused(), None);
    assert_eq!(ample.vertices(), 8);
    let tight = setup(MemoryLimit {
        fixed: MAX_PAIRING_BYTES - 100,
        copies: 1,
    });
    assert!(tight.refused().is_some());
    // The window was kept, nothing larger built.
    assert_eq!(tight.vertices(), 3);
}
