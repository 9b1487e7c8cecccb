//! Many independent solves on 1 thread and on every core (issue 14): 200 long Inquest deals
//! (seeds 0-199), the Portia II catalogue under the seed rule, and twelve generated 20 x 5
//! logic grids (seeds 1-12, as `generate grid --count 12` makes them). The speed-up is the ratio of
//! the two medians; the outputs are the same (tests/parallel.rs).

use std::hint::black_box;
use std::ops::ControlFlow;

use criterion::{Criterion, criterion_group, criterion_main};
use satpuz::puzzles::grid::generate::{
    ClueMix, DEFAULT_PROOF_BUDGET, GridShape, generate, generate_on_one_thread,
};
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

fn grids(jobs: usize) -> usize {
    let shape = GridShape {
        positions: 20,
        categories: 5,
    };
    let mut clues = 0;
    ordered(
        12,
        jobs,
        &Stop::default(),
        || (),
        // As `generate grid --count`: on several threads each puzzle makes its trials one at a
        // time.
        |(), k| {
            if jobs > 1 {
                generate_on_one_thread(shape, 1 + k, ClueMix::Standard, Some(DEFAULT_PROOF_BUDGET))
                    .unwrap()
            } else {
                generate(shape, 1 + k).unwrap()
            }
        },
        |_, made| {
            clues += made.puzzle.clues.len();
            ControlFlow::Continue(())
        },
    );
    clues
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
        group.bench_function(format!("generate_grid_20x5_12_seeds/jobs{jobs}"), |b| {
            b.iter(|| black_box(grids(jobs)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
