//! `satpuz count FILE.cnf --all --method enumerate` in the library: the enumeration without
//! blocking clauses (`satpuz::solve::enumerate`) next to the blocking count on one thread
//! (`count_split`, what `--method blocking -j 1` runs), on the relaxed 10 x 5 grids of
//! `benches/grid/` exported as `satpuz encode` writes them, and on random 3-SAT with 40
//! variables and 120 clauses (ChaCha8 seed 1). Every enumerated count is asserted against the
//! blocking count.
//!
//! `cargo bench --bench count_enumerate`; filter with e.g. `-- enumerate/`.

mod support;

use support::{blocking, random_3sat};

use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use satpuz::cnf::Cnf;
use satpuz::solve::enumerate::count_enumerate;
use satpuz::solve::stop::Stop;

fn enumerate(cnf: &Cnf) -> u64 {
    count_enumerate(cnf, None, &Stop::new(None), &mut |_| {})
        .expect("counts")
        .found
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("count-enumerate");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    let formulas = [
        ("random-40-120", random_3sat(40, 120, None)),
        (
            "n10-s1-relaxed",
            support::grid_export("n10-s1-relaxed.json").1,
        ),
        (
            "n10-s2-relaxed",
            support::grid_export("n10-s2-relaxed.json").1,
        ),
    ];
    for (name, cnf) in &formulas {
        let expected = blocking(cnf);
        assert_eq!(enumerate(cnf), expected, "{name}");
        eprintln!("{name}: {expected} models");
        group.bench_with_input(BenchmarkId::new("enumerate", name), cnf, |b, cnf| {
            b.iter(|| assert_eq!(enumerate(cnf), expected));
        });
        group.bench_with_input(BenchmarkId::new("blocking-1", name), cnf, |b, cnf| {
            b.iter(|| assert_eq!(blocking(cnf), expected));
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
