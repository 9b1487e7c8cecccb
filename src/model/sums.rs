//! Sums as model constraints: at-most-one / exactly-one, cardinality ([`Constraint::Count`])
//! and sums of small numbers ([`Constraint::Linear`]).
//!
//! The caller states the sum; the encoding comes from the [`EncodeOptions`] (`amo`, `card`,
//! `pb`), so a front end never picks an encoder. A [`Number`] may be given in two forms at
//! once, exclusive weighted bits and order encoding: [`Pb::Tree`] reads the order encoding, the
//! other PB encoders the weighted bits, each the form it propagates best through.

use crate::cnf::{ClauseSink, Cnf, Lit};
use crate::encode::{Domain, Pb, amo, card, pb};

use super::bits::{Bit, Val, gate_clauses, resolve};
use super::{Constraint, EncodeOptions, Encoded};

/// How a sum is compared with its bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cmp {
    /// `sum <= k`.
    AtMost,
    /// `sum >= k`.
    AtLeast,
    /// `sum == k`.
    Exactly,
}

impl Cmp {
    /// Does `sum` compare with `k` this way?
    pub(crate) fn holds(self, sum: usize, k: usize) -> bool {
        match self {
            Cmp::AtMost => sum <= k,
            Cmp::AtLeast => sum >= k,
            Cmp::Exactly => sum == k,
        }
    }

    /// `(upper, lower)` bounds on a sum whose constant part `constant` is already known; `None`
    /// when the constant alone breaks the bound.
    fn bounds(self, k: usize, constant: usize) -> Option<(Option<usize>, Option<usize>)> {
        let lower = || Some(k.saturating_sub(constant)).filter(|&l| l > 0);
        Some(match self {
            Cmp::AtMost => (Some(k.checked_sub(constant)?), None),
            Cmp::AtLeast => (None, lower()),
            Cmp::Exactly => {
                let rest = k.checked_sub(constant)?;
                (Some(rest), Some(rest))
            }
        })
    }
}

/// A small non-negative number of the model, in either or both of two forms the caller
/// guarantees agree: `terms`, exclusive weighted bits (at most one holds; the number is its
/// weight, 0 when none does), and `at_least`, an order encoding (`at_least[v-1]`: the number is
/// at least v). A plain weighted literal `w * x` is the number with the one term `(x, w)`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Number {
    /// Exclusive weighted bits (empty when the number is given in order encoding only).
    pub terms: Vec<(Bit, usize)>,
    /// Order encoding (empty when the number is given as terms only).
    pub at_least: Vec<Bit>,
}

impl Number {
    /// `weight` when `bit` holds, 0 otherwise.
    pub fn weighted(bit: Bit, weight: usize) -> Number {
        Number {
            terms: vec![(bit, weight)],
            at_least: Vec::new(),
        }
    }

    /// Its value under an assignment: the weight of its true term, or (given in order
    /// encoding only) the number of true order bits.
    pub(crate) fn eval(&self, values: &[usize]) -> usize {
        if self.terms.is_empty() {
            self.at_least.iter().filter(|b| b.eval(values)).count()
        } else {
            self.terms
                .iter()
                .filter(|t| t.0.eval(values))
                .map(|t| t.1)
                .sum()
        }
    }
}

impl Constraint {
    /// Appends the variables a sum, clause or gate constraint mentions (nothing for the
    /// others, whose variables their own variants name).
    pub(crate) fn sum_vars(&self, out: &mut Vec<super::VarId>) {
        let mut bits = |bits: &[Bit]| {
            out.extend(bits.iter().filter_map(|b| match *b {
                Bit::Is { var, .. } => Some(var),
                Bit::Const(_) => None,
            }))
        };
        match self {
            Constraint::Clause(b) | Constraint::AtMostOne(b) | Constraint::ExactlyOne(b) => bits(b),
            Constraint::Count { lits, .. } => bits(lits),
            Constraint::Define { out: o, gate } => {
                bits(&[Bit::var(*o)]);
                match gate {
                    super::Gate::And(b) | super::Gate::Or(b) => bits(b),
                    super::Gate::AndTwoWays { terms, order } => {
                        bits(terms);
                        bits(order);
                    }
                }
            }
            Constraint::Linear { numbers, .. } => {
                for n in numbers {
                    let terms: Vec<Bit> = n.terms.iter().map(|t| t.0).collect();
                    bits(&terms);
                    bits(&n.at_least);
                }
            }
            _ => {}
        }
    }
}

/// Does sum constraint `c` hold for the given values? `None` when `c` is not a sum.
pub(super) fn holds(c: &Constraint, values: &[usize]) -> Option<bool> {
    let count = |lits: &[Bit]| lits.iter().filter(|b| b.eval(values)).count();
    Some(match c {
        Constraint::AtMostOne(lits) => count(lits) <= 1,
        Constraint::ExactlyOne(lits) => count(lits) == 1,
        Constraint::Count { lits, cmp, k } => cmp.holds(count(lits), *k),
        Constraint::Linear { numbers, cmp, k } => {
            cmp.holds(numbers.iter().map(|n| n.eval(values)).sum(), *k)
        }
        _ => return None,
    })
}

/// A sum constraint with its bits resolved to literals and its constants folded: what is left
/// to hand to an encoder.
enum Resolved {
    /// Plain clauses (units from folding, or the empty clause).
    Clauses(Vec<Vec<Lit>>),
    Amo {
        lits: Vec<Lit>,
        exactly: bool,
    },
    Count {
        lits: Vec<Lit>,
        upper: Option<usize>,
        lower: Option<usize>,
    },
    /// Numbers in order encoding, for [`Pb::Tree`].
    Unary {
        leaves: Vec<Vec<Lit>>,
        upper: Option<usize>,
        lower: Option<usize>,
    },
    /// At-most-one groups of weighted literals, after the unit clauses `units`.
    Grouped {
        units: Vec<Lit>,
        groups: Vec<Vec<(Lit, usize)>>,
        upper: Option<usize>,
        lower: Option<usize>,
    },
}

impl Encoded {
    /// Resolves the bits of sum or clause constraint `c` (defining value literals in `cnf`,
    /// where they belong whatever guards the constraint) and folds its constants.
    fn resolve_sum(&mut self, cnf: &mut Cnf, c: &Constraint) -> Resolved {
        let domains = &mut self.domains;
        match c {
            Constraint::Clause(bits) => {
                let (lits, trues) = lits_of(domains, cnf, bits);
                Resolved::Clauses(if trues > 0 { vec![] } else { vec![lits] })
            }
            Constraint::Define { out, gate } => {
                let (is_and, inputs) = gate.form(self.opts.pb);
                let vals: Vec<Val> = inputs.iter().map(|&b| resolve(domains, cnf, b)).collect();
                let mut clauses = Vec::new();
                match resolve(domains, cnf, Bit::var(*out)) {
                    Val::Lit(o) => gate_clauses(o, is_and, &vals, |cl| clauses.push(cl.to_vec())),
                    Val::Const(_) => unreachable!("`out` is a boolean variable"),
                }
                Resolved::Clauses(clauses)
            }
            Constraint::AtMostOne(bits) | Constraint::ExactlyOne(bits) => {
                let exactly = matches!(c, Constraint::ExactlyOne(_));
                let (lits, trues) = lits_of(domains, cnf, bits);
                match (trues, exactly) {
                    (0, _) => Resolved::Amo { lits, exactly },
                    (1, _) => Resolved::Clauses(lits.iter().map(|&l| vec![!l]).collect()),
                    _ => Resolved::Clauses(vec![vec![]]),
                }
            }
            Constraint::Count { lits, cmp, k } => {
                let (lits, trues) = lits_of(domains, cnf, lits);
                match cmp.bounds(*k, trues) {
                    Some((upper, lower)) => Resolved::Count { lits, upper, lower },
                    None => Resolved::Clauses(vec![vec![]]),
                }
            }
            Constraint::Linear { numbers, cmp, k } => {
                let unary =
                    self.opts.pb == Pb::Tree && numbers.iter().all(|n| !n.at_least.is_empty());
                if unary {
                    // Order encoding: true constants come first, false ones last.
                    let mut constant = 0;
                    let leaves: Vec<Vec<Lit>> = numbers
                        .iter()
                        .map(|n| {
                            let vals: Vec<Val> = n
                                .at_least
                                .iter()
                                .map(|&b| resolve(domains, cnf, b))
                                .collect();
                            let fixed = vals.iter().take_while(|&&v| v == Val::Const(true)).count();
                            constant += fixed;
                            vals[fixed..]
                                .iter()
                                .map_while(|v| match v {
                                    Val::Lit(l) => Some(*l),
                                    Val::Const(_) => None,
                                })
                                .collect()
                        })
                        .collect();
                    return match cmp.bounds(*k, constant) {
                        Some((upper, lower)) => Resolved::Unary {
                            leaves,
                            upper,
                            lower,
                        },
                        None => Resolved::Clauses(vec![vec![]]),
                    };
                }
                let mut constant = 0;
                let mut units = Vec::new();
                let mut groups = Vec::with_capacity(numbers.len());
                for n in numbers {
                    if n.terms.is_empty() {
                        // Order bits add up to the number: each its own group of weight 1.
                        for &b in &n.at_least {
                            match resolve(domains, cnf, b) {
                                Val::Const(true) => constant += 1,
                                Val::Const(false) => {}
                                Val::Lit(l) => groups.push(vec![(l, 1)]),
                            }
                        }
                        continue;
                    }
                    let mut group = Vec::with_capacity(n.terms.len());
                    let mut fixed = false;
                    for &(b, w) in &n.terms {
                        match resolve(domains, cnf, b) {
                            Val::Const(true) => {
                                constant += w;
                                fixed = true;
                            }
                            Val::Const(false) => {}
                            Val::Lit(l) => group.push((l, w)),
                        }
                    }
                    if fixed {
                        // the true term excludes the others
                        units.extend(group.into_iter().map(|(l, _)| !l));
                    } else {
                        groups.push(group);
                    }
                }
                match cmp.bounds(*k, constant) {
                    Some((upper, lower)) => Resolved::Grouped {
                        units,
                        groups,
                        upper,
                        lower,
                    },
                    None => Resolved::Clauses(vec![vec![]]),
                }
            }
            _ => unreachable!("not a sum or clause constraint"),
        }
    }

    /// Encodes sum or clause constraint `c` straight into `cnf`.
    pub(super) fn encode_sum(&mut self, cnf: &mut Cnf, c: &Constraint) {
        let r = self.resolve_sum(cnf, c);
        write(cnf, r, self.opts);
    }

    /// Encodes sum or clause constraint `c` into `out`, a scratch formula that takes over the
    /// variable manager of `cnf` while the encoder runs; value literals are defined in `cnf`.
    pub(super) fn encode_sum_apart(&mut self, cnf: &mut Cnf, c: &Constraint) -> Cnf {
        let r = self.resolve_sum(cnf, c);
        let mut out = Cnf {
            vars: std::mem::take(&mut cnf.vars),
            ..Cnf::default()
        };
        write(&mut out, r, self.opts);
        cnf.vars = std::mem::take(&mut out.vars);
        out
    }

    /// `number` when `gate` holds, 0 otherwise, in the form the options' sum encoding reads
    /// (each masked bit costs a reified boolean, so only that form is built).
    pub(crate) fn masked(&mut self, number: &Number, gate: Bit) -> Number {
        let mut out = Number::default();
        if self.opts.pb == Pb::Tree && !number.at_least.is_empty() {
            out.at_least = number.at_least.iter().map(|&b| self.and(gate, b)).collect();
        } else {
            out.terms = number
                .terms
                .iter()
                .map(|&(b, w)| (self.and(gate, b), w))
                .collect();
            if number.terms.is_empty() {
                out.at_least = number.at_least.iter().map(|&b| self.and(gate, b)).collect();
            }
        }
        out
    }
}

/// The literals of `bits` that are not constants, and how many are constant true.
fn lits_of(domains: &mut [Domain], cnf: &mut Cnf, bits: &[Bit]) -> (Vec<Lit>, usize) {
    let mut lits = Vec::with_capacity(bits.len());
    let mut trues = 0;
    for &b in bits {
        match resolve(domains, cnf, b) {
            Val::Const(true) => trues += 1,
            Val::Const(false) => {}
            Val::Lit(l) => lits.push(l),
        }
    }
    (lits, trues)
}

/// Hands a resolved sum to the encoder the options choose.
fn write(cnf: &mut Cnf, r: Resolved, opts: EncodeOptions) {
    match r {
        Resolved::Clauses(clauses) => {
            for cl in clauses {
                cnf.add_clause(&cl);
            }
        }
        Resolved::Amo { lits, exactly } => {
            if exactly {
                amo::exactly_one(cnf, &lits, opts.amo);
            } else {
                amo::at_most_one(cnf, &lits, opts.amo);
            }
        }
        Resolved::Count { lits, upper, lower } => match (upper, lower) {
            (Some(u), Some(l)) if u == l => card::exactly(cnf, &lits, u, opts.card),
            (u, l) => {
                if let Some(u) = u {
                    card::at_most(cnf, &lits, u, opts.card);
                }
                if let Some(l) = l {
                    card::at_least(cnf, &lits, l, opts.card);
                }
            }
        },
        Resolved::Unary {
            leaves,
            upper,
            lower,
        } => {
            if upper.is_some() || lower.is_some() {
                pb::unary_bound(cnf, &leaves, upper, lower);
            }
        }
        Resolved::Grouped {
            units,
            groups,
            upper,
            lower,
        } => {
            for u in units {
                cnf.add_clause(&[u]);
            }
            pb::bound_grouped(cnf, &groups, upper, lower, opts.pb);
        }
    }
}

/// Is `c` one of the constraints this module encodes?
pub(super) fn is_sum(c: &Constraint) -> bool {
    matches!(
        c,
        Constraint::Clause(_)
            | Constraint::Define { .. }
            | Constraint::AtMostOne(_)
            | Constraint::ExactlyOne(_)
            | Constraint::Count { .. }
            | Constraint::Linear { .. }
    )
}
