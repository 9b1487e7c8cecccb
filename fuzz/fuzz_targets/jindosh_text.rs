//! The Jindosh Riddle text reader on any text, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = satpuz::puzzles::jindosh_text::parse(text);
    }
});
