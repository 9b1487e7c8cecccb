//! `satpuz prove` / `check-drat`: certificates are written, verify, and tampering is caught.

mod common;

use common::{satpuz, scratch_dir};

#[test]
fn jindosh_uniqueness_certificate_verifies_and_tampering_fails() {
    let dir = scratch_dir("jindosh");
    let (cnf, drat) = (dir.join("blocked.cnf"), dir.join("proof.drat"));
    let out = satpuz(&[
        "prove",
        "jindosh",
        "--encoding",
        "bits",
        "--dimacs",
        cnf.to_str().unwrap(),
        "--drat",
        drat.to_str().unwrap(),
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("the answer is unique: certified"));

    let check = satpuz(&["check-drat", cnf.to_str().unwrap(), drat.to_str().unwrap()]);
    assert_eq!(check.code, 0);
    assert!(check.stdout.starts_with("s VERIFIED"));

    // Keep only the final empty clause: no longer a valid derivation (the bits encoding is not
    // refuted by unit propagation alone).
    let tampered = dir.join("tampered.drat");
    std::fs::write(&tampered, "0\n").unwrap();
    let bad = satpuz(&[
        "check-drat",
        cnf.to_str().unwrap(),
        tampered.to_str().unwrap(),
    ]);
    assert_eq!(bad.code, 5, "NOT VERIFIED has its own exit code");
    assert!(bad.stdout.contains("NOT VERIFIED"));

    // Existing outputs are not overwritten without --force.
    let again = satpuz(&["prove", "jindosh", "--drat", drat.to_str().unwrap()]);
    assert_eq!(again.code, 1);
    assert!(again.stderr.contains("--force"));
}

#[test]
fn unsat_cnf_is_certified_and_sat_cnf_is_not() {
    let dir = scratch_dir("cnf");
    let unsat = dir.join("unsat.cnf");
    std::fs::write(&unsat, "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n").unwrap();
    let out = satpuz(&["prove", unsat.to_str().unwrap()]);
    assert_eq!(out.code, 0);
    assert!(out.stdout.contains("unsatisfiable: certified"));

    let sat = dir.join("sat.cnf");
    std::fs::write(&sat, "p cnf 2 1\n1 2 0\n").unwrap();
    let out = satpuz(&["prove", sat.to_str().unwrap()]);
    assert_eq!(out.code, 10, "SATISFIABLE, as `solve` says");
}

/// `--proof FILE` (or `--drat FILE`) without `-o` wrote nothing and still said "certified":
/// the proof's planned file went to the absent `-o`. Each proof is written and verifies
/// against the formula it refutes (written by a second run with `-o` alone).
#[test]
fn a_proof_is_written_without_an_output_formula() {
    let dir = scratch_dir("proof-alone");
    let formula = dir.join("refuted.cnf");
    let out = satpuz(&["prove", "jindosh", "-o", formula.to_str().unwrap()]);
    assert_eq!(out.code, 0, "{out:?}");
    for flag in ["--proof", "--drat"] {
        let proof = dir.join(format!("jindosh{flag}.drat"));
        let out = satpuz(&["prove", "jindosh", flag, proof.to_str().unwrap()]);
        assert_eq!(out.code, 0, "{out:?}");
        assert!(proof.exists(), "{flag}: no proof written\n{out:?}");
        let check = satpuz(&[
            "check-drat",
            formula.to_str().unwrap(),
            proof.to_str().unwrap(),
        ]);
        assert!(check.stdout.starts_with("s VERIFIED"), "{flag}: {check:?}");
    }

    // A CNF input: the proof refutes the file itself.
    let unsat = dir.join("unsat.cnf");
    std::fs::write(&unsat, "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n").unwrap();
    let proof = dir.join("unsat.drat");
    let out = satpuz(&[
        "prove",
        unsat.to_str().unwrap(),
        "--proof",
        proof.to_str().unwrap(),
    ]);
    assert_eq!(out.code, 0, "{out:?}");
    let check = satpuz(&[
        "check-drat",
        unsat.to_str().unwrap(),
        proof.to_str().unwrap(),
    ]);
    assert!(check.stdout.starts_with("s VERIFIED"), "{check:?}");
}
