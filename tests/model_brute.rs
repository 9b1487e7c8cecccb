//! The model layer against exhaustive enumeration: random small models with every constraint
//! kind (all-different, shifted all-different, unary sets, binary tables, disjunctions and
//! conjunctions, nested), encoded in every encoding combination, full and reduced
//! (`Model::encode_reduced`), must have exactly the
//! solutions that trying every assignment of values finds. The meaning of each constraint is
//! written out here from its documentation, not taken from the library's `model::holds`.

mod common;

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use common::all_options;
use common::model::{brute_force, random_model};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use satpuz::solve::{Varisat, enumerate};

#[test]
fn random_models_have_the_brute_force_solutions_in_every_encoding() {
    let mut rng = ChaCha8Rng::seed_from_u64(20261201);
    let (mut models, mut solutions) = (0, 0);
    for _ in 0..300 {
        let model = random_model(&mut rng);
        let expected = brute_force(&model);
        // The full encoding, and the reduced one (values ruled out at the root left out).
        let encodings = all_options()
            .into_iter()
            .flat_map(|opts| [(opts, false), (opts, true)]);
        for (opts, reduced) in encodings {
            let mut encoded = if reduced {
                model.encode_reduced(opts)
            } else {
                model.encode(opts)
            };
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
            assert_eq!(found, expected, "{opts:?}, reduced {reduced}\n{model:?}");
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
