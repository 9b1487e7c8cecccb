//! The regular (automaton) constraint against brute force: random DFAs over random sequences
//! of finite-domain variables (domains smaller or larger than the alphabet), alone, beside
//! other constraints and under `AnyOf` (the guarded road), encoded in both domain encodings
//! and every at-most-one encoding, must have exactly the solutions that running the automaton
//! on every assignment finds. The automaton is run here, not by the library's `Dfa::accepts`.

mod common;

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satpuz::cnf::Cnf;
use satpuz::model::{Constraint, Dfa, EncodeOptions, Model};
use satpuz::solve::{Varisat, enumerate};

use common::model::brute_force;

fn solver_solutions(model: &Model, opts: EncodeOptions) -> BTreeSet<Vec<usize>> {
    let mut encoded = model.encode(opts);
    let mut solver = Varisat::with_cnf(&encoded.cnf);
    let decoder = encoded.clone();
    let mut found = BTreeSet::new();
    enumerate(&mut encoded.cnf, &mut solver, Some(100_000), |m| {
        let values = decoder.decode(m).expect("a model decodes");
        assert!(found.insert(values), "{opts:?}: a solution came twice");
        ControlFlow::Continue(())
    })
    .expect("varisat solves");
    found
}

/// Every model of the whole formula, auxiliaries included (no projection).
fn full_model_count(cnf: &Cnf) -> u64 {
    let mut cnf = cnf.clone();
    cnf.primary.clear();
    cnf.primary_one_hot = false;
    let mut solver = Varisat::with_cnf(&cnf);
    enumerate(&mut cnf, &mut solver, Some(100_000), |_| {
        ControlFlow::Continue(())
    })
    .expect("varisat solves")
}

fn random_dfa(rng: &mut ChaCha8Rng) -> Dfa {
    let states = rng.random_range(1..=5);
    let alphabet = rng.random_range(1..=4);
    Dfa {
        start: rng.random_range(0..states),
        next: (0..states)
            .map(|_| {
                (0..alphabet)
                    .map(|_| rng.random_bool(0.8).then(|| rng.random_range(0..states)))
                    .collect()
            })
            .collect(),
        accepting: (0..states).map(|_| rng.random_bool(0.5)).collect(),
    }
}

fn random_model(rng: &mut ChaCha8Rng) -> Model {
    let mut m = Model::new();
    let len = rng.random_range(1..=5);
    let dfa = random_dfa(rng);
    let vars: Vec<usize> = (0..len)
        .map(|i| {
            let size = rng.random_range(1..=5);
            m.add_var(format!("x{i}"), (0..size).map(|v| v.to_string()).collect())
        })
        .collect();
    // Positions may repeat a variable (the word reads it twice).
    let mut word = vars.clone();
    if rng.random_bool(0.3) {
        word.push(vars[rng.random_range(0..len)]);
    }
    let regular = Constraint::Regular { vars: word, dfa };
    match rng.random_range(0..3) {
        0 => m.add(regular),
        1 => {
            m.add(regular);
            let var = rng.random_range(0..len);
            let size = m.vars[var].values.len();
            m.add(Constraint::InSet {
                var,
                allowed: (0..size).map(|_| rng.random_bool(0.6)).collect(),
            });
        }
        _ => {
            let other = Constraint::Regular {
                vars: vars.iter().rev().copied().collect(),
                dfa: random_dfa(rng),
            };
            m.add(Constraint::AnyOf(vec![regular, other]));
        }
    }
    m
}

#[test]
fn regular_matches_brute_force_in_every_encoding() {
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let mut nonempty = 0;
    for case in 0..300 {
        let model = random_model(&mut rng);
        let expected = brute_force(&model);
        nonempty += usize::from(!expected.is_empty());
        for opts in EncodeOptions::for_domains() {
            assert_eq!(
                solver_solutions(&model, opts),
                expected,
                "case {case}, {opts:?}: {model:?}"
            );
        }
    }
    assert!(nonempty > 100, "too few satisfiable cases: {nonempty}");
}

/// With the default at-most-one (no auxiliaries of its own), every variable of the formula is
/// fixed by the word: as many full models as accepted words.
#[test]
fn regular_states_are_fixed_by_the_word() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for case in 0..200 {
        let mut model = Model::new();
        let len = rng.random_range(1..=5);
        let vars: Vec<usize> = (0..len)
            .map(|i| {
                let size = rng.random_range(1..=4);
                model.add_var(format!("x{i}"), (0..size).map(|v| v.to_string()).collect())
            })
            .collect();
        model.add(Constraint::Regular {
            vars,
            dfa: random_dfa(&mut rng),
        });
        let expected = brute_force(&model).len() as u64;
        for opts in EncodeOptions::for_domains()
            .into_iter()
            .filter(|o| o.amo == EncodeOptions::default().amo)
        {
            let encoded = model.encode(opts);
            assert_eq!(
                full_model_count(&encoded.cnf),
                expected,
                "case {case}, {opts:?}: {model:?}"
            );
        }
    }
}

/// A hand-made automaton: words over {0,1} with an even number of 1s, over 6 Boolean-sized
/// variables: 32 of the 64 words.
#[test]
fn parity_automaton_counts_half_the_words() {
    let mut model = Model::new();
    let vars: Vec<usize> = (0..6)
        .map(|i| model.add_var(format!("b{i}"), vec!["0".into(), "1".into()]))
        .collect();
    model.add(Constraint::Regular {
        vars,
        dfa: Dfa {
            start: 0,
            next: vec![vec![Some(0), Some(1)], vec![Some(1), Some(0)]],
            accepting: vec![true, false],
        },
    });
    for opts in EncodeOptions::for_domains() {
        let found = solver_solutions(&model, opts);
        assert_eq!(found.len(), 32, "{opts:?}");
        assert!(
            found
                .iter()
                .all(|w| w.iter().filter(|&&b| b == 1).count() % 2 == 0)
        );
    }
}
