//! Boolean literals of a model and reified booleans (gates).
//!
//! A [`Bit`] is a known constant or a test `var = value` of a model variable, possibly negated;
//! a boolean variable ([`super::Model::add_bool`]) is a variable over {0, 1} whose test
//! `var = 1` is one CNF literal. Gates ([`Gate`]) define a boolean as the AND or OR of bits.
//!
//! The gate methods on [`Encoded`] here fold constants and write each gate as it is asked for
//! (see [`super::build`]).

use std::ops::Not;

use crate::cnf::{ClauseSink, Cnf, Lit};
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
    pub(crate) const TRUE: Bit = Bit::Const(true);
    /// The constant false.
    pub(crate) const FALSE: Bit = Bit::Const(false);

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
    pub(crate) fn is_false(self) -> bool {
        self == Bit::FALSE
    }

    /// Its truth under an assignment of values to the model's variables.
    pub(crate) fn eval(self, values: &[usize]) -> bool {
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
    pub(crate) fn eval(&self, values: &[usize]) -> Option<bool> {
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
    /// `a AND b`: a fresh reified boolean unless constants or equal inputs decide it.
    pub(crate) fn and(&mut self, a: Bit, b: Bit) -> Bit {
        match (a, b) {
            (Bit::Const(false), _) | (_, Bit::Const(false)) => Bit::FALSE,
            (Bit::Const(true), x) | (x, Bit::Const(true)) => x,
            (x, y) if x == y => x,
            (x, y) if x == !y => Bit::FALSE,
            (x, y) => self.define(true, &[x, y]),
        }
    }

    /// `a OR b`.
    pub(crate) fn or(&mut self, a: Bit, b: Bit) -> Bit {
        !self.and(!a, !b)
    }

    /// `OR bits`, one reified boolean for the whole disjunction.
    pub(crate) fn or_all(&mut self, bits: &[Bit]) -> Bit {
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
    pub(crate) fn and_two_ways(&mut self, terms: [Bit; 2], order: [Bit; 2]) -> Bit {
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
}
