//! Hooks: the seed's grid for Hooks #1, uniqueness of the seven solved puzzles under every
//! encoding choice and by minisat, input errors and the command line. Brute-force checks are in
//! `hooks_brute.rs`.

mod common;
mod hooks_support;

use common::{Run, satpuz};
use hooks_support::independent_violations;
use satpuz::encode::Amo;
use satpuz::encode::card::Card;
use satpuz::encode::pb::Pb;
use satpuz::model::EncodeOptions;
use satpuz::puzzles::hooks::{self, Connectivity, HooksPuzzle};
use satpuz::solve::external::External;
use satpuz::solve::{Backend, Verdict, solve_unique};

/// The seed's printed solution of Hooks #1.
const SEED_GRID: [[u8; 9]; 9] = [
    [1, 0, 3, 0, 0, 6, 7, 0, 9],
    [2, 2, 3, 0, 5, 6, 7, 8, 9],
    [3, 0, 0, 0, 0, 0, 0, 8, 0],
    [4, 4, 4, 4, 0, 6, 0, 0, 0],
    [5, 5, 5, 5, 0, 6, 7, 0, 9],
    [0, 0, 6, 0, 0, 6, 7, 8, 9],
    [7, 0, 7, 7, 0, 0, 0, 8, 0],
    [0, 8, 8, 0, 0, 8, 0, 8, 0],
    [9, 0, 9, 0, 0, 9, 0, 9, 9],
];
const SEED_ROWS: [u64; 9] = [26, 42, 11, 22, 42, 36, 29, 32, 45];
const SEED_COLS: [u64; 9] = [31, 19, 45, 16, 5, 47, 28, 49, 45];

/// The puzzles this issue solves.
const SOLVED: [usize; 7] = [1, 2, 3, 5, 7, 8, 10];

fn seed_grid() -> Vec<u8> {
    SEED_GRID.iter().flatten().copied().collect()
}

/// Solves and proves uniqueness; returns the grid.
fn unique_grid(p: &HooksPuzzle, opts: EncodeOptions) -> Vec<u8> {
    unique_grid_with(p, opts, Connectivity::Lazy)
}

fn unique_grid_with(p: &HooksPuzzle, opts: EncodeOptions, connect: Connectivity) -> Vec<u8> {
    let mut model = p.build_with(opts, connect);
    let solved = model.solve_unique().unwrap();
    let grid = solved
        .grid
        .unwrap_or_else(|| panic!("{}: no solution with {opts:?}", p.name));
    assert!(
        solved.other.is_none(),
        "{}: two solutions with {opts:?}",
        p.name
    );
    grid
}

#[test]
fn hooks1_is_the_seed_grid_with_answer_158() {
    let p = hooks::shipped(1).unwrap().unwrap();
    let grid = unique_grid(&p, EncodeOptions::default());
    assert_eq!(grid, seed_grid());
    assert_eq!(p.answer_rule.apply(&grid, 9).value, 158);
    // the seed's own form: sums only, no givens
    let seed = HooksPuzzle::from_sums(SEED_ROWS.to_vec(), SEED_COLS.to_vec()).unwrap();
    assert_eq!(unique_grid(&seed, EncodeOptions::default()), seed_grid());
}

/// Each encoding choice must give the same unique grid, which keeps every rule.
fn every_puzzle_unique_with(opts: EncodeOptions) {
    every_puzzle_unique_with_connect(opts, Connectivity::Lazy);
}

fn every_puzzle_unique_with_connect(opts: EncodeOptions, connect: Connectivity) {
    for k in SOLVED {
        let p = hooks::shipped(k).unwrap().unwrap();
        let grid = unique_grid_with(&p, opts, connect);
        let reference = unique_grid(&p, EncodeOptions::default());
        assert_eq!(grid, reference, "{}: {opts:?} found another grid", p.name);
        assert_eq!(hooks::check::violations(&p, &grid), Vec::<String>::new());
        assert_eq!(independent_violations(&p, &grid), Vec::<String>::new());
        if k == 1 {
            assert_eq!(grid, seed_grid());
        }
    }
}

#[test]
fn unique_with_pb_tree() {
    every_puzzle_unique_with(EncodeOptions {
        card: Card::Totalizer,
        pb: Pb::Tree,
        ..Default::default()
    });
}

#[test]
fn unique_with_pb_gte() {
    every_puzzle_unique_with(EncodeOptions {
        card: Card::Totalizer,
        pb: Pb::Gte,
        ..Default::default()
    });
}

#[test]
fn unique_with_pb_dpw() {
    every_puzzle_unique_with(EncodeOptions {
        card: Card::Totalizer,
        pb: Pb::Dpw,
        ..Default::default()
    });
}

#[test]
fn unique_with_pb_adder() {
    every_puzzle_unique_with(EncodeOptions {
        card: Card::Totalizer,
        pb: Pb::Adder,
        ..Default::default()
    });
}

#[test]
fn unique_with_card_seqcounter() {
    every_puzzle_unique_with(EncodeOptions {
        card: Card::SeqCounter,
        pb: Pb::Tree,
        ..Default::default()
    });
}

#[test]
fn unique_with_every_amo() {
    // Hooks honours --amo (permuted hook digits and edge products use at-most-one)
    for amo in [Amo::SeqCounter, Amo::Ladder, Amo::Bitwise, Amo::Commander] {
        every_puzzle_unique_with(EncodeOptions {
            amo,
            ..Default::default()
        });
    }
}

#[test]
fn unique_with_eager_connectivity() {
    every_puzzle_unique_with_connect(EncodeOptions::default(), Connectivity::Eager);
}

/// An independent route: the same formula, connectivity cuts and blocking clause solved by
/// minisat as a separate process.
#[test]
fn minisat_agrees_on_every_puzzle() {
    common::minisat();
    for k in SOLVED {
        let p = hooks::shipped(k).unwrap().unwrap();
        let mut model = p.build(EncodeOptions::default());
        let mut minisat = External::new("minisat");
        minisat.add_cnf(&model.cnf);
        let mut backend = model.backend(minisat);
        let verdict = solve_unique(&mut model.cnf, &mut backend).unwrap();
        let Verdict::Unique(m) = verdict else {
            panic!("{}: minisat says {verdict:?}", p.name);
        };
        assert_eq!(
            model.grid(&m),
            unique_grid(&p, EncodeOptions::default()),
            "{}",
            p.name
        );
    }
}

/// Every puzzle of the series is read and validated: no rule is refused any more (Hooks #6 and
/// 9 are solved in tests/hooks_concat.rs, 11 in tests/hooks_pento.rs).
#[test]
fn every_shipped_puzzle_is_accepted() {
    for k in 1..=11 {
        if let Err(e) = hooks::shipped(k).unwrap() {
            panic!("hooks{k}: {e}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Input errors and the command line.
// ---------------------------------------------------------------------------------------------

fn shipped_value(k: usize) -> serde_json::Value {
    serde_json::from_str(hooks::shipped_json(k).unwrap()).unwrap()
}

fn error_of(v: serde_json::Value) -> String {
    HooksPuzzle::from_json(&v.to_string())
        .unwrap_err()
        .to_string()
}

#[test]
fn bad_files_name_the_field() {
    let mut v = shipped_value(1);
    v["clues"]["row_sum"].as_array_mut().unwrap().pop();
    assert!(error_of(v).contains("clues.row_sum: 8 entries"));

    let mut v = shipped_value(7);
    v["givens"][1] = serde_json::json!([6, 12, 5]);
    assert!(error_of(v).contains("givens[1]: cell (6,12) is outside"));

    let mut v = shipped_value(7);
    v["regions"][0][0] = serde_json::json!(30); // 20 regions cannot share 285 equally
    let e = error_of(v);
    assert!(
        e.contains("regions: 20 regions cannot have equal sums"),
        "{e}"
    );

    let mut v = shipped_value(3);
    v["rules"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!("no_3x3"));
    assert!(error_of(v).contains("unknown variant `no_3x3`"));

    let mut v = shipped_value(2);
    v["clues"]["edge_first_block_sum"] = serde_json::json!({"T": [0, 0, 0, 0, 0, 0, 0, 0, 0]});
    assert!(error_of(v).contains("rule `edge_first_block_sum` is not listed"));

    let mut v = shipped_value(10);
    v["givens"] = serde_json::json!([[0, 0, 10]]);
    assert!(error_of(v).contains("givens[0]: digit 10 is not in 1..=9"));
}

#[test]
fn command_line_solves_counts_and_exports() {
    let rows = SEED_ROWS.map(|s| s.to_string()).join(",");
    let cols = SEED_COLS.map(|s| s.to_string()).join(",");
    let Run {
        code, stdout: out, ..
    } = satpuz(&["solve", "hooks", "--rows", &rows, "--cols", &cols]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("answer (sum of the cells with i+j even): 158"),
        "{out}"
    );
    assert!(out.contains("unique: yes"), "{out}");

    let Run {
        code, stdout: out, ..
    } = satpuz(&["count", "hooks3", "--all"]);
    assert_eq!(code, 0);
    assert!(out.contains("1 solution(s)"), "{out}");

    // Hooks #6 and 9 (numbers read from runs, exact GCDs): one grid each, `count --all` 1.
    for k in ["hooks6", "hooks9"] {
        let Run {
            code, stdout: out, ..
        } = satpuz(&["count", k, "--all"]);
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("1 solution(s)"), "{k}: {out}");
    }

    // Hooks #4 (sums of run products, by the automaton constraint): one grid, `count --all` 1.
    let Run {
        code, stdout: out, ..
    } = satpuz(&["count", "hooks4", "--all"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("1 solution(s)"), "{out}");

    let Run {
        code, stderr: err, ..
    } = satpuz(&["solve", "hooks2", "--rows", "1,2"]);
    assert_eq!(code, 1);
    assert!(err.contains("--rows/--cols"), "{err}");

    // Export with the connectivity cuts, solve with minisat, read the grid back.
    let dir = common::scratch_dir("hooks-export");
    let cnf_path = dir.join("hooks3.cnf");
    let Run {
        code, stderr: err, ..
    } = satpuz(&["encode", "hooks3", "--dimacs", cnf_path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let Run {
        code, stdout: out, ..
    } = satpuz(&["encode", "hooks3", "--dimacs", cnf_path.to_str().unwrap()]);
    assert_eq!(
        code, 1,
        "an existing file is not overwritten without --force: {out}"
    );
    let (code, result) = common::run_minisat(&cnf_path, &dir.join("out"));
    assert_eq!(code, 10);
    let p = hooks::shipped(3).unwrap().unwrap();
    let model = p.build(EncodeOptions::default());
    let values: Vec<bool> = {
        let lits: Vec<i64> = result
            .split_whitespace()
            .filter_map(|t| t.parse().ok())
            .collect();
        let mut v = vec![false; model.cnf.num_vars() as usize];
        for l in lits.into_iter().filter(|&l| l > 0) {
            if let Some(x) = v.get_mut(l as usize - 1) {
                *x = true;
            }
        }
        v
    };
    assert_eq!(
        model.grid(&values),
        unique_grid(&p, EncodeOptions::default())
    );
}

/// With eager connectivity the exported CNF needs no cuts: minisat finds the grid, and the
/// grid blocked, minisat finds nothing else.
#[test]
fn eager_export_is_exact_for_minisat() {
    let p = hooks::shipped(7).unwrap().unwrap();
    let mut model = p.build_with(EncodeOptions::default(), Connectivity::Eager);
    // the plain CNF (no lazy backend) through minisat
    let mut minisat = External::new("minisat");
    common::minisat();
    minisat.add_cnf(&model.cnf);
    let verdict = solve_unique(&mut model.cnf, &mut minisat).unwrap();
    let Verdict::Unique(m) = verdict else {
        panic!("minisat on the eager CNF says {verdict:?}");
    };
    assert_eq!(model.grid(&m), unique_grid(&p, EncodeOptions::default()));
}

/// The seed's names for the cells: `encode hooks1 --dimacs -` is readable.
#[test]
fn exported_cnf_names_the_cells() {
    let Run {
        code, stdout: out, ..
    } = satpuz(&["encode", "hooks1", "--dimacs", "-"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("c 1 cell(0,0)=1"),
        "{}",
        &out[..out.len().min(400)]
    );
    assert!(out.contains("cell(8,8)=9"));
    assert!(out.lines().any(|l| l.starts_with("c p show")));
}

/// `--threads`: Hooks 9 (solved in cubes) gives the same grid, answer and verdict on one
/// thread as on two; a count of no threads is refused, naming the flag.
#[test]
fn threads_give_the_single_thread_answer() {
    let answer_of = |threads: &str| {
        let Run { code, stdout, .. } = satpuz(&["solve", "hooks9", "--json", "-j", threads]);
        assert_eq!(code, 0, "-j {threads}: {stdout}");
        let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(v["unique"], true, "-j {threads}: {stdout}");
        // It says what it did: the cubes, on how many threads.
        assert_eq!(v["details"]["cubes"], 256, "{stdout}");
        assert_eq!(v["details"]["threads"].to_string(), threads, "{stdout}");
        (v["answer"].clone(), v["satisfiable"].clone())
    };
    let one = answer_of("1");
    assert_eq!(one, answer_of("2"));
    // The independent checker's route: the grid breaks no rule of the puzzle.
    let p = hooks::shipped(9).unwrap().unwrap();
    let grid = common::hooks_json_grid(&one.0);
    assert!(hooks::check::violations(&p, &grid).is_empty());

    let Run { code, stderr, .. } = satpuz(&["solve", "hooks9", "-j", "0"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("--jobs"), "{stderr}");
}

/// `count -j`: Hooks 9's count shares its cubes among the threads as `solve -j` does, and is
/// the same on one thread as on two (one grid); a family without a search in cubes refuses
/// the flag, naming it.
#[test]
fn count_threads_give_the_single_thread_count() {
    let count_of = |threads: &str| {
        let Run { code, stdout, .. } =
            satpuz(&["count", "hooks9", "--all", "--json", "-j", threads]);
        assert_eq!(code, 0, "-j {threads}: {stdout}");
        let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(v["complete"], true, "-j {threads}: {stdout}");
        v["solutions"].as_u64().unwrap()
    };
    assert_eq!((count_of("1"), count_of("2")), (1, 1));

    let Run { code, stderr, .. } = satpuz(&["count", "jindosh", "--all", "-j", "2"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("-j/--jobs"), "{stderr}");
}
