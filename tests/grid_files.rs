//! The public puzzle-file format: the shipped puzzles give their published answers in every
//! encoding (checked against a brute force written here), the CLI reads any such file, and bad
//! files get errors that name the place and exit 1 without writing anything.

mod common;

use common::*;
use satpuz::model::EncodeOptions;
use satpuz::puzzles::grid::answers::count_answers;
use satpuz::puzzles::grid::{Clue, GridPuzzle, Relation};

/// The published answers, as rows per category in the file's category order.
fn expected(name: &str) -> Vec<Vec<String>> {
    match name {
        "zebra.json" => vec![
            row("yellow, blue, red, ivory, green"),
            row("Norwegian, Ukrainian, Englishman, Spaniard, Japanese"),
            row("water, tea, milk, orange juice, coffee"),
            row("Kools, Chesterfields, Old Gold, Lucky Strike, Parliaments"),
            row("fox, horse, snails, dog, zebra"),
        ],
        "einstein.json" => vec![
            row("Norwegian, Dane, Brit, German, Swede"),
            row("yellow, blue, red, green, white"),
            row("water, tea, milk, coffee, beer"),
            row("Dunhill, Blends, Pall Mall, Prince, BlueMaster"),
            row("cats, horses, birds, fish, dogs"),
        ],
        "dinesman.json" => vec![row("Smith, Cooper, Baker, Fletcher, Miller")],
        // The seed post's owners (Finch: War Medal, Natsiou: Ring, Marcolla: Diamond, Winslow:
        // Bird Pendant, Contee: Snuff Tin) with the seating that gives them.
        "jindosh.json" => vec![
            row("Baroness Finch, Madam Natsiou, Doctor Marcolla, Lady Winslow, Countess Contee"),
            row("purple, blue, white, red, green"),
            row("rum, wine, beer, absinthe, whiskey"),
            row("Karnaca, Dabokva, Baleton, Dunwall, Fraeport"),
            row("War Medal, Ring, Diamond, Bird Pendant, Snuff Tin"),
        ],
        _ => unreachable!(),
    }
}

const SHIPPED: [&str; 4] = [
    "zebra.json",
    "einstein.json",
    "dinesman.json",
    "jindosh.json",
];

#[test]
fn shipped_puzzles_give_their_published_answers_in_every_encoding() {
    for name in SHIPPED {
        let p = load(name);
        let brute = brute_force_rows(&p);
        assert_eq!(brute.len(), 1, "{name}: the brute force finds one solution");
        let want = expected(name);
        assert_eq!(brute[0], want, "{name}: the published answer");
        for opts in all_options() {
            let rows =
                library_rows(&p, opts).unwrap_or_else(|| panic!("{name}: unique in {opts:?}"));
            assert_eq!(rows, brute[0], "{name} in {opts:?}");
        }
    }
}

#[test]
fn the_riddles_famous_answers() {
    // The questions the puzzles ask, read off the library's answer.
    let owner = |file: &str, category: &str, value: &str, asked: &str| {
        let p = load(file);
        let rows = library_rows(&p, EncodeOptions::default()).expect("unique");
        let ci = |name: &str| p.categories.iter().position(|c| c.name == name).unwrap();
        let at = rows[ci(category)].iter().position(|v| v == value).unwrap();
        rows[ci(asked)][at].clone()
    };
    assert_eq!(
        owner("zebra.json", "drink", "water", "nationality"),
        "Norwegian"
    );
    assert_eq!(
        owner("zebra.json", "pet", "zebra", "nationality"),
        "Japanese"
    );
    assert_eq!(
        owner("einstein.json", "pet", "fish", "nationality"),
        "German"
    );
    assert_eq!(
        owner("jindosh.json", "heirloom", "War Medal", "person"),
        "Baroness Finch"
    );
    assert_eq!(
        owner("jindosh.json", "heirloom", "Ring", "person"),
        "Madam Natsiou"
    );
    assert_eq!(
        owner("jindosh.json", "heirloom", "Diamond", "person"),
        "Doctor Marcolla"
    );
    assert_eq!(
        owner("jindosh.json", "heirloom", "Bird Pendant", "person"),
        "Lady Winslow"
    );
}

#[test]
fn direction_words_and_negated_kinds_mean_the_canonical_kinds() {
    let canonical = r#"{
      "name": "t", "positions": {"count": 4, "noun": "room", "labels": ["hall", "den", "lab", "attic"]},
      "categories": [{"name": "who", "values": ["A", "B", "C", "D"]}],
      "clues": [
        {"kind": "left_of", "a": "A", "b": "B"},
        {"kind": "somewhere_right_of", "a": "D", "b": "B"},
        {"kind": "right_by", "a": "C", "b": "A", "k": 2},
        {"kind": "next_to", "a": "C", "b": "D", "not": true},
        {"kind": "at", "a": "A", "position": 1},
        {"kind": "at", "a": "A", "position": 4, "not": true},
        {"kind": "one_of", "a": "B", "positions": [2, 3]}
      ]}"#;
    let worded = r#"{
      "name": "t", "positions": {"count": 4, "noun": "room", "labels": ["hall", "den", "lab", "attic"],
                                 "ends": ["west", "east"]},
      "categories": [{"name": "who", "values": ["A", "B", "C", "D"]}],
      "clues": [
        {"kind": "west_of", "a": "A", "b": "B"},
        {"kind": "somewhere east of", "a": "D", "b": "B"},
        {"kind": "east_by", "a": "C", "b": "A", "k": 2},
        {"kind": "not_next_to", "a": "C", "b": "D"},
        {"kind": "at", "a": "A", "position": "west"},
        {"kind": "not_at", "a": "A", "position": "Attic"},
        {"kind": "one_of", "a": "B", "positions": ["den", "3"]}
      ]}"#;
    let a = GridPuzzle::from_json(canonical).expect("canonical");
    let b = GridPuzzle::from_json(worded).expect("worded");
    assert_eq!(a.clues, b.clues);
    // Floors with their own direction words, as in dinesman.json.
    let floors = load("dinesman.json");
    assert!(floors.clues.contains(&Clue {
        relation: Relation::SomewhereRightOf {
            a: "Miller".into(),
            b: "Cooper".into()
        },
        not: false,
        text: Some("Miller lives on a higher floor than does Cooper.".into()),
    }));
}

#[test]
fn a_puzzle_written_out_reads_back_the_same() {
    for name in SHIPPED {
        let p = load(name);
        let text = serde_json::to_string_pretty(&p).expect("serialises");
        let q = GridPuzzle::from_json(&text).expect("reads back");
        assert_eq!(p.clues, q.clues, "{name}");
        assert_eq!(p.position_labels(), q.position_labels(), "{name}");
    }
}

#[test]
fn the_cli_solves_counts_and_exports_any_puzzle_file() {
    let zebra = encodings_dir().join("zebra.json");
    let zebra = zebra.to_str().unwrap();
    let o = satpuz(&["solve", zebra, "--encoding", "bits", "--amo", "ladder"]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(o.stdout.contains("Japanese: zebra"), "{}", o.stdout);
    assert!(o.stdout.contains("unique: yes"));

    let o = satpuz(&["count", zebra, "--all", "--json"]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    let v: serde_json::Value = serde_json::from_str(&o.stdout).expect("json");
    assert_eq!(v["solutions"], 1);

    // Exported CNF solved by minisat, read back by `decode`.
    let dir = scratch_dir("export");
    let cnf = dir.join("zebra.cnf");
    let o = satpuz(&[
        "encode",
        zebra,
        "--dimacs",
        cnf.to_str().unwrap(),
        "--amo",
        "seqcounter",
    ]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    let result = dir.join("zebra.out");
    // minisat is required (never skipped): .ci/run installs it.
    let (code, _) = run_minisat(&cnf, &result);
    assert_eq!(code, 10, "minisat says SAT");
    let o = satpuz(&[
        "decode",
        zebra,
        "--model",
        result.to_str().unwrap(),
        "--amo",
        "seqcounter",
    ]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(o.stdout.contains("Japanese: zebra"), "{}", o.stdout);
    let _ = std::fs::remove_dir_all(dir);
}

/// A copy of zebra.json with one replacement, run through `encode --dimacs`: exit 1, the
/// message contains every `needle`, and no CNF file appears.
fn assert_bad(test: &str, from: &str, to: &str, needles: &[&str]) {
    let text = std::fs::read_to_string(encodings_dir().join("zebra.json")).unwrap();
    assert!(text.contains(from), "{test}: the edit applies");
    let dir = scratch_dir(test);
    let file = dir.join("bad.json");
    std::fs::write(&file, text.replacen(from, to, 1)).unwrap();
    let out = dir.join("out.cnf");
    let o = satpuz(&[
        "encode",
        file.to_str().unwrap(),
        "--dimacs",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.code, 1, "{test}: exit 1");
    let err = o.stderr;
    for needle in needles {
        assert!(err.contains(needle), "{test}: `{needle}` in\n{err}");
    }
    assert!(!err.contains("panicked"), "{test}: {err}");
    assert!(!out.exists(), "{test}: nothing written");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_files_are_refused_with_errors_a_person_can_act_on() {
    assert_bad(
        "syntax",
        r#"["dog", "snails""#,
        r#"["dog",, "snails""#,
        &["bad.json", "line 10, column 39: expected value"],
    );
    assert_bad(
        "unknown value",
        r#""a": "Spaniard", "b": "dog""#,
        r#""a": "Spaniard", "b": "dgo""#,
        &[
            "clue 2",
            "The Spaniard owns the dog.",
            "unknown value `dgo`",
            "did you mean `dog`?",
        ],
    );
    assert_bad(
        "value in two categories",
        r#""dog", "snails""#,
        r#""red", "snails""#,
        &["`red`", "`colour`", "`pet`"],
    );
    assert_bad(
        "category size",
        r#""dog", "snails", "#,
        r#""dog", "#,
        &["category `pet` has 4 values but there are 5 positions"],
    );
    assert_bad(
        "position range",
        r#""position": "first""#,
        r#""position": 7"#,
        &[
            "clue 9",
            "The Norwegian lives in the first house.",
            "position 7 is outside 1..=5",
        ],
    );
    assert_bad(
        "unknown position word",
        r#""position": "first""#,
        r#""position": "frist""#,
        &[
            "clue 9",
            "unknown position `frist`",
            "did you mean `first`?",
        ],
    );
    assert_bad(
        "unknown kind",
        r#""kind": "right_of""#,
        r#""kind": "rigth_of""#,
        &[
            "clue 5",
            "unknown kind `rigth_of`",
            "did you mean `right_of`?",
        ],
    );
    assert_bad(
        "missing field",
        r#""kind": "right_of", "a": "green", "b": "ivory","#,
        r#""kind": "right_of", "a": "green","#,
        &["clue 5", "missing field `b`"],
    );
    assert_bad(
        "unknown field",
        r#""kind": "right_of", "a": "green", "b": "ivory","#,
        r#""kind": "right_of", "a": "green", "b": "ivory", "c": "red","#,
        &["clue 5", "no field `c`", "`a`, `b`"],
    );
    assert_bad(
        "negative distance",
        r#""kind": "right_of", "a": "green", "b": "ivory","#,
        r#""kind": "right_by", "a": "green", "b": "ivory", "k": -1,"#,
        &["clue 5", "`k` must be a whole number"],
    );
    assert_bad(
        "reversed directions",
        r#""noun": "house""#,
        r#""noun": "house", "directions": ["right", "left"]"#,
        &["positions", "`right_of`"],
    );
}

#[test]
fn the_documented_example_reads_and_has_one_answer() {
    let doc = std::fs::read_to_string(encodings_dir().join("README.md")).expect("README");
    let section = &doc[doc.find("## Logic-grid puzzle files").expect("section")..];
    let start = section.find("```json").expect("example") + "```json".len();
    let end = start + section[start..].find("```").expect("end of example");
    let p = GridPuzzle::from_json(&section[start..end]).expect("the example parses");
    let rows = library_rows(&p, EncodeOptions::default()).expect("unique");
    assert_eq!(brute_force_rows(&p), vec![rows.clone()]);
    assert_eq!(rows, vec![row("Ann, Cy, Bob"), row("dog, cat, fish")]);
}

/// A random small puzzle rich in clues that tie values at a distance (`same`, `left_of`,
/// `right_of`, `left_by`, `right_by`: chains, cycles, clashes within a category, negations,
/// ties inside `either`), for the merged model.
fn random_tie_heavy(rng: &mut rand_chacha::ChaCha8Rng) -> GridPuzzle {
    use rand::RngExt;
    use rand::seq::IndexedRandom;
    let n = rng.random_range(3..=4);
    let k = rng.random_range(2..=3);
    let mut p = GridPuzzle::from_json(&format!(
        r#"{{"positions": {{"count": {n}}}, "clues": [], "categories": [{}]}}"#,
        (0..k)
            .map(|c| format!(
                r#"{{"name": "c{c}", "values": [{}]}}"#,
                (0..n)
                    .map(|i| format!("\"v{c}{i}\""))
                    .collect::<Vec<_>>()
                    .join(",")
            ))
            .collect::<Vec<_>>()
            .join(",")
    ))
    .expect("skeleton");
    let names: Vec<String> = p.categories.iter().flat_map(|c| c.values.clone()).collect();
    let pick = |rng: &mut rand_chacha::ChaCha8Rng| names.choose(rng).unwrap().clone();
    for _ in 0..rng.random_range(2..=6) {
        let (a, b) = (pick(rng), pick(rng));
        let k = rng.random_range(1..n);
        let relation = match rng.random_range(0..10) {
            0..=2 => Relation::Same { a, b },
            3 => Relation::LeftOf { a, b },
            4 => Relation::RightOf { a, b },
            5 => Relation::LeftBy { a, b, k },
            6 => Relation::RightBy { a, b, k },
            7 => Relation::NextTo { a, b },
            8 => Relation::At {
                a,
                position: rng.random_range(1..=n),
            },
            _ => Relation::Either {
                either: vec![
                    Clue {
                        relation: Relation::Same { a, b },
                        not: false,
                        text: None,
                    },
                    Clue {
                        relation: Relation::SomewhereLeftOf {
                            a: pick(rng),
                            b: pick(rng),
                        },
                        not: false,
                        text: None,
                    },
                ],
            },
        };
        p.clues.push(Clue {
            relation,
            not: rng.random_bool(0.15),
            text: None,
        });
    }
    p
}

#[test]
fn the_merged_model_has_the_same_answers_in_every_encoding() {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(33);
    let (mut merged_some, mut shifted_some) = (0, 0);
    for _ in 0..50 {
        let p = random_tie_heavy(&mut rng);
        let mut brute = brute_force_rows(&p);
        brute.sort();
        let merged = p.build_merged().unwrap();
        merged_some += usize::from(merged.model.vars.len() < p.build().unwrap().model.vars.len());
        shifted_some += usize::from(merged.value_offset.iter().flatten().any(|&o| o > 0));
        for opts in all_options() {
            assert_eq!(library_all(&p, true, opts), brute, "{opts:?}\n{p:?}");
            // The counter that finds answers by swaps as well as by the solver.
            let encoded = merged.model.encode(opts);
            let mut answers = Vec::new();
            let n = count_answers(&merged, &encoded, None, |v| answers.push(v.to_vec())).unwrap();
            assert_eq!(n as usize, brute.len(), "{opts:?}\n{p:?}");
            let mut rows: Vec<_> = answers
                .iter()
                .map(|v| rows_of(&p, &merged.answer(v, p.positions.count).table))
                .collect();
            rows.sort();
            assert_eq!(rows, brute, "{opts:?}");
            let half = brute.len() as u64 / 2;
            assert_eq!(
                count_answers(&merged, &encoded, Some(half), |_| {}).unwrap(),
                half
            );
        }
        // The merged model's own check (Model::satisfied_by) accepts exactly those answers.
        for rows in &brute {
            let table: Vec<Vec<usize>> = (0..p.positions.count)
                .map(|pos| {
                    p.categories
                        .iter()
                        .enumerate()
                        .map(|(c, cat)| cat.values.iter().position(|v| *v == rows[c][pos]).unwrap())
                        .collect()
                })
                .collect();
            let values = merged.values(&satpuz::puzzles::grid::GridAnswer { table });
            assert!(merged.model.satisfied_by(&values), "{p:?}");
        }
    }
    assert!(
        merged_some > 30 && shifted_some > 15,
        "the test exercises merging ({merged_some}) and shifts ({shifted_some})"
    );
}

/// Three people in a row of `labels` (none: the default `seat1`..`seat3`) and one clue placing
/// Ann at `position`.
fn ann_at(labels: Option<&[&str]>, position: serde_json::Value) -> String {
    let mut positions = serde_json::json!({"count": 3, "noun": "seat"});
    if let Some(labels) = labels {
        positions["labels"] = serde_json::json!(labels);
    }
    serde_json::json!({"name": "ann", "positions": positions,
        "categories": [{"name": "person", "values": ["Ann", "Bob", "Cy"]}],
        "clues": [{"kind": "at", "a": "Ann", "position": position}]})
    .to_string()
}

/// A position that looks like a number was read as a count before the labels: labels `3`,
/// `2`, `1` with "Ann is in seat 1" put Ann under label `3`, floors `0`..`2` read "floor 1" as
/// floor `0`, and rooms `101`..`103` refused room `102`. Labels now win, and in a row named by
/// numbers a number that is no label is refused rather than counted. Each reading is checked
/// by the brute force (every answer has Ann under the label the clue names) and the `--json`
/// answer of the CLI.
#[test]
fn a_position_is_a_label_first_and_a_count_only_where_no_label_is_a_number() {
    use serde_json::json;
    let seats: &[&str] = &["seat1", "seat2", "seat3"];
    let cases: Vec<(Option<&[&str]>, serde_json::Value, &str)> = vec![
        (Some(&["3", "2", "1"]), json!("1"), "1"),
        (Some(&["3", "2", "1"]), json!(1), "1"),
        (Some(&["3", "2", "1"]), json!(" 3 "), "3"),
        (Some(&["0", "1", "2"]), json!("1"), "1"),
        (Some(&["0", "1", "2"]), json!(0), "0"),
        (Some(&["101", "102", "103"]), json!("102"), "102"),
        (Some(&["101", "102", "103"]), json!(102), "102"),
        (Some(&["-1", "0", "1"]), json!(-1), "-1"),
        (Some(&["hall", "study", "kitchen"]), json!(2), "study"),
        (
            Some(&["hall", "study", "kitchen"]),
            json!("Kitchen"),
            "kitchen",
        ),
        (Some(&["hall", "study", "kitchen"]), json!("first"), "hall"),
        (None, json!("2"), "seat2"),
        (None, json!(3), "seat3"),
        (None, json!("seat3"), "seat3"),
        (None, json!("Seat1"), "seat1"),
        (None, json!("middle"), "seat2"),
    ];
    let dir = scratch_dir("positions-as-labels");
    for (labels, position, label) in cases {
        let text = ann_at(labels, position.clone());
        let p = GridPuzzle::from_json(&text).unwrap_or_else(|e| panic!("{position}: {e}"));
        let at = labels
            .unwrap_or(seats)
            .iter()
            .position(|l| *l == label)
            .unwrap();
        let answers = brute_force_rows(&p);
        assert_eq!(answers.len(), 2, "{position} in {labels:?}");
        for rows in &answers {
            assert_eq!(rows[0][at], "Ann", "{position} in {labels:?}: {rows:?}");
        }
        let file = dir.join("ann.json");
        std::fs::write(&file, &text).unwrap();
        let out = satpuz(&["solve", file.to_str().unwrap(), "--json"]);
        let v: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON answer");
        let row = &v["answer"]["positions"][at];
        assert_eq!(
            (row["seat"].as_str(), row["person"].as_str()),
            (Some(label), Some("Ann")),
            "{position} in {labels:?}: {v}"
        );
    }

    // A number that is no label of a numbered row, or no position at all: refused, naming it.
    for (labels, position, words) in [
        (
            Some(&["0", "1", "2"][..]),
            json!(3),
            "position `3` is none of the labels (0, 1, 2)",
        ),
        (
            Some(&["0", "1", "2"][..]),
            json!("3"),
            "the labels are numbers",
        ),
        (
            Some(&["101", "102", "103"][..]),
            json!(2),
            "position `2` is none of the labels",
        ),
        (
            Some(&["hall", "study", "kitchen"][..]),
            json!(4),
            "position 4 is outside 1..=3",
        ),
        (
            Some(&["hall", "study", "kitchen"][..]),
            json!(1.5),
            "not a whole number from 1",
        ),
        (None, json!("seat4"), "position 4 is outside 1..=3"),
        (None, json!("bench2"), "unknown position `bench2`"),
    ] {
        let err = GridPuzzle::from_json(&ann_at(labels, position.clone())).unwrap_err();
        assert!(
            err.to_string().contains(words),
            "{position} in {labels:?}: {err}"
        );
    }
}

/// Sheets and requests name positions by the same rule (without the end words of a file's
/// clues), and get a position from 0 within the row.
#[test]
fn a_sheet_names_positions_by_the_files_rule() {
    let p = GridPuzzle::from_json(&ann_at(Some(&["3", "2", "1"]), "1".into())).unwrap();
    assert_eq!(p.position_named("1"), Ok(2));
    assert_eq!(p.position_named("3"), Ok(0));
    assert!(
        p.position_named("4")
            .unwrap_err()
            .contains("none of the labels")
    );
    let p = GridPuzzle::from_json(&ann_at(None, 1.into())).unwrap();
    assert_eq!(p.position_named("seat2"), Ok(1));
    assert_eq!(p.position_named("3"), Ok(2));
    assert!(p.position_named("4").unwrap_err().contains("outside 1..=3"));
    assert!(
        p.position_named("first").is_err(),
        "no end words in a sheet"
    );
}

/// A category called like the positions' noun (`house` among houses) overwrote each
/// position's label in the `--json` answer (`positions[i].house`); such a file is now refused,
/// naming the category.
#[test]
fn a_category_named_like_the_positions_is_refused() {
    let text = std::fs::read_to_string(encodings_dir().join("zebra.json")).unwrap();
    let mut zebra: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(zebra["positions"]["noun"], "house");
    zebra["categories"][0]["name"] = "house".into();
    let err = GridPuzzle::from_json(&zebra.to_string()).unwrap_err();
    assert!(
        err.to_string()
            .contains("category `house` has the name of the positions"),
        "{err}"
    );
    let dir = scratch_dir("noun-category");
    let file = dir.join("house.json");
    std::fs::write(&file, zebra.to_string()).unwrap();
    let out = satpuz(&["solve", file.to_str().unwrap(), "--json"]);
    assert_eq!(out.code, 1, "{out:?}");
    assert!(out.stderr.contains("category `house`"), "{out:?}");
    // Under another noun the same categories answer with both fields.
    zebra["positions"]["noun"] = "home".into();
    std::fs::write(&file, zebra.to_string()).unwrap();
    let out = satpuz(&["solve", file.to_str().unwrap(), "--json"]);
    assert_eq!(out.code, 0, "{out:?}");
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let first = &v["answer"]["positions"][0];
    assert_eq!(first["home"], "home1", "{v}");
    assert!(first["house"].is_string(), "{v}");
}
