//! Sums, clauses and gates as model constraints, against brute force: random small models
//! (integer and boolean variables; clauses, gates, at-most-one, counts and sums of numbers,
//! some under `AnyOf`/`AllOf` so the guarded road is taken too) are encoded under every
//! combination of encodings, and the set of solutions the solver enumerates must be exactly
//! the set of assignments `model::holds` accepts.

mod common;

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use common::model::{SumGen, brute_force_holds};
use satpuz::model::{Bit, Cmp, Constraint, EncodeOptions, Model, Number};
use satpuz::solve::{Varisat, enumerate};

/// Every solution the encoded model has, decoded (projected on every variable).
fn solver_solutions(model: &Model, opts: EncodeOptions) -> BTreeSet<Vec<usize>> {
    let mut encoded = model.encode(opts);
    let mut solver = Varisat::with_cnf(&encoded.cnf);
    let mut found = BTreeSet::new();
    let decoder = encoded.clone();
    enumerate(&mut encoded.cnf, &mut solver, Some(5000), |m| {
        let values = decoder.decode(m).expect("a model decodes");
        assert!(found.insert(values), "{opts:?}: a solution came twice");
        ControlFlow::Continue(())
    })
    .expect("varisat solves");
    found
}

#[test]
fn random_sum_models_match_brute_force_in_every_encoding() {
    let mut g = SumGen::new(9);
    let all = EncodeOptions::all();
    assert_eq!(all.len(), 2 * 5 * 2 * 4, "every encoding combination");
    let (mut satisfiable, mut constrained) = (0, 0);
    for case in 0..120 {
        let model = g.model();
        let expected = brute_force_holds(&model);
        let total: usize = model.vars.iter().map(|v| v.values.len()).product();
        satisfiable += usize::from(!expected.is_empty());
        constrained += usize::from(expected.len() < total);
        // a few cases under every combination, the rest under a rotating one
        let options: Vec<EncodeOptions> = if case % 10 == 0 {
            all.clone()
        } else {
            (0..8).map(|i| all[(case * 8 + i) % all.len()]).collect()
        };
        for opts in options {
            let got = solver_solutions(&model, opts);
            assert!(
                got == expected,
                "case {case}, {opts:?}: {} solutions, brute force {} (missing {:?}, extra {:?})\n{:?}",
                got.len(),
                expected.len(),
                expected.difference(&got).next(),
                got.difference(&expected).next(),
                model.constraints,
            );
        }
    }
    assert!(
        satisfiable > 40 && constrained > 40,
        "{satisfiable} {constrained}"
    );
}

#[test]
fn every_combination_agrees_on_a_fixed_sum_model() {
    // x in 0..4 plus two booleans weighted 2 and 3 sum to exactly 5, and at most one boolean
    let mut model = Model::new();
    let x = model.add_var("x", (0..4).map(|v| v.to_string()).collect());
    let a = model.add_bool("a");
    let b = model.add_bool("b");
    let numbers = vec![
        Number {
            terms: (1..4).map(|v| (Bit::is(x, v), v)).collect(),
            at_least: Vec::new(),
        },
        Number::weighted(Bit::var(a), 2),
        Number::weighted(Bit::var(b), 3),
    ];
    model.add(Constraint::Linear {
        numbers,
        cmp: Cmp::Exactly,
        k: 5,
    });
    model.add(Constraint::AtMostOne(vec![Bit::var(a), Bit::var(b)]));
    let expected = brute_force_holds(&model);
    // x = 3 with a, or x = 2 with b
    assert_eq!(expected.len(), 2);
    for opts in EncodeOptions::all() {
        assert_eq!(solver_solutions(&model, opts), expected, "{opts:?}");
    }
}
