//! Jindosh Riddle: encode + solve + uniqueness proof per encoding, and counting a relaxed
//! version (the last three clues of the seed's list dropped).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use satpuz::choice::Choice;
use satpuz::encode::{Amo, Encoding};
use satpuz::model::EncodeOptions;
use satpuz::puzzles::jindosh;
use satpuz::solve::{Varisat, Verdict, count, solve_unique};

fn solve_jindosh(c: &mut Criterion) {
    let puzzle = jindosh::puzzle().unwrap();
    let mut group = c.benchmark_group("jindosh_solve_unique");
    for encoding in Encoding::ALL {
        for amo in [Amo::Pairwise, Amo::SeqCounter] {
            let opts = EncodeOptions {
                encoding,
                amo,
                ..EncodeOptions::default()
            };
            group.bench_function(format!("{}-{}", encoding.name(), amo.name()), |b| {
                b.iter(|| {
                    let grid = puzzle.build().unwrap();
                    let mut enc = grid.model.encode(opts);
                    let mut solver = Varisat::with_cnf(&enc.cnf);
                    let verdict = solve_unique(&mut enc.cnf, &mut solver).unwrap();
                    assert!(matches!(verdict, Verdict::Unique(_)));
                    black_box(verdict)
                })
            });
        }
    }
    group.finish();
}

fn count_relaxed(c: &mut Criterion) {
    let puzzle = jindosh::puzzle().unwrap();
    let clues = &puzzle.clues[..puzzle.clues.len() - 3];
    let mut group = c.benchmark_group("jindosh_relaxed_count");
    for encoding in Encoding::ALL {
        let opts = EncodeOptions {
            encoding,
            amo: Amo::Pairwise,
            ..EncodeOptions::default()
        };
        group.bench_function(encoding.name(), |b| {
            b.iter(|| {
                let grid = puzzle.build_with(clues).unwrap();
                let mut enc = grid.model.encode(opts);
                black_box(count(&mut enc.cnf, None).unwrap())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solve_jindosh, count_relaxed);
criterion_main!(benches);
