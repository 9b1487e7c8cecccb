//! Random small models of every constraint kind (all-different, shifted all-different, unary
//! sets, binary tables, disjunctions and conjunctions, nested) and their solutions by trying
//! every assignment of values. The meaning of each constraint is written out here from its
//! documentation, not taken from the library's `model::holds`.

use std::collections::BTreeSet;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use satpuz::model::{Bit, Cmp, Constraint, Dfa, Gate, Model, Number, VarId};
use satpuz::solve::steps::Fact;

const CMPS: [Cmp; 3] = [Cmp::AtMost, Cmp::AtLeast, Cmp::Exactly];

/// Does `c` hold when variable i takes `values[i]`? The documented meaning of each kind.
pub fn satisfied(c: &Constraint, values: &[usize]) -> bool {
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
        Constraint::Regular { vars, dfa } => {
            run_dfa(dfa, &vars.iter().map(|&v| values[v]).collect::<Vec<_>>())
        }
        other => unreachable!("not generated here (tests/model_sums.rs covers sums): {other:?}"),
    }
}

/// Runs `dfa` on `word` here, not by the library's `Dfa::accepts`: accepted when every letter
/// has an arc and the last state accepts.
pub fn run_dfa(dfa: &Dfa, word: &[usize]) -> bool {
    let mut state = dfa.start;
    for &a in word {
        match dfa.next[state].get(a).copied().flatten() {
            Some(s) => state = s,
            None => return false,
        }
    }
    dfa.accepting[state]
}

/// Every assignment of values (odometer order) that satisfies every constraint.
pub fn brute_force(model: &Model) -> BTreeSet<Vec<usize>> {
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

pub fn random_constraint(rng: &mut ChaCha8Rng, sizes: &[usize], depth: usize) -> Constraint {
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
pub fn random_model(rng: &mut ChaCha8Rng) -> Model {
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

/// Every assignment of the model's variables that satisfies every constraint, by the library's
/// `Model::satisfied_by` (for sums: their meaning is arithmetic, written once there).
pub fn brute_force_holds(model: &Model) -> BTreeSet<Vec<usize>> {
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

/// Random small models of sums, clauses, gates and counts (integer and boolean variables, some
/// constraints under `AnyOf`/`AllOf`).
pub struct SumGen {
    rng: ChaCha8Rng,
    ints: Vec<(VarId, usize)>,
    bools: Vec<VarId>,
}

impl SumGen {
    /// A generator drawing from `seed`.
    pub fn new(seed: u64) -> SumGen {
        SumGen {
            rng: ChaCha8Rng::seed_from_u64(seed),
            ints: Vec::new(),
            bools: Vec::new(),
        }
    }

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

    /// The next random model.
    pub fn model(&mut self) -> Model {
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

/// Every assignment of `m` that gives each group of variables (a category: an all-different
/// group) a permutation of its values, each value `x` of a variable `v` kept only when
/// `fits(v, x)`; None when there would be more than `limit` of them.
pub fn arrangements(
    m: &Model,
    groups: &[Vec<usize>],
    fits: impl Fn(usize, usize) -> bool,
    limit: usize,
) -> Option<Vec<Vec<usize>>> {
    let mut out = vec![vec![0; m.vars.len()]];
    for vars in groups {
        let perms: Vec<Vec<usize>> = super::permutations(m.vars[vars[0]].values.len())
            .into_iter()
            .filter(|p| vars.iter().enumerate().all(|(i, &v)| fits(v, p[i])))
            .collect();
        if out.len().saturating_mul(perms.len()) > limit {
            return None;
        }
        out = out
            .iter()
            .flat_map(|a| {
                perms.iter().map(move |p| {
                    let mut a = a.clone();
                    for (i, &v) in vars.iter().enumerate() {
                        a[v] = p[i];
                    }
                    a
                })
            })
            .collect();
    }
    Some(out)
}

/// Every arrangement of a grid model that fits the facts `known`: one permutation of the places
/// per all-different group (a category), at most `limit` of them (None past it).
pub fn arrangements_knowing(m: &Model, known: &[Fact], limit: usize) -> Option<Vec<Vec<usize>>> {
    let groups: Vec<Vec<usize>> = m
        .constraints
        .iter()
        .filter_map(|c| match c {
            Constraint::AllDifferent(vars) => Some(vars.clone()),
            _ => None,
        })
        .collect();
    let fits = |v: usize, x: usize| {
        known
            .iter()
            .filter(|f| f.var == v)
            .all(|f| (f.value == x) == f.holds)
    };
    arrangements(m, &groups, fits, limit)
}
