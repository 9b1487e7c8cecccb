//! Step-by-step explanations: the whole explanation of the zebra puzzle (target < 1 s),
//! Einstein's puzzle, the Jindosh Riddle (< 200 ms), a long Inquest case (< 2 s) and a
//! generated 10-position, 5-category grid (< 1 s), and one that spends the default budget,
//! by default and without a budget (`--exhaustive`); and rows of n values placed by n clues "v is at position i"
//! (n = 20, 50, 100), where every step takes one clue. Each iteration builds the clued model
//! and explains from nothing.

mod support;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use satpuz::puzzles::grid::GridPuzzle;
use satpuz::puzzles::grid::family::clued;
use satpuz::puzzles::grid::generate::{GridShape, generate};
use satpuz::puzzles::inquest::{Length, deal};
use satpuz::puzzles::jindosh;
use satpuz::solve::steps::{Stepper, explain, explain_from};

fn bench_one(c: &mut Criterion, name: &str, puzzle: &GridPuzzle) {
    c.bench_function(name, |b| {
        b.iter(|| {
            let clued = clued(puzzle).unwrap();
            let ex = explain(&clued, &[]).unwrap();
            black_box(ex.steps.len())
        })
    });
}

fn explanations(c: &mut Criterion) {
    let zebra =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/encodings/zebra.json"))
            .unwrap();
    bench_one(c, "explain_zebra", &GridPuzzle::from_json(&zebra).unwrap());
    let einstein = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/encodings/einstein.json"
    ))
    .unwrap();
    bench_one(
        c,
        "explain_einstein",
        &GridPuzzle::from_json(&einstein).unwrap(),
    );
    bench_one(c, "explain_jindosh", &jindosh::puzzle().unwrap());
    // Seed 1's long case has case splits: the slowest of the long cases tried.
    bench_one(
        c,
        "explain_inquest_long_seed1",
        &deal(1, Length::Long).unwrap().puzzle(),
    );
    let shape = GridShape {
        positions: 10,
        categories: 5,
    };
    bench_one(
        c,
        "explain_grid_10x5_seed1",
        &generate(shape, 1).unwrap().puzzle,
    );
    // Seed 4 spends the default budget: by default and without one (`explain --exhaustive`).
    let seed4 = generate(shape, 4).unwrap().puzzle;
    bench_one(c, "explain_grid_10x5_seed4", &seed4);
    c.bench_function("explain_grid_10x5_seed4_exhaustive", |b| {
        b.iter(|| {
            let clued = clued(&seed4).unwrap();
            let stepper = Stepper::new(&clued, &[]).unwrap().exhaustive();
            black_box(explain_from(stepper).unwrap().steps.len())
        })
    });
    for n in [20, 50, 100] {
        bench_one(
            c,
            &format!("explain_placed_row_{n}"),
            &support::placed_row(n),
        );
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = explanations
}
criterion_main!(benches);
