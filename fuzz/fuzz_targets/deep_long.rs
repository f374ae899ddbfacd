//! Deep and long inputs for every reader: the fuzz data is a small unit that is nested (XML
//! elements, PBN brackets and braces) or repeated on one line (TRF, PBN, CSV, USEBIO) up to
//! a megabyte. Every reader must refuse or accept such a text without a panic or a stack
//! overflow, and in time linear enough to stay under libFuzzer's `-timeout`.
#![no_main]

use libfuzzer_sys::fuzz_target;

/// Largest text built, in bytes: a 150,000-deep USEBIO file is about 1 MB.
const MAX: usize = 1 << 20;

fn repeat_to(unit: &[u8], size: usize) -> Vec<u8> {
    let unit = if unit.is_empty() {
        b"x".as_slice()
    } else {
        unit
    };
    unit.iter().copied().cycle().take(size).collect()
}

fuzz_target!(|data: &[u8]| {
    let [shape, a, b, unit @ ..] = data else {
        return;
    };
    // Up to MAX bytes or levels; the high byte alone reaches the large sizes quickly.
    let amount = ((usize::from(*a) << 8 | usize::from(*b)) * 16).min(MAX);
    let unit = &unit[..unit.len().min(64)];
    let text: Vec<u8> = match shape % 8 {
        // Deep USEBIO: nested elements, closed or not.
        0 | 1 => {
            let depth = amount / 8;
            let mut t = b"<?xml version=\"1.0\"?>\n<USEBIO Version=\"3.0\">".to_vec();
            for _ in 0..depth {
                t.extend_from_slice(b"<EVENT>");
            }
            t.extend_from_slice(unit);
            if shape % 8 == 0 {
                for _ in 0..depth {
                    t.extend_from_slice(b"</EVENT>");
                }
            }
            t.extend_from_slice(b"</USEBIO>\n");
            t
        }
        // USEBIO on one line: one element repeated.
        2 => {
            let mut t = b"<USEBIO Version=\"3.0\"><EVENT><BOARD>".to_vec();
            let mut element = b"<TRAVELLER_LINE>".to_vec();
            element.extend_from_slice(unit);
            element.extend_from_slice(b"</TRAVELLER_LINE>");
            t.extend(repeat_to(&element, amount));
            t.extend_from_slice(b"</BOARD></EVENT></USEBIO>");
            t
        }
        // A PBN tag value, or a score table row, on one line.
        3 => {
            let mut t = b"[Event \"".to_vec();
            t.extend(repeat_to(unit, amount));
            t.extend_from_slice(b"\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n");
            t
        }
        4 => {
            let mut t = b"[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
[ScoreTable \"PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R\"]\n"
                .to_vec();
            t.extend(repeat_to(unit, amount));
            t.push(b'\n');
            t
        }
        // Deep brackets and braces, as a PBN reader might nest them.
        5 => {
            let half = amount / 2;
            let mut t = repeat_to(if unit.is_empty() { b"{[" } else { unit }, half);
            t.extend(repeat_to(b"}]", half));
            t
        }
        // A TRF record on one line.
        6 => {
            let mut t = b"012 ".to_vec();
            t.extend(repeat_to(unit, amount));
            t.extend_from_slice(
                b"\nXXR 5\n001    1 m    A, B                              2000 NOR\n",
            );
            t
        }
        // A CSV row on one line.
        _ => {
            let mut t = b"board,round,table,ns,ew,contract,declarer,lead,result,score\n".to_vec();
            t.extend(repeat_to(unit, amount));
            t.push(b'\n');
            t
        }
    };
    let text = String::from_utf8_lossy(&text);
    let _ = bridge::usebio::read(&text, "deep.xml");
    let _ = bridge::pbn::read(&text, "long.pbn");
    let _ = bridge::csv::read(&text, "long.csv");
    let _ = tournament::trf::read(&text);
});
