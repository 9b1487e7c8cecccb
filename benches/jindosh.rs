//! Jindosh Riddle: encode + solve + uniqueness proof per encoding; the same through the route
//! `satpuz solve jindosh` takes (the built-in name, the family's solving model); and counting a
//! relaxed version (the last three clues of the seed's list dropped).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use satpuz::choice::Choice;
use satpuz::encode::{Amo, Encoding};
use satpuz::model::EncodeOptions;
use satpuz::puzzles::{BuildOptions, Params, Purpose, jindosh, registry};
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

/// What `satpuz solve jindosh` does in the library, the process's start and printing aside.
fn solve_command_route(c: &mut Criterion) {
    c.bench_function("jindosh_solve_command_route", |b| {
        b.iter(|| {
            let loaded = registry()
                .iter()
                .find_map(|family| family.load_builtin("jindosh", &Params::new()))
                .expect("a built-in name")
                .unwrap();
            let mut inst = loaded.puzzles[0]
                .build(&BuildOptions::default(), Purpose::Solve)
                .unwrap();
            let verdict = inst.solve_unique().unwrap();
            assert!(matches!(verdict, Verdict::Unique(_)));
            black_box(verdict)
        })
    });
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

criterion_group!(benches, solve_jindosh, solve_command_route, count_relaxed);
criterion_main!(benches);
