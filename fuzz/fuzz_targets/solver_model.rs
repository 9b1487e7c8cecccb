//! The reader of an external solver's model (minisat's result file, competition `s`/`v` lines).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = satpuz::cnf::dimacs::parse_model(text);
    }
});
