//! Explanations of broken puzzles, each checked by the brute force in `grid_support`: a minimal
//! set of contradicting clues (contradictory, and satisfiable without any one of them), two
//! answers with their differing cells, and `--why`'s needed/redundant verdict per clue.

mod common;

use std::collections::BTreeSet;

use common::*;
use satpuz::encode::{Amo, Encoding};
use satpuz::model::EncodeOptions;
use satpuz::puzzles::grid::{Clue, GridPuzzle, Relation};
use satpuz::solve::explain::{Explainer, Necessity};

fn with_clue(mut p: GridPuzzle, relation: Relation, text: &str) -> GridPuzzle {
    p.clues.push(Clue {
        relation,
        not: false,
        text: Some(text.into()),
    });
    p
}

fn englishman_first() -> GridPuzzle {
    with_clue(
        load("zebra.json"),
        Relation::At {
            a: "Englishman".into(),
            position: 1,
        },
        "The Englishman lives in the first house (a deliberate contradiction).",
    )
}

fn mus(p: &GridPuzzle, opts: EncodeOptions) -> Option<Vec<usize>> {
    let grid = p.build().expect("builds");
    Explainer::new(&grid.model, grid.clue_constraints.clone(), opts)
        .minimal_unsat_subset()
        .expect("solves")
}

/// The clues at `indices`, optionally leaving one out.
fn pick(p: &GridPuzzle, indices: &[usize], skip: Option<usize>) -> Vec<Clue> {
    indices
        .iter()
        .filter(|&&i| Some(i) != skip)
        .map(|&i| p.clues[i].clone())
        .collect()
}

fn assert_minimal_contradiction(p: &GridPuzzle, set: &[usize]) {
    assert!(
        !satisfiable(p, &pick(p, set, None)),
        "the set contradicts: {set:?}"
    );
    for &i in set {
        assert!(
            satisfiable(p, &pick(p, set, Some(i))),
            "dropping clue {} leaves a satisfiable set",
            i + 1
        );
    }
}

#[test]
fn a_deliberate_contradiction_gets_a_minimal_set_of_clues() {
    let puzzles = [
        englishman_first(),
        with_clue(
            load("zebra.json"),
            Relation::Same {
                a: "Norwegian".into(),
                b: "zebra".into(),
            },
            "The Norwegian owns the zebra.",
        ),
        with_clue(
            load("dinesman.json"),
            Relation::At {
                a: "Smith".into(),
                position: 5,
            },
            "Smith lives on the top floor.",
        ),
    ];
    let options = [
        EncodeOptions::default(),
        EncodeOptions {
            encoding: Encoding::Bits,
            amo: Amo::SeqCounter,
            ..EncodeOptions::default()
        },
    ];
    for p in &puzzles {
        let added = p.clues.len() - 1;
        for opts in options {
            let set = mus(p, opts).expect("no solution");
            assert!(
                set.contains(&added),
                "{}: the added clue is part of it",
                p.name
            );
            assert_minimal_contradiction(p, &set);
        }
    }
    // The Englishman in house 1 clashes with the Norwegian there, and nothing else is needed.
    assert_eq!(
        mus(&puzzles[0], EncodeOptions::default()),
        Some(vec![8, 14])
    );
    // A puzzle with a solution has no contradiction.
    assert_eq!(mus(&load("zebra.json"), EncodeOptions::default()), None);
}

#[test]
fn needed_and_redundant_clues_agree_with_the_brute_force() {
    // Zebra with clue 1 stated twice: neither copy is needed alone; every other clue is.
    let zebra = load("zebra.json");
    let twice = with_clue(
        zebra.clone(),
        zebra.clues[0].relation.clone(),
        "again, clue 1",
    );
    let cases = [
        (twice, Some(vec![0, 14])),
        (load("jindosh.json"), None),
        (load("einstein.json"), None),
    ];
    for (p, expect_redundant) in &cases {
        let grid = p.build().unwrap();
        let rows = library_rows(p, EncodeOptions::default()).expect("unique");
        let values = {
            // The answer's values, through the library's own decoding of a fresh solve.
            let mut e = Explainer::new(
                &grid.model,
                grid.clue_constraints.clone(),
                Default::default(),
            );
            let all: Vec<usize> = (0..p.clues.len()).collect();
            e.solve_with(&all, false).unwrap().expect("solvable")
        };
        let mut e = Explainer::new(
            &grid.model,
            grid.clue_constraints.clone(),
            Default::default(),
        );
        let verdicts = e.necessity(&values).unwrap();
        for (i, verdict) in verdicts.iter().enumerate() {
            let others: Vec<Clue> = (0..p.clues.len())
                .filter(|&j| j != i)
                .map(|j| p.clues[j].clone())
                .collect();
            let brute = brute_force(p, &others, 2);
            let needed = brute.len() > 1;
            assert_eq!(
                matches!(verdict, Necessity::Needed { .. }),
                needed,
                "{}: clue {}",
                p.name,
                i + 1
            );
            if let Necessity::Needed { other } = verdict {
                let table = grid.answer(other, p.positions.count).table;
                let other_rows = rows_of(p, &table);
                assert_ne!(other_rows, rows, "another answer");
                assert!(brute_force(p, &others, usize::MAX).contains(&other_rows));
            }
        }
        if let Some(expect) = expect_redundant {
            let redundant: Vec<usize> = verdicts
                .iter()
                .enumerate()
                .filter(|(_, v)| **v == Necessity::Redundant)
                .map(|(i, _)| i)
                .collect();
            assert_eq!(&redundant, expect);
        }
    }
}

fn write(dir: &std::path::Path, name: &str, p: &GridPuzzle) -> String {
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_string_pretty(p).unwrap()).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn solve_and_count_explain_a_contradiction_and_exit_2() {
    let dir = scratch_dir("explain-contradiction");
    let file = write(&dir, "contradiction.json", &englishman_first());
    for command in [&["solve"][..], &["count", "--all"]] {
        let o = satpuz(&[command, &[file.as_str()]].concat());
        assert_eq!(o.code, 2, "{command:?}: {}", o.stderr);
        let out = o.stdout;
        assert!(out.contains("no solution"), "{command:?}: {out}");
        assert!(
            out.contains("clue 9: The Norwegian lives in the first house."),
            "{command:?}: {out}"
        );
        assert!(
            out.contains("clue 15: The Englishman lives in the first house"),
            "{command:?}: {out}"
        );
        assert!(
            !out.contains("clue 1:"),
            "only the contradicting clues: {command:?}: {out}"
        );

        let o = satpuz(&[command, &[file.as_str(), "--json", "--encoding", "bits"]].concat());
        assert_eq!(o.code, 2, "{command:?}");
        let v: serde_json::Value = serde_json::from_str(&o.stdout).unwrap();
        let clues: Vec<u64> = v["contradiction"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["clue"].as_u64().unwrap())
            .collect();
        assert_eq!(clues, vec![9, 15], "{command:?}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn solve_shows_two_answers_and_their_differences_and_exits_3() {
    let mut missing = load("zebra.json");
    missing.clues.remove(4); // the green house right of the ivory one
    let brute = brute_force_rows(&missing);
    assert!(brute.len() > 2);
    let dir = scratch_dir("explain-missing");
    let file = write(&dir, "missing.json", &missing);

    let o = satpuz(&["solve", &file]);
    assert_eq!(o.code, 3, "{}", o.stderr);
    let out = o.stdout;
    assert!(
        out.contains(&format!("unique: no; {} solutions", brute.len())),
        "{out}"
    );
    assert!(
        out.contains("solution 1") && out.contains("solution 2"),
        "{out}"
    );
    assert!(out.contains("differing cells:"), "{out}");

    let o = satpuz(&["solve", &file, "--json"]);
    assert_eq!(o.code, 3);
    let v: serde_json::Value = serde_json::from_str(&o.stdout).unwrap();
    assert_eq!(v["solutions"], brute.len());
    assert_eq!(v["complete"], true);
    // Both answers are solutions, and the listed differences are exactly where they differ.
    let as_rows = |sol: &serde_json::Value| -> Vec<Vec<String>> {
        missing
            .categories
            .iter()
            .map(|cat| {
                sol["positions"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|pos| pos[&cat.name].as_str().unwrap().to_string())
                    .collect()
            })
            .collect()
    };
    let (a, b) = (as_rows(&v["answer"]), as_rows(&v["second_answer"]));
    assert!(brute.contains(&a) && brute.contains(&b) && a != b);
    let labels = missing.position_labels();
    let mut want = BTreeSet::new();
    for (c, cat) in missing.categories.iter().enumerate() {
        for p in 0..labels.len() {
            if a[c][p] != b[c][p] {
                want.insert((
                    labels[p].clone(),
                    cat.name.clone(),
                    a[c][p].clone(),
                    b[c][p].clone(),
                ));
            }
        }
    }
    let got: BTreeSet<_> = v["differences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let s = |k: &str| d[k].as_str().unwrap().to_string();
            (s("position"), s("category"), s("first"), s("second"))
        })
        .collect();
    assert_eq!(got, want);

    let o = satpuz(&["solve", &file, "--limit", "5"]);
    assert_eq!(o.code, 3);
    assert!(o.stdout.contains("at least 5 solutions"), "{}", o.stdout);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn solve_why_lists_each_clue() {
    let zebra = load("zebra.json");
    let twice = with_clue(
        zebra.clone(),
        zebra.clues[0].relation.clone(),
        "again, clue 1",
    );
    let dir = scratch_dir("explain-why");
    let file = write(&dir, "twice.json", &twice);
    let o = satpuz(&["solve", &file, "--why"]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    let out = o.stdout;
    assert!(
        out.contains("redundant clue 1: The Englishman lives in the red house."),
        "{out}"
    );
    assert!(out.contains("redundant clue 15: again, clue 1"), "{out}");
    assert!(
        out.contains("needed    clue 9: The Norwegian lives in the first house."),
        "{out}"
    );
    assert!(out.contains("13 needed, 2 redundant"), "{out}");
    let o = satpuz(&["solve", &file, "--why", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&o.stdout).unwrap();
    let needed: Vec<bool> = v["clues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["needed"].as_bool().unwrap())
        .collect();
    assert_eq!(needed.len(), 15);
    assert_eq!(needed.iter().filter(|&&n| !n).count(), 2);
    let _ = std::fs::remove_dir_all(dir);
}
