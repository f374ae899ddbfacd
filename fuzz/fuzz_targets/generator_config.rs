//! Any text as a generator configuration (`arbiter generate CONFIG`, `--dutch -g CONFIG`):
//! the properties reader must never panic, a refusal must say where (line and column from 1),
//! and a small tournament it accepts must be generated and paired by the Dutch engine without
//! a panic (an error is a result too).
#![no_main]

use libfuzzer_sys::fuzz_target;
use pairing::dutch::{self, DutchOptions};
use pairing::generator::{generate, Settings};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let settings = match Settings::from_properties(&text) {
        Ok(s) => s,
        Err(e) => {
            assert!(
                e.line >= 1 && e.column >= 1,
                "error without a position: {e:?}"
            );
            return;
        }
    };
    // Only small tournaments: missing sizes are drawn at random up to the limits, which
    // would take the fuzzer's time on pairing rather than on the reader.
    let small = matches!(settings.players, Some(1..=16)) && matches!(settings.rounds, Some(0..=5));
    if small {
        let options = DutchOptions::default();
        let _ = generate(&settings, u64::from(data.len() as u32), |state, round| {
            dutch::pair(state, round, &options)
        });
    }
});
