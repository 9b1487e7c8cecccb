//! The Inquest: a player's sheet (`check` marks, `hint` squares and their reasons) and the
//! command line, checked against a brute force over arrangements written in tests/common.

mod common;

use std::collections::HashMap;

use satpuz::model::EncodeOptions;
use satpuz::puzzles::grid::{Clue, Relation};
use satpuz::puzzles::inquest::sheet::{check, hint};
use satpuz::puzzles::inquest::{Case, Hint, Length, Mark, Sheet, Square, deal};
use satpuz::solve::count;

use common::{Run, brute_force_grid, clue_holds, satpuz};

/// Distinct solutions of the case's grid with these clues, up to `limit`, by a fresh varisat.
fn solver_count(case: &Case, clues: &[Clue], limit: u64) -> u64 {
    let grid = case.puzzle().build_with(clues).expect("the case builds");
    let mut encoded = grid.model.encode(EncodeOptions::default());
    count(&mut encoded.cnf, Some(limit)).expect("varisat runs")
}

// ---------------------------------------------------------------------------------------------
// Sheets: check and hint.
// ---------------------------------------------------------------------------------------------

/// The sheet filled in from a placement (`room_of[cat][value]`).
fn sheet_from(case: &Case, room_of: &[Vec<usize>]) -> Sheet {
    let mut sheet = Sheet::empty(case);
    for (c, rooms) in room_of.iter().enumerate() {
        for (i, &r) in rooms.iter().enumerate() {
            sheet.placed[r][c] = Some(i);
        }
    }
    sheet
}

/// A square as a clue: the value is (or with `not`, is not) in that room.
fn square_clue(case: &Case, s: Square, not: bool) -> Clue {
    Clue {
        relation: Relation::At {
            a: case.arrangement.values[s.cat][s.value].clone(),
            position: s.room + 1,
        },
        not,
        text: None,
    }
}

/// Solutions of the case's grid with only these clues (brute force for short cases, a fresh
/// solver otherwise), at most 2 from the solver.
fn solutions(case: &Case, clues: &[Clue]) -> u64 {
    let puzzle = case.puzzle();
    if case.length == Length::Short {
        brute_force_grid(&puzzle, clues, |_| {})
    } else {
        solver_count(case, clues, 2)
    }
}

/// Every arrangement that agrees with the sheet, by brute force (short cases).
fn completions(case: &Case, sheet: &Sheet) -> Vec<Vec<Vec<usize>>> {
    let puzzle = case.puzzle();
    let given: Vec<Clue> = (0..case.rooms())
        .flat_map(|room| (0..case.categories.len()).map(move |cat| (room, cat)))
        .filter_map(|(room, cat)| {
            sheet.placed[room][cat]
                .map(|value| square_clue(case, Square { room, cat, value }, false))
        })
        .collect();
    let mut out = Vec::new();
    brute_force_grid(&puzzle, &given, |p| out.push(p.clone()));
    out
}

#[test]
fn a_complete_right_sheet_is_all_green_and_right() {
    for length in [Length::Short, Length::Long] {
        for seed in 0..20 {
            let case = deal(seed, length).unwrap();
            let mut sheet = sheet_from(&case, &case.arrangement.room_of);
            sheet.thief = case.arrangement.values[0]
                .iter()
                .position(|p| p == case.thief());
            let checked = check(&case, &sheet).unwrap();
            assert!(
                checked.marks.iter().all(|&m| m == Mark::Satisfied),
                "seed {seed}"
            );
            assert!(checked.complete && checked.is_right(), "seed {seed}");
            assert_eq!(checked.thief_right, Some(true));
            assert_eq!(hint(&case, &sheet).unwrap(), Hint::Complete);
        }
    }
}

#[test]
fn a_wrong_complete_sheet_breaks_a_statement() {
    for length in [Length::Short, Length::Long] {
        for seed in 0..20 {
            let case = deal(seed, length).unwrap();
            // Swap the rooms of two values of one category: still a full arrangement, not the
            // answer, so (the answer being unique) some statement must be broken.
            let mut wrong = case.arrangement.room_of.clone();
            let cat = (seed % 4) as usize;
            wrong[cat].swap(0, 1);
            let sheet = sheet_from(&case, &wrong);
            let checked = check(&case, &sheet).unwrap();
            assert!(checked.complete && !checked.is_right());
            assert_eq!(checked.wrong.len(), 2);
            // The marks agree with the test's own evaluation of each clue.
            let puzzle = case.puzzle();
            let index: HashMap<&str, (usize, usize)> = case
                .arrangement
                .values
                .iter()
                .enumerate()
                .flat_map(|(c, vs)| {
                    vs.iter()
                        .enumerate()
                        .map(move |(i, v)| (v.as_str(), (c, i)))
                })
                .collect();
            let room = |name: &str| {
                let (c, i) = index[name];
                wrong[c][i]
            };
            for (clue, mark) in puzzle.clues.iter().zip(&checked.marks) {
                let expected = if clue_holds(clue, case.rooms(), &room) {
                    Mark::Satisfied
                } else {
                    Mark::Violated
                };
                assert_eq!(*mark, expected, "seed {seed}: {clue:?}");
            }
            assert!(checked.marks.contains(&Mark::Violated), "seed {seed}");
            let Hint::Contradiction { broken, .. } = hint(&case, &sheet).unwrap() else {
                panic!("seed {seed}: a wrong sheet gets a contradiction");
            };
            let violated: Vec<usize> = (0..checked.marks.len())
                .filter(|&i| checked.marks[i] == Mark::Violated)
                .collect();
            assert_eq!(broken, violated);
        }
    }
}

#[test]
fn marks_on_partial_sheets_agree_with_every_completion() {
    for seed in 0..12 {
        let case = deal(seed, Length::Short).unwrap();
        let puzzle = case.puzzle();
        // One or two squares per category, right or wrong (wrong ones on odd seeds).
        let mut sheet = Sheet::empty(&case);
        for cat in 0..4 {
            let count = 1 + (seed as usize + cat) % 2;
            for value in 0..count {
                let mut room = case.arrangement.room_of[cat][value];
                if seed % 2 == 1 && value == 0 {
                    room = (room + 1) % case.rooms();
                }
                if sheet.placed[room][cat].is_none()
                    && sheet
                        .room_of(satpuz::puzzles::inquest::statements::ValueRef { cat, idx: value })
                        .is_none()
                {
                    sheet.placed[room][cat] = Some(value);
                }
            }
        }
        let all = completions(&case, &sheet);
        assert!(!all.is_empty());
        let checked = check(&case, &sheet).unwrap();
        let index: HashMap<&str, (usize, usize)> = case
            .arrangement
            .values
            .iter()
            .enumerate()
            .flat_map(|(c, vs)| {
                vs.iter()
                    .enumerate()
                    .map(move |(i, v)| (v.as_str(), (c, i)))
            })
            .collect();
        for (clue, mark) in puzzle.clues.iter().zip(&checked.marks) {
            let truth: Vec<bool> = all
                .iter()
                .map(|p| {
                    clue_holds(clue, case.rooms(), &|name| {
                        let (c, i) = index[name];
                        p[c][i]
                    })
                })
                .collect();
            let expected = if truth.iter().all(|&t| t) {
                Mark::Satisfied
            } else if truth.iter().all(|&t| !t) {
                Mark::Violated
            } else {
                Mark::Open
            };
            assert_eq!(*mark, expected, "seed {seed}: {clue:?}");
        }
        assert!(!checked.complete && !checked.is_right());
    }
}

/// Checks a hint's explanation independently: the named statements and squares force the
/// square (no arrangement has them and another value there), and every one of them is needed.
fn assert_forced(case: &Case, square: Square, statements: &[usize], given: &[Square]) {
    let puzzle = case.puzzle();
    let mut clues: Vec<Clue> = statements
        .iter()
        .map(|&i| puzzle.clues[i].clone())
        .collect();
    clues.extend(given.iter().map(|&s| square_clue(case, s, false)));
    clues.push(square_clue(case, square, true));
    assert_eq!(solutions(case, &clues), 0, "the hint's reasons force it");
    for skip in 0..clues.len() - 1 {
        let mut fewer = clues.clone();
        fewer.remove(skip);
        assert!(
            solutions(case, &fewer) > 0,
            "reason {skip} of the hint is needed"
        );
    }
}

#[test]
fn hints_fill_the_sheet_with_forced_squares_and_minimal_reasons() {
    for (length, seeds) in [(Length::Short, 0..6), (Length::Long, 0..2)] {
        for seed in seeds {
            let case = deal(seed, length).unwrap();
            let mut sheet = Sheet::empty(&case);
            let squares = case.rooms() * case.categories.len();
            for step in 0..squares {
                let Hint::Fill {
                    square,
                    statements,
                    given,
                } = hint(&case, &sheet).unwrap()
                else {
                    panic!("seed {seed} step {step}: an incomplete right sheet gets a square");
                };
                assert!(sheet.placed[square.room][square.cat].is_none());
                assert_eq!(
                    case.arrangement.room_of[square.cat][square.value],
                    square.room
                );
                assert!(
                    given
                        .iter()
                        .all(|s| sheet.placed[s.room][s.cat] == Some(s.value))
                );
                if length == Length::Short || step < 3 {
                    assert_forced(&case, square, &statements, &given);
                }
                sheet.placed[square.room][square.cat] = Some(square.value);
            }
            assert!(check(&case, &sheet).unwrap().is_right());
            assert_eq!(hint(&case, &sheet).unwrap(), Hint::Complete);
        }
    }
}

#[test]
fn a_wrong_square_gets_a_minimal_contradiction() {
    for seed in 0..10 {
        let case = deal(seed, Length::Short).unwrap();
        let mut sheet = Sheet::empty(&case);
        let cat = (seed % 4) as usize;
        let right = case.arrangement.room_of[cat][0];
        let wrong_room = (right + 1 + seed as usize % 3) % case.rooms();
        sheet.placed[wrong_room][cat] = Some(0);
        let Hint::Contradiction {
            statements, given, ..
        } = hint(&case, &sheet).unwrap()
        else {
            panic!("seed {seed}: a wrong square is a contradiction");
        };
        assert_eq!(
            given,
            [Square {
                room: wrong_room,
                cat,
                value: 0
            }]
        );
        let puzzle = case.puzzle();
        let mut clues: Vec<Clue> = statements
            .iter()
            .map(|&i| puzzle.clues[i].clone())
            .collect();
        clues.push(square_clue(&case, given[0], false));
        assert_eq!(solutions(&case, &clues), 0, "seed {seed}");
        for skip in 0..clues.len() {
            let mut fewer = clues.clone();
            fewer.remove(skip);
            assert!(
                solutions(&case, &fewer) > 0,
                "seed {seed}: reason {skip} is needed"
            );
        }
    }
}

#[test]
fn sheet_errors_name_the_place() {
    let case = deal(5, Length::Short).unwrap();
    let room0 = case.arrangement.rooms[0].clone();
    let person0 = case.arrangement.values[0][0].clone();
    let err = |text: String| Sheet::from_json(&case, &text).unwrap_err().to_string();

    let e = err(format!(
        r#"{{"rooms": {{"{room0}x": {{"person": "{person0}"}}}}}}"#
    ));
    assert!(
        e.contains(&format!("room `{room0}x`")) && e.contains(&format!("did you mean `{room0}`")),
        "{e}"
    );
    let e = err(format!(
        r#"{{"rooms": {{"9": {{"person": "{person0}"}}}}}}"#
    ));
    assert!(e.contains("no room 9; rooms are 1 to 4"), "{e}");
    let e = err(format!(
        r#"{{"rooms": {{"1": {{"persons": "{person0}"}}}}}}"#
    ));
    assert!(e.contains("unknown column `persons`"), "{e}");
    let trade0 = &case.arrangement.values[1][0];
    let e = err(format!(r#"{{"rooms": {{"1": {{"person": "{trade0}"}}}}}}"#));
    assert!(e.contains(&format!("`{trade0}` is not a person")), "{e}");
    let e = err(format!(
        r#"{{"rooms": {{"1": {{"person": "{person0}"}}, "2": {{"person": "{person0}"}}}}}}"#
    ));
    assert!(e.contains("already written in"), "{e}");
    let e = err("{\"rooms\": {\n \"1\": [}}".into());
    assert!(e.contains("line 2"), "{e}");
    let e = err(r#"{"thief": "Nobody"}"#.into());
    assert!(
        e.contains("thief") && e.contains("`Nobody` is not a person"),
        "{e}"
    );

    // Names match without regard to case or a leading "the"; numbers name rooms; blanks are blank.
    let loose = format!(
        r#"{{"rooms": {{"1": {{"person": "{}", "trade": ""}}, "{}": {{"clock": null}}}}}}"#,
        person0.to_uppercase(),
        case.arrangement.rooms[1].trim_start_matches("the ")
    );
    let sheet = Sheet::from_json(&case, &loose).unwrap();
    assert_eq!(sheet.placed[0][0], Some(0));
    assert_eq!(
        sheet
            .placed
            .iter()
            .flatten()
            .filter(|v| v.is_some())
            .count(),
        1
    );
}

// ---------------------------------------------------------------------------------------------
// The command line.
// ---------------------------------------------------------------------------------------------

#[test]
fn cli_deals_exports_and_solves_a_case() {
    let dir = common::scratch_dir("inquest-cli");
    let case_path = dir.join("case.json");
    let case_file = case_path.to_str().unwrap();

    // The same date, as a date or as its seed, prints the same case.
    let Run {
        code,
        stdout: by_date,
        ..
    } = satpuz(&["inquest", "--date", "2025-03-14"]);
    assert_eq!(code, 0);
    assert!(by_date.contains("Who is the thief?") && by_date.contains("a night sleeper"));
    assert!(
        !by_date.contains("Mr Tolland: the"),
        "no answer without --reveal"
    );
    let Run {
        stdout: by_seed, ..
    } = satpuz(&["inquest", "--seed", "20250314"]);
    // The numbered statements: the lines between the two headings.
    let statements = |s: &str| {
        s.split("Statements")
            .nth(1)
            .and_then(|rest| rest.split("Who is the thief?").next())
            .unwrap_or_default()
            .to_string()
    };
    assert!(statements(&by_date).contains("  9. "));
    assert_eq!(statements(&by_date), statements(&by_seed));

    // JSON: a grid puzzle file that `solve` and `count --all` accept, with the answer on --reveal.
    let Run {
        code, stdout: json, ..
    } = satpuz(&["inquest", "--seed", "20250314", "--json", "--reveal"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["inquest"]["thief"], "Mr Tolland");
    assert_eq!(v["inquest"]["setting"], "sleeper");
    assert_eq!(v["clues"].as_array().unwrap().len(), 9);
    assert_eq!(v["clues"][0]["kind"], "right_by");
    std::fs::write(&case_path, &json).unwrap();
    let Run {
        code,
        stdout: solved,
        stderr: err,
    } = satpuz(&["solve", case_file, "--json"]);
    assert_eq!(code, 0, "{err}");
    let solved: serde_json::Value = serde_json::from_str(&solved).unwrap();
    assert_eq!(solved["unique"], true);
    assert_eq!(
        solved["answer"]["question"]["platform ticket"],
        "Mr Tolland"
    );
    let Run {
        code,
        stdout: counted,
        stderr: err,
    } = satpuz(&["count", case_file, "--all"]);
    assert_eq!(code, 0, "{err}");
    assert!(counted.contains(": 1 solution"), "{counted}");

    // --dimacs writes the CNF and will not overwrite it unasked; minisat finds it satisfiable.
    let cnf = dir.join("case.cnf");
    let cnf_file = cnf.to_str().unwrap();
    assert_eq!(
        satpuz(&["inquest", "--seed", "7", "--dimacs", cnf_file]).code,
        0
    );
    let Run {
        code, stderr: err, ..
    } = satpuz(&["inquest", "--seed", "7", "--dimacs", cnf_file]);
    assert_eq!(code, 1);
    assert!(err.contains("--force"), "{err}");
    assert_eq!(
        satpuz(&["inquest", "--seed", "7", "--dimacs", cnf_file, "--force"]).code,
        0
    );
    assert_eq!(common::run_minisat(&cnf, &dir.join("out")).0, 10);

    // Bad input: exit 1 with the reason.
    let Run {
        code, stderr: err, ..
    } = satpuz(&["inquest", "--date", "2025-02-29"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("2025-02-29") && err.contains("1 to 28"),
        "{err}"
    );
    assert_eq!(
        satpuz(&["inquest", "--date", "2025-01-01", "--seed", "3"]).code,
        1
    );
    assert_eq!(satpuz(&["inquest", "--count", "0"]).code, 1);

    // --count deals consecutive seeds and reports the median time and the statement counts.
    let Run {
        code, stdout: out, ..
    } = satpuz(&[
        "inquest", "--seed", "1", "--count", "20", "--length", "long", "--json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["deals"], 20);
    let total: u64 = v["statements"]
        .as_object()
        .unwrap()
        .values()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(total, 20);
    assert!(
        v["statements"]
            .as_object()
            .unwrap()
            .keys()
            .all(|k| (15..=24).contains(&k.parse::<usize>().unwrap()))
    );
}

#[test]
fn cli_checks_and_hints_sheets() {
    let dir = common::scratch_dir("inquest-sheets");
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    };
    let right = write(
        "right.json",
        r#"{"rooms": {
            "the Pullman": {"person": "Professor Imrie", "trade": "opera singer", "object": "pencil stub", "clock": "two minutes past one"},
            "the Staff Car": {"person": "Mrs Eliot", "trade": "watchmaker", "object": "ticket punch clipping", "clock": "four minutes to midnight"},
            "the Couchette": {"person": "Monsieur Daubigny", "trade": "diplomatic courier", "object": "lump of coal", "clock": "five minutes to five"},
            "the Lounge Car": {"person": "Mr Tolland", "trade": "nun on pilgrimage", "object": "platform ticket", "clock": "seventeen minutes past two"}},
          "thief": "Mr Tolland"}"#,
    );
    let Run {
        code,
        stdout: out,
        stderr: err,
    } = satpuz(&[
        "inquest",
        "check",
        "--date",
        "2025-03-14",
        "--sheet",
        &right,
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["satisfied"].as_u64(), v["right"].as_bool()),
        (Some(9), Some(true))
    );
    let Run {
        code, stdout: out, ..
    } = satpuz(&[
        "inquest",
        "check",
        "--date",
        "2025-03-14",
        "--sheet",
        &right,
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("complete and right"), "{out}");

    // Statement 3 puts the lump of coal ahead of Mr Tolland: in the last carriage it is broken
    // whoever is where.
    let wrong = write(
        "wrong.json",
        r#"{"rooms": {"the Lounge Car": {"object": "lump of coal"}}}"#,
    );
    let Run { stdout: out, .. } = satpuz(&[
        "inquest",
        "check",
        "--date",
        "2025-03-14",
        "--sheet",
        &wrong,
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["statements"][2]["mark"], "violated");
    assert_eq!(
        (v["violated"].as_u64(), v["open"].as_u64()),
        (Some(1), Some(8))
    );
    assert_eq!(v["complete"], false);
    let Run {
        code, stdout: out, ..
    } = satpuz(&[
        "inquest",
        "hint",
        "--date",
        "2025-03-14",
        "--sheet",
        &wrong,
        "--json",
    ]);
    assert_eq!(code, 2, "no arrangement fits the sheet: exit 2");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["hint"], "contradiction");
    assert_eq!(v["broken"], serde_json::json!([3]));
    assert_eq!(v["statements"], serde_json::json!([3]));

    // An empty sheet gets a square and its reasons.
    let empty = write("empty.json", "{}");
    let Run {
        code, stdout: out, ..
    } = satpuz(&["inquest", "hint", "--date", "2025-03-14", "--sheet", &empty]);
    assert_eq!(code, 0);
    assert!(
        out.contains("Fill in:") && out.contains("Forced by"),
        "{out}"
    );

    // A sheet from another case is refused with the place named.
    let other = write(
        "other.json",
        r#"{"rooms": {"the Library": {"person": "Mrs Ashdown"}}}"#,
    );
    let Run {
        code, stderr: err, ..
    } = satpuz(&[
        "inquest",
        "check",
        "--date",
        "2025-03-14",
        "--sheet",
        &other,
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("other.json") && err.contains("room `the Library`"),
        "{err}"
    );
}
