//! An Inquest sheet (JSON) against a fixed dealt case, then checked and hinted, never a panic.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use satpuz::puzzles::inquest::{Case, Length, Sheet, deal};

fn case() -> &'static Case {
    static CASE: OnceLock<Case> = OnceLock::new();
    CASE.get_or_init(|| deal(20250314, Length::Short).expect("the case deals"))
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(sheet) = Sheet::from_json(case(), text) {
        let _ = satpuz::puzzles::inquest::sheet::check(case(), &sheet);
        let _ = satpuz::puzzles::inquest::sheet::hint(case(), &sheet);
    }
});
