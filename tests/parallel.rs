//! Work spread over every core gives the same output as one core (issue 14): `inquest --count`
//! deals in parallel and reports in seed order.

mod common;

use common::satpuz;

/// The report without the fields that time the run.
fn untimed(json: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(json).expect("JSON report");
    for timing in ["median_ms", "p90_ms", "max_ms", "wall_ms", "jobs"] {
        v.as_object_mut().expect("object").remove(timing);
    }
    v
}

#[test]
fn inquest_counts_are_the_same_on_one_thread_and_many() {
    for length in ["short", "long"] {
        let run = |jobs: &str| {
            let args = [
                "inquest", "--seed", "40", "--count", "150", "--length", length, "--json", "-j",
                jobs,
            ];
            let out = satpuz(&args);
            assert_eq!(out.code, 0, "{out:?}");
            out.stdout
        };
        let one = run("1");
        let json: serde_json::Value = serde_json::from_str(&one).unwrap();
        assert_eq!(json["deals"], 150);
        assert_eq!(json["jobs"], 1);
        for jobs in ["2", "5"] {
            let many = run(jobs);
            assert_eq!(untimed(&one), untimed(&many), "{length}, -j {jobs}");
        }
    }
}

#[test]
fn portia_catalogues_are_the_same_on_one_thread_and_many() {
    use satpuz::puzzles::portia::catalogue::{self, CatalogueOptions, Generation, Rule};
    for generation in [Generation::One, Generation::Two, Generation::Three] {
        let mut opts = CatalogueOptions::new(generation);
        if generation == Generation::Two {
            opts.rule = Rule::Seed;
            opts.distinct = true;
        }
        let one = catalogue::generate(&opts).expect("solves");
        assert!(!one.is_empty());
        for jobs in [2, 3] {
            opts.jobs = jobs;
            let many = catalogue::generate(&opts).expect("solves");
            assert_eq!(one, many, "{generation:?} on {jobs} threads");
            let ids = |entries: &[catalogue::Entry]| -> Vec<String> {
                entries.iter().map(catalogue::Entry::id).collect()
            };
            assert_eq!(ids(&one), ids(&many));
        }
    }
}

#[test]
fn generated_grids_are_the_same_on_one_thread_and_many_and_per_seed() {
    let base = [
        "generate",
        "grid",
        "--positions",
        "7",
        "--categories",
        "4",
        "--seed",
        "11",
    ];
    let many = |jobs: &str| {
        let out = satpuz(&[&base[..], &["--count", "5", "--json", "-j", jobs]].concat());
        assert_eq!(out.code, 0, "{out:?}");
        out.stdout
    };
    let one = many("1");
    assert_eq!(one, many("2"));
    assert_eq!(one, many("4"));
    let lines: Vec<&str> = one.lines().collect();
    assert_eq!(lines.len(), 5);
    // Line k is the puzzle `--seed 11 + k` generates alone.
    for (k, line) in lines.iter().enumerate() {
        let seed = (11 + k).to_string();
        let alone = satpuz(&[
            "generate",
            "grid",
            "--positions",
            "7",
            "--categories",
            "4",
            "--seed",
            &seed,
            "--json",
        ]);
        let a: serde_json::Value = serde_json::from_str(&alone.stdout).unwrap();
        let b: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(a, b, "seed {seed}");
    }
}
