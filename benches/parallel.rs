//! Many independent solves on 1 thread and on every core (issue 14): 200 long Inquest deals
//! (seeds 0-199) and the Portia II catalogue under the seed rule. The speed-up is the ratio of
//! the two medians; the outputs are the same (tests/parallel.rs).

use std::hint::black_box;
use std::ops::ControlFlow;

use criterion::{Criterion, criterion_group, criterion_main};
use satpuz::puzzles::inquest::{Length, deal};
use satpuz::puzzles::portia::catalogue::{self, CatalogueOptions, Generation, Rule};
use satpuz::solve::parallel::{default_jobs, ordered};
use satpuz::solve::stop::Stop;

fn deals(jobs: usize) -> usize {
    let mut statements = 0;
    ordered(
        200,
        jobs,
        &Stop::default(),
        || (),
        |(), seed| deal(seed, Length::Long).unwrap(),
        |_, case| {
            statements += case.statements.len();
            ControlFlow::Continue(())
        },
    );
    statements
}

fn portia_two(jobs: usize) -> usize {
    let mut opts = CatalogueOptions::new(Generation::Two);
    opts.rule = Rule::Seed;
    opts.jobs = jobs;
    catalogue::generate(&opts).unwrap().len()
}

fn bench(c: &mut Criterion) {
    deal(0, Length::Long).unwrap(); // the settings are parsed once, outside the timing
    let all = default_jobs();
    let mut group = c.benchmark_group("parallel");
    group.sample_size(10);
    for jobs in [1, all] {
        group.bench_function(format!("inquest_long_200_deals/jobs{jobs}"), |b| {
            b.iter(|| black_box(deals(jobs)))
        });
        group.bench_function(format!("portia2_seed_catalogue/jobs{jobs}"), |b| {
            b.iter(|| black_box(portia_two(jobs)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
