//! The build of the Hooks puzzles whose clues are automata (the model's regular constraint):
//! #4's sums of run products, #6 and 9's numbers read from runs. The whole build is timed
//! (layout, counts, automata unrolled, reduced and written), no search: the automata's share
//! is the part the regular constraint's code decides.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use satpuz::model::EncodeOptions;
use satpuz::puzzles::hooks;

const AUTOMATON: [usize; 3] = [4, 6, 9];

fn build(c: &mut Criterion) {
    let mut group = c.benchmark_group("regular_build");
    group.sample_size(20);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(4));
    for k in AUTOMATON {
        let p = hooks::shipped(k).unwrap().unwrap();
        group.bench_function(format!("hooks{k}"), |b| {
            b.iter(|| black_box(p.build(EncodeOptions::default())))
        });
    }
    group.finish();
}

criterion_group!(benches, build);
criterion_main!(benches);
