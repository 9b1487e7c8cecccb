//! `satpuz count FILE.cnf --all` in the library: a DIMACS formula's projected models counted
//! by blocking clauses in one piece (`Split::NEVER`, the count before splitting), split into
//! cubes on one thread, and split on two (`count_split`, what `count` runs, `-j 1` / `-j 2`).
//!
//! The formulas: logic grids with clues removed, exported as `satpuz encode` writes them (one
//! variable per value, projected on the `c p show` line) and read back as `count` reads a
//! file; and a random 3-SAT formula (seeded) projected on 20 of its 60 variables, for a
//! formula that is not a puzzle. Every count is asserted against the one-piece count (or, for
//! the files too slow to count in one piece in a bench, the grid's own count).
//!
//! `cargo bench --bench count_cnf`; filter with e.g. `-- split-2`.

mod support;

use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satpuz::cnf::Cnf;
use satpuz::cnf::dimacs::parse_cnf;
use satpuz::puzzles::grid::answers::count_only;
use satpuz::solve::split::{Split, count_split};
use satpuz::solve::stop::Stop;

/// A grid file's export formula, through DIMACS text as `encode` writes it and `count` reads
/// it, and the grid's own count of its answers (the walk of swaps and classes, a second route).
fn grid(file: &str) -> (Cnf, u64) {
    let (puzzle, cnf) = support::grid_export(file);
    let merged = puzzle.build_merged().expect("builds");
    let encoded = merged.model.encode(Default::default());
    let answers = count_only(&merged, &encoded, None, &Stop::new(None), || {})
        .expect("counts")
        .found;
    eprintln!(
        "{file}: {} variables, {} clauses, {answers} answers",
        cnf.num_vars(),
        cnf.num_clauses()
    );
    (cnf, answers)
}

/// Random 3-SAT: 60 variables, 150 clauses, projected on variables 1-20 (seed 5).
fn random_3sat() -> Cnf {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut text = String::from("c p show");
    for v in 1..=20 {
        text.push_str(&format!(" {v}"));
    }
    text.push_str(" 0\np cnf 60 150\n");
    for _ in 0..150 {
        for _ in 0..3 {
            let v: i32 = rng.random_range(1..=60);
            text.push_str(&format!("{} ", if rng.random_bool(0.5) { v } else { -v }));
        }
        text.push_str("0\n");
    }
    parse_cnf(text.as_bytes(), false).expect("read").cnf
}

fn count(cnf: &Cnf, jobs: usize, split: Split) -> u64 {
    count_split(cnf, None, &Stop::new(None), jobs, split, &|_| {})
        .expect("counts")
        .found
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("count-cnf");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    // (name, formula, its count, whether the one-piece count fits a bench)
    let random = random_3sat();
    let random_count = count(&random, 1, Split::NEVER);
    let mut formulas = vec![("random-3sat-60", random, random_count, true)];
    for (name, file, one_piece) in [
        ("n10-s1-relaxed", "n10-s1-relaxed.json", true),
        ("n10-s2-relaxed", "n10-s2-relaxed.json", true),
        (
            "positional-n50-s1-relaxed",
            "positional/n50-s1-relaxed.json",
            false,
        ),
    ] {
        let (cnf, answers) = grid(file);
        formulas.push((name, cnf, answers, one_piece));
    }
    for (name, cnf, expected, one_piece) in &formulas {
        let mut variants = vec![
            ("split-1", 1, Split::default()),
            ("split-2", 2, Split::default()),
        ];
        if *one_piece {
            variants.insert(0, ("one-piece", 1, Split::NEVER));
        }
        for (id, jobs, split) in variants {
            group.bench_with_input(BenchmarkId::new(id, name), cnf, |b, cnf| {
                b.iter(|| assert_eq!(count(cnf, jobs, split), *expected, "{id} {name}"));
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
