//! Any text as a tie-break list (`standings -t`, the 212/202 records) and as a rule edition
//! (`--rules`): the parsers must never panic, and a list they accept must print (each
//! tie-break's `Display`, comma-separated) and read back as the same list.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tiebreak::{parse_list, Edition};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = text.parse::<Edition>();
    if let Ok(list) = parse_list(&text) {
        let printed: Vec<String> = list.iter().map(ToString::to_string).collect();
        let printed = printed.join(",");
        match parse_list(&printed) {
            Ok(back) => assert_eq!(back, list, "{text:?} printed as {printed:?}"),
            Err(e) => panic!("{text:?} printed as {printed:?}, which does not read back: {e}"),
        }
    }
});
