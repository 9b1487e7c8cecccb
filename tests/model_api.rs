//! The one-call model API (`Model::solve`, `count`, `solutions`, `unique`, `explain`,
//! `conflicting_clues`, `prove`, `to_dimacs`) against independent routes: every assignment of
//! values tried (the brute force of `common::model`, whose constraint meanings are written
//! there), every encoding combination, and minisat.

mod common;

use std::collections::BTreeSet;

use common::model::{brute_force, random_constraint, random_model};
use common::{all_options, run_minisat, scratch_dir};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satpuz::model::{Claim, Constraint, Model, ProveError, ReadError, Uniqueness};
use satpuz::solve::steps::Fact;

/// A random model with 1-3 groups of random constraints added as named clues, `clue 1`,
/// `clue 2`, ...; with the test's own record of the constraints that are no clue and of each
/// clue's group.
struct Clued {
    model: Model,
    structure: Vec<Constraint>,
    groups: Vec<Vec<Constraint>>,
    answers: BTreeSet<Vec<usize>>,
}

fn random_clued_model(rng: &mut ChaCha8Rng) -> Clued {
    let mut model = random_model(rng);
    let structure = model.constraints.clone();
    let sizes: Vec<usize> = model.vars.iter().map(|v| v.values.len()).collect();
    let mut groups = Vec::new();
    for i in 0..rng.random_range(1..=3) {
        let group: Vec<Constraint> = (0..rng.random_range(1..=2))
            .map(|_| random_constraint(rng, &sizes, 0))
            .collect();
        model.add_clue(format!("clue {}", i + 1), group.clone());
        groups.push(group);
    }
    let answers = brute_force(&model);
    Clued {
        model,
        structure,
        groups,
        answers,
    }
}

/// Random clued models whose number of answers `wanted` accepts.
fn models_where(seed: u64, tries: usize, wanted: impl Fn(usize) -> bool) -> Vec<Clued> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..tries)
        .map(|_| random_clued_model(&mut rng))
        .filter(|c| wanted(c.answers.len()))
        .collect()
}

#[test]
fn solve_count_solutions_and_unique_agree_with_brute_force_in_every_encoding() {
    let models = models_where(3701, 150, |_| true);
    let mut kinds = BTreeSet::new();
    for Clued {
        model,
        answers: expected,
        ..
    } in &models
    {
        for opts in all_options() {
            let solving = model.with_options(opts);
            let count = solving.count(None).unwrap();
            assert_eq!(count as usize, expected.len(), "{opts:?}\n{model:?}");
            let found: BTreeSet<Vec<usize>> = solving
                .solutions(None)
                .unwrap()
                .iter()
                .map(|s| s.values().to_vec())
                .collect();
            assert_eq!(&found, expected, "{opts:?}\n{model:?}");
            let one = solving.solve().unwrap();
            assert_eq!(one.is_some(), !expected.is_empty());
            if let Some(one) = one {
                assert!(expected.contains(one.values()), "{opts:?}\n{model:?}");
            }
            match solving.unique().unwrap() {
                Uniqueness::NoSolution => assert!(expected.is_empty()),
                Uniqueness::Unique(s) => {
                    assert_eq!(expected.len(), 1, "{opts:?}\n{model:?}");
                    assert!(expected.contains(s.values()));
                }
                Uniqueness::Multiple(a, b) => {
                    assert!(expected.len() > 1, "{opts:?}\n{model:?}");
                    assert_ne!(a, b);
                    assert!(expected.contains(a.values()) && expected.contains(b.values()));
                }
            }
        }
        kinds.insert(expected.len().min(2));
    }
    assert_eq!(
        kinds.len(),
        3,
        "no-answer, one-answer and many-answer models all occur"
    );
}

#[test]
fn a_count_stops_at_its_limit() {
    let mut model = Model::new();
    let vars: Vec<usize> = (0..3)
        .map(|i| model.add_var(format!("x{i}"), vec!["a".into(), "b".into(), "c".into()]))
        .collect();
    model.add(Constraint::AllDifferent(vars));
    assert_eq!(model.count(None).unwrap(), 6);
    assert_eq!(model.count(Some(4)).unwrap(), 4);
    assert_eq!(model.solutions(Some(2)).unwrap().len(), 2);
}

#[test]
fn a_solution_reads_by_var_id_and_by_name() {
    let mut model = Model::new();
    let seats = vec!["seat 1".to_string(), "seat 2".to_string()];
    let ann = model.add_var("Ann", seats.clone());
    let bob = model.add_var("Bob", seats);
    model.add(Constraint::AllDifferent(vec![ann, bob]));
    model.add_clue(
        "Ann takes seat 2",
        [Constraint::InSet {
            var: ann,
            allowed: vec![false, true],
        }],
    );
    let Uniqueness::Unique(s) = model.unique().unwrap() else {
        panic!("one seating")
    };
    assert_eq!((s.value(ann), s.label(ann)), (1, "seat 2"));
    assert_eq!((s.get("Bob"), s.get("Cy")), (Some("seat 1"), None));
    let pairs: Vec<(&str, &str)> = s.iter().collect();
    assert_eq!(pairs, [("Ann", "seat 2"), ("Bob", "seat 1")]);
    assert_eq!(s.to_string(), "Ann = seat 2\nBob = seat 1\n");
    assert_eq!(model.clue_names().collect::<Vec<_>>(), ["Ann takes seat 2"]);
}

/// Does every assignment of values that satisfies `constraints` and the facts `uses` also
/// satisfy every fact of `facts`? (Brute force.)
fn forced(model: &Model, constraints: &[Constraint], uses: &[Fact], facts: &[Fact]) -> bool {
    let mut only = model.clone();
    only.constraints = constraints.to_vec();
    let fact_holds = |f: &Fact, values: &[usize]| (values[f.var] == f.value) == f.holds;
    brute_force(&only).iter().all(|values| {
        !uses.iter().all(|f| fact_holds(f, values)) || facts.iter().all(|f| fact_holds(f, values))
    })
}

/// The constraints that are no clue, with the groups of the clues named `names`.
fn with_clues(clued: &Clued, names: &[String]) -> Vec<Constraint> {
    let mut on = clued.structure.clone();
    for name in names {
        let number: usize = name.strip_prefix("clue ").unwrap().parse().unwrap();
        on.extend(clued.groups[number - 1].iter().cloned());
    }
    on
}

#[test]
fn every_explained_step_is_forced_by_its_named_clues_by_brute_force() {
    let models = models_where(3702, 600, |n| n == 1);
    assert!(
        models.len() >= 10,
        "only {} uniquely solved models",
        models.len()
    );
    let mut steps = 0;
    // The default explanation, and the one without a budget (`explain_exhaustive`).
    let both = models.iter().flat_map(|clued| {
        let model = &clued.model;
        [
            model.explain().unwrap(),
            model.explain_exhaustive().unwrap(),
        ]
        .map(|e| (clued, e))
    });
    for (clued, explained) in both {
        let model = &clued.model;
        assert!(clued.answers.contains(explained.solution.values()));
        for step in &explained.steps {
            assert!(
                forced(
                    model,
                    &with_clues(clued, &step.clues),
                    &step.uses,
                    &step.facts
                ),
                "{} does not force {:?}\n{model:?}",
                step.sentence,
                step.facts
            );
            steps += 1;
        }
        // The start facts follow from the constraints that are no clue alone, and after the
        // last step every variable's value is known.
        assert!(forced(model, &clued.structure, &[], &explained.start));
        let all_facts = explained
            .steps
            .iter()
            .flat_map(|s| s.facts.iter().chain(&s.follows));
        let facts: BTreeSet<Fact> = explained.start.iter().chain(all_facts).copied().collect();
        // A value is known when stated, or when every other value is ruled out.
        let known = (0..model.vars.len()).filter(|&v| {
            let ruled_out = facts.iter().filter(|f| f.var == v && !f.holds).count();
            facts.iter().any(|f| f.var == v && f.holds)
                || ruled_out + 1 == model.vars[v].values.len()
        });
        assert_eq!(known.count(), model.vars.len(), "{model:?}\n{explained:?}");
    }
    assert!(steps > 0);
}

#[test]
fn explaining_a_model_without_exactly_one_answer_says_which() {
    use satpuz::solve::steps::StepsError;
    let none = models_where(3703, 300, |n| n == 0);
    let many = models_where(3703, 300, |n| n > 1);
    assert!(!none.is_empty() && !many.is_empty());
    for clued in &none {
        assert!(
            matches!(clued.model.explain(), Err(StepsError::NoAnswer)),
            "{:?}",
            clued.model
        );
    }
    for clued in &many {
        assert!(matches!(clued.model.explain(), Err(StepsError::NotUnique)));
    }
}

#[test]
fn conflicting_clues_are_a_minimal_contradiction_by_brute_force() {
    let models = models_where(3704, 600, |n| n == 0);
    let mut named = 0;
    for clued in &models {
        let model = &clued.model;
        let conflict = model.conflicting_clues().unwrap();
        let Some(names) = conflict else {
            panic!("no answer, but no conflicting clues named\n{model:?}")
        };
        let count = |names: &[String]| {
            let mut only = model.clone();
            only.constraints = with_clues(clued, names);
            brute_force(&only).len()
        };
        assert_eq!(count(&names), 0, "{names:?} admit an answer\n{model:?}");
        // Minimal, unless the constraints that are no clue contradict each other alone.
        if count(&[]) > 0 {
            for i in 0..names.len() {
                let mut fewer = names.clone();
                fewer.remove(i);
                assert!(
                    count(&fewer) > 0,
                    "{names:?} without {}\n{model:?}",
                    names[i]
                );
            }
            named += 1;
        }
    }
    assert!(named >= 5, "only {named} contradictions among clues");
    for clued in models_where(3704, 100, |n| n > 0) {
        assert_eq!(clued.model.conflicting_clues().unwrap(), None);
    }
}

#[test]
fn a_certificate_is_refuted_by_minisat_too_and_refused_for_two_answers() {
    let dir = scratch_dir("model-api-prove");
    let models = models_where(3705, 120, |_| true);
    let mut claims = BTreeSet::new();
    for (i, clued) in models.iter().enumerate() {
        let model = &clued.model;
        let proof = dir.join(format!("{i}.drat"));
        match model.prove(&proof) {
            Ok(cert) => {
                match cert.claim {
                    Claim::Unique => {
                        assert_eq!(clued.answers.len(), 1, "{model:?}");
                        let s = cert.solution.as_ref().expect("the unique answer");
                        assert!(clued.answers.contains(s.values()));
                    }
                    Claim::NoSolution => assert!(clued.answers.is_empty(), "{model:?}"),
                }
                claims.insert(format!("{:?}", cert.claim));
                assert!(proof.is_file());
                // The refuted formula, written out: minisat refutes it as well.
                let cnf = dir.join(format!("{i}.cnf"));
                cert.write_formula(&cnf).unwrap();
                let (code, _) = run_minisat(&cnf, &dir.join(format!("{i}.out")));
                assert_eq!(code, 20, "minisat does not refute {}", cnf.display());
            }
            Err(ProveError::NotUnique(pair)) => {
                assert!(clued.answers.len() > 1, "{model:?}");
                assert_ne!(pair.0, pair.1);
                assert!(clued.answers.contains(pair.0.values()));
                assert!(clued.answers.contains(pair.1.values()));
                assert!(!proof.exists(), "nothing is written for two answers");
                claims.insert("NotUnique".into());
            }
            Err(e) => panic!("{e}\n{model:?}"),
        }
    }
    assert_eq!(claims.len(), 3, "{claims:?}");
}

#[test]
fn minisat_solving_the_export_finds_exactly_the_brute_force_answers() {
    let dir = scratch_dir("model-api-dimacs");
    let models = models_where(3706, 80, |n| n <= 6);
    for (i, clued) in models.iter().enumerate() {
        for (k, opts) in all_options().into_iter().enumerate() {
            let mut dimacs = clued.model.with_options(opts).to_dimacs();
            let mut found = BTreeSet::new();
            for round in 0.. {
                let cnf = dir.join(format!("{i}-{k}-{round}.cnf"));
                let out = dir.join(format!("{i}-{k}-{round}.out"));
                dimacs
                    .write(&mut std::fs::File::create(&cnf).unwrap())
                    .unwrap();
                let (code, text) = run_minisat(&cnf, &out);
                match dimacs.read_solution(&text).unwrap() {
                    None => {
                        assert_eq!(code, 20);
                        break;
                    }
                    Some(s) => {
                        assert_eq!(code, 10);
                        assert!(found.insert(s.values().to_vec()), "an answer came twice");
                        dimacs.block(&s);
                    }
                }
            }
            assert_eq!(found, clued.answers, "{opts:?}\n{:?}", clued.model);
        }
    }
}

#[test]
fn a_solver_model_that_breaks_a_clause_or_names_too_many_variables_is_refused() {
    let mut model = Model::new();
    let x = model.add_var("x", vec!["a".into(), "b".into()]);
    model.add(Constraint::InSet {
        var: x,
        allowed: vec![false, true],
    });
    let dimacs = model.to_dimacs();
    let vars = dimacs.cnf().num_vars() as i64;
    let all_false: Vec<String> = (1..=vars).map(|v| (-v).to_string()).collect();
    let text = format!("SAT\n{} 0\n", all_false.join(" "));
    assert!(matches!(
        dimacs.read_solution(&text),
        Err(ReadError::Violated { .. })
    ));
    let text = format!("SAT\n{} 0\n", vars + 1);
    assert!(matches!(
        dimacs.read_solution(&text),
        Err(ReadError::TooManyVariables { .. })
    ));
    assert!(matches!(
        dimacs.read_solution("nonsense"),
        Err(ReadError::Parse(_))
    ));
    assert!(dimacs.read_solution("UNSAT\n").unwrap().is_none());
}
