//! The DRAT checker: a DIMACS formula and a text proof, split at the first NUL byte; the proof
//! renamed by `rename_drat` checks as the proof does.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let (formula, proof) = (&data[..split], data.get(split + 1..).unwrap_or(&[]));
    let Ok(parsed) = satpuz::cnf::dimacs::parse_cnf(formula, true) else {
        return;
    };
    let Ok(proof) = std::str::from_utf8(proof) else {
        return;
    };
    let clauses: Vec<Vec<_>> = parsed.cnf.clauses.iter().map(<[_]>::to_vec).collect();
    let verdict = satpuz::solve::proof::check_drat(&clauses, proof);
    // The proof renamed (here: every variable to itself) checks as the proof does.
    if let Ok(renamed) = satpuz::solve::proof::rename_drat(proof.as_bytes(), Some) {
        let again = satpuz::solve::proof::check_drat(&clauses, &renamed);
        assert_eq!(again.is_ok(), verdict.is_ok(), "{verdict:?} / {again:?}");
    }
});
