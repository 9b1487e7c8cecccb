//! Issue 10, items 10 and 11 in the library. A grid count that only needs the number of
//! answers counts them by classes (answers that differ only in where free or tried values
//! stand), one blocking clause per class: checked against the brute force of `tests/common` on
//! random small grids, against a second oracle (placements of the mentioned values only, times
//! the arrangements of the rest) on rows too long for the brute force, with limits, and past
//! the range of a `u64`. A CNF count multiplies by 2 per projected variable no clause mentions:
//! checked against the brute force on random formulas with such variables. The process-level
//! side (peak memory, refusals, times) is in `tests/process.rs`.

mod common;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};

use common::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satpuz::cnf::dimacs::parse_cnf;
use satpuz::puzzles::grid::answers::{count_answers, count_only};
use satpuz::puzzles::grid::{Clue, GridPuzzle};
use satpuz::solve::SolveError;
use satpuz::solve::split::count_until;
use satpuz::solve::stop::Stop;

/// `count_only` on the merged model, in every domain encoding; every count must be `expected`,
/// and a limit below it must be met exactly and reported complete by the caller's rule.
fn check_counts(p: &GridPuzzle, expected: u64) {
    let merged = p.build_merged().expect("builds");
    for opts in all_options() {
        let encoded = merged.model.encode(opts);
        let all = count_only(&merged, &encoded, None, &Stop::new(None), || {}).unwrap();
        assert_eq!(
            (all.found, all.stopped),
            (expected, None),
            "{opts:?}\n{p:?}"
        );
        let half = expected / 2;
        let some = count_only(&merged, &encoded, Some(half), &Stop::new(None), || {}).unwrap();
        assert_eq!(some.found, half, "limit {half}, {opts:?}\n{p:?}");
    }
}

/// The same puzzle over `n` positions (each category gets values up to `n`, named as
/// `random_grid` names them: the clues mention only the first ones).
fn widened(p: &GridPuzzle, n: usize) -> GridPuzzle {
    let mut w = p.clone();
    w.positions.count = n;
    for cat in &mut w.categories {
        let letter = cat.values[0].chars().next().unwrap();
        cat.values = (1..=n).map(|i| format!("{letter}{i}")).collect();
    }
    w
}

#[test]
fn class_counts_match_the_brute_force_on_random_grids() {
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    let (mut checked, mut widened_checked, mut with_answers) = (0, 0, 0);
    for round in 0..40 {
        let clues = rng.random_range(0..=5);
        let small = random_grid(&mut rng, clues);
        let mut puzzles = vec![small.clone()];
        // Longer rows with the same clues: values no clue mentions, in every category.
        puzzles.push(widened(&small, 5));
        for p in puzzles {
            if p.build_merged().is_err() {
                continue; // a clue naming a position the row lacks
            }
            let brute = brute_force_grid(&p, &p.clues, |_| {});
            check_counts(&p, brute);
            checked += 1;
            widened_checked += usize::from(p.positions.count > small.positions.count);
            with_answers += usize::from(brute > 1);
        }
        assert!(round < 39 || checked > 60, "{checked} puzzles checked");
    }
    assert!(
        widened_checked > 25 && with_answers > 40,
        "{widened_checked} widened, {with_answers} with answers"
    );
}

/// A second oracle, for rows too long to brute-force: the placements of the values the clues
/// mention (each category's mentioned values at distinct positions, every clue true), times
/// the arrangements of each category's other values over the places left (a factorial each).
fn mentioned_oracle(p: &GridPuzzle) -> u64 {
    let n = p.positions.count;
    let mut names: Vec<&str> = Vec::new();
    for clue in &p.clues {
        clue.names(&mut names);
    }
    names.sort_unstable();
    names.dedup();
    let category_of = |name: &str| {
        p.categories
            .iter()
            .position(|c| c.values.iter().any(|v| v == name))
            .expect("a value of the puzzle")
    };
    let cats: Vec<usize> = names.iter().map(|&v| category_of(v)).collect();
    let mut rest = 1u64;
    for (c, cat) in p.categories.iter().enumerate() {
        let mentioned = cats.iter().filter(|&&k| k == c).count() as u64;
        rest *= (1..=cat.values.len() as u64 - mentioned).product::<u64>();
    }
    fn go(
        i: usize,
        names: &[&str],
        cats: &[usize],
        n: usize,
        clues: &[Clue],
        at: &mut HashMap<String, usize>,
    ) -> u64 {
        if i == names.len() {
            let pos = |name: &str| at[name];
            return u64::from(clues.iter().all(|c| clue_holds(c, n, &pos)));
        }
        let mut total = 0;
        for place in 0..n {
            let taken = (0..i).any(|j| cats[j] == cats[i] && at[names[j]] == place);
            if !taken {
                at.insert(names[i].to_string(), place);
                total += go(i + 1, names, cats, n, clues, at);
            }
        }
        at.remove(names[i]);
        total
    }
    go(0, &names, &cats, n, &p.clues, &mut HashMap::new()) * rest
}

fn puzzle(json: serde_json::Value) -> GridPuzzle {
    GridPuzzle::from_json(&json.to_string()).expect("a valid puzzle")
}

/// Two categories `a`, `b` of `n` values `a1..`, `b1..`, and these clues.
fn two_rows(n: usize, clues: serde_json::Value) -> GridPuzzle {
    let cat = |l: char| {
        serde_json::json!({"name": l.to_string(),
            "values": (1..=n).map(|i| format!("{l}{i}")).collect::<Vec<_>>()})
    };
    puzzle(
        serde_json::json!({"name": "rows", "positions": {"count": n},
        "categories": [cat('a'), cat('b')], "clues": clues}),
    )
}

#[test]
fn class_counts_on_long_rows_match_the_mentioned_values_oracle() {
    // b1..b7 confined to the first 7 places of 9: more clued values of one category than a
    // class tries at once (the rest stay fixed per class), with two free ones beside them.
    let confined: Vec<serde_json::Value> = (1..=7)
        .map(|i| {
            serde_json::json!({"kind": "one_of", "a": format!("b{i}"),
            "positions": [1, 2, 3, 4, 5, 6, 7]})
        })
        .collect();
    let mut more = confined.clone();
    more.extend([
        serde_json::json!({"kind": "not_same", "a": "a1", "b": "b1"}),
        serde_json::json!({"kind": "next_to", "a": "b2", "b": "b3"}),
        serde_json::json!({"kind": "somewhere_left_of", "a": "a2", "b": "b7"}),
    ]);
    // A chain of ties (one shared variable) and distances, in a row of 8.
    let tied = serde_json::json!([
        {"kind": "same", "a": "a1", "b": "b1"},
        {"kind": "left_of", "a": "a2", "b": "b2"},
        {"kind": "not_next_to", "a": "a3", "b": "b4"},
        {"kind": "distance", "a": "a5", "b": "b5", "k": 3}
    ]);
    // Four tied pairs (four interchangeable shared variables, the largest such set) beside
    // three free values in each of their categories.
    let pairs = serde_json::json!([
        {"kind": "same", "a": "a1", "b": "b1"},
        {"kind": "same", "a": "a2", "b": "b2"},
        {"kind": "same", "a": "a3", "b": "b3"},
        {"kind": "same", "a": "a4", "b": "b4"}
    ]);
    let cases = [
        two_rows(7, pairs),
        two_rows(9, serde_json::Value::Array(confined)),
        two_rows(9, serde_json::Value::Array(more)),
        two_rows(8, tied),
    ];
    for p in &cases {
        let expected = mentioned_oracle(p);
        assert!(expected > 1000, "{expected}: the case has many answers");
        check_counts(p, expected);
    }
    // The oracle itself agrees with the brute force where that is feasible.
    let small = two_rows(
        6,
        serde_json::json!([{"kind": "one_of", "a": "b1", "positions": [1, 2]},
            {"kind": "next_to", "a": "a1", "b": "b2"}]),
    );
    assert_eq!(
        mentioned_oracle(&small),
        brute_force_grid(&small, &small.clues, |_| {})
    );
}

/// Every value of one row tied to another, or kept off the place of its namesake: no value is
/// free, so classes come only from arrangements tried one by one.
#[test]
fn class_counts_without_free_values_match_counting_one_by_one() {
    for (n, kind) in [(5, "same"), (5, "not_same"), (6, "not_same")] {
        let clues: Vec<serde_json::Value> = (1..=n)
            .map(|i| serde_json::json!({"kind": kind, "a": format!("a{i}"), "b": format!("b{i}")}))
            .collect();
        let p = two_rows(n, serde_json::Value::Array(clues));
        let merged = p.build_merged().unwrap();
        let encoded = merged.model.encode(Default::default());
        let one_by_one = count_answers(&merged, &encoded, None, |_| {}).unwrap();
        assert_eq!(one_by_one, mentioned_oracle(&p), "{kind} {n}");
        check_counts(&p, one_by_one);
    }
}

#[test]
fn counts_beyond_u64_are_refused_and_limits_still_count() {
    // No clues, 20 positions, 5 categories: (20!)^5 answers.
    let cat = |c: usize| {
        serde_json::json!({"name": format!("c{c}"),
            "values": (0..20).map(|i| format!("v{c}_{i}")).collect::<Vec<_>>()})
    };
    let p = puzzle(
        serde_json::json!({"name": "loose", "positions": {"count": 20},
        "categories": (0..5).map(cat).collect::<Vec<_>>(), "clues": []}),
    );
    let merged = p.build_merged().unwrap();
    let encoded = merged.model.encode(Default::default());
    let err = count_only(&merged, &encoded, None, &Stop::new(None), || {}).unwrap_err();
    assert!(matches!(err, SolveError::TooMany), "{err}");
    assert!(err.to_string().contains("18446744073709551615"), "{err}");
    for limit in [1, 1000, 10u64.pow(18), u64::MAX] {
        let counted = count_only(&merged, &encoded, Some(limit), &Stop::new(None), || {}).unwrap();
        assert_eq!((counted.found, counted.stopped), (limit, None));
    }
    // A stop that has already come: nothing counted, marked stopped.
    let stop = Stop::new(None);
    stop.interrupt();
    let counted = count_only(&merged, &encoded, Some(5), &stop, || {}).unwrap();
    assert_eq!(counted.found, 0);
    assert!(counted.stopped.is_some());
}

/// `count_until` on a DIMACS text: (count, stopped).
fn count_cnf(dimacs: &str, limit: Option<u64>) -> Result<u64, SolveError> {
    let cnf = parse_cnf(dimacs.as_bytes(), false).unwrap().cnf;
    let seen = AtomicU64::new(0);
    let counted = count_until(&cnf, limit, &Stop::new(None), 2, &|n| {
        seen.fetch_add(n, Ordering::Relaxed);
    })?;
    assert_eq!(counted.stopped, None);
    assert_eq!(
        seen.into_inner(),
        counted.found,
        "the increments add up to the count"
    );
    Ok(counted.found)
}

#[test]
fn cnf_counts_with_unmentioned_variables_match_the_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut free_seen = 0;
    for round in 0..300 {
        let mut plain = PlainCnf::random(&mut rng, round % 2 == 1);
        // Up to 4 more variables, in no clause (and, projected, sometimes shown).
        let extra = rng.random_range(0..=4usize.min(18 - plain.num_vars));
        let first = plain.num_vars + 1;
        plain.num_vars += extra;
        if let Some(show) = &mut plain.show {
            show.extend((first..=plain.num_vars).filter(|_| rng.random_bool(0.7)));
        }
        let mentioned = |v: usize| {
            plain
                .clauses
                .iter()
                .flatten()
                .any(|l| l.unsigned_abs() as usize == v)
        };
        free_seen += usize::from((1..=plain.num_vars).any(|v| !mentioned(v)));
        let expected = plain.brute_force_count();
        let text = plain.to_dimacs();
        assert_eq!(count_cnf(&text, None).unwrap(), expected, "{text}");
        if expected > 1 {
            assert_eq!(
                count_cnf(&text, Some(expected - 1)).unwrap(),
                expected - 1,
                "{text}"
            );
        }
    }
    assert!(
        free_seen > 150,
        "{free_seen} formulas had a variable in no clause"
    );
}

#[test]
fn cnf_counts_of_free_variables_are_exact_and_bounded() {
    // 2^40 models with one solver call (one call per model took 20 s for the first 10^5).
    assert_eq!(count_cnf("p cnf 40 0\n", None).unwrap(), 1 << 40);
    // Two constrained variables (two models of theirs), 28 free: 2^29.
    assert_eq!(
        count_cnf("p cnf 30 2\n1 2 0\n-1 -2 0\n", None).unwrap(),
        1 << 29
    );
    // Projected on 1, 2 and the free 3: four.
    let shown = "c p show 1 2 3 0\np cnf 10 2\n1 2 0\n-1 -2 0\n";
    assert_eq!(count_cnf(shown, None).unwrap(), 4);
    // 2^69: beyond a u64, refused; a limit still counts up to it.
    let err = count_cnf("p cnf 70 1\n1 0\n", None).unwrap_err();
    assert!(matches!(err, SolveError::TooMany), "{err}");
    for limit in [1, 5, u64::MAX] {
        assert_eq!(count_cnf("p cnf 70 1\n1 0\n", Some(limit)).unwrap(), limit);
    }
}
