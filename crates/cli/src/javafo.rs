//! What the engine interface keeps of JaVaFo's conventions beyond bbpPairings' (JaVaFo's
//! Advanced User Manual): the initial colour drawn from the file when none is given.
use tournament::{Color, Tournament};

/// True when the file neither gives the initial colour (`XXC white1|black1`, `152`) nor lets it
/// be inferred, because no round before `round` has a colour: what JaVaFo then draws from the
/// file and bbpPairings refuses.
pub fn initial_colour_is_missing(t: &Tournament, round: u32) -> bool {
    let before = round.saturating_sub(1) as usize;
    t.header.initial_color.is_none()
        && !t
            .players
            .iter()
            .any(|p| p.rounds.iter().take(before).any(|e| e.color().is_some()))
}

/// The initial colour drawn from the file's text, as JaVaFo draws it when the file gives none
/// ("a semi-random choice based on a hash of the TRF(x) data"): the same file always gets the
/// same colour. Our hash is not JaVaFo's (which is not published), so the colour can differ
/// from JaVaFo's for the same file. FIDE C.04.3 leaves the round-1 colour to a lot.
pub fn initial_colour_by_lot(text: &str) -> Color {
    // FNV-1a over the bytes, then SplitMix64's finaliser so that the low bit depends on all.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^= h >> 31;
    if h & 1 == 0 {
        Color::White
    } else {
        Color::Black
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_drawn_colour_depends_on_the_text_alone() {
        let a = initial_colour_by_lot("012 A\n");
        assert_eq!(a, initial_colour_by_lot("012 A\n"));
        // Over many files both colours come up about as often.
        let whites = (0..1000)
            .filter(|i| initial_colour_by_lot(&format!("012 Event {i}\n")) == Color::White)
            .count();
        assert!((400..=600).contains(&whites), "{whites}");
    }
}
