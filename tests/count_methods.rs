//! `count --method`: the count by components (`satpuz::solve::components`) is the brute force's
//! on hundreds of random small files (with and without `c p show`/`c ind` projection, empty and
//! unit clauses, repeated and clashing literals, unused variables) and the blocking count's;
//! on exported grids every method prints the puzzle's own count (a second route); past 2^64
//! the count is exact; a stop ends a count by components with no count, said so.

mod common;

use std::time::Duration;

use common::*;
use num_bigint::BigUint;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satpuz::cnf::dimacs::parse_cnf;
use satpuz::solve::components::{
    ComponentCount, ComponentOptions, ComponentStats, PreprocessStats, count_components,
    count_components_with,
};
use satpuz::solve::enumerate::count_enumerate;
use satpuz::solve::split::count_until;
use satpuz::solve::stop::{Stop, StopReason};

/// The count by components of a DIMACS text, which must finish.
fn components(text: &str) -> BigUint {
    let cnf = parse_cnf(text.as_bytes(), true).expect("a valid file").cnf;
    match count_components(&cnf, &Stop::new(None))
        .expect("countable")
        .0
    {
        ComponentCount::Exact(n) => n,
        ComponentCount::Stopped(reason) => panic!("stopped ({reason:?}) with no stop set"),
    }
}

/// The count by components of `plain` with the preprocessing on or off, and what the
/// counter did.
fn components_preprocessed(plain: &PlainCnf, preprocess: bool) -> (BigUint, ComponentStats) {
    let cnf = parse_cnf(plain.to_dimacs().as_bytes(), true)
        .expect("a valid file")
        .cnf;
    let options = ComponentOptions { preprocess };
    match count_components_with(&cnf, &Stop::new(None), options).expect("countable") {
        (ComponentCount::Exact(n), stats) => (n, stats),
        (ComponentCount::Stopped(reason), _) => panic!("stopped ({reason:?}) with no stop set"),
    }
}

/// The blocking count of a DIMACS text, on one thread.
fn blocking(text: &str) -> u64 {
    let cnf = parse_cnf(text.as_bytes(), true).expect("a valid file").cnf;
    let counted = count_until(&cnf, None, &Stop::new(None), 1, &|_| {}).expect("counted");
    assert_eq!(counted.stopped, None);
    counted.found
}

/// A formula with many models: few clauses, and variables no clause mentions.
fn loose(rng: &mut ChaCha8Rng, with_show: bool) -> PlainCnf {
    let num_vars = rng.random_range(1..=14);
    let num_clauses = rng.random_range(0..=num_vars);
    let used = rng.random_range(1..=num_vars);
    let clauses = (0..num_clauses)
        .map(|_| {
            let len = rng.random_range(1..=4);
            random_clause(rng, used, len)
        })
        .collect();
    let show = with_show.then(|| {
        let mut s: Vec<usize> = (1..=num_vars).filter(|_| rng.random_bool(0.4)).collect();
        if s.is_empty() {
            s.push(rng.random_range(1..=num_vars));
        }
        s
    });
    PlainCnf {
        num_vars,
        clauses,
        show,
    }
}

#[test]
fn components_count_is_the_brute_force_and_the_blocking_count_on_random_files() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let mut compared_with_blocking = 0;
    for i in 0..800 {
        let with_show = i % 2 == 1;
        let plain = if i % 4 < 2 {
            PlainCnf::random(&mut rng, with_show)
        } else {
            loose(&mut rng, with_show)
        };
        let mut text = plain.to_dimacs();
        // Both spellings of a projection.
        if i % 8 == 7 {
            text = text.replace("c p show", "c ind");
        }
        let expected = plain.brute_force_count();
        assert_eq!(
            components(&text),
            BigUint::from(expected),
            "file {i}:\n{text}"
        );
        // The blocking count finds each model: kept to the small counts.
        if expected <= 300 {
            assert_eq!(blocking(&text), expected, "file {i}:\n{text}");
            compared_with_blocking += 1;
        }
    }
    assert!(compared_with_blocking > 300, "{compared_with_blocking}");
}

/// A projected formula whose hidden variables the preprocessing can work on: short clauses
/// (units, binaries and ternaries that propagate and resolve), a third of the variables
/// projected.
fn mostly_hidden(rng: &mut ChaCha8Rng) -> PlainCnf {
    let num_vars = rng.random_range(4..=14);
    let num_clauses = rng.random_range(num_vars..=3 * num_vars);
    let mut clauses = Vec::new();
    for _ in 0..num_clauses {
        let len = *[1, 2, 2, 3, 3, 3].choose(rng).expect("lengths");
        clauses.push(random_clause(rng, num_vars, len));
    }
    let mut show: Vec<usize> = (1..=num_vars).filter(|_| rng.random_bool(0.33)).collect();
    if show.is_empty() {
        show.push(rng.random_range(1..=num_vars));
    }
    PlainCnf {
        num_vars,
        clauses,
        show: Some(show),
    }
}

#[test]
fn preprocessing_and_the_check_of_hidden_parts_keep_the_projected_count() {
    let mut rng = ChaCha8Rng::seed_from_u64(4141);
    let mut done = PreprocessStats::default();
    let mut sat_checks = 0;
    let mut blocked_in_search = 0;
    for i in 0..1500 {
        let plain = mostly_hidden(&mut rng);
        let expected = BigUint::from(plain.brute_force_count());
        let (with, stats) = components_preprocessed(&plain, true);
        let (without, as_read) = components_preprocessed(&plain, false);
        sat_checks += as_read.sat_checks;
        blocked_in_search += as_read.blocked;
        let stats = stats.preprocessed;
        let text = plain.to_dimacs();
        assert_eq!(
            with, expected,
            "file {i}, preprocessed ({stats:?}):\n{text}"
        );
        assert_eq!(without, expected, "file {i}, as read:\n{text}");
        done.fixed += stats.fixed;
        done.eliminated += stats.eliminated;
        done.blocked += stats.blocked;
    }
    // Every step ran: the counts above test each of them. Blocked clauses are rare, as an
    // elimination tried first usually takes the variable away.
    assert!(done.fixed >= 100, "{done:?}");
    assert!(done.eliminated >= 100, "{done:?}");
    assert!(done.blocked >= 1, "{done:?}");
    // Without the preprocessing, hidden variables are left alone in components, which a
    // search for one model settles when the clauses blocked on them do not all go first:
    // those counts were tested too.
    assert!(sat_checks >= 20, "{sat_checks}");
    // So were the clauses the search removed as blocked on a hidden literal after a decision.
    assert!(blocked_in_search >= 1000, "{blocked_in_search}");
}

/// Random 3-SAT with `vars` variables and 2.5 times as many clauses, projected on the first
/// half: too many variables for the brute force, few enough models for the enumeration.
fn projected_3sat(rng: &mut ChaCha8Rng, vars: usize) -> String {
    let clauses = 5 * vars / 2;
    let show: Vec<String> = (1..=vars / 2).map(|v| v.to_string()).collect();
    let mut text = format!("c p show {} 0\np cnf {vars} {clauses}\n", show.join(" "));
    for _ in 0..clauses {
        for l in random_clause(rng, vars, 3) {
            text.push_str(&format!("{l} "));
        }
        text.push_str("0\n");
    }
    text
}

#[test]
fn components_count_is_the_enumerated_count_on_projected_3sat() {
    // The search removes blocked clauses after each decision, and many: these formulas have
    // hidden variables left after the preprocessing and components that they tie together.
    let mut rng = ChaCha8Rng::seed_from_u64(4242);
    let (mut blocked, mut sat_checks) = (0, 0);
    for i in 0..40 {
        let text = projected_3sat(&mut rng, 24 + i % 13);
        let cnf = parse_cnf(text.as_bytes(), true).expect("a valid file").cnf;
        let enumerated =
            count_enumerate(&cnf, None, &Stop::new(None), &mut |_| {}).expect("counted");
        assert_eq!(enumerated.stopped, None);
        for preprocess in [true, false] {
            let options = ComponentOptions { preprocess };
            let (count, stats) = count_components_with(&cnf, &Stop::new(None), options).unwrap();
            assert_eq!(
                count,
                ComponentCount::Exact(enumerated.found.into()),
                "file {i}, preprocessed: {preprocess}:\n{text}"
            );
            blocked += stats.blocked;
            sat_checks += stats.sat_checks;
        }
    }
    assert!(blocked >= 1000, "{blocked}");
    assert!(sat_checks >= 500, "{sat_checks}");
}

#[test]
fn components_count_on_structured_files() {
    // No clause: 2^n; an empty clause: none, whatever else the file holds.
    assert_eq!(components("p cnf 5 0\n"), BigUint::from(32u32));
    assert_eq!(components("p cnf 0 0\n"), BigUint::from(1u32));
    assert_eq!(components("p cnf 3 2\n1 2 0\n0\n"), BigUint::ZERO);
    // Units that clash, and units propagated through a chain of implications.
    assert_eq!(components("p cnf 2 2\n1 0\n-1 0\n"), BigUint::ZERO);
    let chain = "p cnf 6 6\n1 0\n-1 2 0\n-2 3 0\n-3 4 0\n-4 5 0\n-5 -6 0\n";
    assert_eq!(components(chain), BigUint::from(1u32));
    // Projected on an auxiliary-free part: x1 or x2 (3 projections), the rest exists.
    let projected = "c p show 1 2 0\np cnf 4 3\n1 2 0\n3 4 0\n-3 -4 0\n";
    assert_eq!(components(projected), BigUint::from(3u32));
    // A projection whose hidden part has no model: none at all.
    let hidden_unsat = "c p show 1 0\np cnf 3 4\n2 3 0\n-2 3 0\n2 -3 0\n-2 -3 0\n";
    assert_eq!(components(hidden_unsat), BigUint::ZERO);
}

/// 45 disjoint pairs `a or b` (3 models each), a chain of 10 variables with no two neighbours
/// both false (F(12) = 144 models) and 10 variables in no clause: 3^45 * 144 * 2^10, past
/// 2^64.
fn past_u64() -> (String, BigUint) {
    let mut clauses = Vec::new();
    for p in 0..45 {
        clauses.push(format!("{} {} 0", 2 * p + 1, 2 * p + 2));
    }
    for v in 91..100 {
        clauses.push(format!("{v} {} 0", v + 1));
    }
    let text = format!("p cnf 110 {}\n{}\n", clauses.len(), clauses.join("\n"));
    let expected = (BigUint::from(3u32).pow(45) * BigUint::from(144u32)) << 10;
    (text, expected)
}

#[test]
fn a_count_past_two_to_the_64_is_exact() {
    let (text, expected) = past_u64();
    assert!(expected > BigUint::from(u64::MAX));
    assert_eq!(components(&text), expected);

    let dir = scratch_dir("count-methods-big");
    let file = dir.join("big.cnf");
    std::fs::write(&file, &text).unwrap();
    for method in ["components", "auto"] {
        let r = satpuz(&[
            "count",
            path_str(&file),
            "--all",
            "--json",
            "--method",
            method,
        ]);
        assert_eq!(r.code, 0, "{r:?}");
        let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
        assert_eq!(v["solutions"], serde_json::Value::Null, "{r:?}");
        assert_eq!(v["solutions_decimal"], expected.to_string(), "{r:?}");
        assert_eq!(v["method"], "components", "{r:?}");
        assert_eq!(v["complete"], true, "{r:?}");
        let r = satpuz(&["count", path_str(&file), "--all", "--method", method]);
        assert!(
            r.stdout.contains(&format!(": {expected} solution(s)")),
            "{r:?}"
        );
    }
}

/// Random 3-SAT with `vars` variables and twice as many clauses: far more than a second to
/// count by components at 120 variables.
fn random_3sat(vars: usize, seed: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut text = format!("p cnf {vars} {}\n", 2 * vars);
    for _ in 0..2 * vars {
        for l in random_clause(&mut rng, vars, 3) {
            text.push_str(&format!("{l} "));
        }
        text.push_str("0\n");
    }
    text
}

#[test]
fn a_stop_ends_a_count_by_components_with_no_count() {
    let text = random_3sat(120, 7);
    let cnf = parse_cnf(text.as_bytes(), false).unwrap().cnf;
    let stop = Stop::new(Some(Duration::ZERO));
    let (count, _) = count_components(&cnf, &stop).unwrap();
    assert_eq!(count, ComponentCount::Stopped(StopReason::Timeout));

    let dir = scratch_dir("count-methods-stop");
    let file = dir.join("hard.cnf");
    std::fs::write(&file, &text).unwrap();
    let args = ["count", path_str(&file), "--all", "--method", "components"];
    let r = satpuz(&[&args[..], &["--timeout", "0.3"]].concat());
    assert_eq!(r.code, 4, "{r:?}");
    assert!(
        r.stdout.contains(": no count (timed out after 0.3 s"),
        "{r:?}"
    );
    let r = satpuz(&[&args[..], &["--timeout", "0.3", "--json"]].concat());
    assert_eq!(r.code, 4, "{r:?}");
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(
        (&v["complete"], &v["stopped"]),
        (&false.into(), &"timeout".into())
    );
    assert_eq!(v["method"], "components", "{r:?}");
}

/// `count --json` of `args`, which must finish: (count, method).
fn counted(args: &[&str]) -> (u64, String) {
    let r = satpuz(&[args, &["--all", "--json"]].concat());
    assert_eq!(r.code, 0, "{r:?}");
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(v["complete"], true, "{r:?}");
    let n = v["solutions"].as_u64().expect("a count");
    assert_eq!(v["solutions_decimal"], n.to_string());
    (n, v["method"].as_str().expect("a method").to_string())
}

#[test]
fn every_method_counts_an_exported_grid_as_the_puzzle_does() {
    let dir = scratch_dir("count-methods-grid");
    for (positions, seed, drop) in [
        ("5", "1", "3"),
        ("5", "2", "3"),
        ("5", "3", "4"),
        ("8", "1", "3"),
    ] {
        let name = format!("grid{positions}-{seed}-{drop}");
        let puzzle = dir.join(format!("{name}.json"));
        let r = satpuz(&[
            "generate",
            "grid",
            "--positions",
            positions,
            "--categories",
            "4",
            "--seed",
            seed,
            "--drop",
            drop,
            "--json",
            "-o",
            path_str(&puzzle),
        ]);
        assert_eq!(r.code, 0, "{r:?}");
        let cnf = dir.join(format!("{name}.cnf"));
        let r = satpuz(&[
            "encode",
            path_str(&puzzle),
            "--dimacs",
            path_str(&cnf),
            "--force",
        ]);
        assert_eq!(r.code, 0, "{r:?}");
        let (own, _) = counted(&["count", path_str(&puzzle)]);
        assert!(own > 1, "clues dropped leave several answers: {own}");
        for method in ["blocking", "enumerate", "components", "auto"] {
            let (n, ran) = counted(&["count", path_str(&cnf), "--method", method]);
            assert_eq!(n, own, "{name}, --method {method}");
            let expected = match method {
                "auto" => "enumerate",
                other => other,
            };
            assert_eq!(ran, expected, "{name}, --method {method}");
        }
    }
}

/// A loose projected formula with more than 10,000 models (its brute-force count), and two
/// copies of it on variables of their own: the square, about 10^11, which no enumeration
/// reaches in a test.
fn loose_squared() -> (u64, PlainCnf) {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let plain = PlainCnf {
        num_vars: 20,
        clauses: (0..12).map(|_| random_clause(&mut rng, 20, 3)).collect(),
        show: Some((1..=18).collect()),
    };
    let one = plain.brute_force_count();
    assert!(one > 10_000, "{one}");
    let shifted = |l: &i32| if *l > 0 { l + 20 } else { l - 20 };
    let twice = PlainCnf {
        num_vars: 40,
        clauses: (plain.clauses.iter())
            .chain(
                &plain
                    .clauses
                    .iter()
                    .map(|c| c.iter().map(shifted).collect())
                    .collect::<Vec<Vec<i32>>>(),
            )
            .cloned()
            .collect(),
        show: Some((1..=18).chain(21..=38).collect()),
    };
    (one, twice)
}

#[test]
fn auto_counts_by_components_once_enumeration_passes_ten_thousand_models() {
    let (one, twice) = loose_squared();
    let dir = scratch_dir("count-methods-auto");
    let file = dir.join("loose.cnf");
    std::fs::write(&file, twice.to_dimacs()).unwrap();
    let (n, ran) = counted(&["count", path_str(&file), "--method", "auto"]);
    assert_eq!((n, ran.as_str()), (one * one, "components"));
}

#[test]
fn methods_that_cannot_apply_are_refused_by_name() {
    let dir = scratch_dir("count-methods-refused");
    let file = dir.join("small.cnf");
    std::fs::write(&file, "p cnf 3 1\n1 2 3 0\n").unwrap();
    let file = path_str(&file);
    let r = satpuz(&["count", file, "--limit", "3", "--method", "components"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stderr.contains("--limit"), "{r:?}");
    let r = satpuz(&[
        "count",
        file,
        "--all",
        "--method",
        "components",
        "--solver",
        "minisat",
    ]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stderr.contains("--solver"), "{r:?}");
    let r = satpuz(&[
        "count",
        "encodings/zebra.json",
        "--all",
        "--method",
        "components",
    ]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stderr.contains("DIMACS"), "{r:?}");
}

#[test]
fn a_race_gives_the_brute_force_count_whoever_wins_and_a_stop_ends_it() {
    use satpuz::solve::components::race::{Finished, Raced, race};
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for i in 0..40 {
        let plain = loose(&mut rng, i % 2 == 0);
        let text = plain.to_dimacs();
        let cnf = parse_cnf(text.as_bytes(), true).unwrap().cnf;
        let count = match race(&cnf, &Stop::new(None), &|_| {}).unwrap() {
            Raced::Done(Finished::Enumerated(n)) => BigUint::from(n),
            Raced::Done(Finished::Components(n)) => n,
            Raced::Stopped(..) => panic!("stopped with no stop set"),
        };
        assert_eq!(count, BigUint::from(plain.brute_force_count()), "{text}");
    }
    let cnf = parse_cnf(random_3sat(120, 7).as_bytes(), false)
        .unwrap()
        .cnf;
    let stop = Stop::new(None);
    stop.interrupt();
    let raced = race(&cnf, &stop, &|_| {}).unwrap();
    assert!(
        matches!(raced, Raced::Stopped(StopReason::Interrupted, _)),
        "{raced:?}"
    );
}

#[test]
fn without_method_a_file_is_counted_by_the_fastest_method_that_applies() {
    // 36 models (3 x 3 x 2 x 2): enumeration counts them before auto would race.
    let dir = scratch_dir("count-methods-default");
    let file = dir.join("two-parts.cnf");
    std::fs::write(&file, "p cnf 6 2\n1 2 0\n4 5 0\n").unwrap();
    let file = path_str(&file);
    let brute = PlainCnf {
        num_vars: 6,
        clauses: vec![vec![1, 2], vec![4, 5]],
        show: None,
    }
    .brute_force_count();
    for jobs in ["1", "2"] {
        assert_eq!(
            counted(&["count", file, "-j", jobs]),
            (brute, "enumerate".to_string()),
            "-j {jobs}"
        );
    }
    // --limit: the enumeration stops there.
    let r = satpuz(&["count", file, "--limit", "3", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(
        (&v["solutions"], &v["method"]),
        (&3.into(), &"enumerate".into())
    );
    // Another solver counts by blocking, the only method that runs one.
    let r = satpuz(&["count", file, "--all", "--json", "--solver", "minisat"]);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(
        (&v["solutions"], &v["method"]),
        (&brute.into(), &"blocking".into())
    );

    // Past 10,000 models on two threads: the race, which components win here (the square of
    // a loose formula's count, about 10^11); on one thread the enumeration, stopped.
    let (one, twice) = loose_squared();
    let file = dir.join("loose.cnf");
    std::fs::write(&file, twice.to_dimacs()).unwrap();
    let (n, ran) = counted(&["count", path_str(&file), "-j", "2"]);
    assert_eq!((n, ran.as_str()), (one * one, "components"));
    let r = satpuz(&[
        "count",
        path_str(&file),
        "--all",
        "--json",
        "-j",
        "1",
        "--timeout",
        "0.5",
    ]);
    assert_eq!(r.code, 4, "{r:?}");
    let v: serde_json::Value = serde_json::from_str(&r.stdout).expect("JSON");
    assert_eq!(
        (&v["complete"], &v["method"]),
        (&false.into(), &"enumerate".into())
    );
}
