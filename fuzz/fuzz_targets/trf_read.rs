//! Any bytes into the TRF reader: it must never panic, and whatever it accepts must round-trip
//! through both canonical layouts.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tournament::trf::{self, Format};

fuzz_target!(|data: &[u8]| {
    let text = match std::str::from_utf8(data) {
        Ok(s) => s.to_string(),
        Err(_) => trf::decode_latin1(data),
    };
    let _ = trf::read_unchecked(&text);
    if let Ok(t) = trf::read(&text) {
        for format in [Format::Trf16, Format::Trf26] {
            let written = trf::write(&t, format);
            let back = trf::read(&written).unwrap_or_else(|e| {
                panic!("{format:?} output does not read back:\n{e}\n{written}")
            });
            assert_eq!(
                back, t,
                "{format:?} output reads back different:\n{written}"
            );
            assert_eq!(
                trf::write(&back, format),
                written,
                "{format:?} output is not canonical"
            );
        }
    }
});
