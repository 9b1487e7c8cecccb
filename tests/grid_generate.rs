//! `generate grid`: the generated puzzle has exactly the hidden answer (brute force written in
//! the tests for small ones, two encodings agreeing for larger ones), every clue holds in the
//! hidden answer and is needed, the same seed gives the same file, and every kind appears.

mod common;

use std::collections::{BTreeSet, HashMap};

use common::*;
use satpuz::encode::{Amo, Encoding};
use satpuz::model::EncodeOptions;
use satpuz::puzzles::grid::GridPuzzle;
use satpuz::puzzles::grid::generate::{
    ClueMix, DEFAULT_PROOF_BUDGET, GENERATOR_VERSION, GridShape, Phase, generate,
    generate_observed, generate_with, relax,
};
use satpuz::solve::count;

fn hidden_rows(p: &GridPuzzle, position_of: &[Vec<usize>]) -> Vec<Vec<String>> {
    p.categories
        .iter()
        .enumerate()
        .map(|(c, cat)| {
            let mut row = vec![String::new(); p.positions.count];
            for (i, v) in cat.values.iter().enumerate() {
                row[position_of[c][i]] = v.clone();
            }
            row
        })
        .collect()
}

fn library_count(p: &GridPuzzle, opts: EncodeOptions, limit: u64) -> u64 {
    let grid = p.build().expect("builds");
    let mut encoded = grid.model.encode(opts);
    count(&mut encoded.cnf, Some(limit)).expect("counts")
}

#[test]
fn small_generated_puzzles_have_exactly_the_hidden_answer_and_need_every_clue() {
    for seed in 0..6 {
        let shape = GridShape {
            positions: 4 + (seed as usize % 2),
            categories: 3,
        };
        let g = generate(shape, seed).expect("generates");
        let p = &g.puzzle;
        let hidden = hidden_rows(p, &g.position_of);
        let brute = brute_force_rows(p);
        assert_eq!(
            brute,
            vec![hidden.clone()],
            "seed {seed}: unique, the hidden answer"
        );
        for i in 0..p.clues.len() {
            let others: Vec<_> = (0..p.clues.len())
                .filter(|&j| j != i)
                .map(|j| p.clues[j].clone())
                .collect();
            assert!(
                brute_force(p, &others, 2).len() > 1,
                "seed {seed}: clue {} ({}) is needed",
                i + 1,
                p.clues[i].describe("position")
            );
        }
        // The written file reads back as the same puzzle.
        let text = serde_json::to_string(p).unwrap();
        let back = GridPuzzle::from_json(&text).expect("reads back");
        assert_eq!(back.clues, p.clues);
    }
}

#[test]
fn larger_puzzles_are_unique_in_two_encodings_and_deterministic() {
    let shape = GridShape {
        positions: 10,
        categories: 5,
    };
    let a = generate(shape, 42).unwrap();
    let b = generate(shape, 42).unwrap();
    assert_eq!(
        serde_json::to_string(&a.puzzle).unwrap(),
        serde_json::to_string(&b.puzzle).unwrap(),
        "same seed, same puzzle"
    );
    let c = generate(shape, 43).unwrap();
    assert_ne!(a.puzzle.clues, c.puzzle.clues);
    let bits = EncodeOptions {
        encoding: Encoding::Bits,
        amo: Amo::SeqCounter,
        ..EncodeOptions::default()
    };
    for g in [&a, &c] {
        assert_eq!(library_count(&g.puzzle, EncodeOptions::default(), 2), 1);
        assert_eq!(library_count(&g.puzzle, bits, 2), 1);
        assert_eq!(
            library_rows(&g.puzzle, bits).unwrap(),
            hidden_rows(&g.puzzle, &g.position_of)
        );
    }
}

#[test]
fn clues_of_every_kind_appear() {
    let mut kinds = BTreeSet::new();
    for seed in 0..4 {
        let g = generate(
            GridShape {
                positions: 8,
                categories: 4,
            },
            seed,
        )
        .unwrap();
        for c in &g.puzzle.clues {
            let kind = serde_json::to_value(c).unwrap()["kind"]
                .as_str()
                .unwrap()
                .to_string();
            kinds.insert(if c.not { format!("not_{kind}") } else { kind });
        }
    }
    for kind in [
        "same",
        "left_of",
        "right_of",
        "somewhere_left_of",
        "somewhere_right_of",
        "next_to",
        "at",
        "not_at",
        "one_of",
        "either",
        "not_same",
        "not_next_to",
    ] {
        assert!(kinds.contains(kind), "{kind} in {kinds:?}");
    }
    assert!(
        kinds.contains("distance") || kinds.contains("left_by") || kinds.contains("right_by"),
        "{kinds:?}"
    );
}

#[test]
fn relaxed_puzzles_have_the_asked_number_of_solutions() {
    let g = generate(
        GridShape {
            positions: 5,
            categories: 3,
        },
        7,
    )
    .unwrap();
    let relaxed = relax(&g.puzzle, 1, 12, 200, |p, limit| {
        let mut e = p.build().unwrap().model.encode(EncodeOptions::default());
        count(&mut e.cnf, Some(limit))
    })
    .unwrap()
    .expect("a relaxation in range");
    let n = brute_force_rows(&relaxed).len();
    assert!((12..=200).contains(&n), "{n}");
    assert_eq!(
        library_count(&relaxed, EncodeOptions::default(), 10_000),
        n as u64
    );
    // Only clues were removed.
    let original: HashMap<String, ()> = g
        .puzzle
        .clues
        .iter()
        .map(|c| (format!("{c:?}"), ()))
        .collect();
    assert!(
        relaxed
            .clues
            .iter()
            .all(|c| original.contains_key(&format!("{c:?}")))
    );
}

/// The positional mix: unique (brute force), every clue needed, mostly order and spacing
/// clues; the standard mix through `generate_with` is `generate`'s puzzle.
#[test]
fn positional_puzzles_are_unique_minimal_and_mostly_order_and_spacing() {
    let positional = [
        "somewhere_left_of",
        "somewhere_right_of",
        "next_to",
        "distance",
    ];
    let share = |clues: &[satpuz::puzzles::grid::Clue]| {
        let kinds = clues.iter().filter(|c| {
            let kind = serde_json::to_value(c).unwrap()["kind"]
                .as_str()
                .unwrap()
                .to_string();
            !c.not && positional.contains(&kind.as_str())
        });
        (kinds.count(), clues.len())
    };
    let (mut mixed, mut standard_mixed) = ((0, 0), (0, 0));
    for seed in 0..6 {
        let shape = GridShape {
            positions: 4 + (seed as usize % 2),
            categories: 3,
        };
        let g = generate_with(shape, seed, ClueMix::Positional).expect("generates");
        let p = &g.puzzle;
        assert_eq!(
            brute_force_rows(p),
            vec![hidden_rows(p, &g.position_of)],
            "seed {seed}: unique, the hidden answer"
        );
        for i in 0..p.clues.len() {
            let mut others = p.clues.clone();
            others.remove(i);
            assert!(
                brute_force(p, &others, 2).len() > 1,
                "seed {seed}: clue {} ({}) is needed",
                i + 1,
                p.clues[i].describe("position")
            );
        }
        for c in &p.clues {
            let kind = serde_json::to_value(c).unwrap()["kind"]
                .as_str()
                .unwrap()
                .to_string();
            assert!(
                kind != "left_by" && kind != "right_by",
                "distances stay undirected"
            );
        }
        assert!(
            p.source.as_deref().unwrap().ends_with(&format!(
                "--clue-mix positional (generator {GENERATOR_VERSION})"
            )),
            "{:?}",
            p.source
        );
        let standard = generate_with(shape, seed, ClueMix::Standard).unwrap();
        assert_eq!(
            standard.puzzle.clues,
            generate(shape, seed).unwrap().puzzle.clues
        );
        assert_ne!(standard.puzzle.clues, p.clues);
        for (sum, clues) in [
            (&mut mixed, &p.clues),
            (&mut standard_mixed, &standard.puzzle.clues),
        ] {
            let (k, n) = share(clues);
            *sum = (sum.0 + k, sum.1 + n);
        }
    }
    // Small puzzles keep one clue of every kind, so the share shows less than at 10 positions
    // and more (about three clues in four there): still well above the standard mix's.
    let ratio = |(k, n): (usize, usize)| k as f64 / n as f64;
    assert!(
        ratio(mixed) > 0.4 && ratio(mixed) > ratio(standard_mixed) + 0.1,
        "positional {mixed:?}, standard {standard_mixed:?} (order and spacing clues, all)"
    );
}

/// Generation reports its phases in order (clues drawn growing, then clues decided of the
/// cut), gives the puzzle it gives unobserved, and names its version in the puzzle's source.
#[test]
fn generation_reports_its_phases_and_its_version() {
    let shape = GridShape {
        positions: 8,
        categories: 4,
    };
    let mut phases = Vec::new();
    let g = generate_observed(
        shape,
        5,
        ClueMix::Standard,
        Some(DEFAULT_PROOF_BUDGET),
        &mut |p| phases.push(p),
    )
    .unwrap();
    assert_eq!(g.puzzle.clues, generate(shape, 5).unwrap().puzzle.clues);
    let cutting = phases
        .iter()
        .position(|p| matches!(p, Phase::Cutting { .. }))
        .expect("a cut");
    assert!(cutting > 0, "{phases:?}");
    let drawn: Vec<usize> = phases[..cutting]
        .iter()
        .map(|p| match p {
            Phase::Drawing { clues } => *clues,
            other => panic!("drawing before cutting: {other:?}"),
        })
        .collect();
    assert!(drawn.windows(2).all(|w| w[0] < w[1]), "{drawn:?}");
    let decided: Vec<(usize, usize)> = phases[cutting..]
        .iter()
        .map(|p| match p {
            Phase::Cutting { decided, of } => (*decided, *of),
            other => panic!("cutting to the end: {other:?}"),
        })
        .collect();
    let of = decided[0].1;
    assert!(of >= g.puzzle.clues.len(), "{decided:?}");
    assert_eq!(
        decided,
        (0..of).map(|d| (d, of)).collect::<Vec<_>>(),
        "every clue of the cut decided once, in turn"
    );
    assert_eq!(
        g.puzzle.source.as_deref(),
        Some(
            format!(
                "satpuz generate grid --positions 8 --categories 4 --seed 5 (generator {GENERATOR_VERSION})"
            )
            .as_str()
        )
    );
}

/// `generate grid --positions 12 --categories 5 --seed SEED FLAGS --json`.
fn generate_12x5(seed: &str, flags: &[&str]) -> Run {
    let mut args = vec![
        "generate",
        "grid",
        "--positions",
        "12",
        "--categories",
        "5",
        "--seed",
        seed,
    ];
    args.extend_from_slice(flags);
    args.push("--json");
    satpuz(&args)
}

/// Generator 4: the positional mix's trials get a budget of their own (500 learnt clauses), the
/// standard mix keeps 6000. Without the flag each mix gets its own, and the source names a
/// budget only when it is not the mix's.
#[test]
fn each_clue_mix_has_its_own_default_proof_budget() {
    let run = |mix: &str, budget: Option<&str>| {
        let mut flags = vec!["--clue-mix", mix];
        if let Some(b) = budget {
            flags.extend(["--proof-budget", b]);
        }
        let out = generate_12x5("1", &flags);
        assert_eq!(out.code, 0, "{out:?}");
        out
    };
    let positional = run("positional", None);
    assert!(
        positional
            .stderr
            .contains("the proof budget of 500 learnt clauses"),
        "{positional:?}"
    );
    assert!(
        !positional.stdout.contains("--proof-budget"),
        "{positional:?}"
    );
    assert_eq!(positional.stdout, run("positional", Some("500")).stdout);
    // At 12 x 5 seed 1 the two budgets cut to different puzzles: the default is not 6000.
    let generous = run("positional", Some("6000"));
    assert_ne!(positional.stdout, generous.stdout);
    assert!(
        generous.stdout.contains("--proof-budget 6000 (generator"),
        "{generous:?}"
    );
    for out in [&positional, &generous] {
        let puzzle = GridPuzzle::from_json(&out.stdout).unwrap();
        assert_eq!(library_count(&puzzle, EncodeOptions::default(), 2), 1);
    }
    assert_eq!(
        run("standard", None).stdout,
        run("standard", Some("6000")).stdout
    );
    let shape = GridShape {
        positions: 12,
        categories: 5,
    };
    let library = generate_with(shape, 1, ClueMix::Positional).unwrap();
    assert_eq!(
        library.puzzle.clues,
        GridPuzzle::from_json(&positional.stdout).unwrap().clues
    );
}

/// `--proof-budget`: a spent budget is said on standard error and in the puzzle's `source`
/// (which regenerates it), `none` lifts it, and a word that is neither is refused.
#[test]
fn the_proof_budget_is_said_and_reproducible_from_the_source() {
    let args = |budget: &str| generate_12x5("7", &["--proof-budget", budget]);
    let spent = args("0");
    assert_eq!(spent.code, 0, "{spent:?}");
    assert!(
        spent.stderr.contains("seed 7: ") && spent.stderr.contains("kept unproven"),
        "{spent:?}"
    );
    let puzzle: serde_json::Value = serde_json::from_str(&spent.stdout).unwrap();
    let source = puzzle["source"].as_str().unwrap();
    assert!(
        source.contains("--seed 7 --proof-budget 0 (generator"),
        "{source}"
    );
    assert_eq!(
        library_count(
            &GridPuzzle::from_json(&spent.stdout).unwrap(),
            EncodeOptions::default(),
            2
        ),
        1
    );
    let unlimited = args("none");
    assert_eq!(unlimited.code, 0, "{unlimited:?}");
    assert!(!unlimited.stderr.contains("unproven"), "{unlimited:?}");
    assert!(unlimited.stdout.contains("--proof-budget none (generator"));
    let bad = args("lots");
    assert_ne!(bad.code, 0, "{bad:?}");
    assert!(
        bad.stderr
            .contains("`lots` is neither a number of learnt clauses nor `none`"),
        "{bad:?}"
    );
}

/// A generated puzzle's `source` is the command that makes it again, relaxing flags and a
/// spent proof budget included, and it says when clues were kept unproven.
#[test]
fn the_source_of_a_relaxed_or_budgeted_puzzle_regenerates_it() {
    let base = ["generate", "grid", "--positions", "8", "--categories", "4"];
    let cases: [&[&str]; 3] = [
        &["--seed", "3", "--solutions", "5..40"],
        &["--seed", "4", "--drop", "2"],
        &["--seed", "7", "--proof-budget", "0"],
    ];
    for extra in cases {
        let args: Vec<&str> = base
            .iter()
            .chain(extra)
            .chain(&["--json"])
            .copied()
            .collect();
        let first = satpuz(&args);
        assert_eq!(first.code, 0, "{first:?}");
        let puzzle: serde_json::Value = serde_json::from_str(&first.stdout).unwrap();
        let source = puzzle["source"].as_str().unwrap();
        let (command, tail) = source
            .split_once(" (generator")
            .expect("a versioned source");
        for flag in extra {
            assert!(command.contains(flag), "{flag} not in {source}");
        }
        if extra.contains(&"--proof-budget") {
            assert!(tail.contains("kept unproven"), "{source}");
        } else {
            assert!(!tail.contains("unproven"), "{source}");
        }
        let mut again: Vec<&str> = command.split_whitespace().skip(1).collect();
        again.push("--json");
        let second = satpuz(&again);
        assert_eq!(second.code, 0, "{second:?}");
        assert_eq!(second.stdout, first.stdout, "{source} makes another puzzle");
    }
}

/// The generator's puzzles follow its solver's path, so they stay generator 4's only while its
/// solvers search as varisat 0.2.2 does as published (learned clauses unshrunk, see
/// `vendor/varisat/PATCHES.md`). These two files were written by generator 4 before shrinking
/// came in; shrunk, both seeds give other puzzles.
#[test]
fn generator_4_still_makes_the_puzzles_it_made_before_learned_clauses_were_shrunk() {
    let cases: [(&[&str], &str); 2] = [
        (
            &["--positions", "20", "--seed", "2"],
            include_str!("golden/grid-20x5-seed2.json"),
        ),
        (
            &[
                "--positions",
                "30",
                "--seed",
                "1",
                "--clue-mix",
                "positional",
            ],
            include_str!("golden/grid-30x5-positional-seed1.json"),
        ),
    ];
    for (flags, golden) in cases {
        let mut args = vec!["generate", "grid", "--categories", "5", "--json"];
        args.extend_from_slice(flags);
        let run = satpuz(&args);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert_eq!(run.stdout, golden, "generate grid {flags:?}");
    }
}
