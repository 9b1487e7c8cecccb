//! Answers and counts from the library against brute force written in this test: the Jindosh
//! Riddle in every encoding, relaxed Jindosh (clues dropped), random small grid puzzles and random
//! small CNF files (with and without a `c p show` projection).

mod common;

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use common::{
    JINDOSH_OWNERS, PlainCnf, all_options, brute_force_grid, jindosh, owners, placement_table,
    random_grid,
};
use rand::RngExt;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use satpuz::choice::Choice;
use satpuz::cnf::dimacs::parse_cnf;
use satpuz::model::EncodeOptions;
use satpuz::puzzles::grid::{Clue, GridPuzzle};
use satpuz::solve::{Varisat, Verdict, count, enumerate, solve_unique};

fn label(opts: EncodeOptions) -> String {
    format!("{}/{}", opts.encoding.name(), opts.amo.name())
}

/// Every solution table of the puzzle with these clues, by the library in one encoding.
fn library_solutions(
    puzzle: &GridPuzzle,
    clues: &[Clue],
    opts: EncodeOptions,
) -> BTreeSet<Vec<Vec<usize>>> {
    let grid = puzzle.build_with(clues).expect("puzzle builds");
    let mut encoded = grid.model.encode(opts);
    let mut solver = Varisat::with_cnf(&encoded.cnf);
    let mut tables = BTreeSet::new();
    let mut cnf = encoded.cnf.clone();
    enumerate(&mut cnf, &mut solver, None, |model| {
        let values = encoded.decode(model).expect("a model decodes");
        tables.insert(grid.answer(&values, puzzle.positions.count).table);
        ControlFlow::Continue(())
    })
    .expect("varisat solves");
    encoded.cnf = cnf;
    tables
}

fn brute_force_solutions(puzzle: &GridPuzzle, clues: &[Clue]) -> BTreeSet<Vec<Vec<usize>>> {
    let mut tables = BTreeSet::new();
    let n = brute_force_grid(puzzle, clues, |pos| {
        tables.insert(placement_table(pos));
    });
    assert_eq!(
        n as usize,
        tables.len(),
        "the brute force met a solution twice"
    );
    tables
}

#[test]
fn jindosh_has_one_answer_in_every_encoding_and_brute_force_agrees() {
    let puzzle = jindosh();
    let expected = brute_force_solutions(&puzzle, &puzzle.clues);
    assert_eq!(
        expected.len(),
        1,
        "brute force: Jindosh has exactly one solution"
    );
    let table = expected.first().expect("one solution");
    let mut issue_answer: Vec<(String, String)> = JINDOSH_OWNERS
        .iter()
        .map(|&(p, h)| (p.to_string(), h.to_string()))
        .collect();
    issue_answer.sort();
    assert_eq!(
        owners(&puzzle, table, "person", "heirloom"),
        issue_answer,
        "the brute force's answer is the one the issue states"
    );

    let grid = puzzle.build().expect("jindosh builds");
    for opts in all_options() {
        let mut encoded = grid.model.encode(opts);
        let mut solver = Varisat::with_cnf(&encoded.cnf);
        let verdict = solve_unique(&mut encoded.cnf, &mut solver).expect("varisat solves");
        let Verdict::Unique(model) = verdict else {
            panic!(
                "{}: expected a unique solution, got {verdict:?}",
                label(opts)
            );
        };
        let values = encoded.decode(&model).expect("the model decodes");
        let answer = grid.answer(&values, puzzle.positions.count);
        assert_eq!(&answer.table, table, "{}: answer differs", label(opts));

        let mut fresh = grid.model.encode(opts);
        assert_eq!(
            count(&mut fresh.cnf, None).expect("count"),
            1,
            "{}: count",
            label(opts)
        );
    }
}

/// The library's solution set equals the brute force's, in every encoding (and, with
/// `also_count`, so does `count`).
fn check_relaxed(puzzle: &GridPuzzle, clues: &[Clue], what: &str, also_count: bool) -> usize {
    let expected = brute_force_solutions(puzzle, clues);
    for opts in all_options() {
        let got = library_solutions(puzzle, clues, opts);
        assert!(
            got == expected,
            "{what}, {}: the library finds {} solutions, brute force {} (first missing: {:?}, \
             first extra: {:?})",
            label(opts),
            got.len(),
            expected.len(),
            expected.difference(&got).next(),
            got.difference(&expected).next(),
        );
        if !also_count {
            continue;
        }
        let grid = puzzle.build_with(clues).expect("builds");
        let mut encoded = grid.model.encode(opts);
        assert_eq!(
            count(&mut encoded.cnf, None).expect("count"),
            expected.len() as u64,
            "{what}, {}: count",
            label(opts)
        );
    }
    expected.len()
}

#[test]
fn relaxed_jindosh_without_the_last_three_clues_has_the_brute_force_count() {
    let puzzle = jindosh();
    let kept = &puzzle.clues[..puzzle.clues.len() - 3];
    let n = check_relaxed(&puzzle, kept, "Jindosh without its last three clues", true);
    // The issue's figure for this relaxation (also the criterion bench's workload).
    assert_eq!(n, 140, "brute force count of relaxed Jindosh");
}

#[test]
fn jindosh_with_random_clues_dropped_has_the_brute_force_count() {
    let puzzle = jindosh();
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0001);
    let mut counts = Vec::new();
    for _ in 0..8 {
        let mut indices: Vec<usize> = (0..puzzle.clues.len()).collect();
        indices.shuffle(&mut rng);
        let dropped = rng.random_range(1..=3);
        let mut kept_idx = indices[dropped..].to_vec();
        kept_idx.sort();
        let kept: Vec<Clue> = kept_idx.iter().map(|&i| puzzle.clues[i].clone()).collect();
        let dropped_idx: Vec<usize> = indices[..dropped].iter().map(|i| i + 1).collect();
        counts.push(check_relaxed(
            &puzzle,
            &kept,
            &format!("Jindosh without clues {dropped_idx:?} (1-based)"),
            false,
        ));
    }
    eprintln!("relaxed Jindosh counts: {counts:?}");
}

const RANDOM_GRIDS: usize = 300;
/// Instances with more solutions are redrawn: enumerating thousands of solutions in ten
/// encodings would cost seconds and test nothing the smaller counts do not.
const MAX_GRID_SOLUTIONS: u64 = 150;

#[test]
fn random_grid_puzzles_count_exactly_in_every_encoding() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0002);
    let (mut total, mut redrawn, mut unsat) = (0u64, 0, 0);
    for i in 0..RANDOM_GRIDS {
        let (puzzle, expected) = loop {
            let clues = rng.random_range(1..=5);
            let puzzle = random_grid(&mut rng, clues);
            let expected = brute_force_grid(&puzzle, &puzzle.clues, |_| {});
            if expected <= MAX_GRID_SOLUTIONS {
                break (puzzle, expected);
            }
            redrawn += 1;
        };
        total += expected;
        unsat += usize::from(expected == 0);
        let grid = puzzle.build().unwrap_or_else(|e| {
            panic!(
                "instance {i}: does not build: {e}\n{}",
                serde_json::to_string_pretty(&puzzle).expect("json")
            )
        });
        for opts in all_options() {
            let mut encoded = grid.model.encode(opts);
            let got = count(&mut encoded.cnf, None).expect("count");
            assert_eq!(
                got,
                expected,
                "instance {i}, {}: library count {got}, brute force {expected}; the puzzle:\n{}",
                label(opts),
                serde_json::to_string_pretty(&puzzle).expect("json")
            );
        }
    }
    eprintln!(
        "{RANDOM_GRIDS} random grids ({unsat} without solution, {redrawn} redrawn for having more \
         than {MAX_GRID_SOLUTIONS}), {total} solutions in all (per encoding)"
    );
}

const RANDOM_CNFS: usize = 300;
/// Formulas with more models are redrawn (enumeration time, not coverage).
const MAX_CNF_MODELS: u64 = 500;

fn check_random_cnfs(seed: u64, with_show: bool) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut total, mut redrawn, mut unsat) = (0, 0, 0);
    for i in 0..RANDOM_CNFS {
        let (plain, expected) = loop {
            let plain = PlainCnf::random(&mut rng, with_show);
            let expected = plain.brute_force_count();
            if expected <= MAX_CNF_MODELS {
                break (plain, expected);
            }
            redrawn += 1;
        };
        let text = plain.to_dimacs();
        total += expected;
        unsat += usize::from(expected == 0);
        let mut parsed = parse_cnf(text.as_bytes(), false)
            .unwrap_or_else(|e| panic!("instance {i}: parse error {e}\n{text}"));
        let got = count(&mut parsed.cnf, None).expect("count");
        assert_eq!(
            got, expected,
            "instance {i}: library count {got}, brute force {expected}; the file:\n{text}"
        );
    }
    eprintln!(
        "{RANDOM_CNFS} random CNFs (projected: {with_show}; {unsat} UNSAT, {redrawn} redrawn for \
         more than {MAX_CNF_MODELS} models), {total} models in all"
    );
}

#[test]
fn random_cnfs_count_exactly() {
    check_random_cnfs(0x5eed_0003, false);
}

#[test]
fn random_cnfs_count_exactly_with_projection() {
    check_random_cnfs(0x5eed_0004, true);
}

/// The reduced encoding (values ruled out at the root fixed false and left out of the other
/// clauses, what `solve` and `count` use) has exactly the brute force's answers, on the model as
/// the file states it and on the merged one, in every domain encoding. Enough clues that root
/// propagation rules values out (it does on many instances: counted below).
#[test]
fn reduced_encoding_has_the_brute_force_answers() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0003);
    let (mut pruned, mut total) = (0, 0u64);
    for i in 0..200 {
        let (puzzle, expected) = loop {
            let clues = rng.random_range(2..=8);
            let puzzle = random_grid(&mut rng, clues);
            let expected = brute_force_solutions(&puzzle, &puzzle.clues);
            if expected.len() as u64 <= MAX_GRID_SOLUTIONS {
                break (puzzle, expected);
            }
        };
        total += expected.len() as u64;
        for grid in [puzzle.build(), puzzle.build_merged()] {
            let grid = grid.expect("random puzzles build");
            for opts in all_options() {
                let full = grid.model.encode(opts);
                let mut reduced = grid.model.encode_reduced(opts);
                pruned += usize::from(reduced.cnf.num_clauses() < full.cnf.num_clauses());
                let mut solver = Varisat::with_cnf(&reduced.cnf);
                let mut tables = BTreeSet::new();
                let mut cnf = reduced.cnf.clone();
                enumerate(&mut cnf, &mut solver, None, |model| {
                    let values = reduced.decode(model).expect("a model decodes");
                    tables.insert(grid.answer(&values, puzzle.positions.count).table);
                    ControlFlow::Continue(())
                })
                .expect("varisat solves");
                reduced.cnf = cnf;
                assert_eq!(
                    tables,
                    expected,
                    "instance {i}, {}: reduced encoding's answers differ from brute force:\n{}",
                    label(opts),
                    serde_json::to_string_pretty(&puzzle).expect("json")
                );
            }
        }
    }
    // The test tests something: of the 2,000 one-hot encodings (the bit-vector ones are never
    // reduced), hundreds lost clauses to the reduction (795 when written).
    assert!(pruned > 500, "only {pruned} reduced encodings were smaller");
    eprintln!("{pruned} reduced encodings smaller than the full ones, {total} answers in all");
}
