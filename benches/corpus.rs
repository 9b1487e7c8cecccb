//! Corpus records a second (`generate grid --corpus`): each record generated, named, rated and
//! explained, certified by a DRAT refutation checked in process, and written as a JSON line.
//! The binary is run as a user runs it (process start included), on one thread and on two, at
//! 5 x 5 and 6 x 6; criterion reports records a second (`thrpt`). The goals: 1,000 5 x 5
//! records a minute on this 2-core machine, 100 6 x 6, and two threads at least 1.8 times one.

use std::process::{Command, Stdio};

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

/// One run of `satpuz generate grid --corpus` making `count` records of `size` on `jobs`
/// threads, its output thrown away.
fn corpus(size: &str, count: u64, jobs: u64) {
    let status = Command::new(env!("CARGO_BIN_EXE_satpuz"))
        .args(["-q", "generate", "grid", "--sizes", size, "--seed", "1"])
        .args(["--count", &count.to_string(), "-j", &jobs.to_string()])
        .stdout(Stdio::null())
        .status()
        .expect("satpuz runs");
    assert!(status.success(), "satpuz generate grid --corpus failed");
}

fn records(c: &mut Criterion) {
    let mut group = c.benchmark_group("corpus");
    for (size, count) in [("5x5", 100), ("6x6", 20)] {
        group.throughput(Throughput::Elements(count));
        for jobs in [1, 2] {
            group.bench_with_input(
                BenchmarkId::new(size, format!("{jobs} thread(s)")),
                &jobs,
                |b, &jobs| b.iter(|| corpus(size, count, jobs)),
            );
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = records
}
criterion_main!(benches);
