//! Hooks #6 and 9's rules (numbers read from runs of filled cells in the viewing direction:
//! their product, their exact GCD seen from an edge or along rows and columns) against brute
//! force: on 4x4 and 5x5 boards, for every frame, puzzles whose clues are read off a planted
//! grid must have exactly the grids among all the frame's grids that plain arithmetic accepts,
//! solved lazily (GCD nogoods while solving) and from the eager CNF alone (the nogoods in the
//! formula, no lazy backend); Hooks #6 and 9 themselves are solved, re-checked, proved unique,
//! and minisat agrees on the eager CNF.

mod common;
mod hooks_support;

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use hooks_support::{
    concatenated_numbers, connected, frame_grids, gcd_by_hand, independent_violations, line,
    product_by_hand, sat_grids,
};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satpuz::encode::Amo;
use satpuz::encode::card::Card;
use satpuz::model::EncodeOptions;
use satpuz::puzzles::hooks::format::{Clues, EdgeClues};
use satpuz::puzzles::hooks::{
    self, AnswerRule, Connectivity, HookDigits, HookLayout, HooksPuzzle, Rule, Side,
};
use satpuz::solve::external::External;
use satpuz::solve::{Backend, Varisat, Verdict, enumerate, solve_unique};

/// Which of the new clue kinds a generated puzzle carries.
#[derive(Debug, Clone, Copy)]
enum Kind {
    EdgeGcd,
    EdgeProduct,
    Both,
    LineGcd,
}

/// The numbers seen from `side` on line `i` of grid `g`.
fn seen(n: usize, g: &[u8], side: Side, i: usize) -> Vec<u64> {
    concatenated_numbers(
        &line(n, side, i)
            .iter()
            .map(|&c| g[c] as u64)
            .collect::<Vec<_>>(),
    )
}

/// Clues read off `g` on a random subset of the lines (0 where a line has no number).
fn edge_clues(
    rng: &mut ChaCha8Rng,
    n: usize,
    g: &[u8],
    share: f64,
    read: impl Fn(&[u64]) -> Option<u64>,
) -> EdgeClues {
    Side::ALL
        .iter()
        .map(|&side| {
            let values = (0..n)
                .map(|i| match rng.random_bool(share) {
                    true => read(&seen(n, g, side, i)).unwrap_or(0),
                    false => 0,
                })
                .collect();
            (side, values)
        })
        .collect()
}

fn concat_puzzle(
    rng: &mut ChaCha8Rng,
    n: usize,
    g: &[u8],
    (layout, digits): (HookLayout, HookDigits),
    kind: Kind,
) -> HooksPuzzle {
    let mut rules = vec![Rule::Counts];
    if rng.random_bool(0.5) && connected(n, &g.iter().map(|&v| v > 0).collect::<Vec<_>>()) {
        rules.push(Rule::Connected);
    }
    let mut clues = Clues::default();
    let gcd = |ns: &[u64]| gcd_by_hand(ns);
    let product = |ns: &[u64]| product_by_hand(ns).map(|p| p as u64);
    if matches!(kind, Kind::EdgeGcd | Kind::Both) {
        rules.push(Rule::EdgeGcdOfConcatenations);
        clues.edge_gcd = Some(edge_clues(rng, n, g, 0.5, gcd));
    }
    if matches!(kind, Kind::EdgeProduct | Kind::Both) {
        rules.push(Rule::EdgeProductOfConcatenations);
        clues.edge_product = Some(edge_clues(rng, n, g, 0.3, product));
    }
    if let Kind::LineGcd = kind {
        rules.push(Rule::LineGcdOfConcatenations);
        let read = |side, i| gcd(&seen(n, g, side, i)).unwrap_or(0);
        clues.row_gcd_left_to_right = Some((0..n).map(|i| read(Side::L, i)).collect());
        clues.col_gcd_top_to_bottom = Some((0..n).map(|i| read(Side::T, i)).collect());
    }
    let p = HooksPuzzle {
        name: format!("generated {kind:?}"),
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

/// Every grid of the eager CNF alone: plain varisat, no lazy backend.
fn eager_cnf_grids(p: &HooksPuzzle) -> BTreeSet<Vec<u8>> {
    let mut model = p.build_with(EncodeOptions::default(), Connectivity::Eager);
    let mut backend = Varisat::with_cnf(&model.cnf);
    let cells = model.cells.clone();
    let mut grids = BTreeSet::new();
    enumerate(&mut model.cnf, &mut backend, Some(5000), |m| {
        grids.insert(cells.decode(m));
        ControlFlow::Continue(())
    })
    .unwrap();
    grids
}

/// What the cases covered: instances with several grids, and instances where "the clue
/// divides every number" alone admits more grids than the exact GCD.
#[derive(Default)]
struct Covered {
    several: usize,
    exactness_mattered: usize,
}

fn check_frames(
    n: usize,
    frames: &[(HookLayout, HookDigits)],
    per_frame: usize,
    seed: u64,
) -> Covered {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut covered = Covered::default();
    let kinds = [Kind::EdgeGcd, Kind::EdgeProduct, Kind::Both, Kind::LineGcd];
    for &frame in frames {
        let mut grids: Vec<Vec<u8>> = frame_grids(n, frame.0, frame.1).into_iter().collect();
        grids.sort();
        for case in 0..per_frame {
            let planted = &grids[rng.random_range(0..grids.len())];
            let kind = kinds[case % kinds.len()];
            let p = concat_puzzle(&mut rng, n, planted, frame, kind);
            let expected: BTreeSet<Vec<u8>> = grids
                .iter()
                .filter(|g| independent_violations(&p, g).is_empty())
                .cloned()
                .collect();
            assert!(expected.contains(planted));
            covered.several += usize::from(expected.len() > 1);
            let lazy = sat_grids(&p, EncodeOptions::default(), Connectivity::Lazy);
            assert_eq!(lazy, expected, "n = {n}, {frame:?}, case {case}: {p:?}");
            // solve_unique (in cubes for free GCD frames) agrees with the brute force.
            let solved = p.build(EncodeOptions::default()).solve_unique().unwrap();
            let found: BTreeSet<Vec<u8>> =
                solved.grid.iter().chain(&solved.other).cloned().collect();
            assert_eq!(
                found.len(),
                expected.len().min(2),
                "n = {n}, {frame:?}, case {case}"
            );
            assert!(
                found.is_subset(&expected),
                "n = {n}, {frame:?}, case {case}"
            );
            // The count (in cubes on two threads where solve uses them) is the brute force's.
            let counted = p.build(EncodeOptions::default()).count(None).unwrap();
            assert_eq!(
                counted,
                expected.len() as u64,
                "count, n = {n}, {frame:?}, case {case}"
            );
            for g in &lazy {
                assert!(hooks::check::violations(&p, g).is_empty(), "{g:?}");
            }
            assert_eq!(
                eager_cnf_grids(&p),
                expected,
                "the eager CNF alone, n = {n}, {frame:?}, case {case}: {p:?}"
            );
            // Divisibility alone: the grids the CNF without the nogoods accepts.
            if p.has(Rule::EdgeGcdOfConcatenations) || p.has(Rule::LineGcdOfConcatenations) {
                let model = p.build(EncodeOptions::default());
                let mut backend = Varisat::with_cnf(&model.cnf);
                let mut cnf = model.cnf.clone();
                let mut loose = 0usize;
                enumerate(&mut cnf, &mut backend, Some(5000), |_| {
                    loose += 1;
                    ControlFlow::Continue(())
                })
                .unwrap();
                let connectivity = p.has(Rule::Connected);
                covered.exactness_mattered += usize::from(!connectivity && loose > expected.len());
            }
        }
    }
    covered
}

/// Every frame on 4x4 boards.
#[test]
fn concatenations_agree_with_brute_force_on_4x4() {
    let frames = [
        (HookLayout::Fixed, HookDigits::BySize),
        (HookLayout::Free, HookDigits::BySize),
        (HookLayout::Free, HookDigits::Perm),
        (HookLayout::Fixed, HookDigits::Perm),
    ];
    let covered = check_frames(4, &frames, 12, 6);
    assert!(covered.several > 0, "no instance had several solutions");
    assert!(
        covered.exactness_mattered > 0,
        "no instance needed the exact GCD beyond divisibility"
    );
}

/// 5x5, fixed hooks by size (132,300 grids; free layouts multiply that by up to 256).
#[test]
fn concatenations_agree_with_brute_force_on_5x5() {
    check_frames(5, &[(HookLayout::Fixed, HookDigits::BySize)], 8, 9);
}

/// The library's checker agrees with the hand-written rules on every 11th 4x4 frame grid,
/// against clues read off other grids.
#[test]
fn checker_reads_concatenations_like_the_brute_force() {
    let frame = (HookLayout::Free, HookDigits::BySize);
    let mut grids: Vec<Vec<u8>> = frame_grids(4, frame.0, frame.1).into_iter().collect();
    grids.sort();
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let mut kept = 0;
    for (k, planted) in grids.iter().enumerate().step_by(2003) {
        let kind = [Kind::EdgeGcd, Kind::EdgeProduct, Kind::Both, Kind::LineGcd][k % 4];
        let p = concat_puzzle(&mut rng, 4, planted, frame, kind);
        for g in grids.iter().skip(k % 11).step_by(11) {
            let independent = independent_violations(&p, g).is_empty();
            assert_eq!(
                hooks::check::violations(&p, g).is_empty(),
                independent,
                "{g:?} for {p:?}"
            );
            kept += usize::from(independent);
        }
    }
    assert!(kept > 0);
}

/// Hooks #6 and 9: one grid each, re-verified by the independent checker and the hand-written
/// rules, whose clues read back from it; the same unique grid under other cardinality and
/// at-most-one encodings (the digit counts and the permuted hook digits); minisat on the eager
/// CNF (nogoods included, no lazy backend) finds the same grid and nothing else. One test, so
/// that each puzzle's default solve serves every comparison.
#[test]
fn hooks6_and_9_are_solved_unique_under_every_encoding_and_minisat_agrees() {
    common::minisat();
    for k in [6, 9] {
        let p = hooks::shipped(k).unwrap().unwrap();
        let mut model = p.build(EncodeOptions::default());
        let solved = model.solve_unique().unwrap();
        let grid = solved.grid.expect("solvable");
        assert!(solved.other.is_none(), "{}: a second grid", p.name);
        assert!(hooks::check::violations(&p, &grid).is_empty());
        assert!(independent_violations(&p, &grid).is_empty());
        let n = p.n;
        for (&side, clues) in p.clues.edge_gcd.iter().flatten() {
            for (i, &clue) in clues.iter().enumerate().filter(|c| *c.1 > 0) {
                assert_eq!(gcd_by_hand(&seen(n, &grid, side, i)), Some(clue));
            }
        }
        if let Some(rows) = &p.clues.row_gcd_left_to_right {
            for (i, &clue) in rows.iter().enumerate() {
                assert_eq!(gcd_by_hand(&seen(n, &grid, Side::L, i)), Some(clue));
            }
        }
        for opts in [
            EncodeOptions {
                card: Card::SeqCounter,
                ..EncodeOptions::default()
            },
            EncodeOptions {
                amo: Amo::Bitwise,
                ..EncodeOptions::default()
            },
        ] {
            let solved = p.build(opts).solve_unique().unwrap();
            assert!(solved.other.is_none(), "{}: {opts:?}", p.name);
            assert_eq!(solved.grid.as_ref(), Some(&grid), "{}: {opts:?}", p.name);
        }

        let mut eager = p.build_with(EncodeOptions::default(), Connectivity::Eager);
        let mut minisat = External::new("minisat");
        minisat.add_cnf(&eager.cnf);
        let verdict = solve_unique(&mut eager.cnf, &mut minisat).unwrap();
        let Verdict::Unique(m) = verdict else {
            panic!("{}: minisat on the eager CNF says {verdict:?}", p.name);
        };
        assert_eq!(eager.grid(&m), grid, "{}", p.name);
    }
}

/// Bad data is refused naming the field: a short array, a missing half of Hooks 9's pair,
/// data without its rule, concatenations on a grid wider than 9.
#[test]
fn bad_concatenation_clues_name_the_field() {
    let error_of = |v: &serde_json::Value| {
        HooksPuzzle::from_json(&v.to_string())
            .unwrap_err()
            .to_string()
    };
    let six: serde_json::Value = serde_json::from_str(hooks::shipped_json(6).unwrap()).unwrap();
    let nine: serde_json::Value = serde_json::from_str(hooks::shipped_json(9).unwrap()).unwrap();
    let mut short = six.clone();
    short["clues"]["edge_product"]["T"] = serde_json::json!([1, 2]);
    let e = error_of(&short);
    assert!(
        e.contains("clues.edge_product.T") && e.contains("2 entries"),
        "{e}"
    );
    let mut half = nine.clone();
    half["clues"]
        .as_object_mut()
        .unwrap()
        .remove("col_gcd_top_to_bottom");
    let e = error_of(&half);
    assert!(e.contains("clues.col_gcd_top_to_bottom"), "{e}");
    let mut no_rule = six.clone();
    no_rule["rules"] = serde_json::json!(["counts", "edge_product_of_concatenations"]);
    let e = error_of(&no_rule);
    assert!(
        e.contains("clues.edge_gcd") && e.contains("is not listed"),
        "{e}"
    );
    let mut wide = nine.clone();
    wide["n"] = serde_json::json!(10);
    let e = error_of(&wide);
    assert!(e.starts_with("n:") && e.contains("decimal"), "{e}");
}
