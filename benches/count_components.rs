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

use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use num_bigint::BigUint;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satpuz::cnf::Cnf;
use satpuz::cnf::dimacs::parse_cnf;
use satpuz::solve::components::{ComponentCount, ComponentOptions, count_components_with};
use satpuz::solve::split::{Split, count_split};
use satpuz::solve::stop::Stop;

/// Random 3-SAT over `vars` variables with `clauses` clauses (seed 1), every variable counted.
fn random_3sat(vars: i32, clauses: usize) -> Cnf {
    random_3sat_projected(vars, clauses, None)
}

/// Random 3-SAT as [`random_3sat`], counted on variables 1 to `shown` when given (`c p show`).
fn random_3sat_projected(vars: i32, clauses: usize, shown: Option<i32>) -> Cnf {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut text = String::new();
    if let Some(shown) = shown {
        let list: Vec<String> = (1..=shown).map(|v| v.to_string()).collect();
        text.push_str(&format!("c p show {} 0\n", list.join(" ")));
    }
    text.push_str(&format!("p cnf {vars} {clauses}\n"));
    for _ in 0..clauses {
        for _ in 0..3 {
            let v: i32 = rng.random_range(1..=vars);
            text.push_str(&format!("{} ", if rng.random_bool(0.5) { v } else { -v }));
        }
        text.push_str("0\n");
    }
    parse_cnf(text.as_bytes(), false).expect("read").cnf
}

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

fn blocking(cnf: &Cnf) -> u64 {
    count_split(cnf, None, &Stop::new(None), 1, Split::default(), &|_| {})
        .expect("counts")
        .found
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("count-components");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(20));
    // (name, formula, whether the blocking count fits a bench)
    let formulas = [
        ("random-50-150", random_3sat(50, 150), false),
        ("random-75-150", random_3sat(75, 150), false),
        (
            "random-60-150-show30",
            random_3sat_projected(60, 150, Some(30)),
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
