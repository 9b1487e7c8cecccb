//! A Portia record or catalogue (JSON), with its clue texts parsed, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = satpuz::puzzles::portia::Record::parse_many(text, "fuzz");
    }
});
