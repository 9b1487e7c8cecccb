//! Step-by-step explanations, each step checked by routes other than the one that found it:
//! a fresh solver per step (its clues and the earlier facts it uses force its facts; without
//! any one of its clues they no longer do), and on small grids a brute force over every
//! arrangement, written from the model's constraint semantics.

#[path = "../benches/support/mod.rs"]
mod bench_support;
mod common;

use common::*;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;
use satpuz::model::{Constraint, EncodeOptions, Model, holds};
use satpuz::puzzles::grid::GridPuzzle;
use satpuz::puzzles::grid::family::clued;
use satpuz::puzzles::inquest::{Length, deal};
use satpuz::solve::steps::{Clued, Explanation, Fact, Step, StepKind, StepsError, explain};
use satpuz::solve::{Varisat, Verdict, solve_unique};

/// The structure of `clued` (its constraints that are not clues), the clues `keep`, and the
/// facts `given` as one-value constraints.
fn model_with(clued: &Clued, keep: &[usize], given: &[Fact]) -> Model {
    let mut m = Model::new();
    m.vars = clued.model.vars.clone();
    for (i, c) in clued.model.constraints.iter().enumerate() {
        let is_clue = clued.clues.contains(&i);
        if !is_clue || keep.contains(&(i - clued.clues.start)) {
            m.add(c.clone());
        }
    }
    for f in given {
        m.add(fact_constraint(&m, *f));
    }
    m
}

fn fact_constraint(m: &Model, f: Fact) -> Constraint {
    let allowed = (0..m.vars[f.var].values.len())
        .map(|x| (x == f.value) == f.holds)
        .collect();
    Constraint::InSet {
        var: f.var,
        allowed,
    }
}

/// "Not every one of `facts` holds", as a model constraint.
fn not_all(m: &Model, facts: &[Fact]) -> Constraint {
    Constraint::AnyOf(
        facts
            .iter()
            .map(|&f| {
                fact_constraint(
                    m,
                    Fact {
                        holds: !f.holds,
                        ..f
                    },
                )
            })
            .collect(),
    )
}

fn satisfiable(m: &Model) -> bool {
    let mut enc = m.encode(EncodeOptions::default());
    let mut solver = Varisat::with_cnf(&enc.cnf);
    !matches!(
        solve_unique(&mut enc.cnf, &mut solver).expect("solves"),
        Verdict::Unsat
    )
}

/// Re-proves every step with fresh solvers: its clues and `uses` force each of its facts (and
/// its `follows` follow from the structure with what was known), no clue can be dropped, and
/// the facts known at the end are the answer.
fn check_steps(clued: &Clued, ex: &Explanation) {
    let mut known: Vec<Fact> = ex.start.clone();
    for (n, step) in ex.steps.iter().enumerate() {
        assert!(!step.facts.is_empty(), "step {} forces something", n + 1);
        for u in &step.uses {
            assert!(
                known.contains(u) || implied(&known, *u),
                "step {} uses a known fact",
                n + 1
            );
        }
        let mut m = model_with(clued, &step.clues, &step.uses);
        m.add(not_all(&m, &step.facts));
        assert!(
            !satisfiable(&m),
            "step {}: its clues force its facts",
            n + 1
        );
        for &c in &step.clues {
            let rest: Vec<usize> = step.clues.iter().copied().filter(|&d| d != c).collect();
            let mut m = model_with(clued, &rest, &step.uses);
            m.add(not_all(&m, &step.facts));
            assert!(
                satisfiable(&m),
                "step {}: without clue {} its facts are not forced",
                n + 1,
                c + 1
            );
        }
        for f in &step.facts {
            assert_eq!(
                ex.answer[f.var] == f.value,
                f.holds,
                "step {}: a fact true in the answer",
                n + 1
            );
        }
        known.extend(step.facts.iter().copied());
        if !step.follows.is_empty() {
            let mut m = model_with(clued, &[], &known);
            m.add(not_all(&m, &step.follows));
            assert!(!satisfiable(&m), "step {}: what follows follows", n + 1);
            known.extend(step.follows.iter().copied());
        }
    }
    for (var, &value) in ex.answer.iter().enumerate() {
        let f = Fact {
            var,
            value,
            holds: true,
        };
        assert!(
            known.contains(&f) || implied(&known, f),
            "the steps place {}",
            (clued.describe)(f)
        );
    }
}

/// Is `f` implied by its variable's other known facts (every other value excluded)?
fn implied(known: &[Fact], f: Fact) -> bool {
    known
        .iter()
        .any(|k| k.var == f.var && k.holds && (k.value == f.value) == f.holds)
}

fn explained(p: &GridPuzzle) -> (Clued, Explanation) {
    let c = clued(p).expect("builds");
    let ex = explain(&c, &[]).expect("explains");
    (c, ex)
}

#[test]
fn shipped_grids_explained_step_by_step() {
    for name in ["jindosh.json", "zebra.json", "einstein.json"] {
        let p = load(name);
        let (c, ex) = explained(&p);
        check_steps(&c, &ex);
        let expected = library_rows(&p, EncodeOptions::default()).expect("solves");
        let grid = p.build().expect("builds");
        let answer = grid.answer(&ex.answer, p.positions.count);
        assert_eq!(rows_of(&p, &answer.table), expected, "{name}: the answer");
    }
}

/// Grids whose rounds have a step that an earlier step of the round let fewer clues beat
/// (tests/explain_rounds.rs finds them): the steps shown, which take the smaller steps
/// first, re-proved with fresh solvers, without a budget and with the default one.
#[test]
fn steps_shown_ahead_of_their_round_are_sound() {
    use satpuz::puzzles::grid::generate::{GridShape, generate};
    use satpuz::solve::steps::{Stepper, explain_from};
    let mut moved = 0;
    for (positions, categories, seed) in [(6, 5, 1), (6, 5, 6), (7, 4, 2), (7, 4, 12)] {
        let shape = GridShape {
            positions,
            categories,
        };
        let c = clued(&generate(shape, seed).expect("generates").puzzle).expect("builds");
        for exhaustive in [true, false] {
            let stepper = Stepper::new(&c, &[]).expect("starts");
            let stepper = if exhaustive {
                stepper.exhaustive()
            } else {
                stepper
            };
            let ex = explain_from(stepper).expect("explains");
            moved += usize::from(ex.steps != ex.rated);
            check_steps(&c, &ex);
        }
    }
    assert!(
        moved >= 4,
        "{moved} explanations show steps ahead of their round"
    );
}

#[test]
fn dealt_cases_explained_step_by_step() {
    for (seed, length) in [(1, Length::Short), (2, Length::Short), (7, Length::Long)] {
        let case = deal(seed, length).expect("deals");
        let (c, ex) = explained(&case.puzzle());
        check_steps(&c, &ex);
        for (cat, rooms) in case.arrangement.room_of.iter().enumerate() {
            let grid = case.puzzle().build().expect("builds");
            for (i, &room) in rooms.iter().enumerate() {
                assert_eq!(ex.answer[grid.value_var[cat][i]], room, "seed {seed}");
            }
        }
    }
}

fn fact_holds(f: &Fact, a: &[usize]) -> bool {
    (a[f.var] == f.value) == f.holds
}

/// Brute force: every arrangement satisfying the step's clues and the facts it uses has all
/// its facts.
fn brute_force_step(clued: &Clued, categories: &[Vec<usize>], step: &Step) -> bool {
    let clues: Vec<&Constraint> = step
        .clues
        .iter()
        .map(|&c| &clued.model.constraints[clued.clues.start + c])
        .collect();
    common::model::arrangements(&clued.model, categories, |_, _| true, usize::MAX)
        .expect("no limit")
        .iter()
        .filter(|a| clues.iter().all(|c| holds(c, a)))
        .filter(|a| step.uses.iter().all(|f| fact_holds(f, a)))
        .all(|a| step.facts.iter().all(|f| fact_holds(f, a)))
}

#[test]
fn small_grids_steps_confirmed_by_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    let mut explained_grids = 0;
    for _ in 0..300 {
        // The shortest prefix of a long random clue list that leaves one answer, if any.
        let mut p = random_grid(&mut rng, 30);
        let all = std::mem::take(&mut p.clues);
        let mut found = None;
        for clue in all {
            p.clues.push(clue);
            let Ok(c) = clued(&p) else { break };
            match explain(&c, &[]) {
                Ok(ex) => {
                    found = Some((c, ex));
                    break;
                }
                Err(StepsError::NotUnique) => continue,
                Err(StepsError::NoAnswer) => break,
                Err(e) => panic!("{e}"),
            }
        }
        let Some((c, ex)) = found else { continue };
        let grid = p.build().expect("builds");
        for (n, step) in ex.steps.iter().enumerate() {
            assert!(
                brute_force_step(&c, &grid.value_var, step),
                "{:?}: step {} confirmed by brute force",
                p.clues,
                n + 1
            );
        }
        check_steps(&c, &ex);
        explained_grids += 1;
    }
    assert!(
        explained_grids >= 20,
        "{explained_grids} unique grids explained"
    );
}

/// A value the categories place after a step (its last place left) is said in the step's
/// sentence ("So yellow is in house 1."), and only such values: zebra and jindosh, from the
/// command's JSON, each placement checked against the step's `follows`.
#[test]
fn what_the_categories_place_is_said_in_the_step() {
    let mut said = 0;
    for puzzle in ["zebra", "jindosh"] {
        let out = json(&satpuz(&["explain", puzzle, "--json"]));
        for step in out["steps"].as_array().expect("steps") {
            let sentence = step["sentence"].as_str().expect("a sentence");
            let placed: Vec<&str> = (step["follows"].as_array().expect("follows").iter())
                .filter(|f| f["holds"] == true)
                .map(|f| f["text"].as_str().expect("text"))
                .collect();
            let so = sentence.rsplit_once(". So ").map(|(_, rest)| rest);
            match so {
                Some(rest) => {
                    for text in &placed {
                        assert!(rest.contains(text), "{puzzle}: {sentence} says {text}");
                    }
                    said += placed.len();
                }
                None => assert!(placed.is_empty(), "{puzzle}: {sentence} omits {placed:?}"),
            }
        }
    }
    assert!(said >= 5, "{said} placements said");
}

#[test]
fn a_puzzle_with_two_answers_is_refused() {
    let mut p = load("zebra.json");
    p.clues.truncate(3);
    let c = clued(&p).expect("builds");
    assert!(matches!(explain(&c, &[]), Err(StepsError::NotUnique)));
}

// The command line.

fn json(run: &Run) -> serde_json::Value {
    assert_eq!(run.code, 0, "{run:?}");
    serde_json::from_str(&run.stdout).expect("JSON")
}

#[test]
fn explain_command_text_and_json() {
    let text = satpuz(&["explain", "jindosh"]);
    assert_eq!(text.code, 0, "{text:?}");
    assert!(
        text.stdout.contains("  1. By clue ") && text.stdout.contains("Difficulty: "),
        "{}",
        text.stdout
    );
    let ex = json(&satpuz(&["explain", "jindosh", "--json"]));
    let solved = json(&satpuz(&["solve", "jindosh", "--json", "--rate"]));
    assert_eq!(
        ex["answer"], solved["answer"],
        "explain's answer is solve's"
    );
    assert_eq!(
        ex["difficulty"], solved["difficulty"],
        "solve --rate shows the same rating"
    );
    assert_eq!(ex["exhaustive"], false);
    // Jindosh is explained within the default budget: without one, the same steps.
    let exhaustive = json(&satpuz(&["explain", "jindosh", "--json", "--exhaustive"]));
    assert_eq!(exhaustive["exhaustive"], true);
    assert_eq!(exhaustive["steps"], ex["steps"]);
    assert_eq!(exhaustive["difficulty"], ex["difficulty"]);
    let steps = ex["steps"].as_array().expect("steps");
    assert_eq!(ex["difficulty"]["steps"], steps.len());
    for (i, step) in steps.iter().enumerate() {
        assert_eq!(step["step"], i + 1);
        assert!(!step["facts"].as_array().unwrap().is_empty());
        for clue in step["clues"].as_array().unwrap() {
            let n = clue["clue"].as_u64().unwrap();
            assert!((1..=26).contains(&n), "clue {n} of jindosh's 26");
        }
    }
    // Every value is placed by some step (or follows from one).
    let placed: usize = steps
        .iter()
        .flat_map(|s| {
            s["facts"]
                .as_array()
                .unwrap()
                .iter()
                .chain(s["follows"].as_array().unwrap())
        })
        .filter(|f| f["holds"] == true)
        .count();
    assert_eq!(placed, 25, "25 values placed");
    for file in ["zebra.json", "einstein.json"] {
        let path = encodings_dir().join(file);
        let ex = json(&satpuz(&["explain", path_str(&path), "--json"]));
        let level = ex["difficulty"]["level"].as_str().unwrap().to_string();
        assert!(["easy", "medium", "hard", "fiendish"].contains(&level.as_str()));
        // Every step proved smallest here: the level is proved, and says so.
        let all_optimal = (ex["steps"].as_array().unwrap().iter()).all(|s| s["optimal"] == true);
        assert!(all_optimal, "{file}");
        assert_eq!(ex["difficulty"]["level_proved"], true, "{file}");
        assert_eq!(ex["difficulty"]["level_at_least"], level.as_str(), "{file}");
    }
}

#[test]
fn explain_refuses_what_it_cannot_explain() {
    let hooks = satpuz(&["explain", "hooks1"]);
    assert_eq!(hooks.code, 1, "{hooks:?}");
    assert!(hooks.stderr.contains("no clue list"), "{}", hooks.stderr);
    let dir = scratch_dir("explain_refuses");
    let mut two = load("zebra.json");
    two.clues.truncate(3);
    let path = dir.join("open.json");
    std::fs::write(&path, serde_json::to_string(&two).unwrap()).unwrap();
    let open = satpuz(&["explain", path_str(&path)]);
    assert_eq!(open.code, 3, "{open:?}");
    assert!(
        open.stderr.contains("more than one answer"),
        "{}",
        open.stderr
    );
}

#[test]
fn dealt_cases_and_hints_carry_the_explanation() {
    let case = satpuz(&["inquest", "--seed", "3"]);
    assert_eq!(case.code, 0, "{case:?}");
    assert!(case.stdout.contains("Difficulty: "), "{}", case.stdout);
    let file = json(&satpuz(&["inquest", "--seed", "3", "--json"]));
    let level = &file["inquest"]["difficulty"]["level"];
    let dir = scratch_dir("explain_cases");
    let path = dir.join("case.json");
    std::fs::write(&path, file.to_string()).unwrap();
    let ex = json(&satpuz(&["explain", path_str(&path), "--json"]));
    assert_eq!(
        &ex["difficulty"]["level"], level,
        "the case file's level is explain's"
    );

    let sheet = dir.join("sheet.json");
    std::fs::write(&sheet, "{}").unwrap();
    let hint = json(&satpuz(&[
        "inquest",
        "hint",
        "--seed",
        "3",
        "--sheet",
        path_str(&sheet),
        "--json",
    ]));
    assert_eq!(hint["hint"], "fill");
    let steps = hint["steps"].as_array().expect("steps");
    let last = steps.last().expect("a step");
    let square = &hint["square"];
    let fills = last["facts"]
        .as_array()
        .unwrap()
        .iter()
        .chain(last["follows"].as_array().unwrap())
        .any(|f| f["holds"] == true && f["value"] == square["value"]);
    assert!(fills, "the last step places the hinted square: {hint:#}");
}

#[test]
fn generated_to_a_difficulty_is_rated_at_it() {
    let dir = scratch_dir("explain_generate");
    for level in ["easy", "medium", "hard", "fiendish"] {
        let run = satpuz(&["generate", "grid", "--difficulty", level, "--json"]);
        assert_eq!(run.code, 0, "{run:?}");
        assert!(run.stderr.contains("seed "), "{}", run.stderr);
        let path = dir.join(format!("{level}.json"));
        std::fs::write(&path, &run.stdout).unwrap();
        let ex = json(&satpuz(&["explain", path_str(&path), "--json"]));
        assert_eq!(ex["difficulty"]["level"], level, "{:#}", ex["difficulty"]);
        // The file is an ordinary puzzle with one answer.
        let solved = json(&satpuz(&["solve", path_str(&path), "--json"]));
        assert_eq!(solved["unique"], true);
    }
    let both = satpuz(&["generate", "grid", "--difficulty", "easy", "--drop", "2"]);
    assert_eq!(
        both.code, 1,
        "--difficulty with --drop is refused: {both:?}"
    );
}

/// Two long cases as the rounds rate them (each round of k-clue steps counts once, k^2 - 1):
/// seed 7 needs one round of pairs, seed 78 rounds of pairs and of three clues. (The search
/// before rounds, led by the solver's cores and counting every step, rated them hard 28 and
/// hard 22.)
#[test]
fn long_cases_are_rated_by_rounds() {
    for (seed, rating) in [
        ("7", "Difficulty: medium (score 3:"),
        ("78", "Difficulty: hard (score 11:"),
    ] {
        let run = satpuz(&["inquest", "--seed", seed, "--length", "long"]);
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert!(run.stdout.contains(rating), "seed {seed}: {}", run.stdout);
    }
}

/// Every step of such a row is one clue on its own variable, which needs no solver: past
/// the two solves that find the answer and prove it unique, none. (A search that asked the
/// solver what each clue forces took about n^2 solves for n^2 facts, n = 40: thousands of
/// solves and seconds; n = 100: minutes.)
#[test]
fn a_row_placed_clue_by_clue_takes_no_solve_per_step() {
    let (c, ex) = explained(&bench_support::placed_row(8));
    check_steps(&c, &ex);
    for n in [40, 100] {
        let p = bench_support::placed_row(n);
        let (_, ex) = explained(&p);
        assert!(
            ex.steps.iter().all(|s| s.kind() == StepKind::Single),
            "n = {n}: one clue a step"
        );
        let grid = p.build().expect("builds");
        for (i, &var) in grid.value_var[0].iter().enumerate() {
            assert_eq!(
                ex.answer[var],
                i,
                "n = {n}: v{} where its clue puts it",
                i + 1
            );
        }
        assert!(ex.solves <= 2, "n = {n}: {} solves", ex.solves);
    }
}

#[test]
fn a_difficulty_no_seed_reaches_is_refused_in_plain_words() {
    let run = satpuz(&[
        "generate",
        "grid",
        "--difficulty",
        "fiendish",
        "--positions",
        "3",
        "--categories",
        "2",
    ]);
    assert_eq!(run.code, 1, "{run:?}");
    assert!(
        run.stderr.contains("3 positions and 2 categories"),
        "{}",
        run.stderr
    );
    assert!(
        !run.stderr.contains("  "),
        "no run of spaces: {}",
        run.stderr
    );
}
