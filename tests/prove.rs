//! `satpuz prove` / `check-drat`: certificates are written, verify, and tampering is caught.

use std::path::PathBuf;
use std::process::{Command, Output};

fn satpuz(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_satpuz"))
        .args(args)
        .output()
        .expect("run satpuz")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("satpuz-prove-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn jindosh_uniqueness_certificate_verifies_and_tampering_fails() {
    let dir = scratch("jindosh");
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
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("the answer is unique: certified"));

    let check = satpuz(&["check-drat", cnf.to_str().unwrap(), drat.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&check.stdout).starts_with("s VERIFIED"));

    // Keep only the final empty clause: no longer a valid derivation (the bits encoding is not
    // refuted by unit propagation alone).
    let tampered = dir.join("tampered.drat");
    std::fs::write(&tampered, "0\n").unwrap();
    let bad = satpuz(&[
        "check-drat",
        cnf.to_str().unwrap(),
        tampered.to_str().unwrap(),
    ]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stdout).contains("NOT VERIFIED"));

    // Existing outputs are not overwritten without --force.
    let again = satpuz(&["prove", "jindosh", "--drat", drat.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
}

#[test]
fn unsat_cnf_is_certified_and_sat_cnf_is_not() {
    let dir = scratch("cnf");
    let unsat = dir.join("unsat.cnf");
    std::fs::write(&unsat, "p cnf 2 4\n1 2 0\n-1 2 0\n1 -2 0\n-1 -2 0\n").unwrap();
    let out = satpuz(&["prove", unsat.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("unsatisfiable: certified"));

    let sat = dir.join("sat.cnf");
    std::fs::write(&sat, "p cnf 2 1\n1 2 0\n").unwrap();
    let out = satpuz(&["prove", sat.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}
