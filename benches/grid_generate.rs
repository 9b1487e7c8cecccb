//! `generate grid` (issue 14): one puzzle from nothing (drawing clues, then the cut down to a
//! set in which every clue is needed, within the default proof budget), at 30 and 50 positions
//! with 5 categories: seeds 1 and 2 at 30; at 50, seeds 2 and 6 and the two slowest of
//! generator 2 (4 and 7: 70 s and 90-200 s); and at 50 with the positional clue mix, seeds 4
//! and 7 (the slowest of generator 3: 21 s and 15 s). The target at 50 positions: under 5 s for
//! every seed 1-10.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use satpuz::puzzles::grid::generate::{ClueMix, GridShape, generate, generate_with};

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("grid_generate");
    for (positions, seeds) in [(30, &[1, 2][..]), (50, &[2, 4, 6, 7][..])] {
        let shape = GridShape {
            positions,
            categories: 5,
        };
        for &seed in seeds {
            group.bench_with_input(
                BenchmarkId::new(format!("{positions}x5"), seed),
                &seed,
                |b, &seed| b.iter(|| black_box(generate(shape, seed).unwrap().puzzle.clues.len())),
            );
        }
    }
    let shape = GridShape {
        positions: 50,
        categories: 5,
    };
    for seed in [4, 7] {
        group.bench_with_input(
            BenchmarkId::new("50x5-positional", seed),
            &seed,
            |b, &seed| {
                b.iter(|| {
                    let generated = generate_with(shape, seed, ClueMix::Positional).unwrap();
                    black_box(generated.puzzle.clues.len())
                })
            },
        );
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = generation
}
criterion_main!(benches);
