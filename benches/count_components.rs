//! `satpuz count FILE.cnf --all --method components` in the library: the count by components
//! (`satpuz::solve::components`) next to the blocking count split on one thread (`count_split`,
//! what `--method blocking -j 1` runs) where that fits a bench.
//!
//! The formulas: random 3-SAT (seeded) with 50 variables and 150 clauses (about 10^6 models),
//! with 75 variables and 150 clauses (about 10^13: components only) and with 60 variables and
//! 150 clauses projected on 30 (also without the preprocessing, to show its gain), and logic grids with clues
//! removed (`benches/grid/*-relaxed.json`), exported as `satpuz encode` writes them and read
//! back as `count` reads a file. Every count by components is asserted against the blocking
//! count (or, where that is too slow for a bench, against the count of the first iteration,
//! which the tests check against brute force on small files).
//!
//! `cargo bench --bench count_components`; filter with e.g. `-- random-75`.

mod support;

use support::{blocking, random_3sat};

use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use num_bigint::BigUint;
use satpuz::cnf::Cnf;
use satpuz::solve::components::{ComponentCount, ComponentOptions, count_components_with};
use satpuz::solve::stop::Stop;

/// A grid file's export formula, as `count` reads it.
fn grid(file: &str) -> Cnf {
    support::grid_export(file).1
}

fn components(cnf: &Cnf) -> BigUint {
    components_with(cnf, ComponentOptions::default())
}

fn components_with(cnf: &Cnf, options: ComponentOptions) -> BigUint {
    match count_components_with(cnf, &Stop::new(None), options)
        .expect("countable")
        .0
    {
        ComponentCount::Exact(n) => n,
        ComponentCount::Stopped(_) => unreachable!("no stop was set"),
    }
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("count-components");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    // (name, formula, whether the blocking count fits a bench)
    let formulas = [
        ("random-50-150", random_3sat(50, 150, None), false),
        ("random-75-150", random_3sat(75, 150, None), false),
        (
            "random-60-150-show30",
            random_3sat(60, 150, Some(30)),
            false,
        ),
        ("n10-s1-relaxed", grid("n10-s1-relaxed.json"), true),
        ("n10-s2-relaxed", grid("n10-s2-relaxed.json"), true),
    ];
    for (name, cnf, with_blocking) in &formulas {
        let expected = components(cnf);
        eprintln!(
            "{name}: {} variables, {} clauses, {expected} models",
            cnf.num_vars(),
            cnf.num_clauses()
        );
        if *with_blocking {
            assert_eq!(BigUint::from(blocking(cnf)), expected, "{name}");
            group.bench_with_input(BenchmarkId::new("blocking-1", name), cnf, |b, cnf| {
                b.iter(|| assert_eq!(BigUint::from(blocking(cnf)), expected));
            });
        }
        group.bench_with_input(BenchmarkId::new("components", name), cnf, |b, cnf| {
            b.iter(|| assert_eq!(components(cnf), expected));
        });
        if name.contains("show") {
            // What the preprocessing of the projection gains.
            let raw = ComponentOptions { preprocess: false };
            assert_eq!(components_with(cnf, raw), expected, "{name}");
            let id = BenchmarkId::new("components-unpreprocessed", name);
            group.bench_with_input(id, cnf, |b, cnf| {
                b.iter(|| assert_eq!(components_with(cnf, raw), expected));
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
