//! Generated logic-grid puzzles at 5 to 50 positions (5 categories): solving (answer plus
//! uniqueness proof) and counting, from the parsed file to the verdict (model, encoding, solver
//! load and search all timed).
//!
//! The puzzles are the files in `benches/grid/`, made by `satpuz generate grid --positions N
//! --categories 5 --seed S` (unique, every clue needed) and the same with `--solutions
//! 24..3000` (clues removed at random until the count is in range). `benches/grid_compare.py`
//! counts the same files with PySAT and OR-tools CP-SAT. A second set, `benches/grid/positional/`
//! (`--clue-mix positional`, 5 to 50 positions; at 40 and 50 also with clues removed), has a
//! clue mix dominated by somewhere left/right of, next to and distances. A third, `benches/grid/planted/` (20 to 100 positions), is written
//! by other rules: `benches/grid/plant.py` plants an arrangement and adds random true clues
//! (same, next_to, left_of, somewhere_left_of, at, not at) until the answer is unique. Two
//! more, at 40 and 50 positions: `benches/grid/refute/` (`benches/grid_refute.py`: clues that
//! refute the second answer CaDiCaL finds, then minimised; same-heavy) and `benches/grid/batch/`
//! (`benches/grid_batch.py`: random true clues in bulk, then removed in random batches).
//!
//! Encodings compared (ids in the bench names):
//! - `plain-pairwise`: one variable per value, one-hot, pairwise at-most-one (the general default);
//! - `merged-*`: values that clues tie at a fixed distance (same, left_of, right_of, left_by,
//!   right_by) share a variable (`GridPuzzle::build_merged`, what `satpuz solve` and `count`
//!   use), values ruled out at the root left out of the clauses (`Model::encode_reduced`), with
//!   pairwise (the default) or sequential-counter at-most-one. Commander and ladder
//!   were measured too and were slower than pairwise on the 30- and 50-position puzzles.
//!
//! - `merged-pairwise` counts as `satpuz count` does (`count_only_on`: answers one swap apart
//!   found without the solver, classes of answers blocked by one clause), on varisat with the
//!   grids' tuning (`GRID_TUNING`, as `satpuz solve` and `count`); `merged-pairwise-blocking`
//!   with one SAT call per answer; `merged-pairwise-unshrunk` as `merged-pairwise`, its learned
//!   clauses not shrunk (before `vendor/varisat/PATCHES.md`);
//!   `merged-pairwise-varisat-defaults` as `merged-pairwise`, on varisat's own defaults (the
//!   tuning's before, shrinking as the tuning does); `merged-pairwise-unreduced` as
//!   `merged-pairwise`, every value kept in the clauses (before `encode_reduced`);
//! - `merged-pairwise-cadical` (only with `--features cadical`): as `merged-pairwise`, on an
//!   in-process CaDiCaL instead of varisat.
//!
//! `grid/count-external` counts three small files on minisat and CaDiCaL run as processes (they
//! must be on the PATH), as `satpuz count --solver minisat|cadical` does.
//!
//! `cargo bench --bench grid_scale` runs all; filter with e.g. `-- count/merged-pairwise/`.

use std::ops::ControlFlow;
use std::path::Path;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use satpuz::encode::{Amo, Encoding};
use satpuz::model::{EncodeOptions, Encoded};
use satpuz::puzzles::grid::answers::{GRID_TUNING, SingleAnswer, count_only_on, grid_solver};
use satpuz::puzzles::grid::{GridModel, GridPuzzle};
use satpuz::solve::external::SolverChoice;
use satpuz::solve::stop::Stop;
use satpuz::solve::{Backend, Tuning, Varisat, Verdict, enumerate, solve_unique};

#[derive(Clone, Copy)]
struct Variant {
    id: &'static str,
    merged: bool,
    amo: Amo,
    /// Count with `count_only_on` (swaps and classes as well as SAT calls) instead of one SAT
    /// call per answer.
    swaps: bool,
    /// Encode with the values ruled out at the root left out (`Model::encode_reduced`).
    reduced: bool,
    /// The solver it runs on.
    solver: Solver,
}

#[derive(Clone, Copy, PartialEq)]
enum Solver {
    /// varisat with the grids' tuning (`GRID_TUNING`), as `satpuz solve` and `count` run.
    Tuned,
    /// varisat with the grids' tuning but its learned clauses unshrunk, as published.
    TunedUnshrunk,
    /// varisat with its own defaults.
    VarisatDefaults,
    /// CaDiCaL (cargo feature `cadical`).
    #[cfg_attr(not(feature = "cadical"), allow(dead_code))]
    Cadical,
}

/// The solver a variant runs on, loaded with `cnf`.
fn backend(v: Variant, cnf: &satpuz::cnf::Cnf) -> Box<dyn Backend> {
    match v.solver {
        Solver::Tuned => Box::new(grid_solver(cnf)),
        Solver::TunedUnshrunk => Box::new(Varisat::with_cnf_tuned(
            cnf,
            Tuning {
                shrink_learnt_clauses: false,
                ..GRID_TUNING
            },
        )),
        Solver::VarisatDefaults => Box::new(Varisat::with_cnf(cnf)),
        #[cfg(feature = "cadical")]
        Solver::Cadical => Box::new(satpuz::solve::cadical::Cadical::with_cnf(cnf)),
        #[cfg(not(feature = "cadical"))]
        Solver::Cadical => unreachable!("the cadical variant is only listed with the feature"),
    }
}

const VARIANTS: &[Variant] = &[
    Variant {
        id: "plain-pairwise",
        merged: false,
        amo: Amo::Pairwise,
        swaps: false,
        reduced: false,
        solver: Solver::Tuned,
    },
    Variant {
        id: "merged-pairwise-blocking",
        merged: true,
        amo: Amo::Pairwise,
        swaps: false,
        reduced: true,
        solver: Solver::Tuned,
    },
    Variant {
        id: "merged-pairwise",
        merged: true,
        amo: Amo::Pairwise,
        swaps: true,
        reduced: true,
        solver: Solver::Tuned,
    },
    Variant {
        id: "merged-pairwise-unshrunk",
        merged: true,
        amo: Amo::Pairwise,
        swaps: true,
        reduced: true,
        solver: Solver::TunedUnshrunk,
    },
    Variant {
        id: "merged-pairwise-varisat-defaults",
        merged: true,
        amo: Amo::Pairwise,
        swaps: true,
        reduced: true,
        solver: Solver::VarisatDefaults,
    },
    Variant {
        id: "merged-pairwise-unreduced",
        merged: true,
        amo: Amo::Pairwise,
        swaps: true,
        reduced: false,
        solver: Solver::Tuned,
    },
    Variant {
        id: "merged-seqcounter",
        merged: true,
        amo: Amo::SeqCounter,
        swaps: true,
        reduced: true,
        solver: Solver::Tuned,
    },
    #[cfg(feature = "cadical")]
    Variant {
        id: "merged-pairwise-cadical",
        merged: true,
        amo: Amo::Pairwise,
        swaps: true,
        reduced: true,
        solver: Solver::Cadical,
    },
];

fn encoded(p: &GridPuzzle, v: Variant) -> (GridModel, Encoded) {
    let grid = if v.merged {
        p.build_merged()
    } else {
        p.build()
    }
    .expect("bench puzzles build");
    let opts = EncodeOptions {
        encoding: Encoding::OneHot,
        amo: v.amo,
        ..EncodeOptions::default()
    };
    let encoded = if v.reduced {
        grid.model.encode_reduced(opts)
    } else {
        grid.model.encode(opts)
    };
    (grid, encoded)
}

/// All the answers, as `satpuz count` finds them in this variant.
fn count_all(p: &GridPuzzle, v: Variant) -> u64 {
    let (grid, mut e) = encoded(p, v);
    if v.swaps {
        let mut solver = backend(v, &e.cnf);
        // As `satpuz count` on varisat (in-process CaDiCaL variants alike).
        let single = SingleAnswer::Short;
        count_only_on(
            &grid,
            &e,
            &mut *solver,
            single,
            None,
            &Stop::default(),
            || {},
        )
        .expect("counts")
        .found
    } else {
        let mut solver = backend(v, &e.cnf);
        enumerate(
            &mut e.cnf,
            &mut *solver,
            None,
            |_| ControlFlow::Continue(()),
        )
        .expect("counts")
    }
}

/// The bench files, smallest first: (name, puzzle, its solution count). The standard set is
/// `benches/grid/*.json`; the second set, `benches/grid/positional/` (named `positional-...`),
/// was made with `--clue-mix positional`: mostly somewhere left/right of, next to and
/// undirected distances, few values tied at a fixed offset; the third, `benches/grid/planted/`
/// (`planted-...`), by `benches/grid/plant.py`; `benches/grid/refute/` and `benches/grid/batch/`
/// (`refute-...`, `batch-...`) by `benches/grid_refute.py` and `benches/grid_batch.py`.
fn puzzles() -> Vec<(String, GridPuzzle, u64)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/grid");
    let mut out = Vec::new();
    let sets = [
        (root.clone(), ""),
        (root.join("positional"), "positional-"),
        (root.join("planted"), "planted-"),
        (root.join("refute"), "refute-"),
        (root.join("batch"), "batch-"),
    ];
    for (dir, prefix) in sets {
        let files: Vec<_> = std::fs::read_dir(&dir)
            .expect("benches/grid")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        let mut set: Vec<(String, GridPuzzle)> = files
            .iter()
            .map(|path| {
                let text = std::fs::read_to_string(path).expect("readable");
                let p = GridPuzzle::from_json(&text).expect("a puzzle file");
                let stem = path.file_stem().unwrap().to_string_lossy();
                (format!("{prefix}{stem}"), p)
            })
            .collect();
        // By size, then name (`n100` sorts after `n50`).
        set.sort_by(|a, b| (a.1.positions.count, &a.0).cmp(&(b.1.positions.count, &b.0)));
        for (name, p) in set {
            // Counted by the plain encoding: the variants are checked against it.
            let n = count_all(&p, VARIANTS[0]);
            out.push((name, p, n));
        }
    }
    out
}

fn grid_scale(c: &mut Criterion) {
    let puzzles = puzzles();
    for (name, p, n) in &puzzles {
        eprintln!("{name}: {} clues, {n} solution(s)", p.clues.len());
    }
    for task in ["solve", "count"] {
        let mut group = c.benchmark_group(format!("grid/{task}"));
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2));
        for &v in VARIANTS {
            for (name, p, n) in &puzzles {
                // A unique puzzle's count is its uniqueness proof: one bench of the two. Solving
                // does not count, so the blocking variant is the swapping one there.
                if (task == "count" && *n == 1) || (task == "solve" && v.merged && !v.swaps) {
                    continue;
                }
                group.bench_with_input(BenchmarkId::new(v.id, name), p, |b, p| {
                    b.iter(|| {
                        if task == "solve" {
                            let (_, mut e) = encoded(p, v);
                            let mut solver = backend(v, &e.cnf);
                            let verdict = solve_unique(&mut e.cnf, &mut *solver).expect("solves");
                            assert_eq!(matches!(verdict, Verdict::Unique(_)), *n == 1);
                        } else {
                            assert_eq!(count_all(p, v), *n);
                        }
                    })
                });
            }
        }
        group.finish();
    }
}

/// Counts on solvers run as processes, as `satpuz count FILE --all --solver minisat|cadical`
/// does: the same walk of swaps and classes, a class of one answer blocked whole
/// (`SingleAnswer::Whole`), one process per answer the walk cannot reach and one for the final
/// UNSAT. Small files only: a process costs milliseconds to start, so a count of hundreds of
/// far answers takes seconds to minutes (figures in docs/trust.md).
fn grid_count_external(c: &mut Criterion) {
    const FILES: [&str; 3] = ["n10-s2-relaxed", "n20-s1-relaxed", "n20-s3-relaxed"];
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/grid");
    let mut group = c.benchmark_group("grid/count-external");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5));
    for name in FILES {
        let text = std::fs::read_to_string(root.join(format!("{name}.json"))).expect("readable");
        let p = GridPuzzle::from_json(&text).expect("a puzzle file");
        let expected = count_all(&p, VARIANTS[0]);
        // CaDiCaL as `cmd:`: a process in every build (`cadical` is in process with the
        // feature `cadical`).
        for (solver, command) in [("minisat", "minisat"), ("cadical", "cmd:cadical -q")] {
            let choice = SolverChoice::parse(command).expect("a solver");
            assert!(
                matches!(choice, SolverChoice::Program(_)),
                "{command} is run as a process"
            );
            group.bench_with_input(BenchmarkId::new(solver, name), &p, |b, p| {
                b.iter(|| {
                    let grid = p.build_merged().expect("bench puzzles build");
                    let encoded = grid.model.encode_reduced(EncodeOptions::default());
                    let mut backend = choice.backend(&encoded.cnf);
                    let found = count_only_on(
                        &grid,
                        &encoded,
                        &mut *backend,
                        SingleAnswer::Whole,
                        None,
                        &Stop::default(),
                        || {},
                    )
                    .expect("counts")
                    .found;
                    assert_eq!(found, expected);
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, grid_scale, grid_count_external);
criterion_main!(benches);
