//! The DIMACS reader on arbitrary bytes: an error or a formula, never a panic, and memory
//! bounded by the input (libFuzzer's -rss_limit_mb catches an allocation from a header).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let lenient = data.first().is_some_and(|b| b & 1 == 1);
    if let Ok(parsed) = satpuz::cnf::dimacs::parse_cnf(data, lenient) {
        // What was read must write back out and read again to the same clauses.
        let mut out = Vec::new();
        satpuz::cnf::dimacs::write_cnf(&parsed.cnf, &[], &mut out).expect("write to memory");
        let again = satpuz::cnf::dimacs::parse_cnf(&out, false).expect("our own output reads");
        assert_eq!(again.cnf.num_clauses(), parsed.cnf.num_clauses());
    }
});
