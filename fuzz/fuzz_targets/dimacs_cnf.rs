//! The DIMACS reader on arbitrary bytes: an error or a formula, never a panic, and memory
//! bounded by the input (libFuzzer's -rss_limit_mb catches an allocation from a header); a
//! formula with sparse ids renumbered densely and given back is the same formula.
#![no_main]

use libfuzzer_sys::fuzz_target;
use satpuz::cnf::Cnf;
use satpuz::cnf::renumber::Renumbering;

fuzz_target!(|data: &[u8]| {
    let lenient = data.first().is_some_and(|b| b & 1 == 1);
    if let Ok(parsed) = satpuz::cnf::dimacs::parse_cnf(data, lenient) {
        // What was read must write back out and read again to the same clauses.
        let mut out = Vec::new();
        satpuz::cnf::dimacs::write_cnf(&parsed.cnf, &[], &mut out).expect("write to memory");
        let again = satpuz::cnf::dimacs::parse_cnf(&out, false).expect("our own output reads");
        assert_eq!(again.cnf.num_clauses(), parsed.cnf.num_clauses());
        // Renumbered for a solver and given back: the same formula.
        let mut dense = parsed.cnf.clone();
        if let Some(mut renumbering) = Renumbering::compact_sparse(&mut dense) {
            assert_eq!(dense.num_vars(), parsed.cnf.num_vars());
            let mentioned = renumbering.mentioned();
            assert!(dense.clauses.iter().flatten().all(|l| l.var().idx32() < mentioned));
            let back = renumbering.restore(&dense).expect("every dense variable has a name");
            let clauses = |cnf: &Cnf| cnf.clauses.iter().map(<[_]>::to_vec).collect::<Vec<_>>();
            assert_eq!(clauses(&back), clauses(&parsed.cnf));
            assert_eq!(back.primary, parsed.cnf.primary);
            assert_eq!(back.num_vars(), parsed.cnf.num_vars());
        }
    }
});
