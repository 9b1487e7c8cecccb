//! `count` on a CNF split into cubes (`satpuz::solve::split`): the count is the brute force's on
//! random formulas with hundreds to thousands of models, for every split setting and number of
//! threads, with limits, with a stop in the middle, past the range of a `u64`, and on one-hot
//! projections; on the command line, `-j 1` and `-j 2` print the same count as the puzzle's
//! own count (the grid walk, a second route).

mod common;

use std::sync::atomic::{AtomicU64, Ordering};

use common::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satpuz::cnf::dimacs::parse_cnf;
use satpuz::cnf::{ClauseSink, Cnf};
use satpuz::solve::SolveError;
use satpuz::solve::split::{Split, count_split};
use satpuz::solve::stop::{Stop, StopReason};

/// Split settings that split early and deep whatever the time (a part of a few models is
/// split again), the default, and never.
const SPLITS: [Split; 5] = [
    Split {
        after: 1,
        vars: 1,
        patience: 0.0,
    },
    Split {
        after: 3,
        vars: 2,
        patience: 0.0,
    },
    Split {
        after: 10,
        vars: 4,
        patience: 0.0,
    },
    Split {
        after: 100,
        vars: 5,
        patience: 1.0,
    },
    Split::NEVER,
];

/// `count_split` with a stop that never comes: the count, checked to equal the increments.
fn count(cnf: &Cnf, limit: Option<u64>, jobs: usize, split: Split) -> Result<u64, SolveError> {
    let seen = AtomicU64::new(0);
    let counted = count_split(cnf, limit, &Stop::new(None), jobs, split, &|n| {
        seen.fetch_add(n, Ordering::Relaxed);
    })?;
    assert_eq!(counted.stopped, None);
    assert_eq!(seen.into_inner(), counted.found, "the increments add up");
    Ok(counted.found)
}

/// A random formula with many models: 8 to 13 variables, few clauses of 2 to 4 literals and
/// now and then a unit.
fn loose_formula(rng: &mut ChaCha8Rng, with_show: bool) -> PlainCnf {
    let num_vars = rng.random_range(8..=13);
    let clauses = (0..rng.random_range(0..=num_vars))
        .map(|_| {
            // Now and then a unit clause: the variables it forces leave the blocking clauses.
            let len = if rng.random_bool(0.1) {
                1
            } else {
                rng.random_range(2..=4)
            };
            random_clause(rng, num_vars, len)
        })
        .collect();
    let show = with_show.then(|| {
        let mut s: Vec<usize> = (1..=num_vars).filter(|_| rng.random_bool(0.7)).collect();
        s.push(1);
        s.sort_unstable();
        s.dedup();
        s
    });
    PlainCnf {
        num_vars,
        clauses,
        show,
    }
}

#[test]
fn split_counts_match_the_brute_force_for_every_setting_and_thread_count() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5b11_7001);
    let mut split_deep = 0;
    for round in 0..60 {
        let plain = loose_formula(&mut rng, round % 3 == 0);
        let expected = plain.brute_force_count();
        let text = plain.to_dimacs();
        let cnf = parse_cnf(text.as_bytes(), false).unwrap().cnf;
        split_deep += usize::from(expected > 300);
        for split in SPLITS {
            for jobs in [1, 2, 3] {
                let got = count(&cnf, None, jobs, split).unwrap();
                assert_eq!(got, expected, "{split:?} on {jobs} thread(s)\n{text}");
            }
            // A limit below the count is met exactly, on one thread or two.
            for limit in [expected / 2, expected - 1].into_iter().filter(|&l| l > 0) {
                for jobs in [1, 2] {
                    let got = count(&cnf, Some(limit), jobs, split).unwrap();
                    assert_eq!(got, limit, "{split:?} limit {limit} on {jobs}\n{text}");
                }
            }
            assert_eq!(count(&cnf, Some(expected + 1), 2, split).unwrap(), expected);
        }
    }
    assert!(split_deep > 20, "{split_deep} formulas had over 300 models");
}

#[test]
fn one_hot_projections_split_exactly() {
    // Groups of one-hot values (exactly one true in each), some pairs of values across groups
    // forbidden: the count is the number of choices, one value per group, that avoid them.
    let mut rng = ChaCha8Rng::seed_from_u64(0x0e_407);
    for _ in 0..12 {
        let (groups, size): (usize, usize) = (rng.random_range(3..=5), rng.random_range(2..=5));
        let mut cnf = Cnf::new();
        let vars: Vec<Vec<_>> = (0..groups)
            .map(|_| (0..size).map(|_| cnf.fresh_lit().var()).collect())
            .collect();
        for group in &vars {
            cnf.add_clause(&group.iter().map(|v| v.pos_lit()).collect::<Vec<_>>());
            for (i, a) in group.iter().enumerate() {
                for b in &group[i + 1..] {
                    cnf.add_clause(&[a.neg_lit(), b.neg_lit()]);
                }
            }
        }
        let mut forbidden = Vec::new();
        for _ in 0..rng.random_range(0..=groups * 2) {
            let (g, h) = (rng.random_range(0..groups), rng.random_range(0..groups));
            if g != h {
                let (a, b) = (rng.random_range(0..size), rng.random_range(0..size));
                cnf.add_clause(&[vars[g][a].neg_lit(), vars[h][b].neg_lit()]);
                forbidden.push(((g, a), (h, b)));
            }
        }
        cnf.primary = vars.iter().flatten().copied().collect();
        cnf.primary_one_hot = true;
        let expected = (0..size.pow(groups as u32))
            .filter(|&code| {
                let choice = |g: usize| code / size.pow(g as u32) % size;
                forbidden
                    .iter()
                    .all(|&((g, a), (h, b))| choice(g) != a || choice(h) != b)
            })
            .count() as u64;
        for split in SPLITS {
            for jobs in [1, 2] {
                assert_eq!(
                    count(&cnf, None, jobs, split).unwrap(),
                    expected,
                    "{groups} groups of {size}, {forbidden:?}, {split:?}, {jobs} thread(s)"
                );
            }
        }
    }
}

#[test]
fn a_stop_in_the_middle_keeps_a_lower_bound_that_the_increments_add_up_to() {
    // One clause over 12 variables: 4095 models.
    let text = "p cnf 12 1\n1 2 3 4 5 6 7 8 9 10 11 12 0\n";
    let cnf = parse_cnf(text.as_bytes(), false).unwrap().cnf;
    for jobs in [1, 2] {
        let stop = Stop::new(None);
        let seen = AtomicU64::new(0);
        let counted = count_split(&cnf, None, &stop, jobs, Split::default(), &|n| {
            if seen.fetch_add(n, Ordering::Relaxed) + n >= 300 {
                stop.interrupt();
            }
        })
        .unwrap();
        assert_eq!(
            counted.stopped,
            Some(StopReason::Interrupted),
            "jobs {jobs}"
        );
        assert_eq!(seen.into_inner(), counted.found, "jobs {jobs}");
        assert!(
            (300..4095).contains(&counted.found),
            "{} on {jobs} thread(s)",
            counted.found
        );
    }
    // A stop that has already come: nothing counted, marked stopped.
    let stop = Stop::new(None);
    stop.interrupt();
    let counted = count_split(&cnf, None, &stop, 2, Split::default(), &|_| {}).unwrap();
    assert_eq!((counted.found, counted.stopped.is_some()), (0, true));
}

/// Pigeonhole: `holes + 1` pigeons in `holes` holes. UNSAT, and one solve of it takes CDCL
/// minutes from 11 holes on.
fn pigeonhole(holes: u32) -> Cnf {
    let pigeons = holes + 1;
    let var = |p: u32, h: u32| (p * holes + h + 1) as i32;
    let mut text = String::new();
    let mut clauses = 0;
    for p in 0..pigeons {
        for h in 0..holes {
            text.push_str(&format!("{} ", var(p, h)));
        }
        text.push_str("0\n");
        clauses += 1;
    }
    for h in 0..holes {
        for p in 0..pigeons {
            for q in p + 1..pigeons {
                text.push_str(&format!("-{} -{} 0\n", var(p, h), var(q, h)));
                clauses += 1;
            }
        }
    }
    let text = format!("p cnf {} {clauses}\n{text}", pigeons * holes);
    parse_cnf(text.as_bytes(), false).unwrap().cnf
}

#[test]
fn a_deadline_stops_the_solves_running_on_every_thread() {
    // Each thread's solver hears the stop inside its solve: before, a split count's threads
    // finished their current solve first (here: minutes), long after the deadline.
    let cnf = pigeonhole(11);
    for jobs in [1, 2] {
        let stop = Stop::new(Some(std::time::Duration::from_millis(300)));
        let start = std::time::Instant::now();
        let counted = count_split(&cnf, None, &stop, jobs, Split::default(), &|_| {}).unwrap();
        assert_eq!(
            (counted.found, counted.stopped),
            (0, Some(StopReason::Timeout)),
            "jobs {jobs}"
        );
        assert!(
            start.elapsed() < std::time::Duration::from_secs(10),
            "{jobs} thread(s) stopped only after {:?}",
            start.elapsed()
        );
    }
}

#[test]
fn split_counts_past_a_u64_are_refused_and_limits_still_count() {
    // 255 models of 8 variables, times 2^57 for the free ones: each part's count fits in a
    // u64 (100 x 2^57 does), their sum does not.
    let text = "p cnf 65 1\n1 2 3 4 5 6 7 8 0\n";
    let cnf = parse_cnf(text.as_bytes(), false).unwrap().cnf;
    for jobs in [1, 2] {
        let err = count(&cnf, None, jobs, Split::default()).unwrap_err();
        assert!(matches!(err, SolveError::TooMany), "{err}");
        for limit in [1, 120 << 57, u64::MAX] {
            assert_eq!(
                count(&cnf, Some(limit), jobs, Split::default()).unwrap(),
                limit
            );
        }
    }
    // 127 models times 2^57 fits: split or not, the same number.
    let text = "p cnf 65 2\n1 2 3 4 5 6 7 0\n-8 0\n";
    let cnf = parse_cnf(text.as_bytes(), false).unwrap().cnf;
    for split in SPLITS {
        assert_eq!(count(&cnf, None, 2, split).unwrap(), 127 << 57, "{split:?}");
    }
}

#[test]
fn count_on_an_exported_grid_is_the_same_on_one_thread_or_two_and_the_puzzles_own() {
    // 534 answers: more than the 100 a count finds before it may split.
    let puzzle = "benches/grid/n10-s2-relaxed.json";
    let dir = scratch_dir("count-split");
    let cnf = dir.join("n10-s2-relaxed.cnf");
    let r = satpuz(&["encode", puzzle, "--dimacs", path_str(&cnf), "--force"]);
    assert_eq!(r.code, 0, "{r:?}");
    let solutions = |args: &[&str]| {
        let r = satpuz(args);
        assert_eq!(r.code, 0, "{r:?}");
        let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
        assert_eq!(v["complete"], true, "{r:?}");
        v["solutions"].as_u64().expect("a count")
    };
    let own = solutions(&["count", puzzle, "--all", "--json"]);
    assert_eq!(own, 534);
    for jobs in ["1", "2"] {
        let file = path_str(&cnf);
        assert_eq!(
            solutions(&[
                "count", file, "--all", "--json", "-j", jobs, "--method", "blocking"
            ]),
            own
        );
        let r = satpuz(&[
            "count", file, "--limit", "300", "-j", jobs, "--method", "blocking",
        ]);
        assert_eq!(r.code, 0, "{r:?}");
        assert!(r.stdout.contains("at least 300 solution(s)"), "{r:?}");
    }
    // -j splits varisat's count of a file, nothing else: said, not ignored.
    let r = satpuz(&["count", puzzle, "--all", "-j", "2"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stderr.contains("-j/--jobs"), "{r:?}");
    let r = satpuz(&[
        "count",
        path_str(&cnf),
        "--all",
        "-j",
        "2",
        "--solver",
        "minisat",
    ]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stderr.contains("-j/--jobs"), "{r:?}");
}
