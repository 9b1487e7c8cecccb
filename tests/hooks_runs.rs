//! Hooks #4's rule (sums of run products along every row and column, through the model's
//! automaton constraint) against brute force: on 4x4 and 5x5 boards, for every frame (fixed or
//! free hooks, digits by size or permuted), puzzles whose clues are read off a planted grid must
//! have exactly the grids among all the frame's grids that plain arithmetic accepts; and
//! Hooks #4 itself is solved, re-checked and proved unique.

mod common;
mod hooks_support;

use std::collections::BTreeSet;

use hooks_support::{frame_grids, independent_violations, run_product_clues, sat_grids};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satpuz::encode::Encoding;
use satpuz::encode::pb::Pb;
use satpuz::model::EncodeOptions;
use satpuz::puzzles::hooks::format::Clues;
use satpuz::puzzles::hooks::{
    self, AnswerRule, Connectivity, HookDigits, HookLayout, HooksPuzzle, Rule,
};

fn run_product_puzzle(
    n: usize,
    g: &[u8],
    layout: HookLayout,
    digits: HookDigits,
    connected: bool,
) -> HooksPuzzle {
    let (rows, cols) = run_product_clues(n, g);
    let mut rules = vec![Rule::Counts, Rule::LineSumOfRunProducts];
    if connected {
        rules.push(Rule::Connected);
    }
    let mut clues = Clues::default();
    clues.row_sum_of_run_products = Some(rows);
    clues.col_sum_of_run_products = Some(cols);
    let p = HooksPuzzle {
        name: "generated run products".into(),
        month: None,
        n,
        hooks: layout,
        hook_digits: digits,
        rules,
        givens: Vec::new(),
        clues,
        regions: None,
        cell_clues: Vec::new(),
        answer_rule: AnswerRule::ProductOfEmptyRegionAreas,
    };
    p.validate().expect("generated puzzles are valid");
    p
}

/// Returns how many instances had several solutions.
fn check_frames(
    n: usize,
    frames: &[(HookLayout, HookDigits)],
    per_frame: usize,
    seed: u64,
) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut several = 0;
    for &(layout, digits) in frames {
        let mut frames: Vec<Vec<u8>> = frame_grids(n, layout, digits).into_iter().collect();
        frames.sort();
        for case in 0..per_frame {
            let planted = &frames[rng.random_range(0..frames.len())];
            let connected = rng.random_bool(0.5)
                && hooks_support::connected(n, &planted.iter().map(|&v| v > 0).collect::<Vec<_>>());
            let p = run_product_puzzle(n, planted, layout, digits, connected);
            let expected: BTreeSet<Vec<u8>> = frames
                .iter()
                .filter(|g| independent_violations(&p, g).is_empty())
                .cloned()
                .collect();
            assert!(expected.contains(planted));
            several += usize::from(expected.len() > 1);
            for opts in [
                EncodeOptions::default(),
                EncodeOptions {
                    encoding: Encoding::Bits,
                    pb: Pb::Gte,
                    ..EncodeOptions::default()
                },
            ] {
                let found = sat_grids(&p, opts, Connectivity::Lazy);
                assert_eq!(
                    found, expected,
                    "n = {n}, {layout:?} {digits:?}, case {case}, {opts:?}: {p:?}"
                );
                for g in &found {
                    assert!(hooks::check::violations(&p, g).is_empty());
                }
            }
        }
    }
    several
}

/// Every frame on 4x4 boards.
#[test]
fn run_products_agree_with_brute_force_on_4x4() {
    let frames = [
        (HookLayout::Fixed, HookDigits::BySize),
        (HookLayout::Free, HookDigits::BySize),
        (HookLayout::Free, HookDigits::Perm),
        (HookLayout::Fixed, HookDigits::Perm),
    ];
    let several = check_frames(4, &frames, 8, 4);
    assert!(several > 0, "no instance had several solutions");
}

/// 5x5, fixed hooks by size: the one 5x5 frame whose grids (132,300) a brute force lists
/// quickly; free layouts multiply that by up to 256.
#[test]
fn run_products_agree_with_brute_force_on_5x5() {
    check_frames(5, &[(HookLayout::Fixed, HookDigits::BySize)], 6, 5);
}

/// The library's checker agrees with the hand-written rule on every 7th 4x4 frame grid, against
/// clues read off another grid (most grids break them, some keep them).
#[test]
fn checker_reads_run_products_like_the_brute_force() {
    let mut frames: Vec<Vec<u8>> = frame_grids(4, HookLayout::Free, HookDigits::BySize)
        .into_iter()
        .collect();
    frames.sort();
    let mut kept = 0;
    for (k, planted) in frames.iter().enumerate().step_by(1009) {
        let p = run_product_puzzle(4, planted, HookLayout::Free, HookDigits::BySize, false);
        for g in frames.iter().skip(k % 7).step_by(7) {
            let independent = independent_violations(&p, g).is_empty();
            assert_eq!(
                hooks::check::violations(&p, g).is_empty(),
                independent,
                "{g:?}"
            );
            kept += usize::from(independent);
        }
    }
    assert!(kept > 0);
}

/// Hooks #4: one grid, re-verified by the independent checker, no second one.
#[test]
fn hooks4_is_solved_and_unique() {
    let p = hooks::shipped(4).unwrap().unwrap();
    let mut model = p.build(EncodeOptions::default());
    let solved = model.solve_unique().unwrap();
    let grid = solved.grid.expect("Hooks #4 has a solution");
    assert!(solved.other.is_none(), "Hooks #4 has a second grid");
    assert!(hooks::check::violations(&p, &grid).is_empty());
    assert!(independent_violations(&p, &grid).is_empty());
    let (rows, cols) = run_product_clues(9, &grid);
    assert_eq!(Some(rows), p.clues.row_sum_of_run_products);
    assert_eq!(Some(cols), p.clues.col_sum_of_run_products);
}

/// Hooks #4's automata unrolled on two threads give the CNF one thread gives, clause for
/// clause (`-j 1` builds on one).
#[test]
fn hooks4_builds_the_same_cnf_on_one_thread_and_two() {
    let p = hooks::shipped(4).unwrap().unwrap();
    let one = p.build_on_threads(EncodeOptions::default(), Connectivity::Lazy, 1);
    let two = p.build_on_threads(EncodeOptions::default(), Connectivity::Lazy, 2);
    assert_eq!(one.cnf.num_vars(), two.cnf.num_vars());
    assert_eq!(one.cnf.num_clauses(), two.cnf.num_clauses());
    assert!(
        one.cnf.num_clauses() > 10_000,
        "the run products are in the CNF"
    );
    for (i, (a, b)) in one
        .cnf
        .clauses
        .iter()
        .zip(two.cnf.clauses.iter())
        .enumerate()
    {
        assert_eq!(a, b, "clause {i}");
    }
}

/// Bad run-product data is refused naming the field: a short array, a missing half, data
/// without the rule.
#[test]
fn bad_run_product_clues_name_the_field() {
    let shipped: serde_json::Value = serde_json::from_str(hooks::shipped_json(4).unwrap()).unwrap();
    let error_of = |v: &serde_json::Value| {
        HooksPuzzle::from_json(&v.to_string())
            .unwrap_err()
            .to_string()
    };
    let mut short = shipped.clone();
    short["clues"]["row_sum_of_run_products"] = serde_json::json!([1, 2, 3]);
    let e = error_of(&short);
    assert!(
        e.contains("clues.row_sum_of_run_products") && e.contains("3 entries"),
        "{e}"
    );
    let mut half = shipped.clone();
    half["clues"]
        .as_object_mut()
        .unwrap()
        .remove("col_sum_of_run_products");
    let e = error_of(&half);
    assert!(e.contains("clues.col_sum_of_run_products"), "{e}");
    let mut no_rule = shipped.clone();
    no_rule["rules"] = serde_json::json!(["counts", "connected"]);
    let e = error_of(&no_rule);
    assert!(e.contains("is not listed"), "{e}");
}
