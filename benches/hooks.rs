//! Hooks: build + solve + uniqueness proof in process, per puzzle and per encoding choice, and
//! the seven solved puzzles in a row.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use satpuz::encode::card::Card;
use satpuz::encode::pb::Pb;
use satpuz::puzzles::hooks::{self, Connectivity, HooksOptions, HooksPuzzle};

const SOLVED: [usize; 7] = [1, 2, 3, 5, 7, 8, 10];

fn solve(p: &HooksPuzzle, opts: HooksOptions) -> Vec<u8> {
    let mut model = p.build(opts);
    let solved = model.solve_unique().unwrap();
    assert!(solved.other.is_none(), "{} is unique", p.name);
    solved.grid.expect("solvable")
}

/// Every choice once: each PB encoding with the other defaults, the other cardinality
/// encoding, and eager connectivity.
fn choices() -> Vec<HooksOptions> {
    let mut out: Vec<HooksOptions> = Pb::ALL
        .iter()
        .map(|&pb| HooksOptions {
            pb,
            ..HooksOptions::default()
        })
        .collect();
    out.push(HooksOptions {
        card: Card::SeqCounter,
        ..HooksOptions::default()
    });
    out.push(HooksOptions {
        connect: Connectivity::Eager,
        ..HooksOptions::default()
    });
    out
}

fn label(opts: HooksOptions) -> String {
    format!(
        "{}-{}-{}",
        opts.card.name(),
        opts.pb.name(),
        opts.connect.name()
    )
}

fn per_puzzle(c: &mut Criterion) {
    let mut group = c.benchmark_group("hooks_solve_unique");
    group.sample_size(20);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    for k in SOLVED {
        let p = hooks::shipped(k).unwrap().unwrap();
        for opts in choices() {
            group.bench_function(format!("hooks{k}/{}", label(opts)), |b| {
                b.iter(|| black_box(solve(&p, opts)))
            });
        }
    }
    group.finish();
}

fn all_seven(c: &mut Criterion) {
    let puzzles: Vec<HooksPuzzle> = SOLVED
        .iter()
        .map(|&k| hooks::shipped(k).unwrap().unwrap())
        .collect();
    let mut group = c.benchmark_group("hooks_all_seven");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    for opts in choices() {
        group.bench_function(label(opts), |b| {
            b.iter(|| {
                for p in &puzzles {
                    black_box(solve(p, opts));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, per_puzzle, all_seven);
criterion_main!(benches);
