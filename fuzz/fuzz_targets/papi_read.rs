//! Any bytes into the Papi reader (and the Jet reader under it): it must never panic; a file it
//! accepts and converts must be written back as Papi and read again as the same tournament.
//! Seed it with the real files of `crates/tournament/tests/data/papi/`.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tournament::papi;

fuzz_target!(|data: &[u8]| {
    let Ok(file) = papi::read(data) else { return };
    let Ok(converted) = file.to_tournament() else { return };
    let Ok(made) = papi::PapiFile::from_tournament(&converted.tournament) else { return };
    let bytes = papi::write(&made.file).expect("a tournament from a Papi file writes back");
    let again = papi::read(&bytes).expect("our file reads").to_tournament().expect("and converts");
    assert_eq!(again.tournament, converted.tournament);
});
