//! Building a model and its CNF in one pass: variables, clauses and constraints are encoded as
//! they are added. Front ends whose formula is mostly gates (Hooks) or that add constraints to
//! a formula already in a solver (Portia's clues) use this; building a [`super::Model`] first
//! would allocate a constraint per gate for nothing.

use crate::cnf::{ClauseSink, Cnf, Lit, Var};
use crate::encode::{Domain, Encoding};

use super::bits::{Bit, Val, resolve};
use super::{Encoded, VarId};

impl Encoded {
    /// A fresh boolean variable without a name (an auxiliary of the model), as a bit.
    pub(crate) fn new_bool(&mut self) -> Bit {
        let l = self.cnf.fresh_lit();
        self.push_bool(l)
    }

    /// A fresh boolean variable carrying `name` (written to DIMACS as a `c` line).
    pub(crate) fn named_bool(&mut self, name: impl Into<String>) -> Bit {
        let l = self.cnf.vars.named(name).pos_lit();
        self.push_bool(l)
    }

    /// `l` as a bit of the model (a boolean domain of its own).
    pub(super) fn push_bool(&mut self, l: Lit) -> Bit {
        self.domains.push(Domain::Bool(l));
        Bit::var(self.domains.len() - 1)
    }

    /// The CNF literal of `bit`, or its value when it is a constant.
    pub(crate) fn lit(&mut self, bit: Bit) -> Result<Lit, bool> {
        match resolve(&mut self.domains, &mut self.cnf, bit) {
            Val::Lit(l) => Ok(l),
            Val::Const(b) => Err(b),
        }
    }

    /// The value of `bit` under a full assignment of the CNF's variables. Value literals of
    /// bit-vector domains that were never made are read from the bits.
    pub(crate) fn value(&self, bit: Bit, assignment: &[bool]) -> bool {
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
    pub(crate) fn clause(&mut self, bits: &[Bit]) {
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

    /// A fresh finite-domain variable over `values` in the options' encoding; its value
    /// literals are named `name=value` (bits `name.bit<i>`), as [`Encoded::declare`] names them.
    pub(crate) fn new_var(&mut self, name: &str, values: &[String]) -> VarId {
        let d = Domain::new(
            &mut self.cnf,
            self.opts.encoding,
            values.len(),
            self.opts.amo,
            |v| match v {
                Some(v) => format!("{name}={}", values[v]),
                None => name.to_string(),
            },
        );
        self.domains.push(d);
        self.domains.len() - 1
    }

    /// `bit`, carried by a variable named `name`: the bit's own variable when it is a positive,
    /// unnamed boolean, otherwise a fresh named copy tied to it both ways.
    pub(crate) fn named(&mut self, bit: Bit, name: String) -> Bit {
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
    pub(crate) fn track<R>(&mut self, kind: &'static str, f: impl FnOnce(&mut Self) -> R) -> R {
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
    pub(crate) fn project_on(&mut self, bits: &[Bit], one_hot: bool) {
        let vars: Vec<Var> = bits
            .iter()
            .filter_map(|&b| self.lit(b).ok())
            .map(|l| l.var())
            .collect();
        self.cnf.primary = vars;
        self.cnf.primary_one_hot = one_hot;
    }

    /// Makes the variables `vars` the projection, as [`Encoded::declare`] does for a whole
    /// model (one-hot domains block by their true literals only).
    pub(crate) fn project_on_vars(&mut self, vars: &[VarId]) {
        self.cnf.primary = vars
            .iter()
            .flat_map(|&v| self.domains[v].primary_vars())
            .collect();
        self.cnf.primary_one_hot = self.opts.encoding == Encoding::OneHot
            && vars
                .iter()
                .all(|&v| matches!(self.domains[v], Domain::OneHot(_)));
    }

    /// Runs `f` on a copy of this model whose CNF is `cnf`, a formula sharing this model's
    /// variables (the model's own, taken out, or a scratch one whose clauses a solving session
    /// guards behind a selector). Variables and value literals made inside belong to what `f`
    /// writes alone; the model itself is not changed.
    pub(crate) fn encode_apart<R>(&self, cnf: &mut Cnf, f: impl FnOnce(&mut Encoded) -> R) -> R {
        let mut apart = Encoded {
            cnf: std::mem::take(cnf),
            domains: self.domains.clone(),
            opts: self.opts,
            live: self.live.clone(),
        };
        let r = f(&mut apart);
        *cnf = apart.cnf;
        r
    }
}
