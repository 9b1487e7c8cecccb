//! The explanation of a generated 20-position, 5-category grid (seed 1, 74 clues), apart
//! from `benches/explain.rs` because one explanation takes about a minute of processor time:
//! criterion's least run (10 samples, after one warm-up iteration) takes about ten minutes of
//! processor time. Run it on its own:
//! `cargo bench --features cadical --bench explain_large`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use satpuz::puzzles::grid::family::clued;
use satpuz::puzzles::grid::generate::{GridShape, generate};
use satpuz::solve::steps::explain;

fn explanation(c: &mut Criterion) {
    let shape = GridShape {
        positions: 20,
        categories: 5,
    };
    let puzzle = generate(shape, 1).unwrap().puzzle;
    c.bench_function("explain_grid_20x5_seed1", |b| {
        b.iter(|| {
            let clued = clued(&puzzle).unwrap();
            let ex = explain(&clued, &[]).unwrap();
            black_box(ex.steps.len())
        })
    });
}

criterion_group! {
    name = benches;
    // The fewest samples criterion takes; the time asked for is less than ten explanations,
    // so criterion runs each sample once and says it needed longer.
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(60));
    targets = explanation
}
criterion_main!(benches);
