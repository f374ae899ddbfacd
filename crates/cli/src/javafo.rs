//! What the engine interface keeps of JaVaFo's conventions beyond bbpPairings' (JaVaFo's
//! Advanced User Manual): the initial colour drawn from the file when none is given, and the
//! checker's report of one round (`-c ROUND`).
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

/// The part of `text` for round `round`: from its header line `{prefix}Round #{round}` to the
/// next `{prefix}Round #` header. `None` when there is no such round.
pub fn round_section<'a>(text: &'a str, prefix: &str, round: u32) -> Option<&'a str> {
    let header = format!("{prefix}Round #{round}\n");
    let at_line_start = |i: usize| i == 0 || text.as_bytes()[i - 1] == b'\n';
    let start = text
        .match_indices(&header)
        .map(|(i, _)| i)
        .find(|&i| at_line_start(i))?;
    let next = format!("{prefix}Round #");
    let body = start + header.len();
    let end = text[body..]
        .match_indices(&next)
        .map(|(i, _)| body + i)
        .find(|&i| at_line_start(i))
        .unwrap_or(text.len());
    Some(&text[start..end])
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

    #[test]
    fn round_sections_end_at_the_next_header() {
        let report = "t: Round #1\nt: Round #2\n  table\n\nt: Round #3\nt: Round #12\n";
        assert_eq!(round_section(report, "t: ", 1), Some("t: Round #1\n"));
        assert_eq!(
            round_section(report, "t: ", 2),
            Some("t: Round #2\n  table\n\n")
        );
        assert_eq!(round_section(report, "t: ", 12), Some("t: Round #12\n"));
        assert_eq!(round_section(report, "t: ", 4), None);
        let list = "Round #1\nID\tPts\n\nRound #2\nID\n";
        assert_eq!(round_section(list, "", 2), Some("Round #2\nID\n"));
    }
}
