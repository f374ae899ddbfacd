//! Any text as `bridge contract-score` reads it: a bid, a declarer and a result. The parsers
//! must never panic, a refused bid must point inside the text, an accepted bid must print and
//! read back as itself, and a result they accept must be a possible trick count with a score
//! for every vulnerability.
#![no_main]

use bridge::contract::parse_result;
use bridge::{Bid, Played, Seat, Vulnerability};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let words: Vec<&str> = text.split_whitespace().collect();
    let _ = text.parse::<Vulnerability>();
    let Some(first) = words.first() else {
        return;
    };
    let bid = match first.parse::<Bid>() {
        Ok(b) => b,
        Err(e) => {
            assert!(
                e.offset <= first.trim().chars().count(),
                "offset {} beyond {first:?}",
                e.offset
            );
            return;
        }
    };
    assert_eq!(
        bid.to_string().parse::<Bid>(),
        Ok(bid),
        "{bid} does not read back"
    );
    let Bid::Contract(c) = bid else {
        return;
    };
    let (Some(seat), Some(result)) = (words.get(1), words.get(2)) else {
        return;
    };
    let Ok(declarer) = seat.parse::<Seat>() else {
        return;
    };
    if let Ok(tricks) = parse_result(c, result) {
        let played = Played::new(c, declarer, tricks)
            .unwrap_or_else(|| panic!("{result:?} accepted as {tricks} tricks"));
        for vul in ["none", "ns", "ew", "all"] {
            let vul: Vulnerability = vul.parse().expect("a vulnerability");
            // 7NTXX vulnerable making 13 is 2980; down 13 redoubled vulnerable is -7600.
            assert!(played.score_ns(vul).abs() <= 7600);
        }
    }
});
