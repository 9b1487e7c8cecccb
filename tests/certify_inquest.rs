//! `satpuz inquest --certify DIR` and `satpuz check-case DIR`: dealt cases (short and long)
//! certify and check; minisat finds the certificate's formula UNSAT on its own; every kind of
//! tampering (a witness, a statement, the answer, the formula, the proof) is caught.

mod common;

use std::path::{Path, PathBuf};

use common::{path_str, run_minisat, satpuz, scratch_dir};
use serde_json::Value;

fn certify(dir: &Path, name: &str, args: &[&str]) -> PathBuf {
    let cert = dir.join(name);
    let mut all = vec!["inquest"];
    all.extend(args);
    all.extend(["--certify", path_str(&cert)]);
    let out = satpuz(&all);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(out.stderr.contains("certificate written to"), "{out:?}");
    cert
}

fn check(cert: &Path) -> common::Run {
    satpuz(&["check-case", path_str(cert)])
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn write_json(path: &Path, value: &Value) {
    std::fs::write(path, serde_json::to_string_pretty(value).unwrap()).unwrap();
}

/// A copy of the certificate directory to tamper with.
fn copy(cert: &Path, to: &Path) -> PathBuf {
    std::fs::create_dir_all(to).unwrap();
    for f in ["case.json", "certificate.json", "refuted.cnf", "proof.drat"] {
        std::fs::copy(cert.join(f), to.join(f)).unwrap();
    }
    to.to_path_buf()
}

#[test]
fn dealt_cases_certify_and_check_and_minisat_agrees_on_uniqueness() {
    let dir = scratch_dir("inquest-certify");
    let mut runs: Vec<Vec<String>> = (10..22)
        .map(|d| vec!["--date".into(), format!("2025-03-{d}")])
        .collect();
    for seed in [1, 2, 3] {
        runs.push(vec![
            "--seed".into(),
            seed.to_string(),
            "--length".into(),
            "long".into(),
        ]);
    }
    for (i, args) in runs.iter().enumerate() {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let cert = certify(&dir, &format!("c{i}"), &args);
        let out = check(&cert);
        assert_eq!(out.code, 0, "{args:?}: {out:?}");
        assert!(out.stdout.starts_with("s VERIFIED"), "{out:?}");
        // One witness per statement of the case file.
        let case = read_json(&cert.join("case.json"));
        let certificate = read_json(&cert.join("certificate.json"));
        let statements = case["clues"].as_array().unwrap().len();
        assert_eq!(
            certificate["witnesses"].as_array().unwrap().len(),
            statements
        );
        // An independent solver finds the refuted formula UNSAT.
        let (code, _) = run_minisat(&cert.join("refuted.cnf"), &dir.join(format!("m{i}.txt")));
        assert_eq!(
            code, 20,
            "{args:?}: minisat says the blocked formula is satisfiable"
        );
        // And the case file on its own solves as a grid puzzle with one answer.
        let solved = satpuz(&["solve", path_str(&cert.join("case.json")), "--json"]);
        assert_eq!(solved.code, 0, "{solved:?}");
    }
}

#[test]
fn tampered_case_certificates_are_not_verified() {
    let dir = scratch_dir("inquest-tamper");
    let cert = certify(&dir, "long", &["--seed", "7", "--length", "long"]);
    assert_eq!(check(&cert).code, 0);
    let certificate = read_json(&cert.join("certificate.json"));
    let expect_not_verified = |name: &str, change: &dyn Fn(&Path), says: &str| {
        let t = copy(&cert, &dir.join(name));
        change(&t);
        let out = check(&t);
        assert_eq!(out.code, 5, "{name}: {out:?}");
        assert!(out.stdout.contains("s NOT VERIFIED"), "{name}: {out:?}");
        assert!(out.stdout.contains(says), "{name}: {out:?}");
    };
    // A witness replaced by the answer.
    expect_not_verified(
        "witness-is-answer",
        &|t| {
            let mut c = certificate.clone();
            c["witnesses"][0]["table"] = c["answer"].clone();
            write_json(&t.join("certificate.json"), &c);
        },
        "is the answer itself",
    );
    // A witness dropped.
    expect_not_verified(
        "missing-witness",
        &|t| {
            let mut c = certificate.clone();
            c["witnesses"].as_array_mut().unwrap().remove(3);
            write_json(&t.join("certificate.json"), &c);
        },
        "statement 4 has no witness",
    );
    // The answer replaced by a witness (which breaks that witness's statement).
    expect_not_verified(
        "answer-is-witness",
        &|t| {
            let mut c = certificate.clone();
            c["answer"] = c["witnesses"][2]["table"].clone();
            write_json(&t.join("certificate.json"), &c);
        },
        "the answer breaks statement 3",
    );
    // Two values of one category swapped in a witness: no longer one value per room, or a
    // broken statement.
    expect_not_verified(
        "bad-table",
        &|t| {
            let mut c = certificate.clone();
            c["witnesses"][1]["table"][0][0] = c["witnesses"][1]["table"][1][0].clone();
            write_json(&t.join("certificate.json"), &c);
        },
        "in two rooms",
    );
    // A statement dropped from the case file: its witness names a statement not in the case.
    expect_not_verified(
        "statement-dropped",
        &|t| {
            let mut case = read_json(&t.join("case.json"));
            case["clues"].as_array_mut().unwrap().pop();
            write_json(&t.join("case.json"), &case);
        },
        "the case has",
    );
    // The formula without its blocking clause.
    expect_not_verified(
        "formula",
        &|t| {
            let text = std::fs::read_to_string(t.join("refuted.cnf")).unwrap();
            let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
            lines.pop();
            // The header says one clause fewer, so the file itself is well-formed.
            let header = lines.iter_mut().find(|l| l.starts_with("p cnf")).unwrap();
            let parts: Vec<u64> = header[6..]
                .split_whitespace()
                .map(|n| n.parse().unwrap())
                .collect();
            *header = format!("p cnf {} {}", parts[0], parts[1] - 1);
            std::fs::write(t.join("refuted.cnf"), lines.join("\n") + "\n").unwrap();
        },
        "refuted.cnf is not the case's formula",
    );
    // A proof with only the empty clause (a long case is not refuted by unit propagation).
    expect_not_verified(
        "proof",
        &|t| std::fs::write(t.join("proof.drat"), "0\n").unwrap(),
        "the uniqueness proof does not check",
    );
    // Existing certificate files are not overwritten without --force.
    let again = satpuz(&[
        "inquest",
        "--seed",
        "7",
        "--length",
        "long",
        "--certify",
        path_str(&cert),
    ]);
    assert_eq!(again.code, 1, "{again:?}");
    assert!(again.stderr.contains("--force"), "{again:?}");
}
