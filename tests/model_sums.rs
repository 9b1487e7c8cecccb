//! Sums, clauses and gates as model constraints, against brute force: random small models
//! (integer and boolean variables; clauses, gates, at-most-one, counts and sums of numbers,
//! some under `AnyOf`/`AllOf` so the guarded road is taken too) are encoded under every
//! combination of encodings, and the set of solutions the solver enumerates must be exactly
//! the set of assignments `model::holds` accepts.

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satpuz::model::{Bit, Cmp, Constraint, EncodeOptions, Gate, Model, Number, VarId};
use satpuz::solve::{Varisat, enumerate};

const CMPS: [Cmp; 3] = [Cmp::AtMost, Cmp::AtLeast, Cmp::Exactly];

/// Every assignment of the model's variables that satisfies every constraint.
fn brute_force(model: &Model) -> BTreeSet<Vec<usize>> {
    let sizes: Vec<usize> = model.vars.iter().map(|v| v.values.len()).collect();
    let mut out = BTreeSet::new();
    let mut values = vec![0; sizes.len()];
    loop {
        if model.satisfied_by(&values) {
            out.insert(values.clone());
        }
        // next assignment, odometer-style
        let mut i = 0;
        loop {
            if i == sizes.len() {
                return out;
            }
            values[i] += 1;
            if values[i] < sizes[i] {
                break;
            }
            values[i] = 0;
            i += 1;
        }
    }
}

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

struct Gen {
    rng: ChaCha8Rng,
    ints: Vec<(VarId, usize)>,
    bools: Vec<VarId>,
}

impl Gen {
    /// A random bit: a value test of an integer, a boolean, maybe negated, rarely a constant.
    fn bit(&mut self) -> Bit {
        let r = self.rng.random_range(0..20);
        let bit = if r == 0 {
            Bit::Const(self.rng.random_bool(0.5))
        } else if r < 8 && !self.ints.is_empty() {
            let (var, size) = self.ints[self.rng.random_range(0..self.ints.len())];
            Bit::is(var, self.rng.random_range(0..size))
        } else {
            Bit::var(self.bools[self.rng.random_range(0..self.bools.len())])
        };
        if self.rng.random_bool(0.3) { !bit } else { bit }
    }

    fn bits(&mut self, max: usize) -> Vec<Bit> {
        let n = self.rng.random_range(0..=max);
        (0..n).map(|_| self.bit()).collect()
    }

    /// A number: an integer's value with random weights (exclusive terms), optionally also in
    /// order encoding through defined booleans; or a weighted bit; or a bare order encoding.
    fn number(&mut self, model: &mut Model, order: bool) -> Number {
        let pick = self.rng.random_range(0..3);
        if (pick == 0 || order) && !self.ints.is_empty() {
            let (var, size) = self.ints[self.rng.random_range(0..self.ints.len())];
            // value v weighs v (so the order encoding below agrees), or random weights
            let plain = order || self.rng.random_bool(0.5);
            let terms: Vec<(Bit, usize)> = (1..size)
                .map(|v| {
                    let w = if plain {
                        v
                    } else {
                        self.rng.random_range(0..=4)
                    };
                    (Bit::is(var, v), w)
                })
                .collect();
            let mut n = Number {
                terms,
                at_least: Vec::new(),
            };
            if plain && (order || self.rng.random_bool(0.5)) {
                // at_least[v-1] <-> var >= v, as reified booleans
                n.at_least = (1..size)
                    .map(|v| {
                        let b = model.add_bool("");
                        let gate = Gate::Or((v..size).map(|u| Bit::is(var, u)).collect());
                        model.add(Constraint::Define { out: b, gate });
                        Bit::var(b)
                    })
                    .collect();
                if self.rng.random_bool(0.3) {
                    n.terms.clear(); // order encoding only
                }
            }
            return n;
        }
        if pick == 1 {
            let w = self.rng.random_range(0..=5);
            return Number::weighted(self.bit(), w);
        }
        // a boolean, or any bit, as a one-step order encoding
        Number {
            terms: Vec::new(),
            at_least: vec![self.bit()],
        }
    }

    fn constraint(&mut self, model: &mut Model, depth: usize) -> Constraint {
        let kind = self.rng.random_range(0..if depth > 0 { 8 } else { 10 });
        let cmp = CMPS[self.rng.random_range(0..3)];
        match kind {
            0 => Constraint::Clause(self.bits(3)),
            1 => {
                let out = self.bools[self.rng.random_range(0..self.bools.len())];
                let inputs = self.bits(3);
                let gate = match self.rng.random_range(0..3) {
                    0 => Gate::And(inputs),
                    1 => Gate::Or(inputs),
                    _ => {
                        // the same conjunction twice, the second reordered with a repeat
                        let mut order = inputs.clone();
                        order.reverse();
                        order.extend(inputs.first().copied());
                        Gate::AndTwoWays {
                            terms: inputs,
                            order,
                        }
                    }
                };
                Constraint::Define { out, gate }
            }
            2 => Constraint::AtMostOne(self.bits(4)),
            3 => Constraint::ExactlyOne(self.bits(4)),
            4 | 5 => {
                let lits = self.bits(5);
                let k = self.rng.random_range(0..=lits.len() + 1);
                Constraint::Count { lits, cmp, k }
            }
            6 | 7 => {
                let order = self.rng.random_bool(0.4);
                let numbers: Vec<Number> = (0..self.rng.random_range(1..=3))
                    .map(|_| self.number(model, order))
                    .collect();
                let k = self.rng.random_range(0..=7);
                Constraint::Linear { numbers, cmp, k }
            }
            8 => {
                let cs = (0..2).map(|_| self.constraint(model, depth + 1)).collect();
                Constraint::AnyOf(cs)
            }
            _ => {
                let cs = (0..2).map(|_| self.constraint(model, depth + 1)).collect();
                Constraint::AnyOf(vec![Constraint::AllOf(cs), Constraint::Clause(vec![])])
            }
        }
    }

    fn model(&mut self) -> Model {
        let mut model = Model::new();
        self.ints.clear();
        self.bools.clear();
        for i in 0..self.rng.random_range(0..=2) {
            let size = self.rng.random_range(2..=4);
            let values = (0..size).map(|v| v.to_string()).collect();
            self.ints
                .push((model.add_var(format!("x{i}"), values), size));
        }
        for i in 0..self.rng.random_range(1..=4) {
            self.bools.push(model.add_bool(format!("b{i}")));
        }
        for _ in 0..self.rng.random_range(1..=3) {
            let c = self.constraint(&mut model, 0);
            model.add(c);
        }
        model
    }
}

#[test]
fn random_sum_models_match_brute_force_in_every_encoding() {
    let mut g = Gen {
        rng: ChaCha8Rng::seed_from_u64(9),
        ints: Vec::new(),
        bools: Vec::new(),
    };
    let all = EncodeOptions::all();
    assert_eq!(all.len(), 2 * 5 * 2 * 4, "every encoding combination");
    let (mut satisfiable, mut constrained) = (0, 0);
    for case in 0..120 {
        let model = g.model();
        let expected = brute_force(&model);
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
    let expected = brute_force(&model);
    // x = 3 with a, or x = 2 with b
    assert_eq!(expected.len(), 2);
    for opts in EncodeOptions::all() {
        assert_eq!(solver_solutions(&model, opts), expected, "{opts:?}");
    }
}
