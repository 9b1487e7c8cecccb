//! Portia's caskets: generating each catalogue with a SAT proof (solve, block, UNSAT) of every
//! candidate, per solver strategy, and all three catalogues together (Portia II under the
//! default, sound rule).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use satpuz::puzzles::portia::catalogue::{CatalogueOptions, Generation, Rule, Strategy, generate};

fn catalogue(generation: Generation, rule: Rule, strategy: Strategy) -> usize {
    let mut opts = CatalogueOptions::new(generation);
    opts.rule = rule;
    opts.strategy = strategy;
    generate(&opts).expect("the solver does not fail").len()
}

fn catalogues(c: &mut Criterion) {
    let mut group = c.benchmark_group("portia_catalogue");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    let cases = [
        ("I", Generation::One, Rule::Sound, 348),
        ("II-sound", Generation::Two, Rule::Sound, 30480),
        ("II-seed", Generation::Two, Rule::Seed, 16152),
        ("III", Generation::Three, Rule::Sound, 3600),
    ];
    for strategy in [Strategy::Shared, Strategy::Incremental, Strategy::Fresh] {
        let name = match strategy {
            Strategy::Shared => "shared",
            Strategy::Incremental => "incremental",
            Strategy::Fresh => "fresh",
        };
        for (label, generation, rule, count) in cases {
            group.bench_function(format!("{label}/{name}"), |b| {
                b.iter(|| {
                    let n = catalogue(generation, rule, strategy);
                    assert_eq!(n, count);
                    black_box(n)
                })
            });
        }
    }
    group.bench_function("all-three/shared", |b| {
        b.iter(|| {
            let n = catalogue(Generation::One, Rule::Sound, Strategy::Shared)
                + catalogue(Generation::Two, Rule::Sound, Strategy::Shared)
                + catalogue(Generation::Three, Rule::Sound, Strategy::Shared);
            assert_eq!(n, 348 + 30480 + 3600);
            black_box(n)
        })
    });
    group.finish();
}

criterion_group!(benches, catalogues);
criterion_main!(benches);
