//! The pairing-allocated bye, chosen before any bracket is paired (Burstein Art. 3.1).
//!
//! The PAB goes to the player who, in order: may receive it ([C2], C.04.1 Art. 4: no earlier
//! PAB, no round scored a win's worth without playing) (3.1.1); leaves a legal pairing of all
//! the others ([C4]) (3.1.2); has the lowest score (3.1.3); has played the most games (3.1.4);
//! ranks lowest by the Index order of 1.8 (lowest Index, then the largest TPN) (3.1.5).
//!
//! One matching decides: the players plus a "bye" vertex, every allowed pair worth more than
//! anything the bye edges can add (so the matching is complete whenever possible), and each
//! eligible player's bye edge worth more the earlier he comes in the order of 3.1.3–3.1.5.
//!
//! ```
//! use pairing::burstein::bye::choose_bye;
//! use pairing::swiss::compat::Compatibility;
//!
//! // Three players; 0 and 2 may not meet, so the bye cannot go to 1 (0 and 2 would be left).
//! // The order of 3.1.3–3.1.5 prefers 2, then 1, then 0.
//! let mut c = Compatibility::new(3);
//! c.allow(0, 1);
//! c.allow(1, 2);
//! assert_eq!(choose_bye(&c, &[2, 1, 0]), Some(2));
//! // If 2 may not have it, 0 gets it (1 would leave 0 and 2 unpaired).
//! assert_eq!(choose_bye(&c, &[1, 0]), Some(0));
//! ```

use matching::Matcher;

use crate::swiss::compat::Compatibility;

/// The receiver among `preference` (the eligible players, best first) that leaves the others
/// a complete pairing; `None` when none does. Players are `0..compat`'s size.
pub fn choose_bye(compat: &Compatibility, preference: &[usize]) -> Option<usize> {
    let n = compat.len();
    let bye = n;
    let mut m = Matcher::<u64>::new(n + 1);
    // A pair outweighs every difference of the bye edges.
    let pair = n as u64 + 2;
    for a in 0..n {
        for b in a + 1..n {
            if compat.allowed(a, b) {
                m.set_edge(a, b, pair);
            }
        }
    }
    for (rank, &p) in preference.iter().enumerate() {
        m.set_edge(p, bye, pair + (preference.len() - rank) as u64);
    }
    m.solve();
    if (0..=n).any(|v| m.mate(v).is_none()) {
        return None;
    }
    m.mate(bye)
}
