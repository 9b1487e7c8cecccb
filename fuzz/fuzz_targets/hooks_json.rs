//! A Hooks puzzle file: parsed and validated, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = satpuz::puzzles::hooks::HooksPuzzle::from_json(text);
    }
});
