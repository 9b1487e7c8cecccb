//! The model layer against exhaustive enumeration: random small models with every constraint
//! kind (all-different, shifted all-different, unary sets, binary tables, disjunctions and
//! conjunctions, nested), encoded in every encoding combination, must have exactly the
//! solutions that trying every assignment of values finds. The meaning of each constraint is
//! written out here from its documentation, not taken from the library's `model::holds`.

mod common;

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use common::all_options;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satpuz::model::{Constraint, Model};
use satpuz::solve::{Varisat, enumerate};

/// Does `c` hold when variable i takes `values[i]`? The documented meaning of each kind.
fn satisfied(c: &Constraint, values: &[usize]) -> bool {
    match c {
        Constraint::AllDifferent(vars) => {
            let taken: BTreeSet<usize> = vars.iter().map(|&v| values[v]).collect();
            taken.len() == vars.len()
        }
        Constraint::AllDifferentShifted(vars) => {
            let taken: BTreeSet<usize> = vars.iter().map(|&(v, off)| values[v] + off).collect();
            taken.len() == vars.len()
        }
        Constraint::InSet { var, allowed } => allowed[values[*var]],
        Constraint::Table { x, y, allowed } => allowed[values[*x]][values[*y]],
        Constraint::AnyOf(cs) => cs.iter().any(|c| satisfied(c, values)),
        Constraint::AllOf(cs) => cs.iter().all(|c| satisfied(c, values)),
        other => unreachable!("not generated here (tests/model_sums.rs covers sums): {other:?}"),
    }
}

/// Every assignment of values (odometer order) that satisfies every constraint.
fn brute_force(model: &Model) -> BTreeSet<Vec<usize>> {
    let sizes: Vec<usize> = model.vars.iter().map(|v| v.values.len()).collect();
    let mut out = BTreeSet::new();
    let mut values = vec![0; sizes.len()];
    loop {
        if model.constraints.iter().all(|c| satisfied(c, &values)) {
            out.insert(values.clone());
        }
        let Some(i) = (0..sizes.len()).find(|&i| values[i] + 1 < sizes[i]) else {
            return out;
        };
        values[i] += 1;
        values[..i].iter_mut().for_each(|v| *v = 0);
    }
}

fn random_constraint(rng: &mut ChaCha8Rng, sizes: &[usize], depth: usize) -> Constraint {
    let var = |rng: &mut ChaCha8Rng| rng.random_range(0..sizes.len());
    let some_vars = |rng: &mut ChaCha8Rng| -> Vec<usize> {
        let mut vs: Vec<usize> = (0..sizes.len()).filter(|_| rng.random_bool(0.6)).collect();
        if vs.len() < 2 {
            vs = vec![0, sizes.len() - 1];
        }
        vs
    };
    let kinds = if depth < 2 { 6 } else { 4 };
    match rng.random_range(0..kinds) {
        0 => Constraint::AllDifferent(some_vars(rng)),
        1 => Constraint::AllDifferentShifted(
            some_vars(rng)
                .into_iter()
                .map(|v| (v, rng.random_range(0..3)))
                .collect(),
        ),
        2 => {
            let var = var(rng);
            Constraint::InSet {
                var,
                allowed: (0..sizes[var]).map(|_| rng.random_bool(0.6)).collect(),
            }
        }
        3 => {
            let (x, y) = (var(rng), var(rng));
            Constraint::Table {
                x,
                y,
                allowed: (0..sizes[x])
                    .map(|_| (0..sizes[y]).map(|_| rng.random_bool(0.5)).collect())
                    .collect(),
            }
        }
        4 => Constraint::AnyOf(
            (0..rng.random_range(1..=3))
                .map(|_| random_constraint(rng, sizes, depth + 1))
                .collect(),
        ),
        _ => Constraint::AllOf(
            (0..rng.random_range(1..=3))
                .map(|_| random_constraint(rng, sizes, depth + 1))
                .collect(),
        ),
    }
}

/// A random model: 2-4 variables with domains of 1-5 values (a one-value domain, and sizes
/// that are not powers of two, exercise the bit-vector bound), 1-4 random constraints.
fn random_model(rng: &mut ChaCha8Rng) -> Model {
    let mut model = Model::new();
    let sizes: Vec<usize> = (0..rng.random_range(2..=4))
        .map(|_| rng.random_range(1..=5))
        .collect();
    for (i, &size) in sizes.iter().enumerate() {
        model.add_var(format!("x{i}"), (0..size).map(|v| v.to_string()).collect());
    }
    for _ in 0..rng.random_range(1..=4) {
        model.add(random_constraint(rng, &sizes, 0));
    }
    model
}

#[test]
fn random_models_have_the_brute_force_solutions_in_every_encoding() {
    let mut rng = ChaCha8Rng::seed_from_u64(20261201);
    let (mut models, mut solutions) = (0, 0);
    for _ in 0..300 {
        let model = random_model(&mut rng);
        let expected = brute_force(&model);
        for opts in all_options() {
            let mut encoded = model.encode(opts);
            let mut solver = Varisat::with_cnf(&encoded.cnf);
            let mut found = BTreeSet::new();
            let mut cnf = encoded.cnf.clone();
            let n = enumerate(&mut cnf, &mut solver, None, |m| {
                found.insert(encoded.decode(m).expect("every variable has a value"));
                ControlFlow::Continue(())
            })
            .expect("varisat solves");
            encoded.cnf = cnf;
            assert_eq!(n as usize, found.len(), "an answer was counted twice");
            assert_eq!(found, expected, "{opts:?}\n{model:?}");
        }
        models += 1;
        solutions += expected.len();
    }
    // The generator must produce both satisfiable and unsatisfiable models, or the comparison
    // above says little.
    assert_eq!(models, 300);
    assert!(solutions > 300, "only {solutions} solutions in all");
}

#[test]
fn unsatisfiable_and_single_solution_models_both_occur() {
    let mut rng = ChaCha8Rng::seed_from_u64(20261201);
    let counts: Vec<usize> = (0..300)
        .map(|_| brute_force(&random_model(&mut rng)).len())
        .collect();
    assert!(counts.contains(&0), "no unsatisfiable model generated");
    assert!(counts.contains(&1), "no uniquely solvable model generated");
}
