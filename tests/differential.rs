//! Differential testing: random small models of every constraint kind (tests/common/model.rs),
//! encoded in every encoding, solved and counted by varisat, by minisat and CaDiCaL run as
//! processes, and by brute force, verdicts, decoded solutions and counts compared; and
//! `satpuz cross-check` on every shipped puzzle with minisat and CaDiCaL.

mod common;

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use common::model::{SumGen, brute_force, brute_force_holds, random_model};
use common::{
    all_options, brute_force_grid, cadical, minisat, path_str, random_grid, satpuz, scratch_dir,
};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satpuz::model::{EncodeOptions, Model};
use satpuz::puzzles::grid::answers::{SingleAnswer, count_only_on};
use satpuz::solve::enumerate;
use satpuz::solve::external::SolverChoice;
use satpuz::solve::stop::Stop;

/// A model whose solutions an external solver counts in full (one process per solution);
/// above this, only its verdict and first solution are compared.
const COUNT_AT_MOST: usize = 6;

/// What one solver found for one encoded model: its decoded solutions (all of them, or the
/// first only when `count` is false).
fn solutions(
    model: &Model,
    opts: EncodeOptions,
    solver: &SolverChoice,
    count: bool,
) -> BTreeSet<Vec<usize>> {
    let mut encoded = model.encode(opts);
    let decoder = encoded.clone();
    let mut backend = solver.backend(&encoded.cnf);
    let mut found = BTreeSet::new();
    let limit = if count { None } else { Some(1) };
    enumerate(&mut encoded.cnf, &mut *backend, limit, |m| {
        if let Some(i) = decoder.cnf.first_violated(m) {
            panic!("{solver} {opts:?}: its model breaks clause {i}");
        }
        let values = decoder.decode(m).expect("a model decodes");
        assert!(
            found.insert(values),
            "{solver} {opts:?}: a solution came twice"
        );
        ControlFlow::Continue(())
    })
    .unwrap_or_else(|e| panic!("{solver}: {e}"));
    found
}

/// Compares varisat in every encoding of `options`, and each external solver in one of them
/// (in turn by case), with `expected`.
fn compare(
    case: usize,
    model: &Model,
    expected: &BTreeSet<Vec<usize>>,
    options: &[EncodeOptions],
    externals: &[SolverChoice],
) {
    for &opts in options {
        let got = solutions(model, opts, &SolverChoice::Varisat, true);
        assert_eq!(&got, expected, "case {case}, varisat {opts:?}\n{model:?}");
    }
    let opts = options[case % options.len()];
    let count = expected.len() <= COUNT_AT_MOST;
    for solver in externals {
        let got = solutions(model, opts, solver, count);
        if count {
            assert_eq!(&got, expected, "case {case}, {solver} {opts:?}\n{model:?}");
        } else {
            assert_eq!(got.len(), 1, "case {case}, {solver}: satisfiable");
            assert!(
                got.is_subset(expected),
                "case {case}, {solver} {opts:?}: {got:?} is no solution\n{model:?}"
            );
        }
    }
}

/// minisat and CaDiCaL as processes, and kissat and CaDiCaL in process when built with
/// `--features kissat` / `--features cadical` (then `cadical` names the in-process one, and the
/// process is named by its command line).
fn externals() -> Vec<SolverChoice> {
    let mut names = vec![minisat(), cadical()];
    if cfg!(feature = "cadical") {
        names.push("cmd:cadical -q {in}");
    }
    if cfg!(feature = "kissat") {
        names.push("kissat");
    }
    names
        .iter()
        .map(|name| SolverChoice::parse(name).expect("a known solver"))
        .collect()
}

#[test]
fn random_models_agree_across_solvers_encodings_and_brute_force() {
    let externals = externals();
    let mut rng = ChaCha8Rng::seed_from_u64(15_2026);
    let options = all_options();
    let (mut unsat, mut counted) = (0, 0);
    for case in 0..800 {
        let model = random_model(&mut rng);
        let expected = brute_force(&model);
        unsat += usize::from(expected.is_empty());
        counted += usize::from(expected.len() <= COUNT_AT_MOST);
        compare(case, &model, &expected, &options, &externals);
    }
    assert!(
        unsat > 50 && counted > 300,
        "{unsat} unsat, {counted} counted"
    );
}

#[test]
fn random_sum_models_agree_across_solvers_encodings_and_brute_force() {
    let externals = externals();
    let mut g = SumGen::new(15_2026);
    let all = EncodeOptions::all();
    let (mut unsat, mut counted) = (0, 0);
    for case in 0..500 {
        let model = g.model();
        let expected = brute_force_holds(&model);
        unsat += usize::from(expected.is_empty());
        counted += usize::from(expected.len() <= COUNT_AT_MOST);
        // Every combination (card, pb, encoding, amo) in turn: 4 per model.
        let options: Vec<EncodeOptions> = (0..4).map(|i| all[(case * 4 + i) % all.len()]).collect();
        compare(case, &model, &expected, &options, &externals);
    }
    assert!(
        unsat > 20 && counted > 200,
        "{unsat} unsat, {counted} counted"
    );
}

/// Every shipped puzzle, as `cross-check` arguments.
fn shipped() -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = [
        "jindosh", "zebra", "einstein", "dinesman", "hooks1", "hooks2", "hooks3", "hooks5",
        "hooks7", "hooks8", "hooks10",
    ]
    .iter()
    .map(|n| vec![n.to_string()])
    .collect();
    out.push(vec!["inquest:2025-03-14".into()]);
    for file in ["67a", "67b", "68b", "portia3-317"] {
        out.push(vec![format!("encodings/portia/{file}.json")]);
    }
    out
}

fn cross_check_all(solver: &str, part: usize) {
    for (i, puzzle) in shipped().iter().enumerate() {
        if i % 2 != part {
            continue;
        }
        let mut args: Vec<&str> = vec!["cross-check"];
        args.extend(puzzle.iter().map(String::as_str));
        args.extend(["--solver", solver, "--limit", "20"]);
        let out = satpuz(&args);
        assert_eq!(out.code, 0, "{puzzle:?} with {solver}: {out:?}");
        assert!(out.stdout.contains("agree:"), "{out:?}");
    }
}

#[test]
fn cross_check_agrees_with_minisat_on_shipped_puzzles_even() {
    cross_check_all(minisat(), 0);
}

#[test]
fn cross_check_agrees_with_minisat_on_shipped_puzzles_odd() {
    cross_check_all(minisat(), 1);
}

#[test]
fn cross_check_agrees_with_cadical_on_shipped_puzzles_even() {
    cross_check_all(cadical(), 0);
}

#[test]
fn cross_check_agrees_with_cadical_on_shipped_puzzles_odd() {
    cross_check_all(cadical(), 1);
}

#[cfg(feature = "kissat")]
#[test]
fn cross_check_agrees_with_kissat_on_shipped_puzzles() {
    cross_check_all("kissat", 0);
    cross_check_all("kissat", 1);
}

/// `satpuz solve` and `satpuz count` on a solver, as JSON: the exit code, whether the answer
/// is unique and the answer when it is (of several, each solver may show others); every answer
/// counted.
fn solved_and_counted(puzzle: &[String], solver: &str) -> (serde_json::Value, serde_json::Value) {
    let run = |command: &str, limit: &[&str]| {
        let mut args: Vec<&str> = vec![command];
        args.extend(puzzle.iter().map(String::as_str));
        args.extend(limit);
        args.extend(["--solver", solver, "--json", "-q"]);
        let out = satpuz(&args);
        // 0: one answer; 3: several (see the README's exit codes).
        assert!(
            [0, 3].contains(&out.code),
            "{command} {puzzle:?} on {solver}: {out:?}"
        );
        let json = serde_json::from_str::<serde_json::Value>(&out.stdout).expect("JSON");
        (out.code, json)
    };
    let (solve_code, solved) = run("solve", &["--limit", "2"]);
    // Every answer: the files below have 36 to 534, so a count is compared in full.
    let (count_code, counted) = run("count", &["--all"]);
    (
        serde_json::json!([
            solve_code,
            solved["unique"],
            if solved["unique"] == true {
                solved["answer"].clone()
            } else {
                serde_json::Value::Null
            }
        ]),
        serde_json::json!([count_code, counted["solutions"], counted["complete"]]),
    )
}

/// `solve` and `count` build the same (solve) formula for every solver, merged and reduced on
/// grids: each shipped puzzle, and grid files with several answers, give varisat's answer and
/// count on minisat and CaDiCaL (processes), through each family's own solve and count.
#[test]
fn solve_and_count_on_other_solvers_agree_with_varisat() {
    let mut puzzles = shipped();
    for file in ["n10-s2-relaxed", "n20-s1-relaxed", "n20-s3-relaxed"] {
        puzzles.push(vec![format!("benches/grid/{file}.json")]);
    }
    for puzzle in &puzzles {
        let expected = solved_and_counted(puzzle, "varisat");
        for solver in [minisat(), cadical()] {
            assert_eq!(
                solved_and_counted(puzzle, solver),
                expected,
                "{puzzle:?} on {solver}"
            );
        }
    }
}

#[test]
fn cross_check_reports_a_lying_solver() {
    let dir = scratch_dir("liar");
    // Says UNSAT whatever it is given.
    let liar = dir.join("liar.sh");
    std::fs::write(&liar, "#!/bin/sh\necho 's UNSATISFIABLE'\n").unwrap();
    let mut perms = std::fs::metadata(&liar).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    std::fs::set_permissions(&liar, perms).unwrap();
    let solver = format!("cmd:{}", path_str(&liar));
    let out = satpuz(&["cross-check", "jindosh", "--solver", &solver]);
    assert_eq!(out.code, 6, "{out:?}");
    assert!(
        out.stdout
            .contains("verdict  DIFFERENT: unique / no solution"),
        "{out:?}"
    );
    assert!(out.stdout.contains("DISAGREE"), "{out:?}");
    // On a CNF: a satisfiable formula said UNSAT.
    let cnf = dir.join("f.cnf");
    std::fs::write(&cnf, "p cnf 2 1\n1 2 0\n").unwrap();
    let out = satpuz(&["cross-check", path_str(&cnf), "--solver", &solver]);
    assert_eq!(out.code, 6, "{out:?}");
    // Two solvers that agree on a CNF, with the count compared.
    let out = satpuz(&[
        "cross-check",
        path_str(&cnf),
        "--solver",
        "cadical",
        "--solver",
        "minisat",
    ]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(out.stdout.contains("count    3"), "{out:?}");
}

/// `count --solver minisat` (or cadical) on a grid runs the same walk of swaps and classes as
/// on varisat, over the export's one variable per value: its count on random small grids with
/// many answers is the brute force's.
#[test]
fn grid_counts_through_the_walk_on_external_solvers_are_the_brute_force_counts() {
    let externals = externals();
    let mut rng = ChaCha8Rng::seed_from_u64(14_2026);
    let (mut total, mut several) = (0u64, 0);
    for case in 0..60 {
        let clues = rng.random_range(0..=5);
        let puzzle = random_grid(&mut rng, clues);
        let expected = brute_force_grid(&puzzle, &puzzle.clues, |_| {});
        let grid = puzzle.build().expect("a random grid builds");
        let encoded = grid.model.encode(EncodeOptions::default());
        let solver = &externals[case % externals.len()];
        let mut backend = solver.backend(&encoded.cnf);
        // Both ways of blocking a class of one answer, on both solvers.
        let single = [SingleAnswer::Whole, SingleAnswer::Short][case / 2 % 2];
        let got = count_only_on(
            &grid,
            &encoded,
            &mut *backend,
            single,
            None,
            &Stop::new(None),
            || (),
        )
        .unwrap_or_else(|e| panic!("case {case}, {solver}: {e}"));
        assert_eq!(
            got.found,
            expected,
            "case {case}, {solver}: walk count {}, brute force {expected}; the puzzle:\n{}",
            got.found,
            serde_json::to_string_pretty(&puzzle).expect("json")
        );
        total += expected;
        several += usize::from(expected > 1);
    }
    assert!(several > 30, "{several} grids with several answers");
    eprintln!("60 random grids, {total} answers counted through external solvers");
}
