//! The Inquest: determinism, uniqueness and minimality of dealt cases, checked against routes
//! that share nothing with the cut (a brute force written in tests/common, fresh solvers per
//! removal, minisat on the exported CNF).

mod common;

use std::collections::HashMap;

use satpuz::model::EncodeOptions;
use satpuz::puzzles::grid::{Clue, GridPuzzle};
use satpuz::puzzles::inquest::{Case, Length, deal, settings};
use satpuz::solve::count;

use common::{brute_force_grid, clue_holds};

const SEEDS: u64 = 200;

/// Distinct solutions of a puzzle with the given clues, up to `limit`, by a fresh varisat.
fn solver_count(puzzle: &GridPuzzle, clues: &[Clue], limit: u64) -> u64 {
    let grid = puzzle.build_with(clues).expect("the case builds");
    let mut encoded = grid.model.encode(EncodeOptions::default());
    count(&mut encoded.cnf, Some(limit)).expect("varisat runs")
}

/// The arrangement as value name -> 0-based room.
fn rooms_by_name(case: &Case) -> HashMap<&str, usize> {
    let arr = &case.arrangement;
    arr.values
        .iter()
        .zip(&arr.room_of)
        .flat_map(|(names, rooms)| names.iter().map(String::as_str).zip(rooms.iter().copied()))
        .collect()
}

#[test]
fn settings_load_and_every_setting_is_dealt() {
    let settings = settings::shipped().expect("the shipped settings are valid");
    assert_eq!(settings.len(), 6);
    for s in settings {
        assert!(
            s.max_rooms() >= Length::Long.shape().rooms,
            "{} has too few values for a long case",
            s.id
        );
    }
    let mut seen: Vec<&str> = (0..60)
        .map(|seed| deal(seed, Length::Short).expect("deal").setting.id.as_str())
        .collect();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), 6, "60 seeds deal every setting: {seen:?}");
}

#[test]
fn a_broken_setting_file_is_named() {
    let text = include_str!("../encodings/inquest/house.json")
        .replace("\"{a} is in {room}.\"", "\"{a} is in {rom}.\"");
    let err = settings::Setting::from_json("house", &text)
        .unwrap_err()
        .to_string();
    assert!(err.contains("house.json") && err.contains("{rom}"), "{err}");
    let text = include_str!("../encodings/inquest/house.json").replace("\"cook\"", "\"Dr Harrow\"");
    let err = settings::Setting::from_json("house", &text)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("`Dr Harrow` is both a person and a trade"),
        "{err}"
    );
}

#[test]
fn the_same_seed_deals_the_same_case() {
    for length in [Length::Short, Length::Long] {
        for seed in [0, 7, 20_250_314] {
            let a = deal(seed, length).unwrap();
            let b = deal(seed, length).unwrap();
            assert_eq!(a.arrangement, b.arrangement);
            assert_eq!(a.statements, b.statements);
            assert_eq!(a.stolen, b.stolen);
        }
    }
    let a = deal(1, Length::Short).unwrap();
    let b = deal(2, Length::Short).unwrap();
    assert!(a.arrangement != b.arrangement || a.statements != b.statements);
}

/// Every property the issue asks of a dealt case, for 200 seeds of a length.
fn check_cases(length: Length, brute_force_uniqueness: bool, brute_force_minimality: u64) {
    let shape = length.shape();
    for seed in 0..SEEDS {
        let case = deal(seed, length).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let puzzle = case.puzzle();
        let n = case.rooms();
        assert_eq!(n, shape.rooms);
        assert!(
            shape.statements.contains(&case.statements.len()),
            "seed {seed}: {} statements",
            case.statements.len()
        );

        // Every statement is true of the arrangement (the test's own position arithmetic).
        let room = rooms_by_name(&case);
        for (i, clue) in puzzle.clues.iter().enumerate() {
            assert!(
                clue_holds(clue, n, &|name| room[name]),
                "seed {seed}: statement {} is false: {clue:?}",
                i + 1
            );
            assert!(!clue.text.as_deref().unwrap_or("").is_empty());
        }

        // The thief is the person in the room of the object left behind.
        let thief_room = room[case.left_object()];
        assert_eq!(room[case.thief()], thief_room, "seed {seed}");
        assert!(case.arrangement.values[0].iter().any(|p| p == case.thief()));

        // Exactly one arrangement: a fresh solver, and (short) the brute force.
        assert_eq!(solver_count(&puzzle, &puzzle.clues, 2), 1, "seed {seed}");
        if brute_force_uniqueness {
            let mut found = Vec::new();
            let solutions = brute_force_grid(&puzzle, &puzzle.clues, |p| found.push(p.clone()));
            assert_eq!(solutions, 1, "seed {seed}");
            assert_eq!(found[0], case.arrangement.room_of, "seed {seed}");
        }

        // Minimal: without any one statement, a fresh solver finds a second arrangement.
        for skip in 0..puzzle.clues.len() {
            let mut fewer = puzzle.clues.clone();
            fewer.remove(skip);
            assert_eq!(
                solver_count(&puzzle, &fewer, 2),
                2,
                "seed {seed}: statement {} is redundant",
                skip + 1
            );
            if seed < brute_force_minimality {
                assert!(brute_force_grid(&puzzle, &fewer, |_| {}) >= 2);
            }
        }
    }
}

#[test]
fn short_cases_are_unique_minimal_and_in_range() {
    check_cases(Length::Short, true, 20);
}

#[test]
fn long_cases_are_unique_minimal_and_in_range() {
    check_cases(Length::Long, false, 0);
}

#[test]
fn long_cases_are_unique_by_minisat() {
    let dir = common::scratch_dir("inquest-minisat");
    for seed in 0..40 {
        let case = deal(seed, Length::Long).unwrap();
        let puzzle = case.puzzle();
        let grid = puzzle.build().unwrap();
        let mut answer = vec![0; grid.model.vars.len()];
        for (c, vars) in grid.value_var.iter().enumerate() {
            for (i, &v) in vars.iter().enumerate() {
                answer[v] = case.arrangement.room_of[c][i];
            }
        }
        let mut encoded = grid.model.encode(EncodeOptions::default());
        let path = dir.join(format!("case{seed}.cnf"));
        let write = |cnf: &satpuz::cnf::Cnf| {
            let mut out = Vec::new();
            satpuz::cnf::dimacs::write_cnf(cnf, &[], &mut out).unwrap();
            std::fs::write(&path, out).unwrap();
        };
        write(&encoded.cnf);
        let (code, model) = common::run_minisat(&path, &dir.join("out"));
        assert_eq!(code, 10, "seed {seed}: minisat finds the case satisfiable");
        let lits: Vec<bool> = model
            .split_whitespace()
            .filter_map(|t| t.parse::<i64>().ok())
            .filter(|&l| l != 0)
            .map(|l| l > 0)
            .collect();
        assert_eq!(
            encoded.decode(&lits).as_deref(),
            Some(&answer[..]),
            "seed {seed}"
        );
        let block = encoded.blocking_clause(&answer);
        satpuz::cnf::ClauseSink::add_clause(&mut encoded.cnf, &block);
        write(&encoded.cnf);
        let (code, _) = common::run_minisat(&path, &dir.join("out"));
        assert_eq!(code, 20, "seed {seed}: no second arrangement");
    }
}

#[test]
fn golden_case_for_2025_03_14() {
    let date = satpuz::puzzles::inquest::Date::parse("2025-03-14").unwrap();
    let case = deal(date.seed(), Length::Short).unwrap();
    assert_eq!(case.setting.id, "sleeper");
    assert_eq!(
        case.arrangement.rooms,
        [
            "the Pullman",
            "the Staff Car",
            "the Couchette",
            "the Lounge Car"
        ]
    );
    assert_eq!(case.stolen, "a Faberge cigarette case");
    assert_eq!(case.left_object(), "platform ticket");
    assert_eq!(case.thief(), "Mr Tolland");
    let texts: Vec<&str> = case.statements.iter().map(|s| s.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "Monsieur Daubigny is exactly two carriages behind the opera singer.",
            "The pencil stub is nearer the engine than the watchmaker.",
            "The lump of coal is somewhere ahead of Mr Tolland.",
            "The ticket punch clipping is not in the same carriage as Professor Imrie.",
            "The platform ticket is nearer the guard's van than the diplomatic courier.",
            "The ticket punch clipping is exactly one carriage behind the opera singer.",
            "The watch stopped at five minutes to five is exactly two carriages behind the watch stopped at two minutes past one.",
            "The watch stopped at two minutes past one is exactly two carriages ahead of the diplomatic courier.",
            "The nun on pilgrimage is exactly two carriages behind the watch stopped at four minutes to midnight.",
        ]
    );
    let rows: Vec<Vec<&str>> = (0..4)
        .map(|r| {
            (0..4)
                .map(|c| {
                    let i = case.arrangement.room_of[c]
                        .iter()
                        .position(|&x| x == r)
                        .unwrap();
                    case.arrangement.values[c][i].as_str()
                })
                .collect()
        })
        .collect();
    assert_eq!(
        rows,
        [
            [
                "Professor Imrie",
                "opera singer",
                "pencil stub",
                "two minutes past one"
            ],
            [
                "Mrs Eliot",
                "watchmaker",
                "ticket punch clipping",
                "four minutes to midnight"
            ],
            [
                "Monsieur Daubigny",
                "diplomatic courier",
                "lump of coal",
                "five minutes to five"
            ],
            [
                "Mr Tolland",
                "nun on pilgrimage",
                "platform ticket",
                "seventeen minutes past two"
            ],
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// Sheets: check and hint.
// ---------------------------------------------------------------------------------------------

use satpuz::puzzles::grid::Relation;
use satpuz::puzzles::inquest::sheet::{check, hint};
use satpuz::puzzles::inquest::{Hint, Mark, Sheet, Square};

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
        solver_count(&puzzle, clues, 2)
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

fn satpuz(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_satpuz"))
        .args(args)
        .output()
        .expect("satpuz runs");
    (
        out.status.code().expect("exit code"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn cli_deals_exports_and_solves_a_case() {
    let dir = common::scratch_dir("inquest-cli");
    let case_path = dir.join("case.json");
    let case_file = case_path.to_str().unwrap();

    // The same date, as a date or as its seed, prints the same case.
    let (code, by_date, _) = satpuz(&["inquest", "--date", "2025-03-14"]);
    assert_eq!(code, 0);
    assert!(by_date.contains("Who is the thief?") && by_date.contains("a night sleeper"));
    assert!(
        !by_date.contains("Mr Tolland: the"),
        "no answer without --reveal"
    );
    let (_, by_seed, _) = satpuz(&["inquest", "--seed", "20250314"]);
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
    let (code, json, _) = satpuz(&["inquest", "--seed", "20250314", "--json", "--reveal"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["inquest"]["thief"], "Mr Tolland");
    assert_eq!(v["inquest"]["setting"], "sleeper");
    assert_eq!(v["clues"].as_array().unwrap().len(), 9);
    assert_eq!(v["clues"][0]["kind"], "right_by");
    std::fs::write(&case_path, &json).unwrap();
    let (code, solved, err) = satpuz(&["solve", case_file, "--json"]);
    assert_eq!(code, 0, "{err}");
    let solved: serde_json::Value = serde_json::from_str(&solved).unwrap();
    assert_eq!(solved["unique"], true);
    assert_eq!(
        solved["solution"]["answer"]["platform ticket"],
        "Mr Tolland"
    );
    let (code, counted, err) = satpuz(&["count", case_file, "--all"]);
    assert_eq!(code, 0, "{err}");
    assert!(counted.contains(": 1 solution"), "{counted}");

    // --dimacs writes the CNF and will not overwrite it unasked; minisat finds it satisfiable.
    let cnf = dir.join("case.cnf");
    let cnf_file = cnf.to_str().unwrap();
    assert_eq!(
        satpuz(&["inquest", "--seed", "7", "--dimacs", cnf_file]).0,
        0
    );
    let (code, _, err) = satpuz(&["inquest", "--seed", "7", "--dimacs", cnf_file]);
    assert_eq!(code, 1);
    assert!(err.contains("--force"), "{err}");
    assert_eq!(
        satpuz(&["inquest", "--seed", "7", "--dimacs", cnf_file, "--force"]).0,
        0
    );
    assert_eq!(common::run_minisat(&cnf, &dir.join("out")).0, 10);

    // Bad input: exit 1 with the reason.
    let (code, _, err) = satpuz(&["inquest", "--date", "2025-02-29"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("2025-02-29") && err.contains("1 to 28"),
        "{err}"
    );
    assert_eq!(
        satpuz(&["inquest", "--date", "2025-01-01", "--seed", "3"]).0,
        1
    );
    assert_eq!(satpuz(&["inquest", "--count", "0"]).0, 1);

    // --count deals consecutive seeds and reports the median time and the statement counts.
    let (code, out, _) = satpuz(&[
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
    let (code, out, err) = satpuz(&[
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
    let (code, out, _) = satpuz(&[
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
    let (_, out, _) = satpuz(&[
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
    let (code, out, _) = satpuz(&[
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
    let (code, out, _) = satpuz(&["inquest", "hint", "--date", "2025-03-14", "--sheet", &empty]);
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
    let (code, _, err) = satpuz(&[
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

#[test]
fn minimal_subset_of_the_jindosh_clues_is_minimal_by_brute_force() {
    let puzzle = common::jindosh();
    let mut answer = None;
    assert_eq!(
        brute_force_grid(&puzzle, &puzzle.clues, |p| answer = Some(p.clone())),
        1
    );
    let answer = answer.unwrap();
    let grid = puzzle.build().unwrap();
    let mut values = vec![0; grid.model.vars.len()];
    for (c, vars) in grid.value_var.iter().enumerate() {
        for (i, &v) in vars.iter().enumerate() {
            values[v] = answer[c][i];
        }
    }
    let mut base = grid.model.clone();
    base.constraints.truncate(grid.clue_constraints.start);
    let clues = &grid.model.constraints[grid.clue_constraints.clone()];
    let (kept, stats) =
        satpuz::puzzles::inquest::minimal_subset(&base, clues, &values, EncodeOptions::default())
            .unwrap();
    assert!(stats.solver_calls > 0 && kept.len() < puzzle.clues.len());
    let subset: Vec<Clue> = kept.iter().map(|&i| puzzle.clues[i].clone()).collect();
    assert_eq!(brute_force_grid(&puzzle, &subset, |_| {}), 1);
    for skip in 0..subset.len() {
        let mut fewer = subset.clone();
        fewer.remove(skip);
        assert!(
            brute_force_grid(&puzzle, &fewer, |_| {}) >= 2,
            "clue {} is needed",
            kept[skip] + 1
        );
    }
}
