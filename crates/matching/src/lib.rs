//! Maximum-weight matching on general graphs with wide integer weights.
//!
//! [`Matcher`] holds a dense weighted graph and computes a matching of maximum total weight with
//! Edmonds' blossom algorithm (primal-dual, `O(n^3)`). It does not force maximum cardinality: to
//! prefer larger matchings, put the cardinality term in the highest bits of the weight. Weights are
//! any [`Weight`]: `u32`, `u64`, `u128` or the fixed-width [`Wide`] integers, on which lexicographic
//! criteria are easy to lay out as bit fields. Results are deterministic.
//!
//! ```
//! use matching::{Matcher, Wide};
//!
//! // A path 0 - 1 - 2 - 3: the middle edge is heavy, but the two outer ones together weigh more.
//! let mut m = Matcher::<Wide<2>>::new(4);
//! m.set_edge(0, 1, Wide::from_u64(5));
//! m.set_edge(1, 2, Wide::from_u64(8));
//! m.set_edge(2, 3, Wide::from_u64(4));
//! m.solve();
//! assert_eq!(m.mates(), vec![Some(1), Some(0), Some(3), Some(2)]);
//!
//! // Re-solving after a change starts from the previous solution.
//! m.set_edge(1, 2, Wide::from_u64(10));
//! m.solve();
//! assert_eq!(m.mate(1), Some(2));
//! assert_eq!(m.mate(0), None);
//! ```
//!
//! # Lexicographic criteria
//! Each criterion gets a bit field, the most important one highest, wide enough that the sum of
//! that field over a whole matching cannot carry into the next one:
//!
//! ```
//! use matching::{Matcher, Weight, Wide};
//!
//! // Top: 1 per edge, so more pairs always win; then a 7-bit score criterion; then a tie-break.
//! let weight = |score: u64, tiebreak: u64| {
//!     Wide::<2>::ZERO.with_field(120, 1, 1).with_field(100, 7, score).with_field(0, 20, tiebreak)
//! };
//! assert!(weight(1, 0) <= Wide::<2>::max_edge_weight());
//! let mut m = Matcher::new(4);
//! m.set_edge(0, 1, weight(50, 0));
//! m.set_edge(2, 3, weight(0, 0));
//! m.set_edge(1, 2, weight(127, 999));
//! m.solve();
//! // Two pairs beat one, whatever the lower fields say.
//! assert_eq!(m.mates(), vec![Some(1), Some(0), Some(3), Some(2)]);
//! ```
//!
//! # Headroom
//! Edge weights must not exceed [`Weight::max_edge_weight`], a quarter of the type's range: the
//! algorithm works with doubled weights and adds two duals, so it needs two spare high bits
//! (`set_edge` panics above it, `try_set_edge` returns an error). Arithmetic overflow panics when
//! debug assertions are on.
//!
//! # Re-solving
//! After a `solve`, changing a few edges and solving again keeps the previous matching and dual
//! solution wherever the changes leave it valid; each vertex that has to be reset costs about one
//! augmenting-path search (`O(n^2)` on a dense graph) rather than a new `O(n^3)` solve. The result
//! has the same weight as a fresh solve (the matching itself may differ among equal-weight ones).
//! A changed edge at a matched vertex is first met with new duals for that vertex and its mate,
//! which keeps the pair when they can make it tight. [`Matcher::suggest`] proposes pairs for the
//! next re-solve (a caller that knows how a change moves the optimum saves the search); the
//! result is optimal whatever is proposed.
//! [`Matcher::check_optimality`] verifies the dual certificate of the current solution, and
//! [`Matcher::stats`] counts the work done.
//!
//! # Candidate graphs
//! [`Matcher::with_candidates`] searches only each vertex's heaviest edges and then checks the
//! dual certificate over the edges left out, taking in any it finds violated and searching
//! again, so a solve still gives the optimum of the whole graph. It keeps the dense matrix (the
//! certificate reads it); on the Dutch engine's graphs it is slower than the dense search so far
//! (`docs/dutch-engine.md`).
//!
//! # Performance
//! Complete graphs with random weights, `cargo bench -p matching --bench solve` (wall clock, best
//! of three, on 2 cores shared with other builds):
//!
//! | n    | from scratch, `Wide<2>` / `Wide<4>` | re-solve after one vertex's edges change | force a pair |
//! |------|-------------------------------------|------------------------------------------|--------------|
//! | 200  | 0.7-1.3 / 1.0-1.7 ms                | 0.07-0.15 ms                             | 0.05 ms      |
//! | 500  | 11-13 / 11-15 ms                    | 0.4-1.0 ms                               | 0.4-0.5 ms   |
//! | 1000 | 23-39 / 49-56 ms                    | 1.6-3.1 ms                               | 1.5-2.4 ms   |
//!
//! The scans are bound by memory bandwidth on the `n * n` weight matrix (16 MB for `Wide<2>` at
//! n = 1000), so narrower weights are faster.

#![forbid(unsafe_code)]

mod matcher;
mod weight;
mod wide;

pub use matcher::{EdgeError, Matcher, SolveStats};
pub use weight::Weight;
pub use wide::Wide;
