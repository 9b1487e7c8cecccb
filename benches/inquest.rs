//! The Inquest: time per dealt case (arrangement, every true statement, the cut to a minimal
//! set with one incremental solver, the sentences). Each iteration deals the next seed, so a
//! sample averages over many different cases rather than timing one case again and again.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use satpuz::puzzles::inquest::{Length, deal};

fn bench_length(c: &mut Criterion, name: &str, length: Length) {
    // Parse the shipped settings once, outside the timing (a process does it once too).
    deal(0, length).unwrap();
    let mut seed = 0u64;
    c.bench_function(name, |b| {
        b.iter(|| {
            seed = (seed + 1) % 10_000;
            black_box(deal(seed, length).unwrap())
        })
    });
}

fn inquest_short(c: &mut Criterion) {
    bench_length(c, "inquest_short", Length::Short);
}

fn inquest_long(c: &mut Criterion) {
    bench_length(c, "inquest_long", Length::Long);
}

criterion_group!(benches, inquest_short, inquest_long);
criterion_main!(benches);
