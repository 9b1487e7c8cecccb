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
    for (skip, &clue_index) in kept.iter().enumerate() {
        let mut fewer = subset.clone();
        fewer.remove(skip);
        assert!(
            brute_force_grid(&puzzle, &fewer, |_| {}) >= 2,
            "clue {} is needed",
            clue_index + 1
        );
    }
}
