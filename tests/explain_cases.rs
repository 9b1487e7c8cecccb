//! A case split's proof by cases, checked by a brute force over every arrangement (written
//! from the model's constraint semantics, not the propagation that built the cases): each
//! case has no arrangement, each line follows from its one clue (or the categories) and what
//! the case knows, each case ends where it says, a split's sub-cases cover every place left,
//! and once the cases are ruled out the step's facts hold in every arrangement left.

mod common;

use common::*;
use satpuz::model::{Constraint, Model, holds};
use satpuz::puzzles::grid::GridPuzzle;
use satpuz::puzzles::grid::family::clued;
use satpuz::puzzles::grid::generate::{GridShape, generate};
use satpuz::puzzles::inquest::{Length, deal};
use satpuz::solve::steps::{
    Case, Clued, Deduction, End, Explanation, Fact, Reason, Step, StepKind, explain,
};

/// Most arrangements a check enumerates (a check past it is skipped and counted as such).
const LIMIT: usize = 100_000;

/// Every arrangement of a grid model that fits `known`, or None past [`LIMIT`].
fn arrangements(m: &Model, known: &[Fact]) -> Option<Vec<Vec<usize>>> {
    common::model::arrangements_knowing(m, known, LIMIT)
}

fn fact_holds(f: &Fact, a: &[usize]) -> bool {
    (a[f.var] == f.value) == f.holds
}

struct Checker<'a> {
    clued: &'a Clued,
    /// The step's clues' constraints.
    clues: Vec<&'a Constraint>,
    checked: usize,
    skipped: usize,
}

impl<'a> Checker<'a> {
    fn clue(&self, c: usize) -> &'a Constraint {
        &self.clued.model.constraints[self.clued.clues.start + c]
    }

    fn words(&self, f: Fact) -> String {
        (self.clued.describe)(f)
    }

    /// The arrangements fitting `known` that meet every clue in `meeting`; None past the
    /// limit.
    fn meeting(&mut self, known: &[Fact], meeting: &[&Constraint]) -> Option<Vec<Vec<usize>>> {
        let Some(all) = arrangements(&self.clued.model, known) else {
            self.skipped += 1;
            return None;
        };
        Some(
            all.into_iter()
                .filter(|a| meeting.iter().all(|c| holds(c, a)))
                .collect(),
        )
    }

    /// Each line follows from its clue (or the categories alone) and `known`; its facts are
    /// then known.
    fn check_lines(&mut self, known: &mut Vec<Fact>, lines: &[Deduction], what: &str) {
        for line in lines {
            let clue: Vec<&Constraint> = match line.by {
                Reason::Clue(c) => vec![self.clue(c)],
                Reason::Categories => Vec::new(),
            };
            if let Some(all) = self.meeting(known, &clue) {
                for f in &line.facts {
                    assert!(
                        all.iter().all(|a| fact_holds(f, a)),
                        "{what}: {:?} does not force {}",
                        line.by,
                        self.words(*f)
                    );
                }
                self.checked += 1;
            }
            known.extend(line.facts.iter().copied());
        }
    }

    /// The case, supposed with `known`, has no arrangement meeting the step's clues, and
    /// its lines, its end and its sub-cases say only what holds.
    fn check_case(&mut self, known: &[Fact], case: &Case, what: &str) {
        let mut known = known.to_vec();
        known.push(case.assume);
        let what = format!("{what}, supposing {}", self.words(case.assume));
        let clues = self.clues.clone();
        if let Some(left) = self.meeting(&known, &clues) {
            assert!(left.is_empty(), "{what}: an arrangement fits the case");
            self.checked += 1;
        }
        self.check_lines(&mut known, &case.lines, &what);
        match &case.end {
            End::Broken(by) => {
                let clue: Vec<&Constraint> = match *by {
                    Reason::Clue(c) => vec![self.clue(c)],
                    Reason::Categories => Vec::new(),
                };
                if let Some(left) = self.meeting(&known, &clue) {
                    assert!(left.is_empty(), "{what}: {by:?} can still hold");
                    self.checked += 1;
                }
            }
            End::Split(sub) => {
                let var = sub[0].assume.var;
                assert!(sub.iter().all(|c| c.assume.var == var && c.assume.holds));
                if let Some(all) = self.meeting(&known, &[]) {
                    assert!(
                        all.iter()
                            .all(|a| sub.iter().any(|c| a[var] == c.assume.value)),
                        "{what}: the sub-cases miss a place left"
                    );
                }
                for c in sub {
                    self.check_case(&known, c, &what);
                }
            }
        }
    }
}

/// Checks every case split of the explanation of `p`; returns (checks made, checks skipped
/// past the limit, case splits with cases).
fn check_puzzle(name: &str, p: &GridPuzzle) -> (usize, usize, usize) {
    let c = clued(p).expect("builds");
    let ex = explain(&c, &[]).expect("explains");
    check_steps_where(name, &c, &ex, |_| true)
}

/// [`check_puzzle`] for the case splits of `ex` that `wanted` keeps.
fn check_steps_where(
    name: &str,
    c: &Clued,
    ex: &Explanation,
    wanted: impl Fn(&Step) -> bool,
) -> (usize, usize, usize) {
    let mut known = ex.start.clone();
    let (mut checked, mut skipped, mut with_cases) = (0, 0, 0);
    for (i, step) in ex.steps.iter().enumerate() {
        if step.kind() != StepKind::CaseSplit {
            assert!(step.cases.is_empty(), "{name} step {}: cases", i + 1);
        }
        if !step.cases.is_empty() && wanted(step) {
            with_cases += 1;
            let mut checker = Checker {
                clued: c,
                clues: step
                    .clues
                    .iter()
                    .map(|&k| &c.model.constraints[c.clues.start + k])
                    .collect(),
                checked: 0,
                skipped: 0,
            };
            let mut ruled = known.clone();
            for (j, case) in step.cases.iter().enumerate() {
                let what = format!("{name} step {} case {}", i + 1, j + 1);
                assert!(case.assume.holds, "{what}: supposes a placement");
                assert_ne!(
                    ex.answer[case.assume.var], case.assume.value,
                    "{what}: supposes the answer"
                );
                checker.check_case(&ruled, case, &what);
                ruled.push(Fact {
                    holds: false,
                    ..case.assume
                });
                checker.check_lines(&mut ruled, &case.after, &format!("{what}, after"));
            }
            // The cases ruled out, the step's facts hold in every arrangement left.
            if let Some(all) = checker.meeting(&ruled, &[]) {
                for f in &step.facts {
                    assert!(
                        all.iter().all(|a| fact_holds(f, a)),
                        "{name} step {}: its cases leave {} open",
                        i + 1,
                        checker.words(*f)
                    );
                }
                checker.checked += 1;
            }
            checked += checker.checked;
            skipped += checker.skipped;
        }
        known.extend(step.facts.iter().chain(&step.follows).copied());
    }
    (checked, skipped, with_cases)
}

#[test]
fn every_case_of_a_case_split_is_refuted_by_brute_force() {
    // Every puzzle here has a case split (generated grids with one are rare).
    let mut puzzles: Vec<(String, GridPuzzle)> = vec![("zebra".into(), load("zebra.json"))];
    for (positions, categories, seed) in [(6, 4, 3), (5, 4, 1), (5, 5, 2)] {
        let shape = GridShape {
            positions,
            categories,
        };
        let p = generate(shape, seed).expect("generates").puzzle;
        puzzles.push((format!("{positions} x {categories} seed {seed}"), p));
    }
    puzzles.push((
        "long case 1".into(),
        deal(1, Length::Long).expect("deals").puzzle(),
    ));
    let (mut checked, mut skipped, mut with_cases) = (0, 0, 0);
    for (name, p) in &puzzles {
        let (k, s, w) = check_puzzle(name, p);
        assert!(w >= 1, "{name}: no case split shown as cases");
        checked += k;
        skipped += s;
        with_cases += w;
    }
    assert!(with_cases >= 9, "{with_cases} case splits with cases");
    assert!(
        checked >= 100 && skipped * 4 <= checked,
        "{checked} checks made, {skipped} skipped"
    );
}

/// Levels of sub-cases under a case (a case that ends broken has none).
fn depth(case: &Case) -> usize {
    match &case.end {
        End::Broken(_) => 0,
        End::Split(sub) => 1 + sub.iter().map(depth).max().unwrap_or(0),
    }
}

/// A case split can need a split within a sub-case: the 7 x 4 grids of seeds 8 and 13 have
/// such cases (two and three levels of sub-cases), every case split of theirs has its cases,
/// and those with nested sub-cases are checked by brute force over the arrangements that fit
/// what is known at each case.
#[test]
fn sub_cases_split_again_are_refuted_by_brute_force() {
    let (mut deepest, mut checked, mut skips, mut nested) = (0, 0, 0, 0);
    for seed in [8, 13] {
        let shape = GridShape {
            positions: 7,
            categories: 4,
        };
        let p = generate(shape, seed).expect("generates").puzzle;
        let c = clued(&p).expect("builds");
        let ex = explain(&c, &[]).expect("explains");
        let name = format!("7 x 4 seed {seed}");
        for step in ex.steps.iter().filter(|s| s.kind() == StepKind::CaseSplit) {
            assert!(!step.cases.is_empty(), "{name}: a case split without cases");
            deepest = deepest.max(step.cases.iter().map(depth).max().unwrap_or(0));
        }
        let (k, skipped, with_cases) = check_steps_where(&name, &c, &ex, |s| {
            s.cases.iter().any(|case| depth(case) >= 2)
        });
        checked += k;
        skips += skipped;
        nested += with_cases;
    }
    assert!(deepest >= 3, "a split within a split ({deepest} levels)");
    // Past the brute force's limit: the outer cases, supposed with fewer facts known.
    assert!(
        nested >= 3 && checked >= 100 && skips * 3 <= checked,
        "{checked} checks ({skips} skipped) on {nested} case splits with nested sub-cases"
    );
}

#[test]
fn explain_prints_the_cases_and_holds_them_in_json() {
    let text = satpuz(&["explain", "encodings/zebra.json"]);
    assert_eq!(text.code, 0, "{text:?}");
    assert!(
        text.stdout.contains("Case 1. Suppose ") && text.stdout.contains("cannot hold."),
        "{text:?}"
    );
    let json = satpuz(&["explain", "encodings/zebra.json", "--json"]);
    assert_eq!(json.code, 0, "{json:?}");
    let v: serde_json::Value = serde_json::from_str(&json.stdout).expect("JSON");
    let steps = v["steps"].as_array().expect("steps");
    for s in steps {
        let cases = s["cases"].as_array().expect("every step has cases");
        assert_eq!(
            s["kind"] == "case_split",
            !cases.is_empty(),
            "zebra's case split has cases, its other steps none: {s}"
        );
        for c in cases {
            assert_eq!(c["assume"]["holds"], true, "{c}");
            assert!(
                c["sentence"].as_str().unwrap().starts_with("Suppose "),
                "{c}"
            );
            let sentence = c["sentence"].as_str().unwrap();
            assert!(
                c["broken_clue"].is_u64()
                    || !c["cases"].as_array().unwrap().is_empty()
                    || sentence.contains("no place"),
                "a case ends at a broken clue, the categories or sub-cases: {c}"
            );
        }
    }
}
