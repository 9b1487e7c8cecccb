//! Boolean literals of a model and reified booleans (gates).
//!
//! A [`Bit`] is a known constant or a test `var = value` of a model variable, possibly negated;
//! a boolean variable ([`super::Model::add_bool`]) is a variable over {0, 1} whose test
//! `var = 1` is one CNF literal. Gates ([`Gate`]) define a boolean as the AND or OR of bits.
//!
//! The methods on [`Encoded`] here build a model and its CNF in one pass (each constant is
//! folded and each gate written as it is asked for), for front ends such as Hooks whose
//! formula is mostly gates: building a [`super::Model`] first would allocate a constraint
//! per gate for nothing.

use std::ops::Not;

use crate::cnf::{ClauseSink, Cnf, Lit, Var};
use crate::encode::{Domain, Pb};

use super::{Encoded, VarId};

/// A literal of a model: a constant, or `var = value` (negated when `negated`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bit {
    /// A known truth value.
    Const(bool),
    /// The variable `var` takes `value` (for a boolean variable, 1 is true).
    Is {
        /// The model variable.
        var: VarId,
        /// The value tested.
        value: usize,
        /// The test is negated: `var != value`.
        negated: bool,
    },
}

impl Bit {
    /// The constant true.
    pub const TRUE: Bit = Bit::Const(true);
    /// The constant false.
    pub const FALSE: Bit = Bit::Const(false);

    /// The boolean variable `var` is true.
    pub fn var(var: VarId) -> Bit {
        Bit::is(var, 1)
    }

    /// The variable `var` takes `value`.
    pub fn is(var: VarId, value: usize) -> Bit {
        Bit::Is {
            var,
            value,
            negated: false,
        }
    }

    /// Is it the constant false?
    pub fn is_false(self) -> bool {
        self == Bit::FALSE
    }

    /// Its truth under an assignment of values to the model's variables.
    pub fn eval(self, values: &[usize]) -> bool {
        match self {
            Bit::Const(b) => b,
            Bit::Is {
                var,
                value,
                negated,
            } => (values[var] == value) != negated,
        }
    }
}

impl Not for Bit {
    type Output = Bit;
    fn not(self) -> Bit {
        match self {
            Bit::Const(b) => Bit::Const(!b),
            Bit::Is {
                var,
                value,
                negated,
            } => Bit::Is {
                var,
                value,
                negated: !negated,
            },
        }
    }
}

/// What a reified boolean equals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Gate {
    /// All the bits hold (true when there are none).
    And(Vec<Bit>),
    /// Some bit holds (false when there are none).
    Or(Vec<Bit>),
    /// One conjunction given two equivalent ways, which the caller guarantees agree: over
    /// exclusive value bits (`terms`) and over an order encoding (`order`). The encoder writes
    /// the one its sums read best: `order` for [`Pb::Tree`], which reads numbers in order
    /// encoding, `terms` for the encoders that read weighted literals.
    AndTwoWays {
        /// The form the weighted-literal sum encoders propagate through best.
        terms: Vec<Bit>,
        /// The form the order-encoded tree propagates through best.
        order: Vec<Bit>,
    },
}

impl Gate {
    /// Its truth under an assignment (both forms of [`Gate::AndTwoWays`] must hold alike).
    pub fn eval(&self, values: &[usize]) -> Option<bool> {
        let all = |bits: &[Bit]| bits.iter().all(|b| b.eval(values));
        match self {
            Gate::And(bits) => Some(all(bits)),
            Gate::Or(bits) => Some(bits.iter().any(|b| b.eval(values))),
            Gate::AndTwoWays { terms, order } => {
                let (a, b) = (all(terms), all(order));
                (a == b).then_some(a)
            }
        }
    }

    /// The conjunction or disjunction the encoder writes under `pb`: `(is_and, inputs)`.
    pub(super) fn form(&self, pb: Pb) -> (bool, &[Bit]) {
        match self {
            Gate::And(bits) => (true, bits),
            Gate::Or(bits) => (false, bits),
            Gate::AndTwoWays { order, .. } if pb == Pb::Tree => (true, order),
            Gate::AndTwoWays { terms, .. } => (true, terms),
        }
    }
}

/// A bit resolved against the CNF: a constant or a literal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Val {
    Const(bool),
    Lit(Lit),
}

/// The CNF literal of `bit` (a Tseitin value literal of a bit-vector domain is made, and
/// defined in `cnf`, on first use).
pub(super) fn resolve(domains: &mut [Domain], cnf: &mut Cnf, bit: Bit) -> Val {
    match bit {
        Bit::Const(b) => Val::Const(b),
        Bit::Is {
            var,
            value,
            negated,
        } => {
            if value >= domains[var].size() {
                return Val::Const(negated); // a value outside the domain is never taken
            }
            let l = domains[var].value_lit(cnf, value);
            Val::Lit(if negated { !l } else { l })
        }
    }
}

/// The clauses of `out <-> AND inputs` (`is_and`) or `out <-> OR inputs`, constants folded.
/// AND: `out -> x` per input, then `out or !x1 or .. or !xn`; OR: `x -> out` per input, then
/// `x1 or .. or xn or !out` (the literal order the solver has always been given).
pub(super) fn gate_clauses(out: Lit, is_and: bool, inputs: &[Val], mut add: impl FnMut(&[Lit])) {
    // OR is AND over the complements with the output complemented.
    let flip = |l: Lit| if is_and { l } else { !l };
    let o = flip(out);
    let mut lits = Vec::with_capacity(inputs.len() + 1);
    for &v in inputs {
        match v {
            Val::Const(b) if b == is_and => {} // neutral
            Val::Const(_) => {
                add(&[!o]); // absorbing: the output is decided
                return;
            }
            Val::Lit(l) => lits.push(flip(l)),
        }
    }
    for &l in &lits {
        add(&[!o, l]);
    }
    let mut long: Vec<Lit> = Vec::with_capacity(lits.len() + 1);
    if is_and {
        long.push(o);
    }
    long.extend(lits.iter().map(|&l| !l));
    if !is_and {
        long.push(o);
    }
    add(&long);
}

impl Encoded {
    /// A fresh boolean variable without a name (an auxiliary of the model), as a bit.
    pub fn new_bool(&mut self) -> Bit {
        let l = self.cnf.fresh_lit();
        self.push_bool(l)
    }

    /// A fresh boolean variable carrying `name` (written to DIMACS as a `c` line).
    pub fn named_bool(&mut self, name: impl Into<String>) -> Bit {
        let l = self.cnf.vars.named(name).pos_lit();
        self.push_bool(l)
    }

    fn push_bool(&mut self, l: Lit) -> Bit {
        self.domains.push(Domain::Bool(l));
        Bit::var(self.domains.len() - 1)
    }

    /// The CNF literal of `bit`, or its value when it is a constant.
    pub fn lit(&mut self, bit: Bit) -> Result<Lit, bool> {
        match resolve(&mut self.domains, &mut self.cnf, bit) {
            Val::Lit(l) => Ok(l),
            Val::Const(b) => Err(b),
        }
    }

    /// The value of `bit` under a full assignment of the CNF's variables. Value literals of
    /// bit-vector domains that were never made are read from the bits.
    pub fn value(&self, bit: Bit, assignment: &[bool]) -> bool {
        match bit {
            Bit::Const(b) => b,
            Bit::Is {
                var,
                value,
                negated,
            } => (self.domains[var].decode(assignment) == Some(value)) != negated,
        }
    }

    /// The clause `OR bits` (a true constant drops it, false ones drop out).
    pub fn clause(&mut self, bits: &[Bit]) {
        let mut lits = Vec::with_capacity(bits.len());
        for &b in bits {
            match resolve(&mut self.domains, &mut self.cnf, b) {
                Val::Const(true) => return,
                Val::Const(false) => {}
                Val::Lit(l) => lits.push(l),
            }
        }
        self.cnf.add_clause(&lits);
    }

    /// `a AND b`: a fresh reified boolean unless constants or equal inputs decide it.
    pub fn and(&mut self, a: Bit, b: Bit) -> Bit {
        match (a, b) {
            (Bit::Const(false), _) | (_, Bit::Const(false)) => Bit::FALSE,
            (Bit::Const(true), x) | (x, Bit::Const(true)) => x,
            (x, y) if x == y => x,
            (x, y) if x == !y => Bit::FALSE,
            (x, y) => self.define(true, &[x, y]),
        }
    }

    /// `a OR b`.
    pub fn or(&mut self, a: Bit, b: Bit) -> Bit {
        !self.and(!a, !b)
    }

    /// `OR bits`, one reified boolean for the whole disjunction.
    pub fn or_all(&mut self, bits: &[Bit]) -> Bit {
        let mut kept: Vec<Bit> = Vec::with_capacity(bits.len());
        for &b in bits {
            match b {
                Bit::Const(true) => return Bit::TRUE,
                Bit::Const(false) => {}
                b if !kept.contains(&b) => kept.push(b),
                _ => {}
            }
        }
        match kept[..] {
            [] => Bit::FALSE,
            [b] => b,
            _ => self.define(false, &kept),
        }
    }

    /// The AND of [`Gate::AndTwoWays`], folded and written in the form the options' sum
    /// encoding reads best.
    pub fn and_two_ways(&mut self, terms: [Bit; 2], order: [Bit; 2]) -> Bit {
        let [a, b] = if self.opts.pb == Pb::Tree {
            order
        } else {
            terms
        };
        self.and(a, b)
    }

    /// A fresh boolean defined as the AND (`is_and`) or OR of `inputs`.
    fn define(&mut self, is_and: bool, inputs: &[Bit]) -> Bit {
        let vals: Vec<Val> = inputs
            .iter()
            .map(|&b| resolve(&mut self.domains, &mut self.cnf, b))
            .collect();
        let out = self.new_bool();
        let Ok(o) = self.lit(out) else {
            unreachable!("a fresh boolean is a literal")
        };
        let cnf = &mut self.cnf;
        gate_clauses(o, is_and, &vals, |cl| cnf.add_clause(cl));
        out
    }

    /// `bit`, carried by a variable named `name`: the bit's own variable when it is a positive,
    /// unnamed boolean, otherwise a fresh named copy tied to it both ways.
    pub fn named(&mut self, bit: Bit, name: String) -> Bit {
        if let Bit::Is {
            var,
            value: 1,
            negated: false,
        } = bit
            && let Domain::Bool(l) = self.domains[var]
            && !l.is_neg()
            && self.cnf.vars.name(l.var()).is_none()
        {
            self.cnf.vars.set_name(l.var(), name);
            return bit;
        }
        let Ok(l) = self.lit(bit) else {
            return bit; // a constant needs no variable
        };
        let copy = self.named_bool(name);
        let Ok(c) = self.lit(copy) else {
            unreachable!("a fresh boolean is a literal")
        };
        self.cnf.add_clause(&[!c, l]);
        self.cnf.add_clause(&[c, !l]);
        copy
    }

    /// Runs `f` and books the variables and clauses it adds under `kind` in the CNF's cost
    /// breakdown (for front ends that book whole sections of their model).
    pub fn track<R>(&mut self, kind: &'static str, f: impl FnOnce(&mut Self) -> R) -> R {
        let (v0, c0) = (self.cnf.vars.count(), self.cnf.clauses.len());
        let r = f(self);
        let cost = self.cnf.stats.entry(kind).or_default();
        cost.vars += self.cnf.vars.count() - v0;
        cost.clauses += self.cnf.clauses.len() - c0;
        r
    }

    /// Makes `bits` the projection (the variables counting and uniqueness block). With
    /// `one_hot`, every solution sets the same number of them, so blocking only the true ones
    /// is exact. Constants are skipped.
    pub fn project_on(&mut self, bits: &[Bit], one_hot: bool) {
        let vars: Vec<Var> = bits
            .iter()
            .filter_map(|&b| self.lit(b).ok())
            .map(|l| l.var())
            .collect();
        self.cnf.primary = vars;
        self.cnf.primary_one_hot = one_hot;
    }
}
