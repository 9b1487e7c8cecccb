//! Hooks: build + solve + uniqueness proof in process, per puzzle and per encoding choice, and
//! the seven solved puzzles in a row.

use std::hint::black_box;
use std::ops::ControlFlow;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use satpuz::choice::Choice as _;
use satpuz::encode::card::Card;
use satpuz::encode::pb::Pb;
use satpuz::model::EncodeOptions;
use satpuz::puzzles::hooks::{self, Connectivity, HooksPuzzle};
use satpuz::solve::parallel;
use satpuz::solve::stop::Stop;

const SOLVED: [usize; 7] = [1, 2, 3, 5, 7, 8, 10];

/// Solved by the automaton constraint (issue 13: #4's run products, #6 and 9's numbers read
/// from runs), measured apart so that the seven's figures stay comparable with earlier runs.
const AUTOMATON: [usize; 3] = [4, 6, 9];

/// Solved by the exact cover with placements (issue 13), measured apart too.
const PENTOMINO: [usize; 1] = [11];

/// Encoding options plus the connectivity mode.
type Choice = (EncodeOptions, Connectivity);

fn solve(p: &HooksPuzzle, (opts, connect): Choice) -> Vec<u8> {
    let mut model = p.build_with(opts, connect);
    let solved = model.solve_unique().unwrap();
    assert!(solved.other.is_none(), "{} is unique", p.name);
    solved.grid.expect("solvable")
}

/// Every choice once: each PB encoding with the other defaults, the other cardinality
/// encoding, and eager connectivity.
fn choices() -> Vec<Choice> {
    let lazy = |opts| (opts, Connectivity::Lazy);
    let mut out: Vec<Choice> = Pb::ALL
        .iter()
        .map(|&pb| {
            lazy(EncodeOptions {
                pb,
                ..EncodeOptions::default()
            })
        })
        .collect();
    out.push(lazy(EncodeOptions {
        card: Card::SeqCounter,
        ..EncodeOptions::default()
    }));
    out.push((EncodeOptions::default(), Connectivity::Eager));
    out
}

fn label((opts, connect): Choice) -> String {
    format!("{}-{}-{}", opts.card.name(), opts.pb.name(), connect.name())
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

/// The puzzles solved through the model's regular constraint, default choices.
fn automaton(c: &mut Criterion) {
    let mut group = c.benchmark_group("hooks_automaton");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for k in AUTOMATON {
        let p = hooks::shipped(k).unwrap().unwrap();
        let opts = (EncodeOptions::default(), Connectivity::Lazy);
        group.bench_function(format!("hooks{k}/{}", label(opts)), |b| {
            b.iter(|| black_box(solve(&p, opts)))
        });
    }
    group.finish();
}

/// Hooks 9, solved in cubes: on one solver in turn and shared by two threads, in one run.
fn cube_threads(c: &mut Criterion) {
    let mut group = c.benchmark_group("hooks_cube_threads");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    let p = hooks::shipped(9).unwrap().unwrap();
    for threads in [1, 2] {
        group.bench_function(format!("hooks9/threads-{threads}"), |b| {
            b.iter(|| {
                let mut model = p.build(EncodeOptions::default());
                let solved = model.solve_unique_on_threads(threads).unwrap();
                assert!(solved.other.is_none(), "Hooks 9 is unique");
                black_box(solved.grid)
            })
        });
    }
    group.finish();
}

/// The pentomino puzzle: build + solve + uniqueness under the default choices and with the
/// other cardinality encoding (the exact cover's), and with the tiling's uniqueness checked
/// too (a second solve, the grid fixed, projected on the placements).
fn pentomino(c: &mut Criterion) {
    let mut group = c.benchmark_group("hooks_pentomino");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for k in PENTOMINO {
        let p = hooks::shipped(k).unwrap().unwrap();
        let seq = EncodeOptions {
            card: Card::SeqCounter,
            ..EncodeOptions::default()
        };
        for opts in [
            (EncodeOptions::default(), Connectivity::Lazy),
            (seq, Connectivity::Lazy),
        ] {
            group.bench_function(format!("hooks{k}/{}", label(opts)), |b| {
                b.iter(|| black_box(solve(&p, opts)))
            });
        }
        let opts = (EncodeOptions::default(), Connectivity::Lazy);
        group.bench_function(format!("hooks{k}/{}+tiling", label(opts)), |b| {
            b.iter(|| {
                let mut model = p.build_with(opts.0, opts.1);
                let grid = model.solve_unique().unwrap().grid.expect("solvable");
                let tilings = model.tilings_of(&grid, 2).unwrap();
                assert_eq!(tilings.len(), 1, "the tiling is unique");
                black_box(tilings)
            })
        });
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

/// The whole series in a row, default choices: the "all eleven together" figure.
fn all_eleven(c: &mut Criterion) {
    let puzzles: Vec<HooksPuzzle> = (1..=11)
        .map(|k| hooks::shipped(k).unwrap().unwrap())
        .collect();
    let mut group = c.benchmark_group("hooks_all_eleven");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    let opts = (EncodeOptions::default(), Connectivity::Lazy);
    group.bench_function(label(opts), |b| {
        b.iter(|| {
            for p in &puzzles {
                black_box(solve(p, opts));
            }
        })
    });
    group.finish();
}

/// The eleven are independent: the same series on two threads with `parallel::ordered`,
/// beside the sequential headline. The costly ones are dealt first (9, #4, 11) so that the
/// two threads finish together; the grids are taken back in puzzle order.
fn all_eleven_two_threads(c: &mut Criterion) {
    const COSTLY_FIRST: [usize; 11] = [9, 4, 11, 6, 1, 2, 3, 5, 7, 8, 10];
    let puzzles: Vec<HooksPuzzle> = COSTLY_FIRST
        .iter()
        .map(|&k| hooks::shipped(k).unwrap().unwrap())
        .collect();
    let mut group = c.benchmark_group("hooks_all_eleven_two_threads");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    let opts = (EncodeOptions::default(), Connectivity::Lazy);
    group.bench_function(label(opts), |b| {
        b.iter(|| {
            let mut grids: Vec<Option<Vec<u8>>> = vec![None; 12];
            let stop = Stop::default();
            let ended = parallel::ordered(
                puzzles.len() as u64,
                2,
                &stop,
                || (),
                |_, k| solve(&puzzles[k as usize], opts),
                |k, grid| {
                    grids[COSTLY_FIRST[k as usize]] = Some(grid);
                    ControlFlow::Continue(())
                },
            );
            assert_eq!(ended, parallel::Ended::Done);
            black_box(grids)
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    per_puzzle,
    all_seven,
    automaton,
    cube_threads,
    pentomino,
    all_eleven,
    all_eleven_two_threads
);
criterion_main!(benches);
