//! The examples in `examples/` run, and say what they should. `cargo test` builds every
//! example beside the test binaries (`target/<profile>/examples/`), so CI runs them here
//! without a step of its own.

mod common;

use std::path::PathBuf;
use std::process::Command;

/// Runs the example `name` as `cargo test` built it, and returns its standard output; fails
/// the test when it is missing or exits non-zero.
fn run_example(name: &str) -> String {
    // This test is target/<profile>/deps/examples-<hash>; the examples are in
    // target/<profile>/examples/.
    let exe = std::env::current_exe().expect("the test binary's path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("the test binary sits in target/<profile>/deps");
    let example: PathBuf = profile_dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        example.is_file(),
        "{} is not built: `cargo test` builds the examples (a run filtered to one test target \
         does not: `cargo build --release --examples` first)",
        example.display()
    );
    let out = Command::new(&example).output().expect("the example starts");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{name} failed ({}):\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

#[test]
fn latin_square_counts_the_order_4_squares_and_finishes_the_puzzle() {
    let out = run_example("latin_square");
    assert!(out.contains("Latin squares of order 4: 576"), "{out}");
    // The finished square: every row and column a permutation of 1..=4, givens kept.
    let rows: Vec<Vec<u32>> = out
        .lines()
        .filter(|l| l.split(' ').count() == 4 && l.split(' ').all(|d| d.parse::<u32>().is_ok()))
        .map(|l| l.split(' ').map(|d| d.parse().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), 4, "{out}");
    for i in 0..4 {
        let mut row = rows[i].clone();
        let mut column: Vec<u32> = rows.iter().map(|r| r[i]).collect();
        row.sort_unstable();
        column.sort_unstable();
        assert_eq!(row, [1, 2, 3, 4], "{out}");
        assert_eq!(column, [1, 2, 3, 4], "{out}");
    }
    assert_eq!((rows[0][0], rows[1][2], rows[3][1]), (1, 4, 4), "{out}");
    assert!(out.contains("unique: yes"), "{out}");
}

#[test]
fn logic_grid_explains_its_answer_step_by_step_by_named_clues() {
    let out = run_example("logic_grid");
    assert!(out.contains("unique: yes"), "{out}");
    let steps: Vec<&str> = out.lines().filter(|l| l.contains(". By clue")).collect();
    assert!(!steps.is_empty(), "{out}");
    // Clues are named by their own words, and the grouped clue by its one name.
    assert!(out.contains("(Bob lives in the last house)"), "{out}");
    assert!(
        out.contains("(Cy drinks coffee and lives somewhere right of Dee)"),
        "{out}"
    );
    // The answer the brute force of the clues (worked by hand in the example's design) finds.
    for line in [
        "house 1: Dee, bird, tea",
        "house 2: Ann, cat, milk",
        "house 3: Cy, fish, coffee",
        "house 4: Bob, dog, water",
    ] {
        assert!(out.contains(line), "missing `{line}`:\n{out}");
    }
}

#[test]
fn dimacs_minisat_has_minisat_solve_the_export_and_refute_a_second_answer() {
    common::minisat(); // fails with how to install it, rather than inside the example
    let out = run_example("dimacs_minisat");
    assert!(out.contains("minisat's answer:"), "{out}");
    let rows: Vec<Vec<u32>> = out
        .lines()
        .skip_while(|l| !l.starts_with("minisat's answer:"))
        .skip(1)
        .take(3)
        .map(|l| l.split_whitespace().map(|d| d.parse().unwrap()).collect())
        .collect();
    // A magic square, checked here: digits 1..=9 once, every line 15, the givens kept.
    let mut digits: Vec<u32> = rows.concat();
    digits.sort_unstable();
    assert_eq!(digits, (1..=9).collect::<Vec<_>>(), "{out}");
    let mut lines: Vec<u32> = Vec::new();
    for i in 0..3 {
        lines.push(rows[i].iter().sum());
        lines.push(rows.iter().map(|r| r[i]).sum());
    }
    lines.push((0..3).map(|i| rows[i][i]).sum());
    lines.push((0..3).map(|i| rows[i][2 - i]).sum());
    assert!(lines.iter().all(|&s| s == 15), "{out}");
    assert_eq!((rows[0][0], rows[0][1]), (2, 7), "{out}");
    assert!(
        out.contains("minisat, answer blocked: UNSATISFIABLE"),
        "{out}"
    );
    assert!(out.contains("satpuz agrees: unique"), "{out}");
}
