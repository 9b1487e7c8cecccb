//! `count --method enumerate` (`satpuz::solve::enumerate`, the vendored varisat's projected
//! enumeration): the count is the brute force's on a thousand random small files (with and
//! without `c p show`/`c ind` projection, empty and unit clauses, repeated and clashing
//! literals) and on random k-SAT formulas dense enough to learn clauses and units mid-way; on
//! exported grids it is the blocking count and the puzzle's own; a stopped count is a lower
//! bound, said so.

mod common;

use std::time::Duration;

use common::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satpuz::cnf::dimacs::parse_cnf;
use satpuz::solve::enumerate::count_enumerate;
use satpuz::solve::stop::{Enumerated, Stop, StopReason};

/// The enumerated count of a DIMACS text, which must finish.
fn enumerated(text: &str) -> u64 {
    let cnf = parse_cnf(text.as_bytes(), true).expect("a valid file").cnf;
    let counted = count_enumerate(&cnf, None, &Stop::new(None), &mut |_| {}).expect("counted");
    assert_eq!(counted.stopped, None);
    counted.found
}

#[test]
fn enumerate_count_is_the_brute_force_on_random_small_files() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let mut several = 0;
    for i in 0..1000 {
        let plain = PlainCnf::random(&mut rng, i % 2 == 1);
        let mut text = plain.to_dimacs();
        // Both spellings of a projection.
        if i % 8 == 7 {
            text = text.replace("c p show", "c ind");
        }
        let expected = plain.brute_force_count();
        several += usize::from(expected > 1);
        assert_eq!(enumerated(&text), expected, "file {i}:\n{text}");
    }
    assert!(several > 300, "{several}");
}

/// Random `len`-SAT over `vars` variables, `clauses` clauses, projected on each variable with
/// probability `projected` (on one at least), or on every variable when it is None.
fn random_ksat(
    rng: &mut ChaCha8Rng,
    vars: usize,
    clauses: usize,
    len: usize,
    projected: Option<f64>,
) -> PlainCnf {
    let show = projected.map(|p| {
        let mut show: Vec<usize> = (1..=vars).filter(|_| rng.random_bool(p)).collect();
        if show.is_empty() {
            show.push(rng.random_range(1..=vars));
        }
        show
    });
    PlainCnf {
        num_vars: vars,
        clauses: (0..clauses)
            .map(|_| random_clause(rng, vars, len))
            .collect(),
        show,
    }
}

#[test]
fn enumerate_count_is_the_brute_force_on_random_ksat_with_learning() {
    // 8 to 14 variables at 1.5 to 6 clauses each, projected on 10% to 90% of them: the search
    // conflicts, learns, restarts, and learns units deep in its projected decisions, which
    // send it back to level 0 to replay them (and fix variables there, which leave the
    // decision heap: a variable without priority once came out first and models were lost).
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    for i in 0..3000 {
        let vars = rng.random_range(8..=14);
        let clauses = vars * rng.random_range(15..=60) / 10;
        let len = [2, 3, 3, 4][rng.random_range(0..4)];
        let density = rng.random_range(1..=9) as f64 / 10.0;
        let projected = rng.random_bool(0.8).then_some(density);
        let plain = random_ksat(&mut rng, vars, clauses, len, projected);
        let text = plain.to_dimacs();
        assert_eq!(
            enumerated(&text),
            plain.brute_force_count(),
            "file {i}:\n{text}"
        );
    }
}

/// Found by a longer run of the test above: the units learned here fix variables at level 0,
/// and as varisat's heap let them go, a variable without priority rose above the projected
/// ones; the count was 1.
const HEAP_SLIP: &str = "\
c p show 1 5 9 12 14 0\n\
p cnf 14 40\n\
-2 4 4 0\n\
2 1 -5 0\n\
-13 10 -7 0\n\
11 -4 7 0\n\
-9 -4 -4 0\n\
-4 8 -12 0\n\
8 -12 9 0\n\
-7 11 -5 0\n\
3 -9 -11 0\n\
7 -12 -8 0\n\
-11 10 -2 0\n\
3 10 5 0\n\
-1 4 8 0\n\
10 9 8 0\n\
-14 4 13 0\n\
12 -7 -13 0\n\
12 8 6 0\n\
-3 -4 -1 0\n\
-11 1 12 0\n\
1 -11 10 0\n\
-7 -8 9 0\n\
-7 6 -9 0\n\
3 -9 -13 0\n\
-3 6 -4 0\n\
3 10 -10 0\n\
4 10 5 0\n\
5 12 9 0\n\
-5 -2 -10 0\n\
-5 8 -10 0\n\
-6 -14 -13 0\n\
-10 1 -12 0\n\
-5 9 -10 0\n\
-9 -9 13 0\n\
7 -11 14 0\n\
13 6 -14 0\n\
8 -5 1 0\n\
-9 2 2 0\n\
12 -3 -10 0\n\
-3 -6 4 0\n\
7 10 -9 0\n\
";

#[test]
fn variables_fixed_at_level_0_leave_the_projected_ones_first_in_the_heap() {
    let plain = PlainCnf {
        num_vars: 14,
        clauses: (HEAP_SLIP.lines().skip(2))
            .map(|line| {
                let mut lits: Vec<i32> = line
                    .split_whitespace()
                    .map(|w| w.parse().unwrap())
                    .collect();
                assert_eq!(lits.pop(), Some(0));
                lits
            })
            .collect(),
        show: Some(vec![1, 5, 9, 12, 14]),
    };
    assert_eq!(plain.to_dimacs(), HEAP_SLIP);
    assert_eq!(plain.brute_force_count(), 2);
    assert_eq!(enumerated(HEAP_SLIP), 2);
}

#[test]
fn a_stop_ends_an_enumeration_with_the_models_counted_so_far() {
    // A chain of 40 variables, no two neighbours both false: F(42) (about 4 x 10^8) models,
    // every variable in a clause, far more than a test enumerates.
    let chain = PlainCnf {
        num_vars: 40,
        clauses: (1..40).map(|v| vec![v, v + 1]).collect(),
        show: None,
    };
    let text = chain.to_dimacs();
    let cnf = parse_cnf(text.as_bytes(), false).unwrap().cnf;
    let stop = Stop::new(None);
    let mut seen = 0;
    let counted = count_enumerate(&cnf, None, &stop, &mut |n| {
        seen += n;
        if seen >= 1000 {
            stop.interrupt();
        }
    })
    .unwrap();
    assert_eq!(
        counted,
        Enumerated {
            found: 1000,
            stopped: Some(StopReason::Interrupted)
        }
    );
    let counted = count_enumerate(&cnf, Some(77), &Stop::new(None), &mut |_| {}).unwrap();
    assert_eq!((counted.found, counted.stopped), (77, None));
    let expired = Stop::new(Some(Duration::ZERO));
    let counted = count_enumerate(&cnf, None, &expired, &mut |_| {}).unwrap();
    assert_eq!(counted.stopped, Some(StopReason::Timeout));

    let dir = scratch_dir("count-enumerate-stop");
    let file = dir.join("loose.cnf");
    std::fs::write(&file, &text).unwrap();
    let args = ["count", path_str(&file), "--all", "--method", "enumerate"];
    let r = satpuz(&[&args[..], &["--timeout", "0.3"]].concat());
    assert_eq!(r.code, 4, "{r:?}");
    assert!(r.stdout.contains(": at least "), "{r:?}");
    assert!(r.stdout.contains("timed out after 0.3 s"), "{r:?}");
    let r = satpuz(&[&args[..], &["--timeout", "0.3", "--json"]].concat());
    assert_eq!(r.code, 4, "{r:?}");
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(
        (&v["complete"], &v["stopped"], &v["method"]),
        (&false.into(), &"timeout".into(), &"enumerate".into())
    );
    assert!(v["solutions"].as_u64().is_some_and(|n| n > 0), "{r:?}");
}

#[test]
fn enumerate_options_it_cannot_take_are_refused_by_name() {
    let dir = scratch_dir("count-enumerate-refused");
    let file = dir.join("small.cnf");
    std::fs::write(&file, "p cnf 3 1\n1 2 3 0\n").unwrap();
    let file = path_str(&file);
    let r = satpuz(&["count", file, "--all", "--method", "enumerate", "-j", "2"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stderr.contains("one thread"), "{r:?}");
    let r = satpuz(&[
        "count",
        file,
        "--all",
        "--method",
        "enumerate",
        "--solver",
        "minisat",
    ]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stderr.contains("--solver"), "{r:?}");
    // A limit is a lower bound, as with blocking.
    let r = satpuz(&["count", file, "--limit", "3", "--method", "enumerate"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains(": at least 3 solution(s)"), "{r:?}");
}
