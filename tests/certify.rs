//! Certificates for every family and any solver: `prove` (`-o`/`--proof`), `solve --certify
//! DIR`, binary DRAT from CaDiCaL read by `check-drat`, and tampering caught. Each certificate is
//! re-checked here apart from the command that wrote it: the proof by `check-drat`, the answer's
//! model by evaluating every clause of the formula in this file.

mod common;

use std::path::Path;

use common::{cadical, minisat, path_str, satpuz, scratch_dir};

/// One puzzle of each family (and a grid file), as command-line arguments.
fn one_of_each_family() -> Vec<Vec<&'static str>> {
    vec![
        vec!["jindosh"],
        vec!["encodings/zebra.json"],
        vec!["inquest:2025-03-14"],
        vec!["hooks1"],
        vec!["encodings/portia/68b.json"],
        vec![
            "portia",
            "--statements",
            "1,-1,2",
            "--makers",
            "cellini 3, different 1, bellini 2",
        ],
    ]
}

/// The clauses of a DIMACS file, as signed literals.
fn clauses(path: &Path) -> Vec<Vec<i64>> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    let mut clause = Vec::new();
    for line in text.lines() {
        if line.starts_with('c') || line.starts_with('p') {
            continue;
        }
        for tok in line.split_whitespace() {
            let lit: i64 = tok.parse().unwrap();
            if lit == 0 {
                out.push(std::mem::take(&mut clause));
            } else {
                clause.push(lit);
            }
        }
    }
    out
}

/// The `v` literals of a model file.
fn model(path: &Path) -> Vec<i64> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("v "))
        .flat_map(|l| l.split_whitespace().map(|t| t.parse::<i64>().unwrap()))
        .filter(|&l| l != 0)
        .collect()
}

fn satisfied(clause: &[i64], model: &[i64]) -> bool {
    clause.iter().any(|l| model.contains(l))
}

fn check_drat(cnf: &Path, proof: &Path) -> common::Run {
    satpuz(&["check-drat", path_str(cnf), path_str(proof)])
}

#[test]
fn prove_certifies_every_family_and_check_drat_agrees() {
    let dir = scratch_dir("every-family");
    for (i, puzzle) in one_of_each_family().into_iter().enumerate() {
        let (cnf, proof) = (dir.join(format!("{i}.cnf")), dir.join(format!("{i}.drat")));
        let mut args = vec!["prove"];
        args.extend(&puzzle);
        args.extend(["-o", path_str(&cnf), "--proof", path_str(&proof)]);
        let out = satpuz(&args);
        assert_eq!(out.code, 0, "{puzzle:?}: {out:?}");
        assert!(
            out.stdout.contains("the answer is unique: certified"),
            "{out:?}"
        );
        let check = check_drat(&cnf, &proof);
        assert_eq!(check.code, 0, "{puzzle:?}: {check:?}");
        assert!(check.stdout.starts_with("s VERIFIED"), "{check:?}");
        // The refuted formula without its last clause (the answer's blocking clause) is
        // satisfiable: the same proof must fail on it.
        let mut all = clauses(&cnf);
        all.pop();
        let text = std::fs::read_to_string(&cnf).unwrap();
        let header = text.lines().find(|l| l.starts_with("p cnf")).unwrap();
        let vars: u64 = header.split_whitespace().nth(2).unwrap().parse().unwrap();
        let mut unblocked = format!("p cnf {vars} {}\n", all.len());
        for c in &all {
            let lits: Vec<String> = c.iter().map(i64::to_string).collect();
            unblocked.push_str(&format!("{} 0\n", lits.join(" ")));
        }
        let unblocked_path = dir.join(format!("{i}-unblocked.cnf"));
        std::fs::write(&unblocked_path, unblocked).unwrap();
        let bad = check_drat(&unblocked_path, &proof);
        assert_eq!(
            bad.code, 5,
            "{puzzle:?}: the proof refutes the unblocked formula: {bad:?}"
        );
        assert!(bad.stdout.contains("s NOT VERIFIED"), "{bad:?}");
    }
}

#[test]
fn hooks_with_connectivity_is_certified_through_the_eager_encoding() {
    let out = satpuz(&["prove", "hooks3"]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(out.stdout.contains("--connect eager"), "{out:?}");
    assert!(out.stdout.contains("certified"), "{out:?}");
    // Asked for lazy cuts explicitly, it refuses and says why.
    let lazy = satpuz(&["prove", "hooks3", "--connect", "lazy"]);
    assert_eq!(lazy.code, 1, "{lazy:?}");
    assert!(lazy.stderr.contains("cannot certify"), "{lazy:?}");
}

#[test]
fn solve_certify_writes_a_directory_that_checks_by_proof_and_by_evaluation() {
    let dir = scratch_dir("solve-certify");
    for (i, puzzle) in one_of_each_family().into_iter().enumerate() {
        let cert = dir.join(format!("cert{i}"));
        let mut args = vec!["solve"];
        args.extend(&puzzle);
        args.extend(["--certify", path_str(&cert)]);
        let out = satpuz(&args);
        assert_eq!(out.code, 0, "{puzzle:?}: {out:?}");
        assert!(out.stdout.contains("certificate written to"), "{out:?}");
        let (refuted, proof) = (cert.join("refuted.cnf"), cert.join("proof.drat"));
        let check = check_drat(&refuted, &proof);
        assert_eq!(check.code, 0, "{puzzle:?}: {check:?}");
        // The model satisfies every clause but the blocking clause, which it falsifies.
        let mut all = clauses(&refuted);
        let block = all.pop().unwrap();
        let m = model(&cert.join("answer.txt"));
        assert!(
            all.iter().all(|c| satisfied(c, &m)),
            "{puzzle:?}: not a model"
        );
        assert!(
            !satisfied(&block, &m),
            "{puzzle:?}: the block does not exclude the answer"
        );
        // Written again, the files are refused without --force, and replaced with it.
        let again = satpuz(&args);
        assert_eq!(again.code, 1, "{again:?}");
        assert!(again.stderr.contains("--force"), "{again:?}");
        args.push("--force");
        assert_eq!(satpuz(&args).code, 0);
    }
    // A puzzle with several answers has nothing to certify.
    let dinesman = dir.join("multi.json");
    std::fs::write(
        &dinesman,
        r#"{"name": "two", "positions": {"count": 2}, "categories": [{"name": "who", "values": ["a", "b"]}], "clues": []}"#,
    )
    .unwrap();
    let out = satpuz(&[
        "solve",
        path_str(&dinesman),
        "--certify",
        path_str(&dir.join("none")),
    ]);
    assert_eq!(out.code, 3, "{out:?}");
    assert!(out.stdout.contains("nothing to certify"), "{out:?}");
    // ... and leaves no directory behind: DIR is made only when its files are written.
    assert!(!dir.join("none").exists());
    let under_a_file = satpuz(&[
        "solve",
        "jindosh",
        "--certify",
        path_str(&dinesman.join("x")),
    ]);
    assert_eq!(under_a_file.code, 1, "{under_a_file:?}");
    assert!(
        under_a_file.stderr.contains("is not a directory"),
        "{under_a_file:?}"
    );
}

#[test]
fn cadical_writes_binary_drat_that_satpuz_checks_and_tampering_fails() {
    cadical();
    let dir = scratch_dir("cadical-binary");
    let (cnf, proof) = (dir.join("h.cnf"), dir.join("h.drat"));
    let out = satpuz(&[
        "prove",
        "hooks1",
        "--solver",
        "cadical",
        "--dimacs",
        path_str(&cnf),
        "--drat",
        path_str(&proof),
    ]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout.contains("cadical DRAT refutation (binary)"),
        "{out:?}"
    );
    let check = check_drat(&cnf, &proof);
    assert_eq!(check.code, 0, "{check:?}");
    assert!(check.stdout.contains("(binary DRAT)"), "{check:?}");
    // Only the empty clause: not RUP on Hooks #1 (unit propagation does not refute it).
    let bytes = std::fs::read(&proof).unwrap();
    assert!(
        bytes.len() > 100 && bytes.contains(&0),
        "a binary proof with lemmas"
    );
    let empty_only = dir.join("empty.drat");
    std::fs::write(&empty_only, b"a\0").unwrap();
    let bad = check_drat(&cnf, &empty_only);
    assert_eq!(bad.code, 5, "{bad:?}");
    assert!(bad.stdout.contains("proof byte 0 (binary DRAT)"), "{bad:?}");
    // Cut in the middle of a literal: unterminated, NOT VERIFIED.
    let cut = dir.join("cut.drat");
    let mid = bytes.iter().position(|&b| b >= 0x80).unwrap() + 1;
    std::fs::write(&cut, &bytes[..mid]).unwrap();
    assert_eq!(check_drat(&cnf, &cut).code, 5);
    // A byte that starts no step.
    let junk = dir.join("junk.drat");
    std::fs::write(&junk, b"x\0").unwrap();
    let bad = check_drat(&cnf, &junk);
    assert_eq!(bad.code, 5, "{bad:?}");
    assert!(bad.stdout.contains("where a step"), "{bad:?}");
}

#[test]
fn a_formula_refuted_by_unit_propagation_says_so() {
    let dir = scratch_dir("propagation");
    let cnf = dir.join("u.cnf");
    std::fs::write(&cnf, "p cnf 2 3\n1 0\n-1 2 0\n-2 0\n").unwrap();
    let proof = dir.join("u.drat");
    std::fs::write(&proof, "").unwrap();
    let check = check_drat(&cnf, &proof);
    assert_eq!(check.code, 0, "{check:?}");
    assert!(
        check
            .stdout
            .contains("refuted by unit propagation (0 lemmas needed)"),
        "{check:?}"
    );
    let out = satpuz(&["prove", path_str(&cnf)]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(out.stdout.contains("0 lemmas needed"), "{out:?}");
}

#[test]
fn external_solvers_agree_with_varisat_on_solve_and_count() {
    minisat();
    cadical();
    let puzzles: [&[&str]; 5] = [
        &["jindosh"],
        &["encodings/zebra.json"],
        &["hooks1"],
        &["inquest:2025-03-14"],
        &[
            "portia",
            "--statements",
            "-2,-2,3",
            "--clue",
            "at most 1 true",
        ],
    ];
    for puzzle in puzzles {
        let mut base = vec!["solve", "--json"];
        base.extend(puzzle);
        let reference: serde_json::Value =
            serde_json::from_str(&satpuz(&base).stdout).unwrap_or_default();
        for solver in [
            "minisat",
            "cadical",
            "cmd:\"cadical -q\"",
            "cmd:minisat {in} {out}",
        ] {
            let mut args = base.clone();
            args.extend(["--solver", solver]);
            let out = satpuz(&args);
            let got: serde_json::Value = serde_json::from_str(&out.stdout)
                .unwrap_or_else(|e| panic!("{puzzle:?} {solver}: {e}: {out:?}"));
            assert_eq!(got["answer"], reference["answer"], "{puzzle:?} {solver}");
            assert_eq!(got["unique"], reference["unique"], "{puzzle:?} {solver}");
        }
        let mut count = vec!["count", "--all"];
        count.extend(puzzle);
        let reference = satpuz(&count);
        for solver in ["minisat", "cadical"] {
            let mut args = count.clone();
            args.extend(["--solver", solver]);
            let out = satpuz(&args);
            assert_eq!(out.code, reference.code, "{out:?}");
            let first = |s: &str| s.split(" (").next().unwrap().to_string();
            assert_eq!(
                first(&out.stdout),
                first(&reference.stdout),
                "{puzzle:?} {solver}"
            );
            // `--features cadical` runs CaDiCaL in process.
            let how = if solver == "cadical" && cfg!(feature = "cadical") {
                "in process"
            } else {
                "external process"
            };
            assert!(
                out.stdout.contains(&format!("solver: {solver} ({how})")),
                "{out:?}"
            );
        }
    }
    // A CNF: verdicts, and counts over a projection.
    let dir = scratch_dir("external-cnf");
    let cnf = dir.join("f.cnf");
    std::fs::write(&cnf, "p cnf 3 2\nc p show 1 2 0\n1 2 3 0\n-1 -2 0\n").unwrap();
    for solver in ["varisat", "minisat", "cadical"] {
        let solve = satpuz(&["solve", path_str(&cnf), "--solver", solver]);
        assert_eq!(solve.code, 10, "{solver}: {solve:?}");
        let count = satpuz(&["count", path_str(&cnf), "--all", "--solver", solver]);
        assert!(
            count.stdout.contains(": 3 solution(s)"),
            "{solver}: {count:?}"
        );
    }
    let unknown = satpuz(&["solve", "jindosh", "--solver", "glucose"]);
    assert_eq!(unknown.code, 1);
    assert!(
        unknown.stderr.contains("unknown solver `glucose`"),
        "{unknown:?}"
    );
    let absent = satpuz(&["solve", "jindosh", "--solver", "cmd:no-such-solver-here"]);
    assert_eq!(absent.code, 1);
    assert!(absent.stderr.contains("is not on the PATH"), "{absent:?}");
    // A solver that cannot be started: its I/O error said once, not once per error layer.
    let not_executable = dir.join("not-executable.sh");
    std::fs::write(&not_executable, "#!/bin/sh\n").unwrap();
    let solver = format!("cmd:{} {{in}}", path_str(&not_executable));
    let refused = satpuz(&["solve", "jindosh", "--solver", &solver]);
    assert_eq!(refused.code, 1, "{refused:?}");
    assert_eq!(
        refused.stderr.matches("Permission denied").count(),
        1,
        "{refused:?}"
    );
    let no_proof = satpuz(&["prove", "jindosh", "--solver", "minisat"]);
    assert_eq!(no_proof.code, 1);
    assert!(
        no_proof.stderr.contains("writes no DRAT proof"),
        "{no_proof:?}"
    );
}
